//! The visual language of every table, in one place: the palette, the type scale, spacing, the
//! faces and icons, the frames of panels, cards, tiles and buttons, the looks of hover, pressed,
//! lit (a legal target) and refused, and the faction shields. Tables build from these and do not
//! invent their own.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub const BACKGROUND: Color = Color::srgb(0.07, 0.08, 0.11);
pub const GOLD: egui::Color32 = egui::Color32::from_rgb(222, 184, 90);
pub const PARCHMENT: egui::Color32 = egui::Color32::from_rgb(238, 226, 196);
pub const INK: egui::Color32 = egui::Color32::from_rgb(40, 30, 20);
pub const WARN: egui::Color32 = egui::Color32::from_rgb(240, 120, 100);
pub const GOOD: egui::Color32 = egui::Color32::from_rgb(140, 220, 140);
/// Panels and the raised things on them.
pub const PANEL: egui::Color32 = egui::Color32::from_rgb(27, 24, 22);
pub const PANEL_RAISED: egui::Color32 = egui::Color32::from_rgb(40, 35, 30);
pub const RULE: egui::Color32 = egui::Color32::from_rgb(92, 76, 52);
pub const MUTED: egui::Color32 = egui::Color32::from_rgb(170, 160, 140);

/// The world's colours (boards drawn with sprites and meshes).
mod faces;
mod heraldry;
pub use faces::{book, icon, icon_text, icons, ink_on};
pub use heraldry::{Heraldry, ShieldShape, heraldry, paint_shield, polygon_mesh, shield, shield_mesh, shield_outline};

pub mod world {
    use bevy::prelude::Color;
    pub const STONE: Color = Color::srgb(0.25, 0.23, 0.21);
    pub const WOOD: Color = Color::srgb(0.22, 0.14, 0.08);
    pub const GOLD: Color = Color::srgb(0.87, 0.72, 0.35);
    pub const GOLD_DIM: Color = Color::srgba(0.87, 0.72, 0.35, 0.55);
    pub const CARPET: Color = Color::srgb(0.45, 0.09, 0.10);
    pub const CARPET_EDGE: Color = Color::srgb(0.72, 0.55, 0.22);
    pub const PARCHMENT: Color = Color::srgb(0.93, 0.89, 0.77);
    pub const INK: Color = Color::srgb(0.16, 0.12, 0.08);
    pub const BLOOD: Color = Color::srgb(0.70, 0.06, 0.06);
    pub const PATH: Color = Color::srgb(0.66, 0.58, 0.42);
    pub const PATH_EDGE: Color = Color::srgb(0.12, 0.10, 0.08);
    /// The Scandalised! side of a tile.
    pub const SCANDAL: Color = Color::srgb(0.20, 0.16, 0.22);
    pub const SCANDAL_INK: Color = Color::srgb(0.96, 0.58, 0.80);
}

/// Spacing in points (egui) or world units.
pub mod space {
    pub const S: f32 = 4.0;
    pub const M: f32 = 8.0;
    pub const L: f32 = 12.0;
}

/// The type scale: egui points, and world units for text drawn on a board.
pub mod size {
    pub const HEADING: f32 = 26.0;
    pub const SUBHEADING: f32 = 20.0;
    pub const PROMPT: f32 = 18.0;
    pub const BODY: f32 = 16.0;
    pub const SMALL: f32 = 13.0;
    /// World text: labels of a board, names on tiles and cards, small print.
    pub const WORLD_LABEL: f32 = 22.0;
    pub const WORLD_NAME: f32 = 19.0;
    pub const WORLD_BADGE: f32 = 17.0;
    pub const WORLD_SMALL: f32 = 14.0;
}

/// How an interactive thing looks in each of its states; every table uses these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    Idle,
    Hover,
    Pressed,
    /// Chosen, part of the choice being made.
    Selected,
    /// A legal target of the choice being made.
    Lit,
    /// Not usable now (dimmed; a hover says why).
    Refused,
}

