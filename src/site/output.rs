//! Writing files where they belong and nowhere else. Every file carcref writes goes through
//! `write_inside`, which takes only plain relative paths. The site is written by
//! `write_atomic`: under a lock beside the output, into a temporary folder that then takes
//! the old output's place in one step, and a folder is deleted only when an earlier build
//! wrote everything in it (the marker lists those files).

use std::collections::BTreeSet;
use std::fmt;
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

use super::common::{BuildError, Site, MARKER};
use crate::diagnostic::io_reason;

/// The marker's first line; one path per line follows, the files that build wrote.
const MARKER_HEADER: &str = "carcref build";

#[derive(Debug)]
pub enum WriteError {
    /// A relative path that could leave its folder or mean different things on different
    /// systems.
    NotPlain {
        path: String,
        reason: &'static str,
    },
    /// A symbolic link on the way, which could lead anywhere.
    Symlink(PathBuf),
    Io {
        path: PathBuf,
        error: io::Error,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::NotPlain { path, reason } => {
                write!(
                    f,
                    "cesta {path:?} není prostý název souboru ve složce: {reason}"
                )
            }
            WriteError::Symlink(path) => write!(
                f,
                "{} je symbolický odkaz; carcref přes odkazy nezapisuje",
                path.display()
            ),
            WriteError::Io { path, error } => {
                write!(f, "{}: {}", path.display(), io_reason(error))
            }
        }
    }
}

impl std::error::Error for WriteError {}

impl From<WriteError> for BuildError {
    fn from(error: WriteError) -> Self {
        BuildError::Output(error.to_string())
    }
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> WriteError + '_ {
    move |error| WriteError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// A path is plain when it is `/`-separated names, none empty, `.` or `..`, with no
/// backslash, colon (Windows drives and streams) or control character.
fn check_plain(relative: &str) -> Result<(), &'static str> {
    if relative.starts_with('/') {
        return Err("začíná lomítkem");
    }
    if relative.contains('\\') {
        return Err("obsahuje zpětné lomítko");
    }
    if relative.contains(':') {
        return Err("obsahuje dvojtečku");
    }
    if relative.chars().any(char::is_control) {
        return Err("obsahuje řídicí znak");
    }
    for part in relative.split('/') {
        match part {
            "" => return Err("má prázdnou část"),
            "." | ".." => return Err("obsahuje `.` nebo `..`"),
            _ => {}
        }
    }
    Ok(())
}

/// Writes `bytes` to `folder/relative`, creating the folders on the way; refuses a path that
/// is not plain and any symbolic link on the way, so the file lands inside `folder`.
pub fn write_inside(folder: &Path, relative: &str, bytes: &[u8]) -> Result<PathBuf, WriteError> {
    check_plain(relative).map_err(|reason| WriteError::NotPlain {
        path: relative.to_owned(),
        reason,
    })?;
    let parts: Vec<&str> = relative.split('/').collect();
    let mut target = folder.to_path_buf();
    for (index, part) in parts.iter().enumerate() {
        target.push(part);
        let is_file = index + 1 == parts.len();
        match fs::symlink_metadata(&target) {
            Ok(meta) if meta.file_type().is_symlink() => return Err(WriteError::Symlink(target)),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound && !is_file => {
                fs::create_dir(&target).map_err(io_error(&target))?;
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_error(&target)(e)),
        }
    }
    fs::write(&target, bytes).map_err(io_error(&target))?;
    Ok(target)
}

/// Why carcref will not replace or delete an existing folder.
#[derive(Debug)]
enum Foreign {
    NotFolder,
    Unmarked,
    File(String),
    Folder(String),
}

/// Whether `dir` is missing, empty, or holds only what the build its marker names wrote
/// (files and the folders they are in). A partly written or partly deleted build is still
/// ours: the marker is written first and deleted last.
fn foreign(dir: &Path) -> Result<Option<Foreign>, WriteError> {
    match fs::symlink_metadata(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(dir)(e)),
        Ok(meta) if !meta.is_dir() => return Ok(Some(Foreign::NotFolder)),
        Ok(_) => {}
    }
    let mut found = Vec::new();
    list(dir, "", &mut found)?;
    found.sort();
    if found.is_empty() {
        return Ok(None);
    }
    let marker = dir.join(MARKER);
    if !fs::symlink_metadata(&marker).is_ok_and(|m| m.is_file()) {
        return Ok(Some(Foreign::Unmarked));
    }
    let text = fs::read_to_string(&marker).map_err(io_error(&marker))?;
    let mut lines = text.lines();
    let files: BTreeSet<&str> = if lines.next() == Some(MARKER_HEADER) {
        lines.collect()
    } else {
        BTreeSet::new()
    };
    let folders: BTreeSet<&str> = files
        .iter()
        .flat_map(|file| file.match_indices('/').map(|(at, _)| &file[..at]))
        .collect();
    Ok(found
        .into_iter()
        .find(|(path, is_dir)| {
            let listed = if *is_dir { &folders } else { &files };
            path != MARKER && !listed.contains(path.as_str())
        })
        .map(|(path, is_dir)| {
            if is_dir {
                Foreign::Folder(path)
            } else {
                Foreign::File(path)
            }
        }))
}

