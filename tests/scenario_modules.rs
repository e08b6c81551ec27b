//! Issues 12 and 22: an expansion is registered once. A made-up one, written in this file and
//! added as one line to a copy of the registry, reads, sets up and checks its own scenario
//! keys, plays its own rule module on the core's hooks, brings its figures, and shows its
//! state through its status, with no change to the loader, runner, CLI or site.

use std::sync::OnceLock;

use carcref::content::{load, ContentFiles};
use carcref::diagnostic::Diagnostics;
use carcref::engine::{
    Decider, Descriptor, Game, Hooks, MeeplePlacement, Refusal, Registry, Report, RuleModule,
    Scope, State, Status, REGISTRY,
};
use carcref::model::{Colour, Corpus, FigureKind, FigureName, FigureShape, MeepleKind, Scenario};
use carcref::scenario::{load_scenario_with, run_with, Report as Played};
use carcref::yaml::Fields;

/// A made-up expansion: `setup: {bonus: 5}` gives every player 5 points once the board is
/// prepared, a step's `tip: 2` gives the player on turn 2 points before the tile is placed,
/// and `expect: {leader: red}` checks who leads.
#[derive(Debug)]
struct Trial;

/// Its rules: no figure may stand on a monastery, and it says so beside the board.
#[derive(Debug, Clone)]
struct TrialRules;

impl RuleModule for TrialRules {
    fn id(&self) -> &'static str {
        TRIAL.id
    }

    fn veto_meeple(&self, _: &State, placement: &MeeplePlacement) -> Option<Refusal> {
        (placement.feature == carcref::model::FeatureKind::Monastery).then(|| {
            Refusal::new(
                "zk.klaster",
                "na klášter zkušební rozšíření figurky nepustí",
            )
        })
    }

    fn status(&self, state: &State) -> Option<Status> {
        Some(Status {
            line: Some(format!("Zkušební rozšíření: hráčů {}", state.players.len())),
            ..Status::default()
        })
    }
}

impl Hooks for Trial {
    /// A bonus for every player.
    type Setup = i32;
    type Board = ();
    type Meeple = ();
    /// A tip for the player on turn.
    type Step = i32;
    /// The player expected to lead.
    type Expect = Colour;

    fn modules(&self, _players: usize, _seed: u64) -> Vec<Box<dyn RuleModule>> {
        vec![Box::new(TrialRules)]
    }

    fn setup(&self, setup: Option<&Fields>, _: &Scope, diags: &mut Diagnostics) -> Option<i32> {
        let bonus = setup?.optional_int_in("bonus", 0..=100, diags)?;
        Some(bonus as i32)
    }

    fn after_board(&self, game: &mut Game, &bonus: &i32, _: &[Colour]) -> Result<(), String> {
        for player in &mut game.state.players {
            player.score += bonus;
        }
        Ok(())
    }

    fn step(&self, step: &Fields, _: &Scope, diags: &mut Diagnostics) -> Option<i32> {
        let tip = step.optional_int_in("tip", 0..=100, diags)?;
        Some(tip as i32)
    }

    fn before_place(
        &self,
        game: &mut Game,
        _: usize,
        &tip: &i32,
        _: &[usize],
        _: &mut dyn Decider,
    ) -> Result<(), Refusal> {
        let player = game.state.turn.player;
        game.state.players[player].score += tip;
        Ok(())
    }

    fn expect(&self, expect: &Fields, scope: &Scope, diags: &mut Diagnostics) -> Option<Colour> {
        let name = expect.optional_str("leader", diags)?;
        let colour = Colour::parse(&name).filter(|c| scope.players.contains(c));
        if colour.is_none() {
            diags.error(
                expect.value_location("leader"),
                None,
                "vede jen hráč scénáře",
            );
        }
        colour
    }

    fn check(&self, game: &Game, expected: &Colour, players: &[Colour], report: Report) {
        let best = game.state.players.iter().map(|p| p.score).max();
        let leaders: Vec<Colour> = players
            .iter()
            .zip(&game.state.players)
            .filter(|(_, p)| Some(p.score) == best)
            .map(|(c, _)| *c)
            .collect();
        report(
            format!("vede {}", expected.czech()),
            leaders == [*expected],
            format!("{leaders:?}"),
        );
    }
}

/// Its own kind of figure, declared here and nowhere else.
const GIANT: MeepleKind = MeepleKind::of(&FigureKind {
    id: "obr",
    weight: 3,
    name: FigureName::Own("obr", "obra"),
    shape: FigureShape::Meeple { scale: 1.6 },
});

const TRIAL: Descriptor = Descriptor {
    id: "zkusebni",
    name: "Zkušební rozšíření",
    expansion: true,
    figure: None,
    status_key: None,
    rule_prefixes: &["zk"],
    rule_keys: &[(
        "zk.klaster",
        "na klášter zkušební rozšíření figurky nepustí",
    )],
    // Three figures a player, one of them a giant.
    figures: &[(MeepleKind::NORMAL, 2), (GIANT, 1)],
    tile_set: None,
    markers: &[],
    levels: &[],
    setup: &["bonus"],
    board: &[],
    meeple: &[],
    step: &["tip"],
    expect: &["leader"],
    cards: &[],
    hooks: &Trial,
};

/// The shipped modules and the trial one.
fn registry() -> Registry {
    static WITH_TRIAL: OnceLock<Vec<&'static Descriptor>> = OnceLock::new();
    WITH_TRIAL.get_or_init(|| {
        let mut all = REGISTRY.to_vec();
        all.push(&TRIAL);
        all
    })
}

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| load(&ContentFiles::embedded()).corpus)
}

