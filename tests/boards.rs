//! Issue 14: scenario boards on a phone. The picture is cropped to the tiles, its labels stay
//! readable at 390 px, it draws everything the state holds (dogs, buried meeples, ghosts,
//! face-down tiles, mist) with Czech titles, and its legend names each symbol it uses.

use std::sync::OnceLock;

use carcref::content::{load, ContentFiles};
use carcref::diagnostic::Diagnostics;
use carcref::draw::{board, Board, LABEL, PHONE_BOARD_PX, READABLE_PX};
use carcref::model::Corpus;
use carcref::scenario::{load_scenario, run};

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| load(&ContentFiles::embedded()).corpus)
}

const FIELD: &str = "{edges: [F, F, F, F], fields: [{ports: [N, E, S, W]}]}";

/// The board after a scenario whose tiles are `board` (YAML list items) and whose steps are
/// `steps`.
fn played(board_yaml: &str, steps: &str) -> Board {
    let text = format!(
        "title: Plán\nruleset: duchove-carcassonne\nsetup: {{level: 3, track: 16}}\nstart: none\nplayers: [red, blue]\nboard:\n{board_yaml}steps:\n{steps}"
    );
    let mut diags = Diagnostics::default();
    let scenario = load_scenario(
        "plan.yaml",
        "scenarios/plan.yaml",
        &text,
        corpus(),
        &mut diags,
    )
    .unwrap_or_else(|| panic!("{diags:?}"));
    let report = run(&scenario, corpus()).unwrap_or_else(|d| panic!("{d}"));
    board(&report.game, "Plán", "test")
}

/// A 4×4 board: a graveyard closed by the step, which buries red's meeple; blue's meeple
/// with a dog; a mist with ghosts; a face-down tile.
fn everything() -> Board {
    let tiles = format!(
        "  - tile: {{edges: [F, F, F, F], fields: [{{ports: [N, E, S, W]}}], center: graveyard}}
    at: [0, 0]
  - tile: {{edges: [R, F, R, F], roads: [{{sides: [N, S]}}], fields: [{{ports: [NR, E, SL]}}, {{ports: [SR, W, NL]}}]}}
    at: [-1, 0]
    meeples: [{{on: N, player: red, feature: road}}]
  - tile: {FIELD}
    at: [0, -1]
  - tile: {FIELD}
    at: [1, 0]
  - tile: {{edges: [F, C, F, F], cities: [{{sides: [E]}}], fields: [{{ports: [N, S, W], borders: [0]}}]}}
    at: [2, 1]
    meeples: [{{on: E, player: blue, feature: city, dog: true}}]
  - tile: {{edges: [F, F, F, F], fields: [{{ports: [N, E, S, W]}}], fog: [{{ports: [N, E, S, W], ghosts: 3}}]}}
    at: [2, -1]
    ghosts: 5
  - tile: licem-dolu
    at: [-1, 2]
"
    );
    let steps = format!(
        "  - player: blue\n    place: {FIELD}\n    at: [0, 1]\n    meeple: none\n    choose: [\"red [-1, 0] NM\"]\n"
    );
    played(&tiles, &steps)
}

fn labels(board: &Board) -> Vec<&str> {
    board
        .legend
        .iter()
        .map(|item| item.label.as_str())
        .collect()
}

