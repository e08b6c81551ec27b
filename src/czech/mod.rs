//! Czech words: numerals with the nouns they count (`numerals`), and the analyzer that turns
//! Czech text into search terms (`analyzer`, the one definition both searches use).

mod analyzer;
mod numerals;

pub use analyzer::{
    analyze_query, asks_for_a_reason, fold_word, gives_a_reason, holds_a_modal, is_last_word,
    is_level_word, is_question_word, lemma_forms, lemmas_json, lemmas_txt, negated_at,
    numeral_noun_level, ordinal_level, question_sentences, spoken_forms, tables_json, Analyzer,
    BaselineAnalyzer, CzechAnalyzer, Token,
};
pub use numerals::{
    a_join, count, count_usize, hard_adjective, noun, pocet, points, sloveso, subject, Forms,
    Gender, MeepleTerm, Noun, Pad, DRUZINIK, NOUNS, STRAZNY,
};
