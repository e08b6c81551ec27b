//! Scenarios: a described board and moves with the outcome expected. `read` turns a
//! scenario file into the model's `Scenario` with a located message for every problem;
//! `run` plays it on the engine and compares the outcome with the expectations; `verdict`
//! is the outcome as JSON.

pub mod read;
mod run;
mod verdict;

pub use run::*;
pub use verdict::verdict;
