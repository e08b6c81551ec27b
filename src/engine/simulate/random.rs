//! Seeded random games: for property tests and the engine benchmark.

use crate::engine::core::{Game, Rng};
use crate::model::{MeepleKind, Port, Spot};

/// What a random game did.
#[derive(Debug, Clone, Default)]
pub struct RandomGame {
    pub placed: usize,
    pub discarded: usize,
}

/// Plays the tiles of `bag` in a random legal way: a random legal spot for each tile (a
/// tile that fits nowhere is discarded), a meeple on a random spot half of the time.
pub fn play_random(game: &mut Game, bag: &[usize], rng: &mut Rng) -> RandomGame {
    play_random_observed(game, bag, rng, |_| {})
}

/// `play_random`, calling `after_turn` after every turn (property tests check invariants there).
pub fn play_random_observed(
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
            let _ = game.place_meeple(spot, MeepleKind::NORMAL);
        }
        game.finish_turn(rng);
        after_turn(game);
    }
    game.end_game();
    summary
}
