//! Reading the content tree (embedded or on disk) into the validated model.

pub mod files;
pub mod load;
pub mod markdown;
mod not_covered;
pub mod text;

pub use files::{ContentFile, ContentFiles, FileBody, ReadMemo};
pub use load::{load, Loaded};
