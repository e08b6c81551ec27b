//! Whole cooperative Mists games on the Mists catalog: setup per level, the stacks, the
//! colours each person plays, and a policy (random or greedy) for every decision. Used by
//! `carcref simulate`, the property tests and the benchmark.

use std::sync::Arc;

use serde::Serialize;

use crate::engine::core::{Catalog, Decider, Game, Question, Rng};
use crate::engine::modules::{
    colours_and_meeples, meeple_term, mists_modules, Level, LossCause, Mists, Outcome,
    MISTS_DESCRIPTOR, START_GHOSTS,
};
use crate::model::{Colour, FeatureKind, MeepleKind, Port, Pos, Spot, Supply, TileSpec};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// A uniformly random legal move and answer.
    Random,
    /// The move whose outcome after the turn looks best (points, fewer ghosts), tried on a
    /// copy of the game; answers that take the most ghosts or points.
    Greedy,
}

/// The Mists tiles as a game draws them: the catalog (with the face-down tile), the 4 start
/// quarters, and the bag of each level (level 1 leaves out castles and graveyards).
pub struct MistsTiles {
    catalog: Arc<Catalog>,
    start: Vec<(usize, Pos)>,
    bag_all: Vec<usize>,
    bag_level1: Vec<usize>,
}

impl MistsTiles {
    /// From the Mists catalog's tile specs; `None` if it lacks the 4 start quarters.
    pub fn new<'a>(specs: impl IntoIterator<Item = &'a TileSpec>) -> Option<MistsTiles> {
        let mut catalog = Catalog::from_specs(specs);
        catalog.face_down_index();
        let mut start = Vec::new();
        let mut bag_all = Vec::new();
        let mut bag_level1 = Vec::new();
        for (index, tile) in catalog.tiles.iter().enumerate() {
            if tile.face_down {
                continue;
            }
            if let Some(part) = tile.spec.start_part {
                let (dx, dy) = part.offset();
                start.push((index, Pos::new(dx, dy)));
                continue;
            }
            let special = tile.center.is_some_and(|c| {
                matches!(
                    tile.features[usize::from(c)].kind,
                    FeatureKind::Castle | FeatureKind::Graveyard
                )
            });
            for _ in 0..tile.spec.count {
                bag_all.push(index);
                if !special {
                    bag_level1.push(index);
                }
            }
        }
        (start.len() == 4).then(|| MistsTiles {
            catalog: Arc::new(catalog),
            start,
            bag_all,
            bag_level1,
        })
    }

    fn bag(&self, level: Level) -> &[usize] {
        if level.castles_and_graveyards {
            &self.bag_all
        } else {
            &self.bag_level1
        }
    }
}

/// How one game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub won: bool,
    pub loss: Option<&'static str>,
    /// Where the track ended (level 6: the lowest counter).
    score: i32,
    pub turns: u32,
}

/// A game table for one level and number of persons, reused game after game.
pub struct Table {
    game: Game,
    pub level: Level,
    persons: usize,
    supply: Supply,
    tiles: Arc<MistsTiles>,
    /// Colours of each person (engine players are colours).
    colours_of: Vec<Vec<usize>>,
}

impl Table {
    /// `persons` from 1 to 6.
    pub fn new(tiles: Arc<MistsTiles>, level: Level, persons: usize) -> Table {
        let persons = persons.clamp(1, 6);
        let (colours, meeples) = colours_and_meeples(persons);
        let colours_of: Vec<Vec<usize>> = (0..persons)
            .map(|p| (0..colours).filter(|c| c % persons == p).collect())
            .collect();
        let supply = Supply::of(&[(MeepleKind::NORMAL, meeples)]);
        let modules = mists_modules(level, colours);
        let mut game = Game::new(
            tiles.catalog.clone(),
            &Colour::ALL[..colours],
            supply.clone(),
            modules,
        );
        game.state.meeple_term = meeple_term(MISTS_DESCRIPTOR.id);
        game.state.tracing = false;
        Table {
            game,
            level,
            persons,
            supply,
            tiles,
            colours_of,
        }
    }

    fn mists(&self) -> &Mists {
        self.game
            .module::<Mists>()
            .expect("the table is built with the Mists module")
    }

