//! What a player keeps of the tables they joined, in their data folder (`<data>/online/`): the
//! token of each seat they hold (it takes the seat back after a drop), and the recent tables, to
//! rejoin from the menu.

use crate::online::invite::{Invite, hex};
use crate::rules::record::write_atomically;
use crate::rules::{GameId, Seat};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// How many recent tables are kept.
pub const RECENT_KEPT: usize = 12;

/// The player's online folder in the data folder.
pub fn online_dir() -> PathBuf {
    crate::rules::record::data_dir().join("online")
}

/// Where the token of the seat held at the invitation's table is kept, under `dir`.
pub fn token_path(dir: &Path, invite: &Invite) -> PathBuf {
    let place = format!("{}-{}-{}", invite.host, invite.port, invite.room).replace([':', '[', ']', '/'], "_");
    dir.join(format!("{place}-{}.token", hex(&invite.fingerprint[..4])))
}

/// The token kept for the invitation's table, if any.
pub fn read_token(dir: &Path, invite: &Invite) -> Option<String> {
    std::fs::read_to_string(token_path(dir, invite))
        .ok()
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
}

/// Keeps the token of the seat taken at the invitation's table.
pub fn keep_token(dir: &Path, invite: &Invite, token: &str) -> Result<(), String> {
    let path = token_path(dir, invite);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    write_atomically(&path, token).map_err(|e| format!("{}: {e}", path.display()))
}

/// A table joined lately.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recent {
    pub code: String,
    pub game: GameId,
    pub seat: Option<Seat>,
    /// The name the player gave.
    pub name: String,
    /// Whether the game was over when last seen.
    pub over: bool,
    /// Seconds since 1970 when last seen.
    pub when: u64,
}

fn recent_path(dir: &Path) -> PathBuf {
    dir.join("recent.ron")
}

/// The tables joined lately, newest first (none when the file is missing or unreadable: it is
/// only a convenience, written again at the next join).
pub fn recent(dir: &Path) -> Vec<Recent> {
    std::fs::read_to_string(recent_path(dir))
        .ok()
        .and_then(|text| ron::from_str::<Vec<Recent>>(&text).ok())
        .unwrap_or_default()
}

/// Puts a table first among the recent ones (in place of its older entry).
pub fn remember(dir: &Path, table: Recent) -> Result<(), String> {
    let mut list = recent(dir);
    list.retain(|r| r.code != table.code);
    list.insert(0, table);
    list.truncate(RECENT_KEPT);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let text = ron::ser::to_string_pretty(&list, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
    let path = recent_path(dir);
    write_atomically(&path, &text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Seconds since 1970 now.
pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
