//! The hand: cards, their faces and texts.

use super::*;

pub(super) fn card_icon(card: CardKind) -> &'static str {
    match card {
        CardKind::Move => "⇅",
        CardKind::Gossip => "✉",
        CardKind::Banish => "⚔",
        CardKind::Score => "♛",
        CardKind::Merlin => "☼",
        CardKind::Dwarf => "♣",
        CardKind::Priest(_) => "✝",
        CardKind::Soldier(_) => "⛨",
    }
}

/// A card's effect in a line, for its face.
pub(super) fn card_face(card: CardKind) -> &'static str {
    match card {
        CardKind::Move => "Bring a knight in, step one a line, or take an Equites out.",
        CardKind::Gossip => "Scandalise a knight, or restore one.",
        CardKind::Banish => "Roll above his power to send a knight to his reserve.",
        CardKind::Score => "Everyone scores, you first. Ends your play.",
        CardKind::Merlin => "Two knights in the hall swap places.",
        CardKind::Dwarf => "Use as Move, Gossip, Banish or Score.",
        CardKind::Priest(_) => "Follower: adds to his points.",
        CardKind::Soldier(_) => "Follower: adds to his power.",
    }
}

/// A card's effect in full, as the rules file has it (its switches, not a restatement), for the
/// card's tooltip.
pub(super) fn card_text(card: CardKind, rules: &crate::rules::court::CourtRules) -> String {
    let not_own = |allowed: bool| {
        if allowed {
            " Your own knights too."
        } else {
            " Not your own knights."
        }
    };
    match card {
        CardKind::Move => format!(
            "Bring one of your reserve knights onto an Equites space, step any knight one Movement \
             Line, or take any Equites out to his reserve. Onto a knight of another faction it is \
             a challenge{}.",
            if rules.allow_move_onto_own_faction {
                " (of his own faction too)"
            } else {
                "; never onto his own faction"
            }
        ),
        CardKind::Gossip => format!(
            "Scandalise a knight in the hall (he scores nothing, power 0, and loses a follower of \
             your choice), or turn a Scandalised one face up.{}",
            not_own(rules.allow_gossip_own)
        ),
        CardKind::Banish => format!(
            "Roll a die: above the knight's power, he goes to his owner's reserve.{}",
            not_own(rules.allow_banish_own)
        ),
        CardKind::Score => "Everyone scores, you first; the first to reach the target wins. Ends your play.".into(),
        CardKind::Merlin => "Two knights in the hall swap places, followers and all.".into(),
        CardKind::Dwarf => "Play it as a Move, a Gossip, a Banish or a Score.".into(),
        CardKind::Priest(_) | CardKind::Soldier(_) => format!(
            "Follower: adds its value to the knight's {}. Onto {} knight in the hall, up to {} \
             followers each.",
            if matches!(card, CardKind::Priest(_)) {
                "points"
            } else {
                "power"
            },
            if rules.followers_on_own_knights_only {
                "your own"
            } else {
                "any"
            },
            rules.max_followers
        ),
    }
}

pub(super) fn card_colour(card: CardKind) -> egui::Color32 {
    match card {
        CardKind::Move => egui::Color32::from_rgb(60, 90, 130),
        CardKind::Gossip => egui::Color32::from_rgb(130, 60, 110),
        CardKind::Banish => egui::Color32::from_rgb(140, 50, 40),
        CardKind::Score => egui::Color32::from_rgb(150, 115, 30),
        CardKind::Merlin => egui::Color32::from_rgb(70, 60, 140),
        CardKind::Dwarf => egui::Color32::from_rgb(60, 110, 60),
        CardKind::Priest(_) => egui::Color32::from_rgb(100, 75, 140),
        CardKind::Soldier(_) => egui::Color32::from_rgb(90, 95, 105),
    }
}

