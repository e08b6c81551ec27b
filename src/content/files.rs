//! The raw content files: the tree embedded in the binary, or a maintainer's working copy.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use include_dir::{include_dir, Dir};

use crate::diagnostic::io_reason;

/// Content files larger than this are refused before parsing: no real rule text comes near it,
/// and it bounds the work a stray or hostile file can cause.
pub(crate) const MAX_FILE_BYTES: u64 = 1024 * 1024;
/// A content folder with more files than this is refused as a whole (the shipped content has
/// a few hundred): a mistaken `--content /usr` stops at once instead of reading gigabytes.
const MAX_FILES: usize = 5_000;
/// All content files together may hold at most this many bytes.
const MAX_TOTAL_BYTES: u64 = 64 * 1024 * 1024;
/// Folders nested deeper than this are refused (real content is three levels deep).
const MAX_DEPTH: usize = 16;

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/content");

/// What was read for one file.
#[derive(Debug, Clone)]
pub enum FileBody {
    Bytes(Cow<'static, [u8]>),
    TooLarge(u64),
    Unreadable(String),
}

#[derive(Debug, Clone)]
pub struct ContentFile {
    /// Path relative to the content root, always with `/` separators.
    pub path: String,
    /// Path as shown to the user in messages.
    pub display: String,
    pub body: FileBody,
}

impl ContentFile {
    /// One file outside the content tree (a scenario given to `carcref check`).
    pub fn read(path: &Path, display: &str) -> ContentFile {
        ContentFile {
            path: display.to_owned(),
            display: display.to_owned(),
            body: read_limited(path),
        }
    }
}

#[derive(Debug, Clone)]
pub struct ContentFiles {
    /// How the content root is shown in messages (`content` for the embedded copy).
    pub root_display: String,
    pub files: Vec<ContentFile>,
}

/// The content folder itself cannot be used (the only content failure that is not per-file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentDirError {
    path: PathBuf,
    reason: String,
}

impl fmt::Display for ContentDirError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "složku s obsahem {} nelze použít: {}",
            self.path.display(),
            self.reason
        )
    }
}

impl std::error::Error for ContentDirError {}

impl ContentFiles {
    /// The default content compiled into the binary.
    pub fn embedded() -> Self {
        let mut files = Vec::new();
        collect_embedded(&EMBEDDED, &mut files);
        files.sort_by(|a, b| a.path.cmp(&b.path));
        ContentFiles {
            root_display: "content".into(),
            files,
        }
    }

    /// A content tree on disk. Hidden files and editor backups are skipped. Only regular
    /// files are read; a link is followed only when it points at a file inside the folder.
    pub fn from_dir(dir: &Path) -> Result<Self, ContentDirError> {
        Self::from_dir_reusing(dir, None)
    }

    /// Like `from_dir`, taking from `memo` the files that cannot have changed since it read
    /// them, and leaving in it what was read this time.
    pub fn from_dir_reusing(
        dir: &Path,
        mut memo: Option<&mut ReadMemo>,
    ) -> Result<Self, ContentDirError> {
        let refuse = |reason: String| ContentDirError {
            path: dir.to_owned(),
            reason,
        };
        let metadata = fs::metadata(dir).map_err(|e| refuse(io_reason(&e)))?;
        if !metadata.is_dir() {
            return Err(refuse("není to složka".into()));
        }
        let root = fs::canonicalize(dir).map_err(|e| refuse(io_reason(&e)))?;
        let mut walker = Walker {
            root,
            files: Vec::new(),
            total_bytes: 0,
            memo: memo.as_deref_mut().map(|m| Reuse {
                earlier: std::mem::take(&mut m.files),
                used: HashMap::new(),
            }),
        };
        let walked = walker.walk(dir, dir, 0);
        if let (Some(memo), Some(reuse)) = (memo, walker.memo.take()) {
            memo.files = reuse.used;
        }
        walked.map_err(refuse)?;
        let mut files = walker.files;
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(ContentFiles {
            root_display: dir.to_string_lossy().trim_end_matches('/').to_owned(),
            files,
        })
    }

