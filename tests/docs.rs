//! Docs that run: every ```yaml block of SCENARIOS.md and CONTENT.md is a complete file that
//! `carcref` accepts and that does what the text around it says, and every key the loaders
//! accept is documented.
//!
//! Info strings of the blocks:
//! - ```` ```yaml scenario ```` – a whole scenario; `carcref check` ends with 0 (every
//!   expectation holds); ```` ```yaml scenario exit=1 ```` – the block shows a failed
//!   expectation or a refused move the scenario does not declare.
//! - ```` ```yaml content=PATH ```` – the whole content of a file at `PATH` in a copy of
//!   `tests/content/valid-minimal`; a file the tree already has (a list: `glossary.yaml`,
//!   `games.yaml`…) gets the block appended. `carcref --content DIR validate` must pass.
//! - ```` ```yaml content=rule-keys.yaml tree=content ```` – the same in a copy of the
//!   shipped `content/`; a rule-keys entry replaces the shipped entry of the same key.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{carcref, code, copy_tree, repo, stderr, stdout};

const DOCS: &[&str] = &["SCENARIOS.md", "CONTENT.md"];

#[derive(Debug)]
struct Block {
    doc: &'static str,
    line: usize,
    info: String,
    text: String,
}

/// Every fenced block whose info string starts with `yaml`.
fn yaml_blocks(doc: &'static str) -> Vec<Block> {
    let source = fs::read_to_string(repo().join(doc)).unwrap();
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in source.lines().enumerate() {
        match open.as_mut() {
            None => {
                if let Some(info) = line.strip_prefix("```yaml") {
                    open = Some(Block {
                        doc,
                        line: i + 1,
                        info: info.trim().to_string(),
                        text: String::new(),
                    });
                }
            }
            Some(block) => {
                if line.trim_start().starts_with("```") {
                    blocks.push(open.take().unwrap());
                } else {
                    block.text.push_str(line);
                    block.text.push('\n');
                }
            }
        }
    }
    assert!(open.is_none(), "{doc}: a ```yaml block is never closed");
    blocks
}

fn option<'a>(info: &'a str, name: &str) -> Option<&'a str> {
    info.split_whitespace()
        .find_map(|word| word.strip_prefix(name)?.strip_prefix('='))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("docs")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs one block; `Err` says what went wrong.
fn run(block: &Block, index: usize) -> Result<(), String> {
    let kind = block.info.split_whitespace().next().unwrap_or("");
    match kind {
        "scenario" => {
            let expected: i32 = option(&block.info, "exit").map_or(0, |e| e.parse().unwrap());
            let dir = temp_dir(&format!("scenario-{index}"));
            let file = dir.join("priklad.yaml");
            fs::write(&file, &block.text).unwrap();
            let out = carcref(&["check", file.to_str().unwrap()], None);
            let (out_text, err_text) = (stdout(&out), stderr(&out));
            if code(&out) != expected {
                return Err(format!(
                    "`carcref check` ended with {} instead of {expected}\n{out_text}{err_text}",
                    code(&out)
                ));
            }
            if expected == 0 && !out_text.contains("Verdikt: platí") {
                return Err(format!("not every expectation holds\n{out_text}"));
            }
            if expected == 1 && !out_text.contains("Verdikt: neplatí") {
                return Err(format!("no failed expectation reported\n{out_text}"));
            }
            Ok(())
        }
        info if info.starts_with("content=") => {
            let path = option(&block.info, "content").unwrap();
            let dir = temp_dir(&format!("content-{index}"));
            let base = match option(&block.info, "tree") {
                Some("content") => repo().join("content"),
                Some(other) => return Err(format!("unknown tree `{other}`")),
                None => repo().join("tests/content/valid-minimal"),
            };
            copy_tree(&base, &dir);
            let target = dir.join(path);
            fs::create_dir_all(target.parent().unwrap()).unwrap();
            let mut text = fs::read_to_string(&target).unwrap_or_default();
            if path == "rule-keys.yaml" {
                // The block's entries replace the shipped ones of the same keys.
                let keys: Vec<String> = block
                    .text
                    .lines()
                    .filter_map(|l| l.split("key: ").nth(1))
                    .filter_map(|rest| rest.split([',', '}']).next())
                    .map(|k| format!("key: {k},"))
                    .collect();
                text = text
                    .lines()
                    .filter(|l| !keys.iter().any(|k| l.contains(k.as_str())))
                    .map(|l| format!("{l}\n"))
                    .collect();
            }
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&block.text);
            fs::write(&target, text).unwrap();
            let out = carcref(&["--content", dir.to_str().unwrap(), "validate"], None);
            if code(&out) != 0 {
                return Err(format!(
                    "`carcref validate` ended with {}\n{}{}",
                    code(&out),
                    stdout(&out),
                    stderr(&out)
                ));
            }
            Ok(())
        }
        _ => Err(format!(
            "the block says neither `scenario` nor `content=PATH` (info string `yaml {}`)",
            block.info
        )),
    }
}

