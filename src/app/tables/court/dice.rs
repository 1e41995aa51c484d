//! The table's moments: dice for challenges and banishments, the tally of a Score, and the
//! sounds of rule events.

use crate::app::audio::Sfx;
use crate::app::bots::Animating;
use crate::app::bridge::{MatchRes, Told};
use crate::app::handoff::Handoff;
use crate::app::style::{GOLD, GOOD, INK, MUTED, PARCHMENT, WARN, book, icon, seat_colour, size, window_frame};
use crate::app::table::LogHold;
use crate::app::tables::court::ui::arms_of;
use crate::app::tables::court::ui::court_match;
use crate::rules::Game;
use crate::rules::court::{Court, Event, KnightId};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::collections::VecDeque;

pub(super) const DICE_ROLL_SECS: f32 = 0.8;
pub(super) const DICE_SHOW_SECS: f32 = 1.8;
/// A Score's tally stays up longer than dice: there is a line to read for every seat.
const SCORE_SHOW_SECS: f32 = 2.8;

/// One die roll to show.
#[derive(Clone, Debug)]
pub(super) struct DiceRoll {
    pub(super) title: String,
    /// (label, power, roll) for each die.
    pub(super) dice: Vec<(String, i64, u8)>,
    /// The arms of each die's knight (a challenge's two face off under their shields).
    pub(super) arms: Vec<Option<(crate::app::style::Heraldry, [u8; 3])>>,
    pub(super) verdict: String,
    pub(super) good: bool,
}

/// One seat's line in a Score's tally.
#[derive(Clone, Debug)]
pub(super) struct ScoreLine {
    name: String,
    rgb: [u8; 3],
    emblem: Option<String>,
    points: i64,
    total: i64,
    /// The knights that scored, by name, with their points.
    knights: Vec<(String, i64)>,
}

/// A Score card's moment: every seat's gain in scoring order, and a winner if one is crowned.
#[derive(Clone, Debug, Default)]
pub(super) struct ScoreTally {
    lines: Vec<ScoreLine>,
    winner: Option<String>,
    target: i64,
}

/// Something the table stops to show: it rolls (or counts up), then stays up to be read.
#[derive(Clone, Debug)]
pub(super) enum Moment {
    Dice(DiceRoll),
    Score(ScoreTally),
}

impl Moment {
    fn show_secs(&self) -> f32 {
        match self {
            Moment::Dice(_) => DICE_SHOW_SECS,
            Moment::Score(_) => SCORE_SHOW_SECS,
        }
    }
}

#[derive(Resource, Default)]
pub(super) struct DiceShow {
    pub(super) queue: VecDeque<Moment>,
    pub(super) current: Option<(Moment, f32)>,
}

impl DiceShow {
    /// Dice on screen or waiting to be.
    pub(super) fn busy(&self) -> bool {
        self.current.is_some() || !self.queue.is_empty()
    }

    /// A result not shown yet: dice still rolling, or waiting to roll.
    pub(super) fn hiding_a_result(&self) -> bool {
        !self.queue.is_empty() || self.current.as_ref().is_some_and(|(_, t)| *t < DICE_ROLL_SECS)
    }
}

