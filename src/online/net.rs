//! The host and the client over QUIC: quinn, with TLS 1.3 by rustls (ring). The host makes
//! itself a certificate once and keeps it in its folder; an invitation carries the certificate's
//! SHA-256, which the client pins (it reaches that host or none). One bidirectional stream a
//! connection carries the messages, each a frame of tokio-util's length-delimited codec, bounded
//! by `MAX_MESSAGE`. The rules of the table are `room` and `protocol`; this file only carries
//! what they return, and keeps every room in a file of its own after every change, so that a host
//! started again resumes them all.

use crate::bots::BotKind;
use crate::library::Library;
use crate::online::invite::{FINGERPRINT_BYTES, Invite, KEY_BYTES, hex, new_key, same_key, unhex};
use crate::online::protocol::{
    MAX_MESSAGE, PROTOCOL, RoomRules, SeatAsk, ToHost, ToPlayer, chat_line, decode, encode, other_protocol,
};
use crate::online::room::{Holder, Room};
use crate::rules::record::write_atomically;
use crate::rules::{GameId, Seat, TableConfig};
use futures_util::{SinkExt, StreamExt};
pub use quinn::Endpoint;
use quinn::crypto::rustls::QuicClientConfig;
use quinn::rustls;
use quinn::rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use quinn::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName, UnixTime};
use quinn::rustls::{DigitallySignedStruct, SignatureScheme};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;
use tokio::sync::mpsc;
use tokio_util::bytes::Bytes;
use tokio_util::codec::{Framed, LengthDelimitedCodec};

/// The name the host's certificate is made out to: the client pins the certificate itself.
const CERT_NAME: &str = "camelot.host";
/// Seconds of silence after which a connection is taken as lost.
const IDLE_SECS: u64 = 10;
/// Malformed messages a connection may send before the host closes it.
const STRIKES: u32 = 3;

/// The host's certificate and key, and the certificate's fingerprint that invitations carry.
pub struct Identity {
    cert: CertificateDer<'static>,
    key: Vec<u8>,
    pub fingerprint: [u8; FINGERPRINT_BYTES],
}

impl Identity {
    /// The identity kept in `dir` (`host.cert`, `host.key`), made and kept there the first time:
    /// invitations stay good when the host starts again.
    pub fn in_dir(dir: &Path) -> Result<Identity, String> {
        let (cert_path, key_path) = (dir.join("host.cert"), dir.join("host.key"));
        if let (Ok(cert), Ok(key)) = (std::fs::read(&cert_path), std::fs::read(&key_path)) {
            return Ok(Identity::of(cert, key));
        }
        let made = rcgen::generate_simple_self_signed(vec![CERT_NAME.to_string()])
            .map_err(|e| format!("the host could not make its certificate: {e}"))?;
        let (cert, key) = (made.cert.der().to_vec(), made.signing_key.serialize_der());
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        std::fs::write(&cert_path, &cert).map_err(|e| format!("{}: {e}", cert_path.display()))?;
        std::fs::write(&key_path, &key).map_err(|e| format!("{}: {e}", key_path.display()))?;
        Ok(Identity::of(cert, key))
    }

    fn of(cert: Vec<u8>, key: Vec<u8>) -> Identity {
        let fingerprint = fingerprint(&cert);
        Identity {
            cert: CertificateDer::from(cert),
            key,
            fingerprint,
        }
    }
}

/// A certificate's SHA-256.
pub fn fingerprint(der: &[u8]) -> [u8; FINGERPRINT_BYTES] {
    let digest = ring::digest::digest(&ring::digest::SHA256, der);
    let mut out = [0u8; FINGERPRINT_BYTES];
    out.copy_from_slice(digest.as_ref());
    out
}

/// Accepts the one certificate whose fingerprint the invitation names, and checks the handshake's
/// signatures with it as TLS does.
#[derive(Debug)]
struct Pinned {
    fingerprint: [u8; FINGERPRINT_BYTES],
    provider: Arc<rustls::crypto::CryptoProvider>,
}

impl ServerCertVerifier for Pinned {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        if fingerprint(end_entity) == self.fingerprint {
            Ok(ServerCertVerified::assertion())
        } else {
            Err(rustls::Error::General(
                "the host's certificate is not the one the invitation names".into(),
            ))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.provider.signature_verification_algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider.signature_verification_algorithms.supported_schemes()
    }
}

