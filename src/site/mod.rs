//! `carcref build`: the static site. Every page is rendered in memory first (`render`), the
//! scenarios are played on the way (a failing one stops the build unless allowed), and only
//! then is the output written, into a temporary folder beside the target that takes the old
//! output's place in one step (`write_atomic`, in `output`). Output is deterministic: no
//! timestamps, and every listing follows the corpus order or a sorted map.

pub mod markdown;
mod offline;
mod output;
mod pages;
pub mod scenarios;
pub mod search;
mod situace;

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use crate::model::Corpus;

pub use output::{refuse_content_inside, write_atomic, write_inside, WriteError};

/// A file written into every build, listing the files it wrote, so that a later build knows
/// what in the folder is ours to replace.
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
    /// Writing would replace or delete something a build did not write; the exit code is 2.
    Refused(String),
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
            BuildError::Refused(message) => write!(f, "{message}"),
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
    let mut site = pages::render_all(corpus, &played)?;
    offline::add(&mut site);
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
