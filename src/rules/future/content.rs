//! The content of Die Zukunft von Camelot: every room side, the throne room and the deck with the
//! designed rule numbers, read from RON files and validated once. Every problem is reported with
//! the position of the offending text.

use crate::content::{ContentError, ContentFile, ContentSet};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A room colour: the four boards of the castle and the secret room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Board {
    Red,
    Yellow,
    Green,
    Blue,
    Violet,
}

impl Board {
    pub const ALL: [Board; 5] = [Board::Red, Board::Yellow, Board::Green, Board::Blue, Board::Violet];
    /// The four boards of the castle (not the secret room).
    pub const CASTLE: [Board; 4] = [Board::Red, Board::Yellow, Board::Green, Board::Blue];

    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Board::Red => "red",
            Board::Yellow => "yellow",
            Board::Green => "green",
            Board::Blue => "blue",
            Board::Violet => "violet",
        }
    }
    pub fn parse(s: &str) -> Option<Board> {
        Board::ALL.into_iter().find(|b| b.name() == s)
    }
}

/// The side of a double-sided room board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    A,
    B,
}

/// A shield on a mission card: the room its knight goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Shield {
    Red,
    Yellow,
    Green,
    Blue,
    /// Any one of the four castle rooms, never the secret room.
    Multi,
    /// The secret room only.
    Violet,
}

impl Shield {
    /// The room of a single-coloured shield.
    pub fn board(self) -> Option<Board> {
        match self {
            Shield::Red => Some(Board::Red),
            Shield::Yellow => Some(Board::Yellow),
            Shield::Green => Some(Board::Green),
            Shield::Blue => Some(Board::Blue),
            Shield::Violet => Some(Board::Violet),
            Shield::Multi => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Shield::Red => "red",
            Shield::Yellow => "yellow",
            Shield::Green => "green",
            Shield::Blue => "blue",
            Shield::Multi => "multicolour",
            Shield::Violet => "violet",
        }
    }
}

/// What a field, a line bonus or a card gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    /// Move the score by n (cut off at 0 during the rounds).
    Points(i32),
    /// Draw n Grail tiles.
    Grail(u8),
    /// Optional: one hinterland knight back behind the screen, and one Grail tile.
    Tree,
    /// Optional: one more knight (from the hinterland or behind the screen) into that room.
    ExtraKnight(Board),
}

/// The part of the tournament a field belongs to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// An ordinary field (a preliminary, in the tournament).
    #[default]
    Normal,
    /// A final field: it needs a knight of yours in the preliminary of its `group`.
    Final,
    /// The winner field: it needs a knight of yours on a final.
    Winner,
}

/// A field as written in a room file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldDef {
    pub id: String,
    /// Centre in the room's 12 × 12 frame (x right, y up), for the table.
    pub pos: (f32, f32),
    #[serde(default)]
    pub points: i32,
    /// What the field gives besides its points, in order.
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// Ballroom hearts credited to the occupant.
    #[serde(default)]
    pub hearts: u8,
    /// Holds a neutral knight in 3-player games.
    #[serde(default)]
    pub neutral_3p: bool,
    /// Training Ground: row (from 1 at the bottom) and column.
    #[serde(default)]
    pub row: u8,
    #[serde(default)]
    pub col: u8,
    /// Tournament: the preliminary a field is in (a final: the one it needs). Intrigue: its group.
    #[serde(default)]
    pub group: u8,
    #[serde(default)]
    pub stage: Stage,
    /// Ballroom and secret room: the order fields fill in (from 1).
    #[serde(default)]
    pub order: u8,
    /// Chapel and Library: a start field.
    #[serde(default)]
    pub start: bool,
    /// Chapel and Library: the fields its arrows reach.
    #[serde(default)]
    pub next: Vec<String>,
}

/// An Intrigue group's completion rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupDef {
    pub group: u8,
    /// What each colour without a knight in the group loses when it fills.
    pub penalty: i32,
    /// Whether each of those colours also moves one of its red-room knights to its hinterland.
    #[serde(default)]
    pub recall_red: bool,
}

