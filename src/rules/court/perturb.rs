//! The Court's secrets changed for tests (`rules::secrets::Perturb`): the other seats' hands, the
//! draw pile and the dice.

use crate::rules::court::state::Court;
use crate::rules::court::view::CourtView;
use crate::rules::secrets::{Perturb, differing_across, others, reordered, rng_draw};
use crate::rules::{GameRng, Seat};

impl Perturb for Court {
    fn perturbations(&self, viewer: Seat, rng: &mut GameRng) -> Vec<(&'static str, Court)> {
        let mut out = Vec::new();
        let hidden = others(self.hands.len(), viewer, rng);
        // Two other seats' hands.
        'pair: for (k, &a) in hidden.iter().enumerate() {
            for &b in &hidden[k + 1..] {
                if let Some((i, j)) = differing_across(&self.hands[a], &self.hands[b], rng) {
                    let mut g = self.clone();
                    let (x, y) = (g.hands[a][i], g.hands[b][j]);
                    g.hands[a][i] = y;
                    g.hands[b][j] = x;
                    out.push(("two other hands", g));
                    break 'pair;
                }
            }
        }
        // Another seat's hand and the draw pile.
        for &a in &hidden {
            if let Some((i, j)) = differing_across(&self.hands[a], &self.draw, rng) {
                let mut g = self.clone();
                std::mem::swap(&mut g.hands[a][i], &mut g.draw[j]);
                out.push(("another hand and the draw pile", g));
                break;
            }
        }
        out.extend(reordered(self, |g| &mut g.draw, rng).map(|g| ("the draw pile's order", g)));
        let mut g = self.clone();
        g.rng = GameRng::seeded(rng.next_u64());
        out.push(("the dice to come", g));
        out
    }

    fn same_view(a: &CourtView, b: &CourtView) -> bool {
        a == b
    }

    fn differs(a: &Court, b: &Court) -> bool {
        a.hands != b.hands
            || a.draw != b.draw
            || a.discard != b.discard
            || a.board != b.board
            || a.scores != b.scores
            || rng_draw(&a.rng) != rng_draw(&b.rng)
    }
}
