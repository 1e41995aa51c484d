//! Refits the Shadows over Camelot bots' numbers (`assets/bots/shadows_bots.ron`) from a seed, by
//! self-play on seeded games:
//!
//! 1. the deeds: how much likelier each public deed is for the Traitor than for a Loyal Knight,
//!    counted over games with a Traitor always dealt;
//! 2. the normal level's weights, by coordinate search: each weight in turn ×(1 − step) and
//!    ×(1 + step) (a range's end stops it), every candidate judged on the same games (so two
//!    candidates meet the same cards), a change kept when it scores better. The Knights' weights
//!    are judged by the Knights' score over a mix of tables and Loyalty decks; the Traitor's own
//!    (`traitor_*`) by how often the Knights lose with a Traitor dealt;
//! 3. the deeds again, for the weights found.
//!
//!     cargo run --release --no-default-features --features tools --example tune_shadows -- [options]
//!
//! Options: `--seed N` (default 1), `--games N` per table and candidate (default 300),
//! `--rounds N` (default 2), `--step X` (the first round's step, default 0.4; each later round
//! halves it), `--min-gain X` (the Knights' score a change must add to be kept, default 0.08),
//! `--from PATH` (start from this file; default the shipped one), `--hand-set` (start the
//! normal level from the first values written in `src/rules/shadows/tuning.rs`, the easy
//! level and the deeds as in the file: this is how the shipped file is made), `--out PATH`
//! (default `assets/bots/shadows_bots.ron`), `--eval` (only print the score of the starting weights,
//! table by table), `--deeds-only`, `--jobs N`.
//!
//! The Knights' score of a game: 20 for a win, plus the White Swords, less the Black ones, less
//! 3 for a game lost before the Round Table filled (to the siege or to deaths), less
//! `--death-cost X` (default 0) for each Loyal Knight who died.

#[path = "tools/args.rs"]
mod args;

use args::Args;
use camelot::rules::shadows::{Deed, DeedOdds, Loyalty, Shadows, ShadowsBots, ShadowsContent, Weights, heuristic_with};
use camelot::rules::{Game, GameRng, SeatKind, TableConfig};
use rayon::prelude::*;
use std::sync::Arc;
use std::time::Instant;

/// What each Loyal Knight's death takes from a game's score (`--death-cost`, default 0): a
/// seasoned table keeps its Knights alive when it can.
static DEATH_COST: std::sync::OnceLock<f64> = std::sync::OnceLock::new();

/// The tables a candidate plays: players, Loyalty deck, weight in the score.
const TABLES: &[(usize, &str, f64)] = &[
    (5, "none", 1.0),
    (5, "traitor", 1.0),
    (3, "standard", 1.0),
    (4, "standard", 0.5),
];

/// One played game.
#[derive(Clone, Copy, Default)]
struct Played {
    knights_won: bool,
    score: f64,
    caught: bool,
    traitor_present: bool,
}

/// Each seat's deeds in a game, and whether it was the Traitor.
type SeatDeeds = Vec<([u8; Deed::COUNT], bool)>;

