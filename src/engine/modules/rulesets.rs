//! Which modules and meeples a game is played with: the base game with any of its
//! expansions, or the cooperative Mists game at a level. Scenarios, simulations and tests
//! all set games up through here.

use crate::engine::core::hooks::RuleModule;
use crate::engine::modules::base::{base_game, FeatureValues};
use crate::engine::modules::ghosts::{self, CompetitiveGhosts};
use crate::engine::modules::gifts::Gifts;
use crate::engine::modules::inns::{self, InnsAndCathedrals};
use crate::engine::modules::mists::{Level, Mists};
use crate::engine::modules::vocabulary::Registry;

/// Meeples (normal, big, guard) each player has in the base game.
pub const BASE_SUPPLY: [u32; 3] = [7, 0, 0];

/// Expansions played with the base game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Expansions {
    /// Duchové, zámky a hřbitovy.
    pub ghosts: bool,
    /// Hostince a katedrály.
    pub inns: bool,
    /// Dárky.
    pub gifts: bool,
}

impl Expansions {
    /// The expansions named by their ids (`darky`…).
    pub fn from_ids(ids: &[String]) -> Expansions {
        let has = |id: &str| ids.iter().any(|e| e == id);
        Expansions {
            ghosts: has(ghosts::SCENARIO_VOCABULARY.id),
            inns: has(inns::SCENARIO_VOCABULARY.id),
            gifts: has(crate::engine::modules::gifts::SCENARIO_VOCABULARY.id),
        }
    }
}

/// The base game's modules with the expansions', and each player's meeples. `gift_seed`
/// shuffles the gift deck.
pub fn base_with(
    expansions: Expansions,
    players: usize,
    gift_seed: u64,
) -> (Vec<Box<dyn RuleModule>>, [u32; 3]) {
    let mut modules = base_game();
    let mut supply = BASE_SUPPLY;
    if expansions.inns {
        modules.push(Box::new(InnsAndCathedrals));
        supply[1] = inns::SUPPLY[1];
    }
    if expansions.ghosts {
        modules.push(Box::new(CompetitiveGhosts::new(players)));
        supply[0] = ghosts::SUPPLY[0];
        supply[2] = ghosts::SUPPLY[2];
    }
    if expansions.gifts {
        modules.push(Box::new(Gifts::new(players, gift_seed)));
    }
    (modules, supply)
}

/// The cooperative game's modules at `level` for `colours` colours in play.
pub fn mists(level: Level, colours: usize) -> Vec<Box<dyn RuleModule>> {
    vec![
        Box::new(FeatureValues),
        Box::new(Mists::new(level, colours)),
    ]
}

/// Every module's scenario vocabulary; adding an expansion adds a line here, not to the
/// scenario loader or runner.
pub const VOCABULARIES: Registry = &[
    &crate::engine::modules::base::SCENARIO_VOCABULARY,
    &crate::engine::modules::mists::SCENARIO_VOCABULARY,
    &ghosts::SCENARIO_VOCABULARY,
    &inns::SCENARIO_VOCABULARY,
    &crate::engine::modules::gifts::SCENARIO_VOCABULARY,
];
