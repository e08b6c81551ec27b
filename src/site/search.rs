//! The browser search's data: the same documents the CLI indexes (rulings, then rule
//! sections split at their headings), the glossary groups, the scoring constants and
//! tantivy's field-length table, written as a script that sets a global (pages opened
//! from `file://` cannot fetch JSON). The index carries each field's words already analyzed
//! (the CLI's own terms), so that the page only counts them when it loads; the browser's
//! analyzer, with the same tables, analyzes queries and the texts of shown hits.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::json;

use crate::content::to_plain_text;
use crate::czech::{Analyzer, CzechAnalyzer};
use crate::model::{Corpus, MAX_LEVEL};
use crate::search::{
    base_restatements, concept_patterns, expansion_bases, game_hints, game_names, game_titles,
    game_words, ranking_constants, scoped_synonyms, section_parts,
};
use crate::search::{
    Expansions, FUZZY_MIN_LETTERS, NEAR_TERMS, RELAXED_MIN_LETTERS,
    SUGGESTION_TWO_EDITS_MIN_LETTERS,
};
use crate::search::{NotCoveredTable, BOX_WORDS, LEAD_IN_REST_MIN_TERMS, MENTIONED_REST_MIN_SHARE};
use crate::search::{AMOUNT_QUESTION, NO_AMOUNT, WINDOW_WORDS};
use crate::search::{MAX_QUERY_CHARS, PAST_LEVELS_NAMED};
use crate::site::markdown::{heading_ids, slug};

/// One searchable document, in the CLI index's order (its position is tantivy's doc id).
#[derive(Debug, Serialize)]
struct Doc {
    /// `v` ruling (výklad), `p` rule part (pravidla).
    k: &'static str,
    id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    sid: Option<String>,
    game: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    levels: Vec<u8>,
    /// Title, short answer and body: what a hit shows.
    t: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    s: String,
    b: String,
    /// The words of each text field (title, tags, short answer, body, phrasings, game) as
    /// passages, the field's lines, of indexes into the index's word table.
    w: Vec<Vec<Vec<u32>>>,
    /// A rule part under a subheading: that heading's anchor on the rules page, so that a hit
    /// opens where its words are rather than at the section's top.
    #[serde(skip_serializing_if = "Option::is_none")]
    a: Option<String>,
}

/// Every word form of the documents (lowercase, as written) with its terms, numbered in the
/// order first met (document, field, word), which is also how suggestions pick the spelling
/// they show.
#[derive(Default)]
struct WordTable {
    /// By the word as written and its folded term: a word's term may depend on the words
    /// around it ("dvou" is 2, "ve dvou" v2).
    numbers: HashMap<(String, String), u32>,
    /// [as written, folded term] or [as written, folded term, exact term] when they differ.
    entries: Vec<Vec<String>>,
}

impl WordTable {
    /// The fields' words as passages: a new one at each line break, as `index.rs` splits
    /// them for proximity.
    fn passages(&mut self, text: &str) -> Vec<Vec<u32>> {
        let mut passages: Vec<Vec<u32>> = Vec::new();
        let mut previous_end = None;
        for token in CzechAnalyzer.analyze(text) {
            let new_line = previous_end
                .is_none_or(|end| text.get(end..token.start).is_some_and(|g| g.contains('\n')));
            if new_line {
                passages.push(Vec::new());
            }
            previous_end = Some(token.end);
            let written = text[token.start..token.end].to_lowercase();
            let number = self.number(written, token.folded, token.exact);
            if let Some(passage) = passages.last_mut() {
                passage.push(number);
            }
        }
        passages
    }

    fn number(&mut self, written: String, folded: String, exact: String) -> u32 {
        let key = (written, folded);
        if let Some(number) = self.numbers.get(&key) {
            return *number;
        }
        let number = u32::try_from(self.entries.len()).unwrap_or(u32::MAX);
        let (written, folded) = key.clone();
        let entry = if exact == folded {
            vec![written, folded]
        } else {
            vec![written, folded, exact]
        };
        self.entries.push(entry);
        self.numbers.insert(key, number);
        number
    }
}

/// A document with its fields (in `TEXT_FIELDS` order) analyzed, keeping the texts a hit shows.
fn with_fields(head: Doc, fields: [String; 6], corpus: &Corpus, words: &mut WordTable) -> Doc {
    let texts = [&fields[0], &fields[1], &fields[2], &fields[3], &fields[4]].map(String::as_str);
    let synonyms = scoped_synonyms(&CzechAnalyzer, corpus, &head.game, &texts);
    let w = fields
        .iter()
        .chain([&synonyms])
        .map(|f| words.passages(f))
        .collect();
    let [title, _, short, body, _, _] = fields;
    Doc {
        t: title,
        s: short,
        b: body,
        w,
        ..head
    }
}

