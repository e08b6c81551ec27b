//! Czech full-text search over rulings and rule sections.

mod cache;
mod eval;
mod hints;
mod index;
mod not_covered;
mod query;
mod snippet;
mod terms;
mod vectors;

pub use cache::IndexCache;
pub use eval::{answered_agreement, failures_at, parse_cases, quality, Quality, QueryCase};
pub use hints::{candidates, Spread};
pub use index::{
    base_restatements, concept_patterns, game_hints, game_names, game_titles, game_words,
    scoped_synonyms, section_parts, AnalyzerChoice, Hit, HitKind, SearchIndex, SearchOptions,
    SearchResults, Suggestion, ANOTHER_GAME_MIN_SHARE, ANOTHER_GAME_MIN_SHARE_OF_FIRST,
    ANSWERED_CONCEPT_MIN_SHARE, ANSWERED_KNOWN_WORDS_MIN_SHARE, ANSWERED_MIN_SCORE,
    ANSWERED_MIN_SHARE, ANSWERED_STRONG_MIN_SHARE, BASE_RULE_LEAD, CONCEPT_EXTRA_FACTOR,
    CONCEPT_FACTOR, CONCEPT_TIE_BREAKER, DESCRIBED_SITUATION_MIN_SHARE, EXACT_BONUS,
    EXPANSION_WEIGHT, EXPLAINS_QUERY_FACTOR, FUZZY_WEIGHT, GAME_WORD, HEADING_SEPARATOR,
    HINTED_OTHER_GAME_FACTOR, ID_MATCH_BONUS, LEADING_HITS, LEVEL_FOCUS, OTHER_GAME_FACTOR,
    OTHER_LEVEL_FACTOR, PROXIMITY_WEIGHT, RULE_PART_FACTOR, TEXT_FIELDS,
};
pub use not_covered::{NotCoveredTable, MENTIONED_REST_MIN_SHARE};
pub use query::{parse, MAX_QUERY_CHARS};
pub use snippet::WINDOW_WORDS;
pub use terms::{
    Expansions, FUZZY_MIN_LETTERS, NEAR_TERMS, RELAXED_MIN_LETTERS,
    SUGGESTION_TWO_EDITS_MIN_LETTERS,
};
pub use vectors::{analyze, corpus_vectors, Vector};
