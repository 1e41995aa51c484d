//! Unfinished games on disk: every game started keeps its own autosave file in the data folder's
//! `games/`, so starting another never replaces one; guided first games are kept apart in
//! `guided/` (one per game). The menu lists them newest first to continue or delete; a file that
//! cannot be read is listed with the reason, never dropped. Plain Rust: the window and the
//! command line share it.

use crate::library::Library;
use crate::rules::GameId;
use crate::rules::record::{parse_header, read_header, write_atomically};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Where a match's autosave goes: a file of its own among the unfinished games, or its game's
/// guided slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shelf {
    Games,
    Guided,
    /// Games played to their end, kept to replay or review (`Saves::finish`).
    Finished,
}

/// The folder that holds the unfinished games (the data folder, or a test's own).
#[derive(Clone, Debug)]
pub struct Saves {
    pub root: PathBuf,
}

/// A saved game found on disk (unfinished, guided or finished).
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub path: PathBuf,
    pub shelf: Shelf,
    /// The save's text, to continue it.
    pub text: String,
    /// The game, its seats' names, how far it came (turns where the game counts them, else
    /// actions) and when it was last saved; `None` where the file could not be read.
    pub game: Option<GameId>,
    pub seats: Vec<String>,
    pub turn: Option<u32>,
    /// What `turn` counts: turns, or Die Zukunft's rounds.
    pub period: crate::rules::Period,
    pub actions: usize,
    pub saved: Option<SystemTime>,
    /// A finished game's winners, by name ("no one" where nobody won); `None` while unfinished.
    pub winners: Option<Vec<String>>,
    /// Why it cannot be continued (a broken file, content changed since, a newer version).
    pub problem: Option<String>,
}

impl SavedGame {
    /// One line for the menu: "Shadows over Camelot — Ann, Bob, Cleo · turn 7 · 5 minutes ago"
    /// ("· Bob won ·" in place of the turn once the game is over).
    pub fn label(&self, now: SystemTime) -> String {
        let title = self.game.map_or("A saved game", GameId::title);
        let mut parts = vec![if self.seats.is_empty() {
            title.to_string()
        } else {
            format!("{title} — {}", self.seats.join(", "))
        }];
        match (&self.winners, self.turn) {
            (Some(w), _) if w.is_empty() => parts.push("no one won".into()),
            (Some(w), _) => parts.push(format!("{} won", w.join(" and "))),
            (None, Some(t)) if t > 0 => parts.push(format!("{} {t}", self.period.word())),
            _ if self.actions > 0 => parts.push(crate::rules::counted(self.actions as u64, "action", "actions")),
            _ => parts.push("not begun".into()),
        }
        if let Some(t) = self.saved {
            parts.push(when(t, now));
        }
        parts.join(" · ")
    }
}

/// How long ago `t` was, in words a player reads at a glance ("just now", "5 minutes ago",
/// "yesterday", "12 days ago").
pub fn when(t: SystemTime, now: SystemTime) -> String {
    let secs = now.duration_since(t).map_or(0, |d| d.as_secs());
    let (mins, hours, days) = (secs / 60, secs / 3600, secs / 86_400);
    match () {
        _ if mins < 1 => "just now".into(),
        _ if mins == 1 => "a minute ago".into(),
        _ if hours < 1 => format!("{mins} minutes ago"),
        _ if hours == 1 => "an hour ago".into(),
        _ if days < 1 => format!("{hours} hours ago"),
        _ if days == 1 => "yesterday".into(),
        _ => format!("{days} days ago"),
    }
}

impl Saves {
    pub fn new(root: impl Into<PathBuf>) -> Saves {
        Saves { root: root.into() }
    }

    /// The data folder's (`$CAMELOT_DATA_DIR` or the platform's).
    /// Where reviews are kept, one file a save and seat (`review::kept_path`).
    pub fn reviews(&self) -> PathBuf {
        self.root.join("reviews")
    }

    pub fn in_data_dir() -> Saves {
        Saves::new(crate::rules::record::data_dir())
    }

