//! Each quest's board drawn in its cell, its sides labelled, and a Black card revealed.

use crate::app::cards::spawn_face;
use crate::app::icons::{Picture, Pictures};
use crate::app::motion::{Arrive, Glide, Leg};
use crate::app::style::world_text as text;
use crate::app::style::{WorldFonts, frame, icon, rect, size, world};
use crate::app::tables::shadows::board::pieces::{
    back_face, black_face, drawn_face, quest_picture, spawn_card, white_face,
};
use crate::app::tables::shadows::board::{
    CARD, CARD_STEP, PLATE, QuestLayer, QuestLook, REVEAL_SCALE, SILVER, Table, z,
};
use crate::app::tables::shadows::ui::board_of;
use crate::rules::shadows::{Black, QuestId, QuestKind, Shadows};
use bevy::prelude::*;

/// Draws a quest's board: its title, its spots and what lies on them. Cards not on the board
/// before fly in (White ones from the hands, Black ones from the Black pile); cards gone fly to
/// their discard.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_quest(
    commands: &mut Commands,
    root: Entity,
    table: &Table,
    g: &Shadows,
    look: &QuestLook,
    old: Option<&QuestLook>,
    (fonts, pictures): (&WorldFonts, &Pictures),
) {
    let q = look.quest;
    let def = g.content().quest(q);
    let qs = &look.state;
    let c = table.boards[board_of(q).index()];
    let layer = commands
        .spawn((
            QuestLayer(q),
            Transform::default(),
            Visibility::default(),
            Pickable::IGNORE,
            ChildOf(root),
        ))
        .id();
    let top = PLATE.y / 2.0;
    let mut title = def.name.clone();
    if def.solo {
        title.push_str("  · Solo");
    }
    if look.heroism {
        title.push_str("  · Heroism");
    }
    // The quest's motif, large and faint behind its spots, and its title on a plaque.
    commands.spawn((
        Pickable::IGNORE,
        pictures.sprite(quest_picture(q), PLATE.y * 0.82, Color::srgba(0.93, 0.85, 0.62, 0.055)),
        Transform::from_translation((c + Vec2::new(PLATE.x * 0.27, -8.0)).extend(z::PLATE + 0.02)),
        ChildOf(layer),
    ));
    let plaque = Vec2::new(PLATE.x * 0.78, 30.0);
    let plaque_at = c + Vec2::new(0.0, top - 19.0);
    rect(commands, layer, world::WOOD, plaque, plaque_at.extend(z::LABEL - 0.05));
    frame(
        commands,
        layer,
        world::GOLD_DIM,
        Rect::from_center_size(plaque_at, plaque),
        1.5,
        z::LABEL - 0.04,
    );
    text(
        commands,
        layer,
        title,
        size::WORLD_LABEL,
        &fonts.bold,
        world::GOLD,
        plaque_at.extend(z::LABEL),
    );
    // What was on the board before (same quest), to know what is new.
    let before = old.filter(|o| o.quest == q).map(|o| &o.state);
    let old_white = before.map_or(0, |b| b.white.len());
    let old_black = before.map_or(0, |b| b.black.len());
    let fly = |commands: &mut Commands, e: Entity, from: Vec2, to: Vec3, n: usize| {
        let start = from.extend(z::FLIGHT);
        let mut glide = Glide::at(start);
        glide.wait_then(&Transform::from_translation(start), 0.1 * n as f32, to, 1.0, 0.6);
        commands.entity(e).insert((Transform::from_translation(start), glide));
    };
    let white_row = |i: usize, n: usize| table.slot(q, i, n, 52.0).extend(z::CARD + i as f32 * 0.01);
    let black_row = |i: usize, n: usize| table.slot(q, i, n, -18.0).extend(z::CARD + i as f32 * 0.01);
    match &def.kind {
        QuestKind::Combat {
            white_spots,
            black_spots,
            ..
        } => {
            let (w, b) = (*white_spots as usize, *black_spots as usize);
            for i in 0..w {
                card_slot(commands, layer, WHITE_SLOT, white_row(i, w));
            }
            for i in 0..b {
                card_slot(commands, layer, BLACK_SLOT, black_row(i, b));
            }
            for (i, card) in qs.white.iter().enumerate() {
                let e = spawn_card(commands, layer, &white_face(g, *card), white_row(i, w), fonts, pictures);
                if i >= old_white {
                    fly(commands, e, table.hand, white_row(i, w), i - old_white);
                }
            }
            for (i, p) in qs.black.iter().enumerate() {
                let e = spawn_card(commands, layer, &black_face(g, q, p), black_row(i, b), fonts, pictures);
                if i >= old_black {
                    fly(commands, e, table.black_pile, black_row(i, b), i - old_black);
                }
            }
            side_labels(commands, layer, fonts, c + COMBAT_KNIGHTS_LABEL, c + COMBAT_EVIL_LABEL);
        }
        QuestKind::Track { half_length } => {
            let h = *half_length as i32;
            let n = (2 * h + 1) as usize;
            let step = ((PLATE.x - 40.0) / n as f32).min(CARD_STEP);
            for i in 0..n {
                let x = (i as f32 - (n as f32 - 1.0) / 2.0) * step;
                let at = c + Vec2::new(x, 30.0);
                let centre = i as i32 == h;
                let colour = if centre {
                    Color::srgb(0.40, 0.46, 0.60)
                } else {
                    Color::srgb(0.24, 0.34, 0.50)
                };
                rect(commands, layer, colour, Vec2::new(step - 3.0, 34.0), at.extend(z::SLOT));
            }
            // Once the quest is over the sword stays at the end it reached (the rules set the
            // track back to the centre for a quest no longer in play).
            let track = match (qs.in_play, look.over) {
                (false, Some(true)) => h,
                (false, Some(false)) => -h,
                _ => qs.track as i32,
            };
            let x = track as f32 * step;
            let at = (c + Vec2::new(x, 30.0)).extend(z::TOKEN);
            let e = commands
                .spawn((
                    Text2d::new(icon::SWORD.to_string()),
                    TextFont::from_font_size(30.0).with_font(fonts.icons.clone()),
                    TextColor(SILVER),
                    Pickable::IGNORE,
                    Transform::from_translation(at),
                    ChildOf(layer),
                ))
                .id();
            if let Some(b) = before
                && b.track as i32 != track
                && qs.in_play
            {
                let from = (c + Vec2::new(b.track as f32 * step, 30.0)).extend(z::TOKEN);
                let mut glide = Glide::at(from);
                glide.go(&Transform::from_translation(from), at, 0.6);
                commands.entity(e).insert((Transform::from_translation(from), glide));
            }
            let end_x = (n as f32 - 1.0) / 2.0 * step;
            side_labels(
                commands,
                layer,
                fonts,
                c + Vec2::new(end_x, 60.0),
                c + Vec2::new(-end_x, 60.0),
            );
            if !qs.black.is_empty() {
                text(
                    commands,
                    layer,
                    format!(
                        "{} pulled it",
                        crate::rules::counted(qs.black.len() as u64, "Black card", "Black cards")
                    ),
                    size::WORLD_BADGE,
                    &fonts.regular,
                    world::PARCHMENT,
                    (c + Vec2::new(0.0, -10.0)).extend(z::LABEL),
                );
            }
        }
        QuestKind::Grail { spots } => {
            let n = *spots as usize;
            let row = |i: usize| table.slot(q, i, n, 30.0).extend(z::CARD + i as f32 * 0.01);
            for i in 0..n {
                card_slot(commands, layer, WHITE_SLOT, row(i));
            }
            for (i, card) in qs.white.iter().enumerate() {
                let e = spawn_card(commands, layer, &white_face(g, *card), row(i), fonts, pictures);
                if i >= old_white {
                    fly(commands, e, table.hand, row(i), i - old_white);
                }
            }
            for (i, p) in qs.black.iter().enumerate() {
                let spot = n.saturating_sub(1 + i);
                let e = spawn_card(commands, layer, &black_face(g, q, p), row(spot), fonts, pictures);
                if i >= old_black {
                    fly(commands, e, table.black_pile, row(spot), i - old_black);
                }
            }
            text(
                commands,
                layer,
                "Grail cards →          ← Black cards",
                size::WORLD_BADGE,
                &fonts.regular,
                world::PARCHMENT,
                (c + Vec2::new(0.0, -14.0)).extend(z::LABEL),
            );
        }
        QuestKind::War {
            sequence,
            figures,
            mordred_extra,
        } => {
            let mut seq = sequence.clone();
            if qs.mordred {
                seq.push(*mordred_extra);
            }
            let n = seq.len();
            for (i, v) in seq.iter().enumerate() {
                let at = white_row(i, n);
                card_slot(commands, layer, WHITE_SLOT, at);
                text(
                    commands,
                    layer,
                    v.to_string(),
                    size::WORLD_BADGE,
                    &fonts.numbers,
                    Color::srgb(0.6, 0.56, 0.5),
                    at.with_z(z::SLOT + 0.1),
                );
            }
            for (i, card) in qs.white.iter().enumerate() {
                let e = spawn_card(commands, layer, &white_face(g, *card), white_row(i, n), fonts, pictures);
                if i >= old_white {
                    fly(commands, e, table.hand, white_row(i, n), i - old_white);
                }
            }
            // The Picts or Saxons: the last place loses the war.
            let f = *figures as usize;
            let old_figures = before.map_or(0, |b| b.figures as usize);
            let raider = if q == QuestId::PictWar {
                Picture::Barbarian
            } else {
                Picture::VikingHelmet
            };
            for i in 0..f {
                let at = black_row(i, f).with_z(z::SLOT);
                rect(commands, layer, Color::srgb(0.16, 0.10, 0.10), Vec2::splat(32.0), at);
                if i < qs.figures as usize {
                    let e = commands
                        .spawn((
                            Transform::from_translation(at.with_z(z::TOKEN)),
                            Visibility::default(),
                            Pickable::IGNORE,
                            ChildOf(layer),
                        ))
                        .id();
                    // A Pict or a Saxon: a figure, not a letter.
                    commands.entity(e).with_children(|t| {
                        t.spawn((
                            Pickable::IGNORE,
                            pictures.sprite(raider, 30.0, Color::srgb(0.86, 0.30, 0.24)),
                        ));
                    });
                    if i >= old_figures {
                        fly(commands, e, table.black_pile, at.with_z(z::TOKEN), i - old_figures);
                    }
                }
            }
            if qs.mordred {
                text(
                    commands,
                    layer,
                    "Mordred",
                    size::WORLD_BADGE,
                    &fonts.bold,
                    world::SCANDAL_INK,
                    (c + Vec2::new(PLATE.x / 2.0 - 44.0, -18.0)).extend(z::LABEL),
                );
            }
            side_labels(commands, layer, fonts, c + COMBAT_KNIGHTS_LABEL, c + COMBAT_EVIL_LABEL);
        }
    }
    // Cards gone from the board fly to their discards, face down.
    if let Some(b) = before {
        let gone_white = b.white.len().saturating_sub(qs.white.len());
        let gone_black = b.black.len().saturating_sub(qs.black.len());
        for (n, (count, from_dy, to, dark)) in [
            (gone_white, 52.0, table.white_discard, false),
            (gone_black, -18.0, table.black_discard, true),
        ]
        .into_iter()
        .enumerate()
        {
            for i in 0..count {
                let from = table.slot(q, i, count, from_dy).extend(z::FLIGHT);
                let e = spawn_card(commands, root, &back_face(dark), from, fonts, pictures);
                let mut glide = Glide::at(from);
                glide.arrive = Arrive::Despawn;
                glide.wait_then(
                    &Transform::from_translation(from),
                    0.05 * (i + n) as f32,
                    to.extend(z::FLIGHT),
                    0.8,
                    0.6,
                );
                commands.entity(e).insert(glide);
            }
        }
    }
    if !qs.in_play {
        let words = match look.over {
            Some(true) => "Won by the Knights",
            Some(false) => "Lost to Evil",
            None => "Over",
        };
        rect(
            commands,
            layer,
            Color::srgba(0.05, 0.05, 0.06, 0.6),
            PLATE - Vec2::splat(6.0),
            c.extend(z::FIGURE - 0.5),
        );
        text(
            commands,
            layer,
            words,
            size::WORLD_LABEL,
            &fonts.bold,
            world::GOLD,
            c.extend(z::FIGURE - 0.4),
        );
    }
}