impl Look {
    /// The outline in egui.
    pub fn stroke(self) -> egui::Stroke {
        match self {
            Look::Idle => egui::Stroke::new(1.0, RULE),
            Look::Hover => egui::Stroke::new(2.0, PARCHMENT),
            Look::Pressed => egui::Stroke::new(2.0, GOLD.gamma_multiply(0.7)),
            Look::Selected => egui::Stroke::new(3.0, GOLD),
            Look::Lit => egui::Stroke::new(2.5, GOLD),
            Look::Refused => egui::Stroke::new(1.0, egui::Color32::from_gray(70)),
        }
    }
    /// The colour of a world thing's frame in this state (a lit space's glow, a chosen piece).
    pub fn outline_colour(self) -> Color {
        match self {
            Look::Lit | Look::Selected => world::GOLD,
            Look::Hover => world::PARCHMENT,
            Look::Pressed => world::GOLD_DIM,
            Look::Idle => world::INK,
            Look::Refused => Color::srgb(0.3, 0.3, 0.3),
        }
    }
    /// How far a card in this state rises from its place (world units).
    pub fn lift(self) -> f32 {
        match self {
            Look::Hover => 34.0,
            Look::Selected => 46.0,
            Look::Pressed => 26.0,
            _ => 0.0,
        }
    }
}

/// The frame of a side panel's group (a seat, a section).
pub fn group_frame(current: bool) -> egui::Frame {
    egui::Frame::new()
        .fill(PANEL_RAISED)
        .corner_radius(6)
        .inner_margin(egui::Margin::symmetric(space::M as i8, space::S as i8 + 1))
        .stroke(if current {
            Look::Selected.stroke()
        } else {
            Look::Idle.stroke()
        })
}

/// The frame of a floating window (dice, settings, results).
pub fn window_frame(ctx: &egui::Context) -> egui::Frame {
    egui::Frame::window(&ctx.global_style())
        .fill(egui::Color32::from_rgb(35, 30, 24))
        .stroke(egui::Stroke::new(2.0, GOLD))
        .inner_margin(space::L)
}

/// A window the player opened (Settings, the Rules, the Balance bench): above every window the
/// table opens by itself (a roll's dice, a moment, a refusal), so that none of those ever covers
/// it or takes a click meant for it.
pub fn players_window<'a>(window: egui::Window<'a>) -> egui::Window<'a> {
    window.order(egui::Order::Foreground)
}

/// A `fixed_window` in the middle of the screen.
pub fn centred_window<'a>(ctx: &egui::Context, title: &str, id: &str) -> egui::Window<'a> {
    fixed_window(ctx, title, id, egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
}

/// A window that stands still over the table (results, settings, a game's moments): a heading for
/// its title, the window frame, anchored, neither collapsible nor resizable.
pub fn fixed_window<'a>(
    ctx: &egui::Context,
    title: &str,
    id: &str,
    anchor: egui::Align2,
    offset: egui::Vec2,
) -> egui::Window<'a> {
    egui::Window::new(
        egui::RichText::new(title)
            .family(egui::FontFamily::Name("heading".into()))
            .size(size::HEADING),
    )
    .id(egui::Id::new(id))
    .frame(window_frame(ctx))
    .collapsible(false)
    .resizable(false)
    .anchor(anchor, offset)
}

/// A pointer from a window to a place on screen: a gold frame round the place and an arrow to it
/// from the window's edge (the guided game's callouts, a hint).
pub fn draw_pointer(ctx: &egui::Context, window: egui::Rect, target: egui::Rect) {
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("learn-pointer"),
    ));
    let stroke = egui::Stroke::new(3.0, GOLD);
    painter.rect_stroke(target.shrink(2.0), 6.0, stroke, egui::StrokeKind::Inside);
    let from = window.center();
    let to = egui::pos2(
        from.x.clamp(target.left(), target.right()),
        from.y.clamp(target.top(), target.bottom()),
    );
    let start = if window.contains(to) {
        to
    } else {
        edge_towards(window, to).unwrap_or(from)
    };
    // A head of a fixed size: egui's own arrow grows its head with the length, and a callout
    // across the table would point with a head as long as a room.
    painter.line_segment([start, to], stroke);
    let back = (start - to).normalized() * 16.0;
    if back.is_finite() {
        for turn in [-0.45f32, 0.45] {
            let (sin, cos) = turn.sin_cos();
            let side = egui::vec2(back.x * cos - back.y * sin, back.x * sin + back.y * cos);
            painter.line_segment([to, to + side], stroke);
        }
    }
}

/// Where the line from `rect`'s centre to `to` leaves `rect`.
fn edge_towards(rect: egui::Rect, to: egui::Pos2) -> Option<egui::Pos2> {
    let c = rect.center();
    let d = to - c;
    if d.length_sq() < 1.0 {
        return None;
    }
    let tx = if d.x.abs() > 0.0 {
        (rect.width() / 2.0) / d.x.abs()
    } else {
        f32::INFINITY
    };
    let ty = if d.y.abs() > 0.0 {
        (rect.height() / 2.0) / d.y.abs()
    } else {
        f32::INFINITY
    };
    let t = tx.min(ty).min(1.0);
    Some(c + d * t)
}

