//! Setup, the legal actions, validation and resolution.
//!
//! `check` is the one judge of legality. It answers with a `Refusal`, a small value that costs
//! nothing to build; `explain` turns it into words only when an action is actually refused.
//! `legal_into` generates exactly the actions `check` accepts, by construction (a test holds the
//! two together), so listing the legal moves never formats a message. `apply` checks before
//! `execute` changes anything, so a refused action leaves the state untouched; `execute` reports
//! through a `Report`, which builds no events at all when nobody reads them (searches,
//! simulations).
//!
//! Parts: `setup` (and names), `refusal` (validation and its words), `legal` (the legal
//! actions), `turn` (the pending decision, resolution and turn flow), `cards` (a card played,
//! challenges), `scoring` (round scoring and refills). Here: the refusal kinds, the hall scan,
//! the event report and the helpers they share.

mod cards;
mod legal;
mod refusal;
mod scoring;
mod setup;
mod turn;

use crate::rules::Seat;
use crate::rules::court::action::Effect;
use crate::rules::court::content::{BitIndices, CardKind, KnightId, Rank, SpaceId};
use crate::rules::court::state::Court;
use arrayvec::ArrayVec;

/// Why an action is refused, with what the words need. See `Court::explain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    GameOver,
    NoSuchKnight(KnightId),
    NotInGame(KnightId),
    NotInHall(KnightId),
    NoSuchSpace(SpaceId),
    NotYourKnight(KnightId),
    AlreadyInHall(KnightId),
    OpeningOffEquites(SpaceId),
    SpaceHeld(KnightId, SpaceId),
    PlacementFirst,
    NotBeforeEndOfPlay,
    NoFollowerToChoose,
    PlacementOver,
    NoSuchFollower(KnightId, CardKind),
    ChooseFollowerFirst(KnightId),
    NotHeld(CardKind),
    CardLimit,
    PlayOver,
    PlayAlreadyEnded,
    CardCannot(CardKind),
    EnterOthers,
    EnterFromHall(KnightId),
    EnterOffEquites(SpaceId),
    EnterOntoOwn(KnightId, SpaceId),
    NoLine(SpaceId, SpaceId),
    /// The knight on the space, the space, the knight moved.
    StepOntoOwn(KnightId, SpaceId, KnightId),
    ExitAboveEquites(KnightId, SpaceId),
    GossipOwn,
    BanishOwn,
    MerlinSame,
    FollowerToReserve(KnightId),
    FollowerToOthers,
    FollowersFull(KnightId),
}

/// Whether a card can have this kind of effect: a Move moves; a Dwarf stands in for Score, Move,
/// Gossip or Banish; Priests and Soldiers follow; the rest do what they say.
fn card_does(card: CardKind, effect: Effect) -> bool {
    match card {
        CardKind::Move => effect.is_move(),
        CardKind::Dwarf => {
            effect.is_move() || matches!(effect, Effect::Gossip { .. } | Effect::Banish { .. } | Effect::Score)
        }
        CardKind::Gossip => matches!(effect, Effect::Gossip { .. }),
        CardKind::Banish => matches!(effect, Effect::Banish { .. }),
        CardKind::Score => matches!(effect, Effect::Score),
        CardKind::Merlin => matches!(effect, Effect::Merlin { .. }),
        CardKind::Priest(_) | CardKind::Soldier(_) => matches!(effect, Effect::Follow { .. }),
    }
}

/// The distinct cards of a hand in sorted order: read off a bit set (`KindSet`), or (a hand
/// holding a follower of a value past `KindSet`'s, which only an edited deck can make) sorted
/// into a `Vec`.
pub(super) fn sorted_kinds(hand: &[CardKind]) -> impl Iterator<Item = CardKind> + '_ {
    let set = KindSet::of(hand);
    let many = if set.is_some() {
        Vec::new()
    } else {
        let mut all = hand.to_vec();
        all.sort();
        all.dedup();
        all
    };
    set.unwrap_or_default().into_iter().chain(many)
}

/// A set of card kinds as bits, one per kind in the kinds' order (Move first, then Gossip,
/// Banish, Score, Merlin, Dwarf, the Priests by value, the Soldiers by value), so that the set
/// reads back sorted. Followers of values up to `KindSet::MAX_VALUE` have bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct KindSet(u64);

impl KindSet {
    /// The highest follower value with a bit.
    const MAX_VALUE: u8 = 28;
    const PRIESTS: u32 = 6;
    const SOLDIERS: u32 = KindSet::PRIESTS + KindSet::MAX_VALUE as u32 + 1;

    fn bit(card: CardKind) -> Option<u32> {
        Some(match card {
            CardKind::Move => 0,
            CardKind::Gossip => 1,
            CardKind::Banish => 2,
            CardKind::Score => 3,
            CardKind::Merlin => 4,
            CardKind::Dwarf => 5,
            CardKind::Priest(v) if v <= KindSet::MAX_VALUE => KindSet::PRIESTS + v as u32,
            CardKind::Soldier(v) if v <= KindSet::MAX_VALUE => KindSet::SOLDIERS + v as u32,
            _ => return None,
        })
    }

    fn card(bit: u32) -> CardKind {
        match bit {
            0 => CardKind::Move,
            1 => CardKind::Gossip,
            2 => CardKind::Banish,
            3 => CardKind::Score,
            4 => CardKind::Merlin,
            5 => CardKind::Dwarf,
            b if b < KindSet::SOLDIERS => CardKind::Priest((b - KindSet::PRIESTS) as u8),
            b => CardKind::Soldier((b - KindSet::SOLDIERS) as u8),
        }
    }

