//! The built site in real headless Chromium (tests/browser/*.mjs, playwright-core driving
//! Debian's chromium): search from `file://`, a ruling's own page and its scenario page, no console error,
//! escaped content; and served over http, the service worker keeping the site working offline
//! and the search query living in the URL; scenario boards at phone width; axe-core finding no
//! accessibility violation on any page type at 390 and 1280 px; and on a phone (390 × 844,
//! touch): the first result above the keyboard, Back, rules results opening at their
//! subsection, the header search, whole words in table cells and 24 px tap targets; the
//! situation builder laid by taps, exported and checked by `carcref check`, at 1280 and 390 px,
//! opened again, and verified over http, for the base game, the cooperative game and the
//! competitive Ghosts; and `carcref serve`'s open pages, eight tabs at once, reloading
//! themselves after an edit and showing a content error until it is fixed. Needs
//! `apt-get install -y chromium chromium-driver` and `npm ci`; `.ci/run` does both. Without
//! them this test fails and says so.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::{carcref, code, repo, stderr};

#[test]
fn the_site_works_in_headless_chromium() {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    assert!(
        Path::new(&chromium).is_file(),
        "Chromium is missing at {chromium}: install it with \
         `apt-get install -y chromium chromium-driver` (as .ci/run does), or set CHROMIUM"
    );
    assert!(
        repo().join("node_modules/playwright-core").is_dir(),
        "playwright-core is missing: run `npm ci` in the repository (as .ci/run does)"
    );
    let temp = tempfile::tempdir().unwrap();
    let (site, xss) = (temp.path().join("site"), temp.path().join("xss"));
    let built = carcref(&["build", "--out", site.to_str().unwrap()], None);
    assert_eq!(code(&built), 0, "{}", stderr(&built));
    let fixture = repo().join("tests/content/xss");
    let built = carcref(
        &[
            "build",
            "--content",
            fixture.to_str().unwrap(),
            "--out",
            xss.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code(&built), 0, "{}", stderr(&built));
    // What the native CLI says of every shipped scenario, for the engine in Chromium.
    let cases = temp.path().join("engine-cases.json");
    std::fs::write(
        &cases,
        serde_json::to_string(&common::native_verdict_cases()).unwrap(),
    )
    .unwrap();
    let run = Command::new(std::env::var("NODE").unwrap_or_else(|_| "node".into()))
        .args(["--test", "--test-reporter=spec"])
        .arg(repo().join("tests/browser/site.test.mjs"))
        .arg(repo().join("tests/browser/offline.test.mjs"))
        .arg(repo().join("tests/browser/boards.test.mjs"))
        .arg(repo().join("tests/browser/a11y.test.mjs"))
        .arg(repo().join("tests/browser/phone.test.mjs"))
        .arg(repo().join("tests/browser/builder.test.mjs"))
        .arg(repo().join("tests/browser/pieces.test.mjs"))
        .arg(repo().join("tests/browser/serve.test.mjs"))
        .env("CARCREF_SITE", &site)
        .env("CARCREF_BIN", env!("CARGO_BIN_EXE_carcref"))
        .env("CARCREF_XSS_SITE", &xss)
        .env("CARCREF_ENGINE_CASES", &cases)
        .env("CHROMIUM", &chromium)
        .current_dir(repo())
        .output()
        .expect("node runs (Node.js 20 is needed for the browser tests)");
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "browser tests failed:\n{out}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // Every test ran and passed: none skipped, cancelled or left out.
    let count = |label: &str| {
        out.lines()
            .find_map(|l| l.strip_prefix(&format!("ℹ {label} ")))
            .and_then(|n| n.trim().parse::<u32>().ok())
            .unwrap_or_else(|| panic!("no `{label}` count in:\n{out}"))
    };
    assert!(count("tests") >= 30, "{out}");
    assert_eq!(count("pass"), count("tests"), "{out}");
    for label in ["fail", "cancelled", "skipped", "todo"] {
        assert_eq!(count(label), 0, "{label}: {out}");
    }
}