    fn dir(&self, shelf: Shelf) -> PathBuf {
        self.root.join(match shelf {
            Shelf::Games => "games",
            Shelf::Guided => "guided",
            Shelf::Finished => "finished",
        })
    }

    /// The file a new match of `game` saves to: a fresh one among the games (never an existing
    /// file), or the game's guided slot (a new guided game of the same game takes its place).
    pub fn slot_for(&self, game: GameId, shelf: Shelf) -> PathBuf {
        let dir = self.dir(shelf);
        if shelf == Shelf::Guided {
            return dir.join(format!("{}.ron", game.key()));
        }
        let stamp = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        (0u32..)
            .map(|n| {
                let tail = if n == 0 { String::new() } else { format!("-{n}") };
                dir.join(format!("{}-{stamp}{tail}.ron", game.key()))
            })
            .find(|p| !p.exists())
            .unwrap_or_else(|| dir.join(format!("{}-{stamp}.ron", game.key())))
    }

    /// Writes a match's save to its slot (creating the folder).
    pub fn write(&self, slot: &Path, text: &str) -> Result<(), String> {
        if let Some(dir) = slot.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        write_atomically(slot, text).map_err(|e| e.to_string())
    }

    /// Forgets a finished or deleted game's file. Only files on this shelf are touched.
    pub fn remove(&self, slot: &Path) -> Result<(), String> {
        if !slot.starts_with(&self.root) {
            return Err(format!("{} is not among the saved games", slot.display()));
        }
        match std::fs::remove_file(slot) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(format!("{}: {e}", slot.display())),
        }
    }

    /// How many finished games `finish` keeps (the newest).
    pub const FINISHED_KEPT: usize = 50;

    /// Where a finished game is kept: `finished/` under the data folder, under its file's name.
    pub fn finished_path(&self, slot: &Path) -> PathBuf {
        let name = slot.file_name().map_or_else(|| "game.ron".into(), |n| n.to_os_string());
        self.dir(Shelf::Finished).join(name)
    }

    /// A game is over: its save moves from its slot to `finished/` (to replay or review later),
    /// the oldest finished games beyond `FINISHED_KEPT` go. Returns where it was kept.
    pub fn finish(&self, slot: &Path, text: &str) -> Result<PathBuf, String> {
        let kept = self.finished_path(slot);
        self.write(&kept, text)?;
        self.remove(slot)?;
        if let Ok(entries) = std::fs::read_dir(self.dir(Shelf::Finished)) {
            let mut files: Vec<(SystemTime, PathBuf)> = entries
                .flatten()
                .filter(|e| e.path().extension().is_some_and(|x| x == "ron"))
                .map(|e| {
                    (
                        e.metadata()
                            .and_then(|m| m.modified())
                            .unwrap_or(SystemTime::UNIX_EPOCH),
                        e.path(),
                    )
                })
                .collect();
            files.sort_by_key(|f| std::cmp::Reverse(f.0));
            for (_, old) in files.into_iter().skip(Self::FINISHED_KEPT) {
                let _ = std::fs::remove_file(old);
            }
        }
        Ok(kept)
    }

    /// Moves the autosave of earlier versions (one file, `autosave.ron`) among the games, so it
    /// is listed like the others.
    fn adopt_old_autosave(&self) {
        let old = self.root.join("autosave.ron");
        let Ok(text) = std::fs::read_to_string(&old) else {
            return;
        };
        let game = read_header(&text).map_or(GameId::Court, |h| h.game);
        let slot = self.slot_for(game, Shelf::Games);
        if self.write(&slot, &text).is_ok() {
            let _ = std::fs::remove_file(&old);
        }
    }

    /// Every unfinished game on `shelf`, newest first, each described by replaying it with
    /// `library` (a file that does not replay is listed with why).
    pub fn list(&self, library: &Library, shelf: Shelf) -> Vec<SavedGame> {
        if shelf == Shelf::Games {
            self.adopt_old_autosave();
        }
        let Ok(entries) = std::fs::read_dir(self.dir(shelf)) else {
            return Vec::new();
        };
        let mut out: Vec<SavedGame> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .map(|path| describe(library, path, shelf))
            .collect();
        out.sort_by(|a, b| b.saved.cmp(&a.saved).then_with(|| b.path.cmp(&a.path)));
        out
    }
}

