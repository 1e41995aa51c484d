//! The parts of the table every game shares: the top bar (seats, whose turn, buttons), the game
//! log, the searchable rules reference, the hand-off screen, refusals, the results, and a plain
//! list of choices for games that have no board of their own.

use super::bots::{Animating, BotThinking};
use super::bridge::{ActionRequest, CloseMatch, LogLine, MatchRes, Refused, Request, StartMatch};
use super::handoff::{Handoff, HandoffConfirmed};
use super::shared::{BoardScreen, LOG_WIDTH, LibraryRes, Places, Screen, TOP_BAR, TableUi, TableUiSet};
use super::style::{GOLD, PARCHMENT, WARN, seat_colour, size, text_on};
use crate::rules::{GameId, Pending, Seat};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// Games that draw their own board; the others get the plain list of choices.
#[derive(Resource, Default)]
pub struct BoardGames(pub Vec<GameId>);

/// A game's own breakdown of the final result (Die Zukunft's final scoring steps), shown under
/// the scores in the results; empty for games without one.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct ResultsDetail {
    pub title: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// The part of the window no panel has taken yet, in egui points; panels take from it in order
/// and the world camera draws the board into what is left.
#[derive(Resource, Default)]
pub struct FreeRect(pub Option<egui::Rect>);

impl FreeRect {
    /// A root `Ui` over the free part of the window.
    pub fn ui(&self, ctx: &egui::Context, id: &str) -> egui::Ui {
        let rect = self.0.unwrap_or_else(|| ctx.viewport_rect());
        egui::Ui::new(
            ctx.clone(),
            egui::Id::new(id),
            egui::UiBuilder::new()
                .layer_id(egui::LayerId::background())
                .max_rect(rect),
        )
    }
    /// Records what a root `Ui` left free after its panels.
    pub fn take_rest(&mut self, ui: &egui::Ui) {
        self.0 = Some(ui.available_rect_before_wrap());
    }
}

/// The height of a table's decision panel along the bottom: at least `base` (room for the prompt
/// and two rows of buttons), and never less than it has been at this window width, so the board
/// above it keeps its size while play goes on (a row of eight pledge buttons, a fist grid, a
/// wrapped prompt do not shrink it, nor does a short decision grow it). A table keeps one in a
/// `Local` and records each frame's panel with `seen`.
#[derive(Default, Debug, Clone, Copy, PartialEq)]
pub struct SteadyHeight {
    tallest: f32,
    width: f32,
}

impl SteadyHeight {
    /// The panel's minimum height this frame, for a window `width` points wide.
    pub fn min(&mut self, base: f32, width: f32) -> f32 {
        if (width - self.width).abs() > 0.5 {
            // Another width wraps the buttons otherwise: start again from the base.
            *self = SteadyHeight { tallest: 0.0, width };
        }
        self.tallest.max(base)
    }
    /// Records the height the panel took.
    pub fn seen(&mut self, height: f32) {
        self.tallest = self.tallest.max(height);
    }
}

fn reset_free_rect(mut contexts: EguiContexts, mut free: ResMut<FreeRect>) -> Result {
    free.0 = Some(contexts.ctx_mut()?.viewport_rect());
    Ok(())
}

/// Draws the world (the board) into the free part of the window only.
fn fit_world_camera(
    mut contexts: EguiContexts,
    free: Res<FreeRect>,
    mut board: ResMut<BoardScreen>,
    mut camera: Query<&mut Camera, With<super::style::WorldCamera>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (Some(rect), Ok(mut camera), Ok(window)) = (free.0, camera.single_mut(), window.single()) else {
        return Ok(());
    };
    if board.0 != Some(rect) {
        board.0 = Some(rect);
    }
    let ppp = ctx.pixels_per_point();
    let (w, h) = (window.physical_width(), window.physical_height());
    let x = ((rect.min.x * ppp).max(0.0) as u32).min(w.saturating_sub(1));
    let y = ((rect.min.y * ppp).max(0.0) as u32).min(h.saturating_sub(1));
    let width = ((rect.width() * ppp) as u32).clamp(1, w - x);
    let height = ((rect.height() * ppp) as u32).clamp(1, h - y);
    let viewport = bevy::camera::Viewport {
        physical_position: UVec2::new(x, y),
        physical_size: UVec2::new(width, height),
        ..default()
    };
    if camera.viewport.as_ref().map(|v| (v.physical_position, v.physical_size))
        != Some((viewport.physical_position, viewport.physical_size))
    {
        camera.viewport = Some(viewport);
    }
    Ok(())
}

fn reset_world_camera(mut camera: Query<&mut Camera, With<super::style::WorldCamera>>) {
    if let Ok(mut camera) = camera.single_mut() {
        camera.viewport = None;
    }
}

pub struct TablePlugin;

impl Plugin for TablePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<TableUi>()
            .init_resource::<BoardGames>()
            .init_resource::<LogHold>()
            .init_resource::<ResultsDetail>()
            .add_systems(Update, collect_refusals)
            .init_resource::<FreeRect>()
            .init_resource::<BoardScreen>()
            .init_resource::<Places>()
            .configure_sets(
                EguiPrimaryContextPass,
                (TableUiSet::Chrome, TableUiSet::Board, TableUiSet::Overlay)
                    .chain()
                    .after(super::style::StyleSet)
                    .run_if(in_state(Screen::Table).and_then(super::style::ui_ready)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (
                    (reset_free_rect, top_bar, log_panel).chain().in_set(TableUiSet::Chrome),
                    choice_list.in_set(TableUiSet::Board),
                    (
                        rules_window,
                        toasts,
                        prompt_rule_link,
                        results,
                        handoff_screen,
                        fit_world_camera,
                    )
                        .chain()
                        .in_set(TableUiSet::Overlay),
                ),
            )
            .add_systems(OnExit(Screen::Table), reset_world_camera);
    }
}

