//! The model every other layer shares: the validated corpus (games, rule sections, rulings,
//! the glossary), the board's geometry, the pieces, tile catalogs, scenarios, and the readers
//! of model values in scenario YAML.

mod corpus;
mod geometry;
mod pieces;
mod read;
mod scenario;
mod tiles;

pub use corpus::{
    format_levels, levels_cs, part_reference, Citation, Concept, Corpus, CoverageNote,
    CoverageStatus, Game, GameKind, GlossaryEntry, NotCovered, NotCoveredKind, Origin, Provenance,
    RuleKeyRef, RuleSection, Ruling, RulingFilter, SynonymRing, MAX_LEVEL,
};
pub use geometry::{Dir, Port, Pos, Terrain, BOARD_RADIUS};
pub use pieces::{
    count_cs, tiles_and_pennants_cs, tiles_cs, Center, Colour, FeatureKind, FigureKind, FigureName,
    FigureShape, MeepleKind, Spot, Supply,
};
pub use read::{
    colour, count, inline_tile, list, load_tile_set, per_player, player_entries, position,
    tile_ref, MAX_COUNT, MAX_SCORE,
};
pub use scenario::{
    BoardTile, Entry, Expectations, MeepleAt, MeepleSpec, ModuleData, Scenario, Start, Step,
    TileRef,
};
pub use tiles::{FieldSpec, FogSpec, StartPart, TileSet, TileSpec, FACE_DOWN_ID};
