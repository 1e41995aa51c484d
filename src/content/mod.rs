//! Content: the shipped RON files (embedded at build time) overlaid by files on disk, parsed and
//! validated once, with every problem reported as `path:line:col: message`.

use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

pub mod rulebook;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// One problem in one content file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentError {
    /// The file as the user knows it (a disk path, or the embedded key).
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.col, self.message)
    }
}
impl std::error::Error for ContentError {}

/// A content file's text and where it came from.
#[derive(Clone, Debug)]
pub struct ContentFile {
    /// Its place in the content tree, e.g. `levels/court/great_hall.ron`.
    pub key: String,
    /// What errors call it: the disk path it was read from, or the key when embedded.
    pub shown_as: String,
    pub text: String,
}

impl ContentFile {
    /// An error at the first place `needle` occurs (or at the top of the file).
    pub fn error_at(&self, needle: &str, message: impl Into<String>) -> ContentError {
        self.error_at_nth(needle, 0, message)
    }

    /// An error at the `n`th (from 0) place `needle` occurs, falling back to the first.
    pub fn error_at_nth(&self, needle: &str, n: usize, message: impl Into<String>) -> ContentError {
        let (line, col) = locate(&self.text, needle, n)
            .or_else(|| locate(&self.text, needle, 0))
            .unwrap_or((1, 1));
        ContentError {
            file: self.shown_as.clone(),
            line,
            col,
            message: message.into(),
        }
    }

    /// An error at byte `offset` of the text (the top of the file when it lies outside).
    pub fn error_at_offset(&self, offset: usize, message: impl Into<String>) -> ContentError {
        let (line, col) = line_col(&self.text, offset);
        ContentError {
            file: self.shown_as.clone(),
            line,
            col,
            message: message.into(),
        }
    }

    /// Parses the file as RON into `T`; syntax and shape errors carry their position.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, ContentError> {
        ron::from_str(&self.text).map_err(|e| ContentError {
            file: self.shown_as.clone(),
            line: e.span.start.line.max(1),
            col: e.span.start.col.max(1),
            message: e.code.to_string(),
        })
    }

    /// [`ContentFile::parse`], with a failure noted in `errors` rather than returned.
    pub fn parse_noting<T: DeserializeOwned>(&self, errors: &mut Vec<ContentError>) -> Option<T> {
        self.parse().map_err(|e| errors.push(e)).ok()
    }
}

/// Line and column (from 1) of the `n`th occurrence of `needle`.
pub fn locate(text: &str, needle: &str, n: usize) -> Option<(usize, usize)> {
    if needle.is_empty() {
        return None;
    }
    let offset = text.match_indices(needle).nth(n)?.0;
    Some(line_col(text, offset))
}

/// Line and column (from 1) of byte `offset` (1:1 when it lies outside the text).
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Where the file `key` (`assets/decks/court.ron`, always with `/`) lies under `dir`, in the
/// system's own separators.
pub fn disk_path(dir: &Path, key: &str) -> PathBuf {
    key.split('/').fold(dir.to_path_buf(), |path, part| path.join(part))
}

/// Line endings are not content: a file with Windows' CRLF (an editor's, or a checkout's without
/// this repository's `.gitattributes`) reads, and hashes, as its LF twin, so saves and content
/// match across systems.
fn without_cr(text: String) -> String {
    if text.contains("\r\n") {
        text.replace("\r\n", "\n")
    } else {
        text
    }
}

/// The content files a game reads, keyed by their place in the tree.
#[derive(Clone, Debug, Default)]
pub struct ContentSet {
    files: BTreeMap<String, ContentFile>,
}

impl ContentSet {
    /// The content compiled into the binary.
    pub fn embedded() -> ContentSet {
        let files = embedded::EMBEDDED
            .iter()
            .map(|(key, text)| {
                (
                    key.to_string(),
                    ContentFile {
                        key: key.to_string(),
                        shown_as: key.to_string(),
                        text: without_cr(text.to_string()),
                    },
                )
            })
            .collect();
        ContentSet { files }
    }

    /// The embedded content, overlaid by `dir` when given, else by the working directory's
    /// `assets/` and `levels/` if it has them (so a tinkerer's edits in a checkout take effect).
    pub fn shipped(dir: Option<&Path>) -> Result<ContentSet, ContentError> {
        let mut set = ContentSet::embedded();
        match dir {
            Some(d) => set.overlay_dir(d)?,
            None => set.overlay_dir(Path::new("."))?,
        }
        Ok(set)
    }

