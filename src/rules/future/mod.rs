//! Die Zukunft von Camelot: the rules core (no Bevy).
//!
//! Seven rounds: reveal missions, send 0–3 knights in a secret fist, predict the total on the
//! throne room's number spaces (the turn order follows the predictions), fulfil one mission each
//! in turn order by placing knights in the castle's rooms, and finally score the red room, Merlin
//! tiles, knights behind the screen, the hinterland and Grail sets. The rulebook is
//! `assets/rulebooks/future.txt`; the gaps it leaves are filled as in
//! `shared/rules/zukunft-von-camelot.md`, every designed number kept in the RON content
//! (`FutureContent::FILES`).
//!
//! Layout: `content` (the RON schema and its validation), `apply` (setup, legal actions and
//! their resolution), `view` (what one seat may see, sampling what it cannot, log lines), `bot`
//! (the heuristic and the search hints), `tests`.

mod apply;
mod bot;
mod content;
#[cfg(any(test, feature = "test-support"))]
mod perturb;
mod places;
mod view;

#[cfg(test)]
mod tests;

pub use apply::grail_points;
pub use bot::possible_totals;
pub use content::{
    Board, Deck, DisplayRow, Effect, FieldDef, FutureContent, GrailPart, GroupDef, Mission, Room, RoomFile, RoomRule,
    Shield, Side, Special, Stack, Stage, Throne,
};
pub use places::{DISPLAY, HINTERLAND, THRONE, field_place, room_place};
pub use view::FutureView;

use crate::rules::*;
use std::sync::Arc;

/// The five player colours, by index, and how the table paints them.
pub const COLOUR_NAMES: [&str; 5] = ["red", "green", "yellow", "purple", "blue"];
pub const COLOUR_RGB: [[u8; 3]; 5] = [
    [196, 48, 43],
    [46, 140, 70],
    [226, 186, 44],
    [128, 72, 168],
    [44, 96, 196],
];
/// The letter each figure carries, by colour (so that no one needs to tell the colours apart by
/// colour alone).
pub const COLOUR_MARKS: [&str; 5] = ["R", "G", "Y", "P", "B"];

/// The colours as the `colours` variant offers them: name, RGB, letter.
const PALETTE: [(&str, [u8; 3], &str); 5] = [
    (COLOUR_NAMES[0], COLOUR_RGB[0], COLOUR_MARKS[0]),
    (COLOUR_NAMES[1], COLOUR_RGB[1], COLOUR_MARKS[1]),
    (COLOUR_NAMES[2], COLOUR_RGB[2], COLOUR_MARKS[2]),
    (COLOUR_NAMES[3], COLOUR_RGB[3], COLOUR_MARKS[3]),
    (COLOUR_NAMES[4], COLOUR_RGB[4], COLOUR_MARKS[4]),
];

/// The colours a `colours` value gives, seat by seat (`None`: refused, or chosen at the table).
fn colours_dealt(seats: usize, value: &str) -> Option<Vec<Vec<u8>>> {
    let given = Future::colour_choice(seats, value).ok()??;
    Some(
        (0..seats)
            .map(|seat| given.iter().filter(|g| g.0 == seat).map(|g| g.1).collect())
            .collect(),
    )
}

/// A player colour by its name (`red`, `green`, `yellow`, `purple`, `blue`, in any case).
pub fn colour_by_name(name: &str) -> Option<u8> {
    let name = name.trim();
    COLOUR_NAMES
        .iter()
        .position(|c| c.eq_ignore_ascii_case(name))
        .map(|c| c as u8)
}

/// A colour's name with a capital ("Red"), for the log and the table.
pub fn colour_title(colour: u8) -> String {
    capitalised(COLOUR_NAMES.get(colour as usize).copied().unwrap_or("?"))
}

pub use crate::rules::capitalised;

/// The name of a final scoring step (`Event::FinalStep`), in the rulebook's order from 1.
pub fn final_step_name(step: u8) -> &'static str {
    match step {
        1 => "red room",
        2 => "Merlin tiles",
        3 => "knights behind the screen",
        4 => "hinterland",
        5 => "Grail sets",
        _ => "secret room",
    }
}

