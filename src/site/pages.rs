//! Page contexts and rendering with the minijinja templates of `templates/`. Links between
//! pages are relative (`root` leads from a page to the site's top), so the site works from
//! `file://` and from any folder of a static host.

use std::collections::{BTreeMap, HashMap};

use minijinja::{context, Environment};
use serde::Serialize;

use super::common::{fingerprint_json, BuildError, PlayKey, Site};
use super::frontend::Frontend;
use super::markdown::{self, Heading};
use super::scenarios::{Played, StepView, TraceLine};
use super::search;
use super::situace;
use crate::content::LinkTarget;
use crate::coverage::{self, CoverageEntry, Status};
use crate::engine::CompiledTile;
use crate::model::{
    levels_cs, part_reference, Corpus, Game, GameKind, Provenance, RuleSection, Ruling, Scenario,
};
use crate::scenario::ExpectationResult;

fn environment(frontend: &Frontend) -> Result<Environment<'_>, BuildError> {
    let mut env = Environment::new();
    // `{{ n | pocet("sekce") }}`: a number with its noun in the right form (see `crate::czech`).
    env.add_filter(
        "pocet",
        |n: u64, lemma: String| -> Result<String, minijinja::Error> {
            match crate::czech::noun(&lemma) {
                Some(noun) => Ok(crate::czech::count(n, noun.nominative)),
                None => Err(minijinja::Error::new(
                    minijinja::ErrorKind::InvalidOperation,
                    format!("podstatné jméno `{lemma}` chybí v tabulce czech::NOUNS"),
                )),
            }
        },
    );
    // `{{ points | body }}`: "8 bodů", "−2 body".
    env.add_filter("body", |n: i32| crate::czech::points(n));
    for (name, source) in frontend.templates() {
        env.add_template(name, source)
            .map_err(|e| BuildError::Template(format!("{name}: {e}")))?;
    }
    Ok(env)
}

/// Where pages live, relative to the site's top.
fn rules_url(game: &str) -> String {
    format!("hry/{game}/index.html")
}

fn rulings_url(game: &str) -> String {
    format!("hry/{game}/vyklady.html")
}

/// A ruling's own page; its id is a validated slug, so the path is plain.
fn ruling_url(id: &str) -> String {
    format!("vyklady/{id}.html")
}

fn scenario_url(slug: &str) -> String {
    format!("scenare/{slug}.html")
}

/// From a page at `path` back to the top: `../` per folder.
fn root_for(path: &str) -> String {
    "../".repeat(path.matches('/').count())
}

#[derive(Clone, Serialize)]
struct GameChoice {
    id: String,
    title: String,
}

#[derive(Clone, Serialize)]
struct Link {
    href: String,
    title: String,
}

#[derive(Serialize)]
struct GameView {
    id: String,
    title: String,
    title_en: String,
    kind: &'static str,
    rules_href: String,
    rulings_href: String,
    sections: usize,
    rulings: usize,
}

fn game_view(corpus: &Corpus, game: &Game) -> GameView {
    GameView {
        id: game.id.clone(),
        title: game.title.clone(),
        title_en: game.title_en.clone(),
        kind: match game.kind {
            GameKind::Zakladni => "základní hra",
            GameKind::Kooperativni => "kooperativní hra v úrovních 1–6",
            GameKind::Rozsireni => "rozšíření",
        },
        rules_href: rules_url(&game.id),
        rulings_href: rulings_url(&game.id),
        sections: corpus.sections.iter().filter(|s| s.game == game.id).count(),
        rulings: corpus.rulings.iter().filter(|r| r.game == game.id).count(),
    }
}

#[derive(Serialize)]
struct RulingView {
    id: String,
    href: String,
    provenance: Provenance,
    levels: String,
    tags: Vec<String>,
    question: String,
    answer_short: String,
    answer_html: String,
    status: &'static str,
    reason: Option<String>,
    scenarios: Vec<Link>,
    /// "Upravit a ověřit": each scenario in the situation builder.
    edits: Vec<Link>,
    section: Link,
}

#[derive(Serialize)]
struct RulingGroup {
    levels: String,
    rulings: Vec<RulingView>,
}

#[derive(Serialize)]
struct SectionRulings {
    id: String,
    title: String,
    rules_href: String,
    groups: Vec<RulingGroup>,
}

#[derive(Serialize)]
struct SectionView {
    id: String,
    title: String,
    body_html: String,
    headings: Vec<Heading>,
    rulings: Vec<Link>,
}

