//! Reading a user's query: references to ruling IDs in any reasonable form (`Dized.MoC.0027`,
//! `MoC 27`, `moc27`, `0027`, `faq 7`) and the words left for full-text search.

use unicode_normalization::UnicodeNormalization;

use crate::czech::{fold_word, is_last_word, is_level_word, numeral_noun_level, ordinal_level};
use crate::model::MAX_LEVEL;

/// Longest query text we analyze; the rest is ignored (and said so).
pub const MAX_QUERY_CHARS: usize = 500;

/// A source ID the query refers to. `publisher` is `None` when the user did not say
/// (`MoC 27` may be Dized or FAQ).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdReference {
    publisher: Option<&'static str>,
    number: u16,
}

impl IdReference {
    /// Does a source ID such as `Dized.MoC.0027` match this reference?
    pub fn matches(&self, source_id: &str) -> bool {
        let mut parts = source_id.split('.');
        let (Some(publisher), Some(_game), Some(number)) =
            (parts.next(), parts.next(), parts.next())
        else {
            return false;
        };
        number.parse::<u16>() == Ok(self.number)
            && self
                .publisher
                .is_none_or(|p| p.eq_ignore_ascii_case(publisher))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedQuery {
    pub ids: Vec<IdReference>,
    /// The query without the ID references, for the analyzer.
    pub text: String,
    /// The query was longer than `MAX_QUERY_CHARS` and was cut.
    pub(crate) truncated: bool,
    /// The one game level the query speaks of ("na čtvrté úrovni", "level 4"), if any.
    pub(crate) level: Option<u8>,
    /// A level past the last one, named beside a level word ("úroveň 7", "sedmá úroveň"):
    /// something no game has.
    pub(crate) past_last_level: Option<u8>,
    /// The words written as names (`names`), lowercased.
    pub(crate) names: Vec<String>,
}

/// The highest number beside a level word still read as a level ("úroveň 12"); past it, a
/// number is more likely points ("level 50").
pub const PAST_LEVELS_NAMED: u8 = 12;

/// The level a query names: exactly one level, given by a numeral noun ("na pětce"), or with
/// a level word by digits, an ordinal or "the last", anywhere in it.
fn level_of(words: &[&str]) -> Option<u8> {
    let folded: Vec<String> = words.iter().map(|w| fold_word(w)).collect();
    let with_level_word = folded.iter().any(|w| is_level_word(w));
    let mut levels: Vec<u8> = folded
        .iter()
        .filter_map(|w| {
            if let Some(level) = numeral_noun_level(w) {
                return Some(level);
            }
            if !with_level_word {
                return None;
            }
            let digits = w.parse::<u8>().ok().filter(|n| (1..=MAX_LEVEL).contains(n));
            digits
                .or_else(|| ordinal_level(w, false).filter(|n| *n <= MAX_LEVEL))
                .or_else(|| is_last_word(w, false).then_some(MAX_LEVEL))
        })
        .collect();
    levels.sort_unstable();
    levels.dedup();
    match levels.as_slice() {
        [level] => Some(*level),
        _ => None,
    }
}

/// A level number past the last level, in digits or as an ordinal, right before or after a
/// level word ("úroveň 7", "sedmá úroveň", "level 8"). Beside the level word, so that
/// "na úrovni 3 potřebujeme 100 bodů" names no level 100.
fn past_last_level(words: &[&str]) -> Option<u8> {
    let folded: Vec<String> = words.iter().map(|w| fold_word(w)).collect();
    let beside_level_word = |i: usize| {
        (i.checked_sub(1).into_iter().chain([i + 1]))
            .filter_map(|j| folded.get(j))
            .any(|w| is_level_word(w))
    };
    folded.iter().enumerate().find_map(|(i, w)| {
        let number = w.parse::<u8>().ok().or_else(|| ordinal_level(w, false))?;
        (number > MAX_LEVEL && number <= PAST_LEVELS_NAMED && beside_level_word(i))
            .then_some(number)
    })
}

/// A word of the query split further at letter/digit boundaries (`moc27` → `moc`, `27`).
struct Part {
    word: usize,
    text: String,
}

const PUBLISHERS: [(&str, &str); 2] = [("dized", "Dized"), ("faq", "FAQ")];

pub fn parse(query: &str) -> ParsedQuery {
    let normalized: String = query.nfc().collect();
    let truncated = normalized.chars().count() > MAX_QUERY_CHARS;
    let query: String = normalized.chars().take(MAX_QUERY_CHARS).collect();
    let words: Vec<&str> = query
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let parts: Vec<Part> = words
        .iter()
        .enumerate()
        .flat_map(|(index, word)| {
            split_letters_digits(word).map(move |text| Part { word: index, text })
        })
        .collect();

    let mut consumed = vec![false; parts.len()];
    let mut ids = Vec::new();
    let mut i = 0;
    while i < parts.len() {
        let publisher = PUBLISHERS
            .iter()
            .find(|(key, _)| parts[i].text == *key)
            .map(|(_, name)| *name);
        let mut j = i + usize::from(publisher.is_some());
        let has_game = parts.get(j).is_some_and(|p| p.text == "moc");
        j += usize::from(has_game);
        let number = parts
            .get(j)
            .and_then(|p| id_number(&p.text, publisher.is_some() || has_game));
        if let Some(number) = number {
            ids.push(IdReference { publisher, number });
            consumed[i..=j].iter_mut().for_each(|c| *c = true);
            i = j + 1;
        } else {
            i += 1;
        }
    }

    // A word leaves the text query only when every part of it belonged to an ID.
    let text = words
        .iter()
        .enumerate()
        .filter(|(index, _)| {
            !parts
                .iter()
                .zip(&consumed)
                .filter(|(p, _)| p.word == *index)
                .all(|(_, c)| *c)
        })
        .map(|(_, w)| *w)
        .collect::<Vec<_>>()
        .join(" ");
    let words: Vec<&str> = text.split(' ').collect();
    let level = level_of(&words);
    let past_last_level = past_last_level(&words);
    ParsedQuery {
        ids,
        text,
        truncated,
        level,
        past_last_level,
        names: names(&query),
    }
}

/// The marks after which a capital letter opens a sentence rather than a name.
const SENTENCE_OPENERS: [char; 8] = ['.', '!', '?', ':', ';', '„', '"', '“'];

/// The words written as names: capitalised where no sentence opens ("Já i Petr máme…", "hrajeme
/// s Evou"), and not in capitals throughout ("CO DĚLÁ KONCIL" is shouted, not named). A name is
/// no typo of one of our words ("Petr" of "pět").
fn names(query: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut run_start = None;
    for (at, c) in query.char_indices().chain([(query.len(), ' ')]) {
        match (c.is_alphanumeric(), run_start) {
            (true, None) => run_start = Some(at),
            (false, Some(start)) => {
                let before = query[..start].trim_end();
                let word = &query[start..at];
                let capitalised = word.chars().next().is_some_and(char::is_uppercase)
                    && word.chars().any(char::is_lowercase);
                if capitalised && !before.is_empty() && !before.ends_with(SENTENCE_OPENERS) {
                    names.push(word.to_lowercase());
                }
                run_start = None;
            }
            _ => {}
        }
    }
    names
}

/// With a prefix (`moc`, `faq`, `dized`) any 1–4 digit number is an ID; alone, only a
/// four-digit number is (`0027`), so that "3 body" stays a text query.
fn id_number(text: &str, prefixed: bool) -> Option<u16> {
    let digits = text.chars().all(|c| c.is_ascii_digit());
    let length_ok = if prefixed {
        (1..=4).contains(&text.len())
    } else {
        text.len() == 4
    };
    if digits && length_ok {
        text.parse().ok().filter(|n| *n > 0)
    } else {
        None
    }
}

fn split_letters_digits(word: &str) -> impl Iterator<Item = String> + '_ {
    let lower = word.to_lowercase();
    let mut parts = Vec::new();
    let mut current = String::new();
    for c in lower.chars() {
        if !current.is_empty()
            && current.chars().last().is_some_and(|l| l.is_ascii_digit()) != c.is_ascii_digit()
        {
            parts.push(std::mem::take(&mut current));
        }
        current.push(c);
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(query: &str) -> Vec<(Option<&'static str>, u16)> {
        parse(query)
            .ids
            .into_iter()
            .map(|r| (r.publisher, r.number))
            .collect()
    }

    #[test]
    fn capitalised_words_where_no_sentence_opens_are_names() {
        let names = parse("Já i Petr máme rytíře. Eva? „Kdo boduje“, ptá se Jana: Dárky.").names;
        assert_eq!(names, ["petr", "jana"]);
        assert!(parse("petr a eva").names.is_empty());
        assert!(parse("CO DĚLÁ KONCIL").names.is_empty());
    }

    #[test]
    fn id_forms() {
        assert_eq!(ids("Dized.MoC.0027"), [(Some("Dized"), 27)]);
        assert_eq!(ids("MoC 27"), [(None, 27)]);
        assert_eq!(ids("moc27"), [(None, 27)]);
        assert_eq!(ids("0027"), [(None, 27)]);
        assert_eq!(ids("faq 7"), [(Some("FAQ"), 7)]);
        assert_eq!(ids("FAQ.MoC.0003"), [(Some("FAQ"), 3)]);
        assert_eq!(ids("dized moc 0030"), [(Some("Dized"), 30)]);
        assert_eq!(ids("MoC.0052"), [(None, 52)]);
    }

    #[test]
    fn plain_numbers_and_words_stay_text() {
        let parsed = parse("kolik bodů 3 zámek");
        assert!(parsed.ids.is_empty());
        assert_eq!(parsed.text, "kolik bodů 3 zámek");
        let mixed = parse("MoC 27 pes");
        assert_eq!(mixed.ids.len(), 1);
        assert_eq!(mixed.text, "pes");
    }

    #[test]
    fn references_match_source_ids() {
        let any = IdReference {
            publisher: None,
            number: 7,
        };
        assert!(any.matches("FAQ.MoC.0007"));
        assert!(any.matches("Dized.MoC.0007"));
        let faq = IdReference {
            publisher: Some("FAQ"),
            number: 3,
        };
        assert!(!faq.matches("Dized.MoC.0003"));
    }

    #[test]
    fn a_level_is_named_by_a_level_word_and_one_number() {
        let level = |q: &str| parse(q).level;
        assert_eq!(
            level("kolik duchů dáváme do banku na čtvrtý úrovni?"),
            Some(4)
        );
        assert_eq!(level("co se mění na úrovni 5"), Some(5));
        assert_eq!(level("druha uroven cilovy zeton"), Some(2));
        assert_eq!(level("level 6 dogs"), Some(6));
        assert_eq!(level("úroveň 3 a 3. úroveň"), Some(3));
        // No level word, a number out of range, two levels, or a word that only starts
        // like an ordinal: no level.
        assert_eq!(level("druhý hráč"), None);
        assert_eq!(level("úroveň 7"), None);
        assert_eq!(level("rozdíl mezi úrovní 2 a 3"), None);
        assert_eq!(level("patří to k úrovni"), None);
        assert_eq!(level("Dized.MoC.0004 úroveň"), None);
    }

    #[test]
    fn a_level_past_the_last_is_named_beside_a_level_word() {
        let past = |q: &str| parse(q).past_last_level;
        assert_eq!(past("je nějaká úroveň 7?"), Some(7));
        assert_eq!(past("sedmá úroveň duchů"), Some(7));
        assert_eq!(past("level 8 mists"), Some(8));
        // With a real level named as well, the query still asks about the missing one.
        assert_eq!(past("úroveň 7 po dohrání šesté úrovně"), Some(7));
        // Not beside the level word, points rather than a level, or a real level.
        assert_eq!(past("na úrovni 3 potřebujeme 100 bodů"), None);
        assert_eq!(past("se sedmi hráči na úrovni 2"), None);
        assert_eq!(past("úroveň 50"), None);
        assert_eq!(past("úroveň 6"), None);
        // A seventh ordinal is no level of its own.
        assert_eq!(parse("sedmá úroveň").level, None);
    }

    #[test]
    fn a_level_is_named_colloquially_too() {
        let level = |q: &str| parse(q).level;
        assert_eq!(level("kolik duchu na petce do banku"), Some(5));
        assert_eq!(level("co je novýho ve trojce"), Some(3));
        assert_eq!(level("šestka psi"), Some(6));
        assert_eq!(level("v posledním levelu se počítá co"), Some(6));
        assert_eq!(level("na poslední úrovni"), Some(6));
        // The hardest, the highest level is the last one.
        assert_eq!(level("jak hrát nejtěžší úroveň"), Some(6));
        assert_eq!(level("na nejvyšší úrovni"), Some(6));
        assert_eq!(level("nejtěžší kartička"), None);
        // "poslední" without a level word is no level; two levels named are none.
        assert_eq!(level("poslední kartička"), None);
        assert_eq!(level("rozdíl mezi trojkou a pětkou"), None);
    }

    #[test]
    fn long_queries_are_cut() {
        let parsed = parse(&"duch ".repeat(2000));
        assert!(parsed.truncated);
        assert!(parsed.text.chars().count() <= MAX_QUERY_CHARS);
    }
}
