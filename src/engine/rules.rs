//! The seam between the core and the game modes: named hooks a module may implement, and the
//! rule keys every consequence carries (content maps them to rule sections and rulings).

use std::any::Any;

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
    /// What each option brings the players by the module's own count, for policies that
    /// pick greedily; empty when the module has no measure.
    pub worth: Vec<Worth>,
}

/// Asks the players only when there is a choice: a single option is taken without asking.
pub fn ask(decider: &mut dyn Decider, question: &Question) -> usize {
    match question.options.len() {
        0 | 1 => 0,
        n => decider.choose(question).min(n - 1),
    }
}

/// Points scored and ghosts removed by one option of a question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Worth {
    pub points: i32,
    pub ghosts: i32,
}

impl Question {
    pub fn new(key: &'static str, options: Vec<String>) -> Question {
        Question {
            key,
            options,
            worth: Vec::new(),
        }
    }
}

/// How a center feature (monastery, castle, graveyard) is completed by its neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Surround {
    /// 4: the orthogonal neighbours; 8: all around.
    pub needed: usize,
    /// Whether face-down tiles count as neighbours (otherwise one blocks completion).
    pub face_down_counts: bool,
}

impl Default for Surround {
    fn default() -> Self {
        Surround {
            needed: 8,
            face_down_counts: false,
        }
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
    ("zh.konec", "závěrečné hodnocení nedokončeného území"),
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
    (
        "zh.konec.hra-skoncila",
        "hra skončila, další tahy se nehrají",
    ),
    (
        "dc.druzinik.louka",
        "v Duších nejsou sedláci: na louku se družiník nestaví",
    ),
    (
        "dc.mlha.duchove-odchazeji",
        "z uzavřené mlhy se duchové vracejí do banku a žádní nepřicházejí",
    ),
    (
        "dc.duchove.vynoreni",
        "na symboly duchů v neuzavřené mlze přikládané kartičky přicházejí duchové",
    ),
    (
        "dc.duchove.o-jednoho-mene",
        "kartička rozšiřující mlhu na plánu dostane o ducha méně",
    ),
    (
        "dc.hodnoceni.barvy",
        "každá barva na dokončeném území získá jeho plnou hodnotu, většina neplatí",
    ),
    (
        "dc.hodnoceni.duchove",
        "místo bodů za dokončené území až 3 duchové z jedné kartičky; odpadá celé hodnocení",
    ),
    (
        "dc.cil.vyhra",
        "tým vyhrává, jakmile počítadlo dosáhne cíle nebo ho přejde",
    ),
    (
        "dc.prohra.duchove",
        "je třeba postavit ducha a bank je prázdný: prohra",
    ),
    (
        "dc.prohra.karticky",
        "je třeba táhnout kartičku a žádná nezbývá: prohra",
    ),
    (
        "dc.prohra.prah",
        "hromádka došla dřív, než tým dosáhl prahu psa: prohra",
    ),
    (
        "dc.zamek.hodnoceni",
        "obklopený zámek: 2 body za každou kartičku s mlhou v okolí 3x3",
    ),
    (
        "dc.hrbitov.bez-druzinika",
        "na hřbitov se družiník nestaví, leží tam jen pohřbený",
    ),
    (
        "dc.hrbitov.duch",
        "když přijde duch do mlhy, další jde na jeden otevřený hřbitov",
    ),
    (
        "dc.hrbitov.pohrbeni",
        "uzavřený hřbitov: pohřbí se jeden družiník z plánu",
    ),
    (
        "dc.hrbitov.ze-zasoby",
        "na plánu nestojí družiník: pohřbí se družiník ze zásoby",
    ),
    (
        "dc.hrbitov.duchove-odchazeji",
        "z uzavřeného hřbitova se duchové vracejí do banku",
    ),
    (
        "dc.hromadka.dalsi",
        "dosažený práh psa otevírá další hromádku, zbytek jde navrch",
    ),
    (
        "dc.pes.umisteni",
        "dosažený práh: pes k stojícímu družiníkovi",
    ),
    (
        "dc.pes.duchove",
        "pes odhání až 3 duchy z každé ze 2 kartiček okolí 3x3",
    ),
    (
        "dc.pes.ztracen",
        "na plánu nestojí žádný družiník: pes propadá",
    ),
    (
        "dc.pes.hodnoceni",
        "pes se hodnotí s územím svého družiníka: 1 bod za ducha na plánu",
    ),
    (
        "dc.pes.do-krabice",
        "pes u pohřbeného družiníka se vrací do krabice bez hodnocení",
    ),
    (
        "dc.pocitadla.barva",
        "úroveň 6: body barvy bez počítadla posunou zvolené počítadlo",
    ),
    (
        "dc.pocitadla.prahy",
        "úroveň 6: práh i cíl platí, až je dosáhnou všechna počítadla",
    ),
    (
        "dc.zaklety.duchove",
        "přiložený zakletý hřbitov: duch na každou sousední kartičku s mlhou",
    ),
    (
        "dc.zaklety.licem-dolu",
        "otevřený zakletý hřbitov: na konci tahu jedna kartička lícem dolů k němu",
    ),
    (
        "dc.rub.soused",
        "kartička lícem nahoru musí sousedit s kartičkou lícem nahoru",
    ),
    (
        "dzh.mlha.houstne",
        "mlha houstne (navazuje na mlhu na plánu): duch k figurce soupeře",
    ),
    (
        "dzh.mlha.rozptyleni",
        "mlha se rozptyluje (sousedí se stranou bez mlhy): duch k vlastní figurce",
    ),
    ("dzh.duch.souper", "duch přichází k figurce soupeře"),
    ("dzh.duch.vlastni", "duch přichází k vlastní figurce"),
    (
        "dzh.duch.nic",
        "prázdný bank nebo žádná vhodná figurka: nestane se nic",
    ),
    (
        "dzh.duch.treti",
        "třetí duch vyžene figurku z plánu, duchové do banku",
    ),
    (
        "dzh.duch.minus-dva",
        "za každého ducha u hodnocené figurky −2 body, skóre nikdy pod 0",
    ),
    (
        "dzh.duch.konec",
        "na konci hry −1 bod za každého ducha u figurky",
    ),
    (
        "dzh.zamek.hodnoceni",
        "obklopený zámek: 2 body za kartičku s mlhou v okolí 3x3",
    ),
    (
        "dzh.zamek.konec",
        "obsazený nedokončený zámek na konci: 1 bod za kartičku s mlhou",
    ),
    (
        "dzh.hrbitov.strazny",
        "obklopený hřbitov: hrobník získá strážného z obecné zásoby, žádné body",
    ),
    (
        "hk.hostinec",
        "dokončená cesta s hostincem: 2 body za kartičku",
    ),
    (
        "hk.hostinec.nedokoncena",
        "nedokončená cesta s hostincem na konci: 0 bodů",
    ),
    (
        "hk.katedrala",
        "dokončené město s katedrálou: 3 body za kartičku a erb",
    ),
    (
        "hk.katedrala.nedokoncene",
        "nedokončené město s katedrálou na konci: 0 bodů",
    ),
    (
        "da.obdrzeni",
        "rozšíření cizí cesty či města bez podílu na převaze: jeden dárek za tah",
    ),
    (
        "da.obdrzeni.zadny",
        "všechny dárky jsou neotevřené v rukou: žádný dárek",
    ),
    (
        "da.balicek.znovu",
        "došlý balíček dárků se doplní zamícháním odložených",
    ),
    (
        "da.otevreni.prilozitelna",
        "dárek lze otevřít jen s taženou kartičkou, kterou lze přiložit",
    ),
    ("da.otevreni.nema", "hráč takový neotevřený dárek nemá"),
    ("da.otevreni.cil", "dárek potřebuje jiný cíl"),
    (
        "da.koncil",
        "Koncil: družiník do libovolného nedokončeného kláštera",
    ),
    (
        "da.vyklizeni",
        "Vyklizení cesty: cesta se hodnotí jako na konci a figurky z ní odcházejí",
    ),
    (
        "da.vyplaceni",
        "Vyplacení: vlastní družiník zpět, 2 body za každou figurku na území",
    ),
    (
        "da.zmena-postoje",
        "Změna postoje: družiník si lehne na louku nebo z ní vstane na téže kartičce",
    ),
    (
        "da.vyber",
        "Výběr ze 2: tahají se dvě kartičky, jedna se přiloží, druhá odloží",
    ),
    (
        "da.vyber.neprilozitelna",
        "Výběr ze 2: nepřiložitelná kartička se odkládá a táhne se další",
    ),
    ("da.konec", "na konci 2 body za každý neotevřený dárek"),
    (
        "da.bez-ucinku",
        "dárek, který teď nemá účinek, se jen odloží",
    ),
];

pub fn rule_description(key: &str) -> Option<&'static str> {
    RULE_KEYS.iter().find(|(k, _)| *k == key).map(|(_, d)| *d)
}
