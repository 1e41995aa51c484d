//! A guided first game: a script (`levels/<game>/tutorial.ron`) that sets up a fixed table and,
//! at each of the human seat's first decisions, says what the rule is, points at a place on the
//! table and suggests a move. Plain Rust, no Bevy: the window draws the callouts from
//! [`TutorialRun`]; `camelot check` validates the file and replays it headless ([`check`]).
//!
//! Step `k` (from 0) applies at the human seat's `k`-th decision, counted from the start of the
//! game (undo counts back). The bots play in between. Another legal move than the suggestion is
//! allowed: the script goes on at the next human decision, where the suggestion may no longer be
//! legal (then there is none to show). After the last step the game is the player's.

use crate::bots::{self, BotKind};
use crate::content::{ContentError, ContentFile};
use crate::library::{BoxedMatch, Library, MatchFace};
use crate::rules::{Difficulty, GameId, Seat, SeatKind, TableConfig};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A tutorial script as written in its RON file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tutorial {
    /// Shown as the window's title for the guided game, e.g. "Learn The Court".
    pub title: String,
    /// The table's seed: with easy bots, the same game every time.
    pub seed: u64,
    /// Seats in turn order as `SeatKind::parse` reads them: one `human`, the rest `bot:easy`.
    pub seats: Vec<String>,
    /// Seat names in turn order (optional; the default names otherwise).
    #[serde(default)]
    pub names: Vec<String>,
    /// The game's variants, `key: value`.
    #[serde(default)]
    pub variants: BTreeMap<String, String>,
    /// Shown before the first move.
    pub intro: String,
    pub steps: Vec<Step>,
    /// Shown after the last step: the rest of the game is the player's.
    pub handover: String,
}

/// One callout, at one decision of the human seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The rule and why the suggested move is good.
    pub say: String,
    /// Where the callout points: one of [`places`] of the game.
    pub point: String,
    /// The suggested move: the words (`Game::describe_action`) of a legal action at this decision.
    pub suggest: String,
    /// Shown when the player made another legal move than `suggest` at this step.
    #[serde(default)]
    pub other: String,
}

/// The places every game's window can point at; each game's own follow.
pub const COMMON_PLACES: &[&str] = &["board", "hand", "players", "prompt", "log", "hint"];

const COURT_PLACES: &[&str] = &["equites", "piles"];
const FUTURE_PLACES: &[&str] = &[
    "display",
    "hinterland",
    "throne",
    "score_track",
    "room:red",
    "room:green",
    "room:blue",
    "room:yellow",
];
const SHADOWS_PLACES: &[&str] = &[
    "camelot",
    "round_table",
    "excalibur",
    "quest:grail",
    "quest:black_knight",
    "quest:lancelot",
    "quest:picts",
    "quest:saxons",
    "quest:dragon",
    "white_pile",
    "black_pile",
];

/// Every place a tutorial of `game` may point at: [`COMMON_PLACES`], then the game's board places.
pub fn places(game: GameId) -> Vec<&'static str> {
    let own: &[&str] = match game {
        GameId::Court => COURT_PLACES,
        GameId::Future => FUTURE_PLACES,
        GameId::Shadows => SHADOWS_PLACES,
        #[cfg(any(test, feature = "test-support"))]
        GameId::Test => &[],
    };
    COMMON_PLACES.iter().chain(own).copied().collect()
}

/// The content key of a game's tutorial script.
pub fn key(game: GameId) -> String {
    format!("levels/{}/tutorial.ron", game.key())
}

impl Tutorial {
    /// The seat the player sits at (the one `human` seat).
    pub fn human_seat(&self) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| matches!(SeatKind::parse(s), Ok(SeatKind::Human)))
    }

    /// The table of the guided game: its seats, names, seed and variants.
    pub fn table_config(&self) -> Result<TableConfig, String> {
        let kinds = self
            .seats
            .iter()
            .map(|s| SeatKind::parse(s))
            .collect::<Result<Vec<_>, _>>()?;
        let mut config = TableConfig::with_players(kinds.len(), SeatKind::Human, self.seed);
        for (i, seat) in config.seats.iter_mut().enumerate() {
            seat.kind = kinds[i];
            if let Some(name) = self.names.get(i) {
                seat.name = name.clone();
            }
        }
        config.variants = self.variants.clone();
        Ok(config)
    }
}

