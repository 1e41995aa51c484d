//! Rebuilding a whole game from one seat's view and the parts it hides (the bots' samples of
//! what they cannot see).

use crate::rules::GameRng;
use crate::rules::court::content::CardKind;
use crate::rules::court::state::Court;
use crate::rules::court::view::CourtView;
use std::collections::VecDeque;

impl Court {
    /// Rebuilds a whole game from one seat's view and the parts a view hides: every seat's hand
    /// (the viewer's must be the view's hand), the draw pile (its last card on top) and the seed
    /// of the dice to come. The result's view for `view.seat` equals `view`. The bots use it to
    /// sample what they cannot see; the caller keeps the cards conserved.
    pub fn from_view(
        view: &CourtView,
        hands: Vec<Vec<CardKind>>,
        draw: Vec<CardKind>,
        seed: u64,
    ) -> Result<Court, String> {
        let n = view.hand_sizes.len();
        if n == 0 || view.seat >= n || view.active >= n || view.first_player >= n {
            return Err("the view's seats do not add up".into());
        }
        if view.scores.len() != n || view.factions.len() != n || view.seat_names.len() != n {
            return Err("the view's seats do not add up".into());
        }
        if hands.len() != n || hands.iter().zip(&view.hand_sizes).any(|(h, &size)| h.len() != size) {
            return Err("the hands do not match the view's hand sizes".into());
        }
        let mut own = hands[view.seat].clone();
        own.sort();
        if own != view.hand {
            return Err("the viewer's hand differs from the view".into());
        }
        if draw.len() != view.draw_pile {
            return Err(format!(
                "the draw pile holds {} cards, not {}",
                draw.len(),
                view.draw_pile
            ));
        }
        if view.knights.len() != view.content.knights.len() || view.board.len() != view.content.spaces.len() {
            return Err("the view's hall does not match its content".into());
        }
        Ok(Court {
            content: view.content.clone(),
            seat_names: view.seat_names.clone(),
            factions: view.factions.clone(),
            target: view.target,
            knights: view.knights.clone(),
            board: view.board.clone(),
            hall: super::state::HallBits::of(&view.board, &view.knights),
            hands,
            draw,
            discard: view.discard.clone(),
            scores: view.scores.clone(),
            phase: view.phase.clone(),
            active: view.active,
            first: view.first_player,
            played: view.played_this_turn,
            turn: view.turn,
            rng: GameRng::seeded(seed),
            rigged: VecDeque::new(),
            opening: Vec::new(),
        })
    }
}
