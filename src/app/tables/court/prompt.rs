//! The line that says what to do now.

use crate::app::bridge::Play;
use crate::app::style::{GOLD, WARN, size};
use crate::app::table::Keys;
use crate::app::tables::court::ui::{CourtUi, DwarfUse};
use crate::rules::court::{Action, CardKind, Court, CourtView, Effect, KnightId, Phase};
use crate::rules::record::Match;
use crate::rules::{Game, Pending, Seat};
use bevy::prelude::*;
use bevy_egui::egui;

/// The line that says what to do now, with the buttons the decision needs.
pub(super) fn prompt_line(
    ui: &mut egui::Ui,
    m: &Match<Court>,
    view: &CourtView,
    acting: Option<Seat>,
    legal: &[Action],
    state: &mut CourtUi,
    requests: &mut MessageWriter<Play<Court>>,
    keys: Keys,
) {
    let Some(seat) = acting else {
        let text = match m.state.pending() {
            Pending::Decide { seat, prompt, .. } => format!("{}: {prompt}", m.config.seat_name(seat)),
            Pending::Finished(o) => o.summary,
        };
        ui.label(egui::RichText::new(text).size(size::PROMPT).italics());
        return;
    };
    let send = |requests: &mut MessageWriter<Play<Court>>, a: Action| {
        requests.write(Play { seat, action: a });
    };
    let name = |k: KnightId| view.content.knight_name(k).to_string();
    ui.horizontal_wrapped(|ui| {
        let big = |t: String| egui::RichText::new(t).size(size::PROMPT).strong().color(GOLD);
        match &view.phase {
            Phase::Placement { .. } => {
                ui.label(big(match state.knight {
                    None => "Opening: choose one of your reserve knights (left), then an empty Equites space.".into(),
                    Some(k) => format!("Place {} on an empty Equites space.", name(k)),
                }));
            }
            Phase::FollowerLoss { knight, options } => {
                ui.label(big(format!("{} is scandalised: choose the follower he loses.", name(*knight))));
                for f in options {
                    if ui.button(f.name()).clicked() {
                        send(requests, Action::ChooseFollowerLoss(*f));
                    }
                }
            }
            Phase::End => {
                ui.label(big("End of your turn: click cards to discard them, then draw up to a full hand.".into()));
                if ui
                    .button(egui::RichText::new("Draw").strong())
                    .on_hover_text("Enter")
                    .clicked()
                    || keys.enter
                {
                    send(requests, Action::Draw);
                }
            }
            Phase::Play => {
                match (state.card, state.dwarf_as, state.knight) {
                    (None, _, _) => {
                        ui.label(big(format!(
                            "Play a card ({} of {} played), or end your turn.",
                            view.played_this_turn,
                            view.content.rules.max_cards_per_turn
                        )));
                    }
                    (Some(CardKind::Dwarf), None, _) => {
                        ui.label(big("Use the Dwarf as:".into()));
                        for use_ in [DwarfUse::Move, DwarfUse::Gossip, DwarfUse::Banish, DwarfUse::Score] {
                            let possible = legal.iter().any(|a| matches!(a, Action::Play { card: CardKind::Dwarf, effect } if use_.matches(effect)));
                            if ui.add_enabled(possible, egui::Button::new(use_.name())).clicked() {
                                state.dwarf_as = Some(use_);
                            }
                        }
                    }
                    (Some(card), dwarf, knight) => {
                        let as_score = card == CardKind::Score || dwarf == Some(DwarfUse::Score);
                        let label = match dwarf {
                            Some(d) => format!("Dwarf as {}", d.name()),
                            None => card.name(),
                        };
                        if as_score {
                            let gains = view.score_gains();
                            let summary: Vec<String> =
                                gains.iter().enumerate().map(|(s, g)| format!("{} +{g}", m.config.seat_name(s))).collect();
                            ui.label(big(format!("{label}: {}", summary.join(", "))));
                            if ui
                                .button(egui::RichText::new("Score now").strong())
                                .on_hover_text("Enter")
                                .clicked()
                                || keys.enter
                            {
                                send(requests, Action::Play { card, effect: Effect::Score });
                            }
                        } else {
                            let text = match knight {
                                None => match card {
                                    CardKind::Move => "choose a knight to move (or bring one in from your reserve)".to_string(),
                                    CardKind::Merlin => "choose the first knight to swap".into(),
                                    CardKind::Priest(_) | CardKind::Soldier(_) => "choose one of your knights in the hall".into(),
                                    _ => "choose a knight".into(),
                                },
                                Some(k) => match card {
                                    CardKind::Merlin => format!("swap {} with which knight?", name(k)),
                                    _ => format!("where does {} go?", name(k)),
                                },
                            };
                            ui.label(big(format!("{label}: {text}")));
                            if let Some(k) = knight
                                && let Some(exit) = legal.iter().find(|a| matches!(a, Action::Play { card: c, effect: Effect::Exit { knight } } if *c == card && *knight == k))
                                && ui.button("Out to the reserve").clicked()
                            {
                                send(requests, *exit);
                            }
                        }
                        if ui.button("Cancel").on_hover_text("Escape").clicked() || keys.escape {
                            *state = CourtUi {
                                at_action: state.at_action,
                                ..default()
                            };
                        }
                    }
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if legal.contains(&Action::EndPlay)
                        && (ui
                            .button(egui::RichText::new("End turn").strong())
                            .on_hover_text("Stop playing cards: discard, then draw (Enter)")
                            .clicked()
                            || (keys.enter && state.card.is_none()))
                    {
                        send(requests, Action::EndPlay);
                    }
                });
            }
            Phase::Finished(o) => {
                ui.label(big(o.summary.clone()));
            }
        }
    });
    if let Some(note) = &state.note {
        ui.colored_label(WARN, note);
    }
}
