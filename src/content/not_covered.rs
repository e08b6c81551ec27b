//! The check that keeps `not-covered.yaml` honest: a word of a game carcref does not cover
//! must be one our texts never use, or a question about our own rules would be told it asks
//! about another box.

use std::collections::HashSet;

use super::markdown::to_plain_text;
use crate::czech::{analyze_query, Analyzer, CzechAnalyzer};
use crate::model::Corpus;

/// The search term of one word, as a query would have it.
pub(super) fn term(word: &str) -> Option<String> {
    analyze_query(&CzechAnalyzer, word)
        .into_iter()
        .next()
        .map(|t| t.folded)
}

/// Every folded term of the texts players search: rules, rulings, glossary and synonyms.
pub(super) fn words_of_texts(corpus: &Corpus) -> HashSet<String> {
    let rulings = corpus.rulings.iter().flat_map(|r| {
        [&r.question, &r.answer_short, &to_plain_text(&r.answer)]
            .into_iter()
            .cloned()
            .chain(r.phrasings.iter().cloned())
            .chain(r.tags.iter().cloned())
            .collect::<Vec<_>>()
    });
    let sections = corpus
        .sections
        .iter()
        .flat_map(|s| [s.title.clone(), to_plain_text(&s.body)]);
    let glossary = corpus.glossary.iter().flat_map(|g| {
        std::iter::once(g.term.clone())
            .chain(g.forms.iter().cloned())
            .chain(g.synonyms.iter().cloned())
            .chain(g.english.iter().cloned())
            .chain(std::iter::once(g.definition.clone()))
            .collect::<Vec<_>>()
    });
    let thesaurus = corpus.thesaurus.iter().flat_map(|ring| {
        std::iter::once(ring.preferred.clone())
            .chain(ring.members.iter().cloned())
            .collect::<Vec<_>>()
    });
    rulings
        .chain(sections)
        .chain(glossary)
        .chain(thesaurus)
        .flat_map(|text| CzechAnalyzer.analyze(&text).into_iter().map(|t| t.folded))
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::content::{load, ContentFiles, FileBody};

    /// The diagnostics of the embedded content with `from` replaced by `to` in the list.
    fn diagnostics_with_list_changed(from: &str, to: &str) -> Vec<String> {
        let mut files = ContentFiles::embedded();
        let file = (files.files.iter_mut())
            .find(|f| f.path == "not-covered.yaml")
            .expect("the embedded content has the list");
        let FileBody::Bytes(bytes) = &file.body else {
            panic!("the embedded list is readable");
        };
        let list = String::from_utf8_lossy(bytes).into_owned();
        let changed = list.replacen(from, to, 1);
        assert_ne!(changed, list, "the list holds {from}");
        file.body = FileBody::Bytes(changed.into_bytes().into());
        (load(&files).diagnostics.iter())
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_word_our_texts_use_is_refused_where_it_stands() {
        // "hřbitov" is a word of the ghost games, so it cannot belong to another box.
        let messages = diagnostics_with_list_changed("words: [sopka,", "words: [hřbitov, sopka,");
        assert!(
            messages.iter().any(|m| m.contains("not-covered.yaml:")
                && m.contains("[Princezna a drak] o slově `hřbitov` naše texty mluví")),
            "{messages:?}"
        );
    }

    #[test]
    fn a_mentioned_word_our_texts_lack_is_refused_where_it_stands() {
        let messages =
            diagnostics_with_list_changed("mentioned: [věž]", "mentioned: [věž, kormidlo]");
        assert!(
            messages.iter().any(|m| m.contains("not-covered.yaml:")
                && m.contains("[Věž] slovo `kormidlo` naše texty nezmiňují")),
            "{messages:?}"
        );
    }

    #[test]
    fn the_shipped_list_holds_only_words_our_texts_lack() {
        let loaded = load(&ContentFiles::embedded());
        assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
        assert!(loaded.corpus.not_covered.len() >= 10);
    }
}
