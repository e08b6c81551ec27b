//! The commands: each reads the content, does its work and returns an `Output`, what to print
//! and the exit code.

use std::io::Write;
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};

use crate::content::{load, ContentFiles, Loaded};
use crate::diagnostic::io_reason;
use crate::engine::{game_rng, Level, MistsTiles, Policy, Summary, Table};
use crate::model::{Corpus, RulingFilter};
use crate::safe_text;
use crate::search::IndexCache;
use crate::search::{AnalyzerChoice, SearchIndex, SearchOptions};

use super::render::{self, Style};
use super::wrap;

/// Exit codes, as documented in the README.
const EXIT_OK: u8 = 0;
const EXIT_FAILURE: u8 = 1;
pub const EXIT_INPUT: u8 = 2;

/// What a command prints and how the process ends.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Output {
    stdout: String,
    stderr: String,
    code: u8,
}

impl Output {
    fn ok(stdout: String) -> Self {
        Output {
            stdout,
            ..Output::default()
        }
    }

    fn input_error(stderr: String) -> Self {
        Output {
            stderr,
            code: EXIT_INPUT,
            ..Output::default()
        }
    }
}

/// Where the content comes from: the copy embedded in the binary or a working copy on disk.
#[derive(Debug, Clone, Default)]
pub enum ContentSource {
    #[default]
    Embedded,
    Dir(PathBuf),
}

impl ContentSource {
    pub fn from_option(dir: Option<PathBuf>) -> Self {
        dir.map(ContentSource::Dir).unwrap_or_default()
    }

    fn files(&self) -> Result<ContentFiles, Output> {
        match self {
            ContentSource::Embedded => Ok(ContentFiles::embedded()),
            ContentSource::Dir(dir) => ContentFiles::from_dir(dir)
                .map_err(|e| Output::input_error(format!("chyba: {e}\n"))),
        }
    }

    fn load(&self) -> Result<Loaded, Output> {
        Ok(load(&self.files()?))
    }

    /// A corpus for commands that read it.
    fn corpus(&self) -> Result<Corpus, Output> {
        usable_corpus(self.load()?)
    }
}

/// Problems in the content are an input error for commands that only read it.
fn usable_corpus(loaded: Loaded) -> Result<Corpus, Output> {
    if loaded.diagnostics.is_empty() {
        return Ok(loaded.corpus);
    }
    let mut stderr = render::diagnostics(&loaded.diagnostics);
    stderr.push_str("obsah nelze použít; podrobnosti vypíše `carcref validate`\n");
    Err(Output::input_error(stderr))
}

/// `carcref validate`: every problem at once; exit 1 when there is any.
pub fn validate(source: &ContentSource) -> Output {
    let loaded = match source.load() {
        Ok(loaded) => loaded,
        Err(output) => return output,
    };
    if loaded.diagnostics.is_empty() {
        let corpus = &loaded.corpus;
        return Output::ok(format!(
            "obsah je v pořádku: {}, {}, {}, {}, {}, {}\n",
            render::count(corpus.games.len(), "hra", "hry", "her"),
            render::count(
                corpus.sections.len(),
                "sekce pravidel",
                "sekce pravidel",
                "sekcí pravidel"
            ),
            render::count(corpus.rulings.len(), "výklad", "výklady", "výkladů"),
            render::count(corpus.glossary.len(), "pojem", "pojmy", "pojmů"),
            render::count(
                corpus.tile_sets.len(),
                "sada kartiček",
                "sady kartiček",
                "sad kartiček"
            ),
            render::count(corpus.scenarios.len(), "scénář", "scénáře", "scénářů")
        ));
    }
    Output {
        stdout: String::new(),
        stderr: render::diagnostics(&loaded.diagnostics),
        code: EXIT_FAILURE,
    }
}

