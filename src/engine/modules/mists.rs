//! Duchové Carcassonne (Mists over Carcassonne), the cooperative game of levels 1–6, as one
//! rule module: ghosts rising from the mist, the team's choice between points and pacifying,
//! castles, graveyards, dogs, cursed graveyards with face-down tiles, level 6's counters,
//! and how the game is won or lost. All of the game's rules live here; the core knows none.

use marked_yaml::Node;

use super::values::FeatureValues;
use super::vocabulary::{
    only_on_board, player_index, Applied, GameParts, GhostCounts, Hooks, Report, Scope,
};
use crate::czech::{Gender, Pad};
use crate::diagnostic::Diagnostics;
use crate::engine::core::{
    ask, Catalog, Decider, FeatureScore, Game, GhostKeeper, MeeplePlacement, Question, Refusal,
    RuleModule, State, Status, Surround, TilePlacement, Worth,
};
use crate::model::{
    count, count_cs, per_player, Colour, Dir, FeatureKind, MeepleKind, Pos, Supply, MAX_COUNT,
};
use crate::yaml::Fields;

/// What a level changes (source 000, "Úroveň 1" to "Úroveň 6").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    pub number: u8,
    /// Ghosts in the bank at the start (3 of them go onto the start tile).
    pub bank: u32,
    pub goal: i32,
    /// Dog thresholds: each must be reached before its stack of tiles runs out.
    pub dogs: &'static [i32],
    /// Castle and graveyard tiles are in the game.
    pub castles_and_graveyards: bool,
    /// Graveyards are cursed (levels 5–6).
    cursed: bool,
    /// Score counters on the track: 1 for the team, 3 (per colour) on level 6.
    pub counters: usize,
    /// Tiles in each stack; empty: all tiles in one stack.
    pub stacks: &'static [u32],
}

/// Figures of each colour unless a scenario says otherwise (`setup: {meeples: 3}`).
pub const MEEPLES_PER_COLOUR: u32 = 5;

pub const LEVELS: [Level; 6] = [
    Level {
        number: 1,
        bank: 15,
        goal: 50,
        dogs: &[],
        castles_and_graveyards: false,
        cursed: false,
        counters: 1,
        stacks: &[],
    },
    Level {
        number: 2,
        bank: 15,
        goal: 75,
        dogs: &[],
        castles_and_graveyards: true,
        cursed: false,
        counters: 1,
        stacks: &[],
    },
    Level {
        number: 3,
        bank: 15,
        goal: 100,
        dogs: &[15, 50],
        castles_and_graveyards: true,
        cursed: false,
        counters: 1,
        stacks: &[20, 20, 20],
    },
    Level {
        number: 4,
        bank: 13,
        goal: 120,
        dogs: &[20, 60],
        castles_and_graveyards: true,
        cursed: false,
        counters: 1,
        stacks: &[20, 20, 20],
    },
    Level {
        number: 5,
        bank: 13,
        goal: 100,
        dogs: &[15, 50],
        castles_and_graveyards: true,
        cursed: true,
        counters: 1,
        stacks: &[20, 20, 20],
    },
    Level {
        number: 6,
        bank: 12,
        goal: 50,
        dogs: &[10, 25],
        castles_and_graveyards: true,
        cursed: true,
        counters: 3,
        stacks: &[20, 20, 20],
    },
];

impl Level {
    pub fn get(number: u8) -> Option<Level> {
        LEVELS.iter().find(|l| l.number == number).copied()
    }
}

/// Meeples per colour and colours per person: 5 of one colour each, but with 2 persons
/// 2 colours of 3 each and alone 4 colours of 3 each (FAQ.MoC.0006).
pub fn colours_and_meeples(persons: usize) -> (usize, u32) {
    match persons {
        1 => (4, 3),
        2 => (4, 3),
        n => (n, 5),
    }
}

/// Ghosts on the start tile at setup.
pub const START_GHOSTS: u32 = 3;

/// Ghosts pacifying, a dog or a graveyard's neighbour can take from one tile.
const PACIFY_MAX: u32 = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LossCause {
    /// A ghost had to be placed and the bank was empty.
    NoGhosts,
    /// A tile had to be drawn and none was left.
    NoTiles,
    /// A stack ran out before its dog's threshold was reached.
    ThresholdMissed,
}

impl LossCause {
    fn czech(self) -> &'static str {
        match self {
            LossCause::NoGhosts => "došli duchové v banku",
            LossCause::NoTiles => "došly kartičky",
            LossCause::ThresholdMissed => "nesplněný práh psa",
        }
    }

    /// A cause's id (`id`) said in Czech for players; an unknown id stays as it is.
    fn czech_for(id: &str) -> &str {
        [
            LossCause::NoGhosts,
            LossCause::NoTiles,
            LossCause::ThresholdMissed,
        ]
        .into_iter()
        .find(|c| c.id() == id)
        .map_or(id, |c| c.czech())
    }

    pub(crate) fn id(self) -> &'static str {
        match self {
            LossCause::NoGhosts => "duchove",
            LossCause::NoTiles => "karticky",
            LossCause::ThresholdMissed => "prah",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Won,
    Lost(LossCause),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dog {
    /// Its threshold is not reached yet.
    Waiting,
    /// Lies beside this meeple (index into the state's meeples).
    With(usize),
    /// Scored, lost for want of a meeple, or back in the box with a buried meeple.
    Gone,
}

/// A score counter on the track: the team's, or one colour's on level 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counter {
    /// The player (colour) it belongs to; `None`: the team's single counter.
    player: Option<usize>,
    pub points: i32,
}

#[derive(Debug, Clone)]
pub struct Mists {
    level: Level,
    pub bank: u32,
    /// Ghosts on each fog area of the board (by fog node).
    fog_ghosts: Vec<u8>,
    /// Ghosts on each placed tile's graveyard.
    grave_ghosts: Vec<u8>,
    /// Placed tiles with a graveyard.
    graveyards: Vec<usize>,
    /// Placed tiles already looked at for graveyards (prepared boards, extra tiles).
    seen_tiles: usize,
    pub counters: Vec<Counter>,
    dogs: Vec<Dog>,
    /// Meeples buried on graveyards, per player.
    pub buried: Vec<u32>,
    /// Where each buried meeple lies, for pictures of the board: (graveyard's placed tile,
    /// player).
    graves: Vec<(usize, usize)>,
    pub outcome: Option<Outcome>,
    /// Tiles left in the stack now drawn from (`None`: nobody counts, as in most scenarios).
    stack_left: Option<u32>,
    /// Stacks not opened yet, in order.
    stacks_waiting: Vec<u32>,
    players: usize,
    /// The feature being scored: its meeples have left in the rules' eyes (a dog reached by
    /// its points cannot go to them, 11/2022).
    scoring: Option<u32>,
}

impl Mists {
    fn new(level: Level, players: usize) -> Mists {
        let counters = if level.counters == 1 {
            vec![Counter {
                player: None,
                points: 0,
            }]
        } else {
            (0..level.counters.min(players))
                .map(|p| Counter {
                    player: Some(p),
                    points: 0,
                })
                .collect()
        };
        Mists {
            level,
            bank: level.bank,
            fog_ghosts: Vec::new(),
            grave_ghosts: Vec::new(),
            graveyards: Vec::new(),
            seen_tiles: 0,
            counters,
            dogs: vec![Dog::Waiting; level.dogs.len()],
            buried: vec![0; players],
            graves: Vec::new(),
            outcome: None,
            stack_left: None,
            stacks_waiting: Vec::new(),
            players,
            scoring: None,
        }
    }

    /// Counts the draws: the level's stacks over `tiles` tiles (one stack without dogs).
    pub(crate) fn use_stacks(&mut self, tiles: u32) {
        // The level's stack sizes, cut to the tiles there are (the last stack takes the rest).
        let sizes = self.level.stacks;
        let mut left = tiles;
        let mut stacks = Vec::new();
        for (i, size) in sizes.iter().enumerate() {
            let n = if i + 1 == sizes.len() {
                left
            } else {
                (*size).min(left)
            };
            stacks.push(n);
            left -= n;
        }
        if stacks.is_empty() {
            stacks.push(tiles);
        }
        self.stack_left = Some(stacks.remove(0));
        self.stacks_waiting = stacks;
    }

