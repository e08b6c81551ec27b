//! The base game as two rule modules: `FeatureValues` (what completed roads, cities and
//! monasteries are worth; the Mists games use it too) and `BaseGame` (the majority and the
//! final scoring of unfinished features and fields, which the cooperative game has not).

use std::any::Any;
use std::collections::BTreeSet;

use super::game::State;
use super::rules::{Decider, FeatureScore, RuleModule};
use super::tile::FeatureKind;
use crate::model::pieces::tiles_cs;

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

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn RuleModule> {
        Box::new(self.clone())
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
            format!("startovní destička 2x2 se počítá jako 4 kartičky: z {tiles} počítaných kartiček patří {start} k ní")
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
                    "{} × 2 + {} × 2{}",
                    tiles_cs(tiles),
                    crate::model::pieces::count_cs(pennants as usize, "erb", "erby", "erbů"),
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

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn RuleModule> {
        Box::new(self.clone())
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

    fn end_of_game(&mut self, state: &mut State) {
        // Each feature once: the nodes that are their own root.
        let roots: Vec<u32> = (0..state.board.node_count() as u32)
            .filter(|n| state.board.is_root(*n))
            .collect();
        let mut scored_fields = Vec::new();
        for root in roots {
            let component = &state.board.components[root as usize];
            if component.meeples.is_empty() || component.complete {
                continue;
            }
            let Some(kind) = component.kind else { continue };
            let winners = state.majority(root);
            let (rule, points, what) = match kind {
                FeatureKind::Road => (
                    "zh.konec.cesta",
                    component.tiles.len() as i32,
                    format!("{} kartiček", component.tiles.len()),
                ),
                FeatureKind::City => {
                    let points = component.tiles.len() as i32 + component.pennants as i32;
                    (
                        "zh.konec.mesto",
                        points,
                        format!(
                            "{} kartiček + {} erbů",
                            component.tiles.len(),
                            component.pennants
                        ),
                    )
                }
                FeatureKind::Monastery => {
                    let (tiles, _) = FeatureValues::monastery_tiles(state, root);
                    (
                        "zh.konec.klaster",
                        tiles as i32,
                        format!("{tiles} kartiček v okolí 3x3"),
                    )
                }
                FeatureKind::Field => {
                    scored_fields.push(root);
                    continue;
                }
                FeatureKind::Castle | FeatureKind::Graveyard => continue,
            };
            state.award(&winners, points);
            let names: Vec<&str> = winners.iter().map(|p| state.colour_name(*p)).collect();
            state.event(rule, || {
                format!(
                    "nedokončené území ({}): {} získává {points} b. ({what})",
                    kind.czech(),
                    names.join(" a ")
                )
            });
        }
        for field in scored_fields {
            let cities: BTreeSet<u32> = state.board.components[field as usize]
                .borders
                .iter()
                .map(|c| state.board.root(*c))
                .filter(|c| state.board.components[*c as usize].complete)
                .collect();
            let points = 3 * cities.len() as i32;
            let winners = state.majority(field);
            state.award(&winners, points);
            let names: Vec<&str> = winners.iter().map(|p| state.colour_name(*p)).collect();
            state.event("zh.konec.louka", || {
                format!(
                    "louka: {} získává {points} b. ({} dokončených měst × 3)",
                    names.join(" a "),
                    cities.len()
                )
            });
        }
    }
}

fn start_note(start_tiles: usize) -> String {
    if start_tiles == 0 {
        String::new()
    } else {
        format!("; z toho čtvrtin startovní destičky 2x2: {start_tiles}")
    }
}
