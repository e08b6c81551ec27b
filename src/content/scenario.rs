//! Reading scenario files with a located message for every problem.

use marked_yaml::types::MarkedMappingNode;
use marked_yaml::Node;

use super::tiles::{tile_spec, INLINE_TILE_FIELDS};
use super::yaml::{self, Fields};
use crate::diagnostic::Diagnostics;
use crate::engine::core::tile::FACE_DOWN_ID;
use crate::engine::modules::gifts::Gift;
use crate::engine::modules::mists::{Level, START_GHOSTS};
use crate::engine::modules::rulesets;
use crate::engine::modules::vocabulary::{self, Context};
use crate::model::geometry::{Pos, BOARD_RADIUS as RADIUS};
use crate::model::pieces::{Colour, FeatureKind, MeepleKind, Spot};
use crate::model::scenario::{
    BaseSetup, BoardTile, Expectations, GiftSpec, GiftsSetup, MeepleAt, MeepleSpec, MistsSetup,
    Scenario, Start, Step, TileRef,
};
use crate::model::Corpus;

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
const GIFT_FIELDS: &[&str] = &["card", "at", "on", "to", "other", "set_aside"];
pub const GHOSTS_EXPANSION: &str = "duchove-zamky-hrbitovy";
pub const INNS_EXPANSION: &str = "hostince-a-katedraly";
pub const GIFTS_EXPANSION: &str = "darky";
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
pub const MISTS_RULESET: &str = "duchove-carcassonne";
/// Bounds of numbers in scenarios: generous for any real game, and far from overflow.
const MAX_COUNT: i64 = 1000;
const MAX_SCORE: i64 = 10_000;
const MAX_TRACK: i64 = 1000;
/// A colour's meeples in the cooperative game (5, or more when playing several colours).
const MAX_MEEPLES: i64 = 20;

/// Rulesets the engine can play so far.
pub const SUPPORTED_RULESETS: &[&str] = &["zakladni-hra", MISTS_RULESET];

