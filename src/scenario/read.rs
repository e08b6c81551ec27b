//! Reading scenario files with a located message for every problem.

use marked_yaml::types::MarkedMappingNode;
use marked_yaml::Node;

use crate::diagnostic::Diagnostics;
use crate::engine::{
    active, all_keys, figure_kinds, ids, is_active, owners, AnyHooks, Context, Descriptor,
    Registry, Scope as ModuleScope, BASE_GAME, REGISTRY,
};
use crate::model::{
    colour, list, per_player, position, tile_ref, BoardTile, Colour, Corpus, Entry, Expectations,
    FeatureKind, MeepleAt, MeepleKind, MeepleSpec, ModuleData, Scenario, Spot, Start, Step,
    MAX_COUNT, MAX_SCORE,
};
use crate::yaml::{self, Fields};

const SCENARIO_FIELDS: &[&str] = &[
    "title",
    "description",
    "rulings",
    "ruleset",
    "setup",
    "expansions",
    "start",
    "players",
    "board",
    "steps",
    "expect",
];
/// Keys every game knows; a module's own keys come from its vocabulary (`engine::modules::vocabulary`).
const BOARD_FIELDS: &[&str] = &["tile", "at", "rotation", "meeples"];
const STEP_FIELDS: &[&str] = &[
    "player", "place", "pass", "at", "rotation", "meeple", "choose", "end", "expect",
];
const MEEPLE_FIELDS: &[&str] = &["on", "player", "kind", "feature", "at"];
const EXPECT_FIELDS: &[&str] = &[
    "score",
    "points",
    "completed",
    "meeples_on_board",
    "meeples_at",
    "supply",
    "returned",
    "rejected",
    "rules",
];

pub fn load_scenario(
    file: &str,
    path: &str,
    text: &str,
    corpus: &Corpus,
    diags: &mut Diagnostics,
) -> Option<Scenario> {
    load_scenario_with(REGISTRY, file, path, text, corpus, diags)
}

/// Reads a scenario whose modules are those of `registry`.
pub fn load_scenario_with(
    registry: Registry,
    file: &str,
    path: &str,
    text: &str,
    corpus: &Corpus,
    diags: &mut Diagnostics,
) -> Option<Scenario> {
    let before = diags.len();
    let node = yaml::parse(file, text, 0, false, diags)?;
    let map = node.as_mapping()?;
    let fields = Fields::new(file, 0, map, SCENARIO_FIELDS, None, diags);
    let title = fields.required_str("title", diags);
    let description = fields.optional_str("description", diags);
    let rulings = rulings(&fields, corpus, diags);
    let ruleset = ruleset(&fields, registry, corpus, diags);
    let expansions = expansions(&fields, registry, ruleset.as_deref(), diags);
    let start = start(&fields, diags);
    let players = players(&fields, diags);
    let player_list = players.clone().unwrap_or_default();
    let scope = Scope {
        modules: ModuleScope {
            file,
            corpus,
            players: &player_list,
            start: fields.start(),
        },
        registry,
        active: active(registry, ruleset.as_deref(), &expansions),
        ruleset: ruleset.clone(),
        expansions: expansions.clone(),
    };
    let setup = setup(&scope, &fields, diags);
    let board = list(&fields, "board", diags)
        .into_iter()
        .filter_map(|item| board_tile(&scope, item, diags))
        .collect::<Vec<_>>();
    let step_items = list(&fields, "steps", diags);
    let step_count = step_items.len();
    let (steps, expect_after) = steps(&scope, step_items, diags);
    if fields.map.get_node("steps").is_none() {
        diags.error(
            fields.start(),
            None,
            "chybí povinné pole `steps` (seznam tahů)",
        );
    }
    let verifies = Verifies {
        rulings: !rulings.is_empty(),
        after_steps: !expect_after.is_empty(),
    };
    let expect = final_expectations(&scope, &fields, step_count, verifies, diags);
    if diags.len() > before {
        return None;
    }
    Some(Scenario {
        path: path.to_owned(),
        title: title?,
        description,
        rulings,
        ruleset: ruleset?,
        expansions,
        setup,
        start: start?,
        players: players?,
        board,
        steps,
        expect,
        expect_after,
        source: text.to_owned(),
    })
}

