//! The rules of each game and expansion, one module each, plugged into the core's hooks;
//! each describes itself in a `Descriptor` (`vocabulary`), and `registry` lists them all once.

pub mod base;
pub mod ghosts;
pub mod gifts;
pub mod inns;
pub mod mists;
pub mod registry;
pub mod values;
pub mod vocabulary;
