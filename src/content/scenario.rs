//! Reading scenario files with a located message for every problem.

use marked_yaml::types::MarkedMappingNode;
use marked_yaml::Node;

use super::tiles::{tile_spec, INLINE_TILE_FIELDS};
use super::yaml::{self, Fields};
use crate::diagnostic::Diagnostics;
use crate::engine::core::tile::FACE_DOWN_ID;
use crate::engine::modules::gifts::Gift;
use crate::engine::modules::mists::{Level, START_GHOSTS};
use crate::model::geometry::{Pos, BOARD_RADIUS as RADIUS};
use crate::model::pieces::{Colour, FeatureKind, MeepleKind, Spot};
use crate::model::scenario::{
    BoardTile, Expectations, GiftSpec, GiftsSetup, MeepleSpec, MistsSetup, Scenario, Start, Step,
    TileRef,
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
const BOARD_FIELDS: &[&str] = &["tile", "at", "rotation", "meeples", "ghosts"];
const SETUP_FIELDS: &[&str] = &["level", "track", "start_ghosts", "stacks", "meeples"];
const STEP_FIELDS: &[&str] = &[
    "player", "place", "pass", "at", "rotation", "meeple", "choose", "gift", "end",
];
const MEEPLE_FIELDS: &[&str] = &["on", "player", "kind", "feature", "at", "ghosts"];
const GIFT_FIELDS: &[&str] = &["card", "at", "on", "to", "other", "set_aside"];
const GIFTS_SETUP_FIELDS: &[&str] = &["gift_deck", "gifts"];
/// Expansions of the base game the engine plays.
pub const EXPANSIONS: &[&str] = &[GHOSTS_EXPANSION, INNS_EXPANSION, GIFTS_EXPANSION];
pub const GHOSTS_EXPANSION: &str = "duchove-zamky-hrbitovy";
pub const INNS_EXPANSION: &str = "hostince-a-katedraly";
pub const GIFTS_EXPANSION: &str = "darky";
const EXPECT_FIELDS: &[&str] = &[
    "score",
    "completed",
    "meeples_on_board",
    "returned",
    "rejected",
    "rules",
    "ghosts",
    "bank",
    "ghosts_at",
    "track",
    "counters",
    "outcome",
    "loss",
    "buried",
    "guards",
    "gifts",
];
/// Expectation and board keys that only the cooperative Mists game gives meaning to.
const MISTS_ONLY: &[&str] = &["track", "counters", "outcome", "loss", "buried"];
/// Keys about ghosts: the Mists game or the competitive ghosts expansion.
const GHOST_KEYS: &[&str] = &["ghosts", "bank", "ghosts_at"];
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
    let mut expansions: Vec<String> = Vec::new();
    for (name, location) in fields
        .optional_list("expansions", diags)
        .unwrap_or_default()
    {
        if !EXPANSIONS.contains(&name.as_str()) {
            diags.error(
                location,
                None,
                format!(
                    "rozšíření `{name}` engine neumí (umí: {})",
                    EXPANSIONS.join(", ")
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
    let has = |e: &str| expansions.iter().any(|x| x == e);
    let mut gifts = None;
    let mists = match fields.optional_mapping("setup", diags) {
        Some(setup) if is_mists => {
            mists_setup(file, setup, players.as_deref().unwrap_or(&[]), diags)
        }
        Some(setup) if has(GIFTS_EXPANSION) => {
            gifts = gifts_setup(file, setup, players.as_deref().unwrap_or(&[]), diags);
            None
        }
        Some(_) => {
            diags.error(
                fields.value_location("setup"),
                None,
                format!("`setup` patří k pravidlům `{MISTS_RULESET}` (úroveň…) nebo k rozšíření `{GIFTS_EXPANSION}` (balíček dárků)"),
            );
            None
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
    refuse_foreign_keys(file, map, is_mists, &expansions, diags);
    let board = list(&fields, "board", diags)
        .into_iter()
        .filter_map(|item| board_tile(file, item, corpus, players.as_deref().unwrap_or(&[]), diags))
        .collect::<Vec<_>>();
    let steps = list(&fields, "steps", diags)
        .into_iter()
        .filter_map(|item| step(file, item, corpus, players.as_deref().unwrap_or(&[]), diags))
        .collect::<Vec<_>>();
    if fields.map.get_node("steps").is_none() {
        diags.error(
            fields.start(),
            None,
            "chybí povinné pole `steps` (seznam tahů)",
        );
    }
    let errors_before_expect = diags.len();
    let expect = match fields.optional_mapping("expect", diags) {
        Some(expect) => expectations(
            file,
            expect,
            players.as_deref().unwrap_or(&[]),
            steps.len(),
            diags,
        ),
        None => Expectations::default(),
    };
    // A malformed `expect` is reported already; an empty one is a separate mistake.
    if !rulings.is_empty() && expect.is_empty() && diags.len() == errors_before_expect {
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
        start: start?,
        players: players?,
        board,
        steps,
        expect,
    })
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
        location: fields.start(),
    })
}

fn board_tile(
    file: &str,
    map: &MarkedMappingNode,
    corpus: &Corpus,
    players: &[Colour],
    diags: &mut Diagnostics,
) -> Option<BoardTile> {
    let fields = Fields::new(file, 0, map, BOARD_FIELDS, None, diags);
    let tile = tile_ref(&fields, "tile", corpus, diags);
    let at = position(&fields, diags);
    let rotation = rotation(&fields, diags);
    let meeples: Vec<Option<MeepleSpec>> = list(&fields, "meeples", diags)
        .into_iter()
        .map(|m| {
            meeple(
                &Fields::new(file, 0, m, MEEPLE_FIELDS, None, diags),
                players,
                true,
                diags,
            )
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

fn step(
    file: &str,
    map: &MarkedMappingNode,
    corpus: &Corpus,
    players: &[Colour],
    diags: &mut Diagnostics,
) -> Option<Step> {
    let fields = Fields::new(file, 0, map, STEP_FIELDS, None, diags);
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
            .filter(|k| *k != "end")
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
    let rotation = rotation(&fields, diags);
    let read = |m: &MarkedMappingNode, diags: &mut Diagnostics| {
        meeple(
            &Fields::new(file, 0, m, MEEPLE_FIELDS, None, diags),
            players,
            false,
            diags,
        )
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
        .map(|(c, _)| c)
        .collect();
    Some(Step::Place {
        player,
        tile: tile?,
        at: at?,
        rotation: rotation?,
        meeples,
        choose,
        gift,
        location: fields.start(),
    })
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
    file: &str,
    expect: &MarkedMappingNode,
    players: &[Colour],
    steps: usize,
    diags: &mut Diagnostics,
) -> Expectations {
    let fields = Fields::new(file, 0, expect, EXPECT_FIELDS, None, diags);
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
    Expectations {
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

/// A non-negative count field.
fn count(fields: &Fields, key: &str, diags: &mut Diagnostics) -> Option<u32> {
    fields
        .optional_int_in(key, 0..=MAX_COUNT, diags)
        .map(|n| n as u32)
}

fn mists_setup(
    file: &str,
    setup: &MarkedMappingNode,
    players: &[Colour],
    diags: &mut Diagnostics,
) -> Option<MistsSetup> {
    let fields = Fields::new(file, 0, setup, SETUP_FIELDS, None, diags);
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

/// Keys that belong to another game or expansion than the scenario plays: said, not
/// silently ignored.
fn refuse_foreign_keys(
    file: &str,
    map: &MarkedMappingNode,
    is_mists: bool,
    expansions: &[String],
    diags: &mut Diagnostics,
) {
    let has = |e: &str| expansions.iter().any(|x| x == e);
    let owner = |key: &str| -> Option<&'static str> {
        if MISTS_ONLY.contains(&key) && !is_mists {
            Some("k pravidlům `duchove-carcassonne`")
        } else if GHOST_KEYS.contains(&key) && !is_mists && !has(GHOSTS_EXPANSION) {
            Some("k pravidlům `duchove-carcassonne` nebo k rozšíření `duchove-zamky-hrbitovy`")
        } else if key == "guards" && !has(GHOSTS_EXPANSION) {
            Some("k rozšíření `duchove-zamky-hrbitovy`")
        } else if (key == "gifts" || key == "gift") && !has(GIFTS_EXPANSION) {
            Some("k rozšíření `darky`")
        } else {
            None
        }
    };
    let mut refuse = |node: &MarkedMappingNode| {
        for (key, _) in node.iter() {
            if let Some(owner) = owner(key.as_str()) {
                diags.error(
                    yaml::location(file, key.span(), 0),
                    None,
                    format!("`{}` patří jen {owner}", key.as_str()),
                );
            }
        }
    };
    if let Some(expect) = map.get_mapping("expect") {
        refuse(expect);
    }
    for list in ["board", "steps"] {
        if let Some(Node::Sequence(items)) = map.get_node(list) {
            for item in items.iter() {
                if let Some(entry) = item.as_mapping() {
                    refuse(entry);
                    if let Some(Node::Sequence(meeples)) = entry.get_node("meeples") {
                        for meeple in meeples.iter().filter_map(|m| m.as_mapping()) {
                            refuse(meeple);
                        }
                    }
                }
            }
        }
    }
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

fn gifts_setup(
    file: &str,
    setup: &MarkedMappingNode,
    players: &[Colour],
    diags: &mut Diagnostics,
) -> Option<GiftsSetup> {
    let fields = Fields::new(file, 0, setup, GIFTS_SETUP_FIELDS, None, diags);
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
