//! The Knights down the left: the state of Camelot, then each Knight with his Life, hand,
//! relics and Loyalty, and what his panel says of accusations and the Black pile.

use crate::app::bridge::Play;
use crate::app::handoff::TableScreen;
use crate::app::handoff::acting_seat;
use crate::app::style::{GOLD, GOOD, MUTED, PARCHMENT, WARN, seat_colour};
use crate::app::table::FreeRect;
use crate::app::tables::shadows::board::{knight_mark, seat_rgb};
use crate::app::tables::shadows::panel::location_words;
use crate::app::tables::shadows::ui::{ShadowsUi, Shown, shadows_match, shown, shown_to_all};
use crate::rules::record::Match;
use crate::rules::shadows::{Action, Black, Loyalty, Shadows};
use crate::rules::{Game, Seat};
use bevy::prelude::*;
use bevy_egui::egui;

/// The Knights down the left: the state of Camelot, then each Knight.
pub(in crate::app::tables::shadows) fn knights_panel(
    mut screen: TableScreen,
    mut free: ResMut<FreeRect>,
    mut ui_state: ResMut<ShadowsUi>,
    mut requests: MessageWriter<Play<Shadows>>,
) -> Result {
    let (ctx, res, handoff) = screen.open()?;
    let Some(m) = shadows_match(res) else {
        return Ok(());
    };
    let viewer = handoff.private_viewer();
    // The Loyalty card closes at every hand-off.
    if ui_state.peek.is_some() && ui_state.peek != viewer {
        ui_state.peek = None;
    }
    let secrets = if handoff.all_seen {
        shown_to_all(&m.state, viewer)
    } else {
        shown(&m.state, viewer, ui_state.peek.is_some())
    };
    // The hidden Traitor may unmask himself: offered only beside his card, while he looks.
    let may_reveal = acting_seat(m, handoff)
        .filter(|&seat| ui_state.peek == Some(seat) && m.state.legal_actions().contains(&Action::RevealSelf));
    let view = m.state.public_view();
    let g = &view.game;
    let n = g.numbers();
    let deciding = g.deciding();
    let mut root = free.ui(ctx, "shadows-knights");
    egui::Panel::left("shadows-knights")
        .exact_size(250.0)
        .show(&mut root, |ui| {
            let scrolled = egui::ScrollArea::vertical().show(ui, |ui| {
                ui.label(
                    egui::RichText::new(format!("Turn {}", g.turn.max(1)))
                        .strong()
                        .color(GOLD),
                );
                ui.label(format!(
                    "Swords {} White · {} Black (ends at {})",
                    g.white_swords, g.black_swords, n.swords_end
                ))
                .on_hover_text(format!(
                    "The game ends when {} Swords lie on the Round Table: the Knights win with more White than \
                     Black. {} Black Swords lose at once.",
                    n.swords_end, n.black_swords_lose
                ));
                ui.label(format!("Siege Engines {} (lost at {})", g.siege, n.siege_lose));
                let open = g.accusations_open();
                ui.label(
                    egui::RichText::new(if open {
                        "Accusations are open".to_string()
                    } else {
                        format!(
                            "Accusations open at {} Siege Engines or {} Swords",
                            n.accuse_siege, n.accuse_swords
                        )
                    })
                    .small()
                    .color(if open { GOOD } else { MUTED }),
                );
                let mut lasting = Vec::new();
                if g.vivien {
                    lasting.push("Vivien: no Merlin cards".to_string());
                }
                if g.dark_forest {
                    lasting.push("Dark Forest: no Grail healing".to_string());
                }
                if g.mists {
                    lasting.push("Mists of Avalon: a lost quest lays one more Black Sword".to_string());
                }
                if let Some(q) = g.heroism {
                    lasting.push(format!("Heroism on {}", g.content().quest(q).name));
                }
                for l in lasting {
                    ui.label(egui::RichText::new(l).small().color(WARN));
                }
                ui.add_space(4.0);
                for (seat, k) in g.knights.iter().enumerate() {
                    let mine = viewer == Some(seat);
                    let current = deciding == Some(seat) || (deciding.is_none() && g.active == seat);
                    crate::app::style::group_frame(current).show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        ui.spacing_mut().item_spacing.y = 2.0;
                        ui.horizontal(|ui| {
                            crate::app::style::figure_chip(ui, seat_rgb(m, seat), knight_mark(k.knight), 24.0);
                            ui.vertical(|ui| {
                                ui.label(
                                    egui::RichText::new(m.config.seat_name(seat))
                                        .strong()
                                        .color(seat_colour(seat_rgb(m, seat))),
                                );
                                ui.label(egui::RichText::new(g.content().knight_name(k.knight)).small())
                                    .on_hover_text(
                                        g.content().knight(k.knight).map_or(String::new(), |d| d.power.clone()),
                                    );
                            });
                        });
                        ui.horizontal_wrapped(|ui| {
                            ui.label(
                                egui::RichText::new(format!("♥ {}", k.life))
                                    .strong()
                                    .color(if k.life <= 1 { WARN } else { PARCHMENT }),
                            )
                            .on_hover_text(format!("Life points (at most {})", n.max_life));
                            ui.label(format!(
                                "· {}",
                                crate::rules::counted(k.hand.len() as u64, "card", "cards")
                            ))
                            .on_hover_text("White cards in hand (only their owner sees them)");
                            let relics: Vec<&str> = k.relics().map(|r| r.name()).collect();
                            if !relics.is_empty() {
                                ui.label(egui::RichText::new(relics.join(", ")).color(GOLD));
                            }
                        });
                        ui.label(egui::RichText::new(location_words(g, k)).small().color(MUTED));
                        let loyalty = secrets.loyalty.get(seat).copied().unwrap_or(Loyalty::Unknown);
                        ui.horizontal_wrapped(|ui| match loyalty {
                            Loyalty::Traitor => {
                                ui.label(egui::RichText::new("The Traitor").strong().color(WARN))
                                    .on_hover_text(
                                        "A hint plays you as a Loyal Knight would, leaning toward Evil where it is \
                                     cheap and unnoticed, and striking where its lookahead finds a large blow",
                                    );
                                if mine && !handoff.all_seen && !k.revealed && g.outcome.is_none() {
                                    ui.label(egui::RichText::new("(only you see this)").small());
                                    if ui.small_button("Hide").clicked() {
                                        ui_state.peek = None;
                                    }
                                    if may_reveal == Some(seat)
                                        && ui
                                            .button("Reveal yourself")
                                            .on_hover_text(
                                                "Unmask yourself as the Traitor: you leave the Knights and play \
                                                 for Evil in the open",
                                            )
                                            .clicked()
                                    {
                                        ui_state.peek = None;
                                        requests.write(Play {
                                            seat,
                                            action: Action::RevealSelf,
                                        });
                                    }
                                }
                            }
                            Loyalty::Loyal => {
                                ui.label(egui::RichText::new("Loyal").strong().color(GOOD));
                                if mine && !handoff.all_seen && !k.revealed && g.outcome.is_none() {
                                    ui.label(egui::RichText::new("(only you see this)").small());
                                    if ui.small_button("Hide").clicked() {
                                        ui_state.peek = None;
                                    }
                                }
                            }
                            Loyalty::Unknown => {
                                if mine && g.loyalty_unseen {
                                    ui.label(
                                        egui::RichText::new(format!(
                                            "Loyalty card face down until {} Swords lie on the Round Table \
                                             (Three Brave Knights)",
                                            n.brave_knights_swords
                                        ))
                                        .small()
                                        .color(MUTED),
                                    );
                                } else if mine {
                                    if ui
                                        .button("Look at my Loyalty card")
                                        .on_hover_text("Only you: make sure no one else is watching")
                                        .clicked()
                                    {
                                        ui_state.peek = Some(seat);
                                    }
                                } else {
                                    ui.label(egui::RichText::new("Loyalty hidden").small().color(MUTED));
                                }
                            }
                        });
                        for line in accusation_words(m, g, seat) {
                            ui.label(egui::RichText::new(line).small());
                        }
                        if mine && !(secrets.black_top.is_empty() && secrets.black_bottom.is_empty()) {
                            ui.label(egui::RichText::new(black_pile_words(&secrets)).small().color(GOLD))
                                .on_hover_text(
                                    "What you looked at (Percival's look, Clairvoyance, Lancelot's Armor) and \
                                     still know: only you see this",
                                );
                        }
                    });
                }
            });
            crate::app::table::more_below(ui, &scrolled);
        });
    free.take_rest(&root);
    Ok(())
}

