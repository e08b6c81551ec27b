//! Reading model values from scenario and catalog YAML: the fields of scenarios every rules
//! module reads (`values`) and the tile catalogs (`tiles`).

mod tiles;
mod values;

pub use tiles::load_tile_set;
pub use values::{
    colour, count, inline_tile, list, per_player, player_entries, position, tile_ref, MAX_COUNT,
    MAX_SCORE,
};
