//! The tantivy index over rulings and rule sections, and ranked search over it.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::fs;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use tantivy::collector::TopDocs;
use tantivy::directory::RamDirectory;
use tantivy::query::{
    BooleanQuery, BoostQuery, DisjunctionMaxQuery, FuzzyTermQuery, Occur, Query, TermQuery,
};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, Value, INDEXED, STORED,
    STRING,
};
use tantivy::tokenizer::{PreTokenizedString, Token as TantivyToken};
use tantivy::{Directory, Index, IndexReader, ReloadPolicy, TantivyDocument, Term};

use super::not_covered::NotCoveredTable;
use super::query::{self, IdReference};
use super::snippet::{self, Snippet};
use super::terms::{
    edits, negates_either, Expansions, QueryTerms, QueryWord, TermSet, FUZZY_MIN_LETTERS,
    SUGGESTION_TWO_EDITS_MIN_LETTERS,
};
use super::title::Title;
use crate::content::to_plain_text;
use crate::czech::{analyze_query, fold_word, is_question_word};
use crate::czech::{Analyzer, BaselineAnalyzer, CzechAnalyzer, Token};
use crate::model::{part_reference, Corpus, Game, GameKind, SynonymRing, MAX_LEVEL};

/// Which analyzer the index uses. Only the Czech one is for users; the baseline (tantivy's
/// default tokenizer: lowercase words) exists to measure what the Czech analyzer gains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnalyzerChoice {
    Czech,
    Baseline,
}

impl AnalyzerChoice {
    fn analyzer(self) -> Arc<dyn Analyzer> {
        match self {
            AnalyzerChoice::Czech => Arc::new(CzechAnalyzer),
            AnalyzerChoice::Baseline => Arc::new(BaselineAnalyzer),
        }
    }
}

#[derive(Debug)]
pub struct SearchError(String);

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "chyba vyhledávacího indexu: {}", self.0)
    }
}

impl std::error::Error for SearchError {}

impl From<tantivy::TantivyError> for SearchError {
    fn from(error: tantivy::TantivyError) -> Self {
        SearchError(error.to_string())
    }
}

impl From<std::io::Error> for SearchError {
    fn from(error: std::io::Error) -> Self {
        SearchError(error.to_string())
    }
}

impl From<serde_json::Error> for SearchError {
    fn from(error: serde_json::Error) -> Self {
        SearchError(error.to_string())
    }
}

impl From<tantivy::directory::error::OpenDirectoryError> for SearchError {
    fn from(error: tantivy::directory::error::OpenDirectoryError) -> Self {
        SearchError(error.to_string())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HitKind {
    Ruling,
    Rule,
}

/// What the index knows about each document besides its terms.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct DocInfo {
    kind: HitKind,
    id: String,
    source_id: Option<String>,
    /// The ruling's question, or the rule part's heading path.
    title: String,
    answer_short: Option<String>,
    /// Plain text for the snippet.
    text: String,
    /// Every folded term of the document, for counting which query concepts it matches.
    terms: TermSet,
    /// The folded terms of each passage (a line of the title, short answer, answer or
    /// phrasings) in order, for finding query words that stand next to each other: one line
    /// per passage, terms separated by spaces (one string loads faster than a list of lists).
    passages: String,
    /// For the game and level filters, which apply to every hit, ID matches included.
    game: String,
    levels: Vec<u8>,
}

impl DocInfo {
    /// A document before `document` fills in its terms, passages, game and levels.
    fn new(kind: HitKind, id: &str, title: String, text: String) -> Self {
        DocInfo {
            kind,
            id: id.to_owned(),
            source_id: None,
            title,
            answer_short: None,
            text,
            terms: TermSet::default(),
            passages: String::new(),
            game: String::new(),
            levels: Vec::new(),
        }
    }

