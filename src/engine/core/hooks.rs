//! The seam between the core and the game modes: the named hooks a module may implement.

use std::any::Any;

use super::board::Surround;
use super::state::State;
use crate::model::{FeatureKind, Pos};

/// Why a move is refused: a rule key and a Czech sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub rule: &'static str,
    pub message: String,
}

impl Refusal {
    pub fn new(rule: &'static str, message: impl Into<String>) -> Self {
        Refusal {
            rule,
            message: message.into(),
        }
    }
}

/// A question the rules leave to the players (which tile to clear, where the dog goes…).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    pub key: &'static str,
    /// The options as a scenario's `choose` writes them (`red [0, 0] EM`, `duchy [1, 1]`).
    pub options: Vec<String>,
    /// The options as the trace says them to players ("červený strážný na [0, 0]").
    labels: Vec<String>,
    /// What each option brings the players by the module's own count, for policies that
    /// pick greedily; empty when the module has no measure.
    pub(crate) worth: Vec<Worth>,
}

/// Asks the players only when there is a choice: a single option is taken without asking.
/// The trace says what was decided, or that there was nothing to decide.
pub(crate) fn ask(state: &mut State, decider: &mut dyn Decider, question: &Question) -> usize {
    let choice = match question.options.len() {
        0 => return 0,
        1 => 0,
        n => decider.choose(question).min(n - 1),
    };
    let said = |index: usize| question.label(index).to_owned();
    state.event(question.key, || match question.options.len() {
        1 => format!("jediná možnost: {}, pravidla se hráčů neptají", said(0)),
        n => format!(
            "rozhodnutí hráčů: {} (možnosti: {})",
            said(choice),
            (0..n).map(said).collect::<Vec<_>>().join("; ")
        ),
    });
    choice
}

/// Points scored and ghosts removed by one option of a question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Worth {
    pub(crate) points: i32,
    pub(crate) ghosts: i32,
}

impl Question {
    pub fn new(key: &'static str, options: Vec<String>) -> Question {
        Question {
            key,
            labels: options.clone(),
            options,
            worth: Vec::new(),
        }
    }

    /// What players read for option `index` ("červený strážný na [0, 0]").
    pub fn label(&self, index: usize) -> &str {
        self.labels.get(index).unwrap_or(&self.options[index])
    }

    /// The same question with what players read for each option.
    pub(crate) fn labelled(self, labels: Vec<String>) -> Question {
        Question { labels, ..self }
    }
}

/// Whoever answers the players' decisions: a scenario's listed answers, or a random player.
pub trait Decider {
    /// The index of the chosen option.
    fn choose(&mut self, question: &Question) -> usize;
}

/// A tile about to be placed, for vetoes.
#[derive(Debug, Clone, Copy)]
pub struct TilePlacement {
    pub pos: Pos,
}

/// A meeple about to be placed, for vetoes.
#[derive(Debug, Clone, Copy)]
pub struct MeeplePlacement {
    pub feature: FeatureKind,
}

/// The scoring of one completed feature, built up by the modules in order.
#[derive(Debug, Clone)]
pub struct FeatureScore {
    /// Root node of the feature.
    pub(crate) node: u32,
    pub(crate) kind: FeatureKind,
    pub(crate) points: i32,
    /// Players who receive `points`.
    pub(crate) winners: Vec<usize>,
    pub(crate) rule: &'static str,
    pub(crate) explanation: String,
}

/// What a module shows of its state, for the CLI, the verdict's JSON, the site and the board
/// drawing, so that none of them needs to know the module.
#[derive(Debug, Clone, Default)]
pub struct Status {
    /// One line of state for the CLI, in Czech ("Neotevřené dárky: …").
    pub line: Option<String>,
    /// Standings to show instead of the players' scores (the cooperative game's track).
    pub standings: Option<Vec<(String, i32)>>,
    /// Points by player index to report instead of the players' scores (level 6's
    /// counters); empty where the team shares one track.
    pub scores: Option<Vec<(usize, i32)>>,
    /// The module's part of the verdict's JSON, under `Descriptor::status_key`.
    pub json: Option<serde_json::Value>,
    /// Meeples with a dog beside them, for the drawing.
    pub dogs: Vec<usize>,
    /// (graveyard tile, player) of each buried meeple, for the drawing.
    pub graves: Vec<(usize, usize)>,
}

/// A game mode or expansion. Every hook has a default that does nothing, so a module
/// implements only what its rules change. A module keeps its own state (ghosts, dogs…);
/// observers reach it through `Game::module`.
pub trait RuleModule: ModuleObject + Send + Sync {
    fn id(&self) -> &'static str;

    /// How a center feature of this kind completes, if this module decides it.
    fn surround(&self, _kind: FeatureKind) -> Option<Surround> {
        None
    }

    /// A new game on the same module (random games reuse it).
    fn reset(&mut self) {}

    /// What the module shows of its state (`None`: nothing beyond the board and the scores).
    fn status(&self, _state: &State) -> Option<Status> {
        None
    }

    /// The module's ghosts, if it keeps any (scenario checks and drawings read them).
    fn ghosts(&self) -> Option<&dyn GhostKeeper> {
        None
    }

    fn veto_tile(&self, _state: &State, _placement: &TilePlacement) -> Option<Refusal> {
        None
    }

    fn veto_meeple(&self, _state: &State, _placement: &MeeplePlacement) -> Option<Refusal> {
        None
    }

    fn tile_placed(&mut self, _state: &mut State, _placed: usize, _decider: &mut dyn Decider) {}

    fn meeple_placed(&mut self, _state: &mut State, _meeple: usize) {}

    fn feature_completed(&mut self, _state: &mut State, _node: u32, _decider: &mut dyn Decider) {}

    /// Fills in or adjusts the score of a completed feature (or its players forgo it).
    fn score_completed(
        &mut self,
        _state: &mut State,
        _score: &mut FeatureScore,
        _decider: &mut dyn Decider,
    ) {
    }

    /// After a completed feature's points were awarded (or forgone), before its meeples leave.
    fn feature_scored(
        &mut self,
        _state: &mut State,
        _score: &FeatureScore,
        _decider: &mut dyn Decider,
    ) {
    }

    fn end_of_turn(&mut self, _state: &mut State, _decider: &mut dyn Decider) {}

    /// Fills in or adjusts the score of an occupied unfinished feature, at the end of the game
    /// (or when something scores it early, as the gift "Vyklizení cesty").
    fn score_unfinished(&mut self, _state: &mut State, _score: &mut FeatureScore) {}

    /// After the unfinished features were scored.
    fn end_of_game(&mut self, _state: &mut State) {}
}

/// A module that keeps ghost figures: on the board (on tiles or beside meeples) and in a bank.
pub trait GhostKeeper {
    fn bank(&self) -> u32;
    fn ghosts_on_board(&self) -> u32;
    /// Ghosts on the placed tile `placed`, or beside the meeples standing on it.
    fn ghosts_on_tile(&self, state: &State, placed: usize) -> u32;
}

/// What every module gets for free from being `Clone + 'static`: reaching its own type (for
/// observers) and a boxed copy (for trying moves on a copied game).
pub trait ModuleObject {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn clone_box(&self) -> Box<dyn RuleModule>;
}

impl<T: RuleModule + Clone + 'static> ModuleObject for T {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn RuleModule> {
        Box::new(self.clone())
    }
}