fn client_config(pinned: [u8; FINGERPRINT_BYTES]) -> Result<quinn::ClientConfig, String> {
    // ring, as quinn's own server side uses: rustls 0.23.48 marks it for want of post-quantum key
    // exchange, which aws-lc-rs has at the price of a C build several times longer on two cores
    // (docs/online.md).
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let tls = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_protocol_versions(&[&rustls::version::TLS13])
        .map_err(|e| e.to_string())?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(Pinned {
            fingerprint: pinned,
            provider,
        }))
        .with_no_client_auth();
    let quic = QuicClientConfig::try_from(tls).map_err(|e| e.to_string())?;
    let mut config = quinn::ClientConfig::new(Arc::new(quic));
    config.transport_config(transport());
    Ok(config)
}

fn server_config(id: &Identity) -> Result<quinn::ServerConfig, String> {
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(id.key.clone()));
    let mut config = quinn::ServerConfig::with_single_cert(vec![id.cert.clone()], key)
        .map_err(|e| format!("the host's certificate: {e}"))?;
    config.transport_config(transport());
    Ok(config)
}

/// Both sides ping every few seconds while a table waits, and give a silent peer up after
/// `IDLE_SECS`: a host that went away is noticed in seconds, not at the next move.
fn transport() -> Arc<quinn::TransportConfig> {
    let mut t = quinn::TransportConfig::default();
    t.keep_alive_interval(Some(std::time::Duration::from_secs(3)));
    if let Ok(idle) = quinn::IdleTimeout::try_from(std::time::Duration::from_secs(IDLE_SECS)) {
        t.max_idle_timeout(Some(idle));
    }
    Arc::new(t)
}

type Wire = Framed<tokio::io::Join<quinn::RecvStream, quinn::SendStream>, LengthDelimitedCodec>;

fn wire(send: quinn::SendStream, recv: quinn::RecvStream) -> Wire {
    let codec = LengthDelimitedCodec::builder()
        .max_frame_length(MAX_MESSAGE)
        .new_codec();
    Framed::new(tokio::io::join(recv, send), codec)
}

async fn put<T: Serialize>(w: &mut Wire, message: &T) -> Result<(), String> {
    w.send(Bytes::from(encode(message)))
        .await
        .map_err(|e| format!("the connection failed: {e}"))
}

/// The next message, a reason it is not one, or `None` when the other side has gone.
async fn take<T: serde::de::DeserializeOwned>(w: &mut Wire) -> Option<Result<T, String>> {
    w.next().await.map(|frame| {
        frame
            .map_err(|e| format!("the connection was lost ({e})"))
            .and_then(|b| decode(&b))
    })
}

/// A connection at a table: its seat, how far it has read the log, where its messages go.
struct Conn {
    id: u64,
    seat: Option<Seat>,
    cursor: usize,
    out: mpsc::UnboundedSender<ToPlayer>,
}

struct Table {
    room: Room,
    conns: Vec<Conn>,
    /// The seats as last told (`ToPlayer::Seats`), to tell again only what changed.
    told_standing: Vec<bool>,
}

impl Table {
    fn of(room: Room) -> Table {
        Table {
            room,
            conns: Vec::new(),
            told_standing: Vec::new(),
        }
    }
}

/// What a room's file keeps: the key, who holds each seat, the match in the save format.
#[derive(Serialize, Deserialize)]
struct RoomFile {
    id: u64,
    key: String,
    holders: Vec<HeldBy>,
    save: String,
    #[serde(default)]
    rules: RoomRules,
}

#[derive(Serialize, Deserialize)]
enum HeldBy {
    Open,
    Player { name: String, token: String },
    Bot(String),
}

/// The host's rooms, and the folder that keeps them.
pub struct Host {
    library: Library,
    dir: PathBuf,
    /// The secret that opens rooms on this host from another process (`ToHost::Open`).
    admin: [u8; KEY_BYTES],
    tables: BTreeMap<u64, Table>,
    next_conn: u64,
    /// While the host listens, room files are written by a task of their own, in order and
    /// outside the lock every connection shares (a write waits for the disk).
    writer: Option<mpsc::UnboundedSender<(PathBuf, String)>>,
    /// When measured (a benchmark): how long each move took the host, from the request to every
    /// connection's table queued (the rules, the bots' answers, the views and words), in ms.
    timings: Option<Vec<f32>>,
    /// The rooms whose bots are thinking now (`bots_play`), one thinker a room.
    thinking: std::collections::BTreeSet<u64>,
}

