//! The rules of each game and expansion, one module each, plugged into the core's hooks;
//! each describes itself in a `Descriptor` (`vocabulary`), and `registry` lists them all once.
//! Each module's own names are offered here with the module in the name where alone they
//! would be ambiguous (`GHOSTS_DESCRIPTOR`, `GHOST_BANK`).

mod base;
mod ghosts;
mod gifts;
mod inns;
mod mists;
mod registry;
mod values;
mod vocabulary;

pub use base::{base_game, base_with, DESCRIPTOR as BASE_DESCRIPTOR};
pub use ghosts::{
    CompetitiveGhosts, BANK as GHOST_BANK, DESCRIPTOR as GHOSTS_DESCRIPTOR, GENERAL_GUARDS, GUARD,
};
pub use gifts::{open as open_gift, Gift, GiftTarget, Gifts, DESCRIPTOR as GIFTS_DESCRIPTOR};
pub use inns::{BIG as BIG_MEEPLE, DESCRIPTOR as INNS_DESCRIPTOR};
pub use mists::{
    colours_and_meeples, scenario_level, Level, Mists, DESCRIPTOR as MISTS_DESCRIPTOR, LEVELS,
    MEEPLES_PER_COLOUR, START_GHOSTS,
};
pub use registry::{meeple_term, tile_marker, tile_markers, with_marker_cs, BASE_GAME, REGISTRY};
pub use vocabulary::{
    active, all_keys, figure_kinds, ids, is_active, owners, AnyHooks, Context, Descriptor, Hooks,
    Registry, Report, Scope,
};

// For the simulator only.
pub(crate) use mists::{modules as mists_modules, LossCause, Outcome};