/// Reads and validates `game`'s tutorial from the library's content (syntax, fields, seats,
/// names, variants, places); every problem as `path:line:col`. It does not play the script:
/// [`check`] does.
pub fn load(library: &Library, game: GameId) -> Result<Tutorial, Vec<ContentError>> {
    let file = library.set.get(&key(game)).map_err(|e| vec![e])?;
    let tutorial: Tutorial = file.parse().map_err(|e| vec![e])?;
    let problems = validate(library, game, file, &tutorial);
    if problems.is_empty() {
        Ok(tutorial)
    } else {
        Err(problems)
    }
}

/// The games that ship a tutorial (or have one on disk).
pub fn games_with_tutorial(library: &Library) -> Vec<GameId> {
    crate::library::listed()
        .filter(|g| library.set.get(&key(*g)).is_ok())
        .collect()
}

fn validate(library: &Library, game: GameId, file: &ContentFile, t: &Tutorial) -> Vec<ContentError> {
    let mut problems = Vec::new();
    let at_field = |field: &str, nth: usize, message: String| -> ContentError {
        let offset = field_offset(&file.text, field, nth).unwrap_or(0);
        file.error_at_offset(offset, message)
    };
    let (lo, hi) = game.seats();
    if !(lo..=hi).contains(&t.seats.len()) {
        problems.push(at_field(
            "seats",
            0,
            format!("{} seats; {} is played by {lo} to {hi}", t.seats.len(), game.title()),
        ));
    }
    let mut humans = 0;
    for (i, s) in t.seats.iter().enumerate() {
        match SeatKind::parse(s) {
            Ok(SeatKind::Human) => humans += 1,
            Ok(SeatKind::Bot(Difficulty::Easy)) => {}
            Ok(SeatKind::Bot(d)) => problems.push(at_field(
                "seats",
                0,
                format!(
                    "seat {} is bot:{}: a tutorial's bots are bot:easy, so the game goes the same way every time",
                    i + 1,
                    d.key()
                ),
            )),
            Err(e) => problems.push(at_field("seats", 0, format!("seat {}: {e}", i + 1))),
        }
    }
    if humans != 1 {
        problems.push(at_field(
            "seats",
            0,
            format!("a tutorial has exactly one human seat (this one has {humans})"),
        ));
    }
    if t.names.len() > t.seats.len() {
        problems.push(at_field(
            "names",
            0,
            format!("{} names for {} seats", t.names.len(), t.seats.len()),
        ));
    }
    if let Err(e) = library.check_variants(game, &t.variants) {
        problems.push(at_field("variants", 0, e));
    }
    if t.steps.is_empty() {
        problems.push(at_field("steps", 0, "a tutorial needs at least one step".into()));
    }
    let known = places(game);
    for (k, step) in t.steps.iter().enumerate() {
        if !known.contains(&step.point.as_str()) {
            problems.push(at_field(
                "point",
                k,
                format!(
                    "step {}: unknown place \"{}\"; {}'s places are {}",
                    k + 1,
                    step.point,
                    game.title(),
                    known.join(", ")
                ),
            ));
        }
        if step.suggest.trim().is_empty() {
            problems.push(at_field("suggest", k, format!("step {}: nothing suggested", k + 1)));
        }
    }
    problems
}