#[test]
fn every_yaml_example_in_the_docs_runs_as_the_text_says() {
    let mut failures = Vec::new();
    let mut count = 0;
    for doc in DOCS {
        for block in yaml_blocks(doc) {
            count += 1;
            if let Err(why) = run(&block, count) {
                failures.push(format!("{}:{}: {why}", block.doc, block.line));
            }
        }
    }
    assert!(count > 10, "only {count} yaml blocks found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The quoted strings of the `&[…]` list that starts at `from`.
fn quoted_list(source: &str, from: usize) -> Vec<String> {
    let end = from + source[from..].find(']').unwrap();
    source[from..end]
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Keys in a loader's source: every `…_FIELDS: &[&str] = &[…]` constant and every literal
/// list of keys given to `Fields::new`.
fn accepted_keys(file: &Path) -> Vec<String> {
    let source = fs::read_to_string(file).unwrap();
    let mut keys = Vec::new();
    for (at, _) in source.match_indices("_FIELDS: &[&str] = &[") {
        keys.extend(quoted_list(&source, at + "_FIELDS: &[&str] = ".len()));
    }
    for (at, _) in source.match_indices("Fields::new(") {
        let call = &source[at..];
        let close = call.find(';').unwrap_or(call.len());
        if let Some(list) = call[..close].find("&[\"") {
            keys.extend(quoted_list(&source, at + list));
        }
    }
    keys
}

/// Whether `doc` names `key` as `` `key` `` in its text or tables (a key that only appears
/// inside an example is not explained).
fn documented(doc: &str, key: &str) -> bool {
    doc.contains(&format!("`{key}`"))
}

fn undocumented(doc: &str, keys: &[String]) -> Vec<String> {
    let text = fs::read_to_string(repo().join(doc)).unwrap();
    let mut missing: Vec<String> = keys
        .iter()
        .filter(|k| !documented(&text, k))
        .cloned()
        .collect();
    missing.sort();
    missing.dedup();
    missing
}

#[test]
fn every_scenario_key_is_documented() {
    let mut keys = Vec::new();
    for file in ["src/scenario/read.rs", "src/scenario/run.rs"] {
        keys.extend(accepted_keys(&repo().join(file)));
    }
    // An inline tile in a scenario takes the catalog's fields.
    let tiles = fs::read_to_string(repo().join("src/model/read/tiles.rs")).unwrap();
    let inline = tiles.find("INLINE_TILE_FIELDS: &[&str] = &[").unwrap();
    keys.extend(quoted_list(
        &tiles,
        inline + "INLINE_TILE_FIELDS: &[&str] = ".len(),
    ));
    for entry in fs::read_dir(repo().join("src/engine/modules")).unwrap() {
        keys.extend(accepted_keys(&entry.unwrap().path()));
    }
    for vocabulary in carcref::engine::REGISTRY {
        for keys_in in [
            vocabulary.setup,
            vocabulary.board,
            vocabulary.meeple,
            vocabulary.step,
            vocabulary.expect,
        ] {
            keys.extend(keys_in.iter().map(|k| k.to_string()));
        }
    }
    for known in [
        "title", "steps", "expect", "rejected", "meeples", "card", "waiting",
    ] {
        assert!(
            keys.iter().any(|k| k == known),
            "the key lists were not found in the sources (no `{known}`)"
        );
    }
    let missing = undocumented("SCENARIOS.md", &keys);
    assert!(
        missing.is_empty(),
        "keys the scenario loader accepts that SCENARIOS.md never names: {missing:?}"
    );
}

#[test]
fn every_content_field_is_documented() {
    let mut keys = Vec::new();
    for file in ["src/content/load.rs", "src/model/read/tiles.rs"] {
        keys.extend(accepted_keys(&repo().join(file)));
    }
    for known in [
        "id",
        "phrasings",
        "term",
        "preferred",
        "key",
        "edges",
        "set",
    ] {
        assert!(
            keys.iter().any(|k| k == known),
            "the field lists were not found in the sources (no `{known}`)"
        );
    }
    let missing = undocumented("CONTENT.md", &keys);
    assert!(
        missing.is_empty(),
        "fields the content loader accepts that CONTENT.md never names: {missing:?}"
    );
}
