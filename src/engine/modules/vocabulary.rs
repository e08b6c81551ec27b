//! What each rule module lets a scenario say: its own keys in `setup`, on board tiles and
//! their meeples, in steps and in `expect`. The scenario loader knows only the keys common to
//! every game and asks this registry about the rest, so a key of a module the scenario does
//! not play is an error naming that module.

use crate::engine::core::game::Game;
use crate::engine::core::hooks::GhostKeeper;
use crate::engine::core::state::State;
use crate::model::pieces::Colour;
use crate::model::scenario::Expectations;

/// Reports one checked expectation: what was expected, whether it held, what was found.
pub type Report<'r> = &'r mut dyn FnMut(String, bool, String);

/// A module's checks of its own expectation keys against a game (`players` in scenario order).
pub type Check = fn(&Game, &Expectations, &[Colour], Report);

/// Where in a scenario file a key stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    Setup,
    Board,
    /// A meeple on a prepared board tile.
    Meeple,
    Step,
    Expect,
}

/// The scenario keys one game or expansion gives meaning to.
#[derive(Debug)]
pub struct Vocabulary {
    /// The ruleset or expansion id scenarios name (`duchove-carcassonne`, `darky`…).
    pub id: &'static str,
    /// Its Czech name.
    pub name: &'static str,
    /// An expansion of the base game (otherwise a ruleset of its own).
    pub expansion: bool,
    pub setup: &'static [&'static str],
    pub board: &'static [&'static str],
    pub meeple: &'static [&'static str],
    pub step: &'static [&'static str],
    pub expect: &'static [&'static str],
    /// Checks the module's `expect` keys (the runner calls it for the modules in play).
    pub check: Check,
}

/// For modules without expectation keys of their own.
pub fn no_checks(_: &Game, _: &Expectations, _: &[Colour], _: Report) {}

/// Ghosts on the board, in the bank and on given tiles: both Mists games keep them.
pub fn ghost_checks(state: &State, ghosts: &dyn GhostKeeper, expect: &Expectations, check: Report) {
    if let Some(n) = expect.ghosts {
        let actual = ghosts.ghosts_on_board();
        check(
            format!("na plánu je {n} duchů"),
            actual == n,
            actual.to_string(),
        );
    }
    if let Some(n) = expect.bank {
        check(
            format!("v banku je {n} duchů"),
            ghosts.bank() == n,
            ghosts.bank().to_string(),
        );
    }
    for (at, n) in &expect.ghosts_at {
        let actual = state
            .board
            .index_at(*at)
            .map(|p| ghosts.ghosts_on_tile(state, p))
            .unwrap_or(0);
        check(
            format!("na {at} je {n} duchů"),
            actual == *n,
            actual.to_string(),
        );
    }
}

/// A colour's index among the players.
pub fn player_index(players: &[Colour], colour: &Colour) -> Option<usize> {
    players.iter().position(|p| p == colour)
}

impl Vocabulary {
    pub fn keys(&self, context: Context) -> &'static [&'static str] {
        match context {
            Context::Setup => self.setup,
            Context::Board => self.board,
            Context::Meeple => self.meeple,
            Context::Step => self.step,
            Context::Expect => self.expect,
        }
    }

    /// "k rozšíření Dárky (`darky`)", "k pravidlům Duchové Carcassonne (`duchove-carcassonne`)".
    pub fn owner(&self) -> String {
        let what = if self.expansion {
            "k rozšíření"
        } else {
            "k pravidlům"
        };
        format!("{what} {} (`{}`)", self.name, self.id)
    }
}

/// Whether a scenario playing `ruleset` with `expansions` may use this vocabulary.
pub fn is_active(vocabulary: &Vocabulary, ruleset: Option<&str>, expansions: &[String]) -> bool {
    if vocabulary.expansion {
        expansions.iter().any(|e| e == vocabulary.id)
    } else {
        ruleset == Some(vocabulary.id)
    }
}

/// The modules that own `key` in `context`.
pub fn owners(key: &str, context: Context) -> Vec<&'static Vocabulary> {
    super::rulesets::VOCABULARIES
        .iter()
        .copied()
        .filter(|v| v.keys(context).contains(&key))
        .collect()
}

/// Every module key in `context`, active or not.
pub fn all_keys(context: Context) -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = Vec::new();
    for v in super::rulesets::VOCABULARIES {
        for key in v.keys(context) {
            if !keys.contains(key) {
                keys.push(key);
            }
        }
    }
    keys
}
