//! Tile catalogs as data: the counts the sources state, and `carcref tiles`.

use crate::common;

use carcref::content::{load, ContentFiles};
use carcref::model::Center;
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
        .filter(|t| t.roads.iter().any(|r| r.markers == ["inn"]))
        .map(|t| t.count)
        .sum();
    let with_cathedral: u32 = inns
        .tiles
        .iter()
        .filter(|t| t.cities.iter().any(|c| c.markers == ["cathedral"]))
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
    let count = |f: &dyn Fn(&carcref::model::TileSpec) -> bool| -> u32 {
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

/// A tile as it looks turned by `quarters`: its sides, roads, cities, fields and mist, each
/// as sorted lists, so that two specs of the same picture give the same text.
fn picture(tile: &carcref::model::TileSpec, quarters: u8) -> String {
    let dirs = |sides: &[carcref::model::Dir]| {
        let mut turned: Vec<usize> = sides.iter().map(|d| d.rotated(quarters).index()).collect();
        turned.sort();
        turned
    };
    let ports = |ports: &[carcref::model::Port]| {
        let mut turned: Vec<u8> = ports.iter().map(|p| p.rotated(quarters).0).collect();
        turned.sort();
        turned
    };
    let edges: Vec<String> = (0..4)
        .map(|i| format!("{:?}", tile.edges[(i + 4 - usize::from(quarters)) % 4]))
        .collect();
    let mut roads: Vec<_> = tile
        .roads
        .iter()
        .map(|r| (dirs(&r.sides), r.markers.iter().any(|m| m == "inn")))
        .collect();
    let mut cities: Vec<_> = tile
        .cities
        .iter()
        .map(|c| {
            let cathedral = c.markers.iter().any(|m| m == "cathedral");
            (dirs(&c.sides), c.pennant, cathedral)
        })
        .collect();
    let mut fields: Vec<_> = tile.fields.iter().map(|f| ports(&f.ports)).collect();
    let mut fog: Vec<_> = tile
        .fog
        .iter()
        .map(|f| (ports(&f.ports), f.ghosts))
        .collect();
    roads.sort();
    cities.sort();
    fields.sort();
    fog.sort();
    format!(
        "{edges:?} {roads:?} {cities:?} {fields:?} {fog:?} {:?}",
        tile.center
    )
}

#[test]
fn tiles_that_share_a_name_are_one_picture_turned() {
    let corpus = corpus();
    for set in &corpus.tile_sets {
        let mut by_name: std::collections::BTreeMap<&str, Vec<&carcref::model::TileSpec>> =
            std::collections::BTreeMap::new();
        for tile in &set.tiles {
            by_name.entry(tile.display_name()).or_default().push(tile);
        }
        for (name, tiles) in by_name {
            let first = (0..4).map(|q| picture(tiles[0], q)).collect::<Vec<_>>();
            for other in &tiles[1..] {
                assert!(
                    first.contains(&picture(other, 0)),
                    "{} and {} differ but are both called „{name}“",
                    tiles[0].id,
                    other.id
                );
            }
        }
    }
}

/// `carcref tiles` names each tile and says in Czech what every side holds, fog and its ghost
/// symbols included (issue 25): no letter codes and no English kinds.
#[test]
fn tiles_say_every_side_and_the_fog_in_czech() {
    let output = carcref(&["tiles", "--set", "duchove"], None);
    assert_eq!(code(&output), 0);
    let text = stdout(&output);
    assert!(
        text.contains(
            "du-05-zatacka-mlha — 1× zatáčka s mlhou (2 symboly duchů)\n      na severu louka, \
na východě cesta, na jihu cesta, na západě louka; cesta spojuje východ a jih; mlha na severu \
a na západě (2 symboly duchů)."
        ),
        "{text}"
    );
    for foreign in ["castle", "graveyard", "monastery", "FFRF"] {
        assert!(!text.contains(foreign), "{foreign}: {text}");
    }
}
