//! Camelot: three Arthurian board games at one table.
//!
//! The rules core (`rules`, `content`, `bots`, `sim`, `review`, `tutorial`) is plain Rust and builds without Bevy
//! (`--no-default-features`); the window lives in `app` behind the default feature `gui`.

pub mod balance;
pub mod bots;
pub mod content;
pub mod crash;
pub mod library;
pub mod online;
pub mod review;
pub mod rules;
pub mod saves;
pub mod sim;
pub mod tutorial;
pub mod version;

#[cfg(feature = "gui")]
pub mod app;

/// The smallest window, in pixels, every table is laid out for: the interface's reference size at
/// its smallest zoom (`app::style::REFERENCE` times `app::style::MIN_ZOOM`). `--window-size`
/// refuses a smaller one in words, and the window cannot be made smaller.
pub const MIN_WINDOW: (u32, u32) = (1024, 640);
