//! `carcref build` and `carcref tiles --svg` on hostile names and in rough weather (issue 11):
//! nothing is written outside the output folder, concurrent and killed builds leave one
//! complete site, and a build deletes only what an earlier build wrote.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Instant;

use common::{carcref, carcref_command, code, copy_tree, read_tree, repo, resolve, stderr, tags};

type Tree = BTreeMap<PathBuf, Vec<u8>>;

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn minimal() -> PathBuf {
    repo().join("tests/content/valid-minimal")
}

/// Builds `content` (the embedded one when `None`) into `out` and returns what it wrote.
fn build(content: Option<&Path>, out: &Path) -> Tree {
    let mut args = vec!["build", "--out", arg(out)];
    if let Some(content) = content {
        args.extend(["--content", arg(content)]);
    }
    let output = carcref(&args, None);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    read_tree(out)
}

/// Every file and folder under `dir`, relative to it.
fn entries(dir: &Path) -> BTreeSet<PathBuf> {
    let mut found = BTreeSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            found.insert(path.strip_prefix(dir).unwrap().to_path_buf());
            if path.is_dir() && !path.is_symlink() {
                stack.push(path);
            }
        }
    }
    found
}

/// Links from the site's pages to files that are not in it.
fn broken_links(site: &Tree) -> Vec<String> {
    let mut broken = Vec::new();
    for (path, bytes) in site
        .iter()
        .filter(|(p, _)| p.extension() == Some("html".as_ref()))
    {
        let dir = path.parent().unwrap();
        for (tag, attributes) in tags(&String::from_utf8_lossy(bytes)) {
            for key in ["href", "src"] {
                let Some(link) = attributes.get(key) else {
                    continue;
                };
                if link.starts_with("https://") || link.starts_with("mailto:") {
                    continue;
                }
                let file = link.split_once('#').map_or(link.as_str(), |(f, _)| f);
                if file.is_empty() {
                    continue;
                }
                match resolve(dir, file) {
                    Some(target) if site.contains_key(&target) => {}
                    _ => broken.push(format!("{}: <{tag} {key}={link}>", path.display())),
                }
            }
        }
    }
    broken
}

/// A catalog whose one tile is named to climb out of whatever folder it is drawn into.
const ESCAPING_TILES: &str = "set: utek
title: Útěk
tiles:
  - id: ../../escaped
    count: 1
    edges: [F, F, F, F]
    fields:
      - {ports: [N, E, S, W]}
    center: monastery
";