impl Host {
    /// The host of the rooms kept in `dir/rooms` (none the first time). A room file that cannot be
    /// read is named in the error, the others open.
    pub fn open(library: Library, dir: &Path) -> (Host, Vec<String>) {
        let mut problems = Vec::new();
        let admin = admin_secret(dir).unwrap_or_else(|why| {
            problems.push(why);
            new_key()
        });
        let mut host = Host {
            library,
            dir: dir.to_path_buf(),
            admin,
            tables: BTreeMap::new(),
            next_conn: 0,
            writer: None,
            timings: None,
            thinking: std::collections::BTreeSet::new(),
        };
        let files = std::fs::read_dir(dir.join("rooms")).into_iter().flatten().flatten();
        for file in files
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "room"))
        {
            match host.read_room(&file) {
                Ok(room) => {
                    host.tables.insert(room.id, Table::of(room));
                }
                Err(why) => problems.push(format!("{}: {why}", file.display())),
            }
        }
        (host, problems)
    }

    fn read_room(&self, path: &Path) -> Result<Room, String> {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let file: RoomFile =
            ron::from_str(&text).map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))?;
        let key = unhex::<KEY_BYTES>(&file.key, "key")?;
        let holders = file
            .holders
            .into_iter()
            .map(|h| {
                Ok(match h {
                    HeldBy::Open => Holder::Open,
                    HeldBy::Player { name, token } => Holder::Player {
                        name,
                        token: unhex::<KEY_BYTES>(&token, "token")?,
                    },
                    HeldBy::Bot(kind) => Holder::Bot(BotKind::parse(&kind)?),
                })
            })
            .collect::<Result<Vec<Holder>, String>>()?;
        let m = self.library.load_save(&file.save).map_err(|e| e.to_string())?;
        Ok(Room::restore(file.id, key, holders, m, file.rules, &self.library))
    }

    fn keep(&self, room: &Room) -> Result<(), String> {
        let holders = room
            .holders()
            .iter()
            .map(|h| match h {
                Holder::Open => HeldBy::Open,
                Holder::Player { name, token } => HeldBy::Player {
                    name: name.clone(),
                    token: hex(token),
                },
                Holder::Bot(kind) => HeldBy::Bot(kind.to_string()),
            })
            .collect();
        let file = RoomFile {
            id: room.id,
            key: hex(&room.key()),
            holders,
            save: room.save(),
            rules: room.rules(),
        };
        let text = ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
        let path = self.dir.join("rooms").join(format!("{}.room", room.id));
        match &self.writer {
            Some(writer) => writer
                .send((path, text))
                .map_err(|_| "the host's writer has stopped".to_string()),
            None => write_atomically(&path, &text).map_err(|e| e.to_string()),
        }
    }

    /// A new room of `game` for `config`'s seats (its bots the host's) with its rules, kept at
    /// once; its number and key. Its bots start at the host's next tick (`bots_play`).
    pub fn add_room(
        &mut self,
        game: GameId,
        config: TableConfig,
        rules: RoomRules,
    ) -> Result<(u64, [u8; KEY_BYTES]), String> {
        let m = self.library.new_match(game, config)?;
        let id = self.tables.keys().next_back().map_or(1, |last| last + 1);
        let key = new_key();
        let room = Room::new(id, key, m, rules, &self.library);
        self.keep(&room)?;
        self.tables.insert(id, Table::of(room));
        Ok((id, key))
    }

    /// Gives the seats of `room` no player has taken to normal bots, which play from the host's
    /// next tick when it is their turn; everyone is told.
    pub fn fill_with_bots(&mut self, room: u64) {
        let now = Instant::now();
        let Some(table) = self.tables.get_mut(&room) else {
            return;
        };
        if table.room.fill_with_bots(crate::online::room::STAND_IN) == 0 {
            return;
        }
        tell_seats(table, now, true);
        self.keep_room(room);
    }

    /// `ToHost::Open`: a room opened by who holds the folder's secret.
    fn open_room(&mut self, open: &ToHost) -> Result<(u64, [u8; KEY_BYTES]), String> {
        let ToHost::Open {
            protocol,
            build,
            admin,
            game,
            config,
            rules,
        } = open
        else {
            return Err("not a request to open a room".into());
        };
        if let Some(why) = other_protocol(*protocol, build) {
            return Err(why);
        }
        let admin_ok = unhex::<KEY_BYTES>(admin, "secret").is_ok_and(|k| same_key(&k, &self.admin));
        if !admin_ok {
            return Err("only who runs this host (and can read its folder's host.admin) may open rooms on it".into());
        }
        self.add_room(*game, config.clone(), *rules)
    }

    /// What the host sends `seat` of `room` now: how many actions the game has had, and the
    /// seat's view (`MatchFace::view_on_wire`).
    pub fn seat_view(&self, room: u64, seat: Seat) -> Option<(usize, String)> {
        let table = self.tables.get(&room)?;
        Some((
            table.room.table_for(Some(seat)).actions_taken,
            table.room.view_for(seat),
        ))
    }

    /// Starts measuring how long each move takes the host (`timings`).
    pub fn measure(&mut self) {
        self.timings = Some(Vec::new());
    }

    /// Each move's time on the host so far, in ms, when measured.
    pub fn timings(&self) -> &[f32] {
        self.timings.as_deref().unwrap_or(&[])
    }

    pub fn rooms(&self) -> Vec<u64> {
        self.tables.keys().copied().collect()
    }

    /// Each room's number and key, for its invitation.
    pub fn rooms_and_keys(&self) -> Vec<(u64, [u8; KEY_BYTES])> {
        self.tables.iter().map(|(id, t)| (*id, t.room.key())).collect()
    }

    /// Lets a connection in (`Room::join`), registers where its messages go and queues its table.
    fn join(
        &mut self,
        hello: &ToHost,
        out: mpsc::UnboundedSender<ToPlayer>,
    ) -> Result<(u64, u64, Option<Seat>), String> {
        let ToHost::Hello { room, .. } = hello else {
            return Err("the first message must say hello: which room, its key and the seat asked for".into());
        };
        let id = *room;
        let content = self.library.content_hash(
            self.tables
                .get(&id)
                .ok_or_else(|| format!("this host has no room {id}"))?
                .room
                .game(),
        );
        let table = self
            .tables
            .get_mut(&id)
            .ok_or_else(|| format!("this host has no room {id}"))?;
        let joined = table.room.join(hello, &self.library)?;
        if let Some(seat) = joined.seat {
            table.room.arrive(seat);
        }
        self.next_conn += 1;
        let conn = self.next_conn;
        let _ = out.send(ToPlayer::Welcome {
            protocol: PROTOCOL,
            build: crate::version::LONG.into(),
            game: table.room.game(),
            seat: joined.seat,
            token: joined.token,
            config: table.room.public_config(),
            content,
            rules: table.room.rules(),
        });
        table.conns.push(Conn {
            id: conn,
            seat: joined.seat,
            cursor: 0,
            out,
        });
        tell_seats(table, Instant::now(), true);
        tell(table);
        self.keep_room(id);
        Ok((id, conn, joined.seat))
    }

    /// A seat's move; on success the room is kept and everyone is told (the bots answer after,
    /// off the lock: `bots_play`); on a refusal only the mover, with its table again.
    fn play(&mut self, room: u64, conn: u64, seat: Option<Seat>, at: usize, index: usize) {
        let started = Instant::now();
        let Some(table) = self.tables.get_mut(&room) else {
            return;
        };
        match table.room.play(seat, at, index) {
            Ok(()) => {
                tell(table);
                if let Some(t) = self.timings.as_mut() {
                    t.push(started.elapsed().as_secs_f32() * 1000.0);
                }
                self.keep_room(room);
            }
            Err(why) => {
                if let Some(c) = table.conns.iter_mut().find(|c| c.id == conn) {
                    let _ = c.out.send(ToPlayer::Refused(why));
                    let _ = c.out.send(table_message(&table.room, c.seat, Vec::new()));
                }
            }
        }
    }

    fn chat(&mut self, room: u64, seat: Option<Seat>, text: &str) {
        let Some(table) = self.tables.get_mut(&room) else {
            return;
        };
        let Some(text) = chat_line(text) else { return };
        let from = seat.map_or_else(
            || "an onlooker".to_string(),
            |s| table.room.table_for(None).names[s].clone(),
        );
        for c in &table.conns {
            let _ = c.out.send(ToPlayer::Chat {
                from: from.clone(),
                text: text.clone(),
            });
        }
    }

    fn leave(&mut self, room: u64, conn: u64) {
        let now = Instant::now();
        if let Some(table) = self.tables.get_mut(&room) {
            let seat = table.conns.iter().find(|c| c.id == conn).and_then(|c| c.seat);
            table.conns.retain(|c| c.id != conn);
            if let Some(seat) = seat {
                table.room.depart(seat, now);
                tell_seats(table, now, true);
            }
        }
    }

    /// Tells the tables whose seats changed (a bot has begun standing in), and says in which
    /// rooms a bot is to act with none thinking yet (its own, or one standing in for a player
    /// gone too long), for `bots_play`; the host's clock calls it every second.
    pub fn tick(&mut self, now: Instant) -> Vec<u64> {
        let mut to_play = Vec::new();
        for (room, table) in &mut self.tables {
            tell_seats(table, now, false);
            if table.room.bot_to_act(now) && !self.thinking.contains(room) {
                to_play.push(*room);
            }
        }
        to_play
    }

    /// The bot to act in `room` now, its position and its job (`Room::bot_job`); marks the room
    /// as thinking (`first`: only if no one thinks there yet).
    fn bot_job(&mut self, room: u64, first: bool) -> Option<(Seat, usize, crate::library::BotJob)> {
        if first && !self.thinking.insert(room) {
            return None;
        }
        let job = self.tables.get(&room).and_then(|t| t.room.bot_job(Instant::now()));
        if job.is_none() {
            self.thinking.remove(&room);
        }
        job
    }

    /// A bot's move decided off the lock: applied if the table is still where it was; whether it
    /// was.
    fn bot_move(&mut self, room: u64, seat: Seat, at: usize, index: Option<usize>) -> bool {
        let applied = match self.tables.get_mut(&room) {
            Some(table) => match index.map(|i| table.room.play(Some(seat), at, i)) {
                Some(Ok(())) => {
                    tell(table);
                    true
                }
                Some(Err(why)) => {
                    eprintln!("camelot serve: room {room}: the bot's move was not taken: {why}");
                    false
                }
                None => {
                    eprintln!("camelot serve: room {room}: the bot of seat {} found no move", seat + 1);
                    false
                }
            },
            None => false,
        };
        if applied {
            self.keep_room(room);
        } else {
            self.thinking.remove(&room);
        }
        applied
    }

    fn keep_room(&self, room: u64) {
        if let Some(table) = self.tables.get(&room)
            && let Err(why) = self.keep(&table.room)
        {
            eprintln!("camelot serve: room {room} was not saved: {why}");
        }
    }
}

