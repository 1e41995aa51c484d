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
//! (the heuristic and the search hints), `cards` (what each card says, for the table), `tests`.

mod apply;
mod bot;
mod cards;
mod content;
mod perturb;
mod view;

#[cfg(test)]
mod tests;

pub use apply::special_card;
pub use bot::{
    Belief, BotFile, DeedOdds, FEATURE_NAMES, FEATURES, Look, ShadowsBots, TABLE_SIZES, ValueModel, Weights, belief,
    explain, features, heuristic_with, scores, search_budget,
};
pub use cards::{black_text, white_line, white_text};
pub use content::{
    Black, Count, DeckFile, GrailFullRule, KnightDef, KnightId, Lasting, Numbers, QuestDef, QuestId, QuestKind,
    ShadowsContent, Spoils, Switches, White,
};
pub use view::ShadowsView;

use crate::rules::*;
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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
    fn new(in_play: bool) -> QuestState {
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

/// A public deed: what the table saw a seat do, in the kinds the bots' suspicion weighs (each
/// Knight's record counts them, `Deeds`). Only what every seat sees goes in: the choice of how
/// Evil progresses (with how many Siege Engines stood), a Combat card face up or down, the kind
/// of each Heroic Action (with the hand's size where it tells something), Merlins pledged or
/// not, the war Mercenaries or Mordred join, the Grail refused or given, a split refused, a wrong
/// accusation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Deed {
    DrewBlack,
    /// A Siege Engine added while fewer than 4 stood.
    SiegeLow,
    /// ... while 4 to 7 stood.
    SiegeMid,
    /// ... while 8 or more stood.
    SiegeHigh,
    LostLife,
    FaceUp,
    FaceDown,
    /// A card played on a quest: a Fight card, a Grail card, a card for Excalibur.
    QuestCard,
    FoughtSiege,
    /// White cards drawn at the Round Table with fewer than 5 in hand.
    DrewFew,
    /// ... with 5 or more.
    DrewMany,
    MovedOut,
    /// Back to Camelot from a quest.
    MovedHome,
    Special,
    Healed,
    Sacrificed,
    Pledged,
    /// Asked for Merlins with 4 or more cards in hand, pledged none.
    PledgedNone,
    /// Mercenaries or Mordred sent to the war with more figures (nearer to its loss).
    WarNearLoss,
    WarFarFromLoss,
    Volunteered,
    RescueGiven,
    RescueRefused,
    SplitRefused,
    WrongAccusation,
}

impl Deed {
    pub const COUNT: usize = 25;
    pub const ALL: [Deed; Deed::COUNT] = [
        Deed::DrewBlack,
        Deed::SiegeLow,
        Deed::SiegeMid,
        Deed::SiegeHigh,
        Deed::LostLife,
        Deed::FaceUp,
        Deed::FaceDown,
        Deed::QuestCard,
        Deed::FoughtSiege,
        Deed::DrewFew,
        Deed::DrewMany,
        Deed::MovedOut,
        Deed::MovedHome,
        Deed::Special,
        Deed::Healed,
        Deed::Sacrificed,
        Deed::Pledged,
        Deed::PledgedNone,
        Deed::WarNearLoss,
        Deed::WarFarFromLoss,
        Deed::Volunteered,
        Deed::RescueGiven,
        Deed::RescueRefused,
        Deed::SplitRefused,
        Deed::WrongAccusation,
    ];
}

/// What a seat has done in public that a Knight may weigh before accusing: how often each
/// `Deed`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deeds {
    pub counts: [u8; Deed::COUNT],
}

