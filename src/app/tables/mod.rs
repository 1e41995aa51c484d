//! Each game's own board.

pub mod court;

/// Whether a game has a table in the window. A game may be built in the rules core (its bots,
/// `camelot sim` and `check`) before its table is: the menu then says it is not playable yet.
pub fn has_table(game: crate::rules::GameId) -> bool {
    game == crate::rules::GameId::Court && crate::table::is_built(game)
}
