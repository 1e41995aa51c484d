//! Whose secrets a screen may show: the hand-off between humans at one screen, outside play (a
//! replay's eyes, a review) the seats whose secrets are open, and what one seat's screen shows in
//! words (`SeatTable`: all an online table sends that seat).

use super::any_match::AnyMatch;
use crate::rules::{Game, GameId, Pending, Seat, TableConfig};
use serde::{Deserialize, Serialize};

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
pub fn open_seats(m: &dyn AnyMatch) -> Vec<Seat> {
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
pub fn closed_seat_reason(m: &dyn AnyMatch, seat: Seat) -> Option<String> {
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

/// What one seat may read of a table now, in words: the table as everyone sees it, and that
/// seat's own secrets and moves. An onlooker (`seat: None`) gets the public part only. An online
/// host sends a seat this and the log lines it may read, nothing else; built from the seat's
/// side of the rules alone, so that what another seat holds never changes it (the wire's secrets
/// test perturbs every hidden part and compares the bytes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatTable {
    pub game: GameId,
    /// Whose screen this is; `None` for an onlooker.
    pub seat: Option<Seat>,
    /// The seats' names, in seat order.
    pub names: Vec<String>,
    /// How many actions the game has had: a request names the position it answers.
    pub actions_taken: usize,
    /// Whose decision it is; `None` once the game is over.
    pub to_act: Option<Seat>,
    /// What is being decided, in everyone's words.
    pub prompt: String,
    /// This seat's moves, in the order a request names them by index; empty unless it decides.
    pub moves: Vec<String>,
    /// This seat's own hidden parts in words (its hand, its Loyalty card, its fist).
    pub secrets: Vec<String>,
    /// The end: the winners, each seat's score where the game keeps them, in words.
    pub outcome: Option<(Vec<Seat>, Vec<i64>, String)>,
}

/// `SeatTable` of a state for `viewer` (`None`: an onlooker).
pub fn seat_table<G: Game>(state: &G, config: &TableConfig, actions_taken: usize, viewer: Option<Seat>) -> SeatTable {
    let pending = state.pending();
    let (to_act, prompt, outcome) = match pending {
        Pending::Decide { seat, prompt, .. } => (Some(seat), prompt, None),
        Pending::Finished(o) => (None, o.summary.clone(), Some((o.winners, o.scores, o.summary))),
    };
    let moves = match (to_act, viewer) {
        (Some(a), Some(v)) if a == v => state.legal_actions().iter().map(|a| state.describe_action(a)).collect(),
        _ => Vec::new(),
    };
    let secrets = match viewer {
        Some(v) if to_act.is_some() => state.secrets_known_to(v).into_iter().map(|s| s.text).collect(),
        _ => Vec::new(),
    };
    SeatTable {
        game: G::ID,
        seat: viewer,
        names: config.seats.iter().map(|s| s.name.clone()).collect(),
        actions_taken,
        to_act,
        prompt,
        moves,
        secrets,
        outcome,
    }
}
