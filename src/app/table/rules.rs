//! The rules reference: the searchable rules window and its parser of the rulebooks into parts,
//! the links to a part from a decision or a refusal, and the refusals collected.

use crate::app::bridge::{MatchRes, Refused};
use crate::app::handoff::TableScreen;
use crate::app::shared::{BoardScreen, LibraryRes, TableUi};
use crate::app::style::{GOLD, PARCHMENT, size};
pub use crate::content::rulebook::{RuleSection, sections as rulebook_sections};
use crate::rules::GameId;
use crate::rules::RulePart;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Under the decision, at the right: the rulebook's part the decision comes from, a click away.
/// Only for the person to act at the screen (the prompt is that seat's business).
/// The width the rulebook's link under a decision takes at the decision panel's bottom right:
/// a panel's last line leaves it free.
pub const RULE_LINK_ROOM: f32 = 300.0;

pub(super) fn prompt_rule_link(
    mut screen: TableScreen,
    library: Res<LibraryRes>,
    board: Res<BoardScreen>,
    mut table: ResMut<TableUi>,
    mut last: Local<(Option<RulePart>, Option<String>)>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let (Some(m), Some(board)) = (res.current.as_ref(), board.0) else {
        return Ok(());
    };
    let Some(seat) = m.pending().seat() else {
        return Ok(());
    };
    if handoff.private_viewer() != Some(seat) || !m.config().seats.get(seat).is_some_and(|s| s.kind.is_human()) {
        return Ok(());
    }
    // The part the decision comes from, by its id (`Game::rule_of_decision`).
    let part = m.rule_of_decision();
    if last.0 != part {
        *last = (part, part.and_then(|p| part_title(&library.0, m.game(), p)));
    }
    let Some(section) = last.1.clone() else {
        return Ok(());
    };
    let screen = ctx.viewport_rect();
    let mut open = false;
    egui::Area::new("prompt-rule".into())
        .pivot(egui::Align2::RIGHT_BOTTOM)
        .fixed_pos(egui::pos2(board.right() - 8.0, screen.bottom() - 4.0))
        .show(ctx, |ui| {
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            open = rule_link(ui, &section, true);
        });
    if open {
        table.open_rules_at(section);
    }
    Ok(())
}

pub(super) fn collect_refusals(
    mut refused: MessageReader<Refused>,
    mut ui: ResMut<TableUi>,
    time: Res<Time>,
    mut redraw: ResMut<crate::app::redraw::Redraw>,
    res: Res<MatchRes>,
    library: Res<LibraryRes>,
) {
    for r in refused.read() {
        // The rulebook's part the refused move comes under, for a link that opens it there.
        let section = res
            .current
            .as_ref()
            .zip(r.part)
            .and_then(|(m, part)| part_title(&library.0, m.game(), part));
        let secs = if section.is_some() { 7.0 } else { 4.0 };
        ui.toasts.push((r.reason.clone(), secs, section));
    }
    let dt = time.delta_secs();
    ui.toasts.retain_mut(|(_, t, _)| {
        *t -= dt;
        *t > 0.0
    });
    if !ui.toasts.is_empty() {
        // A message is fading out.
        redraw.more();
    }
}

