//! Online play in the window (feature `online`): hosting a table from the menu (a host inside
//! this game, listening for friends), joining one by invitation, and the link that keeps this
//! window at its table (`online::link`). What comes from the host becomes the table here: the
//! seat's view re-dealt into the match on the table (`Library::mirror`), the log lines, who holds
//! each seat, the chat; what this seat does goes back (`Remote`). The rules plugin stays the only
//! writer of the match: these systems run in its set.

use crate::app::bridge::{CloseMatch, LogLine, MatchChanged, MatchRes, RulesSet, SavesRes};
use crate::app::remote::{LinkState, OnlineAsk, Remote};
use crate::app::shared::{LibraryRes, Screen};
use crate::online::invite::Invite;
use crate::online::link::{JoinAs, Link, LinkEvent, Waker};
use crate::online::net::{Host, Identity, listen, open_on_running};
use crate::online::protocol::{SeatAsk, SeatHolder, ToHost, ToPlayer};
use crate::online::recent::{self, Recent};
use crate::rules::{GameId, SeatKind, Visibility};
use crate::saves::Shelf;
use bevy::prelude::*;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The network's runtime, made when first needed, and the host this window runs, if any (it
/// goes on while the window is open, for the friends at its tables).
#[derive(Resource, Default)]
pub struct OnlineRuntime {
    runtime: Option<tokio::runtime::Runtime>,
    hosting: Option<Hosting>,
}

struct Hosting {
    host: Arc<Mutex<Host>>,
    identity: Identity,
    endpoint: crate::online::net::Endpoint,
    address: String,
}

impl Drop for Hosting {
    fn drop(&mut self) {
        self.endpoint.close(0u32.into(), b"the host has stopped");
    }
}

/// The link of the open online table (dropped with it, which ends the connection).
#[derive(Resource)]
struct OpenLink {
    link: Link,
    invite: Invite,
    name: String,
    /// The player's own seed, for the re-deal of what the seat cannot see.
    seed: u64,
}

/// Where this window keeps tokens and recent tables: beside its saves.
pub fn online_dir(saves: &SavesRes) -> PathBuf {
    saves
        .0
        .as_ref()
        .map_or_else(recent::online_dir, |s| s.root.join("online"))
}

pub struct OnlinePlugin;

impl Plugin for OnlinePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<OnlineRuntime>()
            .add_systems(Update, (handle_asks, receive, send, leave).chain().in_set(RulesSet));
    }
}

impl OnlineRuntime {
    fn handle(&mut self) -> Result<tokio::runtime::Handle, String> {
        if self.runtime.is_none() {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .thread_name("camelot-online")
                .enable_all()
                .build()
                .map_err(|e| format!("the network could not start: {e}"))?;
            self.runtime = Some(rt);
        }
        self.runtime
            .as_ref()
            .map(|rt| rt.handle().clone())
            .ok_or_else(|| "the network could not start".to_string())
    }

    /// What this window's host sends `seat` of `room` now (`Host::seat_view`).
    pub fn hosted_view(&self, room: u64, seat: crate::rules::Seat) -> Option<(usize, String)> {
        self.hosting.as_ref()?.host.lock().ok()?.seat_view(room, seat)
    }

    /// Stops this window's host: its players are told it has gone (their games stay in its
    /// folder, and resume when it hosts again).
    pub fn stop_hosting(&mut self) {
        self.hosting = None;
    }
}

/// A waker that wakes a sleeping window (none in a headless app).
fn waker(proxy: Option<&bevy::winit::EventLoopProxyWrapper>) -> Waker {
    match proxy.map(|p| (**p).clone()) {
        Some(proxy) => Arc::new(move || {
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }),
        None => Arc::new(|| {}),
    }
}

#[allow(clippy::too_many_arguments)]
fn handle_asks(
    mut asks: MessageReader<OnlineAsk>,
    mut online: ResMut<OnlineRuntime>,
    library: Res<LibraryRes>,
    saves: Res<SavesRes>,
    mut res: ResMut<MatchRes>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut commands: Commands,
) {
    for ask in asks.read() {
        let opened = match ask {
            OnlineAsk::Host {
                game,
                config,
                rules,
                listen,
                port,
                address,
            } => host_table(
                &mut online,
                &library,
                &saves,
                *game,
                config,
                *rules,
                (listen, *port, address),
            )
            .map(|(invite, seat, ours)| {
                let name = config.seats.get(seat).map_or_else(|| "Host".into(), |s| s.name.clone());
                (invite, SeatAsk::Seat(seat), name, ours)
            }),
            OnlineAsk::Join { code, name } => {
                Invite::parse(code.trim()).map(|invite| (invite, SeatAsk::Any, name.clone(), false))
            }
        };
        let (invite, seat, name, hosting) = match opened {
            Ok(o) => o,
            Err(why) => {
                res.notice = Some(why);
                continue;
            }
        };
        let handle = match online.handle() {
            Ok(h) => h,
            Err(why) => {
                res.notice = Some(why);
                continue;
            }
        };
        let token = recent::read_token(&online_dir(&saves), &invite);
        let link = Link::open(
            &handle,
            invite.clone(),
            JoinAs {
                seat,
                name: name.clone(),
                token,
            },
            library.0.clone(),
            waker(proxy.as_deref()),
        );
        let seed = recent::now_secs() ^ u64::from(std::process::id()).rotate_left(32);
        commands.insert_resource(Remote::joining(invite.code(), hosting));
        commands.insert_resource(OpenLink {
            link,
            invite,
            name,
            seed,
        });
    }
}

