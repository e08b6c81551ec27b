//! Dárky (Gifts, source 002): extending another player's road or city, so that the placer has
//! no share of its majority, earns a gift card (at most one a turn); after drawing a tile that
//! can be placed and before placing it, a player may open one gift; each unopened gift is worth
//! 2 points at the end.

use marked_yaml::types::MarkedMappingNode;

use super::vocabulary::{player_index, Applied, Hooks, Report, Scope};
use crate::diagnostic::{Diagnostics, Location};
use crate::engine::core::{Decider, Game, Refusal, Rng, RuleModule, State, Status};
use crate::model::{
    per_player, player_entries, position, tile_ref, Colour, Corpus, FeatureKind, MeepleKind, Pos,
    Spot, TileRef, MAX_COUNT,
};
use crate::yaml::{self, Fields};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gift {
    Koncil,
    VyklizeniCesty,
    Vyplaceni,
    ZmenaPostoje,
    VyberZeDvou,
}

impl Gift {
    const ALL: [Gift; 5] = [
        Gift::Koncil,
        Gift::VyklizeniCesty,
        Gift::Vyplaceni,
        Gift::ZmenaPostoje,
        Gift::VyberZeDvou,
    ];

    const NAMES: &'static str = "koncil, vyklizeni-cesty, vyplaceni, zmena-postoje, vyber-ze-dvou";

    const fn id(self) -> &'static str {
        match self {
            Gift::Koncil => "koncil",
            Gift::VyklizeniCesty => "vyklizeni-cesty",
            Gift::Vyplaceni => "vyplaceni",
            Gift::ZmenaPostoje => "zmena-postoje",
            Gift::VyberZeDvou => "vyber-ze-dvou",
        }
    }

    fn parse(text: &str) -> Option<Gift> {
        Gift::ALL.into_iter().find(|g| g.id() == text)
    }

    const fn czech(self) -> &'static str {
        match self {
            Gift::Koncil => "Koncil",
            Gift::VyklizeniCesty => "Vyklizení cesty",
            Gift::Vyplaceni => "Vyplacení",
            Gift::ZmenaPostoje => "Změna postoje",
            Gift::VyberZeDvou => "Výběr ze dvou",
        }
    }
}

/// Every card's scenario id and Czech name, in the rules' order (the descriptor's `cards`).
const CARDS: [(&str, &str); Gift::ALL.len()] = {
    let mut cards = [("", ""); Gift::ALL.len()];
    let mut i = 0;
    while i < cards.len() {
        cards[i] = (Gift::ALL[i].id(), Gift::ALL[i].czech());
        i += 1;
    }
    cards
};

/// Cards of each kind in the deck.
const EACH: usize = 5;
/// Points per unopened gift at the end.
const UNOPENED_POINTS: i32 = 2;

/// What an opened gift acts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GiftTarget {
    /// Koncil: the monastery tile.
    Tile(Pos),
    /// Vyklizení cesty: a road; Vyplacení: the player's meeple there.
    Spot(Pos, Spot),
    /// Změna postoje: the player's meeple at the first spot, to the second spot of its tile.
    Move(Pos, Spot, Spot),
    /// Výběr ze dvou: the other drawn tile (placeable) and, drawn before it, tiles that fit
    /// nowhere and are set aside (4/2022).
    OtherTile { other: usize, set_aside: Vec<usize> },
    /// Výběr ze dvou when no tile is left to draw: the card has no effect.
    NoTile,
}

#[derive(Debug, Clone)]
pub struct Gifts {
    pub deck: Vec<Gift>,
    pub discard: Vec<Gift>,
    pub hands: Vec<Vec<Gift>>,
    rng: Rng,
    players: usize,
    seed: u64,
}

