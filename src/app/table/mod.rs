//! The parts of the table every game shares: the top bar (seats, whose turn, buttons), the game
//! log, the searchable rules reference, the hand-off screen, refusals, the results, and a plain
//! list of choices for games that have no board of their own.
//!
//! Parts: `widgets` (keys, pointer, tooltips), `top_bar` (seat chips and the bar), `game_log`
//! (the log and the plain choice list), `rules` (the rules window, its parser, rule links and
//! refusals), `results` (toasts, results, the hand-off screen), `room` (what the parts share: the
//! games with a board, the free rectangle, a steady panel height, a game's own results). Here: the
//! plugin and the world camera fitted to the free rectangle.

mod game_log;
mod online_panel;
mod results;
mod room;
mod rules;
mod top_bar;
mod widgets;

pub use game_log::{LogHold, shown_log};
use game_log::{choice_list, log_panel};
use results::{handoff_screen, results, toasts};
pub use room::{BoardGames, FreeRect, ResultsDetail, SteadyHeight};
#[cfg(test)]
use rules::search_hint;
pub use rules::{RULE_LINK_ROOM, RuleSection, part_title, rule_link, rulebook_sections};
use rules::{collect_refusals, prompt_rule_link, rules_window};
pub use top_bar::seat_chip;
use top_bar::top_bar;
#[cfg(test)]
use top_bar::{BarFit, short_name};
pub use widgets::{
    Keys, board_tip, gate_clicks, more_below, not_now, read_table_keys, tip_place, tooltip_allowed,
    world_pointer_allowed,
};

use super::shared::{BoardScreen, Places, Screen, TableUi, TableUiSet, UnderTopBar};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

fn reset_free_rect(mut contexts: EguiContexts, mut free: ResMut<FreeRect>) -> Result {
    free.0 = Some(contexts.ctx_mut()?.viewport_rect());
    Ok(())
}

/// Draws the world (the board) into the free part of the window only.
fn fit_world_camera(
    mut contexts: EguiContexts,
    free: Res<FreeRect>,
    mut board: ResMut<BoardScreen>,
    mut camera: Query<&mut Camera, With<super::style::WorldCamera>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (Some(rect), Ok(mut camera), Ok(window)) = (free.0, camera.single_mut(), window.single()) else {
        return Ok(());
    };
    if board.0 != Some(rect) {
        board.0 = Some(rect);
    }
    let ppp = ctx.pixels_per_point();
    let (w, h) = (window.physical_width(), window.physical_height());
    let x = ((rect.min.x * ppp).max(0.0) as u32).min(w.saturating_sub(1));
    let y = ((rect.min.y * ppp).max(0.0) as u32).min(h.saturating_sub(1));
    let width = ((rect.width() * ppp) as u32).clamp(1, w - x);
    let height = ((rect.height() * ppp) as u32).clamp(1, h - y);
    let viewport = bevy::camera::Viewport {
        physical_position: UVec2::new(x, y),
        physical_size: UVec2::new(width, height),
        ..default()
    };
    if camera.viewport.as_ref().map(|v| (v.physical_position, v.physical_size))
        != Some((viewport.physical_position, viewport.physical_size))
    {
        camera.viewport = Some(viewport);
    }
    Ok(())
}

fn reset_world_camera(mut camera: Query<&mut Camera, With<super::style::WorldCamera>>) {
    if let Ok(mut camera) = camera.single_mut() {
        camera.viewport = None;
    }
}

pub struct TablePlugin;