/// The tint of an empty place for a White card, and for a Black one.
const WHITE_SLOT: Color = Color::srgb(0.30, 0.28, 0.26);
const BLACK_SLOT: Color = Color::srgb(0.16, 0.10, 0.10);

/// An empty card's place in this tint under where a card at `at` would lie.
fn card_slot(commands: &mut Commands, layer: Entity, tint: Color, at: Vec3) {
    rect(commands, layer, tint, CARD, at.with_z(z::SLOT));
}

/// Where a combat board or war puts "Knights" (above the upper row) and "Evil" (above the lower
/// one), from the quest's centre.
const COMBAT_KNIGHTS_LABEL: Vec2 = Vec2::new(-PLATE.x / 2.0 + 36.0, 86.0);
const COMBAT_EVIL_LABEL: Vec2 = Vec2::new(-PLATE.x / 2.0 + 24.0, 16.0);

/// The "Knights" and "Evil" labels of a quest's two sides, at these points.
fn side_labels(commands: &mut Commands, layer: Entity, fonts: &WorldFonts, knights: Vec2, evil: Vec2) {
    for (label, ink, at) in [
        ("Knights", world::PARCHMENT, knights),
        ("Evil", world::SCANDAL_INK, evil),
    ] {
        text(
            commands,
            layer,
            label,
            size::WORLD_BADGE,
            &fonts.regular,
            ink,
            at.extend(z::LABEL),
        );
    }
}

