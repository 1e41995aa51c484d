//! `camelot serve`, `host` and `join`: the online table on the command line. The host keeps its
//! rooms, certificate and key in its folder (`<data>/host` unless `--dir`); a player keeps the
//! token of each seat it holds in `<data>/online`, so that `join` with the same invitation takes
//! the seat back after a drop.

use camelot::library::{Library, SeatTable};
use camelot::online::invite::{Invite, hex};
use camelot::online::net::{Client, Host, Identity, listen};
use camelot::online::protocol::{SeatAsk, ToHost, ToPlayer};
use camelot::rules::{GameId, GameRng, TableConfig};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
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

/// `serve`, and `host` with a new room first: opens the rooms kept in the folder, prints each
/// one's invitation, and plays them until stopped (every room is kept after every move, so a
/// host stopped or killed loses nothing; start it again and the players rejoin).
pub fn serve(library: Library, how: &Listen, new_room: Option<(GameId, TableConfig)>) -> Result<ExitCode, String> {
    let dir = host_dir(&how.dir);
    let identity = Identity::in_dir(&dir)?;
    let (mut host, problems) = Host::open(library, &dir);
    for p in problems {
        eprintln!("camelot: a room could not be opened: {p}");
    }
    if let Some((game, config)) = new_room {
        let (room, _) = host.add_room(game, config)?;
        println!("Room {room} of {} is open.", game.title());
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
            let invite = Invite {
                host: how.address.clone(),
                port,
                room,
                key,
                fingerprint: identity.fingerprint,
            };
            println!("Room {room}: {}", invite.code());
        }
        println!("Give an invitation to each player; they join with `camelot join CODE`. Ctrl+C stops the host.");
        accepting.await.map_err(|e| e.to_string())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Who joins: a seat, a name, a bot that plays for the player.
pub struct JoinAs {
    pub seat: Option<usize>,
    pub watch: bool,
    pub name: String,
    /// `random`: a random legal move at each decision (for tests and benchmarks).
    pub bot: Option<String>,
}

fn token_path(invite: &Invite) -> PathBuf {
    let place = format!("{}-{}-{}", invite.host, invite.port, invite.room).replace([':', '[', ']', '/'], "_");
    camelot::rules::record::data_dir()
        .join("online")
        .join(format!("{place}-{}.token", hex(&invite.fingerprint[..4])))
}

/// `join`: takes a seat (or the one this player held: its token is kept), then plays it from the
/// terminal — the table in words, the moves numbered — or with a bot, until the game ends.
pub fn join(code: &str, who: &JoinAs) -> Result<ExitCode, String> {
    let invite = Invite::parse(code)?;
    if let Some(bot) = &who.bot
        && bot != "random"
    {
        return Err(format!(
            "--bot {bot}: a client plays with the random bot for now (the others decide from a seat's view, which the \
             host does not send yet)"
        ));
    }
    let seat = match (who.watch, who.seat) {
        (true, _) => SeatAsk::Watch,
        (false, Some(0)) => return Err("seats are numbered from 1".into()),
        (false, Some(n)) => SeatAsk::Seat(n - 1),
        (false, None) => SeatAsk::Any,
    };
    let tokens = token_path(&invite);
    let token = std::fs::read_to_string(&tokens).ok().map(|t| t.trim().to_string());
    runtime()?.block_on(async move {
        let mut client = match Client::join(&invite, seat, &who.name, token.clone()).await {
            Err(why) if token.is_some() && why.contains("holds no seat") => {
                Client::join(&invite, seat, &who.name, None).await?
            }
            other => other?,
        };
        if !client.token.is_empty() {
            keep_token(&tokens, &client.token);
        }
        match client.seat {
            Some(s) => println!("You play seat {} of {}.", s + 1, client.game.title()),
            None => println!("You watch {}.", client.game.title()),
        }
        let mut rng = GameRng::seeded(std::process::id() as u64);
        // The position last answered: a table sent again for it (another player joined, a move was
        // refused) is not asked again.
        let mut answered = None;
        // Whose turn was last said.
        let mut waiting = None;
        while let Some(message) = client.next().await {
            let message =
                message.map_err(|why| format!("{why}: run the same `camelot join` to take your seat back"))?;
            match message {
                ToPlayer::Table { table, lines } => {
                    for line in lines {
                        println!("  {line}");
                    }
                    if let Some((_, _, summary)) = &table.outcome {
                        println!("The game is over: {summary}");
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
                        let index = if who.bot.is_some() {
                            rng.below(table.moves.len() as u32) as usize
                        } else {
                            ask(&table).await?
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
                ToPlayer::Welcome { .. } => {}
            }
        }
        Err("the host went away; run the same `camelot join` to take your seat back".into())
    })
}

fn keep_token(path: &Path, token: &str) {
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Err(e) = std::fs::write(path, token) {
        eprintln!(
            "camelot: your seat's token could not be kept ({}: {e}); a drop would lose the seat",
            path.display()
        );
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
