//! Loading never panics, whatever bytes the content files hold.

use std::borrow::Cow;

use carcref::content::{load, ContentFile, ContentFiles, FileBody};

const GAMES: &str = "- id: darky\n  title: Dárky\n  title_en: Gifts\n  prefix: da\n  kind: rozsireni\n  source: \"002\"\n";

fn files_with(path: &str, bytes: Vec<u8>) -> ContentFiles {
    let file = |path: &str, bytes: Vec<u8>| ContentFile {
        path: path.into(),
        display: path.into(),
        body: FileBody::Bytes(Cow::Owned(bytes)),
    };
    ContentFiles {
        root_display: "mem".into(),
        files: vec![
            file("games.yaml", GAMES.as_bytes().to_vec()),
            file(path, bytes),
        ],
    }
}

/// A small deterministic generator (xorshift), so failures reproduce from the seed alone.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Fragments that steer random input into the interesting corners of YAML and Markdown.
const PIECES: &[&str] = &[
    "- ",
    "id: ",
    "da-x",
    "\n",
    "  ",
    ": ",
    "[",
    "]",
    "{",
    "}",
    "\"",
    "'",
    "|",
    ">",
    "#",
    "&a ",
    "*a",
    "!tag ",
    "---\n",
    "question",
    "answer",
    "levels: [1, 9]",
    "section: da-x",
    "tags:",
    "ř",
    "\u{301}",
    "\t",
    "\r",
    "\0",
    "](rule:",
    "[x](ruling:",
    "...",
    "? ",
    "%YAML 1.2\n",
    "- - - ",
    "\u{feff}",
];

#[test]
fn random_content_never_panics() {
    let mut rng = Rng(0x5eed_cafe);
    for case in 0..3000u32 {
        let mut bytes = Vec::new();
        let length = rng.next() % 60;
        for _ in 0..length {
            if rng.next().is_multiple_of(5) {
                bytes.push((rng.next() % 256) as u8);
            } else {
                let piece = PIECES[(rng.next() % PIECES.len() as u64) as usize];
                bytes.extend_from_slice(piece.as_bytes());
            }
        }
        let path = if case.is_multiple_of(2) {
            "darky/rulings/x.yaml"
        } else {
            "darky/rules/x.md"
        };
        let loaded = load(&files_with(path, bytes));
        for d in &loaded.diagnostics {
            assert!(d.location.line >= 1 && d.location.column >= 1);
        }
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    for opener in ["[", "{", "- "] {
        let bytes = opener.repeat(200_000).into_bytes();
        let loaded = load(&files_with("darky/rulings/x.yaml", bytes));
        assert!(!loaded.diagnostics.is_empty());
    }
}

#[test]
fn deep_markdown_does_not_overflow() {
    for opener in ["> ", "* ", "+ ", "[", "1. ", "<div>", "*"] {
        let body = opener.repeat(100_000);
        // The plain text (what `show` prints and the loader reads for words) grows with the
        // input, not with its square (nested lists once indented every level).
        let plain = carcref::content::to_plain_text(&body);
        assert!(
            plain.len() <= 20 * body.len(),
            "{opener:?}: {} bytes",
            plain.len()
        );
        let text = format!("---\nid: da-x\ntitle: X\norder: 1\n---\n{body}\n");
        load(&files_with("darky/rules/x.md", text.into_bytes()));
    }
}