/// A Black card drawn: its back leaves the pile, grows above Camelot, turns over and shows its
/// face, then goes away.
pub(super) fn spawn_black_reveal(
    commands: &mut Commands,
    root: Entity,
    table: &Table,
    s: &Shadows,
    card: Black,
    fonts: &WorldFonts,
    pictures: &Pictures,
) {
    // Both sides are built at the size they are seen at above Camelot, so their words are sharp;
    // the back starts at the pile's size.
    let big = CARD * REVEAL_SCALE;
    let small = 1.0 / REVEAL_SCALE;
    let from = table.black_pile.extend(z::FLIGHT);
    let over = (table.camelot + Vec2::new(0.0, 10.0)).extend(z::FLIGHT + 0.5);
    let back = spawn_face(commands, root, &back_face(true), big, from, fonts, pictures);
    let mut glide = Glide::at(from);
    glide.arrive = Arrive::Despawn;
    glide.path(
        &Transform::from_translation(from).with_scale(Vec3::splat(small)),
        [
            Leg {
                to: over,
                scale: 1.0,
                secs: 0.6,
            },
            Leg {
                to: over,
                scale: 0.0,
                secs: 0.2,
            },
        ],
    );
    commands
        .entity(back)
        .insert((Transform::from_translation(from).with_scale(Vec3::splat(small)), glide));
    let face = spawn_face(commands, root, &drawn_face(s, card), big, over, fonts, pictures);
    let mut glide = Glide::at(over);
    glide.arrive = Arrive::Despawn;
    glide.path(
        &Transform::from_translation(over).with_scale(Vec3::ZERO),
        [
            Leg {
                to: over,
                scale: 0.0,
                secs: 0.8,
            },
            Leg {
                to: over,
                scale: 1.0,
                secs: 0.2,
            },
            Leg {
                to: over,
                scale: 1.0,
                secs: 1.4,
            },
            Leg {
                to: over,
                scale: 0.0,
                secs: 0.3,
            },
        ],
    );
    commands
        .entity(face)
        .insert((Transform::from_translation(over).with_scale(Vec3::ZERO), glide));
}