impl Gifts {
    /// The 25 cards shuffled by `seed` (a seed always deals the same deck).
    fn new(players: usize, seed: u64) -> Gifts {
        let mut rng = Rng::new(seed);
        let mut deck: Vec<Gift> = Gift::ALL
            .iter()
            .flat_map(|g| std::iter::repeat_n(*g, EACH))
            .collect();
        rng.shuffle(&mut deck);
        Gifts {
            deck,
            discard: Vec::new(),
            hands: vec![Vec::new(); players],
            rng,
            players,
            seed,
        }
    }

    /// A scenario's deck: `top` first, then the other cards of the 25.
    fn stack_deck(&mut self, top: &[Gift], hands: &[(usize, Vec<Gift>)]) -> Result<(), String> {
        let mut rest: Vec<Gift> = Gift::ALL
            .iter()
            .flat_map(|g| std::iter::repeat_n(*g, EACH))
            .collect();
        let mut take = |gift: Gift| -> Result<(), String> {
            let index = rest
                .iter()
                .position(|g| *g == gift)
                .ok_or_else(|| format!("dárek {} je v balíčku jen {EACH}×", gift.czech()))?;
            rest.remove(index);
            Ok(())
        };
        for (player, hand) in hands {
            for gift in hand {
                take(*gift)?;
            }
            if let Some(h) = self.hands.get_mut(*player) {
                h.clone_from(hand);
            }
        }
        for gift in top {
            take(*gift)?;
        }
        // The deck is drawn from its end.
        self.deck = rest.into_iter().chain(top.iter().rev().copied()).collect();
        Ok(())
    }

    fn unopened(&self, player: usize) -> usize {
        self.hands.get(player).map_or(0, Vec::len)
    }

    /// The top card; an empty deck is reshuffled from the discards; none when every card is
    /// in someone's hand.
    fn receive(&mut self, state: &mut State, player: usize) {
        if self.deck.is_empty() {
            self.deck = std::mem::take(&mut self.discard);
            self.rng.shuffle(&mut self.deck);
            if !self.deck.is_empty() {
                state.event("da.balicek.znovu", || {
                    "balíček dárků došel: zamíchá se odkládací hromádka".into()
                });
            }
        }
        let Some(gift) = self.deck.pop() else {
            state.event("da.obdrzeni.zadny", || {
                "všechny dárky leží neotevřené u hráčů: žádný dárek".into()
            });
            return;
        };
        self.hands[player].push(gift);
        let whose = state.colour_name(player);
        state.event("da.obdrzeni", || {
            format!("{whose} rozšířil cestu či město, kde nemá převahu: dostává dárek")
        });
    }
}

impl RuleModule for Gifts {
    fn id(&self) -> &'static str {
        DESCRIPTOR.id
    }

    fn status(&self, state: &State) -> Option<Status> {
        let hands: Vec<String> = (0..state.players.len())
            .map(|p| format!("{} {}", state.colour_name(p), self.unopened(p)))
            .collect();
        Some(Status {
            line: Some(format!(
                "Neotevřené dárky: {}; v balíčku {}, odloženo {}",
                hands.join(", "),
                self.deck.len(),
                self.discard.len()
            )),
            ..Status::default()
        })
    }

    fn reset(&mut self) {
        *self = Gifts::new(self.players, self.seed);
    }

    /// One gift when the tile extends a road or city on the board where, after placing, others
    /// stand and the placer has no share of the majority (footnote 1 of source 002).
    fn tile_placed(&mut self, state: &mut State, placed: usize, _decider: &mut dyn Decider) {
        let player = state.turn.player;
        let p = state.board.placed[placed];
        let def = &state.catalog.tiles[p.tile];
        let earns = (0..def.features.len()).any(|i| {
            let kind = def.features[i].kind;
            if !matches!(kind, FeatureKind::Road | FeatureKind::City) {
                return false;
            }
            let node = p.first_node + i as u32;
            let feature = state.component(node);
            let extends = feature.tiles.iter().any(|t| *t as usize != placed);
            extends && !feature.meeples.is_empty() && !state.majority(node).contains(&player)
        });
        if earns {
            self.receive(state, player);
        }
    }

    fn end_of_game(&mut self, state: &mut State) {
        for player in 0..self.hands.len().min(state.players.len()) {
            let n = self.hands[player].len();
            if n > 0 {
                state.award(&[player], UNOPENED_POINTS * n as i32);
                let whose = state.colour_name(player);
                state.event("da.konec", || {
                    format!(
                        "{whose}: {} za {}",
                        crate::czech::points(UNOPENED_POINTS * n as i32),
                        crate::czech::count(
                            n as u64,
                            ["neotevřený dárek", "neotevřené dárky", "neotevřených dárků"]
                        )
                    )
                });
            }
        }
    }
}

