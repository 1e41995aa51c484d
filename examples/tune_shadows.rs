//! Tunes the Shadows over Camelot heuristic's weights by self-play: coordinate search over
//! `Weights`, each candidate judged on the same seeded games (so two candidates meet the same
//! cards), keeping a change only when it wins more.
//!
//!     cargo run --release --no-default-features --example tune_shadows -- [games] [rounds] [players,...] [first round]
//!
//! Rounds 0 and 1 try each weight ×0.6 and ×1.5; later rounds ×0.8 and ×1.25 (a first round of 2
//! starts with the fine steps).
//!
//! Prints the score of the shipped weights, every improvement, and the best weights as a line
//! to paste into `Weights::DEFAULT` (`src/rules/shadows/bot.rs`). The score of a set, over games
//! without a Traitor: the Knights' win rate × 20, plus their mean White Swords less half the
//! Black ones, less 3 for a game lost before the Round Table filled (to the siege or to deaths).

use camelot::content::ContentSet;
use camelot::rules::shadows::{Loyalty, Shadows, ShadowsContent, Weights, heuristic_with};
use camelot::rules::{Game, GameRng, SeatKind, TableConfig};
use std::sync::Arc;

fn score(content: &Arc<ShadowsContent>, w: &Weights, games: u64, players: usize) -> f64 {
    let mut total = 0.0;
    for seed in 0..games {
        let mut config = TableConfig::with_players(players, SeatKind::Human, 10_000 + seed);
        config.variants.insert("loyalty".into(), "none".into());
        let Ok(mut g) = Shadows::new_shared(&config, content) else {
            return f64::MIN;
        };
        let mut rng = GameRng::seeded(seed);
        let mut legal = Vec::new();
        for _ in 0..20_000 {
            if g.outcome().is_some() {
                break;
            }
            g.legal_actions_into(&mut legal);
            let Some(a) = heuristic_with(&g, &legal, &mut rng, w) else {
                break;
            };
            if g.apply_quiet(&a).is_err() {
                break;
            }
        }
        let won = g
            .outcome()
            .is_some_and(|o| o.winners.iter().any(|&s| g.knights[s].loyalty == Loyalty::Loyal));
        // A loss before the twelfth Sword (siege, deaths) costs more than the Swords say.
        let early = g.swords() < g.numbers().swords_end && g.black_swords < g.numbers().black_swords_lose;
        total += if won { 20.0 } else { 0.0 } + g.white_swords as f64
            - 0.5 * g.black_swords as f64
            - if early { 3.0 } else { 0.0 };
    }
    total / games as f64
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|v| v.parse().ok()).unwrap_or(d);
    let (games, rounds) = (arg(1, 300), arg(2, 3));
    // Judged over every player count given: the mean of their scores.
    let counts: Vec<usize> = args
        .get(3)
        .map_or("4", String::as_str)
        .split(',')
        .filter_map(|p| p.trim().parse().ok())
        .collect();
    let score = |content: &Arc<ShadowsContent>, w: &Weights, games: u64, counts: &[usize]| {
        counts.iter().map(|&p| score(content, w, games, p)).sum::<f64>() / counts.len().max(1) as f64
    };
    let content = match ShadowsContent::load(&ContentSet::embedded()) {
        Ok(c) => Arc::new(c),
        Err(e) => {
            eprintln!("content: {e:?}");
            std::process::exit(2);
        }
    };
    // Coarse steps first, finer ones in later rounds.
    let steps = |round: u64| if round < 2 { [0.6f32, 1.5] } else { [0.8f32, 1.25] };
    let mut best = Weights::DEFAULT;
    let mut best_score = score(&content, &best, games, &counts);
    println!("shipped: {best_score:.3}");
    for round in 0..rounds {
        let factors = steps(round + args.get(4).and_then(|v| v.parse().ok()).unwrap_or(0));
        for i in 0..best.0.len() {
            for factor in factors {
                let mut w = best;
                w.0[i] *= factor;
                let s = score(&content, &w, games, &counts);
                if s > best_score + 0.02 {
                    println!("round {round}: weight {i} × {factor}: {s:.3} (was {best_score:.3})");
                    best = w;
                    best_score = s;
                }
            }
        }
    }
    println!("best {best_score:.3}: {:?}", best.0);
}
