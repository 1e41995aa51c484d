//! The whole state of a game of The Court, where the game stands, and what every part of the
//! rules asks of it.

use crate::rules::court::content::{CardKind, CourtContent, FactionId, KnightId, KnightState, SpaceId};
use crate::rules::court::event::Event;
use crate::rules::{GameRng, Outcome, Seat, Tagged};
use std::collections::VecDeque;
use std::sync::Arc;

/// The spaces held, as bits (bit `i`: space `i`): all of them, and each seat's. Only the first
/// 64 spaces and the first eight seats have bits; the legal plays look at a larger hall space by
/// space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct HallBits {
    pub(super) occupied: u64,
    /// The spaces each seat's knights hold.
    pub(super) owned: [u64; 8],
}

impl HallBits {
    /// The bits of a board whose knights' owners are `knights`'.
    pub(super) fn of(board: &[Option<KnightId>], knights: &[KnightState]) -> HallBits {
        let mut bits = HallBits::default();
        for (s, k) in board.iter().enumerate() {
            let owner = k.and_then(|k| knights.get(k.index())).and_then(|st| st.owner);
            bits.set(s, k.is_some(), owner);
        }
        bits
    }

    /// Marks space `s` held (by a knight of `owner`) or empty.
    fn set(&mut self, s: usize, held: bool, owner: Option<Seat>) {
        if s >= 64 {
            return;
        }
        let bit = 1u64 << s;
        self.occupied &= !bit;
        for mine in &mut self.owned {
            *mine &= !bit;
        }
        if held {
            self.occupied |= bit;
            if let Some(mine) = owner.and_then(|o| self.owned.get_mut(o)) {
                *mine |= bit;
            }
        }
    }
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Phase {
    /// Opening placement; `step` counts placements made so far.
    Placement {
        step: usize,
    },
    /// The active player plays cards.
    Play,
    /// The active player's Gossip scandalised `knight`, who must lose one of `options`.
    FollowerLoss {
        knight: KnightId,
        options: Vec<CardKind>,
    },
    /// The active player discards, then draws.
    End,
    Finished(Outcome),
}

/// A game of Camelot – The Court.
#[derive(Clone, Debug)]
pub struct Court {
    pub(super) content: Arc<CourtContent>,
    pub(super) seat_names: Arc<[String]>,
    /// The faction of each seat.
    pub(super) factions: Vec<FactionId>,
    pub(super) target: i64,
    /// Every knight of the knights file; those of factions not in play have no owner.
    pub(super) knights: Vec<KnightState>,
    /// The knight on each space; written only through `Court::set_cell`.
    pub(super) board: Vec<Option<KnightId>>,
    /// The spaces held, as bits, kept by `set_cell` (and made by `HallBits::of` where a state
    /// is built): the legal plays count and walk these instead of every space.
    pub(super) hall: HallBits,
    pub(super) hands: Vec<Vec<CardKind>>,
    /// The draw pile; its last card is the top.
    pub(super) draw: Vec<CardKind>,
    /// The discard pile, face up; its last card is the top.
    pub(super) discard: Vec<CardKind>,
    pub(super) scores: Vec<i64>,
    pub(super) phase: Phase,
    /// The seat whose turn it is (during placement: the seat placing).
    pub(super) active: Seat,
    pub(super) first: Seat,
    /// Cards put into play this turn.
    pub(super) played: usize,
    pub(super) turn: u32,
    pub(super) rng: GameRng,
    /// Test support: dice results used before the generator.
    pub(super) rigged: VecDeque<u8>,
    pub(super) opening: Vec<Tagged<Event>>,
}

impl Court {
    /// The content this game was built from.
    pub fn content(&self) -> &Arc<CourtContent> {
        &self.content
    }
    /// The points target.
    pub fn target(&self) -> i64 {
        self.target
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn scores(&self) -> &[i64] {
        &self.scores
    }
    /// The public state of a knight.
    pub fn knight(&self, k: KnightId) -> Option<&KnightState> {
        self.knights.get(k.index())
    }
    /// The knight on a space.
    pub fn knight_at(&self, s: SpaceId) -> Option<KnightId> {
        self.board.get(s.index()).copied().flatten()
    }
    /// The faction a seat plays.
    pub fn faction_of(&self, seat: Seat) -> Option<FactionId> {
        self.factions.get(seat).copied()
    }

    // ---- Test support: setting up scenarios (e.g. the rulebook's worked example). ----
    // These keep every card and knight conserved; they are not part of the game's rules.

    /// Test support: the next dice results, used before the random generator.
    #[doc(hidden)]
    pub fn rig_dice(&mut self, rolls: Vec<u8>) {
        self.rigged.extend(rolls);
    }

    /// Test support: a seat's hand (a game's UI must use `view` instead).
    #[doc(hidden)]
    pub fn hand_of(&self, seat: Seat) -> &[CardKind] {
        self.hands.get(seat).map_or(&[], Vec::as_slice)
    }

    /// Test support: gives `seat` exactly `cards`, returning its old hand to the draw pile and
    /// taking the new cards from the draw pile (or else the discard pile).
    #[doc(hidden)]
    pub fn scenario_hand(&mut self, seat: Seat, cards: &[CardKind]) -> Result<(), String> {
        let Some(old) = self.hands.get(seat).cloned() else {
            return Err(format!("no seat {seat}"));
        };
        let mut draw = self.draw.clone();
        let mut discard = self.discard.clone();
        draw.extend(old);
        let mut new_hand = Vec::new();
        for &c in cards {
            if let Some(i) = draw.iter().position(|&d| d == c) {
                new_hand.push(draw.remove(i));
            } else if let Some(i) = discard.iter().position(|&d| d == c) {
                new_hand.push(discard.remove(i));
            } else {
                return Err(format!("no {c} card left outside the hands"));
            }
        }
        self.hands[seat] = new_hand;
        self.draw = draw;
        self.discard = discard;
        Ok(())
    }

    /// Test support: puts a knight in play on `at` (which must be empty) or in his Reserve,
    /// discarding his followers and turning him face up.
    #[doc(hidden)]
    pub fn scenario_put(&mut self, knight: KnightId, at: Option<SpaceId>) -> Result<(), String> {
        let Some(st) = self.knights.get(knight.index()) else {
            return Err(format!("no knight {knight:?}"));
        };
        if st.owner.is_none() {
            return Err(format!("{} is not in this game", self.content.knight_name(knight)));
        }
        if let Some(s) = at {
            match self.board.get(s.index()) {
                None => return Err(format!("no space {s:?}")),
                Some(Some(other)) if *other != knight => {
                    return Err(format!("{} is occupied", self.content.space_name(s)));
                }
                _ => {}
            }
        }
        if let Some(old) = st.at {
            self.set_cell(old, None);
        }
        let st = &mut self.knights[knight.index()];
        self.discard.append(&mut st.followers);
        st.scandalised = false;
        st.at = at;
        if let Some(s) = at {
            self.set_cell(s, Some(knight));
        }
        Ok(())
    }

    /// Whether `hall`'s bits tell the whole hall: at most 64 spaces and eight seats.
    pub(super) fn hall_bits_tell(&self) -> bool {
        self.content.spaces.len() <= 64 && self.scores.len() <= self.hall.owned.len()
    }

    /// Puts `knight` (or nobody) on a space, keeping `hall` true.
    pub(super) fn set_cell(&mut self, s: SpaceId, knight: Option<KnightId>) {
        if let Some(cell) = self.board.get_mut(s.index()) {
            *cell = knight;
            let owner = knight.and_then(|k| self.knights.get(k.index())).and_then(|st| st.owner);
            self.hall.set(s.index(), knight.is_some(), owner);
        }
    }

    /// Test support: starts `seat`'s play phase now (no cards played yet).
    #[doc(hidden)]
    pub fn scenario_turn(&mut self, seat: Seat) {
        if seat < self.hands.len() {
            self.active = seat;
            self.played = 0;
            self.phase = Phase::Play;
        }
    }

    /// Test support: sets a seat's score.
    #[doc(hidden)]
    pub fn scenario_score(&mut self, seat: Seat, points: i64) {
        if let Some(s) = self.scores.get_mut(seat) {
            *s = points;
        }
    }
}