/// What else a scenario verifies besides its final `expect`.
#[derive(Clone, Copy)]
struct Verifies {
    /// It names rulings (`rulings`).
    rulings: bool,
    /// Some step has its own `expect`.
    after_steps: bool,
}

/// The scenario's final `expect`; one that names rulings has to expect something.
fn final_expectations(
    scope: &Scope,
    fields: &Fields,
    step_count: usize,
    verifies: Verifies,
    diags: &mut Diagnostics,
) -> Expectations {
    let errors_before = diags.len();
    let expect = match fields.optional_mapping("expect", diags) {
        Some(expect) => expectations(scope, expect, step_count, diags),
        None => Expectations::default(),
    };
    // A malformed `expect` is reported already; an empty one is a separate mistake.
    let expects_nothing = expect.is_empty() && !verifies.after_steps;
    if verifies.rulings && expects_nothing && diags.len() == errors_before {
        diags.error(
            fields.value_location("rulings"),
            None,
            "scénář bez očekávání (`expect`) nic neověřuje, takže nemůže ověřit výklad; \
             doplňte, co má platit, nebo odeberte `rulings`",
        );
    }
    expect
}

/// The rulings a scenario verifies, each of which has to exist.
fn rulings(fields: &Fields, corpus: &Corpus, diags: &mut Diagnostics) -> Vec<String> {
    fields
        .optional_list("rulings", diags)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(id, location)| {
            if corpus.ruling(&id).is_none() {
                diags.error(location, None, format!("výklad `{id}` neexistuje"));
                return None;
            }
            Some(id)
        })
        .collect()
}

/// The ruleset a scenario plays, one the registry holds.
fn ruleset(
    fields: &Fields,
    registry: Registry,
    corpus: &Corpus,
    diags: &mut Diagnostics,
) -> Option<String> {
    let supported_rulesets = ids(registry, false);
    fields.required_str("ruleset", diags).filter(|r| {
        let supported = supported_rulesets.contains(&r.as_str());
        if !supported {
            let known = if corpus.game(r).is_some() {
                "hra existuje, ale její pravidla carcref zatím neověřuje"
            } else {
                "neznámá hra"
            };
            diags.error(
                fields.value_location("ruleset"),
                None,
                format!(
                    "pravidla `{r}`: {known} (podporováno: {})",
                    supported_rulesets.join(", ")
                ),
            );
        }
        supported
    })
}

/// The expansions a base-game scenario plays, each registered and named once.
fn expansions(
    fields: &Fields,
    registry: Registry,
    ruleset: Option<&str>,
    diags: &mut Diagnostics,
) -> Vec<String> {
    let known_expansions = ids(registry, true);
    let mut expansions: Vec<String> = Vec::new();
    for (name, location) in fields
        .optional_list("expansions", diags)
        .unwrap_or_default()
    {
        if !known_expansions.contains(&name.as_str()) {
            diags.error(
                location,
                None,
                format!(
                    "rozšíření `{name}` carcref neověřuje (ověřuje: {})",
                    known_expansions.join(", ")
                ),
            );
        } else if ruleset != Some(BASE_GAME) {
            diags.error(
                location,
                None,
                "rozšíření se hrají se základní hrou (`ruleset: zakladni-hra`)",
            );
        } else if expansions.contains(&name) {
            diags.error(
                location,
                None,
                format!("rozšíření `{name}` je uvedeno dvakrát"),
            );
        } else {
            expansions.push(name);
        }
    }
    expansions
}

/// Where the board starts: the base game's start tile, the 2x2 start tile or nothing.
fn start(fields: &Fields, diags: &mut Diagnostics) -> Option<Start> {
    match fields.optional_str("start", diags).as_deref() {
        None | Some("zakladni") => Some(Start::Base),
        Some("duchove-2x2") => Some(Start::Square2x2),
        Some("none") => Some(Start::None),
        Some(other) => {
            diags.error(
                fields.value_location("start"),
                None,
                format!("neznámý start `{other}` (povolené: zakladni, duchove-2x2, none)"),
            );
            None
        }
    }
}

