//! Content files → validated model. Every problem is collected with its location; loading goes
//! on past problems so that `carcref validate` reports them all at once.

use std::collections::HashMap;

use marked_yaml::Node;

use super::files::{ContentFile, ContentFiles};
use super::markdown::{internal_links, split_front_matter, FrontMatter, LinkTarget};
use super::text::decode_reporting_controls;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::engine::{emitted_in, rule_keys, Played};
use crate::model::{
    load_tile_set, part_reference, Concept, Corpus, CoverageNote, CoverageStatus, Game, GameKind,
    GlossaryEntry, NotCovered, NotCoveredKind, Origin, RuleKeyRef, RuleSection, Ruling,
    SynonymRing, MAX_LEVEL,
};
use crate::scenario::load_scenario;
use crate::yaml::{self, check_slug, Fields, TextOrigin};

const GAMES_FILE: &str = "games.yaml";
const GLOSSARY_FILE: &str = "glossary.yaml";
const THESAURUS_FILE: &str = "thesaurus.yaml";
const CONCEPTS_FILE: &str = "concepts.yaml";
const NOT_COVERED_FILE: &str = "not-covered.yaml";
const RULE_KEYS_FILE: &str = "rule-keys.yaml";

const GAME_FIELDS: &[&str] = &[
    "id",
    "title",
    "title_en",
    "prefix",
    "kind",
    "source",
    "named_by",
    "hinted_by",
    "not_combined_with",
];
const RULING_FIELDS: &[&str] = &[
    "id",
    "source_id",
    "cites",
    "date",
    "source_part",
    "source_line",
    "game",
    "levels",
    "section",
    "question",
    "phrasings",
    "answer_short",
    "answer",
    "tags",
    "coverage",
];
const SECTION_FIELDS: &[&str] = &["id", "title", "order", "levels"];
const GLOSSARY_FIELDS: &[&str] = &[
    "term",
    "forms",
    "synonyms",
    "english",
    "definition",
    "sections",
];

/// The corpus that could be built and every problem found on the way.
#[derive(Debug)]
pub struct Loaded {
    pub corpus: Corpus,
    pub diagnostics: Vec<Diagnostic>,
}

/// What a file is, judged by its path inside the content root.
enum FileKind<'a> {
    Games,
    Glossary,
    Thesaurus,
    Concepts,
    NotCovered,
    Rules { game: &'a str },
    Rulings { game: &'a str },
    Tiles,
    Scenario,
    RuleKeys,
    Unexpected(String),
}

fn classify(path: &str) -> FileKind<'_> {
    match path.split('/').collect::<Vec<_>>().as_slice() {
        [GAMES_FILE] => FileKind::Games,
        [GLOSSARY_FILE] => FileKind::Glossary,
        [THESAURUS_FILE] => FileKind::Thesaurus,
        [CONCEPTS_FILE] => FileKind::Concepts,
        [NOT_COVERED_FILE] => FileKind::NotCovered,
        [game, "rules", name] if name.ends_with(".md") => FileKind::Rules { game },
        [game, "rulings", name] if name.ends_with(".yaml") => FileKind::Rulings { game },
        ["tiles", name] if name.ends_with(".yaml") => FileKind::Tiles,
        ["scenarios", .., name] if name.ends_with(".yaml") => FileKind::Scenario,
        [RULE_KEYS_FILE] => FileKind::RuleKeys,
        [_, "rulings", name] if name.ends_with(".yml") => {
            FileKind::Unexpected("výklady mají příponu `.yaml`, ne `.yml`".into())
        }
        _ => FileKind::Unexpected(
            "nečekaný soubor: obsah tvoří games.yaml, glossary.yaml, thesaurus.yaml, concepts.yaml, not-covered.yaml, \
             <hra>/rules/*.md, \
             <hra>/rulings/*.yaml, tiles/*.yaml, scenarios/**/*.yaml a rule-keys.yaml"
                .into(),
        ),
    }
}

/// An internal link, checked once everything is loaded.
struct PendingLink {
    target: LinkTarget,
    location: Location,
    entry_id: String,
}

#[derive(Default)]
struct Loader {
    diags: Diagnostics,
    corpus: Corpus,
    links: Vec<PendingLink>,
    ruling_ids: HashMap<String, Location>,
    section_ids: HashMap<String, Location>,
    /// Where each ruling's `section` value is, for the dangling-section check.
    section_refs: Vec<(usize, Location)>,
    /// Each concept's `points_to` ids with where they stand, checked once all is loaded.
    concept_refs: Vec<(String, Location, String)>,
    /// Each concept's `game`, where it stands, the concept's id and its `points_to`: the game
    /// must exist and hold every target, checked once all is loaded.
    concept_games: Vec<(String, Location, String, Vec<String>)>,
    /// Each glossary entry's `sections` with where they stand, checked once all is loaded.
    glossary_refs: Vec<(String, Location, String)>,
    /// Each word of `not-covered.yaml`, where it stands, its entry's title, and whether it is
    /// one our texts mention (`mentioned`) rather than one they must not have (`words`);
    /// checked against the texts once all is loaded.
    not_covered_words: Vec<(String, Location, String, bool)>,
    /// Each `not-covered.yaml` pattern, where it stands and its entry's title: checked in
    /// `finish` against the passages of our texts.
    not_covered_patterns: Vec<(Vec<String>, Location, String)>,
    /// Each game a synonym ring is scoped to or a game is not combined with, where it stands
    /// and the entry naming it (the ring's preferred word, the game's id).
    game_refs: Vec<(String, Location, String)>,
}

pub fn load(files: &ContentFiles) -> Loaded {
    let mut loader = Loader::default();
    loader.corpus.tile_markers = crate::engine::tile_markers()
        .map(|m| (m.id.to_owned(), m.on))
        .collect();
    let texts = decoded_texts(files, &mut loader.diags);
    // Every other file names a game, so games.yaml is read first.
    match texts.iter().find(|(f, _)| f.path == GAMES_FILE) {
        Some((file, text)) => loader.games(&file.display, text),
        None if files.get(GAMES_FILE).is_none() => loader.diags.error(
            Location::file_start(files.display_of(GAMES_FILE)),
            None,
            "chybí soubor games.yaml se seznamem her",
        ),
        None => {}
    }
    for (file, text) in &texts {
        loader.read(file, text);
    }
    let mut loaded = loader.finish();
    let mut diags = Diagnostics::default();
    load_rule_keys_and_scenarios(files, &texts, &mut loaded.corpus, &mut diags);
    loaded.diagnostics.extend(diags.into_sorted());
    loaded
        .diagnostics
        .sort_by(|a, b| a.location.cmp(&b.location).then(a.message.cmp(&b.message)));
    loaded
}

/// Each usable file's text, NFC-normalised; the others are reported.
fn decoded_texts<'f>(
    files: &'f ContentFiles,
    diags: &mut Diagnostics,
) -> Vec<(&'f ContentFile, String)> {
    let mut texts = Vec::new();
    for file in &files.files {
        if let FileKind::Unexpected(reason) = classify(&file.path) {
            diags.push(Diagnostic::new(Location::file_start(&file.display), reason));
            continue;
        }
        match decode_reporting_controls(file) {
            Ok((text, control)) => {
                if let Some(diagnostic) = control {
                    diags.push(diagnostic);
                }
                texts.push((file, text));
            }
            Err(diagnostic) => diags.push(diagnostic),
        }
    }
    texts
}

