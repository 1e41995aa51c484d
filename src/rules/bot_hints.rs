//! The second half of the game contract: what each game tells the bots about itself
//! (`BotHints`), the search budget a game sets per level (`Budget`), and two helpers a game's
//! hints use. Every game implements it beside its rules; the bots (the `bots` module) are written
//! against it and live a floor above.

use crate::rules::contract::Game;
use crate::rules::dice::{GameRng, random_choice};
use crate::rules::table::Difficulty;
use std::time::Duration;

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

    /// How many seeds the review rates a decision under, averaging the win chances (the first is
    /// the hint's own): more where one seed's estimate wanders (`review_noise`) and a decision is
    /// cheap enough to rate again within the review's second a decision.
    fn review_seeds() -> u32 {
        1
    }

    /// Whether the review plays a decision out (`library::rating::review_play_out`) with the
    /// game's heuristic for every seat rather than with the easy level: where the easy level
    /// plays a different game from the normal one the review is checked against (Shadows' easy
    /// Knights win 0.1 % of games, the heuristic's 33 %, normal's 60 %). Both cost about the
    /// same.
    fn review_plays_out_by_heuristic() -> bool {
        false
    }

    /// How many pairs the review plays a mistake or a blunder out with the normal level for every
    /// seat, after its own play-out bore it out, before telling it (`review::confirm_by_normal`):
    /// where its own play-out bots play a different game from the normal bots it is checked
    /// against, and a normal game is too slow to play a thousand times a decision. Such a game's
    /// own play-out is also held to the stricter bar (`review::PlayBar::LowerEnd`). 0: none.
    fn review_yardstick_pairs() -> usize {
        0
    }

    /// How far the hard level's win chance for a move wanders when the same position is rated
    /// again (the review's noise, measured by `examples/review_noise.rs`: the 95th percentile of
    /// the spread between three reviews, each of `review_seeds` seeds): the review marks a move
    /// costly only when it loses more than this.
    fn review_noise() -> f64 {
        0.05
    }

    /// Why `action` is worth playing, in the game's words, from the view alone: what it gains,
    /// what it guards against (hints). No card ids, nothing the view does not show.
    fn explain(view: &Self::View, action: &Self::Action) -> Vec<String> {
        let _ = (view, action);
        Vec::new()
    }

    /// Whether naming `action` among a hint's other moves would tell the table a secret of the
    /// seat's: a move only a hidden side may make (Shadows: revealing oneself as the Traitor). A
    /// hint is read at the open table, so it lists such a move only where it is its own choice.
    fn tells_a_secret(view: &Self::View, action: &Self::Action) -> bool {
        let _ = (view, action);
        false
    }
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