/// Every `font-size` on the board, in board units.
fn font_sizes(svg: &str) -> Vec<f32> {
    svg.split("font-size=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn the_viewbox_is_the_tiles_bounding_box_and_a_margin() {
    let board = everything();
    // Columns and rows -1 to 2: four tiles of 100 units and a margin of 30 each side.
    assert!(
        board.svg.contains(r#"viewBox="-30 -30 460 460""#),
        "{}",
        &board.svg[..300]
    );
    assert_eq!(board.width, 460);
    // No fixed width forces a page to shrink the picture: its size is one unit to a pixel.
    assert!(board.svg.contains(r#"width="460" height="460""#));
}

#[test]
fn far_flung_tiles_leave_a_narrow_gap_instead_of_empty_columns() {
    let tiles = format!(
        "  - tile: {FIELD}\n    at: [0, 0]\n  - tile: {FIELD}\n    at: [1, 0]\n  - tile: {FIELD}\n    at: [8, 3]\n"
    );
    let board = played(&tiles, "  []\n");
    // Columns 0, 1, a gap for 2–7, 8; rows 0, a gap for 1–2, 3.
    assert!(
        board.svg.contains(r#"viewBox="-30 -30 384 284""#),
        "{}",
        &board.svg[..300]
    );
    assert!(board.svg.contains("vynechané prázdné sloupce 2 až 7"));
    assert!(board.svg.contains("vynechané prázdné řádky 1 až 2"));
    assert!(labels(&board).contains(&"vynechané prázdné sloupce nebo řádky"));
}

#[test]
fn a_single_empty_column_between_tiles_stays_a_tile_wide() {
    let tiles = format!("  - tile: {FIELD}\n    at: [0, 0]\n  - tile: {FIELD}\n    at: [2, 0]\n");
    let board = played(&tiles, "  []\n");
    assert!(board.svg.contains(r#"viewBox="-30 -30 360 160""#));
    assert!(!board.svg.contains("vynechané"));
}

#[test]
fn dogs_buried_meeples_ghosts_and_face_down_tiles_are_drawn_and_in_the_legend() {
    let board = everything();
    for title in [
        "<title>pes u strážného (modrý) na [2, 1]</title>",
        "<title>pohřbený červený strážný na [0, 0]</title>",
        "<title>na [2, -1]: 5 duchů</title>",
        "<title>kartička lícem dolů na [-1, 2]</title>",
        "<title>mlha, symboly duchů: 3</title>",
        "<title>modrý strážný na [2, 1]</title>",
        "<title>hřbitov</title>",
    ] {
        assert!(board.svg.contains(title), "{title} missing");
    }
    // Red's meeple went to the graveyard: it stands nowhere any more.
    assert!(!board.svg.contains("<title>červený strážný"));
    let legend = labels(&board);
    for label in [
        "modrý strážný",
        "pes u strážného",
        "pohřbený červený strážný",
        "duchové na kartičce (číslo: kolik jich je)",
        "kartička lícem dolů",
        "mlha",
        "počet symbolů duchů v mlze",
        "hřbitov",
        "město",
        "cesta",
    ] {
        assert!(legend.contains(&label), "{label} missing in {legend:?}");
    }
    // Only what the board shows: no monastery, no red meeple standing.
    assert!(!legend.contains(&"klášter"), "{legend:?}");
    assert!(!legend.contains(&"červený družiník"), "{legend:?}");
    for item in &board.legend {
        assert!(item.symbol.starts_with("<svg") && item.symbol.contains(r#"aria-hidden="true""#));
    }
}

#[test]
fn labels_of_a_board_four_tiles_wide_are_readable_on_a_phone() {
    let board = everything();
    let sizes = font_sizes(&board.svg);
    assert!(!sizes.is_empty());
    for size in sizes {
        let px = size / board.width as f32 * 390.0;
        assert!(px >= 11.0, "text of {size} units shows at {px:.1} px");
        // The page's padding leaves about 352 px; still readable.
        assert!(size / board.width as f32 * PHONE_BOARD_PX >= READABLE_PX);
    }
    assert!(!board.wide, "a 4-wide board needs no enlarging");
}

#[test]
fn a_wider_board_offers_enlarging() {
    let tiles: String = (0..6)
        .map(|x| format!("  - tile: {FIELD}\n    at: [{x}, 0]\n"))
        .collect();
    let board = played(&tiles, "  []\n");
    assert_eq!(board.width, 660);
    assert!((LABEL as f32) / 660.0 * PHONE_BOARD_PX < READABLE_PX);
    assert!(board.wide);
}
