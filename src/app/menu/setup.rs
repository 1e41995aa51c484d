//! The seats, variants and seed of the game to start, each field saying what is wrong with it,
//! and the menu's buttons.

use super::asks::{MenuAsks, MenuWorld};
use super::colours::{choose_per_seat, colours_value_of, per_seat_values, pick_colour, seat_colours};
use crate::app::bridge::StartMatch;
use crate::app::shared::{MenuState, Settings};
use crate::app::style::WARN;
use crate::library::Library;
use crate::rules::{
    Difficulty, GameId, SEAT_COLOURS, SEAT_NAMES, Seat, SeatColours, SeatConfig, SeatKind, VariantKind, VariantSpec,
};
use bevy_egui::egui;
use std::collections::BTreeMap;

/// The widest a variant's description runs in the menu before it wraps.
const VARIANT_LABEL_WIDTH: f32 = 380.0;

/// A variant's offered values as the menu lists them: numbers from smallest to largest, words as
/// the game gives them (its default first).
pub(super) fn ordered_options(options: &[String]) -> Vec<String> {
    let mut out = options.to_vec();
    if out.iter().all(|o| o.trim().parse::<f64>().is_ok()) {
        out.sort_by(|a, b| {
            let (x, y) = (
                a.trim().parse::<f64>().unwrap_or(0.0),
                b.trim().parse::<f64>().unwrap_or(0.0),
            );
            x.total_cmp(&y)
        });
    }
    out
}

/// How a seat's kind reads in its drop-down.
fn kind_label(kind: SeatKind) -> &'static str {
    match kind {
        SeatKind::Human => "Human",
        SeatKind::Bot(Difficulty::Easy) => "Bot — easy",
        SeatKind::Bot(Difficulty::Normal) => "Bot — normal",
        SeatKind::Bot(Difficulty::Hard) => "Bot — hard",
    }
}

pub(super) fn setup_panel(ui: &mut egui::Ui, menu: &mut MenuState, world: &mut MenuWorld, asks: &mut MenuAsks) {
    let game = menu.game;
    ui.heading(format!("Seats — {}", game.title()));
    ui.add_space(6.0);
    seat_rows(ui, menu, world.library);
    add_seat_row(ui, menu, world.library);
    ui.add_space(10.0);
    variants_grid(ui, menu, world.library);
    seed_row(ui, menu);
    ui.add_space(16.0);
    start_row(ui, menu, world, asks);
}

/// A variant chosen seat by seat among named values, as the seats' rows show it.
struct PerSeatRow<'a> {
    spec: &'a VariantSpec,
    choices: &'a [(String, String)],
    /// Each seat's value, in seat order.
    values: Vec<String>,
}

/// Colours played seat by seat, as the seats' rows show them.
struct ColourRow<'a> {
    spec: &'a VariantSpec,
    palette: &'a SeatColours,
    /// Each seat's colours, in seat order.
    groups: Vec<Vec<u8>>,
    /// What a row says instead while the colours are chosen at the table.
    at_table: Option<&'static str>,
}

