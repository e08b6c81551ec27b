//! Scenario files as data: a prepared board, the moves, and what must follow.

use crate::diagnostic::Location;
use crate::model::geometry::Pos;
use crate::model::pieces::{Colour, FeatureKind, MeepleKind, Spot};
use crate::model::tiles::TileSpec;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// The base game's start tile at [0, 0].
    Base,
    /// The 2x2 start tile of the Mists games on [0..1, 0..1].
    Mists2x2,
    None,
}

#[derive(Debug, Clone)]
pub enum TileRef {
    Catalog(String),
    Inline(Box<TileSpec>),
    /// A tile lying face down (on a prepared board).
    FaceDown,
}

#[derive(Debug, Clone)]
pub struct MeepleSpec {
    pub on: Spot,
    pub kind: MeepleKind,
    /// What the author says stands there; checked against the tile.
    pub feature: Option<FeatureKind>,
    /// Board meeples name their owner; a step's meeple belongs to the player on turn.
    pub player: Option<Colour>,
    /// A step's meeple aimed at another tile than the one just placed (a rule test).
    pub at: Option<Pos>,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub struct BoardTile {
    pub tile: TileRef,
    pub at: Pos,
    pub rotation: u8,
    pub meeples: Vec<MeepleSpec>,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub enum Step {
    Place {
        player: Option<Colour>,
        tile: TileRef,
        at: Pos,
        rotation: u8,
        /// Meeples the player tries to place, in order (none, one, or more to test the limit).
        meeples: Vec<MeepleSpec>,
        /// Answers to the questions the rules ask the players this turn, in order.
        choose: Vec<String>,
        location: Location,
    },
    /// The player draws `tile` and places nothing (allowed only when it fits nowhere).
    Pass {
        player: Option<Colour>,
        tile: TileRef,
        location: Location,
    },
    EndGame {
        location: Location,
    },
}

#[derive(Debug, Clone, Default)]
pub struct Expectations {
    pub score: Vec<(Colour, i32)>,
    pub completed: Option<usize>,
    pub meeples_on_board: Vec<(Colour, u32)>,
    pub returned: Vec<(Colour, u32)>,
    /// (1-based step, rule key)
    pub rejected: Vec<(usize, String)>,
    /// Rule keys that must have been applied.
    pub rules: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Scenario {
    /// Path relative to the content root (`scenarios/…`).
    pub path: String,
    pub title: String,
    pub description: Option<String>,
    pub rulings: Vec<String>,
    pub ruleset: String,
    pub start: Start,
    pub players: Vec<Colour>,
    pub board: Vec<BoardTile>,
    pub steps: Vec<Step>,
    pub expect: Expectations,
}