    /// Sets up a new game: the 2x2 start tile with its 3 ghosts, the stacks.
    fn setup(&mut self) {
        self.game.reset(&self.supply);
        for &(tile, pos) in &self.tiles.start {
            // The start quarters fit each other by construction of the catalog.
            let _ = self.game.lay(tile, pos, 0);
        }
        let tiles = self.tiles.bag(self.level).len() as u32;
        self.game.with_module(|mists: &mut Mists, state| {
            mists.place_start_ghosts(state, START_GHOSTS);
            mists.use_stacks(tiles);
        });
    }

    /// Plays one whole game; `after_turn` sees the game after every turn (property tests).
    pub fn play(
        &mut self,
        policy: Policy,
        rng: &mut Rng,
        mut after_turn: impl FnMut(&Game),
    ) -> GameResult {
        self.setup();
        let mut deck = self.tiles.bag(self.level).to_vec();
        rng.shuffle(&mut deck);
        let mut turns = 0u32;
        let mut fits = Vec::new();
        let mut counts = Vec::new();
        let mut decider = Policied { policy, rng };
        while self.mists().outcome.is_none() {
            let drawn = self
                .game
                .with_module(|mists: &mut Mists, state| mists.draw(state))
                .unwrap_or(false);
            // The deck holds exactly the tiles the stacks count, so a draw finds one.
            let Some(tile) = deck.pop().filter(|_| drawn) else {
                break;
            };
            let person = turns as usize % self.persons;
            turns += 1;
            let colour = self.choose_colour(person, &mut decider);
            self.game.state.turn.player = colour;
            let placed = match policy {
                Policy::Random => self.place_random(tile, &mut fits, &mut counts, &mut decider),
                Policy::Greedy => self.place_greedy(tile, &mut fits, &mut decider),
            };
            if !placed {
                // Fits nowhere: set aside, and the next draw follows.
                continue;
            }
            self.game.finish_turn(&mut decider);
            // Tiles laid face down at the end of the turn came off the top of the deck.
            deck.truncate(self.mists().tiles_left() as usize);
            after_turn(&self.game);
        }
        let mists = self.mists();
        GameResult {
            won: mists.outcome == Some(Outcome::Won),
            loss: mists.loss().map(|cause| cause.id()),
            score: mists.track(),
            turns,
        }
    }

    /// Alone or two, a person plays whichever of their colours they like this turn.
    fn choose_colour(&mut self, person: usize, decider: &mut Policied) -> usize {
        let own = &self.colours_of[person];
        if own.len() == 1 {
            return own[0];
        }
        let players = &self.game.state.players;
        let with_supply: Vec<usize> = own
            .iter()
            .copied()
            .filter(|c| players[*c].supply.count(MeepleKind::NORMAL) > 0)
            .collect();
        match (decider.policy, with_supply.as_slice()) {
            (_, []) => own[0],
            // The colour with the most meeples left keeps options open.
            (Policy::Greedy, _) => with_supply
                .iter()
                .copied()
                .max_by_key(|c| players[*c].supply.count(MeepleKind::NORMAL))
                .unwrap_or(own[0]),
            (Policy::Random, list) => list[decider.rng.below(list.len())],
        }
    }

    fn place_random(
        &mut self,
        tile: usize,
        fits: &mut Vec<(Pos, u8)>,
        counts: &mut Vec<u8>,
        decider: &mut Policied,
    ) -> bool {
        let drawn = self
            .game
            .state
            .board
            .draw_fit(&self.game.state.catalog, tile, counts, |n| {
                decider.rng.below(n)
            });
        let mut placed = match drawn {
            Some((pos, rotation)) => self.game.place_tile(tile, pos, rotation, decider).is_ok(),
            None => false,
        };
        if !placed && drawn.is_some() {
            self.game.edge_fits_into(tile, fits);
            while !placed && !fits.is_empty() {
                let (pos, rotation) = fits.swap_remove(decider.rng.below(fits.len()));
                placed = self.game.place_tile(tile, pos, rotation, decider).is_ok();
            }
        }
        if placed && !self.game.state.ended && decider.rng.below(2) == 0 {
            let spot = match decider.rng.below(13) {
                12 => Spot::Center,
                port => Spot::Port(Port(port as u8)),
            };
            // A refused meeple is a legal outcome: the player keeps it.
            let _ = self.game.place_meeple(spot, MeepleKind::NORMAL);
        }
        placed
    }