impl Deeds {
    pub fn get(&self, d: Deed) -> u8 {
        self.counts[d as usize]
    }
    pub(crate) fn add(&mut self, d: Deed) {
        let c = &mut self.counts[d as usize];
        *c = c.saturating_add(1);
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

/// Every decision a seat can make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Progression of Evil (and the unmasked Traitor's feed).
    Evil(EvilChoice),
    /// Lancelot's Armor: resolve the first (0) or second (1) of the two cards drawn.
    KeepBlack(u8),
    /// A Combat card goes face up (false) or face down (true).
    FaceDown(bool),
    /// Mercenaries or Mordred: the war it goes to.
    War(QuestId),
    /// Yes or no: give up Excalibur to cancel a Standard Black, volunteer for Morgan, the Grail's
    /// rescue, accept a share of spoils.
    Yes,
    No,
    /// Merlins pledged to cancel a Special Black (0: none now).
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
    /// Piety: three Life points for himself (true) or one for every other Knight.
    Piety(bool),
    /// Reinforcements: four White cards for himself (true) or one for every other Knight.
    Reinforcements(bool),
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
}

/// A piece of work on the task stack: a decision of one seat (the top one is pending) or work
/// done at once when it comes to the top.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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

/// The whole game.
#[derive(Clone, Debug)]
pub struct Shadows {
    pub(crate) content: Arc<ShadowsContent>,
    pub(crate) names: Vec<String>,
    pub knights: Vec<KnightState>,
    pub white_draw: Vec<White>,
    pub white_discard: Vec<White>,
    /// The top card is the last.
    pub black_draw: Vec<Black>,
    pub black_discard: Vec<Black>,
    /// Black cards discarded without being seen (a face-down card a Merlin removed).
    pub black_unseen: Vec<Black>,
    /// The Fight cards of a Siege fight under way.
    pub siege_cards: Vec<White>,
    pub siege: u8,
    pub white_swords: u8,
    pub black_swords: u8,
    /// By `QuestId::index`.
    pub quests: Vec<QuestState>,
    pub vivien: bool,
    pub dark_forest: bool,
    pub mists: bool,
    pub heroism: Option<QuestId>,
    /// By seat: the public record.
    pub deeds: Vec<Deeds>,
    pub active: Seat,
    pub turn: u32,
    pub this_turn: TurnState,
    pub stack: Vec<Task>,
    pub outcome: Option<Outcome>,
    pub(crate) rng: GameRng,
    /// Undealt Loyalty cards stay in the box: how many of each.
    /// The Loyalty deck this game was dealt from (public: it follows the variant).
    pub deck_loyal: u8,
    pub deck_traitor: u8,
    /// The Traitor was unmasked by a right accusation.
    pub unmasked_by_accusation: bool,
    /// The variant `three_brave_knights`: no one has looked at his Loyalty card yet (until
    /// `brave_knights_swords` Swords lie on the Round Table). Public.
    pub loyalty_unseen: bool,
    /// The quests a Knight went to, and those won and lost so far (public), for how a game went.
    pub tally: QuestTally,
}

/// Which quests were contested (a Knight went there), won and lost: bits by `QuestId::index`;
/// and the last quest to end, with whether it was won (its Swords may be the ones that end the
/// game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct QuestTally {
    pub visited: u8,
    pub won: u8,
    pub lost: u8,
    pub last: Option<(QuestId, bool)>,
}

impl QuestTally {
    pub fn has(bits: u8, q: QuestId) -> bool {
        bits & (1 << q.index()) != 0
    }
}

// Equality and hashing for tests and views: everything but the content and the generator.
impl PartialEq for Shadows {
    fn eq(&self, o: &Shadows) -> bool {
        self.knights == o.knights
            && self.white_draw == o.white_draw
            && self.white_discard == o.white_discard
            && self.black_draw == o.black_draw
            && self.black_discard == o.black_discard
            && self.black_unseen == o.black_unseen
            && self.siege_cards == o.siege_cards
            && (self.siege, self.white_swords, self.black_swords) == (o.siege, o.white_swords, o.black_swords)
            && self.quests == o.quests
            && (self.vivien, self.dark_forest, self.mists, self.heroism)
                == (o.vivien, o.dark_forest, o.mists, o.heroism)
            && (self.active, self.turn, self.this_turn) == (o.active, o.turn, o.this_turn)
            && self.deeds == o.deeds
            && self.loyalty_unseen == o.loyalty_unseen
            && self.tally == o.tally
            && self.stack == o.stack
            && self.outcome == o.outcome
    }
}

