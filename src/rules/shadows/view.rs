//! What one seat may see, and every hidden part in words. Re-dealing what it cannot see is in
//! `redeal.rs`, the table's words in `words.rs`.
//!
//! A view is the state with every secret of the other seats taken out: a card the seat cannot
//! see is `White::Fight(0)` (no such card exists) or `Black::Hidden` (or a face-down Combat
//! card's type with value 0); other seats' hidden Loyalty is `Loyalty::Unknown`; the generator is
//! replaced. `determinize` deals the unseen cards back at random.

use crate::rules::shadows::action::Task;
use crate::rules::shadows::apply;
use crate::rules::shadows::content::{Black, White};
use crate::rules::shadows::pieces::Loyalty;
use crate::rules::shadows::state::Shadows;
use crate::rules::{GameRng, Seat, Secret};

/// The game as one seat may know it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ShadowsView {
    pub seat: Seat,
    pub game: Shadows,
}

pub(super) const UNSEEN_WHITE: White = White::Fight(0);

pub(super) fn is_unseen_black(c: Black) -> bool {
    matches!(c, Black::Hidden | Black::BlackKnight(0) | Black::Lancelot(0, 0))
}

impl Shadows {
    pub(crate) fn make_view(&self, me: Seat) -> ShadowsView {
        let mut g = self.clone();
        g.rng = GameRng::seeded(0);
        let over = g.outcome.is_some();
        let unseen = g.loyalty_unseen;
        for (s, k) in g.knights.iter_mut().enumerate() {
            if s != me {
                for c in k.hand.iter_mut() {
                    *c = UNSEEN_WHITE;
                }
            }
            // Three Brave Knights: not even his own, until enough Swords lie on the table.
            if (s != me || unseen) && !k.revealed && !over {
                k.loyalty = Loyalty::Unknown;
            }
        }
        for c in g.white_draw.iter_mut().chain(g.white_discard.iter_mut()) {
            *c = UNSEEN_WHITE;
        }
        // The Black pile is face down, but for the cards this seat has looked at and still
        // knows in place (Percival's look, Clairvoyance at the top, Lancelot's Armor under it).
        let (known_top, known_bottom) = g
            .knights
            .get(me)
            .map_or((0, 0), |k| (k.black_top as usize, k.black_bottom as usize));
        let len = g.black_draw.len();
        for (i, c) in g.black_draw.iter_mut().enumerate() {
            if i >= known_bottom && i + known_top < len {
                *c = Black::Hidden;
            }
        }
        // The draw pile's order is unknown: one order for every view.
        for c in g.black_unseen.iter_mut() {
            *c = Black::Hidden;
        }
        for q in g.quests.iter_mut() {
            for p in q.black.iter_mut() {
                if p.face_down && p.by != me {
                    p.card = p.card.hidden();
                }
            }
        }
        let choosing = g.stack.iter().any(|t| matches!(t, Task::PlaceChoice { .. }));
        for t in g.stack.iter_mut() {
            match t {
                Task::ArmorPick { seat, cards, .. } if *seat != me => {
                    *cards = [Black::Hidden; 2];
                }
                // While the drawer chooses, his card is his; once placed face up, it shows.
                Task::PlaceChoice { seat, card } if *seat != me && card.is_combat() => {
                    *card = card.hidden();
                }
                Task::Place {
                    seat, card, face_down, ..
                } if *seat != me && card.is_combat() && (*face_down || choosing) => {
                    *card = card.hidden();
                }
                Task::Clairvoyance { seat, left, chosen } if *seat != me => {
                    for c in left.iter_mut().chain(chosen.iter_mut()) {
                        *c = Black::Hidden;
                    }
                }
                Task::Share { present, pool, .. } | Task::ShareVote { present, pool, .. } if !present.contains(&me) => {
                    for c in pool.iter_mut() {
                        *c = UNSEEN_WHITE;
                    }
                }
                _ => {}
            }
        }
        ShadowsView { seat: me, game: g }
    }

