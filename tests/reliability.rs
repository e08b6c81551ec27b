//! Issue 11: what a hostile content contributor or a careless user must not be able to do.
//! Each test is named after the promise it checks; the binary is always run with a time limit,
//! so that a hang fails the test instead of stalling the suite.

use crate::common;

use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{copy_tree, repo};

/// Generous: every case here finishes in well under a second; only a hang comes near it.
const LIMIT: Duration = Duration::from_secs(30);

/// Runs carcref with `args` in `cwd`, killing it after `LIMIT` (then the test fails).
fn run(args: &[&str], cwd: &Path) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .env("CARCREF_NO_CACHE", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the carcref binary runs");
    // Drain both pipes on threads so that a large output cannot block the child.
    let mut out_pipe = child.stdout.take().expect("piped");
    let mut err_pipe = child.stderr.take().expect("piped");
    let out_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = out_pipe.read_to_end(&mut bytes);
        bytes
    });
    let err_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = err_pipe.read_to_end(&mut bytes);
        bytes
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("carcref {args:?} hung: still running after {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out_reader.join().expect("reader"),
        stderr: err_reader.join().expect("reader"),
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn code(output: &Output) -> i32 {
    output.status.code().expect("exited, not killed")
}

/// A small valid content tree in a fresh temporary folder.
fn minimal_content(dir: &Path) -> std::path::PathBuf {
    let content = dir.join("content");
    copy_tree(&repo().join("tests/content/valid-minimal"), &content);
    content
}

const RULINGS: &str = "duchove-carcassonne/rulings/mlha.yaml";
const RULES: &str = "duchove-carcassonne/rules/mlha.md";

#[test]
fn content_symlinks_are_not_followed_outside_the_content_folder() {
    let dir = tempfile::tempdir().unwrap();
    let content = minimal_content(dir.path());
    let secret = dir.path().join("secret.md");
    fs::write(
        &secret,
        "---\nid: dc-tajne\ntitle: Tajné\norder: 90\n---\nHESLO-K-BANCE-123\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(&secret, content.join("duchove-carcassonne/rules/tajne.md"))
        .unwrap();
    // A link to a folder, even inside the content, is not followed (it could loop).
    std::os::unix::fs::symlink(&content, content.join("duchove-carcassonne/rules/kruh")).unwrap();

    let content_arg = content.to_str().unwrap();
    let validate = run(&["--content", content_arg, "validate"], dir.path());
    let messages = text(&validate.stderr) + &text(&validate.stdout);
    assert_eq!(code(&validate), 1, "{messages}");
    assert!(
        messages.contains("tajne.md:1:1") && messages.contains("mimo složku s obsahem"),
        "{messages}"
    );
    assert!(messages.contains("kruh:1:1"), "{messages}");

    let out = dir.path().join("public");
    let build = run(
        &[
            "--content",
            content_arg,
            "build",
            "--out",
            out.to_str().unwrap(),
        ],
        dir.path(),
    );
    assert_ne!(code(&build), 0);
    assert!(!out.exists(), "nothing is published from such content");
    let search = run(&["--content", content_arg, "search", "HESLO"], dir.path());
    assert!(!text(&search.stdout).contains("HESLO"));

    // A link that stays inside the content folder is read like the file itself.
    fs::remove_file(content.join("duchove-carcassonne/rules/tajne.md")).unwrap();
    fs::remove_file(content.join("duchove-carcassonne/rules/kruh")).unwrap();
    // Hidden files are not content themselves, so the original is read only through the link.
    let original = content.join("duchove-carcassonne/rules/.mlha.md");
    fs::rename(content.join(RULES), &original).unwrap();
    std::os::unix::fs::symlink(&original, content.join(RULES)).unwrap();
    let validate = run(&["--content", content_arg, "validate"], dir.path());
    assert_eq!(code(&validate), 0, "{}", text(&validate.stderr));
}

/// A mistyped path is the commonest input error at the table: the reason is Czech, not the
/// system's English ("No such file or directory (os error 2)").
#[test]
fn a_missing_or_wrong_path_is_explained_in_czech() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            vec!["check", "situace.yaml"],
            "takový soubor nebo složka neexistuje",
        ),
        (vec!["check", "."], "je to složka, ne soubor"),
        (
            vec!["--content", "obsah", "validate"],
            "takový soubor nebo složka neexistuje",
        ),
    ];
    for (args, reason) in cases {
        let output = run(&args, dir.path());
        let stderr = text(&output.stderr);
        assert_eq!(code(&output), 2, "{args:?}: {stderr}");
        assert!(stderr.contains(reason), "{args:?}: {stderr}");
        assert!(!stderr.contains("os error"), "{args:?}: {stderr}");
    }
}

