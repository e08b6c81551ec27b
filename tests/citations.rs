//! Citations follow the game played: a rule key cites the section of the game (or expansion)
//! in play and only rulings of those games, in the cooperative game only rulings of the level
//! played (issue 12, item 3).

use crate::common;

use carcref::content::{load, ContentFiles};
use carcref::engine::{emitted_in, rule_keys, Played, MISTS_DESCRIPTOR};

const COOPERATIVE_GAME: &str = MISTS_DESCRIPTOR.id;
use carcref::model::Corpus;
use common::{carcref, code, stderr, stdout};
use serde_json::Value;

fn corpus() -> Corpus {
    let loaded = load(&ContentFiles::embedded());
    assert!(
        loaded.diagnostics.is_empty(),
        "shipped content is valid: {:?}",
        loaded.diagnostics
    );
    loaded.corpus
}

/// Whether a ruling of `game` with `levels` may be cited in `played`.
fn belongs(played: &Played, game: &str, levels: &[u8]) -> bool {
    played.includes(game)
        && (game != COOPERATIVE_GAME || played.level.is_some_and(|level| levels.contains(&level)))
}

#[test]
fn every_rule_key_cites_the_section_and_rulings_of_the_game_and_level_played() {
    let corpus = corpus();
    let mut checked = 0;
    for (key, _) in rule_keys() {
        for played in Played::all() {
            if !emitted_in(key, &played.game, &played.expansions) {
                continue;
            }
            let cited = corpus
                .cite(key, &played.game, &played.expansions, played.level)
                .unwrap_or_else(|| panic!("{key} cites nothing in {}", played.describe()));
            assert!(
                played.includes(&cited.section.game),
                "{key} in {} cites section {} of {}",
                played.describe(),
                cited.section.id,
                cited.section.game
            );
            for ruling in &cited.rulings {
                assert!(
                    belongs(&played, &ruling.game, &ruling.levels),
                    "{key} in {} cites {} ({}, levels {:?})",
                    played.describe(),
                    ruling.id,
                    ruling.game,
                    ruling.levels
                );
            }
            // Nothing the mapping lists for this game and level is left out.
            let mapped = corpus.rule_key(key).expect("every key is mapped");
            let expected = mapped
                .rulings
                .iter()
                .filter_map(|id| corpus.ruling(id))
                .filter(|r| belongs(&played, &r.game, &r.levels))
                .count();
            assert_eq!(
                cited.rulings.len(),
                expected,
                "{key} in {}",
                played.describe()
            );
            checked += 1;
        }
    }
    assert!(
        checked > rule_keys().count(),
        "every key is checked somewhere"
    );
}

/// `carcref check --json` on `path`: each event's and refusal's (rule, section, rulings).
fn cited(path: &str) -> Vec<(String, Option<String>, Vec<String>)> {
    let output = carcref(&["check", "--json", path], None);
    assert!(code(&output) <= 1, "{path}: {}", stderr(&output));
    let report: Value = serde_json::from_str(&stdout(&output)).expect("JSON report");
    let mut out = Vec::new();
    for step in report["steps"].as_array().into_iter().flatten() {
        let events = step["events"].as_array().into_iter().flatten();
        for event in events.chain(step.get("refused").filter(|r| !r.is_null())) {
            out.push((
                event["rule"].as_str().unwrap_or_default().to_owned(),
                event["section"].as_str().map(str::to_owned),
                event["rulings"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|r| r.as_str().map(str::to_owned))
                    .collect(),
            ));
        }
    }
    out
}

#[test]
fn every_shipped_scenario_cites_only_its_games_and_level() {
    let corpus = corpus();
    assert!(!corpus.scenarios.is_empty());
    for scenario in &corpus.scenarios {
        let played = carcref::engine::played(scenario, &corpus);
        let path = format!("content/{}", scenario.path);
        for (rule, section, rulings) in cited(&path) {
            let section = section.unwrap_or_else(|| panic!("{path}: {rule} cites no section"));
            let section = corpus.section(&section).expect("cited section exists");
            assert!(
                played.includes(&section.game),
                "{path}: {rule} cites section {} of {}",
                section.id,
                section.game
            );
            for id in rulings {
                let ruling = corpus.ruling(&id).expect("cited ruling exists");
                assert!(
                    belongs(&played, &ruling.game, &ruling.levels),
                    "{path}: {rule} in {} cites {id} ({}, levels {:?})",
                    played.describe(),
                    ruling.game,
                    ruling.levels
                );
            }
        }
    }
}

