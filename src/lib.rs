//! Camelot: three Arthurian board games at one table.
//!
//! The rules core (`rules`, `content`, `bots`, `sim`, `review`, `tutorial`) is plain Rust and builds without Bevy
//! (`--no-default-features`); the window lives in `app` behind the default feature `gui`.

pub mod balance;
pub mod bots;
pub mod content;
pub mod crash;
pub mod library;
pub mod review;
pub mod rules;
pub mod saves;
pub mod sim;
pub mod tutorial;
pub mod version;

#[cfg(feature = "gui")]
pub mod app;
