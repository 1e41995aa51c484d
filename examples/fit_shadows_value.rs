//! Refits the Shadows over Camelot position model (`value` in `assets/bots/shadows_bots.ron`,
//! `src/rules/shadows/bot/value.rs`) from a seed: plays seeded games with every seat on the
//! normal bot, records the position at the start of every turn with whether the Loyal Knights
//! went on to win, and fits a logistic model per table size (Newton's method, a small L2 pull
//! toward 0). The first round's games are played with a model that knows nothing, so the normal
//! bot plays its heuristic; with `--rounds 2` or more, each later round plays with the model just
//! fitted (the normal bot judges its choices with it) and fits again.
//!
//!     cargo run --release --no-default-features --features tools --example fit_shadows_value -- [options]
//!
//! Options: `--seed N` (default 1), `--games N` per table size and Loyalty deck (default 1000;
//! the decks are none, standard and traitor), `--rounds N` (default 1), `--from PATH` (the weights
//! and deeds from this file; default the shipped one), `--out PATH` (default `assets/bots/shadows_bots.ron`),
//! `--jobs N`, `--eval` (only print how well the file's model predicts fresh games),
//! `--calibrate` (play fresh games with the file's model, fit only each table's constant to
//! them, and print what it gains: the file's `told`).

// Matrix code reads best with its indices.
#![allow(clippy::needless_range_loop)]

#[path = "tools/args.rs"]
mod args;

use args::Args;
use camelot::bots::{self, BotKind};
use camelot::rules::shadows::{
    FEATURE_NAMES, FEATURES, Loyalty, Shadows, ShadowsBots, ShadowsContent, TABLE_SIZES, Task, ValueModel, features,
};
use camelot::rules::{Difficulty, Game, GameRng, SeatKind, TableConfig};
use rayon::prelude::*;
use std::sync::Arc;
use std::time::Instant;

const DECKS: [&str; 3] = ["none", "standard", "traitor"];

/// One game's positions (one at each turn's start) and whether the Knights won.
fn play(content: &Arc<ShadowsContent>, players: usize, loyalty: &str, seed: u64) -> (Vec<[f32; FEATURES]>, bool) {
    let mut config = TableConfig::with_players(players, SeatKind::Human, seed);
    config.variants.insert("loyalty".into(), loyalty.into());
    let Ok(mut g) = Shadows::new_shared(&config, content) else {
        return (Vec::new(), false);
    };
    let mut rows = Vec::new();
    let mut legal = Vec::new();
    for step in 0..20_000u64 {
        if g.outcome().is_some() {
            break;
        }
        let Some(seat) = g.to_act() else { break };
        if matches!(g.stack.last(), Some(Task::Evil)) {
            rows.push(features(&g));
        }
        g.legal_actions_into(&mut legal);
        let a = if legal.len() == 1 {
            legal[0]
        } else {
            // As `camelot sim` seeds a bot: never the generator that dealt the game.
            let mut rng = GameRng::seeded(camelot::library::play_out_bot_seed(seed, step as usize));
            match bots::choose::<Shadows>(BotKind::Level(Difficulty::Normal), &g.view(seat), &legal, &mut rng) {
                Some(a) => a,
                None => break,
            }
        };
        if g.apply_quiet(&a).is_err() {
            break;
        }
    }
    let won = g
        .outcome()
        .is_some_and(|o| o.winners.iter().any(|&s| g.knights[s].loyalty == Loyalty::Loyal));
    (rows, won)
}

/// Every position of `games` games per Loyalty deck at one table size, with its label.
fn positions(
    content: &Arc<ShadowsContent>,
    players: usize,
    games: u64,
    seed: u64,
) -> (Vec<[f32; FEATURES]>, Vec<f32>, f64) {
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    let mut wins = 0usize;
    for (d, deck) in DECKS.iter().enumerate() {
        let played: Vec<(Vec<[f32; FEATURES]>, bool)> = (0..games)
            .into_par_iter()
            .map_init(
                || Arc::new((**content).clone()),
                |c, i| {
                    play(
                        c,
                        players,
                        deck,
                        seed.wrapping_mul(1_000_003) + (players * 10 + d) as u64 * 1_000_000 + i,
                    )
                },
            )
            .collect();
        for (rows, won) in played {
            wins += usize::from(won);
            let y = if won { 1.0 } else { 0.0 };
            ys.extend(std::iter::repeat_n(y, rows.len()));
            xs.extend(rows);
        }
    }
    (xs, ys, wins as f64 / (games as f64 * DECKS.len() as f64))
}

