//! Secrets stay secret, as a class: in all three games, who is asked to decide and the words
//! everyone reads depend on the public record only.
//!
//! Two ways in. First, the *real* state is changed where one seat cannot see
//! (`rules::secrets::Perturb`: another seat's hand and a pile swapped, a pile reordered, a
//! face-down card, a hidden tile or a Loyalty card exchanged, another generator): the seat's view,
//! who is asked and in what words, the seat's legal actions, every bot level's decision and its
//! hint must all stay the same, and after the seat's own action that reveals nothing (no card, no
//! die) its view and everyone's log lines too. A view that forgets to hide a part shows the change
//! and fails here; a difference is always a failure, never a skip. Second, every seat's view is
//! dealt out again at random (`BotHints::determinize`), and the re-dealt state must ask the same
//! seat the same question in the same words: a rule that asks "whoever holds a Merlin" fails the
//! first time the re-deal moves a Merlin.

use crate::common::config;
use camelot::bots::{self, BotHints, BotKind, Budget};
use camelot::content::ContentSet;
use camelot::library::{Hint, hint_job_of, hint_seed, rate_position};
use camelot::rules::court::{Court, CourtContent};
use camelot::rules::future::{Future, FutureContent};
use camelot::rules::secrets::Perturb;
use camelot::rules::shadows::{Shadows, ShadowsContent};
use camelot::rules::{Difficulty, Game, GameRng, Pending, Seat, Tagged};
use std::collections::BTreeMap;

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
    let mut tally = Tally { before: 0 };
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
                let Some(other) = G::determinize(&g.view(seat), &mut rng) else {
                    panic!("{name} game {game} step {step}: seat {seat}'s view cannot be dealt")
                };
                tally.before += 1;
                assert_eq!(
                    asked(&other),
                    asked(&g),
                    "{name} game {game} step {step}: a re-deal for seat {seat} changes who is asked or the words"
                );
            }
            if let Err(e) = g.apply(&action) {
                panic!("{name}: a legal action was refused: {e}");
            }
        }
    }
    tally
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
    assert!(t.before > 10_000, "too few comparisons: {}", t.before);
}

#[test]
fn the_court_asks_and_words_by_the_public_record_only() {
    let content = std::sync::Arc::new(CourtContent::load(&ContentSet::embedded()).expect("content"));
    let t = same_question_whatever_is_hidden("court", 24, 3, 300, |game| {
        let players = 2 + (game as usize % 4);
        let g = Court::new_shared(&config(players, game, &[("target", "50")]), &content).expect("setup");
        (g, players)
    });
    assert!(t.before > 5_000, "too few comparisons: {}", t.before);
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
    assert!(t.before > 5_000, "too few comparisons: {}", t.before);
}

/// Hard's search made small and without a clock cap, so that it decides the same however loaded
/// the machine is.
fn small(b: Budget) -> Budget {
    Budget {
        iterations: 60,
        time_cap: std::time::Duration::from_secs(600),
        ..b
    }
}

/// The log lines of these events that `viewer` reads.
fn lines_for<G: Game>(g: &G, events: &[Tagged<G::Event>], viewer: Seat) -> Vec<String> {
    g.log_lines(events)
        .into_iter()
        .filter(|(to, line)| to.shows_to(Some(viewer)) && !line.is_empty())
        .map(|(_, line)| line)
        .collect()
}

/// How often each change of a hidden part was tried, and how much was compared.
#[derive(Default)]
struct Changes {
    tried: BTreeMap<&'static str, usize>,
    decisions: usize,
    hints: usize,
    after: usize,
}

