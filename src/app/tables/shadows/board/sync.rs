//! The table kept in step with the match: built once, then Knights, Swords, Siege Engines and
//! cards moved to the screen's view (the public one, or the seat at the screen's, whose own
//! face-down Black cards it shows to that seat alone), and the lights of what may be chosen.

use crate::app::bridge::{MatchChanged, MatchRes};
use crate::app::handoff::{Handoff, acting_seat};
use crate::app::icons::Pictures;
use crate::app::motion::{Arrive, Glide, Leg};
use crate::app::style::{Paint, WorldFonts};
use crate::app::surfaces::Surfaces;
use crate::app::tables::shadows::board::pieces::{back_face, spawn_card};
use crate::app::tables::shadows::board::quests::{draw_quest, spawn_black_reveal};
use crate::app::tables::shadows::board::scenery::{build_table, sword_shows};
use crate::app::tables::shadows::board::{Label, Light, Piece, QuestLayer, QuestLook, Table, TableRoot, z};
use crate::app::tables::shadows::moments::{Moments, story};
use crate::app::tables::shadows::ui::{ShadowsUi, board_of, card_of, shadows_match, shared_board_quest, spot_of};
use crate::rules::shadows::{QuestId, White};
use crate::rules::{Game, Seat};
use bevy::prelude::*;
use std::sync::Arc;

/// Builds the table when a Shadows match starts, then keeps its pieces, cards and numbers in
/// step with the public view.
#[allow(clippy::too_many_arguments)]
pub(in crate::app::tables::shadows) fn build_or_sync_table(
    mut commands: Commands,
    res: Res<MatchRes>,
    fonts: Option<Res<WorldFonts>>,
    pictures: Res<Pictures>,
    surfaces: Res<Surfaces>,
    table: Option<ResMut<Table>>,
    roots: Query<Entity, With<TableRoot>>,
    mut changed: MessageReader<MatchChanged>,
    mut paint: Paint,
    (mut frame, mut places): (
        ResMut<crate::app::style::BoardFrame>,
        ResMut<crate::app::shared::Places>,
    ),
    (mut ui, handoff): (ResMut<ShadowsUi>, Res<Handoff>),
    mut moments: ResMut<Moments>,
    mut pieces: Query<(Entity, &mut Piece, &Transform, &mut Glide)>,
    mut labels: Query<(&Label, &mut Text2d)>,
    layers: Query<(Entity, &QuestLayer)>,
    mut fresh: Local<bool>,
) {
    // A new screen's eyes redraw too: the seat at the screen sees its own face-down cards, the
    // public table none.
    let changed = changed.read().count() > 0 || std::mem::take(&mut *fresh) || handoff.is_changed();
    let Some(m) = shadows_match(&res) else {
        if table.is_some() {
            for e in &roots {
                commands.entity(e).despawn();
            }
            commands.remove_resource::<Table>();
        }
        return;
    };
    let Some(fonts) = fonts else {
        return;
    };
    let s = &m.state;
    let key = (m.config.seed, s.knights.len());
    let mut table = match table {
        Some(t) if Arc::ptr_eq(&t.content, &s.content) && t.key == key => t,
        _ => {
            for e in &roots {
                commands.entity(e).despawn();
            }
            let built = build_table(&mut commands, m, key, (&fonts, &pictures, &surfaces), &mut paint);
            frame.0 = built.frame;
            *places = crate::app::shared::Places::new(built.places().into_iter().map(|(p, r)| (p.0, r)));
            commands.insert_resource(built);
            // A game loaded from a save: how its quests ended, from its actions.
            *moments = Moments {
                results: story(m).1,
                ..default()
            };
            *fresh = true;
            return;
        }
    };
    if changed && ui.at_action != m.actions.len() {
        *ui = ShadowsUi {
            peek: ui.peek,
            at_action: m.actions.len(),
            ..default()
        };
    }
    let Some(root) = roots.iter().next() else {
        return;
    };
    // A Black card drawn turns over above Camelot, then goes its way.
    for card in moments.black_flights.drain(..) {
        spawn_black_reveal(&mut commands, root, &table, s, card, &fonts, &pictures);
    }
    // White cards drawn fly face down from the pile to the hands; discarded ones the other way.
    for (drawn, count) in moments.white_flights.drain(..) {
        let (from, to) = if drawn {
            (table.white_pile, table.hand)
        } else {
            (table.hand, table.white_discard)
        };
        for i in 0..count.min(6) {
            let start = from.extend(z::FLIGHT);
            let e = spawn_card(&mut commands, root, &back_face(false), start, &fonts, &pictures);
            let mut glide = Glide::at(start);
            glide.arrive = Arrive::Despawn;
            glide.wait_then(
                &Transform::from_translation(start),
                0.12 * i as f32,
                to.extend(z::FLIGHT),
                0.8,
                0.6,
            );
            commands.entity(e).insert(glide);
        }
    }
    if !changed {
        return;
    }
    let view = match handoff.private_viewer() {
        Some(seat) => s.view(seat),
        None => s.public_view(),
    };
    let g = &view.game;
    // Knights, Swords and Siege Engines.
    let white = g.white_swords;
    let black = g.black_swords;
    for (e, mut piece, transform, mut glide) in &mut pieces {
        match *piece {
            Piece::Figure(seat) => match table.knight_at(g, seat) {
                Some(to) => {
                    let to = to.extend(z::FIGURE + seat as f32 * 0.05);
                    if glide.target() != to {
                        glide.go(transform, to, 0.6);
                    }
                }
                None => {
                    // Dead, or an unmasked Traitor gone to the shadows: the figure fades away.
                    glide.arrive = Arrive::Despawn;
                    glide.path(
                        transform,
                        [Leg {
                            to: transform.translation,
                            scale: 0.0,
                            secs: 0.8,
                        }],
                    );
                    commands.entity(e).remove::<Piece>();
                }
            },
            Piece::Sword { place, black: dark, up } => {
                let want = sword_shows(g, place, dark);
                if want != up {
                    // A flip: the old face shrinks away, the new one grows in its place.
                    let at = transform.translation;
                    if want {
                        glide.wait_then(transform, 0.25, at, 1.0, 0.25);
                    } else {
                        glide.path(
                            transform,
                            [Leg {
                                to: at,
                                scale: 0.0,
                                secs: 0.25,
                            }],
                        );
                    }
                    *piece = Piece::Sword {
                        place,
                        black: dark,
                        up: want,
                    };
                }
            }
            Piece::Engine { place, up } => {
                let want = place < g.siege;
                if want != up {
                    let at = transform.translation;
                    glide.path(
                        transform,
                        [Leg {
                            to: at,
                            scale: if want { 1.0 } else { 0.0 },
                            secs: 0.4,
                        }],
                    );
                    *piece = Piece::Engine { place, up: want };
                }
            }
        }
    }
    for (label, mut text) in &mut labels {
        let words = match *label {
            Label::Life(seat) => g.knights.get(seat).map_or(String::new(), |k| k.life.to_string()),
            Label::Relics(seat) => g.knights.get(seat).map_or(String::new(), relic_marks),
            Label::WhitePile => format!("White\n{}", g.white_draw.len()),
            Label::WhiteDiscard => format!("Discard\n{}", g.white_discard.len()),
            Label::BlackPile => format!("Black\n{}", g.black_draw.len()),
            Label::BlackDiscard => format!("Discard\n{}", g.black_discard.len() + g.black_unseen.len()),
            Label::Swords => format!("Swords\n{white} White\n{black} Black"),
            Label::Siege => format!("Siege\nEngines\n{} of {}", g.siege, g.numbers().siege_lose),
        };
        if text.0 != words {
            text.0 = words;
        }
    }
    // The quests' boards: redrawn where they changed; new cards fly in, gone ones away.
    for q in QuestId::ALL {
        // Lancelot and the Dragon share a board: the one in play, or the Dragon once both are over.
        let q = match q {
            QuestId::Dragon => continue,
            QuestId::Lancelot => shared_board_quest(s),
            other => other,
        };
        let look = QuestLook {
            quest: q,
            state: g.quest(q).clone(),
            over: moments.results.iter().rev().find(|r| r.0 == q).map(|r| r.1),
            heroism: g.heroism == Some(q),
        };
        let b = board_of(q).index();
        if table.looks[b].as_ref() == Some(&look) {
            continue;
        }
        let old = table.looks[b].take();
        for (e, layer) in &layers {
            if board_of(layer.0) == board_of(q) {
                commands.entity(e).despawn();
            }
        }
        draw_quest(&mut commands, root, &table, g, &look, old.as_ref(), (&fonts, &pictures));
        table.looks[b] = Some(look);
    }
}

