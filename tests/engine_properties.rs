//! Properties of seeded random legal games on the real base-game catalog: no panic, every
//! placed tile matches all neighbours, meeples are never lost or created, a completed feature
//! never reopens.

use std::sync::Arc;

use carcref::content::{load, ContentFiles};
use carcref::engine::{base_game, mirror_code, play_random_observed, Catalog, Game, Rng};
use carcref::model::{Colour, Dir};
use proptest::prelude::*;

const MEEPLES: u32 = 7;

fn started_game(players: usize) -> (Game, Vec<usize>) {
    let corpus = load(&ContentFiles::embedded()).corpus;
    let set = corpus.tile_set("zakladni-hra").expect("base catalog");
    let catalog = Arc::new(Catalog::from_specs(&set.tiles));
    let (start, bag) = catalog.start_and_bag();
    let start = start.expect("start tile");
    let colours = [
        Colour::Red,
        Colour::Blue,
        Colour::Green,
        Colour::Yellow,
        Colour::Black,
    ];
    let mut game = Game::new(
        catalog,
        &colours[..players],
        carcref::model::Supply::of(&[(carcref::model::MeepleKind::NORMAL, MEEPLES)]),
        base_game(),
    );
    game.lay(start, carcref::model::Pos::new(0, 0), 0)
        .expect("start tile goes down");
    (game, bag)
}

fn check_edges(game: &Game) -> Result<(), String> {
    let board = &game.state.board;
    let catalog = &game.state.catalog;
    for placed in &board.placed {
        for side in Dir::ALL {
            if let Some(other) = board.at(placed.pos.step(side)) {
                let mine = catalog.tiles[placed.tile].side_code(side.index(), placed.rotation);
                let theirs =
                    catalog.tiles[other.tile].side_code(side.opposite().index(), other.rotation);
                if mine != mirror_code(theirs) {
                    return Err(format!(
                        "tile at {} does not match its {side:?} neighbour",
                        placed.pos
                    ));
                }
            }
        }
    }
    Ok(())
}

fn run(seed: u64, players: usize) -> Result<(), TestCaseError> {
    let (mut game, bag) = started_game(players);
    let total = players as u32 * MEEPLES;
    let mut completed_nodes: Vec<u32> = Vec::new();
    let mut failure: Option<String> = None;
    let summary = play_random_observed(&mut game, &bag, &mut Rng::new(seed), |game| {
        if failure.is_some() {
            return;
        }
        let state = &game.state;
        let on_board = state.meeples.iter().filter(|m| m.on_board).count() as u32;
        let in_supply: u32 = state
            .players
            .iter()
            .map(|p| p.supply.count(carcref::model::MeepleKind::NORMAL))
            .sum();
        if on_board + in_supply != total {
            failure = Some(format!(
                "meeples: {on_board} on board + {in_supply} in supply != {total}"
            ));
        }
        if let Some(node) = completed_nodes
            .iter()
            .find(|n| !state.component(**n).complete)
        {
            failure = Some(format!("completed feature {node} reopened"));
        }
        for node in 0..state.board.node_count() as u32 {
            if state.component(node).complete && !completed_nodes.contains(&node) {
                completed_nodes.push(node);
            }
        }
    });
    if let Some(message) = failure {
        return Err(TestCaseError::fail(message));
    }
    check_edges(&game).map_err(TestCaseError::fail)?;
    prop_assert_eq!(summary.placed + summary.discarded, 71);
    prop_assert_eq!(game.state.board.placed.len(), summary.placed + 1);
    prop_assert!(game.state.players.iter().all(|p| p.score >= 0));
    // The checks above saw real play: features completed and meeples placed.
    prop_assert!(!completed_nodes.is_empty());
    prop_assert!(!game.state.meeples.is_empty());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_legal_games_keep_the_invariants(seed in any::<u64>(), players in 1usize..=5) {
        run(seed, players)?;
    }
}

#[test]
fn a_seed_always_plays_the_same_game() {
    let scores = |seed| {
        let (mut game, bag) = started_game(3);
        play_random_observed(&mut game, &bag, &mut Rng::new(seed), |_| {});
        game.state
            .players
            .iter()
            .map(|p| p.score)
            .collect::<Vec<_>>()
    };
    assert_eq!(scores(42), scores(42));
    assert_ne!(scores(42), scores(43));
}
