//! Schematic SVG pictures of tiles and boards, drawn from engine state: fields, roads, city
//! walls, pennants, fog hatching, castles, graveyards, the ruin, ghost symbols, meeples in
//! colour and coordinates. Each tile is drawn in its own frame and turned into place.

use std::fmt::Write;

use crate::engine::core::game::{Spot, State};
use crate::engine::core::tile::{CompiledTile, FeatureKind};
use crate::model::geometry::{Dir, Port};
use crate::model::tiles::StartPart;

const CELL: i32 = 100;
const MARGIN: i32 = 40;

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

const DEFS: &str = r##"<defs><clipPath id="tile"><rect width="100" height="100"/></clipPath><pattern id="fog" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#dfe3ea" fill-opacity="0.55"/><line x1="0" y1="0" x2="0" y2="8" stroke="#7b8494" stroke-width="2"/></pattern></defs>"##;

/// One tile in its own 100×100 frame (rotation 0), as SVG elements.
fn tile_body(tile: &CompiledTile) -> String {
    let mut out = String::new();
    if tile.face_down {
        let _ = write!(
            out,
            r##"<rect width="100" height="100" fill="#7a5230" stroke="#3b2612" stroke-width="2"/><path d="M15,15 L85,85 M85,15 L15,85" stroke="#a57548" stroke-width="4"/><text x="50" y="95" font-size="9" text-anchor="middle" fill="#f0e0c8">lícem dolů</text>"##
        );
        return out;
    }
    let _ = write!(out, r##"<rect width="100" height="100" fill="#9cc26b"/>"##);
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
        let _ = write!(
            out,
            r##"<polygon points="{}" fill="#d9b77c" stroke="#8a5a2b" stroke-width="2.5"/>"##,
            points(&outline)
        );
        let anchor = sides
            .first()
            .map(|s| port_anchor(Port::new(*s, 1)))
            .unwrap_or((50.0, 50.0));
        if feature.pennant {
            let (x, y) = (anchor.0 + 10.0, anchor.1 - 4.0);
            let _ = write!(
                out,
                r##"<path d="M{x:.1},{y:.1} h10 v8 l-5,5 l-5,-5 z" fill="#2f5fb3" stroke="#fff" stroke-width="1"/>"##
            );
        }
        if feature.cathedral {
            // A small church: nave with a pointed roof and a cross.
            let (x, y) = (anchor.0 - 8.0, anchor.1 + 8.0);
            let _ = write!(
                out,
                r##"<path d="M{x:.1},{y:.1} v-10 l8,-8 l8,8 v10 z" fill="#f4efe2" stroke="#5a3a1a" stroke-width="1.5"/><path d="M{:.1},{:.1} v-8 M{:.1},{:.1} h6" stroke="#5a3a1a" stroke-width="1.5"/>"##,
                x + 8.0,
                y - 18.0,
                x + 5.0,
                y - 23.0
            );
        }
    }
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
        let _ = write!(
            out,
            r##"<path d="{path}" fill="none" stroke="#6b5a44" stroke-width="11"/><path d="{path}" fill="none" stroke="#f3ecd8" stroke-width="7"/>"##
        );
        if sides.len() == 1 && tile.spec.start_part.is_none() {
            let _ = write!(out, r##"<circle cx="50" cy="50" r="5" fill="#6b5a44"/>"##);
        }
        if feature.inn {
            let p = side_middle(sides[0]);
            let (x, y) = ((p.0 + 50.0) / 2.0 + 6.0, (p.1 + 50.0) / 2.0 + 6.0);
            let _ = write!(
                out,
                r##"<path d="M{x:.1},{y:.1} l6,-6 l6,6 v7 h-12 z" fill="#b5472f" stroke="#3b2a1a"/>"##
            );
        }
    }
    // Fog: hatched over its ports' regions, with the ghost symbols it carries.
    for fog in &tile.fog {
        for port in Port::all().filter(|p| fog.ports & (1 << p.0) != 0) {
            let _ = write!(
                out,
                r##"<polygon points="{}" fill="url(#fog)"/>"##,
                points(&port_triangle(port))
            );
        }
        if fog.ghosts > 0 {
            if let Some(port) = Port::all().find(|p| fog.ports & (1 << p.0) != 0) {
                let (x, y) = port_anchor(port);
                let _ = write!(
                    out,
                    r##"<circle cx="{x:.1}" cy="{y:.1}" r="7" fill="#fff" stroke="#555"/><text x="{x:.1}" y="{:.1}" font-size="9" text-anchor="middle" font-family="sans-serif">{}</text>"##,
                    y + 3.0,
                    fog.ghosts
                );
            }
        }
    }
    match tile.center.map(|c| tile.features[usize::from(c)].kind) {
        Some(FeatureKind::Monastery) => {
            let _ = write!(
                out,
                r##"<rect x="38" y="40" width="24" height="22" fill="#e8d8b0" stroke="#5a3a1a" stroke-width="2"/><path d="M35,41 L50,28 L65,41 z" fill="#b5472f" stroke="#5a3a1a" stroke-width="2"/>"##
            );
        }
        Some(FeatureKind::Castle) => {
            let _ = write!(
                out,
                r##"<path d="M36,64 V38 h6 v-6 h5 v6 h6 v-6 h5 v6 h6 V64 z" fill="#9aa0ab" stroke="#3a3f48" stroke-width="2"/>"##
            );
        }
        Some(FeatureKind::Graveyard) => {
            let _ = write!(
                out,
                r##"<rect x="34" y="40" width="32" height="24" rx="4" fill="#8f8f7a" stroke="#3a3a30" stroke-width="2"/><path d="M50,30 v20 M43,36 h14" stroke="#2a2a22" stroke-width="3"/>"##
            );
        }
        _ => {}
    }
    if let Some(part) = tile.spec.start_part {
        // The ruin sits on the corner the four quarters share.
        let (x, y) = match part {
            StartPart::Nw => (100.0, 100.0),
            StartPart::Ne => (0.0, 100.0),
            StartPart::Sw => (100.0, 0.0),
            StartPart::Se => (0.0, 0.0),
        };
        let _ = write!(
            out,
            r##"<circle cx="{x}" cy="{y}" r="13" fill="#7d7468" stroke="#3a342c" stroke-width="2"/>"##
        );
    }
    let _ = write!(
        out,
        r##"<rect width="100" height="100" fill="none" stroke="#44533a" stroke-width="1"/>"##
    );
    out
}

