//! What more than one of the rules core's test modules needs: the shipped content, a table's
//! setup, a fresh temporary folder, the `camelot` command.

use camelot::content::ContentSet;
use camelot::rules::court::CourtContent;
use camelot::rules::{SeatKind, TableConfig};
use std::process::Command;
use std::sync::OnceLock;

/// The Court's shipped content, loaded once for the whole binary.
pub fn content() -> &'static CourtContent {
    static CONTENT: OnceLock<CourtContent> = OnceLock::new();
    CONTENT.get_or_init(|| match CourtContent::load(&ContentSet::embedded()) {
        Ok(c) => c,
        Err(e) => panic!("the shipped content does not load: {e:?}"),
    })
}

/// A table of `players` human seats with `variants` set.
pub fn config(players: usize, seed: u64, variants: &[(&str, &str)]) -> TableConfig {
    let mut c = TableConfig::with_players(players, SeatKind::Human, seed);
    for (k, v) in variants {
        c.variants.insert(k.to_string(), v.to_string());
    }
    c
}

/// A new empty folder for one call (`scratch_dir`: its own for each call, swept once its
/// process has ended).
pub use camelot::rules::scratch::scratch_dir as temp_dir;

/// The `camelot` binary cargo built for these tests.
pub fn camelot() -> Command {
    Command::new(env!("CARGO_BIN_EXE_camelot"))
}
