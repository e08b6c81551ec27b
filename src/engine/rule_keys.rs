//! The rule keys every consequence carries, core and modules alike, with what each stands
//! for. Content maps each key to the rule section (and rulings) it follows from
//! (`content/rule-keys.yaml`).

use crate::engine::modules::{active, ids, scenario_level, Descriptor, BASE_GAME, REGISTRY};
use crate::model::{Citation, Corpus, Scenario, Start, Step, TileRef, TileSet};

/// The rule keys the core and the modules every game shares (`values`) emit, with what each
/// stands for; each game's or expansion's own are in its descriptor (`rule_keys`).
const ENGINE_KEYS: &[(&str, &str)] = &[
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
        "figurka jen na právě přiloženou kartičku",
    ),
    ("zh.druzinik.jeden-za-tah", "nejvýše jedna figurka za tah"),
    ("zh.druzinik.obsazeno", "území už je obsazené"),
    (
        "zh.druzinik.zadne-uzemi",
        "na tom místě kartičky není území pro figurku",
    ),
    ("zh.druzinik.zasoba", "hráč nemá figurku v zásobě"),
    ("zh.druzinik.nasazen", "nasazení figurky"),
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
    ("zh.konec", "závěrečné hodnocení nedokončeného území"),
    (
        "zh.start.ctyri-karticky",
        "startovní destička 2×2 se počítá jako 4 kartičky",
    ),
    (
        "du.zricenina",
        "zřícenina uprostřed startovní destičky ukončuje cesty a dělí louky",
    ),
    ("du.mlha.louka", "na louku v mlze nelze postavit figurku"),
    ("du.mlha.uzavrena", "mlha je uzavřena"),
    (
        "du.mlha.nelze-uzavrit",
        "mlha sousedí s územím bez mlhy a nelze ji uzavřít",
    ),
    (
        "zh.konec.hra-skoncila",
        "hra skončila, další tahy se nehrají",
    ),
];

/// Every rule key the engine and its modules emit, with what it stands for. Content maps
/// each to the rule section (and ruling) it follows from (`content/rule-keys.yaml`).
pub fn rule_keys() -> impl Iterator<Item = (&'static str, &'static str)> {
    let modules = REGISTRY.iter().flat_map(|d| d.rule_keys);
    ENGINE_KEYS.iter().chain(modules).copied()
}

pub fn rule_description(key: &str) -> Option<&'static str> {
    rule_keys().find(|(k, _)| *k == key).map(|(_, d)| d)
}

/// The one shared key only the base game's tiles can give: the cooperative game's tiles have
/// no monastery.
const BASE_GAME_ONLY: &str = "zh.klaster.hodnoceni";

/// Keys that need the Mists material (fog, the 2x2 start tile): played by whichever game
/// plays the `du` rules.
const MISTS_MATERIAL: &[&str] = &["zh.start.ctyri-karticky"];

/// Whether the engine can emit `key` in a game of `game` with `expansions`: what the
/// citation of the key has to cover. A game's or expansion's own key needs that module in
/// play; a shared key's prefix names the rules that emit it (`Descriptor::rule_prefixes`),
/// which the game or one of its expansions has to play.
pub fn emitted_in(key: &str, game: &str, expansions: &[String]) -> bool {
    let played = active(REGISTRY, Some(game), expansions);
    let owns = |d: &&Descriptor| d.rule_keys.iter().any(|(k, _)| *k == key);
    if REGISTRY.iter().any(owns) {
        return played.iter().any(owns);
    }
    let plays = |prefix: &str| played.iter().any(|d| d.rule_prefixes.contains(&prefix));
    if MISTS_MATERIAL.contains(&key) {
        return plays("du");
    }
    let prefix = key.split('.').next().unwrap_or_default();
    plays(prefix) && !(game != BASE_GAME && key == BASE_GAME_ONLY)
}

/// A game as citations see it: the game, its expansions and (cooperative) the level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub game: String,
    pub expansions: Vec<String>,
    pub level: Option<u8>,
}

impl Played {
    /// Every way to play: the base game with each combination of expansions, and the
    /// cooperative game at each level.
    pub fn all() -> Vec<Played> {
        let expansions = ids(REGISTRY, true);
        let mut out: Vec<Played> = (0..1u32 << expansions.len())
            .map(|mask| Played {
                game: BASE_GAME.to_owned(),
                expansions: expansions
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, e)| (*e).to_owned())
                    .collect(),
                level: None,
            })
            .collect();
        for ruleset in REGISTRY
            .iter()
            .filter(|d| !d.expansion && d.id != BASE_GAME)
        {
            out.extend(ruleset.levels.iter().map(|&level| Played {
                game: ruleset.id.to_owned(),
                expansions: Vec::new(),
                level: Some(level),
            }));
        }
        out
    }

    /// The game itself or one of its expansions.
    pub fn includes(&self, game: &str) -> bool {
        self.game == game || self.expansions.iter().any(|e| e == game)
    }

    /// In Czech, for messages: "Duchové Carcassonne, úroveň 3".
    pub fn describe(&self) -> String {
        let mut text = self.game.clone();
        for e in &self.expansions {
            text.push_str(" + ");
            text.push_str(e);
        }
        if let Some(level) = self.level {
            text.push_str(&format!(", úroveň {level}"));
        }
        text
    }
}

/// What a scenario plays, as citations see it: its game, expansions and level. A base game
/// that lays an expansion's tiles plays them by that expansion's rules: the Mists material
/// (the 2x2 start tile, `du-` tiles) by those of Duchové, zámky a hřbitovy, its box.
pub fn played(scenario: &Scenario, corpus: &Corpus) -> Played {
    let mut expansions = scenario.expansions.clone();
    if scenario.ruleset == BASE_GAME {
        for expansion in REGISTRY.iter().filter(|d| d.expansion) {
            let Some(set) = expansion.tile_set.and_then(|id| corpus.tile_set(id)) else {
                continue;
            };
            if !expansions.iter().any(|e| e == expansion.id) && lays_tiles_of(scenario, set) {
                expansions.push(expansion.id.to_owned());
            }
        }
    }
    Played {
        game: scenario.ruleset.clone(),
        expansions,
        level: scenario_level(scenario),
    }
}

/// Whether a scenario lays a tile of `set`, its 2x2 start tile included.
fn lays_tiles_of(scenario: &Scenario, set: &TileSet) -> bool {
    let ours = |tile: &TileRef| matches!(tile, TileRef::Catalog(id) if set.tiles.iter().any(|t| t.id == *id));
    (scenario.start == Start::Square2x2 && set.tiles.iter().any(|t| t.start_part.is_some()))
        || scenario.board.iter().any(|b| ours(&b.tile))
        || scenario.steps.iter().any(|s| match s {
            Step::Place { tile, .. } | Step::Pass { tile, .. } => ours(tile),
            Step::EndGame { .. } => false,
        })
}

/// What `key` cites for the game, expansions and level a scenario plays (`Corpus::cite`),
/// `played` being the scenario's `played`, worked out once per scenario: it reads every step.
pub fn cite_in<'c>(corpus: &'c Corpus, key: &str, played: &Played) -> Option<Citation<'c>> {
    corpus.cite(key, &played.game, &played.expansions, played.level)
}
