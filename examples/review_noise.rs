//! The review's noise and speed: whole games played with seat 1 at the easy level against
//! normal bots, saved (to review with `camelot review`), and each of seat 1's decisions rated as
//! the review rates it (`library::rate_position`, the review's budget) under three seeds: how
//! far the loss moves between seeds, how often the mark changes, and what a decision takes.
//!
//!     cargo run --release --no-default-features --features tools --example review_noise -- [games] [court,future,shadows] [OUT_DIR] [iterations ×]
//!
//! The review itself draws one seed (the hint's at that position); the other two show what a
//! different draw would have said. docs/review.md has the figures and the thresholds chosen.

use camelot::bots::{BotHints, BotKind};
use camelot::content::ContentSet;
use camelot::library::{Library, MatchFace, rate_position, review_budget};
use camelot::review::{Mark, reviewed_decision};
use camelot::rules::court::Court;
use camelot::rules::future::Future;
use camelot::rules::record::Match;
use camelot::rules::shadows::Shadows;
use camelot::rules::{Difficulty, Game, GameId, SeatKind, TableConfig};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

/// How many times the review's iterations to rate with (the fourth argument; 1: the review's own).
static FACTOR: AtomicU32 = AtomicU32::new(1);

fn budget(b: camelot::bots::Budget) -> camelot::bots::Budget {
    let b = review_budget(b);
    camelot::bots::Budget {
        iterations: b.iterations * FACTOR.load(Ordering::Relaxed),
        ..b
    }
}

/// One decision under the three seeds: the loss and mark each gave, and the seconds each took.
struct Sample {
    losses: Vec<Option<f64>>,
    marks: Vec<Option<Mark>>,
    seconds: Vec<f64>,
}

