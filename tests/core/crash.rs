//! A crash loses nothing: the panic hook writes a report and a note for the next start, and the
//! game's autosave is left exactly as it was.

use crate::common::temp_dir;
use camelot::crash;

#[test]
fn a_panic_through_the_hook_writes_a_report_and_keeps_the_autosave() {
    let root = temp_dir("crash");
    let folder = crash::folder(&root);
    let autosave = root.join("games").join("court-1.ron");
    std::fs::create_dir_all(autosave.parent().expect("a folder")).expect("a folder");
    let saved = "(format: 1, game: court, the game as it was after the last move)";
    std::fs::write(&autosave, saved).expect("written");
    assert_eq!(crash::last_crash(&folder), None, "nothing crashed yet");

    let watch = crash::install(folder.clone());
    watch.playing(Some(&autosave));
    let caught = std::panic::catch_unwind(|| panic!("the test's own panic, {}", 42));
    // Back to the default hook: the rest of the tests panic as usual.
    let _ = std::panic::take_hook();
    assert!(caught.is_err());

    let note = crash::last_crash(&folder).expect("the note for the next start");
    assert_eq!(note.autosave.as_deref(), Some(autosave.as_path()));
    assert!(note.what.contains("the test's own panic, 42"), "{}", note.what);
    assert!(
        note.what.contains("tests/core/crash.rs"),
        "where it happened: {}",
        note.what
    );
    assert_eq!(note.version, camelot::version::LONG);
    let report = std::fs::read_to_string(&note.report).expect("the report");
    assert!(note.report.starts_with(&folder));
    for needle in [
        camelot::version::LONG,
        "the test's own panic, 42",
        &autosave.display().to_string(),
        "Backtrace:",
    ] {
        assert!(report.contains(needle), "the report names {needle:?}:\n{report}");
    }
    assert!(
        report.lines().count() > 12,
        "a backtrace, not just a heading:\n{report}"
    );
    assert_eq!(
        std::fs::read_to_string(&autosave).expect("still there"),
        saved,
        "the autosave is untouched"
    );

    // Once the players have seen it the note goes; the report stays.
    crash::forget_last_crash(&folder).expect("forgotten");
    assert_eq!(crash::last_crash(&folder), None);
    assert!(note.report.exists());
    crash::forget_last_crash(&folder).expect("forgetting twice is no error");
}

#[test]
fn a_broken_note_is_no_crash() {
    let folder = crash::folder(&temp_dir("crash-broken"));
    std::fs::create_dir_all(&folder).expect("a folder");
    std::fs::write(folder.join("last-crash.ron"), "(report: \"x\", autosa").expect("written");
    assert_eq!(crash::last_crash(&folder), None);
}
