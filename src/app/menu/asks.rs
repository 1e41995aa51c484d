//! What the menu's page reads and changes besides its own state, and what the players asked of it
//! this frame.

use crate::app::bridge::{MatchRes, SavesRes, StartMatch};
use crate::app::icons::Pictures;
use crate::app::shared::Settings;
use crate::library::Library;
use crate::online::protocol::RoomRules;
use crate::online::recent::Recent;
use bevy::prelude::*;
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
    pub(crate) online: &'a mut OnlineMenu,
}

/// What the menu's online part holds between frames.
#[derive(Resource)]
pub struct OnlineMenu {
    /// The invitation being pasted or typed.
    pub code: String,
    /// The name to join under.
    pub name: String,
    /// The tables joined lately (read when the menu opens).
    pub recent: Vec<Recent>,
    pub port: String,
    /// Where friends reach this computer, written into the invitation.
    pub address: String,
    /// Seconds a seat of a player gone waits for a bot (`None`: the table waits).
    pub bot_after: Option<u32>,
    pub watchers: bool,
    /// *Paste* was pressed: the clipboard's text goes into `code` next frame.
    pub paste: bool,
}

impl Default for OnlineMenu {
    fn default() -> OnlineMenu {
        OnlineMenu {
            code: String::new(),
            name: String::new(),
            recent: Vec::new(),
            port: "7471".into(),
            address: "127.0.0.1".into(),
            bot_after: RoomRules::DEFAULT.bot_after,
            watchers: true,
            paste: false,
        }
    }
}
