//! The Bevy app without a window: MinimalPlugins plus the rules bridge, the hand-off and the bot
//! driver, driven through messages as the menu and the board would.
#![cfg(feature = "gui")]

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use camelot::app::bots::BotPace;
use camelot::app::bridge::{ActionRequest, AutosavePath, MatchRes, Request, StartMatch};
use camelot::app::handoff::{Handoff, HandoffConfirmed};
use camelot::app::tables::shadows::shown;
use camelot::app::{CorePlugins, LibraryRes};
use camelot::content::ContentSet;
use camelot::rules::record::Match;
use camelot::rules::shadows::{Loyalty, Shadows, White};
use camelot::rules::{Difficulty, GameId, Pending, SeatKind, TableConfig};
use camelot::table::Library;
use std::path::PathBuf;

fn new_app(tag: &str) -> (App, PathBuf) {
    let dir = std::env::temp_dir().join(format!("camelot-app-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let save = dir.join("autosave.ron");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(LibraryRes(Library::load(ContentSet::embedded())))
        .add_plugins(CorePlugins)
        .insert_resource(AutosavePath(Some(save.clone())))
        .insert_resource(BotPace(0.0));
    app.update();
    (app, save)
}

fn start(app: &mut App, kinds: &[SeatKind]) {
    let mut config = TableConfig::with_players(kinds.len(), SeatKind::Human, 21);
    for (seat, kind) in config.seats.iter_mut().zip(kinds) {
        seat.kind = *kind;
    }
    app.world_mut().write_message(StartMatch::New {
        game: GameId::Test,
        config,
    });
    app.update();
    app.update();
}

fn handoff(app: &App) -> Handoff {
    *app.world().resource::<Handoff>()
}

fn pending(app: &App) -> Pending {
    app.world().resource::<MatchRes>().pending().expect("a match")
}

fn play_first_choice(app: &mut App, seat: usize) {
    app.world_mut().write_message(ActionRequest {
        seat,
        request: Request::Index(0),
    });
    app.update();
    app.update();
}

/// Runs updates until `done` holds (bots think on other threads).
fn run_until(app: &mut App, mut done: impl FnMut(&App) -> bool) {
    for _ in 0..2000 {
        if done(app) {
            return;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("the app did not get there");
}

#[test]
fn hand_off_covers_the_table_between_two_humans() {
    let (mut app, _) = new_app("humans");
    start(&mut app, &[SeatKind::Human, SeatKind::Human]);
    assert_eq!(
        handoff(&app).covering,
        Some(0),
        "the first human is asked to take the screen"
    );
    assert_eq!(handoff(&app).private_viewer(), None, "nothing private while covered");
    app.world_mut().write_message(HandoffConfirmed);
    app.update();
    assert_eq!(handoff(&app).covering, None);
    assert_eq!(handoff(&app).private_viewer(), Some(0));
    play_first_choice(&mut app, 0);
    assert_eq!(pending(&app).seat(), Some(1));
    assert_eq!(
        handoff(&app).covering,
        Some(1),
        "passing to the second human covers the table"
    );
    assert_eq!(handoff(&app).private_viewer(), None);
}

#[test]
fn no_hand_off_between_a_human_and_bots() {
    let (mut app, _) = new_app("bots");
    let bot = SeatKind::Bot(Difficulty::Easy);
    start(&mut app, &[SeatKind::Human, bot, bot]);
    assert_eq!(handoff(&app).covering, None);
    assert_eq!(handoff(&app).private_viewer(), Some(0));
    play_first_choice(&mut app, 0);
    run_until(&mut app, |app| pending(app).seat() == Some(0));
    assert_eq!(
        handoff(&app).covering,
        None,
        "the bots played without covering the table"
    );
    assert_eq!(handoff(&app).private_viewer(), Some(0));
}

#[test]
fn bots_play_a_whole_game_and_the_autosave_follows() {
    let (mut app, save) = new_app("allbots");
    let bot = SeatKind::Bot(Difficulty::Normal);
    start(&mut app, &[bot, bot, bot]);
    assert!(save.exists(), "the new game is autosaved");
    run_until(&mut app, |app| matches!(pending(app), Pending::Finished(_)));
    assert!(!save.exists(), "a finished game leaves no autosave to continue");
}

#[test]
fn an_autosave_can_be_continued() {
    let (mut app, save) = new_app("continue");
    start(&mut app, &[SeatKind::Human, SeatKind::Bot(Difficulty::Easy)]);
    play_first_choice(&mut app, 0);
    let taken = app
        .world()
        .resource::<MatchRes>()
        .current
        .as_ref()
        .map(|m| m.actions_taken());
    let text = std::fs::read_to_string(&save).expect("autosaved");
    let (mut other, _) = new_app("continue-b");
    other.world_mut().write_message(StartMatch::Load(text));
    other.update();
    let resumed = other
        .world()
        .resource::<MatchRes>()
        .current
        .as_ref()
        .map(|m| m.actions_taken());
    assert!(resumed.is_some());
    assert_eq!(resumed, taken, "the autosave holds every action taken so far");
}

#[test]
fn an_illegal_request_is_refused_and_changes_nothing() {
    let (mut app, _) = new_app("refuse");
    start(&mut app, &[SeatKind::Human, SeatKind::Human]);
    let before = app.world().resource::<MatchRes>().current.as_ref().map(|m| m.to_ron());
    app.world_mut().write_message(ActionRequest {
        seat: 1,
        request: Request::Index(0),
    });
    app.world_mut().write_message(ActionRequest {
        seat: 0,
        request: Request::Index(99),
    });
    app.update();
    let after = app.world().resource::<MatchRes>().current.as_ref().map(|m| m.to_ron());
    assert_eq!(before, after);
}

fn start_future(app: &mut App, kinds: &[SeatKind], seed: u64) {
    let mut config = TableConfig::with_players(kinds.len(), SeatKind::Human, seed);
    for (seat, kind) in config.seats.iter_mut().zip(kinds) {
        seat.kind = *kind;
    }
    app.world_mut().write_message(StartMatch::New {
        game: GameId::Future,
        config,
    });
    app.update();
    app.update();
}

/// Plays a game to the end through messages: humans answer once the screen is theirs (with the
/// legal choice `pick(step, count)` names), bots think on their own; `check` looks at the app
/// before every step. Checks at every step that a human decides only with the screen uncovered
/// and showing their own view, and returns how often the table was covered.
fn play_through(app: &mut App, pick: impl Fn(usize, usize) -> usize, mut check: impl FnMut(&App)) -> usize {
    let mut covers = 0;
    let mut was_covered = false;
    for step in 0..60_000usize {
        check(app);
        let p = pending(app);
        let Pending::Decide { seat, .. } = p else {
            return covers;
        };
        let h = handoff(app);
        let human = app.world().resource::<MatchRes>().config().expect("a match").seats[seat]
            .kind
            .is_human();
        if let Some(covering) = h.covering {
            assert_eq!(covering, seat, "the cover names the seat to decide");
            assert_eq!(h.private_viewer(), None, "nothing private shows under the cover");
            if !was_covered {
                covers += 1;
            }
            was_covered = true;
            app.world_mut().write_message(HandoffConfirmed);
            app.update();
            continue;
        }
        was_covered = false;
        if human {
            assert_eq!(
                h.private_viewer(),
                Some(seat),
                "a human decides only on their own screen"
            );
            let n = app
                .world()
                .resource::<MatchRes>()
                .current
                .as_ref()
                .expect("a match")
                .legal_labels()
                .len();
            app.world_mut().write_message(ActionRequest {
                seat,
                request: Request::Index(pick(step, n.max(1))),
            });
            app.update();
            app.update();
        } else {
            app.update();
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    panic!("the game did not end");
}

/// Die Zukunft: the first legal choice.
fn play_future_through(app: &mut App) -> usize {
    play_through(app, |_, _| 0, |_| {})
}

#[test]
fn a_future_game_of_bots_plays_to_the_end_and_never_covers_the_table() {
    let (mut app, save) = new_app("future-bots");
    let bot = SeatKind::Bot(Difficulty::Easy);
    start_future(&mut app, &[bot, bot, bot, bot], 7);
    assert!(save.exists(), "the new game is autosaved");
    assert_eq!(play_future_through(&mut app), 0, "no hand-off between bots");
    let res = app.world().resource::<MatchRes>();
    assert!(matches!(res.pending(), Some(Pending::Finished(_))));
    assert!(!save.exists(), "a finished game leaves no autosave");
}

#[test]
fn two_humans_at_future_are_covered_before_every_secret_choice() {
    let (mut app, _) = new_app("future-humans");
    start_future(&mut app, &[SeatKind::Human, SeatKind::Human], 11);
    assert_eq!(
        handoff(&app).covering,
        Some(0),
        "the first fist is chosen behind the cover"
    );
    let covers = play_future_through(&mut app);
    // Two fists and at least one further pass each round.
    assert!(covers >= 7 * 2, "covered {covers} times");
}

#[test]
fn one_human_against_future_bots_is_never_covered() {
    let (mut app, _) = new_app("future-mixed");
    let bot = SeatKind::Bot(Difficulty::Easy);
    start_future(&mut app, &[bot, SeatKind::Human, bot], 5);
    assert_eq!(play_future_through(&mut app), 0);
}

fn start_shadows(app: &mut App, kinds: &[SeatKind], seed: u64) {
    let mut config = TableConfig::with_players(kinds.len(), SeatKind::Human, seed);
    for (seat, kind) in config.seats.iter_mut().zip(kinds) {
        seat.kind = *kind;
    }
    // Always a Traitor, so that there is a hidden Loyalty worth keeping.
    config.variants.insert("loyalty".into(), "traitor".into());
    app.world_mut().write_message(StartMatch::New {
        game: GameId::Shadows,
        config,
    });
    app.update();
    app.update();
}

fn shadows_state(app: &App) -> Shadows {
    app.world()
        .resource::<MatchRes>()
        .current
        .as_ref()
        .and_then(|m| m.as_any().downcast_ref::<Match<Shadows>>())
        .map(|m| m.state.clone())
        .expect("a Shadows match")
}

/// What the screen draws must hold no hand and no hidden Loyalty card of a seat other than the
/// one at the screen (whose own card shows only when he looks): checked on what the panels draw
/// from (`shown`, with the viewer looking at his card) and on the public view the board draws.
fn check_no_secrets(state: &Shadows, viewer: Option<usize>) -> usize {
    let over = state.outcome.is_some();
    let seen = shown(state, viewer, true);
    if let Some((owner, hand)) = &seen.hand {
        assert_eq!(Some(*owner), viewer, "only the viewer's hand is drawn");
        assert_eq!(hand, &state.knights[*owner].hand);
    }
    let mut hidden = 0;
    for (seat, k) in state.knights.iter().enumerate() {
        if Some(seat) != viewer && !k.revealed && !over {
            assert_eq!(seen.loyalty[seat], Loyalty::Unknown, "seat {seat}'s Loyalty is drawn");
            hidden += 1;
        }
    }
    let board = state.public_view().game;
    for (seat, k) in board.knights.iter().enumerate() {
        assert!(
            k.hand.iter().all(|c| *c == White::Fight(0)),
            "the board knows seat {seat}'s hand"
        );
        if !k.revealed && !over {
            assert_eq!(k.loyalty, Loyalty::Unknown, "the board knows seat {seat}'s Loyalty");
        }
    }
    hidden
}

/// Shadows: a varied legal choice, and at every step a look at what the screen may draw.
fn play_shadows_through(app: &mut App) -> usize {
    let mut hidden_checked = 0;
    let covers = play_through(
        app,
        |step, n| (step * 7919 + 13) % n,
        |app| hidden_checked += check_no_secrets(&shadows_state(app), handoff(app).private_viewer()),
    );
    assert!(hidden_checked > 0, "hidden Loyalty cards were checked");
    covers
}

#[test]
fn three_humans_at_shadows_play_to_the_end_and_never_see_each_others_secrets() {
    let (mut app, save) = new_app("shadows-humans");
    start_shadows(&mut app, &[SeatKind::Human, SeatKind::Human, SeatKind::Human], 5);
    assert_eq!(
        handoff(&app).covering,
        Some(0),
        "the first turn is taken behind the cover"
    );
    let covers = play_shadows_through(&mut app);
    assert!(covers >= 3, "covered {covers} times");
    let res = app.world().resource::<MatchRes>();
    assert!(matches!(res.pending(), Some(Pending::Finished(_))));
    assert!(!save.exists(), "a finished game leaves no autosave");
}

#[test]
fn a_shadows_game_of_one_human_and_bots_plays_to_the_end_without_a_cover() {
    let (mut app, _) = new_app("shadows-bots");
    let bot = SeatKind::Bot(Difficulty::Normal);
    start_shadows(&mut app, &[bot, SeatKind::Human, bot, bot, bot], 9);
    assert!(
        app.world().resource::<MatchRes>().current.is_some(),
        "Shadows has a table"
    );
    assert_eq!(play_shadows_through(&mut app), 0);
}

#[test]
fn a_continued_game_tells_its_whole_story_in_the_log() {
    let (mut app, save) = new_app("story");
    start_shadows(&mut app, &[SeatKind::Human, SeatKind::Human, SeatKind::Human], 12);
    // Forty decisions by the seats in turn, through the bridge as clicks would.
    for step in 0..40usize {
        let Some(seat) = pending(&app).seat() else { break };
        let n = app
            .world()
            .resource::<MatchRes>()
            .current
            .as_ref()
            .map_or(1, |m| m.legal_labels().len());
        app.world_mut().write_message(ActionRequest {
            seat,
            request: Request::Index((step * 7919 + 13) % n),
        });
        app.update();
    }
    let lines = |app: &App| -> Vec<(camelot::rules::Visibility, String)> {
        app.world()
            .resource::<MatchRes>()
            .log
            .iter()
            .map(|l| (l.to, l.text.clone()))
            .collect()
    };
    let before = lines(&app);
    assert!(before.iter().any(|(_, t)| t.starts_with("Turn 2")), "{before:?}");
    let text = std::fs::read_to_string(&save).expect("autosaved");
    let (mut other, _) = new_app("story-b");
    other.world_mut().write_message(StartMatch::Load(text));
    other.update();
    let after = lines(&other);
    assert_eq!(
        after.len(),
        before.len() + 1,
        "every line, and one saying the game resumed"
    );
    assert_eq!(
        after[..before.len()],
        before[..],
        "the same lines, each for the same readers"
    );
    assert!(after[before.len()].1.starts_with("Game resumed"));
}

#[test]
fn a_hand_off_leaves_the_next_player_a_clean_screen() {
    let (mut app, _) = new_app("clean");
    app.add_message::<bevy_egui::input::EguiInputEvent>();
    let context = app.world_mut().spawn(bevy_egui::PrimaryEguiContext).id();
    start(&mut app, &[SeatKind::Human, SeatKind::Human]);
    app.world_mut().write_message(camelot::app::handoff::HandoffConfirmed);
    app.update();
    play_first_choice(&mut app, 0);
    assert_eq!(handoff(&app).covering, Some(1));
    app.world_mut()
        .resource_mut::<Messages<bevy_egui::input::EguiInputEvent>>()
        .clear();
    app.world_mut().write_message(camelot::app::handoff::HandoffConfirmed);
    app.update();
    let gone = app
        .world()
        .resource::<Messages<bevy_egui::input::EguiInputEvent>>()
        .iter_current_update_messages()
        .any(|m| m.context == context && m.event == bevy_egui::egui::Event::PointerGone);
    assert!(
        gone,
        "the pointer is forgotten: no button is left lit for the next player"
    );
}

#[test]
fn the_hand_off_screen_waits_while_something_public_plays_out() {
    use camelot::app::handoff::cover_drawn;
    let covered = Handoff {
        covering: Some(1),
        viewer: Some(0),
    };
    assert!(
        !cover_drawn(&covered, 0.1),
        "the fists open before everyone's eyes first"
    );
    assert!(cover_drawn(&covered, 0.0));
    assert_eq!(covered.private_viewer(), None, "nothing private meanwhile");
    assert!(!cover_drawn(&Handoff::default(), 0.0));
}