/// Walks `games` random games of `G` from `setup(game number)`, and at each position changes the
/// real state where each seat cannot see: what that seat sees and who is asked in what words must
/// not change, nor, for the seat to act, its legal actions, how every bot level decides for it,
/// its hint and what it sees after its own action.
/// Every `deep`th position asks the searching levels and the hint too.
fn nothing_seen_changes_with_what_is_hidden<G: Perturb + BotHints>(
    name: &str,
    games: u64,
    max_steps: usize,
    deep: usize,
    setup: impl Fn(u64) -> (G, usize),
) -> Changes {
    let mut rng = GameRng::seeded(35);
    let mut changes = Changes::default();
    let levels = [
        BotKind::Random,
        BotKind::Heuristic,
        BotKind::Level(Difficulty::Easy),
        BotKind::Level(Difficulty::Normal),
        BotKind::Level(Difficulty::Hard),
    ];
    for game in 0..games {
        let (mut g, seats) = setup(game);
        for step in 0..max_steps {
            let Some(actor) = g.to_act() else { break };
            let legal = g.legal_actions();
            let action = legal[rng.below(legal.len() as u32) as usize].clone();
            let deep_here = step % deep == 0;
            for viewer in 0..seats {
                let view = g.view(viewer);
                let at = |what: &str| format!("{name} game {game} step {step}, seat {viewer}, {what} changed");
                for (what, p) in g.perturbations(viewer, &mut rng) {
                    *changes.tried.entry(what).or_default() += 1;
                    assert!(G::differs(&g, &p), "{}: the change changed nothing", at(what));
                    assert!(
                        G::same_view(&view, &p.view(viewer)),
                        "{}: the seat's view shows it",
                        at(what)
                    );
                    assert_eq!(p.pending(), g.pending(), "{}: who is asked, or the words", at(what));
                    if viewer != actor {
                        continue;
                    }
                    assert_eq!(p.legal_actions(), legal, "{}: the seat's legal actions", at(what));
                    for kind in levels {
                        let searching = matches!(kind, BotKind::Level(Difficulty::Normal | Difficulty::Hard));
                        if searching && !deep_here {
                            continue;
                        }
                        let seed = rng.next_u64();
                        let decide = |s: &G| {
                            bots::decide_with::<G>(kind, &s.view(viewer), &legal, &mut GameRng::seeded(seed), small)
                                .action
                        };
                        changes.decisions += 1;
                        assert_eq!(decide(&p), decide(&g), "{}: the {kind} bot's decision", at(what));
                    }
                    if deep_here {
                        // The review of this decision (with the hint it holds: the one the
                        // seat would be shown here) is the same whatever is hidden.
                        let seed = rng.next_u64();
                        let review = |s: &G| rate_position(s, seed, step, &action, Some(small));
                        changes.hints += 1;
                        let reviewed = review(&g);
                        assert_eq!(review(&p), reviewed, "{}: the hint and the review", at(what));
                        let hint = hint_job_of(&g, hint_seed(seed, step), Some(small))
                            .map(|job| Hint { seconds: 0.0, ..job() });
                        if let Some(r) = reviewed {
                            assert_eq!(Some(r.hint), hint, "{}: the review's hint is the hint", at(what));
                        }
                    }
                    // The seat's own action: unless it turns up a card or a die (a reveal the
                    // next position's changes are drawn around), nothing it sees may differ after.
                    let (mut real, mut changed) = (g.clone(), p.clone());
                    let a = real.apply(&action).expect("a legal action");
                    let b = changed.apply(&action).expect("the same legal actions");
                    if a.iter().chain(&b).any(|e| G::is_irreversible(&e.event)) {
                        continue;
                    }
                    changes.after += 1;
                    assert!(
                        G::same_view(&real.view(viewer), &changed.view(viewer)),
                        "{}: the view after {action:?}",
                        at(what)
                    );
                    assert_eq!(
                        changed.pending(),
                        real.pending(),
                        "{}: who is asked after {action:?}",
                        at(what)
                    );
                    assert_eq!(
                        lines_for(&changed, &b, viewer),
                        lines_for(&real, &a, viewer),
                        "{}: the seat's log after {action:?}",
                        at(what)
                    );
                    assert_eq!(
                        public_lines(&changed, &b),
                        public_lines(&real, &a),
                        "{}: everyone's log after {action:?}",
                        at(what)
                    );
                }
            }
            if let Err(e) = g.apply(&action) {
                panic!("{name}: a legal action was refused: {e}");
            }
        }
    }
    changes
}