    /// The kinds `hand` holds; `None` when one of them has no bit.
    pub(super) fn of(hand: &[CardKind]) -> Option<KindSet> {
        hand.iter()
            .try_fold(KindSet(0), |set, &c| Some(KindSet(set.0 | 1u64 << KindSet::bit(c)?)))
    }

    pub(super) fn has(self, card: CardKind) -> bool {
        KindSet::bit(card).is_some_and(|b| self.0 >> b & 1 == 1)
    }

    /// Whether the set holds a follower.
    pub(super) fn has_follower(self) -> bool {
        self.0 >> KindSet::PRIESTS != 0
    }
}

impl IntoIterator for KindSet {
    type Item = CardKind;
    type IntoIter = std::iter::Map<BitIndices, fn(usize) -> CardKind>;
    fn into_iter(self) -> Self::IntoIter {
        BitIndices(self.0).map(|b| KindSet::card(b as u32))
    }
}

/// No seat, in `Scan`'s one-byte owners.
const NOBODY: u8 = u8::MAX;

/// A knight in the hall as the legal plays need him.
#[derive(Clone, Copy)]
struct InHall {
    knight: KnightId,
    at: SpaceId,
    equites: bool,
    /// The owning seat, or `NOBODY`.
    owner: u8,
    followers: u8,
}

/// What the legal plays of a turn look at, gathered once for every card in hand. The lists
/// live on the stack and are never initialised beyond what is pushed; content validation
/// keeps halls and rosters within 255 (`content::MAX_IDS`), so they cannot overflow.
struct Scan {
    /// The knights in the hall, in board order.
    hall: ArrayVec<InHall, 255>,
    /// The seat owning the knight on each space (`NOBODY` when empty), by space.
    held: [u8; 255],
    /// The active player's Reserve knights, in knight order (gathered only for a Move).
    reserve: ArrayVec<KnightId, 255>,
    /// The Equites spaces a Reserve knight may enter, in hall order (only for a Move).
    entries: ArrayVec<SpaceId, 255>,
    /// Whether the Reserve and the entries were gathered (the hand moves).
    moves: bool,
    /// The active seat, and the rules' switches the plays' conditions read (`Scan::may_step`
    /// and the rest).
    me: u8,
    onto_own: bool,
    gossip_own: bool,
    banish_own: bool,
    own_only_followers: bool,
    max_followers: usize,
}

fn seat_byte(owner: Option<Seat>) -> u8 {
    owner.map_or(NOBODY, |s| s.min(NOBODY as usize - 1) as u8)
}

impl Scan {
    fn new() -> Scan {
        Scan {
            hall: ArrayVec::new(),
            held: [NOBODY; 255],
            reserve: ArrayVec::new(),
            entries: ArrayVec::new(),
            moves: false,
            me: NOBODY,
            onto_own: false,
            gossip_own: false,
            banish_own: false,
            own_only_followers: false,
            max_followers: 0,
        }
    }

    /// Gathers the lists from `g` in place (they are too large to move cheaply); the Reserve
    /// and the entry spaces only when `moves`.
    fn fill(&mut self, g: &Court, moves: bool) {
        let c = &*g.content;
        let me = seat_byte(Some(g.active));
        let onto_own = c.rules.allow_move_onto_own_faction;
        self.moves = moves;
        self.me = me;
        self.onto_own = onto_own;
        self.gossip_own = c.rules.allow_gossip_own;
        self.banish_own = c.rules.allow_banish_own;
        self.own_only_followers = c.rules.followers_on_own_knights_only;
        self.max_followers = c.rules.max_followers;
        if g.hall_bits_tell() {
            // Only the spaces held (`Court::hall`), in board order; then the entries.
            for s in BitIndices(g.hall.occupied) {
                self.add_held(g, s);
            }
            if moves {
                let mine = if onto_own {
                    0
                } else {
                    g.hall.owned.get(g.active).copied().unwrap_or(0)
                };
                for s in BitIndices(c.equites_mask & !mine) {
                    let _ = self.entries.try_push(SpaceId(s as u8));
                }
            }
        } else {
            for (s, space) in c.spaces.iter().enumerate().take(g.board.len().min(255)) {
                let owner = self.add_held(g, s);
                if moves && space.rank == Rank::Equites && (onto_own || owner != me) {
                    let _ = self.entries.try_push(SpaceId(s as u8));
                }
            }
        }
        if moves {
            for k in g.reserve_of(g.active) {
                let _ = self.reserve.try_push(k);
            }
        }
    }

    /// Gathers the knight on space `s`, if any, into the hall and the owners; his owner, or
    /// `NOBODY`.
    fn add_held(&mut self, g: &Court, s: usize) -> u8 {
        let Some(knight) = g.board.get(s).copied().flatten() else {
            return NOBODY;
        };
        let Some(st) = g.knights.get(knight.index()) else {
            return NOBODY;
        };
        let owner = seat_byte(st.owner);
        self.held[s] = owner;
        let equites = g.content.spaces.get(s).is_some_and(|sp| sp.rank == Rank::Equites);
        let _ = self.hall.try_push(InHall {
            knight,
            at: SpaceId(s as u8),
            equites,
            owner,
            followers: st.followers.len().min(255) as u8,
        });
        owner
    }

    fn held(&self, s: SpaceId) -> u8 {
        self.held.get(s.index()).copied().unwrap_or(NOBODY)
    }
}

pub(super) fn number_word(n: usize) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        other => other.to_string(),
    }
}
