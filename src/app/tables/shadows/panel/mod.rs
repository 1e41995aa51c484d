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

mod decision;
mod events;
mod hover;
mod knights;
mod moments_window;

pub use decision::screen_prompt;
pub(super) use decision::{decision_input, decision_panel};
pub(super) use events::{read_events, tick_moments};
pub(super) use hover::hover_tip;
#[cfg(test)]
pub(super) use knights::accusation_words;
pub(super) use knights::knights_panel;
pub(super) use moments_window::moments_window;

use super::*;
use crate::app::style::{GOOD, WARN};
use crate::app::table::ResultsDetail;
use crate::rules::Visibility;
use crate::rules::shadows::{Black, Event, KnightState, QuestKind, white_text};

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
