//! What the site's files share: the built site, its options, errors and summary, and the
//! fingerprints that tell a render what it can reuse.

use std::collections::BTreeMap;
use std::fmt;

/// A file written into every build, listing the files it wrote, so that a later build knows
/// what in the folder is ours to replace.
pub(crate) const MARKER: &str = ".carcref-site";

#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Build even when scenarios fail; their rulings show "Neověřeno".
    pub allow_failing: bool,
}

/// The whole site: path relative to the output folder → contents.
pub type Site = BTreeMap<String, Vec<u8>>;

#[derive(Debug)]
pub enum BuildError {
    /// Scenarios that did not pass (their paths and why); the exit code is 1.
    Failing(Vec<String>),
    /// A template could not be rendered (a bug in the templates).
    Template(String),
    /// The output could not be written; the exit code is 2.
    Output(String),
    /// Writing would replace or delete something a build did not write; the exit code is 2.
    Refused(String),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Failing(list) => {
                writeln!(f, "scénáře, které neprošly ověřením ({}):", list.len())?;
                for item in list {
                    writeln!(f, "  {item}")?;
                }
                write!(
                    f,
                    "web nebyl sestaven; `--allow-failing` ho sestaví a jejich výklady označí „Neověřeno“"
                )
            }
            BuildError::Template(message) => write!(f, "chyba šablony: {message}"),
            BuildError::Output(message) => write!(f, "výstup nelze zapsat: {message}"),
            BuildError::Refused(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for BuildError {}

#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub pages: usize,
    pub files: usize,
    pub scenarios_passed: usize,
    /// Scenarios that failed (only when failing ones were allowed).
    pub scenarios_failed: Vec<String>,
}

/// A scenario's page name and the fingerprint of the scenario as loaded.
pub(crate) type PlayKey = (String, u64);

/// Feeds what is written to it, as text or bytes, into one 64-bit SipHash: fingerprints of
/// values without building their text (two different values share one by chance about once
/// in 2^64).
pub(crate) struct Fingerprint(std::collections::hash_map::DefaultHasher);

impl Fingerprint {
    pub(crate) fn new() -> Self {
        Fingerprint(std::collections::hash_map::DefaultHasher::new())
    }

    pub(crate) fn finish(&self) -> u64 {
        std::hash::Hasher::finish(&self.0)
    }
}

impl fmt::Write for Fingerprint {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        std::hash::Hasher::write(&mut self.0, text.as_bytes());
        Ok(())
    }
}

impl std::io::Write for Fingerprint {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        std::hash::Hasher::write(&mut self.0, bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The fingerprint of a value's full `Debug` text.
pub(crate) fn fingerprint(value: &impl fmt::Debug) -> u64 {
    let mut feed = Fingerprint::new();
    // Writing into a hasher cannot fail.
    let _ = fmt::write(&mut feed, format_args!("{value:?}"));
    feed.finish()
}

/// The fingerprint of a value's JSON.
pub(crate) fn fingerprint_json(value: &impl serde::Serialize) -> Result<u64, serde_json::Error> {
    let mut feed = Fingerprint::new();
    serde_json::to_writer(&mut feed, value)?;
    Ok(feed.finish())
}
