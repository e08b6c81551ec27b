//! Data for the situation builder (`situace.html` with `site/situace.js`): the games it can
//! set up (the base game with expansions, and the cooperative game with its levels), each of
//! their catalog tiles with its Czech name, picture, side terrains and the spots a figure can
//! stand on, and the Czech forms of the nouns the page counts (from `crate::czech`). Written
//! as a script setting a global, because a page opened from `file://` may not fetch JSON.

use std::collections::BTreeMap;

use base64::Engine as _;
use serde::Serialize;

use crate::czech;
use crate::draw::{tile_data, TileData};
use crate::engine::{
    CompiledTile, Descriptor, BASE_DESCRIPTOR, LEVELS, MEEPLES_PER_COLOUR, MISTS_DESCRIPTOR,
    REGISTRY, START_GHOSTS,
};
use crate::model::{Colour, Corpus, MeepleKind, FACE_DOWN_ID};

/// The base game offers its expansions in the builder: each needs no setup beyond tiles and
/// figures (Gifts deals its cards by itself), so a scenario of placed tiles and one disputed
/// move is complete for it.
const BASE: &Descriptor = &BASE_DESCRIPTOR;
/// The cooperative game, with its levels.
const COOPERATIVE: &Descriptor = &MISTS_DESCRIPTOR;

#[derive(Serialize)]
struct GameData {
    id: String,
    title: String,
    /// Tile sets the game brings (none for Gifts); the base game's are always in play.
    sets: Vec<String>,
    /// Figure kinds the game adds to the normal one.
    kinds: Vec<&'static str>,
    /// Cards a player holds and may open (Gifts), as (scenario id, Czech name).
    cards: Vec<(&'static str, &'static str)>,
    /// Played with the 2x2 start tile (`Data::start_2x2`).
    start_2x2: bool,
}

#[derive(Serialize)]
struct LevelData {
    number: u8,
    /// Ghosts in the bank at the start.
    bank: u32,
    castles_and_graveyards: bool,
    /// Stacks the tiles are drawn from, one after another.
    stacks: usize,
    /// Dogs the level has (each goes beside a figure when the track reaches its threshold).
    dogs: usize,
    /// Score counters: 1 for the team, or one per colour (then the page leaves the setup's
    /// track to the default, as a single number cannot say it).
    counters: usize,
}

#[derive(Serialize)]
struct CooperativeData {
    id: &'static str,
    title: String,
    set: &'static str,
    /// Ghosts the setup puts on the start tile unless a scenario says otherwise.
    start_ghosts: u32,
    /// Figures of each colour unless the setup says otherwise.
    meeples: u32,
    levels: Vec<LevelData>,
}

#[derive(Serialize)]
struct Data {
    base: Option<GameData>,
    expansions: Vec<GameData>,
    /// The base game's start tile, lying at [0, 0] with rotation 0 (`start: zakladni`).
    start: Option<String>,
    /// The 2x2 start tile's quarters with their cells (`start: duchove-2x2`).
    start_2x2: Vec<(String, [i32; 2])>,
    cooperative: Option<CooperativeData>,
    /// Each counted noun's subject forms for 1, 2–4 and 0 or 5+, by its lemma (`czech::NOUNS`).
    nouns: BTreeMap<&'static str, czech::Forms<'static>>,
    /// What each game calls a player's figure, as a lemma of `nouns` (`czech::MEEPLE_TERMS`).
    figure: BTreeMap<&'static str, &'static str>,
    tiles: Vec<TileData>,
    /// The players' colours in the order games hand them out (`Colour::ALL`, as the CLI),
    /// each with its Czech name and the colour the boards draw it in.
    colours: Vec<(Colour, &'static str, &'static str)>,
    /// Rule section id → its game, to link the verdict's citations.
    sections: BTreeMap<String, String>,
    /// Rule section id → its title, to name those links.
    section_titles: BTreeMap<String, String>,
    /// Ruling id → how players refer to it (its source ID, or its question) and its question.
    rulings: BTreeMap<String, (String, String)>,
}

/// The cooperative game, if the corpus has it and its tiles.
fn cooperative(corpus: &Corpus) -> Option<CooperativeData> {
    let game = corpus.game(COOPERATIVE.id)?;
    let set = COOPERATIVE.tile_set?;
    corpus.tile_set(set)?;
    Some(CooperativeData {
        id: COOPERATIVE.id,
        title: game.title.clone(),
        set,
        start_ghosts: START_GHOSTS,
        meeples: MEEPLES_PER_COLOUR,
        levels: LEVELS
            .iter()
            .map(|l| LevelData {
                number: l.number,
                bank: l.bank,
                castles_and_graveyards: l.castles_and_graveyards,
                stacks: l.stacks.len().max(1),
                dogs: l.dogs.len(),
                counters: l.counters,
            })
            .collect(),
    })
}

/// A game the builder sets up from its descriptor: its tiles and the figure kinds it adds.
fn game(corpus: &Corpus, descriptor: &Descriptor) -> Option<GameData> {
    let game = corpus.game(descriptor.id)?;
    let set = descriptor.tile_set.and_then(|id| corpus.tile_set(id));
    Some(GameData {
        id: game.id.clone(),
        title: game.title.clone(),
        sets: set.map(|s| s.id.clone()).into_iter().collect(),
        kinds: descriptor
            .figures
            .iter()
            .map(|(kind, _)| kind.id())
            .filter(|kind| *kind != MeepleKind::NORMAL.id())
            .collect(),
        cards: descriptor.cards.to_vec(),
        // An expansion whose tiles hold the 2x2 start tile's quarters is played from it.
        start_2x2: descriptor.expansion
            && set.is_some_and(|s| s.tiles.iter().any(|t| t.start_part.is_some())),
    })
}

