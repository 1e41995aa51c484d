//! Shadows' secrets changed for tests (`rules::secrets::Perturb`): other hands, hidden Loyalty,
//! the White piles, the Black pile past what the seat has looked at, unseen and face-down Black
//! cards, the cards another seat is choosing among (Lancelot's Armor, Clairvoyance, a drawn
//! Combat card, spoils), and the generator.

use crate::rules::secrets::{Perturb, differing_across, differing_pair, others, reordered, rng_draw};
use crate::rules::shadows::action::Task;
use crate::rules::shadows::content::{Black, White};
use crate::rules::shadows::state::Shadows;
use crate::rules::shadows::view::ShadowsView;
use crate::rules::{GameRng, Seat};

impl Shadows {
    /// The places of the Black pile `viewer` has not looked at.
    fn unseen_black_places(&self, viewer: Seat) -> std::ops::Range<usize> {
        let (top, bottom) = self
            .knights
            .get(viewer)
            .map_or((0, 0), |k| (k.black_top as usize, k.black_bottom as usize));
        let len = self.black_draw.len();
        bottom.min(len)..len.saturating_sub(top).max(bottom.min(len))
    }

    /// A place among the unseen part of the Black pile whose card is not `card` and, with
    /// `same_kind`, shows the same when hidden (a Combat card for a Combat card).
    fn unseen_black_other(&self, viewer: Seat, card: Black, same_kind: bool, rng: &mut GameRng) -> Option<usize> {
        let places = self.unseen_black_places(viewer);
        let n = places.len();
        if n == 0 {
            return None;
        }
        let start = rng.below(n as u32) as usize;
        (0..n).map(|k| places.start + (start + k) % n).find(|&i| {
            let c = self.black_draw[i];
            c != card && (!same_kind || c.hidden() == card.hidden())
        })
    }

    /// The cards of `seat`'s hand that may move unseen: all but the Merlins he has pledged
    /// (the table knows he holds those).
    fn movable_hand(&self, seat: Seat) -> (Vec<usize>, Vec<White>) {
        let mut pledged: usize = self
            .stack
            .iter()
            .map(|t| match t {
                Task::MerlinPledge { pledged, .. } => pledged.get(seat).map_or(0, |&p| p as usize),
                _ => 0,
            })
            .sum();
        let mut places = Vec::new();
        for (i, &c) in self.knights[seat].hand.iter().enumerate() {
            if c == White::Merlin && pledged > 0 {
                pledged -= 1;
            } else {
                places.push(i);
            }
        }
        let cards = places.iter().map(|&i| self.knights[seat].hand[i]).collect();
        (places, cards)
    }
}

