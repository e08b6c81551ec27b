//! The rules engine: the core (board, tiles, features, placement, turn) knows no expansion;
//! game modes plug in as `RuleModule`s (`base` is the base game).

pub mod base;
pub mod board;
pub mod game;
pub mod ghosts;
pub mod gifts;
pub mod inns;
pub mod mists;
pub mod random;
pub mod rules;
pub mod rulesets;
pub mod simulate;
pub mod tile;
