//! Bot decision time and search speed, per difficulty, on positions taken from heuristic
//! self-play: the decisions the searching levels actually search (The Court's play phases,
//! Die Zukunft's decisions with a choice).
//!
//!     cargo bench --no-default-features --bench bots
//!     ... --bench bots -- --positions 60 --players 4
//!     ... --bench bots -- --game future       (one game only)
//!     ... --bench bots -- --uncapped          (no wall-clock cap: the same searches every run)
//!
//! Prints one JSON object a game, one a line: per difficulty the decision time (mean, p95, max
//! in ms), the mean iterations per decision, iterations per second and how many decisions hit
//! the time cap.

use camelot::bots::{self, BotHints, BotKind, Budget};
use camelot::content::{ContentSet, LoadContent};
use camelot::rules::court::{Court, Phase};
use camelot::rules::future::Future;
use camelot::rules::{Difficulty, Game, GameRng, SeatKind, TableConfig};
use std::time::Instant;

#[path = "common/args.rs"]
mod args;
use args::{arg, wanted};

/// Positions of heuristic self-play games that `searched` picks (and with a choice to make).
fn positions<G: BotHints>(
    content: &G::Content,
    players: usize,
    count: usize,
    variants: &[(&str, &str)],
    searched: impl Fn(&G) -> bool,
) -> Vec<G> {
    let mut out = Vec::new();
    let mut rng = GameRng::seeded(99);
    let mut seed = 0;
    while out.len() < count {
        seed += 1;
        let mut config = TableConfig::with_players(players, SeatKind::Human, seed);
        for (k, v) in variants {
            config.variants.insert((*k).into(), (*v).into());
        }
        let Ok(mut g) = G::new(&config, content) else {
            eprintln!("setup failed");
            return out;
        };
        let mut step = 0;
        while let Some(seat) = g.pending().seat() {
            let legal = g.legal_actions();
            // Every 7th play-phase decision, so positions spread over whole games.
            if searched(&g) && legal.len() > 1 && step % 7 == 0 && out.len() < count {
                out.push(g.clone());
            }
            step += 1;
            let Some(a) = G::heuristic(&g.view(seat), &legal, &mut rng) else {
                break;
            };
            if g.apply(&a).is_err() {
                break;
            }
        }
    }
    out
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn main() {
    let count = arg("--positions", 40);
    let players = arg("--players", 4);
    let uncapped = std::env::args().any(|a| a == "--uncapped");
    if wanted("court") {
        let content = load::<Court>();
        let all = positions::<Court>(&content, players, count, &[("target", "50")], |g| {
            g.phase() == &Phase::Play
        });
        report("court", players, &all, uncapped);
    }
    if wanted("future") {
        let content = load::<Future>();
        let all = positions::<Future>(&content, players, count, &[], |_| true);
        report("future", players, &all, uncapped);
    }
    if wanted("shadows") {
        use camelot::rules::shadows::Shadows;
        let content = load::<Shadows>();
        let players = players.max(3);
        // The Progression of Evil and the Heroic Actions: the turn's real choices.
        let all = positions::<Shadows>(&content, players, count, &[], |g| {
            matches!(
                g.stack.last(),
                Some(camelot::rules::shadows::Task::Evil | camelot::rules::shadows::Task::Heroic)
            )
        });
        report("shadows", players, &all, uncapped);
    }
}

fn load<G: Game>() -> G::Content {
    match G::Content::load(&ContentSet::embedded()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("content: {e:?}");
            std::process::exit(2);
        }
    }
}

/// Times every difficulty's decision at each position and prints one JSON line.
fn report<G: BotHints>(key: &str, players: usize, all: &[G], uncapped: bool) {
    let mut report = serde_json::Map::new();
    report.insert("game".into(), key.into());
    report.insert("players".into(), players.into());
    report.insert("positions".into(), all.len().into());
    for d in Difficulty::ALL {
        let (mut ms, mut iterations, mut seconds, mut capped) = (Vec::new(), 0u64, 0.0f64, 0usize);
        for (i, g) in all.iter().enumerate() {
            let Some(seat) = g.pending().seat() else { continue };
            let view = g.view(seat);
            let legal = g.legal_actions();
            let mut rng = GameRng::seeded(i as u64);
            let t0 = Instant::now();
            let decision = match G::budget(&view, d) {
                // `--uncapped`: no wall-clock cap, so that instruction counts (callgrind) and
                // repeated runs compare the same searches.
                Some(budget) if uncapped => {
                    let budget = Budget {
                        time_cap: std::time::Duration::from_secs(3600),
                        ..budget
                    };
                    bots::search::<G>(&view, &legal, &budget, &mut rng)
                }
                _ => bots::decide::<G>(BotKind::Level(d), &view, &legal, &mut rng),
            };
            ms.push(t0.elapsed().as_secs_f64() * 1000.0);
            iterations += decision.stats.iterations as u64;
            seconds += decision.stats.seconds;
            capped += decision.stats.capped as usize;
        }
        ms.sort_by(f64::total_cmp);
        let mean = ms.iter().sum::<f64>() / ms.len().max(1) as f64;
        let round = |x: f64| (x * 100.0).round() / 100.0;
        let entry = serde_json::json!({
            "decisions": ms.len(),
            "mean_ms": round(mean),
            "p95_ms": round(percentile(&ms, 0.95)),
            "max_ms": round(ms.last().copied().unwrap_or(0.0)),
            "mean_iterations": round(iterations as f64 / ms.len().max(1) as f64),
            "iterations_per_second": if seconds > 0.0 { (iterations as f64 / seconds).round() } else { 0.0 },
            "capped": capped,
        });
        report.insert(d.key().into(), entry);
    }
    println!("{}", serde_json::Value::Object(report));
}