/// How a room is entered and what it pays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RoomRule {
    /// Training Ground: rows fill from the bottom; a new line of `line_length` of your knights
    /// gives one of `line_bonuses`, at most `bonuses_per_turn` a turn.
    LowestOpenRow {
        line_length: u8,
        bonuses_per_turn: u8,
        line_bonuses: Vec<Effect>,
    },
    /// Tournament Ground: preliminaries, then finals, then the winner; a colour in every
    /// preliminary takes a tournament tile worth `tile_points` while `tiles` last.
    Tournament { tiles: u8, tile_points: i32 },
    /// Round Table: any free seat; a majority at the end with `ranks` points (rank 1 also places
    /// its magician); a colour with no knight scores `absent_penalty`.
    FreeChoice { ranks: Vec<i32>, absent_penalty: i32 },
    /// Treason: two rows of fields, royalists and rebels, each entered from its two ends (start 1
    /// is the first royalist field, 2 the first rebel, 3 the last royalist, 4 the last rebel);
    /// `win` and `lose` by rank within the winning and the losing side.
    Treason {
        royalist: Vec<String>,
        rebel: Vec<String>,
        win: Vec<i32>,
        lose: Vec<i32>,
    },
    /// Ballroom: fields fill in their `order`; with `queen_hearts` hearts a colour may take the
    /// `queen` field instead.
    Sequential { queen: String, queen_hearts: u8 },
    /// Intrigue: one field per group and colour; a filled group penalises those not in it.
    Groups { groups: Vec<GroupDef> },
    /// Chapel: a start field, then an arrow from your most recent knight here.
    PathFromLast,
    /// Library: a start field, then an arrow from any of your knights here.
    PathFromAny,
    /// Secret room: the topmost free field (lowest `order`); `absent_penalty` at the end for a
    /// colour with no knight here.
    TopmostFree { absent_penalty: i32 },
}

/// A room side as written in its file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomFile {
    pub id: String,
    pub name: String,
    pub board: Board,
    pub side: Side,
    /// At most this many colours ever enter (Chapel, Library, Treason: 4).
    #[serde(default)]
    pub max_colours: Option<u8>,
    pub rule: RoomRule,
    pub fields: Vec<FieldDef>,
}

/// The throne room: the number spaces and the turn-order track.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Throne {
    /// The highest number space (spaces run from 0).
    pub highest: u8,
    /// Magicians a number space holds.
    pub capacity: u8,
    /// Centre and radii of the arc of number spaces (outer and inner slot), for the table.
    pub centre: (f32, f32),
    pub outer_radius: f32,
    pub inner_radius: f32,
    /// The turn-order track's slots, top (first to act) first, for the table.
    pub track: Vec<(f32, f32)>,
}

/// A mission card's stack (its back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Stack {
    Three,
    Two,
    One,
    /// Five players only; a key card shows in the row of its shield count.
    Key,
}

impl Stack {
    pub const ALL: [Stack; 4] = [Stack::Three, Stack::Two, Stack::One, Stack::Key];
    pub fn index(self) -> usize {
        self as usize
    }
    /// The knights its regular cards need (a key card needs its shield count).
    pub fn knights(self) -> Option<u8> {
        match self {
            Stack::Three => Some(3),
            Stack::Two => Some(2),
            Stack::One => Some(1),
            Stack::Key => None,
        }
    }
}

/// A special mission: send at least `knights`, they return behind the screen, score `points`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Special {
    pub knights: u8,
    pub points: i32,
}

/// A mission card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mission {
    pub id: String,
    pub stack: Stack,
    #[serde(default)]
    pub shields: Vec<Shield>,
    #[serde(default)]
    pub grail: u8,
    #[serde(default)]
    pub tree: bool,
    #[serde(default)]
    pub special: Option<Special>,
}

impl Mission {
    /// The knights a colour must have sent to take it.
    pub fn needs(&self) -> u8 {
        match self.special {
            Some(s) => s.knights,
            None => self.shields.len() as u8,
        }
    }
}