/// `carcref list`: rulings, optionally of one game or level.
pub fn list(source: &ContentSource, filter: &RulingFilter, json: bool) -> Output {
    let corpus = match source.corpus() {
        Ok(corpus) => corpus,
        Err(output) => return output,
    };
    if let Some(game) = &filter.game {
        if corpus.game(game).is_none() {
            return Output::input_error(format!(
                "chyba: neznámá hra `{game}` (známé hry: {})\n",
                render::game_ids(&corpus)
            ));
        }
    }
    let rulings: Vec<_> = corpus.rulings_matching(filter).collect();
    if json {
        Output::ok(render::json(&rulings))
    } else {
        Output::ok(render::ruling_list(&corpus, &rulings))
    }
}

/// `carcref show`: a ruling by our id, every ruling sharing a source ID, or a rule section.
pub fn show(source: &ContentSource, key: &str, json: bool) -> Output {
    let corpus = match source.corpus() {
        Ok(corpus) => corpus,
        Err(output) => return output,
    };
    let mut rulings = corpus.lookup_rulings(key);
    if rulings.is_empty() {
        // Every ID form `search` understands (`moc27`, `MoC 27`, `faq 7`, `0027`).
        let parsed = crate::search::parse(key);
        if parsed.text.is_empty() && !parsed.ids.is_empty() {
            rulings = corpus
                .rulings
                .iter()
                .filter(|r| {
                    r.source_id
                        .as_deref()
                        .is_some_and(|s| parsed.ids.iter().any(|id| id.matches(s)))
                })
                .collect();
        }
    }
    if !rulings.is_empty() {
        return Output::ok(if json {
            render::json(&rulings)
        } else {
            render::rulings_detail(&corpus, &rulings)
        });
    }
    if let Some(section) = corpus.section(key.trim()) {
        return Output::ok(if json {
            render::json(section)
        } else {
            render::section_detail(&corpus, section)
        });
    }
    Output::input_error(format!(
        "chyba: `{}` není id výkladu, ID ze zdroje ani id sekce{}\n",
        render::printable(key),
        render::suggestion(&corpus, key)
    ))
}

/// The search index for the content: from the cache when this content was indexed before,
/// else built (into the cache when there is one, in memory otherwise).
fn search_index(source: &ContentSource) -> Result<SearchIndex, Output> {
    let files = source.files()?;
    let cache = IndexCache::from_env();
    let key = IndexCache::key(&files);
    if let Some(index) = cache.as_ref().and_then(|c| c.open(&key)) {
        return Ok(index);
    }
    let corpus = usable_corpus(load(&files))?;
    if let Some(Ok(index)) = cache.as_ref().map(|c| c.store(&key, &corpus)) {
        return Ok(index);
    }
    SearchIndex::build(&corpus, AnalyzerChoice::Czech)
        .map_err(|error| Output::input_error(format!("chyba: {error}\n")))
}

/// Writes a command's output and gives the exit code. Unsafe characters are made visible (only
/// the program's own colours pass). A reader that went away (`carcref list | head`) ends the
/// program quietly, as ripgrep does; any other failed write (a full disk) is an error.
/// `width` is the terminal's when standard output is one: lines are wrapped to it.
fn emit(
    output: &Output,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    style: Style,
    width: Option<usize>,
) -> u8 {
    let text = safe_text::escape_for_terminal(&output.stdout, style == Style::Colour);
    let text = match width {
        Some(width) => wrap::wrap(&text, width),
        None => text,
    };
    let written = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());

    let mut code = output.code;
    let mut messages = safe_text::escape_for_terminal(&output.stderr, false);
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => {
            let reason = match e.get_ref() {
                Some(inner) if inner.is::<OutputClosed>() => inner.to_string(),
                _ => io_reason(&e),
            };
            messages.push_str(&format!("chyba: výstup nelze zapsat: {reason}\n"));
            code = EXIT_INPUT;
        }
        Ok(()) => {}
    }
    // Nowhere is left to report a failure to write the messages themselves.
    let _ = stderr
        .write_all(messages.as_bytes())
        .and_then(|()| stderr.flush());
    code
}

