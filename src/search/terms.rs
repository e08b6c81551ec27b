//! What a query looks for: its own terms, glossary expansions (irregular forms such as
//! pes/psa/psi, synonyms, English names) and which of them may match with one typo.

use std::collections::{BTreeSet, HashMap};

use serde::{Deserialize, Deserializer, Serialize};

use crate::czech::{analyze_query, is_last_word, negated_at, ordinal_level, Analyzer, Token};
use crate::model::{GlossaryEntry, SynonymRing, MAX_LEVEL};

/// Two query words stand together in a text when at most one other term is between them.
pub const NEAR_TERMS: usize = 2;
/// Words this long (in letters) or longer tolerate one typo.
pub const FUZZY_MIN_LETTERS: usize = 6;
/// A word that matches nothing is suggested the closest word of the texts one edit away, or
/// two when it is this long (Elasticsearch's `fuzziness: AUTO`): two edits make a short real
/// word into another ("trvá" → „barva“).
pub const SUGGESTION_TWO_EDITS_MIN_LETTERS: usize = 6;
/// When nothing matches, words whose term has at least this many letters tolerate two typos
/// (and shorter ones of at least 4 letters one; fewer would match almost anything).
pub const RELAXED_MIN_LETTERS: usize = 7;

/// Edits (insertions, deletions, substitutions, adjacent transpositions) between two terms,
/// counted as tantivy's fuzzy query counts them (optimal string alignment).
pub(crate) fn edits(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

/// One word of the query: its terms and the glossary terms that stand for the same thing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct QueryWord {
    pub(crate) folded: String,
    pub(crate) exact: String,
    /// How many typos a matching document term may differ by (0: none).
    pub(crate) typos: u8,
    /// Folded terms added from the glossary, not typed by the user.
    pub(crate) expansions: BTreeSet<String>,
    /// For a word no document contains: the term of the closest word some do ("Mysleli
    /// jste …?"), searched at a typo's weight so that a typo ranks like the word it misspells.
    pub(crate) suggested: Option<String>,
    /// How many times the query writes it ("dva na dva": twice).
    pub(crate) times: usize,
    /// Written only as a word of a game's title the query holds ("kolik kartiček je v Duších
    /// Carcassonne": "duch" names the game, it does not ask about ghosts).
    pub(crate) in_title: bool,
}

impl QueryWord {
    /// Its term, its glossary expansions and its suggestion.
    pub(crate) fn forms(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.folded.as_str())
            .chain(self.expansions.iter().map(String::as_str))
            .chain(self.suggested.as_deref())
    }

    /// Is `term` this word, one of its glossary expansions or its suggestion (typos aside)?
    pub(crate) fn stands_for(&self, term: &str) -> bool {
        self.folded == term
            || self.expansions.contains(term)
            || self.suggested.as_deref() == Some(term)
    }
}

#[derive(Debug, Clone, Default)]
pub(crate) struct QueryTerms {
    pub(crate) words: Vec<QueryWord>,
    /// Glossary entries named by a multi-word member the query contains (`start tile`,
    /// `big meeple`): each alternative is one way the entry is written, as its terms.
    pub(crate) phrases: Vec<Vec<Vec<String>>>,
}

impl QueryTerms {
    pub(crate) fn new(analyzer: &dyn Analyzer, text: &str, glossary: &Expansions) -> Self {
        let mut words: Vec<QueryWord> = Vec::new();
        let mut readings: Vec<Vec<String>> = Vec::new();
        let normalized: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for token in analyze_query(analyzer, &normalized) {
            // The text comes NFC-normalized (query::parse), so the offsets fall on its letters.
            let written = normalized.get(token.start..token.end).unwrap_or_default();
            let letters = written.chars().count();
            let negated = negation(analyzer, glossary, &normalized, &token, written);
            let (token, written) = match &negated {
                Some((term, negation)) => (term.clone(), negation.as_str()),
                None => (token, written),
            };
            let word = QueryWord {
                typos: u8::from(letters >= FUZZY_MIN_LETTERS && token.folded.chars().count() >= 4),
                folded: token.folded,
                exact: token.exact,
                expansions: BTreeSet::new(),
                suggested: None,
                times: 1,
                in_title: false,
            };
            match words.iter_mut().find(|w| w.folded == word.folded) {
                Some(again) => again.times += 1,
                None => {
                    words.push(word);
                    readings.push(analyzer.readings(written));
                }
            }
        }
        let typed: BTreeSet<String> = words.iter().map(|w| w.folded.clone()).collect();
        // A word typed without diacritics also looks for each word it may stand for.
        for (word, readings) in words.iter_mut().zip(readings) {
            word.expansions = std::iter::once(word.folded.clone())
                .chain(readings)
                .flat_map(|term| {
                    let expanded = glossary.expand(&term);
                    std::iter::once(term).chain(expanded)
                })
                .filter(|t| !typed.contains(t))
                .collect();
        }
        let phrases = glossary.phrases_in(&typed);
        QueryTerms { words, phrases }
    }

