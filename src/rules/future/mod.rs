//! Die Zukunft von Camelot: the rules core (no Bevy).
//!
//! Seven rounds: reveal missions, send 0–3 knights in a secret fist, predict the total on the
//! throne room's number spaces (the turn order follows the predictions), fulfil one mission each
//! in turn order by placing knights in the castle's rooms, and finally score the red room, Merlin
//! tiles, knights behind the screen, the hinterland and Grail sets. The rulebook is
//! `assets/rulebooks/future.txt`; the gaps it leaves are filled as in
//! `shared/rules/zukunft-von-camelot.md`, every designed number kept in the RON content
//! (`FutureContent::FILES`).
//!
//! Layout: `content` (the RON schema and its validation), `apply` (setup, legal actions and
//! their resolution), `view` (what one seat may see, sampling what it cannot, log lines), `bot`
//! (the heuristic and the search hints), `tests`.

mod action;
mod apply;
mod bot;
mod colours;
mod content;
mod event;
mod game;
#[cfg(any(test, feature = "test-support"))]
mod perturb;
mod pieces;
mod places;
mod redeal;
mod state;
mod view;
mod words;

#[cfg(test)]
mod tests;

pub use action::{Action, Why};
pub use apply::grail_points;
pub use bot::possible_totals;
pub use colours::{
    BLUE, COLOUR_MARKS, COLOUR_NAMES, COLOUR_RGB, GREEN, HERO_NAMES, PURPLE, RED, YELLOW, colour_by_name, colour_title,
    hero_room,
};
pub use content::{
    Board, Deck, DisplayRow, Effect, FieldDef, FutureContent, GrailPart, GroupDef, Mission, Room, RoomFile, RoomRule,
    Shield, Side, Special, Stack, Stage, Throne,
};
pub use event::{Event, final_step_name};
pub use pieces::{Colour, Hero, Phase, Piece, Slot, Task, TurnStage};
pub use places::{DISPLAY, HINTERLAND, THRONE, field_place, room_place};
pub use state::{Dice, Future, Shared};
pub use view::FutureView;

pub use crate::rules::capitalised;
