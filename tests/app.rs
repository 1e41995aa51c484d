//! The Bevy app without a window: MinimalPlugins plus the rules bridge, the hand-off and the bot
//! driver, driven through messages as the menu and the board would.
//!
//! The window's test binary, built with the `gui` feature only (Cargo.toml); the rules core's
//! tests are the other binary, `tests/core/`.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use camelot::app::bots::BotPace;
use camelot::app::bridge::{ActionRequest, MatchRes, Request, SavesRes, StartMatch};
use camelot::app::handoff::{Handoff, HandoffConfirmed};
use camelot::app::tables::shadows::shown;
use camelot::app::{CorePlugins, LibraryRes};
use camelot::content::ContentSet;
use camelot::library::Library;
use camelot::rules::record::Match;
use camelot::rules::shadows::{Loyalty, Shadows, White};
use camelot::rules::{Difficulty, GameId, Pending, SeatKind, TableConfig, Visibility};
use camelot::saves::Saves;
use std::path::PathBuf;

fn new_app(tag: &str) -> (App, PathBuf) {
    let dir = camelot::rules::scratch::scratch_dir(tag);
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(LibraryRes(Library::load(ContentSet::embedded())))
        .add_plugins(CorePlugins)
        .insert_resource(SavesRes(Some(Saves::new(dir.clone()))))
        .insert_resource(BotPace(0.0));
    app.update();
    (app, dir)
}

/// The file the current match autosaves to.
fn slot(app: &App) -> PathBuf {
    app.world()
        .resource::<MatchRes>()
        .slot
        .clone()
        .expect("a match with a file of its own")
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

/// The match on the table.
fn current(app: &App) -> &dyn camelot::library::MatchFace {
    app.world().resource::<MatchRes>().current.as_deref().expect("a match")
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
    let (mut app, _) = new_app("allbots");
    let bot = SeatKind::Bot(Difficulty::Normal);
    start(&mut app, &[bot, bot, bot]);
    assert!(slot(&app).exists(), "the new game is autosaved");
    run_until(&mut app, |app| matches!(pending(app), Pending::Finished(_)));
    assert!(!slot(&app).exists(), "a finished game leaves no autosave to continue");
    // It is kept among the finished games, whole, to replay or review.
    let saves = camelot::saves::Saves::new(slot(&app).parent().and_then(|p| p.parent()).expect("the data folder"));
    let kept = std::fs::read_to_string(saves.finished_path(&slot(&app))).expect("the finished game is kept");
    let library = camelot::library::Library::load(camelot::content::ContentSet::embedded());
    let m = library.load_save(&kept).expect("it loads");
    assert!(matches!(m.pending(), Pending::Finished(_)), "kept finished");
}

#[test]
fn an_autosave_can_be_continued() {
    let (mut app, _) = new_app("continue");
    start(&mut app, &[SeatKind::Human, SeatKind::Bot(Difficulty::Easy)]);
    play_first_choice(&mut app, 0);
    let taken = app
        .world()
        .resource::<MatchRes>()
        .current
        .as_ref()
        .map(|m| m.actions_taken());
    let text = std::fs::read_to_string(slot(&app)).expect("autosaved");
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
            let n = current(app).legal_labels().len();
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
    let (mut app, _) = new_app("future-bots");
    let bot = SeatKind::Bot(Difficulty::Easy);
    start_future(&mut app, &[bot, bot, bot, bot], 7);
    assert!(slot(&app).exists(), "the new game is autosaved");
    assert_eq!(play_future_through(&mut app), 0, "no hand-off between bots");
    let res = app.world().resource::<MatchRes>();
    assert!(matches!(res.pending(), Some(Pending::Finished(_))));
    assert!(!slot(&app).exists(), "a finished game leaves no autosave");
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
    let (mut app, _) = new_app("shadows-humans");
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
    assert!(!slot(&app).exists(), "a finished game leaves no autosave");
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
    let (mut app, _) = new_app("story");
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
    let text = std::fs::read_to_string(slot(&app)).expect("autosaved");
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
        frozen: false,
        all_seen: false,
    };
    assert!(
        !cover_drawn(&covered, 0.1),
        "the fists open before everyone's eyes first"
    );
    assert!(cover_drawn(&covered, 0.0));
    assert_eq!(covered.private_viewer(), None, "nothing private meanwhile");
    assert!(!cover_drawn(&Handoff::default(), 0.0));
}

