//! The balance bench: the same games as `camelot sim`, the same result for any number of jobs,
//! a real edit seen, an edit of nothing not.

use crate::common::temp_dir;
use camelot::balance::{self, GameRow};
use camelot::bots::BotKind;
use camelot::content::ContentSet;
use camelot::library::Library;
use camelot::rules::GameId;
use camelot::sim::{self, SimOptions};
use std::sync::atomic::AtomicBool;

fn opts(games: usize) -> SimOptions {
    SimOptions {
        game: GameId::Court,
        players: 4,
        games,
        seed: 5,
        bots: vec![BotKind::parse("heuristic").expect("a bot")],
        variants: Default::default(),
        max_actions: 20_000,
    }
}

fn rows(library: &Library, opts: &SimOptions, jobs: usize) -> Vec<Result<GameRow, String>> {
    balance::play(library, opts, jobs, &|_| {}, &AtomicBool::new(false)).expect("a pool")
}

/// The shipped content with The Court's Score cards doubled (and the deck's total to match).
fn doubled_score_cards() -> Library {
    let mut set = ContentSet::embedded();
    let dir = temp_dir("balance");
    for (key, from, to) in [
        (
            "assets/decks/court.ron",
            "(kind: Score, count: 12)",
            "(kind: Score, count: 24)",
        ),
        ("levels/court/rules.ron", "deck_total: 80", "deck_total: 92"),
    ] {
        let text = set.get(key).expect("shipped").text.replacen(from, to, 1);
        assert!(text.contains(to), "{key} has {from}");
        let path = dir.join(key);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("temp dir");
        std::fs::write(&path, text).expect("write");
        set.overlay_file(key, &path).expect("overlay");
    }
    let library = Library::load(set);
    assert!(library.content_ok(GameId::Court), "{:?}", library.errors());
    library
}

#[test]
fn the_bench_plays_the_same_games_as_sim_and_the_same_for_any_number_of_jobs() {
    let library = Library::load(ContentSet::embedded());
    let o = opts(120);
    let one = rows(&library, &o, 1);
    let two = rows(&library, &o, 2);
    assert_eq!(one, two, "the same games for one job and for two");
    let report = balance::summarise("shipped", 4, &one);
    let by_sim = sim::run(&library, &o, &mut |w| panic!("{w}")).expect("a table that sets up");
    let hits: Vec<usize> = report.win_by_seat.iter().map(|r| r.hits).collect();
    assert_eq!(
        hits, by_sim.wins_by_seat,
        "per-seat wins agree with camelot sim on the same seeds"
    );
    assert_eq!(report.finished, by_sim.finished);
    assert!(
        report.usage.iter().any(|u| u.thing == "card: Score"),
        "{:?}",
        report.usage
    );
}

#[test]
fn an_edit_of_nothing_shows_no_difference_and_a_real_edit_does() {
    let shipped = Library::load(ContentSet::embedded());
    let o = opts(300);
    let stop = AtomicBool::new(false);
    let same = balance::run(
        (&shipped, "again"),
        Some((&shipped, "shipped")),
        &o,
        2,
        &|_, _| {},
        &stop,
    )
    .expect("a run");
    let c = same.comparison.expect("a comparison");
    assert!(c.differences.iter().all(|d| !d.significant), "{c:?}");
    assert!(c.headline.starts_with("no difference"), "{}", c.headline);

    let edited = doubled_score_cards();
    let changed = balance::run(
        (&edited, "doubled"),
        Some((&shipped, "shipped")),
        &o,
        2,
        &|_, _| {},
        &stop,
    )
    .expect("a run");
    let c = changed.comparison.as_ref().expect("a comparison");
    let turns = c
        .differences
        .iter()
        .find(|d| d.what == "turns a game")
        .expect("game length");
    assert!(turns.significant && turns.now < turns.was, "{turns:?}");
    assert!(c.headline.contains("larger than chance"), "{}", c.headline);
    let page = balance::html(&changed);
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains("<svg"));
    assert!(
        !page.contains("<script") && !page.contains("src=\"http") && !page.contains("href=\"http"),
        "self-contained"
    );
}

#[test]
fn stopping_keeps_the_games_done() {
    let library = Library::load(ContentSet::embedded());
    let stop = AtomicBool::new(true);
    let r = balance::run((&library, "shipped"), None, &opts(50), 1, &|_, _| {}, &stop).expect("a run");
    assert!(r.stopped);
    assert_eq!(r.sets[0].finished, 0, "nothing started after the stop");
}

#[test]
fn a_table_that_cannot_be_set_up_is_refused_before_any_game() {
    let library = Library::load(ContentSet::embedded());
    let told = std::sync::atomic::AtomicUsize::new(0);
    for (players, key, value) in [(9, "target", "50"), (4, "target", "abc"), (4, "targt", "50")] {
        let mut o = opts(20);
        o.players = players;
        o.variants.insert(key.into(), value.into());
        let err = balance::run(
            (&library, "shipped"),
            Some((&library, "again")),
            &o,
            2,
            &|n, _| {
                told.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
            },
            &AtomicBool::new(false),
        )
        .expect_err("refused");
        assert!(
            err.contains(if key == "targt" {
                "targt"
            } else if players == 9 {
                "not 9"
            } else {
                "abc"
            }),
            "{err}"
        );
        let mut warned = 0;
        let refused = sim::run(&library, &o, &mut |_| warned += 1).expect_err("refused");
        assert!(err.ends_with(&refused), "the same refusal: {err} / {refused}");
        assert_eq!(warned, 0, "refused once, not once a game");
    }
    assert_eq!(told.into_inner(), 0, "no game was played");
}

#[test]
fn progress_is_told_as_games_finish_and_at_the_end() {
    let library = Library::load(ContentSet::embedded());
    let told = std::sync::Mutex::new(Vec::new());
    let played = balance::play(
        &library,
        &opts(40),
        2,
        &|n| told.lock().expect("not poisoned").push(n),
        &AtomicBool::new(false),
    )
    .expect("a pool");
    assert_eq!(played.len(), 40);
    let told = told.into_inner().expect("not poisoned");
    assert_eq!(told.iter().max(), Some(&40), "{told:?}");
    assert_eq!(told.last(), Some(&40), "the end is told last: {told:?}");
    assert!(told.len() >= 40, "every game of a short run: {told:?}");
}

#[test]
fn a_fork_of_the_library_is_the_same_content_in_memory_of_its_own() {
    let library = Library::load(ContentSet::embedded());
    let fork = library.fork(GameId::Court);
    let (a, b) = (
        library.content::<camelot::rules::court::Court>().expect("court"),
        fork.content::<camelot::rules::court::Court>().expect("court"),
    );
    assert_eq!(*a, *b);
    assert!(!std::sync::Arc::ptr_eq(&a, &b), "the fork holds its own copy");
    assert_eq!(fork.content_hash(GameId::Court), library.content_hash(GameId::Court));
    // The other games' content stays shared.
    let (s, t) = (
        library.content::<camelot::rules::shadows::Shadows>().expect("shadows"),
        fork.content::<camelot::rules::shadows::Shadows>().expect("shadows"),
    );
    assert!(std::sync::Arc::ptr_eq(&s, &t));
}
