//! From clicks to actions: what the current choice allows, what to light, the keys.

use crate::app::bridge::Play;
use crate::app::tables::court::ui::{CourtUi, DwarfUse, HallClick};
use crate::rules::Seat;
use crate::rules::court::{Action, CardKind, Court, CourtView, Effect, KnightId, SpaceId};
use bevy::prelude::*;

/// The actions the current choice still allows.
pub(super) fn candidates(legal: &[Action], ui: &CourtUi) -> Vec<Action> {
    legal
        .iter()
        .filter(|a| match (a, ui.card) {
            (Action::Place { knight, .. }, _) => ui.knight.is_none_or(|k| k == *knight),
            (Action::Play { card, effect }, Some(c)) => {
                *card == c
                    && ui.dwarf_as.is_none_or(|d| d.matches(effect))
                    && ui.knight.is_none_or(|k| effect.knights().first() == Some(&k))
            }
            _ => false,
        })
        .copied()
        .collect()
}

/// The spaces to light for the current choice.
pub(super) fn targets(view: &CourtView, legal: &[Action], ui: &CourtUi) -> Vec<SpaceId> {
    let mut out = Vec::new();
    let at = |k: KnightId| view.knight(k).and_then(|s| s.at);
    for a in candidates(legal, ui) {
        let space = match a {
            Action::Place { knight, space } => {
                if ui.knight == Some(knight) {
                    Some(space)
                } else {
                    None
                }
            }
            Action::Play { effect, .. } => match (effect, ui.knight) {
                (Effect::Enter { space, .. }, Some(_)) => Some(space),
                (Effect::Step { to, .. }, Some(_)) => Some(to),
                (Effect::Merlin { b, .. }, Some(_)) => at(b),
                (Effect::Step { knight, .. }, None) | (Effect::Exit { knight }, None) => at(knight),
                (Effect::Gossip { knight } | Effect::Banish { knight } | Effect::Follow { knight }, _) => at(knight),
                (Effect::Merlin { a, .. }, None) => at(a),
                _ => None,
            },
            _ => None,
        };
        if let Some(s) = space
            && !out.contains(&s)
        {
            out.push(s);
        }
    }
    out
}

/// Turns a click into the next step of the choice, or into an action request. Clicks that fit
/// no legal action are still sent when they name a whole action, so the rules say why not.
pub(super) fn on_click(
    click: HallClick,
    view: &CourtView,
    legal: &[Action],
    ui: &mut CourtUi,
    seat: Seat,
) -> Option<Play<Court>> {
    let request = |a: Action| Play { seat, action: a };
    let clicked_knight = match click {
        HallClick::Space(s) => view.knight_at(s),
        HallClick::Reserve(k) => Some(k),
    };
    let name = |k: KnightId| view.content.knight_name(k).to_string();
    ui.note = None;
    // Placement: a reserve knight, then an empty Equites space.
    if legal.iter().any(|a| matches!(a, Action::Place { .. })) {
        return match (click, ui.knight) {
            (HallClick::Reserve(k), _) => {
                ui.knight = Some(k);
                None
            }
            (HallClick::Space(s), Some(k)) => Some(request(Action::Place { knight: k, space: s })),
            (HallClick::Space(_), None) => {
                ui.note = Some("First choose one of your knights on the left.".into());
                None
            }
        };
    }
    let Some(card) = ui.card else {
        ui.note = Some("Choose a card from your hand first.".into());
        return None;
    };
    if card == CardKind::Dwarf && ui.dwarf_as.is_none() {
        ui.note = Some("Choose what the Dwarf stands for first.".into());
        return None;
    }
    let options = candidates(legal, ui);
    match ui.knight {
        None => {
            let Some(k) = clicked_knight else {
                ui.note = Some("That space is empty: choose a knight.".into());
                return None;
            };
            let mine: Vec<Effect> = options
                .iter()
                .filter_map(|a| match a {
                    Action::Play { effect, .. } if effect.knights().first() == Some(&k) => Some(*effect),
                    _ => None,
                })
                .collect();
            let needs_second = mine
                .iter()
                .any(|e| matches!(e, Effect::Step { .. } | Effect::Enter { .. } | Effect::Merlin { .. }));
            if mine.len() == 1 && !needs_second {
                return Some(request(Action::Play { card, effect: mine[0] }));
            }
            if !mine.is_empty() {
                ui.knight = Some(k);
                return None;
            }
            // Not a legal target: ask the rules why, with the action the click names.
            let effect = match (card, ui.dwarf_as) {
                (CardKind::Gossip, _) | (_, Some(DwarfUse::Gossip)) => Some(Effect::Gossip { knight: k }),
                (CardKind::Banish, _) | (_, Some(DwarfUse::Banish)) => Some(Effect::Banish { knight: k }),
                (CardKind::Priest(_) | CardKind::Soldier(_), _) => Some(Effect::Follow { knight: k }),
                _ => None,
            };
            match effect {
                Some(effect) => Some(request(Action::Play { card, effect })),
                None => {
                    let why = match view.knight(k) {
                        Some(st) if st.at.is_none() && view.owner(k) != Some(seat) => {
                            format!(
                                "{} is in another player's reserve: only his owner can bring him in",
                                name(k)
                            )
                        }
                        _ => format!("{} has nowhere to go with this card", name(k)),
                    };
                    ui.note = Some(why);
                    None
                }
            }
        }
        Some(k) => {
            let HallClick::Space(s) = click else {
                ui.knight = Some(match click {
                    HallClick::Reserve(r) => r,
                    HallClick::Space(_) => k,
                });
                return None;
            };
            let chosen = options.iter().find(|a| match a {
                Action::Play { effect, .. } => match effect {
                    Effect::Step { to, .. } => *to == s,
                    Effect::Enter { space, .. } => *space == s,
                    Effect::Merlin { b, .. } => view.knight_at(s) == Some(*b),
                    _ => false,
                },
                _ => false,
            });
            if let Some(a) = chosen {
                return Some(request(*a));
            }
            if view.knight_at(s) == Some(k) {
                ui.knight = None;
                return None;
            }
            // Ask the rules why this destination is not allowed.
            let effect = if card == CardKind::Merlin {
                view.knight_at(s).map(|b| Effect::Merlin { a: k, b })
            } else if view.knight(k).is_some_and(|st| st.at.is_none()) {
                Some(Effect::Enter { knight: k, space: s })
            } else {
                Some(Effect::Step { knight: k, to: s })
            };
            effect.map(|effect| request(Action::Play { card, effect }))
        }
    }
}
