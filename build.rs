use std::fs;
use std::path::{Path, PathBuf};

// The default content is embedded with include_dir!; rebuild whenever it changes. The search
// index cache is keyed by the program's sources too (CARCREF_SOURCE_HASH), so that a build
// whose indexing code differs never reads an index an older build wrote.
fn main() {
    println!("cargo:rerun-if-changed=content");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.lock");
    let mut files = Vec::new();
    collect(Path::new("src"), &mut files);
    files.push(PathBuf::from("Cargo.lock"));
    files.sort();
    let mut hash = Fnv::default();
    for file in &files {
        hash.write(file.to_string_lossy().as_bytes());
        hash.write(&fs::read(file).unwrap_or_default());
    }
    println!("cargo:rustc-env=CARCREF_SOURCE_HASH={:016x}", hash.0);
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else {
            files.push(path);
        }
    }
}

/// FNV-1a: stable across compilers, unlike the standard library's hasher.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
