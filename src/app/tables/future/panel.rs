//! The panels of the castle: each colour's screen (its secrets for its owner only, public counts
//! for everyone), the decision of the moment with its buttons and keys, the fists opening, final
//! scoring step by step, and the tooltip that explains what the pointer rests on.

use crate::app::bots::Animating;
use crate::app::bridge::{MatchRes, Play};
use crate::app::handoff::TableScreen;
use crate::app::handoff::acting_seat;
use crate::app::shared::Settings;
use crate::app::style::{GOLD, MUTED, PARCHMENT, seat_colour, size};
use crate::app::style::{colour_chip, colour_rgb, figure_chip};
use crate::app::table::FreeRect;
use crate::app::table::{Keys, ResultsDetail};
use crate::app::tables::future::board::STACK_LABELS;
use crate::app::tables::future::ui::{
    CastleClick, FutureUi, Hover, Hovered, NEUTRAL_MARK, NEUTRAL_RGB, click_action, future_match, is_spatial,
    screen_view,
};
use crate::rules::future::{Action, Board, Future, Phase, Piece, Slot, Task, colour_title};
use crate::rules::future::{COLOUR_NAMES, HERO_NAMES, Hero, RoomRule, Stage, capitalised, final_step_name};
use crate::rules::record::Match;
use crate::rules::{Game, Seat};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// How long the open fists stay on screen (normal speed), and each final scoring step.
pub(super) const REVEAL_SECS: f32 = 3.2;
const FINAL_STEP_SECS: f32 = 1.1;

/// The fists of a round, opened together.
#[derive(Debug, Clone)]
pub(super) struct Reveal {
    pub counts: Vec<(Slot, u8)>,
    pub total: u8,
    pub left: f32,
}

/// What the table plays out from rule events: the open fists, Grail tiles in flight, final
/// scoring one step at a time.
#[derive(Resource, Default)]
pub(super) struct Moments {
    pub reveal: Option<Reveal>,
    pub grail_flights: Vec<Slot>,
    /// Final scoring: (colour, step of the rulebook's order, points).
    pub final_steps: Vec<(Slot, u8, i32)>,
    /// Seconds since final scoring began to be shown.
    pub final_clock: Option<f32>,
    /// Grail tiles each colour drew for its hinterland in final scoring.
    pub hinterland_tiles: Vec<(Slot, u8)>,
    /// Merlin tiles turned face up in final scoring, still to be shown: (owner, value).
    pub merlin_reveals: Vec<(Slot, i32)>,
    /// How many Merlin tiles lie face up in the row so far.
    pub merlin_shown: usize,
}

impl Moments {
    /// The steps of final scoring that exist in this game, in order.
    fn steps(&self) -> Vec<u8> {
        let mut steps: Vec<u8> = self.final_steps.iter().map(|x| x.1).collect();
        steps.sort_unstable();
        steps.dedup();
        steps
    }

    /// How many of those steps are on screen so far.
    fn steps_shown(&self) -> usize {
        match self.final_clock {
            None => 0,
            Some(t) => ((t / FINAL_STEP_SECS) as usize + 1).min(self.steps().len() + 1),
        }
    }

    fn final_done(&self) -> bool {
        self.final_clock.is_some() && self.steps_shown() > self.steps().len()
    }

    /// A colour's score as the track shows it: during final scoring, counted up step by step.
    pub(super) fn shown_score(&self, s: &Future, slot: Slot) -> i32 {
        let real = s.colours.get(slot as usize).map_or(0, |c| c.score);
        if self.final_clock.is_none() || self.final_done() {
            return real;
        }
        let steps = self.steps();
        let shown: Vec<u8> = steps.iter().take(self.steps_shown()).copied().collect();
        let mine = self.final_steps.iter().filter(|x| x.0 == slot);
        let total: i32 = mine.clone().map(|x| x.2).sum();
        let so_far: i32 = mine.filter(|x| shown.contains(&x.1)).map(|x| x.2).sum();
        (real - total + so_far).max(0)
    }
}

