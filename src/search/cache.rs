//! Keeps the built search index on disk between runs, keyed by a hash of the content, so that
//! a repeated `carcref search` neither parses the content nor rebuilds the index. Any problem
//! with the cache (no home folder, read-only disk, a damaged entry) only means building the
//! index in memory as if there were no cache.
//!
//! The cache folder may be shared with anything (`CARCREF_CACHE_DIR=.`), so the program keeps
//! its entries in one folder of its own, `<root>/carcref-index-v4/`, marked by a
//! `CACHEDIR.TAG`, and removes only entries in that folder that carry its entry marker, never
//! following symlinks. Each entry has a manifest (layout, key, every file with its size and
//! CRC-32); an entry is used only when its files match the manifest byte for byte, so a damaged
//! or misplaced entry is dropped and rebuilt, never trusted.

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

use super::index::{SearchError, SearchIndex};
use crate::content::{ContentFiles, FileBody};
use crate::model::Corpus;

/// Bump when the index layout changes: a new version gets a new folder, so old entries are
/// never read. Also the name of the folder the program owns inside the cache root.
const LAYOUT_VERSION: &str = "carcref-index-v4";
/// How many content versions stay cached (a maintainer switches between a few copies).
const KEEP_ENTRIES: usize = 3;
/// Half-written entries older than this were left by a process that died.
const STALE_TEMP: Duration = Duration::from_secs(3600);

/// Marks the owned folder, for backup tools (https://bford.info/cachedir/) and for us: the
/// program removes nothing in a folder without exactly this tag.
const TAG_FILE: &str = "CACHEDIR.TAG";
const TAG: &str = "Signature: 8a477f597d28d172789f06886806bc55\n\
# This file is a cache directory tag created by carcref (search index cache).\n\
# For information about cache directory tags see https://bford.info/cachedir/\n";
/// Written first into every entry (also a half-written one), so that the program can tell
/// its own entries from anything else before removing one.
const ENTRY_MARKER: &str = "carcref-entry";
const MARKER_TEXT: &[u8] = b"carcref search index entry\n";
/// Written last into every entry: what the entry must contain to be used.
const MANIFEST: &str = "carcref-manifest.json";
const TEMP_PREFIX: &str = ".tmp-";

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    layout: String,
    key: String,
    /// Every file of the entry besides the manifest, sorted by name.
    files: Vec<FileSum>,
}

/// Runs `open`, a panic turned into `None` without its message on stderr: a cache entry the
/// reader cannot open is rebuilt, not reported as a crash. The panic hook is swapped under a
/// lock, so that two threads doing this never leave the silent hook in place.
fn quietly<T>(open: impl FnOnce() -> T + std::panic::UnwindSafe) -> Option<T> {
    static SWAP: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _swapping = SWAP
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(open);
    std::panic::set_hook(previous);
    result.ok()
}

/// CRC-32 (crc32fast, which tantivy already uses, so no new code is built) detects accidental
/// damage (bit flips, truncation, files mixed up) and costs microseconds on a few hundred KB;
/// the cache guards against accidents, not against someone forging entries.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSum {
    name: String,
    size: u64,
    crc32: u32,
}

impl FileSum {
    fn of(name: String, bytes: &[u8]) -> Self {
        FileSum {
            name,
            size: bytes.len() as u64,
            crc32: crc32fast::hash(bytes),
        }
    }
}

pub struct IndexCache {
    root: PathBuf,
}

impl IndexCache {
    /// `CARCREF_CACHE_DIR`, else `$XDG_CACHE_HOME/carcref`, else `~/.cache/carcref`;
    /// none when `CARCREF_NO_CACHE` is set or no folder can be named.
    pub fn from_env() -> Option<Self> {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        if var("CARCREF_NO_CACHE").is_some() {
            return None;
        }
        let root = var("CARCREF_CACHE_DIR")
            .map(PathBuf::from)
            .or_else(|| var("XDG_CACHE_HOME").map(|d| PathBuf::from(d).join("carcref")))
            .or_else(|| var("HOME").map(|d| PathBuf::from(d).join(".cache/carcref")))?;
        Some(IndexCache { root })
    }

    pub fn at(root: impl Into<PathBuf>) -> Self {
        IndexCache { root: root.into() }
    }

