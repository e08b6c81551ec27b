//! A played scenario's verdict as JSON: what `carcref check --json` prints, `carcref serve`'s
//! `/api/check` answers (with boards) and the browser engine returns, in one place.

use crate::engine::REGISTRY;
use crate::model::{Corpus, Scenario};

use super::run::{Decision, Report};

/// A question the players answered: what the rule asks, each option as `choose` writes it
/// with what players read for it, and the one taken (for the builder's answer pickers).
fn decision(d: &Decision) -> serde_json::Value {
    serde_json::json!({
        "rule": d.rule,
        "question": crate::engine::rule_description(d.rule),
        "options": d
            .options
            .iter()
            .map(|(answer, label)| serde_json::json!({"answer": answer, "label": label}))
            .collect::<Vec<_>>(),
        "chosen": d.chosen,
    })
}

/// `carcref check --json`'s verdict as a value (`carcref serve`'s `/api/check` adds boards).
pub fn verdict(scenario: &Scenario, report: &Report, corpus: &Corpus) -> serde_json::Value {
    let played = crate::engine::played(scenario, corpus);
    let event = |rule: &str, text: &str| {
        let cited = crate::engine::cite_in(corpus, rule, &played);
        serde_json::json!({
            "rule": rule,
            "text": text,
            "section": cited.as_ref().map(|c| c.section.id.as_str()),
            "rulings": cited
                .as_ref()
                .map(|c| c.rulings.iter().map(|r| r.id.as_str()).collect::<Vec<_>>())
                .unwrap_or_default(),
        })
    };
    let steps: Vec<serde_json::Value> = report
        .steps
        .iter()
        .map(|step| {
            serde_json::json!({
                "number": step.number,
                "action": step.action,
                "refused": step.refusal.as_ref().map(|r| event(r.rule, &r.message)),
                "events": step.events.iter().map(|e| event(e.rule, &e.text)).collect::<Vec<_>>(),
                "decisions": step.decisions.iter().map(decision).collect::<Vec<_>>(),
            })
        })
        .collect();
    // Per colour: the players' scores, or those a module keeps (level 6's counters; none
    // where the team shares a track).
    let statuses = report.game.statuses();
    let scores: serde_json::Map<String, serde_json::Value> =
        match statuses.iter().find_map(|(_, s)| s.scores.as_ref()) {
            Some(scores) => scores
                .iter()
                .filter_map(|&(p, points)| {
                    let colour = report.game.state.players.get(p)?.colour;
                    Some((
                        format!("{colour:?}").to_lowercase(),
                        serde_json::json!(points),
                    ))
                })
                .collect(),
            None => report
                .scores()
                .iter()
                .map(|(c, p)| (format!("{c:?}").to_lowercase(), serde_json::json!(p)))
                .collect(),
        };
    let mut verdict = serde_json::json!({
        "scenario": scenario.path,
        "title": scenario.title,
        "rulings": scenario.rulings,
        "passed": report.passed(),
        "steps": steps,
        "expectations": report.expectations,
        "scores": scores,
        "completed": report.game.state.completed_count,
    });
    // Each module's status under its key, `null` when the game does not play it.
    for descriptor in REGISTRY {
        if let Some(key) = descriptor.status_key {
            verdict[key] = statuses
                .iter()
                .find(|(id, _)| *id == descriptor.id)
                .and_then(|(_, s)| s.json.clone())
                .unwrap_or_default();
        }
    }
    verdict
}
