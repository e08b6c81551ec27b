//! Verification during the build: every scenario is played, and what the scenario pages show
//! (boards before and after, steps, expectations, the engine's trace) is kept.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::model::{Corpus, Scenario};
use crate::scenario::{run, ExpectationResult};

/// One line of the engine's trace, with the rule it follows.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct TraceLine {
    pub(crate) text: String,
    pub(crate) rule: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct StepView {
    pub(crate) number: usize,
    pub(crate) action: String,
    pub(crate) events: Vec<TraceLine>,
    pub(crate) refusal: Option<TraceLine>,
}

/// A played scenario, as its page shows it.
#[derive(Debug, Clone)]
pub(crate) struct Played {
    /// The page's name from `page_names`: `zakladni/erb-dva-body` for
    /// `scenarios/zakladni/erb-dva-body.yaml`.
    pub(crate) slug: String,
    /// "Upravit a ověřit": the builder with this scenario, from the site's root (made once
    /// per scenario text, for its page and its rulings' pages).
    pub(crate) edit_href: String,
    pub(crate) passed: bool,
    /// Why the scenario could not be played at all (an impossible board).
    pub(crate) error: Option<String>,
    pub(crate) board_before: Option<crate::draw::Board>,
    pub(crate) board_after: Option<crate::draw::Board>,
    pub(crate) setup: Vec<TraceLine>,
    pub(crate) steps: Vec<StepView>,
    pub(crate) expectations: Vec<ExpectationResult>,
    pub(crate) scores: Vec<(String, i32)>,
}

/// Longest name part kept from a file name: with `-pred.svg` and a `-N` it stays far below
/// the 255 bytes file systems allow.
const MAX_PART: usize = 80;

/// One part of a scenario's path as a page name part: the heading slug (ASCII letters and
/// digits, diacritics dropped, anything else a hyphen), cut to `MAX_PART`.
fn slug_part(part: &str) -> String {
    let mut slug = super::markdown::slug(part);
    slug.truncate(MAX_PART);
    slug.trim_end_matches('-').to_owned()
}

/// Page names (`zakladni/erb-dva-body` for `scenarios/zakladni/erb-dva-body.yaml`), one per
/// scenario in corpus order. A path that is already a clean name keeps it; any other path
/// (spaces, `#`, `%`, capitals, diacritics…) is made one, and when that name is taken, by a
/// clean path, an earlier scenario or the index page, it gets `-2`, `-3`… So the names are
/// unique and safe in a URL and follow from the content alone.
pub(crate) fn page_names<'a>(paths: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let raw: Vec<&str> = paths
        .into_iter()
        .map(|path| {
            let path = path.strip_prefix("scenarios/").unwrap_or(path);
            path.strip_suffix(".yaml").unwrap_or(path)
        })
        .collect();
    let slugs: Vec<String> = raw
        .iter()
        .map(|path| path.split('/').map(slug_part).collect::<Vec<_>>().join("/"))
        .collect();
    // `scenare/index.html` lists the scenarios.
    let reserved = "index";
    let clean: Vec<bool> = raw
        .iter()
        .zip(&slugs)
        .map(|(raw, slug)| raw == slug && slug != reserved)
        .collect();
    let mut taken: BTreeSet<String> = slugs
        .iter()
        .zip(&clean)
        .filter(|(_, clean)| **clean)
        .map(|(slug, _)| slug.clone())
        .collect();
    taken.insert(reserved.to_owned());
    slugs
        .into_iter()
        .zip(clean)
        .map(|(slug, clean)| {
            if clean {
                return slug;
            }
            let mut name = slug.clone();
            let mut n = 2;
            while taken.contains(&name) {
                name = format!("{slug}-{n}");
                n += 1;
            }
            taken.insert(name.clone());
            name
        })
        .collect()
}

fn line(rule: &str, text: &str) -> TraceLine {
    TraceLine {
        text: text.to_owned(),
        rule: rule.to_owned(),
    }
}

/// Plays one scenario, and once more without its steps for the prepared board; `slug` is its
/// page name.
pub(crate) fn play(scenario: &Scenario, corpus: &Corpus, slug: String) -> Played {
    let edit_href = super::situace::edit_href(&scenario.source);
    let report = match run(scenario, corpus) {
        Ok(report) => report,
        Err(diagnostic) => {
            return Played {
                slug,
                edit_href,
                passed: false,
                error: Some(diagnostic.to_string()),
                board_before: None,
                board_after: None,
                setup: Vec::new(),
                steps: Vec::new(),
                expectations: Vec::new(),
                scores: Vec::new(),
            }
        }
    };
    let (board_before, board_after) = crate::draw::boards(scenario, corpus, &report.game);
    Played {
        slug,
        edit_href,
        passed: report.passed(),
        error: None,
        board_before,
        board_after: Some(board_after),
        setup: report.setup.iter().map(|e| line(e.rule, &e.text)).collect(),
        steps: report
            .steps
            .iter()
            .map(|s| StepView {
                number: s.number,
                action: s.action.clone(),
                events: s.events.iter().map(|e| line(e.rule, &e.text)).collect(),
                refusal: s.refusal.as_ref().map(|r| line(r.rule, &r.message)),
            })
            .collect(),
        // The cooperative game: the team's track, or level 6's counters by colour.
        scores: match report
            .game
            .statuses()
            .into_iter()
            .find_map(|(_, s)| s.standings)
        {
            Some(standings) => standings,
            None => report
                .scores()
                .iter()
                .map(|(c, p)| (c.czech().to_owned(), *p))
                .collect(),
        },
        expectations: report.expectations,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(paths: &[&str]) -> Vec<String> {
        let paths: Vec<String> = paths
            .iter()
            .map(|p| format!("scenarios/{p}.yaml"))
            .collect();
        page_names(paths.iter().map(String::as_str))
    }

    #[test]
    fn page_names_are_safe_unique_and_keep_clean_paths() {
        assert_eq!(
            names(&[
                "zakladni/erb-dva-body",
                "index",
                "a b",
                "a-b",
                "A-B",
                "a#b",
                "Čeština",
                "%",
                "x\\..\\y"
            ]),
            [
                "zakladni/erb-dva-body",
                "index-2",
                "a-b-2",
                "a-b",
                "a-b-3",
                "a-b-4",
                "cestina",
                "oddil",
                "x-y",
            ]
        );
        let long = "x".repeat(300);
        assert_eq!(names(&[&long])[0].len(), MAX_PART);
    }
}
