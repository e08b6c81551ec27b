//! A title of two or more words as a query writes it: "v Duchách, zámcích a hřbitovech" names
//! the competitive game, "duchové na zámcích a hřbitovech" does not. Our games' titles say which
//! game a query is about; the titles of boxes we do not cover say it asks about one of them.

use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;

use crate::czech::{analyze_query, fold_word, CzechAnalyzer, Token};

/// A title's words as search terms, with the letters of what stands between each two of them
/// ("a", "over"; none for a comma).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Title {
    terms: Vec<String>,
    gaps: Vec<String>,
}

impl Title {
    /// The title of `text`, if it has at least two words: a title of one word ("Dárky", "Věž")
    /// is a word like any other.
    pub fn of(text: &str) -> Option<Title> {
        let text: String = text.nfc().collect();
        let tokens = analyze_query(&CzechAnalyzer, &text);
        (tokens.len() >= 2).then(|| Title {
            gaps: (tokens.windows(2))
                .map(|pair| gap_letters(&text[pair[0].end..pair[1].start]))
                .collect(),
            terms: tokens.into_iter().map(|t| t.folded).collect(),
        })
    }

    /// Whether the query's `tokens` (of `text`) hold this title: its words in order, with
    /// nothing between them but punctuation or the title's own word.
    pub fn held_by(&self, text: &str, tokens: &[Token]) -> bool {
        tokens.windows(self.terms.len()).any(|run| {
            let words = run
                .iter()
                .zip(&self.terms)
                .all(|(t, term)| t.folded == *term);
            let gaps = run.windows(2).zip(&self.gaps).all(|(pair, gap)| {
                let between = gap_letters(&text[pair[0].end..pair[1].start]);
                between.is_empty() || between == *gap
            });
            words && gaps
        })
    }

    /// How many of the title's words have this search term.
    pub fn times(&self, term: &str) -> usize {
        self.terms.iter().filter(|t| *t == term).count()
    }

    /// Whether the title has this search term among its words.
    pub fn has_term(&self, term: &str) -> bool {
        self.times(term) > 0
    }
}

/// The letters of the text between two words, folded: what a title's gap must match.
fn gap_letters(text: &str) -> String {
    fold_word(
        &text
            .chars()
            .filter(|c| c.is_alphabetic())
            .collect::<String>(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(title: &str, text: &str) -> bool {
        let title = Title::of(title).expect("a title of two words or more");
        title.held_by(text, &analyze_query(&CzechAnalyzer, text))
    }

    #[test]
    fn a_title_is_its_words_in_order_with_only_its_own_words_between() {
        let title = "Duchové, zámky a hřbitovy";
        assert!(held(title, "hřbitov ve hře Duchové, zámky a hřbitovy?"));
        assert!(held(title, "v Duchách, zámcích a hřbitovech"));
        assert!(held(title, "duchove zamky hrbitovy"));
        assert!(held(
            "Duchové Carcassonne",
            "kolik je v Duších Carcassonne kartiček"
        ));
        assert!(!held(title, "duchové na zámcích a hřbitovech"));
        assert!(!held(title, "duchové, hřbitovy a zámky"));
    }

    #[test]
    fn a_title_of_one_word_is_no_title() {
        assert!(Title::of("Dárky").is_none());
        assert!(Title::of("Zlaté doly").is_some());
    }
}
