//! Each game's and expansion's `Descriptor`: what it is (id, name, rule-key prefixes, figures,
//! tile catalog, levels) and what it lets a scenario say: its own keys in `setup`, on board
//! tiles and their meeples, in steps and in `expect`. The scenario loader and runner know only the keys
//! common to every game; each module in play reads, sets up and checks its own keys through
//! its `Hooks`, so adding an expansion touches neither. A key of a module the scenario does
//! not play is an error naming that module.

use crate::czech::MeepleTerm;
use crate::diagnostic::{Diagnostics, Location};
use crate::engine::core::{Catalog, Decider, Game, GhostKeeper, Refusal, RuleModule, State};
use crate::model::{
    count, list, position, Colour, Corpus, Entry, FeatureKind, MeepleKind, Pos, Supply, TileRef,
};
use crate::yaml::Fields;
use std::sync::Arc;

/// Reports one checked expectation: what was expected, whether it held, what was found.
pub type Report<'r> = &'r mut dyn FnMut(String, bool, String);

/// Where in a scenario file a key stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    Setup,
    Board,
    /// A meeple on a prepared board tile or in a step.
    Meeple,
    Step,
    Expect,
}

/// The scenario keys one game or expansion gives meaning to.
#[derive(Debug)]
pub struct Descriptor {
    /// The ruleset or expansion id scenarios name (`duchove-carcassonne`, `darky`…).
    pub id: &'static str,
    /// Its Czech name.
    pub name: &'static str,
    /// An expansion of the base game (otherwise a ruleset of its own).
    pub expansion: bool,
    /// What a ruleset's rules call a player's figure (an expansion has none of its own).
    pub figure: Option<MeepleTerm>,
    /// The key of its status in the verdict's JSON (`RuleModule::status`), present (maybe
    /// `null`) in every verdict so that tools find it.
    pub status_key: Option<&'static str>,
    /// The prefixes of the rule keys its rules emit (`hk`; `du` for the Mists material that
    /// both ghost games share): citations of a key need a game that plays its prefix.
    pub rule_prefixes: &'static [&'static str],
    /// The rule keys its rules emit, with what each stands for.
    pub rule_keys: &'static [(&'static str, &'static str)],
    /// Figures each player starts with, by kind; an expansion's counts replace the base
    /// game's for the kinds it names.
    pub figures: &'static [(MeepleKind, u32)],
    /// The tile catalog it brings (`content/tiles/`, by its `set`); a base game that lays
    /// its tiles plays its rules, named or not.
    pub tile_set: Option<&'static str>,
    /// What its tiles mark on features (`cathedral` on a city), for the catalogs' readers,
    /// its own rules and the pictures.
    pub markers: &'static [TileMarker],
    /// The levels it is played at (none: the game has no levels).
    pub levels: &'static [u8],
    pub setup: &'static [&'static str],
    pub board: &'static [&'static str],
    pub meeple: &'static [&'static str],
    pub step: &'static [&'static str],
    pub expect: &'static [&'static str],
    /// Cards a player holds and may open (Gifts), as (scenario id, Czech name); none for the
    /// games without cards.
    pub cards: &'static [(&'static str, &'static str)],
    /// Reads, sets up and checks those keys; the loader and runner call it for the modules in play.
    pub hooks: &'static dyn AnyHooks,
}

/// A marker an expansion's tiles carry on a feature (`markers: [inn]` in a catalog); the
/// board counts them per feature (`Component::marked`).
#[derive(Debug)]
pub struct TileMarker {
    pub id: &'static str,
    /// The kind of feature that carries it.
    pub on: FeatureKind,
    /// Its Czech name ("hostinec"), for a picture's legend.
    pub name: &'static str,
    /// "s hostincem", for a tile said in words.
    pub(crate) with: &'static str,
}

/// What a module's reader is given besides the mapping: the file, the catalogs and the players.
pub struct Scope<'a> {
    pub file: &'a str,
    pub corpus: &'a Corpus,
    pub players: &'a [Colour],
    /// The scenario's first line, for what is missing from the whole file.
    pub start: Location,
}

/// A ruleset's game before its board is laid: its modules and each player's meeples.
pub(crate) type GameParts = (Vec<Box<dyn RuleModule>>, Supply);

/// A module's part in reading and playing scenarios, in its own types. Readers get the mapping
/// where the module's keys stand (only when one of them is there, except `setup`), report
/// problems to `diags` and return what they read; the runner hands it back to the same module
/// (through `AnyHooks`, which keeps the types apart). Setup errors are plain messages: the
/// runner locates them.
pub trait Hooks: Sync + std::fmt::Debug {
    /// What the module reads from `setup`, a board tile, a meeple, a step and `expect`
    /// (`()` where it reads nothing).
    type Setup: Send + Sync + 'static;
    type Board: Send + Sync + 'static;
    type Meeple: Send + Sync + 'static;
    type Step: Send + Sync + 'static;
    type Expect: Send + Sync + 'static;

