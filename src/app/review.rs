//! Replay and review at the table. A replay (`bridge::Replay`) steps through a game's record:
//! the bar under the top bar holds the timeline (a slider, the arrow keys, Home and End), whose
//! eyes the table shows (anyone's once the game is over), and the review. The review rates a
//! seat's decisions with the hard bot (`crate::review`, the hints' own rating) on a pool of
//! lower-priority threads, with a progress bar and a Cancel; its window lists the costly moves,
//! and a click sets the table at that moment with the better move pointed at, as a hint does.

use super::bridge::{AskReview, MatchRes, Replay, ReplayRequest, replay_viewers};
use super::handoff::Handoff;
use super::redraw::Redraw;
use super::shared::{BoardScreen, LibraryRes, Places, TableUi};
use super::style::{BoardFrame, GOLD};
use super::table::FreeRect;
use crate::library::MatchFace;
use crate::review::{Mark, Review};
use crate::rules::Seat;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy_egui::{EguiContexts, egui};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The review under way or done.
#[derive(Resource, Default)]
pub struct ReviewState {
    task: Option<Task<Result<Review, String>>>,
    /// Decisions done and in all, packed (done << 32 | total), as the worker reports them.
    progress: Arc<AtomicU64>,
    cancel: Arc<AtomicBool>,
    /// The seat under review (or last reviewed).
    pub seat: Seat,
    pub review: Option<Review>,
    pub error: Option<String>,
    /// The decision looked at, by its place in `review.decisions`.
    pub selected: Option<usize>,
    /// Whether the review's window is open.
    pub open: bool,
    /// Whether its list shows every decision (each with its mark, the best too), not only the
    /// costly ones.
    pub every: bool,
    /// Decisions done when the bar was last drawn: the window draws a frame when it moves.
    drawn: u32,
    /// When the review under way started, for the log's line of how long it took.
    started: Option<std::time::Instant>,
}

impl ReviewState {
    pub fn busy(&self) -> bool {
        self.task.is_some()
    }

    /// Decisions done and in all, while a review runs.
    pub fn progress(&self) -> (u32, u32) {
        let p = self.progress.load(Ordering::Relaxed);
        ((p >> 32) as u32, p as u32)
    }

    fn stop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.task = None;
    }
}

pub struct ReviewPlugin;

impl Plugin for ReviewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ReviewState>()
            .add_systems(Update, drive_review.after(super::bridge::RulesSet))
            .add_systems(
                bevy_egui::EguiPrimaryContextPass,
                (
                    replay_bar.in_set(super::shared::UnderTopBar),
                    review_window.in_set(super::shared::TableUiSet::Overlay),
                )
                    .run_if(in_state(super::shared::Screen::Table)),
            );
    }
}

/// The pool reviews run on: every core but at a lower priority than drawing and input, so the
/// table stays responsive while it works.
fn review_pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: std::sync::OnceLock<Option<rayon::ThreadPool>> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .thread_name(|i| format!("review-{i}"))
            .start_handler(|_| super::bots::background_priority())
            .build()
            .ok()
    })
    .as_ref()
}

