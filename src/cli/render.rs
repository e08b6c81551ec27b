//! Text and JSON renderings of the corpus for the terminal.

use std::fmt::Write;

use serde::Serialize;

use crate::content::{to_plain_text_naming, LinkTarget};
use crate::coverage::{CoverageEntry, Status};
use crate::diagnostic::Diagnostic;
use crate::engine::Played;
use crate::model::{format_levels, Corpus, RuleSection, Ruling};
use crate::search::{HitKind, SearchResults, Suggestion};

pub(crate) fn diagnostics(diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diagnostics {
        let _ = writeln!(out, "{d}");
    }
    let _ = writeln!(out, "nalezeno problémů: {}", diagnostics.len());
    out
}

pub(crate) fn json<T: Serialize + ?Sized>(value: &T) -> String {
    // Serializing our own plain data types cannot fail; fall back to `null` rather than panic.
    let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".into());
    text.push('\n');
    text
}

pub(crate) fn game_ids(corpus: &Corpus) -> String {
    corpus
        .games
        .iter()
        .map(|g| g.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// User input echoed back with control characters made visible.
pub(crate) fn printable(text: &str) -> String {
    text.chars()
        .flat_map(char::escape_debug)
        .take(200)
        .collect()
}

/// The closest known id, if one is close enough to be a likely typo.
pub(crate) fn suggestion(corpus: &Corpus, key: &str) -> String {
    let key = key.trim().to_lowercase();
    let candidates = corpus
        .rulings
        .iter()
        .flat_map(|r| std::iter::once(r.id.as_str()).chain(r.source_id.as_deref()))
        .chain(corpus.sections.iter().map(|s| s.id.as_str()));
    candidates
        .map(|c| (strsim::levenshtein(&c.to_lowercase(), &key), c))
        .filter(|(distance, _)| *distance <= 3)
        .min()
        .map(|(_, c)| format!("; nemysleli jste `{c}`?"))
        .unwrap_or_default()
}

fn source_label(ruling: &Ruling) -> String {
    match (&ruling.source_id, &ruling.date) {
        (Some(id), Some(date)) => format!("{id} ({date})"),
        (Some(id), None) => id.clone(),
        (None, Some(date)) => format!("bez ID, {date}"),
        (None, None) => "bez ID i data".into(),
    }
}

pub use crate::model::count_cs as count;

fn questions(n: usize) -> String {
    count(n, "otázku", "otázky", "otázek")
}

pub(crate) fn ruling_list(corpus: &Corpus, rulings: &[&Ruling]) -> String {
    let id_width = rulings
        .iter()
        .map(|r| r.id.chars().count())
        .max()
        .unwrap_or(0);
    let source_width = rulings
        .iter()
        .map(|r| source_label(r).chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for r in rulings {
        let levels = if r.levels.is_empty() {
            String::new()
        } else {
            format!(" [úr. {}]", format_levels(&r.levels))
        };
        let _ = writeln!(
            out,
            "{:id_width$}  {:source_width$}  {}{} — {}",
            r.id,
            source_label(r),
            r.question,
            levels,
            r.answer_short
        );
    }
    let games = if rulings.iter().any(|r| r.game != rulings[0].game) || rulings.is_empty() {
        String::new()
    } else {
        corpus
            .game(&rulings[0].game)
            .map(|g| format!(" ({})", g.title))
            .unwrap_or_default()
    };
    let _ = writeln!(
        out,
        "{}{games}",
        count(rulings.len(), "výklad", "výklady", "výkladů")
    );
    out
}

pub(crate) fn rulings_detail(corpus: &Corpus, rulings: &[&Ruling]) -> String {
    let mut out = String::new();
    if let [first, _, ..] = rulings {
        if let Some(source_id) = &first.source_id {
            let _ = writeln!(
                out,
                "{source_id} označuje ve zdroji {}; uvádíme všechny.\n",
                questions(rulings.len())
            );
        }
    }
    for (i, ruling) in rulings.iter().enumerate() {
        if i > 0 {
            out.push_str("\n────────────────────────────────────────\n\n");
        }
        ruling_detail(corpus, ruling, &mut out);
    }
    out
}

/// Markdown for the terminal, each link inside the content followed by what a player can
/// look up: the section's title, or the ruling's source ID (its question when it has none).
fn plain_text(corpus: &Corpus, markdown: &str) -> String {
    to_plain_text_naming(markdown, &|target| match target {
        LinkTarget::Rule(id) => corpus.section(id).map(|s| format!("sekce „{}“", s.title)),
        LinkTarget::Ruling(id) => corpus
            .ruling(id)
            .map(|r| format!("výklad {}", r.reference())),
    })
}

fn ruling_detail(corpus: &Corpus, r: &Ruling, out: &mut String) {
    let game = corpus.game(&r.game);
    let _ = writeln!(out, "{}", r.id);
    let _ = writeln!(out, "Otázka:   {}", r.question);
    let _ = writeln!(out, "Odpověď:  {}", r.answer_short);
    let _ = writeln!(out, "\n{}\n", plain_text(corpus, &r.answer));
    let game_title = game.map(|g| g.title.as_str()).unwrap_or(&r.game);
    let levels = if r.levels.is_empty() {
        String::new()
    } else {
        format!(", {}", crate::model::levels_cs(&r.levels))
    };
    let _ = writeln!(out, "Hra:      {game_title}{levels}");
    let section_title = corpus
        .section(&r.section)
        .map(|s| s.title.as_str())
        .unwrap_or("");
    // The section's id only as the command that shows it, as search lists its hits.
    let _ = writeln!(
        out,
        "Sekce:    {section_title} · carcref show {}",
        r.section
    );
    let mut source = crate::model::Provenance::of(r, corpus).text;
    if let Some(id) = &r.source_id {
        let shared = corpus.source_id_count(id);
        if shared > 1 {
            let _ = write!(source, "; toto ID nese ve zdroji {}", questions(shared));
        }
    }
    if !r.cites.is_empty() {
        let _ = write!(source, "; odpověď cituje též {}", r.cites.join(", "));
    }
    if let (Some(document), Some(line)) = (game.and_then(|g| g.source.as_deref()), r.source_line) {
        let _ = write!(source, "; dokument {document}, řádek {line}");
    }
    let _ = writeln!(out, "Zdroj:    {source}");
    let _ = writeln!(out, "Štítky:   {}", r.tags.join(", "));
    if let Some(note) = &r.coverage {
        let _ = writeln!(out, "Scénář:   žádný ({})", note.reason);
    }
}

pub(crate) fn section_detail(corpus: &Corpus, section: &RuleSection) -> String {
    let mut out = String::new();
    let game = corpus
        .game(&section.game)
        .map(|g| g.title.as_str())
        .unwrap_or(&section.game);
    let _ = writeln!(out, "{} — {} ({})\n", section.title, game, section.id);
    let _ = writeln!(out, "{}\n", plain_text(corpus, &section.body));
    if section.rulings.is_empty() {
        let _ = writeln!(out, "K této sekci nejsou žádné výklady.");
    } else {
        let _ = writeln!(out, "Výklady k této sekci ({}):", section.rulings.len());
        for id in &section.rulings {
            if let Some(r) = corpus.ruling(id) {
                let _ = writeln!(out, "  {}  {} — {}", r.id, r.question, r.answer_short);
            }
        }
    }
    out
}

#[derive(Serialize)]
struct SearchJson<'a> {
    query: &'a str,
    /// The first result answers the query directly; when false, the results are the nearest.
    answered: bool,
    /// Nothing matched as typed; the results allow two typos.
    relaxed: bool,
    suggestions: &'a [Suggestion],
    /// Where the query's words belong when they are from a game carcref does not cover.
    not_covered: &'a [String],
    results: Vec<SearchHitJson<'a>>,
}

#[derive(Serialize)]
struct SearchHitJson<'a> {
    id: &'a str,
    source_id: Option<&'a str>,
    kind: HitKind,
    question: &'a str,
    answer_short: Option<&'a str>,
    snippet: String,
    score: f32,
}

pub(crate) fn search_json(query: &str, results: &SearchResults) -> String {
    json(&SearchJson {
        query,
        answered: results.answered,
        relaxed: results.relaxed,
        suggestions: &results.suggestions,
        not_covered: &results.not_covered,
        results: results
            .hits
            .iter()
            .map(|h| SearchHitJson {
                id: &h.id,
                source_id: h.source_id.as_deref(),
                kind: h.kind,
                question: &h.question,
                answer_short: h.answer_short.as_deref(),
                snippet: h.snippet.plain(),
                score: h.score,
            })
            .collect(),
    })
}

const BOLD_YELLOW: &str = "\x1b[1;33m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// "Mysleli jste „hřbitov“?" for the query's unknown words.
fn suggestion_line(suggestions: &[Suggestion]) -> Option<String> {
    if suggestions.is_empty() {
        return None;
    }
    let words: Vec<String> = suggestions
        .iter()
        .map(|s| {
            format!(
                "„{}“ (místo „{}“)",
                printable(&s.suggested),
                printable(&s.typed)
            )
        })
        .collect();
    Some(format!("Mysleli jste {}?\n", words.join(" a ")))
}

pub(crate) fn search_results(results: &SearchResults, style: Style) -> String {
    let hits = &results.hits;
    let mut out = String::new();
    if let Some(line) = suggestion_line(&results.suggestions) {
        out.push_str(&line);
    }
    for sentence in &results.not_covered {
        out.push_str(sentence);
        out.push('\n');
    }
    if results.relaxed && !hits.is_empty() {
        out.push_str("Přesně nic neodpovídá; toto jsou výsledky s tolerancí dvou překlepů.\n\n");
    } else if !results.answered && !hits.is_empty() {
        out.push_str("Přímou odpověď jsem nenašel; nejbližší:\n\n");
    } else if !out.is_empty() {
        out.push('\n');
    }
    if hits.is_empty() {
        out.push_str("Nic nenalezeno.\n");
        return out;
    }
    let (dim, reset) = match style {
        Style::Colour => (DIM, RESET),
        Style::Plain => ("", ""),
    };
    // What the player reads first is the question or heading; the game, the source and the
    // command that opens the whole text follow on one quieter line.
    for (i, hit) in hits.iter().enumerate() {
        match &hit.answer_short {
            Some(short) => {
                let _ = writeln!(out, "{}. {} — {short}", i + 1, hit.question);
            }
            None => {
                let _ = writeln!(out, "{}. {}", i + 1, hit.question);
            }
        }
        let source = match (hit.kind, &hit.source_id) {
            (HitKind::Ruling, Some(source_id)) => format!("výklad {source_id}"),
            (HitKind::Ruling, None) => "výklad bez ID ve zdroji".to_owned(),
            (HitKind::Rule, _) => "pravidla".to_owned(),
        };
        let _ = writeln!(
            out,
            "   {dim}{} · {source} · carcref show {}{reset}",
            hit.game_title, hit.id
        );
        let snippet = match style {
            Style::Colour => hit.snippet.marked(BOLD_YELLOW, RESET),
            Style::Plain => hit.snippet.plain(),
        };
        if !snippet.is_empty() {
            let _ = writeln!(out, "   {snippet}");
        }
        out.push('\n');
    }
    out
}

pub(crate) fn analyzed(vectors: &[crate::search::Vector]) -> String {
    let mut out = String::new();
    for vector in vectors {
        if vector.tokens.is_empty() {
            let _ = writeln!(
                out,
                "{}  → (nic: běžné slovo nebo jen znaky)",
                printable(&vector.input)
            );
        }
        for token in &vector.tokens {
            let _ = writeln!(
                out,
                "{}  → {} (s diakritikou: {})",
                token.word, token.folded, token.exact
            );
        }
    }
    out
}

/// Each game's distinctive words, for the reviewer who keeps `hinted_by` in games.yaml.
pub(crate) fn game_words(
    candidates: &[(
        String,
        std::collections::BTreeSet<String>,
        Vec<crate::search::Spread>,
    )],
) -> String {
    let mut out = String::new();
    for (heading, games, words) in candidates {
        let _ = writeln!(out, "# {}:", printable(heading));
        for spread in words {
            let held: usize = games.iter().filter_map(|g| spread.documents.get(g)).sum();
            let _ = writeln!(
                out,
                "{}  ({} z {} textů)",
                printable(&spread.written),
                held,
                spread.documents.values().sum::<usize>(),
            );
        }
    }
    out
}

/// How a player recognises a ruling: its ID in the source, or its question.
/// "[pravidla: Základní hra Carcassonne – Průběh tahu; výklad Dized.MoC.0046]": the section
/// (by title, with the subsection when the content names one) and rulings (by source ID or
/// question) of the scenario's game, expansions and level.
fn citation(corpus: &Corpus, rule: &str, played: &Played) -> String {
    let Some(cited) = crate::engine::cite_in(corpus, rule, played) else {
        return String::new();
    };
    let section = cited.title();
    // Rulings that share a source ID (a road and a city answer) show it once.
    let mut rulings: Vec<String> = Vec::new();
    for label in cited.rulings.iter().map(|r| r.reference()) {
        if !rulings.contains(&label) {
            rulings.push(label);
        }
    }
    match rulings.as_slice() {
        [] => format!("[pravidla: {section}]"),
        [one] => format!("[pravidla: {section}; výklad {one}]"),
        _ => format!("[pravidla: {section}; výklady {}]", rulings.join(", ")),
    }
}

/// A scenario run as `carcref check` prints it: what it is, each step, the state at the end
/// and the expectations with the verdict.
pub(crate) fn report_text(
    scenario: &crate::model::Scenario,
    report: &crate::scenario::Report,
    corpus: &Corpus,
) -> String {
    let mut out = String::new();
    write_heading(&mut out, scenario, report, corpus);
    write_steps(&mut out, scenario, report, corpus);
    write_state(&mut out, report);
    write_expectations(&mut out, report);
    out
}

/// The scenario's title, description, rules, players, the rulings it verifies and the board
/// it starts from.
fn write_heading(
    out: &mut String,
    scenario: &crate::model::Scenario,
    report: &crate::scenario::Report,
    corpus: &Corpus,
) {
    let _ = writeln!(out, "Scénář: {}", scenario.title);
    if let Some(description) = &scenario.description {
        let _ = writeln!(out, "{description}");
    }
    let players: Vec<&str> = scenario.players.iter().map(|c| c.czech()).collect();
    let _ = writeln!(
        out,
        "Pravidla: {} · hráči: {}",
        corpus
            .game(&scenario.ruleset)
            .map_or(scenario.ruleset.as_str(), |g| g.title.as_str()),
        players.join(", ")
    );
    if !scenario.rulings.is_empty() {
        let labels: Vec<String> = scenario
            .rulings
            .iter()
            .map(|id| {
                corpus
                    .ruling(id)
                    .map(|r| r.reference())
                    .unwrap_or_else(|| id.clone())
            })
            .collect();
        let _ = writeln!(out, "Ověřuje výklady: {}", labels.join("; "));
    }
    let _ = writeln!(
        out,
        "Připravený plán: {}",
        crate::model::tiles_cs(report.prepared_tiles)
    );
}

/// Each step with what happened or why it was refused, and the rule it follows from.
fn write_steps(
    out: &mut String,
    scenario: &crate::model::Scenario,
    report: &crate::scenario::Report,
    corpus: &Corpus,
) {
    let played = crate::engine::played(scenario, corpus);
    for step in &report.steps {
        let _ = writeln!(out, "\nKrok {} — {}", step.number, step.action);
        for event in &step.events {
            let _ = writeln!(
                out,
                "  • {}  {}",
                event.text,
                citation(corpus, event.rule, &played)
            );
        }
        if let Some(refusal) = &step.refusal {
            let _ = writeln!(
                out,
                "  ✘ nelze: {}  {}",
                refusal.message,
                citation(corpus, refusal.rule, &played)
            );
        }
    }
}

/// The score, the figures on the board, the finished features and the modules' own lines.
fn write_state(out: &mut String, report: &crate::scenario::Report) {
    // A module may keep the score its own way (the cooperative game's track or counters).
    let statuses = report.game.statuses();
    let scores: Vec<String> = match statuses.iter().find_map(|(_, s)| s.standings.as_ref()) {
        Some(standings) => standings
            .iter()
            .map(|(label, p)| format!("{label} {}", crate::czech::points(*p)))
            .collect(),
        None => report
            .scores()
            .iter()
            .map(|(c, p)| format!("{} {}", c.czech(), crate::czech::points(*p)))
            .collect(),
    };
    let _ = writeln!(out, "\nStav: {}", scores.join(", "));
    let on_board = report
        .game
        .state
        .meeples
        .iter()
        .filter(|m| m.on_board)
        .count();
    let _ = writeln!(
        out,
        "{} na plánu: {on_board}; dokončených území: {}",
        capitalized(report.game.state.meeple_term.genitive_plural()),
        report.game.state.completed_count
    );
    for line in statuses.iter().filter_map(|(_, s)| s.line.as_ref()) {
        let _ = writeln!(out, "{line}");
    }
}

/// Each expectation, held or not, and the verdict.
fn write_expectations(out: &mut String, report: &crate::scenario::Report) {
    if report.expectations.is_empty() {
        let _ = writeln!(out, "\nScénář neuvádí očekávání.");
        return;
    }
    let _ = writeln!(out, "\nOčekávání:");
    for e in &report.expectations {
        let mark = if e.held { "✔" } else { "✘" };
        let _ = writeln!(
            out,
            "  {mark} {} (skutečnost: {})",
            e.what,
            e.actual_with_hint()
        );
    }
    let failed = report.expectations.iter().filter(|e| !e.held).count();
    let _ = writeln!(out, "{}", verdict_line(failed, report.expectations.len()));
}

/// "očekávání" keeps its form after every number; the quantifier agrees instead:
/// "jediné", "všechna 3", "všech 5".
fn verdict_line(failed: usize, total: usize) -> String {
    match (failed, total) {
        (0, 1) => "Verdikt: platí (splněno jediné očekávání)".to_owned(),
        (0, 2..=4) => format!("Verdikt: platí (splněna všechna {total} očekávání)"),
        (0, _) => format!("Verdikt: platí (splněno všech {total} očekávání)"),
        _ => format!("Verdikt: neplatí (nesplněná očekávání: {failed} z celkem {total})"),
    }
}

/// "Družiníků" from "družiníků": a word opening a line.
fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

pub(crate) fn report_json(
    scenario: &crate::model::Scenario,
    report: &crate::scenario::Report,
    corpus: &Corpus,
) -> String {
    json(&crate::scenario::verdict(scenario, report, corpus))
}

pub(crate) fn coverage(entries: &[CoverageEntry]) -> String {
    let mut out = String::new();
    let width = entries.iter().map(|e| e.id.len()).max().unwrap_or(0);
    for e in entries {
        let detail = match (&e.reason, e.scenarios.is_empty()) {
            (Some(reason), _) => reason.clone(),
            (None, false) => e.scenarios.join(", "),
            (None, true) => String::new(),
        };
        let _ = writeln!(out, "{:width$}  {:14}  {detail}", e.id, e.status.czech());
    }
    for status in Status::ALL {
        let n = entries.iter().filter(|e| e.status == status).count();
        let _ = write!(out, "{}: {n}  ", status.czech());
    }
    out.push('\n');
    out
}

pub(crate) fn tile_sets(sets: &[&crate::model::TileSet]) -> String {
    let mut out = String::new();
    for set in sets {
        let total: u32 = set.tiles.iter().map(|t| t.count).sum();
        let _ = writeln!(
            out,
            "{} (sada {}): {}, celkem {}{}",
            set.title,
            set.id,
            crate::czech::count_usize(set.tiles.len(), ["druh", "druhy", "druhů"]),
            crate::model::tiles_cs(total as usize),
            if set.schematic {
                " — tvary jsou schematické, zdroje je neuvádějí"
            } else {
                ""
            }
        );
        for tile in &set.tiles {
            // The id is what a scenario writes (`place: …`); the rest is for reading.
            let _ = writeln!(
                out,
                "  {} — {}× {}\n      {}",
                tile.id,
                tile.count,
                tile.display_name(),
                tile.description_cs(crate::engine::with_marker_cs)
            );
            if let Some(note) = &tile.note {
                let _ = writeln!(
                    out,
                    "      pozn.: {}",
                    note.split_whitespace().collect::<Vec<_>>().join(" ")
                );
            }
        }
    }
    out
}

/// A percentage with a decimal comma, as Czech writes it.
fn percent(rate: f64) -> String {
    format!("{:.1}", rate * 100.0).replace('.', ",")
}

pub(crate) fn simulation(s: &crate::engine::Summary) -> String {
    let policy = match s.policy {
        crate::engine::Policy::Random => "náhodná",
        crate::engine::Policy::Greedy => "hladová (greedy)",
    };
    let mut out = format!(
        "Simulace Duchů Carcassonne: úroveň {}, hráčů {}, her {}, strategie {policy}, seed {}\n",
        s.level, s.players, s.games, s.seed
    );
    out.push_str(&format!(
        "Vítězství: {} % ({} z {}; 95% interval {}–{} %)\n",
        percent(s.win_rate),
        s.wins,
        s.games,
        percent(s.win_rate_low),
        percent(s.win_rate_high)
    ));
    out.push_str(&format!(
        "Průměrné skóre na počítadle: {}\n",
        format!("{:.1}", s.mean_score).replace('.', ",")
    ));
    out.push_str(&format!(
        "Prohry: došli duchové {}, došly kartičky {}, nesplněný práh psa {}\n",
        s.losses_by_ghosts, s.losses_by_tiles, s.losses_by_threshold
    ));
    out.push_str(
        "Pozor: tvary kartiček Duchů jsou schematické (zdroje je neuvádějí), čísla tedy \
         platí pro náhradní kartičky, ne přesně pro skutečnou hru.\n",
    );
    out
}

/// How `search` prints: colour only on a terminal that wants it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Plain,
    Colour,
}

impl Style {
    /// Colour only on a terminal, and never when `NO_COLOR` is set to anything non-empty
    /// (https://no-color.org).
    pub fn detect(stdout_is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> Style {
        let no_color = no_color.is_some_and(|v| !v.is_empty());
        if stdout_is_terminal && !no_color {
            Style::Colour
        } else {
            Style::Plain
        }
    }
}

#[cfg(test)]
mod verdict_tests {
    use super::verdict_line;

    #[test]
    fn the_verdict_agrees_with_the_number_of_expectations() {
        assert_eq!(
            verdict_line(0, 1),
            "Verdikt: platí (splněno jediné očekávání)"
        );
        assert_eq!(
            verdict_line(0, 3),
            "Verdikt: platí (splněna všechna 3 očekávání)"
        );
        assert_eq!(
            verdict_line(0, 6),
            "Verdikt: platí (splněno všech 6 očekávání)"
        );
        assert_eq!(
            verdict_line(1, 3),
            "Verdikt: neplatí (nesplněná očekávání: 1 z celkem 3)"
        );
    }
}
