//! The on-disk search index cache (issue 11): it removes only what it created, and a damaged
//! entry never makes a search panic or answer wrongly.
//!
//! The tests find a cache entry as the folder holding `carcref-meta.json`, so that they do not
//! depend on where in the cache folder the entries live.

use crate::common;

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, SystemTime};

use carcref::content::{load, ContentFiles};
use carcref::search::IndexCache;
use carcref::search::{AnalyzerChoice, SearchIndex};
use common::{copy_tree, repo, stderr, stdout};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

const QUERY: &str = "hřbitov";
const EDITED_FILE: &str = "duchove-carcassonne/rulings/uroven-2-hrbitov.yaml";
const EDITED_TEXT: &str = "Vzdáním se bodů nebo uzavřením hřbitova";

/// A copy of the repository's content; variant `n > 0` differs in one answer that the
/// search for `QUERY` shows.
fn content_copy(dir: &Path, variant: usize) -> PathBuf {
    copy_tree(&repo().join("content"), dir);
    if variant > 0 {
        let file = dir.join(EDITED_FILE);
        let text = fs::read_to_string(&file).unwrap();
        assert!(text.contains(EDITED_TEXT));
        let edited = text.replace(EDITED_TEXT, &format!("{EDITED_TEXT} (varianta {variant})"));
        fs::write(file, edited).unwrap();
    }
    dir.to_path_buf()
}

/// `carcref --content <content> search QUERY`, with `cache` as the cache folder, or no cache.
fn search(content: &Path, cache: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carcref"));
    command
        .arg("--content")
        .arg(content)
        .args(["search", QUERY])
        .current_dir(repo())
        .env("NO_COLOR", "1")
        .env_remove("CARCREF_NO_CACHE");
    match cache {
        Some(dir) => command.env("CARCREF_CACHE_DIR", dir),
        None => command.env("CARCREF_NO_CACHE", "1"),
    };
    command.output().expect("the carcref binary runs")
}

/// The search's stdout, after checking that it exited normally.
fn searched(content: &Path, cache: Option<&Path>, what: &str) -> String {
    let output = search(content, cache);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{what}: exit code; stderr:\n{}",
        stderr(&output)
    );
    assert!(!stderr(&output).contains("panicked"), "{what}");
    stdout(&output)
}

/// Every folder under `root` (not following symlinks) that holds a cache entry.
fn entries(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        if dir.join("carcref-meta.json").is_file() {
            found.push(dir.clone());
        }
        for child in fs::read_dir(&dir).unwrap() {
            let child = child.unwrap();
            if child.file_type().unwrap().is_dir() {
                stack.push(child.path());
            }
        }
    }
    found.sort();
    found
}

fn only_entry(root: &Path) -> PathBuf {
    let found = entries(root);
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].clone()
}

fn set_old(path: &Path) {
    let old = SystemTime::now() - Duration::from_secs(10 * 365 * 24 * 3600);
    fs::File::open(path).unwrap().set_modified(old).unwrap();
}

/// Every path under `dir` (not following symlinks), relative, with file contents.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Option<Vec<u8>>)> {
    let mut all = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(current) = stack.pop() {
        for child in fs::read_dir(&current).unwrap() {
            let child = child.unwrap();
            let path = child.path();
            let relative = path.strip_prefix(dir).unwrap().to_path_buf();
            let kind = child.file_type().unwrap();
            if kind.is_dir() {
                stack.push(path);
                all.push((relative, None));
            } else if kind.is_symlink() {
                all.push((
                    relative,
                    Some(
                        fs::read_link(&path)
                            .unwrap()
                            .into_os_string()
                            .into_encoded_bytes(),
                    ),
                ));
            } else {
                all.push((relative, Some(fs::read(&path).unwrap())));
            }
        }
    }
    all.sort();
    all
}

