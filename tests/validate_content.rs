//! `carcref validate` on the broken content trees in tests/content/broken: each tree's
//! expect.txt lists the exit code and every located message it must produce, no more, no less.

use crate::common;

use std::fs;
use std::path::Path;

use common::{carcref, code, copy_tree, repo, stderr, stdout};

struct Expectation {
    exit: i32,
    /// Files to generate before running (too large to commit): path and size.
    generate: Vec<(String, usize)>,
    /// (location, entry id or None, message fragment)
    messages: Vec<(String, Option<String>, String)>,
}

fn parse_expectation(text: &str) -> Expectation {
    let mut expectation = Expectation {
        exit: -1,
        generate: Vec::new(),
        messages: Vec::new(),
    };
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if let Some(code) = line.strip_prefix("exit ") {
            expectation.exit = code.parse().unwrap();
        } else if let Some(rest) = line.strip_prefix("generate ") {
            let (path, size) = rest.split_once(' ').unwrap();
            expectation
                .generate
                .push((path.into(), size.parse().unwrap()));
        } else {
            let (location, rest) = line.split_once(' ').unwrap();
            let (id, message) = rest.split_once(' ').unwrap();
            let id = (id != "-").then(|| id.trim_matches(['[', ']']).to_owned());
            expectation
                .messages
                .push((location.into(), id, message.into()));
        }
    }
    expectation
}

fn broken_trees() -> Vec<std::path::PathBuf> {
    let mut trees: Vec<_> = fs::read_dir(repo().join("tests/content/broken"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    trees.sort();
    trees
}

#[test]
fn there_are_at_least_twenty_broken_trees() {
    assert!(broken_trees().len() >= 20, "{}", broken_trees().len());
}

#[test]
fn every_broken_tree_gives_its_located_messages_and_exit_code() {
    let mut failures = Vec::new();
    for tree in broken_trees() {
        let name = tree.file_name().unwrap().to_string_lossy().into_owned();
        let expectation = parse_expectation(&fs::read_to_string(tree.join("expect.txt")).unwrap());
        let work = tempfile::tempdir().unwrap();
        copy_tree(&tree, work.path());
        fs::remove_file(work.path().join("expect.txt")).unwrap();
        for (path, size) in &expectation.generate {
            fs::write(work.path().join(path), "a".repeat(*size)).unwrap();
        }
        let root = work.path().to_string_lossy().into_owned();
        let output = carcref(&["validate", "--content", &root], None);
        let err = stderr(&output);
        if code(&output) != expectation.exit {
            failures.push(format!(
                "{name}: exit {} instead of {}\n{err}",
                code(&output),
                expectation.exit
            ));
        }
        let reported: Vec<&str> = err.lines().filter(|l| l.starts_with(&root)).collect();
        for (location, id, message) in &expectation.messages {
            let prefix = format!("{root}/{location}: ");
            let found = reported.iter().any(|line| {
                let Some(rest) = line.strip_prefix(&prefix) else {
                    return false;
                };
                let rest = match id {
                    Some(id) => match rest.strip_prefix(&format!("[{id}] ")) {
                        Some(rest) => rest,
                        None => return false,
                    },
                    None if rest.starts_with('[') => return false,
                    None => rest,
                };
                rest.contains(message.as_str())
            });
            if !found {
                failures.push(format!(
                    "{name}: missing `{location} {id:?} {message}` in\n{err}"
                ));
            }
        }
        if reported.len() != expectation.messages.len() {
            failures.push(format!(
                "{name}: {} messages instead of {}:\n{err}",
                reported.len(),
                expectation.messages.len()
            ));
        }
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_minimal_valid_tree_is_clean() {
    let output = carcref(
        &["validate", "--content", "tests/content/valid-minimal"],
        None,
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stdout(&output).contains("3 výklady"), "{}", stdout(&output));
}

#[test]
fn a_tree_saved_in_nfd_loads_identically() {
    let nfd = fs::read_to_string(repo().join("tests/content/nfd/glossary.yaml")).unwrap();
    let nfc = fs::read_to_string(repo().join("tests/content/valid-minimal/glossary.yaml")).unwrap();
    assert_ne!(nfd, nfc, "the fixture really is stored in NFD");
    for args in [
        vec!["list", "--json"],
        vec!["show", "dc-mlha-nelze-hodnotit", "--json"],
        vec!["show", "dc-mlha", "--json"],
    ] {
        let run = |dir: &str| {
            let mut full = args.clone();
            full.extend(["--content", dir]);
            carcref(&full, None)
        };
        let from_nfd = run("tests/content/nfd");
        let from_nfc = run("tests/content/valid-minimal");
        assert_eq!(code(&from_nfd), 0, "{}", stderr(&from_nfd));
        assert_eq!(stdout(&from_nfd), stdout(&from_nfc), "{args:?}");
    }
    let validated = carcref(&["validate", "--content", "tests/content/nfd"], None);
    assert_eq!(code(&validated), 0, "{}", stderr(&validated));
}

#[test]
fn the_real_content_validates() {
    let output = carcref(&["validate"], None);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let on_disk = carcref(&["validate", "--content", "content"], None);
    assert_eq!(code(&on_disk), 0, "{}", stderr(&on_disk));
}

#[test]
fn a_missing_content_dir_is_an_input_error() {
    let output = carcref(&["validate", "--content", "no/such/dir"], None);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("no/such/dir"),
        "{}",
        stderr(&output)
    );
    let file = carcref(&["list", "--content", "Cargo.toml"], None);
    assert_eq!(code(&file), 2);
    assert!(stderr(&file).contains("není to složka"));
}

#[test]
fn list_and_show_refuse_broken_content_with_exit_2() {
    let dir = repo().join("tests/content/broken/unknown-field");
    let dir = dir.to_string_lossy();
    for args in [vec!["list"], vec!["show", "dc-mlha"]] {
        let mut full = args.clone();
        full.extend(["--content", &dir]);
        let output = carcref(&full, None);
        assert_eq!(code(&output), 2, "{args:?}");
        assert!(stderr(&output).contains("qestion"));
        assert!(stderr(&output).contains("carcref validate"));
    }
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec!["frobnicate"],
        vec!["list", "--level", "7"],
        vec!["list", "--level", "abc"],
        vec!["list", "--game", "monopoly"],
        vec!["show"],
        vec!["show", "Dized.MoC.9999"],
    ] {
        let output = carcref(&args, None);
        assert_eq!(code(&output), 2, "{args:?}: {}", stderr(&output));
        assert!(!stderr(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn invalid_utf8_argument_is_a_usage_error() {
    use std::os::unix::ffi::OsStrExt;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_carcref"))
        .arg("show")
        .arg(std::ffi::OsStr::from_bytes(b"Dized\xff"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
}

#[test]
fn works_from_any_folder_with_embedded_content() {
    let elsewhere = tempfile::tempdir().unwrap();
    let output = carcref(&["show", "Dized.MoC.0053"], Some(elsewhere.path()));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stdout(&output).contains("Dized.MoC.0053"));
    assert!(Path::new(env!("CARGO_BIN_EXE_carcref")).is_absolute());
}
