//! The guided first games (`levels/<game>/tutorial.ron`): each plays through its script headless
//! as the window's bots would play it, then on to its end; a broken script is a clear
//! `path:line:col` problem, never a panic.

use crate::common::temp_dir;
use camelot::bots::BotKind;
use camelot::content::{ContentError, ContentSet};
use camelot::library::{Library, PlayOut};
use camelot::rules::{Difficulty, GameId, Pending, Visibility};
use camelot::tutorial::{self, TutorialRun};
use std::process::Command;

fn shipped() -> Library {
    Library::load(ContentSet::embedded())
}

#[test]
fn every_tutorial_plays_through_its_script_and_then_to_the_end() {
    let library = shipped();
    for game in camelot::library::listed() {
        let script = tutorial::load(&library, game).unwrap_or_else(|e| panic!("{game}: {e:?}"));
        assert!(
            (6..=10).contains(&script.steps.len()),
            "{game}: {} steps",
            script.steps.len()
        );
        let run = TutorialRun::start(script.clone()).expect("one human seat");
        let m = tutorial::play_script(&library, game, &script).unwrap_or_else(|e| panic!("{game}: {e}"));
        assert!(run.handed_over(m.as_ref()), "{game}: the script reached its handover");
        assert_eq!(run.human_moves(m.as_ref()), script.steps.len(), "{game}");
        // Every step's suggestion was followed.
        let last = run.last_move(m.as_ref(), &library).expect("a last move");
        assert_eq!(
            last,
            tutorial::LastMove {
                step: script.steps.len() - 1,
                followed: true
            },
            "{game}"
        );
        // The rest is a normal game: bots play it to its end.
        let played = m
            .play_out(&PlayOut {
                bot_of: &|_| BotKind::Level(Difficulty::Easy),
                seed: 1,
                max_actions: 20_000,
                usage: false,
            })
            .unwrap_or_else(|e| panic!("{game}: {e}"));
        assert!(
            !played.winners.is_empty() || !played.tags.is_empty() || played.actions > 0,
            "{game}"
        );
        assert!(tutorial::check(&library, game).is_empty(), "{game}");
    }
}

#[test]
fn the_run_follows_the_match_step_by_step() {
    let library = shipped();
    for game in camelot::library::listed() {
        let script = tutorial::load(&library, game).expect("loads");
        let run = TutorialRun::start(script.clone()).expect("one human seat");
        let mut m = library
            .new_match(game, script.table_config().expect("a table"))
            .expect("starts");
        assert_eq!(run.upcoming(m.as_ref()), Some(0), "{game}: the first step is next");
        assert!(run.last_move(m.as_ref(), &library).is_none(), "{game}");
        let mut seen = 0;
        while !run.handed_over(m.as_ref()) {
            match run.step_now(m.as_ref()) {
                Some(k) => {
                    assert_eq!(k, seen, "{game}: steps come in order");
                    assert_eq!(run.current(m.as_ref()), script.steps.get(k));
                    let index = run.suggested_index(m.as_ref()).expect("the suggestion is legal");
                    assert_eq!(m.legal_labels()[index], script.steps[k].suggest);
                    m.apply_index(index).expect("legal");
                    let last = run.last_move(m.as_ref(), &library).expect("a move");
                    assert_eq!(
                        last,
                        tutorial::LastMove {
                            step: k,
                            followed: true
                        },
                        "{game}"
                    );
                    seen += 1;
                }
                None => {
                    assert!(!run.human_to_act(m.as_ref()), "{game}");
                    assert_eq!(run.suggested_index(m.as_ref()), None);
                    tutorial::bot_move(m.as_mut()).expect("a bot to act").expect("its move");
                }
            }
        }
        assert_eq!(seen, script.steps.len(), "{game}");
        assert_eq!(run.upcoming(m.as_ref()), None, "{game}");
    }
}