/// Opens a room of `game` on this window's host (started on the first table: the folder
/// `<data>/host`, its rooms resumed, listening where asked) — or on the host that already runs on
/// that folder (`camelot serve`: one host a folder); its invitation, the seat of this player (the
/// first human seat), and whether the host is this window's.
fn host_table(
    online: &mut OnlineRuntime,
    library: &LibraryRes,
    saves: &SavesRes,
    game: GameId,
    config: &crate::rules::TableConfig,
    rules: crate::online::protocol::RoomRules,
    (listen_on, port, address): (&String, u16, &String),
) -> Result<(Invite, usize, bool), String> {
    let seat = config
        .seats
        .iter()
        .position(|s| s.kind == SeatKind::Human)
        .ok_or("a table to host needs a human seat: yours")?;
    if online.hosting.is_none() {
        let handle = online.handle()?;
        let dir = saves.0.as_ref().map_or_else(
            || crate::rules::record::data_dir().join("host"),
            |s| s.root.join("host"),
        );
        let identity = Identity::in_dir(&dir)?;
        if let Some(opened) = handle.block_on(open_on_running(&dir, game, config.clone(), rules)) {
            let (room, key, port) = opened?;
            let invite = Invite {
                host: address.clone(),
                port,
                room,
                key,
                fingerprint: identity.fingerprint,
            };
            return Ok((invite, seat, false));
        }
        let (host, problems) = Host::open(library.0.clone(), &dir);
        for p in problems {
            warn!("a room of this window's host could not be opened: {p}");
        }
        let addr: std::net::SocketAddr = format!("{listen_on}:{port}")
            .parse()
            .or_else(|_| format!("[{listen_on}]:{port}").parse())
            .map_err(|_| format!("\"{listen_on}\" is not an address to listen on"))?;
        let host = Arc::new(Mutex::new(host));
        let endpoint = {
            let _entered = handle.enter();
            let (endpoint, _accepting) = listen(host.clone(), &identity, addr)?;
            endpoint
        };
        online.hosting = Some(Hosting {
            host,
            identity,
            endpoint,
            address: address.clone(),
        });
    }
    let hosting = online.hosting.as_ref().ok_or("the host did not start")?;
    let (room, key) = hosting
        .host
        .lock()
        .map_err(|_| "the host has stopped".to_string())?
        .add_room(game, config.clone(), rules)?;
    let port = hosting.endpoint.local_addr().map_err(|e| e.to_string())?.port();
    Ok((
        Invite {
            host: hosting.address.clone(),
            port,
            room,
            key,
            fingerprint: hosting.identity.fingerprint,
        },
        seat,
        true,
    ))
}