fn relic_marks(k: &crate::rules::shadows::KnightState) -> String {
    use crate::rules::shadows::Relic;
    k.relics()
        .map(|r| match r {
            Relic::Excalibur => "Ex",
            Relic::Grail => "Gr",
            Relic::Armor => "Ar",
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the lights were last set for: the match's length, the seat acting, the card picked and
/// how many lights there are.
type LitStamp = (usize, Option<Seat>, Option<White>, usize);

/// Lights the spots a click may take now (with the card picked, if any).
pub(in crate::app::tables::shadows) fn show_lit(
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    ui: Res<ShadowsUi>,
    mut lights: Query<(&Light, &mut Visibility)>,
    built: Query<(), Added<Light>>,
    mut last: Local<Option<LitStamp>>,
) {
    let Some(m) = shadows_match(&res) else {
        return;
    };
    let acting = acting_seat(m, &handoff);
    let stamp = (m.actions.len(), acting, ui.selected, lights.iter().count());
    // A table built anew (back from the menu to the same match) lights up again.
    if *last == Some(stamp) && built.is_empty() {
        return;
    }
    *last = Some(stamp);
    let legal = if acting.is_some() {
        m.state.legal_actions()
    } else {
        Vec::new()
    };
    let seat = acting.unwrap_or(0);
    for (light, mut vis) in &mut lights {
        let on = legal.iter().any(|a| {
            spot_of(&m.state, seat, a) == Some(light.0) && (ui.selected.is_none() || card_of(a) == ui.selected)
        });
        let want = if on { Visibility::Inherited } else { Visibility::Hidden };
        if *vis != want {
            *vis = want;
        }
    }
}
