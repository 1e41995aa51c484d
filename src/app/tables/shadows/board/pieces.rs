//! The pieces: Knights' figures, and the cards' faces and backs (White, Black, drawn).

use crate::app::cards::{CardFace, CardSide, spawn_face};
use crate::app::icons::{Picture, Pictures};
use crate::app::style::{Paint, WorldFonts, hoverable, world, world_colour};
use crate::app::tables::shadows::board::{CARD, FIGURE_R, GRAIL_GOLD, LIFE_DIE, Label, knight_mark, seat_rgb};
use crate::app::tables::shadows::ui::Hover;
use crate::rules::Seat;
use crate::rules::record::Match;
use crate::rules::shadows::{Black, KnightId, Placed, QuestId, Shadows, White, black_text, white_line};
use bevy::prelude::*;
use bevy_egui::egui;

/// A Knight's figure: a disc in the seat's colour with his two letters, his Life die at its
/// side and his relics' marks above.
#[allow(clippy::too_many_arguments)]
pub(super) fn spawn_knight(
    commands: &mut Commands,
    root: Entity,
    m: &Match<Shadows>,
    seat: Seat,
    knight: KnightId,
    at: Vec3,
    fonts: &WorldFonts,
    paint: &mut Paint,
) -> Entity {
    let rgb = seat_rgb(m, seat);
    let fill = world_colour(rgb);
    let ink = if crate::app::style::text_on(rgb) == egui::Color32::BLACK {
        world::INK
    } else {
        Color::WHITE
    };
    // The square under the disc is what the pointer finds.
    // It says who it is on hover, and lets a click through to the spot it stands on.
    let e = commands
        .spawn((
            Sprite::from_color(world::INK, Vec2::splat(FIGURE_R * 1.4)),
            Transform::from_translation(at),
            Visibility::default(),
            ChildOf(root),
        ))
        .id();
    hoverable(commands, e, Hover::Knight(seat));
    commands.entity(e).insert(Pickable {
        should_block_lower: false,
        is_hoverable: true,
    });
    commands.entity(e).with_children(|t| {
        t.spawn((
            Pickable::IGNORE,
            Mesh2d(paint.mesh("shadows-knight-rim", || Circle::new(FIGURE_R).into())),
            MeshMaterial2d(paint.colour(world::INK)),
        ));
        t.spawn((
            Pickable::IGNORE,
            Mesh2d(paint.mesh("shadows-knight", || Circle::new(FIGURE_R - 2.5).into())),
            MeshMaterial2d(paint.colour(fill)),
            Transform::from_xyz(0.0, 0.0, 0.01),
        ));
        t.spawn((
            Pickable::IGNORE,
            Text2d::new(knight_mark(knight)),
            TextFont::from_font_size(15.0).with_font(fonts.bold.clone()),
            TextColor(ink),
            Transform::from_xyz(0.0, 0.0, 0.02),
        ));
        // The Life die: large enough to read at 1280×800, where the world is drawn small.
        let die = Vec3::new(FIGURE_R + 3.0, -FIGURE_R + 3.0, 0.03);
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(world::INK, Vec2::splat(LIFE_DIE + 3.0)),
            Transform::from_translation(die),
        ));
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(world::PARCHMENT, Vec2::splat(LIFE_DIE)),
            Transform::from_translation(die + Vec3::Z * 0.01),
        ));
        t.spawn((
            Pickable::IGNORE,
            Label::Life(seat),
            Text2d::new(""),
            TextFont::from_font_size(LIFE_DIE - 1.0).with_font(fonts.bold.clone()),
            TextColor(world::BLOOD),
            Transform::from_translation(die + Vec3::Z * 0.02),
        ));
        t.spawn((
            Pickable::IGNORE,
            Label::Relics(seat),
            Text2d::new(""),
            TextFont::from_font_size(14.0).with_font(fonts.bold.clone()),
            TextColor(GRAIL_GOLD),
            Transform::from_xyz(0.0, FIGURE_R + 7.0, 0.05),
        ));
    });
    e
}

/// A card on the table: a White card's value or name on silver, a Black card's on black (a
/// face-down one shows its back with a question mark).
/// The motif of a quest's board.
pub(super) fn quest_picture(q: QuestId) -> Picture {
    match q {
        QuestId::BlackKnight => Picture::BlackKnightHelm,
        QuestId::Grail => Picture::HolyGrail,
        QuestId::Lancelot => Picture::MountedKnight,
        QuestId::Dragon => Picture::DragonHead,
        QuestId::Excalibur => Picture::SwordInStone,
        QuestId::PictWar => Picture::Barbarian,
        QuestId::SaxonWar => Picture::VikingHelmet,
    }
}

