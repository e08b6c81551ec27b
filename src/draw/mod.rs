//! Schematic SVG pictures of tiles and boards, drawn from engine state: fields, roads, city
//! walls, pennants, mist hatching, castles, graveyards, the ruin, face-down tiles, meeples of
//! every kind in colour, dogs, buried meeples, ghosts and coordinates. Each tile is drawn in
//! its own frame and turned into place. A board comes with its legend (the symbols it uses,
//! named in Czech), and every element carries a Czech `<title>`.

mod builder;

use std::collections::BTreeSet;
use std::fmt::Write;

use serde::Serialize;

// The site writes the tile face down itself.
#[cfg(feature = "full")]
pub(crate) use builder::TileData;

use crate::engine::{tile_marker, CompiledTile, Game, State};
use crate::model::{
    Colour, Corpus, Dir, Expectations, FeatureKind, FigureShape, MeepleKind, Port, Pos, Scenario,
    Spot, StartPart,
};

/// A tile's side in board units.
const CELL: i32 = 100;
/// Room around the tiles for the coordinates.
const MARGIN: i32 = 30;
/// A run of two or more empty columns (rows) shrinks to a strip this wide.
const GAP: i32 = 24;
/// The size of every text on a board, in board units: on a 390 px phone a board 4 tiles
/// wide is about 352 px wide, which shows it at 13 px.
pub const LABEL: i32 = 17;
/// The smallest text, in CSS px, a player reads without zooming.
pub const READABLE_PX: f32 = 11.0;
/// How wide a board is drawn on a 390 px phone, in CSS px (the page's padding taken off).
pub const PHONE_BOARD_PX: f32 = 352.0;

/// Where a port's region lies: the triangle from the tile centre to its third of the edge.
fn port_triangle(port: Port) -> [(f32, f32); 3] {
    let (a, b) = edge_segment(port);
    [(50.0, 50.0), a, b]
}

/// The third of the tile edge a port occupies, clockwise.
fn edge_segment(port: Port) -> ((f32, f32), (f32, f32)) {
    let t0 = f32::from(port.part()) / 3.0 * 100.0;
    let t1 = t0 + 100.0 / 3.0;
    match port.side() {
        Dir::N => ((t0, 0.0), (t1, 0.0)),
        Dir::E => ((100.0, t0), (100.0, t1)),
        Dir::S => ((100.0 - t0, 100.0), (100.0 - t1, 100.0)),
        Dir::W => ((0.0, 100.0 - t0), (0.0, 100.0 - t1)),
    }
}

/// Where a meeple on a port stands (tile frame, before rotation).
fn port_anchor(port: Port) -> (f32, f32) {
    let (a, b) = edge_segment(port);
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    (50.0 + (mid.0 - 50.0) * 0.62, 50.0 + (mid.1 - 50.0) * 0.62)
}

/// The corner of a start-tile quarter that the four quarters share.
fn ruin_corner(part: StartPart) -> (f32, f32) {
    match part {
        StartPart::Nw => (100.0, 100.0),
        StartPart::Ne => (0.0, 100.0),
        StartPart::Sw => (100.0, 0.0),
        StartPart::Se => (0.0, 0.0),
    }
}

fn side_middle(side: Dir) -> (f32, f32) {
    match side {
        Dir::N => (50.0, 0.0),
        Dir::E => (100.0, 50.0),
        Dir::S => (50.0, 100.0),
        Dir::W => (0.0, 50.0),
    }
}

