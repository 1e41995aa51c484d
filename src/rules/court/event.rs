//! What the log and the table are told (`Event`), and why a knight left the hall.

use crate::rules::Seat;
use crate::rules::court::action::Effect;
use crate::rules::court::content::{CardKind, KnightId, SpaceId};
use serde::{Deserialize, Serialize};

/// Why a knight left the hall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LeaveCause {
    /// A Move took him out from an Equites space.
    Exit,
    Banished,
    /// A knight entering from the Reserve beat him in a challenge.
    LostEntryChallenge,
}

/// What happened, in order.
/// One side of a challenge: the knight, his effective power and his die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChallengeSide {
    pub knight: KnightId,
    pub power: i64,
    pub roll: u8,
}

impl ChallengeSide {
    /// Power plus the die; the challenger wins only with the strictly higher total.
    pub fn total(&self) -> i64 {
        self.power + self.roll as i64
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The cards dealt to a seat (that seat only).
    Dealt {
        seat: Seat,
        cards: Vec<CardKind>,
    },
    /// How many cards a seat was dealt (everyone).
    DealtCount {
        seat: Seat,
        count: usize,
    },
    /// One round of the roll-off for the first player.
    RollOff {
        rolls: Vec<(Seat, u8)>,
    },
    /// Who starts; `tights` when the tights rule decided it without dice.
    FirstPlayer {
        seat: Seat,
        tights: bool,
    },
    Placed {
        seat: Seat,
        knight: KnightId,
        space: SpaceId,
    },
    TurnStarted {
        seat: Seat,
        turn: u32,
    },
    /// A card was put into play; `at` holds where the named knights stood before it resolved.
    Played {
        seat: Seat,
        card: CardKind,
        effect: Effect,
        at: [Option<SpaceId>; 2],
    },
    /// A knight entered onto (from `None`) or stepped onto an empty space, or took the space of
    /// the knight he beat in an entry challenge.
    Moved {
        knight: KnightId,
        from: Option<SpaceId>,
        to: SpaceId,
    },
    /// A challenge: both dice and totals. The challenger wins only with a strictly higher total.
    Challenge {
        challenger: ChallengeSide,
        defender: ChallengeSide,
        won: bool,
    },
    /// Two knights swapped spaces (a won step challenge, or Merlin), followers and all.
    Swapped {
        a: KnightId,
        a_from: SpaceId,
        b: KnightId,
        b_from: SpaceId,
    },
    /// A knight left the hall for his owner's Reserve, face up, his followers discarded.
    ToReserve {
        knight: KnightId,
        from: SpaceId,
        discarded: Vec<CardKind>,
        cause: LeaveCause,
    },
    Scandalised {
        knight: KnightId,
    },
    Restored {
        knight: KnightId,
    },
    FollowerLost {
        knight: KnightId,
        follower: CardKind,
        chosen_by: Seat,
    },
    FollowerAdded {
        knight: KnightId,
        follower: CardKind,
    },
    /// A Banish roll: success when `roll` is strictly greater than `power`.
    BanishRoll {
        knight: KnightId,
        roll: u8,
        power: i64,
        success: bool,
    },
    /// One seat's score for a Score card, knight by knight.
    Scored {
        seat: Seat,
        points: i64,
        total: i64,
        knights: Vec<(KnightId, i64)>,
    },
    Won {
        seat: Seat,
        total: i64,
    },
    /// After a Score (when nobody won): every Scandalised knight turned face up.
    AllRestored {
        knights: Vec<KnightId>,
    },
    PlayEnded {
        seat: Seat,
    },
    Discarded {
        seat: Seat,
        card: CardKind,
    },
    /// The discard pile was shuffled into a new draw pile.
    Reshuffled {
        cards: usize,
    },
    /// The cards a seat drew (that seat only).
    Drew {
        seat: Seat,
        cards: Vec<CardKind>,
    },
    /// How many cards a seat drew (everyone).
    DrewCount {
        seat: Seat,
        count: usize,
    },
}