fn describe(library: &Library, path: PathBuf, shelf: Shelf) -> SavedGame {
    let saved = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
    let mut g = SavedGame {
        text: String::new(),
        shelf,
        game: None,
        seats: Vec::new(),
        turn: None,
        period: crate::rules::Period::Turn,
        actions: 0,
        saved,
        winners: None,
        problem: None,
        path,
    };
    match std::fs::read_to_string(&g.path) {
        Ok(text) => g.text = text,
        Err(e) => {
            g.problem = Some(e.to_string());
            return g;
        }
    }
    match read_header(&g.text) {
        Ok(h) => {
            g.game = Some(h.game);
            g.seats = h.config.seats.iter().map(|s| s.name.clone()).collect();
        }
        Err(e) => {
            // A save this Camelot refuses (a newer one) still says whose game it is.
            if let Ok(h) = parse_header(&g.text) {
                g.game = Some(h.game);
                g.seats = h.config.seats.iter().map(|s| s.name.clone()).collect();
            }
            g.problem = Some(format!("{}: {e}", g.path.display()));
            return g;
        }
    }
    match library.load_save(&g.text) {
        Ok(m) => {
            g.actions = m.actions_taken();
            g.turn = m.turns_taken();
            g.period = m.period();
            if let crate::rules::Pending::Finished(o) = m.pending() {
                g.winners = Some(o.winners.iter().map(|&s| m.config().seat_name(s).to_string()).collect());
            }
        }
        Err(e) => g.problem = Some(e.to_string()),
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ContentSet;
    use crate::rules::{SeatKind, TableConfig};
    use std::time::Duration;

    fn temp(tag: &str) -> Saves {
        let dir = crate::rules::scratch::scratch_dir(tag);
        let _ = std::fs::remove_dir_all(&dir);
        Saves::new(dir)
    }

    #[test]
    fn a_finished_game_is_listed_with_its_winners() {
        let library = Library::load(ContentSet::embedded());
        let saves = temp("finished-list");
        let config = TableConfig::with_players(2, SeatKind::Human, 4);
        let mut m = library.new_match(GameId::Court, config).expect("a match");
        let mut k = 7usize;
        while !matches!(m.pending(), crate::rules::Pending::Finished(_)) {
            let n = m.legal_labels().len();
            k = k.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            m.apply_index((k >> 8) % n).expect("a legal move");
        }
        let slot = saves.slot_for(GameId::Court, Shelf::Games);
        saves.finish(&slot, &m.to_ron()).expect("kept");
        let listed = saves.list(&library, Shelf::Finished);
        assert_eq!(listed.len(), 1);
        let label = listed[0].label(SystemTime::now());
        assert!(label.contains(" won"), "{label}");
        let _ = std::fs::remove_dir_all(&saves.root);
    }

    #[test]
    fn a_finished_game_moves_to_the_finished_games_and_only_the_newest_are_kept() {
        let saves = temp("finish");
        let mut kept = Vec::new();
        for n in 0..Saves::FINISHED_KEPT + 2 {
            let slot = saves.root.join("games").join(format!("court-{n}.ron"));
            saves.write(&slot, "a game").expect("written");
            let to = saves.finish(&slot, &format!("game {n}")).expect("kept");
            assert!(!slot.exists(), "no autosave left to continue");
            assert_eq!(std::fs::read_to_string(&to).ok(), Some(format!("game {n}")));
            kept.push(to);
            // Older by a clock tick, so the newest are told apart.
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(!kept[0].exists() && !kept[1].exists(), "the two oldest went");
        assert!(kept[2..].iter().all(|p| p.exists()), "the newest stay");
        let _ = std::fs::remove_dir_all(&saves.root);
    }

    #[test]
    fn every_game_started_keeps_its_own_file_and_the_list_is_newest_first() {
        let library = Library::load(ContentSet::embedded());
        let saves = temp("list");
        let mut slots = Vec::new();
        for (game, seed) in [(GameId::Court, 1), (GameId::Shadows, 2), (GameId::Court, 3)] {
            let config = TableConfig::with_players(3, SeatKind::Human, seed);
            let mut m = library.new_match(game, config).expect("a match");
            m.apply_index(0).expect("a first move");
            let slot = saves.slot_for(game, Shelf::Games);
            assert!(!slots.contains(&slot), "a fresh file for every game");
            saves.write(&slot, &m.to_ron()).expect("written");
            slots.push(slot);
            std::thread::sleep(Duration::from_millis(20));
        }
        let listed = saves.list(&library, Shelf::Games);
        assert_eq!(listed.len(), 3, "no game replaces another");
        let paths: Vec<&PathBuf> = listed.iter().map(|g| &g.path).collect();
        assert_eq!(paths, slots.iter().rev().collect::<Vec<_>>(), "newest first");
        assert!(listed.iter().all(|g| g.problem.is_none() && g.actions == 1));
        assert!(
            listed[1]
                .label(SystemTime::now())
                .starts_with("Shadows over Camelot — ")
        );
        saves.remove(&slots[1]).expect("deleted");
        assert_eq!(saves.list(&library, Shelf::Games).len(), 2);
        assert!(
            saves.list(&library, Shelf::Guided).is_empty(),
            "guided games are kept apart"
        );
    }

    #[test]
    fn a_broken_file_is_listed_with_why_and_an_old_autosave_is_adopted() {
        let library = Library::load(ContentSet::embedded());
        let saves = temp("broken");
        let slot = saves.slot_for(GameId::Court, Shelf::Games);
        saves.write(&slot, "(format: 1, game: Court,").expect("written");
        let config = TableConfig::with_players(2, SeatKind::Human, 5);
        let m = library.new_match(GameId::Future, config).expect("a match");
        std::fs::write(saves.root.join("autosave.ron"), m.to_ron()).expect("an old autosave");
        let listed = saves.list(&library, Shelf::Games);
        assert_eq!(listed.len(), 2, "{listed:?}");
        assert!(listed.iter().any(|g| g.problem.is_some() && g.path == slot));
        assert!(
            listed
                .iter()
                .any(|g| g.game == Some(GameId::Future) && g.problem.is_none())
        );
        assert!(!saves.root.join("autosave.ron").exists(), "moved among the games");
        assert!(
            saves.remove(Path::new("/etc/passwd")).is_err(),
            "nothing outside the shelf"
        );
    }

    #[test]
    fn a_save_from_a_newer_camelot_is_listed_by_its_game_with_why_it_cannot_be_continued() {
        let library = Library::load(ContentSet::embedded());
        let saves = temp("newer");
        let config = TableConfig::with_players(3, SeatKind::Human, 6);
        let m = library.new_match(GameId::Shadows, config).expect("a match");
        let mine = format!("version: Some(\"{}\")", crate::version::VERSION);
        let text = m.to_ron().replace(&mine, "version: Some(\"99.0.0\")");
        saves
            .write(&saves.slot_for(GameId::Shadows, Shelf::Games), &text)
            .expect("written");
        let listed = saves.list(&library, Shelf::Games);
        assert_eq!(listed.len(), 1);
        let g = &listed[0];
        assert_eq!((g.game, g.seats.len()), (Some(GameId::Shadows), 3), "whose game it is");
        let why = g.problem.as_deref().unwrap_or_default();
        assert!(why.contains("Camelot 99.0.0") && why.contains("update"), "{why}");
        let _ = std::fs::remove_dir_all(&saves.root);
    }

    #[test]
    fn how_long_ago_in_words() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(10_000_000);
        let ago = |s: u64| when(now - Duration::from_secs(s), now);
        assert_eq!(ago(5), "just now");
        assert_eq!(ago(60 * 5), "5 minutes ago");
        assert_eq!(ago(3600 * 3), "3 hours ago");
        assert_eq!(ago(86_400 + 5), "yesterday");
        assert_eq!(ago(86_400 * 12), "12 days ago");
    }
}