    /// Every hidden part in words (`Game::secrets`): each seat's hand, Loyalty card, face-down
    /// Black cards and the Black cards before him alone (Lancelot's Armor, a Combat card he
    /// places, Clairvoyance), then the White pile and discard, the Black pile, the Black cards
    /// discarded unseen and spoils being shared.
    pub(crate) fn secret_lines(&self) -> Vec<Secret> {
        let black = |c: &Black| c.name();
        let choosing = self.stack.iter().any(|t| matches!(t, Task::PlaceChoice { .. }));
        let mut out = Vec::new();
        for (s, k) in self.knights.iter().enumerate() {
            let owner = Some(s);
            out.push(Secret::list(owner, "Hand", k.hand.iter().map(|c| c.name())));
            let loyalty = match k.loyalty {
                Loyalty::Loyal => "Loyal",
                Loyalty::Traitor => "Traitor",
                Loyalty::Unknown => "unknown",
            };
            out.push(Secret {
                owner,
                text: format!("Loyalty: {loyalty}"),
            });
            for (def, quest) in self.content.quests.iter().zip(&self.quests) {
                let down: Vec<String> = quest
                    .black
                    .iter()
                    .filter(|p| p.face_down && p.by == s)
                    .map(|p| p.card.name())
                    .collect();
                if !down.is_empty() {
                    let label = format!("Face down on {}", apply::quest_words(&def.name));
                    out.push(Secret::list(owner, &label, down));
                }
            }
            // A Combat card he drew and places: the choice and the placing hold the same card.
            let (mut placing, mut face_down) = (Vec::new(), false);
            for task in &self.stack {
                match task {
                    Task::ArmorPick { seat, cards, .. } if *seat == s => {
                        out.push(Secret::list(owner, "Lancelot's Armor offers", cards.iter().map(black)));
                    }
                    Task::Clairvoyance { seat, left, chosen } if *seat == s => {
                        let label = "Clairvoyance shows, still to put back";
                        out.push(Secret::list(owner, label, left.iter().map(black)));
                        if !chosen.is_empty() {
                            let label = "Clairvoyance, put back so far (the next to draw first)";
                            out.push(Secret::list(owner, label, chosen.iter().map(black)));
                        }
                    }
                    Task::PlaceChoice { seat, card } if *seat == s && card.is_combat() => placing.push(*card),
                    Task::Place {
                        seat,
                        card,
                        face_down: down,
                        ..
                    } if *seat == s && card.is_combat() && (*down || choosing) => {
                        placing.push(*card);
                        face_down |= *down;
                    }
                    _ => {}
                }
            }
            placing.dedup();
            if !placing.is_empty() {
                let label = if face_down {
                    "Combat card going face down"
                } else {
                    "Combat card being placed"
                };
                out.push(Secret::list(owner, label, placing.iter().map(black)));
            }
        }
        let whites = |label, cards: &[White]| Secret::list(None, label, cards.iter().rev().map(|c| c.name()));
        out.push(whites("White pile, top first", &self.white_draw));
        out.push(whites("White discard, top first", &self.white_discard));
        out.push(Secret::list(
            None,
            "Black pile, top first",
            self.black_draw.iter().rev().map(black),
        ));
        if !self.black_unseen.is_empty() {
            let unseen = self.black_unseen.iter().map(black);
            out.push(Secret::list(None, "Black cards discarded unseen", unseen));
        }
        for task in &self.stack {
            if let Task::Share { pool, .. } | Task::ShareVote { pool, .. } = task {
                out.push(Secret::list(None, "Spoils to share", pool.iter().map(|c| c.name())));
            }
        }
        out
    }

    /// What everyone at the table may see: every hand, hidden Loyalty and face-down value
    /// hidden (the board of the shared screen).
    pub fn public_view(&self) -> ShadowsView {
        self.make_view(Seat::MAX)
    }
}
