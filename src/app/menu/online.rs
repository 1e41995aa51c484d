//! The menu's *Play online*: join a table by its invitation (pasted with one click), rejoin a
//! recent one, or host the table set up on the right for friends on other computers.

use super::asks::{MenuAsks, MenuWorld};
use crate::app::remote::OnlineAsk;
use crate::app::shared::MenuState;
use crate::app::style::WARN;
use crate::online::invite::Invite;
use crate::online::protocol::RoomRules;
use bevy_egui::egui;

/// *Play online* in the left column: join by invitation, and the recent tables.
pub(super) fn online_games(ui: &mut egui::Ui, world: &mut MenuWorld, asks: &mut MenuAsks) {
    let online = &mut *world.online;
    ui.add_space(14.0);
    ui.heading("Play online");
    if !cfg!(feature = "online") {
        ui.label("This Camelot was built without online play.");
        return;
    }
    ui.label("Join a table: paste the invitation a friend gave you.");
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut online.code)
                .hint_text("camelot://…")
                .desired_width(ui.available_width() - 70.0),
        );
        if ui
            .button("Paste")
            .on_hover_text("The invitation from the clipboard")
            .clicked()
        {
            online.paste = true;
        }
    });
    let parsed = (!online.code.trim().is_empty()).then(|| Invite::parse(online.code.trim()));
    if let Some(Err(why)) = &parsed {
        ui.colored_label(WARN, format!("That invitation cannot be used: {why}"));
    }
    ui.horizontal(|ui| {
        ui.label("Your name");
        ui.add(
            egui::TextEdit::singleline(&mut online.name)
                .hint_text("as the table will know you")
                .desired_width(180.0)
                .char_limit(crate::rules::NAME_LIMIT),
        );
        let ready = matches!(parsed, Some(Ok(_))) && !online.name.trim().is_empty();
        if ui.add_enabled(ready, egui::Button::new("Join")).clicked() {
            asks.online = Some(OnlineAsk::Join {
                code: online.code.trim().to_string(),
                name: online.name.trim().to_string(),
            });
        }
    });
    if !online.recent.is_empty() {
        ui.add_space(6.0);
        ui.label(egui::RichText::new("Recent tables").strong());
        for r in online.recent.clone() {
            ui.horizontal(|ui| {
                let seat = r.seat.map_or_else(|| "watching".into(), |s| format!("seat {}", s + 1));
                let state = if r.over { "over" } else { "in play" };
                ui.label(format!("{} — {seat} as {} — {state}", r.game.title(), r.name));
                if !r.over && ui.small_button("Rejoin").clicked() {
                    asks.online = Some(OnlineAsk::Join {
                        code: r.code.clone(),
                        name: r.name.clone(),
                    });
                }
            });
        }
    }
}

/// *Host online…* beside *Start game*: the options, and *Open the table*.
pub(super) fn host_options(
    ui: &mut egui::Ui,
    menu: &mut MenuState,
    world: &mut MenuWorld,
    asks: &mut MenuAsks,
    startable: bool,
) {
    if !cfg!(feature = "online") {
        return;
    }
    let online = &mut *world.online;
    egui::CollapsingHeader::new("Host this table online")
        .id_salt("host-online")
        .show(ui, |ui| {
            ui.label(
                "You play the first human seat; the other human seats are for friends you invite. The table \
                 waits until they come, or you fill the empty seats with bots.",
            );
            egui::Grid::new("host-grid").num_columns(2).show(ui, |ui| {
                ui.label("Friends reach you at");
                ui.add(egui::TextEdit::singleline(&mut online.address).desired_width(160.0));
                ui.end_row();
                ui.label("Port (UDP)");
                ui.add(egui::TextEdit::singleline(&mut online.port).desired_width(70.0));
                ui.end_row();
                ui.label("If a player goes");
                egui::ComboBox::from_id_salt("bot-after")
                    .selected_text(bot_after_words(online.bot_after))
                    .show_ui(ui, |ui| {
                        for choice in [Some(60), Some(120), Some(300), None] {
                            ui.selectable_value(&mut online.bot_after, choice, bot_after_words(choice));
                        }
                    });
                ui.end_row();
                ui.label("Onlookers");
                ui.checkbox(&mut online.watchers, "may watch");
                ui.end_row();
            });
            let port = online.port.trim().parse::<u16>();
            if port.is_err() {
                ui.colored_label(WARN, "The port is a number from 1 to 65535.");
            }
            let human = menu.seats.iter().any(|s| s.kind.is_human());
            if !human {
                ui.colored_label(WARN, "Make one seat human: yours.");
            }
            if ui
                .add_enabled(startable && human && port.is_ok(), egui::Button::new("Open the table"))
                .clicked()
                && let Ok(port) = port
            {
                match menu.table_config() {
                    Ok(config) => {
                        asks.online = Some(OnlineAsk::Host {
                            game: menu.game,
                            config,
                            rules: RoomRules {
                                bot_after: online.bot_after,
                                watchers: online.watchers,
                            },
                            listen: "0.0.0.0".into(),
                            port,
                            address: online.address.trim().to_string(),
                        });
                        menu.started();
                    }
                    Err(e) => world.res.notice = Some(e),
                }
            }
        });
}

fn bot_after_words(choice: Option<u32>) -> String {
    match choice {
        Some(s) if s % 60 == 0 => format!("a bot plays for them after {} min", s / 60),
        Some(s) => format!("a bot plays for them after {s} s"),
        None => "the table waits for them".into(),
    }
}
