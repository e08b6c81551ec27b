//! Reading YAML with the position of every key and value, so that each problem can be reported
//! at its own line and column and loading can go on to find the next one. (serde_yaml stops at
//! the first error and forgets positions after parsing, hence marked-yaml here.)

use marked_yaml::types::{MarkedMappingNode, MarkedScalarNode, MarkedSequenceNode};
use marked_yaml::{LoadError, LoaderOptions, Marker, Node, Span};

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use crate::diagnostic::{Diagnostics, Location};
use crate::safe_text::{is_unsafe, visible};

/// Parse trees of the files an earlier load read, for `carcref serve`, which loads the
/// content again after each edit: parsing YAML was over half of loading. A tree depends only
/// on the text and the expected top level; positions in it are relative to the text. Trees
/// are shared, not copied: copying them cost a sixth of a rebuild.
#[cfg(feature = "full")]
#[derive(Default)]
pub(crate) struct ParseMemo {
    trees: Trees,
}

/// The text and tree of each file, one map for each expected top level (sequence, mapping).
/// Looked up by the file's name and then compared, so the whole text is never hashed.
#[derive(Default)]
struct Trees {
    sequences: HashMap<String, (String, Arc<Node>)>,
    mappings: HashMap<String, (String, Arc<Node>)>,
}

impl Trees {
    fn of(&mut self, top_level_sequence: bool) -> &mut HashMap<String, (String, Arc<Node>)> {
        if top_level_sequence {
            &mut self.sequences
        } else {
            &mut self.mappings
        }
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.sequences.len() + self.mappings.len()
    }
}

/// The memo lent to the parses of one `reusing` call on this thread: trees it had, and the
/// trees used during the call (what the memo keeps afterwards, so it never outgrows the
/// content).
struct Lent {
    earlier: Trees,
    used: Trees,
}

thread_local! {
    static LENT: RefCell<Option<Lent>> = const { RefCell::new(None) };
}

/// Runs `load` (a content load on this thread) reusing and refreshing the trees in `memo`.
#[cfg(feature = "full")]
pub(crate) fn reusing<T>(memo: &mut ParseMemo, load: impl FnOnce() -> T) -> T {
    let lent = Lent {
        earlier: std::mem::take(&mut memo.trees),
        used: Trees::default(),
    };
    LENT.with(|cell| *cell.borrow_mut() = Some(lent));
    let result = load();
    if let Some(lent) = LENT.with(|cell| cell.borrow_mut().take()) {
        memo.trees = lent.used;
    }
    result
}

/// The tree of `file` if a memo is lent and has it for this `text` (moving it to the trees
/// used).
fn remembered(top_level_sequence: bool, file: &str, text: &str) -> Option<Arc<Node>> {
    LENT.with(|cell| {
        let mut cell = cell.borrow_mut();
        let lent = cell.as_mut()?;
        if let Some((known, node)) = lent.used.of(top_level_sequence).get(file) {
            return (known == text).then(|| Arc::clone(node));
        }
        let (file, (known, node)) = lent.earlier.of(top_level_sequence).remove_entry(file)?;
        if known != text {
            return None;
        }
        lent.used
            .of(top_level_sequence)
            .insert(file, (known, Arc::clone(&node)));
        Some(node)
    })
}

/// Keeps a tree just parsed in the lent memo, if one is lent.
fn remember(top_level_sequence: bool, file: &str, text: &str, node: &Arc<Node>) {
    LENT.with(|cell| {
        if let Some(lent) = cell.borrow_mut().as_mut() {
            lent.used
                .of(top_level_sequence)
                .insert(file.to_owned(), (text.to_owned(), Arc::clone(node)));
        }
    });
}

