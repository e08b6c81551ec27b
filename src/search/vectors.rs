//! Analyzer test vectors: inputs with the tokens the Czech analyzer makes of them, so that
//! the browser search (which reimplements the analyzer from `czech.json`) can be checked
//! against this one, word for word.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::content::to_plain_text;
use crate::czech::{
    analyze_query, fold_word, lemma_forms, negated_at, spoken_forms, Analyzer, CzechAnalyzer,
};
use crate::model::Corpus;

#[derive(Debug, Serialize)]
pub struct VectorToken {
    pub word: String,
    pub folded: String,
    pub exact: String,
    pub readings: Vec<String>,
    /// A negating word stands before it ("není hotový"): the query reads its negation.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub negated: bool,
}

#[derive(Debug, Serialize)]
pub struct Vector {
    pub input: String,
    pub tokens: Vec<VectorToken>,
}

/// Inputs that exercise the edges: case, NFD, stop words, digits, punctuation, long tokens.
const EDGE_CASES: &[&str] = &[
    "HŘBITOVY a Duchové",
    "hr\u{030c}bitovu\u{030a}",
    "a na ve ze",
    "Dized.MoC.0027 moc27",
    "pes/psa/psi – psů, psům!",
    "kůň ženy čtvrť",
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx slovo",
    "\"zámek\" (castle) ~ ^ [start tile]",
    // The dictionary's lemmas: irregular forms, typed with and without diacritics, and a
    // negated form that keeps its own terms.
    "umístěn umisten kartiček karticek hřbitovům nevyhrajeme",
    // A form of two dictionary words only one of which the games have (lemmas.py).
    "v Duších Carcassonne v Dusich",
    // Typed without diacritics, a word that may be either of two dictionary words.
    "vlastni otoceny druhy sesti vez Vlastni",
    // Spoken endings the dictionary lacks, with and without diacritics.
    "dostanem dávaj hoděj velkejch Dostanem vyhrajem prohrajem muzem budem s hostincema",
    // A word the stemmer leaves whole (the Synod gift), and the word it would meet.
    "Koncil koncilu koncilem konec konci koncem",
    // A negating word before a word, with stop words between or not, or too far back.
    "když není hotový, ještě není to dokončené; NEBYLA cesta u města uzavřená",
    // "Dá se" says "can" and falls away; "dá" giving or putting stays.
    "Dá se obsadit? nedá se to; dalo by se dokončit; daj se; kam se dá duch; dá bod",
    // "Vyplatí se" says "worth it" and reads as "rentabilní"; paying out with no "se" beside stays.
    "Vyplatí se obsadit zámek? vyplatilo by se; co se vyplatí; vyplatím figurku; nevyplatí se",
    // An English function word is dropped only as typed without diacritics: "moře" is the sea.
    "how many more points; Jižní moře, v moři, MOŘE, more",
    // "Vyhrát" right before points asks who scores and falls away; winning the game stays.
    "kdo vyhraje body za město? Vyhrál bod; vyhraje na body; vyhráli jsme",
    // After v/ve a number word says how many play, unless a word of things follows.
    "hrajeme ve dvou; v šesti lidech; ve 3; tři duchové; v pěti barvách; ve dvou kruzích",
    // English: function words fall away, number words become digits.
    "What happens when the deck still runs out after eight turns?",
];

pub fn analyze(input: &str) -> Vector {
    let normalized: String = unicode_normalization::UnicodeNormalization::nfc(input).collect();
    let tokens = analyze_query(&CzechAnalyzer, input)
        .into_iter()
        .map(|t| {
            let word = &normalized[t.start..t.end];
            VectorToken {
                readings: CzechAnalyzer.readings(word),
                negated: negated_at(&normalized, t.start),
                word: word.to_owned(),
                folded: t.folded,
                exact: t.exact,
            }
        })
        .collect();
    Vector {
        input: input.to_owned(),
        tokens,
    }
}

/// One vector per distinct word of the corpus, glossary and lemma table, also as typed without
/// diacritics, plus the edge cases.
pub fn corpus_vectors(corpus: &Corpus) -> Vec<Vector> {
    let mut texts: Vec<String> = Vec::new();
    for ruling in &corpus.rulings {
        texts.extend([
            ruling.question.clone(),
            ruling.answer_short.clone(),
            to_plain_text(&ruling.answer),
        ]);
        texts.extend(ruling.tags.iter().cloned());
    }
    for section in &corpus.sections {
        texts.extend([section.title.clone(), to_plain_text(&section.body)]);
    }
    for entry in &corpus.glossary {
        texts.push(entry.term.clone());
        texts.extend(
            entry
                .forms
                .iter()
                .chain(&entry.synonyms)
                .chain(&entry.english)
                .cloned(),
        );
    }
    texts.extend(lemma_forms().map(str::to_owned));
    let words: BTreeSet<String> = texts
        .iter()
        .flat_map(|t| t.split(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .flat_map(|w| [w.to_owned(), fold_word(w)])
        .chain(spoken_forms())
        .collect();
    EDGE_CASES
        .iter()
        .map(|s| analyze(s))
        .chain(words.iter().map(|w| analyze(w)))
        .collect()
}
