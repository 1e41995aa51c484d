//! Hints: the hard bot's move for the person at the screen, from that seat's view only, worked
//! out on the async compute pool like a bot's decision, and shown in a window beside the decision
//! with why the bot likes it and how it rates the next best moves. The Hint button (and `H`) asks;
//! a hint goes away when the game moves on. Each seat's hints can be switched off in the menu
//! (`SeatConfig::hints`); the results screen says how many each seat took.

use super::bridge::{ActionRequest, MatchChanged, MatchRes, Request, RulesSet, StartMatch};
use super::handoff::Handoff;
use super::redraw::Redraw;
use super::style::{BoardFrame, GOLD};
use super::table::{BoardScreen, Places};
use crate::rules::{GameId, Pending, Seat};
use crate::table::{AnyMatch, Hint};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

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
pub fn hint_seat(m: &dyn AnyMatch, handoff: &Handoff) -> Option<Seat> {
    let seat = m.pending().seat()?;
    let config = m.config().seats.get(seat)?;
    (config.kind.is_human() && config.hints && handoff.private_viewer() == Some(seat)).then_some(seat)
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
                    .in_set(super::table::TableUiSet::Overlay)
                    .run_if(in_state(super::Screen::Table)),
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
    let m: &dyn AnyMatch = m.as_ref();
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
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    mut state: ResMut<HintState>,
    mut requests: MessageWriter<ActionRequest>,
    (board, frame, places, table): (
        Res<BoardScreen>,
        Res<BoardFrame>,
        Res<Places>,
        Res<super::table::TableUi>,
    ),
) -> Result {
    let Some(m) = res.current.as_ref() else {
        return Ok(());
    };
    let m: &dyn AnyMatch = m.as_ref();
    let Some(seat) = hint_seat(m, &handoff) else {
        return Ok(());
    };
    if !state.busy() && state.shown.is_none() && !state.nothing {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let name = m.config().seat_name(seat).to_string();
    let mut close = false;
    let mut play = None;
    let shown = super::style::fixed_window(
        ctx,
        &format!("A hint for {name}"),
        "hint",
        egui::Align2::RIGHT_TOP,
        egui::vec2(-8.0, super::table::TOP_BAR + 8.0),
    )
    .show(ctx, |ui| {
        // Over the log, the panel least needed while deciding.
        ui.set_max_width(super::table::LOG_WIDTH - 24.0);
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
                        for alt in std::iter::once(&hint.rating).chain(&hint.alternatives) {
                            ui.label(&alt.action);
                            ui.label(alt.rating());
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
    if let (Some(hint), Some(window), false) = (&state.shown, shown.map(|r| r.response.rect), table.show_rules) {
        let place = hint_place(m.game(), &hint.action, &places);
        if let Some(target) = super::learn::place_on_screen(&place, ctx, board.0, frame.0, &places) {
            super::learn::draw_pointer(ctx, window, target);
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

/// The place on the table where a move in these words is played: a place the words name (a
/// space's id such as "E4"; a quest, a room, a pile by its name), else the decision's buttons.
pub fn hint_place(game: GameId, words: &str, places: &Places) -> String {
    // A place named by its id, as The Court's spaces are.
    for token in words.split(|c: char| !c.is_alphanumeric()) {
        if token.len() >= 2 && places.get(token).is_some() {
            return token.to_string();
        }
    }
    let lower = words.to_lowercase();
    let names: &[(&str, &str)] = match game {
        GameId::Shadows => &[
            ("black knight", "quest:black_knight"),
            ("grail", "quest:grail"),
            ("lancelot", "quest:lancelot"),
            ("dragon", "quest:dragon"),
            ("pict", "quest:picts"),
            ("saxon", "quest:saxons"),
            ("excalibur", "excalibur"),
            ("black card", "black_pile"),
            ("white card", "white_pile"),
            ("siege", "camelot"),
            ("round table", "round_table"),
            ("life point", "players"),
        ],
        GameId::Future => &[
            ("training ground", "room:green"),
            ("round table", "room:red"),
            ("ballroom", "room:blue"),
            ("chapel", "room:yellow"),
            ("predict", "throne"),
            ("mission", "display"),
            ("hinterland", "hinterland"),
        ],
        GameId::Court => &[("draw", "piles"), ("discard", "hand"), ("play", "hand")],
        _ => &[],
    };
    names
        .iter()
        .find(|(word, place)| lower.contains(word) && places.get(place).is_some())
        .map_or_else(|| "prompt".to_string(), |(_, place)| place.to_string())
}