/// Every entry under `dir` as a `/`-separated path and whether it is a folder; symbolic
/// links are entries, never followed.
fn list(dir: &Path, prefix: &str, out: &mut Vec<(String, bool)>) -> Result<(), WriteError> {
    for entry in fs::read_dir(dir).map_err(io_error(dir))? {
        let entry = entry.map_err(io_error(dir))?;
        let path = entry.path();
        let is_dir = entry.file_type().map_err(io_error(&path))?.is_dir();
        let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
        if is_dir {
            list(&path, &format!("{name}/"), out)?;
        }
        out.push((name, is_dir));
    }
    Ok(())
}

/// Refuses, naming what is in the way, unless `dir` is ours to replace or delete.
fn refuse_foreign(dir: &Path) -> Result<(), BuildError> {
    let Some(foreign) = foreign(dir)? else {
        return Ok(());
    };
    let shown = dir.display();
    let what = match foreign {
        Foreign::NotFolder => format!("{shown} už existuje a není to složka"),
        Foreign::Unmarked => {
            format!("{shown} už existuje a není to web sestavený carcref (chybí {MARKER})")
        }
        Foreign::File(path) => format!(
            "{shown} obsahuje soubor {path}, který carcref nezapsal (není v seznamu {MARKER})"
        ),
        Foreign::Folder(path) => format!(
            "{shown} obsahuje složku {path}, kterou carcref nezapsal (není v seznamu {MARKER})"
        ),
    };
    Err(BuildError::Refused(format!(
        "{what}; nic nebylo smazáno. Přesuňte to jinam, nebo zvolte jinou výstupní složku"
    )))
}

/// Deletes a folder that `foreign` found ours, the marker last, so that an interrupted
/// deletion leaves a folder that is still recognisably ours.
fn remove_owned(dir: &Path) -> Result<(), WriteError> {
    if !dir.exists() {
        return Ok(());
    }
    for entry in fs::read_dir(dir).map_err(io_error(dir))? {
        let path = entry.map_err(io_error(dir))?.path();
        if path.file_name() == Some(MARKER.as_ref()) {
            continue;
        }
        let removed = match fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_dir() => fs::remove_dir_all(&path),
            _ => fs::remove_file(&path),
        };
        removed.map_err(io_error(&path))?;
    }
    let marker = dir.join(MARKER);
    if marker.exists() {
        fs::remove_file(&marker).map_err(io_error(&marker))?;
    }
    fs::remove_dir(dir).map_err(io_error(dir))
}

/// `path` made absolute with symbolic links resolved, also when its last part does not exist.
fn resolved(path: &Path) -> Option<PathBuf> {
    if let Ok(path) = fs::canonicalize(path) {
        return Some(path);
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    Some(fs::canonicalize(parent).ok()?.join(path.file_name()?))
}

/// Refuses to build into the content's own folder or a folder that holds it: replacing the
/// output would delete the content.
pub fn refuse_content_inside(content: &Path, out: &Path) -> Result<(), BuildError> {
    let (Some(content_at), Some(out_at)) = (resolved(content), resolved(out)) else {
        return Ok(());
    };
    if content_at == out_at {
        return Err(BuildError::Refused(format!(
            "složka s obsahem {} je zároveň výstupní složkou; sestavení by ji smazalo, zvolte jinou výstupní složku",
            content.display()
        )));
    }
    if content_at.starts_with(&out_at) {
        return Err(BuildError::Refused(format!(
            "složka s obsahem {} leží ve výstupní složce {}; sestavení by ji smazalo, zvolte jinou výstupní složku",
            content.display(),
            out.display()
        )));
    }
    Ok(())
}

/// Holds `.<name>.lock` beside the output until dropped; a second build waits for it. The
/// file stays: deleting a lock file lets a third build lock a new one while the second
/// still waits for the old.
fn lock(path: &Path) -> Result<File, WriteError> {
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(io_error(path))?;
    file.lock().map_err(io_error(path))?;
    Ok(file)
}

/// Puts the finished `temp` in `out`'s place, leaving the old output at `temp`.
#[cfg(target_os = "linux")]
fn swap(temp: &Path, out: &Path, old: &Path) -> Result<(), WriteError> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    match renameat_with(CWD, temp, CWD, out, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(()),
        // A file system without the exchange falls back to two renames.
        Err(rustix::io::Errno::INVAL | rustix::io::Errno::NOSYS) => swap_by_renames(temp, out, old),
        Err(errno) => Err(io_error(out)(errno.into())),
    }
}

#[cfg(not(target_os = "linux"))]
fn swap(temp: &Path, out: &Path, old: &Path) -> Result<(), WriteError> {
    swap_by_renames(temp, out, old)
}

/// Two renames through `old`: not one step, so a kill between them leaves the old site at
/// `old` and none at `out` (the next build cleans up).
fn swap_by_renames(temp: &Path, out: &Path, old: &Path) -> Result<(), WriteError> {
    fs::rename(out, old).map_err(io_error(out))?;
    if let Err(e) = fs::rename(temp, out) {
        // Put the old site back; the new one stays beside it for inspection.
        let _ = fs::rename(old, out);
        return Err(io_error(out)(e));
    }
    fs::rename(old, temp).map_err(io_error(old))
}

