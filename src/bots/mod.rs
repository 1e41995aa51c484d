//! Bots: one interface for every game. A bot decides from its seat's `View` and the legal actions
//! only; it never sees the state.

use crate::rules::{Difficulty, Game, GameRng, SeatKind};
use std::fmt;

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

/// What each game tells the bots about itself.
pub trait BotHints: Game {
    /// The cheap heuristic: a good-enough action from the view alone.
    fn heuristic(view: &Self::View, legal: &[Self::Action], rng: &mut GameRng) -> Option<Self::Action> {
        let _ = view;
        random_choice(legal, rng)
    }
}

pub fn random_choice<A: Clone>(legal: &[A], rng: &mut GameRng) -> Option<A> {
    if legal.is_empty() {
        return None;
    }
    Some(legal[rng.below(legal.len() as u32) as usize].clone())
}

/// Chooses an action for the seat to decide, from that seat's view only.
pub fn choose<G: BotHints>(kind: BotKind, view: &G::View, legal: &[G::Action], rng: &mut GameRng) -> Option<G::Action> {
    match kind {
        BotKind::Random => random_choice(legal, rng),
        BotKind::Heuristic | BotKind::Level(_) => G::heuristic(view, legal, rng),
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
}