#[test]
fn cache_deletes_only_what_it_created() {
    let work = tempfile::tempdir().unwrap();
    let contents: Vec<PathBuf> = (0..5)
        .map(|n| content_copy(&work.path().join(format!("content-{n}")), n))
        .collect();
    // A project folder used as the cache folder, with older things of its own.
    let project = work.path().join("project");
    fs::create_dir_all(project.join("docs/guide")).unwrap();
    fs::write(project.join("docs/index.md"), "# Docs\n").unwrap();
    fs::write(project.join("docs/guide/setup.md"), "Setup\n").unwrap();
    fs::write(project.join("notes.txt"), "notes\n").unwrap();
    fs::create_dir(project.join("0123456789abcdef")).unwrap();
    fs::write(project.join("0123456789abcdef/meta.json"), "{}").unwrap();
    fs::create_dir(project.join(".tmp-old")).unwrap();
    fs::write(project.join(".tmp-old/keep.txt"), "mine\n").unwrap();
    for path in [
        "docs/index.md",
        "docs/guide/setup.md",
        "docs/guide",
        "docs",
        "notes.txt",
        "0123456789abcdef/meta.json",
        "0123456789abcdef",
        ".tmp-old/keep.txt",
        ".tmp-old",
    ] {
        set_old(&project.join(path));
    }
    let before = snapshot(&project);

    searched(&contents[0], Some(&project), "first search");
    // Beside the first entry, things the cache did not make: a symlink to a folder outside
    // that looks exactly like an entry, and folders without an entry's marker.
    let entry_parent = only_entry(&project).parent().unwrap().to_path_buf();
    let outside = work.path().join("outside");
    copy_tree(&only_entry(&project), &outside);
    std::os::unix::fs::symlink(&outside, entry_parent.join("fedcba9876543210")).unwrap();
    let mut foreign = Vec::new();
    for name in ["foreign", "aaaaaaaaaaaaaaaa", ".tmp-aaaaaaaaaaaaaaaa-1-1"] {
        let dir = entry_parent.join(name);
        fs::create_dir(&dir).unwrap();
        fs::write(dir.join("data.txt"), name).unwrap();
        set_old(&dir.join("data.txt"));
        set_old(&dir);
        foreign.push(dir);
    }
    let outside_before = snapshot(&outside);

    for (n, content) in contents.iter().enumerate().skip(1) {
        searched(content, Some(&project), &format!("content {n}"));
    }
    searched(&contents[0], Some(&project), "first content again");

    let after = snapshot(&project);
    let lost: Vec<&PathBuf> = before
        .iter()
        .filter(|item| !after.contains(item))
        .map(|item| &item.0)
        .collect();
    assert!(lost.is_empty(), "changed or removed: {lost:?}");
    assert_eq!(
        snapshot(&outside),
        outside_before,
        "the symlinked folder was changed"
    );
    for dir in &foreign {
        assert_eq!(
            fs::read_to_string(dir.join("data.txt")).ok().as_deref(),
            dir.file_name().and_then(|n| n.to_str()),
            "{dir:?}"
        );
    }
    // The cache still prunes its own entries: the three newest stay.
    assert_eq!(
        entries(&entry_parent).len(),
        3,
        "{:?}",
        entries(&entry_parent)
    );
}

/// One way of damaging a stored entry: `entry` is the entry for the searched content, `other`
/// an entry for different content.
type Damage = Box<dyn Fn(&Path, &Path) + Sync>;
/// Where in a file to write: a name, and the offset for a file length.
type Place = (&'static str, fn(usize) -> usize);

fn with_extension(entry: &Path, extension: &str) -> PathBuf {
    fs::read_dir(entry)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == extension))
        .unwrap_or_else(|| panic!("no .{extension} file in {entry:?}"))
}

fn overwrite_with_ff(file: &Path, at: fn(usize) -> usize) {
    let mut bytes = fs::read(file).unwrap();
    assert!(bytes.len() >= 8, "{file:?}");
    let start = at(bytes.len()).min(bytes.len() - 8);
    bytes[start..start + 8].fill(0xFF);
    fs::write(file, bytes).unwrap();
}

