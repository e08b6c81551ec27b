//! One page per ruling (`vyklady/<id>.html`): its title, description and Open Graph tags
//! come from the question and answer, its verification box agrees with the coverage, every
//! list of rulings links to it, and it says where the ruling comes from without ever
//! showing an ID the source does not give.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use carcref::content::{load, ContentFiles};
use carcref::coverage::{self, Status};
use carcref::model::{Corpus, Provenance, Ruling};
use carcref::site::{render, BuildOptions, Site};
use common::{carcref, code, resolve, stdout, tags};

fn corpus() -> Corpus {
    let loaded = load(&ContentFiles::embedded());
    assert!(loaded.diagnostics.is_empty());
    loaded.corpus
}

fn site(corpus: &Corpus) -> Site {
    render(
        corpus,
        &BuildOptions {
            allow_failing: false,
        },
    )
    .expect("the real content builds")
    .0
}

fn page<'a>(site: &'a Site, path: &str) -> &'a str {
    let bytes = site
        .get(path)
        .unwrap_or_else(|| panic!("{path} is missing"));
    std::str::from_utf8(bytes).unwrap()
}

/// The text inside the first element `name` whose attributes include `attribute`, tags
/// removed and entities decoded by a real tokenizer.
fn text_of(html: &str, name: &str, attribute: Option<(&str, &str)>) -> Option<String> {
    let mut depth = 0usize;
    let mut out = String::new();
    for token in html5gum::Tokenizer::new(html).flatten() {
        match token {
            html5gum::Token::StartTag(tag) => {
                let matches = tag.name.as_slice() == name.as_bytes()
                    && attribute.is_none_or(|(key, value)| {
                        tag.attributes
                            .get(key.as_bytes())
                            .is_some_and(|v| v.as_slice() == value.as_bytes())
                    });
                if depth > 0 && tag.name.as_slice() == name.as_bytes() {
                    depth += 1;
                } else if depth == 0 && matches {
                    depth = 1;
                }
            }
            html5gum::Token::EndTag(tag) if depth > 0 && tag.name.as_slice() == name.as_bytes() => {
                depth -= 1;
                if depth == 0 {
                    return Some(out.split_whitespace().collect::<Vec<_>>().join(" "));
                }
            }
            html5gum::Token::String(text) if depth > 0 => {
                out.push_str(&String::from_utf8_lossy(&text));
            }
            _ => {}
        }
    }
    None
}

fn meta(html: &str, key: &str, name: &str) -> Option<String> {
    tags(html)
        .into_iter()
        .find(|(t, a)| t == "meta" && a.get(key).map(String::as_str) == Some(name))
        .and_then(|(_, a)| a.get("content").cloned())
}

fn page_path(ruling: &Ruling) -> String {
    format!("vyklady/{}.html", ruling.id)
}

/// Anything shaped like a source ruling ID (`Dized.MoC.0051`, `FAQ.MoC.0007`).
fn looks_like_source_id(text: &str) -> bool {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
        .any(|word| word.contains(".MoC.") || word.contains(".moc."))
}

#[test]
fn every_ruling_has_a_page_titled_and_described_by_its_question_and_answer() {
    let corpus = corpus();
    let site = site(&corpus);
    for ruling in &corpus.rulings {
        let path = page_path(ruling);
        let html = page(&site, &path);
        assert_eq!(
            text_of(html, "title", None).as_deref(),
            Some(format!("{} – carcref", ruling.question).as_str()),
            "{path}"
        );
        assert_eq!(
            text_of(html, "h1", None).as_deref(),
            Some(ruling.question.as_str()),
            "{path}"
        );
        let description = meta(html, "name", "description").unwrap_or_default();
        let short = ruling.answer_short.trim_end_matches('.');
        assert!(
            description.starts_with(short) && description.chars().count() > short.len() + 20,
            "{path}: the description starts with the short answer and goes on: {description:?}"
        );
        assert!(
            description.chars().count() <= 201,
            "{path}: {description:?}"
        );
        for markup in ["](", "**", "__", "`", "rule:", "ruling:", "\n", "<", "  "] {
            assert!(
                !description.contains(markup),
                "{path}: {markup:?} in {description:?}"
            );
        }
        assert!(
            !description.contains(&ruling.id),
            "{path}: an internal id in {description:?}"
        );
        assert_eq!(
            meta(html, "property", "og:title").as_deref(),
            Some(ruling.question.as_str()),
            "{path}"
        );
        assert_eq!(
            meta(html, "property", "og:description").as_deref(),
            Some(description.as_str()),
            "{path}"
        );
        assert_eq!(
            meta(html, "property", "og:type").as_deref(),
            Some("article"),
            "{path}"
        );
    }
    let pages = site.keys().filter(|p| p.starts_with("vyklady/")).count();
    assert_eq!(pages, corpus.rulings.len(), "one page per ruling, no more");
}