fn start_game(app: &mut App, game: GameId, kinds: &[SeatKind], seed: u64, variants: &[(&str, &str)]) {
    let mut config = TableConfig::with_players(kinds.len(), SeatKind::Human, seed);
    for (seat, kind) in config.seats.iter_mut().zip(kinds) {
        seat.kind = *kind;
    }
    for (k, v) in variants {
        config.variants.insert(k.to_string(), v.to_string());
    }
    app.world_mut().write_message(StartMatch::New { game, config });
    app.update();
    app.update();
}

fn current_as<G: camelot::rules::Game>(app: &App) -> &Match<G> {
    app.world()
        .resource::<MatchRes>()
        .current
        .as_ref()
        .and_then(|m| m.as_any().downcast_ref::<Match<G>>())
        .expect("a match of this game")
}

/// Two humans and two bots play a whole game through the window's logic. Whenever no human is to
/// act (a bot's turn, a bot's reaction, the end of the game) the screen shows only what the whole
/// table may see: no private viewer, no private log line, and what the game's table draws from
/// (`table_secrets`: a hand, a fist, a tile, a Loyalty card) is the public table's. A human who
/// takes the screen back after the bots does so behind their own cover. Returns how many such
/// positions were looked at.
fn bots_play_in_public(app: &mut App, table_secrets: impl Fn(&App, &Handoff) -> Option<String>) -> usize {
    let mut looked = 0;
    let mut after_bot = false;
    play_through(
        app,
        |step, n| (step * 7919 + 13) % n,
        |app| {
            let h = handoff(app);
            let p = pending(app);
            let config = app.world().resource::<MatchRes>().config().expect("a match").clone();
            let human_to_act = p.seat().filter(|&s| config.seats[s].kind.is_human());
            match human_to_act {
                Some(seat) => {
                    if after_bot {
                        assert_eq!(
                            h.covering,
                            Some(seat),
                            "a human takes the screen back after the bots behind their own cover"
                        );
                    }
                    after_bot = false;
                }
                None => {
                    looked += 1;
                    after_bot = true;
                    assert_eq!(h.covering, None, "the bots are not kept waiting behind a cover");
                    assert_eq!(
                        h.private_viewer(),
                        None,
                        "no human's secrets while {p:?} (the seat that played last was {:?})",
                        h.viewer
                    );
                    let log = &app.world().resource::<MatchRes>().log;
                    if let Some(line) =
                        camelot::app::table::shown_log(log, &h).find(|l| matches!(l.to, Visibility::Only(_)))
                    {
                        panic!("a private log line shows while no human acts: {}", line.text);
                    }
                    if let Some(secret) = table_secrets(app, &h) {
                        panic!("the table shows a secret while no human acts: {secret}");
                    }
                }
            }
        },
    );
    looked
}

fn two_humans_two_bots() -> [SeatKind; 4] {
    let bot = SeatKind::Bot(Difficulty::Easy);
    [SeatKind::Human, bot, SeatKind::Human, bot]
}

#[test]
fn the_court_shows_no_hand_while_bots_play_between_two_humans() {
    use camelot::rules::court::Court;
    let (mut app, _) = new_app("court-public");
    start_game(&mut app, GameId::Court, &two_humans_two_bots(), 29, &[("target", "30")]);
    let looked = bots_play_in_public(&mut app, |app, h| {
        let (view, private) = camelot::app::tables::court::screen_view(current_as::<Court>(app), h);
        (private || !view.hand.is_empty()).then(|| format!("a hand {:?}", view.hand))
    });
    assert!(looked > 20, "looked at {looked} positions");
    assert!(matches!(pending(&app), Pending::Finished(_)));
}

