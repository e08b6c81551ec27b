//! `carcref check` on scenario files: every bad input is a located message with exit 2, an
//! illegal move inside a valid file is a verdict (exit 1), and no input makes it panic.

use crate::common;

use std::fs;

use carcref::content::{load, ContentFiles};
use carcref::diagnostic::Diagnostics;
use carcref::scenario::load_scenario;
use common::{carcref, code, stderr, stdout};
use proptest::prelude::*;

const HEAD: &str = "title: T\nruleset: zakladni-hra\nplayers: [red, blue]\n";

fn check(text: &[u8]) -> (i32, String, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("situace.yaml");
    fs::write(&path, text).unwrap();
    let shown = path.to_string_lossy().into_owned();
    let output = carcref(&["check", &shown], None);
    (code(&output), stdout(&output), stderr(&output), shown)
}

/// (scenario text, expected "line:column", message fragment)
fn bad_cases() -> Vec<(String, &'static str, &'static str)> {
    vec![
        (format!("{HEAD}steps:\n  - place: zh-neni-takova\n    at: [0, -1]\n"), "5:12", "kartička `zh-neni-takova` není v žádném katalogu"),
        (format!("{HEAD}board:\n  - tile: zh-cesta-rovna\n    at: [0, 0]\nsteps: []\n"), "5:5", "na políčku [0, 0] už kartička leží"),
        (format!("{HEAD}steps:\n  - place: zh-cesta-rovna\n    at: [0, 1]\n    rotation: 45\n"), "7:15", "otočení 45 není povolené"),
        (
            format!("{HEAD}board:\n  - tile: zh-cesta-rovna\n    at: [0, 1]\n    meeples: [{{on: center, player: red}}]\nsteps: []\n"),
            "7:16",
            "nemá žádné území",
        ),
        (
            format!("{HEAD}steps:\n  - place: zh-cesta-rovna\n    at: [0, 1]\n    meeple: {{on: N, feature: road}}\n"),
            "7:14",
            "je louka, ne cesta",
        ),
        (format!("{HEAD}steps:\n  - turn: 1\n"), "5:5", "neznámé pole `turn`"),
        ("title: T\nruleset: zakladni-hra\nplayrs: [red]\nsteps: []\n".to_string(), "3:1", "nemysleli jste `players`"),
        (format!("{HEAD}steps:\n  - place: zh-cesta-rovna\n    at: [0, 1, 2]\n"), "6:9", "`at` má tvar [x, y]"),
        (format!("{HEAD}steps:\n  - {{place: zh-cesta-rovna, at: [0, 1]\n"), "6:1", "chyba syntaxe YAML"),
        (format!("{HEAD}players: [red]\nsteps: []\n"), "4:1", "uveden dvakrát"),
        ("title: T\nruleset: darky\nplayers: [red]\nsteps: []\n".to_string(), "2:10", "její pravidla carcref zatím neověřuje"),
        ("title: T\nruleset: duchove-carcassonne\nplayers: [red]\nsteps: []\n".to_string(), "1:1", "potřebují `setup: {level: 1..6}`"),
        ("title: T\nruleset: duchove-carcassonne\nsetup: {level: 7}\nplayers: [red]\nsteps: []\n".to_string(), "3:16", "úroveň 7 neexistuje"),
        (format!("{HEAD}steps: []\nexpect:\n  ghosts: 3\n"), "6:3", "patří jen k pravidlům Duchové Carcassonne (`duchove-carcassonne`)"),
        ("title: T\nruleset: duchove-carcassonne\nsetup: {level: 2, track: {red: 3}}\nplayers: [red]\nsteps: []\n".to_string(), "3:26", "jen úroveň 6"),
        ("title: T\nruleset: duchove-carcassonne\nsetup: {level: 1}\nplayers: [red]\nsteps: []\nexpect: {outcome: remiza}\n".to_string(), "6:19", "neznámý výsledek"),
        (format!("{HEAD}steps: []\nexpect:\n  rejected: {{step: 3, reason: zh.druzinik.obsazeno}}\n"), "6:20", "krok 3 neexistuje"),
        (format!("{HEAD}steps:\n  - place: zh-cesta-rovna\n    at: [500, 0]\n"), "6:9", "souřadnice musí být"),
        ("title: T\nruleset: zakladni-hra\nexpansions: [vez]\nplayers: [red]\nsteps: []\n".to_string(), "3:14", "rozšíření `vez` carcref neověřuje"),
        ("title: T\nruleset: duchove-carcassonne\nsetup: {level: 1}\nexpansions: [darky]\nplayers: [red]\nsteps: []\n".to_string(), "4:14", "se hrají se základní hrou"),
        ("title: T\nruleset: zakladni-hra\nexpansions: [darky]\nplayers: [red]\nsteps:\n  - place: zh-cesta-rovna\n    at: [0, 1]\n    gift: {card: bonbon}\n".to_string(), "8:18", "neznámý dárek `bonbon`"),
        ("title: T\nruleset: zakladni-hra\nexpansions: [darky]\nplayers: [red]\nsteps:\n  - place: zh-cesta-rovna\n    at: [0, 1]\n    gift: {card: vyplaceni, at: [0, 0]}\n".to_string(), "8:12", "potřebuje pole: on"),
        (format!("{HEAD}steps:\n  - place: zh-cesta-rovna\n    at: [0, 1]\n    gift: {{card: koncil, at: [0, 0]}}\n"), "7:5", "patří jen k rozšíření Dárky (`darky`)"),
        (format!("{HEAD}steps: []\nexpect:\n  guards: {{red: 2}}\n"), "6:3", "k rozšíření Duchové, zámky a hřbitovy (`duchove-zamky-hrbitovy`)"),
    ]
}

