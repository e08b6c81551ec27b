//! Words of games carcref does not cover (`not-covered.yaml`): a query holding one is told
//! where the thing belongs, and its results are offered only as the nearest. A word our texts
//! mention (the Kombinace sections: how the Tower or the pig plays with ghosts) counts unless a
//! passage of a leading result holds it together with most of the query's other words: "smí
//! drak sežrat družiníka s duchy" asks how the dragon plays with ours, "kolik ovcí může mít
//! pastýř" asks about the other box itself. A topic's patterns name questions the rules leave
//! open though all their words are ours ("dva na dva v týmech"), two games our texts never
//! combine (games.yaml `not_combined_with`) make a question naming both one of them, and a
//! question why things are as they are whose first result gives no reason belongs to the topic
//! of reasons (`reasons: true`). A word of everyday life (`setting: true`: coffee, the cat)
//! is often only where a rules question is asked: the search then answers the rest.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::terms::{QueryTerms, QueryWord, TermSet, NEGATION};
use super::title::Title;
use crate::czech::{
    a_join, analyze_query, asks_for_a_reason, fold_word, gives_a_reason, holds_a_modal,
    question_sentences, CzechAnalyzer, Token,
};
use crate::model::{Corpus, Game, GameKind, NotCovered, NotCoveredKind};

/// A word of another box that our texts mention is answered when a passage of a leading result
/// (a paragraph or list item) holds it with at least this share of the query's other words:
/// "drak smí sežrat družiníka s duchy" is our question; "kolik bodů přidává prasátko na louce"
/// is not, though "prasátko" and "přidávají" share a list item. The words count alike: the
/// rarest of them is often the question word ("kolik"), which says what is asked, not about
/// what.
pub const MENTIONED_REST_MIN_SHARE: f32 = 0.5;

/// The words that call a title a box ("v rozšíření Řeka", "the River expansion"): they frame the
/// question without saying what it asks, so they do not count among the words a passage has to
/// hold ("kolik kartiček obsahuje rozšíření Řeka" is not answered by the Inns passage about a
/// river tile, which says "rozšíření" too).
pub const BOX_WORDS: &str = "rozšíření expansion";

/// A sentence asks a rules question of its own, apart from a lead-in topic's words, when it
/// holds at least this many terms: "můžu ho otevřít teď?" does; "a jak?" and "co teď?" do not.
/// (Session 67: 1 instead of 2 answered one more tuning question and refused as many.) A modal
/// alone asks too ("smí se to?": whether what the query tells is allowed; session 68: two more
/// tuning questions answered, the refusals unchanged).
pub const LEAD_IN_REST_MIN_TERMS: usize = 1;

/// One search term of a listed word.
#[derive(Debug, Clone)]
struct ListedTerm {
    folded: String,
    /// Diacritics kept (see `ListedTerm::named_by`).
    exact: String,
    /// The word as the list writes it.
    written: String,
    entry: usize,
    /// Whether our texts mention the word (`mentioned`).
    mentioned: bool,
}

/// The listed words' terms. Stored (and carried in the browser's index) with the exact term
/// alone, whose folding is the search term, which keeps the index small.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(from = "Vec<StoredTerm>", into = "Vec<StoredTerm>")]
struct ListedTerms(Vec<ListedTerm>);

/// A listed word's exact term, the word as the list writes it, its entry, and whether our texts
/// mention it.
type StoredTerm = (String, String, usize, bool);

impl From<Vec<StoredTerm>> for ListedTerms {
    fn from(stored: Vec<StoredTerm>) -> Self {
        let terms = stored.into_iter();
        let listed = terms.map(|(exact, written, entry, mentioned)| ListedTerm {
            folded: fold_word(&exact),
            exact,
            written,
            entry,
            mentioned,
        });
        ListedTerms(listed.collect())
    }
}

impl From<ListedTerms> for Vec<StoredTerm> {
    fn from(listed: ListedTerms) -> Self {
        let terms = listed.0.into_iter();
        terms
            .map(|t| (t.exact, t.written, t.entry, t.mentioned))
            .collect()
    }
}

