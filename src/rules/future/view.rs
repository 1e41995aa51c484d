//! What one seat may see (spec §17). Re-dealing what it cannot see is in `redeal.rs`, every
//! text the game shows (prompts, action labels, log lines) in `words.rs`.

use crate::rules::future::pieces::Task;
use crate::rules::future::state::{Dice, Future};
use crate::rules::{GameRng, Seat};

/// The state as one seat may know it: the others' fists before the reveal, their Grail parts
/// and Merlin values, the stacks' order, the Merlin row and the Grail supply are hidden. Hidden
/// tiles are pooled (sorted) with the face-down supplies so that no order or owner shows.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FutureView {
    pub seat: Seat,
    pub state: Future,
}

impl Future {
    pub(super) fn make_view(&self, seat: Seat) -> FutureView {
        let mut s = self.clone();
        let mine = |slot: usize| self.colours[slot].seat == seat;
        let revealed = self.fists_open();
        if let Some(Task::GrailPick { slot, .. }) = self.tasks.last()
            && self.colours[*slot as usize].seat == seat
        {
            let mut shown = [0u8; 8];
            for &p in &self.grail_supply {
                shown[p as usize] += 1;
            }
            s.supply_shown = Some(shown);
        }
        let mut pooled_merlin = 0u8;
        let mut pooled_grail = 0u8;
        for (i, c) in s.colours.iter_mut().enumerate() {
            if mine(i) {
                continue;
            }
            if !revealed {
                c.sent = 0;
            }
            for t in c.merlin.drain(..) {
                s.merlin_row.push(t);
            }
            pooled_merlin += c.merlin_held;
            for (p, n) in c.grail.iter_mut().enumerate() {
                s.grail_supply.extend(std::iter::repeat_n(p as u8, *n as usize));
                *n = 0;
            }
            pooled_grail += c.grail_held;
        }
        s.merlin_row.sort_unstable();
        s.grail_supply.sort_unstable();
        for st in &mut s.stacks {
            st.sort_unstable();
        }
        s.pooled_merlin = pooled_merlin;
        s.pooled_grail = pooled_grail;
        s.rng = Dice(GameRng::seeded(0));
        s.opening = Vec::new();
        s.masked = true;
        FutureView { seat, state: s }
    }

    /// What everyone may see: every colour's secrets hidden, as in a seat's view of the others
    /// (the table shows it when no one at the screen may see a screen).
    pub fn public_view(&self) -> FutureView {
        self.make_view(Seat::MAX)
    }

    /// Tiles still face down in the Grail supply (a view pools others' tiles with them).
    pub fn grail_supply_count(&self) -> usize {
        self.grail_supply.len() - self.pooled_grail as usize
    }

    /// Merlin tiles still in the row.
    pub fn merlin_row_count(&self) -> usize {
        self.merlin_row.len() - self.pooled_merlin as usize
    }
}