/// Plays one game with every seat on the heuristic with `w` (the content's deed odds replaced
/// by `odds`), from the seats' views; returns how it went, and each seat's deeds and Loyalty.
fn play(content: &Arc<ShadowsContent>, players: usize, loyalty: &str, seed: u64) -> (Played, SeatDeeds) {
    let mut config = TableConfig::with_players(players, SeatKind::Human, seed);
    config.variants.insert("loyalty".into(), loyalty.into());
    let Ok(mut g) = Shadows::new_shared(&config, content) else {
        return (Played::default(), Vec::new());
    };
    let w = content.bots.normal.clone();
    let mut legal = Vec::new();
    for step in 0..20_000u64 {
        if g.outcome().is_some() {
            break;
        }
        let Some(seat) = g.to_act() else { break };
        g.legal_actions_into(&mut legal);
        let a = if legal.len() == 1 {
            legal[0]
        } else {
            let view = g.view(seat);
            // As `camelot sim` seeds a bot: never the generator that dealt the game.
            let mut rng = GameRng::seeded(camelot::library::play_out_bot_seed(seed, step as usize));
            match heuristic_with(&view.game, &legal, &mut rng, &w) {
                Some(a) => a,
                None => break,
            }
        };
        if g.apply_quiet(&a).is_err() {
            break;
        }
    }
    let n = g.numbers().clone();
    let knights_won = g
        .outcome()
        .is_some_and(|o| o.winners.iter().any(|&s| g.knights[s].loyalty == Loyalty::Loyal));
    let early = g.swords() < n.swords_end && g.black_swords < n.black_swords_lose;
    let loyal_dead = g
        .knights
        .iter()
        .filter(|k| k.dead && k.loyalty == Loyalty::Loyal)
        .count() as f64;
    let score = if knights_won { 20.0 } else { 0.0 } + g.white_swords as f64
        - g.black_swords as f64
        - if early { 3.0 } else { 0.0 }
        - DEATH_COST.get().copied().unwrap_or(0.0) * loyal_dead;
    let deeds = g
        .deeds
        .iter()
        .zip(&g.knights)
        .map(|(d, k)| (d.counts, k.loyalty == Loyalty::Traitor))
        .collect();
    let tags = g.outcome_tags();
    let played = Played {
        knights_won,
        score,
        caught: tags.iter().any(|t| t == "traitor_caught"),
        traitor_present: g.traitor_seat().is_some(),
    };
    (played, deeds)
}

/// The shipped content with other bots' weights.
fn with_bots(base: &Arc<ShadowsContent>, bots: &ShadowsBots) -> Arc<ShadowsContent> {
    let mut content = (**base).clone();
    content.bots = bots.clone();
    Arc::new(content)
}

/// `games` games at a table of `players` (`loyalty` as `play` takes it) on all cores, game `i`
/// from the seed `seed(i)`; each thread plays from a copy of the content of its own.
fn play_many(
    content: &Arc<ShadowsContent>,
    games: u64,
    players: usize,
    loyalty: &str,
    seed: impl Fn(u64) -> u64 + Sync + Send,
) -> Vec<(Played, SeatDeeds)> {
    (0..games)
        .into_par_iter()
        .map_init(
            || Arc::new((**content).clone()),
            |c, i| play(c, players, loyalty, seed(i)),
        )
        .collect()
}

/// A candidate's results on every table: (Knights' mean score, Knights' win rate, caught rate).
fn judge(base: &Arc<ShadowsContent>, bots: &ShadowsBots, games: u64, seed: u64) -> Vec<(f64, f64, f64)> {
    let content = with_bots(base, bots);
    TABLES
        .iter()
        .enumerate()
        .map(|(t, &(players, loyalty, _))| {
            let results: Vec<Played> = play_many(&content, games, players, loyalty, |i| {
                seed.wrapping_mul(1_000_003) + t as u64 * 100_000 + i
            })
            .into_iter()
            .map(|r| r.0)
            .collect();
            let n = results.len().max(1) as f64;
            let score = results.iter().map(|r| r.score).sum::<f64>() / n;
            let wins = results.iter().filter(|r| r.knights_won).count() as f64 / n;
            let present = results.iter().filter(|r| r.traitor_present).count().max(1) as f64;
            let caught = results.iter().filter(|r| r.caught).count() as f64 / present;
            (score, wins, caught)
        })
        .collect()
}

/// The Knights' objective: the weighted mean score over the tables.
fn knights_objective(r: &[(f64, f64, f64)]) -> f64 {
    let total: f64 = TABLES.iter().map(|t| t.2).sum();
    r.iter().zip(TABLES).map(|(x, t)| x.0 * t.2).sum::<f64>() / total
}

