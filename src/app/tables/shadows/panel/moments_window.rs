//! The moment at the front of the queue, over the table (a Siege fight's die, a combat's totals,
//! a quest's end, an accusation, the Traitor's reveal), and the summary at the end.

use crate::app::bridge::MatchRes;
use crate::app::style::{GOLD, GOOD, MUTED, PARCHMENT, WARN, size};
use crate::app::table::ResultsDetail;
use crate::app::tables::shadows::moments::{Moments, story};
use crate::app::tables::shadows::ui::shadows_match;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The most lines of the story the results show (the latest).
const STORY_ROWS: usize = 14;

/// How long the Siege die tumbles before it lands.
const DIE_ROLL_SECS: f32 = 0.9;

/// The moment at the front of the queue, over the table.
pub(in crate::app::tables::shadows) fn moments_window(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    moments: Res<Moments>,
    mut detail: ResMut<ResultsDetail>,
    pictures: Res<crate::app::icons::Pictures>,
) -> Result {
    let Some(m) = shadows_match(&res) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    if let Some(moment) = moments.queue.front() {
        let colour = match moment.good {
            Some(true) => GOOD,
            Some(false) => WARN,
            None => GOLD,
        };
        crate::app::style::fixed_window(
            ctx,
            &moment.title,
            "shadows-moment",
            egui::Align2::CENTER_TOP,
            egui::vec2(0.0, 90.0),
        )
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                // The Siege die rolls (tumbling through its faces), then lands on its number.
                if let Some(roll) = moment.die {
                    let passed = moment.secs - moment.left;
                    let rolling = passed < DIE_ROLL_SECS;
                    let face = if rolling {
                        ((passed * 14.0) as u8 + roll) % 8 + 1
                    } else {
                        roll
                    };
                    let (rect, _) = ui.allocate_exact_size(egui::vec2(72.0, 72.0), egui::Sense::hover());
                    if let Some(image) = pictures.egui(crate::app::icons::Picture::DiceEight, 72.0, PARCHMENT) {
                        let angle = if rolling { passed * 9.0 } else { 0.0 };
                        image.rotate(angle, egui::vec2(0.5, 0.5)).paint_at(ui, rect);
                    }
                    ui.painter().text(
                        rect.center() + egui::vec2(0.0, 6.0),
                        egui::Align2::CENTER_CENTER,
                        face.to_string(),
                        egui::FontId::proportional(22.0),
                        if rolling { MUTED } else { colour },
                    );
                    if rolling {
                        ctx.request_repaint();
                    }
                }
                for (i, line) in moment.lines.iter().enumerate() {
                    // The roll and what it did show once the die has landed.
                    if moment.die.is_some() && moment.secs - moment.left < DIE_ROLL_SECS && i > 0 {
                        break;
                    }
                    let text = egui::RichText::new(line);
                    ui.label(if i + 1 == moment.lines.len() {
                        text.size(size::SUBHEADING).strong().color(colour)
                    } else {
                        text.size(size::BODY)
                    });
                }
            });
        });
    }
    // The story of the game goes under the results at the end (the latest lines, when long);
    // told once (the title says it is).
    if m.state.outcome.is_some() {
        if detail.title.is_empty() {
            let (lines, _) = story(m);
            let skipped = lines.len().saturating_sub(STORY_ROWS);
            let mut rows: Vec<Vec<String>> = Vec::new();
            if skipped > 0 {
                rows.push(vec![
                    String::new(),
                    format!("… {skipped} earlier"),
                    String::new(),
                    String::new(),
                ]);
            }
            rows.extend(lines[skipped..].iter().map(|r| {
                vec![
                    r.turn.to_string(),
                    r.what.clone(),
                    format!("{} / {}", r.white, r.black),
                    r.siege.to_string(),
                ]
            }));
            *detail = ResultsDetail {
                title: "How the game went".into(),
                header: vec![
                    "Turn".into(),
                    "What happened".into(),
                    "Swords W / B".into(),
                    "Siege".into(),
                ],
                rows,
            };
        }
    } else if !detail.title.is_empty() {
        *detail = ResultsDetail::default();
    }
    Ok(())
}