/// How many cards each stack shows a round, at one player count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisplayRow {
    pub players: u8,
    pub three: u8,
    pub two: u8,
    pub one: u8,
    pub key: u8,
}

impl DisplayRow {
    pub fn count(&self, stack: Stack) -> u8 {
        match stack {
            Stack::Three => self.three,
            Stack::Two => self.two,
            Stack::One => self.one,
            Stack::Key => self.key,
        }
    }
}

/// A Grail part and how many tiles show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrailPart {
    pub name: String,
    pub tiles: u8,
}

/// The most Grail parts a deck may have (a colour counts its tiles by part in a fixed array).
pub const MAX_GRAIL_PARTS: usize = 8;

/// The deck file: missions, tiles and every designed rule number.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    pub rounds: u8,
    /// The most knights a fist holds.
    pub max_fist: u8,
    /// Knight figures per colour (one goes on the score track).
    pub knights: u8,
    /// Knights each colour starts with in its hinterland.
    pub hinterland_start: u8,
    /// Knights each colour returns to the box at five players.
    pub five_player_box: u8,
    /// The most knights a recall brings back.
    pub recall_max: u8,
    /// Points for each knight behind the screen at the end.
    pub behind_screen_points: i32,
    /// Hinterland knights per Grail tile drawn at the end.
    pub hinterland_knights_per_grail: u8,
    /// Tristan's side 2 and the price of Mordred's black knight.
    pub tristan_bonus: i32,
    pub black_knight_cost: i32,
    pub display: Vec<DisplayRow>,
    /// The Merlin tiles' values.
    pub merlin: Vec<i32>,
    pub grail_parts: Vec<GrailPart>,
    /// Points of a Grail set by its number of distinct parts (from 0).
    pub grail_set_points: Vec<i32>,
    pub missions: Vec<Mission>,
}

impl Deck {
    /// How many shields of one kind the missions show.
    pub fn shields_of(&self, kind: Shield) -> usize {
        self.missions
            .iter()
            .flat_map(|m| &m.shields)
            .filter(|s| **s == kind)
            .count()
    }
}

/// A room side ready for play: fields by index, arrows and paths resolved.
#[derive(Clone, Debug)]
pub struct Room {
    pub file: RoomFile,
    /// Arrows by field index.
    pub next: Vec<Vec<u8>>,
    /// Training Ground: field index by (row − 1, col − 1).
    pub grid: Vec<Vec<Option<u8>>>,
    /// Ballroom and secret room: field indices in fill order (the queen left out).
    pub order: Vec<u8>,
    /// Ballroom: the queen field.
    pub queen: Option<u8>,
    /// Treason: the royalist and the rebel row, by field index.
    pub rows: [Vec<u8>; 2],
    /// Treason: the four start fields, in number order.
    pub starts: [u8; 4],
    /// Intrigue: each field's group rule, by field index.
    pub group_of: Vec<Option<usize>>,
    /// Each field's place in words, by field index (see `Room::place`).
    pub places: Vec<String>,
}

impl Room {
    pub fn id(&self) -> &str {
        &self.file.id
    }
    pub fn name(&self) -> &str {
        &self.file.name
    }
    pub fn board(&self) -> Board {
        self.file.board
    }
    pub fn side(&self) -> Side {
        self.file.side
    }
    pub fn fields(&self) -> &[FieldDef] {
        &self.file.fields
    }
    pub fn field(&self, i: usize) -> &FieldDef {
        &self.file.fields[i]
    }
    pub fn len(&self) -> usize {
        self.file.fields.len()
    }
    pub fn is_empty(&self) -> bool {
        self.file.fields.is_empty()
    }
    pub fn field_index(&self, id: &str) -> Option<u8> {
        self.file.fields.iter().position(|f| f.id == id).map(|i| i as u8)
    }
    /// Where a field lies in its room, in a player's words, from the room's layout: "row 1,
    /// column 2", "level 2, second from the left", "seat at 3 o'clock", "field 4" (the order the
    /// board shows), "queen's field". Never the file's id, which is for `camelot check`.
    pub fn place(&self, field: usize) -> &str {
        self.places.get(field).map_or("?", String::as_str)
    }
}

