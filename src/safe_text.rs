//! Characters that must never reach a terminal or a document raw: control characters can
//! retitle a terminal window or clear the screen (ESC sequences), and bidirectional overrides
//! can make text read differently from what it is. Content refuses them on load; every output
//! escapes them, for text that did not come through the content loader (file names, arguments).

/// Control characters other than line feed and tab, and the bidirectional embedding, override
/// and isolate characters.
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// How an unsafe character is shown to a reader: its code, e.g. `<U+001B>`.
pub(crate) fn visible(c: char) -> String {
    format!("<U+{:04X}>", u32::from(c))
}

/// The text with every unsafe character made visible.
pub(crate) fn escape(text: &str) -> String {
    if !text.chars().any(is_unsafe) {
        return text.to_owned();
    }
    text.chars()
        .map(|c| {
            if is_unsafe(c) {
                visible(c)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Terminal output with unsafe characters made visible, except the colour sequences
/// (`ESC [ digits ; … m`) that the program writes itself when colours are on.
#[cfg(feature = "full")]
pub(crate) fn escape_for_terminal(text: &str, keep_colours: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if keep_colours && c == '\u{1b}' {
            if let Some(len) = colour_sequence_len(rest) {
                out.push_str(&rest[..len]);
                rest = &rest[len..];
                continue;
            }
        }
        if is_unsafe(c) {
            out.push_str(&visible(c));
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The byte length of an SGR colour sequence at the start of `text`, if there is one.
#[cfg(feature = "full")]
fn colour_sequence_len(text: &str) -> Option<usize> {
    let body = text.strip_prefix("\u{1b}[")?;
    let params = body
        .bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b';')
        .count();
    (body.as_bytes().get(params) == Some(&b'm')).then_some(2 + params + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn osc_title_and_screen_clear_become_visible() {
        let hostile = "a\u{1b}]0;pwned\u{7}b\u{1b}[2Jc";
        let safe = escape(hostile);
        assert!(!safe.chars().any(is_unsafe));
        assert_eq!(safe, "a<U+001B>]0;pwned<U+0007>b<U+001B>[2Jc");
    }

    #[test]
    fn own_colours_survive_only_when_on() {
        let text = "\u{1b}[1;31mčervený\u{1b}[0m\u{1b}[2J";
        assert_eq!(
            escape_for_terminal(text, true),
            "\u{1b}[1;31mčervený\u{1b}[0m<U+001B>[2J"
        );
        assert!(!escape_for_terminal(text, false).contains('\u{1b}'));
    }

    #[test]
    fn line_ends_tabs_and_czech_stay() {
        assert_eq!(escape("řádek\n\tdalší"), "řádek\n\tdalší");
        assert!(is_unsafe('\u{202e}'));
        assert!(is_unsafe('\r'));
        assert!(is_unsafe('\u{85}'));
    }
}
