//! Hints: the hard bot's choice for the seat to act with its alternatives and reasons, worked out
//! from that seat's view only. A hint is the same for two states that differ only in what the
//! seat cannot see (re-dealt as `tests/core/secrets.rs` does, with `BotHints::determinize`); a
//! ranking's first action is the one `decide` takes; `camelot hint` refuses a broken save.

use crate::common::{camelot, config, temp_dir};
use camelot::bots::{self, BotHints, BotKind, Budget, RankedBy};
use camelot::content::ContentSet;
use camelot::library::{Hint, Library, hint_job_of};
use camelot::rules::court::{Court, CourtContent};
use camelot::rules::future::{Future, FutureContent};
use camelot::rules::shadows::{Shadows, ShadowsContent};
use camelot::rules::{Difficulty, Game, GameId, GameRng};
use std::path::PathBuf;

/// Hard's search made small and without a clock cap, so that it decides the same however loaded
/// the machine is.
fn small(b: Budget) -> Budget {
    Budget {
        iterations: 80,
        time_cap: std::time::Duration::from_secs(600),
        ..b
    }
}

/// `count` positions of random games from `setup(game number)`, at random depths.
fn positions<G: Game>(count: usize, seed: u64, max_depth: u32, setup: impl Fn(u64) -> (G, usize)) -> Vec<(G, usize)> {
    let mut rng = GameRng::seeded(seed);
    let mut out = Vec::new();
    let mut game = 0;
    while out.len() < count {
        game += 1;
        let (mut g, seats) = setup(game);
        let depth = rng.below(max_depth);
        for _ in 0..depth {
            if g.to_act().is_none() {
                break;
            }
            let legal = g.legal_actions();
            let a = legal[rng.below(legal.len() as u32) as usize].clone();
            if let Err(e) = g.apply(&a) {
                panic!("a legal action was refused: {e}");
            }
        }
        if g.to_act().is_some() {
            out.push((g, seats));
        }
    }
    out
}

fn hint_of<G: BotHints>(g: &G, seed: u64) -> Hint {
    match hint_job_of(g, seed, Some(small)) {
        Some(job) => Hint { seconds: 0.0, ..job() },
        None => panic!("no hint for a game with a seat to act"),
    }
}

/// Every position's hint, for the real state and for `redeals` re-deals of what the seat to act
/// cannot see, is the same; it names a legal action in the table's words. Returns how many
/// re-deals changed another seat's secrets, and how many hints were searched.
fn same_hint_whatever_is_hidden<G: BotHints>(name: &str, games: &[(G, usize)], redeals: usize) -> (usize, usize)
where
    G::View: PartialEq,
{
    let mut rng = GameRng::seeded(28);
    let (mut differed, mut searched) = (0, 0);
    for (i, (g, seats)) in games.iter().enumerate() {
        let Some(seat) = g.to_act() else { continue };
        let seed = 1000 + i as u64;
        let hint = hint_of(g, seed);
        let legal = g.legal_actions();
        assert_eq!(hint.seat, seat);
        assert_eq!(
            Some(&hint.action),
            legal.get(hint.action_index).map(|a| g.describe_action(a)).as_ref(),
            "{name} {i}: the hint's index and words agree"
        );
        assert!(!hint.why.is_empty(), "{name} {i}: a hint says why");
        for line in &hint.why {
            assert!(!line.contains("Id(") && !line.contains("NaN"), "{name} {i}: {line}");
        }
        if hint.by == RankedBy::Search {
            searched += 1;
            // A move that rates higher says so, one that rates the same as shown is about
            // equal, and "the next best" is the best rated of the rest.
            let shown = |x: f64| format!("{:.0}", x * 100.0);
            let why = hint.why.join(" ");
            if let Some(rate) = hint.rating.rate {
                let rates: Vec<f64> = hint.alternatives.iter().filter_map(|a| a.rate).collect();
                if rates.iter().any(|&r| r > rate && shown(r) != shown(rate)) {
                    assert!(why.contains("rates higher"), "{name} {i}: {why}");
                } else if rates.iter().any(|&r| shown(r) == shown(rate)) {
                    assert!(why.contains("about equal"), "{name} {i}: {why}");
                } else if let Some(top) = rates.iter().copied().reduce(f64::max) {
                    assert!(
                        why.contains(&format!("about {} %", shown(top))),
                        "{name} {i}: the next best is the best rated: {why}"
                    );
                }
            }
        }
        for _ in 0..redeals {
            let Some(other) = G::determinize(&g.view(seat), &mut rng) else {
                panic!("{name} {i}: the view cannot be dealt")
            };
            if (0..*seats).any(|s| s != seat && other.view(s) != g.view(s)) {
                differed += 1;
            }
            assert_eq!(
                hint_of(&other, seed),
                hint,
                "{name} position {i}: a re-deal changes the hint"
            );
        }
    }
    (differed, searched)
}