    /// For tests and snippets built without a query string.
    #[cfg(test)]
    pub(crate) fn from_folded(terms: impl IntoIterator<Item = String>) -> Self {
        QueryTerms {
            words: terms
                .into_iter()
                .map(|t| QueryWord {
                    exact: t.clone(),
                    typos: 0,
                    folded: t,
                    expansions: BTreeSet::new(),
                    suggested: None,
                    times: 1,
                    in_title: false,
                })
                .collect(),
            phrases: Vec::new(),
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// When the query names a level, its ordinal ("na čtvrté úrovni", "nejtěžší úroveň" for the
    /// last) also matches the level's number, as the texts write it ("Úroveň 4").
    pub(crate) fn ordinals_as_digits(&mut self, level: u8) {
        for word in &mut self.words {
            let names_it = ordinal_level(&word.folded, true) == Some(level)
                || (level == MAX_LEVEL && is_last_word(&word.folded, true));
            if names_it {
                word.expansions.insert(level.to_string());
            }
        }
    }

    /// Searches `suggested`, a word `typos` edits away, besides each query word whose term is
    /// `typed` and which allows that many typos (more are for the relaxed search only).
    pub(crate) fn suggest(&mut self, typed: &str, suggested: &str, typos: usize) {
        for word in self
            .words
            .iter_mut()
            .filter(|w| w.folded == typed && typos <= usize::from(w.typos))
        {
            word.suggested = Some(suggested.to_owned());
        }
    }

    /// The same query searched more loosely, for when it matched nothing: two typos in longer
    /// terms, one in short ones, and the suggested terms as one more concept (searched like
    /// glossary phrases: any of them counts).
    pub(crate) fn relaxed(&self, suggested: &[String]) -> Self {
        let mut relaxed = self.clone();
        for word in &mut relaxed.words {
            let letters = word.folded.chars().count();
            word.typos = if letters >= RELAXED_MIN_LETTERS {
                2
            } else {
                u8::from(letters >= 4)
            };
        }
        if !suggested.is_empty() {
            relaxed
                .phrases
                .push(suggested.iter().map(|t| vec![t.clone()]).collect());
        }
        relaxed
    }

    /// How many of the query's words (not counting its glossary phrases) a document with these
    /// folded terms contains.
    pub(crate) fn words_held(&self, doc_terms: &TermSet) -> usize {
        (self.concepts_matched(doc_terms).iter())
            .take(self.words.len())
            .filter(|hit| **hit)
            .count()
    }

    /// Which of the query's concepts (its words, then its glossary phrases) a document with
    /// these folded terms contains.
    pub(crate) fn concepts_matched(&self, doc_terms: &TermSet) -> Vec<bool> {
        let word_matches = self.words.iter().map(|w| {
            doc_terms.contains(&w.folded)
                || w.expansions.iter().any(|e| doc_terms.contains(e))
                || w.suggested.as_ref().is_some_and(|t| doc_terms.contains(t))
                || (w.typos > 0
                    && doc_terms
                        .iter()
                        .any(|t| edits(&w.folded, t) <= usize::from(w.typos)))
        });
        let phrase_matches = self.phrases.iter().map(|alternatives| {
            alternatives
                .iter()
                .any(|words| words.iter().all(|w| doc_terms.contains(w)))
        });
        word_matches.chain(phrase_matches).collect()
    }

    /// The share of the query's words that a document's terms hold, by themselves or as part
    /// of a glossary phrase the document holds ("joint scoring" as "společné hodnocení"); each
    /// word weighs as rare as its commonest form is (`rarity`), so that "jak" or "hra" decide
    /// less than "stodola", which no text has. A word that names the document's game
    /// (`names_doc_game`) counts as held.
    pub(crate) fn share_matched(
        &self,
        doc_terms: &TermSet,
        rarity: impl Fn(&[&str]) -> f32,
        names_doc_game: impl Fn(&str) -> bool,
    ) -> f32 {
        let matched = self.concepts_matched(doc_terms);
        let (words, phrases) = matched.split_at(self.words.len());
        let in_matched_phrase = |term: &str| {
            self.phrases
                .iter()
                .zip(phrases)
                .any(|(alternatives, hit)| *hit && alternatives.iter().flatten().any(|t| t == term))
        };
        let (mut held, mut all) = (0.0, 0.0);
        for (word, hit) in self.words.iter().zip(words) {
            let forms: Vec<&str> = word.forms().collect();
            let weight = rarity(&forms);
            all += weight;
            if *hit || in_matched_phrase(&word.folded) || word.forms().any(&names_doc_game) {
                held += weight;
            }
        }
        if all > 0.0 {
            held / all
        } else {
            0.0
        }
    }

    /// The share of the pairs of query words that stand within `NEAR_TERMS` terms of each
    /// other in one of these passages (by their terms, glossary expansions or suggestions).
    /// `passages` has a line per passage, its terms separated by spaces.
    pub(crate) fn share_of_pairs_near(&self, passages: &str) -> f32 {
        let n = self.words.len();
        if n < 2 {
            return 0.0;
        }
        let mut near = vec![false; n * n];
        for passage in passages.lines() {
            let words_at: Vec<Vec<usize>> = passage.split(' ').map(|t| self.words_of(t)).collect();
            for (i, here) in words_at.iter().enumerate() {
                for there in words_at.iter().skip(i + 1).take(NEAR_TERMS) {
                    for a in here {
                        for b in there.iter().filter(|b| *b != a) {
                            near[a.min(b) * n + a.max(b)] = true;
                        }
                    }
                }
            }
        }
        let pairs = n * (n - 1) / 2;
        near.iter().filter(|n| **n).count() as f32 / pairs as f32
    }

    /// The query words a document term stands for (typo matches aside).
    fn words_of(&self, term: &str) -> Vec<usize> {
        self.words
            .iter()
            .enumerate()
            .filter(|(_, w)| w.stands_for(term))
            .map(|(i, _)| i)
            .collect()
    }

    /// Which query word a matching document term stands for (for choosing a snippet's
    /// sentence): the first such word's term, or the document term itself when it matches
    /// through a typo or a glossary phrase.
    pub(crate) fn concept_of(&self, folded: &str) -> String {
        self.words_of(folded)
            .first()
            .map_or_else(|| folded.to_owned(), |i| self.words[*i].folded.clone())
    }

    /// Does a document term match this query (for highlighting)?
    pub(crate) fn matches(&self, folded: &str) -> bool {
        self.words.iter().any(|w| {
            w.stands_for(folded)
                || (w.typos > 0 && edits(&w.folded, folded) <= usize::from(w.typos))
        }) || self.phrases.iter().flatten().flatten().any(|t| t == folded)
    }
}

/// The Czech prefix of negation ("nehotový", "nepolámaly"), folded.
pub(crate) const NEGATION: &str = "ne";

/// Whether one word is the other with the prefix of negation ("existuje", "neexistuje"): the
/// opposite of what was typed is never its typo.
pub(crate) fn negates_either(a: &str, b: &str) -> bool {
    a.strip_prefix(NEGATION) == Some(b) || b.strip_prefix(NEGATION) == Some(a)
}

/// A query word after a negating word ("není hotový"), read as its negation ("nehotový", with
/// its term) when the glossary or thesaurus knows that: the rings keep a word apart from its
/// opposite, so the positive word would find the opposite rule.
fn negation(
    analyzer: &dyn Analyzer,
    glossary: &Expansions,
    text: &str,
    token: &Token,
    written: &str,
) -> Option<(Token, String)> {
    if !negated_at(text, token.start) {
        return None;
    }
    let negation = format!("{NEGATION}{}", written.to_lowercase());
    let term = analyze_query(analyzer, &negation).into_iter().next()?;
    glossary.knows(&term.folded).then_some((term, negation))
}

/// Glossary groups by their analyzed terms.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Expansions {
    groups: Vec<Group>,
    by_term: HashMap<String, Vec<usize>>,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Group {
    /// Terms of one-word members: what an expansion adds.
    single: BTreeSet<String>,
    /// Multi-word members (`big meeple`), each as its terms in order.
    phrases: Vec<Vec<String>>,
    /// The rule sections that explain a glossary term (none for a synonym ring).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    sections: Vec<String>,
}

/// The plural of an English name ("cities", "roads", "guard meeples"), which the Czech analyzer
/// does not join with the singular: players who learned the game in English ask in both. None
/// for a verb form ("buried", "extending"), a name and a word already plural ("crossroads").
fn english_plural(name: &str) -> Option<String> {
    let (head, last) = name.rsplit_once(' ').map_or(("", name), |(h, l)| (h, l));
    let verb_or_plural = ["ed", "ing", "s"].iter().any(|e| last.ends_with(e));
    if verb_or_plural || !last.chars().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    let consonant_y = last
        .strip_suffix('y')
        .filter(|stem| !stem.ends_with(['a', 'e', 'o', 'u']));
    let plural = match consonant_y {
        Some(stem) => format!("{stem}ies"),
        None if ["x", "z", "ch", "sh"].iter().any(|e| last.ends_with(e)) => format!("{last}es"),
        None => format!("{last}s"),
    };
    Some(if head.is_empty() {
        plural
    } else {
        format!("{head} {plural}")
    })
}

fn terms_of(analyzer: &dyn Analyzer, text: &str) -> Vec<Token> {
    analyze_query(analyzer, text)
}

impl Expansions {
    /// Groups from the glossary (a term with its irregular forms, synonyms and English
    /// names) and from the thesaurus (each synonym ring).
    pub fn new(
        analyzer: &dyn Analyzer,
        glossary: &[GlossaryEntry],
        thesaurus: &[SynonymRing],
    ) -> Self {
        let mut expansions = Expansions::default();
        let glossary_groups = glossary.iter().map(|entry| {
            let names = std::iter::once(&entry.term)
                .chain(&entry.forms)
                .chain(&entry.synonyms)
                .chain(&entry.english)
                .cloned()
                .chain(entry.english.iter().filter_map(|e| english_plural(e)))
                .collect::<Vec<_>>();
            (names, entry.sections.clone())
        });
        // A ring of some games only joins its words in those games' texts (`scoped_synonyms`).
        let rings = thesaurus
            .iter()
            .filter(|ring| ring.games.is_empty())
            .map(|ring| {
                let names = std::iter::once(&ring.preferred)
                    .chain(&ring.members)
                    .cloned()
                    .collect::<Vec<_>>();
                (names, Vec::new())
            });
        for (members, sections) in glossary_groups.chain(rings) {
            let mut group = Group {
                single: BTreeSet::new(),
                phrases: Vec::new(),
                sections,
            };
            for member in members {
                let tokens = terms_of(analyzer, &member);
                match tokens.as_slice() {
                    [] => {}
                    [one] => {
                        group.single.insert(one.folded.clone());
                    }
                    many => {
                        let phrase: Vec<String> = many.iter().map(|t| t.folded.clone()).collect();
                        if !group.phrases.contains(&phrase) {
                            group.phrases.push(phrase);
                        }
                    }
                }
            }
            let index = expansions.groups.len();
            for term in group.single.iter().chain(group.phrases.iter().flatten()) {
                let entry = expansions.by_term.entry(term.clone()).or_default();
                if !entry.contains(&index) {
                    entry.push(index);
                }
            }
            expansions.groups.push(group);
        }
        expansions
    }

    /// The sections that explain the glossary terms the query names and nothing else ("co je
    /// vystrašení", "uchlácholit duchy"): every `asked` word (the query's `words` but those
    /// that only frame the question, such as the game's name) is one of the entry's, and the
    /// words make up one of its names.
    pub(crate) fn sections_explaining(
        &self,
        asked: &[QueryWord],
        words: &[QueryWord],
    ) -> BTreeSet<String> {
        let held = |term: &String| words.iter().any(|w| w.stands_for(term));
        self.groups
            .iter()
            .filter(|group| !group.sections.is_empty() && !asked.is_empty())
            .filter(|group| {
                let terms = || group.single.iter().chain(group.phrases.iter().flatten());
                asked.iter().all(|w| terms().any(|t| w.stands_for(t)))
                    && (group.single.iter().any(held)
                        || group.phrases.iter().any(|p| p.iter().all(held)))
            })
            .flat_map(|group| group.sections.iter().cloned())
            .collect()
    }

    /// Whether any glossary entry or synonym ring contains this term.
    pub(crate) fn knows(&self, term: &str) -> bool {
        self.by_term.contains_key(term)
    }

    /// The one-word members of the groups this word is a one-word member of.
    fn expand(&self, word: &str) -> BTreeSet<String> {
        self.by_term
            .get(word)
            .into_iter()
            .flatten()
            .map(|index| &self.groups[*index])
            .filter(|group| group.single.contains(word))
            .flat_map(|group| group.single.iter().cloned())
            .collect()
    }

    /// Groups with a multi-word member whose every word is in the query, each as its
    /// alternatives: every multi-word member, and every one-word member alone.
    fn phrases_in(&self, query: &BTreeSet<String>) -> Vec<Vec<Vec<String>>> {
        let candidates: BTreeSet<usize> = query
            .iter()
            .filter_map(|t| self.by_term.get(t))
            .flatten()
            .copied()
            .collect();
        candidates
            .into_iter()
            .map(|index| &self.groups[index])
            .filter(|group| {
                group
                    .phrases
                    .iter()
                    .any(|p| p.iter().all(|t| query.contains(t)))
            })
            .map(|group| {
                group
                    .phrases
                    .iter()
                    .cloned()
                    .chain(group.single.iter().map(|t| vec![t.clone()]))
                    .collect()
            })
            .collect()
    }
}

/// A set of folded terms kept as a sorted list and looked up by binary search: the index cache
/// reads it back as the list it wrote, where a tree set would be rebuilt term by term (which
/// was most of the time a warm search spent reading the cache).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub(crate) struct TermSet(Vec<String>);

impl TermSet {
    pub(crate) fn contains(&self, term: &str) -> bool {
        self.0.binary_search_by(|t| t.as_str().cmp(term)).is_ok()
    }

    pub(crate) fn iter(&self) -> std::slice::Iter<'_, String> {
        self.0.iter()
    }

    pub(crate) fn extend(&mut self, terms: impl IntoIterator<Item = String>) {
        self.0.extend(terms);
        self.0.sort_unstable();
        self.0.dedup();
    }
}

impl FromIterator<String> for TermSet {
    fn from_iter<I: IntoIterator<Item = String>>(terms: I) -> Self {
        let mut set = TermSet::default();
        set.extend(terms);
        set
    }
}

impl<'de> Deserialize<'de> for TermSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let terms = Vec::<String>::deserialize(deserializer)?;
        if terms.windows(2).all(|pair| pair[0] < pair[1]) {
            Ok(TermSet(terms))
        } else {
            Ok(terms.into_iter().collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::czech::CzechAnalyzer;

    #[test]
    fn a_term_set_is_sorted_once_and_read_back_as_it_was_written() {
        let set: TermSet = ["mlh", "duch", "mlh", "bod"]
            .map(String::from)
            .into_iter()
            .collect();
        assert!(set.contains("duch") && !set.contains("pes"));
        assert_eq!(
            set.iter().map(String::as_str).collect::<Vec<_>>(),
            ["bod", "duch", "mlh"]
        );
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(json, r#"["bod","duch","mlh"]"#);
        assert_eq!(serde_json::from_str::<TermSet>(&json).unwrap(), set);
        // A list out of order (written by hand, or by an older layout) is sorted on reading.
        let unsorted: TermSet = serde_json::from_str(r#"["mlh","bod","mlh"]"#).unwrap();
        assert!(unsorted.contains("bod") && unsorted.contains("mlh"));
    }

    fn entry(term: &str, forms: &[&str], english: &[&str]) -> GlossaryEntry {
        GlossaryEntry {
            term: term.into(),
            forms: forms.iter().map(|s| s.to_string()).collect(),
            synonyms: Vec::new(),
            english: english.iter().map(|s| s.to_string()).collect(),
            definition: "x".into(),
            sections: Vec::new(),
        }
    }

    #[test]
    fn irregular_forms_and_english_expand() {
        let glossary = [
            entry("pes", &["psa", "psi", "psů"], &["dog", "hound"]),
            entry("velký družiník", &[], &["big meeple"]),
        ];
        let expansions = Expansions::new(&CzechAnalyzer, &glossary, &[]);
        let psi = QueryTerms::new(&CzechAnalyzer, "psi", &expansions);
        let pes = CzechAnalyzer.analyze("pes")[0].folded.clone();
        assert!(psi.words[0].expansions.contains(&pes), "{:?}", psi.words);
        let dog = QueryTerms::new(&CzechAnalyzer, "dog", &expansions);
        assert!(dog.words[0].expansions.contains(&pes));
        let big = QueryTerms::new(&CzechAnalyzer, "big meeple ransom", &expansions);
        let velky_druzinik: Vec<String> = CzechAnalyzer
            .analyze("velký družiník")
            .into_iter()
            .map(|t| t.folded)
            .collect();
        assert_eq!(big.phrases.len(), 1);
        assert!(
            big.phrases[0].contains(&velky_druzinik),
            "{:?}",
            big.phrases
        );
        let only_big = QueryTerms::new(&CzechAnalyzer, "big", &expansions);
        assert!(only_big.phrases.is_empty());
    }

    #[test]
    fn a_word_without_diacritics_looks_for_each_word_it_may_be_and_their_synonyms() {
        let glossary = [entry("vlastní", &[], &["own"])];
        let expansions = Expansions::new(&CzechAnalyzer, &glossary, &[]);
        let terms = QueryTerms::new(&CzechAnalyzer, "vlastni", &expansions);
        let vlastni = &CzechAnalyzer.analyze("vlastní")[0].folded;
        assert!(terms.words[0].stands_for(vlastni), "{:?}", terms.words);
        assert!(terms.words[0].stands_for("own"), "{:?}", terms.words);
        let typed = QueryTerms::new(&CzechAnalyzer, "vlastnit", &expansions);
        assert!(!typed.words[0].stands_for(vlastni), "{:?}", typed.words);
    }

    #[test]
    fn the_last_level_named_in_words_matches_its_number() {
        let mut terms = QueryTerms::new(&CzechAnalyzer, "nejtěžší úroveň", &Expansions::default());
        terms.ordinals_as_digits(MAX_LEVEL);
        assert!(terms.words[0].stands_for(&MAX_LEVEL.to_string()));
        let mut fifth = QueryTerms::new(&CzechAnalyzer, "nejtěžší úroveň", &Expansions::default());
        fifth.ordinals_as_digits(5);
        assert!(!fifth.words[0].stands_for("5"));
    }

    #[test]
    fn english_names_are_searched_in_the_plural_too() {
        assert_eq!(english_plural("city").as_deref(), Some("cities"));
        assert_eq!(english_plural("road").as_deref(), Some("roads"));
        assert_eq!(english_plural("day").as_deref(), Some("days"));
        assert_eq!(english_plural("crossroads"), None);
        assert_eq!(
            english_plural("guard meeple").as_deref(),
            Some("guard meeples")
        );
        assert_eq!(english_plural("buried"), None);
        assert_eq!(english_plural("Rufus"), None);
        let glossary = crate::content::load(&crate::content::ContentFiles::embedded());
        let expansions = Expansions::new(&CzechAnalyzer, &glossary.corpus.glossary, &[]);
        let term = |word: &str| CzechAnalyzer.analyze(word).remove(0).folded;
        assert!(expansions.expand(&term("cities")).contains(&term("město")));
    }

    #[test]
    fn long_words_tolerate_one_typo() {
        let terms = QueryTerms::new(&CzechAnalyzer, "hrbytov", &Expansions::default());
        assert_eq!(terms.words[0].typos, 1);
        assert!(terms.matches("hrbit"));
        let short = QueryTerms::new(&CzechAnalyzer, "pes", &Expansions::default());
        assert_eq!(short.words[0].typos, 0);
    }

    fn passage(text: &str) -> String {
        let terms: Vec<String> = CzechAnalyzer
            .analyze(text)
            .into_iter()
            .map(|t| t.folded)
            .collect();
        terms.join(" ")
    }

    #[test]
    fn query_words_count_as_near_only_side_by_side_in_one_passage() {
        let glossary = Expansions::new(&CzechAnalyzer, &[entry("strážný", &[], &["meeple"])], &[]);
        let terms = QueryTerms::new(&CzechAnalyzer, "meeple na obsazenou cestu", &glossary);
        assert_eq!(terms.words.len(), 3);
        // Three pairs: "obsazenou cestu" side by side, the figure two terms away.
        let side_by_side = passage("Strážného nepostavíte na obsazenou cestu.");
        assert!((terms.share_of_pairs_near(&side_by_side) - 2.0 / 3.0).abs() < 1e-6);
        let far_apart =
            passage("Na cestu, kterou už drží jiný hráč, figurku dát nesmíte; je obsazená.");
        assert_eq!(terms.share_of_pairs_near(&far_apart), 0.0);
        // The end of one passage and the start of the next are not side by side.
        let split = format!("{}\n{}", passage("Je obsazená"), passage("cesta volná?"));
        assert_eq!(terms.share_of_pairs_near(&split), 0.0);
        let one_word = QueryTerms::new(&CzechAnalyzer, "cesta", &glossary);
        assert_eq!(one_word.share_of_pairs_near(&side_by_side), 0.0);
    }
}
