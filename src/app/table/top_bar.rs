//! The top bar: seat chips, whose turn, the title and the buttons, fitted to the room there is.

use crate::app::bots::BotThinking;
use crate::app::bridge::{ActionRequest, CloseMatch, Request};
use crate::app::handoff::TableScreen;
use crate::app::shared::{TOP_BAR, TableUi};
use crate::app::style::{GOLD, seat_colour, text_on};
use crate::app::table::room::FreeRect;
use crate::rules::Pending;
use bevy::prelude::*;
use bevy_egui::egui;

/// The name of a seat in its colour, as a chip.
/// The seat's shield comes first when it plays under an emblem (a faction), so seats differ by
/// more than colour.
pub fn seat_chip(ui: &mut egui::Ui, name: &str, rgb: [u8; 3], current: bool, emblem: Option<&str>) {
    seat_chip_labelled(ui, name, rgb, current, emblem);
}

/// A seat chip showing `label` (the name, or its short form on a crowded bar).
fn seat_chip_labelled(
    ui: &mut egui::Ui,
    label: &str,
    rgb: [u8; 3],
    current: bool,
    emblem: Option<&str>,
) -> egui::Response {
    let mut response = None;
    if let Some(symbol) = emblem {
        response = Some(crate::app::style::shield(
            ui,
            crate::app::style::heraldry(symbol),
            seat_colour(rgb),
            CHIP_SHIELD,
        ));
    }
    let stroke = if current {
        egui::Stroke::new(2.5, GOLD)
    } else {
        egui::Stroke::NONE
    };
    // The name whole, in the room the row leaves: a smaller size for a long name, and on two
    // lines when even that is too wide (a name is at most `rules::NAME_LIMIT` letters).
    let font = egui::TextStyle::Body.resolve(ui.style());
    let room = (ui.available_width() - 2.0 * CHIP_MARGIN).max(60.0);
    let mut galley = ui.fonts_mut(|f| f.layout_no_wrap(label.to_owned(), font.clone(), text_on(rgb)));
    if galley.size().x > room {
        let size = (font.size * room / galley.size().x).max(font.size * 0.75);
        let small = egui::FontId::new(size, font.family.clone());
        galley = ui.fonts_mut(|f| f.layout(label.to_owned(), small, text_on(rgb), room));
    }
    let size = galley.size() + egui::vec2(2.0 * CHIP_MARGIN, 8.0);
    let (rect, chip) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter();
    painter.rect(rect, 12, seat_colour(rgb), stroke, egui::StrokeKind::Inside);
    painter.galley(rect.center() - galley.size() / 2.0, galley, text_on(rgb));
    match response {
        Some(shield) => shield.union(chip),
        None => chip,
    }
}

/// What the top bar says about the game: whose move, and how it is coming.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Waiting,
    Thinking,
    ToPlay,
    Over,
}

const CHIP_SHIELD: f32 = 30.0;
const CHIP_MARGIN: f32 = 10.0;

/// The width `text` takes in `font`, unwrapped.
fn text_width(ui: &egui::Ui, text: &str, font: &egui::FontId) -> f32 {
    ui.fonts_mut(|f| {
        f.layout_no_wrap(text.to_owned(), font.clone(), egui::Color32::WHITE)
            .size()
            .x
    })
}

/// The short form of a seat's name for a crowded top bar: its first three letters.
pub(super) fn short_name(name: &str) -> &str {
    name.char_indices().nth(3).map_or(name, |(i, _)| &name[..i])
}

/// A seat chip's words: the name (or its short form on a crowded bar), and "away" for an online
/// seat whose player has gone.
fn chip_label(name: &str, short: bool, away: bool) -> String {
    let name = if short { short_name(name) } else { name };
    if away {
        format!("{name} · away")
    } else {
        name.to_string()
    }
}

/// What the top bar can show in the room it has, most first: the game's title, the seats' full
/// names, the status line. Whatever does not fit goes, in that order, so nothing overlaps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct BarFit {
    pub(super) title: bool,
    pub(super) full_names: bool,
    pub(super) status: bool,
    /// The seats' shields beside their chips (the last to go: short names still tell the seats
    /// apart, in a very narrow bar or at a large interface scale).
    pub(super) shields: bool,
}

