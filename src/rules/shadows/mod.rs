//! Shadows over Camelot: the rules core (no Bevy).
//!
//! A cooperative game with a possible hidden Traitor, 3–7 Knights. Each turn the active Knight
//! lets Evil progress (a Black card, a Siege Engine or a Life point), then takes a Heroic Action
//! (or two, buying the second with a Life point): move, act on his quest, play a Special White,
//! heal, or accuse. Quests end in victory or defeat and lay White or Black Swords; the game ends
//! with the twelfth Sword, or is lost at once to twelve Siege Engines, seven Black Swords or the
//! death of every Loyal Knight. The rulebook is `assets/rulebooks/shadows.txt`; what it leaves
//! open is filled as in `shared/rules/shadows-over-camelot.md`, every number and rule switch kept
//! in the RON content (`ShadowsContent::FILES`).
//!
//! Every choice, also inside an effect and out of turn (Merlin pledges, a Morgan volunteer, the
//! Grail's rescue, sharing spoils, Arthur's trade, Sir Kay's card), is a pending decision of one
//! seat: the state keeps a stack of tasks whose top is either a decision or work done at once.
//!
//! Layout: `content` (the RON schema and its validation), `apply` (setup, legal actions and
//! their resolution), `view` (what one seat may see, sampling what it cannot, log lines), `bot`
//! (the heuristic and the search hints), `cards` (what each card says, for the table), `tests`;
//! the types in `pieces` (the state's parts), `action` (decisions and tasks), `event` (what the
//! log is told), the whole state in `state`, the contract in `game`, the bench's words in
//! `outcomes`. Here: the names the rest of the program uses.

mod action;
mod apply;
mod bot;
mod cards;
mod content;
mod deeds;
mod event;
mod game;
mod outcomes;
#[cfg(any(test, feature = "test-support"))]
mod perturb;
mod pieces;
mod places;
mod redeal;
mod state;
mod tuning;
mod view;
mod words;

#[cfg(test)]
mod tests;

pub use action::{Action, Drawn, Face, ForWhom, Task};
pub use apply::special_card;
pub use bot::{Belief, Look, belief, explain, features, heuristic_with, scores, search_budget};
pub use cards::{accusation_text, black_text, sacrifice_text, white_line, white_text};
pub use content::{
    Black, Count, DeckFile, GrailFullRule, KnightDef, KnightId, Lasting, Numbers, QuestDef, QuestId, QuestKind,
    ShadowsContent, Spoils, Switches, White,
};
pub use deeds::{Deed, Deeds};
pub use event::Event;
pub(crate) use outcomes::outcome_words;
pub use outcomes::quest_key;
pub use pieces::{
    EvilChoice, Kind, KnightState, Location, Loyalty, MerlinTarget, Placed, QuestState, Relic, TurnState, Volunteering,
};
pub use places::{BLACK_PILE, CAMELOT, ROUND_TABLE, WHITE_PILE, quest_place};
pub use state::{QuestTally, Shadows};
pub use tuning::{BotFile, DeedOdds, FEATURE_NAMES, FEATURES, ShadowsBots, TABLE_SIZES, ValueModel, Weights};
pub use view::ShadowsView;
