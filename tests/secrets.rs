//! Secrets stay secret, as a class: in all three games, who is asked to decide and the words
//! everyone reads depend on the public record only.
//!
//! For positions of random games, every seat's view is dealt out again at random
//! (`BotHints::determinize`: everything that seat cannot see re-dealt, consistently with what it
//! can). The re-dealt state must ask the same seat the same question in the same words. Then the
//! same action is applied to both; where everyone reads the same log lines afterwards (the same
//! public happening: the same card turned up, the same die), the next decision must again be the
//! same seat with the same words. A rule that asks "whoever holds a Merlin" fails here the first
//! time the re-deal moves a Merlin.

use camelot::bots::BotHints;
use camelot::content::ContentSet;
use camelot::rules::court::{Court, CourtContent};
use camelot::rules::future::{Future, FutureContent};
use camelot::rules::shadows::{Shadows, ShadowsContent};
use camelot::rules::{Game, GameRng, Pending, Seat, SeatKind, TableConfig, Tagged};

/// The log lines of these events that everyone may read.
fn public_lines<G: Game>(g: &G, events: &[Tagged<G::Event>]) -> Vec<String> {
    g.log_lines(events)
        .into_iter()
        .filter(|(to, line)| to.shows_to(None) && !line.is_empty())
        .map(|(_, line)| line)
        .collect()
}

/// Whose decision it is and in what words, as the table shows it to everyone.
fn asked<G: Game>(g: &G) -> Pending {
    g.pending()
}

struct Tally {
    /// Re-dealt states compared before an action.
    before: usize,
    /// Pairs compared after the same public happening.
    after: usize,
}

/// Walks `games` random games of `G` from `setup(game number)` (the game and its number of
/// seats), comparing every position with `redeals` re-deals of random seats' views.
fn same_question_whatever_is_hidden<G: BotHints>(
    name: &str,
    games: u64,
    redeals: usize,
    max_steps: usize,
    setup: impl Fn(u64) -> (G, usize),
) -> Tally {
    let mut rng = GameRng::seeded(2024);
    let mut tally = Tally { before: 0, after: 0 };
    for game in 0..games {
        let (mut g, seats) = setup(game);
        let mut legal = Vec::new();
        for step in 0..max_steps {
            if g.to_act().is_none() {
                break;
            }
            g.legal_actions_into(&mut legal);
            assert!(!legal.is_empty(), "{name} game {game} step {step}: nothing legal");
            let action = legal[rng.below(legal.len() as u32) as usize].clone();
            for _ in 0..redeals {
                let seat = rng.below(seats as u32) as Seat;
                let Some(mut other) = G::determinize(&g.view(seat), &mut rng) else {
                    panic!("{name} game {game} step {step}: seat {seat}'s view cannot be dealt")
                };
                tally.before += 1;
                assert_eq!(
                    asked(&other),
                    asked(&g),
                    "{name} game {game} step {step}: a re-deal for seat {seat} changes who is asked or the words"
                );
                let mut real = g.clone();
                let (Ok(a), Ok(b)) = (real.apply(&action), other.apply(&action)) else {
                    continue;
                };
                if public_lines(&real, &a) != public_lines(&other, &b) {
                    continue;
                }
                tally.after += 1;
                assert_eq!(
                    asked(&other),
                    asked(&real),
                    "{name} game {game} step {step}: after {action:?} (everyone read {:?}), a re-deal for seat {seat} asks another seat or in other words",
                    public_lines(&real, &a)
                );
            }
            if let Err(e) = g.apply(&action) {
                panic!("{name}: a legal action was refused: {e}");
            }
        }
    }
    tally
}

fn config(players: usize, seed: u64, variants: &[(&str, &str)]) -> TableConfig {
    let mut c = TableConfig::with_players(players, SeatKind::Human, seed);
    for (k, v) in variants {
        c.variants.insert(k.to_string(), v.to_string());
    }
    c
}

#[test]
fn shadows_asks_and_words_by_the_public_record_only() {
    let content = std::sync::Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("content"));
    let t = same_question_whatever_is_hidden("shadows", 60, 4, 400, |game| {
        let players = 3 + (game as usize % 5);
        let loyalty = ["standard", "traitor", "none"][game as usize % 3];
        let g = Shadows::new_shared(&config(players, game, &[("loyalty", loyalty)]), &content).expect("setup");
        (g, players)
    });
    assert!(
        t.before > 10_000 && t.after > 2_000,
        "too few comparisons: {} / {}",
        t.before,
        t.after
    );
}

#[test]
fn the_court_asks_and_words_by_the_public_record_only() {
    let content = std::sync::Arc::new(CourtContent::load(&ContentSet::embedded()).expect("content"));
    let t = same_question_whatever_is_hidden("court", 24, 3, 300, |game| {
        let players = 2 + (game as usize % 4);
        let g = Court::new_shared(&config(players, game, &[("target", "50")]), &content).expect("setup");
        (g, players)
    });
    assert!(
        t.before > 5_000 && t.after > 1_000,
        "too few comparisons: {} / {}",
        t.before,
        t.after
    );
}

#[test]
fn die_zukunft_asks_and_words_by_the_public_record_only() {
    let content = std::sync::Arc::new(FutureContent::load(&ContentSet::embedded()).expect("content"));
    let t = same_question_whatever_is_hidden("future", 30, 3, 400, |game| {
        let players = 2 + (game as usize % 4);
        let heroes = if game % 2 == 0 { "on" } else { "off" };
        let config = config(players, game, &[("heroes", heroes), ("sides", "random")]);
        (Future::new_shared(&config, &content).expect("setup"), players)
    });
    assert!(
        t.before > 5_000 && t.after > 1_000,
        "too few comparisons: {} / {}",
        t.before,
        t.after
    );
}