/// Rule keys and scenarios refer to everything else, so they are read last.
fn load_rule_keys_and_scenarios(
    files: &ContentFiles,
    texts: &[(&ContentFile, String)],
    corpus: &mut Corpus,
    diags: &mut Diagnostics,
) {
    let is_scenario = |f: &ContentFile| matches!(classify(&f.path), FileKind::Scenario);
    match texts.iter().find(|(f, _)| f.path == RULE_KEYS_FILE) {
        Some((file, text)) => corpus.rule_keys = load_rule_keys(&file.display, text, corpus, diags),
        // Scenarios cite rule sources, so content with scenarios needs the mapping.
        None if files.get(RULE_KEYS_FILE).is_none() && texts.iter().any(|(f, _)| is_scenario(f)) => {
            diags.error(
                Location::file_start(files.display_of(RULE_KEYS_FILE)),
                None,
                "chybí soubor rule-keys.yaml (odkud pochází každé pravidlo enginu), který scénáře potřebují",
            )
        }
        None => {}
    }
    for (file, text) in texts.iter().filter(|(f, _)| is_scenario(f)) {
        if let Some(scenario) = load_scenario(&file.display, &file.path, text, corpus, diags) {
            corpus.scenarios.push(scenario);
        }
    }
}

impl Loader {
    /// One content file other than games.yaml, rule keys and scenarios.
    fn read(&mut self, file: &ContentFile, text: &str) {
        match classify(&file.path) {
            FileKind::Rules { game } => {
                if self.known_game(game, &file.display) {
                    self.rule_section(game, &file.path, &file.display, text);
                }
            }
            FileKind::Rulings { game } => {
                if self.known_game(game, &file.display) {
                    self.rulings(game, &file.path, &file.display, text);
                }
            }
            FileKind::Glossary => self.glossary(&file.display, text),
            FileKind::Thesaurus => self.thesaurus(&file.display, text),
            FileKind::Concepts => self.concepts(&file.display, text),
            FileKind::NotCovered => self.not_covered(&file.display, text),
            FileKind::Tiles => {
                if let Some(set) = load_tile_set(
                    &file.display,
                    text,
                    &self.corpus.tile_markers,
                    &mut self.diags,
                ) {
                    self.tile_set(set, &file.display);
                }
            }
            FileKind::Games | FileKind::Scenario | FileKind::RuleKeys | FileKind::Unexpected(_) => {
            }
        }
    }

    fn known_game(&mut self, game: &str, display: &str) -> bool {
        if self.corpus.game(game).is_some() {
            return true;
        }
        if self.corpus.games.is_empty() {
            // games.yaml itself is missing or broken, which is already reported.
            return false;
        }
        let known: Vec<&str> = self.corpus.games.iter().map(|g| g.id.as_str()).collect();
        self.diags.error(
            Location::file_start(display),
            None,
            format!(
                "složka `{game}` není hra z games.yaml (známé hry: {})",
                known.join(", ")
            ),
        );
        false
    }