/// Every kind of change in `expected` was tried at least `least` times.
fn all_tried(name: &str, changes: &Changes, expected: &[&str], least: usize) {
    for what in expected {
        let n = changes.tried.get(what).copied().unwrap_or(0);
        assert!(
            n >= least,
            "{name}: {what} changed only {n} times ({:?})",
            changes.tried
        );
    }
    for what in changes.tried.keys() {
        assert!(expected.contains(what), "{name}: {what} is not in the expected list");
    }
    assert!(changes.decisions > 100 && changes.hints > 5 && changes.after > 100);
}

#[test]
fn the_court_shows_no_one_what_is_hidden_from_them() {
    let content = std::sync::Arc::new(CourtContent::load(&ContentSet::embedded()).expect("content"));
    let changes = nothing_seen_changes_with_what_is_hidden("court", 8, 200, 25, |game| {
        let players = 2 + (game as usize % 4);
        let g = Court::new_shared(&config(players, 100 + game, &[("target", "40")]), &content).expect("setup");
        (g, players)
    });
    all_tried(
        "court",
        &changes,
        &[
            "two other hands",
            "another hand and the draw pile",
            "the draw pile's order",
            "the dice to come",
        ],
        50,
    );
}

#[test]
fn die_zukunft_shows_no_one_what_is_hidden_from_them() {
    let content = std::sync::Arc::new(FutureContent::load(&ContentSet::embedded()).expect("content"));
    let changes = nothing_seen_changes_with_what_is_hidden("future", 8, 400, 40, |game| {
        let players = 2 + (game as usize % 4);
        let heroes = if game % 2 == 0 { "on" } else { "off" };
        let config = config(players, 200 + game, &[("heroes", heroes), ("sides", "random")]);
        (Future::new_shared(&config, &content).expect("setup"), players)
    });
    all_tried(
        "future",
        &changes,
        &[
            "a fist not yet opened",
            "two other colours' Merlin tiles",
            "another colour's Merlin tile and the row",
            "the Merlin row's order",
            "two other colours' Grail tiles",
            "another colour's Grail tile and the supply",
            "the Grail supply's order",
            "a mission stack's order",
            "the dice to come",
        ],
        10,
    );
}

#[test]
fn shadows_shows_no_one_what_is_hidden_from_them() {
    let content = std::sync::Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("content"));
    let changes = nothing_seen_changes_with_what_is_hidden("shadows", 30, 400, 30, |game| {
        let mut players = 3 + (game as usize % 5);
        let loyalty = ["standard", "traitor", "among", "none"][game as usize % 4];
        let mut variants = vec![("loyalty", loyalty)];
        // Three Brave Knights: nobody has looked at his Loyalty card, his own included.
        if game % 3 == 0 {
            players = 3;
            variants.push(("three_brave_knights", "on"));
        }
        let mut g = Shadows::new_shared(&config(players, 300 + game, &variants), &content).expect("setup");
        // Lancelot's Armor is won late, if at all, in random play: one Knight wears it from the start.
        if game % 2 == 1 {
            g.knights[game as usize % players].armor = true;
        }
        (g, players)
    });
    all_tried(
        "shadows",
        &changes,
        &[
            "two other hands",
            "another hand and the White pile",
            "the White pile's order",
            "the White discard and the pile",
            "two Loyalty cards",
            "the Black pile's unseen order",
            "a Black card discarded unseen",
            "a face-down Black card",
            "the cards Lancelot's Armor offers",
            "a Combat card its drawer is placing",
            "a Combat card going face down",
            "the cards Clairvoyance shows",
            "the spoils shared among others",
            "the generator",
        ],
        3,
    );
}
