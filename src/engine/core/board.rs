//! The board: a grid of placed tiles, the frontier of cells a tile could go to with the edges
//! each requires, and features merged across tiles with union-find.

use smallvec::SmallVec;

use super::tile::{mirror_code, Catalog, CompiledTile, SIDE_PRESENT};
use crate::model::{Dir, FeatureKind, Port, Pos, BOARD_RADIUS};

/// How a center feature (monastery, castle, graveyard) is completed by its neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Surround {
    /// 4: the orthogonal neighbours; 8: all around.
    pub needed: usize,
    /// Whether face-down tiles count as neighbours (otherwise one blocks completion).
    pub face_down_counts: bool,
}

impl Default for Surround {
    fn default() -> Self {
        Surround {
            needed: 8,
            face_down_counts: false,
        }
    }
}

// A flat grid (no hashing on the hot path) over the board's whole extent.
const RADIUS: i32 = BOARD_RADIUS;
const WIDTH: i32 = 2 * RADIUS + 1;

pub(crate) fn in_bounds(pos: Pos) -> bool {
    pos.x.abs() < RADIUS && pos.y.abs() < RADIUS
}

fn cell(pos: Pos) -> usize {
    ((pos.y + RADIUS) * WIDTH + pos.x + RADIUS) as usize
}

