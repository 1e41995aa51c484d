//! The castle's scenery, built once: the table, the rooms and their fields, the throne room
//! and its tracks, the mission display, the hinterland and the score track.

use crate::app::motion::Glide;
use crate::app::shared::Screen;
use crate::app::style::world_text as text;
use crate::app::style::{Look, Paint, WorldFonts, frame, hoverable, icon, rect, size, world};
use crate::app::tables::future::board::pieces::{grail_tile, merlin_back, spawn_figure, spawn_marker, spawn_tile};
use crate::app::tables::future::board::{
    Castle, CastleRoot, Count, Light, MERLIN_BLUE, Magician, MerlinTile, PLATE, ROOM, STACK_LABELS, ScoreMarker, TITLE,
    TRACK_TILE, U, board_colour, clickable, field_pos, layout, z,
};
use crate::app::tables::future::ui::{CastleClick, Hover};
use crate::rules::future::{Board, Future, Piece, Room, RoomRule, Slot, Stack, Stage};
use bevy::prelude::*;
use bevy::sprite::Anchor;

pub(super) fn build_castle(
    commands: &mut Commands,
    s: &Future,
    key: (u64, usize, [Option<usize>; 5]),
    (fonts, surfaces, pictures): (
        &WorldFonts,
        &crate::app::surfaces::Surfaces,
        &crate::app::icons::Pictures,
    ),
    paint: &mut Paint,
) -> Castle {
    use crate::app::surfaces::Surface;
    let content = s.content.0.clone();
    let root = commands
        .spawn((
            CastleRoot,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ))
        .id();
    let (origin, throne) = layout();
    let secret = s.room(Board::Violet).is_some();
    let castle_rect = Rect::new(
        origin[Board::Green.index()].x,
        if secret {
            origin[Board::Violet.index()].y
        } else {
            origin[Board::Blue.index()].y
        },
        origin[Board::Red.index()].x + ROOM,
        origin[Board::Green.index()].y + ROOM + TITLE,
    );
    let frame_rect = castle_rect.inflate(TRACK_TILE + 18.0);
    // The table the castle lies on, its floor (grey flagstones) and walls.
    commands.spawn((
        surfaces.table_top(frame_rect),
        Pickable::IGNORE,
        Transform::from_translation(frame_rect.center().extend(z::FLOOR - 0.2)),
        ChildOf(root),
    ));
    commands.spawn((
        surfaces.sprite(Surface::Stone, frame_rect.size(), Color::srgb(0.16, 0.15, 0.15)),
        Pickable::IGNORE,
        Transform::from_translation(frame_rect.center().extend(z::FLOOR - 0.1)),
        ChildOf(root),
    ));
    frame(commands, root, world::WOOD, frame_rect, 8.0, z::FRAME);
    frame(commands, root, world::GOLD_DIM, castle_rect.inflate(6.0), 3.0, z::FRAME);
    // The rooms in play.
    for b in Board::ALL {
        let Some(room) = s.room(b) else {
            continue;
        };
        let o = origin[b.index()];
        let size = if b == Board::Violet {
            Vec2::new(ROOM, 3.0 * U)
        } else {
            Vec2::splat(ROOM)
        };
        let area = Rect::from_corners(o, o + size);
        let colour = board_colour(b);
        // A room's floor: worn boards.
        commands.spawn((
            surfaces.sprite(Surface::Wood, area.size(), Color::srgb(0.25, 0.21, 0.18)),
            Pickable::IGNORE,
            Transform::from_translation(area.center().extend(z::FLOOR)),
            ChildOf(root),
        ));
        frame(commands, root, colour, area, 5.0, z::FRAME);
        let band = Rect::new(area.min.x, area.max.y, area.max.x, area.max.y + TITLE);
        rect(commands, root, colour, band.size(), band.center().extend(z::FRAME));
        let side = match room.side() {
            crate::rules::future::Side::A => "A",
            crate::rules::future::Side::B => "B",
        };
        let title = if b == Board::Violet {
            room.name().to_string()
        } else {
            format!("{} · {} {side}", room.name(), b.name())
        };
        text(
            commands,
            root,
            title,
            size::WORLD_NAME,
            &fonts.bold,
            Color::WHITE,
            band.center().extend(z::LABEL),
        );
        draw_room(commands, root, room, o, fonts);
    }
    let mut castle = Castle {
        content: content.clone(),
        key,
        origin,
        throne,
        stacks: [Vec2::ZERO; 4],
        home: Vec::new(),
        hinterland: Vec::new(),
        supply: Vec2::ZERO,
        merlin: Vec::new(),
        track: Vec::new(),
        frame: frame_rect,
    };
    // Fields: plates the knights stand on.
    for b in Board::ALL {
        let Some(room) = s.room(b) else {
            continue;
        };
        for i in 0..room.len() {
            let p = castle.field_at(room, i);
            draw_field(commands, root, room, i, p, fonts);
        }
    }
    draw_throne(commands, root, s, &mut castle, fonts);
    draw_display(commands, root, s, &mut castle, fonts);
    draw_hinterland(commands, root, s, &mut castle, castle_rect, (fonts, pictures), paint);
    draw_score_track(commands, root, &castle, fonts);
    // Everything that stands on the board at the start.
    for (slot, _) in s.colours.iter().enumerate() {
        let at = castle.home(slot as Slot).extend(z::MAGICIAN);
        let e = spawn_figure(
            commands,
            root,
            s,
            Piece::Magician(slot as Slot),
            at,
            fonts,
            paint,
            false,
        );
        commands
            .entity(e)
            .insert((Magician(slot as Slot), Glide::at(at), Visibility::Hidden));
        let m = castle.track_tile(0).extend(z::MARKER);
        let e = spawn_marker(commands, root, s, slot as Slot, m, fonts, paint);
        commands.entity(e).insert((ScoreMarker(slot as Slot), Glide::at(m)));
    }
    let left = s.merlin_row_count();
    for (i, &at) in castle.merlin.iter().enumerate() {
        if i + left < castle.merlin.len() {
            continue;
        }
        let at = at.extend(z::CARD);
        let e = spawn_tile(commands, root, at, merlin_back(pictures));
        commands.entity(e).insert((MerlinTile(i), Glide::at(at)));
    }
    castle
}

