//! The table in the world: Camelot (the Round Table with its twelve Sword places, the ring of
//! twelve Siege Engine places, the Siege area), each quest's board in the cell its RON layout
//! gives it, and the draw piles and discards; built once, then Knights, Swords, Siege Engines and
//! cards that move as the match changes. Everything here is the public view.
//!
//! Parts: `scenery` (the cells and Camelot, built once), `quests` (each quest's board and the
//! Black card revealed), `pieces` (Knights' figures and the cards' faces), `sync` (kept in step
//! with the match, and the lights). Here: the layout, the components and the helpers they share.

pub(super) mod pieces;
mod quests;
mod scenery;
pub(super) mod sync;

use crate::app::style::{frame, world};
use crate::app::tables::shadows::ui::{Hover, SpotClick, board_of};
use crate::rules::Seat;
use crate::rules::record::Match;
use crate::rules::shadows::{KnightId, QuestState, ShadowsContent};
use crate::rules::shadows::{Location, QuestId, Shadows};
use bevy::prelude::*;
use std::sync::Arc;

/// A cell of the table's 3 × 3 grid, and the board drawn in it.
const CELL: Vec2 = Vec2::new(430.0, 292.0);
const PLATE: Vec2 = Vec2::new(414.0, 276.0);
const CARD: Vec2 = Vec2::new(40.0, 56.0);
const CARD_STEP: f32 = 44.0;
/// How large a Black card turns over above Camelot, against the table's cards.
const REVEAL_SCALE: f32 = 3.2;
/// Camelot: the Round Table's radius, the Sword places' circle, the Siege Engines' ring.
const TABLE_R: f32 = 84.0;
const SWORD_R: f32 = 70.0;
const ENGINE_R: f32 = 118.0;
const FIGURE_R: f32 = 17.0;
/// The side of a figure's Life die, in world units.
const LIFE_DIE: f32 = 25.0;
/// The band along the foot of the table the hand lies in.
const HAND_BAND: f32 = 228.0;
/// The evil side's colours: a Black card and a Black Sword.
const EVIL: Color = Color::srgb(0.10, 0.08, 0.10);
const EVIL_RIM: Color = Color::srgb(0.55, 0.12, 0.12);
const GRAIL_GOLD: Color = Color::srgb(0.95, 0.80, 0.35);
const SILVER: Color = Color::srgb(0.90, 0.92, 0.96);

mod z {
    pub use crate::app::shared::depth::{FLIGHT, FLOOR, LABEL};
    pub const PLATE: f32 = -2.0;
    pub const LIGHT: f32 = -1.9;
    pub const SLOT: f32 = -1.0;
    pub const CARD: f32 = 2.0;
    pub const TOKEN: f32 = 3.0;
    pub const FIGURE: f32 = 5.0;
}

#[derive(Component)]
pub(super) struct TableRoot;

/// The gold frame of a spot a click may take now.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub(super) struct Light(pub(super) SpotClick);

/// The things that move: a Knight's figure, a Sword's face on its place (white or black), a
/// Siege Engine on its place; `up` says whether it is shown.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    Figure(Seat),
    Sword { place: u8, black: bool, up: bool },
    Engine { place: u8, up: bool },
}

/// A number or a word written on the table that follows the match.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Label {
    Life(Seat),
    Relics(Seat),
    WhitePile,
    WhiteDiscard,
    BlackPile,
    BlackDiscard,
    Swords,
    Siege,
}

/// The cards and tokens on a quest's board, redrawn when they change.
#[derive(Component)]
pub(super) struct QuestLayer(QuestId);

/// What a quest's board shows, to tell when it changed.
#[derive(Clone, Debug, PartialEq)]
struct QuestLook {
    quest: QuestId,
    state: QuestState,
    over: Option<bool>,
    heroism: bool,
}

/// The table as built: where everything is.
#[derive(Resource)]
pub(super) struct Table {
    content: Arc<ShadowsContent>,
    key: (u64, usize),
    /// The centre of each board, by `QuestId::index` (Lancelot and the Dragon share one).
    boards: [Vec2; 7],
    camelot: Vec2,
    white_pile: Vec2,
    white_discard: Vec2,
    black_pile: Vec2,
    black_discard: Vec2,
    /// Where the hand lies (the band along the foot of the table), and where cards come from and
    /// go to the hands.
    pub(super) hand: Vec2,
    looks: [Option<QuestLook>; 7],
    /// The Sword places around the Round Table and the Siege Engine places of the ring: as many
    /// as end the game (`swords_end`) and lose it (`siege_lose`).
    sword_places: u8,
    engine_places: u8,
    pub(super) frame: Rect,
}

impl Table {
    fn cell(col: i8, row: i8) -> Vec2 {
        Vec2::new(col as f32 * CELL.x, row as f32 * CELL.y)
    }

