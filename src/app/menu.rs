//! The main menu: pick a game, set up its seats and variants, start, continue, quit.

use super::bridge::{MatchRes, SavesRes, StartMatch};
use super::icons::{Picture, Pictures};
use super::shared::{ContentDir, LibraryRes, MenuSetup, MenuState, Screen, Settings};
use super::style::{GOLD, WARN, root_ui};
use crate::library::Library;
use crate::rules::future::{COLOUR_NAMES, Future, colour_by_name, colour_title};
use crate::rules::{Difficulty, GameId, SEAT_COLOURS, SEAT_NAMES, Seat, SeatConfig, SeatKind, VariantSpec};
use crate::saves::{SavedGame, Shelf};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::collections::BTreeMap;

// The menu's own part of `MenuState` (which lives in `shared`): Die Zukunft's colours follow the
// seats.
impl MenuState {
    /// After a seat came or went (`removed`, from `before` seats), Die Zukunft's chosen colours
    /// still fit the seats: each seat keeps its own, a seat short of colours takes unused ones.
    fn refit_colours(&mut self, before: usize, removed: Option<usize>) {
        let Some(value) = self.variants.get("colours") else {
            return;
        };
        if self.game != GameId::Future || matches!(value.trim(), "" | "random" | "expert") {
            return;
        }
        let mut groups = future_seat_colours(value, before);
        if let Some(i) = removed.filter(|&i| i < groups.len()) {
            groups.remove(i);
        }
        let seats = self.seats.len();
        let groups = fit_colours(groups, seats, Future::colours_for(seats) / seats.max(1));
        self.variants.insert("colours".into(), colours_value_of(&groups));
    }
}

/// A variant's offered values as the menu lists them: numbers from smallest to largest, words as
/// the game gives them (its default first).
/// The widest a variant's description runs in the menu before it wraps.
const VARIANT_LABEL_WIDTH: f32 = 380.0;

fn ordered_options(options: &[String]) -> Vec<String> {
    let mut out = options.to_vec();
    if out.iter().all(|o| o.trim().parse::<f64>().is_ok()) {
        out.sort_by(|a, b| {
            let (x, y) = (
                a.trim().parse::<f64>().unwrap_or(0.0),
                b.trim().parse::<f64>().unwrap_or(0.0),
            );
            x.total_cmp(&y)
        });
    }
    out
}

/// Time between looks at the content files on disk (their sizes and times of change).
const CONTENT_POLL: std::time::Duration = std::time::Duration::from_millis(1500);

/// Set by the watcher thread when a content file on disk changed; the menu reloads then.
#[derive(Resource, Clone, Default)]
pub struct ContentChanged(pub std::sync::Arc<std::sync::atomic::AtomicBool>);

pub struct MenuPlugin;

impl Plugin for MenuPlugin {
    fn build(&self, app: &mut App) {
        if let Some(library) = app.world().get_resource::<LibraryRes>() {
            let mut menu = MenuState::new(&library.0);
            // Where the players left it: the game and setup last started from the menu.
            if let Some(settings) = app.world().get_resource::<Settings>() {
                if let Some(game) = settings.last_game.filter(|g| GameId::LISTED.contains(g)) {
                    menu.game = game;
                }
                menu.restore(&library.0, &settings.setups);
            }
            app.insert_resource(menu);
        }
        app.init_resource::<ContentDir>()
            .init_resource::<ContentChanged>()
            .add_systems(Startup, watch_files)
            .add_systems(OnEnter(Screen::Menu), look_for_autosave)
            .add_systems(Update, watch_content.run_if(in_state(Screen::Menu)))
            .add_systems(
                EguiPrimaryContextPass,
                menu_ui
                    .run_if(in_state(Screen::Menu).and_then(super::style::ui_ready))
                    .after(super::style::StyleSet),
            );
    }
}

fn look_for_autosave(menu: Option<ResMut<MenuState>>, library: Res<LibraryRes>, saves: Res<SavesRes>) {
    let Some(mut menu) = menu else {
        return;
    };
    let list = |shelf| saves.0.as_ref().map_or_else(Vec::new, |s| s.list(&library.0, shelf));
    menu.unfinished = list(Shelf::Games);
    menu.guided = list(Shelf::Guided);
    menu.finished = list(Shelf::Finished);
    menu.deleting = None;
    menu.crash = saves
        .0
        .as_ref()
        .and_then(|s| crate::crash::last_crash(&crate::crash::folder(&s.root)));
}

/// What the players asked of the menu this frame, for `menu_ui` to send on.
#[derive(Default)]
pub(crate) struct MenuAsks {
    start: Option<StartMatch>,
    learn: Option<super::learn::ResumeLearning>,
    /// A save's text to replay, and whether to review it too.
    replay: ReplayAsk,
    quit: bool,
    /// Where the *Finished games* header was drawn (the layout's test looks for it).
    pub(crate) finished_header: Option<egui::Rect>,
}

/// What the menu's page reads and changes besides its own state.
pub(crate) struct MenuWorld<'a> {
    pub(crate) library: &'a Library,
    pub(crate) res: &'a mut MatchRes,
    pub(crate) settings: &'a mut crate::app::settings::SettingsWindow,
    pub(crate) balance: &'a mut crate::app::balance_window::BalanceWindow,
    pub(crate) kept: &'a mut Settings,
    pub(crate) pictures: &'a Pictures,
    pub(crate) saves: &'a SavesRes,
}

