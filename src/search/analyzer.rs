//! The Czech analyzer, defined once: NFC → words → lowercase → diacritics folding → stop words
//! → light stemming. Every rule is a table in `czech.json`, which the browser search reuses.
//!
//! Each token yields two terms: `folded` (no diacritics; what users without a Czech keyboard
//! type) and `exact` (the same stem with the user's diacritics kept), so that a match with the
//! right diacritics can rank above a folded-only one.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::OnceLock;

use serde::Deserialize;
use unicode_normalization::UnicodeNormalization;

const TABLES_JSON: &str = include_str!("czech.json");

#[derive(Debug, Deserialize)]
struct SuffixGroup {
    min_letters: usize,
    #[serde(deserialize_with = "letters_list")]
    suffixes: Vec<Vec<char>>,
}

#[derive(Debug, Deserialize)]
struct EndingRule {
    #[serde(deserialize_with = "letters")]
    ending: Vec<char>,
    #[serde(deserialize_with = "letters")]
    becomes: Vec<char>,
}

/// The folding table as a direct lookup: every folded letter lies in Latin-1 and Latin
/// Extended-A, so a small array indexed by code point replaces a hash lookup per letter.
#[derive(Debug)]
struct FoldTable(Vec<char>);

const FOLD_RANGE: usize = 0x250;

impl FoldTable {
    fn fold(&self, c: char) -> char {
        self.0.get(c as usize).copied().unwrap_or(c)
    }
}

fn fold_table<'de, D: serde::Deserializer<'de>>(d: D) -> Result<FoldTable, D::Error> {
    let map = HashMap::<char, char>::deserialize(d)?;
    let mut table: Vec<char> = (0..FOLD_RANGE as u32).filter_map(char::from_u32).collect();
    for (from, to) in map {
        match table.get_mut(from as usize) {
            Some(slot) => *slot = to,
            None => {
                return Err(serde::de::Error::custom(format!(
                    "fold source {from:?} is outside the lookup range"
                )))
            }
        }
    }
    Ok(FoldTable(table))
}

/// Suffixes are compared letter by letter, so they are kept as letters, not bytes.
fn letters<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<char>, D::Error> {
    String::deserialize(d).map(|s| s.chars().collect())
}

fn letters_list<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Vec<char>>, D::Error> {
    Vec::<String>::deserialize(d).map(|v| v.iter().map(|s| s.chars().collect()).collect())
}

#[derive(Debug, Deserialize)]
struct Tables {
    max_token_letters: usize,
    #[serde(deserialize_with = "fold_table")]
    fold: FoldTable,
    stopwords: HashSet<String>,
    case_suffixes: Vec<SuffixGroup>,
    possessive_suffixes: SuffixGroup,
    verb_suffixes: Vec<SuffixGroup>,
    verb_after_case_letters: usize,
    normalize_endings: Vec<EndingRule>,
    drop_e_before_last_letter: bool,
    query_words: QueryWords,
}

/// Word knowledge used only when reading a query (see `query_words.about` in czech.json).
#[derive(Debug, Deserialize)]
struct QueryWords {
    level_words: Vec<String>,
    ordinal_stems: BTreeMap<String, u8>,
    ordinal_endings: Vec<String>,
}

/// Does this folded word name a level (úroveň, úrovni, level)?
pub fn is_level_word(folded: &str) -> bool {
    let words = &tables().query_words;
    words
        .level_words
        .iter()
        .any(|l| folded.starts_with(l.as_str()))
}

/// The level an ordinal stands for: a whole folded word (`ctvrty` → 4) or, when `stemmed`,
/// also a bare stem (`ctvrt` → 4; as a whole word, `druh` is a kind, not the second).
pub fn ordinal_level(folded: &str, stemmed: bool) -> Option<u8> {
    let words = &tables().query_words;
    words.ordinal_stems.iter().find_map(|(stem, level)| {
        folded
            .strip_prefix(stem.as_str())
            .filter(|ending| {
                (stemmed && ending.is_empty()) || words.ordinal_endings.iter().any(|e| e == ending)
            })
            .map(|_| *level)
    })
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        serde_json::from_str(TABLES_JSON).expect("czech.json is valid; a unit test checks it")
    })
}

/// The raw JSON tables, for exporting to the browser search.
pub fn tables_json() -> &'static str {
    TABLES_JSON
}

/// One analyzed word: where it stands in the input and the terms it indexes as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// Byte range in the analyzed text.
    pub start: usize,
    pub end: usize,
    pub folded: String,
    pub exact: String,
}

/// Turns text into tokens; implemented by our Czech analyzer and by the baseline that mirrors
/// tantivy's default tokenizer (used only to measure what the Czech analyzer gains).
pub trait Analyzer: Send + Sync {
    fn analyze(&self, text: &str) -> Vec<Token>;
}

#[derive(Debug, Clone, Copy, Default)]
pub struct CzechAnalyzer;

/// Words split like tantivy's `default` tokenizer (letters/digits), lowercased, no stemming,
/// no folding, no stop words.
#[derive(Debug, Clone, Copy, Default)]
pub struct BaselineAnalyzer;

