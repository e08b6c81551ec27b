//! carcref: an offline Czech rules reference and annotated FAQ for Carcassonne.
//!
//! The module layout follows the data flow: `content` (files → validated model) → `model`
//! → commands in `cli`, and the static site in `site`.

pub mod cli;
pub mod content;
pub mod coverage;
pub mod czech;
pub mod diagnostic;
pub mod draw;
pub mod engine;
pub mod model;
pub mod safe_text;
pub mod scenario;
pub mod search;
pub mod serve;
pub mod site;
