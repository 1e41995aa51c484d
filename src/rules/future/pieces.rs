//! The pieces of the state: what stands on a field, a hero board, a colour in play, where the
//! round and a mission turn are, and the stack's tasks.

use crate::rules::Seat;
use crate::rules::future::colours::COLOUR_NAMES;
use crate::rules::future::content::Board;
use serde::{Deserialize, Serialize};

/// A colour in play, by its index in `Future::colours` (its "slot").
pub type Slot = u8;

/// What stands on a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Piece {
    Empty,
    Knight(Slot),
    /// A majority winner's magician, placed in final scoring.
    Magician(Slot),
    /// A knight of the neutral colour (3 players).
    Neutral,
}

impl Piece {
    /// The colour whose piece this is (knight or magician), for lines, groups and majorities.
    pub fn owner(self) -> Option<Slot> {
        match self {
            Piece::Knight(s) | Piece::Magician(s) => Some(s),
            _ => None,
        }
    }
}

/// A hero board's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hero {
    /// Heroes are not in play.
    None,
    Side1,
    Side2,
    /// Both sides used: the hero has left.
    Gone,
}

/// One colour in play: its screen, hinterland, score and tiles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Colour {
    /// The player colour (index into `COLOUR_NAMES`).
    pub colour: u8,
    pub seat: Seat,
    /// Knights behind the screen (the fist stays counted here until the reveal).
    pub screen: u8,
    pub hinterland: u8,
    pub score: i32,
    /// Final scoring's gains and losses, added once at its end.
    pub final_gain: i32,
    /// Merlin tiles held (indices into the deck's values; private).
    pub merlin: Vec<u8>,
    pub merlin_held: u8,
    /// Grail tiles held by part (private).
    pub grail: [u8; 8],
    pub grail_held: u8,
    /// Mission cards taken (public).
    pub missions: Vec<u16>,
    /// The fist (private until the reveal); after the reveal, the knights still to place.
    pub sent: u8,
    pub has_sent: bool,
    pub hearts: u8,
    pub tournament_tile: bool,
    /// Treason: the start (0..4 for starts 1..4) this colour entered by.
    pub treason_start: Option<u8>,
    /// The most recently placed knight of this colour in each room (by board).
    pub last: [Option<u8>; 5],
    pub hero: Hero,
    /// Mordred's black knight, waiting beside the hero board.
    pub black_knight: bool,
    /// This turn: line bonuses taken, whether a hero side was used, knights placed by board, and
    /// whether Parzival's side 2 is choosing the Grail tiles.
    pub bonuses_taken: u8,
    pub hero_used: bool,
    pub placed: [u8; 5],
    pub parzival: bool,
}

impl Colour {
    pub fn name(&self) -> &'static str {
        COLOUR_NAMES[self.colour as usize]
    }
}

/// Where the round is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Expert variant: seats choose colours; `pick` counts the picks made.
    Colours {
        pick: u8,
    },
    /// Phase 2: seats choose their fists one after another (`seat` is next).
    Send {
        seat: Seat,
    },
    /// Phase 3: the magician at track position `pos` predicts (from the bottom up).
    Predict {
        pos: u8,
    },
    /// Phase 4: the colour at track position `pos` fulfils a mission.
    Missions {
        pos: u8,
        stage: TurnStage,
    },
    /// Final scoring: the red room's winner may place its magician (then the rest is automatic).
    Final,
    Over,
}

/// Where a colour's mission turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TurnStage {
    /// Take a mission (or recall, or nothing fits).
    Choose,
    /// The taken card's effects resolve (the task stack).
    Resolve,
    /// After the mission: the heroes' after-mission abilities, or the end of the turn.
    After,
}

/// Something to be resolved that may need a decision, on a stack (the top first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Task {
    /// The taken card's shields still to place (a bit per shield of the card).
    Shields { slot: Slot, card: u16, left: u8 },
    /// An optional Tree.
    Tree { slot: Slot },
    /// An optional extra knight into a room.
    Extra { slot: Slot, board: Board },
    /// A Training Ground line: choose a bonus or none.
    LineBonus { slot: Slot },
    /// An Intrigue penalty: move one of your red-room knights to your hinterland.
    RecallRed { slot: Slot },
    /// Grail tiles to pick from the supply (Parzival's side 2).
    GrailPick { slot: Slot, left: u8 },
    /// Parzival's side 2 offered at a Grail gain of `n` tiles.
    Parzival { slot: Slot, n: u8 },
    /// Tristan's side 2 offered: two knights went into one room this turn.
    Tristan { slot: Slot },
    /// The red room's winner may place its magician.
    Magician { slot: Slot },
}

impl Task {
    pub fn slot(self) -> Slot {
        match self {
            Task::Shields { slot, .. }
            | Task::Tree { slot }
            | Task::Extra { slot, .. }
            | Task::LineBonus { slot }
            | Task::RecallRed { slot }
            | Task::GrailPick { slot, .. }
            | Task::Parzival { slot, .. }
            | Task::Tristan { slot }
            | Task::Magician { slot } => slot,
        }
    }
}