/// Parses `text` whose top level must be a sequence (`- ` entries) or a mapping.
pub(crate) fn parse(
    file: &str,
    text: &str,
    line_offset: usize,
    top_level_sequence: bool,
    diags: &mut Diagnostics,
) -> Option<Arc<Node>> {
    if text.trim().is_empty() {
        diags.error(
            Location::new(file, line_offset + 1, 1),
            None,
            "soubor je prázdný",
        );
        return None;
    }
    if let Some(line) = too_deep_line(text) {
        diags.error(
            Location::new(file, line + line_offset, 1),
            None,
            format!("příliš hluboké vnoření (odsazení nad {MAX_INDENT} znaků)"),
        );
        return None;
    }
    if let Some(line) = second_document_line(text) {
        diags.error(
            Location::new(file, line + line_offset, 1),
            None,
            "soubor má víc dokumentů YAML (`---`); patří do něj jen jeden",
        );
        return None;
    }
    if let Some(node) = remembered(top_level_sequence, file, text) {
        return Some(node);
    }
    let options = LoaderOptions::default().error_on_duplicate_keys(true);
    let options = if top_level_sequence {
        options.toplevel_sequence()
    } else {
        options.toplevel_mapping()
    };
    match marked_yaml::parse_yaml_with_options(0, text, options) {
        Ok(node) => {
            let node = Arc::new(node);
            remember(top_level_sequence, file, text, &node);
            Some(node)
        }
        Err(error) => {
            let (marker, message) = describe_load_error(&error, top_level_sequence);
            let location = match marker {
                Some(m) => Location::new(file, m.line() + line_offset, m.column()),
                None => Location::new(file, line_offset + 1, 1),
            };
            diags.error(location, None, message);
            None
        }
    }
}

/// The line where a second YAML document begins, if any. The parser reads only the first one
/// and would drop the rest without a word. A marker at column 0 always starts a document, even
/// inside a block scalar, so looking at line starts is exact.
fn second_document_line(text: &str) -> Option<usize> {
    let is_marker = |line: &str, marker: &str| {
        line.strip_prefix(marker)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t']))
    };
    // Whether a document has begun (content or `---`), and whether `...` has ended it.
    let (mut begun, mut ended) = (false, false);
    for (index, line) in text.lines().enumerate() {
        let blank = line.trim().is_empty() || line.trim_start().starts_with('#');
        if is_marker(line, "...") {
            ended = true;
        } else if is_marker(line, "---") || (!blank && ended) {
            if begun {
                return Some(index + 1);
            }
            begun = true;
        } else if !blank {
            begun = true;
        }
    }
    None
}

/// Block nesting deeper than this is refused before parsing: the parser recurses per level of
/// block nesting (`- - - …`) and would overflow the stack long before real content gets there.
const MAX_INDENT: usize = 400;

/// The first line whose structural prefix (indentation and `- `/`? ` indicators) is too long.
fn too_deep_line(text: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            line.chars()
                .take_while(|c| matches!(c, ' ' | '-' | '?'))
                .nth(MAX_INDENT)
                .is_some()
        })
        .map(|index| index + 1)
}

/// The YAML scanner's messages in Czech, with what usually causes them; a message not listed
/// is shown as the scanner words it, marked as English.
const SCAN_ERRORS: &[(&str, &str)] = &[
    (
        "while parsing a flow sequence, expected ',' or ']'",
        "v seznamu v hranatých závorkách chybí čárka nebo `]`; hodnotu s čárkou nebo závorkami \
dejte do uvozovek, např. `choose: [\"duchy [1, 0]\"]`",
    ),
    (
        "while parsing a flow mapping, did not find expected ',' or '}'",
        "v mapování ve složených závorkách chybí čárka nebo `}`; hodnotu s čárkou dejte do uvozovek",
    ),
    (
        "mapping values are not allowed in this context",
        "dvojtečka tu být nemůže: text s dvojtečkou dejte do uvozovek, nebo opravte odsazení",
    ),
    (
        "while parsing a block mapping, did not find expected key",
        "očekáván další klíč `klíč: hodnota`; nesouhlasí odsazení?",
    ),
    (
        "while parsing a block collection, did not find expected '-' indicator",
        "očekávána další položka seznamu `- `; nesouhlasí odsazení?",
    ),
    (
        "while parsing a node, did not find expected node content",
        "chybí hodnota (nebo je tu znak, kterým hodnota začínat nemůže)",
    ),
    (
        "while scanning a quoted scalar, found unexpected end of stream",
        "uvozovky nejsou uzavřené",
    ),
    (
        "did not find expected next token",
        "sem se nic dalšího nehodí; nesouhlasí odsazení nebo závorky?",
    ),
    ("simple key expect", "za klíčem chybí dvojtečka"),
    ("tab", "tabulátor: YAML odsazuje jen mezerami"),
    ("invalid indentation", "odsazení nesouhlasí s okolními řádky"),
    ("unexpected character", "znak, kterým v YAML nic nezačíná; text dejte do uvozovek"),
    (
        "block sequence entries are not allowed in this context",
        "položka seznamu `- ` tu být nemůže; nesouhlasí odsazení?",
    ),
    (
        "comments must be separated from other tokens by whitespace",
        "před `#` komentáře musí být mezera",
    ),
    ("unknown escape character", "neznámá sekvence s `\\` v uvozovkách"),
];