/// Lets the bots of `room` play while one is to act, each decision on the blocking pool and off
/// the host's lock (every other room goes on meanwhile), each move told at once; one such task a
/// room at a time.
pub async fn bots_play(host: Arc<Mutex<Host>>, room: u64) {
    let mut first = true;
    loop {
        let job = lock(&host).bot_job(room, first);
        first = false;
        let Some((seat, at, job)) = job else { return };
        let index = tokio::task::spawn_blocking(job).await.unwrap_or(None);
        if !lock(&host).bot_move(room, seat, at, index) {
            return;
        }
    }
}

/// The secret of the host's folder that opens rooms (`host.admin`), made the first time.
pub fn admin_secret(dir: &Path) -> Result<[u8; KEY_BYTES], String> {
    let path = dir.join("host.admin");
    if let Ok(text) = std::fs::read_to_string(&path) {
        return unhex::<KEY_BYTES>(text.trim(), "secret").map_err(|e| format!("{}: {e}", path.display()));
    }
    let secret = new_key();
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    write_atomically(&path, &hex(&secret)).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(secret)
}

/// What `seat`'s connection is sent of the table now.
fn table_message(room: &Room, seat: Option<Seat>, lines: Vec<String>) -> ToPlayer {
    ToPlayer::Table {
        table: room.table_for(seat),
        view: seat.map(|s| room.view_for(s)),
        lines,
        save: room.final_save(),
    }
}

