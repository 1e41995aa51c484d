//! What one seat may see and the helpers the table and the bots use on it. Rebuilding a game
//! from a view is in `redeal.rs`, the log's sentences and the actions' labels in `words.rs`.

use crate::rules::Seat;
use crate::rules::court::action::{Action, Effect};
use crate::rules::court::content::{
    CardKind, CourtContent, Faction, FactionId, KnightId, KnightState, KnightValues, SpaceId,
};
use crate::rules::court::event::Event;
use crate::rules::court::state::{Court, Phase};
use std::sync::Arc;

/// The game as one seat may know it: the whole public board, that seat's own hand, and sizes
/// (never contents) of the other hands and of the draw pile.
/// On the wire without its content, which the reader attaches again.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CourtView {
    /// The seat this view is for.
    pub seat: Seat,
    /// The static content: names, values, the hall's layout and rules.
    #[serde(skip)]
    pub content: Arc<CourtContent>,
    pub seat_names: Arc<[String]>,
    /// The faction of each seat.
    pub factions: Vec<FactionId>,
    /// Every knight of the knights file, by `KnightId` (owner `None`: not in this game).
    pub knights: Vec<KnightState>,
    /// The knight on each space, by `SpaceId`.
    pub board: Vec<Option<KnightId>>,
    /// Each seat's Reserve knights.
    pub reserves: Vec<Vec<KnightId>>,
    pub scores: Vec<i64>,
    pub hand_sizes: Vec<usize>,
    /// This seat's own hand, sorted.
    pub hand: Vec<CardKind>,
    /// The discard pile, face up; the last card is the top.
    pub discard: Vec<CardKind>,
    /// How many cards the draw pile holds.
    pub draw_pile: usize,
    pub phase: Phase,
    /// The seat whose turn it is (during placement: the seat placing).
    pub active: Seat,
    /// The seat to decide now (`None` when the game is over).
    pub to_act: Option<Seat>,
    pub first_player: Seat,
    /// Cards the active player has put into play this turn.
    pub played_this_turn: usize,
    /// When the active player's Gossip left a knight with followers to choose from.
    pub follower_choice: Option<(KnightId, Vec<CardKind>)>,
    pub target: i64,
    /// Turns started so far (0 during the opening placement).
    pub turn: u32,
}

impl Court {
    pub(super) fn make_view(&self, seat: Seat) -> CourtView {
        let mut hand = self.hands.get(seat).cloned().unwrap_or_default();
        hand.sort();
        let reserves = (0..self.players())
            .map(|s| {
                self.knights
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| k.owner == Some(s) && k.at.is_none())
                    .map(|(i, _)| KnightId(i as u8))
                    .collect()
            })
            .collect();
        let follower_choice = match &self.phase {
            Phase::FollowerLoss { knight, options } => Some((*knight, options.clone())),
            _ => None,
        };
        CourtView {
            seat,
            content: self.content.clone(),
            seat_names: self.seat_names.clone(),
            factions: self.factions.clone(),
            knights: self.knights.clone(),
            board: self.board.clone(),
            reserves,
            scores: self.scores.clone(),
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            hand,
            discard: self.discard.clone(),
            draw_pile: self.draw.len(),
            phase: self.phase.clone(),
            active: self.active,
            to_act: self.to_act(),
            first_player: self.first,
            played_this_turn: self.played,
            follower_choice,
            target: self.target,
            turn: self.turn,
        }
    }
}

/// The cards that have at least one legal use among `legal`, without duplicates.
pub fn playable_cards(legal: &[Action]) -> Vec<CardKind> {
    let mut out: Vec<CardKind> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The legal effects of one card among `legal` (its legal targets).
pub fn effects_for(legal: &[Action], card: CardKind) -> Vec<Effect> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Play { card: c, effect } if *c == card => Some(*effect),
            _ => None,
        })
        .collect()
}

impl KnightValues for CourtView {
    fn content_of(&self) -> &CourtContent {
        &self.content
    }
    fn knight_state(&self, k: KnightId) -> Option<&KnightState> {
        self.knight(k)
    }
}

impl CourtView {
    pub fn knight_at(&self, s: SpaceId) -> Option<KnightId> {
        self.board.get(s.index()).copied().flatten()
    }
    pub fn knight(&self, k: KnightId) -> Option<&KnightState> {
        self.knights.get(k.index())
    }
    pub fn owner(&self, k: KnightId) -> Option<Seat> {
        self.knight(k).and_then(|st| st.owner)
    }
    /// The faction a seat plays.
    pub fn faction_of(&self, seat: Seat) -> Option<&Faction> {
        self.factions.get(seat).and_then(|f| self.content.faction(*f))
    }
    pub fn is_mine(&self, k: KnightId) -> bool {
        self.owner(k) == Some(self.seat)
    }
    /// The knights in the hall with their spaces.
    pub fn hall(&self) -> impl Iterator<Item = (KnightId, SpaceId)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(s, k)| k.map(|k| (k, SpaceId(s as u8))))
    }
    /// What each seat would score if a Score card were played now.
    pub fn score_gains(&self) -> Vec<i64> {
        let mut gains = vec![0; self.scores.len()];
        for (k, _) in self.hall() {
            if let Some(o) = self.owner(k)
                && let Some(g) = gains.get_mut(o)
            {
                *g += self.score_value(k);
            }
        }
        gains
    }
    /// The chance (0 to 1) that a Banish removes the knight: a d6 above his power.
    pub fn banish_chance(&self, k: KnightId) -> f64 {
        banish_chance(self.effective_power(k))
    }
    /// The chance (0 to 1) that `challenger` beats `defender` (strictly higher d6 totals).
    pub fn challenge_chance(&self, challenger: KnightId, defender: KnightId) -> f64 {
        challenge_chance(self.effective_power(challenger), self.effective_power(defender))
    }
    /// The log line for an event, in this game's names.
    pub fn describe_event(&self, event: &Event) -> String {
        crate::rules::court::words::describe_event(&self.content, &self.seat_names, event)
    }
}

/// The chance a d6 rolls strictly above `power`.
pub fn banish_chance(power: i64) -> f64 {
    (6 - power.clamp(0, 6)) as f64 / 6.0
}

/// The chance that power `a` plus a d6 beats power `b` plus a d6 (strictly).
pub fn challenge_chance(a: i64, b: i64) -> f64 {
    // Of the 36 pairs of dice, those whose difference x − y exceeds b − a: 36 − the first
    // `d + 6` of the counts 1, 2, …, 6, …, 2, 1 of each difference, by difference from −5 to 5.
    const AT_MOST: [u32; 11] = [1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36];
    let d = b - a;
    let wins = match d {
        ..=-6 => 36,
        5.. => 0,
        d => 36 - AT_MOST[(d + 5) as usize],
    };
    wins as f64 / 36.0
}
