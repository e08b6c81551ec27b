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
    /// Ghosts beside a board meeple (Duchové, zámky a hřbitovy).
    pub ghosts: u32,
    /// A dog lies beside this board meeple (Duchové Carcassonne, a game in progress).
    pub dog: bool,
    pub location: Location,
}

/// The base game in progress: scores and meeples in supply before the first step.
#[derive(Debug, Clone, Default)]
pub struct BaseSetup {
    pub score: Vec<(Colour, i32)>,
    /// Normal meeples in supply once the prepared board's meeples stand.
    pub supply: Vec<(Colour, u32)>,
}

/// A meeple expected at a place on the board.
#[derive(Debug, Clone)]
pub struct MeepleAt {
    pub at: Pos,
    pub on: Spot,
    pub player: Colour,
    pub kind: Option<MeepleKind>,
}

/// A gift the player on turn opens before placing the drawn tile (Dárky).
#[derive(Debug, Clone)]
pub struct GiftSpec {
    /// The card's id (koncil, vyklizeni-cesty, vyplaceni, zmena-postoje, vyber-ze-dvou).
    pub card: String,
    pub at: Option<Pos>,
    pub on: Option<Spot>,
    pub to: Option<Spot>,
    /// Výběr ze 2: the other tile drawn, which is set aside.
    pub other: Option<TileRef>,
    /// Výběr ze 2: tiles drawn before it that fit nowhere and are set aside.
    pub set_aside: Vec<TileRef>,
    pub location: Location,
}

/// The gift deck of a scenario: cards on top of the deck and in the players' hands.
#[derive(Debug, Clone, Default)]
pub struct GiftsSetup {
    pub deck_top: Vec<String>,
    pub hands: Vec<(Colour, Vec<String>)>,
}

#[derive(Debug, Clone)]
pub struct BoardTile {
    pub tile: TileRef,
    pub at: Pos,
    pub rotation: u8,
    pub meeples: Vec<MeepleSpec>,
    /// Ghosts standing on it (the Mists games).
    pub ghosts: u32,
    pub location: Location,
}

/// The cooperative Mists game's setup: level and a game in progress.
#[derive(Debug, Clone)]
pub struct MistsSetup {
    pub level: u8,
    /// Where the track stands: the team's counter, or level 6's counters by colour.
    pub track: Vec<(Option<Colour>, i32)>,
    pub start_ghosts: u32,
    /// Tiles left in the current stack, then the stacks not opened yet.
    pub stacks: Option<Vec<u32>>,
    pub meeples: u32,
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
        gift: Option<GiftSpec>,
        location: Location,
    },
    /// The player draws `tile` and places nothing (allowed only when it fits nowhere).
    Pass {
        player: Option<Colour>,
        tile: TileRef,
        gift: Option<GiftSpec>,
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
    /// The Mists games: ghosts on the board, in the bank, on given tiles.
    pub ghosts: Option<u32>,
    pub bank: Option<u32>,
    pub ghosts_at: Vec<(Pos, u32)>,
    /// The team's track, or level 6's counters by colour.
    pub track: Option<i32>,
    pub counters: Vec<(Colour, i32)>,
    /// `won`, `lost` or `playing`, and the cause of a loss.
    pub outcome: Option<String>,
    pub loss: Option<String>,
    pub buried: Option<u32>,
    /// Guards in each player's supply (Duchové, zámky a hřbitovy).
    pub guards: Vec<(Colour, u32)>,
    /// Unopened gifts in each player's hand (Dárky).
    pub gifts: Vec<(Colour, u32)>,
    /// Points each player was awarded for features, by kind.
    pub points: Vec<(Colour, Vec<(FeatureKind, i32)>)>,
    pub meeples_at: Vec<MeepleAt>,
    /// Normal meeples in each player's supply.
    pub supply: Vec<(Colour, u32)>,
    /// The Mists game: tiles left in the current stack, then the unopened stacks.
    pub stacks_left: Option<Vec<u32>>,
    /// Tiles lying face down on the board.
    pub face_down: Option<u32>,
    /// Dogs still waiting for their threshold, and dogs used (beside a meeple or gone).
    pub dogs_waiting: Option<u32>,
    pub dogs_used: Option<u32>,
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
            ghosts,
            bank,
            ghosts_at,
            track,
            counters,
            outcome,
            loss,
            buried,
            guards,
            gifts,
            points,
            meeples_at,
            supply,
            stacks_left,
            face_down,
            dogs_waiting,
            dogs_used,
        } = self;
        score.is_empty()
            && completed.is_none()
            && meeples_on_board.is_empty()
            && returned.is_empty()
            && rejected.is_empty()
            && rules.is_empty()
            && ghosts.is_none()
            && bank.is_none()
            && ghosts_at.is_empty()
            && track.is_none()
            && counters.is_empty()
            && outcome.is_none()
            && loss.is_none()
            && buried.is_none()
            && guards.is_empty()
            && gifts.is_empty()
            && points.is_empty()
            && meeples_at.is_empty()
            && supply.is_empty()
            && stacks_left.is_none()
            && face_down.is_none()
            && dogs_waiting.is_none()
            && dogs_used.is_none()
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
    pub mists: Option<MistsSetup>,
    pub gifts: Option<GiftsSetup>,
    pub base: BaseSetup,
    pub start: Start,
    pub players: Vec<Colour>,
    pub board: Vec<BoardTile>,
    pub steps: Vec<Step>,
    pub expect: Expectations,
    /// Expectations checked right after a step (0-based step index), from a step's `expect`.
    pub expect_after: Vec<(usize, Expectations)>,
}
