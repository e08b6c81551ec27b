//! The cooperative game's score and its dog thresholds (issue 12, item 4): the status shows
//! what the rules keep (the team's track; level 6's counters, dog points included), and a
//! stack emptied short of its dog's threshold loses at the end of that turn (000, level 3).

use crate::common;

use carcref::content::{load, ContentFiles};
use common::{carcref, code, stderr, stdout};
use serde_json::Value;

const DIR: &str = "content/scenarios/duchove-carcassonne/uroven-2-6";

fn check(path: &str) -> (String, Value) {
    let text = carcref(&["check", path], None);
    assert_eq!(code(&text), 0, "{path}: {}{}", stdout(&text), stderr(&text));
    let json = carcref(&["check", "--json", path], None);
    let report = serde_json::from_str(&stdout(&json)).expect("JSON report");
    (stdout(&text), report)
}

fn status_line(text: &str) -> &str {
    text.lines()
        .find(|l| l.starts_with("Stav: "))
        .expect("a status line")
}

#[test]
fn level_6_status_shows_each_colour_counter_with_the_dogs_points() {
    let (text, report) = check(&format!(
        "{DIR}/uroven-6-body-za-psa-na-pocitadle-barvy.yaml"
    ));
    // Blue's counter: 10 before, 4 for the city, 7 for the dog beside blue's meeple.
    assert_eq!(
        status_line(&text),
        "Stav: červený 10 bodů, modrý 21 bodů, zelený 10 bodů"
    );
    assert_eq!(report["scores"]["blue"], 21, "{}", report["scores"]);
}

#[test]
fn below_level_6_the_status_shows_the_team_track_and_no_colour_scores() {
    let (text, report) = check(&format!("{DIR}/pes-priklad-hodnoceni-po-meste.yaml"));
    // 15 + 4 for the city + 5 for the dog; no colour keeps points of its own.
    assert_eq!(status_line(&text), "Stav: počítadlo týmu 24 bodů");
    assert_eq!(report["scores"], serde_json::json!({}));
}

#[test]
fn every_cooperative_scenario_below_level_6_shows_only_the_team_track() {
    let corpus = load(&ContentFiles::embedded()).corpus;
    let mut seen = 0;
    for scenario in &corpus.scenarios {
        let Some(level) = carcref::engine::scenario_level(scenario) else {
            continue;
        };
        if level == 6 {
            continue;
        }
        let path = format!("content/{}", scenario.path);
        let output = carcref(&["check", &path], None);
        let text = stdout(&output);
        let status = status_line(&text);
        assert!(
            status.starts_with("Stav: počítadlo týmu ") && !status.contains(','),
            "{path}: {status}"
        );
        // Nor do the expectations speak of a colour's points.
        let colour_points = text.lines().find(|l| {
            let l = l.trim_start_matches(['✔', '✘', ' ']);
            l.split_once(" má ")
                .is_some_and(|(_, rest)| rest.ends_with(" b.)") || rest.contains(" b. ("))
        });
        assert_eq!(colour_points, None, "{path}");
        seen += 1;
    }
    assert!(seen > 10);
}

fn rules_by_step(report: &Value) -> Vec<Vec<String>> {
    report["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| {
            s["events"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|e| e["rule"].as_str().map(str::to_owned))
                .collect()
        })
        .collect()
}

#[test]
fn a_stack_emptied_short_of_the_threshold_loses_at_the_end_of_that_turn() {
    // The only step draws the stack's last tile and scores 2 points: 14 of 15.
    let (_, report) = check(&format!("{DIR}/prohra-prah-na-konci-tahu.yaml"));
    assert_eq!(report["mists"]["outcome"], "lost");
    assert_eq!(report["mists"]["loss"], "prah");
    let steps = rules_by_step(&report);
    assert_eq!(steps[0].last().map(String::as_str), Some("dc.prohra.prah"));

    // Level 5: the face-down tile at the end of the turn takes the stack's last tile.
    let (_, report) = check(&format!(
        "{DIR}/prohra-prah-rubova-karticka-vycerpa-hromadku.yaml"
    ));
    assert_eq!(report["mists"]["loss"], "prah");
    let steps = rules_by_step(&report);
    assert_eq!(steps[0].last().map(String::as_str), Some("dc.prohra.prah"));

    // The loss is in the turn that emptied the stack, not at the next player's draw.
    let (_, report) = check(&format!("{DIR}/prohra-nesplneny-prah-psa.yaml"));
    let steps = rules_by_step(&report);
    assert!(steps[0].iter().any(|r| r == "dc.prohra.prah"), "{steps:?}");
    assert!(steps[1].is_empty(), "{steps:?}");
}

#[test]
fn a_threshold_reached_with_the_stacks_last_tile_does_not_lose() {
    let (_, report) = check(&format!("{DIR}/prah-splnen-posledni-kartickou.yaml"));
    assert_eq!(report["mists"]["outcome"], "playing");
    assert!(!rules_by_step(&report)
        .iter()
        .flatten()
        .any(|r| r == "dc.prohra.prah"));
}

#[test]
fn the_json_lists_each_question_the_team_answered_with_its_options_as_choose_writes_them() {
    let (_, report) =
        check("content/scenarios/duchove-carcassonne/uroven-1/vice-uzemi-volba-zvlast.yaml");
    let decisions = report["steps"][0]["decisions"]
        .as_array()
        .expect("a list of decisions");
    // Two finished features in one move: points for the first, ghosts from [1, 1] for the second.
    assert_eq!(decisions.len(), 2, "{decisions:?}");
    for (decision, chosen) in decisions.iter().zip(["body", "duchy [1, 1]"]) {
        assert_eq!(decision["rule"], "dc.hodnoceni.volba");
        assert!(decision["question"]
            .as_str()
            .is_some_and(|q| q.contains("body")));
        let options = decision["options"].as_array().expect("options");
        let index = decision["chosen"].as_u64().expect("chosen") as usize;
        assert_eq!(options[index]["answer"], chosen, "{decision}");
        assert!(options
            .iter()
            .any(|o| o["answer"] == "duchy [1, 1]" && o["label"] == "duchy z [1, 1]"));
    }
    // A move whose rules ask nothing lists no decisions.
    let (_, quiet) = check("content/scenarios/darky/priklad-4-vyplaceni.yaml");
    let steps = quiet["steps"].as_array().expect("steps");
    assert!(
        steps
            .iter()
            .all(|s| s["decisions"] == serde_json::json!([])),
        "{quiet}"
    );
}