/// Each module's `setup`: every module in play reads it, present or not, as a ruleset may
/// require one.
fn setup(scope: &Scope, fields: &Fields, diags: &mut Diagnostics) -> ModuleData {
    let setup_fields = fields
        .optional_mapping("setup", diags)
        .map(|setup| scope.fields(setup, Context::Setup, &[], diags));
    let mut setup = ModuleData::default();
    for module in &scope.active {
        if let Some(entry) = module
            .hooks
            .setup(setup_fields.as_ref(), &scope.modules, diags)
        {
            setup.insert(module.id, entry);
        }
    }
    setup
}

/// The steps, with the expectations written under a step (checked after it).
fn steps(
    scope: &Scope,
    step_items: Vec<&MarkedMappingNode>,
    diags: &mut Diagnostics,
) -> (Vec<Step>, Vec<(usize, Expectations)>) {
    let step_count = step_items.len();
    let mut steps = Vec::new();
    let mut expect_after = Vec::new();
    for (index, item) in step_items.into_iter().enumerate() {
        if let Some(step) = step(scope, item, diags) {
            steps.push(step);
        }
        let step_expect = item.get_node("expect");
        if let Some(Node::Mapping(expect)) = step_expect {
            if let Some(key) = expect.keys().find(|k| k.as_str() == "rejected") {
                diags.error(
                    yaml::location(scope.modules.file, key.span(), 0),
                    None,
                    "odmítnuté kroky se uvádějí v `expect` celého scénáře, ne u kroku",
                );
            }
            let after = expectations(scope, expect, step_count, diags);
            if after.is_empty() {
                diags.error(
                    yaml::location(scope.modules.file, expect.span(), 0),
                    None,
                    "`expect` u kroku nic neočekává",
                );
            }
            expect_after.push((index, after));
        } else if let Some(other) = step_expect {
            diags.error(
                yaml::location(scope.modules.file, other.span(), 0),
                None,
                "`expect` u kroku je mapování jako `expect` scénáře",
            );
        }
    }
    (steps, expect_after)
}

/// What the parts of a scenario are read against: its players, and the ruleset and
/// expansions whose modules' keys it may use.
struct Scope<'a> {
    /// What the modules' readers are given.
    modules: ModuleScope<'a>,
    registry: Registry,
    active: Vec<&'static Descriptor>,
    ruleset: Option<String>,
    expansions: Vec<String>,
}

impl<'a> Scope<'a> {
    /// Each module in play reads its keys in `fields` with `read`, if one of them is there.
    fn module_data(
        &self,
        fields: &Fields,
        context: Context,
        diags: &mut Diagnostics,
        read: impl Fn(&dyn AnyHooks, &Fields, &ModuleScope, &mut Diagnostics) -> Option<Entry>,
    ) -> ModuleData {
        let mut data = ModuleData::default();
        for module in &self.active {
            let used = module
                .keys(context)
                .iter()
                .any(|key| fields.map.get_node(key).is_some());
            if used {
                if let Some(entry) = read(module.hooks, fields, &self.modules, diags) {
                    data.insert(module.id, entry);
                }
            }
        }
        data
    }

    /// Checks a mapping's keys: the `common` ones, or keys of a module the scenario plays; a
    /// key of a module it does not play names that module.
    fn fields<'n>(
        &self,
        map: &'n MarkedMappingNode,
        context: Context,
        common: &[&str],
        diags: &mut Diagnostics,
    ) -> Fields<'n>
    where
        'a: 'n,
    {
        for key in map.keys() {
            let name = key.as_str();
            if common.contains(&name) {
                continue;
            }
            let owners = owners(self.registry, name, context);
            let active = owners
                .iter()
                .any(|v| is_active(v, self.ruleset.as_deref(), &self.expansions));
            if !owners.is_empty() && !active {
                let names: Vec<String> = owners.iter().map(|v| v.owner()).collect();
                diags.error(
                    yaml::location(self.modules.file, key.span(), 0),
                    None,
                    format!("`{name}` patří jen {}", names.join(" nebo ")),
                );
            }
        }
        let mut known: Vec<&str> = common.to_vec();
        known.extend(all_keys(self.registry, context));
        Fields::new(self.modules.file, 0, map, &known, None, diags)
    }
}

