//! The validated corpus: games, rule sections, rulings and the glossary; tile catalogs.

use serde::{Deserialize, Serialize};

use super::pieces::FeatureKind;
use super::scenario::Scenario;
use super::tiles::{TileSet, TileSpec};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// The base game the expansions build on.
    Zakladni,
    /// The cooperative game, played in levels.
    Kooperativni,
    /// An expansion for the base game.
    Rozsireni,
}

impl GameKind {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "zakladni" => Some(GameKind::Zakladni),
            "kooperativni" => Some(GameKind::Kooperativni),
            "rozsireni" => Some(GameKind::Rozsireni),
            _ => None,
        }
    }

    pub const NAMES: &'static str = "zakladni, kooperativni, rozsireni";
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Game {
    pub id: String,
    pub title: String,
    pub title_en: String,
    pub prefix: String,
    pub kind: GameKind,
    /// The source document the game's facts come from (none for the base game).
    pub source: Option<String>,
    /// Words by which a query names this game ("v kooperativní hře"), so search leans to it.
    pub named_by: Vec<String>,
    /// Words that point to this game without naming it ("tým", "pes"), so search leans to it
    /// a little; derived from the game's texts and reviewed (search::hints).
    pub hinted_by: Vec<String>,
    /// Games our texts never say how to play together with this one (the cooperative game
    /// with Inns & Cathedrals or the Gifts): a query naming both is told the rules leave it
    /// open.
    #[serde(default)]
    pub not_combined_with: Vec<String>,
}

impl Game {
    /// Only the cooperative game has levels.
    pub fn has_levels(&self) -> bool {
        self.kind == GameKind::Kooperativni
    }
}

/// Where an entry was defined, for messages and for maintainers.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Origin {
    pub file: String,
    pub line: usize,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Ruling {
    pub id: String,
    /// The ID exactly as the source writes it; several rulings may share one.
    pub source_id: Option<String>,
    /// Further IDs the source quotes inside the answer.
    pub cites: Vec<String>,
    pub date: Option<String>,
    /// Where in the game's source document the ruling stands, in words that continue
    /// "… v pravidlech <hra>" (`otázka k části „Cesta“`): for rulings the source gives no ID or
    /// no date. Without it the provenance names the rule section's topic.
    pub source_part: Option<String>,
    pub source_line: Option<u32>,
    pub game: String,
    pub levels: Vec<u8>,
    pub section: String,
    pub question: String,
    /// Other ways players ask the same question, in their own words (searched with a lower
    /// weight than the question).
    pub phrasings: Vec<String>,
    pub answer_short: String,
    pub answer: String,
    pub tags: Vec<String>,
    /// Why no scenario verifies this ruling, when none can.
    pub coverage: Option<CoverageNote>,
    pub origin: Origin,
}

impl Ruling {
    /// How a player refers to the ruling: its source ID, or its question in quotes when the
    /// source gives none.
    pub fn reference(&self) -> String {
        match &self.source_id {
            Some(source_id) => source_id.clone(),
            None => format!("„{}“", self.question),
        }
    }
}

/// A ruling no scenario can verify: it is not about the game's mechanics, or outside what
/// the engine models.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CoverageNote {
    pub status: CoverageStatus,
    pub reason: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CoverageStatus {
    NonMechanical,
    OutOfScope,
}

impl CoverageStatus {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "non-mechanical" => Some(CoverageStatus::NonMechanical),
            "out-of-scope" => Some(CoverageStatus::OutOfScope),
            _ => None,
        }
    }
}

/// The cooperative game's levels run from 1 to this.
pub const MAX_LEVEL: u8 = 6;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RuleSection {
    pub id: String,
    pub game: String,
    pub title: String,
    pub order: i64,
    /// The levels the section applies to (all of them unless it says; none outside the
    /// levelled game).
    pub levels: Vec<u8>,
    pub body: String,
    /// Rulings whose `section` is this one, in corpus order.
    pub rulings: Vec<String>,
    pub origin: Origin,
}

