//! Properties of seeded random competitive games of the base game with each expansion module
//! on, and all together: no panic, ghosts conserved (beside meeples + bank = 15), no score below
//! 0, meeples and guards conserved, the 25 gift cards conserved. Gifts are opened at random too.

use std::sync::Arc;

use carcref::content::{load, ContentFiles};
use carcref::engine::{
    base_with, open_gift, Catalog, CompetitiveGhosts, Descriptor, Game, Gift, GiftTarget, Gifts,
    Rng, BIG_MEEPLE, GENERAL_GUARDS, GHOSTS_DESCRIPTOR, GHOST_BANK, GIFTS_DESCRIPTOR, GUARD,
    INNS_DESCRIPTOR,
};
use carcref::model::{Colour, MeepleKind, Port, Pos, Spot, Supply};

/// Which expansions a random game plays.
#[derive(Debug, Clone, Copy)]
struct Expansions {
    ghosts: bool,
    inns: bool,
    gifts: bool,
}

impl Expansions {
    /// Their descriptors, in the registry's order.
    fn descriptors(self) -> Vec<&'static Descriptor> {
        [
            (self.inns, &INNS_DESCRIPTOR),
            (self.ghosts, &GHOSTS_DESCRIPTOR),
            (self.gifts, &GIFTS_DESCRIPTOR),
        ]
        .into_iter()
        .filter_map(|(on, d)| on.then_some(d))
        .collect()
    }
}
use proptest::prelude::*;

/// A new game with the expansions' tiles, start tile, modules and supplies, and its bag.
fn setup(e: Expansions, players: usize, seed: u64) -> (Game, Vec<usize>, Supply) {
    let corpus = load(&ContentFiles::embedded()).corpus;
    let mut sets = vec!["zakladni-hra"];
    if e.ghosts {
        sets.push("duchove");
    }
    if e.inns {
        sets.push("hostince-a-katedraly");
    }
    let specs: Vec<_> = sets
        .iter()
        .flat_map(|s| corpus.tile_set(s).expect("catalog").tiles.iter())
        .collect();
    let catalog = Catalog::from_specs(specs);
    let mut bag = Vec::new();
    let mut start = Vec::new();
    for (index, tile) in catalog.tiles.iter().enumerate() {
        let base_start = tile.spec.start;
        match tile.spec.start_part {
            Some(part) if e.ghosts => {
                let (dx, dy) = part.offset();
                start.push((index, Pos::new(dx, dy)));
                continue;
            }
            Some(_) => continue,
            None => {}
        }
        let count = tile.spec.count as usize - usize::from(base_start);
        if base_start && !e.ghosts {
            start.push((index, Pos::new(0, 0)));
        }
        bag.extend(std::iter::repeat_n(index, count));
    }
    let (modules, supply) = base_with(&e.descriptors(), players, seed);
    let mut game = Game::new(
        Arc::new(catalog),
        &Colour::ALL[..players],
        supply.clone(),
        modules,
    );
    game.state.tracing = false;
    for (tile, pos) in start {
        game.lay(tile, pos, 0).expect("start tile");
    }
    (game, bag, supply)
}

/// Opens a random gift of the player on turn at a random target (refusals are legal).
fn maybe_open_gift(game: &mut Game, drawn: usize, rng: &mut Rng) {
    let player = game.state.turn.player;
    let Some(hand) = game.module::<Gifts>().map(|g| g.hands[player].clone()) else {
        return;
    };
    if hand.is_empty() || rng.below(3) != 0 {
        return;
    }
    let gift = hand[rng.below(hand.len())];
    let state = &game.state;
    let placed = state.board.placed.len();
    let pos = state.board.placed[rng.below(placed)].pos;
    let spot = match rng.below(13) {
        12 => Spot::Center,
        p => Spot::Port(Port(p as u8)),
    };
    let own: Vec<usize> = (0..state.meeples.len())
        .filter(|m| state.meeples[*m].on_board && state.meeples[*m].player == player)
        .collect();
    let target = match gift {
        Gift::Koncil => GiftTarget::Tile(pos),
        Gift::VyklizeniCesty => GiftTarget::Spot(pos, spot),
        Gift::Vyplaceni | Gift::ZmenaPostoje if !own.is_empty() => {
            let m = &state.meeples[own[rng.below(own.len())]];
            let at = state.board.placed[m.tile].pos;
            if gift == Gift::Vyplaceni {
                GiftTarget::Spot(at, m.spot)
            } else {
                GiftTarget::Move(at, m.spot, spot)
            }
        }
        Gift::VyberZeDvou => GiftTarget::OtherTile {
            other: drawn,
            set_aside: Vec::new(),
        },
        _ => return,
    };
    let _ = open_gift(game, drawn, gift, target, rng);
}

/// Plays a whole random game, checking the invariants after every turn and at the end.
fn play_checked(e: Expansions, players: usize, seed: u64) -> Result<(), String> {
    let (mut game, mut bag, supply) = setup(e, players, seed);
    let mut rng = Rng::new(seed);
    rng.shuffle(&mut bag);
    let mut counts = Vec::new();
    for (turn, tile) in bag.into_iter().enumerate() {
        game.state.turn.player = turn % players;
        if e.gifts {
            maybe_open_gift(&mut game, tile, &mut rng);
        }
        let Some((pos, rotation)) =
            game.state
                .board
                .draw_fit(&game.state.catalog, tile, &mut counts, |n| rng.below(n))
        else {
            continue;
        };
        if game.place_tile(tile, pos, rotation, &mut rng).is_err() {
            continue;
        }
        if rng.below(2) == 0 {
            let spot = match rng.below(13) {
                12 => Spot::Center,
                p => Spot::Port(Port(p as u8)),
            };
            let kind = [MeepleKind::NORMAL, BIG_MEEPLE, GUARD][rng.below(3)];
            let _ = game.place_meeple(spot, kind);
        }
        game.finish_turn(&mut rng);
        check(&game, e, &supply).map_err(|p| format!("turn {turn}: {p}"))?;
    }
    game.end_game();
    check(&game, e, &supply).map_err(|p| format!("after the end: {p}"))
}