#[test]
fn a_level_5_burial_does_not_cite_the_four_tiles_ruling_of_levels_2_to_4() {
    let path = "content/scenarios/duchove-carcassonne/uroven-2-6/zaklety-hrbitov-osm-karticek.yaml";
    let burial = cited(path)
        .into_iter()
        .find(|(rule, _, _)| rule == "dc.hrbitov.pohrbeni")
        .expect("the scenario buries a meeple");
    assert!(
        !burial
            .2
            .iter()
            .any(|r| r == "dc-hrbitov-uzavrou-ctyri-karticky"),
        "{burial:?}"
    );
    assert!(
        burial
            .2
            .iter()
            .any(|r| r == "dc-zaklety-hrbitov-osm-karticek"),
        "{burial:?}"
    );
    let text = stdout(&carcref(&["check", path], None));
    assert!(!text.contains("Dized.MoC.0028"), "{text}");
}

#[test]
fn a_base_game_move_does_not_cite_cooperative_rulings() {
    let path = "content/scenarios/zakladni/cesta-bod-za-karticku.yaml";
    let events = cited(path);
    assert!(events.iter().any(|(rule, _, _)| rule == "zh.prilozeni"));
    for (rule, section, rulings) in &events {
        assert_eq!(section.as_deref(), Some("zh-zakladni-hra"), "{rule}");
        assert!(
            rulings.iter().all(|r| !r.starts_with("dc-")),
            "{rule}: {rulings:?}"
        );
    }
    let text = stdout(&carcref(&["check", path], None));
    assert!(
        !text.contains("Dized.MoC.0055") && !text.contains("Dized.MoC.0056"),
        "{text}"
    );
}

#[test]
fn a_cooperative_move_cites_the_cooperative_turn() {
    let corpus = corpus();
    let cited = corpus
        .cite("zh.prilozeni", COOPERATIVE_GAME, &[], Some(1))
        .expect("cited");
    assert_eq!(cited.section.id, "dc-prubeh-tahu");
    assert!(cited
        .rulings
        .iter()
        .any(|r| r.id == "dc-kazdy-tah-prave-jedna-karticka"));
}

/// The mapping is checked: a key without a section for a game it is emitted in, a
/// subsection the section has no heading for, and a ruling it could never cite, are errors.
#[test]
fn the_mapping_is_validated_per_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let content = dir.path().join("content");
    copy_dir(&common::repo().join("content"), &content);
    let file = content.join("rule-keys.yaml");
    let text = std::fs::read_to_string(&file).expect("rule keys");
    let text = text
        .replace(
            "- {key: zh.prilozeni.mimo, sections: [zh-zakladni-hra#Průběh tahu, dc-prubeh-tahu]}",
            "- {key: zh.prilozeni.mimo, section: zh-zakladni-hra#Průběh tahu}",
        )
        .replace(
            "- {key: zh.vetsina, section: zh-zakladni-hra#Vyhodnocení během hry}",
            "- {key: zh.vetsina, section: zh-zakladni-hra#Hodnocení většiny}",
        )
        .replace(
            "- {key: hk.hostinec, section: hk-hostince}",
            "- {key: hk.hostinec, section: hk-hostince, rulings: [dc-kazdy-tah-prave-jedna-karticka]}",
        );
    std::fs::write(&file, text).expect("write");
    let output = carcref(
        &[
            "validate",
            "--content",
            content.to_str().expect("utf-8 path"),
        ],
        None,
    );
    let all = format!("{}{}", stdout(&output), stderr(&output));
    assert_ne!(code(&output), 0, "{all}");
    assert!(
        all.contains("nemá sekci pro hru duchove-carcassonne"),
        "{all}"
    );
    assert!(
        all.contains("sekce `zh-zakladni-hra` nemá podsekci „Hodnocení většiny“"),
        "{all}"
    );
    assert!(
        all.contains("výklad `dc-kazdy-tah-prave-jedna-karticka` (hra `duchove-carcassonne`) se u klíče `hk.hostinec` nikdy necituje"),
        "{all}"
    );
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir").flatten() {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copy");
        }
    }
}
