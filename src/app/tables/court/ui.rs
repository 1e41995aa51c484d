//! What the table's parts share: a click on the hall, what the person at the screen has chosen so
//! far, the Court match on the table and the view the screen may show.

use crate::app::bridge::MatchRes;
use crate::app::handoff::Handoff;
use crate::app::style::{Heraldry, heraldry};
use crate::rules::Game;
use crate::rules::court::CourtContent;
use crate::rules::court::{CardKind, Court, CourtView, Effect, KnightId, SpaceId};
use crate::rules::record::Match;
use bevy::prelude::*;
use std::sync::Arc;

/// A click on the hall: a space (and the knight on it), or a knight in a reserve.
#[derive(Message, Clone, Copy, Debug)]
pub enum HallClick {
    Space(SpaceId),
    Reserve(KnightId),
}

/// What the human at the screen has chosen so far for the next action.
#[derive(Resource, Default, Debug, Clone)]
pub struct CourtUi {
    pub card: Option<CardKind>,
    /// Which of the identical cards in the hand was picked (only for drawing it lifted).
    pub card_index: Option<usize>,
    /// What a Dwarf stands in for.
    pub dwarf_as: Option<DwarfUse>,
    /// The knight chosen first (to move, to place, or the first of a Merlin swap).
    pub knight: Option<KnightId>,
    /// The number of actions taken when the choice began; a change of the match resets it.
    pub at_action: usize,
    /// A hint shown in the prompt line.
    pub note: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DwarfUse {
    Move,
    Gossip,
    Banish,
    Score,
}

impl DwarfUse {
    pub(super) fn matches(self, effect: &Effect) -> bool {
        match self {
            DwarfUse::Move => effect.is_move(),
            DwarfUse::Gossip => matches!(effect, Effect::Gossip { .. }),
            DwarfUse::Banish => matches!(effect, Effect::Banish { .. }),
            DwarfUse::Score => matches!(effect, Effect::Score),
        }
    }
    pub(super) fn name(self) -> &'static str {
        match self {
            DwarfUse::Move => "Move",
            DwarfUse::Gossip => "Gossip",
            DwarfUse::Banish => "Banish",
            DwarfUse::Score => "Score",
        }
    }
}

/// The Court match, if the current match is one.
pub(super) fn court_match(res: &MatchRes) -> Option<&Match<Court>> {
    res.current_as::<Court>()
}

/// The view the screen may show: the private viewer's, or a public one (no hand) otherwise.
pub fn screen_view(m: &Match<Court>, handoff: &Handoff) -> (CourtView, bool) {
    match handoff.private_viewer() {
        Some(seat) => (m.state.view(seat), true),
        None => {
            let mut v = m.state.view(0);
            v.hand.clear();
            v.follower_choice = None;
            (v, false)
        }
    }
}

/// What a tile shows: where, which side up, followers, power and points.
pub(super) type TileLook = (SpaceId, bool, Vec<CardKind>, i64, i64);

/// The hall as built: the content it was built from and where each space is in the world.
#[derive(Resource)]
pub(super) struct Hall {
    pub(super) content: Arc<CourtContent>,
    pub(super) positions: Vec<Vec2>,
    /// The hall's floor in the world.
    pub(super) floor: Rect,
    /// The knights' state as last drawn, to redraw a tile only when it changed.
    pub(super) drawn: Vec<Option<TileLook>>,
}

/// A faction's arms and colour for a knight.
pub(super) fn arms_of(content: &CourtContent, k: KnightId) -> Option<(Heraldry, [u8; 3])> {
    let info = content.knight(k)?;
    let f = content.faction(info.faction)?;
    Some((heraldry(&f.symbol), f.rgb))
}