/// Sends every connection of a table its table and the log lines it has not read.
fn tell(table: &mut Table) {
    for c in &mut table.conns {
        let (lines, next) = table.room.lines_for(c.seat, c.cursor);
        c.cursor = next;
        let _ = c.out.send(table_message(&table.room, c.seat, lines));
    }
}

/// Tells every connection of a table who holds each seat: always when `changed`, else only when
/// a bot has begun standing in for someone since last told.
fn tell_seats(table: &mut Table, now: Instant, changed: bool) {
    let seats = table.room.seats(now);
    let standing: Vec<bool> = seats
        .iter()
        .map(|s| {
            matches!(
                s.holder,
                crate::online::protocol::SeatHolder::Away { standing_in: true, .. }
            )
        })
        .collect();
    if !changed && standing == table.told_standing {
        return;
    }
    table.told_standing = standing;
    for c in &table.conns {
        let _ = c.out.send(ToPlayer::Seats(seats.clone()));
    }
}

/// A lock's guard, even after a panic elsewhere (the host goes on; nothing half-written is kept
/// in what these locks guard past a message).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A host listening at `addr` with `identity`: it accepts players until the endpoint closes.
/// Returns the endpoint (its local address is where it listens) and the task that accepts.
pub fn listen(
    host: Arc<Mutex<Host>>,
    identity: &Identity,
    addr: SocketAddr,
) -> Result<(quinn::Endpoint, tokio::task::JoinHandle<()>), String> {
    listen_with(host, identity, addr, Limits::PLAYERS)
}

/// How much one address may ask of the host.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections it may hold open at once.
    pub per_address: usize,
    /// Connection attempts it may make in ten seconds.
    pub knocks: usize,
}

impl Limits {
    /// For players: a household behind one address holds a few seats and windows.
    pub const PLAYERS: Limits = Limits {
        per_address: MAX_PER_ADDRESS,
        knocks: MAX_KNOCKS,
    };
}