/// Continues a saved game: a guided one as a guided game, any other as itself.
fn continue_game(g: &SavedGame, asks: &mut MenuAsks) {
    match (g.shelf, g.game) {
        (Shelf::Guided, Some(game)) => {
            asks.learn = Some(super::learn::ResumeLearning {
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
enum CrashAnswer {
    Continue(Box<SavedGame>),
    Dismiss,
}

/// After a crash: the game ended unexpectedly, the report is here, continue it (from its
/// autosave, whole up to the last move) or dismiss the note. Returns the answer, once given.
fn crash_note(ui: &mut egui::Ui, menu: &MenuState) -> Option<CrashAnswer> {
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

/// What the menu asks of a saved game besides playing on: its text replayed, and reviewed too.
type ReplayAsk = Option<(String, bool)>;

/// The games played to their end, newest first (folded away until opened), each to replay or to
/// review; asks for the one chosen.
fn finished_games(ui: &mut egui::Ui, menu: &MenuState, asks: &mut MenuAsks) {
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
fn unfinished_games(ui: &mut egui::Ui, menu: &mut MenuState, world: &mut MenuWorld, asks: &mut MenuAsks) {
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

/// Watches the content files on a thread of its own, which looks at their sizes and times of
/// change (never their text) and, when one changed, flags it and wakes the window: the window
/// sleeps while nothing happens, so it cannot poll.
fn watch_files(
    dir: Res<ContentDir>,
    library: Res<LibraryRes>,
    changed: Res<ContentChanged>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    let dir = dir.0.clone();
    let set = library.0.set.clone();
    let flag = changed.0.clone();
    let proxy = proxy.map(|p| (**p).clone());
    let spawned = std::thread::Builder::new().name("content-watch".into()).spawn(move || {
        let mut last = set.disk_stamp(dir.as_deref());
        loop {
            std::thread::sleep(CONTENT_POLL);
            let now = set.disk_stamp(dir.as_deref());
            if now != last {
                last = now;
                flag.store(true, std::sync::atomic::Ordering::Release);
                if let Some(proxy) = &proxy
                    && proxy.send_event(bevy::winit::WinitUserEvent::WakeUp).is_err()
                {
                    return; // the window has closed
                }
            }
        }
    });
    if let Err(e) = spawned {
        warn!("content files will not be watched: {e}");
    }
}

/// Reloads the content when a file on disk changed, so a tinkerer sees an edit (or its precise
/// error) without restarting.
fn watch_content(
    dir: Res<ContentDir>,
    changed: Res<ContentChanged>,
    mut library: ResMut<LibraryRes>,
    mut res: ResMut<MatchRes>,
    mut menu: Option<ResMut<MenuState>>,
    mut redraw: ResMut<super::redraw::Redraw>,
) {
    if !changed.0.swap(false, std::sync::atomic::Ordering::AcqRel) {
        return;
    }
    redraw.settle();
    let set = match crate::content::ContentSet::shipped(dir.0.as_deref()) {
        Ok(set) => set,
        Err(e) => {
            res.notice = Some(e.to_string());
            return;
        }
    };
    let keys: Vec<String> = set.keys().cloned().collect();
    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
    let old_keys: Vec<String> = library.0.set.keys().cloned().collect();
    let old_keys: Vec<&str> = old_keys.iter().map(String::as_str).collect();
    if set.hash_of(&keys) == library.0.set.hash_of(&old_keys) {
        return;
    }
    library.0 = Library::load(set);
    let problems = library.0.errors().len();
    res.notice = Some(if problems == 0 {
        "Content reloaded from disk.".to_string()
    } else {
        format!(
            "Content reloaded from disk: {}, listed above.",
            crate::rules::counted(problems as u64, "problem", "problems")
        )
    });
    if let Some(menu) = menu.as_mut() {
        menu.reset_seats_keeping_names(&library.0);
    }
}

fn kind_label(kind: SeatKind) -> &'static str {
    match kind {
        SeatKind::Human => "Human",
        SeatKind::Bot(Difficulty::Easy) => "Bot — easy",
        SeatKind::Bot(Difficulty::Normal) => "Bot — normal",
        SeatKind::Bot(Difficulty::Hard) => "Bot — hard",
    }
}

fn blurb(game: GameId) -> &'static str {
    match game {
        GameId::Court => {
            "Courtiers jostle for the King's favour: move your knights up the Great Hall, gossip, banish and score."
        }
        GameId::Future => "Shape the future of Camelot: predict, build and outwit your rivals.",
        GameId::Shadows => "Loyal knights quest together against the shadows — but one of them may be a traitor.",
        #[cfg(any(test, feature = "test-support"))]
        GameId::Test => "A tiny test game.",
    }
}

fn menu_ui(
    mut contexts: EguiContexts,
    mut menu: ResMut<MenuState>,
    library: Res<LibraryRes>,
    mut res: ResMut<MatchRes>,
    mut start: MessageWriter<StartMatch>,
    mut exit: MessageWriter<AppExit>,
    mut settings: ResMut<crate::app::settings::SettingsWindow>,
    mut balance: ResMut<crate::app::balance_window::BalanceWindow>,
    mut kept: ResMut<Settings>,
    pictures: Res<Pictures>,
    saves: Res<SavesRes>,
    mut learn: MessageWriter<super::learn::ResumeLearning>,
    (mut replays, mut reviews): (
        MessageWriter<super::bridge::ReplayRequest>,
        MessageWriter<super::bridge::AskReview>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let asks = menu_page(
        ctx,
        &mut menu,
        MenuWorld {
            library: &library.0,
            res: &mut res,
            settings: &mut settings,
            balance: &mut balance,
            kept: &mut kept,
            pictures: &pictures,
            saves: &saves,
        },
    );
    if let Some(s) = asks.start {
        start.write(s);
    }
    if let Some(l) = asks.learn {
        learn.write(l);
    }
    if let Some((text, review)) = asks.replay {
        replays.write(super::bridge::ReplayRequest::Open(text));
        if review {
            reviews.write(super::bridge::AskReview { seat: None });
        }
    }
    if asks.quit {
        exit.write(AppExit::Success);
    }
    Ok(())
}

/// The menu's page: the title, any content problems and notices, the games and the saved ones on
/// the left, the seats and variants on the right. It scrolls as a whole, so every part of it is
/// in reach at any window size.
pub(crate) fn menu_page(ctx: &egui::Context, menu: &mut MenuState, mut world: MenuWorld) -> MenuAsks {
    let mut asks = MenuAsks::default();
    let mut root = root_ui(ctx, "menu-root");
    let frame = egui::Frame::new()
        .fill(egui::Color32::from_rgb(18, 20, 27))
        .inner_margin(24);
    egui::CentralPanel::default().frame(frame).show(&mut root, |ui| {
        egui::ScrollArea::vertical()
            .id_salt("menu-page")
            .auto_shrink([false, false])
            .show(ui, |ui| menu_contents(ui, menu, &mut world, &mut asks));
    });
    asks
}

fn menu_contents(ui: &mut egui::Ui, menu: &mut MenuState, world: &mut MenuWorld, asks: &mut MenuAsks) {
    ui.vertical_centered(|ui| {
        ui.label(
            egui::RichText::new("Camelot")
                .size(54.0)
                .color(GOLD)
                .family(egui::FontFamily::Name("heading".into())),
        );
        ui.label(
            egui::RichText::new("Three Arthurian board games at one table")
                .size(18.0)
                .italics(),
        );
        ui.label(
            egui::RichText::new(format!("version {}", crate::version::LONG))
                .small()
                .weak(),
        );
    });
    ui.add_space(18.0);
    let errors = world.library.errors();
    if !errors.is_empty() {
        egui::Frame::group(ui.style())
            .stroke(egui::Stroke::new(1.0, WARN))
            .show(ui, |ui| {
                ui.colored_label(
                    WARN,
                    format!(
                        "The content has {}; the games that use it cannot start:",
                        crate::rules::counted(errors.len() as u64, "problem", "problems")
                    ),
                );
                for e in errors.iter().take(8) {
                    ui.monospace(e.to_string());
                }
            });
        ui.add_space(8.0);
    }
    if let Some(answer) = crash_note(ui, menu) {
        if let CrashAnswer::Continue(g) = answer {
            continue_game(&g, asks);
        }
        // Answered: the note goes (the report stays).
        menu.crash = None;
        if let Some(s) = &world.saves.0
            && let Err(e) = crate::crash::forget_last_crash(&crate::crash::folder(&s.root))
        {
            world.res.notice = Some(format!("The crash note could not be removed: {e}"));
        }
    }
    if let Some(notice) = world.res.notice.clone() {
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(WARN, notice);
            if ui.small_button("Dismiss").clicked() {
                world.res.notice = None;
            }
        });
    }
    ui.columns(2, |cols| {
        game_list(&mut cols[0], menu, world.library, &world.kept.setups, world.pictures);
        unfinished_games(&mut cols[0], menu, world, asks);
        finished_games(&mut cols[0], menu, asks);
        setup_panel(&mut cols[1], menu, world, asks);
    });
}

fn game_list(
    ui: &mut egui::Ui,
    menu: &mut MenuState,
    library: &Library,
    setups: &BTreeMap<GameId, MenuSetup>,
    pictures: &Pictures,
) {
    ui.heading("Choose a game");
    ui.add_space(6.0);
    for game in GameId::LISTED {
        let selected = menu.game == game;
        if cover(ui, game, selected, pictures).clicked() && !selected {
            menu.game = game;
            menu.restore(library, setups);
        }
        ui.add_space(8.0);
    }
}

/// A game's look on its cover: two colours of its ground, its ink, and its two pictures.
struct CoverLook {
    top: egui::Color32,
    bottom: egui::Color32,
    ink: egui::Color32,
    pictures: [Picture; 2],
}

fn cover_look(game: GameId) -> CoverLook {
    let c = egui::Color32::from_rgb;
    match game {
        // The King's court: crimson and gold.
        GameId::Court => CoverLook {
            top: c(112, 24, 30),
            bottom: c(46, 10, 14),
            ink: c(236, 196, 104),
            pictures: [Picture::QueenCrown, Picture::RoundTable],
        },
        // The castle's future: night blue and violet, the magician's.
        GameId::Future => CoverLook {
            top: c(44, 52, 120),
            bottom: c(22, 16, 46),
            ink: c(214, 206, 255),
            pictures: [Picture::Castle, Picture::WizardFace],
        },
        // The shadows: a dark green-black, the Grail in pale gold.
        _ => CoverLook {
            top: c(30, 44, 36),
            bottom: c(8, 10, 12),
            ink: c(226, 214, 170),
            pictures: [Picture::BlackKnightHelm, Picture::HolyGrail],
        },
    }
}

/// A game's title screen in the menu: its ground in the mood of its box, its pictures, its title,
/// players and one line of what it is; framed in gold when chosen.
fn cover(ui: &mut egui::Ui, game: GameId, selected: bool, pictures: &Pictures) -> egui::Response {
    let look = cover_look(game);
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 150.0), egui::Sense::click());
    let painter = ui.painter_at(rect);
    // The ground: a vertical gradient.
    let mut mesh = egui::Mesh::default();
    for (i, (y, colour)) in [(rect.top(), look.top), (rect.bottom(), look.bottom)]
        .into_iter()
        .enumerate()
    {
        mesh.colored_vertex(egui::pos2(rect.left(), y), colour);
        mesh.colored_vertex(egui::pos2(rect.right(), y), colour);
        let _ = i;
    }
    mesh.add_triangle(0, 1, 2);
    mesh.add_triangle(1, 2, 3);
    painter.add(egui::Shape::mesh(mesh));
    // The pictures on the right, the second larger behind the first.
    let big = rect.height() - 24.0;
    let at = egui::pos2(rect.right() - big - 16.0, rect.top() + 12.0);
    if let Some(image) = pictures.egui(look.pictures[1], big, look.ink.gamma_multiply(0.28)) {
        image.paint_at(ui, egui::Rect::from_min_size(at, egui::vec2(big, big)));
    }
    let small = big * 0.62;
    let at = egui::pos2(rect.right() - big - 16.0 - small * 0.55, rect.bottom() - small - 10.0);
    if let Some(image) = pictures.egui(look.pictures[0], small, look.ink) {
        image.paint_at(ui, egui::Rect::from_min_size(at, egui::vec2(small, small)));
    }
    // The title, the players, the line.
    let (lo, hi) = game.seats();
    let left = rect.left() + 18.0;
    painter.text(
        egui::pos2(left, rect.top() + 16.0),
        egui::Align2::LEFT_TOP,
        game.title(),
        egui::FontId::new(30.0, egui::FontFamily::Name("heading".into())),
        look.ink,
    );
    painter.text(
        egui::pos2(left, rect.top() + 58.0),
        egui::Align2::LEFT_TOP,
        format!("{lo}–{hi} players"),
        egui::FontId::proportional(15.0),
        egui::Color32::from_gray(220),
    );
    let galley = painter.layout(
        blurb(game).to_string(),
        egui::FontId::proportional(13.5),
        egui::Color32::from_gray(200),
        (width - big - 60.0).max(120.0),
    );
    painter.galley(
        egui::pos2(left, rect.top() + 84.0),
        galley,
        egui::Color32::from_gray(200),
    );
    if !crate::app::tables::has_table(game) {
        painter.text(
            egui::pos2(left, rect.bottom() - 10.0),
            egui::Align2::LEFT_BOTTOM,
            "Not playable at the table yet.",
            egui::FontId::proportional(13.0),
            WARN,
        );
    }
    // The frame: gold when chosen, a hint of it on hover.
    let stroke = if selected {
        egui::Stroke::new(3.0, GOLD)
    } else if response.hovered() {
        egui::Stroke::new(1.5, GOLD.gamma_multiply(0.6))
    } else {
        egui::Stroke::new(1.0, egui::Color32::from_gray(70))
    };
    painter.rect_stroke(rect, 8.0, stroke, egui::StrokeKind::Inside);
    response.on_hover_text(format!("Set up a game of {}", game.title()))
}

fn setup_panel(ui: &mut egui::Ui, menu: &mut MenuState, world: &mut MenuWorld, asks: &mut MenuAsks) {
    let library = world.library;
    let game = menu.game;
    let (lo, hi) = game.seats();
    ui.heading(format!("Seats — {}", game.title()));
    ui.add_space(6.0);
    let mut remove = None;
    let can_remove = menu.seats.len() > lo;
    let variants = library.variants(game);
    // Variants chosen seat by seat (The Court's factions) are picked in the seat rows.
    let mut per_seat: Vec<(&VariantSpec, Vec<String>)> = variants
        .iter()
        .filter(|spec| !spec.per_seat.is_empty())
        .map(|spec| {
            let value = menu.variants.get(spec.key).map(String::as_str).unwrap_or("");
            (spec, per_seat_values(value, &spec.per_seat, menu.seats.len()))
        })
        .collect();
    // Yes-or-no variants seat by seat (The Court's tights), as the seats they say yes for.
    let mut flags: Vec<(&VariantSpec, &'static str, Vec<Seat>)> = variants
        .iter()
        .filter_map(|spec| {
            let label = spec.seat_flag?;
            let value = menu.variants.get(spec.key).map(String::as_str).unwrap_or("");
            Some((spec, label, VariantSpec::flagged_seats(value, menu.seats.len())))
        })
        .collect();
    // Die Zukunft's colours, seat by seat (two each with two players), or chosen at the table.
    let colours_value = menu.variants.get("colours").cloned().unwrap_or_default();
    let future_expert = colours_value.trim() == "expert";
    let mut future_colours = future_seat_colours(&colours_value, menu.seats.len());
    let mut colours_picked = false;
    for (i, seat) in menu.seats.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.add_sized([22.0, 26.0], egui::Label::new(format!("{}.", i + 1)));
            if game == GameId::Future {
                // Each seat chooses its player colour (two with two players); with the expert
                // variant the seats choose in turn at the table instead.
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = 2.0;
                    if future_expert {
                        ui.add_sized([22.0, 26.0], egui::Label::new("?"))
                            .on_hover_text("Expert colours: the seats choose their colours in turn at the table");
                        return;
                    }
                    let mine = future_colours.get(i).cloned().unwrap_or_default();
                    for (k, c) in mine.into_iter().enumerate() {
                        super::style::colour_chip(ui, c, 22.0);
                        egui::ComboBox::from_id_salt(("future-colour", i, k))
                            .selected_text(colour_title(c))
                            .width(72.0)
                            .show_ui(ui, |ui| {
                                for to in 0..COLOUR_NAMES.len() as u8 {
                                    if ui.selectable_label(to == c, colour_title(to)).clicked() {
                                        pick_colour(&mut future_colours, i, k, to);
                                        colours_picked = true;
                                    }
                                }
                            })
                            .response
                            .on_hover_text(
                                "This seat's colour (a colour another seat has swaps); the turn order is still drawn from the magician cards",
                            );
                    }
                });
            } else {
                ui.color_edit_button_srgb(&mut seat.colour).on_hover_text("Seat colour");
            }
            name_field(ui, &mut seat.name);
            egui::ComboBox::from_id_salt(("kind", i))
                .selected_text(kind_label(seat.kind))
                .width(150.0)
                .show_ui(ui, |ui| {
                    for kind in [
                        SeatKind::Human,
                        SeatKind::Bot(Difficulty::Easy),
                        SeatKind::Bot(Difficulty::Normal),
                        SeatKind::Bot(Difficulty::Hard),
                    ] {
                        ui.selectable_value(&mut seat.kind, kind, kind_label(kind));
                    }
                });
            for (spec, values) in per_seat.iter_mut() {
                let Some(current) = values.get(i).cloned() else {
                    continue;
                };
                let label = |v: &str| {
                    spec.per_seat
                        .iter()
                        .find(|(value, _)| value == v)
                        .map_or(v.to_string(), |(_, label)| label.clone())
                };
                egui::ComboBox::from_id_salt(("per-seat", spec.key, i))
                    .selected_text(label(&current))
                    .width(120.0)
                    .show_ui(ui, |ui| {
                        for (value, name) in &spec.per_seat {
                            if ui.selectable_label(*value == current, name).clicked() {
                                choose_per_seat(values, i, value);
                            }
                        }
                    })
                    .response
                    .on_hover_text(spec.label);
            }
            if seat.kind.is_human() {
                ui.checkbox(&mut seat.hints, "Hints").on_hover_text(
                    "Whether this player may ask for a hint (H): the hard bot's move from this seat's view, with its reasons",
                );
            }
            for (spec, label, seats) in flags.iter_mut() {
                let mut on = seats.contains(&i);
                if ui.checkbox(&mut on, *label).on_hover_text(spec.label).changed() {
                    seats.retain(|&s| s != i);
                    if on {
                        seats.push(i);
                        seats.sort_unstable();
                    }
                }
            }
            if ui
                .add_enabled(can_remove, egui::Button::new("Remove"))
                .on_hover_text("Remove this seat")
                .clicked()
            {
                remove = Some(i);
            }
        });
    }
    for (spec, values) in per_seat {
        menu.variants.insert(spec.key.to_string(), values.join(","));
    }
    if colours_picked {
        menu.variants
            .insert("colours".into(), colours_value_of(&future_colours));
    }
    if let Some(i) = remove {
        let before = menu.seats.len();
        menu.seats.remove(i);
        menu.refit_colours(before, Some(i));
        // The seats after the removed one move up a number.
        for (_, _, seats) in flags.iter_mut() {
            seats.retain(|&s| s != i);
            for s in seats.iter_mut().filter(|s| **s > i) {
                *s -= 1;
            }
        }
    }
    for (spec, _, seats) in flags {
        menu.variants
            .insert(spec.key.to_string(), VariantSpec::flag_value(&seats));
    }
    ui.horizontal(|ui| {
        if ui
            .add_enabled(menu.seats.len() < hi, egui::Button::new("+ Add seat"))
            .clicked()
        {
            let i = menu.seats.len();
            let colour = SEAT_COLOURS
                .iter()
                .find(|c| !menu.seats.iter().any(|s| &s.colour == *c))
                .copied()
                .unwrap_or(SEAT_COLOURS[i % SEAT_COLOURS.len()]);
            let name = SEAT_NAMES
                .iter()
                .find(|n| !menu.seats.iter().any(|s| s.name == **n))
                .copied()
                .unwrap_or("Knight");
            menu.seats.push(SeatConfig {
                name: name.to_string(),
                kind: SeatKind::Bot(Difficulty::Normal),
                colour,
                hints: true,
            });
            menu.refit_colours(i, None);
        }
        ui.label(egui::RichText::new(format!("{} of {lo}–{hi} seats", menu.seats.len())).small());
    });
    ui.add_space(10.0);
    let variants: Vec<&VariantSpec> = variants
        .iter()
        .filter(|spec| spec.per_seat.is_empty() && spec.seat_flag.is_none())
        .collect();
    if !variants.is_empty() {
        ui.heading("Variants");
        egui::Grid::new("variants")
            .num_columns(3)
            .spacing([10.0, 8.0])
            .show(ui, |ui| {
                for spec in variants {
                    // A long description wraps, so the control beside it stays in the window.
                    ui.vertical(|ui| {
                        ui.set_max_width(VARIANT_LABEL_WIDTH);
                        ui.add(egui::Label::new(spec.label).wrap());
                    });
                    let value = menu
                        .variants
                        .entry(spec.key.to_string())
                        .or_insert_with(|| spec.options.first().cloned().unwrap_or_default());
                    // One control: the offered values in order, and for a variant that takes any
                    // value "Other…", which opens a box to type it in.
                    let options = ordered_options(&spec.options);
                    let own = spec.custom && !options.contains(value);
                    egui::ComboBox::from_id_salt(("variant", spec.key))
                        .selected_text(if own { "Other…".to_string() } else { value.clone() })
                        .show_ui(ui, |ui| {
                            for option in &options {
                                ui.selectable_value(value, option.clone(), option);
                            }
                            if spec.custom && ui.selectable_label(own, "Other…").clicked() && !own {
                                value.clear();
                            }
                        });
                    if own {
                        // As wide as the value (a list of colours is long), within the window,
                        // with what is wrong with it beneath.
                        let width = (value.chars().count().max(14) as f32 * 8.5).min(ui.available_width().max(120.0));
                        let problem = variant_problem(library, game, &menu.seats, spec.key, value);
                        ui.vertical(|ui| {
                            ui.add(
                                egui::TextEdit::singleline(value)
                                    .hint_text("type a value")
                                    .desired_width(width),
                            );
                            if let Some(p) = problem {
                                field_problem(ui, &p);
                            }
                        });
                    } else {
                        ui.label("");
                    }
                    ui.end_row();
                }
            });
        ui.add_space(10.0);
    }
    // A seed only for whoever asks for one, and cleared once the game starts: the next player
    // does not find it there and deal the same hidden cards.
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut menu.seed_shown, "Choose the seed").on_hover_text(
            "The same seed, seats and moves give the same game. Without one, each game is dealt at random; a seed \
             typed here is cleared when the game starts",
        );
        if menu.seed_shown {
            ui.add(
                egui::TextEdit::singleline(&mut menu.seed_text)
                    .hint_text("random")
                    .desired_width(180.0),
            );
            if let Some(p) = menu.seed_problem() {
                field_problem(ui, &p);
            }
        }
    });
    ui.add_space(16.0);
    let content_ok = library.content_ok(game);
    // What stops the game from starting, said beside the button (each field says its own).
    let problem = start_problem(menu, library);
    let startable = crate::app::tables::has_table(game) && content_ok && problem.is_none();
    ui.horizontal(|ui| {
        let button =
            egui::Button::new(egui::RichText::new("Start game").size(20.0).strong()).min_size(egui::vec2(180.0, 44.0));
        let response = ui.add_enabled(startable, button);
        let response = if !crate::app::tables::has_table(game) {
            response.on_disabled_hover_text(crate::app::tables::not_at_table(game))
        } else if !content_ok {
            response.on_disabled_hover_text("Fix the content problems listed above first")
        } else if let Some(p) = &problem {
            response.on_disabled_hover_text(format!("First: {p}"))
        } else {
            response
        };
        if response.clicked() {
            match menu.table_config() {
                Ok(config) => {
                    asks.start = Some(StartMatch::New { game, config });
                    menu.started();
                    // The menu opens with this setup next time.
                    world.kept.last_game = Some(game);
                    world.kept.setups.insert(game, menu.setup());
                    if let Err(e) = world.kept.save_to(&Settings::path()) {
                        world.res.notice = Some(format!("The setup was not kept: {e}"));
                    }
                }
                Err(e) => world.res.notice = Some(e),
            }
        }
        let learn = egui::Button::new(egui::RichText::new("Learn to play").size(18.0)).min_size(egui::vec2(150.0, 44.0));
        if ui
            .add_enabled(startable, learn)
            .on_hover_text(format!(
                "A guided first game of {}: a short game with you and easy bots, where callouts show what matters and why",
                game.title()
            ))
            .clicked()
        {
            menu.learn = Some(game);
        }
        if ui
            .add(egui::Button::new(egui::RichText::new("Quit").size(18.0)).min_size(egui::vec2(100.0, 44.0)))
            .clicked()
        {
            asks.quit = true;
        }
        if ui
            .add(egui::Button::new(egui::RichText::new("Settings").size(18.0)).min_size(egui::vec2(100.0, 44.0)))
            .on_hover_text("Animations, volume, interface scale, colours, fullscreen (F2)")
            .clicked()
        {
            world.settings.open = !world.settings.open;
        }
        if ui
            .add(egui::Button::new(egui::RichText::new("Balance").size(18.0)).min_size(egui::vec2(100.0, 44.0)))
            .on_hover_text("What does the content do? Bots play many games and the bench tells")
            .clicked()
        {
            world.balance.open = !world.balance.open;
        }
    });
    if let Some(p) = problem.filter(|_| content_ok) {
        field_problem(ui, &format!("Before the game can start: {p}."));
    }
    if !crate::app::tables::has_table(game) {
        let text = format!(
            "{}: choose Camelot – The Court to play here.",
            crate::app::tables::not_at_table(game)
        );
        ui.add(egui::Label::new(egui::RichText::new(text).color(WARN)).wrap());
    }
}

