//! The policy for tests that read `../shared`: run when it is there, skip visibly when it is
//! missing, and fail in CI, where a skip would let a test pass without checking anything.

use crate::common;

use std::path::Path;

use common::{act_on_shared, decide_shared, SharedNeed};

fn missing() -> std::path::PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-such-shared-dir/sources")
}

#[test]
fn missing_shared_outside_ci_is_a_visible_skip() {
    let need = decide_shared("policy_self_check", &missing(), false);
    let SharedNeed::Skip(line) = &need else {
        panic!("expected a skip, got {need:?}");
    };
    assert!(line.starts_with("SKIPPED: policy_self_check:"), "{line}");
    assert!(line.ends_with("(../shared chybí)"), "{line}");
    assert!(line.contains("no-such-shared-dir"), "{line}");
    assert_eq!(act_on_shared(need), None);
}

#[test]
fn missing_shared_in_ci_fails_the_test_and_says_why() {
    let need = decide_shared("policy_self_check", &missing(), true);
    let SharedNeed::Fail(message) = &need else {
        panic!("expected a failure, got {need:?}");
    };
    assert!(message.contains("policy_self_check"), "{message}");
    assert!(message.contains("CI"), "{message}");
    assert!(message.contains("no-such-shared-dir"), "{message}");
    let panicked = std::panic::catch_unwind(|| act_on_shared(need.clone()));
    let payload = panicked.expect_err("a missing ../shared in CI fails the test");
    let text = payload
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    assert_eq!(&text, message);
}

#[test]
fn present_shared_runs_with_or_without_ci() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fake-shared/sources");
    std::fs::create_dir_all(&dir).unwrap();
    for ci in [false, true] {
        assert_eq!(
            decide_shared("policy_self_check", &dir, ci),
            SharedNeed::Run(dir.clone())
        );
        assert_eq!(
            act_on_shared(SharedNeed::Run(dir.clone())),
            Some(dir.clone())
        );
    }
}

#[test]
fn corpus_tests_use_the_shared_policy_and_never_skip_silently() {
    // Every test that reads ../shared goes through `require_shared`: no hand-made skips.
    for entry in std::fs::read_dir(common::repo().join("tests")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") || path.ends_with("shared_policy.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            !text.contains("../shared"),
            "{} reads ../shared itself; use common::require_shared",
            path.display()
        );
    }
}
