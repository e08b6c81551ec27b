//! Markdown in rule texts and answers: front matter, internal links, plain-text rendering.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use super::text::Positions;

/// A rule file split into its YAML front matter and Markdown body.
#[derive(Debug)]
pub(crate) struct FrontMatter<'a> {
    pub(crate) yaml: &'a str,
    /// Lines before the YAML (the opening `---`).
    pub(crate) yaml_line_offset: usize,
    pub(crate) body: &'a str,
    /// Lines before the body.
    pub(crate) body_line_offset: usize,
}

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum FrontMatterError {
    Missing,
    Unclosed,
}

impl FrontMatterError {
    pub(crate) fn message(&self) -> &'static str {
        match self {
            FrontMatterError::Missing => {
                "chybí front matter: soubor musí začínat řádkem `---`, po něm id, title a order, a pak zase `---`"
            }
            FrontMatterError::Unclosed => "front matter není uzavřen řádkem `---`",
        }
    }
}

pub(crate) fn split_front_matter(text: &str) -> Result<FrontMatter<'_>, FrontMatterError> {
    let rest = text
        .strip_prefix("---\n")
        .ok_or(FrontMatterError::Missing)?;
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            let yaml = &rest[..offset];
            let body = &rest[offset + line.len()..];
            let yaml_lines = yaml.matches('\n').count();
            return Ok(FrontMatter {
                yaml,
                yaml_line_offset: 1,
                body,
                body_line_offset: 2 + yaml_lines,
            });
        }
        offset += line.len();
    }
    Err(FrontMatterError::Unclosed)
}

/// Where an internal link points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkTarget {
    Rule(String),
    Ruling(String),
}

/// An internal link with its 1-based line and column inside the Markdown text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) target: LinkTarget,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

pub fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// Parses an internal link destination (`rule:ID`, `ruling:ID`); other URLs are not ours.
pub fn parse_target(destination: &str) -> Option<LinkTarget> {
    if let Some(id) = destination.strip_prefix("rule:") {
        Some(LinkTarget::Rule(id.to_owned()))
    } else {
        destination
            .strip_prefix("ruling:")
            .map(|id| LinkTarget::Ruling(id.to_owned()))
    }
}

pub(crate) fn internal_links(markdown: &str) -> Vec<Link> {
    let mut positions = Positions::new(markdown);
    Parser::new_ext(markdown, options())
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::Start(Tag::Link { dest_url, .. }) => {
                let target = parse_target(&dest_url)?;
                let (line, column) = positions.at(range.start);
                Some(Link {
                    target,
                    line,
                    column,
                })
            }
            _ => None,
        })
        .collect()
}

/// Markdown as readable text: paragraphs, bullets, tables as rows; web addresses are shown,
/// links inside the content only by their words (their targets are internal ids).
pub fn to_plain_text(markdown: &str) -> String {
    to_plain_text_naming(markdown, &|_| None)
}

/// How many levels of nested lists the plain text indents.
const MAX_LIST_INDENT: usize = 8;

/// Like `to_plain_text`, with each internal link followed by the name `name` gives its
/// target (a section's title, a ruling's source ID), if any.
pub fn to_plain_text_naming(
    markdown: &str,
    name: &dyn Fn(&LinkTarget) -> Option<String>,
) -> String {
    let mut text = PlainText {
        out: String::new(),
        list_numbers: Vec::new(),
        link_targets: Vec::new(),
        cell_index: 0,
        name,
    };
    for event in Parser::new_ext(markdown, options()) {
        text.write(event);
    }
    text.out.trim_end().to_owned()
}

/// The plain text written so far and where the writer stands in lists, links and tables.
struct PlainText<'n> {
    out: String,
    /// The next number of each open list; `None` for bullet lists.
    list_numbers: Vec<Option<u64>>,
    link_targets: Vec<String>,
    cell_index: usize,
    name: &'n dyn Fn(&LinkTarget) -> Option<String>,
}

