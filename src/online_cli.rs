//! `camelot serve`, `host` and `join`: the online table on the command line. The host keeps its
//! rooms, certificate and key in its folder (`<data>/host` unless `--dir`); a player keeps the
//! token of each seat it holds in `<data>/online`, so that `join` with the same invitation takes
//! the seat back after a drop.

use camelot::bots::BotKind;
use camelot::library::{Library, SeatTable};
use camelot::online::invite::Invite;
use camelot::online::net::{Client, Host, Identity, listen, open_on_running};
use camelot::online::protocol::{RoomRules, SeatAsk, SeatHolder, SeatState, ToHost, ToPlayer};
use camelot::online::recent;
use camelot::rules::{GameId, TableConfig};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

/// Where a host listens and what its invitations name.
pub struct Listen {
    pub port: u16,
    /// The address to listen on (all of this machine's by default).
    pub listen: Option<String>,
    /// The name or address players dial, written in the invitations.
    pub address: String,
    pub dir: Option<PathBuf>,
}

fn host_dir(dir: &Option<PathBuf>) -> PathBuf {
    dir.clone()
        .unwrap_or_else(|| camelot::rules::record::data_dir().join("host"))
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("the network could not start: {e}"))
}

/// A room to open: its game, its table and its rules.
pub type NewRoom = (GameId, TableConfig, RoomRules);

/// `host`: opens the room on the host that already runs on the folder, prints its invitation and
/// returns; with no host running there, starts one (`serve`) with the room.
pub fn host(library: Library, how: &Listen, room: NewRoom) -> Result<ExitCode, String> {
    let dir = host_dir(&how.dir);
    let identity = Identity::in_dir(&dir)?;
    let (game, config, rules) = room.clone();
    let opened = runtime()?.block_on(open_on_running(&dir, game, config, rules));
    match opened {
        Some(Ok((room, key, port))) => {
            println!(
                "Room {room} of {} is open on the host that runs on {} ({}).",
                game.title(),
                dir.display(),
                rules.words()
            );
            say_invitation(how, port, room, key, &identity);
            Ok(ExitCode::SUCCESS)
        }
        Some(Err(why)) => Err(why),
        None => serve(library, how, Some(room)),
    }
}