/// `emit` to this process's standard output and error. Output nobody can read
/// (`carcref list >&-`) is a failure, not a success.
pub fn print(output: &Output, style: Style, width: Option<usize>) -> u8 {
    let stdout = std::io::stdout();
    let closed = closed_at_start(&stdout);
    let mut stderr = std::io::stderr().lock();
    if closed && !output.stdout.is_empty() {
        emit(output, &mut ClosedOutput, &mut stderr, style, width)
    } else {
        emit(output, &mut stdout.lock(), &mut stderr, style, width)
    }
}

/// Was this standard stream closed when the program started? Rust's runtime then opens
/// `/dev/null` in its place, read-write, so that writes vanish; a shell's `> /dev/null` opens
/// it write-only. (`<> /dev/null` would be taken for closed too.)
fn closed_at_start(stream: &impl std::os::fd::AsFd) -> bool {
    use rustix::fs::{fcntl_getfl, fstat, major, minor, FileType, OFlags};
    let Ok(stat) = fstat(stream) else {
        return true;
    };
    let dev_null = FileType::from_raw_mode(stat.st_mode) == FileType::CharacterDevice
        && major(stat.st_rdev) == 1
        && minor(stat.st_rdev) == 3;
    let read_write = fcntl_getfl(stream).is_ok_and(|f| f & OFlags::RWMODE == OFlags::RDWR);
    dev_null && read_write
}

/// A standard output that was closed: every write fails and says so.
struct ClosedOutput;

/// The failure `ClosedOutput` reports, in Czech of its own (`io_reason` knows only the
/// system's kinds of failure).
#[derive(Debug)]
struct OutputClosed;

impl std::fmt::Display for OutputClosed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("standardní výstup je zavřený")
    }
}

impl std::error::Error for OutputClosed {}

impl Write for ClosedOutput {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other(OutputClosed))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `carcref search`: ranked rulings and rule sections for a Czech (or English, or ID) query.
pub fn search(
    source: &ContentSource,
    query: &str,
    options: &SearchOptions,
    json: bool,
    style: Style,
) -> Output {
    if query.trim().is_empty() {
        return Output::input_error(
            "chyba: prázdný dotaz; zkuste např. `carcref search \"duchové na hřbitově\"`\n".into(),
        );
    }
    let index = match search_index(source) {
        Ok(index) => index,
        Err(output) => return output,
    };
    if let Some(game) = &options.game {
        if !index.has_game(game) {
            return Output::input_error(format!(
                "chyba: neznámá hra `{game}` (z přepínače --game nebo proměnné CARCREF_GAME; \
                 známé hry: {})\n",
                index.game_ids().join(", ")
            ));
        }
    }
    let results = match index.search(query, options) {
        Ok(results) => results,
        Err(error) => return Output::input_error(format!("chyba: {error}\n")),
    };
    let mut stderr = String::new();
    if results.truncated {
        stderr.push_str("poznámka: dotaz je dlouhý, hledá se jen v jeho začátku\n");
    }
    if results.nothing_to_search {
        stderr.push_str(
            "poznámka: dotaz obsahuje jen běžná slova nebo znaky, podle kterých nelze hledat\n",
        );
    }
    let stdout = if json {
        render::search_json(query, &results)
    } else {
        render::search_results(&results, style)
    };
    Output {
        stdout,
        stderr,
        code: EXIT_OK,
    }
}

/// `carcref analyze`: what the Czech analyzer makes of each word; `--vectors` exports the
/// test vectors for the browser search; `--game-words` lists each game's distinctive words
/// for a reviewer.
pub fn analyze(
    source: &ContentSource,
    words: &[String],
    vectors: bool,
    game_words: bool,
) -> Output {
    if vectors || game_words {
        let corpus = match source.corpus() {
            Ok(corpus) => corpus,
            Err(output) => return output,
        };
        return Output::ok(if vectors {
            render::json(&crate::search::corpus_vectors(&corpus))
        } else {
            render::game_words(&crate::search::candidates(&corpus))
        });
    }
    if words.is_empty() {
        return Output::input_error("chyba: zadejte slova k rozboru, nebo --vectors\n".into());
    }
    let analyzed: Vec<_> = words.iter().map(|w| crate::search::analyze(w)).collect();
    Output::ok(render::analyzed(&analyzed))
}