impl ListedTerms {
    fn iter(&self) -> std::slice::Iter<'_, ListedTerm> {
        self.0.iter()
    }
}

/// The list as the search uses it (and the browser's index carries it).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct NotCoveredTable {
    /// Each listed word's terms.
    terms: ListedTerms,
    /// Each entry's end of the sentence: "patří do rozšíření Řeka, které carcref nepokrývá."
    tails: Vec<String>,
    /// The titles of two or more words of the boxes none of whose words our texts mention
    /// ("Zlaté doly", "Nový svět"), with their entries: a query naming one asks about it.
    titles: Vec<(Title, usize)>,
    /// Each entry's sentence for a query naming it by title (empty for a topic): "Rozšíření
    /// Zlaté doly carcref nepokrývá."
    titled: Vec<String>,
    /// Each pattern of a topic's (its places, each the terms that may stand there) and its
    /// entry.
    patterns: Vec<(Vec<Vec<String>>, usize)>,
    /// Each entry's sentence for a query holding one of its patterns (topics; empty for the
    /// rest): "Na tuto otázku pravidla neodpovídají (hra v týmech)."
    asked: Vec<String>,
    /// Two games our texts never say how to play together (games.yaml `not_combined_with`)
    /// and the sentence for a query naming both.
    uncombined: Vec<(String, String, String)>,
    /// The sentence of the topic of reasons (`reasons: true`), if the list has one.
    reasons: Option<String>,
    /// The sentence for a level past the last one ("úroveň 7"): which game has levels and
    /// how many.
    past_last_level: Option<String>,
    /// Whether each entry's words may be only the setting of a question (`setting: true`).
    setting: Vec<bool>,
    /// Whether each entry's words may only lead in to a rules question asked in a sentence of
    /// its own (`lead_in: true`).
    lead_in: Vec<bool>,
    /// Whether each entry's patterns ask what to do after a situation the query tells
    /// (`after_the_fact: true`), which a described situation then does not answer.
    after_the_fact: Vec<bool>,
}

impl NotCoveredTable {
    pub fn new(corpus: &Corpus) -> Self {
        let asked: Vec<String> = (corpus.not_covered.iter())
            .map(|nc| match nc.kind {
                NotCoveredKind::Topic => {
                    format!("Na tuto otázku pravidla neodpovídají ({}).", nc.title)
                }
                _ => String::new(),
            })
            .collect();
        let reasons = (corpus.not_covered.iter())
            .position(|nc| nc.reasons)
            .map(|entry: usize| asked[entry].clone());
        let each = |flag: fn(&NotCovered) -> bool| corpus.not_covered.iter().map(flag).collect();
        NotCoveredTable {
            terms: listed_terms(corpus),
            tails: corpus.not_covered.iter().map(tail).collect(),
            titles: box_titles(corpus),
            titled: corpus.not_covered.iter().map(named_by_title).collect(),
            patterns: topic_patterns(corpus),
            asked,
            uncombined: uncombined(corpus),
            reasons,
            past_last_level: past_last_level(corpus),
            setting: each(|nc| nc.setting),
            lead_in: each(|nc| nc.lead_in),
            after_the_fact: each(|nc| nc.after_the_fact),
        }
    }

    pub(crate) fn past_last_level_sentence(&self) -> Option<String> {
        self.past_last_level.clone()
    }

    /// The topic of reasons' sentence for a query asking why things are as they are
    /// (`asks_for_a_reason`) when the first result's snippet gives no reason: the rules say how
    /// the games are played, seldom why.
    pub(crate) fn reason_sentence(
        &self,
        query: &str,
        first_snippet: Option<&str>,
    ) -> Option<String> {
        let unexplained = asks_for_a_reason(query) && !first_snippet.is_some_and(gives_a_reason);
        self.reasons.clone().filter(|_| unexplained)
    }

    /// Whether a query word belongs to a topic of everyday life (`setting`), which may be only
    /// where a rules question is asked, or to a lead-in topic when the query asks apart from
    /// it (`asked_apart`), and cannot be read as a word of our texts (`in_texts`: "není
    /// hotový" is no hotel).
    pub(crate) fn sets_the_scene(
        &self,
        word: &QueryWord,
        in_texts: impl Fn(&str) -> bool,
        asked_apart: bool,
    ) -> bool {
        !read_as_ours(word, &in_texts)
            && (self.terms.iter()).any(|listed| {
                self.scenery(listed.entry, asked_apart)
                    && listed.named_by(&word.folded, &word.exact)
            })
    }

