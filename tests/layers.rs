//! The library's layers import one way: base (diagnostics, Czech words and the analyzer, safe
//! text, the YAML reader) → model → engine core → rules modules → scenario → content →
//! search, site, drawing → CLI and server. Read from every `crate::` path of every source
//! file (unit tests inside a file excepted), so that a new import against the flow fails
//! here, and no two files import each other, directly or round a longer loop.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Module path prefixes by layer, lowest first; the longest prefix decides.
const LAYERS: &[(&str, &[&str])] = &[
    ("base", &["diagnostic", "czech", "safe_text", "yaml"]),
    ("model", &["model"]),
    ("engine core", &["engine::core"]),
    (
        "rules modules",
        &[
            "engine",
            "engine::modules",
            "engine::rule_keys",
            "engine::simulate",
        ],
    ),
    ("scenario", &["scenario"]),
    ("content", &["content", "coverage"]),
    (
        "search, site, drawing, browser engine",
        &["search", "site", "draw", "browser"],
    ),
    ("CLI and server", &["cli", "serve"]),
];

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every Rust file under `dir` with its module path (`model::read::tiles`).
fn modules(dir: &Path, prefix: &str, out: &mut BTreeMap<String, PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let join = |name: &str| {
            if prefix.is_empty() {
                name.to_owned()
            } else {
                format!("{prefix}::{name}")
            }
        };
        if path.is_dir() {
            modules(&path, &join(&name), out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let module = match name.as_str() {
                "mod" => prefix.to_owned(),
                "lib" | "main" if prefix.is_empty() => name.clone(),
                _ => join(&name),
            };
            out.insert(module, path);
        }
    }
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .enumerate()
        .flat_map(|(layer, (_, prefixes))| prefixes.iter().map(move |p| (layer, *p)))
        .filter(|(_, p)| module == *p || module.starts_with(&format!("{p}::")))
        .max_by_key(|(_, p)| p.len())
        .map(|(layer, _)| layer)
}

/// The modules a file's own code names (the longest known prefix of each path): by
/// `crate::`, by `super::` and, in a folder's `mod.rs`, by the name of a child module.
fn imports(module: &str, text: &str, known: &BTreeMap<String, PathBuf>) -> BTreeSet<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let parent = module.rsplit_once("::").map_or("", |(p, _)| p);
    let mut roots = vec![
        ("crate::".to_owned(), String::new()),
        ("super::".to_owned(), parent.to_owned()),
        ("self::".to_owned(), module.to_owned()),
    ];
    for line in code.lines() {
        let declared = line
            .trim()
            .trim_start_matches("pub ")
            .trim_start_matches("pub(crate) ");
        if let Some(child) = declared
            .strip_prefix("mod ")
            .and_then(|r| r.strip_suffix(';'))
        {
            roots.push((format!("{child}::"), module.to_owned()));
        }
    }
    let mut out = BTreeSet::new();
    for (root, base) in &roots {
        let mut rest = code;
        while let Some(at) = rest.find(root.as_str()) {
            let before = rest[..at].chars().next_back();
            rest = &rest[at + root.len()..];
            // `a::crate::` or `xsuper::` are not roots.
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let child = if root.starts_with("crate")
                || root.starts_with("super")
                || root.starts_with("self")
            {
                String::new()
            } else {
                root.trim_end_matches("::").to_owned()
            };
            for path in paths_at(rest) {
                let segments: Vec<&str> = [base.as_str(), child.as_str(), path.as_str()]
                    .into_iter()
                    .flat_map(|s| s.split("::"))
                    .filter(|s| !s.is_empty())
                    .collect();
                let longest = (1..=segments.len())
                    .rev()
                    .map(|n| segments[..n].join("::"))
                    .find(|m| known.contains_key(m));
                if let Some(target) = longest {
                    out.insert(target);
                }
            }
        }
    }
    out
}