    /// Tiles still to be drawn, in the current stack and those not opened yet.
    pub(crate) fn tiles_left(&self) -> u32 {
        self.stack_left.unwrap_or(0) + self.stacks_waiting.iter().sum::<u32>()
    }

    /// Where the track stands: the team's counter, or the lowest of level 6's counters
    /// (thresholds and the goal count only when every counter has reached them).
    pub fn track(&self) -> i32 {
        self.counters.iter().map(|c| c.points).min().unwrap_or(0)
    }

    /// The score as the rules keep it: level 6's counters by colour (player, points, dog
    /// points included), or `None` where the team shares one track and no colour has a score.
    fn colour_counters(&self) -> Option<Vec<(usize, i32)>> {
        (self.level.counters > 1).then(|| {
            self.counters
                .iter()
                .filter_map(|c| c.player.map(|p| (p, c.points)))
                .collect()
        })
    }

    /// The score in Czech, label and points: "počítadlo týmu" (levels 1–5), or each colour's
    /// counter on level 6.
    fn standings(&self, state: &State) -> Vec<(String, i32)> {
        match self.colour_counters() {
            Some(counters) => counters
                .into_iter()
                .map(|(p, points)| (state.colour_name(p).to_owned(), points))
                .collect(),
            None => vec![("počítadlo týmu".to_owned(), self.track())],
        }
    }

    /// The game's state in one line: counters, ghosts, buried meeples, outcome.
    fn status_line(&self, state: &State) -> String {
        let counters: Vec<String> = self
            .counters
            .iter()
            .map(|c| match c.player {
                Some(p) => {
                    let colour = state.players.get(p).map_or("?".to_owned(), |pl| {
                        pl.colour.adjective(Gender::Neuter, Pad::Nominative)
                    });
                    format!("{colour} {}", c.points)
                }
                None => c.points.to_string(),
            })
            .collect();
        // One team counter, or level 6's three counters, one per colour.
        let counters = match counters.as_slice() {
            [one] => format!("počítadlo {one}"),
            _ => format!("počítadla {}", counters.join(", ")),
        };
        let outcome = match self.outcome {
            None => "hra pokračuje".to_owned(),
            Some(Outcome::Won) => "vítězství".to_owned(),
            Some(Outcome::Lost(cause)) => format!("prohra ({})", cause.czech()),
        };
        format!(
            "Úroveň {}: {counters} (cíl {}); duchů na plánu {}, v banku {}; pohřbených {} {}; {outcome}",
            self.level.number,
            self.level.goal,
            self.ghosts_on_board(),
            self.bank,
            state.meeple_term.genitive_plural(),
            self.buried.iter().sum::<u32>()
        )
    }

    pub fn ghosts_on_board(&self) -> u32 {
        let fog: u32 = self.fog_ghosts.iter().map(|g| u32::from(*g)).sum();
        let graves: u32 = self.grave_ghosts.iter().map(|g| u32::from(*g)).sum();
        fog + graves
    }

    fn ghosts_on_tile(&self, state: &State, placed: usize) -> u32 {
        let Some(p) = state.board.placed.get(placed) else {
            return 0;
        };
        let areas = state.catalog.tiles[p.tile].fog.len();
        let first = p.first_fog as usize;
        let fog: u32 = (first..first + areas)
            .map(|n| u32::from(self.fog_ghosts.get(n).copied().unwrap_or(0)))
            .sum();
        fog + u32::from(self.grave_ghosts.get(placed).copied().unwrap_or(0))
    }

