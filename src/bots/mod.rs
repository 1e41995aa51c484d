//! Bots: one interface for every game. A bot decides from its seat's `View` and the legal actions
//! only; it never sees the state. What it cannot see (the other hands, the deck order, future
//! dice) it samples from the view with the game's `BotHints::determinize`.
//!
//! - `Random`: uniform among the legal actions (for tests).
//! - `Heuristic` and `Level(Easy)`: the game's cheap one-ply heuristic.
//! - `Level(Normal)` and `Level(Hard)`: information-set Monte Carlo tree search (`ismcts`) with the
//!   game's hints, at the game's budget for that difficulty.

pub mod ismcts;

use crate::rules::{Difficulty, Game, GameRng, SeatKind};
use std::fmt;
use std::time::Duration;

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

/// How much a search may spend on one decision.
///
/// The search stops after `iterations`, or earlier when `time_cap` has passed. Decisions are a
/// function of the view, the legal actions and the seed alone as long as the cap is not hit; the
/// cap only guards slow machines (a capped search has done fewer iterations, so it may choose
/// differently).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub iterations: u32,
    pub time_cap: Duration,
    /// The UCB exploration constant (rewards are in 0..=1).
    pub exploration: f64,
    /// Progressive widening: a node searches its `widen_base + widen_rate * sqrt(visits)` best
    /// candidates (in the order of `BotHints::candidates`).
    pub widen_base: usize,
    pub widen_rate: f64,
    /// Whether the other seats' decisions get tree nodes of their own (each choosing for its own
    /// reward); otherwise they are played by `BotHints::rollout_action` inside the tree too, and
    /// the tree holds the searching seat's decisions only.
    pub opponents_in_tree: bool,
    /// How far playouts run before `BotHints::evaluate` scores them, in the game's own unit (The
    /// Court: rounds of turns); 0 leaves it to the game.
    pub horizon: u32,
    /// How much a finished playout's reward weighs how well each seat did (`BotHints::margins`)
    /// against the win alone: 0 counts the win only, 1 the margin only. A playout's win is one
    /// bit; its margin says by how much, so fewer playouts tell two close choices apart.
    pub margin: f64,
}

impl Budget {
    /// A budget of `iterations` with a wall-clock cap in milliseconds and default search knobs.
    pub fn new(iterations: u32, cap_ms: u64) -> Budget {
        Budget {
            iterations,
            time_cap: Duration::from_millis(cap_ms),
            exploration: 0.7,
            widen_base: 4,
            widen_rate: 1.0,
            opponents_in_tree: false,
            horizon: 0,
            margin: 0.0,
        }
    }
}

/// What a decision cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Whether a search ran (false: the heuristic, a random pick, or a single legal action).
    pub searched: bool,
    /// Search iterations (sampled games played out).
    pub iterations: u32,
    /// Whether the wall-clock cap stopped the search before its iteration budget.
    pub capped: bool,
    /// Nodes in the search tree.
    pub nodes: u32,
    /// Seconds spent searching.
    pub seconds: f64,
}

/// A bot's choice and what it cost.
#[derive(Clone, Debug)]
pub struct Decision<A> {
    pub action: Option<A>,
    pub stats: SearchStats,
    /// How a level that judged the choices without the search rated each legal action (by
    /// index; `BotHints::heuristic_rated_at`), for `rank`.
    pub rates: Option<Vec<Option<f64>>>,
}

/// One action as a ranking (`rank`) rates it.
#[derive(Clone, Debug, PartialEq)]
pub struct Rated<A> {
    pub action: A,
    /// The search's estimate of the deciding seat's chance to win after this action: the mean
    /// win of the playouts through its root child (without any margin blended into the reward
    /// the search steers by), 0..=1 (`None` when no search rated it).
    pub rate: Option<f64>,
    /// Its share of the search's root visits, 0..=1 (`None` when no search ran).
    pub share: Option<f64>,
    /// The heuristic's score of it, in the game's rough units, higher is better (`None` when the
    /// heuristic did not score it: a search ranked, or the game's heuristic gives no scores).
    pub score: Option<f64>,
    /// Sampled games the search played through it (0 without a search).
    pub visits: u32,
}

