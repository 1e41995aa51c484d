//! What a seat can decide: the cards' effects and the actions.

use crate::rules::court::content::{CardKind, KnightId, SpaceId};
use serde::{Deserialize, Serialize};

/// What a played card does. Move cards take `Enter`, `Step` or `Exit`; a Dwarf takes those or
/// `Gossip`, `Banish`, `Score`; Priest and Soldier cards take `Follow`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Effect {
    /// Bring one of your own Reserve knights onto an Equites space (a challenge if it is held).
    Enter { knight: KnightId, space: SpaceId },
    /// Move any knight in the hall one step along a Movement Line (a challenge if it is held).
    Step { knight: KnightId, to: SpaceId },
    /// Take any knight on an Equites space out to his owner's Reserve.
    Exit { knight: KnightId },
    /// Scandalise a face-up knight (he loses one follower), or turn a Scandalised one face up.
    Gossip { knight: KnightId },
    /// Roll above the knight's power to send him to his owner's Reserve.
    Banish { knight: KnightId },
    /// Everybody scores, the active player first; ends the play.
    Score,
    /// Two knights in the hall swap spaces, followers and all.
    Merlin { a: KnightId, b: KnightId },
    /// Put a Priest or Soldier under one of your knights in the hall.
    Follow { knight: KnightId },
}

impl Effect {
    /// The knights the effect names.
    pub fn knights(self) -> Vec<KnightId> {
        match self {
            Effect::Enter { knight, .. }
            | Effect::Step { knight, .. }
            | Effect::Exit { knight }
            | Effect::Gossip { knight }
            | Effect::Banish { knight }
            | Effect::Follow { knight } => vec![knight],
            Effect::Merlin { a, b } => vec![a, b],
            Effect::Score => Vec::new(),
        }
    }
    /// Whether this is one of the three uses of a Move card.
    pub fn is_move(self) -> bool {
        matches!(self, Effect::Enter { .. } | Effect::Step { .. } | Effect::Exit { .. })
    }
}

/// One decision of the seat to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// Opening placement: one of your Reserve knights onto an empty Equites space.
    Place { knight: KnightId, space: SpaceId },
    /// Play a card from your hand with the given effect.
    Play { card: CardKind, effect: Effect },
    /// After your Gossip scandalised a knight with two different followers: the one he loses.
    ChooseFollowerLoss(CardKind),
    /// Stop playing cards this turn (go to the end phase).
    EndPlay,
    /// End phase: discard a card from your hand.
    Discard(CardKind),
    /// End phase: draw up to a full hand; the next player's turn begins.
    Draw,
}
