//! Refusals that help (issue 12): a tile that does not fit says where, against which
//! neighbour, what meets what and which rotations would fit; a meeple on a spot without a
//! feature is the same verdict with `at` or without.

use crate::common;

use std::path::PathBuf;

use common::{carcref, code, stdout};

/// Writes a scenario of the base game (start tile at [0, 0]) and runs `check` on it.
fn check(name: &str, board: &str, steps: &str) -> (i32, String) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("engine_messages");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.yaml"));
    let text = format!(
        "title: {name}\nruleset: zakladni-hra\nstart: zakladni\nplayers: [red, blue]\n\
         board:\n{board}steps:\n{steps}expect:\n  score: {{red: 0}}\n"
    );
    std::fs::write(&path, text).unwrap();
    let output = carcref(&["check", path.to_str().unwrap()], None);
    (code(&output), stdout(&output))
}

/// The verdict line of the first refused step.
fn verdict(out: &str) -> &str {
    out.lines()
        .find(|l| l.trim_start().starts_with("✘ nelze:"))
        .unwrap_or_else(|| panic!("no verdict in:\n{out}"))
}

const NO_BOARD: &str = "  []\n";

#[test]
fn mismatch_names_side_neighbour_terrains_and_the_one_rotation_that_fits() {
    // A city on the north of the tile, turned away from the start tile's city below it.
    let (exit, out) = check(
        "mesto-odvracene",
        NO_BOARD,
        "  - place: zh-mesto-jedna-strana\n    at: [0, -1]\n    rotation: 0\n",
    );
    assert_eq!(exit, 1, "{out}");
    let line = verdict(&out);
    // Players read the rules section; the key `zh.prilozeni.navaznost` is for `--json`.
    assert!(
        line.ends_with("[pravidla: Základní hra Carcassonne – Průběh tahu]"),
        "{line}"
    );
    assert!(!line.contains("zh.prilozeni"), "{line}");
    assert!(
        line.contains("kartička „město na jedné straně“ na [0, -1] s otočením 0° nenavazuje"),
        "{line}"
    );
    assert!(
        line.contains(
            "na jihu louka narazí na město sousední kartičky „město s rovnou cestou“ na [0, 0]"
        ),
        "{line}"
    );
    assert!(line.contains("sedí tu jen otočení 180°"), "{line}");
}

#[test]
fn mismatch_of_a_road_against_a_city_says_no_rotation_fits() {
    let (exit, out) = check(
        "cesta-do-mesta",
        NO_BOARD,
        "  - place: zh-cesta-rovna\n    at: [0, -1]\n    rotation: 90\n",
    );
    assert_eq!(exit, 1, "{out}");
    let line = verdict(&out);
    assert!(
        line.contains(
            "na jihu cesta narazí na město sousední kartičky „město s rovnou cestou“ na [0, 0]"
        ),
        "{line}"
    );
    assert!(line.contains("žádné otočení tu nesedí"), "{line}");
}

#[test]
fn mismatch_lists_every_rotation_that_fits() {
    // A straight road east of a straight road, turned across it: 0° and 180° would fit.
    let (exit, out) = check(
        "cesta-napric",
        "  - tile: zh-cesta-rovna\n    at: [1, 0]\n    rotation: 0\n",
        "  - place: zh-cesta-rovna\n    at: [2, 0]\n    rotation: 90\n",
    );
    assert_eq!(exit, 1, "{out}");
    let line = verdict(&out);
    assert!(
        line.contains("na západě louka narazí na cestu sousední kartičky „rovná cesta“ na [1, 0]"),
        "{line}"
    );
    assert!(line.contains("sedí tu otočení 0° a 180°"), "{line}");
}

#[test]
fn mismatch_on_two_sides_names_both_neighbours() {
    // Fields on the south and west of [1, -1]; a bend with roads there clashes twice.
    let board = "  - tile: zh-cesta-rovna\n    at: [1, 0]\n    rotation: 0\n\
                 \x20 - tile: zh-mesto-jedna-strana\n    at: [0, -1]\n    rotation: 180\n";
    let (exit, out) = check(
        "zatacka-dvakrat",
        board,
        "  - place: zh-cesta-zatacka\n    at: [1, -1]\n    rotation: 0\n",
    );
    assert_eq!(exit, 1, "{out}");
    let line = verdict(&out);
    assert!(
        line.contains(
            "na jihu cesta narazí na louku sousední kartičky „rovná cesta“ na [1, 0]; \
             na západě cesta narazí na louku sousední kartičky „město na jedné straně“ na [0, -1]"
        ),
        "{line}"
    );
    assert!(line.contains("sedí tu jen otočení 180°"), "{line}");
}

#[test]
fn meeple_on_a_spot_without_a_feature_is_the_same_verdict_with_or_without_at() {
    let step = "  - place: zh-cesta-rovna\n    at: [1, 0]\n    rotation: 0\n";
    let (exit_plain, plain) = check(
        "center-bez-at",
        NO_BOARD,
        &format!("{step}    meeple: {{on: center}}\n"),
    );
    let (exit_at, with_at) = check(
        "center-s-at",
        NO_BOARD,
        &format!("{step}    meeple: {{on: center, at: [1, 0]}}\n"),
    );
    assert_eq!(exit_plain, 1, "{plain}");
    assert_eq!(exit_at, 1, "{with_at}");
    let (plain, with_at) = (verdict(&plain), verdict(&with_at));
    assert_eq!(plain, with_at);
    assert!(
        plain.ends_with("[pravidla: Základní hra Carcassonne – Průběh tahu]"),
        "{plain}"
    );
    assert!(!plain.contains("zh.druzinik"), "{plain}");
    assert!(
        plain.contains("kartička „rovná cesta“ na [1, 0] nemá uprostřed klášter"),
        "{plain}"
    );
}

#[test]
fn a_feature_that_contradicts_the_tile_is_an_input_error_with_or_without_at() {
    let step = "  - place: zh-cesta-rovna\n    at: [1, 0]\n    rotation: 0\n";
    for (name, meeple) in [
        ("feature-bez-at", "{on: E, feature: city}"),
        ("feature-s-at", "{on: E, feature: city, at: [1, 0]}"),
    ] {
        let (exit, out) = check(name, NO_BOARD, &format!("{step}    meeple: {meeple}\n"));
        assert_eq!(exit, 2, "{name}: {out}");
    }
}

#[test]
fn a_road_clearance_without_a_road_names_the_spot_as_scenarios_write_it() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("engine_messages");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("vyklizeni-bez-cesty.yaml");
    let text = "title: vyklizeni bez cesty\nruleset: zakladni-hra\nexpansions: [darky]\n\
                start: zakladni\nplayers: [red, blue]\nsetup:\n  gifts: {red: [vyklizeni-cesty]}\n\
                board:\n  - tile: zh-cesta-rovna\n    at: [1, 0]\n    rotation: 0\n\
                steps:\n  - place: zh-cesta-rovna\n    at: [2, 0]\n    rotation: 0\n\
                \x20   gift: {card: vyklizeni-cesty, at: [1, 0], on: NL}\n\
                expect:\n  rejected: {step: 1, reason: da.vyklizeni}\n";
    std::fs::write(&path, text).unwrap();
    let output = carcref(&["check", path.to_str().unwrap()], None);
    let out = stdout(&output);
    assert_eq!(code(&output), 0, "{out}");
    // The spot as a scenario writes it, not the program's inner name for it.
    assert!(
        out.contains("na místě `NL` kartičky na [1, 0] není cesta"),
        "{out}"
    );
    assert!(!out.contains("Port("), "{out}");
}