/// Each field's place in words (`Room::place`). A field is named by the part of the room it
/// is in — its row and column, its level along the paths, its group, its order, the hour of its
/// seat around the table — and where several share that part, by its order from the left.
fn place_words(room: &Room) -> Vec<String> {
    let fields = &room.file.fields;
    let levels = path_levels(room);
    let parts: Vec<String> = fields
        .iter()
        .enumerate()
        .map(|(i, f)| match &room.file.rule {
            RoomRule::LowestOpenRow { .. } => format!("row {}, column {}", f.row, f.col),
            RoomRule::Tournament { .. } => match f.stage {
                Stage::Normal => format!("preliminary {}", f.group),
                Stage::Final => format!("final {}", f.group),
                Stage::Winner => "winner's field".into(),
            },
            RoomRule::FreeChoice { .. } => format!("seat at {} o'clock", clock_hour(f.pos)),
            RoomRule::Treason { .. } if room.rows[0].contains(&(i as u8)) => "royalist row".into(),
            RoomRule::Treason { .. } => "rebel row".into(),
            RoomRule::Sequential { .. } if room.queen == Some(i as u8) => "queen's field".into(),
            RoomRule::Sequential { .. } | RoomRule::TopmostFree { .. } => format!("field {}", f.order),
            RoomRule::Groups { .. } => format!("group {}", f.group),
            RoomRule::PathFromLast | RoomRule::PathFromAny => match levels[i] {
                Some(level) => format!("level {level}"),
                None => "off the paths".into(),
            },
        })
        .collect();
    (0..fields.len())
        .map(|i| {
            let mut same: Vec<usize> = (0..fields.len()).filter(|&j| parts[j] == parts[i]).collect();
            if same.len() == 1 {
                return parts[i].clone();
            }
            // Left to right, and top to bottom where two lie one above the other.
            same.sort_by(|&a, &b| {
                let (pa, pb) = (fields[a].pos, fields[b].pos);
                pa.0.total_cmp(&pb.0).then(pb.1.total_cmp(&pa.1)).then(a.cmp(&b))
            });
            let nth = same.iter().position(|&j| j == i).unwrap_or(0) + 1;
            format!("{}, {} from the left", parts[i], crate::rules::ordinal(nth))
        })
        .collect()
}

/// The hour a point of a room's 12 × 12 frame shows around its centre (12 at the top).
fn clock_hour((x, y): (f32, f32)) -> u32 {
    let degrees = (x - 6.0).atan2(y - 6.0).to_degrees();
    match ((degrees / 30.0).round() as i32).rem_euclid(12) {
        0 => 12,
        h => h as u32,
    }
}

/// Chapel and Library: each field's level, the start fields being level 1 and each arrow
/// leading one level up (the fewest steps from a start); `None` off every path.
fn path_levels(room: &Room) -> Vec<Option<u32>> {
    let fields = &room.file.fields;
    let mut level: Vec<Option<u32>> = fields.iter().map(|f| f.start.then_some(1)).collect();
    let mut frontier: Vec<usize> = (0..fields.len()).filter(|&i| fields[i].start).collect();
    let mut depth = 1;
    while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for &i in &frontier {
            for &j in room.next.get(i).map_or(&[][..], Vec::as_slice) {
                if let Some(l) = level.get_mut(j as usize)
                    && l.is_none()
                {
                    *l = Some(depth);
                    next.push(j as usize);
                }
            }
        }
        frontier = next;
    }
    level
}

/// The validated content of the game.
#[derive(Clone, Debug, Default)]
pub struct FutureContent {
    pub deck: Deck,
    pub throne: Throne,
    /// Every room side, in the order of `FutureContent::ROOMS`.
    pub rooms: Vec<Room>,
}

