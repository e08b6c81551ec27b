//! Measuring search quality on a set of realistic queries with known answers
//! (`tests/search/queries.yaml`): used by the tests and by the benchmark that compares
//! analyzers side by side.

use marked_yaml::Node;

use super::index::{SearchIndex, SearchOptions};

/// One query and the ids that must rank in its top results.
#[derive(Debug, Clone)]
pub struct QueryCase {
    pub query: String,
    pub kind: String,
    pub expect: Vec<String>,
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
            let expect = match map.get_node("expect") {
                Some(Node::Sequence(ids)) => ids
                    .iter()
                    .filter_map(|n| n.as_scalar().map(|s| s.as_str().to_owned()))
                    .collect(),
                _ => return Err(format!("query {:?} has no expect list", text("query"))),
            };
            Ok(QueryCase {
                query: text("query").ok_or("query missing")?,
                kind: text("kind").unwrap_or_default(),
                expect,
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
            let ok = case.expect.iter().all(|id| found.contains(id));
            (!ok).then_some((case, found))
        })
        .collect()
}
