//! The Balance window over the menu: the tinkerer's bench (`crate::balance`) in the window.
//! Choose players, games and bots for the game chosen in the menu; the games run on a worker
//! thread (each on the rayon pool) with a progress bar and a Stop button; the answer shows as
//! its first line, egui bar charts of the win rates, the differences and the most used content.
//! When a content file changes on disk (the menu's watcher reloads it), the window offers to run
//! again with the edit; broken content shows its `path:line:col` problems instead.

use super::shared::{LibraryRes, MenuState, Screen};
use super::style::{GOLD, MUTED, WARN};
use crate::balance::{BalanceReport, Rate};
use crate::bots::BotKind;
use crate::content::ContentSet;
use crate::library::Library;
use crate::rules::GameId;
use crate::sim::SimOptions;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The bots a run may use, as `BotKind::parse` names them, and what each is.
const BOTS: [(&str, &str); 4] = [
    (
        "heuristic",
        "Each game's rules of thumb alone, the same way every time: the fastest, for many games",
    ),
    (
        "easy",
        "The easy level the menu offers (in Shadows, rules of thumb not yet tuned)",
    ),
    (
        "normal",
        "The normal level the menu offers: it looks ahead on what it cannot see dealt at random; slower",
    ),
    (
        "hard",
        "The hard level the menu offers: the deepest look; the slowest, a few games a second",
    ),
];

/// A run on its worker thread.
struct Running {
    done: Arc<AtomicUsize>,
    total: usize,
    stop: Arc<AtomicBool>,
    answer: Arc<Mutex<Option<Result<BalanceReport, String>>>>,
    started: std::time::Instant,
}

#[derive(Resource)]
pub struct BalanceWindow {
    pub open: bool,
    players: usize,
    games: usize,
    bot: usize,
    against_shipped: bool,
    running: Option<Running>,
    report: Option<Result<BalanceReport, String>>,
    /// The game and content hash the report was made from, to offer a run after an edit.
    made_from: Option<(GameId, String)>,
}

impl Default for BalanceWindow {
    fn default() -> Self {
        BalanceWindow {
            open: false,
            players: 4,
            games: 500,
            bot: 0,
            against_shipped: true,
            running: None,
            report: None,
            made_from: None,
        }
    }
}

pub struct BalanceWindowPlugin;

impl Plugin for BalanceWindowPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BalanceWindow>().add_systems(
            EguiPrimaryContextPass,
            balance_window
                .run_if(in_state(Screen::Menu).and_then(super::style::ui_ready))
                .after(super::style::StyleSet),
        );
    }
}

/// Starts a run of `game` on a worker thread: the content the menu has against the shipped one.
fn start(window: &mut BalanceWindow, game: GameId, library: &Library) {
    let opts = SimOptions {
        game,
        players: window.players,
        games: window.games,
        seed: 1,
        bots: vec![BotKind::parse(BOTS[window.bot.min(BOTS.len() - 1)].0).unwrap_or(BotKind::Random)],
        variants: Default::default(),
        max_actions: 20_000,
    };
    let sets = if window.against_shipped { 2 } else { 1 };
    let running = Running {
        done: Arc::new(AtomicUsize::new(0)),
        total: opts.games * sets,
        stop: Arc::new(AtomicBool::new(false)),
        answer: Arc::new(Mutex::new(None)),
        started: std::time::Instant::now(),
    };
    let (done, stop, answer) = (running.done.clone(), running.stop.clone(), running.answer.clone());
    let now = library.clone();
    let against = window.against_shipped;
    let spawned = std::thread::Builder::new().name("balance".into()).spawn(move || {
        let shipped = against.then(|| Library::load(ContentSet::embedded()));
        let result = crate::balance::run(
            (&now, "your content"),
            shipped.as_ref().map(|l| (l, "shipped")),
            &opts,
            0,
            &|n, _| done.store(n, Ordering::Relaxed),
            &stop,
        );
        if let Ok(mut slot) = answer.lock() {
            *slot = Some(result);
        }
    });
    match spawned {
        Ok(_) => {
            window.made_from = Some((game, library.content_hash(game)));
            window.report = None;
            window.running = Some(running);
        }
        Err(e) => window.report = Some(Err(format!("cannot start the games: {e}"))),
    }
}

