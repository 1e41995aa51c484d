//! The decision of the moment along the bottom: the prompt, its buttons and keys, the hand's
//! line, and the confirmation of a costly action.
//!
//! Parts: `input` (the clicks on the table and the hand, read before the panels draw),
//! `buttons` (which actions get a button, and their row), `windows` (the confirmation and the
//! choice of whom to accuse), `words` (the prompt, the line on what to click, the Black card in
//! question, what an Evil choice costs). Here: the panel that puts them together.

mod buttons;
mod input;
mod windows;
mod words;

pub(in crate::app::tables::shadows) use input::decision_input;
pub use words::screen_prompt;

use crate::app::bridge::Play;
use crate::app::handoff::TableScreen;
use crate::app::handoff::acting_seat;
use crate::app::style::{GOLD, MUTED, PARCHMENT, WARN, size};
use crate::app::table::{FreeRect, Keys, RULE_LINK_ROOM, SteadyHeight};
use crate::app::tables::shadows::ui::{ShadowsUi, shadows_match, shown};
use crate::rules::record::Match;
use crate::rules::shadows::{Action, Shadows, Task, black_text};
use crate::rules::{Game, Seat};
use bevy::prelude::*;
use bevy_egui::egui;

/// The decision panel's usual height: the prompt, two rows of buttons and the hand's line.
const DECISION_HEIGHT: f32 = 122.0;

/// The decision of the moment along the bottom: what to do, its buttons, and the hand of the
/// seat at the screen; the questions asked in windows of their own.
pub(in crate::app::tables::shadows) fn decision_panel(
    mut screen: TableScreen,
    keys: Res<Keys>,
    mut free: ResMut<FreeRect>,
    mut ui_state: ResMut<ShadowsUi>,
    mut requests: MessageWriter<Play<Shadows>>,
    mut steady: Local<SteadyHeight>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let Some(m) = shadows_match(res) else {
        return Ok(());
    };
    let keys = *keys;
    let acting = acting_seat(m, handoff);
    let s = &m.state;
    let legal = if acting.is_some() {
        s.legal_actions()
    } else {
        Vec::new()
    };
    let before = ui_state.shape();
    let accusations: Vec<Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::Accuse(_)))
        .copied()
        .collect();
    let mut answered = false;
    if let Some(seat) = acting {
        answered = windows::confirm_window(ctx, m, seat, keys, &mut ui_state, &mut requests);
        windows::accuse_window(ctx, s, seat, &accusations, &mut ui_state, &mut requests);
    }
    let confirming = ui_state.confirm.is_some() || answered;
    let buttons = buttons::buttons(&legal, &ui_state);
    let hint = acting.map(|seat| words::click_hint(s, seat, &legal, &ui_state));
    let accuse_closed = acting.and_then(|seat| buttons::accuse_closed(s, seat, &legal));
    let mut root = free.ui(ctx, "shadows-decision");
    // Keyed by the window's width, not the panel's: showing or hiding the log keeps the height.
    let min = steady.min(DECISION_HEIGHT, ctx.viewport_rect().width());
    let panel = egui::Panel::bottom("shadows-decision")
        .resizable(false)
        .min_size(min)
        .show(&mut root, |ui| {
            ui.add_space(4.0);
            // Told from what the screen may show: the full state's words would name a face-down
            // card's value to everyone while its drawer chooses.
            let prompt = words::screen_prompt(s, handoff.private_viewer());
            let mut closed_why = None;
            match acting {
                None => {
                    ui.label(egui::RichText::new(prompt).size(size::PROMPT).italics());
                }
                Some(seat) => {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(egui::RichText::new(prompt).size(size::PROMPT).strong().color(GOLD));
                        if let Some(hint) = hint.as_ref().filter(|h| !h.is_empty()) {
                            ui.label(egui::RichText::new(hint).italics().color(MUTED));
                        }
                    });
                    what_is_decided(ui, s, seat);
                    let row = buttons::Row {
                        s,
                        seat,
                        buttons: &buttons,
                        can_accuse: !accusations.is_empty(),
                        accuse_closed: accuse_closed.as_deref(),
                        keys,
                        confirming,
                    };
                    closed_why = buttons::button_row(ui, row, &mut ui_state, &mut requests);
                }
            }
            match closed_why {
                Some(why) => {
                    ui.label(egui::RichText::new(why).small().color(WARN));
                }
                None => hand_line(ui, m, handoff.private_viewer()),
            }
        });
    steady.seen(panel.response.rect.height());
    free.take_rest(&root);
    // What this frame changes of the choice under way is drawn at once (the window sleeps until
    // something asks for a frame).
    if before != ui_state.shape() {
        ctx.request_repaint();
    }
    Ok(())
}

/// The Black card the decision is about and what it does, and a split of spoils so far, as the
/// deciding seat sees them.
fn what_is_decided(ui: &mut egui::Ui, s: &Shadows, seat: Seat) {
    let seen = s.view(seat).game;
    if let Some(card) = words::card_in_question(&seen) {
        ui.horizontal_wrapped(|ui| {
            if matches!(seen.stack.last(), Some(Task::Evil)) {
                ui.label(egui::RichText::new("The top Black card (only you see it):").italics());
            }
            egui::Frame::new()
                .fill(egui::Color32::from_rgb(26, 20, 26))
                .stroke(egui::Stroke::new(1.5, egui::Color32::from_rgb(140, 30, 30)))
                .corner_radius(4)
                .inner_margin(egui::Margin::symmetric(8, 3))
                .show(ui, |ui| {
                    ui.label(egui::RichText::new(card.name()).strong().color(PARCHMENT));
                });
            ui.label(egui::RichText::new(black_text(s, card)).color(PARCHMENT));
        });
    }
    if let Some(Task::Share { pool, assigned, .. } | Task::ShareVote { pool, assigned, .. }) = seen.stack.last()
        && !assigned.is_empty()
    {
        let split: Vec<String> = pool
            .iter()
            .zip(assigned)
            .map(|(c, &to)| format!("{} → {}", c.name(), seen.seat_name(to)))
            .collect();
        ui.label(egui::RichText::new(format!("The split: {}", split.join(", "))).color(PARCHMENT));
    }
}

/// Whose hand lies at the foot of the table (the hand itself is drawn in the world, `hand.rs`).
fn hand_line(ui: &mut egui::Ui, m: &Match<Shadows>, viewer: Option<Seat>) {
    let secrets = shown(&m.state, viewer, false);
    let Some((owner, hand)) = &secrets.hand else {
        return;
    };
    // Clear of the rulebook's link at the panel's bottom right.
    ui.scope(|ui| {
        ui.set_max_width(ui.available_width() - RULE_LINK_ROOM);
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!(
                    "{}'s hand: {} at the foot of the table — click one to play it",
                    m.config.seat_name(*owner),
                    crate::rules::counted(hand.len() as u64, "card", "cards")
                ))
                .small()
                .color(MUTED),
            )
            .wrap(),
        );
    });
}