/// The hand along the bottom and the prompt line above it.
pub(super) fn hand_panel(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    mut free: ResMut<FreeRect>,
    mut ui_state: ResMut<CourtUi>,
    mut clicks: MessageReader<HallClick>,
    mut requests: MessageWriter<ActionRequest>,
    table: Res<TableUi>,
) -> Result {
    let Some(m) = court_match(&res) else {
        clicks.clear();
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (view, private) = screen_view(m, &handoff);
    let acting = acting_seat(m, &handoff);
    let legal = if acting.is_some() {
        m.state.legal_actions()
    } else {
        Vec::new()
    };
    if let Some(seat) = acting {
        for click in clicks.read() {
            if let Some(req) = on_click(*click, &view, &legal, &mut ui_state, seat) {
                requests.write(req);
            }
        }
    } else {
        clicks.clear();
    }
    let _ = &table;
    let keys = if acting.is_some() && !ctx.egui_wants_keyboard_input() {
        Keys::read(ctx)
    } else {
        Keys::default()
    };
    let mut root = free.ui(ctx, "court-hand");
    egui::Panel::bottom("court-hand")
        .exact_size(206.0)
        .show(&mut root, |ui| {
            ui.add_space(4.0);
            prompt_line(ui, m, &view, acting, &legal, &mut ui_state, &mut requests, keys);
            ui.add_space(4.0);
            if !private {
                ui.label(egui::RichText::new("Hands are hidden.").italics());
                return;
            }
            let owner = m.config.seat_name(view.seat).to_string();
            ui.horizontal(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(62.0);
                    ui.label(egui::RichText::new("Your hand").small().strong());
                    ui.label(egui::RichText::new(owner.as_str()).small());
                    // The count is the active player's: shown only in the hand's own turn.
                    if view.active == view.seat && matches!(view.phase, Phase::Play | Phase::FollowerLoss { .. }) {
                        ui.label(
                            egui::RichText::new(format!(
                                "{} of {} played",
                                view.played_this_turn, view.content.rules.max_cards_per_turn
                            ))
                            .small(),
                        )
                        .on_hover_text("Cards put into play this turn, followers included");
                    }
                });
                let playable = crate::rules::court::playable_cards(&legal);
                let end_phase = matches!(view.phase, Phase::End) && acting.is_some();
                for (index, card) in view.hand.clone().into_iter().enumerate() {
                    let usable = end_phase || playable.contains(&card);
                    let selected = ui_state.card == Some(card) && ui_state.card_index == Some(index);
                    let fill = card_colour(card);
                    let response = egui::Frame::new()
                        .fill(if usable || acting.is_none() {
                            fill
                        } else {
                            fill.gamma_multiply(0.45)
                        })
                        .stroke(if selected {
                            egui::Stroke::new(3.0, GOLD)
                        } else {
                            egui::Stroke::new(1.0, PARCHMENT.gamma_multiply(0.5))
                        })
                        .corner_radius(8)
                        .inner_margin(8)
                        .show(ui, |ui| {
                            ui.set_width(92.0);
                            ui.set_height(120.0);
                            ui.vertical_centered(|ui| {
                                ui.label(egui::RichText::new(card_icon(card)).size(26.0).color(PARCHMENT));
                                ui.label(
                                    egui::RichText::new(card.name())
                                        .size(17.0)
                                        .strong()
                                        .color(egui::Color32::WHITE),
                                );
                                ui.label(egui::RichText::new(card_face(card)).size(11.0).color(PARCHMENT));
                            });
                        })
                        .response
                        .interact(egui::Sense::click());
                    let detail = card_text(card, &view.content.rules);
                    let response = if end_phase {
                        response.on_hover_text(format!("{detail}\n\nClick (or press {}) to discard", index + 1))
                    } else if !usable && acting.is_some() {
                        response.on_hover_text(format!("{detail}\n\nNo legal use for this card now"))
                    } else {
                        response.on_hover_text(format!("{detail}\n\nKey {}", index + 1))
                    };
                    if (response.clicked() || keys.digit == Some(index))
                        && let Some(seat) = acting
                    {
                        if end_phase {
                            requests.write(ActionRequest {
                                seat,
                                request: Request::Typed(Arc::new(Action::Discard(card))),
                            });
                        } else if usable {
                            *ui_state = CourtUi {
                                card: Some(card),
                                card_index: Some(index),
                                at_action: ui_state.at_action,
                                ..default()
                            };
                        } else {
                            ui_state.note = Some(format!("{} has no legal use now.", card.name()));
                        }
                    }
                }
            });
        });
    free.take_rest(&root);
    Ok(())
}
