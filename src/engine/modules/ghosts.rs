//! Duchové, zámky a hřbitovy (Ghosts, Castles and Cemeteries, source 003): the Mists material
//! as a competitive expansion of the base game. Ghosts haunt meeples (never guards): a tile
//! whose mist thickens mist on the board haunts an opponent's meeple, one whose mist meets a
//! clear edge haunts one of the placer's own; the third ghost drives a meeple off; each ghost
//! costs 2 points when its meeple scores and 1 at the end. Castles score misty tiles around
//! them; a gravedigger on a surrounded graveyard earns a guard from the general supply.

use super::mists::{misty_tiles_around, value_castle};
use super::vocabulary::{only_on_board, player_index, Applied, GhostCounts, Hooks, Report, Scope};
use crate::diagnostic::Diagnostics;
use crate::engine::core::{
    ask, Decider, FeatureScore, Game, GhostKeeper, Question, RuleModule, State, Status, Surround,
    Worth,
};
use crate::model::{
    count, count_cs, per_player, Colour, Dir, FeatureKind, FigureKind, FigureName, FigureShape,
    MeepleKind, Port, MAX_COUNT,
};
use crate::yaml::Fields;

/// Ghosts in the bank at the start.
pub const BANK: u32 = 15;
/// Each player's guards left in the general supply at the start (5 per colour, 2 in hand).
pub const GENERAL_GUARDS: u32 = 3;
/// Ghosts that drive a meeple off.
const DRIVEN_OFF: u8 = 3;

#[derive(Debug, Clone)]
pub struct CompetitiveGhosts {
    pub bank: u32,
    /// Ghosts beside each meeple (by meeple index).
    ghosts: Vec<u8>,
    /// Guards of each player still in the general supply.
    pub general_guards: Vec<u32>,
    players: usize,
}

impl CompetitiveGhosts {
    fn new(players: usize) -> CompetitiveGhosts {
        CompetitiveGhosts {
            bank: BANK,
            ghosts: Vec::new(),
            general_guards: vec![GENERAL_GUARDS; players],
            players,
        }
    }

    pub fn ghosts_of(&self, meeple: usize) -> u32 {
        u32::from(self.ghosts.get(meeple).copied().unwrap_or(0))
    }

    pub fn ghosts_on_board(&self) -> u32 {
        self.ghosts.iter().map(|g| u32::from(*g)).sum()
    }

    /// Ghosts beside the meeples standing on the tile at `placed`.
    fn ghosts_on_tile(&self, state: &State, placed: usize) -> u32 {
        state
            .meeples
            .iter()
            .enumerate()
            .filter(|(_, m)| m.on_board && m.tile == placed)
            .map(|(i, _)| self.ghosts_of(i))
            .sum()
    }

    /// Puts ghosts beside a meeple of a prepared board; false if the bank has not enough or
    /// the meeple is a guard.
    fn put_ghosts(&mut self, state: &State, meeple: usize, count: u32) -> bool {
        self.sync(state);
        let guard = state.meeples.get(meeple).map(|m| m.kind) == Some(GUARD);
        if guard || count > self.bank || count >= u32::from(DRIVEN_OFF) {
            return false;
        }
        self.ghosts[meeple] += count as u8;
        self.bank -= count;
        true
    }

    /// Ghosts of meeples that left the board (scored, taken back by a gift…) go to the bank.
    fn sync(&mut self, state: &State) {
        self.ghosts.resize(state.meeples.len(), 0);
        for (i, g) in self.ghosts.iter_mut().enumerate() {
            if *g > 0 && !state.meeples[i].on_board {
                self.bank += u32::from(*g);
                *g = 0;
            }
        }
    }

    /// One ghost beside a meeple the placer chooses among `candidates`; nothing happens with
    /// an empty bank or no candidate. The third ghost drives the meeple off.
    fn haunt(
        &mut self,
        state: &mut State,
        candidates: Vec<usize>,
        key: &'static str,
        decider: &mut dyn Decider,
    ) {
        if self.bank == 0 {
            state.event("dzh.duch.nic", || {
                "v banku není žádný duch: nestane se nic".into()
            });
            return;
        }
        if candidates.is_empty() {
            state.event("dzh.duch.nic", || {
                "duch nemá ke komu přijít (žádný vhodný družiník): nestane se nic".into()
            });
            return;
        }
        let mut question = Question::new(
            key,
            candidates.iter().map(|m| state.meeple_label(*m)).collect(),
        )
        .labelled(candidates.iter().map(|m| state.meeple_said(*m)).collect());
        question.worth = candidates
            .iter()
            .map(|m| Worth {
                points: 0,
                ghosts: i32::from(self.ghosts[*m]),
            })
            .collect();
        let meeple = candidates[ask(state, decider, &question)];
        self.ghosts[meeple] += 1;
        self.bank -= 1;
        let whose = state.colour_name(state.meeples[meeple].player);
        let count = self.ghosts[meeple];
        state.event(key, || {
            format!("duch přichází k figurce: {whose} (u ní duchů: {count})")
        });
        if self.ghosts[meeple] >= DRIVEN_OFF {
            let freed = u32::from(std::mem::take(&mut self.ghosts[meeple]));
            self.bank += freed;
            state.return_meeple(meeple);
            state.event("dzh.duch.treti", || {
                format!("třetí duch vyhání figurku ({whose}) z plánu; duchové se vracejí do banku")
            });
        }
    }
}

