//! What completed roads, cities and monasteries are worth: a rule module of the base game
//! that the Mists games use too.

use crate::engine::core::{Decider, FeatureScore, RuleModule, State};
use crate::model::{tiles_cs, FeatureKind};

#[derive(Clone)]
pub(crate) struct FeatureValues;

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
    pub(crate) fn monastery_tiles(state: &State, node: u32) -> (usize, usize) {
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
            format!("startovní destička 2×2 se počítá jako 4 kartičky; počítaných kartiček: {tiles}, z toho ze startovní destičky: {start}")
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
                    crate::model::tiles_and_pennants_cs(tiles, pennants as usize, " × 2"),
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

fn start_note(start_tiles: usize) -> String {
    if start_tiles == 0 {
        String::new()
    } else {
        format!("; z toho čtvrtin startovní destičky 2×2: {start_tiles}")
    }
}
