//! The bottom of the window: the screens, and the resources and system sets that many of its
//! plugins share (the loaded content, the player's settings, the menu's choices, the table's
//! shared panels, where the board and its named places are on screen). Only types and small
//! helpers on them live here; the systems stay with their plugins. This file imports no other
//! file of `app`, so every other file may import from it.

use crate::library::Library;
use crate::rules::{Difficulty, GameId, SEAT_COLOURS, SEAT_NAMES, SeatConfig, SeatKind, TableConfig};
use crate::saves::SavedGame;
use bevy::prelude::*;
use bevy_egui::egui;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The depths every table's world shares: the floor under everything, the labels on its
/// plates, and pieces in flight above all. Each table adds its own layers between them.
pub mod depth {
    pub const FLOOR: f32 = -3.0;
    pub const LABEL: f32 = 0.3;
    pub const FLIGHT: f32 = 8.0;
}

/// The screens of the app.
#[derive(States, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Menu,
    Table,
}

/// The loaded content, shared by every plugin.
#[derive(Resource, Clone)]
pub struct LibraryRes(pub Library);

/// How fast things move on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum AnimationSpeed {
    /// Things jump to where they go.
    Off,
    #[default]
    Normal,
    Fast,
}

impl AnimationSpeed {
    /// A motion's duration at this speed (zero when off).
    pub fn scale(self, secs: f32) -> f32 {
        match self {
            AnimationSpeed::Off => 0.0,
            AnimationSpeed::Normal => secs,
            AnimationSpeed::Fast => secs * 0.45,
        }
    }
}

/// The player's settings, kept in `settings.ron` (changed in the settings window, `settings.rs`).
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub animation: AnimationSpeed,
    /// Volume of the sounds, 0 (silent) to 1.
    pub volume: f32,
    /// The interface scale on top of the window's own (0.8 to 1.6).
    pub ui_scale: f32,
    /// Seat and faction colours from a palette told apart with any colour vision.
    pub safe_colours: bool,
    pub fullscreen: bool,
    /// The game last started from the menu, and each game's last setup (seats, names, variants),
    /// so the menu opens where the players left it.
    pub last_game: Option<GameId>,
    pub setups: BTreeMap<GameId, MenuSetup>,
}

/// A game's setup as the menu last started it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MenuSetup {
    pub seats: Vec<SeatConfig>,
    #[serde(default)]
    pub variants: BTreeMap<String, String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            animation: AnimationSpeed::Normal,
            volume: 0.7,
            ui_scale: 1.0,
            safe_colours: false,
            fullscreen: false,
            last_game: None,
            setups: BTreeMap::new(),
        }
    }
}

impl Settings {
    pub const UI_SCALE: std::ops::RangeInclusive<f32> = 0.8..=1.6;

    pub fn path() -> PathBuf {
        crate::rules::record::data_dir().join("settings.ron")
    }

    /// Reads the settings file; a missing file gives the defaults, a broken one the defaults
    /// and a message naming the file, line and column.
    pub fn load_from(path: &std::path::Path) -> (Settings, Option<String>) {
        let Ok(text) = std::fs::read_to_string(path) else {
            return (Settings::default(), None);
        };
        match ron::from_str::<Settings>(&text) {
            Ok(s) => (s.clamped(), None),
            Err(e) => (
                Settings::default(),
                Some(format!(
                    "{}:{}:{}: {} (the settings are back to their defaults)",
                    path.display(),
                    e.span.start.line,
                    e.span.start.col,
                    e.code
                )),
            ),
        }
    }

    fn clamped(mut self) -> Settings {
        self.volume = if self.volume.is_finite() {
            self.volume.clamp(0.0, 1.0)
        } else {
            0.7
        };
        self.ui_scale = if self.ui_scale.is_finite() {
            self.ui_scale.clamp(*Self::UI_SCALE.start(), *Self::UI_SCALE.end())
        } else {
            1.0
        };
        self
    }