/// Turns rule events into dice to show and sounds to play.
pub(super) fn read_events(
    res: Res<MatchRes>,
    mut events: MessageReader<Told<Court>>,
    mut dice: ResMut<DiceShow>,
    mut sfx: MessageWriter<Sfx>,
) {
    let Some(m) = court_match(&res) else {
        events.clear();
        return;
    };
    let content = m.state.content();
    let name = |k: KnightId| content.knight_name(k).to_string();
    // A Score's lines arrive one event a seat; they make one moment.
    let mut tally: Option<ScoreTally> = None;
    for ev in events.read() {
        let event = &ev.event;
        match event {
            Event::Challenge {
                challenger: c,
                defender: d,
                won,
            } => {
                sfx.write(Sfx::Dice);
                dice.queue.push_back(Moment::Dice(DiceRoll {
                    title: format!("Challenge: {} against {}", name(c.knight), name(d.knight)),
                    dice: vec![(name(c.knight), c.power, c.roll), (name(d.knight), d.power, d.roll)],
                    arms: vec![arms_of(content, c.knight), arms_of(content, d.knight)],
                    verdict: if *won {
                        format!("{} wins and takes the space", name(c.knight))
                    } else if c.total() == d.total() {
                        "A tie: the challenge fails".into()
                    } else {
                        "The challenge fails".into()
                    },
                    good: *won,
                }));
            }
            Event::BanishRoll {
                knight,
                roll,
                power,
                success,
            } => {
                sfx.write(Sfx::Dice);
                dice.queue.push_back(Moment::Dice(DiceRoll {
                    title: crate::rules::court::banish_title(&name(*knight), *power),
                    dice: vec![("Banish".into(), 0, *roll)],
                    arms: vec![arms_of(content, *knight)],
                    verdict: crate::rules::court::banish_verdict(&name(*knight), *success),
                    good: *success,
                }));
            }
            Event::Scored {
                seat,
                points,
                total,
                knights,
            } => {
                if tally.is_none() {
                    sfx.write(Sfx::Score);
                }
                let Some(cfg) = m.config.seats.get(*seat) else {
                    continue;
                };
                let t = tally.get_or_insert_with(|| ScoreTally {
                    target: m.state.target(),
                    ..default()
                });
                t.lines.push(ScoreLine {
                    name: cfg.name.clone(),
                    rgb: cfg.colour,
                    emblem: m.state.seat_emblem(*seat).map(str::to_owned),
                    points: *points,
                    total: *total,
                    knights: knights.iter().map(|(k, p)| (name(*k), *p)).collect(),
                });
            }
            Event::Won { seat, .. } => {
                sfx.write(Sfx::Fanfare);
                if let Some(t) = tally.as_mut() {
                    t.winner = Some(m.config.seat_name(*seat).to_string());
                }
            }
            _ => {}
        }
    }
    if let Some(t) = tally {
        dice.queue.push_back(Moment::Score(t));
    }
}

pub(super) fn tick_dice(
    time: Res<Time>,
    mut dice: ResMut<DiceShow>,
    mut hold: ResMut<LogHold>,
    mut animating: ResMut<Animating>,
    settings: Option<Res<crate::app::shared::Settings>>,
) {
    // Dice roll at the animation speed (at once when animations are off); the result stays up
    // long enough to read.
    let roll = settings.map(|s| s.animation.scale(1.0)).unwrap_or(1.0);
    if let Some((moment, t)) = dice.current.as_mut() {
        *t += if *t < DICE_ROLL_SECS && roll < 1e-3 {
            DICE_ROLL_SECS
        } else if *t < DICE_ROLL_SECS {
            time.delta_secs() / roll
        } else {
            time.delta_secs()
        };
        if *t >= DICE_ROLL_SECS + moment.show_secs() {
            dice.current = None;
        }
    }
    if dice.current.is_none()
        && let Some(next) = dice.queue.pop_front()
    {
        dice.current = Some((next, 0.0));
    }
    hold.hold = dice.hiding_a_result();
    if dice.busy() {
        animating.0 = animating.0.max(0.1);
    }
}