#[derive(Serialize)]
struct ScenarioView {
    title: String,
    description: Option<String>,
    href: String,
    /// "Upravit a ověřit": this scenario in the situation builder.
    edit_href: String,
    passed: bool,
    error: Option<String>,
    /// The game and its expansions by their titles: "Carcassonne (základní hra) + Dárky".
    ruleset: String,
    players: Vec<String>,
    rulings: Vec<Link>,
    board_before: Option<BoardView>,
    board_after: Option<BoardView>,
    setup: Vec<TraceView>,
    steps: Vec<StepPage>,
    expectations: Vec<ExpectationResult>,
    scores: Vec<(String, i32)>,
}

/// A board on a scenario page: drawn inline, and its standalone file to enlarge it.
#[derive(Serialize)]
struct BoardView {
    src: String,
    #[serde(flatten)]
    board: crate::draw::Board,
}

#[derive(Serialize)]
struct TraceView {
    text: String,
    /// The rule the step follows, named by its section and subsection, linked to it.
    cite: Option<Link>,
    /// The rulings the rule key names in the scenario's game and level.
    rulings: Vec<Link>,
}

#[derive(Serialize)]
struct StepPage {
    number: usize,
    action: String,
    events: Vec<TraceView>,
    refusal: Option<TraceView>,
}

#[derive(Serialize)]
struct TileView {
    id: String,
    name: String,
    count: u32,
    src: String,
    description: String,
    note: Option<String>,
}

#[derive(Serialize)]
struct TileSetView {
    id: String,
    title: String,
    schematic: bool,
    kinds: usize,
    total: u32,
    tiles: Vec<TileView>,
}

#[derive(Serialize)]
struct CoverageRow {
    id: String,
    question: String,
    href: String,
    source_id: Option<String>,
    game: String,
    status: &'static str,
    reason: Option<String>,
    scenarios: Vec<Link>,
}

struct Renderer<'a> {
    corpus: &'a Corpus,
    env: Environment<'a>,
    coverage: BTreeMap<String, CoverageEntry>,
    played: BTreeMap<String, &'a Played>,
    nav: Vec<Link>,
    /// Every game as the header's game switch offers it.
    game_choices: Vec<GameChoice>,
    site: Site,
    /// Each rule section's headings, found once: thousands of trace lines cite a few dozen
    /// sections.
    headings: std::cell::RefCell<HashMap<String, Vec<markdown::Heading>>>,
}

/// How a ruling's status reads on the page.
fn status_class(status: Status) -> &'static str {
    match status {
        Status::Verified => "overeno",
        Status::Failing => "neovereno",
        Status::NonMechanical => "neoveritelne",
        Status::OutOfScope => "mimo",
        Status::Unlinked => "bez-scenare",
    }
}

/// What every page's template is given besides its own data.
struct PageHead<'s> {
    /// Where the page goes in the site.
    path: &'s str,
    template: &'s str,
    title: &'s str,
    description: &'s str,
    /// The navigation entry to mark as the current one.
    current: &'s str,
}

impl<'a> Renderer<'a> {
    fn page(&mut self, head: PageHead, extra: minijinja::Value) -> Result<(), BuildError> {
        let path = head.path.to_owned();
        let html = self.render_page(head, extra)?;
        self.site.insert(path, html);
        Ok(())
    }

    /// A page's HTML, not yet in the site.
    fn render_page(&self, head: PageHead, extra: minijinja::Value) -> Result<Vec<u8>, BuildError> {
        let ctx = context! {
            root => root_for(head.path),
            title => head.title,
            description => head.description,
            current => head.current,
            nav => &self.nav,
            game_choices => &self.game_choices,
            ..extra
        };
        let template = head.template;
        let html = self
            .env
            .get_template(template)
            .and_then(|t| t.render(ctx))
            .map_err(|e| BuildError::Template(format!("{template}: {e}")))?;
        Ok(html.into_bytes())
    }

    fn markdown(
        &self,
        text: &str,
        root: &str,
        prefix: &str,
        shift: usize,
    ) -> (String, Vec<Heading>) {
        let corpus = self.corpus;
        let resolve = |target: &LinkTarget| match target {
            LinkTarget::Rule(id) => corpus
                .section(id)
                .map(|s| format!("{root}{}#{id}", rules_url(&s.game))),
            LinkTarget::Ruling(id) => corpus
                .ruling(id)
                .map(|r| format!("{root}{}", ruling_url(&r.id))),
        };
        markdown::to_html(text, &resolve, prefix, shift)
    }

