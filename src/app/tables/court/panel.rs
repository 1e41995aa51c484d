//! The players: scores on the track, hand sizes and reserves.

use crate::app::handoff::TableScreen;
use crate::app::handoff::acting_seat;
use crate::app::style::{GOLD, PARCHMENT, seat_colour};
use crate::app::table::FreeRect;
use crate::app::tables::court::ui::{CourtUi, HallClick, court_match, screen_view};
use crate::rules::Game;
use bevy::prelude::*;
use bevy_egui::egui;

/// The players, their scores on the track, hand sizes and reserves.
pub(super) fn players_panel(
    mut screen: TableScreen,
    mut free: ResMut<FreeRect>,
    mut ui_state: ResMut<CourtUi>,
    mut clicks: MessageWriter<HallClick>,
    time: Res<Time>,
    mut shown_scores: Local<Vec<f32>>,
    mut redraw: ResMut<crate::app::redraw::Redraw>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let Some(m) = court_match(res) else {
        return Ok(());
    };
    let (view, private) = screen_view(m, handoff);
    let acting = acting_seat(m, handoff);
    // Scores count up towards the real ones.
    shown_scores.resize(view.scores.len(), 0.0);
    for (shown, real) in shown_scores.iter_mut().zip(&view.scores) {
        let real = *real as f32;
        if *shown < real {
            *shown = (*shown + time.delta_secs() * 8.0_f32.max((real - *shown) * 2.5)).min(real);
            redraw.more();
        } else {
            *shown = real;
        }
    }
    let mut root = free.ui(ctx, "court-players");
    egui::Panel::left("court-players")
        .exact_size(250.0)
        .show(&mut root, |ui| {
            let scrolled = egui::ScrollArea::vertical().show(ui, |ui| {
                ui.label(
                    egui::RichText::new(format!("First to {} points wins", view.target))
                        .strong()
                        .color(GOLD),
                );
                ui.label(
                    egui::RichText::new(format!("Draw pile {} · discard {}", view.draw_pile, view.discard.len()))
                        .small(),
                );
                ui.add_space(4.0);
                for seat in 0..view.scores.len() {
                    let cfg = &m.config.seats[seat];
                    let faction = view.faction_of(seat);
                    let turn = view.to_act == Some(seat);
                    let frame = crate::app::style::group_frame(turn);
                    frame.show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        ui.spacing_mut().item_spacing.y = 3.0;
                        // The faction goes under a long name rather than past the panel's edge.
                        ui.horizontal_wrapped(|ui| {
                            crate::app::table::seat_chip(ui, &cfg.name, cfg.colour, turn, m.state.seat_emblem(seat));
                            if let Some(f) = faction {
                                ui.label(egui::RichText::new(&f.name).color(seat_colour(f.rgb)).strong());
                            }
                        });
                        let shown = shown_scores.get(seat).copied().unwrap_or(0.0);
                        let progress = (shown / view.target.max(1) as f32).clamp(0.0, 1.0);
                        // The number sits beside the bar, so it reads the same on every faction's colour.
                        ui.horizontal(|ui| {
                            let bar = ui.add(
                                egui::ProgressBar::new(progress)
                                    .desired_width(ui.available_width() - 64.0)
                                    .desired_height(12.0)
                                    .fill(faction.map(|f| seat_colour(f.rgb).gamma_multiply(0.8)).unwrap_or(GOLD)),
                            );
                            // The seat's score marker: its shield on the track.
                            if let Some(f) = faction {
                                let x = bar.rect.left() + 8.0 + (bar.rect.width() - 16.0) * progress;
                                let rect = egui::Rect::from_center_size(
                                    egui::pos2(x, bar.rect.center().y),
                                    egui::vec2(16.0, 19.0),
                                );
                                crate::app::style::paint_shield(
                                    ui.painter(),
                                    rect,
                                    crate::app::style::heraldry(&f.symbol),
                                    seat_colour(f.rgb),
                                );
                            }
                            ui.label(
                                egui::RichText::new(format!("{} / {}", shown.round() as i64, view.target))
                                    .strong()
                                    .color(PARCHMENT),
                            );
                        });
                        let cards = view.hand_sizes.get(seat).copied().unwrap_or(0);
                        let reserve = view.reserves.get(seat).cloned().unwrap_or_default();
                        let names: Vec<String> = reserve
                            .iter()
                            .filter_map(|&k| view.content.knight(k))
                            .map(|i| format!("{} {}/{}", i.name, i.power, i.points))
                            .collect();
                        let in_hand = format!("{cards} card{} in hand", if cards == 1 { "" } else { "s" });
                        let reserve_hover = if names.is_empty() {
                            "No knights in the reserve".to_string()
                        } else {
                            format!("Reserve: {}", names.join(", "))
                        };
                        ui.horizontal(|ui| {
                            crate::app::style::card_backs(ui, cards).on_hover_text(&in_hand);
                            ui.label(cards.to_string()).on_hover_text(in_hand);
                            ui.label(format!(
                                "· reserve {}{}",
                                reserve.len(),
                                if cfg.kind.is_human() { "" } else { " · bot" }
                            ))
                            .on_hover_text(reserve_hover);
                        });
                        // The reserve of the seat at the screen, as buttons to bring knights in.
                        if private && seat == view.seat && !reserve.is_empty() {
                            ui.horizontal_wrapped(|ui| {
                                ui.spacing_mut().item_spacing = egui::vec2(4.0, 3.0);
                                for k in reserve {
                                    let Some(info) = view.content.knight(k) else { continue };
                                    let short = info.name.strip_prefix("Sir ").unwrap_or(&info.name);
                                    let label = format!("{short} {}/{}", info.power, info.points);
                                    let picked = ui_state.knight == Some(k);
                                    let button = egui::Button::new(egui::RichText::new(label).small())
                                        .selected(picked)
                                        .stroke(egui::Stroke::new(
                                            1.0,
                                            faction.map(|f| seat_colour(f.rgb)).unwrap_or(GOLD),
                                        ));
                                    let response = ui.add_enabled(acting.is_some(), button).on_hover_text(format!(
                                        "{}: power {}, points {}",
                                        info.name, info.power, info.points
                                    ));
                                    if response.clicked() {
                                        clicks.write(HallClick::Reserve(k));
                                    }
                                }
                            });
                        }
                    });
                }
                ui.add_space(6.0);
                ui.label(
                    egui::RichText::new("Tiles: power top left, points top right; followers beneath.")
                        .small()
                        .italics(),
                );
            });
            // Should the seats not fit (a small window), the panel says there is more.
            crate::app::table::more_below(ui, &scrolled);
        });
    free.take_rest(&root);
    let _ = &mut ui_state;
    Ok(())
}
