//! The table's scenery, built once: the cells, Camelot with its Round Table, Sword and Siege
//! Engine places and the Siege area.

use crate::app::icons::{Picture, Pictures};
use crate::app::motion::Glide;
use crate::app::shared::Screen;
use crate::app::style::world_text as text;
use crate::app::style::{Paint, WorldFonts, frame, hoverable, rect, size, world};
use crate::app::surfaces::{Surface, Surfaces};
use crate::app::tables::shadows::board::pieces::spawn_knight;
use crate::app::tables::shadows::board::{
    CELL, ENGINE_R, EVIL, EVIL_RIM, HAND_BAND, Label, Light, PILE, PLATE, Piece, SILVER, TABLE_R, Table, TableRoot,
    clickable, light, z,
};
use crate::app::tables::shadows::ui::{Hover, SpotClick};
use crate::rules::record::Match;
use crate::rules::shadows::{QuestId, Shadows};
use bevy::prelude::*;

pub(super) fn build_table(
    commands: &mut Commands,
    m: &Match<Shadows>,
    key: (u64, usize),
    (fonts, pictures, surfaces): (&WorldFonts, &Pictures, &Surfaces),
    paint: &mut Paint,
) -> Table {
    let s = &m.state;
    let content = s.content.clone();
    let root = commands
        .spawn((
            TableRoot,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ))
        .id();
    let mut boards = [Vec2::ZERO; 7];
    for q in QuestId::ALL {
        let (col, row) = content.quest(q).at;
        boards[q.index()] = Table::cell(col, row);
    }
    // The hand's band under the grid: it also fills the room a wide window leaves below it.
    let hand_y = -1.5 * CELL.y - 8.0 - HAND_BAND / 2.0;
    let table = Table {
        content: content.clone(),
        key,
        boards,
        camelot: Vec2::ZERO,
        white_pile: Table::cell(-1, -1) + Vec2::new(-70.0, 10.0),
        white_discard: Table::cell(-1, -1) + Vec2::new(70.0, 10.0),
        black_pile: Table::cell(1, -1) + Vec2::new(-70.0, 10.0),
        black_discard: Table::cell(1, -1) + Vec2::new(70.0, 10.0),
        hand: Vec2::new(0.0, hand_y),
        looks: Default::default(),
        sword_places: s.numbers().swords_end.clamp(1, 24),
        engine_places: s.numbers().siege_lose.clamp(1, 24),
        frame: Rect::from_corners(
            Vec2::new(-1.5 * CELL.x - 8.0, -1.5 * CELL.y - 8.0 - HAND_BAND),
            Vec2::new(1.5 * CELL.x + 8.0, 1.5 * CELL.y + 8.0),
        ),
    };
    // The table: dark oak, and on it a green cloth.
    commands.spawn((
        surfaces.table_top(table.frame),
        Pickable::IGNORE,
        Transform::from_translation(table.frame.center().extend(z::FLOOR - 0.2)),
        ChildOf(root),
    ));
    commands.spawn((
        surfaces.sprite(Surface::Cloth, table.frame.size(), Color::srgb(0.12, 0.17, 0.13)),
        Pickable::IGNORE,
        Transform::from_translation(table.frame.center().extend(z::FLOOR)),
        ChildOf(root),
    ));
    frame(commands, root, world::WOOD, table.frame, 8.0, z::FLOOR + 0.1);
    draw_camelot(commands, root, &table, s, (fonts, pictures, surfaces), paint);
    // The quest boards (one for Lancelot and the Dragon).
    for q in QuestId::ALL {
        if q == QuestId::Dragon {
            continue;
        }
        // A quest's board: dark oak.
        let wood = (Surface::Wood, Color::srgb(0.27, 0.22, 0.17));
        spot_plate(
            commands,
            root,
            surfaces,
            wood,
            table.boards[q.index()],
            SpotClick::Quest(q),
        );
    }
    // The piles.
    for (at, back, label, hover) in [
        (table.white_pile, SILVER, Label::WhitePile, Hover::WhitePile),
        (
            table.white_discard,
            Color::srgb(0.55, 0.55, 0.58),
            Label::WhiteDiscard,
            Hover::WhitePile,
        ),
        (table.black_pile, EVIL, Label::BlackPile, Hover::BlackPile),
        (
            table.black_discard,
            Color::srgb(0.25, 0.2, 0.22),
            Label::BlackDiscard,
            Hover::BlackPile,
        ),
    ] {
        let e = rect(commands, root, world::INK, PILE, at.extend(z::PLATE));
        hoverable(commands, e, hover);
        // The Black pile draws the Progression of Evil's Black card on a click, lit when it may.
        if at == table.black_pile {
            crate::app::style::on_press(commands, e, SpotClick::BlackPile);
            light(commands, root, SpotClick::BlackPile, Rect::from_center_size(at, PILE));
        }
        rect(commands, root, back, Vec2::new(78.0, 110.0), at.extend(z::SLOT));
        let ink = if back == SILVER { world::INK } else { world::PARCHMENT };
        let t = text(
            commands,
            root,
            "",
            size::WORLD_NAME,
            &fonts.bold,
            ink,
            at.extend(z::LABEL),
        );
        commands.entity(t).insert(label);
    }
    text(
        commands,
        root,
        "White cards",
        size::WORLD_LABEL,
        &fonts.regular,
        world::PARCHMENT,
        (Table::cell(-1, -1) + Vec2::new(0.0, 95.0)).extend(z::LABEL),
    );
    text(
        commands,
        root,
        "Black cards",
        size::WORLD_LABEL,
        &fonts.regular,
        world::PARCHMENT,
        (Table::cell(1, -1) + Vec2::new(0.0, 95.0)).extend(z::LABEL),
    );
    // The Knights: a disc in the seat's colour with two letters, and a Life die.
    for (seat, k) in s.knights.iter().enumerate() {
        let at = table
            .knight_at(s, seat)
            .unwrap_or(table.camelot)
            .extend(z::FIGURE + seat as f32 * 0.05);
        let e = spawn_knight(commands, root, m, seat, k.knight, at, fonts, paint);
        commands.entity(e).insert((Piece::Figure(seat), Glide::at(at)));
        if !k.active() {
            commands
                .entity(e)
                .insert(Transform::from_translation(at).with_scale(Vec3::ZERO));
        }
    }
    table
}

