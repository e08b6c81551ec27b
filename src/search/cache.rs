//! Keeps the built search index on disk between runs, keyed by a hash of the content, so that
//! a repeated `carcref search` neither parses the content nor rebuilds the index. Any problem
//! with the cache (no home folder, read-only disk, a damaged entry) only means building the
//! index in memory as if there were no cache.

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use super::analyzer::tables_json;
use super::index::{SearchError, SearchIndex};
use crate::content::{ContentFiles, FileBody};
use crate::model::Corpus;

/// Bump when the index layout changes, so old entries are not read.
const LAYOUT_VERSION: &str = "carcref-index-3";
/// How many content versions stay cached (a maintainer switches between a few copies).
const KEEP_ENTRIES: usize = 3;
/// Half-written entries older than this were left by a process that died.
const STALE_TEMP: Duration = Duration::from_secs(3600);

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
        (LAYOUT_VERSION, env!("CARGO_PKG_VERSION"), tables_json()).hash(&mut hasher);
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

    /// The cached index for `key`; a damaged entry is removed.
    pub fn open(&self, key: &str) -> Option<SearchIndex> {
        let dir = self.root.join(key);
        if !dir.is_dir() {
            return None;
        }
        match SearchIndex::open(&dir) {
            Ok(index) => Some(index),
            Err(_) => {
                let _ = fs::remove_dir_all(&dir);
                None
            }
        }
    }

    /// Builds the index for `corpus` into the cache, written aside and renamed into place so
    /// that no reader ever sees half an entry.
    pub fn store(&self, key: &str, corpus: &Corpus) -> Result<SearchIndex, SearchError> {
        fs::create_dir_all(&self.root)?;
        let nanos = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let temp = self
            .root
            .join(format!(".tmp-{key}-{}-{nanos}", std::process::id()));
        fs::create_dir(&temp)?;
        if let Err(error) = SearchIndex::build_in(&temp, corpus) {
            let _ = fs::remove_dir_all(&temp);
            return Err(error);
        }
        let entry = self.root.join(key);
        if fs::rename(&temp, &entry).is_err() {
            // Another process stored the same content first; its entry is as good as ours.
            let _ = fs::remove_dir_all(&temp);
        }
        self.prune(key);
        SearchIndex::open(&entry)
    }

    /// Removes all but the newest entries, and temporary folders abandoned long ago.
    fn prune(&self, keep: &str) {
        let Ok(entries) = fs::read_dir(&self.root) else {
            return;
        };
        let mut kept: Vec<(SystemTime, PathBuf)> = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            let modified = entry
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(SystemTime::UNIX_EPOCH);
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with(".tmp-") {
                let old = modified.elapsed().is_ok_and(|age| age > STALE_TEMP);
                if old {
                    let _ = fs::remove_dir_all(&path);
                }
            } else if name != keep && path.is_dir() {
                kept.push((modified, path));
            }
        }
        kept.sort_by_key(|entry| std::cmp::Reverse(entry.0));
        for (_, path) in kept.into_iter().skip(KEEP_ENTRIES - 1) {
            let _ = fs::remove_dir_all(path);
        }
    }
}