fn players(fields: &Fields, diags: &mut Diagnostics) -> Option<Vec<Colour>> {
    let items = fields.required_list("players", diags)?;
    let mut players = Vec::new();
    for (name, location) in items {
        match Colour::parse(&name) {
            Some(colour) if players.contains(&colour) => {
                diags.error(location, None, format!("barva `{name}` je uvedena dvakrát"));
            }
            Some(colour) => players.push(colour),
            None => diags.error(
                location,
                None,
                format!("neznámá barva `{name}` (povolené: {})", Colour::NAMES),
            ),
        }
    }
    (!players.is_empty()).then_some(players)
}

fn rotation(fields: &Fields, diags: &mut Diagnostics) -> Option<u8> {
    let degrees = fields.optional_int("rotation", diags).unwrap_or(0);
    match degrees {
        0 | 90 | 180 | 270 => Some((degrees / 90) as u8),
        other => {
            diags.error(
                fields.value_location("rotation"),
                None,
                format!("otočení {other} není povolené: 0, 90, 180 nebo 270 stupňů"),
            );
            None
        }
    }
}

/// A meeple on the prepared board (`needs_player`) or in a step, with its modules' keys.
fn meeple(
    scope: &Scope,
    map: &MarkedMappingNode,
    needs_player: bool,
    diags: &mut Diagnostics,
) -> Option<MeepleSpec> {
    let fields = scope.fields(map, Context::Meeple, MEEPLE_FIELDS, diags);
    let modules = scope.module_data(&fields, Context::Meeple, diags, |hooks, f, s, d| {
        hooks.meeple(f, needs_player, s, d)
    });
    let spec = common_meeple(scope, &fields, needs_player, diags)?;
    Some(MeepleSpec { modules, ..spec })
}

/// `kind`: a kind of figure one of the registry's games brings (`normal`, `big`, `guard`).
fn figure_kind(
    registry: Registry,
    fields: &Fields,
    text: Option<String>,
    diags: &mut Diagnostics,
) -> Option<MeepleKind> {
    let kinds = figure_kinds(registry);
    fields.known(
        "kind",
        text,
        |text| kinds.iter().copied().find(|kind| kind.id() == text),
        |text| {
            let ids: Vec<&str> = kinds.iter().map(|kind| kind.id()).collect();
            format!("neznámý druh `{text}` ({})", ids.join(", "))
        },
        diags,
    )
}

/// The required `on`: a place on a tile.
fn spot(fields: &Fields, diags: &mut Diagnostics) -> Option<Spot> {
    fields.known(
        "on",
        fields.required_str("on", diags),
        Spot::parse,
        |on| format!("`{on}` není místo na kartičce (N, E, S, W, NL, NR, …, center)"),
        diags,
    )
}

fn common_meeple(
    scope: &Scope,
    fields: &Fields,
    needs_player: bool,
    diags: &mut Diagnostics,
) -> Option<MeepleSpec> {
    let players = scope.modules.players;
    let spot = spot(fields, diags)?;
    let kind = match fields.optional_str("kind", diags) {
        None => MeepleKind::NORMAL,
        text => figure_kind(scope.registry, fields, text, diags)?,
    };
    let feature = match fields.optional_str("feature", diags) {
        None => None,
        text => Some(fields.known(
            "feature",
            text,
            FeatureKind::parse,
            |text| {
                format!("neznámé území `{text}` (road, city, field, monastery, castle, graveyard)")
            },
            diags,
        )?),
    };
    let player = colour(fields, "player", players, diags);
    let at = if fields.map.get_node("at").is_some() {
        Some(position(fields, diags)?)
    } else {
        None
    };
    if needs_player && at.is_some() {
        diags.error(
            fields.value_location("at"),
            None,
            "družiník na připraveném plánu stojí na své kartičce; `at` sem nepatří",
        );
        return None;
    }
    if needs_player && player.is_none() && fields.map.get_node("player").is_none() {
        diags.error(
            fields.start(),
            None,
            "družiník na připraveném plánu potřebuje `player`",
        );
        return None;
    }
    Some(MeepleSpec {
        on: spot,
        kind,
        feature,
        player,
        at,
        modules: ModuleData::default(),
        location: fields.start(),
    })
}