    pub fn save_to(&self, path: &std::path::Path) -> Result<(), String> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The sounds' volume in decibels for the audio player (very quiet means silent).
    pub fn decibels(&self) -> Option<f32> {
        (self.volume > 0.01).then(|| 20.0 * self.volume.log10() - 5.0)
    }
}

/// Where content is read from (`--content DIR`, else the working directory).
#[derive(Resource, Clone, Default)]
pub struct ContentDir(pub Option<std::path::PathBuf>);

impl ContentDir {
    /// The folder in words: the one given, or the one Camelot was started in.
    pub fn shown(&self) -> String {
        match &self.0 {
            Some(d) => d.display().to_string(),
            None => std::env::current_dir().map_or_else(
                |_| "the folder Camelot was started in".into(),
                |d| d.display().to_string(),
            ),
        }
    }
}

/// The choices being made in the menu.
#[derive(Resource)]
pub struct MenuState {
    pub game: GameId,
    pub seats: Vec<SeatConfig>,
    pub variants: BTreeMap<String, String>,
    /// A seed typed for the next game (behind *Choose the seed*, `seed_shown`); cleared when the
    /// game starts, so that the next player does not deal the same hidden cards unawares.
    pub seed_text: String,
    pub seed_shown: bool,
    /// The unfinished games, newest first, and the guided games apart.
    pub unfinished: Vec<SavedGame>,
    pub guided: Vec<SavedGame>,
    /// The games played to their end, newest first, to replay or review.
    pub finished: Vec<SavedGame>,
    /// The game whose deletion waits for a yes.
    pub deleting: Option<std::path::PathBuf>,
    /// *Learn to play* was pressed for this game.
    pub learn: Option<GameId>,
    /// The last run crashed: its note, until the players continue the game or dismiss it.
    pub crash: Option<crate::crash::LastCrash>,
}

impl MenuState {
    pub fn new(library: &Library) -> MenuState {
        let mut m = MenuState {
            game: GameId::Court,
            seats: Vec::new(),
            variants: BTreeMap::new(),
            seed_text: String::new(),
            seed_shown: false,
            unfinished: Vec::new(),
            guided: Vec::new(),
            finished: Vec::new(),
            deleting: None,
            learn: None,
            crash: None,
        };
        m.reset_seats(library);
        m
    }
}

impl MenuState {
    /// Default seats for the chosen game: one human, bots up to the usual count.
    pub fn reset_seats(&mut self, library: &Library) {
        let (lo, hi) = self.game.seats();
        let n = 4.clamp(lo, hi);
        self.seats = (0..n)
            .map(|i| SeatConfig {
                name: SEAT_NAMES[i].to_string(),
                kind: if i == 0 {
                    SeatKind::Human
                } else {
                    SeatKind::Bot(Difficulty::Normal)
                },
                colour: SEAT_COLOURS[i],
                hints: true,
            })
            .collect();
        self.variants = library
            .variants(self.game)
            .into_iter()
            .filter_map(|v| v.options.first().map(|o| (v.key.to_string(), o.clone())))
            .collect();
    }

    /// The setup the players last started this game with (from the settings file), where it
    /// still fits: its seats if their number is in the game's range, the variants the game
    /// still offers. Otherwise the defaults.
    pub fn restore(&mut self, library: &Library, setups: &BTreeMap<GameId, MenuSetup>) {
        self.reset_seats(library);
        let Some(setup) = setups.get(&self.game) else {
            return;
        };
        let (lo, hi) = self.game.seats();
        if (lo..=hi).contains(&setup.seats.len()) {
            self.seats = setup.seats.clone();
        }
        for spec in library.variants(self.game) {
            if let Some(value) = setup.variants.get(spec.key) {
                self.variants.insert(spec.key.to_string(), value.clone());
            }
        }
    }

    /// What the settings file keeps of this game's setup.
    pub fn setup(&self) -> MenuSetup {
        MenuSetup {
            seats: self.seats.clone(),
            variants: self.variants.clone(),
        }
    }

