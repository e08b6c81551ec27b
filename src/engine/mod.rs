//! The rules engine, in three parts: `core` (board, tiles, features, placement, turn and the
//! hooks) knows no expansion; `modules` holds the base game and each game mode or expansion
//! as a `RuleModule`; `simulate` plays whole games with them. `rule_keys` lists the keys
//! every consequence carries.

pub mod core;
pub mod modules;
pub mod rule_keys;
pub mod simulate;