/// A single catalog tile.
pub fn tile_svg(tile: &CompiledTile, schematic: bool) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-10 -10 120 {}" width="240">{DEFS}"##,
        if schematic { 140 } else { 130 }
    );
    out.push_str(&tile_body(tile));
    let _ = write!(
        out,
        r##"<text x="50" y="113" font-size="8" text-anchor="middle" font-family="sans-serif">{}</text>"##,
        escape(&tile.spec.id)
    );
    if schematic {
        out.push_str(r##"<text x="50" y="124" font-size="7" text-anchor="middle" font-family="sans-serif" fill="#a33">schematický tvar</text>"##);
    }
    out.push_str("</svg>\n");
    out
}

/// The whole board of a game, with meeples and coordinates.
pub fn board_svg(state: &State, title: &str) -> String {
    board_svg_with_ghosts(state, title, &[])
}

/// The board of a game: with a ghost module, its ghosts on their tiles (beside the meeples
/// there, in the competitive game).
pub fn game_svg(game: &crate::engine::core::game::Game, title: &str) -> String {
    let ghosts: Vec<u32> = match game.ghosts() {
        Some(keeper) => (0..game.state.board.placed.len())
            .map(|p| keeper.ghosts_on_tile(&game.state, p))
            .collect(),
        None => Vec::new(),
    };
    board_svg_with_ghosts(&game.state, title, &ghosts)
}