pub fn load_scenario(
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
    let rulings: Vec<String> = fields
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
        .collect();
    let ruleset = fields.required_str("ruleset", diags).filter(|r| {
        let supported = SUPPORTED_RULESETS.contains(&r.as_str());
        if !supported {
            let known = if corpus.game(r).is_some() {
                "hra existuje, ale engine její pravidla zatím neumí"
            } else {
                "neznámá hra"
            };
            diags.error(
                fields.value_location("ruleset"),
                None,
                format!(
                    "pravidla `{r}`: {known} (podporováno: {})",
                    SUPPORTED_RULESETS.join(", ")
                ),
            );
        }
        supported
    });
    let known_expansions = rulesets::expansion_ids();
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
                    "rozšíření `{name}` engine neumí (umí: {})",
                    known_expansions.join(", ")
                ),
            );
        } else if ruleset.as_deref() != Some("zakladni-hra") {
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
    let start = match fields.optional_str("start", diags).as_deref() {
        None | Some("zakladni") => Some(Start::Base),
        Some("duchove-2x2") => Some(Start::Mists2x2),
        Some("none") => Some(Start::None),
        Some(other) => {
            diags.error(
                fields.value_location("start"),
                None,
                format!("neznámý start `{other}` (povolené: zakladni, duchove-2x2, none)"),
            );
            None
        }
    };
    let players = players(&fields, diags);
    let is_mists = ruleset.as_deref() == Some(MISTS_RULESET);
    let scope = Scope {
        file,
        corpus,
        players: players.clone().unwrap_or_default(),
        ruleset: ruleset.clone(),
        expansions: expansions.clone(),
    };
    let mut gifts = None;
    let mut base = BaseSetup::default();
    let mists = match fields.optional_mapping("setup", diags) {
        Some(setup) => {
            let setup = scope.fields(setup, Context::Setup, &[], diags);
            if is_mists {
                mists_setup(&setup, &scope.players, diags)
            } else {
                base = base_setup(&setup, &scope.players, diags);
                if expansions.iter().any(|e| e == GIFTS_EXPANSION) {
                    gifts = gifts_setup(&setup, &scope.players, diags);
                }
                None
            }
        }
        None if is_mists => {
            diags.error(
                fields.start(),
                None,
                "pravidla Duchů Carcassonne potřebují `setup: {level: 1..6}`",
            );
            None
        }
        None => None,
    };
    let board = list(&fields, "board", diags)
        .into_iter()
        .filter_map(|item| board_tile(&scope, item, diags))
        .collect::<Vec<_>>();
    let step_items = list(&fields, "steps", diags);
    let step_count = step_items.len();
    let mut steps = Vec::new();
    let mut expect_after = Vec::new();
    for (index, item) in step_items.into_iter().enumerate() {
        if let Some(step) = step(&scope, item, diags) {
            steps.push(step);
        }
        let step_expect = item.get_node("expect");
        if let Some(Node::Mapping(expect)) = step_expect {
            if let Some(key) = expect.keys().find(|k| k.as_str() == "rejected") {
                diags.error(
                    yaml::location(file, key.span(), 0),
                    None,
                    "odmítnuté kroky se uvádějí v `expect` celého scénáře, ne u kroku",
                );
            }
            let after = expectations(&scope, expect, step_count, diags);
            if after.is_empty() {
                diags.error(
                    yaml::location(file, expect.span(), 0),
                    None,
                    "`expect` u kroku nic neočekává",
                );
            }
            expect_after.push((index, after));
        } else if let Some(other) = step_expect {
            diags.error(
                yaml::location(file, other.span(), 0),
                None,
                "`expect` u kroku je mapování jako `expect` scénáře",
            );
        }
    }
    if fields.map.get_node("steps").is_none() {
        diags.error(
            fields.start(),
            None,
            "chybí povinné pole `steps` (seznam tahů)",
        );
    }
    let errors_before_expect = diags.len();
    let expect = match fields.optional_mapping("expect", diags) {
        Some(expect) => expectations(&scope, expect, step_count, diags),
        None => Expectations::default(),
    };
    // A malformed `expect` is reported already; an empty one is a separate mistake.
    let expects_nothing = expect.is_empty() && expect_after.is_empty();
    if !rulings.is_empty() && expects_nothing && diags.len() == errors_before_expect {
        diags.error(
            fields.value_location("rulings"),
            None,
            "scénář bez očekávání (`expect`) nic neověřuje, takže nemůže ověřit výklad; \
             doplňte, co má platit, nebo odeberte `rulings`",
        );
    }
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
        mists,
        gifts,
        base,
        start: start?,
        players: players?,
        board,
        steps,
        expect,
        expect_after,
    })
}

/// What the parts of a scenario are read against: its players, and the ruleset and
/// expansions whose modules' keys it may use.
struct Scope<'a> {
    file: &'a str,
    corpus: &'a Corpus,
    players: Vec<Colour>,
    ruleset: Option<String>,
    expansions: Vec<String>,
}

impl<'a> Scope<'a> {
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
            let owners = vocabulary::owners(name, context);
            let active = owners
                .iter()
                .any(|v| vocabulary::is_active(v, self.ruleset.as_deref(), &self.expansions));
            if !owners.is_empty() && !active {
                let names: Vec<String> = owners.iter().map(|v| v.owner()).collect();
                diags.error(
                    yaml::location(self.file, key.span(), 0),
                    None,
                    format!("`{name}` patří jen {}", names.join(" nebo ")),
                );
            }
        }
        let mut known: Vec<&str> = common.to_vec();
        known.extend(vocabulary::all_keys(context));
        Fields::new(self.file, 0, map, &known, None, diags)
    }
}

