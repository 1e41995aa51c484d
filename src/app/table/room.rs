//! What the table's parts share: the games that draw their own board, the part of the window no
//! panel has taken yet, a decision panel's steady height and a game's own breakdown of the result.

use crate::rules::GameId;
use bevy::prelude::*;
use bevy_egui::egui;

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
    /// The panel's minimum height this frame, for a window `width` points wide (the window's, not
    /// the panel's: the log shown or hidden keeps the height, and so the board's size).
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