    fn passes(&self, options: &SearchOptions) -> bool {
        options.game.as_ref().is_none_or(|g| *g == self.game)
            && options.level.is_none_or(|l| self.levels.contains(&l))
    }
}

#[derive(Debug, Clone)]
pub struct Hit {
    pub kind: HitKind,
    pub id: String,
    pub source_id: Option<String>,
    pub question: String,
    pub answer_short: Option<String>,
    /// The title of the hit's game, as players know it.
    pub game_title: String,
    pub snippet: Snippet,
    pub score: f32,
}

#[derive(Debug, Clone)]
pub struct SearchOptions {
    pub game: Option<String>,
    pub level: Option<u8>,
    pub limit: usize,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            game: None,
            level: None,
            limit: 10,
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct SearchResults {
    pub hits: Vec<Hit>,
    /// The query had no searchable words (only stop words or punctuation) and no ID.
    pub nothing_to_search: bool,
    pub truncated: bool,
    /// Nothing matched as typed, so these results allow more typos.
    pub relaxed: bool,
    /// Query words no document contains, each with the closest word that some do.
    pub suggestions: Vec<Suggestion>,
    /// Whether the first result answers the query directly: named by its ID, or holding
    /// enough of the query's words as typed. When not, the results are only the nearest.
    pub answered: bool,
    /// A sentence for each game carcref does not cover that a query word belongs to; such a
    /// query is never answered.
    pub not_covered: Vec<String>,
}

/// "Mysleli jste …?": a word of the query no document has, and the nearest one some have.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    pub typed: String,
    pub suggested: String,
    /// How many edits apart they are.
    #[serde(skip)]
    typos: usize,
}

/// A text field indexed twice: folded terms and exact (diacritics kept) terms.
#[derive(Debug, Clone, Copy)]
struct TextPair {
    folded: Field,
    exact: Field,
    weight: f32,
}

#[derive(Debug, Clone, Copy)]
struct Fields {
    ordinal: Field,
    game: Field,
    level: Field,
    title: TextPair,
    tags: TextPair,
    short: TextPair,
    body: TextPair,
    phrasings: TextPair,
    game_words: TextPair,
    synonyms: TextPair,
}

impl Fields {
    fn texts(&self) -> [TextPair; 7] {
        [
            self.title,
            self.tags,
            self.short,
            self.body,
            self.phrasings,
            self.game_words,
            self.synonyms,
        ]
    }
}

/// An exact-diacritics match adds this share of the folded match's weight.
pub const EXACT_BONUS: f32 = 0.5;
/// A glossary expansion counts as much as a typed term: a synonym or another form names the
/// same thing (at 0.6, questions in the game's other words fell behind).
pub const EXPANSION_WEIGHT: f32 = 1.0;
/// A one-typo match counts this much of an exact one.
pub const FUZZY_WEIGHT: f32 = 0.3;
/// How much a concept's other matching alternatives add to its best one.
pub const CONCEPT_TIE_BREAKER: f32 = 0.2;
/// Added to the score of rulings the query names by ID, so they rank first.
pub const ID_MATCH_BONUS: f32 = 1000.0;
/// When the query names a level, documents that do not apply to it count `OTHER_LEVEL_FACTOR`
/// of their score, and those that do gain `LEVEL_FOCUS` shared among the levels they cover
/// (×2.33 for a ruling of all six levels), or all of it when the level introduces them (×9:
/// `level_factor`). A long level section matches a question's few words ("kolik bodů na
/// trojce") more weakly than a short ruling on one of them; at 2 (×3) the level's section
/// stayed behind such rulings (session 42, tuning sets: the level-named kind 0.867 → 1.000).
pub const OTHER_LEVEL_FACTOR: f32 = 0.5;
pub const LEVEL_FOCUS: f32 = 8.0;
/// When the query names a game ("v kooperativní hře"), other games' documents count this much:
/// the player said which game is on the table, so another game's section that fits the words
/// better (the competitive cemetery for "družiník na hřbitov v kooperativní hře") falls behind.
pub const OTHER_GAME_FACTOR: f32 = 0.2;
/// The first result answers the query when its document holds at least this share of the
/// query's words (as typed, through synonyms or one typo), each weighed by its rarity: a word
/// no document has weighs most, so a question about something the games lack falls short.
/// (Chosen with the next three on the three tuning sets, session 40: at 0.7 questions in
/// players' own words fell short that no question without an answer reaches.)
pub const ANSWERED_MIN_SHARE: f32 = 0.6;
/// ... or when it matches strongly (its score at least `ANSWERED_MIN_SCORE`) and holds at least
/// `ANSWERED_STRONG_MIN_SHARE`: a question in players' words ("čumí", "points") holds words no
/// text has, yet its game words match one text well, which a question about something the
/// games lack does not (its few matching words are common ones).
pub const ANSWERED_MIN_SCORE: f32 = 25.0;
pub const ANSWERED_STRONG_MIN_SHARE: f32 = 0.2;
/// ... or, holding at least this share, when every word of the query is a word of the games'
/// texts (as typed, through synonyms or as the word a typo stands for). A question about
/// something the games lack names a thing no text has ("stodola", "počasí"); an unrecognised
/// verb or adverb was what kept a plain question below the share.
pub const ANSWERED_KNOWN_WORDS_MIN_SHARE: f32 = 0.3;
/// ... or, holding at least this share, when the query describes a situation the first hit
/// answers (`concepts.yaml` found it in the player's own words): the surest sign, so the
/// player's other words ("zavírám", "naráz", "sme v háji") may be ones no text has. (0.15
/// until session 42: three slang questions of the tuning sets held 0.12–0.13, and no question
/// without an answer reached this path below 0.45.)
pub const ANSWERED_CONCEPT_MIN_SHARE: f32 = 0.1;
/// A question holding a pattern of a topic the rules leave open (`not-covered.yaml`) is still
/// one of ours when its first result holds at least this share of its words and answers a
/// situation the query describes in other words than the pattern's (`concepts.yaml`): "dva
/// hráči mají ve městě stejně panáčků, kdo vyhraje body" is a tie for a city ("stejně
/// panáčků"), not for the game. (Session 49: on a tuning set of 60 answerable questions written
/// with the patterns' words, 0.45 kept most of them answered and told no question without an
/// answer of any set otherwise; 0.4 lost two of those.)
pub const DESCRIBED_SITUATION_MIN_SHARE: f32 = 0.45;
/// The results a player sees first (a phone's screen, the metrics' success@3): a word of a box
/// we do not cover that our texts mention is answered when one of these holds it together
/// with another word of the query.
pub const LEADING_HITS: usize = 3;
/// Documents that answer a concept the query describes (concepts.yaml: "mám dva panáčky na
/// cestě a soused jednoho" → who scores a shared feature) count this much more; one the words
/// did not find joins the candidates at the lowest candidate's score first. (1.5 until
/// session 42: on its situations tuning set and the answered tuning set, MRR rose to 2 and fell
/// beyond, where the first tuning sets lost places in the first three.)
pub const CONCEPT_FACTOR: f32 = 2.0;
/// ... and each further concept the query describes that the document answers adds this share
/// of that factor: a text that answers two of the situations the words describe ("erb" and two
/// colours: the coats of arms in a joint scoring) is likelier the answer than one that answers
/// one. (Session 46: 0.25 to 1 ranked the tuning sets better than 0; 0.5 put four more answers
/// in the first three and cost the first tuning set 0.011 MRR.)
pub const CONCEPT_EXTRA_FACTOR: f32 = 0.5;
/// When the query's words only point to a game ("tým", "pes": games.yaml `hinted_by`), other
/// games' documents count this much: a hint is weaker evidence than a name. (0.7 until
/// session 46: 0.6 put one more answer of the indirect game words tuning set in the first three
/// and lost none on the other tuning sets; 0.5 lost one.)
pub const HINTED_OTHER_GAME_FACTOR: f32 = 0.6;
/// A candidate gains up to this share of its score as the pairs of query words stand next to
/// each other in one of its passages ("obsazenou cestu" in "meepla na obsazenou cestu"): a
/// text that says what the question says beats one that has its words far apart. (0.2 until
/// session 42: every tuning set's MRR rose up to 1.0–1.2 and fell beyond; `answered` reads the
/// first hit's score without it, so its threshold keeps its meaning.)
pub const PROXIMITY_WEIGHT: f32 = 1.0;
/// A rule part has only its heading and text to match, a ruling also its short answer, tags
/// and the ways players ask it; this evens out what the extra fields add to a ruling.
pub const RULE_PART_FACTOR: f32 = 1.3;
/// A rule part that explains what the query names and nothing else counts this much more than
/// the texts that only use it: a part whose own heading is exactly the query's words ("co je
/// strážný": the part headed "Strážný"), or a part the glossary says explains the term ("co
/// znamená vystrašení"). (Session 44: 1.5 to 4 ranked the first four tuning sets alike; 4
/// ranked the definitions tuning set best, 0.953 MRR against 0.930 at 2.) Only parts of the
/// game the query leans to count so, and they then lead: each gains the best score of the
/// other candidates, so a long part that uses the word once ("mnich" in the base game's turn)
/// is not left behind rulings with the word in their title.
pub const EXPLAINS_QUERY_FACTOR: f32 = 4.0;
/// With the base game in view, the base game's part that states a rule counts this much more
/// than the best ruling or section of another game that restates it (rule-keys.yaml), so that
/// it leads it:
/// a question that names no game ("kolik bodů za město se dvěma erby") is first answered where
/// the rule is at home, which every other game builds on. (Session 47, on the tuning sets: four
/// more answers in the first three, MRR +0.001; the first tuning set's MRR 0.908 → 0.876, as
/// its questions were judged by the cooperative game's rulings.) The base game is also in view
/// when the query leans to it with other games ("kde už je cizí": every game with opponents),
/// and then leads the rulings of the games out of view (session 50: one more answer in the
/// first three, MRR 0.8655 → 0.8684 over the tuning sets). Other games' sections restate too
/// since session 55 (two more answers first, MRR 0.8703 → 0.8714).
pub const BASE_RULE_LEAD: f32 = 1.01;
/// Another game's result takes the third place when it scores at least this share of the
/// third's score (`show_another_game`) ...
pub const ANOTHER_GAME_MIN_SHARE: f32 = 0.5;
/// ... and this share of the first's. (Session 51, on the tuning sets: half the third's score
/// alone put four more answers in the first three, but also pushed out a third result that
/// belonged there, far behind the first two ("duchvé ze startovní destičky": the other game at
/// 0.31 of the first); with 0.32–0.4 of the first's score as well, alike, two more answers in
/// the first three and MRR +0.0004.)
pub const ANOTHER_GAME_MIN_SHARE_OF_FIRST: f32 = 0.35;
/// A query searched without its words of everyday life ("u kafe", "kocour": not-covered.yaml
/// `setting`) is a rules question when it is answered and its first result holds at least this
/// many of its remaining words; otherwise the everyday words say what it asks ("kolik piv
/// vypít během partie"). (Session 55, on the tuning sets: 3 let eight everyday questions
/// through, 5 turned six rules questions with a cat or coffee away again; 4 answered 26 more
/// than searching them whole and refused as many.)
pub const SETTING_REST_MIN_HELD: usize = 4;
/// A query word of another box that our texts mention only to say how it combines with ours
/// (not-covered.yaml `mentioned`: "drak", "opat") counts this much more than the query's other
/// words: a question with it that we answer is answered by the passage that mentions it.
pub const MENTIONED_WORD_WEIGHT: f32 = 4.0;
/// A query word written only in the title of one of our games it holds ("v Duších Carcassonne")
/// counts this much: the title names the game, which `leaning_game` weighs; the word does not
/// say what is asked about.
pub const TITLE_WORD_WEIGHT: f32 = 0.5;
/// The word for "game": with a game's name it frames a question about a term ("co je mlha
/// v kooperativní hře") without being what it asks.
pub const GAME_WORD: &str = "hra";

/// This module's ranking constants under the names site/search.js reads them by (the browser
/// index's `scoring` table), so that each is listed once beside its definition.
pub fn ranking_constants() -> serde_json::Map<String, serde_json::Value> {
    use serde_json::json;
    [
        (
            "fields",
            json!(TEXT_FIELDS.iter().map(|(_, w, _)| w).collect::<Vec<_>>()),
        ),
        (
            "passage_fields",
            json!(TEXT_FIELDS.iter().map(|(_, _, p)| p).collect::<Vec<_>>()),
        ),
        ("proximity_weight", json!(PROXIMITY_WEIGHT)),
        ("exact_bonus", json!(EXACT_BONUS)),
        ("expansion_weight", json!(EXPANSION_WEIGHT)),
        ("fuzzy_weight", json!(FUZZY_WEIGHT)),
        ("tie_breaker", json!(CONCEPT_TIE_BREAKER)),
        ("mentioned_word_weight", json!(MENTIONED_WORD_WEIGHT)),
        ("title_word_weight", json!(TITLE_WORD_WEIGHT)),
        ("id_bonus", json!(ID_MATCH_BONUS)),
        ("level_focus", json!(LEVEL_FOCUS)),
        ("other_level_factor", json!(OTHER_LEVEL_FACTOR)),
        ("other_game_factor", json!(OTHER_GAME_FACTOR)),
        ("hinted_other_game_factor", json!(HINTED_OTHER_GAME_FACTOR)),
        ("answered_min_share", json!(ANSWERED_MIN_SHARE)),
        ("answered_min_score", json!(ANSWERED_MIN_SCORE)),
        (
            "answered_strong_min_share",
            json!(ANSWERED_STRONG_MIN_SHARE),
        ),
        (
            "answered_known_words_min_share",
            json!(ANSWERED_KNOWN_WORDS_MIN_SHARE),
        ),
        (
            "answered_concept_min_share",
            json!(ANSWERED_CONCEPT_MIN_SHARE),
        ),
        ("leading_hits", json!(LEADING_HITS)),
        (
            "described_situation_min_share",
            json!(DESCRIBED_SITUATION_MIN_SHARE),
        ),
        ("concept_factor", json!(CONCEPT_FACTOR)),
        ("concept_extra_factor", json!(CONCEPT_EXTRA_FACTOR)),
        ("rule_part_factor", json!(RULE_PART_FACTOR)),
        ("explains_query_factor", json!(EXPLAINS_QUERY_FACTOR)),
        ("heading_separator", json!(HEADING_SEPARATOR)),
        ("game_word", json!(GAME_WORD)),
        ("base_rule_lead", json!(BASE_RULE_LEAD)),
        ("another_game_min_share", json!(ANOTHER_GAME_MIN_SHARE)),
        (
            "another_game_min_share_of_first",
            json!(ANOTHER_GAME_MIN_SHARE_OF_FIRST),
        ),
        ("setting_rest_min_held", json!(SETTING_REST_MIN_HELD)),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), value))
    .collect()
}

/// What the query names besides its words: rulings by ID, a section by its id, a level.
struct Named<'c> {
    rulings: Vec<String>,
    section: Option<usize>,
    level: Option<u8>,
    /// The games the query leans to, and how much other games' documents count.
    game: Option<(BTreeSet<String>, f32)>,
    /// Ids of the documents that answer a concept the query's words describe, with how many
    /// such concepts each answers.
    concept_targets: BTreeMap<String, usize>,
    /// The subsections (`id#Nadpis`) those concepts name as holding their answer.
    concept_parts: BTreeSet<String>,
    /// The concepts the query describes (`described_concepts`).
    described: Vec<&'c ConceptPatterns>,
    /// The sections (`id`) or subsections (`id#Nadpis`) that explain the glossary term the
    /// query names and nothing else.
    explaining: BTreeSet<String>,
    /// The query's words but those that only frame it (a game's name, "hra").
    asked: Vec<QueryWord>,
    /// The terms that only frame a query or a heading (`frame_terms`).
    frame_terms: Vec<String>,
}

pub struct SearchIndex {
    reader: IndexReader,
    fields: Fields,
    analyzer: Arc<dyn Analyzer>,
    meta: Meta,
}

/// Everything besides tantivy's own files that searching needs; stored beside the index
/// when it is kept on disk, so that a warm search never parses the content.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Meta {
    expansions: Expansions,
    docs: Vec<DocInfo>,
    /// Source ID of each ruling (by our id), for ID references.
    rulings: Vec<(String, Option<String>)>,
    /// Each game's id and title, in `games.yaml` order.
    games: Vec<(String, String)>,
    /// The search term of each word that names a game in a query, with that game.
    game_names: Vec<(String, String)>,
    /// The search term of each word that points to a game, with that game.
    game_hints: Vec<(String, String)>,
    /// Each expansion with the base game whose rules it adds to (`expansion_bases`).
    expansion_bases: Vec<(String, String)>,
    /// Each game's titles (Czech and English) as search terms, for queries that name a game
    /// by its title.
    game_titles: Vec<GameTitle>,
    /// Each ruling or other game's section that restates a rule of the base game, with the
    /// base game's part stating it (ordinals of `docs`).
    restated: Vec<(usize, usize)>,
    /// Each concept's patterns (as search terms) and the ids of the documents answering it.
    concepts: Vec<ConceptPatterns>,
    not_covered: NotCoveredTable,
    /// Every word of the documents, folded (not stemmed), with how it is first written
    /// (lowercase) and its term, in document, field and word order: for suggestions.
    /// Sorted by the folded word; a list, not a map, because the cache reads it faster.
    words: Vec<(String, (String, String))>,
    /// Every folded term of the documents.
    terms: TermSet,
}

/// The file beside tantivy's that holds `Meta`.
const META_FILE: &str = "carcref-meta.json";

/// A reader without a thread watching for commits that will never come.
fn one_shot_reader(index: &Index) -> Result<IndexReader, SearchError> {
    Ok(index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .try_into()?)
}