    /// The mappings of a top-level sequence; anything else is reported.
    fn entries<'n>(
        &mut self,
        file: &str,
        node: &'n Node,
    ) -> Vec<&'n marked_yaml::types::MarkedMappingNode> {
        let Some(seq) = node.as_sequence() else {
            return Vec::new();
        };
        let mut maps = Vec::new();
        for item in seq.iter() {
            match item.as_mapping() {
                Some(map) => maps.push(map),
                None => self.diags.error(
                    yaml::location(file, item.span(), 0),
                    None,
                    "záznam má být mapování `klíč: hodnota`",
                ),
            }
        }
        maps
    }

    fn games(&mut self, file: &str, text: &str) {
        let Some(node) = yaml::parse(file, text, 0, true, &mut self.diags) else {
            return;
        };
        let mut named = HashMap::new();
        for map in self.entries(file, &node) {
            let fields = Fields::new(file, 0, map, GAME_FIELDS, Some("id"), &mut self.diags);
            let diags = &mut self.diags;
            let id = fields.required_str("id", diags);
            let title = fields.required_str("title", diags);
            let title_en = fields.required_str("title_en", diags);
            let prefix = fields.required_str("prefix", diags);
            let kind = fields.known(
                "kind",
                fields.required_str("kind", diags),
                GameKind::parse,
                |k| format!("neznámý druh hry `{k}` (povolené: {})", GameKind::NAMES),
                diags,
            );
            let source = fields.optional_str("source", diags);
            let named_by = self.game_names(&fields, id.as_deref(), &mut named);
            let hinted_by = self
                .single_words(&fields, "hinted_by", id.as_deref())
                .into_iter()
                .map(|(word, _, _)| word)
                .collect();
            let diags = &mut self.diags;
            let not_combined_with =
                (fields.optional_list("not_combined_with", diags)).unwrap_or_default();
            for (other, location) in &not_combined_with {
                if id.as_ref() == Some(other) {
                    diags.error(
                        location.clone(),
                        Some(other),
                        "hra se nekombinuje sama se sebou".to_owned(),
                    );
                }
                let owner = id.clone().unwrap_or_default();
                self.game_refs
                    .push((other.clone(), location.clone(), owner));
            }
            if let Some(id) = &id {
                check_slug(&fields, "id", id, diags);
                if self.corpus.game(id).is_some() {
                    diags.error(
                        fields.value_location("id"),
                        Some(id),
                        format!("hra `{id}` je uvedena dvakrát"),
                    );
                    continue;
                }
            }
            if let (Some(id), Some(title), Some(title_en), Some(prefix), Some(kind)) =
                (id, title, title_en, prefix, kind)
            {
                self.corpus.games.push(Game {
                    id,
                    title,
                    title_en,
                    prefix,
                    kind,
                    source,
                    named_by,
                    hinted_by,
                    not_combined_with: not_combined_with.into_iter().map(|(g, _)| g).collect(),
                });
            }
        }
    }

    /// The words that name a game in a query: each one word for the analyzer, and no word
    /// naming two games (the search could not tell which one is meant). `named` holds the
    /// search term of each word the games before this one gave, with the game.
    fn game_names(
        &mut self,
        fields: &Fields,
        game: Option<&str>,
        named: &mut HashMap<String, String>,
    ) -> Vec<String> {
        let mut names = Vec::new();
        for (word, term, location) in self.single_words(fields, "named_by", game) {
            let this = game.unwrap_or_default();
            match named.get(&term) {
                Some(other) if other != this => {
                    self.diags.error(
                        location,
                        game,
                        format!(
                            "`{word}` už pojmenovává hru `{other}`; slovo smí patřit jen jedné hře"
                        ),
                    );
                    continue;
                }
                _ => {
                    named.insert(term, this.to_owned());
                }
            }
            names.push(word);
        }
        names
    }

    /// A list of words for the search, each one word for the analyzer: (word, its search
    /// term, where it stands).
    fn single_words(
        &mut self,
        fields: &Fields,
        key: &str,
        game: Option<&str>,
    ) -> Vec<(String, String, Location)> {
        use crate::czech::{analyze_query, CzechAnalyzer};
        let words = fields
            .optional_list(key, &mut self.diags)
            .unwrap_or_default();
        let mut out = Vec::new();
        for (word, location) in words {
            let tokens = analyze_query(&CzechAnalyzer, &word);
            let [token] = tokens.as_slice() else {
                let problem = if tokens.is_empty() {
                    "nedá hledání nic (jen spojky a předložky)"
                } else {
                    "má být jedno slovo"
                };
                self.diags
                    .error(location, game, format!("`{word}` {problem}"));
                continue;
            };
            out.push((word, token.folded.clone(), location));
        }
        out
    }

    fn rule_section(&mut self, game: &str, path: &str, file: &str, text: &str) {
        let front = match split_front_matter(text) {
            Ok(front) => front,
            Err(error) => {
                self.diags
                    .error(Location::file_start(file), None, error.message());
                return;
            }
        };
        let Some(node) = yaml::parse(
            file,
            front.yaml,
            front.yaml_line_offset,
            false,
            &mut self.diags,
        ) else {
            return;
        };
        let Some(map) = node.as_mapping() else {
            return;
        };
        let fields = Fields::new(
            file,
            front.yaml_line_offset,
            map,
            SECTION_FIELDS,
            Some("id"),
            &mut self.diags,
        );
        let diags = &mut self.diags;
        let id = fields.required_str("id", diags);
        let title = fields.required_str("title", diags);
        let order = fields.required_int("order", diags);
        let game_def = self.corpus.game(game).cloned();
        let levels = self.section_levels(&fields, game_def.as_ref());
        if front.body.trim().is_empty() {
            self.diags.error(
                Location::new(file, front.body_line_offset + 1, 1),
                fields.id(),
                "sekce nemá žádný text",
            );
        }
        let Some(id) = id else { return };
        if !self.claim_section_id(&fields, &id, game_def.as_ref(), &front) {
            return;
        }
        let (Some(title), Some(order)) = (title, order) else {
            return;
        };
        self.corpus.sections.push(RuleSection {
            id,
            game: game.to_owned(),
            title,
            order,
            levels,
            body: front.body.trim().to_owned(),
            rulings: Vec::new(),
            origin: Origin {
                file: path.to_owned(),
                line: 1,
            },
        });
    }

    /// A section's levels: of the levelled game, every level unless it says otherwise.
    fn section_levels(&mut self, fields: &Fields, game: Option<&Game>) -> Vec<u8> {
        match game {
            Some(g) if g.has_levels() && fields.map.get_node("levels").is_none() => {
                (1..=MAX_LEVEL).collect()
            }
            _ => self.levels(fields, game).unwrap_or_default(),
        }
    }

    /// Whether a section may take its id (a slug with its game's prefix, used by no other
    /// section); its links are kept to check once every id is known.
    fn claim_section_id(
        &mut self,
        fields: &Fields,
        id: &str,
        game: Option<&Game>,
        front: &FrontMatter,
    ) -> bool {
        let diags = &mut self.diags;
        if !check_slug(fields, "id", id, diags) {
            return false;
        }
        if let Some(game) = game {
            check_prefix(fields, id, game, diags);
        }
        let id_location = fields.value_location("id");
        if let Some(first) = self.section_ids.get(id) {
            diags.error(
                id_location,
                Some(id),
                format!("id sekce `{id}` už je použito v {first}"),
            );
            return false;
        }
        self.section_ids.insert(id.to_owned(), id_location);
        for link in internal_links(front.body) {
            self.links.push(PendingLink {
                target: link.target,
                location: Location::new(
                    fields.file,
                    front.body_line_offset + link.line,
                    link.column,
                ),
                entry_id: id.to_owned(),
            });
        }
        true
    }

    fn rulings(&mut self, dir_game: &str, path: &str, file: &str, text: &str) {
        let Some(node) = yaml::parse(file, text, 0, true, &mut self.diags) else {
            return;
        };
        for map in self.entries(file, &node) {
            let fields = Fields::new(file, 0, map, RULING_FIELDS, Some("id"), &mut self.diags);
            if let Some(ruling) = self.ruling(dir_game, path, text, &fields) {
                self.corpus.rulings.push(ruling);
            }
        }
    }

    fn ruling(
        &mut self,
        dir_game: &str,
        path: &str,
        text: &str,
        fields: &Fields,
    ) -> Option<Ruling> {
        let diags = &mut self.diags;
        let id = fields.required_str("id", diags);
        let source_id = source_id(fields, diags);
        let cites = cites(fields, diags);
        let date = date(fields, diags);
        let source_part = source_part(fields, diags);
        let source_line = source_line(fields, diags);
        let game = fields.required_str("game", diags);
        let section = fields.required_str("section", diags);
        let question = fields.required_str("question", diags);
        let answer_short = fields.required_str("answer_short", diags);
        let answer = fields.required_str("answer", diags);
        let phrasings = ruling_phrasings(fields, question.as_deref(), diags);
        let tags: Vec<String> = fields
            .required_list("tags", diags)
            .unwrap_or_default()
            .into_iter()
            .map(|(tag, _)| tag)
            .collect();

        let coverage = coverage(fields, diags);
        let game_def = self.ruling_game(fields, game.as_deref(), dir_game);
        let levels = self.levels(fields, game_def.as_ref());
        let diags = &mut self.diags;

        let id = id?;
        if !check_slug(fields, "id", &id, diags) {
            return None;
        }
        if let Some(game_def) = &game_def {
            check_prefix(fields, &id, game_def, diags);
        }
        let id_location = fields.value_location("id");
        if let Some(first) = self.ruling_ids.get(&id) {
            diags.error(
                id_location,
                Some(&id),
                format!("id výkladu `{id}` už je použito v {first}"),
            );
            return None;
        }
        self.ruling_ids.insert(id.clone(), id_location);

        if let (Some(answer_text), Some(origin)) = (&answer, fields.text_origin("answer", text)) {
            self.collect_links(answer_text, origin, fields, text, &id);
        }
        let section_location = fields.value_location("section");
        let ruling = Ruling {
            id,
            source_id,
            cites,
            date,
            source_part,
            source_line,
            game: game_def?.id,
            levels: levels?,
            section: section?,
            question: question?,
            phrasings,
            answer_short: answer_short?,
            answer: answer?,
            tags,
            coverage,
            origin: Origin {
                file: path.to_owned(),
                line: fields.start().line,
            },
        };
        self.section_refs
            .push((self.corpus.rulings.len(), section_location));
        Some(ruling)
    }

    /// The ruling's game: known, and the one whose folder holds the file.
    fn ruling_game(&mut self, fields: &Fields, game: Option<&str>, dir_game: &str) -> Option<Game> {
        let diags = &mut self.diags;
        match game {
            Some(g) if self.corpus.game(g).is_none() => {
                diags.error(
                    fields.value_location("game"),
                    fields.id(),
                    format!("neznámá hra `{g}`"),
                );
                None
            }
            Some(g) if g != dir_game => {
                diags.error(
                    fields.value_location("game"),
                    fields.id(),
                    format!("výklad ve složce `{dir_game}` uvádí hru `{g}`"),
                );
                None
            }
            Some(g) => self.corpus.game(g).cloned(),
            None => None,
        }
    }

    /// Levels are required for the cooperative game and meaningless elsewhere.
    fn levels(&mut self, fields: &Fields, game: Option<&Game>) -> Option<Vec<u8>> {
        let diags = &mut self.diags;
        let game = game?;
        if !game.has_levels() {
            if fields.map.get_node("levels").is_some() {
                diags.error(
                    fields.value_location("levels"),
                    fields.id(),
                    format!("hra `{}` nemá úrovně; pole `levels` sem nepatří", game.id),
                );
            }
            return Some(Vec::new());
        }
        let items = fields.required_list("levels", diags)?;
        let mut levels = Vec::new();
        for (item, location) in items {
            match item.parse::<u8>() {
                Ok(level @ 1..=MAX_LEVEL) if !levels.contains(&level) => levels.push(level),
                Ok(level @ 1..=MAX_LEVEL) => diags.error(
                    location,
                    fields.id(),
                    format!("úroveň {level} je uvedena dvakrát"),
                ),
                _ => diags.error(
                    location,
                    fields.id(),
                    format!("úroveň `{item}` neexistuje (úrovně jsou 1–6)"),
                ),
            }
        }
        levels.sort_unstable();
        Some(levels)
    }

    fn collect_links(
        &mut self,
        markdown: &str,
        origin: TextOrigin,
        fields: &Fields,
        source: &str,
        id: &str,
    ) {
        for link in internal_links(markdown) {
            self.links.push(PendingLink {
                target: link.target,
                location: origin.locate(fields.file, source, link.line, link.column),
                entry_id: id.to_owned(),
            });
        }
    }

    fn tile_set(&mut self, set: crate::model::TileSet, file: &str) {
        if self.corpus.tile_set(&set.id).is_some() {
            self.diags.error(
                Location::file_start(file),
                None,
                format!("sada kartiček `{}` je definována dvakrát", set.id),
            );
            return;
        }
        for tile in &set.tiles {
            if self.corpus.tile(&tile.id).is_some() {
                self.diags.error(
                    Location::file_start(file),
                    Some(&tile.id),
                    format!("kartička `{}` už je v jiné sadě", tile.id),
                );
            }
        }
        self.corpus.tile_sets.push(set);
    }

    /// Synonym rings: every member must give the analyzer something to search for, and no
    /// word (nor its stem) may stand in two rings that hold in one game, which would silently
    /// merge them. A ring scoped to some games may share a word with a ring of every game: it
    /// says what the word also means there ("kartička" is a "karta" outside Dárky).
    fn thesaurus(&mut self, file: &str, text: &str) {
        let Some(node) = yaml::parse(file, text, 0, true, &mut self.diags) else {
            return;
        };
        let mut stems: RingStems = HashMap::new();
        for map in self.entries(file, &node) {
            let fields = Fields::new(
                file,
                0,
                map,
                &["preferred", "members", "games"],
                Some("preferred"),
                &mut self.diags,
            );
            let diags = &mut self.diags;
            let preferred = fields.required_str("preferred", diags);
            let members = fields.required_list("members", diags).unwrap_or_default();
            let games = fields.optional_list("games", diags).unwrap_or_default();
            let Some(preferred) = preferred else {
                continue;
            };
            let mut words = vec![(preferred.clone(), fields.value_location("preferred"))];
            words.extend(members.iter().cloned());
            let scope: Vec<String> = games.iter().map(|(g, _)| g.clone()).collect();
            ring_words(&words, &preferred, &scope, &mut stems, diags);
            refuse_negations(&words, &preferred, diags);
            self.game_refs.extend(
                games
                    .into_iter()
                    .map(|(game, location)| (game, location, preferred.clone())),
            );
            self.corpus.thesaurus.push(SynonymRing {
                preferred,
                members: members.into_iter().map(|(m, _)| m).collect(),
                games: scope,
            });
        }
    }

    /// Rule concepts with the word patterns that point to them: each pattern of 2 to 4 words,
    /// each word one word for the analyzer, ids unique, targets that exist.
    fn concepts(&mut self, file: &str, text: &str) {
        let Some(node) = yaml::parse(file, text, 0, true, &mut self.diags) else {
            return;
        };
        let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
        for map in self.entries(file, &node) {
            let fields = Fields::new(
                file,
                0,
                map,
                &["id", "concept", "points_to", "patterns", "game"],
                Some("id"),
                &mut self.diags,
            );
            let diags = &mut self.diags;
            let id = fields.required_str("id", diags);
            let concept = fields.required_str("concept", diags);
            let game = fields.optional_str("game", diags).filter(|g| !g.is_empty());
            let points_to = fields.required_list("points_to", diags).unwrap_or_default();
            let patterns = fields
                .required_list_of_lists("patterns", diags)
                .unwrap_or_default();
            let Some(id) = id.filter(|id| check_slug(&fields, "id", id, diags)) else {
                continue;
            };
            if !seen.insert(id.clone()) {
                diags.error(
                    fields.value_location("id"),
                    Some(&id),
                    format!("pojem `{id}` je uveden dvakrát"),
                );
                continue;
            }
            check_patterns(&patterns, &id, diags);
            if let Some(game) = &game {
                let targets = points_to.iter().map(|(t, _)| t.clone()).collect();
                let location = fields.value_location("game");
                (self.concept_games).push((game.clone(), location, id.clone(), targets));
            }
            self.concept_refs.extend(
                points_to
                    .iter()
                    .map(|(target, location)| (target.clone(), location.clone(), id.clone())),
            );
            if let Some(concept) = concept {
                self.corpus.concepts.push(Concept {
                    id,
                    concept,
                    points_to: points_to.into_iter().map(|(t, _)| t).collect(),
                    patterns: (patterns.iter())
                        .flat_map(|(places, _)| yaml::variants_of(places))
                        .map(|words| words.into_iter().map(|(w, _)| w).collect())
                        .collect(),
                    game,
                });
            }
        }
    }

    /// Games and expansions carcref does not cover: a title, its kind, and words that are one
    /// word each for the analyzer (whether the texts have them or, for `mentioned`, mention
    /// them is checked in `finish`).
    fn not_covered(&mut self, file: &str, text: &str) {
        let Some(node) = yaml::parse(file, text, 0, true, &mut self.diags) else {
            return;
        };
        for map in self.entries(file, &node) {
            let fields = Fields::new(
                file,
                0,
                map,
                NOT_COVERED_FIELDS,
                Some("title"),
                &mut self.diags,
            );
            self.not_covered_entry(&fields);
        }
    }

    /// One entry of `not-covered.yaml`, checked; its words and patterns are kept with their
    /// places for `finish`.
    fn not_covered_entry(&mut self, fields: &Fields) {
        let diags = &mut self.diags;
        let (Some(title), Some(kind)) = (
            fields.required_str("title", diags),
            fields.required_str("kind", diags),
        ) else {
            return;
        };
        let words = fields.optional_list("words", diags).unwrap_or_default();
        let mentioned = fields.optional_list("mentioned", diags).unwrap_or_default();
        let patterns = (fields.optional_list_of_lists("patterns", diags)).unwrap_or_default();
        let reasons = fields.optional_bool("reasons", diags).unwrap_or(false);
        if words.is_empty() && mentioned.is_empty() && patterns.is_empty() && !reasons {
            diags.error(
                fields.value_location("title"),
                Some(&title),
                "záznam potřebuje aspoň jedno slovo ve `words` nebo `mentioned`, vzor v `patterns`, nebo `reasons: true`"
                    .to_owned(),
            );
            return;
        }
        let Some(kind) = not_covered_kind(fields, &title, &kind, diags) else {
            return;
        };
        let plain = |list: &[(String, Location)]| list.iter().map(|(w, _)| w.clone()).collect();
        let entry = NotCovered {
            title: title.clone(),
            kind,
            words: plain(&words),
            mentioned: plain(&mentioned),
            patterns: (patterns.iter())
                .map(|(places, _)| places.iter().map(|place| plain(place)).collect())
                .collect(),
            reasons,
            setting: fields.optional_bool("setting", diags).unwrap_or(false),
            lead_in: fields.optional_bool("lead_in", diags).unwrap_or(false),
            after_the_fact: fields
                .optional_bool("after_the_fact", diags)
                .unwrap_or(false),
        };
        let reasons_taken = self.corpus.not_covered.iter().any(|nc| nc.reasons);
        check_topic_fields(fields, &entry, reasons_taken, diags);
        check_patterns(&patterns, &title, diags);
        check_single_words(words.iter().chain(&mentioned), &title, diags);
        self.not_covered_patterns
            .extend(patterns.iter().flat_map(|(places, location)| {
                (yaml::variants_of(places).into_iter())
                    .map(|words| (plain(&words), location.clone(), title.clone()))
            }));
        for (list, is_mentioned) in [(&words, false), (&mentioned, true)] {
            self.not_covered_words
                .extend(list.iter().map(|(word, location)| {
                    (word.clone(), location.clone(), title.clone(), is_mentioned)
                }));
        }
        self.corpus.not_covered.push(entry);
    }

    fn glossary(&mut self, file: &str, text: &str) {
        let Some(node) = yaml::parse(file, text, 0, true, &mut self.diags) else {
            return;
        };
        let mut seen: HashMap<String, Location> = HashMap::new();
        for map in self.entries(file, &node) {
            let fields = Fields::new(file, 0, map, GLOSSARY_FIELDS, Some("term"), &mut self.diags);
            let diags = &mut self.diags;
            let term = fields.required_str("term", diags);
            let definition = fields.required_str("definition", diags);
            let list = |key: &str, diags: &mut Diagnostics| -> Vec<String> {
                fields
                    .optional_list(key, diags)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(item, _)| item)
                    .collect()
            };
            let forms = list("forms", diags);
            let synonyms = list("synonyms", diags);
            let english = list("english", diags);
            let sections = fields.optional_list("sections", diags).unwrap_or_default();
            let (Some(term), Some(definition)) = (term, definition) else {
                continue;
            };
            self.glossary_refs.extend(
                (sections.iter())
                    .map(|(id, location)| (id.clone(), location.clone(), term.clone())),
            );
            let location = fields.value_location("term");
            if let Some(first) = seen.get(&term) {
                diags.error(
                    location,
                    Some(&term),
                    format!("pojem `{term}` už je ve slovníčku ({first})"),
                );
                continue;
            }
            seen.insert(term.clone(), location);
            self.corpus.glossary.push(GlossaryEntry {
                term,
                forms,
                synonyms,
                english,
                definition,
                sections: sections.into_iter().map(|(id, _)| id).collect(),
            });
        }
    }

    /// A concept of one game (`game`) names a game that exists and points only to its texts,
    /// whose ids start with the game's prefix.
    fn check_concept_games(&mut self) {
        for (game, location, concept, targets) in std::mem::take(&mut self.concept_games) {
            let Some(prefix) = self.corpus.game(&game).map(|g| format!("{}-", g.prefix)) else {
                let problem = format!("hra `{game}` neexistuje (hry jsou v games.yaml)");
                self.diags.error(location, Some(&concept), problem);
                continue;
            };
            for target in targets.iter().filter(|t| !t.starts_with(&prefix)) {
                let problem = format!(
                    "pojem hry `{game}` ukazuje na `{target}`, který k ní nepatří \
                     (id jejích textů začínají `{prefix}`)"
                );
                self.diags.error(location.clone(), Some(&concept), problem);
            }
        }
    }

    fn finish(mut self) -> Loaded {
        self.check_not_covered();
        self.check_references();
        self.order_sections();
        Loaded {
            corpus: self.corpus,
            diagnostics: self.diags.into_sorted(),
        }
    }

    /// What carcref says it does not cover must not be what our texts answer.
    fn check_not_covered(&mut self) {
        let in_texts = super::not_covered::words_of_texts(&self.corpus);
        for (word, location, title, mentioned) in std::mem::take(&mut self.not_covered_words) {
            let in_ours = super::not_covered::term(&word).is_some_and(|t| in_texts.contains(&t));
            let problem = match (mentioned, in_ours) {
                (false, true) => format!("o slově `{word}` naše texty mluví, takže nepatří mezi věci, které carcref nepokrývá; patří do `mentioned`"),
                (true, false) => format!("slovo `{word}` naše texty nezmiňují, takže patří do `words`, ne do `mentioned`"),
                _ => continue,
            };
            self.diags.error(location, Some(&title), problem);
        }
        let passages = super::not_covered::passages_of_texts(&self.corpus);
        for (pattern, location, title) in std::mem::take(&mut self.not_covered_patterns) {
            let terms: Vec<String> = pattern
                .iter()
                .filter_map(|w| super::not_covered::term(w))
                .collect();
            if let Some(passage) = passages.iter().find(|p| p.holds_each(&terms)) {
                self.diags.error(
                    location,
                    Some(&title),
                    format!(
                        "vzor [{}] naše texty mají pohromadě ({}), takže na takovou otázku odpovídají",
                        pattern.join(", "),
                        passage.text
                    ),
                );
            }
        }
    }

    /// Every id a file names (game, section, ruling, rule part) exists.
    fn check_references(&mut self) {
        for (game, location, ring) in std::mem::take(&mut self.game_refs) {
            if self.corpus.game(&game).is_none() {
                self.diags.error(
                    location,
                    Some(&ring),
                    format!("hra `{game}` neexistuje (hry jsou v games.yaml)"),
                );
            }
        }
        for (entry, location, concept) in std::mem::take(&mut self.concept_refs) {
            // `id#Nadpis` names the subsection of a long section that holds the answer.
            let problem = if entry.contains('#') {
                rule_part(&self.corpus, &entry, &["## ", "### "]).err()
            } else {
                (!self.section_ids.contains_key(&entry) && !self.ruling_ids.contains_key(&entry))
                    .then(|| format!("`{entry}` není sekce pravidel ani výklad"))
            };
            if let Some(problem) = problem {
                self.diags.error(location, Some(&concept), problem);
            }
        }
        self.check_concept_games();
        for (entry, location, term) in std::mem::take(&mut self.glossary_refs) {
            if let Err(problem) = rule_part(&self.corpus, &entry, &["## ", "### "]) {
                self.diags.error(location, Some(&term), problem);
            }
        }
        for (index, location) in std::mem::take(&mut self.section_refs) {
            let ruling = &self.corpus.rulings[index];
            if !self.section_ids.contains_key(&ruling.section) {
                self.diags.error(
                    location,
                    Some(&ruling.id),
                    format!("sekce `{}` neexistuje", ruling.section),
                );
            }
        }
        for link in std::mem::take(&mut self.links) {
            let missing = match &link.target {
                LinkTarget::Rule(id) => (!self.section_ids.contains_key(id))
                    .then(|| format!("odkaz na neexistující sekci `rule:{id}`")),
                LinkTarget::Ruling(id) => (!self.ruling_ids.contains_key(id))
                    .then(|| format!("odkaz na neexistující výklad `ruling:{id}`")),
            };
            if let Some(message) = missing {
                self.diags
                    .error(link.location, Some(&link.entry_id), message);
            }
        }
    }

    /// Sections in the order of games.yaml, then their own; each lists its rulings.
    fn order_sections(&mut self) {
        let game_order: HashMap<String, usize> = self
            .corpus
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| (g.id.clone(), i))
            .collect();
        self.corpus
            .sections
            .sort_by_key(|s| (game_order.get(&s.game).copied(), s.order, s.id.clone()));
        for section in &mut self.corpus.sections {
            section.rulings = self
                .corpus
                .rulings
                .iter()
                .filter(|r| r.section == section.id)
                .map(|r| r.id.clone())
                .collect();
        }
    }
}

