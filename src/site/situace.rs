//! Data for the situation builder (`situace.html` with `site/situace.js`): the games it can
//! set up, and each of their catalog tiles with its Czech name, picture, side terrains and the
//! spots a figure can stand on. Written as a script setting a global, because a page opened
//! from `file://` may not fetch JSON.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::engine::core::tile::{CompiledTile, FACE_DOWN_ID};
use crate::model::geometry::{Dir, Port, Terrain};
use crate::model::Corpus;

/// The base game and the expansions the builder offers: (game id, figure kinds it adds); a
/// game's tile set has its id. Each needs no setup beyond tiles and figures (Gifts deals its
/// cards by itself), so a scenario of placed tiles and one disputed move is complete for it.
const BASE: &str = "zakladni-hra";
const EXPANSIONS: &[(&str, &[&str])] = &[("hostince-a-katedraly", &["big"]), ("darky", &[])];

#[derive(Serialize)]
struct Spot {
    /// Where the figure stands at rotation 0, as scenarios name it (`N`, `NL`, `center`).
    on: String,
    /// The feature there, as scenarios name it (`road`, `city`…).
    feature: &'static str,
}

#[derive(Serialize)]
struct TileData {
    id: String,
    name: String,
    set: String,
    svg: String,
    /// Side terrains N, E, S, W at rotation 0: `C` city, `R` road, `F` field, `X` anything
    /// (a tile face down).
    edges: [&'static str; 4],
    /// Only for the prepared board, never the disputed move (a tile face down).
    board_only: bool,
    spots: Vec<Spot>,
}

#[derive(Serialize)]
struct GameData {
    id: String,
    title: String,
    /// Tile sets the game brings (none for Gifts); the base game's are always in play.
    sets: Vec<String>,
    /// Figure kinds the game adds to the normal one.
    kinds: Vec<String>,
}

#[derive(Serialize)]
struct Data {
    base: Option<GameData>,
    expansions: Vec<GameData>,
    /// The base game's start tile, lying at [0, 0] with rotation 0 (`start: zakladni`).
    start: Option<String>,
    tiles: Vec<TileData>,
    /// Rule section id → its game, to link the verdict's citations.
    sections: BTreeMap<String, String>,
}

fn letter(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::City => "C",
        Terrain::Road => "R",
        Terrain::Field => "F",
    }
}

/// One spot per feature: the centre, then a side's middle, then a half side, so that a road
/// or city is named by its side (`E`) and a field split by a road by its half (`EL`).
fn spots(tile: &CompiledTile) -> Vec<Spot> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    if let Some(center) = tile.center {
        seen.push(center);
        out.push(Spot {
            on: "center".into(),
            feature: tile.features[usize::from(center)].kind.id(),
        });
    }
    let middles = Dir::ALL
        .iter()
        .map(|d| (Port::new(*d, 1), d.letter().to_string()));
    let halves = Dir::ALL.iter().flat_map(|d| {
        [0, 2].map(|part| {
            let port = Port::new(*d, part);
            (port, port.name())
        })
    });
    for (port, name) in middles.chain(halves) {
        let feature = tile.port_feature[usize::from(port.0)];
        if !seen.contains(&feature) {
            seen.push(feature);
            out.push(Spot {
                on: name,
                feature: tile.features[usize::from(feature)].kind.id(),
            });
        }
    }
    out
}

fn game(corpus: &Corpus, id: &str, kinds: &[&str]) -> Option<GameData> {
    let game = corpus.game(id)?;
    Some(GameData {
        id: game.id.clone(),
        title: game.title.clone(),
        sets: corpus
            .tile_set(id)
            .map(|s| s.id.clone())
            .into_iter()
            .collect(),
        kinds: kinds.iter().map(|k| (*k).to_owned()).collect(),
    })
}

/// `assets/situace-data.js`: `window.CARCREF_SITUACE = {…}`.
pub fn data_script(corpus: &Corpus) -> Result<String, serde_json::Error> {
    let base = game(corpus, BASE, &[]);
    let expansions: Vec<GameData> = EXPANSIONS
        .iter()
        .filter_map(|(id, kinds)| game(corpus, id, kinds))
        .collect();
    let sets: Vec<&str> = base
        .iter()
        .chain(&expansions)
        .flat_map(|g| g.sets.iter().map(String::as_str))
        .collect();
    let mut tiles = Vec::new();
    let mut start = None;
    // The base game's tiles first: the picker lists them in this order.
    for set in sets.iter().filter_map(|id| corpus.tile_set(id)) {
        for spec in &set.tiles {
            if spec.start && set.id == BASE {
                start = Some(spec.id.clone());
            }
            let tile = CompiledTile::compile(spec);
            tiles.push(TileData {
                id: spec.id.clone(),
                name: spec.display_name().to_owned(),
                set: set.id.clone(),
                svg: crate::draw::tile_svg(&tile),
                edges: spec.edges.map(letter),
                board_only: false,
                spots: spots(&tile),
            });
        }
    }
    // A tile face down fills its cell whatever lies around, and holds nothing.
    if base.is_some() {
        let tile = CompiledTile::face_down();
        tiles.push(TileData {
            id: FACE_DOWN_ID.to_owned(),
            name: tile.spec.display_name().to_owned(),
            set: BASE.to_owned(),
            svg: crate::draw::tile_svg(&tile),
            edges: ["X"; 4],
            board_only: true,
            spots: Vec::new(),
        });
    }
    let data = Data {
        base,
        expansions,
        start,
        tiles,
        sections: corpus
            .sections
            .iter()
            .map(|s| (s.id.clone(), s.game.clone()))
            .collect(),
    };
    // `</` cannot end the script early, whatever a name holds.
    let json = serde_json::to_string(&data)?.replace("</", "<\\/");
    Ok(format!("window.CARCREF_SITUACE = {json};\n"))
}
