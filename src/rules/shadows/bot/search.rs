//! Hard: a look-ahead on top of the normal heuristic (to be written).

use super::super::*;
use crate::bots::Budget;

/// What the generic information-set search would spend, should a level use it (none does: its
/// playouts judged at a horizon played worse than the heuristic; hard's look-ahead is `decide`).
pub fn budget(difficulty: crate::rules::Difficulty) -> Option<Budget> {
    let mut b = match difficulty {
        crate::rules::Difficulty::Easy => return None,
        crate::rules::Difficulty::Normal => Budget::new(2000, 180),
        crate::rules::Difficulty::Hard => Budget::new(8000, 900),
    };
    b.horizon = 80;
    Some(b)
}

/// Hard's decision.
pub fn decide(view: &ShadowsView, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
    super::heuristic_with(&view.game, legal, rng, &view.game.content.bots.normal)
}
