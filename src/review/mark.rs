//! The marks a review gives a decision and the losses they start at.

use serde::{Deserialize, Serialize};

/// How a decision played compares with the best, as the review marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// The move the hard level would play, or one it rates at least as high.
    Best,
    /// Another move, as good as the best within what the review can tell apart.
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    pub fn word(self) -> &'static str {
        match self {
            Mark::Best => "best",
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// Whether the mark says the move cost something.
    pub fn is_costly(self) -> bool {
        self >= Mark::Inaccuracy
    }
}

/// The win chance lost from which a move is an inaccuracy, a mistake and a blunder, each only
/// where the loss is also beyond the game's measured noise (`BotHints::review_noise`): a loss
/// smaller than what another seed could have said is no mark (docs/review.md).
pub const INACCURACY: f64 = 0.05;
pub const MISTAKE: f64 = 0.10;
pub const BLUNDER: f64 = 0.20;
/// Small losses that add up to this much (a quarter of a game) are worth a verdict of their own.
pub const SMALL_LOSSES_ADD_UP: f64 = 0.25;