/// What a Knight's panel says of accusations: "Has accused Bo (Sir Kay)" on the accuser, and
/// "Accused by Ann (King Arthur) — Loyal" on the accused.
pub(in crate::app::tables::shadows) fn accusation_words(m: &Match<Shadows>, g: &Shadows, seat: Seat) -> Vec<String> {
    let name = |s: Seat| {
        g.knights.get(s).map_or_else(String::new, |k| {
            format!("{} ({})", m.config.seat_name(s), g.content().knight_name(k.knight))
        })
    };
    let mut lines = Vec::new();
    if let Some(target) = g.knights.get(seat).and_then(|k| k.accused_whom) {
        lines.push(format!("Has accused {}", name(target)));
    }
    for (by, k) in g.knights.iter().enumerate() {
        if k.accused_whom == Some(seat) {
            let was = match g.knights[seat].loyalty {
                Loyalty::Traitor => " — the Traitor",
                Loyalty::Loyal => " — Loyal",
                Loyalty::Unknown => "",
            };
            lines.push(format!("Accused by {}{was}", name(by)));
        }
    }
    lines
}

/// What the seat at the screen knows of the Black pile: "You know the next Black cards:
/// Excalibur, then Picts. Under the pile: Despair."
fn black_pile_words(secrets: &Shown) -> String {
    let names = |cards: &[Black]| cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(", then ");
    let mut words = Vec::new();
    match secrets.black_top.len() {
        0 => {}
        1 => words.push(format!("You know the next Black card: {}.", names(&secrets.black_top))),
        _ => words.push(format!("You know the next Black cards: {}.", names(&secrets.black_top))),
    }
    if !secrets.black_bottom.is_empty() {
        words.push(format!("Under the pile: {}.", names(&secrets.black_bottom)));
    }
    words.join(" ")
}
