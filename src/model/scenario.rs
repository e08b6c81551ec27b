//! Scenario files as data: a prepared board, the moves, and what must follow.

use std::any::Any;
use std::sync::Arc;

use crate::diagnostic::Location;
use crate::model::geometry::Pos;
use crate::model::pieces::{Colour, FeatureKind, MeepleKind, Spot};
use crate::model::tiles::TileSpec;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// The base game's start tile at [0, 0].
    Base,
    /// The 2x2 start tile (of the cooperative games) on [0..1, 0..1].
    Square2x2,
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
    /// The modules' own keys beside the meeple.
    pub modules: ModuleData,
    pub location: Location,
}

/// A meeple expected at a place on the board.
#[derive(Debug, Clone)]
pub struct MeepleAt {
    pub at: Pos,
    pub on: Spot,
    pub player: Colour,
    pub kind: Option<MeepleKind>,
}

#[derive(Debug, Clone)]
pub struct BoardTile {
    pub tile: TileRef,
    pub at: Pos,
    pub rotation: u8,
    pub meeples: Vec<MeepleSpec>,
    /// The modules' own keys on the tile.
    pub modules: ModuleData,
    pub location: Location,
}

/// What a module read from its own keys in one part of a scenario; only the module that
/// wrote it knows its type.
pub type Entry = Arc<dyn Any + Send + Sync>;

/// The modules' entries in one part of a scenario, by module id (`darky`…).
#[derive(Debug, Clone, Default)]
pub struct ModuleData(Vec<(&'static str, Entry)>);

impl ModuleData {
    pub fn insert(&mut self, module: &'static str, entry: Entry) {
        self.0.push((module, entry));
    }

    /// The entry `module` wrote, if it wrote one of type `T`.
    pub fn get<T: Any>(&self, module: &str) -> Option<&T> {
        self.entry(module).and_then(|e| e.downcast_ref())
    }

    pub fn entry(&self, module: &str) -> Option<&Entry> {
        self.0.iter().find(|(m, _)| *m == module).map(|(_, e)| e)
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[derive(Debug, Clone)]
pub enum Step {
    Place {
        player: Option<Colour>,
        tile: TileRef,
        at: Pos,
        rotation: u8,
        /// `rotation: auto`: the runner picks the only fitting rotation (where it was written).
        auto_rotation: Option<Location>,
        /// Meeples the player tries to place, in order (none, one, or more to test the limit).
        meeples: Vec<MeepleSpec>,
        /// Answers to the questions the rules ask the players this turn, in order.
        choose: Vec<String>,
        /// The modules' own keys of the step.
        modules: ModuleData,
        location: Location,
    },
    /// The player draws `tile` and places nothing (allowed only when it fits nowhere).
    Pass {
        player: Option<Colour>,
        tile: TileRef,
        modules: ModuleData,
        location: Location,
    },
    EndGame {
        location: Location,
    },
}

impl Step {
    /// Where the step is written in the scenario.
    pub fn location(&self) -> &Location {
        match self {
            Step::Place { location, .. }
            | Step::Pass { location, .. }
            | Step::EndGame { location } => location,
        }
    }
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
    /// Points each player was awarded for features, by kind.
    pub points: Vec<(Colour, Vec<(FeatureKind, i32)>)>,
    pub meeples_at: Vec<MeepleAt>,
    /// Normal meeples in each player's supply.
    pub supply: Vec<(Colour, u32)>,
    /// The modules' own expectations, each checked by its module.
    pub modules: ModuleData,
}

impl Expectations {
    /// Whether the scenario expects nothing at all (then it checks nothing either).
    pub fn is_empty(&self) -> bool {
        let Expectations {
            score,
            completed,
            meeples_on_board,
            returned,
            rejected,
            rules,
            points,
            meeples_at,
            supply,
            modules,
        } = self;
        score.is_empty()
            && completed.is_none()
            && meeples_on_board.is_empty()
            && returned.is_empty()
            && rejected.is_empty()
            && rules.is_empty()
            && points.is_empty()
            && meeples_at.is_empty()
            && supply.is_empty()
            && modules.is_empty()
    }
}

#[derive(Debug, Clone)]
pub struct Scenario {
    /// Path relative to the content root (`scenarios/…`).
    pub path: String,
    pub title: String,
    pub description: Option<String>,
    pub rulings: Vec<String>,
    pub ruleset: String,
    /// Expansions played with the base game (duchove-zamky-hrbitovy, hostince-a-katedraly, darky).
    pub expansions: Vec<String>,
    /// The `setup` of the ruleset and expansions played, by module.
    pub setup: ModuleData,
    pub start: Start,
    pub players: Vec<Colour>,
    pub board: Vec<BoardTile>,
    pub steps: Vec<Step>,
    pub expect: Expectations,
    /// Expectations checked right after a step (0-based step index), from a step's `expect`.
    pub expect_after: Vec<(usize, Expectations)>,
    /// The file's text as written, comments included: what "Upravit a ověřit" opens in the
    /// situation builder.
    pub source: String,
}