/// A quest's key in the bench's outcome names ("grail", "black_knight", "pict_war").
pub fn quest_key(q: QuestId) -> &'static str {
    match q {
        QuestId::BlackKnight => "black_knight",
        QuestId::Lancelot => "lancelot",
        QuestId::Dragon => "dragon",
        QuestId::Excalibur => "excalibur",
        QuestId::Grail => "grail",
        QuestId::PictWar => "pict_war",
        QuestId::SaxonWar => "saxon_war",
    }
}

impl Shadows {
    pub fn content(&self) -> &ShadowsContent {
        &self.content
    }
    pub fn numbers(&self) -> &Numbers {
        &self.content.deck.numbers
    }
    pub fn quest(&self, q: QuestId) -> &QuestState {
        &self.quests[q.index()]
    }
    pub fn seat_name(&self, seat: Seat) -> &str {
        self.names.get(seat).map_or("?", String::as_str)
    }
    /// "Ada (Sir Kay)".
    pub fn who(&self, seat: Seat) -> String {
        match self.knights.get(seat) {
            Some(k) => format!("{} ({})", self.seat_name(seat), self.content.knight_name(k.knight)),
            None => "?".into(),
        }
    }
    pub fn seat_of(&self, k: KnightId) -> Option<Seat> {
        self.knights.iter().position(|s| s.knight == k)
    }
    pub fn swords(&self) -> u8 {
        self.white_swords + self.black_swords
    }
    /// Whether accusations are open (the timing gate).
    pub fn accusations_open(&self) -> bool {
        let n = self.numbers();
        (self.siege >= n.accuse_siege || self.swords() >= n.accuse_swords) && !self.knights.iter().any(|k| k.unmasked)
    }
    /// The quest on the Lancelot/Dragon board now in play.
    pub fn lancelot_or_dragon(&self) -> Option<QuestId> {
        [QuestId::Lancelot, QuestId::Dragon]
            .into_iter()
            .find(|&q| self.quest(q).in_play)
    }
    pub fn is_solo(&self, q: QuestId) -> bool {
        self.content.quest(q).solo
    }
    /// The seats standing on a quest (or in a place), in seat order.
    pub fn present(&self, at: Location) -> ArrayVec<Seat, 7> {
        self.knights
            .iter()
            .enumerate()
            .filter(|(_, k)| k.active() && k.at == at)
            .map(|(s, _)| s)
            .collect()
    }
    /// The seat whose decision is pending, if any.
    pub fn deciding(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            return None;
        }
        Some(match self.stack.last()? {
            Task::Evil | Task::Heroic | Task::Taunt | Task::Feed => self.active,
            Task::ArmorPick { seat, .. }
            | Task::PlaceChoice { seat, .. }
            | Task::MordredWar { seat }
            | Task::Discard { seat, .. }
            | Task::SiegeFight { seat }
            | Task::KaySiege { seat, .. }
            | Task::KayCombat { seat, .. }
            | Task::Clairvoyance { seat, .. }
            | Task::MessengerGive { seat, .. } => *seat,
            Task::ExcaliburOffer { bearer } => *bearer,
            Task::MerlinPledge { order, at, .. } | Task::Volunteer { order, at, .. } => *order.get(*at as usize)?,
            Task::GrailRescue { owner, .. } => *owner,
            Task::Share { proposer, .. } => *proposer,
            Task::ShareVote {
                proposer, present, at, ..
            } => voters(*proposer, present).get(*at as usize).copied()?,
            Task::ArthurReturn { from, .. } => *from,
            _ => return None,
        })
    }
    /// The dealt Loyalty cards: whether a Traitor is among the seats (the rules know; a view
    /// does not).
    pub fn traitor_seat(&self) -> Option<Seat> {
        self.knights.iter().position(|k| k.loyalty == Loyalty::Traitor)
    }
}

