//! Die Zukunft's secrets changed for tests (`rules::secrets::Perturb`): the other colours' fists
//! before the reveal, their Merlin and Grail tiles, the Merlin row, the Grail supply and the
//! mission stacks in their order, and the dice. (The setup's lines are all public: a view drops
//! them only to stay small.)

use crate::rules::future::pieces::Task;
use crate::rules::future::state::{Dice, Future};
use crate::rules::future::view::FutureView;
use crate::rules::secrets::{Perturb, differing_across, reordered, rng_draw};
use crate::rules::{GameRng, Seat};

impl Future {
    /// The slots of colours `viewer` does not play, in a random order.
    fn hidden_slots(&self, viewer: Seat, rng: &mut GameRng) -> Vec<usize> {
        let mut out: Vec<usize> = (0..self.colours.len())
            .filter(|&i| self.colours[i].seat != viewer)
            .collect();
        rng.shuffle(&mut out);
        out
    }

    /// A Grail tile's part held by colour `slot` other than `not`, if any.
    fn grail_part(&self, slot: usize, not: Option<u8>) -> Option<u8> {
        (0..8u8).find(|&p| self.colours[slot].grail[p as usize] > 0 && Some(p) != not)
    }
}

impl Perturb for Future {
    fn perturbations(&self, viewer: Seat, rng: &mut GameRng) -> Vec<(&'static str, Future)> {
        let mut out = Vec::new();
        let hidden = self.hidden_slots(viewer, rng);
        // A fist not yet opened.
        if !self.fists_open() {
            let max_fist = self.content.0.deck.max_fist;
            if let Some(&a) = hidden.iter().find(|&&a| {
                let c = &self.colours[a];
                c.has_sent && max_fist.min(c.screen) > 0
            }) {
                let c = &self.colours[a];
                let most = max_fist.min(c.screen);
                let mut g = self.clone();
                g.colours[a].sent = (c.sent + 1 + rng.below(most as u32) as u8) % (most + 1);
                out.push(("a fist not yet opened", g));
            }
        }
        // Merlin tiles: between two other colours, with the row, and the row's order.
        'merlin: for (k, &a) in hidden.iter().enumerate() {
            for &b in &hidden[k + 1..] {
                if let Some((i, j)) = differing_across(&self.colours[a].merlin, &self.colours[b].merlin, rng) {
                    let mut g = self.clone();
                    let x = g.colours[a].merlin[i];
                    g.colours[a].merlin[i] = g.colours[b].merlin[j];
                    g.colours[b].merlin[j] = x;
                    out.push(("two other colours' Merlin tiles", g));
                    break 'merlin;
                }
            }
        }
        for &a in &hidden {
            if let Some((i, j)) = differing_across(&self.colours[a].merlin, &self.merlin_row, rng) {
                let mut g = self.clone();
                std::mem::swap(&mut g.colours[a].merlin[i], &mut g.merlin_row[j]);
                out.push(("another colour's Merlin tile and the row", g));
                break;
            }
        }
        out.extend(reordered(self, |g| &mut g.merlin_row, rng).map(|g| ("the Merlin row's order", g)));
        // Grail tiles: between two other colours, with the supply, and the supply's order.
        'grail: for (k, &a) in hidden.iter().enumerate() {
            for &b in &hidden[k + 1..] {
                if let Some(p) = self.grail_part(a, None)
                    && let Some(q) = self.grail_part(b, Some(p))
                {
                    let mut g = self.clone();
                    g.colours[a].grail[p as usize] -= 1;
                    g.colours[a].grail[q as usize] += 1;
                    g.colours[b].grail[q as usize] -= 1;
                    g.colours[b].grail[p as usize] += 1;
                    out.push(("two other colours' Grail tiles", g));
                    break 'grail;
                }
            }
        }
        // While the viewer picks from the supply (Parzival), its tiles by part are his to see.
        let picking = matches!(self.tasks.last(), Some(Task::GrailPick { slot, .. })
            if self.colours[*slot as usize].seat == viewer);
        for &a in hidden.iter().filter(|_| !picking) {
            let Some(p) = self.grail_part(a, None) else { continue };
            if let Some(j) = self.grail_supply.iter().position(|&q| q != p) {
                let mut g = self.clone();
                let q = g.grail_supply[j];
                g.grail_supply[j] = p;
                g.colours[a].grail[p as usize] -= 1;
                g.colours[a].grail[q as usize] += 1;
                out.push(("another colour's Grail tile and the supply", g));
                break;
            }
        }
        out.extend(reordered(self, |g| &mut g.grail_supply, rng).map(|g| ("the Grail supply's order", g)));
        if let Some(g) = (0..self.stacks.len()).find_map(|s| reordered(self, |g| &mut g.stacks[s], rng)) {
            out.push(("a mission stack's order", g));
        }
        let mut g = self.clone();
        g.rng = Dice(GameRng::seeded(rng.next_u64()));
        out.push(("the dice to come", g));
        out
    }

    fn same_view(a: &FutureView, b: &FutureView) -> bool {
        a == b && rng_draw(&a.state.rng.0) == rng_draw(&b.state.rng.0)
    }

    fn differs(a: &Future, b: &Future) -> bool {
        a != b || rng_draw(&a.rng.0) != rng_draw(&b.rng.0)
    }
}
