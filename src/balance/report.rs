//! What the bench reports: shares with their intervals, means, histograms, one content set's
//! summary, the differences between two sets, the whole answer, and the game's own words in it.

use serde::Serialize;
use std::collections::BTreeMap;

/// A share with its 95 % interval (Wilson score interval).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    pub hits: usize,
    pub of: usize,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

impl Rate {
    pub fn new(hits: usize, of: usize) -> Rate {
        if of == 0 {
            return Rate {
                hits,
                of,
                rate: 0.0,
                low: 0.0,
                high: 0.0,
            };
        }
        let n = of as f64;
        let p = hits as f64 / n;
        let z = 1.959_964;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        Rate {
            hits,
            of,
            rate: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
    /// Half the interval's width, for "31.0 % ± 2.0".
    pub fn plus_minus(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// How often a piece of content was used, and how its users did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Usage {
    pub thing: String,
    /// Games in which some seat used it.
    pub games: Rate,
    /// Times it was used, on average a game (a card in every game is still told apart by this).
    pub per_game: f64,
    /// Of the seats that used it in a game, how many won that game.
    pub user_wins: Rate,
}

/// A histogram: (value, count), in value order.
pub type Histogram = Vec<(i64, usize)>;

/// What one content set's games say.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SetReport {
    pub content: String,
    pub games: usize,
    pub finished: usize,
    pub errors: Vec<String>,
    pub win_by_seat: Vec<Rate>,
    /// By what a seat plays as (a faction, a colour, a Knight), over every seat that played it.
    pub win_by_emblem: BTreeMap<String, Rate>,
    pub mean_score_by_seat: Vec<f64>,
    pub scores: Histogram,
    pub mean_turns: f64,
    pub turns: Histogram,
    pub usage: Vec<Usage>,
    /// How the games went, in the game's words (`Game::outcome_tags`), as shares of games.
    pub outcomes: BTreeMap<String, Rate>,
    /// How the games went in numbers (`Game::outcome_figures`), as means a game.
    pub figures: BTreeMap<String, Mean>,
}

/// A mean over games with its 95 % interval (normal approximation).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Mean {
    pub mean: f64,
    /// Half the 95 % interval.
    pub plus_minus: f64,
    pub of: usize,
}

impl Mean {
    pub fn of(values: &[f64]) -> Mean {
        let n = values.len();
        if n == 0 {
            return Mean::default();
        }
        let mean = values.iter().sum::<f64>() / n as f64;
        let var = if n > 1 {
            values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        Mean {
            mean,
            plus_minus: 1.959_964 * (var / n as f64).sqrt(),
            of: n,
        }
    }
}

/// One difference between two content sets.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Difference {
    pub what: String,
    pub now: f64,
    pub was: f64,
    /// Two-sided p-value (a two-proportion z-test for shares, a two-sample z-test for means).
    pub p: f64,
    /// Larger than chance: p below 0.05 divided by the number of differences tested (Bonferroni).
    pub significant: bool,
    /// A share (a win rate, an outcome) rather than a mean (a score, a game length).
    pub share: bool,
}

/// The edited set against the other one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The verdict in words, first line of the report.
    pub headline: String,
    pub test: String,
    pub differences: Vec<Difference>,
}

pub(super) fn percent(x: f64) -> String {
    format!("{:.1} %", x * 100.0)
}

/// A difference in words: a share as a percentage, a mean as a number.
pub fn shown(d: &Difference, value: f64) -> String {
    if d.share { percent(value) } else { format!("{value:.1}") }
}

/// The whole bench's answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BalanceReport {
    pub game: String,
    /// The game's key (`court`, `future`, `shadows`).
    pub key: String,
    pub players: usize,
    pub games: usize,
    pub bots: Vec<String>,
    pub jobs: usize,
    pub seconds: f64,
    pub games_per_second: f64,
    /// Stopped early (Ctrl+C): the sets hold the games done.
    pub stopped: bool,
    /// The set under test first, then the one it is compared with.
    pub sets: Vec<SetReport>,
    pub comparison: Option<Comparison>,
}

/// The game's own words in a report: its outcome tags and figures (`Game::outcome_words`), and
/// what it counts its play in (`Game::PERIOD`).
pub struct GameWords {
    pub outcome: fn(&str) -> String,
    pub period: crate::rules::Period,
    /// Whether a seat wins with its side (`Game::IN_SIDES`).
    pub in_sides: bool,
}

impl GameWords {
    pub fn of(game: crate::rules::GameId) -> GameWords {
        match crate::library::entry(game) {
            Some(e) => GameWords {
                outcome: e.outcome_words,
                period: e.period,
                in_sides: e.in_sides,
            },
            None => GameWords::plain(),
        }
    }

    /// A game's words where the game is not built: its tags as they are, turns.
    fn plain() -> GameWords {
        GameWords {
            outcome: |t| t.to_string(),
            period: crate::rules::Period::Turn,
            in_sides: false,
        }
    }

    /// By the game's key, as a report keeps it.
    pub fn of_key(key: &str) -> GameWords {
        match crate::library::game_of_key(key) {
            Some(game) => GameWords::of(game),
            None => GameWords::plain(),
        }
    }
}
