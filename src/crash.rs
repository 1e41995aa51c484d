//! A crash loses nothing. The window installs a panic hook (`install`) that writes a report to the
//! data folder's `crashes/`: the version, what happened and where, the backtrace, and the autosave
//! of the game being played (`Watch::playing`). The autosave itself is never touched: it is written
//! whole after every action (`write_atomically`), so it holds the game up to the last move. The
//! hook also leaves a note (`crashes/last-crash.ron`) that the menu reads on the next start to say
//! that the last game ended unexpectedly, where the report is, and to offer to continue it.
//! Plain Rust: the hook is tested without a window.

use crate::rules::record::write_atomically;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

/// The autosave of the game on the table now, if any: what a crash report belongs to. The
/// window keeps it up to date; the hook reads it.
#[derive(Clone, Debug, Default)]
pub struct Watch(Arc<Mutex<Option<PathBuf>>>);

impl Watch {
    /// The game on the table now autosaves to `autosave` (`None`: no game).
    pub fn playing(&self, autosave: Option<&Path>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = autosave.map(Path::to_path_buf);
    }

    /// The autosave a crash now would belong to.
    pub fn autosave(&self) -> Option<PathBuf> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// Reports written by this process, to name each one apart.
static WRITTEN: AtomicU32 = AtomicU32::new(0);

/// The note a crash leaves for the next start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastCrash {
    /// The report's file.
    pub report: PathBuf,
    /// The autosave of the game being played, if one was.
    pub autosave: Option<PathBuf>,
    /// The Camelot that crashed (`version::LONG`).
    pub version: String,
    /// What happened, in one line: the panic's message and where.
    pub what: String,
}

/// The folder crash reports go to, in the data folder `root`.
pub fn folder(root: &Path) -> PathBuf {
    root.join("crashes")
}

fn note_path(folder: &Path) -> PathBuf {
    folder.join("last-crash.ron")
}

/// Installs the panic hook that writes reports into `folder` (then runs the hook that was there,
/// which prints the panic as usual); the `Watch` it returns says which game a report belongs to.
pub fn install(folder: PathBuf) -> Watch {
    let watch = Watch::default();
    let seen = watch.clone();
    let before = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let what = match (info.payload_as_str(), info.location()) {
            (Some(m), Some(l)) => format!("{m} (at {}:{}:{})", l.file(), l.line(), l.column()),
            (Some(m), None) => m.to_string(),
            (None, Some(l)) => format!("a panic at {}:{}:{}", l.file(), l.line(), l.column()),
            (None, None) => "a panic".to_string(),
        };
        let backtrace = std::backtrace::Backtrace::force_capture().to_string();
        let thread = std::thread::current().name().unwrap_or("unnamed").to_string();
        if let Ok(path) = write_report(&folder, seen.autosave(), &what, &thread, &backtrace) {
            eprintln!("Camelot crashed; a report is in {}", path.display());
        }
        before(info);
    }));
    watch
}

/// Writes a report and the note for the next start; returns the report's path.
pub fn write_report(
    folder: &Path,
    autosave: Option<PathBuf>,
    what: &str,
    thread: &str,
    backtrace: &str,
) -> Result<PathBuf, String> {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let n = WRITTEN.fetch_add(1, Ordering::Relaxed);
    let report = folder.join(format!("crash-{secs}-{}-{n}.txt", std::process::id()));
    let game = match &autosave {
        Some(p) => format!(
            "{}\n  (left as it was after the last move; the menu offers to continue it)",
            p.display()
        ),
        None => "none (no game was on the table)".to_string(),
    };
    let text = format!(
        "Camelot crash report\n\
         \n\
         Version:        Camelot {}\n\
         When:           {} UTC\n\
         System:         {} {}\n\
         Thread:         {thread}\n\
         What happened:  {what}\n\
         The game:       {game}\n\
         \n\
         Backtrace:\n{backtrace}\n",
        crate::version::LONG,
        utc(secs),
        std::env::consts::OS,
        std::env::consts::ARCH,
    );
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    write_atomically(&report, &text).map_err(|e| e.to_string())?;
    let note = LastCrash {
        report: report.clone(),
        autosave,
        version: crate::version::LONG.to_string(),
        what: what.to_string(),
    };
    let note_text = ron::ser::to_string_pretty(&note, ron::ser::PrettyConfig::new()).map_err(|e| e.to_string())?;
    write_atomically(&note_path(folder), &note_text).map_err(|e| e.to_string())?;
    Ok(report)
}

/// The note the last crash left, if it has not been dealt with; `None` when there is none or it
/// cannot be read (a broken note is not worth a word: the report is still in the folder).
pub fn last_crash(folder: &Path) -> Option<LastCrash> {
    let text = std::fs::read_to_string(note_path(folder)).ok()?;
    ron::from_str(&text).ok()
}

/// The players have seen the note: it goes (the report stays).
pub fn forget_last_crash(folder: &Path) -> Result<(), String> {
    match std::fs::remove_file(note_path(folder)) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("{}: {e}", folder.display())),
    }
}

/// Seconds since 1970 as "2026-12-06 14:05:09" (the proleptic Gregorian calendar, UTC).
fn utc(secs: u64) -> String {
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_as_a_calendar_does() {
        assert_eq!(utc(0), "1970-01-01 00:00:00");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00:00");
        assert_eq!(utc(1_796_551_509), "2026-12-06 10:05:09");
    }
}