fn board_tile(
    scope: &Scope,
    map: &MarkedMappingNode,
    diags: &mut Diagnostics,
) -> Option<BoardTile> {
    let fields = scope.fields(map, Context::Board, BOARD_FIELDS, diags);
    let tile = tile_ref(&fields, "tile", scope.modules.corpus, diags);
    let at = position(&fields, diags);
    let rotation = rotation(&fields, diags);
    let meeples: Vec<Option<MeepleSpec>> = list(&fields, "meeples", diags)
        .into_iter()
        .map(|m| meeple(scope, m, true, diags))
        .collect();
    let modules = scope.module_data(&fields, Context::Board, diags, |hooks, f, s, d| {
        hooks.board(f, s, d)
    });
    Some(BoardTile {
        tile: tile?,
        at: at?,
        rotation: rotation?,
        meeples: meeples.into_iter().collect::<Option<Vec<_>>>()?,
        modules,
        location: fields.start(),
    })
}

fn step(scope: &Scope, map: &MarkedMappingNode, diags: &mut Diagnostics) -> Option<Step> {
    let (corpus, players) = (scope.modules.corpus, scope.modules.players);
    let fields = scope.fields(map, Context::Step, STEP_FIELDS, diags);
    let kinds: Vec<&str> = ["place", "pass", "end"]
        .into_iter()
        .filter(|k| map.get_node(k).is_some())
        .collect();
    if kinds.len() > 1 {
        diags.error(
            fields.start(),
            None,
            format!(
                "krok je buď tah (`place`), nebo vynechání (`pass`), nebo konec hry (`end`), ne {}",
                kinds
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(" a ")
            ),
        );
        return None;
    }
    if let Some(end) = fields.optional_str("end", diags) {
        return end_of_game(&fields, map, &end, diags);
    }
    let player = colour(&fields, "player", players, diags);
    let errors = diags.len();
    let modules = scope.module_data(&fields, Context::Step, diags, |hooks, f, s, d| {
        hooks.step(f, s, d)
    });
    if diags.len() > errors {
        return None;
    }
    if fields.map.get_node("pass").is_some() {
        return Some(Step::Pass {
            player,
            tile: tile_ref(&fields, "pass", corpus, diags)?,
            modules,
            location: fields.start(),
        });
    }
    if fields.map.get_node("place").is_none() {
        diags.error(
            fields.start(),
            None,
            "krok je tah (`place: kartička`, `at`, `rotation`, `meeple`), `pass: kartička` nebo `end: game`",
        );
        return None;
    }
    let tile = tile_ref(&fields, "place", corpus, diags);
    let at = position(&fields, diags);
    let auto_rotation = (fields.map.get_scalar("rotation").map(|r| r.as_str().trim())
        == Some("auto"))
    .then(|| fields.value_location("rotation"));
    let rotation = if auto_rotation.is_some() {
        Some(0)
    } else {
        rotation(&fields, diags)
    };
    let meeples = step_meeples(scope, &fields, diags)?;
    let choose = fields
        .optional_list("choose", diags)
        .unwrap_or_default()
        .into_iter()
        .map(|(c, _)| canonical_choice(&c))
        .collect();
    Some(Step::Place {
        player,
        tile: tile?,
        at: at?,
        rotation: rotation?,
        auto_rotation,
        meeples,
        choose,
        modules,
        location: fields.start(),
    })
}

/// `end: game`, and nothing else beside it but `expect`.
fn end_of_game(
    fields: &Fields,
    map: &MarkedMappingNode,
    end: &str,
    diags: &mut Diagnostics,
) -> Option<Step> {
    let extra: Vec<&str> = map
        .keys()
        .map(|k| k.as_str())
        .filter(|k| *k != "end" && *k != "expect")
        .collect();
    if !extra.is_empty() {
        diags.error(
            fields.start(),
            None,
            format!(
                "konec hry (`end: game`) nemá další pole: {}",
                extra.join(", ")
            ),
        );
        return None;
    }
    if end != "game" {
        diags.error(
            fields.value_location("end"),
            None,
            "jediný konec je `end: game` (závěrečné hodnocení)",
        );
        return None;
    }
    Some(Step::EndGame {
        location: fields.start(),
    })
}