#[test]
fn die_zukunft_shows_no_fist_or_tile_while_bots_play_between_two_humans() {
    use camelot::rules::future::Future;
    let (mut app, _) = new_app("future-public");
    start_game(
        &mut app,
        GameId::Future,
        &two_humans_two_bots(),
        29,
        &[("heroes", "on")],
    );
    let looked = bots_play_in_public(&mut app, |app, h| {
        let m = current_as::<Future>(app);
        let screen = camelot::app::tables::future::screen_view(m, h);
        (screen != m.state.public_view()).then(|| format!("seat {}'s view", screen.seat))
    });
    assert!(looked > 20, "looked at {looked} positions");
}

#[test]
fn shadows_shows_no_hand_or_loyalty_while_bots_play_between_two_humans() {
    let (mut app, _) = new_app("shadows-public");
    start_shadows(&mut app, &two_humans_two_bots(), 29);
    let looked = bots_play_in_public(&mut app, |app, h| {
        let s = shadows_state(app);
        let seen = shown(&s, h.private_viewer(), true);
        let over = s.outcome.is_some();
        if let Some((seat, hand)) = seen.hand {
            return Some(format!("seat {seat}'s hand {hand:?}"));
        }
        if !seen.black_top.is_empty() || !seen.black_bottom.is_empty() {
            return Some("Black cards known to one seat".into());
        }
        let loyal = s
            .knights
            .iter()
            .enumerate()
            .find(|(seat, k)| !k.revealed && !over && seen.loyalty[*seat] != Loyalty::Unknown);
        if let Some((seat, _)) = loyal {
            return Some(format!("seat {seat}'s Loyalty"));
        }
        let prompt = camelot::app::tables::shadows::screen_prompt(&s, h.private_viewer());
        (prompt != camelot::app::tables::shadows::screen_prompt(&s, None)).then_some(prompt)
    });
    assert!(looked > 20, "looked at {looked} positions");
}

#[test]
fn with_two_humans_the_screen_turns_public_while_bots_play() {
    // The hand-off of one human and bots keeps the screen theirs; of two, it turns public.
    use camelot::app::handoff::next_handoff;
    let bot = SeatKind::Bot(Difficulty::Easy);
    let mut config = TableConfig::with_players(3, SeatKind::Human, 1);
    config.seats[1].kind = bot;
    config.seats[2].kind = bot;
    let bot_to_act = Pending::Decide {
        seat: 1,
        prompt: String::new(),
        private: true,
    };
    let mine = Handoff {
        covering: None,
        viewer: Some(0),
        frozen: false,
        all_seen: false,
    };
    assert_eq!(
        next_handoff(mine, &config, &bot_to_act),
        mine,
        "one human keeps the screen"
    );
    config.seats[2].kind = SeatKind::Human;
    let public = next_handoff(mine, &config, &bot_to_act);
    assert_eq!(public.private_viewer(), None, "two humans: the bots play in public");
    let back = Pending::Decide {
        seat: 0,
        prompt: String::new(),
        private: true,
    };
    assert_eq!(
        next_handoff(public, &config, &back).covering,
        Some(0),
        "the seat that played last is covered again before it sees its secrets"
    );
    // An undo, or a decision inside the seat's own effect, keeps the screen with that seat.
    assert_eq!(
        next_handoff(mine, &config, &back),
        mine,
        "the same seat decides again: no cover"
    );
    let over = Pending::Finished(camelot::rules::Outcome {
        winners: vec![],
        scores: vec![],
        summary: String::new(),
    });
    assert_eq!(
        next_handoff(mine, &config, &over).private_viewer(),
        None,
        "the end of the game is public"
    );
}

#[test]
fn starting_a_game_keeps_the_unfinished_one() {
    let (mut app, dir) = new_app("keep");
    let library = Library::load(ContentSet::embedded());
    let saves = Saves::new(dir);
    start_shadows(&mut app, &[SeatKind::Human, SeatKind::Human, SeatKind::Human], 3);
    let first = slot(&app);
    start_game(&mut app, GameId::Court, &[SeatKind::Human, SeatKind::Human], 4, &[]);
    assert_ne!(slot(&app), first, "the new game saves to a file of its own");
    let listed = saves.list(&library, camelot::saves::Shelf::Games);
    assert_eq!(listed.len(), 2, "both unfinished games are kept");
    assert_eq!(listed[1].game, Some(GameId::Shadows));
    // Continuing the Shadows game plays on in its own file.
    app.world_mut().write_message(StartMatch::Resume {
        text: listed[1].text.clone(),
        slot: listed[1].path.clone(),
    });
    app.update();
    assert_eq!(slot(&app), first);
    assert_eq!(saves.list(&library, camelot::saves::Shelf::Games).len(), 2);
}

