//! Helpers shared by the integration tests.
#![allow(dead_code)] // each test crate uses a different subset

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the real binary with `args`, from `cwd` (the repo when `None`).
pub fn carcref(args: &[&str], cwd: Option<&Path>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carcref"))
        .args(args)
        .current_dir(cwd.map(Path::to_path_buf).unwrap_or_else(repo))
        .env("NO_COLOR", "1")
        // Tests never touch the user's cache.
        .env(
            "CARCREF_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache"),
        )
        .output()
        .expect("the carcref binary runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn code(output: &Output) -> i32 {
    output
        .status
        .code()
        .expect("exited, not killed by a signal")
}

pub fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The shared source documents, when this checkout has them beside it (developers and CI do).
pub fn sources_dir() -> Option<PathBuf> {
    let dir = repo().join("../shared/sources");
    dir.is_dir().then_some(dir)
}