fn scan_error_cs(text: &str) -> String {
    SCAN_ERRORS
        .iter()
        .find(|(english, _)| text.contains(english))
        .map_or_else(
            || format!("{text} (hlášení čtečky YAML v angličtině)"),
            |(_, czech)| (*czech).to_owned(),
        )
}

fn describe_load_error(error: &LoadError, top_level_sequence: bool) -> (Option<Marker>, String) {
    match error {
        // The shape of the whole file is wrong: point at its start, not into the first entry.
        LoadError::TopLevelMustBeSequence(_) => (
            None,
            "soubor musí být seznam záznamů (každý začíná `- `)".into(),
        ),
        LoadError::TopLevelMustBeMapping(_) => (
            None,
            if top_level_sequence {
                "očekáván seznam záznamů".into()
            } else {
                "očekáváno mapování `klíč: hodnota`".into()
            },
        ),
        LoadError::UnexpectedAnchor(m) => (
            Some(*m),
            "kotvy a aliasy YAML (`&`, `*`) nejsou povoleny".into(),
        ),
        LoadError::MappingKeyMustBeScalar(m) => (Some(*m), "klíč musí být jednoduchý text".into()),
        LoadError::UnexpectedTag(m) => (Some(*m), "značky YAML (`!tag`) nejsou povoleny".into()),
        LoadError::ScanError(m, e) => {
            // The scanner's text repeats the position, which the location already gives.
            let text = e.to_string();
            let text = text.split(" at byte ").next().unwrap_or(&text);
            (
                Some(*m),
                format!("chyba syntaxe YAML: {}", scan_error_cs(text)),
            )
        }
        LoadError::DuplicateKey(inner) => {
            let first = inner
                .prev_key
                .span()
                .start()
                .map(|m| format!(" (poprvé na řádku {})", m.line()))
                .unwrap_or_default();
            (
                inner.key.span().start().copied(),
                format!("klíč `{}` je uveden dvakrát{first}", inner.key.as_str()),
            )
        }
    }
}

/// Where a node starts, shifted by the lines that precede the YAML (front matter).
pub(crate) fn location(file: &str, span: &Span, line_offset: usize) -> Location {
    match span.start() {
        Some(m) => Location::new(file, m.line() + line_offset, m.column()),
        None => Location::new(file, line_offset + 1, 1),
    }
}

/// A plain empty scalar, `~` or `null` stands for "no value".
fn is_null(scalar: &MarkedScalarNode) -> bool {
    scalar.may_coerce() && matches!(scalar.as_str(), "" | "~" | "null" | "Null" | "NULL")
}

/// Texts, each with where it stands.
#[cfg(feature = "full")]
pub(crate) type LocatedWords = Vec<(String, Location)>;

/// An inner list of a list of lists as its places, each the alternative words written there.
#[cfg(feature = "full")]
pub(crate) type Places = Vec<LocatedWords>;

/// How many variants one item of a list of lists may stand for with its alternatives (its
/// words are checked one variant at a time): enough for a loss verb, a piece and what to do
/// without it, and no input can make the loader build millions.
#[cfg(feature = "full")]
const MAX_LIST_VARIANTS: usize = 500;

/// Every choice of one word from each place, in order.
#[cfg(feature = "full")]
pub(crate) fn variants_of(places: &[LocatedWords]) -> Vec<LocatedWords> {
    places.iter().fold(vec![Vec::new()], |variants, place| {
        (variants.iter())
            .flat_map(|start| {
                place.iter().map(move |word| {
                    let mut longer = start.clone();
                    longer.push(word.clone());
                    longer
                })
            })
            .collect()
    })
}