fn edit_json(file: &Path, edit: impl Fn(&mut serde_json::Value)) {
    let mut json: serde_json::Value = serde_json::from_slice(&fs::read(file).unwrap()).unwrap();
    edit(&mut json);
    fs::write(file, serde_json::to_vec_pretty(&json).unwrap()).unwrap();
}

fn replace_dir(target: &Path, from: &Path) {
    fs::remove_dir_all(target).unwrap();
    copy_tree(from, target);
}

fn damages(entry: &Path) -> Vec<(String, Damage)> {
    let mut all: Vec<(String, Damage)> = Vec::new();
    let mut names: Vec<String> = fs::read_dir(entry)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    for name in names.iter().filter(|n| n.ends_with(".json")) {
        let owned = name.clone();
        all.push((
            format!("{name} truncated"),
            Box::new(move |entry, _| {
                let file = entry.join(&owned);
                let bytes = fs::read(&file).unwrap();
                fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
            }),
        ));
    }
    for extension in ["term", "store", "fast", "idx", "pos", "fieldnorm"] {
        let places: [Place; 3] = [
            ("start", |_| 0),
            ("middle", |len| len / 2),
            ("end", |len| len - 8),
        ];
        for (place, at) in places {
            all.push((
                format!("8 bytes of 0xFF at the {place} of .{extension}"),
                Box::new(move |entry, _| overwrite_with_ff(&with_extension(entry, extension), at)),
            ));
        }
    }
    all.push((
        "max_doc: 1 in meta.json".into(),
        Box::new(|entry, _| {
            edit_json(&entry.join("meta.json"), |json| {
                json["segments"][0]["max_doc"] = 1.into();
            })
        }),
    ));
    all.push((
        "documents reversed in carcref-meta.json".into(),
        Box::new(|entry, _| {
            edit_json(&entry.join("carcref-meta.json"), |json| {
                json["docs"].as_array_mut().unwrap().reverse();
            })
        }),
    ));
    all.push((
        "entry of other content under this key".into(),
        Box::new(replace_dir),
    ));
    all.push((
        "carcref-meta.json of other content".into(),
        Box::new(|entry, other| {
            fs::copy(
                other.join("carcref-meta.json"),
                entry.join("carcref-meta.json"),
            )
            .unwrap();
        }),
    ));
    all.push((
        "every file of other content, same names kept".into(),
        Box::new(|entry, other| {
            for child in fs::read_dir(other).unwrap() {
                let child = child.unwrap();
                fs::copy(child.path(), entry.join(child.file_name())).unwrap();
            }
        }),
    ));
    all.push((
        ".term and .idx swapped".into(),
        Box::new(|entry, _| {
            let (term, idx) = (with_extension(entry, "term"), with_extension(entry, "idx"));
            let (a, b) = (fs::read(&term).unwrap(), fs::read(&idx).unwrap());
            fs::write(&term, b).unwrap();
            fs::write(&idx, a).unwrap();
        }),
    ));
    for name in names.iter().filter(|n| !n.ends_with(".lock")) {
        let owned = name.clone();
        all.push((
            format!("{name} deleted"),
            Box::new(move |entry, _| fs::remove_file(entry.join(&owned)).unwrap()),
        ));
    }
    all.push((
        "extra files".into(),
        Box::new(|entry, _| {
            fs::write(
                entry.join("00000000000000000000000000000000.term"),
                [0xFF; 64],
            )
            .unwrap();
            fs::write(entry.join("notes.txt"), "x").unwrap();
        }),
    ));
    all
}