fn list<'a>(fields: &Fields<'a>, key: &str, diags: &mut Diagnostics) -> Vec<&'a MarkedMappingNode> {
    match fields.map.get_node(key) {
        None => Vec::new(),
        Some(Node::Sequence(items)) => items
            .iter()
            .filter_map(|item| {
                let map = item.as_mapping();
                if map.is_none() {
                    diags.error(
                        fields.at(item.span()),
                        None,
                        format!("položky `{key}` mají být mapování `klíč: hodnota`"),
                    );
                }
                map
            })
            .collect(),
        Some(other) => {
            diags.error(
                fields.at(other.span()),
                None,
                format!("`{key}` má být seznam"),
            );
            Vec::new()
        }
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

fn colour(
    fields: &Fields,
    key: &str,
    players: &[Colour],
    diags: &mut Diagnostics,
) -> Option<Colour> {
    let name = fields.optional_str(key, diags)?;
    match Colour::parse(&name) {
        Some(colour) if players.contains(&colour) => Some(colour),
        Some(_) => {
            diags.error(
                fields.value_location(key),
                None,
                format!("hráč `{name}` není mezi `players`"),
            );
            None
        }
        None => {
            diags.error(
                fields.value_location(key),
                None,
                format!("neznámá barva `{name}` (povolené: {})", Colour::NAMES),
            );
            None
        }
    }
}

fn tile_ref(
    fields: &Fields,
    key: &str,
    corpus: &Corpus,
    diags: &mut Diagnostics,
) -> Option<TileRef> {
    match fields.map.get_node(key) {
        Some(Node::Mapping(map)) => {
            let inline = Fields::new(fields.file, 0, map, INLINE_TILE_FIELDS, None, diags);
            tile_spec(&inline, false, diags).map(|spec| TileRef::Inline(Box::new(spec)))
        }
        Some(_) => {
            let id = fields.required_str(key, diags)?;
            if id == FACE_DOWN_ID {
                if key == "tile" {
                    return Some(TileRef::FaceDown);
                }
                diags.error(
                    fields.value_location(key),
                    None,
                    "kartičku lícem dolů v tahu pokládají až pravidla Duchů; na připravený plán ji dejte přes `board`",
                );
                return None;
            }
            if corpus.tile(&id).is_none() {
                diags.error(
                    fields.value_location(key),
                    None,
                    format!(
                        "kartička `{id}` není v žádném katalogu (seznam vypíše `carcref tiles`)"
                    ),
                );
                return None;
            }
            Some(TileRef::Catalog(id))
        }
        None => {
            diags.error(
                fields.start(),
                None,
                format!("chybí povinné pole `{key}` (id kartičky)"),
            );
            None
        }
    }
}

fn position(fields: &Fields, diags: &mut Diagnostics) -> Option<Pos> {
    let items = fields.required_list("at", diags)?;
    let numbers: Vec<Option<i32>> = items
        .iter()
        .map(|(text, _)| text.parse::<i32>().ok())
        .collect();
    match numbers.as_slice() {
        [Some(x), Some(y)] if x.abs() < RADIUS && y.abs() < RADIUS => Some(Pos::new(*x, *y)),
        [Some(_), Some(_)] => {
            diags.error(
                fields.value_location("at"),
                None,
                format!("souřadnice musí být mezi -{0} a {0}", RADIUS - 1),
            );
            None
        }
        _ => {
            diags.error(
                fields.value_location("at"),
                None,
                "`at` má tvar [x, y] s celými čísly, např. [0, -1]",
            );
            None
        }
    }
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

fn meeple(
    fields: &Fields,
    players: &[Colour],
    needs_player: bool,
    diags: &mut Diagnostics,
) -> Option<MeepleSpec> {
    let on = fields.required_str("on", diags)?;
    let Some(spot) = Spot::parse(&on) else {
        diags.error(
            fields.value_location("on"),
            None,
            format!("`{on}` není místo na kartičce (N, E, S, W, NL, NR, …, center)"),
        );
        return None;
    };
    let kind = match fields.optional_str("kind", diags) {
        None => MeepleKind::Normal,
        Some(text) => match MeepleKind::parse(&text) {
            Some(kind) => kind,
            None => {
                diags.error(
                    fields.value_location("kind"),
                    None,
                    format!("neznámý druh `{text}` (normal, big, guard)"),
                );
                return None;
            }
        },
    };
    let feature = match fields.optional_str("feature", diags) {
        None => None,
        Some(text) => {
            match FeatureKind::parse(&text) {
                Some(kind) => Some(kind),
                None => {
                    diags.error(
                    fields.value_location("feature"),
                    None,
                    format!("neznámé území `{text}` (road, city, field, monastery, castle, graveyard)"),
                );
                    return None;
                }
            }
        }
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
    let ghosts = count(fields, "ghosts", diags).unwrap_or(0);
    let dog = fields.optional_bool("dog", diags).unwrap_or(false);
    if dog && !needs_player {
        diags.error(
            fields.value_location("dog"),
            None,
            "psa lze dát jen k družiníkovi na připraveném plánu (`board`)",
        );
        return None;
    }
    if ghosts > 0 && !needs_player {
        diags.error(
            fields.value_location("ghosts"),
            None,
            "duchy lze dát jen k družiníkovi na připraveném plánu (`board`)",
        );
        return None;
    }
    Some(MeepleSpec {
        on: spot,
        kind,
        feature,
        player,
        at,
        ghosts,
        dog,
        location: fields.start(),
    })
}

fn board_tile(
    scope: &Scope,
    map: &MarkedMappingNode,
    diags: &mut Diagnostics,
) -> Option<BoardTile> {
    let players = &scope.players[..];
    let fields = scope.fields(map, Context::Board, BOARD_FIELDS, diags);
    let tile = tile_ref(&fields, "tile", scope.corpus, diags);
    let at = position(&fields, diags);
    let rotation = rotation(&fields, diags);
    let meeples: Vec<Option<MeepleSpec>> = list(&fields, "meeples", diags)
        .into_iter()
        .map(|m| {
            let fields = scope.fields(m, Context::Meeple, MEEPLE_FIELDS, diags);
            meeple(&fields, players, true, diags)
        })
        .collect();
    let ghosts = count(&fields, "ghosts", diags).unwrap_or(0);
    Some(BoardTile {
        tile: tile?,
        at: at?,
        rotation: rotation?,
        meeples: meeples.into_iter().collect::<Option<Vec<_>>>()?,
        ghosts,
        location: fields.start(),
    })
}

fn step(scope: &Scope, map: &MarkedMappingNode, diags: &mut Diagnostics) -> Option<Step> {
    let (file, corpus, players) = (scope.file, scope.corpus, &scope.players[..]);
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
        return Some(Step::EndGame {
            location: fields.start(),
        });
    }
    let player = colour(&fields, "player", players, diags);
    let gift = match fields.optional_mapping("gift", diags) {
        Some(g) => Some(gift_spec(file, g, corpus, diags)?),
        None => None,
    };
    if fields.map.get_node("pass").is_some() {
        return Some(Step::Pass {
            player,
            tile: tile_ref(&fields, "pass", corpus, diags)?,
            gift,
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
    let read = |m: &MarkedMappingNode, diags: &mut Diagnostics| {
        let fields = scope.fields(m, Context::Meeple, MEEPLE_FIELDS, diags);
        meeple(&fields, players, false, diags)
    };
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
        gift,
        location: fields.start(),
    })
}

/// An answer to the rules' questions in the form the engine writes its options: single
/// spaces, and `[x, y]` with a comma and a space (`[-1,1]` and ` [ -1 , 1 ]` are `[-1, 1]`).
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

/// A `{red: 3, blue: 0}` mapping of the scenario's players to whole numbers in `range`.
fn per_player<T: TryFrom<i64>>(
    file: &str,
    parent: &MarkedMappingNode,
    key: &str,
    players: &[Colour],
    range: std::ops::RangeInclusive<i64>,
    diags: &mut Diagnostics,
) -> Vec<(Colour, T)> {
    let Some(node) = parent.get_node(key) else {
        return Vec::new();
    };
    let Some(map) = node.as_mapping() else {
        diags.error(
            yaml::location(file, node.span(), 0),
            None,
            format!("`{key}` má tvar {{red: 3, blue: 0}}"),
        );
        return Vec::new();
    };
    let mut out = Vec::new();
    for (name, value) in map.iter() {
        let location = yaml::location(file, name.span(), 0);
        let Some(colour) = Colour::parse(name.as_str()).filter(|c| players.contains(c)) else {
            diags.error(
                location,
                None,
                format!("`{}` není hráč scénáře", name.as_str()),
            );
            continue;
        };
        let number = value
            .as_scalar()
            .and_then(|v| v.as_str().trim().parse::<i64>().ok())
            .filter(|n| range.contains(n))
            .and_then(|n| T::try_from(n).ok());
        match number {
            Some(n) => out.push((colour, n)),
            None => diags.error(
                yaml::location(file, value.span(), 0),
                None,
                format!(
                    "`{key}` očekává celé číslo od {} do {}",
                    range.start(),
                    range.end()
                ),
            ),
        }
    }
    out
}

fn expectations(
    scope: &Scope,
    expect: &MarkedMappingNode,
    steps: usize,
    diags: &mut Diagnostics,
) -> Expectations {
    let (file, players) = (scope.file, &scope.players[..]);
    let fields = scope.fields(expect, Context::Expect, EXPECT_FIELDS, diags);
    let completed = fields
        .optional_int_in("completed", 0..=MAX_COUNT, diags)
        .map(|n| n as usize);
    let mut rejected = Vec::new();
    // One refused step as a mapping, or several as a list of them.
    let refusals: Vec<&MarkedMappingNode> = match expect.get_node("rejected") {
        None => Vec::new(),
        Some(Node::Mapping(one)) => vec![one],
        Some(Node::Sequence(_)) => list(&fields, "rejected", diags),
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
            } else if crate::engine::rule_keys::rule_description(&reason).is_none() {
                diags.error(
                    r.value_location("reason"),
                    None,
                    format!("neznámý klíč pravidla `{reason}`"),
                );
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
    let rules: Vec<String> = fields
        .optional_list("rules", diags)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(key, location)| {
            if crate::engine::rule_keys::rule_description(&key).is_none() {
                diags.error(location, None, format!("neznámý klíč pravidla `{key}`"));
                return None;
            }
            Some(key)
        })
        .collect();
    let mut ghosts_at = Vec::new();
    for item in list(&fields, "ghosts_at", diags) {
        let g = Fields::new(file, 0, item, &["at", "count"], None, diags);
        if let (Some(at), Some(n)) = (position(&g, diags), count(&g, "count", diags)) {
            ghosts_at.push((at, n));
        }
    }
    let outcome = fields.optional_str("outcome", diags).filter(|o| {
        let known = matches!(o.as_str(), "won" | "lost" | "playing");
        if !known {
            diags.error(
                fields.value_location("outcome"),
                None,
                format!("neznámý výsledek `{o}` (won, lost, playing)"),
            );
        }
        known
    });
    let loss = fields.optional_str("loss", diags).filter(|l| {
        let known = matches!(l.as_str(), "duchove" | "karticky" | "prah");
        if !known {
            diags.error(
                fields.value_location("loss"),
                None,
                format!("neznámá příčina prohry `{l}` (duchove, karticky, prah)"),
            );
        }
        known
    });
    let mut meeples_at = Vec::new();
    for item in list(&fields, "meeples_at", diags) {
        let m = Fields::new(file, 0, item, &["at", "on", "player", "kind"], None, diags);
        let at = position(&m, diags);
        let on = m.required_str("on", diags).and_then(|on| {
            let spot = Spot::parse(&on);
            if spot.is_none() {
                diags.error(
                    m.value_location("on"),
                    None,
                    format!("`{on}` není místo na kartičce (N, E, S, W, NL, NR, …, center)"),
                );
            }
            spot
        });
        if item.get_node("player").is_none() {
            diags.error(
                m.start(),
                None,
                "u `meeples_at` chybí `player` (čí figurka)",
            );
        }
        let player = colour(&m, "player", players, diags);
        let kind = m.optional_str("kind", diags).and_then(|text| {
            let kind = MeepleKind::parse(&text);
            if kind.is_none() {
                diags.error(
                    m.value_location("kind"),
                    None,
                    format!("neznámý druh `{text}` (normal, big, guard)"),
                );
            }
            kind
        });
        if let (Some(at), Some(on), Some(player)) = (at, on, player) {
            meeples_at.push(MeepleAt {
                at,
                on,
                player,
                kind,
            });
        }
    }
    let mut dogs_waiting = None;
    let mut dogs_used = None;
    if let Some(dogs) = fields.optional_mapping("dogs", diags) {
        let d = Fields::new(file, 0, dogs, &["waiting", "used"], None, diags);
        dogs_waiting = count(&d, "waiting", diags);
        dogs_used = count(&d, "used", diags);
        if dogs.is_empty() {
            diags.error(
                fields.value_location("dogs"),
                None,
                "`dogs` má tvar {waiting: 1, used: 1}",
            );
        }
    }
    let stacks_left = fields.optional_list("stacks_left", diags).map(|items| {
        items
            .into_iter()
            .filter_map(|(text, location)| match text.parse::<u32>() {
                Ok(n) if i64::from(n) <= MAX_COUNT => Some(n),
                _ => {
                    diags.error(
                        location,
                        None,
                        format!("`stacks_left` jsou počty kartiček od 0 do {MAX_COUNT}"),
                    );
                    None
                }
            })
            .collect()
    });
    Expectations {
        points: points_by_kind(file, expect, players, diags),
        meeples_at,
        supply: per_player(file, expect, "supply", players, 0..=MAX_COUNT, diags),
        stacks_left,
        face_down: count(&fields, "face_down", diags),
        dogs_waiting,
        dogs_used,
        ghosts: count(&fields, "ghosts", diags),
        bank: count(&fields, "bank", diags),
        ghosts_at,
        track: fields
            .optional_int_in("track", 0..=MAX_TRACK, diags)
            .map(|n| n as i32),
        counters: per_player(file, expect, "counters", players, 0..=MAX_TRACK, diags),
        outcome,
        loss,
        buried: count(&fields, "buried", diags),
        guards: per_player(file, expect, "guards", players, 0..=MAX_COUNT, diags),
        gifts: per_player(file, expect, "gifts", players, 0..=MAX_COUNT, diags),
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

/// A non-negative count field.
fn count(fields: &Fields, key: &str, diags: &mut Diagnostics) -> Option<u32> {
    fields
        .optional_int_in(key, 0..=MAX_COUNT, diags)
        .map(|n| n as u32)
}

fn mists_setup(fields: &Fields, players: &[Colour], diags: &mut Diagnostics) -> Option<MistsSetup> {
    let (file, setup) = (fields.file, fields.map);
    let level = fields.required_int("level", diags).and_then(|n| {
        let level = u8::try_from(n).ok().and_then(Level::get);
        if level.is_none() {
            diags.error(
                fields.value_location("level"),
                None,
                format!("úroveň {n} neexistuje (1 až 6)"),
            );
        }
        level
    })?;
    let track = match setup.get_node("track") {
        None => Vec::new(),
        Some(Node::Mapping(_)) if level.counters > 1 => {
            per_player(file, setup, "track", players, 0..=MAX_TRACK, diags)
                .into_iter()
                .map(|(c, n)| (Some(c), n))
                .collect()
        }
        Some(Node::Mapping(_)) => {
            diags.error(
                fields.value_location("track"),
                None,
                "počítadla po barvách má jen úroveň 6; jinak `track: číslo`",
            );
            return None;
        }
        Some(_) => match fields.optional_int_in("track", 0..=MAX_TRACK, diags) {
            Some(n) if level.counters == 1 => vec![(None, n as i32)],
            Some(_) => {
                diags.error(
                    fields.value_location("track"),
                    None,
                    "úroveň 6 má 3 počítadla: `track: {yellow: 6, green: 0, pink: 3}`",
                );
                return None;
            }
            None => return None,
        },
    };
    if level.counters > 1 && !track.is_empty() && track.len() != level.counters {
        diags.error(
            fields.value_location("track"),
            None,
            format!(
                "úroveň 6 má {} počítadla, každé jedné barvy",
                level.counters
            ),
        );
    }
    let stacks = fields.optional_list("stacks", diags).map(|items| {
        items
            .into_iter()
            .filter_map(|(text, location)| match text.parse::<u32>() {
                Ok(n) if i64::from(n) <= MAX_COUNT => Some(n),
                _ => {
                    diags.error(
                        location,
                        None,
                        format!("`stacks` jsou počty kartiček od 0 do {MAX_COUNT}"),
                    );
                    None
                }
            })
            .collect()
    });
    Some(MistsSetup {
        level: level.number,
        track,
        // The start tile has room for exactly its 3 ghosts; more would be dropped unseen.
        start_ghosts: fields
            .optional_int_in("start_ghosts", 0..=i64::from(START_GHOSTS), diags)
            .map_or(START_GHOSTS, |n| n as u32),
        stacks,
        meeples: fields
            .optional_int_in("meeples", 0..=MAX_MEEPLES, diags)
            .map_or(5, |n| n as u32),
    })
}

fn gift_id(
    text: &str,
    location: crate::diagnostic::Location,
    diags: &mut Diagnostics,
) -> Option<String> {
    if Gift::parse(text).is_none() {
        diags.error(
            location,
            None,
            format!("neznámý dárek `{text}` (známé: {})", Gift::NAMES),
        );
        return None;
    }
    Some(text.to_owned())
}

fn gift_spec(
    file: &str,
    map: &MarkedMappingNode,
    corpus: &Corpus,
    diags: &mut Diagnostics,
) -> Option<GiftSpec> {
    let fields = Fields::new(file, 0, map, GIFT_FIELDS, None, diags);
    let card = fields.required_str("card", diags)?;
    let card = gift_id(&card, fields.value_location("card"), diags)?;
    let at = if map.get_node("at").is_some() {
        Some(position(&fields, diags)?)
    } else {
        None
    };
    let spot = |key: &str, diags: &mut Diagnostics| -> Option<Option<Spot>> {
        match fields.optional_str(key, diags) {
            None => Some(None),
            Some(text) => match Spot::parse(&text) {
                Some(spot) => Some(Some(spot)),
                None => {
                    diags.error(
                        fields.value_location(key),
                        None,
                        format!("`{text}` není místo na kartičce (N, E, S, W, NL, NR, …, center)"),
                    );
                    None
                }
            },
        }
    };
    let on = spot("on", diags)?;
    let to = spot("to", diags)?;
    let other = if map.get_node("other").is_some() {
        Some(tile_ref(&fields, "other", corpus, diags)?)
    } else {
        None
    };
    let mut set_aside = Vec::new();
    for (id, location) in fields.optional_list("set_aside", diags).unwrap_or_default() {
        if corpus.tile(&id).is_none() {
            diags.error(
                location,
                None,
                format!("kartička `{id}` není v žádném katalogu"),
            );
            return None;
        }
        set_aside.push(TileRef::Catalog(id));
    }
    let needs: &[&str] = match card.as_str() {
        "koncil" => &["at"],
        "vyklizeni-cesty" | "vyplaceni" => &["at", "on"],
        "zmena-postoje" => &["at", "on", "to"],
        // Výběr ze 2 without `other`: no tile was left to draw.
        _ => &[],
    };
    let given = |k: &str| match k {
        "at" => at.is_some(),
        "on" => on.is_some(),
        "to" => to.is_some(),
        _ => other.is_some(),
    };
    let missing: Vec<&str> = needs.iter().copied().filter(|k| !given(k)).collect();
    if !missing.is_empty() {
        diags.error(
            fields.start(),
            None,
            format!("dárek `{card}` potřebuje pole: {}", missing.join(", ")),
        );
        return None;
    }
    Some(GiftSpec {
        card,
        at,
        on,
        to,
        other,
        set_aside,
        location: fields.start(),
    })
}

/// The base game in progress: `score` and `supply` by player.
fn base_setup(fields: &Fields, players: &[Colour], diags: &mut Diagnostics) -> BaseSetup {
    let (file, setup) = (fields.file, fields.map);
    BaseSetup {
        score: per_player(file, setup, "score", players, 0..=MAX_SCORE, diags),
        supply: per_player(file, setup, "supply", players, 0..=MAX_COUNT, diags),
    }
}

fn gifts_setup(fields: &Fields, players: &[Colour], diags: &mut Diagnostics) -> Option<GiftsSetup> {
    let (file, setup) = (fields.file, fields.map);
    let deck_top = fields
        .optional_list("gift_deck", diags)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(name, location)| gift_id(&name, location, diags))
        .collect();
    let mut hands = Vec::new();
    if let Some(node) = setup.get_node("gifts") {
        let Some(map) = node.as_mapping() else {
            diags.error(
                yaml::location(file, node.span(), 0),
                None,
                "`gifts` má tvar {red: [koncil], blue: []}",
            );
            return None;
        };
        for (name, value) in map.iter() {
            let location = yaml::location(file, name.span(), 0);
            let Some(colour) = Colour::parse(name.as_str()).filter(|c| players.contains(c)) else {
                diags.error(
                    location,
                    None,
                    format!("`{}` není hráč scénáře", name.as_str()),
                );
                continue;
            };
            let Some(items) = value.as_sequence() else {
                diags.error(
                    yaml::location(file, value.span(), 0),
                    None,
                    "dárky hráče jsou seznam, např. [koncil, vyplaceni]",
                );
                continue;
            };
            let cards = items
                .iter()
                .filter_map(|item| {
                    let location = yaml::location(file, item.span(), 0);
                    let text = item
                        .as_scalar()
                        .map(|s| s.as_str().to_owned())
                        .unwrap_or_default();
                    gift_id(&text, location, diags)
                })
                .collect();
            hands.push((colour, cards));
        }
    }
    Some(GiftsSetup { deck_top, hands })
}
