//! Embeds the shipped content (RON decks and layouts, rulebook texts) into the binary, so the game
//! runs from anywhere; a file on disk still overrides its embedded twin at run time.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if matches!(path.extension().and_then(|e| e.to_str()), Some("ron" | "txt")) {
            out.push(path);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for top in ["assets", "levels"] {
        println!("cargo:rerun-if-changed={top}");
        collect(&root.join(top), &mut files);
    }
    files.sort();
    let mut code = String::from("pub static EMBEDDED: &[(&str, &str)] = &[\n");
    for path in &files {
        let key = path
            .strip_prefix(&root)
            .expect("collected under the root")
            .to_string_lossy()
            .replace('\\', "/");
        println!("cargo:rerun-if-changed={}", path.display());
        let _ = writeln!(code, "    ({key:?}, include_str!({:?})),", path.display().to_string());
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
    commit(&root);
}

/// The commit the binary is built from, for `camelot --version`, the menu, saves and crash
/// reports (`src/version.rs`): `CAMELOT_COMMIT` when set (a build from a source tarball), else
/// git's short hash, else "unknown".
fn commit(root: &Path) {
    println!("cargo:rerun-if-env-changed=CAMELOT_COMMIT");
    // A new commit or checkout moves HEAD and appends to its log.
    for file in [".git/HEAD", ".git/logs/HEAD"] {
        if root.join(file).exists() {
            println!("cargo:rerun-if-changed={file}");
        }
    }
    let from_git = || {
        let out = std::process::Command::new("git")
            .args(["rev-parse", "--short=10", "HEAD"])
            .current_dir(root)
            .output()
            .ok()?;
        let hash = String::from_utf8(out.stdout).ok()?.trim().to_string();
        (out.status.success() && !hash.is_empty()).then_some(hash)
    };
    let commit = std::env::var("CAMELOT_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .or_else(from_git)
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=CAMELOT_COMMIT={}", commit.trim());
}