    pub(crate) fn get(&self, path: &str) -> Option<&ContentFile> {
        self.files.iter().find(|f| f.path == path)
    }

    /// How a file that should exist but does not is named in messages.
    pub(crate) fn display_of(&self, path: &str) -> String {
        format!("{}/{path}", self.root_display)
    }
}

fn is_ignored(name: &str) -> bool {
    name.starts_with('.') || name.ends_with('~')
}

fn collect_embedded(dir: &'static Dir<'static>, out: &mut Vec<ContentFile>) {
    for file in dir.files() {
        let path = file.path().to_string_lossy().replace('\\', "/");
        let name = path.rsplit('/').next().unwrap_or(&path);
        if is_ignored(name) {
            continue;
        }
        out.push(ContentFile {
            display: format!("content/{path}"),
            path,
            body: FileBody::Bytes(Cow::Borrowed(file.contents())),
        });
    }
    for sub in dir.dirs() {
        collect_embedded(sub, out);
    }
}

/// Files as `carcref serve` last read them, so that a rebuild reads again only the files that
/// may have changed. A file is taken from the memo only when its size, times and inode are
/// as they were, and it had not been modified for `SETTLED` when it was read: a file
/// timestamp moves in steps of a few milliseconds, so two writes of one size within one step
/// look alike (as in Git's "racy clean" problem).
#[derive(Default)]
pub struct ReadMemo {
    files: HashMap<PathBuf, Remembered>,
}

const SETTLED: Duration = Duration::from_secs(2);

struct Remembered {
    stamp: Stamp,
    bytes: Vec<u8>,
}

/// What a rewrite of a file changes in its metadata.
#[derive(PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: SystemTime,
    #[cfg(unix)]
    changed: (i64, i64),
    #[cfg(unix)]
    inode: (u64, u64),
}

impl Stamp {
    fn of(metadata: &fs::Metadata) -> Option<Stamp> {
        #[cfg(unix)]
        use std::os::unix::fs::MetadataExt;
        Some(Stamp {
            len: metadata.len(),
            modified: metadata.modified().ok()?,
            #[cfg(unix)]
            changed: (metadata.ctime(), metadata.ctime_nsec()),
            #[cfg(unix)]
            inode: (metadata.dev(), metadata.ino()),
        })
    }

    /// Whether the file had been left alone for long enough when it was read at `read_at`.
    fn settled_before(&self, read_at: SystemTime) -> bool {
        self.modified + SETTLED < read_at
    }
}

/// The memo lent to one walk: files read before, and the files read or reused now.
struct Reuse {
    earlier: HashMap<PathBuf, Remembered>,
    used: HashMap<PathBuf, Remembered>,
}

impl Reuse {
    fn read(&mut self, path: &Path) -> FileBody {
        let read_at = SystemTime::now();
        let stamp = fs::metadata(path).ok().and_then(|m| Stamp::of(&m));
        let known = self.earlier.remove(path);
        if let (Some(stamp), Some(known)) = (&stamp, known) {
            if known.stamp == *stamp {
                let body = FileBody::Bytes(Cow::Owned(known.bytes.clone()));
                self.used.insert(path.to_owned(), known);
                return body;
            }
        }
        let body = read_limited(path);
        // The stamp was taken before reading: a write in between makes it stale, so the file
        // is read again next time.
        if let (Some(stamp), FileBody::Bytes(bytes)) = (stamp, &body) {
            if stamp.settled_before(read_at) {
                let bytes = bytes.to_vec();
                self.used
                    .insert(path.to_owned(), Remembered { stamp, bytes });
            }
        }
        body
    }
}

/// Reads a content tree within the limits above.
struct Walker {
    /// The content folder with links resolved, to tell where a link points.
    root: PathBuf,
    files: Vec<ContentFile>,
    total_bytes: u64,
    memo: Option<Reuse>,
}

