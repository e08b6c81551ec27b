//! The rule keys every consequence carries, core and modules alike, with what each stands
//! for. Content maps each key to the rule section (and rulings) it follows from
//! (`content/rule-keys.yaml`).

use crate::engine::modules::{active, ids, scenario_level, BASE_GAME, REGISTRY};
use crate::model::{Citation, Corpus, Scenario, Start, Step, TileRef, TileSet};

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
    (
        "zh.vetsina",
        "body získá hráč s většinou figurek, při rovnosti všichni",
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
        "nedokončený klášter na konci: 1 bod za kartičku 3×3",
    ),
    (
        "zh.konec.louka",
        "louka na konci: 3 body za každé sousední dokončené město",
    ),
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
    (
        "dc.druzinik.louka",
        "v Duších nejsou sedláci: na louku se strážný nestaví",
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
        "dc.hodnoceni.volba",
        "za dokončené obsazené území si tým vezme body, nebo místo nich sundá duchy",
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
        "obklopený zámek: 2 body za každou kartičku s mlhou v okolí 3×3",
    ),
    (
        "dc.hrbitov.bez-druzinika",
        "na hřbitov se strážný nestaví, leží tam jen pohřbený",
    ),
    (
        "dc.hrbitov.duch",
        "když přijde duch do mlhy, další jde na jeden otevřený hřbitov",
    ),
    (
        "dc.hrbitov.pohrbeni",
        "uzavřený hřbitov: pohřbí se jeden strážný z plánu",
    ),
    (
        "dc.hrbitov.ze-zasoby",
        "na plánu nestojí strážný: pohřbí se strážný ze zásoby",
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
        "dosažený práh: pes ke stojícímu strážnému",
    ),
    (
        "dc.pes.duchove",
        "pes odhání až 3 duchy z každé ze 2 kartiček okolí 3×3",
    ),
    (
        "dc.pes.ztracen",
        "na plánu nestojí žádný strážný: pes propadá",
    ),
    (
        "dc.pes.hodnoceni",
        "pes se hodnotí s územím svého strážného: 1 bod za ducha na plánu",
    ),
    (
        "dc.pes.do-krabice",
        "pes u pohřbeného strážného se vrací do krabice bez hodnocení",
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
        "obklopený zámek: 2 body za kartičku s mlhou v okolí 3×3",
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

/// Keys only the base game's own module emits (majority, final scoring): the cooperative
/// game has none of it, and its tiles have no monastery.
const BASE_GAME_ONLY: &[&str] = &[
    "zh.vetsina",
    "zh.konec.cesta",
    "zh.konec.mesto",
    "zh.konec.klaster",
    "zh.konec.louka",
    "zh.klaster.hodnoceni",
];

/// Keys that need the Mists material (fog, the 2x2 start tile): played by whichever game
/// plays the `du` rules.
const MISTS_MATERIAL: &[&str] = &["zh.start.ctyri-karticky"];

/// Whether the engine can emit `key` in a game of `game` with `expansions`: what the
/// citation of the key has to cover. A key's prefix names the rules that emit it
/// (`Descriptor::rule_prefixes`): the game or one of its expansions has to play them.
pub fn emitted_in(key: &str, game: &str, expansions: &[String]) -> bool {
    let played = active(REGISTRY, Some(game), expansions);
    let plays = |prefix: &str| played.iter().any(|d| d.rule_prefixes.contains(&prefix));
    if MISTS_MATERIAL.contains(&key) {
        return plays("du");
    }
    let prefix = key.split('.').next().unwrap_or_default();
    plays(prefix) && !(game != BASE_GAME && BASE_GAME_ONLY.contains(&key))
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