impl PlainText<'_> {
    fn write(&mut self, event: Event) {
        let list_depth = self.list_numbers.len();
        match event {
            Event::Text(text) | Event::Code(text) => self.out.push_str(&text),
            Event::SoftBreak => self.out.push(' '),
            Event::HardBreak => self.out.push('\n'),
            Event::Start(Tag::Item) => self.start_item(),
            Event::End(TagEnd::Item) => ensure_newline(&mut self.out),
            Event::Start(Tag::List(start)) => {
                ensure_newline(&mut self.out);
                self.list_numbers.push(start);
            }
            Event::End(TagEnd::List(_)) => {
                self.list_numbers.pop();
                if self.list_numbers.is_empty() {
                    self.out.push('\n');
                }
            }
            Event::End(TagEnd::Paragraph) => {
                self.out.push('\n');
                if list_depth == 0 {
                    self.out.push('\n');
                }
            }
            Event::Start(Tag::Heading { level, .. }) if level <= HeadingLevel::H2 => {
                self.out.push_str("■ ")
            }
            Event::End(TagEnd::Heading(_)) => self.out.push_str("\n\n"),
            Event::Start(Tag::Link { dest_url, .. }) => {
                self.link_targets.push(dest_url.into_string())
            }
            Event::End(TagEnd::Link) => self.end_link(),
            Event::Start(Tag::TableHead) => self.cell_index = 0,
            // A row is an item: run together (a snippet is one line), rows stay apart.
            Event::Start(Tag::TableRow) => {
                self.cell_index = 0;
                self.out.push_str("• ");
            }
            Event::Start(Tag::TableCell) => self.start_cell(),
            Event::End(TagEnd::TableRow | TagEnd::TableHead | TagEnd::Table) => self.out.push('\n'),
            _ => {}
        }
    }

    fn start_item(&mut self) {
        // The indent stops growing at a depth no real text reaches: unbounded, it made the
        // text quadratic in its input (100,000 nested items: 19 GB and 47 s).
        let indent = self
            .list_numbers
            .len()
            .saturating_sub(1)
            .min(MAX_LIST_INDENT);
        self.out.push_str(&"  ".repeat(indent));
        match self.list_numbers.last_mut() {
            Some(Some(number)) => {
                self.out.push_str(&format!("{number}. "));
                *number += 1;
            }
            _ => self.out.push_str("• "),
        }
    }

    /// A web address is shown; an internal link by the name of its target, if it has one.
    fn end_link(&mut self) {
        let Some(target) = self.link_targets.pop() else {
            return;
        };
        match parse_target(&target) {
            Some(internal) => {
                if let Some(named) = (self.name)(&internal) {
                    self.out.push_str(&format!(" (→ {named})"));
                }
            }
            None => self.out.push_str(&format!(" ({target})")),
        }
    }

    /// Read as Czech: the first cell labels the row ("Cesta: …; 1 bod za kartičku").
    fn start_cell(&mut self) {
        match self.cell_index {
            0 => {}
            1 => self.out.push_str(": "),
            _ => self.out.push_str("; "),
        }
        self.cell_index += 1;
    }
}

fn ensure_newline(out: &mut String) {
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifty_thousand_links_are_located_in_one_pass() {
        let line = "[a](rule:da-uvod) ".repeat(10);
        let markdown = format!("{line}\n").repeat(5_000);
        let started = std::time::Instant::now();
        let links = internal_links(&markdown);
        let took = started.elapsed();
        assert_eq!(links.len(), 50_000);
        let last = links.last().unwrap();
        assert_eq!((last.line, last.column), (5_000, 9 * 18 + 1));
        // Counting from the start for each link took 111 s in release (issue 24); one pass is
        // well under a second in debug. Generous, for a busy machine.
        assert!(took.as_secs() < 20, "{took:?}");
    }

    #[test]
    fn front_matter_is_split_with_line_offsets() {
        let fm = split_front_matter("---\nid: a\ntitle: B\n---\nText\n").unwrap();
        assert_eq!(fm.yaml, "id: a\ntitle: B\n");
        assert_eq!(fm.body, "Text\n");
        assert_eq!(fm.body_line_offset, 4);
    }

    #[test]
    fn missing_and_unclosed_front_matter() {
        assert_eq!(
            split_front_matter("# Nadpis").unwrap_err(),
            FrontMatterError::Missing
        );
        assert_eq!(
            split_front_matter("---\nid: a\n").unwrap_err(),
            FrontMatterError::Unclosed
        );
    }

    #[test]
    fn internal_links_are_found_with_positions() {
        let links = internal_links("Úvod.\n\nViz [mlha](rule:dc-mlha) a [x](https://example.org).");
        assert_eq!(
            links,
            vec![Link {
                target: LinkTarget::Rule("dc-mlha".into()),
                line: 3,
                column: 5
            }]
        );
    }

    #[test]
    fn numbered_lists_stay_numbered() {
        let text = to_plain_text("Kroky:\n\n1. přiložit\n2. nasadit\n3. vyhodnotit\n\n- a\n- b\n");
        assert!(
            text.contains("1. přiložit\n2. nasadit\n3. vyhodnotit"),
            "{text}"
        );
        assert!(text.contains("• a\n• b"), "{text}");
        let from_three = to_plain_text("3. třetí\n4. čtvrtý\n");
        assert!(
            from_three.starts_with("3. třetí\n4. čtvrtý"),
            "{from_three}"
        );
    }

    #[test]
    fn plain_text_keeps_structure() {
        let text = to_plain_text(
            "## Body\n\n* a\n* b [sekce](rule:x)\n\n| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n",
        );
        assert!(text.contains("■ Body"));
        assert!(text.contains("• a\n• b sekce\n"), "{text}");
        assert!(text.contains("a: b; c\n• 1: 2; 3"), "{text}");
        let named = to_plain_text_naming("Viz [sekce](rule:x) a [web](https://a.cz).", &|t| {
            matches!(t, LinkTarget::Rule(id) if id == "x").then(|| "pravidla „X“".to_owned())
        });
        assert_eq!(named, "Viz sekce (→ pravidla „X“) a web (https://a.cz).");
    }
}