impl GhostKeeper for CompetitiveGhosts {
    fn bank(&self) -> u32 {
        self.bank
    }

    fn ghosts_on_board(&self) -> u32 {
        CompetitiveGhosts::ghosts_on_board(self)
    }

    fn ghosts_on_tile(&self, state: &State, placed: usize) -> u32 {
        CompetitiveGhosts::ghosts_on_tile(self, state, placed)
    }
}

impl RuleModule for CompetitiveGhosts {
    fn ghosts(&self) -> Option<&dyn GhostKeeper> {
        Some(self)
    }

    fn id(&self) -> &'static str {
        DESCRIPTOR.id
    }

    fn status(&self, state: &State) -> Option<Status> {
        let guards: Vec<String> = state
            .players
            .iter()
            .map(|p| format!("{} {}", p.colour.czech(), p.supply.count(GUARD)))
            .collect();
        Some(Status {
            line: Some(format!(
                "Duchů u figurek: {}, v banku: {}; strážní v zásobě: {}",
                self.ghosts_on_board(),
                self.bank,
                guards.join(", ")
            )),
            ..Status::default()
        })
    }

    /// Castles and graveyards are surrounded like monasteries.
    fn surround(&self, kind: FeatureKind) -> Option<Surround> {
        matches!(kind, FeatureKind::Castle | FeatureKind::Graveyard).then_some(Surround {
            needed: 8,
            face_down_counts: false,
        })
    }

    fn reset(&mut self) {
        *self = CompetitiveGhosts::new(self.players);
    }

    /// A tile with mist: mist meeting mist on the board thickens it (an opponent's meeple is
    /// haunted); mist meeting a clear edge, or a clear edge of it meeting mist, disperses (one
    /// of the placer's own). Edges facing empty cells do nothing; thickening comes first.
    fn tile_placed(&mut self, state: &mut State, placed: usize, decider: &mut dyn Decider) {
        self.sync(state);
        let p = state.board.placed[placed];
        let def = &state.catalog.tiles[p.tile];
        // Only a tile with mist stirs ghosts (source 003: "přikládáte-li kartičku s mlhou").
        if def.fog.is_empty() {
            return;
        }
        let (mut thickens, mut disperses) = (false, false);
        for side in Dir::ALL {
            let Some(neighbour) = state.board.at(p.pos.step(side)) else {
                continue;
            };
            let other = &state.catalog.tiles[neighbour.tile];
            for part in 0..3 {
                let mine = Port::new(side, part);
                match (
                    def.fog_at(mine, p.rotation),
                    other.fog_at(mine.facing(), neighbour.rotation),
                ) {
                    (Some(_), Some(_)) => thickens = true,
                    (Some(_), None) | (None, Some(_)) => disperses = true,
                    (None, None) => {}
                }
            }
        }
        let active = state.turn.player;
        let haunted = |state: &State, own: bool| -> Vec<usize> {
            (0..state.meeples.len())
                .filter(|m| {
                    let m = &state.meeples[*m];
                    m.on_board && m.kind != GUARD && (m.player == active) == own
                })
                .collect()
        };
        if thickens {
            state.event("dzh.mlha.houstne", || {
                "mlha houstne: duch jde k figurce soupeře".into()
            });
            let candidates = haunted(state, false);
            self.haunt(state, candidates, "dzh.duch.souper", decider);
        }
        if disperses {
            state.event("dzh.mlha.rozptyleni", || {
                "mlha se rozptyluje: duch jde k vlastní figurce".into()
            });
            let candidates = haunted(state, true);
            self.haunt(state, candidates, "dzh.duch.vlastni", decider);
        }
    }

    fn score_completed(
        &mut self,
        state: &mut State,
        score: &mut FeatureScore,
        _decider: &mut dyn Decider,
    ) {
        if score.kind != FeatureKind::Castle {
            return;
        }
        value_castle(state, score, "dzh.zamek.hodnoceni");
        score.winners = state.majority(score.node);
    }

    /// Each ghost beside a scoring meeple costs its owner 2 points; then the ghosts go back to
    /// the bank with the meeples. A gravedigger's owner takes a guard from the general supply.
    fn feature_scored(
        &mut self,
        state: &mut State,
        score: &FeatureScore,
        _decider: &mut dyn Decider,
    ) {
        self.sync(state);
        let meeples: Vec<usize> = state.meeples_on(score.node);
        // The scored meeples: the winners', or on a graveyard the gravedigger's.
        let scored = if score.kind == FeatureKind::Graveyard {
            state.majority(score.node)
        } else {
            score.winners.clone()
        };
        for &player in &scored {
            let ghosts: u32 = meeples
                .iter()
                .filter(|m| state.meeples[**m].player == player)
                .map(|m| self.ghosts_of(*m))
                .sum();
            if ghosts > 0 {
                state.award(&[player], -2 * ghosts as i32);
                let whose = state.colour_name(player);
                state.event("dzh.duch.minus-dva", || {
                    format!(
                        "{whose}: {} za {} u hodnocené figurky (skóre nikdy pod 0)",
                        crate::czech::points(-2 * ghosts as i32),
                        count_cs(ghosts as usize, "ducha", "duchy", "duchů")
                    )
                });
            }
        }
        for m in &meeples {
            let freed = u32::from(std::mem::take(&mut self.ghosts[*m]));
            self.bank += freed;
        }
        if score.kind == FeatureKind::Graveyard {
            for player in state.majority(score.node) {
                let whose = state.colour_name(player);
                if self.general_guards[player] > 0 {
                    self.general_guards[player] -= 1;
                    state.players[player].supply.give(GUARD);
                    state.event("dzh.hrbitov.strazny", || {
                        format!("hřbitov je obklopen: {whose} bere z obecné zásoby strážného (bez bodů)")
                    });
                } else {
                    state.event("dzh.hrbitov.strazny", || {
                        format!(
                            "hřbitov je obklopen, ale {whose} už v obecné zásobě strážného nemá"
                        )
                    });
                }
            }
        }
    }

    /// An occupied unfinished castle is worth 1 per misty tile around it; a graveyard nothing.
    fn score_unfinished(&mut self, state: &mut State, score: &mut FeatureScore) {
        if score.kind != FeatureKind::Castle {
            return;
        }
        let Some(&castle) = state.component(score.node).tiles.first() else {
            return;
        };
        let misty = misty_tiles_around(state, state.board.placed[castle as usize].pos);
        score.points = misty as i32;
        score.rule = "dzh.zamek.konec";
        score.explanation = format!(
            "{} s mlhou v okolí 3×3 × 1",
            count_cs(misty, "kartička", "kartičky", "kartiček")
        );
        score.winners = state.majority(score.node);
    }

    fn end_of_turn(&mut self, state: &mut State, _decider: &mut dyn Decider) {
        self.sync(state);
    }

    /// Each ghost still beside a meeple costs its owner 1 point.
    fn end_of_game(&mut self, state: &mut State) {
        self.sync(state);
        for player in 0..state.players.len() {
            let ghosts: u32 = (0..state.meeples.len())
                .filter(|m| state.meeples[*m].on_board && state.meeples[*m].player == player)
                .map(|m| self.ghosts_of(m))
                .sum();
            if ghosts > 0 {
                state.award(&[player], -(ghosts as i32));
                let whose = state.colour_name(player);
                state.event("dzh.duch.konec", || {
                    format!(
                        "{whose}: {} za duchy u figurek na konci hry",
                        crate::czech::points(-(ghosts as i32))
                    )
                });
            }
        }
    }
}

