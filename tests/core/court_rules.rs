//! Camelot – The Court through its public API: the rulebook's worked example (spec §13) replayed
//! through `apply` with its exact scores, and properties of many random seeded games.

use crate::common::content;
use CardKind::*;
use camelot::content::ContentSet;
use camelot::rules::court::{
    Action, CardKind, Court, CourtContent, Effect, Event, KnightId, KnightValues, Phase, SpaceId,
};
use camelot::rules::{Game, GameRng, Match, Pending, SeatKind, TableConfig, Tagged, Visibility};
use std::collections::BTreeMap;

fn kn(name: &str) -> KnightId {
    content()
        .knight_named(name)
        .unwrap_or_else(|| panic!("no knight {name}"))
}

fn sp(id: &str) -> SpaceId {
    content().space_named(id).unwrap_or_else(|| panic!("no space {id}"))
}

fn apply(g: &mut Court, action: Action) -> Vec<Event> {
    match g.apply(&action) {
        Ok(ev) => {
            check_census(g);
            ev.into_iter().map(|t| t.event).collect()
        }
        Err(e) => panic!("{} was refused: {e}", g.describe_action(&action)),
    }
}

fn play(g: &mut Court, card: CardKind, effect: Effect) -> Vec<Event> {
    apply(g, Action::Play { card, effect })
}

fn check_census(g: &Court) {
    let c = g.census();
    assert_eq!(c["cards"], 80, "{c:?}");
    assert_eq!(c["knights"], 8 * g.scores().len(), "{c:?}");
    assert_eq!(c["misplaced"], 0, "{c:?}");
}

fn scored(events: &[Event]) -> Vec<(usize, i64)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored { seat, points, .. } => Some((*seat, *points)),
            _ => None,
        })
        .collect()
}

fn space_of(g: &Court, name: &str) -> Option<&'static str> {
    g.knight(kn(name)).and_then(|k| k.at).map(|s| content().space_name(s))
}

// Seats in turn order, as in the rulebook's example.
const CORNWALL: usize = 0;
const SARACENS: usize = 1;
const ORKNEY: usize = 2;
const GORE: usize = 3;

/// The example's table after the opening placement (spec §13 "Start"), Cornwall to play.
fn example_start() -> Court {
    let mut config = TableConfig::with_players(4, SeatKind::Human, 2014);
    config
        .variants
        .insert("factions".into(), "cornwall,saracens,orkney,gore".into());
    // "Cornwall (red) was discovered to be wearing mauve tights and is to start."
    config.variants.insert("tights".into(), "1".into());
    config.variants.insert("target".into(), "100".into());
    let mut g = match Court::new(&config, content()) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let placements = [
        ("Sir Tristram", "E3"),
        ("Sir Sagramore", "E8"),
        ("Sir Gareth", "E1"),
        ("Sir Uriens", "E6"),
        ("Sir Constantine", "E5"),
        ("Sir Palomides", "E9"),
        ("Sir Gawaine", "E10"),
        ("Sir Uwaine", "E7"),
    ];
    for (i, (knight, space)) in placements.into_iter().enumerate() {
        assert_eq!(g.pending().seat(), Some(i % 4));
        apply(
            &mut g,
            Action::Place {
                knight: kn(knight),
                space: sp(space),
            },
        );
    }
    assert_eq!(*g.phase(), Phase::Play);
    assert_eq!(g.pending().seat(), Some(CORNWALL));
    assert!(g.knight_at(sp("E2")).is_none() && g.knight_at(sp("E4")).is_none());
    g
}

fn hand(g: &mut Court, seat: usize, cards: &[CardKind]) {
    if let Err(e) = g.scenario_hand(seat, cards) {
        panic!("{e}");
    }
}