fn samples<G: BotHints>(m: &Match<G>, library: &Library) -> Vec<Sample> {
    let Ok(content) = library.content::<G>() else {
        return Vec::new();
    };
    let Ok(mut state) = G::new_shared(&m.config, &content) else {
        return Vec::new();
    };
    let mut spots = Vec::new();
    for (index, action) in m.actions.iter().enumerate() {
        if state.to_act() == Some(0) && state.legal_actions().len() > 1 {
            spots.push((state.clone(), index, action.clone()));
        }
        if state.apply_quiet(action).is_err() {
            break;
        }
    }
    let seed = m.config.seed;
    spots
        .into_par_iter()
        .map(|(state, index, action)| {
            let mut s = Sample {
                losses: Vec::new(),
                marks: Vec::new(),
                seconds: Vec::new(),
            };
            for mix in [0, 0x0A0A, 0x0B0B] {
                let started = Instant::now();
                let r = rate_position(&state, seed ^ mix, index, &action, Some(budget)).map(|d| reviewed_decision(&d));
                s.seconds.push(started.elapsed().as_secs_f64());
                s.losses.push(r.as_ref().and_then(|r| r.loss));
                s.marks.push(r.and_then(|r| r.mark));
            }
            s
        })
        .collect()
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2);
    let which = args.get(2).cloned().unwrap_or_else(|| "court,future,shadows".into());
    let out = args.get(3).filter(|a| *a != "-").map(std::path::PathBuf::from);
    FACTOR.store(args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1), Ordering::Relaxed);
    let library = Library::load(ContentSet::embedded());
    for key in which.split(',') {
        let Some(game) = camelot::library::game_of_key(key) else {
            eprintln!("unknown game {key}");
            continue;
        };
        let players = if game == GameId::Shadows { 5 } else { 2 };
        let mut all = Vec::new();
        let mut game_seconds = Vec::new();
        for g in 0..games {
            let config = TableConfig::with_players(players, SeatKind::Human, 900 + g);
            let Ok(mut m) = library.new_match(game, config) else {
                eprintln!("no table for {key}");
                break;
            };
            for step in 0..20_000u64 {
                let Some(seat) = m.pending().seat() else { break };
                let level = if seat == 0 {
                    Difficulty::Easy
                } else {
                    Difficulty::Normal
                };
                let Some(job) = m.bot_job(BotKind::Level(level), 7 ^ step) else {
                    break;
                };
                let Some(index) = job() else { break };
                if let Err(e) = m.apply_index(index) {
                    eprintln!("{e}");
                    break;
                }
            }
            if let Some(dir) = &out {
                let _ = std::fs::create_dir_all(dir);
                let _ = std::fs::write(dir.join(format!("{key}-{g}.ron")), m.to_ron());
            }
            let started = Instant::now();
            let s = match game {
                GameId::Court => samples(downcast::<Court>(m.as_ref()), &library),
                GameId::Future => samples(downcast::<Future>(m.as_ref()), &library),
                GameId::Shadows => samples(downcast::<Shadows>(m.as_ref()), &library),
                GameId::Test => Vec::new(),
            };
            // Three seeds were rated: a review (one seed) takes a third of it.
            game_seconds.push(started.elapsed().as_secs_f64() / 3.0);
            all.extend(s);
        }
        let mut times: Vec<f64> = all.iter().flat_map(|s| s.seconds.iter().copied()).collect();
        times.sort_by(f64::total_cmp);
        let rated: Vec<&Sample> = all.iter().filter(|s| s.losses.iter().all(Option::is_some)).collect();
        let mut spreads: Vec<f64> = rated
            .iter()
            .map(|s| {
                let l: Vec<f64> = s.losses.iter().flatten().copied().collect();
                l.iter().copied().fold(f64::MIN, f64::max) - l.iter().copied().fold(f64::MAX, f64::min)
            })
            .collect();
        spreads.sort_by(f64::total_cmp);
        let mut losses: Vec<f64> = all.iter().filter_map(|s| s.losses[0]).collect();
        losses.sort_by(f64::total_cmp);
        println!(
            "  loss (first seed): median {:.3}, p75 {:.3}, p90 {:.3}, p95 {:.3}, p99 {:.3}, max {:.3}",
            quantile(&losses, 0.5),
            quantile(&losses, 0.75),
            quantile(&losses, 0.9),
            quantile(&losses, 0.95),
            quantile(&losses, 0.99),
            losses.last().copied().unwrap_or(0.0)
        );
        let changed = all.iter().filter(|s| s.marks.iter().any(|m| *m != s.marks[0])).count();
        let costly = all
            .iter()
            .filter(|s| s.marks.iter().any(|m| m.is_some_and(Mark::is_costly)))
            .count();
        let costly_changed = all
            .iter()
            .filter(|s| {
                s.marks.iter().any(|m| m.is_some_and(Mark::is_costly)) && s.marks.iter().any(|m| *m != s.marks[0])
            })
            .count();
        // Whether the seeds disagree on a move being costly at all, and by two steps or more
        // (best against a mistake, good against a blunder).
        let step = |m: &Option<Mark>| m.map_or(-1, |m| m as i32);
        let costly_split = all
            .iter()
            .filter(|s| {
                let c: Vec<bool> = s.marks.iter().map(|m| m.is_some_and(Mark::is_costly)).collect();
                c.iter().any(|&x| x != c[0])
            })
            .count();
        let far = all
            .iter()
            .filter(|s| {
                let v: Vec<i32> = s.marks.iter().map(step).collect();
                v.iter().max().unwrap_or(&0) - v.iter().min().unwrap_or(&0) >= 2
            })
            .count();
        let marked = |m: Mark| all.iter().filter(|s| s.marks[0] == Some(m)).count();
        println!(
            "{key} ({players} players, {games} games): {} decisions of seat 1, {} rated with a win chance",
            all.len(),
            rated.len()
        );
        println!(
            "  marks (first seed): best {}, good {}, inaccuracy {}, mistake {}, blunder {}",
            marked(Mark::Best),
            marked(Mark::Good),
            marked(Mark::Inaccuracy),
            marked(Mark::Mistake),
            marked(Mark::Blunder)
        );
        println!(
            "  loss spread between seeds (max - min of three): median {:.3}, p90 {:.3}, p95 {:.3}",
            quantile(&spreads, 0.5),
            quantile(&spreads, 0.9),
            quantile(&spreads, 0.95)
        );
        println!(
            "  mark changed with the seed: {changed} of {} decisions ({:.1} %); of the {costly} marked costly by some seed, {costly_changed} changed",
            all.len(),
            100.0 * changed as f64 / all.len().max(1) as f64
        );
        println!(
            "  seeds disagree whether a move is costly: {costly_split} ({:.1} %); marks two or more steps apart: {far} ({:.1} %)",
            100.0 * costly_split as f64 / all.len().max(1) as f64,
            100.0 * far as f64 / all.len().max(1) as f64
        );
        println!(
            "  seconds a decision (one core): median {:.3}, p95 {:.3}, max {:.3}; a seat's whole game on two cores: {}",
            quantile(&times, 0.5),
            quantile(&times, 0.95),
            times.last().copied().unwrap_or(0.0),
            game_seconds
                .iter()
                .map(|s| format!("{s:.0} s"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
}

fn downcast<G: Game>(m: &dyn MatchFace) -> &Match<G> {
    m.as_any().downcast_ref::<Match<G>>().expect("the game's own match")
}