/// The seats, a row each: the colour (or the colours it plays), the name, human or bot, what is
/// chosen seat by seat (The Court's faction and tights), hints, and *Remove*.
fn seat_rows(ui: &mut egui::Ui, menu: &mut MenuState, library: &Library) {
    let game = menu.game;
    let (lo, _) = game.seats();
    let mut remove = None;
    let can_remove = menu.seats.len() > lo;
    let variants = library.variants(game);
    // Variants chosen seat by seat (The Court's factions) are picked in the seat rows.
    let mut per_seat: Vec<PerSeatRow> = variants
        .iter()
        .filter_map(|spec| {
            let VariantKind::PerSeat(choices) = &spec.kind else {
                return None;
            };
            let value = menu.variants.get(spec.key).map(String::as_str).unwrap_or("");
            Some(PerSeatRow {
                spec,
                choices,
                values: per_seat_values(value, choices, menu.seats.len()),
            })
        })
        .collect();
    // Yes-or-no variants seat by seat (The Court's tights), as the seats they say yes for.
    let mut flags: Vec<(&VariantSpec, &'static str, Vec<Seat>)> = variants
        .iter()
        .filter_map(|spec| {
            let VariantKind::SeatFlag(label) = spec.kind else {
                return None;
            };
            let value = menu.variants.get(spec.key).map(String::as_str).unwrap_or("");
            Some((spec, label, VariantSpec::flagged_seats(value, menu.seats.len())))
        })
        .collect();
    // Colours played seat by seat (Die Zukunft's), in place of a seat's own colour: the seats'
    // colours, or what the rows say while the colours are chosen at the table.
    let mut colours: Option<ColourRow> = variants.iter().find_map(|spec| {
        let VariantKind::SeatColours(palette) = &spec.kind else {
            return None;
        };
        let value = menu.variants.get(spec.key).map(String::as_str).unwrap_or("");
        let at_table = palette
            .at_table
            .filter(|(v, _)| value.trim() == *v)
            .map(|(_, words)| words);
        Some(ColourRow {
            spec,
            palette,
            groups: seat_colours(palette, value, menu.seats.len()),
            at_table,
        })
    });
    let mut colours_picked = false;
    for (i, seat) in menu.seats.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.add_sized([22.0, 26.0], egui::Label::new(format!("{}.", i + 1)));
            match colours.as_mut() {
                Some(row) => {
                    colours_picked |= colour_pickers(ui, i, row.palette, &mut row.groups, row.at_table);
                }
                None => {
                    ui.color_edit_button_srgb(&mut seat.colour).on_hover_text("Seat colour");
                }
            }
            name_field(ui, &mut seat.name);
            egui::ComboBox::from_id_salt(("kind", i))
                .selected_text(kind_label(seat.kind))
                .width(150.0)
                .show_ui(ui, |ui| {
                    for kind in [
                        SeatKind::Human,
                        SeatKind::Bot(Difficulty::Easy),
                        SeatKind::Bot(Difficulty::Normal),
                        SeatKind::Bot(Difficulty::Hard),
                    ] {
                        ui.selectable_value(&mut seat.kind, kind, kind_label(kind));
                    }
                });
            for PerSeatRow { spec, choices, values } in per_seat.iter_mut() {
                let Some(current) = values.get(i).cloned() else {
                    continue;
                };
                let label = |v: &str| {
                    choices
                        .iter()
                        .find(|(value, _)| value == v)
                        .map_or(v.to_string(), |(_, label)| label.clone())
                };
                egui::ComboBox::from_id_salt(("per-seat", spec.key, i))
                    .selected_text(label(&current))
                    .width(120.0)
                    .show_ui(ui, |ui| {
                        for (value, name) in choices.iter() {
                            if ui.selectable_label(*value == current, name).clicked() {
                                choose_per_seat(values, i, value);
                            }
                        }
                    })
                    .response
                    .on_hover_text(spec.label);
            }
            if seat.kind.is_human() {
                ui.checkbox(&mut seat.hints, "Hints").on_hover_text(
                    "Whether this player may ask for a hint (H): the hard bot's move from this seat's view, with its reasons",
                );
            }
            for (spec, label, seats) in flags.iter_mut() {
                let mut on = seats.contains(&i);
                if ui.checkbox(&mut on, *label).on_hover_text(spec.label).changed() {
                    seats.retain(|&s| s != i);
                    if on {
                        seats.push(i);
                        seats.sort_unstable();
                    }
                }
            }
            if ui
                .add_enabled(can_remove, egui::Button::new("Remove"))
                .on_hover_text("Remove this seat")
                .clicked()
            {
                remove = Some(i);
            }
        });
    }
    for PerSeatRow { spec, values, .. } in per_seat {
        menu.variants.insert(spec.key.to_string(), values.join(","));
    }
    if let Some(row) = colours.filter(|_| colours_picked) {
        menu.variants
            .insert(row.spec.key.to_string(), colours_value_of(row.palette, &row.groups));
    }
    if let Some(i) = remove {
        let before = menu.seats.len();
        menu.seats.remove(i);
        menu.refit_colours(library, before, Some(i));
        // The seats after the removed one move up a number.
        for (_, _, seats) in flags.iter_mut() {
            seats.retain(|&s| s != i);
            for s in seats.iter_mut().filter(|s| **s > i) {
                *s -= 1;
            }
        }
    }
    for (spec, _, seats) in flags {
        menu.variants
            .insert(spec.key.to_string(), VariantSpec::flag_value(&seats));
    }
}

