//! What more than one of the rules core's test modules needs: the shipped content, a table's
//! setup, a fresh temporary folder, the `camelot` command.

use camelot::content::ContentSet;
use camelot::rules::Game;
use camelot::rules::court::{Court, CourtContent};
use camelot::rules::future::{Future, FutureContent};
use camelot::rules::shadows::{Shadows, ShadowsContent};
use camelot::rules::{SeatKind, TableConfig};
use std::process::Command;
use std::sync::Arc;
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

/// Game `game` of the Court's walks through hidden parts, and its number of seats.
pub fn court_game(content: &Arc<CourtContent>, game: u64) -> (Court, usize) {
    let players = 2 + (game as usize % 4);
    let g = Court::new_shared(&config(players, 100 + game, &[("target", "40")]), content).expect("setup");
    (g, players)
}

/// Game `game` of Die Zukunft's walks through hidden parts, and its number of seats.
pub fn future_game(content: &Arc<FutureContent>, game: u64) -> (Future, usize) {
    let players = 2 + (game as usize % 4);
    let heroes = if game.is_multiple_of(2) { "on" } else { "off" };
    let config = config(players, 200 + game, &[("heroes", heroes), ("sides", "random")]);
    (Future::new_shared(&config, content).expect("setup"), players)
}

/// Game `game` of Shadows' walks through hidden parts, and its number of seats.
pub fn shadows_game(content: &Arc<ShadowsContent>, game: u64) -> (Shadows, usize) {
    let mut players = 3 + (game as usize % 5);
    let loyalty = ["standard", "traitor", "among", "none"][game as usize % 4];
    let mut variants = vec![("loyalty", loyalty)];
    // Three Brave Knights: nobody has looked at his Loyalty card, his own included.
    if game.is_multiple_of(3) {
        players = 3;
        variants.push(("three_brave_knights", "on"));
    }
    let mut g = Shadows::new_shared(&config(players, 300 + game, &variants), content).expect("setup");
    // Lancelot's Armor is won late, if at all, in random play: one Knight wears it from the start.
    if game % 2 == 1 {
        g.knights[game as usize % players].armor = true;
    }
    (g, players)
}