    /// Refreshes the variant choices from new content, keeping the seats as they are.
    pub fn reset_seats_keeping_names(&mut self, library: &Library) {
        let seats = std::mem::take(&mut self.seats);
        self.reset_seats(library);
        if !seats.is_empty() {
            self.seats = seats;
        }
    }

    /// Why the typed seed cannot be used, beside its field; `None` when it can (empty: random).
    pub fn seed_problem(&self) -> Option<String> {
        let t = self.seed_text.trim();
        (self.seed_shown && !t.is_empty() && t.parse::<u64>().is_err())
            .then(|| format!("\"{t}\" is not a whole number from 0 to {}", u64::MAX))
    }

    /// The table these choices make: the seats (each name checked, `TableConfig::check_names`),
    /// the variants, and the typed seed or one from the clock.
    pub fn table_config(&self) -> Result<TableConfig, String> {
        if let Some(e) = self.seed_problem() {
            return Err(format!("the seed {e}"));
        }
        let typed = self.seed_text.trim().parse::<u64>().ok().filter(|_| self.seed_shown);
        let seed = typed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(1)
        });
        let config = TableConfig {
            seats: self.seats.clone(),
            seed,
            variants: self.variants.clone(),
        };
        config.check_names()?;
        Ok(config)
    }

    /// After a game started from these choices: the typed seed goes, so that whoever sits down
    /// next deals a game of their own.
    pub fn started(&mut self) {
        self.seed_text.clear();
        self.seed_shown = false;
    }
}

/// What the shared table panels show.
#[derive(Resource)]
pub struct TableUi {
    pub show_log: bool,
    pub show_rules: bool,
    pub rules_query: String,
    /// A section of the rulebook to scroll to when the Rules window is drawn next (a contents
    /// entry clicked, or a refusal's rule).
    pub rules_jump: Option<String>,
    pub muted: bool,
    /// Short messages and the seconds they have left.
    /// Refusals on show: the words, the seconds left, and the rulebook section they come from.
    pub toasts: Vec<(String, f32, Option<String>)>,
}

impl Default for TableUi {
    fn default() -> Self {
        TableUi {
            show_log: true,
            show_rules: false,
            rules_query: String::new(),
            rules_jump: None,
            muted: false,
            toasts: Vec::new(),
        }
    }
}

impl TableUi {
    /// Opens the rules window at a part of the rulebook.
    pub fn open_rules_at(&mut self, section: String) {
        self.show_rules = true;
        self.rules_jump = Some(section);
    }
}

/// The order the table's egui systems run in: the input of the frame (the keys, each table's
/// clicks on its board), then the shared chrome (top bar, log), each game's board panels, and
/// floating windows and overlays.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum TableUiSet {
    Input,
    Chrome,
    Board,
    Overlay,
}

/// The panels drawn under the top bar and before the log (a replay's bar), within
/// `TableUiSet::Chrome`: they take their strip of `FreeRect` after the top bar's.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct UnderTopBar;

/// Height of the top bar and width of the log panel in egui points, so boards can leave room.
pub const TOP_BAR: f32 = 64.0;
pub const LOG_WIDTH: f32 = 320.0;

/// Where the board is drawn this frame, in egui points (the part of the window the panels left).
#[derive(Resource, Default, Clone, Copy)]
pub struct BoardScreen(pub Option<egui::Rect>);

/// The named places of the table on show, as rectangles in world units, for whatever has to point
/// at one (the guided first game's callouts): each table fills it when it builds its board.
#[derive(Resource, Default)]
pub struct Places(pub Vec<(String, Rect)>);

impl Places {
    pub fn new<N: Into<String>>(places: impl IntoIterator<Item = (N, Rect)>) -> Places {
        Places(places.into_iter().map(|(n, r)| (n.into(), r)).collect())
    }
    pub fn get(&self, name: &str) -> Option<Rect> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, r)| *r)
    }
}

