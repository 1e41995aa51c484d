//! Play across computers: the host's rooms, the invitations and the messages, without a socket.
//! Every rule of the online table lives here as plain functions over bytes and rooms, so that the
//! tests can feed them anything (a stranger's bytes, a request for another seat, a stale move)
//! and the transport only carries what they return.
//!
//! Parts: `protocol` (the messages, their version and their one encoding), `invite` (the code a
//! host hands out), `room` (a table on the host: its seats, who holds them, what each may read),
//! `net` (feature `online`: the host and the client over QUIC), `link` (feature `online`: a
//! player's side that keeps itself at the table), `recent` (the tokens and recent tables a player
//! keeps).

pub mod invite;
#[cfg(feature = "online")]
pub mod link;
#[cfg(feature = "online")]
pub mod net;
pub mod protocol;
pub mod recent;
pub mod room;
