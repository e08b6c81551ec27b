//! Game state and the turn: place a tile, optionally a meeple, score what closed. The core
//! knows geometry and turn order; what scores and what is forbidden beyond the basics comes
//! from the rule modules.

use std::any::Any;
use std::sync::Arc;

use super::board::{in_bounds, Board};
use super::hooks::{Decider, FeatureScore, MeeplePlacement, Refusal, RuleModule, TilePlacement};
use super::state::lookup;
use super::state::{Player, State, Turn};
use super::tile::{mirror_code, Catalog};
use crate::model::{Colour, Dir, FeatureKind, MeepleKind, Pos, Spot, Supply, Terrain};

pub struct Game {
    pub state: State,
    modules: Vec<Box<dyn RuleModule>>,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            state: self.state.clone(),
            modules: self.modules.iter().map(|m| m.clone_box()).collect(),
        }
    }

    /// Reuses this game's buffers, the board's grids above all (greedy play copies a game
    /// for every move it tries).
    fn clone_from(&mut self, source: &Game) {
        let (state, from) = (&mut self.state, &source.state);
        state.catalog.clone_from(&from.catalog);
        state.board.clone_from(&from.board);
        state.players.clone_from(&from.players);
        state.meeples.clone_from(&from.meeples);
        state.trace.clone_from(&from.trace);
        state.turn.clone_from(&from.turn);
        state.completed_count = from.completed_count;
        state.returned.clone_from(&from.returned);
        state.ended = from.ended;
        state.tracing = from.tracing;
        state.surround = from.surround;
        state.meeple_term = from.meeple_term;
        self.modules = source.modules.iter().map(|m| m.clone_box()).collect();
    }
}

impl Game {
    pub fn new(
        catalog: Arc<Catalog>,
        colours: &[Colour],
        supply: Supply,
        modules: Vec<Box<dyn RuleModule>>,
    ) -> Game {
        let rule = |kind| {
            (
                kind,
                modules
                    .iter()
                    .find_map(|m| m.surround(kind))
                    .unwrap_or_default(),
            )
        };
        let surround = [
            rule(FeatureKind::Monastery),
            rule(FeatureKind::Castle),
            rule(FeatureKind::Graveyard),
        ];
        Game {
            state: State {
                catalog,
                board: Board::new(),
                players: colours
                    .iter()
                    .map(|&colour| Player {
                        colour,
                        score: 0,
                        supply: supply.clone(),
                        earned: [0; FeatureKind::COUNT],
                    })
                    .collect(),
                meeples: Vec::new(),
                trace: Vec::new(),
                turn: Turn::default(),
                completed_count: 0,
                returned: vec![0; colours.len()],
                ended: false,
                tracing: true,
                surround,
                meeple_term: crate::czech::DRUZINIK,
            },
            modules,
        }
    }

    /// A module of the game by its type (observers: scenario checks, simulations).
    pub fn module<T: Any>(&self) -> Option<&T> {
        self.modules.iter().find_map(|m| m.as_any().downcast_ref())
    }

    /// What each module shows of its state, with the module's id, in module order.
    pub fn statuses(&self) -> Vec<(&'static str, super::hooks::Status)> {
        self.modules
            .iter()
            .filter_map(|m| Some((m.id(), m.status(&self.state)?)))
            .collect()
    }

    /// The ghosts of whichever module keeps them.
    pub fn ghosts(&self) -> Option<&dyn super::hooks::GhostKeeper> {
        self.modules.iter().find_map(|m| m.ghosts())
    }

    /// Runs `f` on a module of the game and the state together (setting up a scenario).
    pub(crate) fn with_module<T: Any, R>(
        &mut self,
        f: impl FnOnce(&mut T, &mut State) -> R,
    ) -> Option<R> {
        let module = self
            .modules
            .iter_mut()
            .find_map(|m| m.as_any_mut().downcast_mut::<T>())?;
        Some(f(module, &mut self.state))
    }

    /// Starts a new game on the same catalog and modules, reusing the board's memory.
    pub fn reset(&mut self, supply: &Supply) {
        let state = &mut self.state;
        state.board.clear();
        for player in &mut state.players {
            player.score = 0;
            player.supply.clone_from(supply);
            player.earned = [0; FeatureKind::COUNT];
        }
        state.meeples.clear();
        state.trace.clear();
        state.turn = Turn::default();
        state.completed_count = 0;
        state.returned.iter_mut().for_each(|r| *r = 0);
        state.ended = false;
        for module in &mut self.modules {
            module.reset();
        }
    }