impl BarFit {
    pub(super) fn choose(room: f32, title: f32, full_chips: f32, short_chips: f32, status: f32, gap: f32) -> Self {
        if title + gap + full_chips + gap + status <= room {
            return Self {
                title: true,
                full_names: true,
                status: true,
                shields: true,
            };
        }
        if full_chips + gap + status <= room {
            return Self {
                title: false,
                full_names: true,
                status: true,
                shields: true,
            };
        }
        Self {
            title: false,
            full_names: false,
            status: short_chips + gap + status <= room,
            shields: short_chips <= room,
        }
    }
}

pub(super) fn top_bar(
    mut screen: TableScreen,
    thinking: Res<BotThinking>,
    mut table: ResMut<TableUi>,
    mut requests: MessageWriter<ActionRequest>,
    mut close: MessageWriter<CloseMatch>,
    mut free: ResMut<FreeRect>,
    mut settings: ResMut<crate::app::settings::SettingsWindow>,
    (hints, mut ask_hint): (
        Res<crate::app::hint::HintState>,
        MessageWriter<crate::app::hint::AskHint>,
    ),
    mut remote: Option<ResMut<crate::app::remote::Remote>>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let Some(m) = res.current.as_ref() else {
        return Ok(());
    };
    let config = m.config();
    let pending = m.pending();
    let typing = ctx.egui_wants_keyboard_input();
    // Online: the seats no player has taken yet (the table waits for them), and those the
    // host's bots play (their own, or standing in for a player gone).
    let holder_is = |f: fn(&crate::online::protocol::SeatHolder) -> bool| -> Vec<usize> {
        remote.as_ref().map_or_else(Vec::new, |r| {
            (0..r.seats.len()).filter(|&s| f(&r.seats[s].holder)).collect()
        })
    };
    use crate::online::protocol::SeatHolder;
    let open_seats = holder_is(|h| *h == SeatHolder::Open);
    // A seat whose player has gone says so on its chip (the panel says when a bot comes).
    let away_seats = holder_is(|h| matches!(h, SeatHolder::Away { .. }));
    let away_words: Vec<String> = remote.as_ref().map_or_else(Vec::new, |r| {
        let now = std::time::Instant::now();
        (0..r.seats.len()).map(|s| r.holder_words(s, now)).collect()
    });
    let host_bots = holder_is(|h| matches!(h, SeatHolder::Bot(_) | SeatHolder::Away { standing_in: true, .. }));
    let mut root = free.ui(ctx, "table-top");
    egui::Panel::top("top-bar").exact_size(TOP_BAR).show(&mut root, |ui| {
        let height = ui.available_height();
        egui::Sides::new().shrink_left().height(height).show(
            ui,
            |ui| {
                let (status, kind) = match &pending {
                    Pending::Decide { seat, .. } => {
                        let name = config.seat_name(*seat);
                        if open_seats.contains(seat) {
                            (
                                format!("Waiting for a player to take seat {}", seat + 1),
                                Status::Waiting,
                            )
                        } else if thinking.seat == Some(*seat) || host_bots.contains(seat) {
                            (format!("{name} is thinking…"), Status::Thinking)
                        } else if handoff.covering.is_some() {
                            (format!("Waiting for {name}"), Status::Waiting)
                        } else {
                            (format!("{name} to play"), Status::ToPlay)
                        }
                    }
                    Pending::Finished(_) => ("Game over".to_owned(), Status::Over),
                };
                let title = m.game().title();
                let heading = egui::FontId::new(20.0, egui::FontFamily::Name("heading".into()));
                let body = egui::TextStyle::Body.resolve(ui.style());
                let gap = ui.spacing().item_spacing.x;
                let emblems: Vec<Option<String>> = (0..config.seats.len()).map(|i| m.seat_emblem(i)).collect();
                let chips = |short: bool| -> f32 {
                    config
                        .seats
                        .iter()
                        .zip(&emblems)
                        .enumerate()
                        .map(|(i, (seat, emblem))| {
                            let label = chip_label(&seat.name, short, away_seats.contains(&i));
                            let shield = if emblem.is_some() {
                                CHIP_SHIELD * 0.86 + gap
                            } else {
                                0.0
                            };
                            shield + text_width(ui, &label, &body) + 2.0 * CHIP_MARGIN + gap
                        })
                        .sum()
                };
                let spinner = if kind == Status::Thinking {
                    height * 0.5 + gap
                } else {
                    0.0
                };
                let fit = BarFit::choose(
                    ui.available_width(),
                    text_width(ui, title, &heading) + gap,
                    chips(false),
                    chips(true),
                    text_width(ui, &status, &body) + spinner,
                    4.0 * gap,
                );
                if fit.title {
                    ui.label(egui::RichText::new(title).font(heading).color(GOLD));
                    ui.separator();
                }
                for (i, (seat, emblem)) in config.seats.iter().zip(&emblems).enumerate() {
                    let away = away_seats.contains(&i);
                    let label = chip_label(&seat.name, !fit.full_names, away);
                    let chip = seat_chip_labelled(
                        ui,
                        &label,
                        m.seat_colour(i),
                        pending.seat() == Some(i),
                        emblem.as_deref().filter(|_| fit.shields),
                    );
                    if away {
                        chip.on_hover_text(format!("{}: {}", seat.name, away_words[i]));
                    } else if !fit.full_names {
                        chip.on_hover_text(&seat.name);
                    }
                }
                ui.separator();
                if kind == Status::Thinking {
                    ui.spinner();
                }
                if fit.status {
                    let text = egui::RichText::new(status);
                    ui.label(match kind {
                        Status::Thinking => text.italics(),
                        Status::ToPlay => text.strong(),
                        Status::Over => text.strong().color(GOLD),
                        Status::Waiting => text,
                    });
                }
            },
            |ui| {
                if ui
                    .button("Menu")
                    .on_hover_text("Back to the menu; the game is kept and can be continued")
                    .clicked()
                {
                    close.write(CloseMatch);
                }
                if let Some(remote) = remote.as_deref_mut() {
                    super::online_panel::online_button(ui, remote);
                }
                if ui
                    .button("Settings")
                    .on_hover_text("Animations, volume, interface scale, colours, fullscreen (F2)")
                    .clicked()
                {
                    settings.open = !settings.open;
                }
                if ui.selectable_label(table.show_rules, "Rules (F1)").clicked() {
                    table.show_rules = !table.show_rules;
                }
                if ui.selectable_label(table.show_log, "Log (L)").clicked() {
                    table.show_log = !table.show_log;
                }
                let sound = if table.muted { "Sound off" } else { "Sound on" };
                if ui.selectable_label(!table.muted, sound).clicked() {
                    table.muted = !table.muted;
                }
                let hint_seat = crate::app::hint::hint_seat(m.as_ref(), handoff);
                let can_hint = hint_seat.is_some() && !hints.busy() && hints.shown.is_none();
                if hint_seat.is_some() {
                    let hint = ui
                        .add_enabled(can_hint, egui::Button::new("Hint (H)"))
                        .on_hover_text("What would the hard bot play here, and why? It sees only what you see");
                    if hint.clicked() || (!typing && can_hint && ui.input(|i| i.key_pressed(egui::Key::H))) {
                        ask_hint.write(crate::app::hint::AskHint);
                    }
                }
                let undo_seat = pending.seat().and_then(|s| handoff.deciding_here(config, s));
                let can_undo = undo_seat.is_some_and(|s| m.can_undo(s));
                let undo = ui
                    .add_enabled(can_undo, egui::Button::new("Undo"))
                    .on_hover_text("Take back your last action (not past a die roll or a card drawn)")
                    .on_disabled_hover_text("Nothing to take back: undo stops at dice, draws and other players' moves");
                if let Some(seat) = undo_seat
                    && (undo.clicked()
                        || (!typing && can_undo && ui.input(|i| i.modifiers.command && i.key_pressed(egui::Key::Z))))
                {
                    requests.write(ActionRequest {
                        seat,
                        request: Request::Undo,
                    });
                }
            },
        );
    });
    free.take_rest(&root);
    if let Some(remote) = remote.as_deref_mut() {
        let names: Vec<String> = config.seats.iter().map(|s| s.name.clone()).collect();
        super::online_panel::online_panel(ctx, remote, &names, pending.seat());
    }
    if !typing {
        ctx.input(|i| {
            if i.key_pressed(egui::Key::L) {
                table.show_log = !table.show_log;
            }
            if i.key_pressed(egui::Key::F1) {
                table.show_rules = !table.show_rules;
            }
        });
    }
    Ok(())
}
