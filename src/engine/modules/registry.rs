//! The registry of every game and expansion: one descriptor per line, and what a ruleset's
//! rules call a player's figure. A ruleset builds its game from it: `base::base_with` (the
//! base game with the modules and figures of its expansions' descriptors) and
//! `mists::modules` (the cooperative game at a level).

use crate::czech::{MeepleTerm, DRUZINIK};
use crate::engine::modules::vocabulary::{Registry, TileMarker};

/// Every game and expansion, registered once: the loader, the runner, citations, the base
/// game's modules and figures and the situation builder all derive from this list. Its order
/// is the order the hooks of expansions run in (a cathedral's value before ghosts' penalty)
/// and the order the builder offers them.
pub const REGISTRY: Registry = &[
    &super::base::DESCRIPTOR,
    &super::mists::DESCRIPTOR,
    &super::inns::DESCRIPTOR,
    &super::ghosts::DESCRIPTOR,
    &super::gifts::DESCRIPTOR,
];

/// Every marker the registered modules' tiles carry.
pub fn tile_markers() -> impl Iterator<Item = &'static TileMarker> {
    REGISTRY.iter().flat_map(|d| d.markers)
}

/// A tile marker by its id.
pub fn tile_marker(id: &str) -> Option<&'static TileMarker> {
    tile_markers().find(|m| m.id == id)
}

/// A feature's marker said in words ("s hostincem"), for a tile's description.
pub fn with_marker_cs(id: &str) -> String {
    tile_marker(id).map_or_else(|| id.to_owned(), |m| m.with.to_owned())
}

/// The ruleset the expansions are played with.
pub const BASE_GAME: &str = super::base::DESCRIPTOR.id;

/// What the rules of the ruleset (or game) `id` call a player's figure: "družiník" unless a
/// ruleset says otherwise.
pub fn meeple_term(id: &str) -> MeepleTerm {
    REGISTRY
        .iter()
        .find(|v| v.id == id)
        .and_then(|v| v.figure)
        .unwrap_or(DRUZINIK)
}
