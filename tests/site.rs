//! `carcref build`: determinism, atomicity, failing scenarios, links and anchors, the
//! search index's size, and the browser search agreeing with the CLI (analyzer vectors and
//! ranking, run in node).

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use carcref::content::{load, ContentFiles};
use carcref::model::Corpus;
use carcref::search::{AnalyzerChoice, HitKind, SearchIndex, SearchOptions};
use carcref::site::{render, BuildOptions, Site};
use common::{carcref, code, copy_tree, read_tree, repo, resolve, stderr, stdout, tags, Tag};

fn corpus() -> Corpus {
    let loaded = load(&ContentFiles::embedded());
    assert!(loaded.diagnostics.is_empty());
    loaded.corpus
}

fn site() -> Site {
    render(
        &corpus(),
        &BuildOptions {
            allow_failing: false,
        },
    )
    .expect("the real content builds")
    .0
}

fn node() -> Command {
    Command::new(std::env::var("NODE").unwrap_or_else(|_| "node".into()))
}

#[test]
fn two_builds_are_byte_identical() {
    let temp = tempfile::tempdir().unwrap();
    let (a, b) = (temp.path().join("a"), temp.path().join("b"));
    for out in [&a, &b] {
        let output = carcref(&["build", "--out", out.to_str().unwrap()], None);
        assert_eq!(code(&output), 0, "{}", stderr(&output));
    }
    let (first, second) = (read_tree(&a), read_tree(&b));
    assert!(first.len() > 100, "{} files", first.len());
    assert_eq!(
        first.keys().collect::<Vec<_>>(),
        second.keys().collect::<Vec<_>>()
    );
    for (path, bytes) in &first {
        assert!(
            second[path] == *bytes,
            "{} differs between builds",
            path.display()
        );
    }
}

/// A copy of the real content whose scenario `erb-dva-body` expects a wrong score.
fn content_with_failing_scenario(dir: &Path) -> PathBuf {
    let content = dir.join("content");
    copy_tree(&repo().join("content"), &content);
    let scenario = content.join("scenarios/zakladni/erb-dva-body.yaml");
    let text = fs::read_to_string(&scenario).unwrap();
    assert!(text.contains("red: 12"));
    fs::write(&scenario, text.replace("red: 12", "red: 11")).unwrap();
    content
}

