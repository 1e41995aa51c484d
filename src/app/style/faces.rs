//! The icon font's glyphs by what they stand for, the egui families of the icon and book faces,
//! and the ink that reads on a fill.

use bevy_egui::egui;

/// Icons of the RPG Awesome font (OFL 1.1), by what they stand for on the tables.
pub mod icon {
    pub const CROWN: char = '\u{e97f}';
    pub const QUEEN: char = '\u{ea74}';
    pub const FOOTPRINT: char = '\u{e9d2}';
    pub const SPEECH: char = '\u{eaae}';
    pub const GAVEL: char = '\u{e9da}';
    pub const WAND: char = '\u{e9b6}';
    pub const ANKH: char = '\u{e908}';
    pub const SWORD: char = '\u{e946}';
    pub const SWORDS: char = '\u{e97d}';
    pub const TOWER: char = '\u{ead2}';
    pub const SHIELD: char = '\u{ea96}';
    pub const HOOD: char = '\u{ea03}';
    pub const HAMMER: char = '\u{e9ee}';
    pub const TROPHY: char = '\u{ead7}';
    pub const CASTLE: char = '\u{e95d}';
    pub const LION: char = '\u{ea32}';
    pub const RAVEN: char = '\u{ea7a}';
    pub const MOON: char = '\u{ea45}';
    pub const HORNS: char = '\u{ea05}';
    pub const WOLF: char = '\u{eae7}';
    pub const DRAGON: char = '\u{e9a2}';
    pub const SUN: char = '\u{eabd}';
    pub const CRYSTAL_BALL: char = '\u{e982}';
    pub const TREE: char = '\u{ea62}';
    pub const HELMET: char = '\u{ea1a}';
    pub const HEARTS: char = '\u{e9fa}';
}

/// The egui family of the icon font.
pub fn icons() -> egui::FontFamily {
    egui::FontFamily::Name("icons".into())
}

/// The egui family of the book face (titles, card names).
pub fn book() -> egui::FontFamily {
    egui::FontFamily::Name("book".into())
}

/// An icon as egui text.
pub fn icon_text(c: char, size: f32) -> egui::RichText {
    egui::RichText::new(c.to_string()).family(icons()).size(size)
}

/// Black or white text, whichever reads on a colour already on screen.
pub fn ink_on(fill: egui::Color32) -> egui::Color32 {
    let rgb = [fill.r(), fill.g(), fill.b()];
    let l = 0.299 * rgb[0] as f32 + 0.587 * rgb[1] as f32 + 0.114 * rgb[2] as f32;
    if l > 150.0 {
        egui::Color32::BLACK
    } else {
        egui::Color32::WHITE
    }
}
