//! Pass-and-play: whenever the decision passes to another human and the next screen would show
//! that seat's secrets, the table is covered until that player says they are ready.

use super::bridge::{MatchChanged, MatchRes};
use crate::rules::Seat;
use crate::table::needs_handoff;
use bevy::prelude::*;

#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Handoff {
    /// The seat the table is covered for: nothing private may be drawn while this is set.
    pub covering: Option<Seat>,
    /// The seat whose secrets the screen shows (the last human to take the screen).
    pub viewer: Option<Seat>,
}

impl Handoff {
    /// Whose private information may be drawn now.
    pub fn private_viewer(&self) -> Option<Seat> {
        if self.covering.is_some() { None } else { self.viewer }
    }
}

/// The player at the screen says they are ready.
#[derive(Message, Clone, Copy, Debug)]
pub struct HandoffConfirmed;

pub struct HandoffPlugin;

/// The systems that decide the hand-off; bots and drawing run after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct HandoffSet;

impl Plugin for HandoffPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Handoff>()
            .add_message::<HandoffConfirmed>()
            .add_systems(
                Update,
                (update_handoff, confirm_handoff)
                    .chain()
                    .after(super::bridge::RulesSet)
                    .in_set(HandoffSet),
            );
    }
}

fn update_handoff(mut changed: MessageReader<MatchChanged>, res: Res<MatchRes>, mut handoff: ResMut<Handoff>) {
    if changed.read().count() == 0 {
        return;
    }
    match res.current.as_ref() {
        Some(m) => *handoff = next_handoff(*handoff, m.config(), &m.pending()),
        None => *handoff = Handoff::default(),
    }
}

/// The hand-off after a change of the match: cover the table when a different human is to see
/// their secrets; with bots to move, keep showing the last human's view (or cover it for the
/// first human, when several humans share the screen and none has taken it yet).
pub fn next_handoff(current: Handoff, config: &crate::rules::TableConfig, pending: &crate::rules::Pending) -> Handoff {
    let humans: Vec<Seat> = (0..config.seats.len())
        .filter(|&s| config.seats[s].kind.is_human())
        .collect();
    let mut next = current;
    match pending.seat() {
        Some(seat) if humans.contains(&seat) => {
            if needs_handoff(config, pending, current.viewer) {
                next.covering = Some(seat);
            } else {
                next.covering = None;
                next.viewer = Some(seat);
            }
        }
        _ => {
            if current.viewer.is_none() && current.covering.is_none() {
                match humans.as_slice() {
                    [] => {}
                    [only] => next.viewer = Some(*only),
                    [first, ..] => next.covering = Some(*first),
                }
            }
        }
    }
    next
}

fn confirm_handoff(
    mut confirmed: MessageReader<HandoffConfirmed>,
    mut handoff: ResMut<Handoff>,
    egui_input: Option<ResMut<Messages<bevy_egui::input::EguiInputEvent>>>,
    contexts: Query<Entity, With<bevy_egui::PrimaryEguiContext>>,
) {
    if confirmed.read().count() == 0 {
        return;
    }
    if let Some(seat) = handoff.covering.take() {
        handoff.viewer = Some(seat);
        // The next player starts from a clean screen: the button the last one pressed is not
        // left lit with its tooltip under a pointer that has not moved since.
        if let Some(mut input) = egui_input {
            for context in &contexts {
                input.write(bevy_egui::input::EguiInputEvent {
                    context,
                    event: bevy_egui::egui::Event::PointerGone,
                });
            }
        }
    }
}

/// Whether the hand-off screen is drawn now: the table is covered for a seat, and nothing public
/// is still playing out (a public reveal, such as Die Zukunft's fists opening, is seen by
/// everyone before the cover comes down). While it waits nothing private is drawn: `covering`
/// is already set.
pub fn cover_drawn(handoff: &Handoff, animating: f32) -> bool {
    handoff.covering.is_some() && animating <= 0.0
}
