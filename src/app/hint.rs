//! Hints: the hard bot's move for the person at the screen, from that seat's view only, worked
//! out on the async compute pool like a bot's decision, and shown in a window beside the decision
//! with why the bot likes it and how it rates the next best moves. The Hint button (and `H`) asks;
//! a hint goes away when the game moves on. Each seat's hints can be switched off in the menu
//! (`SeatConfig::hints`); the results screen says how many each seat took.

use super::bridge::{ActionRequest, MatchChanged, MatchRes, Request, RulesSet, StartMatch};
use super::handoff::Handoff;
use super::redraw::Redraw;
use super::shared::{BoardScreen, Places};
use super::style::{BoardFrame, GOLD};
use crate::app::handoff::TableScreen;
use crate::library::{Hint, MatchFace};
use crate::rules::{Pending, Seat};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy_egui::{EguiPrimaryContextPass, egui};

/// Asks for a hint for the seat at the screen (the top bar's button writes it; `H` too).
#[derive(Message, Clone, Copy, Debug)]
pub struct AskHint;

/// The hint under way or shown, and how many each seat took this game.
#[derive(Resource, Default)]
pub struct HintState {
    task: Option<Task<Hint>>,
    /// The number of actions taken when it was asked (a hint is for that moment only).
    at_action: usize,
    /// The hint shown, if any.
    pub shown: Option<Hint>,
    /// Hints taken by seat this game.
    pub taken: Vec<u32>,
    /// Whether the last ask found nothing to say (a single legal move, or none).
    nothing: bool,
}

impl HintState {
    /// Whether a hint is being worked out.
    pub fn busy(&self) -> bool {
        self.task.is_some()
    }
}

/// The seat a hint would be for: the person to act, at the screen, with hints on.
pub fn hint_seat(m: &dyn MatchFace, handoff: &Handoff) -> Option<Seat> {
    let seat = handoff.deciding_here(m.config(), m.pending().seat()?)?;
    m.config().seats.get(seat)?.hints.then_some(seat)
}

pub struct HintPlugin;

impl Plugin for HintPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<HintState>()
            .add_message::<AskHint>()
            .add_systems(Update, drive_hints.after(RulesSet))
            .add_systems(
                EguiPrimaryContextPass,
                hint_window
                    .in_set(super::shared::TableUiSet::Overlay)
                    .run_if(in_state(super::shared::Screen::Table)),
            );
    }
}

/// Starts a hint when asked, collects it when ready, drops it when the game moves on.
fn drive_hints(
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    mut starts: MessageReader<StartMatch>,
    mut changed: MessageReader<MatchChanged>,
    mut asks: MessageReader<AskHint>,
    mut state: ResMut<HintState>,
    mut redraw: ResMut<Redraw>,
) {
    if starts.read().count() > 0 {
        *state = HintState::default();
    }
    let Some(m) = res.current.as_ref() else {
        asks.clear();
        return;
    };
    let m: &dyn MatchFace = m.as_ref();
    if changed.read().count() > 0 && state.at_action != m.actions_taken() {
        state.task = None;
        state.shown = None;
        state.nothing = false;
    }
    let asked = asks.read().count() > 0;
    if asked
        && state.task.is_none()
        && state.shown.is_none()
        && let Some(seat) = hint_seat(m, &handoff)
    {
        state.at_action = m.actions_taken();
        state.nothing = false;
        match m.hint_job() {
            Some(job) => {
                state.task = Some(AsyncComputeTaskPool::get().spawn(async move { job() }));
                if state.taken.len() <= seat {
                    state.taken.resize(seat + 1, 0);
                }
                state.taken[seat] += 1;
            }
            None => state.nothing = true,
        }
    }
    if let Some(task) = state.task.as_mut() {
        redraw.more();
        if let Some(hint) = check_ready(task) {
            state.task = None;
            state.shown = Some(hint);
        }
    }
}

