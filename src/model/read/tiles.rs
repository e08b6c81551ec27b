//! Tile catalogs (`tiles/*.yaml`) and inline tile definitions, read with located problems.

use marked_yaml::types::MarkedMappingNode;
use marked_yaml::Node;

use crate::diagnostic::{Diagnostics, Location};
use crate::model::geometry::{Dir, Port, Terrain};
use crate::model::pieces::{Center, FeatureKind};
use crate::model::tiles::{
    check_spec, CitySpec, FieldSpec, FogSpec, RoadSpec, StartPart, TileSet, TileSpec,
};
use crate::yaml::{self, check_slug, Fields};

const SET_FIELDS: &[&str] = &["set", "title", "schematic", "tiles"];
const TILE_FIELDS: &[&str] = &[
    "id",
    "name",
    "count",
    "start",
    "start_part",
    "edges",
    "cities",
    "roads",
    "fields",
    "center",
    "fog",
    "note",
];
/// An inline tile in a scenario has no id or count.
pub(crate) const INLINE_TILE_FIELDS: &[&str] = &[
    "edges", "cities", "roads", "fields", "center", "fog", "note",
];

/// A tile catalog; `known` are the markers its features may carry (`Corpus::tile_markers`).
pub fn load_tile_set(
    file: &str,
    text: &str,
    known: &[(String, FeatureKind)],
    diags: &mut Diagnostics,
) -> Option<TileSet> {
    let node = yaml::parse(file, text, 0, false, diags)?;
    let map = node.as_mapping()?;
    let fields = Fields::new(file, 0, map, SET_FIELDS, Some("set"), diags);
    let id = fields.required_str("set", diags);
    let title = fields.required_str("title", diags);
    let schematic = fields.optional_bool("schematic", diags).unwrap_or(false);
    let mut tiles = Vec::new();
    match map.get_node("tiles") {
        Some(Node::Sequence(items)) => {
            for item in items.iter() {
                match item.as_mapping() {
                    Some(tile) => {
                        let tile_fields =
                            Fields::new(file, 0, tile, TILE_FIELDS, Some("id"), diags);
                        if let Some(spec) = tile_spec(&tile_fields, true, known, diags) {
                            tiles.push(spec);
                        }
                    }
                    None => diags.error(
                        fields.at(item.span()),
                        None,
                        "kartička má být mapování `klíč: hodnota`",
                    ),
                }
            }
        }
        Some(other) => diags.error(
            fields.at(other.span()),
            None,
            "`tiles` má být seznam kartiček",
        ),
        None => diags.error(fields.start(), None, "chybí povinné pole `tiles`"),
    }
    let mut seen: Vec<&str> = Vec::new();
    for tile in &tiles {
        if seen.contains(&tile.id.as_str()) {
            diags.error(
                Location::file_start(file),
                Some(&tile.id),
                format!("kartička `{}` je v katalogu dvakrát", tile.id),
            );
        }
        seen.push(&tile.id);
    }
    if tiles.iter().filter(|t| t.start).count() > 1 {
        diags.error(
            fields.start(),
            None,
            "katalog má víc než jednu startovní kartičku (`start: true`)",
        );
    }
    Some(TileSet {
        id: id?,
        title: title?,
        schematic,
        tiles,
    })
}