#[test]
fn the_rulebooks_worked_example() {
    let mut g = example_start();

    // Cornwall: Priest +2, Soldier +1, Move ×3, Score.
    hand(&mut g, CORNWALL, &[Priest(2), Soldier(1), Move, Move, Move, Score]);
    let tristram = kn("Sir Tristram");
    play(&mut g, Priest(2), Effect::Follow { knight: tristram });
    play(&mut g, Soldier(1), Effect::Follow { knight: tristram });
    play(
        &mut g,
        Move,
        Effect::Step {
            knight: tristram,
            to: sp("N6"),
        },
    );
    play(
        &mut g,
        Move,
        Effect::Step {
            knight: kn("Sir Constantine"),
            to: sp("N7"),
        },
    );
    play(
        &mut g,
        Move,
        Effect::Enter {
            knight: kn("Sir Loinstake"),
            space: sp("E5"),
        },
    );
    let ev = play(&mut g, Score, Effect::Score);
    assert_eq!(scored(&ev), [(CORNWALL, 8), (SARACENS, 2), (ORKNEY, 2), (GORE, 2)]);
    assert_eq!(g.scores(), [8, 2, 2, 2]);
    assert_eq!(*g.phase(), Phase::End);
    // "Cornwall draws 6 more cards."
    let ev = apply(&mut g, Action::Draw);
    assert!(ev.contains(&Event::DrewCount {
        seat: CORNWALL,
        count: 6
    }));
    assert_eq!(g.pending().seat(), Some(SARACENS));

    // Saracens: Move ×4, Priest +2, Gossip.
    hand(&mut g, SARACENS, &[Move, Move, Move, Move, Priest(2), Gossip]);
    let palomides = kn("Sir Palomides");
    play(&mut g, Priest(2), Effect::Follow { knight: palomides });
    play(
        &mut g,
        Move,
        Effect::Step {
            knight: palomides,
            to: sp("N9"),
        },
    );
    play(
        &mut g,
        Move,
        Effect::Step {
            knight: palomides,
            to: sp("N4"),
        },
    );
    play(
        &mut g,
        Move,
        Effect::Step {
            knight: kn("Sir Sagramore"),
            to: sp("N8"),
        },
    );
    play(
        &mut g,
        Move,
        Effect::Enter {
            knight: kn("Sir Safeashouses"),
            space: sp("E4"),
        },
    );
    play(&mut g, Gossip, Effect::Gossip { knight: tristram });
    // "his Priest deserts him (Saracens' choice as the card player)"
    assert_eq!(g.pending().seat(), Some(SARACENS));
    let ev = apply(&mut g, Action::ChooseFollowerLoss(Priest(2)));
    assert!(ev.contains(&Event::FollowerLost {
        knight: tristram,
        follower: Priest(2),
        chosen_by: SARACENS
    }));
    // Six cards played: the play is over.
    assert_eq!(*g.phase(), Phase::End);
    // "despite being Scandalised!, with a soldier follower, Tristram has a power of 1"
    assert_eq!(g.effective_power(tristram), 1);
    assert!(
        content().adjacent(sp("E4"), sp("N6")),
        "Safeashouses has a line into Tristram's square"
    );
    apply(&mut g, Action::Draw);
    assert_eq!(g.pending().seat(), Some(ORKNEY));

    // Orkney: Move ×3, Score, Merlin, Banish.
    hand(&mut g, ORKNEY, &[Move, Move, Move, Score, Merlin, Banish]);
    let gaheris = kn("Sir Gaheris");
    play(
        &mut g,
        Move,
        Effect::Enter {
            knight: gaheris,
            space: sp("E2"),
        },
    );
    play(
        &mut g,
        Move,
        Effect::Step {
            knight: gaheris,
            to: sp("N5"),
        },
    );
    // "He could move him down a square using a Move card, but this does not effect Palomides' scoring."
    let mut down = g.clone();
    let before = down.score_value(palomides);
    play(
        &mut down,
        Move,
        Effect::Step {
            knight: palomides,
            to: sp("N9"),
        },
    );
    assert_eq!(down.score_value(palomides), before);
    play(
        &mut g,
        Move,
        Effect::Step {
            knight: palomides,
            to: sp("S3"),
        },
    );
    assert_eq!(g.score_value(palomides), 10);
    play(
        &mut g,
        Merlin,
        Effect::Merlin {
            a: kn("Sir Gawaine"),
            b: palomides,
        },
    );
    assert_eq!(space_of(&g, "Sir Gawaine"), Some("S3"));
    assert_eq!(space_of(&g, "Sir Palomides"), Some("E10"));
    assert_eq!(g.knight(palomides).map(|k| k.followers.clone()), Some(vec![Priest(2)]));
    // "he could use his Banish card to banish Sir Tristram by rolling above 1"
    assert!((g.view(ORKNEY).banish_chance(tristram) - 5.0 / 6.0).abs() < 1e-9);
    g.rig_dice(vec![5]);
    let constantine = kn("Sir Constantine");
    let ev = play(&mut g, Banish, Effect::Banish { knight: constantine });
    assert!(ev.contains(&Event::BanishRoll {
        knight: constantine,
        roll: 5,
        power: 3,
        success: true
    }));
    assert_eq!(space_of(&g, "Sir Constantine"), None);
    assert!(g.view(CORNWALL).reserves[CORNWALL].contains(&constantine));
    let ev = play(&mut g, Score, Effect::Score);
    assert_eq!(scored(&ev), [(ORKNEY, 10), (GORE, 2), (CORNWALL, 1), (SARACENS, 6)]);
    // "Tristram ... will go back to normal at the end of the turn"
    assert!(g.knight(tristram).is_some_and(|k| !k.scandalised));
    assert_eq!(g.scores(), [9, 8, 12, 4]);
    assert_eq!(*g.phase(), Phase::End);
    // The log says it in words.
    let line = g.describe_event(&Event::BanishRoll {
        knight: constantine,
        roll: 5,
        power: 3,
        success: true,
    });
    assert_eq!(
        line,
        "Banish Sir Constantine: roll above 3: rolled 5 — Sir Constantine is banished to the reserve"
    );
}

