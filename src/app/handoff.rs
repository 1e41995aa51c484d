//! Pass-and-play: whenever the decision passes to a human and the next screen would show that
//! seat's secrets to someone else, the table is covered until that player says they are ready;
//! while bots play between two humans' turns the screen shows only the public table.

use super::bridge::{MatchChanged, MatchRes};
use crate::library::needs_handoff;
use crate::rules::record::Match;
use crate::rules::{Game, Seat};
use bevy::ecs::query::QuerySingleError;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiContexts;

#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Handoff {
    /// The seat the table is covered for: nothing private may be drawn while this is set.
    pub covering: Option<Seat>,
    /// The seat whose secrets the screen shows (the last human to take the screen).
    pub viewer: Option<Seat>,
    /// A replay: the screen shows `viewer`'s eyes and nobody acts.
    pub frozen: bool,
    /// A replay of a finished game asked to show everything: every seat's lines in the log.
    pub all_seen: bool,
}

impl Handoff {
    /// Whose private information may be drawn now.
    pub fn private_viewer(&self) -> Option<Seat> {
        if self.covering.is_some() { None } else { self.viewer }
    }
}

/// The seat the screen decides for now: the seat to act, when a person sits there and is the one
/// at the screen (no bot's turn, no covered hand-off); the same seat as `pending().seat()`, without
/// building the prompt's words.
pub fn acting_seat<G: Game>(m: &Match<G>, handoff: &Handoff) -> Option<Seat> {
    if m.state.outcome().is_some() {
        return None;
    }
    handoff.deciding_here(&m.config, m.state.to_act()?)
}

impl Handoff {
    /// `seat`, the seat to act, when a person sits there and is the one at the screen: no bot's
    /// turn, no covered hand-off, no replay. The one answer behind the table's choices, the hint
    /// and undo.
    pub fn deciding_here(&self, config: &crate::rules::TableConfig, seat: Seat) -> Option<Seat> {
        let human = config.seats.get(seat)?.kind.is_human();
        (human && !self.frozen && self.private_viewer() == Some(seat)).then_some(seat)
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

fn update_handoff(
    mut changed: MessageReader<MatchChanged>,
    res: Res<MatchRes>,
    replay: Res<super::bridge::Replay>,
    mut handoff: ResMut<Handoff>,
    remote: Option<Res<super::remote::Remote>>,
) {
    if changed.read().count() == 0 {
        return;
    }
    // Online, the screen is this seat's alone: never covered, its secrets always shown.
    if let Some(remote) = remote {
        *handoff = Handoff {
            covering: None,
            viewer: remote.seat,
            frozen: false,
            all_seen: false,
        };
        return;
    }
    if let Some(r) = replay.0.as_ref() {
        *handoff = Handoff {
            covering: None,
            viewer: r.viewer,
            frozen: true,
            all_seen: r.everything,
        };
        return;
    }
    match res.current.as_ref() {
        Some(m) => *handoff = next_handoff(*handoff, m.config(), &m.pending()),
        None => *handoff = Handoff::default(),
    }
}

/// The hand-off after a change of the match: cover the table when a human is to see their
/// secrets and the screen is not already theirs. With one human the screen stays theirs while the
/// bots play. With several humans, once no human is to act (a bot's turn, the end of the game)
/// the screen shows only what the whole table may see, so the seat that just played gets its
/// view back only behind its own cover.
pub fn next_handoff(current: Handoff, config: &crate::rules::TableConfig, pending: &crate::rules::Pending) -> Handoff {
    let mut humans = (0..config.seats.len()).filter(|&s| config.seats[s].kind.is_human());
    let only_human = match (humans.next(), humans.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    };
    match pending.seat() {
        Some(seat) if config.seats.get(seat).is_some_and(|s| s.kind.is_human()) => {
            if needs_handoff(config, pending, current.viewer) {
                Handoff {
                    covering: Some(seat),
                    viewer: current.viewer,
                    frozen: false,
                    all_seen: false,
                }
            } else {
                Handoff {
                    covering: None,
                    viewer: Some(seat),
                    frozen: false,
                    all_seen: false,
                }
            }
        }
        // A bot to act, or the game over: one human keeps the screen; several see the public table.
        _ => Handoff {
            covering: None,
            viewer: only_human,
            frozen: false,
            all_seen: false,
        },
    }
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

/// What a table's panel reads first: egui, the match on the table, and whose eyes the screen has.
#[derive(SystemParam)]
pub struct TableScreen<'w, 's> {
    pub contexts: EguiContexts<'w, 's>,
    pub res: Res<'w, MatchRes>,
    pub handoff: Res<'w, Handoff>,
}

impl TableScreen<'_, '_> {
    /// The window's egui context, the match on the table and the eyes, at once.
    pub fn open(&mut self) -> Result<(&mut bevy_egui::egui::Context, &MatchRes, &Handoff), QuerySingleError> {
        let ctx = self.contexts.ctx_mut()?;
        Ok((ctx, &self.res, &self.handoff))
    }
}
