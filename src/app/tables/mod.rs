//! Each game's own board.

pub mod court;
pub mod future;
pub mod shadows;
