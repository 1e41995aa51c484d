//! The look of the table: colours, fonts, egui styling and scaling with the window size.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub const BACKGROUND: Color = Color::srgb(0.07, 0.08, 0.11);
pub const GOLD: egui::Color32 = egui::Color32::from_rgb(222, 184, 90);
pub const PARCHMENT: egui::Color32 = egui::Color32::from_rgb(238, 226, 196);
pub const INK: egui::Color32 = egui::Color32::from_rgb(40, 30, 20);
pub const WARN: egui::Color32 = egui::Color32::from_rgb(240, 120, 100);

pub const SERIF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSerif.ttf");
pub const SERIF_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSerif-Bold.ttf");

/// The reference window size the UI is laid out for; larger or smaller windows scale it.
pub const REFERENCE: Vec2 = Vec2::new(1440.0, 900.0);

/// The part of the world every board fits in; the world camera always shows at least this much.
pub const BOARD_EXTENT: Vec2 = Vec2::new(1160.0, 700.0);

/// The fonts for text drawn in the world (board labels).
#[derive(Resource, Clone)]
pub struct WorldFonts {
    pub regular: Handle<Font>,
    pub bold: Handle<Font>,
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
            .add_systems(Startup, (spawn_camera, load_world_fonts))
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
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: bevy::camera::ScalingMode::AutoMin {
                min_width: BOARD_EXTENT.x,
                min_height: BOARD_EXTENT.y,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}

fn load_world_fonts(mut commands: Commands, mut fonts: ResMut<Assets<Font>>) {
    commands.insert_resource(WorldFonts {
        regular: fonts.add(Font::from_bytes(SERIF.to_vec())),
        bold: fonts.add(Font::from_bytes(SERIF_BOLD.to_vec())),
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
    let mut fonts = egui::FontDefinitions::default();
    fonts
        .font_data
        .insert("serif".into(), std::sync::Arc::new(egui::FontData::from_static(SERIF)));
    fonts.font_data.insert(
        "serif-bold".into(),
        std::sync::Arc::new(egui::FontData::from_static(SERIF_BOLD)),
    );
    fonts.families.insert(
        egui::FontFamily::Name("heading".into()),
        vec!["serif-bold".into(), "serif".into()],
    );
    if let Some(list) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
        list.push("serif".into());
    }
    ctx.set_fonts(fonts);
    ctx.all_styles_mut(|style| {
        use egui::{FontFamily, FontId, TextStyle};
        style.text_styles = [
            (
                TextStyle::Heading,
                FontId::new(26.0, FontFamily::Name("heading".into())),
            ),
            (TextStyle::Body, FontId::new(16.0, FontFamily::Proportional)),
            (TextStyle::Monospace, FontId::new(14.0, FontFamily::Monospace)),
            (TextStyle::Button, FontId::new(16.0, FontFamily::Proportional)),
            (TextStyle::Small, FontId::new(13.0, FontFamily::Proportional)),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        // Labels inside clickable cards must not swallow the click.
        style.interaction.selectable_labels = false;
        style.spacing.button_padding = egui::vec2(10.0, 5.0);
        style.visuals = egui::Visuals::dark();
        style.visuals.selection.bg_fill = egui::Color32::from_rgb(120, 90, 30);
        style.visuals.hyperlink_color = GOLD;
        style.visuals.window_fill = egui::Color32::from_rgb(28, 30, 38);
        style.visuals.panel_fill = egui::Color32::from_rgb(24, 26, 33);
    });
}

/// Scales the whole interface with the window, so it stays readable small and uses big screens.
fn scale_egui(mut contexts: EguiContexts, window: Query<&Window, With<PrimaryWindow>>, mut last: Local<f32>) {
    let Ok(window) = window.single() else {
        return;
    };
    let zoom = ui_zoom(Vec2::new(window.width(), window.height()));
    if (zoom - *last).abs() < 0.01 {
        return;
    }
    if let Ok(ctx) = contexts.ctx_mut() {
        ctx.set_zoom_factor(zoom);
        *last = zoom;
    }
}

/// The interface zoom for a window of this logical size.
pub fn ui_zoom(size: Vec2) -> f32 {
    (size.x / REFERENCE.x).min(size.y / REFERENCE.y).clamp(0.7, 2.5)
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

pub fn seat_colour(rgb: [u8; 3]) -> egui::Color32 {
    egui::Color32::from_rgb(rgb[0], rgb[1], rgb[2])
}

/// Black or white text, whichever reads on this background.
pub fn text_on(rgb: [u8; 3]) -> egui::Color32 {
    let l = 0.299 * rgb[0] as f32 + 0.587 * rgb[1] as f32 + 0.114 * rgb[2] as f32;
    if l > 150.0 {
        egui::Color32::BLACK
    } else {
        egui::Color32::WHITE
    }
}