#[test]
fn no_hangs_on_fifos_and_devices() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("situace.yaml");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let check = run(&["check", fifo.to_str().unwrap()], dir.path());
    assert_eq!(code(&check), 2);
    assert!(
        text(&check.stderr).contains("není obyčejný soubor"),
        "{}",
        text(&check.stderr)
    );

    let device = run(&["check", "/dev/zero"], dir.path());
    assert_eq!(code(&device), 2, "{}", text(&device.stderr));

    let content = minimal_content(dir.path());
    let fifo_inside = content.join("duchove-carcassonne/rulings/roura.yaml");
    assert!(Command::new("mkfifo")
        .arg(&fifo_inside)
        .status()
        .unwrap()
        .success());
    let validate = run(
        &["--content", content.to_str().unwrap(), "validate"],
        dir.path(),
    );
    assert_eq!(code(&validate), 1);
    assert!(
        text(&validate.stderr).contains("roura.yaml:1:1"),
        "{}",
        text(&validate.stderr)
    );

    let fds = run(&["--content", "/proc/self/fd", "validate"], dir.path());
    assert_ne!(code(&fds), 0);
    assert_ne!(code(&fds), 101, "no panic");
}

#[test]
fn no_runaway_work_on_duplicate_headings_or_huge_folders() {
    let dir = tempfile::tempdir().unwrap();
    let content = minimal_content(dir.path());
    // 8,000 equal headings took 130 s when each new id rescanned all the earlier ones.
    let mut rules = fs::read_to_string(content.join(RULES)).unwrap();
    for _ in 0..8000 {
        rules.push_str("\n## Stejný nadpis\n\ntext\n");
    }
    fs::write(content.join(RULES), rules).unwrap();
    let out = dir.path().join("public");
    let build = run(
        &[
            "--content",
            content.to_str().unwrap(),
            "build",
            "--out",
            out.to_str().unwrap(),
        ],
        dir.path(),
    );
    assert_eq!(code(&build), 0, "{}", text(&build.stderr));
    let page = fs::read_to_string(out.join("hry/duchove-carcassonne/index.html")).unwrap();
    assert!(
        page.contains("stejny-nadpis-8000\""),
        "every heading has its own id"
    );

    // A folder that is plainly not content (thousands of files) is refused as a whole.
    let huge = dir.path().join("huge");
    fs::create_dir(&huge).unwrap();
    for i in 0..5_100 {
        fs::write(huge.join(format!("f{i}.txt")), "x").unwrap();
    }
    let refused = run(
        &["--content", huge.to_str().unwrap(), "validate"],
        dir.path(),
    );
    assert_eq!(code(&refused), 2);
    assert!(
        text(&refused.stderr).contains("víc než 5000 souborů"),
        "{}",
        text(&refused.stderr)
    );
}

/// A shipped scenario with its `expect` replaced by `tail` (and the head edited by `edit`).
fn scenario_variant(edit: impl Fn(&str) -> String, tail: &str) -> String {
    let base =
        fs::read_to_string(repo().join("content/scenarios/zakladni/cesta-bod-za-karticku.yaml"))
            .unwrap();
    let head = base.split("expect:").next().unwrap();
    format!("{}{tail}", edit(head))
}

