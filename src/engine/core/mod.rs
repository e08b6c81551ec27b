//! The engine's core: board, tiles and their features, the game state, the turn, and the
//! hooks rule modules plug into. Nothing here knows an expansion.

pub mod board;
pub mod game;
pub mod hooks;
pub mod rng;
pub mod state;
pub mod tile;
