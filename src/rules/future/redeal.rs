//! Re-dealing what a seat cannot see: a full state its view allows, the hidden parts drawn at
//! random (for the bots' searches and the secrets' tests).

use crate::rules::GameRng;
use crate::rules::future::state::{Dice, Future};
use crate::rules::future::view::FutureView;

impl Future {
    /// A full state the view allows, its hidden parts drawn at random.
    pub fn determinize_view(view: &FutureView, rng: &mut GameRng) -> Future {
        let mut s = view.state.clone();
        let seat = view.seat;
        let max_fist = s.content.0.deck.max_fist;
        let revealed = s.fists_open();
        rng.shuffle(&mut s.merlin_row);
        // With Parzival looking at the supply, the supply is what he sees and only the rest of
        // the pool is the others'.
        let mut kept_supply = Vec::new();
        if let Some(shown) = s.supply_shown {
            for (p, &n) in shown.iter().enumerate() {
                for _ in 0..n {
                    if let Some(i) = s.grail_supply.iter().position(|&x| x == p as u8) {
                        kept_supply.push(s.grail_supply.swap_remove(i));
                    }
                }
            }
        }
        rng.shuffle(&mut s.grail_supply);
        for st in &mut s.stacks {
            rng.shuffle(st);
        }
        for c in s.colours.iter_mut() {
            if c.seat == seat {
                continue;
            }
            if !revealed && c.has_sent {
                c.sent = rng.below(max_fist.min(c.screen) as u32 + 1) as u8;
            }
            for _ in 0..c.merlin_held {
                if let Some(t) = s.merlin_row.pop() {
                    c.merlin.push(t);
                }
            }
            for _ in 0..c.grail_held {
                if let Some(p) = s.grail_supply.pop() {
                    c.grail[p as usize] += 1;
                }
            }
        }
        // The row's order is hidden too: what is left of the shuffle is a fair row.
        if s.supply_shown.is_some() {
            rng.shuffle(&mut kept_supply);
            s.grail_supply.extend(kept_supply);
        }
        s.pooled_merlin = 0;
        s.pooled_grail = 0;
        s.supply_shown = None;
        s.rng = Dice(GameRng::seeded(rng.next_u64()));
        s.masked = false;
        s
    }
}
