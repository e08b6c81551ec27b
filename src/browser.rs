//! The engine as a page runs it (`assets/engine.js`, this library compiled to WebAssembly
//! with the default features off): the site build hands it the corpus's engine part once,
//! then each scenario text gives what `carcref serve`'s `/api/check` answers, the verdict of
//! `carcref check --json` with the boards, or the located problems. The server answers
//! through this module too, so the two cannot drift apart.

use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::{Corpus, Game, RuleKeyRef, RuleSection, Ruling, TileSet};

/// The name a scenario checked from a page goes by in its verdict and errors.
pub(crate) const SCENARIO_NAME: &str = "situace.yaml";

/// The largest scenario text a check reads, as for a content file.
const MAX_SCENARIO_BYTES: usize = 1024 * 1024;

/// The part of the corpus the engine reads: the games, the rule sections and rulings it cites
/// (their texts left out, the site shows them), the tile catalogs and the rule keys.
#[derive(Serialize, Deserialize)]
pub struct EngineData {
    games: Vec<Game>,
    sections: Vec<RuleSection>,
    rulings: Vec<Ruling>,
    tile_sets: Vec<TileSet>,
    rule_keys: Vec<RuleKeyRef>,
}

impl EngineData {
    pub fn of(corpus: &Corpus) -> Self {
        let sections = corpus
            .sections
            .iter()
            .map(|s| RuleSection {
                body: String::new(),
                ..s.clone()
            })
            .collect();
        let rulings = corpus
            .rulings
            .iter()
            .map(|r| Ruling {
                phrasings: Vec::new(),
                answer_short: String::new(),
                answer: String::new(),
                tags: Vec::new(),
                coverage: None,
                ..r.clone()
            })
            .collect();
        EngineData {
            games: corpus.games.clone(),
            sections,
            rulings,
            tile_sets: corpus.tile_sets.clone(),
            rule_keys: corpus.rule_keys.clone(),
        }
    }

    pub fn into_corpus(self) -> Corpus {
        Corpus {
            games: self.games,
            sections: self.sections,
            rulings: self.rulings,
            tile_sets: self.tile_sets,
            rule_keys: self.rule_keys,
            ..Corpus::default()
        }
    }
}

/// What checking (or reading) a scenario gives: the verdict with its boards (or the plain
/// document), or what stops it, each problem with its line and column.
pub enum Checked {
    Verdict(serde_json::Value),
    Problems(Vec<Diagnostic>),
}

impl Checked {
    /// The verdict as is; problems as `{"errors": [{"line", "column", "message"}]}`.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Checked::Verdict(verdict) => verdict.clone(),
            Checked::Problems(problems) => serde_json::json!({
                "errors": problems
                    .iter()
                    .map(|d| serde_json::json!({
                        "line": d.location.line,
                        "column": d.location.column,
                        "message": d.message,
                    }))
                    .collect::<Vec<_>>(),
            }),
        }
    }
}

/// Reads and plays the scenario `text` against `corpus`.
pub fn check(corpus: &Corpus, text: &str) -> Checked {
    check_cancellable(corpus, text, &AtomicBool::new(false))
}

/// Like [`check`], but stops between two tiles or steps, and before drawing, once `cancel`
/// is set: a server stops a check nobody waits for any more.
pub fn check_cancellable(corpus: &Corpus, text: &str, cancel: &AtomicBool) -> Checked {
    if let Some(refused) = too_large(text) {
        return refused;
    }
    let mut diags = Diagnostics::default();
    let read =
        crate::scenario::load_scenario(SCENARIO_NAME, SCENARIO_NAME, text, corpus, &mut diags);
    let scenario = match read {
        Some(scenario) if diags.is_empty() => scenario,
        _ if diags.is_empty() => return problem("scénář nelze načíst".into()),
        _ => return Checked::Problems(diags.into_sorted()),
    };
    let report = match crate::scenario::run_cancellable(&scenario, corpus, cancel) {
        Ok(report) => report,
        Err(diagnostic) => return Checked::Problems(vec![diagnostic]),
    };
    if cancel.load(Ordering::Relaxed) {
        return problem(crate::scenario::CANCELLED.into());
    }
    let mut verdict = crate::scenario::verdict(&scenario, &report, corpus);
    let (before, after) = crate::draw::boards(&scenario, corpus, &report.game);
    if let Some(fields) = verdict.as_object_mut() {
        fields.insert(
            "svg".into(),
            serde_json::json!({ "before": before.map(|b| b.svg), "after": after.svg }),
        );
    }
    Checked::Verdict(verdict)
}