    fn scenario_link(&self, path: &str, root: &str) -> Option<Link> {
        let scenario = self.corpus.scenarios.iter().find(|s| s.path == path)?;
        let played = self.played.get(path)?;
        Some(Link {
            href: format!("{root}{}", scenario_url(&played.slug)),
            title: scenario.title.clone(),
        })
    }

    /// The scenario at `path` opened in the situation builder.
    fn edit_link(&self, path: &str, root: &str) -> Option<Link> {
        let scenario = self.corpus.scenarios.iter().find(|s| s.path == path)?;
        Some(Link {
            href: format!("{root}{}", self.played.get(path)?.edit_href),
            title: scenario.title.clone(),
        })
    }

    fn section_link(&self, id: &str, root: &str) -> Link {
        match self.corpus.section(id) {
            Some(s) => Link {
                href: format!("{root}{}#{}", rules_url(&s.game), s.id),
                title: s.title.clone(),
            },
            None => Link {
                href: String::new(),
                title: id.to_owned(),
            },
        }
    }

    fn ruling_link(&self, ruling: &Ruling, root: &str) -> Link {
        Link {
            href: format!("{root}{}", ruling_url(&ruling.id)),
            title: ruling.question.clone(),
        }
    }

    fn ruling_view(&self, ruling: &Ruling, root: &str) -> RulingView {
        let entry = self.coverage.get(&ruling.id);
        let status = entry.map(|e| e.status).unwrap_or(Status::Unlinked);
        RulingView {
            id: ruling.id.clone(),
            href: format!("{root}{}", ruling_url(&ruling.id)),
            provenance: Provenance::of(ruling, self.corpus),
            levels: levels_cs(&ruling.levels),
            tags: ruling.tags.clone(),
            question: ruling.question.clone(),
            answer_short: ruling.answer_short.clone(),
            answer_html: self.markdown(&ruling.answer, root, &ruling.id, 3).0,
            status: status_class(status),
            reason: entry.and_then(|e| e.reason.clone()),
            scenarios: entry
                .map(|e| {
                    e.scenarios
                        .iter()
                        .filter_map(|p| self.scenario_link(p, root))
                        .collect()
                })
                .unwrap_or_default(),
            edits: entry
                .map(|e| {
                    e.scenarios
                        .iter()
                        .filter_map(|p| self.edit_link(p, root))
                        .collect()
                })
                .unwrap_or_default(),
            section: self.section_link(&ruling.section, root),
        }
    }

    /// A trace line with the rule it follows, as players find it: the section and subsection
    /// of the scenario's game (the rule key stays internal) and the rulings on it.
    fn trace(&self, line: &TraceLine, played: &crate::engine::Played, root: &str) -> TraceView {
        let citation = crate::engine::cite_in(self.corpus, &line.rule, played);
        let cite = citation.as_ref().map(|c| {
            let mut link = self.section_link(&c.section.id, root);
            link.href = self.part_href(c.section, c.heading, root);
            link.title = c.title();
            link
        });
        let rulings = citation
            .map(|c| {
                c.rulings
                    .iter()
                    .map(|r| {
                        // The sources give one ID to more than one ruling: then its question
                        // tells them apart, so that the bracket never seems to repeat itself.
                        let shared = c
                            .rulings
                            .iter()
                            .filter(|o| o.reference() == r.reference())
                            .count()
                            > 1;
                        let title = if shared {
                            format!(
                                "výklad {} („{}“)",
                                r.reference(),
                                markdown::cut(&r.question, 40)
                            )
                        } else {
                            format!("výklad {}", r.reference())
                        };
                        Link {
                            title,
                            ..self.ruling_link(r, root)
                        }
                    })
                    .collect()
            })
            .unwrap_or_default();
        TraceView {
            text: line.text.clone(),
            cite,
            rulings,
        }
    }

    fn home(&mut self) -> Result<(), BuildError> {
        let games: Vec<GameView> = self
            .corpus
            .games
            .iter()
            .map(|g| game_view(self.corpus, g))
            .collect();
        let counts = context! {
            rulings => self.corpus.rulings.len(),
            scenarios => self.corpus.scenarios.len(),
            verified => self.coverage.values().filter(|e| e.status == Status::Verified).count(),
        };
        self.page(
            PageHead {
                path: "index.html",
                template: "home.html",
                title: "carcref — pravidla a výklady Carcassonne",
                description: "Česká pravidla a komentované výklady pro Duchy Carcassonne, Duchy, zámky a hřbitovy, Hostince a katedrály a Dárky; offline hledání a výklady ověřené scénáři.",
                current: "home",
            },
            context! { games => games, counts => counts },
        )
    }

