//! The pieces of the state: where a Knight stands, his Loyalty card, the Heroic Action kinds,
//! a quest's board, a Knight, the turn so far, the Progression of
//! Evil's choices, Merlin's targets and the relics.

use crate::rules::Seat;
use crate::rules::shadows::content::{Black, KnightId, QuestId, White};
use serde::{Deserialize, Serialize};

/// Where a Knight stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Location {
    RoundTable,
    /// The Siege area outside Camelot's walls.
    Siege,
    Quest(QuestId),
    /// Dead, or an unmasked Traitor gone to the shadows.
    Gone,
}

impl Location {
    pub fn in_camelot(self) -> bool {
        matches!(self, Location::RoundTable | Location::Siege)
    }
}

/// A Loyalty card as a seat knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Loyalty {
    Loyal,
    Traitor,
    /// Hidden from the seat whose view this is.
    Unknown,
}

/// The kinds of Heroic Action; a turn's second action must be of a kind not yet used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    Move,
    Quest,
    Special,
    Heal,
    Accuse,
}

impl Kind {
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A Black card on a quest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placed {
    pub card: Black,
    pub face_down: bool,
    /// The seat that drew it (who alone knows a face-down card).
    pub by: Seat,
}

/// One quest's board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct QuestState {
    pub in_play: bool,
    /// The Knights' side: Fight cards (combat quests, wars) or Grail cards (the Grail).
    pub white: Vec<White>,
    /// The Evil side: Black cards on their spots (combat quests, the Grail), or the cards that
    /// moved Excalibur or brought figures (kept until the quest ends).
    pub black: Vec<Placed>,
    /// Excalibur's place on the river: 0 the centre, +half the Knights' end.
    pub track: i8,
    /// Picts or Saxons on a war.
    pub figures: u8,
    /// Mordred is attached to this war.
    pub mordred: bool,
}

impl QuestState {
    pub(super) fn new(in_play: bool) -> QuestState {
        QuestState {
            in_play,
            white: Vec::new(),
            black: Vec::new(),
            track: 0,
            figures: 0,
            mordred: false,
        }
    }
}

/// A Knight: his seat's figure, life, hand and secrets.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KnightState {
    pub knight: KnightId,
    pub life: u8,
    pub at: Location,
    /// At 0 Life points: dies at the end of the turn unless the Grail saves him.
    pub doomed: bool,
    pub dead: bool,
    /// The Traitor, unmasked: no longer a Knight on the board.
    pub unmasked: bool,
    /// Sorted. In a view, another seat's hand holds its count of `White::Fight(0)`.
    pub hand: Vec<White>,
    pub excalibur: bool,
    pub grail: bool,
    pub armor: bool,
    /// Has made his one accusation (not: has been accused).
    pub accused: bool,
    /// Whom he accused.
    pub accused_whom: Option<Seat>,
    pub loyalty: Loyalty,
    /// His Loyalty is known to all (wrongly accused, unmasked, or the game is over).
    pub revealed: bool,
    /// He played Fate and was not unmasked by it (Fate unmasks the Traitor who plays it): his
    /// Loyalty card stays face down, but the whole table knows he is Loyal. Public.
    #[serde(default)]
    pub proven_loyal: bool,
    /// How many cards at the top (the end) and at the bottom of the Black draw pile he has seen
    /// in their order (Percival's look, Clairvoyance, Lancelot's Armor): he keeps knowing them
    /// until the pile changes under them. The counts are public (everyone saw him look).
    pub black_top: u8,
    pub black_bottom: u8,
}

impl KnightState {
    /// Alive and on the Knights' side of the board (not dead, not unmasked).
    pub fn active(&self) -> bool {
        !self.dead && !self.unmasked
    }
    pub fn count(&self, card: White) -> usize {
        self.hand.iter().filter(|&&c| c == card).count()
    }
    /// The relics he holds.
    pub fn relics(&self) -> impl Iterator<Item = Relic> + '_ {
        [
            (self.excalibur, Relic::Excalibur),
            (self.grail, Relic::Grail),
            (self.armor, Relic::Armor),
        ]
        .into_iter()
        .filter_map(|(held, r)| held.then_some(r))
    }
    pub fn holds(&self, card: White) -> bool {
        self.hand.binary_search(&card).is_ok()
    }
}

/// What the active seat has done this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnState {
    /// Heroic Action kinds used (by `Kind::bit`).
    pub used: u8,
    /// Heroic Actions paid for (free ones from powers not counted).
    pub paid: u8,
    /// Life points spent on an extra action.
    pub sacrifices: u8,
    pub special_played: bool,
    pub arthur_traded: bool,
    /// The turn ends without (more) Heroic Actions: Guinevere, or the Traitor revealed himself.
    pub cut: bool,
}

/// Why a Knight is asked to discard cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Volunteering {
    /// Morgan: one Knight discards three cards.
    Discard,
    /// Morgan: one Knight loses two Life points.
    Sacrifice,
}

/// The Progression of Evil's three choices (also the unmasked Traitor's "feed Evil").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EvilChoice {
    DrawBlack,
    AddSiege,
    LoseLife,
}

/// A single Merlin's effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MerlinTarget {
    SiegeEngine,
    /// A Pict or Saxon from this war.
    Figure(QuestId),
    /// The most recent Black card on this quest's Evil side.
    BlackCard(QuestId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Relic {
    Excalibur,
    Grail,
    Armor,
}

impl Relic {
    pub fn name(self) -> &'static str {
        match self {
            Relic::Excalibur => "Excalibur",
            Relic::Grail => "the Holy Grail",
            Relic::Armor => "Lancelot's Armor",
        }
    }
}