/// Dice rolling, then both totals and the verdict.
pub(super) fn dice_window(
    mut contexts: EguiContexts,
    dice: Res<DiceShow>,
    handoff: Res<Handoff>,
    time: Res<Time>,
) -> Result {
    let Some((moment, t)) = &dice.current else {
        return Ok(());
    };
    if handoff.covering.is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let rolling = *t < DICE_ROLL_SECS;
    egui::Window::new("dice")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, -60.0))
        .frame(window_frame(ctx))
        .show(ctx, |ui| match moment {
            Moment::Score(tally) => score_tally(ui, tally, (*t / DICE_ROLL_SECS).min(1.0)),
            Moment::Dice(roll) => ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(&roll.title)
                        .family(egui::FontFamily::Name("heading".into()))
                        .size(size::HEADING)
                        .color(GOLD),
                );
                ui.add_space(6.0);
                ui.horizontal(|ui| {
                    for (i, (label, power, value)) in roll.dice.iter().enumerate() {
                        let face = if rolling {
                            ((time.elapsed_secs() * 17.0) as u32 + i as u32 * 3) % 6 + 1
                        } else {
                            *value as u32
                        };
                        ui.vertical(|ui| {
                            if let Some(Some((arms, rgb))) = roll.arms.get(i) {
                                crate::app::style::shield(ui, *arms, seat_colour(*rgb), 44.0);
                            }
                            ui.label(egui::RichText::new(label).family(book()).size(size::SUBHEADING));
                            die(ui, face as u8);
                            if roll.dice.len() > 1 {
                                let total = if rolling {
                                    "…".to_string()
                                } else {
                                    format!("{power} + {value} = {}", power + *value as i64)
                                };
                                ui.label(egui::RichText::new(total).size(18.0));
                            }
                        });
                        ui.add_space(24.0);
                    }
                });
                if !rolling {
                    ui.label(
                        egui::RichText::new(&roll.verdict)
                            .size(19.0)
                            .strong()
                            .color(if roll.good { GOOD } else { WARN }),
                    );
                }
            }),
        });
    Ok(())
}

/// A Score's tally: each seat in scoring order, its gain counting up, its knights beneath; the
/// winner crowned once the count is done.
fn score_tally(ui: &mut egui::Ui, tally: &ScoreTally, counted: f32) -> egui::InnerResponse<()> {
    ui.vertical_centered(|ui| {
        ui.label(crate::app::style::icon_text(icon::TROPHY, 34.0).color(GOLD));
        ui.label(
            egui::RichText::new("Score")
                .family(book())
                .size(size::HEADING)
                .color(GOLD),
        );
        ui.label(egui::RichText::new("Every knight in the hall scores for his lady or lord").italics());
        ui.add_space(6.0);
        egui::Grid::new("score-tally")
            .num_columns(4)
            .spacing(egui::vec2(14.0, 6.0))
            .show(ui, |ui| {
                for line in &tally.lines {
                    ui.horizontal(|ui| {
                        crate::app::table::seat_chip(ui, &line.name, line.rgb, false, line.emblem.as_deref());
                    });
                    let shown = (line.points as f32 * counted).round() as i64;
                    ui.label(
                        egui::RichText::new(format!("+{shown}"))
                            .size(size::SUBHEADING)
                            .strong()
                            .color(if line.points > 0 { GOOD } else { MUTED }),
                    );
                    let total = line.total - line.points + shown;
                    ui.label(egui::RichText::new(format!("{total} / {}", tally.target)).size(size::SUBHEADING));
                    let knights: Vec<String> = line.knights.iter().map(|(k, p)| format!("{k} {p}")).collect();
                    ui.label(
                        egui::RichText::new(if knights.is_empty() {
                            "no knight in the hall".to_string()
                        } else {
                            knights.join(" · ")
                        })
                        .small()
                        .color(MUTED),
                    );
                    ui.end_row();
                }
            });
        if counted >= 1.0
            && let Some(winner) = &tally.winner
        {
            ui.add_space(6.0);
            ui.label(
                egui::RichText::new(format!("{} {winner} reaches {} and wins!", icon::CROWN, tally.target))
                    .size(size::SUBHEADING)
                    .strong()
                    .color(GOLD),
            );
        }
    })
}

/// A die face with pips.
pub(super) fn die(ui: &mut egui::Ui, value: u8) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(64.0, 64.0), egui::Sense::hover());
    let p = ui.painter();
    p.rect_filled(rect, 10.0, PARCHMENT);
    p.rect_stroke(rect, 10.0, egui::Stroke::new(2.0, INK), egui::StrokeKind::Inside);
    let c = rect.center();
    let o = 17.0;
    let pips: &[(f32, f32)] = match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    for (x, y) in pips {
        p.circle_filled(c + egui::vec2(x * o, y * o), 6.0, INK);
    }
}