/// A seat's colours (two where each seat plays two), each a chip and a drop-down; a colour
/// another seat has swaps. Whether one was picked.
fn colour_pickers(
    ui: &mut egui::Ui,
    seat: usize,
    palette: &SeatColours,
    groups: &mut [Vec<u8>],
    at_table: Option<&str>,
) -> bool {
    let mut picked = false;
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        if let Some(words) = at_table {
            ui.add_sized([22.0, 26.0], egui::Label::new("?")).on_hover_text(words);
            return;
        }
        let title = |c: u8| {
            palette
                .palette
                .get(c as usize)
                .map_or("?".into(), |p| crate::rules::capitalised(p.0))
        };
        let mine = groups.get(seat).cloned().unwrap_or_default();
        for (k, c) in mine.into_iter().enumerate() {
            if let Some((_, rgb, mark)) = palette.palette.get(c as usize) {
                crate::app::style::figure_chip(ui, *rgb, mark, 22.0);
            }
            // Wide enough for every colour's name: the names beside stay in a column.
            egui::ComboBox::from_id_salt(("seat-colour", seat, k))
                .selected_text(title(c))
                .width(84.0)
                .show_ui(ui, |ui| {
                    for to in 0..palette.palette.len() as u8 {
                        if ui.selectable_label(to == c, title(to)).clicked() {
                            pick_colour(groups, seat, k, to);
                            picked = true;
                        }
                    }
                })
                .response
                .on_hover_text(palette.tip);
        }
    });
    picked
}

/// *+ Add seat*, and how many there are of how many the game takes.
fn add_seat_row(ui: &mut egui::Ui, menu: &mut MenuState, library: &Library) {
    let (lo, hi) = menu.game.seats();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(menu.seats.len() < hi, egui::Button::new("+ Add seat"))
            .clicked()
        {
            let i = menu.seats.len();
            let colour = SEAT_COLOURS
                .iter()
                .find(|c| !menu.seats.iter().any(|s| &s.colour == *c))
                .copied()
                .unwrap_or(SEAT_COLOURS[i % SEAT_COLOURS.len()]);
            let name = SEAT_NAMES
                .iter()
                .find(|n| !menu.seats.iter().any(|s| s.name == **n))
                .copied()
                .unwrap_or("Knight");
            menu.seats.push(SeatConfig {
                name: name.to_string(),
                kind: SeatKind::Bot(Difficulty::Normal),
                colour,
                hints: true,
            });
            menu.refit_colours(library, i, None);
        }
        ui.label(egui::RichText::new(format!("{} of {lo}–{hi} seats", menu.seats.len())).small());
    });
}

