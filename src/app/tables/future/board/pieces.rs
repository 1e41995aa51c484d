//! The pieces: figures, markers, tiles and mission cards as they are spawned.

use crate::app::style::{Look, Paint, WorldFonts, colour_mark, colour_rgb, polygon_mesh, world, world_colour};
use crate::app::tables::future::board::{
    CARD, CardBody, CardLight, LAP_OFFSET, Lap, MERLIN_BLUE, MissionCard, board_colour, board_letter, clickable,
};
use crate::app::tables::future::ui::{CastleClick, NEUTRAL_MARK, NEUTRAL_RGB};
use crate::rules::future::{Board, Future, Piece, Shield, Slot, Stack};
use bevy::prelude::*;
use bevy::text::TextBounds;
use bevy_egui::egui;

/// A figure: a knight is a disc in its colour with the colour's letter; a magician a pointed
/// hat; the neutral colour (three players) grey with an N.
pub(in crate::app::tables::future) fn spawn_figure(
    commands: &mut Commands,
    root: Entity,
    s: &Future,
    piece: Piece,
    at: Vec3,
    fonts: &WorldFonts,
    paint: &mut Paint,
    black: bool,
) -> Entity {
    let (rgb, mark, hat) = match piece {
        Piece::Knight(slot) => {
            let c = s.colours.get(slot as usize).map_or(9, |c| c.colour);
            (colour_rgb(c), colour_mark(c), false)
        }
        Piece::Magician(slot) => {
            let c = s.colours.get(slot as usize).map_or(9, |c| c.colour);
            (colour_rgb(c), colour_mark(c), true)
        }
        Piece::Neutral | Piece::Empty => (NEUTRAL_RGB, NEUTRAL_MARK, false),
    };
    // Mordred's black knight: black, ringed in his colour, with its letter in white.
    let (fill, rim) = if black {
        (Color::srgb(0.06, 0.05, 0.07), world_colour(rgb))
    } else {
        (world_colour(rgb), world::INK)
    };
    let ink = if black || crate::app::style::text_on(rgb) != egui::Color32::BLACK {
        Color::WHITE
    } else {
        world::INK
    };
    let e = holder(commands, root, at);
    commands.entity(e).with_children(|t| {
        if hat {
            let outline = [Vec2::new(-12.0, -11.0), Vec2::new(12.0, -11.0), Vec2::new(0.0, 14.0)];
            let inner = [Vec2::new(-9.5, -9.5), Vec2::new(9.5, -9.5), Vec2::new(0.0, 10.5)];
            t.spawn((
                Pickable::IGNORE,
                Mesh2d(paint.mesh("magician-rim", || polygon_mesh(&outline))),
                MeshMaterial2d(paint.colour(world::INK)),
                Transform::default(),
            ));
            t.spawn((
                Pickable::IGNORE,
                Mesh2d(paint.mesh("magician", || polygon_mesh(&inner))),
                MeshMaterial2d(paint.colour(fill)),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
            t.spawn((
                Pickable::IGNORE,
                Text2d::new(mark),
                TextFont::from_font_size(11.0).with_font(fonts.bold.clone()),
                TextColor(ink),
                Transform::from_xyz(0.0, -3.0, 0.02),
            ));
        } else {
            t.spawn((
                Pickable::IGNORE,
                Mesh2d(paint.mesh("knight-rim", || Circle::new(13.0).into())),
                MeshMaterial2d(paint.colour(rim)),
                Transform::default(),
            ));
            t.spawn((
                Pickable::IGNORE,
                Mesh2d(paint.mesh("knight", || Circle::new(11.0).into())),
                MeshMaterial2d(paint.colour(fill)),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
            t.spawn((
                Pickable::IGNORE,
                Text2d::new(mark),
                TextFont::from_font_size(14.0).with_font(fonts.bold.clone()),
                TextColor(ink),
                Transform::from_xyz(0.0, 0.0, 0.02),
            ));
        }
    });
    e
}

/// An empty thing at a place, for the parts of a figure or tile to hang from.
fn holder(commands: &mut Commands, root: Entity, at: Vec3) -> Entity {
    commands
        .spawn((
            Transform::from_translation(at),
            Visibility::default(),
            Pickable::IGNORE,
            ChildOf(root),
        ))
        .id()
}

/// A colour's score marker: a small disc with its letter.
pub(super) fn spawn_marker(
    commands: &mut Commands,
    root: Entity,
    s: &Future,
    slot: Slot,
    at: Vec3,
    fonts: &WorldFonts,
    paint: &mut Paint,
) -> Entity {
    let e = spawn_figure(commands, root, s, Piece::Knight(slot), at, fonts, paint, false);
    commands
        .entity(e)
        .insert(Transform::from_translation(at).with_scale(Vec3::splat(0.75)));
    commands.spawn((
        Lap(slot),
        Text2d::new(""),
        TextFont::from_font_size(14.0).with_font(fonts.numbers.clone()),
        TextColor(world::GOLD),
        Transform::from_xyz(0.0, -LAP_OFFSET, 0.05),
        Visibility::Hidden,
        Pickable::IGNORE,
        ChildOf(e),
    ));
    e
}

/// A square tile with an icon (a Merlin tile's back, a Grail tile).
pub(super) fn spawn_tile(commands: &mut Commands, root: Entity, at: Vec3, picture: Sprite) -> Entity {
    square_tile(
        commands,
        root,
        at,
        world::INK,
        Color::srgb(0.20, 0.18, 0.30),
        TileFace::Picture(picture),
    )
}

/// A Merlin tile face down: the wizard's staff on the tiles' blue.
pub(super) fn merlin_back(pictures: &crate::app::icons::Pictures) -> Sprite {
    pictures.sprite(crate::app::icons::Picture::WizardStaff, 20.0, MERLIN_BLUE)
}

/// A Grail tile: the jewelled chalice in gold.
pub(super) fn grail_tile(pictures: &crate::app::icons::Pictures) -> Sprite {
    pictures.sprite(crate::app::icons::Picture::JeweledChalice, 20.0, world::GOLD)
}

/// A Merlin tile face up: its value on parchment, framed in its owner's colour.
pub(super) fn spawn_merlin_face(
    commands: &mut Commands,
    root: Entity,
    at: Vec3,
    value: i32,
    owner: [u8; 3],
    fonts: &WorldFonts,
) -> Entity {
    let face = TileFace::Text(format!("{value:+}"), fonts.numbers.clone(), 13.0, world::INK);
    square_tile(commands, root, at, world_colour(owner), world::PARCHMENT, face)
}

/// What a square tile shows: a text (in its font, size and colour) or a picture.
enum TileFace {
    Text(String, Handle<Font>, f32, Color),
    Picture(Sprite),
}

/// A square tile: a rim, a face, and on it a text or a picture.
fn square_tile(commands: &mut Commands, root: Entity, at: Vec3, rim: Color, fill: Color, face: TileFace) -> Entity {
    let e = holder(commands, root, at);
    commands.entity(e).with_children(|t| {
        t.spawn((Pickable::IGNORE, Sprite::from_color(rim, Vec2::splat(26.0))));
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(fill, Vec2::splat(22.0)),
            Transform::from_xyz(0.0, 0.0, 0.01),
        ));
        match face {
            TileFace::Text(text, font, size, ink) => t.spawn((
                Pickable::IGNORE,
                Text2d::new(text),
                TextFont::from_font_size(size).with_font(font),
                TextColor(ink),
                Transform::from_xyz(0.0, 0.0, 0.02),
            )),
            TileFace::Picture(sprite) => t.spawn((Pickable::IGNORE, sprite, Transform::from_xyz(0.0, 0.0, 0.02))),
        };
    });
    e
}

/// The colour of a shield on a card, and its letter.
fn shield_look(shield: Shield) -> (Color, &'static str) {
    match shield.board() {
        Some(b) => (board_colour(b), board_letter(b)),
        None => (Color::WHITE, "✱"),
    }
}

/// A face-up mission card: its shields drawn as shields in their rooms' colours (with the room's
/// letter; the multicolour one quartered), its Grail tiles and tree as pictures, the key stack's
/// key; a special mission says what it does. What a card asks can be read without hovering.
pub(super) fn spawn_card(
    commands: &mut Commands,
    root: Entity,
    s: &Future,
    card: u16,
    at: Vec3,
    (fonts, pictures): (&WorldFonts, &crate::app::icons::Pictures),
    paint: &mut Paint,
) -> Entity {
    use crate::app::icons::Picture;
    use crate::app::style::{ShieldShape, shield_mesh};
    let m = &s.content.0.deck.missions[card as usize];
    let e = commands
        .spawn((
            Sprite::from_color(world::INK, CARD + Vec2::splat(2.0)),
            Transform::from_translation(at),
            MissionCard(card),
            ChildOf(root),
        ))
        .id();
    clickable(commands, e, CastleClick::Mission(card));
    let shield = Vec2::new(17.0, 21.0);
    let outline = paint.mesh("future-card-shield-rim", || shield_mesh(ShieldShape::Heater, shield));
    let inner = paint.mesh("future-card-shield", || {
        shield_mesh(ShieldShape::Heater, shield - Vec2::splat(3.0))
    });
    let quarter = paint.mesh("future-card-shield-quarter", || {
        shield_mesh(ShieldShape::Heater, (shield - Vec2::splat(3.0)) * 0.5)
    });
    let ink = paint.colour(world::INK);
    let n = m.shields.len();
    // Shields in one row (up to three), else two rows.
    let per_row = if n <= 3 { n.max(1) } else { n.div_ceil(2) };
    let spots: Vec<Vec3> = (0..n)
        .map(|k| {
            let (row, col) = (k / per_row, k % per_row);
            let in_row = if row == 0 { per_row.min(n) } else { n - per_row };
            let x = (col as f32 - (in_row as f32 - 1.0) / 2.0) * (shield.x + 2.0);
            Vec3::new(x, 22.0 - row as f32 * (shield.y + 2.0), 0.03)
        })
        .collect();
    let mut colours = Vec::new();
    for sh in &m.shields {
        colours.push((paint.colour(shield_look(*sh).0), *sh));
    }
    let quarters: Vec<Handle<ColorMaterial>> = Board::CASTLE.iter().map(|b| paint.colour(board_colour(*b))).collect();
    commands.entity(e).with_children(|t| {
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(Look::Lit.outline_colour(), CARD + Vec2::splat(8.0)),
            Transform::from_xyz(0.0, 0.0, -0.05),
            Visibility::Hidden,
            CardLight(card),
        ));
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(world::PARCHMENT, CARD - Vec2::splat(2.0)),
            Transform::from_xyz(0.0, 0.0, 0.01),
            CardBody(card),
        ));
        if let Some(sp) = m.special {
            t.spawn((
                Pickable::IGNORE,
                pictures.sprite(Picture::WizardStaff, 30.0, Color::srgb(0.36, 0.24, 0.52)),
                Transform::from_xyz(0.0, 18.0, 0.03),
            ));
            for (k, line) in [format!("{} back", sp.knights), format!("+{}", sp.points)]
                .into_iter()
                .enumerate()
            {
                t.spawn((
                    Pickable::IGNORE,
                    Text2d::new(line),
                    TextFont::from_font_size(if k == 1 { 18.0 } else { 13.0 }).with_font(if k == 1 {
                        fonts.numbers.clone()
                    } else {
                        fonts.bold.clone()
                    }),
                    TextColor(world::INK),
                    TextLayout::justify(Justify::Center),
                    TextBounds::new_horizontal(CARD.x - 4.0),
                    Transform::from_xyz(0.0, -8.0 - k as f32 * 18.0, 0.05),
                ));
            }
        } else {
            for (p, (colour, sh)) in spots.iter().zip(&colours) {
                t.spawn((
                    Pickable::IGNORE,
                    Mesh2d(outline.clone()),
                    MeshMaterial2d(ink.clone()),
                    Transform::from_translation(*p),
                ));
                if *sh == Shield::Multi {
                    for (q, c) in quarters.iter().enumerate() {
                        let off = Vec2::new(if q % 2 == 0 { -3.6 } else { 3.6 }, if q < 2 { 4.5 } else { -3.8 });
                        t.spawn((
                            Pickable::IGNORE,
                            Mesh2d(quarter.clone()),
                            MeshMaterial2d(c.clone()),
                            Transform::from_translation(*p + off.extend(0.01)),
                        ));
                    }
                } else {
                    t.spawn((
                        Pickable::IGNORE,
                        Mesh2d(inner.clone()),
                        MeshMaterial2d(colour.clone()),
                        Transform::from_translation(*p + Vec3::Z * 0.01),
                    ));
                    t.spawn((
                        Pickable::IGNORE,
                        Text2d::new(shield_look(*sh).1),
                        TextFont::from_font_size(11.0).with_font(fonts.bold.clone()),
                        TextColor(Color::WHITE),
                        Transform::from_translation(*p + Vec3::new(0.0, 2.0, 0.02)),
                    ));
                }
            }
            // Grail tiles and the tree, as pictures along the foot.
            let mut foot: Vec<(Picture, Color, Option<String>)> = Vec::new();
            if m.grail > 0 {
                foot.push((
                    Picture::JeweledChalice,
                    Color::srgb(0.62, 0.45, 0.06),
                    (m.grail > 1).then(|| m.grail.to_string()),
                ));
            }
            if m.tree {
                foot.push((Picture::PineTree, Color::srgb(0.15, 0.45, 0.15), None));
            }
            let y = if n > 3 { -26.0 } else { -12.0 };
            let k = foot.len() as f32;
            for (i, (pic, colour, count)) in foot.into_iter().enumerate() {
                let x = (i as f32 - (k - 1.0) / 2.0) * 24.0;
                t.spawn((
                    Pickable::IGNORE,
                    pictures.sprite(pic, 24.0, colour),
                    Transform::from_xyz(x, y, 0.05),
                ));
                if let Some(c) = count {
                    t.spawn((
                        Pickable::IGNORE,
                        Text2d::new(format!("×{c}")),
                        TextFont::from_font_size(12.0).with_font(fonts.numbers.clone()),
                        TextColor(world::INK),
                        Transform::from_xyz(x + 12.0, y - 8.0, 0.06),
                    ));
                }
            }
        }
        if m.stack == Stack::Key {
            t.spawn((
                Pickable::IGNORE,
                pictures.sprite(Picture::Key, 16.0, world::INK),
                Transform::from_xyz(CARD.x / 2.0 - 11.0, -CARD.y / 2.0 + 10.0, 0.05),
            ));
        }
    });
    e
}