/// `rule-keys.yaml`: every engine rule key mapped, once, to existing sections (at most one
/// per game) and rulings; wherever the engine can emit the key, a section of the game played
/// is there to cite, and every ruling is cited in some game (and level) the key is played in.
pub(crate) fn load_rule_keys(
    file: &str,
    text: &str,
    corpus: &Corpus,
    diags: &mut Diagnostics,
) -> Vec<RuleKeyRef> {
    let Some(node) = yaml::parse(file, text, 0, true, diags) else {
        return Vec::new();
    };
    let mut out: Vec<RuleKeyRef> = Vec::new();
    let Some(seq) = node.as_sequence() else {
        return out;
    };
    for item in seq.iter() {
        if let Some(entry) = rule_key_ref(file, item, &out, corpus, diags) {
            out.push(entry);
        }
    }
    for (key, _) in rule_keys() {
        if !out.iter().any(|r| r.key == key) {
            diags.error(
                Location::file_start(file),
                None,
                format!("chybí klíč pravidla `{key}`: odkud pravidlo pochází?"),
            );
        }
    }
    out
}

/// One entry of `rule-keys.yaml`, or `None` (with its problems reported) when it cannot be
/// used; `taken` holds the entries read before it.
fn rule_key_ref(
    file: &str,
    item: &Node,
    taken: &[RuleKeyRef],
    corpus: &Corpus,
    diags: &mut Diagnostics,
) -> Option<RuleKeyRef> {
    let Some(map) = item.as_mapping() else {
        diags.error(
            yaml::location(file, item.span(), 0),
            None,
            "záznam má být mapování `klíč: hodnota`",
        );
        return None;
    };
    let fields = Fields::new(
        file,
        0,
        map,
        &["key", "section", "sections", "rulings"],
        Some("key"),
        diags,
    );
    let key = fields.required_str("key", diags);
    let (sections, sections_field) = listed_sections(&fields, diags)?;
    let rulings: Vec<(String, Location)> = fields
        .optional_list("rulings", diags)
        .unwrap_or_default()
        .into_iter()
        .filter(|(id, location)| {
            let known = corpus.ruling(id).is_some();
            if !known {
                diags.error(
                    location.clone(),
                    fields.id(),
                    format!("výklad `{id}` neexistuje"),
                );
            }
            known
        })
        .collect();
    let key = key?;
    if !rule_keys().any(|(k, _)| k == key) {
        diags.error(
            fields.value_location("key"),
            Some(&key),
            format!("engine klíč `{key}` nezná"),
        );
        return None;
    }
    let CitedSections {
        games,
        sections: known_sections,
        headings,
    } = cited_sections(&key, &sections, corpus, diags)?;
    if taken.iter().any(|r| r.key == key) {
        diags.error(
            fields.value_location("key"),
            Some(&key),
            format!("klíč `{key}` je uveden dvakrát"),
        );
        return None;
    }
    let coverage = Coverage {
        key: &key,
        fields: &fields,
        sections_field,
        games: &games,
    };
    coverage.check(&Played::all(), &rulings, corpus, diags);
    Some(RuleKeyRef {
        key,
        sections: known_sections,
        headings,
        rulings: rulings.into_iter().map(|(id, _)| id).collect(),
    })
}