/// The Traitor's objective: how often the Knights lose on the tables with a Traitor dealt
/// always (the higher the better for him).
fn traitor_objective(r: &[(f64, f64, f64)]) -> f64 {
    r.iter()
        .zip(TABLES)
        .filter(|(_, t)| t.1 == "traitor")
        .map(|(x, _)| 1.0 - x.1)
        .sum::<f64>()
}

/// Fits the deeds' odds from games with a Traitor always dealt: within each kind of decision,
/// how often the Traitor and the Loyal chose each deed, ln of the ratio (counts smoothed by one).
fn fit_deeds(base: &Arc<ShadowsContent>, bots: &ShadowsBots, games: u64, seed: u64) -> DeedOdds {
    let content = with_bots(base, bots);
    let mut traitor = [0f64; Deed::COUNT];
    let mut loyal = [0f64; Deed::COUNT];
    let (mut traitor_seats, mut loyal_seats) = (0f64, 0f64);
    for players in [3usize, 4, 5, 6, 7] {
        let all = play_many(&content, games, players, "traitor", |i| {
            seed.wrapping_mul(7_919) + players as u64 * 1_000_000 + i
        })
        .into_iter()
        .map(|r| r.1);
        for game in all {
            for (counts, is_traitor) in game {
                let into = if is_traitor { &mut traitor } else { &mut loyal };
                for (i, &c) in counts.iter().enumerate() {
                    into[i] += c as f64;
                }
                if is_traitor {
                    traitor_seats += 1.0;
                } else {
                    loyal_seats += 1.0;
                }
            }
        }
    }
    // The deeds that are the alternatives of one moment (a Black card's draw, a card's side, a
    // turn's Heroic Action, a pledge, the war's state, a rescue asked): runs of `Deed::ALL`.
    let run = |from: Deed, to: Deed| &Deed::ALL[from as usize..=to as usize];
    let groups: &[&[Deed]] = &[
        run(Deed::DrewBlack, Deed::LostLife),
        run(Deed::FaceUp, Deed::FaceDown),
        run(Deed::QuestCard, Deed::Sacrificed),
        run(Deed::Pledged, Deed::PledgedNone),
        run(Deed::WarNearLoss, Deed::WarFarFromLoss),
        run(Deed::RescueGiven, Deed::RescueRefused),
    ];
    let mut odds = [0f32; Deed::COUNT];
    for group in groups {
        let t_sum: f64 = group.iter().map(|&d| traitor[d as usize] + 1.0).sum();
        let l_sum: f64 = group.iter().map(|&d| loyal[d as usize] + 1.0).sum();
        for &d in group.iter() {
            let pt = (traitor[d as usize] + 1.0) / t_sum;
            let pl = (loyal[d as usize] + 1.0) / l_sum;
            odds[d as usize] = (pt / pl).ln().clamp(-5.0, 5.0) as f32;
        }
    }
    // Deeds with no decision to compare with: by how often a seat does them in a game.
    for d in [Deed::Volunteered, Deed::SplitRefused, Deed::WrongAccusation] {
        let pt = (traitor[d as usize] + 0.5) / (traitor_seats + 1.0);
        let pl = (loyal[d as usize] + 0.5) / (loyal_seats + 1.0);
        odds[d as usize] = (pt / pl).ln().clamp(-5.0, 5.0) as f32;
    }
    DeedOdds(odds)
}

