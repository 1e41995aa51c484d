//! The two questions the decision asks in a window of their own: the confirmation of what
//! costs a Life point or may cost a Sword, and the choice of whom to accuse.

use crate::app::bridge::Play;
use crate::app::style::{centred_window, size};
use crate::app::table::Keys;
use crate::app::tables::shadows::ui::ShadowsUi;
use crate::rules::record::Match;
use crate::rules::shadows::{Action, Shadows, accusation_text, sacrifice_text};
use crate::rules::{Game, Seat};
use bevy::prelude::*;
use bevy_egui::egui;

/// The confirmation of an action that costs a Life point or may cost a Sword: its window's title,
/// its words and the yes button.
fn confirm_words(m: &Match<Shadows>, seat: Seat, a: Action) -> (String, String, String) {
    match a {
        Action::Accuse(target) => (
            "Accuse a Knight of treason?".into(),
            accusation_text(&m.state, target),
            format!("Yes, accuse {}", m.config.seat_name(target)),
        ),
        _ => (
            "Another Heroic Action?".into(),
            sacrifice_text(&m.state, seat),
            "Yes, lose a Life point".into(),
        ),
    }
}

/// The question waiting for a yes, answered: the action sent on a yes, dropped on a no. Whether
/// it was answered this frame (a key that answers it presses nothing else in the same frame).
pub(super) fn confirm_window(
    ctx: &egui::Context,
    m: &Match<Shadows>,
    seat: Seat,
    keys: Keys,
    ui_state: &mut ShadowsUi,
    requests: &mut MessageWriter<Play<Shadows>>,
) -> bool {
    let Some(a) = ui_state.confirm else {
        return false;
    };
    let (title, words, yes) = confirm_words(m, seat, a);
    let mut answer = None;
    centred_window(ctx, &title, "shadows-confirm").show(ctx, |ui| {
        ui.set_max_width(460.0);
        ui.label(egui::RichText::new(words).size(size::BODY));
        ui.horizontal(|ui| {
            // An accusation is confirmed by a click only: Enter, pressed out of habit, must not
            // cost a Sword.
            let enter_says_yes = a == Action::Sacrifice && keys.enter;
            if ui.button(yes).clicked() || enter_says_yes {
                answer = Some(true);
            }
            if ui.button("No").clicked() || keys.escape {
                answer = Some(false);
            }
        });
    });
    if answer.is_some() {
        ui_state.confirm = None;
    }
    if answer == Some(true) {
        requests.write(Play { seat, action: a });
    }
    answer.is_some()
}

/// The Knights one may accuse, chosen in a window of their own (the buttons never appear where
/// the buttons of the moment were); the choice is then confirmed.
pub(super) fn accuse_window(
    ctx: &egui::Context,
    s: &Shadows,
    seat: Seat,
    accusations: &[Action],
    ui_state: &mut ShadowsUi,
    requests: &mut MessageWriter<Play<Shadows>>,
) {
    if !ui_state.accusing || ui_state.confirm.is_some() || accusations.is_empty() {
        return;
    }
    let mut close = false;
    centred_window(ctx, "Accuse a Knight of treason", "shadows-accuse").show(ctx, |ui| {
        ui.label(egui::RichText::new("Whom do you accuse? You will be asked once more.").size(size::BODY));
        ui.horizontal_wrapped(|ui| {
            for a in accusations {
                if ui.button(s.describe_action(a)).clicked() {
                    ui_state.send(requests, seat, *a);
                }
            }
            if ui.button("Cancel").clicked() {
                close = true;
            }
        });
    });
    if close {
        ui_state.accusing = false;
    }
}
