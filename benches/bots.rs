//! Bot decision time and search speed, per difficulty, on positions of The Court taken from
//! heuristic self-play (play phases only: the decisions the searching levels actually search).
//!
//!     cargo bench --no-default-features --bench bots
//!     ... --bench bots -- --positions 60 --players 4
//!     ... --bench bots -- --uncapped       (no wall-clock cap: the same searches every run)
//!
//! Prints one JSON object: per difficulty the decision time (mean, p95, max in ms), the mean
//! iterations per decision, iterations per second and how many decisions hit the time cap.

use camelot::bots::{self, BotHints, BotKind, Budget};
use camelot::content::ContentSet;
use camelot::rules::court::{Court, CourtContent, Phase};
use camelot::rules::{Difficulty, Game, GameRng, SeatKind, TableConfig};
use std::time::Instant;

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Play-phase positions of heuristic self-play games.
fn positions(content: &CourtContent, players: usize, count: usize) -> Vec<Court> {
    let mut out = Vec::new();
    let mut rng = GameRng::seeded(99);
    let mut seed = 0;
    while out.len() < count {
        seed += 1;
        let mut config = TableConfig::with_players(players, SeatKind::Human, seed);
        config.variants.insert("target".into(), "50".into());
        let Ok(mut g) = Court::new(&config, content) else {
            eprintln!("setup failed");
            return out;
        };
        let mut step = 0;
        while let Some(seat) = g.pending().seat() {
            let legal = g.legal_actions();
            // Every 7th play-phase decision, so positions spread over whole games.
            if g.phase() == &Phase::Play && legal.len() > 1 && step % 7 == 0 && out.len() < count {
                out.push(g.clone());
            }
            step += 1;
            let Some(a) = Court::heuristic(&g.view(seat), &legal, &mut rng) else {
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
    let content = match CourtContent::load(&ContentSet::embedded()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("content: {e:?}");
            std::process::exit(2);
        }
    };
    let all = positions(&content, players, count);
    let mut report = serde_json::Map::new();
    report.insert("game".into(), "court".into());
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
            let decision = match Court::budget(&view, d) {
                // `--uncapped`: no wall-clock cap, so that instruction counts (callgrind) and
                // repeated runs compare the same searches.
                Some(budget) if uncapped => {
                    let budget = Budget {
                        time_cap: std::time::Duration::from_secs(3600),
                        ..budget
                    };
                    bots::search::<Court>(&view, &legal, &budget, &mut rng)
                }
                _ => bots::decide::<Court>(BotKind::Level(d), &view, &legal, &mut rng),
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
