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

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::Path;

use crate::model::Corpus;

pub use offline::WORKER;
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
    render_reusing(corpus, options, &mut PlayCache::default())
}

/// Scenarios played by an earlier render. Playing one depends only on the scenario, its page
/// name and the tile catalogs, so `carcref serve`, which renders again after each edit, plays
/// again only the scenarios whose text changed (all of them after a catalog changed).
#[derive(Debug, Default)]
pub struct PlayCache {
    /// The catalogs the plays were made with.
    tiles: String,
    /// Page name and scenario → what playing it gave.
    played: HashMap<String, scenarios::Played>,
}

/// `render`, reusing the plays in `cache` that still hold and leaving this render's in it.
pub fn render_reusing(
    corpus: &Corpus,
    options: &BuildOptions,
    cache: &mut PlayCache,
) -> Result<(Site, Summary), BuildError> {
    let tiles = format!("{:?}", corpus.tile_sets);
    if cache.tiles != tiles {
        cache.played.clear();
        cache.tiles = tiles;
    }
    let mut fresh = HashMap::new();
    let played: Vec<scenarios::Played> = corpus
        .scenarios
        .iter()
        .zip(scenarios::page_names(
            corpus.scenarios.iter().map(|s| s.path.as_str()),
        ))
        .map(|(s, slug)| {
            let key = format!("{slug}\n{s:?}");
            let played = match cache.played.remove(&key) {
                Some(played) => played,
                None => scenarios::play(s, corpus, slug),
            };
            fresh.insert(key, played.clone());
            played
        })
        .collect();
    cache.played = fresh;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reused_plays_give_the_same_site_and_an_edited_scenario_is_played_again() {
        let corpus = crate::content::load(&crate::content::ContentFiles::embedded()).corpus;
        let options = BuildOptions {
            allow_failing: false,
        };
        let (fresh, _) = render(&corpus, &options).unwrap();
        let mut cache = PlayCache::default();
        render_reusing(&corpus, &options, &mut cache).unwrap();
        assert_eq!(cache.played.len(), corpus.scenarios.len());
        let (reused, _) = render_reusing(&corpus, &options, &mut cache).unwrap();
        assert!(fresh == reused, "the same site from reused plays");

        // A scenario's expectation changed: its play is made again, and now fails.
        let mut edited = corpus.clone();
        let scenario = &mut edited.scenarios[0];
        scenario.expect = crate::model::scenario::Expectations {
            completed: Some(999),
            ..scenario.expect.clone()
        };
        let failing = render_reusing(&edited, &options, &mut cache);
        assert!(matches!(failing, Err(BuildError::Failing(list)) if list.len() == 1));
    }
}