impl<A> Rated<A> {
    fn alone(action: A) -> Rated<A> {
        Rated {
            action,
            rate: None,
            share: None,
            score: None,
            visits: 0,
        }
    }
}

/// How a ranking was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankedBy {
    /// An information-set search: `rate` and `share` of each action it tried.
    Search,
    /// The heuristic's scores (`score` of each legal action).
    Heuristic,
    /// The level's lookahead (`BotHints::lookahead_rates`): `rate` of each action it played out.
    Lookahead,
    /// The chosen action alone: a single legal action, a random pick, or a heuristic without
    /// scores.
    Alone,
}

/// A bot's choice with the alternatives as it rates them (`rank`).
#[derive(Clone, Debug)]
pub struct Ranking<A> {
    /// The chosen action first (what `decide` chooses with the same generator), then the others,
    /// best first.
    pub ranked: Vec<Rated<A>>,
    pub by: RankedBy,
    pub stats: SearchStats,
}

impl<A> Ranking<A> {
    /// The chosen action.
    pub fn chosen(&self) -> Option<&A> {
        self.ranked.first().map(|r| &r.action)
    }
}

/// What each game tells the bots about itself. Only `heuristic` and `determinize` matter much;
/// the rest tune the search.
pub trait BotHints: Game {
    /// The cheap heuristic: a good-enough action from the view alone.
    fn heuristic(view: &Self::View, legal: &[Self::Action], rng: &mut GameRng) -> Option<Self::Action> {
        let _ = view;
        random_choice(legal, rng)
    }

    /// The heuristic a level plays when it does not search (by default the one heuristic for
    /// every level; a game may make its easy level weaker).
    fn heuristic_at(
        view: &Self::View,
        legal: &[Self::Action],
        rng: &mut GameRng,
        difficulty: Difficulty,
    ) -> Option<Self::Action> {
        let _ = difficulty;
        Self::heuristic(view, legal, rng)
    }

    /// A full state consistent with `view`: the hidden parts (other hands, the draw pile's order,
    /// the dice to come) sampled at random among those the view allows. `None` when the game
    /// cannot (then the searching levels fall back to the heuristic).
    fn determinize(view: &Self::View, rng: &mut GameRng) -> Option<Self> {
        let _ = (view, rng);
        None
    }

    /// The search budget of each difficulty for this game (`None`: the heuristic decides). It may
    /// depend on the view (e.g. fewer iterations when more players make playouts longer), never
    /// on the clock, so that decisions stay a function of the view and the seed.
    fn budget(view: &Self::View, difficulty: Difficulty) -> Option<Budget> {
        let _ = view;
        match difficulty {
            Difficulty::Easy => None,
            Difficulty::Normal => Some(Budget::new(400, 150)),
            Difficulty::Hard => Some(Budget::new(2000, 800)),
        }
    }

    /// Whether this decision is worth a search at all under `budget` (otherwise the heuristic
    /// takes it).
    fn worth_searching(view: &Self::View, legal: &[Self::Action], budget: &Budget) -> bool {
        let _ = (view, budget);
        legal.len() > 1
    }

    /// The actions a search under `budget` should try in a sampled state, best first; it may
    /// leave out actions not worth searching (keep at least one). One action means "no choice
    /// worth a node here".
    fn candidates(state: &Self, legal: Vec<Self::Action>, budget: &Budget, rng: &mut GameRng) -> Vec<Self::Action> {
        let _ = (state, budget, rng);
        legal
    }

    /// The playout policy inside the search, on a sampled state (the bot's own imagination, so it
    /// may look at everything in it). Default: the heuristic on the deciding seat's view.
    fn rollout_action(state: &Self, legal: &[Self::Action], rng: &mut GameRng) -> Option<Self::Action> {
        match state.to_act() {
            Some(seat) => Self::heuristic(&state.view(seat), legal, rng),
            None => None,
        }
    }

    /// Whether a playout that started at `root` should stop at `state` (after `steps` actions) and
    /// be scored by `evaluate` instead of played to the end. `horizon` is `Budget::horizon`.
    fn rollout_over(root: &Self, state: &Self, steps: usize, horizon: u32) -> bool {
        let _ = (root, state);
        steps >= 1000 * horizon.max(1) as usize
    }

