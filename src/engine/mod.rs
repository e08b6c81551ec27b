//! The rules engine, in three parts: `core` (board, tiles, features, placement, turn and the
//! hooks) knows no expansion; `modules` holds the base game and each game mode or expansion
//! as a `RuleModule`; `simulate` plays whole games with them. `rule_keys` lists the keys
//! every consequence carries. Inside the engine, the parts reach each other through
//! `engine::core` and `engine::modules` (the core never through this file), so that the core
//! stays below the modules.

mod core;
mod modules;
mod rule_keys;
mod simulate;

pub use self::core::{
    mirror_code, Catalog, CompiledTile, Decider, Event, Game, MeeplePlacement, Question, Refusal,
    Rng, RuleModule, State, Status, Surround, TilePlacement,
};
pub use modules::{
    active, all_keys, base_game, base_with, colours_and_meeples, figure_kinds, ids, is_active,
    meeple_term, open_gift, owners, scenario_level, tile_marker, tile_markers, with_marker_cs,
    AnyHooks, CompetitiveGhosts, Context, Descriptor, Gift, GiftTarget, Gifts, Hooks, Level, Mists,
    Registry, Report, Scope, BASE_DESCRIPTOR, BASE_GAME, BIG_MEEPLE, GENERAL_GUARDS,
    GHOSTS_DESCRIPTOR, GHOST_BANK, GIFTS_DESCRIPTOR, GUARD, INNS_DESCRIPTOR, LEVELS,
    MEEPLES_PER_COLOUR, MISTS_DESCRIPTOR, REGISTRY, START_GHOSTS,
};
pub use rule_keys::{cite_in, emitted_in, played, rule_description, rule_keys, Played};
pub use simulate::{
    game_rng, play_random, play_random_observed, MistsTiles, Policy, Summary, Table,
};
