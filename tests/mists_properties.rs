//! Properties of seeded random (and some greedy) cooperative Mists games of every level and
//! player count: ghosts are conserved (board + bank = the level's bank), meeples are
//! conserved (board + supply + buried), the team's track never goes back, and a win or a
//! loss ends the game at once.

use std::sync::Arc;

use carcref::content::{load, ContentFiles};
use carcref::engine::{
    colours_and_meeples, game_rng, Game, Level, Mists, MistsTiles, Policy, Table,
};
use proptest::prelude::*;

fn tiles() -> Arc<MistsTiles> {
    let corpus = load(&ContentFiles::embedded()).corpus;
    let set = corpus.tile_set("duchove").expect("Mists catalog");
    Arc::new(MistsTiles::new(&set.tiles).expect("start quarters"))
}

/// Checks every invariant after each turn; returns the first broken one.
fn play_checked(
    table: &mut Table,
    persons: usize,
    policy: Policy,
    seed: u64,
) -> Result<(), String> {
    let level = table.level;
    let (_, meeples) = colours_and_meeples(persons);
    let mut problems: Vec<String> = Vec::new();
    let mut last_counters: Vec<i32> = Vec::new();
    let mut ended_seen = false;
    let mut rng = game_rng(seed, 0);
    let mut turns_seen = 0;
    let result = table.play(policy, &mut rng, |game: &Game| {
        turns_seen += 1;
        let Some(mists) = game.module::<Mists>() else {
            problems.push("no Mists module".into());
            return;
        };
        if ended_seen {
            problems.push(format!("turn {turns_seen} played after the game ended"));
        }
        let ghosts = mists.ghosts_on_board() + mists.bank;
        if ghosts != level.bank {
            problems.push(format!(
                "turn {turns_seen}: ghosts on board {} + bank {} != {}",
                mists.ghosts_on_board(),
                mists.bank,
                level.bank
            ));
        }
        let state = &game.state;
        for (player, p) in state.players.iter().enumerate() {
            let on_board = state
                .meeples
                .iter()
                .filter(|m| m.on_board && m.player == player)
                .count() as u32;
            let total = on_board
                + p.supply.count(carcref::model::MeepleKind::NORMAL)
                + mists.buried[player];
            if total != meeples {
                problems.push(format!(
                    "turn {turns_seen}: colour {player} has {total} meeples, not {meeples}"
                ));
            }
        }
        let counters: Vec<i32> = mists.counters.iter().map(|c| c.points).collect();
        if counters.len() == last_counters.len()
            && counters
                .iter()
                .zip(&last_counters)
                .any(|(now, before)| now < before)
        {
            problems.push(format!(
                "turn {turns_seen}: track went back from {last_counters:?} to {counters:?}"
            ));
        }
        last_counters = counters;
        if mists.outcome.is_some() {
            if !state.ended {
                problems.push(format!("turn {turns_seen}: outcome set but game not ended"));
            }
            ended_seen = true;
        }
        if mists.track() >= level.goal && mists.outcome.is_none() {
            problems.push(format!("turn {turns_seen}: goal reached but no win"));
        }
    });
    if result.won && result.loss.is_some() {
        problems.push("won and lost".into());
    }
    if !result.won && result.loss.is_none() {
        problems.push("the game stopped without a win or a loss".into());
    }
    match problems.first() {
        None => Ok(()),
        Some(p) => Err(format!(
            "level {} persons {persons} seed {seed}: {p}",
            level.number
        )),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_of_every_level_keep_the_invariants(
        level in 1u8..=6,
        persons in 1usize..=6,
        seed in any::<u64>(),
    ) {
        let tiles = tiles();
        let level = Level::get(level).expect("level 1..=6");
        let mut table = Table::new(tiles, level, persons);
        for game in 0..4 {
            let result = play_checked(&mut table, persons, Policy::Random, seed.wrapping_add(game));
            prop_assert!(result.is_ok(), "{}", result.unwrap_err());
        }
    }
}

#[test]
fn greedy_games_keep_the_invariants_too() {
    let tiles = tiles();
    for level in [1, 3, 5, 6] {
        let level = Level::get(level).expect("level");
        let mut table = Table::new(tiles.clone(), level, 3);
        if let Err(problem) = play_checked(&mut table, 3, Policy::Greedy, 7) {
            panic!("{problem}");
        }
    }
}

#[test]
fn a_seed_replays_the_same_game() {
    let tiles = tiles();
    let level = Level::get(6).expect("level 6");
    let mut first = Table::new(tiles.clone(), level, 2);
    let mut second = Table::new(tiles, level, 2);
    for seed in 0..20 {
        let a = first.play(Policy::Random, &mut game_rng(seed, 1), |_| {});
        let b = second.play(Policy::Random, &mut game_rng(seed, 1), |_| {});
        assert_eq!(a, b, "seed {seed}");
    }
}

#[test]
fn games_end_in_every_way_the_rules_allow() {
    // Random play loses to ghosts and to missed thresholds; greedy play wins some games of
    // level 1 and loses others when the tiles run out. If one of these never happened, a
    // rule would be dead (e.g. no game could ever be won).
    let tiles = tiles();
    let mut causes = std::collections::BTreeMap::new();
    for level in [3, 6] {
        let mut table = Table::new(tiles.clone(), Level::get(level).expect("level"), 4);
        for seed in 0..100 {
            let r = table.play(Policy::Random, &mut game_rng(seed, 2), |_| {});
            if let Some(cause) = r.loss {
                *causes.entry(cause).or_insert(0) += 1;
            }
        }
    }
    let mut table = Table::new(tiles, Level::get(1).expect("level 1"), 3);
    let mut won = false;
    for game in 0..40 {
        let r = table.play(Policy::Greedy, &mut game_rng(1, game), |_| {});
        won |= r.won;
        if let Some(cause) = r.loss {
            *causes.entry(cause).or_insert(0) += 1;
        }
        if won && causes.contains_key("karticky") {
            break;
        }
    }
    assert!(won, "no greedy game of level 1 was won: {causes:?}");
    for cause in ["duchove", "karticky", "prah"] {
        assert!(causes.contains_key(cause), "no loss by {cause}: {causes:?}");
    }
}