fn refuse(rule: &'static str, message: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal::new(rule, message))
}

/// The player on turn opens `gift`, having drawn `drawn`, which must be placeable
/// (4/2022); the card goes to the discards.
pub fn open(
    game: &mut Game,
    drawn: usize,
    gift: Gift,
    target: GiftTarget,
    decider: &mut dyn Decider,
) -> Result<(), Refusal> {
    let player = game.state.turn.player;
    if game.legal_placements(drawn).is_empty() {
        return refuse(
            "da.otevreni.prilozitelna",
            "dárek lze otevřít jen s taženou kartičkou, kterou lze přiložit",
        );
    }
    let has = game
        .module::<Gifts>()
        .is_some_and(|g| g.hands.get(player).is_some_and(|h| h.contains(&gift)));
    if !has {
        return refuse(
            "da.otevreni.nema",
            format!("hráč nemá neotevřený dárek {}", gift.czech()),
        );
    }
    if !has_effect(game, player, gift, &target) {
        // A gift that can do nothing now is simply discarded (source 002, footnote 2).
        let whose = game.state.colour_name(player);
        game.state.event("da.bez-ucinku", || {
            format!(
                "{whose} otevírá {}, který teď nemá žádný účinek: jen se odkládá",
                gift.czech()
            )
        });
        discard(game, player, gift);
        return Ok(());
    }
    match (gift, target) {
        (Gift::Koncil, GiftTarget::Tile(pos)) => koncil(&mut game.state, player, pos)?,
        (Gift::VyklizeniCesty, GiftTarget::Spot(pos, spot)) => {
            road_clearance(game, pos, spot, decider)?
        }
        (Gift::Vyplaceni, GiftTarget::Spot(pos, spot)) => {
            payout(&mut game.state, player, pos, spot)?
        }
        (Gift::ZmenaPostoje, GiftTarget::Move(pos, from, to)) => {
            change_of_stance(&mut game.state, player, pos, from, to)?
        }
        (Gift::VyberZeDvou, GiftTarget::OtherTile { other, set_aside }) => {
            choice_of_two(game, player, other, &set_aside)?
        }
        _ => {
            return refuse(
                "da.otevreni.cil",
                format!("dárek {} potřebuje jiný cíl", gift.czech()),
            )
        }
    }
    discard(game, player, gift);
    Ok(())
}

/// Koncil: a meeple from supply into the unfinished monastery at `pos`, occupied or not.
fn koncil(state: &mut State, player: usize, pos: Pos) -> Result<(), Refusal> {
    let whose = state.colour_name(player);
    let monastery = state.board.index_at(pos).and_then(|placed| {
        let (node, kind) = state.node_at(placed, Spot::Center)?;
        (kind == FeatureKind::Monastery).then_some((placed, node))
    });
    let Some((placed, node)) = monastery else {
        return refuse("da.koncil", format!("na {pos} není klášter"));
    };
    if state.component(node).complete {
        return refuse("da.koncil", "klášter už je dokončený");
    }
    if state.players[player].supply.count(MeepleKind::NORMAL) == 0 {
        return refuse("zh.druzinik.zasoba", "hráč nemá družiníka v zásobě");
    }
    let occupied = !state.component(node).meeples.is_empty();
    state.put_meeple(placed, Spot::Center, node, player, MeepleKind::NORMAL);
    state.event("da.koncil", || {
        let already = if occupied {
            ", i když je obsazený"
        } else {
            ""
        };
        format!("Koncil: {whose} staví družiníka do kláštera na {pos}{already}")
    });
    Ok(())
}