impl FutureContent {
    pub const DECK: &'static str = "assets/decks/future.ron";
    pub const THRONE: &'static str = "levels/future/throne.ron";
    pub const ROOMS: [&'static str; 9] = [
        "levels/future/round_table.ron",
        "levels/future/treason.ron",
        "levels/future/chapel.ron",
        "levels/future/library.ron",
        "levels/future/training_ground.ron",
        "levels/future/tournament.ron",
        "levels/future/ballroom.ron",
        "levels/future/intrigue.ron",
        "levels/future/secret_room.ron",
    ];
    pub const FILES: &'static [&'static str] = &[
        Self::DECK,
        Self::THRONE,
        Self::ROOMS[0],
        Self::ROOMS[1],
        Self::ROOMS[2],
        Self::ROOMS[3],
        Self::ROOMS[4],
        Self::ROOMS[5],
        Self::ROOMS[6],
        Self::ROOMS[7],
        Self::ROOMS[8],
    ];

    /// The room side of a board, by index into `rooms`.
    pub fn room_of(&self, board: Board, side: Side) -> Option<usize> {
        self.rooms
            .iter()
            .position(|r| r.board() == board && (board == Board::Violet || r.side() == side))
    }

    /// The display counts for a number of players (the nearest row below if it is missing).
    pub fn display(&self, players: usize) -> &DisplayRow {
        self.deck
            .display
            .iter()
            .filter(|d| d.players as usize <= players)
            .max_by_key(|d| d.players)
            .unwrap_or(&self.deck.display[0])
    }

    pub fn load(set: &ContentSet) -> Result<FutureContent, Vec<ContentError>> {
        let mut errors = Vec::new();
        let deck = match set.get(Self::DECK) {
            Ok(f) => load_deck(f, &mut errors),
            Err(e) => {
                errors.push(e);
                None
            }
        };
        let throne = match set.get(Self::THRONE) {
            Ok(f) => load_throne(f, &mut errors),
            Err(e) => {
                errors.push(e);
                None
            }
        };
        let mut rooms = Vec::new();
        let mut files = Vec::new();
        for key in Self::ROOMS {
            match set.get(key) {
                Ok(f) => {
                    if let Some(r) = load_room(f, &mut errors) {
                        rooms.push(r);
                        files.push(f);
                    }
                }
                Err(e) => errors.push(e),
            }
        }
        // Each castle board needs an A and a B side, and there is one secret room.
        if rooms.len() == Self::ROOMS.len() {
            let mut seen: BTreeMap<(Board, Side), usize> = BTreeMap::new();
            for (i, r) in rooms.iter().enumerate() {
                let key = (r.board(), if r.board() == Board::Violet { Side::A } else { r.side() });
                if let Some(&j) = seen.get(&key) {
                    errors.push(files[i].error_at(
                        "board",
                        format!(
                            "two rooms are the {} board's side {:?}: {} and {}",
                            r.board().name(),
                            r.side(),
                            rooms[j].id(),
                            r.id()
                        ),
                    ));
                }
                seen.insert(key, i);
            }
            for b in Board::CASTLE {
                for s in [Side::A, Side::B] {
                    if !seen.contains_key(&(b, s)) {
                        errors.push(
                            files[0].error_at("board", format!("no room file is the {} board's side {s:?}", b.name())),
                        );
                    }
                }
            }
            if !seen.contains_key(&(Board::Violet, Side::A)) {
                errors.push(files[8].error_at("board", "no room file is the violet secret room"));
            }
        }
        if let (Some(deck), Some(throne)) = (&deck, &throne) {
            let most = deck.max_fist as usize * 5;
            if (throne.highest as usize) < most
                && let Ok(f) = set.get(Self::THRONE)
            {
                errors.push(f.error_at(
                    "highest",
                    format!(
                        "the throne room's highest number {} is below the {most} knights five fists can hold",
                        throne.highest
                    ),
                ));
            }
            // Violet shields are the only way into the secret room: it needs a field for each.
            let violet = deck.shields_of(Shield::Violet);
            if let Some(secret) = rooms.iter().find(|r| r.board() == Board::Violet)
                && secret.len() < violet
                && let Ok(f) = set.get(Self::ROOMS[8])
            {
                errors.push(f.error_at(
                    "fields",
                    format!(
                        "the secret room has {} fields for the deck's {violet} violet shields",
                        secret.len()
                    ),
                ));
            }
        }
        match (deck, throne, errors.is_empty()) {
            (Some(deck), Some(throne), true) => Ok(FutureContent { deck, throne, rooms }),
            _ => Err(errors),
        }
    }
}

