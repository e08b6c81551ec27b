//! Bounded fuzzing (proptest) of what reads untrusted input: the content loader, the scenario
//! loader and runner, and the Markdown renderer. Inputs are the shipped files with random
//! mutations (lines dropped, doubled, swapped, values replaced by hostile ones, bytes flipped),
//! which reach far deeper than random bytes. `CARCREF_FUZZ_CASES` raises the number of cases
//! for a longer run; CI uses the defaults below (a few seconds each). The cache reader has
//! its own harness in tests/cache_safety.rs.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::OnceLock;

use carcref::content::{load, ContentFile, ContentFiles, FileBody};
use carcref::diagnostic::Diagnostics;
use carcref::model::Corpus;
use carcref::scenario::load_scenario;
use carcref::site::to_html;
use proptest::prelude::*;

fn cases(default: u32) -> u32 {
    std::env::var("CARCREF_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

fn embedded() -> &'static ContentFiles {
    static FILES: OnceLock<ContentFiles> = OnceLock::new();
    FILES.get_or_init(ContentFiles::embedded)
}

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| load(embedded()).corpus)
}

fn text_of(file: &ContentFile) -> String {
    match &file.body {
        FileBody::Bytes(bytes) => String::from_utf8_lossy(bytes).into_owned(),
        _ => String::new(),
    }
}

/// Values that have broken parsers before: wrong shapes, huge and negative numbers, YAML
/// tricks, escapes, Markdown and HTML that must stay inert.
const HOSTILE: &[&str] = &[
    "[]",
    "{}",
    "[1, 2]",
    "{a: 1}",
    "~",
    "\"\"",
    "-1",
    "0",
    "4294967296",
    "99999999999999999999",
    "1e309",
    "&a x",
    "*a",
    "!tag x",
    "|",
    ">-",
    "\"\\e]0;x\\a\"",
    "\u{1b}[2J",
    "\u{202e}",
    "\u{0}",
    "ř\u{301}",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "[x](javascript:alert(1))",
    "![x](https://example.org/x.png)",
    "[y](rule:neexistuje)",
    "[z](ruling:neexistuje#x)",
    "# nadpis",
    "---",
    "...",
    "- - -",
    "? ",
    "game",
    "none",
    "auto",
];

#[derive(Debug, Clone)]
enum Mutation {
    DropLine(usize),
    DoubleLine(usize),
    SwapLines(usize, usize),
    /// Replace the value after the first `: ` on a line (or the whole line) with a hostile one.
    ReplaceValue(usize, usize),
    InsertLine(usize, usize),
    FlipByte(usize, u8),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let n = HOSTILE.len();
    prop_oneof![
        any::<usize>().prop_map(Mutation::DropLine),
        any::<usize>().prop_map(Mutation::DoubleLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        (any::<usize>(), 0..n).prop_map(|(a, b)| Mutation::ReplaceValue(a, b)),
        (any::<usize>(), 0..n).prop_map(|(a, b)| Mutation::InsertLine(a, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::FlipByte(a, b)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn mutate(text: &str, mutations: &[Mutation]) -> Vec<u8> {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut bytes_edits = Vec::new();
    for m in mutations {
        if lines.is_empty() {
            lines.push(String::new());
        }
        let len = lines.len();
        match *m {
            Mutation::DropLine(i) => {
                lines.remove(i % len);
            }
            Mutation::DoubleLine(i) => {
                let line = lines[i % len].clone();
                lines.insert(i % len, line);
            }
            Mutation::SwapLines(a, b) => lines.swap(a % len, b % len),
            Mutation::ReplaceValue(i, h) => {
                let line = &mut lines[i % len];
                *line = match line.split_once(": ") {
                    Some((key, _)) => format!("{key}: {}", HOSTILE[h]),
                    None => HOSTILE[h].to_owned(),
                };
            }
            Mutation::InsertLine(i, h) => lines.insert(i % (len + 1), HOSTILE[h].to_owned()),
            Mutation::FlipByte(..) | Mutation::Truncate(_) => bytes_edits.push(m.clone()),
        }
    }
    let mut bytes = lines.join("\n").into_bytes();
    for m in bytes_edits {
        if bytes.is_empty() {
            break;
        }
        let len = bytes.len();
        match m {
            Mutation::FlipByte(i, b) => bytes[i % len] ^= b,
            Mutation::Truncate(i) => bytes.truncate(i % len),
            _ => {}
        }
    }
    bytes
}

proptest! {
    // Each case loads the whole content (about 0.25 s in a debug build), hence fewer cases.
    #![proptest_config(ProptestConfig::with_cases(cases(40)))]

    /// Any shipped content file, mutated: loading the whole content never panics, and every
    /// problem it reports has a real location.
    #[test]
    fn content_loader_survives_mutated_files(
        pick in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let files = embedded();
        let index = pick.index(files.files.len());
        let mut mutated = files.clone();
        let bytes = mutate(&text_of(&files.files[index]), &mutations);
        mutated.files[index].body = FileBody::Bytes(Cow::Owned(bytes));
        let loaded = load(&mutated);
        for d in &loaded.diagnostics {
            prop_assert!(d.location.line >= 1 && d.location.column >= 1);
            prop_assert!(!d.message.chars().any(carcref::safe_text::is_unsafe) || d.message.contains("<U+"));
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(400)))]

    /// Any shipped scenario, mutated: it either loads and plays without panicking, or is
    /// refused with located problems.
    #[test]
    fn scenario_loader_and_runner_survive_mutated_scenarios(
        pick in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let scenarios: Vec<&ContentFile> = embedded()
            .files
            .iter()
            .filter(|f| f.path.starts_with("scenarios/"))
            .collect();
        let file = scenarios[pick.index(scenarios.len())];
        let bytes = mutate(&text_of(file), &mutations);
        let text = String::from_utf8_lossy(&bytes);
        let mut diags = Diagnostics::default();
        match load_scenario("x.yaml", "x.yaml", &text, corpus(), &mut diags) {
            Some(scenario) => {
                prop_assert!(diags.is_empty());
                let _ = carcref::scenario::run(&scenario, corpus());
            }
            None => prop_assert!(!diags.is_empty(), "a refused scenario says why"),
        }
        for d in diags.into_sorted() {
            prop_assert!(d.location.line >= 1 && d.location.column >= 1);
        }
    }

    /// Markdown from rule texts, mutated and spliced with hostile pieces: the HTML never
    /// runs script, never fetches anything, and heading ids stay unique.
    #[test]
    fn markdown_renderer_stays_inert(
        pick in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..8),
    ) {
        let rules: Vec<&ContentFile> = embedded()
            .files
            .iter()
            .filter(|f| f.path.ends_with(".md"))
            .collect();
        let bytes = mutate(&text_of(rules[pick.index(rules.len())]), &mutations);
        let markdown = String::from_utf8_lossy(&bytes);
        let (html, headings) = to_html(&markdown, &|_| Some("x.html".into()), "h", 1);
        let lower = html.to_ascii_lowercase();
        prop_assert!(!lower.contains("<script"), "{html}");
        prop_assert!(!lower.contains("<img"), "{html}");
        prop_assert!(!lower.contains("href=\"javascript:"), "{html}");
        let ids: HashSet<&str> = headings.iter().map(|h| h.id.as_str()).collect();
        prop_assert_eq!(ids.len(), headings.len());
    }
}
