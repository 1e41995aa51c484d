//! The saved games on the menu: the note of a crash, the unfinished games (continue, replay,
//! delete) and the finished ones (replay, review).

use super::asks::{MenuAsks, MenuWorld};
use crate::app::bridge::StartMatch;
use crate::app::shared::MenuState;
use crate::app::style::WARN;
use crate::saves::{SavedGame, Shelf};
use bevy_egui::egui;

/// Continues a saved game: a guided one as a guided game, any other as itself.
pub(super) fn continue_game(g: &SavedGame, asks: &mut MenuAsks) {
    match (g.shelf, g.game) {
        (Shelf::Guided, Some(game)) => {
            asks.learn = Some(crate::app::learn::ResumeLearning {
                game,
                text: g.text.clone(),
                slot: g.path.clone(),
            });
        }
        _ => {
            asks.start = Some(StartMatch::Resume {
                text: g.text.clone(),
                slot: g.path.clone(),
            });
        }
    }
}

/// What the players answer the note of a crash: continue its game, or put the note away.
pub(super) enum CrashAnswer {
    Continue(Box<SavedGame>),
    Dismiss,
}

/// After a crash: the game ended unexpectedly, the report is here, continue it (from its
/// autosave, whole up to the last move) or dismiss the note. Returns the answer, once given.
pub(super) fn crash_note(ui: &mut egui::Ui, menu: &MenuState) -> Option<CrashAnswer> {
    let note = menu.crash.as_ref()?;
    let game = note
        .autosave
        .as_ref()
        .and_then(|a| menu.unfinished.iter().chain(&menu.guided).find(|g| &g.path == a))
        .filter(|g| g.problem.is_none());
    let mut answer = None;
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(1.0, WARN))
        .show(ui, |ui| {
            ui.colored_label(
                WARN,
                if note.autosave.is_some() {
                    "The last game ended unexpectedly: Camelot stopped with an error."
                } else {
                    "Camelot stopped with an error last time."
                },
            );
            ui.label(format!("What happened: {}", note.what));
            ui.horizontal_wrapped(|ui| {
                ui.label("A report was written to");
                ui.monospace(note.report.display().to_string());
            });
            ui.horizontal(|ui| {
                if let Some(g) = game {
                    let label = format!("Continue it ({})", g.label(std::time::SystemTime::now()));
                    if ui
                        .button(label)
                        .on_hover_text("Its autosave holds the game up to the last move")
                        .clicked()
                    {
                        answer = Some(CrashAnswer::Continue(Box::new(g.clone())));
                    }
                } else if note.autosave.is_some() {
                    ui.label("(Its game is no longer among the unfinished games.)");
                }
                if ui.button("Dismiss").clicked() {
                    answer = Some(CrashAnswer::Dismiss);
                }
            });
        });
    ui.add_space(8.0);
    answer
}

/// The games played to their end, newest first (folded away until opened), each to replay or to
/// review; asks for the one chosen.
pub(super) fn finished_games(ui: &mut egui::Ui, menu: &MenuState, asks: &mut MenuAsks) {
    if menu.finished.is_empty() {
        return;
    }
    let now = std::time::SystemTime::now();
    let mut ask = None;
    ui.add_space(8.0);
    let shown = egui::CollapsingHeader::new(format!("Finished games ({})", menu.finished.len()))
        .id_salt("finished-games")
        .show(ui, |ui| {
            ui.scope(|ui| {
                for g in &menu.finished {
                    ui.horizontal_wrapped(|ui| {
                        let ok = g.problem.is_none();
                        if ui
                            .add_enabled(ok, egui::Button::new("Replay"))
                            .on_hover_text("Step through it, through anyone's eyes")
                            .clicked()
                        {
                            ask = Some((g.text.clone(), false));
                        }
                        if ui
                            .add_enabled(ok, egui::Button::new("Review"))
                            .on_hover_text("Replay it with the hard bot's review of your decisions")
                            .clicked()
                        {
                            ask = Some((g.text.clone(), true));
                        }
                        ui.label(g.label(now));
                    });
                }
            });
        });
    asks.finished_header = Some(shown.header_response.rect);
    if ask.is_some() {
        asks.replay = ask;
    }
}

/// The unfinished games, newest first, each to continue, replay or delete (after a yes); the
/// guided games apart below them. A game that cannot be continued says why. Returns a game to
/// replay, if asked.
pub(super) fn unfinished_games(ui: &mut egui::Ui, menu: &mut MenuState, world: &mut MenuWorld, asks: &mut MenuAsks) {
    let mut ask = None;
    if menu.unfinished.is_empty() && menu.guided.is_empty() {
        return;
    }
    let now = std::time::SystemTime::now();
    let mut gone = None;
    ui.add_space(12.0);
    ui.heading("Unfinished games");
    // The page scrolls as a whole: no box of its own that would hide the last of them.
    ui.scope(|ui| {
        for g in menu.unfinished.iter().chain(&menu.guided) {
            ui.horizontal_wrapped(|ui| {
                let guided = g.shelf == Shelf::Guided;
                let ok = g.problem.is_none();
                let cont = ui
                    .add_enabled(ok, egui::Button::new("Continue"))
                    .on_disabled_hover_text(g.problem.clone().unwrap_or_default());
                if cont.clicked() {
                    continue_game(g, asks);
                }
                if !guided
                    && ok
                    && ui
                        .small_button("Replay")
                        .on_hover_text("Step through it so far (no one's secrets but yours)")
                        .clicked()
                {
                    ask = Some((g.text.clone(), false));
                }
                if menu.deleting.as_ref() == Some(&g.path) {
                    if ui.button(egui::RichText::new("Delete it").color(WARN)).clicked() {
                        gone = Some(g.path.clone());
                    }
                    if ui.button("Keep it").clicked() {
                        menu.deleting = None;
                    }
                } else if ui
                    .small_button("Delete")
                    .on_hover_text("Delete this unfinished game (asks first)")
                    .clicked()
                {
                    menu.deleting = Some(g.path.clone());
                }
                let label = if guided {
                    format!("Guided game: {}", g.label(now))
                } else {
                    g.label(now)
                };
                let text = egui::RichText::new(label);
                ui.label(if ok { text } else { text.color(WARN) });
                if let Some(problem) = &g.problem {
                    ui.label(egui::RichText::new(problem).small().color(WARN));
                }
            });
        }
    });
    if let Some(path) = gone {
        menu.deleting = None;
        match world.saves.0.as_ref().map(|s| s.remove(&path)) {
            Some(Err(e)) => world.res.notice = Some(format!("The game was not deleted: {e}")),
            _ => {
                menu.unfinished.retain(|g| g.path != path);
                menu.guided.retain(|g| g.path != path);
            }
        }
    }
    if ask.is_some() {
        asks.replay = ask;
    }
}
