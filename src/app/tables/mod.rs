//! Each game's own board.

pub mod court;

/// Whether a game has a table in the window. A game may be built in the rules core (its bots,
/// `camelot sim` and `check`) before its table is: the menu then says it is not playable yet.
/// The test game plays on the shared plain list of choices.
pub fn has_table(game: crate::rules::GameId) -> bool {
    use crate::rules::GameId;
    matches!(game, GameId::Court | GameId::Test) && crate::table::is_built(game)
}