    /// Tries every legal placement, with a meeple on each free feature of the tile or none,
    /// on a copy of the game through the end of the turn, and plays the best.
    fn place_greedy(
        &mut self,
        tile: usize,
        fits: &mut Vec<(Pos, u8)>,
        decider: &mut Policied,
    ) -> bool {
        *fits = self.game.legal_placements(tile);
        if fits.is_empty() {
            return false;
        }
        let mut best: Option<(i64, Pos, u8, Option<Spot>)> = None;
        let mut placed = self.game.clone();
        let mut trial = self.game.clone();
        let mut spots: Vec<Option<Spot>> = Vec::new();
        for &(pos, rotation) in fits.iter() {
            placed.clone_from(&self.game);
            let mut answers = Policied {
                policy: Policy::Greedy,
                rng: &mut *decider.rng,
            };
            if placed
                .place_tile(tile, pos, rotation, &mut answers)
                .is_err()
            {
                continue;
            }
            free_spots(&placed, &mut spots);
            for &spot in &spots {
                trial.clone_from(&placed);
                if let Some(spot) = spot {
                    if trial.place_meeple(spot, MeepleKind::NORMAL).is_err() {
                        continue;
                    }
                }
                trial.finish_turn(&mut answers);
                let value = evaluate(&trial);
                if best.is_none_or(|(b, ..)| value > b) {
                    best = Some((value, pos, rotation, spot));
                }
            }
        }
        let Some((_, pos, rotation, spot)) = best else {
            return false;
        };
        if self.game.place_tile(tile, pos, rotation, decider).is_err() {
            return false;
        }
        if let Some(spot) = spot {
            let _ = self.game.place_meeple(spot, MeepleKind::NORMAL);
        }
        true
    }
}

/// No meeple, or one spot per distinct free road, city or castle of the tile just placed.
fn free_spots(game: &Game, spots: &mut Vec<Option<Spot>>) {
    spots.clear();
    spots.push(None);
    let state = &game.state;
    let (Some(placed), false) = (state.turn.placed, state.ended) else {
        return;
    };
    if state.players[state.turn.player]
        .supply
        .count(MeepleKind::NORMAL)
        == 0
    {
        return;
    }
    let mut seen: Vec<u32> = Vec::new();
    let candidates = std::iter::once(Spot::Center).chain((0..12).map(|p| Spot::Port(Port(p))));
    for spot in candidates {
        let Some((node, kind)) = state.node_at(placed, spot) else {
            continue;
        };
        let root = state.board.root(node);
        if matches!(
            kind,
            FeatureKind::Road | FeatureKind::City | FeatureKind::Castle
        ) && state.component(node).meeples.is_empty()
            && !seen.contains(&root)
        {
            seen.push(root);
            spots.push(Some(spot));
        }
    }
}

/// How good a position looks to the greedy policy: points on the track; what occupied
/// unfinished roads and cities may still bring (their value per colour, discounted by the
/// open edges left); minus ghosts, weighed by how close the bank is to empty.
fn evaluate(game: &Game) -> i64 {
    let Some(mists) = game.module::<Mists>() else {
        return 0;
    };
    match mists.outcome {
        Some(Outcome::Won) => return 1_000_000,
        Some(Outcome::Lost(_)) => return -1_000_000,
        None => {}
    }
    let state = &game.state;
    let mut roots: Vec<u32> = Vec::new();
    let mut potential = 0i64;
    for meeple in state.meeples.iter().filter(|m| m.on_board) {
        let root = state.board.root(meeple.node);
        if roots.contains(&root) {
            continue;
        }
        roots.push(root);
        let feature = &state.board.components[root as usize];
        let per_colour = match feature.kind {
            Some(FeatureKind::Road) => feature.tiles.len() as i64,
            Some(FeatureKind::City) => 2 * (feature.tiles.len() + feature.pennants as usize) as i64,
            Some(FeatureKind::Castle) => 6,
            _ => 0,
        };
        let colours = state.colours_on(root).len() as i64;
        potential += 25 * per_colour * colours / (2 + i64::from(feature.open));
    }
    let danger = if mists.bank <= 3 { 120 } else { 40 };
    100 * i64::from(mists.track()) + potential - danger * i64::from(mists.ghosts_on_board())
}

