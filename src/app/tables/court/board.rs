//! The hall: a stone floor with a carpet to the throne, King and Queen at the top, rank bands
//! named in the hall, Movement Lines as paths, spaces as plates, and the knights' heraldic tiles
//! that glide between them.

use crate::app::bridge::{MatchChanged, MatchRes};
use crate::app::handoff::{Handoff, acting_seat};
use crate::app::motion::Glide;
use crate::app::shared::Screen;
use crate::app::style::{BoardFrame, Look, Paint, heraldry, icon, ring, shield_mesh, size, world, world_colour};
use crate::app::style::{WorldFonts, text_on};
use crate::app::table::LogHold;
use crate::app::tables::court::choice::targets;
use crate::app::tables::court::dice::DiceShow;
use crate::app::tables::court::ui::{CourtUi, Hall, HallClick, arms_of, court_match, screen_view};
use crate::rules::Game;
use crate::rules::court::KnightValues;
use crate::rules::court::{CardKind, CourtContent, CourtView, KnightId, Rank, SpaceId};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::TextBounds;
use bevy_egui::egui;
use std::sync::Arc;

/// Board units (the hall file's x and y) to world units.
pub(super) const UNIT_X: f32 = 50.0;
pub(super) const UNIT_Y: f32 = 128.0;
pub(super) const TILE: Vec2 = Vec2::new(92.0, 74.0);
pub(super) const SPACE: Vec2 = Vec2::new(98.0, 82.0);
/// The hall sits this far above the world's centre, leaving the bottom to the hand.
pub(super) const HALL_RAISE: f32 = 118.0;
/// Seconds a knight takes to cross one space (normal speed), and at least.
const GLIDE_PER_UNIT: f32 = 0.0012;
const GLIDE_MIN: f32 = 0.35;

/// The hall's entities.
#[derive(Component)]
pub(super) struct HallRoot;

#[derive(Component)]
pub(super) struct SpaceMarker;

#[derive(Component)]
pub(super) struct SpaceHighlight(pub(super) SpaceId);

#[derive(Component)]
pub(super) struct KnightTile {
    pub(super) knight: KnightId,
}

/// The table's named places (`shared::Places`), in world units: the board, the Equites row, the
/// hand and the piles either side of it, and each space by its id ("E4", "N8", "S1").
fn court_places(content: &CourtContent, hall: &Hall, frame: Rect) -> crate::app::shared::Places {
    let equites = content
        .spaces
        .iter()
        .zip(&hall.positions)
        .filter(|(s, _)| s.rank == Rank::Equites)
        .map(|(_, p)| Rect::from_center_size(*p, SPACE))
        .reduce(|a, b| a.union(b))
        .unwrap_or(hall.floor);
    let hand = Rect::new(frame.min.x, frame.min.y, frame.max.x, hall.floor.min.y);
    // The board's places by the rules core's ids, as `Game::place_of` names them.
    use crate::rules::Place;
    use crate::rules::court::{EQUITES, PILES, space_place};
    let mut places = crate::app::shared::Places::new([
        (Place::fixed("board").0, frame),
        (EQUITES.0, equites),
        (Place::HAND.0, hand.inflate(-8.0)),
        (PILES.0, hand.inflate(-8.0)),
    ]);
    for (i, p) in hall.positions.iter().enumerate().take(content.spaces.len()) {
        let space = crate::rules::court::SpaceId(i as u8);
        places.0.push((
            space_place(content, space).0.into_owned(),
            Rect::from_center_size(*p, SPACE),
        ));
    }
    places
}

pub(super) fn space_world(content: &CourtContent, s: usize) -> Vec2 {
    let (cx, cy) = hall_centre(content);
    content
        .spaces
        .get(s)
        .map(|sp| Vec2::new((sp.x - cx) * UNIT_X, -(sp.y - cy) * UNIT_Y + HALL_RAISE))
        .unwrap_or(Vec2::ZERO)
}