pub const RED: u8 = 0;
pub const GREEN: u8 = 1;
pub const YELLOW: u8 = 2;
pub const PURPLE: u8 = 3;
pub const BLUE: u8 = 4;

/// The hero of each player colour.
pub const HERO_NAMES: [&str; 5] = ["Kay", "Tristan", "Parzival", "Mordred", "Lancelot"];

/// The room a colour's hero redirects shields to with side 1 (Mordred has none).
pub fn hero_room(colour: u8) -> Option<Board> {
    match colour {
        RED => Some(Board::Red),
        GREEN => Some(Board::Green),
        YELLOW => Some(Board::Yellow),
        BLUE => Some(Board::Blue),
        _ => None,
    }
}

/// A colour in play, by its index in `Future::colours` (its "slot").
pub type Slot = u8;

/// What stands on a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Piece {
    Empty,
    Knight(Slot),
    /// A majority winner's magician, placed in final scoring.
    Magician(Slot),
    /// A knight of the neutral colour (3 players).
    Neutral,
}

impl Piece {
    /// The colour whose piece this is (knight or magician), for lines, groups and majorities.
    pub fn owner(self) -> Option<Slot> {
        match self {
            Piece::Knight(s) | Piece::Magician(s) => Some(s),
            _ => None,
        }
    }
}

/// A hero board's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hero {
    /// Heroes are not in play.
    None,
    Side1,
    Side2,
    /// Both sides used: the hero has left.
    Gone,
}

/// One colour in play: its screen, hinterland, score and tiles.
#[derive(Clone, Debug, PartialEq)]
pub struct Colour {
    /// The player colour (index into `COLOUR_NAMES`).
    pub colour: u8,
    pub seat: Seat,
    /// Knights behind the screen (the fist stays counted here until the reveal).
    pub screen: u8,
    pub hinterland: u8,
    pub score: i32,
    /// Final scoring's gains and losses, added once at its end.
    pub final_gain: i32,
    /// Merlin tiles held (indices into the deck's values; private).
    pub merlin: Vec<u8>,
    pub merlin_held: u8,
    /// Grail tiles held by part (private).
    pub grail: [u8; 8],
    pub grail_held: u8,
    /// Mission cards taken (public).
    pub missions: Vec<u16>,
    /// The fist (private until the reveal); after the reveal, the knights still to place.
    pub sent: u8,
    pub has_sent: bool,
    pub hearts: u8,
    pub tournament_tile: bool,
    /// Treason: the start (0..4 for starts 1..4) this colour entered by.
    pub treason_start: Option<u8>,
    /// The most recently placed knight of this colour in each room (by board).
    pub last: [Option<u8>; 5],
    pub hero: Hero,
    /// Mordred's black knight, waiting beside the hero board.
    pub black_knight: bool,
    /// This turn: line bonuses taken, whether a hero side was used, knights placed by board, and
    /// whether Parzival's side 2 is choosing the Grail tiles.
    pub bonuses_taken: u8,
    pub hero_used: bool,
    pub placed: [u8; 5],
    pub parzival: bool,
}

impl Colour {
    pub fn name(&self) -> &'static str {
        COLOUR_NAMES[self.colour as usize]
    }
}

/// Where the round is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Expert variant: seats choose colours; `pick` counts the picks made.
    Colours {
        pick: u8,
    },
    /// Phase 2: seats choose their fists one after another (`seat` is next).
    Send {
        seat: Seat,
    },
    /// Phase 3: the magician at track position `pos` predicts (from the bottom up).
    Predict {
        pos: u8,
    },
    /// Phase 4: the colour at track position `pos` fulfils a mission.
    Missions {
        pos: u8,
        stage: TurnStage,
    },
    /// Final scoring: the red room's winner may place its magician (then the rest is automatic).
    Final,
    Over,
}

/// Where a colour's mission turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TurnStage {
    /// Take a mission (or recall, or nothing fits).
    Choose,
    /// The taken card's effects resolve (the task stack).
    Resolve,
    /// After the mission: the heroes' after-mission abilities, or the end of the turn.
    After,
}

