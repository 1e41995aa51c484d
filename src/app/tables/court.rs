//! The Great Hall of Camelot – The Court: the hall drawn from its layout, knight tiles that slide
//! between spaces, the hand along the bottom, the players with their reserves and scores on the
//! left, dice for challenges and banishments. It reads the seat's `CourtView` and sends
//! `ActionRequest`s; the rules bridge decides.

use crate::app::Screen;
use crate::app::audio::Sfx;
use crate::app::bots::Animating;
use crate::app::bridge::{ActionRequest, MatchChanged, MatchRes, Request, RuleEvent};
use crate::app::handoff::Handoff;
use crate::app::style::{GOLD, INK, PARCHMENT, WARN, WorldFonts, seat_colour, text_on};
use crate::app::table::{BoardGames, FreeRect, LogHold, TableUi, TableUiSet};
use crate::rules::court::{
    Action, CardKind, Court, CourtContent, CourtView, Effect, Event, KnightId, Phase, Rank, SpaceId,
};
use crate::rules::record::Match;
use crate::rules::{Game, GameId, Pending, Seat};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::TextBounds;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::collections::VecDeque;
use std::sync::Arc;

/// Board units (the hall file's x and y) to world units.
const UNIT_X: f32 = 54.0;
const UNIT_Y: f32 = 128.0;
const TILE: Vec2 = Vec2::new(96.0, 70.0);
const SPACE: Vec2 = Vec2::new(104.0, 80.0);
/// Knights move towards their space at this rate (fraction of the way per second, exponential).
const SLIDE_RATE: f32 = 7.0;
const DICE_ROLL_SECS: f32 = 0.8;
const DICE_SHOW_SECS: f32 = 1.8;

pub struct CourtTablePlugin;

impl Plugin for CourtTablePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardGames>();
        app.world_mut().resource_mut::<BoardGames>().0.push(GameId::Court);
        app.init_resource::<CourtUi>()
            .init_resource::<DiceShow>()
            .add_systems(
                Update,
                (
                    spawn_or_sync_board,
                    read_events,
                    slide_knights,
                    show_highlights,
                    tick_dice,
                )
                    .chain()
                    .after(crate::app::handoff::HandoffSet)
                    .run_if(in_state(Screen::Table)),
            )
            .add_systems(OnExit(Screen::Table), despawn_board)
            .add_systems(
                EguiPrimaryContextPass,
                (players_panel, hand_panel, dice_window)
                    .chain()
                    .in_set(TableUiSet::Board),
            )
            .add_message::<HallClick>();
    }
}

/// A click on the hall: a space (and the knight on it), or a knight in a reserve.
#[derive(Message, Clone, Copy, Debug)]
pub enum HallClick {
    Space(SpaceId),
    Reserve(KnightId),
}

/// What the human at the screen has chosen so far for the next action.
#[derive(Resource, Default, Debug, Clone)]
pub struct CourtUi {
    pub card: Option<CardKind>,
    /// Which of the identical cards in the hand was picked (only for drawing it lifted).
    pub card_index: Option<usize>,
    /// What a Dwarf stands in for.
    pub dwarf_as: Option<DwarfUse>,
    /// The knight chosen first (to move, to place, or the first of a Merlin swap).
    pub knight: Option<KnightId>,
    /// The number of actions taken when the choice began; a change of the match resets it.
    pub at_action: usize,
    /// A hint shown in the prompt line.
    pub note: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DwarfUse {
    Move,
    Gossip,
    Banish,
    Score,
}

impl DwarfUse {
    fn matches(self, effect: &Effect) -> bool {
        match self {
            DwarfUse::Move => effect.is_move(),
            DwarfUse::Gossip => matches!(effect, Effect::Gossip { .. }),
            DwarfUse::Banish => matches!(effect, Effect::Banish { .. }),
            DwarfUse::Score => matches!(effect, Effect::Score),
        }
    }
    fn name(self) -> &'static str {
        match self {
            DwarfUse::Move => "Move",
            DwarfUse::Gossip => "Gossip",
            DwarfUse::Banish => "Banish",
            DwarfUse::Score => "Score",
        }
    }
}

/// One die roll to show.
#[derive(Clone, Debug)]
struct DiceRoll {
    title: String,
    /// (label, power, roll) for each die.
    dice: Vec<(String, i64, u8)>,
    verdict: String,
    good: bool,
}

#[derive(Resource, Default)]
struct DiceShow {
    queue: VecDeque<DiceRoll>,
    current: Option<(DiceRoll, f32)>,
}

impl DiceShow {
    /// Dice on screen or waiting to be.
    fn busy(&self) -> bool {
        self.current.is_some() || !self.queue.is_empty()
    }

    /// A result not shown yet: dice still rolling, or waiting to roll.
    fn hiding_a_result(&self) -> bool {
        !self.queue.is_empty() || self.current.as_ref().is_some_and(|(_, t)| *t < DICE_ROLL_SECS)
    }
}

/// The hall's entities.
#[derive(Component)]
struct HallRoot;

#[derive(Component)]
struct SpaceMarker;

#[derive(Component)]
struct SpaceHighlight(SpaceId);

#[derive(Component)]
struct KnightTile {
    knight: KnightId,
    target: Vec2,
}

/// The hall as built: the content it was built from and where each space is in the world.
#[derive(Resource)]
struct Hall {
    content: Arc<CourtContent>,
    positions: Vec<Vec2>,
    /// The knights' state as last drawn, to redraw a tile only when it changed.
    drawn: Vec<Option<(SpaceId, bool, Vec<CardKind>)>>,
}

/// The Court match, if the current match is one.
fn court_match(res: &MatchRes) -> Option<&Match<Court>> {
    res.current.as_ref()?.as_any().downcast_ref::<Match<Court>>()
}

/// The view the screen may show: the private viewer's, or a public one (no hand) otherwise.
fn screen_view(m: &Match<Court>, handoff: &Handoff) -> (CourtView, bool) {
    match handoff.private_viewer() {
        Some(seat) => (m.state.view(seat), true),
        None => {
            let mut v = m.state.view(0);
            v.hand.clear();
            v.follower_choice = None;
            (v, false)
        }
    }
}

/// The seat that may act from this screen now: the human viewer whose decision it is.
fn acting_seat(m: &Match<Court>, handoff: &Handoff) -> Option<Seat> {
    let seat = m.state.pending().seat()?;
    let human = m.config.seats.get(seat)?.kind.is_human();
    (human && handoff.private_viewer() == Some(seat)).then_some(seat)
}

fn space_world(content: &CourtContent, s: usize) -> Vec2 {
    let (cx, cy) = hall_centre(content);
    content
        .spaces
        .get(s)
        .map(|sp| Vec2::new((sp.x - cx) * UNIT_X, -(sp.y - cy) * UNIT_Y))
        .unwrap_or(Vec2::ZERO)
}

