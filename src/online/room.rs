//! A table on the host: a match of one game, who holds each seat (a player by the token the host
//! gave them, a bot the host plays, or no one yet), and the log with who may read each line.
//! Everything a player asks of the table passes here and is checked: the key, the seat, whose turn,
//! which position the move answers; the rules core checks the move itself.

use crate::bots::{BotKind, decision_seed};
use crate::library::{BotJob, BoxedMatch, Library, SeatTable};
use crate::online::invite::{KEY_BYTES, hex, new_key, same_key, unhex};
use crate::online::protocol::{NAME_LIMIT, RoomRules, SeatAsk, SeatHolder, SeatState, ToHost, other_protocol};
use crate::rules::Difficulty;
use crate::rules::{GameId, Seat, SeatKind, TableConfig, Visibility};
use std::time::{Duration, Instant};

/// The bot that plays the seat of a player who has gone, after the time the room sets.
pub const STAND_IN: BotKind = BotKind::Level(Difficulty::Normal);

/// Who holds a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum Holder {
    /// A human seat no one has taken yet.
    Open,
    /// A player, known by the token the host gave them when they took the seat.
    Player { name: String, token: [u8; KEY_BYTES] },
    /// A bot the host plays.
    Bot(BotKind),
}

/// A connection let in: its seat (`None`: an onlooker) and the token that takes the seat back.
#[derive(Clone, Debug, PartialEq)]
pub struct Joined {
    pub seat: Option<Seat>,
    pub token: String,
}

pub struct Room {
    pub id: u64,
    key: [u8; KEY_BYTES],
    holders: Vec<Holder>,
    rules: RoomRules,
    m: BoxedMatch,
    /// Every log line so far, with who may read it.
    log: Vec<(Visibility, String)>,
    /// By seat: how many connections hold it now.
    present: Vec<usize>,
    /// By seat: since when a player's seat has had no connection (a room read again from its
    /// file: since then).
    away_since: Vec<Option<Instant>>,
}

impl Room {
    /// A room for a match: its human seats open, its bot seats the host's; `key` opens it.
    pub fn new(id: u64, key: [u8; KEY_BYTES], m: BoxedMatch, rules: RoomRules, library: &Library) -> Room {
        let holders = m
            .config()
            .seats
            .iter()
            .map(|s| match s.kind {
                SeatKind::Human => Holder::Open,
                SeatKind::Bot(d) => Holder::Bot(BotKind::Level(d)),
            })
            .collect();
        Room::restore(id, key, holders, m, rules, library)
    }

    /// A room again from what its file kept: the seats' holders, the match and the room's rules.
    /// Its players are away from now until they come back.
    pub fn restore(
        id: u64,
        key: [u8; KEY_BYTES],
        holders: Vec<Holder>,
        m: BoxedMatch,
        rules: RoomRules,
        library: &Library,
    ) -> Room {
        let log = m.story_log(library);
        let now = Instant::now();
        let away_since = holders
            .iter()
            .map(|h| matches!(h, Holder::Player { .. }).then_some(now))
            .collect();
        Room {
            id,
            key,
            present: vec![0; holders.len()],
            holders,
            rules,
            m,
            log,
            away_since,
        }
    }

    pub fn rules(&self) -> RoomRules {
        self.rules
    }

    /// The table's seats and variants as its players may know them: the seed stays on the host
    /// until the game is over.
    pub fn public_config(&self) -> TableConfig {
        let mut config = self.m.config().clone();
        if self.m.to_act().is_some() {
            config.seed = 0;
        }
        config
    }

    /// The whole game in the save format once it is over (seed and secrets with it).
    pub fn final_save(&self) -> Option<String> {
        self.m.to_act().is_none().then(|| self.m.to_ron())
    }

    /// The view of `seat` for the wire (`MatchFace::view_on_wire`).
    pub fn view_for(&self, seat: Seat) -> String {
        self.m.view_on_wire(seat)
    }

    /// A connection now holds `seat`.
    pub fn arrive(&mut self, seat: Seat) {
        if let Some(n) = self.present.get_mut(seat) {
            *n += 1;
            self.away_since[seat] = None;
        }
    }

    /// A connection that held `seat` has gone; the seat's player is away once none is left.
    pub fn depart(&mut self, seat: Seat, now: Instant) {
        if let Some(n) = self.present.get_mut(seat) {
            *n = n.saturating_sub(1);
            if *n == 0 && matches!(self.holders[seat], Holder::Player { .. }) {
                self.away_since[seat] = Some(now);
            }
        }
    }

