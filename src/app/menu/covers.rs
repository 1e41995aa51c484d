//! The games to choose, each on a cover in the mood of its box.

use crate::app::icons::{Picture, Pictures};
use crate::app::shared::{MenuSetup, MenuState};
use crate::app::style::GOLD;
use crate::library::Library;
use crate::rules::GameId;
use bevy_egui::egui;
use std::collections::BTreeMap;

pub(super) fn game_list(
    ui: &mut egui::Ui,
    menu: &mut MenuState,
    library: &Library,
    setups: &BTreeMap<GameId, MenuSetup>,
    pictures: &Pictures,
) {
    ui.heading("Choose a game");
    ui.add_space(6.0);
    for game in crate::library::listed() {
        let selected = menu.game == game;
        if cover(ui, game, selected, pictures).clicked() && !selected {
            menu.game = game;
            menu.restore(library, setups);
        }
        ui.add_space(8.0);
    }
}

/// A game's look on its cover: two colours of its ground, its ink, and its two pictures.
pub(super) struct CoverLook {
    top: egui::Color32,
    bottom: egui::Color32,
    ink: egui::Color32,
    pictures: [Picture; 2],
}

pub(super) fn cover_look(game: GameId) -> CoverLook {
    let c = egui::Color32::from_rgb;
    match game {
        // The King's court: crimson and gold.
        GameId::Court => CoverLook {
            top: c(112, 24, 30),
            bottom: c(46, 10, 14),
            ink: c(236, 196, 104),
            pictures: [Picture::QueenCrown, Picture::RoundTable],
        },
        // The castle's future: night blue and violet, the magician's.
        GameId::Future => CoverLook {
            top: c(44, 52, 120),
            bottom: c(22, 16, 46),
            ink: c(214, 206, 255),
            pictures: [Picture::Castle, Picture::WizardFace],
        },
        // The shadows: a dark green-black, the Grail in pale gold.
        _ => CoverLook {
            top: c(30, 44, 36),
            bottom: c(8, 10, 12),
            ink: c(226, 214, 170),
            pictures: [Picture::BlackKnightHelm, Picture::HolyGrail],
        },
    }
}

/// A game's title screen in the menu: its ground in the mood of its box, its pictures, its title,
/// players and one line of what it is; framed in gold when chosen.
pub(super) fn cover(ui: &mut egui::Ui, game: GameId, selected: bool, pictures: &Pictures) -> egui::Response {
    let look = cover_look(game);
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 150.0), egui::Sense::click());
    let painter = ui.painter_at(rect);
    // The ground: a vertical gradient.
    let mut mesh = egui::Mesh::default();
    for (i, (y, colour)) in [(rect.top(), look.top), (rect.bottom(), look.bottom)]
        .into_iter()
        .enumerate()
    {
        mesh.colored_vertex(egui::pos2(rect.left(), y), colour);
        mesh.colored_vertex(egui::pos2(rect.right(), y), colour);
        let _ = i;
    }
    mesh.add_triangle(0, 1, 2);
    mesh.add_triangle(1, 2, 3);
    painter.add(egui::Shape::mesh(mesh));
    // The pictures on the right, the second larger behind the first.
    let big = rect.height() - 24.0;
    let at = egui::pos2(rect.right() - big - 16.0, rect.top() + 12.0);
    if let Some(image) = pictures.egui(look.pictures[1], big, look.ink.gamma_multiply(0.28)) {
        image.paint_at(ui, egui::Rect::from_min_size(at, egui::vec2(big, big)));
    }
    let small = big * 0.62;
    let at = egui::pos2(rect.right() - big - 16.0 - small * 0.55, rect.bottom() - small - 10.0);
    if let Some(image) = pictures.egui(look.pictures[0], small, look.ink) {
        image.paint_at(ui, egui::Rect::from_min_size(at, egui::vec2(small, small)));
    }
    // The title, the players, the line.
    let (lo, hi) = game.seats();
    let left = rect.left() + 18.0;
    painter.text(
        egui::pos2(left, rect.top() + 16.0),
        egui::Align2::LEFT_TOP,
        game.title(),
        egui::FontId::new(30.0, egui::FontFamily::Name("heading".into())),
        look.ink,
    );
    painter.text(
        egui::pos2(left, rect.top() + 58.0),
        egui::Align2::LEFT_TOP,
        format!("{lo}–{hi} players"),
        egui::FontId::proportional(15.0),
        egui::Color32::from_gray(220),
    );
    let galley = painter.layout(
        game.blurb().to_string(),
        egui::FontId::proportional(13.5),
        egui::Color32::from_gray(200),
        (width - big - 60.0).max(120.0),
    );
    painter.galley(
        egui::pos2(left, rect.top() + 84.0),
        galley,
        egui::Color32::from_gray(200),
    );
    // The frame: gold when chosen, a hint of it on hover.
    let stroke = if selected {
        egui::Stroke::new(3.0, GOLD)
    } else if response.hovered() {
        egui::Stroke::new(1.5, GOLD.gamma_multiply(0.6))
    } else {
        egui::Stroke::new(1.0, egui::Color32::from_gray(70))
    };
    painter.rect_stroke(rect, 8.0, stroke, egui::StrokeKind::Inside);
    response.on_hover_text(format!("Set up a game of {}", game.title()))
}