/// A reference to a rule section (`id`) or one of its subsections (`id#Nadpis`), as rule keys
/// and the glossary write it: the section's id and the subsection's heading.
pub fn part_reference(entry: &str) -> (&str, Option<&str>) {
    match entry.split_once('#') {
        Some((id, heading)) => (id, Some(heading.trim())),
        None => (entry, None),
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct GlossaryEntry {
    pub term: String,
    pub forms: Vec<String>,
    pub synonyms: Vec<String>,
    pub english: Vec<String>,
    pub definition: String,
    /// The rule sections or subsections that explain the term (see `part_reference`): a
    /// question asking what it is leads with them.
    pub sections: Vec<String>,
}

/// Words players use for one thing ("figurka", "panáček", "meeple" for a meeple): a query
/// with any of them finds the others.
#[derive(Debug, Clone, Serialize)]
pub struct SynonymRing {
    /// The word the rules use.
    pub preferred: String,
    pub members: Vec<String>,
    /// The games in whose texts the words mean the same ("karta" is a tile except in Dárky,
    /// where it is a gift card); empty: every game.
    pub games: Vec<String>,
}

/// A rule concept that players describe as a situation rather than name ("mám dva panáčky na
/// cestě a soused jednoho" → who scores a shared feature): the texts that answer it, and the
/// word patterns that point to it (`concepts.yaml`).
#[derive(Debug, Clone, Serialize)]
pub struct Concept {
    pub id: String,
    /// The question the concept answers, in one sentence.
    pub concept: String,
    /// Ids of the rule sections and rulings that answer it.
    pub points_to: Vec<String>,
    /// Each pattern's words must all occur in a query (in any form) for it to point here.
    pub patterns: Vec<Vec<String>>,
    /// The one game whose own mechanic this is (a ghost at a figure is only the competitive
    /// game's): a query describing it leans to that game as a hinting word does.
    pub game: Option<String>,
}

/// A Carcassonne game or expansion carcref does not cover, with words only it has
/// (`not-covered.yaml`): a query with one of them is told where the thing belongs.
#[derive(Debug, Clone, Serialize)]
pub struct NotCovered {
    pub title: String,
    /// What the entry is: the sentence names it so.
    pub kind: NotCoveredKind,
    pub words: Vec<String>,
    /// Words of this box our texts mention only to say how it combines with our games (the
    /// Kombinace sections): a question with one is answered only by a text that holds it.
    pub mentioned: Vec<String>,
    /// For a topic: word patterns of questions the rules leave open though every word is one
    /// of ours ("dva na dva v týmech"): a query holding one is told so. Each pattern is its
    /// places, each place the words that may stand there ("ztratit" or "rozbít", then "pes").
    pub patterns: Vec<Vec<Vec<String>>>,
    /// For a topic: it is where a question asking why things are as they are belongs when the
    /// texts give no reason (`reasons: true`; one topic at most).
    pub reasons: bool,
    /// For a topic of everyday life (food, weather): its words are often only the setting of a
    /// rules question ("u kafe jsme uzavřeli město…"), which is then answered as such.
    pub setting: bool,
    /// For a topic (strategy): its words often only lead in to a rules question asked in a
    /// sentence of its own ("vyplatí se šetřit dárky? kolik bodů je za neotevřený"), which is
    /// then answered as such.
    pub lead_in: bool,
    /// For a topic with patterns: they name what to do after something told happened ("we
    /// noticed a mistake three turns later; how to fix it?"), so the situation the query
    /// tells, though a rule answers it, does not answer the question.
    pub after_the_fact: bool,
}

/// What a `not-covered.yaml` entry is (serialized as the file writes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum NotCoveredKind {
    /// An expansion of Carcassonne.
    #[serde(rename = "rozsireni")]
    Expansion,
    /// A standalone game.
    #[serde(rename = "hra")]
    Game,
    /// A subject no rules speak of, such as buying the game or strategy.
    #[serde(rename = "tema")]
    Topic,
}

#[derive(Debug, Clone, Default)]
pub struct Corpus {
    pub games: Vec<Game>,
    pub sections: Vec<RuleSection>,
    pub rulings: Vec<Ruling>,
    pub glossary: Vec<GlossaryEntry>,
    /// Words players use interchangeably, for the search (`thesaurus.yaml`).
    pub thesaurus: Vec<SynonymRing>,
    pub concepts: Vec<Concept>,
    pub not_covered: Vec<NotCovered>,
    pub tile_sets: Vec<TileSet>,
    /// The markers tiles may carry on a feature (`cathedral` on a city), as the registered
    /// modules declare them; set before the catalogs and scenarios are read.
    pub tile_markers: Vec<(String, FeatureKind)>,
    pub scenarios: Vec<Scenario>,
    /// Where each engine rule key comes from.
    pub rule_keys: Vec<RuleKeyRef>,
}

/// A rule key of the engine mapped to the rule sections (and rulings) it follows from: at
/// most one section per game; rulings of every game the key is played in. A citation picks
/// from these by the game being played (`Corpus::cite`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RuleKeyRef {
    pub key: String,
    pub sections: Vec<String>,
    /// The subsection (`##` heading) of each of `sections` the key follows from, if named
    /// (`id#Nadpis` in the content).
    pub headings: Vec<Option<String>>,
    pub rulings: Vec<String>,
}