/// The open fists, the final scoring steps: their clocks, holding the bots while they show.
pub(super) fn tick_moments(
    time: Res<Time>,
    settings: Option<Res<Settings>>,
    mut moments: ResMut<Moments>,
    mut animating: ResMut<Animating>,
    mut redraw: ResMut<crate::app::redraw::Redraw>,
) {
    let speed = settings.map(|s| s.animation).unwrap_or_default();
    let dt = time.delta_secs();
    if let Some(r) = moments.reveal.as_mut() {
        r.left -= dt;
        if r.left <= 0.0 {
            moments.reveal = None;
        } else {
            animating.0 = animating.0.max(0.1);
        }
        redraw.more();
    }
    let done = moments.final_done();
    if let Some(t) = moments.final_clock.as_mut()
        && !done
    {
        let step = speed.scale(1.0);
        *t += if step <= f32::EPSILON { 100.0 } else { dt / step };
        animating.0 = animating.0.max(0.1);
        redraw.more();
    }
}

/// Each colour's screen: score, knights behind the screen and in the hinterland, the fist,
/// missions taken, Grail and Merlin tiles (by part and value for the owner, counts for the
/// others), the hero.
pub(super) fn colours_panel(mut screen: TableScreen, mut free: ResMut<FreeRect>, moments: Res<Moments>) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let Some(m) = future_match(res) else {
        return Ok(());
    };
    let view = screen_view(m, handoff);
    let s = &view.state;
    let viewer = handoff.private_viewer();
    let deck = &s.content.0.deck;
    let deciding = s.deciding_slot();
    let mut root = free.ui(ctx, "future-colours");
    egui::Panel::left("future-colours")
        .exact_size(250.0)
        .show(&mut root, |ui| {
            let scrolled = egui::ScrollArea::vertical().show(ui, |ui| {
                ui.label(
                    egui::RichText::new(format!("Round {} of {}", s.round.max(1), deck.rounds))
                        .strong()
                        .color(GOLD),
                );
                ui.add_space(2.0);
                for (slot, c) in s.colours.iter().enumerate() {
                    let slot = slot as Slot;
                    // Its owner's details, or everyone's in a replay showing everything.
                    let mine = viewer == Some(c.seat) || handoff.all_seen;
                    let current = deciding == Some(slot) || matches!(s.phase, Phase::Send { seat } if seat == c.seat);
                    crate::app::style::group_frame(current).show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        ui.spacing_mut().item_spacing.y = 2.0;
                        // A long name wraps within the panel; the track place follows it.
                        ui.horizontal_wrapped(|ui| {
                            colour_chip(ui, c.colour, 20.0);
                            let seat = m.config.seat_name(c.seat);
                            ui.add(
                                egui::Label::new(
                                    egui::RichText::new(format!("{} · {seat}", colour_title(c.colour)))
                                        .strong()
                                        .color(seat_colour(colour_rgb(c.colour))),
                                )
                                .wrap(),
                            );
                            if let Some(pos) = s.track.iter().position(|&t| t == slot) {
                                ui.label(egui::RichText::new(format!("#{}", pos + 1)).small().color(MUTED))
                                    .on_hover_text("Place on the turn-order track (1 acts first)");
                            }
                        });
                        let shown = moments.shown_score(s, slot);
                        ui.horizontal(|ui| {
                            ui.label(egui::RichText::new(format!("{shown}")).size(20.0).strong());
                            ui.label(egui::RichText::new("points").small().color(MUTED));
                        });
                        ui.label(format!("Screen {} · hinterland {}", c.screen, c.hinterland))
                            .on_hover_text("Knights behind the screen (public count) and in the hinterland");
                        let fist = if s.fists_open() {
                            if matches!(s.phase, Phase::Missions { .. }) && c.sent > 0 {
                                format!("Sent {}: to place", c.sent)
                            } else {
                                String::new()
                            }
                        } else if mine && c.has_sent {
                            format!("Fist: {} (secret)", c.sent)
                        } else if c.has_sent {
                            "Fist closed".into()
                        } else if matches!(s.phase, Phase::Send { .. }) {
                            "Choosing the fist…".into()
                        } else {
                            String::new()
                        };
                        if !fist.is_empty() {
                            ui.label(egui::RichText::new(fist).color(if mine { GOLD } else { PARCHMENT }));
                        }
                        // Missions taken (public).
                        if !c.missions.is_empty() {
                            let names: Vec<String> = c.missions.iter().map(|&k| s.mission_name(k)).collect();
                            ui.label(format!("Missions {}", c.missions.len()))
                                .on_hover_text(names.join("\n"));
                        }
                        // Grail and Merlin tiles: the faces for the owner, counts for everyone.
                        if mine {
                            let parts: Vec<String> = c
                                .grail
                                .iter()
                                .enumerate()
                                .filter(|(_, n)| **n > 0)
                                .map(|(p, n)| {
                                    format!("{} {n}", deck.grail_parts.get(p).map_or("?", |g| g.name.as_str()))
                                })
                                .collect();
                            let points = crate::rules::future::grail_points(&c.grail, &deck.grail_set_points);
                            ui.label(
                                egui::RichText::new(if parts.is_empty() {
                                    "Grail: none".to_string()
                                } else {
                                    format!("Grail: {} (sets {points:+})", parts.join(", "))
                                })
                                .color(GOLD),
                            )
                            .on_hover_text("Your Grail tiles by part (only you see them)");
                            let values: Vec<String> = c
                                .merlin
                                .iter()
                                .filter_map(|&i| deck.merlin.get(i as usize))
                                .map(|v| format!("{v:+}"))
                                .collect();
                            if !values.is_empty() {
                                ui.label(egui::RichText::new(format!("Merlin: {}", values.join(", "))).color(GOLD))
                                    .on_hover_text("Your Merlin tiles' values (only you see them)");
                            }
                        } else {
                            let mut parts = vec![format!("Grail {}", c.grail_held)];
                            if c.merlin_held > 0 {
                                parts.push(format!("Merlin {}", c.merlin_held));
                            }
                            ui.label(parts.join(" · "))
                                .on_hover_text("Tiles held, face down: only their owner knows them");
                        }
                        let mut extras = Vec::new();
                        if c.hearts > 0 {
                            extras.push(format!("♥ {}", c.hearts));
                        }
                        if c.tournament_tile {
                            extras.push("tournament tile".to_string());
                        }
                        match c.hero {
                            Hero::None => {}
                            Hero::Side1 => extras.push(format!("{}: side 1", HERO_NAMES[c.colour as usize])),
                            Hero::Side2 => extras.push(format!("{}: side 2", HERO_NAMES[c.colour as usize])),
                            Hero::Gone => extras.push(format!("{} has left", HERO_NAMES[c.colour as usize])),
                        }
                        if c.black_knight {
                            extras.push("black knight waiting".into());
                        }
                        if !extras.is_empty() {
                            ui.label(egui::RichText::new(extras.join(" · ")).small());
                        }
                    });
                }
                if let Some(n) = s.neutral {
                    ui.horizontal_wrapped(|ui| {
                        figure_chip(ui, NEUTRAL_RGB, NEUTRAL_MARK, 18.0);
                        ui.label(
                            egui::RichText::new(format!(
                                "Neutral ({}) holds the marked fields",
                                COLOUR_NAMES[n as usize]
                            ))
                            .small(),
                        );
                    });
                }
            });
            crate::app::table::more_below(ui, &scrolled);
        });
    free.take_rest(&root);
    Ok(())
}