    /// Puts a tile down without a turn (start tile, a scenario's prepared board). Edges must
    /// still match; features it closes count as already completed, not scored.
    pub fn lay(&mut self, tile: usize, pos: Pos, rotation: u8) -> Result<usize, Refusal> {
        self.check_cell(pos)?;
        let face_down = self.state.catalog.tiles[tile].face_down;
        if !face_down
            && self.state.board.touches_board(pos)
            && !self
                .state
                .board
                .edges_match(&self.state.catalog, tile, pos, rotation)
        {
            return Err(self.edge_refusal(tile, pos, rotation));
        }
        let surround = self.state.surround;
        let State { board, catalog, .. } = &mut self.state;
        board.place(catalog, tile, pos, rotation, |k| lookup(&surround, k));
        Ok(self.state.board.placed.len() - 1)
    }

    /// Places a meeple outside a turn (a scenario's prepared board). A prepared board shows
    /// a position as it stands, so a feature may already hold figures: shared roads and
    /// cities arise in play when separately occupied parts are joined.
    pub fn lay_meeple(
        &mut self,
        placed: usize,
        spot: Spot,
        player: usize,
        kind: MeepleKind,
    ) -> Result<(), Refusal> {
        let (node, _) = self
            .state
            .node_at(placed, spot)
            .ok_or_else(|| self.no_feature_refusal(placed, spot))?;
        self.state.put_meeple(placed, spot, node, player, kind);
        Ok(())
    }

    fn check_cell(&self, pos: Pos) -> Result<(), Refusal> {
        if !in_bounds(pos) {
            return Err(Refusal::new(
                "zh.prilozeni.mimo",
                format!("políčko {pos} je mimo hrací plochu"),
            ));
        }
        if self.state.board.at(pos).is_some() {
            return Err(Refusal::new(
                "zh.prilozeni.obsazeno",
                format!("na políčku {pos} už kartička leží"),
            ));
        }
        Ok(())
    }

    /// A tile whose edges do not match its neighbours: which side meets what on which
    /// neighbour, and which rotations would fit on that cell instead.
    fn edge_refusal(&self, tile: usize, pos: Pos, rotation: u8) -> Refusal {
        let catalog = &self.state.catalog;
        let def = &catalog.tiles[tile];
        let mut clashes = Vec::new();
        for side in Dir::ALL {
            let Some(neighbour) = self.state.board.at(pos.step(side)) else {
                continue;
            };
            let other = &catalog.tiles[neighbour.tile];
            if other.face_down {
                continue;
            }
            let mine = def.side_code(side.index(), rotation % 4);
            let theirs = other.side_code(side.opposite().index(), neighbour.rotation % 4);
            if mine == mirror_code(theirs) {
                continue;
            }
            let (mine, theirs) = (side_terrain(mine), side_terrain(theirs));
            let meeting = if mine == theirs {
                format!("okraje ({}) nenavazují", terrain_nominative(mine))
            } else {
                format!(
                    "{} narazí na {}",
                    terrain_nominative(mine),
                    terrain_accusative(theirs)
                )
            };
            clashes.push(format!(
                "{} {meeting} sousední kartičky {} na {}",
                side.on_cs(),
                other.spec.quoted(),
                neighbour.pos
            ));
        }
        let fitting: Vec<String> = (0..4u8)
            .filter(|r| {
                self.state.board.edges_match(catalog, tile, pos, *r)
                    && self
                        .modules
                        .iter()
                        .all(|m| m.veto_tile(&self.state, &TilePlacement { pos }).is_none())
            })
            .map(|r| format!("{}°", u16::from(r) * 90))
            .collect();
        let advice = match fitting.as_slice() {
            [] => "žádné otočení tu nesedí".to_owned(),
            [one] => format!("sedí tu jen otočení {one}"),
            [rest @ .., last] => format!("sedí tu otočení {} a {last}", rest.join(", ")),
        };
        let clashes = if clashes.is_empty() {
            "území na stycích s okolními kartičkami nenavazují".to_owned()
        } else {
            clashes.join("; ")
        };
        Refusal::new(
            "zh.prilozeni.navaznost",
            format!(
                "kartička {} na {pos} s otočením {}° nenavazuje: {clashes}; {advice}",
                def.spec.quoted(),
                u16::from(rotation % 4) * 90
            ),
        )
    }