/// A ghost figure centred on (0, 0), about 16 px wide.
const GHOST: &str = r##"<path d="M-7,7 V-1 A7,7 0 0 1 7,-1 V7 L4.7,5 L2.3,7 L0,5 L-2.3,7 L-4.7,5 Z" fill="#fff" stroke="#556" stroke-width="1.2"/><circle cx="-2.4" cy="-1" r="1.2" fill="#334"/><circle cx="2.4" cy="-1" r="1.2" fill="#334"/>"##;

/// `ghosts[i]`: ghosts on placed tile `i` (empty: none drawn).
pub fn board_svg_with_ghosts(state: &State, title: &str, ghosts: &[u32]) -> String {
    let placed = &state.board.placed;
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (0, 0, 0, 0);
    for p in placed {
        min_x = min_x.min(p.pos.x);
        min_y = min_y.min(p.pos.y);
        max_x = max_x.max(p.pos.x);
        max_y = max_y.max(p.pos.y);
    }
    let width = ((max_x - min_x + 1) * CELL + 2 * MARGIN).max(560);
    let height = (max_y - min_y + 1) * CELL + 2 * MARGIN + 30;
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif">{DEFS}<rect width="{width}" height="{height}" fill="#f7f4ec"/><text x="{MARGIN}" y="24" font-size="16">{}</text>"##,
        escape(title)
    );
    let origin = |x: i32, y: i32| {
        (
            (x - min_x) * CELL + MARGIN,
            (y - min_y) * CELL + MARGIN + 30,
        )
    };
    for x in min_x..=max_x {
        let (px, _) = origin(x, min_y);
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" font-size="11" text-anchor="middle" fill="#555">{x}</text>"##,
            px + CELL / 2,
            MARGIN + 22
        );
    }
    for y in min_y..=max_y {
        let (_, py) = origin(min_x, y);
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" font-size="11" text-anchor="middle" fill="#555">{y}</text>"##,
            MARGIN / 2,
            py + CELL / 2
        );
    }
    let mut schematic = false;
    for p in placed {
        let tile = &state.catalog.tiles[p.tile];
        schematic |= tile.spec.id.starts_with("du-");
        let (px, py) = origin(p.pos.x, p.pos.y);
        let _ = write!(
            out,
            r##"<g transform="translate({px},{py}) rotate({} 50 50)">{}</g>"##,
            u16::from(p.rotation) * 90,
            tile_body(tile)
        );
    }
    for meeple in state.meeples.iter().filter(|m| m.on_board) {
        let p = placed[meeple.tile];
        let (px, py) = origin(p.pos.x, p.pos.y);
        let (ax, ay) = match meeple.spot {
            Spot::Port(port) => port_anchor(port),
            Spot::Center => (50.0, 58.0),
        };
        let colour = state.players[meeple.player].colour;
        let letter = match meeple.kind {
            crate::model::pieces::MeepleKind::Normal => "",
            crate::model::pieces::MeepleKind::Big => "V",
            crate::model::pieces::MeepleKind::Guard => "S",
        };
        let (x, y) = (px as f32 + ax, py as f32 + ay);
        let _ = write!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="9" fill="{}" stroke="#fff" stroke-width="2"/><text x="{x:.1}" y="{:.1}" font-size="9" text-anchor="middle" fill="#fff">{letter}</text>"##,
            colour.hex(),
            y + 3.0
        );
    }
    for (index, count) in ghosts.iter().enumerate().filter(|(_, n)| **n > 0) {
        let p = placed[index];
        let (px, py) = origin(p.pos.x, p.pos.y);
        let (x, y) = (px + CELL - 16, py + 14);
        let _ = write!(
            out,
            r##"<g transform="translate({x},{y})"><title>duchové: {count}</title>{GHOST}<text x="-10" y="5" font-size="12" font-weight="bold" text-anchor="end" fill="#223">{count}×</text></g>"##
        );
    }
    if schematic {
        let _ = write!(
            out,
            r##"<text x="{MARGIN}" y="{}" font-size="11" fill="#a33">Kartičky s mlhou jsou kresleny schematicky: zdroje neuvádějí jejich tvary.</text>"##,
            height - 8
        );
    }
    out.push_str("</svg>\n");
    out
}