    /// A game's two pages: its rules by section, and its rulings by section and level.
    fn game_pages(&mut self, game: &Game) -> Result<(), BuildError> {
        let mut sections: Vec<&RuleSection> = (self.corpus.sections.iter())
            .filter(|s| s.game == game.id)
            .collect();
        sections.sort_by(|a, b| a.order.cmp(&b.order).then(a.id.cmp(&b.id)));
        self.rules_page(game, &sections)?;
        self.rulings_page(game, &sections)
    }

    fn rules_page(&mut self, game: &Game, sections: &[&RuleSection]) -> Result<(), BuildError> {
        let path = rules_url(&game.id);
        let root = root_for(&path);
        let section_views: Vec<SectionView> = sections
            .iter()
            .map(|s| {
                let (body_html, headings) = self.markdown(&s.body, &root, &s.id, 1);
                SectionView {
                    id: s.id.clone(),
                    title: s.title.clone(),
                    body_html,
                    headings,
                    rulings: s
                        .rulings
                        .iter()
                        .filter_map(|id| self.corpus.ruling(id))
                        .map(|r| self.ruling_link(r, &root))
                        .collect(),
                }
            })
            .collect();
        self.page(
            PageHead {
                path: &path,
                template: "rules.html",
                title: &format!("{} — pravidla", game.title),
                description: &format!(
                    "Pravidla hry {} ({}) po sekcích, s obsahem a odkazy na výklady.",
                    game.title, game.title_en
                ),
                current: &game.id,
            },
            context! { game => &game_view(self.corpus, game), sections => section_views },
        )
    }

    fn rulings_page(&mut self, game: &Game, sections: &[&RuleSection]) -> Result<(), BuildError> {
        let path = rulings_url(&game.id);
        let root = root_for(&path);
        let mut groups: Vec<SectionRulings> = (sections.iter())
            .filter_map(|section| self.section_rulings(game, section, &root))
            .collect();
        let orphans: Vec<RulingView> = self
            .corpus
            .rulings
            .iter()
            .filter(|r| r.game == game.id && !sections.iter().any(|s| s.id == r.section))
            .map(|r| self.ruling_view(r, &root))
            .collect();
        if !orphans.is_empty() {
            groups.push(SectionRulings {
                id: format!("{}-ostatni", game.prefix),
                title: "Ostatní".into(),
                rules_href: format!("{root}{}", rules_url(&game.id)),
                groups: vec![RulingGroup {
                    levels: String::new(),
                    rulings: orphans,
                }],
            });
        }
        self.page(
            PageHead {
                path: &path,
                template: "rulings.html",
                title: &format!("{} — výklady", game.title),
                description: &format!(
                    "Výklady pravidel hry {} podle sekcí a úrovní: ID ze zdroje, datum, krátká a úplná odpověď a ověřující scénář.",
                    game.title
                ),
                current: &game.id,
            },
            context! {
                game => &game_view(self.corpus, game),
                sections => groups,
                levelled => game.has_levels(),
            },
        )
    }

    /// A section's rulings grouped by level, the lowest level first, then as the content lists
    /// them; none for a section without rulings.
    fn section_rulings(
        &self,
        game: &Game,
        section: &RuleSection,
        root: &str,
    ) -> Option<SectionRulings> {
        let mut rulings: Vec<&Ruling> = (self.corpus.rulings.iter())
            .filter(|r| r.game == game.id && r.section == section.id)
            .collect();
        if rulings.is_empty() {
            return None;
        }
        rulings.sort_by_key(|r| r.levels.iter().min().copied().unwrap_or(0));
        let mut level_groups: Vec<RulingGroup> = Vec::new();
        for ruling in rulings {
            let levels = levels_cs(&ruling.levels);
            let view = self.ruling_view(ruling, root);
            match level_groups.iter_mut().find(|g| g.levels == levels) {
                Some(group) => group.rulings.push(view),
                None => level_groups.push(RulingGroup {
                    levels,
                    rulings: vec![view],
                }),
            }
        }
        Some(SectionRulings {
            id: section.id.clone(),
            title: section.title.clone(),
            rules_href: format!("{root}{}#{}", rules_url(&game.id), section.id),
            groups: level_groups,
        })
    }

