//! The seam between the core and the game modes: named hooks a module may implement, and the
//! rule keys every consequence carries (content maps them to rule sections and rulings).

use super::game::{MeepleKind, State};
use super::tile::FeatureKind;
use crate::model::geometry::Pos;

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
    pub options: Vec<String>,
}

/// Whoever answers the players' decisions: a scenario's listed answers, or a random player.
pub trait Decider {
    /// The index of the chosen option.
    fn choose(&mut self, question: &Question) -> usize;
}

/// A tile about to be placed, for vetoes.
#[derive(Debug, Clone, Copy)]
pub struct TilePlacement {
    pub tile: usize,
    pub pos: Pos,
    pub rotation: u8,
}

/// A meeple about to be placed, for vetoes.
#[derive(Debug, Clone, Copy)]
pub struct MeeplePlacement {
    pub player: usize,
    pub kind: MeepleKind,
    /// The feature node it would stand on.
    pub node: u32,
    pub feature: FeatureKind,
}

/// The scoring of one completed feature, built up by the modules in order.
#[derive(Debug, Clone)]
pub struct FeatureScore {
    /// Root node of the feature.
    pub node: u32,
    pub kind: FeatureKind,
    pub points: i32,
    /// Players who receive `points`.
    pub winners: Vec<usize>,
    pub rule: &'static str,
    pub explanation: String,
}

/// A game mode or expansion. Every hook has a default that does nothing, so a module
/// implements only what its rules change.
pub trait RuleModule: Send + Sync {
    fn id(&self) -> &'static str;

    /// How many neighbours complete a center feature, if this module decides it.
    fn surround_needed(&self, _kind: FeatureKind) -> Option<usize> {
        None
    }

    fn veto_tile(&self, _state: &State, _placement: &TilePlacement) -> Option<Refusal> {
        None
    }

    fn veto_meeple(&self, _state: &State, _placement: &MeeplePlacement) -> Option<Refusal> {
        None
    }

    fn tile_placed(&self, _state: &mut State, _placed: usize, _decider: &mut dyn Decider) {}

    fn meeple_placed(&self, _state: &mut State, _meeple: usize) {}

    fn feature_completed(&self, _state: &mut State, _node: u32, _decider: &mut dyn Decider) {}

    /// Fills in or adjusts the score of a completed feature.
    fn score_completed(&self, _state: &State, _score: &mut FeatureScore) {}

    fn end_of_turn(&self, _state: &mut State, _decider: &mut dyn Decider) {}

    fn end_of_game(&self, _state: &mut State) {}
}

/// Every rule key the engine and its modules emit, with what it stands for. Content maps
/// each to the rule section (and ruling) it follows from (`content/rule-keys.yaml`).
pub const RULE_KEYS: &[(&str, &str)] = &[
    ("zh.prilozeni.obsazeno", "na políčku už kartička leží"),
    (
        "zh.prilozeni.soused",
        "kartička musí sousedit hranou s položenou kartičkou",
    ),
    ("zh.prilozeni.navaznost", "území na stycích musí navazovat"),
    ("zh.prilozeni.mimo", "políčko je mimo hrací plochu"),
    (
        "zh.prilozeni.nelze-nikam",
        "kartičku nelze nikam přiložit: odkládá se a táhne se jiná",
    ),
    (
        "zh.prilozeni.povinne",
        "taženou kartičku, kterou lze přiložit, hráč přiložit musí",
    ),
    ("zh.prilozeni", "přiložení kartičky"),
    (
        "zh.druzinik.jen-nova-karticka",
        "družiník jen na právě přiloženou kartičku",
    ),
    ("zh.druzinik.jeden-za-tah", "nejvýše jeden družiník za tah"),
    ("zh.druzinik.obsazeno", "území už je obsazené"),
    (
        "zh.druzinik.zadne-uzemi",
        "na tom místě kartičky není území pro družiníka",
    ),
    ("zh.druzinik.zasoba", "hráč nemá družiníka v zásobě"),
    ("zh.druzinik.nasazen", "družiník nasazen"),
    (
        "zh.druzinik.navrat",
        "po hodnocení se družiníci vracejí do zásoby",
    ),
    ("zh.uzemi.dokonceno", "území je dokončeno"),
    ("zh.cesta.hodnoceni", "dokončená cesta: 1 bod za kartičku"),
    (
        "zh.mesto.hodnoceni",
        "dokončené město: 2 body za kartičku a 2 za erb",
    ),
    ("zh.klaster.hodnoceni", "obklopený klášter: 9 bodů"),
    (
        "zh.vetsina",
        "body získá hráč s většinou družiníků, při rovnosti všichni",
    ),
    (
        "zh.konec.cesta",
        "nedokončená cesta na konci: 1 bod za kartičku",
    ),
    (
        "zh.konec.mesto",
        "nedokončené město na konci: 1 bod za kartičku a erb",
    ),
    (
        "zh.konec.klaster",
        "nedokončený klášter na konci: 1 bod za kartičku 3x3",
    ),
    (
        "zh.konec.louka",
        "louka na konci: 3 body za každé sousední dokončené město",
    ),
    (
        "zh.start.ctyri-karticky",
        "startovní destička 2x2 se počítá jako 4 kartičky",
    ),
    (
        "du.zricenina",
        "zřícenina uprostřed startovní destičky ukončuje cesty a dělí louky",
    ),
    ("du.mlha.louka", "na louku v mlze nelze postavit družiníka"),
    ("du.mlha.uzavrena", "mlha je uzavřena"),
    (
        "du.mlha.nelze-uzavrit",
        "mlha sousedí s územím bez mlhy a nelze ji uzavřít",
    ),
];

pub fn rule_description(key: &str) -> Option<&'static str> {
    RULE_KEYS.iter().find(|(k, _)| *k == key).map(|(_, d)| *d)
}