fn load_throne(file: &ContentFile, errors: &mut Vec<ContentError>) -> Option<Throne> {
    let throne: Throne = file.parse_noting(errors)?;
    let before = errors.len();
    if throne.capacity == 0 {
        errors.push(file.error_at("capacity", "a number space must hold at least 1 magician"));
    }
    if throne.track.len() < 5 {
        errors.push(file.error_at(
            "track",
            format!(
                "the turn-order track needs 5 slots (five magicians), not {}",
                throne.track.len()
            ),
        ));
    }
    (errors.len() == before).then_some(throne)
}

fn load_deck(file: &ContentFile, errors: &mut Vec<ContentError>) -> Option<Deck> {
    let deck: Deck = file.parse_noting(errors)?;
    let before = errors.len();
    let mut positive = |name: &str, v: i64| {
        if v < 1 {
            errors.push(file.error_at(name, format!("{name} must be at least 1, not {v}")));
        }
    };
    positive("rounds", deck.rounds as i64);
    positive("max_fist", deck.max_fist as i64);
    positive("knights", deck.knights as i64);
    positive("hinterland_knights_per_grail", deck.hinterland_knights_per_grail as i64);
    let reserved = 1 + deck.hinterland_start as i64 + deck.five_player_box as i64;
    if (deck.knights as i64) <= reserved {
        errors.push(file.error_at(
            "knights",
            format!(
                "{} knights leave none behind the screen (1 scores, {} start in the hinterland, {} go back at five)",
                deck.knights, deck.hinterland_start, deck.five_player_box
            ),
        ));
    }
    if deck.merlin.len() < deck.rounds as usize {
        errors.push(file.error_at(
            "merlin",
            format!(
                "{} Merlin tiles for {} rounds: the top of the track takes one a round",
                deck.merlin.len(),
                deck.rounds
            ),
        ));
    }
    if deck.grail_parts.is_empty() || deck.grail_parts.len() > MAX_GRAIL_PARTS {
        errors.push(file.error_at(
            "grail_parts",
            format!(
                "there must be 1 to {MAX_GRAIL_PARTS} Grail parts, not {}",
                deck.grail_parts.len()
            ),
        ));
    }
    if deck.grail_set_points.len() != deck.grail_parts.len() + 1 {
        errors.push(file.error_at(
            "grail_set_points",
            format!(
                "grail_set_points needs {} values (a set of 0 to {} distinct parts), not {}",
                deck.grail_parts.len() + 1,
                deck.grail_parts.len(),
                deck.grail_set_points.len()
            ),
        ));
    }
    for players in 2..=5u8 {
        if !deck.display.iter().any(|d| d.players == players) {
            errors.push(file.error_at("display", format!("the display has no row for {players} players")));
        }
    }
    let mut ids: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, m) in deck.missions.iter().enumerate() {
        let at = |msg: String| file.error_at(&format!("\"{}\"", m.id), msg);
        if ids.insert(m.id.as_str(), i).is_some() {
            errors.push(file.error_at_nth(
                &format!("\"{}\"", m.id),
                1,
                format!("the mission id {} is used twice", m.id),
            ));
        }
        match (m.special, m.stack.knights()) {
            (Some(s), _) => {
                if !m.shields.is_empty() {
                    errors.push(at(format!("{}: a special mission shows no shields", m.id)));
                }
                if s.knights == 0 || s.knights > deck.max_fist {
                    errors.push(at(format!(
                        "{}: a special mission needs 1 to {} knights, not {}",
                        m.id, deck.max_fist, s.knights
                    )));
                }
            }
            (None, Some(k)) => {
                if m.shields.len() != k as usize {
                    errors.push(at(format!(
                        "{}: a card of the {k}-knight stack shows {k} shield(s), not {}",
                        m.id,
                        m.shields.len()
                    )));
                }
            }
            (None, None) => {
                if m.shields.is_empty() || m.shields.len() > deck.max_fist as usize {
                    errors.push(at(format!(
                        "{}: a key card shows 1 to {} shields, not {}",
                        m.id,
                        deck.max_fist,
                        m.shields.len()
                    )));
                }
            }
        }
        if m.stack != Stack::Key && m.shields.contains(&Shield::Violet) {
            errors.push(at(format!(
                "{}: violet shields are on key cards only (the secret room is for five players)",
                m.id
            )));
        }
    }
    // Every stack must last the rounds at every player count.
    for stack in Stack::ALL {
        let have = deck.missions.iter().filter(|m| m.stack == stack).count();
        let need = deck
            .display
            .iter()
            .map(|d| d.count(stack) as usize * deck.rounds as usize)
            .max()
            .unwrap_or(0);
        if have < need {
            errors.push(file.error_at(
                "missions",
                format!(
                    "the {stack:?} stack has {have} cards but {} rounds need {need}",
                    deck.rounds
                ),
            ));
        }
    }
    (errors.len() == before).then_some(deck)
}

