//! The engine's core: board, tiles and their features, the game state, the turn, and the
//! hooks rule modules plug into. Nothing here knows an expansion.

mod board;
mod game;
mod hooks;
mod rng;
mod state;
mod tile;

pub use board::Surround;
pub use game::Game;
pub use hooks::{Decider, MeeplePlacement, Question, Refusal, RuleModule, Status, TilePlacement};
pub use rng::Rng;
pub use state::{Event, State};
pub use tile::{mirror_code, Catalog, CompiledTile};

// For the rule modules only.
pub(crate) use hooks::{ask, FeatureScore, GhostKeeper, Worth};