    /// A meeple aimed at a spot where the tile has no feature (`center` without a monastery,
    /// castle or graveyard; a tile lying face down).
    fn no_feature_refusal(&self, placed: usize, spot: Spot) -> Refusal {
        let tile = &self.state.catalog.tiles[self.state.board.placed[placed].tile];
        let pos = self.state.board.placed[placed].pos;
        let term = self.state.meeple_term;
        let message = if tile.face_down {
            format!(
                "kartička na {pos} leží lícem dolů a nemá žádné území, {} na ni nesmí",
                term.nominative()
            )
        } else if spot == Spot::Center {
            format!(
                "kartička {} na {pos} nemá uprostřed klášter, zámek ani hřbitov, \
                 takže na místě `center` není území pro {}",
                tile.spec.quoted(),
                term.accusative()
            )
        } else {
            format!(
                "na místě `{}` kartičky {} na {pos} není území pro {}",
                spot.name(),
                tile.spec.quoted(),
                term.accusative()
            )
        };
        Refusal::new("zh.druzinik.zadne-uzemi", message)
    }

    /// Why `tile` cannot go to `pos` with `rotation`, if it cannot.
    pub fn placement_refusal(&self, tile: usize, pos: Pos, rotation: u8) -> Option<Refusal> {
        if let Err(refusal) = self.check_cell(pos) {
            return Some(refusal);
        }
        if !self.state.board.touches_board(pos) {
            return Some(Refusal::new(
                "zh.prilozeni.soused",
                format!("políčko {pos} nesousedí hranou s žádnou kartičkou"),
            ));
        }
        if !self
            .state
            .board
            .edges_match(&self.state.catalog, tile, pos, rotation)
        {
            return Some(self.edge_refusal(tile, pos, rotation));
        }
        let placement = TilePlacement { pos };
        self.modules
            .iter()
            .find_map(|m| m.veto_tile(&self.state, &placement))
    }

    /// Cells and rotations where `tile`'s edges fit, written into `out` (no allocation on the
    /// hot path of random games); module vetoes are checked by `place_tile`.
    pub(crate) fn edge_fits_into(&self, tile: usize, out: &mut Vec<(Pos, u8)>) {
        out.clear();
        self.state.board.fits_into(&self.state.catalog, tile, out);
    }

    /// Every legal (cell, rotation) for `tile`.
    pub fn legal_placements(&self, tile: usize) -> Vec<(Pos, u8)> {
        let mut fits = Vec::new();
        self.edge_fits_into(tile, &mut fits);
        fits.retain(|(pos, _)| {
            let placement = TilePlacement { pos: *pos };
            self.modules
                .iter()
                .all(|m| m.veto_tile(&self.state, &placement).is_none())
        });
        fits
    }

    /// Step 1 of a turn: the tile goes down and its features merge.
    pub fn place_tile(
        &mut self,
        tile: usize,
        pos: Pos,
        rotation: u8,
        decider: &mut dyn Decider,
    ) -> Result<(), Refusal> {
        if self.state.ended {
            return Err(Refusal::new("zh.konec.hra-skoncila", "hra už skončila"));
        }
        if let Some(refusal) = self.placement_refusal(tile, pos, rotation) {
            return Err(refusal);
        }
        let surround = self.state.surround;
        let State { board, catalog, .. } = &mut self.state;
        let placement = board.place(catalog, tile, pos, rotation, |k| lookup(&surround, k));
        let placed = self.state.board.placed.len() - 1;
        let colour = self.state.colour_name(self.state.turn.player);
        let catalog = &self.state.catalog;
        if self.state.tracing {
            let text = format!(
                "{colour} přikládá kartičku {} na pole {pos}, otočení {}°",
                catalog.tiles[tile].spec.quoted(),
                u16::from(rotation) * 90
            );
            self.state.event("zh.prilozeni", || text);
        }
        self.state.turn.placed = Some(placed);
        for _ in placement.blocked_fog {
            self.state.event("du.mlha.nelze-uzavrit", || {
                "mlha teď sousedí s územím bez mlhy a už ji nelze uzavřít".into()
            });
        }
        for root in placement.closed_fog {
            let tiles = self.state.board.fog[root as usize].tiles.len();
            self.state.event("du.mlha.uzavrena", || {
                format!("mlha přes {} je uzavřena", crate::model::tiles_cs(tiles))
            });
        }
        // Completion is announced in the scoring step (`finish_turn`), after the meeple step.
        for root in placement.closed.into_iter().chain(placement.surrounded) {
            self.state.completed_count += 1;
            self.state.turn.completed.push(root);
        }
        for module in &mut self.modules {
            module.tile_placed(&mut self.state, placed, decider);
        }
        Ok(())
    }

