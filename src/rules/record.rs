//! The match record: `(format, game, content hash, config, actions)`. It is the save file, the
//! replay and the base of undo: a save is small and can never desynchronise.

use crate::rules::contract::{Game, Pending, RuleError, SetupError, Tagged};
use crate::rules::table::{GameId, Seat, TableConfig};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// The save format this build writes and the newest it reads.
pub const SAVE_FORMAT: u32 = 1;

/// A save file as it is written.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SaveFile<A> {
    pub format: u32,
    /// The Camelot that wrote it ("0.1.0"); saves from before versions were recorded have none.
    #[serde(default)]
    pub version: Option<String>,
    pub game: GameId,
    pub content_hash: String,
    pub config: TableConfig,
    pub actions: Vec<A>,
}

/// The part of a save that every game shares, read before the game's own part: the save with
/// its actions read past, whatever game they belong to.
pub type SaveHeader = SaveFile<serde::de::IgnoredAny>;

#[derive(Debug)]
pub enum SaveError {
    Io(String),
    Parse(String),
    NewerFormat {
        found: u32,
    },
    /// Written by a newer Camelot than this one.
    NewerVersion {
        found: String,
    },
    WrongGame {
        expected: GameId,
        found: GameId,
    },
    ContentChanged {
        saved: String,
        now: String,
    },
    Setup(SetupError),
    Replay {
        index: usize,
        error: RuleError,
    },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Io(e) => write!(f, "cannot read or write the save: {e}"),
            SaveError::Parse(e) => write!(f, "the save is damaged: {e}"),
            SaveError::NewerFormat { found } => write!(
                f,
                "the save has format {found}, newer than this version of Camelot reads ({SAVE_FORMAT}); update the game"
            ),
            SaveError::NewerVersion { found } => write!(
                f,
                "the save was made by Camelot {found}, newer than this one ({}); update the game to open it",
                crate::version::VERSION
            ),
            SaveError::WrongGame { expected, found } => {
                write!(f, "the save is of game \"{found}\", not \"{expected}\"")
            }
            SaveError::ContentChanged { saved, now } => write!(
                f,
                "the save was made with different game content (content hash {saved}, now {now}); it cannot be replayed on edited decks or boards"
            ),
            SaveError::Setup(e) => write!(f, "the saved table cannot be set up: {e}"),
            SaveError::Replay { index, error } => {
                write!(f, "the save's action {} was refused on replay: {error}", index + 1)
            }
        }
    }
}
impl std::error::Error for SaveError {}

/// The shared header of a save as written, without checking that this Camelot reads it (to name
/// the game of a save it refuses).
pub fn parse_header(text: &str) -> Result<SaveHeader, SaveError> {
    ron::from_str(text).map_err(|e| SaveError::Parse(format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code)))
}

/// Reads the shared header of a save, checking the format and the version that wrote it.
pub fn read_header(text: &str) -> Result<SaveHeader, SaveError> {
    let header = parse_header(text)?;
    if let Some(v) = &header.version
        && crate::version::is_newer(v)
    {
        return Err(SaveError::NewerVersion { found: v.clone() });
    }
    if header.format > SAVE_FORMAT {
        return Err(SaveError::NewerFormat { found: header.format });
    }
    Ok(header)
}

/// A game in progress with everything needed to save, replay and undo it.
#[derive(Clone)]
pub struct Match<G: Game> {
    pub config: TableConfig,
    pub content_hash: String,
    pub state: G,
    pub actions: Vec<G::Action>,
    /// The seat that took each action.
    pub actors: Vec<Option<Seat>>,
    /// Undo may not go back past this many actions (a die was rolled or something was revealed).
    pub undo_floor: usize,
}

impl<G: Game> Match<G> {
    pub fn new(config: TableConfig, content: &G::Content, content_hash: String) -> Result<Self, SetupError> {
        let state = G::new(&config, content)?;
        Ok(Self::started(config, content_hash, state))
    }

    /// `new` from shared content (see `Game::new_shared`).
    pub fn new_shared(
        config: TableConfig,
        content: &std::sync::Arc<G::Content>,
        content_hash: String,
    ) -> Result<Self, SetupError> {
        let state = G::new_shared(&config, content)?;
        Ok(Self::started(config, content_hash, state))
    }

    fn started(config: TableConfig, content_hash: String, state: G) -> Self {
        Match {
            config,
            content_hash,
            state,
            actions: Vec::new(),
            actors: Vec::new(),
            undo_floor: 0,
        }
    }

    pub fn pending(&self) -> Pending {
        self.state.pending()
    }

    /// Applies an action and records it. A refusal changes nothing.
    pub fn apply(&mut self, action: &G::Action) -> Result<Vec<Tagged<G::Event>>, RuleError> {
        let actor = self.state.pending().seat();
        let events = self.state.apply(action)?;
        self.actions.push(action.clone());
        self.actors.push(actor);
        if events.iter().any(|e| G::is_irreversible(&e.event)) {
            self.undo_floor = self.actions.len();
        }
        Ok(events)
    }