/// What a rule key cites in one game: the section of the game (or an expansion) played, and
/// the rulings that belong to those games and, in the cooperative game, to the level.
#[derive(Debug, Clone)]
pub struct Citation<'a> {
    pub section: &'a RuleSection,
    /// The subsection's heading, when the content names one.
    pub heading: Option<&'a str>,
    pub rulings: Vec<&'a Ruling>,
}

impl Citation<'_> {
    /// The section's title, with the subsection's heading when the content names one:
    /// "Základní hra Carcassonne – Průběh tahu".
    pub fn title(&self) -> String {
        match self.heading {
            Some(heading) => format!("{} – {heading}", self.section.title),
            None => self.section.title.clone(),
        }
    }
}

/// Which rulings a listing shows.
#[derive(Debug, Clone, Default)]
pub struct RulingFilter {
    pub game: Option<String>,
    pub level: Option<u8>,
}

impl RulingFilter {
    fn matches(&self, ruling: &Ruling) -> bool {
        self.game.as_ref().is_none_or(|g| &ruling.game == g)
            && self.level.is_none_or(|l| ruling.levels.contains(&l))
    }
}

impl Corpus {
    pub fn game(&self, id: &str) -> Option<&Game> {
        self.games.iter().find(|g| g.id == id)
    }

    pub fn rule_key(&self, key: &str) -> Option<&RuleKeyRef> {
        self.rule_keys.iter().find(|r| r.key == key)
    }

    /// The section and rulings `key` cites when `game` is played with `expansions` (at
    /// `level` in the cooperative game): the first of the key's sections that belongs to one
    /// of those games, and its rulings that belong to them and (with levels) to the level.
    /// `None` for an unknown key or a game the key has no section for.
    pub fn cite(
        &self,
        key: &str,
        game: &str,
        expansions: &[String],
        level: Option<u8>,
    ) -> Option<Citation<'_>> {
        let reference = self.rule_key(key)?;
        let played = |g: &str| g == game || expansions.iter().any(|e| e == g);
        let (section, heading) = reference
            .sections
            .iter()
            .zip(&reference.headings)
            .filter_map(|(id, heading)| Some((self.section(id)?, heading.as_deref())))
            .find(|(s, _)| played(&s.game))?;
        let rulings = reference
            .rulings
            .iter()
            .filter_map(|id| self.ruling(id))
            .filter(|r| played(&r.game))
            .filter(|r| r.levels.is_empty() || level.is_none_or(|l| r.levels.contains(&l)))
            .collect();
        Some(Citation {
            section,
            heading,
            rulings,
        })
    }

    pub fn tile_set(&self, id: &str) -> Option<&TileSet> {
        self.tile_sets.iter().find(|s| s.id == id)
    }

    /// A tile by id from any catalog.
    pub fn tile(&self, id: &str) -> Option<&TileSpec> {
        self.tile_sets
            .iter()
            .flat_map(|s| &s.tiles)
            .find(|t| t.id == id)
    }

    pub fn section(&self, id: &str) -> Option<&RuleSection> {
        self.sections.iter().find(|s| s.id == id)
    }

    pub fn ruling(&self, id: &str) -> Option<&Ruling> {
        self.rulings.iter().find(|r| r.id == id)
    }

    pub fn rulings_matching<'a>(
        &'a self,
        filter: &'a RulingFilter,
    ) -> impl Iterator<Item = &'a Ruling> + 'a {
        self.rulings.iter().filter(move |r| filter.matches(r))
    }

    /// Rulings named by `key`: our own id, or a source ID (case-insensitive), which may
    /// label several rulings.
    pub fn lookup_rulings(&self, key: &str) -> Vec<&Ruling> {
        let key = key.trim();
        if let Some(ruling) = self.ruling(key) {
            return vec![ruling];
        }
        self.rulings
            .iter()
            .filter(|r| {
                r.source_id
                    .as_deref()
                    .is_some_and(|s| s.eq_ignore_ascii_case(key))
            })
            .collect()
    }

    /// How many rulings carry this source ID.
    pub fn source_id_count(&self, source_id: &str) -> usize {
        self.rulings
            .iter()
            .filter(|r| r.source_id.as_deref() == Some(source_id))
            .count()
    }
}

