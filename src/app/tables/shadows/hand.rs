//! The hand of the seat at the screen as cards in the world: a fan along the foot of the table,
//! under the quest boards. A card lifts when the pointer rests on it (its whole text by the
//! pointer), stays lifted and framed in gold while it is being played, and is dimmed when it has
//! no use now; a click on it is the same as choosing it below. With no hand to show (a hand-off,
//! another human's turn, bots only) the deciding seat's hand lies face down. New cards fly in
//! from the White pile (`board.rs`).

use crate::app::bridge::MatchRes;
use crate::app::cards::{CardFace, CardSide, spawn_face};
use crate::app::handoff::{Handoff, acting_seat};
use crate::app::icons::{Picture, Pictures};
use crate::app::style::WorldFonts;
use crate::app::tables::shadows::board::Table;
use crate::app::tables::shadows::board::pieces::white_face;
use crate::app::tables::shadows::ui::{Hover, Hovered, ShadowsUi, card_of, shadows_match, shown};
use crate::rules::shadows::{Shadows, White};
use crate::rules::{Game, Seat};
use bevy::prelude::*;

/// A hand card's size in the world.
pub(super) const HAND_CARD: Vec2 = Vec2::new(132.0, 184.0);
const LIFT: f32 = 22.0;

/// A card of the hand as drawn: its place in the hand and the card (none for a back).
#[derive(Component, Clone, Copy, Debug)]
pub(super) struct HandCard {
    pub index: usize,
    pub card: Option<White>,
    pub home: Vec3,
}

/// The dark veil over a card with no use now, and the gold frame of the card being played.
#[derive(Component)]
pub(super) struct Veil;
#[derive(Component)]
pub(super) struct PickFrame;

/// A click on a card of the hand, by its place.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandClick(pub usize);

/// What the hand shows now: the seat whose cards these are, face up or down.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub(super) struct HandShown {
    pub shown: Option<(Seat, Vec<Option<White>>)>,
}

/// Where the `i`-th of `n` cards of the hand lies.
fn slot(table: &Table, i: usize, n: usize) -> Vec3 {
    let step = (1240.0 / n.max(1) as f32).min(HAND_CARD.x + 10.0);
    let x = (i as f32 - (n as f32 - 1.0) / 2.0) * step;
    (table.hand + Vec2::new(x, 0.0)).extend(10.0 + i as f32 * 0.2)
}

/// A card lying face down in a hand.
fn back() -> CardFace {
    CardFace {
        name: String::new(),
        value: None,
        picture: Some(Picture::Shield),
        line: None,
        side: CardSide::Back { dark: false },
    }
}

/// Deals the hand anew when what it should show changed; lifts, frames and veils the cards as
/// the pointer and the choice under way say.
#[allow(clippy::too_many_arguments)]
pub(super) fn sync_hand(
    mut commands: Commands,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    table: Option<Res<Table>>,
    fonts: Option<Res<WorldFonts>>,
    pictures: Res<Pictures>,
    ui: Res<ShadowsUi>,
    hovered: Res<Hovered>,
    mut shown: ResMut<HandShown>,
    roots: Query<Entity, With<super::board::TableRoot>>,
    mut cards: Query<(Entity, &HandCard, &mut Transform, &Children)>,
    mut veils: Query<&mut Visibility, (With<Veil>, Without<PickFrame>)>,
    mut frames: Query<&mut Visibility, (With<PickFrame>, Without<Veil>)>,
) {
    let (Some(m), Some(table), Some(fonts)) = (shadows_match(&res), table, fonts) else {
        return;
    };
    let Some(root) = roots.iter().next() else {
        return;
    };
    let s = &m.state;
    let viewer = handoff.private_viewer();
    let want = match shown_hand(s, viewer) {
        Some((seat, hand)) => Some((seat, hand.into_iter().map(Some).collect::<Vec<_>>())),
        None => s
            .deciding()
            .or(Some(s.active))
            .and_then(|seat| s.knights.get(seat).map(|k| (seat, vec![None; k.hand.len()]))),
    };
    if want != shown.shown {
        for (e, ..) in &cards {
            commands.entity(e).despawn();
        }
        if let Some((_, hand)) = &want {
            let n = hand.len();
            for (i, card) in hand.iter().enumerate() {
                let at = slot(&table, i, n);
                let face = card.map_or_else(back, |c| white_face(s, c));
                let e = spawn_face(&mut commands, root, &face, HAND_CARD, at, &fonts, &pictures);
                commands.entity(e).insert((
                    HandCard {
                        index: i,
                        card: *card,
                        home: at,
                    },
                    // What the pointer finds.
                    Sprite::from_color(crate::app::style::world::INK, HAND_CARD),
                    Pickable::default(),
                ));
                commands.entity(e).with_children(|t| {
                    t.spawn((
                        Veil,
                        Pickable::IGNORE,
                        Sprite::from_color(Color::srgba(0.05, 0.05, 0.07, 0.55), HAND_CARD),
                        Transform::from_xyz(0.0, 0.0, 0.5),
                        Visibility::Hidden,
                    ));
                    for r in
                        crate::app::style::ring(Rect::from_center_size(Vec2::ZERO, HAND_CARD + Vec2::splat(8.0)), 4.0)
                    {
                        t.spawn((
                            PickFrame,
                            Pickable::IGNORE,
                            Sprite::from_color(crate::app::style::world::GOLD, r.size()),
                            Transform::from_translation(r.center().extend(0.6)),
                            Visibility::Hidden,
                        ));
                    }
                });
                if card.is_some() {
                    crate::app::style::hoverable(&mut commands, e, Hover::Hand(i));
                    crate::app::style::on_press(&mut commands, e, HandClick(i));
                }
            }
        }
        shown.shown = want;
        return;
    }
    // Lift, frame and veil.
    let acting = acting_seat(m, &handoff);
    let legal = if acting.is_some() {
        s.legal_actions()
    } else {
        Vec::new()
    };
    let uses: Vec<White> = legal.iter().filter_map(card_of).collect();
    for (_, hc, mut transform, children) in &mut cards {
        let Some(card) = hc.card else { continue };
        // The very card clicked, not its twin.
        let picked = ui.selected == Some(card) && ui.picked.is_none_or(|i| i == hc.index);
        let usable = acting.is_none() || uses.contains(&card);
        let hovered = hovered.0 == Some(Hover::Hand(hc.index)) && usable;
        let y = hc.home.y
            + if picked {
                LIFT + 6.0
            } else if hovered {
                LIFT
            } else {
                0.0
            };
        let z = hc.home.z + if picked || hovered { 5.0 } else { 0.0 };
        if transform.translation.y != y || transform.translation.z != z {
            transform.translation.y = y;
            transform.translation.z = z;
        }
        for child in children.iter() {
            if let Ok(mut v) = veils.get_mut(child) {
                let want = if usable {
                    Visibility::Hidden
                } else {
                    Visibility::Inherited
                };
                if *v != want {
                    *v = want;
                }
            }
            if let Ok(mut v) = frames.get_mut(child) {
                let want = if picked {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                if *v != want {
                    *v = want;
                }
            }
        }
    }
}

/// The hand the screen may show: the seat at the screen's, in its order.
pub(super) fn shown_hand(s: &Shadows, viewer: Option<Seat>) -> Option<(Seat, Vec<White>)> {
    shown(s, viewer, false).hand
}

/// The hand goes when the table goes.
pub(super) fn forget_hand(mut shown: ResMut<HandShown>) {
    *shown = HandShown::default();
}