/// Something to be resolved that may need a decision, on a stack (the top first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Task {
    /// The taken card's shields still to place (a bit per shield of the card).
    Shields { slot: Slot, card: u16, left: u8 },
    /// An optional Tree.
    Tree { slot: Slot },
    /// An optional extra knight into a room.
    Extra { slot: Slot, board: Board },
    /// A Training Ground line: choose a bonus or none.
    LineBonus { slot: Slot },
    /// An Intrigue penalty: move one of your red-room knights to your hinterland.
    RecallRed { slot: Slot },
    /// Grail tiles to pick from the supply (Parzival's side 2).
    GrailPick { slot: Slot, left: u8 },
    /// Parzival's side 2 offered at a Grail gain of `n` tiles.
    Parzival { slot: Slot, n: u8 },
    /// Tristan's side 2 offered: two knights went into one room this turn.
    Tristan { slot: Slot },
    /// The red room's winner may place its magician.
    Magician { slot: Slot },
}

impl Task {
    pub fn slot(self) -> Slot {
        match self {
            Task::Shields { slot, .. }
            | Task::Tree { slot }
            | Task::Extra { slot, .. }
            | Task::LineBonus { slot }
            | Task::RecallRed { slot }
            | Task::GrailPick { slot, .. }
            | Task::Parzival { slot, .. }
            | Task::Tristan { slot }
            | Task::Magician { slot } => slot,
        }
    }
}

/// One decision of the seat to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// Expert variant: take this player colour; its magician goes on the next track slot.
    Colour(u8),
    /// Phase 2: the fist of each of the seat's colours (the second only with two players; 0 is
    /// the recall from the hinterland).
    Send(u8, u8),
    /// Phase 3: the magician goes on this number space.
    Predict(u8),
    /// Phase 4: take this face-up mission card.
    Take(u16),
    /// Phase 4: no face-up mission fits the knights sent; they all go to the hinterland.
    NoMission,
    /// Phase 4 with an empty fist: bring this many hinterland knights back behind the screen.
    Recall(u8),
    /// Place the knight of this shield (by its index on the card) on a field; `hero`: by the
    /// hero's redirect (Kay, Tristan, Parzival, Lancelot).
    Place {
        shield: u8,
        board: Board,
        field: u8,
        hero: bool,
    },
    /// The shield's room has no field for you: its knight goes back behind the screen.
    Return { shield: u8 },
    /// The extra knight, from behind the screen (`screen`) or the hinterland, onto a field.
    Extra { screen: bool, field: u8 },
    /// Take the line bonus with this index.
    Bonus(u8),
    /// Move your knight on this red-room field to your hinterland.
    RecallRed(u8),
    /// Pick a Grail tile of this part from the supply.
    Grail(u8),
    /// Final scoring: the magician onto a field of another castle room.
    Magician { board: Board, field: u8 },
    /// Discard a face-up mission (Kay's side 2, Mordred's side 1).
    Discard(u16),
    /// Mordred's side 2: pay for the black knight to enter a room.
    BlackKnight { board: Board, field: u8 },
    /// Yes to the offer (a Tree, Tristan's +3, Parzival's choice).
    Accept,
    /// No to the offer (a Tree, an extra knight, a line bonus, a magician, a hero).
    Decline,
    /// End the turn (when a hero could still act).
    EndTurn,
}

/// Why points moved (for the log and the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Why {
    Field,
    LineBonus,
    TournamentTile,
    Intrigue,
    Special,
    Tristan,
    BlackKnight,
    RedRoom,
    Merlin,
    Screen,
    Grail,
    SecretRoom,
}