#[test]
fn another_move_than_the_suggestion_is_noticed_and_the_script_goes_on() {
    let library = shipped();
    let game = GameId::Court;
    let script = tutorial::load(&library, game).expect("loads");
    let run = TutorialRun::start(script.clone()).expect("one human seat");
    let mut m = library
        .new_match(game, script.table_config().expect("a table"))
        .expect("starts");
    while run.step_now(m.as_ref()).is_none() {
        tutorial::bot_move(m.as_mut()).expect("a bot").expect("its move");
    }
    let suggested = run.suggested_index(m.as_ref()).expect("legal");
    let other = (0..m.legal_labels().len())
        .find(|&i| i != suggested)
        .expect("another move");
    m.apply_index(other).expect("legal");
    let last = run.last_move(m.as_ref(), &library).expect("a move");
    assert_eq!(
        last,
        tutorial::LastMove {
            step: 0,
            followed: false
        }
    );
    assert_eq!(run.upcoming(m.as_ref()), Some(1), "the script goes on at the next step");
}

#[test]
fn the_table_comes_from_the_script() {
    let library = shipped();
    for game in camelot::library::listed() {
        let script = tutorial::load(&library, game).expect("loads");
        let config = script.table_config().expect("a table");
        assert_eq!(config.seed, script.seed);
        assert_eq!(config.seats.len(), script.seats.len());
        let human = script.human_seat().expect("a human");
        assert!(config.seats[human].kind.is_human());
        assert_eq!(config.seats.iter().filter(|s| s.kind.is_human()).count(), 1);
        for (seat, name) in config.seats.iter().zip(&script.names) {
            assert_eq!(&seat.name, name);
        }
        for step in &script.steps {
            assert!(tutorial::places(game).contains(&step.point.as_str()));
        }
    }
}

#[test]
fn the_human_seat_reads_no_secret_of_another_seat_in_the_scripted_game() {
    // The callouts are written from what the human seat may see; this guards the words a script
    // may quote: no log line the human seat cannot read is ever one of its `say` texts.
    let library = shipped();
    for game in camelot::library::listed() {
        let script = tutorial::load(&library, game).expect("loads");
        let human = script.human_seat().expect("a human");
        let m = tutorial::play_script(&library, game, &script).expect("plays");
        let hidden: Vec<String> = m
            .story_log(&library)
            .into_iter()
            .filter(|(to, _)| !to.shows_to(Some(human)) && *to != Visibility::Nobody)
            .map(|(_, t)| t)
            .collect();
        for step in &script.steps {
            for line in &hidden {
                assert!(
                    !step.say.contains(line.as_str()),
                    "{game}: a step quotes a secret: {line}"
                );
            }
        }
        assert!(matches!(m.pending(), Pending::Decide { .. } | Pending::Finished(_)));
    }
}

// ---- broken scripts ----

/// The problems of the court tutorial with `edit` applied to its text, read from a file on disk.
fn problems_with(name: &str, edit: impl Fn(&str) -> String) -> (Vec<ContentError>, String) {
    let key = tutorial::key(GameId::Court);
    let mut set = ContentSet::embedded();
    let text = set.get(&key).expect("shipped").text.clone();
    let edited = edit(&text);
    assert_ne!(edited, text, "{name}: the edit changes the file");
    let path = temp_dir(name).join("tutorial.ron");
    std::fs::write(&path, &edited).expect("write");
    set.overlay_file(&key, &path).expect("overlay");
    let library = Library::load(set);
    (tutorial::check(&library, GameId::Court), path.display().to_string())
}

fn assert_problem(problems: &[ContentError], path: &str, words: &str) -> ContentError {
    let p = problems
        .iter()
        .find(|p| p.message.contains(words))
        .unwrap_or_else(|| panic!("no problem saying \"{words}\": {problems:?}"));
    assert_eq!(p.file, path);
    assert!(p.line >= 1 && p.col >= 1);
    p.clone()
}