impl Plugin for TablePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<TableUi>()
            .init_resource::<BoardGames>()
            .init_resource::<LogHold>()
            .init_resource::<ResultsDetail>()
            .add_systems(Update, collect_refusals)
            .init_resource::<FreeRect>()
            .init_resource::<BoardScreen>()
            .init_resource::<Places>()
            .configure_sets(
                EguiPrimaryContextPass,
                (
                    TableUiSet::Input,
                    TableUiSet::Chrome,
                    TableUiSet::Board,
                    TableUiSet::Overlay,
                )
                    .chain()
                    .after(super::style::StyleSet)
                    .run_if(in_state(Screen::Table).and_then(super::style::ui_ready)),
            )
            .configure_sets(EguiPrimaryContextPass, UnderTopBar.in_set(TableUiSet::Chrome))
            .init_resource::<Keys>()
            .add_systems(
                EguiPrimaryContextPass,
                (
                    read_table_keys.in_set(TableUiSet::Input),
                    (reset_free_rect, top_bar)
                        .chain()
                        .before(UnderTopBar)
                        .in_set(TableUiSet::Chrome),
                    log_panel.after(UnderTopBar).in_set(TableUiSet::Chrome),
                    choice_list.in_set(TableUiSet::Board),
                    (
                        rules_window,
                        toasts,
                        prompt_rule_link,
                        results,
                        handoff_screen,
                        fit_world_camera,
                    )
                        .chain()
                        .in_set(TableUiSet::Overlay),
                ),
            )
            .add_systems(OnExit(Screen::Table), reset_world_camera);
    }
}

#[cfg(test)]
mod tests {
    use super::{BarFit, LogHold, board_tip, short_name, tip_place, world_pointer_allowed};
    use bevy_egui::egui;

