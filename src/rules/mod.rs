//! The rules core: the contract every game follows, seats, visibility, refusals, seeded dice and
//! shuffles, and the match record with its replay. Plain Rust, no Bevy.

mod bot_hints;
pub mod court;
pub mod dice;
pub mod future;
pub mod record;
mod report;
#[cfg(any(test, feature = "test-support"))]
pub mod scratch;
#[cfg(any(test, feature = "test-support"))]
pub mod secrets;
pub mod shadows;
#[cfg(any(test, feature = "test-support"))]
pub mod testgame;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

pub use bot_hints::{BotHints, Budget, random_choice, score_margins};
pub use dice::GameRng;
pub use record::{Match, SaveError, SaveFile};
pub use report::Report;

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

/// Who may see an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    Everyone,
    Only(Seat),
    /// Nobody yet (e.g. a card placed face down); revealed later by another event.
    Nobody,
    /// Everyone but this seat, who reads a fuller line of its own (e.g. "you draw Move, Score"
    /// where the others read "draws 2 cards"). Used for log lines, not for events.
    Except(Seat),
}

impl Visibility {
    /// Whether `viewer` may see it. `None` is an onlooker who sees only public things.
    pub fn shows_to(self, viewer: Option<Seat>) -> bool {
        match self {
            Visibility::Everyone => true,
            Visibility::Only(s) => viewer == Some(s),
            Visibility::Nobody => false,
            Visibility::Except(s) => viewer != Some(s),
        }
    }
}

/// An event with who may see it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tagged<E> {
    pub to: Visibility,
    pub event: E,
}

impl<E> Tagged<E> {
    pub fn public(event: E) -> Self {
        Tagged {
            to: Visibility::Everyone,
            event,
        }
    }
    pub fn only(seat: Seat, event: E) -> Self {
        Tagged {
            to: Visibility::Only(seat),
            event,
        }
    }
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Winning seats (several for a team win such as the loyal knights of Shadows).
    pub winners: Vec<Seat>,
    /// Final score of each seat, where the game has scores.
    pub scores: Vec<i64>,
    pub summary: String,
}

/// Whose decision it is, or how the game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Decide {
        seat: Seat,
        /// What is being decided, in the game's words ("Play a card or end your turn").
        prompt: String,
        /// Whether deciding means looking at that seat's secrets (then a hand-off guards it).
        private: bool,
    },
    Finished(Outcome),
}

impl Pending {
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Pending::Decide { seat, .. } => Some(*seat),
            Pending::Finished(_) => None,
        }
    }
}

/// Words with a capital first letter (a sentence that starts with a name: "A Combat card …").
pub fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A count and its noun: "1 card", "3 cards" (`many` is the plural).
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A part of a game's rulebook, by the id its rulebook file gives the part's heading
/// (`A. Moving to a new Quest {#move}` is `RulePart("move")`): where a decision, a move or a
/// refusal comes from. The window links to the part; a test checks every id a game names is in
/// its rulebook.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RulePart(pub &'static str);

/// A place a move concerns, by the id the game's table lays it out under: a place of the board
/// (a Court space "E10", a quest "quest:grail", a room "room:red", the pile "black_pile") or a
/// panel every table has (`Place::PANELS`). Hints, guided steps and the review point there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place(pub std::borrow::Cow<'static, str>);