/// The clicks of the frame, read before the panels draw (`TableUiSet::Input`): a click on the
/// castle sends its action or leaves the actions it fitted for the buttons; a digit names a
/// number space; Escape drops the choice.
pub(super) fn decision_input(
    mut screen: TableScreen,
    keys: Res<Keys>,
    mut ui_state: ResMut<FutureUi>,
    mut clicks: MessageReader<CastleClick>,
    mut requests: MessageWriter<Play<Future>>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let Some(m) = crate::app::table::gate_clicks(ctx, future_match(res), &mut clicks) else {
        return Ok(());
    };
    if ui_state.at_action != m.actions.len() {
        ui_state.choices.clear();
        ui_state.at_action = m.actions.len();
    }
    let Some(seat) = acting_seat(m, handoff) else {
        clicks.clear();
        return Ok(());
    };
    let legal = m.state.legal_actions();
    for click in clicks.read() {
        match click_action(&m.state, &legal, *click) {
            Some(Ok(action)) => {
                ui_state.choices.clear();
                requests.write(Play { seat, action });
            }
            Some(Err(several)) => ui_state.choices = several,
            None => {}
        }
    }
    if keys.escape {
        ui_state.choices.clear();
    }
    // A digit for a number space that may not be used now (full, or past the highest) is asked
    // of the rules all the same, so that they say why.
    if let Some(d) = keys.digit
        && legal.iter().any(|a| matches!(a, Action::Predict(_)))
        && !legal.contains(&Action::Predict(d as u8))
    {
        requests.write(Play {
            seat,
            action: Action::Predict(d as u8),
        });
    }
    Ok(())
}