/// Reads a scenario file given on the command line (any path), against the loaded corpus.
fn read_scenario(
    path: &std::path::Path,
    corpus: &Corpus,
) -> Result<crate::model::Scenario, Output> {
    let display = path.to_string_lossy().into_owned();
    let file = crate::content::ContentFile::read(path, &display);
    crate::content::load_scenario_file(&file, corpus)
        .map_err(|diagnostics| Output::input_error(render::diagnostics(&diagnostics)))
}

/// Do two paths name one existing file (through links or another spelling of the path)?
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// `carcref check FILE`: plays a scenario and says what happened and why.
pub fn check(
    source: &ContentSource,
    path: &std::path::Path,
    json: bool,
    svg: Option<&std::path::Path>,
) -> Output {
    if svg.is_some_and(|svg| same_file(svg, path)) {
        return Output::input_error(format!(
            "chyba: obrázek by přepsal scénář {}; zvolte pro --svg jiný soubor\n",
            path.display()
        ));
    }
    let corpus = match source.corpus() {
        Ok(corpus) => corpus,
        Err(output) => return output,
    };
    let scenario = match read_scenario(path, &corpus) {
        Ok(scenario) => scenario,
        Err(output) => return output,
    };
    let report = match crate::scenario::run(&scenario, &corpus) {
        Ok(report) => report,
        Err(diagnostic) => return Output::input_error(render::diagnostics(&[diagnostic])),
    };
    let mut stderr = String::new();
    if let Some(svg_path) = svg {
        let picture = crate::draw::game_svg(&report.game, &scenario.title);
        if let Err(e) = std::fs::write(svg_path, picture) {
            return Output::input_error(format!(
                "chyba: obrázek {} nelze zapsat: {}\n",
                svg_path.display(),
                io_reason(&e)
            ));
        }
        stderr.push_str(&format!("obrázek plánu: {}\n", svg_path.display()));
    }
    let stdout = if json {
        render::report_json(&scenario, &report, &corpus)
    } else {
        render::report_text(&scenario, &report, &corpus)
    };
    Output {
        stdout,
        stderr,
        code: if report.passed() {
            EXIT_OK
        } else {
            EXIT_FAILURE
        },
    }
}

/// `carcref verify`: every scenario of the content; ends with `N passed, N failed`.
pub fn verify(source: &ContentSource) -> Output {
    let corpus = match source.corpus() {
        Ok(corpus) => corpus,
        Err(output) => return output,
    };
    let mut stdout = String::new();
    let (mut passed, mut failed) = (0, 0);
    for scenario in &corpus.scenarios {
        match crate::scenario::run(scenario, &corpus) {
            Ok(report) if report.passed() => {
                passed += 1;
                stdout.push_str(&format!("ok    {}  {}\n", scenario.path, scenario.title));
            }
            Ok(report) => {
                failed += 1;
                stdout.push_str(&format!("CHYBA {}  {}\n", scenario.path, scenario.title));
                for e in report.expectations.iter().filter(|e| !e.held) {
                    stdout.push_str(&format!(
                        "      ✘ {} (skutečnost: {})\n",
                        e.what,
                        e.actual_with_hint()
                    ));
                }
            }
            Err(diagnostic) => {
                failed += 1;
                stdout.push_str(&format!("CHYBA {}  {diagnostic}\n", scenario.path));
            }
        }
    }
    stdout.push_str(&format!("{passed} passed, {failed} failed\n"));
    Output {
        stdout,
        stderr: String::new(),
        code: if failed == 0 { EXIT_OK } else { EXIT_FAILURE },
    }
}