#[test]
fn the_example_could_have_scored_eleven() {
    let mut g = example_start();
    hand(&mut g, CORNWALL, &[Priest(2), Soldier(1), Move, Move, Move, Score]);
    let tristram = kn("Sir Tristram");
    play(&mut g, Priest(2), Effect::Follow { knight: tristram });
    play(&mut g, Soldier(1), Effect::Follow { knight: tristram });
    for to in ["N6", "N1", "S1"] {
        play(
            &mut g,
            Move,
            Effect::Step {
                knight: tristram,
                to: sp(to),
            },
        );
    }
    let ev = play(&mut g, Score, Effect::Score);
    assert_eq!(scored(&ev)[0], (CORNWALL, 11));
    assert_eq!(g.scores()[CORNWALL], 11);
}

// ---------------------------------------------------------------------------------------------
// Properties of random games

/// A cheap category of an action, so random play picks kinds of move evenly rather than being
/// drowned by the hundreds of Merlin and Step targets.
fn category(a: &Action) -> u8 {
    match a {
        Action::Place { .. } => 0,
        Action::EndPlay => 1,
        Action::Discard(_) => 2,
        Action::Draw => 3,
        Action::ChooseFollowerLoss(_) => 4,
        Action::Play { effect, .. } => match effect {
            Effect::Enter { .. } => 10,
            Effect::Step { .. } => 11,
            Effect::Exit { .. } => 12,
            Effect::Gossip { .. } => 13,
            Effect::Banish { .. } => 14,
            Effect::Score => 15,
            Effect::Merlin { .. } => 16,
            Effect::Follow { .. } => 17,
        },
    }
}

fn pick(legal: &[Action], rng: &mut GameRng) -> Action {
    let mut cats: Vec<u8> = legal.iter().map(category).collect();
    cats.sort_unstable();
    cats.dedup();
    let cat = cats[rng.below(cats.len() as u32) as usize];
    let of: Vec<&Action> = legal.iter().filter(|a| category(a) == cat).collect();
    *of[rng.below(of.len() as u32) as usize]
}

/// Everything the outside world can observe of a game.
fn observe(g: &Court) -> (Vec<camelot::rules::court::CourtView>, BTreeMap<String, usize>, String) {
    let views = (0..g.scores().len()).map(|s| g.view(s)).collect();
    (views, g.census(), format!("{:?}", g.pending()))
}

fn check_views(g: &Court) {
    let n = g.scores().len();
    let sizes: Vec<usize> = (0..n).map(|s| g.hand_of(s).len()).collect();
    for seat in 0..n {
        let v = g.view(seat);
        let mut mine = g.hand_of(seat).to_vec();
        mine.sort();
        assert_eq!(v.seat, seat);
        assert_eq!(v.hand, mine, "a view shows exactly its own hand");
        assert_eq!(v.hand_sizes, sizes, "and only the sizes of the others");
        let placed: usize = v.board.iter().flatten().count() + v.reserves.iter().map(Vec::len).sum::<usize>();
        assert_eq!(placed, 8 * n);
    }
}

fn check_visibility(events: &[Tagged<Event>]) {
    for t in events {
        match &t.event {
            Event::Dealt { seat, .. } | Event::Drew { seat, .. } => {
                assert_eq!(t.to, Visibility::Only(*seat))
            }
            _ => assert_eq!(t.to, Visibility::Everyone, "{:?}", t.event),
        }
    }
}

struct Totals {
    games: usize,
    actions: usize,
    refusals: usize,
}

