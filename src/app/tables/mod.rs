//! Each game's own board.

pub mod court;
