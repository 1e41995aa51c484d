//! Headless games for `camelot sim`: bots against bots, many games, one JSON summary.

use crate::bots::{BotKind, SearchStats};
use crate::library::{Library, PlayOut, PlayedGame};
use crate::rules::{GameId, SeatKind, TableConfig};
use serde::Serialize;
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct SimOptions {
    pub game: GameId,
    pub players: usize,
    pub games: usize,
    pub seed: u64,
    /// One bot per seat; a shorter list repeats its last entry.
    pub bots: Vec<BotKind>,
    pub variants: BTreeMap<String, String>,
    /// Stop a game after this many actions (counted as an error).
    pub max_actions: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct DecisionStats {
    pub mean: f64,
    pub p95: f64,
    pub max: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct SimReport {
    pub game: String,
    pub players: usize,
    pub games: usize,
    pub finished: usize,
    pub errors: usize,
    pub bots: Vec<String>,
    pub wins_by_seat: Vec<usize>,
    /// Wins of each seat as a share of finished games.
    pub win_rate_by_seat: Vec<f64>,
    /// Mean final score of each seat (empty for games without scores).
    pub mean_score_by_seat: Vec<f64>,
    /// Mean final score over all seats.
    pub mean_score: f64,
    pub mean_actions: f64,
    pub mean_turns: f64,
    pub games_per_second: f64,
    pub decision_ms: DecisionStats,
    /// Per bot kind: decision time statistics.
    pub decision_ms_by_bot: BTreeMap<String, DecisionStats>,
    /// Search iterations per second of search time, over every searched decision.
    pub search_iterations_per_second: f64,
    /// Per bot kind: what its searches did (bots that never search are left out).
    pub search_by_bot: BTreeMap<String, SearchReport>,
    /// How the finished games went, in the game's words (`Game::outcome_tags`): how many games
    /// carry each tag (empty for games that tag nothing).
    pub outcomes: BTreeMap<String, usize>,
    /// The same as shares of the finished games, each tag a key of its own: a tag `name` gives
    /// `name: share`, tags `name=value` give `name: {value: share}` (Shadows: `knights_win_rate`,
    /// `traitor_present`, `traitor_caught`, `ends`).
    #[serde(flatten)]
    pub shares: BTreeMap<String, serde_json::Value>,
    /// How the finished games went in numbers (`Game::outcome_figures`): each figure's mean a
    /// game (Shadows: `life_to_evil_per_loyal_knight`, `heals_per_loyal_knight`…).
    pub figures: BTreeMap<String, f64>,
}

/// `outcomes` as shares of `finished` games, grouped by the tags' names.
fn shares(outcomes: &BTreeMap<String, usize>, finished: usize) -> BTreeMap<String, serde_json::Value> {
    let share = |n: usize| {
        let v = if finished == 0 { 0.0 } else { n as f64 / finished as f64 };
        serde_json::json!((v * 1000.0).round() / 1000.0)
    };
    let mut out: BTreeMap<String, serde_json::Value> = BTreeMap::new();
    for (tag, &n) in outcomes {
        match tag.split_once('=') {
            Some((name, value)) => {
                let entry = out.entry(name.to_string()).or_insert_with(|| serde_json::json!({}));
                if let Some(map) = entry.as_object_mut() {
                    map.insert(value.to_string(), share(n));
                }
            }
            None => {
                out.insert(tag.clone(), share(n));
            }
        }
    }
    out
}

/// What one bot kind's searches did.
#[derive(Clone, Debug, Serialize)]
pub struct SearchReport {
    /// Decisions taken by this bot.
    pub decisions: usize,
    /// Decisions that ran a search (the rest were single choices or the heuristic's).
    pub searched: usize,
    /// Mean iterations per searched decision.
    pub mean_iterations: f64,
    pub iterations_per_second: f64,
    /// Searched decisions stopped by the wall-clock cap before their iteration budget.
    pub capped: usize,
    /// Decision time of searched decisions only.
    pub searched_decision_ms: DecisionStats,
}

/// A bot kind's decisions in a run: the milliseconds of each, and what its search did where one
/// ran (kept apart: a random run takes millions of decisions that never search).
type Taken = (Vec<f64>, Vec<(f64, SearchStats)>);

/// A bot's searched decisions, out of `decisions` it took in all.
fn search_report(decisions: usize, searched: &[(f64, SearchStats)]) -> Option<SearchReport> {
    if searched.is_empty() {
        return None;
    }
    let iterations: u64 = searched.iter().map(|(_, s)| s.iterations as u64).sum();
    let seconds: f64 = searched.iter().map(|(_, s)| s.seconds).sum();
    Some(SearchReport {
        decisions,
        searched: searched.len(),
        mean_iterations: (iterations as f64 / searched.len() as f64 * 10.0).round() / 10.0,
        iterations_per_second: (iterations as f64 / seconds.max(1e-9)).round(),
        capped: searched.iter().filter(|(_, s)| s.capped).count(),
        searched_decision_ms: summarise(searched.iter().map(|(ms, _)| *ms).collect()),
    })
}

/// The mean, 95th percentile and maximum of some timings (0 for none), rounded to 0.001.
pub fn summarise(mut samples: Vec<f64>) -> DecisionStats {
    if samples.is_empty() {
        return DecisionStats {
            mean: 0.0,
            p95: 0.0,
            max: 0.0,
        };
    }
    let mean = samples.iter().sum::<f64>() / samples.len() as f64;
    let max = samples.iter().copied().fold(f64::MIN, f64::max);
    let at = ((samples.len() as f64 * 0.95).ceil() as usize).clamp(1, samples.len()) - 1;
    let (_, &mut p95, _) = samples.select_nth_unstable_by(at, |a, b| a.total_cmp(b));
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    DecisionStats {
        mean: round(mean),
        p95: round(p95),
        max: round(max),
    }
}

impl SimOptions {
    /// The bot at a seat (the last one given for seats beyond the list).
    pub fn bot_of(&self, seat: usize) -> BotKind {
        self.bots
            .get(seat)
            .or(self.bots.last())
            .copied()
            .unwrap_or(BotKind::Random)
    }

    /// The table of game number `g` of a run: its seed is the run's seed plus `g`, so every game
    /// is the same whoever plays it and in whatever order.
    pub fn config(&self, g: usize) -> TableConfig {
        let seed = self.seed.wrapping_add(g as u64);
        let mut config = TableConfig::with_players(self.players, SeatKind::Human, seed);
        for (i, seat) in config.seats.iter_mut().enumerate() {
            seat.kind = match self.bot_of(i) {
                BotKind::Level(d) => SeatKind::Bot(d),
                _ => SeatKind::Bot(crate::rules::Difficulty::Easy),
            };
        }
        config.variants = self.variants.clone();
        config
    }

    /// Whether the run's table can be set up with this content (the players, the variants' keys
    /// and values): checked once before any game, so a setup that cannot be built is refused
    /// once instead of once a game.
    pub fn check(&self, library: &Library) -> Result<(), String> {
        library.new_match(self.game, self.config(0)).map(drop)
    }
}

/// Plays game number `g` of a run (`SimOptions::config`). A panic is caught and reported as an
/// error.
pub fn play_one(library: &Library, opts: &SimOptions, g: usize, usage: bool) -> (u64, Result<PlayedGame, String>) {
    let config = opts.config(g);
    let seed = config.seed;
    let bot_of = |seat: usize| opts.bot_of(seat);
    let result = catch_unwind(AssertUnwindSafe(|| -> Result<PlayedGame, String> {
        library.new_match(opts.game, config)?.play_out(&PlayOut {
            bot_of: &bot_of,
            seed,
            max_actions: opts.max_actions,
            usage,
        })
    }));
    (seed, result.unwrap_or_else(|_| Err("panicked".into())))
}

/// Plays the run's games one after another. A table that cannot be set up is refused before
/// any game; a game that fails is counted as an error and told on `warn`.
pub fn run(library: &Library, opts: &SimOptions, warn: &mut dyn FnMut(String)) -> Result<SimReport, String> {
    opts.check(library)?;
    let bot_of = |seat: usize| opts.bot_of(seat);
    let started = Instant::now();
    let mut wins = vec![0usize; opts.players];
    let mut score_sums = vec![0i64; opts.players];
    let mut scored = 0usize;
    let (mut finished, mut errors, mut total_actions, mut total_turns) = (0usize, 0usize, 0usize, 0usize);
    let mut outcomes: BTreeMap<String, usize> = BTreeMap::new();
    let mut figure_sums: BTreeMap<String, f64> = BTreeMap::new();
    let mut by_bot: Vec<(BotKind, Taken)> = Vec::new();
    for g in 0..opts.games {
        let (seed, result) = play_one(library, opts, g, false);
        match result {
            Ok(played) => {
                finished += 1;
                total_actions += played.actions;
                total_turns += played.turns;
                if played.scores.len() == opts.players {
                    scored += 1;
                    for (sum, s) in score_sums.iter_mut().zip(&played.scores) {
                        *sum += s;
                    }
                }
                for (k, v) in &played.figures {
                    *figure_sums.entry(k.clone()).or_default() += v;
                }
                for t in played.tags {
                    // `!name`: the tag is known but not true of this game (so it shows as 0).
                    match t.strip_prefix('!') {
                        Some(name) => {
                            outcomes.entry(name.to_string()).or_default();
                        }
                        None => *outcomes.entry(t).or_default() += 1,
                    }
                }
                for w in played.winners {
                    if let Some(c) = wins.get_mut(w) {
                        *c += 1;
                    }
                }
                for (bot, ms, search) in played.decisions {
                    let i = match by_bot.iter().position(|(b, _)| *b == bot) {
                        Some(i) => i,
                        None => {
                            by_bot.push((bot, Taken::default()));
                            by_bot.len() - 1
                        }
                    };
                    let (times, searched) = &mut by_bot[i].1;
                    times.push(ms);
                    if search.searched {
                        searched.push((ms, search));
                    }
                }
            }
            Err(e) => {
                errors += 1;
                warn(format!("game {g} (seed {seed}): {e}"));
            }
        }
    }
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let all_times: Vec<f64> = by_bot
        .iter()
        .flat_map(|(_, (times, _))| times.iter().copied())
        .collect();
    let search_by_bot: BTreeMap<String, Taken> = by_bot.into_iter().map(|(b, t)| (b.to_string(), t)).collect();
    let per = |x: usize| {
        if finished == 0 {
            0.0
        } else {
            (x as f64 / finished as f64 * 100.0).round() / 100.0
        }
    };
    Ok(SimReport {
        game: opts.game.key().to_string(),
        players: opts.players,
        games: opts.games,
        finished,
        errors,
        bots: (0..opts.players).map(|s| bot_of(s).to_string()).collect(),
        win_rate_by_seat: wins
            .iter()
            .map(|&w| {
                if finished == 0 {
                    0.0
                } else {
                    (w as f64 / finished as f64 * 1000.0).round() / 1000.0
                }
            })
            .collect(),
        wins_by_seat: wins,
        mean_score_by_seat: if scored == 0 {
            Vec::new()
        } else {
            score_sums
                .iter()
                .map(|&s| (s as f64 / scored as f64 * 100.0).round() / 100.0)
                .collect()
        },
        mean_score: if scored == 0 {
            0.0
        } else {
            (score_sums.iter().sum::<i64>() as f64 / (scored * opts.players) as f64 * 100.0).round() / 100.0
        },
        mean_actions: per(total_actions),
        mean_turns: per(total_turns),
        games_per_second: (opts.games as f64 / secs * 1000.0).round() / 1000.0,
        decision_ms: summarise(all_times),
        decision_ms_by_bot: search_by_bot
            .iter()
            .map(|(k, (times, _))| (k.clone(), summarise(times.clone())))
            .collect(),
        search_iterations_per_second: {
            let all = || {
                search_by_bot
                    .values()
                    .flat_map(|(_, searched)| searched.iter().map(|(_, s)| s))
            };
            let seconds: f64 = all().map(|s| s.seconds).sum();
            let iterations: u64 = all().map(|s| s.iterations as u64).sum();
            if seconds > 0.0 {
                (iterations as f64 / seconds).round()
            } else {
                0.0
            }
        },
        search_by_bot: search_by_bot
            .iter()
            .filter_map(|(k, (times, searched))| search_report(times.len(), searched).map(|r| (k.clone(), r)))
            .collect(),
        shares: shares(&outcomes, finished),
        outcomes,
        figures: figure_sums
            .into_iter()
            .map(|(k, v)| (k, ((v / finished.max(1) as f64) * 1000.0).round() / 1000.0))
            .collect(),
    })
}
