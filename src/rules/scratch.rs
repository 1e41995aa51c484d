//! Test support: scratch folders. Every test that writes files takes a fresh folder of its own
//! here, under the system's temporary folder in `camelot-scratch/`, named by its process; the
//! first one a process takes sweeps away the folders of test processes that have ended, so runs
//! leave no litter behind.

use std::path::{Path, PathBuf};
use std::sync::Once;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh, empty folder for a test: `<temp>/camelot-scratch/<process>-<n>-<tag>`.
pub fn scratch_dir(tag: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    static SWEPT: Once = Once::new();
    let root = std::env::temp_dir().join("camelot-scratch");
    SWEPT.call_once(|| sweep(&root));
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = root.join(format!("{}-{n}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Removes the folders of processes that have ended (and anything not named by a process).
fn sweep(root: &Path) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    let me = std::process::id();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let pid = name.split('-').next().and_then(|p| p.parse::<u32>().ok());
        let ended = match pid {
            Some(p) => p != me && !running(p, &entry.path()),
            None => true,
        };
        if ended {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Whether process `pid` may still be using `dir`: on Linux, whether it runs; elsewhere, whether
/// the folder was touched in the last day.
fn running(pid: u32, dir: &Path) -> bool {
    if cfg!(target_os = "linux") {
        Path::new("/proc").join(pid.to_string()).exists()
    } else {
        std::fs::metadata(dir)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_none_or(|age| age < std::time::Duration::from_secs(86_400))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scratch_folder_is_fresh_and_an_ended_process_s_is_swept() {
        let a = scratch_dir("one");
        let b = scratch_dir("one");
        assert_ne!(a, b, "each call its own folder");
        assert!(a.is_dir() && std::fs::read_dir(&a).expect("listed").next().is_none());
        // A folder of a process that cannot be running (pid 0 is the kernel's scheduler, never
        // a test) goes at the next sweep; this process's own stay.
        let root = a.parent().expect("the scratch root").to_path_buf();
        let stale = root.join("0-0-stale");
        std::fs::create_dir_all(&stale).expect("made");
        sweep(&root);
        if cfg!(target_os = "linux") {
            assert!(!stale.exists(), "swept");
        }
        assert!(a.exists() && b.exists(), "this process's folders stay");
    }
}
