//! The shipped corpus: every question of the four sources is an entry, source IDs are kept
//! exactly, shared IDs stay visible, and `list`/`show` present them.

use crate::common;

use std::collections::{BTreeSet, HashMap};
use std::fs;

use common::{carcref, code, repo, require_shared, sources_dir, stderr, stdout};
use serde_json::Value;

fn list_json(args: &[&str]) -> Vec<Value> {
    let mut full = vec!["list", "--json"];
    full.extend(args);
    let output = carcref(&full, None);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    serde_json::from_str::<Value>(&stdout(&output))
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

fn source_ids(entries: &[Value]) -> Vec<String> {
    entries
        .iter()
        .filter_map(|e| e["source_id"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn list_json_has_every_question_and_every_source_id() {
    let entries = list_json(&[]);
    assert!(entries.len() >= 76, "{}", entries.len());
    let ids: BTreeSet<String> = source_ids(&entries).into_iter().collect();
    let mut expected: Vec<String> = (1..=4)
        .chain(22..=60)
        .map(|n| format!("Dized.MoC.{n:04}"))
        .collect();
    expected.extend((1..=7).map(|n| format!("FAQ.MoC.{n:04}")));
    for id in &expected {
        assert!(ids.contains(id), "no entry carries {id}");
    }
    let fields = [
        "id",
        "source_id",
        "date",
        "game",
        "levels",
        "section",
        "question",
        "answer_short",
        "answer",
        "tags",
    ];
    for entry in &entries {
        for field in fields {
            assert!(entry.get(field).is_some(), "{field} missing in {entry}");
        }
    }
}

#[test]
fn ids_that_label_several_questions_become_several_entries() {
    let entries = list_json(&[]);
    let mut counts: HashMap<String, usize> = HashMap::new();
    for id in source_ids(&entries) {
        *counts.entry(id).or_default() += 1;
    }
    for (id, n) in [
        ("Dized.MoC.0047", 2),
        ("Dized.MoC.0050", 2),
        ("Dized.MoC.0051", 2),
        ("Dized.MoC.0027", 3),
        ("FAQ.MoC.0007", 2),
    ] {
        assert_eq!(counts.get(id), Some(&n), "{id}");
    }
    let levels_0027: BTreeSet<String> = entries
        .iter()
        .filter(|e| e["source_id"] == "Dized.MoC.0027")
        .map(|e| e["levels"].to_string())
        .collect();
    assert_eq!(
        levels_0027,
        BTreeSet::from(["[2]".into(), "[3]".into(), "[4]".into()])
    );
}

#[test]
fn rulings_without_id_keep_only_what_the_source_gives() {
    let entries = list_json(&[]);
    let date_only = entries
        .iter()
        .filter(|e| e["source_id"].is_null() && !e["date"].is_null())
        .count();
    let nothing = entries
        .iter()
        .filter(|e| e["source_id"].is_null() && e["date"].is_null())
        .count();
    assert!(date_only >= 9, "{date_only}");
    assert!(nothing >= 6, "{nothing}");
}

#[test]
fn show_of_a_shared_id_prints_every_entry() {
    let output = carcref(&["show", "Dized.MoC.0051"], None);
    assert_eq!(code(&output), 0);
    let text = stdout(&output);
    assert!(text.contains("2 otázky"), "{text}");
    assert!(text.contains("cestu"), "road ruling: {text}");
    assert!(text.contains("města"), "city ruling: {text}");
    let json = carcref(&["show", "dized.moc.0027", "--json"], None);
    let entries: Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(entries.as_array().unwrap().len(), 3);
}

#[test]
fn show_prints_question_answer_source_date_levels_and_section() {
    let output = carcref(&["show", "Dized.MoC.0041"], None);
    let text = stdout(&output);
    for label in [
        "Otázka:",
        "Odpověď:",
        "Zdroj:",
        "Dized.MoC.0041",
        "úrovně",
        "Sekce:",
        "dc-mlha-a-duchove",
    ] {
        assert!(text.contains(label), "{label} in {text}");
    }
    let dated = carcref(&["show", "da-vyklizeni-cesty-vraci-vsechny"], None);
    assert!(stdout(&dated).contains("12/2021"), "{}", stdout(&dated));
}

#[test]
fn sections_list_their_rulings() {
    let output = carcref(&["show", "dc-uroven-6"], None);
    assert_eq!(code(&output), 0);
    let text = stdout(&output);
    assert!(text.contains("Výklady k této sekci (2)"), "{text}");
    let section: Value =
        serde_json::from_str(&stdout(&carcref(&["show", "dc-cesty", "--json"], None))).unwrap();
    assert!(section["rulings"].as_array().unwrap().len() >= 4);
}

#[test]
fn list_filters_by_game_and_level() {
    let darky = list_json(&["--game", "darky"]);
    assert_eq!(darky.len(), 3);
    let level5 = list_json(&["--level", "5"]);
    assert!(!level5.is_empty());
    assert!(level5.iter().all(|e| e["game"] == "duchove-carcassonne"
        && e["levels"].as_array().unwrap().iter().any(|l| l == 5)));
    let level2 = list_json(&["--level", "2"]);
    assert!(level2.iter().any(|e| e["source_id"] == "Dized.MoC.0027"));
    assert!(
        level2
            .iter()
            .filter(|e| e["source_id"] == "Dized.MoC.0027")
            .count()
            == 1
    );
    let text = stdout(&carcref(&["list", "--game", "hostince-a-katedraly"], None));
    assert!(text.contains("2 výklady"), "{text}");
}

#[test]
fn every_question_in_the_sources_is_exactly_one_entry() {
    let Some(dir) = sources_dir("every_question_in_the_sources_is_exactly_one_entry") else {
        return;
    };
    let entries = list_json(&[]);
    let documents = [
        ("000", "duchove-carcassonne"),
        ("002", "darky"),
        ("003", "duchove-zamky-hrbitovy"),
        ("004", "hostince-a-katedraly"),
    ];
    let mut total = 0;
    for (prefix, game) in documents {
        let path = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
            .unwrap();
        let text = fs::read_to_string(path).unwrap();
        let question_lines: BTreeSet<u64> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.contains("Otázka:"))
            .map(|(i, _)| i as u64 + 1)
            .collect();
        let mut entry_lines: Vec<u64> = entries
            .iter()
            .filter(|e| e["game"] == game)
            .map(|e| {
                e["source_line"]
                    .as_u64()
                    .expect("every ruling from a source has source_line")
            })
            .collect();
        entry_lines.sort_unstable();
        let unique: BTreeSet<u64> = entry_lines.iter().copied().collect();
        assert_eq!(
            unique.len(),
            entry_lines.len(),
            "{game}: two entries for one question"
        );
        assert_eq!(unique, question_lines, "{game}");
        total += question_lines.len();
        // Every ID the document writes is kept exactly by some entry of its game.
        let ids = source_ids(
            &entries
                .iter()
                .filter(|e| e["game"] == game)
                .cloned()
                .collect::<Vec<_>>(),
        );
        for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.')) {
            let word = word.trim_end_matches('.');
            if (word.starts_with("Dized.MoC.") || word.starts_with("FAQ.MoC.")) && word.len() >= 12
            {
                let in_entries = ids.iter().any(|id| id == word)
                    || entries.iter().any(|e| {
                        e["cites"]
                            .as_array()
                            .is_some_and(|c| c.iter().any(|c| c == word))
                    });
                assert!(in_entries, "{word} from document {prefix}");
            }
        }
    }
    assert_eq!(total, 76);
}

#[test]
fn copycheck_finds_no_copied_text() {
    let Some(tool) = require_shared("copycheck_finds_no_copied_text", "tools/copycheck") else {
        return;
    };
    let output = std::process::Command::new("python3")
        .arg(&tool)
        .current_dir(repo())
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
}
