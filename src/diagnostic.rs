//! Problems found in user input, as values that carry their location.

use std::fmt;
use std::io;

/// Why a file or network operation failed, in Czech: the system's own message is English
/// ("No such file or directory (os error 2)") and would break the sentence it ends.
pub fn io_reason(error: &io::Error) -> String {
    use io::ErrorKind as Kind;
    let reason = match error.kind() {
        Kind::NotFound => "takový soubor nebo složka neexistuje",
        Kind::PermissionDenied => "chybí k tomu oprávnění",
        Kind::AlreadyExists => "už existuje",
        Kind::IsADirectory => "je to složka, ne soubor",
        Kind::NotADirectory => "část cesty není složka",
        Kind::DirectoryNotEmpty => "složka není prázdná",
        Kind::ReadOnlyFilesystem => "disk je jen pro čtení",
        Kind::StorageFull | Kind::QuotaExceeded => "na disku došlo místo",
        Kind::FileTooLarge => "soubor je příliš velký",
        Kind::InvalidFilename => "název souboru je neplatný",
        Kind::AddrInUse => "adresa je už obsazená",
        Kind::AddrNotAvailable => "taková adresa na tomto počítači není",
        Kind::TimedOut => "vypršel čas",
        Kind::Interrupted => "operaci přerušil systém",
        Kind::UnexpectedEof => "data nečekaně skončila",
        Kind::InvalidData => "data nejsou platná",
        Kind::OutOfMemory => "došla paměť",
        _ => {
            return match error.raw_os_error() {
                Some(code) => format!("systém ohlásil chybu číslo {code}"),
                None => "nastala nečekaná chyba vstupu nebo výstupu".to_owned(),
            }
        }
    };
    reason.to_owned()
}

/// A position in a content file; line and column are 1-based and count characters.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Location {
    file: String,
    pub line: usize,
    pub column: usize,
}

impl Location {
    pub(crate) fn new(file: impl Into<String>, line: usize, column: usize) -> Self {
        Location {
            file: file.into(),
            line: line.max(1),
            column: column.max(1),
        }
    }

    /// The start of a file, for problems that concern the file as a whole.
    pub(crate) fn file_start(file: impl Into<String>) -> Self {
        Location::new(file, 1, 1)
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// One problem: where it is, which entry it belongs to (when known) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub location: Location,
    pub(crate) entry_id: Option<String>,
    pub message: String,
}

impl Diagnostic {
    pub(crate) fn new(location: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            location,
            entry_id: None,
            message: message.into(),
        }
    }

    fn for_entry(mut self, entry_id: Option<&str>) -> Self {
        self.entry_id = entry_id.map(str::to_owned);
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.entry_id {
            Some(id) => write!(f, "{}: [{}] {}", self.location, id, self.message),
            None => write!(f, "{}: {}", self.location, self.message),
        }
    }
}

/// Problems are collected, not thrown: loading goes on so that every problem is reported at once.
#[derive(Debug, Default)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    pub fn error(
        &mut self,
        location: Location,
        entry_id: Option<&str>,
        message: impl Into<String>,
    ) {
        self.push(Diagnostic::new(location, message).for_entry(entry_id));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// Sorted by file and position, so output is stable whatever the loading order.
    pub fn into_sorted(mut self) -> Vec<Diagnostic> {
        self.0
            .sort_by(|a, b| a.location.cmp(&b.location).then(a.message.cmp(&b.message)));
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_reasons_are_czech_whatever_the_system_says() {
        let missing = io::Error::from_raw_os_error(2);
        assert_eq!(io_reason(&missing), "takový soubor nebo složka neexistuje");
        let denied = io::Error::from(io::ErrorKind::PermissionDenied);
        assert_eq!(io_reason(&denied), "chybí k tomu oprávnění");
        // A kind without a Czech sentence of its own still reads as Czech.
        let odd = io::Error::other("some English text");
        assert_eq!(
            io_reason(&odd),
            "nastala nečekaná chyba vstupu nebo výstupu"
        );
    }
}