    /// Whether the query asks a question in a sentence of its own (see `question_sentences`)
    /// with enough words besides a lead-in topic's (`lead_in`): "vyplatí se šetřit dárky? kolik
    /// bodů je za neotevřený", or with a modal that asks whether what it tells is allowed
    /// ("omylem jsme za psa sundali duchy. Jde to vůbec?"; "co teď?" asks nothing). The
    /// sentence may hold a word of a lead-in topic that tells a story (`after_the_fact`:
    /// "zapomněli jsme, jak se počítá erb"), none of another's ("co se víc vyplatí, stavět
    /// města, nebo cesty?" asks about the strategy itself).
    pub(crate) fn asked_apart(&self, text: &str) -> bool {
        let leads_in = |term: &Token, inside: bool| {
            (self.terms.iter()).any(|listed| {
                self.lead_in[listed.entry]
                    && (inside || !self.after_the_fact[listed.entry])
                    && listed.named_by(&term.folded, &term.exact)
            })
        };
        question_sentences(text).iter().any(|sentence| {
            let terms = analyze_query(&CzechAnalyzer, sentence);
            let rest = terms.iter().filter(|t| !leads_in(t, true)).count();
            (rest >= LEAD_IN_REST_MIN_TERMS || holds_a_modal(sentence))
                && !terms.iter().any(|t| leads_in(t, false))
        })
    }

    /// Whether an entry's words are only the scene of this query: always for a topic of
    /// everyday life, for a lead-in topic when the query asks apart from it.
    fn scenery(&self, entry: usize, asked_apart: bool) -> bool {
        self.setting[entry] || (asked_apart && self.lead_in[entry])
    }

    /// Whether a query word is a word of another box that our texts mention (`mentioned`:
    /// "drak", "opat"): the question is about that box or how it combines with ours, and only
    /// the passages that mention it can answer the second.
    pub(crate) fn mentions(&self, word: &QueryWord) -> bool {
        (self.terms.iter())
            .any(|listed| listed.mentioned && listed.named_by(&word.folded, &word.exact))
    }

    /// Whether a query word belongs to a game carcref does not cover.
    fn holds(&self, word: &QueryWord) -> bool {
        (self.terms.iter()).any(|listed| listed.named_by(&word.folded, &word.exact))
    }

    /// Whether the list knows a query word with this term: one of its words, a word of a
    /// topic's pattern ("počtvrté") or of a box's title ("svět"), which is then no typo to
    /// correct.
    pub(crate) fn knows(&self, term: &str) -> bool {
        (self.terms.iter()).any(|listed| is_or_negates(term, &listed.folded))
            || (self.patterns.iter()).any(|(places, _)| places.iter().flatten().any(|t| t == term))
            || (self.titles.iter()).any(|(title, _)| title.has_term(term))
    }

