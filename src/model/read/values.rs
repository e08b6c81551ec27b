//! Reading model values from scenario YAML: counts, positions, colours, per-player numbers,
//! tile references. The scenario reader and every rules module read their keys through
//! these, so that a module never reaches into the scenario or corpus loader.

use marked_yaml::types::MarkedMappingNode;
use marked_yaml::Node;

use super::tiles::{tile_spec, INLINE_TILE_FIELDS};
use crate::diagnostic::Diagnostics;
use crate::model::corpus::Corpus;
use crate::model::geometry::{Pos, BOARD_RADIUS as RADIUS};
use crate::model::pieces::Colour;
use crate::model::scenario::TileRef;
use crate::model::tiles::{TileSpec, FACE_DOWN_ID};
use crate::yaml::{self, Fields};

/// Bounds of numbers in scenarios: generous for any real game, and far from overflow.
pub const MAX_COUNT: i64 = 1000;

pub const MAX_SCORE: i64 = 10_000;

pub fn list<'a>(
    fields: &Fields<'a>,
    key: &str,
    diags: &mut Diagnostics,
) -> Vec<&'a MarkedMappingNode> {
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

pub fn colour(
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

/// A tile drawn inside a scenario (`tile: {edges: […], …}`), read from its mapping.
pub fn inline_tile(
    file: &str,
    map: &MarkedMappingNode,
    corpus: &Corpus,
    diags: &mut Diagnostics,
) -> Option<TileSpec> {
    let inline = Fields::new(file, 0, map, INLINE_TILE_FIELDS, None, diags);
    tile_spec(&inline, false, &corpus.tile_markers, diags)
}

pub fn tile_ref(
    fields: &Fields,
    key: &str,
    corpus: &Corpus,
    diags: &mut Diagnostics,
) -> Option<TileRef> {
    match fields.map.get_node(key) {
        Some(Node::Mapping(map)) => {
            inline_tile(fields.file, map, corpus, diags).map(|spec| TileRef::Inline(Box::new(spec)))
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

pub fn position(fields: &Fields, diags: &mut Diagnostics) -> Option<Pos> {
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

/// The entries of a `{red: …, blue: …}` mapping, each with its player; a name that is not a
/// player of the scenario is reported. `None` when the value is not a mapping (reported with
/// `shape` as the example).
pub fn player_entries<'a>(
    file: &str,
    node: &'a Node,
    key: &str,
    shape: &str,
    players: &[Colour],
    diags: &mut Diagnostics,
) -> Option<Vec<(Colour, &'a Node)>> {
    let Some(map) = node.as_mapping() else {
        diags.error(
            yaml::location(file, node.span(), 0),
            None,
            format!("`{key}` má tvar {shape}"),
        );
        return None;
    };
    let mut out = Vec::new();
    for (name, value) in map.iter() {
        match Colour::parse(name.as_str()).filter(|c| players.contains(c)) {
            Some(colour) => out.push((colour, value)),
            None => diags.error(
                yaml::location(file, name.span(), 0),
                None,
                format!("`{}` není hráč scénáře", name.as_str()),
            ),
        }
    }
    Some(out)
}

/// A `{red: 3, blue: 0}` mapping of the scenario's players to whole numbers in `range`.
pub fn per_player<T: TryFrom<i64>>(
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
    let entries = player_entries(file, node, key, "{red: 3, blue: 0}", players, diags);
    let mut out = Vec::new();
    for (colour, value) in entries.unwrap_or_default() {
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

/// A non-negative count field.
pub fn count(fields: &Fields, key: &str, diags: &mut Diagnostics) -> Option<u32> {
    fields
        .optional_int_in(key, 0..=MAX_COUNT, diags)
        .map(|n| n as u32)
}
