//! Base-game scoring and the core's rules, played directly on the engine: majorities and ties,
//! the big meeple, final scoring of unfinished features and fields, fog, and the module seam.

use carcref::model::{
    Colour, FeatureKind, FieldSpec, FogSpec, MeepleKind, Port, Pos, Spot, Supply, Terrain, TileSpec,
};
use std::sync::{Arc, Mutex};

use carcref::content::{load, ContentFiles};
use carcref::engine::{
    base_game, Catalog, Decider, Game, MeeplePlacement, Question, Refusal, RuleModule, State,
    Surround, TilePlacement, BIG_MEEPLE,
};

struct FirstOption;

impl Decider for FirstOption {
    fn choose(&mut self, _question: &Question) -> usize {
        0
    }
}

fn base_catalog() -> Arc<Catalog> {
    let corpus = load(&ContentFiles::embedded()).corpus;
    Arc::new(Catalog::from_specs(
        &corpus.tile_set("zakladni-hra").unwrap().tiles,
    ))
}

fn tile(catalog: &Catalog, id: &str) -> usize {
    catalog.index_of(id).unwrap_or_else(|| panic!("{id}"))
}

fn port(name: &str) -> Spot {
    Spot::Port(Port::parse(name).unwrap())
}

const COLOURS: [Colour; 4] = [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow];

/// Two road ends, each with a meeple, joined by a straight road placed in a turn.
fn joined_road(blue_kind: MeepleKind) -> Game {
    let catalog = base_catalog();
    let junction = tile(&catalog, "zh-krizovatka-tri");
    let straight = tile(&catalog, "zh-cesta-rovna");
    let start = tile(&catalog, "zh-mesto-cesta");
    let mut game = Game::new(
        catalog,
        &COLOURS[..2],
        Supply::of(&[(MeepleKind::NORMAL, 7), (BIG_MEEPLE, 1)]),
        base_game(),
    );
    game.lay(start, Pos::new(0, 0), 0).unwrap();
    let east = game.lay(junction, Pos::new(1, 0), 0).unwrap();
    game.lay_meeple(
        east,
        Spot::Port(Port::parse("WM").unwrap()),
        0,
        MeepleKind::NORMAL,
    )
    .unwrap();
    let west = game.lay(junction, Pos::new(-2, 0), 0).unwrap();
    game.lay_meeple(west, port("EM"), 1, blue_kind).unwrap();
    game.place_tile(straight, Pos::new(-1, 0), 0, &mut FirstOption)
        .unwrap();
    game.finish_turn(&mut FirstOption);
    game
}

#[test]
fn a_tie_gives_every_tied_player_the_full_points() {
    let game = joined_road(MeepleKind::NORMAL);
    let scores: Vec<i32> = game.state.players.iter().map(|p| p.score).collect();
    assert_eq!(scores, [4, 4], "a road over 4 tiles, one meeple each");
    assert_eq!(game.state.returned, [1, 1]);
    assert!(game.state.trace.iter().any(|e| e.rule == "zh.vetsina"));
}

#[test]
fn the_big_meeple_counts_as_two_but_scores_once() {
    let game = joined_road(BIG_MEEPLE);
    let scores: Vec<i32> = game.state.players.iter().map(|p| p.score).collect();
    assert_eq!(scores, [0, 4]);
    assert_eq!(
        game.state.players[1].supply,
        Supply::of(&[(MeepleKind::NORMAL, 7), (BIG_MEEPLE, 1)]),
        "the big meeple went back to supply"
    );
}

#[test]
fn final_scoring_of_unfinished_features_and_fields() {
    let catalog = base_catalog();
    let start = tile(&catalog, "zh-mesto-cesta");
    let cap = tile(&catalog, "zh-mesto-jedna-strana");
    let monastery = tile(&catalog, "zh-klaster");
    let mut game = Game::new(
        catalog,
        &COLOURS,
        Supply::of(&[(MeepleKind::NORMAL, 7)]),
        base_game(),
    );
    let s = game.lay(start, Pos::new(0, 0), 0).unwrap();
    game.lay_meeple(s, port("EM"), 0, MeepleKind::NORMAL)
        .unwrap(); // red: the road
    game.lay_meeple(s, port("NM"), 1, MeepleKind::NORMAL)
        .unwrap(); // blue: the city
    game.lay_meeple(s, port("EL"), 2, MeepleKind::NORMAL)
        .unwrap(); // green: field by the city
    let m = game.lay(monastery, Pos::new(1, 1), 0).unwrap();
    game.lay_meeple(m, Spot::Center, 3, MeepleKind::NORMAL)
        .unwrap(); // yellow: the monastery
                   // The city closes during play: blue scores 2 tiles × 2 at once.
    game.place_tile(cap, Pos::new(0, -1), 2, &mut FirstOption)
        .unwrap();
    game.finish_turn(&mut FirstOption);
    assert_eq!(game.state.players[1].score, 4);
    game.end_game();
    let scores: Vec<i32> = game.state.players.iter().map(|p| p.score).collect();
    // Road of 1 tile: 1. Field beside 1 completed city: 3. Monastery with 1 neighbour: 2.
    assert_eq!(scores, [1, 4, 3, 2]);
    for rule in ["zh.konec.cesta", "zh.konec.louka", "zh.konec.klaster"] {
        assert!(game.state.trace.iter().any(|e| e.rule == rule), "{rule}");
    }
    game.end_game();
    assert_eq!(
        game.state
            .players
            .iter()
            .map(|p| p.score)
            .collect::<Vec<_>>(),
        scores,
        "final scoring happens once"
    );
}