/// The room's paths (arrows between fields) and its rule's marks.
fn draw_room(commands: &mut Commands, root: Entity, room: &Room, o: Vec2, fonts: &WorldFonts) {
    let at = |i: usize| field_pos(o, room, i);
    let mut path = |a: Vec2, b: Vec2| {
        let d = b - a;
        commands.spawn((
            Sprite::from_color(world::PATH.with_alpha(0.55), Vec2::new(d.length(), 5.0)),
            Pickable::IGNORE,
            Transform::from_translation(((a + b) / 2.0).extend(z::PATH))
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
            ChildOf(root),
        ));
    };
    for (i, nexts) in room.next.iter().enumerate() {
        for &j in nexts {
            path(at(i), at(j as usize));
        }
    }
    // The Ballroom and the secret room fill in order: a path runs from each field to the next
    // (each field carries its number).
    for w in room.order.windows(2) {
        path(at(w[0] as usize), at(w[1] as usize));
    }
    // Treason's two rows are named at their left, and the Knights' Table between them says which
    // side leads.
    if let RoomRule::Treason { .. } = room.file.rule {
        let middle = |row: usize| {
            let ps: Vec<Vec2> = room.rows[row].iter().map(|&f| at(f as usize)).collect();
            ps.iter().copied().sum::<Vec2>() / ps.len().max(1) as f32
        };
        let e = text(
            commands,
            root,
            "",
            size::WORLD_SMALL,
            &fonts.bold,
            world::GOLD,
            ((middle(0) + middle(1)) / 2.0).extend(z::LABEL),
        );
        commands.entity(e).insert(Count::KnightsTable);
        for (row, name) in [(0usize, "Royalists"), (1, "Rebels")] {
            if let Some(&first) = room.rows[row].first() {
                let p = at(first as usize);
                let e = text(
                    commands,
                    root,
                    name,
                    size::WORLD_SMALL,
                    &fonts.regular,
                    world::GOLD,
                    (p + Vec2::new(0.0, if row == 0 { 24.0 } else { -24.0 })).extend(z::LABEL),
                );
                commands.entity(e).insert(Anchor::CENTER);
            }
        }
    }
}