/// Reads one tile; `with_identity` for catalog entries (id, count), not for inline tiles.
pub(crate) fn tile_spec(
    fields: &Fields,
    with_identity: bool,
    known: &[(String, FeatureKind)],
    diags: &mut Diagnostics,
) -> Option<TileSpec> {
    let (id, count) = identity(fields, with_identity, diags);
    let edges = edges(fields, diags);
    let cities = list_of_maps(
        fields,
        "cities",
        &["sides", "pennant", "markers"],
        diags,
        |item, diags| {
            Some(CitySpec {
                sides: sides(item, "sides", diags)?,
                pennant: item.optional_bool("pennant", diags).unwrap_or(false),
                markers: markers(item, FeatureKind::City, known, diags)?,
            })
        },
    );
    let roads = list_of_maps(
        fields,
        "roads",
        &["sides", "markers"],
        diags,
        |item, diags| {
            Some(RoadSpec {
                sides: sides(item, "sides", diags)?,
                markers: markers(item, FeatureKind::Road, known, diags)?,
            })
        },
    );
    let field_list = field_list(fields, diags);
    let fog = fog_list(fields, diags);
    let center = fields.known(
        "center",
        fields.optional_str("center", diags),
        Center::parse,
        |text| format!("neznámý střed `{text}` (povolené: {})", Center::NAMES),
        diags,
    );
    let start_part = fields.known(
        "start_part",
        fields.optional_str("start_part", diags),
        StartPart::parse,
        |_| "`start_part` je nw, ne, sw nebo se".into(),
        diags,
    );
    let mut spec = TileSpec {
        id: id?,
        count: count?,
        start: fields.optional_bool("start", diags).unwrap_or(false),
        start_part,
        edges: edges?,
        cities: cities?,
        roads: roads?,
        fields: field_list?,
        center,
        fog: fog?,
        note: fields.optional_str("note", diags),
        name: with_identity
            .then(|| fields.optional_str("name", diags))
            .flatten(),
    };
    // A tile drawn inside a scenario is named by what it shows ("louka", "město a cesta").
    if !with_identity {
        spec.name = Some(spec.contents_cs());
    }
    report_problems(fields, &spec, diags).then_some(spec)
}

/// A catalog tile's id and count; a tile drawn inside a scenario is one of its own.
fn identity(
    fields: &Fields,
    with_identity: bool,
    diags: &mut Diagnostics,
) -> (Option<String>, Option<u32>) {
    if with_identity {
        // The id names the tile's drawing on the site and in `tiles --svg`.
        let id = fields
            .required_str("id", diags)
            .filter(|id| check_slug(fields, "id", id, diags));
        let count = fields.required_int("count", diags).and_then(|n| {
            let count = u32::try_from(n).ok().filter(|n| (1..=100).contains(n));
            if count.is_none() {
                diags.error(
                    fields.value_location("count"),
                    fields.id(),
                    "`count` má být číslo 1–100",
                );
            }
            count
        });
        (id, count)
    } else {
        (Some("vlastni".to_owned()), Some(1))
    }
}

/// The tile's fields, each with the cities it borders.
fn field_list(fields: &Fields, diags: &mut Diagnostics) -> Option<Vec<FieldSpec>> {
    list_of_maps(
        fields,
        "fields",
        &["ports", "borders"],
        diags,
        |item, diags| {
            let borders = item
                .optional_list("borders", diags)
                .unwrap_or_default()
                .into_iter()
                .filter_map(|(text, location)| match text.parse::<usize>() {
                    Ok(n) => Some(n),
                    Err(_) => {
                        diags.error(location, item.id(), format!("`{text}` není index města"));
                        None
                    }
                })
                .collect();
            // A field enclosed by city caps reaches no edge: its port list may be empty.
            Some(FieldSpec {
                ports: ports(item, "ports", true, diags)?,
                borders,
            })
        },
    )
}

/// The tile's fog areas, each with its printed ghost symbols.
fn fog_list(fields: &Fields, diags: &mut Diagnostics) -> Option<Vec<FogSpec>> {
    list_of_maps(fields, "fog", &["ports", "ghosts"], diags, |item, diags| {
        let ghosts = item.optional_int("ghosts", diags).unwrap_or(0);
        let ghosts = u8::try_from(ghosts).ok().filter(|g| *g <= 9);
        if ghosts.is_none() {
            diags.error(
                item.value_location("ghosts"),
                item.id(),
                "`ghosts` má být číslo 0–9",
            );
        }
        Some(FogSpec {
            ports: ports(item, "ports", false, diags)?,
            ghosts: ghosts?,
        })
    })
}

/// Reports, each where it was written, what makes the tile impossible; whether it is sound.
fn report_problems(fields: &Fields, spec: &TileSpec, diags: &mut Diagnostics) -> bool {
    let problems = check_spec(spec);
    for problem in &problems {
        let location = match (fields.map.get_node(problem.key), problem.item) {
            (Some(Node::Sequence(items)), Some(index)) => items
                .get_node(index)
                .map(|n| fields.at(n.span()))
                .unwrap_or_else(|| fields.value_location(problem.key)),
            _ => fields.value_location(problem.key),
        };
        diags.error(location, fields.id(), problem.message.clone());
    }
    problems.is_empty()
}