/// The scenario `text` as plain JSON, for the situation builder to lay out: mappings as
/// objects, lists as arrays, unquoted whole numbers, `true`/`false` and `null`/`~`/nothing as
/// such, everything else (quoted scalars too) a string. Read by the same YAML reader as every
/// scenario, so the page accepts exactly the syntax the CLI does; what it means is the
/// builder's business.
///
/// `tiles` holds each tile the scenario draws itself, by where it stands (`board/2`,
/// `steps/0`), as the builder shows a catalog tile.
pub fn read(corpus: &Corpus, text: &str) -> Checked {
    if let Some(refused) = too_large(text) {
        return refused;
    }
    let mut diags = Diagnostics::default();
    match crate::yaml::parse(SCENARIO_NAME, text, 0, false, &mut diags) {
        Some(node) if diags.is_empty() => {
            let source: Vec<char> = text.chars().collect();
            Checked::Verdict(serde_json::json!({
                "doc": plain(&node, &source),
                "tiles": inline_tiles(corpus, &node),
            }))
        }
        _ if diags.is_empty() => problem("scénář nelze načíst".into()),
        _ => Checked::Problems(diags.into_sorted()),
    }
}

/// The builder's view of each tile drawn inside the scenario; one that does not read is left
/// out (checking the scenario names its problem).
fn inline_tiles(
    corpus: &Corpus,
    doc: &marked_yaml::Node,
) -> serde_json::Map<String, serde_json::Value> {
    use marked_yaml::Node;
    let mut tiles = serde_json::Map::new();
    let Node::Mapping(doc) = doc else {
        return tiles;
    };
    for (list, key) in [("board", "tile"), ("steps", "place")] {
        let Some(Node::Sequence(items)) = doc.get_node(list) else {
            continue;
        };
        for (i, item) in items.iter().enumerate() {
            let Some(Node::Mapping(map)) = item.as_mapping().and_then(|m| m.get_node(key)) else {
                continue;
            };
            let mut diags = Diagnostics::default();
            let Some(spec) = crate::model::inline_tile(SCENARIO_NAME, map, corpus, &mut diags)
            else {
                continue;
            };
            let name = format!("kartička ze scénáře: {}", spec.contents_cs());
            let spec = crate::model::TileSpec {
                name: Some(name),
                ..spec
            };
            let data = crate::draw::tile_data(&spec, "");
            if let Ok(value) = serde_json::to_value(data) {
                tiles.insert(format!("{list}/{i}"), value);
            }
        }
    }
    tiles
}

fn plain(node: &marked_yaml::Node, source: &[char]) -> serde_json::Value {
    use marked_yaml::Node;
    match node {
        Node::Mapping(map) => serde_json::Value::Object(
            map.iter()
                .map(|(key, value)| (key.as_str().to_owned(), plain(value, source)))
                .collect(),
        ),
        Node::Sequence(items) => items.iter().map(|item| plain(item, source)).collect(),
        Node::Scalar(scalar) => {
            // The reader keeps no quoting style; the character the scalar starts at tells.
            let quoted = scalar
                .span()
                .start()
                .and_then(|start| source.get(start.character()))
                .is_some_and(|c| matches!(c, '"' | '\''));
            match scalar.as_str() {
                text if quoted => text.into(),
                "" | "~" | "null" => serde_json::Value::Null,
                "true" => true.into(),
                "false" => false.into(),
                text => text
                    .parse::<i64>()
                    .map_or_else(|_| text.into(), serde_json::Value::from),
            }
        }
    }
}

/// A scenario larger than a content file may be is refused before it is read.
fn too_large(text: &str) -> Option<Checked> {
    (text.len() > MAX_SCENARIO_BYTES).then(|| {
        problem(format!(
            "scénář je příliš velký ({} bajtů, nejvýše {MAX_SCENARIO_BYTES} bajtů)",
            text.len()
        ))
    })
}

fn problem(message: String) -> Checked {
    Checked::Problems(vec![Diagnostic::new(
        crate::diagnostic::Location::file_start(SCENARIO_NAME),
        message,
    )])
}

/// The WebAssembly module's interface, strings in and JSON out: the page writes UTF-8 into
/// the buffer `carcref_input(len)` returns, calls `carcref_init` (the engine data),
/// `carcref_check` or `carcref_read` (a scenario), and reads the answer at `carcref_output()`,
/// `carcref_output_len()` bytes long.
#[cfg(target_arch = "wasm32")]
mod abi {
    use std::sync::Mutex;

    use crate::model::Corpus;

