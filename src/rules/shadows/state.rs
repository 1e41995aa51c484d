//! The whole state of a game of Shadows over Camelot, and what every part of the rules asks of
//! it: whose decision is pending, who stands where, whether accusations are open.

use crate::rules::shadows::action::Task;
use crate::rules::shadows::content::{Black, KnightId, Numbers, QuestId, ShadowsContent, White};
use crate::rules::shadows::deeds::Deeds;
use crate::rules::shadows::pieces::{KnightState, Location, Loyalty, QuestState, TurnState};
use crate::rules::{GameRng, Outcome, Seat};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The whole game. On the wire (a seat's view, `view.rs`) without its content, which the reader
/// attaches again, and without its generator, which a view replaces anyway.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Shadows {
    #[serde(skip)]
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
    #[serde(skip)]
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
/// the last quest to end, with whether it was won (its Swords may be the ones that end the
/// game); and where the Knights' White cards went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct QuestTally {
    pub visited: u8,
    pub won: u8,
    pub lost: u8,
    pub last: Option<(QuestId, bool)>,
    /// White cards the Knights played on each quest (by `QuestId::index`).
    #[serde(default)]
    pub spent: [u16; 7],
    /// Grail cards the Knights spent elsewhere (on Excalibur, to heal, discarded by choice) while
    /// the Grail was in play.
    #[serde(default)]
    pub grail_elsewhere: u16,
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