/// Every problem of `game`'s tutorial, as `path:line:col`: those [`load`] finds, then whether the
/// script plays — replayed headless with the window's bots, each step's suggestion must be a
/// legal move's words where it applies. A game without a tutorial file has no problem.
pub fn check(library: &Library, game: GameId) -> Vec<ContentError> {
    let Ok(file) = library.set.get(&key(game)) else {
        return Vec::new();
    };
    let tutorial = match load(library, game) {
        Ok(t) => t,
        Err(problems) => return problems,
    };
    if !library.content_ok(game) {
        // The game's own content reports its problems; the script cannot be played.
        return Vec::new();
    }
    match play_script(library, game, &tutorial) {
        Ok(_) => Vec::new(),
        Err(ScriptError { step: Some(k), message }) => {
            let offset = field_offset(&file.text, "suggest", k).unwrap_or(0);
            vec![file.error_at_offset(offset, message)]
        }
        Err(ScriptError { step: None, message }) => vec![file.error_at_offset(0, message)],
    }
}

/// Why a script does not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    /// The step (from 0) whose suggestion is not legal, if the problem is one step's.
    pub step: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// The bots' decision at a tutorial's table, as the window's bots take it: the seat's level,
/// seeded by `bots::decision_seed`. `None` when no bot is to act.
pub fn bot_move(m: &mut dyn MatchFace) -> Option<Result<(), String>> {
    let seat = m.pending().seat()?;
    let SeatKind::Bot(d) = m.config().seats.get(seat)?.kind else {
        return None;
    };
    let seed = bots::decision_seed(m.config().seed, m.actions_taken());
    let job = m.bot_job(BotKind::Level(d), seed)?;
    Some(match job() {
        Some(index) => m.apply_index(index).map(|_| ()).map_err(|e| e.to_string()),
        None => Err(format!("the bot in seat {} found nothing to do", seat + 1)),
    })
}

/// Plays the script headless from its start: the bots decide as in the window, the human seat
/// takes each step's suggestion. Returns the match at the handover (the human seat to act after
/// the last step, or the game over), or the first step whose suggestion is not legal, naming the
/// legal moves' words.
pub fn play_script(library: &Library, game: GameId, tutorial: &Tutorial) -> Result<BoxedMatch, ScriptError> {
    let whole = |message: String| ScriptError { step: None, message };
    let config = tutorial.table_config().map_err(whole)?;
    let human = tutorial
        .human_seat()
        .ok_or_else(|| whole("a tutorial has exactly one human seat".into()))?;
    let mut m = library.new_match(game, config).map_err(whole)?;
    let run = TutorialRun::new(tutorial.clone(), human);
    // Far more than a script's few steps take; a bound so a broken game cannot loop.
    for _ in 0..100_000 {
        if m.pending().seat().is_none() || run.human_moves(m.as_ref()) >= tutorial.steps.len() {
            return Ok(m);
        }
        if let Some(k) = run.step_now(m.as_ref()) {
            let Some(index) = run.suggested_index(m.as_ref()) else {
                let step = &tutorial.steps[k];
                let legal = m.legal_labels();
                return Err(ScriptError {
                    step: Some(k),
                    message: format!(
                        "step {}: \"{}\" is not a legal move here; the legal moves are: {}",
                        k + 1,
                        step.suggest,
                        legal.iter().map(|l| format!("\"{l}\"")).collect::<Vec<_>>().join(", ")
                    ),
                });
            };
            m.apply_index(index).map_err(|e| ScriptError {
                step: Some(k),
                message: format!("step {}: {e}", k + 1),
            })?;
            continue;
        }
        match bot_move(m.as_mut()) {
            Some(Ok(())) => {}
            Some(Err(e)) => return Err(whole(e)),
            None => return Err(whole("a seat that is neither the human nor a bot is to act".into())),
        }
    }
    Err(whole("the script did not reach its end".into()))
}

/// A tutorial in play: which step applies to a match, what it suggests, and whether the player
/// followed the last suggestion. Pure: everything is read from the match's history, so undo and
/// a resumed game need nothing else.
#[derive(Clone, Debug)]
pub struct TutorialRun {
    pub tutorial: Tutorial,
    /// The player's seat.
    pub human: Seat,
}