/// The middle of the hall (spaces and throne) in board units.
fn hall_centre(content: &CourtContent) -> (f32, f32) {
    let xs = content.spaces.iter().map(|s| s.x).chain([content.throne.0]);
    let ys = content.spaces.iter().map(|s| s.y).chain([content.throne.1]);
    let (minx, maxx) = xs.fold((f32::MAX, f32::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let (miny, maxy) = ys.fold((f32::MAX, f32::MIN), |(a, b), y| (a.min(y), b.max(y)));
    ((minx + maxx) / 2.0, (miny + maxy) / 2.0)
}

fn rank_colour(rank: Rank) -> Color {
    match rank {
        Rank::Senator => Color::srgb(0.42, 0.30, 0.12),
        Rank::Nobilitas => Color::srgb(0.22, 0.25, 0.36),
        Rank::Equites => Color::srgb(0.20, 0.30, 0.24),
    }
}

fn rgb(c: [u8; 3]) -> Color {
    Color::srgb_u8(c[0], c[1], c[2])
}

fn spawn_or_sync_board(
    mut commands: Commands,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    fonts: Option<Res<WorldFonts>>,
    hall: Option<ResMut<Hall>>,
    roots: Query<Entity, With<HallRoot>>,
    mut tiles: Query<(Entity, &mut KnightTile, &mut Transform, &mut Visibility)>,
    mut changed: MessageReader<MatchChanged>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut ui: ResMut<CourtUi>,
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
            let hall = build_hall(&mut commands, &content, &fonts, &mut meshes, &mut materials);
            commands.insert_resource(hall);
            return;
        }
    };
    if changed && ui.at_action != m.actions.len() {
        *ui = CourtUi {
            at_action: m.actions.len(),
            ..default()
        };
    }
    let (view, _) = screen_view(m, &handoff);
    let mut seen = vec![false; content.knights.len()];
    for (entity, mut tile, mut transform, mut visibility) in &mut tiles {
        let k = tile.knight.index();
        seen[k] = true;
        let state = view.knight(tile.knight);
        match state.and_then(|st| st.at.map(|at| (at, st))) {
            Some((at, st)) => {
                tile.target = hall.positions[at.index()];
                if *visibility == Visibility::Hidden {
                    // Entering from the reserve: start just below the hall.
                    transform.translation = tile.target.extend(5.0) - Vec3::new(0.0, 140.0, 0.0);
                    *visibility = Visibility::Inherited;
                }
                let look = (at, st.scandalised, st.followers.clone());
                if hall.drawn[k].as_ref() != Some(&look) {
                    commands.entity(entity).despawn_children();
                    draw_tile(
                        &mut commands,
                        entity,
                        &view,
                        tile.knight,
                        &fonts,
                        &mut meshes,
                        &mut materials,
                    );
                    hall.drawn[k] = Some(look);
                }
            }
            None => {
                *visibility = Visibility::Hidden;
                hall.drawn[k] = None;
            }
        }
    }
    // Tiles of knights in play are spawned once, hidden until they enter the hall.
    for (k, st) in view.knights.iter().enumerate() {
        if !seen[k] && st.owner.is_some() {
            let Some(root) = roots.iter().next() else {
                return;
            };
            let tile = commands
                .spawn((
                    KnightTile {
                        knight: KnightId(k as u8),
                        target: Vec2::ZERO,
                    },
                    Transform::from_xyz(0.0, -600.0, 5.0),
                    Visibility::Hidden,
                    ChildOf(root),
                ))
                .id();
            let _ = tile;
        }
    }
}

fn build_hall(
    commands: &mut Commands,
    content: &Arc<CourtContent>,
    fonts: &WorldFonts,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) -> Hall {
    let positions: Vec<Vec2> = (0..content.spaces.len()).map(|s| space_world(content, s)).collect();
    let root = commands
        .spawn((
            HallRoot,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ))
        .id();
    // The floor of the hall.
    let (minx, maxx) = positions
        .iter()
        .fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
    let (miny, maxy) = positions
        .iter()
        .fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
    let (cx, cy) = hall_centre(content);
    let throne = Vec2::new((content.throne.0 - cx) * UNIT_X, -(content.throne.1 - cy) * UNIT_Y);
    let floor = Vec2::new(maxx - minx + SPACE.x + 40.0, maxy.max(throne.y) - miny + SPACE.y + 60.0);
    let centre = Vec2::new((maxx + minx) / 2.0, (maxy.max(throne.y) + miny) / 2.0 + 10.0);
    commands.spawn((
        Mesh2d(meshes.add(Rectangle::new(floor.x, floor.y))),
        MeshMaterial2d(materials.add(Color::srgb(0.13, 0.11, 0.09))),
        Transform::from_translation(centre.extend(-2.0)),
        ChildOf(root),
    ));
    // The throne of King Arthur and Queen Guinevere.
    commands.spawn((
        Sprite::from_color(Color::srgb(0.45, 0.12, 0.12), Vec2::new(300.0, 44.0)),
        Transform::from_translation(throne.extend(-1.0)),
        ChildOf(root),
    ));
    commands.spawn((
        Text2d::new("King Arthur  ·  Queen Guinevere"),
        TextFont::from_font_size(20.0).with_font(fonts.bold.clone()),
        TextColor(Color::srgb(0.95, 0.85, 0.55)),
        Transform::from_translation(throne.extend(0.0)),
        ChildOf(root),
    ));
    // Rank names at the left of each row.
    for (rank, label) in [
        (Rank::Senator, "Senators"),
        (Rank::Nobilitas, "Nobilitas"),
        (Rank::Equites, "Equites"),
    ] {
        let ys: Vec<f32> = content
            .spaces
            .iter()
            .enumerate()
            .filter(|(_, s)| s.rank == rank)
            .map(|(i, _)| positions[i].y)
            .collect();
        if ys.is_empty() {
            continue;
        }
        let y = ys.iter().sum::<f32>() / ys.len() as f32;
        commands.spawn((
            Text2d::new(label),
            TextFont::from_font_size(15.0).with_font(fonts.bold.clone()),
            TextColor(Color::srgba(0.9, 0.85, 0.7, 0.55)),
            Anchor::CENTER_RIGHT,
            Transform::from_xyz(minx - SPACE.x / 2.0 - 8.0, y, 0.0)
                .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)),
            ChildOf(root),
        ));
    }
    // Movement Lines.
    for (a, b) in &content.lines {
        let (pa, pb) = (positions[a.index()], positions[b.index()]);
        let d = pb - pa;
        commands.spawn((
            Sprite::from_color(Color::srgba(0.85, 0.75, 0.5, 0.45), Vec2::new(d.length(), 4.0)),
            Transform::from_translation(((pa + pb) / 2.0).extend(-0.5))
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
            ChildOf(root),
        ));
    }
    // Spaces, clickable.
    for (i, space) in content.spaces.iter().enumerate() {
        let id = SpaceId(i as u8);
        let p = positions[i];
        commands.spawn((
            Sprite::from_color(Color::srgba(1.0, 0.82, 0.3, 0.9), SPACE + Vec2::splat(10.0)),
            Transform::from_translation(p.extend(0.0)),
            Visibility::Hidden,
            SpaceHighlight(id),
            ChildOf(root),
        ));
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
            TextFont::from_font_size(11.0).with_font(fonts.regular.clone()),
            TextColor(Color::srgba(1.0, 1.0, 1.0, 0.45)),
            Anchor::BOTTOM_RIGHT,
            Transform::from_translation((p + Vec2::new(SPACE.x / 2.0 - 3.0, -SPACE.y / 2.0 + 2.0)).extend(0.2)),
            ChildOf(root),
        ));
    }
    Hall {
        content: content.clone(),
        positions,
        drawn: vec![None; content.knights.len()],
    }
}