/// Vyklizení cesty: the unfinished road at `pos` is scored as at the end of the game.
fn road_clearance(
    game: &mut Game,
    pos: Pos,
    spot: Spot,
    decider: &mut dyn Decider,
) -> Result<(), Refusal> {
    let state = &mut game.state;
    let road = state
        .board
        .index_at(pos)
        .and_then(|placed| state.node_at(placed, spot))
        .filter(|(_, kind)| *kind == FeatureKind::Road);
    let Some((node, _)) = road else {
        let spot = spot.name();
        return refuse(
            "da.vyklizeni",
            format!("na místě `{spot}` kartičky na {pos} není cesta"),
        );
    };
    if state.component(node).complete {
        return refuse("da.vyklizeni", "cesta už je dokončená");
    }
    state.event("da.vyklizeni", || {
        format!("Vyklizení cesty: cesta na {pos} se hodnotí jako na konci hry a všechny figurky z ní odcházejí")
    });
    game.score_unfinished_now(node, decider);
    Ok(())
}

/// Vyplacení: the player takes a meeple back, 2 points for each figure on its feature.
fn payout(state: &mut State, player: usize, pos: Pos, spot: Spot) -> Result<(), Refusal> {
    let whose = state.colour_name(player);
    let Some(meeple) = state
        .meeple_at(pos, spot)
        .filter(|m| state.meeples[*m].player == player)
    else {
        return refuse(
            "da.vyplaceni",
            format!("na {pos} nestojí družiník hráče na tahu"),
        );
    };
    let standing = state.component(state.meeples[meeple].node).meeples.len() as i32;
    state.return_meeple(meeple);
    state.award(&[player], 2 * standing);
    state.event("da.vyplaceni", || {
        format!(
            "Vyplacení: {whose} bere družiníka zpět a získává {} (2 za každou figurku na území)",
            crate::czech::points(2 * standing)
        )
    });
    Ok(())
}

/// Změna postoje: a meeple lies down on a field of its tile or stands up from one.
fn change_of_stance(
    state: &mut State,
    player: usize,
    pos: Pos,
    from: Spot,
    to: Spot,
) -> Result<(), Refusal> {
    let whose = state.colour_name(player);
    let Some(meeple) = state
        .meeple_at(pos, from)
        .filter(|m| state.meeples[*m].player == player)
    else {
        return refuse(
            "da.zmena-postoje",
            format!("na {pos} nestojí družiník hráče na tahu"),
        );
    };
    let placed = state.meeples[meeple].tile;
    let Some((_, now)) = state.node_at(placed, from) else {
        return refuse("da.zmena-postoje", "družiník nestojí na území");
    };
    let Some((node, kind)) = state.node_at(placed, to) else {
        return refuse("da.zmena-postoje", "na cílovém místě kartičky není území");
    };
    let lies_down = now != FeatureKind::Field && kind == FeatureKind::Field;
    let stands_up = now == FeatureKind::Field
        && matches!(
            kind,
            FeatureKind::Road | FeatureKind::City | FeatureKind::Monastery
        );
    if !lies_down && !stands_up {
        return refuse(
            "da.zmena-postoje",
            "změna postoje znamená lehnout si na louku nebo z louky vstát na cestu, město či klášter téže kartičky",
        );
    }
    let def = &state.catalog.tiles[state.board.placed[placed].tile];
    let local = (node - state.board.placed[placed].first_node) as usize;
    if kind == FeatureKind::Field && def.features[local].fogged {
        return refuse(
            "du.mlha.louka",
            "na louku pokrytou mlhou nelze družiníka položit",
        );
    }
    state.move_meeple(meeple, to, node);
    state.event("da.zmena-postoje", || {
        format!(
            "Změna postoje: {whose} mění postoj družiníka na {pos} ({})",
            kind.czech()
        )
    });
    Ok(())
}