#[test]
fn damaged_cache_never_panics_or_lies() {
    let work = tempfile::tempdir().unwrap();
    let content = content_copy(&work.path().join("content"), 0);
    let other_content = content_copy(&work.path().join("other-content"), 1);
    let reference = searched(&content, None, "no cache");
    assert_ne!(
        reference,
        searched(&other_content, None, "other content, no cache"),
        "the other content must answer differently"
    );
    let template = work.path().join("template");
    assert_eq!(searched(&content, Some(&template), "storing"), reference);
    let other_cache = work.path().join("other-cache");
    searched(&other_content, Some(&other_cache), "storing other content");
    let other_entry = only_entry(&other_cache);

    let template_entry = only_entry(&template);
    let cases = damages(&template_entry);
    // Each case rebuilds the index in a child process; two at a time.
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let check = |n: usize, what: &str, damage: &Damage| {
        let cache = work.path().join(format!("cache-{n}"));
        copy_tree(&template, &cache);
        let entry = cache.join(template_entry.strip_prefix(&template).unwrap());
        damage(&entry, &other_entry);
        // The damaged run, then the run after it (the entry rebuilt or still refused).
        for run in ["damaged", "after"] {
            let output = search(&content, Some(&cache));
            let same = stdout(&output) == reference;
            if output.status.code() != Some(0) || stderr(&output).contains("panicked") || !same {
                failures.lock().unwrap().push(format!(
                    "{what} ({run} run): exit {:?}, stdout {}, stderr {}",
                    output.status.code(),
                    if same { "same" } else { "DIFFERENT" },
                    stderr(&output).lines().next().unwrap_or("")
                ));
                return;
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let n = next.fetch_add(1, Ordering::Relaxed);
                let Some((what, damage)) = cases.get(n) else {
                    break;
                };
                check(n, what, damage);
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} damage kinds failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Changes to the files of a stored entry; file numbers count in the sorted file list.
#[derive(Debug, Clone)]
enum Change {
    Flip { file: usize, at: usize, mask: u8 },
    Ff { file: usize, at: usize },
    Truncate { file: usize, keep: usize },
    Swap { a: usize, b: usize },
    Delete { file: usize },
    Extra { file: usize },
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        (any::<usize>(), any::<usize>(), 1..=255u8).prop_map(|(file, at, mask)| Change::Flip {
            file,
            at,
            mask
        }),
        (any::<usize>(), any::<usize>()).prop_map(|(file, at)| Change::Ff { file, at }),
        (any::<usize>(), any::<usize>()).prop_map(|(file, keep)| Change::Truncate { file, keep }),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Change::Swap { a, b }),
        any::<usize>().prop_map(|file| Change::Delete { file }),
        any::<usize>().prop_map(|file| Change::Extra { file }),
    ]
}

fn apply(entry: &Path, change: &Change) {
    let mut names: Vec<PathBuf> = fs::read_dir(entry)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    if names.is_empty() {
        return;
    }
    let pick = |n: usize| names[n % names.len()].clone();
    match *change {
        Change::Flip { file, at, mask } => {
            let mut bytes = fs::read(pick(file)).unwrap();
            if !bytes.is_empty() {
                let at = at % bytes.len();
                bytes[at] ^= mask;
                fs::write(pick(file), bytes).unwrap();
            }
        }
        Change::Ff { file, at } => {
            let mut bytes = fs::read(pick(file)).unwrap();
            let start = at % (bytes.len() + 1);
            let end = (start + 8).min(bytes.len());
            bytes[start..end].fill(0xFF);
            fs::write(pick(file), bytes).unwrap();
        }
        Change::Truncate { file, keep } => {
            let bytes = fs::read(pick(file)).unwrap();
            fs::write(pick(file), &bytes[..keep % (bytes.len() + 1)]).unwrap();
        }
        Change::Swap { a, b } => {
            let (first, second) = (fs::read(pick(a)).unwrap(), fs::read(pick(b)).unwrap());
            fs::write(pick(a), second).unwrap();
            fs::write(pick(b), first).unwrap();
        }
        Change::Delete { file } => fs::remove_file(pick(file)).unwrap(),
        Change::Extra { file } => {
            let mut name = pick(file).into_os_string();
            name.push(".extra");
            fs::copy(pick(file), name).unwrap();
        }
    }
}

/// Everything a search shows, for a few queries of different kinds.
fn answers(index: &SearchIndex) -> Vec<String> {
    [
        "duchové na hřbitově",
        "MoC 27",
        "big meeple",
        "hrbytov",
        "mlha louka cesta",
    ]
    .iter()
    .map(|query| {
        format!(
            "{:?}",
            index.search(query, &Default::default()).map(|r| r.hits)
        )
    })
    .collect()
}

struct Stored {
    root: PathBuf,
    key: String,
    fresh: Vec<String>,
}

/// One stored entry of the embedded content, and what a fresh index answers.
fn stored() -> &'static Stored {
    static STORED: OnceLock<Stored> = OnceLock::new();
    STORED.get_or_init(|| {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache-safety-fuzz");
        let _ = fs::remove_dir_all(&root);
        let files = ContentFiles::embedded();
        let key = IndexCache::key(&files);
        let corpus = load(&files).corpus;
        IndexCache::at(&root).store(&key, &corpus).unwrap();
        let fresh = answers(&SearchIndex::build(&corpus, AnalyzerChoice::Czech).unwrap());
        Stored { root, key, fresh }
    })
}

