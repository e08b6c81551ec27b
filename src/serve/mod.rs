//! `carcref serve`: the site from memory on a loopback port, rebuilt when the content folder
//! changes, with `POST /api/check` for the situation builder. Nothing is read from disk to
//! answer a request: the site is the map `site::render` makes, swapped whole after each
//! successful rebuild; while the content has errors the last good site stays and its pages
//! are replaced by a page listing the errors.

mod checks;
mod http;
mod live;
mod routes;
mod server;

pub use server::{Options, Server, StartError};