/// Text fields with their weights, in the order of `Fields::texts`.
/// The ways players ask a ruling count less than its question: they are ours, not the source's.
/// The game's names and kind have a field of their own (with its own term statistics), so
/// that "v kooperativní hře" or "u dárků" leans to that game without diluting the texts.
/// The words a text stands for in its game's synonym rings (`scoped_synonyms`) count as much
/// as its body. The third value says whether the field's lines are passages for proximity:
/// the fields whose words run as sentences, not the tag list, the game's names or synonyms.
pub const TEXT_FIELDS: [(&str, f32, bool); 7] = [
    ("title", 3.0, true),
    ("tags", 2.0, false),
    ("short", 1.5, true),
    ("body", 1.0, true),
    ("phrasings", 1.0, true),
    ("game", 2.0, false),
    ("synonyms", 1.0, false),
];

/// A field's terms as passages split at line breaks (each phrasing is a line of its own):
/// a line per passage, its terms separated by spaces.
fn passages(text: &str, tokens: &[Token]) -> String {
    let mut passages = String::new();
    let mut previous_end = 0;
    for (i, token) in tokens.iter().enumerate() {
        if i > 0 {
            let new_line = text
                .get(previous_end..token.start)
                .is_some_and(|gap| gap.contains('\n'));
            passages.push(if new_line { '\n' } else { ' ' });
        }
        passages.push_str(&token.folded);
        previous_end = token.end;
    }
    passages
}

fn schema() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    // Texts arrive pre-tokenized by our analyzer (once for both variants), so the fields
    // need no tokenizer of tantivy's.
    let options = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default().set_index_option(IndexRecordOption::WithFreqs),
    );
    let [title, tags, short, body, phrasings, game_words, synonyms] =
        TEXT_FIELDS.map(|(name, weight, _)| TextPair {
            folded: builder.add_text_field(&format!("{name}_folded"), options.clone()),
            exact: builder.add_text_field(&format!("{name}_exact"), options.clone()),
            weight,
        });
    let fields = Fields {
        title,
        tags,
        short,
        body,
        phrasings,
        game_words,
        synonyms,
        ordinal: builder.add_u64_field("ordinal", STORED),
        game: builder.add_text_field("game", STRING),
        level: builder.add_u64_field("level", INDEXED),
    };
    (builder.build(), fields)
}

impl Fields {
    fn from_schema(schema: &Schema) -> Result<Self, SearchError> {
        let field = |name: &str| {
            schema
                .get_field(name)
                .map_err(|_| SearchError(format!("index has no field {name}")))
        };
        let pair = |index: usize| -> Result<TextPair, SearchError> {
            let (name, weight, _) = TEXT_FIELDS[index];
            Ok(TextPair {
                folded: field(&format!("{name}_folded"))?,
                exact: field(&format!("{name}_exact"))?,
                weight,
            })
        };
        Ok(Fields {
            title: pair(0)?,
            tags: pair(1)?,
            short: pair(2)?,
            body: pair(3)?,
            phrasings: pair(4)?,
            game_words: pair(5)?,
            synonyms: pair(6)?,
            ordinal: field("ordinal")?,
            game: field("game")?,
            level: field("level")?,
        })
    }
}

/// Words that name a game and its kind, indexed with each of its documents.
pub fn game_words(corpus: &Corpus, game: &str) -> String {
    let Some(game) = corpus.game(game) else {
        return String::new();
    };
    let kind = match game.kind {
        GameKind::Zakladni => "základní hra",
        GameKind::Kooperativni => "kooperativní hra, spolupráce",
        GameKind::Rozsireni => "rozšíření, soutěžní hra",
    };
    format!("{}, {}, {kind}", game.title, game.title_en)
}

/// The words of the synonym rings scoped to `game` (thesaurus.yaml `games`) that a text of
/// that game writes in another word of the ring: they are indexed with it, since such a ring
/// joins its words in those games' texts only (a cooperative text's "kartička" is also found
/// as "karta", a Dárky text's is not).
pub fn scoped_synonyms(
    analyzer: &dyn Analyzer,
    corpus: &Corpus,
    game: &str,
    texts: &[&str],
) -> String {
    let terms_of = |text: &str| -> BTreeSet<String> {
        analyzer
            .analyze(text)
            .into_iter()
            .map(|t| t.folded)
            .collect()
    };
    let rings: Vec<&SynonymRing> = (corpus.thesaurus.iter())
        .filter(|r| r.games.iter().any(|g| g == game))
        .collect();
    if rings.is_empty() {
        return String::new();
    }
    let written: BTreeSet<String> = texts.iter().flat_map(|t| terms_of(t)).collect();
    let mut synonyms: Vec<&str> = Vec::new();
    for ring in rings {
        let words: Vec<(&str, bool)> = std::iter::once(&ring.preferred)
            .chain(&ring.members)
            .map(|word| (word.as_str(), terms_of(word).is_subset(&written)))
            .collect();
        if words.iter().any(|(_, is_written)| *is_written) {
            synonyms.extend(words.iter().filter(|(_, w)| !w).map(|(word, _)| *word));
        }
    }
    synonyms.join(", ")
}

/// The search term of each word in `games.yaml`'s `named_by`, with its game.
pub fn game_names(corpus: &Corpus) -> Vec<(String, String)> {
    game_terms(corpus, |game| &game.named_by[..])
}

/// The search term of each word in `games.yaml`'s `hinted_by`, with its game.
pub fn game_hints(corpus: &Corpus) -> Vec<(String, String)> {
    game_terms(corpus, |game| &game.hinted_by[..])
}

/// Each expansion with the base game: the expansion's rules are the base game's with its own
/// added, so a query about it is about the base game's rules too.
pub fn expansion_bases(corpus: &Corpus) -> Vec<(String, String)> {
    let of_kind = |kind| (corpus.games.iter()).filter(move |g| g.kind == kind);
    (of_kind(GameKind::Rozsireni))
        .flat_map(|e| of_kind(GameKind::Zakladni).map(|b| (e.id.clone(), b.id.clone())))
        .collect()
}

/// A game's title of two or more words (see `Title`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameTitle {
    game: String,
    #[serde(flatten)]
    title: Title,
}

/// The titles of `games.yaml` (Czech and English) that have at least two words: a title of
/// one word ("Dárky") is in `named_by`.
pub fn game_titles(corpus: &Corpus) -> Vec<GameTitle> {
    (corpus.games.iter())
        .flat_map(|game| {
            [&game.title, &game.title_en]
                .into_iter()
                .filter_map(|title| Title::of(title))
                .map(|title| GameTitle {
                    game: game.id.clone(),
                    title,
                })
        })
        .collect()
}

/// A ruling or a section of another game that states a rule of the base game, with the base
/// game's section and subsection (`None`: the text before its first heading) that state it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Restatement {
    restating: String,
    /// `restating` is another game's section (its first part stands for it), not a ruling.
    restating_section: bool,
    section: String,
    heading: Option<String>,
}

/// What rule-keys.yaml says: a key that cites a base-game section cites the rulings and the
/// other games' sections that restate that section's rule ("kolik bodů za město": the
/// cooperative game's Cities section restates the base game's scoring).
pub fn base_restatements(corpus: &Corpus) -> Vec<Restatement> {
    let is_base = |section: &str| {
        (corpus.sections.iter()).any(|s| {
            s.id == section
                && (corpus.games.iter()).any(|g| g.id == s.game && g.kind == GameKind::Zakladni)
        })
    };
    let mut restated = Vec::new();
    for key in &corpus.rule_keys {
        for (section, heading) in key.sections.iter().zip(&key.headings) {
            if !is_base(section) {
                continue;
            }
            let rulings = key.rulings.iter().map(|r| (r, false));
            let others = (key.sections.iter())
                .filter(|s| !is_base(s))
                .map(|s| (s, true));
            for (restating, restating_section) in rulings.chain(others) {
                let restatement = Restatement {
                    restating: restating.clone(),
                    restating_section,
                    section: section.clone(),
                    heading: heading.clone(),
                };
                if !restated.contains(&restatement) {
                    restated.push(restatement);
                }
            }
        }
    }
    restated
}

/// The restatements as (restating, part) ordinals of `docs`.
fn restated_ordinals(docs: &[DocInfo], restated: &[Restatement]) -> Vec<(usize, usize)> {
    let ordinal = |kind: HitKind, id: &str, heading: Option<&str>| {
        docs.iter().position(|d| {
            d.kind == kind
                && d.id == id
                && heading.is_none_or(|h| {
                    last_heading(&d.title) == h && d.title.contains(HEADING_SEPARATOR)
                })
        })
    };
    restated
        .iter()
        .filter_map(|r| {
            let kind = if r.restating_section {
                HitKind::Rule
            } else {
                HitKind::Ruling
            };
            let restating = ordinal(kind, &r.restating, None)?;
            let part = ordinal(HitKind::Rule, &r.section, r.heading.as_deref())?;
            Some((restating, part))
        })
        .collect()
}

fn game_terms(corpus: &Corpus, words: fn(&Game) -> &[String]) -> Vec<(String, String)> {
    corpus
        .games
        .iter()
        .flat_map(|game| {
            words(game).iter().flat_map(move |word| {
                analyze_query(&CzechAnalyzer, word)
                    .into_iter()
                    .map(move |t| (t.folded, game.id.clone()))
            })
        })
        .collect()
}

/// The games that the most query words point to through `words` (term, game), as typed or
/// through a synonym ("protihráč" points where "soupeř" does), if the words point anywhere;
/// with `only_one`, only a single game, and only when the words point to no other (a query
/// naming two games names neither). Hints tie when a word points to several
/// games together ("soupeř": every game with opponents), and lean to all of them. Each of
/// `also` (the games of one-game concepts the query describes) counts as one more word.
fn most_pointed(
    terms: &QueryTerms,
    words: &[(String, String)],
    only_one: bool,
    also: &[&str],
) -> Option<BTreeSet<String>> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for game in also {
        *counts.entry(game).or_default() += 1;
    }
    for word in &terms.words {
        let games: BTreeSet<&str> = words
            .iter()
            .filter(|(term, _)| word.stands_for(term))
            .map(|(_, game)| game.as_str())
            .collect();
        for game in games {
            *counts.entry(game).or_default() += 1;
        }
    }
    let most = counts.values().max()?;
    let leading: BTreeSet<String> = counts
        .iter()
        .filter(|(_, n)| *n == most)
        .map(|(g, _)| (*g).to_owned())
        .collect();
    (!only_one || (leading.len() == 1 && counts.len() == 1)).then_some(leading)
}

/// A concept's word patterns as search terms, with the documents that answer it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ConceptPatterns {
    patterns: Vec<Vec<String>>,
    points_to: Vec<String>,
    /// The terms of the concept's question, which tell the sentence of a target that answers it.
    question: Vec<String>,
    /// The one game whose own mechanic the concept is, if the data says so.
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<String>,
}