#[test]
fn damaged_cache_entry_fuzz_never_panics_or_lies() {
    const CASES: u32 = 64;
    let stored = stored();
    let ran = AtomicUsize::new(0);
    let rejected = AtomicUsize::new(0);
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&prop::collection::vec(change(), 1..4), |changes| {
        ran.fetch_add(1, Ordering::Relaxed);
        let root = tempfile::tempdir().unwrap();
        copy_tree(&stored.root, root.path());
        let entry = only_entry(root.path());
        for change in &changes {
            apply(&entry, change);
        }
        let cache = IndexCache::at(root.path());
        let opened = catch_unwind(AssertUnwindSafe(|| {
            cache.open(&stored.key).map(|index| answers(&index))
        }));
        let Ok(opened) = opened else {
            return Err(TestCaseError::fail("opening or searching panicked"));
        };
        match opened {
            Some(got) => prop_assert!(got == stored.fresh, "a damaged entry answered otherwise"),
            None => {
                rejected.fetch_add(1, Ordering::Relaxed);
            }
        }
        Ok(())
    });
    let (ran, rejected) = (ran.into_inner(), rejected.into_inner());
    println!("cache fuzz: {ran} cases run (shrinking included), {rejected} entries rejected");
    if let Err(error) = result {
        panic!("{error}");
    }
    assert!(ran >= CASES as usize);
}

/// Someone who can write to the cache may forge an entry whose checksums match; what the
/// index reader then does is not ours to promise, but a panic caught while opening it must not
/// print a crash on stderr: the entry is rebuilt quietly.
#[test]
fn a_forged_entry_that_panics_the_reader_is_rebuilt_without_a_crash_message() {
    let work = tempfile::tempdir().unwrap();
    let content = content_copy(&work.path().join("content"), 0);
    let cache = work.path().join("cache");
    let reference = searched(&content, Some(&cache), "storing");
    let entry = only_entry(&cache);
    let fast = with_extension(&entry, "fast");
    overwrite_with_ff(&fast, |len| len / 4);
    // The checksums recomputed, as a forger would.
    let manifest_path = entry.join("carcref-manifest.json");
    let mut manifest: serde_json::Value =
        serde_json::from_slice(&fs::read(&manifest_path).unwrap()).unwrap();
    let name = fast.file_name().unwrap().to_str().unwrap();
    let bytes = fs::read(&fast).unwrap();
    for file in manifest["files"].as_array_mut().unwrap() {
        if file["name"] == name {
            file["crc32"] = crc32fast::hash(&bytes).into();
        }
    }
    fs::write(&manifest_path, serde_json::to_vec(&manifest).unwrap()).unwrap();
    let output = search(&content, Some(&cache));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!stderr(&output).contains("panicked"), "{}", stderr(&output));
    assert_eq!(stdout(&output), reference);
}
