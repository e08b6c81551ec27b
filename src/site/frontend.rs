//! The templates and front-end files a site is made with: built into the binary, or read from
//! a working copy's `templates/` and `site/`, so that `carcref serve` shows their edits too.

use std::borrow::Cow;
use std::path::Path;

use super::common::Fingerprint;

/// Every template and front-end file: its path in the repository, where it is copied to in the
/// site as it is (`None`: a template, or the service worker, which is filled in), and its
/// built-in text. A working copy must have all of them: a missing one is an error, never a
/// silent fall back to the built-in file.
const FILES: &[(&str, Option<&str>, &str)] = &[
    (
        "templates/base.html",
        None,
        include_str!("../../templates/base.html"),
    ),
    (
        "templates/macros.html",
        None,
        include_str!("../../templates/macros.html"),
    ),
    (
        "templates/home.html",
        None,
        include_str!("../../templates/home.html"),
    ),
    (
        "templates/rules.html",
        None,
        include_str!("../../templates/rules.html"),
    ),
    (
        "templates/rulings.html",
        None,
        include_str!("../../templates/rulings.html"),
    ),
    (
        "templates/ruling.html",
        None,
        include_str!("../../templates/ruling.html"),
    ),
    (
        "templates/scenario.html",
        None,
        include_str!("../../templates/scenario.html"),
    ),
    (
        "templates/scenarios.html",
        None,
        include_str!("../../templates/scenarios.html"),
    ),
    (
        "templates/tiles.html",
        None,
        include_str!("../../templates/tiles.html"),
    ),
    (
        "templates/situace.html",
        None,
        include_str!("../../templates/situace.html"),
    ),
    (
        "templates/glossary.html",
        None,
        include_str!("../../templates/glossary.html"),
    ),
    (
        "templates/coverage.html",
        None,
        include_str!("../../templates/coverage.html"),
    ),
    (
        "site/style.css",
        Some("assets/style.css"),
        include_str!("../../site/style.css"),
    ),
    (
        "site/analyzer.js",
        Some("assets/analyzer.js"),
        include_str!("../../site/analyzer.js"),
    ),
    (
        "site/search.js",
        Some("assets/search.js"),
        include_str!("../../site/search.js"),
    ),
    (
        "site/pocet.js",
        Some("assets/pocet.js"),
        include_str!("../../site/pocet.js"),
    ),
    (
        "site/app.js",
        Some("assets/app.js"),
        include_str!("../../site/app.js"),
    ),
    (
        "site/situace.js",
        Some("assets/situace.js"),
        include_str!("../../site/situace.js"),
    ),
    (
        "site/offline.js",
        Some("assets/offline.js"),
        include_str!("../../site/offline.js"),
    ),
    (
        "site/game.js",
        Some("assets/game.js"),
        include_str!("../../site/game.js"),
    ),
    (
        "site/header.js",
        Some("assets/header.js"),
        include_str!("../../site/header.js"),
    ),
    (
        "site/icon.svg",
        Some("assets/icon.svg"),
        include_str!("../../site/icon.svg"),
    ),
    ("site/sw.js", None, include_str!("../../site/sw.js")),
    ("site/engine.js", None, include_str!("../../site/engine.js")),
];

const WORKER_SOURCE: &str = "site/sw.js";
const ENGINE_SOURCE: &str = "site/engine.js";

/// The folders of a working copy that hold the files above.
pub const FOLDERS: [&str; 2] = ["templates", "site"];

#[derive(Debug, Clone)]
pub struct Frontend {
    /// Path in the repository, place in the site if copied, text.
    files: Vec<(&'static str, Option<&'static str>, Cow<'static, str>)>,
}

impl Frontend {
    pub fn embedded() -> Frontend {
        Frontend {
            files: FILES
                .iter()
                .map(|(path, copied, text)| (*path, *copied, Cow::Borrowed(*text)))
                .collect(),
        }
    }

    /// The files as they are in the working copy `root`, each read as content files are (a
    /// regular file inside its folder, size-capped: a link to a private file or a FIFO can
    /// neither be served nor hang the rebuild); the first one that cannot be read is the error
    /// (`path: reason`).
    pub fn from_dir(root: &Path) -> Result<Frontend, String> {
        let mut files = Vec::with_capacity(FILES.len());
        for (path, copied, _) in FILES {
            let file = root.join(path);
            let folder = root.join(path.split('/').next().unwrap_or_default());
            let text = crate::content::read_inside(&file, &folder)
                .and_then(|bytes| {
                    String::from_utf8(bytes).map_err(|_| "není v kódování UTF-8".to_owned())
                })
                .map_err(|e| format!("{}: {e}", file.display()))?;
            files.push((*path, *copied, Cow::Owned(text)));
        }
        Ok(Frontend { files })
    }