impl Place {
    /// The hand of the seat at the screen.
    pub const HAND: Place = Place::fixed("hand");
    /// The seats' panel (Life points, scores, reserves).
    pub const PLAYERS: Place = Place::fixed("players");
    /// The decision's own buttons, under the board.
    pub const PROMPT: Place = Place::fixed("prompt");
    /// The places every table has beside its board's own (`Game::board_places`).
    pub const PANELS: [&'static str; 5] = ["board", "hand", "players", "prompt", "log"];

    pub const fn fixed(id: &'static str) -> Place {
        Place(std::borrow::Cow::Borrowed(id))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A side of a game played in teams (`Game::sides`): its name, its seats, and how it finished
/// in words ("7 White Swords").
#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    pub name: String,
    pub seats: Vec<Seat>,
    pub score: String,
    pub won: bool,
}

/// What a game counts its play in (`Game::PERIOD`), and its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Period {
    /// Each seat's turn in order (The Court, Shadows).
    Turn,
    /// Rounds in which every seat plays (Die Zukunft's seven).
    Round,
}

impl Period {
    /// "turn" or "round".
    pub fn word(self) -> &'static str {
        match self {
            Period::Turn => "turn",
            Period::Round => "round",
        }
    }

    /// "turns" or "rounds".
    pub fn plural(self) -> &'static str {
        match self {
            Period::Turn => "turns",
            Period::Round => "rounds",
        }
    }

    /// "Turn 3", "Round 2".
    pub fn title(self, n: u32) -> String {
        match self {
            Period::Turn => format!("Turn {n}"),
            Period::Round => format!("Round {n}"),
        }
    }

    /// "3 turns", "1 round".
    pub fn count(self, n: u64) -> String {
        counted(n, self.word(), self.plural())
    }
}

/// A chance in words, to the whole percent: "48 %".
pub fn percent(x: f64) -> String {
    format!("{:.0} %", x * 100.0)
}

/// An ordinal in words: "first", "second", … "twelfth", then "13th", "21st", "22nd".
pub fn ordinal(n: usize) -> String {
    const WORDS: [&str; 12] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
        "twelfth",
    ];
    match n.checked_sub(1).and_then(|i| WORDS.get(i)) {
        Some(w) => (*w).to_string(),
        None => {
            let suffix = match (n % 10, n % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
    }
}

/// The judge of a game whose legal list is the judge (Die Zukunft, Shadows): accepts exactly
/// what `legal_into` lists; only a refused action is looked at again, by `why_not`, to say why.
pub fn judge_by_list<A: PartialEq>(
    action: &A,
    legal_into: impl FnOnce(&mut Vec<A>),
    why_not: impl FnOnce(&[A]) -> String,
) -> Result<(), RuleError> {
    let mut legal = Vec::new();
    legal_into(&mut legal);
    if legal.contains(action) {
        Ok(())
    } else {
        Err(RuleError(why_not(&legal)))
    }
}

/// An action the rules refused, with the reason in words. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError(pub String);

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for RuleError {}

/// A configuration the game cannot start with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for SetupError {}

/// One hidden part of the table, in words, for a finished game's replay that shows everything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Secret {
    /// Whose it is: a seat's hand, Loyalty or face-down card; `None` for the table's piles and
    /// what lies face down in no one's keeping.
    pub owner: Option<Seat>,
    /// What it is, e.g. "Hand: Fight 3, Fight 5, Merlin" or "White pile, top first: ...".
    pub text: String,
}

impl Secret {
    /// "label: a, b, c" by the names of `items`, or "label: (empty)" when there are none.
    pub fn list<T: fmt::Display>(owner: Option<Seat>, label: &str, items: impl IntoIterator<Item = T>) -> Secret {
        Secret::list_by(owner, label, items, ", ")
    }

    /// `list` with another separator (for names that hold commas themselves).
    pub fn list_by<T: fmt::Display>(
        owner: Option<Seat>,
        label: &str,
        items: impl IntoIterator<Item = T>,
        separator: &str,
    ) -> Secret {
        let names: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
        let listed = if names.is_empty() {
            "(empty)".to_string()
        } else {
            names.join(separator)
        };
        Secret {
            owner,
            text: format!("{label}: {listed}"),
        }
    }
}