/// The concepts of `concepts.yaml` with their patterns analyzed.
pub fn concept_patterns(corpus: &Corpus) -> Vec<ConceptPatterns> {
    let term = |word: &String| {
        analyze_query(&CzechAnalyzer, word)
            .into_iter()
            .map(|t| t.folded)
            .collect::<Vec<_>>()
    };
    corpus
        .concepts
        .iter()
        .map(|c| ConceptPatterns {
            patterns: c
                .patterns
                .iter()
                .map(|p| p.iter().flat_map(term).collect())
                .collect(),
            points_to: c.points_to.clone(),
            question: term(&c.concept),
            game: c.game.clone(),
        })
        .collect()
}

/// The concepts the query describes: those one of whose patterns it holds whole (each pattern
/// term among the query's words, their glossary expansions or suggestions).
fn described_concepts<'c>(
    terms: &QueryTerms,
    concepts: &'c [ConceptPatterns],
) -> Vec<&'c ConceptPatterns> {
    (concepts.iter())
        .filter(|c| c.patterns.iter().any(|p| holds_whole(terms, p)))
        .collect()
}

/// The documents (ids) answering the `described` concepts, with how many of them each answers,
/// and the subsections (`id#Nadpis`) they name; `leaned_to` tells the texts of the games the
/// query leans to.
fn concept_targets(
    described: &[&ConceptPatterns],
    leaned_to: impl Fn(&str) -> bool,
) -> (BTreeMap<String, usize>, BTreeSet<String>) {
    let mut targets = BTreeMap::new();
    let mut parts = BTreeSet::new();
    for concept in described {
        let mut ids: BTreeSet<&str> = (concept.points_to.iter())
            .map(|entry| part_reference(entry).0)
            .collect();
        // A concept the games the query leans to answer points to their texts only.
        if ids.iter().any(|id| leaned_to(id)) {
            ids.retain(|id| leaned_to(id));
        }
        for id in ids {
            *targets.entry(id.to_owned()).or_insert(0) += 1;
        }
        let named = (concept.points_to.iter()).filter(|entry| part_reference(entry).1.is_some());
        parts.extend(named.cloned());
    }
    (targets, parts)
}

/// The question terms of the `described` concepts that the document `id` titled `title`
/// answers.
fn answered_concepts(described: &[&ConceptPatterns], (id, title): (&str, &str)) -> Vec<String> {
    (described.iter())
        .filter(|c| (c.points_to.iter()).any(|target| names_part(target, id, title)))
        .flat_map(|c| c.question.iter().cloned())
        .collect()
}

/// The patterns the query holds whole of the concepts the document `id` (or a part of it)
/// answers.
fn concept_patterns_held<'c>(
    terms: &QueryTerms,
    concepts: &'c [ConceptPatterns],
    id: &str,
) -> Vec<&'c [String]> {
    (concepts.iter())
        .filter(|c| (c.points_to.iter()).any(|target| part_reference(target).0 == id))
        .flat_map(|c| &c.patterns)
        .filter(|p| holds_whole(terms, p))
        .map(Vec::as_slice)
        .collect()
}

/// Whether each term of a (non-empty) concept pattern stands for a word of the query.
fn holds_whole(terms: &QueryTerms, pattern: &[String]) -> bool {
    !pattern.is_empty()
        && (pattern.iter()).all(|term| terms.words.iter().any(|w| w.stands_for(term)))
}

/// The games of the `held` titles: a title's words are the game's everyday words too, so they
/// point to both ghost games (or to none) when read one by one.
fn titled_games(held: &[&GameTitle]) -> Vec<String> {
    let mut games: Vec<String> = held.iter().map(|title| title.game.clone()).collect();
    games.dedup();
    games
}

/// Marks the query's words written only in the `held` titles of our games: they name the
/// game, which `leaning_game` weighs, and count less as words of what is asked.
fn mark_title_words(terms: &mut QueryTerms, held: &[&GameTitle]) {
    for word in &mut terms.words {
        let in_titles: usize = held.iter().map(|t| t.title.times(&word.folded)).sum();
        word.in_title = in_titles >= word.times;
    }
}

/// The one game of `games`, if there is exactly one.
fn only_one(games: &[String]) -> Option<String> {
    match games {
        [game] => Some(game.clone()),
        _ => None,
    }
}

/// Between the headings of a rule part's heading path.
pub const HEADING_SEPARATOR: &str = " › ";

/// One part of a rule section: the text under one of its headings (or before the first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionPart {
    /// The heading path shown for a hit: `Section › Subsection`.
    pub heading: String,
    /// The subsection's heading as written in the Markdown; `None` for the text before it.
    pub subheading: Option<String>,
    pub markdown: String,
}

/// Splits a rule section's Markdown into parts at its headings, each with its heading path
/// (the site exports the same parts to the browser search).
pub fn section_parts(title: &str, body: &str) -> Vec<SectionPart> {
    let mut parts = Vec::new();
    let mut subheading: Option<String> = None;
    let mut current = String::new();
    let path = |sub: &Option<String>| match sub {
        Some(text) => format!("{title}{HEADING_SEPARATOR}{text}"),
        None => title.to_owned(),
    };
    for line in body.lines() {
        if let Some(text) = line
            .strip_prefix("## ")
            .or_else(|| line.strip_prefix("### "))
        {
            if !current.trim().is_empty() {
                parts.push(SectionPart {
                    heading: path(&subheading),
                    subheading: subheading.take(),
                    markdown: std::mem::take(&mut current),
                });
            }
            current.clear();
            subheading = Some(text.trim().to_owned());
        } else {
            current.push_str(line);
            current.push('\n');
        }
    }
    if !current.trim().is_empty() || parts.is_empty() {
        parts.push(SectionPart {
            heading: path(&subheading),
            subheading,
            markdown: current,
        });
    }
    parts
}

impl SearchIndex {
    /// An index in memory.
    pub fn build(corpus: &Corpus, choice: AnalyzerChoice) -> Result<Self, SearchError> {
        let (schema, fields) = schema();
        Self::fill(Index::create_in_ram(schema), fields, corpus, choice)
    }

    /// An index written to `dir` (which must exist and be empty), reopenable with `open`.
    pub(crate) fn build_in(dir: &Path, corpus: &Corpus) -> Result<Self, SearchError> {
        let (schema, fields) = schema();
        let index = Index::create_in_dir(dir, schema)?;
        let built = Self::fill(index, fields, corpus, AnalyzerChoice::Czech)?;
        fs::write(dir.join(META_FILE), serde_json::to_vec(&built.meta)?)?;
        Ok(built)
    }

    /// Reopens an index written by `build_in` from its files, already read into memory: the
    /// cache checks them first, and tantivy then reads exactly the checked bytes, never the
    /// disk again.
    pub(crate) fn from_files(files: Vec<(String, Vec<u8>)>) -> Result<Self, SearchError> {
        let directory = RamDirectory::create();
        let mut meta: Option<Meta> = None;
        for (name, bytes) in files {
            if name == META_FILE {
                meta = Some(serde_json::from_slice(&bytes)?);
            } else if !name.ends_with(".lock") {
                // Tantivy's lock files stay out: in memory a lock file's mere presence means
                // "locked", and opening a reader takes the meta lock.
                directory.atomic_write(Path::new(&name), &bytes)?;
            }
        }
        let meta = meta.ok_or_else(|| SearchError(format!("index has no {META_FILE}")))?;
        let index = Index::open(directory)?;
        let fields = Fields::from_schema(&index.schema())?;
        let reader = one_shot_reader(&index)?;
        // Cheap consistency check: tantivy's documents and ours must be the same ones.
        if reader.searcher().num_docs() != meta.docs.len() as u64 {
            return Err(SearchError("index and its documents disagree".into()));
        }
        Ok(SearchIndex {
            reader,
            fields,
            analyzer: AnalyzerChoice::Czech.analyzer(),
            meta,
        })
    }

    pub fn has_game(&self, id: &str) -> bool {
        self.meta.games.iter().any(|(g, _)| g == id)
    }

    pub fn game_ids(&self) -> Vec<&str> {
        self.meta.games.iter().map(|(id, _)| id.as_str()).collect()
    }

    fn fill(
        index: Index,
        fields: Fields,
        corpus: &Corpus,
        choice: AnalyzerChoice,
    ) -> Result<Self, SearchError> {
        let analyzer = choice.analyzer();
        let mut writer = index.writer_with_num_threads(1, 15_000_000)?;
        let mut docs = Vec::new();
        let mut words: BTreeMap<String, (String, String)> = BTreeMap::new();
        let mut add = |info: DocInfo, texts: DocTexts| -> Result<(), SearchError> {
            let (doc, info) = document(
                &fields,
                analyzer.as_ref(),
                corpus,
                docs.len(),
                info,
                texts,
                &mut words,
            );
            writer.add_document(doc)?;
            docs.push(info);
            Ok(())
        };
        for ruling in &corpus.rulings {
            let text = to_plain_text(&ruling.answer);
            let info = DocInfo {
                source_id: ruling.source_id.clone(),
                answer_short: Some(ruling.answer_short.clone()),
                ..DocInfo::new(
                    HitKind::Ruling,
                    &ruling.id,
                    ruling.question.clone(),
                    text.clone(),
                )
            };
            add(
                info,
                DocTexts {
                    game: &ruling.game,
                    levels: &ruling.levels,
                    tags: &ruling.tags.join(", "),
                    body: &text,
                    phrasings: &ruling.phrasings.join("\n"),
                },
            )?;
        }
        for section in &corpus.sections {
            let levels = &section.levels;
            for part in section_parts(&section.title, &section.body) {
                let text = to_plain_text(&part.markdown);
                let info = DocInfo::new(HitKind::Rule, &section.id, part.heading, text.clone());
                add(
                    info,
                    DocTexts {
                        game: &section.game,
                        levels,
                        tags: "",
                        body: &text,
                        phrasings: "",
                    },
                )?;
            }
        }
        writer.commit()?;
        Ok(SearchIndex {
            reader: one_shot_reader(&index)?,
            fields,
            meta: Meta::new(corpus, analyzer.as_ref(), docs, words),
            analyzer,
        })
    }

    /// Each query word is one concept: its best alternative (the typed term, a glossary
    /// expansion, a one-typo variant) counts, so a document matching every concept of the
    /// query beats one matching a single concept through many synonyms.
    fn text_query(&self, terms: &QueryTerms, options: &SearchOptions) -> Box<dyn Query> {
        let concepts: Vec<(Occur, Box<dyn Query>)> = (terms.words.iter())
            .map(|word| self.word_query(word))
            .chain(terms.phrases.iter().map(|p| self.phrase_query(p)))
            .map(|query| (Occur::Should, query))
            .collect();
        let mut clauses: Vec<(Occur, Box<dyn Query>)> =
            vec![(Occur::Must, Box::new(BooleanQuery::new(concepts)))];
        if let Some(game) = &options.game {
            let game = Term::from_field_text(self.fields.game, game);
            clauses.push((Occur::Must, basic_term_query(game)));
        }
        if let Some(level) = options.level {
            let level = Term::from_field_u64(self.fields.level, u64::from(level));
            clauses.push((Occur::Must, basic_term_query(level)));
        }
        Box::new(BooleanQuery::new(clauses))
    }