fn edges(fields: &Fields, diags: &mut Diagnostics) -> Option<[Terrain; 4]> {
    let items = fields.required_list("edges", diags)?;
    if items.len() != 4 {
        diags.error(
            fields.value_location("edges"),
            fields.id(),
            "`edges` má čtyři položky: strany N, E, S, W",
        );
        return None;
    }
    let mut edges = [Terrain::Field; 4];
    for (index, (text, location)) in items.into_iter().enumerate() {
        match Terrain::parse(&text) {
            Some(terrain) => edges[index] = terrain,
            None => {
                diags.error(
                    location,
                    fields.id(),
                    format!("`{text}` není terén: C město, R cesta, F louka"),
                );
                return None;
            }
        }
    }
    Some(edges)
}

/// The feature's markers, each one a module declares for this kind of feature.
fn markers(
    item: &Fields,
    kind: FeatureKind,
    known: &[(String, FeatureKind)],
    diags: &mut Diagnostics,
) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for (marker, location) in item.optional_list("markers", diags).unwrap_or_default() {
        if known.iter().any(|(m, k)| *m == marker && *k == kind) {
            out.push(marker);
            continue;
        }
        let allowed: Vec<&str> = known
            .iter()
            .filter(|(_, k)| *k == kind)
            .map(|(m, _)| m.as_str())
            .collect();
        diags.error(
            location,
            item.id(),
            format!(
                "`{marker}` není značka, kterou rozšíření dávají {} (známé: {})",
                kind.czech_into(),
                if allowed.is_empty() {
                    "žádné".to_owned()
                } else {
                    allowed.join(", ")
                }
            ),
        );
        return None;
    }
    Some(out)
}

fn sides(item: &Fields, key: &str, diags: &mut Diagnostics) -> Option<Vec<Dir>> {
    let mut sides = Vec::new();
    for (text, location) in item.required_list(key, diags)? {
        match Dir::parse(&text) {
            Some(dir) => sides.push(dir),
            None => {
                diags.error(
                    location,
                    item.id(),
                    format!("`{text}` není strana (N, E, S, W)"),
                );
                return None;
            }
        }
    }
    Some(sides)
}

/// Ports by name (`NL`, `SM`) or a whole side (`N` = its three ports).
fn ports(
    item: &Fields,
    key: &str,
    may_be_empty: bool,
    diags: &mut Diagnostics,
) -> Option<Vec<Port>> {
    let items = if may_be_empty && item.map.get_node(key).is_some() {
        item.optional_list(key, diags).unwrap_or_default()
    } else {
        item.required_list(key, diags)?
    };
    let mut ports = Vec::new();
    for (text, location) in items {
        if let Some(side) = Dir::parse(&text) {
            ports.extend((0..3).map(|part| Port::new(side, part)));
        } else if let Some(port) = Port::parse(&text) {
            ports.push(port);
        } else {
            diags.error(
                location,
                item.id(),
                format!("`{text}` není port (např. NL, NM, NR) ani strana"),
            );
            return None;
        }
    }
    Some(ports)
}

/// An optional list of mappings, each read by `read`; `None` when any item failed.
fn list_of_maps<T>(
    fields: &Fields,
    key: &str,
    known: &[&str],
    diags: &mut Diagnostics,
    read: impl Fn(&Fields, &mut Diagnostics) -> Option<T>,
) -> Option<Vec<T>> {
    let Some(node) = fields.map.get_node(key) else {
        return Some(Vec::new());
    };
    let Node::Sequence(items) = node else {
        diags.error(
            fields.at(node.span()),
            fields.id(),
            format!("`{key}` má být seznam"),
        );
        return None;
    };
    let mut out = Vec::new();
    let mut ok = true;
    for item in items.iter() {
        let Some(map): Option<&MarkedMappingNode> = item.as_mapping() else {
            diags.error(
                fields.at(item.span()),
                fields.id(),
                format!("položky `{key}` jsou mapování, např. {{sides: [N]}}"),
            );
            ok = false;
            continue;
        };
        let mut item_fields = Fields::new(fields.file, fields.line_offset, map, known, None, diags);
        item_fields.entry_id = fields.entry_id.clone();
        match read(&item_fields, diags) {
            Some(value) => out.push(value),
            None => ok = false,
        }
    }
    ok.then_some(out)
}