/// One YAML mapping read field by field; every problem goes to the diagnostics.
pub struct Fields<'a> {
    pub(crate) file: &'a str,
    pub(crate) line_offset: usize,
    pub(crate) map: &'a MarkedMappingNode,
    pub(crate) entry_id: Option<String>,
}

impl<'a> Fields<'a> {
    /// Checks the keys against the known ones and takes the entry id (if any) for messages.
    pub(crate) fn new(
        file: &'a str,
        line_offset: usize,
        map: &'a MarkedMappingNode,
        known: &[&str],
        id_key: Option<&str>,
        diags: &mut Diagnostics,
    ) -> Self {
        let entry_id = id_key
            .and_then(|key| map.get_scalar(key))
            .filter(|s| !is_null(s))
            .map(|s| s.as_str().trim().to_owned());
        let fields = Fields {
            file,
            line_offset,
            map,
            entry_id,
        };
        for key in map.keys() {
            if !known.contains(&key.as_str()) {
                let hint = did_you_mean(known.iter().copied(), key.as_str());
                let allowed = known.join(", ");
                diags.error(
                    fields.at(key.span()),
                    fields.id(),
                    format!(
                        "neznámé pole `{}`{hint}; povolená pole: {allowed}",
                        key.as_str()
                    ),
                );
            }
        }
        fields
    }

    pub(crate) fn id(&self) -> Option<&str> {
        self.entry_id.as_deref()
    }

    pub(crate) fn at(&self, span: &Span) -> Location {
        location(self.file, span, self.line_offset)
    }

    /// The entry's own position: its first key (the mapping's span starts elsewhere).
    pub(crate) fn start(&self) -> Location {
        match self.map.keys().next() {
            Some(key) => self.at(key.span()),
            None => self.at(self.map.span()),
        }
    }

