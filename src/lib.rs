//! carcref: an offline Czech rules reference and annotated FAQ for Carcassonne.
//!
//! Layers, each importing only those before it (`tests/layers.rs` checks every import;
//! `docs/architecture.md` draws them): base (`diagnostic`, `czech`, `safe_text`, `yaml`) →
//! `model` → `engine::core` → rules modules (`engine::modules`, `engine::rule_keys`,
//! `engine::simulate`) → `scenario` → `content` and `coverage` → `search`, `site`, `draw`,
//! `browser` (the engine as pages run it, compiled to WebAssembly) → `cli`, `serve`.

pub mod browser;
#[cfg(feature = "full")]
pub mod cli;
#[cfg(feature = "full")]
pub mod content;
#[cfg(feature = "full")]
pub mod coverage;
pub mod czech;
pub mod diagnostic;
pub mod draw;
pub mod engine;
pub mod model;
pub mod safe_text;
pub mod scenario;
#[cfg(feature = "full")]
pub mod search;
#[cfg(feature = "full")]
pub mod serve;
#[cfg(feature = "full")]
pub mod site;
pub mod yaml;