    /// `vyklady/<id>.html`: one ruling to share, titled and described by its question and
    /// answer, with its verification, provenance, related rulings and rule section.
    fn ruling_page(&mut self, ruling: &Ruling) -> Result<(), BuildError> {
        let path = ruling_url(&ruling.id);
        let root = root_for(&path);
        let others = || self.corpus.rulings.iter().filter(|r| r.id != ruling.id);
        let same_source: Vec<Link> = match &ruling.source_id {
            Some(id) => others()
                .filter(|r| r.source_id.as_ref() == Some(id))
                .map(|r| self.ruling_link(r, &root))
                .collect(),
            None => Vec::new(),
        };
        let same_section: Vec<Link> = others()
            .filter(|r| r.section == ruling.section)
            .filter(|r| ruling.source_id.is_none() || r.source_id != ruling.source_id)
            .map(|r| self.ruling_link(r, &root))
            .collect();
        let game = self.corpus.game(&ruling.game);
        let list = Link {
            href: format!("{root}{}#{}", rulings_url(&ruling.game), ruling.id),
            title: game.map(|g| g.title.clone()).unwrap_or_default(),
        };
        let view = self.ruling_view(ruling, &root);
        let description = ruling_description(ruling);
        self.page(
            PageHead {
                path: &path,
                template: "ruling.html",
                title: &format!("{} – carcref", ruling.question),
                description: &description,
                current: &ruling.game,
            },
            context! {
                ruling => view,
                list => list,
                levelled => game.is_some_and(Game::has_levels),
                same_section => same_section,
                same_source => same_source,
            },
        )
    }

    fn scenario_pages(&mut self, reused: &mut ScenarioPages) -> Result<(), BuildError> {
        let mut list = Vec::new();
        for (scenario, key) in self.corpus.scenarios.iter().zip(&reused.keys) {
            let Some(played) = self.played.get(&scenario.path).copied() else {
                continue;
            };
            let path = scenario_url(&played.slug);
            let root = root_for(&path);
            let board_files = self.scenario_boards(played);
            let mut view = self.scenario_view(scenario, played, &path, &root);
            // The boards follow from the play, which the key names.
            let fingerprint = fingerprint_json(&(&view, &self.nav, &self.game_choices))
                .map_err(|e| BuildError::Template(format!("scenario.html: {e}")))?;
            let html = match reused.previous.remove(key) {
                Some((previous, html)) if previous == fingerprint => html,
                _ => {
                    let [before, after] = [0, 1].map(|i| {
                        let board = if i == 0 {
                            &played.board_before
                        } else {
                            &played.board_after
                        };
                        board
                            .as_ref()
                            .zip(board_files[i].as_ref())
                            .map(|(board, file)| BoardView {
                                src: format!("{root}{file}"),
                                board: board.clone(),
                            })
                    });
                    view.board_before = before;
                    view.board_after = after;
                    self.render_page(
                        PageHead {
                            path: &path,
                            template: "scenario.html",
                            title: &format!("Scénář: {}", scenario.title),
                            description: &format!(
                                "Scénář, který přehrál carcref: {}. Plán před a po, kroky, očekávání a průběh.",
                                scenario.title
                            ),
                            current: "scenare",
                        },
                        context! { scenario => &view },
                    )?
                }
            };
            self.site.insert(path.clone(), html.clone());
            reused.rendered.insert(key.clone(), (fingerprint, html));
            list.push(Link {
                href: path,
                title: scenario.title.clone(),
            });
        }
        self.scenario_index(&list)
    }

    /// The scenario's boards before and after as files of their own; their names.
    fn scenario_boards(&mut self, played: &Played) -> Vec<Option<String>> {
        let mut board_files = Vec::new();
        for (suffix, board) in [("pred", &played.board_before), ("po", &played.board_after)] {
            if let Some(board) = board {
                let file = format!("scenare/{}-{suffix}.svg", played.slug);
                self.site
                    .insert(file.clone(), board.svg.clone().into_bytes());
                board_files.push(Some(file));
            } else {
                board_files.push(None);
            }
        }
        board_files
    }

