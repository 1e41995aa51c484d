//! The decision of the moment along the bottom: the prompt, its buttons and keys, the hand's
//! line, and the confirmation of a costly action.

use super::*;
use crate::app::table::read_keys;

/// The confirmation of an action that costs a Life point or may cost a Sword: its window's title,
/// its words and the yes button.
fn confirm_words(m: &Match<Shadows>, seat: Seat, a: Action) -> (String, String, String) {
    match a {
        Action::Accuse(target) => (
            "Accuse a Knight of treason?".into(),
            crate::rules::shadows::accusation_text(&m.state, target),
            format!("Yes, accuse {}", m.config.seat_name(target)),
        ),
        _ => (
            "Another Heroic Action?".into(),
            crate::rules::shadows::sacrifice_text(&m.state, seat),
            "Yes, lose a Life point".into(),
        ),
    }
}

/// The Black card a decision is about, if any (in a view: Percival's look at the top card while
/// he chooses how Evil progresses shows to him alone).
fn card_in_question(s: &Shadows) -> Option<Black> {
    match s.stack.last()? {
        Task::Evil => s.black_draw.last().copied().filter(|c| *c != Black::Hidden),
        Task::MerlinPledge { card, .. } | Task::PlaceChoice { card, .. } => Some(*card),
        Task::Volunteer { why, .. } => Some(match why {
            crate::rules::shadows::Volunteering::Discard => Black::MorganDiscard,
            crate::rules::shadows::Volunteering::Sacrifice => Black::MorganSacrifice,
        }),
        Task::MordredWar { .. } => Some(Black::Mordred),
        Task::ExcaliburOffer { .. } => s.stack.iter().rev().find_map(|t| match t {
            Task::Place { card, face_down, .. } => Some(if *face_down { card.hidden() } else { *card }),
            _ => None,
        }),
        _ => None,
    }
}

/// Whether an action is made on the table or from the hand rather than by a button of its own.
fn from_the_hand(a: &Action) -> bool {
    card_of(a).is_some()
}

/// The decision panel's usual height: the prompt, two rows of buttons and the hand's line.
const DECISION_HEIGHT: f32 = 122.0;

