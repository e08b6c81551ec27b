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

/// The texts players search, each with what it belongs to (a ruling's or section's id, or the
/// glossary or thesaurus entry): rules, rulings, glossary and synonyms.
fn texts(corpus: &Corpus) -> Vec<(String, String)> {
    let rulings = corpus.rulings.iter().flat_map(|r| {
        [&r.question, &r.answer_short, &to_plain_text(&r.answer)]
            .into_iter()
            .cloned()
            .chain(r.phrasings.iter().cloned())
            .chain(r.tags.iter().cloned())
            .map(|text| (r.id.clone(), text))
            .collect::<Vec<_>>()
    });
    let sections = corpus
        .sections
        .iter()
        .flat_map(|s| [s.title.clone(), to_plain_text(&s.body)].map(|text| (s.id.clone(), text)));
    let glossary = corpus.glossary.iter().flat_map(|g| {
        std::iter::once(g.term.clone())
            .chain(g.forms.iter().cloned())
            .chain(g.synonyms.iter().cloned())
            .chain(g.english.iter().cloned())
            .chain(std::iter::once(g.definition.clone()))
            .map(|text| (g.term.clone(), text))
            .collect::<Vec<_>>()
    });
    let thesaurus = corpus.thesaurus.iter().flat_map(|ring| {
        std::iter::once(ring.preferred.clone())
            .chain(ring.members.iter().cloned())
            .map(|text| (ring.preferred.clone(), text))
            .collect::<Vec<_>>()
    });
    rulings
        .chain(sections)
        .chain(glossary)
        .chain(thesaurus)
        .collect()
}

fn terms_of(text: &str) -> HashSet<String> {
    (CzechAnalyzer.analyze(text).into_iter())
        .map(|t| t.folded)
        .collect()
}

/// Every folded term of the texts players search.
pub(super) fn words_of_texts(corpus: &Corpus) -> HashSet<String> {
    texts(corpus)
        .iter()
        .flat_map(|(_, text)| terms_of(text))
        .collect()
}

/// A paragraph or list item of our texts and its terms.
pub(super) struct Passage {
    /// The ruling's or section's id (or the glossary term) and the passage's start.
    pub(super) text: String,
    terms: Vec<String>,
}

impl Passage {
    /// Whether the passage holds each of these terms, one apiece: as a query holds a pattern
    /// ("tým proti týmu" needs "tým" twice).
    pub(super) fn holds_each(&self, terms: &[String]) -> bool {
        terms.iter().all(|term| {
            let wanted = terms.iter().filter(|t| *t == term).count();
            self.terms.iter().filter(|t| *t == term).count() >= wanted
        })
    }
}

