//! The castle in the world: rooms with their fields, the throne room with the number spaces and
//! the turn-order track, the Merlin row, the mission display, the hinterland and the score track,
//! built once from the RON layouts; then figures, cards and tiles that glide as the match changes.
//!
//! Layout (spec §4.1, adapted to a screen): the four rooms in a 2×2 arrangement (green top left,
//! red top right, blue bottom left, yellow bottom right) with the throne room between the upper
//! two and the mission display between the lower two, the Merlin row above the throne room, the
//! hinterland and the Grail supply below the display, the secret room (five players) below the
//! castle, and the score track around it all.
//!
//! Parts: `scenery` (the castle built once), `sync` (kept in step with the match, and the
//! lights), `pieces` (figures, markers, tiles and cards spawned), `events` (rule events shown as
//! moments). Here: the layout, the components and the helpers they share.

pub(super) mod events;
mod pieces;
mod scenery;
pub(super) mod sync;

use crate::app::tables::future::ui::{CastleClick, Hover};
use crate::rules::future::{Board, Future, Piece, Slot};
use crate::rules::future::{FutureContent, Room, Stack};
use bevy::prelude::*;
use std::sync::Arc;

/// Board units (a room file's 12 × 12 frame) to world units.
pub(super) const U: f32 = 26.0;
const ROOM: f32 = 12.0 * U;
const TITLE: f32 = 28.0;
const GAP: f32 = 18.0;
const PLATE: f32 = 30.0;
const CARD: Vec2 = Vec2::new(58.0, 80.0);
const TRACK_TILE: f32 = 30.0;
/// How far a score marker's "+60" stands from it (in the marker's scale), towards the castle.
const LAP_OFFSET: f32 = 16.0;
/// The Merlin tiles' mark (their backs, and the Merlin row's sign).
const MERLIN_BLUE: Color = Color::srgb(0.55, 0.75, 0.95);
/// The mission stacks' backs, by `Stack::index` (three, two and one knights, the key stack).
pub(super) const STACK_LABELS: [&str; 4] = ["III", "II", "I", "Key"];
/// Depths.
mod z {
    pub use crate::app::shared::depth::{FLIGHT, FLOOR, LABEL};
    pub const FRAME: f32 = -2.8;
    pub const PATH: f32 = -1.5;
    pub const LIGHT: f32 = 0.0;
    pub const PLATE: f32 = 0.1;
    pub const CARD: f32 = 4.0;
    pub const MARKER: f32 = 4.5;
    pub const PIECE: f32 = 5.0;
    pub const MAGICIAN: f32 = 6.0;
}

#[derive(Component)]
pub(super) struct CastleRoot;

/// The gold frame behind a field or a number space that a click may take now.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub(super) enum Light {
    Field(Board, u8),
    Number(u8),
}

/// A face-up mission card, and its body (recoloured when the seat may not take it).
#[derive(Component)]
pub(super) struct MissionCard(pub(super) u16);
#[derive(Component)]
pub(super) struct CardBody(pub(super) u16);
#[derive(Component)]
pub(super) struct CardLight(pub(super) u16);

/// A piece on a field.
#[derive(Component)]
pub(super) struct FieldPiece {
    board: Board,
    field: u8,
    piece: Piece,
    black: bool,
}

#[derive(Component)]
pub(super) struct Magician(Slot);

#[derive(Component)]
pub(super) struct ScoreMarker(Slot);

/// The "+60" beside a score marker that has gone round the track (spec §4.3).
#[derive(Component)]
pub(super) struct Lap(Slot);

#[derive(Component)]
pub(super) struct MerlinTile(usize);

/// A number written on the board that follows the match.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub(super) enum Count {
    Hinterland(Slot),
    Supply,
    Stack(usize),
    TournamentTiles,
    /// Treason's Knights' Table: which side leads.
    KnightsTable,
}