/// Under the decision, at the right: the rulebook's part the decision comes from, a click away.
/// Only for the person to act at the screen (the prompt is that seat's business).
fn prompt_rule_link(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    library: Res<LibraryRes>,
    board: Res<BoardScreen>,
    mut table: ResMut<TableUi>,
    mut last: Local<(String, Option<String>)>,
) -> Result {
    let (Some(m), Some(board)) = (res.current.as_ref(), board.0) else {
        return Ok(());
    };
    let Pending::Decide { seat, prompt, .. } = m.pending() else {
        return Ok(());
    };
    if handoff.private_viewer() != Some(seat) || !m.config().seats.get(seat).is_some_and(|s| s.kind.is_human()) {
        return Ok(());
    }
    if last.0 != prompt {
        let section = rule_part(&library.0, m.game(), &prompt);
        *last = (prompt, section);
    }
    let Some(section) = last.1.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
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

fn collect_refusals(
    mut refused: MessageReader<Refused>,
    mut ui: ResMut<TableUi>,
    time: Res<Time>,
    mut redraw: ResMut<super::redraw::Redraw>,
    res: Res<MatchRes>,
    library: Res<LibraryRes>,
) {
    for r in refused.read() {
        // The rulebook's part the refusal comes from, for a link that opens it there.
        let section = res
            .current
            .as_ref()
            .and_then(|m| rule_part(&library.0, m.game(), &r.reason));
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

/// The keys of a decision: a digit presses the button of that number, Enter the only (or the
/// ending) one, Escape drops a choice.
pub struct Keys {
    /// The digit pressed, 0–9.
    pub digit: Option<usize>,
    pub enter: bool,
    pub escape: bool,
}

impl Keys {
    /// No key (the screen is not the deciding seat's, or a text field has the keyboard).
    pub const NONE: Keys = Keys {
        digit: None,
        enter: false,
        escape: false,
    };
}

pub fn read_keys(ctx: &egui::Context) -> Keys {
    let digit = pressed_digit(ctx);
    ctx.input(|i| Keys {
        digit,
        enter: i.key_pressed(egui::Key::Enter),
        escape: i.key_pressed(egui::Key::Escape),
    })
}

/// Whether a click or hover in the world may count now: not while the pointer is on an egui
/// window, area or tooltip (Settings, Rules, a question, a chooser) that lies over the board.
/// bevy_egui's picking capture blocks the world's pointer events too, but a frame late (a pointer
/// that jumps onto a window and clicks in one frame would get through); every table drops its
/// world clicks through this, the one gate, read when the clicks are read. Panels are drawn on
/// the background layer and the world's viewport leaves them out, so they never count here.
pub fn world_pointer_allowed(ctx: &egui::Context) -> bool {
    // egui's own `egui_wants_pointer_input` says no while a button is down, which is exactly
    // when a click lands: ask which layer lies under the pointer instead.
    let Some(at) = ctx.input(|i| i.pointer.interact_pos()) else {
        return true;
    };
    ctx.layer_id_at(at)
        .is_none_or(|layer| layer.order == egui::Order::Background)
}

/// Whether a board's tooltip may show now: never through the hand-off screen, and not before
/// the pointer has moved (a window that opens under a resting pointer, or one no one touches as
/// in a screenshot run, shows none). `moved` is the caller's memory of a first move.
pub fn tooltip_allowed(ctx: &egui::Context, handoff: &Handoff, moved: &mut bool) -> bool {
    if handoff.covering.is_some() {
        return false;
    }
    *moved |= ctx.input(|i| i.pointer.is_moving() || i.pointer.any_pressed());
    *moved && ctx.input(|i| i.pointer.has_pointer()) && world_pointer_allowed(ctx)
}

/// Where a board's tooltip of `size` goes (its top left corner): beside the pointer, inside
/// `board` — the part of the window the world is drawn in, so never over a side panel or the
/// decision panel along the bottom —, clear of the pointer (it never hides what it explains) and
/// of every rectangle in `avoid` (the windows open over the board: the fists, final scoring, the
/// results). Of the four corners around the pointer the one that moves least to fit wins;
/// `None` when no place is clear.
pub fn tip_place(board: egui::Rect, pointer: egui::Pos2, size: egui::Vec2, avoid: &[egui::Rect]) -> Option<egui::Pos2> {
    const GAP: f32 = 16.0;
    if size.x > board.width() || size.y > board.height() {
        return None;
    }
    let corners = [
        pointer + egui::vec2(GAP, GAP),
        pointer + egui::vec2(-GAP - size.x, GAP),
        pointer + egui::vec2(GAP, -GAP - size.y),
        pointer + egui::vec2(-GAP - size.x, -GAP - size.y),
    ];
    let mut best: Option<(f32, egui::Pos2)> = None;
    for corner in corners {
        let fit = egui::pos2(
            corner.x.clamp(board.min.x, board.max.x - size.x),
            corner.y.clamp(board.min.y, board.max.y - size.y),
        );
        let rect = egui::Rect::from_min_size(fit, size);
        if rect.expand(4.0).contains(pointer) || avoid.iter().any(|a| a.intersects(rect)) {
            continue;
        }
        let moved = (fit - corner).length();
        if best.is_none_or(|(m, _)| moved < m) {
            best = Some((moved, fit));
        }
    }
    best.map(|(_, at)| at)
}

/// A board's tooltip: `text` wrapped at `width`, placed by `tip_place` in `board` clear of the
/// windows open now (none shows where none is clear).
pub fn board_tip(ctx: &egui::Context, id: &str, board: egui::Rect, pointer: egui::Pos2, text: String, width: f32) {
    let id = egui::Id::new(id);
    let style = ctx.global_style();
    let frame = egui::Frame::popup(&style);
    let font = egui::TextStyle::Body.resolve(&style);
    // The first line is the title, in gold; the rest in the text's colour.
    let mut job = egui::text::LayoutJob::default();
    let (title, rest) = text.split_once('\n').unwrap_or((text.as_str(), ""));
    job.append(
        title,
        0.0,
        egui::TextFormat::simple(
            font.clone(),
            if rest.is_empty() {
                style.visuals.text_color()
            } else {
                GOLD
            },
        ),
    );
    if !rest.is_empty() {
        job.append(
            &format!("\n{rest}"),
            0.0,
            egui::TextFormat::simple(font, style.visuals.text_color()),
        );
    }
    job.wrap.max_width = width;
    let galley = ctx.fonts_mut(|f| f.layout_job(job));
    let size = galley.size() + frame.total_margin().sum();
    let windows: Vec<egui::Rect> = ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| matches!(l.order, egui::Order::Middle | egui::Order::Foreground) && l.id != id)
            .filter_map(|l| m.area_rect(l.id))
            .collect()
    });
    let Some(at) = tip_place(board, pointer, size, &windows) else {
        return;
    };
    egui::Area::new(id)
        .order(egui::Order::Tooltip)
        .fixed_pos(at)
        .interactable(false)
        .show(ctx, |ui| {
            frame.show(ui, |ui| {
                ui.label(galley);
            });
        });
}

