//! The game library: every game behind one object-safe face, so the command line, the simulator, saves
//! and the window can hold "a match of some game" without knowing which.

mod any_match;
mod hints;
mod mirror;
mod rating;
mod seat_table;
mod seats;
mod shelf;

pub use any_match::{
    BotJob, BotStatsJob, ErasedEvent, MatchFace, PlayOut, PlayedGame, apply_typed, event_of, play_out_bot_seed,
    play_out_random_seed, rule_of_typed, typed,
};
pub use hints::{HINT_ALTERNATIVES, Hint, HintChoice, HintJob, hint_job_of, hint_seed};
pub use rating::{PlayOutBots, PlayedOut, RatedDecision, Rating, play_out_pair, rate_position, review_budget};
pub use seat_table::{SeatTable, seat_table};
pub use seats::{closed_seat_reason, needs_handoff, open_seats};
use shelf::ErasedContent;
pub use shelf::{Library, LibraryError};

use crate::bots::BotHints;
use crate::content::{ContentError, ContentSet, LoadContent};
use crate::rules::record::{self, Match, SaveError};
use crate::rules::{Game, GameId, Period, SetupError, TableConfig, VariantSpec};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A match of some game, as the rest of the program holds it.
pub type BoxedMatch = Box<dyn MatchFace>;

/// One game as the rest of the program finds it: its id (with its title and seat range), its
/// content files and loader, its variants, and how to start a match or resume a save. The
/// command line (`check`, `sim`, `replay`), saves, the menu and the bots all go through
/// [`GAMES`]; the rules core knows nothing of this list.
pub struct GameEntry {
    pub id: GameId,
    /// The content keys its loader reads (for the content hash).
    pub files: &'static [&'static str],
    load: fn(&ContentSet) -> Result<ErasedContent, Vec<ContentError>>,
    variants: fn(Option<&ErasedContent>) -> Vec<VariantSpec>,
    fork: fn(&ErasedContent) -> ErasedContent,
    start: fn(&Library, TableConfig) -> Result<BoxedMatch, String>,
    resume: fn(&Library, &str) -> Result<BoxedMatch, SaveError>,
    mirror: fn(&Library, TableConfig, &str, u64) -> Result<BoxedMatch, String>,
    /// What `turns_taken` counts (`Game::PERIOD`).
    pub period: Period,
    /// Whether a seat wins with its side (`Game::IN_SIDES`).
    pub in_sides: bool,
    /// Whether a player can choose it (`Game::LISTED`).
    pub listed: bool,
    /// An outcome tag or figure in a tinkerer's words (`Game::outcome_words`).
    pub outcome_words: fn(&str) -> String,
}

impl GameEntry {
    /// The entry of a game type: everything follows from its `Game` and `BotHints`.
    pub const fn of<G: BotHints>() -> GameEntry {
        GameEntry {
            id: G::ID,
            files: <G::Content as LoadContent>::FILES,
            load: load_content::<G>,
            variants: variants_of::<G>,
            fork: fork_content::<G>,
            start: start_match::<G>,
            resume: resume_match::<G>,
            mirror: mirror::mirror_match::<G>,
            period: G::PERIOD,
            in_sides: G::IN_SIDES,
            listed: G::LISTED,
            outcome_words: G::outcome_words,
        }
    }

    pub fn title(&self) -> &'static str {
        self.id.title()
    }

    pub fn seats(&self) -> (usize, usize) {
        self.id.seats()
    }
}

/// Every game that can be played. Adding a game is one line here.
pub const GAMES: &[GameEntry] = &[
    GameEntry::of::<crate::rules::court::Court>(),
    GameEntry::of::<crate::rules::future::Future>(),
    GameEntry::of::<crate::rules::shadows::Shadows>(),
    #[cfg(any(test, feature = "test-support"))]
    GameEntry::of::<crate::rules::testgame::TestGame>(),
];

/// The entry of a game, if it is built.
pub fn entry(game: GameId) -> Option<&'static GameEntry> {
    GAMES.iter().find(|e| e.id == game)
}

/// The games a player can choose, in the menu's order: the one list of the games.
pub fn listed() -> impl Iterator<Item = GameId> {
    GAMES.iter().filter(|e| e.listed).map(|e| e.id)
}

/// A game by its key (`court`, `future`, `shadows`), among those built.
pub fn game_of_key(key: &str) -> Option<GameId> {
    GAMES.iter().map(|e| e.id).find(|g| g.key() == key)
}

/// Whether a game can be played in this version.
pub fn is_built(game: GameId) -> bool {
    entry(game).is_some()
}

fn load_content<G: Game>(set: &ContentSet) -> Result<ErasedContent, Vec<ContentError>> {
    G::Content::load(set).map(|c| Arc::new(c) as ErasedContent)
}

fn variants_of<G: Game>(content: Option<&ErasedContent>) -> Vec<VariantSpec> {
    match content.and_then(|c| c.downcast_ref::<G::Content>()) {
        Some(content) => G::variants_for(content),
        None => G::variants(),
    }
}

/// A copy of a game's content that shares no memory with the original.
fn fork_content<G: Game>(content: &ErasedContent) -> ErasedContent {
    match content.downcast_ref::<G::Content>() {
        Some(c) => Arc::new(c.clone()),
        None => content.clone(),
    }
}