    /// One sentence per entry the query's words belong to, in the list's order: "Slova „víno“ a
    /// „obilí“ patří do rozšíření Obchodníci a stavitelé, které carcref nepokrývá.", or that the
    /// query (`text`, as typed, and its `tokens`) names by title: "Rozšíření Zlaté doly carcref
    /// nepokrývá." A word our texts mention counts unless a passage of one of `leading`, the
    /// results a player sees first (each as its passages: a line of terms per passage), holds it
    /// with at least `MENTIONED_REST_MIN_SHARE` of the query's other words (but `BOX_WORDS`). A
    /// word that may also be
    /// read as a word of our texts (`in_texts`: "vyplaceni" typed without diacritics is a form of
    /// "vyplatit" and of the card Vyplacení) is not the other box's. A topic none of whose words
    /// the query has gets its pattern sentence when the query holds one of its patterns, unless the
    /// first result answers a situation the query describes in other words (`described`: the
    /// concept patterns the query holds of the first result's, see `DESCRIBED_SITUATION_MIN_SHARE`)
    /// and the topic asks no question after the fact. The words of everyday life count only when
    /// the rest of the query is no rules question the search answers (`rest_answered`); a lead-in
    /// topic's count unless a sentence asks apart from them and the search answers the query
    /// (`answered_apart`): that sentence is the question, however few of its words the first result
    /// holds.
    pub(crate) fn sentences(
        &self,
        (text, tokens, terms): (&str, &[Token], &QueryTerms),
        leading: &[&str],
        in_texts: impl Fn(&str) -> bool,
        described: &[&[String]],
        rest_answered: bool,
        answered_apart: bool,
    ) -> Vec<String> {
        let box_words: Vec<String> = (analyze_query(&CzechAnalyzer, BOX_WORDS).into_iter())
            .map(|t| t.folded)
            .collect();
        let mut rest = terms.clone();
        rest.words
            .retain(|w| !self.holds(w) && !box_words.iter().any(|b| w.stands_for(b)));
        let answered = |term: &str| {
            (leading.iter().flat_map(|passages| passages.lines())).any(|passage| {
                let passage: TermSet = passage.split(' ').map(str::to_owned).collect();
                let held = rest.words_held(&passage);
                passage.contains(term)
                    && held > 0
                    && held as f32 >= MENTIONED_REST_MIN_SHARE * rest.words.len() as f32
            })
        };
        let titled: BTreeSet<usize> = (self.titles.iter())
            .filter(|(title, _)| title.held_by(text, tokens))
            .map(|(_, entry)| *entry)
            .collect();
        let mut out: Vec<String> = self
            .tails
            .iter()
            .enumerate()
            .filter_map(|(entry, tail)| {
                if titled.contains(&entry) {
                    return Some(self.titled[entry].clone());
                }
                // A word of the box our texts answer names the box for its other words too:
                // "Kopce a ovce s duchy: smí pastýř do mlhy?" asks about the shepherd.
                let box_answered = (self.terms.iter()).any(|listed| {
                    listed.entry == entry
                        && listed.mentioned
                        && (terms.words.iter()).any(|w| listed.named_by(&w.folded, &w.exact))
                        && answered(&listed.folded)
                });
                let words: Vec<String> = terms
                    .words
                    .iter()
                    .filter(|w| !read_as_ours(w, &in_texts))
                    .filter(|w| !in_phrase_of_ours(terms, &w.folded, &in_texts))
                    .filter_map(|w| {
                        self.terms
                            .iter()
                            .find(|listed| {
                                listed.entry == entry
                                    && listed.named_by(&w.folded, &w.exact)
                                    && !(listed.mentioned && box_answered)
                                    && !(rest_answered && self.setting[entry])
                                    && !(answered_apart && self.lead_in[entry])
                            })
                            .map(|listed| format!("„{}“", listed.written))
                    })
                    .collect();
                if words.is_empty() {
                    let asks = self.asks_a_pattern(entry, terms, described);
                    return asks.then(|| self.asked[entry].clone());
                }
                Some(format!("{} {} {tail}", listed_noun(&words), a_join(&words)))
            })
            .collect();
        // A topic listed twice under one title (its question asked before or after the story)
        // says its sentence once.
        out.dedup();
        out
    }

    /// Whether the query holds a pattern of the topic `entry`, and the first result answers no
    /// situation it describes in other words (`described`), unless the topic asks after the
    /// fact.
    fn asks_a_pattern(&self, entry: usize, terms: &QueryTerms, described: &[&[String]]) -> bool {
        (self.patterns.iter()).any(|(pattern, e)| {
            // A concept described by a word the pattern does not hold: the pattern's own words
            // may also stand for a concept's ("družiník" for "panáček"), which is no other
            // description.
            let outside = |term: &String| {
                (terms.words.iter()).any(|w| {
                    w.stands_for(term) && !pattern.iter().flatten().any(|p| w.stands_for(p))
                })
            };
            let elsewhere = |concept: &&[String]| concept.iter().any(outside);
            *e == entry
                && holds_pattern(terms, pattern)
                && (self.after_the_fact[entry] || !described.iter().any(elsewhere))
        })
    }

