//! Whole games without a scenario: cooperative Mists games played by a policy (`table`, for
//! `carcref simulate`), and seeded random games of any rules (`random`, for property tests
//! and the benchmark).

mod random;
mod table;

pub use random::{play_random, play_random_observed};
pub use table::{game_rng, MistsTiles, Policy, Summary, Table};
