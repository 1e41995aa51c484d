//! The player's settings: animation speed, volume, interface scale, the colour-blind-safe
//! palette and fullscreen. Opened from the menu and the table (F2); kept in the data directory as
//! `settings.ron`. A broken file is reported and replaced by the defaults, never a crash.

use super::style::{GOLD, MUTED, WARN};
use crate::rules::{GameId, SeatConfig};
use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// How fast things move on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum AnimationSpeed {
    /// Things jump to where they go.
    Off,
    #[default]
    Normal,
    Fast,
}

impl AnimationSpeed {
    /// A motion's duration at this speed (zero when off).
    pub fn scale(self, secs: f32) -> f32 {
        match self {
            AnimationSpeed::Off => 0.0,
            AnimationSpeed::Normal => secs,
            AnimationSpeed::Fast => secs * 0.45,
        }
    }
}

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub animation: AnimationSpeed,
    /// Volume of the sounds, 0 (silent) to 1.
    pub volume: f32,
    /// The interface scale on top of the window's own (0.8 to 1.6).
    pub ui_scale: f32,
    /// Seat and faction colours from a palette told apart with any colour vision.
    pub safe_colours: bool,
    pub fullscreen: bool,
    /// The game last started from the menu, and each game's last setup (seats, names, variants),
    /// so the menu opens where the players left it.
    pub last_game: Option<GameId>,
    pub setups: BTreeMap<GameId, MenuSetup>,
}

/// A game's setup as the menu last started it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MenuSetup {
    pub seats: Vec<SeatConfig>,
    #[serde(default)]
    pub variants: BTreeMap<String, String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            animation: AnimationSpeed::Normal,
            volume: 0.7,
            ui_scale: 1.0,
            safe_colours: false,
            fullscreen: false,
            last_game: None,
            setups: BTreeMap::new(),
        }
    }
}

impl Settings {
    pub const UI_SCALE: std::ops::RangeInclusive<f32> = 0.8..=1.6;

    pub fn path() -> PathBuf {
        crate::rules::record::data_dir().join("settings.ron")
    }

    /// Reads the settings file; a missing file gives the defaults, a broken one the defaults
    /// and a message naming the file, line and column.
    pub fn load_from(path: &std::path::Path) -> (Settings, Option<String>) {
        let Ok(text) = std::fs::read_to_string(path) else {
            return (Settings::default(), None);
        };
        match ron::from_str::<Settings>(&text) {
            Ok(s) => (s.clamped(), None),
            Err(e) => (
                Settings::default(),
                Some(format!(
                    "{}:{}:{}: {} (the settings are back to their defaults)",
                    path.display(),
                    e.span.start.line,
                    e.span.start.col,
                    e.code
                )),
            ),
        }
    }

    fn clamped(mut self) -> Settings {
        self.volume = if self.volume.is_finite() {
            self.volume.clamp(0.0, 1.0)
        } else {
            0.7
        };
        self.ui_scale = if self.ui_scale.is_finite() {
            self.ui_scale.clamp(*Self::UI_SCALE.start(), *Self::UI_SCALE.end())
        } else {
            1.0
        };
        self
    }

    pub fn save_to(&self, path: &std::path::Path) -> Result<(), String> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The sounds' volume in decibels for the audio player (very quiet means silent).
    pub fn decibels(&self) -> Option<f32> {
        (self.volume > 0.01).then(|| 20.0 * self.volume.log10() - 5.0)
    }
}

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
                    .after(super::table::TableUiSet::Overlay)
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
    screen: Res<State<super::Screen>>,
    mut next_screen: ResMut<NextState<super::Screen>>,
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
    super::style::fixed_window(
        ctx,
        "Settings",
        "settings",
        egui::Align2::CENTER_CENTER,
        egui::Vec2::ZERO,
    )
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
                    .on_hover_text("Seat and faction colours from the Okabe–Ito palette; shields keep their shapes");
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
        if edited.safe_colours != settings.safe_colours && *screen.get() == super::Screen::Table {
            next_screen.set(super::Screen::Table);
        }
        state.problem = edited.save_to(&Settings::path()).err();
        *settings = edited;
        redraw.more();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_survive_a_round_trip_and_a_broken_file() {
        let dir = std::env::temp_dir().join(format!("camelot-settings-{}", std::process::id()));
        let path = dir.join("settings.ron");
        let s = Settings {
            animation: AnimationSpeed::Fast,
            volume: 0.25,
            ui_scale: 1.3,
            safe_colours: true,
            fullscreen: false,
            last_game: Some(GameId::Shadows),
            setups: BTreeMap::from([(
                GameId::Shadows,
                MenuSetup {
                    seats: crate::rules::TableConfig::with_players(3, crate::rules::SeatKind::Human, 1).seats,
                    variants: BTreeMap::from([("loyalty".to_string(), "traitor".to_string())]),
                },
            )]),
        };
        s.save_to(&path).expect("saved");
        assert_eq!(Settings::load_from(&path), (s, None));
        std::fs::write(&path, "(animation: Fast,\n volume: oops)").expect("written");
        let (back, problem) = Settings::load_from(&path);
        assert_eq!(back, Settings::default());
        let problem = problem.expect("a message");
        assert!(problem.contains("settings.ron:2:"), "{problem}");
        // Out-of-range values are brought back into range.
        std::fs::write(&path, "(ui_scale: 9.0, volume: -1.0)").expect("written");
        let (back, _) = Settings::load_from(&path);
        assert_eq!((back.ui_scale, back.volume), (1.6, 0.0));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn animation_off_is_instant_and_fast_is_quicker() {
        assert_eq!(AnimationSpeed::Off.scale(1.0), 0.0);
        assert!(AnimationSpeed::Fast.scale(1.0) < AnimationSpeed::Normal.scale(1.0));
    }
}
