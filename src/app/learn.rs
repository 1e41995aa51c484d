//! The guided first game: *Learn to play* in the menu (or `camelot learn GAME`) starts the game's
//! tutorial (`levels/<game>/tutorial.ron`, see `crate::tutorial`): a fixed seed, seats and
//! variants, and a script whose steps are callouts at the player's decisions. A callout points at
//! the part of the table that matters (a named place: `shared::Places` on the board, or a panel),
//! says the rule and why the suggested move is good, and waits; another legal move is fine, and
//! the next callout says what it changed. After the last step the game goes on as a normal one.
//! The script is the same for every game of it and reads only what the player's seat can see.

use super::bridge::{MatchChanged, MatchRes, StartMatch};
use super::shared::{BoardScreen, LibraryRes, Places, Screen, place_on_screen};
use super::style::{BoardFrame, GOLD, draw_pointer};
use crate::library::MatchFace;
use crate::rules::GameId;
use crate::tutorial::{LastMove, TutorialRun};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// Starts a game's guided first game.
#[derive(Message, Clone, Copy, Debug)]
pub struct StartLearning(pub GameId);

/// Continues an unfinished guided game (from the menu's list).
#[derive(Message, Clone, Debug)]
pub struct ResumeLearning {
    pub game: GameId,
    pub text: String,
    pub slot: std::path::PathBuf,
}

/// The guided game under way, if any.
#[derive(Resource, Default)]
pub struct Learning {
    pub run: Option<TutorialRun>,
    game: Option<GameId>,
    /// The seed of the match it started (a different match ends the lesson).
    seed: u64,
    intro_read: bool,
    /// The handover was read: the lesson is over, the game goes on.
    done: bool,
    /// The player's last move against its step, worked out when the match changes.
    last: Option<LastMove>,
}

impl Learning {
    /// Whether a lesson is on for this match.
    fn on(&self, m: &dyn MatchFace) -> bool {
        self.run.is_some() && !self.done && self.game == Some(m.game()) && self.seed == m.config().seed
    }
}

pub struct LearnPlugin;

impl Plugin for LearnPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Learning>()
            .add_message::<StartLearning>()
            .add_message::<ResumeLearning>()
            .add_systems(Update, (start_learning, follow_moves).chain())
            .add_systems(
                EguiPrimaryContextPass,
                callout
                    .in_set(super::shared::TableUiSet::Overlay)
                    .run_if(in_state(Screen::Table)),
            );
    }
}

/// Loads the tutorial and starts its match (asked by the menu's *Learn to play* or the command
/// line's `camelot learn`).
fn start_learning(
    mut asks: MessageReader<StartLearning>,
    mut resumes: MessageReader<ResumeLearning>,
    menu: Option<ResMut<super::shared::MenuState>>,
    library: Res<LibraryRes>,
    mut learning: ResMut<Learning>,
    mut start: MessageWriter<StartMatch>,
    mut res: ResMut<MatchRes>,
) {
    let from_menu = menu.and_then(|mut m| m.learn.take());
    let resume = resumes.read().last().cloned();
    let Some(game) = asks
        .read()
        .last()
        .map(|a| a.0)
        .or(from_menu)
        .or(resume.as_ref().map(|r| r.game))
    else {
        return;
    };
    let started = crate::tutorial::load(&library.0, game)
        .map_err(|errors| errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))
        .and_then(TutorialRun::start)
        .and_then(|run| run.tutorial.table_config().map(|config| (run, config)));
    match started {
        Ok((run, config)) => {
            *learning = Learning {
                game: Some(game),
                seed: config.seed,
                run: Some(run),
                ..default()
            };
            // The lesson follows the match's history, so a resumed one picks up where it was.
            start.write(match resume {
                Some(r) if r.game == game => StartMatch::Resume {
                    text: r.text,
                    slot: r.slot,
                },
                _ => StartMatch::Guided { game, config },
            });
        }
        Err(e) => {
            *learning = Learning::default();
            res.notice = Some(format!("The guided game cannot start: {e}"));
        }
    }
}

