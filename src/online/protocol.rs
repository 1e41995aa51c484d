//! The messages between a host and its players: serde types of the project, one encoding (JSON,
//! one message a frame: the transport frames them), a protocol version checked first, a size
//! bound checked before reading. Decoding a stranger's bytes never panics: it is a message or a
//! reason in words.

use crate::library::SeatTable;
use crate::rules::{GameId, Seat, TableConfig};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The online protocol this build speaks; a peer that speaks another is refused in words.
pub const PROTOCOL: u32 = 1;
/// The largest message either side reads, in bytes: a table in words is a few kilobytes.
pub const MAX_MESSAGE: usize = 64 * 1024;
/// The longest chat line, in characters.
pub const CHAT_LIMIT: usize = 200;
/// The longest name a player gives, in characters (`rules::NAME_LIMIT`).
pub const NAME_LIMIT: usize = crate::rules::NAME_LIMIT;

/// Which seat a player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatAsk {
    /// The first free seat.
    Any,
    /// This seat (from 0).
    Seat(Seat),
    /// No seat: an onlooker, who sees the public table only.
    Watch,
}

/// What a player sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToHost {
    /// The first message of a connection: the protocol and build it speaks, the room and its key
    /// from the invitation, the seat it asks for, its name, and the token of a seat it held before
    /// (a rejoin takes that seat back whatever `seat` says).
    Hello {
        protocol: u32,
        build: String,
        room: u64,
        key: String,
        seat: SeatAsk,
        name: String,
        token: Option<String>,
    },
    /// The seat's move: its index among the moves of the table at `at` actions.
    Play { at: usize, index: usize },
    /// A line for the table's chat.
    Chat(String),
    /// The first message of a connection that opens a room instead of joining one: the secret
    /// of the host's folder (`host.admin`, which only who runs the host can read), the game and
    /// its table (its human seats open, its bots the host's) and the room's rules.
    Open {
        protocol: u32,
        build: String,
        admin: String,
        game: GameId,
        config: TableConfig,
        rules: RoomRules,
    },
}

/// What a room decides for itself when it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomRules {
    /// Seconds a seat whose player has gone waits before a bot plays it for them until they come
    /// back; `None`: the room waits for them.
    pub bot_after: Option<u32>,
    /// Whether onlookers may watch the public table.
    pub watchers: bool,
}

impl RoomRules {
    /// Two minutes for a player to come back, then a normal bot plays their seat until they do;
    /// onlookers welcome.
    pub const DEFAULT: RoomRules = RoomRules {
        bot_after: Some(120),
        watchers: true,
    };

    /// The rules in words, as the host prints them and the table shows them.
    pub fn words(&self) -> String {
        let wait = match self.bot_after {
            Some(s) => format!("a seat whose player has gone is played by a bot after {s} s, until they come back"),
            None => "the table waits for a player who has gone".into(),
        };
        let watch = if self.watchers {
            "onlookers may watch"
        } else {
            "no onlookers"
        };
        format!("{wait}; {watch}")
    }
}

impl Default for RoomRules {
    fn default() -> RoomRules {
        RoomRules::DEFAULT
    }
}

/// Who holds a seat, as every player of the table may know it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatState {
    pub name: String,
    pub holder: SeatHolder,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SeatHolder {
    /// No one has taken the seat yet.
    Open,
    /// A bot of the host, at its level (`BotKind` in words).
    Bot(String),
    /// A player at the table now.
    Here,
    /// A player who has gone: the seconds until a bot plays for them (`None`: the table waits,
    /// or the bot plays already, `standing_in`).
    Away { bot_in: Option<u32>, standing_in: bool },
}

/// What the host sends a player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToPlayer {
    /// The connection is a seat's (or an onlooker's): the token takes the seat back after a drop.
    /// With the table's seats and variants (its seed stays on the host until the game is over),
    /// the hash of the content the host plays with (a player's must be the same) and the room's
    /// rules.
    Welcome {
        protocol: u32,
        build: String,
        game: GameId,
        seat: Option<Seat>,
        token: String,
        config: TableConfig,
        content: String,
        rules: RoomRules,
    },
    /// The table as this seat may read it: in words, and as the seat's view of the game for a
    /// seat (`MatchFace::view_on_wire`, which the player's side re-deals into a match of its
    /// own, `Library::mirror`); the log lines it may read since the last; and once the game is
    /// over, the whole game in the save format, its seed and every secret in it, for the
    /// player's own copy (replay, review).
    Table {
        table: SeatTable,
        view: Option<String>,
        lines: Vec<String>,
        save: Option<String>,
    },
    /// Who holds each seat, whenever that changes.
    Seats(Vec<SeatState>),
    /// A room was opened (`ToHost::Open`): its number and key.
    Opened { room: u64, key: String },
    /// A request refused, in words; the connection goes on.
    Refused(String),
    /// A chat line of the table.
    Chat { from: String, text: String },
    /// The host ends the connection, and why.
    Goodbye(String),
}

/// A message as bytes.
pub fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    // The project's message types hold no maps with other than string keys: serde_json cannot
    // fail on them.
    serde_json::to_vec(message).unwrap_or_default()
}

/// A message from bytes, or why not (too long, not a message of this protocol).
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    if bytes.len() > MAX_MESSAGE {
        return Err(format!(
            "a message of {} bytes is longer than the {MAX_MESSAGE} a message may be",
            bytes.len()
        ));
    }
    serde_json::from_slice(bytes).map_err(|e| format!("not a message of Camelot's online protocol {PROTOCOL}: {e}"))
}

/// Why a peer of another protocol cannot play with this one, in words; `None` when they match.
pub fn other_protocol(theirs: u32, their_build: &str) -> Option<String> {
    (theirs != PROTOCOL).then(|| {
        format!(
            "this Camelot ({}) speaks the online protocol {PROTOCOL} and the other side ({}) speaks {theirs}: both \
             players need the same version of Camelot",
            crate::version::LONG,
            if their_build.is_empty() {
                "a build that does not say"
            } else {
                their_build
            }
        )
    })
}

/// A chat line as the table shows it: control characters out, trimmed, at most `CHAT_LIMIT`
/// characters; `None` when nothing is left.
pub fn chat_line(text: &str) -> Option<String> {
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(CHAT_LIMIT)
        .collect();
    let clean = clean.trim();
    (!clean.is_empty()).then(|| clean.to_string())
}
