//! A table before play: the games, the seats (who sits there, human or bot, their names and
//! colours), the variants a game offers and how each is chosen.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A seat at the table, counted from 0 in turn order.
pub type Seat = usize;

/// The games this table knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    Court,
    Future,
    Shadows,
    /// A tiny game with hidden hands, used by the tests of the table itself (test support only:
    /// no player can pick it).
    #[cfg(any(test, feature = "test-support"))]
    Test,
}

impl GameId {
    pub fn key(self) -> &'static str {
        match self {
            GameId::Court => "court",
            GameId::Future => "future",
            GameId::Shadows => "shadows",
            #[cfg(any(test, feature = "test-support"))]
            GameId::Test => "test",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            GameId::Court => "Camelot – The Court",
            GameId::Future => "Die Zukunft von Camelot",
            GameId::Shadows => "Shadows over Camelot",
            #[cfg(any(test, feature = "test-support"))]
            GameId::Test => "Test game",
        }
    }

    /// The game in a sentence, for its cover in the menu.
    pub fn blurb(self) -> &'static str {
        match self {
            GameId::Court => {
                "Courtiers jostle for the King's favour: move your knights up the Great Hall, gossip, banish and score."
            }
            GameId::Future => "Shape the future of Camelot: predict, build and outwit your rivals.",
            GameId::Shadows => "Loyal knights quest together against the shadows — but one of them may be a traitor.",
            #[cfg(any(test, feature = "test-support"))]
            GameId::Test => "A tiny test game.",
        }
    }

    /// Inclusive bounds on the number of seats.
    pub fn seats(self) -> (usize, usize) {
        match self {
            GameId::Court | GameId::Future => (2, 5),
            GameId::Shadows => (3, 7),
            #[cfg(any(test, feature = "test-support"))]
            GameId::Test => (2, 5),
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// How hard a bot tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Difficulty {
    Easy,
    Normal,
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];
    pub fn key(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatKind {
    Human,
    Bot(Difficulty),
}

impl SeatKind {
    pub fn is_human(self) -> bool {
        self == SeatKind::Human
    }

    /// Parses `human`, `bot`, `bot:easy`, `bot:normal`, `bot:hard`.
    pub fn parse(s: &str) -> Result<SeatKind, String> {
        match s.trim() {
            "human" | "h" => Ok(SeatKind::Human),
            "bot" | "bot:normal" => Ok(SeatKind::Bot(Difficulty::Normal)),
            "bot:easy" => Ok(SeatKind::Bot(Difficulty::Easy)),
            "bot:hard" => Ok(SeatKind::Bot(Difficulty::Hard)),
            other => Err(format!(
                "unknown seat \"{other}\": use human, bot:easy, bot:normal or bot:hard"
            )),
        }
    }
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatKind::Human => f.write_str("human"),
            SeatKind::Bot(d) => write!(f, "bot:{}", d.key()),
        }
    }
}

/// One seat of the table as chosen in the menu or on the command line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatConfig {
    pub name: String,
    pub kind: SeatKind,
    /// sRGB colour of the seat's tokens and name.
    pub colour: [u8; 3],
    /// Whether a person at this seat may ask for hints (the window's Hint button); on unless
    /// switched off in the menu. Saves leave it out while it is on.
    #[serde(default = "hints_on", skip_serializing_if = "is_on")]
    pub hints: bool,
}

fn hints_on() -> bool {
    true
}

fn is_on(on: &bool) -> bool {
    *on
}

/// Default seat colours and names, in seat order.
pub const SEAT_COLOURS: [[u8; 3]; 7] = [
    [200, 50, 50],
    [50, 150, 70],
    [60, 100, 210],
    [225, 225, 215],
    [230, 190, 40],
    [150, 80, 180],
    [230, 130, 40],
];
pub const SEAT_NAMES: [&str; 7] = [
    "Guinevere",
    "Morgana",
    "Percival",
    "Nimue",
    "Galahad",
    "Elaine",
    "Bedivere",
];

/// Everything a game needs to start: seats, variants and the seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableConfig {
    pub seats: Vec<SeatConfig>,
    pub seed: u64,
    #[serde(default)]
    pub variants: BTreeMap<String, String>,
}

impl TableConfig {
    /// `n` seats with the default names and colours, all of one kind.
    pub fn with_players(n: usize, kind: SeatKind, seed: u64) -> TableConfig {
        let seats = (0..n)
            .map(|i| SeatConfig {
                name: SEAT_NAMES[i % SEAT_NAMES.len()].to_string(),
                kind,
                colour: SEAT_COLOURS[i % SEAT_COLOURS.len()],
                hints: true,
            })
            .collect();
        TableConfig {
            seats,
            seed,
            variants: BTreeMap::new(),
        }
    }

    pub fn players(&self) -> usize {
        self.seats.len()
    }

    pub fn seat_name(&self, seat: Seat) -> &str {
        self.seats.get(seat).map(|s| s.name.as_str()).unwrap_or("?")
    }

