//! The invitation a host hands out, as a code a person pastes into a chat: where the host is,
//! which room, the room's key (128 random bits) and the fingerprint of the host's certificate,
//! which the client pins, so that it reaches that host and no other.
//!
//! `camelot://HOST:PORT/ROOM/KEY/FINGERPRINT`, the key and fingerprint in hexadecimal; an IPv6
//! host in brackets (`[::1]:7471`).

/// The bytes of a room's key.
pub const KEY_BYTES: usize = 16;
/// The bytes of a certificate's fingerprint (SHA-256).
pub const FINGERPRINT_BYTES: usize = 32;
const SCHEME: &str = "camelot://";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    /// The host's name or address, as the client will dial it.
    pub host: String,
    pub port: u16,
    pub room: u64,
    pub key: [u8; KEY_BYTES],
    pub fingerprint: [u8; FINGERPRINT_BYTES],
}

impl Invite {
    /// The code to paste.
    pub fn code(&self) -> String {
        let host = if self.host.contains(':') {
            format!("[{}]", self.host)
        } else {
            self.host.clone()
        };
        format!(
            "{SCHEME}{host}:{}/{}/{}/{}",
            self.port,
            self.room,
            hex(&self.key),
            hex(&self.fingerprint)
        )
    }

    /// An invitation from its code (spaces and a line break around it, as a chat leaves them, are
    /// fine), or what is wrong with it in words.
    pub fn parse(code: &str) -> Result<Invite, String> {
        let code = code.trim();
        let rest = code
            .strip_prefix(SCHEME)
            .ok_or_else(|| format!("an invitation starts with {SCHEME}; this one does not"))?;
        let parts: Vec<&str> = rest.split('/').collect();
        let [place, room, key, fingerprint] = parts[..] else {
            return Err(format!(
                "an invitation has four parts after {SCHEME} (host:port, room, key, fingerprint); this one has {}",
                parts.len()
            ));
        };
        let (host, port) = split_host_port(place)?;
        let room = room
            .parse()
            .map_err(|_| format!("the invitation's room \"{room}\" is not a room number"))?;
        Ok(Invite {
            host,
            port,
            room,
            key: unhex(key, "key")?,
            fingerprint: unhex(fingerprint, "fingerprint")?,
        })
    }
}

/// A new room key: 128 bits from the operating system's generator (through `rand`'s thread
/// generator, a cryptographic one seeded by the system).
pub fn new_key() -> [u8; KEY_BYTES] {
    let mut key = [0u8; KEY_BYTES];
    rand::fill(&mut key);
    key
}

/// Whether two keys are the same, taking as long whatever they hold (no early exit a stranger
/// could time).
pub fn same_key(a: &[u8; KEY_BYTES], b: &[u8; KEY_BYTES]) -> bool {
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn split_host_port(place: &str) -> Result<(String, u16), String> {
    let (host, port) = if let Some(inner) = place.strip_prefix('[') {
        let (host, rest) = inner
            .split_once(']')
            .ok_or_else(|| format!("the invitation's address \"{place}\" opens a bracket it does not close"))?;
        let port = rest
            .strip_prefix(':')
            .ok_or_else(|| format!("the invitation's address \"{place}\" has no port"))?;
        (host, port)
    } else {
        place
            .rsplit_once(':')
            .ok_or_else(|| format!("the invitation's address \"{place}\" has no port"))?
    };
    if host.is_empty() {
        return Err("the invitation names no host".into());
    }
    let port = port
        .parse::<u16>()
        .ok()
        .filter(|&p| p != 0)
        .ok_or_else(|| format!("the invitation's port \"{port}\" is not a port (1 to 65535)"))?;
    Ok((host.to_string(), port))
}

/// Bytes in hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Exactly `N` bytes from hexadecimal, or why not (`what`: the part of the invitation).
pub fn unhex<const N: usize>(text: &str, what: &str) -> Result<[u8; N], String> {
    if text.len() != 2 * N || !text.is_ascii() {
        return Err(format!(
            "the invitation's {what} is {} characters long; it should be {} hexadecimal digits (was the code cut short?)",
            text.chars().count(),
            2 * N
        ));
    }
    let mut out = [0u8; N];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16)
            .map_err(|_| format!("the invitation's {what} holds a character that is not a hexadecimal digit"))?;
    }
    Ok(out)
}
