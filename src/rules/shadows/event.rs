//! What the log and the table are told (`Event`).

use crate::rules::Seat;
use crate::rules::shadows::content::{Black, KnightId, QuestId, White};
use crate::rules::shadows::pieces::{EvilChoice, Location, Loyalty, Relic, Volunteering};
use serde::{Deserialize, Serialize};

/// What the log and the table are told.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    Setup {
        knights: Vec<KnightId>,
        first: Seat,
    },
    /// Only to its owner.
    LoyaltySeen {
        seat: Seat,
        loyalty: Loyalty,
    },
    TurnStarted {
        seat: Seat,
        turn: u32,
    },
    EvilChosen {
        seat: Seat,
        choice: EvilChoice,
    },
    /// Percival's look at the top Black card (only to him).
    Peeked {
        seat: Seat,
        card: Black,
    },
    /// A Black card drawn; a Combat card's value is told to its drawer only until placed.
    BlackDrawn {
        seat: Seat,
        card: Black,
    },
    /// Lancelot's Armor: the card put under the Black pile (only to the bearer).
    BlackUnder {
        seat: Seat,
        card: Black,
    },
    BlackPlaced {
        seat: Seat,
        card: Black,
        quest: QuestId,
        face_down: bool,
    },
    /// A Standard Black whose quest is over becomes a Siege Engine.
    BlackToSiege {
        card: Black,
    },
    ExcaliburCancels {
        seat: Seat,
        card: Black,
    },
    Pledged {
        seat: Seat,
        merlins: u8,
        /// No Merlin for this card, and not asked again for it (`Action::NoPledge`).
        last: bool,
    },
    MerlinsCancel {
        card: Black,
    },
    SpecialTakesEffect {
        card: Black,
    },
    SiegeChanged {
        by: i8,
        now: u8,
    },
    LifeChanged {
        seat: Seat,
        by: i8,
        now: u8,
    },
    Doomed {
        seat: Seat,
    },
    Rescued {
        seat: Seat,
        by: Seat,
    },
    Died {
        seat: Seat,
    },
    /// White cards drawn: the cards to the drawer, the count to the others.
    WhiteDrawn {
        seat: Seat,
        cards: Vec<White>,
    },
    WhiteDrawnCount {
        seat: Seat,
        count: u8,
    },
    /// Cards discarded from a hand (face down: shown to the owner only).
    Discarded {
        seat: Seat,
        cards: Vec<White>,
    },
    DiscardedCount {
        seat: Seat,
        count: u8,
    },
    Reshuffled,
    Moved {
        seat: Seat,
        to: Location,
        free: bool,
    },
    WhitePlayed {
        seat: Seat,
        card: White,
        quest: Option<QuestId>,
    },
    ExcaliburMoved {
        now: i8,
    },
    GrailCardRemoved,
    BlackRemoved {
        quest: QuestId,
        card: Black,
    },
    FigureChanged {
        quest: QuestId,
        by: i8,
        now: u8,
    },
    MordredJoins {
        quest: QuestId,
    },
    /// The Siege die, told before Sir Kay decides whether to add a card.
    SiegeRolled {
        seat: Seat,
        roll: u8,
    },
    SiegeFight {
        seat: Seat,
        total: u8,
        roll: u8,
        won: bool,
    },
    CombatRevealed {
        quest: QuestId,
        knights: u8,
        evil: u8,
    },
    QuestEnded {
        quest: QuestId,
        won: bool,
        swords: u8,
    },
    SwordsLaid {
        white: bool,
        count: u8,
    },
    SwordFlipped,
    RelicWon {
        seat: Seat,
        relic: Relic,
    },
    RelicLost {
        seat: Seat,
        relic: Relic,
    },
    SpoilsShared {
        given: Vec<(Seat, u8)>,
    },
    SpoilsRefused {
        by: Seat,
    },
    Volunteered {
        seat: Seat,
        why: Volunteering,
    },
    Accused {
        by: Seat,
        target: Seat,
        loyalty: Loyalty,
    },
    Unmasked {
        seat: Seat,
    },
    TraitorRevealedAtEnd {
        seat: Seat,
        flipped: u8,
    },
    HeroismOn {
        quest: QuestId,
    },
    Lasting {
        card: Black,
    },
    Guinevere,
    Sacrificed {
        seat: Seat,
    },
    Traded {
        from: Seat,
        to: Seat,
    },
    /// The identity of a traded or given card, to giver and taker.
    CardPassed {
        from: Seat,
        to: Seat,
        card: White,
    },
    Looked {
        seat: Seat,
        cards: Vec<White>,
    },
    Taunted {
        target: Seat,
    },
    TurnCut {
        seat: Seat,
    },
    GameOver {
        loyal_win: bool,
        white: u8,
        black: u8,
        why: String,
    },
    LoyaltyShown {
        seat: Seat,
        loyalty: Loyalty,
    },
}