/// The faction's badge: a shape per symbol, so factions differ by more than colour.
fn badge_mesh(symbol: &str) -> Mesh {
    match symbol {
        "lion" => Circle::new(8.0).into(),
        "eagle" => Triangle2d::new(Vec2::new(0.0, 9.0), Vec2::new(-8.0, -6.0), Vec2::new(8.0, -6.0)).into(),
        "tower" => Rectangle::new(14.0, 14.0).into(),
        "crescent" => Annulus::new(5.0, 8.5).into(),
        "stag" => RegularPolygon::new(9.0, 5).into(),
        _ => RegularPolygon::new(9.0, 6).into(),
    }
}

/// The children of a knight tile: body, badge, name, power (top left), points (top right),
/// the Scandalised! side, and followers stacked beneath.
fn draw_tile(
    commands: &mut Commands,
    tile: Entity,
    view: &CourtView,
    k: KnightId,
    fonts: &WorldFonts,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) {
    let content = &view.content;
    let (Some(info), Some(st)) = (content.knight(k), view.knight(k)) else {
        return;
    };
    let faction = content.faction(info.faction);
    let colour = faction.map(|f| f.rgb).unwrap_or([200, 200, 200]);
    let scandal = st.scandalised;
    let body = if scandal {
        Color::srgb(0.25, 0.22, 0.25)
    } else {
        rgb(colour)
    };
    let ink = if scandal {
        Color::srgb(0.95, 0.6, 0.8)
    } else {
        match text_on(colour) {
            c if c == egui::Color32::BLACK => Color::BLACK,
            _ => Color::WHITE,
        }
    };
    commands.entity(tile).with_children(|t| {
        t.spawn((
            Sprite::from_color(Color::BLACK, TILE + Vec2::splat(4.0)),
            Transform::from_xyz(0.0, 0.0, 0.0),
        ));
        t.spawn((Sprite::from_color(body, TILE), Transform::from_xyz(0.0, 0.0, 0.1)));
        if scandal {
            // The faction colour still shows as a band on the Scandalised! side.
            t.spawn((
                Sprite::from_color(rgb(colour), Vec2::new(TILE.x, 8.0)),
                Transform::from_xyz(0.0, -TILE.y / 2.0 + 4.0, 0.15),
            ));
        }
        if let Some(f) = faction {
            t.spawn((
                Mesh2d(meshes.add(badge_mesh(&f.symbol))),
                MeshMaterial2d(materials.add(if scandal { rgb(colour) } else { ink })),
                Transform::from_xyz(0.0, TILE.y / 2.0 - 13.0, 0.2),
            ));
        }
        let name = info.name.strip_prefix("Sir ").unwrap_or(&info.name).to_string();
        t.spawn((
            Text2d::new(if scandal { format!("{name}\nScandalised!") } else { name }),
            TextFont::from_font_size(13.0).with_font(fonts.bold.clone()),
            TextColor(ink),
            TextLayout::justify(Justify::Center),
            TextBounds::new_horizontal(TILE.x - 6.0),
            Transform::from_xyz(0.0, -8.0, 0.3),
        ));
        // Power, black on white, top left; points, red on white, top right (as on the tiles).
        // The Scandalised! side scores nothing, so its points read 0 on a dimmed badge.
        let power = view.effective_power(k);
        let points = if scandal { 0 } else { view.points_value(k) };
        let points_ink = if scandal {
            Color::srgb(0.35, 0.35, 0.35)
        } else {
            Color::srgb(0.75, 0.05, 0.05)
        };
        for (x, value, colour, badge) in [
            (-TILE.x / 2.0 + 11.0, power, Color::BLACK, Color::srgb(0.97, 0.95, 0.9)),
            (
                TILE.x / 2.0 - 11.0,
                points,
                points_ink,
                if scandal {
                    Color::srgb(0.62, 0.6, 0.58)
                } else {
                    Color::srgb(0.97, 0.95, 0.9)
                },
            ),
        ] {
            t.spawn((
                Mesh2d(meshes.add(Circle::new(10.0))),
                MeshMaterial2d(materials.add(badge)),
                Transform::from_xyz(x, TILE.y / 2.0 - 11.0, 0.25),
            ));
            t.spawn((
                Text2d::new(value.to_string()),
                TextFont::from_font_size(14.0).with_font(fonts.bold.clone()),
                TextColor(colour),
                Transform::from_xyz(x, TILE.y / 2.0 - 11.0, 0.3),
            ));
        }
        // Followers stacked beneath the tile.
        for (i, f) in st.followers.iter().enumerate() {
            let (label, fill) = match f {
                CardKind::Priest(v) => (format!("Priest +{v}"), Color::srgb(0.45, 0.3, 0.6)),
                CardKind::Soldier(v) => (format!("Soldier +{v}"), Color::srgb(0.45, 0.45, 0.5)),
                other => (other.name(), Color::srgb(0.3, 0.3, 0.3)),
            };
            let y = -TILE.y / 2.0 - 9.0 - i as f32 * 15.0;
            t.spawn((
                Sprite::from_color(fill, Vec2::new(TILE.x - 12.0, 14.0)),
                Transform::from_xyz(0.0, y, -0.1 - i as f32 * 0.01),
            ));
            t.spawn((
                Text2d::new(label),
                TextFont::from_font_size(11.0).with_font(fonts.bold.clone()),
                TextColor(Color::WHITE),
                Transform::from_xyz(0.0, y, -0.05),
            ));
        }
    });
}

fn slide_knights(
    time: Res<Time>,
    mut tiles: Query<(&KnightTile, &mut Transform)>,
    mut animating: ResMut<Animating>,
    dice: Res<DiceShow>,
) {
    let t = 1.0 - (-SLIDE_RATE * time.delta_secs()).exp();
    let mut moving = false;
    for (tile, mut transform) in &mut tiles {
        let now = transform.translation.truncate();
        let d = tile.target - now;
        if d.length() > 0.5 {
            moving = true;
            transform.translation = (now + d * t).extend(5.0);
        }
    }
    animating.0 = if moving || dice.busy() { 0.1 } else { 0.0 };
}

fn despawn_board(mut commands: Commands, mut hold: ResMut<LogHold>, mut dice: ResMut<DiceShow>) {
    commands.remove_resource::<Hall>();
    hold.hold = false;
    *dice = DiceShow::default();
}