    /// `playing`, `won` or `lost` (scenario expectations and JSON use these ids).
    fn outcome_id(&self) -> &'static str {
        match self.outcome {
            None => "playing",
            Some(Outcome::Won) => "won",
            Some(Outcome::Lost(_)) => "lost",
        }
    }

    /// The outcome id (`outcome_id`) in Czech, for players.
    fn outcome_cs(id: &str) -> &str {
        match id {
            "playing" => "hra pokračuje",
            "won" => "vítězství",
            "lost" => "prohra",
            other => other,
        }
    }

    /// The cause of a loss, if the game was lost.
    pub(crate) fn loss(&self) -> Option<LossCause> {
        match self.outcome {
            Some(Outcome::Lost(cause)) => Some(cause),
            _ => None,
        }
    }

    fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Keeps the per-area and per-tile tables as long as the board, and notes new graveyards.
    fn sync(&mut self, state: &State) {
        self.fog_ghosts.resize(state.board.fog.len(), 0);
        self.grave_ghosts.resize(state.board.placed.len(), 0);
        for placed in self.seen_tiles..state.board.placed.len() {
            if center_kind(state, placed) == Some(FeatureKind::Graveyard) {
                self.graveyards.push(placed);
            }
        }
        self.seen_tiles = state.board.placed.len();
    }

    /// The 3 ghosts of the setup on the start tile's symbols.
    pub(crate) fn place_start_ghosts(&mut self, state: &mut State, count: u32) {
        self.sync(state);
        let mut left = count;
        for placed in 0..state.board.placed.len() {
            if !state.is_start_quarter(placed) {
                continue;
            }
            let p = state.board.placed[placed];
            for (i, area) in state.catalog.tiles[p.tile].fog.iter().enumerate() {
                let n = u32::from(area.ghosts).min(left);
                self.fog_ghosts[p.first_fog as usize + i] += n as u8;
                self.bank = self.bank.saturating_sub(n);
                left -= n;
            }
        }
    }

    /// Puts ghosts on a tile of a prepared board (its first fog area, else its graveyard).
    fn put_ghosts(&mut self, state: &mut State, placed: usize, count: u32) -> bool {
        self.sync(state);
        if count > self.bank {
            return false;
        }
        let p = state.board.placed[placed];
        let slot = if state.catalog.tiles[p.tile].fog.is_empty() {
            &mut self.grave_ghosts[placed]
        } else {
            &mut self.fog_ghosts[p.first_fog as usize]
        };
        *slot = slot.saturating_add(count as u8);
        self.bank -= count;
        true
    }

    /// Sets where the track stands (a scenario's game in progress): the team's counter, or
    /// level 6's counters as (player, points).
    fn set_track(&mut self, team: Option<i32>, per_colour: &[(usize, i32)]) {
        if let Some(points) = team {
            if let Some(c) = self.counters.first_mut() {
                c.points = points;
            }
        }
        if !per_colour.is_empty() {
            self.counters = per_colour
                .iter()
                .map(|(player, points)| Counter {
                    player: Some(*player),
                    points: *points,
                })
                .collect();
        }
    }

    /// Dogs whose thresholds the track has already passed were used before (a game in progress).
    fn skip_passed_dogs(&mut self) {
        let track = self.track();
        for (dog, threshold) in self.dogs.iter_mut().zip(self.level.dogs) {
            if *dog == Dog::Waiting && track >= *threshold {
                *dog = Dog::Gone;
            }
        }
    }

    /// Takes `n` ghosts from the bank; an empty bank loses the game (Dized.MoC.0059).
    fn take_from_bank(&mut self, state: &mut State, n: u32) -> u32 {
        let taken = n.min(self.bank);
        self.bank -= taken;
        if taken < n {
            self.lose(state, LossCause::NoGhosts);
        }
        taken
    }

    fn lose(&mut self, state: &mut State, cause: LossCause) {
        if self.outcome.is_some() {
            return;
        }
        self.outcome = Some(Outcome::Lost(cause));
        state.ended = true;
        let rule = match cause {
            LossCause::NoGhosts => "dc.prohra.duchove",
            LossCause::NoTiles => "dc.prohra.karticky",
            LossCause::ThresholdMissed => "dc.prohra.prah",
        };
        state.event(rule, || format!("prohra: {}", cause.czech()));
    }

    /// A tile is drawn (for the turn, or to lie face down): from the current stack. With no
    /// tile left, the game is lost (Dized.MoC.0059), by a missed threshold if a dog still
    /// waits for its stack.
    pub(crate) fn draw(&mut self, state: &mut State) -> bool {
        match self.stack_left {
            None => true,
            Some(0) => {
                let cause = if self.stacks_waiting.is_empty() {
                    LossCause::NoTiles
                } else {
                    LossCause::ThresholdMissed
                };
                self.lose(state, cause);
                false
            }
            Some(n) => {
                self.stack_left = Some(n - 1);
                true
            }
        }
    }

    /// Level 3 and up: each dog's threshold must be reached before its stack is used up (000,
    /// level 3). At the end of the turn that drew the stack's last tile (for the turn or to lie
    /// face down), with the track still short of the dog, the team has lost; reaching the
    /// threshold that turn would have opened the next stack.
    fn stack_ran_out(&mut self, state: &mut State) {
        if self.is_over() || self.stack_left != Some(0) || self.stacks_waiting.is_empty() {
            return;
        }
        let Some(dog) = self.dogs.iter().position(|d| *d == Dog::Waiting) else {
            return;
        };
        let threshold = self.level.dogs.get(dog).copied().unwrap_or_default();
        let track = self.track();
        self.outcome = Some(Outcome::Lost(LossCause::ThresholdMissed));
        state.ended = true;
        state.event("dc.prohra.prah", || {
            format!(
                "prohra: hromádka došla a počítadlo ({track}) na konci tahu nedosáhlo prahu psa ({threshold})"
            )
        });
    }

    /// Removes up to `max` ghosts from one tile (its mist, then its graveyard) to the bank.
    fn clear_tile(&mut self, state: &State, placed: usize, max: u32) -> u32 {
        let p = state.board.placed[placed];
        let areas = state.catalog.tiles[p.tile].fog.len();
        let mut left = max;
        let first = p.first_fog as usize;
        for slot in self.fog_ghosts[first..first + areas]
            .iter_mut()
            .chain(std::iter::once(&mut self.grave_ghosts[placed]))
        {
            let n = u32::from(*slot).min(left);
            *slot -= n as u8;
            left -= n;
        }
        let removed = max - left;
        self.bank += removed;
        removed
    }

    /// Tiles with ghosts among `cells` (placed indices), as options "[x, y]".
    fn tiles_with_ghosts(&self, state: &State, cells: impl Iterator<Item = usize>) -> Vec<usize> {
        cells
            .filter(|placed| self.ghosts_on_tile(state, *placed) > 0)
            .collect()
    }

    /// The team's choice when a feature held by `colours` guards scores: its points, or up to
    /// three ghosts off one tile instead. Whether the ghosts were chosen (and cleared).
    fn ghosts_instead_of_points(
        &mut self,
        state: &mut State,
        score: &FeatureScore,
        colours: usize,
        decider: &mut dyn Decider,
    ) -> bool {
        let all_tiles = 0..state.board.placed.len();
        let haunted = self.tiles_with_ghosts(state, all_tiles);
        if haunted.is_empty() {
            return false;
        }
        let mut options = vec!["body".to_owned()];
        let mut labels = options.clone();
        let mut worth = vec![Worth {
            points: score.points * colours as i32,
            ghosts: 0,
        }];
        for &tile in &haunted {
            let at = Self::tile_option(state, tile);
            options.push(format!("duchy {at}"));
            labels.push(format!("duchy z {at}"));
            worth.push(Worth {
                points: 0,
                ghosts: self.ghosts_on_tile(state, tile).min(PACIFY_MAX) as i32,
            });
        }
        let mut question = Question::new("dc.hodnoceni.volba", options).labelled(labels);
        question.worth = worth;
        let choice = ask(state, decider, &question);
        if choice == 0 {
            return false;
        }
        let tile = haunted[choice - 1];
        let removed = self.clear_tile(state, tile, PACIFY_MAX);
        let pos = state.board.placed[tile].pos;
        let kind = score.kind;
        state.event("dc.hodnoceni.duchove", || {
            format!(
                "{}: místo bodů se z {pos} odhání {} (celé hodnocení odpadá)",
                kind.czech(),
                count_cs(removed as usize, "duch", "duchové", "duchů")
            )
        });
        true
    }

    fn tile_option(state: &State, placed: usize) -> String {
        state.board.placed[placed].pos.to_string()
    }

    fn is_open_graveyard(state: &State, placed: usize) -> bool {
        let p = state.board.placed[placed];
        let def = &state.catalog.tiles[p.tile];
        def.center.is_some_and(|c| {
            !state.board.components[(p.first_node + u32::from(c)) as usize].complete
        })
    }

    /// Fog areas of the tile just placed: ghosts leave closed mist (1b), then rise on the
    /// symbols of mist that stays open, one fewer if the tile extends mist (2a).
    fn mist_after_placing(&mut self, state: &mut State, placed: usize, decider: &mut dyn Decider) {
        let p = state.board.placed[placed];
        let areas = state.catalog.tiles[p.tile].fog.len();
        let mut symbols = 0u32;
        let mut extends = false;
        let mut open_areas: Vec<usize> = Vec::new();
        for i in 0..areas {
            let root = state.board.fog_root(p.first_fog + i as u32);
            let area = &state.board.fog[root as usize];
            extends |= area.tiles.iter().any(|t| *t as usize != placed);
            if area.complete {
                self.free_closed_mist(state, root);
            } else {
                symbols += u32::from(state.catalog.tiles[p.tile].fog[i].ghosts);
                open_areas.push(i);
            }
        }
        if symbols > 0 && self.rise_on_open_mist(state, placed, &open_areas, symbols, extends) > 0 {
            self.haunt_an_open_graveyard(state, decider);
        }
    }

    /// Ghosts of a closed fog area go back to the bank (1b).
    fn free_closed_mist(&mut self, state: &mut State, root: u32) {
        let mut freed = 0;
        for n in 0..self.fog_ghosts.len() {
            if state.board.fog_root(n as u32) == root {
                freed += u32::from(self.fog_ghosts[n]);
                self.fog_ghosts[n] = 0;
            }
        }
        self.back_to_bank(state, freed, "dc.mlha.duchove-odchazeji", "uzavřené mlhy");
    }

    /// Ghosts freed from a closed area go back to the bank, told under `rule` as coming `from`
    /// it ("uzavřené mlhy").
    fn back_to_bank(&mut self, state: &mut State, freed: u32, rule: &'static str, from: &str) {
        self.bank += freed;
        if freed > 0 {
            state.event(rule, || {
                format!(
                    "z {from} se do banku {} {}",
                    crate::czech::sloveso(freed, "vrací", "vracejí"),
                    count_cs(freed as usize, "duch", "duchové", "duchů")
                )
            });
        }
    }

    /// Ghosts from the bank onto the symbols of the open areas, in order, one fewer if the tile
    /// extends mist on the board (2a); how many rose.
    fn rise_on_open_mist(
        &mut self,
        state: &mut State,
        placed: usize,
        open_areas: &[usize],
        symbols: u32,
        extends: bool,
    ) -> u32 {
        let p = state.board.placed[placed];
        let due = if extends { symbols - 1 } else { symbols };
        if extends {
            state.event("dc.duchove.o-jednoho-mene", || {
                format!("kartička rozšiřuje mlhu na plánu: místo {symbols} se staví o ducha méně")
            });
        }
        let taken = if due == 0 {
            0
        } else {
            self.take_from_bank(state, due)
        };
        if taken == 0 {
            return 0;
        }
        let mut left = taken;
        for &i in open_areas {
            let n = u32::from(state.catalog.tiles[p.tile].fog[i].ghosts).min(left);
            self.fog_ghosts[p.first_fog as usize + i] += n as u8;
            left -= n;
        }
        let pos = p.pos;
        state.event("dc.duchove.vynoreni", || {
            format!(
                "na {pos} se z mlhy {} {}",
                crate::czech::sloveso(taken, "vynořuje", "vynořují"),
                count_cs(taken as usize, "duch", "duchové", "duchů")
            )
        });
        taken
    }

    /// Levels 2–4: a ghost rising on mist brings one more onto an open graveyard of the team's
    /// choice.
    fn haunt_an_open_graveyard(&mut self, state: &mut State, decider: &mut dyn Decider) {
        if self.is_over() || self.level.cursed || !self.level.castles_and_graveyards {
            return;
        }
        let open: Vec<usize> = self
            .graveyards
            .iter()
            .copied()
            .filter(|g| Self::is_open_graveyard(state, *g))
            .collect();
        if open.is_empty() {
            return;
        }
        let options: Vec<String> = open.iter().map(|g| Self::tile_option(state, *g)).collect();
        let labels = options.iter().map(|o| format!("hřbitov na {o}")).collect();
        let question = Question::new("dc.hrbitov.duch", options).labelled(labels);
        let choice = ask(state, decider, &question);
        let graveyard = open[choice];
        if self.take_from_bank(state, 1) == 1 {
            self.grave_ghosts[graveyard] += 1;
            let pos = state.board.placed[graveyard].pos;
            state.event("dc.hrbitov.duch", || {
                format!("další duch přichází na otevřený hřbitov na {pos}")
            });
        }
    }

    /// A cursed graveyard just placed: a ghost onto every tile with mist around it.
    fn curse_neighbours(&mut self, state: &mut State, placed: usize) {
        let pos = state.board.placed[placed].pos;
        for around in pos.neighbours8() {
            let Some(neighbour) = state.board.index_at(around) else {
                continue;
            };
            let p = state.board.placed[neighbour];
            if state.catalog.tiles[p.tile].fog.is_empty() {
                continue;
            }
            if self.take_from_bank(state, 1) == 0 {
                return;
            }
            self.fog_ghosts[p.first_fog as usize] += 1;
            state.event("dc.zaklety.duchove", || {
                format!("zakletý hřbitov: duch na sousední kartičku s mlhou {around}")
            });
        }
    }

    /// A graveyard closed: one meeple is buried on it (from the board, else from a supply;
    /// its dog goes back to the box) and its ghosts go back to the bank.
    fn bury(&mut self, state: &mut State, graveyard: usize, decider: &mut dyn Decider) {
        let pos = state.board.placed[graveyard].pos;
        let standing: Vec<usize> = (0..state.meeples.len())
            .filter(|m| state.meeples[*m].on_board)
            .collect();
        if !standing.is_empty() {
            let question = Question::new(
                "dc.hrbitov.pohrbeni",
                standing.iter().map(|m| state.meeple_label(*m)).collect(),
            )
            .labelled(standing.iter().map(|m| state.meeple_said(*m)).collect());
            let chosen = standing[ask(state, decider, &question)];
            let player = state.meeples[chosen].player;
            state.take_off_board(chosen);
            self.buried[player] += 1;
            self.graves.push((graveyard, player));
            let who = state.colour_meeple(player, MeepleKind::NORMAL);
            state.event("dc.hrbitov.pohrbeni", || {
                format!("na uzavřeném hřbitově na {pos} je pohřben {who}")
            });
            for dog in &mut self.dogs {
                if *dog == Dog::With(chosen) {
                    *dog = Dog::Gone;
                    let term = state.meeple_term.accusative();
                    state.event("dc.pes.do-krabice", || {
                        format!("pes u pohřbeného {term} se bez hodnocení vrací do krabice")
                    });
                }
            }
        } else {
            let with_supply: Vec<usize> = (0..state.players.len())
                .filter(|p| state.players[*p].supply.count(MeepleKind::NORMAL) > 0)
                .collect();
            if !with_supply.is_empty() {
                let question = Question::new(
                    "dc.hrbitov.pohrbeni",
                    with_supply
                        .iter()
                        .map(|p| format!("{} zásoba", state.players[*p].colour.id()))
                        .collect(),
                )
                .labelled(
                    with_supply
                        .iter()
                        .map(|p| {
                            format!("{} ze zásoby", state.colour_meeple(*p, MeepleKind::NORMAL))
                        })
                        .collect(),
                );
                let chosen = with_supply[ask(state, decider, &question)];
                state.players[chosen].supply.take(MeepleKind::NORMAL);
                self.buried[chosen] += 1;
                self.graves.push((graveyard, chosen));
                let term = state.meeple_term.nominative();
                let who = state.colour_meeple(chosen, MeepleKind::NORMAL);
                state.event("dc.hrbitov.ze-zasoby", || {
                    format!("na plánu nestojí žádný {term}: pohřben je {who} ze zásoby")
                });
            }
        }
        let freed = u32::from(std::mem::take(&mut self.grave_ghosts[graveyard]));
        self.back_to_bank(
            state,
            freed,
            "dc.hrbitov.duchove-odchazeji",
            "uzavřeného hřbitova",
        );
    }

    /// Graveyards among the features a placement completed.
    fn bury_completed(&mut self, state: &mut State, nodes: &[u32], decider: &mut dyn Decider) {
        for &node in nodes {
            let graveyard = self.graveyards.iter().copied().find(|g| {
                let p = state.board.placed[*g];
                state.catalog.tiles[p.tile]
                    .center
                    .is_some_and(|c| p.first_node + u32::from(c) == node)
            });
            if let Some(graveyard) = graveyard {
                self.bury(state, graveyard, decider);
            }
        }
    }

    /// Adds a colour's points to the counters (the caller then sees what the track reached:
    /// a joint scoring counts as one, FAQ.MoC.0004).
    fn add_points(
        &mut self,
        state: &mut State,
        player: usize,
        points: i32,
        decider: &mut dyn Decider,
    ) {
        if points == 0 || self.is_over() {
            return;
        }
        let index = if self.counters.len() == 1 {
            0
        } else if let Some(own) = self.counters.iter().position(|c| c.player == Some(player)) {
            own
        } else {
            // Level 6: a colour without a counter moves a counter of the team's choice.
            let question = Question::new(
                "dc.pocitadla.barva",
                self.counters
                    .iter()
                    .map(|c| {
                        c.player
                            .map(|p| state.players[p].colour.id().to_owned())
                            .unwrap_or_default()
                    })
                    .collect(),
            )
            .labelled(
                self.counters
                    .iter()
                    .map(|c| {
                        c.player.map_or_else(String::new, |p| {
                            let colour = state.players[p].colour;
                            format!(
                                "{} počítadlo",
                                colour.adjective(Gender::Neuter, Pad::Nominative)
                            )
                        })
                    })
                    .collect(),
            );
            let index = ask(state, decider, &question);
            let to = self.counters[index].player.map_or("?".to_owned(), |p| {
                state.players[p]
                    .colour
                    .adjective(Gender::Neuter, Pad::Accusative)
            });
            let from = state.colour_name(player);
            state.event("dc.pocitadla.barva", || {
                format!(
                    "{from} nemá počítadlo: o {} se posune {to} počítadlo",
                    crate::czech::points(points)
                )
            });
            index
        };
        self.counters[index].points += points;
    }

    /// The goal wins at once (Dized.MoC.0032); a dog's threshold brings the dog and opens the
    /// next stack.
    fn reached(&mut self, state: &mut State, decider: &mut dyn Decider) {
        let track = self.track();
        if self.level.counters > 1 {
            let all: Vec<String> = self.counters.iter().map(|c| c.points.to_string()).collect();
            state.event("dc.pocitadla.prahy", || {
                format!(
                    "počítadla stojí na {}; platí to nejnižší: {track}",
                    all.join(", ")
                )
            });
        }
        if track >= self.level.goal {
            self.outcome = Some(Outcome::Won);
            state.ended = true;
            let goal = self.level.goal;
            state.event("dc.cil.vyhra", || {
                format!("počítadlo na {track} dosahuje cíle {goal}: vítězství")
            });
            return;
        }
        for dog in 0..self.dogs.len() {
            if self.dogs[dog] != Dog::Waiting || track < self.level.dogs[dog] {
                continue;
            }
            self.place_dog(state, dog, decider);
            if let Some(next) = self.stacks_waiting.first().copied() {
                self.stacks_waiting.remove(0);
                let left = self.stack_left.unwrap_or(0);
                self.stack_left = Some(left + next);
                state.event("dc.hromadka.dalsi", || {
                    format!(
                        "otevírá se další hromádka; navrch jde to, co zbylo: {}",
                        crate::model::tiles_cs(left as usize)
                    )
                });
            }
        }
    }

    /// A dog goes beside a standing meeple and takes up to 3 ghosts from each of 2 tiles of
    /// that meeple's 3x3; with no standing meeple it is lost (11/2022).
    fn place_dog(&mut self, state: &mut State, dog: usize, decider: &mut dyn Decider) {
        let threshold = self.level.dogs[dog];
        let leaving: &[u32] = match self.scoring {
            Some(node) => &state.component(node).meeples,
            None => &[],
        };
        let standing: Vec<usize> = (0..state.meeples.len())
            .filter(|m| state.meeples[*m].on_board && !leaving.contains(&(*m as u32)))
            .collect();
        if standing.is_empty() {
            self.dogs[dog] = Dog::Gone;
            let term = state.meeple_term.nominative();
            state.event("dc.pes.ztracen", || {
                format!("práh {threshold} dosažen, ale na plánu nestojí žádný {term}: pes propadá")
            });
            return;
        }
        let mut question = Question::new(
            "dc.pes.umisteni",
            standing.iter().map(|m| state.meeple_label(*m)).collect(),
        )
        .labelled(standing.iter().map(|m| state.meeple_said(*m)).collect());
        question.worth = standing
            .iter()
            .map(|m| {
                let area = self.area_ghosts(state, state.meeples[*m].tile);
                Worth {
                    points: 0,
                    ghosts: area as i32,
                }
            })
            .collect();
        let chosen = standing[ask(state, decider, &question)];
        self.dogs[dog] = Dog::With(chosen);
        let at = state.board.placed[state.meeples[chosen].tile].pos;
        let colour = state.players[state.meeples[chosen].player]
            .colour
            .adjective(Gender::Masculine, Pad::Dative);
        let term = state.meeple_term.dative;
        state.event("dc.pes.umisteni", || {
            format!("práh {threshold} dosažen: pes jde k {colour} {term} na {at}")
        });
        let mut cleared: Vec<usize> = Vec::new();
        for _ in 0..2 {
            let around = std::iter::once(at)
                .chain(at.neighbours8())
                .filter_map(|p| state.board.index_at(p))
                .filter(|p| !cleared.contains(p));
            let options = self.tiles_with_ghosts(state, around);
            if options.is_empty() {
                break;
            }
            let tiles: Vec<String> = options
                .iter()
                .map(|p| Self::tile_option(state, *p))
                .collect();
            let labels = tiles.iter().map(|t| format!("duchy z {t}")).collect();
            let mut question = Question::new("dc.pes.duchove", tiles).labelled(labels);
            question.worth = options
                .iter()
                .map(|p| Worth {
                    points: 0,
                    ghosts: self.ghosts_on_tile(state, *p).min(PACIFY_MAX) as i32,
                })
                .collect();
            let tile = options[ask(state, decider, &question)];
            let removed = self.clear_tile(state, tile, PACIFY_MAX);
            cleared.push(tile);
            let pos = state.board.placed[tile].pos;
            state.event("dc.pes.duchove", || {
                format!(
                    "pes odhání z {pos} {}",
                    count_cs(removed as usize, "ducha", "duchy", "duchů")
                )
            });
        }
    }

    /// Ghosts the tiles of a 3x3 hold (to place a dog well).
    fn area_ghosts(&self, state: &State, placed: usize) -> u32 {
        let at = state.board.placed[placed].pos;
        std::iter::once(at)
            .chain(at.neighbours8())
            .filter_map(|p| state.board.index_at(p))
            .map(|p| self.ghosts_on_tile(state, p))
            .sum()
    }

    /// End of turn on levels 5–6: while any graveyard is open, one tile drawn unseen goes
    /// face down next to an open graveyard (one however many are open).
    fn lay_face_down(&mut self, state: &mut State, decider: &mut dyn Decider) {
        let open: Vec<usize> = self
            .graveyards
            .iter()
            .copied()
            .filter(|g| Self::is_open_graveyard(state, *g))
            .collect();
        if open.is_empty() {
            return;
        }
        // A cell around an open graveyard that touches the board by an edge.
        let mut cells: Vec<Pos> = Vec::new();
        for g in &open {
            let at = state.board.placed[*g].pos;
            for cell in at.neighbours8() {
                if state.board.at(cell).is_none()
                    && state.board.touches_board(cell)
                    && !cells.contains(&cell)
                {
                    cells.push(cell);
                }
            }
        }
        if cells.is_empty() {
            return;
        }
        let Some(face_down) = state.catalog.tiles.iter().position(|t| t.face_down) else {
            return;
        };
        if !self.draw(state) {
            return;
        }
        let question = Question::new(
            "dc.zaklety.licem-dolu",
            cells.iter().map(|c| c.to_string()).collect(),
        )
        .labelled(cells.iter().map(|c| format!("pole {c}")).collect());
        let cell = cells[ask(state, decider, &question)];
        let placement = state.lay_extra(face_down, cell, 0);
        state.event("dc.zaklety.licem-dolu", || {
            format!("hřbitov je otevřený: na {cell} se přikládá kartička lícem dolů")
        });
        self.sync(state);
        self.bury_completed(state, &placement.surrounded, decider);
    }
}