/// A step's `meeple`: none, one, or a list of tries.
fn step_meeples(
    scope: &Scope,
    fields: &Fields,
    diags: &mut Diagnostics,
) -> Option<Vec<MeepleSpec>> {
    let read = |m: &MarkedMappingNode, diags: &mut Diagnostics| meeple(scope, m, false, diags);
    let meeples = match fields.map.get_node("meeple") {
        None => Vec::new(),
        Some(Node::Scalar(s)) if s.as_str() == "none" => Vec::new(),
        Some(Node::Mapping(m)) => vec![read(m, diags)?],
        Some(Node::Sequence(items)) => {
            let mut list = Vec::new();
            for item in items.iter() {
                let Some(m) = item.as_mapping() else {
                    diags.error(
                        fields.at(item.span()),
                        None,
                        "položky `meeple` mají tvar {on: N}",
                    );
                    return None;
                };
                list.push(read(m, diags)?);
            }
            list
        }
        Some(other) => {
            diags.error(
                fields.at(other.span()),
                None,
                "`meeple` je `none`, {on: N} nebo seznam pokusů",
            );
            return None;
        }
    };
    Some(meeples)
}

/// An answer to the rules' questions in the form the engine writes its options: single
/// spaces, and `[x, y]` with a comma and a space (`[-1,1]` and ` [ -1 , 1 ]` are `[-1, 1]`).
fn unknown_rule_key(key: &str) -> String {
    let known = crate::engine::rule_keys().map(|(k, _)| k);
    format!(
        "neznámý klíč pravidla `{key}`{}",
        crate::yaml::did_you_mean(known, key)
    )
}

pub fn canonical_choice(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0u32;
    for c in text.trim().chars() {
        match c {
            '[' => {
                depth += 1;
                out.push('[');
            }
            ']' => {
                let trimmed = out.trim_end().len();
                out.truncate(trimmed);
                depth = depth.saturating_sub(1);
                out.push(']');
            }
            ',' => {
                let trimmed = out.trim_end().len();
                out.truncate(trimmed);
                out.push_str(", ");
            }
            c if c.is_whitespace() => {
                if !(out.is_empty() || out.ends_with(' ') || out.ends_with('[')) {
                    out.push(' ');
                }
            }
            c => out.push(c),
        }
    }
    out.trim_end().to_owned()
}

fn expectations(
    scope: &Scope,
    expect: &MarkedMappingNode,
    steps: usize,
    diags: &mut Diagnostics,
) -> Expectations {
    let (file, players) = (scope.modules.file, scope.modules.players);
    let fields = scope.fields(expect, Context::Expect, EXPECT_FIELDS, diags);
    let completed = fields
        .optional_int_in("completed", 0..=MAX_COUNT, diags)
        .map(|n| n as usize);
    let rejected = rejected_steps(file, &fields, expect, steps, diags);
    let rules = rule_keys(&fields, diags);
    let meeples_at = meeples_at(scope, &fields, diags);
    Expectations {
        points: points_by_kind(file, expect, players, diags),
        meeples_at,
        supply: per_player(file, expect, "supply", players, 0..=MAX_COUNT, diags),
        modules: scope.module_data(&fields, Context::Expect, diags, |hooks, f, s, d| {
            hooks.expect(f, s, d)
        }),
        score: per_player(file, expect, "score", players, 0..=MAX_SCORE, diags),
        completed,
        meeples_on_board: per_player(
            file,
            expect,
            "meeples_on_board",
            players,
            0..=MAX_COUNT,
            diags,
        ),
        returned: per_player(file, expect, "returned", players, 0..=MAX_COUNT, diags),
        rejected,
        rules,
    }
}

/// `rejected`: the steps the engine must refuse, each once, with the rule that refuses it.
fn rejected_steps(
    file: &str,
    fields: &Fields,
    expect: &MarkedMappingNode,
    steps: usize,
    diags: &mut Diagnostics,
) -> Vec<(usize, String)> {
    let mut rejected = Vec::new();
    // One refused step as a mapping, or several as a list of them.
    let refusals: Vec<&MarkedMappingNode> = match expect.get_node("rejected") {
        None => Vec::new(),
        Some(Node::Mapping(one)) => vec![one],
        Some(Node::Sequence(_)) => list(fields, "rejected", diags),
        Some(other) => {
            diags.error(
                fields.at(other.span()),
                None,
                "`rejected` má tvar {step: 2, reason: klíč} nebo seznam takových položek",
            );
            Vec::new()
        }
    };
    for node in refusals {
        let r = Fields::new(file, 0, node, &["step", "reason"], None, diags);
        let step = r.required_int("step", diags);
        let reason = r.required_str("reason", diags);
        if let (Some(step), Some(reason)) = (step, reason) {
            if step < 1 || step as usize > steps {
                diags.error(
                    r.value_location("step"),
                    None,
                    format!("krok {step} neexistuje (scénář má {steps} kroků)"),
                );
            } else if crate::engine::rule_description(&reason).is_none() {
                diags.error(r.value_location("reason"), None, unknown_rule_key(&reason));
            } else if rejected.iter().any(|(s, _)| *s == step as usize) {
                diags.error(
                    r.value_location("step"),
                    None,
                    format!("krok {step} je v `rejected` dvakrát"),
                );
            } else {
                rejected.push((step as usize, reason));
            }
        }
    }
    rejected
}