/// Starts a review when asked (or opens the one kept for this save and seat,
/// `review::kept_path`), follows its progress, keeps it when done, drops it when the replay ends.
/// While it works the window draws only when a decision is done (the worker wakes it), not every
/// frame: the review has the cores to itself, as `camelot review` does.
fn drive_review(
    mut asks: MessageReader<AskReview>,
    replay: Res<Replay>,
    library: Res<LibraryRes>,
    saves: Res<super::bridge::SavesRes>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut state: ResMut<ReviewState>,
    mut redraw: ResMut<Redraw>,
) {
    let Some(r) = replay.0.as_ref() else {
        asks.clear();
        if state.busy() || state.review.is_some() || state.error.is_some() {
            state.stop();
            *state = ReviewState::default();
        }
        return;
    };
    if let Some(ask) = asks.read().last() {
        state.stop();
        // Only a seat whose secrets this replay may show (`library::open_seats`), as its eyes.
        let Some(seat) = ask.seat.or_else(|| crate::review::first_open_seat(r.whole.as_ref())) else {
            *state = ReviewState {
                error: Some(
                    "No review yet: the game is not over, and a review would show a player's cards to the others at \
                     this screen."
                        .into(),
                ),
                open: true,
                ..default()
            };
            return;
        };
        if let Some(why) = crate::library::closed_seat_reason(r.whole.as_ref(), seat) {
            *state = ReviewState {
                seat,
                error: Some(format!("No review of {}: {why}.", r.whole.config().seat_name(seat))),
                open: true,
                ..default()
            };
            return;
        }
        // Worked out before for this save and seat: open it at once.
        let kept_at = saves
            .0
            .as_ref()
            .map(|s| crate::review::kept_path(&s.reviews(), &r.whole.to_ron(), seat, &library.0));
        if let Some(review) = kept_at.as_deref().and_then(crate::review::kept) {
            *state = ReviewState {
                seat,
                review: Some(review),
                open: true,
                ..default()
            };
            redraw.settle();
            return;
        }
        let (progress, cancel) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
        *state = ReviewState {
            seat,
            progress: progress.clone(),
            cancel: cancel.clone(),
            open: true,
            started: Some(std::time::Instant::now()),
            ..default()
        };
        let whole = r.whole.clone_box();
        let library = library.0.clone();
        let wake = proxy.map(|p| (**p).clone());
        state.task = Some(AsyncComputeTaskPool::get().spawn(async move {
            let wake_up = || {
                if let Some(w) = &wake {
                    let _ = w.send_event(bevy::winit::WinitUserEvent::WakeUp);
                }
            };
            let run = || {
                crate::review::review(whole.as_ref(), &library, seat, &|done, total| {
                    progress.store(((done as u64) << 32) | total as u64, Ordering::Relaxed);
                    wake_up();
                    !cancel.load(Ordering::Relaxed)
                })
            };
            let result = match review_pool() {
                Some(pool) => pool.install(run),
                None => run(),
            };
            if let (Ok(review), Some(path)) = (&result, &kept_at)
                && let Err(e) = crate::review::keep(path, review)
            {
                warn!("the review was not kept: {e}");
            }
            wake_up();
            result
        }));
    }
    if state.busy() {
        // A frame when a decision is done (the worker woke the window), none in between.
        // Once the last is done, frames until the answer is in (it follows at once).
        let (done, total) = state.progress();
        if done != state.drawn || (total > 0 && done >= total) {
            state.drawn = done;
            redraw.more();
        }
    }
    if let Some(task) = state.task.as_mut()
        && let Some(result) = check_ready(task)
    {
        state.task = None;
        redraw.settle();
        if let Some(t) = state.started.take() {
            info!("the review took {:.1} s", t.elapsed().as_secs_f64());
        }
        match result {
            Ok(review) => {
                state.selected = None;
                state.review = Some(review);
            }
            Err(e) => state.error = Some(format!("The review stopped: {e}.")),
        }
    }
}

/// The colour of a mark, on the timeline and in the review's list.
pub fn mark_colour(mark: Mark) -> egui::Color32 {
    match mark {
        Mark::Best => egui::Color32::from_rgb(120, 200, 120),
        Mark::Good => egui::Color32::from_rgb(170, 190, 170),
        Mark::Inaccuracy => egui::Color32::from_rgb(230, 200, 90),
        Mark::Mistake => egui::Color32::from_rgb(235, 140, 60),
        Mark::Blunder => egui::Color32::from_rgb(230, 70, 60),
    }
}

/// How a seat is named in the bar's "See as" list.
fn eyes_label(whole: &dyn MatchFace, viewer: Option<Seat>) -> String {
    match viewer {
        None => "The public table".to_string(),
        Some(s) => format!("{}'s eyes", whole.config().seat_name(s)),
    }
}

/// A control of the bar in at most `width` points (a combo box of names truncates to it).
fn narrow(ui: &mut egui::Ui, width: f32, add: impl FnOnce(&mut egui::Ui)) {
    let size = egui::vec2(width.min(ui.available_width()), ui.available_height());
    ui.allocate_ui_with_layout(size, egui::Layout::left_to_right(egui::Align::Center), add);
}