    /// The table's named places (`shared::Places`), in world units: the board's places by the
    /// rules core's ids (`rules::shadows::quest_place` and the rest, as `Game::place_of` names
    /// them), and the hand.
    fn places(&self) -> Vec<(crate::rules::Place, Rect)> {
        use crate::rules::Place;
        use crate::rules::shadows::{BLACK_PILE, CAMELOT, ROUND_TABLE, WHITE_PILE, quest_place};
        let plate = |q: QuestId| Rect::from_center_size(self.boards[q.index()], PLATE);
        // A pile as it lies (its draw pile: the card a click draws), with a margin for a frame.
        let pile = |a: Vec2| Rect::from_center_size(a, PILE + Vec2::splat(8.0));
        let hand = Rect::from_center_size(self.hand, Vec2::new(self.frame.width() - 16.0, HAND_BAND - 16.0));
        let mut v = vec![
            (Place::fixed("board"), self.frame),
            (CAMELOT, Rect::from_center_size(self.camelot, PLATE)),
            (ROUND_TABLE, Rect::from_center_size(self.camelot, Vec2::splat(190.0))),
        ];
        v.extend(QuestId::ALL.map(|q| (quest_place(q), plate(q))));
        v.extend([
            (WHITE_PILE, pile(self.white_pile)),
            (BLACK_PILE, pile(self.black_pile)),
            (Place::HAND, hand),
        ]);
        v
    }

    /// Where a Knight stands: around the Round Table, in the Siege area (right of the ring), or
    /// in a row at the foot of his quest's board.
    fn knight_at(&self, s: &Shadows, seat: Seat) -> Option<Vec2> {
        let k = s.knights.get(seat)?;
        if !k.active() {
            return None;
        }
        let here = s.present(k.at);
        let i = here.iter().position(|&x| x == seat).unwrap_or(0) as f32;
        let n = here.len().max(1) as f32;
        Some(match k.at {
            Location::RoundTable => {
                let a = std::f32::consts::TAU * (i / n) + std::f32::consts::FRAC_PI_2;
                let r = if n > 1.0 { 36.0 } else { 0.0 };
                self.camelot + Vec2::new(a.cos(), a.sin()) * r
            }
            Location::Siege => {
                let (col, row) = ((i as usize) / 4, (i as usize) % 4);
                self.camelot + Vec2::new(ENGINE_R + 34.0 + col as f32 * 38.0, 60.0 - row as f32 * 40.0)
            }
            Location::Quest(q) => {
                let c = self.boards[board_of(q).index()];
                c + Vec2::new((i - (n - 1.0) / 2.0) * 2.3 * FIGURE_R, -PLATE.y / 2.0 + 30.0)
            }
            Location::Gone => return None,
        })
    }

    fn sword_at(&self, place: u8) -> Vec2 {
        let a = std::f32::consts::FRAC_PI_2 - std::f32::consts::TAU * place as f32 / self.sword_places.max(1) as f32;
        self.camelot + Vec2::new(a.cos(), a.sin()) * SWORD_R
    }

    fn engine_at(&self, place: u8) -> Vec2 {
        let a = std::f32::consts::FRAC_PI_2
            - std::f32::consts::TAU * (place as f32 + 0.5) / self.engine_places.max(1) as f32;
        self.camelot + Vec2::new(a.cos(), a.sin()) * ENGINE_R
    }

    /// A board's spot for the `i`-th of `n` cards in a row at height `dy`.
    fn slot(&self, q: QuestId, i: usize, n: usize, dy: f32) -> Vec2 {
        let c = self.boards[board_of(q).index()];
        c + Vec2::new((i as f32 - (n as f32 - 1.0) / 2.0) * CARD_STEP, dy)
    }
}

/// Two letters for each Knight, so that no one needs the seat colours to tell them apart.
pub(super) fn knight_mark(k: KnightId) -> &'static str {
    match k {
        KnightId::Arthur => "Ar",
        KnightId::Galahad => "Ga",
        KnightId::Gawain => "Gw",
        KnightId::Kay => "Ka",
        KnightId::Percival => "Pe",
        KnightId::Palamedes => "Pa",
        KnightId::Tristan => "Tr",
    }
}

pub(super) fn seat_rgb(m: &Match<Shadows>, seat: Seat) -> [u8; 3] {
    m.config.seats.get(seat).map_or([150, 150, 150], |s| s.colour)
}

fn hoverable(commands: &mut Commands, e: Entity, what: Hover) {
    crate::app::style::hoverable(commands, e, what);
}

/// Makes a thing clickable: it says what it is on hover and what it asks for on a press.
/// A pile of cards on the table, as the scenery lays it.
const PILE: Vec2 = Vec2::new(84.0, 116.0);

fn clickable(commands: &mut Commands, e: Entity, click: SpotClick) {
    hoverable(commands, e, Hover::Spot(click));
    crate::app::style::on_press(commands, e, click);
}

/// A lit frame around a spot, hidden until a click may take it.
fn light(commands: &mut Commands, root: Entity, spot: SpotClick, area: Rect) {
    let e = commands
        .spawn((
            Light(spot),
            Transform::default(),
            Visibility::Hidden,
            Pickable::IGNORE,
            ChildOf(root),
        ))
        .id();
    frame(commands, e, world::GOLD, area.inflate(5.0), 5.0, z::LIGHT);
}