    /// Identifies the content and everything else the index depends on.
    pub fn key(files: &ContentFiles) -> String {
        let mut hasher = DefaultHasher::new();
        // The sources (build.rs): what the index stores and how the analyzer and its tables
        // read text are all code, so a build with other code builds its own index.
        (
            LAYOUT_VERSION,
            env!("CARGO_PKG_VERSION"),
            env!("CARCREF_SOURCE_HASH"),
        )
            .hash(&mut hasher);
        for file in &files.files {
            file.path.hash(&mut hasher);
            match &file.body {
                FileBody::Bytes(bytes) => (0u8, bytes.as_ref()).hash(&mut hasher),
                FileBody::TooLarge(size) => (1u8, size).hash(&mut hasher),
                FileBody::Unreadable(reason) => (2u8, reason).hash(&mut hasher),
            }
        }
        format!("{:016x}", hasher.finish())
    }

    /// Where the entry for `key` lives.
    pub fn entry_path(&self, key: &str) -> PathBuf {
        self.root.join(LAYOUT_VERSION).join(key)
    }

    /// The cached index for `key`, only if every file matches the entry's manifest; an entry
    /// that does not is removed (when it is ours).
    pub fn open(&self, key: &str) -> Option<SearchIndex> {
        let dir = self.entry_path(key);
        if !is_real_dir(&dir) {
            return None;
        }
        // Checksums are the real defence; catching a panic only covers what they cannot see
        // (a bug of ours or tantivy's on bytes we wrote ourselves).
        let opened = read_verified(&dir, key).and_then(|files| {
            quietly(|| SearchIndex::from_files(files))
                .unwrap_or_else(|| Err(io::Error::other("opening the index panicked").into()))
        });
        match opened {
            Ok(index) => Some(index),
            Err(_) => {
                if self.owned().is_some() {
                    remove_entry(&dir);
                }
                None
            }
        }
    }

    /// Builds the index for `corpus` into the cache, written aside and renamed into place so
    /// that no reader ever sees half an entry.
    pub fn store(&self, key: &str, corpus: &Corpus) -> Result<SearchIndex, SearchError> {
        let owned = self.claim()?;
        let nanos = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let temp = owned.join(format!("{TEMP_PREFIX}{key}-{}-{nanos}", std::process::id()));
        fs::create_dir(&temp)?;
        // The index built here is dropped: the caller gets the entry reopened from its
        // checked files below, like any later run.
        let written = fs::write(temp.join(ENTRY_MARKER), MARKER_TEXT)
            .map_err(SearchError::from)
            .and_then(|()| SearchIndex::build_in(&temp, corpus).map(drop))
            .and_then(|()| write_manifest(&temp, key));
        if let Err(error) = written {
            remove_entry(&temp);
            // A marker that could not be written leaves the folder empty.
            let _ = fs::remove_dir(&temp);
            return Err(error);
        }
        if fs::rename(&temp, self.entry_path(key)).is_err() {
            // Another process stored the same content first; its entry is as good as ours.
            remove_entry(&temp);
        }
        self.prune(&owned, key);
        self.open(key)
            .ok_or_else(|| io::Error::other("the stored index does not reopen").into())
    }

    /// The owned folder, when it is a real folder (not a symlink) carrying our tag.
    fn owned(&self) -> Option<PathBuf> {
        let owned = self.root.join(LAYOUT_VERSION);
        let tagged = is_real_file(&owned.join(TAG_FILE))
            && fs::read(owned.join(TAG_FILE)).is_ok_and(|tag| tag == TAG.as_bytes());
        (is_real_dir(&owned) && tagged).then_some(owned)
    }

    /// The owned folder, created and tagged if missing; an error if something else has its name.
    fn claim(&self) -> Result<PathBuf, SearchError> {
        fs::create_dir_all(&self.root)?;
        let owned = self.root.join(LAYOUT_VERSION);
        match fs::create_dir(&owned) {
            Ok(()) => fs::write(owned.join(TAG_FILE), TAG)?,
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(error.into()),
        }
        self.owned().ok_or_else(|| {
            io::Error::other(format!("{} is not carcref's folder", owned.display())).into()
        })
    }