/// The decision of the moment along the bottom: what to do, the buttons for the choices that
/// are not a click on the castle, and what to click for the others.
pub(super) fn decision_panel(
    mut screen: TableScreen,
    keys: Res<Keys>,
    mut free: ResMut<FreeRect>,
    mut ui_state: ResMut<FutureUi>,
    mut requests: MessageWriter<Play<Future>>,
    mut steady: Local<crate::app::table::SteadyHeight>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let Some(m) = future_match(res) else {
        return Ok(());
    };
    let acting = acting_seat(m, handoff);
    let legal = if acting.is_some() {
        m.state.legal_actions()
    } else {
        Vec::new()
    };
    let send = |requests: &mut MessageWriter<Play<Future>>, seat: Seat, a: Action| {
        requests.write(Play { seat, action: a });
    };
    let keys = *keys;
    // The buttons: a choice among several actions a click fitted, else every legal action that
    // is not only a click on the castle.
    let buttons: Vec<Action> = if !ui_state.choices.is_empty() {
        ui_state.choices.clone()
    } else {
        legal.iter().filter(|a| !is_spatial(a)).copied().collect()
    };
    let spatial: Vec<&Action> = legal.iter().filter(|a| is_spatial(a)).collect();
    let hint = if !ui_state.choices.is_empty() {
        "Several moves fit that click: choose one (Esc to go back)".to_string()
    } else if spatial.iter().any(|a| matches!(a, Action::Take(_))) {
        "Click a lit mission card in the display (dimmed ones need other knights; hover to see why)".into()
    } else if spatial.iter().any(|a| matches!(a, Action::Discard(_))) {
        "Click a mission card to discard it".into()
    } else if spatial.iter().any(|a| matches!(a, Action::Place { .. })) {
        let shields: Vec<&str> = match m.state.tasks.last() {
            Some(Task::Shields { card, left, .. }) => m.state.content.0.deck.missions[*card as usize]
                .shields
                .iter()
                .enumerate()
                .filter(|(i, _)| left & (1 << i) != 0)
                .map(|(_, s)| s.name())
                .collect(),
            _ => Vec::new(),
        };
        format!("Click a lit field for a knight — shields left: {}", shields.join(", "))
    } else if spatial.iter().any(|a| matches!(a, Action::Extra { .. })) {
        "Click a lit field for the extra knight, or decline".into()
    } else if spatial.iter().any(|a| matches!(a, Action::Magician { .. })) {
        "Click a lit field in another room for your magician, or decline".into()
    } else if spatial.iter().any(|a| matches!(a, Action::RecallRed(_))) {
        "Click one of your lit knights in the red room".into()
    } else if spatial.iter().any(|a| matches!(a, Action::BlackKnight { .. })) {
        "Click a lit field for the black knight, or go on".into()
    } else if legal.iter().any(|a| matches!(a, Action::Predict(_))) {
        "Click a lit number space in the throne room, or a number below".into()
    } else if let Some(shown) = acting.and_then(|seat| m.state.view(seat).state.supply_shown) {
        // Parzival's side 2: the supply is shown to its owner while he picks.
        let deck = &m.state.content.0.deck;
        let parts: Vec<String> = deck
            .grail_parts
            .iter()
            .zip(shown)
            .map(|(part, n)| format!("{} {n}", part.name))
            .collect();
        format!("The Grail supply (only you see it): {}", parts.join(", "))
    } else {
        String::new()
    };
    let mut root = free.ui(ctx, "future-decision");
    // A seat with two colours (two players) chooses its two fists on a grid: a row for each
    // count of its first colour, a column for its second.
    let fist_grid: Option<[u8; 2]> = match (acting, buttons.first()) {
        (Some(seat), Some(Action::Send(..))) if ui_state.choices.is_empty() => {
            match m.state.seat_slots[seat].as_slice() {
                [a, b] => Some([m.state.colours[*a as usize].colour, m.state.colours[*b as usize].colour]),
                _ => None,
            }
        }
        _ => None,
    };
    // Room for two rows of buttons (with two players, for the grid of both fists) from the
    // start, and never shrinking (`SteadyHeight`): the castle keeps its size while play goes on.
    let base = if m.state.players == 2 { 176.0 } else { 120.0 };
    // Keyed by the window's width, not the panel's: showing or hiding the log keeps the height.
    let min = steady.min(base, ctx.viewport_rect().width());
    let panel = egui::Panel::bottom("future-decision")
        .resizable(false)
        .min_size(min)
        .show(&mut root, |ui| {
            ui.add_space(4.0);
            // The prompt names the colour (and its seat) itself.
            let prompt = match m.state.pending() {
                crate::rules::Pending::Decide { prompt, .. } => prompt,
                crate::rules::Pending::Finished(o) => o.summary,
            };
            let Some(seat) = acting else {
                ui.label(egui::RichText::new(prompt).size(size::PROMPT).italics());
                return;
            };
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(prompt).size(size::PROMPT).strong().color(GOLD));
                if !hint.is_empty() {
                    ui.label(egui::RichText::new(hint).italics().color(MUTED));
                }
            });
            // What the button under the pointer does (and its key) is said on a line of the
            // panel's own, under the buttons: a tooltip would cover the question it answers.
            let mut explained: Option<String> = None;
            if let Some([first, second]) = fist_grid {
                let most = m.state.content.0.deck.max_fist;
                let mut pressed = None;
                egui::Grid::new("future-fists-grid").spacing([6.0, 3.0]).show(ui, |ui| {
                    ui.label("");
                    for b in 0..=most {
                        ui.label(
                            egui::RichText::new(format!("{} {b}", colour_title(second)))
                                .color(seat_colour(colour_rgb(second))),
                        );
                    }
                    ui.end_row();
                    for a in 0..=most {
                        ui.label(
                            egui::RichText::new(format!("{} {a}", colour_title(first)))
                                .color(seat_colour(colour_rgb(first))),
                        );
                        for b in 0..=most {
                            match buttons.iter().position(|x| *x == Action::Send(a, b)) {
                                Some(i) => {
                                    let button =
                                        ui.add(egui::Button::new(format!("{a} + {b}")).min_size(egui::vec2(64.0, 0.0)));
                                    if button.hovered() {
                                        explained = Some(m.state.describe_action(&buttons[i]));
                                    }
                                    if button.clicked() {
                                        pressed = Some(buttons[i]);
                                    }
                                }
                                None => {
                                    ui.label("");
                                }
                            }
                        }
                        ui.end_row();
                    }
                });
                // Keys 1–9 still press the choices in order (0 + 0 first).
                if let Some(d) = keys.digit.filter(|d| (1..=buttons.len().min(9)).contains(d)) {
                    pressed = pressed.or(Some(buttons[d - 1]));
                }
                if let Some(a) = pressed {
                    send(&mut requests, seat, a);
                }
                explain_line(ui, explained);
                return;
            }
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing = egui::vec2(6.0, 4.0);
                // Enter presses the only button, else the one that ends the turn or says no.
                let enter = crate::app::shared::enter_button(
                    &buttons,
                    &[|a| matches!(a, Action::EndTurn), |a| matches!(a, Action::Decline)],
                );
                for (i, a) in buttons.iter().enumerate() {
                    let label = m.state.describe_action(a);
                    // A prediction's button is its number, and so is its key (0–9).
                    let (text, key) = match a {
                        Action::Predict(n) => (n.to_string(), (*n <= 9).then_some(*n as usize)),
                        _ if i < 9 => (format!("{}  {label}", i + 1), Some(i + 1)),
                        _ => (label.clone(), None),
                    };
                    let button = ui.add(
                        egui::Button::new(egui::RichText::new(text).size(size::BODY)).min_size(egui::vec2(30.0, 0.0)),
                    );
                    if button.hovered() {
                        explained = Some(crate::app::shared::button_tip(&label, key, enter == Some(i)));
                    }
                    let pressed =
                        button.clicked() || (key.is_some() && keys.digit == key) || (keys.enter && enter == Some(i));
                    if pressed {
                        ui_state.choices.clear();
                        send(&mut requests, seat, *a);
                        break;
                    }
                }
            });
            explain_line(ui, explained);
        });
    steady.seen(panel.response.rect.height());
    free.take_rest(&root);
    Ok(())
}

