//! The yardstick for Camelot's start-up: an empty window with the same Bevy features, egui and
//! kira audio, that draws one egui label and quits after `--frames N` frames (default 1).
//!
//!     cargo build --release --features tools --example empty_window
//!     scripts/startup.sh     (times this against `camelot --frames 1`)

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

fn main() {
    let frames: u32 = std::env::args()
        .skip_while(|a| a != "--frames")
        .nth(1)
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "empty".into(),
                resolution: bevy::window::WindowResolution::new(1440, 900),
                ..default()
            }),
            ..default()
        }))
        .add_plugins(EguiPlugin::default())
        .add_plugins(bevy_kira_audio::AudioPlugin)
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn(Camera2d);
        })
        .add_systems(EguiPrimaryContextPass, label)
        .add_systems(
            Last,
            move |count: Res<bevy::diagnostic::FrameCount>, mut exit: MessageWriter<AppExit>| {
                if count.0 >= frames {
                    exit.write(AppExit::Success);
                }
            },
        )
        .run();
}

fn label(mut contexts: EguiContexts) -> Result {
    egui::Window::new("empty").show(contexts.ctx_mut()?, |ui| ui.label("empty"));
    Ok(())
}