/// `listen` with other limits (a benchmark's many clients on one address).
pub fn listen_with(
    host: Arc<Mutex<Host>>,
    identity: &Identity,
    addr: SocketAddr,
    limits: Limits,
) -> Result<(quinn::Endpoint, tokio::task::JoinHandle<()>), String> {
    let endpoint = quinn::Endpoint::server(server_config(identity)?, addr)
        .map_err(|e| format!("the host cannot listen on {addr}: {e}"))?;
    let accepting = endpoint.clone();
    let (writer, files) = mpsc::unbounded_channel();
    lock(&host).writer = Some(writer);
    tokio::spawn(write_rooms(files));
    // Where this host listens, for `camelot host` to open rooms on it from another process (the
    // file goes when the host stops listening).
    let address_file = lock(&host).dir.join("host.address");
    let listening_at = endpoint.local_addr().map(|at| at.to_string()).unwrap_or_default();
    if let Err(e) = write_atomically(&address_file, &listening_at) {
        eprintln!("camelot serve: {e}");
    }

    let task = tokio::spawn(async move {
        let doors = Arc::new(Mutex::new(Doors {
            limits,
            open: BTreeMap::new(),
            knocks: BTreeMap::new(),
        }));
        // The clock of the bots that stand in for players who have gone: it stops with the host.
        let mut every = tokio::time::interval(std::time::Duration::from_secs(1));
        loop {
            let incoming = tokio::select! {
                incoming = accepting.accept() => match incoming {
                    Some(incoming) => incoming,
                    None => break,
                },
                _ = every.tick() => {
                    let to_play = lock(&host).tick(Instant::now());
                    for room in to_play {
                        tokio::spawn(bots_play(host.clone(), room));
                    }
                    continue;
                }
            };
            let from = incoming.remote_address().ip();
            // A flood of attempts from one address is turned away before any handshake.
            if !lock(&doors).knock(from, std::time::Instant::now()) {
                incoming.refuse();
                continue;
            }
            let (host, doors) = (host.clone(), doors.clone());
            tokio::spawn(async move {
                let Ok(connection) = incoming.await else { return };
                let crowded = !lock(&doors).enter(from);
                if crowded {
                    if let Ok((send, recv)) = connection.accept_bi().await {
                        let why = format!(
                            "{} connections from your address are open already: close one to join",
                            limits.per_address
                        );
                        goodbye(&connection, &mut wire(send, recv), why).await;
                    }
                    return;
                }
                serve_connection(connection, host).await;
                lock(&doors).leave(from);
            });
        }
        // Unless another host of the folder has written its own since.
        if std::fs::read_to_string(&address_file).is_ok_and(|a| a == listening_at) {
            let _ = std::fs::remove_file(&address_file);
        }
    });
    Ok((endpoint, task))
}

/// Writes the room files it is given, in order; of several waiting for one room only the last
/// (each is the whole room).
async fn write_rooms(mut files: mpsc::UnboundedReceiver<(PathBuf, String)>) {
    while let Some((path, text)) = files.recv().await {
        let mut latest = BTreeMap::new();
        latest.insert(path, text);
        while let Ok((path, text)) = files.try_recv() {
            latest.insert(path, text);
        }
        let _ = tokio::task::spawn_blocking(move || {
            for (path, text) in latest {
                if let Err(e) = write_atomically(&path, &text) {
                    eprintln!("camelot serve: {}: {e}", path.display());
                }
            }
        })
        .await;
    }
}

/// How many connections one address may hold open at once.
pub const MAX_PER_ADDRESS: usize = 16;
/// How many connection attempts one address may make in `KNOCK_WINDOW`.
pub const MAX_KNOCKS: usize = 40;
const KNOCK_WINDOW: std::time::Duration = std::time::Duration::from_secs(10);

/// Who is knocking and who is in, by address.
struct Doors {
    limits: Limits,
    open: BTreeMap<std::net::IpAddr, usize>,
    knocks: BTreeMap<std::net::IpAddr, Vec<std::time::Instant>>,
}

impl Doors {
    /// Counts an attempt; false when the address has tried too often lately.
    fn knock(&mut self, from: std::net::IpAddr, now: std::time::Instant) -> bool {
        let recent = self.knocks.entry(from).or_default();
        recent.retain(|t| now.duration_since(*t) < KNOCK_WINDOW);
        recent.push(now);
        recent.len() <= self.limits.knocks
    }
    /// Lets a connection in; false when the address holds too many.
    fn enter(&mut self, from: std::net::IpAddr) -> bool {
        let n = self.open.entry(from).or_default();
        if *n >= self.limits.per_address {
            return false;
        }
        *n += 1;
        true
    }
    fn leave(&mut self, from: std::net::IpAddr) {
        if let Some(n) = self.open.get_mut(&from) {
            *n = n.saturating_sub(1);
        }
    }
}