/// What a field shows: its points, its effects as icons, hearts, its group or stage, a start.
fn draw_field(commands: &mut Commands, root: Entity, room: &Room, i: usize, p: Vec2, fonts: &WorldFonts) {
    let f = &room.fields()[i];
    let b = room.board();
    commands.spawn((
        Sprite::from_color(Look::Lit.outline_colour(), Vec2::splat(PLATE + 10.0)),
        Transform::from_translation(p.extend(z::LIGHT)),
        Visibility::Hidden,
        Light::Field(b, i as u8),
        Pickable::IGNORE,
        ChildOf(root),
    ));
    let royal = matches!(&room.file.rule, RoomRule::Treason { .. }) && room.rows[0].contains(&(i as u8));
    let fill = match f.stage {
        Stage::Final => Color::srgb(0.45, 0.45, 0.50),
        Stage::Winner => Color::srgb(0.55, 0.45, 0.18),
        Stage::Normal if royal => Color::srgb(0.42, 0.36, 0.20),
        Stage::Normal => Color::srgb(0.34, 0.31, 0.28),
    };
    inked_plate(commands, root, fill, PLATE, p, CastleClick::Field(b, i as u8));
    if f.points != 0 {
        text(
            commands,
            root,
            format!("{:+}", f.points),
            15.0,
            &fonts.numbers,
            Color::WHITE,
            (p + Vec2::new(0.0, -1.0)).extend(z::LABEL),
        );
    }
    // Marks around the plate: effects top right, hearts bottom left, group top left.
    let mut marks: Vec<(char, Color)> = Vec::new();
    for e in &f.effects {
        match e {
            crate::rules::future::Effect::Grail(_) => marks.push((icon::TROPHY, world::GOLD)),
            crate::rules::future::Effect::Tree => marks.push((icon::TREE, Color::srgb(0.4, 0.8, 0.4))),
            crate::rules::future::Effect::ExtraKnight(to) => marks.push((icon::HELMET, board_colour(*to))),
            crate::rules::future::Effect::Points(_) => {}
        }
    }
    if f.stage == Stage::Winner {
        marks.push((icon::CROWN, world::GOLD));
    }
    if room.queen == Some(i as u8) {
        marks.push((icon::QUEEN, Color::srgb(0.95, 0.55, 0.7)));
    }
    if f.start {
        marks.push((icon::FOOTPRINT, world::PARCHMENT));
    }
    for (k, (glyph, colour)) in marks.into_iter().enumerate() {
        let at = p + Vec2::new(PLATE / 2.0 + 1.0, PLATE / 2.0 - 2.0 - 11.0 * k as f32);
        let e = text(
            commands,
            root,
            glyph.to_string(),
            12.0,
            &fonts.icons,
            colour,
            at.extend(z::LABEL),
        );
        commands.entity(e).insert(Anchor::CENTER_LEFT);
    }
    // Hearts hang from the plate that gives them, on a tab of their own; the queen's field
    // says how many it needs.
    let queen_needs = match &room.file.rule {
        RoomRule::Sequential { queen_hearts, .. } if room.queen == Some(i as u8) => Some(*queen_hearts),
        _ => None,
    };
    if let Some(words) = hearts_tab(f.hearts, queen_needs) {
        let y = p.y - PLATE / 2.0 - 6.0;
        let width: f32 = words.chars().map(|c| if c == '♥' { 9.0 } else { 6.0 }).sum::<f32>() + 6.0;
        rect(
            commands,
            root,
            HEART_TAB,
            Vec2::new(width, 13.0),
            Vec3::new(p.x, y, z::PLATE - 0.005),
        );
        text(
            commands,
            root,
            words,
            10.0,
            &fonts.numbers,
            HEART,
            Vec3::new(p.x, y - 0.5, z::LABEL),
        );
    }
    let group = match (&room.file.rule, f.stage) {
        (RoomRule::Groups { .. }, _) | (RoomRule::Tournament { .. }, Stage::Normal) if f.group > 0 => {
            Some(format!("{}", f.group))
        }
        (RoomRule::Tournament { .. }, Stage::Final) => Some(format!("F{}", f.group)),
        // The order a field fills in (the Ballroom, the secret room).
        (RoomRule::Sequential { .. } | RoomRule::TopmostFree { .. }, _) if f.order > 0 => Some(f.order.to_string()),
        _ => None,
    };
    if let Some(g) = group {
        let e = text(
            commands,
            root,
            g,
            11.0,
            &fonts.numbers,
            world::GOLD,
            (p + Vec2::new(-PLATE / 2.0 - 1.0, PLATE / 2.0 - 4.0)).extend(z::LABEL),
        );
        commands.entity(e).insert(Anchor::CENTER_RIGHT);
    }
}