/// Says "more below" at the foot of a scrolled panel whose content does not fit (a small window).
pub fn more_below<R>(ui: &egui::Ui, scrolled: &egui::scroll_area::ScrollAreaOutput<R>) {
    let hidden = scrolled.content_size.y - scrolled.state.offset.y - scrolled.inner_rect.height();
    if hidden > 2.0 {
        let at = scrolled.inner_rect.center_bottom() - egui::vec2(0.0, 10.0);
        ui.painter().text(
            at,
            egui::Align2::CENTER_CENTER,
            "▼ more below — scroll",
            egui::FontId::proportional(13.0),
            GOLD,
        );
    }
}

/// The digit key (0–9) pressed this frame, if any.
pub fn pressed_digit(ctx: &egui::Context) -> Option<usize> {
    use egui::Key;
    const DIGITS: [Key; 10] = [
        Key::Num0,
        Key::Num1,
        Key::Num2,
        Key::Num3,
        Key::Num4,
        Key::Num5,
        Key::Num6,
        Key::Num7,
        Key::Num8,
        Key::Num9,
    ];
    ctx.input(|i| DIGITS.iter().position(|k| i.key_pressed(*k)))
}

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
        response = Some(super::style::shield(
            ui,
            super::style::heraldry(symbol),
            seat_colour(rgb),
            CHIP_SHIELD,
        ));
    }
    let stroke = if current {
        egui::Stroke::new(2.5, GOLD)
    } else {
        egui::Stroke::NONE
    };
    let galley = ui.fonts_mut(|f| {
        f.layout_no_wrap(
            label.to_owned(),
            egui::TextStyle::Body.resolve(ui.style()),
            text_on(rgb),
        )
    });
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
fn short_name(name: &str) -> &str {
    name.char_indices().nth(3).map_or(name, |(i, _)| &name[..i])
}

/// What the top bar can show in the room it has, most first: the game's title, the seats' full
/// names, the status line. Whatever does not fit goes, in that order, so nothing overlaps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct BarFit {
    title: bool,
    full_names: bool,
    status: bool,
    /// The seats' shields beside their chips (the last to go: short names still tell the seats
    /// apart, in a very narrow bar or at a large interface scale).
    shields: bool,
}