/// `carcref coverage`: for every ruling, whether a scenario verifies it.
pub fn coverage(source: &ContentSource, game: Option<&str>, json: bool) -> Output {
    let corpus = match source.corpus() {
        Ok(corpus) => corpus,
        Err(output) => return output,
    };
    if let Some(game) = game {
        if corpus.game(game).is_none() {
            return Output::input_error(format!(
                "chyba: neznámá hra `{game}` (známé hry: {})\n",
                render::game_ids(&corpus)
            ));
        }
    }
    let passed: Vec<bool> = corpus
        .scenarios
        .iter()
        .map(|s| crate::scenario::run(s, &corpus).is_ok_and(|r| r.passed()))
        .collect();
    let entries = crate::coverage::entries(&corpus, &passed, game);
    Output::ok(if json {
        render::json(&serde_json::json!({ "rulings": entries }))
    } else {
        render::coverage(&entries)
    })
}

/// `carcref build`: the static site, with every scenario verified on the way.
pub fn build(source: &ContentSource, out: &std::path::Path, allow_failing: bool) -> Output {
    let corpus = match source.corpus() {
        Ok(corpus) => corpus,
        Err(output) => return output,
    };
    if let ContentSource::Dir(content) = source {
        if let Err(error) = crate::site::refuse_content_inside(content, out) {
            return Output::input_error(format!("chyba: {error}\n"));
        }
    }
    let options = crate::site::BuildOptions { allow_failing };
    match crate::site::build(&corpus, out, &options) {
        Ok(summary) => {
            let mut stderr = String::new();
            for failed in &summary.scenarios_failed {
                stderr.push_str(&format!("varování: scénář neprošel: {failed}\n"));
            }
            Output {
                stdout: format!(
                    "web sestaven do {}: {} stránek, {} souborů; scénáře: {} prošlo, {} neprošlo\n",
                    out.display(),
                    summary.pages,
                    summary.files,
                    summary.scenarios_passed,
                    summary.scenarios_failed.len()
                ),
                stderr,
                code: EXIT_OK,
            }
        }
        Err(error @ crate::site::BuildError::Failing(_)) => Output {
            stdout: String::new(),
            stderr: format!("chyba: {error}\n"),
            code: EXIT_FAILURE,
        },
        Err(error) => Output::input_error(format!("chyba: {error}\n")),
    }
}

