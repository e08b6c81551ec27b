//! Reading the content tree (embedded or on disk) into the validated model.

mod files;
mod load;
mod markdown;
mod not_covered;
mod text;

pub use files::{read_inside, ContentFile, ContentFiles, FileBody, ReadMemo};
pub use load::{load, load_scenario_file, Loaded};
pub use markdown::{options, parse_target, to_plain_text, to_plain_text_naming, LinkTarget};
pub use text::decode;
