//! Seeded random games: for property tests and the engine benchmark.

use super::game::{Game, MeepleKind, Spot};
use super::rules::{Decider, Question};
use crate::model::geometry::Port;

/// SplitMix64: a few lines, and a seed always gives the same game. (A crate's generator may
/// change its output between versions, which would change recorded seeds' games.)
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in 0..n (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

impl Decider for Rng {
    fn choose(&mut self, question: &Question) -> usize {
        self.below(question.options.len().max(1))
    }
}

/// What a random game did.
#[derive(Debug, Clone, Default)]
pub struct RandomGame {
    pub placed: usize,
    pub discarded: usize,
}

/// Plays the tiles of `bag` in a random legal way: a random legal spot for each tile (a
/// tile that fits nowhere is discarded), a meeple on a random spot half of the time.
pub fn play(game: &mut Game, bag: &[usize], rng: &mut Rng) -> RandomGame {
    play_observed(game, bag, rng, |_| {})
}

/// `play`, calling `after_turn` after every turn (property tests check invariants there).
pub fn play_observed(
    game: &mut Game,
    bag: &[usize],
    rng: &mut Rng,
    mut after_turn: impl FnMut(&Game),
) -> RandomGame {
    let mut summary = RandomGame::default();
    let mut order = bag.to_vec();
    rng.shuffle(&mut order);
    let mut moves = Vec::new();
    let mut counts = Vec::new();
    for tile in order {
        // Draw one edge fit without listing them all; only if a module vetoes it are all fits
        // listed, and others drawn until one is allowed.
        let drawn = game
            .state
            .board
            .draw_fit(&game.state.catalog, tile, &mut counts, |n| rng.below(n));
        let mut placed = match drawn {
            Some((pos, rotation)) => game.place_tile(tile, pos, rotation, rng).is_ok(),
            None => false,
        };
        if !placed && drawn.is_some() {
            game.edge_fits_into(tile, &mut moves);
            while !placed && !moves.is_empty() {
                let (pos, rotation) = moves.swap_remove(rng.below(moves.len()));
                placed = game.place_tile(tile, pos, rotation, rng).is_ok();
            }
        }
        if !placed {
            summary.discarded += 1;
            continue;
        }
        summary.placed += 1;
        if rng.below(2) == 0 {
            let spot = match rng.below(13) {
                12 => Spot::Center,
                port => Spot::Port(Port(port as u8)),
            };
            // A refused meeple is a legal outcome too: the player just keeps it.
            let _ = game.place_meeple(spot, MeepleKind::Normal);
        }
        game.finish_turn(rng);
        after_turn(game);
    }
    game.end_game();
    summary
}