    /// How well each seat did in a finished game, by seat, each in 0..=1 (0.5: level with the
    /// best other seat), for `Budget::margin`. Default: nothing known (the win alone counts).
    fn margins(state: &Self) -> Vec<f64> {
        let _ = state;
        Vec::new()
    }

    /// Each seat's chance of winning from an unfinished state, by seat, each in 0..=1 (a seat left
    /// out counts 0.5). Default: nothing known.
    fn evaluate(state: &Self) -> Vec<f64> {
        let _ = state;
        Vec::new()
    }

    /// The heuristic's score of each legal action (by index into `legal`, higher is better,
    /// without random noise), where it weighs actions one by one; `None` where it does not. For
    /// hints: how a level that does not search rates the alternatives.
    fn heuristic_scores(view: &Self::View, legal: &[Self::Action]) -> Option<Vec<f64>> {
        let _ = (view, legal);
        None
    }

    /// `heuristic_at`, with how the level rated the legal actions when it chose, where it judges
    /// a decision by playing each choice a few turns out instead of by the search (Shadows'
    /// normal and hard): the seat's own side's chance for each legal action (by index into
    /// `legal`; `None` for an action it left to the heuristic), from the very samples that chose.
    /// The decision and the hint read this one path, so a hint shows the numbers that chose.
    /// Default: `heuristic_at`, no rates.
    fn heuristic_rated_at(
        view: &Self::View,
        legal: &[Self::Action],
        rng: &mut GameRng,
        difficulty: Difficulty,
    ) -> (Option<Self::Action>, Option<Vec<Option<f64>>>) {
        (Self::heuristic_at(view, legal, rng, difficulty), None)
    }

    /// Why `action` is worth playing, in the game's words, from the view alone: what it gains,
    /// what it guards against (hints). No card ids, nothing the view does not show.
    fn explain(view: &Self::View, action: &Self::Action) -> Vec<String> {
        let _ = (view, action);
        Vec::new()
    }
}

/// The seed of a bot's decision at a table: the table's seed and how far the game has come. The
/// window's bots and the headless replay of a tutorial (`crate::tutorial`) both seed so, so a
/// scripted game goes the same way in both.
pub fn decision_seed(table_seed: u64, actions_taken: usize) -> u64 {
    table_seed ^ (actions_taken as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Each seat's final score against the best other seat's, squashed into 0..=1 by a logistic
/// curve (`scale` points ahead: about 0.73; level: 0.5) — a game's `BotHints::margins` from its
/// scores.
pub fn score_margins(scores: &[i64], scale: f64) -> Vec<f64> {
    let scale = scale.max(1e-9);
    (0..scores.len())
        .map(|i| {
            let best_other = (0..scores.len())
                .filter(|&j| j != i)
                .map(|j| scores[j])
                .max()
                .unwrap_or(scores[i]);
            1.0 / (1.0 + (-((scores[i] - best_other) as f64) / scale).exp())
        })
        .collect()
}

pub fn random_choice<A: Clone>(legal: &[A], rng: &mut GameRng) -> Option<A> {
    if legal.is_empty() {
        return None;
    }
    Some(legal[rng.below(legal.len() as u32) as usize].clone())
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

impl BotHints for crate::rules::testgame::TestGame {
    fn heuristic(view: &Self::View, legal: &[Self::Action], _: &mut GameRng) -> Option<Self::Action> {
        // Play the highest card.
        let _ = view;
        legal
            .iter()
            .max_by_key(|crate::rules::testgame::TestAction::Play(c)| *c)
            .cloned()
    }

    fn determinize(view: &Self::View, rng: &mut GameRng) -> Option<Self> {
        crate::rules::testgame::TestGame::determinize(view, rng)
    }

    fn budget(_: &Self::View, difficulty: Difficulty) -> Option<Budget> {
        match difficulty {
            Difficulty::Easy => None,
            Difficulty::Normal => Some(Budget::new(200, 150)),
            Difficulty::Hard => Some(Budget::new(1000, 800)),
        }
    }

    fn rollout_action(_: &Self, legal: &[Self::Action], rng: &mut GameRng) -> Option<Self::Action> {
        random_choice(legal, rng)
    }
}