/// A castle scores 2 points for each misty tile in the 3×3 around it, in both ghost games
/// (`rule`: the game's key for it).
pub(crate) fn value_castle(state: &State, score: &mut FeatureScore, rule: &'static str) {
    let Some(&castle) = state.component(score.node).tiles.first() else {
        return;
    };
    let misty = misty_tiles_around(state, state.board.placed[castle as usize].pos);
    score.points = 2 * misty as i32;
    score.rule = rule;
    score.explanation = format!(
        "{} v okolí 3×3 × 2",
        crate::czech::count(
            misty as u64,
            ["kartička s mlhou", "kartičky s mlhou", "kartiček s mlhou"]
        )
    );
}

/// Tiles with mist among `pos` and its 8 neighbours: what a castle is worth (each quarter
/// of the 2x2 start tile is a tile of its own).
pub(crate) fn misty_tiles_around(state: &State, pos: Pos) -> usize {
    std::iter::once(pos)
        .chain(pos.neighbours8())
        .filter_map(|p| state.board.at(p))
        .filter(|p| !state.catalog.tiles[p.tile].fog.is_empty())
        .count()
}

fn center_kind(state: &State, placed: usize) -> Option<FeatureKind> {
    let p = state.board.placed.get(placed)?;
    let def = &state.catalog.tiles[p.tile];
    def.center.map(|c| def.features[usize::from(c)].kind)
}