/// A world rectangle on screen, in egui points: the world camera shows at least all of `frame`
/// (`BoardFrame`), centred and scaled alike in both directions, in `board`.
pub fn world_rect_on_screen(board: egui::Rect, frame: Rect, world: Rect) -> egui::Rect {
    let s = (board.width() / frame.width().max(1.0)).min(board.height() / frame.height().max(1.0));
    let at = |p: Vec2| {
        let d = (p - frame.center()) * s;
        board.center() + egui::vec2(d.x, -d.y)
    };
    egui::Rect::from_two_pos(at(world.min), at(world.max))
}

/// Where a named place is on screen, in egui points.
pub fn place_on_screen(
    name: &str,
    ctx: &egui::Context,
    board: Option<egui::Rect>,
    frame: Rect,
    places: &Places,
) -> Option<egui::Rect> {
    let screen = ctx.viewport_rect();
    let board = board?;
    let top = TOP_BAR;
    Some(match name {
        "players" => egui::Rect::from_min_max(egui::pos2(screen.left(), top), egui::pos2(board.left(), board.bottom())),
        "log" => egui::Rect::from_min_max(egui::pos2(board.right(), top), screen.right_bottom()),
        "prompt" => egui::Rect::from_min_max(
            egui::pos2(board.left(), board.bottom()),
            egui::pos2(board.right(), screen.bottom()),
        ),
        "hint" => egui::Rect::from_min_max(egui::pos2(board.right() - 260.0, 0.0), egui::pos2(board.right(), top)),
        other => match places.get(other) {
            Some(world) => world_rect_on_screen(board, frame, world).intersect(board),
            None => board,
        },
    })
}

/// Which of a row of action buttons Enter presses: the only one, else the first that the first
/// of `prefer` matches, else the first that the next one matches, and so on.
pub fn enter_button<A>(buttons: &[A], prefer: &[fn(&A) -> bool]) -> Option<usize> {
    if buttons.len() == 1 {
        return Some(0);
    }
    prefer.iter().find_map(|wanted| buttons.iter().position(wanted))
}

/// An action button's tip: its words, then the digit key and Enter where they press it.
pub fn button_tip(label: &str, key: Option<usize>, enter: bool) -> String {
    match (key, enter) {
        (Some(k), true) => format!("{label} (key {k}, or Enter)"),
        (Some(k), false) => format!("{label} (key {k})"),
        (None, true) => format!("{label} (Enter)"),
        (None, false) => label.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_survive_a_round_trip_and_a_broken_file() {
        let dir = crate::rules::scratch::scratch_dir("settings");
        let path = dir.join("settings.ron");
        let s = Settings {
            animation: AnimationSpeed::Fast,
            volume: 0.25,
            ui_scale: 1.3,
            safe_colours: true,
            fullscreen: false,
            last_game: Some(GameId::Shadows),
            setups: BTreeMap::from([(
                GameId::Shadows,
                MenuSetup {
                    seats: crate::rules::TableConfig::with_players(3, crate::rules::SeatKind::Human, 1).seats,
                    variants: BTreeMap::from([("loyalty".to_string(), "traitor".to_string())]),
                },
            )]),
        };
        s.save_to(&path).expect("saved");
        assert_eq!(Settings::load_from(&path), (s, None));
        std::fs::write(&path, "(animation: Fast,\n volume: oops)").expect("written");
        let (back, problem) = Settings::load_from(&path);
        assert_eq!(back, Settings::default());
        let problem = problem.expect("a message");
        assert!(problem.contains("settings.ron:2:"), "{problem}");
        // Out-of-range values are brought back into range.
        std::fs::write(&path, "(ui_scale: 9.0, volume: -1.0)").expect("written");
        let (back, _) = Settings::load_from(&path);
        assert_eq!((back.ui_scale, back.volume), (1.6, 0.0));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn animation_off_is_instant_and_fast_is_quicker() {
        assert_eq!(AnimationSpeed::Off.scale(1.0), 0.0);
        assert!(AnimationSpeed::Fast.scale(1.0) < AnimationSpeed::Normal.scale(1.0));
    }
}
