//! Reading the content tree (embedded or on disk) into the validated model.

pub mod files;
pub mod load;
pub mod markdown;
pub mod scenario;
pub mod text;
pub mod tiles;
pub mod yaml;

pub use files::{ContentFile, ContentFiles, FileBody, ReadMemo};
pub use load::{load, Loaded};