/// How many chat lines a connection may send in `CHAT_WINDOW`.
const CHAT_LINES: usize = 5;
const CHAT_WINDOW: std::time::Duration = std::time::Duration::from_secs(10);

async fn serve_connection(connection: quinn::Connection, host: Arc<Mutex<Host>>) {
    let Ok((send, recv)) = connection.accept_bi().await else {
        return;
    };
    let mut w = wire(send, recv);
    let hello = match take::<ToHost>(&mut w).await {
        Some(Ok(open @ ToHost::Open { .. })) => {
            let opened = lock(&host).open_room(&open);
            return match opened {
                Ok((room, key)) => {
                    let _ = put(&mut w, &ToPlayer::Opened { room, key: hex(&key) }).await;
                    goodbye(&connection, &mut w, "the room is open".into()).await;
                }
                Err(why) => goodbye(&connection, &mut w, why).await,
            };
        }
        Some(Ok(hello)) => hello,
        Some(Err(why)) => return goodbye(&connection, &mut w, why).await,
        None => return,
    };
    let (tx, mut rx) = mpsc::unbounded_channel();
    let joined = lock(&host).join(&hello, tx);
    let (room, conn, seat) = match joined {
        Ok(j) => j,
        Err(why) => return goodbye(&connection, &mut w, why).await,
    };
    let mut strikes = 0;
    let mut said: Vec<std::time::Instant> = Vec::new();
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(message) => {
                    if put(&mut w, &message).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
            incoming = take::<ToHost>(&mut w) => match incoming {
                None => break,
                Some(Err(why)) => {
                    strikes += 1;
                    if strikes >= STRIKES {
                        lock(&host).leave(room, conn);
                        return goodbye(&connection, &mut w, format!("{why}; {STRIKES} such messages end the connection")).await;
                    }
                    let _ = put(&mut w, &ToPlayer::Refused(why)).await;
                }
                Some(Ok(ToHost::Play { at, index })) => {
                    lock(&host).play(room, conn, seat, at, index);
                    tokio::spawn(bots_play(host.clone(), room));
                }
                Some(Ok(ToHost::Chat(text))) => {
                    let now = std::time::Instant::now();
                    said.retain(|t| now.duration_since(*t) < CHAT_WINDOW);
                    if said.len() >= CHAT_LINES {
                        let why = format!("at most {CHAT_LINES} chat lines in {} seconds", CHAT_WINDOW.as_secs());
                        let _ = put(&mut w, &ToPlayer::Refused(why)).await;
                    } else {
                        said.push(now);
                        lock(&host).chat(room, seat, &text);
                    }
                }
                Some(Ok(ToHost::Hello { .. } | ToHost::Open { .. })) => {
                    let _ = put(&mut w, &ToPlayer::Refused("this connection has said hello already".into())).await;
                }
            },
        }
    }
    lock(&host).leave(room, conn);
}

/// Tells the player why the connection ends, and lets it read that before the connection goes
/// (the player closes it on reading; a player that does not is cut off after a few seconds).
async fn goodbye(connection: &quinn::Connection, w: &mut Wire, why: String) {
    let _ = put(w, &ToPlayer::Goodbye(why)).await;
    let _ = SinkExt::<Bytes>::close(w).await;
    let _ = tokio::time::timeout(std::time::Duration::from_secs(3), connection.closed()).await;
}

fn short(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}

/// Opens a room on the host that listens where its folder says (`host.address`), with the
/// folder's secret: its number and key, with the host's port. `None` when no host answers there
/// (none runs, or the file is old).
pub async fn open_on_running(
    dir: &Path,
    game: GameId,
    config: TableConfig,
    rules: RoomRules,
) -> Option<Result<(u64, [u8; KEY_BYTES], u16), String>> {
    let at: SocketAddr = std::fs::read_to_string(dir.join("host.address"))
        .ok()?
        .trim()
        .parse()
        .ok()?;
    let admin = admin_secret(dir).ok()?;
    let cert = std::fs::read(dir.join("host.cert")).ok()?;
    // The host listens on every address, or on one: reach it on this machine.
    let ip = if at.ip().is_unspecified() {
        if at.is_ipv6() {
            std::net::IpAddr::V6(std::net::Ipv6Addr::LOCALHOST)
        } else {
            std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST)
        }
    } else {
        at.ip()
    };
    let to = SocketAddr::new(ip, at.port());
    let reached = tokio::time::timeout(std::time::Duration::from_secs(3), async {
        let (_endpoint, _connection, mut w) = connect(to, &to.to_string(), fingerprint(&cert)).await?;
        put(
            &mut w,
            &ToHost::Open {
                protocol: PROTOCOL,
                build: crate::version::LONG.into(),
                admin: hex(&admin),
                game,
                config,
                rules,
            },
        )
        .await?;
        match take::<ToPlayer>(&mut w).await {
            Some(Ok(ToPlayer::Opened { room, key })) => Ok(Some((room, unhex::<KEY_BYTES>(&key, "key")?, at.port()))),
            Some(Ok(ToPlayer::Goodbye(why))) => Err(why),
            _ => Ok(None),
        }
    })
    .await;
    match reached {
        Ok(Ok(Some(opened))) => Some(Ok(opened)),
        Ok(Err(why)) if !why.contains("could not be reached") => Some(Err(why)),
        _ => None,
    }
}