/// The decision's line for what the button under the pointer does (empty when none is): always
/// there, so the panel keeps its height.
fn explain_line(ui: &mut egui::Ui, explained: Option<String>) {
    ui.label(egui::RichText::new(explained.unwrap_or_default()).small().color(MUTED));
}

/// The fists opening, and final scoring step by step; at the end the steps go to the results.
pub(super) fn moments_window(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    moments: Res<Moments>,
    mut detail: ResMut<ResultsDetail>,
) -> Result {
    let Some(m) = future_match(&res) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let s = &m.state;
    if let Some(r) = &moments.reveal {
        // Below the throne room, where the magicians are about to walk.
        crate::app::style::fixed_window(
            ctx,
            "The fists open",
            "future-fists",
            egui::Align2::CENTER_BOTTOM,
            egui::vec2(0.0, -110.0),
        )
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                for &(slot, n) in &r.counts {
                    let Some(c) = s.colours.get(slot as usize) else {
                        continue;
                    };
                    ui.vertical_centered(|ui| {
                        ui.set_width(70.0);
                        colour_chip(ui, c.colour, 26.0);
                        ui.label(egui::RichText::new(n.to_string()).size(30.0).strong().color(GOLD));
                        ui.label(egui::RichText::new(colour_title(c.colour)).small());
                    });
                }
            });
            ui.separator();
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(format!("Total {}", r.total))
                        .size(size::HEADING)
                        .strong()
                        .color(PARCHMENT),
                );
                ui.label(egui::RichText::new("The magicians take their places on the track").small());
            });
        });
    }
    if moments.final_clock.is_none() {
        if !detail.rows.is_empty() && !matches!(s.phase, Phase::Over) {
            *detail = ResultsDetail::default();
        }
        return Ok(());
    }
    let steps = moments.steps();
    let shown = moments.steps_shown();
    let table = final_table(m, &moments, &steps, shown);
    if moments.final_done() {
        if detail.rows != table.1 {
            *detail = ResultsDetail {
                title: "Final scoring".into(),
                header: table.0,
                rows: table.1,
            };
        }
        return Ok(());
    }
    crate::app::style::centred_window(ctx, "Final scoring", "future-final").show(ctx, |ui| {
        egui::Grid::new("future-final-grid").striped(true).show(ui, |ui| {
            for h in &table.0 {
                ui.label(egui::RichText::new(h).strong());
            }
            ui.end_row();
            for row in &table.1 {
                for (i, cell) in row.iter().enumerate() {
                    if i == 0 {
                        ui.label(cell);
                    } else {
                        ui.label(egui::RichText::new(cell).size(size::SUBHEADING).color(GOLD));
                    }
                }
                ui.end_row();
            }
        });
    });
    Ok(())
}

