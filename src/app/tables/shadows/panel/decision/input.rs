//! The decision's input, read before any panel draws (`TableUiSet::Input`): clicks on the
//! table's spots and on the cards of the hand, and Escape, which drops the choice under way.

use crate::app::bridge::Play;
use crate::app::handoff::TableScreen;
use crate::app::handoff::acting_seat;
use crate::app::table::{Keys, gate_clicks};
use crate::app::tables::shadows::hand::{HandClick, shown_hand};
use crate::app::tables::shadows::ui::{Asked, ShadowsUi, SpotClick, click_card, click_spot, shadows_match};
use crate::rules::shadows::{Action, Shadows};
use crate::rules::{Game, Seat};
use bevy::prelude::*;

impl ShadowsUi {
    /// Drops the choice under way: the card picked, the actions a click fitted, a question.
    pub(super) fn drop_choice(&mut self) {
        self.choices.clear();
        self.selected = None;
        self.confirm = None;
        self.accusing = false;
    }

    /// Sends an action, or asks again first for what costs a Life point or may cost a Sword.
    pub(super) fn send(&mut self, requests: &mut MessageWriter<Play<Shadows>>, seat: Seat, action: Action) {
        self.drop_choice();
        if matches!(action, Action::Sacrifice | Action::Accuse(_)) {
            self.confirm = Some(action);
            return;
        }
        requests.write(Play { seat, action });
    }

    /// What the panel shows of the choice under way, to redraw when it changes.
    pub(super) fn shape(&self) -> (Option<Action>, bool, Option<crate::rules::shadows::White>, usize) {
        (self.confirm, self.accusing, self.selected, self.choices.len())
    }
}

/// Clicks on the spots and on the hand's cards: an action sent, a card picked or put back, or
/// the actions one click fitted, left for the panel's buttons.
pub(in crate::app::tables::shadows) fn decision_input(
    mut screen: TableScreen,
    keys: Res<Keys>,
    mut ui_state: ResMut<ShadowsUi>,
    mut clicks: MessageReader<SpotClick>,
    mut card_clicks: MessageReader<HandClick>,
    mut requests: MessageWriter<Play<Shadows>>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let found = gate_clicks(ctx, shadows_match(res), &mut clicks);
    let Some(m) = gate_clicks(ctx, found, &mut card_clicks) else {
        return Ok(());
    };
    let before = ui_state.shape();
    if ui_state.at_action != m.actions.len() {
        ui_state.drop_choice();
        ui_state.at_action = m.actions.len();
    }
    let acting = acting_seat(m, handoff);
    // While a question waits for its answer, the table's clicks count for nothing.
    let Some(seat) = acting.filter(|_| ui_state.confirm.is_none()) else {
        clicks.clear();
        card_clicks.clear();
        if keys.escape {
            ui_state.drop_choice();
        }
        return Ok(());
    };
    let s = &m.state;
    let legal = s.legal_actions();
    for click in clicks.read() {
        match click_spot(s, &legal, seat, ui_state.selected, *click) {
            Asked::One(a) | Asked::Refusable(a) => ui_state.send(&mut requests, seat, a),
            Asked::Several(several) => ui_state.choices = several,
            Asked::Nothing => {}
        }
    }
    // A card of the hand (in the world): picked, put back, or played at once when it has one
    // use.
    let hand = shown_hand(s, Some(seat)).map(|h| h.1).unwrap_or_default();
    for click in card_clicks.read() {
        let Some(&card) = hand.get(click.0) else { continue };
        if ui_state.selected == Some(card) {
            ui_state.selected = None;
            ui_state.picked = None;
            continue;
        }
        match click_card(s, &legal, seat, card) {
            Asked::One(a) | Asked::Refusable(a) => ui_state.send(&mut requests, seat, a),
            Asked::Several(_) => {
                ui_state.choices.clear();
                ui_state.selected = Some(card);
                ui_state.picked = Some(click.0);
            }
            Asked::Nothing => {}
        }
    }
    if keys.escape {
        ui_state.drop_choice();
    }
    // What this frame changes of the choice under way is drawn at once (the window sleeps until
    // something asks for a frame).
    if before != ui_state.shape() {
        ctx.request_repaint();
    }
    Ok(())
}