/// `.<name>.<suffix>` beside the output folder. A name too long for a file name with the dot
/// and suffix added (255 bytes) is cut and tagged with its checksum, the same each time, so
/// that the next build finds this one's leftovers.
fn sidecar(parent: &Path, name: &str, suffix: &str) -> PathBuf {
    const MAX_NAME_BYTES: usize = 255;
    let full = format!(".{name}.{suffix}");
    if full.len() <= MAX_NAME_BYTES {
        return parent.join(full);
    }
    let mut cut = 200;
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    let sum = crc32fast::hash(name.as_bytes());
    parent.join(format!(".{}-{sum:08x}.{suffix}", &name[..cut]))
}

/// Writes the site into `.<name>.tmp` beside `out` and swaps it in, all under
/// `.<name>.lock`. A failure or a kill at any moment leaves the old or the new site at
/// `out` (on Linux; elsewhere see `swap_by_renames`). Refuses to replace or delete a folder
/// (`out`, or leftovers `.<name>.tmp` and `.<name>.old`) unless an earlier build wrote all
/// of it.
pub(crate) fn write_atomic(out: &Path, site: &Site) -> Result<(), BuildError> {
    let out = match fs::symlink_metadata(out) {
        // The site replaces the link's target, not the link.
        Ok(meta) if meta.file_type().is_symlink() => {
            fs::canonicalize(out).map_err(io_error(out))?
        }
        _ => out.to_path_buf(),
    };
    let out = out.as_path();
    let name = out
        .file_name()
        .ok_or_else(|| BuildError::Output(format!("{}: není název složky", out.display())))?
        .to_string_lossy()
        .into_owned();
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if site.contains_key(MARKER) {
        return Err(BuildError::Output(format!(
            "web nesmí obsahovat soubor {MARKER}"
        )));
    }
    fs::create_dir_all(&parent).map_err(io_error(&parent))?;
    let _lock = lock(&sidecar(&parent, &name, "lock"))?;
    let temp = sidecar(&parent, &name, "tmp");
    let old = sidecar(&parent, &name, "old");
    for dir in [out, &temp, &old] {
        refuse_foreign(dir)?;
    }
    for leftover in [&temp, &old] {
        remove_owned(leftover)?;
    }
    fs::create_dir(&temp).map_err(io_error(&temp))?;
    let written = (|| {
        let mut manifest = format!("{MARKER_HEADER}\n");
        for path in site.keys() {
            check_plain(path).map_err(|reason| WriteError::NotPlain {
                path: path.clone(),
                reason,
            })?;
            manifest.push_str(path);
            manifest.push('\n');
        }
        // The marker first: a build killed while writing leaves a folder that is ours.
        write_inside(&temp, MARKER, manifest.as_bytes())?;
        for (path, bytes) in site {
            write_inside(&temp, path, bytes)?;
        }
        Ok::<(), WriteError>(())
    })();
    if let Err(error) = written {
        let _ = remove_owned(&temp);
        return Err(error.into());
    }
    if out.exists() {
        swap(&temp, out, &old)?;
    } else {
        fs::rename(&temp, out).map_err(io_error(out))?;
    }
    // The old site, now at `temp`; checked again, as someone may have added to it meanwhile.
    refuse_foreign(&temp)?;
    remove_owned(&temp)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_paths_are_written() {
        for good in [
            "index.html",
            "scenare/zakladni/erb-dva-body.html",
            ".carcref-site",
        ] {
            assert_eq!(check_plain(good), Ok(()), "{good}");
        }
        for bad in [
            "",
            "/etc/passwd",
            "../escaped.svg",
            "karticky/../../escaped.svg",
            "a//b",
            "a/",
            "./a",
            "a\\..\\b",
            "C:x",
            "a\nb",
        ] {
            assert!(check_plain(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_folder_name_of_any_allowed_length_is_written() {
        let temp = tempfile::tempdir().unwrap();
        let site = Site::from([("index.html".to_owned(), b"<p>x</p>".to_vec())]);
        for name in ["w".repeat(252), "ž".repeat(127)] {
            let out = temp.path().join(&name);
            write_atomic(&out, &site).unwrap();
            write_atomic(&out, &site).unwrap();
            assert_eq!(fs::read(out.join("index.html")).unwrap(), b"<p>x</p>");
        }
        assert!(sidecar(temp.path(), "web", "tmp").ends_with(".web.tmp"));
    }

    #[test]
    fn write_inside_refuses_to_leave_the_folder() {
        let temp = tempfile::tempdir().unwrap();
        let folder = temp.path().join("out");
        fs::create_dir(&folder).unwrap();
        assert!(write_inside(&folder, "../escaped.svg", b"x").is_err());
        assert!(!temp.path().join("escaped.svg").exists());
        assert!(write_inside(&folder, "a/b.svg", b"x").is_ok());
        assert!(folder.join("a/b.svg").is_file());
    }
}