impl Walker {
    fn walk(&mut self, top: &Path, dir: &Path, depth: usize) -> Result<(), String> {
        if depth > MAX_DEPTH {
            return Err(format!(
                "{} je vnořená hlouběji než {MAX_DEPTH} složek",
                dir.display()
            ));
        }
        let entries =
            fs::read_dir(dir).map_err(|e| format!("{}: {}", dir.display(), io_reason(&e)))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {}", dir.display(), io_reason(&e)))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if is_ignored(&name) {
                continue;
            }
            let path = entry.path();
            // `file_type` does not follow links, so a link is judged by where it points.
            let file_type = entry
                .file_type()
                .map_err(|e| format!("{}: {}", path.display(), io_reason(&e)))?;
            if file_type.is_dir() {
                self.walk(top, &path, depth + 1)?;
                continue;
            }
            if self.files.len() >= MAX_FILES {
                return Err(format!(
                    "obsahuje víc než {MAX_FILES} souborů; je to opravdu složka s obsahem?"
                ));
            }
            let body = if file_type.is_symlink() {
                self.follow_link(&path)
            } else if file_type.is_file() {
                match &mut self.memo {
                    Some(memo) => memo.read(&path),
                    None => read_limited(&path),
                }
            } else {
                FileBody::Unreadable(NOT_REGULAR.into())
            };
            if let FileBody::Bytes(bytes) = &body {
                self.total_bytes += bytes.len() as u64;
                if self.total_bytes > MAX_TOTAL_BYTES {
                    return Err(format!(
                        "soubory obsahu mají dohromady víc než {} MiB",
                        MAX_TOTAL_BYTES / (1024 * 1024)
                    ));
                }
            }
            let relative = path
                .strip_prefix(top)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            self.files.push(ContentFile {
                path: relative,
                display: path.to_string_lossy().into_owned(),
                body,
            });
        }
        Ok(())
    }

    /// A link inside the content is read only when it points at a regular file inside the
    /// content folder: otherwise a private file elsewhere could end up published on the site.
    fn follow_link(&self, path: &Path) -> FileBody {
        let target = match fs::canonicalize(path) {
            Ok(target) => target,
            Err(e) => {
                return FileBody::Unreadable(format!("odkaz nikam nevede ({})", io_reason(&e)))
            }
        };
        if !target.starts_with(&self.root) {
            return FileBody::Unreadable(format!(
                "odkaz vede mimo složku s obsahem ({}); obsah se čte jen ze své složky",
                target.display()
            ));
        }
        if target.is_dir() {
            return FileBody::Unreadable(
                "odkaz na složku se nenásleduje (mohl by vést v kruhu); zkopírujte ji".into(),
            );
        }
        read_limited(&target)
    }
}

/// Reads a file of a working copy's `templates/` or `site/` (which `carcref serve` reads
/// again after every edit) by the rules content files follow: a regular file, inside `folder`
/// even through links, at most `MAX_FILE_BYTES`; otherwise the error says why, in Czech.
pub fn read_inside(path: &Path, folder: &Path) -> Result<Vec<u8>, String> {
    let folder = fs::canonicalize(folder).map_err(|e| io_reason(&e))?;
    let target = fs::canonicalize(path).map_err(|e| io_reason(&e))?;
    if !target.starts_with(&folder) {
        return Err(format!(
            "odkaz vede mimo složku {} ({}); čte se jen z ní",
            folder.display(),
            target.display()
        ));
    }
    match read_limited(&target) {
        FileBody::Bytes(bytes) => Ok(bytes.into_owned()),
        FileBody::TooLarge(size) => Err(format!(
            "má {size} bajtů, víc než povolených {MAX_FILE_BYTES}"
        )),
        FileBody::Unreadable(why) => Err(why),
    }
}

const A_FOLDER: &str = "je to složka, ne soubor";
const NOT_REGULAR: &str =
    "není obyčejný soubor (roura, zařízení nebo soket); čtou se jen obyčejné soubory";

