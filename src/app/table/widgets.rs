//! Shared widgets and input: keys, the world pointer, board tooltips, the scroll hint.

use crate::app::handoff::Handoff;
use crate::app::style::GOLD;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The keys of a decision: a digit presses the button of that number, Enter the only (or the
/// ending) one, Escape drops a choice.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
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

/// The keys pressed on the deciding seat's screen; none when `deciding` is false or a text field
/// has the keyboard.
fn read_keys(ctx: &egui::Context, deciding: bool) -> Keys {
    if !deciding || ctx.egui_wants_keyboard_input() {
        return Keys::NONE;
    }
    let digit = pressed_digit(ctx);
    ctx.input(|i| Keys {
        digit,
        enter: i.key_pressed(egui::Key::Enter),
        escape: i.key_pressed(egui::Key::Escape),
    })
}

/// The keys of the frame, read once before anything draws (`TableUiSet::Input`): none unless
/// the screen decides for the seat to act.
pub fn read_table_keys(
    mut contexts: EguiContexts,
    res: Res<crate::app::bridge::MatchRes>,
    handoff: Res<Handoff>,
    mut keys: ResMut<Keys>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let deciding = res
        .current
        .as_deref()
        .and_then(|m| handoff.deciding_here(m.config(), m.to_act()?))
        .is_some();
    *keys = read_keys(ctx, deciding);
    Ok(())
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

/// The one gate for a table's world clicks, used where they are read: passes `found` (the
/// table's match) through, and drops the `clicks` of this frame when there is no match or a
/// window lies under the pointer ([`world_pointer_allowed`]).
pub fn gate_clicks<T, M: Message>(ctx: &egui::Context, found: Option<T>, clicks: &mut MessageReader<M>) -> Option<T> {
    if found.is_none() || !world_pointer_allowed(ctx) {
        clicks.clear();
    }
    found
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

/// A tooltip's line for a card or a place with no legal use now, from the rules' reason: "Not
/// now: …", unless the reason says so itself ("not now: the magicians predict").
pub fn not_now(why: &str) -> String {
    if why.starts_with("not now") {
        crate::rules::capitalised(why)
    } else {
        format!("Not now: {why}")
    }
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
fn pressed_digit(ctx: &egui::Context) -> Option<usize> {
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

#[cfg(test)]
mod tests {
    use super::not_now;

    #[test]
    fn a_reason_that_says_not_now_is_not_said_twice() {
        assert_eq!(
            not_now("the mission needs 3 knights"),
            "Not now: the mission needs 3 knights"
        );
        assert_eq!(
            not_now("not now: Guinevere: how many knights do you send out?"),
            "Not now: Guinevere: how many knights do you send out?"
        );
    }
}