impl Analyzer for CzechAnalyzer {
    fn analyze(&self, text: &str) -> Vec<Token> {
        let tables = tables();
        words(text)
            .filter_map(|(start, end, word)| {
                let (folded, exact) = stem_word(tables, word)?;
                Some(Token {
                    start,
                    end,
                    folded,
                    exact,
                })
            })
            .collect()
    }
}

impl Analyzer for BaselineAnalyzer {
    fn analyze(&self, text: &str) -> Vec<Token> {
        words(text)
            .filter(|(_, _, word)| word.chars().count() <= 40)
            .map(|(start, end, word)| {
                let lower = word.to_lowercase();
                Token {
                    start,
                    end,
                    folded: lower.clone(),
                    exact: lower,
                }
            })
            .collect()
    }
}

/// Maximal runs of letters and digits with their byte ranges. Text is expected in NFC
/// (content is normalized on load; queries are normalized by `analyze_query`).
fn words(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    let mut iter = text.char_indices().peekable();
    std::iter::from_fn(move || {
        while iter.next_if(|(_, c)| !c.is_alphanumeric()).is_some() {}
        let (start, _) = *iter.peek()?;
        let mut end = start;
        while let Some((i, c)) = iter.next_if(|(_, c)| c.is_alphanumeric()) {
            end = i + c.len_utf8();
        }
        Some((start, end, &text[start..end]))
    })
}

/// Analyzes a user's query, which may arrive in any normalization form.
pub fn analyze_query(analyzer: &dyn Analyzer, query: &str) -> Vec<Token> {
    let normalized: String = query.nfc().collect();
    analyzer.analyze(&normalized)
}

/// A word lowercased and with its diacritics folded, not stemmed (for comparing whole words
/// when suggesting one).
pub fn fold_word(word: &str) -> String {
    let tables = tables();
    word.chars()
        .flat_map(char::to_lowercase)
        .map(|c| tables.fold.fold(c))
        .collect()
}

/// The terms of one word, or `None` for a stop word or an over-long token.
fn stem_word(tables: &Tables, word: &str) -> Option<(String, String)> {
    // Each letter is kept as (folded, original) so that the stemmer, which matches folded
    // endings, cuts the exact form at the same place.
    let mut letters: Vec<(char, char)> = word
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| (tables.fold.fold(c), c))
        .collect();
    if letters.len() > tables.max_token_letters {
        return None;
    }
    let folded: String = letters.iter().map(|(f, _)| f).collect();
    if tables.stopwords.contains(&folded) {
        return None;
    }
    if !letters.iter().any(|(c, _)| c.is_ascii_digit()) {
        stem(tables, &mut letters);
    }
    Some((
        letters.iter().map(|(f, _)| f).collect(),
        letters.iter().map(|(_, o)| o).collect(),
    ))
}

fn ends_with(letters: &[(char, char)], suffix: &[char]) -> bool {
    letters.len() >= suffix.len()
        && letters[letters.len() - suffix.len()..]
            .iter()
            .zip(suffix)
            .all(|((f, _), s)| f == s)
}

/// Removes the first suffix of the groups whose minimum length the word exceeds; gives how
/// many letters it removed.
fn strip_suffix(letters: &mut Vec<(char, char)>, groups: &[SuffixGroup]) -> usize {
    for group in groups {
        if letters.len() < group.min_letters {
            continue;
        }
        if let Some(suffix) = group.suffixes.iter().find(|s| ends_with(letters, s)) {
            letters.truncate(letters.len() - suffix.len());
            return suffix.len();
        }
    }
    0
}