/// The final scoring table: a column per colour, a row per step shown, then the totals (and with
/// two players, which colour counts for its seat).
fn final_table(m: &Match<Future>, moments: &Moments, steps: &[u8], shown: usize) -> (Vec<String>, Vec<Vec<String>>) {
    let s = &m.state;
    let mut header = vec![String::new()];
    for c in &s.colours {
        if s.players > 2 {
            header.push(format!("{} ({})", colour_title(c.colour), m.config.seat_name(c.seat)));
        } else {
            header.push(colour_title(c.colour));
        }
    }
    let mut rows = Vec::new();
    for &step in steps.iter().take(shown) {
        let name = final_step_name(step);
        let mut row = vec![capitalised(name)];
        for slot in 0..s.colours.len() {
            let p: i32 = moments
                .final_steps
                .iter()
                .filter(|x| x.0 == slot as Slot && x.1 == step)
                .map(|x| x.2)
                .sum();
            row.push(if step == 4 {
                // The hinterland scores nothing itself: it draws Grail tiles for the sets.
                let tiles: u32 = moments
                    .hinterland_tiles
                    .iter()
                    .filter(|x| x.0 == slot as Slot)
                    .map(|x| x.1 as u32)
                    .sum();
                format!("{tiles} tile{}", if tiles == 1 { "" } else { "s" })
            } else {
                format!("{p:+}")
            });
        }
        rows.push(row);
    }
    if shown > steps.len() {
        let mut row = vec!["Final score".to_string()];
        for slot in 0..s.colours.len() {
            row.push(s.colours[slot].score.to_string());
        }
        rows.push(row);
        if s.players == 2 {
            // Each seat's lower colour counts.
            let mut row = vec!["Counts for the seat".to_string()];
            for (slot, c) in s.colours.iter().enumerate() {
                row.push(if s.counting_slot(c.seat) == Some(slot as Slot) {
                    "counts".into()
                } else {
                    String::new()
                });
            }
            rows.push(row);
        }
    }
    (header, rows)
}

