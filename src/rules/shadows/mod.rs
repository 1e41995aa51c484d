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
//! (the heuristic and the search hints), `cards` (what each card says, for the table), `tests`;
//! the types in `pieces` (the state's parts), `action` (decisions and tasks), `event` (what the
//! log is told), the contract in `game`. Here: the whole state and its shared helpers.

mod action;
mod apply;
mod bot;
mod cards;
mod content;
mod event;
mod game;
#[cfg(any(test, feature = "test-support"))]
mod perturb;
mod pieces;
mod places;
mod view;

#[cfg(test)]
mod tests;

pub use action::{Action, Task};
pub use apply::special_card;
pub use bot::{
    Belief, BotFile, DeedOdds, FEATURE_NAMES, FEATURES, Look, ShadowsBots, TABLE_SIZES, ValueModel, Weights, belief,
    explain, features, heuristic_with, scores, search_budget,
};
pub use cards::{accusation_text, black_text, sacrifice_text, white_line, white_text};
pub use content::{
    Black, Count, DeckFile, GrailFullRule, KnightDef, KnightId, Lasting, Numbers, QuestDef, QuestId, QuestKind,
    ShadowsContent, Spoils, Switches, White,
};
pub use event::Event;
pub use pieces::{
    Deed, Deeds, EvilChoice, Kind, KnightState, Location, Loyalty, MerlinTarget, Placed, QuestState, Relic, TurnState,
    Volunteering,
};
pub use places::{BLACK_PILE, CAMELOT, ROUND_TABLE, WHITE_PILE, quest_place};
pub use view::ShadowsView;

use crate::rules::*;
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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

/// The bench's words for a tag of `outcome_tags` or a figure of `outcome_figures`
/// (`Game::outcome_words`).
pub(crate) fn outcome_words(tag: &str) -> String {
    let quest = |key: &str| {
        QuestId::ALL
            .into_iter()
            .find(|&q| quest_key(q) == key)
            .map_or_else(|| key.replace('_', " "), |q| quest_title(q).to_string())
    };
    let (name, value) = tag.split_once('=').unwrap_or((tag, ""));
    match (name, value) {
        ("knights_win_rate", _) => "the Loyal Knights won".into(),
        ("ends", "siege") => "the game ended with Camelot fallen to the Siege Engines".into(),
        ("ends", "swords") => "the game ended with the Round Table full of Swords".into(),
        ("ends", "black_swords") => "the game ended with too many Black Swords".into(),
        ("ends", "deaths") => "the game ended with every Loyal Knight dead".into(),
        ("last_swords", v) => {
            let (rest, side) = match v.rsplit_once("_knights_win") {
                Some((rest, _)) => (rest, "the Knights won"),
                None => (v.trim_end_matches("_evil_wins"), "Evil won"),
            };
            let (key, how) = rest.rsplit_once('_').unwrap_or((rest, ""));
            format!("the last Swords came from {} {how}, and {side}", quest(key))
        }
        ("traitor_present", _) => "a Traitor was among the Knights".into(),
        ("traitor_caught", _) => "the Traitor was unmasked by an accusation".into(),
        ("traitor_revealed_himself", _) => "the Traitor revealed himself".into(),
        ("wrong_accusation", _) => "a Loyal Knight was wrongly accused".into(),
        ("knight_died", _) => "a Knight died".into(),
        ("loyal_knight_died", _) => "a Loyal Knight died".into(),
        ("life_to_evil_per_loyal_knight", _) => "Life given to Evil (per Loyal Knight)".into(),
        ("life_for_actions_per_loyal_knight", _) => "Life spent on a second Heroic Action (per Loyal Knight)".into(),
        ("heals_per_loyal_knight", _) => "heals (per Loyal Knight)".into(),
        ("returns_to_camelot_per_loyal_knight", _) => "returns to Camelot from a quest (per Loyal Knight)".into(),
        ("loyal_knights_dead", _) => "Loyal Knights dead".into(),
        (n, _) if n.starts_with("contested_") => format!("a Knight went to {}", quest(&n["contested_".len()..])),
        (n, v) if n.starts_with("quest_") => {
            let how = match v {
                "won" => "won",
                "lost" => "lost",
                "open" => "still open at the end",
                other => other,
            };
            format!("{} was {how}", quest(&n["quest_".len()..]))
        }
        _ => tag.replace('_', " ").replace('=', ": "),
    }
}

/// A quest's name in the bench's words (the content may rename it; these are the rulebook's).
fn quest_title(q: QuestId) -> &'static str {
    match q {
        QuestId::BlackKnight => "the Black Knight",
        QuestId::Lancelot => "Lancelot",
        QuestId::Dragon => "the Dragon",
        QuestId::Excalibur => "Excalibur",
        QuestId::Grail => "the Holy Grail",
        QuestId::PictWar => "the Pict War",
        QuestId::SaxonWar => "the Saxon War",
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