/// The middle of the hall (spaces and throne) in board units.
pub(super) fn hall_centre(content: &CourtContent) -> (f32, f32) {
    let xs = content.spaces.iter().map(|s| s.x).chain([content.throne.0]);
    let ys = content.spaces.iter().map(|s| s.y).chain([content.throne.1]);
    let (minx, maxx) = xs.fold((f32::MAX, f32::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let (miny, maxy) = ys.fold((f32::MAX, f32::MIN), |(a, b), y| (a.min(y), b.max(y)));
    ((minx + maxx) / 2.0, (miny + maxy) / 2.0)
}

pub(super) fn rank_colour(rank: Rank) -> Color {
    match rank {
        Rank::Senator => Color::srgb(0.46, 0.33, 0.12),
        Rank::Nobilitas => Color::srgb(0.23, 0.27, 0.40),
        Rank::Equites => Color::srgb(0.19, 0.32, 0.24),
    }
}

fn rank_name(rank: Rank) -> &'static str {
    match rank {
        Rank::Senator => "Senators",
        Rank::Nobilitas => "Nobilitas",
        Rank::Equites => "Equites",
    }
}

pub(super) fn spawn_or_sync_board(
    mut commands: Commands,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    fonts: Option<Res<WorldFonts>>,
    hall: Option<ResMut<Hall>>,
    roots: Query<Entity, With<HallRoot>>,
    mut tiles: Query<(Entity, &KnightTile, &mut Glide, &Transform, &mut Visibility)>,
    mut changed: MessageReader<MatchChanged>,
    mut paint: Paint,
    mut ui: ResMut<CourtUi>,
    mut frame: ResMut<BoardFrame>,
    dice: Res<DiceShow>,
    (surfaces, mut places): (Res<crate::app::surfaces::Surfaces>, ResMut<crate::app::shared::Places>),
) {
    let changed = changed.read().count() > 0;
    let Some(m) = court_match(&res) else {
        if hall.is_some() {
            for e in &roots {
                commands.entity(e).despawn();
            }
            commands.remove_resource::<Hall>();
        }
        return;
    };
    let Some(fonts) = fonts else {
        return;
    };
    let content = m.state.content().clone();
    let mut hall = match hall {
        Some(h) if Arc::ptr_eq(&h.content, &content) => h,
        _ => {
            for e in &roots {
                commands.entity(e).despawn();
            }
            let hall = build_hall(&mut commands, &content, &fonts);
            frame.0 = super::hand::world_frame(hall.floor);
            *places = court_places(&content, &hall, frame.0);
            // The table the hall and the hand lie on, past every edge of the view.
            commands.spawn((
                HallRoot,
                surfaces.table_top(frame.0),
                Pickable::IGNORE,
                Transform::from_translation(frame.0.center().extend(-20.0)),
                DespawnOnExit(Screen::Table),
            ));
            commands.insert_resource(hall);
            return;
        }
    };
    // Any change of the match (an action, an undo, a load) ends a choice under way: what was
    // legal when it began may not be now.
    if changed {
        *ui = CourtUi {
            at_action: m.actions.len(),
            ..default()
        };
    }
    // The pieces wait while dice roll, so the board does not tell the result before the dice do.
    if dice.hiding_a_result() {
        return;
    }
    let (view, _) = screen_view(m, &handoff);
    let mut seen = vec![false; content.knights.len()];
    for (entity, tile, mut glide, transform, mut visibility) in &mut tiles {
        let k = tile.knight.index();
        seen[k] = true;
        let state = view.knight(tile.knight);
        match state.and_then(|st| st.at.map(|at| (at, st))) {
            Some((at, st)) => {
                let to = hall.positions[at.index()].extend(5.0);
                if *visibility == Visibility::Hidden {
                    // Entering from the reserve: in from the players' side, below the hall.
                    let from = Transform::from_translation(Vec3::new(hall.floor.min.x - 60.0, hall.floor.min.y, 6.0))
                        .with_scale(Vec3::splat(0.6));
                    glide.path(
                        &from,
                        [crate::app::motion::Leg {
                            to,
                            scale: 1.0,
                            secs: 0.6,
                        }],
                    );
                    *visibility = Visibility::Inherited;
                } else if glide.target() != to {
                    let secs = (GLIDE_PER_UNIT * transform.translation.distance(to)).max(GLIDE_MIN);
                    // Above the others while it moves, so a Merlin swap crosses visibly.
                    let lifted = Transform::from_translation(transform.translation.with_z(7.0));
                    glide.go(&lifted, to, secs);
                }
                let look = (
                    at,
                    st.scandalised,
                    st.followers.clone(),
                    view.effective_power(tile.knight),
                    view.points_value(tile.knight),
                );
                if hall.drawn[k].as_ref() != Some(&look) {
                    commands.entity(entity).despawn_children();
                    draw_tile(&mut commands, entity, &view, tile.knight, &fonts, &mut paint);
                    hall.drawn[k] = Some(look);
                }
            }
            None => {
                // Leaving the hall (banished, or out to the reserve): away to the players' side.
                let away = Vec3::new(hall.floor.min.x - 80.0, transform.translation.y, 7.0);
                if *visibility != Visibility::Hidden && glide.target() != away && hall.drawn[k].is_some() {
                    glide.path(
                        transform,
                        [crate::app::motion::Leg {
                            to: away,
                            scale: 0.5,
                            secs: 0.6,
                        }],
                    );
                    hall.drawn[k] = None;
                } else if !glide.busy() {
                    *visibility = Visibility::Hidden;
                    hall.drawn[k] = None;
                }
            }
        }
    }
    // Tiles of knights in play are spawned once, hidden until they enter the hall.
    for (k, st) in view.knights.iter().enumerate() {
        if !seen[k] && st.owner.is_some() {
            let Some(root) = roots.iter().next() else {
                return;
            };
            let at = Vec3::new(0.0, -600.0, 5.0);
            commands.spawn((
                KnightTile {
                    knight: KnightId(k as u8),
                },
                Glide::at(at),
                Transform::from_translation(at),
                Visibility::Hidden,
                ChildOf(root),
            ));
        }
    }
}

pub(super) fn build_hall(commands: &mut Commands, content: &Arc<CourtContent>, fonts: &WorldFonts) -> Hall {
    let positions: Vec<Vec2> = (0..content.spaces.len()).map(|s| space_world(content, s)).collect();
    let root = commands
        .spawn((
            HallRoot,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ))
        .id();
    let (cx, cy) = hall_centre(content);
    let throne = Vec2::new(
        (content.throne.0 - cx) * UNIT_X,
        -(content.throne.1 - cy) * UNIT_Y + HALL_RAISE,
    );
    let (minx, maxx) = positions
        .iter()
        .fold((throne.x, throne.x), |(a, b), p| (a.min(p.x), b.max(p.x)));
    let miny = positions.iter().fold(throne.y, |a, p| a.min(p.y));
    let floor = Rect::new(
        minx - SPACE.x / 2.0 - 26.0,
        miny - SPACE.y / 2.0 - 44.0,
        maxx + SPACE.x / 2.0 + 26.0,
        throne.y + 62.0,
    );
    let sprite = |c: &mut Commands, colour: Color, size: Vec2, at: Vec3| {
        c.spawn((
            Sprite::from_color(colour, size),
            Transform::from_translation(at),
            ChildOf(root),
        ));
    };
    // Walls: a wooden frame with a gold trim around the floor; the joints between the flagstones
    // are the dark background showing through.
    for (colour, outer, width) in [
        (
            world::WOOD,
            Rect::from_center_size(floor.center(), floor.size() + Vec2::splat(28.0)),
            10.0,
        ),
        (
            world::GOLD_DIM,
            Rect::from_center_size(floor.center(), floor.size() + Vec2::splat(8.0)),
            4.0,
        ),
    ] {
        for r in ring(outer, width) {
            sprite(commands, colour, r.size(), r.center().extend(-2.9));
        }
    }
    // Flagstones, in staggered rows, their shades varied by a fixed pattern.
    let stone = Vec2::new(118.0, 74.0);
    let rows = (floor.height() / stone.y).ceil() as i32;
    let cols = (floor.width() / stone.x).ceil() as i32 + 1;
    for r in 0..rows {
        let y = floor.max.y - stone.y * (r as f32 + 0.5);
        for c in 0..cols {
            let offset = if r % 2 == 0 { 0.0 } else { stone.x / 2.0 };
            let x0 = (floor.min.x + c as f32 * stone.x - offset).max(floor.min.x);
            let x1 = (floor.min.x + (c + 1) as f32 * stone.x - offset).min(floor.max.x);
            let y1 = (y + stone.y / 2.0).min(floor.max.y);
            let y0 = (y - stone.y / 2.0).max(floor.min.y);
            if x1 - x0 < 8.0 || y1 - y0 < 8.0 {
                continue;
            }
            let shade = ((r * 7 + c * 13) % 5) as f32 * 0.012;
            let colour = Color::srgb(0.24 + shade, 0.22 + shade, 0.20 + shade * 0.8);
            sprite(
                commands,
                colour,
                Vec2::new(x1 - x0 - 3.0, y1 - y0 - 3.0),
                Vec3::new((x0 + x1) / 2.0, (y0 + y1) / 2.0, -2.7),
            );
        }
    }
    // The carpet from the door to the throne.
    let carpet = Rect::new(throne.x - 46.0, floor.min.y, throne.x + 46.0, throne.y);
    sprite(
        commands,
        world::CARPET_EDGE,
        carpet.size() + Vec2::new(10.0, 0.0),
        carpet.center().extend(-2.5),
    );
    sprite(commands, world::CARPET, carpet.size(), carpet.center().extend(-2.4));
    // Rank bands behind each row of spaces, named at their left.
    for rank in [Rank::Senator, Rank::Nobilitas, Rank::Equites] {
        let mine: Vec<Vec2> = content
            .spaces
            .iter()
            .enumerate()
            .filter(|(_, s)| s.rank == rank)
            .map(|(i, _)| positions[i])
            .collect();
        if mine.is_empty() {
            continue;
        }
        let band = mine.iter().fold(Rect::from_center_size(mine[0], SPACE), |r, p| {
            r.union(Rect::from_center_size(*p, SPACE))
        });
        let band = Rect::new(
            band.min.x - 14.0,
            band.min.y - 10.0,
            band.max.x + 14.0,
            band.max.y + 10.0,
        );
        sprite(
            commands,
            rank_colour(rank).with_alpha(0.28),
            band.size(),
            band.center().extend(-2.3),
        );
        // The name sits on the floor left of the band's top row, or above it when the row is full.
        let top_row: Vec<&Vec2> = mine
            .iter()
            .filter(|p| (p.y - band.max.y + 10.0 + SPACE.y / 2.0).abs() < 1.0)
            .collect();
        let left = top_row.iter().map(|p| p.x).fold(f32::MAX, f32::min) - SPACE.x / 2.0;
        let (at, anchor) = if left - floor.min.x > 130.0 {
            (
                Vec2::new(left - 20.0, band.max.y - 10.0 - SPACE.y / 2.0),
                Anchor::CENTER_RIGHT,
            )
        } else {
            (Vec2::new(band.min.x + 4.0, band.min.y - 4.0), Anchor::TOP_LEFT)
        };
        commands.spawn((
            Text2d::new(rank_name(rank).to_uppercase()),
            TextFont::from_font_size(size::WORLD_LABEL).with_font(fonts.regular.clone()),
            TextColor(world::GOLD),
            anchor,
            Transform::from_translation(at.extend(-2.0)),
            ChildOf(root),
        ));
    }
    // Movement Lines as trodden paths: a dark edge, a sand middle.
    for (a, b) in &content.lines {
        let (pa, pb) = (positions[a.index()], positions[b.index()]);
        let d = pb - pa;
        let rot = Quat::from_rotation_z(d.y.atan2(d.x));
        for (colour, width, z) in [(world::PATH_EDGE, 13.0, -1.2), (world::PATH, 7.0, -1.1)] {
            commands.spawn((
                Sprite::from_color(colour, Vec2::new(d.length(), width)),
                Transform::from_translation(((pa + pb) / 2.0).extend(z)).with_rotation(rot),
                ChildOf(root),
            ));
        }
    }
    // The dais with King Arthur and Queen Guinevere.
    let dais = Rect::from_center_size(throne + Vec2::new(0.0, 6.0), Vec2::new(430.0, 92.0));
    sprite(
        commands,
        world::GOLD_DIM,
        dais.size() + Vec2::splat(6.0),
        dais.center().extend(-1.0),
    );
    sprite(
        commands,
        Color::srgb(0.30, 0.10, 0.10),
        dais.size(),
        dais.center().extend(-0.9),
    );
    for (dx, crown, name) in [
        (-100.0, icon::CROWN, "King Arthur"),
        (100.0, icon::QUEEN, "Queen Guinevere"),
    ] {
        commands.spawn((
            Text2d::new(crown.to_string()),
            TextFont::from_font_size(38.0).with_font(fonts.icons.clone()),
            TextColor(world::GOLD),
            Transform::from_translation((throne + Vec2::new(dx, 22.0)).extend(-0.8)),
            ChildOf(root),
        ));
        commands.spawn((
            Text2d::new(name),
            TextFont::from_font_size(size::WORLD_LABEL).with_font(fonts.regular.clone()),
            TextColor(world::PARCHMENT),
            Transform::from_translation((throne + Vec2::new(dx, -20.0)).extend(-0.8)),
            ChildOf(root),
        ));
    }
    // Spaces: plates with a bronze rim, clickable; the lit frame behind each.
    for (i, space) in content.spaces.iter().enumerate() {
        let id = SpaceId(i as u8);
        let p = positions[i];
        commands.spawn((
            Sprite::from_color(Look::Lit.outline_colour(), SPACE + Vec2::splat(14.0)),
            Transform::from_translation(p.extend(0.0)),
            Visibility::Hidden,
            SpaceHighlight(id),
            Pickable::IGNORE,
            ChildOf(root),
        ));
        for r in ring(Rect::from_center_size(p, SPACE + Vec2::splat(4.0)), 2.0) {
            sprite(
                commands,
                Color::srgb(0.42, 0.32, 0.18),
                r.size(),
                r.center().extend(0.05),
            );
        }
        commands
            .spawn((
                Sprite::from_color(rank_colour(space.rank), SPACE),
                Transform::from_translation(p.extend(0.1)),
                Pickable::default(),
                SpaceMarker,
                ChildOf(root),
            ))
            .observe(move |ev: On<Pointer<Press>>, mut clicks: MessageWriter<HallClick>| {
                if ev.button == PointerButton::Primary {
                    clicks.write(HallClick::Space(id));
                }
            });
        commands.spawn((
            Text2d::new(space.id.clone()),
            TextFont::from_font_size(size::WORLD_SMALL).with_font(fonts.regular.clone()),
            TextColor(Color::srgba(1.0, 0.95, 0.85, 0.6)),
            Anchor::BOTTOM_RIGHT,
            Pickable::IGNORE,
            Transform::from_translation((p + Vec2::new(SPACE.x / 2.0 - 4.0, -SPACE.y / 2.0 + 2.0)).extend(0.2)),
            ChildOf(root),
        ));
    }
    Hall {
        content: content.clone(),
        positions,
        floor,
        drawn: vec![None; content.knights.len()],
    }
}

/// The children of a knight tile: a frame in the faction's colour, the shield, power (top left)
/// and points (top right) in badges, the name, followers as tokens beneath; the Scandalised!
/// side dark, hooded and marked.
/// Depths of a tile's parts, the same on every tile: tiles rest at one depth, so the parts of one
/// kind (one font, one mesh) on every tile are drawn together, in a few batches.
mod z {
    pub const NAME: f32 = 0.34;
    pub const SMALL: f32 = 0.36;
    pub const ICON: f32 = 0.30;
    pub const SMALL_ICON: f32 = 0.31;
    pub const NUMBER: f32 = 0.32;
    pub const SMALL_NUMBER: f32 = 0.33;
    pub const BADGE_RIM: f32 = 0.22;
    pub const BADGE: f32 = 0.23;
    pub const TOKEN_RIM: f32 = 0.24;
}

pub(super) fn draw_tile(
    commands: &mut Commands,
    tile: Entity,
    view: &CourtView,
    k: KnightId,
    fonts: &WorldFonts,
    paint: &mut Paint,
) {
    let content = &view.content;
    let (Some(info), Some(st)) = (content.knight(k), view.knight(k)) else {
        return;
    };
    let (arms, colour) = arms_of(content, k).unwrap_or((heraldry(""), [200, 200, 200]));
    let scandal = st.scandalised;
    let faction = world_colour(colour);
    let (body, ink, rim) = if scandal {
        (world::SCANDAL, world::SCANDAL_INK, world::SCANDAL_INK)
    } else {
        (world::PARCHMENT, world::INK, faction)
    };
    let power = view.effective_power(k);
    let points = if scandal { 0 } else { view.points_value(k) };
    commands.entity(tile).with_children(|t| {
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(world::INK, TILE + Vec2::splat(2.0)),
            Transform::from_xyz(0.0, 0.0, 0.0),
        ));
        for r in ring(Rect::from_center_size(Vec2::ZERO, TILE), 5.0) {
            t.spawn((
                Pickable::IGNORE,
                Sprite::from_color(rim, r.size()),
                Transform::from_translation(r.center().extend(0.05)),
            ));
        }
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(body, TILE - Vec2::splat(10.0)),
            Transform::from_xyz(0.0, 0.0, 0.1),
        ));
        // The shield: faction colour and charge; on the Scandalised! side a hood over a grey shield.
        let shield_at = Vec3::new(0.0, TILE.y / 2.0 - 23.0, 0.2);
        let shield_size = Vec2::new(30.0, 34.0);
        t.spawn((
            Pickable::IGNORE,
            Mesh2d(paint.mesh(&format!("tile-shield-rim-{:?}", arms.shape), || {
                shield_mesh(arms.shape, shield_size + Vec2::splat(4.0))
            })),
            MeshMaterial2d(paint.colour(world::INK)),
            Transform::from_translation(shield_at),
        ));
        t.spawn((
            Pickable::IGNORE,
            Mesh2d(paint.mesh(&format!("tile-shield-{:?}", arms.shape), || {
                shield_mesh(arms.shape, shield_size)
            })),
            MeshMaterial2d(paint.colour(if scandal { Color::srgb(0.4, 0.38, 0.4) } else { faction })),
            Transform::from_translation(shield_at + Vec3::Z * 0.01),
        ));
        let charge_ink = if scandal {
            world::SCANDAL_INK
        } else {
            match text_on(colour) {
                c if c == egui::Color32::BLACK => world::INK,
                _ => Color::WHITE,
            }
        };
        t.spawn((
            Pickable::IGNORE,
            Text2d::new(if scandal { icon::HOOD } else { arms.charge }.to_string()),
            TextFont::from_font_size(19.0).with_font(fonts.icons.clone()),
            TextColor(charge_ink),
            Transform::from_translation(shield_at.with_z(z::ICON) + Vec3::Y),
        ));
        let name = info.name.strip_prefix("Sir ").unwrap_or(&info.name).to_string();
        let name_size = crate::app::style::fitting_size(&name, size::WORLD_NAME, TILE.x - 10.0, 2);
        t.spawn((
            Pickable::IGNORE,
            Text2d::new(name),
            TextFont::from_font_size(name_size).with_font(fonts.bold.clone()),
            TextColor(ink),
            TextLayout::justify(Justify::Center),
            TextBounds::new_horizontal(TILE.x - 10.0),
            Transform::from_xyz(0.0, if scandal { -10.0 } else { -20.0 }, z::NAME),
        ));
        if scandal {
            t.spawn((
                Pickable::IGNORE,
                Text2d::new("Scandalised"),
                TextFont::from_font_size(size::WORLD_SMALL).with_font(fonts.regular.clone()),
                TextColor(world::SCANDAL_INK),
                Transform::from_xyz(0.0, -27.0, z::SMALL),
            ));
        }
        // Power: white on black, top left; points: red on white, top right (as on the tiles).
        // The Scandalised! side scores nothing: its points read 0 on a dimmed badge.
        for (x, value, fill, text) in [
            (-TILE.x / 2.0 + 14.0, power, world::INK, Color::WHITE),
            (
                TILE.x / 2.0 - 14.0,
                points,
                if scandal {
                    Color::srgb(0.45, 0.43, 0.45)
                } else {
                    Color::WHITE
                },
                if scandal {
                    Color::srgb(0.25, 0.25, 0.25)
                } else {
                    world::BLOOD
                },
            ),
        ] {
            t.spawn((
                Pickable::IGNORE,
                Mesh2d(paint.mesh("badge-rim", || Circle::new(13.0).into())),
                MeshMaterial2d(paint.colour(world::INK)),
                Transform::from_xyz(x, TILE.y / 2.0 - 14.0, z::BADGE_RIM),
            ));
            t.spawn((
                Pickable::IGNORE,
                Mesh2d(paint.mesh("badge", || Circle::new(11.5).into())),
                MeshMaterial2d(paint.colour(fill)),
                Transform::from_xyz(x, TILE.y / 2.0 - 14.0, z::BADGE),
            ));
            t.spawn((
                Pickable::IGNORE,
                Text2d::new(value.to_string()),
                TextFont::from_font_size(size::WORLD_BADGE).with_font(fonts.numbers.clone()),
                TextColor(text),
                Transform::from_xyz(x, TILE.y / 2.0 - 14.0, z::NUMBER),
            ));
        }
        // Followers as tokens beneath: a Priest is round and purple, a Soldier square and steel.
        let n = st.followers.len() as f32;
        for (i, f) in st.followers.iter().enumerate() {
            let (glyph, fill, value, round) = match f {
                CardKind::Priest(v) => (icon::ANKH, Color::srgb(0.45, 0.30, 0.62), *v, true),
                CardKind::Soldier(v) => (icon::SWORD, Color::srgb(0.42, 0.45, 0.52), *v, false),
                _ => (icon::SHIELD, Color::srgb(0.3, 0.3, 0.3), 0, false),
            };
            let at = Vec3::new((i as f32 - (n - 1.0) / 2.0) * 44.0, -TILE.y / 2.0 - 12.0, z::TOKEN_RIM);
            let size = Vec2::new(42.0, 22.0);
            if round {
                t.spawn((
                    Pickable::IGNORE,
                    Mesh2d(paint.mesh("token-rim", || {
                        Capsule2d::new(size.y / 2.0 + 1.0, size.x - size.y).into()
                    })),
                    MeshMaterial2d(paint.colour(world::INK)),
                    Transform::from_translation(at).with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)),
                ));
                t.spawn((
                    Pickable::IGNORE,
                    Mesh2d(paint.mesh("token", || Capsule2d::new(size.y / 2.0 - 1.0, size.x - size.y).into())),
                    MeshMaterial2d(paint.colour(fill)),
                    Transform::from_translation(at + Vec3::Z * 0.01)
                        .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)),
                ));
            } else {
                t.spawn((
                    Pickable::IGNORE,
                    Sprite::from_color(world::INK, size + Vec2::splat(2.0)),
                    Transform::from_translation(at),
                ));
                t.spawn((
                    Pickable::IGNORE,
                    Sprite::from_color(fill, size - Vec2::splat(2.0)),
                    Transform::from_translation(at + Vec3::Z * 0.01),
                ));
            }
            t.spawn((
                Pickable::IGNORE,
                Text2d::new(glyph.to_string()),
                TextFont::from_font_size(14.0).with_font(fonts.icons.clone()),
                TextColor(Color::WHITE),
                Transform::from_translation(at.with_z(z::SMALL_ICON) + Vec3::new(-9.0, 0.0, 0.0)),
            ));
            t.spawn((
                Pickable::IGNORE,
                Text2d::new(format!("+{value}")),
                TextFont::from_font_size(14.0).with_font(fonts.numbers.clone()),
                TextColor(Color::WHITE),
                Transform::from_translation(at.with_z(z::SMALL_NUMBER) + Vec3::new(8.0, 0.0, 0.0)),
            ));
        }
    });
}

pub(super) fn despawn_board(
    mut commands: Commands,
    mut hold: ResMut<LogHold>,
    mut dice: ResMut<DiceShow>,
    mut shown: ResMut<super::hand::HandShown>,
) {
    commands.remove_resource::<Hall>();
    *shown = default();
    hold.hold = false;
    *dice = DiceShow::default();
}

/// The spaces the current choice can go to (or the knights it can pick) are lit.
pub(super) fn show_highlights(
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    ui: Res<CourtUi>,
    mut lights: Query<(&SpaceHighlight, &mut Visibility)>,
) {
    let targets = court_match(&res)
        .filter(|m| acting_seat(m, &handoff).is_some())
        .map(|m| {
            let view = m.state.view(handoff.private_viewer().unwrap_or(0));
            targets(&view, &m.state.legal_actions(), &ui)
        })
        .unwrap_or_default();
    // A steady glow: a pulse would keep the window drawing while a player thinks.
    for (light, mut vis) in &mut lights {
        let want = if targets.contains(&light.0) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *vis != want {
            *vis = want;
        }
    }
}