fn random_games(players: usize, games: u64, totals: &mut Totals) {
    let c = content();
    let hash = ContentSet::embedded().hash_of(CourtContent::FILES);
    let mut pool: Vec<Action> = vec![
        Action::Play {
            card: Move,
            effect: Effect::Enter {
                knight: KnightId(250),
                space: SpaceId(0),
            },
        },
        Action::Play {
            card: Priest(9),
            effect: Effect::Follow { knight: KnightId(0) },
        },
        Action::Place {
            knight: KnightId(0),
            space: SpaceId(77),
        },
    ];
    for game in 0..games {
        let seed = 1_000 * players as u64 + game;
        let mut config = TableConfig::with_players(players, SeatKind::Bot(camelot::rules::Difficulty::Easy), seed);
        config.variants.insert("target".into(), "50".into());
        let mut m = match Match::<Court>::new(config.clone(), c, hash.clone()) {
            Ok(m) => m,
            Err(e) => panic!("{e}"),
        };
        check_visibility(&m.state.opening_events());
        let mut rng = GameRng::seeded(seed ^ 0x5eed);
        let mut steps = 0;
        loop {
            let legal = m.state.legal_actions();
            if let Pending::Finished(o) = m.pending() {
                assert!(legal.is_empty());
                assert_eq!(o.winners.len(), 1);
                assert!(o.scores[o.winners[0]] >= 50);
                break;
            }
            assert!(!legal.is_empty(), "a decision without choices");
            steps += 1;
            assert!(
                steps < 20_000,
                "{players} players, seed {seed}: no winner after {steps} actions"
            );

            // Actions legal elsewhere are refused here without any change.
            if steps % 4 == 0 {
                let a = pool[rng.below(pool.len() as u32) as usize];
                if !legal.contains(&a) {
                    let before = observe(&m.state);
                    assert!(m.state.clone().apply(&a).is_err(), "{a:?} accepted though not legal");
                    assert!(m.state.apply(&a).is_err());
                    assert!(before == observe(&m.state), "a refusal changed the game");
                    totals.refusals += 1;
                }
            }
            // Now and then, every legal action applies.
            if steps % 101 == 0 {
                for a in &legal {
                    let mut copy = m.state.clone();
                    assert!(copy.apply(a).is_ok(), "{a:?} is legal but refused");
                    check_census(&copy);
                }
            }

            let a = pick(&legal, &mut rng);
            let events = match m.apply(&a) {
                Ok(e) => e,
                Err(e) => panic!("legal {a:?} refused: {e}"),
            };
            check_visibility(&events);
            for e in &events {
                assert!(!m.state.describe_event(&e.event).is_empty());
            }
            check_census(&m.state);
            check_views(&m.state);
            if pool.len() < 400 {
                pool.push(a);
            } else {
                pool[rng.below(400) as usize] = a;
            }
        }
        totals.games += 1;
        totals.actions += m.actions.len();

        // The action list replays to the same game, also through a save file.
        let replayed = match Match::<Court>::replay(config.clone(), c, hash.clone(), &m.actions) {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        };
        assert!(observe(&replayed.state) == observe(&m.state), "replay differs");
        if game % 25 == 0 {
            let text = m.to_ron();
            let loaded = match Match::<Court>::from_ron(&text, c, &hash) {
                Ok(l) => l,
                Err(e) => panic!("{e}"),
            };
            assert!(observe(&loaded.state) == observe(&m.state), "save round trip differs");
        }
    }
}

#[test]
fn random_games_two_players() {
    let mut t = Totals {
        games: 0,
        actions: 0,
        refusals: 0,
    };
    let t0 = std::time::Instant::now();
    random_games(2, 300, &mut t);
    eprintln!("2p: {} actions, {} refusals, {:?}", t.actions, t.refusals, t0.elapsed());
    assert_eq!(t.games, 300);
    assert!(t.refusals > 5000);
}

#[test]
fn random_games_three_players() {
    let mut t = Totals {
        games: 0,
        actions: 0,
        refusals: 0,
    };
    random_games(3, 300, &mut t);
    assert_eq!(t.games, 300);
}

#[test]
fn random_games_four_players() {
    let mut t = Totals {
        games: 0,
        actions: 0,
        refusals: 0,
    };
    random_games(4, 300, &mut t);
    assert_eq!(t.games, 300);
}

#[test]
fn random_games_five_players() {
    let mut t = Totals {
        games: 0,
        actions: 0,
        refusals: 0,
    };
    let t0 = std::time::Instant::now();
    random_games(5, 300, &mut t);
    eprintln!("5p: {} actions, {} refusals, {:?}", t.actions, t.refusals, t0.elapsed());
    assert_eq!(t.games, 300);
}

#[test]
fn uniformly_random_games_also_end() {
    // Plain uniform choice among the legal actions (Score is then a rare pick), fewer games.
    let c = content();
    for players in 2..=5 {
        for seed in 0..3u64 {
            let mut config = TableConfig::with_players(players, SeatKind::Human, seed);
            config.variants.insert("target".into(), "50".into());
            let mut g = match Court::new(&config, c) {
                Ok(g) => g,
                Err(e) => panic!("{e}"),
            };
            let mut rng = GameRng::seeded(seed);
            let mut steps = 0;
            while !matches!(g.pending(), Pending::Finished(_)) {
                let legal = g.legal_actions();
                let a = legal[rng.below(legal.len() as u32) as usize];
                apply(&mut g, a);
                steps += 1;
                assert!(steps < 200_000, "no winner");
            }
        }
    }
}
