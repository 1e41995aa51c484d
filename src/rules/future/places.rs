//! Where Die Zukunft's moves are played and the rulebook part each comes from
//! (`Game::place_of`, `Game::rule_of`, `Game::rule_of_decision`): the places by the ids the
//! table lays them out under, the parts by the ids `assets/rulebooks/future.txt` gives its
//! headings.

use crate::rules::future::action::Action;
use crate::rules::future::content::{Board, FutureContent};
use crate::rules::future::pieces::{Phase, Task, TurnStage};
use crate::rules::future::state::Future;
use crate::rules::{Place, RulePart};
use std::borrow::Cow;

/// The throne room's number spaces, where the magicians predict.
pub const THRONE: Place = Place::fixed("throne");
/// The face-up missions beside their stacks.
pub const DISPLAY: Place = Place::fixed("display");
pub const HINTERLAND: Place = Place::fixed("hinterland");

/// A room of the castle, by its board's colour ("room:red").
pub fn room_place(b: Board) -> Place {
    Place(Cow::Owned(format!("room:{}", b.name())))
}

/// A field of a room, by its board's colour and its index ("field:green:4").
pub fn field_place(b: Board, field: u8) -> Place {
    Place(Cow::Owned(format!("field:{}:{field}", b.name())))
}

/// Every place of the board: the throne room, the display, the hinterland, each board's room and
/// as many fields as its largest side has.
pub fn board_places(content: &FutureContent) -> Vec<Place> {
    let mut v = vec![THRONE, DISPLAY, HINTERLAND];
    for b in Board::ALL {
        v.push(room_place(b));
        let fields = content
            .rooms
            .iter()
            .filter(|r| r.board() == b)
            .map(|r| r.fields().len())
            .max()
            .unwrap_or(0);
        v.extend((0..fields).map(|f| field_place(b, f as u8)));
    }
    v
}

/// The rulebook's parts, by the ids of its headings.
mod part {
    use crate::rules::RulePart;
    pub const SEND: RulePart = RulePart("send");
    pub const PREDICTIONS: RulePart = RulePart("predictions");
    pub const MISSIONS: RulePart = RulePart("missions");
    pub const ROOMS: RulePart = RulePart("rooms");
    pub const FINAL_SCORING: RulePart = RulePart("final-scoring");
    pub const HERO_ABILITIES: RulePart = RulePart("hero-abilities");
    pub const EXPERT: RulePart = RulePart("expert");
}

impl Future {
    /// The board of the room an extra knight goes to, now.
    fn extra_board(&self) -> Option<Board> {
        match self.tasks.last() {
            Some(Task::Extra { board, .. }) => Some(*board),
            _ => None,
        }
    }

    /// Where `action` is played (`Game::place_of`).
    pub(super) fn place_of_action(&self, action: &Action) -> Place {
        match *action {
            Action::Predict(_) => THRONE,
            Action::Take(_) | Action::NoMission | Action::Discard(_) => DISPLAY,
            Action::Recall(_) => HINTERLAND,
            Action::Place { board, field, .. }
            | Action::Magician { board, field }
            | Action::BlackKnight { board, field } => field_place(board, field),
            Action::Extra { field, .. } => self.extra_board().map_or(Place::PROMPT, |b| field_place(b, field)),
            Action::RecallRed(field) => field_place(Board::Red, field),
            Action::Colour(_)
            | Action::Send(..)
            | Action::Return { .. }
            | Action::Bonus(_)
            | Action::Grail(_)
            | Action::Accept
            | Action::Decline
            | Action::EndTurn => Place::PROMPT,
        }
    }

    /// The rulebook part `action` comes under (`Game::rule_of`).
    pub(super) fn rule_of_action(&self, action: &Action) -> Option<RulePart> {
        Some(match action {
            Action::Colour(_) => part::EXPERT,
            Action::Send(..) => part::SEND,
            Action::Predict(_) => part::PREDICTIONS,
            Action::Take(_) | Action::NoMission | Action::Recall(_) | Action::Place { .. } | Action::Return { .. } => {
                part::MISSIONS
            }
            Action::Extra { .. } | Action::Bonus(_) | Action::RecallRed(_) | Action::Grail(_) => part::ROOMS,
            Action::Magician { .. } => part::FINAL_SCORING,
            Action::Discard(_) | Action::BlackKnight { .. } => part::HERO_ABILITIES,
            Action::Accept | Action::Decline | Action::EndTurn => return self.rule_of_turn(),
        })
    }

    /// The rulebook part of the pending decision (`Game::rule_of_decision`).
    pub(super) fn rule_of_turn(&self) -> Option<RulePart> {
        if let Some(task) = self.tasks.last() {
            return Some(match task {
                Task::Shields { .. } => part::MISSIONS,
                Task::Tree { .. }
                | Task::Extra { .. }
                | Task::LineBonus { .. }
                | Task::RecallRed { .. }
                | Task::GrailPick { .. } => part::ROOMS,
                Task::Parzival { .. } | Task::Tristan { .. } => part::HERO_ABILITIES,
                Task::Magician { .. } => part::FINAL_SCORING,
            });
        }
        Some(match self.phase {
            Phase::Colours { .. } => part::EXPERT,
            Phase::Send { .. } => part::SEND,
            Phase::Predict { .. } => part::PREDICTIONS,
            Phase::Missions {
                stage: TurnStage::After,
                ..
            } => part::HERO_ABILITIES,
            Phase::Missions { .. } => part::MISSIONS,
            Phase::Final | Phase::Over => part::FINAL_SCORING,
        })
    }
}