/// A card on the table, at the table's card size.
pub(super) fn spawn_card(
    commands: &mut Commands,
    parent: Entity,
    face: &CardFace,
    at: Vec3,
    fonts: &WorldFonts,
    pictures: &Pictures,
) -> Entity {
    spawn_face(commands, parent, face, CARD, at, fonts, pictures)
}

/// A card lying face down: a White one, or a Black one.
pub(super) fn back_face(dark: bool) -> CardFace {
    CardFace {
        name: String::new(),
        value: None,
        picture: Some(if dark { Picture::EvilTree } else { Picture::Shield }),
        line: None,
        side: CardSide::Back { dark },
    }
}

/// The picture of a White card.
fn white_picture(c: White) -> Picture {
    match c {
        White::Fight(_) => Picture::CrossedSwords,
        White::Grail => Picture::HolyGrail,
        White::Merlin => Picture::WizardFace,
        White::Clairvoyance => Picture::CrystalBall,
        White::Convocation => Picture::RoundTable,
        White::Fate => Picture::RollingDice,
        White::Heroism => Picture::LaurelCrown,
        White::LadyOfTheLake => Picture::WaterSplash,
        White::Messenger => Picture::Scroll,
        White::Piety => Picture::SunPriest,
        White::Reinforcements => Picture::KnightBanner,
    }
}

/// A White card's face: its name, its picture, its value (a Fight card's) and what it does.
pub(in crate::app::tables::shadows) fn white_face(s: &Shadows, c: White) -> CardFace {
    CardFace {
        name: c.name(),
        value: c.fight().map(|v| v.to_string()),
        picture: Some(white_picture(c)),
        line: Some(white_line(s, c)),
        side: CardSide::Light,
    }
}

/// The picture of a Black card (on `quest` where it lies: a Lancelot card on the Dragon is the
/// Dragon).
fn black_picture(c: Black, quest: Option<QuestId>) -> Picture {
    match c {
        Black::BlackKnight(_) => Picture::BlackKnightHelm,
        Black::Lancelot(..) if quest == Some(QuestId::Dragon) => Picture::DragonHead,
        Black::Lancelot(..) => Picture::MountedKnight,
        Black::Excalibur => Picture::SwordInStone,
        Black::Despair => Picture::BrokenHeart,
        Black::Desolation => Picture::DeadWood,
        Black::Picts => Picture::Barbarian,
        Black::Saxons => Picture::VikingHelmet,
        Black::Mercenaries => Picture::Coins,
        Black::MorganDiscard | Black::MorganMore | Black::MorganSiege | Black::MorganWound | Black::MorganSacrifice => {
            Picture::WitchFace
        }
        Black::DarkForest => Picture::EvilTree,
        Black::Vivien => Picture::MagicSwirl,
        Black::Guinevere => Picture::QueenCrown,
        Black::Mists => Picture::Fog,
        Black::Mordred => Picture::HoodedAssassin,
        Black::Hidden => Picture::EvilTree,
    }
}

/// A Black card's face as it lies on a quest: its picture and its value there; face down, its
/// kind only and a "?" (but to the seat that placed it, in its own view: the card, marked as
/// face down).
pub(super) fn black_face(s: &Shadows, q: QuestId, p: &Placed) -> CardFace {
    let value = match p.card {
        Black::BlackKnight(0) | Black::Lancelot(0, 0) | Black::Hidden => Some("?".to_string()),
        Black::BlackKnight(v) => Some(v.to_string()),
        Black::Lancelot(l, d) => Some((if q == QuestId::Dragon { d } else { l }).to_string()),
        _ => None,
    };
    CardFace {
        name: p.card.name(),
        value,
        picture: Some(black_picture(p.card, Some(q))),
        line: Some(if p.face_down && p.card.hidden() != p.card {
            format!("Face down: only you know it. {}", black_text(s, p.card))
        } else {
            black_text(s, p.card)
        }),
        side: CardSide::Dark,
    }
}

/// A Black card drawn, as it turns over above Camelot (an unseen Combat card: its kind only).
pub(super) fn drawn_face(s: &Shadows, card: Black) -> CardFace {
    let unseen = card.is_combat() && card.hidden() == card;
    CardFace {
        name: if unseen { "A Combat card".into() } else { card.name() },
        value: match card {
            Black::BlackKnight(v) | Black::Lancelot(v, _) if v > 0 => Some(v.to_string()),
            _ => None,
        },
        picture: Some(black_picture(card, s.lancelot_or_dragon())),
        line: (!unseen).then(|| black_text(s, card)),
        side: CardSide::Dark,
    }
}