/// A seat's name, as long as `NAME_LIMIT` letters at most (the limit is shown while it is typed);
/// what is wrong with it beside it.
fn name_field(ui: &mut egui::Ui, name: &mut String) {
    use crate::rules::{NAME_LIMIT, TableConfig};
    let field = ui
        .add_sized([132.0, 26.0], egui::TextEdit::singleline(name).char_limit(NAME_LIMIT))
        .on_hover_text(format!("The seat's name: up to {NAME_LIMIT} letters"));
    let letters = name.chars().count();
    if let Some(p) = TableConfig::name_problem(name) {
        field_problem(ui, &p);
    } else if field.has_focus() {
        let count = egui::RichText::new(format!("{letters}/{NAME_LIMIT}")).small();
        ui.label(if letters >= NAME_LIMIT {
            count.color(WARN)
        } else {
            count.weak()
        });
    }
}

/// What is wrong with a field, in words, beside or beneath it.
fn field_problem(ui: &mut egui::Ui, words: &str) {
    ui.add(egui::Label::new(egui::RichText::new(words).small().color(WARN)).wrap());
}

/// What is wrong with a variant's own value ("Other…"): none typed, or what the game says of a
/// table with these seats and this value (the rest left at their defaults).
fn variant_problem(library: &Library, game: GameId, seats: &[SeatConfig], key: &str, value: &str) -> Option<String> {
    if value.trim().is_empty() {
        return Some("type a value, or choose one from the list".into());
    }
    let config = crate::rules::TableConfig {
        seats: seats.to_vec(),
        seed: 1,
        variants: BTreeMap::from([(key.to_string(), value.to_string())]),
    };
    library.new_match(game, config).err()
}

