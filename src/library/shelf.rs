//! The library's shelf: each built game's content, validated once (or every problem in it), and
//! the hash that ties saves to it. What the library does with a game (set up a match, resume a
//! save, its variants) is in `mod.rs`, over the registry of the games.

use crate::content::{ContentError, ContentSet};
use crate::rules::{Game, GameId};
use std::any::Any;
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Debug, Clone)]
pub enum LibraryError {
    NotBuilt(GameId),
    Content(Vec<ContentError>),
}

impl std::fmt::Display for LibraryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LibraryError::NotBuilt(g) => write!(f, "{} is not built yet in this version", g.title()),
            LibraryError::Content(errors) => {
                writeln!(f, "the content has {} problem(s):", errors.len())?;
                for e in errors {
                    writeln!(f, "  {e}")?;
                }
                Ok(())
            }
        }
    }
}

/// A game's content, validated, behind `Any` (each entry knows its type).
pub(super) type ErasedContent = Arc<dyn Any + Send + Sync>;

/// All content, loaded and validated once, with each game's part or its errors.
#[derive(Clone)]
pub struct Library {
    pub set: ContentSet,
    /// Each built game's content, or every problem in it.
    pub(super) contents: BTreeMap<GameId, Result<ErasedContent, Vec<ContentError>>>,
    /// Each game's content hash, computed once.
    pub(super) hashes: BTreeMap<GameId, String>,
}

impl Library {
    /// A game's validated content.
    pub fn content<G: Game>(&self) -> Result<Arc<G::Content>, LibraryError> {
        match self.contents.get(&G::ID) {
            None => Err(LibraryError::NotBuilt(G::ID)),
            Some(Err(errors)) => Err(LibraryError::Content(errors.clone())),
            Some(Ok(content)) => content
                .clone()
                .downcast::<G::Content>()
                .map_err(|_| LibraryError::NotBuilt(G::ID)),
        }
    }
    /// Whether a game's content loaded without problems.
    pub fn content_ok(&self, game: GameId) -> bool {
        matches!(self.contents.get(&game), Some(Ok(_)))
    }
    /// Every problem in every game's content.
    pub fn errors(&self) -> Vec<ContentError> {
        self.contents
            .values()
            .filter_map(|c| c.as_ref().err())
            .flatten()
            .cloned()
            .collect()
    }
    /// The hash that ties saves to the content they were played with.
    pub fn content_hash(&self, game: GameId) -> String {
        self.hashes.get(&game).cloned().unwrap_or_default()
    }
}
