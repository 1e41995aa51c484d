//! The castle kept in step with the match: built once, then figures, cards and tiles moved to
//! what everyone may see, and the lights of what may be chosen.

use crate::app::bridge::{MatchChanged, MatchRes};
use crate::app::handoff::{Handoff, acting_seat};
use crate::app::motion::{Arrive, Glide, Leg};
use crate::app::style::{Paint, WorldFonts, colour_rgb, world};
use crate::app::tables::future::board::pieces::{
    grail_tile, merlin_back, spawn_card, spawn_figure, spawn_merlin_face, spawn_tile,
};
use crate::app::tables::future::board::scenery::build_castle;
use crate::app::tables::future::board::{
    CardBody, CardLight, Castle, CastleRoot, Count, FieldPiece, LAP_OFFSET, Lap, Light, Magician, MerlinTile,
    MissionCard, ScoreMarker, card_row, z,
};
use crate::app::tables::future::panel::Moments;
use crate::app::tables::future::ui::{FutureUi, action_field, future_match};
use crate::rules::future::{Action, Board, Future, Phase, Piece, RoomRule, Slot};
use crate::rules::{Game, Seat};
use bevy::prelude::*;
use std::sync::Arc;

/// Builds the castle when a Die Zukunft match starts (or its layout changes), then keeps its
/// pieces, cards, tiles and numbers in step with the public view.
pub(in crate::app::tables::future) fn build_or_sync_castle(
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
pub(in crate::app::tables::future) fn black_knights(actions: &[Action]) -> Vec<(Board, u8)> {
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
pub(in crate::app::tables::future) type OnField = (Board, u8, Piece, bool);

/// Every piece on a field of the view, Mordred's black knights marked.
pub(in crate::app::tables::future) fn field_pieces(s: &Future, black: &[(Board, u8)]) -> Vec<OnField> {
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
pub(in crate::app::tables::future) fn piece_changes(shown: &[OnField], want: &[OnField]) -> (Vec<usize>, Vec<OnField>) {
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
pub(in crate::app::tables::future) struct CastleSync<'w, 's> {
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

/// Lights the fields, number spaces and cards a click may take now, and dims the cards the seat
/// may not take.
pub(in crate::app::tables::future) fn show_lit(
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
