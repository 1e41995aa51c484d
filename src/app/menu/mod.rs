//! The main menu: pick a game, set up its seats and variants, start, continue, replay, quit.
//! Here the plugin, the page and what it asks; `covers` draws the games to choose, `saved` the
//! unfinished and finished games, `setup` the seats, variants, seed and buttons, `colours` the
//! colours and other choices made seat by seat.

mod asks;
mod colours;
mod covers;
mod online;
mod saved;
mod setup;
#[cfg(test)]
mod tests;

use crate::app::bridge::{MatchRes, SavesRes, StartMatch};
use crate::app::icons::Pictures;
use crate::app::shared::{ContentDir, LibraryRes, MenuState, Screen, Settings};
use crate::app::style::{GOLD, WARN, root_ui};
use crate::library::Library;
use crate::rules::VariantKind;
use crate::saves::Shelf;
pub use asks::OnlineMenu;
use asks::{MenuAsks, MenuWorld};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use colours::{colours_value_of, fit_colours, seat_colours};
use covers::game_list;
use online::online_games;
use saved::{CrashAnswer, continue_game, crash_note, finished_games, unfinished_games};
use setup::setup_panel;

// The menu's own part of `MenuState` (which lives in `shared`): colours played seat by seat follow
// the seats.
impl MenuState {
    /// After a seat came or went (`removed`, from `before` seats), the colours chosen seat by seat
    /// still fit the seats: each seat keeps its own, a seat short of colours takes unused ones. A
    /// value among the variant's options (a deal of the game's own, a choice at the table) stays.
    fn refit_colours(&mut self, library: &Library, before: usize, removed: Option<usize>) {
        for spec in library.variants(self.game) {
            let VariantKind::SeatColours(palette) = &spec.kind else {
                continue;
            };
            let Some(value) = self.variants.get(spec.key) else {
                continue;
            };
            if value.trim().is_empty() || spec.options.iter().any(|o| o == value.trim()) {
                continue;
            }
            let mut groups = seat_colours(palette, value, before);
            if let Some(i) = removed.filter(|&i| i < groups.len()) {
                groups.remove(i);
            }
            let seats = self.seats.len();
            let groups = fit_colours(groups, seats, (palette.each)(seats), palette.palette.len());
            self.variants
                .insert(spec.key.to_string(), colours_value_of(palette, &groups));
        }
    }
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
                if let Some(game) = settings.last_game.filter(|g| crate::library::listed().any(|l| l == *g)) {
                    menu.game = game;
                }
                menu.restore(&library.0, &settings.setups);
            }
            app.insert_resource(menu);
        }
        app.init_resource::<ContentDir>()
            .init_resource::<ContentChanged>()
            .init_resource::<OnlineMenu>()
            .add_systems(Startup, watch_files)
            .add_systems(OnEnter(Screen::Menu), look_for_autosave)
            .add_systems(Update, watch_content.run_if(in_state(Screen::Menu)))
            .add_systems(
                EguiPrimaryContextPass,
                menu_ui
                    .run_if(in_state(Screen::Menu).and_then(crate::app::style::ui_ready))
                    .after(crate::app::style::StyleSet),
            );
    }
}

fn look_for_autosave(
    menu: Option<ResMut<MenuState>>,
    library: Res<LibraryRes>,
    saves: Res<SavesRes>,
    mut online: ResMut<OnlineMenu>,
) {
    online.recent = crate::online::recent::recent(
        &saves
            .0
            .as_ref()
            .map_or_else(crate::online::recent::online_dir, |s| s.root.join("online")),
    );
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
    mut redraw: ResMut<crate::app::redraw::Redraw>,
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
    mut learn: MessageWriter<crate::app::learn::ResumeLearning>,
    (mut replays, mut reviews): (
        MessageWriter<crate::app::bridge::ReplayRequest>,
        MessageWriter<crate::app::bridge::AskReview>,
    ),
    (mut online, mut online_asks, clipboard): (
        ResMut<OnlineMenu>,
        MessageWriter<crate::app::remote::OnlineAsk>,
        Option<ResMut<bevy_egui::EguiClipboard>>,
    ),
) -> Result {
    if std::mem::take(&mut online.paste)
        && let Some(text) = clipboard.and_then(|mut c| c.get_text())
    {
        online.code = text.trim().to_string();
    }
    let ctx = contexts.ctx_mut()?;
    let mut asks = menu_page(
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
            online: &mut online,
        },
    );
    if let Some(o) = asks.online.take() {
        online_asks.write(o);
    }
    if let Some(s) = asks.start {
        start.write(s);
    }
    if let Some(l) = asks.learn {
        learn.write(l);
    }
    if let Some((text, review)) = asks.replay {
        replays.write(crate::app::bridge::ReplayRequest::Open(text));
        if review {
            reviews.write(crate::app::bridge::AskReview { seat: None });
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
        online_games(&mut cols[0], world, asks);
        setup_panel(&mut cols[1], menu, world, asks);
    });
}