#[test]
fn the_verification_box_matches_the_coverage() {
    let corpus = corpus();
    let site = site(&corpus);
    let passed = vec![true; corpus.scenarios.len()];
    let entries = coverage::entries(&corpus, &passed, None);
    let mut seen = Vec::new();
    for entry in &entries {
        let ruling = corpus.ruling(&entry.id).unwrap();
        let path = page_path(ruling);
        let html = page(&site, &path);
        let class = match entry.status {
            Status::Verified => "badge overeno",
            Status::Failing => "badge neovereno",
            Status::NonMechanical => "badge neoveritelne",
            Status::OutOfScope => "badge mimo",
            Status::Unlinked => "badge bez-scenare",
        };
        let badges: Vec<String> = tags(html)
            .into_iter()
            .filter_map(|(_, a)| a.get("class").cloned())
            .filter(|c| c.starts_with("badge "))
            .collect();
        assert_eq!(badges, vec![class.to_owned()], "{path}");
        // One scenario: a sentence; several: a list of them in a box.
        let text = text_of(html, "p", Some(("class", class)))
            .or_else(|| text_of(html, "div", Some(("class", class))))
            .unwrap();
        match entry.status {
            Status::Verified => {
                let opening = if entry.scenarios.len() == 1 {
                    "Ověřeno scénářem"
                } else {
                    "Ověřeno scénáři:"
                };
                assert!(text.starts_with(opening), "{path}: {text}");
                // Every verifying scenario is linked from the box, by its title.
                for scenario in &entry.scenarios {
                    let title = &corpus
                        .scenarios
                        .iter()
                        .find(|s| &s.path == scenario)
                        .unwrap()
                        .title;
                    assert!(text.contains(title.as_str()), "{path}: {title}");
                }
            }
            Status::NonMechanical | Status::OutOfScope => {
                let reason = entry.reason.as_deref().unwrap();
                assert!(text.ends_with(reason), "{path}: {text}");
            }
            _ => {}
        }
        if !seen.contains(&entry.status) {
            seen.push(entry.status);
        }
    }
    assert!(seen.contains(&Status::Verified), "{seen:?}");
    assert!(seen.len() > 1, "more than one status is checked: {seen:?}");
}

/// The `href`s of `<a class="...">` on a page, resolved against its folder.
fn links(site: &Site, path: &str, class: Option<&str>) -> Vec<String> {
    let dir = Path::new(path).parent().unwrap();
    tags(page(site, path))
        .into_iter()
        .filter(|(t, a)| {
            t == "a" && class.is_none_or(|c| a.get("class").map(String::as_str) == Some(c))
        })
        .filter_map(|(_, a)| a.get("href").cloned())
        .filter_map(|href| {
            let file = href.split('#').next().unwrap_or_default().to_owned();
            resolve(dir, &file).map(|p| p.to_string_lossy().into_owned())
        })
        .collect()
}

