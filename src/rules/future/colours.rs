//! The player colours: their names, paint and letters, how the `colours` variant deals them, and
//! each colour's hero.

use crate::rules::capitalised;
use crate::rules::future::content::Board;

/// The five player colours, by index, and how the table paints them.
pub const COLOUR_NAMES: [&str; 5] = ["red", "green", "yellow", "purple", "blue"];
pub const COLOUR_RGB: [[u8; 3]; 5] = [
    [196, 48, 43],
    [46, 140, 70],
    [226, 186, 44],
    [128, 72, 168],
    [44, 96, 196],
];
/// The letter each figure carries, by colour (so that no one needs to tell the colours apart by
/// colour alone).
pub const COLOUR_MARKS: [&str; 5] = ["R", "G", "Y", "P", "B"];

/// A player colour by its name (`red`, `green`, `yellow`, `purple`, `blue`, in any case).
pub fn colour_by_name(name: &str) -> Option<u8> {
    let name = name.trim();
    COLOUR_NAMES
        .iter()
        .position(|c| c.eq_ignore_ascii_case(name))
        .map(|c| c as u8)
}

/// A colour's name with a capital ("Red"), for the log and the table.
pub fn colour_title(colour: u8) -> String {
    capitalised(COLOUR_NAMES.get(colour as usize).copied().unwrap_or("?"))
}

pub const RED: u8 = 0;
pub const GREEN: u8 = 1;
pub const YELLOW: u8 = 2;
pub const PURPLE: u8 = 3;
pub const BLUE: u8 = 4;

/// The hero of each player colour.
pub const HERO_NAMES: [&str; 5] = ["Kay", "Tristan", "Parzival", "Mordred", "Lancelot"];

/// The room a colour's hero redirects shields to with side 1 (Mordred has none).
pub fn hero_room(colour: u8) -> Option<Board> {
    match colour {
        RED => Some(Board::Red),
        GREEN => Some(Board::Green),
        YELLOW => Some(Board::Yellow),
        BLUE => Some(Board::Blue),
        _ => None,
    }
}