/// The Ballroom's hearts: their pink, and the tab they hang on.
const HEART: Color = Color::srgb(1.0, 0.62, 0.72);
const HEART_TAB: Color = Color::srgb(0.42, 0.14, 0.24);

/// What a field's heart tab says: a heart for each heart it gives, or for the queen's field the
/// hearts it needs ("needs ♥♥♥"); `None` for a field without hearts.
fn hearts_tab(hearts: u8, queen_needs: Option<u8>) -> Option<String> {
    match (hearts, queen_needs) {
        (_, Some(n)) if n > 0 => Some(format!("needs {}", "♥".repeat(n as usize))),
        (0, _) => None,
        (n, _) => Some("♥".repeat(n as usize)),
    }
}

/// The throne room: the arc of number spaces with their two slots, the turn-order track, and
/// the Merlin row above.
fn draw_throne(commands: &mut Commands, root: Entity, s: &Future, castle: &mut Castle, fonts: &WorldFonts) {
    let t = castle.content.throne.clone();
    let o = castle.throne;
    let area = Rect::from_corners(o + Vec2::new(0.0, -6.0), o + Vec2::new(ROOM, 10.6 * U + 4.0));
    rect(
        commands,
        root,
        Color::srgb(0.17, 0.13, 0.20),
        area.size(),
        area.center().extend(z::FLOOR),
    );
    frame(commands, root, world::GOLD_DIM, area, 3.0, z::FRAME);
    for n in 0..=t.highest {
        for inner in [false, true] {
            let p = castle.number_at(n, inner);
            let plate = if inner { 17.0 } else { 22.0 };
            if !inner {
                commands.spawn((
                    Sprite::from_color(Look::Lit.outline_colour(), Vec2::splat(plate + 5.0)),
                    Transform::from_translation(p.extend(z::LIGHT)),
                    Visibility::Hidden,
                    Light::Number(n),
                    Pickable::IGNORE,
                    ChildOf(root),
                ));
            }
            let fill = if inner {
                Color::srgb(0.30, 0.24, 0.36)
            } else {
                Color::srgb(0.40, 0.32, 0.48)
            };
            inked_plate(commands, root, fill, plate, p, CastleClick::Number(n));
        }
        // The number, inside the arc: outside it the end numbers would reach past the throne
        // room's frame.
        let a = std::f32::consts::PI - n as f32 * std::f32::consts::PI / t.highest.max(1) as f32;
        let r = t.inner_radius - 1.0;
        let p = o + Vec2::new(t.centre.0 + r * a.cos(), t.centre.1 + r * a.sin()) * U;
        text(
            commands,
            root,
            n.to_string(),
            13.0,
            &fonts.numbers,
            world::PARCHMENT,
            p.extend(z::LABEL),
        );
    }
    text(
        commands,
        root,
        "Throne room",
        size::WORLD_SMALL,
        &fonts.regular,
        world::GOLD,
        (o + Vec2::new(ROOM / 2.0, 5.6 * U)).extend(z::LABEL),
    );
    // The turn-order track: first to act at the top, where the Merlin symbol is.
    let used = s.colours.len();
    for (i, &(x, y)) in t.track.iter().enumerate() {
        let p = o + Vec2::new(x * U, y * U);
        castle.track.push(p);
        let fill = if i < used {
            Color::srgb(0.45, 0.38, 0.22)
        } else {
            Color::srgb(0.22, 0.2, 0.2)
        };
        rect(
            commands,
            root,
            world::INK,
            Vec2::new(70.0, 17.0),
            p.extend(z::PLATE - 0.01),
        );
        let plate = rect(commands, root, fill, Vec2::new(68.0, 15.0), p.extend(z::PLATE));
        hoverable(commands, plate, Hover::Track(i));
        let e = text(
            commands,
            root,
            format!("{}", i + 1),
            12.0,
            &fonts.numbers,
            world::PARCHMENT,
            (p + Vec2::new(-40.0, 0.0)).extend(z::LABEL),
        );
        commands.entity(e).insert(Anchor::CENTER_RIGHT);
        if i == 0 {
            let e = text(
                commands,
                root,
                icon::CRYSTAL_BALL.to_string(),
                13.0,
                &fonts.icons,
                MERLIN_BLUE,
                (p + Vec2::new(40.0, 0.0)).extend(z::LABEL),
            );
            commands.entity(e).insert(Anchor::CENTER_LEFT);
        }
    }
    // The Merlin row above the throne room.
    let row_y = area.max.y + 20.0;
    let e = text(
        commands,
        root,
        "Merlin",
        size::WORLD_SMALL,
        &fonts.regular,
        world::GOLD,
        Vec3::new(o.x + 4.0, row_y, z::LABEL),
    );
    commands.entity(e).insert(Anchor::CENTER_LEFT);
    let n = castle.content.deck.merlin.len();
    for i in 0..n {
        castle.merlin.push(Vec2::new(o.x + 70.0 + i as f32 * 31.0, row_y));
    }
    let row = rect(
        commands,
        root,
        Color::srgb(0.12, 0.11, 0.12),
        Vec2::new(n as f32 * 31.0 + 4.0, 30.0),
        Vec3::new(o.x + 70.0 + (n as f32 - 1.0) * 15.5, row_y, z::CARD - 0.3),
    );
    hoverable(commands, row, Hover::MerlinRow);
}

