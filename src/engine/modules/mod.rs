//! The rules of each game and expansion, one module each, plugged into the core's hooks;
//! `rulesets` lists them all once.

pub mod base;
pub mod ghosts;
pub mod gifts;
pub mod inns;
pub mod mists;
pub mod rulesets;
pub mod values;
pub mod vocabulary;