    /// One egui frame with the pointer at `at` (and a press there when `press`), showing a
    /// window over the middle of the screen and a panel on the background layer along the left,
    /// as the tables do.
    fn frame(ctx: &egui::Context, at: egui::Pos2, press: bool) {
        let mut input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
            ..Default::default()
        };
        input.events.push(egui::Event::PointerMoved(at));
        if press {
            input.events.push(egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed: true,
                modifiers: Default::default(),
            });
        }
        let mut output = ctx.run_ui(input, |ui| {
            let ctx = ui.ctx().clone();
            let mut root = crate::app::style::root_ui(&ctx, "test-root");
            egui::Panel::left("test-panel").exact_size(250.0).show(&mut root, |ui| {
                ui.label("Knights");
            });
            egui::Window::new("Settings")
                .fixed_pos(egui::pos2(500.0, 300.0))
                .fixed_size(egui::vec2(300.0, 200.0))
                .show(&ctx, |ui| {
                    ui.label("a window over the board");
                });
        });
        output.textures_delta.clear();
    }

    #[test]
    fn a_decision_panel_never_shrinks_while_play_goes_on() {
        let mut h = super::SteadyHeight::default();
        assert_eq!(h.min(120.0, 1000.0), 120.0, "room for two rows from the start");
        h.seen(120.0);
        h.seen(168.0); // eight pledge buttons in three rows
        assert_eq!(h.min(120.0, 1000.0), 168.0, "a short decision keeps the height");
        h.seen(120.0);
        assert_eq!(h.min(120.0, 1000.0), 168.0);
        // Another window width wraps the buttons otherwise: the height starts again.
        assert_eq!(h.min(120.0, 1400.0), 120.0);
    }

    #[test]
    fn each_rulebook_reads_in_parts_with_its_contents_once() {
        let set = crate::content::ContentSet::embedded();
        for (game, wanted) in [
            (crate::rules::GameId::Court, ["Game Overview", "Game Rules"]),
            (
                crate::rules::GameId::Future,
                ["Final Scoring", "The Rooms of the Castle"],
            ),
            (crate::rules::GameId::Shadows, ["Setup", "End of the game"]),
        ] {
            let text = set.rulebook(game.key()).expect("a rulebook");
            let sections = super::rulebook_sections(text);
            let titles: Vec<&str> = sections.iter().map(|s| s.title.as_str()).collect();
            for w in wanted {
                assert!(titles.contains(&w), "{game:?}: no part {w:?} in {titles:?}");
            }
            assert!(
                !titles.iter().any(|t| t.eq_ignore_ascii_case("table of contents")),
                "{game:?}: the contents are drawn once, as links"
            );
            let words: usize = sections.iter().flat_map(|s| &s.paragraphs).map(|p| p.len()).sum();
            assert!(words * 10 > text.len() * 8, "{game:?}: the text is all there");
            // The search box suggests words of this rulebook.
            let hint = super::search_hint(&sections);
            let first = hint.trim_start_matches("e.g. ").split(", ").next().unwrap_or("");
            assert!(text.contains(first), "{game:?}: {hint}");
            assert!(
                !hint.contains("Banish") || game == crate::rules::GameId::Court,
                "{hint}"
            );
        }
    }

    #[test]
    fn no_click_on_a_window_reaches_the_world() {
        let ctx = egui::Context::default();
        // The window is laid out once; then a pointer that jumps onto it and clicks in one frame.
        for _ in 0..3 {
            frame(&ctx, egui::pos2(1000.0, 100.0), false);
        }
        assert!(world_pointer_allowed(&ctx), "the pointer is over the board");
        frame(&ctx, egui::pos2(600.0, 340.0), true);
        assert!(
            !world_pointer_allowed(&ctx),
            "a click on the window stays in the window"
        );
        // Off the window, over the board, the world has the pointer.
        frame(&ctx, egui::pos2(1000.0, 700.0), true);
        assert!(world_pointer_allowed(&ctx));
        // The panels lie outside the world's viewport: they need no gate of their own.
        frame(&ctx, egui::pos2(100.0, 400.0), false);
        assert!(world_pointer_allowed(&ctx));
    }

    /// Issue 45: a bot's Score tally popped up over Settings and took the click meant for it. A
    /// window the table opens by itself, shown after the player's, stays under it.
    #[test]
    fn a_pop_up_never_covers_a_window_the_player_opened() {
        let ctx = egui::Context::default();
        let run = |pop_up: bool| {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
                ..Default::default()
            };
            let mut output = ctx.run_ui(input, |ui| {
                crate::app::style::players_window(egui::Window::new("Settings"))
                    .fixed_pos(egui::pos2(500.0, 300.0))
                    .fixed_size(egui::vec2(300.0, 200.0))
                    .show(ui.ctx(), |ui| {
                        ui.label("Colour-blind-safe palette");
                    });
                if pop_up {
                    egui::Window::new("dice")
                        .title_bar(false)
                        .fixed_pos(egui::pos2(450.0, 250.0))
                        .fixed_size(egui::vec2(400.0, 300.0))
                        .show(ui.ctx(), |ui| {
                            ui.set_min_size(egui::vec2(400.0, 300.0));
                            ui.label("Score");
                        });
                }
            });
            output.textures_delta.clear();
        };
        for _ in 0..3 {
            run(false);
        }
        for _ in 0..3 {
            run(true);
        }
        // Where the two overlap: the player's window.
        let layer = ctx
            .layer_id_at(egui::pos2(600.0, 330.0))
            .expect("a layer under the pointer");
        assert_eq!(
            layer.order,
            egui::Order::Foreground,
            "the player's window is on top: {layer:?}"
        );
        // Off the player's window, the pop-up is there.
        let under = ctx.layer_id_at(egui::pos2(470.0, 500.0)).expect("the pop-up");
        assert_eq!(under.order, egui::Order::Middle);
    }

    /// The board between the side panels and above the decision panel, as at 1280×800.
    fn board() -> egui::Rect {
        egui::Rect::from_min_max(egui::pos2(250.0, 60.0), egui::pos2(1000.0, 700.0))
    }

    #[test]
    fn a_board_tooltip_stays_on_the_board_beside_the_pointer() {
        let size = egui::vec2(320.0, 120.0);
        let at = |pointer: egui::Pos2, avoid: &[egui::Rect]| {
            let at = tip_place(board(), pointer, size, avoid).expect("a place");
            let rect = egui::Rect::from_min_size(at, size);
            assert!(board().contains_rect(rect), "{rect:?} leaves the board");
            assert!(!rect.contains(pointer), "{rect:?} hides what it explains");
            assert!(avoid.iter().all(|w| !w.intersects(rect)), "{rect:?} covers a window");
            rect
        };
        // In the open: below and right of the pointer.
        assert_eq!(at(egui::pos2(400.0, 200.0), &[]).min, egui::pos2(416.0, 216.0));
        // Near the decision panel along the bottom: above the pointer, never over the panel.
        let low = at(egui::pos2(400.0, 690.0), &[]);
        assert!(low.max.y < 690.0);
        // Near the log on the right: to the pointer's left.
        assert!(at(egui::pos2(990.0, 200.0), &[]).max.x < 990.0);
        // Beside a window (the fists, the results): on the side away from it.
        let window = egui::Rect::from_min_size(egui::pos2(640.0, 100.0), egui::vec2(350.0, 400.0));
        assert!(at(egui::pos2(620.0, 200.0), &[window]).max.x <= 620.0);
        // Nowhere clear: no tooltip.
        assert_eq!(tip_place(board(), egui::pos2(400.0, 200.0), size, &[board()]), None);
        assert_eq!(
            tip_place(board(), egui::pos2(400.0, 200.0), egui::vec2(900.0, 50.0), &[]),
            None
        );
    }

    #[test]
    fn a_board_tooltip_never_covers_an_open_window() {
        let ctx = egui::Context::default();
        let text = "Round Table (seat at 3 o'clock)\nGives nothing now\nRoom rule: any free seat\nFree".to_string();
        for _ in 0..3 {
            frame(&ctx, egui::pos2(480.0, 320.0), false);
        }
        let window = ctx.memory(|m| {
            m.areas()
                .visible_layer_ids()
                .into_iter()
                .filter(|l| l.order == egui::Order::Middle)
                .find_map(|l| m.area_rect(l.id))
        });
        let window = window.expect("the window is open");
        // Above and left of the window, where a tooltip below and right of the pointer would
        // cover it.
        let pointer = egui::pos2(480.0, 250.0);
        let mut input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
            ..Default::default()
        };
        input.events.push(egui::Event::PointerMoved(pointer));
        let mut output = ctx.run_ui(input, |ui| {
            egui::Window::new("Settings")
                .fixed_pos(egui::pos2(500.0, 300.0))
                .fixed_size(egui::vec2(300.0, 200.0))
                .show(ui.ctx(), |ui| {
                    ui.label("a window over the board");
                });
            board_tip(ui.ctx(), "test-tip", board(), pointer, text.clone(), 320.0);
        });
        output.textures_delta.clear();
        let tip = ctx
            .memory(|m| m.area_rect(egui::Id::new("test-tip")))
            .expect("a tooltip");
        assert!(!tip.intersects(window), "{tip:?} covers the window {window:?}");
        assert!(board().contains_rect(tip), "{tip:?} leaves the board");
        // Without the window it would have gone below and right of the pointer, over the window.
        let alone = tip_place(board(), pointer, tip.size(), &[]).expect("a place");
        assert!(egui::Rect::from_min_size(alone, tip.size()).intersects(window));
        assert_ne!(alone, tip.min);
    }

    #[test]
    fn a_crowded_top_bar_drops_the_title_then_shortens_names_then_the_status() {
        let fit = |room| BarFit::choose(room, 200.0, 600.0, 300.0, 150.0, 10.0);
        let all = BarFit {
            title: true,
            full_names: true,
            status: true,
            shields: true,
        };
        assert_eq!(fit(970.0), all);
        assert_eq!(fit(969.0), BarFit { title: false, ..all });
        assert_eq!(fit(760.0), BarFit { title: false, ..all });
        assert_eq!(
            fit(759.0),
            BarFit {
                title: false,
                full_names: false,
                status: true,
                shields: true
            }
        );
        assert_eq!(
            fit(459.0),
            BarFit {
                title: false,
                full_names: false,
                status: false,
                shields: true
            }
        );
        assert!(!fit(250.0).shields, "the shields go when even short chips do not fit");
        assert!(fit(300.0).shields);
        assert_eq!(short_name("Guinevere"), "Gui");
        assert_eq!(short_name("Åsa"), "Åsa");
        assert_eq!(short_name("Éo"), "Éo");
    }

    #[test]
    fn log_lines_wait_for_the_dice() {
        let mut hold = LogHold::default();
        assert_eq!(hold.visible(3), 3);
        hold.hold = true;
        assert_eq!(hold.visible(5), 3, "lines that arrive while dice roll wait");
        assert_eq!(hold.visible(0), 0, "a cleared log shows nothing");
        assert_eq!(hold.visible(2), 0);
        hold.hold = false;
        assert_eq!(hold.visible(2), 2);
    }
}
