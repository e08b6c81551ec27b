//! Playing a scenario on the engine: set up the board, make the moves, compare the outcome
//! with the expectations. An illegal move is a verdict ("nelze: …"), not an error; a scenario
//! that describes an impossible board is an input error with its location.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde::Serialize;

use super::read::canonical_choice;
use crate::diagnostic::{Diagnostic, Location};
use crate::engine::{
    active, AnyHooks, Catalog, Decider, Descriptor, Event, Game, Question, Refusal, Registry,
    Report as CheckReport, State, REGISTRY,
};
use crate::model::{
    Colour, Corpus, Expectations, FeatureKind, MeepleAt, MeepleKind, MeepleSpec, ModuleData, Pos,
    Scenario, Start, Step, TileRef,
};

#[derive(Debug, Clone, Serialize)]
pub struct StepOutcome {
    pub number: usize,
    pub action: String,
    /// Why the move (or its meeple) was refused, if it was.
    pub refusal: Option<RefusalInfo>,
    pub events: Vec<Event>,
    /// The rules' questions the players answered in this step, in the order asked.
    pub decisions: Vec<Decision>,
}

/// A question the rules asked the players, with every option and the one taken.
#[derive(Debug, Clone, Serialize)]
pub struct Decision {
    pub rule: &'static str,
    /// Each option as `choose` writes it, with what players read for it.
    pub options: Vec<(String, String)>,
    pub chosen: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct RefusalInfo {
    pub rule: &'static str,
    pub message: String,
}

impl From<Refusal> for RefusalInfo {
    fn from(r: Refusal) -> Self {
        RefusalInfo {
            rule: r.rule,
            message: r.message,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ExpectationResult {
    pub what: String,
    pub held: bool,
    pub actual: String,
    /// For the scenario's author: what to write if what happened is right (a page where a
    /// player lays out a situation leaves it out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

impl ExpectationResult {
    /// What happened, with the author's hint after it.
    pub fn actual_with_hint(&self) -> String {
        match &self.hint {
            Some(hint) => format!("{}; {hint}", self.actual),
            None => self.actual.clone(),
        }
    }
}

pub struct Report {
    /// Tiles on the board before the first step (start tile included).
    pub prepared_tiles: usize,
    pub setup: Vec<Event>,
    pub steps: Vec<StepOutcome>,
    pub expectations: Vec<ExpectationResult>,
    pub game: Game,
}

impl Report {
    pub fn passed(&self) -> bool {
        self.expectations.iter().all(|e| e.held)
    }

    pub fn scores(&self) -> Vec<(Colour, i32)> {
        self.game
            .state
            .players
            .iter()
            .map(|p| (p.colour, p.score))
            .collect()
    }
}

/// Answers the rules' questions from a step's `choose` list.
struct ScenarioDecider {
    answers: VecDeque<String>,
    problems: Vec<String>,
    decisions: Vec<Decision>,
}

impl Decider for ScenarioDecider {
    fn choose(&mut self, question: &Question) -> usize {
        let answer = self.answers.pop_front();
        let chosen = answer.as_ref().and_then(|answer| {
            question
                .options
                .iter()
                .position(|o| canonical_choice(o) == *answer)
        });
        if chosen.is_none() {
            let what = match &answer {
                Some(answer) => format!("odpověď `{answer}` mezi možnostmi není"),
                None => "krok neuvádí `choose`".to_owned(),
            };
            // The run goes on with the first option, so that the rest of the scenario is
            // still checked; the expectation below fails and says so.
            self.problems.push(format!(
                "pravidlo „{}“ nechává volbu na hráčích, ale {what}; použila se první \
možnost ({}). Možnosti do `choose`: {}",
                rule_said(question.key),
                question.options[0],
                question
                    .options
                    .iter()
                    .map(|o| choice_yaml(o))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let chosen = chosen.unwrap_or(0);
        self.decisions.push(Decision {
            rule: question.key,
            options: (0..question.options.len())
                .map(|i| (question.options[i].clone(), question.label(i).to_owned()))
                .collect(),
            chosen,
        });
        chosen
    }
}

/// An option as `choose` takes it: quoted when YAML would read it otherwise.
fn choice_yaml(option: &str) -> String {
    if option.contains([',', '[', ']', ':', '#']) {
        format!("\"{option}\"")
    } else {
        option.to_owned()
    }
}

impl ScenarioDecider {
    fn new(answers: &[String]) -> Self {
        ScenarioDecider {
            answers: answers.iter().cloned().collect(),
            problems: Vec::new(),
            decisions: Vec::new(),
        }
    }

    /// The step's problems with the team's answers, unused answers included, and the
    /// questions asked.
    fn finish(mut self, number: usize) -> (Vec<String>, Vec<Decision>) {
        if !self.answers.is_empty() {
            let unused: Vec<String> = self.answers.drain(..).collect();
            self.problems.push(format!(
                "odpovědi, na které se pravidla nezeptala: {}",
                unused.join(", ")
            ));
        }
        let problems = self
            .problems
            .into_iter()
            .map(|p| format!("krok {number}: {p}"))
            .collect();
        (problems, self.decisions)
    }
}

impl StepOutcome {
    fn new(number: usize, action: String, refusal: Option<RefusalInfo>) -> Self {
        StepOutcome {
            number,
            action,
            refusal,
            events: Vec::new(),
            decisions: Vec::new(),
        }
    }
}

/// What a cancelled check says.
pub const CANCELLED: &str = "ověřování bylo přerušeno (vypršel čas nebo se klient odpojil)";

fn stop_if_cancelled(cancel: &AtomicBool, location: &Location) -> Result<(), Diagnostic> {
    if cancel.load(Ordering::Relaxed) {
        return Err(Diagnostic::new(location.clone(), CANCELLED));
    }
    Ok(())
}

fn setup_error(location: &Location, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(location.clone(), message)
}

/// Plays a scenario validated by the content loader.
pub fn run(scenario: &Scenario, corpus: &Corpus) -> Result<Report, Diagnostic> {
    run_with(REGISTRY, scenario, corpus)
}

/// Like [`run`], but gives up between two tiles or steps once `cancel` is set (a server's
/// check whose client left or whose time ran out), with an error saying so.
pub fn run_cancellable(
    scenario: &Scenario,
    corpus: &Corpus,
    cancel: &AtomicBool,
) -> Result<Report, Diagnostic> {
    play(REGISTRY, scenario, corpus, cancel)
}

/// Plays a scenario read with the modules of `registry`: resolve its tiles, set the game
/// up, lay the prepared board, play the steps, check the expectations.
pub fn run_with(
    registry: Registry,
    scenario: &Scenario,
    corpus: &Corpus,
) -> Result<Report, Diagnostic> {
    play(registry, scenario, corpus, &AtomicBool::new(false))
}

fn play(
    registry: Registry,
    scenario: &Scenario,
    corpus: &Corpus,
    cancel: &AtomicBool,
) -> Result<Report, Diagnostic> {
    let modules = active(registry, Some(&scenario.ruleset), &scenario.expansions);
    let tiles = resolve_tiles(scenario, corpus, &modules)?;
    let mut game = new_game(scenario, &modules, tiles.catalog, &tiles.start)?;
    prepare_board(&mut game, scenario, &modules, &tiles.board, cancel)?;
    let setup = std::mem::take(&mut game.state.trace);
    let prepared_tiles = game.state.board.placed.len();

    let mut outcomes = Vec::new();
    let mut decider_problems = Vec::new();
    let mut expectations = Vec::new();
    for (index, step) in scenario.steps.iter().enumerate() {
        stop_if_cancelled(cancel, step.location())?;
        let number = index + 1;
        let trace_start = game.state.trace.len();
        let turn = Turn {
            tile: tiles.steps[index].unwrap_or(0),
            module_tiles: &tiles.module_tiles[index],
        };
        let outcome = play_step(
            &mut game,
            (scenario, &modules),
            step,
            number,
            &turn,
            &mut decider_problems,
        )?;
        let events = game.state.trace[trace_start..].to_vec();
        outcomes.push(StepOutcome { events, ..outcome });
        for (_, expect) in scenario.expect_after.iter().filter(|(i, _)| *i == index) {
            let prefix = format!("po kroku {number}: ");
            expectations.extend(state_checks(scenario, &modules, expect, &game, &prefix));
        }
    }
    expectations.extend(evaluate(
        scenario,
        &modules,
        &game,
        &outcomes,
        decider_problems,
    ));
    Ok(Report {
        prepared_tiles,
        setup,
        steps: outcomes,
        expectations,
        game,
    })
}

/// One step played: its action, the refusal if the engine vetoed it, the choices it asked.
fn play_step(
    game: &mut Game,
    (scenario, modules): (&Scenario, &[&'static Descriptor]),
    step: &Step,
    number: usize,
    turn: &Turn,
    decider_problems: &mut Vec<String>,
) -> Result<StepOutcome, Diagnostic> {
    let outcome = match step {
        Step::EndGame { .. } => {
            game.end_game();
            StepOutcome::new(number, "závěrečné hodnocení".into(), None)
        }
        Step::Pass {
            player,
            modules: data,
            ..
        } => {
            let mut decider = ScenarioDecider::new(&[]);
            let (action, refusal) =
                pass(game, scenario, modules, *player, data, turn, &mut decider);
            let (problems, decisions) = decider.finish(number);
            decider_problems.extend(problems);
            StepOutcome {
                decisions,
                ..StepOutcome::new(number, action, refusal)
            }
        }
        Step::Place {
            player,
            choose,
            modules: data,
            ..
        } => {
            let mut decider = ScenarioDecider::new(choose);
            let (action, refusal) = place(
                game,
                scenario,
                modules,
                (step, *player, data),
                turn,
                &mut decider,
            )?;
            let (problems, decisions) = decider.finish(number);
            decider_problems.extend(problems);
            StepOutcome {
                decisions,
                ..StepOutcome::new(number, action, refusal)
            }
        }
    };
    Ok(outcome)
}

/// The scenario's tiles as indexes into the catalog it plays with (its inline tiles added).
struct Tiles {
    catalog: Catalog,
    /// The start tiles with their positions.
    start: Vec<(usize, Pos)>,
    /// Each prepared board tile's.
    board: Vec<usize>,
    /// Each step's tile (none for the end of the game).
    steps: Vec<Option<usize>>,
    /// Per step and module in play: the tiles the module's keys name.
    module_tiles: Vec<Vec<Vec<usize>>>,
}

fn resolve_tiles(
    scenario: &Scenario,
    corpus: &Corpus,
    modules: &[&'static Descriptor],
) -> Result<Tiles, Diagnostic> {
    let mut catalog = Catalog::from_specs(corpus.tile_sets.iter().flat_map(|s| &s.tiles));
    let mut resolve = |tile: &TileRef| match tile {
        TileRef::Catalog(id) => catalog.index_of(id),
        TileRef::Inline(spec) => Some(catalog.push(spec)),
        TileRef::FaceDown => Some(catalog.face_down_index()),
    };
    let start = start_tiles(scenario, corpus, &mut resolve)?;
    let board = scenario
        .board
        .iter()
        .map(|b| resolve(&b.tile).unwrap_or(0))
        .collect();
    let steps = scenario
        .steps
        .iter()
        .map(|s| match s {
            Step::Place { tile, .. } | Step::Pass { tile, .. } => resolve(tile),
            Step::EndGame { .. } => None,
        })
        .collect();
    let module_tiles = scenario
        .steps
        .iter()
        .map(|s| {
            let data = match s {
                Step::Place { modules: d, .. } | Step::Pass { modules: d, .. } => Some(d),
                Step::EndGame { .. } => None,
            };
            modules
                .iter()
                .map(|m| {
                    data.and_then(|d| d.entry(m.id))
                        .map(|e| {
                            m.hooks
                                .step_tiles(e)
                                .iter()
                                .filter_map(&mut resolve)
                                .collect()
                        })
                        .unwrap_or_default()
                })
                .collect()
        })
        .collect();
    Ok(Tiles {
        catalog,
        start,
        board,
        steps,
        module_tiles,
    })
}

/// The start tile of the base game, the four quarters of the 2x2 start tile, or none.
fn start_tiles(
    scenario: &Scenario,
    corpus: &Corpus,
    resolve: &mut impl FnMut(&TileRef) -> Option<usize>,
) -> Result<Vec<(usize, Pos)>, Diagnostic> {
    let scenario_start = Location::file_start(&scenario.path);
    match scenario.start {
        Start::Base => {
            let start = crate::engine::BASE_DESCRIPTOR
                .tile_set
                .and_then(|id| corpus.tile_set(id))
                .and_then(|set| set.tiles.iter().find(|t| t.start))
                .and_then(|t| resolve(&TileRef::Catalog(t.id.clone())))
                .ok_or_else(|| {
                    setup_error(
                        &scenario_start,
                        "katalog základní hry nemá startovní kartičku",
                    )
                })?;
            Ok(vec![(start, Pos::new(0, 0))])
        }
        Start::Square2x2 => {
            let quarters: Vec<_> = corpus
                .tile_sets
                .iter()
                .flat_map(|s| &s.tiles)
                .filter_map(|t| t.start_part.map(|part| (t.id.clone(), part)))
                .collect();
            if quarters.len() != 4 {
                return Err(setup_error(
                    &scenario_start,
                    "katalogy nemají 4 čtvrtiny startovní destičky 2×2",
                ));
            }
            Ok(quarters
                .into_iter()
                .map(|(id, part)| {
                    let (dx, dy) = part.offset();
                    let index = resolve(&TileRef::Catalog(id)).unwrap_or(0);
                    (index, Pos::new(dx, dy))
                })
                .collect())
        }
        Start::None => Ok(Vec::new()),
    }
}

/// The game the ruleset's module sets up, with the start tiles laid.
fn new_game(
    scenario: &Scenario,
    modules: &[&'static Descriptor],
    mut catalog: Catalog,
    start: &[(usize, Pos)],
) -> Result<Game, Diagnostic> {
    let scenario_start = Location::file_start(&scenario.path);
    let expansions: Vec<&'static Descriptor> =
        modules.iter().copied().filter(|m| m.expansion).collect();
    let Some(game_parts) = modules.iter().find_map(|m| {
        m.hooks.game(
            scenario.setup.entry(m.id),
            &expansions,
            scenario.players.len(),
            &mut catalog,
        )
    }) else {
        return Err(setup_error(
            &scenario_start,
            format!("pravidla `{}` carcref neověřuje", scenario.ruleset),
        ));
    };
    let (rules, supply) = game_parts.map_err(|m| setup_error(&scenario_start, m))?;
    let mut game = Game::new(Arc::new(catalog), &scenario.players, supply, rules);
    game.state.meeple_term = crate::engine::meeple_term(&scenario.ruleset);
    for (tile, pos) in start {
        game.lay(*tile, *pos, 0).map_err(|r| {
            setup_error(
                &scenario_start,
                format!("startovní kartička: {}", r.message),
            )
        })?;
    }
    Ok(game)
}

/// The modules' setup around the prepared board: its tiles and their meeples, in list order.
fn prepare_board(
    game: &mut Game,
    scenario: &Scenario,
    modules: &[&'static Descriptor],
    board: &[usize],
    cancel: &AtomicBool,
) -> Result<(), Diagnostic> {
    let scenario_start = Location::file_start(&scenario.path);
    let setups: Vec<_> = modules
        .iter()
        .filter_map(|m| scenario.setup.entry(m.id).map(|e| (m.hooks, e)))
        .collect();
    for (hooks, setup) in &setups {
        hooks
            .before_board(game, setup, &scenario.players)
            .map_err(|m| setup_error(&scenario_start, m))?;
    }
    for (tile, spec) in board.iter().zip(&scenario.board) {
        stop_if_cancelled(cancel, &spec.location)?;
        let placed = game.lay(*tile, spec.at, spec.rotation).map_err(|r| {
            setup_error(
                &spec.location,
                format!("kartičku na {} nelze položit: {}", spec.at, r.message),
            )
        })?;
        apply(modules, &spec.modules, &spec.location, |hooks, entry| {
            hooks.on_board(game, placed, entry)
        })?;
        for meeple in &spec.meeples {
            check_feature(game, placed, meeple)?;
            let player = meeple
                .player
                .and_then(|c| scenario.players.iter().position(|p| *p == c))
                .unwrap_or(0);
            game.lay_meeple(placed, meeple.on, player, meeple.kind)
                .map_err(|r| setup_error(&meeple.location, r.message))?;
            let index = game.state.meeples.len() - 1;
            apply(
                modules,
                &meeple.modules,
                &meeple.location,
                |hooks, entry| hooks.on_meeple(game, index, entry),
            )?;
        }
    }
    for (hooks, setup) in &setups {
        hooks
            .after_board(game, setup, &scenario.players)
            .map_err(|m| setup_error(&scenario_start, m))?;
    }
    Ok(())
}

/// A step's drawn tile and the tiles its module keys name.
struct Turn<'t> {
    tile: usize,
    module_tiles: &'t [Vec<usize>],
}

/// The start of every turn: the player's turn and the modules' draw.
fn begin_turn(
    game: &mut Game,
    scenario: &Scenario,
    modules: &[&'static Descriptor],
    player: Option<Colour>,
) {
    take_turn(game, scenario, player);
    draw(game, modules);
}

/// A step that draws a tile and does not place it.
fn pass(
    game: &mut Game,
    scenario: &Scenario,
    modules: &[&'static Descriptor],
    player: Option<Colour>,
    data: &ModuleData,
    turn: &Turn,
    decider: &mut ScenarioDecider,
) -> (String, Option<RefusalInfo>) {
    begin_turn(game, scenario, modules, player);
    let who = game.state.colour_name(game.state.turn.player);
    let action = format!(
        "{who} táhne kartičku {} a nechce ji přiložit",
        game.state.catalog.tiles[turn.tile].spec.quoted()
    );
    let refusal = before_place(game, modules, data, turn.tile, turn.module_tiles, decider)
        .err()
        .or_else(|| game.pass_with(turn.tile).err())
        .map(RefusalInfo::from);
    (action, refusal)
}

/// A step that places a tile and its meeples; the first refusal is the step's verdict.
fn place(
    game: &mut Game,
    scenario: &Scenario,
    modules: &[&'static Descriptor],
    (step, player, data): (&Step, Option<Colour>, &ModuleData),
    turn: &Turn,
    decider: &mut ScenarioDecider,
) -> Result<(String, Option<RefusalInfo>), Diagnostic> {
    let Step::Place {
        at,
        rotation,
        auto_rotation,
        meeples,
        ..
    } = step
    else {
        return Ok((String::new(), None));
    };
    let tile = turn.tile;
    begin_turn(game, scenario, modules, player);
    let rotation = match auto_rotation {
        Some(location) => &pick_rotation(game, tile, *at, location)?,
        None => rotation,
    };
    let tile_name = game.state.catalog.tiles[tile].spec.quoted();
    let who = game.state.colour_name(game.state.turn.player);
    let action = format!(
        "{who}: kartička {tile_name} na pole {at}, otočení {}°",
        u16::from(*rotation) * 90
    );
    // A placement the rules refuse is not made: what the modules did before it this turn (a card
    // played, a figure placed by it) is undone with it.
    let before_turn = game.clone();
    let mut refusal = before_place(game, modules, data, tile, turn.module_tiles, decider)
        .err()
        .map(RefusalInfo::from);
    if let Err(r) = game.place_tile(tile, *at, *rotation, decider) {
        let r = if game.legal_placements(tile).is_empty() {
            Refusal::new(
                "zh.prilozeni.nelze-nikam",
                format!("{}; kartičku nelze přiložit nikam, odkládá se", r.message),
            )
        } else {
            *game = before_turn;
            r
        };
        refusal = Some(RefusalInfo::from(r));
    } else {
        for meeple in meeples {
            // A spot without a feature is the rules' verdict (with `at` or without); only a
            // `feature` that contradicts the tile is the file's.
            let placed = game.state.board.placed.len() - 1;
            if meeple.at.is_none_or(|pos| pos == *at) {
                check_declared_feature(game, placed, meeple)?;
            }
            let result = match meeple.at {
                Some(pos) => game.place_meeple_at(pos, meeple.on, meeple.kind),
                None => game.place_meeple(meeple.on, meeple.kind),
            };
            if let Err(r) = result {
                refusal.get_or_insert(RefusalInfo::from(r));
            }
        }
        game.finish_turn(decider);
    }
    Ok((action, refusal))
}

/// "za cesty", "za města"…: what the points of one feature kind were awarded for.
fn kinds_cs(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Road => "cesty",
        FeatureKind::City => "města",
        FeatureKind::Field => "louky",
        FeatureKind::Monastery => "kláštery",
        FeatureKind::Castle => "zámky",
        FeatureKind::Graveyard => "hřbitovy",
    }
}

/// What a rule key says, for players: its description (the key itself only in `--json`).
fn rule_said(key: &str) -> &str {
    crate::engine::rule_description(key).unwrap_or(key)
}

/// `rotation: auto`: the only rotation in which the tile fits at `at`.
fn pick_rotation(game: &Game, tile: usize, at: Pos, location: &Location) -> Result<u8, Diagnostic> {
    let fitting: Vec<u8> = (0..4)
        .filter(|r| game.placement_refusal(tile, at, *r).is_none())
        .collect();
    let degrees = |list: &[u8]| {
        list.iter()
            .map(|r| format!("{}°", u16::from(*r) * 90))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match fitting.as_slice() {
        [only] => Ok(*only),
        [] => Err(setup_error(
            location,
            format!("`rotation: auto`: kartička se na {at} nehodí v žádném otočení"),
        )),
        several => Err(setup_error(
            location,
            format!(
                "`rotation: auto`: kartička se na {at} hodí ve více otočeních ({}); napište jedno z nich",
                degrees(several)
            ),
        )),
    }
}

/// Applies the modules' entries of one part of the prepared board; errors are located there.
fn apply(
    modules: &[&'static Descriptor],
    data: &ModuleData,
    location: &Location,
    mut act: impl FnMut(&dyn AnyHooks, &crate::model::Entry) -> Result<(), String>,
) -> Result<(), Diagnostic> {
    for module in modules {
        if let Some(entry) = data.entry(module.id) {
            act(module.hooks, entry).map_err(|m| setup_error(location, m))?;
        }
    }
    Ok(())
}

/// The modules act on a step's keys after its tile is drawn (`tiles`: what each one's keys
/// name, resolved).
fn before_place(
    game: &mut Game,
    modules: &[&'static Descriptor],
    data: &ModuleData,
    drawn: usize,
    tiles: &[Vec<usize>],
    decider: &mut dyn Decider,
) -> Result<(), Refusal> {
    for (module, tiles) in modules.iter().zip(tiles) {
        if let Some(entry) = data.entry(module.id) {
            module
                .hooks
                .before_place(game, drawn, entry, tiles, decider)?;
        }
    }
    Ok(())
}

/// Each module in play sees every drawn tile.
fn draw(game: &mut Game, modules: &[&'static Descriptor]) {
    if game.state.ended {
        return;
    }
    for module in modules {
        module.hooks.draw(game);
    }
}

/// A step that names its player is that player's turn; otherwise turns go in order.
fn take_turn(game: &mut Game, scenario: &Scenario, player: Option<Colour>) {
    if let Some(colour) = player {
        game.state.turn.player = scenario
            .players
            .iter()
            .position(|p| *p == colour)
            .unwrap_or(0);
    }
}

/// A meeple of the prepared board must stand on a feature, and its `feature` must be what
/// the tile really has at that spot.
fn check_feature(game: &Game, placed: usize, meeple: &MeepleSpec) -> Result<(), Diagnostic> {
    match game.state.node_at(placed, meeple.on) {
        None => Err(setup_error(
            &meeple.location,
            "kartička na tomto místě nemá žádné území (např. `center` bez kláštera)",
        )),
        Some(_) => check_declared_feature(game, placed, meeple),
    }
}

/// A meeple's `feature`, if given, must be what the tile really has at that spot (a spot
/// without any feature is left to the rules).
fn check_declared_feature(
    game: &Game,
    placed: usize,
    meeple: &MeepleSpec,
) -> Result<(), Diagnostic> {
    match game.state.node_at(placed, meeple.on) {
        None => Ok(()),
        Some((_, actual)) => match meeple.feature {
            Some(expected) if expected != actual => Err(setup_error(
                &meeple.location,
                format!(
                    "na tomto místě kartičky je {}, ne {}",
                    actual.czech(),
                    expected.czech()
                ),
            )),
            _ => Ok(()),
        },
    }
}

fn evaluate(
    scenario: &Scenario,
    modules: &[&'static Descriptor],
    game: &Game,
    outcomes: &[StepOutcome],
    decider_problems: Vec<String>,
) -> Vec<ExpectationResult> {
    let expect = &scenario.expect;
    let mut results = state_checks(scenario, modules, expect, game, "");
    results.extend(refusal_checks(expect, outcomes));
    let mut check = |what: String, held: bool, actual: String| {
        results.push(ExpectationResult {
            what,
            held,
            actual,
            hint: None,
        })
    };
    for key in &expect.rules {
        let applied = game.state.trace.iter().any(|e| e.rule == key);
        // Players read what the rule says; the key itself is for `--json`.
        let rule = rule_said(key);
        check(
            format!("uplatní se pravidlo „{rule}“"),
            applied,
            if applied { "ano" } else { "ne" }.into(),
        );
    }
    for problem in decider_problems {
        check("rozhodnutí hráčů jsou uvedena".into(), false, problem);
    }
    results
}

/// The steps the scenario expects refused, and each refusal it did not expect.
fn refusal_checks(expect: &Expectations, outcomes: &[StepOutcome]) -> Vec<ExpectationResult> {
    let mut results = Vec::new();
    for (step, reason) in &expect.rejected {
        let actual = outcomes.get(step - 1).and_then(|o| o.refusal.as_ref());
        let held = actual.is_some_and(|r| r.rule == reason);
        results.push(ExpectationResult {
            what: format!(
                "krok {step} je odmítnut podle pravidla „{}“",
                rule_said(reason)
            ),
            held,
            actual: actual.map_or_else(
                || "krok proběhl".into(),
                |r| {
                    if held {
                        r.message.clone()
                    } else {
                        format!("podle pravidla „{}“: {}", rule_said(r.rule), r.message)
                    }
                },
            ),
            hint: None,
        });
    }
    for outcome in outcomes {
        if let Some(refusal) = &outcome.refusal {
            if !expect
                .rejected
                .iter()
                .any(|(step, _)| *step == outcome.number)
            {
                // The author learns what to write if the refusal is what the scenario shows.
                results.push(ExpectationResult {
                    what: format!("krok {} proběhne", outcome.number),
                    held: false,
                    actual: format!("nelze: {}", refusal.message),
                    hint: Some(format!(
                        "je-li to správně, napište do expect: \
rejected: {{step: {}, reason: {}}}",
                        outcome.number, refusal.rule
                    )),
                });
            }
        }
    }
    results
}

/// The expectations about the game's state (not about refused steps or applied rules), at
/// the end or right after a step; `prefix` says which.
fn state_checks(
    scenario: &Scenario,
    modules: &[&'static Descriptor],
    expect: &Expectations,
    game: &Game,
    prefix: &str,
) -> Vec<ExpectationResult> {
    let state = &game.state;
    let player = |c: &Colour| scenario.players.iter().position(|p| p == c).unwrap_or(0);
    let mut results = Vec::new();
    let mut check = |what: String, held: bool, actual: String| {
        results.push(ExpectationResult {
            what: format!("{prefix}{what}"),
            held,
            actual,
            hint: None,
        })
    };
    score_checks(expect, state, &player, &mut check);
    meeple_checks(expect, state, &player, &mut check);
    // Each module in play checks its own keys.
    for module in modules {
        if let Some(entry) = expect.modules.entry(module.id) {
            module
                .hooks
                .check(game, entry, &scenario.players, &mut check);
        }
    }
    results
}

/// The expected scores, points by feature kind and completed features.
fn score_checks(
    expect: &Expectations,
    state: &State,
    player: &dyn Fn(&Colour) -> usize,
    check: CheckReport,
) {
    for (colour, points) in &expect.score {
        let actual = state.players[player(colour)].score;
        check(
            format!("{} má {}", colour.czech(), crate::czech::points(*points)),
            actual == *points,
            crate::czech::points(actual),
        );
    }
    for (colour, kinds) in &expect.points {
        let earned = &state.players[player(colour)].earned;
        for (kind, points) in kinds {
            let actual = earned[kind.index()];
            check(
                format!(
                    "{} získal za {} {}",
                    colour.czech(),
                    kinds_cs(*kind),
                    crate::czech::points(*points)
                ),
                actual == *points,
                crate::czech::points(actual),
            );
        }
    }
    if let Some(n) = expect.completed {
        check(
            format!("dokončených území: {n}"),
            state.completed_count == n,
            state.completed_count.to_string(),
        );
    }
}

/// The expected figures: on the board, at a spot, in supply and returned.
fn meeple_checks(
    expect: &Expectations,
    state: &State,
    player: &dyn Fn(&Colour) -> usize,
    check: CheckReport,
) {
    for (colour, n) in &expect.meeples_on_board {
        let p = player(colour);
        let actual = (state.meeples.iter())
            .filter(|m| m.on_board && m.player == p)
            .count() as u32;
        count_check(state, colour, "má na plánu", *n, actual, check);
    }
    for expected in &expect.meeples_at {
        meeple_at_check(expected, state, player, check);
    }
    for (colour, n) in &expect.supply {
        let actual = state.players[player(colour)]
            .supply
            .count(MeepleKind::NORMAL);
        count_check(state, colour, "má v zásobě", *n, actual, check);
    }
    for (colour, n) in &expect.returned {
        let actual = state.returned[player(colour)];
        count_check(state, colour, "dostal zpět", *n, actual, check);
    }
}

/// A colour's count of figures: "červený má v zásobě 3 družiníky".
fn count_check(
    state: &State,
    colour: &Colour,
    verb: &str,
    expected: u32,
    actual: u32,
    check: CheckReport,
) {
    let figures = crate::czech::count(expected, state.meeple_term.noun.accusative);
    check(
        format!("{} {verb} {figures}", colour.czech()),
        actual == expected,
        actual.to_string(),
    );
}

/// A figure of the expected colour (and kind) at a spot, with what stands there if not.
fn meeple_at_check(
    expected: &MeepleAt,
    state: &State,
    player: &dyn Fn(&Colour) -> usize,
    check: CheckReport,
) {
    let found: Vec<_> = state
        .meeples_at(expected.at, expected.on)
        .map(|m| &state.meeples[m])
        .collect();
    let held = found
        .iter()
        .any(|m| m.player == player(&expected.player) && expected.kind.is_none_or(|k| k == m.kind));
    let who = match expected.kind {
        Some(kind) => format!("{} {}", expected.player.czech(), state.kind_name(kind)),
        None => format!(
            "{} figurka",
            expected.player.adjective(
                crate::czech::Gender::Feminine,
                crate::czech::Pad::Nominative
            )
        ),
    };
    let there = if found.is_empty() {
        "nic".into()
    } else {
        let names: Vec<String> = (found.iter())
            .map(|m| state.colour_meeple(m.player, m.kind))
            .collect();
        names.join(", ")
    };
    check(
        format!(
            "na poli {}, místě {}, stojí {who}",
            expected.at,
            expected.on.name(),
        ),
        held,
        there,
    );
}