pub(super) fn rules_window(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    library: Res<LibraryRes>,
    mut table: ResMut<TableUi>,
) -> Result {
    if !table.show_rules {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let Some(game) = res.current.as_ref().map(|m| m.game()) else {
        return Ok(());
    };
    let text = library
        .0
        .set
        .rulebook(game.key())
        .unwrap_or("The rulebook text is missing from this build.");
    let sections = rulebook_sections(text);
    let mut open = true;
    let TableUi {
        rules_query,
        rules_jump,
        ..
    } = &mut *table;
    crate::app::style::players_window(egui::Window::new(format!("Rules — {}", game.title())))
        .open(&mut open)
        .default_size(egui::vec2(760.0, 560.0))
        .default_pos(egui::pos2(200.0, 90.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Search");
                ui.add(
                    egui::TextEdit::singleline(rules_query)
                        .hint_text(search_hint(&sections))
                        .desired_width(260.0),
                );
                if !rules_query.is_empty() && ui.small_button("Clear").clicked() {
                    rules_query.clear();
                }
            });
            let query = rules_query.trim().to_lowercase();
            let matches = |p: &str| query.is_empty() || p.to_lowercase().contains(&query);
            let found: usize = sections
                .iter()
                .map(|s| s.paragraphs.iter().filter(|p| matches(p)).count())
                .sum();
            ui.label(
                egui::RichText::new(if query.is_empty() {
                    "The whole rulebook: click a part of the contents to go there".to_string()
                } else {
                    format!(
                        "{} \"{query}\"",
                        crate::rules::counted(found as u64, "paragraph mentions", "paragraphs mention")
                    )
                })
                .small(),
            );
            ui.separator();
            ui.horizontal_top(|ui| {
                // The contents, each entry a link to its part.
                egui::ScrollArea::vertical()
                    .id_salt("rules-contents")
                    .max_width(190.0)
                    .auto_shrink([true, false])
                    .show(ui, |ui| {
                        ui.set_width(180.0);
                        ui.vertical(|ui| {
                            ui.label(egui::RichText::new("Contents").strong().color(GOLD));
                            for section in sections.iter().filter(|s| !s.title.is_empty()) {
                                let hits = section.paragraphs.iter().filter(|p| matches(p)).count();
                                let label = if query.is_empty() || hits == 0 {
                                    egui::RichText::new(&section.title)
                                } else {
                                    egui::RichText::new(format!("{} ({hits})", section.title)).color(GOLD)
                                };
                                if ui.link(label).clicked() {
                                    *rules_jump = Some(section.title.clone());
                                    rules_query.clear();
                                }
                            }
                        });
                    });
                ui.separator();
                egui::ScrollArea::vertical()
                    .id_salt("rules-text")
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        ui.vertical(|ui| {
                            ui.set_max_width(ui.available_width());
                            for section in &sections {
                                let shown: Vec<&String> = section.paragraphs.iter().filter(|p| matches(p)).collect();
                                if shown.is_empty() && !query.is_empty() {
                                    continue;
                                }
                                if !section.title.is_empty() {
                                    let heading = ui.label(
                                        egui::RichText::new(&section.title)
                                            .size(size::SUBHEADING)
                                            .strong()
                                            .color(GOLD),
                                    );
                                    if rules_jump.as_deref() == Some(section.title.as_str()) {
                                        heading.scroll_to_me(Some(egui::Align::TOP));
                                        *rules_jump = None;
                                    }
                                }
                                for p in shown {
                                    ui.add(egui::Label::new(highlight(p, &query)).wrap());
                                    ui.add_space(4.0);
                                }
                                ui.add_space(6.0);
                            }
                        });
                    });
            });
        });
    if !open {
        table.show_rules = false;
    }
    Ok(())
}

/// The title of the part of `game`'s rulebook with this id, for its link (the Rules window
/// opens at it).
pub fn part_title(library: &crate::library::Library, game: GameId, part: RulePart) -> Option<String> {
    let text = library.set.rulebook(game.key())?;
    rulebook_sections(text)
        .into_iter()
        .find(|s| s.id.as_deref() == Some(part.0))
        .map(|s| s.title)
}

/// A link to a rulebook part ("The rulebook: …"); true when clicked.
pub fn rule_link(ui: &mut egui::Ui, section: &str, small: bool) -> bool {
    let text = egui::RichText::new(format!("The rulebook: {section}")).color(GOLD);
    let text = if small { text.small() } else { text };
    ui.link(text)
        .on_hover_text("Open the rules (F1) at this part")
        .clicked()
}

/// The search box's example words, from the open game's own rulebook: a few of its headings.
pub(super) fn search_hint(sections: &[RuleSection]) -> String {
    let titles: Vec<&str> = sections
        .iter()
        .map(|s| s.title.as_str())
        .filter(|t| !t.is_empty() && t.split_whitespace().count() <= 2)
        .skip(1)
        .take(2)
        .collect();
    if titles.is_empty() {
        "a word of the rules".into()
    } else {
        format!("e.g. {}", titles.join(", "))
    }
}

/// A paragraph with every (case-insensitive) match of `query` marked.
fn highlight(text: &str, query: &str) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::default();
    let plain = egui::TextFormat {
        font_id: egui::FontId::proportional(16.0),
        color: PARCHMENT,
        ..Default::default()
    };
    let marked = egui::TextFormat {
        background: egui::Color32::from_rgb(120, 90, 20),
        color: egui::Color32::WHITE,
        ..plain.clone()
    };
    let lower = text.to_lowercase();
    if query.is_empty() || lower.len() != text.len() {
        job.append(text, 0.0, plain);
        return job;
    }
    let mut at = 0;
    for (start, m) in lower.match_indices(query) {
        job.append(&text[at..start], 0.0, plain.clone());
        job.append(&text[start..start + m.len()], 0.0, marked.clone());
        at = start + m.len();
    }
    job.append(&text[at..], 0.0, plain);
    job
}