#[test]
fn no_path_leaves_the_output_folder() {
    let temp = tempfile::tempdir().unwrap();
    let content = temp.path().join("content");
    copy_tree(&minimal(), &content);
    fs::create_dir_all(content.join("tiles")).unwrap();
    fs::write(content.join("tiles/utek.yaml"), ESCAPING_TILES).unwrap();

    let validate = carcref(&["validate", "--content", arg(&content)], None);
    assert_eq!(code(&validate), 1, "{}", stderr(&validate));
    let message = stderr(&validate);
    assert!(message.contains("tiles/utek.yaml:4:"), "{message}");
    assert!(message.contains("../../escaped"), "{message}");

    // Deep enough that `../../` from the drawing folder stays inside the temporary folder.
    let site_parent = temp.path().join("w/site");
    let svg_dir = temp.path().join("s/a/b");
    fs::create_dir_all(&site_parent).unwrap();
    fs::create_dir_all(&svg_dir).unwrap();
    let out = site_parent.join("out");
    let built = carcref(
        &["build", "--content", arg(&content), "--out", arg(&out)],
        None,
    );
    let drawn = carcref(
        &["tiles", "--content", arg(&content), "--svg", arg(&svg_dir)],
        None,
    );
    let escaped: Vec<_> = entries(temp.path())
        .into_iter()
        .filter(|p| p.to_string_lossy().contains("escaped"))
        .collect();
    assert!(escaped.is_empty(), "written outside: {escaped:?}");
    assert_eq!(code(&built), 2, "{}", stderr(&built));
    assert_eq!(code(&drawn), 2, "{}", stderr(&drawn));

    // Scenario files named with everything a URL or a file system might take the wrong way,
    // the scenarios index page's own name, and names that slug alike.
    let content = temp.path().join("real");
    copy_tree(&repo().join("content"), &content);
    let scenario = fs::read(content.join("scenarios/zakladni/erb-dva-body.yaml")).unwrap();
    let mut added = 0;
    for name in [
        "a#b",
        "a?b",
        "100%",
        "%2e%2e",
        "back\\slash",
        "new\nline",
        "s mezerou",
        "index",
        "a b",
        "a-b",
        "A-B",
        "Čeština",
        "cestina",
    ] {
        // A file system that refuses a name (a newline, case) simply tests the rest.
        if fs::write(content.join(format!("scenarios/{name}.yaml")), &scenario).is_ok() {
            added += 1;
        }
    }
    assert!(added >= 10, "only {added} scenario files could be made");
    let scenarios = entries(&content.join("scenarios"))
        .iter()
        .filter(|p| p.extension() == Some("yaml".as_ref()))
        .count();
    let site = build(Some(&content), &temp.path().join("web"));
    for path in site.keys() {
        let plain = path.to_str().unwrap().split('/').all(|part| {
            part == ".carcref-site"
                || (part.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
                    && part.bytes().all(|b| {
                        b.is_ascii_lowercase() || b.is_ascii_digit() || b"-._".contains(&b)
                    }))
        });
        assert!(plain, "unsafe page name {path:?}");
    }
    let pages: Vec<_> = site
        .keys()
        .filter(|p| p.starts_with("scenare") && p.extension() == Some("html".as_ref()))
        .collect();
    assert_eq!(
        pages.len(),
        scenarios + 1,
        "one page per scenario and the index"
    );
    let broken = broken_links(&site);
    assert!(broken.is_empty(), "{}", broken.join("\n"));
    let index = String::from_utf8_lossy(&site[Path::new("scenare/index.html")]).into_owned();
    let listed: BTreeSet<String> = tags(&index)
        .into_iter()
        .filter_map(|(_, a)| a.get("href").cloned())
        .filter(|h| h.starts_with("../scenare/") && h != "../scenare/index.html")
        .collect();
    assert_eq!(listed.len(), scenarios, "{listed:?}");
    // Same content, same names.
    assert_eq!(build(Some(&content), &temp.path().join("again")), site);
}

#[test]
fn concurrent_builds_end_with_one_complete_site() {
    let temp = tempfile::tempdir().unwrap();
    let reference = build(None, &temp.path().join("reference"));
    let out = temp.path().join("public");
    build(None, &out);
    for round in 0..10 {
        let children: Vec<_> = (0..2)
            .map(|_| {
                carcref_command(&["build", "--out", arg(&out)], None)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let output = child.wait_with_output().unwrap();
            assert_eq!(code(&output), 0, "round {round}: {}", stderr(&output));
        }
        assert!(
            read_tree(&out) == reference,
            "round {round}: incomplete site"
        );
    }
}

#[test]
fn a_killed_build_leaves_old_or_new_site() {
    let temp = tempfile::tempdir().unwrap();
    let minimal = minimal();
    let full = build(None, &temp.path().join("full"));
    let small = build(Some(&minimal), &temp.path().join("small"));
    let out = temp.path().join("public");
    build(None, &out);
    let time = |content: Option<&Path>| {
        let start = Instant::now();
        build(content, &out);
        start.elapsed()
    };
    let durations = [time(Some(&minimal)), time(None)];

    // Someone reading the site while it is rebuilt must always find it.
    let stop = Arc::new(AtomicBool::new(false));
    let missing = Arc::new(AtomicUsize::new(0));
    let watcher = {
        let (stop, missing, index) = (stop.clone(), missing.clone(), out.join("index.html"));
        thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                if !index.exists() {
                    missing.fetch_add(1, Ordering::Relaxed);
                }
            }
        })
    };
    const STEPS: u32 = 16;
    for step in 0..=STEPS {
        for (kind, content) in [Some(minimal.as_path()), None].into_iter().enumerate() {
            // From at once to a little after an uninterrupted build would have ended.
            let delay = durations[kind] * step * 11 / (STEPS * 10);
            let mut args = vec!["build", "--out", arg(&out)];
            if let Some(content) = content {
                args.extend(["--content", arg(content)]);
            }
            let mut child = carcref_command(&args, None)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap();
            thread::sleep(delay);
            let _ = child.kill();
            child.wait().unwrap();
            assert!(out.is_dir(), "no site after a kill at {delay:?}");
            let tree = read_tree(&out);
            assert!(
                tree == full || tree == small,
                "a kill at {delay:?} left an incomplete site ({} files)",
                tree.len()
            );
        }
    }
    stop.store(true, Ordering::Relaxed);
    watcher.join().unwrap();
    assert_eq!(
        missing.load(Ordering::Relaxed),
        0,
        "the site was gone for a moment"
    );
    // What the killed builds left behind does not stop the next one.
    assert!(build(None, &out) == full);
}