/// Reads a regular file up to the size limit. FIFOs and devices are refused without waiting:
/// the type is checked before opening, and the file is opened non-blocking and checked again,
/// so that a file swapped for a FIFO in between cannot hang the program either.
fn read_limited(path: &Path) -> FileBody {
    match fs::metadata(path) {
        Ok(metadata) if metadata.is_dir() => return FileBody::Unreadable(A_FOLDER.into()),
        Ok(metadata) if !metadata.is_file() => return FileBody::Unreadable(NOT_REGULAR.into()),
        Ok(_) => {}
        Err(e) => return FileBody::Unreadable(io_reason(&e)),
    }
    let file = match open_non_blocking(path) {
        Ok(file) => file,
        Err(e) => return FileBody::Unreadable(io_reason(&e)),
    };
    match file.metadata() {
        Ok(metadata) if !metadata.is_file() => return FileBody::Unreadable(NOT_REGULAR.into()),
        Ok(_) => {}
        Err(e) => return FileBody::Unreadable(io_reason(&e)),
    }
    let mut bytes = Vec::new();
    // Read one byte past the limit: enough to know the file is too large without loading it all.
    match file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes) {
        Ok(_) if bytes.len() as u64 > MAX_FILE_BYTES => {
            let size = fs::metadata(path)
                .map(|m| m.len())
                .unwrap_or(bytes.len() as u64);
            FileBody::TooLarge(size)
        }
        Ok(_) => FileBody::Bytes(Cow::Owned(bytes)),
        Err(e) => FileBody::Unreadable(io_reason(&e)),
    }
}

#[cfg(unix)]
fn open_non_blocking(path: &Path) -> std::io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .read(true)
        .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
        .open(path)
}

#[cfg(not(unix))]
fn open_non_blocking(path: &Path) -> std::io::Result<fs::File> {
    fs::File::open(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::SystemTime;

    fn text_of(files: &ContentFiles, path: &str) -> Vec<u8> {
        match files.get(path).map(|f| &f.body) {
            Some(FileBody::Bytes(bytes)) => bytes.to_vec(),
            other => panic!("{path}: {other:?}"),
        }
    }

    fn write_old(path: &Path, text: &str, modified: SystemTime) {
        fs::write(path, text).unwrap();
        fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(modified)
            .unwrap();
    }

    #[test]
    fn a_read_memo_keeps_settled_files_and_sees_every_rewrite() {
        let dir = std::env::temp_dir().join(format!("carcref-read-memo-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let hour_ago = SystemTime::now() - Duration::from_secs(3600);
        write_old(&dir.join("old.yaml"), "a: 1\n", hour_ago);
        fs::write(dir.join("new.yaml"), "b: 1\n").unwrap();
        let mut memo = ReadMemo::default();

        let first = ContentFiles::from_dir_reusing(&dir, Some(&mut memo)).unwrap();
        assert_eq!(text_of(&first, "old.yaml"), b"a: 1\n");
        // A file written just now may be written again within its timestamp's step.
        let kept: Vec<&PathBuf> = memo.files.keys().collect();
        assert_eq!(kept, [&dir.join("old.yaml")]);

        // Rewritten with the same size and the same modification time: still seen.
        write_old(&dir.join("old.yaml"), "a: 2\n", hour_ago);
        fs::write(dir.join("new.yaml"), "b: 2\n").unwrap();
        let second = ContentFiles::from_dir_reusing(&dir, Some(&mut memo)).unwrap();
        assert_eq!(text_of(&second, "old.yaml"), b"a: 2\n");
        assert_eq!(text_of(&second, "new.yaml"), b"b: 2\n");

        // A removed file leaves the memo too.
        fs::remove_file(dir.join("old.yaml")).unwrap();
        let third = ContentFiles::from_dir_reusing(&dir, Some(&mut memo)).unwrap();
        assert!(third.get("old.yaml").is_none());
        assert!(memo.files.is_empty());
        fs::remove_dir_all(&dir).unwrap();
    }
}