/// The variants the game offers (those not chosen seat by seat), each a drop-down, a value of
/// one's own beside it where the game takes any.
fn variants_grid(ui: &mut egui::Ui, menu: &mut MenuState, library: &Library) {
    let game = menu.game;
    let variants = library.variants(game);
    let variants: Vec<&VariantSpec> = variants.iter().filter(|spec| spec.for_the_table()).collect();
    if !variants.is_empty() {
        ui.heading("Variants");
        egui::Grid::new("variants")
            .num_columns(3)
            .spacing([10.0, 8.0])
            .show(ui, |ui| {
                for spec in variants {
                    // A long description wraps, so the control beside it stays in the window.
                    ui.vertical(|ui| {
                        ui.set_max_width(VARIANT_LABEL_WIDTH);
                        ui.add(egui::Label::new(spec.label).wrap());
                    });
                    let value = menu
                        .variants
                        .entry(spec.key.to_string())
                        .or_insert_with(|| spec.options.first().cloned().unwrap_or_default());
                    // One control: the offered values in order, and for a variant that takes any
                    // value "Other…", which opens a box to type it in.
                    let options = ordered_options(&spec.options);
                    let own = spec.custom() && !options.contains(value);
                    egui::ComboBox::from_id_salt(("variant", spec.key))
                        .selected_text(if own { "Other…".to_string() } else { value.clone() })
                        .show_ui(ui, |ui| {
                            for option in &options {
                                ui.selectable_value(value, option.clone(), option);
                            }
                            if spec.custom() && ui.selectable_label(own, "Other…").clicked() && !own {
                                value.clear();
                            }
                        });
                    if own {
                        // As wide as the value (a list of colours is long), within the window,
                        // with what is wrong with it beneath.
                        let width = (value.chars().count().max(14) as f32 * 8.5).min(ui.available_width().max(120.0));
                        let problem = variant_problem(library, game, &menu.seats, spec.key, value);
                        ui.vertical(|ui| {
                            ui.add(
                                egui::TextEdit::singleline(value)
                                    .hint_text("type a value")
                                    .desired_width(width),
                            );
                            if let Some(p) = problem {
                                field_problem(ui, &p);
                            }
                        });
                    } else {
                        ui.label("");
                    }
                    ui.end_row();
                }
            });
        ui.add_space(10.0);
    }
}

/// The seed, behind *Choose the seed*.
fn seed_row(ui: &mut egui::Ui, menu: &mut MenuState) {
    // A seed only for whoever asks for one, and cleared once the game starts: the next player
    // does not find it there and deal the same hidden cards.
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut menu.seed_shown, "Choose the seed").on_hover_text(
            "The same seed, seats and moves give the same game. Without one, each game is dealt at random; a seed \
             typed here is cleared when the game starts",
        );
        if menu.seed_shown {
            ui.add(
                egui::TextEdit::singleline(&mut menu.seed_text)
                    .hint_text("random")
                    .desired_width(180.0),
            );
            if let Some(p) = menu.seed_problem() {
                field_problem(ui, &p);
            }
        }
    });
}

/// *Start game*, *Learn to play*, *Quit*, *Settings*, *Balance*, and what stops the start.
fn start_row(ui: &mut egui::Ui, menu: &mut MenuState, world: &mut MenuWorld, asks: &mut MenuAsks) {
    let library = world.library;
    let game = menu.game;
    let content_ok = library.content_ok(game);
    // What stops the game from starting, said beside the button (each field says its own).
    let problem = start_problem(menu, library);
    let startable = content_ok && problem.is_none();
    ui.horizontal(|ui| {
        let button =
            egui::Button::new(egui::RichText::new("Start game").size(20.0).strong()).min_size(egui::vec2(180.0, 44.0));
        let response = ui.add_enabled(startable, button);
        let response = if !content_ok {
            response.on_disabled_hover_text("Fix the content problems listed above first")
        } else if let Some(p) = &problem {
            response.on_disabled_hover_text(format!("First: {p}"))
        } else {
            response
        };
        if response.clicked() {
            match menu.table_config() {
                Ok(config) => {
                    asks.start = Some(StartMatch::New { game, config });
                    menu.started();
                    // The menu opens with this setup next time.
                    world.kept.last_game = Some(game);
                    world.kept.setups.insert(game, menu.setup());
                    if let Err(e) = world.kept.save_to(&Settings::path()) {
                        world.res.notice = Some(format!("The setup was not kept: {e}"));
                    }
                }
                Err(e) => world.res.notice = Some(e),
            }
        }
        let learn = egui::Button::new(egui::RichText::new("Learn to play").size(18.0)).min_size(egui::vec2(150.0, 44.0));
        if ui
            .add_enabled(startable, learn)
            .on_hover_text(format!(
                "A guided first game of {}: a short game with you and easy bots, where callouts show what matters and why",
                game.title()
            ))
            .clicked()
        {
            menu.learn = Some(game);
        }
        if ui
            .add(egui::Button::new(egui::RichText::new("Quit").size(18.0)).min_size(egui::vec2(100.0, 44.0)))
            .clicked()
        {
            asks.quit = true;
        }
        if ui
            .add(egui::Button::new(egui::RichText::new("Settings").size(18.0)).min_size(egui::vec2(100.0, 44.0)))
            .on_hover_text("Animations, volume, interface scale, colours, fullscreen (F2)")
            .clicked()
        {
            world.settings.open = !world.settings.open;
        }
        if ui
            .add(egui::Button::new(egui::RichText::new("Balance").size(18.0)).min_size(egui::vec2(100.0, 44.0)))
            .on_hover_text("What does the content do? Bots play many games and the bench tells")
            .clicked()
        {
            world.balance.open = !world.balance.open;
        }
    });
    if let Some(p) = problem.filter(|_| content_ok) {
        field_problem(ui, &format!("Before the game can start: {p}."));
    }
    ui.add_space(8.0);
    super::online::host_options(ui, menu, world, asks, startable);
}

