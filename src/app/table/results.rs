//! Toasts, the results of a finished match, and the hand-off screen between seats.

use crate::app::bots::Animating;
use crate::app::bridge::{CloseMatch, MatchRes, StartMatch};
use crate::app::handoff::TableScreen;
use crate::app::handoff::{Handoff, HandoffConfirmed};
use crate::app::shared::TableUi;
use crate::app::style::{GOLD, PARCHMENT, WARN, seat_colour};
use crate::app::table::room::ResultsDetail;
use crate::app::table::rules::rule_link;
use crate::app::table::top_bar::seat_chip;
use crate::rules::{Pending, Seat};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

pub(super) fn toasts(mut contexts: EguiContexts, mut table: ResMut<TableUi>, handoff: Res<Handoff>) -> Result {
    // A refusal is its seat's business (it may name a card in the hand): it shows only while that
    // seat has the screen, and is gone when the screen turns public or passes on.
    if handoff.private_viewer().is_none() {
        table.toasts.clear();
        return Ok(());
    }
    if table.toasts.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = None;
    // Under any window the player opened (`style::players_window`): a refusal never covers
    // Settings or the Rules, nor takes their clicks.
    egui::Area::new("toasts".into())
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -200.0))
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            for (text, _, section) in &table.toasts {
                egui::Frame::new()
                    .fill(egui::Color32::from_rgb(70, 25, 20))
                    .stroke(egui::Stroke::new(1.0, WARN))
                    .corner_radius(6)
                    .inner_margin(10)
                    .show(ui, |ui| {
                        ui.label(egui::RichText::new(text).color(egui::Color32::WHITE).size(17.0));
                        if let Some(section) = section
                            && rule_link(ui, section, false)
                        {
                            open = Some(section.clone());
                        }
                    });
            }
        });
    if let Some(section) = open {
        table.open_rules_at(section);
        table.toasts.clear();
    }
    Ok(())
}

