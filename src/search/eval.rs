//! Measuring search quality on a set of realistic queries with known answers
//! (`tests/search/queries.yaml`): used by the tests and by the benchmark that compares
//! analyzers side by side.

use marked_yaml::Node;

use super::index::{SearchIndex, SearchOptions};

/// One query and the ids that must rank in its top results: all of `expect`, or (for a
/// query several documents answer equally well) at least one of `any_of`.
#[derive(Debug, Clone)]
pub struct QueryCase {
    pub query: String,
    pub kind: String,
    pub expect: Vec<String>,
    pub any_of: Vec<String>,
    /// For a question without an answer, what it is about: `absent` (something the games do
    /// not contain: another box, buying, history, a house rule) or `open` (a case of these
    /// games' own play their texts leave undecided). Empty for an answerable question.
    pub about: String,
}

/// The two kinds of question without an answer (`QueryCase::about`).
pub const SUBJECTS: [&str; 2] = ["absent", "open"];

impl QueryCase {
    /// Whether the corpus holds an answer (a question about something no game has does not).
    fn answerable(&self) -> bool {
        !self.expect.is_empty() || !self.any_of.is_empty()
    }

    /// The 1-based rank at which the case is answered in `found` (all of `expect` present,
    /// or the first of `any_of`), if it is.
    fn answered_at(&self, found: &[String]) -> Option<usize> {
        let rank = |id: &String| found.iter().position(|f| f == id).map(|p| p + 1);
        if self.any_of.is_empty() {
            self.expect
                .iter()
                .map(rank)
                .collect::<Option<Vec<usize>>>()
                .and_then(|ranks| ranks.into_iter().max())
        } else {
            self.any_of.iter().filter_map(rank).min()
        }
    }

    /// The 1-based rank of the first expected id in `found`: what MRR counts, as usual for
    /// it, so that a query with two expected answers can still score 1.
    fn first_answer_at(&self, found: &[String]) -> Option<usize> {
        let expected = if self.any_of.is_empty() {
            &self.expect
        } else {
            &self.any_of
        };
        found
            .iter()
            .position(|f| expected.contains(f))
            .map(|p| p + 1)
    }
}

/// Reads the query set; its own format errors are reported as text.
pub fn parse_cases(yaml: &str) -> Result<Vec<QueryCase>, String> {
    let node = marked_yaml::parse_yaml_with_options(
        0,
        yaml,
        marked_yaml::LoaderOptions::default().toplevel_sequence(),
    )
    .map_err(|e| e.to_string())?;
    let Some(seq) = node.as_sequence() else {
        return Err("expected a list of queries".into());
    };
    seq.iter()
        .map(|item| {
            let map = item.as_mapping().ok_or("each query is a mapping")?;
            let text = |key: &str| map.get_scalar(key).map(|s| s.as_str().to_owned());
            let ids = |key: &str| -> Vec<String> {
                match map.get_node(key) {
                    Some(Node::Sequence(ids)) => ids
                        .iter()
                        .filter_map(|n| n.as_scalar().map(|s| s.as_str().to_owned()))
                        .collect(),
                    _ => Vec::new(),
                }
            };
            let (expect, any_of) = (ids("expect"), ids("any_of"));
            // Both lists empty (`expect: []`) is a question the corpus cannot answer.
            if !expect.is_empty() && !any_of.is_empty()
                || expect.is_empty() && any_of.is_empty() && map.get_node("expect").is_none()
            {
                return Err(format!(
                    "query {:?} needs either an expect or an any_of list",
                    text("query")
                ));
            }
            let about = text("about").unwrap_or_default();
            let unanswerable = expect.is_empty() && any_of.is_empty();
            if unanswerable && !SUBJECTS.contains(&about.as_str()) {
                return Err(format!(
                    "query {:?}: a question without an answer says what it is about (`about`: {})",
                    text("query"),
                    SUBJECTS.join(" or ")
                ));
            }
            if !unanswerable && !about.is_empty() {
                return Err(format!(
                    "query {:?}: an answerable question has no `about`",
                    text("query")
                ));
            }
            Ok(QueryCase {
                query: text("query").ok_or("query missing")?,
                kind: text("kind").unwrap_or_default(),
                expect,
                any_of,
                about,
            })
        })
        .collect()
}

/// The cases whose every expected id is among the first `k` results (a failure to search
/// counts as a miss).
pub fn failures_at<'a>(
    index: &SearchIndex,
    cases: &'a [QueryCase],
    k: usize,
) -> Vec<(&'a QueryCase, Vec<String>)> {
    let options = SearchOptions {
        limit: k,
        ..SearchOptions::default()
    };
    cases
        .iter()
        .filter_map(|case| {
            let found: Vec<String> = index
                .search(&case.query, &options)
                .map(|r| r.hits.into_iter().map(|h| h.id).collect())
                .unwrap_or_default();
            let ok = case.answered_at(&found).is_some_and(|rank| rank <= k);
            (!ok).then_some((case, found))
        })
        .collect()
}