#[test]
fn scenarios_are_strict() {
    let same = |head: &str| head.to_owned();
    let mists = |head: &str| {
        head.replace(
            "ruleset: zakladni-hra",
            "ruleset: duchove-carcassonne\nSETUP",
        )
        .replace("start: zakladni", "start: duchove-2x2")
    };
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "unknown key",
            scenario_variant(same, "expect:\n  scroe: {red: 4}\n"),
            "neznámé pole `scroe`",
        ),
        (
            "expect as a list",
            scenario_variant(same, "expect: [score, 4]\n"),
            "pole `expect` má být mapování",
        ),
        (
            "expect as a string",
            scenario_variant(same, "expect: red wins\n"),
            "pole `expect` má být mapování",
        ),
        (
            "rejected as a list of numbers",
            scenario_variant(same, "expect:\n  rejected: [1, 2]\n"),
            "položky `rejected` mají být mapování",
        ),
        (
            "rejected as text",
            scenario_variant(same, "expect:\n  rejected: step one\n"),
            "`rejected` má tvar",
        ),
        (
            "setup as a list",
            scenario_variant(
                |h| h.replace("players:", "setup: [1]\nplayers:"),
                "expect:\n  completed: 1\n",
            ),
            "pole `setup` má být mapování",
        ),
        (
            "gift as a list",
            scenario_variant(
                |h| {
                    h.replace(
                        "ruleset: zakladni-hra",
                        "ruleset: zakladni-hra\nexpansions: [darky]",
                    )
                    .replacen(
                        "    meeple: none\n",
                        "    meeple: none\n    gift: [koncil]\n",
                        1,
                    )
                },
                "expect:\n  completed: 1\n",
            ),
            "pole `gift` má být mapování",
        ),
        (
            "a step with both end and place",
            scenario_variant(
                |h| {
                    h.replacen(
                        "  - place: zh-klaster",
                        "  - end: game\n    place: zh-klaster",
                        1,
                    )
                },
                "expect:\n  completed: 1\n",
            ),
            "ne `place` a `end`",
        ),
        (
            "a second YAML document",
            scenario_variant(same, "expect:\n  completed: 1\n---\ntitle: druhý\n"),
            "víc dokumentů YAML",
        ),
        (
            "a track beyond 32 bits",
            scenario_variant(
                |h| mists(h).replace("SETUP", "setup: {level: 2, track: 4294967296}"),
                "expect:\n  completed: 1\n",
            ),
            "pole `track` má být od 0 do 1000, ne 4294967296",
        ),
        (
            "more start ghosts than the start tile holds",
            scenario_variant(
                |h| mists(h).replace("SETUP", "setup: {level: 2, start_ghosts: 1000}"),
                "expect:\n  completed: 1\n",
            ),
            "pole `start_ghosts` má být od 0 do 3, ne 1000",
        ),
        (
            "a negative count",
            scenario_variant(same, "expect:\n  completed: -1\n"),
            "pole `completed` má být od 0 do 1000, ne -1",
        ),
        (
            "a score beyond 32 bits",
            scenario_variant(same, "expect:\n  score: {red: 4294967300}\n"),
            "`score` očekává celé číslo od 0 do 10000",
        ),
        (
            "a ruling without expectations",
            scenario_variant(same, ""),
            "scénář bez očekávání",
        ),
        (
            "a ruling with an empty expect",
            scenario_variant(same, "expect: {}\n"),
            "scénář bez očekávání",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, yaml, message) in cases {
        let file = dir.path().join("situace.yaml");
        fs::write(&file, &yaml).unwrap();
        let output = run(&["check", file.to_str().unwrap()], dir.path());
        let stderr = text(&output.stderr);
        assert_eq!(code(&output), 2, "{name}: {stderr}\n{yaml}");
        assert!(stderr.contains(message), "{name}: {stderr}");
        assert!(
            stderr.contains("situace.yaml:"),
            "{name}: located: {stderr}"
        );
    }

    // Several refused steps are one list, each checked.
    let two = scenario_variant(
        |h| {
            h.replace(
                "rotation: 270",
                "rotation: 270\n  - place: zh-cesta-rovna\n    at: [9, 9]\n    rotation: 0",
            )
        },
        "expect:\n  rejected:\n    - {step: 4, reason: zh.prilozeni.soused}\n",
    );
    let file = dir.path().join("odmitnuti.yaml");
    fs::write(&file, two).unwrap();
    let output = run(&["check", file.to_str().unwrap()], dir.path());
    assert_ne!(code(&output), 2, "{}", text(&output.stderr));
}

#[test]
fn control_characters_never_reach_a_terminal_or_an_svg() {
    let dir = tempfile::tempdir().unwrap();
    let content = minimal_content(dir.path());
    let rulings = fs::read_to_string(content.join(RULINGS)).unwrap();
    let hostile = rulings.replace(
        "answer_short: Ne",
        "answer_short: \"Ne\\e]0;pwned\\a\\e[2J\"",
    );
    assert_ne!(hostile, rulings);
    fs::write(content.join(RULINGS), hostile).unwrap();
    let content_arg = content.to_str().unwrap();

    let validate = run(&["--content", content_arg, "validate"], dir.path());
    let stderr = text(&validate.stderr);
    assert_eq!(code(&validate), 1, "{stderr}");
    assert!(stderr.contains("řídicí znak <U+001B>"), "{stderr}");
    assert!(stderr.contains("mlha.yaml:"), "{stderr}");

    // Escapes written raw into the file (not as YAML escapes) are refused the same way.
    let raw = rulings.replace("answer_short: Ne", "answer_short: Ne\u{1b}]0;pwned\u{7}");
    fs::write(content.join(RULINGS), raw).unwrap();
    for args in [
        vec!["--content", content_arg, "validate"],
        vec!["--content", content_arg, "search", "mlha"],
        vec!["--content", content_arg, "list"],
    ] {
        let output = run(&args, dir.path());
        let all = text(&output.stdout) + &text(&output.stderr);
        assert!(
            !all.contains('\u{1b}') && !all.contains('\u{7}'),
            "{args:?}: {all:?}"
        );
    }

    // A file name is not content, but it is printed too.
    let named = dir.path().join("named");
    copy_tree(&repo().join("tests/content/valid-minimal"), &named);
    fs::write(named.join("x\u{1b}]0;pwned\u{7}.txt"), "x").unwrap();
    let output = run(
        &["--content", named.to_str().unwrap(), "validate"],
        dir.path(),
    );
    let all = text(&output.stdout) + &text(&output.stderr);
    assert_eq!(code(&output), 1, "{all}");
    assert!(!all.contains('\u{1b}'), "{all:?}");
    assert!(all.contains("x<U+001B>]0;pwned<U+0007>.txt"), "{all}");

    // An SVG drawn from a scenario whose file name carries control characters stays XML.
    let scenario = dir.path().join("plan\u{1b}[2J.yaml");
    fs::copy(
        repo().join("content/scenarios/zakladni/cesta-bod-za-karticku.yaml"),
        &scenario,
    )
    .unwrap();
    let svg = dir.path().join("plan.svg");
    let output = run(
        &[
            "check",
            scenario.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ],
        dir.path(),
    );
    assert_eq!(code(&output), 0, "{}", text(&output.stderr));
    let all = text(&output.stdout) + &text(&output.stderr);
    assert!(!all.contains('\u{1b}'), "{all:?}");
    let picture = fs::read_to_string(&svg).unwrap();
    assert!(!picture.chars().any(carcref::safe_text::is_unsafe));
}

