//! The raw content files: the tree embedded in the binary, or a maintainer's working copy.

use std::borrow::Cow;
use std::fmt;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use include_dir::{include_dir, Dir};

/// Content files larger than this are refused before parsing: no real rule text comes near it,
/// and it bounds the work a stray or hostile file can cause.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

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
    pub path: PathBuf,
    pub reason: String,
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

    /// A content tree on disk. Hidden files and editor backups are skipped.
    pub fn from_dir(dir: &Path) -> Result<Self, ContentDirError> {
        let metadata = fs::metadata(dir).map_err(|e| ContentDirError {
            path: dir.to_owned(),
            reason: e.to_string(),
        })?;
        if !metadata.is_dir() {
            return Err(ContentDirError {
                path: dir.to_owned(),
                reason: "není to složka".into(),
            });
        }
        let mut files = Vec::new();
        walk(dir, dir, &mut files).map_err(|e| ContentDirError {
            path: dir.to_owned(),
            reason: e.to_string(),
        })?;
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(ContentFiles {
            root_display: dir.to_string_lossy().trim_end_matches('/').to_owned(),
            files,
        })
    }

    pub fn get(&self, path: &str) -> Option<&ContentFile> {
        self.files.iter().find(|f| f.path == path)
    }

    /// How a file that should exist but does not is named in messages.
    pub fn display_of(&self, path: &str) -> String {
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

fn walk(root: &Path, dir: &Path, out: &mut Vec<ContentFile>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if is_ignored(&name) {
            continue;
        }
        let path = entry.path();
        let file_type = entry.file_type()?;
        if file_type.is_dir() {
            walk(root, &path, out)?;
            continue;
        }
        let relative = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .to_string_lossy()
            .replace('\\', "/");
        out.push(ContentFile {
            path: relative,
            display: path.to_string_lossy().into_owned(),
            body: read_limited(&path),
        });
    }
    Ok(())
}

fn read_limited(path: &Path) -> FileBody {
    let file = match fs::File::open(path) {
        Ok(file) => file,
        Err(e) => return FileBody::Unreadable(e.to_string()),
    };
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
        Err(e) => FileBody::Unreadable(e.to_string()),
    }
}