    /// A variant's value, or `default` when it is not set.
    pub fn variant<'a>(&'a self, key: &str, default: &'a str) -> &'a str {
        self.variants.get(key).map(String::as_str).unwrap_or(default)
    }

    /// Why a seat's name cannot be used, in words (`seat` from 0): none at all, or longer than
    /// `NAME_LIMIT` letters; `None` when it is a name every table can draw.
    pub fn name_problem(name: &str) -> Option<String> {
        let letters = name.trim().chars().count();
        if letters == 0 {
            Some("needs a name".to_string())
        } else if letters > NAME_LIMIT {
            Some(format!("{letters} letters long; a name has at most {NAME_LIMIT}"))
        } else {
            None
        }
    }

    /// Every seat's name checked (`name_problem`): the first problem, as "seat 2's name is …".
    pub fn check_names(&self) -> Result<(), String> {
        for (i, seat) in self.seats.iter().enumerate() {
            if let Some(why) = TableConfig::name_problem(&seat.name) {
                return Err(format!("seat {}'s name \"{}\" {why}", i + 1, seat.name.trim()));
            }
        }
        Ok(())
    }
}

/// The longest seat name, in letters: every table, chip, panel and bar is laid out to draw a name
/// this long whole (the menu and `--names` refuse a longer one).
pub const NAME_LIMIT: usize = 18;

/// A variant a game offers in the menu and as `--variant key=value`: its key, its words, the
/// values it suggests and how it is chosen.
#[derive(Clone, Debug)]
pub struct VariantSpec {
    pub key: &'static str,
    pub label: &'static str,
    /// Suggested values; the first is the default.
    pub options: Vec<String>,
    pub kind: VariantKind,
}

/// How a variant is chosen: one value for the table, or seat by seat in the seats' rows.
#[derive(Clone, Debug)]
pub enum VariantKind {
    /// One value for the whole table among the options; `custom`: or any value the game accepts.
    Table { custom: bool },
    /// A choice made for each seat, as `(value, label)` pairs: the variant's value then lists one
    /// value per seat in seat order, separated by commas, each used at most once.
    PerSeat(Vec<(String, String)>),
    /// A yes-or-no for each seat, with this label beside the seat (The Court's tights): the
    /// variant's value then lists the seats that say yes, by number from 1 ("1,3").
    SeatFlag(&'static str),
    /// The colours each seat plays (Die Zukunft's), picked in each seat's row; the options (a
    /// deal of the game's own, a choice made at the table) and any list of colours the game
    /// accepts are one value for the table as well.
    SeatColours(SeatColours),
}

/// Colours played seat by seat: the palette, how many each seat plays, and how a value deals them.
#[derive(Clone, Debug)]
pub struct SeatColours {
    /// The colours by number: the name a value lists them by, their RGB and the letter a chip
    /// of theirs carries.
    pub palette: &'static [(&'static str, [u8; 3], &'static str)],
    /// How many colours each seat plays, with this many seats.
    pub each: fn(usize) -> usize,
    /// The colours a value gives, seat by seat, with this many seats: `None` for a value the game
    /// refuses or one that leaves the choice to the table.
    pub deal: fn(usize, &str) -> Option<Vec<Vec<u8>>>,
    /// The value that leaves the colours to be chosen at the table, and what a seat's row says
    /// then.
    pub at_table: Option<(&'static str, &'static str)>,
    /// What a seat's colour means, beside its choice.
    pub tip: &'static str,
}

impl VariantSpec {
    /// A variant with one value for the whole table.
    pub fn table(key: &'static str, label: &'static str, options: &[&str], custom: bool) -> VariantSpec {
        VariantSpec {
            key,
            label,
            options: options.iter().map(|o| o.to_string()).collect(),
            kind: VariantKind::Table { custom },
        }
    }

    /// Whether a value of one's own (not among the options) may be typed for the whole table.
    pub fn custom(&self) -> bool {
        match self.kind {
            VariantKind::Table { custom } => custom,
            VariantKind::SeatColours(_) => true,
            VariantKind::PerSeat(_) | VariantKind::SeatFlag(_) => false,
        }
    }

    /// Whether the variant is one value for the table, chosen among the variants (not in the
    /// seats' rows alone).
    pub fn for_the_table(&self) -> bool {
        matches!(self.kind, VariantKind::Table { .. } | VariantKind::SeatColours(_))
    }
}

impl VariantSpec {
    /// The seats (from 0) a seat-flag value says yes for, ignoring what is not a seat number.
    pub fn flagged_seats(value: &str, seats: usize) -> Vec<Seat> {
        let mut out: Vec<Seat> = value
            .split(',')
            .filter_map(|p| p.trim().parse::<usize>().ok())
            .filter(|&s| (1..=seats).contains(&s))
            .map(|s| s - 1)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// A seat-flag value for these seats (from 0).
    pub fn flag_value(seats: &[Seat]) -> String {
        seats.iter().map(|s| (s + 1).to_string()).collect::<Vec<_>>().join(",")
    }
}
