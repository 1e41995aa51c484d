//! The panels of the table: the Knights (Life, hand size, relics, Loyalty hidden or revealed,
//! one's own card behind a deliberate click), the hand of the seat at the screen and the decision
//! of the moment with its buttons and keys, the moments the table stops for (a Siege fight's die,
//! a combat's totals, a quest's end, an accusation, the Traitor's reveal), the summary at the
//! end, and the tooltip that explains what the pointer rests on.
//!
//! Parts: `events` (the rule events played out as moments, and their clocks), `knights` (the
//! Knights down the left), `decision` (the decision of the moment along the bottom),
//! `moments_window` (the moment over the table and the summary at the end), `hover` (the
//! tooltip). Here: what they share.

pub(super) mod decision;
pub(super) mod events;
pub(super) mod hover;
pub(super) mod knights;
pub(super) mod moments_window;

use crate::rules::shadows::{KnightState, Location, Shadows};
use bevy::prelude::*;

/// Where a Knight is, in words.
fn location_words(s: &Shadows, k: &KnightState) -> String {
    if k.dead {
        return "Dead".into();
    }
    if k.unmasked {
        return "Gone to the shadows".into();
    }
    match k.at {
        Location::RoundTable => "At the Round Table".into(),
        Location::Siege => "In the Siege area".into(),
        Location::Quest(q) => format!("On {}", s.content().quest(q).name),
        Location::Gone => "Gone".into(),
    }
}