/// Výběr ze dvou: the player draws a second tile; unplaceable ones drawn first are set aside.
fn choice_of_two(
    game: &mut Game,
    player: usize,
    other: usize,
    set_aside: &[usize],
) -> Result<(), Refusal> {
    let whose = game.state.colour_name(player);
    for &tile in set_aside {
        let name = game.state.catalog.tiles[tile].spec.quoted();
        if !game.legal_placements(tile).is_empty() {
            return refuse(
                "da.vyber.neprilozitelna",
                format!(
                    "kartičku {name} lze přiložit, takže se neodkládá: je to druhá kartička výběru"
                ),
            );
        }
        game.state.event("da.vyber.neprilozitelna", || {
            format!(
                "Výběr ze dvou: kartičku {name} nelze nikam přiložit, odkládá se a táhne se další"
            )
        });
    }
    if game.legal_placements(other).is_empty() {
        return refuse(
            "da.vyber.neprilozitelna",
            "druhou kartičku nelze přiložit: odkládá se a táhne se další, dokud nejsou dvě přiložitelné",
        );
    }
    let name = game.state.catalog.tiles[other].spec.quoted();
    game.state.event("da.vyber", || {
        format!(
            "Výběr ze dvou: {whose} táhne i kartičku {name}, jednu kartičku přiloží a druhou odloží"
        )
    });
    Ok(())
}

/// The opened card leaves the player's hand for the discards.
fn discard(game: &mut Game, player: usize, gift: Gift) {
    game.with_module(|gifts: &mut Gifts, _| {
        if let Some(hand) = gifts.hands.get_mut(player) {
            if let Some(i) = hand.iter().position(|g| *g == gift) {
                hand.remove(i);
            }
        }
        gifts.discard.push(gift);
    });
}

/// Whether the gift could do anything now, whatever the target: an unfinished monastery and a
/// meeple in supply (Koncil), an unfinished road (Vyklizení cesty), one of the player's meeples
/// on the board (Vyplacení; Změna postoje where it can lie down or stand up), a second tile
/// (Výběr ze dvou: none when no tile is left to draw).
fn has_effect(game: &Game, player: usize, gift: Gift, target: &GiftTarget) -> bool {
    let state = &game.state;
    let board = &state.board;
    let unfinished = |kind: FeatureKind| {
        (0..board.node_count() as u32).any(|n| {
            let c = &board.components[n as usize];
            board.is_root(n) && c.kind == Some(kind) && !c.complete
        })
    };
    let own = || {
        (0..state.meeples.len())
            .filter(move |m| state.meeples[*m].on_board && state.meeples[*m].player == player)
    };
    match gift {
        Gift::Koncil => {
            unfinished(FeatureKind::Monastery)
                && state.players[player].supply.count(MeepleKind::NORMAL) > 0
        }
        Gift::VyklizeniCesty => unfinished(FeatureKind::Road),
        Gift::Vyplaceni => own().next().is_some(),
        Gift::ZmenaPostoje => own().any(|m| {
            let meeple = &state.meeples[m];
            let Some((_, now)) = state.node_at(meeple.tile, meeple.spot) else {
                return false;
            };
            let placed = state.board.placed[meeple.tile];
            let def = &state.catalog.tiles[placed.tile];
            def.features.iter().any(|f| {
                (now != FeatureKind::Field && f.kind == FeatureKind::Field && !f.fogged)
                    || (now == FeatureKind::Field
                        && matches!(
                            f.kind,
                            FeatureKind::Road | FeatureKind::City | FeatureKind::Monastery
                        ))
            })
        }),
        Gift::VyberZeDvou => *target != GiftTarget::NoTile,
    }
}

