//! A player's side of a room that keeps itself at the table: it joins, passes the host's messages
//! on, sends the player's, and when the connection drops it tries again on its own (after 1, 2, 4,
//! 8, 15, then every 30 seconds, or at once when asked), taking the seat back with its token. The
//! window reads what it says each frame; `wake` tells a sleeping window that something came.

use crate::library::Library;
use crate::online::invite::Invite;
use crate::online::net::Client;
use crate::online::protocol::{RoomRules, SeatAsk, ToHost, ToPlayer};
use crate::rules::{GameId, Seat, TableConfig};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// What the link tells the player's side.
#[derive(Clone, Debug)]
pub enum LinkEvent {
    /// In the room (again): the seat, its token, the game and table, the room's rules.
    Joined {
        seat: Option<Seat>,
        token: String,
        game: GameId,
        config: TableConfig,
        rules: RoomRules,
    },
    /// A message of the host.
    Message(ToPlayer),
    /// The connection dropped (or could not be made again): why, and when it tries again.
    Lost { why: String, retry_in: Duration },
    /// The room would not take the player (a wrong or old code, a full table, another version,
    /// a host that cannot be reached): the link has stopped.
    Closed(String),
    /// The round trip to the host.
    Rtt(Duration),
}

enum Order {
    Send(ToHost),
    TryNow,
}

/// Something to call when the link has news for a window that may be asleep.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The waits between attempts to reach the host again.
const RETRY: [u64; 6] = [1, 2, 4, 8, 15, 30];

/// A player's link to a room; it stops when dropped.
pub struct Link {
    orders: mpsc::UnboundedSender<Order>,
    /// Behind a lock so that the link can be shared (the window's resources are).
    events: std::sync::Mutex<std::sync::mpsc::Receiver<LinkEvent>>,
}

/// Who the link joins as.
#[derive(Clone, Debug)]
pub struct JoinAs {
    pub seat: SeatAsk,
    pub name: String,
    /// The token of the seat held before, if any: it takes that seat back.
    pub token: Option<String>,
}

impl Link {
    /// Starts the link on `runtime`: it joins the invitation's room as `who`.
    pub fn open(runtime: &tokio::runtime::Handle, invite: Invite, who: JoinAs, library: Library, wake: Waker) -> Link {
        let (orders, rx) = mpsc::unbounded_channel();
        let (tx, events) = std::sync::mpsc::channel();
        runtime.spawn(run(invite, who, library, rx, tx, wake));
        Link {
            orders,
            events: std::sync::Mutex::new(events),
        }
    }

    /// Sends a message to the host (dropped while the connection is down: a move is asked again
    /// from the table the host sends on coming back).
    pub fn send(&self, message: ToHost) {
        let _ = self.orders.send(Order::Send(message));
    }

    /// Tries to reach the host now rather than at the next attempt.
    pub fn try_now(&self) {
        let _ = self.orders.send(Order::TryNow);
    }

    /// What the link has said since last asked.
    pub fn events(&self) -> Vec<LinkEvent> {
        match self.events.lock() {
            Ok(events) => events.try_iter().collect(),
            Err(poisoned) => poisoned.into_inner().try_iter().collect(),
        }
    }
}

async fn run(
    invite: Invite,
    mut who: JoinAs,
    library: Library,
    mut orders: mpsc::UnboundedReceiver<Order>,
    events: std::sync::mpsc::Sender<LinkEvent>,
    wake: Waker,
) {
    let tell = |e: LinkEvent| {
        let sent = events.send(e).is_ok();
        wake();
        sent
    };
    let mut joined_once = false;
    let mut attempt = 0usize;
    loop {
        let why = match Client::join(&invite, who.seat, &who.name, who.token.clone(), &library).await {
            Ok(mut client) => {
                joined_once = true;
                attempt = 0;
                if !client.token.is_empty() {
                    who.token = Some(client.token.clone());
                }
                let joined = LinkEvent::Joined {
                    seat: client.seat,
                    token: client.token.clone(),
                    game: client.game,
                    config: client.config.clone(),
                    rules: client.rules,
                };
                if !tell(joined) {
                    return;
                }
                match serve(&mut client, &mut orders, &tell).await {
                    Some(why) => why,
                    None => return,
                }
            }
            Err(why) if !joined_once => {
                tell(LinkEvent::Closed(why));
                return;
            }
            Err(why) if why.contains("holds no seat") => {
                tell(LinkEvent::Closed(why));
                return;
            }
            Err(why) => why,
        };
        let wait = Duration::from_secs(RETRY[attempt.min(RETRY.len() - 1)]);
        attempt += 1;
        if !tell(LinkEvent::Lost { why, retry_in: wait }) {
            return;
        }
        // Wait for the next attempt, or an order to try now; the player's messages are dropped
        // meanwhile. The link ends when the player's side lets it go.
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            tokio::select! {
                _ = tokio::time::sleep_until(deadline) => break,
                order = orders.recv() => match order {
                    None => return,
                    Some(Order::TryNow) => break,
                    Some(Order::Send(_)) => {}
                },
            }
        }
    }
}

/// Passes messages both ways until the connection drops (why) or the player's side lets the
/// link go (`None`).
async fn serve(
    client: &mut Client,
    orders: &mut mpsc::UnboundedReceiver<Order>,
    tell: &impl Fn(LinkEvent) -> bool,
) -> Option<String> {
    let mut every = tokio::time::interval(Duration::from_secs(2));
    loop {
        tokio::select! {
            message = client.next() => match message {
                Some(Ok(ToPlayer::Goodbye(why))) => return Some(format!("the host said goodbye: {why}")),
                Some(Ok(m)) => {
                    if !tell(LinkEvent::Message(m)) {
                        return None;
                    }
                }
                Some(Err(why)) => return Some(why),
                None => return Some("the host went away".into()),
            },
            order = orders.recv() => match order {
                None => return None,
                Some(Order::Send(m)) => {
                    if let Err(why) = client.send(&m).await {
                        return Some(why);
                    }
                }
                Some(Order::TryNow) => {}
            },
            _ = every.tick() => {
                if !tell(LinkEvent::Rtt(client.rtt())) {
                    return None;
                }
            }
        }
    }
}
