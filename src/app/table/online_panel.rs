//! The online table's panel, under the top bar's *Online* button: who holds each seat (here,
//! gone and when a bot will play for them, a bot, open), the round trip to the host, the
//! invitation with *Copy*, the chat (folded until opened), and when the connection has dropped,
//! the countdown to the next attempt with *Try now*.

use crate::app::remote::{LinkState, Remote};
use crate::app::shared::TOP_BAR;
use crate::app::style::{GOLD, WARN};
use crate::online::protocol::SeatHolder;
use bevy_egui::egui;
use std::time::Instant;

/// The top bar's button that opens the panel: what it says (the link's state, unread lines).
pub(super) fn online_button(ui: &mut egui::Ui, remote: &mut Remote) {
    let label = match &remote.link {
        LinkState::Lost { .. } => "Online: reconnecting…".to_string(),
        LinkState::Closed(_) => "Online: stopped".to_string(),
        LinkState::Joining => "Online: joining…".to_string(),
        LinkState::Here if remote.unread > 0 => format!("Online · {} new", remote.unread),
        LinkState::Here => match remote.rtt_ms {
            Some(ms) => format!("Online · {ms} ms"),
            None => "Online".to_string(),
        },
    };
    let warn = matches!(remote.link, LinkState::Lost { .. } | LinkState::Closed(_));
    let text = if warn {
        egui::RichText::new(label).color(WARN)
    } else {
        egui::RichText::new(label)
    };
    if ui
        .selectable_label(remote.panel_open, text)
        .on_hover_text("Who is at the table, the invitation, the chat")
        .clicked()
    {
        remote.panel_open = !remote.panel_open;
        if remote.panel_open {
            remote.unread = 0;
        }
    }
}

/// The panel itself, at the top right under the bar, while it is open.
pub(super) fn online_panel(ctx: &egui::Context, remote: &mut Remote, names: &[String], to_act: Option<usize>) {
    if !remote.panel_open {
        return;
    }
    let now = Instant::now();
    if remote.counting_down() {
        ctx.request_repaint_after(std::time::Duration::from_secs(1));
    }
    let mut open = true;
    egui::Window::new("At this table")
        .id(egui::Id::new("online-panel"))
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-8.0, TOP_BAR + 8.0))
        .resizable(false)
        .collapsible(false)
        .default_width(320.0)
        .open(&mut open)
        .show(ctx, |ui| {
            link_state(ui, remote, now);
            egui::Grid::new("online-seats")
                .num_columns(2)
                .spacing([10.0, 4.0])
                .show(ui, |ui| {
                    for (seat, name) in names.iter().enumerate() {
                        let dot = match remote.seats.get(seat).map(|s| &s.holder) {
                            Some(SeatHolder::Here) => egui::Color32::from_rgb(90, 200, 110),
                            Some(SeatHolder::Away { .. }) => WARN,
                            Some(SeatHolder::Bot(_)) => egui::Color32::from_gray(150),
                            _ => egui::Color32::from_gray(80),
                        };
                        ui.horizontal(|ui| {
                            ui.colored_label(dot, "●");
                            let name = egui::RichText::new(name);
                            ui.label(if to_act == Some(seat) {
                                name.strong().color(GOLD)
                            } else {
                                name
                            });
                        });
                        let words = remote.holder_words(seat, now);
                        ui.label(if to_act == Some(seat) {
                            format!("{words} · to play")
                        } else {
                            words
                        });
                        ui.end_row();
                    }
                });
            ui.label(
                egui::RichText::new(format!("At this table {}.", remote.rules.words()))
                    .small()
                    .weak(),
            );
            if remote.hosting
                && remote.seats.iter().any(|s| s.holder == SeatHolder::Open)
                && ui
                    .button("Fill the empty seats with bots")
                    .on_hover_text("Normal bots of the host take every seat no friend has taken")
                    .clicked()
            {
                remote.fill_with_bots = true;
            }
            ui.separator();
            ui.label("Invitation (give it to your friends):");
            ui.horizontal(|ui| {
                let mut code = remote.code.clone();
                ui.add(
                    egui::TextEdit::singleline(&mut code)
                        .desired_width(230.0)
                        .font(egui::TextStyle::Small),
                );
                if ui.button("Copy").clicked() {
                    ui.ctx().copy_text(remote.code.clone());
                }
            });
            if let Some(why) = &remote.refused {
                ui.colored_label(WARN, format!("The host refused: {why}"));
            }
            ui.separator();
            chat(ui, remote);
        });
    if !open {
        remote.panel_open = false;
    }
}

fn link_state(ui: &mut egui::Ui, remote: &mut Remote, now: Instant) {
    match &remote.link {
        LinkState::Lost { why, retry_at } => {
            let secs = retry_at.saturating_duration_since(now).as_secs();
            ui.colored_label(WARN, format!("The connection to the host was lost ({why})."));
            ui.horizontal(|ui| {
                ui.label(format!("Trying again in {secs} s; your seat stays yours."));
                if ui.button("Try now").clicked() {
                    remote.try_now = true;
                }
            });
            ui.separator();
        }
        LinkState::Closed(why) => {
            ui.colored_label(WARN, format!("Not at the table: {why}"));
            ui.separator();
        }
        LinkState::Joining => {
            ui.label("Reaching the host…");
            ui.separator();
        }
        LinkState::Here => {
            if let Some(ms) = remote.rtt_ms {
                ui.label(egui::RichText::new(format!("Connected · {ms} ms to the host")).small());
            }
        }
    }
}

fn chat(ui: &mut egui::Ui, remote: &mut Remote) {
    egui::CollapsingHeader::new(format!("Chat ({})", remote.chat.len()))
        .id_salt("online-chat")
        .default_open(false)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .max_height(140.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for (from, text) in &remote.chat {
                        ui.label(format!("{from}: {text}"));
                    }
                });
            let line = ui.add(
                egui::TextEdit::singleline(&mut remote.draft)
                    .hint_text("Say something to the table")
                    .char_limit(crate::online::protocol::CHAT_LIMIT),
            );
            if line.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                let text = std::mem::take(&mut remote.draft);
                if !text.trim().is_empty() {
                    remote.chat_out.push(text);
                }
                line.request_focus();
            }
        });
}