/// What the pointer rests on in a table's world, for the tooltip that explains it: one resource
/// per table, told apart by the table's own `Hover` type.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hovered<T: Send + Sync + 'static>(pub Option<T>);

impl<T: Send + Sync + 'static> Default for Hovered<T> {
    fn default() -> Self {
        Hovered(None)
    }
}

/// Makes a thing of the world say what it is while the pointer rests on it. A thing taken away
/// under the pointer (a hand dealt anew, a card played) gets no `Out`: its leaving clears what
/// it said, so that no tooltip outlives its card or names the card dealt into its place.
pub fn hoverable<T: Copy + PartialEq + Send + Sync + 'static>(commands: &mut Commands, e: Entity, what: T) {
    let clear = move |hovered: &mut Hovered<T>| {
        if hovered.0 == Some(what) {
            hovered.0 = None;
        }
    };
    commands
        .entity(e)
        .insert(Pickable::default())
        .observe(move |_: On<Pointer<Over>>, mut hovered: ResMut<Hovered<T>>| {
            hovered.0 = Some(what);
        })
        .observe(move |_: On<Pointer<Out>>, mut hovered: ResMut<Hovered<T>>| clear(&mut hovered))
        .observe(move |_: On<Remove, Pickable>, mut hovered: ResMut<Hovered<T>>| clear(&mut hovered));
}

/// Makes a thing of the world write `message` when it is pressed (primary button).
pub fn on_press<M: Message + Copy>(commands: &mut Commands, e: Entity, message: M) {
    commands
        .entity(e)
        .observe(move |ev: On<Pointer<Press>>, mut out: MessageWriter<M>| {
            if ev.button == PointerButton::Primary {
                out.write(message);
            }
        });
}

/// A flat rectangle of one colour in the world, under `parent` (not picked by the pointer).
pub fn rect(commands: &mut Commands, parent: Entity, colour: Color, size: Vec2, at: Vec3) -> Entity {
    commands
        .spawn((
            Sprite::from_color(colour, size),
            Pickable::IGNORE,
            Transform::from_translation(at),
            ChildOf(parent),
        ))
        .id()
}

/// A label in the world under `parent`, centred at `at` (each line centred too); the pointer
/// passes through it to what lies beneath.
pub fn world_text(
    commands: &mut Commands,
    parent: Entity,
    s: impl Into<String>,
    size: f32,
    font: &Handle<Font>,
    colour: Color,
    at: Vec3,
) -> Entity {
    commands
        .spawn((
            Text2d::new(s),
            TextFont::from_font_size(size).with_font(font.clone()),
            TextColor(colour),
            TextLayout::justify(Justify::Center),
            Pickable::IGNORE,
            Transform::from_translation(at),
            ChildOf(parent),
        ))
        .id()
}

/// A frame of `width` inside `outer`, drawn as four strips (`ring`).
pub fn frame(commands: &mut Commands, parent: Entity, colour: Color, outer: Rect, width: f32, z: f32) {
    for r in ring(outer, width) {
        rect(commands, parent, colour, r.size(), r.center().extend(z));
    }
}

/// The four strips of a frame `width` wide just inside `outer` (world frames are drawn as strips,
/// not as filled rectangles under the content: the software renderer pays for every covered pixel).
pub fn ring(outer: Rect, width: f32) -> [Rect; 4] {
    let (a, b) = (outer.min, outer.max);
    [
        Rect::new(a.x, b.y - width, b.x, b.y),
        Rect::new(a.x, a.y, b.x, a.y + width),
        Rect::new(a.x, a.y + width, a.x + width, b.y - width),
        Rect::new(b.x - width, a.y + width, b.x, b.y - width),
    ]
}

/// Meshes and colour materials shared by everything a board draws: one asset per shape and per
/// colour, so pieces batch and nothing is made twice (a tile redrawn reuses them).
#[derive(Resource, Default)]
pub struct WorldAssets {
    meshes: std::collections::HashMap<String, Handle<Mesh>>,
    materials: std::collections::HashMap<[u32; 4], Handle<ColorMaterial>>,
}

/// What a board needs to paint meshes: the shared assets and the asset stores.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Paint<'w> {
    cache: ResMut<'w, WorldAssets>,
    meshes: ResMut<'w, Assets<Mesh>>,
    materials: ResMut<'w, Assets<ColorMaterial>>,
}

