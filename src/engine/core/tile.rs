//! Tiles compiled for play: features with their ports, and the edge codes of each rotation
//! packed so that checking a placement is one mask-and-compare.

use crate::model::{FeatureKind, Port, Terrain, TileSpec, FACE_DOWN_ID};

#[derive(Debug, Clone)]
pub struct FeatureDef {
    pub kind: FeatureKind,
    /// Ports at rotation 0, as a bit set.
    pub ports: u16,
    pub pennant: bool,
    /// What expansions mark on it (`inn`), as the tile's spec names them.
    pub markers: Vec<String>,
    /// For fields: the features (cities) of this tile the field touches.
    pub(crate) borders: Vec<u8>,
    /// A field with fog on any of its ports.
    pub(crate) fogged: bool,
}

#[derive(Debug, Clone)]
pub struct FogDef {
    pub ports: u16,
    pub ghosts: u8,
}

#[derive(Debug, Clone)]
pub struct CompiledTile {
    pub spec: TileSpec,
    pub features: Vec<FeatureDef>,
    /// Feature owning each port at rotation 0.
    pub port_feature: [u8; 12],
    /// Fog area owning each port at rotation 0, if any.
    port_fog: [Option<u8>; 12],
    pub fog: Vec<FogDef>,
    pub center: Option<u8>,
    /// Per rotation: the four sides' terrain codes, each byte `0x40 | code`.
    pub(crate) packed_edges: [u32; 4],
    /// A tile lying face down: it fills its cell but has no features, so nothing on it
    /// connects and features facing it can never close.
    pub face_down: bool,
}

/// Presence bit in a side's byte, so that "no requirement" never equals a real code.
pub(crate) const SIDE_PRESENT: u32 = 0x40;

/// A side's three port terrains as 6 bits (left, middle, right).
fn side_code(terrain: &[Terrain; 12], side: usize) -> u32 {
    (0..3).fold(0, |code, part| {
        code | (terrain[side * 3 + part] as u32) << (2 * part)
    })
}

/// The code a neighbour must show on its facing side: left and right swapped.
pub fn mirror_code(code: u32) -> u32 {
    let left = code & 0b11;
    let middle = (code >> 2) & 0b11;
    let right = (code >> 4) & 0b11;
    right | middle << 2 | left << 4
}

impl CompiledTile {
    /// Compiles a tile already checked by `model::tiles::check_spec`.
    pub fn compile(spec: &TileSpec) -> CompiledTile {
        let (fog, port_fog) = fog_areas(spec);
        let fog_ports: u16 = fog.iter().fold(0, |m, f| m | f.ports);
        let mut features = edge_features(spec, fog_ports);
        let mut port_feature = [0u8; 12];
        for (index, feature) in features.iter().enumerate() {
            for port in Port::all() {
                if feature.ports & (1 << port.0) != 0 {
                    port_feature[usize::from(port.0)] = index as u8;
                }
            }
        }
        let center = spec.center.map(|c| {
            features.push(FeatureDef {
                kind: FeatureKind::from_center(c),
                ports: 0,
                pennant: false,
                markers: Vec::new(),
                borders: Vec::new(),
                fogged: false,
            });
            (features.len() - 1) as u8
        });
        CompiledTile {
            spec: spec.clone(),
            features,
            port_feature,
            port_fog,
            fog,
            center,
            packed_edges: packed_edges(&spec.port_terrain()),
            face_down: false,
        }
    }

    /// A tile lying face down (its picture unknown, its features none).
    pub fn face_down() -> CompiledTile {
        let spec = TileSpec {
            id: FACE_DOWN_ID.into(),
            name: Some("kartička lícem dolů".into()),
            count: 1,
            start: false,
            start_part: None,
            edges: [Terrain::Field; 4],
            cities: Vec::new(),
            roads: Vec::new(),
            fields: Vec::new(),
            center: None,
            fog: Vec::new(),
            note: None,
        };
        CompiledTile {
            features: Vec::new(),
            port_feature: [0; 12],
            port_fog: [None; 12],
            fog: Vec::new(),
            center: None,
            packed_edges: [0; 4],
            face_down: true,
            spec,
        }
    }

    /// The feature on a board port of this tile placed with `rotation`.
    pub(crate) fn feature_at(&self, board_port: Port, rotation: u8) -> u8 {
        self.port_feature[usize::from(unrotate(board_port, rotation).0)]
    }

    pub(crate) fn fog_at(&self, board_port: Port, rotation: u8) -> Option<u8> {
        self.port_fog[usize::from(unrotate(board_port, rotation).0)]
    }

    /// The code of a board side of this tile placed with `rotation`.
    pub fn side_code(&self, side: usize, rotation: u8) -> u32 {
        (self.packed_edges[usize::from(rotation)] >> (8 * side)) & 0x3f
    }
}