/// A connection to the host at `addr` whose certificate is `pinned`, with its stream of messages.
async fn connect(
    addr: SocketAddr,
    place: &str,
    pinned: [u8; FINGERPRINT_BYTES],
) -> Result<(quinn::Endpoint, quinn::Connection, Wire), String> {
    let local: SocketAddr = if addr.is_ipv6() { "[::]:0" } else { "0.0.0.0:0" }
        .parse()
        .map_err(|e| format!("{e}"))?;
    let mut endpoint = quinn::Endpoint::client(local).map_err(|e| format!("no connection can be opened here: {e}"))?;
    endpoint.set_default_client_config(client_config(pinned)?);
    let connection = endpoint
        .connect(addr, CERT_NAME)
        .map_err(|e| e.to_string())?
        .await
        .map_err(|e| {
            format!(
                "the host {place} could not be reached ({e}): check that it runs, that its port (UDP) is open to you, \
                 and that the invitation is this host's"
            )
        })?;
    let (send, recv) = connection.open_bi().await.map_err(|e| e.to_string())?;
    Ok((endpoint, connection, wire(send, recv)))
}

/// A player's connection to a host's room.
pub struct Client {
    w: Wire,
    _endpoint: quinn::Endpoint,
    connection: quinn::Connection,
    pub seat: Option<Seat>,
    pub token: String,
    pub game: GameId,
    /// The table's seats and variants, its seed left out until the game is over.
    pub config: TableConfig,
    pub rules: RoomRules,
}

impl Client {
    /// Reaches the invitation's host (only if its certificate is the one the invitation names),
    /// says hello and waits for the welcome; the host's refusal in words otherwise.
    /// `library`'s content must be the host's (the table is re-dealt from it).
    pub async fn join(
        invite: &Invite,
        seat: SeatAsk,
        name: &str,
        token: Option<String>,
        library: &Library,
    ) -> Result<Client, String> {
        let place = format!("{}:{}", invite.host, invite.port);
        let addr = tokio::net::lookup_host(&place)
            .await
            .ok()
            .and_then(|mut a| a.next())
            .ok_or_else(|| format!("the host {place} cannot be found: check the invitation"))?;
        let (endpoint, connection, mut w) = connect(addr, &place, invite.fingerprint).await?;
        put(
            &mut w,
            &ToHost::Hello {
                protocol: PROTOCOL,
                build: crate::version::LONG.into(),
                room: invite.room,
                key: hex(&invite.key),
                seat,
                name: name.into(),
                token,
            },
        )
        .await?;
        match take::<ToPlayer>(&mut w).await {
            Some(Ok(ToPlayer::Welcome {
                protocol,
                build,
                game,
                seat,
                token,
                config,
                content,
                rules,
            })) => {
                if let Some(why) = other_protocol(protocol, &build) {
                    return Err(why);
                }
                if content != library.content_hash(game) {
                    return Err(format!(
                        "the host plays {} with other rules files than yours (content {} against yours {}): both \
                         sides need the same files",
                        game.title(),
                        short(&content),
                        short(&library.content_hash(game))
                    ));
                }
                Ok(Client {
                    w,
                    _endpoint: endpoint,
                    connection,
                    seat,
                    token,
                    game,
                    config,
                    rules,
                })
            }
            Some(Ok(ToPlayer::Goodbye(why))) => Err(why),
            Some(Ok(other)) => Err(format!("the host answered hello with {other:?}")),
            Some(Err(why)) => Err(why),
            None => Err("the host closed the connection".into()),
        }
    }

    /// The next message from the host; `None` once it has gone.
    pub async fn next(&mut self) -> Option<Result<ToPlayer, String>> {
        take(&mut self.w).await
    }

    pub async fn send(&mut self, message: &ToHost) -> Result<(), String> {
        put(&mut self.w, message).await
    }

    /// The round trip to the host, as QUIC measures it.
    pub fn rtt(&self) -> std::time::Duration {
        self.connection.rtt()
    }
}
