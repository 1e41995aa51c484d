//! Cards as cards, for every table: a frame, a name, a picture and what the card does in a line,
//! laid out for the size the card is drawn at (a small card on a board keeps its picture and its
//! value; a card in a hand or turning over above the table shows its name and line too). Part of
//! the visual language beside `style.rs`.

use super::icons::{Picture, Pictures};
use super::style::{WorldFonts, world};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::TextBounds;

/// What a card's face shows.
#[derive(Clone, Debug, PartialEq)]
pub struct CardFace {
    pub name: String,
    /// A number worth reading from across the table (a Fight card's value, a Black Knight's).
    pub value: Option<String>,
    pub picture: Option<Picture>,
    /// What it does, in a line.
    pub line: Option<String>,
    pub side: CardSide,
}

/// Which family of cards: light (the Knights' White cards, missions), dark (Evil's Black cards),
/// or a card lying face down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardSide {
    Light,
    Dark,
    Back { dark: bool },
}

impl CardSide {
    /// Rim, ground, picture and ink colours.
    fn colours(self) -> (Color, Color, Color, Color) {
        match self {
            CardSide::Light => (
                world::INK,
                Color::srgb(0.93, 0.91, 0.86),
                Color::srgb(0.24, 0.20, 0.16),
                world::INK,
            ),
            CardSide::Dark => (
                Color::srgb(0.58, 0.13, 0.12),
                Color::srgb(0.11, 0.08, 0.10),
                Color::srgb(0.80, 0.26, 0.22),
                world::PARCHMENT,
            ),
            CardSide::Back { dark: true } => (
                Color::srgb(0.58, 0.13, 0.12),
                Color::srgb(0.16, 0.07, 0.08),
                Color::srgb(0.40, 0.14, 0.13),
                world::PARCHMENT,
            ),
            CardSide::Back { dark: false } => (
                world::INK,
                Color::srgb(0.80, 0.80, 0.84),
                Color::srgb(0.60, 0.60, 0.66),
                world::INK,
            ),
        }
    }
}

/// Below this width a card shows only its picture and value.
const SMALL: f32 = 80.0;

/// Spawns a card face `size` large at `at` under `parent`: an entity whose children draw it (none
/// is picked by the pointer; give the returned entity a `Pickable` to make the card clickable).
pub fn spawn_face(
    commands: &mut Commands,
    parent: Entity,
    face: &CardFace,
    size: Vec2,
    at: Vec3,
    fonts: &WorldFonts,
    pictures: &Pictures,
) -> Entity {
    let (rim, ground, ink_picture, ink) = face.side.colours();
    let e = commands
        .spawn((
            Transform::from_translation(at),
            Visibility::default(),
            Pickable::IGNORE,
            ChildOf(parent),
        ))
        .id();
    let border = (size.x * 0.045).clamp(1.5, 5.0);
    let small = size.x < SMALL;
    let back = matches!(face.side, CardSide::Back { .. });
    commands.entity(e).with_children(|t| {
        t.spawn((Pickable::IGNORE, Sprite::from_color(rim, size)));
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(ground, size - Vec2::splat(border * 2.0)),
            Transform::from_xyz(0.0, 0.0, 0.01),
        ));
        if back {
            // A back: an inner frame and the picture of its deck, nothing to read.
            for r in super::style::ring(
                Rect::from_center_size(Vec2::ZERO, size - Vec2::splat(border * 4.0)),
                (border * 0.5).max(1.0),
            ) {
                t.spawn((
                    Pickable::IGNORE,
                    Sprite::from_color(ink_picture, r.size()),
                    Transform::from_translation(r.center().extend(0.02)),
                ));
            }
        }
        if let Some(p) = face.picture {
            let (side, y) = if small || back {
                (size.x * 0.74, if face.value.is_some() { size.y * 0.1 } else { 0.0 })
            } else {
                (size.x * 0.56, size.y * 0.06)
            };
            t.spawn((
                Pickable::IGNORE,
                pictures.sprite(p, side, ink_picture),
                Transform::from_xyz(0.0, y, 0.03),
            ));
        }
        if back {
            return;
        }
        if small {
            if let Some(v) = &face.value {
                t.spawn((
                    Pickable::IGNORE,
                    Text2d::new(v.clone()),
                    TextFont::from_font_size(size.x * 0.42).with_font(fonts.numbers.clone()),
                    TextColor(ink),
                    Anchor::BOTTOM_CENTER,
                    Transform::from_xyz(0.0, -size.y / 2.0 + border + 1.0, 0.04),
                ));
            }
            return;
        }
        // A large card: its name at the top, its value in the corner, its line at the foot.
        let inner = size.x - border * 4.0;
        t.spawn((
            Pickable::IGNORE,
            Text2d::new(face.name.clone()),
            TextFont::from_font_size(super::style::fitting_size(&face.name, size.x * 0.16, inner, 2))
                .with_font(fonts.bold.clone()),
            TextColor(ink),
            TextLayout::justify(Justify::Center),
            TextBounds::new_horizontal(inner),
            Anchor::TOP_CENTER,
            Transform::from_xyz(0.0, size.y / 2.0 - border * 2.0, 0.04),
        ));
        if let Some(v) = &face.value {
            let badge = size.x * 0.26;
            let at = Vec2::new(-size.x / 2.0 + badge * 0.7, size.y / 2.0 - badge * 1.35);
            t.spawn((
                Pickable::IGNORE,
                Sprite::from_color(rim, Vec2::splat(badge)),
                Transform::from_translation(at.extend(0.05)),
            ));
            t.spawn((
                Pickable::IGNORE,
                Text2d::new(v.clone()),
                TextFont::from_font_size(badge * 0.78).with_font(fonts.numbers.clone()),
                TextColor(ground),
                Transform::from_translation(at.extend(0.06)),
            ));
        }
        if let Some(line) = &face.line {
            t.spawn((
                Pickable::IGNORE,
                Text2d::new(line.clone()),
                TextFont::from_font_size((size.x * 0.105).max(9.0)).with_font(fonts.regular.clone()),
                TextColor(ink),
                TextLayout::justify(Justify::Center),
                TextBounds::new(inner, size.y * 0.3),
                Anchor::BOTTOM_CENTER,
                Transform::from_xyz(0.0, -size.y / 2.0 + border * 2.0, 0.04),
            ));
        }
    });
    e
}