/// What stops a game with these choices from starting, in words: a seat's name, the seed, a
/// variant (each also said beside its field), or the table as a whole.
fn start_problem(menu: &MenuState, library: &Library) -> Option<String> {
    for (i, seat) in menu.seats.iter().enumerate() {
        if let Some(p) = crate::rules::TableConfig::name_problem(&seat.name) {
            return Some(format!("seat {}'s name {p}", i + 1));
        }
    }
    if let Some(p) = menu.seed_problem() {
        return Some(format!("the seed {p}"));
    }
    for spec in library.variants(menu.game) {
        // A value of one's own ("Other…") left empty.
        if let Some(v) = menu.variants.get(spec.key)
            && spec.custom
            && spec.per_seat.is_empty()
            && spec.seat_flag.is_none()
            && !spec.options.contains(v)
            && v.trim().is_empty()
        {
            return Some(format!("{}: type a value, or choose one from the list", spec.key));
        }
    }
    let config = menu.table_config().ok()?;
    library.new_match(menu.game, config).err()
}

/// Die Zukunft's colours as the seat rows show them, seat by seat (two each with two players):
/// those the `colours` variant gives (`random`: in seat order; a list, even one that does not fit:
/// its known colours in order, each once), then the unused colours in order for seats still short.
fn future_seat_colours(value: &str, seats: usize) -> Vec<Vec<u8>> {
    let each = Future::colours_for(seats) / seats.max(1);
    let groups: Vec<Vec<u8>> = match Future::colour_choice(seats, value) {
        Ok(Some(given)) => (0..seats)
            .map(|seat| given.iter().filter(|g| g.0 == seat).map(|g| g.1).collect())
            .collect(),
        _ => {
            let named: Vec<u8> = value.split([',', '+']).filter_map(colour_by_name).collect();
            named.chunks(each.max(1)).map(<[u8]>::to_vec).collect()
        }
    };
    fit_colours(groups, seats, each)
}