/// The tile's own port that lies on `board_port` when the tile is turned by `rotation`.
fn unrotate(board_port: Port, rotation: u8) -> Port {
    board_port.rotated(4 - rotation % 4)
}

fn rotate_terrain(terrain: &[Terrain; 12], rotation: u8) -> [Terrain; 12] {
    let mut out = [Terrain::Field; 12];
    for port in Port::all() {
        out[usize::from(port.rotated(rotation).0)] = terrain[usize::from(port.0)];
    }
    out
}

/// All tiles the game may use, by index.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    pub tiles: Vec<CompiledTile>,
}

impl Catalog {
    pub fn from_specs<'a>(specs: impl IntoIterator<Item = &'a TileSpec>) -> Catalog {
        Catalog {
            tiles: specs.into_iter().map(CompiledTile::compile).collect(),
        }
    }

    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.tiles.iter().position(|t| t.spec.id == id)
    }

    /// The start tile (if the catalog has one) and every other tile as often as the set has
    /// it: what a game draws from.
    pub fn start_and_bag(&self) -> (Option<usize>, Vec<usize>) {
        let start = self.tiles.iter().position(|t| t.spec.start);
        let mut bag = Vec::new();
        for (index, tile) in self.tiles.iter().enumerate() {
            let count = tile.spec.count as usize - usize::from(Some(index) == start);
            bag.extend(std::iter::repeat_n(index, count));
        }
        (start, bag)
    }

    /// The index of the face-down tile, added on first use.
    pub fn face_down_index(&mut self) -> usize {
        match self.tiles.iter().position(|t| t.face_down) {
            Some(index) => index,
            None => {
                self.tiles.push(CompiledTile::face_down());
                self.tiles.len() - 1
            }
        }
    }

    /// Adds a tile (an inline scenario tile) and returns its index.
    pub fn push(&mut self, spec: &TileSpec) -> usize {
        self.tiles.push(CompiledTile::compile(spec));
        self.tiles.len() - 1
    }
}

/// The ports as one bit each, the form features and mist areas keep them in.
fn port_mask(ports: impl Iterator<Item = Port>) -> u16 {
    ports.fold(0u16, |m, p| m | 1 << p.0)
}

/// The tile's mist areas and, for each port, the area it lies in.
fn fog_areas(spec: &TileSpec) -> (Vec<FogDef>, [Option<u8>; 12]) {
    let mut fog = Vec::new();
    let mut port_fog = [None; 12];
    for (index, area) in spec.fog.iter().enumerate() {
        fog.push(FogDef {
            ports: port_mask(area.ports.iter().copied()),
            ghosts: area.ghosts,
        });
        for port in &area.ports {
            port_fog[usize::from(port.0)] = Some(index as u8);
        }
    }
    (fog, port_fog)
}

/// Cities, then roads, then fields: the features that reach the tile's edges. A field's
/// borders are city indexes, which is why cities come first.
fn edge_features(spec: &TileSpec, fog_ports: u16) -> Vec<FeatureDef> {
    let mut features = Vec::new();
    for city in &spec.cities {
        let ports = city
            .sides
            .iter()
            .flat_map(|s| (0..3).map(|p| Port::new(*s, p)));
        features.push(FeatureDef {
            kind: FeatureKind::City,
            ports: port_mask(ports),
            pennant: city.pennant,
            markers: city.markers.clone(),
            borders: Vec::new(),
            fogged: false,
        });
    }
    for road in &spec.roads {
        features.push(FeatureDef {
            kind: FeatureKind::Road,
            ports: port_mask(road.sides.iter().map(|s| Port::new(*s, 1))),
            pennant: false,
            markers: road.markers.clone(),
            borders: Vec::new(),
            fogged: false,
        });
    }
    for field in &spec.fields {
        let ports = port_mask(field.ports.iter().copied());
        features.push(FeatureDef {
            kind: FeatureKind::Field,
            ports,
            pennant: false,
            markers: Vec::new(),
            borders: field.borders.iter().map(|b| *b as u8).collect(),
            fogged: ports & fog_ports != 0,
        });
    }
    features
}

/// Each rotation's four edges packed one byte a side, for fast edge matching.
fn packed_edges(terrain: &[Terrain; 12]) -> [u32; 4] {
    let mut packed_edges = [0u32; 4];
    for (rotation, packed) in packed_edges.iter_mut().enumerate() {
        let rotated = rotate_terrain(terrain, rotation as u8);
        *packed = (0..4).fold(0, |p, side| {
            p | (SIDE_PRESENT | side_code(&rotated, side)) << (8 * side)
        });
    }
    packed_edges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_swaps_left_and_right() {
        let code =
            Terrain::Field as u32 | (Terrain::Road as u32) << 2 | (Terrain::City as u32) << 4;
        assert_eq!(
            mirror_code(code),
            Terrain::City as u32 | (Terrain::Road as u32) << 2
        );
        assert_eq!(mirror_code(mirror_code(code)), code);
    }
}