/// The other Knights present, clockwise from the proposer: who votes on a split.
pub(crate) fn voters(proposer: Seat, present: &[Seat]) -> ArrayVec<Seat, 7> {
    let mut v: ArrayVec<Seat, 7> = present.iter().copied().filter(|&s| s > proposer).collect();
    v.extend(present.iter().copied().filter(|&s| s < proposer));
    v
}

impl Game for Shadows {
    type Action = Action;
    type Event = Event;
    type View = ShadowsView;
    type Content = ShadowsContent;
    const ID: GameId = GameId::Shadows;

    fn variants() -> Vec<VariantSpec> {
        vec![
            VariantSpec {
                key: "knights",
                label: "Knights in seat order (default: dealt at random)",
                options: vec!["random".into()],
                custom: true,
                per_seat: KnightId::ALL
                    .iter()
                    .map(|k| (k.key().to_string(), format!("{k:?}")))
                    .collect(),
                seat_flag: None,
            },
            VariantSpec {
                key: "loyalty",
                label: "Loyalty deck: standard (a Traitor maybe), among (N Loyal + the Traitor), traitor (always one), none (all Loyal)",
                options: vec!["standard".into(), "among".into(), "traitor".into(), "none".into()],
                custom: false,
                per_seat: Vec::new(),
                seat_flag: None,
            },
            VariantSpec {
                key: "three_brave_knights",
                label: "Three Brave Knights (3 players): no one looks at his Loyalty card until 6 Swords lie on the Round Table",
                options: vec!["off".into(), "on".into()],
                custom: false,
                per_seat: Vec::new(),
                seat_flag: None,
            },
        ]
    }

    fn new(config: &TableConfig, content: &ShadowsContent) -> Result<Self, SetupError> {
        Shadows::setup(config, Arc::new(content.clone()))
    }

    fn new_shared(config: &TableConfig, content: &Arc<ShadowsContent>) -> Result<Self, SetupError> {
        Shadows::setup(config, content.clone())
    }

    fn opening_events(&self) -> Vec<Tagged<Event>> {
        let first = self.active;
        let mut out = vec![Tagged::public(Event::Setup {
            knights: self.knights.iter().map(|k| k.knight).collect(),
            first,
        })];
        // Three Brave Knights: no one looks yet (the look comes with the Swords).
        for (seat, k) in self.knights.iter().enumerate().filter(|_| !self.loyalty_unseen) {
            out.push(Tagged::only(
                seat,
                Event::LoyaltySeen {
                    seat,
                    loyalty: k.loyalty,
                },
            ));
        }
        out.push(Tagged::public(Event::TurnStarted { seat: first, turn: 1 }));
        if self.knights[first].knight == KnightId::Percival
            && let Some(&card) = self.black_draw.last()
        {
            out.push(Tagged::only(first, Event::Peeked { seat: first, card }));
        }
        out
    }

    fn pending(&self) -> Pending {
        if let Some(o) = &self.outcome {
            return Pending::Finished(o.clone());
        }
        match self.deciding() {
            Some(seat) => Pending::Decide {
                seat,
                // In everyone's words: whoever reads it (a table, a log, a refusal), a face-down
                // card's value and a share of spoils stay their owners'.
                prompt: self.public_view().game.prompt(),
                private: true,
            },
            None => Pending::Finished(Outcome {
                winners: Vec::new(),
                scores: Vec::new(),
                summary: "no decision is pending".into(),
            }),
        }
    }

