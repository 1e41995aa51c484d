//! `--frames N` and `--screenshot PATH`: quit after N frames, or save the last frame as a PNG and
//! then quit, so tests and benchmarks can drive a real window.

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;

/// Frames to let the window settle before a screenshot when `--frames` is not given.
const DEFAULT_SCREENSHOT_FRAME: u32 = 40;
/// Frames to wait for a screenshot to arrive before giving up.
const SCREENSHOT_GRACE: u32 = 600;

pub struct CapturePlugin {
    pub frames: Option<u32>,
    pub screenshot: Option<PathBuf>,
}

#[derive(Resource, Clone)]
struct Capture {
    frames: Option<u32>,
    screenshot: Option<PathBuf>,
    requested_at: Option<u32>,
}

impl Plugin for CapturePlugin {
    fn build(&self, app: &mut App) {
        if self.frames.is_none() && self.screenshot.is_none() {
            return;
        }
        app.insert_resource(Capture {
            frames: self.frames,
            screenshot: self.screenshot.clone(),
            requested_at: None,
        })
        .add_systems(Last, capture.before(super::redraw::RedrawSet));
    }
}

fn capture(
    mut commands: Commands,
    frames: Res<FrameCount>,
    mut capture: ResMut<Capture>,
    mut exit: MessageWriter<AppExit>,
    mut redraw: ResMut<super::redraw::Redraw>,
) {
    // The window draws on demand; a run that counts frames keeps them coming.
    redraw.more();
    let frame = frames.0;
    match (&capture.screenshot, capture.requested_at) {
        (Some(path), None) => {
            if frame >= capture.frames.unwrap_or(DEFAULT_SCREENSHOT_FRAME) {
                let path = path.clone();
                capture.requested_at = Some(frame);
                commands
                    .spawn(Screenshot::primary_window())
                    .observe(save_to_disk(path.clone()))
                    .observe(move |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                        info!("screenshot saved to {}", path.display());
                        exit.write(AppExit::Success);
                    });
            }
        }
        (Some(_), Some(at)) => {
            if frame > at + SCREENSHOT_GRACE {
                error!("the screenshot never arrived");
                exit.write(AppExit::from_code(3));
            }
        }
        (None, _) => {
            if capture.frames.is_some_and(|n| frame >= n) {
                exit.write(AppExit::Success);
            }
        }
    }
}
