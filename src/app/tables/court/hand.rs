//! The hand as cards in the world: fanned along the bottom under the hall, a card lifts on hover
//! and when chosen, flies to its target when played and on to the discard pile, new cards fly in
//! from the draw pile. Cards played by the other seats show the same way. Below it all, the
//! prompt line.

use crate::app::bridge::{MatchRes, Play, Told};
use crate::app::handoff::TableScreen;
use crate::app::handoff::{Handoff, acting_seat};
use crate::app::motion::{Arrive, Glide, Leg};
use crate::app::shared::Screen;
use crate::app::style::{GOLD, MUTED, WorldFonts, book, size, window_frame};
use crate::app::style::{Look, icon, world};
use crate::app::table::{FreeRect, Keys};
use crate::app::tables::court::choice::on_click;
use crate::app::tables::court::prompt::prompt_line;
use crate::app::tables::court::ui::Hall;
use crate::app::tables::court::ui::{CourtUi, HallClick, court_match, screen_view};
use crate::rules::court::{Action, CardKind, Court, Effect, Event, Phase};
use crate::rules::{Game, Seat};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::TextBounds;
use bevy_egui::egui;

/// A card's size in the world.
pub(super) const CARD: Vec2 = Vec2::new(124.0, 172.0);
const HAND_GAP: f32 = 30.0;
/// Seconds (normal speed): a card to its target, a pause there, on to the discard pile.
const FLY_SECS: f32 = 0.45;
const SHOW_SECS: f32 = 0.4;
const DEAL_SECS: f32 = 0.45;
/// How much of its colour a card with no legal use keeps.
const DIM: f32 = 0.45;

pub(super) fn card_icon(card: CardKind) -> char {
    match card {
        CardKind::Move => icon::FOOTPRINT,
        CardKind::Gossip => icon::SPEECH,
        CardKind::Banish => icon::GAVEL,
        CardKind::Score => icon::TROPHY,
        CardKind::Merlin => icon::WAND,
        CardKind::Dwarf => icon::HAMMER,
        CardKind::Priest(_) => icon::ANKH,
        CardKind::Soldier(_) => icon::SWORD,
    }
}

pub(super) fn card_colour(card: CardKind) -> [u8; 3] {
    match card {
        CardKind::Move => [52, 84, 128],
        CardKind::Gossip => [124, 52, 104],
        CardKind::Banish => [138, 44, 36],
        CardKind::Score => [150, 112, 26],
        CardKind::Merlin => [66, 56, 140],
        CardKind::Dwarf => [52, 104, 56],
        CardKind::Priest(_) => [96, 70, 140],
        CardKind::Soldier(_) => [84, 90, 102],
    }
}

fn colour(c: [u8; 3]) -> Color {
    Color::srgb_u8(c[0], c[1], c[2])
}

/// The row the hand sits on, under the hall's floor.
fn hand_y(floor: Rect) -> f32 {
    floor.min.y - 14.0 - HAND_GAP - CARD.y / 2.0
}

/// The part of the world the camera shows: the hall and the hand beneath it.
pub(super) fn world_frame(floor: Rect) -> Rect {
    Rect::new(
        floor.min.x - 18.0,
        hand_y(floor) - CARD.y / 2.0 - 36.0,
        floor.max.x + 18.0,
        floor.max.y + 18.0,
    )
}

fn draw_pile_at(floor: Rect) -> Vec3 {
    Vec3::new(floor.min.x + CARD.x * 0.5 + 6.0, hand_y(floor), 10.0)
}

fn discard_at(floor: Rect) -> Vec3 {
    Vec3::new(floor.max.x - CARD.x * 0.5 - 6.0, hand_y(floor), 10.0)
}

/// Where the card at `index` of `n` rests: fanned, the middle highest, tilted outwards.
fn slot(floor: Rect, index: usize, n: usize, lift: f32) -> Transform {
    let room = floor.width() - 2.0 * (CARD.x + 40.0);
    let step = (room / n.max(1) as f32).min(CARD.x + 10.0);
    let offset = index as f32 - (n as f32 - 1.0) / 2.0;
    let x = offset * step;
    let y = hand_y(floor) - offset * offset * 2.0 + lift;
    Transform::from_xyz(x, y, 20.0 + index as f32 * 0.5).with_rotation(Quat::from_rotation_z(-offset * 0.018))
}

