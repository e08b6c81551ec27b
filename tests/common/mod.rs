//! Helpers shared by the integration tests.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Output};

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The real binary with `args`, from `cwd` (the repo when `None`), not started yet.
pub fn carcref_command(args: &[&str], cwd: Option<&Path>) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carcref"));
    command
        .args(args)
        .current_dir(cwd.map(Path::to_path_buf).unwrap_or_else(repo))
        .env("NO_COLOR", "1")
        // A game chosen in the shell running the tests must not filter their searches.
        .env_remove("CARCREF_GAME")
        // Tests never touch the user's cache.
        .env(
            "CARCREF_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache"),
        );
    command
}

/// Runs the real binary with `args`, from `cwd` (the repo when `None`).
pub fn carcref(args: &[&str], cwd: Option<&Path>) -> Output {
    carcref_command(args, cwd)
        .output()
        .expect("the carcref binary runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn code(output: &Output) -> i32 {
    output
        .status
        .code()
        .expect("exited, not killed by a signal")
}

pub fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The folder of shared documents and tools: `CARCREF_SHARED_DIR` when set (a worktree whose
/// `..` has no `shared`), otherwise `../shared` beside this checkout.
pub fn shared_root() -> PathBuf {
    match std::env::var_os("CARCREF_SHARED_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => repo().join("../shared"),
    }
}

/// Whether the tests run in CI: `CI` set to anything but empty, `0` or `false`.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.trim(), "" | "0" | "false" | "False"))
}

/// What a test that needs a file of `../shared` does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SharedNeed {
    /// The file is there: the test runs on it.
    Run(PathBuf),
    /// Missing outside CI: the test says so on stderr and checks nothing.
    Skip(String),
    /// Missing in CI: the test fails, since it would otherwise pass without checking anything.
    Fail(String),
}

/// The policy for tests that read `../shared`, as a pure decision: `path` (a file or folder
/// of the shared documents) exists, or the test is skipped visibly, or in CI it fails.
pub fn decide_shared(test: &str, path: &Path, ci: bool) -> SharedNeed {
    if path.exists() {
        return SharedNeed::Run(path.to_path_buf());
    }
    if ci {
        SharedNeed::Fail(format!(
            "{test}: {} chybí a CI je nastaveno; v CI musí být ../shared u checkoutu \
             (nebo CARCREF_SHARED_DIR), jinak by test prošel, aniž by cokoli ověřil",
            path.display()
        ))
    } else {
        SharedNeed::Skip(format!(
            "SKIPPED: {test}: {} (../shared chybí)",
            path.display()
        ))
    }
}

/// Acts on `decide_shared`: the path to use, or `None` after printing the SKIPPED line on
/// stderr (visible even when the harness captures output), or a panic in CI.
pub fn act_on_shared(need: SharedNeed) -> Option<PathBuf> {
    match need {
        SharedNeed::Run(path) => Some(path),
        SharedNeed::Skip(line) => {
            // Straight to the process's stderr, not `eprintln!`: the test harness captures
            // that and hides it for tests that pass, and a skip must stay visible.
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "{line}");
            None
        }
        SharedNeed::Fail(message) => panic!("{message}"),
    }
}

/// For a test named `test` that needs `relative` inside the shared folder (`sources`,
/// `tools/copycheck`): its path, or `None` when the test must return (skipped, said on
/// stderr); fails the test when `CI` is set and the file is missing.
pub fn require_shared(test: &str, relative: &str) -> Option<PathBuf> {
    act_on_shared(decide_shared(test, &shared_root().join(relative), in_ci()))
}

/// The shared source documents (see `require_shared`).
pub fn sources_dir(test: &str) -> Option<PathBuf> {
    require_shared(test, "sources")
}

/// Every file under `dir` with its bytes.
pub fn read_tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.insert(
                    path.strip_prefix(dir).unwrap().to_path_buf(),
                    fs::read(&path).unwrap(),
                );
            }
        }
    }
    files
}

/// A start tag's name and attributes.
pub type Tag = (String, BTreeMap<String, String>);

/// The start tags of an HTML page, by a real HTML tokenizer.
pub fn tags(html: &str) -> Vec<Tag> {
    let text = |s: &[u8]| String::from_utf8_lossy(s).into_owned();
    html5gum::Tokenizer::new(html)
        .filter_map(|token| match token {
            Ok(html5gum::Token::StartTag(tag)) => Some((
                text(&tag.name),
                tag.attributes
                    .iter()
                    .map(|(k, v)| (text(k), text(&v.value)))
                    .collect(),
            )),
            _ => None,
        })
        .collect()
}

/// `base/link` with `..` resolved, or `None` when it leaves the site.
pub fn resolve(base: &Path, link: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for component in base.join(link).components() {
        match component {
            Component::ParentDir if !out.pop() => return None,
            Component::Normal(part) => out.push(part),
            _ => {}
        }
    }
    Some(out)
}

/// Every shipped scenario's text with what `carcref check --json` prints for it (the same
/// `scenario::verdict`, computed in this process so that 150 scenarios need no 150 processes
/// of a debug build), the scenario's path left out: what the browser engine must give.
pub fn native_verdict_cases() -> Vec<serde_json::Value> {
    let corpus = carcref::content::load(&carcref::content::ContentFiles::embedded()).corpus;
    assert!(corpus.scenarios.len() > 100, "{}", corpus.scenarios.len());
    corpus
        .scenarios
        .iter()
        .map(|scenario| {
            let text = fs::read_to_string(repo().join("content").join(&scenario.path))
                .unwrap_or_else(|e| panic!("{}: {e}", scenario.path));
            let report = carcref::scenario::run(scenario, &corpus).unwrap();
            let mut verdict = carcref::scenario::verdict(scenario, &report, &corpus);
            verdict.as_object_mut().unwrap().remove("scenario");
            serde_json::json!({ "path": scenario.path, "text": text, "verdict": verdict })
        })
        .collect()
}
