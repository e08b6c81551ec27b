//! A short passage of a hit's text around the words that matched, with those words marked.

use super::terms::QueryTerms;
use crate::czech::{Analyzer, Token};

/// Words shown around the best match.
pub const WINDOW_WORDS: usize = 28;
/// A question how many ("kolik bodů…") is answered by a number, or by one of `NO_AMOUNT`: a
/// sentence that gives one holds this word of the query as well, so that the snippet shows the
/// count rather than a sentence that restates the question. (Session 56: the written answers of
/// the tuning sets' questions shared more words with the snippets, and one more answer's
/// numbers stood in them; counting every number as a matched word did as well on the tuning
/// sets but worse on the held-out ones.)
pub const AMOUNT_QUESTION: &str = "kolik";
/// The words that give an amount of none ("nevynese žádné body", "nedostane nic").
pub const NO_AMOUNT: [&str; 2] = ["žádný", "nic"];

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Snippet {
    /// The passage as pieces; `true` marks a matched word.
    segments: Vec<(String, bool)>,
}

impl Snippet {
    pub fn plain(&self) -> String {
        self.segments
            .iter()
            .map(|(text, _)| text.as_str())
            .collect()
    }

    /// With matched words wrapped in `open`/`close` (ANSI colour, Markdown bold, …).
    pub fn marked(&self, open: &str, close: &str) -> String {
        self.segments
            .iter()
            .map(|(text, hit)| {
                if *hit {
                    format!("{open}{text}{close}")
                } else {
                    text.clone()
                }
            })
            .collect()
    }
}

/// The snippet of `text` for the query's `terms`; `concept_words` are the terms of the questions
/// of the concepts the query describes that this text answers (`concepts.yaml`), which tell
/// its answering sentence among those holding as many query words.
pub(crate) fn make(
    text: &str,
    analyzer: &dyn Analyzer,
    terms: &QueryTerms,
    concept_words: &[String],
) -> Snippet {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let tokens = analyzer.analyze(&text);
    let hits: Vec<bool> = tokens.iter().map(|t| terms.matches(&t.folded)).collect();
    let words = word_spans(&text);
    if words.is_empty() {
        return Snippet::default();
    }
    // Which word each token falls in, and which query word it stands for.
    let word_of = |offset: usize| words.iter().position(|(s, e)| offset >= *s && offset < *e);
    let mut matched_in_word: Vec<Vec<String>> = vec![Vec::new(); words.len()];
    let mut concept_word_in_word: Vec<Option<&str>> = vec![None; words.len()];
    for (token, hit) in tokens.iter().zip(&hits) {
        match (*hit, word_of(token.start)) {
            (true, Some(w)) => matched_in_word[w].push(terms.concept_of(&token.folded)),
            (false, Some(w)) if concept_words.contains(&token.folded) => {
                concept_word_in_word[w] = Some(&token.folded);
            }
            _ => {}
        }
    }
    // The words that give an amount, when the query asks how many.
    let asked = asked_amount(analyzer, terms);
    let mut amount_in_word = vec![false; words.len()];
    if asked.is_some() {
        for w in amount_tokens(analyzer, &tokens).filter_map(|t| word_of(t.start)) {
            amount_in_word[w] = true;
        }
    }
    let marks = WordMarks {
        matched: &matched_in_word,
        concept_words: &concept_word_in_word,
        asked: asked.as_deref(),
        amount: &amount_in_word,
    };
    let sentence = best_sentence(&text, &words, &marks);
    let (best_start, best_end) = window_in(sentence, &marks, words.len());
    let mut segments = Vec::new();
    if best_start > 0 {
        segments.push(("… ".to_owned(), false));
    }
    let shown = (words[best_start].0, words[best_end - 1].1);
    let matched = tokens.iter().zip(&hits).filter(|(_, hit)| **hit);
    segments.extend(marked_segments(&text, shown, matched.map(|(t, _)| t)));
    if best_end < words.len() {
        segments.push((" …".to_owned(), false));
    }
    Snippet { segments }
}

/// Every whitespace-separated word of the text (its spaces single), as byte ranges.
fn word_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c == ' ', start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, text.len()));
    }
    spans
}

/// The tokens that give an amount: digits, or a word for none (`NO_AMOUNT`).
fn amount_tokens<'t>(
    analyzer: &dyn Analyzer,
    tokens: &'t [Token],
) -> impl Iterator<Item = &'t Token> {
    let none: Vec<String> = (NO_AMOUNT.iter())
        .filter_map(|w| folded_word(analyzer, w))
        .collect();
    tokens.iter().filter(move |token| {
        let digits = !token.folded.is_empty() && token.folded.bytes().all(|b| b.is_ascii_digit());
        digits || none.contains(&token.folded)
    })
}