/// Turns rule events into dice to show and sounds to play.
fn read_events(
    res: Res<MatchRes>,
    mut events: MessageReader<RuleEvent>,
    mut dice: ResMut<DiceShow>,
    mut sfx: MessageWriter<Sfx>,
) {
    let Some(m) = court_match(&res) else {
        events.clear();
        return;
    };
    let content = m.state.content();
    let name = |k: KnightId| content.knight_name(k).to_string();
    for ev in events.read() {
        let Some(event) = ev.event.payload.downcast_ref::<Event>() else {
            continue;
        };
        match event {
            Event::Challenge {
                challenger,
                defender,
                challenger_power,
                challenger_roll,
                defender_power,
                defender_roll,
                won,
            } => {
                sfx.write(Sfx::Dice);
                dice.queue.push_back(DiceRoll {
                    title: format!("Challenge: {} against {}", name(*challenger), name(*defender)),
                    dice: vec![
                        (name(*challenger), *challenger_power, *challenger_roll),
                        (name(*defender), *defender_power, *defender_roll),
                    ],
                    verdict: if *won {
                        format!("{} wins and takes the space", name(*challenger))
                    } else if challenger_power + *challenger_roll as i64 == defender_power + *defender_roll as i64 {
                        "A tie: the challenge fails".into()
                    } else {
                        "The challenge fails".into()
                    },
                    good: *won,
                });
            }
            Event::BanishRoll {
                knight,
                roll,
                power,
                success,
            } => {
                sfx.write(Sfx::Dice);
                dice.queue.push_back(DiceRoll {
                    title: format!("Banish {}: roll above {power}", name(*knight)),
                    dice: vec![("Banish".into(), 0, *roll)],
                    verdict: if *success {
                        format!("{} is banished to the reserve", name(*knight))
                    } else {
                        format!("{} stays in the hall", name(*knight))
                    },
                    good: *success,
                });
            }
            Event::Scored { .. } => {
                sfx.write(Sfx::Score);
            }
            Event::Won { .. } => {
                sfx.write(Sfx::Fanfare);
            }
            _ => {}
        }
    }
}

fn tick_dice(time: Res<Time>, mut dice: ResMut<DiceShow>, mut hold: ResMut<LogHold>) {
    if let Some((_, t)) = dice.current.as_mut() {
        *t += time.delta_secs();
        if *t >= DICE_ROLL_SECS + DICE_SHOW_SECS {
            dice.current = None;
        }
    }
    if dice.current.is_none()
        && let Some(next) = dice.queue.pop_front()
    {
        dice.current = Some((next, 0.0));
    }
    hold.hold = dice.hiding_a_result();
}

/// The spaces the current choice can go to (or the knights it can pick) are lit.
fn show_highlights(
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    ui: Res<CourtUi>,
    mut lights: Query<(&SpaceHighlight, &mut Visibility, &mut Sprite)>,
) {
    let targets = court_match(&res)
        .filter(|m| acting_seat(m, &handoff).is_some())
        .map(|m| {
            let view = m.state.view(handoff.private_viewer().unwrap_or(0));
            targets(&view, &m.state.legal_actions(), &ui)
        })
        .unwrap_or_default();
    // A steady glow: a pulse would keep the window drawing while a player thinks.
    for (light, mut vis, mut sprite) in &mut lights {
        let on = targets.contains(&light.0);
        *vis = if on { Visibility::Inherited } else { Visibility::Hidden };
        if on {
            sprite.color = Color::srgba(1.0, 0.82, 0.3, 0.75);
        }
    }
}

/// The actions the current choice still allows.
fn candidates(legal: &[Action], ui: &CourtUi) -> Vec<Action> {
    legal
        .iter()
        .filter(|a| match (a, ui.card) {
            (Action::Place { knight, .. }, _) => ui.knight.is_none_or(|k| k == *knight),
            (Action::Play { card, effect }, Some(c)) => {
                *card == c
                    && ui.dwarf_as.is_none_or(|d| d.matches(effect))
                    && ui.knight.is_none_or(|k| effect.knights().first() == Some(&k))
            }
            _ => false,
        })
        .copied()
        .collect()
}

/// The spaces to light for the current choice.
fn targets(view: &CourtView, legal: &[Action], ui: &CourtUi) -> Vec<SpaceId> {
    let mut out = Vec::new();
    let at = |k: KnightId| view.knight(k).and_then(|s| s.at);
    for a in candidates(legal, ui) {
        let space = match a {
            Action::Place { knight, space } => {
                if ui.knight == Some(knight) {
                    Some(space)
                } else {
                    None
                }
            }
            Action::Play { effect, .. } => match (effect, ui.knight) {
                (Effect::Enter { space, .. }, Some(_)) => Some(space),
                (Effect::Step { to, .. }, Some(_)) => Some(to),
                (Effect::Merlin { b, .. }, Some(_)) => at(b),
                (Effect::Step { knight, .. }, None) | (Effect::Exit { knight }, None) => at(knight),
                (Effect::Gossip { knight } | Effect::Banish { knight } | Effect::Follow { knight }, _) => at(knight),
                (Effect::Merlin { a, .. }, None) => at(a),
                _ => None,
            },
            _ => None,
        };
        if let Some(s) = space
            && !out.contains(&s)
        {
            out.push(s);
        }
    }
    out
}

/// Turns a click into the next step of the choice, or into an action request. Clicks that fit
/// no legal action are still sent when they name a whole action, so the rules say why not.
fn on_click(
    click: HallClick,
    view: &CourtView,
    legal: &[Action],
    ui: &mut CourtUi,
    seat: Seat,
) -> Option<ActionRequest> {
    let request = |a: Action| ActionRequest {
        seat,
        request: Request::Typed(Arc::new(a)),
    };
    let clicked_knight = match click {
        HallClick::Space(s) => view.knight_at(s),
        HallClick::Reserve(k) => Some(k),
    };
    let name = |k: KnightId| view.content.knight_name(k).to_string();
    ui.note = None;
    // Placement: a reserve knight, then an empty Equites space.
    if legal.iter().any(|a| matches!(a, Action::Place { .. })) {
        return match (click, ui.knight) {
            (HallClick::Reserve(k), _) => {
                ui.knight = Some(k);
                None
            }
            (HallClick::Space(s), Some(k)) => Some(request(Action::Place { knight: k, space: s })),
            (HallClick::Space(_), None) => {
                ui.note = Some("First choose one of your knights on the left.".into());
                None
            }
        };
    }
    let Some(card) = ui.card else {
        ui.note = Some("Choose a card from your hand first.".into());
        return None;
    };
    if card == CardKind::Dwarf && ui.dwarf_as.is_none() {
        ui.note = Some("Choose what the Dwarf stands for first.".into());
        return None;
    }
    let options = candidates(legal, ui);
    match ui.knight {
        None => {
            let Some(k) = clicked_knight else {
                ui.note = Some("That space is empty: choose a knight.".into());
                return None;
            };
            let mine: Vec<Effect> = options
                .iter()
                .filter_map(|a| match a {
                    Action::Play { effect, .. } if effect.knights().first() == Some(&k) => Some(*effect),
                    _ => None,
                })
                .collect();
            let needs_second = mine
                .iter()
                .any(|e| matches!(e, Effect::Step { .. } | Effect::Enter { .. } | Effect::Merlin { .. }));
            if mine.len() == 1 && !needs_second {
                return Some(request(Action::Play { card, effect: mine[0] }));
            }
            if !mine.is_empty() {
                ui.knight = Some(k);
                return None;
            }
            // Not a legal target: ask the rules why, with the action the click names.
            let effect = match (card, ui.dwarf_as) {
                (CardKind::Gossip, _) | (_, Some(DwarfUse::Gossip)) => Some(Effect::Gossip { knight: k }),
                (CardKind::Banish, _) | (_, Some(DwarfUse::Banish)) => Some(Effect::Banish { knight: k }),
                (CardKind::Priest(_) | CardKind::Soldier(_), _) => Some(Effect::Follow { knight: k }),
                _ => None,
            };
            match effect {
                Some(effect) => Some(request(Action::Play { card, effect })),
                None => {
                    let why = match view.knight(k) {
                        Some(st) if st.at.is_none() && view.owner(k) != Some(seat) => {
                            format!(
                                "{} is in another player's reserve: only his owner can bring him in",
                                name(k)
                            )
                        }
                        _ => format!("{} has nowhere to go with this card", name(k)),
                    };
                    ui.note = Some(why);
                    None
                }
            }
        }
        Some(k) => {
            let HallClick::Space(s) = click else {
                ui.knight = Some(match click {
                    HallClick::Reserve(r) => r,
                    HallClick::Space(_) => k,
                });
                return None;
            };
            let chosen = options.iter().find(|a| match a {
                Action::Play { effect, .. } => match effect {
                    Effect::Step { to, .. } => *to == s,
                    Effect::Enter { space, .. } => *space == s,
                    Effect::Merlin { b, .. } => view.knight_at(s) == Some(*b),
                    _ => false,
                },
                _ => false,
            });
            if let Some(a) = chosen {
                return Some(request(*a));
            }
            if view.knight_at(s) == Some(k) {
                ui.knight = None;
                return None;
            }
            // Ask the rules why this destination is not allowed.
            let effect = if card == CardKind::Merlin {
                view.knight_at(s).map(|b| Effect::Merlin { a: k, b })
            } else if view.knight(k).is_some_and(|st| st.at.is_none()) {
                Some(Effect::Enter { knight: k, space: s })
            } else {
                Some(Effect::Step { knight: k, to: s })
            };
            effect.map(|effect| request(Action::Play { card, effect }))
        }
    }
}