/// The guard: a figure of its own, drawn as a shield (`kind: guard` in scenarios).
pub const GUARD: MeepleKind = MeepleKind::of(&FigureKind {
    id: "guard",
    weight: 1,
    name: FigureName::Own("strážný", "strážného"),
    shape: FigureShape::Shield,
});

/// The rule keys its rules emit, with what each stands for.
const RULE_KEYS: &[(&str, &str)] = &[
    (
        "dzh.mlha.houstne",
        "mlha houstne (navazuje na mlhu na plánu): duch k figurce soupeře",
    ),
    (
        "dzh.mlha.rozptyleni",
        "mlha se rozptyluje (sousedí se stranou bez mlhy): duch k vlastní figurce",
    ),
    ("dzh.duch.souper", "duch přichází k figurce soupeře"),
    ("dzh.duch.vlastni", "duch přichází k vlastní figurce"),
    (
        "dzh.duch.nic",
        "prázdný bank nebo žádná vhodná figurka: nestane se nic",
    ),
    (
        "dzh.duch.treti",
        "třetí duch vyžene figurku z plánu, duchové do banku",
    ),
    (
        "dzh.duch.minus-dva",
        "za každého ducha u hodnocené figurky −2 body, skóre nikdy pod 0",
    ),
    (
        "dzh.duch.konec",
        "na konci hry −1 bod za každého ducha u figurky",
    ),
    (
        "dzh.zamek.hodnoceni",
        "obklopený zámek: 2 body za kartičku s mlhou v okolí 3×3",
    ),
    (
        "dzh.zamek.konec",
        "obsazený nedokončený zámek na konci: 1 bod za kartičku s mlhou",
    ),
    (
        "dzh.hrbitov.strazny",
        "obklopený hřbitov: hrobník získá strážného z obecné zásoby, žádné body",
    ),
];