/// The paths written right after a root: `a::b` or each item of a group, `{a, b::c}`.
fn paths_at(rest: &str) -> Vec<String> {
    let path_char = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    let path: String = rest.chars().take_while(|c| path_char(*c)).collect();
    let after = &rest[path.len()..];
    let Some(group) = after.strip_prefix('{') else {
        return vec![path];
    };
    let inner = &group[..group.find('}').unwrap_or(group.len())];
    inner
        .split(',')
        .map(|item| {
            let item: String = item.trim().chars().take_while(|c| path_char(*c)).collect();
            format!("{path}{item}")
        })
        .collect()
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut known = BTreeMap::new();
    modules(&src(), "", &mut known);
    known
        .iter()
        .filter(|(module, _)| !matches!(module.as_str(), "lib" | "main"))
        .map(|(module, path)| {
            let text = fs::read_to_string(path).unwrap();
            let mut uses = imports(module, &text, &known);
            uses.remove(module);
            (module.clone(), uses)
        })
        .collect()
}

#[test]
fn every_module_belongs_to_a_layer() {
    let graph = graph();
    assert!(graph.len() > 60, "{} modules", graph.len());
    let unplaced: Vec<&String> = graph.keys().filter(|m| layer_of(m).is_none()).collect();
    assert!(
        unplaced.is_empty(),
        "modules outside every layer: {unplaced:?}"
    );
}

#[test]
fn imports_run_one_way_down_the_layers() {
    let mut against = Vec::new();
    for (module, uses) in graph() {
        let Some(own) = layer_of(&module) else {
            continue;
        };
        for target in uses {
            if let Some(layer) = layer_of(&target) {
                if layer > own {
                    against.push(format!(
                        "{module} ({}) imports {target} ({})",
                        LAYERS[own].0, LAYERS[layer].0
                    ));
                }
            }
        }
    }
    assert!(
        against.is_empty(),
        "imports against the flow:\n{}",
        against.join("\n")
    );
}

#[test]
fn no_files_import_each_other_round_a_loop() {
    let graph = graph();
    // A facade (`mod.rs` of a folder) names its own files to re-export them; only a file's
    // imports of modules outside its own folder's facade count as its dependencies there.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        loops: &mut Vec<String>,
    ) {
        if done.contains(node) {
            return;
        }
        if let Some(start) = path.iter().position(|n| n == node) {
            loops.push(format!("{} -> {node}", path[start..].join(" -> ")));
            return;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            visit(next, graph, path, done, loops);
        }
        path.pop();
        done.insert(node.to_owned());
    }
    let mut loops = Vec::new();
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        visit(node, &graph, &mut Vec::new(), &mut done, &mut loops);
    }
    assert!(loops.is_empty(), "import loops:\n{}", loops.join("\n"));
}

/// Folder layers whose `mod.rs` is a facade: its submodules are private and it re-exports
/// (`pub use`) what the layer offers (issue 22). One line a layer.
#[rustfmt::skip]
const FACADES: &[&str] = &[
    "cli",
    "content",
    "czech",
    "engine",
    "model",
    "scenario",
    "search",
    "serve",
    "site",
];

/// The submodules a `mod.rs` declares public (`pub mod x;`, `pub(crate) mod y;`), tests aside.
fn public_submodules(text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("pub")?;
            let rest = match rest.strip_prefix('(') {
                Some(scoped) => &scoped[scoped.find(')')? + 1..],
                None => rest,
            };
            let name = rest.trim_start().strip_prefix("mod ")?;
            Some(name.trim_end_matches([';', '{', ' ']).to_owned())
        })
        .collect()
}