    /// One query word as a concept: the best of its alternatives, a word of another box that
    /// our texts mention weighing more (`MENTIONED_WORD_WEIGHT`).
    fn word_query(&self, word: &QueryWord) -> Box<dyn Query> {
        let mut alternatives: Vec<Box<dyn Query>> =
            vec![self.over_text_fields(&term_in(word.folded.clone()), Some(&word.exact))];
        if word.typos > 0 {
            let (folded, typos) = (word.folded.clone(), word.typos);
            let fuzzy = move |field: Field| -> Box<dyn Query> {
                Box::new(FuzzyTermQuery::new(
                    Term::from_field_text(field, &folded),
                    typos,
                    true,
                ))
            };
            let fuzzy = self.over_text_fields(&fuzzy, None);
            alternatives.push(Box::new(BoostQuery::new(fuzzy, FUZZY_WEIGHT)));
        }
        if let Some(suggested) = &word.suggested {
            let suggested = self.over_text_fields(&term_in(suggested.clone()), None);
            alternatives.push(Box::new(BoostQuery::new(suggested, FUZZY_WEIGHT)));
        }
        for expansion in &word.expansions {
            let expansion = self.over_text_fields(&term_in(expansion.clone()), None);
            alternatives.push(Box::new(BoostQuery::new(expansion, EXPANSION_WEIGHT)));
        }
        let word_query = Box::new(DisjunctionMaxQuery::with_tie_breaker(
            alternatives,
            CONCEPT_TIE_BREAKER,
        ));
        let weight = if self.meta.not_covered.mentions(word) {
            MENTIONED_WORD_WEIGHT
        } else if word.in_title {
            TITLE_WORD_WEIGHT
        } else {
            1.0
        };
        Box::new(BoostQuery::new(word_query, weight))
    }

    /// A glossary phrase of the query as one concept: the best of its ways of saying it.
    fn phrase_query(&self, alternatives: &[Vec<String>]) -> Box<dyn Query> {
        let alternatives: Vec<Box<dyn Query>> = (alternatives.iter())
            .map(|words| {
                let parts: Vec<(Occur, Box<dyn Query>)> = (words.iter())
                    .map(|w| {
                        (
                            Occur::Should,
                            self.over_text_fields(&term_in(w.clone()), None),
                        )
                    })
                    .collect();
                Box::new(BoostQuery::new(
                    Box::new(BooleanQuery::new(parts)),
                    EXPANSION_WEIGHT,
                )) as Box<dyn Query>
            })
            .collect();
        Box::new(DisjunctionMaxQuery::with_tie_breaker(
            alternatives,
            CONCEPT_TIE_BREAKER,
        ))
    }

