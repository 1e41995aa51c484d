//! The game log at the side, and the plain list of choices for games without a board.

use crate::app::bridge::{ActionRequest, LogLine, Request};
use crate::app::handoff::Handoff;
use crate::app::handoff::TableScreen;
use crate::app::shared::{LOG_WIDTH, TableUi};
use crate::app::style::GOLD;
use crate::app::table::room::{BoardGames, FreeRect};
use crate::rules::Pending;
use bevy::prelude::*;
use bevy_egui::egui;

/// The log lines the screen may show now: the public ones, and the private viewer's own (every
/// seat's, in a finished game's replay asked to show everything).
pub fn shown_log<'a>(log: &'a [LogLine], handoff: &Handoff) -> impl Iterator<Item = &'a LogLine> + 'a {
    let viewer = handoff.private_viewer();
    let all = handoff.all_seen;
    log.iter().filter(move |l| all || l.to.shows_to(viewer))
}

pub(super) fn log_panel(
    mut screen: TableScreen,
    table: Res<TableUi>,
    mut hold: ResMut<LogHold>,
    mut free: ResMut<FreeRect>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let visible = hold.visible(res.log.len());
    if !table.show_log {
        return Ok(());
    }
    let viewer = handoff.private_viewer();
    let mut root = free.ui(ctx, "table-log");
    egui::Panel::right("log").exact_size(LOG_WIDTH).show(&mut root, |ui| {
        ui.heading("Log");
        if handoff.all_seen {
            ui.label(
                egui::RichText::new("everything: every seat's secrets")
                    .small()
                    .italics(),
            );
        } else if let Some(v) = viewer
            && let Some(cfg) = res.config()
        {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("as seen by {}", cfg.seat_name(v)))
                        .small()
                        .italics(),
                )
                .wrap(),
            );
        }
        if handoff.all_seen
            && let Some(m) = res.current.as_ref()
        {
            every_secret(ui, m.as_ref());
        }
        ui.separator();
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for line in shown_log(&res.log[..visible], handoff) {
                    let private = matches!(line.to, crate::rules::Visibility::Only(_));
                    // Showing everything, a seat's own line says whose it is ("you" is not enough),
                    // unless it begins with the name already.
                    let text = match (line.to, res.config()) {
                        (crate::rules::Visibility::Only(s), Some(cfg))
                            if handoff.all_seen && !line.text.starts_with(cfg.seat_name(s)) =>
                        {
                            egui::RichText::new(format!("{}: {}", cfg.seat_name(s), line.text))
                        }
                        _ => egui::RichText::new(&line.text),
                    };
                    // Every line wraps within the log, a long name or place too.
                    ui.add(egui::Label::new(if private { text.italics().color(GOLD) } else { text }).wrap());
                }
            });
    });
    free.take_rest(&root);
    Ok(())
}

/// A finished game's replay showing everything: every hand, Loyalty card, face-down card, fist,
/// hidden tile and pile at this moment (`MatchFace::secrets`), seat by seat, then the table's.
fn every_secret(ui: &mut egui::Ui, m: &dyn crate::library::MatchFace) {
    let secrets = m.secrets();
    ui.separator();
    egui::CollapsingHeader::new(egui::RichText::new("Every secret now").strong().color(GOLD))
        .id_salt("every-secret")
        .default_open(true)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("every-secret-scroll")
                .max_height(ui.available_height() * 0.45)
                .show(ui, |ui| {
                    if secrets.is_empty() {
                        ui.label(egui::RichText::new("Nothing is hidden now.").small().italics());
                    }
                    for (i, secret) in secrets.iter().enumerate() {
                        if i == 0 || secrets[i - 1].owner != secret.owner {
                            ui.add_space(4.0);
                            match secret.owner {
                                Some(s) => {
                                    ui.horizontal(|ui| {
                                        super::top_bar::seat_chip(
                                            ui,
                                            m.config().seat_name(s),
                                            m.seat_colour(s),
                                            false,
                                            m.seat_emblem(s).as_deref(),
                                        )
                                    });
                                }
                                None => {
                                    ui.label(egui::RichText::new("The table").strong());
                                }
                            }
                        }
                        ui.label(egui::RichText::new(&secret.text).small());
                    }
                });
        });
}

/// Holds back new log lines while a board reveals an outcome (dice still rolling), so the log does
/// not tell the result before the dice do.
#[derive(Resource, Default)]
pub struct LogHold {
    /// Set by a board each frame: an outcome is being revealed.
    pub hold: bool,
    shown: usize,
}

impl LogHold {
    /// How many of the log's `len` lines to show now.
    pub fn visible(&mut self, len: usize) -> usize {
        if !self.hold || self.shown > len {
            self.shown = len;
        }
        self.shown
    }
}

/// For games without a board: every legal choice as a button, for the human at the screen.
pub(super) fn choice_list(
    mut screen: TableScreen,
    boards: Res<BoardGames>,
    mut requests: MessageWriter<ActionRequest>,
    free: Res<FreeRect>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let Some(m) = res.current.as_ref() else {
        return Ok(());
    };
    if boards.0.contains(&m.game()) {
        return Ok(());
    }
    let mut root = free.ui(ctx, "table-choices");
    egui::CentralPanel::default().show(&mut root, |ui| {
        let Pending::Decide { seat, prompt, .. } = m.pending() else {
            return;
        };
        if handoff.private_viewer() != Some(seat) || !m.config().seats[seat].kind.is_human() {
            ui.label("Waiting for the other seats…");
            return;
        }
        ui.heading(prompt);
        for (i, label) in m.legal_labels().iter().enumerate() {
            if ui.button(label).clicked() {
                requests.write(ActionRequest {
                    seat,
                    request: Request::Index(i),
                });
            }
        }
    });
    Ok(())
}
