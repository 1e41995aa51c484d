//! A table whose game lives on a host (docs/online.md): what the window knows of it besides the
//! match on the table, which is the mirror of this seat's view (`Library::mirror`). The bridge
//! sends this seat's moves to the host instead of applying them; the hand-off never covers the
//! screen (it is this player's alone); the window's bots rest (the host plays the room's). The
//! network itself is the feature `online` (`app::online`); this part builds without it.

use crate::online::protocol::{RoomRules, SeatHolder, SeatState};
use crate::rules::{GameId, Seat, TableConfig};
use bevy::prelude::*;
use std::time::Instant;

/// How the window stands with the host.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkState {
    /// Reaching the host, or in the room and waiting for the table.
    Joining,
    /// At the table.
    Here,
    /// The connection dropped: why, and when the next attempt is.
    Lost { why: String, retry_at: Instant },
    /// The room would not have this player, or the link stopped: why.
    Closed(String),
}

/// The online table's state in the window, present while one is open.
#[derive(Resource)]
pub struct Remote {
    /// This window's seat (`None`: watching).
    pub seat: Option<Seat>,
    /// The host's count of actions: a move names the position it answers.
    pub at: usize,
    /// The invitation, to give to friends.
    pub code: String,
    /// Whether this window runs the host of the room.
    pub hosting: bool,
    /// The table's seats and variants as the host told them (its seed left out).
    pub config: Option<TableConfig>,
    pub rules: RoomRules,
    /// Who holds each seat, as the host last said, and when.
    pub seats: Vec<SeatState>,
    pub seats_at: Instant,
    pub link: LinkState,
    /// The round trip to the host, in milliseconds.
    pub rtt_ms: Option<u32>,
    /// The table's chat: who said what, oldest first; lines not yet read.
    pub chat: Vec<(String, String)>,
    pub unread: usize,
    /// The line being typed.
    pub draft: String,
    /// Whether the online panel (seats, invitation, chat) is open.
    pub panel_open: bool,
    /// Whether the seats have been told once (the panel opens then while seats wait for
    /// players: the room before the game, for a friend too).
    pub seats_told: bool,
    /// What the player asked this frame, for the link: moves (by index among this seat's),
    /// chat lines, an attempt now, the empty seats given to bots.
    pub moves_out: Vec<usize>,
    pub chat_out: Vec<String>,
    pub try_now: bool,
    pub fill_with_bots: bool,
    /// The last refusal of the host, shown at the table.
    pub refused: Option<String>,
}

impl Remote {
    /// A table being joined by invitation `code`.
    pub fn joining(code: String, hosting: bool) -> Remote {
        Remote {
            seat: None,
            at: 0,
            code,
            hosting,
            config: None,
            rules: RoomRules::DEFAULT,
            seats: Vec::new(),
            seats_at: Instant::now(),
            link: LinkState::Joining,
            rtt_ms: None,
            chat: Vec::new(),
            unread: 0,
            draft: String::new(),
            // The host opens on the panel (the invitation to give); a friend on the table.
            panel_open: hosting,
            seats_told: false,
            moves_out: Vec::new(),
            chat_out: Vec::new(),
            try_now: false,
            fill_with_bots: false,
            refused: None,
        }
    }

    /// Whether someone is away with a bot to come, or the link waits to try again: the panel
    /// counts down, so the window wakes each second.
    pub fn counting_down(&self) -> bool {
        matches!(self.link, LinkState::Lost { .. })
            || self.seats.iter().any(|s| {
                matches!(
                    s.holder,
                    SeatHolder::Away {
                        bot_in: Some(_),
                        standing_in: false
                    }
                )
            })
    }

    /// Seconds until a bot plays for the player of `seat`, counted from when the host said it.
    pub fn bot_in(&self, seat: Seat, now: Instant) -> Option<u64> {
        match self.seats.get(seat)?.holder {
            SeatHolder::Away { bot_in: Some(s), .. } => {
                Some(u64::from(s).saturating_sub(now.duration_since(self.seats_at).as_secs()))
            }
            _ => None,
        }
    }

    /// A seat's holder in a few words, for its chip and the panel.
    pub fn holder_words(&self, seat: Seat, now: Instant) -> String {
        let Some(s) = self.seats.get(seat) else {
            return String::new();
        };
        let mine = self.seat == Some(seat);
        match &s.holder {
            SeatHolder::Open => "open: waiting for a player".into(),
            SeatHolder::Bot(kind) => format!("a {kind} bot of the host"),
            SeatHolder::Here if mine => "you".into(),
            SeatHolder::Here => "here".into(),
            SeatHolder::Away { standing_in: true, .. } => "gone: a bot plays for them".into(),
            SeatHolder::Away { bot_in: Some(_), .. } => format!(
                "gone: a bot plays for them in {} s",
                self.bot_in(seat, now).unwrap_or(0)
            ),
            SeatHolder::Away { bot_in: None, .. } => "gone: the table waits for them".into(),
        }
    }
}

/// What the menu asks of online play.
#[derive(Message, Clone, Debug)]
pub enum OnlineAsk {
    /// Host a table of `game` in this window: the first human seat is this player's, the other
    /// human seats are for friends with the invitation; listen on `listen`:`port` (0: any free
    /// port), and write `address` into the invitation.
    Host {
        game: GameId,
        config: TableConfig,
        rules: RoomRules,
        listen: String,
        port: u16,
        address: String,
    },
    /// Join the table of an invitation under `name`.
    Join { code: String, name: String },
}
