//! The browser engine (`assets/engine.js`, the library compiled to WebAssembly) gives what the
//! native CLI gives: every shipped scenario's verdict is the JSON of `carcref check --json`
//! (but the scenario's path), in Node and, through the built site, with the boards of
//! `/api/check`; malformed scenarios get the same located messages. Needs Node (`.ci/run`
//! installs what the browser tests need); without it this test fails and says so.

use crate::common;

use std::process::Command;

use common::{carcref, code, native_verdict_cases, repo, stderr, stdout};

#[test]
fn every_shipped_scenario_gets_the_cli_verdict_from_the_webassembly_engine_in_node() {
    let temp = tempfile::tempdir().unwrap();
    let site = temp.path().join("site");
    let built = carcref(&["build", "--out", site.to_str().unwrap()], None);
    assert_eq!(code(&built), 0, "{}", stderr(&built));
    let cases = native_verdict_cases();
    // The in-process verdicts are what the binary prints: a few checked as processes.
    for case in cases.iter().step_by(40) {
        let path = repo().join("content").join(case["path"].as_str().unwrap());
        let out = carcref(&["check", "--json", path.to_str().unwrap()], None);
        let mut printed: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        printed.as_object_mut().unwrap().remove("scenario");
        assert_eq!(printed, case["verdict"], "{}", case["path"]);
    }
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
