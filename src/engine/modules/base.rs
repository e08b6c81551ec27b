//! The base game as two rule modules: `FeatureValues` (what completed roads, cities and
//! monasteries are worth; the Mists games use it too) and `BaseGame` (the majority and the
//! final scoring of unfinished features and fields, which the cooperative game has not).

use std::collections::BTreeSet;

use std::sync::Arc;

use super::rulesets::{self, Expansions};
use super::vocabulary::{player_index, GameParts, Hooks, Scope};
use crate::content::scenario::{per_player, MAX_COUNT, MAX_SCORE};
use crate::content::yaml::Fields;
use crate::diagnostic::Diagnostics;
use crate::engine::core::game::{Game, MeepleKind, State};
use crate::engine::core::hooks::{Decider, FeatureScore, RuleModule};
use crate::engine::core::tile::Catalog;
use crate::engine::core::tile::FeatureKind;
use crate::model::pieces::tiles_cs;
use crate::model::pieces::Colour;
use crate::model::scenario::Entry;

#[derive(Clone)]
pub struct FeatureValues;

#[derive(Clone)]
pub struct BaseGame;

/// The base game's rules: feature values, the majority and the final scoring.
pub fn base_game() -> Vec<Box<dyn RuleModule>> {
    vec![Box::new(FeatureValues), Box::new(BaseGame)]
}

impl FeatureValues {
    /// Tiles a feature spans and how many of them belong to the 2x2 start tile.
    fn tile_counts(state: &State, node: u32) -> (usize, usize) {
        let tiles = &state.component(node).tiles;
        let start = tiles
            .iter()
            .filter(|t| state.is_start_quarter(**t as usize))
            .count();
        (tiles.len(), start)
    }

    /// The monastery's tile and its occupied neighbours.
    fn monastery_tiles(state: &State, node: u32) -> (usize, usize) {
        let Some(&placed) = state.component(node).tiles.first() else {
            return (0, 0);
        };
        let pos = state.board.placed[placed as usize].pos;
        let around = pos.neighbours8();
        let present: Vec<usize> = around
            .iter()
            .filter_map(|p| state.board.index_at(*p))
            .collect();
        let start = present
            .iter()
            .filter(|i| state.is_start_quarter(**i))
            .count();
        (1 + present.len(), start)
    }
}

impl RuleModule for FeatureValues {
    fn id(&self) -> &'static str {
        "hodnoty-uzemi"
    }

    /// Says where the 2x2 start tile counts: as 4 tiles, and its ruin ends roads.
    fn feature_completed(&mut self, state: &mut State, node: u32, _decider: &mut dyn Decider) {
        let kind = state.component(node).kind;
        let (tiles, start) = match kind {
            Some(FeatureKind::Monastery) => Self::monastery_tiles(state, node),
            Some(FeatureKind::Road | FeatureKind::City) => Self::tile_counts(state, node),
            _ => return,
        };
        if start == 0 {
            return;
        }
        if kind == Some(FeatureKind::Road) {
            state.event("du.zricenina", || {
                "cesta končí u zříceniny uprostřed startovní destičky".into()
            });
        }
        state.event("zh.start.ctyri-karticky", || {
            format!("startovní destička 2x2 se počítá jako 4 kartičky; počítaných kartiček: {tiles}, z toho ze startovní destičky: {start}")
        });
    }

    fn score_completed(
        &mut self,
        state: &mut State,
        score: &mut FeatureScore,
        _decider: &mut dyn Decider,
    ) {
        let component = state.component(score.node);
        match score.kind {
            FeatureKind::Road => {
                let (tiles, start) = Self::tile_counts(state, score.node);
                score.points = tiles as i32;
                score.rule = "zh.cesta.hodnoceni";
                score.explanation = format!("{} × 1 bod{}", tiles_cs(tiles), start_note(start));
            }
            FeatureKind::City => {
                let (tiles, start) = Self::tile_counts(state, score.node);
                let pennants = component.pennants as i32;
                score.points = 2 * tiles as i32 + 2 * pennants;
                score.rule = "zh.mesto.hodnoceni";
                score.explanation = format!(
                    "{}{}",
                    crate::model::pieces::tiles_and_pennants_cs(tiles, pennants as usize, " × 2"),
                    start_note(start)
                );
            }
            FeatureKind::Monastery => {
                let (tiles, start) = Self::monastery_tiles(state, score.node);
                score.points = tiles as i32;
                score.rule = "zh.klaster.hodnoceni";
                score.explanation = format!("klášter a 8 sousedních kartiček{}", start_note(start));
            }
            FeatureKind::Field | FeatureKind::Castle | FeatureKind::Graveyard => {}
        }
    }
}

impl RuleModule for BaseGame {
    fn id(&self) -> &'static str {
        "zakladni-hra"
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
                crate::model::pieces::tiles_and_pennants_cs(
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
                    format!("{} v okolí 3x3", tiles_cs(tiles)),
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

fn start_note(start_tiles: usize) -> String {
    if start_tiles == 0 {
        String::new()
    } else {
        format!("; z toho čtvrtin startovní destičky 2x2: {start_tiles}")
    }
}

/// The base game's own scenario keys: a competitive game already in progress.
pub const SCENARIO_VOCABULARY: super::vocabulary::Vocabulary = super::vocabulary::Vocabulary {
    id: "zakladni-hra",
    name: "Carcassonne – základní hra",
    expansion: false,
    setup: &["score", "supply"],
    board: &[],
    meeple: &[],
    step: &[],
    expect: &[],
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
    fn setup(
        &self,
        setup: Option<&Fields>,
        scope: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<Entry> {
        let setup = setup?;
        let (file, map, players) = (setup.file, setup.map, scope.players);
        Some(Arc::new(ScenarioSetup {
            score: per_player(file, map, "score", players, 0..=MAX_SCORE, diags),
            supply: per_player(file, map, "supply", players, 0..=MAX_COUNT, diags),
        }))
    }

    fn game(
        &self,
        _setup: Option<&Entry>,
        expansions: &[String],
        players: usize,
        _catalog: &mut Catalog,
    ) -> Option<Result<GameParts, String>> {
        Some(Ok(rulesets::base_with(
            Expansions::from_ids(expansions),
            players,
            0,
        )))
    }

    fn after_board(
        &self,
        game: &mut Game,
        setup: &Entry,
        players: &[Colour],
    ) -> Result<(), String> {
        let Some(setup) = setup.downcast_ref::<ScenarioSetup>() else {
            return Ok(());
        };
        for (colour, points) in &setup.score {
            if let Some(p) = player_index(players, colour) {
                game.state.players[p].score = *points;
            }
        }
        for (colour, n) in &setup.supply {
            if let Some(p) = player_index(players, colour) {
                game.state.players[p].supply[MeepleKind::Normal.index()] = *n;
            }
        }
        Ok(())
    }
}