#[test]
fn the_court_hint_depends_on_the_seat_s_view_only() {
    let content = std::sync::Arc::new(CourtContent::load(&ContentSet::embedded()).expect("content"));
    let games = positions(24, 1, 120, |game| {
        let players = 2 + (game as usize % 4);
        let g = Court::new_shared(&config(players, game, &[("target", "50")]), &content).expect("setup");
        (g, players)
    });
    let (differed, searched) = same_hint_whatever_is_hidden("court", &games, 2);
    assert!(differed >= 30, "the re-deals hid different cards ({differed})");
    assert!(searched >= 8, "enough hints searched ({searched})");
}

#[test]
fn die_zukunft_s_hint_depends_on_the_seat_s_view_only() {
    let content = std::sync::Arc::new(FutureContent::load(&ContentSet::embedded()).expect("content"));
    let games = positions(16, 2, 150, |game| {
        let players = 2 + (game as usize % 4);
        let heroes = if game % 2 == 0 { "on" } else { "off" };
        let config = config(players, game, &[("heroes", heroes), ("sides", "random")]);
        (Future::new_shared(&config, &content).expect("setup"), players)
    });
    let (differed, searched) = same_hint_whatever_is_hidden("future", &games, 2);
    assert!(differed >= 16, "the re-deals hid different things ({differed})");
    assert!(searched >= 8, "enough hints searched ({searched})");
}

#[test]
fn shadows_hint_depends_on_the_seat_s_view_only() {
    let content = std::sync::Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("content"));
    let games = positions(40, 3, 250, |game| {
        let players = 3 + (game as usize % 5);
        let loyalty = ["standard", "traitor", "none"][game as usize % 3];
        let g = Shadows::new_shared(&config(players, game, &[("loyalty", loyalty)]), &content).expect("setup");
        (g, players)
    });
    let (differed, _) = same_hint_whatever_is_hidden("shadows", &games, 3);
    assert!(differed >= 60, "the re-deals hid different cards ({differed})");
}

/// A hint is read at the open table: where the Traitor may reveal himself, his hint does not list
/// that move among the others (only he has it, so naming it would out him), and the rest of the
/// hint is there as before.
#[test]
fn a_traitor_s_hint_does_not_list_revealing_himself() {
    let content = std::sync::Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("content"));
    let setup = |game: u64| {
        let g = Shadows::new_shared(&config(5, game, &[("loyalty", "traitor")]), &content).expect("setup");
        (g, 5)
    };
    let reveal = camelot::rules::shadows::Action::RevealSelf;
    let mut checked = 0;
    for (n, (g, _)) in positions(800, 77, 300, setup).into_iter().enumerate() {
        let legal = g.legal_actions();
        if g.to_act() != g.traitor_seat() || !legal.contains(&reveal) || legal.len() <= 2 {
            continue;
        }
        let hint = hint_of(&g, n as u64);
        let told = g.describe_action(&reveal);
        assert!(
            hint.action == told || hint.alternatives.iter().all(|c| c.action != told),
            "position {n}: {:?}",
            hint.lines()
        );
        assert!(
            !hint.alternatives.is_empty(),
            "position {n}: the other moves are still listed"
        );
        checked += 1;
        if checked >= 12 {
            return;
        }
    }
    panic!("only {checked} of the Traitor's decisions could reveal him");
}

