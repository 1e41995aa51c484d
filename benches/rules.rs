//! The rules core's speed: random full games a second on one core, and what one step costs
//! (listing the legal actions, applying one), for each game whose rules are in.
//!
//!     cargo bench --no-default-features --bench rules
//!     ... --bench rules -- --games 5000 --players 4
//!     ... --bench rules -- --game future        (one game only)
//!
//! Prints one JSON object a game, one a line. The games are those of
//! `camelot sim GAME --players N --json` with random bots, without the simulator's bookkeeping
//! (bot seeding, timing each decision).

use camelot::content::{ContentSet, LoadContent};
use camelot::rules::court::Court;
use camelot::rules::future::Future;
use camelot::rules::{Game, GameRng, SeatKind, TableConfig};
use std::time::Instant;

#[path = "common/args.rs"]
mod args;
use args::{arg, wanted};

fn main() {
    let games = arg("--games", 5000);
    let players = arg("--players", 4);
    if wanted("court") {
        bench::<Court>("court", games, players);
    }
    if wanted("future") {
        bench::<Future>("future", games, players);
    }
    if wanted("shadows") {
        bench::<camelot::rules::shadows::Shadows>("shadows", games, players.max(3));
    }
}

/// Plays `games` random games of `G` and prints their speed as one JSON line.
fn bench<G: Game>(key: &str, games: usize, players: usize) {
    let content = match G::Content::load(&ContentSet::embedded()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("the shipped content does not load: {e:?}");
            std::process::exit(1);
        }
    };
    let mut legal = Vec::new();
    let mut rng = GameRng::seeded(1);
    let (mut actions, mut legal_total) = (0usize, 0usize);
    let (mut t_legal, mut t_apply) = (0.0f64, 0.0f64);
    let started = Instant::now();
    for seed in 0..games as u64 {
        let config = TableConfig::with_players(players, SeatKind::Human, seed);
        let Ok(mut g) = G::new(&config, &content) else {
            eprintln!("setup failed");
            std::process::exit(1);
        };
        while g.to_act().is_some() {
            g.legal_actions_into(&mut legal);
            legal_total += legal.len();
            let a = legal[rng.below(legal.len() as u32) as usize].clone();
            if g.apply_quiet(&a).is_err() {
                eprintln!("a legal action was refused");
                std::process::exit(1);
            }
            actions += 1;
        }
    }
    let secs = started.elapsed().as_secs_f64();

    // The two halves of a step, timed apart on a fresh run of the same games.
    for seed in 0..(games as u64).min(1000) {
        let config = TableConfig::with_players(players, SeatKind::Human, seed);
        let Ok(mut g) = G::new(&config, &content) else {
            return;
        };
        while g.to_act().is_some() {
            let t0 = Instant::now();
            g.legal_actions_into(&mut legal);
            let t1 = Instant::now();
            let a = legal[rng.below(legal.len() as u32) as usize].clone();
            let _ = g.apply_quiet(&a);
            let t2 = Instant::now();
            t_legal += (t1 - t0).as_secs_f64();
            t_apply += (t2 - t1).as_secs_f64();
        }
    }
    let timed = (games.min(1000) as f64 / games as f64 * actions as f64).max(1.0);
    println!(
        "{{\"game\":\"{key}\",\"players\":{players},\"games\":{games},\"games_per_second\":{:.0},\
         \"actions_per_game\":{:.1},\"ns_per_action\":{:.0},\"mean_legal_actions\":{:.1},\
         \"legal_ns\":{:.0},\"apply_ns\":{:.0}}}",
        games as f64 / secs,
        actions as f64 / games as f64,
        secs * 1e9 / actions as f64,
        legal_total as f64 / actions as f64,
        t_legal * 1e9 / timed,
        t_apply * 1e9 / timed,
    );
}
