//! What a seat can decide (`Action`) and the task stack's work (`Task`).

use crate::rules::Seat;
use crate::rules::shadows::content::{Black, QuestId, White};
use crate::rules::shadows::pieces::{EvilChoice, Location, MerlinTarget, Volunteering};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

/// Every decision a seat can make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Progression of Evil (and the unmasked Traitor's feed).
    Evil(EvilChoice),
    /// Lancelot's Armor: the one of the two Black cards drawn to resolve (the other goes under
    /// the pile).
    KeepBlack(Drawn),
    /// A Combat card goes face up or face down (written `FaceDown(false)` and `FaceDown(true)` in
    /// saves).
    #[serde(rename = "FaceDown")]
    Face(Face),
    /// Mercenaries or Mordred: the war it goes to.
    War(QuestId),
    /// Yes or no: give up Excalibur to cancel a Standard Black, volunteer for Morgan, the Grail's
    /// rescue, accept a share of spoils.
    Yes,
    No,
    /// Merlins pledged to cancel a Special Black (0: none now, asked again if another round
    /// comes).
    Pledge(u8),
    /// Discard this card (Morgan, Fate) or give it (Messenger, Arthur's trade answer).
    Card(White),
    // Heroic Actions.
    Move(Location),
    DrawWhite,
    /// Fight a Siege Engine: the first Fight card; then `Card` adds more, `Roll` throws the die.
    FightSiege(u8),
    Roll,
    /// A Fight card onto the combat quest or war he is on.
    Fight(u8),
    PlayGrail,
    /// Discard a White card to move Excalibur one step toward the Knights.
    RaiseExcalibur(White),
    Merlin(MerlinTarget),
    Clairvoyance,
    Convocation,
    Fate,
    Heroism(QuestId),
    LadyOfTheLake,
    Messenger(Seat),
    /// Piety: three Life points for himself or one for every other Knight.
    Piety(ForWhom),
    /// Reinforcements: four White cards for himself or one for every other Knight.
    Reinforcements(ForWhom),
    Heal(White),
    Accuse(Seat),
    /// Lose a Life point for one more Heroic Action of another kind.
    Sacrifice,
    /// King Arthur gives a card to a Knight (not an action).
    ArthurGive(White, Seat),
    /// The hidden Traitor unmasks himself.
    RevealSelf,
    EndTurn,
    /// Clairvoyance: the card to be drawn next among those looked at.
    PutNext(Black),
    /// Sharing spoils: the next card goes to this Knight.
    Assign(Seat),
    /// The unmasked Traitor's taunt: a random White card of this Knight is discarded.
    Taunt(Seat),
    /// Done giving (Messenger) or adding (no more Fight cards).
    Done,
    /// No Merlin for this Special Black: said once, and not asked again in a later round of
    /// pledges for it (a seat that holds none ends its part at once; saves made before it
    /// existed replay as they were, with `Pledge(0)`).
    NoPledge,
}

/// Which of the two Black cards Lancelot's Armor drew (written 0 and 1 in saves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum Drawn {
    First,
    Second,
}

impl Drawn {
    /// Its place among the cards drawn.
    pub fn index(self) -> usize {
        match self {
            Drawn::First => 0,
            Drawn::Second => 1,
        }
    }
}

impl From<Drawn> for u8 {
    fn from(d: Drawn) -> u8 {
        d.index() as u8
    }
}

impl TryFrom<u8> for Drawn {
    type Error = String;
    fn try_from(i: u8) -> Result<Drawn, String> {
        match i {
            0 => Ok(Drawn::First),
            1 => Ok(Drawn::Second),
            _ => Err(format!("Lancelot's Armor draws two cards, not a card {}", i + 1)),
        }
    }
}

/// Which side up a Combat card goes onto its quest (written `true` for face down in saves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "bool", from = "bool")]
pub enum Face {
    Up,
    Down,
}

impl From<Face> for bool {
    fn from(f: Face) -> bool {
        f == Face::Down
    }
}

impl From<bool> for Face {
    fn from(down: bool) -> Face {
        if down { Face::Down } else { Face::Up }
    }
}

/// Whom a Piety or Reinforcements card serves: the Knight who plays it, or every other Knight
/// (written `true` for himself in saves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "bool", from = "bool")]
pub enum ForWhom {
    Himself,
    Others,
}