/// The contract every game module follows.
pub trait Game: Clone + Send + Sync + 'static {
    type Action: Clone + fmt::Debug + PartialEq + Serialize + serde::de::DeserializeOwned + Send + Sync + 'static;
    type Event: Clone + fmt::Debug + Send + Sync + 'static;
    /// The state as one seat may know it.
    type View: Clone + fmt::Debug + Send + Sync + 'static;
    /// The validated content the game is built from.
    type Content: crate::content::LoadContent;

    const ID: GameId;

    /// What `turns_taken` counts: a seat's turns, or rounds in which every seat plays (Die
    /// Zukunft). Every place that says when something happened uses its word.
    const PERIOD: Period = Period::Turn;

    /// The variants this game offers.
    fn variants() -> Vec<VariantSpec>;

    /// The variants with the options the content offers (e.g. the targets in a rules file).
    fn variants_for(content: &Self::Content) -> Vec<VariantSpec> {
        let _ = content;
        Self::variants()
    }

    fn new(config: &TableConfig, content: &Self::Content) -> Result<Self, SetupError>;

    /// `new` from content already shared, which a game may keep without copying it (the
    /// simulator starts thousands of games from one content).
    fn new_shared(config: &TableConfig, content: &std::sync::Arc<Self::Content>) -> Result<Self, SetupError> {
        Self::new(config, content)
    }

    /// What happened while setting up (e.g. the roll-off for the first player), for the log.
    fn opening_events(&self) -> Vec<Tagged<Self::Event>> {
        Vec::new()
    }

    /// Whose decision it is now, or how the game ended, with the prompt in words (for the
    /// table). Searches and simulations ask `to_act` and `outcome` instead, which build no text.
    fn pending(&self) -> Pending;

    /// The seat to decide now; `None` once the game is over. Cheap: no text, no allocation.
    fn to_act(&self) -> Option<Seat>;

    /// How the game ended, once it has.
    fn outcome(&self) -> Option<&Outcome>;

    /// Every legal action now, in a fixed order, into `out` (cleared first). This is the hot path
    /// of every search and simulation: it builds no refusal messages and allocates nothing
    /// beyond `out`'s own growth (see ARCHITECTURE.md, "How legal moves stay fast").
    fn legal_actions_into(&self, out: &mut Vec<Self::Action>);

    /// `legal_actions_into` into a fresh `Vec`.
    fn legal_actions(&self) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// Applies an action, reporting what happened into `report` (nowhere when it is off). A
    /// refusal says why and leaves the state untouched. A game implements `apply_into` or
    /// `apply`: each one's default calls the other.
    fn apply_into(&mut self, action: &Self::Action, report: &mut Report<Self::Event>) -> Result<(), RuleError> {
        let events = self.apply(action)?;
        if let Some(out) = report.0.as_deref_mut() {
            out.extend(events);
        }
        Ok(())
    }

    /// Applies an action. A refusal says why and leaves the state untouched.
    fn apply(&mut self, action: &Self::Action) -> Result<Vec<Tagged<Self::Event>>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut Report(Some(&mut events)))?;
        Ok(events)
    }

    /// `apply` without reporting what happened, for searches and simulations that never read
    /// the events: the same rules, the same state afterwards, the same refusals.
    fn apply_quiet(&mut self, action: &Self::Action) -> Result<(), RuleError> {
        self.apply_into(action, &mut Report(None))
    }

    fn view(&self, seat: Seat) -> Self::View;

    /// A line for the log.
    fn describe_event(&self, event: &Self::Event) -> String;

    /// The log's lines for the events of one action (or of the setup), one per event in order,
    /// each with who may read it. By default every event gets its own line, read by whoever may
    /// see the event; a game may fold an event into an earlier line (an empty text: no line of
    /// its own) so that the log tells each happening once.
    fn log_lines(&self, events: &[Tagged<Self::Event>]) -> Vec<(Visibility, String)> {
        events.iter().map(|t| (t.to, self.describe_event(&t.event))).collect()
    }

    /// A label for a button or a bot trace.
    fn describe_action(&self, action: &Self::Action) -> String;

    /// The name of the emblem a seat plays under, as its content names it (a faction's symbol),
    /// for the table's shields; public. None where seats have no emblem.
    fn seat_emblem(&self, _seat: Seat) -> Option<&str> {
        None
    }

    /// The colour a seat plays in where the game assigns it (Die Zukunft's player colours),
    /// for the table's chips; None where the seat's own colour from the menu stands.
    fn seat_rgb(&self, _seat: Seat) -> Option<[u8; 3]> {
        None
    }

    /// The piece of content an action uses — a card played, a mission taken, a room or a quest
    /// gone to — in words, for the balance bench's table of how often each is used and how often
    /// its user wins; None for an action that uses none. Asked before the action is applied.
    fn used(&self, _action: &Self::Action) -> Option<String> {
        None
    }

    /// Whether this event draws on chance or reveals something hidden, so that undo may not
    /// cross it.
    fn is_irreversible(event: &Self::Event) -> bool;

    /// Turns (or, by `PERIOD`, rounds) started so far, where the game counts them (a turn may hold
    /// many actions); the simulator's mean game length uses it when present.
    fn turns_taken(&self) -> Option<u32> {
        None
    }

    /// Words for how a finished game went, counted by `camelot sim` as shares of games: what a
    /// win or loss by seat cannot say. A tag `name` is a yes (`!name`: a no, so the share shows
    /// even when it is 0); `name=value` tags group under `name`. Empty by default.
    fn outcome_tags(&self) -> Vec<String> {
        Vec::new()
    }

    /// A tag of `outcome_tags` or a figure of `outcome_figures` ("ends=siege", "quest_grail",
    /// "life_to_evil_per_loyal_knight") in a tinkerer's words, for the bench's window and report.
    /// Default: the tag with its underscores as spaces.
    fn outcome_words(tag: &str) -> String {
        tag.replace('_', " ").replace('=', ": ")
    }

    /// Whether the game is played in sides (`sides`): a seat wins with its side, so a seat's
    /// win rate is its side's.
    const IN_SIDES: bool = false;

    /// Whether a player can choose the game (in the menu, on the command line); the test game
    /// cannot.
    const LISTED: bool = true;

    /// How a finished game went in numbers, each a per-game figure the simulator and the bench
    /// average with its interval (Shadows: Life given to Evil per Loyal Knight). Default: none.
    fn outcome_figures(&self) -> Vec<(String, f64)> {
        Vec::new()
    }

    /// Every hidden part of the state now, in words (hands, Loyalty cards, face-down cards, the piles'
    /// order top first, a fist not yet opened, hidden tiles ...), each seat's first in seat order, then the table's.
    /// For a finished game's replay only: the table never shows it during play.
    fn secrets(&self) -> Vec<Secret> {
        Vec::new()
    }

    /// The sides of a finished game played in teams (Shadows' Loyal Knights and Evil), the
    /// winners' first: the results list each seat under its side, not as a leaderboard. Empty
    /// (the default) where every seat plays for itself, and while the game goes on.
    fn sides(&self) -> Vec<Side> {
        Vec::new()
    }

    /// Where on the table `action` is played now: a place of `board_places` or a panel
    /// (`Place::PANELS`). Default: the decision's buttons.
    fn place_of(&self, _action: &Self::Action) -> Place {
        Place::PROMPT
    }

    /// The places of this game's board for this content (its table lays out each under this id).
    fn board_places(_content: &Self::Content) -> Vec<Place> {
        Vec::new()
    }

    /// The rulebook part `action` comes under now (a refusal of it links there).
    fn rule_of(&self, _action: &Self::Action) -> Option<RulePart> {
        None
    }

    /// The rulebook part the pending decision comes from.
    fn rule_of_decision(&self) -> Option<RulePart> {
        None
    }

    /// A summary used by property tests: every component counted, to prove conservation.
    fn census(&self) -> BTreeMap<String, usize> {
        BTreeMap::new()
    }
}