/// The words shown, as a range of word indexes: the window opens at the sentence; a sentence
/// longer than the window is shown up to its last matched word or word of a described concept.
fn window_in(
    (sentence_start, sentence_end): (usize, usize),
    marks: &WordMarks,
    words: usize,
) -> (usize, usize) {
    let window = WINDOW_WORDS.min(words);
    let last_hit = (sentence_start..sentence_end)
        .rev()
        .find(|w| !marks.matched[*w].is_empty() || marks.concept_words[*w].is_some())
        .unwrap_or(sentence_start);
    let start = if last_hit >= sentence_start + window {
        last_hit + 1 - window
    } else {
        sentence_start
    };
    (start, (start + window).min(words))
}

/// The text between byte offsets `from` and `to` as segments, the matched tokens within it
/// marked.
fn marked_segments<'t>(
    text: &str,
    (from, to): (usize, usize),
    matched: impl Iterator<Item = &'t Token>,
) -> Vec<(String, bool)> {
    let mut segments = Vec::new();
    let mut cursor = from;
    for token in matched.filter(|t| t.start >= from && t.end <= to) {
        if token.start > cursor {
            segments.push((text[cursor..token.start].to_owned(), false));
        }
        segments.push((text[token.start..token.end].to_owned(), true));
        cursor = token.end;
    }
    if cursor < to {
        segments.push((text[cursor..to].to_owned(), false));
    }
    segments
}

/// The query's word for "how many" (`AMOUNT_QUESTION`), if it asks so.
fn asked_amount(analyzer: &dyn Analyzer, terms: &QueryTerms) -> Option<String> {
    let asked = folded_word(analyzer, AMOUNT_QUESTION)?;
    terms
        .words
        .iter()
        .any(|w| w.folded == asked)
        .then_some(asked)
}

/// A word's first term, as the analyzer folds it.
fn folded_word(analyzer: &dyn Analyzer, word: &str) -> Option<String> {
    analyzer.analyze(word).into_iter().next().map(|t| t.folded)
}

/// What each word of a text holds for choosing the snippet's sentence.
struct WordMarks<'m> {
    /// The query words each word stands for.
    matched: &'m [Vec<String>],
    /// A term of a described concept's question the word holds, if it matches no query word.
    concept_words: &'m [Option<&'m str>],
    /// The query's word for "how many", if it asks so.
    asked: Option<&'m str>,
    /// Whether each word gives an amount.
    amount: &'m [bool],
}