    /// A scenario's page without its boards: the play, each line with the rule it follows.
    fn scenario_view(
        &self,
        scenario: &Scenario,
        played: &Played,
        path: &str,
        root: &str,
    ) -> ScenarioView {
        // What the scenario plays, for its citations: read once, it reads every step.
        let plays = crate::engine::played(scenario, self.corpus);
        let root = root.to_owned();
        let step = |s: &StepView| StepPage {
            number: s.number,
            action: s.action.clone(),
            events: s
                .events
                .iter()
                .map(|e| self.trace(e, &plays, &root))
                .collect(),
            refusal: s.refusal.as_ref().map(|r| self.trace(r, &plays, &root)),
        };
        ScenarioView {
            title: scenario.title.clone(),
            description: scenario.description.clone(),
            href: path.to_owned(),
            edit_href: format!("{root}{}", played.edit_href),
            passed: played.passed,
            error: played.error.clone(),
            ruleset: std::iter::once(&scenario.ruleset)
                .chain(&scenario.expansions)
                .map(|id| {
                    self.corpus
                        .game(id)
                        .map_or(id.as_str(), |g| g.title.as_str())
                })
                .collect::<Vec<_>>()
                .join(" + "),
            players: scenario
                .players
                .iter()
                .map(|c| c.czech().to_owned())
                .collect(),
            rulings: scenario
                .rulings
                .iter()
                .filter_map(|id| self.corpus.ruling(id))
                .map(|r| self.ruling_link(r, &root))
                .collect(),
            board_before: None,
            board_after: None,
            setup: played
                .setup
                .iter()
                .map(|e| self.trace(e, &plays, &root))
                .collect(),
            steps: played.steps.iter().map(step).collect(),
            expectations: played.expectations.clone(),
            scores: played.scores.clone(),
        }
    }

    /// The list of every scenario with its result.
    fn scenario_index(&mut self, list: &[Link]) -> Result<(), BuildError> {
        let rows: Vec<_> = self
            .corpus
            .scenarios
            .iter()
            .zip(list)
            .map(|(s, link)| {
                context! {
                    link => link,
                    passed => self.played.get(&s.path).is_some_and(|p| p.passed),
                    rulings => s.rulings.len(),
                }
            })
            .collect();
        self.page(
        PageHead {
            path: "scenare/index.html",
            template: "scenarios.html",
            title: "Scénáře",
            description: "Všechny scénáře, které carcref přehrává při sestavení webu, a jejich výsledek.",
            current: "scenare",
        },
        context! { scenarios => rows },
    )
    }

    fn tiles(&mut self) -> Result<(), BuildError> {
        let mut sets = Vec::new();
        for set in &self.corpus.tile_sets {
            let mut tiles = Vec::new();
            for spec in &set.tiles {
                let file = format!("karticky/{}.svg", spec.id);
                let tile = CompiledTile::compile(spec);
                self.site
                    .insert(file.clone(), crate::draw::tile_svg(&tile).into_bytes());
                tiles.push(TileView {
                    id: spec.id.clone(),
                    name: spec.display_name().to_string(),
                    count: spec.count,
                    src: file,
                    description: spec.description_cs(crate::engine::with_marker_cs),
                    note: spec.note.clone(),
                });
            }
            sets.push(TileSetView {
                id: set.id.clone(),
                title: set.title.clone(),
                schematic: set.schematic,
                kinds: set.tiles.len(),
                total: set.tiles.iter().map(|t| t.count).sum(),
                tiles,
            });
        }
        self.page(
            PageHead {
                path: "karticky.html",
                template: "tiles.html",
                title: "Katalog kartiček",
                description: "Katalogy kartiček základní hry, Hostinců a katedrál a Duchů: strany, města, cesty, louky, mlha a počty kusů.",
                current: "karticky",
            },
            context! { sets => sets },
        )
    }

    /// The situation builder: the page is a frame that `site/situace.js` fills from
    /// `assets/situace-data.js`.
    fn situation_builder(&mut self) -> Result<(), BuildError> {
        let data = situace::data_script(self.corpus)
            .map_err(|e| BuildError::Template(format!("data sestavovače situací: {e}")))?;
        self.site
            .insert("assets/situace-data.js".into(), data.into_bytes());
        self.page(
            PageHead {
                path: "situace.html",
                template: "situace.html",
                title: "Sporná situace",
                description: "Rozložte spornou situaci na plán kartičku po kartičce, stáhněte ji jako scénář a nechte carcref rozhodnout.",
                current: "situace",
            },
            context! {},
        )
    }

