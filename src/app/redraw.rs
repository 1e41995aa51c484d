//! Drawing on demand. A board game waits for people, so the window sleeps between frames (winit's
//! reactive mode) and draws only when something asks: input (winit wakes the loop itself), egui
//! asking for a repaint (bevy_egui writes `RequestRedraw`), and the systems here and elsewhere
//! that mark `Redraw`: something moving, a die rolling, a bot thinking, a score counting up, a
//! message fading, a change of the match that the next frames must show.
//!
//! Any system with something still in motion calls `Redraw::more` each frame it moves; a system
//! that changed what is shown calls `Redraw::settle` (a few frames, for the systems that draw
//! from it a frame later). `request` turns that into one `RequestRedraw` at the end of the frame.

use super::bots::{Animating, BotThinking};
use super::bridge::{MatchChanged, Refused, StartMatch};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::Duration;

/// Frames after a change that are drawn even when nothing asks (systems that read a change a
/// frame later, text laid out a frame after it is spawned).
const SETTLE_FRAMES: u32 = 3;

/// How many more frames to draw.
#[derive(Resource, Default, Debug)]
pub struct Redraw {
    frames: u32,
}

impl Redraw {
    /// Something is still moving: draw the next frame too.
    pub fn more(&mut self) {
        self.frames = self.frames.max(1);
    }
    /// What is shown has changed: draw the next few frames.
    pub fn settle(&mut self) {
        self.frames = self.frames.max(SETTLE_FRAMES);
    }
    /// Whether another frame is wanted.
    pub fn wanted(&self) -> bool {
        self.frames > 0
    }
}

/// The window's update modes: asleep until input or a redraw request, with a long safety wake.
pub fn winit_settings() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive(Duration::from_secs(10)),
        unfocused_mode: UpdateMode::reactive_low_power(Duration::from_secs(60)),
    }
}

/// Where `Redraw` becomes a request, in `Last`: mark `Redraw` before it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct RedrawSet;

pub struct RedrawPlugin;

impl Plugin for RedrawPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Redraw>()
            .add_message::<RequestRedraw>()
            .add_systems(Last, (settle_after_changes, request).chain().in_set(RedrawSet));
    }
}

/// The egui half of drawing on demand (the window only; headless runs have no egui).
pub struct EguiRedrawPlugin;

impl Plugin for EguiRedrawPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
    }
}

/// The shared reasons to keep drawing: a new or changed match, a refusal to show, a screen
/// change, a bot thinking (its spinner) or waiting out its pace, a board animating.
fn settle_after_changes(
    mut starts: MessageReader<StartMatch>,
    mut changed: MessageReader<MatchChanged>,
    mut refused: MessageReader<Refused>,
    screen: Option<Res<State<super::shared::Screen>>>,
    thinking: Res<BotThinking>,
    animating: Res<Animating>,
    mut redraw: ResMut<Redraw>,
) {
    let changes = starts.read().count() + changed.read().count() + refused.read().count();
    if changes > 0 || screen.is_some_and(|s| s.is_changed()) {
        redraw.settle();
    }
    if thinking.seat.is_some() || animating.0 > 0.0 {
        redraw.more();
    }
}

/// bevy_egui 0.42 tells egui the modifier keys every frame, changed or not; egui takes any
/// input event as a reason to draw the next frame, so the window would never rest. This keeps
/// the event only when the modifiers did change.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<bevy_egui::egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.events.retain(|event| match event {
            bevy_egui::egui::Event::ModifiersChanged(m) => {
                let changed = *last != Some(*m);
                *last = Some(*m);
                changed
            }
            _ => true,
        });
    }
}

fn request(mut redraw: ResMut<Redraw>, mut out: MessageWriter<RequestRedraw>) {
    if redraw.frames > 0 {
        redraw.frames -= 1;
        out.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_and_settle_count_frames() {
        let mut r = Redraw::default();
        assert!(!r.wanted());
        r.more();
        assert_eq!(r.frames, 1);
        r.settle();
        assert_eq!(r.frames, SETTLE_FRAMES);
        r.more();
        assert_eq!(r.frames, SETTLE_FRAMES, "more never shortens a settle");
    }
}