/// The mission display: a stack and its face-up row for three, two and one knights (and the key
/// stack at five players).
fn draw_display(commands: &mut Commands, root: Entity, s: &Future, castle: &mut Castle, fonts: &WorldFonts) {
    let o = castle.throne;
    let top = o.y - 58.0;
    for (i, label) in STACK_LABELS.iter().enumerate() {
        // A stack the display never draws from at this player count (the key stack below five)
        // is not on the table.
        if s.content.0.display(s.players).count(Stack::ALL[i]) == 0 {
            castle.stacks[i] = castle.stacks[0];
            continue;
        }
        let at = if i == Stack::Key.index() {
            // The key stack lies at the end of the three-knight row, which is never full.
            Vec2::new(o.x + ROOM - 24.0, top)
        } else {
            Vec2::new(o.x + 24.0, top - i as f32 * 88.0)
        };
        castle.stacks[i] = at;
        rect(
            commands,
            root,
            world::INK,
            Vec2::new(44.0, 62.0),
            at.extend(z::CARD - 0.2),
        );
        let back = rect(
            commands,
            root,
            Color::srgb(0.16, 0.22, 0.40),
            Vec2::new(40.0, 58.0),
            at.extend(z::CARD - 0.1),
        );
        hoverable(commands, back, Hover::Stack(i));
        text(
            commands,
            root,
            *label,
            15.0,
            &fonts.bold,
            world::GOLD,
            (at + Vec2::new(0.0, 8.0)).extend(z::CARD),
        );
        let e = text(
            commands,
            root,
            "",
            12.0,
            &fonts.numbers,
            world::PARCHMENT,
            (at + Vec2::new(0.0, -14.0)).extend(z::CARD),
        );
        commands.entity(e).insert(Count::Stack(i));
    }
}