    /// `make`'s query over every text field, each by its weight, and the `exact` term (as
    /// typed, diacritics kept) over their exact twins with a bonus.
    fn over_text_fields(
        &self,
        make: &dyn Fn(Field) -> Box<dyn Query>,
        exact: Option<&str>,
    ) -> Box<dyn Query> {
        let mut should: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for pair in self.fields.texts() {
            should.push((
                Occur::Should,
                Box::new(BoostQuery::new(make(pair.folded), pair.weight)),
            ));
            if let Some(exact) = exact {
                let query = TermQuery::new(
                    Term::from_field_text(pair.exact, exact),
                    IndexRecordOption::WithFreqs,
                );
                should.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(Box::new(query), pair.weight * EXACT_BONUS)),
                ));
            }
        }
        Box::new(BooleanQuery::new(should))
    }

    /// Whether the document `id` is a text of one of `games`.
    fn of_games(&self, id: &str, games: &BTreeSet<String>) -> bool {
        (self.meta.docs.iter()).any(|doc| doc.id == id && games.contains(&doc.game))
    }

    /// The titles of our games the query writes ("ve hře Duchové, zámky a hřbitovy", "v Duchách
    /// Carcassonne"), in the order of `game_titles`, read once for the games they name and the
    /// words they hold.
    fn held_titles(&self, (text, tokens): (&str, &[Token])) -> Vec<&GameTitle> {
        (self.meta.game_titles.iter())
            .filter(|title| title.title.held_by(text, tokens))
            .collect()
    }

    /// Every game the query names, by title (`titled`) or by a word of `named_by`.
    fn named_games(&self, terms: &QueryTerms, titled: &[String]) -> BTreeSet<String> {
        let by_word = (self.meta.game_names.iter())
            .filter(|(term, _)| terms.words.iter().any(|w| w.stands_for(term)))
            .map(|(_, game)| game.clone());
        titled.iter().cloned().chain(by_word).collect()
    }

    /// The terms that only frame a question about a term ("v soutěžní hře"): the games' names
    /// and the terms of `GAME_WORD`.
    fn frame_terms(&self) -> Vec<String> {
        let game_word = self
            .analyzer
            .analyze(GAME_WORD)
            .into_iter()
            .map(|t| t.folded);
        game_word
            .chain(self.meta.game_names.iter().map(|(term, _)| term.clone()))
            .collect()
    }

    /// The games the query leans to: the one its title or words name, or else those most of its
    /// words and the one-game situations it describes point to, or else, when it names a
    /// level, the games with levels ("na trojce": the base game's rule does not lead it); with
    /// how much other games' documents then count. An expansion hinted at brings its base
    /// game along (one named leads alone: "dárky konec hry" asks about the Gifts' end).
    fn leaning_game(
        &self,
        terms: &QueryTerms,
        titled: Option<String>,
        level: Option<u8>,
        described: &[&ConceptPatterns],
    ) -> Option<(BTreeSet<String>, f32)> {
        // A title names its game unless a word names another game too.
        let named = match titled {
            Some(game) => {
                let others = (self.meta.game_names.iter()).any(|(term, of)| {
                    *of != game && terms.words.iter().any(|w| w.stands_for(term))
                });
                (!others).then(|| BTreeSet::from([game]))
            }
            None => most_pointed(terms, &self.meta.game_names, true, &[]),
        };
        if let Some(game) = named {
            return Some((game, OTHER_GAME_FACTOR));
        }
        let with_levels = || -> BTreeSet<String> {
            (self.meta.docs.iter())
                .filter(|d| !d.levels.is_empty())
                .map(|d| d.game.clone())
                .collect()
        };
        // A situation only one game has ("u mého rytíře stojí duch") hints at it like a word.
        let mechanics: Vec<&str> = described.iter().filter_map(|c| c.game.as_deref()).collect();
        let hinted = most_pointed(terms, &self.meta.game_hints, false, &mechanics).or_else(|| {
            level
                .map(|_| with_levels())
                .filter(|games| !games.is_empty())
        });
        hinted.map(|g| (self.with_bases(g), HINTED_OTHER_GAME_FACTOR))
    }

    /// The games with the base game of each expansion among them.
    fn with_bases(&self, mut games: BTreeSet<String>) -> BTreeSet<String> {
        let bases = (self.meta.expansion_bases.iter())
            .filter(|(expansion, _)| games.contains(expansion))
            .map(|(_, base)| base.clone())
            .collect::<Vec<_>>();
        games.extend(bases);
        games
    }

    /// Whether a query word names this game ("v koopu", "competitive"): a document of the
    /// game holds what the word asks by being of it.
    fn names_game(&self, term: &str, game: &str) -> bool {
        (self.meta.game_names.iter()).any(|(named, of)| named == term && of == game)
    }

    /// How rare the commonest of a word's forms is among the
    /// documents, as BM25's inverse document frequency (a word no document has is rarest).
    fn rarity(&self, forms: &[&str]) -> f32 {
        let n = self.meta.docs.len() as f32;
        let df = self.documents_holding(forms) as f32;
        (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
    }

    /// How many documents hold the commonest of these forms.
    fn documents_holding(&self, forms: &[&str]) -> usize {
        forms
            .iter()
            .map(|f| {
                self.meta
                    .docs
                    .iter()
                    .filter(|d| d.terms.contains(f))
                    .count()
            })
            .max()
            .unwrap_or(0)
    }

    /// Whether some document holds each of the query's words, as typed, through a synonym or
    /// as the word its typo stands for.
    fn holds_every_word(&self, terms: &QueryTerms) -> bool {
        terms.words.iter().all(|word| {
            let forms: Vec<&str> = word.forms().collect();
            self.documents_holding(&forms) > 0
        })
    }

    /// Rulings the query names: by source ID in any form, or by our own id.
    /// `own` is the whole query, trimmed and lowercased.
    fn named_rulings(&self, ids: &[IdReference], own: &str) -> Vec<String> {
        self.meta
            .rulings
            .iter()
            .filter(|(id, source_id)| {
                *id == own
                    || source_id
                        .as_deref()
                        .is_some_and(|s| ids.iter().any(|r| r.matches(s)))
            })
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// Scales each candidate's score by the square of the share of the query's concepts it
    /// matches (among the concepts some candidate matches at all), so that covering the whole
    /// question beats repeating part of it (the plain share let a text matching five words of
    /// six outrank the one with the sixth, the word the question is about).
    fn apply_coordination(&self, terms: &QueryTerms, scores: &mut HashMap<usize, f32>) {
        let matched: HashMap<usize, Vec<bool>> = scores
            .keys()
            .map(|ordinal| {
                (
                    *ordinal,
                    terms.concepts_matched(&self.meta.docs[*ordinal].terms),
                )
            })
            .collect();
        let present = (0..terms.words.len() + terms.phrases.len())
            .filter(|i| matched.values().any(|m| m[*i]))
            .count();
        if present == 0 {
            return;
        }
        for (ordinal, score) in scores.iter_mut() {
            let hits = matched[ordinal].iter().filter(|m| **m).count();
            let share = hits as f32 / present as f32;
            *score *= share * share;
        }
    }

    pub fn search(
        &self,
        raw_query: &str,
        options: &SearchOptions,
    ) -> Result<SearchResults, SearchError> {
        let parsed = query::parse(raw_query);
        let mut terms =
            QueryTerms::new(self.analyzer.as_ref(), &parsed.text, &self.meta.expansions);
        if let Some(level) = parsed.level {
            terms.ordinals_as_digits(level);
        }
        let own = raw_query.trim().to_lowercase();
        let rulings = self.named_rulings(&parsed.ids, &own);
        let section = self
            .meta
            .docs
            .iter()
            .position(|d| d.kind == HitKind::Rule && d.id == raw_query.trim());
        if terms.is_empty() && rulings.is_empty() && section.is_none() {
            return Ok(SearchResults {
                nothing_to_search: true,
                truncated: parsed.truncated,
                ..SearchResults::default()
            });
        }

        // A query that is one of our own ids ("dzh-hrbitov") has no misspelt words.
        let names_own_id = section.is_some() || rulings.contains(&own);
        let suggestions = if names_own_id {
            Vec::new()
        } else {
            self.suggestions(&parsed.text, &parsed.names)
        };
        for (suggestion, typed, suggested, _) in &suggestions {
            terms.suggest(typed, suggested, suggestion.typos);
        }
        // The query's tokens as typed, read once for the titles of our games and of the boxes
        // we do not cover.
        let tokens = analyze_query(self.analyzer.as_ref(), &parsed.text);
        let held = self.held_titles((&parsed.text, &tokens));
        let titled = titled_games(&held);
        mark_title_words(&mut terms, &held);
        // The sentences as typed: the parsed text has lost its punctuation.
        let asked_apart = self.meta.not_covered.asked_apart(raw_query);
        let all_terms = self.set_the_scene_aside(&mut terms, asked_apart);
        let named = self.named(&terms, &parsed, &titled, rulings, section);
        let mut ranked = self.ranked_hits(&terms, &named, options)?;
        let relaxed = ranked.hits.is_empty() && !terms.is_empty();
        if relaxed {
            let suggested: Vec<String> = suggestions.iter().map(|(_, _, t, _)| t.clone()).collect();
            let looser = terms.relaxed(&suggested);
            ranked = self.ranked_hits(&looser, &named, options)?;
        }
        let answers = !relaxed && ranked.answers(&named, self.holds_every_word(&terms));
        let not_covered = self.not_covered(
            (&terms, &all_terms),
            &ranked,
            (&parsed, &tokens),
            &titled,
            (answers, asked_apart),
        );
        Ok(SearchResults {
            answered: answers && not_covered.is_empty(),
            not_covered,
            hits: ranked.hits,
            nothing_to_search: false,
            truncated: parsed.truncated,
            relaxed,
            suggestions: suggestions
                .into_iter()
                .filter(|(_, _, _, shown)| *shown)
                .map(|(s, _, _, _)| s)
                .collect(),
        })
    }

    /// What the query names or points to besides its words: rulings by id, a rule section, a
    /// level, the games it leans to, the situations it describes and the term it asks about.
    fn named<'s>(
        &'s self,
        terms: &QueryTerms,
        parsed: &query::ParsedQuery,
        titled: &[String],
        rulings: Vec<String>,
        section: Option<usize>,
    ) -> Named<'s> {
        let frame_terms = self.frame_terms();
        let mut asked: Vec<QueryWord> = (terms.words.iter())
            .filter(|w| !frame_terms.iter().any(|t| w.stands_for(t)))
            .cloned()
            .collect();
        // Only a game's name ("co je dárek", "hostinec"): the name is what is asked.
        if asked.is_empty() {
            asked.clone_from(&terms.words);
        }
        let described = described_concepts(terms, &self.meta.concepts);
        let game = self.leaning_game(terms, only_one(titled), parsed.level, &described);
        let (concept_targets, concept_parts) = concept_targets(&described, |id| {
            (game.as_ref()).is_some_and(|(games, _)| self.of_games(id, games))
        });
        Named {
            rulings,
            section,
            level: parsed.level,
            game,
            concept_targets,
            concept_parts,
            described,
            explaining: (self.meta.expansions).sections_explaining(&asked, &terms.words),
            asked,
            frame_terms,
        }
    }

    /// The sentences that say why the results are only the nearest: a word of a box we do not
    /// cover or a topic the rules leave open, two games our texts never combine, a level past
    /// the last, a why-question the first result gives no reason for. `terms` without and with
    /// the scene's words; `answers`: whether the first result answers the query's words;
    /// `asked_apart`: whether a sentence asks apart from a lead-in topic's words
    /// (`NotCoveredTable::sentences`).
    fn not_covered(
        &self,
        (terms, all_terms): (&QueryTerms, &QueryTerms),
        ranked: &Ranked,
        (parsed, tokens): (&query::ParsedQuery, &[Token]),
        titled: &[String],
        (answers, asked_apart): (bool, bool),
    ) -> Vec<String> {
        let leading: Vec<&str> = (ranked.ordinals.iter())
            .take(LEADING_HITS)
            .map(|ordinal| self.meta.docs[*ordinal].passages.as_str())
            .collect();
        let described = match ranked.hits.first() {
            Some(first) if ranked.first_share >= DESCRIBED_SITUATION_MIN_SHARE => {
                concept_patterns_held(terms, &self.meta.concepts, &first.id)
            }
            _ => Vec::new(),
        };
        let first_holds =
            (ranked.ordinals.first()).map_or(0, |o| terms.words_held(&self.meta.docs[*o].terms));
        let mut sentences = (self.meta.not_covered).sentences(
            (&parsed.text, tokens, all_terms),
            &leading,
            |t| self.meta.terms.contains(t),
            &described,
            answers && first_holds >= SETTING_REST_MIN_HELD,
            asked_apart && answers,
        );
        let named_games = self.named_games(terms, titled);
        sentences.extend((self.meta.not_covered).uncombined_sentences(&named_games));
        if parsed.past_last_level.is_some() {
            sentences.extend((self.meta.not_covered).past_last_level_sentence());
        }
        if sentences.is_empty() {
            let snippet = ranked.hits.first().map(|hit| hit.snippet.plain());
            sentences
                .extend((self.meta.not_covered).reason_sentence(&parsed.text, snippet.as_deref()));
        }
        sentences
    }

    /// Sets the query's words of everyday life ("u kafe", "kocour") aside, and a lead-in's
    /// ("vyplatí se") when a sentence asks apart from it (`asked_apart`): what is left is the
    /// question, if it is one of ours. Returns the query's words as typed.
    fn set_the_scene_aside(&self, terms: &mut QueryTerms, asked_apart: bool) -> QueryTerms {
        let all_terms = terms.clone();
        let in_texts = |t: &str| self.meta.terms.contains(t);
        terms.words.retain(|w| {
            !self
                .meta
                .not_covered
                .sets_the_scene(w, in_texts, asked_apart)
        });
        if terms.is_empty() {
            terms.clone_from(&all_terms);
        }
        all_terms
    }

    /// For each query word that no document contains, the glossary does not know and that is
    /// not written as a name (`names`), the document word fewest typos away from it (at most 2;
    /// ties go to the alphabetically first), with the typed word's term and the suggested word's
    /// term.
    /// The last value says whether to show it: a word that matches with the typo it is
    /// allowed (QueryTerms::new) matches something, so it gets no "Mysleli jste …?", though
    /// its suggestion is still searched.
    fn suggestions(&self, text: &str, names: &[String]) -> Vec<(Suggestion, String, String, bool)> {
        let mut out: Vec<(Suggestion, String, String, bool)> = Vec::new();
        for token in analyze_query(self.analyzer.as_ref(), text) {
            let written = text.get(token.start..token.end).unwrap_or_default();
            // A word that names or hints at a game, that the list of what we do not cover knows
            // or that asks is known too: it is not a typo ("koop", "vlk", "počtvrté",
            // "kolikáté").
            let names_a_game = (self.meta.game_names.iter())
                .chain(&self.meta.game_hints)
                .any(|(term, _)| *term == token.folded);
            let folded = fold_word(written);
            let known = self.meta.terms.contains(&token.folded)
                || self.meta.expansions.knows(&token.folded)
                || names_a_game
                || self.meta.not_covered.knows(&token.folded)
                || is_question_word(&folded);
            let a_name = names.iter().any(|name| *name == written.to_lowercase());
            if known || a_name || folded.chars().count() < 3 {
                continue;
            }
            let letters = token.folded.chars().count();
            // One edit changes the length by at most one letter: a cheap test first.
            let fuzzy = written.chars().count() >= FUZZY_MIN_LETTERS
                && letters >= 4
                && self.meta.terms.iter().any(|t| {
                    t.chars().count().abs_diff(letters) <= 1 && edits(&token.folded, t) <= 1
                });
            let most_edits = if folded.chars().count() >= SUGGESTION_TWO_EDITS_MIN_LETTERS {
                2
            } else {
                1
            };
            let best = self
                .meta
                .words
                .iter()
                .filter(|(word, _)| !negates_either(&folded, word))
                .map(|(word, found)| (edits(&folded, word), found))
                .filter(|(distance, _)| *distance <= most_edits)
                .min_by_key(|(distance, _)| *distance);
            if let Some((distance, (display, term))) = best {
                let typed = written.to_lowercase();
                if !out.iter().any(|(s, _, _, _)| s.typed == typed) {
                    out.push((
                        Suggestion {
                            typed,
                            suggested: display.clone(),
                            typos: distance,
                        },
                        token.folded.clone(),
                        term.clone(),
                        !fuzzy,
                    ));
                }
            }
        }
        out
    }

    /// Does the section's title or the last heading of `title` ("Katedrály › Vyhodnocení
    /// města s katedrálou") name exactly the `asked` words: each stands for one of its terms
    /// and each term is one a word stands for? The section's title counts for each of its
    /// parts: "Úroveň 6" names "úroveň 6" though its text opens with a heading of its own.
    fn heading_names(&self, named: &Named, title: &str) -> bool {
        [section_title(title), last_heading(title)]
            .into_iter()
            .any(|heading| self.names_exactly(named, heading))
    }

    /// The heading's terms are framed as the query's are (`frame_terms`): "Karty dárků" names
    /// "karty dárků", whose asked word is "karty".
    fn names_exactly(&self, named: &Named, heading: &str) -> bool {
        let asked = &named.asked;
        let all: Vec<String> = (self.analyzer.analyze(heading).into_iter())
            .map(|t| t.folded)
            .collect();
        let unframed: Vec<String> = (all.iter())
            .filter(|t| !named.frame_terms.contains(t))
            .cloned()
            .collect();
        let heading = if unframed.is_empty() { all } else { unframed };
        !heading.is_empty()
            && asked
                .iter()
                .all(|w| heading.iter().any(|t| w.stands_for(t)))
            && heading
                .iter()
                .all(|t| asked.iter().any(|w| w.stands_for(t)))
    }

    /// Weighs the candidates by what the query names besides its words: a text that explains
    /// the term, the words standing together, a game, a level, a concept, an ID.
    fn weigh_what_the_query_names(
        &self,
        terms: &QueryTerms,
        named: &Named,
        scores: &mut HashMap<usize, f32>,
    ) {
        // The parts explaining the term the query names join even when they do not use the
        // word the player typed ("vystrašení": the text says the third ghost drives it off).
        if let Some(floor) = scores.values().copied().reduce(f32::min) {
            for (ordinal, doc) in self.meta.docs.iter().enumerate() {
                if doc.kind == HitKind::Rule && explains(&named.explaining, &doc.id, &doc.title) {
                    scores.entry(ordinal).or_insert(floor);
                }
            }
        }
        let mut explaining = Vec::new();
        for (ordinal, score) in scores.iter_mut() {
            let doc = &self.meta.docs[*ordinal];
            *score *= proximity_factor(terms, doc);
            let mut in_named_game = true;
            if let Some((games, factor)) = &named.game {
                if !games.contains(&doc.game) {
                    *score *= factor;
                    in_named_game = false;
                }
            }
            if doc.kind == HitKind::Rule {
                *score *= RULE_PART_FACTOR;
                // Another game's part that explains the term (or is headed by the name of the
                // game the query names: "Kombinace › Hostince a katedrály") does not lead.
                let explains_it = explains(&named.explaining, &doc.id, &doc.title)
                    || self.heading_names(named, &doc.title);
                if explains_it && in_named_game {
                    *score *= EXPLAINS_QUERY_FACTOR;
                    explaining.push(*ordinal);
                }
            }
        }
        lead(&explaining, scores);
        if let Some(level) = named.level {
            for (ordinal, score) in scores.iter_mut() {
                *score *= level_factor(&self.meta.docs[*ordinal].levels, level);
            }
        }
        if !named.concept_targets.is_empty() {
            if let Some(floor) = scores.values().copied().reduce(f32::min) {
                for (ordinal, doc) in self.meta.docs.iter().enumerate() {
                    if let Some(concepts) = named.concept_targets.get(&doc.id) {
                        let further = (concepts - 1) as f32;
                        *scores.entry(ordinal).or_insert(floor) *=
                            CONCEPT_FACTOR * (1.0 + CONCEPT_EXTRA_FACTOR * further);
                    }
                }
            }
        }
        // With no game in view the base game's part leads every text restating it; when the
        // query leans to the base game among others, it leads the texts of games out of view.
        let leads = |restating: &usize, part: &usize| match &named.game {
            None => true,
            Some((games, _)) => {
                games.contains(&self.meta.docs[*part].game)
                    && !games.contains(&self.meta.docs[*restating].game)
            }
        };
        let raised: Vec<(usize, f32)> = (self.meta.restated.iter())
            .filter(|(restating, part)| leads(restating, part))
            .filter_map(|(restating, part)| Some((*part, scores.get(restating)? * BASE_RULE_LEAD)))
            .collect();
        for (part, score) in raised {
            let entry = scores.entry(part).or_insert(0.0);
            *entry = entry.max(score);
        }
        for (ordinal, doc) in self.meta.docs.iter().enumerate() {
            let by_id = (doc.kind == HitKind::Ruling && named.rulings.contains(&doc.id))
                || named.section == Some(ordinal);
            if by_id {
                *scores.entry(ordinal).or_insert(0.0) += ID_MATCH_BONUS;
            }
        }
    }

    /// The best-scoring of the candidate parts of `doc`'s section that a described concept names
    /// as the subsection holding its answer (`id#Nadpis` in `concepts.yaml`), if any.
    fn part_a_concept_names(
        &self,
        named: &Named,
        ranked: &[(usize, f32)],
        doc: &DocInfo,
    ) -> Option<usize> {
        if doc.kind != HitKind::Rule || named.concept_parts.is_empty() {
            return None;
        }
        let names_it = |part: &DocInfo| {
            (named.concept_parts.iter()).any(|entry| names_part(entry, &part.id, &part.title))
        };
        ranked.iter().map(|(o, _)| *o).find(|o| {
            let part = &self.meta.docs[*o];
            part.kind == HitKind::Rule && part.id == doc.id && names_it(part)
        })
    }

    /// When the first results are all one game's although the query leans to no one game, the
    /// best result of another game takes the last of their places if it comes close: at least
    /// `ANOTHER_GAME_MIN_SHARE` of that place's score and `ANOTHER_GAME_MIN_SHARE_OF_FIRST` of
    /// the first's. A question that does not say which game is on the table ("strážný může
    /// dostat ducha?") sees each likely game's answer first.
    fn show_another_game(&self, ranked: &mut Vec<(usize, f32)>) {
        let game = |entry: &(usize, f32)| self.meta.docs[entry.0].game.as_str();
        let (Some(first), Some(last)) = (ranked.first(), ranked.get(LEADING_HITS - 1)) else {
            return;
        };
        if ranked[..LEADING_HITS]
            .iter()
            .any(|e| game(e) != game(first))
        {
            return;
        }
        let floor =
            (ANOTHER_GAME_MIN_SHARE * last.1).max(ANOTHER_GAME_MIN_SHARE_OF_FIRST * first.1);
        let other = (ranked.iter().enumerate().skip(LEADING_HITS))
            .find(|(_, e)| game(e) != game(first))
            .filter(|(_, e)| e.1 >= floor)
            .map(|(at, _)| at);
        if let Some(at) = other {
            let entry = ranked.remove(at);
            ranked.insert(LEADING_HITS - 1, entry);
        }
    }

    /// The hits for these terms: text scores with coordination, the ID bonus, the filters,
    /// one hit per ruling or section.
    fn ranked_hits(
        &self,
        terms: &QueryTerms,
        named: &Named,
        options: &SearchOptions,
    ) -> Result<Ranked, SearchError> {
        // Score by text; documents named by ID join even without a text match.
        let mut scores = self.text_scores(terms, options)?;
        self.apply_coordination(terms, &mut scores);
        self.weigh_what_the_query_names(terms, named, &mut scores);
        let mut ranked: Vec<(usize, f32)> = scores.into_iter().collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let (mut unique, ranked_part) = self.one_per_document(named, &ranked, options);
        if named.game.as_ref().is_none_or(|(games, _)| games.len() > 1) {
            self.show_another_game(&mut unique);
        }
        let mut hits: Vec<Hit> = Vec::new();
        let mut ordinals = Vec::new();
        let (mut first_share, mut first_strength) = (0.0, 0.0);
        for (ordinal, score) in unique.into_iter().take(options.limit) {
            let measured = ranked_part.get(&ordinal).copied().unwrap_or(ordinal);
            ordinals.push(measured);
            if hits.is_empty() {
                first_share = if score >= ID_MATCH_BONUS {
                    1.0
                } else {
                    self.share_held(terms, measured)
                };
                first_strength = score / proximity_factor(terms, &self.meta.docs[measured]);
            }
            hits.push(self.hit(&self.meta.docs[ordinal], terms, named, score));
        }
        Ok(Ranked {
            hits,
            ordinals,
            first_share,
            first_strength,
        })
    }

    /// Every matching document's text score, by ordinal, whatever the limit: the coordination
    /// and a concept's floor read the candidates, so a shorter list must not rank otherwise.
    fn text_scores(
        &self,
        terms: &QueryTerms,
        options: &SearchOptions,
    ) -> Result<HashMap<usize, f32>, SearchError> {
        let mut scores: HashMap<usize, f32> = HashMap::new();
        if terms.is_empty() {
            return Ok(scores);
        }
        let searcher = self.reader.searcher();
        let every = self.meta.docs.len().max(1);
        let top = searcher.search(
            self.text_query(terms, options).as_ref(),
            &TopDocs::with_limit(every).order_by_score(),
        )?;
        for (score, address) in top {
            let doc: TantivyDocument = searcher.doc(address)?;
            // An ordinal outside our documents (a damaged index) is skipped, not a panic.
            let ordinal = doc.get_first(self.fields.ordinal).and_then(|v| v.as_u64());
            if let Some(ordinal) = ordinal.filter(|o| *o < self.meta.docs.len() as u64) {
                scores.insert(ordinal as usize, score);
            }
        }
        Ok(scores)
    }

    /// One hit per ruling or section, in ranked order: the best-scoring part of a section
    /// stands for it, or, at that score, the part a described concept names as its answer is
    /// shown; the part that ranked (returned by the shown part's ordinal) still tells how much
    /// of the query the hit holds.
    fn one_per_document(
        &self,
        named: &Named,
        ranked: &[(usize, f32)],
        options: &SearchOptions,
    ) -> (Vec<(usize, f32)>, HashMap<usize, usize>) {
        let mut unique: Vec<(usize, f32)> = Vec::new();
        let mut ranked_part: HashMap<usize, usize> = HashMap::new();
        for (ordinal, score) in ranked {
            let doc = &self.meta.docs[*ordinal];
            let seen = (unique.iter().map(|(o, _)| &self.meta.docs[*o]))
                .any(|other| other.kind == doc.kind && other.id == doc.id);
            if doc.passes(options) && !seen {
                let shown = self.part_a_concept_names(named, ranked, doc);
                if let Some(shown) = shown {
                    ranked_part.insert(shown, *ordinal);
                }
                unique.push((shown.unwrap_or(*ordinal), *score));
            }
        }
        (unique, ranked_part)
    }

    /// The share of the query's words the document `ordinal` holds (`share_matched`), or a
    /// text restating it holds: a base-game part states what the texts restating it state.
    fn share_held(&self, terms: &QueryTerms, ordinal: usize) -> f32 {
        let share = |doc: &DocInfo| {
            terms.share_matched(
                &doc.terms,
                |forms| self.rarity(forms),
                |term| self.names_game(term, &doc.game),
            )
        };
        let restating_it = |(_, part): &&(usize, usize)| *part == ordinal;
        (self.meta.restated.iter().filter(restating_it))
            .map(|(restating, _)| share(&self.meta.docs[*restating]))
            .fold(share(&self.meta.docs[ordinal]), f32::max)
    }

    /// The hit a player sees for a document: its title, short answer, game and the snippet
    /// that best answers the query.
    fn hit(&self, doc: &DocInfo, terms: &QueryTerms, named: &Named, score: f32) -> Hit {
        Hit {
            kind: doc.kind,
            id: doc.id.clone(),
            source_id: doc.source_id.clone(),
            question: doc.title.clone(),
            answer_short: doc.answer_short.clone(),
            game_title: (self.meta.games.iter())
                .find(|(id, _)| *id == doc.game)
                .map_or_else(|| doc.game.clone(), |(_, title)| title.clone()),
            snippet: snippet::make(
                &doc.text,
                self.analyzer.as_ref(),
                terms,
                &answered_concepts(&named.described, (&doc.id, &doc.title)),
            ),
            score,
        }
    }
}

