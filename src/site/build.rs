//! Rendering the site in memory (`render`, `render_reusing` with the plays of an earlier
//! render) and building it into a folder (`build`).

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use crate::model::Corpus;

use super::common::{fingerprint, BuildError, BuildOptions, PlayKey, Site, Summary};
use super::frontend::Frontend;
use super::output::write_atomic;
use super::{offline, pages, scenarios};

/// Renders the site in memory, playing every scenario.
pub fn render(corpus: &Corpus, options: &BuildOptions) -> Result<(Site, Summary), BuildError> {
    render_reusing(
        corpus,
        options,
        &mut PlayCache::default(),
        &Frontend::embedded(),
    )
}

/// Scenarios played by an earlier render. Playing one depends only on the scenario, its page
/// name and the tile catalogs, so `carcref serve`, which renders again after each edit, plays
/// again only the scenarios whose text changed (all of them after a catalog changed).
#[derive(Debug, Default)]
pub struct PlayCache {
    /// The fingerprint of the catalogs the plays were made with.
    tiles: u64,
    /// The fingerprint of the templates and front-end files the pages were made with.
    frontend: u64,
    /// Page name and scenario (`play_key`) → what playing it gave.
    played: HashMap<PlayKey, Arc<scenarios::Played>>,
    /// Page name and scenario → its page as last rendered, with the fingerprint of everything
    /// else the page shows (`pages::ScenarioPages`).
    pages: HashMap<PlayKey, (u64, Vec<u8>)>,
}

/// `render`, reusing the plays in `cache` that still hold and leaving this render's in it.
pub fn render_reusing(
    corpus: &Corpus,
    options: &BuildOptions,
    cache: &mut PlayCache,
    frontend: &Frontend,
) -> Result<(Site, Summary), BuildError> {
    let tiles = fingerprint(&corpus.tile_sets);
    if cache.tiles != tiles {
        cache.played.clear();
        cache.pages.clear();
        cache.tiles = tiles;
    }
    let look = frontend.fingerprint();
    if cache.frontend != look {
        cache.pages.clear();
        cache.frontend = look;
    }
    let mut fresh = HashMap::new();
    let mut keys = Vec::new();
    let played: Vec<Arc<scenarios::Played>> = corpus
        .scenarios
        .iter()
        .zip(scenarios::page_names(
            corpus.scenarios.iter().map(|s| s.path.as_str()),
        ))
        .map(|(s, slug)| {
            let key = (slug.to_owned(), fingerprint(s));
            let played = match cache.played.remove(&key) {
                Some(played) => played,
                None => Arc::new(scenarios::play(s, corpus, slug)),
            };
            fresh.insert(key.clone(), Arc::clone(&played));
            keys.push(key);
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
                    .map(|e| format!("{} (skutečnost: {})", e.what, e.actual_with_hint()))
                    .collect::<Vec<_>>()
                    .join("; "),
            };
            format!("{}: {why}", s.path)
        })
        .collect();
    if !failing.is_empty() && !options.allow_failing {
        return Err(BuildError::Failing(failing));
    }
    let mut reused = pages::ScenarioPages {
        keys,
        previous: std::mem::take(&mut cache.pages),
        rendered: HashMap::new(),
    };
    let mut site = pages::render_all(corpus, &played, &mut reused, frontend)?;
    cache.pages = reused.rendered;
    offline::add(&mut site, frontend);
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
        render_reusing(&corpus, &options, &mut cache, &Frontend::embedded()).unwrap();
        assert_eq!(cache.played.len(), corpus.scenarios.len());
        let (reused, _) =
            render_reusing(&corpus, &options, &mut cache, &Frontend::embedded()).unwrap();
        assert!(fresh == reused, "the same site from reused plays");

        // A scenario's expectation changed: its play is made again, and now fails.
        let mut edited = corpus.clone();
        let scenario = &mut edited.scenarios[0];
        scenario.expect = crate::model::Expectations {
            completed: Some(999),
            ..scenario.expect.clone()
        };
        let failing = render_reusing(&edited, &options, &mut cache, &Frontend::embedded());
        assert!(matches!(failing, Err(BuildError::Failing(list)) if list.len() == 1));
    }

    #[test]
    fn a_reused_scenario_page_follows_an_edit_of_a_ruling_it_links() {
        let corpus = crate::content::load(&crate::content::ContentFiles::embedded()).corpus;
        let options = BuildOptions {
            allow_failing: false,
        };
        let mut cache = PlayCache::default();
        render_reusing(&corpus, &options, &mut cache, &Frontend::embedded()).unwrap();
        assert_eq!(cache.pages.len(), corpus.scenarios.len());

        // The question of a ruling a scenario verifies is its link's title on that page.
        let mut edited = corpus.clone();
        let scenario = edited
            .scenarios
            .iter()
            .position(|s| !s.rulings.is_empty())
            .unwrap();
        let id = edited.scenarios[scenario].rulings[0].clone();
        let ruling = edited.rulings.iter_mut().find(|r| r.id == id).unwrap();
        ruling.question = "Nová otázka po úpravě?".into();
        let (site, _) =
            render_reusing(&edited, &options, &mut cache, &Frontend::embedded()).unwrap();
        let (fresh, _) = render(&edited, &options).unwrap();
        assert!(site == fresh, "the same site as rendered from scratch");
        let page = site
            .iter()
            .find(|(path, bytes)| {
                path.starts_with("scenare/")
                    && path.ends_with(".html")
                    && String::from_utf8_lossy(bytes).contains(&edited.scenarios[scenario].title)
            })
            .map(|(_, bytes)| String::from_utf8_lossy(bytes).into_owned())
            .unwrap();
        assert!(page.contains("Nová otázka po úpravě?"));
    }
}