fn scenario(leader: &str) -> String {
    format!(
        "title: T\nruleset: zakladni-hra\nexpansions: [zkusebni]\nplayers: [red, blue]\n\
         setup: {{bonus: 5, score: {{blue: 1}}}}\n\
         steps:\n  - place: zh-cesta-rovna\n    at: [1, 0]\n    tip: 2\n\
         expect:\n  score: {{red: 7, blue: 6}}\n  leader: {leader}\n"
    )
}

fn play(registry: Registry, text: &str) -> Result<Played, Vec<String>> {
    let mut diags = Diagnostics::default();
    let loaded = load_scenario_with(registry, "t.yaml", "t.yaml", text, corpus(), &mut diags);
    let scenario: Scenario = loaded.ok_or_else(|| {
        diags
            .into_sorted()
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
    })?;
    run_with(registry, &scenario, corpus()).map_err(|d| vec![d.to_string()])
}

#[test]
fn a_registered_module_reads_sets_up_and_checks_its_own_keys() {
    let report = play(registry(), &scenario("red")).expect("loads and runs");
    let failed: Vec<_> = report.expectations.iter().filter(|e| !e.held).collect();
    assert!(failed.is_empty(), "{failed:?}");
    assert!(report
        .expectations
        .iter()
        .any(|e| e.what == "vede červený" && e.held));
}

#[test]
fn a_registered_module_s_check_can_fail() {
    let report = play(registry(), &scenario("blue")).expect("loads and runs");
    assert!(report
        .expectations
        .iter()
        .any(|e| e.what == "vede modrý" && !e.held));
}

#[test]
fn a_registered_module_s_reader_reports_located_errors() {
    let errors = play(registry(), &scenario("green")).err().expect("refused");
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("t.yaml:") && e.contains("vede jen hráč scénáře")),
        "{errors:?}"
    );
}

#[test]
fn a_registered_module_s_figure_kind_is_read_only_where_it_is_registered() {
    let text = "title: T\nruleset: zakladni-hra\nexpansions: [zkusebni]\nplayers: [red, blue]\n\
                steps:\n  - place: zh-klaster\n    at: [0, 1]\n    meeple: {on: center, kind: obr}\n";
    let mut diags = Diagnostics::default();
    let scenario = load_scenario_with(registry(), "t.yaml", "t.yaml", text, corpus(), &mut diags);
    assert!(scenario.is_some(), "{:?}", diags.into_sorted());
    let errors = play(REGISTRY, text).err().expect("refused");
    assert!(
        errors
            .iter()
            .any(|e| e.contains("neznámý druh `obr` (normal, big, guard)")),
        "{errors:?}"
    );
}

#[test]
fn without_the_module_its_keys_are_unknown() {
    let errors = play(REGISTRY, &scenario("red")).err().expect("refused");
    assert!(
        errors
            .iter()
            .any(|e| e.contains("rozšíření `zkusebni` carcref neověřuje")),
        "{errors:?}"
    );
}

/// The loader and runner name no module: all of that lives behind the registry.
#[test]
fn loader_and_runner_name_no_module() {
    let root = env!("CARGO_MANIFEST_DIR");
    for file in ["src/scenario/read.rs", "src/scenario/run.rs"] {
        let text = std::fs::read_to_string(format!("{root}/{file}")).expect("source");
        let lower = text.to_lowercase();
        for name in [
            "mists",
            "ghost",
            "gift",
            "inns",
            "darky",
            "hostince",
            "duchove-carcassonne",
            "duchove-zamky",
        ] {
            assert!(!lower.contains(name), "{file} names `{name}`");
        }
    }
}

#[test]
fn a_registered_module_plays_its_rules_and_brings_its_figures() {
    let text = "title: T\nruleset: zakladni-hra\nexpansions: [zkusebni]\nplayers: [red, blue]\n\
                steps:\n  - place: zh-klaster\n    at: [0, 1]\n    meeple: {on: center}\n";
    let mut diags = Diagnostics::default();
    let scenario = load_scenario_with(registry(), "t.yaml", "t.yaml", text, corpus(), &mut diags)
        .expect("loads");
    let report = run_with(registry(), &scenario, corpus()).expect("runs");
    let refusal = report.steps[0]
        .refusal
        .as_ref()
        .expect("the trial rules refuse");
    assert_eq!(refusal.rule, "zk.klaster");
    let supply = &report.game.state.players[0].supply;
    assert_eq!(
        (supply.count(MeepleKind::NORMAL), supply.count(GIANT)),
        (2, 1)
    );
    assert_eq!(report.game.state.kind_accusative(GIANT), "obra");
    // The CLI prints each status line under the board's state.
    let lines: Vec<Option<String>> = report
        .game
        .statuses()
        .into_iter()
        .map(|(_, s)| s.line)
        .collect();
    assert!(
        lines.contains(&Some("Zkušební rozšíření: hráčů 2".to_owned())),
        "{lines:?}"
    );
}

/// The cooperative game's descriptor names the levels its level table defines: the registry
/// states them for citations, the table for play, and they must not drift apart.
#[test]
fn the_cooperative_descriptor_lists_the_levels_of_its_table() {
    use carcref::engine::{LEVELS, MISTS_DESCRIPTOR};
    let table: Vec<u8> = LEVELS.iter().map(|l| l.number).collect();
    assert_eq!(MISTS_DESCRIPTOR.levels, table.as_slice());
}
