//! Engine benchmark (`cargo bench --bench engine`): random full base games (72 tiles,
//! random legal moves, seeded) on one core, and the time to verify every scenario.

use std::sync::Arc;
use std::time::{Duration, Instant};

use carcref::content::{load, ContentFiles};
use carcref::engine::{
    base_game, game_rng, play_random, Catalog, Game, Level, MistsTiles, Policy, Rng, Table,
};
use carcref::model::{Colour, Pos};

// Seven meeples a player, as in the base game.
fn supply() -> carcref::model::Supply {
    carcref::model::Supply::of(&[(carcref::model::MeepleKind::NORMAL, 7)])
}

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn main() {
    let corpus = load(&ContentFiles::embedded()).corpus;
    let set = corpus.tile_set("zakladni-hra").expect("base catalog");
    let catalog = Arc::new(Catalog::from_specs(&set.tiles));
    let (start, bag) = catalog.start_and_bag();
    let start = start.expect("start tile");
    let colours = [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow];
    let mut game = Game::new(catalog, &colours, supply(), base_game());
    game.state.tracing = false;
    let mut rng = Rng::new(2026);
    let mut rates = Vec::new();
    let mut tiles = 0usize;
    let mut total_score = 0i64;
    for _round in 0..7 {
        let games = 2000;
        let begin = Instant::now();
        for _ in 0..games {
            game.reset(&supply());
            game.lay(start, Pos::new(0, 0), 0).expect("start tile");
            tiles += play_random(&mut game, &bag, &mut rng).placed;
            total_score += game
                .state
                .players
                .iter()
                .map(|p| i64::from(p.score))
                .sum::<i64>();
        }
        let elapsed: Duration = begin.elapsed();
        rates.push(games as f64 / elapsed.as_secs_f64());
    }
    println!("## Random full base games (72 tiles, 4 players, seeded), one thread\n");
    println!("| measure | median of 7 rounds × 2000 games |");
    println!("|---|---|");
    println!("| games per second | {:.0} |", median(rates));
    println!(
        "| tiles placed per game (mean) | {:.1} |",
        tiles as f64 / 14000.0
    );
    println!(
        "| points per game, all players (mean) | {:.1} |",
        total_score as f64 / 14000.0
    );

    mists_games(&corpus);

    // Every shipped scenario, as `carcref verify` runs them (in process, content loaded).
    let runs: Vec<f64> = (0..10)
        .map(|_| {
            let begin = Instant::now();
            for scenario in &corpus.scenarios {
                let report = carcref::scenario::run(scenario, &corpus).expect("scenario runs");
                assert!(report.passed(), "{}", scenario.path);
            }
            begin.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    println!("\n## All {} scenarios verified\n", corpus.scenarios.len());
    println!("| measure | median of 10 runs |");
    println!("|---|---|");
    println!(
        "| verify every scenario (in process) | {:.2} ms |",
        median(runs)
    );
    let binary = env!("CARGO_BIN_EXE_carcref");
    let whole: Vec<f64> = (0..10)
        .map(|_| {
            let begin = Instant::now();
            let output = std::process::Command::new(binary)
                .arg("verify")
                .output()
                .expect("carcref runs");
            assert!(output.status.success());
            begin.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    println!(
        "| `carcref verify` (whole process) | {:.2} ms |",
        median(whole)
    );
}

/// Whole cooperative games of level 6 (the heaviest rules: cursed graveyards, face-down
/// tiles, three counters) with the random policy, and greedy games for scale.
fn mists_games(corpus: &carcref::model::Corpus) {
    let set = corpus.tile_set("duchove").expect("Mists catalog");
    let tiles = Arc::new(MistsTiles::new(&set.tiles).expect("start quarters"));
    let level = Level::get(6).expect("level 6");
    let mut table = Table::new(tiles.clone(), level, 3);
    let mut rates = Vec::new();
    let mut turns = 0u64;
    let mut played = 0u64;
    for round in 0..7 {
        let games = 20_000;
        let begin = Instant::now();
        for game in 0..games {
            let result = table.play(Policy::Random, &mut game_rng(round, game), |_| {});
            turns += u64::from(result.turns);
            played += 1;
        }
        rates.push(f64::from(games) / begin.elapsed().as_secs_f64());
    }
    println!("\n## Cooperative Mists games, level 6, 3 players, one thread\n");
    println!("| measure | median |");
    println!("|---|---|");
    println!(
        "| random-policy games per second (7 rounds × 20,000 games) | {:.0} |",
        median(rates)
    );
    println!(
        "| turns per random game (mean) | {:.1} |",
        turns as f64 / played as f64
    );
    let mut greedy = Table::new(tiles, Level::get(1).expect("level 1"), 3);
    let times: Vec<f64> = (0..5)
        .map(|round| {
            let begin = Instant::now();
            for game in 0..10 {
                greedy.play(Policy::Greedy, &mut game_rng(round, game), |_| {});
            }
            begin.elapsed().as_secs_f64() * 100.0
        })
        .collect();
    println!(
        "| greedy game of level 1 (5 rounds × 10 games) | {:.1} ms |",
        median(times)
    );
}
