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
//!
//! And the other way round, for a finished game's replay that shows everything: every change of a
//! hidden part but the chance to come must show in the secrets in words (`Game::secrets`).

use crate::common::{config, court_game, future_game, shadows_game};
use camelot::bots::{self, BotHints, BotKind, Budget};
use camelot::content::ContentSet;
use camelot::library::{Hint, Library, hint_job_of, hint_seed, rate_position};
use camelot::rules::court::{Court, CourtContent};
use camelot::rules::future::{Future, FutureContent, Phase as FuturePhase};
use camelot::rules::secrets::Perturb;
use camelot::rules::shadows::{Loyalty, Shadows, ShadowsContent};
use camelot::rules::{Difficulty, Game, GameId, GameRng, Pending, Seat, Secret, Tagged, capitalised, counted};
use std::collections::BTreeMap;
use std::sync::Arc;

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

/// Each game's changes of a hidden part (`Perturb::perturbations`), by name.
const COURT_CHANGES: &[&str] = &[
    "two other hands",
    "another hand and the draw pile",
    "the draw pile's order",
    "the dice to come",
];

const FUTURE_CHANGES: &[&str] = &[
    "a fist not yet opened",
    "two other colours' Merlin tiles",
    "another colour's Merlin tile and the row",
    "the Merlin row's order",
    "two other colours' Grail tiles",
    "another colour's Grail tile and the supply",
    "the Grail supply's order",
    "a mission stack's order",
    "the dice to come",
];

const SHADOWS_CHANGES: &[&str] = &[
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
];

#[test]
fn the_court_shows_no_one_what_is_hidden_from_them() {
    let content = std::sync::Arc::new(CourtContent::load(&ContentSet::embedded()).expect("content"));
    let changes = nothing_seen_changes_with_what_is_hidden("court", 8, 200, 25, |game| court_game(&content, game));
    all_tried("court", &changes, COURT_CHANGES, 50);
}

#[test]
fn die_zukunft_shows_no_one_what_is_hidden_from_them() {
    let content = std::sync::Arc::new(FutureContent::load(&ContentSet::embedded()).expect("content"));
    let changes = nothing_seen_changes_with_what_is_hidden("future", 8, 400, 40, |game| future_game(&content, game));
    all_tried("future", &changes, FUTURE_CHANGES, 10);
}

#[test]
fn shadows_shows_no_one_what_is_hidden_from_them() {
    let content = std::sync::Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("content"));
    let changes = nothing_seen_changes_with_what_is_hidden("shadows", 30, 400, 30, |game| shadows_game(&content, game));
    all_tried("shadows", &changes, SHADOWS_CHANGES, 3);
}

/// The changes that are chance to come rather than a hidden part of the table: no secret shows them.
const NOT_SECRETS: [&str; 2] = ["the dice to come", "the generator"];

/// How many places of the table a change touches, each its own line of the secrets: a pile
/// reordered or a fist changed is one; every other change exchanges a thing between two (two
/// hands, a hand and a pile, a face-down card and the Black pile, two colours' tiles ...).
fn places(what: &str) -> usize {
    match what {
        "the draw pile's order"
        | "the White pile's order"
        | "the Black pile's unseen order"
        | "a fist not yet opened"
        | "the Merlin row's order"
        | "the Grail supply's order"
        | "a mission stack's order" => 1,
        _ => 2,
    }
}