/// The castle as built: where everything is.
#[derive(Resource)]
pub(super) struct Castle {
    content: Arc<FutureContent>,
    /// The match it was built for (its seed, colours and room sides).
    key: (u64, usize, [Option<usize>; 5]),
    /// Bottom left of each board's 12 × 12 frame, by `Board::index`.
    origin: [Vec2; 5],
    throne: Vec2,
    /// Where each display row's stack lies (Three, Two, One, Key).
    stacks: [Vec2; 4],
    /// Where a colour's knights come from and go to (its screen, left of the castle), by slot.
    home: Vec<Vec2>,
    hinterland: Vec<Vec2>,
    supply: Vec2,
    merlin: Vec<Vec2>,
    track: Vec<Vec2>,
    pub(super) frame: Rect,
}

impl Castle {
    /// A field's centre in the world.
    pub(super) fn field_at(&self, room: &Room, field: usize) -> Vec2 {
        field_pos(self.origin[room.board().index()], room, field)
    }

    /// A number space's slot (outer first, then inner).
    pub(super) fn number_at(&self, n: u8, inner: bool) -> Vec2 {
        let t = &self.content.throne;
        let a = std::f32::consts::PI - n as f32 * std::f32::consts::PI / t.highest.max(1) as f32;
        let r = if inner { t.inner_radius } else { t.outer_radius };
        self.throne + Vec2::new(t.centre.0 + r * a.cos(), t.centre.1 + r * a.sin()) * U
    }

    /// The castle's named places (`shared::Places`), in world units: the board's places by the
    /// rules core's ids (`rules::future::THRONE`, `room_place`, `field_place` and the rest, as
    /// `Game::place_of` names them).
    fn places(&self, s: &Future) -> Vec<(String, Rect)> {
        use crate::rules::future::{DISPLAY, HINTERLAND, THRONE, field_place, room_place};
        let mut v: Vec<(String, Rect)> = vec![
            ("board".to_string(), self.frame),
            (
                THRONE.as_str().to_string(),
                Rect::from_corners(
                    self.throne + Vec2::new(0.0, -6.0),
                    self.throne + Vec2::new(ROOM, 10.6 * U + 4.0),
                ),
            ),
            ("score_track".to_string(), self.score_ring()),
        ];
        let around = |points: &[Vec2], half: Vec2| {
            points
                .iter()
                .map(|p| Rect::from_center_size(*p, 2.0 * half))
                .reduce(|a, b| a.union(b))
        };
        let mut display: Vec<Vec2> = self.stacks.to_vec();
        display.extend(
            self.stacks
                .iter()
                .map(|p| *p + Vec2::new(60.0 + 2.0 * (CARD.x + 6.0), 0.0)),
        );
        if let Some(r) = around(&display, CARD / 2.0 + Vec2::splat(4.0)) {
            v.push((DISPLAY.as_str().to_string(), r));
        }
        if let Some(r) = around(&self.hinterland, Vec2::splat(18.0)) {
            v.push((HINTERLAND.as_str().to_string(), r));
        }
        for b in Board::ALL {
            if let Some(room) = s.room(b) {
                let o = self.origin[b.index()];
                let area = Rect::from_corners(o, o + Vec2::new(ROOM, ROOM + TITLE));
                v.push((room_place(b).as_str().to_string(), area));
                // Each field, so a guided step or a hint points at the very square.
                for f in 0..room.fields().len() {
                    let at = self.field_at(room, f);
                    v.push((
                        field_place(b, f as u8).as_str().to_string(),
                        Rect::from_center_size(at, Vec2::splat(1.6 * U)),
                    ));
                }
            }
        }
        v
    }

    pub(super) fn track_at(&self, pos: usize) -> Vec2 {
        self.track.get(pos).copied().unwrap_or(self.throne)
    }

    /// Where a display card rests: its row by the knights it needs, then its place in the row.
    fn card_at(&self, state: &Future, card: u16) -> Vec2 {
        let row = card_row(state, card);
        let place = state
            .display
            .iter()
            .filter(|&&c| card_row(state, c) == row)
            .position(|&c| c == card)
            .unwrap_or(0);
        self.stacks[row] + Vec2::new(60.0 + place as f32 * (CARD.x + 6.0), 0.0)
    }

    pub(super) fn home(&self, slot: Slot) -> Vec2 {
        self.home.get(slot as usize).copied().unwrap_or(self.frame.min)
    }