    /// Where a section, or its subsection under `heading`, starts on its game's rules page.
    fn part_href(&self, section: &RuleSection, heading: Option<&str>, root: &str) -> String {
        let anchor = heading.and_then(|heading| {
            let mut known = self.headings.borrow_mut();
            let headings = known
                .entry(section.id.clone())
                .or_insert_with(|| markdown::heading_ids(&section.body, &section.id));
            headings
                .iter()
                .find(|h| h.title == heading)
                .map(|h| h.id.clone())
        });
        let anchor = anchor.as_deref().unwrap_or(&section.id);
        format!("{root}{}#{anchor}", rules_url(&section.game))
    }

    /// A link from the glossary (at the site's top, so no `root`) to the rule section or
    /// subsection `entry` (see `part_reference`) names, with its title and game.
    fn part_link(&self, entry: &str) -> Option<minijinja::Value> {
        let (id, heading) = part_reference(entry);
        let section = self.corpus.section(id)?;
        let game = self.corpus.game(&section.game);
        Some(context! {
            href => self.part_href(section, heading, ""),
            title => heading.map_or(section.title.clone(), |h| format!("{} › {h}", section.title)),
            game => game.map_or(section.game.as_str(), |g| g.title.as_str()),
        })
    }

    fn glossary(&mut self) -> Result<(), BuildError> {
        let mut entries: Vec<_> = self.corpus.glossary.iter().collect();
        entries.sort_by(|a, b| a.term.cmp(&b.term));
        let entries: Vec<_> = entries
            .into_iter()
            .map(|e| {
                let sections: Vec<_> = e
                    .sections
                    .iter()
                    .filter_map(|s| self.part_link(s))
                    .collect();
                context! {
                    id => markdown::slug(&e.term),
                    term => &e.term,
                    forms => &e.forms,
                    synonyms => &e.synonyms,
                    english => &e.english,
                    definition => &e.definition,
                    sections => sections,
                }
            })
            .collect();
        self.page(
            PageHead {
                path: "slovnicek.html",
                template: "glossary.html",
                title: "Slovníček pojmů",
                description: "Pojmy Carcassonne česky, s tvary, synonymy a anglickými názvy, které zná i vyhledávání.",
                current: "slovnicek",
            },
            context! { entries => entries },
        )
    }

    fn coverage_page(&mut self) -> Result<(), BuildError> {
        let root = "";
        let rows: Vec<CoverageRow> = self
            .corpus
            .rulings
            .iter()
            .filter_map(|r| self.coverage.get(&r.id).map(|e| (r, e)))
            .map(|(r, e)| CoverageRow {
                id: r.id.clone(),
                question: r.question.clone(),
                href: ruling_url(&r.id),
                source_id: r.source_id.clone(),
                game: self
                    .corpus
                    .game(&r.game)
                    .map(|g| g.title.clone())
                    .unwrap_or_default(),
                status: status_class(e.status),
                reason: e.reason.clone(),
                scenarios: e
                    .scenarios
                    .iter()
                    .filter_map(|p| self.scenario_link(p, root))
                    .collect(),
            })
            .collect();
        let totals: Vec<_> = Status::ALL
            .iter()
            .map(|s| {
                context! {
                    status => status_class(*s),
                    count => rows.iter().filter(|r| r.status == status_class(*s)).count(),
                }
            })
            .collect();
        self.page(
            PageHead {
                path: "pokryti.html",
                template: "coverage.html",
                title: "Pokrytí výkladů scénáři",
                description: "Každý výklad a jeho stav: ověřený scénářem, neověřitelný s důvodem, mimo program s důvodem, nebo zatím bez scénáře.",
                current: "pokryti",
            },
            context! { rows => rows, totals => totals },
        )
    }
}

/// What a shared link shows: the short answer, then the answer's beginning in plain words,
/// without saying the short answer twice ("Ano. …" stays as it is; "Ne, stačí 4" before
/// "Ne. Na úrovních …" drops the answer's "Ne.").
fn ruling_description(ruling: &Ruling) -> String {
    const LIMIT: usize = 200;
    let short = ruling.answer_short.trim().trim_end_matches('.');
    let text = markdown::plain_text(&ruling.answer);
    let opens_with_short = text
        .strip_prefix(short)
        .is_some_and(|rest| rest.starts_with(['.', ',', '!']));
    if opens_with_short {
        return markdown::cut(&text, LIMIT);
    }
    let rest = match text.split_once(". ") {
        Some((first, rest)) if !first.is_empty() && short.starts_with(first) => rest,
        _ => &text,
    };
    let room = LIMIT.saturating_sub(short.chars().count() + 3);
    format!("{short} – {}", markdown::cut(rest, room))
}