fn documents(corpus: &Corpus, words: &mut WordTable) -> Vec<Doc> {
    let mut docs = Vec::new();
    for ruling in &corpus.rulings {
        let head = Doc {
            sid: ruling.source_id.clone(),
            ..Doc::new("v", &ruling.id, &ruling.game, &ruling.levels)
        };
        let fields = [
            ruling.question.clone(),
            ruling.tags.join(", "),
            ruling.answer_short.clone(),
            to_plain_text(&ruling.answer),
            ruling.phrasings.join("\n"),
            game_words(corpus, &ruling.game),
        ];
        docs.push(with_fields(head, fields, corpus, words));
    }
    for section in &corpus.sections {
        let anchors = heading_ids(&section.body, &section.id);
        let mut next_anchor = 0;
        for part in section_parts(&section.title, &section.body) {
            // The rendered headings in order; the part's is the next one with its words (a
            // `## ` line inside a code block is no heading and is skipped).
            let anchor = part.subheading.as_deref().and_then(|sub| {
                let wanted = slug(sub);
                let (at, heading) = anchors
                    .iter()
                    .enumerate()
                    .skip(next_anchor)
                    .find(|(_, h)| slug(&h.title) == wanted)?;
                next_anchor = at + 1;
                Some(heading.id.clone())
            });
            let head = Doc {
                a: anchor,
                ..Doc::new("p", &section.id, &section.game, &section.levels)
            };
            let fields = [
                part.heading,
                String::new(),
                String::new(),
                to_plain_text(&part.markdown),
                String::new(),
                game_words(corpus, &section.game),
            ];
            docs.push(with_fields(head, fields, corpus, words));
        }
    }
    docs
}

impl Doc {
    fn new(kind: &'static str, id: &str, game: &str, levels: &[u8]) -> Doc {
        Doc {
            k: kind,
            id: id.to_owned(),
            sid: None,
            game: game.to_owned(),
            levels: levels.to_vec(),
            t: String::new(),
            s: String::new(),
            b: String::new(),
            w: Vec::new(),
            a: None,
        }
    }
}

/// The script `assets/search-index.js`.
pub(crate) fn index_script(corpus: &Corpus) -> Result<String, serde_json::Error> {
    let expansions = serde_json::to_value(Expansions::new(
        &CzechAnalyzer,
        &corpus.glossary,
        &corpus.thesaurus,
    ))?;
    let fieldnorms: Vec<u32> = (0..=255u8)
        .map(tantivy::fieldnorm::FieldNormReader::id_to_fieldnorm)
        .collect();
    let mut words = WordTable::default();
    let docs = documents(corpus, &mut words);
    let games: Vec<_> = corpus
        .games
        .iter()
        .map(|g| json!({"id": g.id, "title": g.title, "levels": g.has_levels()}))
        .collect();
    let mut scoring = ranking_constants();
    scoring.extend(
        [
            ("near_terms", json!(NEAR_TERMS)),
            ("mentioned_rest_min_share", json!(MENTIONED_REST_MIN_SHARE)),
            ("box_words", json!(BOX_WORDS)),
            ("lead_in_rest_min_terms", json!(LEAD_IN_REST_MIN_TERMS)),
            ("concepts", serde_json::to_value(concept_patterns(corpus))?),
            ("game_names", json!(game_names(corpus))),
            ("game_hints", json!(game_hints(corpus))),
            ("expansion_bases", json!(expansion_bases(corpus))),
            ("game_titles", serde_json::to_value(game_titles(corpus))?),
            ("restated", json!(base_restatements(corpus))),
            ("max_level", json!(MAX_LEVEL)),
            ("past_levels_named", json!(PAST_LEVELS_NAMED)),
            ("fuzzy_min_letters", json!(FUZZY_MIN_LETTERS)),
            (
                "suggestion_two_edits_min_letters",
                json!(SUGGESTION_TWO_EDITS_MIN_LETTERS),
            ),
            ("relaxed_min_letters", json!(RELAXED_MIN_LETTERS)),
            ("max_query_chars", json!(MAX_QUERY_CHARS)),
            ("window_words", json!(WINDOW_WORDS)),
            ("amount_question", json!(AMOUNT_QUESTION)),
            ("no_amount", json!(NO_AMOUNT)),
            ("fieldnorms", json!(fieldnorms)),
        ]
        .map(|(key, value)| (key.to_owned(), value)),
    );
    let data = json!({
        "scoring": scoring,
        "games": games,
        "glossary": expansions.get("groups").cloned().unwrap_or_default(),
        "docs": docs,
        "not_covered": NotCoveredTable::new(corpus),
        "words": words.entries,
    });
    Ok(format!(
        "globalThis.CARCREF_INDEX = {};\n",
        serde_json::to_string(&data)?
    ))
}

/// The script `assets/czech.js`: the analyzer's tables, the very file the CLI uses without its
/// explanations (`about`, `*_about`: a phone needs the tables, not their documentation), and
/// the dictionary's lemmas for the forms where they change a term.
pub fn tables_script() -> String {
    let mut tables: serde_json::Value = serde_json::from_str(crate::czech::tables_json())
        .expect("czech.json is valid; a unit test checks it");
    without_explanations(&mut tables);
    format!(
        "globalThis.CARCREF_CZECH = {tables};\nglobalThis.CARCREF_CZECH.lemmas = {};\n",
        crate::czech::lemmas_json()
    )
}

/// Removes every `about` and `*_about` key, at any depth.
fn without_explanations(value: &mut serde_json::Value) {
    if let serde_json::Value::Object(map) = value {
        map.retain(|key, _| !(key == "about" || key.ends_with("_about")));
        map.values_mut().for_each(without_explanations);
    }
}