/// A card in the seat's hand.
#[derive(Component)]
pub(super) struct HandCard {
    pub(super) index: usize,
    pub(super) card: CardKind,
    /// Shown dimmed: the card has no legal use now.
    dim: bool,
}

/// A part of a card with its own colour, kept so the card can be dimmed and restored.
#[derive(Component, Clone, Copy)]
pub(super) struct Tint(Color);

/// The piles' count labels.
#[derive(Component)]
pub(super) struct PileCount {
    draw: bool,
}

/// Whose hand it is (and how many cards were played this turn), above the hand.
#[derive(Component)]
pub(super) struct HandLabel;

/// The discard pile's top card.
#[derive(Component)]
pub(super) struct DiscardTop;

/// A card of a hand no one at the screen may see: its back, in the hand's place.
#[derive(Component)]
pub(super) struct HandBack;

/// A click on a card of the hand.
#[derive(Message, Clone, Copy, Debug)]
pub(super) struct CardClicked(pub(super) usize);

/// The hand as drawn: whose it is and which card the pointer is over.
#[derive(Resource, Default)]
pub(super) struct HandShown {
    viewer: Option<Seat>,
    /// The place in the hand of the card under the pointer, worked out each frame from
    /// `hover_card` (a card that left the hand, or moved, is never left lifted).
    pub(super) hover: Option<usize>,
    /// The card entity the pointer is over.
    hover_card: Option<Entity>,
    /// The piles are on the table.
    piles: bool,
    /// The discard pile's top card as shown, and the pile's size then.
    top: Option<(CardKind, usize)>,
    /// The hidden hand shown as backs: whose, and how many cards.
    backs: Option<(Seat, usize)>,
}

/// Spawns a card face (a root with its parts as children) at `at`.
fn spawn_card(commands: &mut Commands, card: CardKind, at: Transform, fonts: &WorldFonts) -> Entity {
    let fill = colour(card_colour(card));
    commands
        .spawn((
            Sprite::from_color(world::INK, CARD + Vec2::splat(4.0)),
            at,
            Glide::at(at.translation),
            Pickable::default(),
            DespawnOnExit(Screen::Table),
        ))
        .with_children(|c| {
            let part = |c: &mut ChildSpawnerCommands, colour: Color, size: Vec2, at: Vec3| {
                c.spawn((
                    Sprite::from_color(colour, size),
                    Tint(colour),
                    Transform::from_translation(at),
                    Pickable::IGNORE,
                ));
            };
            part(c, fill, CARD, Vec3::Z * 0.01);
            for r in crate::app::style::ring(Rect::from_center_size(Vec2::ZERO, CARD - Vec2::splat(10.0)), 2.0) {
                part(c, world::GOLD, r.size(), r.center().extend(0.02));
            }
            // The effect in a line, on parchment.
            let text_box = Vec2::new(CARD.x - 16.0, 66.0);
            let text_at = Vec3::new(0.0, -CARD.y / 2.0 + 12.0 + text_box.y / 2.0, 0.04);
            part(c, world::PARCHMENT, text_box, text_at);
            let text = |c: &mut ChildSpawnerCommands, s: String, font: TextFont, colour: Color, at: Vec3| {
                c.spawn((
                    Text2d::new(s),
                    font,
                    TextColor(colour),
                    Tint(colour),
                    Transform::from_translation(at),
                    Pickable::IGNORE,
                ))
                .id()
            };
            text(
                c,
                card_icon(card).to_string(),
                TextFont::from_font_size(44.0).with_font(fonts.icons.clone()),
                world::PARCHMENT,
                Vec3::new(0.0, CARD.y / 2.0 - 42.0, 0.05),
            );
            text(
                c,
                card.name(),
                TextFont::from_font_size(size::WORLD_NAME + 4.0).with_font(fonts.bold.clone()),
                Color::WHITE,
                Vec3::new(0.0, 4.0, 0.05),
            );
            let face = text(
                c,
                crate::rules::court::card_line(card).to_string(),
                TextFont::from_font_size(size::WORLD_SMALL).with_font(fonts.regular.clone()),
                world::INK,
                text_at + Vec3::Z * 0.01,
            );
            c.commands().entity(face).insert((
                TextLayout::justify(Justify::Center),
                TextBounds::new(text_box.x - 8.0, text_box.y),
            ));
        })
        .id()
}