/// Every page and file of the site.
/// Scenario pages of the previous render, for `carcref serve`: a page whose play (the same
/// scenario text, page name and catalogs, `keys`) and whose other content (its view without
/// the boards, which its play determines, and the navigation) are unchanged is not rendered
/// again. Its fingerprint hashes exactly what the template is given.
pub(crate) struct ScenarioPages {
    /// Each scenario's play key, in corpus order.
    pub(crate) keys: Vec<PlayKey>,
    pub(crate) previous: HashMap<PlayKey, (u64, Vec<u8>)>,
    pub(crate) rendered: HashMap<PlayKey, (u64, Vec<u8>)>,
}

pub(crate) fn render_all(
    corpus: &Corpus,
    played: &[std::sync::Arc<Played>],
    scenario_pages: &mut ScenarioPages,
    frontend: &Frontend,
) -> Result<Site, BuildError> {
    let passed: Vec<bool> = played.iter().map(|p| p.passed).collect();
    let coverage: BTreeMap<String, CoverageEntry> = coverage::entries(corpus, &passed, None)
        .into_iter()
        .map(|e| (e.id.clone(), e))
        .collect();
    let nav = site_nav(corpus);
    let renderer = || -> Result<Renderer, BuildError> {
        Ok(Renderer {
            corpus,
            env: environment(frontend)?,
            coverage: coverage.clone(),
            played: corpus
                .scenarios
                .iter()
                .zip(played)
                .map(|(s, p)| (s.path.clone(), p.as_ref()))
                .collect(),
            nav: nav.clone(),
            game_choices: corpus
                .games
                .iter()
                .map(|g| GameChoice {
                    id: g.id.clone(),
                    title: g.title.clone(),
                })
                .collect(),
            site: Site::new(),
            headings: Default::default(),
        })
    };
    // The scenario pages are a third of the work and need nothing of the other pages: they
    // are rendered on a second thread (a rebuild in `carcref serve` waits for both).
    let (scenario_site, renderer) = std::thread::scope(|scope| {
        let scenarios = scope.spawn(|| -> Result<Site, BuildError> {
            let mut renderer = renderer()?;
            renderer.scenario_pages(scenario_pages)?;
            Ok(renderer.site)
        });
        let rest = (|| -> Result<Renderer, BuildError> {
            let mut renderer = renderer()?;
            renderer.home()?;
            for game in &corpus.games {
                renderer.game_pages(game)?;
            }
            for ruling in &corpus.rulings {
                renderer.ruling_page(ruling)?;
            }
            renderer.tiles()?;
            renderer.situation_builder()?;
            renderer.glossary()?;
            renderer.coverage_page()?;
            Ok(renderer)
        })();
        let scenarios = scenarios
            .join()
            .unwrap_or_else(|_| Err(BuildError::Template("scénáře: vlákno selhalo".into())));
        (scenarios, rest)
    });
    let mut renderer = renderer?;
    renderer.site.extend(scenario_site?);
    let mut site = renderer.site;
    add_assets(&mut site, corpus, frontend)?;
    Ok(site)
}

/// The header's links: the search, then each game's rules.
fn site_nav(corpus: &Corpus) -> Vec<Link> {
    let search = Link {
        href: "index.html".into(),
        title: "Hledat".into(),
    };
    let games = corpus.games.iter().map(|g| Link {
        href: rules_url(&g.id),
        title: g.title.clone(),
    });
    std::iter::once(search).chain(games).collect()
}

/// The front-end files, the analyzer's tables, the search index and the browser engine.
fn add_assets(site: &mut Site, corpus: &Corpus, frontend: &Frontend) -> Result<(), BuildError> {
    for (path, text) in frontend.copied() {
        site.insert(path.to_owned(), text.as_bytes().to_vec());
    }
    site.insert(
        "assets/czech.js".into(),
        search::tables_script().into_bytes(),
    );
    let index = search::index_script(corpus)
        .map_err(|e| BuildError::Template(format!("vyhledávací index: {e}")))?;
    site.insert("assets/search-index.js".into(), index.into_bytes());
    let engine = super::engine::script(frontend, corpus)
        .map_err(|e| BuildError::Template(format!("engine pro prohlížeč: {e}")))?;
    site.insert(super::engine::SCRIPT.into(), engine.into_bytes());
    Ok(())
}
