//! Playing a scenario on the engine: set up the board, make the moves, compare the outcome
//! with the expectations. An illegal move is a verdict ("nelze: …"), not an error; a scenario
//! that describes an impossible board is an input error with its location.

use std::collections::VecDeque;
use std::sync::Arc;

use serde::Serialize;

use crate::content::scenario::{
    canonical_choice, GHOSTS_EXPANSION, GIFTS_EXPANSION, INNS_EXPANSION,
};
use crate::diagnostic::{Diagnostic, Location};
use crate::engine::core::game::{Event, Game};
use crate::engine::core::hooks::{Decider, Question, Refusal};
use crate::engine::core::tile::Catalog;
use crate::engine::modules::ghosts::CompetitiveGhosts;
use crate::engine::modules::gifts::{self, Gift, GiftTarget, Gifts};
use crate::engine::modules::mists::{Dog, Level, Mists};
use crate::engine::modules::rulesets::{self, Expansions, VOCABULARIES};
use crate::engine::modules::vocabulary;
use crate::model::geometry::Pos;
use crate::model::pieces::{Colour, FeatureKind, MeepleKind, Spot};
use crate::model::scenario::{Expectations, GiftSpec, MeepleSpec, Scenario, Start, Step, TileRef};
use crate::model::Corpus;

#[derive(Debug, Clone, Serialize)]
pub struct StepOutcome {
    pub number: usize,
    pub action: String,
    /// Why the move (or its meeple) was refused, if it was.
    pub refusal: Option<RefusalInfo>,
    pub events: Vec<Event>,
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
}

impl Decider for ScenarioDecider {
    fn choose(&mut self, question: &Question) -> usize {
        match self.answers.pop_front() {
            Some(answer) => match question
                .options
                .iter()
                .position(|o| canonical_choice(o) == answer)
            {
                Some(index) => index,
                None => {
                    self.problems.push(format!(
                        "odpověď `{answer}` na {} není mezi možnostmi: {}",
                        question.key,
                        question.options.join(", ")
                    ));
                    0
                }
            },
            None => {
                self.problems.push(format!(
                    "pravidla se ptají ({}), ale krok neuvádí `choose`",
                    question.key
                ));
                0
            }
        }
    }
}

fn setup_error(location: &Location, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(location.clone(), message)
}