    /// Whether a bot plays `seat` now, for its player who has gone longer than the room waits.
    pub fn stands_in(&self, seat: Seat, now: Instant) -> bool {
        match (self.rules.bot_after, self.away_since.get(seat).copied().flatten()) {
            (Some(secs), Some(since)) => now.duration_since(since) >= Duration::from_secs(u64::from(secs)),
            _ => false,
        }
    }

    /// Whether a bot of the room (its own, or one standing in) is to act now.
    pub fn bot_to_act(&self, now: Instant) -> bool {
        self.m.to_act().is_some_and(|s| self.bot_of(s, now).is_some())
    }

    fn bot_of(&self, seat: Seat, now: Instant) -> Option<BotKind> {
        match self.holders.get(seat) {
            Some(Holder::Bot(kind)) => Some(*kind),
            Some(Holder::Player { .. }) if self.stands_in(seat, now) => Some(STAND_IN),
            _ => None,
        }
    }

    /// Who holds each seat, for every player of the table.
    pub fn seats(&self, now: Instant) -> Vec<SeatState> {
        let names = self.table_for(None).names;
        names
            .into_iter()
            .enumerate()
            .map(|(seat, name)| {
                let holder = match &self.holders[seat] {
                    Holder::Open => SeatHolder::Open,
                    Holder::Bot(kind) => SeatHolder::Bot(kind.to_string()),
                    Holder::Player { .. } => match self.away_since[seat] {
                        None => SeatHolder::Here,
                        Some(since) => SeatHolder::Away {
                            bot_in: self.rules.bot_after.and_then(|secs| {
                                let gone = now.duration_since(since).as_secs();
                                (gone < u64::from(secs)).then(|| secs - gone as u32)
                            }),
                            standing_in: self.stands_in(seat, now),
                        },
                    },
                };
                SeatState { name, holder }
            })
            .collect()
    }

    pub fn key(&self) -> [u8; KEY_BYTES] {
        self.key
    }

    pub fn game(&self) -> GameId {
        self.m.game()
    }

    pub fn holders(&self) -> &[Holder] {
        &self.holders
    }

    /// Lets a connection in by its `Hello`, or says why not: another protocol, another room, a
    /// wrong key, a seat that is not free (or not at the table), a name no table can draw, a table
    /// with no seat left. A token of a seat of this room takes that seat back.
    pub fn join(&mut self, hello: &ToHost, library: &Library) -> Result<Joined, String> {
        let ToHost::Hello {
            protocol,
            build,
            room,
            key,
            seat,
            name,
            token,
        } = hello
        else {
            return Err("the first message must say hello: which room, its key and the seat asked for".into());
        };
        if let Some(why) = other_protocol(*protocol, build) {
            return Err(why);
        }
        if *room != self.id {
            return Err(format!("this host has no room {room}"));
        }
        let key_ok = unhex::<KEY_BYTES>(key, "key").is_ok_and(|k| same_key(&k, &self.key));
        if !key_ok {
            return Err("the invitation's key does not open this room: ask the host for a new invitation".into());
        }
        if let Some(token) = token {
            let back = unhex::<KEY_BYTES>(token, "token").ok().and_then(|t| {
                self.holders
                    .iter()
                    .position(|h| matches!(h, Holder::Player { token, .. } if same_key(token, &t)))
            });
            return match back {
                Some(seat) => Ok(Joined {
                    seat: Some(seat),
                    token: token.clone(),
                }),
                None => Err("that token holds no seat of this room: join without it to take a free seat".into()),
            };
        }
        let name = player_name(name)?;
        let seat = match *seat {
            SeatAsk::Watch if !self.rules.watchers => {
                return Err("this table takes no onlookers".into());
            }
            SeatAsk::Watch => {
                return Ok(Joined {
                    seat: None,
                    token: String::new(),
                });
            }
            SeatAsk::Seat(s) => match self.holders.get(s) {
                None => {
                    return Err(format!(
                        "this table has seats 1 to {}; there is no seat {}",
                        self.holders.len(),
                        s + 1
                    ));
                }
                Some(Holder::Bot(kind)) => return Err(format!("seat {} is played by a bot ({kind})", s + 1)),
                Some(Holder::Player { name, .. }) => return Err(format!("seat {} is taken by {name}", s + 1)),
                Some(Holder::Open) => s,
            },
            SeatAsk::Any => self
                .holders
                .iter()
                .position(|h| *h == Holder::Open)
                .ok_or("every seat of this table is taken: you may watch instead")?,
        };
        let token = new_key();
        self.holders[seat] = Holder::Player {
            name: name.clone(),
            token,
        };
        self.rename(seat, &name, library);
        Ok(Joined {
            seat: Some(seat),
            token: hex(&token),
        })
    }