/// A plate of `PLATE`'s size centred at `c` in this surface and tint: a spot to click, with a dim
/// gold frame and the light that shows when a click may take it.
fn spot_plate(
    commands: &mut Commands,
    root: Entity,
    surfaces: &Surfaces,
    (surface, tint): (Surface, Color),
    c: Vec2,
    spot: SpotClick,
) {
    let area = Rect::from_center_size(c, PLATE);
    let plate = commands
        .spawn((
            surfaces.sprite(surface, PLATE, tint),
            Transform::from_translation(c.extend(z::PLATE)),
            ChildOf(root),
        ))
        .id();
    clickable(commands, plate, spot);
    frame(commands, root, world::GOLD_DIM, area, 2.0, z::PLATE + 0.01);
    light(commands, root, spot, area);
}

/// An empty badge-sized line at `at` that `label` fills in as the game goes.
fn counter_label(commands: &mut Commands, root: Entity, fonts: &WorldFonts, at: Vec2, label: Label) -> Entity {
    let e = text(
        commands,
        root,
        "",
        size::WORLD_BADGE,
        &fonts.regular,
        world::PARCHMENT,
        at.extend(z::LABEL),
    );
    commands.entity(e).insert(label);
    e
}

/// Camelot: the Round Table with its Sword places, the ring of Siege Engine places, the Siege
/// area beside it; each part a spot to click.
fn draw_camelot(
    commands: &mut Commands,
    root: Entity,
    table: &Table,
    s: &Shadows,
    (fonts, pictures, surfaces): (&WorldFonts, &Pictures, &Surfaces),
    paint: &mut Paint,
) {
    let c = table.camelot;
    // Camelot's courtyard: grey stone.
    let stone = (Surface::Stone, Color::srgb(0.26, 0.27, 0.31));
    spot_plate(commands, root, surfaces, stone, c, SpotClick::Siege);
    text(
        commands,
        root,
        "Siege area",
        size::WORLD_BADGE,
        &fonts.regular,
        world::PARCHMENT,
        (c + Vec2::new(ENGINE_R + 50.0, 112.0)).extend(z::LABEL),
    );
    // The ring of Siege Engine places.
    let ring_mesh = paint.mesh("shadows-siege-ring", || {
        Annulus::new(ENGINE_R - 13.0, ENGINE_R + 13.0).into()
    });
    commands.spawn((
        Mesh2d(ring_mesh),
        MeshMaterial2d(paint.colour(Color::srgb(0.28, 0.26, 0.24))),
        Transform::from_translation(c.extend(z::SLOT - 0.1)),
        Pickable::IGNORE,
        ChildOf(root),
    ));
    for place in 0..table.engine_places {
        let at = table.engine_at(place);
        rect(
            commands,
            root,
            Color::srgb(0.36, 0.33, 0.30),
            Vec2::splat(18.0),
            at.extend(z::SLOT),
        );
        let up = place < s.siege;
        let e = commands
            .spawn((
                Transform::from_translation(at.extend(z::TOKEN)).with_scale(Vec3::splat(if up { 1.0 } else { 0.0 })),
                Visibility::default(),
                Pickable::IGNORE,
                ChildOf(root),
                Piece::Engine { place, up },
                Glide::at(at.extend(z::TOKEN)),
            ))
            .id();
        commands.entity(e).with_children(|t| {
            t.spawn((Pickable::IGNORE, Sprite::from_color(EVIL_RIM, Vec2::splat(24.0))));
            t.spawn((
                Pickable::IGNORE,
                pictures.sprite(Picture::Trebuchet, 22.0, world::PARCHMENT),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
        });
    }
    // The Round Table.
    let table_mesh = paint.mesh("shadows-round-table", || Circle::new(TABLE_R).into());
    commands.spawn((
        Mesh2d(table_mesh),
        MeshMaterial2d(paint.colour(world::WOOD)),
        Transform::from_translation(c.extend(z::SLOT)),
        Pickable::IGNORE,
        ChildOf(root),
    ));
    // What a click takes: a square inside the circle, under it (sprites are what the pointer
    // finds).
    let round = commands
        .spawn((
            Sprite::from_color(world::WOOD, Vec2::splat(TABLE_R * 1.6)),
            Transform::from_translation(c.extend(z::SLOT - 0.05)),
            ChildOf(root),
        ))
        .id();
    clickable(commands, round, SpotClick::RoundTable);
    commands.spawn((
        Light(SpotClick::RoundTable),
        Mesh2d(paint.mesh("shadows-table-light", || Annulus::new(TABLE_R, TABLE_R + 6.0).into())),
        MeshMaterial2d(paint.colour(world::GOLD)),
        Transform::from_translation(c.extend(z::SLOT + 0.05)),
        Visibility::Hidden,
        Pickable::IGNORE,
        ChildOf(root),
    ));
    for place in 0..table.sword_places {
        let at = table.sword_at(place);
        let angle = std::f32::consts::FRAC_PI_2 - std::f32::consts::TAU * place as f32 / table.sword_places as f32;
        let turn = Quat::from_rotation_z(angle);
        commands.spawn((
            Sprite::from_color(Color::srgb(0.32, 0.22, 0.14), Vec2::new(26.0, 10.0)),
            Transform::from_translation(at.extend(z::SLOT + 0.1)).with_rotation(turn),
            Pickable::IGNORE,
            ChildOf(root),
        ));
        for dark in [false, true] {
            let up = sword_shows(s, place, dark);
            let (fill, rim) = if dark { (EVIL, EVIL_RIM) } else { (SILVER, world::INK) };
            let e = commands
                .spawn((
                    Transform::from_translation(at.extend(z::TOKEN))
                        .with_rotation(turn)
                        .with_scale(Vec3::splat(if up { 1.0 } else { 0.0 })),
                    Visibility::default(),
                    Pickable::IGNORE,
                    ChildOf(root),
                    Piece::Sword { place, black: dark, up },
                    Glide::at(at.extend(z::TOKEN)),
                ))
                .id();
            commands.entity(e).with_children(|t| {
                t.spawn((Pickable::IGNORE, Sprite::from_color(rim, Vec2::new(30.0, 11.0))));
                t.spawn((
                    Pickable::IGNORE,
                    Sprite::from_color(fill, Vec2::new(27.0, 7.0)),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
                t.spawn((
                    Pickable::IGNORE,
                    Sprite::from_color(world::GOLD, Vec2::new(4.0, 13.0)),
                    Transform::from_xyz(-8.0, 0.0, 0.02),
                ));
            });
        }
    }
    let swords = counter_label(
        commands,
        root,
        fonts,
        c + Vec2::new(-PLATE.x / 2.0 + 42.0, 40.0),
        Label::Swords,
    );
    hoverable(commands, swords, Hover::Swords);
    counter_label(
        commands,
        root,
        fonts,
        c + Vec2::new(-PLATE.x / 2.0 + 42.0, -70.0),
        Label::Siege,
    );
    text(
        commands,
        root,
        "Camelot",
        size::WORLD_LABEL,
        &fonts.bold,
        world::GOLD,
        (c + Vec2::new(-PLATE.x / 2.0 + 52.0, PLATE.y / 2.0 - 16.0)).extend(z::LABEL),
    );
}

/// Whether a Sword place shows its White (or Black) Sword: the White ones fill the places from
/// the first, the Black ones follow.
pub(in crate::app::tables::shadows::board) fn sword_shows(g: &Shadows, place: u8, black: bool) -> bool {
    let white = g.white_swords;
    if black {
        place >= white && place < white.saturating_add(g.black_swords)
    } else {
        place < white
    }
}