    /// A stamp of the known files on disk under `dir` (or the working directory): which exist,
    /// their sizes and times of change. It changes when a file is edited, added or removed, and
    /// costs no reading, so a watcher can look often.
    pub fn disk_stamp(&self, dir: Option<&Path>) -> u64 {
        let dir = dir.unwrap_or(Path::new("."));
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut fold = |bytes: &[u8]| {
            for &b in bytes {
                h ^= b as u64;
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        for key in self.files.keys() {
            fold(key.as_bytes());
            if let Ok(meta) = std::fs::metadata(disk_path(dir, key)) {
                fold(&meta.len().to_le_bytes());
                let nanos = meta
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_nanos());
                fold(&nanos.to_le_bytes());
            }
        }
        h
    }

    /// The files among `keys` read from disk rather than built in, as they are shown (their paths).
    pub fn from_disk(&self, keys: &[&str]) -> Vec<&str> {
        keys.iter()
            .filter_map(|k| self.files.get(*k))
            .filter(|f| f.shown_as != f.key)
            .map(|f| f.shown_as.as_str())
            .collect()
    }

    /// Replaces every known file that exists under `dir` by its disk version.
    pub fn overlay_dir(&mut self, dir: &Path) -> Result<(), ContentError> {
        let keys: Vec<String> = self.files.keys().cloned().collect();
        for key in keys {
            let path = disk_path(dir, &key);
            if path.is_file() {
                self.overlay_file(&key, &path)?;
            }
        }
        Ok(())
    }

    /// Replaces the file `key` by the one at `path`.
    pub fn overlay_file(&mut self, key: &str, path: &Path) -> Result<(), ContentError> {
        let shown_as = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| ContentError {
            file: shown_as.clone(),
            line: 1,
            col: 1,
            message: format!("cannot read: {e}"),
        })?;
        let text = String::from_utf8(bytes).map_err(|e| ContentError {
            file: shown_as.clone(),
            line: 1,
            col: 1,
            message: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        })?;
        let text = without_cr(text);
        self.files.insert(
            key.to_string(),
            ContentFile {
                key: key.to_string(),
                shown_as,
                text,
            },
        );
        Ok(())
    }

    /// The key a disk path stands for: the known key its trailing path components match.
    pub fn key_for_path(&self, path: &Path) -> Option<String> {
        let given: Vec<String> = path
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let mut best: Option<(usize, &String)> = None;
        let mut tie = false;
        for key in self.files.keys() {
            let parts: Vec<&str> = key.split('/').collect();
            let shared = parts
                .iter()
                .rev()
                .zip(given.iter().rev())
                .take_while(|(a, b)| **a == b.as_str())
                .count();
            if shared == 0 {
                continue;
            }
            match best {
                Some((n, _)) if n > shared => {}
                Some((n, _)) if n == shared => tie = true,
                _ => {
                    best = Some((shared, key));
                    tie = false;
                }
            }
        }
        match (best, tie) {
            (Some((_, key)), false) => Some(key.clone()),
            _ => None,
        }
    }

    pub fn get(&self, key: &str) -> Result<&ContentFile, ContentError> {
        self.files.get(key).ok_or_else(|| ContentError {
            file: key.to_string(),
            line: 1,
            col: 1,
            message: "missing content file".into(),
        })
    }

    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.files.keys()
    }

    /// A stable hash (FNV-1a, 64 bits, hex) of the named files' keys and texts.
    pub fn hash_of(&self, keys: &[&str]) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for key in keys {
            let text = self.files.get(*key).map_or("", |f| f.text.as_str());
            for b in key.bytes().chain([0]).chain(text.bytes()).chain([0]) {
                h ^= b as u64;
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
        format!("{h:016x}")
    }

    /// The rulebook text of a game (by its key, `GameId::key`), for the rules reference panel.
    pub fn rulebook(&self, game: &str) -> Option<&str> {
        let key = format!("assets/rulebooks/{game}.txt");
        self.files.get(&key).map(|f| f.text.as_str())
    }
}

/// A game's validated content: the files it is read from and how to read and validate them.
/// The library loads every registered game's content through this, once.
pub trait LoadContent: Clone + Sized + Send + Sync + 'static {
    /// The content keys (paths under `assets/` and `levels/`) it reads, for the content hash.
    const FILES: &'static [&'static str];
    /// Parses and validates, reporting every problem found.
    fn load(set: &ContentSet) -> Result<Self, Vec<ContentError>>;
}

/// A game without content files.
impl LoadContent for () {
    const FILES: &'static [&'static str] = &[];
    fn load(_: &ContentSet) -> Result<(), Vec<ContentError>> {
        Ok(())
    }
}
