//! Directions, edge ports and board positions shared by tile catalogs, scenarios and the engine.

use serde::{Deserialize, Serialize};

/// A side of a tile or a direction on the board. y grows southwards, as on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    N = 0,
    E = 1,
    S = 2,
    W = 3,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    fn from_index(index: usize) -> Dir {
        Dir::ALL[index % 4]
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// The side's Czech name: "sever".
    pub(crate) fn name_cs(self) -> &'static str {
        ["sever", "východ", "jih", "západ"][self.index()]
    }

    /// Where on a tile the side is: "na severu".
    pub fn on_cs(self) -> &'static str {
        ["na severu", "na východě", "na jihu", "na západě"][self.index()]
    }

    /// From that side: "ze severu".
    pub(crate) fn coming_from_cs(self) -> &'static str {
        ["ze severu", "z východu", "z jihu", "ze západu"][self.index()]
    }

    pub fn opposite(self) -> Dir {
        Dir::from_index(self.index() + 2)
    }

    /// The direction after turning the tile clockwise by `quarters` quarter turns.
    pub fn rotated(self, quarters: u8) -> Dir {
        Dir::from_index(self.index() + usize::from(quarters))
    }

    fn offset(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
        }
    }

    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }

    pub(crate) fn parse(text: &str) -> Option<Dir> {
        match text {
            "N" => Some(Dir::N),
            "E" => Some(Dir::E),
            "S" => Some(Dir::S),
            "W" => Some(Dir::W),
            _ => None,
        }
    }
}

/// One of the 12 edge ports: three per side (left, middle, right as seen from the tile
/// centre), numbered clockwise from the west end of the north side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Port(pub u8);

impl Port {
    pub fn new(side: Dir, part: u8) -> Port {
        Port(side as u8 * 3 + part)
    }

    pub fn side(self) -> Dir {
        Dir::from_index(usize::from(self.0 / 3))
    }

    /// 0 left, 1 middle, 2 right.
    pub fn part(self) -> u8 {
        self.0 % 3
    }

    pub fn all() -> impl Iterator<Item = Port> {
        (0..12).map(Port)
    }

    pub fn rotated(self, quarters: u8) -> Port {
        Port((self.0 + 3 * (quarters % 4)) % 12)
    }

    /// The port of the neighbouring tile that this port touches: the opposite side, with
    /// left and right swapped (both are seen from their own tile's centre).
    pub fn facing(self) -> Port {
        Port::new(self.side().opposite(), 2 - self.part())
    }

    pub fn name(self) -> String {
        format!(
            "{}{}",
            self.side().letter(),
            ['L', 'M', 'R'][usize::from(self.part())]
        )
    }

    /// `NL`, `NM`, `NR`, …
    pub fn parse(text: &str) -> Option<Port> {
        let mut chars = text.chars();
        let side = Dir::parse(&chars.next()?.to_string())?;
        let part = match (chars.next()?, chars.next()) {
            ('L', None) => 0,
            ('M', None) => 1,
            ('R', None) => 2,
            _ => return None,
        };
        Some(Port::new(side, part))
    }
}

/// Terrain on an edge port: what must match the neighbour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Field = 0,
    Road = 1,
    City = 2,
}

impl Terrain {
    pub(crate) fn parse(text: &str) -> Option<Terrain> {
        match text {
            "F" => Some(Terrain::Field),
            "R" => Some(Terrain::Road),
            "C" => Some(Terrain::City),
            _ => None,
        }
    }
}

/// The board spans -BOARD_RADIUS..BOARD_RADIUS on both axes (exclusive): more than a 72-tile
/// game can reach, small enough for the engine's flat grid.
pub const BOARD_RADIUS: i32 = 90;

/// A cell of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    pub fn step(self, dir: Dir) -> Pos {
        let (dx, dy) = dir.offset();
        Pos::new(self.x + dx, self.y + dy)
    }

    /// The 8 cells around, orthogonal ones first.
    pub fn neighbours8(self) -> [Pos; 8] {
        let Pos { x, y } = self;
        [
            Pos::new(x, y - 1),
            Pos::new(x + 1, y),
            Pos::new(x, y + 1),
            Pos::new(x - 1, y),
            Pos::new(x - 1, y - 1),
            Pos::new(x + 1, y - 1),
            Pos::new(x + 1, y + 1),
            Pos::new(x - 1, y + 1),
        ]
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}, {}]", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_face_the_mirrored_port_of_the_neighbour() {
        // The west end of my north side touches the west end of the northern tile's south side.
        assert_eq!(
            Port::parse("NL").unwrap().facing(),
            Port::parse("SR").unwrap()
        );
        assert_eq!(
            Port::parse("EM").unwrap().facing(),
            Port::parse("WM").unwrap()
        );
        for port in Port::all() {
            assert_eq!(port.facing().facing(), port);
        }
    }

    #[test]
    fn rotation_turns_clockwise() {
        assert_eq!(
            Port::parse("NL").unwrap().rotated(1),
            Port::parse("EL").unwrap()
        );
        assert_eq!(
            Port::parse("WR").unwrap().rotated(1),
            Port::parse("NR").unwrap()
        );
        assert_eq!(Dir::W.rotated(3), Dir::S);
        assert_eq!(Port::parse("SM").unwrap().name(), "SM");
        assert!(Port::parse("SX").is_none() && Port::parse("NMM").is_none());
    }
}