    fn node(&self, key: &str) -> Option<&'a Node> {
        self.map
            .get_node(key)
            .filter(|node| !matches!(node, Node::Scalar(s) if is_null(s)))
    }

    /// The location of a key's value, or of the mapping when the key is missing.
    pub fn value_location(&self, key: &str) -> Location {
        self.map
            .get_node(key)
            .map(|node| self.at(node.span()))
            .unwrap_or_else(|| self.start())
    }

    fn scalar(&self, key: &str, diags: &mut Diagnostics) -> Option<&'a MarkedScalarNode> {
        match self.node(key)? {
            Node::Scalar(s) => self.safe(s, diags),
            other => {
                diags.error(
                    self.at(other.span()),
                    self.id(),
                    format!("pole `{key}` má být jednoduchá hodnota, ne seznam ani mapování"),
                );
                None
            }
        }
    }

    /// The scalar, unless it holds control characters: YAML escapes such as `"\e"` make them
    /// out of plain text, which the file-level check cannot see.
    fn safe(
        &self,
        scalar: &'a MarkedScalarNode,
        diags: &mut Diagnostics,
    ) -> Option<&'a MarkedScalarNode> {
        match scalar.as_str().chars().find(|c| is_unsafe(*c)) {
            None => Some(scalar),
            Some(c) => {
                diags.error(
                    self.at(scalar.span()),
                    self.id(),
                    format!(
                        "hodnota obsahuje řídicí znak {}: v textu nemá co dělat",
                        visible(c)
                    ),
                );
                None
            }
        }
    }

    /// An optional text field; an empty string counts as missing.
    pub fn optional_str(&self, key: &str, diags: &mut Diagnostics) -> Option<String> {
        self.scalar(key, diags)
            .map(|s| s.as_str().trim().to_owned())
    }

    /// A required text field that must not be empty.
    pub(crate) fn required_str(&self, key: &str, diags: &mut Diagnostics) -> Option<String> {
        let Some(raw) = self.map.get_node(key) else {
            diags.error(
                self.start(),
                self.id(),
                format!("chybí povinné pole `{key}`"),
            );
            return None;
        };
        if raw.as_scalar().is_none() {
            // Reports the wrong kind of value.
            self.scalar(key, diags);
            return None;
        }
        match self.optional_str(key, diags) {
            Some(value) if !value.is_empty() => Some(value),
            // Refused for a control character: `safe` has said so.
            None if raw
                .as_scalar()
                .is_some_and(|s| s.as_str().chars().any(is_unsafe)) =>
            {
                None
            }
            _ => {
                diags.error(
                    self.at(raw.span()),
                    self.id(),
                    format!("pole `{key}` je prázdné"),
                );
                None
            }
        }
    }

    /// A text value read from `key` turned into a known value by `parse`; an unknown one is
    /// reported at the value with the message `unknown` gives.
    pub(crate) fn known<T>(
        &self,
        key: &str,
        text: Option<String>,
        parse: impl Fn(&str) -> Option<T>,
        unknown: impl FnOnce(&str) -> String,
        diags: &mut Diagnostics,
    ) -> Option<T> {
        let text = text?;
        let value = parse(&text);
        if value.is_none() {
            diags.error(self.value_location(key), self.id(), unknown(&text));
        }
        value
    }

    /// An optional `true`/`false` field.
    pub(crate) fn optional_bool(&self, key: &str, diags: &mut Diagnostics) -> Option<bool> {
        let scalar = self.scalar(key, diags)?;
        match scalar.as_str() {
            "true" => Some(true),
            "false" => Some(false),
            other => {
                diags.error(
                    self.at(scalar.span()),
                    self.id(),
                    format!("pole `{key}` má být true nebo false, ne `{other}`"),
                );
                None
            }
        }
    }

    /// A required integer field.
    pub(crate) fn required_int(&self, key: &str, diags: &mut Diagnostics) -> Option<i64> {
        let text = self.required_str(key, diags)?;
        self.parse_int(key, &text, diags)
    }

    pub(crate) fn optional_int(&self, key: &str, diags: &mut Diagnostics) -> Option<i64> {
        let text = self.optional_str(key, diags)?;
        self.parse_int(key, &text, diags)
    }

    fn parse_int(&self, key: &str, text: &str, diags: &mut Diagnostics) -> Option<i64> {
        match text.parse::<i64>() {
            Ok(value) => Some(value),
            Err(_) => {
                diags.error(
                    self.value_location(key),
                    self.id(),
                    format!("pole `{key}` má být celé číslo, ne `{text}`"),
                );
                None
            }
        }
    }

    /// An integer field that must lie in `range` (a count, a score): out-of-range numbers are
    /// reported, never wrapped or capped.
    pub fn optional_int_in(
        &self,
        key: &str,
        range: std::ops::RangeInclusive<i64>,
        diags: &mut Diagnostics,
    ) -> Option<i64> {
        let value = self.optional_int(key, diags)?;
        if !range.contains(&value) {
            diags.error(
                self.value_location(key),
                self.id(),
                format!(
                    "pole `{key}` má být od {} do {}, ne {value}",
                    range.start(),
                    range.end()
                ),
            );
            return None;
        }
        Some(value)
    }

    /// A mapping field; `None` when absent or empty. Any other kind of value is reported, not
    /// ignored.
    pub(crate) fn optional_mapping(
        &self,
        key: &str,
        diags: &mut Diagnostics,
    ) -> Option<&'a MarkedMappingNode> {
        match self.node(key)? {
            Node::Mapping(map) => Some(map),
            other => {
                diags.error(
                    self.at(other.span()),
                    self.id(),
                    format!("pole `{key}` má být mapování `klíč: hodnota`, ne seznam ani text"),
                );
                None
            }
        }
    }

    fn sequence(&self, key: &str, diags: &mut Diagnostics) -> Option<&'a MarkedSequenceNode> {
        match self.node(key)? {
            Node::Sequence(seq) => Some(seq),
            other => {
                diags.error(
                    self.at(other.span()),
                    self.id(),
                    format!("pole `{key}` má být seznam, např. `{key}: [a, b]`"),
                );
                None
            }
        }
    }

    /// A list of texts, each with its location; `None` when the key is absent.
    pub(crate) fn optional_list(
        &self,
        key: &str,
        diags: &mut Diagnostics,
    ) -> Option<Vec<(String, Location)>> {
        let seq = self.sequence(key, diags)?;
        let mut items = Vec::new();
        for item in seq.iter() {
            match item {
                Node::Scalar(s) if !s.as_str().trim().is_empty() => {
                    if let Some(s) = self.safe(s, diags) {
                        items.push((s.as_str().trim().to_owned(), self.at(s.span())))
                    }
                }
                Node::Scalar(s) => diags.error(
                    self.at(s.span()),
                    self.id(),
                    format!("položka seznamu `{key}` je prázdná"),
                ),
                other => diags.error(
                    self.at(other.span()),
                    self.id(),
                    format!(
                        "položky seznamu `{key}` mají být jednoduché hodnoty; \
souřadnice a seznamy napište do uvozovek, např. `\"[3, 0]\"`"
                    ),
                ),
            }
        }
        Some(items)
    }

    /// A list of lists of texts (`patterns: [[a, b], [c, d]]`), each inner list with the
    /// location of its start, as its places: each place a text with its location, or the
    /// alternatives written there (`[[ztratit, rozbít], pes]`: `ztratit` or `rozbít`, then
    /// `pes`); `None` when the key is absent.
    #[cfg(feature = "full")]
    pub(crate) fn optional_list_of_lists(
        &self,
        key: &str,
        diags: &mut Diagnostics,
    ) -> Option<Vec<(Places, Location)>> {
        let outer = self.sequence(key, diags)?;
        let mut lists = Vec::new();
        for item in outer.iter() {
            let Node::Sequence(inner) = item else {
                diags.error(
                    self.at(item.span()),
                    self.id(),
                    format!(
                        "položky seznamu `{key}` mají být seznamy slov, např. `[pes, hřbitov]`"
                    ),
                );
                continue;
            };
            let places: Places = (inner.iter())
                .map(|place| self.alternatives(key, place, diags))
                .collect();
            let variants: usize = places.iter().map(Vec::len).product();
            if variants > MAX_LIST_VARIANTS {
                diags.error(
                    self.at(item.span()),
                    self.id(),
                    format!(
                        "položka seznamu `{key}` s možnostmi dává {variants} variant, nejvýš smí {MAX_LIST_VARIANTS}; rozdělte ji na víc položek"
                    ),
                );
                continue;
            }
            lists.push((places, self.at(item.span())));
        }
        Some(lists)
    }

    /// One place of an inner list: a word, or a list of alternative words.
    #[cfg(feature = "full")]
    fn alternatives(&self, key: &str, place: &Node, diags: &mut Diagnostics) -> LocatedWords {
        let words: Vec<&Node> = match place {
            Node::Sequence(words) if words.is_empty() => {
                let problem = format!("v seznamu `{key}` je prázdný seznam možností");
                diags.error(self.at(place.span()), self.id(), problem);
                return Vec::new();
            }
            Node::Sequence(words) => words.iter().collect(),
            word => vec![word],
        };
        let mut located = Vec::new();
        for word in words {
            match word {
                Node::Scalar(s) if !s.as_str().trim().is_empty() => {
                    if let Some(s) = self.safe(s, diags) {
                        located.push((s.as_str().trim().to_owned(), self.at(s.span())));
                    }
                }
                other => diags.error(
                    self.at(other.span()),
                    self.id(),
                    format!(
                        "v seznamu `{key}` má být každé slovo jednoduchá neprázdná hodnota (nebo seznam možností, např. `[ztratit, rozbít]`)"
                    ),
                ),
            }
        }
        located
    }

    /// Like `optional_list_of_lists`, but the list must be present and non-empty.
    #[cfg(feature = "full")]
    pub(crate) fn required_list_of_lists(
        &self,
        key: &str,
        diags: &mut Diagnostics,
    ) -> Option<Vec<(Places, Location)>> {
        let Some(lists) = self.optional_list_of_lists(key, diags) else {
            if self.node(key).is_none() {
                diags.error(
                    self.start(),
                    self.id(),
                    format!("chybí povinné pole `{key}`"),
                );
            }
            return None;
        };
        if lists.is_empty() {
            diags.error(
                self.value_location(key),
                self.id(),
                format!("seznam `{key}` je prázdný"),
            );
            return None;
        }
        Some(lists)
    }

    /// A list that must be present and non-empty.
    pub(crate) fn required_list(
        &self,
        key: &str,
        diags: &mut Diagnostics,
    ) -> Option<Vec<(String, Location)>> {
        let Some(raw) = self.map.get_node(key) else {
            diags.error(
                self.start(),
                self.id(),
                format!("chybí povinné pole `{key}`"),
            );
            return None;
        };
        let empty = || format!("seznam `{key}` je prázdný");
        if matches!(raw, Node::Scalar(s) if is_null(s)) {
            diags.error(self.at(raw.span()), self.id(), empty());
            return None;
        }
        let items = self.optional_list(key, diags)?;
        if items.is_empty() {
            diags.error(self.at(raw.span()), self.id(), empty());
            return None;
        }
        Some(items)
    }

    /// Where the text of a string value begins, for locating problems inside it (Markdown links).
    /// Returns the line of the first text line and whether it is a block scalar (`|` or `>`).
    #[cfg(feature = "full")]
    pub(crate) fn text_origin(&self, key: &str, source: &str) -> Option<TextOrigin> {
        let node = self.map.get_node(key)?;
        let start = node.span().start()?;
        let line_text = source.lines().nth(start.line() - 1).unwrap_or("");
        let at: String = line_text.chars().skip(start.column() - 1).take(1).collect();
        let block = at == "|" || at == ">";
        let quoted = at == "\"" || at == "'";
        Some(TextOrigin {
            line: start.line() + self.line_offset + usize::from(block),
            column: if block {
                None
            } else {
                Some(start.column() + usize::from(quoted))
            },
        })
    }
}