fn points(points: &[(f32, f32)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// XML text: markup escaped, and control characters (which XML cannot hold at all) shown as
/// their codes.
fn escape(text: &str) -> String {
    crate::safe_text::escape(text)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Shared patterns; `id` keeps their ids unique when several boards share a page.
fn defs(id: &str) -> String {
    format!(
        r##"<defs><pattern id="{id}-mlha" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#dfe3ea" fill-opacity="0.55"/><line x1="0" y1="0" x2="0" y2="8" stroke="#7b8494" stroke-width="2"/></pattern></defs>"##
    )
}

/// One symbol of a legend: a small picture and what it means.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegendItem {
    /// A complete inline `<svg>`, hidden from screen readers (the label says it all).
    pub symbol: String,
    pub label: String,
}

/// The symbols a picture uses, each once, in the order first drawn.
#[derive(Debug, Default)]
struct Legend(Vec<LegendItem>);

impl Legend {
    fn add(&mut self, label: impl Into<String>, symbol: impl FnOnce() -> String) {
        let label = label.into();
        if self.0.iter().all(|item| item.label != label) {
            self.0.push(LegendItem {
                symbol: format!(
                    r##"<svg class="legend-symbol" viewBox="-15 -15 30 30" width="30" height="30" aria-hidden="true" focusable="false">{}</svg>"##,
                    symbol()
                ),
                label,
            });
        }
    }
}

/// Legend symbols of the tiles' contents, centred on (0, 0).
const CITY_SYMBOL: &str = r##"<rect x="-12" y="-12" width="24" height="24" fill="#d9b77c" stroke="#8a5a2b" stroke-width="2.5"/>"##;
const ROAD_SYMBOL: &str = r##"<path d="M-15,0 H15" stroke="#6b5a44" stroke-width="11"/><path d="M-15,0 H15" stroke="#f3ecd8" stroke-width="7"/>"##;
const MIST_SYMBOL: &str = r##"<rect x="-12" y="-12" width="24" height="24" fill="#dfe3ea" stroke="#7b8494"/><path d="M-12,0 L0,-12 M-12,12 L12,-12 M0,12 L12,0" stroke="#7b8494" stroke-width="2"/>"##;

/// Drawings in the tile's frame, around its centre (50, 50).
const MONASTERY: &str = r##"<rect x="38" y="40" width="24" height="22" fill="#e8d8b0" stroke="#5a3a1a" stroke-width="2"/><path d="M35,41 L50,28 L65,41 z" fill="#b5472f" stroke="#5a3a1a" stroke-width="2"/>"##;
const CASTLE: &str = r##"<path d="M36,64 V38 h6 v-6 h5 v6 h6 v-6 h5 v6 h6 V64 z" fill="#9aa0ab" stroke="#3a3f48" stroke-width="2"/>"##;
const GRAVEYARD: &str = r##"<rect x="34" y="40" width="32" height="24" rx="4" fill="#8f8f7a" stroke="#3a3a30" stroke-width="2"/><path d="M50,30 v20 M43,36 h14" stroke="#2a2a22" stroke-width="3"/>"##;
const FACE_DOWN: &str = r##"<rect width="100" height="100" fill="#7a5230" stroke="#3b2612" stroke-width="2"/><path d="M15,15 L85,85 M85,15 L15,85" stroke="#a57548" stroke-width="4"/>"##;

/// A centre drawing as a legend symbol: moved onto (0, 0) and shrunk to fit.
fn centred(drawing: &str) -> String {
    format!(r##"<g transform="scale(0.75) translate(-50,-47)">{drawing}</g>"##)
}

fn pennant(x: f32, y: f32) -> String {
    format!(
        r##"<path d="M{x:.1},{y:.1} h10 v8 l-5,5 l-5,-5 z" fill="#2f5fb3" stroke="#fff" stroke-width="1"/>"##
    )
}

/// A small church: nave with a pointed roof and a cross; (x, y) is its lower left corner.
fn cathedral(x: f32, y: f32) -> String {
    format!(
        r##"<path d="M{x:.1},{y:.1} v-10 l8,-8 l8,8 v10 z" fill="#f4efe2" stroke="#5a3a1a" stroke-width="1.5"/><path d="M{:.1},{:.1} v-8 M{:.1},{:.1} h6" stroke="#5a3a1a" stroke-width="1.5"/>"##,
        x + 8.0,
        y - 18.0,
        x + 5.0,
        y - 23.0
    )
}

fn inn(x: f32, y: f32) -> String {
    format!(r##"<path d="M{x:.1},{y:.1} l6,-6 l6,6 v7 h-12 z" fill="#b5472f" stroke="#3b2a1a"/>"##)
}

/// Draws a small picture from its corner point.
type Icon = fn(f32, f32) -> String;

/// The picture of a tile marker by its id, with where the legend puts its corner point;
/// `None` for a marker the drawing has no picture of.
fn marker_icon(id: &str) -> Option<(Icon, (f32, f32))> {
    match id {
        "cathedral" => Some((cathedral, (-8.0, 10.0))),
        "inn" => Some((inn, (-6.0, 3.0))),
        _ => None,
    }
}

/// Draws a feature's markers at `at` (each in turn a little lower), titled and in the legend
/// by their Czech names.
fn markers(out: &mut String, markers: &[String], at: (f32, f32), legend: &mut Legend) {
    for (i, id) in markers.iter().enumerate() {
        let Some((icon, origin)) = marker_icon(id) else {
            continue;
        };
        let name = tile_marker(id).map_or(id.as_str(), |m| m.name);
        legend.add(name, || icon(origin.0, origin.1));
        let y = at.1 + 12.0 * i as f32;
        out.push_str(&titled(name, &icon(at.0, y)));
    }
}

/// A number of ghosts printed in a mist, in a white disc centred on (x, y); `turn` (degrees)
/// undoes the tile's rotation so the number stays upright.
fn printed_ghosts(x: f32, y: f32, n: u8, turn: u16) -> String {
    format!(
        r##"<circle cx="{x:.1}" cy="{y:.1}" r="11" fill="#fff" stroke="#555"/><text x="{x:.1}" y="{:.1}" font-size="{LABEL}" text-anchor="middle" transform="rotate(-{turn} {x:.1} {y:.1})">{n}</text>"##,
        y + 5.5
    )
}

/// An element with its Czech name, which screen readers and tooltips show.
fn titled(title: &str, body: &str) -> String {
    format!("<g><title>{}</title>{body}</g>", escape(title))
}

/// One tile in its own 100×100 frame (rotation 0), as SVG elements, to be turned by `turn`
/// degrees; `id` names the page's patterns. The legend learns what it shows.
fn tile_body(tile: &CompiledTile, turn: u16, id: &str, legend: &mut Legend) -> String {
    let mut out = String::new();
    if tile.face_down {
        legend.add("kartička lícem dolů", || {
            format!(r##"<g transform="scale(0.24) translate(-50,-50)">{FACE_DOWN}</g>"##)
        });
        out.push_str(FACE_DOWN);
        return out;
    }
    legend.add("louka", || {
        r##"<rect x="-12" y="-12" width="24" height="24" fill="#9cc26b" stroke="#44533a"/>"##
            .to_owned()
    });
    out.push_str(&titled(
        "louka",
        r##"<rect width="100" height="100" fill="#9cc26b"/>"##,
    ));
    tile_cities(&mut out, tile, legend);
    tile_roads(&mut out, tile, legend);
    tile_mist(&mut out, tile, turn, id, legend);
    tile_centre(&mut out, tile, legend);
    out.push_str(
        r##"<rect width="100" height="100" fill="none" stroke="#44533a" stroke-width="1"/>"##,
    );
    out
}

/// The tile's cities, with their pennants and cathedrals.
fn tile_cities(out: &mut String, tile: &CompiledTile, legend: &mut Legend) {
    // Cities: one walled polygon. Walking the sides clockwise, a city side contributes its
    // two corners and a side without the city an inner point, so corners, bands and
    // three-sided cities take their usual shapes; a one-sided city is a cap.
    for feature in tile.features.iter().filter(|f| f.kind == FeatureKind::City) {
        let sides: Vec<Dir> = Dir::ALL
            .iter()
            .copied()
            .filter(|d| feature.ports & (1 << Port::new(*d, 1).0) != 0)
            .collect();
        let corners = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)];
        let outline: Vec<(f32, f32)> = if let [side] = sides.as_slice() {
            let i = side.index();
            let (a, b) = (corners[i], corners[(i + 1) % 4]);
            let inset = |p: (f32, f32)| (50.0 + (p.0 - 50.0) * 0.5, 50.0 + (p.1 - 50.0) * 0.5);
            let (c, d) = (inset(b), inset(a));
            vec![
                a,
                b,
                ((b.0 + c.0) / 2.0, (b.1 + c.1) / 2.0),
                ((a.0 + d.0) / 2.0, (a.1 + d.1) / 2.0),
            ]
        } else {
            let mut points = Vec::new();
            for side in Dir::ALL {
                if sides.contains(&side) {
                    points.push(corners[side.index()]);
                    points.push(corners[(side.index() + 1) % 4]);
                } else {
                    let m = side_middle(side);
                    points.push((50.0 + (m.0 - 50.0) * 0.4, 50.0 + (m.1 - 50.0) * 0.4));
                }
            }
            points.dedup();
            points
        };
        legend.add("město", || CITY_SYMBOL.to_owned());
        out.push_str(&titled(
            "město",
            &format!(
                r##"<polygon points="{}" fill="#d9b77c" stroke="#8a5a2b" stroke-width="2.5"/>"##,
                points(&outline)
            ),
        ));
        let anchor = sides
            .first()
            .map(|s| port_anchor(Port::new(*s, 1)))
            .unwrap_or((50.0, 50.0));
        if feature.pennant {
            legend.add("erb", || pennant(-5.0, -7.0));
            out.push_str(&titled("erb", &pennant(anchor.0 + 10.0, anchor.1 - 4.0)));
        }
        markers(
            out,
            &feature.markers,
            (anchor.0 - 8.0, anchor.1 + 8.0),
            legend,
        );
    }
}

/// The tile's roads, with their inns.
fn tile_roads(out: &mut String, tile: &CompiledTile, legend: &mut Legend) {
    // Roads: from each side's middle to the centre (a through road bends there).
    for feature in tile.features.iter().filter(|f| f.kind == FeatureKind::Road) {
        let sides: Vec<Dir> = Dir::ALL
            .iter()
            .copied()
            .filter(|d| feature.ports & (1 << Port::new(*d, 1).0) != 0)
            .collect();
        let path = match sides.as_slice() {
            [a, b] => {
                let (p, q) = (side_middle(*a), side_middle(*b));
                format!("M{:.1},{:.1} Q50,50 {:.1},{:.1}", p.0, p.1, q.0, q.1)
            }
            [a] => {
                let p = side_middle(*a);
                // On the 2x2 start tile, roads run to the ruin on the shared corner.
                let end = tile
                    .spec
                    .start_part
                    .map(ruin_corner)
                    .unwrap_or((50.0, 50.0));
                format!("M{:.1},{:.1} L{:.1},{:.1}", p.0, p.1, end.0, end.1)
            }
            _ => continue,
        };
        let mut road = format!(
            r##"<path d="{path}" fill="none" stroke="#6b5a44" stroke-width="11"/><path d="{path}" fill="none" stroke="#f3ecd8" stroke-width="7"/>"##
        );
        if sides.len() == 1 && tile.spec.start_part.is_none() {
            road.push_str(r##"<circle cx="50" cy="50" r="5" fill="#6b5a44"/>"##);
        }
        legend.add("cesta", || ROAD_SYMBOL.to_owned());
        out.push_str(&titled("cesta", &road));
        let p = side_middle(sides[0]);
        markers(
            out,
            &feature.markers,
            ((p.0 + 50.0) / 2.0 + 6.0, (p.1 + 50.0) / 2.0 + 6.0),
            legend,
        );
    }
}

/// The tile's mist, with the ghost symbols printed in it.
fn tile_mist(out: &mut String, tile: &CompiledTile, turn: u16, id: &str, legend: &mut Legend) {
    // Mist: hatched over its ports' regions, with the number of ghosts printed in it.
    for fog in &tile.fog {
        let mut mist = String::new();
        for port in Port::all().filter(|p| fog.ports & (1 << p.0) != 0) {
            let _ = write!(
                mist,
                r##"<polygon points="{}" fill="url(#{id}-mlha)"/>"##,
                points(&port_triangle(port))
            );
        }
        legend.add("mlha", || MIST_SYMBOL.to_owned());
        let mut title = String::from("mlha");
        if fog.ghosts > 0 {
            if let Some(port) = Port::all().find(|p| fog.ports & (1 << p.0) != 0) {
                let (x, y) = port_anchor(port);
                mist.push_str(&printed_ghosts(x, y, fog.ghosts, turn));
                let _ = write!(title, ", symboly duchů: {}", fog.ghosts);
                legend.add("počet symbolů duchů v mlze", || {
                    printed_ghosts(0.0, 0.0, fog.ghosts, 0)
                });
            }
        }
        out.push_str(&titled(&title, &mist));
    }
}

/// What stands in the middle of the tile, and the ruin of the 2x2 start tile.
fn tile_centre(out: &mut String, tile: &CompiledTile, legend: &mut Legend) {
    let centre = match tile.center.map(|c| tile.features[usize::from(c)].kind) {
        Some(FeatureKind::Monastery) => Some(("klášter", MONASTERY)),
        Some(FeatureKind::Castle) => Some(("zámek", CASTLE)),
        Some(FeatureKind::Graveyard) => Some(("hřbitov", GRAVEYARD)),
        _ => None,
    };
    if let Some((name, drawing)) = centre {
        legend.add(name, || centred(drawing));
        out.push_str(&titled(name, drawing));
    }
    if let Some(part) = tile.spec.start_part {
        // The ruin sits on the corner the four quarters share.
        let (x, y) = ruin_corner(part);
        let ruin = |x: f32, y: f32| {
            format!(
                r##"<circle cx="{x}" cy="{y}" r="13" fill="#7d7468" stroke="#3a342c" stroke-width="2"/>"##
            )
        };
        legend.add("zřícenina", || ruin(0.0, 0.0));
        out.push_str(&titled("zřícenina", &ruin(x, y)));
    }
}

/// A catalog tile (or one drawn inside a scenario) as the situation builder shows and lays it.
pub(crate) fn tile_data(spec: &crate::model::TileSpec, set: &str) -> builder::TileData {
    let tile = CompiledTile::compile(spec);
    builder::tile_data(&tile, tile_svg(&tile), set)
}

/// A single catalog tile, named by its `<title>` (the page shows its name and description).
pub(crate) fn tile_svg(tile: &CompiledTile) -> String {
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 108 108" width="216" height="216" font-family="sans-serif"><title>{}</title>{}{}</svg>
"##,
        escape(tile.spec.display_name()),
        defs("k"),
        tile_body(tile, 0, "k", &mut Legend::default())
    )
}
/// The board's columns and rows, empty stretches folded into gaps.
struct Grid {
    columns: Axis,
    rows: Axis,
}

impl Grid {
    /// The top-left corner of the cell at `pos`.
    fn origin(&self, pos: Pos) -> (i32, i32) {
        (self.columns.offset(pos.x), self.rows.offset(pos.y))
    }
}

/// The numbers of the columns above the board and of the rows beside it.
fn grid_labels(out: &mut String, grid: &Grid) {
    for (x, offset) in &grid.columns.cells {
        let _ = write!(
            out,
            r##"<text x="{}" y="-9" font-size="{LABEL}" text-anchor="middle" fill="#444"><title>sloupec {x}</title>{x}</text>"##,
            offset + CELL / 2
        );
    }
    for (y, offset) in &grid.rows.cells {
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" font-size="{LABEL}" text-anchor="middle" fill="#444"><title>řádek {y}</title>{y}</text>"##,
            -MARGIN / 2,
            offset + CELL / 2 + LABEL / 3
        );
    }
}

/// Dashed lines where empty columns or rows are left out.
fn grid_gaps(out: &mut String, grid: &Grid, terrain: &mut Legend) {
    let (columns, rows) = (&grid.columns, &grid.rows);
    let gap_symbol = || {
        r##"<path d="M-4,-14 V14 M4,-14 V14" stroke="#8a8070" stroke-width="2" stroke-dasharray="4 3"/>"##.to_owned()
    };
    for (offset, first, last) in &columns.gaps {
        terrain.add("vynechané prázdné sloupce nebo řádky", gap_symbol);
        let x = offset + GAP / 2;
        let _ = write!(
            out,
            r##"<g><title>vynechané prázdné sloupce {first} až {last}</title><path d="M{},{} V{} M{},{} V{}" stroke="#8a8070" stroke-width="2" stroke-dasharray="6 4"/></g>"##,
            x - 5,
            -MARGIN / 2,
            rows.len + MARGIN / 2,
            x + 5,
            -MARGIN / 2,
            rows.len + MARGIN / 2
        );
    }
    for (offset, first, last) in &rows.gaps {
        terrain.add("vynechané prázdné sloupce nebo řádky", gap_symbol);
        let y = offset + GAP / 2;
        let _ = write!(
            out,
            r##"<g><title>vynechané prázdné řádky {first} až {last}</title><path d="M{},{} H{} M{},{} H{}" stroke="#8a8070" stroke-width="2" stroke-dasharray="6 4"/></g>"##,
            -MARGIN / 2,
            y - 5,
            columns.len + MARGIN / 2,
            -MARGIN / 2,
            y + 5,
            columns.len + MARGIN / 2
        );
    }
}

/// Every placed tile, turned as it lies; whether one of them is drawn schematically.
fn board_tiles(
    out: &mut String,
    state: &State,
    grid: &Grid,
    id: &str,
    terrain: &mut Legend,
) -> bool {
    let mut schematic = false;
    for p in &state.board.placed {
        let tile = &state.catalog.tiles[p.tile];
        schematic |= tile.spec.id.starts_with("du-");
        let (px, py) = grid.origin(p.pos);
        let turn = u16::from(p.rotation) * 90;
        let name = if tile.face_down {
            "kartička lícem dolů"
        } else {
            tile.spec.display_name()
        };
        let _ = write!(
            out,
            r##"<g transform="translate({px},{py})"><title>{} na {}</title><g transform="rotate({turn} 50 50)">{}</g></g>"##,
            escape(name),
            p.pos,
            tile_body(tile, turn, id, terrain)
        );
    }
    schematic
}

/// The figures on the board, each with its dog beside it if it has one.
fn board_meeples(
    out: &mut String,
    state: &State,
    grid: &Grid,
    dogs: &[usize],
    pieces: &mut Legend,
) {
    let placed = &state.board.placed;
    for (index, meeple) in state.meeples.iter().enumerate().filter(|(_, m)| m.on_board) {
        let p = placed[meeple.tile];
        let (px, py) = grid.origin(p.pos);
        let (ax, ay) = match meeple.spot {
            Spot::Port(port) => port_anchor(port),
            // Beside the monastery, castle or graveyard, which stays visible.
            Spot::Center => (68.0, 70.0),
        };
        let colour = state.players[meeple.player].colour;
        let name = state.colour_meeple(meeple.player, meeple.kind);
        pieces.add(name.clone(), || piece(colour, meeple.kind));
        let (x, y) = (px as f32 + ax, py as f32 + ay);
        let _ = write!(
            out,
            r##"<g transform="translate({x:.1},{y:.1}) scale(1.3)"><title>{} na {}</title>{}</g>"##,
            escape(&name),
            p.pos,
            piece(colour, meeple.kind)
        );
        if dogs.contains(&index) {
            let dog = format!("pes u {}", state.meeple_term.accusative());
            pieces.add(dog.clone(), || DOG.to_owned());
            let _ = write!(
                out,
                r##"<g transform="translate({:.1},{:.1}) scale(1.3)"><title>{dog} ({}) na {}</title>{DOG}</g>"##,
                x + 15.0,
                y + 11.0,
                colour.czech(),
                p.pos
            );
        }
    }
}

/// Buried figures, side by side on their graveyard.
fn board_graves(
    out: &mut String,
    state: &State,
    grid: &Grid,
    graves: &[(usize, usize)],
    pieces: &mut Legend,
) {
    for (n, (tile, player)) in graves.iter().enumerate() {
        let (Some(p), Some(owner)) = (state.board.placed.get(*tile), state.players.get(*player))
        else {
            continue;
        };
        let (px, py) = grid.origin(p.pos);
        // Graves on the same tile lie side by side.
        let beside = graves[..n].iter().filter(|(t, _)| t == tile).count() as i32;
        let label = format!(
            "pohřbený {}",
            state.colour_meeple(*player, MeepleKind::NORMAL)
        );
        pieces.add(label.clone(), || buried(owner.colour));
        let _ = write!(
            out,
            r##"<g transform="translate({},{}) scale(1.3)"><title>{} na {}</title>{}</g>"##,
            px + 20 + 28 * beside,
            py + 84,
            escape(&label),
            p.pos,
            buried(owner.colour)
        );
    }
}

/// The ghosts on each tile: one ghost with their number beside it.
fn board_ghosts(out: &mut String, state: &State, grid: &Grid, ghosts: &[u32], pieces: &mut Legend) {
    for (index, count) in ghosts.iter().enumerate().filter(|(_, n)| **n > 0) {
        let Some(p) = state.board.placed.get(index) else {
            continue;
        };
        let (px, py) = grid.origin(p.pos);
        pieces.add("duchové na kartičce (číslo: kolik jich je)", || {
            format!(r##"<g transform="scale(1.3)">{GHOST}</g>"##)
        });
        let _ = write!(
            out,
            r##"<g transform="translate({},{})"><title>na {}: {}</title><g transform="scale(1.3)">{GHOST}</g><text x="-11" y="6" font-size="{LABEL}" font-weight="bold" text-anchor="end" fill="#223">{count}</text></g>"##,
            px + CELL - 14,
            py + 14,
            p.pos,
            crate::czech::pocet(*count, "duch")
        );
    }
}

/// Where columns (or rows) lie: each coordinate's offset in board units. Runs of two or more
/// empty coordinates between tiles shrink to a narrow gap, so far-flung tiles (a scenario's
/// "somewhere else") don't leave a phone-sized board mostly empty.
struct Axis {
    /// Coordinates drawn a tile wide (with tiles, or a single empty one between them).
    cells: Vec<(i32, i32)>,
    /// Gaps: offset, first and last coordinate left out.
    gaps: Vec<(i32, i32, i32)>,
    len: i32,
}

impl Axis {
    fn new(used: &BTreeSet<i32>) -> Axis {
        let mut axis = Axis {
            cells: Vec::new(),
            gaps: Vec::new(),
            len: 0,
        };
        let mut previous: Option<i32> = None;
        for &c in used {
            if let Some(p) = previous {
                match c - p - 1 {
                    0 => {}
                    1 => {
                        axis.cells.push((p + 1, axis.len));
                        axis.len += CELL;
                    }
                    _ => {
                        axis.gaps.push((axis.len, p + 1, c - 1));
                        axis.len += GAP;
                    }
                }
            }
            axis.cells.push((c, axis.len));
            axis.len += CELL;
            previous = Some(c);
        }
        axis
    }

    fn offset(&self, c: i32) -> i32 {
        self.cells
            .iter()
            .find(|(cell, _)| *cell == c)
            .map_or(0, |(_, offset)| *offset)
    }
}

/// A picture of a game's board and what its symbols mean.
#[derive(Debug, Clone, Serialize)]
pub struct Board {
    /// A standalone SVG document, drawn one board unit to a pixel; a page scales it to its
    /// width (CSS) and opens the file itself to enlarge it.
    pub svg: String,
    pub legend: Vec<LegendItem>,
    /// A remark on the whole picture (tiles whose shapes the sources don't give).
    note: Option<String>,
    /// viewBox width in board units.
    pub width: i32,
    /// Too wide for its labels to stay readable on a 390 px phone: the page offers the
    /// picture at full size.
    pub wide: bool,
}

/// A ghost figure centred on (0, 0), about 16 px wide.
const GHOST: &str = r##"<path d="M-7,7 V-1 A7,7 0 0 1 7,-1 V7 L4.7,5 L2.3,7 L0,5 L-2.3,7 L-4.7,5 Z" fill="#fff" stroke="#556" stroke-width="1.2"/><circle cx="-2.4" cy="-1" r="1.2" fill="#334"/><circle cx="2.4" cy="-1" r="1.2" fill="#334"/>"##;

/// A meeple standing on (0, 0), 20 units tall.
const MEEPLE: &str = "M0,-10 C3,-10 4,-8 4,-6 C4,-4.5 3,-3.5 2.5,-3 L9,-1 C10,0 9.5,2 8,2 L4,1.5 L7,9 C7.5,10 6.5,10.5 5.5,10.5 L2,10.5 L0,6 L-2,10.5 L-5.5,10.5 C-6.5,10.5 -7.5,10 -7,9 L-4,1.5 L-8,2 C-9.5,2 -10,0 -9,-1 L-2.5,-3 C-3,-3.5 -4,-4.5 -4,-6 C-4,-8 -3,-10 0,-10 Z";
/// The guard: a shield, 20 units tall.
const SHIELD: &str = "M-8,-10 H8 V0 C8,5 4,8.5 0,10.5 C-4,8.5 -8,5 -8,0 Z";

/// A piece in a colour centred on (0, 0): the big meeple is larger, the guard a shield.
fn piece(colour: Colour, kind: MeepleKind) -> String {
    let (path, scale) = match kind.shape() {
        FigureShape::Meeple { scale } => (MEEPLE, scale),
        FigureShape::Shield => (SHIELD, 1.0),
    };
    format!(
        r##"<path transform="scale({scale})" d="{path}" fill="{}" stroke="#fff" stroke-width="1.6" paint-order="stroke"/><path transform="scale({scale})" d="{path}" fill="none" stroke="#222" stroke-width="0.6"/>"##,
        colour.hex()
    )
}

/// A meeple lying on its back, grey-edged: buried on a graveyard.
fn buried(colour: Colour) -> String {
    format!(
        r##"<g transform="rotate(90)"><path d="{MEEPLE}" fill="{}" stroke="#222" stroke-width="1.5"/></g>"##,
        colour.hex()
    )
}

/// A dog lying down, centred on (0, 0).
const DOG: &str = r##"<path d="M-9,3 C-9,-2 -4,-3 2,-3 L4,-7 L6,-4 L9,-4 C10,-2 9,0 7,0 L6,5 L3,5 L2,2 L-4,2 L-5,5 L-8,5 Z" fill="#8a5a2b" stroke="#fff" stroke-width="1.2" paint-order="stroke"/><circle cx="6.5" cy="-2.5" r="0.9" fill="#fff"/>"##;

/// The whole board of a game: tiles, meeples, the dogs beside them, buried meeples on their
/// graveyards and the ghosts each tile holds. `title` names it; `id` keeps the ids of its
/// patterns unique on a page with several boards.
pub fn board(game: &Game, title: &str, id: &str) -> Board {
    let state = &game.state;
    let ghosts: Vec<u32> = match game.ghosts() {
        Some(keeper) => (0..state.board.placed.len())
            .map(|p| keeper.ghosts_on_tile(state, p))
            .collect(),
        None => Vec::new(),
    };
    let statuses = game.statuses();
    let dogs: Vec<usize> = statuses
        .iter()
        .flat_map(|(_, s)| s.dogs.iter().copied())
        .collect();
    let graves: Vec<(usize, usize)> = statuses
        .iter()
        .flat_map(|(_, s)| s.graves.iter().copied())
        .collect();
    draw_board(state, title, id, &ghosts, &dogs, &graves)
}

/// The boards before the first step (the scenario played without its steps; none when that
/// cannot be played) and after the last one, `game` being the played scenario's end.
pub(crate) fn boards(scenario: &Scenario, corpus: &Corpus, game: &Game) -> (Option<Board>, Board) {
    let prepared = Scenario {
        steps: Vec::new(),
        expect: Expectations::default(),
        expect_after: Vec::new(),
        ..scenario.clone()
    };
    let before = crate::scenario::run(&prepared, corpus).ok().map(|r| {
        board(
            &r.game,
            &format!("{} — před prvním krokem", scenario.title),
            "pred",
        )
    });
    let after = board(
        game,
        &format!("{} — po posledním kroku", scenario.title),
        "po",
    );
    (before, after)
}

/// The board as a standalone SVG file (`carcref check --svg`).
#[cfg(feature = "full")]
pub(crate) fn game_svg(game: &Game, title: &str) -> String {
    board(game, title, "plan").svg
}

/// `ghosts[i]`: ghosts on placed tile `i`; `dogs`: meeples with a dog beside them;
/// `graves`: (graveyard tile, player) of each buried meeple.
fn draw_board(
    state: &State,
    title: &str,
    id: &str,
    ghosts: &[u32],
    dogs: &[usize],
    graves: &[(usize, usize)],
) -> Board {
    let placed = &state.board.placed;
    let grid = Grid {
        columns: Axis::new(&placed.iter().map(|p| p.pos.x).collect()),
        rows: Axis::new(&placed.iter().map(|p| p.pos.y).collect()),
    };
    let (columns, rows) = (&grid.columns, &grid.rows);
    let (width, height) = (columns.len + 2 * MARGIN, rows.len + 2 * MARGIN);
    let mut pieces = Legend::default();
    let mut terrain = Legend::default();
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="board-svg" viewBox="{} {} {width} {height}" width="{width}" height="{height}" font-family="sans-serif"><title>{}</title>{}<rect x="{}" y="{}" width="{width}" height="{height}" fill="#f7f4ec"/>"##,
        -MARGIN,
        -MARGIN,
        escape(title),
        defs(id),
        -MARGIN,
        -MARGIN,
    );
    grid_labels(&mut out, &grid);
    grid_gaps(&mut out, &grid, &mut terrain);
    let schematic = board_tiles(&mut out, state, &grid, id, &mut terrain);
    board_meeples(&mut out, state, &grid, dogs, &mut pieces);
    board_graves(&mut out, state, &grid, graves, &mut pieces);
    board_ghosts(&mut out, state, &grid, ghosts, &mut pieces);
    out.push_str("</svg>\n");
    let mut legend = pieces.0;
    legend.extend(terrain.0);
    Board {
        svg: out,
        legend,
        note: schematic.then(|| {
            "Kartičky s mlhou jsou kresleny schematicky: zdroje neuvádějí jejich tvary.".to_owned()
        }),
        width,
        wide: LABEL as f32 * PHONE_BOARD_PX / (width as f32) < READABLE_PX,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tile_markers;

    #[test]
    fn every_registered_tile_marker_has_a_picture() {
        let markers: Vec<&str> = tile_markers().map(|m| m.id).collect();
        assert!(markers.contains(&"inn") && markers.contains(&"cathedral"));
        for id in markers {
            assert!(marker_icon(id).is_some(), "no picture of `{id}`");
        }
        assert!(marker_icon("tower").is_none());
    }
}
