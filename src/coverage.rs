//! Which rulings the scenarios verify: one rule for `carcref coverage` and the site.

use serde::Serialize;

use crate::model::{Corpus, CoverageStatus};

/// What stands behind a ruling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every scenario that names the ruling passes (and there is at least one).
    Verified,
    /// A scenario that names the ruling fails.
    Failing,
    /// No scenario can check it: not about the game's mechanics.
    NonMechanical,
    /// Not (yet) something the engine models.
    OutOfScope,
    /// No scenario and no reason given.
    Unlinked,
}

impl Status {
    pub(crate) const ALL: [Status; 5] = [
        Status::Verified,
        Status::Failing,
        Status::NonMechanical,
        Status::OutOfScope,
        Status::Unlinked,
    ];

    /// The status as `carcref coverage` prints it for players.
    pub(crate) fn czech(self) -> &'static str {
        match self {
            Status::Verified => "ověřeno",
            Status::Failing => "neprošlo",
            Status::NonMechanical => "neověřitelné",
            Status::OutOfScope => "mimo rozsah",
            Status::Unlinked => "bez scénáře",
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct CoverageEntry {
    pub id: String,
    source_id: Option<String>,
    game: String,
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Paths of the scenarios that name the ruling.
    pub scenarios: Vec<String>,
}

/// Every ruling (of `game`, when given) with its status; `passed[i]` says whether
/// `corpus.scenarios[i]` passed.
pub fn entries(corpus: &Corpus, passed: &[bool], game: Option<&str>) -> Vec<CoverageEntry> {
    corpus
        .rulings
        .iter()
        .filter(|r| game.is_none_or(|g| r.game == g))
        .map(|ruling| {
            let linked: Vec<(&str, bool)> = corpus
                .scenarios
                .iter()
                .zip(passed)
                .filter(|(s, _)| s.rulings.contains(&ruling.id))
                .map(|(s, ok)| (s.path.as_str(), *ok))
                .collect();
            let (status, reason) = if linked.iter().any(|(_, ok)| !ok) {
                (Status::Failing, None)
            } else if !linked.is_empty() {
                (Status::Verified, None)
            } else {
                match &ruling.coverage {
                    Some(note) if note.status == CoverageStatus::NonMechanical => {
                        (Status::NonMechanical, Some(note.reason.clone()))
                    }
                    Some(note) => (Status::OutOfScope, Some(note.reason.clone())),
                    None => (Status::Unlinked, None),
                }
            };
            CoverageEntry {
                id: ruling.id.clone(),
                source_id: ruling.source_id.clone(),
                game: ruling.game.clone(),
                status,
                reason,
                scenarios: linked.iter().map(|(p, _)| (*p).to_owned()).collect(),
            }
        })
        .collect()
}
