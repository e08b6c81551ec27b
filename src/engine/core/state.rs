//! The state of a game: the board, the players and their meeples, the trace of what happened
//! and the turn in progress. Hooks read and change it; `game` drives the turn.

use std::sync::Arc;

use serde::Serialize;

use super::board::{Board, Placement, Surround};

use super::tile::Catalog;
use crate::model::{Colour, FeatureKind, FigureName, MeepleKind, Pos, Spot, Supply};

#[derive(Debug, Clone, Serialize)]
pub struct Player {
    pub colour: Colour,
    pub score: i32,
    pub supply: Supply,
    /// Points awarded for features, by kind (`FeatureKind::index`); scenarios check them.
    pub earned: [i32; FeatureKind::COUNT],
}

#[derive(Debug, Clone, Serialize)]
pub struct Meeple {
    pub player: usize,
    pub kind: MeepleKind,
    /// Index of the placed tile it stands on.
    pub tile: usize,
    pub spot: Spot,
    pub node: u32,
    pub on_board: bool,
}

/// One consequence the engine applied, with the rule it follows from.
#[derive(Debug, Clone, Serialize)]
pub struct Event {
    pub rule: &'static str,
    pub text: String,
}

#[derive(Debug, Clone, Default)]
pub struct Turn {
    pub player: usize,
    /// The tile placed this turn (index into the board's placed tiles).
    pub(crate) placed: Option<usize>,
    pub(crate) meeple_placed: bool,
    /// Features completed this turn, waiting for the scoring step.
    pub(crate) completed: Vec<u32>,
}

#[derive(Clone)]
pub struct State {
    pub catalog: Arc<Catalog>,
    pub board: Board,
    pub players: Vec<Player>,
    pub meeples: Vec<Meeple>,
    pub trace: Vec<Event>,
    pub turn: Turn,
    /// Features completed over the whole game.
    pub completed_count: usize,
    /// Meeples returned to supply, per player.
    pub returned: Vec<u32>,
    pub ended: bool,
    /// Whether events are recorded (random games for tests and benchmarks skip the text).
    pub tracing: bool,
    /// How monasteries, castles and graveyards complete, as the modules decide.
    pub(crate) surround: [(FeatureKind, Surround); 3],
    /// What the game calls a player's figure in the trace ("družiník", "strážný").
    pub meeple_term: crate::czech::MeepleTerm,
}

impl State {
    /// Records a consequence; the text is only built when tracing.
    pub(crate) fn event(&mut self, rule: &'static str, text: impl FnOnce() -> String) {
        if self.tracing {
            self.trace.push(Event { rule, text: text() });
        }
    }

