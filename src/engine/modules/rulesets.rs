//! The registry of every game and expansion module: its scenario vocabulary (one line per
//! module) and what its rules call a player's figure. Which modules a game plays with is
//! each ruleset's own: `base::base_with` (the base game with its expansions) and
//! `mists::modules` (the cooperative game at a level).

use crate::czech::{MeepleTerm, DRUZINIK};
use crate::engine::modules::vocabulary::Registry;

/// Every module's scenario vocabulary; adding an expansion adds a line here, not to the
/// scenario loader or runner.
pub const VOCABULARIES: Registry = &[
    &super::base::SCENARIO_VOCABULARY,
    &super::mists::SCENARIO_VOCABULARY,
    &super::ghosts::SCENARIO_VOCABULARY,
    &super::inns::SCENARIO_VOCABULARY,
    &super::gifts::SCENARIO_VOCABULARY,
];

/// What the rules of the ruleset (or game) `id` call a player's figure: "družiník" unless a
/// ruleset says otherwise.
pub fn meeple_term(id: &str) -> MeepleTerm {
    VOCABULARIES
        .iter()
        .find(|v| v.id == id)
        .and_then(|v| v.figure)
        .unwrap_or(DRUZINIK)
}