/// How many ways of asking each ruling carries ("jak se ptají hráči"): the search finds a
/// ruling through them when a player's words differ from the question's.
const MIN_PHRASINGS: usize = 2;
const MAX_PHRASINGS: usize = 4;

fn ruling_phrasings(
    fields: &Fields,
    question: Option<&str>,
    diags: &mut Diagnostics,
) -> Vec<String> {
    let Some(items) = fields.required_list("phrasings", diags) else {
        return Vec::new();
    };
    let count = items.len();
    if !(MIN_PHRASINGS..=MAX_PHRASINGS).contains(&count) {
        diags.error(
            fields.value_location("phrasings"),
            fields.id(),
            format!(
                "výklad má mít {MIN_PHRASINGS} až {MAX_PHRASINGS} otázky, jak se ptají hráči, ne {count}"
            ),
        );
    }
    let mut seen: Vec<&str> = Vec::new();
    for (text, location) in &items {
        if question.is_some_and(|q| q == text) || seen.contains(&text.as_str()) {
            diags.error(
                location.clone(),
                fields.id(),
                "otázka se opakuje; napište ji jinými slovy",
            );
        }
        seen.push(text);
    }
    items.into_iter().map(|(text, _)| text).collect()
}

const NOT_COVERED_FIELDS: &[&str] = &[
    "title",
    "kind",
    "words",
    "mentioned",
    "patterns",
    "reasons",
    "setting",
    "lead_in",
    "after_the_fact",
];