fn predict(w: &[f64; FEATURES], x: &[f32; FEATURES]) -> f64 {
    let z: f64 = x.iter().zip(w).map(|(a, b)| f64::from(*a) * b).sum();
    1.0 / (1.0 + (-z.clamp(-30.0, 30.0)).exp())
}

/// Mean log loss and Brier score of a model over positions.
fn loss(w: &[f64; FEATURES], xs: &[[f32; FEATURES]], ys: &[f32]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let (mut ll, mut brier) = (0.0, 0.0);
    for (x, &y) in xs.iter().zip(ys) {
        let p = predict(w, x).clamp(1e-6, 1.0 - 1e-6);
        let y = f64::from(y);
        ll -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        brier += (p - y) * (p - y);
    }
    (ll / n, brier / n)
}

/// Logistic regression by Newton's method with an L2 pull of `lambda` (the constant unpulled).
fn fit(xs: &[[f32; FEATURES]], ys: &[f32], lambda: f64) -> [f64; FEATURES] {
    let mut w = [0.0f64; FEATURES];
    for _ in 0..25 {
        let mut grad = [0.0f64; FEATURES];
        let mut hess = vec![[0.0f64; FEATURES]; FEATURES];
        for (x, &y) in xs.iter().zip(ys) {
            let p = predict(&w, x);
            let e = p - f64::from(y);
            let s = (p * (1.0 - p)).max(1e-9);
            for i in 0..FEATURES {
                let xi = f64::from(x[i]);
                if xi == 0.0 {
                    continue;
                }
                grad[i] += e * xi;
                for j in i..FEATURES {
                    hess[i][j] += s * xi * f64::from(x[j]);
                }
            }
        }
        for i in 0..FEATURES {
            for j in 0..i {
                hess[i][j] = hess[j][i];
            }
            if i > 0 {
                grad[i] += lambda * w[i];
                hess[i][i] += lambda;
            } else {
                hess[i][i] += 1e-9;
            }
        }
        let Some(step) = solve(hess, grad) else { break };
        let mut moved = 0.0f64;
        for i in 0..FEATURES {
            w[i] -= step[i];
            moved = moved.max(step[i].abs());
        }
        if moved < 1e-6 {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<[f64; FEATURES]>, mut b: [f64; FEATURES]) -> Option<[f64; FEATURES]> {
    for c in 0..FEATURES {
        let p = (c..FEATURES).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        if a[p][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, p);
        b.swap(c, p);
        for r in c + 1..FEATURES {
            let f = a[r][c] / a[c][c];
            if f == 0.0 {
                continue;
            }
            for k in c..FEATURES {
                a[r][k] -= f * a[c][k];
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = [0.0f64; FEATURES];
    for c in (0..FEATURES).rev() {
        let s: f64 = (c + 1..FEATURES).map(|k| a[c][k] * x[k]).sum();
        x[c] = (b[c] - s) / a[c][c];
    }
    Some(x)
}

fn main() {
    let args = Args::from_env();
    let opt = |name: &str| args.opt(name);
    let flag = |name: &str| args.flag(name);
    let seed: u64 = args.num("--seed", 1);
    let games: u64 = args.num("--games", 1000);
    let rounds: u32 = args.num("--rounds", 1);
    let out = opt("--out").unwrap_or_else(|| ShadowsBots::FILE.to_string());
    args.set_jobs();
    let mut content = match ShadowsContent::for_tools(opt("--from").as_deref().map(std::path::Path::new)) {
        Ok(c) => c,
        Err(e) => {
            for e in e {
                eprintln!("{e}");
            }
            std::process::exit(2);
        }
    };
    let started = Instant::now();
    if flag("--eval") {
        let c = Arc::new(content.clone());
        for players in TABLE_SIZES {
            let (xs, ys, wins) = positions(&c, players, games, seed.wrapping_add(99));
            let Some(w) = content.bots.value.weights(players) else {
                continue;
            };
            let w: [f64; FEATURES] = std::array::from_fn(|i| f64::from(w[i]));
            let (ll, brier) = loss(&w, &xs, &ys);
            println!(
                "{players} players: Knights won {:.1} %; log loss {ll:.4}, Brier {brier:.4} over {} positions",
                100.0 * wins,
                xs.len()
            );
        }
        return;
    }
    if flag("--calibrate") {
        // The model was fitted to games the heuristic played (round 0 below), in which the
        // Knights win less than the normal bots now make them: its chances read low at every
        // table. This plays fresh games with the file's model (the bots decide on its fitted
        // scale, whatever `told` says), fits only each table's constant to them, and prints what
        // the constant gains: the file's `told` (`ValueModel::told`), the chances a player is told.
        let c = Arc::new(content.clone());
        for players in TABLE_SIZES {
            let (xs, ys, wins) = positions(&c, players, games, seed.wrapping_add(77));
            let Some(w) = content.bots.value.weights(players) else {
                continue;
            };
            let mut w: [f64; FEATURES] = std::array::from_fn(|i| f64::from(w[i]));
            let mean = |w: &[f64; FEATURES]| xs.iter().map(|x| predict(w, x)).sum::<f64>() / xs.len().max(1) as f64;
            let (old, before, (ll0, _)) = (w[0], mean(&w), loss(&w, &xs, &ys));
            for _ in 0..50 {
                let (mut grad, mut hess) = (0.0, 1e-9);
                for (x, &y) in xs.iter().zip(&ys) {
                    let p = predict(&w, x);
                    grad += p - f64::from(y);
                    hess += p * (1.0 - p);
                }
                w[0] -= grad / hess;
            }
            let positions_won = ys.iter().map(|&y| f64::from(y)).sum::<f64>() / ys.len().max(1) as f64;
            let (ll, _) = loss(&w, &xs, &ys);
            println!(
                "{players} players: Knights won {:.1} % of games ({:.1} % of positions); the model's mean \
                 chance {:.1} % -> {:.1} %; log loss {ll0:.4} -> {ll:.4}; told {}: {:.4}",
                100.0 * wins,
                100.0 * positions_won,
                100.0 * before,
                100.0 * mean(&w),
                players,
                w[0] - old
            );
        }
        return;
    }
    // The first round's games are played with a model that knows nothing, with which the normal
    // bot plays its heuristic: the fit depends on the seed and the weights alone.
    content.bots.value = ValueModel::flat();
    for round in 0..rounds {
        let c = Arc::new(content.clone());
        let mut fitted = content.bots.value.clone();
        for (slot, players) in TABLE_SIZES.enumerate() {
            let (xs, ys, wins) = positions(&c, players, games, seed.wrapping_add(round as u64));
            // Fit on four positions in five (by game order), report the loss on the fifth.
            let split = xs.len() * 4 / 5;
            let w = fit(&xs[..split], &ys[..split], 1.0);
            let (ll, brier) = loss(&w, &xs[split..], &ys[split..]);
            let base = ys[split..].iter().map(|&y| f64::from(y)).sum::<f64>() / (xs.len() - split).max(1) as f64;
            let flat = [0.0; FEATURES];
            let mut flat = flat;
            flat[0] = (base.clamp(1e-6, 1.0 - 1e-6) / (1.0 - base.clamp(1e-6, 1.0 - 1e-6))).ln();
            let (ll0, _) = loss(&flat, &xs[split..], &ys[split..]);
            println!(
                "round {round}, {players} players ({:.0} s): Knights won {:.1} %; held-out log loss {ll:.4} (a constant: {ll0:.4}), Brier {brier:.4}; {} positions",
                started.elapsed().as_secs_f64(),
                100.0 * wins,
                xs.len()
            );
            let w = fit(&xs, &ys, 1.0);
            fitted.by_players[slot] = std::array::from_fn(|i| w[i] as f32);
        }
        content.bots.value = fitted;
    }
    for (players, w) in TABLE_SIZES.zip(&content.bots.value.by_players) {
        let shown: Vec<String> = FEATURE_NAMES
            .iter()
            .zip(w)
            .map(|(n, v)| format!("{n} {v:.2}"))
            .collect();
        println!("{players}: {}", shown.join(", "));
    }
    let header = format!(
        "The Shadows over Camelot bots' numbers (what each weighs: src/rules/shadows/tuning.rs).\n\
         The weights: cargo run --release --no-default-features --features tools --example tune_shadows -- --hand-set --seed 1 --games 600 --rounds 3 --step 0.5 --min-gain 0.08\n\
         The position model: cargo run --release --no-default-features --features tools --example fit_shadows_value -- --seed {seed} --games {games} --rounds {rounds}\n\
         ({:.0} minutes on this machine). `camelot check` validates this file.",
        started.elapsed().as_secs_f64() / 60.0
    );
    if let Err(e) = std::fs::write(&out, content.bots.to_ron(&header)) {
        eprintln!("{out}: {e}");
        std::process::exit(1);
    }
    println!("wrote {out}");
}