    /// A sentence for the pair of games the query names (`named`) when our texts never combine
    /// them: "dárky v kooperativních duších" asks what no rules say. A third game named may be
    /// what the question is about ("materiál kooperativních duchů jako soutěžní rozšíření
    /// s dárky": the competitive game does combine with the Gifts).
    pub(crate) fn uncombined_sentences(&self, named: &BTreeSet<String>) -> Vec<String> {
        (self.uncombined.iter())
            .filter(|(a, b, _)| named.len() == 2 && named.contains(a) && named.contains(b))
            .map(|(_, _, sentence)| sentence.clone())
            .collect()
    }
}

/// Every word of each entry (`words`, then `mentioned`) as the query analyzer reads it.
fn listed_terms(corpus: &Corpus) -> ListedTerms {
    let terms = corpus
        .not_covered
        .iter()
        .enumerate()
        .flat_map(|(entry, nc)| {
            let words = nc.words.iter().map(|w| (w, false));
            words
                .chain(nc.mentioned.iter().map(|w| (w, true)))
                .flat_map(move |(word, mentioned)| {
                    analyze_query(&CzechAnalyzer, word)
                        .into_iter()
                        .map(move |t| ListedTerm {
                            folded: t.folded,
                            exact: t.exact,
                            written: word.clone(),
                            entry,
                            mentioned,
                        })
                })
        })
        .collect();
    ListedTerms(terms)
}

/// The titles that name a box we do not cover: not a topic's, nor a box our texts mention.
fn box_titles(corpus: &Corpus) -> Vec<(Title, usize)> {
    (corpus.not_covered.iter().enumerate())
        .filter(|(_, nc)| nc.kind != NotCoveredKind::Topic && nc.mentioned.is_empty())
        .flat_map(|(entry, nc)| title_parts(&nc.title).map(move |title| (title, entry)))
        .collect()
}

/// Each topic pattern's places as folded terms, with its entry.
fn topic_patterns(corpus: &Corpus) -> Vec<(Vec<Vec<String>>, usize)> {
    (corpus.not_covered.iter().enumerate())
        .flat_map(|(entry, nc)| {
            (nc.patterns.iter()).map(move |places| {
                let places = places.iter().map(|place| {
                    (place.iter())
                        .flat_map(|word| analyze_query(&CzechAnalyzer, word))
                        .map(|t| t.folded)
                        .collect()
                });
                (places.collect(), entry)
            })
        })
        .collect()
}

/// The pairs of games our texts never combine, with the sentence that says so.
fn uncombined(corpus: &Corpus) -> Vec<(String, String, String)> {
    (corpus.games.iter())
        .flat_map(|game| {
            (game.not_combined_with.iter())
                .filter_map(|other| corpus.game(other))
                .map(move |other| {
                    let sentence = format!(
                        "Pravidla nepopisují, jak hrát {} spolu {}.",
                        as_object(game),
                        as_company(other)
                    );
                    (game.id.clone(), other.id.clone(), sentence)
                })
        })
        .collect()
}

/// "Duchové Carcassonne mají jen úrovně 1 až 6.": the game whose rulings have levels, and
/// its highest level.
fn past_last_level(corpus: &Corpus) -> Option<String> {
    let highest = (corpus.rulings.iter())
        .filter_map(|r| r.levels.iter().max().map(|level| (&r.game, *level)))
        .max_by_key(|(_, level)| *level)?;
    let game = corpus.game(highest.0)?;
    Some(format!(
        "{} mají jen úrovně 1 až {}.",
        game.title, highest.1
    ))
}

/// Whether a query word may also be read as a word of our texts ("vyplaceni" typed without
/// diacritics is a form of "vyplatit" and of the card Vyplacení).
fn read_as_ours(word: &QueryWord, in_texts: &impl Fn(&str) -> bool) -> bool {
    word.expansions.iter().any(|e| in_texts(e))
}

/// Whether the query holds a term of each of the pattern's places, as often as the pattern
/// names the place: "dva na dva" holds [dva, dva], "hrajeme ve dvou" does not.
fn holds_pattern(terms: &QueryTerms, places: &[Vec<String>]) -> bool {
    places.iter().all(|place| {
        let wanted = places.iter().filter(|p| *p == place).count();
        let written: usize = (terms.words.iter())
            .filter(|w| place.iter().any(|term| w.stands_for(term)))
            .map(|w| w.times)
            .sum();
        written >= wanted
    })
}