/// `assets/situace-data.js`: `window.CARCREF_SITUACE = {…}`.
pub(crate) fn data_script(corpus: &Corpus) -> Result<String, serde_json::Error> {
    let base = game(corpus, BASE);
    let expansions: Vec<GameData> = REGISTRY
        .iter()
        .filter(|d| d.expansion)
        .filter_map(|d| game(corpus, d))
        .collect();
    let cooperative = cooperative(corpus);
    let mut sets: Vec<&str> = Vec::new();
    let used = base.iter().chain(&expansions).flat_map(|g| &g.sets);
    let cooperative_set = cooperative.as_ref().map(|c| c.set);
    for id in used.map(String::as_str).chain(cooperative_set) {
        if !sets.contains(&id) {
            sets.push(id);
        }
    }
    let (mut tiles, start, start_2x2) = catalog_tiles(corpus, &sets);
    // A tile face down fills its cell whatever lies around, and holds nothing.
    if base.is_some() {
        tiles.push(face_down_tile());
    }
    let data = Data {
        base,
        expansions,
        start,
        start_2x2,
        cooperative,
        nouns: czech::NOUNS
            .iter()
            .map(|n| (n.lemma, n.nominative))
            .collect(),
        figure: [BASE.id, COOPERATIVE.id]
            .into_iter()
            .map(|g| (g, crate::engine::meeple_term(g).noun.lemma))
            .collect(),
        tiles,
        colours: Colour::ALL
            .iter()
            .map(|c| (*c, c.czech(), c.hex()))
            .collect(),
        sections: corpus
            .sections
            .iter()
            .map(|s| (s.id.clone(), s.game.clone()))
            .collect(),
        section_titles: corpus
            .sections
            .iter()
            .map(|s| (s.id.clone(), s.title.clone()))
            .collect(),
        rulings: corpus
            .rulings
            .iter()
            .map(|r| (r.id.clone(), (r.reference(), r.question.clone())))
            .collect(),
    };
    // `</` cannot end the script early, whatever a name holds.
    let json = serde_json::to_string(&data)?.replace("</", "<\\/");
    Ok(format!("window.CARCREF_SITUACE = {json};\n"))
}

/// Tiles, the base game's start tile, and the 2×2 start tile's parts with their offsets.
type CatalogTiles = (Vec<TileData>, Option<String>, Vec<(String, [i32; 2])>);

/// The tiles of the sets in play, the base game's first (the picker lists them in this order),
/// with the base game's start tile and the parts of the 2×2 start tile and their offsets.
fn catalog_tiles(corpus: &Corpus, sets: &[&str]) -> CatalogTiles {
    let mut tiles = Vec::new();
    let mut start = None;
    let mut start_2x2 = Vec::new();
    for set in sets.iter().filter_map(|id| corpus.tile_set(id)) {
        for spec in &set.tiles {
            if spec.start && Some(set.id.as_str()) == BASE.tile_set {
                start = Some(spec.id.clone());
            }
            if let Some(part) = spec.start_part {
                let (x, y) = part.offset();
                start_2x2.push((spec.id.clone(), [x, y]));
            }
            tiles.push(tile_data(spec, &set.id));
        }
    }
    (tiles, start, start_2x2)
}

/// The face-down tile, which the builder offers on the board only.
fn face_down_tile() -> TileData {
    let tile = CompiledTile::face_down();
    TileData {
        id: FACE_DOWN_ID.to_owned(),
        name: tile.spec.display_name().to_owned(),
        set: BASE.tile_set.unwrap_or_default().to_owned(),
        svg: crate::draw::tile_svg(&tile),
        edges: ["X"; 4],
        board_only: true,
        spots: Vec::new(),
        ports: BTreeMap::new(),
        ghosts: false,
        symbols: 0,
        castle_or_graveyard: false,
        quarter: false,
    }
}

/// The builder's address, from the site's root, with this scenario in its fragment
/// (`situace.html#s=…`): the text deflated and in URL-safe base64, the form of the builder's
/// own share links, so that "Upravit a ověřit" opens the scenario from `file://` too.
pub(crate) fn edit_href(source: &str) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec(source.as_bytes(), 10);
    let fragment = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed);
    format!("situace.html#s={fragment}")
}

#[cfg(test)]
mod tests {
    use base64::Engine as _;

    #[test]
    fn an_edit_link_carries_the_scenario_text_deflated_in_url_safe_base64() {
        let text = "title: \"Cesta – kdo boduje?\"\n# komentář zůstane\nplayers: [red, blue]\n";
        let href = super::edit_href(text);
        let fragment = href
            .strip_prefix("situace.html#s=")
            .expect("the builder's address with the scenario in the fragment");
        assert!(fragment
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        let packed = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(fragment)
            .unwrap();
        let unpacked = miniz_oxide::inflate::decompress_to_vec(&packed).unwrap();
        assert_eq!(String::from_utf8(unpacked).unwrap(), text);
    }
}
