//! What one seat's screen shows of a table, in words: all an online table sends that seat.

use crate::rules::{Game, GameId, Pending, Seat, TableConfig};
use serde::{Deserialize, Serialize};

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