/// The hinterland (each colour's knights lying in the open), the Grail supply and the
/// tournament tiles.
fn draw_hinterland(
    commands: &mut Commands,
    root: Entity,
    s: &Future,
    castle: &mut Castle,
    castle_rect: Rect,
    (fonts, pictures): (&WorldFonts, &crate::app::icons::Pictures),
    paint: &mut Paint,
) {
    let o = castle.throne;
    let y = origin_bottom(castle) + 58.0;
    let area = Rect::new(o.x, y - 50.0, o.x + ROOM, y + 40.0);
    frame(commands, root, world::GOLD_DIM, area, 2.0, z::FRAME);
    let e = text(
        commands,
        root,
        "Hinterland",
        size::WORLD_SMALL,
        &fonts.regular,
        world::GOLD,
        Vec3::new(area.min.x + 6.0, area.max.y - 10.0, z::LABEL),
    );
    commands.entity(e).insert(Anchor::CENTER_LEFT);
    let n = s.colours.len().max(1);
    let step = (ROOM - 20.0) / n as f32;
    for (slot, _) in s.colours.iter().enumerate() {
        let p = Vec2::new(area.min.x + 10.0 + step * (slot as f32 + 0.5) - 10.0, y + 6.0);
        castle.hinterland.push(p);
        let spot = rect(
            commands,
            root,
            Color::srgb(0.16, 0.15, 0.14),
            Vec2::new(56.0, 32.0),
            (p + Vec2::new(14.0, 0.0)).extend(z::PLATE),
        );
        hoverable(commands, spot, Hover::Hinterland(slot as Slot));
        spawn_figure(
            commands,
            root,
            s,
            Piece::Knight(slot as Slot),
            p.extend(z::PIECE),
            fonts,
            paint,
            false,
        );
        let e = text(
            commands,
            root,
            "",
            15.0,
            &fonts.numbers,
            world::PARCHMENT,
            (p + Vec2::new(16.0, 0.0)).extend(z::LABEL),
        );
        commands
            .entity(e)
            .insert((Anchor::CENTER_LEFT, Count::Hinterland(slot as Slot)));
    }
    // The Grail supply and the tournament's tiles.
    castle.supply = Vec2::new(area.min.x + 24.0, y - 30.0);
    let supply = rect(
        commands,
        root,
        world::INK,
        Vec2::splat(28.0),
        castle.supply.extend(z::CARD - 0.05),
    );
    hoverable(commands, supply, Hover::Supply);
    spawn_tile(commands, root, castle.supply.extend(z::CARD), grail_tile(pictures));
    let e = text(
        commands,
        root,
        "",
        14.0,
        &fonts.numbers,
        world::PARCHMENT,
        (castle.supply + Vec2::new(18.0, 0.0)).extend(z::LABEL),
    );
    commands.entity(e).insert((Anchor::CENTER_LEFT, Count::Supply));
    let e = text(
        commands,
        root,
        "",
        size::WORLD_SMALL,
        &fonts.regular,
        world::PARCHMENT,
        Vec3::new(area.max.x - 6.0, y - 30.0, z::LABEL),
    );
    commands
        .entity(e)
        .insert((Anchor::CENTER_RIGHT, Count::TournamentTiles));
    // Each colour's screen is beside the castle, left, behind the panel: where its knights come
    // from and its cards and tiles go.
    for (slot, _) in s.colours.iter().enumerate() {
        castle.home.push(Vec2::new(
            castle_rect.min.x - 120.0,
            castle_rect.max.y - 60.0 - slot as f32 * 90.0,
        ));
    }
}

fn origin_bottom(castle: &Castle) -> f32 {
    castle.origin[Board::Blue.index()].y
}

/// The score track around the castle: 60 tiles, every fifth numbered.
fn draw_score_track(commands: &mut Commands, root: Entity, castle: &Castle, fonts: &WorldFonts) {
    for i in 0..60 {
        let p = castle.track_tile(i);
        rect(
            commands,
            root,
            if i % 5 == 0 {
                Color::srgb(0.42, 0.34, 0.20)
            } else {
                Color::srgb(0.30, 0.26, 0.22)
            },
            Vec2::splat(TRACK_TILE - 4.0),
            p.extend(z::PLATE),
        );
        if i % 5 == 0 {
            text(
                commands,
                root,
                i.to_string(),
                12.0,
                &fonts.numbers,
                world::PARCHMENT,
                p.extend(z::LABEL),
            );
        }
    }
}

/// A square plate of this side and fill centred at `p`, edged in ink, that a click may take as
/// `click`.
fn inked_plate(commands: &mut Commands, root: Entity, fill: Color, side: f32, p: Vec2, click: CastleClick) {
    rect(
        commands,
        root,
        world::INK,
        Vec2::splat(side + 2.0),
        p.extend(z::PLATE - 0.01),
    );
    let plate = rect(commands, root, fill, Vec2::splat(side), p.extend(z::PLATE));
    clickable(commands, plate, click);
}
