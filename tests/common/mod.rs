//! Helpers shared by the integration tests.
#![allow(dead_code)] // each test crate uses a different subset

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

/// The shared source documents, when this checkout has them beside it (developers and CI do).
pub fn sources_dir() -> Option<PathBuf> {
    let dir = repo().join("../shared/sources");
    dir.is_dir().then_some(dir)
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