/// `serve`, and `host` with a new room first: opens the rooms kept in the folder, prints each
/// one's invitation, and plays them until stopped (every room is kept after every move, so a
/// host stopped or killed loses nothing; start it again and the players rejoin).
pub fn serve(library: Library, how: &Listen, new_room: Option<NewRoom>) -> Result<ExitCode, String> {
    let dir = host_dir(&how.dir);
    let identity = Identity::in_dir(&dir)?;
    let (mut host, problems) = Host::open(library, &dir);
    for p in problems {
        eprintln!("camelot: a room could not be opened: {p}");
    }
    if let Some((game, config, rules)) = new_room {
        let (room, _) = host.add_room(game, config, rules)?;
        println!("Room {room} of {} is open ({}).", game.title(), rules.words());
    }
    let ip = how.listen.clone().unwrap_or_else(|| "0.0.0.0".into());
    let addr: SocketAddr = format!("{ip}:{}", how.port)
        .parse()
        .or_else(|_| format!("[{ip}]:{}", how.port).parse())
        .map_err(|_| format!("\"{ip}\" is not an address to listen on"))?;
    let rooms = host.rooms_and_keys();
    let host = Arc::new(Mutex::new(host));
    runtime()?.block_on(async move {
        let (endpoint, accepting) = listen(host, &identity, addr)?;
        let port = endpoint.local_addr().map_or(how.port, |a| a.port());
        println!("Listening on {addr} (the invitations name {}:{port}).", how.address);
        for (room, key) in rooms {
            say_invitation(how, port, room, key, &identity);
        }
        println!("Give an invitation to each player; they join with `camelot join CODE`. Ctrl+C stops the host.");
        accepting.await.map_err(|e| e.to_string())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Prints a room's invitation, naming the host as `how` says.
fn say_invitation(
    how: &Listen,
    port: u16,
    room: u64,
    key: [u8; camelot::online::invite::KEY_BYTES],
    identity: &Identity,
) {
    let invite = Invite {
        host: how.address.clone(),
        port,
        room,
        key,
        fingerprint: identity.fingerprint,
    };
    println!("Room {room}: {}", invite.code());
}

/// Who joins: a seat, a name, a bot that plays for the player.
pub struct JoinAs {
    pub seat: Option<usize>,
    pub watch: bool,
    pub name: String,
    /// A bot of the command line's levels (`random`, `easy`, `normal`, `hard`) that decides from
    /// the seat's view alone, on the player's computer.
    pub bot: Option<String>,
}

/// `join`: takes a seat (or the one this player held: its token is kept), then plays it from the
/// terminal — the table in words, the moves numbered — or with a bot, until the game ends; then
/// keeps the whole game (the host sends it at the end) for `camelot replay` and `review`.
pub fn join(library: Library, code: &str, who: &JoinAs) -> Result<ExitCode, String> {
    let invite = Invite::parse(code)?;
    let bot = who.bot.as_deref().map(BotKind::parse).transpose()?;
    let seat = match (who.watch, who.seat) {
        (true, _) => SeatAsk::Watch,
        (false, Some(0)) => return Err("seats are numbered from 1".into()),
        (false, Some(n)) => SeatAsk::Seat(n - 1),
        (false, None) => SeatAsk::Any,
    };
    let dir = recent::online_dir();
    let token = recent::read_token(&dir, &invite);
    runtime()?.block_on(async move {
        let mut client = match Client::join(&invite, seat, &who.name, token.clone(), &library).await {
            Err(why) if token.is_some() && why.contains("holds no seat") => {
                Client::join(&invite, seat, &who.name, None, &library).await?
            }
            other => other?,
        };
        if !client.token.is_empty()
            && let Err(e) = recent::keep_token(&dir, &invite, &client.token)
        {
            eprintln!("camelot: your seat's token could not be kept ({e}); a drop would lose the seat");
        }
        match client.seat {
            Some(s) => println!("You play seat {} of {}.", s + 1, client.game.title()),
            None => println!("You watch {}.", client.game.title()),
        }
        println!("At this table {}.", client.rules.words());
        // The player's own seed: for the re-deal of what the seat cannot see, and for its bot.
        let seed = u64::from(std::process::id())
            ^ std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
        let mut seats_said: Vec<SeatState> = Vec::new();
        // The position last answered: a table sent again for it (another player joined, a move was
        // refused) is not asked again.
        let mut answered = None;
        // Whose turn was last said.
        let mut waiting = None;
        while let Some(message) = client.next().await {
            let message =
                message.map_err(|why| format!("{why}: run the same `camelot join` to take your seat back"))?;
            match message {
                ToPlayer::Table {
                    table,
                    view,
                    lines,
                    save,
                } => {
                    for line in lines {
                        println!("  {line}");
                    }
                    if let Some((_, _, summary)) = &table.outcome {
                        println!("The game is over: {summary}");
                        if let Some(save) = save {
                            keep_game(&invite, &save);
                        }
                        return Ok(ExitCode::SUCCESS);
                    }
                    if let Some(other) = table.to_act.filter(|&s| Some(s) != client.seat)
                        && waiting != Some(other)
                    {
                        waiting = Some(other);
                        println!(
                            "{} to play.",
                            table.names.get(other).map_or("Another seat", String::as_str)
                        );
                    }
                    if table.to_act == client.seat {
                        waiting = None;
                    }
                    if table.to_act == client.seat && !table.moves.is_empty() && answered != Some(table.actions_taken) {
                        answered = Some(table.actions_taken);
                        let at = table.actions_taken as u64;
                        let index = match (bot, &view) {
                            (Some(kind), Some(view)) => library.bot_move_on_view(
                                client.game,
                                client.config.clone(),
                                view,
                                kind,
                                seed ^ at.wrapping_mul(0x9e37_79b9),
                            )?,
                            _ => ask(&table).await?,
                        };
                        client
                            .send(&ToHost::Play {
                                at: table.actions_taken,
                                index,
                            })
                            .await?;
                    }
                }
                ToPlayer::Refused(why) => {
                    println!("Refused: {why}");
                    answered = None;
                }
                ToPlayer::Chat { from, text } => println!("{from}: {text}"),
                ToPlayer::Goodbye(why) => return Err(format!("the host ended the connection: {why}")),
                ToPlayer::Seats(seats) => {
                    for (i, s) in seats.iter().enumerate() {
                        if seats_said.get(i) != Some(s) {
                            println!("Seat {}: {}", i + 1, seat_words(s));
                        }
                    }
                    seats_said = seats;
                }
                ToPlayer::Welcome { .. } | ToPlayer::Opened { .. } => {}
            }
        }
        Err("the host went away; run the same `camelot join` to take your seat back".into())
    })
}

/// Who holds a seat, in words.
fn seat_words(s: &SeatState) -> String {
    match &s.holder {
        SeatHolder::Open => format!("{} (open)", s.name),
        SeatHolder::Bot(kind) => format!("{} (a {kind} bot)", s.name),
        SeatHolder::Here => format!("{} is here", s.name),
        SeatHolder::Away { standing_in: true, .. } => format!("{} has gone; a bot plays for them", s.name),
        SeatHolder::Away { bot_in: Some(secs), .. } => {
            format!(
                "{} has gone; a bot plays for them in {secs} s unless they come back",
                s.name
            )
        }
        SeatHolder::Away { bot_in: None, .. } => format!("{} has gone; the table waits for them", s.name),
    }
}

/// Keeps the whole game the host sent at its end, where `camelot replay` and `review` read it.
fn keep_game(invite: &Invite, save: &str) {
    let path = recent::token_path(&recent::online_dir(), invite).with_extension("ron");
    match camelot::rules::record::write_atomically(&path, save) {
        Ok(()) => println!(
            "The whole game is kept in {} (camelot replay, camelot review).",
            path.display()
        ),
        Err(e) => eprintln!("camelot: the game could not be kept ({}: {e})", path.display()),
    }
}

/// Shows the seat its secrets, the question and its moves, and reads the number of one.
async fn ask(table: &SeatTable) -> Result<usize, String> {
    for s in &table.secrets {
        println!("  (yours) {s}");
    }
    println!("{}", table.prompt);
    for (i, m) in table.moves.iter().enumerate() {
        println!("  {:>2}. {m}", i + 1);
    }
    let n = table.moves.len();
    tokio::task::spawn_blocking(move || {
        loop {
            print!("Your move (1–{n}): ");
            use std::io::Write;
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            if std::io::stdin().read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err("the terminal closed".to_string());
            }
            match line.trim().parse::<usize>() {
                Ok(k) if (1..=n).contains(&k) => return Ok(k - 1),
                _ => println!("A number from 1 to {n}, please."),
            }
        }
    })
    .await
    .map_err(|e| e.to_string())?
}