/// Plays a scenario validated by the content loader.
pub fn run(scenario: &Scenario, corpus: &Corpus) -> Result<Report, Diagnostic> {
    let mut catalog = Catalog::from_specs(corpus.tile_sets.iter().flat_map(|s| &s.tiles));
    let mut resolve = |tile: &TileRef| match tile {
        TileRef::Catalog(id) => catalog.index_of(id),
        TileRef::Inline(spec) => Some(catalog.push(spec)),
        TileRef::FaceDown => Some(catalog.face_down_index()),
    };
    let scenario_start = Location::file_start(&scenario.path);
    let mut start_tiles: Vec<(usize, Pos)> = Vec::new();
    match scenario.start {
        Start::Base => {
            let start = corpus
                .tile_set("zakladni-hra")
                .and_then(|set| set.tiles.iter().find(|t| t.start))
                .and_then(|t| resolve(&TileRef::Catalog(t.id.clone())))
                .ok_or_else(|| {
                    setup_error(
                        &scenario_start,
                        "katalog základní hry nemá startovní kartičku",
                    )
                })?;
            start_tiles.push((start, Pos::new(0, 0)));
        }
        Start::Mists2x2 => {
            let quarters: Vec<_> = corpus
                .tile_sets
                .iter()
                .flat_map(|s| &s.tiles)
                .filter_map(|t| t.start_part.map(|part| (t.id.clone(), part)))
                .collect();
            if quarters.len() != 4 {
                return Err(setup_error(
                    &scenario_start,
                    "katalogy nemají 4 čtvrtiny startovní destičky 2x2",
                ));
            }
            for (id, part) in quarters {
                let (dx, dy) = part.offset();
                let index = resolve(&TileRef::Catalog(id)).unwrap_or(0);
                start_tiles.push((index, Pos::new(dx, dy)));
            }
        }
        Start::None => {}
    }
    let board: Vec<(usize, &crate::model::scenario::BoardTile)> = scenario
        .board
        .iter()
        .map(|b| (resolve(&b.tile).unwrap_or(0), b))
        .collect();
    let steps: Vec<Option<usize>> = scenario
        .steps
        .iter()
        .map(|s| match s {
            Step::Place { tile, .. } | Step::Pass { tile, .. } => resolve(tile),
            Step::EndGame { .. } => None,
        })
        .collect();
    // Výběr ze 2: the other tile and the tiles set aside before it, per step.
    let other_tiles: Vec<(Option<usize>, Vec<usize>)> = scenario
        .steps
        .iter()
        .map(|s| match s {
            Step::Place { gift: Some(g), .. } | Step::Pass { gift: Some(g), .. } => (
                g.other.as_ref().and_then(&mut resolve),
                g.set_aside.iter().filter_map(&mut resolve).collect(),
            ),
            _ => (None, Vec::new()),
        })
        .collect();

    let (modules, supply) = match &scenario.mists {
        Some(setup) => {
            let level = Level::get(setup.level).ok_or_else(|| {
                setup_error(
                    &scenario_start,
                    format!("úroveň {} neexistuje", setup.level),
                )
            })?;
            if level.cursed {
                catalog.face_down_index();
            }
            (
                rulesets::mists(level, scenario.players.len()),
                [setup.meeples, 0, 0],
            )
        }
        None => {
            let has = |e: &str| scenario.expansions.iter().any(|x| x == e);
            let expansions = Expansions {
                ghosts: has(GHOSTS_EXPANSION),
                inns: has(INNS_EXPANSION),
                gifts: has(GIFTS_EXPANSION),
            };
            rulesets::base_with(expansions, scenario.players.len(), 0)
        }
    };
    let mut game = Game::new(Arc::new(catalog), &scenario.players, supply, modules);
    if let Some(setup) = &scenario.gifts {
        let parse = |ids: &[String]| {
            ids.iter()
                .filter_map(|id| Gift::parse(id))
                .collect::<Vec<_>>()
        };
        let hands: Vec<(usize, Vec<Gift>)> = setup
            .hands
            .iter()
            .filter_map(|(c, ids)| {
                let player = scenario.players.iter().position(|p| p == c)?;
                Some((player, parse(ids)))
            })
            .collect();
        let stacked = game
            .with_module(|gifts: &mut Gifts, _| gifts.stack_deck(&parse(&setup.deck_top), &hands))
            .unwrap_or(Ok(()));
        stacked.map_err(|m| setup_error(&scenario_start, m))?;
    }
    for (tile, pos) in start_tiles {
        game.lay(tile, pos, 0).map_err(|r| {
            setup_error(
                &scenario_start,
                format!("startovní kartička: {}", r.message),
            )
        })?;
    }
    if let Some(setup) = &scenario.mists {
        game.with_module(|mists: &mut Mists, state| {
            mists.place_start_ghosts(state, setup.start_ghosts);
            let team = setup
                .track
                .iter()
                .find(|(c, _)| c.is_none())
                .map(|(_, n)| *n);
            let per_colour: Vec<(usize, i32)> = setup
                .track
                .iter()
                .filter_map(|(c, n)| {
                    let player = scenario.players.iter().position(|p| Some(*p) == *c)?;
                    Some((player, *n))
                })
                .collect();
            mists.set_track(team, &per_colour);
            mists.skip_passed_dogs();
            if let Some(stacks) = &setup.stacks {
                mists.stack_left = stacks.first().copied();
                mists.stacks_waiting = stacks.iter().skip(1).copied().collect();
            }
        });
    }
    for (tile, spec) in board {
        let placed = game.lay(tile, spec.at, spec.rotation).map_err(|r| {
            setup_error(
                &spec.location,
                format!("kartičku na {} nelze položit: {}", spec.at, r.message),
            )
        })?;
        if spec.ghosts > 0 {
            let put = game.with_module(|mists: &mut Mists, state| {
                mists.put_ghosts(state, placed, spec.ghosts)
            });
            if put != Some(true) {
                return Err(setup_error(
                    &spec.location,
                    format!(
                        "{} duchů se na kartičku nevejde: bank úrovně jich tolik nemá",
                        spec.ghosts
                    ),
                ));
            }
        }
        for meeple in &spec.meeples {
            check_feature(&game, placed, meeple)?;
            let player = meeple
                .player
                .and_then(|c| scenario.players.iter().position(|p| *p == c))
                .unwrap_or(0);
            game.lay_meeple(placed, meeple.on, player, meeple.kind)
                .map_err(|r| setup_error(&meeple.location, r.message))?;
            if meeple.dog {
                let index = game.state.meeples.len() - 1;
                let laid = game.with_module(|mists: &mut Mists, _| {
                    // A dog whose threshold the track has passed lies beside this meeple.
                    let track = mists.track();
                    let thresholds = mists.level.dogs;
                    let free = (0..mists.dogs.len())
                        .find(|d| mists.dogs[*d] == Dog::Gone && track >= thresholds[*d]);
                    free.map(|d| mists.dogs[d] = Dog::With(index)).is_some()
                });
                if laid != Some(true) {
                    return Err(setup_error(
                        &meeple.location,
                        "pes sem nepatří: počítadlo ještě nedosáhlo prahu žádného psa, který by byl volný",
                    ));
                }
            }
            if meeple.ghosts > 0 {
                let index = game.state.meeples.len() - 1;
                let put = game.with_module(|ghosts: &mut CompetitiveGhosts, state| {
                    ghosts.put_ghosts(state, index, meeple.ghosts)
                });
                if put != Some(true) {
                    return Err(setup_error(
                        &meeple.location,
                        "duchy nelze přidat: strážný je nemá, družiník jich snese nejvýš 2 a bank má 15",
                    ));
                }
            }
        }
    }
    for (colour, points) in &scenario.base.score {
        if let Some(p) = scenario.players.iter().position(|c| c == colour) {
            game.state.players[p].score = *points;
        }
    }
    for (colour, n) in &scenario.base.supply {
        if let Some(p) = scenario.players.iter().position(|c| c == colour) {
            game.state.players[p].supply[MeepleKind::Normal.index()] = *n;
        }
    }
    let setup = std::mem::take(&mut game.state.trace);
    let prepared_tiles = game.state.board.placed.len();

    let mut outcomes = Vec::new();
    let mut decider_problems = Vec::new();
    let mut step_results = Vec::new();
    for (index, step) in scenario.steps.iter().enumerate() {
        let number = index + 1;
        let trace_start = game.state.trace.len();
        let outcome = match step {
            Step::EndGame { .. } => {
                game.end_game();
                StepOutcome {
                    number,
                    action: "závěrečné hodnocení".into(),
                    refusal: None,
                    events: Vec::new(),
                }
            }
            Step::Pass { player, gift, .. } => {
                take_turn(&mut game, scenario, *player);
                draw(&mut game);
                let tile = steps[index].unwrap_or(0);
                let who = game.state.colour_name(game.state.turn.player);
                let action = format!(
                    "{who} táhne {} a nechce ji přiložit",
                    game.state.catalog.tiles[tile].spec.id
                );
                let mut decider = ScenarioDecider {
                    answers: VecDeque::new(),
                    problems: Vec::new(),
                };
                let gift_refusal = gift.as_ref().and_then(|g| {
                    open_gift(&mut game, tile, g, &other_tiles[index], &mut decider).err()
                });
                let refusal = gift_refusal
                    .or_else(|| game.pass_with(tile).err())
                    .map(RefusalInfo::from);
                StepOutcome {
                    number,
                    action,
                    refusal,
                    events: Vec::new(),
                }
            }
            Step::Place {
                player,
                at,
                rotation,
                auto_rotation,
                meeples,
                choose,
                gift,
                ..
            } => {
                take_turn(&mut game, scenario, *player);
                draw(&mut game);
                let tile = steps[index].unwrap_or(0);
                let rotation = match auto_rotation {
                    Some(location) => &pick_rotation(&game, tile, *at, location)?,
                    None => rotation,
                };
                let tile_name = game.state.catalog.tiles[tile].spec.id.clone();
                let who = game.state.colour_name(game.state.turn.player);
                let action = format!(
                    "{who}: {tile_name} na {at}, otočení {}°",
                    u16::from(*rotation) * 90
                );
                let mut decider = ScenarioDecider {
                    answers: choose.iter().cloned().collect(),
                    problems: Vec::new(),
                };
                let mut refusal = gift.as_ref().and_then(|g| {
                    open_gift(&mut game, tile, g, &other_tiles[index], &mut decider)
                        .err()
                        .map(RefusalInfo::from)
                });
                if let Err(r) = game.place_tile(tile, *at, *rotation, &mut decider) {
                    let r = if game.legal_placements(tile).is_empty() {
                        Refusal::new(
                            "zh.prilozeni.nelze-nikam",
                            format!("{}; kartičku nelze přiložit nikam, odkládá se", r.message),
                        )
                    } else {
                        r
                    };
                    refusal = Some(RefusalInfo::from(r));
                } else {
                    for meeple in meeples {
                        // A spot without a feature is the rules' verdict (with `at` or
                        // without); only a `feature` that contradicts the tile is the file's.
                        let placed = game.state.board.placed.len() - 1;
                        if meeple.at.is_none_or(|pos| pos == *at) {
                            check_declared_feature(&game, placed, meeple)?;
                        }
                        let result = match meeple.at {
                            Some(pos) => game.place_meeple_at(pos, meeple.on, meeple.kind),
                            None => game.place_meeple(meeple.on, meeple.kind),
                        };
                        if let Err(r) = result {
                            refusal.get_or_insert(RefusalInfo::from(r));
                        }
                    }
                    game.finish_turn(&mut decider);
                }
                if !decider.answers.is_empty() {
                    let unused: Vec<String> = decider.answers.drain(..).collect();
                    decider.problems.push(format!(
                        "odpovědi, na které se pravidla nezeptala: {}",
                        unused.join(", ")
                    ));
                }
                decider_problems.extend(
                    decider
                        .problems
                        .into_iter()
                        .map(|p| format!("krok {number}: {p}")),
                );
                StepOutcome {
                    number,
                    action,
                    refusal,
                    events: Vec::new(),
                }
            }
        };
        let events = game.state.trace[trace_start..].to_vec();
        outcomes.push(StepOutcome { events, ..outcome });
        for (_, expect) in scenario.expect_after.iter().filter(|(i, _)| *i == index) {
            let prefix = format!("po kroku {number}: ");
            step_results.extend(state_checks(scenario, expect, &game, &prefix));
        }
    }

    let mut expectations = step_results;
    expectations.extend(evaluate(scenario, &game, &outcomes, decider_problems));
    Ok(Report {
        prepared_tiles,
        setup,
        steps: outcomes,
        expectations,
        game,
    })
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

/// Opens a step's gift before its tile is placed.
fn open_gift(
    game: &mut Game,
    drawn: usize,
    spec: &GiftSpec,
    (other, set_aside): &(Option<usize>, Vec<usize>),
    decider: &mut dyn Decider,
) -> Result<(), Refusal> {
    let Some(card) = Gift::parse(&spec.card) else {
        return Err(Refusal::new("da.otevreni.cil", "neznámý dárek"));
    };
    let at = spec.at.unwrap_or(Pos::new(0, 0));
    let on = spec.on.unwrap_or(Spot::Center);
    let target = match card {
        Gift::Koncil => GiftTarget::Tile(at),
        Gift::VyklizeniCesty | Gift::Vyplaceni => GiftTarget::Spot(at, on),
        Gift::ZmenaPostoje => GiftTarget::Move(at, on, spec.to.unwrap_or(Spot::Center)),
        Gift::VyberZeDvou => match other {
            Some(other) => GiftTarget::OtherTile {
                other: *other,
                set_aside: set_aside.clone(),
            },
            None => GiftTarget::NoTile,
        },
    };
    gifts::open(game, drawn, card, target, decider)
}

/// The Mists games count the tiles drawn from the stacks (when the scenario gives them).
fn draw(game: &mut Game) {
    if game.state.ended {
        return;
    }
    game.with_module(|mists: &mut Mists, state| mists.draw(state));
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
    game: &Game,
    outcomes: &[StepOutcome],
    decider_problems: Vec<String>,
) -> Vec<ExpectationResult> {
    let expect = &scenario.expect;
    let mut results = state_checks(scenario, expect, game, "");
    let mut check = |what: String, held: bool, actual: String| {
        results.push(ExpectationResult { what, held, actual })
    };
    for (step, reason) in &expect.rejected {
        let actual = outcomes.get(step - 1).and_then(|o| o.refusal.as_ref());
        check(
            format!("krok {step} je odmítnut ({reason})"),
            actual.is_some_and(|r| r.rule == reason),
            actual
                .map(|r| format!("{}: {}", r.rule, r.message))
                .unwrap_or_else(|| "krok proběhl".into()),
        );
    }
    for outcome in outcomes {
        if let Some(refusal) = &outcome.refusal {
            if !expect
                .rejected
                .iter()
                .any(|(step, _)| *step == outcome.number)
            {
                check(
                    format!("krok {} proběhne", outcome.number),
                    false,
                    format!("nelze: {} ({})", refusal.message, refusal.rule),
                );
            }
        }
    }
    for key in &expect.rules {
        let applied = game.state.trace.iter().any(|e| e.rule == key);
        check(
            format!("uplatní se pravidlo {key}"),
            applied,
            if applied { "ano" } else { "ne" }.into(),
        );
    }
    for problem in decider_problems {
        check("rozhodnutí hráčů jsou uvedena".into(), false, problem);
    }
    results
}

/// The expectations about the game's state (not about refused steps or applied rules), at
/// the end or right after a step; `prefix` says which.
fn state_checks(
    scenario: &Scenario,
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
        })
    };
    for (colour, points) in &expect.score {
        let actual = state.players[player(colour)].score;
        check(
            format!("{} má {points} b.", colour.czech()),
            actual == *points,
            format!("{actual} b."),
        );
    }
    for (colour, kinds) in &expect.points {
        let earned = &state.players[player(colour)].earned;
        for (kind, points) in kinds {
            let actual = earned[kind.index()];
            check(
                format!(
                    "{} získal za {} {points} b.",
                    colour.czech(),
                    kinds_cs(*kind)
                ),
                actual == *points,
                format!("{actual} b."),
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
    for (colour, n) in &expect.meeples_on_board {
        let p = player(colour);
        let actual = state
            .meeples
            .iter()
            .filter(|m| m.on_board && m.player == p)
            .count() as u32;
        check(
            format!("{} má na plánu {n} družiníků", colour.czech()),
            actual == *n,
            actual.to_string(),
        );
    }
    for expected in &expect.meeples_at {
        let found = state
            .meeple_at(expected.at, expected.on)
            .map(|m| &state.meeples[m]);
        let held = found.is_some_and(|m| {
            m.player == player(&expected.player) && expected.kind.is_none_or(|k| k == m.kind)
        });
        let kind = expected
            .kind
            .map(|k| format!(" ({})", k.czech()))
            .unwrap_or_default();
        check(
            format!(
                "na {} {} stojí figurka: {}{kind}",
                expected.at,
                expected.on.name(),
                expected.player.czech()
            ),
            held,
            found.map_or_else(
                || "nic".into(),
                |m| format!("{} ({})", state.colour_name(m.player), m.kind.czech()),
            ),
        );
    }
    for (colour, n) in &expect.supply {
        let actual = state.players[player(colour)].supply[MeepleKind::Normal.index()];
        check(
            format!("{} má v zásobě {n} družiníků", colour.czech()),
            actual == *n,
            actual.to_string(),
        );
    }
    for (colour, n) in &expect.returned {
        let actual = state.returned[player(colour)];
        check(
            format!("{} dostal zpět {n} družiníků", colour.czech()),
            actual == *n,
            actual.to_string(),
        );
    }
    // Each module in play checks its own keys.
    for vocabulary in VOCABULARIES
        .iter()
        .filter(|v| vocabulary::is_active(v, Some(&scenario.ruleset), &scenario.expansions))
    {
        (vocabulary.check)(game, expect, &scenario.players, &mut check);
    }
    results
}
