//! Turning a file's bytes into the text every later stage sees: UTF-8, NFC, `\n` line ends.

use unicode_normalization::UnicodeNormalization;

use super::files::{ContentFile, FileBody, MAX_FILE_BYTES};
use crate::diagnostic::{Diagnostic, Location};
use crate::safe_text::{is_unsafe, visible};

/// Decodes a content file, or says precisely why it is not usable text.
pub fn decode(file: &ContentFile) -> Result<String, Diagnostic> {
    let text = normalized_text(file)?;
    match control_character(&file.display, &text) {
        Some(diagnostic) => Err(diagnostic),
        None => Ok(text),
    }
}

/// Like [`decode`], but a control character is replaced by U+FFFD and reported beside the
/// text instead of refusing the file: the content loader still learns the file's entries, so
/// one stray character is one problem, not also every link to the file's rulings.
pub(crate) fn decode_reporting_controls(
    file: &ContentFile,
) -> Result<(String, Option<Diagnostic>), Diagnostic> {
    let text = normalized_text(file)?;
    let Some(diagnostic) = control_character(&file.display, &text) else {
        return Ok((text, None));
    };
    let replaced = text
        .chars()
        .map(|c| if is_unsafe(c) { '\u{fffd}' } else { c })
        .collect();
    Ok((replaced, Some(diagnostic)))
}

/// The file as UTF-8 without NUL, in NFC with `\n` line ends: everything but the check for
/// control characters.
fn normalized_text(file: &ContentFile) -> Result<String, Diagnostic> {
    let bytes = match &file.body {
        FileBody::Bytes(bytes) => bytes,
        FileBody::TooLarge(size) => {
            return Err(Diagnostic::new(
                Location::file_start(&file.display),
                format!(
                    "soubor je příliš velký ({} bajtů, nejvýše {} bajtů)",
                    size, MAX_FILE_BYTES
                ),
            ))
        }
        FileBody::Unreadable(reason) => {
            return Err(Diagnostic::new(
                Location::file_start(&file.display),
                format!("soubor nelze přečíst: {reason}"),
            ))
        }
    };
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
            let (line, column) = line_column_at_end(valid);
            return Err(Diagnostic::new(
                Location::new(&file.display, line, column),
                format!(
                    "soubor není platný text v UTF-8 (neplatný bajt na pozici {})",
                    e.valid_up_to()
                ),
            ));
        }
    };
    if let Some(offset) = text.find('\0') {
        let (line, column) = line_column_at_end(&text[..offset]);
        return Err(Diagnostic::new(
            Location::new(&file.display, line, column),
            "soubor obsahuje znak NUL: vypadá jako binární soubor, ne text",
        ));
    }
    Ok(normalize(text.strip_prefix('\u{feff}').unwrap_or(text)))
}

fn control_character(display: &str, text: &str) -> Option<Diagnostic> {
    let (offset, c) = text.char_indices().find(|(_, c)| is_unsafe(*c))?;
    let (line, column) = line_column_at_end(&text[..offset]);
    Some(Diagnostic::new(
        Location::new(display, line, column),
        format!(
            "soubor obsahuje řídicí znak {}: v textu pravidel nemá co dělat \
             (terminál by ho mohl provést jako příkaz)",
            visible(c)
        ),
    ))
}

/// NFC and Unix line ends, so that a file saved in NFD or with CRLF loads identically.
fn normalize(text: &str) -> String {
    let text = text.replace("\r\n", "\n");
    // Nearly every file is NFC already; the quick check says so without composing, which
    // was a third of loading the content (and `carcref serve` loads it on every edit).
    match unicode_normalization::is_nfc_quick(text.chars()) {
        unicode_normalization::IsNormalized::Yes => text,
        _ => text.nfc().collect(),
    }
}

/// The 1-based line and column just after `prefix`, counting characters, not bytes.
fn line_column_at_end(prefix: &str) -> (usize, usize) {
    let line = prefix.matches('\n').count() + 1;
    let last_line = prefix.rsplit('\n').next().unwrap_or("");
    (line, last_line.chars().count() + 1)
}

/// Lines and columns of increasing byte offsets in one text, each counted on from the last,
/// so that locating every link of a file is one pass over it, not one per link.
pub(crate) struct Positions<'t> {
    text: &'t str,
    offset: usize,
    line: usize,
    column: usize,
}

impl<'t> Positions<'t> {
    pub(crate) fn new(text: &'t str) -> Self {
        Positions {
            text,
            offset: 0,
            line: 1,
            column: 1,
        }
    }

    /// The 1-based line and column at byte `offset`; an offset before the last one counts
    /// again from the start.
    pub(crate) fn at(&mut self, offset: usize) -> (usize, usize) {
        if offset < self.offset {
            *self = Positions::new(self.text);
        }
        for c in self
            .text
            .get(self.offset..offset)
            .unwrap_or_default()
            .chars()
        {
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        self.offset = offset.max(self.offset);
        (self.line, self.column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;

    fn file(bytes: &'static [u8]) -> ContentFile {
        ContentFile {
            path: "x.yaml".into(),
            display: "x.yaml".into(),
            body: FileBody::Bytes(Cow::Borrowed(bytes)),
        }
    }

    #[test]
    fn nfd_text_becomes_nfc() {
        let nfd: String = "hřbitov".nfd().collect();
        assert_ne!(nfd, "hřbitov");
        assert_eq!(normalize(&nfd), "hřbitov");
    }

    #[test]
    fn invalid_utf8_is_located_by_characters() {
        let err = decode(&file(b"a: \xc5\xaf\nb: \xff")).unwrap_err();
        assert_eq!(err.location.line, 2);
        assert_eq!(err.location.column, 4);
        assert!(err.message.contains("UTF-8"));
    }

    #[test]
    fn nul_byte_means_binary() {
        let err = decode(&file(b"abc\0def")).unwrap_err();
        assert!(err.message.contains("binární"));
    }

    #[test]
    fn bom_and_crlf_are_removed() {
        assert_eq!(decode(&file(b"\xef\xbb\xbfa\r\nb")).unwrap(), "a\nb");
    }

    #[test]
    fn control_characters_are_refused_with_their_place() {
        let err = decode(&file(b"a: b\nc: \xc5\xaf\x1b]0;x\x07")).unwrap_err();
        assert_eq!((err.location.line, err.location.column), (2, 5));
        assert!(err.message.contains("<U+001B>"), "{}", err.message);
        assert!(decode(&file(b"a:\r\n\tb")).is_ok());
    }

    #[test]
    fn columns_count_letters_not_bytes() {
        assert_eq!(line_column_at_end("čšř"), (1, 4));
        let text = "ab\nčš x\n\ny";
        let mut positions = Positions::new(text);
        for offset in [0, 2, 3, 7, 8, 10, 3] {
            assert_eq!(
                positions.at(offset),
                line_column_at_end(&text[..offset]),
                "{offset}"
            );
        }
    }
}
