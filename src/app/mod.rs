// Bevy systems take their resources as parameters; long parameter lists are normal here.
#![allow(clippy::too_many_arguments)]

//! The window (feature `gui`): Bevy plugins, one per concern. None of them decides a rule: the
//! rules bridge owns the match and is the only writer of game state.

pub mod audio;
pub mod balance_window;
pub mod bots;
pub mod bridge;
pub mod capture;
pub mod cards;
pub mod frame_stats;
pub mod handoff;
pub mod hint;
pub mod icons;
pub mod learn;

pub mod menu;
pub mod motion;
#[cfg(feature = "online")]
pub mod online;
pub mod redraw;
pub mod remote;
pub mod review;
pub mod settings;
pub mod shared;
pub mod style;
pub mod surfaces;
pub mod table;
pub mod tables;

use crate::library::Library;
use bevy::prelude::*;
use bevy::window::WindowResolution;
use std::path::PathBuf;
use std::process::ExitCode;

// The screens and the loaded content live at the bottom of the window (`shared`); named here too
// for the crate's users (the headless tests).
pub use shared::{LibraryRes, Screen};

/// How the window run was asked for on the command line.
pub struct WindowOptions {
    pub library: Library,
    /// Where content was read from (`--content`), for reloading it.
    pub content_dir: Option<PathBuf>,
    /// The shortest time a bot's move stays on screen.
    pub bot_pace: f32,
    /// The window's size in pixels.
    pub window_size: (u32, u32),
    pub frames: Option<u32>,
    pub screenshot: Option<PathBuf>,
    /// Write frame-time statistics here on exit (`--frame-stats`).
    pub frame_stats: Option<PathBuf>,
    /// Start straight at a table (`camelot play`) or a saved game (`camelot open`).
    pub start: Option<bridge::StartMatch>,
    /// Start at a game's guided first game (`camelot learn`).
    pub learn: Option<crate::rules::GameId>,
    /// Start replaying a save's text (`camelot open --replay`, a finished game), and review a
    /// seat of it (`Some(None)`: the default seat; `--review`).
    pub replay: Option<(String, Option<Option<crate::rules::Seat>>)>,
}

/// The plugins that hold the game and its flow, without any drawing: used by the window and by
/// headless tests.
pub struct CorePlugins;

impl Plugin for CorePlugins {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>()
            .add_message::<remote::OnlineAsk>()
            .add_plugins((
                bridge::RulesPlugin,
                handoff::HandoffPlugin,
                bots::BotPlugin,
                redraw::RedrawPlugin,
            ));
        #[cfg(feature = "online")]
        app.add_plugins(online::OnlinePlugin);
    }
}

pub fn run(opts: WindowOptions) -> Result<ExitCode, String> {
    // A panic from here on writes a report beside the saves, and the menu tells of it next time.
    let watch = crate::crash::install(crate::crash::folder(&crate::saves::Saves::in_data_dir().root));
    let mut app = App::new();
    app.insert_resource(bridge::CrashWatch(watch));
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Camelot".into(),
                    // The application id the desktop groups its windows and icon by (X11 WM_CLASS).
                    name: Some("camelot".into()),
                    resolution: WindowResolution::new(opts.window_size.0, opts.window_size.1),
                    resizable: true,
                    // The tables are laid out for no smaller a window.
                    resize_constraints: bevy::window::WindowResizeConstraints {
                        min_width: crate::MIN_WINDOW.0 as f32,
                        min_height: crate::MIN_WINDOW.1 as f32,
                        ..default()
                    },
                    ..default()
                }),
                ..default()
            })
            .set(bevy::log::LogPlugin {
                filter: "warn,camelot=info".into(),
                ..default()
            }),
    )
    .insert_resource(redraw::winit_settings())
    .insert_resource(ClearColor(style::BACKGROUND))
    .insert_resource(LibraryRes(opts.library))
    .insert_resource(shared::ContentDir(opts.content_dir))
    .add_plugins(bevy_egui::EguiPlugin::default())
    .add_plugins(redraw::EguiRedrawPlugin)
    .add_plugins(CorePlugins)
    .insert_resource(bots::BotPace(opts.bot_pace))
    .add_plugins((
        style::StylePlugin,
        icons::PicturesPlugin,
        surfaces::SurfacesPlugin,
        settings::SettingsPlugin,
        motion::MotionPlugin,
        menu::MenuPlugin,
        balance_window::BalanceWindowPlugin,
        table::TablePlugin,
        (hint::HintPlugin, learn::LearnPlugin, review::ReviewPlugin),
        tables::court::CourtTablePlugin,
        tables::future::FutureTablePlugin,
        tables::shadows::ShadowsTablePlugin,
        audio::SoundPlugin,
        capture::CapturePlugin {
            frames: opts.frames,
            screenshot: opts.screenshot,
        },
        frame_stats::FrameStatsPlugin(opts.frame_stats),
    ));
    if let Some(start) = opts.start {
        app.add_systems(Startup, move |mut starts: MessageWriter<bridge::StartMatch>| {
            starts.write(start.clone());
        });
    }
    if let Some((text, review)) = opts.replay {
        app.add_systems(
            Startup,
            move |mut replays: MessageWriter<bridge::ReplayRequest>, mut asks: MessageWriter<bridge::AskReview>| {
                replays.write(bridge::ReplayRequest::Open(text.clone()));
                if let Some(seat) = review {
                    asks.write(bridge::AskReview { seat });
                }
            },
        );
    }
    if let Some(game) = opts.learn {
        app.add_systems(Startup, move |mut learn: MessageWriter<learn::StartLearning>| {
            learn.write(learn::StartLearning(game));
        });
    }
    let exit = app.run();
    Ok(match exit {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    })
}
