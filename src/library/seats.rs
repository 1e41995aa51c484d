//! Whose secrets a screen may show: the hand-off between humans at one screen, and outside play
//! (a replay's eyes, a review) the seats whose secrets are open.

use super::any_match::MatchFace;
use crate::rules::{Pending, Seat, TableConfig};

/// Who decides next and whether a hand-off screen must cover the table first: the seat to act is
/// human, deciding shows its secrets, and the screen last showed a different human's secrets.
pub fn needs_handoff(config: &TableConfig, pending: &Pending, last_private_viewer: Option<Seat>) -> bool {
    match pending {
        Pending::Decide { seat, private, .. } => {
            let human = config.seats.get(*seat).is_some_and(|s| s.kind.is_human());
            let humans = config.seats.iter().filter(|s| s.kind.is_human()).count();
            human && *private && humans > 1 && last_private_viewer != Some(*seat)
        }
        Pending::Finished(_) => false,
    }
}

/// The seats whose secrets a screen may show of this record, outside play: in a replay's eyes,
/// a review (its moves name the cards held and its chances read them) and the log's private
/// lines. Every seat once the game is over; while it is unfinished only its one human seat
/// (where there is exactly one), so that no player of a pass-and-play game sees another's cards
/// before the end; none at an unfinished table of bots or of several humans. The one rule every
/// such path asks (the window's replay and review, `camelot review`).
pub fn open_seats(m: &dyn MatchFace) -> Vec<Seat> {
    let seats = &m.config().seats;
    if matches!(m.pending(), Pending::Finished(_)) {
        return (0..seats.len()).collect();
    }
    let mut humans = (0..seats.len()).filter(|&s| seats[s].kind.is_human());
    match (humans.next(), humans.next()) {
        (Some(only), None) => vec![only],
        _ => Vec::new(),
    }
}

/// Why a seat's secrets may not be shown of this record now (`open_seats`), in words; `None`
/// when they may.
pub fn closed_seat_reason(m: &dyn MatchFace, seat: Seat) -> Option<String> {
    if open_seats(m).contains(&seat) {
        return None;
    }
    let name = m.config().seats.get(seat).map_or("that seat", |s| s.name.as_str());
    let humans = m.config().seats.iter().filter(|s| s.kind.is_human()).count();
    Some(if humans >= 2 {
        format!(
            "the game is not over and {humans} people play at this table: {name}'s review would show {name}'s cards to \
             whoever looks; it opens once the game is over"
        )
    } else {
        format!("the game is not over: {name}'s review would show {name}'s cards; it opens once the game is over")
    })
}
