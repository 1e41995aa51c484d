//! The bots on real positions: only legal actions, the same decision for the same seed, decisions
//! from the view alone (states differing only in hidden cards get the same decision), sampled
//! states that agree with the view, and whole games without a panic.

use crate::common::content;
use camelot::bots::{self, BotHints, BotKind, Budget};
use camelot::content::ContentSet;
use camelot::library::Library;
use camelot::rules::court::{Court, Phase};
use camelot::rules::testgame::TestGame;
use camelot::rules::{Difficulty, Game, GameRng, Pending, SeatKind, TableConfig};

fn court(players: usize, seed: u64) -> Court {
    let mut config = TableConfig::with_players(players, SeatKind::Human, seed);
    config.variants.insert("target".into(), "50".into());
    match Court::new(&config, content()) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

fn step<G: Game>(g: &mut G, a: &G::Action) {
    if let Err(e) = g.apply(a) {
        panic!("a legal action was refused: {e}");
    }
}

/// Positions from random play: `count` of them, over 2 to 5 players (`new` sets up a game of so
/// many players from a seed), each played `depth` random moves in (or to its end), kept when a
/// seat is to decide.
fn positions<G: Game>(
    count: usize,
    seed: u64,
    new: impl Fn(usize, u64) -> G,
    depth: impl Fn(&mut GameRng, usize) -> u32,
) -> Vec<G> {
    let mut rng = GameRng::seeded(seed);
    let mut out = Vec::new();
    let mut game = 0;
    while out.len() < count {
        game += 1;
        let players = 2 + (game % 4) as usize;
        let mut g = new(players, game);
        for _ in 0..depth(&mut rng, players) {
            if matches!(g.pending(), Pending::Finished(_)) {
                break;
            }
            let legal = g.legal_actions();
            let a = legal[rng.below(legal.len() as u32) as usize].clone();
            step(&mut g, &a);
        }
        if g.pending().seat().is_some() {
            out.push(g);
        }
    }
    out
}

/// Court positions from random play, at random depths.
fn court_positions(count: usize, seed: u64) -> Vec<Court> {
    positions(
        count,
        seed,
        |players, game| court(players, seed.wrapping_mul(31).wrapping_add(game)),
        |rng, _| rng.below(160),
    )
}

/// Test-game positions from random play.
fn test_positions(count: usize, seed: u64) -> Vec<TestGame> {
    positions(
        count,
        seed,
        |players, game| {
            let config = TableConfig::with_players(players, SeatKind::Human, seed + game);
            let Ok(g) = TestGame::new(&config, &()) else {
                panic!("setup")
            };
            g
        },
        |rng, players| rng.below(3 * players as u32),
    )
}

/// A small search, with a cap far beyond what it needs (so it is deterministic here too).
fn small(iterations: u32) -> Budget {
    Budget::new(iterations, 60_000)
}

#[test]
fn court_bots_only_return_legal_actions() {
    let kinds = [BotKind::Random, BotKind::Heuristic, BotKind::Level(Difficulty::Easy)];
    for (i, g) in court_positions(150, 1).iter().enumerate() {
        let Some(seat) = g.pending().seat() else { continue };
        let view = g.view(seat);
        let legal = g.legal_actions();
        let mut rng = GameRng::seeded(i as u64);
        for kind in kinds {
            let a = bots::choose::<Court>(kind, &view, &legal, &mut rng);
            assert!(a.is_some_and(|a| legal.contains(&a)), "{kind} at position {i}: {a:?}");
        }
        let d = bots::search::<Court>(&view, &legal, &small(25), &mut rng);
        assert!(
            d.action.is_some_and(|a| legal.contains(&a)),
            "search at {i}: {:?}",
            d.action
        );
        if legal.len() > 1 && g.phase() == &Phase::Play {
            assert_eq!(d.stats.iterations, 25, "position {i}");
        }
    }
    // The levels themselves, on fewer positions (their budgets are for release builds).
    for (i, g) in court_positions(6, 2).iter().enumerate() {
        let Some(seat) = g.pending().seat() else { continue };
        let legal = g.legal_actions();
        for d in [Difficulty::Normal, Difficulty::Hard] {
            let a = bots::choose::<Court>(BotKind::Level(d), &g.view(seat), &legal, &mut GameRng::seeded(9));
            assert!(a.is_some_and(|a| legal.contains(&a)), "{d:?} at position {i}: {a:?}");
        }
    }
}

#[test]
fn test_game_bots_only_return_legal_actions() {
    for (i, g) in test_positions(200, 3).iter().enumerate() {
        let Some(seat) = g.pending().seat() else { continue };
        let view = g.view(seat);
        let legal = g.legal_actions();
        let mut rng = GameRng::seeded(i as u64);
        for kind in [
            BotKind::Random,
            BotKind::Heuristic,
            BotKind::Level(Difficulty::Easy),
            BotKind::Level(Difficulty::Normal),
            BotKind::Level(Difficulty::Hard),
        ] {
            let a = bots::choose::<TestGame>(kind, &view, &legal, &mut rng);
            assert!(a.as_ref().is_some_and(|a| legal.contains(a)), "{kind} at {i}: {a:?}");
        }
    }
}

#[test]
fn same_seed_same_decision() {
    for (i, g) in court_positions(12, 4).iter().enumerate() {
        let Some(seat) = g.pending().seat() else { continue };
        let view = g.view(seat);
        let legal = g.legal_actions();
        let run = |seed: u64| bots::search::<Court>(&view, &legal, &small(60), &mut GameRng::seeded(seed));
        let (a, b) = (run(77), run(77));
        assert_eq!(a.action, b.action, "position {i}");
        assert_eq!(a.stats.iterations, b.stats.iterations);
        assert_eq!(a.stats.nodes, b.stats.nodes, "the same tree");
        // And through the table's bot job, as the window and the simulator run it.
        let library = Library::load(ContentSet::embedded());
        let mut config = TableConfig::with_players(3, SeatKind::Bot(Difficulty::Normal), 40 + i as u64);
        config.variants.insert("target".into(), "50".into());
        let m = match library.new_match(camelot::rules::GameId::Court, config) {
            Ok(m) => m,
            Err(e) => panic!("{e}"),
        };
        let job = |seed| {
            m.bot_job_with_stats(BotKind::Level(Difficulty::Normal), seed)
                .map(|j| j())
        };
        let (Some((x, sx)), Some((y, sy))) = (job(5), job(5)) else {
            panic!("no bot job")
        };
        let (x, y) = (x.expect("an action"), y.expect("an action"));
        if !sx.capped && !sy.capped {
            assert_eq!(x, y, "the same legal action chosen");
        }
    }
}

#[test]
fn decisions_depend_on_the_view_only() {
    // The bots' entry points take `&G::View` and the legal actions, never the state, so they
    // cannot read hidden fields. Here: two states that differ only in what the seat cannot see
    // (the other hands, the draw pile's order, the dice to come) get the same decision.
    let mut differed = 0;
    for (i, g) in court_positions(30, 5).iter().enumerate() {
        let Some(seat) = g.pending().seat() else { continue };
        let view = g.view(seat);
        let Some(other) = Court::determinize(&view, &mut GameRng::seeded(1000 + i as u64)) else {
            panic!("position {i}: no sample")
        };
        assert_eq!(other.view(seat), view);
        let players = view.hand_sizes.len();
        if (0..players).any(|s| s != seat && other.hand_of(s) != g.hand_of(s)) {
            differed += 1;
        }
        assert_eq!(other.legal_actions(), g.legal_actions());
        let legal = g.legal_actions();
        for kind in [BotKind::Heuristic, BotKind::Random] {
            let a = bots::choose::<Court>(kind, &g.view(seat), &legal, &mut GameRng::seeded(3));
            let b = bots::choose::<Court>(kind, &other.view(seat), &other.legal_actions(), &mut GameRng::seeded(3));
            assert_eq!(a, b, "{kind} at {i}");
        }
        let a = bots::search::<Court>(&g.view(seat), &legal, &small(40), &mut GameRng::seeded(3));
        let b = bots::search::<Court>(
            &other.view(seat),
            &other.legal_actions(),
            &small(40),
            &mut GameRng::seeded(3),
        );
        assert_eq!(a.action, b.action, "search at {i}");
    }
    assert!(differed >= 20, "the samples hid different cards ({differed} of 30)");
}

#[test]
fn court_samples_agree_with_the_view_and_play_on() {
    let mut rng = GameRng::seeded(6);
    for (i, g) in court_positions(120, 6).iter().enumerate() {
        for seat in 0..g.view(0).hand_sizes.len() {
            let view = g.view(seat);
            let Some(mut s) = Court::determinize(&view, &mut rng) else {
                panic!("position {i}, seat {seat}: no sample")
            };
            assert_eq!(s.view(seat), view, "position {i}, seat {seat}");
            assert_eq!(s.census(), g.census(), "cards and knights conserved");
            assert_eq!(s.pending(), g.pending());
            // The sample plays on to the end without a panic.
            let mut steps = 0;
            while s.pending().seat().is_some() && steps < 3000 {
                let legal = s.legal_actions();
                let a = if steps % 2 == 0 {
                    legal[rng.below(legal.len() as u32) as usize]
                } else {
                    match Court::rollout_action(&s, &legal, &mut rng) {
                        Some(a) => a,
                        None => panic!("no rollout action"),
                    }
                };
                step(&mut s, &a);
                steps += 1;
            }
            if seat == 0 {
                assert!(matches!(s.pending(), Pending::Finished(_)), "position {i} ends");
            }
        }
    }
}

#[test]
fn test_game_samples_agree_with_the_view() {
    let mut rng = GameRng::seeded(7);
    for (i, g) in test_positions(200, 7).iter().enumerate() {
        for seat in 0..g.view(0).hand_sizes.len() {
            let view = g.view(seat);
            let Some(s) = TestGame::determinize(&view, &mut rng) else {
                panic!("position {i}, seat {seat}: no sample")
            };
            assert_eq!(s.view(seat), view);
            assert_eq!(s.census(), g.census());
            assert_eq!(s.pending(), g.pending());
        }
    }
}

#[test]
fn searching_bots_finish_whole_games() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3), (5, 4)] {
        let mut g = court(players, seed);
        let mut rng = GameRng::seeded(seed);
        let mut steps = 0;
        while let Some(seat) = g.pending().seat() {
            let legal = g.legal_actions();
            let d = if seat == 0 && g.phase() == &Phase::Play {
                bots::search::<Court>(&g.view(seat), &legal, &small(12), &mut rng)
            } else {
                bots::decide::<Court>(BotKind::Heuristic, &g.view(seat), &legal, &mut rng)
            };
            let Some(a) = d.action else { panic!("no action") };
            assert!(legal.contains(&a));
            step(&mut g, &a);
            steps += 1;
            assert!(steps < 5000, "{players} players: no end");
        }
    }
}

