//! The rules core's integration tests, one binary (`cargo test --test core`): the rules, the
//! bots, the table, the command line and the content through the crate's public API, without
//! Bevy. Each file is a module; the helpers more than one of them needs are in `common`. The
//! window's tests are the other binary, `tests/app.rs`.
//!
//! All run in one process on parallel threads: a test that writes files takes its own folder
//! (`common::temp_dir`, that is `rules::scratch::scratch_dir`), none sets an environment
//! variable or changes the current folder, and the `camelot` command line runs as a child
//! process (`env!("CARGO_BIN_EXE_camelot")`).

mod common;

mod balance;
mod bots;
mod court_rules;
mod crash;
mod hints;
mod online;
mod pinned;
mod places;
mod review;
mod secrets;
mod shadows_bots;
mod table;
mod tutorial;
mod words;