/// The position of a multi-line text inside its file.
#[cfg(feature = "full")]
#[derive(Debug, Clone, Copy)]
pub(crate) struct TextOrigin {
    /// File line of the text's first line.
    line: usize,
    /// Column of the first character for inline scalars; `None` for block scalars, whose lines
    /// start after their own indentation.
    column: Option<usize>,
}

#[cfg(feature = "full")]
impl TextOrigin {
    /// Maps a (line, column) inside the text to a file location.
    pub(crate) fn locate(
        &self,
        file: &str,
        source: &str,
        text_line: usize,
        text_column: usize,
    ) -> Location {
        let line = self.line + text_line - 1;
        let column = match self.column {
            Some(first) if text_line == 1 => first + text_column - 1,
            _ => {
                let indent = source
                    .lines()
                    .nth(line - 1)
                    .map(|l| l.chars().take_while(|c| *c == ' ').count())
                    .unwrap_or(0);
                indent + text_column
            }
        };
        Location::new(file, line, column)
    }
}

/// Is `value` one of our ids (lowercase letters without diacritics, digits, hyphens)? Reports
/// it when not.
pub(crate) fn check_slug(fields: &Fields, key: &str, value: &str, diags: &mut Diagnostics) -> bool {
    let ok = !value.is_empty()
        && value.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        });
    if !ok {
        diags.error(
            fields.value_location(key),
            fields.id(),
            format!("`{value}` není platné id: jen malá písmena bez diakritiky, číslice a pomlčky (např. `dc-mlha-a-duchove`)"),
        );
    }
    ok
}