/// Union of two sorted lists without repeats, in one pass.
fn merge_sorted(a: &[u32], b: &[u32]) -> SmallVec<[u32; 4]> {
    let mut out = SmallVec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let next = a[i].min(b[j]);
        out.push(next);
        i += usize::from(a[i] == next);
        j += usize::from(b[j] == next);
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

fn position(cell: usize) -> Pos {
    let cell = cell as i32;
    Pos::new(cell % WIDTH - RADIUS, cell / WIDTH - RADIUS)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub tile: usize,
    pub pos: Pos,
    pub rotation: u8,
    /// First union-find node of this tile's features.
    pub(crate) first_node: u32,
    /// First fog node of this tile's fog areas.
    pub(crate) first_fog: u32,
}

/// A merged feature (valid at its union-find root).
#[derive(Debug, Clone, Default)]
pub struct Component {
    pub(crate) kind: Option<FeatureKind>,
    /// Edge ports not yet matched by a neighbour (roads, cities).
    pub(crate) open: u32,
    /// Placed tiles the feature spans, sorted and without repeats (not kept for fields).
    /// Inline small vectors: most features are small, and allocation dominated random games.
    pub(crate) tiles: SmallVec<[u32; 4]>,
    pub(crate) pennants: u32,
    /// What expansions mark on its parts (`inn`), with how many parts carry each.
    markers: Vec<(String, u32)>,
    pub meeples: SmallVec<[u32; 2]>,
    /// Fields: the city nodes they touch.
    pub(crate) borders: SmallVec<[u32; 2]>,
    pub complete: bool,
}

impl Component {
    /// How many of the feature's parts carry `marker` (`inn` for a road's inns).
    pub(crate) fn marked(&self, marker: &str) -> u32 {
        self.markers
            .iter()
            .find(|(m, _)| m == marker)
            .map_or(0, |(_, n)| *n)
    }

    fn add_markers(&mut self, markers: impl IntoIterator<Item = (String, u32)>) {
        for (marker, n) in markers {
            match self.markers.iter_mut().find(|(m, _)| *m == marker) {
                Some((_, count)) => *count += n,
                None => self.markers.push((marker, n)),
            }
        }
    }
}

/// What placing a tile joined: feature roots (at most 12 port joins plus the tile's own
/// features: a fixed array, no allocation), fog roots, and fog areas meeting clear land.
struct Joins {
    nodes: [u32; 40],
    count: usize,
    fog: Vec<u32>,
    blocked: Vec<u32>,
}

/// A merged fog area.
#[derive(Debug, Clone, Default)]
pub(crate) struct FogComponent {
    open: u32,
    pub(crate) tiles: Vec<u32>,
    /// Touches a field or road without fog: can never be closed.
    never_closable: bool,
    pub(crate) complete: bool,
}

/// An empty cell next to the board, with the edges a tile there must show: for each side a
/// byte, `mask` selecting the sides that have a neighbour and `value` their required codes.
#[derive(Debug, Clone, Copy)]
struct FrontierCell {
    cell: u32,
    mask: u32,
    value: u32,
}

#[derive(Debug)]
pub struct Board {
    cells: Vec<u32>,
    frontier: Vec<FrontierCell>,
    frontier_slot: Vec<u32>,
    touched: Vec<u32>,
    pub placed: Vec<Placed>,
    parent: Vec<u32>,
    pub(crate) components: Vec<Component>,
    fog_parent: Vec<u32>,
    pub(crate) fog: Vec<FogComponent>,
}

const NOT_IN_FRONTIER: u32 = u32::MAX;

impl Clone for Board {
    fn clone(&self) -> Board {
        let mut board = Board::new();
        board.clone_from(self);
        board
    }

    /// Reuses this board's buffers (the grids are large; trying moves copies boards often).
    fn clone_from(&mut self, source: &Board) {
        self.cells.clone_from(&source.cells);
        self.frontier.clone_from(&source.frontier);
        self.frontier_slot.clone_from(&source.frontier_slot);
        self.touched.clone_from(&source.touched);
        self.placed.clone_from(&source.placed);
        self.parent.clone_from(&source.parent);
        self.components.clone_from(&source.components);
        self.fog_parent.clone_from(&source.fog_parent);
        self.fog.clone_from(&source.fog);
    }
}

/// What placing a tile completed.
#[derive(Debug, Default, Clone)]
pub(crate) struct Placement {
    /// Roots of roads and cities closed by this tile.
    pub(crate) closed: Vec<u32>,
    /// Roots of fog areas closed by this tile.
    pub(crate) closed_fog: Vec<u32>,
    /// Center features now surrounded as their rule needs.
    pub(crate) surrounded: Vec<u32>,
    /// Fog areas this tile made impossible to close.
    pub(crate) blocked_fog: Vec<u32>,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    pub(crate) fn new() -> Board {
        let size = (WIDTH * WIDTH) as usize;
        Board {
            cells: vec![0; size],
            frontier: Vec::new(),
            frontier_slot: vec![NOT_IN_FRONTIER; size],
            touched: Vec::new(),
            placed: Vec::new(),
            parent: Vec::new(),
            components: Vec::new(),
            fog_parent: Vec::new(),
            fog: Vec::new(),
        }
    }

    /// Empties the board, touching only the cells used (cheap for repeated games).
    pub(crate) fn clear(&mut self) {
        for &c in &self.touched {
            let c = c as usize;
            self.cells[c] = 0;
            self.frontier_slot[c] = NOT_IN_FRONTIER;
        }
        self.touched.clear();
        self.frontier.clear();
        self.placed.clear();
        self.parent.clear();
        self.components.clear();
        self.fog_parent.clear();
        self.fog.clear();
    }

    pub fn at(&self, pos: Pos) -> Option<&Placed> {
        if !in_bounds(pos) {
            return None;
        }
        match self.cells[cell(pos)] {
            0 => None,
            n => self.placed.get(n as usize - 1),
        }
    }

    pub(crate) fn index_at(&self, pos: Pos) -> Option<usize> {
        in_bounds(pos)
            .then(|| self.cells[cell(pos)])
            .filter(|n| *n != 0)
            .map(|n| n as usize - 1)
    }

    /// Do the edges of `tile` turned by `rotation` match every neighbour of `pos`?
    /// (Not whether `pos` touches the board at all; see `touches_board`.)
    pub(crate) fn edges_match(
        &self,
        catalog: &Catalog,
        tile: usize,
        pos: Pos,
        rotation: u8,
    ) -> bool {
        let packed = catalog.tiles[tile].packed_edges[usize::from(rotation % 4)];
        match self.frontier_cell(pos) {
            Some(f) => packed & f.mask == f.value,
            None => true,
        }
    }

    fn frontier_cell(&self, pos: Pos) -> Option<&FrontierCell> {
        if !in_bounds(pos) {
            return None;
        }
        self.frontier.get(self.frontier_slot[cell(pos)] as usize)
    }

    pub(crate) fn touches_board(&self, pos: Pos) -> bool {
        self.frontier_cell(pos).is_some()
    }

    /// Legal cells and rotations for `tile` by edges alone, appended to `out`. (A plain loop:
    /// this is the innermost loop of random games.)
    pub(crate) fn fits_into(&self, catalog: &Catalog, tile: usize, out: &mut Vec<(Pos, u8)>) {
        let packed = catalog.tiles[tile].packed_edges;
        for f in &self.frontier {
            for (rotation, edges) in packed.iter().enumerate() {
                if edges & f.mask == f.value {
                    out.push((position(f.cell as usize), rotation as u8));
                }
            }
        }
    }

    /// Draws one (cell, rotation) fitting `tile` by edges, uniformly: `choose(n)` picks an
    /// index below the number of fits. One pass counts fits per cell into `scratch`, so no
    /// list of fits is built (this is the hot path of random games).
    pub fn draw_fit(
        &self,
        catalog: &Catalog,
        tile: usize,
        scratch: &mut Vec<u8>,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<(Pos, u8)> {
        let packed = catalog.tiles[tile].packed_edges;
        scratch.clear();
        let mut total = 0;
        for f in &self.frontier {
            let n = packed
                .iter()
                .filter(|edges| *edges & f.mask == f.value)
                .count();
            scratch.push(n as u8);
            total += n;
        }
        if total == 0 {
            return None;
        }
        let mut k = choose(total);
        for (f, &n) in self.frontier.iter().zip(scratch.iter()) {
            if k >= usize::from(n) {
                k -= usize::from(n);
                continue;
            }
            let rotation = (0..4u8)
                .filter(|r| packed[usize::from(*r)] & f.mask == f.value)
                .nth(k)?;
            return Some((position(f.cell as usize), rotation));
        }
        None
    }

    pub(crate) fn find(&mut self, node: u32) -> u32 {
        let mut root = node;
        while self.parent[root as usize] != root {
            root = self.parent[root as usize];
        }
        let mut node = node;
        while self.parent[node as usize] != root {
            let next = self.parent[node as usize];
            self.parent[node as usize] = root;
            node = next;
        }
        root
    }

    pub(crate) fn is_root(&self, node: u32) -> bool {
        self.parent[node as usize] == node
    }

    /// Root without path compression, for read-only callers.
    pub(crate) fn root(&self, node: u32) -> u32 {
        let mut root = node;
        while self.parent[root as usize] != root {
            root = self.parent[root as usize];
        }
        root
    }

    fn fog_find(&mut self, node: u32) -> u32 {
        let mut root = node;
        while self.fog_parent[root as usize] != root {
            root = self.fog_parent[root as usize];
        }
        self.fog_parent[node as usize] = root;
        root
    }

    pub(crate) fn fog_root(&self, node: u32) -> u32 {
        let mut root = node;
        while self.fog_parent[root as usize] != root {
            root = self.fog_parent[root as usize];
        }
        root
    }

    fn union(&mut self, a: u32, b: u32) -> u32 {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return a;
        }
        let (root, other) =
            if self.components[a as usize].tiles.len() >= self.components[b as usize].tiles.len() {
                (a, b)
            } else {
                (b, a)
            };
        self.parent[other as usize] = root;
        let merged = std::mem::take(&mut self.components[other as usize]);
        let target = &mut self.components[root as usize];
        target.open += merged.open;
        target.pennants += merged.pennants;
        target.add_markers(merged.markers);
        target.meeples.extend(merged.meeples);
        target.borders.extend(merged.borders);
        if !merged.tiles.is_empty() {
            target.tiles = merge_sorted(&target.tiles, &merged.tiles);
        }
        root
    }

    fn fog_union(&mut self, a: u32, b: u32) -> u32 {
        let (a, b) = (self.fog_find(a), self.fog_find(b));
        if a == b {
            return a;
        }
        self.fog_parent[b as usize] = a;
        let merged = std::mem::take(&mut self.fog[b as usize]);
        let target = &mut self.fog[a as usize];
        target.open += merged.open;
        target.never_closable |= merged.never_closable;
        target.tiles.extend(merged.tiles);
        target.tiles.sort_unstable();
        target.tiles.dedup();
        a
    }

    /// Places a tile (legality is the caller's business) and merges its features.
    /// `surround(kind)` says how a center feature is completed by its neighbours.
    pub(crate) fn place(
        &mut self,
        catalog: &Catalog,
        tile: usize,
        pos: Pos,
        rotation: u8,
        surround: impl Fn(FeatureKind) -> Surround,
    ) -> Placement {
        let def = &catalog.tiles[tile];
        let placed = Placed {
            tile,
            pos,
            rotation,
            first_node: self.parent.len() as u32,
            first_fog: self.fog_parent.len() as u32,
        };
        self.add_features(def, placed.first_node, placed.first_fog);
        let c = cell(pos);
        self.cells[c] = self.placed.len() as u32 + 1;
        self.touched.push(c as u32);
        self.remove_from_frontier(c);
        self.placed.push(placed);
        let joins = self.join_neighbours(catalog, &placed);
        let mut placement = Placement::default();
        self.close_joined(&joins, &mut placement);
        self.close_surrounded(catalog, pos, surround, &mut placement);
        placement
    }

    /// The new tile's features and fog areas, each its own component for now.
    fn add_features(&mut self, def: &CompiledTile, first_node: u32, first_fog: u32) {
        let index = self.placed.len() as u32;
        for (i, feature) in def.features.iter().enumerate() {
            self.parent.push(first_node + i as u32);
            let counts_tiles = feature.kind != FeatureKind::Field;
            let mut component = Component {
                kind: Some(feature.kind),
                open: if matches!(feature.kind, FeatureKind::Road | FeatureKind::City) {
                    feature.ports.count_ones()
                } else {
                    0
                },
                tiles: if counts_tiles {
                    SmallVec::from_slice(&[index])
                } else {
                    SmallVec::new()
                },
                pennants: u32::from(feature.pennant),
                markers: Vec::new(),
                meeples: SmallVec::new(),
                borders: feature
                    .borders
                    .iter()
                    .map(|b| first_node + u32::from(*b))
                    .collect(),
                complete: false,
            };
            component.add_markers(feature.markers.iter().map(|m| (m.clone(), 1)));
            self.components.push(component);
        }
        for (i, area) in def.fog.iter().enumerate() {
            self.fog_parent.push(first_fog + i as u32);
            self.fog.push(FogComponent {
                open: area.ports.count_ones(),
                tiles: vec![index],
                never_closable: false,
                complete: false,
            });
        }
    }

    /// Joins the placed tile's ports to its neighbours' (or notes what an empty neighbour
    /// cell must show), and returns what the joins touched.
    fn join_neighbours(&mut self, catalog: &Catalog, placed: &Placed) -> Joins {
        let def = &catalog.tiles[placed.tile];
        let mut joins = Joins {
            nodes: [0; 40],
            count: 0,
            fog: Vec::new(),
            blocked: Vec::new(),
        };
        for side in Dir::ALL {
            let next = placed.pos.step(side);
            let Some(neighbour) = self.at(next).copied() else {
                // Beside a face-down tile any tile may lie, as far as edges go.
                let code = (!def.face_down)
                    .then(|| mirror_code(def.side_code(side.index(), placed.rotation)));
                self.require(next, side.opposite(), code);
                continue;
            };
            // Nothing connects across a face-down tile: the ports facing it stay open.
            if def.face_down || catalog.tiles[neighbour.tile].face_down {
                continue;
            }
            for part in 0..3 {
                self.join_port(
                    catalog,
                    placed,
                    &neighbour,
                    Port::new(side, part),
                    &mut joins,
                );
            }
        }
        for i in 0..def.features.len().min(joins.nodes.len() - joins.count) as u32 {
            joins.nodes[joins.count] = placed.first_node + i;
            joins.count += 1;
        }
        for i in 0..def.fog.len() as u32 {
            joins.fog.push(placed.first_fog + i);
        }
        joins
    }

    /// Joins one port of the placed tile to the facing port of its neighbour: their features
    /// and, both under mist, their fog areas.
    fn join_port(
        &mut self,
        catalog: &Catalog,
        placed: &Placed,
        neighbour: &Placed,
        mine: Port,
        joins: &mut Joins,
    ) {
        let (def, other) = (&catalog.tiles[placed.tile], &catalog.tiles[neighbour.tile]);
        let theirs = mine.facing();
        let a = placed.first_node + u32::from(def.feature_at(mine, placed.rotation));
        let b = neighbour.first_node + u32::from(other.feature_at(theirs, neighbour.rotation));
        let fog_mine = def.fog_at(mine, placed.rotation);
        let fog_theirs = other.fog_at(theirs, neighbour.rotation);
        // Mist separates fields: a field under mist does not run on into a clear one.
        let is_field =
            |n: u32| self.components[self.root(n) as usize].kind == Some(FeatureKind::Field);
        let root = if fog_mine.is_some() != fog_theirs.is_some() && is_field(a) {
            self.find(a)
        } else {
            self.union(a, b)
        };
        let component = &mut self.components[root as usize];
        if matches!(component.kind, Some(FeatureKind::Road | FeatureKind::City)) {
            component.open = component.open.saturating_sub(2);
        }
        joins.nodes[joins.count] = root;
        joins.count += 1;
        match (fog_mine, fog_theirs) {
            (Some(x), Some(y)) => {
                let root = self.fog_union(
                    placed.first_fog + u32::from(x),
                    neighbour.first_fog + u32::from(y),
                );
                self.fog[root as usize].open = self.fog[root as usize].open.saturating_sub(2);
                joins.fog.push(root);
            }
            (Some(x), None) => joins.blocked.push(placed.first_fog + u32::from(x)),
            (None, Some(y)) => joins.blocked.push(neighbour.first_fog + u32::from(y)),
            (None, None) => {}
        }
    }

    /// Fog areas that now touch clear land, and roads, cities and fog areas the joins closed.
    fn close_joined(&mut self, joins: &Joins, placement: &mut Placement) {
        for &node in &joins.blocked {
            let root = self.fog_find(node);
            let area = &mut self.fog[root as usize];
            if !area.never_closable {
                area.never_closable = true;
                placement.blocked_fog.push(root);
            }
        }
        for &node in &joins.nodes[..joins.count] {
            let root = self.find(node);
            let component = &mut self.components[root as usize];
            if matches!(component.kind, Some(FeatureKind::Road | FeatureKind::City))
                && component.open == 0
                && !component.complete
            {
                component.complete = true;
                placement.closed.push(root);
            }
        }
        for &node in &joins.fog {
            let root = self.fog_find(node);
            let area = &mut self.fog[root as usize];
            if area.open == 0 && !area.never_closable && !area.complete {
                area.complete = true;
                placement.closed_fog.push(root);
            }
        }
    }

    /// The centers of the tile at `pos` and of its neighbours that are now surrounded.
    fn close_surrounded(
        &mut self,
        catalog: &Catalog,
        pos: Pos,
        surround: impl Fn(FeatureKind) -> Surround,
        placement: &mut Placement,
    ) {
        for around in std::iter::once(pos).chain(pos.neighbours8()) {
            let Some(placed) = self.at(around).copied() else {
                continue;
            };
            let Some(center) = catalog.tiles[placed.tile].center else {
                continue;
            };
            let node = placed.first_node + u32::from(center);
            let kind = catalog.tiles[placed.tile].features[usize::from(center)].kind;
            let rule = surround(kind);
            let count = self.neighbour_count(catalog, around, rule);
            let component = &mut self.components[node as usize];
            if count >= rule.needed && !component.complete {
                component.complete = true;
                placement.surrounded.push(node);
            }
        }
    }

    /// Neighbours of `pos` that count for `rule`: among the 4 orthogonal or all 8 cells,
    /// face-down tiles only where the rule lets them count.
    fn neighbour_count(&self, catalog: &Catalog, pos: Pos, rule: Surround) -> usize {
        let of = if rule.needed <= 4 { 4 } else { 8 };
        pos.neighbours8()[..of]
            .iter()
            .filter_map(|p| self.at(*p))
            .filter(|p| rule.face_down_counts || !catalog.tiles[p.tile].face_down)
            .count()
    }

    /// Makes `pos` a frontier cell and, given a code, requires it on the cell's `side`.
    fn require(&mut self, pos: Pos, side: Dir, code: Option<u32>) {
        if !in_bounds(pos) {
            return;
        }
        let c = cell(pos);
        if self.cells[c] != 0 {
            return;
        }
        if self.frontier_slot[c] == NOT_IN_FRONTIER {
            self.frontier_slot[c] = self.frontier.len() as u32;
            self.frontier.push(FrontierCell {
                cell: c as u32,
                mask: 0,
                value: 0,
            });
            self.touched.push(c as u32);
        }
        if let Some(code) = code {
            let shift = 8 * side.index();
            let f = &mut self.frontier[self.frontier_slot[c] as usize];
            f.mask |= 0xff << shift;
            f.value |= (SIDE_PRESENT | code) << shift;
        }
    }

    fn remove_from_frontier(&mut self, c: usize) {
        let slot = self.frontier_slot[c];
        if slot == NOT_IN_FRONTIER {
            return;
        }
        self.frontier.swap_remove(slot as usize);
        if let Some(moved) = self.frontier.get(slot as usize) {
            self.frontier_slot[moved.cell as usize] = slot;
        }
        self.frontier_slot[c] = NOT_IN_FRONTIER;
    }

    pub fn node_count(&self) -> usize {
        self.parent.len()
    }
}