    static INPUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());
    static OUTPUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());
    static CORPUS: Mutex<Option<Corpus>> = Mutex::new(None);

    #[no_mangle]
    pub extern "C" fn carcref_input(len: usize) -> *mut u8 {
        let mut input = INPUT.lock().unwrap_or_else(|e| e.into_inner());
        input.clear();
        input.resize(len, 0);
        input.as_mut_ptr()
    }

    #[no_mangle]
    pub extern "C" fn carcref_output() -> *const u8 {
        OUTPUT.lock().unwrap_or_else(|e| e.into_inner()).as_ptr()
    }

    #[no_mangle]
    pub extern "C" fn carcref_output_len() -> usize {
        OUTPUT.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Takes the engine data; 0 when it is read, 1 with the reason as the output.
    #[no_mangle]
    pub extern "C" fn carcref_init() -> u32 {
        let parsed = with_input(|text| {
            serde_json::from_str::<super::EngineData>(text).map_err(|e| e.to_string())
        });
        match parsed {
            Ok(data) => {
                *CORPUS.lock().unwrap_or_else(|e| e.into_inner()) = Some(data.into_corpus());
                answer(String::new());
                0
            }
            Err(reason) => {
                answer(reason);
                1
            }
        }
    }

    /// Checks a scenario; the output is the JSON of `super::check`. 1 before `carcref_init`.
    #[no_mangle]
    pub extern "C" fn carcref_check() -> u32 {
        let corpus = CORPUS.lock().unwrap_or_else(|e| e.into_inner());
        let Some(corpus) = corpus.as_ref() else {
            answer("engine nemá data: nejdřív carcref_init".into());
            return 1;
        };
        let checked = with_input(|text| Ok(super::check(corpus, text)));
        let json = match checked {
            Ok(checked) => checked.to_json(),
            Err(reason) => super::problem(reason).to_json(),
        };
        answer(json.to_string());
        0
    }

    /// Reads a scenario as plain JSON (`super::read`): `{"doc": …}` or `{"errors": […]}`.
    #[no_mangle]
    pub extern "C" fn carcref_read() -> u32 {
        let corpus = CORPUS.lock().unwrap_or_else(|e| e.into_inner());
        let empty = Corpus::default();
        let corpus = corpus.as_ref().unwrap_or(&empty);
        let json = match with_input(|text| Ok(super::read(corpus, text))) {
            Ok(read) => read.to_json(),
            Err(reason) => super::problem(reason).to_json(),
        };
        answer(json.to_string());
        0
    }

    fn with_input<T>(read: impl FnOnce(&str) -> Result<T, String>) -> Result<T, String> {
        let input = INPUT.lock().unwrap_or_else(|e| e.into_inner());
        match std::str::from_utf8(&input) {
            Ok(text) => read(text),
            Err(_) => Err("vstup není platný text v UTF-8".into()),
        }
    }

    fn answer(text: String) {
        *OUTPUT.lock().unwrap_or_else(|e| e.into_inner()) = text.into_bytes();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The read document, without the (here empty) inline tiles.
    fn read_json(text: &str) -> serde_json::Value {
        let mut json = read(&Corpus::default(), text).to_json();
        if let Some(fields) = json.as_object_mut() {
            assert!(fields
                .remove("tiles")
                .is_none_or(|t| t == serde_json::json!({})));
        }
        json
    }

    #[test]
    fn read_gives_the_builder_each_tile_a_scenario_draws_by_where_it_lies() {
        let text = "board:\n  - tile: zh-start\n  - tile: {edges: [C, F, F, F], cities: [{sides: [N]}], fields: [{ports: [E, S, W], borders: [0]}]}\nsteps:\n  - place: {edges: [F, F, F, F], fields: [{ports: [N, E, S, W]}], center: monastery}\n";
        let json = read(&Corpus::default(), text).to_json();
        let tiles = json["tiles"].as_object().unwrap();
        assert_eq!(tiles.keys().collect::<Vec<_>>(), ["board/1", "steps/0"]);
        assert_eq!(
            tiles["board/1"]["edges"],
            serde_json::json!(["C", "F", "F", "F"])
        );
        assert_eq!(tiles["board/1"]["name"], "kartička ze scénáře: město");
        assert_eq!(tiles["board/1"]["ports"]["N"], "N");
        assert_eq!(tiles["steps/0"]["spots"][0]["on"], "center");
    }

    #[test]
    fn read_gives_plain_json_with_unquoted_numbers_and_quoted_strings() {
        assert_eq!(
            read_json("a: 1\nb: \"2\"\nc: [x, ~, -3, true]\nd: {e: 'f'}\ng:\n"),
            serde_json::json!({"doc": {
                "a": 1, "b": "2", "c": ["x", null, -3, true], "d": {"e": "f"}, "g": null
            }})
        );
    }

    #[test]
    fn read_names_the_line_and_column_of_broken_yaml() {
        let json = read_json("title: x\nplayers: [red, blue\n");
        let first = &json["errors"][0];
        assert_eq!(first["line"], 3, "{json}");
        assert!(
            first["message"].as_str().unwrap().contains("YAML"),
            "{json}"
        );
    }

    #[test]
    fn the_engine_data_round_trip_keeps_what_a_verdict_cites() {
        let corpus = Corpus::default();
        let text = serde_json::to_string(&EngineData::of(&corpus)).unwrap();
        let back: EngineData = serde_json::from_str(&text).unwrap();
        assert_eq!(back.into_corpus().sections.len(), corpus.sections.len());
    }
}