/// " (nemysleli jste `…`?)" with the closest of `known` to `typed` (at most two edits
/// away), or nothing: a misspelt field or key names its fix.
pub(crate) fn did_you_mean<'a>(known: impl IntoIterator<Item = &'a str>, typed: &str) -> String {
    known
        .into_iter()
        .map(|k| (strsim::damerau_levenshtein(k, typed), k))
        .filter(|(distance, _)| *distance <= 2)
        .min()
        .map(|(_, k)| format!(" (nemysleli jste `{k}`?)"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lent_memo_gives_the_same_trees_and_keeps_only_those_used() {
        let mut diags = Diagnostics::default();
        let mut memo = ParseMemo::default();
        let first = reusing(&mut memo, || {
            parse("a.yaml", "- a: 1\n", 0, true, &mut diags)
        });
        let again = reusing(&mut memo, || {
            parse("a.yaml", "- a: 1\n", 0, true, &mut diags)
        });
        assert_eq!(first, again);
        assert_eq!(first, parse("a.yaml", "- a: 1\n", 0, true, &mut diags));
        assert_eq!(memo.trees.len(), 1);
        // An edited text is parsed anew, and the old tree is forgotten.
        let edited = reusing(&mut memo, || {
            parse("a.yaml", "- a: 2\n", 0, true, &mut diags)
        });
        assert_ne!(edited, first);
        assert_eq!(memo.trees.len(), 1);
        assert_eq!(memo.trees.sequences["a.yaml"].0, "- a: 2\n");
        // A file that does not parse is reported each time, never remembered.
        let broken = reusing(&mut memo, || parse("b.yaml", "- [\n", 0, true, &mut diags));
        assert!(broken.is_none());
        assert_eq!(memo.trees.len(), 0);
        assert!(!diags.is_empty());
    }

    fn map_of(node: &Node) -> &MarkedMappingNode {
        node.as_sequence().unwrap()[0].as_mapping().unwrap()
    }

    /// The problems found reading the first entry of `text` (with keys `keys`, `id` its id)
    /// by `read`.
    fn problems(
        text: &str,
        keys: &[&str],
        read: impl FnOnce(&Fields, &mut Diagnostics),
    ) -> Vec<crate::diagnostic::Diagnostic> {
        let mut diags = Diagnostics::default();
        let node = parse("f.yaml", text, 0, true, &mut diags).unwrap();
        let fields = Fields::new("f.yaml", 0, map_of(&node), keys, Some("id"), &mut diags);
        read(&fields, &mut diags);
        diags.into_sorted()
    }

    #[test]
    fn unknown_key_is_located_and_suggested() {
        let text = "- id: a\n  qestion: x\n";
        let mut diags = Diagnostics::default();
        let node = parse("f.yaml", text, 0, true, &mut diags).unwrap();
        Fields::new(
            "f.yaml",
            0,
            map_of(&node),
            &["id", "question"],
            Some("id"),
            &mut diags,
        );
        let all = diags.into_sorted();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].location, Location::new("f.yaml", 2, 3));
        assert!(all[0].message.contains("`question`"), "{}", all[0].message);
        assert_eq!(all[0].entry_id.as_deref(), Some("a"));
    }

    #[test]
    fn a_second_document_is_refused_at_its_line() {
        assert_eq!(second_document_line("a: 1\n---\nb: 2\n"), Some(2));
        assert_eq!(second_document_line("---\na: 1\n"), None);
        assert_eq!(second_document_line("# c\n---\na: |\n  ---x\n"), None);
        assert_eq!(second_document_line("a: 1\n...\nb: 2\n"), Some(3));
        assert_eq!(second_document_line("a: 1\n...\n"), None);
    }

    #[test]
    fn syntax_error_is_located() {
        let mut diags = Diagnostics::default();
        assert!(parse("f.yaml", "- id: [a\n- b", 0, true, &mut diags).is_none());
        let all = diags.into_sorted();
        assert!(all[0].message.contains("syntaxe"), "{}", all[0].message);
        assert!(all[0].location.line >= 1);
    }

    #[test]
    fn empty_and_null_values_count_as_missing() {
        let text = "- id: a\n  answer: ''\n  date: ~\n";
        let all = problems(text, &["id", "answer", "date"], |fields, diags| {
            assert_eq!(fields.optional_str("date", diags), None);
            assert_eq!(fields.required_str("answer", diags), None);
        });
        assert_eq!(all.len(), 1);
        assert!(all[0].message.contains("prázdné"));
        assert_eq!(all[0].location.line, 2);
    }

    #[test]
    fn a_control_character_is_one_problem_not_also_an_empty_field() {
        let text = "- id: a\n  question: \"Smím \\e[31m stavět?\"\n  answer: ~\n";
        let all = problems(text, &["id", "question", "answer"], |fields, diags| {
            assert_eq!(fields.required_str("question", diags), None);
            assert_eq!(fields.required_str("answer", diags), None);
        });
        let messages: Vec<&str> = all.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        assert!(messages[0].contains("řídicí znak"), "{messages:?}");
        assert!(messages[1].contains("`answer` je prázdné"), "{messages:?}");
    }

    #[test]
    fn block_scalar_text_lines_map_to_file_lines() {
        let text = "- id: a\n  answer: |\n    first\n    see [x](rule:y)\n";
        let mut diags = Diagnostics::default();
        let node = parse("f.yaml", text, 0, true, &mut diags).unwrap();
        let fields = Fields::new(
            "f.yaml",
            0,
            map_of(&node),
            &["id", "answer"],
            Some("id"),
            &mut diags,
        );
        let origin = fields.text_origin("answer", text).unwrap();
        assert_eq!(
            origin.locate("f.yaml", text, 2, 5),
            Location::new("f.yaml", 4, 9)
        );
    }
}
