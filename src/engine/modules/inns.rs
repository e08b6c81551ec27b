//! Hostince a katedrály (Inns & Cathedrals, source 004): a completed road with an inn is worth
//! 2 per tile and a completed city with a cathedral 3 per tile and pennant, but either is worth
//! nothing if still unfinished at the end. (The big meeple's weight of 2 in the majority is
//! the core's; its tiles are data in `content/tiles/hostince-a-katedraly.yaml`.)

use super::vocabulary::TileMarker;
use crate::engine::core::{Decider, FeatureScore, RuleModule, State};
use crate::model::{
    count_cs, tiles_cs, FeatureKind, FigureKind, FigureName, FigureShape, MeepleKind,
};

/// An inn by the lake of a road's tile.
const INN: TileMarker = TileMarker {
    id: "inn",
    on: FeatureKind::Road,
    name: "hostinec",
    with: "s hostincem",
};

/// A cathedral in a city.
const CATHEDRAL: TileMarker = TileMarker {
    id: "cathedral",
    on: FeatureKind::City,
    name: "katedrála",
    with: "s katedrálou",
};

#[derive(Debug, Clone)]
struct InnsAndCathedrals;

impl RuleModule for InnsAndCathedrals {
    fn id(&self) -> &'static str {
        DESCRIPTOR.id
    }

    fn score_completed(
        &mut self,
        state: &mut State,
        score: &mut FeatureScore,
        _decider: &mut dyn Decider,
    ) {
        let component = state.component(score.node);
        let tiles = component.tiles.len();
        let pennants = component.pennants as usize;
        match score.kind {
            FeatureKind::Road if component.marked(INN.id) > 0 => {
                score.points = 2 * tiles as i32;
                score.rule = "hk.hostinec";
                score.explanation = format!("cesta s hostincem: {} × 2", tiles_cs(tiles));
            }
            FeatureKind::City if component.marked(CATHEDRAL.id) > 0 => {
                score.points = 3 * (tiles + pennants) as i32;
                score.rule = "hk.katedrala";
                score.explanation = match pennants {
                    0 => format!("město s katedrálou: {} × 3", tiles_cs(tiles)),
                    _ => format!(
                        "město s katedrálou: ({} + {}) × 3",
                        tiles_cs(tiles),
                        count_cs(pennants, "erb", "erby", "erbů")
                    ),
                };
            }
            _ => {}
        }
    }

    fn score_unfinished(&mut self, state: &mut State, score: &mut FeatureScore) {
        let component = state.component(score.node);
        match score.kind {
            FeatureKind::Road if component.marked(INN.id) > 0 => {
                score.points = 0;
                score.rule = "hk.hostinec.nedokoncena";
                score.explanation = "nedokončená cesta s hostincem nedává nic".into();
            }
            FeatureKind::City if component.marked(CATHEDRAL.id) > 0 => {
                score.points = 0;
                score.rule = "hk.katedrala.nedokoncene";
                score.explanation = "nedokončené město s katedrálou nedává nic".into();
            }
            _ => {}
        }
    }
}

/// The big meeple: counts as two in majorities (`kind: big` in scenarios).
pub const BIG: MeepleKind = MeepleKind::of(&FigureKind {
    id: "big",
    weight: 2,
    name: FigureName::Meeple(Some(("velký", "velkého"))),
    shape: FigureShape::Meeple { scale: 1.35 },
});

/// The rule keys its rules emit, with what each stands for.
const RULE_KEYS: &[(&str, &str)] = &[
    (
        "hk.hostinec",
        "dokončená cesta s hostincem: 2 body za kartičku",
    ),
    (
        "hk.hostinec.nedokoncena",
        "nedokončená cesta s hostincem na konci: 0 bodů",
    ),
    (
        "hk.katedrala",
        "dokončené město s katedrálou: 3 body za kartičku a erb",
    ),
    (
        "hk.katedrala.nedokoncene",
        "nedokončené město s katedrálou na konci: 0 bodů",
    ),
];

/// Inns and cathedrals add no scenario keys (the big meeple is a `kind`).
pub const DESCRIPTOR: super::vocabulary::Descriptor = super::vocabulary::Descriptor {
    id: "hostince-a-katedraly",
    name: "Hostince a katedrály",
    expansion: true,
    status_key: None,
    figure: None,
    rule_prefixes: &["hk"],
    rule_keys: RULE_KEYS,
    // The big meeple beside the base game's seven.
    figures: &[(BIG, 1)],
    tile_set: Some("hostince-a-katedraly"),
    markers: &[INN, CATHEDRAL],
    levels: &[],
    setup: &[],
    board: &[],
    meeple: &[],
    step: &[],
    expect: &[],
    cards: &[],
    hooks: &ScenarioHooks,
};

/// The expansion adds its module to the base game.
#[derive(Debug)]
struct ScenarioHooks;

impl super::vocabulary::Hooks for ScenarioHooks {
    type Setup = ();
    type Board = ();
    type Meeple = ();
    type Step = ();
    type Expect = ();

    fn modules(&self, _players: usize, _seed: u64) -> Vec<Box<dyn RuleModule>> {
        vec![Box::new(InnsAndCathedrals)]
    }
}