    pub fn colour_name(&self, player: usize) -> &'static str {
        self.players
            .get(player)
            .map(|p| p.colour.czech())
            .unwrap_or("?")
    }

    /// A kind of meeple in this game's words: "družiník" (or "strážný" in the cooperative
    /// game), "velký družiník", "strážný".
    pub fn kind_name(&self, kind: MeepleKind) -> String {
        match kind.name() {
            FigureName::Meeple(None) => self.meeple_term.nominative().to_owned(),
            FigureName::Meeple(Some((adjective, _))) => {
                format!("{adjective} {}", self.meeple_term.nominative())
            }
            FigureName::Own(name, _) => (*name).to_owned(),
        }
    }

    /// A kind of meeple as an object (also the genitive): "družiníka", "velkého družiníka".
    pub fn kind_accusative(&self, kind: MeepleKind) -> String {
        match kind.name() {
            FigureName::Meeple(None) => self.meeple_term.accusative().to_owned(),
            FigureName::Meeple(Some((_, adjective))) => {
                format!("{adjective} {}", self.meeple_term.accusative())
            }
            FigureName::Own(_, name) => (*name).to_owned(),
        }
    }

    /// A player's meeple: "červený družiník".
    pub fn colour_meeple(&self, player: usize, kind: MeepleKind) -> String {
        format!("{} {}", self.colour_name(player), self.kind_name(kind))
    }

    /// A meeple on the board as players name it: "červený strážný na [0, 0]".
    pub(crate) fn meeple_said(&self, meeple: usize) -> String {
        let m = &self.meeples[meeple];
        let pos = self.board.placed[m.tile].pos;
        format!("{} na {pos}", self.colour_meeple(m.player, m.kind))
    }

    pub fn component(&self, node: u32) -> &super::board::Component {
        &self.board.components[self.board.root(node) as usize]
    }

    /// Is the placed tile a quarter of the 2x2 start tile?
    pub(crate) fn is_start_quarter(&self, placed: usize) -> bool {
        self.board
            .placed
            .get(placed)
            .is_some_and(|p| self.catalog.tiles[p.tile].spec.start_part.is_some())
    }

    /// The feature node at a spot of a placed tile, if the tile has one there.
    pub fn node_at(&self, placed: usize, spot: Spot) -> Option<(u32, FeatureKind)> {
        let p = self.board.placed.get(placed)?;
        let def = &self.catalog.tiles[p.tile];
        let feature = match spot {
            Spot::Port(port) => def.feature_at(port, p.rotation),
            Spot::Center => def.center?,
        };
        // A face-down tile has no features at all.
        let kind = def.features.get(usize::from(feature))?.kind;
        Some((p.first_node + u32::from(feature), kind))
    }

    /// Meeples of a feature by player, weighted (the big meeple counts twice). A fixed array
    /// (at most 6 colours): this runs for every scored feature.
    pub(crate) fn strength(&self, node: u32) -> [u32; 6] {
        let mut strength = [0; 6];
        for &m in &self.component(node).meeples {
            let meeple = &self.meeples[m as usize];
            if let Some(s) = strength.get_mut(meeple.player) {
                *s += meeple.kind.weight();
            }
        }
        strength
    }

    /// Players with the most meeples on a feature (all tied ones); empty when none stand there.
    pub(crate) fn majority(&self, node: u32) -> Vec<usize> {
        let strength = self.strength(node);
        let best = strength.iter().copied().max().unwrap_or(0);
        if best == 0 {
            return Vec::new();
        }
        (0..self.players.len())
            .filter(|p| strength[*p] == best)
            .collect()
    }

    pub fn award(&mut self, players: &[usize], points: i32) {
        for &p in players {
            if let Some(player) = self.players.get_mut(p) {
                player.score = (player.score + points).max(0);
            }
        }
    }

    /// Awards a feature's points and records them under its kind.
    pub(crate) fn award_feature(&mut self, players: &[usize], points: i32, kind: FeatureKind) {
        for &p in players {
            if let Some(player) = self.players.get_mut(p) {
                let before = player.score;
                player.score = (player.score + points).max(0);
                player.earned[kind.index()] += player.score - before;
            }
        }
    }

    /// Sends every meeple on a feature back to its owner's supply.
    pub(crate) fn return_meeples(&mut self, node: u32) {
        let root = self.board.root(node) as usize;
        let meeples = std::mem::take(&mut self.board.components[root].meeples);
        for m in meeples {
            let meeple = &mut self.meeples[m as usize];
            meeple.on_board = false;
            let (player, kind) = (meeple.player, meeple.kind);
            self.players[player].supply.give(kind);
            self.returned[player] += 1;
            if self.tracing {
                let who = self.colour_meeple(player, kind);
                self.event("zh.druzinik.navrat", || format!("{who} se vrací do zásoby"));
            }
        }
    }

    /// How players name a standing meeple when the rules ask about one: `red [0, 1] EM`.
    pub(crate) fn meeple_label(&self, meeple: usize) -> String {
        let m = &self.meeples[meeple];
        let pos = self.board.placed[m.tile].pos;
        format!(
            "{} {pos} {}",
            self.players[m.player].colour.id(),
            m.spot.name()
        )
    }

    /// The meeples standing on a feature (by index).
    pub(crate) fn meeples_on(&self, node: u32) -> Vec<usize> {
        self.component(node)
            .meeples
            .iter()
            .map(|m| *m as usize)
            .collect()
    }

    /// The players (colours) with a meeple on a feature, each once, in order.
    pub(crate) fn colours_on(&self, node: u32) -> Vec<usize> {
        let mut colours: Vec<usize> = self
            .component(node)
            .meeples
            .iter()
            .map(|m| self.meeples[*m as usize].player)
            .collect();
        colours.sort_unstable();
        colours.dedup();
        colours
    }

    /// Stands a meeple from `player`'s supply on a feature node of a placed tile (legality is
    /// the caller's business); returns its index.
    pub(crate) fn put_meeple(
        &mut self,
        placed: usize,
        spot: Spot,
        node: u32,
        player: usize,
        kind: MeepleKind,
    ) -> usize {
        let index = self.meeples.len();
        self.meeples.push(Meeple {
            player,
            kind,
            tile: placed,
            spot,
            node,
            on_board: true,
        });
        self.players[player].supply.take(kind);
        let root = self.board.find(node);
        self.board.components[root as usize]
            .meeples
            .push(index as u32);
        index
    }

    /// Sends one meeple back to its owner's supply (driven off by ghosts, taken back by a gift).
    pub(crate) fn return_meeple(&mut self, meeple: usize) {
        let Some(m) = self.meeples.get(meeple) else {
            return;
        };
        if !m.on_board {
            return;
        }
        let (player, kind) = (m.player, m.kind);
        self.take_off_board(meeple);
        self.players[player].supply.give(kind);
        self.returned[player] += 1;
    }

    /// Moves a meeple to another feature of its own tile (the gift "Změna postoje").
    pub(crate) fn move_meeple(&mut self, meeple: usize, spot: Spot, node: u32) {
        let Some(m) = self.meeples.get(meeple) else {
            return;
        };
        if !m.on_board {
            return;
        }
        let old = self.board.find(m.node) as usize;
        self.board.components[old]
            .meeples
            .retain(|other| *other as usize != meeple);
        let new = self.board.find(node) as usize;
        self.board.components[new].meeples.push(meeple as u32);
        let m = &mut self.meeples[meeple];
        m.spot = spot;
        m.node = node;
    }

    /// Meeples standing on the board at a spot of the tile at `pos`.
    pub(crate) fn meeple_at(&self, pos: Pos, spot: Spot) -> Option<usize> {
        self.meeples_at(pos, spot).next()
    }

    /// Every figure standing on `spot` of the tile at `pos` (a gift can put two there).
    pub fn meeples_at(&self, pos: Pos, spot: Spot) -> impl Iterator<Item = usize> + '_ {
        let placed = self.board.index_at(pos);
        self.meeples
            .iter()
            .enumerate()
            .filter(move |(_, m)| m.on_board && Some(m.tile) == placed && m.spot == spot)
            .map(|(i, _)| i)
    }

    /// Takes a meeple off the board without returning it to supply (a module keeps it,
    /// e.g. buried on a graveyard).
    pub(crate) fn take_off_board(&mut self, meeple: usize) {
        let Some(m) = self.meeples.get_mut(meeple) else {
            return;
        };
        if !m.on_board {
            return;
        }
        m.on_board = false;
        let root = self.board.find(m.node) as usize;
        self.board.components[root]
            .meeples
            .retain(|other| *other as usize != meeple);
    }

    /// Puts a tile down outside the turn's placement (a module's extra tile, e.g. one laid
    /// face down); returns what it completed, which the module handles.
    pub(crate) fn lay_extra(&mut self, tile: usize, pos: Pos, rotation: u8) -> Placement {
        let surround = self.surround;
        let placement = self
            .board
            .place(&self.catalog, tile, pos, rotation, |k| lookup(&surround, k));
        self.completed_count += placement.closed.len() + placement.surrounded.len();
        placement
    }
}

pub(crate) fn lookup(rules: &[(FeatureKind, Surround)], kind: FeatureKind) -> Surround {
    rules
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, r)| *r)
        .unwrap_or_default()
}
