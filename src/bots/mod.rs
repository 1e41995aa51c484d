//! Bots: one interface for every game. A bot decides from its seat's `View` and the legal actions
//! only; it never sees the state. What it cannot see (the other hands, the deck order, future
//! dice) it samples from the view with the game's `BotHints::determinize`.
//!
//! - `Random`: uniform among the legal actions (for tests).
//! - `Heuristic` and `Level(Easy)`: the game's cheap one-ply heuristic.
//! - `Level(Normal)` and `Level(Hard)`: information-set Monte Carlo tree search (`ismcts`) with the
//!   game's hints, at the game's budget for that difficulty.

mod decision;
pub mod ismcts;

#[cfg(test)]
mod tests;

use crate::rules::{Difficulty, GameRng, SeatKind};
use std::fmt;

pub use crate::rules::{BotHints, Budget, random_choice, score_margins};

pub use decision::{Decision, RankedBy, Ranking, Rated, SearchStats};
pub use ismcts::{search, search_rated};

/// The kinds of bot, from the cheapest to the strongest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// Uniformly random among the legal actions (for tests).
    Random,
    /// The game's cheap heuristic.
    Heuristic,
    /// A seat's bot at a difficulty.
    Level(Difficulty),
}

impl BotKind {
    pub fn parse(s: &str) -> Result<BotKind, String> {
        match s.trim() {
            "random" => Ok(BotKind::Random),
            "heuristic" => Ok(BotKind::Heuristic),
            other => match SeatKind::parse(other) {
                Ok(SeatKind::Bot(d)) => Ok(BotKind::Level(d)),
                _ => match other {
                    "easy" => Ok(BotKind::Level(Difficulty::Easy)),
                    "normal" => Ok(BotKind::Level(Difficulty::Normal)),
                    "hard" => Ok(BotKind::Level(Difficulty::Hard)),
                    _ => Err(format!(
                        "unknown bot \"{other}\": use random, heuristic, easy, normal or hard"
                    )),
                },
            },
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotKind::Random => f.write_str("random"),
            BotKind::Heuristic => f.write_str("heuristic"),
            BotKind::Level(d) => f.write_str(d.key()),
        }
    }
}