/// Where a ruling comes from, as the ruling page, the rulings list and `carcref show` say it:
/// the source's ID and date exactly as given, the document and its part in words, and what
/// the source leaves out. Never an ID the source does not give.
#[derive(Debug, Clone, Serialize)]
pub struct Provenance {
    source_id: Option<String>,
    date: Option<String>,
    /// "otázka k části „Cesta“ v pravidlech kooperativní hry Duchové Carcassonne"
    origin: String,
    /// "zdroj neuvádí ID", or nothing when the source gives one.
    missing: Option<&'static str>,
    /// All of it in one line, as every place shows it (`text`).
    pub text: String,
}

impl Provenance {
    pub fn of(ruling: &Ruling, corpus: &Corpus) -> Self {
        let document = match corpus.game(&ruling.game) {
            Some(g) => match g.kind {
                GameKind::Kooperativni => format!("v pravidlech kooperativní hry {}", g.title),
                GameKind::Rozsireni => format!("v pravidlech rozšíření {}", g.title),
                GameKind::Zakladni => format!("v pravidlech hry {}", g.title),
            },
            None => "v pravidlech hry".to_owned(),
        };
        // Without the part in the content, the rule section the ruling belongs to still says
        // which topic of the document it is about.
        let origin = match (&ruling.source_part, corpus.section(&ruling.section)) {
            (Some(part), _) => format!("{part} {document}"),
            (None, Some(section)) => format!("otázka k tématu „{}“ {document}", section.title),
            (None, None) => format!("otázka {document}"),
        };
        let missing = match (&ruling.source_id, &ruling.date) {
            (Some(_), _) => None,
            (None, Some(_)) => Some("zdroj neuvádí ID"),
            (None, None) => Some("zdroj neuvádí ID ani datum"),
        };
        let mut provenance = Provenance {
            source_id: ruling.source_id.clone(),
            date: ruling.date.clone(),
            origin,
            missing,
            text: String::new(),
        };
        provenance.text = provenance.line();
        provenance
    }

    /// "ID zdroje Dized.MoC.0051; otázka k části „Cesta“ v pravidlech …", or
    /// "Otázka k části … (9/2022); zdroj neuvádí ID".
    fn line(&self) -> String {
        let mut parts = Vec::new();
        if let Some(id) = &self.source_id {
            parts.push(format!("ID zdroje {id}"));
        }
        let mut origin = self.origin.clone();
        if let Some(date) = &self.date {
            origin.push_str(&format!(" ({date})"));
        }
        parts.push(origin);
        parts.extend(self.missing.map(str::to_owned));
        capitalize(&parts.join("; "))
    }
}

/// The text with its first letter upper-case.
fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Levels as a compact Czech range list: `1–6`, `2, 4`, `3–4, 6`.
/// "úroveň 2", "úrovně 2–4", "úrovně 1, 3": the levels with the noun in the right number.
pub fn levels_cs(levels: &[u8]) -> String {
    let mut distinct = levels.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let noun = if distinct.len() == 1 {
        "úroveň"
    } else {
        "úrovně"
    };
    format!("{noun} {}", format_levels(levels))
}

pub fn format_levels(levels: &[u8]) -> String {
    let mut sorted = levels.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let start = sorted[i];
        let mut end = start;
        while i + 1 < sorted.len() && sorted[i + 1] == end + 1 {
            i += 1;
            end = sorted[i];
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}–{end}")
        });
        i += 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_formatted_as_ranges() {
        assert_eq!(format_levels(&[1, 2, 3, 4, 5, 6]), "1–6");
        assert_eq!(format_levels(&[2, 4]), "2, 4");
        assert_eq!(format_levels(&[6, 3, 4]), "3–4, 6");
        assert_eq!(format_levels(&[]), "");
    }
}