/// The sentence (as a range of words) that holds the most different query words, then the most
/// different words of the described concepts' questions, then the most matched words, the first
/// on a tie. When the query asks how many (`asked`), a sentence with a word that gives an
/// amount holds that word too. A sentence ends after a word ending in `.`, `!` or `?`, and
/// before a list bullet; a colon does not end it, since a list item's label belongs to what
/// follows ("Nedokončené město na konci hry: město s katedrálou … nevynese žádné body").
/// (Session 57: the concepts' words raised the share of the written answers' words in the
/// tuning sets' snippets from 0.4376 to 0.4445; counted as query words, to 0.4413.)
fn best_sentence(text: &str, words: &[(usize, usize)], marks: &WordMarks) -> (usize, usize) {
    let mut sentences = Vec::new();
    let mut start = 0;
    for (i, (s, e)) in words.iter().enumerate() {
        let word = &text[*s..*e];
        if word == "•" && i > start {
            sentences.push((start, i));
            start = i;
        }
        if word.ends_with(['.', '!', '?']) {
            sentences.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < words.len() {
        sentences.push((start, words.len()));
    }
    let score = |(from, to): &(usize, usize)| {
        let mut concepts: Vec<&String> = marks.matched[*from..*to].iter().flatten().collect();
        let tokens = concepts.len();
        concepts.sort();
        concepts.dedup();
        let gives_amount = (marks.asked).is_some_and(|asked| !concepts.iter().any(|c| *c == asked))
            && marks.amount[*from..*to].iter().any(|a| *a);
        let mut described: Vec<&str> = marks.concept_words[*from..*to]
            .iter()
            .flatten()
            .copied()
            .collect();
        described.sort_unstable();
        described.dedup();
        (
            concepts.len() + usize::from(gives_amount),
            described.len(),
            tokens,
        )
    };
    sentences
        .iter()
        .enumerate()
        .max_by_key(|(i, sentence)| {
            let (concepts, described, tokens) = score(sentence);
            (concepts, described, tokens, std::cmp::Reverse(*i))
        })
        .map_or((0, words.len()), |(_, sentence)| *sentence)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::czech::CzechAnalyzer;

    #[test]
    fn matched_words_are_marked_in_any_inflection() {
        let terms = QueryTerms::from_folded(["hrbit".to_owned()]);
        assert_eq!(CzechAnalyzer.analyze("hřbitovů")[0].folded, "hrbit");
        let snippet = make(
            "Duch přijde na hřbitovy i na hřbitov.",
            &CzechAnalyzer,
            &terms,
            &[],
        );
        assert_eq!(
            snippet.marked("[", "]"),
            "Duch přijde na [hřbitovy] i na [hřbitov]."
        );
        assert_eq!(snippet.plain(), "Duch přijde na hřbitovy i na hřbitov.");
    }

    #[test]
    fn the_sentence_with_most_query_words_opens_the_snippet() {
        let terms = QueryTerms::from_folded(
            ["katedral", "nedokoncen", "bod"].map(|w| CzechAnalyzer.analyze(w)[0].folded.clone()),
        );
        let text = "Katedrála zvyšuje hodnotu města. Dokončené město s katedrálou dá 3 body za \
                    kartičku. Nedokončené město s katedrálou dá na konci hry 0 bodů. Katedrála se \
                    přikládá jako jiné kartičky.";
        let plain = make(text, &CzechAnalyzer, &terms, &[]).plain();
        assert!(
            plain.starts_with("… Nedokončené město s katedrálou dá na konci hry 0 bodů."),
            "{plain}"
        );
    }

    #[test]
    fn a_question_how_many_opens_at_the_sentence_that_gives_the_amount() {
        let folded = |words: &[&str]| {
            QueryTerms::from_folded(
                words
                    .iter()
                    .map(|w| CzechAnalyzer.analyze(w)[0].folded.clone()),
            )
        };
        let text = "Město s katedrálou se hodnotí jinak než obyčejné. Dokončené město \
                    s katedrálou dá 3 body za kartičku.";
        let how_many = make(
            text,
            &CzechAnalyzer,
            &folded(&["kolik", "město", "katedrála"]),
            &[],
        );
        assert!(
            how_many
                .plain()
                .starts_with("… Dokončené město s katedrálou dá 3 body"),
            "{}",
            how_many.plain()
        );
        let what = make(text, &CzechAnalyzer, &folded(&["město", "katedrála"]), &[]);
        assert!(
            what.plain().starts_with("Město s katedrálou se hodnotí"),
            "{}",
            what.plain()
        );
    }

    #[test]
    fn a_described_concepts_words_choose_among_sentences_holding_as_many_query_words() {
        let folded = |word: &str| CzechAnalyzer.analyze(word)[0].folded.clone();
        let terms = QueryTerms::from_folded([folded("body")]);
        let text = "Cesta dá 1 bod za každou kartičku. Při shodě dostane každý hráč plný počet \
                    bodů.";
        let plain =
            |concept_words: &[String]| make(text, &CzechAnalyzer, &terms, concept_words).plain();
        assert!(plain(&[]).starts_with("Cesta dá 1 bod"), "{}", plain(&[]));
        let tie = [folded("shoda"), folded("hráči")];
        assert!(
            plain(&tie).starts_with("… Při shodě dostane"),
            "{}",
            plain(&tie)
        );
    }

    #[test]
    fn a_list_items_label_stays_with_its_sentence() {
        let terms = QueryTerms::from_folded(
            ["katedral", "nedokoncen", "bod"].map(|w| CzechAnalyzer.analyze(w)[0].folded.clone()),
        );
        let text = "• Dokončené město: s katedrálou dá 3 body za kartičku. • Nedokončené město: \
                    město s katedrálou nevynese žádné body.";
        let plain = make(text, &CzechAnalyzer, &terms, &[]).plain();
        assert!(
            plain.starts_with("… • Nedokončené město: město s katedrálou nevynese žádné body."),
            "{plain}"
        );
    }

    #[test]
    fn long_texts_are_cut_around_the_match() {
        let text = format!("{} zámek {}", "slovo ".repeat(100), "konec ".repeat(100));
        let terms = QueryTerms::from_folded(["zamk".to_owned()]);
        assert_eq!(CzechAnalyzer.analyze("zámek")[0].folded, "zamk");
        let snippet = make(&text, &CzechAnalyzer, &terms, &[]);
        let plain = snippet.plain();
        assert!(plain.starts_with("… ") && plain.ends_with(" …"), "{plain}");
        assert!(snippet.segments.iter().any(|(t, hit)| *hit && t == "zámek"));
        assert!(plain.split_whitespace().count() <= WINDOW_WORDS + 2);
    }
}
