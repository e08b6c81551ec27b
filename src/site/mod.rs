//! `carcref build`: the static site. Every page is rendered in memory first (`render`), the
//! scenarios are played on the way (a failing one stops the build unless allowed), and only
//! then is the output written, into a temporary folder beside the target that replaces the
//! old output in one rename (`write_atomic`). Output is deterministic: no timestamps, and
//! every listing follows the corpus order or a sorted map.

pub mod markdown;
mod pages;
pub mod scenarios;
pub mod search;

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use crate::model::Corpus;

/// A file written into every build, so that a later build knows the folder is ours to replace.
pub const MARKER: &str = ".carcref-site";

#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Build even when scenarios fail; their rulings show "Neověřeno".
    pub allow_failing: bool,
}

/// The whole site: path relative to the output folder → contents.
pub type Site = BTreeMap<String, Vec<u8>>;

#[derive(Debug)]
pub enum BuildError {
    /// Scenarios that did not pass (their paths and why); the exit code is 1.
    Failing(Vec<String>),
    /// A template could not be rendered (a bug in the templates).
    Template(String),
    /// The output could not be written; the exit code is 2.
    Output(String),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Failing(list) => {
                writeln!(f, "scénáře, které neprošly ověřením ({}):", list.len())?;
                for item in list {
                    writeln!(f, "  {item}")?;
                }
                write!(
                    f,
                    "web nebyl sestaven; `--allow-failing` ho sestaví a jejich výklady označí „Neověřeno“"
                )
            }
            BuildError::Template(message) => write!(f, "chyba šablony: {message}"),
            BuildError::Output(message) => write!(f, "výstup nelze zapsat: {message}"),
        }
    }
}

impl std::error::Error for BuildError {}

#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub pages: usize,
    pub files: usize,
    pub scenarios_passed: usize,
    /// Scenarios that failed (only when failing ones were allowed).
    pub scenarios_failed: Vec<String>,
}

/// Renders the site in memory, playing every scenario.
pub fn render(corpus: &Corpus, options: &BuildOptions) -> Result<(Site, Summary), BuildError> {
    let played: Vec<scenarios::Played> = corpus
        .scenarios
        .iter()
        .zip(scenarios::page_names(
            corpus.scenarios.iter().map(|s| s.path.as_str()),
        ))
        .map(|(s, slug)| scenarios::play(s, corpus, slug))
        .collect();
    let failing: Vec<String> = corpus
        .scenarios
        .iter()
        .zip(&played)
        .filter(|(_, p)| !p.passed)
        .map(|(s, p)| {
            let why = match &p.error {
                Some(error) => error.clone(),
                None => p
                    .expectations
                    .iter()
                    .filter(|e| !e.held)
                    .map(|e| format!("{} (skutečnost: {})", e.what, e.actual))
                    .collect::<Vec<_>>()
                    .join("; "),
            };
            format!("{}: {why}", s.path)
        })
        .collect();
    if !failing.is_empty() && !options.allow_failing {
        return Err(BuildError::Failing(failing));
    }
    let site = pages::render_all(corpus, &played)?;
    let summary = Summary {
        pages: site.keys().filter(|p| p.ends_with(".html")).count(),
        files: site.len(),
        scenarios_passed: played.iter().filter(|p| p.passed).count(),
        scenarios_failed: failing,
    };
    Ok((site, summary))
}

/// Renders and writes the site to `out`, replacing a previous build only when all went well.
pub fn build(corpus: &Corpus, out: &Path, options: &BuildOptions) -> Result<Summary, BuildError> {
    let (site, summary) = render(corpus, options)?;
    write_atomic(out, &site)?;
    Ok(summary)
}

fn io_error(path: &Path, error: std::io::Error) -> BuildError {
    BuildError::Output(format!("{}: {error}", path.display()))
}

/// Writes the site into `.<name>.tmp` beside `out`, then swaps it in with renames. A failure
/// before the swap leaves the old output as it was. An existing `out` is replaced only when
/// it is empty or an earlier build (it holds `MARKER`), never some other folder.
pub fn write_atomic(out: &Path, site: &Site) -> Result<(), BuildError> {
    let name = out
        .file_name()
        .ok_or_else(|| BuildError::Output(format!("{}: není název složky", out.display())))?
        .to_string_lossy()
        .into_owned();
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if out.exists() {
        let ours = out.join(MARKER).is_file()
            || fs::read_dir(out).is_ok_and(|mut entries| entries.next().is_none());
        if !ours {
            return Err(BuildError::Output(format!(
                "{} už existuje a není to web sestavený carcref (chybí {MARKER}); zvolte jinou složku",
                out.display()
            )));
        }
    }
    fs::create_dir_all(&parent).map_err(|e| io_error(&parent, e))?;
    let temp = parent.join(format!(".{name}.tmp"));
    let old = parent.join(format!(".{name}.old"));
    for leftover in [&temp, &old] {
        if leftover.exists() {
            fs::remove_dir_all(leftover).map_err(|e| io_error(leftover, e))?;
        }
    }
    let written = (|| {
        for (path, bytes) in site {
            let target = temp.join(path);
            if let Some(dir) = target.parent() {
                fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
            }
            fs::write(&target, bytes).map_err(|e| io_error(&target, e))?;
        }
        fs::write(temp.join(MARKER), b"carcref build\n").map_err(|e| io_error(&temp, e))
    })();
    if let Err(error) = written {
        let _ = fs::remove_dir_all(&temp);
        return Err(error);
    }
    if out.exists() {
        fs::rename(out, &old).map_err(|e| io_error(out, e))?;
    }
    if let Err(e) = fs::rename(&temp, out) {
        // Put the old site back; the new one stays beside it for inspection.
        let _ = fs::rename(&old, out);
        return Err(io_error(out, e));
    }
    if old.exists() {
        fs::remove_dir_all(&old).map_err(|e| io_error(&old, e))?;
    }
    Ok(())
}