#[test]
fn every_list_of_rulings_links_to_the_ruling_pages() {
    let corpus = corpus();
    let site = site(&corpus);
    let ruling_pages: BTreeSet<String> = corpus.rulings.iter().map(page_path).collect();
    let linked_from = |path: &str| -> BTreeSet<String> {
        links(&site, path, None)
            .into_iter()
            .filter(|l| l.starts_with("vyklady/"))
            .collect()
    };

    // The game's list: each article keeps its anchor and has a permalink to its own page.
    let mut from_lists = BTreeSet::new();
    for game in &corpus.games {
        let path = format!("hry/{}/vyklady.html", game.id);
        let Some(html) = site.get(&path) else {
            continue;
        };
        let html = std::str::from_utf8(html).unwrap();
        let anchors: BTreeSet<String> = tags(html)
            .into_iter()
            .filter(|(t, _)| t == "article")
            .filter_map(|(_, a)| a.get("id").cloned())
            .collect();
        let permalinks = links(&site, &path, Some("permalink"));
        let targets: BTreeSet<String> = permalinks
            .iter()
            .map(|p| {
                p.trim_start_matches("vyklady/")
                    .trim_end_matches(".html")
                    .to_owned()
            })
            .collect();
        assert_eq!(permalinks.len(), anchors.len(), "{path}");
        assert_eq!(
            targets, anchors,
            "{path}: each article links to its own page"
        );
        from_lists.extend(permalinks);
    }
    assert_eq!(from_lists, ruling_pages);

    // Rule sections list their rulings; so do the coverage page and the scenario pages.
    let from_rules: BTreeSet<String> = corpus
        .games
        .iter()
        .flat_map(|g| linked_from(&format!("hry/{}/index.html", g.id)))
        .collect();
    let with_section: BTreeSet<String> = corpus
        .rulings
        .iter()
        .filter(|r| corpus.section(&r.section).is_some())
        .map(page_path)
        .collect();
    assert_eq!(from_rules, with_section);
    assert_eq!(linked_from("pokryti.html"), ruling_pages);
    let from_scenarios: BTreeSet<String> = site
        .keys()
        .filter(|p| p.starts_with("scenare/") && p.ends_with(".html"))
        .flat_map(|p| linked_from(p))
        .collect();
    let verified: BTreeSet<String> = corpus
        .scenarios
        .iter()
        .flat_map(|s| s.rulings.iter())
        .filter_map(|id| corpus.ruling(id))
        .map(page_path)
        .collect();
    assert_eq!(from_scenarios, verified);
    for link in ruling_pages
        .iter()
        .chain(&from_rules)
        .chain(&from_scenarios)
    {
        assert!(site.contains_key(link), "{link}");
    }

    // Search results: every ruling in the index has its page, where app.js sends it.
    let script = page(&site, "assets/search-index.js");
    let json = script
        .trim_start_matches("globalThis.CARCREF_INDEX = ")
        .trim_end()
        .trim_end_matches(';');
    let index: serde_json::Value = serde_json::from_str(json).unwrap();
    let mut indexed = 0;
    for doc in index["docs"].as_array().unwrap() {
        if doc["k"] == "v" {
            let id = doc["id"].as_str().unwrap();
            assert!(site.contains_key(&format!("vyklady/{id}.html")), "{id}");
            indexed += 1;
        }
    }
    assert_eq!(indexed, corpus.rulings.len());
    assert!(page(&site, "assets/app.js")
        .contains("if (hit.kind === 'v') return `vyklady/${encodeURIComponent(hit.id)}.html`;"));
}

#[test]
fn every_ruling_says_where_it_comes_from_and_never_invents_an_id() {
    let corpus = corpus();
    let site = site(&corpus);
    let lists: String = corpus
        .games
        .iter()
        .filter_map(|g| site.get(&format!("hry/{}/vyklady.html", g.id)))
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .collect();
    let mut without_id = 0;
    for ruling in &corpus.rulings {
        let path = page_path(ruling);
        let html = page(&site, &path);
        let provenance = Provenance::of(ruling, &corpus);
        let shown = text_of(html, "dd", Some(("class", "provenance"))).unwrap();
        assert_eq!(shown, provenance.text, "{path}");
        assert!(shown.contains(" v pravidlech "), "{path}: {shown}");
        if let Some(date) = &ruling.date {
            assert!(shown.contains(&format!("({date})")), "{path}: {shown}");
        }
        // The shipped content names the part of the document wherever the source lacks an
        // ID or a date.
        if ruling.source_id.is_none() || ruling.date.is_none() {
            let part = ruling.source_part.as_deref();
            assert!(
                part.is_some_and(|p| shown.to_lowercase().contains(&p.to_lowercase())),
                "{path}"
            );
        }
        match &ruling.source_id {
            Some(id) => assert!(
                shown.starts_with(&format!("ID zdroje {id};")),
                "{path}: {shown}"
            ),
            None => {
                without_id += 1;
                assert!(shown.contains("zdroj neuvádí ID"), "{path}: {shown}");
                let main = text_of(html, "main", None).unwrap();
                assert!(
                    !looks_like_source_id(&main) && !main.contains("ID zdroje"),
                    "{path} shows an ID the source does not give: {main}"
                );
            }
        }
        // The rulings list shows the same line.
        let listed = text_of(&lists, "article", Some(("id", &ruling.id))).unwrap();
        assert!(listed.contains(&provenance.text), "{}: {listed}", ruling.id);
    }
    assert!(without_id > 0);
    assert!(looks_like_source_id("ID Dized.MoC.0051;"));
    assert!(!looks_like_source_id("Otázka k části „Cesta“ (11/2022)"));
}

#[test]
fn show_gives_the_same_provenance_as_the_site() {
    let corpus = corpus();
    for id in [
        "dzh-zamek-u-startovni-karticky",
        "dc-cesta-obsazena-nelze-nasadit",
        "dc-zaklety-hrbitov-osm-karticek",
    ] {
        let ruling = corpus.ruling(id).unwrap();
        let output = carcref(&["show", id], None);
        assert_eq!(code(&output), 0);
        let text = stdout(&output);
        let line = text
            .lines()
            .find(|l| l.starts_with("Zdroj:"))
            .unwrap_or_else(|| panic!("{text}"));
        assert!(
            line.contains(&Provenance::of(ruling, &corpus).text),
            "{id}: {line}"
        );
        if ruling.source_id.is_none() {
            assert!(!looks_like_source_id(line), "{line}");
        }
    }
}