fn check(game: &Game, e: Expansions, supply: &Supply) -> Result<(), String> {
    let state = &game.state;
    for (player, p) in state.players.iter().enumerate() {
        if p.score < 0 {
            return Err(format!("player {player} has {} points", p.score));
        }
        for kind in [MeepleKind::NORMAL, BIG_MEEPLE, GUARD] {
            let on_board = state
                .meeples
                .iter()
                .filter(|m| m.on_board && m.player == player && m.kind == kind)
                .count() as u32;
            let general = match game.module::<CompetitiveGhosts>() {
                Some(g) if kind == GUARD => g.general_guards[player],
                _ => 0,
            };
            let expected = supply.count(kind)
                + if kind == GUARD && e.ghosts {
                    GENERAL_GUARDS
                } else {
                    0
                };
            let total = on_board + p.supply.count(kind) + general;
            if total != expected {
                return Err(format!(
                    "player {player} has {total} {kind:?} (board {on_board}, supply {}, general {general}), not {expected}",
                    p.supply.count(kind)
                ));
            }
        }
    }
    if let Some(g) = game.module::<CompetitiveGhosts>() {
        if g.ghosts_on_board() + g.bank != GHOST_BANK {
            return Err(format!(
                "ghosts {} + bank {} != {}",
                g.ghosts_on_board(),
                g.bank,
                GHOST_BANK
            ));
        }
        for (i, m) in state.meeples.iter().enumerate() {
            if g.ghosts_of(i) > 0 && (!m.on_board || m.kind == GUARD) {
                return Err(format!("meeple {i} off the board or a guard keeps ghosts"));
            }
            if g.ghosts_of(i) >= 3 {
                return Err(format!("meeple {i} stays with 3 ghosts"));
            }
        }
    }
    if let Some(gifts) = game.module::<Gifts>() {
        let cards = gifts.deck.len()
            + gifts.discard.len()
            + gifts.hands.iter().map(Vec::len).sum::<usize>();
        if cards != 25 {
            return Err(format!("{cards} gift cards, not 25"));
        }
    }
    // A meeple in a component's list is on the board, and the other way round.
    for (i, m) in state.meeples.iter().enumerate() {
        let listed = state.component(m.node).meeples.contains(&(i as u32));
        if listed != m.on_board {
            return Err(format!(
                "meeple {i}: on board {} but listed {listed}",
                m.on_board
            ));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn each_expansion_alone_and_all_together_keep_the_invariants(
        which in 0usize..4,
        players in 2usize..=6,
        seed in any::<u64>(),
    ) {
        let e = match which {
            0 => Expansions { ghosts: true, inns: false, gifts: false },
            1 => Expansions { ghosts: false, inns: true, gifts: false },
            2 => Expansions { ghosts: false, inns: false, gifts: true },
            _ => Expansions { ghosts: true, inns: true, gifts: true },
        };
        let result = play_checked(e, players, seed);
        prop_assert!(result.is_ok(), "{e:?} players {players} seed {seed}: {}", result.unwrap_err());
    }
}

#[test]
fn random_games_exercise_the_expansions() {
    // Ghosts drive meeples off, gifts are received and opened, guards are earned: if none of
    // this ever happened in 40 random games, the properties above would prove little.
    let all = Expansions {
        ghosts: true,
        inns: true,
        gifts: true,
    };
    let (mut driven_off, mut received, mut guards_earned) = (false, false, false);
    for seed in 0..40 {
        let (mut game, mut bag, _) = setup(all, 4, seed);
        game.state.tracing = true;
        let mut rng = Rng::new(seed);
        rng.shuffle(&mut bag);
        let mut counts = Vec::new();
        for (turn, tile) in bag.into_iter().enumerate() {
            game.state.turn.player = turn % 4;
            maybe_open_gift(&mut game, tile, &mut rng);
            if let Some((pos, rotation)) =
                game.state
                    .board
                    .draw_fit(&game.state.catalog, tile, &mut counts, |n| rng.below(n))
            {
                if game.place_tile(tile, pos, rotation, &mut rng).is_ok() {
                    // Centers first (graveyards and castles are rare), any meeple kind left.
                    let spot = match game.state.catalog.tiles[tile].center {
                        Some(_) => Spot::Center,
                        None => Spot::Port(Port(rng.below(12) as u8)),
                    };
                    let _ = game
                        .place_meeple(spot, MeepleKind::NORMAL)
                        .or_else(|_| game.place_meeple(spot, GUARD));
                    game.finish_turn(&mut rng);
                }
            }
        }
        game.end_game();
        let rules: Vec<&str> = game.state.trace.iter().map(|e| e.rule).collect();
        driven_off |= rules.contains(&"dzh.duch.treti");
        received |= rules.contains(&"da.obdrzeni");
        guards_earned |= game
            .module::<CompetitiveGhosts>()
            .is_some_and(|g| g.general_guards.iter().any(|n| *n < GENERAL_GUARDS));
    }
    assert!(driven_off, "no meeple was ever driven off by a third ghost");
    assert!(received, "no gift was ever received");
    assert!(guards_earned, "no guard was ever earned on a graveyard");
}