    /// A player who drew `tile` wants to place nothing: allowed only when it fits nowhere,
    /// and then the tile is set aside.
    pub fn pass_with(&mut self, tile: usize) -> Result<(), Refusal> {
        if !self.legal_placements(tile).is_empty() {
            return Err(Refusal::new(
                "zh.prilozeni.povinne",
                "kartička se dá přiložit, takže ji hráč přiložit musí",
            ));
        }
        let name = self.state.catalog.tiles[tile].spec.quoted();
        let text = format!("kartičku {name} nelze nikam přiložit: odkládá se");
        self.state.event("zh.prilozeni.nelze-nikam", || text);
        Ok(())
    }

    /// Step 2 aimed at the tile at `pos`, which must be the one placed this turn.
    pub fn place_meeple_at(
        &mut self,
        pos: Pos,
        spot: Spot,
        kind: MeepleKind,
    ) -> Result<(), Refusal> {
        let placed_here = self
            .state
            .turn
            .placed
            .map(|p| self.state.board.placed[p].pos);
        if placed_here != Some(pos) {
            return Err(Refusal::new(
                "zh.druzinik.jen-nova-karticka",
                format!(
                    "kartička na {pos} nebyla přiložena v tomto tahu; {} smí jen na tu novou",
                    self.state.meeple_term.nominative()
                ),
            ));
        }
        self.place_meeple(spot, kind)
    }

    /// Step 2: at most one meeple, on the tile just placed, on a free feature.
    pub fn place_meeple(&mut self, spot: Spot, kind: MeepleKind) -> Result<(), Refusal> {
        let player = self.state.turn.player;
        let term = self.state.meeple_term;
        let Some(placed) = self.state.turn.placed else {
            return Err(Refusal::new(
                "zh.druzinik.jen-nova-karticka",
                format!(
                    "{} lze postavit jen na kartičku přiloženou v tomto tahu",
                    term.accusative()
                ),
            ));
        };
        if self.state.turn.meeple_placed {
            return Err(Refusal::new(
                "zh.druzinik.jeden-za-tah",
                format!(
                    "v jednom tahu lze nasadit nejvýše jednoho {}",
                    term.accusative()
                ),
            ));
        }
        let (node, feature) = self
            .state
            .node_at(placed, spot)
            .ok_or_else(|| self.no_feature_refusal(placed, spot))?;
        if !self.state.component(node).meeples.is_empty() {
            return Err(Refusal::new(
                "zh.druzinik.obsazeno",
                format!("{} už stojí {}", feature.czech_at(), term.nominative()),
            ));
        }
        let tile = self.state.board.placed[placed].tile;
        let def = &self.state.catalog.tiles[tile];
        let local = self.state.board.placed[placed].first_node;
        if feature == FeatureKind::Field && def.features[(node - local) as usize].fogged {
            return Err(Refusal::new(
                "du.mlha.louka",
                format!(
                    "na louku pokrytou mlhou nelze postavit {}",
                    term.accusative()
                ),
            ));
        }
        if self.state.players[player].supply.count(kind) == 0 {
            return Err(Refusal::new(
                "zh.druzinik.zasoba",
                format!(
                    "hráč už nemá v zásobě žádného {}",
                    self.state.kind_accusative(kind)
                ),
            ));
        }
        let placement = MeeplePlacement { feature };
        if let Some(refusal) = self
            .modules
            .iter()
            .find_map(|m| m.veto_meeple(&self.state, &placement))
        {
            return Err(refusal);
        }
        let meeple = self.state.put_meeple(placed, spot, node, player, kind);
        self.state.turn.meeple_placed = true;
        if self.state.tracing {
            let colour = self.state.colour_name(player);
            let kind = self.state.kind_accusative(kind);
            self.state.event("zh.druzinik.nasazen", || {
                format!("{colour} staví {kind} {}", feature.czech_into())
            });
        }
        for module in &mut self.modules {
            module.meeple_placed(&mut self.state, meeple);
        }
        Ok(())
    }