/// Walks `games` random games of `G` from `setup(game number)` and, at each position, makes each
/// change of a hidden part for each seat (`Perturb::perturbations`): the changed state's secrets
/// must read otherwise than the real state's in every line the change touched (`places`), unless
/// it only exchanged things alike to the eye (`as_seen` makes those the same). The secrets come
/// seat by seat, in seat order, then the table's. Returns how often each change showed.
fn every_hidden_part_shows<G: Perturb>(
    name: &str,
    games: u64,
    max_steps: usize,
    setup: impl Fn(u64) -> (G, usize),
    as_seen: impl Fn(&G) -> G,
) -> BTreeMap<&'static str, usize> {
    let mut rng = GameRng::seeded(36);
    let mut shown = BTreeMap::new();
    let mut legal = Vec::new();
    for game in 0..games {
        let (mut g, seats) = setup(game);
        for step in 0..max_steps {
            if g.to_act().is_none() {
                break;
            }
            let secrets = g.secrets();
            let at = format!("{name} game {game} step {step}");
            let rank = |s: &Secret| s.owner.unwrap_or(Seat::MAX);
            assert!(
                secrets.windows(2).all(|w| rank(&w[0]) <= rank(&w[1])),
                "{at}: the secrets are not seat by seat, then the table's:\n{secrets:#?}"
            );
            for viewer in 0..seats {
                for (what, p) in g.perturbations(viewer, &mut rng) {
                    if NOT_SECRETS.contains(&what) {
                        continue;
                    }
                    let changed = p.secrets();
                    assert_eq!(
                        changed.len(),
                        secrets.len(),
                        "{at}, seat {viewer}: {what} changed the lines"
                    );
                    let differ = changed.iter().zip(&secrets).filter(|(a, b)| a != b).count();
                    if differ >= places(what) {
                        *shown.entry(what).or_default() += 1;
                        continue;
                    }
                    assert!(
                        !G::differs(&as_seen(&p), &as_seen(&g)),
                        "{at}, seat {viewer}: {what} changed, yet only {differ} of the secrets' lines:\n{secrets:#?}\n{changed:#?}"
                    );
                }
            }
            g.legal_actions_into(&mut legal);
            let action = legal[rng.below(legal.len() as u32) as usize].clone();
            if let Err(e) = g.apply_quiet(&action) {
                panic!("{name}: a legal action was refused: {e}");
            }
        }
    }
    shown
}

/// Every change of a hidden part in `expected` but the chance to come showed at least `least` times.
fn all_shown(name: &str, shown: &BTreeMap<&'static str, usize>, expected: &[&str], least: usize) {
    for what in expected.iter().filter(|w| !NOT_SECRETS.contains(w)) {
        let n = shown.get(what).copied().unwrap_or(0);
        assert!(n >= least, "{name}: {what} showed only {n} times ({shown:?})");
    }
}

/// Die Zukunft's state with each Merlin tile taken for the first of its value and each mission for
/// the first of its words: two Merlin tiles of one value, or two missions alike in every printed
/// part ("red", "red"), look the same, so an exchange of the two changes nothing a player could read.
fn future_as_seen(g: &Future) -> Future {
    let deck = &g.content.0.deck;
    let tile = |t: &mut u8| {
        let value = deck.merlin.get(*t as usize);
        *t = deck
            .merlin
            .iter()
            .position(|v| Some(v) == value)
            .map_or(*t, |i| i as u8);
    };
    let names: Vec<String> = (0..deck.missions.len()).map(|m| g.mission_name(m as u16)).collect();
    let mission = |m: &mut u16| {
        let words = names.get(*m as usize);
        *m = names.iter().position(|n| Some(n) == words).map_or(*m, |i| i as u16);
    };
    let mut s = g.clone();
    s.colours.iter_mut().flat_map(|c| c.merlin.iter_mut()).for_each(tile);
    s.merlin_row.iter_mut().for_each(tile);
    s.stacks.iter_mut().flatten().for_each(mission);
    s
}

#[test]
fn the_court_tells_every_hidden_part() {
    let content = Arc::new(CourtContent::load(&ContentSet::embedded()).expect("content"));
    let shown = every_hidden_part_shows("court", 8, 200, |game| court_game(&content, game), Court::clone);
    all_shown("court", &shown, COURT_CHANGES, 50);
}

#[test]
fn die_zukunft_tells_every_hidden_part() {
    let content = Arc::new(FutureContent::load(&ContentSet::embedded()).expect("content"));
    let shown = every_hidden_part_shows("future", 8, 400, |game| future_game(&content, game), future_as_seen);
    all_shown("future", &shown, FUTURE_CHANGES, 10);
}

#[test]
fn shadows_tells_every_hidden_part() {
    let content = Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("content"));
    let shown = every_hidden_part_shows("shadows", 30, 400, |game| shadows_game(&content, game), Shadows::clone);
    all_shown("shadows", &shown, SHADOWS_CHANGES, 3);
}

/// `g` after `steps` random actions (fewer if it ends).
fn played<G: Game>(mut g: G, steps: usize, seed: u64) -> G {
    let mut rng = GameRng::seeded(seed);
    for _ in 0..steps {
        let legal = g.legal_actions();
        if g.to_act().is_none() || legal.is_empty() {
            break;
        }
        let action = &legal[rng.below(legal.len() as u32) as usize];
        g.apply_quiet(action).expect("a legal action");
    }
    g
}

