//! The player's settings: animation speed, volume, interface scale, the colour-blind-safe
//! palette and fullscreen. Opened from the menu and the table (F2); kept in the data directory as
//! `settings.ron`. A broken file is reported and replaced by the defaults, never a crash. The
//! `Settings` resource itself, which many plugins read, lives in `shared`; this is its window.

use super::shared::{AnimationSpeed, Screen, Settings, TableUiSet};
use super::style::{GOLD, MUTED, WARN};
use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// Whether the settings window is open, and the last problem saving or reading them.
#[derive(Resource, Default)]
pub struct SettingsWindow {
    pub open: bool,
    pub problem: Option<String>,
    /// The interface scale while its slider is dragged: applied when the drag ends, so that the
    /// slider does not run away from the pointer as the interface grows under it.
    pub scale_draft: Option<f32>,
}

pub struct SettingsPlugin;

impl Plugin for SettingsPlugin {
    fn build(&self, app: &mut App) {
        let (settings, problem) = Settings::load_from(&Settings::path());
        super::style::set_safe_palette(settings.safe_colours);
        app.insert_resource(settings)
            .insert_resource(SettingsWindow {
                open: false,
                problem,
                scale_draft: None,
            })
            .add_systems(Update, apply_window_mode)
            .add_systems(
                EguiPrimaryContextPass,
                settings_window
                    .after(super::style::StyleSet)
                    .after(TableUiSet::Overlay)
                    .run_if(super::style::ui_ready),
            );
    }
}

fn apply_window_mode(settings: Res<Settings>, mut window: Query<&mut Window, With<PrimaryWindow>>) {
    if !settings.is_changed() {
        return;
    }
    let Ok(mut window) = window.single_mut() else {
        return;
    };
    let mode = if settings.fullscreen {
        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    };
    if window.mode != mode {
        window.mode = mode;
    }
}

fn settings_window(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut state: ResMut<SettingsWindow>,
    mut redraw: ResMut<super::redraw::Redraw>,
    screen: Res<State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !ctx.egui_wants_keyboard_input() && ctx.input(|i| i.key_pressed(egui::Key::F2)) {
        state.open = !state.open;
    }
    if !state.open {
        return Ok(());
    }
    let mut edited = settings.clone();
    let mut open = true;
    super::style::players_window(super::style::centred_window(ctx, "Settings", "settings"))
        .open(&mut open)
        .show(ctx, |ui| {
            egui::Grid::new("settings-grid")
                .num_columns(2)
                .spacing(egui::vec2(18.0, 12.0))
                .show(ui, |ui| {
                    ui.label("Animations");
                    ui.horizontal(|ui| {
                        for (speed, name) in [
                            (AnimationSpeed::Off, "Off"),
                            (AnimationSpeed::Normal, "Normal"),
                            (AnimationSpeed::Fast, "Fast"),
                        ] {
                            ui.selectable_value(&mut edited.animation, speed, name);
                        }
                    });
                    ui.end_row();
                    ui.label("Sound volume");
                    ui.add(egui::Slider::new(&mut edited.volume, 0.0..=1.0).show_value(false))
                        .on_hover_text("Silent at the far left; the table's Sound button mutes too");
                    ui.end_row();
                    ui.label("Interface scale");
                    let mut scale = state.scale_draft.unwrap_or(edited.ui_scale);
                    let slider = ui
                        .add(
                            egui::Slider::new(&mut scale, Settings::UI_SCALE)
                                .step_by(0.05)
                                .custom_formatter(|v, _| format!("{:.0} %", v * 100.0)),
                        )
                        .on_hover_text("Applied when you let go of the slider");
                    if slider.dragged() {
                        state.scale_draft = Some(scale);
                    } else {
                        state.scale_draft = None;
                        edited.ui_scale = scale;
                    }
                    ui.end_row();
                    // A large scale in a small window is held back so the board keeps its room.
                    let window = ui.ctx().viewport_rect().size() * ui.ctx().zoom_factor();
                    let window = bevy::math::Vec2::new(window.x, window.y);
                    let applied = super::style::interface_zoom(window, scale) / super::style::ui_zoom(window);
                    if applied + 0.01 < scale {
                        ui.label("");
                        ui.label(
                            egui::RichText::new(format!(
                                "{:.0} % in a window this size, so the table keeps its room",
                                applied * 100.0
                            ))
                            .small()
                            .color(MUTED),
                        );
                        ui.end_row();
                    }
                    ui.label("Colours");
                    ui.checkbox(&mut edited.safe_colours, "Colour-blind-safe palette")
                        .on_hover_text(
                            "Seat and faction colours from the Okabe–Ito palette; shields keep their shapes",
                        );
                    ui.end_row();
                    ui.label("Window");
                    ui.checkbox(&mut edited.fullscreen, "Fullscreen");
                    ui.end_row();
                });
            ui.add_space(6.0);
            ui.label(
                egui::RichText::new(format!("Kept in {}", Settings::path().display()))
                    .small()
                    .color(MUTED),
            );
            if let Some(p) = &state.problem {
                ui.colored_label(WARN, p);
            }
            ui.horizontal(|ui| {
                if ui.button("Defaults").clicked() {
                    edited = Settings::default();
                }
                ui.label(
                    egui::RichText::new("F2 opens and closes this window")
                        .small()
                        .color(GOLD),
                );
            });
        });
    if !open {
        state.open = false;
    }
    if edited != *settings {
        super::style::set_safe_palette(edited.safe_colours);
        // The world's pieces take their colours when they are built: a table in play is built
        // again (as when a game is continued), so every seat shows one colour everywhere.
        if edited.safe_colours != settings.safe_colours && *screen.get() == Screen::Table {
            next_screen.set(Screen::Table);
        }
        state.problem = edited.save_to(&Settings::path()).err();
        *settings = edited;
        redraw.more();
    }
    Ok(())
}