fn start_match<G: BotHints>(library: &Library, config: TableConfig) -> Result<Box<dyn MatchFace>, String> {
    let content = library.content::<G>().map_err(|e| e.to_string())?;
    Match::<G>::new_shared(config, &content, library.content_hash(G::ID))
        .map(|m| Box::new(m) as Box<dyn MatchFace>)
        .map_err(|e| e.to_string())
}

fn resume_match<G: BotHints>(library: &Library, text: &str) -> Result<Box<dyn MatchFace>, SaveError> {
    let content = library.content::<G>().map_err(|e| SaveError::Io(e.to_string()))?;
    Match::<G>::from_ron(text, &content, &library.content_hash(G::ID)).map(|m| Box::new(m) as Box<dyn MatchFace>)
}

impl Library {
    pub fn load(set: ContentSet) -> Library {
        let contents = GAMES.iter().map(|e| (e.id, (e.load)(&set))).collect();
        let hashes = GAMES.iter().map(|e| (e.id, set.hash_of(e.files))).collect();
        Library { set, contents, hashes }
    }

    /// This library with `game`'s content copied, so that the copy shares no memory with the
    /// original that playing writes to. Every state and view of a game holds an `Arc` of its
    /// content and clones it often (a view a decision); threads playing from one shared content
    /// all write its reference count, and that cache line then travels between the cores at
    /// every step. A thread that plays many games (the balance bench's workers) plays from a
    /// fork of its own.
    pub fn fork(&self, game: GameId) -> Library {
        let mut copy = self.clone();
        if let (Some(e), Some(Ok(content))) = (entry(game), self.contents.get(&game)) {
            copy.contents.insert(game, Ok((e.fork)(content)));
        }
        copy
    }

    /// The variants a game offers, with the options its content gives.
    pub fn variants(&self, game: GameId) -> Vec<VariantSpec> {
        entry(game)
            .map(|e| (e.variants)(self.contents.get(&game).and_then(|c| c.as_ref().ok())))
            .unwrap_or_default()
    }

    /// Refuses a variant key the game does not declare (`Game::variants_for` its content), naming
    /// the keys it has: a typo such as `targt=50` would otherwise play the defaults unnoticed.
    /// The values are the game's to judge when it sets up. The menu sends only declared keys, so
    /// this meets the command line and saves; every new match and every save passes here.
    pub fn check_variants(&self, game: GameId, variants: &BTreeMap<String, String>) -> Result<(), String> {
        if !self.content_ok(game) {
            // The match cannot start, and says why (its content's problems).
            return Ok(());
        }
        let specs = self.variants(game);
        let unknown: Vec<String> = variants
            .keys()
            .filter(|k| !specs.iter().any(|s| s.key == k.as_str()))
            .map(|k| format!("\"{k}\""))
            .collect();
        if unknown.is_empty() {
            return Ok(());
        }
        let known: Vec<&str> = specs.iter().map(|s| s.key).collect();
        Err(if known.is_empty() {
            format!("{} has no variants (not {})", game.title(), unknown.join(", "))
        } else {
            format!(
                "{} has no {} {}; its variants are {}",
                game.title(),
                if unknown.len() == 1 { "variant" } else { "variants" },
                unknown.join(", "),
                known.join(", ")
            )
        })
    }

    /// Sets up a new match.
    pub fn new_match(&self, game: GameId, config: TableConfig) -> Result<Box<dyn MatchFace>, String> {
        match entry(game) {
            Some(e) => {
                self.check_variants(game, &config.variants)?;
                (e.start)(self, config)
            }
            None => Err(LibraryError::NotBuilt(game).to_string()),
        }
    }

    /// A seat's match made from the view a host sent, what it hides re-dealt with `seed`
    /// (`mirror.rs`), for the table of `config` (whose seed the host keeps); or why not.
    pub fn mirror(&self, game: GameId, config: TableConfig, view: &str, seed: u64) -> Result<BoxedMatch, String> {
        match entry(game) {
            Some(e) => (e.mirror)(self, config, view, seed),
            None => Err(LibraryError::NotBuilt(game).to_string()),
        }
    }

    /// The move a bot of `kind` makes for the seat of a view a host sent: the view re-dealt with
    /// `seed` (`mirror`), the bot deciding on it from the seat's view alone; its index among the
    /// seat's moves, which are the host's. For a player's side (`camelot join --bot`, tests and
    /// benchmarks).
    pub fn bot_move_on_view(
        &self,
        game: GameId,
        config: TableConfig,
        view: &str,
        kind: crate::bots::BotKind,
        seed: u64,
    ) -> Result<usize, String> {
        self.mirror(game, config, view, seed)?
            .bot_job(kind, seed)
            .and_then(|job| job())
            .ok_or_else(|| format!("the {kind} bot found no move"))
    }

    /// Loads a save of any game, replaying it.
    pub fn load_save(&self, text: &str) -> Result<Box<dyn MatchFace>, SaveError> {
        let header = record::read_header(text)?;
        match entry(header.game) {
            Some(e) => {
                self.check_variants(header.game, &header.config.variants)
                    .map_err(|e| SaveError::Setup(SetupError(e)))?;
                (e.resume)(self, text)
            }
            None => Err(SaveError::Io(LibraryError::NotBuilt(header.game).to_string())),
        }
    }
}
