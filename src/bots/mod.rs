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

pub use ismcts::search;

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

    /// Whether this decision is worth a search at all (otherwise the heuristic takes it).
    fn worth_searching(view: &Self::View, legal: &[Self::Action]) -> bool {
        let _ = view;
        legal.len() > 1
    }

    /// The actions the search should try in a sampled state, best first; it may leave out actions
    /// not worth searching (keep at least one). One action means "no choice worth a node here".
    fn candidates(state: &Self, legal: Vec<Self::Action>, rng: &mut GameRng) -> Vec<Self::Action> {
        let _ = (state, rng);
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

    /// Each seat's chance of winning from an unfinished state, by seat, each in 0..=1 (a seat left
    /// out counts 0.5). Default: nothing known.
    fn evaluate(state: &Self) -> Vec<f64> {
        let _ = state;
        Vec::new()
    }
}

/// The seed of a bot's decision at a table: the table's seed and how far the game has come. The
/// window's bots and the headless replay of a tutorial (`crate::tutorial`) both seed so, so a
/// scripted game goes the same way in both.
pub fn decision_seed(table_seed: u64, actions_taken: usize) -> u64 {
    table_seed ^ (actions_taken as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
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
    let quick = |action| Decision {
        action,
        stats: SearchStats::default(),
    };
    match kind {
        BotKind::Random => quick(random_choice(legal, rng)),
        BotKind::Heuristic => quick(G::heuristic(view, legal, rng)),
        BotKind::Level(d) => match G::budget(view, d) {
            Some(budget) if legal.len() > 1 && G::worth_searching(view, legal) => {
                search::<G>(view, legal, &budget, rng)
            }
            _ if legal.len() == 1 => quick(legal.first().cloned()),
            _ => quick(G::heuristic_at(view, legal, rng, d)),
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