    /// The templates, by the name pages use (`base.html`).
    pub(crate) fn templates(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.files
            .iter()
            .filter_map(|(path, _, text)| Some((path.strip_prefix("templates/")?, text.as_ref())))
    }

    /// The files copied into the site as they are: their place there, and their text.
    pub(crate) fn copied(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.files
            .iter()
            .filter_map(|(_, copied, text)| Some(((*copied)?, text.as_ref())))
    }

    /// The service worker's source, before the build fills in its version and file list.
    pub(crate) fn worker(&self) -> &str {
        self.source(WORKER_SOURCE)
    }

    /// The browser engine's glue, before the build fills in the module and the data.
    pub(crate) fn engine_glue(&self) -> &str {
        self.source(ENGINE_SOURCE)
    }

    fn source(&self, wanted: &str) -> &str {
        self.files
            .iter()
            .find(|(path, _, _)| *path == wanted)
            .map_or("", |(_, _, text)| text)
    }

    /// Changes whenever any file does: pages kept from an earlier build are made anew.
    pub(crate) fn fingerprint(&self) -> u64 {
        use std::fmt::Write;
        let mut feed = Fingerprint::new();
        for (path, _, text) in &self.files {
            // Writing into a hasher cannot fail.
            let _ = write!(feed, "{}\0{}\0", path.len(), path);
            let _ = write!(feed, "{}\0{text}", text.len());
        }
        feed.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_working_copy_gives_the_built_in_files_and_a_missing_one_is_named() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let read = Frontend::from_dir(root).unwrap();
        let built_in = Frontend::embedded();
        assert_eq!(read.fingerprint(), built_in.fingerprint());
        assert_eq!(read.templates().count(), 12);
        assert!(built_in.worker().contains("__CARCREF_FILES__"));

        let empty = std::env::temp_dir().join(format!("carcref-frontend-{}", std::process::id()));
        std::fs::create_dir_all(&empty).unwrap();
        let error = Frontend::from_dir(&empty).unwrap_err();
        assert!(error.contains("templates/base.html"), "{error}");
        std::fs::remove_dir_all(&empty).unwrap();
    }

    /// A working copy with the built-in files, and `site/style.css` made by `swap`.
    #[cfg(unix)]
    fn read_with_style(name: &str, swap: impl FnOnce(&Path, &Path)) -> String {
        let root = std::env::temp_dir().join(format!("carcref-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for (path, _, text) in FILES {
            let file = root.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, text).unwrap();
        }
        let style = root.join("site/style.css");
        std::fs::remove_file(&style).unwrap();
        swap(&root, &style);
        let error = Frontend::from_dir(&root).err();
        std::fs::remove_dir_all(&root).unwrap();
        error.unwrap_or_default()
    }

    #[cfg(unix)]
    #[test]
    fn front_end_files_are_read_by_the_content_rules() {
        use std::os::unix::fs::symlink;
        // A link to a private file outside the folder is not served.
        let error = read_with_style("outside", |root, style| {
            std::fs::write(root.join("private.txt"), "heslo").unwrap();
            symlink(root.join("private.txt"), style).unwrap();
        });
        assert!(
            error.contains("style.css: odkaz vede mimo složku"),
            "{error}"
        );
        // Nor a device that never ends.
        let error = read_with_style("zero", |_, style| symlink("/dev/zero", style).unwrap());
        assert!(
            error.contains("style.css: odkaz vede mimo složku"),
            "{error}"
        );
        // A FIFO is refused at once instead of blocking the rebuild for good.
        let error = read_with_style("fifo", |_, style| {
            let made = std::process::Command::new("mkfifo").arg(style).status();
            assert!(made.unwrap().success());
        });
        assert!(error.contains("style.css: není obyčejný soubor"), "{error}");
        // A file past the size limit is refused, naming its size.
        let error = read_with_style("large", |_, style| {
            std::fs::write(style, vec![b' '; 2 * 1024 * 1024]).unwrap();
        });
        assert!(error.contains("style.css: má 2097152 bajtů"), "{error}");
        // A link inside the folder is fine.
        let error = read_with_style("inside", |root, style| {
            std::fs::write(root.join("site/other.css"), "body {}").unwrap();
            symlink(root.join("site/other.css"), style).unwrap();
        });
        assert_eq!(error, "");
    }
}