/// What happened, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The castle as set up: the room side of each board, the neutral colour.
    Setup {
        rooms: Vec<(Board, Side)>,
        neutral: Option<u8>,
    },
    /// A seat took a colour (expert variant).
    ColourChosen {
        seat: Seat,
        colour: u8,
    },
    /// The turn order at the start (the magician cards) or after the predictions.
    TrackOrder {
        track: Vec<Slot>,
        initial: bool,
    },
    RoundStarted {
        round: u8,
    },
    /// Missions revealed from their stacks.
    Revealed {
        cards: Vec<u16>,
    },
    /// A seat closed its fist (everyone: that it did).
    FistClosed {
        seat: Seat,
    },
    /// What the fists hold (that seat only).
    Fist {
        seat: Seat,
        counts: Vec<(Slot, u8)>,
    },
    Predicted {
        slot: Slot,
        number: u8,
        inner: bool,
    },
    /// All fists open together.
    FistsOpened {
        counts: Vec<(Slot, u8)>,
        total: u8,
    },
    /// The top of the track takes the leftmost Merlin tile (its value: the owner only).
    MerlinTaken {
        slot: Slot,
    },
    MerlinValue {
        slot: Slot,
        value: i32,
    },
    TurnStarted {
        slot: Slot,
    },
    Took {
        slot: Slot,
        card: u16,
        surplus: u8,
    },
    NothingFits {
        slot: Slot,
        knights: u8,
    },
    Recalled {
        slot: Slot,
        knights: u8,
    },
    /// Grail tiles drawn (everyone: how many).
    GrailDrawn {
        slot: Slot,
        count: u8,
    },
    /// Their parts (the owner only).
    GrailParts {
        slot: Slot,
        parts: Vec<u8>,
    },
    /// Parzival's side 2: the picker looks at the face-down Grail supply (the picker only; a
    /// look undo must not take back).
    SupplyShown {
        slot: Slot,
    },
    Placed {
        slot: Slot,
        board: Board,
        field: u8,
        piece: Piece,
    },
    /// The knight went back behind the screen: no field for it.
    Returned {
        slot: Slot,
        board: Option<Board>,
    },
    /// A score moved by `points`; `due` is what the rule gave, which differs only when the floor
    /// of 0 cut a loss short during the rounds (2 points, a loss of 4: `points` −2, `due` −4).
    Scored {
        slot: Slot,
        points: i32,
        due: i32,
        why: Why,
    },
    TreeTaken {
        slot: Slot,
        knight: bool,
    },
    LineFormed {
        slot: Slot,
        bonus: Option<u8>,
    },
    TournamentTile {
        slot: Slot,
    },
    FinalsOpened,
    WinnerOpened,
    GroupFilled {
        group: u8,
        penalised: Vec<Slot>,
    },
    KnightsTable {
        royalists: bool,
    },
    RecalledFromRed {
        slot: Slot,
        field: u8,
    },
    HeroUsed {
        slot: Slot,
        side: u8,
    },
    Discarded {
        slot: Slot,
        card: u16,
    },
    /// The face-up missions left at the end of a round leave the game.
    RoundEnded {
        round: u8,
        removed: Vec<u16>,
    },
    /// Final scoring: a step for one colour.
    FinalStep {
        slot: Slot,
        step: u8,
        points: i32,
    },
    /// The Merlin tiles' values shown at the end.
    MerlinRevealed {
        slot: Slot,
        values: Vec<i32>,
    },
    Final {
        slot: Slot,
        score: i32,
    },
    Won {
        seats: Vec<Seat>,
    },
}

/// Content and generator behind wrappers that compare equal, so that two states (or views)
/// compare by what is on the table.
#[derive(Clone, Debug)]
pub struct Shared(pub Arc<FutureContent>);
impl PartialEq for Shared {
    fn eq(&self, _: &Shared) -> bool {
        true
    }
}
#[derive(Clone, Debug)]
pub struct Dice(pub GameRng);
impl PartialEq for Dice {
    fn eq(&self, _: &Dice) -> bool {
        true
    }
}