impl BarFit {
    fn choose(room: f32, title: f32, full_chips: f32, short_chips: f32, status: f32, gap: f32) -> Self {
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

fn top_bar(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    thinking: Res<BotThinking>,
    mut table: ResMut<TableUi>,
    mut requests: MessageWriter<ActionRequest>,
    mut close: MessageWriter<CloseMatch>,
    mut free: ResMut<FreeRect>,
    mut settings: ResMut<super::settings::SettingsWindow>,
    (hints, mut ask_hint): (Res<super::hint::HintState>, MessageWriter<super::hint::AskHint>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(m) = res.current.as_ref() else {
        return Ok(());
    };
    let config = m.config();
    let pending = m.pending();
    let typing = ctx.egui_wants_keyboard_input();
    let mut root = free.ui(ctx, "table-top");
    egui::Panel::top("top-bar").exact_size(TOP_BAR).show(&mut root, |ui| {
        let height = ui.available_height();
        egui::Sides::new().shrink_left().height(height).show(
            ui,
            |ui| {
                let (status, kind) = match &pending {
                    Pending::Decide { seat, .. } => {
                        let name = config.seat_name(*seat);
                        if thinking.seat == Some(*seat) {
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
                        .map(|(seat, emblem)| {
                            let label = if short { short_name(&seat.name) } else { &seat.name };
                            let shield = if emblem.is_some() {
                                CHIP_SHIELD * 0.86 + gap
                            } else {
                                0.0
                            };
                            shield + text_width(ui, label, &body) + 2.0 * CHIP_MARGIN + gap
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
                    let label = if fit.full_names {
                        seat.name.as_str()
                    } else {
                        short_name(&seat.name)
                    };
                    let chip = seat_chip_labelled(
                        ui,
                        label,
                        m.seat_rgb(i).unwrap_or(seat.colour),
                        pending.seat() == Some(i),
                        emblem.as_deref().filter(|_| fit.shields),
                    );
                    if !fit.full_names {
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
                let hint_seat = super::hint::hint_seat(m.as_ref(), &handoff);
                let can_hint = hint_seat.is_some() && !hints.busy() && hints.shown.is_none();
                if hint_seat.is_some() {
                    let hint = ui
                        .add_enabled(can_hint, egui::Button::new("Hint (H)"))
                        .on_hover_text("What would the hard bot play here, and why? It sees only what you see");
                    if hint.clicked() || (!typing && can_hint && ui.input(|i| i.key_pressed(egui::Key::H))) {
                        ask_hint.write(super::hint::AskHint);
                    }
                }
                let undo_seat = pending
                    .seat()
                    .filter(|s| Some(*s) == handoff.private_viewer() && config.seats[*s].kind.is_human());
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

/// The log lines the screen may show now: the public ones, and the private viewer's own.
pub fn shown_log<'a>(log: &'a [LogLine], handoff: &Handoff) -> impl Iterator<Item = &'a LogLine> + 'a {
    let viewer = handoff.private_viewer();
    log.iter().filter(move |l| l.to.shows_to(viewer))
}

fn log_panel(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    table: Res<TableUi>,
    mut hold: ResMut<LogHold>,
    mut free: ResMut<FreeRect>,
) -> Result {
    let visible = hold.visible(res.log.len());
    if !table.show_log {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let viewer = handoff.private_viewer();
    let mut root = free.ui(ctx, "table-log");
    egui::Panel::right("log").exact_size(LOG_WIDTH).show(&mut root, |ui| {
        ui.heading("Log");
        if let Some(v) = viewer
            && let Some(cfg) = res.config()
        {
            ui.label(
                egui::RichText::new(format!("as seen by {}", cfg.seat_name(v)))
                    .small()
                    .italics(),
            );
        }
        ui.separator();
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for line in shown_log(&res.log[..visible], &handoff) {
                    let private = matches!(line.to, crate::rules::Visibility::Only(_));
                    let text = egui::RichText::new(&line.text);
                    ui.label(if private { text.italics().color(GOLD) } else { text });
                }
            });
    });
    free.take_rest(&root);
    Ok(())
}

/// Holds back new log lines while a board reveals an outcome (dice still rolling), so the log does
/// not tell the result before the dice do.
#[derive(Resource, Default)]
pub struct LogHold {
    /// Set by a board each frame: an outcome is being revealed.
    pub hold: bool,
    shown: usize,
}

impl LogHold {
    /// How many of the log's `len` lines to show now.
    pub fn visible(&mut self, len: usize) -> usize {
        if !self.hold || self.shown > len {
            self.shown = len;
        }
        self.shown
    }
}

/// For games without a board: every legal choice as a button, for the human at the screen.
fn choice_list(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    boards: Res<BoardGames>,
    mut requests: MessageWriter<ActionRequest>,
    free: Res<FreeRect>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(m) = res.current.as_ref() else {
        return Ok(());
    };
    if boards.0.contains(&m.game()) {
        return Ok(());
    }
    let mut root = free.ui(ctx, "table-choices");
    egui::CentralPanel::default().show(&mut root, |ui| {
        let Pending::Decide { seat, prompt, .. } = m.pending() else {
            return;
        };
        if handoff.private_viewer() != Some(seat) || !m.config().seats[seat].kind.is_human() {
            ui.label("Waiting for the other seats…");
            return;
        }
        ui.heading(prompt);
        for (i, label) in m.legal_labels().iter().enumerate() {
            if ui.button(label).clicked() {
                requests.write(ActionRequest {
                    seat,
                    request: Request::Index(i),
                });
            }
        }
    });
    Ok(())
}

fn rules_window(
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
    egui::Window::new(format!("Rules — {}", game.title()))
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

/// A part of a rulebook: its heading (empty for what comes before the first) and its paragraphs.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleSection {
    pub title: String,
    pub paragraphs: Vec<String>,
}

/// The rulebook part that a sentence (a refusal, a prompt) comes from: the part whose title and
/// text share most of its telling words (long words, a title's counting thrice), if any shares
/// enough to say.
pub fn section_for(sections: &[RuleSection], words: &str) -> Option<String> {
    let telling: Vec<String> = words
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 5)
        .map(str::to_lowercase)
        .filter(|w| !COMMON_WORDS.contains(&w.as_str()))
        .collect();
    if telling.is_empty() {
        return None;
    }
    let mut best: Option<(usize, &str)> = None;
    for section in sections.iter().filter(|s| !s.title.is_empty()) {
        let title = section.title.to_lowercase();
        let body = section.paragraphs.join(" ").to_lowercase();
        let score: usize = telling
            .iter()
            .map(|w| 3 * usize::from(title.contains(w.as_str())) + usize::from(body.contains(w.as_str())))
            .sum();
        if score > best.map_or(0, |(b, _)| b) {
            best = Some((score, &section.title));
        }
    }
    best.filter(|(score, _)| *score >= 3)
        .map(|(_, title)| title.to_string())
}

/// Words too common in the rulebooks to tell one part from another.
const COMMON_WORDS: &[&str] = &[
    "there", "their", "which", "would", "could", "these", "those", "where", "other", "first", "after", "before",
    "every", "player", "players", "cannot", "already", "still", "while", "only", "again", "choose", "cards",
];

/// The part of `game`'s rulebook that `words` come from (`section_for`), if any.
pub fn rule_part(library: &crate::library::Library, game: GameId, words: &str) -> Option<String> {
    let text = library.set.rulebook(game.key())?;
    section_for(&rulebook_sections(text), words)
}

/// A link to a rulebook part ("The rulebook: …"); true when clicked.
pub fn rule_link(ui: &mut egui::Ui, section: &str, small: bool) -> bool {
    let text = egui::RichText::new(format!("The rulebook: {section}")).color(GOLD);
    let text = if small { text.small() } else { text };
    ui.link(text)
        .on_hover_text("Open the rules (F1) at this part")
        .clicked()
}

/// A rulebook's text in parts, by its headings: a short line with no closing punctuation that a
/// paragraph follows. The rulebook's own table of contents (a bullet list under "Table of
/// Contents", which the window draws as links instead) and its title line are left out.
pub fn rulebook_sections(text: &str) -> Vec<RuleSection> {
    let all: Vec<&str> = text.lines().map(str::trim).collect();
    // What comes before the book's table of contents is its title.
    let from = all
        .iter()
        .position(|l| l.eq_ignore_ascii_case("table of contents"))
        .unwrap_or(0);
    let lines = &all[from..];
    let mut sections = vec![RuleSection {
        title: String::new(),
        paragraphs: Vec::new(),
    }];
    let mut in_contents = false;
    for (i, line) in lines.iter().enumerate() {
        if line.eq_ignore_ascii_case("table of contents") {
            in_contents = true;
            continue;
        }
        if in_contents {
            if line.is_empty() || line.starts_with('•') {
                continue;
            }
            in_contents = false;
        }
        let next = lines[i + 1..].iter().find(|l| !l.is_empty());
        // Three or more short lines in a row are a list ("1. Preparation" / "2. Send out
        // knights" / …), not headings (a heading and its first sub-heading are two).
        let short = |j: usize| {
            lines
                .get(j)
                .is_some_and(|l| is_heading(l) && !l.eq_ignore_ascii_case("table of contents"))
        };
        let before = (0..i).rev().take_while(|&j| short(j)).count();
        let after = (i + 1..lines.len()).take_while(|&j| short(j)).count();
        let listed = before + after >= 2;
        if is_heading(line) && !listed && next.is_some_and(|n| !n.starts_with('|')) {
            // The same heading twice in a row (a title line and the book's first heading) is one.
            if sections
                .last()
                .is_some_and(|s| s.title == *line && s.paragraphs.is_empty())
            {
                continue;
            }
            sections.push(RuleSection {
                title: line.to_string(),
                paragraphs: Vec::new(),
            });
            continue;
        }
        if let Some(p) = readable_line(line)
            && let Some(last) = sections.last_mut()
        {
            last.paragraphs.push(p);
        }
    }
    sections.retain(|s| !(s.title.is_empty() && s.paragraphs.is_empty()));
    sections
}

/// A heading of a rulebook: a short line of a few words, starting with a capital, with no
/// sentence's end, no list bullet and no table.
fn is_heading(line: &str) -> bool {
    let words = line.split_whitespace().count();
    line.len() <= 60
        && (1..=8).contains(&words)
        && line
            .chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
        && !line.ends_with(['.', ',', ';', ':', '!', '?'])
        && !line.starts_with(['•', '|', '-', '('])
}

/// The search box's example words, from the open game's own rulebook: a few of its headings.
fn search_hint(sections: &[RuleSection]) -> String {
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

/// A rulebook line as it is shown: blank lines and table rules dropped, table rows as plain text.
fn readable_line(line: &str) -> Option<String> {
    let t = line.trim();
    if t.is_empty() || t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ')) {
        return None;
    }
    if t.starts_with('|') {
        let cells: Vec<&str> = t.trim_matches('|').split('|').map(str::trim).collect();
        return Some(cells.join("  ·  "));
    }
    Some(t.to_string())
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

fn toasts(mut contexts: EguiContexts, mut table: ResMut<TableUi>, handoff: Res<Handoff>) -> Result {
    // A refusal is its seat's business (it may name a card in the hand): it shows only while that
    // seat has the screen, and is gone when the screen turns public or passes on.
    if handoff.private_viewer().is_none() {
        table.toasts.clear();
        return Ok(());
    }
    if table.toasts.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = None;
    egui::Area::new("toasts".into())
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -200.0))
        .order(egui::Order::Tooltip)
        .show(ctx, |ui| {
            for (text, _, section) in &table.toasts {
                egui::Frame::new()
                    .fill(egui::Color32::from_rgb(70, 25, 20))
                    .stroke(egui::Stroke::new(1.0, WARN))
                    .corner_radius(6)
                    .inner_margin(10)
                    .show(ui, |ui| {
                        ui.label(egui::RichText::new(text).color(egui::Color32::WHITE).size(17.0));
                        if let Some(section) = section
                            && rule_link(ui, section, false)
                        {
                            open = Some(section.clone());
                        }
                    });
            }
        });
    if let Some(section) = open {
        table.open_rules_at(section);
        table.toasts.clear();
    }
    Ok(())
}

fn results(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    mut start: MessageWriter<StartMatch>,
    mut close: MessageWriter<CloseMatch>,
    animating: Res<Animating>,
    detail: Res<ResultsDetail>,
    hints: Res<super::hint::HintState>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(m) = res.current.as_ref() else {
        return Ok(());
    };
    let Pending::Finished(outcome) = m.pending() else {
        return Ok(());
    };
    // The last roll or move plays out before the verdict covers the board.
    if animating.0 > 0.0 {
        return Ok(());
    }
    let config = m.config();
    super::style::fixed_window(
        ctx,
        "Game over",
        "game-over",
        egui::Align2::CENTER_CENTER,
        egui::Vec2::ZERO,
    )
    .show(ctx, |ui| {
        let names: Vec<&str> = outcome.winners.iter().map(|&s| config.seat_name(s)).collect();
        // A game every seat can lose (Shadows, without a Traitor to win with Evil).
        let heading = match names.len() {
            0 => "No one wins".to_string(),
            1 => format!("{} wins!", names[0]),
            _ => format!("{} win!", names.join(" and ")),
        };
        ui.label(
            egui::RichText::new(heading)
                .family(super::style::book())
                .size(34.0)
                .color(GOLD),
        );
        ui.label(&outcome.summary);
        ui.add_space(8.0);
        let mut order: Vec<Seat> = (0..config.seats.len()).collect();
        order.sort_by_key(|&s| std::cmp::Reverse(outcome.scores.get(s).copied().unwrap_or(0)));
        egui::Grid::new("final-scores").striped(true).show(ui, |ui| {
            for s in order {
                seat_chip(
                    ui,
                    config.seat_name(s),
                    m.seat_rgb(s).unwrap_or(config.seats[s].colour),
                    outcome.winners.contains(&s),
                    m.seat_emblem(s).as_deref(),
                );
                ui.label(
                    egui::RichText::new(outcome.scores.get(s).map(|v| v.to_string()).unwrap_or_default()).size(20.0),
                );
                ui.end_row();
            }
        });
        // Hints taken, by the seats that could ask for them.
        let taken: Vec<String> = config
            .seats
            .iter()
            .enumerate()
            .filter(|(_, seat)| seat.kind.is_human() && seat.hints)
            .map(|(s, seat)| format!("{} {}", seat.name, hints.taken.get(s).copied().unwrap_or(0)))
            .collect();
        if !taken.is_empty() {
            ui.add_space(4.0);
            ui.label(format!("Hints taken: {}", taken.join(" · ")));
        }
        if !detail.rows.is_empty() {
            ui.add_space(8.0);
            ui.label(egui::RichText::new(&detail.title).strong().color(GOLD));
            egui::Grid::new("results-detail").striped(true).show(ui, |ui| {
                for h in &detail.header {
                    ui.label(egui::RichText::new(h).strong());
                }
                ui.end_row();
                for row in &detail.rows {
                    for cell in row {
                        ui.label(cell);
                    }
                    ui.end_row();
                }
            });
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui
                .button("Play again")
                .on_hover_text("Same seats and variants, a new seed")
                .clicked()
            {
                let mut config = config.clone();
                config.seed = config
                    .seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                start.write(StartMatch::New { game: m.game(), config });
            }
            if ui.button("Back to the menu").clicked() {
                close.write(CloseMatch);
            }
        });
    });
    Ok(())
}

/// "Pass to Morgana": covers the whole window, shows nothing private, waits for that player.
fn handoff_screen(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    animating: Res<Animating>,
    mut confirm: MessageWriter<HandoffConfirmed>,
) -> Result {
    let Some(seat) = handoff
        .covering
        .filter(|_| super::handoff::cover_drawn(&handoff, animating.0))
    else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let Some(config) = res.config() else {
        return Ok(());
    };
    let name = config.seat_name(seat).to_string();
    let colour = res
        .current
        .as_ref()
        .and_then(|m| m.seat_rgb(seat))
        .or(config.seats.get(seat).map(|s| s.colour))
        .unwrap_or([200, 200, 200]);
    let emblem = res.current.as_ref().and_then(|m| m.seat_emblem(seat));
    let rect = ctx.viewport_rect();
    let mut pressed = ctx.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space));
    egui::Area::new("handoff".into())
        .order(egui::Order::Foreground)
        .fixed_pos(rect.min)
        .show(ctx, |ui| {
            ui.painter().rect_filled(rect, 0.0, egui::Color32::from_rgb(14, 15, 20));
            // A gold frame around the whole screen, as a curtain drawn across the table.
            ui.painter().rect_stroke(
                rect.shrink(18.0),
                8.0,
                egui::Stroke::new(2.0, GOLD.gamma_multiply(0.6)),
                egui::StrokeKind::Inside,
            );
            let response = ui.allocate_rect(rect, egui::Sense::click());
            pressed |= response.clicked();
            let mut inner =
                ui.new_child(egui::UiBuilder::new().max_rect(rect.shrink2(egui::vec2(40.0, rect.height() * 0.2))));
            inner.vertical_centered(|ui| {
                match &emblem {
                    Some(symbol) => {
                        super::style::shield(ui, super::style::heraldry(symbol), seat_colour(colour), 96.0);
                    }
                    None => {
                        ui.label(super::style::icon_text(super::style::icon::CROWN, 72.0).color(GOLD));
                    }
                }
                ui.add_space(12.0);
                ui.label(egui::RichText::new("Pass the screen to").size(26.0).color(PARCHMENT));
                ui.add_space(10.0);
                ui.label(
                    egui::RichText::new(&name)
                        .size(64.0)
                        .strong()
                        .color(seat_colour(colour))
                        .family(egui::FontFamily::Name("heading".into())),
                );
                ui.add_space(24.0);
                ui.label(
                    egui::RichText::new(format!("{name} — press Enter or click when ready"))
                        .size(22.0)
                        .color(GOLD),
                );
                ui.add_space(12.0);
                ui.label(
                    egui::RichText::new(format!(
                        "Everyone else, please look away: the next screen shows what only {name} may see."
                    ))
                    .size(16.0)
                    .italics(),
                );
            });
        });
    if pressed {
        confirm.write(HandoffConfirmed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{BarFit, LogHold, board_tip, short_name, tip_place, world_pointer_allowed};
    use bevy_egui::egui;

    /// One egui frame with the pointer at `at` (and a press there when `press`), showing a
    /// window over the middle of the screen and a panel on the background layer along the left,
    /// as the tables do.
    fn frame(ctx: &egui::Context, at: egui::Pos2, press: bool) {
        let mut input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
            ..Default::default()
        };
        input.events.push(egui::Event::PointerMoved(at));
        if press {
            input.events.push(egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed: true,
                modifiers: Default::default(),
            });
        }
        let mut output = ctx.run_ui(input, |ui| {
            let ctx = ui.ctx().clone();
            let mut root = crate::app::style::root_ui(&ctx, "test-root");
            egui::Panel::left("test-panel").exact_size(250.0).show(&mut root, |ui| {
                ui.label("Knights");
            });
            egui::Window::new("Settings")
                .fixed_pos(egui::pos2(500.0, 300.0))
                .fixed_size(egui::vec2(300.0, 200.0))
                .show(&ctx, |ui| {
                    ui.label("a window over the board");
                });
        });
        output.textures_delta.clear();
    }

    #[test]
    fn a_decision_panel_never_shrinks_while_play_goes_on() {
        let mut h = super::SteadyHeight::default();
        assert_eq!(h.min(120.0, 1000.0), 120.0, "room for two rows from the start");
        h.seen(120.0);
        h.seen(168.0); // eight pledge buttons in three rows
        assert_eq!(h.min(120.0, 1000.0), 168.0, "a short decision keeps the height");
        h.seen(120.0);
        assert_eq!(h.min(120.0, 1000.0), 168.0);
        // Another window width wraps the buttons otherwise: the height starts again.
        assert_eq!(h.min(120.0, 1400.0), 120.0);
    }

    #[test]
    fn each_rulebook_reads_in_parts_with_its_contents_once() {
        let set = crate::content::ContentSet::embedded();
        for (game, wanted) in [
            (crate::rules::GameId::Court, ["Game Overview", "Game Rules"]),
            (
                crate::rules::GameId::Future,
                ["Final Scoring", "The Rooms of the Castle"],
            ),
            (crate::rules::GameId::Shadows, ["Setup", "End of the game"]),
        ] {
            let text = set.rulebook(game.key()).expect("a rulebook");
            let sections = super::rulebook_sections(text);
            let titles: Vec<&str> = sections.iter().map(|s| s.title.as_str()).collect();
            for w in wanted {
                assert!(titles.contains(&w), "{game:?}: no part {w:?} in {titles:?}");
            }
            assert!(
                !titles.iter().any(|t| t.eq_ignore_ascii_case("table of contents")),
                "{game:?}: the contents are drawn once, as links"
            );
            let words: usize = sections.iter().flat_map(|s| &s.paragraphs).map(|p| p.len()).sum();
            assert!(words * 10 > text.len() * 8, "{game:?}: the text is all there");
            // The search box suggests words of this rulebook.
            let hint = super::search_hint(&sections);
            let first = hint.trim_start_matches("e.g. ").split(", ").next().unwrap_or("");
            assert!(text.contains(first), "{game:?}: {hint}");
            assert!(
                !hint.contains("Banish") || game == crate::rules::GameId::Court,
                "{hint}"
            );
        }
    }

    /// A refusal links to the rulebook part it comes from.
    #[test]
    fn a_refusal_names_its_rulebook_part() {
        use crate::rules::GameId;
        let set = crate::content::ContentSet::embedded();
        for (game, refusal, part) in [
            (
                GameId::Shadows,
                "a second Heroic Action must be of a kind not yet used this turn",
                "Heroic",
            ),
            (GameId::Shadows, "there is no Siege Engine to fight", "Siege"),
            (GameId::Future, "number 4 already holds 2 magicians", "Prediction"),
            (GameId::Court, "Banish: roll above his power", "Action Card"),
        ] {
            let sections = super::rulebook_sections(set.rulebook(game.key()).expect("a rulebook"));
            let found = super::section_for(&sections, refusal);
            eprintln!("{game:?}: {refusal:?} -> {found:?}");
            assert!(
                found
                    .as_deref()
                    .is_some_and(|f| f.to_lowercase().contains(&part.to_lowercase())),
                "{game:?}: {refusal:?} -> {found:?}"
            );
        }
        // Words that tell nothing name no part.
        let sections = super::rulebook_sections(set.rulebook(GameId::Court.key()).expect("a rulebook"));
        assert_eq!(super::section_for(&sections, "not now"), None);
    }

    #[test]
    fn no_click_on_a_window_reaches_the_world() {
        let ctx = egui::Context::default();
        // The window is laid out once; then a pointer that jumps onto it and clicks in one frame.
        for _ in 0..3 {
            frame(&ctx, egui::pos2(1000.0, 100.0), false);
        }
        assert!(world_pointer_allowed(&ctx), "the pointer is over the board");
        frame(&ctx, egui::pos2(600.0, 340.0), true);
        assert!(
            !world_pointer_allowed(&ctx),
            "a click on the window stays in the window"
        );
        // Off the window, over the board, the world has the pointer.
        frame(&ctx, egui::pos2(1000.0, 700.0), true);
        assert!(world_pointer_allowed(&ctx));
        // The panels lie outside the world's viewport: they need no gate of their own.
        frame(&ctx, egui::pos2(100.0, 400.0), false);
        assert!(world_pointer_allowed(&ctx));
    }

    /// The board between the side panels and above the decision panel, as at 1280×800.
    fn board() -> egui::Rect {
        egui::Rect::from_min_max(egui::pos2(250.0, 60.0), egui::pos2(1000.0, 700.0))
    }

    #[test]
    fn a_board_tooltip_stays_on_the_board_beside_the_pointer() {
        let size = egui::vec2(320.0, 120.0);
        let at = |pointer: egui::Pos2, avoid: &[egui::Rect]| {
            let at = tip_place(board(), pointer, size, avoid).expect("a place");
            let rect = egui::Rect::from_min_size(at, size);
            assert!(board().contains_rect(rect), "{rect:?} leaves the board");
            assert!(!rect.contains(pointer), "{rect:?} hides what it explains");
            assert!(avoid.iter().all(|w| !w.intersects(rect)), "{rect:?} covers a window");
            rect
        };
        // In the open: below and right of the pointer.
        assert_eq!(at(egui::pos2(400.0, 200.0), &[]).min, egui::pos2(416.0, 216.0));
        // Near the decision panel along the bottom: above the pointer, never over the panel.
        let low = at(egui::pos2(400.0, 690.0), &[]);
        assert!(low.max.y < 690.0);
        // Near the log on the right: to the pointer's left.
        assert!(at(egui::pos2(990.0, 200.0), &[]).max.x < 990.0);
        // Beside a window (the fists, the results): on the side away from it.
        let window = egui::Rect::from_min_size(egui::pos2(640.0, 100.0), egui::vec2(350.0, 400.0));
        assert!(at(egui::pos2(620.0, 200.0), &[window]).max.x <= 620.0);
        // Nowhere clear: no tooltip.
        assert_eq!(tip_place(board(), egui::pos2(400.0, 200.0), size, &[board()]), None);
        assert_eq!(
            tip_place(board(), egui::pos2(400.0, 200.0), egui::vec2(900.0, 50.0), &[]),
            None
        );
    }

    #[test]
    fn a_board_tooltip_never_covers_an_open_window() {
        let ctx = egui::Context::default();
        let text = "Round Table (seat at 3 o'clock)\nGives nothing now\nRoom rule: any free seat\nFree".to_string();
        for _ in 0..3 {
            frame(&ctx, egui::pos2(480.0, 320.0), false);
        }
        let window = ctx.memory(|m| {
            m.areas()
                .visible_layer_ids()
                .into_iter()
                .filter(|l| l.order == egui::Order::Middle)
                .find_map(|l| m.area_rect(l.id))
        });
        let window = window.expect("the window is open");
        // Above and left of the window, where a tooltip below and right of the pointer would
        // cover it.
        let pointer = egui::pos2(480.0, 250.0);
        let mut input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
            ..Default::default()
        };
        input.events.push(egui::Event::PointerMoved(pointer));
        let mut output = ctx.run_ui(input, |ui| {
            egui::Window::new("Settings")
                .fixed_pos(egui::pos2(500.0, 300.0))
                .fixed_size(egui::vec2(300.0, 200.0))
                .show(ui.ctx(), |ui| {
                    ui.label("a window over the board");
                });
            board_tip(ui.ctx(), "test-tip", board(), pointer, text.clone(), 320.0);
        });
        output.textures_delta.clear();
        let tip = ctx
            .memory(|m| m.area_rect(egui::Id::new("test-tip")))
            .expect("a tooltip");
        assert!(!tip.intersects(window), "{tip:?} covers the window {window:?}");
        assert!(board().contains_rect(tip), "{tip:?} leaves the board");
        // Without the window it would have gone below and right of the pointer, over the window.
        let alone = tip_place(board(), pointer, tip.size(), &[]).expect("a place");
        assert!(egui::Rect::from_min_size(alone, tip.size()).intersects(window));
        assert_ne!(alone, tip.min);
    }

    #[test]
    fn a_crowded_top_bar_drops_the_title_then_shortens_names_then_the_status() {
        let fit = |room| BarFit::choose(room, 200.0, 600.0, 300.0, 150.0, 10.0);
        let all = BarFit {
            title: true,
            full_names: true,
            status: true,
            shields: true,
        };
        assert_eq!(fit(970.0), all);
        assert_eq!(fit(969.0), BarFit { title: false, ..all });
        assert_eq!(fit(760.0), BarFit { title: false, ..all });
        assert_eq!(
            fit(759.0),
            BarFit {
                title: false,
                full_names: false,
                status: true,
                shields: true
            }
        );
        assert_eq!(
            fit(459.0),
            BarFit {
                title: false,
                full_names: false,
                status: false,
                shields: true
            }
        );
        assert!(!fit(250.0).shields, "the shields go when even short chips do not fit");
        assert!(fit(300.0).shields);
        assert_eq!(short_name("Guinevere"), "Gui");
        assert_eq!(short_name("Åsa"), "Åsa");
        assert_eq!(short_name("Éo"), "Éo");
    }

    #[test]
    fn log_lines_wait_for_the_dice() {
        let mut hold = LogHold::default();
        assert_eq!(hold.visible(3), 3);
        hold.hold = true;
        assert_eq!(hold.visible(5), 3, "lines that arrive while dice roll wait");
        assert_eq!(hold.visible(0), 0, "a cleared log shows nothing");
        assert_eq!(hold.visible(2), 0);
        hold.hold = false;
        assert_eq!(hold.visible(2), 2);
    }
}