impl Perturb for Shadows {
    fn perturbations(&self, viewer: Seat, rng: &mut GameRng) -> Vec<(&'static str, Shadows)> {
        let mut out = Vec::new();
        let hidden = others(self.knights.len(), viewer, rng);
        // White: two other hands, a hand and the pile, the pile's order, the discard.
        'hands: for (k, &a) in hidden.iter().enumerate() {
            for &b in &hidden[k + 1..] {
                let ((pa, ca), (pb, cb)) = (self.movable_hand(a), self.movable_hand(b));
                if let Some((i, j)) = differing_across(&ca, &cb, rng) {
                    let (i, j) = (pa[i], pb[j]);
                    let mut g = self.clone();
                    let x = g.knights[a].hand[i];
                    g.knights[a].hand[i] = g.knights[b].hand[j];
                    g.knights[b].hand[j] = x;
                    g.knights[a].hand.sort_unstable();
                    g.knights[b].hand.sort_unstable();
                    out.push(("two other hands", g));
                    break 'hands;
                }
            }
        }
        for &a in &hidden {
            let (pa, ca) = self.movable_hand(a);
            if let Some((i, j)) = differing_across(&ca, &self.white_draw, rng) {
                let i = pa[i];
                let mut g = self.clone();
                std::mem::swap(&mut g.knights[a].hand[i], &mut g.white_draw[j]);
                g.knights[a].hand.sort_unstable();
                out.push(("another hand and the White pile", g));
                break;
            }
        }
        out.extend(reordered(self, |g| &mut g.white_draw, rng).map(|g| ("the White pile's order", g)));
        if let Some((i, j)) = differing_across(&self.white_discard, &self.white_draw, rng) {
            let mut g = self.clone();
            std::mem::swap(&mut g.white_discard[i], &mut g.white_draw[j]);
            out.push(("the White discard and the pile", g));
        }
        // Loyalty nobody has seen: two other seats', or, before anyone has looked at his
        // card (Three Brave Knights), the viewer's own too.
        if self.outcome.is_none() {
            let mut unseen: Vec<Seat> = (0..self.knights.len())
                .filter(|&s| {
                    let k = &self.knights[s];
                    // A Knight who played Fate and stayed masked is Loyal for all to know.
                    (s != viewer || self.loyalty_unseen) && !k.revealed && !k.proven_loyal
                })
                .collect();
            rng.shuffle(&mut unseen);
            let pair = differing_pair(
                &unseen,
                |&a, &b| self.knights[a].loyalty == self.knights[b].loyalty,
                rng,
            );
            if let Some((i, j)) = pair {
                let (a, b) = (unseen[i], unseen[j]);
                let mut g = self.clone();
                let x = g.knights[a].loyalty;
                g.knights[a].loyalty = g.knights[b].loyalty;
                g.knights[b].loyalty = x;
                out.push(("two Loyalty cards", g));
            }
        }
        // Black: the unseen part of the pile, the cards discarded unseen, face-down cards.
        let places: Vec<usize> = self.unseen_black_places(viewer).collect();
        let cards: Vec<Black> = places.iter().map(|&i| self.black_draw[i]).collect();
        if let Some((i, j)) = differing_pair(&cards, |a, b| a == b, rng) {
            let mut g = self.clone();
            g.black_draw.swap(places[i], places[j]);
            out.push(("the Black pile's unseen order", g));
        }
        if let Some((i, j)) = differing_across(&self.black_unseen, &cards, rng) {
            let mut g = self.clone();
            std::mem::swap(&mut g.black_unseen[i], &mut g.black_draw[places[j]]);
            out.push(("a Black card discarded unseen", g));
        }
        'face_down: for (q, quest) in self.quests.iter().enumerate() {
            for (i, p) in quest.black.iter().enumerate() {
                if p.face_down
                    && p.by != viewer
                    && let Some(j) = self.unseen_black_other(viewer, p.card, true, rng)
                {
                    let mut g = self.clone();
                    std::mem::swap(&mut g.quests[q].black[i].card, &mut g.black_draw[j]);
                    out.push(("a face-down Black card", g));
                    break 'face_down;
                }
            }
        }
        // Cards another seat is choosing among.
        let choosing = self.stack.iter().any(|t| matches!(t, Task::PlaceChoice { .. }));
        for (t, task) in self.stack.iter().enumerate() {
            let swap_black = |card: Black,
                              same_kind: bool,
                              name,
                              rng: &mut GameRng,
                              out: &mut Vec<_>,
                              put: &dyn Fn(&mut Task, Black)| {
                if let Some(j) = self.unseen_black_other(viewer, card, same_kind, rng) {
                    let mut g = self.clone();
                    let other = g.black_draw[j];
                    g.black_draw[j] = card;
                    put(&mut g.stack[t], other);
                    out.push((name, g));
                }
            };
            match task {
                Task::ArmorPick { seat, cards, .. } if *seat != viewer => {
                    let k = rng.below(2) as usize;
                    swap_black(
                        cards[k],
                        false,
                        "the cards Lancelot's Armor offers",
                        rng,
                        &mut out,
                        &|t, c| {
                            if let Task::ArmorPick { cards, .. } = t {
                                cards[k] = c;
                            }
                        },
                    );
                }
                Task::PlaceChoice { seat, card } if *seat != viewer && card.is_combat() => {
                    swap_black(
                        *card,
                        true,
                        "a Combat card its drawer is placing",
                        rng,
                        &mut out,
                        &|t, c| {
                            if let Task::PlaceChoice { card, .. } = t {
                                *card = c;
                            }
                        },
                    );
                }
                Task::Place {
                    seat, card, face_down, ..
                } if *seat != viewer && card.is_combat() && (*face_down || choosing) => {
                    swap_black(*card, true, "a Combat card going face down", rng, &mut out, &|t, c| {
                        if let Task::Place { card, .. } = t {
                            *card = c;
                        }
                    });
                }
                Task::Clairvoyance { seat, left, chosen } if *seat != viewer => {
                    let all: Vec<Black> = left.iter().chain(chosen.iter()).copied().collect();
                    if all.is_empty() {
                        continue;
                    }
                    let k = rng.below(all.len() as u32) as usize;
                    swap_black(all[k], false, "the cards Clairvoyance shows", rng, &mut out, &|t, c| {
                        if let Task::Clairvoyance { left, chosen, .. } = t {
                            if k < left.len() {
                                left[k] = c;
                            } else {
                                chosen[k - left.len()] = c;
                            }
                        }
                    });
                }
                Task::Share { present, pool, .. } | Task::ShareVote { present, pool, .. }
                    if !present.contains(&viewer) =>
                {
                    if let Some((i, j)) = differing_across(pool, &self.white_draw, rng) {
                        let mut g = self.clone();
                        let drawn = g.white_draw[j];
                        g.white_draw[j] = pool[i];
                        if let Task::Share { pool, .. } | Task::ShareVote { pool, .. } = &mut g.stack[t] {
                            pool[i] = drawn;
                        }
                        out.push(("the spoils shared among others", g));
                    }
                }
                _ => {}
            }
        }
        let mut g = self.clone();
        g.rng = GameRng::seeded(rng.next_u64());
        out.push(("the generator", g));
        out
    }

    fn same_view(a: &ShadowsView, b: &ShadowsView) -> bool {
        a == b && rng_draw(&a.game.rng) == rng_draw(&b.game.rng)
    }

    fn differs(a: &Shadows, b: &Shadows) -> bool {
        a != b || rng_draw(&a.rng) != rng_draw(&b.rng)
    }
}
