//! Czech full-text search over rulings and rule sections.

pub mod cache;
pub mod eval;
pub mod hints;
pub mod index;
pub mod not_covered;
pub mod query;
pub mod snippet;
pub mod terms;
pub mod vectors;

pub use index::{
    AnalyzerChoice, Hit, HitKind, SearchIndex, SearchOptions, SearchResults, Suggestion,
};