/// A match of Die Zukunft von Camelot.
#[derive(Clone, Debug, PartialEq)]
pub struct Future {
    pub content: Shared,
    pub players: usize,
    pub seat_names: Vec<String>,
    /// The colours in play (two per seat with two players), by slot.
    pub colours: Vec<Colour>,
    /// Each seat's slots.
    pub seat_slots: Vec<Vec<Slot>>,
    /// The neutral colour (3 players).
    pub neutral: Option<u8>,
    pub heroes: bool,
    /// The room side in play for each board (index into the content's rooms; the secret room
    /// only at five).
    pub room_of: [Option<usize>; 5],
    /// What stands on each field of each board's room in play.
    pub fields: [Vec<Piece>; 5],
    /// The turn-order track, top (first) first.
    pub track: Vec<Slot>,
    /// Predictions this round in the order made: (slot, number).
    pub predictions: Vec<(Slot, u8)>,
    pub round: u8,
    pub phase: Phase,
    /// The mission stacks (top last) and the face-up display.
    pub stacks: [Vec<u16>; 4],
    pub display: Vec<u16>,
    /// The Merlin row (leftmost first) and the Grail supply (top last).
    pub merlin_row: Vec<u8>,
    pub grail_supply: Vec<u8>,
    /// In a view: how many of the tiles in `merlin_row` and `grail_supply` are other colours'
    /// (pooled with the hidden ones so that a view cannot tell them apart).
    pub pooled_merlin: u8,
    pub pooled_grail: u8,
    /// In a view while Parzival's side 2 picks Grail tiles for the viewing seat: the supply's
    /// tiles by part (spec §16.4; the supply is otherwise hidden from everyone).
    pub supply_shown: Option<[u8; 8]>,
    pub tournament_tiles: u8,
    pub tasks: Vec<Task>,
    pub rng: Dice,
    pub outcome: Option<Outcome>,
    pub turns: u32,
    /// Whether points go to `final_gain` (final scoring) rather than the score.
    pub scoring_final: bool,
    /// Setup's events, for the log.
    pub opening: Vec<Tagged<Event>>,
    /// Whether this is a seat's view (its hidden parts pooled or zeroed).
    pub masked: bool,
}

fn sides_variant() -> VariantSpec {
    VariantSpec::table(
        "sides",
        "Room sides: a, b, random, or per board such as green=b;red=a",
        &["a", "b", "random"],
        true,
    )
}

impl Game for Future {
    type Action = Action;
    type Event = Event;
    type View = FutureView;
    type Content = FutureContent;

    const ID: GameId = GameId::Future;
    const PERIOD: crate::rules::Period = crate::rules::Period::Round;

    fn variants() -> Vec<VariantSpec> {
        vec![
            sides_variant(),
            VariantSpec::table(
                "heroes",
                "Heroes (each colour's hero, two abilities once each)",
                &["off", "on"],
                false,
            ),
            VariantSpec {
                key: "colours",
                label: "Colours: random (the colours are not drawn: red, green, yellow, purple, blue in seat order, with two players red and yellow to the first seat, green and purple to the second; only the first turn order is drawn at random), expert (chosen in turn at the table), or one per seat such as red,blue,green (two each with two players; the first turn order drawn at random)",
                options: vec!["random".into(), "expert".into()],
                kind: VariantKind::SeatColours(SeatColours {
                    palette: &PALETTE,
                    each: |seats| Future::colours_for(seats) / seats.max(1),
                    deal: colours_dealt,
                    at_table: Some((
                        "expert",
                        "Expert colours: the seats choose their colours in turn at the table",
                    )),
                    tip: "This seat's colour (a colour another seat has swaps); the turn order is still drawn from the magician cards",
                }),
            },
        ]
    }

    fn new(config: &TableConfig, content: &FutureContent) -> Result<Self, SetupError> {
        Future::setup(config, Arc::new(content.clone()))
    }

    fn new_shared(config: &TableConfig, content: &Arc<FutureContent>) -> Result<Self, SetupError> {
        Future::setup(config, content.clone())
    }

    fn opening_events(&self) -> Vec<Tagged<Event>> {
        self.opening.clone()
    }

    fn pending(&self) -> Pending {
        match (&self.outcome, self.to_act()) {
            (Some(o), _) => Pending::Finished(o.clone()),
            (None, Some(seat)) => Pending::Decide {
                seat,
                prompt: self.prompt(),
                private: true,
            },
            (None, None) => Pending::Finished(Outcome {
                winners: Vec::new(),
                scores: Vec::new(),
                summary: "the game stopped".into(),
            }),
        }
    }