/// The names on the secret line of `owner` that starts with `label`, none for "(empty)".
fn named<'a>(secrets: &'a [Secret], owner: Option<Seat>, label: &str) -> Vec<&'a str> {
    let prefix = format!("{label}: ");
    let Some(line) = secrets.iter().find(|s| s.owner == owner && s.text.starts_with(&prefix)) else {
        panic!("no line \"{label}\" of {owner:?} among the secrets:\n{secrets:#?}")
    };
    match &line.text[prefix.len()..] {
        "(empty)" => Vec::new(),
        names => names.split(", ").collect(),
    }
}

#[test]
fn the_courts_secrets_name_every_hand_and_the_draw_pile() {
    let content = Arc::new(CourtContent::load(&ContentSet::embedded()).expect("content"));
    let players = 4;
    let config = config(players, 7, &[]);
    let start = Court::new_shared(&config, &content).expect("setup");
    // The same through the game library's face, for the window.
    let library = Library::load(ContentSet::embedded());
    let m = library.new_match(GameId::Court, config).expect("a match");
    assert_eq!(m.secrets(), start.secrets());
    let g = played(start, 60, 1);
    let secrets = g.secrets();
    for seat in 0..players {
        let view = g.view(seat);
        let hand: Vec<String> = view.hand.iter().map(|c| c.to_string()).collect();
        assert!(!hand.is_empty(), "seat {seat} holds no card mid-game");
        assert_eq!(named(&secrets, Some(seat), "Hand"), hand, "seat {seat}'s hand");
    }
    let pile = named(&secrets, None, "Draw pile, top first");
    assert_eq!(pile.len(), g.view(0).draw_pile);
}

#[test]
fn die_zukunfts_secrets_name_every_colours_fist_and_tiles() {
    let content = Arc::new(FutureContent::load(&ContentSet::embedded()).expect("content"));
    let mut g = Future::new_shared(&config(3, 11, &[]), &content).expect("setup");
    let mut rng = GameRng::seeded(2);
    // The third round's predictions: every fist is closed, Merlin and Grail tiles are out.
    while !(g.round >= 3 && matches!(g.phase, FuturePhase::Predict { .. })) {
        let legal = g.legal_actions();
        assert!(
            g.to_act().is_some() && !legal.is_empty(),
            "the game ended before round 3"
        );
        g.apply_quiet(&legal[rng.below(legal.len() as u32) as usize])
            .expect("a legal action");
    }
    let secrets = g.secrets();
    for c in &g.colours {
        let who = capitalised(c.name());
        let fist = format!("{who} fist: {}", counted(c.sent, "knight", "knights"));
        assert!(
            secrets.iter().any(|s| s.owner == Some(c.seat) && s.text == fist),
            "no \"{fist}\""
        );
        let merlin = named(&secrets, Some(c.seat), &format!("{who} Merlin tiles"));
        assert_eq!(merlin.len(), c.merlin_held as usize, "{who}'s Merlin tiles");
        let grail = named(&secrets, Some(c.seat), &format!("{who} Grail tiles"));
        assert_eq!(grail.len(), c.grail_held as usize, "{who}'s Grail tiles");
    }
    assert!(
        g.colours.iter().any(|c| c.merlin_held > 0),
        "no Merlin tile taken by round 3"
    );
    assert_eq!(
        named(&secrets, None, "Merlin row, leftmost first").len(),
        g.merlin_row.len()
    );
    assert_eq!(
        named(&secrets, None, "Grail supply, top first").len(),
        g.grail_supply.len()
    );
}

#[test]
fn shadows_secrets_name_every_hand_and_loyalty_card() {
    let content = Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("content"));
    let players = 5;
    let g = Shadows::new_shared(&config(players, 5, &[("loyalty", "traitor")]), &content).expect("setup");
    let g = played(g, 80, 3);
    assert!(g.outcome.is_none(), "the game ended before its middle");
    let secrets = g.secrets();
    for (seat, k) in g.knights.iter().enumerate() {
        let hand: Vec<String> = k.hand.iter().map(|c| c.name()).collect();
        assert_eq!(named(&secrets, Some(seat), "Hand"), hand, "seat {seat}'s hand");
        let loyalty = named(&secrets, Some(seat), "Loyalty");
        assert_eq!(
            loyalty,
            [if k.loyalty == Loyalty::Traitor {
                "Traitor"
            } else {
                "Loyal"
            }]
        );
    }
    let traitors = secrets.iter().filter(|s| s.text == "Loyalty: Traitor").count();
    assert_eq!(traitors, 1, "the Traitor deck deals one Traitor");
    assert_eq!(named(&secrets, None, "White pile, top first").len(), g.white_draw.len());
    assert_eq!(named(&secrets, None, "Black pile, top first").len(), g.black_draw.len());
}