/// Every passage of the texts players search: a question the rules leave open
/// (`not-covered.yaml` patterns) is one whose words no passage holds together.
pub(super) fn passages_of_texts(corpus: &Corpus) -> Vec<Passage> {
    let passage = |owner: &str, line: &str| Passage {
        text: format!("{owner}: „{}…“", line.chars().take(60).collect::<String>()),
        terms: (CzechAnalyzer.analyze(line).into_iter())
            .map(|t| t.folded)
            .collect(),
    };
    texts(corpus)
        .iter()
        .flat_map(|(owner, text)| {
            text.lines()
                .map(|line| passage(owner, line))
                .collect::<Vec<_>>()
        })
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
    fn a_pattern_one_passage_of_ours_holds_is_refused_where_it_stands() {
        // A ruling's paragraph on the closed fog tells the turn ("Tah tedy proběhne takto")
        // and returns the ghosts to the bank ("vrátíte"): its words stand together there.
        let messages = diagnostics_with_list_changed(
            "    - [vrátit, celý, tah]",
            "    - [vrátit, tah]\n    - [tým, proti]\n    - [tým, tým, proti]",
        );
        assert!(
            messages.iter().any(|m| m.contains("not-covered.yaml:")
                && m.contains("[vracení tahů] vzor [vrátit, tah] naše texty mají pohromadě")),
            "{messages:?}"
        );
        // Counted as a query counts them: "tým" once in a passage is not "tým proti týmu",
        // though the cooperative game's introduction has "tým" and "proti" in one paragraph.
        assert!(
            messages
                .iter()
                .any(|m| m.contains("vzor [tým, proti] naše texty mají pohromadě (dc-uvod")),
            "{messages:?}"
        );
        assert!(
            !messages.iter().any(|m| m.contains("[tým, tým, proti]")),
            "{messages:?}"
        );
    }

    #[test]
    fn each_variant_of_a_pattern_with_alternatives_is_checked_where_it_stands() {
        let messages = diagnostics_with_list_changed(
            "    - [vrátit, celý, tah]",
            "    - [[vrátit, přesýpací], [tah, celý]]",
        );
        assert!(
            messages.iter().any(|m| m.contains("not-covered.yaml:")
                && m.contains("[vracení tahů] vzor [vrátit, tah] naše texty mají pohromadě")),
            "{messages:?}"
        );
        assert!(
            !messages.iter().any(|m| m.contains("vzor [přesýpací, tah]")),
            "{messages:?}"
        );
    }

    #[test]
    fn a_pattern_standing_for_too_many_variants_or_an_empty_place_is_refused() {
        let many = format!("[{}]", ["tah"; 8].join(", "));
        let messages = diagnostics_with_list_changed(
            "    - [vrátit, celý, tah]",
            &format!("    - [{many}, {many}, {many}, {many}]\n    - [[], tah]"),
        );
        assert!(
            (messages.iter()).any(|m| m.contains("[vracení tahů] položka seznamu `patterns` s možnostmi dává 4096 variant, nejvýš smí 500")),
            "{messages:?}"
        );
        assert!(
            (messages.iter())
                .any(|m| m.contains("v seznamu `patterns` je prázdný seznam možností")),
            "{messages:?}"
        );
    }

    #[test]
    fn only_a_topic_with_patterns_asks_after_the_fact() {
        let messages = diagnostics_with_list_changed(
            "- title: historie, pověsti a skutečná místa\n  kind: tema",
            "- title: historie, pověsti a skutečná místa\n  kind: tema\n  after_the_fact: true",
        );
        assert!(messages.is_empty(), "{messages:?}");
        let messages = diagnostics_with_list_changed(
            "  mentioned: [věž]",
            "  mentioned: [věž]\n  after_the_fact: true",
        );
        assert!(
            (messages.iter()).any(|m| m.contains("[Věž] `after_the_fact: true` má jen téma")),
            "{messages:?}"
        );
        let messages = diagnostics_with_list_changed(
            "- title: strategie a rady ke hře\n  kind: tema",
            "- title: strategie a rady ke hře\n  kind: tema\n  after_the_fact: true",
        );
        assert!(
            (messages.iter()).any(|m| m.contains("`after_the_fact: true` má jen téma")),
            "{messages:?}"
        );
    }

    #[test]
    fn only_a_topic_has_patterns() {
        let messages = diagnostics_with_list_changed(
            "  mentioned: [věž]",
            "  mentioned: [věž]\n  patterns:\n    - [věž, zajatý]",
        );
        assert!(
            messages
                .iter()
                .any(|m| m.contains("[Věž] vzory (`patterns`) má jen téma")),
            "{messages:?}"
        );
    }

    #[test]
    fn only_a_topic_with_words_sets_the_scene_or_leads_in() {
        for flag in ["setting", "lead_in"] {
            let messages = diagnostics_with_list_changed(
                "  mentioned: [věž]",
                &format!("  mentioned: [věž]\n  {flag}: true"),
            );
            assert!(
                (messages.iter()).any(|m| {
                    m.contains("not-covered.yaml:") && m.contains(&format!("[Věž] `{flag}: true`"))
                }),
                "{messages:?}"
            );
        }
    }

    #[test]
    fn only_one_topic_holds_the_questions_of_reasons() {
        let messages = diagnostics_with_list_changed(
            "  mentioned: [věž]",
            "  mentioned: [věž]\n  reasons: true",
        );
        assert!(
            messages
                .iter()
                .any(|m| m.contains("not-covered.yaml:") && m.contains("[Věž] `reasons: true`")),
            "{messages:?}"
        );
        let messages = diagnostics_with_list_changed(
            "- title: historie, pověsti a skutečná místa\n  kind: tema",
            "- title: historie, pověsti a skutečná místa\n  kind: tema\n  reasons: true",
        );
        assert!(
            (messages.iter()).any(|m| m.contains(
                "[historie, pověsti a skutečná místa] `reasons: true` má jen jedno téma"
            )),
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