impl Paint<'_> {
    /// The mesh named `key`, made by `make` the first time.
    pub fn mesh(&mut self, key: &str, make: impl FnOnce() -> Mesh) -> Handle<Mesh> {
        if let Some(h) = self.cache.meshes.get(key) {
            return h.clone();
        }
        let h = self.meshes.add(make());
        self.cache.meshes.insert(key.to_string(), h.clone());
        h
    }

    /// The material of one flat colour.
    pub fn colour(&mut self, colour: Color) -> Handle<ColorMaterial> {
        let c = colour.to_srgba();
        let key = [c.red, c.green, c.blue, c.alpha].map(f32::to_bits);
        if let Some(h) = self.cache.materials.get(&key) {
            return h.clone();
        }
        let h = self.materials.add(colour);
        self.cache.materials.insert(key, h.clone());
        h
    }
}

/// A hidden hand as a little fan of card backs (at most ten drawn, the count beside them), for
/// panels that show what others hold without showing what it is.
pub fn card_backs(ui: &mut egui::Ui, n: usize) -> egui::Response {
    let card = egui::vec2(10.0, 15.0);
    let step = 5.0;
    let drawn = n.min(10);
    let width = if drawn == 0 {
        card.x
    } else {
        card.x + step * (drawn - 1) as f32
    };
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, card.y), egui::Sense::hover());
    let carpet = egui::Color32::from_rgb(115, 23, 26);
    if drawn == 0 {
        ui.painter().rect_stroke(
            egui::Rect::from_min_size(rect.min, card),
            2,
            egui::Stroke::new(1.0, RULE),
            egui::StrokeKind::Inside,
        );
    }
    for i in 0..drawn {
        let back = egui::Rect::from_min_size(rect.min + egui::vec2(step * i as f32, 0.0), card);
        ui.painter()
            .rect(back, 2, carpet, egui::Stroke::new(1.0, GOLD), egui::StrokeKind::Inside);
    }
    response
}

/// The colour-blind-safe palette (Okabe and Ito), in the order of the default seat colours
/// (red, green, blue, white, yellow, purple, orange), used when the player chooses it.
pub const SAFE_PALETTE: [[u8; 3]; 7] = [
    [213, 94, 0],
    [0, 158, 115],
    [0, 114, 178],
    [235, 235, 235],
    [240, 228, 66],
    [204, 121, 167],
    [86, 180, 233],
];

pub const SERIF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSerif.ttf");
pub const SERIF_BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSerif-Bold.ttf");
/// EB Garamond (OFL 1.1): titles, names, card names. The bold cut covers Latin-1 only.
pub const GARAMOND: &[u8] = include_bytes!("../../../assets/fonts/EBGaramond12-Regular.otf");
pub const GARAMOND_BOLD: &[u8] = include_bytes!("../../../assets/fonts/EBGaramond12-Bold.otf");
/// RPG Awesome (OFL 1.1): the icons.
pub const ICONS: &[u8] = include_bytes!("../../../assets/fonts/rpgawesome.ttf");

/// The reference window size the UI is laid out for; larger or smaller windows scale it.
pub const REFERENCE: Vec2 = Vec2::new(1440.0, 900.0);
/// The smallest zoom of the interface: a smaller window (`crate::MIN_WINDOW` is the smallest
/// allowed) would squeeze the tables' panels.
pub const MIN_ZOOM: f32 = 0.7;

/// The part of the world every board fits in; the world camera always shows at least this much.
pub const BOARD_EXTENT: Vec2 = Vec2::new(1160.0, 700.0);

/// The part of the world a board occupies; the world camera frames it in the space the panels
/// leave (set by each table when it builds its board).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardFrame(pub Rect);

impl Default for BoardFrame {
    fn default() -> Self {
        BoardFrame(Rect::from_center_size(Vec2::ZERO, BOARD_EXTENT))
    }
}

/// The fonts for text drawn in the world (board labels).
#[derive(Resource, Clone)]
pub struct WorldFonts {
    /// The book face (EB Garamond) for names and labels.
    pub regular: Handle<Font>,
    pub bold: Handle<Font>,
    /// Lining figures for numbers on badges (DejaVu Serif Bold).
    pub numbers: Handle<Font>,
    pub icons: Handle<Font>,
}

pub struct StylePlugin;

/// Runs before any system that draws with egui.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct StyleSet;

