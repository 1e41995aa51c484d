//! How long a hint takes at every decision of whole games: each game played by heuristic bots,
//! and at every decision the hard hint worked out for the seat to act (`MatchFace::hint`, as the
//! window and `camelot hint` ask for it), its seconds collected.
//!
//!     cargo run --release --no-default-features --features tools --example hint_times -- [games] [court,future,shadows] [max hints a game]
//!
//! Prints, per game, the decisions timed, the mean, p95 and the slowest hint in seconds, and how
//! the hints were ranked (a search, the heuristic's scores, or the choice alone). The hard bound
//! is 1 s a decision on one core: run it on an idle machine (`taskset -c 0` pins it to one core).

use camelot::bots::{BotKind, RankedBy};
use camelot::content::ContentSet;
use camelot::library::Library;
use camelot::rules::{GameId, SeatKind, TableConfig};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let which = args.get(2).cloned().unwrap_or_else(|| "court,future,shadows".into());
    let most: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(5000);
    let library = Library::load(ContentSet::embedded());
    for key in which.split(',') {
        let Some(game) = camelot::library::game_of_key(key) else {
            eprintln!("unknown game {key}");
            continue;
        };
        let players = if game == GameId::Shadows { 5 } else { 4 };
        let mut times = Vec::new();
        let (mut searched, mut looked, mut scored, mut alone) = (0, 0, 0, 0);
        for seed in 0..games {
            let config = TableConfig::with_players(players, SeatKind::Human, 500 + seed);
            let mut m = match library.new_match(game, config) {
                Ok(m) => m,
                Err(e) => {
                    eprintln!("{e}");
                    break;
                }
            };
            for step in 0..most {
                let Some(hint) = m.hint() else { break };
                times.push(hint.seconds);
                match hint.by {
                    RankedBy::Search => searched += 1,
                    RankedBy::Lookahead => looked += 1,
                    RankedBy::Heuristic => scored += 1,
                    RankedBy::Alone => alone += 1,
                }
                let Some(job) = m.bot_job(BotKind::Heuristic, step) else {
                    break;
                };
                let Some(index) = job() else { break };
                if let Err(e) = m.apply_index(index) {
                    eprintln!("{e}");
                    break;
                }
            }
        }
        times.sort_by(f64::total_cmp);
        let n = times.len().max(1);
        let mean = times.iter().sum::<f64>() / n as f64;
        let p95 = times.get((n * 95 / 100).min(n - 1)).copied().unwrap_or(0.0);
        let max = times.last().copied().unwrap_or(0.0);
        println!(
            "{}: {} hints (searched {searched}, looked ahead {looked}, heuristic {scored}, alone {alone}); mean {mean:.3} s, p95 {p95:.3} s, max {max:.3} s",
            game.title(),
            times.len()
        );
    }
}