/// What a `not-covered.yaml` entry is: `rozsireni`, `hra` or `tema`.
fn not_covered_kind(
    fields: &Fields,
    title: &str,
    kind: &str,
    diags: &mut Diagnostics,
) -> Option<NotCoveredKind> {
    match kind {
        "rozsireni" => Some(NotCoveredKind::Expansion),
        "hra" => Some(NotCoveredKind::Game),
        "tema" => Some(NotCoveredKind::Topic),
        other => {
            diags.error(
                fields.value_location("kind"),
                Some(title),
                format!("`kind` je `rozsireni`, `hra` nebo `tema`, ne `{other}`"),
            );
            None
        }
    }
}

/// The fields only a topic may set, each with what else it needs: patterns, the one topic of
/// reasons (`reasons_taken`: an earlier entry is it), and words that are only the scene or a
/// lead-in.
fn check_topic_fields(
    fields: &Fields,
    entry: &NotCovered,
    reasons_taken: bool,
    diags: &mut Diagnostics,
) {
    let topic = entry.kind == NotCoveredKind::Topic;
    let with_words = topic && !entry.words.is_empty();
    for (field, misplaced, message) in [
        (
            "patterns",
            !entry.patterns.is_empty() && !topic,
            "vzory (`patterns`) má jen téma (`kind: tema`): říkají, na co pravidla neodpovídají",
        ),
        (
            "reasons",
            entry.reasons && (!topic || reasons_taken),
            "`reasons: true` má jen jedno téma (`kind: tema`): otázky „proč“, na které texty nedávají důvod",
        ),
        (
            "setting",
            entry.setting && !with_words,
            "`setting: true` má jen téma (`kind: tema`) se slovy ve `words`: slova, která bývají jen kulisou otázky o pravidlech",
        ),
        (
            "lead_in",
            entry.lead_in && !with_words,
            "`lead_in: true` má jen téma (`kind: tema`) se slovy ve `words`: slova, která často jen uvádějí otázku o pravidlech v jiné větě",
        ),
        (
            "after_the_fact",
            entry.after_the_fact && (!topic || entry.patterns.is_empty()),
            "`after_the_fact: true` má jen téma (`kind: tema`) se vzory v `patterns`: otázky, co dělat po popsané situaci",
        ),
    ] {
        if misplaced {
            diags.error(fields.value_location(field), Some(&entry.title), message.to_owned());
        }
    }
}

/// Each listed word is one word the search keeps as one term.
fn check_single_words<'w>(
    words: impl Iterator<Item = &'w (String, Location)>,
    entry: &str,
    diags: &mut Diagnostics,
) {
    use crate::czech::{analyze_query, CzechAnalyzer};
    for (word, location) in words {
        if analyze_query(&CzechAnalyzer, word).len() != 1 {
            diags.error(
                location.clone(),
                Some(entry),
                format!("`{word}` má být jedno slovo, které hledání nevynechá"),
            );
        }
    }
}