fn load_room(file: &ContentFile, errors: &mut Vec<ContentError>) -> Option<Room> {
    let raw: RoomFile = file.parse_noting(errors)?;
    let before = errors.len();
    let quoted = |id: &str| format!("\"{id}\"");
    if raw.fields.is_empty() {
        errors.push(file.error_at("fields", "a room needs at least one field"));
    }
    if raw.fields.len() > 60 {
        errors.push(file.error_at("fields", "a room may have at most 60 fields"));
    }
    let mut index: BTreeMap<&str, u8> = BTreeMap::new();
    for (i, f) in raw.fields.iter().enumerate() {
        if index.insert(f.id.as_str(), i as u8).is_some() {
            errors.push(file.error_at_nth(&quoted(&f.id), 1, format!("the field id {} is used twice", f.id)));
        }
    }
    let find = |id: &str, errors: &mut Vec<ContentError>| -> Option<u8> {
        let found = index.get(id).copied();
        if found.is_none() {
            errors.push(file.error_at(&quoted(id), format!("there is no field {id} in {}", raw.id)));
        }
        found
    };
    let mut next = vec![Vec::new(); raw.fields.len()];
    for (i, f) in raw.fields.iter().enumerate() {
        for n in &f.next {
            if let Some(j) = find(n, errors) {
                next[i].push(j);
            }
        }
        for e in &f.effects {
            if let Effect::ExtraKnight(Board::Violet) = e {
                errors.push(file.error_at(
                    &quoted(&f.id),
                    "no knight enters the secret room but by a violet shield",
                ));
            }
        }
    }
    let mut room = Room {
        next,
        grid: Vec::new(),
        order: Vec::new(),
        queen: None,
        rows: [Vec::new(), Vec::new()],
        starts: [0; 4],
        group_of: vec![None; raw.fields.len()],
        places: Vec::new(),
        file: raw.clone(),
    };
    let ordered = |errors: &mut Vec<ContentError>, skip: Option<u8>| -> Vec<u8> {
        let mut order: Vec<(u8, u8)> = raw
            .fields
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i as u8) != skip)
            .map(|(i, f)| (f.order, i as u8))
            .collect();
        order.sort();
        for w in order.windows(2) {
            if w[0].0 == w[1].0 {
                let f = &raw.fields[w[1].1 as usize];
                errors.push(file.error_at(
                    &quoted(&f.id),
                    format!("two fields of {} have the order {}", raw.id, f.order),
                ));
            }
        }
        order.into_iter().map(|(_, i)| i).collect()
    };
    match &raw.rule {
        RoomRule::LowestOpenRow {
            line_length,
            line_bonuses,
            ..
        } => {
            let rows = raw.fields.iter().map(|f| f.row).max().unwrap_or(0) as usize;
            let cols = raw.fields.iter().map(|f| f.col).max().unwrap_or(0) as usize;
            room.grid = vec![vec![None; cols]; rows];
            for (i, f) in raw.fields.iter().enumerate() {
                if f.row == 0 || f.col == 0 {
                    errors.push(file.error_at(&quoted(&f.id), format!("{} needs a row and a column (from 1)", f.id)));
                    continue;
                }
                let cell = &mut room.grid[f.row as usize - 1][f.col as usize - 1];
                if cell.is_some() {
                    errors.push(file.error_at(
                        &quoted(&f.id),
                        format!("{} shares its row and column with another field", f.id),
                    ));
                }
                *cell = Some(i as u8);
            }
            if *line_length < 2 {
                errors.push(file.error_at("line_length", "a line needs at least 2 knights"));
            }
            if line_bonuses.is_empty() {
                errors.push(file.error_at("line_bonuses", "a line needs at least one bonus to choose"));
            }
        }
        RoomRule::Tournament { .. } => {
            let prelims: Vec<u8> = raw
                .fields
                .iter()
                .filter(|f| f.stage == Stage::Normal)
                .map(|f| f.group)
                .collect();
            if prelims.is_empty() {
                errors.push(file.error_at("fields", "the tournament needs preliminary fields"));
            }
            for f in &raw.fields {
                if f.stage == Stage::Final && !prelims.contains(&f.group) {
                    errors.push(file.error_at(
                        &quoted(&f.id),
                        format!("the final {} needs a preliminary {} that exists", f.id, f.group),
                    ));
                }
            }
            if raw.fields.iter().filter(|f| f.stage == Stage::Winner).count() != 1 {
                errors.push(file.error_at("fields", "the tournament needs exactly one winner field"));
            }
        }
        RoomRule::FreeChoice { ranks, .. } => {
            if ranks.is_empty() {
                errors.push(file.error_at("ranks", "the majority needs at least one rank"));
            }
        }
        RoomRule::Treason {
            royalist,
            rebel,
            win,
            lose,
        } => {
            for (k, row) in [royalist, rebel].into_iter().enumerate() {
                if row.len() < 2 {
                    errors.push(file.error_at(
                        if k == 0 { "royalist" } else { "rebel" },
                        "each side needs at least two fields (a start at each end)",
                    ));
                }
                room.rows[k] = row.iter().filter_map(|id| find(id, errors)).collect();
            }
            let mut all: Vec<u8> = room.rows.concat();
            all.sort();
            let len = all.len();
            all.dedup();
            if all.len() != len || all.len() != raw.fields.len() {
                errors.push(file.error_at("royalist", "every field must be in exactly one of the two rows"));
            }
            if room.rows.iter().all(|r| !r.is_empty()) {
                room.starts = [
                    room.rows[0][0],
                    room.rows[1][0],
                    *room.rows[0].last().unwrap_or(&0),
                    *room.rows[1].last().unwrap_or(&0),
                ];
            }
            if win.is_empty() || lose.is_empty() {
                errors.push(file.error_at("win", "both sides need at least one rank value"));
            }
        }
        RoomRule::Sequential { queen, .. } => {
            room.queen = find(queen, errors);
            room.order = ordered(errors, room.queen);
        }
        RoomRule::Groups { groups } => {
            for (i, f) in raw.fields.iter().enumerate() {
                match groups.iter().position(|g| g.group == f.group) {
                    Some(g) => room.group_of[i] = Some(g),
                    None => errors.push(file.error_at(
                        &quoted(&f.id),
                        format!("{} is in group {}, which has no rule", f.id, f.group),
                    )),
                }
            }
        }
        RoomRule::PathFromLast | RoomRule::PathFromAny => {
            if !raw.fields.iter().any(|f| f.start) {
                errors.push(file.error_at("fields", format!("{} has no start field: no one could enter", raw.id)));
            }
        }
        RoomRule::TopmostFree { .. } => {
            room.order = ordered(errors, None);
        }
    }
    if errors.len() != before {
        return None;
    }
    room.places = place_words(&room);
    Some(room)
}

impl crate::content::LoadContent for FutureContent {
    const FILES: &'static [&'static str] = FutureContent::FILES;
    fn load(set: &ContentSet) -> Result<FutureContent, Vec<ContentError>> {
        FutureContent::load(set)
    }
}