    /// Score track tile `i`'s centre.
    fn track_tile(&self, i: usize) -> Vec2 {
        let r = self.score_ring();
        let (w, h) = (r.width(), r.height());
        let per = 2.0 * (w + h) / 60.0;
        let d = (i % 60) as f32 * per;
        if d < w {
            Vec2::new(r.min.x + d, r.max.y)
        } else if d < w + h {
            Vec2::new(r.max.x, r.max.y - (d - w))
        } else if d < 2.0 * w + h {
            Vec2::new(r.max.x - (d - w - h), r.min.y)
        } else {
            Vec2::new(r.min.x, r.min.y + (d - 2.0 * w - h))
        }
    }

    /// From score track tile `i` towards the castle: down from the top row, left from the
    /// right-hand column, and so on.
    fn inward(&self, i: usize) -> Vec2 {
        let r = self.score_ring();
        let p = self.track_tile(i);
        if (p.y - r.max.y).abs() < 0.5 {
            Vec2::NEG_Y
        } else if (p.x - r.max.x).abs() < 0.5 {
            Vec2::NEG_X
        } else if (p.y - r.min.y).abs() < 0.5 {
            Vec2::Y
        } else {
            Vec2::X
        }
    }

    /// The line the score track's tiles sit on.
    fn score_ring(&self) -> Rect {
        self.frame.inflate(-(TRACK_TILE / 2.0 + 6.0))
    }
}

/// A field's centre in the world, its room's frame starting at `o`.
fn field_pos(o: Vec2, room: &Room, field: usize) -> Vec2 {
    let Some(f) = room.fields().get(field) else {
        return o;
    };
    if room.board() == Board::Violet {
        // The secret room lies on its side below the castle: its topmost field at the left.
        o + Vec2::new((12.0 - f.pos.1) * U, 1.5 * U)
    } else {
        o + Vec2::new(f.pos.0 * U, f.pos.1 * U)
    }
}

/// The display row of a card: by the knights it needs (a key card joins the row of its count).
fn card_row(state: &Future, card: u16) -> usize {
    let m = &state.content.0.deck.missions[card as usize];
    match m.stack {
        Stack::Three => 0,
        Stack::Two => 1,
        Stack::One => 2,
        Stack::Key => match m.needs() {
            3 => 0,
            2 => 1,
            _ => 2,
        },
    }
}

/// A room board's colour.
pub(super) fn board_colour(b: Board) -> Color {
    match b {
        Board::Red => Color::srgb(0.62, 0.16, 0.14),
        Board::Yellow => Color::srgb(0.78, 0.62, 0.16),
        Board::Green => Color::srgb(0.18, 0.48, 0.24),
        Board::Blue => Color::srgb(0.18, 0.32, 0.66),
        Board::Violet => Color::srgb(0.46, 0.24, 0.58),
    }
}

fn board_letter(b: Board) -> &'static str {
    match b {
        Board::Red => "R",
        Board::Yellow => "Y",
        Board::Green => "G",
        Board::Blue => "B",
        Board::Violet => "V",
    }
}

/// Where each board lies (its frame's bottom left), and the throne room's frame.
fn layout() -> ([Vec2; 5], Vec2) {
    let left = -ROOM / 2.0 - GAP - ROOM;
    let right = ROOM / 2.0 + GAP;
    let top = GAP / 2.0;
    let bottom = -GAP / 2.0 - TITLE - ROOM;
    let mut origin = [Vec2::ZERO; 5];
    origin[Board::Green.index()] = Vec2::new(left, top);
    origin[Board::Red.index()] = Vec2::new(right, top);
    origin[Board::Blue.index()] = Vec2::new(left, bottom);
    origin[Board::Yellow.index()] = Vec2::new(right, bottom);
    origin[Board::Violet.index()] = Vec2::new(-ROOM / 2.0, bottom - GAP - TITLE - 3.0 * U);
    let throne = Vec2::new(-ROOM / 2.0, top + ROOM + TITLE - 36.0 - 10.6 * U);
    (origin, throne)
}

fn hoverable(commands: &mut Commands, e: Entity, what: Hover) {
    crate::app::style::hoverable(commands, e, what);
}

/// Makes a thing clickable: it says what it is on hover and what it asks for on a press.
fn clickable(commands: &mut Commands, e: Entity, click: CastleClick) {
    hoverable(commands, e, Hover::Click(click));
    crate::app::style::on_press(commands, e, click);
}