/// `rank`'s first action is `decide`'s with the same generator, at every level.
/// How many rankings a search made and how many a lookahead made.
fn rank_leads_with_decide<G: BotHints>(name: &str, games: &[(G, usize)]) -> (usize, usize) {
    let mut ranked_by_search = 0;
    let mut ranked_by_lookahead = 0;
    for (i, (g, _)) in games.iter().enumerate() {
        let Some(seat) = g.to_act() else { continue };
        let view = g.view(seat);
        let legal = g.legal_actions();
        for kind in [
            BotKind::Heuristic,
            BotKind::Level(Difficulty::Easy),
            BotKind::Level(Difficulty::Normal),
            BotKind::Level(Difficulty::Hard),
        ] {
            let seed = 7 + i as u64;
            let d = bots::decide_with::<G>(kind, &view, &legal, &mut GameRng::seeded(seed), small);
            let r = bots::rank_with::<G>(kind, &view, &legal, &mut GameRng::seeded(seed), small);
            assert_eq!(
                r.chosen(),
                d.action.as_ref(),
                "{name} {i} {kind}: rank leads with decide's choice"
            );
            assert_eq!(
                r.stats.iterations, d.stats.iterations,
                "{name} {i} {kind}: the same search"
            );
            for x in &r.ranked {
                assert!(legal.contains(&x.action), "{name} {i} {kind}: only legal actions");
            }
            match r.by {
                RankedBy::Search => {
                    ranked_by_search += 1;
                    let shares: f64 = r.ranked.iter().filter_map(|x| x.share).sum();
                    assert!((shares - 1.0).abs() < 1e-9, "{name} {i}: shares add up to 1 ({shares})");
                    assert!(r.ranked.iter().all(|x| x.rate.is_none_or(|p| (0.0..=1.0).contains(&p))));
                }
                RankedBy::Heuristic => {
                    assert_eq!(r.ranked.len(), legal.len(), "{name} {i}: every action scored");
                    assert!(r.ranked[1..].windows(2).all(|w| w[0].score >= w[1].score));
                }
                RankedBy::Lookahead => {
                    ranked_by_lookahead += 1;
                    assert_eq!(r.ranked.len(), legal.len(), "{name} {i}: every action ranked");
                    assert!(r.ranked.iter().all(|x| x.rate.is_none_or(|p| (0.0..=1.0).contains(&p))));
                    assert!(
                        r.ranked[1..]
                            .windows(2)
                            .all(|w| w[0].rate.unwrap_or(-1.0) >= w[1].rate.unwrap_or(-1.0))
                    );
                }
                RankedBy::Alone => assert!(r.ranked.len() <= 1),
            }
        }
    }
    (ranked_by_search, ranked_by_lookahead)
}

#[test]
fn rank_leads_with_what_decide_chooses() {
    let court = std::sync::Arc::new(CourtContent::load(&ContentSet::embedded()).expect("content"));
    let games = positions(12, 4, 120, |game| {
        let n = 2 + game as usize % 4;
        (
            Court::new_shared(&config(n, game, &[("target", "50")]), &court).expect("setup"),
            n,
        )
    });
    assert!(rank_leads_with_decide("court", &games).0 > 0);
    let future = std::sync::Arc::new(FutureContent::load(&ContentSet::embedded()).expect("content"));
    let games = positions(8, 5, 150, |game| {
        let n = 2 + game as usize % 4;
        (Future::new_shared(&config(n, game, &[]), &future).expect("setup"), n)
    });
    assert!(rank_leads_with_decide("future", &games).0 > 0);
    let shadows = std::sync::Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("content"));
    let games = positions(20, 6, 250, |game| {
        let n = 3 + game as usize % 5;
        (Shadows::new_shared(&config(n, game, &[]), &shadows).expect("setup"), n)
    });
    assert!(
        rank_leads_with_decide("shadows", &games).1 > 0,
        "Shadows' normal and hard rank by lookahead"
    );
}

// The command line.

/// A save of `game` after `moves` actions chosen by heuristic bots.
fn save_after(game: GameId, players: usize, seed: u64, moves: usize, variants: &[(&str, &str)]) -> String {
    let library = Library::load(ContentSet::embedded());
    let mut m = library.new_match(game, config(players, seed, variants)).expect("setup");
    for step in 0..moves {
        let Some(job) = m.bot_job(BotKind::Heuristic, step as u64) else {
            break;
        };
        let Some(index) = job() else { break };
        m.apply_index(index).expect("a bot's action is legal");
    }
    m.to_ron()
}

#[test]
fn camelot_hint_refuses_broken_missing_and_finished_saves_without_a_panic() {
    let dir = temp_dir("broken");
    let cases: Vec<(PathBuf, &str)> = vec![
        (dir.join("broken.ron"), "(format: 1, game: \"shadows\", oops"),
        (dir.join("garbage.ron"), "\u{0}\u{1}not a save at all"),
        (dir.join("empty.ron"), ""),
    ];
    for (path, text) in &cases {
        std::fs::write(path, text).expect("write");
    }
    let finished = dir.join("finished.ron");
    std::fs::write(&finished, save_after(GameId::Test, 3, 1, 1000, &[])).expect("write");
    let missing = dir.join("nowhere.ron");
    for path in cases.iter().map(|(p, _)| p).chain([&finished, &missing]) {
        let out = camelot().arg("hint").arg(path).output().expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", path.display());
        assert!(!err.contains("panicked"), "{err}");
        let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
        assert!(err.contains(name), "the error names the file: {err}");
    }
    let out = camelot().arg("hint").arg(&finished).output().expect("runs");
    assert!(String::from_utf8_lossy(&out.stderr).contains("the game is over"));
}

