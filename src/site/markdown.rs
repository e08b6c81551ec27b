//! Markdown of rule texts and answers as HTML for the site: internal links (`rule:`,
//! `ruling:`) become relative links, raw HTML is shown as text, only web and mail links stay
//! links and images become their alt text, so that content can neither run script nor make
//! the page fetch anything.

use std::collections::{HashMap, HashSet};

use pulldown_cmark::{CowStr, Event, HeadingLevel, Parser, Tag, TagEnd};

use crate::content::{options, parse_target, LinkTarget};

/// A heading of a rule text, for the table of contents.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Heading {
    pub id: String,
    pub(crate) title: String,
}

/// The scrolling box around every table (see `.table-wrap` in site/style.css).
const TABLE_BOX: &str =
    "<div class=\"table-wrap\" tabindex=\"0\" role=\"group\" aria-label=\"Tabulka\">\n";

/// A URL-fragment-safe slug: ASCII letters and digits (diacritics dropped), other runs as `-`.
pub(crate) fn slug(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let mut out = String::new();
    for c in text.nfd().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !('\u{300}'..='\u{36f}').contains(&c) && !out.ends_with('-') {
            // Combining accents vanish; anything else separates words.
            out.push('-');
        }
    }
    let slug = out.trim_matches('-');
    if slug.is_empty() {
        "oddil".to_owned()
    } else {
        slug.to_owned()
    }
}

fn safe_url(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("mailto:")
}

/// Renders Markdown. `resolve` turns an internal link target into a URL; headings get ids
/// `{heading_prefix}-{slug}` and are pushed down `shift` levels (a section body under the
/// section's own heading).
pub fn to_html(
    markdown: &str,
    resolve: &dyn Fn(&LinkTarget) -> Option<String>,
    heading_prefix: &str,
    shift: usize,
) -> (String, Vec<Heading>) {
    let mut render = Render::new(resolve, heading_prefix, shift);
    for event in Parser::new_ext(markdown, options()) {
        render.event(event);
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, render.events.into_iter());
    (html, render.headings)
}

/// The state of `to_html` while it goes through the parser's events.
struct Render<'a> {
    resolve: &'a dyn Fn(&LinkTarget) -> Option<String>,
    heading_prefix: &'a str,
    shift: usize,
    events: Vec<Event<'a>>,
    headings: Vec<Heading>,
    used_ids: HashSet<String>,
    /// The next number to try for each heading id that is taken.
    next_number: HashMap<String, usize>,
    /// Which opened links were kept, so that the matching ends are kept or dropped too.
    links_kept: Vec<bool>,
    in_image: usize,
    /// The open heading's text so far and its start event's place.
    heading: Option<(String, usize)>,
}

impl<'a> Render<'a> {
    fn new(
        resolve: &'a dyn Fn(&LinkTarget) -> Option<String>,
        heading_prefix: &'a str,
        shift: usize,
    ) -> Self {
        Render {
            resolve,
            heading_prefix,
            shift,
            events: Vec::new(),
            headings: Vec::new(),
            used_ids: HashSet::new(),
            next_number: HashMap::new(),
            links_kept: Vec::new(),
            in_image: 0,
            heading: None,
        }
    }

    fn event(&mut self, event: Event<'a>) {
        match event {
            Event::Html(html) | Event::InlineHtml(html) => self.events.push(Event::Text(html)),
            Event::Start(Tag::Image { .. }) => self.in_image += 1,
            Event::End(TagEnd::Image) => self.in_image = self.in_image.saturating_sub(1),
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => self.link(link_type, &dest_url, title, id),
            Event::End(TagEnd::Link) => {
                if self.links_kept.pop().unwrap_or(false) {
                    self.events.push(Event::End(TagEnd::Link));
                }
            }
            // A table scrolls sideways in its own box on a narrow screen; the box takes the
            // keyboard focus so that it can be scrolled without a pointer too.
            Event::Start(Tag::Table(alignments)) => {
                self.events.push(Event::Html(CowStr::Borrowed(TABLE_BOX)));
                self.events.push(Event::Start(Tag::Table(alignments)));
            }
            Event::End(TagEnd::Table) => {
                self.events.push(Event::End(TagEnd::Table));
                self.events.push(Event::Html(CowStr::Borrowed("</div>\n")));
            }
            Event::Start(Tag::Heading {
                level,
                classes,
                attrs,
                ..
            }) => {
                self.heading = Some((String::new(), self.events.len()));
                self.events.push(Event::Start(Tag::Heading {
                    level: shifted(level, self.shift),
                    id: None,
                    classes,
                    attrs,
                }));
            }
            Event::End(TagEnd::Heading(level)) => self.end_heading(level),
            Event::Text(text) | Event::Code(text) if self.in_image > 0 => {
                self.events.push(Event::Text(text));
            }
            other => {
                if let (Some((title, _)), Event::Text(t) | Event::Code(t)) =
                    (&mut self.heading, &other)
                {
                    title.push_str(t);
                }
                self.events.push(other);
            }
        }
    }