/// `carcref tiles`: the catalogs, optionally drawn.
pub fn tiles(source: &ContentSource, set: Option<&str>, svg: Option<&std::path::Path>) -> Output {
    let corpus = match source.corpus() {
        Ok(corpus) => corpus,
        Err(output) => return output,
    };
    let sets: Vec<&crate::model::TileSet> = corpus
        .tile_sets
        .iter()
        .filter(|s| set.is_none_or(|id| s.id == id))
        .collect();
    if sets.is_empty() {
        let known: Vec<&str> = corpus.tile_sets.iter().map(|s| s.id.as_str()).collect();
        return Output::input_error(format!(
            "chyba: neznámá sada `{}` (známé: {})\n",
            set.unwrap_or(""),
            known.join(", ")
        ));
    }
    let mut stderr = String::new();
    if let Some(dir) = svg {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return Output::input_error(format!(
                "chyba: složku {} nelze vytvořit: {e}\n",
                dir.display()
            ));
        }
        let mut written = 0;
        for tile_set in &sets {
            for spec in &tile_set.tiles {
                let tile = crate::engine::CompiledTile::compile(spec);
                let svg = crate::draw::tile_svg(&tile);
                if let Err(e) =
                    crate::site::write_inside(dir, &format!("{}.svg", spec.id), svg.as_bytes())
                {
                    return Output::input_error(format!("chyba: kartičku nelze zapsat: {e}\n"));
                }
                written += 1;
            }
        }
        stderr.push_str(&format!(
            "do {} nakresleno: {}\n",
            dir.display(),
            crate::model::tiles_cs(written)
        ));
    }
    Output {
        stdout: render::tile_sets(&sets),
        stderr,
        code: EXIT_OK,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert_eq!(Style::detect(true, None), Style::Colour);
        assert_eq!(Style::detect(false, None), Style::Plain);
        assert_eq!(Style::detect(true, Some(OsStr::new("1"))), Style::Plain);
        assert_eq!(Style::detect(true, Some(OsStr::new(""))), Style::Colour);
    }

    #[test]
    fn coloured_results_mark_the_matched_words() {
        // In memory, so that the test never touches the user's index cache.
        let corpus = ContentSource::Embedded.corpus().unwrap();
        let index = SearchIndex::build(&corpus, AnalyzerChoice::Czech).unwrap();
        let results = index.search("hřbitov", &SearchOptions::default()).unwrap();
        let coloured = render::search_results(&results, Style::Colour);
        assert!(coloured.contains("\x1b[1;33mhřbitov"), "{coloured}");
        assert!(!render::search_results(&results, Style::Plain).contains('\x1b'));
    }

    /// A hit starts with what players read (the question and its short answer, or the
    /// heading), then names the game and the source, and gives the command that opens it.
    #[test]
    fn results_lead_with_the_question_and_name_the_game() {
        let corpus = ContentSource::Embedded.corpus().unwrap();
        let index = SearchIndex::build(&corpus, AnalyzerChoice::Czech).unwrap();
        let ruling = corpus
            .rulings
            .iter()
            .find(|r| r.source_id.as_deref() == Some("Dized.MoC.0025"))
            .unwrap();
        let results = index.search("MoC 25", &SearchOptions::default()).unwrap();
        let plain = render::search_results(&results, Style::Plain);
        let lines: Vec<&str> = plain.lines().collect();
        assert_eq!(
            lines[0],
            format!("1. {} — {}", ruling.question, ruling.answer_short)
        );
        assert_eq!(
            lines[1],
            format!(
                "   Duchové Carcassonne · výklad Dized.MoC.0025 · carcref show {}",
                ruling.id
            )
        );

        let results = index
            .search("dzh-hrbitov", &SearchOptions::default())
            .unwrap();
        let plain = render::search_results(&results, Style::Plain);
        let lines: Vec<&str> = plain.lines().collect();
        assert_eq!(lines[0], "1. Hřbitov");
        assert_eq!(
            lines[1],
            "   Duchové, zámky a hřbitovy · pravidla · carcref show dzh-hrbitov"
        );
        let nothing = index.search("xyzq", &SearchOptions::default()).unwrap();
        assert_eq!(
            render::search_results(&nothing, Style::Plain),
            "Nic nenalezeno.\n"
        );
    }
}

/// What `carcref simulate` plays.
#[derive(Debug, Clone)]
pub struct SimulateOptions {
    pub level: u8,
    pub players: usize,
    pub games: u32,
    pub seed: u64,
    pub policy: Policy,
    pub json: bool,
    /// Draw a progress bar (on a terminal).
    pub progress: bool,
}

/// `carcref simulate`: whole cooperative games on the Mists catalog; win rate with its 95 %
/// interval, mean score and causes of loss. The same seed gives the same numbers.
pub fn simulate(source: &ContentSource, options: &SimulateOptions) -> Output {
    let corpus = match source.corpus() {
        Ok(corpus) => corpus,
        Err(output) => return output,
    };
    let Some(level) = Level::get(options.level) else {
        return Output::input_error(format!(
            "chyba: úroveň {} neexistuje (1–6)\n",
            options.level
        ));
    };
    let Some(tiles) = corpus
        .tile_set("duchove")
        .and_then(|set| MistsTiles::new(&set.tiles))
    else {
        return Output::input_error(
            "chyba: obsah nemá katalog Duchů se startovní destičkou 2×2 (tiles/duchove.yaml)\n"
                .into(),
        );
    };
    let mut table = Table::new(std::sync::Arc::new(tiles), level, options.players);
    let mut summary = Summary::new(options.level, options.players, options.policy, options.seed);
    let bar = if options.progress {
        ProgressBar::new(u64::from(options.games))
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} her · {eta} zbývá") {
        bar.set_style(style);
    }
    for game in 0..options.games {
        let mut rng = game_rng(options.seed, game);
        let result = table.play(options.policy, &mut rng, |_| {});
        summary.add(&result);
        bar.inc(1);
    }
    bar.finish_and_clear();
    if options.json {
        return Output::ok(render::json(&summary));
    }
    Output::ok(render::simulation(&summary))
}