/// Each of `seats` seats with `each` colours: a seat keeps the colours it has (a colour an
/// earlier seat holds is dropped), a seat short of colours takes the unused ones in order.
fn fit_colours(mut groups: Vec<Vec<u8>>, seats: usize, each: usize) -> Vec<Vec<u8>> {
    groups.resize(seats, Vec::new());
    let mut seen: Vec<u8> = Vec::new();
    for g in &mut groups {
        g.truncate(each);
        g.retain(|c| {
            let fresh = !seen.contains(c);
            seen.push(*c);
            fresh
        });
    }
    let mut unused = (0..COLOUR_NAMES.len() as u8).filter(|c| !seen.contains(c));
    for g in &mut groups {
        while g.len() < each {
            match unused.next() {
                Some(c) => g.push(c),
                None => break,
            }
        }
    }
    groups
}

/// Gives seat `seat`'s colour number `k` the colour `to`; a seat that had `to` takes the old one.
fn pick_colour(groups: &mut [Vec<u8>], seat: usize, k: usize, to: u8) {
    let Some(old) = groups.get(seat).and_then(|g| g.get(k)).copied() else {
        return;
    };
    for c in groups.iter_mut().flatten() {
        if *c == to {
            *c = old;
        }
    }
    groups[seat][k] = to;
}