/// The decision of the moment along the bottom: what to do, its buttons, and the hand of the
/// seat at the screen.
#[allow(clippy::too_many_arguments)]
pub(in crate::app::tables::shadows) fn decision_panel(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    mut free: ResMut<FreeRect>,
    mut ui_state: ResMut<ShadowsUi>,
    mut clicks: MessageReader<SpotClick>,
    mut card_clicks: MessageReader<super::hand::HandClick>,
    mut requests: MessageWriter<Play<Shadows>>,
    mut steady: Local<crate::app::table::SteadyHeight>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let found = crate::app::table::gate_clicks(ctx, shadows_match(&res), &mut clicks);
    let Some(m) = crate::app::table::gate_clicks(ctx, found, &mut card_clicks) else {
        return Ok(());
    };
    let acting = acting_seat(m, &handoff);
    let s = &m.state;
    let legal = if acting.is_some() {
        s.legal_actions()
    } else {
        Vec::new()
    };
    // What this frame changes of the choice under way is drawn at once (the window sleeps
    // until something asks for a frame).
    let before = (
        ui_state.confirm,
        ui_state.accusing,
        ui_state.selected,
        ui_state.choices.len(),
    );
    if ui_state.at_action != m.actions.len() {
        ui_state.choices.clear();
        ui_state.selected = None;
        ui_state.confirm = None;
        ui_state.accusing = false;
        ui_state.at_action = m.actions.len();
    }
    // Sends an action (a further Heroic Action's Life point is asked for first).
    let send = |requests: &mut MessageWriter<Play<Shadows>>, seat: Seat, a: Action, ui_state: &mut ShadowsUi| {
        ui_state.choices.clear();
        ui_state.selected = None;
        ui_state.accusing = false;
        // What costs a Life point or may cost a Sword is asked again.
        if matches!(a, Action::Sacrifice | Action::Accuse(_)) {
            ui_state.confirm = Some(a);
            return;
        }
        ui_state.confirm = None;
        requests.write(Play { seat, action: a });
    };
    match acting.filter(|_| ui_state.confirm.is_none()) {
        Some(seat) => {
            for click in clicks.read() {
                match click_spot(s, &legal, seat, ui_state.selected, *click) {
                    Asked::One(a) | Asked::Refusable(a) => send(&mut requests, seat, a, &mut ui_state),
                    Asked::Several(several) => ui_state.choices = several,
                    Asked::Nothing => {}
                }
            }
            // A card of the hand (in the world): picked, put back, or played at once when it
            // has one use.
            let hand = super::hand::shown_hand(s, Some(seat)).map(|h| h.1).unwrap_or_default();
            for click in card_clicks.read() {
                let Some(&card) = hand.get(click.0) else { continue };
                if ui_state.selected == Some(card) {
                    ui_state.selected = None;
                    ui_state.picked = None;
                    continue;
                }
                match click_card(s, &legal, seat, card) {
                    Asked::One(a) | Asked::Refusable(a) => send(&mut requests, seat, a, &mut ui_state),
                    Asked::Several(_) => {
                        ui_state.choices.clear();
                        ui_state.selected = Some(card);
                        ui_state.picked = Some(click.0);
                    }
                    _ => {}
                }
            }
        }
        None => {
            clicks.clear();
            card_clicks.clear();
        }
    }
    let keys = read_keys(ctx, acting.is_some());
    if keys.escape {
        ui_state.choices.clear();
        ui_state.selected = None;
        ui_state.confirm = None;
        ui_state.accusing = false;
    }
    let secrets = shown(s, handoff.private_viewer(), false);
    // The Life point a further action costs, confirmed (a key that answers it presses nothing
    // else in the same frame).
    let mut answered = false;
    if let (Some(seat), Some(a)) = (acting, ui_state.confirm) {
        let (title, words, yes) = confirm_words(m, seat, a);
        let mut answer = None;
        crate::app::style::centred_window(ctx, &title, "shadows-confirm").show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.label(egui::RichText::new(words).size(size::BODY));
            ui.horizontal(|ui| {
                // An accusation is confirmed by a click only: Enter, pressed out of habit, must
                // not cost a Sword.
                let enter_says_yes = a == Action::Sacrifice && keys.enter;
                if ui.button(yes).clicked() || enter_says_yes {
                    answer = Some(true);
                }
                if ui.button("No").clicked() || keys.escape {
                    answer = Some(false);
                }
            });
        });
        answered = answer.is_some();
        match answer {
            Some(true) => {
                ui_state.confirm = None;
                requests.write(Play { seat, action: a });
            }
            Some(false) => ui_state.confirm = None,
            None => {}
        }
    }
    // The Knights one may accuse, chosen in a window of their own (the buttons never appear
    // where the buttons of the moment were).
    let accusations: Vec<Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::Accuse(_)))
        .copied()
        .collect();
    if let Some(seat) = acting.filter(|_| ui_state.accusing && ui_state.confirm.is_none() && !accusations.is_empty()) {
        let mut close = false;
        crate::app::style::centred_window(ctx, "Accuse a Knight of treason", "shadows-accuse").show(ctx, |ui| {
            ui.label(egui::RichText::new("Whom do you accuse? You will be asked once more.").size(size::BODY));
            ui.horizontal_wrapped(|ui| {
                for a in &accusations {
                    if ui.button(s.describe_action(a)).clicked() {
                        send(&mut requests, seat, *a, &mut ui_state);
                    }
                }
                if ui.button("Cancel").clicked() {
                    close = true;
                }
            });
        });
        if close {
            ui_state.accusing = false;
        }
    }
    let confirming = ui_state.confirm.is_some() || answered;
    // The buttons: a choice a click fitted, the uses of the card picked, else every legal
    // action not made from the hand.
    let buttons: Vec<Action> = if !ui_state.choices.is_empty() {
        ui_state.choices.clone()
    } else if let Some(card) = ui_state.selected {
        legal.iter().filter(|a| card_of(a) == Some(card)).copied().collect()
    } else {
        // The Traitor's self-reveal is offered beside his Loyalty card, while he looks at it:
        // a button of its own here would tell the table who he is.
        // Accusations are chosen behind one button of their own, at the end of the row.
        legal
            .iter()
            .filter(|a| !from_the_hand(a) && **a != Action::RevealSelf && !matches!(a, Action::Accuse(_)))
            .copied()
            .collect()
    };
    let hand_uses: Vec<White> = legal.iter().filter_map(card_of).collect();
    let moves = legal.iter().any(|a| matches!(a, Action::Move(_)));
    let hint = if let Some(card) = ui_state.selected {
        let spots = legal
            .iter()
            .any(|a| card_of(a) == Some(card) && spot_of(s, acting.unwrap_or(0), a).is_some());
        if spots {
            format!(
                "{}: click a lit spot on the table, or a button (Esc to put it back)",
                card.name()
            )
        } else {
            format!("{}: choose below (Esc to put it back)", card.name())
        }
    } else if !ui_state.choices.is_empty() {
        "Several moves fit that click: choose one (Esc to go back)".to_string()
    } else if !hand_uses.is_empty() && moves {
        "Click a card of your hand to play it, or a quest or Camelot to move there".into()
    } else if !hand_uses.is_empty() {
        "Click a card of your hand".into()
    } else if moves {
        "Click a quest or Camelot to move there".into()
    } else {
        String::new()
    };
    let heroic = matches!(s.stack.last(), Some(Task::Heroic));
    // No accusation possible in a Heroic decision: a dimmed button says why, in the rules' words
    // (asked of an accusation of the next seat: the gate comes before the target).
    let accuse_closed = match acting {
        Some(seat) if heroic && !legal.iter().any(|a| matches!(a, Action::Accuse(_))) => {
            s.refusal(&Action::Accuse((seat + 1) % s.knights.len().max(1)))
        }
        _ => None,
    };
    let mut root = free.ui(ctx, "shadows-decision");
    // Keyed by the window's width, not the panel's: showing or hiding the log keeps the height.
    let min = steady.min(DECISION_HEIGHT, ctx.viewport_rect().width());
    let mut closed_why: Option<String> = None;
    let panel = egui::Panel::bottom("shadows-decision")
        .resizable(false)
        .min_size(min)
        .show(&mut root, |ui| {
            ui.add_space(4.0);
            // Told from what the screen may show: the full state's words would name a face-down
            // card's value to everyone while its drawer chooses.
            let prompt = screen_prompt(s, handoff.private_viewer());
            match acting {
                None => {
                    ui.label(egui::RichText::new(prompt).size(size::PROMPT).italics());
                }
                Some(seat) => {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(egui::RichText::new(prompt).size(size::PROMPT).strong().color(GOLD));
                        if !hint.is_empty() {
                            ui.label(egui::RichText::new(hint).italics().color(MUTED));
                        }
                    });
                    // The Black card the decision is about, and what it does; a split of spoils.
                    let seen = s.view(seat).game;
                    if let Some(card) = card_in_question(&seen) {
                        ui.horizontal_wrapped(|ui| {
                            if matches!(seen.stack.last(), Some(Task::Evil)) {
                                ui.label(egui::RichText::new("The top Black card (only you see it):").italics());
                            }
                            egui::Frame::new()
                                .fill(egui::Color32::from_rgb(26, 20, 26))
                                .stroke(egui::Stroke::new(1.5, egui::Color32::from_rgb(140, 30, 30)))
                                .corner_radius(4)
                                .inner_margin(egui::Margin::symmetric(8, 3))
                                .show(ui, |ui| {
                                    ui.label(egui::RichText::new(card.name()).strong().color(PARCHMENT));
                                });
                            ui.label(egui::RichText::new(black_text(s, card)).color(PARCHMENT));
                        });
                    }
                    if let Some(Task::Share { pool, assigned, .. } | Task::ShareVote { pool, assigned, .. }) =
                        seen.stack.last()
                        && !assigned.is_empty()
                    {
                        let split: Vec<String> = pool
                            .iter()
                            .zip(assigned)
                            .map(|(c, to)| format!("{} → {}", c.name(), seen.seat_name(*to)))
                            .collect();
                        ui.label(egui::RichText::new(format!("The split: {}", split.join(", "))).color(PARCHMENT));
                    }
                    ui.add_enabled_ui(!confirming, |ui| {
                        ui.horizontal_wrapped(|ui| {
                            ui.spacing_mut().item_spacing = egui::vec2(6.0, 4.0);
                            let enter = crate::app::shared::enter_button(
                                &buttons,
                                &[
                                    |a| matches!(a, Action::EndTurn | Action::Done),
                                    |a| matches!(a, Action::No),
                                    |a| matches!(a, Action::Pledge(0)),
                                ],
                            );
                            for (i, a) in buttons.iter().enumerate() {
                                let label = s.describe_action(a);
                                let label = match a {
                                    Action::Evil(choice) => format!("{label} — {}", evil_cost(s, *choice)),
                                    _ => label,
                                };
                                let key = (i < 9).then_some(i + 1);
                                let text = match key {
                                    Some(k) => format!("{k}  {label}"),
                                    None => label.clone(),
                                };
                                let tip = crate::app::shared::button_tip(&label, key, enter == Some(i));
                                let pressed = ui
                                    .add(egui::Button::new(egui::RichText::new(text).size(size::BODY)))
                                    .on_hover_text(tip)
                                    .clicked()
                                    || (!confirming && key.is_some() && keys.digit == key)
                                    || (!confirming && keys.enter && enter == Some(i));
                                if pressed {
                                    send(&mut requests, seat, *a, &mut ui_state);
                                    break;
                                }
                            }
                            if !accusations.is_empty()
                                && ui_state.choices.is_empty()
                                && ui_state.selected.is_none()
                                && ui
                                    .add(egui::Button::new(egui::RichText::new("Accuse…").size(size::BODY)))
                                    .on_hover_text(
                                        "Accuse a Knight of being the Traitor (once a game; you choose whom, \
                                         then confirm)",
                                    )
                                    .clicked()
                            {
                                ui_state.accusing = true;
                            }
                            // Why not, on the panel's last line while the pointer is on it: a
                            // tooltip would cover the buttons beside it.
                            if let Some(why) = &accuse_closed
                                && ui.add_enabled(false, egui::Button::new("Accuse…")).contains_pointer()
                            {
                                closed_why = Some(format!("Accuse: not yet — {why}"));
                            }
                        });
                    });
                }
            }
            // The hand lies in the world, along the foot of the table (`hand.rs`).
            if let Some(why) = &closed_why {
                ui.label(egui::RichText::new(why).small().color(WARN));
            } else if let Some((owner, hand)) = &secrets.hand {
                // Clear of the rulebook's link at the panel's bottom right.
                ui.scope(|ui| {
                    ui.set_max_width(ui.available_width() - crate::app::table::RULE_LINK_ROOM);
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(format!(
                                "{}'s hand: {} at the foot of the table — click one to play it",
                                m.config.seat_name(*owner),
                                crate::rules::counted(hand.len() as u64, "card", "cards")
                            ))
                            .small()
                            .color(MUTED),
                        )
                        .wrap(),
                    );
                });
            }
        });
    steady.seen(panel.response.rect.height());
    free.take_rest(&root);
    if before
        != (
            ui_state.confirm,
            ui_state.accusing,
            ui_state.selected,
            ui_state.choices.len(),
        )
    {
        ctx.request_repaint();
    }
    Ok(())
}

/// What is being decided, in the words of the view the screen shows (the viewer's, or
/// everyone's), or how the game ended.
pub fn screen_prompt(s: &Shadows, viewer: Option<Seat>) -> String {
    if let Some(o) = &s.outcome {
        return o.summary.clone();
    }
    match viewer {
        Some(seat) => s.view(seat).game.prompt(),
        None => s.public_view().game.prompt(),
    }
}

/// What a Progression of Evil choice costs, for its button.
fn evil_cost(s: &Shadows, choice: EvilChoice) -> String {
    let n = s.numbers();
    match choice {
        EvilChoice::DrawBlack => format!("{} left in the pile", s.black_draw.len()),
        EvilChoice::AddSiege => format!("Siege Engines {} → {} (lost at {})", s.siege, s.siege + 1, n.siege_lose),
        EvilChoice::LoseLife => {
            let life = s.knights.get(s.active).map_or(0, |k| k.life);
            format!("Life {life} → {}", life.saturating_sub(1))
        }
    }
}