/// The rule keys its rules emit, with what each stands for.
const RULE_KEYS: &[(&str, &str)] = &[
    (
        "da.obdrzeni",
        "rozšíření cizí cesty či města bez podílu na převaze: jeden dárek za tah",
    ),
    (
        "da.obdrzeni.zadny",
        "všechny dárky jsou neotevřené v rukou: žádný dárek",
    ),
    (
        "da.balicek.znovu",
        "došlý balíček dárků se doplní zamícháním odložených",
    ),
    (
        "da.otevreni.prilozitelna",
        "dárek lze otevřít jen s taženou kartičkou, kterou lze přiložit",
    ),
    ("da.otevreni.nema", "hráč takový neotevřený dárek nemá"),
    ("da.otevreni.cil", "dárek potřebuje jiný cíl"),
    (
        "da.koncil",
        "Koncil: družiník do libovolného nedokončeného kláštera",
    ),
    (
        "da.vyklizeni",
        "Vyklizení cesty: cesta se hodnotí jako na konci a figurky z ní odcházejí",
    ),
    (
        "da.vyplaceni",
        "Vyplacení: vlastní družiník zpět, 2 body za každou figurku na území",
    ),
    (
        "da.zmena-postoje",
        "Změna postoje: družiník si lehne na louku nebo z ní vstane na téže kartičce",
    ),
    (
        "da.vyber",
        "Výběr ze dvou: tahají se dvě kartičky, jedna se přiloží, druhá odloží",
    ),
    (
        "da.vyber.neprilozitelna",
        "Výběr ze dvou: nepřiložitelná kartička se odkládá a táhne se další",
    ),
    ("da.konec", "na konci 2 body za každý neotevřený dárek"),
    (
        "da.bez-ucinku",
        "dárek, který teď nemá účinek, se jen odloží",
    ),
];

/// The gifts' scenario keys.
pub const DESCRIPTOR: super::vocabulary::Descriptor = super::vocabulary::Descriptor {
    id: "darky",
    name: "Dárky",
    expansion: true,
    status_key: None,
    figure: None,
    rule_prefixes: &["da"],
    rule_keys: RULE_KEYS,
    figures: &[],
    tile_set: None,
    markers: &[],
    levels: &[],
    setup: &["gift_deck", "gifts"],
    board: &[],
    meeple: &[],
    step: &["gift"],
    expect: &["gifts"],
    cards: &CARDS,
    hooks: &ScenarioHooks,
};

/// The gift deck of a scenario: cards on top of the deck and in the players' hands.
#[derive(Debug, Clone, Default)]
struct ScenarioSetup {
    deck_top: Vec<Gift>,
    hands: Vec<(Colour, Vec<Gift>)>,
}

/// A gift the player on turn opens before placing the drawn tile.
#[derive(Debug, Clone)]
struct GiftSpec {
    card: Gift,
    at: Option<Pos>,
    on: Option<Spot>,
    to: Option<Spot>,
    /// Výběr ze dvou: the other tile drawn, which is set aside.
    other: Option<TileRef>,
    /// Výběr ze dvou: tiles drawn before it that fit nowhere and are set aside.
    set_aside: Vec<TileRef>,
}

#[derive(Debug)]
struct ScenarioHooks;

impl Hooks for ScenarioHooks {
    type Setup = ScenarioSetup;
    type Board = ();
    type Meeple = ();
    type Step = GiftSpec;
    /// Unopened gifts in each player's hand.
    type Expect = Vec<(Colour, u32)>;

    fn modules(&self, players: usize, seed: u64) -> Vec<Box<dyn RuleModule>> {
        vec![Box::new(Gifts::new(players, seed))]
    }