    /// Reads the module's `setup` keys (`None`: the scenario has no `setup`).
    fn setup(
        &self,
        _setup: Option<&Fields>,
        _scope: &Scope,
        _diags: &mut Diagnostics,
    ) -> Option<Self::Setup> {
        None
    }

    /// A ruleset's modules and meeples, played with `expansions` (`None` for an expansion).
    fn game(
        &self,
        _setup: Option<&Self::Setup>,
        _expansions: &[&'static Descriptor],
        _players: usize,
        _catalog: &mut Catalog,
    ) -> Option<Result<GameParts, String>> {
        None
    }

    /// An expansion's rule modules, for a game of `players` players; `seed` shuffles what
    /// they deal at random (the gift deck; scenarios use 0).
    fn modules(&self, _players: usize, _seed: u64) -> Vec<Box<dyn RuleModule>> {
        Vec::new()
    }

    /// Applies the setup once the start tiles lie, before the prepared board.
    fn before_board(&self, _game: &mut Game, _setup: &Self::Setup, _players: &[Colour]) -> Applied {
        Ok(())
    }

    /// Applies the setup once the prepared board and its meeples stand.
    fn after_board(&self, _game: &mut Game, _setup: &Self::Setup, _players: &[Colour]) -> Applied {
        Ok(())
    }

    /// Reads the module's keys on a prepared board tile.
    fn board(
        &self,
        _tile: &Fields,
        _scope: &Scope,
        _diags: &mut Diagnostics,
    ) -> Option<Self::Board> {
        None
    }

    /// Applies them to the tile just laid (`placed` is its index on the board).
    fn on_board(&self, _game: &mut Game, _placed: usize, _entry: &Self::Board) -> Applied {
        Ok(())
    }

    /// Reads the module's keys beside a meeple, on the prepared board (`on_board`) or in a step.
    fn meeple(
        &self,
        _meeple: &Fields,
        _on_board: bool,
        _scope: &Scope,
        _diags: &mut Diagnostics,
    ) -> Option<Self::Meeple> {
        None
    }

    /// Applies them to the board meeple just laid (its index among the meeples).
    fn on_meeple(&self, _game: &mut Game, _meeple: usize, _entry: &Self::Meeple) -> Applied {
        Ok(())
    }

    /// Reads the module's keys of a step.
    fn step(&self, _step: &Fields, _scope: &Scope, _diags: &mut Diagnostics) -> Option<Self::Step> {
        None
    }

    /// Tiles a step's entry names besides the drawn one; the runner resolves them before the
    /// game starts and hands their indices to `before_place`.
    fn step_tiles(&self, _entry: &Self::Step) -> Vec<TileRef> {
        Vec::new()
    }

    /// Acts on a step's entry after the tile is drawn, before it is placed.
    fn before_place(
        &self,
        _game: &mut Game,
        _drawn: usize,
        _entry: &Self::Step,
        _tiles: &[usize],
        _decider: &mut dyn Decider,
    ) -> Result<(), Refusal> {
        Ok(())
    }

    /// Every turn, as its tile is drawn.
    fn draw(&self, _game: &mut Game) {}

    /// Reads the module's `expect` keys.
    fn expect(
        &self,
        _expect: &Fields,
        _scope: &Scope,
        _diags: &mut Diagnostics,
    ) -> Option<Self::Expect> {
        None
    }

    /// Checks them against the game (`players` in scenario order).
    fn check(&self, _game: &Game, _entry: &Self::Expect, _players: &[Colour], _report: Report) {}
}

/// What applying a module's setup or board keys gives: a plain message on failure.
pub(crate) type Applied = Result<(), String>;

/// `Hooks` as the runner holds them, one kind of entry for every module: each module gets
/// back only what it read itself, so an entry of another type never reaches it (and is
/// passed over).
pub trait AnyHooks: Sync + std::fmt::Debug {
    fn setup(
        &self,
        setup: Option<&Fields>,
        scope: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<Entry>;
    fn game(
        &self,
        setup: Option<&Entry>,
        expansions: &[&'static Descriptor],
        players: usize,
        catalog: &mut Catalog,
    ) -> Option<Result<GameParts, String>>;
    fn modules(&self, players: usize, seed: u64) -> Vec<Box<dyn RuleModule>>;
    fn before_board(&self, game: &mut Game, setup: &Entry, players: &[Colour]) -> Applied;
    fn after_board(&self, game: &mut Game, setup: &Entry, players: &[Colour]) -> Applied;
    fn board(&self, tile: &Fields, scope: &Scope, diags: &mut Diagnostics) -> Option<Entry>;
    fn on_board(&self, game: &mut Game, placed: usize, entry: &Entry) -> Applied;
    fn meeple(
        &self,
        meeple: &Fields,
        on_board: bool,
        scope: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<Entry>;
    fn on_meeple(&self, game: &mut Game, meeple: usize, entry: &Entry) -> Applied;
    fn step(&self, step: &Fields, scope: &Scope, diags: &mut Diagnostics) -> Option<Entry>;
    fn step_tiles(&self, entry: &Entry) -> Vec<TileRef>;
    fn before_place(
        &self,
        game: &mut Game,
        drawn: usize,
        entry: &Entry,
        tiles: &[usize],
        decider: &mut dyn Decider,
    ) -> Result<(), Refusal>;
    fn draw(&self, game: &mut Game);
    fn expect(&self, expect: &Fields, scope: &Scope, diags: &mut Diagnostics) -> Option<Entry>;
    fn check(&self, game: &Game, entry: &Entry, players: &[Colour], report: Report);
}

fn erase<T: Send + Sync + 'static>(read: Option<T>) -> Option<Entry> {
    read.map(|entry| Arc::new(entry) as Entry)
}

impl<H: Hooks> AnyHooks for H {
    fn setup(
        &self,
        setup: Option<&Fields>,
        scope: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<Entry> {
        erase(Hooks::setup(self, setup, scope, diags))
    }

    fn game(
        &self,
        setup: Option<&Entry>,
        expansions: &[&'static Descriptor],
        players: usize,
        catalog: &mut Catalog,
    ) -> Option<Result<GameParts, String>> {
        let setup = setup.and_then(|s| s.downcast_ref());
        Hooks::game(self, setup, expansions, players, catalog)
    }

    fn modules(&self, players: usize, seed: u64) -> Vec<Box<dyn RuleModule>> {
        Hooks::modules(self, players, seed)
    }

    fn before_board(&self, game: &mut Game, setup: &Entry, players: &[Colour]) -> Applied {
        setup
            .downcast_ref()
            .map_or(Ok(()), |s| Hooks::before_board(self, game, s, players))
    }

    fn after_board(&self, game: &mut Game, setup: &Entry, players: &[Colour]) -> Applied {
        setup
            .downcast_ref()
            .map_or(Ok(()), |s| Hooks::after_board(self, game, s, players))
    }

    fn board(&self, tile: &Fields, scope: &Scope, diags: &mut Diagnostics) -> Option<Entry> {
        erase(Hooks::board(self, tile, scope, diags))
    }

    fn on_board(&self, game: &mut Game, placed: usize, entry: &Entry) -> Applied {
        entry
            .downcast_ref()
            .map_or(Ok(()), |e| Hooks::on_board(self, game, placed, e))
    }

    fn meeple(
        &self,
        meeple: &Fields,
        on_board: bool,
        scope: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<Entry> {
        erase(Hooks::meeple(self, meeple, on_board, scope, diags))
    }

    fn on_meeple(&self, game: &mut Game, meeple: usize, entry: &Entry) -> Applied {
        entry
            .downcast_ref()
            .map_or(Ok(()), |e| Hooks::on_meeple(self, game, meeple, e))
    }

    fn step(&self, step: &Fields, scope: &Scope, diags: &mut Diagnostics) -> Option<Entry> {
        erase(Hooks::step(self, step, scope, diags))
    }

    fn step_tiles(&self, entry: &Entry) -> Vec<TileRef> {
        entry
            .downcast_ref()
            .map_or_else(Vec::new, |e| Hooks::step_tiles(self, e))
    }

    fn before_place(
        &self,
        game: &mut Game,
        drawn: usize,
        entry: &Entry,
        tiles: &[usize],
        decider: &mut dyn Decider,
    ) -> Result<(), Refusal> {
        entry.downcast_ref().map_or(Ok(()), |e| {
            Hooks::before_place(self, game, drawn, e, tiles, decider)
        })
    }

    fn draw(&self, game: &mut Game) {
        Hooks::draw(self, game);
    }

    fn expect(&self, expect: &Fields, scope: &Scope, diags: &mut Diagnostics) -> Option<Entry> {
        erase(Hooks::expect(self, expect, scope, diags))
    }

    fn check(&self, game: &Game, entry: &Entry, players: &[Colour], report: Report) {
        if let Some(e) = entry.downcast_ref() {
            Hooks::check(self, game, e, players, report);
        }
    }
}

/// Ghosts on the board, in the bank and on given tiles: both Mists games expect them.
#[derive(Debug, Clone, Default)]
pub(crate) struct GhostCounts {
    ghosts: Option<u32>,
    bank: Option<u32>,
    at: Vec<(Pos, u32)>,
}

impl GhostCounts {
    pub(crate) fn read(expect: &Fields, diags: &mut Diagnostics) -> GhostCounts {
        let mut at = Vec::new();
        for item in list(expect, "ghosts_at", diags) {
            let g = Fields::new(expect.file, 0, item, &["at", "count"], None, diags);
            if let (Some(pos), Some(n)) = (position(&g, diags), count(&g, "count", diags)) {
                at.push((pos, n));
            }
        }
        GhostCounts {
            ghosts: count(expect, "ghosts", diags),
            bank: count(expect, "bank", diags),
            at,
        }
    }

    pub(crate) fn check(&self, state: &State, ghosts: &dyn GhostKeeper, check: Report) {
        if let Some(n) = self.ghosts {
            let actual = ghosts.ghosts_on_board();
            check(
                format!(
                    "na plánu {} {}",
                    crate::czech::sloveso(n, "je", "jsou"),
                    crate::czech::pocet(n, "duch")
                ),
                actual == n,
                actual.to_string(),
            );
        }
        if let Some(n) = self.bank {
            check(
                format!(
                    "v banku {} {}",
                    crate::czech::sloveso(n, "je", "jsou"),
                    crate::czech::pocet(n, "duch")
                ),
                ghosts.bank() == n,
                ghosts.bank().to_string(),
            );
        }
        for (at, n) in &self.at {
            let actual = state
                .board
                .index_at(*at)
                .map(|p| ghosts.ghosts_on_tile(state, p))
                .unwrap_or(0);
            check(
                format!(
                    "na {at} {} {}",
                    crate::czech::sloveso(*n, "je", "jsou"),
                    crate::czech::pocet(*n, "duch")
                ),
                actual == *n,
                actual.to_string(),
            );
        }
    }
}

/// A colour's index among the players.
pub(crate) fn player_index(players: &[Colour], colour: &Colour) -> Option<usize> {
    players.iter().position(|p| p == colour)
}

/// A key that only a prepared board's meeple may carry, written on a step's meeple.
pub(crate) fn only_on_board(meeple: &Fields, key: &str, what: &str, diags: &mut Diagnostics) {
    diags.error(
        meeple.value_location(key),
        None,
        format!("{what} lze dát jen k družiníkovi na připraveném plánu (`board`)"),
    );
}

impl Descriptor {
    pub fn keys(&self, context: Context) -> &'static [&'static str] {
        match context {
            Context::Setup => self.setup,
            Context::Board => self.board,
            Context::Meeple => self.meeple,
            Context::Step => self.step,
            Context::Expect => self.expect,
        }
    }

    /// "k rozšíření Dárky (`darky`)", "k pravidlům Duchové Carcassonne (`duchove-carcassonne`)".
    pub fn owner(&self) -> String {
        let what = if self.expansion {
            "k rozšíření"
        } else {
            "k pravidlům"
        };
        format!("{what} {} (`{}`)", self.name, self.id)
    }
}

/// The modules scenarios may use: `registry::REGISTRY`, or a test's own.
pub type Registry = &'static [&'static Descriptor];

/// The modules a scenario playing `ruleset` with `expansions` plays, in registry order.
pub fn active(
    registry: Registry,
    ruleset: Option<&str>,
    expansions: &[String],
) -> Vec<&'static Descriptor> {
    registry
        .iter()
        .copied()
        .filter(|v| is_active(v, ruleset, expansions))
        .collect()
}

/// Whether a scenario playing `ruleset` with `expansions` may use this vocabulary.
pub fn is_active(vocabulary: &Descriptor, ruleset: Option<&str>, expansions: &[String]) -> bool {
    if vocabulary.expansion {
        expansions.iter().any(|e| e == vocabulary.id)
    } else {
        ruleset == Some(vocabulary.id)
    }
}

/// The modules that own `key` in `context`.
pub fn owners(registry: Registry, key: &str, context: Context) -> Vec<&'static Descriptor> {
    registry
        .iter()
        .copied()
        .filter(|v| v.keys(context).contains(&key))
        .collect()
}

/// Every module key in `context`, active or not.
pub fn all_keys(registry: Registry, context: Context) -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = Vec::new();
    for v in registry {
        for key in v.keys(context) {
            if !keys.contains(key) {
                keys.push(key);
            }
        }
    }
    keys
}

/// The kinds of figure the registry's games and expansions bring, the base game's meeple
/// first, then in the registry's order.
pub fn figure_kinds(registry: Registry) -> Vec<MeepleKind> {
    let mut kinds = vec![MeepleKind::NORMAL];
    for (kind, _) in registry.iter().flat_map(|d| d.figures) {
        if !kinds.contains(kind) {
            kinds.push(*kind);
        }
    }
    kinds
}

/// The ids of the registry's expansions (`expansion`) or of its rulesets, in its order.
pub fn ids(registry: Registry, expansion: bool) -> Vec<&'static str> {
    registry
        .iter()
        .filter(|v| v.expansion == expansion)
        .map(|v| v.id)
        .collect()
}