#[test]
fn bad_scenarios_are_located_input_errors() {
    let mut failures = Vec::new();
    for (text, position, message) in bad_cases() {
        let (exit, _, err, shown) = check(text.as_bytes());
        let expected = format!("{shown}:{position}: ");
        let found = err
            .lines()
            .any(|l| l.starts_with(&expected) && l.contains(message));
        if exit != 2 || !found || err.contains("panicked") {
            failures.push(format!(
                "exit {exit}, wanted `{expected}…{message}` in:\n{err}\n--- for:\n{text}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn unreadable_scenarios_are_input_errors() {
    let (exit, _, err, shown) = check(b"\x89PNG\r\n\x1a\n\x00\x00garbage");
    assert_eq!(exit, 2);
    assert!(
        err.contains(&format!("{shown}:1:1:")) && err.contains("UTF-8"),
        "{err}"
    );
    let missing = carcref(&["check", "no/such/situace.yaml"], None);
    assert_eq!(code(&missing), 2);
    assert!(
        stderr(&missing).contains("no/such/situace.yaml:1:1: soubor nelze přečíst"),
        "{}",
        stderr(&missing)
    );
}

#[test]
fn an_illegal_move_is_a_verdict_not_a_crash() {
    // A tile touching the start tile only by its corner.
    let text = format!("{HEAD}steps:\n  - place: zh-cesta-rovna\n    at: [1, 1]\n");
    let (exit, out, err, _) = check(text.as_bytes());
    assert_eq!(exit, 1, "{out}{err}");
    assert!(
        out.contains("✘ nelze:") && out.contains("nesousedí hranou"),
        "{out}"
    );
    assert!(out.contains("Verdikt: neplatí"), "{out}");
    // The same move expected to be refused: the scenario holds.
    let expected = format!("{text}expect:\n  rejected: {{step: 1, reason: zh.prilozeni.soused}}\n");
    let (exit, out, _, _) = check(expected.as_bytes());
    assert_eq!(exit, 0, "{out}");
}

#[test]
fn check_json_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("plan.svg");
    let output = carcref(
        &[
            "check",
            "content/scenarios/zakladni/mesto-s-erbem.yaml",
            "--json",
            "--svg",
            &svg.to_string_lossy(),
        ],
        None,
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["passed"], true);
    assert_eq!(json["scores"]["red"], 8);
    let scored = json["steps"][1]["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["rule"] == "zh.mesto.hodnoceni")
        .unwrap();
    assert_eq!(scored["section"], "zh-zakladni-hra");
    // The base game cites no ruling of the cooperative game (issue 12).
    assert!(!scored["rulings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r.as_str().is_some_and(|r| r.starts_with("dc-"))));
    let picture = fs::read_to_string(&svg).unwrap();
    assert!(
        picture.starts_with("<svg") && picture.contains("polygon"),
        "city walls are drawn"
    );
}

/// Pieces of scenario syntax, so that random input often gets deep into the loader.
const PIECES: &[&str] = &[
    "title: T\n",
    "ruleset: zakladni-hra\n",
    "players: [red, blue]\n",
    "players: [",
    "steps:\n",
    "board:\n",
    "  - place: zh-cesta-rovna\n",
    "  - tile: zh-klaster\n",
    "    at: [0, -1]\n",
    "    at: [0, 1]\n",
    "    at: [1,",
    "    rotation: 90\n",
    "    rotation: 45\n",
    "    meeple: {on: N}\n",
    "    meeple: [{on: S}, {on: center}]\n",
    "    meeples: [{on: N, player: red}]\n",
    "  - end: game\n",
    "  - pass: zh-cesta-zatacka\n",
    "expect:\n",
    "  score: {red: 3}\n",
    "  rejected: {step: 1, reason: zh.druzinik.obsazeno}\n",
    "start: duchove-2x2\n",
    "start: none\n",
    "    at: [89, 89]\n",
    "    at: [-89, 0]\n",
    "  - tile: licem-dolu\n",
    "  - pass: zh-klaster\n",
    "  - place: {edges: [F, F, F, F], fields: [{ports: [N, E, S, W]}]}\n",
    "    meeple: {on: E, at: [0, 0]}\n",
    "ruleset: duchove-carcassonne\n",
    "setup: {level: 5, track: 14, stacks: [1, 20]}\n",
    "setup: {level: 6, track: {red: 9, blue: 3}}\n",
    "setup: {gift_deck: [koncil, vyber-ze-dvou], gifts: {red: [vyplaceni, zmena-postoje]}}\n",
    "expansions: [duchove-zamky-hrbitovy, hostince-a-katedraly, darky]\n",
    "expansions: [darky]\n",
    "    ghosts: 2\n",
    "    meeples: [{on: S, player: blue, ghosts: 2}]\n",
    "    gift: {card: vyplaceni, at: [0, 0], on: E}\n",
    "    gift: {card: zmena-postoje, at: [0, 0], on: E, to: NL}\n",
    "    gift: {card: koncil, at: [0, -1]}\n",
    "    gift: {card: vyklizeni-cesty, at: [0, 0], on: W}\n",
    "    gift: {card: vyber-ze-dvou, other: zh-klaster}\n",
    "    choose: [body, \"duchy [0, 0]\", \"red [0, 0] EM\"]\n",
    "  - place: du-09-louka-mlha\n",
    "  - tile: du-01-hrbitov-cesta\n",
    "    meeple: {on: center, kind: guard}\n",
    "  ghosts_at: [{at: [0, 0], count: 1}]\n",
    "  outcome: won\n",
    "  guards: {red: 3}\n",
    "  gifts: {red: 1}\n",
    "\t",
    "- ",
    ": ",
    "{",
    "}",
    "[",
    "]",
    "'",
    "\"",
    "&a ",
    "*a",
    "!x ",
    "\u{0}",
    "ř",
];

fn corpus() -> &'static carcref::model::Corpus {
    use std::sync::OnceLock;
    static CORPUS: OnceLock<carcref::model::Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| load(&ContentFiles::embedded()).corpus)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn the_loader_and_runner_never_panic(picks in proptest::collection::vec(0usize..PIECES.len(), 0..40), noise in ".{0,20}") {
        let mut text: String = picks.iter().map(|i| PIECES[*i]).collect();
        text.push_str(&noise);
        let mut diags = Diagnostics::default();
        if let Some(scenario) = load_scenario("x.yaml", "x.yaml", &text, corpus(), &mut diags) {
            let _ = carcref::scenario::run(&scenario, corpus());
        }
        for d in diags.into_sorted() {
            prop_assert!(d.location.line >= 1 && d.location.column >= 1);
        }
    }
}

/// After a Koncil both figures stand in the monastery; `meeples_at` sees each of them, and the
/// step says "obsazený" only when someone was there.
#[test]
fn meeples_at_sees_every_figure_on_one_spot() {
    let scenario = "title: Dva v klášteře
ruleset: zakladni-hra
expansions: [darky]
start: none
players: [red, blue]
setup:
  gifts: {red: [koncil], blue: [koncil]}
board:
  - {tile: zh-klaster, at: [0, 0], rotation: 0, meeples: [{on: center, player: red}]}
  - {tile: zh-klaster, at: [3, 0], rotation: 0}
steps:
  - place: zh-mesto-jedna-strana
    at: [-1, 0]
    rotation: 270
    meeple: none
    player: blue
    gift: {card: koncil, at: [0, 0]}
  - place: zh-mesto-jedna-strana
    at: [4, 0]
    rotation: 90
    meeple: none
    player: red
    gift: {card: koncil, at: [3, 0]}
expect:
  meeples_at:
    - {at: [0, 0], on: center, player: red}
    - {at: [0, 0], on: center, player: blue}
    - {at: [3, 0], on: center, player: red}
";
    let (code, out, err, _) = check(scenario.as_bytes());
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("do kláštera na [0, 0], i když je obsazený"),
        "{out}"
    );
    assert!(out.contains("do kláštera na [3, 0]  ["), "{out}");
    assert!(!out.contains("na [3, 0], i když je obsazený"), "{out}");
}

/// A placement the rules refuse is not made, and neither is the gift opened before it: the
/// card stays in hand, so the next try opens exactly one gift.
#[test]
fn a_refused_placement_undoes_the_gift_opened_before_it() {
    let scenario = "title: Koncil a nepovolené přiložení
ruleset: zakladni-hra
expansions: [darky]
start: none
players: [red, blue]
setup:
  gifts: {red: [koncil, koncil]}
board:
  - {tile: zh-klaster, at: [0, 0], rotation: 0, meeples: [{on: center, player: blue}]}
steps:
  - place: zh-mesto-jedna-strana
    at: [-1, 0]
    rotation: 90
    meeple: none
    player: red
    gift: {card: koncil, at: [0, 0]}
  - place: zh-mesto-jedna-strana
    at: [-1, 0]
    rotation: 270
    meeple: none
    player: red
    gift: {card: koncil, at: [0, 0]}
expect:
  rejected: {step: 1, reason: zh.prilozeni.navaznost}
  gifts: {red: 1}
  meeples_on_board: {red: 1, blue: 1}
";
    let (code, out, err, _) = check(scenario.as_bytes());
    assert_eq!(code, 0, "{out}\n{err}");
}
