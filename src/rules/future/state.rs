//! The whole state of a match of Die Zukunft von Camelot.

use crate::rules::future::content::FutureContent;
use crate::rules::future::event::Event;
use crate::rules::future::pieces::{Colour, Phase, Piece, Slot, Task};
use crate::rules::{GameRng, Outcome, Tagged};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Content and generator behind wrappers that compare equal, so that two states (or views)
/// compare by what is on the table.
#[derive(Clone, Debug, Default)]
pub struct Shared(pub Arc<FutureContent>);
impl PartialEq for Shared {
    fn eq(&self, _: &Shared) -> bool {
        true
    }
}
#[derive(Clone, Debug, Default)]
pub struct Dice(pub GameRng);
impl PartialEq for Dice {
    fn eq(&self, _: &Dice) -> bool {
        true
    }
}

/// A match of Die Zukunft von Camelot.
/// On the wire (a seat's view, `view.rs`) without its content, which the reader attaches again,
/// and without its generator, which a view replaces anyway.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Future {
    #[serde(skip)]
    pub content: Shared,
    pub players: usize,
    pub seat_names: Vec<String>,
    /// The colours in play (two per seat with two players), by slot.
    pub colours: Vec<Colour>,
    /// Each seat's slots.
    pub seat_slots: Vec<Vec<Slot>>,
    /// The neutral colour (3 players).
    pub neutral: Option<u8>,
    pub heroes: bool,
    /// The room side in play for each board (index into the content's rooms; the secret room
    /// only at five).
    pub room_of: [Option<usize>; 5],
    /// What stands on each field of each board's room in play.
    pub fields: [Vec<Piece>; 5],
    /// The turn-order track, top (first) first.
    pub track: Vec<Slot>,
    /// Predictions this round in the order made: (slot, number).
    pub predictions: Vec<(Slot, u8)>,
    pub round: u8,
    pub phase: Phase,
    /// The mission stacks (top last) and the face-up display.
    pub stacks: [Vec<u16>; 4],
    pub display: Vec<u16>,
    /// The Merlin row (leftmost first) and the Grail supply (top last).
    pub merlin_row: Vec<u8>,
    pub grail_supply: Vec<u8>,
    /// In a view: how many of the tiles in `merlin_row` and `grail_supply` are other colours'
    /// (pooled with the hidden ones so that a view cannot tell them apart).
    pub pooled_merlin: u8,
    pub pooled_grail: u8,
    /// In a view while Parzival's side 2 picks Grail tiles for the viewing seat: the supply's
    /// tiles by part (spec §16.4; the supply is otherwise hidden from everyone).
    pub supply_shown: Option<[u8; 8]>,
    pub tournament_tiles: u8,
    pub tasks: Vec<Task>,
    #[serde(skip)]
    pub rng: Dice,
    pub outcome: Option<Outcome>,
    pub turns: u32,
    /// Whether points go to `final_gain` (final scoring) rather than the score.
    pub scoring_final: bool,
    /// Setup's events, for the log.
    #[serde(skip)]
    pub opening: Vec<Tagged<Event>>,
    /// Whether this is a seat's view (its hidden parts pooled or zeroed).
    pub masked: bool,
}