fn field_tile(fog_sides: &[&str]) -> TileSpec {
    let all: Vec<Port> = Port::all().collect();
    TileSpec {
        id: format!("test-mlha-{}", fog_sides.join("")),
        name: None,
        count: 1,
        start: false,
        start_part: None,
        edges: [Terrain::Field; 4],
        cities: vec![],
        roads: vec![],
        fields: vec![FieldSpec {
            ports: all,
            borders: vec![],
        }],
        center: None,
        fog: fog_sides
            .iter()
            .map(|side| FogSpec {
                ports: ["L", "M", "R"]
                    .iter()
                    .map(|p| Port::parse(&format!("{side}{p}")).unwrap())
                    .collect(),
                ghosts: 1,
            })
            .collect(),
        note: None,
    }
}

#[test]
fn fog_closes_like_a_city_and_touching_plain_field_makes_it_unclosable() {
    let specs = [field_tile(&["S"]), field_tile(&["N"]), field_tile(&[])];
    let catalog = Arc::new(Catalog::from_specs(&specs));
    let mut game = Game::new(
        catalog,
        &COLOURS[..1],
        Supply::of(&[(MeepleKind::NORMAL, 7)]),
        base_game(),
    );
    game.lay(0, Pos::new(0, 0), 0).unwrap();
    // Fog facing fog: the two halves close each other.
    game.place_tile(1, Pos::new(0, 1), 0, &mut FirstOption)
        .unwrap();
    assert!(game
        .state
        .trace
        .iter()
        .any(|e| e.rule == "du.mlha.uzavrena"));
    // Fog facing a plain field can never close.
    game.place_tile(0, Pos::new(1, 1), 0, &mut FirstOption)
        .unwrap();
    game.finish_turn(&mut FirstOption);
    game.place_tile(2, Pos::new(1, 2), 0, &mut FirstOption)
        .unwrap();
    assert!(game
        .state
        .trace
        .iter()
        .any(|e| e.rule == "du.mlha.nelze-uzavrit"));
    // A meeple may not stand on a fogged field.
    game.finish_turn(&mut FirstOption);
    game.place_tile(1, Pos::new(-1, 1), 0, &mut FirstOption)
        .unwrap();
    let refused = game
        .place_meeple(port("NM"), MeepleKind::NORMAL)
        .unwrap_err();
    assert_eq!(refused.rule, "du.mlha.louka");
}

/// A module that uses every hook, to show the seam: the core calls each at its moment.
#[derive(Default)]
struct Recorder {
    calls: Mutex<Vec<String>>,
}

impl Recorder {
    fn log(&self, text: impl Into<String>) {
        self.calls.lock().unwrap().push(text.into());
    }
}

#[derive(Clone)]
struct RecorderModule(Arc<Recorder>);

impl RuleModule for RecorderModule {
    fn id(&self) -> &'static str {
        "recorder"
    }
    fn surround(&self, kind: FeatureKind) -> Option<Surround> {
        // A toy rule: three orthogonal neighbours complete a monastery.
        (kind == FeatureKind::Monastery).then_some(Surround {
            needed: 3,
            face_down_counts: false,
        })
    }
    fn veto_tile(&self, _state: &State, placement: &TilePlacement) -> Option<Refusal> {
        (placement.pos == Pos::new(0, -1))
            .then(|| Refusal::new("zh.prilozeni", "recorder forbids [0, -1]"))
    }
    fn veto_meeple(&self, _state: &State, placement: &MeeplePlacement) -> Option<Refusal> {
        (placement.feature == FeatureKind::Field)
            .then(|| Refusal::new("zh.druzinik.zadne-uzemi", "no farmers here"))
    }
    fn tile_placed(&mut self, _state: &mut State, placed: usize, _decider: &mut dyn Decider) {
        self.0.log(format!("tile {placed}"));
    }
    fn meeple_placed(&mut self, _state: &mut State, meeple: usize) {
        self.0.log(format!("meeple {meeple}"));
    }
    fn feature_completed(&mut self, _state: &mut State, _node: u32, decider: &mut dyn Decider) {
        let question = Question::new("test.volba", vec!["body".into(), "duchove".into()]);
        self.0.log(format!(
            "asked: {}",
            question.options[decider.choose(&question)]
        ));
    }
    fn end_of_turn(&mut self, _state: &mut State, _decider: &mut dyn Decider) {
        self.0.log("end of turn");
    }
    fn end_of_game(&mut self, state: &mut State) {
        state.award(&[0], 100);
        self.0.log("end of game");
    }
}

