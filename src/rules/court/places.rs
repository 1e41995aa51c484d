//! Where The Court's moves are played and the rulebook part each comes from (`Game::place_of`,
//! `Game::rule_of`, `Game::rule_of_decision`): the places by the ids the table lays them out
//! under (a space by its id in the hall file, "E10"), the parts by the ids
//! `assets/rulebooks/court.txt` gives its headings.

use crate::rules::court::action::{Action, Effect};
use crate::rules::court::content::{CourtContent, KnightId, SpaceId};
use crate::rules::court::state::{Court, Phase};
use crate::rules::{Place, RulePart};

/// The Equites row, where the opening knights are placed.
pub const EQUITES: Place = Place::fixed("equites");
/// The draw pile and the discard pile beside the hand.
pub const PILES: Place = Place::fixed("piles");

/// A space of the hall, by its id in the hall file.
pub fn space_place(content: &CourtContent, s: SpaceId) -> Place {
    Place(std::borrow::Cow::Owned(content.space_name(s).to_string()))
}

/// Every place of the board: the hall's spaces, the Equites row, the piles.
pub fn board_places(content: &CourtContent) -> Vec<Place> {
    let mut v = vec![EQUITES, PILES];
    v.extend(
        content
            .spaces
            .iter()
            .map(|s| Place(std::borrow::Cow::Owned(s.id.clone()))),
    );
    v
}

/// The rulebook's parts, by the ids of its headings.
mod part {
    use crate::rules::RulePart;
    pub const SETUP: RulePart = RulePart("setup");
    pub const KNIGHTS: RulePart = RulePart("knights");
    pub const ACTION_CARDS: RulePart = RulePart("action-cards");
    pub const CARD_TYPES: RulePart = RulePart("card-types");
}

impl Court {
    /// Where `action` is played (`Game::place_of`): the space a knight goes to or stands on.
    pub(super) fn place_of_action(&self, action: &Action) -> Place {
        let at = |k: KnightId| self.knights.get(k.index()).and_then(|s| s.at);
        let space = |s: Option<SpaceId>| s.map_or(Place::PROMPT, |s| space_place(&self.content, s));
        match *action {
            Action::Place { space: s, .. } => space(Some(s)),
            Action::Play { effect, .. } => match effect {
                Effect::Enter { space: s, .. } => space(Some(s)),
                Effect::Step { to, .. } => space(Some(to)),
                Effect::Exit { knight }
                | Effect::Gossip { knight }
                | Effect::Banish { knight }
                | Effect::Follow { knight } => space(at(knight)),
                Effect::Merlin { a, .. } => space(at(a)),
                Effect::Score => Place::PLAYERS,
            },
            Action::ChooseFollowerLoss(_) => match &self.phase {
                Phase::FollowerLoss { knight, .. } => space(at(*knight)),
                _ => Place::PROMPT,
            },
            Action::Discard(_) => Place::HAND,
            Action::Draw => PILES,
            Action::EndPlay => Place::PROMPT,
        }
    }

    /// The rulebook part `action` comes under (`Game::rule_of`).
    pub(super) fn rule_of_action(&self, action: &Action) -> Option<RulePart> {
        Some(match action {
            Action::Place { .. } => part::SETUP,
            Action::Play { .. } | Action::ChooseFollowerLoss(_) => part::CARD_TYPES,
            Action::EndPlay | Action::Discard(_) | Action::Draw => part::ACTION_CARDS,
        })
    }

    /// The rulebook part of the pending decision (`Game::rule_of_decision`).
    pub(super) fn rule_of_phase(&self) -> Option<RulePart> {
        Some(match self.phase {
            Phase::Placement { .. } => part::SETUP,
            Phase::Play => part::ACTION_CARDS,
            Phase::FollowerLoss { .. } => part::KNIGHTS,
            Phase::End | Phase::Finished(_) => part::ACTION_CARDS,
        })
    }
}