impl GhostKeeper for Mists {
    fn bank(&self) -> u32 {
        self.bank
    }

    fn ghosts_on_board(&self) -> u32 {
        Mists::ghosts_on_board(self)
    }

    fn ghosts_on_tile(&self, state: &State, placed: usize) -> u32 {
        Mists::ghosts_on_tile(self, state, placed)
    }
}

impl RuleModule for Mists {
    fn ghosts(&self) -> Option<&dyn GhostKeeper> {
        Some(self)
    }

    fn id(&self) -> &'static str {
        DESCRIPTOR.id
    }

    fn status(&self, state: &State) -> Option<Status> {
        Some(Status {
            line: Some(self.status_line(state)),
            standings: Some(self.standings(state)),
            scores: Some(self.colour_counters().unwrap_or_default()),
            json: Some(serde_json::json!({
                "level": self.level.number,
                "track": self.track(),
                "counters": self.counters.iter().map(|c| c.points).collect::<Vec<_>>(),
                "ghosts_on_board": self.ghosts_on_board(),
                "bank": self.bank,
                "buried": self.buried.iter().sum::<u32>(),
                "outcome": self.outcome_id(),
                "loss": self.loss().map(|cause| cause.id()),
            })),
            dogs: self
                .dogs
                .iter()
                .filter_map(|d| match d {
                    Dog::With(meeple) => Some(*meeple),
                    _ => None,
                })
                .collect(),
            graves: self.graves.clone(),
        })
    }

    fn surround(&self, kind: FeatureKind) -> Option<Surround> {
        match kind {
            FeatureKind::Castle => Some(Surround {
                needed: 8,
                face_down_counts: false,
            }),
            // Levels 2–4: the 4 orthogonal neighbours; cursed ones need all 8, face-down
            // tiles included.
            FeatureKind::Graveyard => Some(Surround {
                needed: if self.level.cursed { 8 } else { 4 },
                face_down_counts: true,
            }),
            _ => None,
        }
    }

    fn reset(&mut self) {
        *self = Mists::new(self.level, self.players);
    }

    /// A face-up tile needs a face-up neighbour (a face-down one alone is not enough).
    fn veto_tile(&self, state: &State, placement: &TilePlacement) -> Option<Refusal> {
        let mut neighbours = Dir::ALL
            .iter()
            .filter_map(|d| state.board.at(placement.pos.step(*d)))
            .peekable();
        neighbours.peek()?;
        let face_up = neighbours.any(|p| !state.catalog.tiles[p.tile].face_down);
        (!face_up).then(|| {
            Refusal::new(
                "dc.rub.soused",
                "kartička lícem nahoru musí sousedit hranou s jinou kartičkou lícem nahoru",
            )
        })
    }

    /// No farmers in this game, and nobody stands on a graveyard but the buried.
    fn veto_meeple(&self, state: &State, placement: &MeeplePlacement) -> Option<Refusal> {
        let term = state.meeple_term.nominative();
        match placement.feature {
            FeatureKind::Field => Some(Refusal::new(
                "dc.druzinik.louka",
                format!("v této hře nejsou sedláci: na louku se {term} nestaví"),
            )),
            FeatureKind::Graveyard => Some(Refusal::new(
                "dc.hrbitov.bez-druzinika",
                format!("na hřbitov se {term} nestaví (jen pohřbený)"),
            )),
            _ => None,
        }
    }

    fn tile_placed(&mut self, state: &mut State, placed: usize, decider: &mut dyn Decider) {
        self.sync(state);
        // 1c: a graveyard this tile closed buries a meeple before new ghosts rise.
        let completed = state.turn.completed.clone();
        self.bury_completed(state, &completed, decider);
        if self.level.cursed && center_kind(state, placed) == Some(FeatureKind::Graveyard) {
            self.curse_neighbours(state, placed);
        }
        if !self.is_over() {
            self.mist_after_placing(state, placed, decider);
        }
    }

    /// Every colour on a completed road, city or castle scores its full value, unless the
    /// active player gives the whole scoring up to take up to 3 ghosts off one tile.
    fn score_completed(
        &mut self,
        state: &mut State,
        score: &mut FeatureScore,
        decider: &mut dyn Decider,
    ) {
        if self.is_over() {
            score.winners.clear();
            return;
        }
        if score.kind == FeatureKind::Castle {
            value_castle(state, score, "dc.zamek.hodnoceni");
        }
        if !matches!(
            score.kind,
            FeatureKind::Road | FeatureKind::City | FeatureKind::Castle
        ) {
            return;
        }
        let colours = state.colours_on(score.node);
        if colours.is_empty() {
            return;
        }
        if self.ghosts_instead_of_points(state, score, colours.len(), decider) {
            score.winners.clear();
            return;
        }
        if colours.len() > 1 {
            let n = colours.len();
            let points = score.points;
            state.event("dc.hodnoceni.barvy", || {
                format!(
                    "{}: každá získá celou hodnotu, {}",
                    crate::czech::count(n as u64, ["barva", "různé barvy", "různých barev"]),
                    crate::czech::points(points)
                )
            });
        }
        score.winners = colours;
    }

    /// The points move the counters; a dog beside a meeple of this feature scores a point
    /// per ghost on the board, whether the feature scored or was given up for ghosts.
    fn feature_scored(
        &mut self,
        state: &mut State,
        score: &FeatureScore,
        decider: &mut dyn Decider,
    ) {
        if self.is_over() {
            return;
        }
        self.scoring = Some(score.node);
        self.score_feature(state, score, decider);
        self.scoring = None;
    }

    fn end_of_turn(&mut self, state: &mut State, decider: &mut dyn Decider) {
        if self.level.cursed && !self.is_over() {
            self.sync(state);
            self.lay_face_down(state, decider);
        }
        self.stack_ran_out(state);
    }
}