    fn setup(
        &self,
        setup: Option<&Fields>,
        scope: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<ScenarioSetup> {
        gifts_setup(setup?, scope.players, diags)
    }

    fn before_board(&self, game: &mut Game, setup: &ScenarioSetup, players: &[Colour]) -> Applied {
        let hands: Vec<(usize, Vec<Gift>)> = setup
            .hands
            .iter()
            .filter_map(|(c, gifts)| Some((player_index(players, c)?, gifts.clone())))
            .collect();
        game.with_module(|gifts: &mut Gifts, _| gifts.stack_deck(&setup.deck_top, &hands))
            .unwrap_or(Ok(()))
    }

    /// `gift: {card: koncil, at: [1, 0]}`: a gift opened before the tile is placed.
    fn step(&self, step: &Fields, scope: &Scope, diags: &mut Diagnostics) -> Option<GiftSpec> {
        let map = step.optional_mapping("gift", diags)?;
        gift_spec(step.file, map, scope.corpus, diags)
    }

    /// The other tile first, then those set aside.
    fn step_tiles(&self, spec: &GiftSpec) -> Vec<TileRef> {
        spec.other.iter().chain(&spec.set_aside).cloned().collect()
    }

    fn before_place(
        &self,
        game: &mut Game,
        drawn: usize,
        spec: &GiftSpec,
        tiles: &[usize],
        decider: &mut dyn Decider,
    ) -> Result<(), Refusal> {
        let at = spec.at.unwrap_or(Pos::new(0, 0));
        let on = spec.on.unwrap_or(Spot::Center);
        let target = match spec.card {
            Gift::Koncil => GiftTarget::Tile(at),
            Gift::VyklizeniCesty | Gift::Vyplaceni => GiftTarget::Spot(at, on),
            Gift::ZmenaPostoje => GiftTarget::Move(at, on, spec.to.unwrap_or(Spot::Center)),
            Gift::VyberZeDvou => match (&spec.other, tiles.split_first()) {
                (Some(_), Some((other, set_aside))) => GiftTarget::OtherTile {
                    other: *other,
                    set_aside: set_aside.to_vec(),
                },
                _ => GiftTarget::NoTile,
            },
        };
        open(game, drawn, spec.card, target, decider)
    }

    fn expect(
        &self,
        expect: &Fields,
        scope: &Scope,
        diags: &mut Diagnostics,
    ) -> Option<Vec<(Colour, u32)>> {
        let gifts = per_player::<u32>(
            expect.file,
            expect.map,
            "gifts",
            scope.players,
            0..=MAX_COUNT,
            diags,
        );
        Some(gifts)
    }

    fn check(&self, game: &Game, gifts: &Vec<(Colour, u32)>, players: &[Colour], check: Report) {
        for (colour, n) in gifts {
            let actual = player_index(players, colour)
                .and_then(|p| game.module::<Gifts>().map(|g| g.unopened(p) as u32))
                .unwrap_or(0);
            check(
                format!(
                    "{} má {}",
                    colour.czech(),
                    crate::czech::count(
                        u64::from(*n),
                        ["neotevřený dárek", "neotevřené dárky", "neotevřených dárků"]
                    )
                ),
                actual == *n,
                actual.to_string(),
            );
        }
    }
}

fn gift_id(text: &str, location: Location, diags: &mut Diagnostics) -> Option<Gift> {
    let gift = Gift::parse(text);
    if gift.is_none() {
        diags.error(
            location,
            None,
            format!("neznámý dárek `{text}` (známé: {})", Gift::NAMES),
        );
    }
    gift
}

fn gift_spec(
    file: &str,
    map: &MarkedMappingNode,
    corpus: &Corpus,
    diags: &mut Diagnostics,
) -> Option<GiftSpec> {
    let fields = Fields::new(
        file,
        0,
        map,
        &["card", "at", "on", "to", "other", "set_aside"],
        None,
        diags,
    );
    let card = fields.required_str("card", diags)?;
    let card = gift_id(&card, fields.value_location("card"), diags)?;
    let at = if map.get_node("at").is_some() {
        Some(position(&fields, diags)?)
    } else {
        None
    };
    let on = spot_field(&fields, "on", diags)?;
    let to = spot_field(&fields, "to", diags)?;
    let other = if map.get_node("other").is_some() {
        Some(tile_ref(&fields, "other", corpus, diags)?)
    } else {
        None
    };
    let set_aside = set_aside_tiles(&fields, corpus, diags)?;
    let spec = GiftSpec {
        card,
        at,
        on,
        to,
        other,
        set_aside,
    };
    has_what_the_card_needs(&spec, &fields, diags).then_some(spec)
}

/// An optional place on a tile (`on`, `to`): none when the key is absent, an error when it
/// names no place.
fn spot_field(fields: &Fields, key: &str, diags: &mut Diagnostics) -> Option<Option<Spot>> {
    let Some(text) = fields.optional_str(key, diags) else {
        return Some(None);
    };
    let spot = Spot::parse(&text);
    if spot.is_none() {
        diags.error(
            fields.value_location(key),
            None,
            format!("`{text}` není místo na kartičce (N, E, S, W, NL, NR, …, center)"),
        );
    }
    spot.map(Some)
}

/// The catalog tiles a Výběr ze dvou sets aside (`set_aside`).
fn set_aside_tiles(
    fields: &Fields,
    corpus: &Corpus,
    diags: &mut Diagnostics,
) -> Option<Vec<TileRef>> {
    let mut set_aside = Vec::new();
    for (id, location) in fields.optional_list("set_aside", diags).unwrap_or_default() {
        if corpus.tile(&id).is_none() {
            diags.error(
                location,
                None,
                format!("kartička `{id}` není v žádném katalogu"),
            );
            return None;
        }
        set_aside.push(TileRef::Catalog(id));
    }
    Some(set_aside)
}

/// Whether the step gives every field its card needs, with an error naming the missing ones.
fn has_what_the_card_needs(spec: &GiftSpec, fields: &Fields, diags: &mut Diagnostics) -> bool {
    let needs: &[&str] = match spec.card {
        Gift::Koncil => &["at"],
        Gift::VyklizeniCesty | Gift::Vyplaceni => &["at", "on"],
        Gift::ZmenaPostoje => &["at", "on", "to"],
        // Výběr ze dvou without `other`: no tile was left to draw.
        Gift::VyberZeDvou => &[],
    };
    let given = |k: &str| match k {
        "at" => spec.at.is_some(),
        "on" => spec.on.is_some(),
        "to" => spec.to.is_some(),
        _ => spec.other.is_some(),
    };
    let missing: Vec<&str> = needs.iter().copied().filter(|k| !given(k)).collect();
    if !missing.is_empty() {
        diags.error(
            fields.start(),
            None,
            format!(
                "dárek `{}` potřebuje pole: {}",
                spec.card.id(),
                missing.join(", ")
            ),
        );
    }
    missing.is_empty()
}

fn gifts_setup(
    fields: &Fields,
    players: &[Colour],
    diags: &mut Diagnostics,
) -> Option<ScenarioSetup> {
    let (file, setup) = (fields.file, fields.map);
    let deck_top = fields
        .optional_list("gift_deck", diags)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(name, location)| gift_id(&name, location, diags))
        .collect();
    let mut hands = Vec::new();
    if let Some(node) = setup.get_node("gifts") {
        let shape = "{red: [koncil], blue: []}";
        for (colour, value) in player_entries(file, node, "gifts", shape, players, diags)? {
            let Some(items) = value.as_sequence() else {
                diags.error(
                    yaml::location(file, value.span(), 0),
                    None,
                    "dárky hráče jsou seznam, např. [koncil, vyplaceni]",
                );
                continue;
            };
            let cards = items
                .iter()
                .filter_map(|item| {
                    let location = yaml::location(file, item.span(), 0);
                    let text = item
                        .as_scalar()
                        .map(|s| s.as_str().to_owned())
                        .unwrap_or_default();
                    gift_id(&text, location, diags)
                })
                .collect();
            hands.push((colour, cards));
        }
    }
    Some(ScenarioSetup { deck_top, hands })
}