/// Answers the rules' questions for a policy.
struct Policied<'a> {
    policy: Policy,
    rng: &'a mut Rng,
}

impl Decider for Policied<'_> {
    fn choose(&mut self, question: &Question) -> usize {
        match self.policy {
            Policy::Random => self.rng.below(question.options.len().max(1)),
            Policy::Greedy => question
                .worth
                .iter()
                .enumerate()
                .max_by_key(|(i, w)| (w.points + 4 * w.ghosts, std::cmp::Reverse(*i)))
                .map(|(i, _)| i)
                .unwrap_or(0),
        }
    }
}

/// Totals over many games.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub level: u8,
    pub players: usize,
    pub policy: Policy,
    pub games: u32,
    pub seed: u64,
    pub wins: u32,
    pub win_rate: f64,
    /// 95 % Wilson score interval of the win rate.
    pub win_rate_low: f64,
    pub win_rate_high: f64,
    pub mean_score: f64,
    pub losses_by_ghosts: u32,
    pub losses_by_tiles: u32,
    pub losses_by_threshold: u32,
    schematic_tiles: bool,
}

impl Summary {
    pub fn new(level: u8, players: usize, policy: Policy, seed: u64) -> Summary {
        Summary {
            level,
            players,
            policy,
            games: 0,
            seed,
            wins: 0,
            win_rate: 0.0,
            win_rate_low: 0.0,
            win_rate_high: 0.0,
            mean_score: 0.0,
            losses_by_ghosts: 0,
            losses_by_tiles: 0,
            losses_by_threshold: 0,
            schematic_tiles: true,
        }
    }

    pub fn add(&mut self, result: &GameResult) {
        let n = f64::from(self.games);
        self.mean_score = (self.mean_score * n + f64::from(result.score)) / (n + 1.0);
        self.games += 1;
        if result.won {
            self.wins += 1;
        }
        match result.loss {
            Some(id) if id == LossCause::NoGhosts.id() => self.losses_by_ghosts += 1,
            Some(id) if id == LossCause::NoTiles.id() => self.losses_by_tiles += 1,
            Some(_) => self.losses_by_threshold += 1,
            None => {}
        }
        let (rate, low, high) = wilson(self.wins, self.games);
        self.win_rate = rate;
        self.win_rate_low = low;
        self.win_rate_high = high;
    }
}

/// The win rate and its 95 % Wilson score interval (sound near 0 and 1, unlike p ± 1.96σ).
fn wilson(wins: u32, games: u32) -> (f64, f64, f64) {
    if games == 0 {
        return (0.0, 0.0, 1.0);
    }
    let n = f64::from(games);
    let p = f64::from(wins) / n;
    let z = 1.959_964_f64;
    let denominator = 1.0 + z * z / n;
    let center = (p + z * z / (2.0 * n)) / denominator;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denominator;
    // Rounding may put a bound a hair past the rate at 0 or 1 wins.
    (
        p,
        (center - half).clamp(0.0, p),
        (center + half).clamp(p, 1.0),
    )
}

/// Game `i` of a run seeded `seed`: each game its own stream, so a seed replays the same run.
pub fn game_rng(seed: u64, game: u32) -> Rng {
    let mut mixer = Rng::new(seed ^ u64::from(game).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    Rng::new(mixer.next_u64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_contains_the_rate_and_narrows_with_games() {
        let (p, low, high) = wilson(5, 10);
        assert!((p - 0.5).abs() < 1e-9 && low < 0.5 && high > 0.5);
        let (_, low2, high2) = wilson(500, 1000);
        assert!(high2 - low2 < high - low);
        assert_eq!(wilson(0, 20).1, 0.0);
        // Known value: 0 of 10 gives an upper bound of about 0.2775.
        assert!((wilson(0, 10).2 - 0.2775).abs() < 1e-3);
    }
}
