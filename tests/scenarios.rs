//! Every scenario shipped in content/scenarios is a test: it must hold.

use carcref::content::{load, ContentFiles};

#[test]
fn every_shipped_scenario_holds() {
    let loaded = load(&ContentFiles::embedded());
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let corpus = &loaded.corpus;
    assert!(!corpus.scenarios.is_empty());
    let mut failures = Vec::new();
    for scenario in &corpus.scenarios {
        match carcref::scenario::run(scenario, corpus) {
            Ok(report) => {
                for e in report.expectations.iter().filter(|e| !e.held) {
                    failures.push(format!(
                        "{}: {} (actual: {})",
                        scenario.path, e.what, e.actual
                    ));
                }
                if report.expectations.is_empty() {
                    failures.push(format!(
                        "{}: no expectations, so it verifies nothing",
                        scenario.path
                    ));
                }
            }
            Err(diagnostic) => failures.push(format!("{}: {diagnostic}", scenario.path)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn verify_reports_passed_and_failed() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_carcref"))
        .arg("verify")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.lines()
            .last()
            .is_some_and(|l| l.ends_with(" passed, 0 failed")),
        "{text}"
    );
}

#[test]
fn coverage_lists_every_ruling_with_a_status() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["coverage", "--json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let rulings = json["rulings"].as_array().unwrap();
    assert!(rulings.len() >= 76);
    for r in rulings {
        let status = r["status"].as_str().unwrap();
        assert!([
            "verified",
            "failing",
            "non-mechanical",
            "out-of-scope",
            "unlinked"
        ]
        .contains(&status));
        for key in ["id", "source_id", "game", "scenarios"] {
            assert!(r.get(key).is_some(), "{key} in {r}");
        }
        if status == "non-mechanical" || status == "out-of-scope" {
            assert!(r["reason"].as_str().is_some_and(|s| !s.is_empty()), "{r}");
        }
    }
    let verified = rulings
        .iter()
        .find(|r| r["id"] == "dc-erb-dva-body")
        .unwrap();
    assert_eq!(verified["status"], "verified");
    assert!(verified["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s == "scenarios/zakladni/mesto-s-erbem.yaml"));
}

#[test]
fn every_ruling_of_every_game_is_verified_or_says_why_not() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["coverage", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let rulings = json["rulings"].as_array().unwrap();
    let open: Vec<String> = rulings
        .iter()
        .filter(|r| {
            !matches!(
                r["status"].as_str(),
                Some("verified" | "non-mechanical" | "out-of-scope")
            )
        })
        .map(|r| format!("{} {}", r["id"], r["status"]))
        .collect();
    assert!(open.is_empty(), "{open:?}");
    // Only rulings about expansions outside our four games may be out of scope.
    for r in rulings.iter().filter(|r| r["status"] == "out-of-scope") {
        assert!(
            r["game"] != "duchove-carcassonne",
            "a cooperative ruling is out of scope: {}",
            r["id"]
        );
    }
}

#[test]
fn every_ruling_of_the_cooperative_game_is_verified_or_says_why_not() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["coverage", "--game", "duchove-carcassonne", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let rulings = json["rulings"].as_array().unwrap();
    assert!(rulings.len() >= 60, "{}", rulings.len());
    let open: Vec<String> = rulings
        .iter()
        .filter(|r| !matches!(r["status"].as_str(), Some("verified" | "non-mechanical")))
        .map(|r| format!("{} {}", r["id"], r["status"]))
        .collect();
    assert!(open.is_empty(), "{open:?}");
}
