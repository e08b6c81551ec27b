//! Text for a terminal, wrapped at word boundaries to its width. A wrapped line keeps the
//! indentation of its list marker (`• `, `1. `, `✔ `, `■ `), so lists stay readable.

/// The width of the terminal on standard output, if it is one.
pub fn terminal_width() -> Option<usize> {
    #[cfg(unix)]
    {
        let size = rustix::termios::tcgetwinsize(std::io::stdout()).ok()?;
        (size.ws_col > 0).then_some(usize::from(size.ws_col))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Narrower than this, wrapping would break more than it helps.
const MIN_WIDTH: usize = 30;

/// Wraps every line longer than `width` visible characters (colour sequences take no room).
pub(crate) fn wrap(text: &str, width: usize) -> String {
    if width < MIN_WIDTH {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + text.len() / width.max(1));
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        wrap_line(line, width, &mut out);
    }
    out
}

fn wrap_line(line: &str, width: usize, out: &mut String) {
    if visible_len(line) <= width {
        out.push_str(line);
        return;
    }
    let indent = " ".repeat(hanging_indent(line).min(width / 2));
    let mut used = 0;
    for (i, word) in line.split(' ').enumerate() {
        let len = visible_len(word);
        if i > 0 {
            if used > indent.len() && used + 1 + len > width {
                out.push('\n');
                out.push_str(&indent);
                used = indent.len();
            } else {
                out.push(' ');
                used += 1;
            }
        }
        out.push_str(word);
        used += len;
    }
}

/// Where continuation lines start: after the leading spaces and a list marker.
fn hanging_indent(line: &str) -> usize {
    let spaces = line.chars().take_while(|c| *c == ' ').count();
    let rest = &line[spaces..];
    let marker = ["• ", "■ ", "✔ ", "✘ ", "- "]
        .iter()
        .find(|m| rest.starts_with(*m))
        .map(|m| m.chars().count())
        .or_else(|| {
            let digits = rest.chars().take_while(char::is_ascii_digit).count();
            (digits > 0 && rest[digits..].starts_with(". ")).then_some(digits + 2)
        })
        .unwrap_or(0);
    spaces + marker
}

/// Characters a terminal shows: colour sequences (`ESC [ … m`) take no room.
fn visible_len(text: &str) -> usize {
    let mut len = 0;
    let mut in_escape = false;
    for c in text.chars() {
        match (in_escape, c) {
            (false, '\u{1b}') => in_escape = true,
            (true, 'm') => in_escape = false,
            (true, _) => {}
            (false, _) => len += 1,
        }
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_wrap_at_words_and_keep_their_list_indent() {
        let text = "• Nová kartička se musí dotýkat alespoň jedné ležící kartičky celou stranou.";
        let wrapped = wrap(text, 40);
        for line in wrapped.lines() {
            assert!(visible_len(line) <= 40, "{line:?}");
        }
        assert!(
            wrapped.starts_with("• Nová kartička se musí dotýkat alespoň\n  jedné"),
            "{wrapped}"
        );
        let numbered = wrap(
            "12. Vyhodnocení se provede ihned po přiložení kartičky.",
            30,
        );
        assert!(numbered.contains("\n    "), "{numbered}");
    }

    #[test]
    fn short_lines_colours_and_long_words_survive() {
        assert_eq!(wrap("krátký řádek\n\ndruhý", 40), "krátký řádek\n\ndruhý");
        let coloured = "\u{1b}[1;33mhřbitov\u{1b}[0m ".repeat(8);
        assert_eq!(visible_len(&coloured), 64);
        let long_word = "x".repeat(50);
        assert_eq!(wrap(&long_word, 40), long_word);
        assert_eq!(wrap("a b c", 10), "a b c");
    }
}