/// A word pattern (`concepts.yaml`, `not-covered.yaml`) is 2 to 4 words (each place may
/// offer alternatives), each one the search keeps as one term: a query holds it when it holds
/// all of them, in any order and form.
fn check_patterns(patterns: &[(yaml::Places, Location)], entry: &str, diags: &mut Diagnostics) {
    for (places, location) in patterns {
        if !(2..=4).contains(&places.len()) {
            diags.error(
                location.clone(),
                Some(entry),
                format!("vzor má mít 2 až 4 slova, má jich {}", places.len()),
            );
        }
        check_single_words(places.iter().flatten(), entry, diags);
    }
}

fn check_prefix(fields: &Fields, id: &str, game: &Game, diags: &mut Diagnostics) {
    if !id.starts_with(&format!("{}-", game.prefix)) {
        diags.error(
            fields.value_location("id"),
            Some(id),
            format!("id ve hře `{}` musí začínat `{}-`", game.id, game.prefix),
        );
    }
}

/// `Dized.MoC.0027`, `FAQ.MoC.0003`: publisher, game code, four digits.
fn is_source_id(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    matches!(parts.as_slice(), [publisher, game, number]
        if publisher.starts_with(|c: char| c.is_ascii_uppercase())
            && publisher.chars().all(|c| c.is_ascii_alphabetic())
            && !game.is_empty()
            && game.chars().all(|c| c.is_ascii_alphabetic())
            && number.len() == 4
            && number.chars().all(|c| c.is_ascii_digit()))
}

/// `11/2022`: month without a leading zero, four-digit year.
fn is_date(text: &str) -> bool {
    let Some((month, year)) = text.split_once('/') else {
        return false;
    };
    let month_ok =
        !month.starts_with('0') && month.parse::<u8>().is_ok_and(|m| (1..=12).contains(&m));
    let year_ok = year.len() == 4
        && year
            .parse::<u16>()
            .is_ok_and(|y| (2000..=2099).contains(&y));
    month_ok && year_ok
}

/// A ring must not join a word and its negation ("dokončený" and "nedokončený"): searching
/// one would find texts about the other.
/// Each single-word stem of the thesaurus with the rings it stands in: their preferred word,
/// their games (empty: every game) and where the word was given.
type RingStems = HashMap<String, Vec<(String, Vec<String>, Location)>>;

/// Checks one ring's words: each gives the analyzer something to search for, stands in the
/// ring once, and in no other ring that holds in one of the same games; records their stems.
fn ring_words(
    words: &[(String, Location)],
    ring: &str,
    scope: &[String],
    stems: &mut RingStems,
    diags: &mut Diagnostics,
) {
    use crate::czech::{analyze_query, CzechAnalyzer};
    let shares_a_game = |other: &[String]| {
        scope.is_empty() == other.is_empty()
            && (scope.is_empty() || other.iter().any(|g| scope.contains(g)))
    };
    let mut seen_here: Vec<&str> = Vec::new();
    for (word, location) in words {
        let tokens = analyze_query(&CzechAnalyzer, word);
        if tokens.is_empty() {
            diags.error(
                location.clone(),
                Some(ring),
                format!("`{word}` nedá hledání nic (jen spojky a předložky); vynechte ho"),
            );
            continue;
        }
        if seen_here.contains(&word.as_str()) {
            diags.error(
                location.clone(),
                Some(ring),
                format!("`{word}` je v kruhu dvakrát"),
            );
            continue;
        }
        seen_here.push(word);
        let [one] = tokens.as_slice() else {
            continue;
        };
        let rings = stems.entry(one.folded.clone()).or_default();
        if let Some((other, _, first)) = rings
            .iter()
            .find(|(other, games, _)| other != ring && shares_a_game(games))
        {
            diags.error(
                location.clone(),
                Some(ring),
                format!("`{word}` patří i do kruhu `{other}` ({first}); ve stejné hře smí být slovo jen v jednom"),
            );
        } else if !rings.iter().any(|(other, _, _)| other == ring) {
            rings.push((ring.to_owned(), scope.to_vec(), location.clone()));
        }
    }
}

fn refuse_negations(words: &[(String, Location)], ring: &str, diags: &mut Diagnostics) {
    use crate::czech::{analyze_query, CzechAnalyzer};
    let term = |word: &str| -> Option<String> {
        match analyze_query(&CzechAnalyzer, word).as_slice() {
            [one] => Some(one.folded.clone()),
            _ => None,
        }
    };
    let terms: Vec<Option<String>> = words.iter().map(|(w, _)| term(w)).collect();
    for (word, location) in words {
        let Some(positive) = word.to_lowercase().strip_prefix("ne").and_then(term) else {
            continue;
        };
        if let Some((other, _)) = words
            .iter()
            .zip(&terms)
            .find(|((w, _), t)| w != word && t.as_ref() == Some(&positive))
            .map(|(w, _)| w)
        {
            diags.error(
                location.clone(),
                Some(ring),
                format!("`{word}` je zápor slova `{other}` ze stejného kruhu; zápor patří do jiného kruhu"),
            );
        }
    }
}

/// A scenario from one file outside the content tree (given to `carcref check`, or sent to
/// `carcref serve`), or every problem found in it, located.
pub fn load_scenario_file(
    file: &ContentFile,
    corpus: &Corpus,
) -> Result<crate::model::Scenario, Vec<crate::diagnostic::Diagnostic>> {
    let text = super::text::decode(file).map_err(|diagnostic| vec![diagnostic])?;
    let mut diags = crate::diagnostic::Diagnostics::default();
    match crate::scenario::load_scenario(&file.display, &file.display, &text, corpus, &mut diags) {
        Some(scenario) if diags.is_empty() => Ok(scenario),
        _ => Err(diags.into_sorted()),
    }
}

/// A rule key's `section` or `sections`, with the field they were written in; `None` (the
/// problem reported) when neither or both are there.
fn listed_sections(
    fields: &Fields,
    diags: &mut Diagnostics,
) -> Option<(Vec<(String, Location)>, &'static str)> {
    let single = fields.optional_str("section", diags);
    let several = fields.optional_list("sections", diags);
    match (single, several) {
        (Some(section), None) => {
            Some((vec![(section, fields.value_location("section"))], "section"))
        }
        (None, Some(list)) if !list.is_empty() => Some((list, "sections")),
        (Some(_), Some(_)) => {
            diags.error(
                fields.value_location("sections"),
                fields.id(),
                "uveďte buď `section`, nebo `sections`, ne obojí",
            );
            None
        }
        _ => {
            diags.error(
                fields.start(),
                fields.id(),
                "chybí sekce pravidel: `section: id` nebo `sections: [id, …]` (nejvýše jedna sekce na hru)",
            );
            None
        }
    }
}

/// The games, sections and subsection headings a rule key's sections name; `None` (each
/// problem reported) when one of them is unknown, has no such heading or repeats a game.
fn cited_sections<'c>(
    key: &str,
    sections: &[(String, Location)],
    corpus: &'c Corpus,
    diags: &mut Diagnostics,
) -> Option<CitedSections<'c>> {
    let mut games: Vec<&str> = Vec::new();
    let mut known_sections = Vec::new();
    let mut headings = Vec::new();
    for (entry, location) in sections {
        // `id#Nadpis` names the subsection (a `##` heading) the key follows from.
        let (found, heading) = match rule_part(corpus, entry, &["## "]) {
            Ok(part) => part,
            Err(problem) => {
                diags.error(location.clone(), Some(key), problem);
                continue;
            }
        };
        let section = found.id.as_str();
        if games.contains(&found.game.as_str()) {
            diags.error(
                location.clone(),
                Some(key),
                format!(
                    "sekce `{section}` je druhá sekce hry `{}`: citovala by se jen ta první",
                    found.game
                ),
            );
            continue;
        }
        games.push(&found.game);
        known_sections.push(section.to_owned());
        headings.push(heading.map(str::to_owned));
    }
    (known_sections.len() == sections.len()).then_some(CitedSections {
        games,
        sections: known_sections,
        headings,
    })
}