#[test]
fn write_errors_are_reported() {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["list", "--json"])
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("výstup nelze zapsat"), "{stderr}");

    // A reader that goes away (`| head`) ends the program quietly and successfully.
    let mut child = Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(["list", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");
}

/// A check nobody waits for any more stops between two steps (issue 24): `serve` sets the
/// flag when the client leaves or the time runs out, and the engine gives up at once,
/// saying why, instead of playing the rest of a long scenario.
#[test]
fn a_cancelled_check_stops_between_steps() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let corpus = carcref::content::load(&carcref::content::ContentFiles::embedded()).corpus;
    let mut yaml = String::from(
        "title: Dlouhá\nruleset: zakladni-hra\nstart: zakladni\nplayers: [red, blue]\nsteps:\n",
    );
    for _ in 0..8_000 {
        yaml.push_str("- {place: zh-klaster, at: [5, 5]}\n");
    }
    // Timed warm: a first check also sets up what every later one shares, and a cold
    // measure let the cancelled check end before its flag was set.
    assert!(matches!(
        carcref::browser::check(&corpus, &yaml),
        carcref::browser::Checked::Verdict(_)
    ));
    let whole = Instant::now();
    let played = carcref::browser::check(&corpus, &yaml);
    let whole = whole.elapsed();
    assert!(matches!(played, carcref::browser::Checked::Verdict(_)));

    // Stopped between steps: the problem names a step before the last one (line 6 is the
    // first step, the last is line 8,005). On a loaded machine one run may end before the flag
    // is set, so of five runs at least one must be stopped, and every stopped run early.
    let last_step = yaml.lines().count();
    let mut stopped_at = Vec::new();
    for _ in 0..5 {
        let cancel = AtomicBool::new(false);
        let checked = std::thread::scope(|scope| {
            let check =
                scope.spawn(|| carcref::browser::check_cancellable(&corpus, &yaml, &cancel));
            std::thread::sleep(whole / 20);
            cancel.store(true, Ordering::Relaxed);
            check.join().unwrap()
        });
        let json = checked.to_json();
        match &checked {
            carcref::browser::Checked::Problems(problems) => {
                assert_eq!(problems.len(), 1, "{json}");
                assert_eq!(problems[0].message, carcref::scenario::CANCELLED, "{json}");
                stopped_at.push(problems[0].location.line);
            }
            carcref::browser::Checked::Verdict(_) => {} // ended before the flag was set
        }
    }
    assert!(
        !stopped_at.is_empty(),
        "none of five checks was stopped by its flag"
    );
    for line in stopped_at {
        assert!(line < last_step, "stopped at line {line} of {last_step}");
    }
}

/// A stray control character is one located problem: the file's rulings still load, so
/// nothing that links to them reports them missing, and no field reads as empty.
#[test]
fn a_control_character_in_a_ruling_is_one_problem() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    copy_tree(&repo().join("content"), &content);
    let file = content.join("darky/rulings/darky.yaml");
    let rulings = fs::read_to_string(&file).unwrap();
    let question = "question: Smím otevřít dárek";
    assert!(rulings.contains(question));
    fs::write(
        &file,
        rulings.replacen(question, "question: Smím\u{1} otevřít dárek", 1),
    )
    .unwrap();
    let validate = run(
        &["--content", content.to_str().unwrap(), "validate"],
        dir.path(),
    );
    let stderr = text(&validate.stderr);
    assert_eq!(code(&validate), 1, "{stderr}");
    let problems: Vec<&str> = stderr.lines().filter(|l| l.contains(".yaml:")).collect();
    assert_eq!(problems.len(), 1, "{stderr}");
    assert!(
        problems[0].contains("darky.yaml:7:17: soubor obsahuje řídicí znak <U+0001>"),
        "{stderr}"
    );
}