#[test]
fn the_simulator_reports_searches() {
    let library = Library::load(ContentSet::embedded());
    let opts = camelot::sim::SimOptions {
        game: camelot::rules::GameId::Test,
        players: 3,
        games: 5,
        seed: 1,
        bots: vec![BotKind::Level(Difficulty::Normal), BotKind::Heuristic],
        variants: Default::default(),
        max_actions: 1000,
    };
    let report = camelot::sim::run(&library, &opts, &mut |w| panic!("{w}")).expect("a table that sets up");
    assert_eq!(report.finished, 5);
    assert_eq!(report.mean_turns, 9.0, "every action is a turn in the test game");
    let normal = &report.search_by_bot["normal"];
    assert!(normal.searched > 0 && normal.mean_iterations > 0.0);
    assert!(report.search_iterations_per_second > 0.0);
    assert!(!report.search_by_bot.contains_key("heuristic"));
}

#[test]
fn court_hard_searches_the_end_phase_and_normal_does_not() {
    // At two players hard's playouts run through the seat's next turn, so its end-phase discards
    // are weighed by the search among every discard; normal's one-round playouts end before a
    // kept card is played, so the heuristic discards for it (and for hard at more players).
    let mut ends = 0;
    for (i, g) in court_positions(2000, 11).iter().enumerate() {
        let Some(seat) = g.pending().seat() else { continue };
        let legal = g.legal_actions();
        if g.phase() != &Phase::End || legal.len() < 3 {
            continue;
        }
        let view = g.view(seat);
        if view.hand_sizes.len() > 2 {
            let hard = Court::budget(&view, Difficulty::Hard).expect("a budget");
            assert!(
                hard.horizon < 2 && !Court::worth_searching(&view, &legal, &hard),
                "position {i}"
            );
            continue;
        }
        ends += 1;
        let budget = |d| match Court::budget(&view, d) {
            Some(b) => b,
            None => panic!("{d:?} has no search budget"),
        };
        let (normal, hard) = (budget(Difficulty::Normal), budget(Difficulty::Hard));
        assert!(hard.horizon >= 2 && normal.horizon < 2, "{hard:?} / {normal:?}");
        assert!(Court::worth_searching(&view, &legal, &hard), "position {i}");
        assert!(!Court::worth_searching(&view, &legal, &normal), "position {i}");
        let mut rng = GameRng::seeded(i as u64);
        let sample = Court::determinize(&view, &mut rng).expect("a sample");
        let mut all = Court::candidates(&sample, legal.clone(), &hard, &mut rng);
        assert_eq!(
            all.len(),
            legal.len(),
            "hard weighs every discard and the draw: {all:?}"
        );
        all.sort();
        let mut sorted = legal.clone();
        sorted.sort();
        assert_eq!(all, sorted);
        assert_eq!(Court::candidates(&sample, legal.clone(), &normal, &mut rng).len(), 1);
        // A search at hard's horizon (fewer iterations) chooses among them and says it searched.
        let d = bots::search::<Court>(
            &view,
            &legal,
            &Budget {
                horizon: hard.horizon,
                ..small(30)
            },
            &mut rng,
        );
        assert!(d.stats.searched && d.stats.iterations == 30, "{:?}", d.stats);
        assert!(d.action.is_some_and(|a| legal.contains(&a)), "{:?}", d.action);
    }
    assert!(ends >= 5, "only {ends} end phases with a choice among the positions");
}
