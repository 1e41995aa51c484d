//! The review checked against play: games are played with seat 1 at SEAT_LEVEL against normal
//! bots. At each of seat 1's decisions the review rates a move as `camelot review` rates the move
//! played: with MOVES `random`, a legal move drawn at random (the review sees only the position
//! and the move, so this is the review of a player who played it, in a position of a balanced
//! game: the way to find enough mistakes to check); with `played`, the move seat 1 played. Then, for every decision marked a
//! mistake or a blunder and every one marked good or best where the move played was not the hard
//! level's own, the position is played out many times with the move played and with the review's
//! better move.
//!
//! Each play-out re-deals the hidden parts from seat 1's view at that moment (`determinize`, as
//! the review saw the position), with a seed independent of the game's deal; the two moves are
//! played out in pairs from the same re-deal and the same bots' seeds (common random numbers), by
//! normal bots for every seat to the end. The measured loss is the better move's wins minus the
//! played move's, with its 95 % interval from the pairs' differences. Pairs run in batches of 50
//! up to PAIRS; a decision stops early only where the answer is already a sure no (at least 100
//! pairs: a confirmation, or a good move found costly, needs them all).
//!
//!     cargo run --release --no-default-features --features tools --example review_check -- GAME GAMES PAIRS [SEED] [DIVISOR] [MOVES] [GOOD_A_GAME] [SEAT_LEVEL] [OUT.jsonl]
//!
//! GOOD_A_GAME: at most this many good or best moves checked a game (spread over the game);
//! SEAT_LEVEL: seat 1's level when it does not play at random (easy or normal).
//!
//! With REVIEW_CHECK_SAVES=DIR set, each game is saved there (to review with `camelot review`).
//!
//! DIVISOR cuts the normal bots' search in the play-outs to 1/DIVISOR of its iterations (1: the
//! normal level itself; 0: easy bots play the play-outs instead; `heuristic`: the game's
//! heuristic, the review's own play-outs' bots in Shadows; The Court's and Die Zukunft's normal games take seconds each, so that a
//! check of hundreds of decisions by hundreds of play-outs needs a cut). The review itself always
//! runs at its own budget. docs/review.md has the tables and what they mean.

use camelot::bots::{BotHints, BotKind, Budget};
use camelot::content::ContentSet;
use camelot::library::{Library, MatchFace, PlayedOut, play_out_pair, rate_position, review_budget};
use camelot::review::{INACCURACY, Mark, ReviewedDecision, needs_play, play_and_confirm, reviewed_decision};
use camelot::rules::court::Court;
use camelot::rules::future::Future;
use camelot::rules::record::Match;
use camelot::rules::shadows::Shadows;
use camelot::rules::{Difficulty, Game, GameId, GameRng, SeatKind, TableConfig};
use rayon::prelude::*;
use std::io::Write;
use std::sync::atomic::{AtomicU32, Ordering};

/// The play-outs' normal search cut to 1/DIVISOR of its iterations (0: easy bots; `HEURISTIC`:
/// the game's heuristic).
static DIVISOR: AtomicU32 = AtomicU32::new(1);
const HEURISTIC: u32 = u32::MAX;

fn playout_budget(b: Budget) -> Budget {
    let d = DIVISOR.load(Ordering::Relaxed).max(1);
    Budget {
        iterations: (b.iterations / d).max(16),
        time_cap: std::time::Duration::from_secs(3600),
        ..b
    }
}

/// An experiment on the review itself (REVIEW_CHECK_HORIZON=ROUNDS[,DIVISOR]): the review's
/// playouts run this far (The Court: rounds of turns) with 1/DIVISOR of its iterations.
static HORIZON: AtomicU32 = AtomicU32::new(0);
static REVIEW_DIVISOR: AtomicU32 = AtomicU32::new(1);

fn check_review_budget(b: Budget) -> Budget {
    let b = review_budget(b);
    match HORIZON.load(Ordering::Relaxed) {
        0 => b,
        h => Budget {
            horizon: h,
            iterations: (b.iterations / REVIEW_DIVISOR.load(Ordering::Relaxed).max(1)).max(16),
            ..b
        },
    }
}