#[test]
fn build_never_deletes_what_it_does_not_own() {
    let temp = tempfile::tempdir().unwrap();

    // The content inside the output folder, even a folder an earlier build wrote.
    let public = temp.path().join("pub");
    build(Some(&minimal()), &public);
    let content = public.join("content");
    copy_tree(&minimal(), &content);
    let before = read_tree(&content);
    for out in [&public, &content] {
        let output = carcref(
            &["build", "--content", arg(&content), "--out", arg(out)],
            None,
        );
        assert_eq!(code(&output), 2, "{}", stderr(&output));
        assert!(
            stderr(&output).contains("složka s obsahem"),
            "{}",
            stderr(&output)
        );
    }
    assert!(read_tree(&content) == before, "the content was touched");

    // Leftovers beside the output that an earlier build did not make.
    let out = temp.path().join("web");
    build(Some(&minimal()), &out);
    let site = read_tree(&out);
    for leftover in [".web.tmp", ".web.old"] {
        let dir = temp.path().join(leftover);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("poznamky.txt"), "moje").unwrap();
    }
    for leftover in [".web.tmp", ".web.old"] {
        let output = carcref(&["build", "--out", arg(&out)], None);
        assert_eq!(code(&output), 2, "{}", stderr(&output));
        assert!(stderr(&output).contains(leftover), "{}", stderr(&output));
        let note = temp.path().join(leftover).join("poznamky.txt");
        assert_eq!(fs::read_to_string(&note).unwrap(), "moje");
        fs::rename(note.parent().unwrap(), temp.path().join(&leftover[1..])).unwrap();
    }
    assert!(read_tree(&out) == site, "a refused build changed the site");

    // A leftover of ours (marked, only files a build listed) goes.
    let ours = temp.path().join(".web.tmp");
    copy_tree(&out, &ours);
    fs::remove_file(ours.join("index.html")).unwrap();
    build(Some(&minimal()), &out);
    assert!(!ours.exists());

    // A file or folder a user put into the built site.
    for (foreign, name) in [
        ("poznamky.txt", "poznamky.txt"),
        ("obrazky/a.png", "obrazky"),
    ] {
        let path = out.join(foreign);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, "moje").unwrap();
        let output = carcref(&["build", "--out", arg(&out)], None);
        assert_eq!(code(&output), 2, "{}", stderr(&output));
        assert!(stderr(&output).contains(name), "{}", stderr(&output));
        assert_eq!(fs::read_to_string(&path).unwrap(), "moje");
        fs::remove_dir_all(out.join(name))
            .or_else(|_| fs::remove_file(out.join(name)))
            .unwrap();
    }
    assert!(read_tree(&out) == site);
}

#[cfg(unix)]
#[test]
fn tiles_svg_writes_only_plain_files_into_its_folder() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("svg");
    fs::create_dir_all(&dir).unwrap();
    let target = temp.path().join("cizi.txt");
    fs::write(&target, "moje").unwrap();
    std::os::unix::fs::symlink(&target, dir.join("zh-klaster.svg")).unwrap();
    let output = carcref(&["tiles", "--svg", arg(&dir)], None);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("zh-klaster.svg"),
        "{}",
        stderr(&output)
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), "moje");
}