fn card_icon(card: CardKind) -> &'static str {
    match card {
        CardKind::Move => "⇅",
        CardKind::Gossip => "✉",
        CardKind::Banish => "⚔",
        CardKind::Score => "♛",
        CardKind::Merlin => "☼",
        CardKind::Dwarf => "♣",
        CardKind::Priest(_) => "✝",
        CardKind::Soldier(_) => "⛨",
    }
}

/// A card's effect in a line, for its face.
fn card_face(card: CardKind) -> &'static str {
    match card {
        CardKind::Move => "Bring a knight in, step one a line, or take an Equites out.",
        CardKind::Gossip => "Scandalise a knight, or restore one.",
        CardKind::Banish => "Roll above his power to send a knight to his reserve.",
        CardKind::Score => "Everyone scores, you first. Ends your play.",
        CardKind::Merlin => "Two knights in the hall swap places.",
        CardKind::Dwarf => "Use as Move, Gossip, Banish or Score.",
        CardKind::Priest(_) => "Follower: adds to his points.",
        CardKind::Soldier(_) => "Follower: adds to his power.",
    }
}

/// A card's effect in full, as the rules file has it (its switches, not a restatement), for the
/// card's tooltip.
fn card_text(card: CardKind, rules: &crate::rules::court::CourtRules) -> String {
    let not_own = |allowed: bool| {
        if allowed {
            " Your own knights too."
        } else {
            " Not your own knights."
        }
    };
    match card {
        CardKind::Move => format!(
            "Bring one of your reserve knights onto an Equites space, step any knight one Movement \
             Line, or take any Equites out to his reserve. Onto a knight of another faction it is \
             a challenge{}.",
            if rules.allow_move_onto_own_faction {
                " (of his own faction too)"
            } else {
                "; never onto his own faction"
            }
        ),
        CardKind::Gossip => format!(
            "Scandalise a knight in the hall (he scores nothing, power 0, and loses a follower of \
             your choice), or turn a Scandalised one face up.{}",
            not_own(rules.allow_gossip_own)
        ),
        CardKind::Banish => format!(
            "Roll a die: above the knight's power, he goes to his owner's reserve.{}",
            not_own(rules.allow_banish_own)
        ),
        CardKind::Score => "Everyone scores, you first; the first to reach the target wins. Ends your play.".into(),
        CardKind::Merlin => "Two knights in the hall swap places, followers and all.".into(),
        CardKind::Dwarf => "Play it as a Move, a Gossip, a Banish or a Score.".into(),
        CardKind::Priest(_) | CardKind::Soldier(_) => format!(
            "Follower: adds its value to the knight's {}. Onto {} knight in the hall, up to {} \
             followers each.",
            if matches!(card, CardKind::Priest(_)) {
                "points"
            } else {
                "power"
            },
            if rules.followers_on_own_knights_only {
                "your own"
            } else {
                "any"
            },
            rules.max_followers
        ),
    }
}

fn card_colour(card: CardKind) -> egui::Color32 {
    match card {
        CardKind::Move => egui::Color32::from_rgb(60, 90, 130),
        CardKind::Gossip => egui::Color32::from_rgb(130, 60, 110),
        CardKind::Banish => egui::Color32::from_rgb(140, 50, 40),
        CardKind::Score => egui::Color32::from_rgb(150, 115, 30),
        CardKind::Merlin => egui::Color32::from_rgb(70, 60, 140),
        CardKind::Dwarf => egui::Color32::from_rgb(60, 110, 60),
        CardKind::Priest(_) => egui::Color32::from_rgb(100, 75, 140),
        CardKind::Soldier(_) => egui::Color32::from_rgb(90, 95, 105),
    }
}