    /// Step 3 and the turn's end: score what this turn completed, then the next player. A
    /// game that ends meanwhile (a module's win or loss) scores nothing more.
    pub fn finish_turn(&mut self, decider: &mut dyn Decider) {
        let completed = std::mem::take(&mut self.state.turn.completed);
        for node in completed {
            if self.state.ended {
                break;
            }
            // Announced here, in the scoring step, after the meeple step of the turn.
            if let Some(kind) = self.state.board.components[node as usize].kind {
                self.state
                    .event("zh.uzemi.dokonceno", || kind.czech_completed().into());
            }
            for module in &mut self.modules {
                module.feature_completed(&mut self.state, node, decider);
            }
            let Some(kind) = self.state.board.components[node as usize].kind else {
                continue;
            };
            let mut score = FeatureScore {
                node,
                kind,
                points: 0,
                winners: Vec::new(),
                rule: "zh.uzemi.dokonceno",
                explanation: String::new(),
            };
            for module in &mut self.modules {
                module.score_completed(&mut self.state, &mut score, decider);
            }
            self.award_score(&score, |kind| kind.czech().to_owned());
            for module in &mut self.modules {
                module.feature_scored(&mut self.state, &score, decider);
            }
            self.state.return_meeples(node);
        }
        if !self.state.ended {
            for module in &mut self.modules {
                module.end_of_turn(&mut self.state, decider);
            }
        }
        let players = self.state.players.len().max(1);
        self.state.turn = Turn {
            player: (self.state.turn.player + 1) % players,
            ..Turn::default()
        };
    }

    /// Final scoring: every occupied unfinished feature (fields last) as the modules value it,
    /// then the modules' own end; the game accepts no more moves.
    pub fn end_game(&mut self) {
        if self.state.ended {
            return;
        }
        let board = &self.state.board;
        let mut roots: Vec<u32> = (0..board.node_count() as u32)
            .filter(|n| {
                let c = &board.components[*n as usize];
                board.is_root(*n) && !c.complete && !c.meeples.is_empty() && c.kind.is_some()
            })
            .collect();
        roots.sort_by_key(|n| board.components[*n as usize].kind == Some(FeatureKind::Field));
        for root in roots {
            if let Some(score) = self.value_unfinished(root) {
                self.award_score(&score, |kind| {
                    format!("nedokončené území ({}) na konci hry", kind.czech())
                });
            }
        }
        for module in &mut self.modules {
            module.end_of_game(&mut self.state);
        }
        self.state.ended = true;
    }

    /// Scores an unfinished feature now, as at the end of the game, and sends its meeples
    /// home (the gift "Vyklizení cesty"); `None` when nobody stands there.
    pub(crate) fn score_unfinished_now(
        &mut self,
        node: u32,
        decider: &mut dyn Decider,
    ) -> Option<FeatureScore> {
        let root = self.state.board.root(node);
        let score = self.value_unfinished(root)?;
        self.award_score(&score, |kind| {
            format!("nedokončené území ({}) se hodnotí hned", kind.czech())
        });
        for module in &mut self.modules {
            module.feature_scored(&mut self.state, &score, decider);
        }
        self.state.return_meeples(root);
        Some(score)
    }

    fn value_unfinished(&mut self, root: u32) -> Option<FeatureScore> {
        let component = &self.state.board.components[root as usize];
        let kind = component.kind?;
        if component.meeples.is_empty() {
            return None;
        }
        let mut score = FeatureScore {
            node: root,
            kind,
            points: 0,
            winners: Vec::new(),
            rule: "zh.konec",
            explanation: String::new(),
        };
        for module in &mut self.modules {
            module.score_unfinished(&mut self.state, &mut score);
        }
        Some(score)
    }

    /// Awards a feature's points and says so: "{heading}: {winners} získává {points} bodů (…)";
    /// the heading is only built when tracing.
    fn award_score(&mut self, score: &FeatureScore, heading: impl FnOnce(FeatureKind) -> String) {
        if score.winners.is_empty() {
            return;
        }
        self.state
            .award_feature(&score.winners, score.points, score.kind);
        if !self.state.tracing {
            return;
        }
        let names: Vec<&str> = score
            .winners
            .iter()
            .map(|p| self.state.colour_name(*p))
            .collect();
        let text = format!(
            "{}: {} {} ({})",
            heading(score.kind),
            crate::czech::subject(&names, "získává", "získávají"),
            crate::czech::points(score.points),
            score.explanation
        );
        self.state.event(score.rule, || text);
    }
}

/// The terrain a side shows (the middle port: a road side is field, road, field).
fn side_terrain(code: u32) -> u32 {
    (code >> 2) & 0b11
}

fn terrain_nominative(terrain: u32) -> &'static str {
    match terrain {
        t if t == Terrain::Road as u32 => "cesta",
        t if t == Terrain::City as u32 => "město",
        _ => "louka",
    }
}

fn terrain_accusative(terrain: u32) -> &'static str {
    match terrain {
        t if t == Terrain::Road as u32 => "cestu",
        t if t == Terrain::City as u32 => "město",
        _ => "louku",
    }
}