const BATCH: usize = 50;
const LEAST: usize = 100;

/// A decision checked by play: the review's word and the play-outs' measure.
struct Checked {
    reviewed: ReviewedDecision,
    game: u64,
    /// The better move against the reviewed one, over the pairs played so far.
    out: PlayedOut,
}

impl Checked {
    /// The loss the review tells (play's, where its mark is play's).
    fn stated(&self) -> f64 {
        self.reviewed.told_loss().unwrap_or(0.0)
    }
    /// The better move's wins minus the reviewed move's.
    fn measured(&self) -> f64 {
        self.out.gain()
    }
    /// A marked mistake or blunder the play-outs confirm: the measured loss at least half the
    /// stated one and beyond its interval.
    fn confirmed(&self) -> bool {
        self.out.bears_out(self.stated() / 2.0)
    }
    /// A move marked good or best that the play-outs find costly: a measured loss beyond the
    /// inaccuracy threshold, and beyond its interval.
    fn costly(&self) -> bool {
        self.out.bears_out(INACCURACY)
    }
    /// Whether the answer is a sure no already: a yes needs every pair (stopping at the first
    /// interval that says yes would say yes too often), a no may stop early, which only makes the
    /// tables harder on the review.
    fn settled(&self) -> bool {
        if self.out.pairs < LEAST {
            return false;
        }
        let hi = self.measured() + self.out.half;
        match self.reviewed.mark {
            Some(m) if m >= Mark::Mistake => hi < self.stated() / 2.0 || hi <= 0.0,
            _ => hi < INACCURACY,
        }
    }
}

fn check<G: BotHints>(
    m: &Match<G>,
    library: &Library,
    game: u64,
    most: usize,
    good_a_game: usize,
    random: bool,
) -> Vec<Checked> {
    let Ok(content) = library.content::<G>() else {
        return Vec::new();
    };
    let Ok(mut state) = G::new_shared(&m.config, &content) else {
        return Vec::new();
    };
    let mut spots = Vec::new();
    let mut draw = GameRng::seeded(game ^ 0xD1CE);
    for (index, action) in m.actions.iter().enumerate() {
        let legal = state.legal_actions();
        if state.to_act() == Some(0) && legal.len() > 1 {
            let reviewed = match legal.get(draw.below(legal.len() as u32) as usize) {
                Some(a) if random => a.clone(),
                _ => action.clone(),
            };
            spots.push((state.clone(), index, reviewed));
        }
        if state.apply_quiet(action).is_err() {
            break;
        }
    }
    let seed = m.config.seed;
    // The review, as `camelot review` gives it.
    let reviewed: Vec<(G, G::Action, ReviewedDecision)> = spots
        .into_par_iter()
        .filter_map(|(state, index, action)| {
            let mut r = reviewed_decision(&rate_position(&state, seed, index, &action, Some(check_review_budget))?);
            // As the review does: its inaccuracies, mistakes and blunders played out before they
            // are told (its good moves are played out below, only those the check samples; an
            // inaccuracy play does not bear out is good, and may be sampled among them).
            if needs_play(&r) && r.mark.is_some_and(Mark::is_costly) {
                play_and_confirm(m, library, &mut r, "seat 1");
            }
            Some((state, action, r))
        })
        .collect();
    // The decisions to check: marked mistakes and blunders, and the good or best moves that were
    // not the hard level's own.
    let mut costly = Vec::new();
    let mut fine = Vec::new();
    for (state, played, r) in reviewed {
        let Some(best) = state.legal_actions().get(r.best_index).cloned() else {
            continue;
        };
        match r.mark {
            Some(Mark::Mistake | Mark::Blunder) => costly.push((state, best, played, r)),
            Some(Mark::Good | Mark::Best) if best != played => fine.push((state, best, played, r)),
            _ => {}
        }
    }
    // The good and best moves: at most `good_a_game`, spread evenly over the game, each then
    // played out as the review plays it out (a sample of the review's good moves: one the
    // review's play-out makes an inaccuracy leaves the sample).
    let step = fine.len().div_ceil(good_a_game.max(1)).max(1);
    let sampled: Vec<_> = fine.into_iter().step_by(step).take(good_a_game).collect();
    costly.extend(
        sampled
            .into_par_iter()
            .map(|(state, best, played, mut r)| {
                if needs_play(&r) && r.played_out.is_none() {
                    play_and_confirm(m, library, &mut r, "seat 1");
                }
                (state, best, played, r)
            })
            .filter(|(.., r)| matches!(r.mark, Some(Mark::Good | Mark::Best)))
            .collect::<Vec<_>>(),
    );
    let picked = costly;
    picked
        .into_par_iter()
        .map(|(state, best, played, r)| {
            let mut pairs = Vec::new();
            let mut checked = Checked {
                reviewed: r,
                game,
                out: PlayedOut {
                    pairs: 0,
                    first: 0.0,
                    second: 0.0,
                    half: 1.0,
                },
            };
            while pairs.len() < most && !checked.settled() {
                let from = pairs.len();
                for k in from..from + BATCH {
                    // Independent of the deal: the check's own seed stream for this position.
                    let s = 0xC0FF_EE00_u64 ^ (game << 40) ^ ((checked.reviewed.index as u64) << 20) ^ k as u64;
                    let (kind, tune) = match DIVISOR.load(Ordering::Relaxed) {
                        0 => (BotKind::Level(Difficulty::Easy), None),
                        HEURISTIC => (BotKind::Heuristic, None),
                        _ => (
                            BotKind::Level(Difficulty::Normal),
                            Some(playout_budget as fn(Budget) -> Budget),
                        ),
                    };
                    let seed = s.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    if let Some(p) = play_out_pair::<G>(&state.view(0), 0, &best, &played, seed, kind, tune) {
                        pairs.push(p);
                    }
                }
                if pairs.len() == from {
                    break;
                }
                let Some(out) = PlayedOut::of(&pairs) else { break };
                checked.out = out;
            }
            checked
        })
        .collect()
}