/// How much a document of `levels` counts when the query names `level`: the level's own texts,
/// those it introduces (the level 3 section holds from level 3 on), gain all of `LEVEL_FOCUS`;
/// other texts that hold at it share it among their levels; the rest count less.
fn level_factor(levels: &[u8], level: u8) -> f32 {
    let introduced_here =
        levels.len() < usize::from(MAX_LEVEL) && levels.iter().min() == Some(&level);
    if introduced_here {
        1.0 + LEVEL_FOCUS
    } else if levels.contains(&level) {
        1.0 + LEVEL_FOCUS / levels.len() as f32
    } else {
        OTHER_LEVEL_FACTOR
    }
}

/// Does the rule part `id` titled `title` explain the term the query names: the glossary
/// names its section (`id`) or its own subsection (`id#Nadpis`)?
fn explains(explaining: &BTreeSet<String>, id: &str, title: &str) -> bool {
    explaining.iter().any(|entry| names_part(entry, id, title))
}

/// Does `entry` name the document `id` titled `title`: its section or ruling (`id`), or the
/// subsection it is (`id#Nadpis`)?
fn names_part(entry: &str, id: &str, title: &str) -> bool {
    match part_reference(entry) {
        (section, Some(named)) => section == id && named == last_heading(title),
        (section, None) => section == id,
    }
}