/// After each move: did the player follow the step's suggestion?
fn follow_moves(
    res: Res<MatchRes>,
    library: Res<LibraryRes>,
    mut changed: MessageReader<MatchChanged>,
    mut learning: ResMut<Learning>,
) {
    if changed.read().count() == 0 {
        return;
    }
    let Some(m) = res.current.as_ref() else {
        return;
    };
    let m: &dyn MatchFace = m.as_ref();
    if !learning.on(m) {
        return;
    }
    let last = learning.run.as_ref().and_then(|run| run.last_move(m, &library.0));
    learning.last = last;
}

/// Where a step's callout points: the very place its suggested move is played at (`exact`,
/// `Game::place_of`: a square of the room, a space), where that lies inside the step's place;
/// else the step's place.
pub fn step_point(
    step: &crate::tutorial::Step,
    exact: Option<&crate::rules::Place>,
    places: &super::shared::Places,
) -> String {
    match exact.map(|e| (e.as_str(), places.get(e.as_str()), places.get(&step.point))) {
        Some((exact, Some(e), Some(p))) if exact != step.point && p.contains(e.min) && p.contains(e.max) => {
            exact.to_string()
        }
        _ => step.point.clone(),
    }
}

/// The lesson's window and its pointer.
#[allow(clippy::too_many_arguments)]
fn callout(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    board: Res<BoardScreen>,
    frame: Res<BoardFrame>,
    places: Res<Places>,
    mut learning: ResMut<Learning>,
    mut requests: MessageWriter<super::bridge::ActionRequest>,
    (library, mut table): (Res<LibraryRes>, ResMut<super::shared::TableUi>),
) -> Result {
    let Some(m) = res.current.as_ref() else {
        return Ok(());
    };
    let m: &dyn MatchFace = m.as_ref();
    if !learning.on(m) {
        return Ok(());
    }
    let Some(run) = learning.run.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let t = &run.tutorial;
    let steps = t.steps.len();
    // What to say: the introduction first, then the step at hand (or the next one while the bots
    // play), then the handover.
    let mut begin = false;
    let mut finish = false;
    let mut play = None;
    let (point, title) = if !learning.intro_read {
        (None, t.title.clone())
    } else if run.handed_over(m) {
        (None, "The game is yours".to_string())
    } else {
        let k = run.upcoming(m).unwrap_or(steps.saturating_sub(1));
        // The place the suggested move is played at, while it is the player's to make.
        let exact = run
            .suggested_index(m)
            .filter(|_| run.step_now(m) == Some(k))
            .and_then(|i| m.place_of_index(i));
        let point = t.steps.get(k).map(|s| step_point(s, exact.as_ref(), &places));
        (point, format!("Step {} of {steps}", k + 1))
    };
    let target = point
        .as_deref()
        .and_then(|p| place_on_screen(p, ctx, board.0, frame.0, &places));
    // The window sits beside what it points at, on the side with more room.
    let screen = ctx.viewport_rect();
    let (align, offset) = match target {
        Some(r) if r.center().x > screen.center().x => (egui::Align2::LEFT_TOP, egui::vec2(24.0, 90.0)),
        Some(_) => (egui::Align2::RIGHT_TOP, egui::vec2(-24.0, 90.0)),
        None => (egui::Align2::CENTER_CENTER, egui::Vec2::ZERO),
    };
    let shown = super::style::fixed_window(ctx, &title, "learn-callout", align, offset).show(ctx, |ui| {
        ui.set_max_width(420.0);
        if !learning.intro_read {
            ui.label(egui::RichText::new(&t.intro).size(17.0));
            ui.add_space(8.0);
            if ui.button(egui::RichText::new("Begin").strong()).clicked() {
                begin = true;
            }
            return;
        }
        if run.handed_over(m) {
            if let Some(last) = learning.last.filter(|l| !l.followed && l.step + 1 == steps)
                && let Some(step) = t.steps.get(last.step)
                && !step.other.is_empty()
            {
                ui.label(egui::RichText::new(&step.other).italics());
                ui.add_space(6.0);
            }
            ui.label(egui::RichText::new(&t.handover).size(17.0));
            ui.add_space(8.0);
            if ui.button(egui::RichText::new("Play on").strong()).clicked() {
                finish = true;
            }
            return;
        }
        let k = run.upcoming(m).unwrap_or(0);
        // What the last move changed, when it was not the suggestion.
        if let Some(last) = learning.last.filter(|l| !l.followed && l.step + 1 == k)
            && let Some(step) = t.steps.get(last.step)
            && !step.other.is_empty()
        {
            ui.label(egui::RichText::new(&step.other).italics());
            ui.add_space(6.0);
        }
        if let Some(step) = t.steps.get(k) {
            ui.label(egui::RichText::new(&step.say).size(17.0));
            // The rulebook's part the suggested move comes under (else the decision's), a click
            // away.
            let part = run
                .suggested_index(m)
                .filter(|_| run.step_now(m) == Some(k))
                .and_then(|i| m.rule_of_index(i))
                .or_else(|| m.rule_of_decision());
            if let Some(section) = part.and_then(|p| super::table::part_title(&library.0, m.game(), p))
                && super::table::rule_link(ui, &section, false)
            {
                table.open_rules_at(section);
            }
            if run.step_now(m) == Some(k) {
                ui.add_space(6.0);
                match run.suggested_index(m) {
                    Some(i) => {
                        ui.horizontal_wrapped(|ui| {
                            ui.label("Suggested:");
                            ui.label(egui::RichText::new(&step.suggest).strong().color(GOLD));
                        });
                        ui.label(egui::RichText::new("Make it on the table, or choose another move.").small());
                        if ui.small_button("Do it for me").clicked() {
                            play = Some(i);
                        }
                    }
                    None => {
                        ui.label(egui::RichText::new("Your move.").small());
                    }
                }
            } else {
                ui.label(egui::RichText::new("The others play first…").small().italics());
            }
        }
        ui.add_space(4.0);
        if ui.small_button("End the lesson").clicked() {
            finish = true;
        }
    });
    // The pointer (not over the rules while they are open).
    if let (Some(target), Some(window), false) = (target, shown.map(|r| r.response.rect), table.show_rules) {
        draw_pointer(ctx, window, target);
    }
    if begin {
        learning.intro_read = true;
    }
    if finish {
        learning.done = true;
    }
    if let Some(index) = play {
        requests.write(super::bridge::ActionRequest {
            seat: run.human,
            request: super::bridge::Request::Index(index),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::step_point;
    use crate::app::shared::Places;
    use crate::rules::Place;
    use crate::tutorial::Step;
    use bevy::prelude::{Rect, Vec2};

    fn step(point: &str, suggest: &str) -> Step {
        Step {
            say: String::new(),
            point: point.into(),
            suggest: suggest.into(),
            other: String::new(),
        }
    }

    #[test]
    fn a_callout_points_at_the_square_its_move_names() {
        let room = Rect::from_center_size(Vec2::ZERO, Vec2::splat(200.0));
        let square = Rect::from_center_size(Vec2::new(-80.0, -80.0), Vec2::splat(20.0));
        let places = Places::new([
            ("room:green", room),
            ("field:green:0", square),
            (
                "display",
                Rect::from_center_size(Vec2::new(400.0, 0.0), Vec2::splat(50.0)),
            ),
        ]);
        let square = Place::fixed("field:green:0");
        let field = step("room:green", "green shield → Training Ground (row 1, column 1)");
        assert_eq!(step_point(&field, Some(&square), &places), "field:green:0");
        // A move played by the buttons: the step's place.
        assert_eq!(
            step_point(&step("display", "Send 2"), Some(&Place::PROMPT), &places),
            "display"
        );
        assert_eq!(step_point(&step("display", "Send 2"), None, &places), "display");
        // A place elsewhere does not pull the callout away from the step's place.
        let elsewhere = step("display", "green shield → Training Ground (row 1, column 1)");
        assert_eq!(step_point(&elsewhere, Some(&square), &places), "display");
    }
}