    fn to_act(&self) -> Option<Seat> {
        self.deciding()
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply(&mut self, action: &Action) -> Result<Vec<Tagged<Event>>, RuleError> {
        self.check(action)?;
        let mut events = Vec::new();
        self.execute(*action, &mut apply::Report(Some(&mut events)));
        Ok(events)
    }

    fn apply_quiet(&mut self, action: &Action) -> Result<(), RuleError> {
        self.check(action)?;
        self.execute(*action, &mut apply::Report(None));
        Ok(())
    }

    fn view(&self, seat: Seat) -> ShadowsView {
        self.make_view(seat)
    }

    fn describe_event(&self, event: &Event) -> String {
        view::describe_event(self, event)
    }

    fn describe_action(&self, action: &Action) -> String {
        view::describe_action(self, action)
    }

    fn used(&self, action: &Action) -> Option<String> {
        match *action {
            Action::Move(Location::Quest(q)) => Some(format!("quest: {}", self.content.quest(q).name)),
            a => apply::special_card(a).map(|c| format!("card: {}", c.name())),
        }
    }

    fn seat_emblem(&self, seat: Seat) -> Option<&str> {
        self.knights.get(seat).map(|k| k.knight.key())
    }

    fn is_irreversible(event: &Event) -> bool {
        matches!(
            event,
            Event::BlackDrawn { .. }
                // Refused spoils are dealt out at random.
                | Event::SpoilsRefused { .. }
                | Event::Peeked { .. }
                | Event::WhiteDrawn { .. }
                | Event::WhiteDrawnCount { .. }
                | Event::Reshuffled
                | Event::SiegeFight { .. }
                | Event::SiegeRolled { .. }
                | Event::Accused { .. }
                | Event::Unmasked { .. }
                | Event::Looked { .. }
                | Event::CardPassed { .. }
                | Event::Taunted { .. }
                | Event::CombatRevealed { .. }
                | Event::BlackUnder { .. }
                | Event::LoyaltyShown { .. }
                | Event::TraitorRevealedAtEnd { .. }
                | Event::TurnStarted { .. }
                | Event::GameOver { .. }
        )
    }

    fn turns_taken(&self) -> Option<u32> {
        Some(self.turn)
    }

    /// `knights_win_rate` (the Knights won), `traitor_present`, `traitor_caught` (unmasked by a
    /// right accusation), `traitor_revealed_himself`, `wrong_accusation`, `knight_died`, and
    /// `ends=…` (`swords`: the twelfth Sword; `black_swords`: seven Black Swords before it;
    /// `siege`; `deaths`: every Loyal Knight dead).
    fn outcome_tags(&self) -> Vec<String> {
        let Some(o) = &self.outcome else { return Vec::new() };
        let n = self.numbers();
        let mut tags = Vec::new();
        let yes = |b: bool, name: &str| if b { name.to_string() } else { format!("!{name}") };
        tags.push(yes(
            o.winners.iter().any(|&s| self.knights[s].loyalty == Loyalty::Loyal),
            "knights_win_rate",
        ));
        let end = if self.siege >= n.siege_lose {
            "siege"
        } else if self.swords() >= n.swords_end {
            "swords"
        } else if self.black_swords >= n.black_swords_lose {
            "black_swords"
        } else {
            "deaths"
        };
        tags.push(format!("ends={end}"));
        // Whose Swords closed the game: the last quest to end, and which side won. A quest lost
        // while the Knights lead on White Swords can end the game in their favour.
        if matches!(end, "swords" | "black_swords")
            && let Some((q, won)) = self.tally.last
        {
            let knights = o.winners.iter().any(|&s| self.knights[s].loyalty == Loyalty::Loyal);
            tags.push(format!(
                "last_swords={}_{}_{}",
                quest_key(q),
                if won { "won" } else { "lost" },
                if knights { "knights_win" } else { "evil_wins" }
            ));
        }
        let traitor = self.traitor_seat();
        tags.push(yes(traitor.is_some(), "traitor_present"));
        tags.push(yes(self.unmasked_by_accusation, "traitor_caught"));
        tags.push(yes(
            traitor.is_some_and(|t| self.knights[t].unmasked) && !self.unmasked_by_accusation,
            "traitor_revealed_himself",
        ));
        tags.push(yes(
            self.deeds.iter().any(|d| d.get(Deed::WrongAccusation) > 0),
            "wrong_accusation",
        ));
        tags.push(yes(self.knights.iter().any(|k| k.dead), "knight_died"));
        tags.push(yes(
            self.knights.iter().any(|k| k.dead && k.loyalty == Loyalty::Loyal),
            "loyal_knight_died",
        ));
        // Each quest that was in play: whether a Knight ever went there, and how it ended.
        let t = self.tally;
        for q in QuestId::ALL {
            let state = if QuestTally::has(t.won, q) {
                "won"
            } else if QuestTally::has(t.lost, q) {
                "lost"
            } else if self.quest(q).in_play {
                "open"
            } else {
                continue;
            };
            let key = quest_key(q);
            tags.push(yes(QuestTally::has(t.visited, q), &format!("contested_{key}")));
            tags.push(format!("quest_{key}={state}"));
        }
        tags
    }

    /// Per Loyal Knight and game: Life points given to Evil (the Progression of Evil), Life
    /// points spent on an extra action, heals, returns to Camelot from a quest, and deaths.
    fn outcome_figures(&self) -> Vec<(String, f64)> {
        if self.outcome.is_none() {
            return Vec::new();
        }
        let loyal: Vec<usize> = (0..self.knights.len())
            .filter(|&s| self.knights[s].loyalty == Loyalty::Loyal)
            .collect();
        let n = loyal.len().max(1) as f64;
        let per = |d: Deed| loyal.iter().map(|&s| f64::from(self.deeds[s].get(d))).sum::<f64>() / n;
        vec![
            ("life_to_evil_per_loyal_knight".into(), per(Deed::LostLife)),
            ("life_for_actions_per_loyal_knight".into(), per(Deed::Sacrificed)),
            ("heals_per_loyal_knight".into(), per(Deed::Healed)),
            ("returns_to_camelot_per_loyal_knight".into(), per(Deed::MovedHome)),
            (
                "loyal_knights_dead".into(),
                loyal.iter().filter(|&&s| self.knights[s].dead).count() as f64,
            ),
        ]
    }

    fn census(&self) -> std::collections::BTreeMap<String, usize> {
        let mut m = std::collections::BTreeMap::new();
        let hands: usize = self.knights.iter().map(|k| k.hand.len()).sum();
        let on_quests_white: usize = self.quests.iter().map(|q| q.white.len()).sum();
        let on_quests_black: usize = self.quests.iter().map(|q| q.black.len()).sum();
        // Cards held by a decision under way: Black cards drawn and not yet placed, spoils being
        // shared, Clairvoyance's cards, Heroism attached to its quest.
        let mut pending_black = 0;
        let mut pending_white = usize::from(self.heroism.is_some());
        for t in &self.stack {
            match t {
                Task::ArmorPick { .. } => pending_black += 2,
                Task::Resolve { .. } | Task::Place { .. } | Task::Special { .. } => pending_black += 1,
                Task::MordredWar { .. } => pending_black += 1,
                Task::Clairvoyance { left, chosen, .. } => pending_black += left.len() + chosen.len(),
                Task::Share { pool, .. } | Task::ShareVote { pool, .. } => pending_white += pool.len(),
                _ => {}
            }
        }
        m.insert(
            "white cards".into(),
            hands
                + self.white_draw.len()
                + self.white_discard.len()
                + self.siege_cards.len()
                + on_quests_white
                + pending_white,
        );
        m.insert(
            "black cards".into(),
            self.black_draw.len()
                + self.black_discard.len()
                + self.black_unseen.len()
                + on_quests_black
                + pending_black,
        );
        m.insert("swords".into(), self.swords() as usize);
        m.insert("siege engines".into(), self.siege as usize);
        m.insert("figures".into(), self.quests.iter().map(|q| q.figures as usize).sum());
        m.insert("knights".into(), self.knights.len());
        m
    }
}
