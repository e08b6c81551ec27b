//! A tile as the situation builder (`site/situace.js`) shows it: its picture, side terrains,
//! the spots a figure can stand on and the spot each port names. The site build writes the
//! catalog's tiles; the engine in the page gives the same for a tile a scenario draws itself.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::engine::CompiledTile;
use crate::model::{Center, Dir, Port, Terrain};

#[derive(Serialize)]
pub(crate) struct Spot {
    /// Where the figure stands at rotation 0, as scenarios name it (`N`, `NL`, `center`).
    on: String,
    /// The feature there, as scenarios name it (`road`, `city`…).
    feature: &'static str,
    /// The sides whose middle the feature reaches, at rotation 0 (`["E", "W"]` for a road
    /// running west–east): a road or city is named by all of them.
    sides: Vec<char>,
}

#[derive(Serialize)]
pub(crate) struct TileData {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) set: String,
    pub(crate) svg: String,
    /// Side terrains N, E, S, W at rotation 0: `C` city, `R` road, `F` field, `X` anything
    /// (a tile face down).
    pub(crate) edges: [&'static str; 4],
    /// Only for the prepared board, never the disputed move (a tile face down).
    pub(crate) board_only: bool,
    pub(crate) spots: Vec<Spot>,
    /// Each place a scenario may name (`N`, `NL`…, at rotation 0) → the spot of the feature
    /// there, so that a figure written on any port of a city opens on that city's spot.
    pub(crate) ports: BTreeMap<String, String>,
    /// Ghosts can stand on it in a prepared board: it has mist or a graveyard.
    pub(crate) ghosts: bool,
    /// Ghost symbols on its mist (where the setup puts the start tile's ghosts).
    pub(crate) symbols: u32,
    /// A castle or a graveyard: the cooperative game has them from level 2.
    pub(crate) castle_or_graveyard: bool,
    /// A quarter of the 2x2 start tile: never in the picker.
    pub(crate) quarter: bool,
}

fn letter(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::City => "C",
        Terrain::Road => "R",
        Terrain::Field => "F",
    }
}

/// Each feature of the tile with the place that names it: the centre, then a side's middle,
/// then a half side, so that a road or city is named by its side (`E`) and a field split by a
/// road by its half (`EL`).
fn feature_places(tile: &CompiledTile) -> Vec<(u8, String)> {
    let middles = Dir::ALL
        .iter()
        .map(|d| (Port::new(*d, 1), d.letter().to_string()));
    let halves = Dir::ALL.iter().flat_map(|d| {
        [0, 2].map(|part| {
            let port = Port::new(*d, part);
            (port, port.name())
        })
    });
    let mut places: Vec<(u8, String)> = tile
        .center
        .map(|c| (c, "center".into()))
        .into_iter()
        .collect();
    for (port, name) in middles.chain(halves) {
        let feature = tile.port_feature[usize::from(port.0)];
        if places.iter().all(|(f, _)| *f != feature) {
            places.push((feature, name));
        }
    }
    places
}

/// One spot per feature, where `feature_places` names it.
fn spots(tile: &CompiledTile) -> Vec<Spot> {
    let sides = |feature| {
        Dir::ALL
            .iter()
            .filter(|d| tile.port_feature[usize::from(Port::new(**d, 1).0)] == feature)
            .map(|d| d.letter())
            .collect()
    };
    feature_places(tile)
        .into_iter()
        .map(|(feature, on)| Spot {
            on,
            feature: tile.features[usize::from(feature)].kind.id(),
            sides: sides(feature),
        })
        .collect()
}

/// The spot of the feature at each port, by the port's scenario name (a side's middle by the
/// side alone, as `Spot::parse` reads it).
fn ports(tile: &CompiledTile) -> BTreeMap<String, String> {
    let places = feature_places(tile);
    Port::all()
        .filter_map(|port| {
            let feature = tile.port_feature[usize::from(port.0)];
            let (_, spot) = places.iter().find(|(f, _)| *f == feature)?;
            let name = if port.part() == 1 {
                port.side().letter().to_string()
            } else {
                port.name()
            };
            Some((name, spot.clone()))
        })
        .collect()
}

/// A catalog tile (or one drawn inside a scenario) as the builder shows and lays it, with
/// its picture `svg`.
pub(super) fn tile_data(tile: &CompiledTile, svg: String, set: &str) -> TileData {
    let spec = &tile.spec;
    TileData {
        id: spec.id.clone(),
        name: spec.display_name().to_owned(),
        set: set.to_owned(),
        svg,
        edges: spec.edges.map(letter),
        board_only: false,
        spots: spots(tile),
        ports: ports(tile),
        ghosts: !spec.fog.is_empty() || spec.center == Some(Center::Graveyard),
        symbols: spec.ghosts(),
        castle_or_graveyard: matches!(spec.center, Some(Center::Castle | Center::Graveyard)),
        quarter: spec.start_part.is_some(),
    }
}