/// The players, their scores on the track, hand sizes and reserves.
fn players_panel(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    mut free: ResMut<FreeRect>,
    mut ui_state: ResMut<CourtUi>,
    mut clicks: MessageWriter<HallClick>,
    time: Res<Time>,
    mut shown_scores: Local<Vec<f32>>,
    mut redraw: ResMut<crate::app::redraw::Redraw>,
) -> Result {
    let Some(m) = court_match(&res) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (view, private) = screen_view(m, &handoff);
    let acting = acting_seat(m, &handoff);
    // Scores count up towards the real ones.
    shown_scores.resize(view.scores.len(), 0.0);
    for (shown, real) in shown_scores.iter_mut().zip(&view.scores) {
        let real = *real as f32;
        if *shown < real {
            *shown = (*shown + time.delta_secs() * 8.0_f32.max((real - *shown) * 2.5)).min(real);
            redraw.more();
        } else {
            *shown = real;
        }
    }
    let mut root = free.ui(ctx, "court-players");
    egui::Panel::left("court-players")
        .exact_size(250.0)
        .show(&mut root, |ui| {
            let scrolled = egui::ScrollArea::vertical().show(ui, |ui| {
                ui.label(
                    egui::RichText::new(format!("First to {} points wins", view.target))
                        .strong()
                        .color(GOLD),
                );
                ui.label(
                    egui::RichText::new(format!("Draw pile {} · discard {}", view.draw_pile, view.discard.len()))
                        .small(),
                );
                ui.add_space(4.0);
                for seat in 0..view.scores.len() {
                    let cfg = &m.config.seats[seat];
                    let faction = view.faction_of(seat);
                    let turn = view.to_act == Some(seat);
                    let frame = egui::Frame::group(ui.style())
                        .inner_margin(egui::Margin::symmetric(6, 4))
                        .stroke(if turn {
                            egui::Stroke::new(2.0, GOLD)
                        } else {
                            egui::Stroke::new(1.0, egui::Color32::from_gray(60))
                        });
                    frame.show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        ui.spacing_mut().item_spacing.y = 3.0;
                        ui.horizontal(|ui| {
                            crate::app::table::seat_chip(ui, &cfg.name, cfg.colour, turn);
                            if let Some(f) = faction {
                                ui.label(egui::RichText::new(&f.name).color(seat_colour(f.rgb)).strong());
                            }
                        });
                        let shown = shown_scores.get(seat).copied().unwrap_or(0.0);
                        let progress = (shown / view.target.max(1) as f32).clamp(0.0, 1.0);
                        // The number sits beside the bar, so it reads the same on every faction's colour.
                        ui.horizontal(|ui| {
                            ui.add(
                                egui::ProgressBar::new(progress)
                                    .desired_width(ui.available_width() - 64.0)
                                    .desired_height(12.0)
                                    .fill(faction.map(|f| seat_colour(f.rgb).gamma_multiply(0.8)).unwrap_or(GOLD)),
                            );
                            ui.label(
                                egui::RichText::new(format!("{} / {}", shown.round() as i64, view.target))
                                    .strong()
                                    .color(PARCHMENT),
                            );
                        });
                        let cards = view.hand_sizes.get(seat).copied().unwrap_or(0);
                        let reserve = view.reserves.get(seat).cloned().unwrap_or_default();
                        let names: Vec<String> = reserve
                            .iter()
                            .filter_map(|&k| view.content.knight(k))
                            .map(|i| format!("{} {}/{}", i.name, i.power, i.points))
                            .collect();
                        ui.label(format!(
                            "{cards} card{} · reserve {}{}",
                            if cards == 1 { "" } else { "s" },
                            reserve.len(),
                            if cfg.kind.is_human() { "" } else { " · bot" }
                        ))
                        .on_hover_text(if names.is_empty() {
                            "No knights in the reserve".to_string()
                        } else {
                            format!("Reserve: {}", names.join(", "))
                        });
                        // The reserve of the seat at the screen, as buttons to bring knights in.
                        if private && seat == view.seat && !reserve.is_empty() {
                            ui.horizontal_wrapped(|ui| {
                                ui.spacing_mut().item_spacing = egui::vec2(4.0, 3.0);
                                for k in reserve {
                                    let Some(info) = view.content.knight(k) else { continue };
                                    let short = info.name.strip_prefix("Sir ").unwrap_or(&info.name);
                                    let label = format!("{short} {}/{}", info.power, info.points);
                                    let picked = ui_state.knight == Some(k);
                                    let button = egui::Button::new(egui::RichText::new(label).small())
                                        .selected(picked)
                                        .stroke(egui::Stroke::new(
                                            1.0,
                                            faction.map(|f| seat_colour(f.rgb)).unwrap_or(GOLD),
                                        ));
                                    let response = ui.add_enabled(acting.is_some(), button).on_hover_text(format!(
                                        "{}: power {}, points {}",
                                        info.name, info.power, info.points
                                    ));
                                    if response.clicked() {
                                        clicks.write(HallClick::Reserve(k));
                                    }
                                }
                            });
                        }
                    });
                }
                ui.add_space(6.0);
                ui.label(
                    egui::RichText::new("Tiles: power top left, points top right; followers beneath.")
                        .small()
                        .italics(),
                );
            });
            // Should the seats not fit (a small window), the panel says there is more.
            let hidden = scrolled.content_size.y - scrolled.state.offset.y - scrolled.inner_rect.height();
            if hidden > 2.0 {
                let at = scrolled.inner_rect.center_bottom() - egui::vec2(0.0, 10.0);
                ui.painter().text(
                    at,
                    egui::Align2::CENTER_CENTER,
                    "▼ more below — scroll",
                    egui::FontId::proportional(13.0),
                    GOLD,
                );
            }
        });
    free.take_rest(&root);
    let _ = &mut ui_state;
    Ok(())
}

/// The hand along the bottom and the prompt line above it.
fn hand_panel(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    mut free: ResMut<FreeRect>,
    mut ui_state: ResMut<CourtUi>,
    mut clicks: MessageReader<HallClick>,
    mut requests: MessageWriter<ActionRequest>,
    table: Res<TableUi>,
) -> Result {
    let Some(m) = court_match(&res) else {
        clicks.clear();
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (view, private) = screen_view(m, &handoff);
    let acting = acting_seat(m, &handoff);
    let legal = if acting.is_some() {
        m.state.legal_actions()
    } else {
        Vec::new()
    };
    if let Some(seat) = acting {
        for click in clicks.read() {
            if let Some(req) = on_click(*click, &view, &legal, &mut ui_state, seat) {
                requests.write(req);
            }
        }
    } else {
        clicks.clear();
    }
    let _ = &table;
    let keys = if acting.is_some() && !ctx.egui_wants_keyboard_input() {
        Keys::read(ctx)
    } else {
        Keys::default()
    };
    let mut root = free.ui(ctx, "court-hand");
    egui::Panel::bottom("court-hand")
        .exact_size(206.0)
        .show(&mut root, |ui| {
            ui.add_space(4.0);
            prompt_line(ui, m, &view, acting, &legal, &mut ui_state, &mut requests, keys);
            ui.add_space(4.0);
            if !private {
                ui.label(egui::RichText::new("Hands are hidden.").italics());
                return;
            }
            let owner = m.config.seat_name(view.seat).to_string();
            ui.horizontal(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(62.0);
                    ui.label(egui::RichText::new("Your hand").small().strong());
                    ui.label(egui::RichText::new(owner.as_str()).small());
                    // The count is the active player's: shown only in the hand's own turn.
                    if view.active == view.seat && matches!(view.phase, Phase::Play | Phase::FollowerLoss { .. }) {
                        ui.label(
                            egui::RichText::new(format!(
                                "{} of {} played",
                                view.played_this_turn, view.content.rules.max_cards_per_turn
                            ))
                            .small(),
                        )
                        .on_hover_text("Cards put into play this turn, followers included");
                    }
                });
                let playable = crate::rules::court::playable_cards(&legal);
                let end_phase = matches!(view.phase, Phase::End) && acting.is_some();
                for (index, card) in view.hand.clone().into_iter().enumerate() {
                    let usable = end_phase || playable.contains(&card);
                    let selected = ui_state.card == Some(card) && ui_state.card_index == Some(index);
                    let fill = card_colour(card);
                    let response = egui::Frame::new()
                        .fill(if usable || acting.is_none() {
                            fill
                        } else {
                            fill.gamma_multiply(0.45)
                        })
                        .stroke(if selected {
                            egui::Stroke::new(3.0, GOLD)
                        } else {
                            egui::Stroke::new(1.0, PARCHMENT.gamma_multiply(0.5))
                        })
                        .corner_radius(8)
                        .inner_margin(8)
                        .show(ui, |ui| {
                            ui.set_width(92.0);
                            ui.set_height(120.0);
                            ui.vertical_centered(|ui| {
                                ui.label(egui::RichText::new(card_icon(card)).size(26.0).color(PARCHMENT));
                                ui.label(
                                    egui::RichText::new(card.name())
                                        .size(17.0)
                                        .strong()
                                        .color(egui::Color32::WHITE),
                                );
                                ui.label(egui::RichText::new(card_face(card)).size(11.0).color(PARCHMENT));
                            });
                        })
                        .response
                        .interact(egui::Sense::click());
                    let detail = card_text(card, &view.content.rules);
                    let response = if end_phase {
                        response.on_hover_text(format!("{detail}\n\nClick (or press {}) to discard", index + 1))
                    } else if !usable && acting.is_some() {
                        response.on_hover_text(format!("{detail}\n\nNo legal use for this card now"))
                    } else {
                        response.on_hover_text(format!("{detail}\n\nKey {}", index + 1))
                    };
                    if (response.clicked() || keys.digit == Some(index))
                        && let Some(seat) = acting
                    {
                        if end_phase {
                            requests.write(ActionRequest {
                                seat,
                                request: Request::Typed(Arc::new(Action::Discard(card))),
                            });
                        } else if usable {
                            *ui_state = CourtUi {
                                card: Some(card),
                                card_index: Some(index),
                                at_action: ui_state.at_action,
                                ..default()
                            };
                        } else {
                            ui_state.note = Some(format!("{} has no legal use now.", card.name()));
                        }
                    }
                }
            });
        });
    free.take_rest(&root);
    Ok(())
}