impl Mists {
    /// The counters move for each colour, then a dog beside one of the feature's meeples
    /// scores.
    fn score_feature(
        &mut self,
        state: &mut State,
        score: &FeatureScore,
        decider: &mut dyn Decider,
    ) {
        for &player in &score.winners {
            self.add_points(state, player, score.points, decider);
        }
        self.reached(state, decider);
        if self.is_over() {
            return;
        }
        let meeples: Vec<usize> = state.meeples_on(score.node);
        for dog in 0..self.dogs.len() {
            let Dog::With(meeple) = self.dogs[dog] else {
                continue;
            };
            if !meeples.contains(&meeple) {
                continue;
            }
            self.dogs[dog] = Dog::Gone;
            let points = self.ghosts_on_board() as i32;
            let player = state.meeples[meeple].player;
            state.event("dc.pes.hodnoceni", || {
                format!(
                    "pes se hodnotí: {} za duchy na plánu a odchází do krabice",
                    crate::czech::points(points)
                )
            });
            self.add_points(state, player, points, decider);
            self.reached(state, decider);
            if self.is_over() {
                return;
            }
        }
    }
}

/// The rule keys its rules emit, with what each stands for.
const RULE_KEYS: &[(&str, &str)] = &[
    (
        "dc.druzinik.louka",
        "v Duších nejsou sedláci: na louku se strážný nestaví",
    ),
    (
        "dc.mlha.duchove-odchazeji",
        "z uzavřené mlhy se duchové vracejí do banku a žádní nepřicházejí",
    ),
    (
        "dc.duchove.vynoreni",
        "na symboly duchů v neuzavřené mlze přikládané kartičky přicházejí duchové",
    ),
    (
        "dc.duchove.o-jednoho-mene",
        "kartička rozšiřující mlhu na plánu dostane o ducha méně",
    ),
    (
        "dc.hodnoceni.barvy",
        "každá barva na dokončeném území získá jeho plnou hodnotu, většina neplatí",
    ),
    (
        "dc.hodnoceni.volba",
        "za dokončené obsazené území si tým vezme body, nebo místo nich sundá duchy",
    ),
    (
        "dc.hodnoceni.duchove",
        "místo bodů za dokončené území až 3 duchové z jedné kartičky; odpadá celé hodnocení",
    ),
    (
        "dc.cil.vyhra",
        "tým vyhrává, jakmile počítadlo dosáhne cíle nebo ho přejde",
    ),
    (
        "dc.prohra.duchove",
        "je třeba postavit ducha a bank je prázdný: prohra",
    ),
    (
        "dc.prohra.karticky",
        "je třeba táhnout kartičku a žádná nezbývá: prohra",
    ),
    (
        "dc.prohra.prah",
        "hromádka došla dřív, než tým dosáhl prahu psa: prohra",
    ),
    (
        "dc.zamek.hodnoceni",
        "obklopený zámek: 2 body za každou kartičku s mlhou v okolí 3×3",
    ),
    (
        "dc.hrbitov.bez-druzinika",
        "na hřbitov se strážný nestaví, leží tam jen pohřbený",
    ),
    (
        "dc.hrbitov.duch",
        "když přijde duch do mlhy, další jde na jeden otevřený hřbitov",
    ),
    (
        "dc.hrbitov.pohrbeni",
        "uzavřený hřbitov: pohřbí se jeden strážný z plánu",
    ),
    (
        "dc.hrbitov.ze-zasoby",
        "na plánu nestojí strážný: pohřbí se strážný ze zásoby",
    ),
    (
        "dc.hrbitov.duchove-odchazeji",
        "z uzavřeného hřbitova se duchové vracejí do banku",
    ),
    (
        "dc.hromadka.dalsi",
        "dosažený práh psa otevírá další hromádku, zbytek jde navrch",
    ),
    (
        "dc.pes.umisteni",
        "dosažený práh: pes ke stojícímu strážnému",
    ),
    (
        "dc.pes.duchove",
        "pes odhání až 3 duchy z každé ze 2 kartiček okolí 3×3",
    ),
    (
        "dc.pes.ztracen",
        "na plánu nestojí žádný strážný: pes propadá",
    ),
    (
        "dc.pes.hodnoceni",
        "pes se hodnotí s územím svého strážného: 1 bod za ducha na plánu",
    ),
    (
        "dc.pes.do-krabice",
        "pes u pohřbeného strážného se vrací do krabice bez hodnocení",
    ),
    (
        "dc.pocitadla.barva",
        "úroveň 6: body barvy bez počítadla posunou zvolené počítadlo",
    ),
    (
        "dc.pocitadla.prahy",
        "úroveň 6: práh i cíl platí, až je dosáhnou všechna počítadla",
    ),
    (
        "dc.zaklety.duchove",
        "přiložený zakletý hřbitov: duch na každou sousední kartičku s mlhou",
    ),
    (
        "dc.zaklety.licem-dolu",
        "otevřený zakletý hřbitov: na konci tahu jedna kartička lícem dolů k němu",
    ),
    (
        "dc.rub.soused",
        "kartička lícem nahoru musí sousedit s kartičkou lícem nahoru",
    ),
];

