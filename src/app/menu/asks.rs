//! What the menu's page reads and changes besides its own state, and what the players asked of it
//! this frame.

use crate::app::bridge::{MatchRes, SavesRes, StartMatch};
use crate::app::icons::Pictures;
use crate::app::shared::Settings;
use crate::library::Library;
use bevy_egui::egui;

/// What the menu asks of a saved game besides playing on: its text replayed, and reviewed too.
pub(super) type ReplayAsk = Option<(String, bool)>;

/// What the players asked of the menu this frame, for `menu_ui` to send on.
#[derive(Default)]
pub(crate) struct MenuAsks {
    pub(super) start: Option<StartMatch>,
    pub(super) learn: Option<crate::app::learn::ResumeLearning>,
    /// A save's text to replay, and whether to review it too.
    pub(super) replay: ReplayAsk,
    pub(super) quit: bool,
    /// Host or join a table online.
    pub(super) online: Option<crate::app::remote::OnlineAsk>,
    /// Where the *Finished games* header was drawn (the layout's test looks for it).
    pub(crate) finished_header: Option<egui::Rect>,
}

/// What the menu's page reads and changes besides its own state.
pub(crate) struct MenuWorld<'a> {
    pub(crate) library: &'a Library,
    pub(crate) res: &'a mut MatchRes,
    pub(crate) settings: &'a mut crate::app::settings::SettingsWindow,
    pub(crate) balance: &'a mut crate::app::balance_window::BalanceWindow,
    pub(crate) kept: &'a mut Settings,
    pub(crate) pictures: &'a Pictures,
    pub(crate) saves: &'a SavesRes,
    pub(crate) online: &'a mut super::online::OnlineMenu,
}