/// The keyboard shortcuts of the Court's table, read once per frame.
#[derive(Clone, Copy, Default)]
struct Keys {
    /// Enter: the main button (End turn, Draw, Score now).
    enter: bool,
    /// Escape: cancel the card being played.
    escape: bool,
    /// 1–9: the card at that place in the hand.
    digit: Option<usize>,
}

impl Keys {
    fn read(ctx: &egui::Context) -> Keys {
        use egui::Key;
        const DIGITS: [Key; 9] = [
            Key::Num1,
            Key::Num2,
            Key::Num3,
            Key::Num4,
            Key::Num5,
            Key::Num6,
            Key::Num7,
            Key::Num8,
            Key::Num9,
        ];
        ctx.input(|i| Keys {
            enter: i.key_pressed(Key::Enter),
            escape: i.key_pressed(Key::Escape),
            digit: DIGITS.iter().position(|k| i.key_pressed(*k)),
        })
    }
}

/// The line that says what to do now, with the buttons the decision needs.
fn prompt_line(
    ui: &mut egui::Ui,
    m: &Match<Court>,
    view: &CourtView,
    acting: Option<Seat>,
    legal: &[Action],
    state: &mut CourtUi,
    requests: &mut MessageWriter<ActionRequest>,
    keys: Keys,
) {
    let Some(seat) = acting else {
        let text = match m.state.pending() {
            Pending::Decide { seat, prompt, .. } => format!("{}: {prompt}", m.config.seat_name(seat)),
            Pending::Finished(o) => o.summary,
        };
        ui.label(egui::RichText::new(text).size(17.0).italics());
        return;
    };
    let send = |requests: &mut MessageWriter<ActionRequest>, a: Action| {
        requests.write(ActionRequest {
            seat,
            request: Request::Typed(Arc::new(a)),
        });
    };
    let name = |k: KnightId| view.content.knight_name(k).to_string();
    ui.horizontal_wrapped(|ui| {
        let big = |t: String| egui::RichText::new(t).size(17.0).strong().color(GOLD);
        match &view.phase {
            Phase::Placement { .. } => {
                ui.label(big(match state.knight {
                    None => "Opening: choose one of your reserve knights (left), then an empty Equites space.".into(),
                    Some(k) => format!("Place {} on an empty Equites space.", name(k)),
                }));
            }
            Phase::FollowerLoss { knight, options } => {
                ui.label(big(format!("{} is scandalised: choose the follower he loses.", name(*knight))));
                for f in options {
                    if ui.button(f.name()).clicked() {
                        send(requests, Action::ChooseFollowerLoss(*f));
                    }
                }
            }
            Phase::End => {
                ui.label(big("End of your turn: click cards to discard them, then draw up to a full hand.".into()));
                if ui
                    .button(egui::RichText::new("Draw").strong())
                    .on_hover_text("Enter")
                    .clicked()
                    || keys.enter
                {
                    send(requests, Action::Draw);
                }
            }
            Phase::Play => {
                match (state.card, state.dwarf_as, state.knight) {
                    (None, _, _) => {
                        ui.label(big(format!(
                            "Play a card ({} of {} played), or end your turn.",
                            view.played_this_turn,
                            view.content.rules.max_cards_per_turn
                        )));
                    }
                    (Some(CardKind::Dwarf), None, _) => {
                        ui.label(big("Use the Dwarf as:".into()));
                        for use_ in [DwarfUse::Move, DwarfUse::Gossip, DwarfUse::Banish, DwarfUse::Score] {
                            let possible = legal.iter().any(|a| matches!(a, Action::Play { card: CardKind::Dwarf, effect } if use_.matches(effect)));
                            if ui.add_enabled(possible, egui::Button::new(use_.name())).clicked() {
                                state.dwarf_as = Some(use_);
                            }
                        }
                    }
                    (Some(card), dwarf, knight) => {
                        let as_score = card == CardKind::Score || dwarf == Some(DwarfUse::Score);
                        let label = match dwarf {
                            Some(d) => format!("Dwarf as {}", d.name()),
                            None => card.name(),
                        };
                        if as_score {
                            let gains = view.score_gains();
                            let summary: Vec<String> =
                                gains.iter().enumerate().map(|(s, g)| format!("{} +{g}", m.config.seat_name(s))).collect();
                            ui.label(big(format!("{label}: {}", summary.join(", "))));
                            if ui
                                .button(egui::RichText::new("Score now").strong())
                                .on_hover_text("Enter")
                                .clicked()
                                || keys.enter
                            {
                                send(requests, Action::Play { card, effect: Effect::Score });
                            }
                        } else {
                            let text = match knight {
                                None => match card {
                                    CardKind::Move => "choose a knight to move (or bring one in from your reserve)".to_string(),
                                    CardKind::Merlin => "choose the first knight to swap".into(),
                                    CardKind::Priest(_) | CardKind::Soldier(_) => "choose one of your knights in the hall".into(),
                                    _ => "choose a knight".into(),
                                },
                                Some(k) => match card {
                                    CardKind::Merlin => format!("swap {} with which knight?", name(k)),
                                    _ => format!("where does {} go?", name(k)),
                                },
                            };
                            ui.label(big(format!("{label}: {text}")));
                            if let Some(k) = knight
                                && let Some(exit) = legal.iter().find(|a| matches!(a, Action::Play { card: c, effect: Effect::Exit { knight } } if *c == card && *knight == k))
                                && ui.button("Out to the reserve").clicked()
                            {
                                send(requests, *exit);
                            }
                        }
                        if ui.button("Cancel").on_hover_text("Escape").clicked() || keys.escape {
                            *state = CourtUi {
                                at_action: state.at_action,
                                ..default()
                            };
                        }
                    }
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if legal.contains(&Action::EndPlay)
                        && (ui
                            .button(egui::RichText::new("End turn").strong())
                            .on_hover_text("Stop playing cards: discard, then draw (Enter)")
                            .clicked()
                            || (keys.enter && state.card.is_none()))
                    {
                        send(requests, Action::EndPlay);
                    }
                });
            }
            Phase::Finished(o) => {
                ui.label(big(o.summary.clone()));
            }
        }
    });
    if let Some(note) = &state.note {
        ui.colored_label(WARN, note);
    }
}

