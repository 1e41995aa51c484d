//! Each game's own board.

pub mod court;
pub mod future;
pub mod shadows;

/// Whether a game has a table in the window: every game built has one (the test game, in the
/// tests, plays on the shared plain list of choices).
pub fn has_table(game: crate::rules::GameId) -> bool {
    crate::library::is_built(game)
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