    /// The move of `seat` (`None`: an onlooker, who has none): the index among its moves at the
    /// position of `at` actions. Refused in words when it is not that seat's turn, when the table
    /// has moved on since, or when the rules refuse it; the room is unchanged then.
    pub fn play(&mut self, seat: Option<Seat>, at: usize, index: usize) -> Result<(), String> {
        let Some(seat) = seat else {
            return Err("an onlooker has no moves".into());
        };
        let to_act = self.m.to_act();
        if to_act != Some(seat) {
            return Err(match to_act {
                Some(other) => format!("it is not your turn: {} decides", self.name_of(other)),
                None => "the game is over".into(),
            });
        }
        let now = self.m.actions_taken();
        if at != now {
            return Err(format!(
                "that move answers the table as it was after {at} actions; it has had {now} since: choose again"
            ));
        }
        let events = self.m.apply_index(index).map_err(|e| e.to_string())?;
        self.log.extend(
            events
                .into_iter()
                .filter(|e| !e.text.is_empty())
                .map(|e| (e.to, e.text)),
        );
        Ok(())
    }

    /// Gives every seat no player has taken to a bot of `kind`; how many.
    pub fn fill_with_bots(&mut self, kind: BotKind) -> usize {
        let mut filled = 0;
        for h in &mut self.holders {
            if *h == Holder::Open {
                *h = Holder::Bot(kind);
                filled += 1;
            }
        }
        filled
    }

    /// Plays the room's bots (its own, and those standing in for players gone longer than the
    /// room waits) while one of them is to act; how many moves they made.
    pub fn play_bots(&mut self, now: Instant) -> Result<usize, String> {
        let mut moves = 0;
        while let Some((seat, at, job)) = self.bot_job(now) {
            let index = job().ok_or_else(|| format!("the bot of seat {} found no move", seat + 1))?;
            self.play(Some(seat), at, index)?;
            moves += 1;
        }
        Ok(moves)
    }

    /// The room's bot to act now (its own, or one standing in): its seat, the position it
    /// answers, and the job that decides from that seat's view alone, to run anywhere (the host
    /// runs it off its lock: a hard bot thinks for up to a second). `None` when no bot is to act.
    pub fn bot_job(&self, now: Instant) -> Option<(Seat, usize, BotJob)> {
        let seat = self.m.to_act()?;
        let kind = self.bot_of(seat, now)?;
        let at = self.m.actions_taken();
        let job = self.m.bot_job(kind, decision_seed(self.m.config().seed, at))?;
        Some((seat, at, job))
    }

    /// The table as `viewer` may read it (`None`: an onlooker), with the names the players gave.
    pub fn table_for(&self, viewer: Option<Seat>) -> SeatTable {
        let mut table = self.m.seat_table(viewer);
        for (name, holder) in table.names.iter_mut().zip(&self.holders) {
            if let Holder::Player { name: given, .. } = holder {
                name.clone_from(given);
            }
        }
        table
    }

    /// The log lines from line `from` on that `viewer` may read, and where the next ones start.
    pub fn lines_for(&self, viewer: Option<Seat>, from: usize) -> (Vec<String>, usize) {
        let lines = self
            .log
            .iter()
            .skip(from)
            .filter(|(to, _)| to.shows_to(viewer))
            .map(|(_, text)| text.clone())
            .collect();
        (lines, self.log.len())
    }

    /// Gives the seat the player's name in the match too, so that the log names them: the match
    /// is replayed with that name (`MatchFace::renamed`). Left as it was if that fails.
    fn rename(&mut self, seat: Seat, name: &str, library: &Library) {
        if let Ok(m) = self.m.renamed(seat, name, library) {
            self.m = m;
            self.log = self.m.story_log(library);
        }
    }

    /// The match in the save format (the room's autosave).
    pub fn save(&self) -> String {
        self.m.to_ron()
    }

    fn name_of(&self, seat: Seat) -> String {
        match self.holders.get(seat) {
            Some(Holder::Player { name, .. }) => name.clone(),
            _ => self
                .m
                .config()
                .seats
                .get(seat)
                .map_or_else(|| format!("seat {}", seat + 1), |s| s.name.clone()),
        }
    }
}

/// A player's name as the table shows it, or why not: empty, too long, or with control characters.
fn player_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("a player needs a name".into());
    }
    if name.chars().any(char::is_control) {
        return Err("a name may not hold control characters".into());
    }
    let n = name.chars().count();
    if n > NAME_LIMIT {
        return Err(format!("a name may be {NAME_LIMIT} letters long; \"{name}\" has {n}"));
    }
    Ok(name.to_string())
}