/// The section and subsection heading that `entry` (`id` or `id#Nadpis`) names, or what is
/// wrong with it; `levels` are the heading prefixes a subsection may have (`## `, `### `).
fn rule_part<'c, 'e>(
    corpus: &'c Corpus,
    entry: &'e str,
    levels: &[&str],
) -> Result<(&'c RuleSection, Option<&'e str>), String> {
    let (id, heading) = part_reference(entry);
    let section = corpus
        .section(id)
        .ok_or_else(|| format!("sekce `{id}` neexistuje"))?;
    if let Some(heading) = heading {
        let exists = section.body.lines().any(|line| {
            (levels.iter()).any(|level| line.strip_prefix(level).map(str::trim) == Some(heading))
        });
        if !exists {
            let level = levels.first().map_or("##", |l| l.trim());
            return Err(format!(
                "sekce `{id}` nemá podsekci „{heading}“ (nadpis `{level}`)"
            ));
        }
    }
    Ok((section, heading))
}

/// What a rule key's sections name: each one's game, id and subsection heading.
struct CitedSections<'c> {
    games: Vec<&'c str>,
    sections: Vec<String>,
    headings: Vec<Option<String>>,
}

/// The ruling's ID in the source, if it has one, in the form the sources write it.
fn source_id(fields: &Fields, diags: &mut Diagnostics) -> Option<String> {
    fields.optional_str("source_id", diags).filter(|s| {
        let ok = is_source_id(s);
        if !ok {
            diags.error(
                fields.value_location("source_id"),
                fields.id(),
                format!(
                    "source_id `{s}` nemá tvar `Dized.MoC.0027` / `FAQ.MoC.0003` (čtyři číslice)"
                ),
            );
        }
        ok
    })
}

/// The source IDs the ruling cites besides its own.
fn cites(fields: &Fields, diags: &mut Diagnostics) -> Vec<String> {
    fields
        .optional_list("cites", diags)
        .unwrap_or_default()
        .into_iter()
        .filter(|(cite, location)| {
            let ok = is_source_id(cite);
            if !ok {
                diags.error(
                    location.clone(),
                    fields.id(),
                    format!("citované ID `{cite}` nemá tvar `Dized.MoC.0027`"),
                );
            }
            ok
        })
        .map(|(cite, _)| cite)
        .collect()
}

/// The ruling's date, month/year.
fn date(fields: &Fields, diags: &mut Diagnostics) -> Option<String> {
    fields.optional_str("date", diags).filter(|d| {
        let ok = is_date(d);
        if !ok {
            diags.error(
                fields.value_location("date"),
                fields.id(),
                format!("datum `{d}` nemá tvar měsíc/rok, např. `11/2022`"),
            );
        }
        ok
    })
}

/// Where in the source the ruling stands, in words (never a made-up ID).
fn source_part(fields: &Fields, diags: &mut Diagnostics) -> Option<String> {
    let source_part = fields.optional_str("source_part", diags);
    match &source_part {
        // Words, not a made-up ID: the ID field is the only place for one.
        Some(part) if part.contains(".MoC.") => diags.error(
            fields.value_location("source_part"),
            fields.id(),
            format!("source_part `{part}` má místo ve zdroji popsat slovy, ne ID"),
        ),
        Some(part) if part.trim().is_empty() => diags.error(
            fields.value_location("source_part"),
            fields.id(),
            "source_part je prázdné",
        ),
        _ => {}
    }
    source_part
}

/// The line of the source the ruling stands on.
fn source_line(fields: &Fields, diags: &mut Diagnostics) -> Option<u32> {
    fields.optional_int("source_line", diags).and_then(|n| {
        let line = u32::try_from(n).ok().filter(|n| *n > 0);
        if line.is_none() {
            diags.error(
                fields.value_location("source_line"),
                fields.id(),
                "source_line má být kladné číslo řádku",
            );
        }
        line
    })
}

/// Why a ruling has no scenario, if it says so.
fn coverage(fields: &Fields, diags: &mut Diagnostics) -> Option<CoverageNote> {
    match fields.map.get_mapping("coverage") {
        None => None,
        Some(map) => {
            let mut note = Fields::new(fields.file, 0, map, &["status", "reason"], None, diags);
            note.entry_id = fields.entry_id.clone();
            let status = note.known(
                "status",
                note.required_str("status", diags),
                CoverageStatus::parse,
                |s| format!("stav `{s}`: povolené jsou non-mechanical a out-of-scope"),
                diags,
            );
            let reason = note.required_str("reason", diags);
            status
                .zip(reason)
                .map(|(status, reason)| CoverageNote { status, reason })
        }
    }
}

/// A rule key with its sections, checked against every way to play.
struct Coverage<'k> {
    key: &'k str,
    fields: &'k Fields<'k>,
    sections_field: &'static str,
    games: &'k [&'k str],
}

impl Coverage<'_> {
    /// Every game that can emit the key has one of its sections, and every ruling listed is
    /// cited in a game or level that emits it.
    fn check(
        &self,
        everywhere: &[Played],
        rulings: &[(String, Location)],
        corpus: &Corpus,
        diags: &mut Diagnostics,
    ) {
        let (key, fields, sections_field, games) =
            (self.key, self.fields, self.sections_field, self.games);
        let played: Vec<&Played> = everywhere
            .iter()
            .filter(|p| emitted_in(key, &p.game, &p.expansions))
            .collect();
        if let Some(uncited) = played.iter().find(|p| !games.iter().any(|g| p.includes(g))) {
            diags.error(
                fields.value_location(sections_field),
                Some(key),
                format!(
                    "klíč `{key}` nemá sekci pro hru {}: uveďte ji v `sections`",
                    uncited.describe()
                ),
            );
        }
        for (id, location) in rulings {
            let Some(ruling) = corpus.ruling(id) else {
                continue;
            };
            let cited = played.iter().any(|p| {
                p.includes(&ruling.game)
                    && (ruling.levels.is_empty()
                        || p.level.is_none_or(|l| ruling.levels.contains(&l)))
            });
            if !cited {
                diags.error(
                    location.clone(),
                    Some(key),
                    format!(
                        "výklad `{id}` (hra `{}`) se u klíče `{key}` nikdy necituje: engine klíč v té hře či úrovni nevydává",
                        ruling.game
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_ids() {
        assert!(is_source_id("Dized.MoC.0027"));
        assert!(is_source_id("FAQ.MoC.0003"));
        assert!(!is_source_id("Dized.MoC.27"));
        assert!(!is_source_id("dized.moc.0027"));
        assert!(!is_source_id("Dized MoC 0027"));
        assert!(!is_source_id("Dized.MoC.0027.1"));
    }

    #[test]
    fn dates() {
        assert!(is_date("11/2022"));
        assert!(is_date("9/2022"));
        assert!(!is_date("09/2022"));
        assert!(!is_date("13/2022"));
        assert!(!is_date("11/22"));
        assert!(!is_date("listopad 2022"));
    }
}