/// The competitive ghosts' scenario keys.
pub const DESCRIPTOR: super::vocabulary::Descriptor = super::vocabulary::Descriptor {
    id: "duchove-zamky-hrbitovy",
    name: "Duchové, zámky a hřbitovy",
    expansion: true,
    status_key: None,
    figure: None,
    rule_prefixes: &["dzh", "du"],
    rule_keys: RULE_KEYS,
    // 5 meeples of the base game and 2 guards.
    figures: &[(MeepleKind::NORMAL, 5), (GUARD, 2)],
    tile_set: Some("duchove"),
    markers: &[],
    levels: &[],
    setup: &[],
    board: &[],
    meeple: &["ghosts"],
    step: &[],
    expect: &["ghosts", "bank", "ghosts_at", "guards"],
    cards: &[],
    hooks: &ScenarioHooks,
};

/// What a scenario expects of the expansion: ghosts, and guards in each player's supply.
#[derive(Debug, Clone)]
struct ScenarioExpect {
    ghosts: GhostCounts,
    guards: Vec<(Colour, u32)>,
}

#[derive(Debug)]
struct ScenarioHooks;

impl Hooks for ScenarioHooks {
    type Setup = ();
    type Board = ();
    /// Ghosts beside a meeple.
    type Meeple = u32;
    type Step = ();
    type Expect = ScenarioExpect;

    fn modules(&self, players: usize, _seed: u64) -> Vec<Box<dyn RuleModule>> {
        vec![Box::new(CompetitiveGhosts::new(players))]
    }

    /// `ghosts: 2` beside a meeple of the prepared board.
    fn meeple(
        &self,
        meeple: &Fields,
        on_board: bool,
        _: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<u32> {
        let n = count(meeple, "ghosts", diags)?;
        if n > 0 && !on_board {
            only_on_board(meeple, "ghosts", "duchy", diags);
        }
        Some(n)
    }

    fn on_meeple(&self, game: &mut Game, meeple: usize, &n: &u32) -> Applied {
        if n == 0 {
            return Ok(());
        }
        let put = game.with_module(|ghosts: &mut CompetitiveGhosts, state| {
            ghosts.put_ghosts(state, meeple, n)
        });
        if put != Some(true) {
            return Err(
                "duchy nelze přidat: strážný je nemá, družiník jich snese nejvýš 2 a bank má 15"
                    .into(),
            );
        }
        Ok(())
    }

    fn expect(
        &self,
        expect: &Fields,
        scope: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<ScenarioExpect> {
        let guards = per_player(
            expect.file,
            expect.map,
            "guards",
            scope.players,
            0..=MAX_COUNT,
            diags,
        );
        Some(ScenarioExpect {
            ghosts: GhostCounts::read(expect, diags),
            guards,
        })
    }

    fn check(&self, game: &Game, expect: &ScenarioExpect, players: &[Colour], check: Report) {
        if let Some(ghosts) = game.ghosts() {
            expect.ghosts.check(&game.state, ghosts, &mut *check);
        }
        for (colour, n) in &expect.guards {
            let actual = player_index(players, colour)
                .map_or(0, |p| game.state.players[p].supply.count(GUARD));
            check(
                format!(
                    "{} má v zásobě {}",
                    colour.czech(),
                    crate::czech::count(u64::from(*n), ["strážného", "strážné", "strážných"])
                ),
                actual == *n,
                actual.to_string(),
            );
        }
    }
}