fn downcast<G: Game>(m: &dyn MatchFace) -> &Match<G> {
    m.as_any().downcast_ref::<Match<G>>().expect("the game's own match")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let key = args.get(1).cloned().unwrap_or_else(|| "shadows".into());
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let most: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(400);
    let seed: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(4900);
    let divisor = match args.get(5).map(String::as_str) {
        Some("heuristic") => HEURISTIC,
        a => a.and_then(|a| a.parse().ok()).unwrap_or(1),
    };
    DIVISOR.store(divisor, Ordering::Relaxed);
    let random = args.get(6).is_none_or(|a| a != "played");
    let good_a_game: usize = args.get(7).and_then(|a| a.parse().ok()).unwrap_or(8);
    let level = match args.get(8).map(String::as_str) {
        Some("normal") => Difficulty::Normal,
        _ => Difficulty::Easy,
    };
    let out = args.get(9).map(std::path::PathBuf::from);
    if let Ok(h) = std::env::var("REVIEW_CHECK_HORIZON") {
        let mut parts = h.split(',').map(|p| p.parse::<u32>().unwrap_or(0));
        HORIZON.store(parts.next().unwrap_or(0), Ordering::Relaxed);
        REVIEW_DIVISOR.store(parts.next().unwrap_or(1), Ordering::Relaxed);
    }
    let library = Library::load(ContentSet::embedded());
    let Some(game) = camelot::library::game_of_key(&key) else {
        eprintln!("unknown game {key}");
        std::process::exit(2);
    };
    let players = if game == GameId::Shadows { 5 } else { 2 };
    let mut all: Vec<Checked> = Vec::new();
    let started = std::time::Instant::now();
    for g in 0..games {
        let config = TableConfig::with_players(players, SeatKind::Human, seed + g);
        let Ok(mut m) = library.new_match(game, config) else {
            eprintln!("no table for {key}");
            std::process::exit(2);
        };
        for step in 0..20_000u64 {
            let Some(seat) = m.pending().seat() else { break };
            let kind = match seat {
                0 => BotKind::Level(level),
                _ => BotKind::Level(Difficulty::Normal),
            };
            let Some(job) = m.bot_job(kind, 11 ^ step ^ (g << 32)) else {
                break;
            };
            let Some(index) = job() else { break };
            if let Err(e) = m.apply_index(index) {
                eprintln!("{e}");
                break;
            }
        }
        // The games themselves, for `camelot review` (REVIEW_CHECK_SAVES=DIR).
        if let Some(dir) = std::env::var_os("REVIEW_CHECK_SAVES") {
            let dir = std::path::PathBuf::from(dir);
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(dir.join(format!("{key}-{}.ron", seed + g)), m.to_ron());
        }
        let checked = match game {
            GameId::Court => check(
                downcast::<Court>(m.as_ref()),
                &library,
                seed + g,
                most,
                good_a_game,
                random,
            ),
            GameId::Future => check(
                downcast::<Future>(m.as_ref()),
                &library,
                seed + g,
                most,
                good_a_game,
                random,
            ),
            GameId::Shadows => check(
                downcast::<Shadows>(m.as_ref()),
                &library,
                seed + g,
                most,
                good_a_game,
                random,
            ),
            GameId::Test => Vec::new(),
        };
        for c in &checked {
            let r = &c.reviewed;
            let line = format!(
                "{{\"game\":\"{key}\",\"seed\":{},\"number\":{},\"mark\":\"{}\",\"stated\":{:.4},\"best_rate\":{:.4},\"played_rate\":{:.4},\"pairs\":{},\"measured\":{:.4},\"half\":{:.4},\"best_wins\":{:.4},\"played_wins\":{:.4},\"review_pairs\":{},\"review_gain\":{:.4},\"review_half\":{:.4},\"played\":{:?},\"best\":{:?}}}",
                c.game,
                r.number,
                r.mark.map_or("none", Mark::word),
                c.stated(),
                r.best_rate.unwrap_or(0.0),
                r.played_rate.unwrap_or(0.0),
                c.out.pairs,
                c.measured(),
                c.out.half,
                c.out.first,
                c.out.second,
                r.played_out.map_or(0, |p| p.pairs),
                r.played_out.map_or(0.0, |p| p.gain()),
                r.played_out.map_or(0.0, |p| p.half),
                r.played,
                r.best
            );
            println!("{line}");
            if let Some(path) = &out
                && let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path)
            {
                let _ = writeln!(f, "{line}");
            }
        }
        all.extend(checked);
        eprintln!(
            "game {} of {games} done, {:.0} s",
            g + 1,
            started.elapsed().as_secs_f64()
        );
    }
    let marked: Vec<&Checked> = all
        .iter()
        .filter(|c| c.reviewed.mark.is_some_and(|m| m >= Mark::Mistake))
        .collect();
    let fine: Vec<&Checked> = all
        .iter()
        .filter(|c| c.reviewed.mark.is_some_and(|m| m <= Mark::Good))
        .collect();
    let confirmed = marked.iter().filter(|c| c.confirmed()).count();
    let costly = fine.iter().filter(|c| c.costly()).count();
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    let by = match DIVISOR.load(Ordering::Relaxed) {
        0 => "easy bots".to_string(),
        1 => "normal bots".to_string(),
        d => format!("normal bots at 1/{d} of their iterations"),
    };
    println!(
        "{key}: {games} games from seed {seed}, seat 1 {}, reviewing {} moves, play-outs by {by}, up to {most} pairs",
        level.key(),
        if random { "random" } else { "played" }
    );
    println!(
        "  marked mistakes and blunders: {} checked, {confirmed} confirmed ({:.0} %)",
        marked.len(),
        pct(confirmed, marked.len())
    );
    println!(
        "  marked good or best (not the hard level's move): {} checked, {costly} found costly ({:.1} %)",
        fine.len(),
        pct(costly, fine.len())
    );
    let mean = |v: &[&Checked], f: fn(&Checked) -> f64| v.iter().map(|c| f(c)).sum::<f64>() / v.len().max(1) as f64;
    println!(
        "  mistakes and blunders: stated loss mean {:.3}, measured mean {:.3}; good/best: stated {:.3}, measured {:.3}",
        mean(&marked, Checked::stated),
        mean(&marked, Checked::measured),
        mean(&fine, Checked::stated),
        mean(&fine, Checked::measured)
    );
    println!("  {:.0} s", started.elapsed().as_secs_f64());
}