/// The `colours` variant's value for these seats' colours: seat by seat, in seat order.
fn colours_value_of(groups: &[Vec<u8>]) -> String {
    groups
        .iter()
        .flatten()
        .map(|&c| COLOUR_NAMES[c as usize])
        .collect::<Vec<_>>()
        .join(",")
}

/// One value per seat for a per-seat variant, read from its current `value`: the known values it
/// lists, in order and each once, then the unused choices in order for the seats still without.
fn per_seat_values(value: &str, choices: &[(String, String)], seats: usize) -> Vec<String> {
    let mut values: Vec<String> = Vec::new();
    for v in value.split(',').map(str::trim) {
        if choices.iter().any(|(c, _)| c == v) && !values.iter().any(|x| x == v) {
            values.push(v.to_string());
        }
    }
    for (c, _) in choices {
        if !values.contains(c) {
            values.push(c.clone());
        }
    }
    values.truncate(seats);
    values
}

/// Gives `seat` the value `to`; the seat that had it takes `seat`'s old value, so no value is
/// used twice.
fn choose_per_seat(values: &mut [String], seat: usize, to: &str) {
    let Some(old) = values.get(seat).cloned() else { return };
    if let Some(other) = values.iter().position(|v| v == to) {
        values[other] = old;
    }
    values[seat] = to.to_string();
}

