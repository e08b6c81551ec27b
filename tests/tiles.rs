//! Tile catalogs as data: the counts the sources state, and `carcref tiles`.

mod common;

use carcref::content::{load, ContentFiles};
use carcref::model::pieces::Center;
use common::{carcref, code, stderr, stdout};

fn corpus() -> carcref::model::Corpus {
    let loaded = load(&ContentFiles::embedded());
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    loaded.corpus
}

#[test]
fn base_and_inns_catalogs_match_the_reference() {
    let corpus = corpus();
    let base = corpus.tile_set("zakladni-hra").unwrap();
    assert_eq!(base.tiles.iter().map(|t| t.count).sum::<u32>(), 72);
    assert_eq!(base.tiles.len(), 24);
    assert_eq!(base.tiles.iter().filter(|t| t.start).count(), 1);
    let monasteries: u32 = base
        .tiles
        .iter()
        .filter(|t| t.center == Some(Center::Monastery))
        .map(|t| t.count)
        .sum();
    assert_eq!(monasteries, 6);
    let pennants: u32 = base
        .tiles
        .iter()
        .filter(|t| t.cities.iter().any(|c| c.pennant))
        .map(|t| t.count)
        .sum();
    assert_eq!(pennants, 10);
    let inns = corpus.tile_set("hostince-a-katedraly").unwrap();
    assert_eq!(inns.tiles.iter().map(|t| t.count).sum::<u32>(), 18);
    let with_inn: u32 = inns
        .tiles
        .iter()
        .filter(|t| t.roads.iter().any(|r| r.inn))
        .map(|t| t.count)
        .sum();
    let with_cathedral: u32 = inns
        .tiles
        .iter()
        .filter(|t| t.cities.iter().any(|c| c.cathedral))
        .map(|t| t.count)
        .sum();
    assert_eq!((with_inn, with_cathedral), (6, 2));
    assert!(!base.schematic && !inns.schematic);
}

#[test]
fn mists_catalog_matches_every_stated_count_and_says_it_is_schematic() {
    let corpus = corpus();
    let mists = corpus.tile_set("duchove").unwrap();
    assert!(mists.schematic);
    let ordinary: Vec<_> = mists
        .tiles
        .iter()
        .filter(|t| t.start_part.is_none())
        .collect();
    let count = |f: &dyn Fn(&carcref::model::tiles::TileSpec) -> bool| -> u32 {
        ordinary.iter().filter(|t| f(t)).map(|t| t.count).sum()
    };
    assert_eq!(count(&|_| true), 60);
    assert_eq!(count(&|t| t.center == Some(Center::Castle)), 5);
    assert_eq!(count(&|t| t.center == Some(Center::Graveyard)), 5);
    assert_eq!(count(&|t| !t.fog.is_empty()), 43);
    let ghosts: u32 = ordinary.iter().map(|t| t.ghosts() * t.count).sum();
    assert_eq!(ghosts, 76, "ghost symbols by document 000's list");
    let start: Vec<_> = mists
        .tiles
        .iter()
        .filter(|t| t.start_part.is_some())
        .collect();
    assert_eq!(start.len(), 4);
    assert_eq!(start.iter().map(|t| t.ghosts()).sum::<u32>(), 3);
    // Where the two source lists disagree, the entry says so.
    let disputed = mists
        .tiles
        .iter()
        .filter(|t| t.note.as_deref().is_some_and(|n| n.contains("003")))
        .count();
    assert!(disputed >= 4, "{disputed}");
}

#[test]
fn tiles_lists_and_draws() {
    let output = carcref(&["tiles", "--set", "duchove"], None);
    assert_eq!(code(&output), 0);
    assert!(stdout(&output).contains("schematické"));
    assert_eq!(code(&carcref(&["tiles", "--set", "monopoly"], None)), 2);
    let dir = tempfile::tempdir().unwrap();
    let drawn = carcref(
        &[
            "tiles",
            "--set",
            "zakladni-hra",
            "--svg",
            &dir.path().to_string_lossy(),
        ],
        None,
    );
    assert_eq!(code(&drawn), 0, "{}", stderr(&drawn));
    let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(files.len(), 24);
    let monastery = std::fs::read_to_string(dir.path().join("zh-klaster.svg")).unwrap();
    // Named for people by its title, never by its internal id.
    assert!(monastery.starts_with("<svg") && monastery.contains("<title>klášter</title>"));
    assert!(!monastery.contains("zh-klaster"));
}
