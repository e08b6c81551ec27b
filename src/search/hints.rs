//! Words that point to a game without naming it ("tým", "pes", "hrobník"): derived from each
//! game's own texts, reviewed by hand into `games.yaml` (`hinted_by`), and checked against the
//! texts again (`check`) so that the list cannot drift into words a test happens to use.
//!
//! A word points to a set of games when it is much more common in their documents than in the
//! others', measured per document so that the game with the most texts does not win every
//! common word: the share and the count below are the whole rule.

use std::collections::{BTreeMap, BTreeSet};

use super::index::section_parts;
use crate::content::markdown::to_plain_text;
use crate::czech::analyzer::{analyze_query, Analyzer, CzechAnalyzer};
use crate::model::Corpus;

/// The word's rates in the games' documents (documents with the word / the game's documents)
/// make at least this share of its rates summed over all games…
pub const MIN_SHARE: f64 = 0.8;
/// …and at least this many documents of those games hold it.
pub const MIN_DOCUMENTS: usize = 2;

/// How a word's folded term spreads over the games' documents.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Spread {
    /// Documents with the word, by game.
    pub documents: BTreeMap<String, usize>,
    /// The word's rate in each game's documents.
    pub rates: BTreeMap<String, f64>,
    /// How the corpus writes it most often (lowercase), for the reviewer.
    pub written: String,
}

impl Spread {
    /// The share of the word's rates that falls on `games`.
    pub fn share_of(&self, games: &BTreeSet<&str>) -> f64 {
        let all: f64 = self.rates.values().sum();
        let of: f64 = self
            .rates
            .iter()
            .filter(|(g, _)| games.contains(g.as_str()))
            .map(|(_, r)| r)
            .sum();
        if all > 0.0 {
            of / all
        } else {
            0.0
        }
    }

    /// Whether the word points to `games`: enough of their documents hold it, and it is rare
    /// elsewhere.
    pub fn points_to(&self, games: &BTreeSet<&str>) -> bool {
        let held: usize = self
            .documents
            .iter()
            .filter(|(g, _)| games.contains(g.as_str()))
            .map(|(_, n)| n)
            .sum();
        held >= MIN_DOCUMENTS && self.share_of(games) >= MIN_SHARE
    }

    /// The one game the word points to, if any.
    pub fn game(&self) -> Option<&str> {
        let (game, _) = self.rates.iter().max_by(|a, b| a.1.total_cmp(b.1))?;
        self.points_to(&BTreeSet::from([game.as_str()]))
            .then_some(game.as_str())
    }
}

/// Each document's text and game, as the search indexes them: a ruling with its phrasings and
/// answer, a part of a rule section.
fn documents(corpus: &Corpus) -> Vec<(&str, String)> {
    let rulings = corpus.rulings.iter().map(|r| {
        let text = [
            r.question.as_str(),
            &r.phrasings.join("\n"),
            &r.answer_short,
            &to_plain_text(&r.answer),
            &r.tags.join("\n"),
        ]
        .join("\n");
        (r.game.as_str(), text)
    });
    let sections = corpus.sections.iter().flat_map(|s| {
        section_parts(&s.title, &s.body).into_iter().map(|part| {
            let text = format!("{}\n{}", part.heading, to_plain_text(&part.markdown));
            (s.game.as_str(), text)
        })
    });
    rulings.chain(sections).collect()
}

/// The spread of every folded term of the corpus over the games.
pub fn spreads(corpus: &Corpus) -> BTreeMap<String, Spread> {
    let mut spreads: BTreeMap<String, Spread> = BTreeMap::new();
    let mut written: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    let mut documents_of: BTreeMap<&str, usize> = BTreeMap::new();
    for (game, text) in documents(corpus) {
        *documents_of.entry(game).or_default() += 1;
        let mut terms = BTreeSet::new();
        for token in CzechAnalyzer.analyze(&text) {
            let word = text[token.start..token.end].to_lowercase();
            let forms = written.entry(token.folded.clone()).or_default();
            *forms.entry(word).or_default() += 1;
            terms.insert(token.folded);
        }
        for term in terms {
            let spread = spreads.entry(term).or_default();
            *spread.documents.entry(game.to_owned()).or_default() += 1;
        }
    }
    for (term, spread) in spreads.iter_mut() {
        spread.rates = spread
            .documents
            .iter()
            .map(|(g, n)| (g.clone(), *n as f64 / documents_of[g.as_str()] as f64))
            .collect();
        spread.written = written[term]
            .iter()
            .max_by_key(|(word, n)| (**n, std::cmp::Reverse(*word)))
            .map(|(word, _)| word.clone())
            .unwrap_or_default();
    }
    spreads
}

/// The words that point to one game, as candidates for a reviewer: game → spreads, most
/// documents first.
pub fn candidates(corpus: &Corpus) -> BTreeMap<String, Vec<Spread>> {
    let mut out: BTreeMap<String, Vec<Spread>> = BTreeMap::new();
    for spread in spreads(corpus).into_values() {
        if let Some(game) = spread.game() {
            out.entry(game.to_owned()).or_default().push(spread);
        }
    }
    for list in out.values_mut() {
        list.sort_by_key(|s| std::cmp::Reverse(s.documents.values().max().copied()));
    }
    out
}

/// Every `hinted_by` word that the texts do not bear out: (word, its games). A word listed
/// for several games points to them together.
pub fn check(corpus: &Corpus) -> Vec<(String, Vec<String>)> {
    let spreads = spreads(corpus);
    let mut listed: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for game in &corpus.games {
        for word in &game.hinted_by {
            listed.entry(word).or_default().insert(&game.id);
        }
    }
    listed
        .into_iter()
        .filter(|(word, games)| {
            let terms = analyze_query(&CzechAnalyzer, word);
            terms.is_empty()
                || terms.iter().any(|t| {
                    !spreads
                        .get(&t.folded)
                        .is_some_and(|spread| spread.points_to(games))
                })
        })
        .map(|(word, games)| {
            (
                word.to_owned(),
                games.iter().map(|g| (*g).to_owned()).collect(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{load, ContentFiles};

    #[test]
    fn every_reviewed_hint_is_borne_out_by_the_texts() {
        let loaded = load(&ContentFiles::embedded());
        assert!(loaded.diagnostics.is_empty());
        assert!(loaded.corpus.games.iter().any(|g| !g.hinted_by.is_empty()));
        assert_eq!(check(&loaded.corpus), Vec::new());
    }

    #[test]
    fn a_word_common_to_every_game_points_to_none() {
        let loaded = load(&ContentFiles::embedded());
        let spreads = spreads(&loaded.corpus);
        // "kartička" is in the texts of every game: it tells no game apart.
        let tile = &spreads[&analyze_query(&CzechAnalyzer, "kartička")[0].folded];
        assert_eq!(tile.game(), None, "{tile:?}");
        let dog = &spreads[&analyze_query(&CzechAnalyzer, "pes")[0].folded];
        assert_eq!(dog.game(), Some("duchove-carcassonne"));
    }
}
