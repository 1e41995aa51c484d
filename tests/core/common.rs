//! What more than one of the rules core's test modules needs: the shipped content, a table's
//! setup, a fresh temporary folder, the `camelot` command.

use camelot::content::ContentSet;
use camelot::rules::court::CourtContent;
use camelot::rules::{SeatKind, TableConfig};
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// A new empty folder for one call: the process id and a counter keep two tests (on parallel
/// threads of this one binary) from ever sharing one, whatever `name` they pass.
pub fn temp_dir(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("camelot-test-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The `camelot` binary cargo built for these tests.
pub fn camelot() -> Command {
    Command::new(env!("CARGO_BIN_EXE_camelot"))
}