/// `rules`: keys of rules the run must apply, each one the engine knows.
fn rule_keys(fields: &Fields, diags: &mut Diagnostics) -> Vec<String> {
    (fields.optional_list("rules", diags).unwrap_or_default())
        .into_iter()
        .filter_map(|(key, location)| {
            if crate::engine::rule_description(&key).is_none() {
                diags.error(location, None, unknown_rule_key(&key));
                return None;
            }
            Some(key)
        })
        .collect()
}

/// `meeples_at`: figures that must stand where the run ends, each with its owner.
fn meeples_at(scope: &Scope, fields: &Fields, diags: &mut Diagnostics) -> Vec<MeepleAt> {
    let (file, players) = (scope.modules.file, scope.modules.players);
    let mut meeples_at = Vec::new();
    for item in list(fields, "meeples_at", diags) {
        let m = Fields::new(file, 0, item, &["at", "on", "player", "kind"], None, diags);
        let at = position(&m, diags);
        let on = spot(&m, diags);
        if item.get_node("player").is_none() {
            diags.error(
                m.start(),
                None,
                "u `meeples_at` chybí `player` (čí figurka)",
            );
        }
        let player = colour(&m, "player", players, diags);
        let kind = figure_kind(scope.registry, &m, m.optional_str("kind", diags), diags);
        if let (Some(at), Some(on), Some(player)) = (at, on, player) {
            meeples_at.push(MeepleAt {
                at,
                on,
                player,
                kind,
            });
        }
    }
    meeples_at
}

/// `points: {red: {road: 4, city: 10}}`: points awarded for features, by player and kind.
fn points_by_kind(
    file: &str,
    expect: &MarkedMappingNode,
    players: &[Colour],
    diags: &mut Diagnostics,
) -> Vec<(Colour, Vec<(FeatureKind, i32)>)> {
    const SHAPE: &str = "`points` má tvar {red: {road: 4, city: 10, monastery: 9, field: 6}}";
    let Some(node) = expect.get_node("points") else {
        return Vec::new();
    };
    let Some(map) = node.as_mapping() else {
        diags.error(yaml::location(file, node.span(), 0), None, SHAPE);
        return Vec::new();
    };
    let mut out = Vec::new();
    for (name, value) in map.iter() {
        let Some(colour) = Colour::parse(name.as_str()).filter(|c| players.contains(c)) else {
            diags.error(
                yaml::location(file, name.span(), 0),
                None,
                format!("`{}` není hráč scénáře", name.as_str()),
            );
            continue;
        };
        let Some(kinds) = value.as_mapping() else {
            diags.error(yaml::location(file, value.span(), 0), None, SHAPE);
            continue;
        };
        let mut by_kind = Vec::new();
        for (kind, points) in kinds.iter() {
            let Some(feature) = FeatureKind::parse(kind.as_str()) else {
                diags.error(
                    yaml::location(file, kind.span(), 0),
                    None,
                    format!(
                        "neznámé území `{}` (road, city, field, monastery, castle, graveyard)",
                        kind.as_str()
                    ),
                );
                continue;
            };
            let number = points
                .as_scalar()
                .and_then(|v| v.as_str().trim().parse::<i64>().ok())
                .filter(|n| (0..=MAX_SCORE).contains(n));
            match number {
                Some(n) => by_kind.push((feature, n as i32)),
                None => diags.error(
                    yaml::location(file, points.span(), 0),
                    None,
                    format!("body za území jsou celé číslo od 0 do {MAX_SCORE}"),
                ),
            }
        }
        out.push((colour, by_kind));
    }
    out
}
