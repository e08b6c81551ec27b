//! Czech full-text search over rulings and rule sections.

mod cache;
mod eval;
mod hints;
mod index;
mod not_covered;
mod query;
mod snippet;
mod terms;
mod title;
mod vectors;

pub use cache::IndexCache;
pub use eval::{
    answered_agreement, failures_at, parse_cases, quality, refused_by_subject, Quality, QueryCase,
    SUBJECTS,
};
pub use hints::{candidates, Spread};
pub use index::{
    base_restatements, concept_patterns, expansion_bases, game_hints, game_names, game_titles,
    game_words, ranking_constants, scoped_synonyms, section_parts, AnalyzerChoice, Hit, HitKind,
    SearchIndex, SearchOptions, SearchResults, Suggestion, HEADING_SEPARATOR, TEXT_FIELDS,
};
pub use not_covered::{
    NotCoveredTable, BOX_WORDS, LEAD_IN_REST_MIN_TERMS, MENTIONED_REST_MIN_SHARE,
};
pub use query::{parse, MAX_QUERY_CHARS, PAST_LEVELS_NAMED};
pub use snippet::{AMOUNT_QUESTION, NO_AMOUNT, WINDOW_WORDS};
pub use terms::{
    Expansions, FUZZY_MIN_LETTERS, NEAR_TERMS, RELAXED_MIN_LETTERS,
    SUGGESTION_TWO_EDITS_MIN_LETTERS,
};
pub use vectors::{analyze, corpus_vectors, Vector};
