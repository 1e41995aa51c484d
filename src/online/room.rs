//! A table on the host: a match of one game, who holds each seat (a player by the token the host
//! gave them, a bot the host plays, or no one yet), and the log with who may read each line.
//! Everything a player asks of the table passes here and is checked: the key, the seat, whose turn,
//! which position the move answers; the rules core checks the move itself.

use crate::bots::{BotKind, decision_seed};
use crate::library::{BoxedMatch, Library, SeatTable};
use crate::online::invite::{KEY_BYTES, hex, new_key, same_key, unhex};
use crate::online::protocol::{NAME_LIMIT, SeatAsk, ToHost, other_protocol};
use crate::rules::record::SaveFile;
use crate::rules::{GameId, Seat, SeatKind, Visibility};

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
    m: BoxedMatch,
    /// Every log line so far, with who may read it.
    log: Vec<(Visibility, String)>,
}

impl Room {
    /// A room for a match: its human seats open, its bot seats the host's; `key` opens it.
    pub fn new(id: u64, key: [u8; KEY_BYTES], m: BoxedMatch, library: &Library) -> Room {
        let holders = m
            .config()
            .seats
            .iter()
            .map(|s| match s.kind {
                SeatKind::Human => Holder::Open,
                SeatKind::Bot(d) => Holder::Bot(BotKind::Level(d)),
            })
            .collect();
        Room::restore(id, key, holders, m, library)
    }

    /// A room again from what its file kept: the seats' holders and the match.
    pub fn restore(id: u64, key: [u8; KEY_BYTES], holders: Vec<Holder>, m: BoxedMatch, library: &Library) -> Room {
        let log = m.story_log(library);
        Room {
            id,
            key,
            holders,
            m,
            log,
        }
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

    /// Plays the host's bots while one of them is to act; how many moves they made.
    pub fn play_bots(&mut self) -> Result<usize, String> {
        let mut moves = 0;
        while let Some(seat) = self.m.to_act() {
            let Some(Holder::Bot(kind)) = self.holders.get(seat) else {
                break;
            };
            let seed = decision_seed(self.m.config().seed, self.m.actions_taken());
            let index = self
                .m
                .bot_job(*kind, seed)
                .and_then(|job| job())
                .ok_or_else(|| format!("the bot of seat {} found no move", seat + 1))?;
            let at = self.m.actions_taken();
            self.play(Some(seat), at, index)?;
            moves += 1;
        }
        Ok(moves)
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
    /// is read again from its save with that name (the rules never read a name). Left as it was
    /// if that fails.
    fn rename(&mut self, seat: Seat, name: &str, library: &Library) {
        let Ok(mut save) = ron::from_str::<SaveFile<ron::Value>>(&self.m.to_ron()) else {
            return;
        };
        let Some(s) = save.config.seats.get_mut(seat) else {
            return;
        };
        s.name = name.to_string();
        let renamed = ron::to_string(&save)
            .ok()
            .and_then(|text| library.load_save(&text).ok());
        if let Some(m) = renamed {
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
