//! The commands behind the `carcref` binary. Each returns what to print and the exit code, so
//! that `main.rs` only parses arguments and prints.

mod commands;
mod render;
mod wrap;

pub use commands::{
    analyze, build, check, coverage, list, print, search, show, simulate, tiles, validate, verify,
    ContentSource, Output, SimulateOptions, EXIT_INPUT,
};
pub use render::Style;
pub use wrap::terminal_width;