    fn to_act(&self) -> Option<Seat> {
        self.deciding_slot()
            .map(|s| self.colours[s as usize].seat)
            .or(match self.phase {
                Phase::Colours { pick } => Some(self.picker(pick)),
                Phase::Send { seat } => Some(seat),
                _ => None,
            })
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply_into(&mut self, action: &Action, report: &mut Report<Event>) -> Result<(), RuleError> {
        self.check(action)?;
        self.execute(*action, report);
        Ok(())
    }

    fn view(&self, seat: Seat) -> FutureView {
        self.make_view(seat)
    }

    fn describe_event(&self, event: &Event) -> String {
        self.describe_event_text(event)
    }

    fn describe_action(&self, action: &Action) -> String {
        self.describe(action)
    }

    fn used(&self, action: &Action) -> Option<String> {
        match *action {
            // The card in words and its file id, for the tinkerer who edits the deck.
            Action::Take(card) => Some(format!(
                "mission: {} ({})",
                self.mission_name(card),
                self.content
                    .0
                    .deck
                    .missions
                    .get(card as usize)
                    .map_or("?", |m| m.id.as_str())
            )),
            Action::Place { board, .. } => self.room(board).map(|r| format!("room: {}", r.name())),
            _ => None,
        }
    }

    fn seat_emblem(&self, seat: Seat) -> Option<&str> {
        let slot = *self.seat_slots.get(seat)?.first()?;
        Some(COLOUR_NAMES[self.colours[slot as usize].colour as usize])
    }

    fn seat_rgb(&self, seat: Seat) -> Option<[u8; 3]> {
        let slot = *self.seat_slots.get(seat)?.first()?;
        COLOUR_RGB.get(self.colours[slot as usize].colour as usize).copied()
    }

    fn is_irreversible(event: &Event) -> bool {
        matches!(
            event,
            Event::Revealed { .. }
                | Event::FistsOpened { .. }
                | Event::MerlinTaken { .. }
                | Event::GrailDrawn { .. }
                | Event::SupplyShown { .. }
                | Event::TrackOrder { .. }
                | Event::Won { .. }
        )
    }

    fn place_of(&self, action: &Action) -> crate::rules::Place {
        self.place_of_action(action)
    }

    fn board_places(content: &FutureContent) -> Vec<crate::rules::Place> {
        places::board_places(content)
    }

    fn rule_of(&self, action: &Action) -> Option<crate::rules::RulePart> {
        self.rule_of_action(action)
    }

    fn rule_of_decision(&self) -> Option<crate::rules::RulePart> {
        self.rule_of_turn()
    }

    /// The round: Die Zukunft counts its play in rounds, each with every colour's mission turn.
    fn turns_taken(&self) -> Option<u32> {
        Some(u32::from(self.round))
    }

    fn secrets(&self) -> Vec<Secret> {
        self.secret_lines()
    }

    fn census(&self) -> std::collections::BTreeMap<String, usize> {
        let mut c = std::collections::BTreeMap::new();
        // Knights of each colour: screen + hinterland + fields + score marker (+ the black knight).
        for (i, col) in self.colours.iter().enumerate() {
            let on_fields = self
                .fields
                .iter()
                .flatten()
                .filter(|p| **p == Piece::Knight(i as u8))
                .count();
            // After the reveal the fist's knights are out until they are placed.
            let out = if matches!(self.phase, Phase::Missions { .. }) {
                col.sent as usize
            } else {
                0
            };
            let total = col.screen as usize + col.hinterland as usize + on_fields + 1 + col.black_knight as usize + out;
            c.insert(format!("knights {}", col.name()), total);
        }
        let held_grail: usize = self
            .colours
            .iter()
            .map(|c| c.grail.iter().map(|&n| n as usize).sum::<usize>())
            .sum();
        c.insert("grail tiles".into(), held_grail + self.grail_supply.len());
        let held_merlin: usize = self.colours.iter().map(|c| c.merlin.len()).sum();
        c.insert("merlin tiles".into(), held_merlin + self.merlin_row.len());
        c
    }
}