impl From<ForWhom> for bool {
    fn from(w: ForWhom) -> bool {
        w == ForWhom::Himself
    }
}

impl From<bool> for ForWhom {
    fn from(himself: bool) -> ForWhom {
        if himself { ForWhom::Himself } else { ForWhom::Others }
    }
}

/// A piece of work on the task stack: a decision of one seat (the top one is pending) or work
/// done at once when it comes to the top.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Task {
    /// Decision: the Progression of Evil.
    Evil,
    /// Work: the Heroic Actions start (or are skipped).
    HeroicStart,
    /// Decision: the Heroic Actions of the active seat.
    Heroic,
    /// Work: deaths, then the next turn.
    EndTurn,
    /// Decision: the unmasked Traitor's taunt.
    Taunt,
    /// Decision: the unmasked Traitor feeds Evil.
    Feed,
    /// Work: `seat` draws `left` Black cards one after another.
    DrawBlack { seat: Seat, left: u8, free_white: bool },
    /// Decision: Lancelot's Armor, which of two.
    ArmorPick {
        seat: Seat,
        cards: [Black; 2],
        free_white: bool,
    },
    /// Work: a drawn card takes effect (or is offered for cancelling).
    Resolve { seat: Seat, card: Black, free_white: bool },
    /// Decision: face up or down, or which war.
    PlaceChoice { seat: Seat, card: Black },
    /// Decision: the Excalibur bearer may cancel the Standard Black about to be placed.
    ExcaliburOffer { bearer: Seat },
    /// Work: a Standard Black goes onto its quest.
    Place {
        seat: Seat,
        card: Black,
        face_down: bool,
        war: Option<QuestId>,
        free_white: bool,
    },
    /// Decision: Merlin pledges against a Special Black, one seat at a time in `order`.
    MerlinPledge {
        card: Black,
        order: ArrayVec<Seat, 7>,
        at: u8,
        pledged: [u8; 7],
        added: bool,
        /// Seats (bit by seat) that said no Merlin for this card (`Action::NoPledge`): a later
        /// round does not ask them again.
        declined: u8,
    },
    /// Work: a Special Black takes effect.
    Special { seat: Seat, card: Black },
    /// Decision: which war Mordred joins.
    MordredWar { seat: Seat },
    /// Decision: Morgan asks for a volunteer, one seat at a time.
    Volunteer {
        why: Volunteering,
        order: ArrayVec<Seat, 7>,
        at: u8,
        /// Who drew the card: everyone discards from him on if no one volunteers.
        from: Seat,
    },
    /// Decision: `seat` discards `left` more cards of his choice (skipped if his hand is empty).
    Discard { seat: Seat, left: u8 },
    /// Decision: the Grail's owner may save `target`.
    GrailRescue { owner: Seat, target: Seat },
    /// Decision: more Fight cards for the Siege fight, or roll.
    SiegeFight { seat: Seat },
    /// Decision: Sir Kay may add a Fight card after the roll.
    KaySiege { seat: Seat, roll: u8 },
    /// Decision: Sir Kay may add a Fight card to a combat that has ended.
    KayCombat { seat: Seat, quest: QuestId },
    /// Work: a full combat quest is counted.
    CombatScore { quest: QuestId, ender: Option<Seat> },
    /// Work: a quest ends.
    QuestEnd {
        quest: QuestId,
        won: bool,
        ender: Option<Seat>,
    },
    /// Decision: the proposer assigns each spoil card to a Knight present.
    Share {
        proposer: Seat,
        present: ArrayVec<Seat, 7>,
        pool: Vec<White>,
        assigned: Vec<Seat>,
    },
    /// Decision: each other Knight present accepts the split or not.
    ShareVote {
        proposer: Seat,
        present: ArrayVec<Seat, 7>,
        pool: Vec<White>,
        assigned: Vec<Seat>,
        at: u8,
    },
    /// Decision: the Knight Arthur gave a card gives one back.
    ArthurReturn { arthur: Seat, from: Seat },
    /// Decision: Clairvoyance puts the looked-at cards back, the next to draw first.
    Clairvoyance {
        seat: Seat,
        left: ArrayVec<Black, 8>,
        chosen: ArrayVec<Black, 8>,
    },
    /// Decision: Messenger's cards, one at a time.
    MessengerGive { seat: Seat, to: Seat, given: u8 },
}
