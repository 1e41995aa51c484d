//! The online host under load, on 127.0.0.1 only: ROOMS rooms of a game, each with four seats
//! held by command-line clients that play easy bots on the mirror of their view (`camelot join
//! --bot easy` in one process; `random` for random moves), all at once; the clock starts once
//! every client is in. Prints one JSON line: the host's memory per room, moves a second, the time
//! from a move sent to the mover's new table (p50, p99), the host's own time a move (p50, p99:
//! the rules, the bots' answers, every connection's view and words), the process's CPU, clients
//! that did not finish.
//!
//! `cargo run --release --features tools --example online_bench -- [rooms] [court|future|shadows] [easy|random|hard]`
//! (docs/online.md). Host and clients share the process and its two cores: the CPU is theirs
//! together. With `hard`, each room has one client and three hard bots that the host plays: the
//! CPU a game of hard bots costs the host.

use camelot::bots::BotKind;
use camelot::content::ContentSet;
use camelot::library::Library;
use camelot::online::invite::Invite;
use camelot::online::net::{Client, Host, Identity, Limits, listen_with};
use camelot::online::protocol::{RoomRules, SeatAsk, ToHost, ToPlayer};
use camelot::rules::{Difficulty, GameId, GameRng, SeatKind, TableConfig};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The process's resident memory in KiB (Linux), 0 elsewhere.
fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

/// The process's CPU seconds (user + system), from /proc (Linux), 0 elsewhere.
fn cpu_seconds() -> f64 {
    let ticks = std::fs::read_to_string("/proc/self/stat").ok().and_then(|s| {
        let after = s.rsplit_once(')')?.1;
        let f: Vec<&str> = after.split_whitespace().collect();
        Some(f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?)
    });
    ticks.unwrap_or(0.0) / 100.0
}