    /// Removes our entries but the newest, and our temporary folders abandoned long ago.
    fn prune(&self, owned: &Path, keep: &str) {
        let Ok(entries) = fs::read_dir(owned) else {
            return;
        };
        let mut kept: Vec<(SystemTime, PathBuf)> = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            if !is_our_entry(&path) {
                continue;
            }
            let modified = fs::symlink_metadata(&path)
                .and_then(|m| m.modified())
                .unwrap_or(SystemTime::UNIX_EPOCH);
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with(TEMP_PREFIX) {
                if modified.elapsed().is_ok_and(|age| age > STALE_TEMP) {
                    remove_entry(&path);
                }
            } else if name != keep {
                kept.push((modified, path));
            }
        }
        kept.sort_by_key(|entry| std::cmp::Reverse(entry.0));
        for (_, path) in kept.into_iter().skip(KEEP_ENTRIES - 1) {
            remove_entry(&path);
        }
    }
}

fn is_real_dir(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.is_dir())
}

fn is_real_file(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.is_file())
}

/// A real folder carrying our marker (callers look only inside the owned folder).
fn is_our_entry(dir: &Path) -> bool {
    let marker = dir.join(ENTRY_MARKER);
    is_real_dir(dir)
        && is_real_file(&marker)
        && fs::read(marker).is_ok_and(|text| text == MARKER_TEXT)
}

/// Removes one of our entries: its files (symlinks as links, never what they point to), the
/// marker last. An entry holding a folder was not made by us, so it is left whole.
fn remove_entry(dir: &Path) {
    if !is_our_entry(dir) {
        return;
    }
    let Ok(children) = fs::read_dir(dir) else {
        return;
    };
    let mut files = Vec::new();
    for child in children {
        let Ok(child) = child else {
            return;
        };
        match child.file_type() {
            Ok(kind) if !kind.is_dir() => files.push(child.path()),
            _ => return,
        }
    }
    let marker = dir.join(ENTRY_MARKER);
    for file in files.iter().filter(|f| **f != marker) {
        let _ = fs::remove_file(file);
    }
    let _ = fs::remove_file(marker);
    let _ = fs::remove_dir(dir);
}

/// Names of the files in an entry, sorted; an error for a folder or a name that is not UTF-8
/// (the program writes neither).
fn file_names(dir: &Path) -> io::Result<Vec<String>> {
    let mut names = Vec::new();
    for child in fs::read_dir(dir)? {
        let child = child?;
        if !child.file_type()?.is_file() {
            return Err(io::Error::other("not a plain file in a cache entry"));
        }
        let name = child.file_name().into_string();
        names.push(name.map_err(|_| io::Error::other("file name is not UTF-8"))?);
    }
    names.sort();
    Ok(names)
}

fn write_manifest(dir: &Path, key: &str) -> Result<(), SearchError> {
    let mut files = Vec::new();
    for name in file_names(dir)? {
        let bytes = fs::read(dir.join(&name))?;
        files.push(FileSum::of(name, &bytes));
    }
    let manifest = Manifest {
        layout: LAYOUT_VERSION.to_owned(),
        key: key.to_owned(),
        files,
    };
    fs::write(dir.join(MANIFEST), serde_json::to_vec(&manifest)?)?;
    Ok(())
}

/// The entry's files, read once, if they are exactly the ones its manifest lists for `key`.
fn read_verified(dir: &Path, key: &str) -> Result<Vec<(String, Vec<u8>)>, SearchError> {
    let mismatch = |what: &str| SearchError::from(io::Error::other(format!("cache entry: {what}")));
    let manifest: Manifest = serde_json::from_slice(&fs::read(dir.join(MANIFEST))?)?;
    if manifest.layout != LAYOUT_VERSION || manifest.key != key {
        return Err(mismatch("made for another layout or content"));
    }
    let mut expected: Vec<&str> = manifest.files.iter().map(|f| f.name.as_str()).collect();
    expected.push(MANIFEST);
    expected.sort_unstable();
    if file_names(dir)? != expected {
        return Err(mismatch("files missing or added"));
    }
    let mut files = Vec::with_capacity(manifest.files.len());
    for sum in manifest.files {
        let bytes = fs::read(dir.join(&sum.name))?;
        if FileSum::of(sum.name.clone(), &bytes) != sum {
            return Err(mismatch("a file changed"));
        }
        files.push((sum.name, bytes));
    }
    Ok(files)
}