/// Win rates as bars: one group a seat, a bar a content set, each with its 95 % interval as a
/// whisker; room above the highest whisker for the legend.
fn win_chart(ui: &mut egui::Ui, report: &BalanceReport) {
    let top = report
        .sets
        .iter()
        .flat_map(|s| s.win_by_seat.iter().map(|r| r.high))
        .fold(0.0f64, f64::max);
    let colours = [
        egui::Color32::from_rgb(184, 134, 47),
        egui::Color32::from_rgb(91, 111, 143),
    ];
    let width = 0.8 / report.sets.len().max(1) as f64;
    let charts: Vec<egui_plot::BarChart> = report
        .sets
        .iter()
        .enumerate()
        .map(|(i, set)| {
            let bars = set
                .win_by_seat
                .iter()
                .enumerate()
                .map(|(seat, r)| {
                    egui_plot::Bar::new(seat as f64 + 1.0 + (i as f64 - 0.5) * width, r.rate * 100.0)
                        .width(width * 0.95)
                        .name(format!("seat {}", seat + 1))
                })
                .collect();
            egui_plot::BarChart::new(set.content.clone(), bars).color(colours[i % 2])
        })
        .collect();
    let whiskers: Vec<egui_plot::Line> = report
        .sets
        .iter()
        .enumerate()
        .flat_map(|(i, set)| {
            set.win_by_seat.iter().enumerate().map(move |(seat, r)| {
                let x = seat as f64 + 1.0 + (i as f64 - 0.5) * width;
                // No name: the whiskers stay out of the legend.
                egui_plot::Line::new(
                    "",
                    egui_plot::PlotPoints::from(vec![[x, r.low * 100.0], [x, r.high * 100.0]]),
                )
                .color(egui::Color32::from_gray(230))
                .width(1.5)
            })
        })
        .collect();
    egui_plot::Plot::new("balance-wins")
        .height(200.0)
        .legend(egui_plot::Legend::default())
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .y_axis_label("wins %")
        .x_axis_label("seat")
        .include_y(0.0)
        .include_y((top * 100.0 * 1.45).max(20.0))
        .show(ui, |plot| {
            for chart in charts {
                plot.bar_chart(chart);
            }
            for line in whiskers {
                plot.line(line);
            }
        });
}

fn rate_words(r: &Rate) -> String {
    format!("{:.1} % ± {:.1}", r.rate * 100.0, r.plus_minus() * 100.0)
}