/// The human seat's last move, measured against its step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// The step that applied to it (from 0).
    pub step: usize,
    /// Whether it was the step's suggestion (if not, show the step's `other`).
    pub followed: bool,
}

impl TutorialRun {
    pub fn new(tutorial: Tutorial, human: Seat) -> TutorialRun {
        TutorialRun { tutorial, human }
    }

    /// The run of a tutorial at its one human seat.
    pub fn start(tutorial: Tutorial) -> Result<TutorialRun, String> {
        let human = tutorial.human_seat().ok_or("a tutorial has exactly one human seat")?;
        Ok(TutorialRun { tutorial, human })
    }

    /// How many decisions the human seat has taken so far.
    pub fn human_moves(&self, m: &dyn MatchFace) -> usize {
        m.actors().iter().filter(|a| **a == Some(self.human)).count()
    }

    /// Whether the human seat is to act now.
    pub fn human_to_act(&self, m: &dyn MatchFace) -> bool {
        m.pending().seat() == Some(self.human)
    }

    /// The step (from 0) that applies now: the human seat is to act at its `k`-th decision and
    /// the script has a step `k`. `None` while a bot acts, and after the script.
    pub fn step_now(&self, m: &dyn MatchFace) -> Option<usize> {
        if !self.human_to_act(m) {
            return None;
        }
        let k = self.human_moves(m);
        (k < self.tutorial.steps.len()).then_some(k)
    }

    /// The step that applies now (see `step_now`).
    pub fn current(&self, m: &dyn MatchFace) -> Option<&Step> {
        self.step_now(m).and_then(|k| self.tutorial.steps.get(k))
    }

    /// The step whose callout belongs on screen: the one that applies now, or while the bots
    /// play before the next human decision, the next one (`None` after the script).
    pub fn upcoming(&self, m: &dyn MatchFace) -> Option<usize> {
        let k = self.human_moves(m);
        (k < self.tutorial.steps.len()).then_some(k)
    }

    /// The index, among `m.legal_labels()`, of the move the step now suggests: `None` when no
    /// step applies or its suggestion is not legal here (the game left the script's path).
    pub fn suggested_index(&self, m: &dyn MatchFace) -> Option<usize> {
        let step = self.current(m)?;
        m.legal_labels().iter().position(|l| *l == step.suggest)
    }

    /// Whether the script is over: the human seat has taken as many decisions as it has steps
    /// (show `handover`, then play on as a normal game).
    pub fn handed_over(&self, m: &dyn MatchFace) -> bool {
        self.human_moves(m) >= self.tutorial.steps.len()
    }

    /// The human seat's last move and whether it followed its step's suggestion; `None` before
    /// its first move and for moves after the script. Replays the match up to that move.
    pub fn last_move(&self, m: &dyn MatchFace, library: &Library) -> Option<LastMove> {
        let index = m.actors().iter().rposition(|a| *a == Some(self.human))?;
        let step = m.actors()[..index].iter().filter(|a| **a == Some(self.human)).count();
        let suggested = &self.tutorial.steps.get(step)?.suggest;
        let label = m.action_label(index, library)?;
        Some(LastMove {
            step,
            followed: label == *suggested,
        })
    }
}

/// The byte offset of the `nth` (from 0) field `name:` in RON text, outside strings and comments.
fn field_offset(text: &str, name: &str, nth: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut seen = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                let mut j = i;
                while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                    j += 1;
                }
                if &text[start..i] == name && bytes.get(j) == Some(&b':') {
                    if seen == nth {
                        return Some(start);
                    }
                    seen += 1;
                }
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_is_found_outside_strings_and_comments() {
        let text = "A(\n  say: \"point: here\", // point: no\n  point: \"x\",\n)";
        let at = field_offset(text, "point", 0).expect("found");
        assert_eq!(&text[at..at + 6], "point:");
        assert_eq!(text[..at].matches('\n').count(), 2);
        assert_eq!(field_offset(text, "point", 1), None);
    }
}
