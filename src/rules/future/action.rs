//! What a seat can decide (`Action`), and why points moved.

use crate::rules::future::content::Board;
use serde::{Deserialize, Serialize};

/// One decision of the seat to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// Expert variant: take this player colour; its magician goes on the next track slot.
    Colour(u8),
    /// Phase 2: the fist of each of the seat's colours (the second only with two players; 0 is
    /// the recall from the hinterland).
    Send(u8, u8),
    /// Phase 3: the magician goes on this number space.
    Predict(u8),
    /// Phase 4: take this face-up mission card.
    Take(u16),
    /// Phase 4: no face-up mission fits the knights sent; they all go to the hinterland.
    NoMission,
    /// Phase 4 with an empty fist: bring this many hinterland knights back behind the screen.
    Recall(u8),
    /// Place the knight of this shield (by its index on the card) on a field; `hero`: by the
    /// hero's redirect (Kay, Tristan, Parzival, Lancelot).
    Place {
        shield: u8,
        board: Board,
        field: u8,
        hero: bool,
    },
    /// The shield's room has no field for you: its knight goes back behind the screen.
    Return { shield: u8 },
    /// The extra knight, from behind the screen (`screen`) or the hinterland, onto a field.
    Extra { screen: bool, field: u8 },
    /// Take the line bonus with this index.
    Bonus(u8),
    /// Move your knight on this red-room field to your hinterland.
    RecallRed(u8),
    /// Pick a Grail tile of this part from the supply.
    Grail(u8),
    /// Final scoring: the magician onto a field of another castle room.
    Magician { board: Board, field: u8 },
    /// Discard a face-up mission (Kay's side 2, Mordred's side 1).
    Discard(u16),
    /// Mordred's side 2: pay for the black knight to enter a room.
    BlackKnight { board: Board, field: u8 },
    /// Yes to the offer (a Tree, Tristan's +3, Parzival's choice).
    Accept,
    /// No to the offer (a Tree, an extra knight, a line bonus, a magician, a hero).
    Decline,
    /// End the turn (when a hero could still act).
    EndTurn,
}

/// Why points moved (for the log and the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Why {
    Field,
    LineBonus,
    TournamentTile,
    Intrigue,
    Special,
    Tristan,
    BlackKnight,
    RedRoom,
    Merlin,
    Screen,
    Grail,
    SecretRoom,
}