/// What the pointer rests on, in words: a field (its points, effects, the room's rule, who is
/// on it), a number space, a mission card (and why the seat may not take it).
pub(super) fn hover_tip(
    mut screen: TableScreen,
    hovered: Res<Hovered>,
    free: Res<FreeRect>,
    mut moved: Local<bool>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let (Some(m), Some(what)) = (future_match(res), hovered.0) else {
        return Ok(());
    };
    if !crate::app::table::tooltip_allowed(ctx, handoff, &mut moved) {
        return Ok(());
    }
    let Some(pointer) = ctx.pointer_hover_pos() else {
        return Ok(());
    };
    let s = &m.state;
    let deck = &s.content.0.deck;
    let text = match what {
        Hover::Track(pos) => track_words(s, pos),
        Hover::Stack(i) => {
            let row = s.content.0.display(s.players);
            let stack = crate::rules::future::Stack::ALL[i.min(3)];
            let name = STACK_LABELS[stack.index()];
            let knights = stack
                .knights()
                .map_or("one, two or three".to_string(), |k| k.to_string());
            format!(
                "The {name} stack: {} for {knights} knights, face down; {} revealed each round{}",
                crate::rules::counted(
                    s.stacks.get(i).map_or(0, Vec::len) as u64,
                    "mission card",
                    "mission cards"
                ),
                row.count(stack),
                if i == 3 {
                    " into the row of its shield count"
                } else {
                    ""
                }
            )
        }
        Hover::MerlinRow => format!(
            "The Merlin row: {} face down. After the predictions the first on the track takes the leftmost; its value (seen by its owner only) counts in final scoring.",
            crate::rules::counted(s.merlin_row_count() as u64, "tile", "tiles")
        ),
        Hover::Supply => format!(
            "The Grail supply: {} face down, in {} parts. At the end each set of different parts scores {}.",
            crate::rules::counted(s.grail_supply_count() as u64, "tile", "tiles"),
            deck.grail_parts.len(),
            deck.grail_set_points
                .iter()
                .skip(1)
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" / ")
        ),
        Hover::Hinterland(slot) => {
            let c = s.colours.get(slot as usize);
            format!(
                "{}'s hinterland: {}, in the open. An empty fist brings up to {} back behind the screen; at the end every {} left there draw a Grail tile.",
                c.map_or("?".to_string(), |c| colour_title(c.colour)),
                crate::rules::counted(c.map_or(0, |c| c.hinterland) as u64, "knight", "knights"),
                deck.recall_max,
                deck.hinterland_knights_per_grail
            )
        }
        Hover::Click(CastleClick::Field(board, i)) => field_words(s, board, i),
        Hover::Click(CastleClick::Number(n)) => {
            let on = s.on_space(n);
            let cap = s.content.0.throne.capacity;
            let mut t = format!("Number space {n}: predict that all fists together hold {n} knights.");
            if on >= cap && matches!(s.phase, Phase::Predict { .. }) {
                t.push_str(&format!("\nFull: {on} magicians already stand here."));
            }
            t
        }
        Hover::Click(CastleClick::Mission(card)) => {
            let needs = s.content.0.deck.missions.get(card as usize).map_or(0, |m| m.needs());
            let mut t = format!(
                "The mission {}: needs {} sent",
                s.mission_name(card),
                crate::rules::counted(needs as u64, "knight", "knights")
            );
            // Why the seat at the screen may not take (or discard) it now, in the rules' words.
            if acting_seat(m, handoff).is_some()
                && let Some((_, why)) = s.mission_refusal(card)
            {
                t.push_str(&format!("\n{}", crate::app::table::not_now(&why)));
            }
            t
        }
    };
    // Within the castle's part of the window: never over the decision along the bottom, the
    // colours' screens or a window open over the board.
    let board = free.0.unwrap_or_else(|| ctx.viewport_rect());
    crate::app::table::board_tip(ctx, "future-tip", board, pointer, text, 320.0);
    Ok(())
}

/// A place on the turn-order track in words.
fn track_words(s: &Future, pos: usize) -> String {
    let who = s
        .track
        .get(pos)
        .and_then(|&slot| s.colours.get(slot as usize))
        .map(|c| format!("{} acts {}", colour_title(c.colour), crate::rules::ordinal(pos + 1)))
        .unwrap_or_else(|| "empty".into());
    format!(
        "Turn-order track, place {}: {who}. After the fists open the track is filled from the top: exact predictions, then those below the total (highest first), then those above (lowest first); on a shared space the first placed goes first.{}",
        pos + 1,
        if pos == 0 {
            " The top takes the Merlin tile."
        } else {
            ""
        }
    )
}