#[test]
fn modules_plug_into_every_hook_without_touching_the_core() {
    let catalog = base_catalog();
    let monastery = tile(&catalog, "zh-klaster");
    let recorder = Arc::new(Recorder::default());
    let mut game = Game::new(
        catalog,
        &COLOURS[..1],
        Supply::of(&[(MeepleKind::NORMAL, 7)]),
        base_game()
            .into_iter()
            .chain([Box::new(RecorderModule(recorder.clone())) as Box<dyn RuleModule>])
            .collect(),
    );
    game.lay(monastery, Pos::new(0, 0), 0).unwrap();
    assert_eq!(
        game.placement_refusal(monastery, Pos::new(0, -1), 0)
            .unwrap()
            .message,
        "recorder forbids [0, -1]"
    );
    assert!(!game
        .legal_placements(monastery)
        .contains(&(Pos::new(0, -1), 0)));
    // The third orthogonal neighbour completes the monastery at [0, 0] (the module says 3).
    for pos in [Pos::new(1, 0), Pos::new(-1, 0), Pos::new(0, 1)] {
        game.place_tile(monastery, pos, 0, &mut FirstOption)
            .unwrap();
        if pos == Pos::new(1, 0) {
            assert_eq!(
                game.place_meeple(port("NL"), MeepleKind::NORMAL)
                    .unwrap_err()
                    .message,
                "no farmers here"
            );
            game.place_meeple(Spot::Center, MeepleKind::NORMAL).unwrap();
        }
        game.finish_turn(&mut FirstOption);
    }
    game.end_game();
    let calls = recorder.calls.lock().unwrap().clone();
    assert!(
        calls.contains(&"tile 1".to_string()) && calls.contains(&"meeple 0".to_string()),
        "{calls:?}"
    );
    assert!(calls.iter().filter(|c| *c == "end of turn").count() == 3);
    assert!(
        calls.contains(&"asked: body".to_string()),
        "the monastery at [0,0] completed with 3 neighbours: {calls:?}"
    );
    assert_eq!(calls.last().map(String::as_str), Some("end of game"));
    assert!(game.state.players[0].score >= 100);
}

#[test]
fn a_face_down_tile_fills_its_cell_but_nothing_closes_across_it() {
    let catalog = load(&ContentFiles::embedded()).corpus;
    let mut catalog = Catalog::from_specs(&catalog.tile_set("zakladni-hra").unwrap().tiles);
    let face_down = catalog.face_down_index();
    let start = tile(&catalog, "zh-mesto-cesta");
    let junction = tile(&catalog, "zh-krizovatka-tri");
    let monastery = tile(&catalog, "zh-klaster");
    let mut game = Game::new(
        Arc::new(catalog),
        &COLOURS[..1],
        Supply::of(&[(MeepleKind::NORMAL, 7)]),
        base_game(),
    );
    let s = game.lay(start, Pos::new(0, 0), 0).unwrap();
    game.lay_meeple(s, port("EM"), 0, MeepleKind::NORMAL)
        .unwrap();
    // The road's east end runs into a face-down tile; its west end stops at a junction.
    game.lay(face_down, Pos::new(1, 0), 0).unwrap();
    game.place_tile(junction, Pos::new(-1, 0), 0, &mut FirstOption)
        .unwrap();
    game.finish_turn(&mut FirstOption);
    assert_eq!(
        game.state.completed_count, 0,
        "the road can never close at the face-down end"
    );
    // Any tile may go next to a face-down tile edge-wise, and it counts as a neighbour.
    assert!(game
        .placement_refusal(monastery, Pos::new(2, 0), 0)
        .is_none());
    let board = carcref::draw::board(&game, "lícem dolů", "plan");
    assert!(board
        .svg
        .contains("<title>kartička lícem dolů na [1, 0]</title>"));
    assert!(board
        .legend
        .iter()
        .any(|item| item.label == "kartička lícem dolů"));
}
