//! The browser engine (`assets/engine.js`, the library compiled to WebAssembly) gives what the
//! native CLI gives: every shipped scenario's verdict is the JSON of `carcref check --json`
//! (but the scenario's path), in Node and, through the built site, with the boards of
//! `/api/check`; malformed scenarios get the same located messages. Needs Node (`.ci/run`
//! installs what the browser tests need); without it this test fails and says so.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{carcref, code, repo, stderr, stdout};

fn scenario_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scenario_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "yaml") {
            out.push(path);
        }
    }
}

/// Scenario texts, each with what the native CLI prints for it, `scenario` left out.
fn native_verdicts() -> BTreeMap<String, serde_json::Value> {
    let mut files = Vec::new();
    scenario_files(&repo().join("content/scenarios"), &mut files);
    files.sort();
    assert!(files.len() > 100, "the shipped scenarios: {}", files.len());
    files
        .iter()
        .map(|path| {
            let out = carcref(&["check", "--json", path.to_str().unwrap()], None);
            assert!(matches!(code(&out), 0 | 1), "{}", stderr(&out));
            let mut verdict: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
            verdict.as_object_mut().unwrap().remove("scenario");
            let text = std::fs::read_to_string(path).unwrap();
            (text, verdict)
        })
        .collect()
}

#[test]
fn every_shipped_scenario_gets_the_cli_verdict_from_the_webassembly_engine_in_node() {
    let temp = tempfile::tempdir().unwrap();
    let site = temp.path().join("site");
    let built = carcref(&["build", "--out", site.to_str().unwrap()], None);
    assert_eq!(code(&built), 0, "{}", stderr(&built));
    let cases: Vec<serde_json::Value> = native_verdicts()
        .into_iter()
        .map(|(text, verdict)| serde_json::json!({ "text": text, "verdict": verdict }))
        .collect();
    let cases_file = temp.path().join("cases.json");
    std::fs::write(&cases_file, serde_json::to_string(&cases).unwrap()).unwrap();
    let node = std::env::var("NODE").unwrap_or_else(|_| "node".into());
    let run = Command::new(&node)
        .arg(repo().join("tests/js/engine-parity.js"))
        .arg(site.join("assets/engine.js"))
        .arg(&cases_file)
        .output()
        .unwrap_or_else(|e| {
            panic!("Node ({node}) is missing: install Node.js 20 or set NODE: {e}")
        });
    let said = format!("{}{}", stdout(&run), stderr(&run));
    assert!(run.status.success(), "{said}");
    assert!(
        said.contains(&format!("{} scenarios, the same verdicts", cases.len())),
        "{said}"
    );
}
