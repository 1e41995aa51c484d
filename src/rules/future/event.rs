//! What the log and the table are told (`Event`), and the final scoring's steps by name.

use crate::rules::Seat;
use crate::rules::future::action::Why;
use crate::rules::future::content::{Board, Side};
use crate::rules::future::pieces::{Piece, Slot};

/// What happened, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The castle as set up: the room side of each board, the neutral colour.
    Setup {
        rooms: Vec<(Board, Side)>,
        neutral: Option<u8>,
    },
    /// A seat took a colour (expert variant).
    ColourChosen {
        seat: Seat,
        colour: u8,
    },
    /// The turn order at the start (the magician cards) or after the predictions.
    TrackOrder {
        track: Vec<Slot>,
        initial: bool,
    },
    RoundStarted {
        round: u8,
    },
    /// Missions revealed from their stacks.
    Revealed {
        cards: Vec<u16>,
    },
    /// A seat closed its fist (everyone: that it did).
    FistClosed {
        seat: Seat,
    },
    /// What the fists hold (that seat only).
    Fist {
        seat: Seat,
        counts: Vec<(Slot, u8)>,
    },
    Predicted {
        slot: Slot,
        number: u8,
        inner: bool,
    },
    /// All fists open together.
    FistsOpened {
        counts: Vec<(Slot, u8)>,
        total: u8,
    },
    /// The top of the track takes the leftmost Merlin tile (its value: the owner only).
    MerlinTaken {
        slot: Slot,
    },
    MerlinValue {
        slot: Slot,
        value: i32,
    },
    TurnStarted {
        slot: Slot,
    },
    Took {
        slot: Slot,
        card: u16,
        surplus: u8,
    },
    NothingFits {
        slot: Slot,
        knights: u8,
    },
    Recalled {
        slot: Slot,
        knights: u8,
    },
    /// Grail tiles drawn (everyone: how many).
    GrailDrawn {
        slot: Slot,
        count: u8,
    },
    /// Their parts (the owner only).
    GrailParts {
        slot: Slot,
        parts: Vec<u8>,
    },
    /// Parzival's side 2: the picker looks at the face-down Grail supply (the picker only; a
    /// look undo must not take back).
    SupplyShown {
        slot: Slot,
    },
    Placed {
        slot: Slot,
        board: Board,
        field: u8,
        piece: Piece,
    },
    /// The knight went back behind the screen: no field for it.
    Returned {
        slot: Slot,
        board: Option<Board>,
    },
    /// A score moved by `points`; `due` is what the rule gave, which differs only when the floor
    /// of 0 cut a loss short during the rounds (2 points, a loss of 4: `points` −2, `due` −4).
    Scored {
        slot: Slot,
        points: i32,
        due: i32,
        why: Why,
    },
    TreeTaken {
        slot: Slot,
        knight: bool,
    },
    LineFormed {
        slot: Slot,
        bonus: Option<u8>,
    },
    TournamentTile {
        slot: Slot,
    },
    FinalsOpened,
    WinnerOpened,
    GroupFilled {
        group: u8,
        penalised: Vec<Slot>,
    },
    KnightsTable {
        royalists: bool,
    },
    RecalledFromRed {
        slot: Slot,
        field: u8,
    },
    HeroUsed {
        slot: Slot,
        side: u8,
    },
    Discarded {
        slot: Slot,
        card: u16,
    },
    /// The face-up missions left at the end of a round leave the game.
    RoundEnded {
        round: u8,
        removed: Vec<u16>,
    },
    /// Final scoring: a step for one colour.
    FinalStep {
        slot: Slot,
        step: u8,
        points: i32,
    },
    /// The Merlin tiles' values shown at the end.
    MerlinRevealed {
        slot: Slot,
        values: Vec<i32>,
    },
    Final {
        slot: Slot,
        score: i32,
    },
    Won {
        seats: Vec<Seat>,
    },
}

/// The name of a final scoring step (`Event::FinalStep`), in the rulebook's order from 1.
pub fn final_step_name(step: u8) -> &'static str {
    match step {
        1 => "red room",
        2 => "Merlin tiles",
        3 => "knights behind the screen",
        4 => "hinterland",
        5 => "Grail sets",
        _ => "secret room",
    }
}