/// Replay mode: a game stepped through, forward with its events and back by resetting the
/// table, where nobody moves, no bot plays and nothing is saved; the eyes it shows the table
/// through follow `replay_viewers`; a review of it runs off the frame and reports back.
#[test]
fn a_replay_steps_through_a_game_where_nobody_moves_and_a_review_reports_back() {
    use camelot::app::bridge::{AskReview, Refused, Replay, ReplayRequest, RuleEvent};
    use camelot::app::review::{ReviewPlugin, ReviewState};
    let (mut app, _) = new_app("replay");
    app.add_plugins(ReviewPlugin);
    let bot = SeatKind::Bot(Difficulty::Easy);
    start(&mut app, &[SeatKind::Human, bot]);
    // The human plays first choices until the game is over.
    for _ in 0..2000 {
        match pending(&app) {
            Pending::Finished(_) => break,
            Pending::Decide { seat: 0, .. } => play_first_choice(&mut app, 0),
            _ => {
                app.update();
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
    }
    assert!(matches!(pending(&app), Pending::Finished(_)), "the game ended");
    let whole = current(&app).to_ron();
    let total = app
        .world()
        .resource::<MatchRes>()
        .current
        .as_ref()
        .map_or(0, |m| m.actions_taken());
    app.world_mut().write_message(ReplayRequest::Open(whole.clone()));
    app.update();
    app.update();
    let actions = |app: &App| {
        app.world()
            .resource::<MatchRes>()
            .current
            .as_ref()
            .map_or(0, |m| m.actions_taken())
    };
    assert!(app.world().resource::<Replay>().active());
    assert_eq!(actions(&app), total, "a replay opens at the end");
    assert!(handoff(&app).frozen && handoff(&app).covering.is_none());
    assert_eq!(handoff(&app).viewer, Some(0), "through the human's eyes");
    assert!(
        app.world().resource::<MatchRes>().slot.is_none(),
        "a replay saves nothing"
    );

    app.world_mut().write_message(ReplayRequest::To(0));
    app.update();
    assert_eq!(actions(&app), 0, "back to the start");
    app.world_mut().resource_mut::<Messages<RuleEvent>>().clear();
    app.world_mut().write_message(ReplayRequest::To(1));
    app.update();
    assert_eq!(actions(&app), 1);
    let events = app.world().resource::<Messages<RuleEvent>>().len();
    assert!(events > 0, "a step forward plays its events out");
    // Nobody moves in a replay, and no bot plays on.
    let seat = pending(&app).seat().expect("someone to act");
    app.world_mut().write_message(ActionRequest {
        seat,
        request: Request::Index(0),
    });
    // A message lives two updates: look for the refusal after each one, not only after the last
    // (a full run under load once found none there).
    let mut refused = false;
    for _ in 0..20 {
        app.update();
        refused |= !app.world().resource::<Messages<Refused>>().is_empty();
    }
    assert_eq!(actions(&app), 1, "the replay stood still");
    assert!(refused, "the move was refused");
    // The game is over: anyone's eyes.
    app.world_mut().write_message(ReplayRequest::Viewer(Some(1)));
    app.update();
    app.update();
    assert_eq!(handoff(&app).viewer, Some(1));
    // And everything: every seat's lines in the log.
    app.world_mut().write_message(ReplayRequest::Everything(true));
    app.update();
    app.update();
    assert!(handoff(&app).all_seen);
    let log = &app.world().resource::<MatchRes>().log;
    assert_eq!(
        camelot::app::table::shown_log(log, &handoff(&app)).count(),
        log.len(),
        "every line shows"
    );

    // A review of the human seat, off the frame.
    app.world_mut().write_message(AskReview { seat: None });
    run_until(&mut app, |app| {
        let s = app.world().resource::<ReviewState>();
        !s.busy() && (s.review.is_some() || s.error.is_some())
    });
    let state = app.world().resource::<ReviewState>();
    let review = state.review.as_ref().expect("a review");
    assert_eq!((review.seat, state.seat), (1, 0));
    assert!(!review.decisions.is_empty());
}

/// An unfinished game with two humans replays through the public table's eyes only: no one's
/// secrets before the game is over.
#[test]
fn an_unfinished_pass_and_play_game_replays_without_anyone_s_secrets() {
    use camelot::app::bridge::{ReplayRequest, replay_viewers};
    let (mut app, _) = new_app("replay-open");
    start(&mut app, &[SeatKind::Human, SeatKind::Human]);
    app.world_mut().write_message(HandoffConfirmed);
    app.update();
    play_first_choice(&mut app, 0);
    let text = current(&app).to_ron();
    let viewers = replay_viewers(current(&app));
    assert_eq!(viewers, vec![None], "no seat's eyes while it is unfinished");
    app.world_mut().write_message(ReplayRequest::Open(text));
    app.update();
    app.update();
    assert_eq!(handoff(&app).private_viewer(), None);
    app.world_mut().write_message(ReplayRequest::Viewer(Some(1)));
    app.update();
    app.update();
    assert_eq!(handoff(&app).private_viewer(), None, "refused");
    app.world_mut().write_message(ReplayRequest::Everything(true));
    app.update();
    app.update();
    assert!(!handoff(&app).all_seen, "not before the game is over");
}

/// A crash loses nothing: the crash reporter always knows the autosave of the game on the table,
/// and the game a report names continues from that autosave with every move made (the hook that
/// writes the report is tested in `tests/core/crash.rs`).
#[test]
fn a_crash_report_names_the_game_on_the_table_which_continues_from_its_autosave() {
    use camelot::app::bridge::CrashWatch;
    use camelot::crash;
    let (mut app, dir) = new_app("crash");
    let watch = crash::Watch::default();
    app.insert_resource(CrashWatch(watch.clone()));
    start(&mut app, &[SeatKind::Human, SeatKind::Human]);
    for _ in 0..3 {
        let seat = pending(&app).seat().expect("a seat to act");
        play_first_choice(&mut app, seat);
    }
    let played = current(&app).actions_taken();
    assert_eq!(played, 3);
    assert_eq!(watch.autosave(), Some(slot(&app)), "the reporter knows the game's file");

    let folder = crash::folder(&dir);
    crash::write_report(&folder, watch.autosave(), "a test's crash", "main", "(backtrace)").expect("a report");
    let note = crash::last_crash(&folder).expect("the note for the next start");
    let library = Library::load(ContentSet::embedded());
    let games = Saves::new(dir).list(&library, camelot::saves::Shelf::Games);
    let game = games
        .iter()
        .find(|g| Some(&g.path) == note.autosave.as_ref())
        .expect("the crashed game is among the unfinished games");
    assert!(game.problem.is_none());
    app.world_mut().write_message(StartMatch::Resume {
        text: game.text.clone(),
        slot: game.path.clone(),
    });
    app.update();
    let m = app.world().resource::<MatchRes>().current.as_ref().expect("continued");
    assert_eq!(m.actions_taken(), played, "every move made before the crash is there");
}

/// Plays until a bot is to act after both humans have decided at least once and `actions` moves
/// were made: the moment a player might open the game's replay from the menu.
fn play_until_a_bot_acts_after(app: &mut App, actions: usize) {
    let mut humans_played = std::collections::BTreeSet::new();
    for _ in 0..20_000 {
        let Pending::Decide { seat, .. } = pending(app) else {
            panic!("the game ended first");
        };
        let human = current(app).config().seats[seat].kind.is_human();
        if !human && humans_played.len() >= 2 && current(app).actions_taken() >= actions {
            return;
        }
        if handoff(app).covering.is_some() {
            app.world_mut().write_message(HandoffConfirmed);
            app.update();
        } else if human {
            humans_played.insert(seat);
            play_first_choice(app, seat);
        } else {
            app.update();
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    panic!("no bot's turn came");
}

/// The leak of issue 45: a replay of an unfinished game with two humans (from the menu, during a
/// bot's turn) shows no seat's secrets by any path — its eyes, the log, a review asked for any
/// seat or for none, a hint — in every game; a review of a finished game still runs.
#[test]
fn an_unfinished_pass_and_play_game_shows_no_seat_s_review_hint_or_lines_in_any_game() {
    use camelot::app::bridge::{AskReview, Replay, ReplayRequest};
    use camelot::app::hint::{AskHint, HintState};
    use camelot::app::review::{ReviewPlugin, ReviewState};
    for (game, variants) in [
        (GameId::Court, &[("target", "30")][..]),
        (GameId::Future, &[][..]),
        (GameId::Shadows, &[][..]),
    ] {
        let (mut app, _) = new_app(&format!("leak-{}", game.key()));
        app.add_plugins((ReviewPlugin, camelot::app::hint::HintPlugin));
        start_game(&mut app, game, &two_humans_two_bots(), 91, variants);
        play_until_a_bot_acts_after(&mut app, 6);
        let text = current(&app).to_ron();
        app.world_mut().write_message(ReplayRequest::Open(text));
        app.update();
        app.update();
        assert!(app.world().resource::<Replay>().active(), "{game:?}");
        let public = |app: &App| {
            let h = handoff(app);
            assert_eq!(h.private_viewer(), None, "{game:?}: the public table's eyes");
            assert!(!h.all_seen, "{game:?}");
            let log = &app.world().resource::<MatchRes>().log;
            if let Some(line) = camelot::app::table::shown_log(log, &h).find(|l| matches!(l.to, Visibility::Only(_))) {
                panic!("{game:?}: a seat's own log line shows: {}", line.text);
            }
        };
        public(&app);
        for seat in [Some(0), Some(2), Some(1), None] {
            app.world_mut().write_message(ReplayRequest::Viewer(seat));
            app.world_mut().write_message(ReplayRequest::Everything(true));
            app.world_mut().write_message(AskReview { seat });
            app.world_mut().write_message(AskHint);
            for _ in 0..5 {
                app.update();
            }
            public(&app);
            let state = app.world().resource::<ReviewState>();
            assert!(
                !state.busy() && state.review.is_none(),
                "{game:?}: no review of {seat:?} runs or shows"
            );
            assert!(
                state.error.as_deref().is_some_and(|e| e.contains("not over")),
                "{game:?}: the review says why not: {:?}",
                state.error
            );
            let hint = app.world().resource::<HintState>();
            assert!(!hint.busy() && hint.shown.is_none(), "{game:?}: no hint in a replay");
        }
        // The timeline moves, the rule holds at every position.
        for to in [0, 3, 5] {
            app.world_mut().write_message(ReplayRequest::To(to));
            app.update();
            app.update();
            public(&app);
        }
    }
}

/// Online in the window: a host and two friends, three headless apps in this process, on
/// 127.0.0.1 only.
#[cfg(feature = "online")]
mod online {
    use super::new_app;
    use bevy::prelude::*;
    use camelot::app::bridge::{ActionRequest, CloseMatch, MatchRes, Request};
    use camelot::app::handoff::Handoff;
    use camelot::app::online::OnlineRuntime;
    use camelot::app::remote::{LinkState, OnlineAsk, Remote};
    use camelot::online::invite::Invite;
    use camelot::online::protocol::{RoomRules, SeatHolder};
    use camelot::rules::{Difficulty, GameId, GameRng, Pending, SeatKind, TableConfig};

    fn remote(app: &App) -> Option<&Remote> {
        app.world().get_resource::<Remote>()
    }

    /// Updates every app until `done` holds for all of them (the network runs on its own thread;
    /// a minute, for a machine busy with the other tests).
    fn run_all(apps: &mut [&mut App], mut done: impl FnMut(&App) -> bool) {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while std::time::Instant::now() < until {
            if apps.iter().all(|a| done(a)) {
                return;
            }
            for a in apps.iter_mut() {
                a.update();
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        panic!("the apps did not get there");
    }

    /// The seats' names in a Shadows view on the wire.
    fn names(view: &str) -> Vec<String> {
        let v: serde_json::Value = serde_json::from_str(view).expect("a view in JSON");
        v["game"]["names"]
            .as_array()
            .map(|a| a.iter().filter_map(|n| n.as_str().map(String::from)).collect())
            .unwrap_or_default()
    }

    fn seated(app: &App) -> bool {
        remote(app).is_some_and(|r| r.seat.is_some() && r.link == LinkState::Here)
            && app.world().resource::<MatchRes>().current.is_some()
    }

    /// Each app's table, when it has caught up with the host: its mirror shows its seat exactly
    /// the host's view, the screen is its seat's and never covered.
    fn check_in_step(host: &App, apps: &[&App], room: u64) -> usize {
        let mut checked = 0;
        let online = host.world().resource::<OnlineRuntime>();
        for app in apps {
            let (Some(r), Some(m)) = (remote(app), app.world().resource::<MatchRes>().current.as_ref()) else {
                continue;
            };
            let seat = r.seat.expect("a seat");
            let handoff = *app.world().resource::<Handoff>();
            assert_eq!(handoff.covering, None, "an online screen is never covered");
            assert_eq!(handoff.viewer, Some(seat), "an online screen shows its own seat");
            let (at, view) = online.hosted_view(room, seat).expect("the room");
            // Caught up: the same number of actions, and the players' names as the host has them
            // now (a join renames a seat without an action).
            if r.at == at && m.config().seats.iter().map(|s| s.name.as_str()).eq(names(&view)) {
                assert_eq!(m.view_on_wire(seat), view, "seat {seat} draws from its own view");
                checked += 1;
            }
        }
        checked
    }

    #[test]
    fn a_host_and_two_friends_play_shadows_each_from_their_own_view_and_a_friend_rejoins() {
        let (mut host, _) = new_app("online-window-host");
        let (mut elaine, _) = new_app("online-window-elaine");
        let (mut bors, _) = new_app("online-window-bors");
        let mut config = TableConfig::with_players(4, SeatKind::Human, 77);
        config.seats[3].kind = SeatKind::Bot(Difficulty::Easy);
        host.world_mut().write_message(OnlineAsk::Host {
            game: GameId::Shadows,
            config,
            rules: RoomRules::DEFAULT,
            listen: "127.0.0.1".into(),
            port: 0,
            address: "127.0.0.1".into(),
        });
        run_all(&mut [&mut host], seated);
        let code = remote(&host).expect("hosting").code.clone();
        let room = Invite::parse(&code).expect("an invitation").room;
        assert!(remote(&host).expect("hosting").hosting);
        // The table waits for the friends: their seats are open.
        run_all(&mut [&mut host], |a| remote(a).is_some_and(|r| r.seats.len() == 4));
        let open = remote(&host)
            .expect("hosting")
            .seats
            .iter()
            .filter(|s| s.holder == SeatHolder::Open)
            .count();
        assert_eq!(open, 2, "two seats wait for friends");
        // A bad invitation is refused in words.
        elaine.world_mut().write_message(OnlineAsk::Join {
            code: "camelot://127.0.0.1:1/x/aa/bb".into(),
            name: "Elaine".into(),
        });
        elaine.update();
        let notice = elaine.world().resource::<MatchRes>().notice.clone().expect("refused");
        assert!(notice.contains("not a room number"), "{notice}");
        // A code whose key is not the room's: the host refuses it in words, and no online table
        // stays open behind the menu.
        let mut wrong = Invite::parse(&code).expect("an invitation");
        wrong.key[0] ^= 1;
        elaine.world_mut().write_message(OnlineAsk::Join {
            code: wrong.code(),
            name: "Elaine".into(),
        });
        run_all(&mut [&mut host, &mut elaine], |a| {
            a.world()
                .resource::<MatchRes>()
                .notice
                .as_ref()
                .is_some_and(|n| n.contains("does not open this room"))
                || a.world().get_resource::<Remote>().is_some_and(|r| r.hosting)
        });
        assert!(remote(&elaine).is_none(), "a refused join leaves no table open");
        for (app, name) in [(&mut elaine, "Elaine"), (&mut bors, "Bors")] {
            app.world_mut().write_message(OnlineAsk::Join {
                code: code.clone(),
                name: name.into(),
            });
        }
        run_all(&mut [&mut host, &mut elaine, &mut bors], seated);
        let seats: Vec<usize> = [&host, &elaine, &bors]
            .iter()
            .map(|a| remote(a).and_then(|r| r.seat).expect("a seat"))
            .collect();
        assert_eq!(seats[0], 0, "the host plays the first human seat");
        let mut sorted = seats.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![0, 1, 2], "each in a seat of their own");

        let mut rng = GameRng::seeded(5);
        let mut checked = 0;
        let mut rejoined = false;
        // The position each app last moved at: one move a position.
        let mut moved_at: [Option<usize>; 3] = [None; 3];
        // Three minutes at most, for a machine busy with the other tests.
        let until = std::time::Instant::now() + std::time::Duration::from_secs(180);
        for step in 0.. {
            if std::time::Instant::now() > until {
                break;
            }
            checked += check_in_step(&host, &[&host, &elaine, &bors], room);
            // Halfway through, Bors closes the table and joins again with the same invitation.
            if step == 300 && !rejoined {
                rejoined = true;
                bors.world_mut().write_message(CloseMatch);
                bors.update();
                assert!(remote(&bors).is_none());
                bors.world_mut().write_message(OnlineAsk::Join {
                    code: code.clone(),
                    name: "Bors".into(),
                });
                run_all(&mut [&mut host, &mut elaine, &mut bors], seated);
                // A move he sent as he left may never have arrived: he looks at the table again.
                moved_at[2] = None;
                assert_eq!(
                    remote(&bors).and_then(|r| r.seat),
                    Some(seats[2]),
                    "Bors takes his own seat back"
                );
            }
            let mut over = 0;
            for (i, app) in [&mut host, &mut elaine, &mut bors].into_iter().enumerate() {
                let (seat, at) = match remote(app) {
                    Some(r) => (r.seat.expect("a seat"), r.at),
                    None => continue,
                };
                let m = app.world().resource::<MatchRes>().current.as_ref().expect("a table");
                if matches!(m.pending(), Pending::Finished(_)) {
                    over += 1;
                    continue;
                }
                if m.to_act() == Some(seat) && moved_at[i] != Some(at) {
                    moved_at[i] = Some(at);
                    let n = m.legal_labels().len() as u32;
                    app.world_mut().write_message(ActionRequest {
                        seat,
                        request: Request::Index(rng.below(n) as usize),
                    });
                }
                app.update();
            }
            if over == 3 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        for app in [&host, &elaine, &bors] {
            let m = app.world().resource::<MatchRes>().current.as_ref().expect("a table");
            assert!(
                matches!(m.pending(), Pending::Finished(_)),
                "the game ended for everyone"
            );
        }
        assert!(checked > 100, "{checked} tables checked against the host's views");
        // Each player keeps the whole game among the finished games, to replay and review.
        for app in [&host, &elaine, &bors] {
            let library = &app.world().resource::<camelot::app::LibraryRes>().0;
            let saves = app
                .world()
                .resource::<camelot::app::bridge::SavesRes>()
                .0
                .as_ref()
                .expect("saves");
            let kept = saves.list(library, camelot::saves::Shelf::Finished);
            assert_eq!(kept.len(), 1, "one finished game kept");
            let whole = library.load_save(&kept[0].text).expect("it loads");
            assert!(matches!(whole.pending(), Pending::Finished(_)), "the whole game, ended");
        }
        // The host goes: the friends are told in words.
        host.world_mut().resource_mut::<OnlineRuntime>().stop_hosting();
        run_all(&mut [&mut elaine], |a| {
            remote(a).is_some_and(|r| matches!(r.link, LinkState::Lost { .. }))
        });
        let LinkState::Lost { why, .. } = &remote(&elaine).expect("the table").link else {
            unreachable!()
        };
        assert!(!why.is_empty());
    }
}