/// Whether the query writes `term` inside a glossary phrase whose group our texts hold:
/// "věž" in "rozbořená věž" is the ruin on the start tile, not the Tower's piece.
fn in_phrase_of_ours(terms: &QueryTerms, term: &str, in_texts: &impl Fn(&str) -> bool) -> bool {
    terms.phrases.iter().any(|alternatives| {
        let holds_term = (alternatives.iter()).any(|p| p.len() > 1 && p.iter().any(|t| t == term));
        holds_term && alternatives.iter().flatten().any(|t| in_texts(t))
    })
}

/// What the sentence calls the listed words: a phrase ("vyplatí se") is a "výraz", not a
/// "slovo".
fn listed_noun(words: &[String]) -> &'static str {
    let phrase = words.iter().any(|w| w.contains(' '));
    match (words.len() == 1, phrase) {
        (true, false) => "Slovo",
        (true, true) => "Výraz",
        (false, false) => "Slova",
        (false, true) => "Výrazy",
    }
}

/// Whether a query word's term is a listed term or its negation: "nepolámaly" is about
/// breaking pieces as much as "polámat" (a negated form no text has is no word of ours).
fn is_or_negates(term: &str, listed: &str) -> bool {
    term == listed || term.strip_prefix(NEGATION) == Some(listed)
}

impl ListedTerm {
    /// Whether a query word (its folded and exact terms) is this word or its negation, each
    /// letter the player typed with a diacritic standing in this word too: "moři" is the sea,
    /// not the Plague's "mor". A diacritic left out says nothing.
    fn named_by(&self, folded: &str, exact: &str) -> bool {
        let agree = (exact.chars().rev())
            .zip(self.exact.chars().rev())
            .all(|(typed, listed)| typed == listed || typed.is_ascii());
        is_or_negates(folded, &self.folded) && agree
    }
}

/// A game as what is played: "hru Duchové Carcassonne", "rozšíření Dárky".
fn as_object(game: &Game) -> String {
    match game.kind {
        GameKind::Zakladni => "základní hru".to_owned(),
        GameKind::Kooperativni => format!("hru {}", game.title),
        GameKind::Rozsireni => format!("rozšíření {}", game.title),
    }
}

/// A game as what another is played with: "s rozšířením Hostince a katedrály".
fn as_company(game: &Game) -> String {
    match game.kind {
        GameKind::Zakladni => "se základní hrou".to_owned(),
        GameKind::Kooperativni => format!("se hrou {}", game.title),
        GameKind::Rozsireni => format!("s rozšířením {}", game.title),
    }
}

/// A box's title as players write it: its parts between parentheses and dashes are titles
/// too ("Vzpoura sedláků (Peasant Revolts)", "Carcassonne – zimní edice": "zimní edice").
fn title_parts(title: &str) -> impl Iterator<Item = Title> + '_ {
    (title.split(['(', ')', '–'])).filter_map(Title::of)
}

/// The sentence for a query naming a box by title: "Rozšíření Zlaté doly carcref nepokrývá."
fn named_by_title(nc: &NotCovered) -> String {
    let title = &nc.title;
    match nc.kind {
        NotCoveredKind::Expansion => format!("Rozšíření {title} carcref nepokrývá."),
        NotCoveredKind::Game => format!("Samostatnou hru {title} carcref nepokrývá."),
        NotCoveredKind::Topic => String::new(),
    }
}

fn tail(nc: &NotCovered) -> String {
    let title = &nc.title;
    match nc.kind {
        NotCoveredKind::Expansion => {
            format!("patří do rozšíření {title}, které carcref nepokrývá.")
        }
        NotCoveredKind::Game => {
            format!("patří do samostatné hry {title}, kterou carcref nepokrývá.")
        }
        NotCoveredKind::Topic => {
            format!("patří k otázkám, na které pravidla neodpovídají ({title}).")
        }
    }
}