/// A card's back (the draw pile, a hidden hand).
fn spawn_back(commands: &mut Commands, at: Transform, fonts: &WorldFonts) -> Entity {
    commands
        .spawn((
            Sprite::from_color(world::INK, CARD + Vec2::splat(4.0)),
            at,
            Pickable::IGNORE,
        ))
        .with_children(|c| {
            c.spawn((
                Sprite::from_color(world::CARPET, CARD),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
            c.spawn((
                Sprite::from_color(world::GOLD_DIM, CARD - Vec2::splat(12.0)),
                Transform::from_xyz(0.0, 0.0, 0.02),
            ));
            c.spawn((
                Sprite::from_color(world::CARPET, CARD - Vec2::splat(16.0)),
                Transform::from_xyz(0.0, 0.0, 0.03),
            ));
            c.spawn((
                Text2d::new(icon::CROWN.to_string()),
                TextFont::from_font_size(56.0).with_font(fonts.icons.clone()),
                TextColor(world::GOLD),
                Transform::from_xyz(0.0, 6.0, 0.05),
            ));
        })
        .id()
}

/// The draw and discard piles with their counts.
fn spawn_piles(commands: &mut Commands, floor: Rect, fonts: &WorldFonts) {
    let root = commands
        .spawn((
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ))
        .id();
    let draw = draw_pile_at(floor);
    for i in 0..3 {
        let at = Transform::from_translation(draw + Vec3::new(i as f32 * -2.0, i as f32 * 2.0, i as f32 * 0.1 - 1.0));
        let back = spawn_back(commands, at, fonts);
        commands.entity(back).insert(ChildOf(root));
    }
    let discard = discard_at(floor);
    commands.spawn((
        Sprite::from_color(Color::srgb(0.16, 0.15, 0.14), CARD),
        Transform::from_translation(discard - Vec3::Z * 2.0),
        ChildOf(root),
    ));
    commands.spawn((
        Text2d::new("Discard"),
        TextFont::from_font_size(size::WORLD_LABEL).with_font(fonts.regular.clone()),
        TextColor(world::GOLD_DIM),
        Transform::from_translation(discard - Vec3::Z * 1.5),
        ChildOf(root),
    ));
    commands.spawn((
        Text2d::new(""),
        TextFont::from_font_size(size::WORLD_SMALL + 2.0).with_font(fonts.numbers.clone()),
        TextColor(world::PARCHMENT),
        Transform::from_xyz(floor.center().x, floor.min.y - 14.0 - HAND_GAP / 2.0 + 2.0, 12.0),
        HandLabel,
        ChildOf(root),
    ));
    for (draw_pile, at) in [(true, draw), (false, discard)] {
        commands.spawn((
            Text2d::new(""),
            TextFont::from_font_size(size::WORLD_LABEL).with_font(fonts.numbers.clone()),
            TextColor(world::PARCHMENT),
            Anchor::TOP_CENTER,
            Transform::from_translation(Vec3::new(at.x, at.y - CARD.y / 2.0 - 4.0, 12.0)),
            PileCount { draw: draw_pile },
            ChildOf(root),
        ));
    }
}

/// Keeps the hand's cards in step with the hand in the view, and the piles' counts.
pub(super) fn sync_hand(
    mut commands: Commands,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    hall: Option<Res<Hall>>,
    fonts: Option<Res<WorldFonts>>,
    ui: Res<CourtUi>,
    mut shown: ResMut<HandShown>,
    mut cards: Query<(Entity, &mut HandCard, &mut Glide, &Transform)>,
    mut counts: Query<(&PileCount, &mut Text2d)>,
    mut label: Query<&mut Text2d, (With<HandLabel>, Without<PileCount>)>,
    tops: Query<Entity, With<DiscardTop>>,
    flights: Query<&Glide, Without<HandCard>>,
    backs: Query<Entity, With<HandBack>>,
) {
    let (Some(m), Some(hall), Some(fonts)) = (court_match(&res), hall, fonts) else {
        return;
    };
    let floor = hall.floor;
    let (view, private) = screen_view(m, &handoff);
    if !shown.piles {
        spawn_piles(&mut commands, floor, &fonts);
        shown.piles = true;
    }
    let viewer = private.then_some(view.seat);
    // No hand may be seen (a hand-off, another human's turn): the acting seat's hand lies face down.
    let owner = view.to_act.unwrap_or(view.active);
    let hidden = (!private).then(|| (owner, view.hand_sizes.get(owner).copied().unwrap_or(0)));
    if hidden != shown.backs {
        for e in &backs {
            commands.entity(e).despawn();
        }
        if let Some((_, n)) = hidden {
            for i in 0..n {
                let e = spawn_back(&mut commands, slot(floor, i, n, 0.0), &fonts);
                commands.entity(e).insert((HandBack, DespawnOnExit(Screen::Table)));
            }
        }
        shown.backs = hidden;
    }
    // A new viewer (a hand-off): the hand is dealt anew where it lies, without flights.
    if viewer != shown.viewer {
        for (e, ..) in &cards {
            commands.entity(e).despawn();
        }
        shown.viewer = viewer;
        shown.hover = None;
        shown.hover_card = None;
        let n = view.hand.len();
        for (i, card) in view.hand.iter().enumerate() {
            hand_card(&mut commands, *card, i, slot(floor, i, n, 0.0), &fonts);
        }
        return;
    }
    // Match the cards on the table to the hand in order; the others leave or arrive.
    let mut taken = vec![false; view.hand.len()];
    let mut kept: Vec<(Entity, usize)> = Vec::new();
    let mut by_index: Vec<(Entity, usize, CardKind)> = cards.iter().map(|(e, c, ..)| (e, c.index, c.card)).collect();
    by_index.sort_by_key(|(_, i, _)| *i);
    for (e, _, card) in by_index {
        match (0..view.hand.len()).find(|&i| !taken[i] && view.hand[i] == card) {
            Some(i) => {
                taken[i] = true;
                kept.push((e, i));
            }
            None => {
                // Discarded at the end of the turn: to the discard pile.
                if let Ok((_, _, mut glide, transform)) = cards.get_mut(e) {
                    glide.path(
                        transform,
                        [Leg {
                            to: discard_at(floor) + Vec3::Z * 5.0,
                            scale: 1.0,
                            secs: FLY_SECS,
                        }],
                    );
                    glide.arrive = Arrive::Despawn;
                }
                commands.entity(e).remove::<HandCard>().insert(Pickable::IGNORE);
            }
        }
    }
    let n = view.hand.len();
    let mut dealt = 0;
    for (i, card) in view.hand.iter().enumerate() {
        if taken[i] {
            continue;
        }
        // A new card: from the draw pile, one after another.
        let from = Transform::from_translation(draw_pile_at(floor) + Vec3::Z * 15.0);
        let e = hand_card(&mut commands, *card, i, from, &fonts);
        let mut glide = Glide::at(from.translation);
        glide.path(
            &from,
            [
                Leg {
                    to: from.translation,
                    scale: 1.0,
                    secs: 0.12 * dealt as f32,
                },
                Leg {
                    to: slot(floor, i, n, 0.0).translation,
                    scale: 1.0,
                    secs: DEAL_SECS,
                },
            ],
        );
        commands.entity(e).insert(glide);
        dealt += 1;
    }
    // The hovered card, where it now lies (none once it has left the hand).
    shown.hover = shown
        .hover_card
        .and_then(|hovered| kept.iter().find(|(e, _)| *e == hovered).map(|(_, i)| *i));
    if shown.hover.is_none() {
        shown.hover_card = None;
    }
    // Every card at its place: lifted when hovered or chosen, dimmed when it has no use now.
    let acting = acting_seat(m, &handoff).is_some();
    let legal = if acting { m.state.legal_actions() } else { Vec::new() };
    let playable = crate::rules::court::playable_cards(&legal);
    let end_phase = matches!(view.phase, Phase::End);
    for (e, i) in kept {
        let Ok((_, mut card, mut glide, transform)) = cards.get_mut(e) else {
            continue;
        };
        if card.index != i {
            card.index = i;
        }
        let usable = !acting || end_phase || playable.contains(&card.card);
        let look = if ui.card == Some(card.card) && ui.card_index == Some(i) {
            Look::Selected
        } else if shown.hover == Some(i) && usable {
            Look::Hover
        } else if !usable {
            Look::Refused
        } else {
            Look::Idle
        };
        if card.dim != (look == Look::Refused) {
            card.dim = look == Look::Refused;
        }
        let mut to = slot(floor, i, n, look.lift());
        if look == Look::Hover || look == Look::Selected {
            to.translation.z = 40.0;
            to.rotation = Quat::IDENTITY;
        }
        if !glide.busy() && (glide.target() != to.translation || transform.rotation != to.rotation) {
            glide.go(transform, to.translation, 0.14);
            commands.entity(e).insert(transform.with_rotation(to.rotation));
        }
    }
    // The piles: counts, and the discard's top once no card is on its way there.
    for (pile, mut text) in &mut counts {
        let n = if pile.draw { view.draw_pile } else { view.discard.len() };
        let label = format!("{} {n}", if pile.draw { "Draw" } else { "Discard" });
        if text.0 != label {
            text.0 = label;
        }
    }
    if let Ok(mut text) = label.single_mut() {
        let owner = m.config.seat_name(view.seat);
        // The count is the active player's: shown only in the hand's own turn.
        let want = if let Some((seat, n)) = hidden {
            format!(
                "{}'s hand  ·  {n} card{}, face down",
                m.config.seat_name(seat),
                if n == 1 { "" } else { "s" }
            )
        } else if view.active == view.seat && matches!(view.phase, Phase::Play | Phase::FollowerLoss { .. }) {
            format!(
                "{owner}'s hand  ·  {} of {} played",
                view.played_this_turn, view.content.rules.max_cards_per_turn
            )
        } else {
            format!("{owner}'s hand")
        };
        if text.0 != want {
            text.0 = want;
        }
    }
    let flying = flights.iter().any(|g| g.arrive == Arrive::Despawn && g.busy());
    let top = view.discard.last().map(|c| (*c, view.discard.len()));
    if !flying && top != shown.top {
        for e in &tops {
            commands.entity(e).despawn();
        }
        if let Some((card, _)) = top {
            let at = Transform::from_translation(discard_at(floor) - Vec3::Z * 1.0);
            let e = spawn_card(&mut commands, card, at, &fonts);
            commands.entity(e).insert((DiscardTop, Pickable::IGNORE));
        }
        shown.top = top;
    }
}

/// A card with no legal use now is shown dimmed: every coloured part keeps less of its colour.
pub(super) fn tint_cards(
    cards: Query<(&HandCard, &Children), Changed<HandCard>>,
    mut parts: Query<(&Tint, Option<&mut Sprite>, Option<&mut TextColor>)>,
) {
    for (card, children) in &cards {
        let k = if card.dim { DIM } else { 1.0 };
        for child in children.iter() {
            let Ok((tint, sprite, text)) = parts.get_mut(child) else {
                continue;
            };
            let c = tint.0.to_srgba();
            let shown = Color::srgba(c.red * k, c.green * k, c.blue * k, c.alpha);
            if let Some(mut s) = sprite {
                s.color = shown;
            }
            if let Some(mut t) = text {
                t.0 = shown;
            }
        }
    }
}

/// A card of the hand at `index`: its face, and the pointer's hover and press on it.
fn hand_card(commands: &mut Commands, card: CardKind, index: usize, at: Transform, fonts: &WorldFonts) -> Entity {
    let e = spawn_card(commands, card, at, fonts);
    commands
        .entity(e)
        .insert(HandCard {
            index,
            card,
            dim: false,
        })
        .observe(
            |ev: On<Pointer<Over>>, cards: Query<&HandCard>, mut shown: ResMut<HandShown>| {
                if let Ok(c) = cards.get(ev.entity) {
                    shown.hover = Some(c.index);
                    shown.hover_card = Some(ev.entity);
                }
            },
        )
        .observe(|ev: On<Pointer<Out>>, mut shown: ResMut<HandShown>| {
            if shown.hover_card == Some(ev.entity) {
                shown.hover = None;
                shown.hover_card = None;
            }
        })
        .observe(
            |ev: On<Pointer<Press>>, cards: Query<&HandCard>, mut clicks: MessageWriter<CardClicked>| {
                if ev.button == PointerButton::Primary
                    && let Ok(c) = cards.get(ev.entity)
                {
                    clicks.write(CardClicked(c.index));
                }
            },
        );
    e
}

/// Every card put into play flies to where it acts, rests there a moment, then goes to the
/// discard pile (a follower stays with his knight). The seat at the screen plays from its hand;
/// the others' cards come in from the players' side.
pub(super) fn fly_played_cards(
    mut commands: Commands,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    hall: Option<Res<Hall>>,
    fonts: Option<Res<WorldFonts>>,
    mut events: MessageReader<Told<Court>>,
    mut cards: Query<(Entity, &HandCard, &mut Glide, &Transform)>,
) {
    let (Some(_), Some(hall), Some(fonts)) = (court_match(&res), hall, fonts) else {
        events.clear();
        return;
    };
    let floor = hall.floor;
    let viewer = handoff.private_viewer();
    for ev in events.read() {
        let Event::Played { seat, card, effect, at } = &ev.event else {
            continue;
        };
        let target = match effect {
            Effect::Enter { space, .. } => Some(*space),
            _ => at[0],
        }
        .and_then(|s| hall.positions.get(s.index()).copied())
        .unwrap_or(Vec2::new(floor.center().x, floor.max.y - 70.0));
        let follower = matches!(card, CardKind::Priest(_) | CardKind::Soldier(_));
        let over = target.extend(60.0) + Vec3::new(0.0, 30.0, 0.0);
        let legs = [
            Leg {
                to: over,
                scale: 0.8,
                secs: FLY_SECS,
            },
            Leg {
                to: over,
                scale: 0.8,
                secs: SHOW_SECS,
            },
            if follower {
                Leg {
                    to: target.extend(60.0),
                    scale: 0.15,
                    secs: 0.3,
                }
            } else {
                Leg {
                    to: discard_at(floor) + Vec3::Z * 5.0,
                    scale: 1.0,
                    secs: FLY_SECS,
                }
            },
        ];
        let from_hand = if viewer == Some(*seat) {
            cards
                .iter()
                .filter(|(_, c, ..)| c.card == *card)
                .map(|(e, c, ..)| (e, c.index))
                .max_by_key(|(_, i)| *i)
        } else {
            None
        };
        match from_hand {
            Some((e, _)) => {
                if let Ok((_, _, mut glide, transform)) = cards.get_mut(e) {
                    glide.path(transform, legs);
                    glide.arrive = Arrive::Despawn;
                }
                commands.entity(e).remove::<HandCard>().insert(Pickable::IGNORE);
            }
            None => {
                let from = Transform::from_xyz(floor.min.x - CARD.x, target.y, 60.0).with_scale(Vec3::splat(0.6));
                let e = spawn_card(&mut commands, *card, from, &fonts);
                let mut glide = Glide::at(from.translation);
                glide.path(&from, legs);
                glide.arrive = Arrive::Despawn;
                commands.entity(e).insert((glide, Pickable::IGNORE));
            }
        }
    }
}

/// The clicks of the frame, read before the panels draw (`TableUiSet::Input`): a space or a
/// knight of the hall, a card of the hand or its key 1–9 (picked to play, or discarded at the
/// end).
pub(super) fn hand_input(
    mut screen: TableScreen,
    keys: Res<Keys>,
    mut ui_state: ResMut<CourtUi>,
    mut clicks: MessageReader<HallClick>,
    mut card_clicks: MessageReader<CardClicked>,
    mut requests: MessageWriter<Play<Court>>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let found = crate::app::table::gate_clicks(ctx, court_match(res), &mut clicks);
    let Some(m) = crate::app::table::gate_clicks(ctx, found, &mut card_clicks) else {
        return Ok(());
    };
    let Some(seat) = acting_seat(m, handoff) else {
        clicks.clear();
        card_clicks.clear();
        return Ok(());
    };
    let (view, _) = screen_view(m, handoff);
    let legal = m.state.legal_actions();
    for click in clicks.read() {
        if let Some(req) = on_click(*click, &view, &legal, &mut ui_state, seat) {
            requests.write(req);
        }
    }
    let playable = crate::rules::court::playable_cards(&legal);
    let end_phase = matches!(view.phase, Phase::End);
    // 1–9: the card at that place (0 is no card).
    let by_key = keys.digit.and_then(|d| d.checked_sub(1));
    let picked: Vec<usize> = card_clicks.read().map(|c| c.0).chain(by_key).collect();
    for index in picked {
        let Some(&card) = view.hand.get(index) else {
            continue;
        };
        if end_phase {
            requests.write(Play {
                seat,
                action: Action::Discard(card),
            });
        } else if playable.contains(&card) {
            *ui_state = CourtUi {
                card: Some(card),
                card_index: Some(index),
                at_action: ui_state.at_action,
                ..default()
            };
        } else if let Some((refused, _)) = m.state.card_refusal(card) {
            // The card's natural use, for the rules to refuse with the reason (and the
            // rulebook's part).
            requests.write(Play { seat, action: refused });
        }
    }
    Ok(())
}

/// The prompt line along the bottom, the hand's owner, the hovered card's full text.
pub(super) fn hand_panel(
    mut screen: TableScreen,
    keys: Res<Keys>,
    mut free: ResMut<FreeRect>,
    mut ui_state: ResMut<CourtUi>,
    mut requests: MessageWriter<Play<Court>>,
    shown: Res<HandShown>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let Some(m) = court_match(res) else {
        return Ok(());
    };
    let (view, private) = screen_view(m, handoff);
    let acting = acting_seat(m, handoff);
    let legal = if acting.is_some() {
        m.state.legal_actions()
    } else {
        Vec::new()
    };
    let keys = *keys;
    let playable = crate::rules::court::playable_cards(&legal);
    let end_phase = matches!(view.phase, Phase::End) && acting.is_some();
    // The hovered card's full text, by the pointer.
    if private
        && let Some(index) = shown.hover
        && let Some(&card) = view.hand.get(index)
        && let Some(pos) = ctx.pointer_hover_pos()
    {
        let usable = acting.is_none() || end_phase || playable.contains(&card);
        let hint = if end_phase {
            format!("Click (or press {}) to discard", index + 1)
        } else if !usable {
            match m.state.card_refusal(card) {
                Some((_, why)) => crate::app::table::not_now(&why),
                None => "No legal use for this card now".to_string(),
            }
        } else {
            format!("Click or press {}", index + 1)
        };
        egui::Area::new(egui::Id::new("card-tip"))
            .order(egui::Order::Tooltip)
            .interactable(false)
            .fixed_pos(pos + egui::vec2(18.0, -170.0))
            .show(ctx, |ui| {
                window_frame(ctx).show(ui, |ui| {
                    ui.set_max_width(300.0);
                    ui.label(
                        egui::RichText::new(card.name())
                            .family(book())
                            .size(size::SUBHEADING + 2.0)
                            .color(GOLD),
                    );
                    ui.label(crate::rules::court::card_text(card, &view.content.rules));
                    ui.label(egui::RichText::new(hint).small().italics().color(MUTED));
                });
            });
    }
    let mut root = free.ui(ctx, "court-hand");
    egui::Panel::bottom("court-hand")
        .exact_size(64.0)
        .show(&mut root, |ui| {
            ui.add_space(4.0);
            prompt_line(ui, m, &view, acting, &legal, &mut ui_state, &mut requests, keys);
        });
    free.take_rest(&root);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_hand_fits_between_the_piles_and_the_frame_holds_them() {
        let floor = Rect::new(-520.0, -300.0, 520.0, 330.0);
        let frame = world_frame(floor);
        for n in 1..=9 {
            let xs: Vec<f32> = (0..n).map(|i| slot(floor, i, n, 0.0).translation.x).collect();
            let (lo, hi) = (xs[0] - CARD.x / 2.0, xs[n - 1] + CARD.x / 2.0);
            assert!(
                lo > draw_pile_at(floor).x + CARD.x / 2.0,
                "{n} cards reach the draw pile"
            );
            assert!(
                hi < discard_at(floor).x - CARD.x / 2.0,
                "{n} cards reach the discard pile"
            );
        }
        // The piles' counts hang below the cards: the camera still shows them.
        assert!(frame.min.y < hand_y(floor) - CARD.y / 2.0 - size::WORLD_LABEL);
        assert!(frame.contains(floor.min) && frame.contains(floor.max));
    }
}