#[test]
fn facades_keep_their_submodules_private() {
    let mut known = BTreeMap::new();
    modules(&src(), "", &mut known);
    let mut public = Vec::new();
    for layer in FACADES {
        let facades: Vec<_> = known
            .iter()
            .filter(|(module, path)| {
                (module.as_str() == *layer || module.starts_with(&format!("{layer}::")))
                    && path.file_name().is_some_and(|f| f == "mod.rs")
            })
            .collect();
        assert!(!facades.is_empty(), "{layer} has no mod.rs");
        for (module, path) in facades {
            for child in public_submodules(&fs::read_to_string(path).unwrap()) {
                public.push(format!("{module}::{child}"));
            }
        }
    }
    assert!(
        public.is_empty(),
        "public submodules behind a facade (make them private and `pub use` what other layers need): {public:?}"
    );
    assert_eq!(
        public_submodules(
            "mod a;\npub mod b;\npub(crate) mod c {\n}\npub use a::X;\n#[cfg(test)]\npub mod d;"
        ),
        ["b", "c"]
    );
}

#[test]
fn the_checks_see_an_import_against_the_flow() {
    let mut known = BTreeMap::new();
    modules(&src(), "", &mut known);
    let uses = imports(
        "model::geometry",
        "use crate::search::SearchIndex;\nfn f() { crate::model::read::count(); }\nuse super::tiles::Center;\n#[cfg(test)]\nuse crate::cli::x;",
        &known,
    );
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(uses, names(&["search", "model::read", "model::tiles"]));
    // In a folder's facade: its children by name, `super` is the folder's parent.
    let uses = imports(
        "engine::core",
        "pub mod board;\npub use board::Board;\nuse super::{rule_keys::X, simulate};",
        &known,
    );
    assert_eq!(
        uses,
        names(&[
            "engine::core::board",
            "engine::rule_keys",
            "engine::simulate"
        ])
    );
    assert!(layer_of("search").unwrap() > layer_of("model::read").unwrap());
    assert_eq!(layer_of("engine::core::board"), Some(2));
    assert_eq!(layer_of("engine::modules::gifts"), Some(3));
}

/// A function a reader can hold: none outside tests runs over `LONGEST_FUNCTION` lines
/// (issue 22). A function ends at the first `}` at its own indentation; a file's tests
/// start at its `mod tests`.
const LONGEST_FUNCTION: usize = 120;

/// Each function outside tests with its length in lines: (length, file, name).
fn function_lengths(path: &Path, text: &str) -> Vec<(usize, String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let tests = lines
        .iter()
        .position(|l| l.trim_start().starts_with("mod tests"))
        .unwrap_or(lines.len());
    let mut out = Vec::new();
    for (start, line) in lines[..tests].iter().enumerate() {
        let code = line.trim_start();
        let indent = &line[..line.len() - code.len()];
        let signature = code
            .strip_prefix("pub(crate) ")
            .or_else(|| code.strip_prefix("pub "))
            .unwrap_or(code);
        // A declaration or a one-line body has no closing line of its own.
        let Some(rest) = signature.strip_prefix("fn ") else {
            continue;
        };
        if code.ends_with('}') || code.ends_with(';') {
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let closing = format!("{indent}}}");
        if let Some(end) = lines[start + 1..].iter().position(|l| *l == closing) {
            out.push((end + 2, path.display().to_string(), name));
        }
    }
    out
}

#[test]
fn no_function_outside_tests_is_longer_than_a_reader_can_hold() {
    let mut files = BTreeMap::new();
    modules(&src(), "", &mut files);
    let long: Vec<_> = files
        .values()
        .flat_map(|path| function_lengths(path, &fs::read_to_string(path).unwrap()))
        .filter(|(length, _, _)| *length > LONGEST_FUNCTION)
        .collect();
    assert!(
        long.is_empty(),
        "longer than {LONGEST_FUNCTION} lines: {long:?}"
    );
}

#[test]
fn the_length_check_sees_a_long_function() {
    let body = "    let x = 1;\n".repeat(LONGEST_FUNCTION);
    let text = format!("pub fn long() {{\n{body}}}\n\nfn short() {{}}\n\nmod tests {{\n    fn t() {{\n{body}    }}\n}}\n");
    let lengths = function_lengths(Path::new("x.rs"), &text);
    assert_eq!(lengths.len(), 1, "{lengths:?}");
    assert_eq!(lengths[0].0, LONGEST_FUNCTION + 2);
    assert_eq!(lengths[0].2, "long");
}