fn stem(tables: &Tables, letters: &mut Vec<(char, char)>) {
    let case_cut = strip_suffix(letters, &tables.case_suffixes);
    // A possessive (hřbitov → hřbit) or a long case ending (hřbitově → hřbit) marks a noun:
    // no verb ending to look for.
    let possessive_cut = strip_suffix(letters, std::slice::from_ref(&tables.possessive_suffixes));
    if possessive_cut == 0 && case_cut <= tables.verb_after_case_letters {
        strip_suffix(letters, &tables.verb_suffixes);
    }
    if letters.is_empty() {
        return;
    }
    if let Some(rule) = tables
        .normalize_endings
        .iter()
        .find(|rule| ends_with(letters, &rule.ending))
    {
        let keep = letters.len() - rule.ending.len();
        letters.truncate(keep);
        letters.extend(rule.becomes.iter().map(|c| (*c, *c)));
        return;
    }
    let n = letters.len();
    if tables.drop_e_before_last_letter && n > 1 && letters[n - 2].0 == 'e' {
        letters.remove(n - 2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folded(word: &str) -> String {
        let tokens = CzechAnalyzer.analyze(word);
        assert_eq!(tokens.len(), 1, "{word}");
        tokens[0].folded.clone()
    }

    fn exact(word: &str) -> String {
        CzechAnalyzer.analyze(word)[0].exact.clone()
    }

    fn same_stem(forms: &[&str]) {
        let stems: HashSet<String> = forms.iter().map(|w| folded(w)).collect();
        assert_eq!(stems.len(), 1, "{forms:?} → {stems:?}");
    }

    #[test]
    fn verb_forms_meet_their_infinitive() {
        same_stem(&["vyhrát", "vyhraje", "vyhrajeme", "vyhrajem", "vyhrajou"]);
        same_stem(&[
            "umístit",
            "umístím",
            "umístíme",
            "umístí",
            "umístil",
            "umístili",
        ]);
        same_stem(&["sundat", "sundám", "sundáme", "sundali"]);
        same_stem(&["odstranit", "odstraníme", "odstranila"]);
        same_stem(&["vytáhnout", "vytáhnu"]);
        same_stem(&["zvítězit", "zvítězíme", "zvítězili"]);
        // Colloquial adjective endings meet the standard ones.
        same_stem(&["velký", "velkej", "velkýho", "velkejch"]);
        same_stem(&["strážný", "strážnýmu", "strážnému"]);
    }

    #[test]
    fn nouns_ending_like_verbs_keep_their_declension_together() {
        same_stem(&["hřbitov", "hřbitova", "hřbitově", "hřbitovem", "hřbitovech"]);
        same_stem(&["kostel", "kostela", "kostelem"]);
    }

    #[test]
    fn tables_parse() {
        let t = tables();
        assert!(t.stopwords.contains("na"));
        assert_eq!(t.fold.fold('ř'), 'r');
        assert_eq!(t.fold.fold('ů'), 'u');
        assert_eq!(t.fold.fold('x'), 'x');
        assert_eq!(t.fold.fold('漢'), '漢');
    }

    #[test]
    fn inflections_from_the_corpus_meet_with_and_without_diacritics() {
        same_stem(&[
            "duch", "ducha", "duchové", "duchy", "duchů", "duchům", "duchu", "duchum", "duchove",
        ]);
        same_stem(&[
            "hřbitov",
            "hřbitova",
            "hřbitovy",
            "hřbitově",
            "hřbitovem",
            "hřbitovů",
            "hrbitov",
            "hrbitovy",
            "hrbitove",
        ]);
        same_stem(&[
            "kartička",
            "kartičky",
            "kartiček",
            "kartičku",
            "kartičkou",
            "karticka",
            "karticek",
        ]);
        same_stem(&["zámek", "zámku", "zámky", "zamek", "zamku"]);
        same_stem(&["mlha", "mlhy", "mlhou", "mlhu"]);
        same_stem(&["město", "města", "městem", "mesto", "mesta"]);
        same_stem(&["cesta", "cesty", "cestu", "cestou"]);
        same_stem(&[
            "družiník",
            "družiníka",
            "družiníci",
            "družiníků",
            "druzinik",
            "druziniku",
        ]);
        same_stem(&["úroveň", "úrovni", "úrovně", "uroven", "urovni"]);
    }

    #[test]
    fn exact_terms_keep_diacritics_and_cut_where_folded_terms_cut() {
        assert_eq!(folded("hřbitovy"), "hrbit");
        assert_eq!(exact("hřbitovy"), "hřbit");
        assert_eq!(exact("hrbitovy"), "hrbit");
        assert_eq!(folded("duchů"), "duch");
        assert_eq!(exact("Duchů"), "duch");
    }

    #[test]
    fn stop_words_numbers_and_long_tokens() {
        assert!(CzechAnalyzer.analyze("a na ve ze").is_empty());
        assert_eq!(folded("0027"), "0027");
        assert!(CzechAnalyzer.analyze(&"x".repeat(41)).is_empty());
    }

    #[test]
    fn letters_not_bytes_decide_suffix_rules() {
        // "kůň" is 3 letters but 5 bytes: too short for any suffix rule.
        assert_eq!(exact("kůň"), "kůň");
        // "ženy" is 4 letters (5 bytes): the one-letter rule applies, then `e` before the last letter goes.
        assert_eq!(folded("ženy"), "zn");
    }

    #[test]
    fn offsets_are_byte_ranges_of_the_words() {
        let text = "Pes (Alík) — hřbitov!";
        let tokens = CzechAnalyzer.analyze(text);
        let words: Vec<&str> = tokens.iter().map(|t| &text[t.start..t.end]).collect();
        assert_eq!(words, ["Pes", "Alík", "hřbitov"]);
    }

    #[test]
    fn nfd_queries_analyze_like_nfc() {
        let nfd: String = "hřbitovů".nfd().collect();
        assert_eq!(
            analyze_query(&CzechAnalyzer, &nfd),
            CzechAnalyzer.analyze("hřbitovů")
        );
    }

    #[test]
    fn baseline_only_lowercases() {
        let tokens = BaselineAnalyzer.analyze("Hřbitovy a DUCHOVÉ");
        let terms: Vec<&str> = tokens.iter().map(|t| t.folded.as_str()).collect();
        assert_eq!(terms, ["hřbitovy", "a", "duchové"]);
    }
}