/// A seat's name, as long as `NAME_LIMIT` letters at most (the limit is shown while it is typed);
/// what is wrong with it beside it.
fn name_field(ui: &mut egui::Ui, name: &mut String) {
    use crate::rules::{NAME_LIMIT, TableConfig};
    let field = ui
        .add_sized([132.0, 26.0], egui::TextEdit::singleline(name).char_limit(NAME_LIMIT))
        .on_hover_text(format!("The seat's name: up to {NAME_LIMIT} letters"));
    let letters = name.chars().count();
    if let Some(p) = TableConfig::name_problem(name) {
        field_problem(ui, &p);
    } else if field.has_focus() {
        let count = egui::RichText::new(format!("{letters}/{NAME_LIMIT}")).small();
        ui.label(if letters >= NAME_LIMIT {
            count.color(WARN)
        } else {
            count.weak()
        });
    }
}

/// What is wrong with a field, in words, beside or beneath it.
fn field_problem(ui: &mut egui::Ui, words: &str) {
    ui.add(egui::Label::new(egui::RichText::new(words).small().color(WARN)).wrap());
}

/// What is wrong with a variant's own value ("Other…"): none typed, or what the game says of a
/// table with these seats and this value (the rest left at their defaults).
fn variant_problem(library: &Library, game: GameId, seats: &[SeatConfig], key: &str, value: &str) -> Option<String> {
    if value.trim().is_empty() {
        return Some("type a value, or choose one from the list".into());
    }
    let config = crate::rules::TableConfig {
        seats: seats.to_vec(),
        seed: 1,
        variants: BTreeMap::from([(key.to_string(), value.to_string())]),
    };
    library.new_match(game, config).err()
}

/// What stops a game with these choices from starting, in words: a seat's name, the seed, a
/// variant (each also said beside its field), or the table as a whole.
fn start_problem(menu: &MenuState, library: &Library) -> Option<String> {
    for (i, seat) in menu.seats.iter().enumerate() {
        if let Some(p) = crate::rules::TableConfig::name_problem(&seat.name) {
            return Some(format!("seat {}'s name {p}", i + 1));
        }
    }
    if let Some(p) = menu.seed_problem() {
        return Some(format!("the seed {p}"));
    }
    for spec in library.variants(menu.game) {
        // A value of one's own ("Other…") left empty.
        if let Some(v) = menu.variants.get(spec.key)
            && spec.custom()
            && spec.for_the_table()
            && !spec.options.contains(v)
            && v.trim().is_empty()
        {
            return Some(format!("{}: type a value, or choose one from the list", spec.key));
        }
    }
    let config = menu.table_config().ok()?;
    library.new_match(menu.game, config).err()
}