/// What the link said this frame, made into the table: the mirror of the seat's view on the
/// table, the log lines, the seats, the chat, the link's state.
#[allow(clippy::too_many_arguments)]
fn receive(
    link: Option<Res<OpenLink>>,
    remote: Option<ResMut<Remote>>,
    library: Res<LibraryRes>,
    saves: Res<SavesRes>,
    mut res: ResMut<MatchRes>,
    mut changed: MessageWriter<MatchChanged>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let (Some(link), Some(mut remote)) = (link, remote) else {
        return;
    };
    let now = Instant::now();
    let dir = online_dir(&saves);
    for event in link.link.events() {
        match event {
            LinkEvent::Joined {
                seat,
                token,
                game,
                config,
                rules,
            } => {
                remote.seat = seat;
                remote.rules = rules;
                remote.link = LinkState::Here;
                remote.config = Some(config);
                if !token.is_empty()
                    && let Err(why) = recent::keep_token(&dir, &link.invite, &token)
                {
                    res.notice = Some(format!(
                        "Your seat's token could not be kept ({why}): a drop would lose it"
                    ));
                }
                let _ = recent::remember(
                    &dir,
                    Recent {
                        code: link.invite.code(),
                        game,
                        seat,
                        name: link.name.clone(),
                        over: false,
                        when: recent::now_secs(),
                    },
                );
            }
            LinkEvent::Message(ToPlayer::Table {
                table,
                view,
                lines,
                save,
            }) => {
                remote.at = table.actions_taken;
                remote.link = LinkState::Here;
                let public = remote_config(remote.config.as_ref(), &table, link.seed);
                if let Some(view) = view {
                    match library
                        .0
                        .mirror(table.game, public, &view, link.seed ^ table.actions_taken as u64)
                    {
                        Ok(m) => {
                            if res.current.is_none() {
                                res.log.clear();
                            }
                            res.current = Some(m);
                            res.slot = None;
                        }
                        Err(why) => res.notice = Some(why),
                    }
                }
                for text in lines {
                    res.log.push(LogLine {
                        to: Visibility::Everyone,
                        text,
                    });
                }
                if let Some(save) = save {
                    keep_finished(&saves, table.game, &save, &mut res);
                    let _ = recent::remember(
                        &dir,
                        Recent {
                            code: link.invite.code(),
                            game: table.game,
                            seat: remote.seat,
                            name: link.name.clone(),
                            over: true,
                            when: recent::now_secs(),
                        },
                    );
                }
                changed.write(MatchChanged);
                next.set(Screen::Table);
            }
            LinkEvent::Message(ToPlayer::Seats(seats)) => {
                // A friend arriving while seats still wait for players sees the room first.
                if !remote.seats_told && seats.iter().any(|s| s.holder == SeatHolder::Open) {
                    remote.panel_open = true;
                }
                remote.seats_told = true;
                // A seat the host has given a bot is a bot's on this table too (its panel says so).
                if let Some(config) = remote.config.as_mut() {
                    for (seat, s) in config.seats.iter_mut().zip(&seats) {
                        if let SeatHolder::Bot(kind) = &s.holder
                            && let Ok(crate::bots::BotKind::Level(d)) = crate::bots::BotKind::parse(kind)
                        {
                            seat.kind = SeatKind::Bot(d);
                        }
                    }
                }
                remote.seats = seats;
                remote.seats_at = now;
            }
            LinkEvent::Message(ToPlayer::Chat { from, text }) => {
                remote.chat.push((from, text));
                if !remote.panel_open {
                    remote.unread += 1;
                }
            }
            LinkEvent::Message(ToPlayer::Refused(why)) => remote.refused = Some(why),
            LinkEvent::Message(_) => {}
            LinkEvent::Lost { why, retry_in } => {
                remote.link = LinkState::Lost {
                    why,
                    retry_at: now + retry_in,
                };
                remote.panel_open = true;
            }
            LinkEvent::Closed(why) => {
                remote.link = LinkState::Closed(why.clone());
                // Refused before any table came: the menu says why, and no online table stays
                // open behind it (its bots and screen would stay the host's).
                if res.current.is_none() {
                    res.notice = Some(why);
                    commands.remove_resource::<OpenLink>();
                    commands.remove_resource::<Remote>();
                }
            }
            LinkEvent::Rtt(rtt) => remote.rtt_ms = Some(rtt.as_millis().min(u128::from(u32::MAX)) as u32),
        }
    }
}

/// The table's seats and variants as the host told them, with the names the table has now.
fn remote_config(
    told: Option<&crate::rules::TableConfig>,
    table: &crate::library::SeatTable,
    seed: u64,
) -> crate::rules::TableConfig {
    let mut config = told
        .cloned()
        .unwrap_or_else(|| crate::rules::TableConfig::with_players(table.names.len(), SeatKind::Human, seed));
    for (seat, name) in config.seats.iter_mut().zip(&table.names) {
        seat.name.clone_from(name);
    }
    config
}

/// Keeps the whole game the host sent at its end among the finished games (to replay, review).
fn keep_finished(saves: &SavesRes, game: GameId, save: &str, res: &mut MatchRes) {
    let Some(saves) = &saves.0 else { return };
    let slot = saves.slot_for(game, Shelf::Games);
    if let Err(e) = saves.finish(&slot, save) {
        res.notice = Some(format!("The finished game could not be kept: {e}"));
    }
}

/// Sends what this seat asked this frame: its moves, chat lines, an attempt now, bots for the
/// empty seats (on this window's host).
fn send(link: Option<Res<OpenLink>>, remote: Option<ResMut<Remote>>, online: Res<OnlineRuntime>) {
    let (Some(link), Some(mut remote)) = (link, remote) else {
        return;
    };
    let at = remote.at;
    for index in std::mem::take(&mut remote.moves_out) {
        link.link.send(ToHost::Play { at, index });
    }
    for line in std::mem::take(&mut remote.chat_out) {
        link.link.send(ToHost::Chat(line));
    }
    if std::mem::take(&mut remote.try_now) {
        link.link.try_now();
    }
    if std::mem::take(&mut remote.fill_with_bots)
        && let Some(h) = &online.hosting
        && let Ok(mut host) = h.host.lock()
    {
        host.fill_with_bots(link.invite.room);
    }
}

/// Leaving the table (the menu's button) ends the link; a table this window hosts goes on.
fn leave(mut close: MessageReader<CloseMatch>, mut commands: Commands) {
    if close.read().count() > 0 {
        commands.remove_resource::<OpenLink>();
        commands.remove_resource::<Remote>();
    }
}
