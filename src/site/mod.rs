//! `carcref build`: the static site. Every page is rendered in memory first (`render`), the
//! scenarios are played on the way (a failing one stops the build unless allowed), and only
//! then is the output written, into a temporary folder beside the target that takes the old
//! output's place in one step (`write_atomic`, in `output`). Output is deterministic: no
//! timestamps, and every listing follows the corpus order or a sorted map.

mod build;
mod common;
mod engine;
mod frontend;
mod markdown;
mod offline;
mod output;
mod pages;
mod scenarios;
mod search;
mod situace;

pub use build::{build, render, render_reusing, PlayCache};
pub use common::{BuildError, BuildOptions, Site, Summary};
pub use frontend::{Frontend, FOLDERS};
pub use markdown::to_html;
pub use offline::WORKER;
pub use output::{refuse_content_inside, write_inside, WriteError};
pub use search::tables_script;
