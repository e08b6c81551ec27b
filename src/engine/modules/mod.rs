//! The rules of each game and expansion, one module each, plugged into the core's hooks;
//! `rulesets` assembles the modules a game plays with.

pub mod base;
pub mod ghosts;
pub mod gifts;
pub mod inns;
pub mod mists;
pub mod rulesets;
pub mod vocabulary;