/// egui passes since the fonts were installed (they take effect on the next pass).
#[derive(Resource, Default)]
pub struct UiReady(pub u32);

/// Whether egui has our fonts and styles: UI systems wait for it.
pub fn ui_ready(ready: Res<UiReady>) -> bool {
    ready.0 >= 2
}

impl Plugin for StylePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<UiReady>()
            .init_resource::<BoardFrame>()
            .init_resource::<WorldAssets>()
            .add_systems(Startup, (spawn_camera, load_world_fonts))
            .add_systems(PostUpdate, frame_world_camera.before(bevy::camera::CameraUpdateSystems))
            .add_systems(
                EguiPrimaryContextPass,
                (setup_egui, scale_egui).chain().in_set(StyleSet),
            );
    }
}

/// The camera that draws the board (into the part of the window the panels leave free).
#[derive(Component)]
pub struct WorldCamera;

fn spawn_camera(mut commands: Commands, mut egui_settings: ResMut<bevy_egui::EguiGlobalSettings>) {
    // egui gets its own camera drawn over the world, so the world camera can be given a viewport.
    egui_settings.auto_create_primary_context = false;
    commands.spawn((
        bevy_egui::PrimaryEguiContext,
        Camera2d,
        // Both cameras draw into the same window, so they share its sample count.
        Msaa::Off,
        bevy::camera::visibility::RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: bevy::camera::CameraOutputMode::Write {
                blend_state: Some(bevy::render::render_resource::BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
    commands.spawn((
        WorldCamera,
        Camera2d,
        // The board is rectangles, text and a few shields: multisampling buys little there and
        // costs the most on software renderers.
        Msaa::Off,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: bevy::camera::ScalingMode::AutoMin {
                min_width: BOARD_EXTENT.x,
                min_height: BOARD_EXTENT.y,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}

/// Points the world camera at the board's frame and shows at least all of it.
fn frame_world_camera(frame: Res<BoardFrame>, mut camera: Query<(&mut Transform, &mut Projection), With<WorldCamera>>) {
    if !frame.is_changed() {
        return;
    }
    let Ok((mut transform, mut projection)) = camera.single_mut() else {
        return;
    };
    let r = frame.0;
    transform.translation = r.center().extend(transform.translation.z);
    if let Projection::Orthographic(o) = projection.as_mut() {
        o.scaling_mode = bevy::camera::ScalingMode::AutoMin {
            min_width: r.width(),
            min_height: r.height(),
        };
    }
}

fn load_world_fonts(mut commands: Commands, mut fonts: ResMut<Assets<Font>>) {
    commands.insert_resource(WorldFonts {
        regular: fonts.add(Font::from_bytes(GARAMOND.to_vec())),
        bold: fonts.add(Font::from_bytes(GARAMOND_BOLD.to_vec())),
        numbers: fonts.add(Font::from_bytes(SERIF_BOLD.to_vec())),
        icons: fonts.add(Font::from_bytes(ICONS.to_vec())),
    });
}

fn setup_egui(
    mut contexts: EguiContexts,
    mut done: Local<bool>,
    mut ready: ResMut<UiReady>,
    mut redraw: ResMut<super::redraw::Redraw>,
) {
    if ready.0 < 2 {
        // The fonts take effect a pass later: draw until the interface is ready.
        redraw.more();
    }
    if *done {
        ready.0 = ready.0.saturating_add(1);
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    *done = true;
    install_look(ctx);
}

/// The faces and the look of every widget, set on an egui context (the window's at start-up; a
/// layout test's own).
pub fn install_look(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    fonts
        .font_data
        .insert("serif".into(), std::sync::Arc::new(egui::FontData::from_static(SERIF)));
    fonts.font_data.insert(
        "serif-bold".into(),
        std::sync::Arc::new(egui::FontData::from_static(SERIF_BOLD)),
    );
    for (name, bytes) in [
        ("garamond", GARAMOND),
        ("garamond-bold", GARAMOND_BOLD),
        ("icons", ICONS),
    ] {
        fonts
            .font_data
            .insert(name.into(), std::sync::Arc::new(egui::FontData::from_static(bytes)));
    }
    // Headings in Garamond's bold cut, with the regular cut and DejaVu for what it lacks.
    fonts.families.insert(
        egui::FontFamily::Name("heading".into()),
        vec!["garamond-bold".into(), "garamond".into(), "serif-bold".into()],
    );
    fonts.families.insert(book(), vec!["garamond".into(), "serif".into()]);
    fonts.families.insert(icons(), vec!["icons".into()]);
    if let Some(list) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
        list.push("serif".into());
        // Icons inline in ordinary text.
        list.push("icons".into());
    }
    ctx.set_fonts(fonts);
    ctx.all_styles_mut(|style| {
        use egui::{FontFamily, FontId, TextStyle};
        style.text_styles = [
            (
                TextStyle::Heading,
                FontId::new(size::HEADING + 4.0, FontFamily::Name("heading".into())),
            ),
            (TextStyle::Body, FontId::new(size::BODY, FontFamily::Proportional)),
            (TextStyle::Monospace, FontId::new(14.0, FontFamily::Monospace)),
            (TextStyle::Button, FontId::new(size::BODY, FontFamily::Proportional)),
            (TextStyle::Small, FontId::new(size::SMALL, FontFamily::Proportional)),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        // Labels inside clickable cards must not swallow the click.
        style.interaction.selectable_labels = false;
        style.spacing.button_padding = egui::vec2(10.0, 5.0);
        style.visuals = egui::Visuals::dark();
        style.visuals.selection.bg_fill = egui::Color32::from_rgb(120, 90, 30);
        style.visuals.hyperlink_color = GOLD;
        style.visuals.window_fill = PANEL_RAISED;
        style.visuals.panel_fill = PANEL;
        // Buttons: hover lights the edge, pressed sinks into gold, selected is gold.
        let w = &mut style.visuals.widgets;
        w.inactive.weak_bg_fill = egui::Color32::from_rgb(58, 50, 40);
        w.inactive.bg_fill = egui::Color32::from_rgb(58, 50, 40);
        w.inactive.bg_stroke = Look::Idle.stroke();
        w.inactive.fg_stroke = egui::Stroke::new(1.0, PARCHMENT);
        w.hovered.weak_bg_fill = egui::Color32::from_rgb(78, 66, 48);
        w.hovered.bg_fill = egui::Color32::from_rgb(78, 66, 48);
        w.hovered.bg_stroke = Look::Hover.stroke();
        w.hovered.fg_stroke = egui::Stroke::new(1.5, egui::Color32::WHITE);
        w.active.weak_bg_fill = egui::Color32::from_rgb(120, 90, 30);
        w.active.bg_fill = egui::Color32::from_rgb(120, 90, 30);
        w.active.bg_stroke = Look::Pressed.stroke();
        w.noninteractive.bg_stroke = egui::Stroke::new(1.0, RULE);
        w.noninteractive.fg_stroke = egui::Stroke::new(1.0, PARCHMENT.gamma_multiply(0.9));
        for v in [&mut w.inactive, &mut w.hovered, &mut w.active, &mut w.open] {
            v.corner_radius = egui::CornerRadius::same(5);
        }
    });
}

/// Scales the whole interface with the window, so it stays readable small and uses big screens.
fn scale_egui(
    mut contexts: EguiContexts,
    window: Query<&Window, With<PrimaryWindow>>,
    settings: Option<Res<super::shared::Settings>>,
    mut last: Local<f32>,
) {
    let Ok(window) = window.single() else {
        return;
    };
    let scale = settings.map(|s| s.ui_scale).unwrap_or(1.0);
    let zoom = interface_zoom(Vec2::new(window.width(), window.height()), scale);
    if (zoom - *last).abs() < 0.01 {
        return;
    }
    if let Ok(ctx) = contexts.ctx_mut() {
        ctx.set_zoom_factor(zoom);
        *last = zoom;
    }
}

/// The widest the interface may grow, in its own points, across the window: the side panels and
/// the log of a table (about 250 + 300 points) must leave the board most of the width.
pub const MIN_INTERFACE_WIDTH: f32 = 1150.0;

/// The interface zoom for a window of this logical size at the chosen interface scale: the
/// window's own zoom times the scale, but never so large that fewer than `MIN_INTERFACE_WIDTH`
/// points fit across (a large scale in a small window would squeeze the board to a strip).
pub fn interface_zoom(size: Vec2, scale: f32) -> f32 {
    let wanted = ui_zoom(size) * scale;
    let most = (size.x / MIN_INTERFACE_WIDTH).max(ui_zoom(size));
    wanted.min(most)
}

/// The interface zoom for a window of this logical size.
pub fn ui_zoom(size: Vec2) -> f32 {
    (size.x / REFERENCE.x).min(size.y / REFERENCE.y).clamp(MIN_ZOOM, 2.5)
}

/// A root `Ui` covering the window, for panels (egui 0.36 panels are shown inside a `Ui`).
pub fn root_ui(ctx: &egui::Context, id: &str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new(id),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// The largest font size, at most `size`, at which `text` fits in `lines` lines `width` wide in
/// the world, wrapped at spaces (an estimate from the faces' average letter width: a long single
/// word, which a text bound cannot wrap, or a name of many words shrinks instead of spilling past
/// its tile).
pub fn fitting_size(text: &str, size: f32, width: f32, lines: usize) -> f32 {
    let words: Vec<usize> = text.split_whitespace().map(|w| w.chars().count()).collect();
    let longest = words.iter().copied().max().unwrap_or(0).max(1);
    // Letters a line holds at `size`, and the lines the words wrap into at that many letters.
    let wrapped = |letters: usize| {
        let (mut count, mut used) = (1, 0usize);
        for &w in &words {
            if used > 0 && used + 1 + w > letters {
                count += 1;
                used = w;
            } else {
                used += if used > 0 { 1 + w } else { w };
            }
        }
        count
    };
    let mut fit = size.min(width / (longest as f32 * 0.55));
    while fit > 4.0 && wrapped((width / (fit * 0.55)) as usize) > lines.max(1) {
        fit -= 0.5;
    }
    fit
}

/// Whether seat and faction colours are shown from the colour-blind-safe palette.
static SAFE_COLOURS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

pub fn set_safe_palette(on: bool) {
    SAFE_COLOURS.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// A seat's or faction's colour as shown: itself, or its counterpart in the safe palette (the
/// nearest of the default seat colours decides which). Every table shows colours through this,
/// and through it once: a colour of the safe palette is shown as itself, so passing one through
/// again (a caller that mapped it already) cannot turn a seat into another seat's colour.
pub fn shown_rgb(rgb: [u8; 3]) -> [u8; 3] {
    if !SAFE_COLOURS.load(std::sync::atomic::Ordering::Relaxed) || SAFE_PALETTE.contains(&rgb) {
        return rgb;
    }
    let d = |a: [u8; 3]| -> i32 { (0..3).map(|i| (a[i] as i32 - rgb[i] as i32).pow(2)).sum() };
    crate::rules::SEAT_COLOURS
        .iter()
        .enumerate()
        .min_by_key(|(_, c)| d(**c))
        .filter(|(_, c)| d(**c) < 70 * 70)
        .map(|(i, _)| SAFE_PALETTE[i % SAFE_PALETTE.len()])
        .unwrap_or(rgb)
}

pub fn seat_colour(rgb: [u8; 3]) -> egui::Color32 {
    let rgb = shown_rgb(rgb);
    egui::Color32::from_rgb(rgb[0], rgb[1], rgb[2])
}

/// A seat's or faction's colour in the world.
pub fn world_colour(rgb: [u8; 3]) -> Color {
    let rgb = shown_rgb(rgb);
    Color::srgb_u8(rgb[0], rgb[1], rgb[2])
}

/// Black or white text, whichever reads on this seat's or faction's colour (as shown).
pub fn text_on(rgb: [u8; 3]) -> egui::Color32 {
    ink_on(seat_colour(rgb))
}

// Die Zukunft's player colours as chips, on its table and in the menu's choice of colours.

/// A colour's RGB, by `COLOUR_NAMES` index (grey for none).
pub fn colour_rgb(colour: u8) -> [u8; 3] {
    crate::rules::future::COLOUR_RGB
        .get(colour as usize)
        .copied()
        .unwrap_or([150, 150, 150])
}

/// A colour's letter, by `COLOUR_NAMES` index.
pub fn colour_mark(colour: u8) -> &'static str {
    crate::rules::future::COLOUR_MARKS
        .get(colour as usize)
        .copied()
        .unwrap_or("?")
}

/// A colour's chip: a disc in its colour with its letter.
pub fn colour_chip(ui: &mut egui::Ui, colour: u8, size: f32) -> egui::Response {
    figure_chip(ui, colour_rgb(colour), colour_mark(colour), size)
}

/// A figure as a chip: a disc in its colour with its mark (a letter, or a Knight's two letters a
/// little smaller).
pub fn figure_chip(ui: &mut egui::Ui, rgb: [u8; 3], mark: &str, size: f32) -> egui::Response {
    let letters = if mark.chars().count() > 1 { 0.5 } else { 0.6 };
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let fill = seat_colour(rgb);
    let p = ui.painter();
    p.circle_filled(rect.center(), size / 2.0, egui::Color32::from_rgb(30, 22, 16));
    p.circle_filled(rect.center(), size / 2.0 - 1.5, fill);
    p.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        mark,
        egui::FontId::proportional(size * letters),
        ink_on(fill),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    type Slot = Hovered<u8>;

    #[test]
    fn a_hovered_thing_taken_away_leaves_no_tooltip_behind() {
        // The pointer rests on card 2; the hand is dealt anew (the card despawned) without the
        // pointer moving, so no `Out` comes: what it said must go with it, and only with it.
        let mut app = App::new();
        app.init_resource::<Slot>();
        let (a, b) = {
            let world = app.world_mut();
            let a = world.spawn_empty().id();
            let b = world.spawn_empty().id();
            let mut q = bevy::ecs::world::CommandQueue::default();
            let mut commands = Commands::new(&mut q, world);
            hoverable::<u8>(&mut commands, a, 2);
            hoverable::<u8>(&mut commands, b, 3);
            q.apply(world);
            (a, b)
        };
        app.world_mut().resource_mut::<Slot>().0 = Some(2);
        app.world_mut().despawn(b);
        assert_eq!(
            app.world().resource::<Slot>().0,
            Some(2),
            "another thing's leaving changes nothing"
        );
        app.world_mut().despawn(a);
        assert_eq!(app.world().resource::<Slot>().0, None);
    }

    #[test]
    fn the_safe_palette_gives_each_seat_colour_its_own_colour() {
        set_safe_palette(true);
        let shown: Vec<[u8; 3]> = crate::rules::SEAT_COLOURS.iter().map(|c| shown_rgb(*c)).collect();
        // A colour chosen by hand far from the defaults stays as it is.
        let own = shown_rgb([10, 200, 200]);
        set_safe_palette(false);
        for (i, a) in shown.iter().enumerate() {
            assert!(SAFE_PALETTE.contains(a));
            assert!(!shown[i + 1..].contains(a), "two seats share {a:?}");
        }
        assert_eq!(own, [10, 200, 200]);
        set_safe_palette(true);
        let twice: Vec<[u8; 3]> = shown.iter().map(|c| shown_rgb(*c)).collect();
        set_safe_palette(false);
        assert_eq!(twice, shown, "a seat keeps its colour however often it is shown");
        assert_eq!(shown_rgb([200, 50, 50]), [200, 50, 50], "off again");
    }

    #[test]
    fn a_large_interface_scale_leaves_the_board_room() {
        let small = Vec2::new(1280.0, 800.0);
        // 160 % at 1280×800 grows the interface, but not past 1150 points across.
        let zoom = interface_zoom(small, 1.6);
        assert!(zoom > ui_zoom(small) * 1.2, "it does grow: {zoom}");
        assert!(small.x / zoom >= MIN_INTERFACE_WIDTH - 0.5, "{zoom}");
        // On a wide screen the whole scale applies; a small scale always does.
        let large = Vec2::new(3840.0, 1600.0);
        assert_eq!(interface_zoom(large, 1.6), ui_zoom(large) * 1.6);
        assert_eq!(interface_zoom(small, 0.8), ui_zoom(small) * 0.8);
    }

    #[test]
    fn a_long_name_shrinks_to_its_tile() {
        assert_eq!(fitting_size("Bors", 19.0, 82.0, 2), 19.0);
        let long = fitting_size("Constantine", 19.0, 82.0, 2);
        assert!(long < 19.0 && long * 11.0 * 0.55 <= 82.0 + 0.01, "{long}");
        // Words wrap: only the longest word must fit, in as many lines as there are.
        assert_eq!(fitting_size("Bors de Ganis", 19.0, 82.0, 2), 19.0);
        // Three words that would wrap into three lines shrink to two.
        let three = fitting_size("Uwaine les Avoutres", 19.0, 82.0, 2);
        assert!(three < 19.0, "{three}");
        let letters = (82.0 / (three * 0.55)) as usize;
        assert!(letters >= "Uwaine les".len(), "{three}: {letters} letters a line");
    }

    #[test]
    fn a_ring_is_four_strips_inside_its_rect() {
        let outer = Rect::new(0.0, 0.0, 100.0, 50.0);
        let strips = ring(outer, 5.0);
        let area: f32 = strips.iter().map(|r| r.width() * r.height()).sum();
        assert_eq!(area, 100.0 * 50.0 - 90.0 * 40.0);
        assert!(strips.iter().all(|r| outer.contains(r.min) && outer.contains(r.max)));
    }
}