/// Of the questions without an answer, per subject (`SUBJECTS`): how many were said to
/// have none, and how many there are.
pub fn refused_by_subject(index: &SearchIndex, cases: &[QueryCase]) -> [(usize, usize); 2] {
    let mut counts = [(0, 0); 2];
    for case in cases {
        if let Some(at) = SUBJECTS.iter().position(|s| *s == case.about) {
            let answered = index
                .search(&case.query, &SearchOptions::default())
                .is_ok_and(|r| r.answered);
            counts[at].0 += usize::from(!answered);
            counts[at].1 += 1;
        }
    }
    counts
}

/// How well `answered` tells the questions the corpus answers from those it cannot:
/// (answerable cases said answered, answerable cases, unanswerable cases said not, unanswerable cases).
pub fn answered_agreement(
    index: &SearchIndex,
    cases: &[QueryCase],
) -> (usize, usize, usize, usize) {
    let mut counts = (0, 0, 0, 0);
    for case in cases {
        let answered = index
            .search(&case.query, &SearchOptions::default())
            .is_ok_and(|r| r.answered);
        if case.answerable() {
            counts.0 += usize::from(answered);
            counts.1 += 1;
        } else {
            counts.2 += usize::from(!answered);
            counts.3 += 1;
        }
    }
    counts
}

/// success@k (every expected answer within the first k) and mean reciprocal rank (of the
/// first expected answer, over the first `depth` results) of a set of cases.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quality {
    pub cases: usize,
    pub success_at_k: f64,
    pub mrr: f64,
}

/// Where one case was answered: all of it, and its first expected answer.
struct Answered {
    all_at: Option<usize>,
    first_at: Option<usize>,
}

/// Quality of the whole set and of each kind, in the order kinds first appear; questions
/// without an answer in the corpus are left out (they have nothing to rank).
pub fn quality(
    index: &SearchIndex,
    cases: &[QueryCase],
    k: usize,
    depth: usize,
) -> Vec<(String, Quality)> {
    let options = SearchOptions {
        limit: depth,
        ..SearchOptions::default()
    };
    let ranks: Vec<(String, Answered)> = cases
        .iter()
        .filter(|case| case.answerable())
        .map(|case| {
            let found: Vec<String> = index
                .search(&case.query, &options)
                .map(|r| r.hits.into_iter().map(|h| h.id).collect())
                .unwrap_or_default();
            let answered = Answered {
                all_at: case.answered_at(&found),
                first_at: case.first_answer_at(&found),
            };
            (case.kind.clone(), answered)
        })
        .collect();
    let summarize = |of: &[&Answered]| Quality {
        cases: of.len(),
        success_at_k: of
            .iter()
            .filter(|a| a.all_at.is_some_and(|r| r <= k))
            .count() as f64
            / of.len().max(1) as f64,
        mrr: of
            .iter()
            .map(|a| a.first_at.map_or(0.0, |r| 1.0 / r as f64))
            .sum::<f64>()
            / of.len().max(1) as f64,
    };
    let mut kinds: Vec<String> = Vec::new();
    for (kind, _) in &ranks {
        if !kinds.contains(kind) {
            kinds.push(kind.clone());
        }
    }
    let mut out = vec![(
        "vše".to_owned(),
        summarize(&ranks.iter().map(|(_, r)| r).collect::<Vec<_>>()),
    )];
    for kind in kinds {
        let of: Vec<&Answered> = ranks
            .iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, r)| r)
            .collect();
        out.push((kind, summarize(&of)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(expect: &[&str], any_of: &[&str]) -> QueryCase {
        let owned = |ids: &[&str]| ids.iter().map(|s| (*s).to_owned()).collect();
        QueryCase {
            query: "q".into(),
            kind: "k".into(),
            expect: owned(expect),
            any_of: owned(any_of),
            about: String::new(),
        }
    }

    #[test]
    fn success_needs_every_expected_answer_and_mrr_counts_the_first() {
        let found: Vec<String> = ["x", "a", "y", "b"].map(String::from).to_vec();
        let both = case(&["a", "b"], &[]);
        assert_eq!(both.answered_at(&found), Some(4));
        assert_eq!(both.first_answer_at(&found), Some(2));
        let missing = case(&["a", "z"], &[]);
        assert_eq!(missing.answered_at(&found), None);
        assert_eq!(missing.first_answer_at(&found), Some(2));
        let either = case(&[], &["b", "y"]);
        assert_eq!(either.answered_at(&found), Some(3));
        assert_eq!(either.first_answer_at(&found), Some(3));
    }

    #[test]
    fn only_a_question_without_an_answer_says_what_it_is_about() {
        let parsed = parse_cases("- query: a\n  expect: []\n  about: open\n").unwrap();
        assert_eq!(parsed[0].about, "open");
        for wrong in [
            "- query: a\n  expect: []\n",
            "- query: a\n  expect: []\n  about: maybe\n",
            "- query: a\n  any_of: [x]\n  about: absent\n",
        ] {
            let error = parse_cases(wrong).unwrap_err();
            assert!(error.contains("`about`"), "{wrong}: {error}");
        }
    }
}