fn main() {
    let args = Args::from_env();
    let opt = |name: &str| args.opt(name);
    let flag = |name: &str| args.flag(name);
    let seed: u64 = args.num("--seed", 1);
    let games: u64 = args.num("--games", 300);
    let rounds: u32 = args.num("--rounds", 2);
    let first_step: f32 = args.num("--step", 0.4);
    let min_gain: f64 = args.num("--min-gain", 0.08);
    let death_cost: f64 = args.num("--death-cost", 0.0);
    let _ = DEATH_COST.set(death_cost);
    let out = opt("--out").unwrap_or_else(|| ShadowsBots::FILE.to_string());
    args.set_jobs();
    let base = match ShadowsContent::for_tools(opt("--from").as_deref().map(std::path::Path::new)) {
        Ok(c) => Arc::new(c),
        Err(e) => {
            for e in e {
                eprintln!("{e}");
            }
            std::process::exit(2);
        }
    };
    let started = Instant::now();
    let mut bots = base.bots.clone();
    if flag("--hand-set") {
        bots.normal = Weights::HAND_SET;
    }
    let show = |label: &str, r: &[(f64, f64, f64)]| {
        let tables: Vec<String> = r
            .iter()
            .zip(TABLES)
            .map(|(x, t)| {
                format!(
                    "{}p {}: score {:.2} win {:.1}% caught {:.0}%",
                    t.0,
                    t.1,
                    x.0,
                    100.0 * x.1,
                    100.0 * x.2
                )
            })
            .collect();
        println!(
            "{label}: knights {:.3} traitor {:.3} | {}",
            knights_objective(r),
            traitor_objective(r),
            tables.join(" | ")
        );
    };
    if flag("--eval") {
        show("weights", &judge(&base, &bots, games, seed));
        return;
    }
    bots.deeds = fit_deeds(&base, &bots, games / 2, seed);
    println!("deeds fitted ({:.0}s)", started.elapsed().as_secs_f64());
    if !flag("--deeds-only") {
        let mut best = judge(&base, &bots, games, seed);
        show("start", &best);
        let mut step = first_step;
        for round in 0..rounds {
            for i in 0..Weights::NAMES.len() {
                let name = Weights::NAMES[i];
                let traitor = name.starts_with("traitor_");
                let objective = |r: &[(f64, f64, f64)]| {
                    if traitor {
                        traitor_objective(r)
                    } else {
                        knights_objective(r)
                    }
                };
                let (lo, hi) = Weights::RANGES[i];
                let now = bots.normal.get(i);
                let mut tried: Vec<f32> = Vec::new();
                for factor in [1.0 - step, 1.0 + step] {
                    let v = if now == 0.0 { (factor - 1.0) * 0.5 } else { now * factor }.clamp(lo, hi);
                    if v == now || tried.contains(&v) {
                        continue;
                    }
                    tried.push(v);
                    let mut cand = bots.clone();
                    cand.normal.set(i, v);
                    let r = judge(&base, &cand, games, seed);
                    if objective(&r) > objective(&best) + if traitor { 0.01 } else { min_gain } {
                        println!(
                            "round {round} ({:.0}s): {name} {now} -> {v}: {:.3} (was {:.3})",
                            started.elapsed().as_secs_f64(),
                            objective(&r),
                            objective(&best)
                        );
                        bots = cand;
                        best = r;
                        break;
                    }
                }
            }
            show(&format!("round {round}"), &best);
            step *= 0.5;
        }
        bots.deeds = fit_deeds(&base, &bots, games / 2, seed + 1);
        show("final", &judge(&base, &bots, games, seed));
    }
    let header = format!(
        "The Shadows over Camelot bots' numbers (what each weighs: src/rules/shadows/tuning.rs).\n\
         The weights: cargo run --release --no-default-features --features tools --example tune_shadows -- {}--seed {seed} --games {games} --rounds {rounds} --step {first_step} --min-gain {min_gain}{}\n\
         ({:.0} minutes on this machine); the position model (`value`) is kept from the file it started from:\n\
         cargo run --release --no-default-features --features tools --example fit_shadows_value -- --seed 1 --games 1000 --rounds 1\n\
         `camelot check` validates this file.",
        if flag("--hand-set") { "--hand-set " } else { "" },
        if death_cost > 0.0 {
            format!(" --death-cost {death_cost}")
        } else {
            String::new()
        },
        started.elapsed().as_secs_f64() / 60.0
    );
    if let Err(e) = std::fs::write(&out, bots.to_ron(&header)) {
        eprintln!("{out}: {e}");
        std::process::exit(1);
    }
    println!("wrote {out}");
}
