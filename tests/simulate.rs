//! `carcref simulate`: whole cooperative games, deterministic for a seed, with honest output.

use crate::common;

use common::{carcref, code, stderr, stdout};

#[test]
fn a_seed_gives_the_same_summary_and_another_seed_may_not() {
    let run = |seed: &str| {
        let out = carcref(
            &[
                "simulate",
                "--level",
                "6",
                "--players",
                "2",
                "--games",
                "300",
                "--seed",
                seed,
                "--json",
            ],
            None,
        );
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        serde_json::from_str::<serde_json::Value>(&stdout(&out)).unwrap()
    };
    let first = run("7");
    assert_eq!(first, run("7"));
    assert_eq!(first["games"], 300);
    assert_eq!(first["level"], 6);
    assert_eq!(first["schematic_tiles"], true);
    let losses = ["losses_by_ghosts", "losses_by_tiles", "losses_by_threshold"]
        .iter()
        .map(|k| first[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(losses + first["wins"].as_u64().unwrap(), 300);
    let low = first["win_rate_low"].as_f64().unwrap();
    let high = first["win_rate_high"].as_f64().unwrap();
    let rate = first["win_rate"].as_f64().unwrap();
    assert!(low <= rate && rate <= high && high <= 1.0);
    // Different seeds play different games: some count differs.
    let counts = |v: &serde_json::Value| {
        ["losses_by_ghosts", "losses_by_threshold", "mean_score"].map(|k| v[k].to_string())
    };
    assert!(["8", "9", "10"]
        .iter()
        .any(|s| counts(&run(s)) != counts(&first)));
}

#[test]
fn the_text_summary_is_czech_and_says_the_tiles_are_schematic() {
    let out = carcref(
        &[
            "simulate",
            "--level",
            "1",
            "--players",
            "1",
            "--games",
            "20",
            "--policy",
            "greedy",
        ],
        None,
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Vítězství:") && text.contains("95% interval"),
        "{text}"
    );
    assert!(text.contains("schematické"), "{text}");
    assert!(text.contains("Prohry: došli duchové"), "{text}");
}

#[test]
fn bad_arguments_are_usage_errors() {
    for args in [
        &["simulate", "--level", "7", "--players", "2"][..],
        &["simulate", "--level", "1", "--players", "0"],
        &["simulate", "--level", "1", "--players", "2", "--games", "0"],
        &[
            "simulate",
            "--level",
            "1",
            "--players",
            "2",
            "--policy",
            "smart",
        ],
        &["simulate", "--players", "2"],
    ] {
        let out = carcref(args, None);
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
    }
}
