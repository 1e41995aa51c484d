//! The buttons of the moment: which actions get one, and the row that draws them with their
//! keys, the "Accuse…" button and, in a Heroic decision without one, why not.

use crate::app::bridge::Play;
use crate::app::shared::{button_tip, enter_button};
use crate::app::style::size;
use crate::app::table::Keys;
use crate::app::tables::shadows::ui::{ShadowsUi, card_of};
use crate::rules::shadows::{Action, Shadows, Task};
use crate::rules::{Game, Seat};
use bevy::prelude::*;
use bevy_egui::egui;

use super::words::evil_cost;

/// The actions with a button: those a click fitted, the uses of the card picked, else every
/// legal action not made from the hand. The Traitor's self-reveal is offered beside his Loyalty
/// card, while he looks at it (a button here would tell the table who he is); accusations are
/// chosen behind one button of their own.
pub(super) fn buttons(legal: &[Action], ui_state: &ShadowsUi) -> Vec<Action> {
    if !ui_state.choices.is_empty() {
        ui_state.choices.clone()
    } else if let Some(card) = ui_state.selected {
        legal.iter().filter(|a| card_of(a) == Some(card)).copied().collect()
    } else {
        legal
            .iter()
            .filter(|a| card_of(a).is_none() && **a != Action::RevealSelf && !matches!(a, Action::Accuse(_)))
            .copied()
            .collect()
    }
}

/// Why no accusation is possible in a Heroic decision, in the rules' words (asked of an
/// accusation of the next seat: the gate comes before the target).
pub(super) fn accuse_closed(s: &Shadows, seat: Seat, legal: &[Action]) -> Option<String> {
    let heroic = matches!(s.stack.last(), Some(Task::Heroic));
    if heroic && !legal.iter().any(|a| matches!(a, Action::Accuse(_))) {
        s.refusal(&Action::Accuse((seat + 1) % s.knights.len().max(1)))
    } else {
        None
    }
}

/// What the row of buttons needs besides the ui.
pub(super) struct Row<'a> {
    pub s: &'a Shadows,
    pub seat: Seat,
    pub buttons: &'a [Action],
    /// Accusations possible now (then an "Accuse…" button opens their window).
    pub can_accuse: bool,
    /// Why not, in a Heroic decision without one.
    pub accuse_closed: Option<&'a str>,
    pub keys: Keys,
    /// A question is open: the row is dimmed and its keys press nothing.
    pub confirming: bool,
}

/// Draws the row; a button pressed (by a click, its digit or Enter) sends its action. Returns
/// why no accusation is possible while the pointer rests on the dimmed "Accuse…".
pub(super) fn button_row(
    ui: &mut egui::Ui,
    row: Row<'_>,
    ui_state: &mut ShadowsUi,
    requests: &mut MessageWriter<Play<Shadows>>,
) -> Option<String> {
    let Row {
        s,
        seat,
        buttons,
        can_accuse,
        accuse_closed,
        keys,
        confirming,
    } = row;
    let mut closed_why = None;
    ui.add_enabled_ui(!confirming, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(6.0, 4.0);
            let enter = enter_button(
                buttons,
                &[
                    |a| matches!(a, Action::EndTurn | Action::Done),
                    |a| matches!(a, Action::No),
                    |a| matches!(a, Action::Pledge(0)),
                ],
            );
            for (i, a) in buttons.iter().enumerate() {
                let label = s.describe_action(a);
                let label = match a {
                    Action::Evil(choice) => format!("{label} — {}", evil_cost(s, *choice)),
                    _ => label,
                };
                let key = (i < 9).then_some(i + 1);
                let text = match key {
                    Some(k) => format!("{k}  {label}"),
                    None => label.clone(),
                };
                let tip = button_tip(&label, key, enter == Some(i));
                let pressed = ui
                    .add(egui::Button::new(egui::RichText::new(text).size(size::BODY)))
                    .on_hover_text(tip)
                    .clicked()
                    || (!confirming && key.is_some() && keys.digit == key)
                    || (!confirming && keys.enter && enter == Some(i));
                if pressed {
                    ui_state.send(requests, seat, *a);
                    break;
                }
            }
            if can_accuse
                && ui_state.choices.is_empty()
                && ui_state.selected.is_none()
                && ui
                    .add(egui::Button::new(egui::RichText::new("Accuse…").size(size::BODY)))
                    .on_hover_text("Accuse a Knight of being the Traitor (once a game; you choose whom, then confirm)")
                    .clicked()
            {
                ui_state.accusing = true;
            }
            // Why not, on the panel's last line while the pointer is on it: a tooltip would
            // cover the buttons beside it.
            if let Some(why) = accuse_closed
                && ui.add_enabled(false, egui::Button::new("Accuse…")).contains_pointer()
            {
                closed_why = Some(format!("Accuse: not yet — {why}"));
            }
        });
    });
    closed_why
}