/// The cooperative game's scenario keys.
pub const DESCRIPTOR: super::vocabulary::Descriptor = super::vocabulary::Descriptor {
    id: "duchove-carcassonne",
    name: "Duchové Carcassonne",
    expansion: false,
    figure: Some(crate::czech::STRAZNY),
    status_key: Some("mists"),
    rule_prefixes: &["dc", "du", "zh"],
    rule_keys: RULE_KEYS,
    // As many as the number of players gives (setup `meeples`).
    figures: &[],
    tile_set: Some("duchove"),
    markers: &[],
    levels: &[1, 2, 3, 4, 5, 6],
    setup: &["level", "track", "start_ghosts", "stacks", "meeples"],
    board: &["ghosts"],
    meeple: &["dog"],
    step: &[],
    expect: &[
        "ghosts",
        "bank",
        "ghosts_at",
        "track",
        "counters",
        "outcome",
        "loss",
        "buried",
        "stacks_left",
        "face_down",
        "dogs",
    ],
    cards: &[],
    hooks: &ScenarioHooks,
};

/// Bounds of the track and of a colour's meeples in scenarios (5 meeples, or more when
/// playing several colours).
const MAX_TRACK: i64 = 1000;
const MAX_MEEPLES: i64 = 20;

/// The cooperative game's setup: level and a game in progress.
#[derive(Debug, Clone)]
struct ScenarioSetup {
    level: u8,
    /// Where the track stands: the team's counter, or level 6's counters by colour.
    track: Vec<(Option<Colour>, i32)>,
    start_ghosts: u32,
    /// Tiles left in the current stack, then the stacks not opened yet.
    stacks: Option<Vec<u32>>,
    meeples: u32,
}

/// The level a cooperative scenario is played at.
pub fn scenario_level(scenario: &crate::model::Scenario) -> Option<u8> {
    scenario
        .setup
        .get::<ScenarioSetup>(DESCRIPTOR.id)
        .map(|s| s.level)
}

/// What a scenario expects of the cooperative game.
#[derive(Debug, Clone, Default)]
struct ScenarioExpect {
    ghosts: GhostCounts,
    /// The team's track, or level 6's counters by colour.
    track: Option<i32>,
    counters: Vec<(Colour, i32)>,
    /// `won`, `lost` or `playing`, and the cause of a loss.
    outcome: Option<String>,
    loss: Option<String>,
    buried: Option<u32>,
    /// Tiles left in the current stack, then the unopened stacks.
    stacks_left: Option<Vec<u32>>,
    /// Tiles lying face down on the board.
    face_down: Option<u32>,
    /// Dogs still waiting for their threshold, and dogs used (beside a meeple or gone).
    dogs_waiting: Option<u32>,
    dogs_used: Option<u32>,
}

/// A list of tile counts (`stacks`, `stacks_left`).
fn tile_counts(fields: &Fields, key: &str, diags: &mut Diagnostics) -> Option<Vec<u32>> {
    fields.optional_list(key, diags).map(|items| {
        items
            .into_iter()
            .filter_map(|(text, location)| match text.parse::<u32>() {
                Ok(n) if i64::from(n) <= MAX_COUNT => Some(n),
                _ => {
                    diags.error(
                        location,
                        None,
                        format!("`{key}` jsou počty kartiček od 0 do {MAX_COUNT}"),
                    );
                    None
                }
            })
            .collect()
    })
}

/// A text field with a closed set of values.
fn one_of(
    fields: &Fields,
    key: &str,
    values: &[&str],
    what: &str,
    diags: &mut Diagnostics,
) -> Option<String> {
    fields.optional_str(key, diags).filter(|v| {
        let known = values.contains(&v.as_str());
        if !known {
            diags.error(
                fields.value_location(key),
                None,
                format!("{what} `{v}` ({})", values.join(", ")),
            );
        }
        known
    })
}

fn read_setup(
    fields: &Fields,
    players: &[Colour],
    diags: &mut Diagnostics,
) -> Option<ScenarioSetup> {
    let (file, setup) = (fields.file, fields.map);
    let level = fields.required_int("level", diags).and_then(|n| {
        let level = u8::try_from(n).ok().and_then(Level::get);
        if level.is_none() {
            diags.error(
                fields.value_location("level"),
                None,
                format!("úroveň {n} neexistuje (1 až 6)"),
            );
        }
        level
    })?;
    let track = match setup.get_node("track") {
        None => Vec::new(),
        Some(Node::Mapping(_)) if level.counters > 1 => {
            per_player(file, setup, "track", players, 0..=MAX_TRACK, diags)
                .into_iter()
                .map(|(c, n)| (Some(c), n))
                .collect()
        }
        Some(Node::Mapping(_)) => {
            diags.error(
                fields.value_location("track"),
                None,
                "počítadla po barvách má jen úroveň 6; jinak `track: číslo`",
            );
            return None;
        }
        Some(_) => match fields.optional_int_in("track", 0..=MAX_TRACK, diags) {
            Some(n) if level.counters == 1 => vec![(None, n as i32)],
            Some(_) => {
                diags.error(
                    fields.value_location("track"),
                    None,
                    "úroveň 6 má 3 počítadla: `track: {yellow: 6, green: 0, pink: 3}`",
                );
                return None;
            }
            None => return None,
        },
    };
    if level.counters > 1 && !track.is_empty() && track.len() != level.counters {
        diags.error(
            fields.value_location("track"),
            None,
            format!(
                "úroveň 6 má {} počítadla, každé jedné barvy",
                level.counters
            ),
        );
    }
    let stacks = tile_counts(fields, "stacks", diags);
    Some(ScenarioSetup {
        level: level.number,
        track,
        // The start tile has room for exactly its 3 ghosts; more would be dropped unseen.
        start_ghosts: fields
            .optional_int_in("start_ghosts", 0..=i64::from(START_GHOSTS), diags)
            .map_or(START_GHOSTS, |n| n as u32),
        stacks,
        meeples: fields
            .optional_int_in("meeples", 0..=MAX_MEEPLES, diags)
            .map_or(MEEPLES_PER_COLOUR, |n| n as u32),
    })
}

#[derive(Debug)]
struct ScenarioHooks;

impl Hooks for ScenarioHooks {
    type Setup = ScenarioSetup;
    /// Ghosts on a prepared board tile.
    type Board = u32;
    /// A dog beside a meeple.
    type Meeple = bool;
    type Step = ();
    type Expect = ScenarioExpect;

