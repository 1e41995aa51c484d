//! What the castle's parts share: a click on the castle and what it asks for, what the pointer
//! rests on, the choice under way, the Die Zukunft match on the table and the view the screen may
//! show.

use crate::app::bridge::MatchRes;
use crate::app::handoff::Handoff;
use crate::rules::Game;
use crate::rules::future::{Action, Board, Future, FutureView, Slot, Task};
use crate::rules::record::Match;
use bevy::prelude::*;

/// A click on the castle: a field of a room, a number space of the throne room, a mission card.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleClick {
    Field(Board, u8),
    Number(u8),
    Mission(u16),
}

/// What the pointer rests on, for the tooltip that explains it.
pub type Hovered = crate::app::style::Hovered<Hover>;

/// A thing of the castle that explains itself on hover: something to click, or a part of the
/// board (a place on the turn-order track, a mission stack, the Merlin row, the Grail supply, a
/// colour's hinterland).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hover {
    Click(CastleClick),
    Track(usize),
    Stack(usize),
    MerlinRow,
    Supply,
    Hinterland(Slot),
}

/// What the seat at the screen is choosing between after a click that fits several actions (a
/// hero's redirect, an extra knight from the screen or the hinterland), and the match length it
/// belongs to.
#[derive(Resource, Default, Debug, Clone)]
pub struct FutureUi {
    pub choices: Vec<Action>,
    pub at_action: usize,
}

/// The neutral colour of a three-player game: grey, with an N.
pub(in crate::app::tables::future) const NEUTRAL_RGB: [u8; 3] = [140, 140, 140];
pub(in crate::app::tables::future) const NEUTRAL_MARK: &str = "N";

/// The Die Zukunft match, if the current match is one.
pub(in crate::app::tables::future) fn future_match(res: &MatchRes) -> Option<&Match<Future>> {
    res.current_as::<Future>()
}

/// The view the screen may show: the private viewer's, or everyone's otherwise; in a finished
/// game's replay that shows everything, the whole state (every fist and tile).
pub fn screen_view(m: &Match<Future>, handoff: &Handoff) -> FutureView {
    if handoff.all_seen {
        return FutureView {
            seat: handoff.viewer.unwrap_or(0),
            state: m.state.clone(),
        };
    }
    match handoff.private_viewer() {
        Some(seat) => m.state.view(seat),
        None => m.state.public_view(),
    }
}

/// The board a task's extra knight goes to, if that is the decision.
fn extra_board(state: &Future) -> Option<Board> {
    match state.tasks.last() {
        Some(Task::Extra { board, .. }) => Some(*board),
        _ => None,
    }
}

/// The field an action puts a piece on (or takes one from), if it is a click on the castle.
pub(in crate::app::tables::future) fn action_field(state: &Future, a: &Action) -> Option<(Board, u8)> {
    match *a {
        Action::Place { board, field, .. }
        | Action::Magician { board, field }
        | Action::BlackKnight { board, field } => Some((board, field)),
        Action::Extra { field, .. } => extra_board(state).map(|b| (b, field)),
        Action::RecallRed(f) => Some((Board::Red, f)),
        _ => None,
    }
}

/// The legal actions a click on this field stands for.
pub(in crate::app::tables::future) fn field_actions(
    state: &Future,
    legal: &[Action],
    board: Board,
    field: u8,
) -> Vec<Action> {
    legal
        .iter()
        .filter(|a| action_field(state, a) == Some((board, field)))
        .copied()
        .collect()
}

/// Whether an action is made only by clicking the castle (a prediction is a number space or a
/// button; everything else is a button).
pub(in crate::app::tables::future) fn is_spatial(a: &Action) -> bool {
    matches!(
        a,
        Action::Place { .. }
            | Action::Magician { .. }
            | Action::BlackKnight { .. }
            | Action::Extra { .. }
            | Action::RecallRed(_)
            | Action::Take(_)
            | Action::Discard(_)
    )
}

/// What a click on the castle asks for: the one action it stands for, a choice among several
/// (returned as `Err`), or — where nothing legal fits — the action it would be, so that the rules
/// say why not. `None`: the click means nothing now.
pub(in crate::app::tables::future) fn click_action(
    state: &Future,
    legal: &[Action],
    click: CastleClick,
) -> Option<Result<Action, Vec<Action>>> {
    match click {
        CastleClick::Number(n) => Some(Ok(Action::Predict(n))),
        CastleClick::Mission(card) => {
            if legal.contains(&Action::Discard(card)) {
                Some(Ok(Action::Discard(card)))
            } else {
                Some(Ok(Action::Take(card)))
            }
        }
        CastleClick::Field(board, field) => {
            let fits = field_actions(state, legal, board, field);
            match fits.first() {
                None => {
                    // The shield the seat would be placing, onto a field it may not take: the
                    // rules answer with the reason.
                    legal
                        .iter()
                        .find_map(|a| match *a {
                            Action::Place { shield, .. } => Some(Action::Place {
                                shield,
                                board,
                                field,
                                hero: false,
                            }),
                            Action::Extra { screen, .. } => Some(Action::Extra { screen, field }),
                            Action::Magician { .. } => Some(Action::Magician { board, field }),
                            Action::RecallRed(_) => Some(Action::RecallRed(field)),
                            _ => None,
                        })
                        .map(Ok)
                }
                // Several shields of one kind fit the same field: any of them is the same move.
                Some(first) if fits.iter().all(|a| same_move(state, a, first)) => Some(Ok(*first)),
                Some(_) => Some(Err(fits)),
            }
        }
    }
}

/// Whether two actions are the same move to a player: equal, or placements of the same kind of
/// shield on the same field, both plain or both by the hero (then which of the card's identical
/// shields is used does not matter).
pub(in crate::app::tables::future) fn same_move(state: &Future, a: &Action, b: &Action) -> bool {
    let shield_kind = |s: u8| match state.tasks.last() {
        Some(Task::Shields { card, .. }) => state.content.0.deck.missions[*card as usize]
            .shields
            .get(s as usize)
            .copied(),
        _ => None,
    };
    match (a, b) {
        (
            Action::Place {
                shield: x,
                board: bx,
                field: fx,
                hero: hx,
            },
            Action::Place {
                shield: y,
                board: by,
                field: fy,
                hero: hy,
            },
        ) => shield_kind(*x) == shield_kind(*y) && (bx, fx, hx) == (by, fy, hy),
        _ => a == b,
    }
}