/// Dice rolling, then both totals and the verdict.
fn dice_window(mut contexts: EguiContexts, dice: Res<DiceShow>, handoff: Res<Handoff>, time: Res<Time>) -> Result {
    let Some((roll, t)) = &dice.current else {
        return Ok(());
    };
    if handoff.covering.is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let rolling = *t < DICE_ROLL_SECS;
    egui::Window::new("dice")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, -60.0))
        .frame(
            egui::Frame::window(&ctx.global_style())
                .fill(egui::Color32::from_rgb(35, 30, 24))
                .stroke(egui::Stroke::new(2.0, GOLD)),
        )
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(&roll.title).size(20.0).strong().color(GOLD));
                ui.add_space(6.0);
                ui.horizontal(|ui| {
                    for (i, (label, power, value)) in roll.dice.iter().enumerate() {
                        let face = if rolling {
                            ((time.elapsed_secs() * 17.0) as u32 + i as u32 * 3) % 6 + 1
                        } else {
                            *value as u32
                        };
                        ui.vertical(|ui| {
                            ui.label(egui::RichText::new(label).strong());
                            die(ui, face as u8);
                            if roll.dice.len() > 1 {
                                let total = if rolling {
                                    "…".to_string()
                                } else {
                                    format!("{power} + {value} = {}", power + *value as i64)
                                };
                                ui.label(egui::RichText::new(total).size(18.0));
                            }
                        });
                        ui.add_space(24.0);
                    }
                });
                if !rolling {
                    ui.label(
                        egui::RichText::new(&roll.verdict)
                            .size(19.0)
                            .strong()
                            .color(if roll.good {
                                egui::Color32::from_rgb(140, 220, 140)
                            } else {
                                WARN
                            }),
                    );
                }
            });
        });
    Ok(())
}

/// A die face with pips.
fn die(ui: &mut egui::Ui, value: u8) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(64.0, 64.0), egui::Sense::hover());
    let p = ui.painter();
    p.rect_filled(rect, 10.0, PARCHMENT);
    p.rect_stroke(rect, 10.0, egui::Stroke::new(2.0, INK), egui::StrokeKind::Inside);
    let c = rect.center();
    let o = 17.0;
    let pips: &[(f32, f32)] = match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    for (x, y) in pips {
        p.circle_filled(c + egui::vec2(x * o, y * o), 6.0, INK);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ContentSet;
    use crate::rules::{SeatKind, TableConfig};
    use crate::table::Library;

    fn court() -> Court {
        let library = Library::load(ContentSet::embedded());
        let content = library.court.clone().expect("shipped content is valid");
        Court::new(&TableConfig::with_players(2, SeatKind::Human, 3), &content).expect("setup")
    }

    fn action_of(req: ActionRequest) -> Action {
        match req.request {
            Request::Typed(a) => *a.downcast_ref::<Action>().expect("a Court action"),
            _ => panic!("a typed request"),
        }
    }

    #[test]
    fn placing_takes_a_reserve_knight_then_a_space() {
        let g = court();
        let seat = g.pending().seat().expect("a decision");
        let (view, legal) = (g.view(seat), g.legal_actions());
        let Action::Place { knight, space } = legal[0] else {
            panic!("placement first");
        };
        let mut ui = CourtUi::default();
        assert!(on_click(HallClick::Reserve(knight), &view, &legal, &mut ui, seat).is_none());
        assert_eq!(
            targets(&view, &legal, &ui).len(),
            view.content.spaces.iter().filter(|s| s.rank == Rank::Equites).count()
        );
        let req = on_click(HallClick::Space(space), &view, &legal, &mut ui, seat).expect("a request");
        assert_eq!(req.seat, seat);
        assert_eq!(action_of(req), Action::Place { knight, space });
    }

    /// Plays the opening placements with the first legal choice, then gives the player to act
    /// the given hand.
    fn in_play(hand: &[CardKind]) -> (Court, Seat) {
        let mut g = court();
        while matches!(g.phase(), Phase::Placement { .. }) {
            let a = g.legal_actions()[0];
            g.apply(&a).expect("legal");
        }
        let seat = g.pending().seat().expect("a decision");
        g.scenario_hand(seat, hand).expect("hand");
        (g, seat)
    }

    #[test]
    fn a_move_takes_a_card_a_knight_then_a_destination() {
        let (g, seat) = in_play(&[CardKind::Move]);
        let (view, legal) = (g.view(seat), g.legal_actions());
        let (knight, to) = legal
            .iter()
            .find_map(|a| match a {
                Action::Play {
                    effect: Effect::Step { knight, to },
                    ..
                } => Some((*knight, *to)),
                _ => None,
            })
            .expect("some step");
        let at = view.knight(knight).and_then(|k| k.at).expect("in the hall");
        let mut ui = CourtUi {
            card: Some(CardKind::Move),
            ..default()
        };
        assert!(on_click(HallClick::Space(at), &view, &legal, &mut ui, seat).is_none());
        assert_eq!(ui.knight, Some(knight));
        assert!(targets(&view, &legal, &ui).contains(&to), "the destination is lit");
        let req = on_click(HallClick::Space(to), &view, &legal, &mut ui, seat).expect("a request");
        assert_eq!(
            action_of(req),
            Action::Play {
                card: CardKind::Move,
                effect: Effect::Step { knight, to }
            }
        );
    }

    #[test]
    fn an_illegal_target_is_still_sent_so_the_rules_say_why() {
        let (g, seat) = in_play(&[CardKind::Priest(2)]);
        let (view, legal) = (g.view(seat), g.legal_actions());
        // A follower cannot go to another player's knight: the click names the action anyway.
        let (other, at) = view
            .hall()
            .find(|(k, _)| !view.is_mine(*k))
            .expect("an opponent's knight");
        let mut ui = CourtUi {
            card: Some(CardKind::Priest(2)),
            ..default()
        };
        let req = on_click(HallClick::Space(at), &view, &legal, &mut ui, seat).expect("sent");
        let action = action_of(req);
        assert_eq!(
            action,
            Action::Play {
                card: CardKind::Priest(2),
                effect: Effect::Follow { knight: other }
            }
        );
        let mut copy = g.clone();
        let why = copy.apply(&action).expect_err("refused");
        assert!(!why.0.is_empty());
    }

    #[test]
    fn nothing_happens_without_a_card() {
        let (g, seat) = in_play(&[CardKind::Move]);
        let (view, legal) = (g.view(seat), g.legal_actions());
        let (_, at) = view.hall().next().expect("a knight");
        let mut ui = CourtUi::default();
        assert!(on_click(HallClick::Space(at), &view, &legal, &mut ui, seat).is_none());
        assert!(ui.note.is_some(), "the player is told to choose a card");
    }

    #[test]
    fn dwarf_uses_match_their_effects() {
        assert!(DwarfUse::Move.matches(&Effect::Exit { knight: KnightId(0) }));
        assert!(!DwarfUse::Move.matches(&Effect::Score));
        assert!(DwarfUse::Score.matches(&Effect::Score));
    }
}