/// The replay's bar under the top bar: the timeline, whose eyes, and the review.
fn replay_bar(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    replay: Res<Replay>,
    mut free: ResMut<FreeRect>,
    mut requests: MessageWriter<ReplayRequest>,
    mut asks: MessageWriter<AskReview>,
    mut state: ResMut<ReviewState>,
    mut rest: Local<Option<f32>>,
) -> Result {
    let (Some(r), Some(m)) = (replay.0.as_ref(), res.current.as_ref()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let whole = r.whole.as_ref();
    let total = whole.actions_taken();
    let at = m.actions_taken();
    let mut to = at;
    let mut root = free.ui(ctx, "replay-bar");
    egui::Panel::top("replay-bar").exact_size(40.0).show(&mut root, |ui| {
        ui.horizontal_centered(|ui| {
            ui.label(egui::RichText::new("Replay").strong().color(GOLD));
            if ui.button("⏮").on_hover_text("The start (Home)").clicked() {
                to = 0;
            }
            if ui.button("◀").on_hover_text("One move back (←)").clicked() {
                to = at.saturating_sub(1);
            }
            let mut k = at;
            // The timeline takes what the bar's other controls leave (as wide as they were last
            // frame; a long name in them shortens it), so the bar's end stays in the window.
            let others = rest.unwrap_or(840.0);
            ui.spacing_mut().slider_width = (ui.available_width() - others - 12.0).clamp(80.0, 520.0);
            let slider = ui.add(egui::Slider::new(&mut k, 0..=total).show_value(false));
            let after_slider = ui.cursor().left();
            if slider.changed() {
                to = k;
            }
            // The costly moves of the review, marked along the timeline.
            if let Some(review) = &state.review
                && total > 0
            {
                let rect = slider.rect;
                let (left, right) = (rect.left() + rect.height() / 2.0, rect.right() - rect.height() / 2.0);
                for d in review.decisions.iter().filter(|d| d.mark.is_some_and(Mark::is_costly)) {
                    let x = left + (right - left) * d.index as f32 / total as f32;
                    ui.painter().line_segment(
                        [egui::pos2(x, rect.bottom() - 3.0), egui::pos2(x, rect.bottom() + 3.0)],
                        egui::Stroke::new(3.0, d.mark.map_or(GOLD, mark_colour)),
                    );
                }
            }
            if ui.button("▶").on_hover_text("One move on (→)").clicked() {
                to = (at + 1).min(total);
            }
            if ui.button("⏭").on_hover_text("The end (End)").clicked() {
                to = total;
            }
            ui.label(format!("move {at} of {total}"));
            // A turn to jump to: drag the number, or click it and type.
            if let (Some(now), Some(last)) = (m.turns_taken(), r.turns.iter().flatten().max()) {
                let mut turn = now;
                ui.label(format!("· {}", m.period().word()));
                let field = ui
                    .add(egui::DragValue::new(&mut turn).range(0..=*last))
                    .on_hover_text("Jump to a turn: drag the number, or click it and type");
                if field.changed()
                    && let Some(i) = r.turns.iter().position(|x| *x == Some(turn))
                {
                    to = i;
                }
            }
            ui.separator();
            let viewers = replay_viewers(whole);
            let mut viewer = r.viewer;
            // At most so wide: the longest name still leaves the bar's end in the window.
            narrow(ui, 190.0, |ui| {
                egui::ComboBox::from_id_salt("replay-eyes")
                    .truncate()
                    .selected_text(eyes_label(whole, viewer))
                    .show_ui(ui, |ui| {
                        for v in &viewers {
                            ui.selectable_value(&mut viewer, *v, eyes_label(whole, *v));
                        }
                    })
                    .response
                    .on_hover_text(if viewers.len() > 2 {
                        "The game is over: look at it through anyone's eyes, hands and secrets included"
                    } else {
                        "While a game is unfinished a replay shows no one else's secrets"
                    });
            });
            if viewer != r.viewer {
                requests.write(ReplayRequest::Viewer(viewer));
            }
            if matches!(whole.pending(), crate::rules::Pending::Finished(_)) {
                let mut all = r.everything;
                if ui
                    .checkbox(&mut all, "All secrets")
                    .on_hover_text(
                        "Every hand, Loyalty card, face-down card and pile now (at the top of the log), and \
                         every seat's own log lines",
                    )
                    .changed()
                {
                    requests.write(ReplayRequest::Everything(all));
                }
            }
            ui.separator();
            if state.busy() {
                let (done, all) = state.progress();
                ui.add(
                    egui::ProgressBar::new(if all == 0 { 0.0 } else { done as f32 / all as f32 })
                        .desired_width(160.0)
                        .text(format!("Reviewing {done}/{all}")),
                );
                if ui.button("Cancel").clicked() {
                    state.stop();
                }
            } else {
                // Only the seats this replay may show the secrets of, as its eyes.
                let open = crate::library::open_seats(whole);
                let mut seat = state.seat;
                if state.review.is_none() || !open.contains(&seat) {
                    seat = crate::review::first_open_seat(whole).unwrap_or(seat);
                }
                if open.is_empty() {
                    ui.add_enabled(false, egui::Button::new("Review")).on_disabled_hover_text(
                        "A review shows the cards its player held: it opens once the game is over, as everyone's eyes do",
                    );
                } else {
                    if open.len() > 1 {
                        narrow(ui, 150.0, |ui| {
                            egui::ComboBox::from_id_salt("review-seat")
                                .truncate()
                                .selected_text(whole.config().seat_name(seat))
                                .show_ui(ui, |ui| {
                                    for &s in &open {
                                        ui.selectable_value(&mut seat, s, whole.config().seat_name(s));
                                    }
                                });
                        });
                    }
                    state.seat = seat;
                    let reviewed = state.review.as_ref().is_some_and(|rv| rv.seat == seat + 1);
                    let label = if reviewed { "Show the review" } else { "Review" };
                    if ui
                        .button(label)
                        .on_hover_text(format!(
                            "The hard bot rates each decision of {} from what that seat could see then",
                            whole.config().seat_name(seat)
                        ))
                        .clicked()
                    {
                        if reviewed {
                            state.open = true;
                        } else {
                            asks.write(AskReview { seat: Some(seat) });
                        }
                    }
                }
            }
            let width = ui.min_rect().right() - after_slider;
            if rest.is_none_or(|w| (w - width).abs() > 1.0) {
                *rest = Some(width);
                ctx.request_repaint();
            }
        });
    });
    free.take_rest(&root);
    if !ctx.egui_wants_keyboard_input() {
        ctx.input(|i| {
            if i.key_pressed(egui::Key::ArrowLeft) {
                to = at.saturating_sub(1);
            }
            if i.key_pressed(egui::Key::ArrowRight) {
                to = (at + 1).min(total);
            }
            if i.key_pressed(egui::Key::Home) {
                to = 0;
            }
            if i.key_pressed(egui::Key::End) {
                to = total;
            }
        });
    }
    if to != at {
        requests.write(ReplayRequest::To(to));
    }
    Ok(())
}

/// The seat's chance along the game (`review::Story::chance`), over the game's moves: at each
/// decision rated with a chance, a step from the chance before the move (played well) to the
/// chance after the move played, the costly ones dotted in their mark's colour; a line where the
/// table stands now. A click picks the decision nearest to it (its place in `decisions`).
fn chance_plot(ui: &mut egui::Ui, review: &crate::review::Review, total: usize, at: usize) -> Option<usize> {
    let line = &review.story.chance;
    if line.len() < 2 || total == 0 {
        return None;
    }
    ui.label(
        egui::RichText::new(format!("{}'s chance to win along the game", review.name))
            .small()
            .weak(),
    );
    let size = egui::vec2(ui.available_width(), 84.0);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let painter = ui.painter_at(rect);
    let inner = rect.shrink2(egui::vec2(4.0, 6.0));
    let x = |index: usize| inner.left() + inner.width() * index as f32 / total as f32;
    let y = |chance: f64| inner.bottom() - inner.height() * chance.clamp(0.0, 1.0) as f32;
    painter.rect_filled(rect, 3.0, egui::Color32::from_black_alpha(60));
    let faint = egui::Stroke::new(1.0, egui::Color32::from_white_alpha(24));
    for level in [0.25, 0.5, 0.75] {
        painter.line_segment(
            [egui::pos2(inner.left(), y(level)), egui::pos2(inner.right(), y(level))],
            faint,
        );
    }
    painter.text(
        egui::pos2(inner.left() + 2.0, y(0.5) - 1.0),
        egui::Align2::LEFT_BOTTOM,
        "50 %",
        egui::FontId::proportional(10.0),
        egui::Color32::from_white_alpha(90),
    );
    let points: Vec<egui::Pos2> = line
        .iter()
        .flat_map(|p| [egui::pos2(x(p.index), y(p.before)), egui::pos2(x(p.index), y(p.after))])
        .collect();
    painter.add(egui::Shape::line(points, egui::Stroke::new(1.5, GOLD)));
    for p in line.iter().filter(|p| p.mark.is_some_and(Mark::is_costly)) {
        painter.circle_filled(
            egui::pos2(x(p.index), y(p.after)),
            3.5,
            p.mark.map_or(GOLD, mark_colour),
        );
    }
    let now = egui::Stroke::new(1.0, egui::Color32::from_white_alpha(140));
    painter.line_segment([egui::pos2(x(at), rect.top()), egui::pos2(x(at), rect.bottom())], now);
    // The decision nearest to the pointer: its chances on hover, the table there on a click.
    let pointer = response.hover_pos()?;
    let p = line.iter().min_by(|a, b| {
        (x(a.index) - pointer.x)
            .abs()
            .total_cmp(&(x(b.index) - pointer.x).abs())
    })?;
    let when = review
        .decisions
        .iter()
        .find(|d| d.index == p.index)
        .map_or_else(String::new, |d| d.when.clone());
    let tip = format!(
        "{when}: about {} before the move, {} after it",
        crate::rules::percent(p.before),
        crate::rules::percent(p.after)
    );
    let clicked = response.on_hover_text_at_pointer(tip).clicked();
    clicked.then(|| review.decisions.iter().position(|d| d.index == p.index))?
}

/// The review's window over the log: the verdict, the counts, the costly moves; a click sets the
/// table at that moment and points at the better move.
fn review_window(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    replay: Res<Replay>,
    mut state: ResMut<ReviewState>,
    mut requests: MessageWriter<ReplayRequest>,
    (board, frame, places): (Res<BoardScreen>, Res<BoardFrame>, Res<Places>),
    (table, handoff): (Res<TableUi>, Res<Handoff>),
    mut last_selected: Local<Option<usize>>,
) -> Result {
    let (Some(r), Some(m)) = (replay.0.as_ref(), res.current.as_ref()) else {
        return Ok(());
    };
    let total = r.whole.actions_taken();
    // Scrolled to once, when a row was chosen (by a click or Previous / Next).
    let changed_selection = *last_selected != state.selected;
    *last_selected = state.selected;
    if !state.open || (state.review.is_none() && state.error.is_none()) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut close = false;
    let mut go = None;
    let selected = state
        .selected
        .and_then(|i| state.review.as_ref()?.decisions.get(i).cloned());
    // The better move, pointed at while the table stands where it was to be played.
    let target = selected
        .as_ref()
        .filter(|d| d.index == m.actions_taken() && !table.show_rules && d.mark != Some(Mark::Best))
        .and_then(|d| {
            let place = m.place_of_index(d.best_index)?;
            super::shared::place_on_screen(place.as_str(), ctx, board.0, frame.0, &places)
        });
    let moments = match &state.review {
        Some(r) if state.every => (0..r.decisions.len()).collect(),
        Some(r) => r.shown_moments(),
        None => Vec::new(),
    };
    let mut every = state.every;
    let top = super::shared::TOP_BAR + 48.0;
    // The seat's name in the window, where it wraps; the title bar stays short.
    let title = "Review".to_string();
    let shown = super::style::fixed_window(ctx, &title, "review", egui::Align2::RIGHT_TOP, egui::vec2(-8.0, top)).show(
        ctx,
        |ui| {
            // Over the log, the panel a replay needs least, and clear of the board.
            ui.set_max_width(super::shared::LOG_WIDTH - 24.0);
            if let Some(e) = &state.error {
                ui.add(egui::Label::new(e.as_str()).wrap());
            }
            // Everything but the buttons scrolls, so the window never outgrows the screen.
            let body = (ctx.viewport_rect().height() - top - 110.0).max(160.0);
            egui::ScrollArea::vertical()
                .id_salt("review-body")
                .max_height(body)
                .show(ui, |ui| {
                    if let Some(review) = &state.review {
                        let s = &review.summary;
                        ui.add(
                            egui::Label::new(egui::RichText::new(format!("{}'s decisions", review.name)).color(GOLD))
                                .wrap(),
                        );
                        ui.label(egui::RichText::new(&s.verdict).strong());
                        if let Some(i) = chance_plot(ui, review, total, m.actions_taken()) {
                            go = Some(i);
                        }
                        for line in review.story_lines() {
                            ui.add(egui::Label::new(line).wrap());
                        }
                        ui.label(format!("{}.", crate::review::counts_line(s)));
                        if handoff.viewer != Some(review.seat - 1) {
                            ui.label(
                                egui::RichText::new(format!(
                                    "The table shows {} (\"See as\" in the bar above).",
                                    eyes_label(m.as_ref(), handoff.viewer).to_lowercase()
                                ))
                                .italics(),
                            );
                        }
                        ui.add_space(4.0);
                        ui.checkbox(&mut every, "Every decision")
                            .on_hover_text("Each decision with its mark, the best ones too; else only the costly ones");
                        // The costly moves (in a game without any, the costliest moments), or every one.
                        egui::ScrollArea::vertical().max_height(150.0).show(ui, |ui| {
                            for &i in &moments {
                                let d = &review.decisions[i];
                                let Some(mark) = d.mark else {
                                    continue;
                                };
                                let text = egui::RichText::new(format!("{} · {} · {}", d.when, mark.word(), d.played))
                                    .color(mark_colour(mark));
                                let row = ui.selectable_label(state.selected == Some(i), text);
                                if row.clicked() {
                                    go = Some(i);
                                }
                                if state.selected == Some(i) && changed_selection {
                                    row.scroll_to_me(None);
                                }
                            }
                            if moments.is_empty() {
                                ui.label("No costly move to show.");
                            }
                        });
                        if let Some(d) = &selected {
                            ui.separator();
                            ui.label(format!("Played: {}", d.played));
                            if !d.is_the_hard_levels() {
                                ui.label(egui::RichText::new(format!("Better: {}", d.best)).color(GOLD).strong());
                            }
                            for line in &d.why {
                                ui.label(line);
                            }
                            // A decision just chosen (on the line, in the list, Previous / Next):
                            // its why in sight.
                            if changed_selection {
                                ui.scroll_to_cursor(Some(egui::Align::BOTTOM));
                            }
                        }
                    }
                });
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let here = state.selected;
                let prev = moments.iter().rev().find(|&&i| here.is_none_or(|h| i < h)).copied();
                let next = moments.iter().find(|&&i| here.is_none_or(|h| i > h)).copied();
                if ui
                    .add_enabled(prev.is_some(), egui::Button::new("◀ Previous"))
                    .clicked()
                {
                    go = prev;
                }
                if ui.add_enabled(next.is_some(), egui::Button::new("Next ▶")).clicked() {
                    go = next;
                }
                if ui.button("Close").clicked() {
                    close = true;
                }
            });
        },
    );
    if let (Some(window), Some(target)) = (shown.map(|r| r.response.rect), target) {
        super::style::draw_pointer(ctx, window, target);
    }
    if let Some(i) = go {
        state.selected = Some(i);
        if let Some(d) = state.review.as_ref().and_then(|r| r.decisions.get(i)) {
            requests.write(ReplayRequest::To(d.index));
        }
    }
    state.every = every;
    if close {
        state.open = false;
    }
    Ok(())
}
