//! Scenarios: a described board and moves with the outcome expected. `read` turns a
//! scenario file into the model's `Scenario` with a located message for every problem;
//! `run` plays it on the engine and compares the outcome with the expectations; `verdict`
//! is the outcome as JSON.

mod read;
mod run;
mod verdict;

pub use read::{canonical_choice, load_scenario, load_scenario_with};
pub use run::{run, run_cancellable, run_with, ExpectationResult, Report, CANCELLED};
pub use verdict::verdict;
