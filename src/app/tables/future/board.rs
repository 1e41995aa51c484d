//! The castle in the world: rooms with their fields, the throne room with the number spaces and
//! the turn-order track, the Merlin row, the mission display, the hinterland and the score track,
//! built once from the RON layouts; then figures, cards and tiles that glide as the match changes.
//!
//! Layout (spec §4.1, adapted to a screen): the four rooms in a 2×2 arrangement (green top left,
//! red top right, blue bottom left, yellow bottom right) with the throne room between the upper
//! two and the mission display between the lower two, the Merlin row above the throne room, the
//! hinterland and the Grail supply below the display, the secret room (five players) below the
//! castle, and the score track around it all.

use super::*;
use crate::app::motion::{Arrive, Glide, Leg};
use crate::app::style::{Look, Paint, colour_mark, colour_rgb, frame, icon, polygon_mesh, rect, world_colour};
use crate::rules::future::{FutureContent, Room, RoomRule, Shield, Stack, Stage};
use bevy::sprite::Anchor;
use bevy::text::TextBounds;

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
    pub const FLOOR: f32 = -3.0;
    pub const FRAME: f32 = -2.8;
    pub const PATH: f32 = -1.5;
    pub const LIGHT: f32 = 0.0;
    pub const PLATE: f32 = 0.1;
    pub const LABEL: f32 = 0.3;
    pub const CARD: f32 = 4.0;
    pub const MARKER: f32 = 4.5;
    pub const PIECE: f32 = 5.0;
    pub const MAGICIAN: f32 = 6.0;
    pub const FLIGHT: f32 = 8.0;
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

    /// The castle's named places (`shared::Places`), in world units.
    fn places(&self, s: &Future) -> Vec<(String, Rect)> {
        let mut v: Vec<(String, Rect)> = vec![
            ("board", self.frame),
            (
                "throne",
                Rect::from_corners(
                    self.throne + Vec2::new(0.0, -6.0),
                    self.throne + Vec2::new(ROOM, 10.6 * U + 4.0),
                ),
            ),
            ("score_track", self.score_ring()),
        ]
        .into_iter()
        .map(|(n, r)| (n.to_string(), r))
        .collect();
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
            v.push(("display".into(), r));
        }
        if let Some(r) = around(&self.hinterland, Vec2::splat(18.0)) {
            v.push(("hinterland".into(), r));
        }
        for (b, name) in [
            (Board::Red, "room:red"),
            (Board::Green, "room:green"),
            (Board::Blue, "room:blue"),
            (Board::Yellow, "room:yellow"),
        ] {
            if let Some(room) = s.room(b) {
                let o = self.origin[b.index()];
                let area = Rect::from_corners(o, o + Vec2::new(ROOM, ROOM + TITLE));
                v.push((name.to_string(), area));
                // The room also by its name, for whatever names it in words.
                v.push((room.name().to_string(), area));
                // Each field by the words a move names it with ("Training Ground (row 1,
                // column 1)"), so a guided step or a hint points at the very square.
                for f in 0..room.fields().len() {
                    let at = self.field_at(room, f);
                    v.push((
                        s.field_name(b, f as u8),
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

/// Builds the castle when a Die Zukunft match starts (or its layout changes), then keeps its
/// pieces, cards, tiles and numbers in step with the public view.
pub(super) fn build_or_sync_castle(
    mut commands: Commands,
    res: Res<MatchRes>,
    fonts: Option<Res<WorldFonts>>,
    surfaces: Res<crate::app::surfaces::Surfaces>,
    castle: Option<Res<Castle>>,
    roots: Query<Entity, With<CastleRoot>>,
    mut changed: MessageReader<MatchChanged>,
    mut paint: Paint,
    mut frame: ResMut<crate::app::style::BoardFrame>,
    mut places: ResMut<crate::app::shared::Places>,
    mut ui: ResMut<FutureUi>,
    mut moments: ResMut<Moments>,
    mut sync: CastleSync,
    mut fresh: Local<bool>,
    mut synced: Local<(usize, Option<Action>)>,
) {
    let changed = changed.read().count() > 0 || std::mem::take(&mut *fresh);
    let Some(m) = future_match(&res) else {
        if castle.is_some() {
            for e in &roots {
                commands.entity(e).despawn();
            }
            commands.remove_resource::<Castle>();
        }
        return;
    };
    let Some(fonts) = fonts else {
        return;
    };
    let s = &m.state;
    let key = (m.config.seed, s.colours.len(), s.room_of);
    let castle = match castle {
        Some(c) if Arc::ptr_eq(&c.content, &s.content.0) && c.key == key => c,
        _ => {
            for e in &roots {
                commands.entity(e).despawn();
            }
            let built = build_castle(&mut commands, s, key, (&fonts, &surfaces, &sync.pictures), &mut paint);
            frame.0 = built.frame;
            *places = crate::app::shared::Places::new(built.places(s));
            commands.insert_resource(built);
            *moments = Moments::default();
            // Everything already on the board comes in on the next frame.
            *fresh = true;
            *synced = (0, None);
            return;
        }
    };
    if changed && ui.at_action != m.actions.len() {
        *ui = FutureUi {
            at_action: m.actions.len(),
            ..default()
        };
    }
    // Nothing to bring in step unless the match changed, tiles are to fly or final scoring is
    // counting the markers up (no view is made on a quiet frame).
    if !changed && moments.grail_flights.is_empty() && moments.final_clock.is_none() {
        return;
    }
    // Fewer actions than when last in step: an undo took the last one back.
    let taken_back = if changed && m.actions.len() < synced.0 {
        synced.1
    } else {
        None
    };
    if changed {
        *synced = (m.actions.len(), m.actions.last().copied());
    }
    // The castle shows only what everyone may see.
    let view = s.public_view();
    let black = black_knights(&m.actions);
    sync.run(
        &mut commands,
        &castle,
        &view.state,
        &black,
        &fonts,
        &mut paint,
        &mut moments,
        changed,
        taken_back,
    );
}

/// The fields where Mordred's black knight stands, from the public record of actions (the rules
/// count him as a knight of his colour): where he was sent in, unless a red-room recall took
/// the knight on that field away since.
pub(super) fn black_knights(actions: &[Action]) -> Vec<(Board, u8)> {
    let mut black = Vec::new();
    for a in actions {
        match *a {
            Action::BlackKnight { board, field } => black.push((board, field)),
            Action::RecallRed(f) => black.retain(|&x| x != (Board::Red, f)),
            _ => {}
        }
    }
    black
}

/// A piece on a field as the board shows it: the room, the field, the piece, and whether it is
/// Mordred's black knight.
pub(super) type OnField = (Board, u8, Piece, bool);

/// Every piece on a field of the view, Mordred's black knights marked.
pub(super) fn field_pieces(s: &Future, black: &[(Board, u8)]) -> Vec<OnField> {
    let mut on = Vec::new();
    for b in Board::ALL {
        for (i, p) in s.fields[b.index()].iter().enumerate() {
            if *p != Piece::Empty {
                let dark = matches!(p, Piece::Knight(_)) && black.contains(&(b, i as u8));
                on.push((b, i as u8, *p, dark));
            }
        }
    }
    on
}

/// What changes on the fields between the pieces shown and those wanted: the indices of the
/// shown pieces that leave, and the wanted pieces that come. A piece already where it should
/// be is in neither: it stays where it stands, untouched.
pub(super) fn piece_changes(shown: &[OnField], want: &[OnField]) -> (Vec<usize>, Vec<OnField>) {
    let mut coming = want.to_vec();
    let mut leaving = Vec::new();
    for (i, p) in shown.iter().enumerate() {
        match coming.iter().position(|w| w == p) {
            Some(k) => {
                coming.remove(k);
            }
            None => leaving.push(i),
        }
    }
    (leaving, coming)
}

/// The queries the sync needs: each kind of moving thing, kept apart by its marker.
#[allow(clippy::type_complexity)]
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct CastleSync<'w, 's> {
    roots: Query<'w, 's, Entity, With<CastleRoot>>,
    pieces: Query<'w, 's, (Entity, &'static FieldPiece, &'static Transform, &'static mut Glide), Without<Magician>>,
    magicians: Query<
        'w,
        's,
        (
            &'static Magician,
            &'static Transform,
            &'static mut Glide,
            &'static mut Visibility,
        ),
        (Without<FieldPiece>, Without<MissionCard>),
    >,
    cards: Query<
        'w,
        's,
        (Entity, &'static MissionCard, &'static Transform, &'static mut Glide),
        (
            Without<FieldPiece>,
            Without<Magician>,
            Without<ScoreMarker>,
            Without<MerlinTile>,
        ),
    >,
    markers: Query<
        'w,
        's,
        (&'static ScoreMarker, &'static Transform, &'static mut Glide),
        (
            Without<FieldPiece>,
            Without<Magician>,
            Without<MissionCard>,
            Without<MerlinTile>,
        ),
    >,
    merlin: Query<
        'w,
        's,
        (&'static MerlinTile, &'static Transform, &'static mut Glide),
        (
            Without<FieldPiece>,
            Without<Magician>,
            Without<MissionCard>,
            Without<ScoreMarker>,
        ),
    >,
    counts: Query<'w, 's, (&'static Count, &'static mut Text2d)>,
    laps: Query<
        'w,
        's,
        (
            &'static Lap,
            &'static mut Text2d,
            &'static mut Visibility,
            &'static mut Transform,
        ),
        (
            Without<Magician>,
            Without<Count>,
            Without<ScoreMarker>,
            Without<FieldPiece>,
            Without<MissionCard>,
            Without<MerlinTile>,
        ),
    >,
    /// Whether the magicians stood on number spaces when last seen (to walk them back in order).
    predicted: Local<'s, bool>,
    pictures: Res<'w, crate::app::icons::Pictures>,
}

impl CastleSync<'_, '_> {
    fn run(
        &mut self,
        commands: &mut Commands,
        castle: &Castle,
        s: &Future,
        black: &[(Board, u8)],
        fonts: &WorldFonts,
        paint: &mut Paint,
        moments: &mut Moments,
        changed: bool,
        taken_back: Option<Action>,
    ) {
        let Some(root) = self.roots.iter().next() else {
            return;
        };
        // Grail tiles drawn fly from the supply to their colour's screen.
        for slot in moments.grail_flights.drain(..) {
            let from = castle.supply.extend(z::FLIGHT);
            let e = spawn_tile(commands, root, from, grail_tile(&self.pictures));
            let mut glide = Glide::at(from);
            glide.arrive = Arrive::Despawn;
            glide.path(
                &Transform::from_translation(from),
                [Leg {
                    to: castle.home(slot).extend(z::FLIGHT),
                    scale: 0.6,
                    secs: 0.8,
                }],
            );
            commands.entity(e).insert(glide);
        }
        // Final scoring turns the Merlin tiles face up: each flies from its owner's screen to the
        // row it was taken from, and turns over there (a back that shrinks away, a face that grows).
        for (slot, value) in std::mem::take(&mut moments.merlin_reveals) {
            let k = moments.merlin_shown;
            moments.merlin_shown += 1;
            let Some(&spot) = castle.merlin.get(k) else {
                continue;
            };
            let delay = 0.25 * k as f32;
            let from = castle.home(slot).extend(z::FLIGHT);
            let to = spot.extend(z::FLIGHT);
            let back = spawn_tile(commands, root, from, merlin_back(&self.pictures));
            let mut glide = Glide::at(from);
            glide.arrive = Arrive::Despawn;
            glide.path(
                &Transform::from_translation(from).with_scale(Vec3::splat(0.6)),
                [
                    Leg {
                        to: from,
                        scale: 0.6,
                        secs: delay,
                    },
                    Leg {
                        to,
                        scale: 1.0,
                        secs: 0.7,
                    },
                    Leg {
                        to,
                        scale: 0.0,
                        secs: 0.2,
                    },
                ],
            );
            commands.entity(back).insert(glide);
            let rgb = s
                .colours
                .get(slot as usize)
                .map_or([150, 150, 150], |c| colour_rgb(c.colour));
            let face = spawn_merlin_face(commands, root, to, value, rgb, fonts);
            let mut glide = Glide::at(to);
            glide.wait_then(
                &Transform::from_translation(to).with_scale(Vec3::ZERO),
                delay + 0.9,
                to,
                1.0,
                0.2,
            );
            commands
                .entity(face)
                .insert((Transform::from_translation(to).with_scale(Vec3::ZERO), glide));
        }
        // Score markers move as the (shown) score does.
        let mut on_tile: Vec<(usize, Slot)> = Vec::new();
        for (i, _) in s.colours.iter().enumerate() {
            let score = moments.shown_score(s, i as Slot);
            on_tile.push(((score.max(0) as usize) % 60, i as Slot));
        }
        for (marker, transform, mut glide) in &mut self.markers {
            let Some(&(tile, _)) = on_tile.get(marker.0 as usize) else {
                continue;
            };
            let shared = on_tile.iter().filter(|(t, _)| *t == tile).count();
            let nth = on_tile.iter().filter(|(t, s)| *t == tile && *s < marker.0).count();
            let offset = Vec2::new((nth as f32 - (shared as f32 - 1.0) / 2.0) * 9.0, 0.0);
            let to = (castle.track_tile(tile) + offset).extend(z::MARKER + marker.0 as f32 * 0.01);
            if glide.target() != to {
                glide.go(transform, to, 0.5);
            }
        }
        for (lap, mut text, mut visibility, mut at) in &mut self.laps {
            // Beside its marker on the castle's side of the track, never past the board's edge.
            if let Some(&(tile, _)) = on_tile.get(lap.0 as usize) {
                let to = (castle.inward(tile) * LAP_OFFSET).extend(at.translation.z);
                if at.translation != to {
                    at.translation = to;
                }
            }
            let laps = moments.shown_score(s, lap.0).max(0) / 60;
            let want = if laps > 0 {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            };
            if *visibility != want {
                *visibility = want;
            }
            let words = format!("+{}", laps * 60);
            if laps > 0 && text.0 != words {
                text.0 = words;
            }
        }
        if !changed {
            return;
        }
        // Pieces on fields: those that stay are not touched, the others leave, the new come in.
        let shown: Vec<(Entity, OnField)> = self
            .pieces
            .iter()
            .map(|(e, fp, ..)| (e, (fp.board, fp.field, fp.piece, fp.black)))
            .collect();
        let was: Vec<OnField> = shown.iter().map(|x| x.1).collect();
        let (leaving, want) = piece_changes(&was, &field_pieces(s, black));
        for i in leaving {
            let Ok((e, fp, transform, mut glide)) = self.pieces.get_mut(shown[i].0) else {
                continue;
            };
            // Gone: a knight recalled from the red room walks to its hinterland; a piece whose
            // placement was taken back goes where it came from (a knight to its screen, the
            // magician to its place on the track).
            let to = match (fp.piece, taken_back.is_some()) {
                (Piece::Knight(slot), true) => castle.home(slot),
                (Piece::Magician(slot), true) => castle.track_at(s.track.iter().position(|&t| t == slot).unwrap_or(0)),
                (Piece::Knight(slot) | Piece::Magician(slot), false) => castle
                    .hinterland
                    .get(slot as usize)
                    .copied()
                    .unwrap_or(castle.frame.min),
                _ => castle.frame.min,
            };
            glide.arrive = Arrive::Despawn;
            glide.path(
                transform,
                [Leg {
                    to: to.extend(z::FLIGHT),
                    scale: 0.5,
                    secs: 0.7,
                }],
            );
            commands.entity(e).remove::<FieldPiece>();
        }
        for (n, (board, field, piece, dark)) in want.into_iter().enumerate() {
            let Some(room) = s.room(board) else {
                continue;
            };
            let to = castle.field_at(room, field as usize).extend(z::PIECE);
            let from = match piece {
                Piece::Knight(slot) => castle.home(slot).extend(z::FLIGHT),
                Piece::Magician(slot) => {
                    let pos = s.track.iter().position(|&t| t == slot).unwrap_or(0);
                    castle.track_at(pos).extend(z::FLIGHT)
                }
                _ => to,
            };
            let e = spawn_figure(commands, root, s, piece, from, fonts, paint, dark);
            let mut glide = Glide::at(from);
            if from != to {
                // Knights of one placement walk one after another.
                let start = Transform::from_translation(from).with_scale(Vec3::splat(0.7));
                glide.wait_then(&start, 0.15 * n as f32, to, 1.0, 0.7);
            }
            commands.entity(e).insert((
                glide,
                FieldPiece {
                    board,
                    field,
                    piece,
                    black: dark,
                },
            ));
        }
        // Magicians: on their number spaces while the round's predictions stand, else on the
        // turn-order track; after the reveal they walk to their new places one by one, top first.
        let predicting = matches!(s.phase, Phase::Send { .. } | Phase::Predict { .. });
        let was_predicted = std::mem::replace(&mut *self.predicted, predicting && !s.predictions.is_empty());
        for (mag, transform, mut glide, mut visibility) in &mut self.magicians {
            let slot = mag.0;
            let prediction = s.predictions.iter().position(|&(p, _)| p == slot);
            let target = match (predicting, prediction) {
                (true, Some(i)) => {
                    let n = s.predictions[i].1;
                    let inner = s.predictions[..i].iter().any(|&(_, x)| x == n);
                    Some((castle.number_at(n, inner), None))
                }
                _ => s
                    .track
                    .iter()
                    .position(|&t| t == slot)
                    .map(|pos| (castle.track_at(pos), Some(pos))),
            };
            let Some((to, pos)) = target else {
                *visibility = Visibility::Hidden;
                continue;
            };
            *visibility = Visibility::Inherited;
            let to = to.extend(z::MAGICIAN);
            if glide.target() == to {
                continue;
            }
            // Smaller on the track, where the slots are close.
            let scale = if pos.is_some() { 0.72 } else { 1.0 };
            let wait = match pos {
                Some(p) if was_predicted && !predicting => 0.2 + 0.45 * p as f32,
                _ => 0.0,
            };
            glide.wait_then(transform, wait, to, scale, 0.6);
        }
        // Mission cards: new ones deal from their stacks, taken ones fly to their taker, the
        // round's leftovers go back under the stacks.
        let mut shown: Vec<u16> = Vec::new();
        for (e, card, transform, mut glide) in &mut self.cards {
            if s.display.contains(&card.0) {
                shown.push(card.0);
                let to = castle.card_at(s, card.0).extend(z::CARD);
                if glide.target() != to {
                    glide.go(transform, to, 0.4);
                }
                continue;
            }
            let taker = s.colours.iter().position(|c| c.missions.contains(&card.0));
            let to = match taker {
                Some(slot) => castle.home(slot as Slot),
                None => castle.stacks[card_row(s, card.0)],
            };
            glide.arrive = Arrive::Despawn;
            glide.path(
                &Transform::from_translation(transform.translation.with_z(z::FLIGHT)),
                [Leg {
                    to: to.extend(z::FLIGHT),
                    scale: 0.35,
                    secs: 0.7,
                }],
            );
            commands.entity(e).remove::<MissionCard>();
        }
        for (n, &card) in s.display.iter().filter(|c| !shown.contains(c)).enumerate() {
            // A card whose taking was taken back comes back from its taker's screen; the others
            // deal from their stack.
            let from = match (taken_back, s.deciding_slot()) {
                (Some(Action::Take(c)), Some(slot)) if c == card => castle.home(slot),
                _ => castle.stacks[card_row(s, card)],
            }
            .extend(z::FLIGHT);
            let e = spawn_card(commands, root, s, card, from, (fonts, &self.pictures), paint);
            let mut glide = Glide::at(from);
            let start = Transform::from_translation(from).with_scale(Vec3::splat(0.8));
            glide.wait_then(
                &start,
                0.12 * n as f32,
                castle.card_at(s, card).extend(z::CARD),
                1.0,
                0.5,
            );
            commands.entity(e).insert(glide);
        }
        // The Merlin row: the leftmost tile still there goes to the top of the track, then to its
        // taker.
        let left = s.merlin_row_count();
        let all = castle.merlin.len();
        for (tile, transform, mut glide) in &mut self.merlin {
            if tile.0 + left >= all || glide.arrive == Arrive::Despawn {
                continue;
            }
            let taker = s.track.first().copied().unwrap_or(0);
            glide.arrive = Arrive::Despawn;
            glide.path(
                transform,
                [
                    Leg {
                        to: (castle.track_at(0) + Vec2::new(50.0, 0.0)).extend(z::FLIGHT),
                        scale: 1.2,
                        secs: 0.6,
                    },
                    Leg {
                        to: castle.home(taker).extend(z::FLIGHT),
                        scale: 0.5,
                        secs: 0.7,
                    },
                ],
            );
        }
        // Numbers on the board.
        for (count, mut text) in &mut self.counts {
            let value = match *count {
                Count::Hinterland(slot) => format!("{}", s.colours.get(slot as usize).map_or(0, |c| c.hinterland)),
                Count::Supply => format!("{}", s.grail_supply_count()),
                Count::Stack(i) => format!("{}", s.stacks.get(i).map_or(0, Vec::len)),
                Count::KnightsTable => {
                    if s.royalists_lead() {
                        "Knights' Table: the royalists lead".to_string()
                    } else {
                        "Knights' Table: the rebels lead".to_string()
                    }
                }
                Count::TournamentTiles => match s.room(Board::Green).map(|r| &r.file.rule) {
                    Some(RoomRule::Tournament { .. }) => format!("Tournament tiles {}", s.tournament_tiles),
                    _ => String::new(),
                },
            };
            if text.0 != value {
                text.0 = value;
            }
        }
    }
}

fn text(
    commands: &mut Commands,
    parent: Entity,
    s: impl Into<String>,
    size: f32,
    font: &Handle<Font>,
    colour: Color,
    at: Vec3,
) -> Entity {
    commands
        .spawn((
            Text2d::new(s),
            TextFont::from_font_size(size).with_font(font.clone()),
            TextColor(colour),
            Pickable::IGNORE,
            Transform::from_translation(at),
            ChildOf(parent),
        ))
        .id()
}

fn hoverable(commands: &mut Commands, e: Entity, what: Hover) {
    crate::app::style::hoverable::<Hovered>(commands, e, what);
}

/// Makes a thing clickable: it says what it is on hover and what it asks for on a press.
fn clickable(commands: &mut Commands, e: Entity, click: CastleClick) {
    hoverable(commands, e, Hover::Click(click));
    crate::app::style::on_press(commands, e, click);
}

fn build_castle(
    commands: &mut Commands,
    s: &Future,
    key: (u64, usize, [Option<usize>; 5]),
    (fonts, surfaces, pictures): (
        &WorldFonts,
        &crate::app::surfaces::Surfaces,
        &crate::app::icons::Pictures,
    ),
    paint: &mut Paint,
) -> Castle {
    use crate::app::surfaces::Surface;
    let content = s.content.0.clone();
    let root = commands
        .spawn((
            CastleRoot,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ))
        .id();
    let (origin, throne) = layout();
    let secret = s.room(Board::Violet).is_some();
    let castle_rect = Rect::new(
        origin[Board::Green.index()].x,
        if secret {
            origin[Board::Violet.index()].y
        } else {
            origin[Board::Blue.index()].y
        },
        origin[Board::Red.index()].x + ROOM,
        origin[Board::Green.index()].y + ROOM + TITLE,
    );
    let frame_rect = castle_rect.inflate(TRACK_TILE + 18.0);
    // The table the castle lies on, its floor (grey flagstones) and walls.
    commands.spawn((
        surfaces.table_top(frame_rect),
        Pickable::IGNORE,
        Transform::from_translation(frame_rect.center().extend(z::FLOOR - 0.2)),
        ChildOf(root),
    ));
    commands.spawn((
        surfaces.sprite(Surface::Stone, frame_rect.size(), Color::srgb(0.16, 0.15, 0.15)),
        Pickable::IGNORE,
        Transform::from_translation(frame_rect.center().extend(z::FLOOR - 0.1)),
        ChildOf(root),
    ));
    frame(commands, root, world::WOOD, frame_rect, 8.0, z::FRAME);
    frame(commands, root, world::GOLD_DIM, castle_rect.inflate(6.0), 3.0, z::FRAME);
    // The rooms in play.
    for b in Board::ALL {
        let Some(room) = s.room(b) else {
            continue;
        };
        let o = origin[b.index()];
        let size = if b == Board::Violet {
            Vec2::new(ROOM, 3.0 * U)
        } else {
            Vec2::splat(ROOM)
        };
        let area = Rect::from_corners(o, o + size);
        let colour = board_colour(b);
        // A room's floor: worn boards.
        commands.spawn((
            surfaces.sprite(Surface::Wood, area.size(), Color::srgb(0.25, 0.21, 0.18)),
            Pickable::IGNORE,
            Transform::from_translation(area.center().extend(z::FLOOR)),
            ChildOf(root),
        ));
        frame(commands, root, colour, area, 5.0, z::FRAME);
        let band = Rect::new(area.min.x, area.max.y, area.max.x, area.max.y + TITLE);
        rect(commands, root, colour, band.size(), band.center().extend(z::FRAME));
        let side = match room.side() {
            crate::rules::future::Side::A => "A",
            crate::rules::future::Side::B => "B",
        };
        let title = if b == Board::Violet {
            room.name().to_string()
        } else {
            format!("{} · {} {side}", room.name(), b.name())
        };
        text(
            commands,
            root,
            title,
            size::WORLD_NAME,
            &fonts.bold,
            Color::WHITE,
            band.center().extend(z::LABEL),
        );
        draw_room(commands, root, room, o, fonts);
    }
    let mut castle = Castle {
        content: content.clone(),
        key,
        origin,
        throne,
        stacks: [Vec2::ZERO; 4],
        home: Vec::new(),
        hinterland: Vec::new(),
        supply: Vec2::ZERO,
        merlin: Vec::new(),
        track: Vec::new(),
        frame: frame_rect,
    };
    // Fields: plates the knights stand on.
    for b in Board::ALL {
        let Some(room) = s.room(b) else {
            continue;
        };
        for i in 0..room.len() {
            let p = castle.field_at(room, i);
            draw_field(commands, root, room, i, p, fonts);
        }
    }
    draw_throne(commands, root, s, &mut castle, fonts);
    draw_display(commands, root, s, &mut castle, fonts);
    draw_hinterland(commands, root, s, &mut castle, castle_rect, (fonts, pictures), paint);
    draw_score_track(commands, root, &castle, fonts);
    // Everything that stands on the board at the start.
    for (slot, _) in s.colours.iter().enumerate() {
        let at = castle.home(slot as Slot).extend(z::MAGICIAN);
        let e = spawn_figure(
            commands,
            root,
            s,
            Piece::Magician(slot as Slot),
            at,
            fonts,
            paint,
            false,
        );
        commands
            .entity(e)
            .insert((Magician(slot as Slot), Glide::at(at), Visibility::Hidden));
        let m = castle.track_tile(0).extend(z::MARKER);
        let e = spawn_marker(commands, root, s, slot as Slot, m, fonts, paint);
        commands.entity(e).insert((ScoreMarker(slot as Slot), Glide::at(m)));
    }
    let left = s.merlin_row_count();
    for (i, &at) in castle.merlin.iter().enumerate() {
        if i + left < castle.merlin.len() {
            continue;
        }
        let at = at.extend(z::CARD);
        let e = spawn_tile(commands, root, at, merlin_back(pictures));
        commands.entity(e).insert((MerlinTile(i), Glide::at(at)));
    }
    castle
}

/// The room's paths (arrows between fields) and its rule's marks.
fn draw_room(commands: &mut Commands, root: Entity, room: &Room, o: Vec2, fonts: &WorldFonts) {
    let at = |i: usize| field_pos(o, room, i);
    let mut path = |a: Vec2, b: Vec2| {
        let d = b - a;
        commands.spawn((
            Sprite::from_color(world::PATH.with_alpha(0.55), Vec2::new(d.length(), 5.0)),
            Pickable::IGNORE,
            Transform::from_translation(((a + b) / 2.0).extend(z::PATH))
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
            ChildOf(root),
        ));
    };
    for (i, nexts) in room.next.iter().enumerate() {
        for &j in nexts {
            path(at(i), at(j as usize));
        }
    }
    // The Ballroom and the secret room fill in order: a path runs from each field to the next
    // (each field carries its number).
    for w in room.order.windows(2) {
        path(at(w[0] as usize), at(w[1] as usize));
    }
    // Treason's two rows are named at their left, and the Knights' Table between them says which
    // side leads.
    if let RoomRule::Treason { .. } = room.file.rule {
        let middle = |row: usize| {
            let ps: Vec<Vec2> = room.rows[row].iter().map(|&f| at(f as usize)).collect();
            ps.iter().copied().sum::<Vec2>() / ps.len().max(1) as f32
        };
        let e = text(
            commands,
            root,
            "",
            size::WORLD_SMALL,
            &fonts.bold,
            world::GOLD,
            ((middle(0) + middle(1)) / 2.0).extend(z::LABEL),
        );
        commands.entity(e).insert(Count::KnightsTable);
        for (row, name) in [(0usize, "Royalists"), (1, "Rebels")] {
            if let Some(&first) = room.rows[row].first() {
                let p = at(first as usize);
                let e = text(
                    commands,
                    root,
                    name,
                    size::WORLD_SMALL,
                    &fonts.regular,
                    world::GOLD,
                    (p + Vec2::new(0.0, if row == 0 { 24.0 } else { -24.0 })).extend(z::LABEL),
                );
                commands.entity(e).insert(Anchor::CENTER);
            }
        }
    }
}

/// What a field shows: its points, its effects as icons, hearts, its group or stage, a start.
fn draw_field(commands: &mut Commands, root: Entity, room: &Room, i: usize, p: Vec2, fonts: &WorldFonts) {
    let f = &room.fields()[i];
    let b = room.board();
    commands.spawn((
        Sprite::from_color(Look::Lit.outline_colour(), Vec2::splat(PLATE + 10.0)),
        Transform::from_translation(p.extend(z::LIGHT)),
        Visibility::Hidden,
        Light::Field(b, i as u8),
        Pickable::IGNORE,
        ChildOf(root),
    ));
    let royal = matches!(&room.file.rule, RoomRule::Treason { .. }) && room.rows[0].contains(&(i as u8));
    let fill = match f.stage {
        Stage::Final => Color::srgb(0.45, 0.45, 0.50),
        Stage::Winner => Color::srgb(0.55, 0.45, 0.18),
        Stage::Normal if royal => Color::srgb(0.42, 0.36, 0.20),
        Stage::Normal => Color::srgb(0.34, 0.31, 0.28),
    };
    rect(
        commands,
        root,
        world::INK,
        Vec2::splat(PLATE + 2.0),
        p.extend(z::PLATE - 0.01),
    );
    let plate = rect(commands, root, fill, Vec2::splat(PLATE), p.extend(z::PLATE));
    clickable(commands, plate, CastleClick::Field(b, i as u8));
    if f.points != 0 {
        text(
            commands,
            root,
            format!("{:+}", f.points),
            15.0,
            &fonts.numbers,
            Color::WHITE,
            (p + Vec2::new(0.0, -1.0)).extend(z::LABEL),
        );
    }
    // Marks around the plate: effects top right, hearts bottom left, group top left.
    let mut marks: Vec<(char, Color)> = Vec::new();
    for e in &f.effects {
        match e {
            crate::rules::future::Effect::Grail(_) => marks.push((icon::TROPHY, world::GOLD)),
            crate::rules::future::Effect::Tree => marks.push((icon::TREE, Color::srgb(0.4, 0.8, 0.4))),
            crate::rules::future::Effect::ExtraKnight(to) => marks.push((icon::HELMET, board_colour(*to))),
            crate::rules::future::Effect::Points(_) => {}
        }
    }
    if f.stage == Stage::Winner {
        marks.push((icon::CROWN, world::GOLD));
    }
    if room.queen == Some(i as u8) {
        marks.push((icon::QUEEN, Color::srgb(0.95, 0.55, 0.7)));
    }
    if f.start {
        marks.push((icon::FOOTPRINT, world::PARCHMENT));
    }
    for (k, (glyph, colour)) in marks.into_iter().enumerate() {
        let at = p + Vec2::new(PLATE / 2.0 + 1.0, PLATE / 2.0 - 2.0 - 11.0 * k as f32);
        let e = text(
            commands,
            root,
            glyph.to_string(),
            12.0,
            &fonts.icons,
            colour,
            at.extend(z::LABEL),
        );
        commands.entity(e).insert(Anchor::CENTER_LEFT);
    }
    // Hearts hang from the plate that gives them, on a tab of their own; the queen's field
    // says how many it needs.
    let queen_needs = match &room.file.rule {
        RoomRule::Sequential { queen_hearts, .. } if room.queen == Some(i as u8) => Some(*queen_hearts),
        _ => None,
    };
    if let Some(words) = hearts_tab(f.hearts, queen_needs) {
        let y = p.y - PLATE / 2.0 - 6.0;
        let width: f32 = words.chars().map(|c| if c == '♥' { 9.0 } else { 6.0 }).sum::<f32>() + 6.0;
        rect(
            commands,
            root,
            HEART_TAB,
            Vec2::new(width, 13.0),
            Vec3::new(p.x, y, z::PLATE - 0.005),
        );
        text(
            commands,
            root,
            words,
            10.0,
            &fonts.numbers,
            HEART,
            Vec3::new(p.x, y - 0.5, z::LABEL),
        );
    }
    let group = match (&room.file.rule, f.stage) {
        (RoomRule::Groups { .. }, _) | (RoomRule::Tournament { .. }, Stage::Normal) if f.group > 0 => {
            Some(format!("{}", f.group))
        }
        (RoomRule::Tournament { .. }, Stage::Final) => Some(format!("F{}", f.group)),
        // The order a field fills in (the Ballroom, the secret room).
        (RoomRule::Sequential { .. } | RoomRule::TopmostFree { .. }, _) if f.order > 0 => Some(f.order.to_string()),
        _ => None,
    };
    if let Some(g) = group {
        let e = text(
            commands,
            root,
            g,
            11.0,
            &fonts.numbers,
            world::GOLD,
            (p + Vec2::new(-PLATE / 2.0 - 1.0, PLATE / 2.0 - 4.0)).extend(z::LABEL),
        );
        commands.entity(e).insert(Anchor::CENTER_RIGHT);
    }
}

/// The Ballroom's hearts: their pink, and the tab they hang on.
const HEART: Color = Color::srgb(1.0, 0.62, 0.72);
const HEART_TAB: Color = Color::srgb(0.42, 0.14, 0.24);

/// What a field's heart tab says: a heart for each heart it gives, or for the queen's field the
/// hearts it needs ("needs ♥♥♥"); `None` for a field without hearts.
fn hearts_tab(hearts: u8, queen_needs: Option<u8>) -> Option<String> {
    match (hearts, queen_needs) {
        (_, Some(n)) if n > 0 => Some(format!("needs {}", "♥".repeat(n as usize))),
        (0, _) => None,
        (n, _) => Some("♥".repeat(n as usize)),
    }
}

/// The throne room: the arc of number spaces with their two slots, the turn-order track, and
/// the Merlin row above.
fn draw_throne(commands: &mut Commands, root: Entity, s: &Future, castle: &mut Castle, fonts: &WorldFonts) {
    let t = castle.content.throne.clone();
    let o = castle.throne;
    let area = Rect::from_corners(o + Vec2::new(0.0, -6.0), o + Vec2::new(ROOM, 10.6 * U + 4.0));
    rect(
        commands,
        root,
        Color::srgb(0.17, 0.13, 0.20),
        area.size(),
        area.center().extend(z::FLOOR),
    );
    frame(commands, root, world::GOLD_DIM, area, 3.0, z::FRAME);
    for n in 0..=t.highest {
        for inner in [false, true] {
            let p = castle.number_at(n, inner);
            let plate = if inner { 17.0 } else { 22.0 };
            if !inner {
                commands.spawn((
                    Sprite::from_color(Look::Lit.outline_colour(), Vec2::splat(plate + 5.0)),
                    Transform::from_translation(p.extend(z::LIGHT)),
                    Visibility::Hidden,
                    Light::Number(n),
                    Pickable::IGNORE,
                    ChildOf(root),
                ));
            }
            rect(
                commands,
                root,
                world::INK,
                Vec2::splat(plate + 2.0),
                p.extend(z::PLATE - 0.01),
            );
            let e = rect(
                commands,
                root,
                if inner {
                    Color::srgb(0.30, 0.24, 0.36)
                } else {
                    Color::srgb(0.40, 0.32, 0.48)
                },
                Vec2::splat(plate),
                p.extend(z::PLATE),
            );
            clickable(commands, e, CastleClick::Number(n));
        }
        // The number, inside the arc: outside it the end numbers would reach past the throne
        // room's frame.
        let a = std::f32::consts::PI - n as f32 * std::f32::consts::PI / t.highest.max(1) as f32;
        let r = t.inner_radius - 1.0;
        let p = o + Vec2::new(t.centre.0 + r * a.cos(), t.centre.1 + r * a.sin()) * U;
        text(
            commands,
            root,
            n.to_string(),
            13.0,
            &fonts.numbers,
            world::PARCHMENT,
            p.extend(z::LABEL),
        );
    }
    text(
        commands,
        root,
        "Throne room",
        size::WORLD_SMALL,
        &fonts.regular,
        world::GOLD,
        (o + Vec2::new(ROOM / 2.0, 5.6 * U)).extend(z::LABEL),
    );
    // The turn-order track: first to act at the top, where the Merlin symbol is.
    let used = s.colours.len();
    for (i, &(x, y)) in t.track.iter().enumerate() {
        let p = o + Vec2::new(x * U, y * U);
        castle.track.push(p);
        let fill = if i < used {
            Color::srgb(0.45, 0.38, 0.22)
        } else {
            Color::srgb(0.22, 0.2, 0.2)
        };
        rect(
            commands,
            root,
            world::INK,
            Vec2::new(70.0, 17.0),
            p.extend(z::PLATE - 0.01),
        );
        let plate = rect(commands, root, fill, Vec2::new(68.0, 15.0), p.extend(z::PLATE));
        hoverable(commands, plate, Hover::Track(i));
        let e = text(
            commands,
            root,
            format!("{}", i + 1),
            12.0,
            &fonts.numbers,
            world::PARCHMENT,
            (p + Vec2::new(-40.0, 0.0)).extend(z::LABEL),
        );
        commands.entity(e).insert(Anchor::CENTER_RIGHT);
        if i == 0 {
            let e = text(
                commands,
                root,
                icon::CRYSTAL_BALL.to_string(),
                13.0,
                &fonts.icons,
                MERLIN_BLUE,
                (p + Vec2::new(40.0, 0.0)).extend(z::LABEL),
            );
            commands.entity(e).insert(Anchor::CENTER_LEFT);
        }
    }
    // The Merlin row above the throne room.
    let row_y = area.max.y + 20.0;
    let e = text(
        commands,
        root,
        "Merlin",
        size::WORLD_SMALL,
        &fonts.regular,
        world::GOLD,
        Vec3::new(o.x + 4.0, row_y, z::LABEL),
    );
    commands.entity(e).insert(Anchor::CENTER_LEFT);
    let n = castle.content.deck.merlin.len();
    for i in 0..n {
        castle.merlin.push(Vec2::new(o.x + 70.0 + i as f32 * 31.0, row_y));
    }
    let row = rect(
        commands,
        root,
        Color::srgb(0.12, 0.11, 0.12),
        Vec2::new(n as f32 * 31.0 + 4.0, 30.0),
        Vec3::new(o.x + 70.0 + (n as f32 - 1.0) * 15.5, row_y, z::CARD - 0.3),
    );
    hoverable(commands, row, Hover::MerlinRow);
}

/// The mission display: a stack and its face-up row for three, two and one knights (and the key
/// stack at five players).
fn draw_display(commands: &mut Commands, root: Entity, s: &Future, castle: &mut Castle, fonts: &WorldFonts) {
    let o = castle.throne;
    let top = o.y - 58.0;
    for (i, label) in STACK_LABELS.iter().enumerate() {
        // A stack the display never draws from at this player count (the key stack below five)
        // is not on the table.
        if s.content.0.display(s.players).count(Stack::ALL[i]) == 0 {
            castle.stacks[i] = castle.stacks[0];
            continue;
        }
        let at = if i == Stack::Key.index() {
            // The key stack lies at the end of the three-knight row, which is never full.
            Vec2::new(o.x + ROOM - 24.0, top)
        } else {
            Vec2::new(o.x + 24.0, top - i as f32 * 88.0)
        };
        castle.stacks[i] = at;
        rect(
            commands,
            root,
            world::INK,
            Vec2::new(44.0, 62.0),
            at.extend(z::CARD - 0.2),
        );
        let back = rect(
            commands,
            root,
            Color::srgb(0.16, 0.22, 0.40),
            Vec2::new(40.0, 58.0),
            at.extend(z::CARD - 0.1),
        );
        hoverable(commands, back, Hover::Stack(i));
        text(
            commands,
            root,
            *label,
            15.0,
            &fonts.bold,
            world::GOLD,
            (at + Vec2::new(0.0, 8.0)).extend(z::CARD),
        );
        let e = text(
            commands,
            root,
            "",
            12.0,
            &fonts.numbers,
            world::PARCHMENT,
            (at + Vec2::new(0.0, -14.0)).extend(z::CARD),
        );
        commands.entity(e).insert(Count::Stack(i));
    }
}

/// The hinterland (each colour's knights lying in the open), the Grail supply and the
/// tournament tiles.
fn draw_hinterland(
    commands: &mut Commands,
    root: Entity,
    s: &Future,
    castle: &mut Castle,
    castle_rect: Rect,
    (fonts, pictures): (&WorldFonts, &crate::app::icons::Pictures),
    paint: &mut Paint,
) {
    let o = castle.throne;
    let y = origin_bottom(castle) + 58.0;
    let area = Rect::new(o.x, y - 50.0, o.x + ROOM, y + 40.0);
    frame(commands, root, world::GOLD_DIM, area, 2.0, z::FRAME);
    let e = text(
        commands,
        root,
        "Hinterland",
        size::WORLD_SMALL,
        &fonts.regular,
        world::GOLD,
        Vec3::new(area.min.x + 6.0, area.max.y - 10.0, z::LABEL),
    );
    commands.entity(e).insert(Anchor::CENTER_LEFT);
    let n = s.colours.len().max(1);
    let step = (ROOM - 20.0) / n as f32;
    for (slot, _) in s.colours.iter().enumerate() {
        let p = Vec2::new(area.min.x + 10.0 + step * (slot as f32 + 0.5) - 10.0, y + 6.0);
        castle.hinterland.push(p);
        let spot = rect(
            commands,
            root,
            Color::srgb(0.16, 0.15, 0.14),
            Vec2::new(56.0, 32.0),
            (p + Vec2::new(14.0, 0.0)).extend(z::PLATE),
        );
        hoverable(commands, spot, Hover::Hinterland(slot as Slot));
        spawn_figure(
            commands,
            root,
            s,
            Piece::Knight(slot as Slot),
            p.extend(z::PIECE),
            fonts,
            paint,
            false,
        );
        let e = text(
            commands,
            root,
            "",
            15.0,
            &fonts.numbers,
            world::PARCHMENT,
            (p + Vec2::new(16.0, 0.0)).extend(z::LABEL),
        );
        commands
            .entity(e)
            .insert((Anchor::CENTER_LEFT, Count::Hinterland(slot as Slot)));
    }
    // The Grail supply and the tournament's tiles.
    castle.supply = Vec2::new(area.min.x + 24.0, y - 30.0);
    let supply = rect(
        commands,
        root,
        world::INK,
        Vec2::splat(28.0),
        castle.supply.extend(z::CARD - 0.05),
    );
    hoverable(commands, supply, Hover::Supply);
    spawn_tile(commands, root, castle.supply.extend(z::CARD), grail_tile(pictures));
    let e = text(
        commands,
        root,
        "",
        14.0,
        &fonts.numbers,
        world::PARCHMENT,
        (castle.supply + Vec2::new(18.0, 0.0)).extend(z::LABEL),
    );
    commands.entity(e).insert((Anchor::CENTER_LEFT, Count::Supply));
    let e = text(
        commands,
        root,
        "",
        size::WORLD_SMALL,
        &fonts.regular,
        world::PARCHMENT,
        Vec3::new(area.max.x - 6.0, y - 30.0, z::LABEL),
    );
    commands
        .entity(e)
        .insert((Anchor::CENTER_RIGHT, Count::TournamentTiles));
    // Each colour's screen is beside the castle, left, behind the panel: where its knights come
    // from and its cards and tiles go.
    for (slot, _) in s.colours.iter().enumerate() {
        castle.home.push(Vec2::new(
            castle_rect.min.x - 120.0,
            castle_rect.max.y - 60.0 - slot as f32 * 90.0,
        ));
    }
}

fn origin_bottom(castle: &Castle) -> f32 {
    castle.origin[Board::Blue.index()].y
}

/// The score track around the castle: 60 tiles, every fifth numbered.
fn draw_score_track(commands: &mut Commands, root: Entity, castle: &Castle, fonts: &WorldFonts) {
    for i in 0..60 {
        let p = castle.track_tile(i);
        rect(
            commands,
            root,
            if i % 5 == 0 {
                Color::srgb(0.42, 0.34, 0.20)
            } else {
                Color::srgb(0.30, 0.26, 0.22)
            },
            Vec2::splat(TRACK_TILE - 4.0),
            p.extend(z::PLATE),
        );
        if i % 5 == 0 {
            text(
                commands,
                root,
                i.to_string(),
                12.0,
                &fonts.numbers,
                world::PARCHMENT,
                p.extend(z::LABEL),
            );
        }
    }
}

/// A figure: a knight is a disc in its colour with the colour's letter; a magician a pointed
/// hat; the neutral colour (three players) grey with an N.
pub(super) fn spawn_figure(
    commands: &mut Commands,
    root: Entity,
    s: &Future,
    piece: Piece,
    at: Vec3,
    fonts: &WorldFonts,
    paint: &mut Paint,
    black: bool,
) -> Entity {
    let (rgb, mark, hat) = match piece {
        Piece::Knight(slot) => {
            let c = s.colours.get(slot as usize).map_or(9, |c| c.colour);
            (colour_rgb(c), colour_mark(c), false)
        }
        Piece::Magician(slot) => {
            let c = s.colours.get(slot as usize).map_or(9, |c| c.colour);
            (colour_rgb(c), colour_mark(c), true)
        }
        Piece::Neutral | Piece::Empty => (NEUTRAL_RGB, NEUTRAL_MARK, false),
    };
    // Mordred's black knight: black, ringed in his colour, with its letter in white.
    let (fill, rim) = if black {
        (Color::srgb(0.06, 0.05, 0.07), world_colour(rgb))
    } else {
        (world_colour(rgb), world::INK)
    };
    let ink = if black || crate::app::style::text_on(rgb) != egui::Color32::BLACK {
        Color::WHITE
    } else {
        world::INK
    };
    let e = holder(commands, root, at);
    commands.entity(e).with_children(|t| {
        if hat {
            let outline = [Vec2::new(-12.0, -11.0), Vec2::new(12.0, -11.0), Vec2::new(0.0, 14.0)];
            let inner = [Vec2::new(-9.5, -9.5), Vec2::new(9.5, -9.5), Vec2::new(0.0, 10.5)];
            t.spawn((
                Pickable::IGNORE,
                Mesh2d(paint.mesh("magician-rim", || polygon_mesh(&outline))),
                MeshMaterial2d(paint.colour(world::INK)),
                Transform::default(),
            ));
            t.spawn((
                Pickable::IGNORE,
                Mesh2d(paint.mesh("magician", || polygon_mesh(&inner))),
                MeshMaterial2d(paint.colour(fill)),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
            t.spawn((
                Pickable::IGNORE,
                Text2d::new(mark),
                TextFont::from_font_size(11.0).with_font(fonts.bold.clone()),
                TextColor(ink),
                Transform::from_xyz(0.0, -3.0, 0.02),
            ));
        } else {
            t.spawn((
                Pickable::IGNORE,
                Mesh2d(paint.mesh("knight-rim", || Circle::new(13.0).into())),
                MeshMaterial2d(paint.colour(rim)),
                Transform::default(),
            ));
            t.spawn((
                Pickable::IGNORE,
                Mesh2d(paint.mesh("knight", || Circle::new(11.0).into())),
                MeshMaterial2d(paint.colour(fill)),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
            t.spawn((
                Pickable::IGNORE,
                Text2d::new(mark),
                TextFont::from_font_size(14.0).with_font(fonts.bold.clone()),
                TextColor(ink),
                Transform::from_xyz(0.0, 0.0, 0.02),
            ));
        }
    });
    e
}

/// An empty thing at a place, for the parts of a figure or tile to hang from.
fn holder(commands: &mut Commands, root: Entity, at: Vec3) -> Entity {
    commands
        .spawn((
            Transform::from_translation(at),
            Visibility::default(),
            Pickable::IGNORE,
            ChildOf(root),
        ))
        .id()
}

/// A colour's score marker: a small disc with its letter.
fn spawn_marker(
    commands: &mut Commands,
    root: Entity,
    s: &Future,
    slot: Slot,
    at: Vec3,
    fonts: &WorldFonts,
    paint: &mut Paint,
) -> Entity {
    let e = spawn_figure(commands, root, s, Piece::Knight(slot), at, fonts, paint, false);
    commands
        .entity(e)
        .insert(Transform::from_translation(at).with_scale(Vec3::splat(0.75)));
    commands.spawn((
        Lap(slot),
        Text2d::new(""),
        TextFont::from_font_size(14.0).with_font(fonts.numbers.clone()),
        TextColor(world::GOLD),
        Transform::from_xyz(0.0, -LAP_OFFSET, 0.05),
        Visibility::Hidden,
        Pickable::IGNORE,
        ChildOf(e),
    ));
    e
}

/// A square tile with an icon (a Merlin tile's back, a Grail tile).
fn spawn_tile(commands: &mut Commands, root: Entity, at: Vec3, picture: Sprite) -> Entity {
    square_tile(
        commands,
        root,
        at,
        world::INK,
        Color::srgb(0.20, 0.18, 0.30),
        TileFace::Picture(picture),
    )
}

/// A Merlin tile face down: the wizard's staff on the tiles' blue.
fn merlin_back(pictures: &crate::app::icons::Pictures) -> Sprite {
    pictures.sprite(crate::app::icons::Picture::WizardStaff, 20.0, MERLIN_BLUE)
}

/// A Grail tile: the jewelled chalice in gold.
fn grail_tile(pictures: &crate::app::icons::Pictures) -> Sprite {
    pictures.sprite(crate::app::icons::Picture::JeweledChalice, 20.0, world::GOLD)
}

/// A Merlin tile face up: its value on parchment, framed in its owner's colour.
fn spawn_merlin_face(
    commands: &mut Commands,
    root: Entity,
    at: Vec3,
    value: i32,
    owner: [u8; 3],
    fonts: &WorldFonts,
) -> Entity {
    let face = TileFace::Text(format!("{value:+}"), fonts.numbers.clone(), 13.0, world::INK);
    square_tile(commands, root, at, world_colour(owner), world::PARCHMENT, face)
}

/// What a square tile shows: a text (in its font, size and colour) or a picture.
enum TileFace {
    Text(String, Handle<Font>, f32, Color),
    Picture(Sprite),
}

/// A square tile: a rim, a face, and on it a text or a picture.
fn square_tile(commands: &mut Commands, root: Entity, at: Vec3, rim: Color, fill: Color, face: TileFace) -> Entity {
    let e = holder(commands, root, at);
    commands.entity(e).with_children(|t| {
        t.spawn((Pickable::IGNORE, Sprite::from_color(rim, Vec2::splat(26.0))));
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(fill, Vec2::splat(22.0)),
            Transform::from_xyz(0.0, 0.0, 0.01),
        ));
        match face {
            TileFace::Text(text, font, size, ink) => t.spawn((
                Pickable::IGNORE,
                Text2d::new(text),
                TextFont::from_font_size(size).with_font(font),
                TextColor(ink),
                Transform::from_xyz(0.0, 0.0, 0.02),
            )),
            TileFace::Picture(sprite) => t.spawn((Pickable::IGNORE, sprite, Transform::from_xyz(0.0, 0.0, 0.02))),
        };
    });
    e
}

/// The colour of a shield on a card, and its letter.
fn shield_look(shield: Shield) -> (Color, &'static str) {
    match shield.board() {
        Some(b) => (board_colour(b), board_letter(b)),
        None => (Color::WHITE, "✱"),
    }
}

/// A face-up mission card: its shields drawn as shields in their rooms' colours (with the room's
/// letter; the multicolour one quartered), its Grail tiles and tree as pictures, the key stack's
/// key; a special mission says what it does. What a card asks can be read without hovering.
fn spawn_card(
    commands: &mut Commands,
    root: Entity,
    s: &Future,
    card: u16,
    at: Vec3,
    (fonts, pictures): (&WorldFonts, &crate::app::icons::Pictures),
    paint: &mut Paint,
) -> Entity {
    use crate::app::icons::Picture;
    use crate::app::style::{ShieldShape, shield_mesh};
    let m = &s.content.0.deck.missions[card as usize];
    let e = commands
        .spawn((
            Sprite::from_color(world::INK, CARD + Vec2::splat(2.0)),
            Transform::from_translation(at),
            MissionCard(card),
            ChildOf(root),
        ))
        .id();
    clickable(commands, e, CastleClick::Mission(card));
    let shield = Vec2::new(17.0, 21.0);
    let outline = paint.mesh("future-card-shield-rim", || shield_mesh(ShieldShape::Heater, shield));
    let inner = paint.mesh("future-card-shield", || {
        shield_mesh(ShieldShape::Heater, shield - Vec2::splat(3.0))
    });
    let quarter = paint.mesh("future-card-shield-quarter", || {
        shield_mesh(ShieldShape::Heater, (shield - Vec2::splat(3.0)) * 0.5)
    });
    let ink = paint.colour(world::INK);
    let n = m.shields.len();
    // Shields in one row (up to three), else two rows.
    let per_row = if n <= 3 { n.max(1) } else { n.div_ceil(2) };
    let spots: Vec<Vec3> = (0..n)
        .map(|k| {
            let (row, col) = (k / per_row, k % per_row);
            let in_row = if row == 0 { per_row.min(n) } else { n - per_row };
            let x = (col as f32 - (in_row as f32 - 1.0) / 2.0) * (shield.x + 2.0);
            Vec3::new(x, 22.0 - row as f32 * (shield.y + 2.0), 0.03)
        })
        .collect();
    let mut colours = Vec::new();
    for sh in &m.shields {
        colours.push((paint.colour(shield_look(*sh).0), *sh));
    }
    let quarters: Vec<Handle<ColorMaterial>> = Board::CASTLE.iter().map(|b| paint.colour(board_colour(*b))).collect();
    commands.entity(e).with_children(|t| {
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(Look::Lit.outline_colour(), CARD + Vec2::splat(8.0)),
            Transform::from_xyz(0.0, 0.0, -0.05),
            Visibility::Hidden,
            CardLight(card),
        ));
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(world::PARCHMENT, CARD - Vec2::splat(2.0)),
            Transform::from_xyz(0.0, 0.0, 0.01),
            CardBody(card),
        ));
        if let Some(sp) = m.special {
            t.spawn((
                Pickable::IGNORE,
                pictures.sprite(Picture::WizardStaff, 30.0, Color::srgb(0.36, 0.24, 0.52)),
                Transform::from_xyz(0.0, 18.0, 0.03),
            ));
            for (k, line) in [format!("{} back", sp.knights), format!("+{}", sp.points)]
                .into_iter()
                .enumerate()
            {
                t.spawn((
                    Pickable::IGNORE,
                    Text2d::new(line),
                    TextFont::from_font_size(if k == 1 { 18.0 } else { 13.0 }).with_font(if k == 1 {
                        fonts.numbers.clone()
                    } else {
                        fonts.bold.clone()
                    }),
                    TextColor(world::INK),
                    TextLayout::justify(Justify::Center),
                    TextBounds::new_horizontal(CARD.x - 4.0),
                    Transform::from_xyz(0.0, -8.0 - k as f32 * 18.0, 0.05),
                ));
            }
        } else {
            for (p, (colour, sh)) in spots.iter().zip(&colours) {
                t.spawn((
                    Pickable::IGNORE,
                    Mesh2d(outline.clone()),
                    MeshMaterial2d(ink.clone()),
                    Transform::from_translation(*p),
                ));
                if *sh == Shield::Multi {
                    for (q, c) in quarters.iter().enumerate() {
                        let off = Vec2::new(if q % 2 == 0 { -3.6 } else { 3.6 }, if q < 2 { 4.5 } else { -3.8 });
                        t.spawn((
                            Pickable::IGNORE,
                            Mesh2d(quarter.clone()),
                            MeshMaterial2d(c.clone()),
                            Transform::from_translation(*p + off.extend(0.01)),
                        ));
                    }
                } else {
                    t.spawn((
                        Pickable::IGNORE,
                        Mesh2d(inner.clone()),
                        MeshMaterial2d(colour.clone()),
                        Transform::from_translation(*p + Vec3::Z * 0.01),
                    ));
                    t.spawn((
                        Pickable::IGNORE,
                        Text2d::new(shield_look(*sh).1),
                        TextFont::from_font_size(11.0).with_font(fonts.bold.clone()),
                        TextColor(Color::WHITE),
                        Transform::from_translation(*p + Vec3::new(0.0, 2.0, 0.02)),
                    ));
                }
            }
            // Grail tiles and the tree, as pictures along the foot.
            let mut foot: Vec<(Picture, Color, Option<String>)> = Vec::new();
            if m.grail > 0 {
                foot.push((
                    Picture::JeweledChalice,
                    Color::srgb(0.62, 0.45, 0.06),
                    (m.grail > 1).then(|| m.grail.to_string()),
                ));
            }
            if m.tree {
                foot.push((Picture::PineTree, Color::srgb(0.15, 0.45, 0.15), None));
            }
            let y = if n > 3 { -26.0 } else { -12.0 };
            let k = foot.len() as f32;
            for (i, (pic, colour, count)) in foot.into_iter().enumerate() {
                let x = (i as f32 - (k - 1.0) / 2.0) * 24.0;
                t.spawn((
                    Pickable::IGNORE,
                    pictures.sprite(pic, 24.0, colour),
                    Transform::from_xyz(x, y, 0.05),
                ));
                if let Some(c) = count {
                    t.spawn((
                        Pickable::IGNORE,
                        Text2d::new(format!("×{c}")),
                        TextFont::from_font_size(12.0).with_font(fonts.numbers.clone()),
                        TextColor(world::INK),
                        Transform::from_xyz(x + 12.0, y - 8.0, 0.06),
                    ));
                }
            }
        }
        if m.stack == Stack::Key {
            t.spawn((
                Pickable::IGNORE,
                pictures.sprite(Picture::Key, 16.0, world::INK),
                Transform::from_xyz(CARD.x / 2.0 - 11.0, -CARD.y / 2.0 + 10.0, 0.05),
            ));
        }
    });
    e
}

/// Lights the fields, number spaces and cards a click may take now, and dims the cards the seat
/// may not take.
pub(super) fn show_lit(
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    ui: Res<FutureUi>,
    mut lights: Query<(&Light, &mut Visibility), Without<CardLight>>,
    mut card_lights: Query<(&CardLight, &mut Visibility), Without<Light>>,
    mut bodies: Query<(&CardBody, &mut Sprite)>,
    mut last: Local<Option<(usize, Option<Seat>, usize)>>,
) {
    let Some(m) = future_match(&res) else {
        return;
    };
    let acting = acting_seat(m, &handoff);
    let stamp = (m.actions.len(), acting, ui.choices.len());
    // Lights change only with the match, the seat at the screen, or the choice being made (and
    // cards dealt later light when they arrive, so look again while any are new).
    let stamp = (
        stamp.0,
        stamp.1,
        stamp.2 + 1000 * (lights.iter().count() + card_lights.iter().count()),
    );
    if *last == Some(stamp) {
        return;
    }
    *last = Some(stamp);
    let legal = if acting.is_some() {
        m.state.legal_actions()
    } else {
        Vec::new()
    };
    let from: &[Action] = if ui.choices.is_empty() { &legal } else { &ui.choices };
    let lit_field = |b: Board, f: u8| from.iter().any(|a| action_field(&m.state, a) == Some((b, f)));
    for (light, mut vis) in &mut lights {
        let on = match *light {
            Light::Field(b, f) => lit_field(b, f),
            Light::Number(n) => from.contains(&Action::Predict(n)),
        };
        let want = if on { Visibility::Inherited } else { Visibility::Hidden };
        if *vis != want {
            *vis = want;
        }
    }
    let choosing = from.iter().any(|a| matches!(a, Action::Take(_) | Action::Discard(_)));
    let takeable = |c: u16| from.contains(&Action::Take(c)) || from.contains(&Action::Discard(c));
    for (light, mut vis) in &mut card_lights {
        let want = if choosing && takeable(light.0) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *vis != want {
            *vis = want;
        }
    }
    for (body, mut sprite) in &mut bodies {
        let colour = if choosing && !takeable(body.0) {
            Color::srgb(0.55, 0.52, 0.46)
        } else {
            world::PARCHMENT
        };
        if sprite.color != colour {
            sprite.color = colour;
        }
    }
}

/// Rule events the table shows as moments: the fists opening, tiles drawn, final scoring; and
/// the sounds of the key events.
pub(super) fn read_events(
    res: Res<MatchRes>,
    mut events: MessageReader<RuleEvent>,
    mut moments: ResMut<Moments>,
    mut sfx: MessageWriter<Sfx>,
    settings: Option<Res<crate::app::shared::Settings>>,
) {
    let speed = settings.map(|s| s.animation).unwrap_or_default();
    if future_match(&res).is_none() {
        events.clear();
        return;
    }
    for ev in events.read() {
        let Some(event) = ev.event.payload.downcast_ref::<Event>() else {
            continue;
        };
        match event {
            Event::FistsOpened { counts, total } => {
                sfx.write(Sfx::Dice);
                // With animations off the log tells it; there is no moment to wait for.
                let left = speed.scale(REVEAL_SECS);
                moments.reveal = (left > 0.0).then(|| Reveal {
                    counts: counts.clone(),
                    total: *total,
                    left,
                });
            }
            Event::GrailDrawn { slot, count } => {
                for _ in 0..*count {
                    moments.grail_flights.push(*slot);
                }
                // Drawn for the hinterland in final scoring (after the knights behind the screen).
                if moments.final_steps.iter().any(|x| x.1 == 3) {
                    moments.hinterland_tiles.push((*slot, *count));
                }
            }
            Event::Scored { .. } | Event::TournamentTile { .. } => {
                sfx.write(Sfx::Score);
            }
            Event::FinalStep { slot, step, points } => {
                moments.final_steps.push((*slot, *step, *points));
                moments.final_clock.get_or_insert(0.0);
            }
            Event::MerlinRevealed { slot, values } => {
                moments.merlin_reveals.extend(values.iter().map(|&v| (*slot, v)));
            }
            Event::Won { .. } => {
                sfx.write(Sfx::Fanfare);
            }
            _ => {}
        }
    }
}
