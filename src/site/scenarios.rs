//! Verification during the build: every scenario is played, and what the scenario pages show
//! (boards before and after, steps, expectations, the engine's trace) is kept.

use serde::Serialize;

use crate::model::scenario::{Expectations, Scenario};
use crate::model::Corpus;
use crate::scenario::{run, ExpectationResult};

/// One line of the engine's trace, with the rule it follows.
#[derive(Debug, Clone, Serialize)]
pub struct TraceLine {
    pub text: String,
    pub rule: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct StepView {
    pub number: usize,
    pub action: String,
    pub events: Vec<TraceLine>,
    pub refusal: Option<TraceLine>,
}

/// A played scenario, as its page shows it.
#[derive(Debug, Clone)]
pub struct Played {
    /// `zakladni/erb-dva-body` for `scenarios/zakladni/erb-dva-body.yaml`.
    pub slug: String,
    pub passed: bool,
    /// Why the scenario could not be played at all (an impossible board).
    pub error: Option<String>,
    pub board_before: Option<String>,
    pub board_after: Option<String>,
    pub setup: Vec<TraceLine>,
    pub steps: Vec<StepView>,
    pub expectations: Vec<ExpectationResult>,
    pub scores: Vec<(String, i32)>,
}

pub fn slug(scenario: &Scenario) -> String {
    let path = scenario
        .path
        .strip_prefix("scenarios/")
        .unwrap_or(&scenario.path);
    path.strip_suffix(".yaml").unwrap_or(path).to_owned()
}

fn line(rule: &str, text: &str) -> TraceLine {
    TraceLine {
        text: text.to_owned(),
        rule: rule.to_owned(),
    }
}

/// Plays one scenario, and once more without its steps for the prepared board.
pub fn play(scenario: &Scenario, corpus: &Corpus) -> Played {
    let slug = slug(scenario);
    let report = match run(scenario, corpus) {
        Ok(report) => report,
        Err(diagnostic) => {
            return Played {
                slug,
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
    let prepared = Scenario {
        steps: Vec::new(),
        expect: Expectations::default(),
        ..scenario.clone()
    };
    let board_before = run(&prepared, corpus).ok().map(|r| {
        crate::draw::game_svg(&r.game, &format!("{} — před prvním krokem", scenario.title))
    });
    let board_after = crate::draw::game_svg(
        &report.game,
        &format!("{} — po posledním kroku", scenario.title),
    );
    Played {
        slug,
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
        scores: match report.game.module::<crate::engine::modules::mists::Mists>() {
            Some(mists) => mists.standings(&report.game.state),
            None => report
                .scores()
                .iter()
                .map(|(c, p)| (c.czech().to_owned(), *p))
                .collect(),
        },
        expectations: report.expectations,
    }
}