#[test]
fn camelot_hint_prints_the_move_why_and_the_alternatives() {
    let dir = temp_dir("ok");
    for (game, players, moves, variants) in [
        (GameId::Court, 3, 40, vec![("target", "50")]),
        (GameId::Future, 3, 30, vec![]),
        (GameId::Shadows, 4, 40, vec![("loyalty", "traitor")]),
    ] {
        let path = dir.join(format!("{}.ron", game.key()));
        std::fs::write(&path, save_after(game, players, 3, moves, &variants)).expect("write");
        let out = camelot().arg("hint").arg(&path).output().expect("runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(text.contains("Hint: "), "{text}");
        assert!(text.contains("  - "), "reasons: {text}");
        println!("$ camelot hint {}\n{text}", path.display());
    }
    let help = camelot().arg("--help").output().expect("runs");
    assert!(String::from_utf8_lossy(&help.stdout).contains("hint"));
}

#[test]
fn a_hint_says_when_its_choice_is_rated_the_same_as_others() {
    // The Court's opening placements often rate alike: the hint says they are equal rather than
    // pick one silently.
    let content = std::sync::Arc::new(CourtContent::load(&ContentSet::embedded()).expect("content"));
    let mut equal = 0;
    for seed in 0..12u64 {
        let g = Court::new_shared(&config(2 + seed as usize % 3, seed, &[]), &content).expect("setup");
        let hint = hint_of(&g, seed);
        let same = hint
            .alternatives
            .iter()
            .any(|a| a.score.is_some() && a.rating() == hint.rating.rating());
        let says = hint.why.iter().any(|w| w.contains("equally good"));
        assert_eq!(same, says, "seed {seed}: {:?} / {:?}", hint.why, hint.alternatives);
        equal += usize::from(same);
    }
    assert!(equal > 0, "no opening with equal ratings was seen");
}

#[test]
fn a_lookahead_hint_shows_the_numbers_that_chose() {
    // Shadows' normal and hard judge a Knight's Progression of Evil and Heroic Actions by a
    // lookahead: the hint's rates are that very lookahead's (the same samples), so the move it
    // names is the best rated, or within the margin by which the bot keeps its rule of thumb's
    // pick — and then the hint says the two are about equal. The rate is the seat's own side's.
    use camelot::rules::shadows::Look;
    let shadows = std::sync::Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("content"));
    let games = positions(40, 9, 250, |game| {
        let n = 3 + game as usize % 5;
        let loyalty = if game % 2 == 0 { "traitor" } else { "standard" };
        (
            Shadows::new_shared(&config(n, game, &[("loyalty", loyalty)]), &shadows).expect("setup"),
            n,
        )
    });
    let (mut judged, mut close) = (0, 0);
    for (i, (g, _)) in games.iter().enumerate() {
        let seat = g.to_act().expect("a seat to act");
        let traitor = g.view(seat).game.traitor_seat() == Some(seat);
        let hint = hint_of(g, i as u64);
        let Some(rate) = hint.rating.rate else { continue };
        judged += 1;
        let why = hint.why.join(" ");
        assert!(why.contains("your side's chance"), "{i}: {why}");
        assert!(!why.contains("the Knights' chance"), "{i}: {why}");
        let best = hint.alternatives.iter().filter_map(|a| a.rate).fold(rate, f64::max);
        let margin = if traitor {
            Look::HARD.traitor_margin
        } else {
            Look::HARD.margin
        };
        assert!(
            best - rate <= margin + 1e-9,
            "{i}: chose {rate}, another rates {best}: {why}"
        );
        if best > rate {
            close += 1;
            assert!(why.contains("about equal"), "{i}: {why}");
        }
        // The next best shown at the same percentage is equal, not second.
        let shown = |x: f64| format!("{:.0}", x * 100.0);
        if hint
            .alternatives
            .first()
            .and_then(|a| a.rate)
            .is_some_and(|r| shown(r) == shown(rate))
        {
            close += 1;
            assert!(why.contains("about equal"), "{i}: {why}");
        }
    }
    assert!(judged > 5, "only {judged} positions judged by the lookahead");
    let _ = close;
}