fn balance_window(
    mut contexts: EguiContexts,
    mut window: ResMut<BalanceWindow>,
    library: Res<LibraryRes>,
    menu: Option<Res<MenuState>>,
    dir: Res<super::shared::ContentDir>,
    mut redraw: ResMut<super::redraw::Redraw>,
) -> Result {
    if !window.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let game = menu.map_or(GameId::Court, |m| m.game);
    let (lo, hi) = game.seats();
    // A finished run hands in its answer.
    let finished = window
        .running
        .as_ref()
        .and_then(|r| r.answer.lock().ok().and_then(|mut a| a.take()));
    if let Some(answer) = finished {
        window.running = None;
        window.report = Some(answer);
    }
    if window.running.is_some() {
        redraw.more();
    }
    let mut open = window.open;
    let mut run = false;
    let screen = ctx.viewport_rect();
    super::style::players_window(egui::Window::new("Balance"))
        .open(&mut open)
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(egui::pos2(screen.center().x, screen.top() + 40.0))
        .default_width(640.0)
        .resizable(false)
        .show(ctx, |ui| {
            // As tall as the window allows once there is a report (else the scroll area keeps the
            // height of the first, short frame).
            let tall = (screen.height() - 160.0).max(300.0);
            egui::ScrollArea::vertical()
                .max_height(tall)
                .min_scrolled_height(tall)
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(format!("What does the content do to {}?", game.title()))
                            .strong()
                            .color(GOLD),
                    );
                    // Which content "yours" is: the files on disk in the content folder, each over its
                    // built-in twin.
                    let files = crate::library::entry(game).map_or(&[][..], |e| e.files);
                    let on_disk = library.0.set.from_disk(files);
                    let folder = dir.shown();
                    let about = if on_disk.is_empty() {
                        format!(
                            "Bots play many games. No content file of this game is on disk in {folder} (its assets/ and \
                             levels/, or --content DIR): your content is the built-in one."
                        )
                    } else {
                        format!(
                            "Bots play many games with your content ({} read from disk in {folder}: {}) against the \
                             content built into the game.",
                            crate::rules::counted(on_disk.len() as u64, "file", "files"),
                            on_disk.join(", ")
                        )
                    };
                    ui.add(egui::Label::new(egui::RichText::new(about).small().color(MUTED)).wrap());
                    let errors = library.0.errors();
                    if !library.0.content_ok(game) {
                        ui.colored_label(WARN, "The content is broken; fix these first:");
                        for e in errors.iter().take(8) {
                            ui.monospace(e.to_string());
                        }
                        return;
                    }
                    let idle = window.running.is_none();
                    ui.add_enabled_ui(idle, |ui| {
                        ui.horizontal(|ui| {
                            ui.label("Players");
                            let mut p = window.players.clamp(lo, hi);
                            ui.add(egui::Slider::new(&mut p, lo..=hi));
                            window.players = p;
                            ui.label("Games");
                            ui.add(egui::DragValue::new(&mut window.games).range(50..=20_000).speed(10));
                        });
                        ui.horizontal(|ui| {
                            ui.label("Bots");
                            let mut bot = window.bot.min(BOTS.len() - 1);
                            egui::ComboBox::from_id_salt("balance-bots")
                                .selected_text(BOTS[bot].0)
                                .show_ui(ui, |ui| {
                                    for (i, (name, what)) in BOTS.iter().enumerate() {
                                        ui.selectable_value(&mut bot, i, *name).on_hover_text(*what);
                                    }
                                })
                                .response
                                .on_hover_text(BOTS[bot].1);
                            window.bot = bot;
                            ui.checkbox(&mut window.against_shipped, "against the shipped content");
                        });
                    });
                    // Running: progress, games a second, time left, Stop.
                    if let Some(r) = &window.running {
                        let done = r.done.load(Ordering::Relaxed);
                        let secs = r.started.elapsed().as_secs_f64().max(1e-3);
                        let per_sec = done as f64 / secs;
                        let left = if done > 0 {
                            format!("{:.0} s left", (r.total.saturating_sub(done)) as f64 / per_sec)
                        } else {
                            "the first games are under way".to_string()
                        };
                        ui.add(
                            egui::ProgressBar::new(done as f32 / r.total.max(1) as f32)
                                .text(format!("{done} of {} games · {per_sec:.1} a second · {left}", r.total)),
                        );
                        ui.label(
                            egui::RichText::new("Stop ends the run after the games under way; what is done is shown.")
                                .small()
                                .color(MUTED),
                        );
                        if ui.button("Stop").clicked() {
                            r.stop.store(true, Ordering::Relaxed);
                        }
                        return;
                    }
                    // An edit since the last run.
                    let now_hash = library.0.content_hash(game);
                    let edited = window
                        .made_from
                        .as_ref()
                        .is_some_and(|(g, h)| *g == game && *h != now_hash);
                    ui.horizontal(|ui| {
                        if edited {
                            ui.colored_label(GOLD, "A content file changed on disk.");
                            if ui.button("Run again with the edit").clicked() {
                                run = true;
                            }
                        } else if ui.button("Run").clicked() {
                            run = true;
                        }
                    });
                    // A report is of the game it was made for: another game's stays out of sight.
                    let of_this_game = window.made_from.as_ref().is_some_and(|(g, _)| *g == game);
                    match window.report.as_ref().filter(|_| of_this_game) {
                        None => {}
                        Some(Err(e)) => {
                            ui.colored_label(WARN, e);
                        }
                        Some(Ok(report)) => {
                            ui.separator();
                            if let Some(c) = &report.comparison {
                                ui.label(egui::RichText::new(&c.headline).size(17.0).strong().color(GOLD));
                            }
                            ui.label(
                                egui::RichText::new(format!(
                                    "{} games a set, {:.0} games a second{}",
                                    report.games,
                                    report.games_per_second,
                                    if report.stopped { ", stopped early" } else { "" }
                                ))
                                .small()
                                .color(MUTED),
                            );
                            let words = crate::balance::GameWords::of(game);
                            if words.in_sides {
                                ui.label(
                                    egui::RichText::new(
                                        "A seat wins with its side: the Loyal Knights all together, or the Traitor with \
                                         Evil. A seat's rate is how often it sat on the winning side.",
                                    )
                                    .small()
                                    .color(MUTED),
                                );
                            }
                            win_chart(ui, report);
                            egui::Grid::new("balance-seats").striped(true).show(ui, |ui| {
                                ui.label("");
                                for s in &report.sets {
                                    ui.label(egui::RichText::new(&s.content).strong());
                                }
                                ui.end_row();
                                for seat in 0..report.players {
                                    ui.label(format!("seat {} wins", seat + 1));
                                    for s in &report.sets {
                                        ui.label(s.win_by_seat.get(seat).map(rate_words).unwrap_or_default());
                                    }
                                    ui.end_row();
                                }
                                ui.label(format!("{} a game", words.period.plural()));
                                for s in &report.sets {
                                    ui.label(format!("{:.1}", s.mean_turns));
                                }
                                ui.end_row();
                                let outcomes: std::collections::BTreeSet<&String> =
                                    report.sets.iter().flat_map(|s| s.outcomes.keys()).collect();
                                for k in outcomes {
                                    ui.label(format!("games where {}", (words.outcome)(k)));
                                    for s in &report.sets {
                                        ui.label(s.outcomes.get(k).map(rate_words).unwrap_or_default());
                                    }
                                    ui.end_row();
                                }
                                let figures: std::collections::BTreeSet<&String> =
                                    report.sets.iter().flat_map(|s| s.figures.keys()).collect();
                                for k in figures {
                                    ui.label(format!("{}, a game", (words.outcome)(k)));
                                    for s in &report.sets {
                                        ui.label(
                                            s.figures
                                                .get(k)
                                                .map(|m| format!("{:.2} ± {:.2}", m.mean, m.plus_minus))
                                                .unwrap_or_default(),
                                        );
                                    }
                                    ui.end_row();
                                }
                            });
                            ui.label(
                                egui::RichText::new(
                                    "± is the 95 % interval: with these many games the true rate lies within it 19 times \
                                     in 20. Two rates whose intervals overlap may not differ at all.",
                                )
                                .small()
                                .color(MUTED),
                            );
                            if let Some(c) = &report.comparison {
                                let significant: Vec<String> = c
                                    .differences
                                    .iter()
                                    .filter(|d| d.significant)
                                    .map(|d| {
                                        format!(
                                            "{}: {} (was {})",
                                            d.what,
                                            crate::balance::shown(d, d.now),
                                            crate::balance::shown(d, d.was)
                                        )
                                    })
                                    .collect();
                                ui.label(
                                    egui::RichText::new(if significant.is_empty() {
                                        "No difference larger than chance.".to_string()
                                    } else {
                                        format!("Larger than chance: {}", significant.join("; "))
                                    })
                                    .small(),
                                )
                                .on_hover_text(&c.test);
                            }
                            if let Some(set) = report.sets.first() {
                                ui.label(egui::RichText::new("Most used, and how their users do").strong());
                                for u in set.usage.iter().take(8) {
                                    ui.label(format!(
                                        "{} — {:.1} times a game (in {:.0} % of games); its users win {}",
                                        u.thing,
                                        u.per_game,
                                        u.games.rate * 100.0,
                                        rate_words(&u.user_wins)
                                    ));
                                }
                            }
                            ui.label(
                                egui::RichText::new("The whole report: camelot balance … --report PATH.html")
                                    .small()
                                    .color(MUTED),
                            );
                        }
                    }
                });
        });
    window.open = open;
    if !open && let Some(r) = &window.running {
        r.stop.store(true, Ordering::Relaxed);
    }
    if run {
        start(&mut window, game, &library.0);
    }
    Ok(())
}