/// The hint's window, above the decision line at the right: the move in gold, why, and the next
/// best moves with how the bot rates them; a button plays the move.
fn hint_window(
    mut screen: TableScreen,
    mut state: ResMut<HintState>,
    mut requests: MessageWriter<ActionRequest>,
    (board, frame, places, table): (
        Res<BoardScreen>,
        Res<BoardFrame>,
        Res<Places>,
        Res<super::shared::TableUi>,
    ),
    mut last_size: Local<egui::Vec2>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let Some(m) = res.current.as_ref() else {
        return Ok(());
    };
    let m: &dyn MatchFace = m.as_ref();
    let Some(seat) = hint_seat(m, handoff) else {
        return Ok(());
    };
    if !state.busy() && state.shown.is_none() && !state.nothing {
        return Ok(());
    }
    let name = m.config().seat_name(seat).to_string();
    let mut close = false;
    let mut play = None;
    // Where the move would be played, and the window's corner: over the log, unless it would
    // cover that place; then over the players' panel on the left.
    let target = state.shown.as_ref().filter(|_| !table.show_rules).and_then(|hint| {
        let place = m.place_of_index(hint.action_index)?;
        super::shared::place_on_screen(place.as_str(), ctx, board.0, frame.0, &places)
    });
    let (anchor, offset) = hint_corner(ctx.viewport_rect(), *last_size, target);
    let shown =
        super::style::fixed_window(ctx, &format!("A hint for {name}"), "hint", anchor, offset).show(ctx, |ui| {
            // Over the log, the panel least needed while deciding.
            ui.set_max_width(super::shared::LOG_WIDTH - 24.0);
            match &state.shown {
                None if state.busy() => {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label("Thinking it over from what you can see…");
                    });
                }
                None => {
                    ui.label("Nothing to weigh here.");
                }
                Some(hint) => {
                    ui.label(egui::RichText::new(&hint.action).size(20.0).strong().color(GOLD));
                    for line in &hint.why {
                        ui.label(line);
                    }
                    if !hint.alternatives.is_empty() {
                        ui.add_space(6.0);
                        ui.label(egui::RichText::new("How the bot rates the moves").strong());
                        egui::Grid::new("hint-alternatives").striped(true).show(ui, |ui| {
                            for alt in hint.listed() {
                                if alt.action_index == hint.action_index {
                                    ui.label(egui::RichText::new(format!("▶ {}", alt.action)).color(GOLD).strong());
                                    ui.label(egui::RichText::new(alt.rating()).color(GOLD));
                                } else {
                                    ui.label(&alt.action);
                                    ui.label(alt.rating());
                                }
                                ui.end_row();
                            }
                        });
                    }
                }
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if let Some(hint) = &state.shown
                    && ui.button("Play it").on_hover_text("Make this move").clicked()
                {
                    play = Some(hint.action_index);
                }
                if ui.button("Close").clicked() {
                    close = true;
                }
            });
        });
    // Where the move would be played, pointed at from the window.
    if let Some(window) = shown.map(|r| r.response.rect) {
        *last_size = window.size();
        if let Some(target) = target {
            super::style::draw_pointer(ctx, window, target);
        }
    }
    if let Some(index) = play {
        requests.write(ActionRequest {
            seat,
            request: Request::Index(index),
        });
        close = true;
    }
    if close {
        state.shown = None;
        state.nothing = false;
    }
    if matches!(m.pending(), Pending::Finished(_)) {
        state.shown = None;
    }
    Ok(())
}

/// The hint window's corner: the top right, over the log, unless a window of `size` there would
/// cover `target` (the place the move is played); then the top left, over the players' panel.
pub fn hint_corner(screen: egui::Rect, size: egui::Vec2, target: Option<egui::Rect>) -> (egui::Align2, egui::Vec2) {
    let top = super::shared::TOP_BAR + 8.0;
    let size = size.max(egui::vec2(super::shared::LOG_WIDTH - 8.0, 200.0));
    let right = egui::Rect::from_min_size(egui::pos2(screen.right() - 8.0 - size.x, screen.top() + top), size);
    match target {
        Some(t) if right.intersects(t) => (egui::Align2::LEFT_TOP, egui::vec2(8.0, top)),
        _ => (egui::Align2::RIGHT_TOP, egui::vec2(-8.0, top)),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_hint_window_moves_aside_from_the_place_it_points_at() {
        use bevy_egui::egui;
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
        let size = egui::vec2(280.0, 320.0);
        let far = egui::Rect::from_min_size(egui::pos2(400.0, 500.0), egui::vec2(60.0, 40.0));
        let under = egui::Rect::from_min_size(egui::pos2(1100.0, 150.0), egui::vec2(60.0, 40.0));
        assert_eq!(super::hint_corner(screen, size, Some(far)).0, egui::Align2::RIGHT_TOP);
        assert_eq!(super::hint_corner(screen, size, None).0, egui::Align2::RIGHT_TOP);
        assert_eq!(super::hint_corner(screen, size, Some(under)).0, egui::Align2::LEFT_TOP);
    }
}