#[cfg(test)]
mod tests {
    use super::{
        MenuSetup, MenuState, choose_per_seat, colours_value_of, fit_colours, future_seat_colours, ordered_options,
        per_seat_values, pick_colour,
    };
    use crate::content::ContentSet;
    use crate::library::Library;
    use crate::rules::{GameId, SeatKind, TableConfig};
    use std::collections::BTreeMap;

    /// A saved game for the menu's lists.
    fn saved(game: GameId, shelf: crate::saves::Shelf, n: usize) -> crate::saves::SavedGame {
        crate::saves::SavedGame {
            path: format!("/nowhere/{n}.ron").into(),
            shelf,
            text: String::new(),
            game: Some(game),
            seats: vec!["Guinevere".into(), "Bedivere".into(), "Lunete".into(), "Ysolde".into()],
            turn: Some(7),
            period: crate::rules::Period::Turn,
            actions: 40,
            saved: Some(std::time::SystemTime::now()),
            winners: (shelf == crate::saves::Shelf::Finished).then(|| vec!["Ysolde".to_string()]),
            problem: None,
        }
    }

    /// One frame of the menu's page on a screen of `size` points, scrolled by `wheel` points;
    /// where the *Finished games* header was drawn.
    fn menu_frame(
        ctx: &bevy_egui::egui::Context,
        menu: &mut MenuState,
        library: &Library,
        size: bevy_egui::egui::Vec2,
        wheel: f32,
        time: f64,
    ) -> Option<bevy_egui::egui::Rect> {
        use bevy_egui::egui;
        let mut input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size)),
            time: Some(time),
            ..Default::default()
        };
        let at = egui::pos2(size.x * 0.25, size.y * 0.6);
        input.events.push(egui::Event::PointerMoved(at));
        if wheel != 0.0 {
            input.events.push(egui::Event::MouseWheel {
                unit: egui::MouseWheelUnit::Point,
                delta: egui::vec2(0.0, -wheel),
                phase: egui::TouchPhase::Move,
                modifiers: Default::default(),
            });
        }
        let (mut res, mut settings, mut balance, mut kept) = Default::default();
        let pictures = crate::app::icons::Pictures::default();
        let saves = crate::app::bridge::SavesRes(None);
        let mut header = None;
        let mut output = ctx.run_ui(input, |ui| {
            let world = super::MenuWorld {
                library,
                res: &mut res,
                settings: &mut settings,
                balance: &mut balance,
                kept: &mut kept,
                pictures: &pictures,
                saves: &saves,
            };
            header = super::menu_page(ui.ctx(), menu, world).finished_header;
        });
        output.textures_delta.clear();
        header
    }

    /// Issue 45: with three unfinished and two finished games, the *Finished games* header was
    /// under the bottom edge of an 800-pixel window and could not be reached. The page scrolls as
    /// a whole: at 1280×800 (the interface's 1440×900 points) and at the smallest window
    /// (1024×640, the same points), the header comes into view.
    #[test]
    fn the_menu_scrolls_to_the_finished_games_with_several_unfinished_ones() {
        use crate::saves::Shelf;
        use bevy_egui::egui;
        let library = Library::load(ContentSet::embedded());
        let mut menu = MenuState::new(&library);
        menu.unfinished = (0..3).map(|n| saved(GameId::Shadows, Shelf::Games, n)).collect();
        menu.finished = (3..5).map(|n| saved(GameId::Court, Shelf::Finished, n)).collect();
        for window in [egui::vec2(1280.0, 800.0), egui::vec2(1024.0, 640.0)] {
            let zoom = crate::app::style::ui_zoom(bevy::prelude::Vec2::new(window.x, window.y));
            let size = window / zoom;
            let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
            let ctx = egui::Context::default();
            crate::app::style::install_look(&ctx);
            let mut header = None;
            for frame in 0..3 {
                header = menu_frame(&ctx, &mut menu, &library, size, 0.0, frame as f64 * 0.5);
            }
            let first = header.expect("the finished games are listed");
            // Scrolled down as far as the wheel goes, over a few frames.
            for frame in 3..40 {
                header = menu_frame(&ctx, &mut menu, &library, size, 400.0, frame as f64 * 0.5);
            }
            let header = header.expect("still listed");
            assert!(
                screen.contains_rect(header),
                "{window:?}: the header {header:?} (first at {first:?}) is off the screen {screen:?}"
            );
        }
    }

    #[test]
    fn the_menu_opens_with_the_last_setup_of_each_game() {
        let library = Library::load(ContentSet::embedded());
        let mut menu = MenuState::new(&library);
        menu.game = GameId::Shadows;
        let mut seats = TableConfig::with_players(5, SeatKind::Human, 1).seats;
        seats[2].name = "Ysolde".into();
        let setups = BTreeMap::from([(
            GameId::Shadows,
            MenuSetup {
                seats: seats.clone(),
                variants: BTreeMap::from([
                    ("loyalty".to_string(), "traitor".to_string()),
                    ("no_such_variant".to_string(), "x".to_string()),
                ]),
            },
        )]);
        menu.restore(&library, &setups);
        assert_eq!(menu.seats, seats, "the seats and their names come back");
        assert_eq!(menu.variants.get("loyalty").map(String::as_str), Some("traitor"));
        assert!(
            !menu.variants.contains_key("no_such_variant"),
            "only what the game offers"
        );
        assert_eq!(menu.setup().seats, seats);
        // A game with no setup kept starts from the defaults; one whose seats no longer fit too.
        menu.game = GameId::Court;
        menu.restore(&library, &setups);
        assert_eq!(menu.seats.len(), 4);
        let too_many = BTreeMap::from([(
            GameId::Court,
            MenuSetup {
                seats: TableConfig::with_players(7, SeatKind::Human, 1).seats,
                variants: BTreeMap::new(),
            },
        )]);
        menu.restore(&library, &too_many);
        assert_eq!(menu.seats.len(), 4);
    }

    #[test]
    fn numbers_are_offered_from_smallest_to_largest() {
        let v = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(ordered_options(&v(&["100", "50", "200"])), v(&["50", "100", "200"]));
        assert_eq!(ordered_options(&v(&["standard", "among"])), v(&["standard", "among"]));
    }

    fn choices() -> Vec<(String, String)> {
        ["cornwall", "orkney", "gore", "saracens", "lothian"]
            .iter()
            .map(|id| (id.to_string(), id.to_uppercase()))
            .collect()
    }

    #[test]
    fn per_seat_values_fill_in_order_and_never_repeat() {
        assert_eq!(
            per_seat_values("default", &choices(), 3),
            ["cornwall", "orkney", "gore"]
        );
        assert_eq!(
            per_seat_values("gore, gore,nowhere,cornwall", &choices(), 4),
            ["gore", "cornwall", "orkney", "saracens"]
        );
        assert_eq!(per_seat_values("lothian", &choices(), 2), ["lothian", "cornwall"]);
    }

    #[test]
    fn choosing_a_taken_value_swaps_it() {
        let mut values = per_seat_values("", &choices(), 3);
        choose_per_seat(&mut values, 0, "gore");
        assert_eq!(values, ["gore", "orkney", "cornwall"]);
        choose_per_seat(&mut values, 1, "lothian");
        assert_eq!(values, ["gore", "lothian", "cornwall"]);
        choose_per_seat(&mut values, 7, "orkney");
        assert_eq!(values, ["gore", "lothian", "cornwall"]);
    }

    #[test]
    fn future_colours_show_seat_by_seat_and_a_pick_swaps() {
        // red 0, green 1, yellow 2, purple 3, blue 4
        assert_eq!(future_seat_colours("random", 3), [[0], [1], [2]]);
        assert_eq!(future_seat_colours("random", 2), [vec![0, 2], vec![1, 3]]);
        assert_eq!(future_seat_colours("expert", 3), [[0], [1], [2]]);
        assert_eq!(future_seat_colours("blue,red,green", 3), [[4], [0], [1]]);
        // A list that does not fit: its known colours once each, then the unused in order.
        assert_eq!(future_seat_colours("blue,blue,pink", 3), [[4], [0], [1]]);
        assert_eq!(future_seat_colours("blue,red,green", 2), [vec![4, 0], vec![1, 2]]);
        let mut groups = future_seat_colours("blue,red,green", 3);
        pick_colour(&mut groups, 0, 0, 1);
        assert_eq!(groups, [[1], [0], [4]], "green from seat 3, which takes blue");
        pick_colour(&mut groups, 1, 0, 3);
        assert_eq!(colours_value_of(&groups), "green,purple,blue");
        pick_colour(&mut groups, 9, 0, 3);
        assert_eq!(colours_value_of(&groups), "green,purple,blue");
        // A seat leaves: the others keep theirs; at two players each takes a second colour.
        groups.remove(0);
        assert_eq!(fit_colours(groups, 2, 2), [vec![3, 0], vec![4, 1]]);
    }
}