/// Plays one seat with random moves to the end; the latencies of its moves (ms), whether the
/// game ended.
async fn play(
    invite: Invite,
    seed: u64,
    all_in: Arc<tokio::sync::Barrier>,
    library: Arc<Library>,
    random: bool,
) -> Result<(Vec<f64>, bool), String> {
    // Hundreds of handshakes at once on two cores: one that times out tries again.
    let mut tries = 0;
    let mut c = loop {
        match Client::join(&invite, SeatAsk::Any, "Bench", None, &library).await {
            Ok(c) => break c,
            Err(why) if tries >= 5 => {
                all_in.wait().await;
                return Err(why);
            }
            Err(_) => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    };
    // Every client in before the clock starts: the handshakes are not the moves.
    all_in.wait().await;
    let mut rng = GameRng::seeded(seed);
    let mut sent: Option<(usize, Instant)> = None;
    let mut waits = Vec::new();
    while let Some(m) = c.next().await {
        if let ToPlayer::Table { table, view, .. } = m? {
            if let Some((at, when)) = sent
                && table.actions_taken > at
            {
                waits.push(when.elapsed().as_secs_f64() * 1000.0);
                sent = None;
            }
            if table.outcome.is_some() {
                return Ok((waits, true));
            }
            if table.to_act == c.seat && !table.moves.is_empty() && sent.is_none() {
                let index = match view.filter(|_| !random) {
                    Some(view) => library.bot_move_on_view(
                        c.game,
                        c.config.clone(),
                        &view,
                        BotKind::Level(Difficulty::Easy),
                        seed ^ table.actions_taken as u64,
                    )?,
                    None => rng.below(table.moves.len() as u32) as usize,
                };
                c.send(&ToHost::Play {
                    at: table.actions_taken,
                    index,
                })
                .await?;
                sent = Some((table.actions_taken, Instant::now()));
            }
        }
    }
    Ok((waits, false))
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let rooms: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let game = match args.get(2).map(String::as_str) {
        Some("court") => GameId::Court,
        Some("future") => GameId::Future,
        _ => GameId::Shadows,
    };
    let hard = args.get(3).is_some_and(|a| a == "hard");
    let random = args.get(3).is_some_and(|a| a == "random");
    let clients: usize = if hard { 1 } else { 4 };
    let dir = camelot::rules::scratch::scratch_dir("online-bench");
    let (mut host, _) = Host::open(Library::load(ContentSet::embedded()), &dir);
    let before = rss_kib();
    let mut invites = Vec::new();
    let identity = Identity::in_dir(&dir)?;
    for r in 0..rooms {
        let mut config = TableConfig::with_players(4, SeatKind::Human, 1000 + r);
        for seat in config.seats.iter_mut().skip(clients) {
            seat.kind = SeatKind::Bot(camelot::rules::Difficulty::Hard);
        }
        let (room, key) = host.add_room(game, config, RoomRules::DEFAULT)?;
        invites.push((room, key));
    }
    let per_room_kib = (rss_kib().saturating_sub(before)) as f64 / rooms as f64;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    host.measure();
    let host = Arc::new(Mutex::new(host));
    let measured = host.clone();
    let result = runtime.block_on(async move {
        // Every client comes from 127.0.0.1: the limits of one address are lifted.
        let limits = Limits {
            per_address: usize::MAX,
            knocks: usize::MAX,
        };
        let (endpoint, _accepting) =
            listen_with(host, &identity, "127.0.0.1:0".parse().map_err(|_| "loopback")?, limits)?;
        let port = endpoint.local_addr().map_err(|e| e.to_string())?.port();
        let all_in = Arc::new(tokio::sync::Barrier::new(invites.len() * clients + 1));
        let library = Arc::new(Library::load(ContentSet::embedded()));
        let mut players = Vec::new();
        for (i, (room, key)) in invites.into_iter().enumerate() {
            for s in 0..clients as u64 {
                let invite = Invite {
                    host: "127.0.0.1".into(),
                    port,
                    room,
                    key,
                    fingerprint: identity.fingerprint,
                };
                players.push(tokio::spawn(play(
                    invite,
                    i as u64 * 4 + s,
                    all_in.clone(),
                    library.clone(),
                    random,
                )));
            }
        }
        all_in.wait().await;
        let (cpu0, t0) = (cpu_seconds(), Instant::now());
        let mut waits = Vec::new();
        let (mut ended, mut lost) = (0, 0);
        for p in players {
            match tokio::time::timeout(Duration::from_secs(600), p).await {
                Ok(Ok(Ok((w, true)))) => {
                    waits.extend(w);
                    ended += 1;
                }
                _ => lost += 1,
            }
        }
        let seconds = t0.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu0;
        Ok::<_, String>((waits, ended, lost, seconds, cpu))
    })?;
    let (mut waits, ended, lost, seconds, cpu) = result;
    waits.sort_by(f64::total_cmp);
    let at = |q: f64| {
        waits
            .get(((waits.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let mut own: Vec<f32> = measured.lock().map(|h| h.timings().to_vec()).unwrap_or_default();
    own.sort_by(f32::total_cmp);
    let host_at = |q: f32| {
        own.get(((own.len() as f32 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    println!(
        "{{\"game\":\"{}\",\"hard_bots\":{hard},\"rooms\":{rooms},\"cpu_seconds_per_game\":{:.2},\"clients\":{},\"clients_to_the_end\":{ended},\"clients_lost\":{lost},\"moves\":{},\"seconds\":{seconds:.2},\"moves_per_second\":{:.0},\"move_to_table_ms_p50\":{:.2},\"move_to_table_ms_p99\":{:.2},\"host_ms_a_move_p50\":{:.3},\"host_ms_a_move_p99\":{:.3},\"clients_play\":\"{}\",\"cpu_seconds\":{cpu:.2},\"cpu_cores\":{:.2},\"host_kib_per_room\":{per_room_kib:.0}}}",
        game.key(),
        cpu / rooms as f64,
        rooms as usize * clients,
        waits.len(),
        waits.len() as f64 / seconds,
        at(0.5),
        at(0.99),
        host_at(0.5),
        host_at(0.99),
        if random { "random" } else { "easy" },
        cpu / seconds,
    );
    Ok(())
}