/// The section's title in a rule part's heading path ("Katedrály › Vyhodnocení" → "Katedrály").
fn section_title(title: &str) -> &str {
    title.split(HEADING_SEPARATOR).next().unwrap_or(title)
}

/// The last heading of a rule part's heading path ("Katedrály › Vyhodnocení" → "Vyhodnocení").
fn last_heading(title: &str) -> &str {
    title.rsplit(HEADING_SEPARATOR).next().unwrap_or(title)
}

/// Puts `leaders` ahead of the other candidates, in their own order: each gains the best of
/// the others' scores.
fn lead(leaders: &[usize], scores: &mut HashMap<usize, f32>) {
    let others_best = (scores.iter())
        .filter(|(ordinal, _)| !leaders.contains(ordinal))
        .map(|(_, score)| *score)
        .reduce(f32::max);
    if let Some(best) = others_best {
        for ordinal in leaders {
            if let Some(score) = scores.get_mut(ordinal) {
                *score += best;
            }
        }
    }
}

/// How much a document gains as the query's words stand next to each other in it.
fn proximity_factor(terms: &QueryTerms, doc: &DocInfo) -> f32 {
    1.0 + PROXIMITY_WEIGHT * terms.share_of_pairs_near(&doc.passages)
}

/// The hits of one ranking, the documents the hits stand for, the share of the query's words
/// the first one holds, and its score without what proximity added (`ANSWERED_MIN_SCORE` was
/// set on scores that proximity moved little).
struct Ranked {
    hits: Vec<Hit>,
    ordinals: Vec<usize>,
    first_share: f32,
    first_strength: f32,
}

impl Ranked {
    /// Whether the first hit answers the query (see `ANSWERED_MIN_SHARE`): it explains the term
    /// the query names (the glossary says so), or holds enough of the query's words; the
    /// `concept_targets` of `named` answer the situation the query describes;
    /// `in_games_words`: the texts hold every word.
    fn answers(&self, named: &Named, in_games_words: bool) -> bool {
        self.hits.first().is_some_and(|first| {
            (first.kind == HitKind::Rule && explains(&named.explaining, &first.id, &first.question))
                || self.first_share >= ANSWERED_MIN_SHARE
                || (self.first_strength >= ANSWERED_MIN_SCORE
                    && self.first_share >= ANSWERED_STRONG_MIN_SHARE)
                || (in_games_words && self.first_share >= ANSWERED_KNOWN_WORDS_MIN_SHARE)
                || (named.concept_targets.contains_key(&first.id)
                    && self.first_share >= ANSWERED_CONCEPT_MIN_SHARE)
        })
    }
}

impl Meta {
    /// What the search needs besides the index: the documents as `fill` made them, the words
    /// of their texts (`words`), and the tables derived from the corpus.
    fn new(
        corpus: &Corpus,
        analyzer: &dyn Analyzer,
        docs: Vec<DocInfo>,
        words: BTreeMap<String, (String, String)>,
    ) -> Self {
        Meta {
            expansions: Expansions::new(analyzer, &corpus.glossary, &corpus.thesaurus),
            terms: docs.iter().flat_map(|d| d.terms.iter().cloned()).collect(),
            restated: restated_ordinals(&docs, &base_restatements(corpus)),
            docs,
            rulings: (corpus.rulings.iter())
                .map(|r| (r.id.clone(), r.source_id.clone()))
                .collect(),
            games: (corpus.games.iter())
                .map(|g| (g.id.clone(), g.title.clone()))
                .collect(),
            game_names: game_names(corpus),
            game_hints: game_hints(corpus),
            expansion_bases: expansion_bases(corpus),
            game_titles: game_titles(corpus),
            concepts: concept_patterns(corpus),
            not_covered: NotCoveredTable::new(corpus),
            words: words.into_iter().collect(),
        }
    }
}

/// A query for the term `text` in whichever field it is given.
fn term_in(text: String) -> impl Fn(Field) -> Box<dyn Query> {
    move |field: Field| -> Box<dyn Query> {
        Box::new(TermQuery::new(
            Term::from_field_text(field, &text),
            IndexRecordOption::WithFreqs,
        ))
    }
}

/// A filter on a term (a game, a level): whether it is there, not how often.
fn basic_term_query(term: Term) -> Box<dyn Query> {
    Box::new(TermQuery::new(term, IndexRecordOption::Basic))
}

/// The texts of one document besides its title and short answer.
struct DocTexts<'t> {
    game: &'t str,
    levels: &'t [u8],
    tags: &'t str,
    body: &'t str,
    phrasings: &'t str,
}

/// One document, analysed once: its tantivy fields (folded and exact), and what the ranking
/// keeps of it (its terms and passages); each word it writes joins `words`, the forms the
/// suggestions offer.
fn document(
    fields: &Fields,
    analyzer: &dyn Analyzer,
    corpus: &Corpus,
    ordinal: usize,
    mut info: DocInfo,
    texts: DocTexts,
    words: &mut BTreeMap<String, (String, String)>,
) -> (TantivyDocument, DocInfo) {
    let mut doc = TantivyDocument::default();
    doc.add_u64(fields.ordinal, ordinal as u64);
    doc.add_text(fields.game, texts.game);
    for level in texts.levels {
        doc.add_u64(fields.level, u64::from(*level));
    }
    let game_text = game_words(corpus, texts.game);
    let synonyms = scoped_synonyms(
        analyzer,
        corpus,
        texts.game,
        &[
            &info.title,
            texts.tags,
            info.answer_short.as_deref().unwrap_or_default(),
            texts.body,
            texts.phrasings,
        ],
    );
    info.game = texts.game.to_owned();
    info.levels = texts.levels.to_vec();
    for ((pair, text), (_, _, is_passage)) in [
        (fields.title, info.title.clone()),
        (fields.tags, texts.tags.to_owned()),
        (fields.short, info.answer_short.clone().unwrap_or_default()),
        (fields.body, texts.body.to_owned()),
        (fields.phrasings, texts.phrasings.to_owned()),
        (fields.game_words, game_text),
        (fields.synonyms, synonyms),
    ]
    .into_iter()
    .zip(TEXT_FIELDS)
    {
        let tokens = analyzer.analyze(&text);
        info.terms.extend(tokens.iter().map(|t| t.folded.clone()));
        if is_passage && !tokens.is_empty() {
            if !info.passages.is_empty() {
                info.passages.push('\n');
            }
            info.passages.push_str(&passages(&text, &tokens));
        }
        for t in &tokens {
            let written = &text[t.start..t.end];
            words
                .entry(fold_word(written))
                .or_insert_with(|| (written.to_lowercase(), t.folded.clone()));
        }
        let variant = |exact: bool| PreTokenizedString {
            text: text.clone(),
            tokens: tokens
                .iter()
                .enumerate()
                .map(|(position, t)| TantivyToken {
                    offset_from: t.start,
                    offset_to: t.end,
                    position,
                    text: if exact {
                        t.exact.clone()
                    } else {
                        t.folded.clone()
                    },
                    position_length: 1,
                })
                .collect(),
        };
        doc.add_pre_tokenized_text(pair.folded, variant(false));
        doc.add_pre_tokenized_text(pair.exact, variant(true));
    }
    (doc, info)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_level_favours_the_texts_it_introduces() {
        // The level 3 section holds from level 3 on: for level 3 it is the level's own text.
        let level_3_section = level_factor(&[3, 4, 5, 6], 3);
        assert_eq!(level_3_section, 1.0 + LEVEL_FOCUS);
        // For level 4 it is a neighbour's, behind level 4's own section.
        assert!(level_factor(&[3, 4, 5, 6], 4) < level_factor(&[4], 4));
        // A text of every level introduces none of them.
        assert_eq!(
            level_factor(&[1, 2, 3, 4, 5, 6], 1),
            1.0 + LEVEL_FOCUS / 6.0
        );
        assert_eq!(level_factor(&[2], 3), OTHER_LEVEL_FACTOR);
        assert_eq!(level_factor(&[], 3), OTHER_LEVEL_FACTOR);
    }

    #[test]
    fn fields_split_into_passages_at_line_breaks() {
        let text = "Můžu dát figurku?\nJde přidat meepla,\n\n  a kdy ho sundám?";
        let tokens = CzechAnalyzer.analyze(text);
        assert_eq!(passages(text, &tokens), "dal figurk\nprid meepl\nsund");
        assert!(passages("", &[]).is_empty());
    }

    #[test]
    fn a_concept_applies_when_the_query_holds_a_whole_pattern() {
        let concept = |words: &[&str], points_to: &[&str]| ConceptPatterns {
            patterns: vec![(words.iter())
                .map(|w| CzechAnalyzer.analyze(w)[0].folded.clone())
                .collect()],
            points_to: points_to.iter().map(|id| (*id).to_owned()).collect(),
            question: Vec::new(),
            game: None,
        };
        let concepts = [
            concept(&["panáček", "starší", "kartička"], &["dc-prubeh-tahu"]),
            concept(
                &["starší", "kartička"],
                &["dc-prubeh-tahu", "zh-zakladni-hra"],
            ),
        ];
        let terms = |q: &str| QueryTerms::new(&CzechAnalyzer, q, &Expansions::default());
        let described = |q: &str| described_concepts(&terms(q), &concepts);
        let (targets, _) =
            concept_targets(&described("smím dát panáčka na starší kartičku"), |_| false);
        // Each document with how many of the described concepts it answers.
        let expected = [
            ("dc-prubeh-tahu".to_owned(), 2),
            ("zh-zakladni-hra".to_owned(), 1),
        ];
        assert_eq!(targets, BTreeMap::from(expected));
        // Leaning to the base game: the concept its rule answers points there only.
        let (targets, _) = concept_targets(
            &described("smím dát panáčka na starší kartičku"),
            |id| id.starts_with("zh-"),
        );
        let leaning = [
            ("dc-prubeh-tahu".to_owned(), 1),
            ("zh-zakladni-hra".to_owned(), 1),
        ];
        assert_eq!(targets, BTreeMap::from(leaning));
        // One word of every pattern missing: no concept applies.
        assert!(
            concept_targets(&described("smím dát panáčka na kartičku"), |_| false)
                .0
                .is_empty()
        );
    }

    #[test]
    fn sections_split_at_headings_with_paths() {
        let parts = section_parts("Mlha", "Úvod.\n\n## Duchové\nText.\n### Bank\nVíc.");
        let headings: Vec<&str> = parts.iter().map(|p| p.heading.as_str()).collect();
        assert_eq!(headings, ["Mlha", "Mlha › Duchové", "Mlha › Bank"]);
        let subheadings: Vec<Option<&str>> =
            parts.iter().map(|p| p.subheading.as_deref()).collect();
        assert_eq!(subheadings, [None, Some("Duchové"), Some("Bank")]);
    }
}