/// What a room's rule pays, from its file: line bonuses, majority ranks, penalties.
fn rule_numbers(s: &Future, rule: &RoomRule) -> Option<String> {
    let list = |v: &[i32]| v.iter().map(|p| format!("{p:+}")).collect::<Vec<_>>().join(" / ");
    Some(match rule {
        RoomRule::LowestOpenRow {
            line_length,
            bonuses_per_turn,
            line_bonuses,
        } => format!(
            "A new line of {line_length} of your knights gives a bonus ({} a turn at most): {}",
            bonuses_per_turn,
            line_bonuses
                .iter()
                .map(|e| s.effect_text(*e))
                .collect::<Vec<_>>()
                .join(", or ")
        ),
        RoomRule::Tournament { tiles, tile_points } => {
            format!("A knight in every preliminary takes a tournament tile ({tile_points:+}; {tiles} in all)")
        }
        RoomRule::FreeChoice { ranks, absent_penalty } => format!(
            "Majority at the end, by rank: {}; no knight here: {absent_penalty:+}",
            list(ranks)
        ),
        RoomRule::Treason { win, lose, .. } => format!(
            "At the end the leading side's colours score {} by rank, the other side's {}",
            list(win),
            list(lose)
        ),
        RoomRule::Sequential { queen_hearts, .. } => {
            format!("With {queen_hearts} hearts a colour may take the queen's field instead")
        }
        RoomRule::Groups { groups } => format!(
            "A group filled costs each colour without a knight in it: {}",
            groups
                .iter()
                .map(|g| format!(
                    "group {} {:+}{}",
                    g.group,
                    g.penalty,
                    if g.recall_red { " and a red-room knight" } else { "" }
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        RoomRule::TopmostFree { absent_penalty } => {
            format!("At the end a colour with no knight here scores {absent_penalty:+}")
        }
        RoomRule::PathFromLast | RoomRule::PathFromAny => return None,
    })
}

/// A field in words.
fn field_words(s: &Future, board: Board, i: u8) -> String {
    let Some(room) = s.room(board) else {
        return String::new();
    };
    let Some(f) = room.fields().get(i as usize) else {
        return String::new();
    };
    let mut lines = vec![s.field_name(board, i)];
    let mut gives = Vec::new();
    if f.points != 0 {
        gives.push(s.effect_text(crate::rules::future::Effect::Points(f.points)));
    }
    for e in &f.effects {
        gives.push(s.effect_text(*e));
    }
    if f.hearts > 0 {
        gives.push(format!("{} heart{}", f.hearts, if f.hearts == 1 { "" } else { "s" }));
    }
    if !gives.is_empty() {
        lines.push(format!("Gives {}", gives.join(", ")));
    }
    match (&room.file.rule, f.stage) {
        (RoomRule::Tournament { .. }, Stage::Final) => {
            lines.push(format!("A final: needs your knight in preliminary {}", f.group))
        }
        (RoomRule::Tournament { .. }, Stage::Winner) => {
            lines.push("The winner's field: needs your knight on a final".into())
        }
        (RoomRule::Tournament { .. }, Stage::Normal) => lines.push(format!("Preliminary {}", f.group)),
        (RoomRule::Groups { .. }, _) => lines.push(format!("Intrigue group {}", f.group)),
        _ => {}
    }
    if f.start {
        lines.push("A start field".into());
    }
    if room.queen == Some(i) {
        lines.push("The queen's field".into());
    }
    lines.push(format!("Room rule: {}", Future::rule_words(room)));
    if let Some(numbers) = rule_numbers(s, &room.file.rule) {
        lines.push(numbers);
    }
    let occupant = s.fields[board.index()].get(i as usize).copied().unwrap_or(Piece::Empty);
    lines.push(match occupant {
        Piece::Empty => "Free".into(),
        Piece::Knight(slot) => format!(
            "A {} knight stands here",
            s.colours.get(slot as usize).map_or("?", |c| c.name())
        ),
        Piece::Magician(slot) => format!(
            "The {} magician stands here",
            s.colours.get(slot as usize).map_or("?", |c| c.name())
        ),
        Piece::Neutral => "A neutral knight holds this field".into(),
    });
    lines.join("\n")
}
