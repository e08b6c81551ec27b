//! The engine's layout stays readable: the core (src/engine/core) imports no rule module,
//! simulator or rule-key table, and its files import each other without a cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::PathBuf;

fn core_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/engine/core")
}

/// Each core file and the core siblings it imports (`super::x`).
fn core_imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    for entry in fs::read_dir(core_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "mod" {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        // Unit tests inside a file may use anything; only the file's own code counts.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let mut uses = BTreeSet::new();
        for piece in code.split("super::").skip(1) {
            let sibling: String = piece
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !sibling.is_empty() && sibling != name {
                uses.insert(sibling);
            }
        }
        graph.insert(name, uses);
    }
    graph
}

#[test]
fn the_core_imports_no_rule_module() {
    for entry in fs::read_dir(core_dir()).unwrap() {
        let path = entry.unwrap().path();
        let text = fs::read_to_string(&path).unwrap();
        for foreign in ["engine::modules", "engine::simulate", "engine::rule_keys"] {
            assert!(
                !text.contains(foreign),
                "{} imports {foreign}",
                path.display()
            );
        }
    }
}

#[test]
fn core_files_import_each_other_without_a_cycle() {
    let graph = core_imports();
    assert!(graph.len() >= 5, "{graph:?}");
    // Depth-first search for a back edge.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if done.contains(node) {
            return;
        }
        if let Some(start) = path.iter().position(|n| n == node) {
            panic!("import cycle: {} -> {node}", path[start..].join(" -> "));
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            visit(next, graph, path, done);
        }
        path.pop();
        done.insert(node.to_owned());
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        visit(node, &graph, &mut Vec::new(), &mut done);
    }
}
