//! The base game: `FeatureValues` (`values.rs`) with `BaseGame` (the majority and the final
//! scoring of unfinished features and fields, which the cooperative game has not), and the
//! base game played with any of its expansions.

use std::collections::BTreeSet;

use super::values::FeatureValues;
use super::vocabulary::{player_index, Applied, Descriptor, GameParts, Hooks, Scope};
use crate::diagnostic::Diagnostics;
use crate::engine::core::{Catalog, Decider, FeatureScore, Game, RuleModule, State};
use crate::model::{
    per_player, tiles_cs, Colour, FeatureKind, MeepleKind, Supply, MAX_COUNT, MAX_SCORE,
};
use crate::yaml::Fields;

#[derive(Clone)]
struct BaseGame;

/// The base game's rules: feature values, the majority and the final scoring.
pub fn base_game() -> Vec<Box<dyn RuleModule>> {
    vec![Box::new(FeatureValues), Box::new(BaseGame)]
}

/// The base game's modules with those of `expansions`, and each player's figures; `seed`
/// shuffles what the expansions deal.
pub fn base_with(expansions: &[&Descriptor], players: usize, seed: u64) -> GameParts {
    let mut modules = base_game();
    let mut supply = Supply::of(DESCRIPTOR.figures);
    for expansion in expansions {
        modules.extend(expansion.hooks.modules(players, seed));
        supply = supply.with(expansion.figures);
    }
    (modules, supply)
}

impl RuleModule for BaseGame {
    fn id(&self) -> &'static str {
        DESCRIPTOR.id
    }

    /// Names the majority when more than one player stands on a completed feature.
    fn feature_completed(&mut self, state: &mut State, node: u32, _decider: &mut dyn Decider) {
        let strength = state.strength(node);
        if strength.iter().filter(|s| **s > 0).count() > 1 {
            let names: Vec<String> = strength
                .iter()
                .enumerate()
                .filter(|(_, s)| **s > 0)
                .map(|(p, s)| format!("{} {s}", state.colour_name(p)))
                .collect();
            state.event("zh.vetsina", || {
                format!(
                    "síla družiníků: {}; body bere většina, při rovnosti všichni",
                    names.join(", ")
                )
            });
        }
    }

    fn score_completed(
        &mut self,
        state: &mut State,
        score: &mut FeatureScore,
        _decider: &mut dyn Decider,
    ) {
        if matches!(
            score.kind,
            FeatureKind::Road | FeatureKind::City | FeatureKind::Monastery
        ) {
            score.winners = state.majority(score.node);
        }
    }

    /// Unfinished features at the end: roads 1 per tile, cities 1 per tile and pennant,
    /// monasteries 1 per tile of the 3x3, fields 3 per completed city they touch.
    fn score_unfinished(&mut self, state: &mut State, score: &mut FeatureScore) {
        let component = &state.board.components[score.node as usize];
        let (rule, points, what) = match score.kind {
            FeatureKind::Road => (
                "zh.konec.cesta",
                component.tiles.len() as i32,
                tiles_cs(component.tiles.len()),
            ),
            FeatureKind::City => (
                "zh.konec.mesto",
                component.tiles.len() as i32 + component.pennants as i32,
                crate::model::tiles_and_pennants_cs(
                    component.tiles.len(),
                    component.pennants as usize,
                    "",
                ),
            ),
            FeatureKind::Monastery => {
                let (tiles, _) = FeatureValues::monastery_tiles(state, score.node);
                (
                    "zh.konec.klaster",
                    tiles as i32,
                    format!("{} v okolí 3×3", tiles_cs(tiles)),
                )
            }
            FeatureKind::Field => {
                let cities: BTreeSet<u32> = component
                    .borders
                    .iter()
                    .map(|c| state.board.root(*c))
                    .filter(|c| state.board.components[*c as usize].complete)
                    .collect();
                (
                    "zh.konec.louka",
                    3 * cities.len() as i32,
                    format!(
                        "{} × 3",
                        crate::czech::count_usize(
                            cities.len(),
                            ["dokončené město", "dokončená města", "dokončených měst"]
                        )
                    ),
                )
            }
            FeatureKind::Castle | FeatureKind::Graveyard => return,
        };
        score.rule = rule;
        score.points = points;
        score.explanation = what;
        score.winners = state.majority(score.node);
    }
}

/// The rule keys its rules emit, with what each stands for.
const RULE_KEYS: &[(&str, &str)] = &[
    (
        "zh.vetsina",
        "body získá hráč s většinou figurek, při rovnosti všichni",
    ),
    (
        "zh.konec.cesta",
        "nedokončená cesta na konci: 1 bod za kartičku",
    ),
    (
        "zh.konec.mesto",
        "nedokončené město na konci: 1 bod za kartičku a erb",
    ),
    (
        "zh.konec.klaster",
        "nedokončený klášter na konci: 1 bod za kartičku 3×3",
    ),
    (
        "zh.konec.louka",
        "louka na konci: 3 body za každé sousední dokončené město",
    ),
];

/// The base game's own scenario keys: a competitive game already in progress.
pub const DESCRIPTOR: super::vocabulary::Descriptor = super::vocabulary::Descriptor {
    id: "zakladni-hra",
    name: "Carcassonne – základní hra",
    expansion: false,
    status_key: None,
    figure: Some(crate::czech::DRUZINIK),
    rule_prefixes: &["zh"],
    rule_keys: RULE_KEYS,
    figures: &[(MeepleKind::NORMAL, 7)],
    tile_set: Some("zakladni-hra"),
    markers: &[],
    levels: &[],
    setup: &["score", "supply"],
    board: &[],
    meeple: &[],
    step: &[],
    expect: &[],
    cards: &[],
    hooks: &ScenarioHooks,
};

/// The base game in progress: scores and meeples in supply before the first step.
#[derive(Debug, Clone, Default)]
struct ScenarioSetup {
    score: Vec<(Colour, i32)>,
    /// Normal meeples in supply once the prepared board's meeples stand.
    supply: Vec<(Colour, u32)>,
}

#[derive(Debug)]
struct ScenarioHooks;

impl Hooks for ScenarioHooks {
    type Setup = ScenarioSetup;
    type Board = ();
    type Meeple = ();
    type Step = ();
    type Expect = ();

    fn setup(
        &self,
        setup: Option<&Fields>,
        scope: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<ScenarioSetup> {
        let setup = setup?;
        let (file, map, players) = (setup.file, setup.map, scope.players);
        Some(ScenarioSetup {
            score: per_player(file, map, "score", players, 0..=MAX_SCORE, diags),
            supply: per_player(file, map, "supply", players, 0..=MAX_COUNT, diags),
        })
    }

    fn game(
        &self,
        _setup: Option<&ScenarioSetup>,
        expansions: &[&'static Descriptor],
        players: usize,
        _catalog: &mut Catalog,
    ) -> Option<Result<GameParts, String>> {
        Some(Ok(base_with(expansions, players, 0)))
    }

    fn after_board(&self, game: &mut Game, setup: &ScenarioSetup, players: &[Colour]) -> Applied {
        for (colour, points) in &setup.score {
            if let Some(p) = player_index(players, colour) {
                game.state.players[p].score = *points;
            }
        }
        for (colour, n) in &setup.supply {
            if let Some(p) = player_index(players, colour) {
                game.state.players[p].supply.set(MeepleKind::NORMAL, *n);
            }
        }
        Ok(())
    }
}
