//! Words that point to a game without naming it ("tým", "pes", "hrobník"): derived from each
//! game's own texts, reviewed by hand into `games.yaml` (`hinted_by`), and checked against the
//! texts again (`check`) so that the list cannot drift into words a test happens to use.
//!
//! A word points to a set of games when it is much more common in their documents than in the
//! others', measured per document so that the game with the most texts does not win every
//! common word: the share and the count below are the whole rule.

use std::collections::{BTreeMap, BTreeSet};

use super::index::section_parts;
use crate::content::to_plain_text;
use crate::czech::{Analyzer, CzechAnalyzer};
use crate::model::{Corpus, GameKind};

/// The word's rate in the games' documents (documents with the word / their documents) makes
/// at least this share of that rate plus its rate in the other games' documents…
const MIN_SHARE: f64 = 0.8;
/// …and at least this many documents of those games hold it.
const MIN_DOCUMENTS: usize = 2;

/// How a word's folded term spreads over the games' documents.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Spread {
    /// Documents with the word, by game.
    pub documents: BTreeMap<String, usize>,
    /// All documents, by game.
    totals: BTreeMap<String, usize>,
    /// How the corpus writes it most often (lowercase), for the reviewer.
    pub written: String,
}

impl Spread {
    /// The word's rate in the documents of `games` (pooled), and in the other games'.
    fn rates(&self, games: &BTreeSet<&str>) -> (f64, f64) {
        let (mut held, mut all, mut held_out, mut all_out) = (0, 0, 0, 0);
        for (game, total) in &self.totals {
            let with = self.documents.get(game).copied().unwrap_or_default();
            if games.contains(game.as_str()) {
                (held, all) = (held + with, all + total);
            } else {
                (held_out, all_out) = (held_out + with, all_out + total);
            }
        }
        let rate = |n: usize, of: usize| if of > 0 { n as f64 / of as f64 } else { 0.0 };
        (rate(held, all), rate(held_out, all_out))
    }

    /// The share of the word's rates that falls on `games`: their pooled rate against the
    /// others', so that a side of several games weighs as one.
    fn share_of(&self, games: &BTreeSet<&str>) -> f64 {
        let (inside, outside) = self.rates(games);
        if inside + outside > 0.0 {
            inside / (inside + outside)
        } else {
            0.0
        }
    }

    /// Whether the word points to `games`: enough of their documents hold it, and it is rare
    /// elsewhere.
    fn points_to(&self, games: &BTreeSet<&str>) -> bool {
        let held: usize = self
            .documents
            .iter()
            .filter(|(g, _)| games.contains(g.as_str()))
            .map(|(_, n)| n)
            .sum();
        held >= MIN_DOCUMENTS && self.share_of(games) >= MIN_SHARE
    }

    /// The one game the word points to, if any.
    fn game(&self) -> Option<&str> {
        self.documents
            .keys()
            .find(|game| self.points_to(&BTreeSet::from([game.as_str()])))
            .map(String::as_str)
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
fn spreads(corpus: &Corpus) -> BTreeMap<String, Spread> {
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
        spread.totals = documents_of
            .iter()
            .map(|(g, n)| ((*g).to_owned(), *n))
            .collect();
        spread.written = written[term]
            .iter()
            .max_by_key(|(word, n)| (**n, std::cmp::Reverse(*word)))
            .map(|(word, _)| word.clone())
            .unwrap_or_default();
    }
    spreads
}

/// Candidates for a reviewer: for each game, the words that point to it alone; for each two
/// games, the words that point to them together and to neither alone (the cooperative game and
/// the competitive expansion share the fog and the ghosts); then the words that point to the
/// competitive games together (the side of the divide a question about an opponent is on);
/// most documents first. Each list comes with its heading and its games.
pub fn candidates(corpus: &Corpus) -> Vec<(String, BTreeSet<String>, Vec<Spread>)> {
    let spreads = spreads(corpus);
    let mut out: Vec<(String, BTreeSet<String>, Vec<Spread>)> = corpus
        .games
        .iter()
        .map(|game| {
            let words = spreads
                .values()
                .filter(|s| s.game() == Some(game.id.as_str()))
                .cloned()
                .collect();
            let heading = format!("{} ({})", game.title, game.id);
            (heading, BTreeSet::from([game.id.clone()]), words)
        })
        .collect();
    for (i, first) in corpus.games.iter().enumerate() {
        for second in &corpus.games[i + 1..] {
            let pair = BTreeSet::from([first.id.as_str(), second.id.as_str()]);
            let words = spreads
                .values()
                .filter(|s| s.game().is_none() && s.points_to(&pair))
                .cloned()
                .collect();
            let heading = format!("{} a {} dohromady", first.title, second.title);
            let games = pair.iter().map(|g| (*g).to_owned()).collect();
            out.push((heading, games, words));
        }
    }
    let competitive: BTreeSet<&str> = corpus
        .games
        .iter()
        .filter(|g| g.kind != GameKind::Kooperativni)
        .map(|g| g.id.as_str())
        .collect();
    let together = spreads
        .values()
        .filter(|s| s.points_to(&competitive))
        .cloned()
        .collect();
    out.push((
        "soutěžní hry dohromady".to_owned(),
        competitive.iter().map(|g| (*g).to_owned()).collect(),
        together,
    ));
    for (_, _, list) in &mut out {
        list.sort_by_key(|s| std::cmp::Reverse(s.documents.values().max().copied()));
    }
    out.retain(|(_, _, list)| !list.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{load, ContentFiles};
    use crate::czech::analyze_query;

    /// Every `hinted_by` word that the texts do not bear out: (word, its games). A word listed
    /// for several games points to them together.
    fn check(corpus: &Corpus) -> Vec<(String, Vec<String>)> {
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