#[test]
fn a_failing_scenario_fails_the_build_and_leaves_the_old_site() {
    let temp = tempfile::tempdir().unwrap();
    let out = temp.path().join("public");
    let out_arg = out.to_str().unwrap();
    assert_eq!(code(&carcref(&["build", "--out", out_arg], None)), 0);
    let before = read_tree(&out);

    let content = content_with_failing_scenario(temp.path());
    let content_arg = content.to_str().unwrap();
    let failed = carcref(&["build", "--content", content_arg, "--out", out_arg], None);
    assert_eq!(code(&failed), 1, "{}", stderr(&failed));
    assert!(
        stderr(&failed).contains("scenarios/zakladni/erb-dva-body.yaml"),
        "{}",
        stderr(&failed)
    );
    assert!(
        stderr(&failed).contains("červený má 11 bodů"),
        "{}",
        stderr(&failed)
    );
    assert_eq!(read_tree(&out), before, "the old site must stay as it was");

    // Broken content (an input error) leaves it too.
    fs::write(content.join("games.yaml"), "- id: [\n").unwrap();
    let broken = carcref(&["build", "--content", content_arg, "--out", out_arg], None);
    assert_eq!(code(&broken), 2, "{}", stderr(&broken));
    assert_eq!(read_tree(&out), before);
    let leftovers: Vec<_> = fs::read_dir(temp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.') && n != ".public.lock")
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn allow_failing_builds_and_marks_the_rulings_unverified() {
    let temp = tempfile::tempdir().unwrap();
    let content = content_with_failing_scenario(temp.path());
    let out = temp.path().join("web");
    let output = carcref(
        &[
            "build",
            "--allow-failing",
            "--content",
            content.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("erb-dva-body"),
        "{}",
        stderr(&output)
    );
    assert!(
        stdout(&output).contains("1 neprošlo"),
        "{}",
        stdout(&output)
    );
    let page = fs::read_to_string(out.join("hry/duchove-carcassonne/vyklady.html")).unwrap();
    let ruling = &page[page.find(r#"id="dc-erb-dva-body""#).unwrap()..];
    let ruling = &ruling[..ruling.find("</article>").unwrap()];
    assert!(ruling.contains(r#"class="badge neovereno""#), "{ruling}");
    assert!(ruling.contains("Neověřeno"), "{ruling}");
    let scenario = fs::read_to_string(out.join("scenare/zakladni/erb-dva-body.html")).unwrap();
    assert!(scenario.contains("✘ neplatí"));
}

#[test]
fn the_output_replaces_only_an_earlier_build() {
    let temp = tempfile::tempdir().unwrap();
    let precious = temp.path().join("precious");
    fs::create_dir_all(&precious).unwrap();
    fs::write(precious.join("notes.txt"), "mine").unwrap();
    let output = carcref(&["build", "--out", precious.to_str().unwrap()], None);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(
        fs::read_to_string(precious.join("notes.txt")).unwrap(),
        "mine"
    );
    // An earlier build is replaced whole: files it wrote and the new one lacks disappear.
    let out = temp.path().join("public");
    let out_arg = out.to_str().unwrap();
    assert_eq!(code(&carcref(&["build", "--out", out_arg], None)), 0);
    let stale = out.join("scenare/zakladni/erb-dva-body.html");
    assert!(stale.is_file());
    let minimal = repo().join("tests/content/valid-minimal");
    let content = minimal.to_str().unwrap();
    let rebuilt = carcref(&["build", "--content", content, "--out", out_arg], None);
    assert_eq!(code(&rebuilt), 0, "{}", stderr(&rebuilt));
    assert!(!stale.exists());
    assert!(out.join("index.html").is_file());
}

#[test]
fn every_internal_link_and_anchor_resolves_and_every_page_has_a_title() {
    let site = site();
    let pages: BTreeMap<&String, Vec<Tag>> = site
        .iter()
        .filter(|(path, _)| path.ends_with(".html"))
        .map(|(path, bytes)| (path, tags(std::str::from_utf8(bytes).unwrap())))
        .collect();
    let ids: BTreeMap<String, BTreeSet<String>> = pages
        .iter()
        .map(|(path, tags)| {
            let ids: Vec<String> = tags
                .iter()
                .filter_map(|(_, a)| a.get("id").cloned())
                .collect();
            let unique: BTreeSet<String> = ids.iter().cloned().collect();
            assert_eq!(ids.len(), unique.len(), "duplicate ids in {path}");
            ((*path).clone(), unique)
        })
        .collect();
    let mut checked = 0;
    let mut problems = Vec::new();
    for (path, tags) in &pages {
        let html = std::str::from_utf8(&site[*path]).unwrap();
        assert!(
            html.starts_with("<!DOCTYPE html>\n<html lang=\"cs\">"),
            "{path}"
        );
        // Board pictures name their elements with SVG `<title>`s; the page's own is the
        // head's only one.
        let head = &html[..html.find("</head>").unwrap_or(html.len())];
        assert_eq!(
            common::tags(head)
                .iter()
                .filter(|(t, _)| t == "title")
                .count(),
            1,
            "{path}"
        );
        assert!(
            tags.iter().any(|(t, a)| t == "meta"
                && a.get("name").map(String::as_str) == Some("description")
                && a.get("content").is_some_and(|c| c.len() > 20)),
            "{path} has no description"
        );
        let dir = Path::new(path.as_str()).parent().unwrap();
        for (tag, attributes) in tags {
            for key in ["href", "src"] {
                let Some(link) = attributes.get(key) else {
                    continue;
                };
                if link.starts_with("https://") || link.starts_with("mailto:") {
                    continue;
                }
                assert!(
                    !link.starts_with("http:") && !link.starts_with("//"),
                    "{path}: {link}"
                );
                checked += 1;
                let (file, fragment) = link.split_once('#').unwrap_or((link, ""));
                let target = if file.is_empty() {
                    Some(PathBuf::from(path.as_str()))
                } else {
                    resolve(dir, file)
                };
                let Some(target) = target else {
                    problems.push(format!("{path}: <{tag} {key}={link}> leaves the site"));
                    continue;
                };
                let target = target.to_string_lossy().into_owned();
                if !site.contains_key(&target) {
                    problems.push(format!("{path}: <{tag} {key}={link}> → missing {target}"));
                } else if let Some(packed) = fragment.strip_prefix("s=") {
                    // "Upravit a ověřit": the builder opens the scenario the fragment carries.
                    if target != "situace.html" || !shared_scenario(packed) {
                        problems.push(format!("{path}: <{tag} {key}=…> carries no scenario"));
                    }
                } else if !fragment.is_empty()
                    && !ids.get(&target).is_some_and(|ids| ids.contains(fragment))
                {
                    problems.push(format!("{path}: <{tag} {key}={link}> → no #{fragment}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked > 1000, "only {checked} links checked");
}

#[test]
fn the_link_checker_catches_a_broken_anchor() {
    // The check above must be able to fail: a page with a dangling anchor and file.
    let html = r##"<p id="a"><a href="#b">x</a><a href="nikde.html">y</a></p>"##;
    let links: Vec<String> = tags(html)
        .into_iter()
        .filter_map(|(_, a)| a.get("href").cloned())
        .collect();
    assert_eq!(links, ["#b", "nikde.html"]);
    assert_eq!(
        resolve(Path::new("hry/x"), "../../index.html"),
        Some("index.html".into())
    );
    assert_eq!(resolve(Path::new(""), "../index.html"), None);
}

#[test]
fn every_rules_part_in_the_search_index_links_to_its_subsection_heading() {
    let site = site();
    let script = std::str::from_utf8(&site["assets/search-index.js"]).unwrap();
    let json = script
        .trim()
        .strip_prefix("globalThis.CARCREF_INDEX = ")
        .and_then(|s| s.strip_suffix(';'))
        .expect("the index script sets one global");
    let index: serde_json::Value = serde_json::from_str(json).unwrap();
    let mut anchored = 0;
    for doc in index["docs"].as_array().unwrap() {
        if doc["k"] != "p" {
            assert!(doc.get("a").is_none(), "{doc}");
            continue;
        }
        let title = doc["t"].as_str().unwrap();
        let page = format!("hry/{}/index.html", doc["game"].as_str().unwrap());
        let html = std::str::from_utf8(&site[&page]).unwrap();
        match (title.split_once(" › "), doc["a"].as_str()) {
            (Some((_, subsection)), Some(anchor)) => {
                // The heading the anchor names is the subsection the hit's title names.
                let opening = format!("id=\"{anchor}\">");
                let at = html
                    .find(&opening)
                    .unwrap_or_else(|| panic!("{page} has no #{anchor}"));
                let rest = &html[at + opening.len()..];
                let heading = &rest[..rest.find("</h").unwrap()];
                assert_eq!(heading, subsection, "{page}#{anchor}");
                anchored += 1;
            }
            (None, None) => {}
            (sub, anchor) => panic!("{title}: subsection {sub:?} but anchor {anchor:?}"),
        }
    }
    assert!(anchored > 100, "only {anchored} parts have an anchor");
}

#[test]
fn the_search_index_gzipped_is_at_most_150_kb() {
    let site = site();
    // The index with the analyzer's tables and lemmas: everything the browser search loads.
    let gzipped: usize = ["assets/search-index.js", "assets/czech.js"]
        .iter()
        .map(|path| {
            let mut encoder =
                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            encoder.write_all(&site[*path]).unwrap();
            encoder.finish().unwrap().len()
        })
        .sum();
    // 150 KB read as 150,000 bytes, the stricter of the two readings.
    assert!(gzipped <= 150_000, "{gzipped} bytes gzipped");
    assert!(
        gzipped > 10 * 1024,
        "{gzipped} bytes: the index seems empty"
    );
    // The tables travel without their documentation.
    let tables = String::from_utf8_lossy(&site["assets/czech.js"]).into_owned();
    assert!(tables.contains("\"stopwords\""), "{}", &tables[..200]);
    assert!(!tables.contains("_about\":") && !tables.contains("\"about\":"));
}

#[test]
fn the_site_needs_nothing_from_the_network() {
    for (path, bytes) in &site() {
        let text = String::from_utf8_lossy(bytes);
        for needle in [
            "@import",
            "url(http",
            "src=\"http",
            "src=\"//",
            "fonts.googleapis",
            "cdn.",
        ] {
            assert!(!text.contains(needle), "{path} contains {needle}");
        }
    }
}

#[test]
fn the_service_worker_precaches_every_built_file_and_the_manifest_is_installable() {
    let site = site();
    let worker = std::str::from_utf8(&site["sw.js"]).unwrap();
    let list = worker
        .split_once("const FILES = ")
        .and_then(|(_, rest)| rest.split_once("];"))
        .map(|(list, _)| format!("{list}]"))
        .expect("sw.js has its precache list");
    let listed: BTreeSet<String> = serde_json::from_str(&list).unwrap();
    let built: BTreeSet<String> = site.keys().filter(|p| *p != "sw.js").cloned().collect();
    assert_eq!(listed, built);
    assert!(built.len() > 500, "{} files", built.len());
    let version = worker
        .split_once("const VERSION = '")
        .and_then(|(_, rest)| rest.split_once('\''))
        .map(|(v, _)| v)
        .unwrap();
    assert!(
        version.len() == 16 && version.chars().all(|c| c.is_ascii_hexdigit()),
        "{version}"
    );

    let manifest: serde_json::Value =
        serde_json::from_slice(&site["manifest.webmanifest"]).unwrap();
    assert_eq!(manifest["start_url"], "./index.html");
    assert_eq!(manifest["display"], "standalone");
    assert_eq!(manifest["lang"], "cs");
    for key in ["name", "short_name", "theme_color"] {
        assert!(
            manifest[key].as_str().is_some_and(|v| !v.is_empty()),
            "{key}"
        );
    }
    let icons = manifest["icons"].as_array().unwrap();
    assert!(!icons.is_empty());
    for icon in icons {
        assert!(site.contains_key(icon["src"].as_str().unwrap()), "{icon}");
    }
    for (path, bytes) in site.iter().filter(|(p, _)| p.ends_with(".html")) {
        let html = std::str::from_utf8(bytes).unwrap();
        assert!(
            html.contains("assets/icon.svg\" type=\"image/svg+xml\""),
            "{path}"
        );
        assert!(html.contains("assets/offline.js\"></script>"), "{path}");
    }
}

#[test]
fn the_browser_analyzer_matches_every_rust_test_vector() {
    let temp = tempfile::tempdir().unwrap();
    let output = carcref(&["analyze", "--vectors"], None);
    assert_eq!(code(&output), 0);
    let vectors = temp.path().join("vectors.json");
    fs::write(&vectors, &output.stdout).unwrap();
    let tables = temp.path().join("czech.js");
    fs::write(&tables, carcref::site::tables_script()).unwrap();
    let run = node()
        .arg(repo().join("site/analyzer.test.js"))
        .arg(&vectors)
        .arg(&tables)
        .output()
        .expect("node runs (Node.js 20 is needed for the browser-side tests)");
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(out.contains(" 0 failed"), "{out}");
}

#[derive(serde::Deserialize, Debug)]
struct JsResults {
    hits: Vec<JsHit>,
    relaxed: bool,
    answered: bool,
    suggestions: Vec<(String, String)>,
    #[serde(rename = "notCovered")]
    not_covered: Vec<String>,
}

#[derive(serde::Deserialize, Debug)]
struct JsHit {
    kind: String,
    id: String,
    score: f64,
    snippet: String,
}

/// Runs the built site's browser search in node on these queries.
fn js_search(site: &Site, queries: &[serde_json::Value]) -> Vec<JsResults> {
    let temp = tempfile::tempdir().unwrap();
    for (path, bytes) in site.iter().filter(|(p, _)| p.starts_with("assets/")) {
        let target = temp.path().join(path);
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::write(target, bytes).unwrap();
    }
    let file = temp.path().join("queries.json");
    fs::write(&file, serde_json::to_vec(queries).unwrap()).unwrap();
    let run = node()
        .arg(repo().join("tests/js/rank.js"))
        .arg(temp.path())
        .arg(&file)
        .output()
        .expect("node runs");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    serde_json::from_slice(&run.stdout).unwrap()
}

#[test]
fn browser_ranking_agrees_with_the_cli() {
    let corpus = corpus();
    let index = SearchIndex::build(&corpus, AnalyzerChoice::Czech).unwrap();
    // Every query set, tuning and held-out.
    let cases: Vec<_> = [
        "tests/search/queries.yaml",
        "tests/search/fresh-tuning.yaml",
        "tests/search/answered-tuning.yaml",
        "tests/search/situations-tuning.yaml",
        "tests/search/definitions-tuning.yaml",
        "tests/search/na-tuning.yaml",
        "tests/search/game-words-tuning.yaml",
        "tests/search/situations-tuning-2.yaml",
        "tests/search/answered-tuning-2.yaml",
        "tests/search/expansions-tuning.yaml",
        "tests/search/slang-tuning.yaml",
        "tests/search/boundary-tuning.yaml",
        "tests/search/na-tuning-2.yaml",
        "tests/search/situations-tuning-3.yaml",
        "tests/search/which-game-tuning.yaml",
        "tests/search/silent-tuning.yaml",
        "tests/search/silent-tuning-2.yaml",
        "tests/search/patterns-answerable-tuning.yaml",
        "tests/search/which-game-tuning-2.yaml",
        "tests/search/silent-tuning-3.yaml",
        "tests/search/gaps-tuning.yaml",
        "tests/search/silent-tuning-4.yaml",
        "tests/search/silent-tuning-5.yaml",
        "tests/search/gaps-tuning-2.yaml",
        "tests/search/gaps-tuning-3.yaml",
        "tests/search/silent-tuning-6.yaml",
        "tests/search/why-tuning.yaml",
        "tests/search/outside-tuning.yaml",
        "tests/search/situations-tuning-4.yaml",
        "tests/search/outside-tuning-2.yaml",
        "tests/search/probe-tuning.yaml",
        "tests/search/probe-tuning-2.yaml",
        "tests/search/probe-tuning-3.yaml",
        "tests/search/probe-tuning-4.yaml",
        "tests/search/probe-tuning-5.yaml",
        "tests/search/probe-tuning-6.yaml",
        "tests/search/probe-tuning-7.yaml",
        "tests/search/probe-tuning-8.yaml",
        "tests/search/probe-tuning-9.yaml",
        "tests/search/probe-tuning-10.yaml",
        "tests/search/probe-tuning-11.yaml",
        "tests/search/probe-tuning-12.yaml",
        "tests/search/probe-tuning-13.yaml",
        "tests/search/probe-tuning-14.yaml",
        "tests/search/probe-tuning-15.yaml",
        "tests/search/unseen.yaml",
        "tests/search/unseen-2.yaml",
        "tests/search/unseen-3.yaml",
        "tests/search/unseen-4.yaml",
        "tests/search/unseen-5.yaml",
        "tests/search/unseen-6.yaml",
        "tests/search/unseen-7.yaml",
        "tests/search/unseen-8.yaml",
        "tests/search/unseen-9.yaml",
        "tests/search/unseen-10.yaml",
        "tests/search/unseen-11.yaml",
        "tests/search/unseen-12.yaml",
        "tests/search/unseen-13.yaml",
        "tests/search/unseen-14.yaml",
        "tests/search/unseen-15.yaml",
        "tests/search/unseen-16.yaml",
        "tests/search/unseen-17.yaml",
        "tests/search/unseen-18.yaml",
        "tests/search/unseen-19.yaml",
        "tests/search/unseen-20.yaml",
        "tests/search/unseen-21.yaml",
        "tests/search/unseen-22.yaml",
        "tests/search/unseen-23.yaml",
        "tests/search/unseen-24.yaml",
        "tests/search/unseen-25.yaml",
        "tests/search/unseen-26.yaml",
        "tests/search/unseen-27.yaml",
        "tests/search/unseen-28.yaml",
        "tests/search/unseen-29.yaml",
        "tests/search/unseen-30.yaml",
        "tests/search/unseen-31.yaml",
        "tests/search/unseen-32.yaml",
        "tests/search/unseen-33.yaml",
        "tests/search/unseen-34.yaml",
        "tests/search/unseen-35.yaml",
        "tests/search/unseen-36.yaml",
        "tests/search/unseen-37.yaml",
        "tests/search/unseen-38.yaml",
        "tests/search/unseen-39.yaml",
        "tests/search/unseen-40.yaml",
        "tests/search/unseen-41.yaml",
        "tests/search/unseen-42.yaml",
        "tests/search/unseen-43.yaml",
        "tests/search/unseen-44.yaml",
        "tests/search/unseen-45.yaml",
        "tests/search/unseen-46.yaml",
        "tests/search/unseen-47.yaml",
        "tests/search/unseen-48.yaml",
        "tests/search/unseen-49.yaml",
        "tests/search/unseen-50.yaml",
        "tests/search/unseen-51.yaml",
        "tests/search/unseen-52.yaml",
        "tests/search/unseen-53.yaml",
        "tests/search/unseen-54.yaml",
        "tests/search/unseen-55.yaml",
        "tests/search/unseen-56.yaml",
        "tests/search/unseen-57.yaml",
        "tests/search/unseen-58.yaml",
        "tests/search/unseen-59.yaml",
        "tests/search/unseen-60.yaml",
    ]
    .iter()
    .flat_map(|set| {
        carcref::search::parse_cases(&fs::read_to_string(repo().join(set)).unwrap()).unwrap()
    })
    .collect();
    assert!(cases.len() >= 250, "{} queries", cases.len());
    let mut queries: Vec<(String, SearchOptions)> = cases
        .iter()
        .map(|c| (c.query.clone(), SearchOptions::default()))
        .collect();
    // Filters, ID forms, nothing to search, and an over-long query.
    for (q, game, level) in [
        ("duch", Some("duchove-carcassonne"), Some(3)),
        ("katedrála město", Some("hostince-a-katedraly"), None),
        ("hřbitov", None, Some(5)),
        ("dc-hrbitov", None, None),
        // Our own ids: no "Mysleli jste …?" for their parts (dzh was once taken for cz).
        ("dzh-hrbitov", None, None),
        ("dc-vice-hrbitovu-jen-jeden-duch", None, None),
        ("Dized.MoC.0027", None, None),
        ("faq 3 mlha", None, None),
        ("a na ve", None, None),
        // Nothing as typed: relaxed to two typos, with suggestions.
        ("hrbytof", None, None),
        ("duchove hrbytof mhla", None, None),
        ("shields joint scoring", None, None),
        ("xyzzy", None, None),
        // A word that asks is no typo, though no text holds it.
        ("Kolikáté rozšíření jsou Hostince a katedrály?", None, None),
        // A word that matches nothing is not offered its opposite ("neexistuje").
        ("existuje nějaká kampaň s duchy", None, None),
        // Words of games carcref does not cover, one and several, beside our own words.
        ("kolik duchů dostane loď", None, None),
        ("ryby, lodě a mušle v jižním moři", None, None),
        ("vlk na louce a víno ve městě", None, None),
        // A named level: ordinals and numbers, with and without the level filter.
        ("co se mění na páté úrovni", None, None),
        ("kolik duchu na petce do banku", None, None),
        ("v posledním levelu se počítá co", None, None),
        ("level 4 duchové v banku", None, None),
        ("úroveň 2 hřbitov", None, Some(2)),
        ("rozdíl mezi úrovní 2 a 3", None, None),
        // A game named by its title, inflected, in English, beside another game's name, and
        // its words apart.
        ("hřbitov v rozšíření Duchové, zámky a hřbitovy", None, None),
        ("kolik bodů za zámek v Duchách Carcassonne", None, None),
        ("big meeple in Inns & Cathedrals", None, None),
        ("dárky s Hostinci a katedrálami", None, None),
        ("duchové na zámcích a hřbitovech", None, None),
    ] {
        queries.push((
            q.to_owned(),
            SearchOptions {
                game: game.map(str::to_owned),
                level,
                limit: 10,
            },
        ));
    }
    queries.push(("duchové hřbitov ".repeat(60), SearchOptions::default()));
    let json: Vec<serde_json::Value> = queries
        .iter()
        .map(|(q, o)| serde_json::json!({"query": q, "game": o.game, "level": o.level, "limit": o.limit}))
        .collect();
    let js = js_search(&site(), &json);
    let mut compared = 0;
    let mut relaxed = 0;
    let mut unanswered = 0;
    let mut not_covered = 0;
    for ((query, options), js_results) in queries.iter().zip(&js) {
        let rust_results = index.search(query, options).unwrap();
        assert_eq!(
            rust_results.relaxed, js_results.relaxed,
            "relaxed for {query:?}"
        );
        relaxed += usize::from(rust_results.relaxed);
        assert_eq!(
            rust_results.answered, js_results.answered,
            "answered for {query:?}"
        );
        unanswered += usize::from(!rust_results.answered);
        assert_eq!(
            rust_results.not_covered, js_results.not_covered,
            "not covered for {query:?}"
        );
        not_covered += usize::from(!rust_results.not_covered.is_empty());
        let rust_suggestions: Vec<(String, String)> = rust_results
            .suggestions
            .iter()
            .map(|s| (s.typed.clone(), s.suggested.clone()))
            .collect();
        assert_eq!(
            rust_suggestions, js_results.suggestions,
            "suggestions for {query:?}"
        );
        let rust = rust_results.hits;
        let js_hits = &js_results.hits;
        let kind = |k: HitKind| match k {
            HitKind::Ruling => "ruling",
            HitKind::Rule => "rule",
        };
        let rust_top: Vec<(&str, &str)> = rust
            .iter()
            .take(3)
            .map(|h| (kind(h.kind), h.id.as_str()))
            .collect();
        let js_top: Vec<(&str, &str)> = js_hits
            .iter()
            .take(3)
            .map(|h| (h.kind.as_str(), h.id.as_str()))
            .collect();
        assert_eq!(rust_top, js_top, "top 3 for {query:?} {options:?}");
        assert_eq!(rust.len(), js_hits.len(), "hits for {query:?}");
        for (r, j) in rust.iter().zip(js_hits) {
            let diff = (f64::from(r.score) - j.score).abs();
            assert!(
                diff <= 1e-3 * f64::from(r.score).abs().max(1.0),
                "{query:?}: {} scores {} in Rust, {} in JS",
                r.id,
                r.score,
                j.score
            );
            assert_eq!(
                r.snippet.marked("[", "]"),
                j.snippet,
                "snippet of {} for {query:?}",
                r.id
            );
            compared += 1;
        }
    }
    assert!(compared > 400, "{compared} hits compared");
    assert!(relaxed >= 2, "{relaxed} relaxed searches compared");
    assert!(
        unanswered >= 10,
        "{unanswered} searches without a direct answer compared"
    );
    assert!(
        not_covered >= 3,
        "{not_covered} searches about games we do not cover compared"
    );
}

#[test]
fn the_situation_builder_and_its_tile_data_are_in_the_site() {
    let corpus = corpus();
    let site = site();
    let page = std::str::from_utf8(&site["situace.html"]).unwrap();
    assert!(page.contains("<h1>Sporná situace</h1>"));
    assert!(page.contains("assets/situace-data.js") && page.contains("assets/situace.js"));
    assert!(site.contains_key("assets/situace.js"));
    let home = std::str::from_utf8(&site["index.html"]).unwrap();
    assert!(
        home.contains("href=\"situace.html\""),
        "the home page links the builder"
    );
    let script = std::str::from_utf8(&site["assets/situace-data.js"]).unwrap();
    let json = script
        .strip_prefix("window.CARCREF_SITUACE = ")
        .and_then(|s| s.trim_end().strip_suffix(';'))
        .expect("the data script sets one global");
    assert!(
        !json.contains("</"),
        "the data cannot end its script element"
    );
    let data: serde_json::Value = serde_json::from_str(json).unwrap();
    let tiles = data["tiles"].as_array().unwrap();
    let expected: Vec<&str> = ["zakladni-hra", "hostince-a-katedraly", "duchove"]
        .iter()
        .flat_map(|set| corpus.tile_set(set).unwrap().tiles.iter())
        .map(|t| t.id.as_str())
        .collect();
    let ids: Vec<&str> = tiles.iter().map(|t| t["id"].as_str().unwrap()).collect();
    assert_eq!(ids[..ids.len() - 1], expected);
    // Last, a tile face down: any side fits it, nothing stands on it, never the disputed move.
    let face_down = tiles.last().unwrap();
    assert_eq!(face_down["id"], "licem-dolu");
    assert_eq!(face_down["edges"], serde_json::json!(["X", "X", "X", "X"]));
    assert_eq!(face_down["spots"], serde_json::json!([]));
    assert_eq!(face_down["board_only"], true);
    for tile in tiles {
        let id = tile["id"].as_str().unwrap();
        let name = tile["name"].as_str().unwrap();
        assert!(
            !name.is_empty() && name != id,
            "{id} has a name for players"
        );
        let svg = tile["svg"].as_str().unwrap();
        assert!(
            svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
            "{id}"
        );
        let edges = tile["edges"].as_array().unwrap();
        assert_eq!(edges.len(), 4, "{id}");
        assert!(
            edges
                .iter()
                .all(|e| ["C", "R", "F", "X"].contains(&e.as_str().unwrap())),
            "{id}"
        );
        let spots = tile["spots"].as_array().unwrap();
        assert!(!spots.is_empty() || id == "licem-dolu", "{id}");
        // Every figure spot names a feature the tile has, as scenarios spell it.
        for spot in spots {
            let on = spot["on"].as_str().unwrap();
            assert!(carcref::model::Spot::parse(on).is_some(), "{id}: {on}");
            assert!(
                carcref::model::FeatureKind::parse(spot["feature"].as_str().unwrap()).is_some()
            );
        }
    }
    let expansions: Vec<&str> = data["expansions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    // Every expansion of the registry, in its order.
    assert_eq!(
        expansions,
        ["hostince-a-katedraly", "duchove-zamky-hrbitovy", "darky"]
    );
    let start = corpus
        .tile_set("zakladni-hra")
        .unwrap()
        .tiles
        .iter()
        .find(|t| t.start)
        .unwrap();
    assert_eq!(data["start"], start.id.as_str());
    // The 2x2 start tile's quarters on their cells (the cooperative game and the competitive
    // Ghosts), and the cooperative game's levels.
    let cooperative = &data["cooperative"];
    assert_eq!(cooperative["id"], "duchove-carcassonne");
    assert_eq!(
        data["start_2x2"],
        serde_json::json!([
            ["du-start-nw", [0, 0]],
            ["du-start-ne", [1, 0]],
            ["du-start-sw", [0, 1]],
            ["du-start-se", [1, 1]]
        ])
    );
    let levels: Vec<u64> = cooperative["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["number"].as_u64().unwrap())
        .collect();
    assert_eq!(
        levels,
        (1..=u64::from(carcref::model::MAX_LEVEL)).collect::<Vec<_>>()
    );
    let fog = tiles
        .iter()
        .find(|t| t["id"] == "du-40-louka-cela-v-mlze")
        .unwrap();
    assert_eq!(
        (fog["ghosts"].clone(), fog["symbols"].clone()),
        (true.into(), 3.into())
    );
    // Czech forms from `czech::NOUNS`, and each game's word for a figure.
    assert_eq!(
        data["nouns"]["duch"],
        serde_json::json!(["duch", "duchové", "duchů"])
    );
    assert_eq!(data["figure"]["duchove-carcassonne"], "strážný");
    assert_eq!(data["figure"]["zakladni-hra"], "družiník");
    for section in &corpus.sections {
        assert_eq!(
            data["sections"][&section.id],
            section.game.as_str(),
            "{}",
            section.id
        );
    }
}

/// Whether a builder link's `#s=` fragment holds a scenario: URL-safe base64 of the deflated
/// YAML (the form of the builder's share links).
fn shared_scenario(packed: &str) -> bool {
    use base64::Engine as _;
    let Ok(bytes) = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(packed) else {
        return false;
    };
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::DeflateDecoder::new(&bytes[..]),
        &mut text,
    )
    .is_ok_and(|_| text.starts_with("title:") && text.contains("\nsteps:"))
}

/// Each glossary term links to the rule sections or subsections that explain it (glossary.yaml
/// `sections`), the same ones a "co je …" search leads with.
#[test]
fn the_glossary_links_each_term_to_the_sections_that_explain_it() {
    let corpus = corpus();
    let site = site();
    let page = std::str::from_utf8(&site["slovnicek.html"]).unwrap();
    for (term, link) in [
        ("strazny", "#dzh-strazny\">Strážný</a> (Duchové, zámky a hřbitovy)"),
        (
            "vystraseni",
            "#dzh-mlha-a-duchove-treti-duch-figurku-vyzene\">Mlha a duchové › Třetí duch figurku vyžene</a>",
        ),
    ] {
        let entry = page
            .split(&format!("<dt id=\"{term}\">"))
            .nth(1)
            .and_then(|rest| rest.split("</dd>").next())
            .unwrap_or_else(|| panic!("the glossary has {term}"));
        assert!(entry.contains(link), "{entry}");
    }
    let linked = corpus.glossary.iter().filter(|e| !e.sections.is_empty());
    assert_eq!(linked.count(), corpus.glossary.len());
}