#[test]
fn an_unknown_place_is_named_with_its_position() {
    let (problems, path) = problems_with("place", |t| t.replacen("point: \"hand\"", "point: \"attic\"", 1));
    let p = assert_problem(&problems, &path, "unknown place \"attic\"");
    assert!(p.message.contains("equites"), "the known places are listed: {p}");
    let text = std::fs::read_to_string(&path).expect("read");
    let line = text.lines().nth(p.line - 1).expect("the line");
    assert!(
        line.contains("point"),
        "the position is the step's point: {p} at {line}"
    );
}

#[test]
fn a_suggestion_that_is_not_legal_names_the_step_and_the_legal_moves() {
    let (problems, path) = problems_with("suggest", |t| {
        let at = t.find("suggest: \"").expect("a suggestion") + "suggest: \"".len();
        format!("{}Dance a jig, {}", &t[..at], &t[at..])
    });
    let p = assert_problem(&problems, &path, "step 1: \"Dance a jig");
    assert!(p.message.contains("the legal moves are"), "{p}");
    let text = std::fs::read_to_string(&path).expect("read");
    let line = text.lines().nth(p.line - 1).expect("the line");
    assert!(line.contains("suggest"), "{p} at {line}");
}

#[test]
fn two_humans_a_hard_bot_an_unknown_variant_and_a_bad_seat_are_refused() {
    let (problems, path) = problems_with("humans", |t| t.replacen("\"bot:easy\"", "\"human\"", 1));
    assert_problem(&problems, &path, "exactly one human seat (this one has 2)");
    let (problems, path) = problems_with("hard", |t| t.replacen("\"bot:easy\"", "\"bot:hard\"", 1));
    assert_problem(&problems, &path, "bot:easy");
    let (problems, path) = problems_with("seat", |t| t.replacen("\"bot:easy\"", "\"wizard\"", 1));
    assert_problem(&problems, &path, "unknown seat \"wizard\"");
    let (problems, path) = problems_with("variant", |t| {
        t.replacen("variants: {", "variants: {\"targt\": \"50\",", 1)
    });
    assert_problem(&problems, &path, "targt");
}

#[test]
fn broken_ron_and_unknown_fields_give_their_position() {
    let (problems, path) = problems_with("ron", |t| t.replacen("steps: [", "steps: [[", 1));
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].file, path);
    assert!(problems[0].line > 1, "{:?}", problems[0]);
    let (problems, path) = problems_with("field", |t| t.replacen("say:", "sayy: \"x\", say:", 1));
    let p = assert_problem(&problems, &path, "sayy");
    assert!(p.line > 1, "{p}");
}

#[test]
fn check_on_the_command_line_validates_a_tutorial() {
    let out = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .arg("check")
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let dir = temp_dir("cli");
    let path = camelot::content::disk_path(&dir, &tutorial::key(GameId::Shadows));
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("folders");
    let text = ContentSet::embedded()
        .get(&tutorial::key(GameId::Shadows))
        .expect("shipped")
        .text
        .replacen("point: \"", "point: \"nowhere", 1);
    std::fs::write(&path, text).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .arg("check")
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{}:", path.display())), "{err}");
    assert!(err.contains("unknown place"), "{err}");
}

#[test]
fn learn_checks_the_script_before_any_window() {
    // A broken script is refused on the terminal with its position, before a window would open.
    let dir = temp_dir("learn");
    let path = camelot::content::disk_path(&dir, &tutorial::key(GameId::Future));
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("folders");
    std::fs::write(&path, "Tutorial(title: 3)").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args(["--content", &dir.display().to_string(), "learn", "future"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{}:1:", path.display())), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args(["learn", "chess"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game"));
}

/// Without the window, `learn` says so (with it, it would open the window).
#[cfg(not(feature = "gui"))]
#[test]
fn learn_without_the_window_says_the_window_is_not_built_in() {
    let out = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args(["learn", "court"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no window"));
}