    fn setup(
        &self,
        setup: Option<&Fields>,
        scope: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<ScenarioSetup> {
        let Some(setup) = setup else {
            diags.error(
                scope.start.clone(),
                None,
                "pravidla Duchů Carcassonne potřebují `setup: {level: 1..6}`",
            );
            return None;
        };
        read_setup(setup, scope.players, diags)
    }

    fn game(
        &self,
        setup: Option<&ScenarioSetup>,
        _expansions: &[&'static super::vocabulary::Descriptor],
        players: usize,
        catalog: &mut Catalog,
    ) -> Option<Result<GameParts, String>> {
        let Some((level, setup)) = setup.and_then(|s| Some((Level::get(s.level)?, s))) else {
            return Some(Err(
                "pravidla Duchů Carcassonne potřebují `setup: {level: 1..6}`".into(),
            ));
        };
        if level.cursed {
            catalog.face_down_index();
        }
        Some(Ok((
            modules(level, players),
            Supply::of(&[(MeepleKind::NORMAL, setup.meeples)]),
        )))
    }

    fn before_board(&self, game: &mut Game, setup: &ScenarioSetup, players: &[Colour]) -> Applied {
        game.with_module(|mists: &mut Mists, state| {
            mists.place_start_ghosts(state, setup.start_ghosts);
            let team = setup
                .track
                .iter()
                .find(|(c, _)| c.is_none())
                .map(|(_, n)| *n);
            let per_colour: Vec<(usize, i32)> = setup
                .track
                .iter()
                .filter_map(|(c, n)| Some((player_index(players, c.as_ref()?)?, *n)))
                .collect();
            mists.set_track(team, &per_colour);
            mists.skip_passed_dogs();
            if let Some(stacks) = &setup.stacks {
                mists.stack_left = stacks.first().copied();
                mists.stacks_waiting = stacks.iter().skip(1).copied().collect();
            }
        });
        Ok(())
    }

    /// `ghosts: 2` on a prepared board tile.
    fn board(&self, tile: &Fields, _: &Scope, diags: &mut Diagnostics) -> Option<u32> {
        count(tile, "ghosts", diags)
    }

    fn on_board(&self, game: &mut Game, placed: usize, &n: &u32) -> Applied {
        if n == 0 {
            return Ok(());
        }
        let put = game.with_module(|mists: &mut Mists, state| mists.put_ghosts(state, placed, n));
        if put != Some(true) {
            return Err(format!(
                "{} se na kartičku {}: bank úrovně jich tolik nemá",
                crate::czech::pocet(n, "duch"),
                crate::czech::sloveso(n, "nevejde", "nevejdou")
            ));
        }
        Ok(())
    }

    /// `dog: true` beside a meeple of a game in progress.
    fn meeple(
        &self,
        meeple: &Fields,
        on_board: bool,
        _: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<bool> {
        let dog = meeple.optional_bool("dog", diags)?;
        if dog && !on_board {
            only_on_board(meeple, "dog", "psa", diags);
        }
        Some(dog)
    }

    fn on_meeple(&self, game: &mut Game, meeple: usize, &dog: &bool) -> Applied {
        if !dog {
            return Ok(());
        }
        let laid = game.with_module(|mists: &mut Mists, _| {
            // A dog whose threshold the track has passed lies beside this meeple.
            let track = mists.track();
            let thresholds = mists.level.dogs;
            let free = (0..mists.dogs.len())
                .find(|d| mists.dogs[*d] == Dog::Gone && track >= thresholds[*d]);
            free.map(|d| mists.dogs[d] = Dog::With(meeple)).is_some()
        });
        if laid != Some(true) {
            return Err(
                "pes sem nepatří: počítadlo ještě nedosáhlo prahu žádného psa, který by byl volný"
                    .into(),
            );
        }
        Ok(())
    }

    /// The cooperative game counts the tiles drawn from the stacks (when the scenario gives them).
    fn draw(&self, game: &mut Game) {
        game.with_module(|mists: &mut Mists, state| mists.draw(state));
    }

    fn expect(
        &self,
        expect: &Fields,
        scope: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<ScenarioExpect> {
        let (file, map, players) = (expect.file, expect.map, scope.players);
        let mut dogs_waiting = None;
        let mut dogs_used = None;
        if let Some(dogs) = expect.optional_mapping("dogs", diags) {
            let d = Fields::new(file, 0, dogs, &["waiting", "used"], None, diags);
            dogs_waiting = count(&d, "waiting", diags);
            dogs_used = count(&d, "used", diags);
            if dogs.is_empty() {
                diags.error(
                    expect.value_location("dogs"),
                    None,
                    "`dogs` má tvar {waiting: 1, used: 1}",
                );
            }
        }
        Some(ScenarioExpect {
            ghosts: GhostCounts::read(expect, diags),
            track: expect
                .optional_int_in("track", 0..=MAX_TRACK, diags)
                .map(|n| n as i32),
            counters: per_player(file, map, "counters", players, 0..=MAX_TRACK, diags),
            outcome: one_of(
                expect,
                "outcome",
                &["won", "lost", "playing"],
                "neznámý výsledek",
                diags,
            ),
            loss: one_of(
                expect,
                "loss",
                &["duchove", "karticky", "prah"],
                "neznámá příčina prohry",
                diags,
            ),
            buried: count(expect, "buried", diags),
            stacks_left: tile_counts(expect, "stacks_left", diags),
            face_down: count(expect, "face_down", diags),
            dogs_waiting,
            dogs_used,
        })
    }

    fn check(&self, game: &Game, expect: &ScenarioExpect, players: &[Colour], check: Report) {
        scenario_checks(game, expect, players, check);
    }
}

fn scenario_checks(game: &Game, expect: &ScenarioExpect, players: &[Colour], check: Report) {
    face_down_check(&game.state, expect, &mut *check);
    let Some(mists) = game.module::<Mists>() else {
        return;
    };
    expect.ghosts.check(&game.state, mists, &mut *check);
    score_checks(mists, expect, players, &mut *check);
    supply_checks(mists, expect, check);
}

/// How many tiles lie face down (level 5), which holds without the cooperative module too.
fn face_down_check(state: &State, expect: &ScenarioExpect, check: Report) {
    if let Some(n) = expect.face_down {
        let actual = state
            .board
            .placed
            .iter()
            .filter(|p| state.catalog.tiles[p.tile].spec.id == crate::model::FACE_DOWN_ID)
            .count() as u32;
        check(
            format!("kartiček lícem dolů na plánu: {n}"),
            actual == n,
            actual.to_string(),
        );
    }
}

/// The track, each colour's counter and how the game ended.
fn score_checks(mists: &Mists, expect: &ScenarioExpect, players: &[Colour], check: Report) {
    if let Some(n) = expect.track {
        let actual = mists.track();
        check(
            format!("počítadlo stojí na {n}"),
            actual == n,
            actual.to_string(),
        );
    }
    for (colour, n) in &expect.counters {
        let player = player_index(players, colour);
        let actual = mists
            .counters
            .iter()
            .find(|c| c.player.is_some() && c.player == player)
            .map(|c| c.points.to_string())
            .unwrap_or_else(|| "barva nemá počítadlo".into());
        check(
            format!(
                "{} počítadlo stojí na {n}",
                colour.adjective(Gender::Neuter, Pad::Nominative)
            ),
            actual == n.to_string(),
            actual,
        );
    }
    let outcome = mists.outcome_id();
    if let Some(expected) = &expect.outcome {
        check(
            format!("výsledek hry: {}", Mists::outcome_cs(expected)),
            outcome == expected,
            Mists::outcome_cs(outcome).into(),
        );
    }
    if let Some(expected) = &expect.loss {
        let actual = mists.loss().map_or("žádná prohra", |cause| cause.id());
        check(
            format!("příčina prohry: {}", LossCause::czech_for(expected)),
            actual == expected,
            LossCause::czech_for(actual).into(),
        );
    }
}

/// What is left in the supply: buried guards, tile stacks, dogs.
fn supply_checks(mists: &Mists, expect: &ScenarioExpect, check: Report) {
    if let Some(n) = expect.buried {
        let actual: u32 = mists.buried.iter().sum();
        check(
            format!("pohřbených strážných: {n}"),
            actual == n,
            actual.to_string(),
        );
    }
    if let Some(expected) = &expect.stacks_left {
        let actual: Vec<u32> = mists
            .stack_left
            .into_iter()
            .chain(mists.stacks_waiting.iter().copied())
            .collect();
        let show = |v: &[u32]| {
            format!(
                "[{}]",
                v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
            )
        };
        check(
            format!("v hromádkách zbývá {}", show(expected)),
            actual == *expected,
            if mists.stack_left.is_none() {
                "kartičky se nepočítají (chybí `setup.stacks`)".into()
            } else {
                show(&actual)
            },
        );
    }
    let waiting = mists.dogs.iter().filter(|d| **d == Dog::Waiting).count() as u32;
    if let Some(n) = expect.dogs_waiting {
        check(
            format!("psů čekajících na práh: {n}"),
            waiting == n,
            waiting.to_string(),
        );
    }
    if let Some(n) = expect.dogs_used {
        let used = mists.dogs.len() as u32 - waiting;
        check(format!("použitých psů: {n}"), used == n, used.to_string());
    }
}

/// The cooperative game's modules at `level` for `colours` colours in play.
pub(crate) fn modules(level: Level, colours: usize) -> Vec<Box<dyn RuleModule>> {
    vec![
        Box::new(FeatureValues),
        Box::new(Mists::new(level, colours)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stacks(level: u8, tiles: u32) -> (Option<u32>, Vec<u32>) {
        let mut mists = Mists::new(Level::get(level).expect("level"), 3);
        mists.use_stacks(tiles);
        (mists.stack_left, mists.stacks_waiting.clone())
    }

    #[test]
    fn stacks_follow_the_level_and_never_count_more_tiles_than_there_are() {
        assert_eq!(stacks(1, 50), (Some(50), vec![]));
        assert_eq!(stacks(3, 60), (Some(20), vec![20, 20]));
        assert_eq!(stacks(6, 45), (Some(20), vec![20, 5]));
        assert_eq!(stacks(4, 70), (Some(20), vec![20, 30]));
        assert_eq!(stacks(5, 12), (Some(12), vec![0, 0]));
    }
}