    /// A link is kept when its target resolves (an internal one) or is a safe URL.
    fn link(
        &mut self,
        link_type: pulldown_cmark::LinkType,
        dest_url: &str,
        title: CowStr<'a>,
        id: CowStr<'a>,
    ) {
        let url = match parse_target(dest_url) {
            Some(target) => (self.resolve)(&target),
            None if safe_url(dest_url) => Some(dest_url.to_string()),
            None => None,
        };
        self.links_kept.push(url.is_some());
        if let Some(url) = url {
            self.events.push(Event::Start(Tag::Link {
                link_type,
                dest_url: CowStr::from(url),
                title,
                id,
            }));
        }
    }

    /// Gives the heading that ends its id, from its text.
    fn end_heading(&mut self, level: HeadingLevel) {
        let (title, start) = self.heading.take().unwrap_or_default();
        let id = self.unique_id(format!("{}-{}", self.heading_prefix, slug(&title)));
        if let Some(Event::Start(Tag::Heading { id: slot, .. })) = self.events.get_mut(start) {
            *slot = Some(CowStr::from(id.clone()));
        }
        self.headings.push(Heading { id, title });
        self.events
            .push(Event::End(TagEnd::Heading(shifted(level, self.shift))));
    }

    /// Two headings of the same name in one text still get distinct anchors. The next number
    /// to try is kept per name, so thousands of equal headings stay linear instead of
    /// rescanning every earlier id.
    fn unique_id(&mut self, base: String) -> String {
        let mut id = base.clone();
        if self.used_ids.contains(&id) {
            let next = self.next_number.entry(base.clone()).or_insert(2);
            loop {
                id = format!("{base}-{next}");
                *next += 1;
                if !self.used_ids.contains(&id) {
                    break;
                }
            }
        }
        self.used_ids.insert(id.clone());
        id
    }
}

/// A Markdown text as one line of plain words (internal links by their words only).
pub(crate) fn plain_text(markdown: &str) -> String {
    let text = crate::content::to_plain_text(markdown);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At most about `limit` characters of `text`, cut between words ("…"): what a chat app
/// shows under a shared link.
pub(crate) fn cut(text: &str, limit: usize) -> String {
    let mut out = String::new();
    for word in text.split_whitespace() {
        if !out.is_empty() && out.chars().count() + 1 + word.chars().count() > limit {
            out.push('…');
            return out;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The anchors `to_html` gives a text's headings with this prefix (for the search index,
/// which links a hit to the subsection its words are in).
pub(crate) fn heading_ids(markdown: &str, heading_prefix: &str) -> Vec<Heading> {
    to_html(markdown, &|_| None, heading_prefix, 0).1
}

fn shifted(level: HeadingLevel, shift: usize) -> HeadingLevel {
    let n = (level as usize + shift).min(6);
    HeadingLevel::try_from(n).unwrap_or(HeadingLevel::H6)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(markdown: &str) -> String {
        let resolve = |t: &LinkTarget| match t {
            LinkTarget::Rule(id) => Some(format!("pravidla.html#{id}")),
            LinkTarget::Ruling(_) => None,
        };
        to_html(markdown, &resolve, "s", 1).0
    }

    #[test]
    fn raw_html_is_text() {
        let html = render("Pozor <script>alert(1)</script> a \"><img src=x onerror=alert(1)>");
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
    }

    #[test]
    fn only_safe_links_stay_links() {
        let html = render(
            "[a](rule:dc-mlha) [b](javascript:alert(1)) [c](https://example.org) [d](ruling:x)",
        );
        assert!(
            html.contains(r#"<a href="pravidla.html#dc-mlha">a</a>"#),
            "{html}"
        );
        assert!(!html.contains("javascript"), "{html}");
        assert!(
            html.contains(r#"<a href="https://example.org">c</a>"#),
            "{html}"
        );
        assert!(html.contains(" d"), "{html}");
    }

    #[test]
    fn images_become_their_alt_text() {
        let html = render("![plán hry](https://example.org/x.png)");
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("plán hry"), "{html}");
    }

    #[test]
    fn headings_get_ids_and_shift() {
        let (html, headings) = to_html(
            "## Mlha a duchové\n\n## Mlha a duchové\n",
            &|_| None,
            "dc-x",
            1,
        );
        assert!(html.contains(r#"<h3 id="dc-x-mlha-a-duchove">"#), "{html}");
        assert_eq!(headings[1].id, "dc-x-mlha-a-duchove-2");
    }

    #[test]
    fn tables_scroll_in_a_focusable_box() {
        let html = render("| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(html.starts_with(TABLE_BOX), "{html}");
        assert!(html.trim_end().ends_with("</table>\n</div>"), "{html}");
    }

    #[test]
    fn slugs_fold_czech() {
        assert_eq!(slug("Příprava hry – úroveň 2"), "priprava-hry-uroven-2");
    }

    #[test]
    fn plain_text_keeps_words_and_drops_markup_and_targets() {
        let text = plain_text("**Ne.** Viz [mlha](rule:dc-mlha)\na `kód`.\n\nDalší odstavec.");
        assert_eq!(text, "Ne. Viz mlha a kód. Další odstavec.");
        assert_eq!(cut("jedna dva tři", 9), "jedna dva…");
        assert_eq!(cut("jedna dva", 9), "jedna dva");
        assert_eq!(cut("dlouhéslovo", 3), "dlouhéslovo");
    }
}
