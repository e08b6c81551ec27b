//! A short passage of a hit's text around the words that matched, with those words marked.

use super::analyzer::Analyzer;
use super::terms::QueryTerms;

/// Words shown around the best match.
pub const WINDOW_WORDS: usize = 28;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Snippet {
    /// The passage as pieces; `true` marks a matched word.
    pub segments: Vec<(String, bool)>,
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

pub fn make(text: &str, analyzer: &dyn Analyzer, terms: &QueryTerms) -> Snippet {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let tokens = analyzer.analyze(&text);
    let hits: Vec<bool> = tokens.iter().map(|t| terms.matches(&t.folded)).collect();
    // Word boundaries: every whitespace-separated word, as byte ranges.
    let words: Vec<(usize, usize)> = {
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
    };
    if words.is_empty() {
        return Snippet::default();
    }
    // Which word each token falls in, to pick the window with the most matched tokens.
    let word_of = |offset: usize| words.iter().position(|(s, e)| offset >= *s && offset < *e);
    let mut hits_per_word = vec![0usize; words.len()];
    for (token, hit) in tokens.iter().zip(&hits) {
        if *hit {
            if let Some(w) = word_of(token.start) {
                hits_per_word[w] += 1;
            }
        }
    }
    let window = WINDOW_WORDS.min(words.len());
    let best_start = (0..=words.len() - window)
        .max_by_key(|start| {
            let count: usize = hits_per_word[*start..start + window].iter().sum();
            // Prefer earlier windows on ties.
            (count, std::cmp::Reverse(*start))
        })
        .unwrap_or(0);
    let from = words[best_start].0;
    let to = words[best_start + window - 1].1;

    let mut segments = Vec::new();
    if best_start > 0 {
        segments.push(("… ".to_owned(), false));
    }
    let mut cursor = from;
    for (token, hit) in tokens.iter().zip(&hits) {
        if !*hit || token.start < from || token.end > to {
            continue;
        }
        if token.start > cursor {
            segments.push((text[cursor..token.start].to_owned(), false));
        }
        segments.push((text[token.start..token.end].to_owned(), true));
        cursor = token.end;
    }
    if cursor < to {
        segments.push((text[cursor..to].to_owned(), false));
    }
    if best_start + window < words.len() {
        segments.push((" …".to_owned(), false));
    }
    Snippet { segments }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::analyzer::CzechAnalyzer;

    #[test]
    fn matched_words_are_marked_in_any_inflection() {
        let terms = QueryTerms::from_folded(["hrbit".to_owned()]);
        assert_eq!(CzechAnalyzer.analyze("hřbitovů")[0].folded, "hrbit");
        let snippet = make(
            "Duch přijde na hřbitovy i na hřbitov.",
            &CzechAnalyzer,
            &terms,
        );
        assert_eq!(
            snippet.marked("[", "]"),
            "Duch přijde na [hřbitovy] i na [hřbitov]."
        );
        assert_eq!(snippet.plain(), "Duch přijde na hřbitovy i na hřbitov.");
    }

    #[test]
    fn long_texts_are_cut_around_the_match() {
        let text = format!("{} zámek {}", "slovo ".repeat(100), "konec ".repeat(100));
        let terms = QueryTerms::from_folded(["zamk".to_owned()]);
        assert_eq!(CzechAnalyzer.analyze("zámek")[0].folded, "zamk");
        let snippet = make(&text, &CzechAnalyzer, &terms);
        let plain = snippet.plain();
        assert!(plain.starts_with("… ") && plain.ends_with(" …"), "{plain}");
        assert!(snippet.segments.iter().any(|(t, hit)| *hit && t == "zámek"));
        assert!(plain.split_whitespace().count() <= WINDOW_WORDS + 2);
    }
}