    /// Whether `seat` may take back the last action: it was that seat's own, and nothing random
    /// or hidden lies between (so nobody else's move, no die and no card drawn is undone).
    pub fn can_undo(&self, seat: Seat) -> bool {
        self.actions.len() > self.undo_floor && self.actors.last() == Some(&Some(seat))
    }

    /// The same match after its first `actions` actions only, replayed from the content the
    /// match shares (undo, a replay's position).
    pub fn cut_short(&self, actions: usize, content: &std::sync::Arc<G::Content>) -> Result<Self, SaveError> {
        let mut m =
            Self::new_shared(self.config.clone(), content, self.content_hash.clone()).map_err(SaveError::Setup)?;
        m.replay_onto(&self.actions[..actions.min(self.actions.len())])?;
        Ok(m)
    }

    /// Takes back the last action by replaying all earlier ones, from the content the match
    /// shares (so that a table sees the same content after an undo and keeps its board).
    pub fn undo(&mut self, seat: Seat, content: &std::sync::Arc<G::Content>) -> Result<(), SaveError> {
        if !self.can_undo(seat) {
            return Err(SaveError::Replay {
                index: self.actions.len().saturating_sub(1),
                error: RuleError(
                    "there is nothing of yours to take back: undo stops at dice, cards drawn and other players' moves"
                        .into(),
                ),
            });
        }
        let rebuilt = self.cut_short(self.actions.len() - 1, content)?;
        let floor = self.undo_floor;
        *self = rebuilt;
        self.undo_floor = self.undo_floor.max(floor.min(self.actions.len()));
        Ok(())
    }

    pub fn replay(
        config: TableConfig,
        content: &G::Content,
        content_hash: String,
        actions: &[G::Action],
    ) -> Result<Self, SaveError> {
        let mut m = Match::new(config, content, content_hash).map_err(SaveError::Setup)?;
        m.replay_onto(actions)?;
        Ok(m)
    }

    /// Applies recorded actions in order, saying which one failed.
    fn replay_onto(&mut self, actions: &[G::Action]) -> Result<(), SaveError> {
        for (index, a) in actions.iter().enumerate() {
            self.apply(a).map_err(|error| SaveError::Replay { index, error })?;
        }
        Ok(())
    }

    pub fn save_file(&self) -> SaveFile<G::Action> {
        SaveFile {
            format: SAVE_FORMAT,
            version: Some(crate::version::VERSION.to_string()),
            game: G::ID,
            content_hash: self.content_hash.clone(),
            config: self.config.clone(),
            actions: self.actions.clone(),
        }
    }

    pub fn to_ron(&self) -> String {
        let pretty = ron::ser::PrettyConfig::new().depth_limit(3);
        // Serialising plain data into a String cannot fail for these types.
        ron::ser::to_string_pretty(&self.save_file(), pretty).unwrap_or_default()
    }

    /// Loads a save: checks format, game and content, then replays every action.
    pub fn from_ron(text: &str, content: &G::Content, content_hash: &str) -> Result<Self, SaveError> {
        let header = read_header(text)?;
        if header.game != G::ID {
            return Err(SaveError::WrongGame {
                expected: G::ID,
                found: header.game,
            });
        }
        if header.content_hash != content_hash {
            return Err(SaveError::ContentChanged {
                saved: header.content_hash,
                now: content_hash.to_string(),
            });
        }
        let file: SaveFile<G::Action> = ron::from_str(text)
            .map_err(|e| SaveError::Parse(format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code)))?;
        Self::replay(file.config, content, file.content_hash, &file.actions)
    }
}

/// Writes `text` to `path` through a temporary file and a rename, so a crash mid-write leaves
/// the old file whole.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), SaveError> {
    use std::io::Write;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| SaveError::Io(format!("{}: {e}", dir.display())))?;
    }
    let tmp = path.with_extension("ron.tmp");
    let io = |e: std::io::Error| SaveError::Io(format!("{}: {e}", tmp.display()));
    let mut f = std::fs::File::create(&tmp).map_err(io)?;
    f.write_all(text.as_bytes()).map_err(io)?;
    f.sync_all().map_err(io)?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(|e| SaveError::Io(format!("{}: {e}", path.display())))
}

/// Where saves live: `$CAMELOT_DATA_DIR` if set, else the platform's data directory.
pub fn data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CAMELOT_DATA_DIR") {
        return PathBuf::from(dir);
    }
    directories::ProjectDirs::from("org", "Camelot", "camelot")
        .map(|d| d.data_dir().to_path_buf())
        .unwrap_or_else(|| PathBuf::from(".camelot"))
}