pub(super) fn results(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    mut start: MessageWriter<StartMatch>,
    mut close: MessageWriter<CloseMatch>,
    animating: Res<Animating>,
    detail: Res<ResultsDetail>,
    hints: Res<crate::app::hint::HintState>,
    (replay, mut replays, mut reviews): (
        Res<crate::app::bridge::Replay>,
        MessageWriter<crate::app::bridge::ReplayRequest>,
        MessageWriter<crate::app::bridge::AskReview>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(m) = res.current.as_ref() else {
        return Ok(());
    };
    if replay.active() {
        return Ok(());
    }
    let Pending::Finished(outcome) = m.pending() else {
        return Ok(());
    };
    // The last roll or move plays out before the verdict covers the board.
    if animating.0 > 0.0 {
        return Ok(());
    }
    let config = m.config();
    crate::app::style::centred_window(ctx, "Game over", "game-over").show(ctx, |ui| {
        let names: Vec<&str> = outcome.winners.iter().map(|&s| config.seat_name(s)).collect();
        // A game every seat can lose (Shadows, without a Traitor to win with Evil).
        let heading = match names.len() {
            0 => "No one wins".to_string(),
            1 => format!("{} wins!", names[0]),
            _ => format!("{} win!", names.join(" and ")),
        };
        ui.label(
            egui::RichText::new(heading)
                .family(crate::app::style::book())
                .size(34.0)
                .color(GOLD),
        );
        ui.label(&outcome.summary);
        ui.add_space(8.0);
        // A seat's chip, marked when it won.
        let chip = |ui: &mut egui::Ui, s: Seat| {
            seat_chip(
                ui,
                config.seat_name(s),
                m.seat_colour(s),
                outcome.winners.contains(&s),
                m.seat_emblem(s).as_deref(),
            );
        };
        // A game of sides lists each side, the winners first, with its seats under it: the
        // side's score is not a leaderboard of the seats.
        let sides = m.sides();
        if !sides.is_empty() {
            for side in &sides {
                ui.horizontal(|ui| {
                    let name = egui::RichText::new(&side.name).size(20.0).strong();
                    ui.label(if side.won { name.color(GOLD) } else { name });
                    ui.label(egui::RichText::new(format!("· {}", side.score)).size(18.0));
                    if side.won {
                        ui.label(egui::RichText::new("· won").size(18.0).color(GOLD));
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    ui.add_space(16.0);
                    for &s in &side.seats {
                        chip(ui, s);
                    }
                });
                ui.add_space(4.0);
            }
        }
        let mut order: Vec<Seat> = (0..config.seats.len()).collect();
        // Winners first, then by score.
        order.sort_by_key(|&s| {
            (
                !outcome.winners.contains(&s),
                std::cmp::Reverse(outcome.scores.get(s).copied().unwrap_or(0)),
            )
        });
        egui::Grid::new("final-scores").striped(true).show(ui, |ui| {
            for s in order.into_iter().filter(|_| sides.is_empty()) {
                chip(ui, s);
                ui.label(
                    egui::RichText::new(outcome.scores.get(s).map(|v| v.to_string()).unwrap_or_default()).size(20.0),
                );
                ui.end_row();
            }
        });
        // Hints taken, by the seats that could ask for them.
        let taken: Vec<String> = config
            .seats
            .iter()
            .enumerate()
            .filter(|(_, seat)| seat.kind.is_human() && seat.hints)
            .map(|(s, seat)| format!("{} {}", seat.name, hints.taken.get(s).copied().unwrap_or(0)))
            .collect();
        if !taken.is_empty() {
            ui.add_space(4.0);
            ui.label(format!("Hints taken: {}", taken.join(" · ")));
        }
        if !detail.rows.is_empty() {
            ui.add_space(8.0);
            ui.label(egui::RichText::new(&detail.title).strong().color(GOLD));
            egui::Grid::new("results-detail").striped(true).show(ui, |ui| {
                for h in &detail.header {
                    ui.label(egui::RichText::new(h).strong());
                }
                ui.end_row();
                for row in &detail.rows {
                    for cell in row {
                        ui.label(cell);
                    }
                    ui.end_row();
                }
            });
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui
                .button("Play again")
                .on_hover_text("Same seats and variants, a new seed")
                .clicked()
            {
                let mut config = config.clone();
                config.seed = config
                    .seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                start.write(StartMatch::New { game: m.game(), config });
            }
            if ui
                .button("Replay")
                .on_hover_text("Step through the game from its start; once it is over, through anyone's eyes")
                .clicked()
            {
                replays.write(crate::app::bridge::ReplayRequest::Open(m.to_ron()));
            }
            if ui
                .button("Review this game")
                .on_hover_text("The hard bot rates every decision of yours: the costly ones marked, and why")
                .clicked()
            {
                replays.write(crate::app::bridge::ReplayRequest::Open(m.to_ron()));
                reviews.write(crate::app::bridge::AskReview { seat: None });
            }
            if ui.button("Back to the menu").clicked() {
                close.write(CloseMatch);
            }
        });
    });
    Ok(())
}

/// "Pass to Morgana": covers the whole window, shows nothing private, waits for that player.
pub(super) fn handoff_screen(
    mut screen: TableScreen,
    animating: Res<Animating>,
    mut confirm: MessageWriter<HandoffConfirmed>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let Some(seat) = handoff
        .covering
        .filter(|_| crate::app::handoff::cover_drawn(handoff, animating.0))
    else {
        return Ok(());
    };
    let Some(config) = res.config() else {
        return Ok(());
    };
    let name = config.seat_name(seat).to_string();
    let colour = res.current.as_ref().map_or([200, 200, 200], |m| m.seat_colour(seat));
    let emblem = res.current.as_ref().and_then(|m| m.seat_emblem(seat));
    let rect = ctx.viewport_rect();
    let mut pressed = ctx.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space));
    egui::Area::new("handoff".into())
        .order(egui::Order::Foreground)
        .fixed_pos(rect.min)
        .show(ctx, |ui| {
            ui.painter().rect_filled(rect, 0.0, egui::Color32::from_rgb(14, 15, 20));
            // A gold frame around the whole screen, as a curtain drawn across the table.
            ui.painter().rect_stroke(
                rect.shrink(18.0),
                8.0,
                egui::Stroke::new(2.0, GOLD.gamma_multiply(0.6)),
                egui::StrokeKind::Inside,
            );
            let response = ui.allocate_rect(rect, egui::Sense::click());
            pressed |= response.clicked();
            let mut inner =
                ui.new_child(egui::UiBuilder::new().max_rect(rect.shrink2(egui::vec2(40.0, rect.height() * 0.2))));
            inner.vertical_centered(|ui| {
                match &emblem {
                    Some(symbol) => {
                        crate::app::style::shield(ui, crate::app::style::heraldry(symbol), seat_colour(colour), 96.0);
                    }
                    None => {
                        ui.label(crate::app::style::icon_text(crate::app::style::icon::CROWN, 72.0).color(GOLD));
                    }
                }
                ui.add_space(12.0);
                ui.label(egui::RichText::new("Pass the screen to").size(26.0).color(PARCHMENT));
                ui.add_space(10.0);
                ui.label(
                    egui::RichText::new(&name)
                        .size(64.0)
                        .strong()
                        .color(seat_colour(colour))
                        .family(egui::FontFamily::Name("heading".into())),
                );
                ui.add_space(24.0);
                ui.label(
                    egui::RichText::new(format!("{name} — press Enter or click when ready"))
                        .size(22.0)
                        .color(GOLD),
                );
                ui.add_space(12.0);
                ui.label(
                    egui::RichText::new(format!(
                        "Everyone else, please look away: the next screen shows what only {name} may see."
                    ))
                    .size(16.0)
                    .italics(),
                );
            });
        });
    if pressed {
        confirm.write(HandoffConfirmed);
    }
    Ok(())
}