/// The seed of a bot's decision at a table: the table's seed and how far the game has come. The
/// window's bots and the headless replay of a tutorial (`crate::tutorial`) both seed so, so a
/// scripted game goes the same way in both.
pub fn decision_seed(table_seed: u64, actions_taken: usize) -> u64 {
    table_seed ^ (actions_taken as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Chooses an action for the seat to decide, from that seat's view only.
pub fn choose<G: BotHints>(kind: BotKind, view: &G::View, legal: &[G::Action], rng: &mut GameRng) -> Option<G::Action> {
    decide::<G>(kind, view, legal, rng).action
}

/// `choose`, with what the decision cost.
pub fn decide<G: BotHints>(
    kind: BotKind,
    view: &G::View,
    legal: &[G::Action],
    rng: &mut GameRng,
) -> Decision<G::Action> {
    dispatch::<G>(kind, view, legal, rng, None, None)
}

/// `decide` with the level's search budget changed by `tune` (tests: fewer iterations and no
/// clock cap, so that the decision is the same however loaded the machine is).
pub fn decide_with<G: BotHints>(
    kind: BotKind,
    view: &G::View,
    legal: &[G::Action],
    rng: &mut GameRng,
    tune: fn(Budget) -> Budget,
) -> Decision<G::Action> {
    dispatch::<G>(kind, view, legal, rng, Some(tune), None)
}

/// The bot's choice and the alternatives as it rates them, best first. The first is the action
/// `decide` chooses with the same generator (they share one search; the root's statistics are
/// read once it is over). A searching level rates the actions its search tried (`rate`, `share`);
/// a level that does not search ranks by the heuristic's scores when the game gives them
/// (`BotHints::heuristic_scores`), else gives its choice alone.
pub fn rank<G: BotHints>(kind: BotKind, view: &G::View, legal: &[G::Action], rng: &mut GameRng) -> Ranking<G::Action> {
    rank_inner::<G>(kind, view, legal, rng, None)
}

/// `rank` with the level's search budget changed by `tune` (as `decide_with`).
pub fn rank_with<G: BotHints>(
    kind: BotKind,
    view: &G::View,
    legal: &[G::Action],
    rng: &mut GameRng,
    tune: fn(Budget) -> Budget,
) -> Ranking<G::Action> {
    rank_inner::<G>(kind, view, legal, rng, Some(tune))
}

fn rank_inner<G: BotHints>(
    kind: BotKind,
    view: &G::View,
    legal: &[G::Action],
    rng: &mut GameRng,
    tune: Option<fn(Budget) -> Budget>,
) -> Ranking<G::Action> {
    let mut ranked = Vec::new();
    let decision = dispatch::<G>(kind, view, legal, rng, tune, Some(&mut ranked));
    let stats = decision.stats;
    let Some(chosen) = decision.action else {
        return Ranking {
            ranked: Vec::new(),
            by: RankedBy::Alone,
            stats,
        };
    };
    if stats.searched && ranked.first().is_some_and(|r| r.action == chosen) {
        return Ranking {
            ranked,
            by: RankedBy::Search,
            stats,
        };
    }
    if !stats.searched
        && legal.len() > 1
        && let Some(rates) = decision.rates.filter(|r| r.len() == legal.len())
    {
        let rate_of = |a: &G::Action| legal.iter().position(|x| x == a).and_then(|i| rates[i]);
        let mut rest: Vec<&G::Action> = legal.iter().filter(|a| **a != chosen).collect();
        rest.sort_by(|x, y| {
            let (x, y) = (rate_of(x).unwrap_or(-1.0), rate_of(y).unwrap_or(-1.0));
            y.total_cmp(&x)
        });
        let mut ranked = vec![Rated {
            rate: rate_of(&chosen),
            ..Rated::alone(chosen.clone())
        }];
        ranked.extend(rest.into_iter().map(|a| Rated {
            rate: rate_of(a),
            ..Rated::alone(a.clone())
        }));
        return Ranking {
            ranked,
            by: RankedBy::Lookahead,
            stats,
        };
    }
    let scores = match kind {
        BotKind::Random => None,
        _ if legal.len() <= 1 => None,
        _ => G::heuristic_scores(view, legal).filter(|s| s.len() == legal.len()),
    };
    let Some(scores) = scores else {
        return Ranking {
            ranked: vec![Rated::alone(chosen)],
            by: RankedBy::Alone,
            stats,
        };
    };
    let mut rest: Vec<(f64, &G::Action)> = legal
        .iter()
        .zip(&scores)
        .filter(|(a, _)| **a != chosen)
        .map(|(a, s)| (*s, a))
        .collect();
    rest.sort_by(|x, y| y.0.total_cmp(&x.0));
    let chosen_score = legal.iter().position(|a| *a == chosen).map(|i| scores[i]);
    let mut ranked = vec![Rated {
        score: chosen_score,
        ..Rated::alone(chosen)
    }];
    ranked.extend(rest.into_iter().map(|(s, a)| Rated {
        score: Some(s),
        ..Rated::alone(a.clone())
    }));
    Ranking {
        ranked,
        by: RankedBy::Heuristic,
        stats,
    }
}

/// The one dispatch of `decide` and `rank`: the level's budget (changed by `tune`), and the
/// search's root statistics into `root` when asked.
fn dispatch<G: BotHints>(
    kind: BotKind,
    view: &G::View,
    legal: &[G::Action],
    rng: &mut GameRng,
    tune: Option<fn(Budget) -> Budget>,
    root: Option<&mut Vec<Rated<G::Action>>>,
) -> Decision<G::Action> {
    let quick = |action| Decision {
        action,
        stats: SearchStats::default(),
        rates: None,
    };
    match kind {
        BotKind::Random => quick(random_choice(legal, rng)),
        BotKind::Heuristic => quick(G::heuristic(view, legal, rng)),
        BotKind::Level(d) => match G::budget(view, d) {
            Some(budget) if legal.len() > 1 && G::worth_searching(view, legal, &budget) => {
                let budget = match tune {
                    Some(tune) => tune(budget),
                    None => budget,
                };
                search_rated::<G>(view, legal, &budget, rng, root)
            }
            _ if legal.len() == 1 => quick(legal.first().cloned()),
            _ => {
                let (action, rates) = G::heuristic_rated_at(view, legal, rng, d);
                Decision { rates, ..quick(action) }
            }
        },
    }
}
