//! Camelot – The Court: the rules core (no Bevy).
//!
//! Players move knights through the Great Hall with action cards and score for the ranks they
//! hold; the first to reach the points target wins. The rulebook is
//! `assets/rulebooks/court.txt`; the gaps it leaves are filled as in
//! `shared/rules/camelot-the-court.md`, with every designed number kept in the RON content
//! (`CourtContent::FILES`).
//!
//! Layout of this module: `content` (the RON schema, validation and scoring formulas),
//! `apply` (setup, legal actions, validation and resolution), `view` (what one seat may see,
//! log lines), `bot` (the cheap heuristic), `tests`.

mod action;
mod apply;
mod bot;
mod cards;
mod content;
mod event;
mod files;
mod game;
#[cfg(any(test, feature = "test-support"))]
mod perturb;
mod places;
mod redeal;
mod state;
mod view;
mod words;

#[cfg(test)]
mod tests;

pub use action::{Action, Effect};
pub use cards::{banish_title, banish_verdict, card_line, card_text};
pub use content::{
    CardKind, CourtContent, CourtRules, Faction, FactionId, KnightId, KnightInfo, KnightState, KnightValues, Rank,
    ScoringOrder, Space, SpaceId, Tier,
};
pub use event::{ChallengeSide, Event, LeaveCause};
pub use places::{EQUITES, PILES, space_place};
pub use state::{Court, Phase};
pub use view::{CourtView, effects_for, playable_cards};
