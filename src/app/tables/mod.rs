//! Each game's own board.

pub mod court;
pub mod future;
pub mod shadows;

/// Whether a game has a table in the window. A game may be built in the rules core (its bots,
/// `camelot sim` and `check`) before its table is: the menu then says it is not playable yet.
/// The test game plays on the shared plain list of choices.
pub fn has_table(game: crate::rules::GameId) -> bool {
    use crate::rules::GameId;
    matches!(game, GameId::Court | GameId::Future | GameId::Shadows | GameId::Test) && crate::library::is_built(game)
}

/// Why a game cannot start in the window: its rules are not built, or only its table is missing.
pub fn not_at_table(game: crate::rules::GameId) -> String {
    if crate::library::is_built(game) {
        format!(
            "{} has no table in the window yet (its rules and bots play in `camelot sim {}`)",
            game.title(),
            game.key()
        )
    } else {
        format!("{} is not built yet in this version", game.title())
    }
}
