//! Every game behind one object-safe face (`MatchFace`), for the menu, saves, the simulator, the
//! command line and the window: the match, its events with their log lines, its bots, hints,
//! reviews and play-outs.

use crate::bots::{self, BotHints, BotKind, SearchStats};
use crate::rules::record::{Match, SaveError};
use crate::rules::{Game, GameId, GameRng, Pending, Period, RuleError, Seat, TableConfig, Visibility};
use std::any::Any;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use super::hints::{Hint, HintJob};
use super::hints::{hint_job_of, hint_seed};
use super::rating::{RatedDecision, Rating, Spot, rate_spot};
use super::seat_table::{SeatTable, seat_table};
use super::shelf::Library;

/// An event with its log line and the game's own event inside, for animations to downcast.
#[derive(Clone)]
pub struct ErasedEvent {
    /// Who may read the log line.
    pub to: Visibility,
    /// The log line; empty when the event is told by an earlier line (`Game::log_lines`).
    pub text: String,
    pub payload: Arc<dyn Any + Send + Sync>,
}

impl std::fmt::Debug for ErasedEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {}", self.to, self.text)
    }
}

/// A bot's decision to be run off the frame thread: it owns a copy of the view only, and answers
/// with the action it chose as an index into the legal actions of the position it was made at
/// (`MatchFace::apply_index` takes it).
pub type BotJob = Box<dyn FnOnce() -> Option<usize> + Send>;

/// A bot's decision with what it cost (search iterations, time), as the simulator measures it.
pub type BotStatsJob = Box<dyn FnOnce() -> (Option<usize>, SearchStats) + Send>;

/// The generator seed of a bot's decision at action number `step` of a match played out from
/// `table_seed` (`MatchFace::play_out`, so `camelot sim` and the balance bench). A constant
/// ("bots") is mixed in, so that no decision draws from the generator that dealt the game's hidden
/// setup (`GameRng::seeded(table_seed)`): otherwise the first bot would "guess" the deal.
pub fn play_out_bot_seed(table_seed: u64, step: usize) -> u64 {
    table_seed ^ 0x626f_7473_0000_0000 ^ ((step as u64) << 20)
}

/// The generator seed that a played-out match's random seats share (`MatchFace::play_out`): the
/// table's seed with a constant of its own ("rand") mixed in, so that a random seat's choices
/// are independent of the deal (`GameRng::seeded(table_seed)`) and of the bots' generators.
pub fn play_out_random_seed(table_seed: u64) -> u64 {
    table_seed ^ 0x7261_6e64_0000_0000
}

/// A game played out by bots (`MatchFace::play_out`).
#[derive(Clone, Debug)]
pub struct PlayedGame {
    pub winners: Vec<Seat>,
    /// Final score of each seat, where the game has scores.
    pub scores: Vec<i64>,
    pub actions: usize,
    /// How the game went, in the game's words (`Game::outcome_tags`).
    pub tags: Vec<String>,
    /// How the game went in numbers (`Game::outcome_figures`).
    pub figures: Vec<(String, f64)>,
    /// Turns where the game counts them, else changes of the deciding seat.
    pub turns: usize,
    /// Each decision: the bot, its milliseconds, what its search did.
    pub decisions: Vec<(BotKind, f64, SearchStats)>,
    /// What each seat played as (`Game::seat_emblem`: a faction, a colour, a Knight).
    pub emblems: Vec<Option<String>>,
    /// With `usage`: each piece of content used (`Game::used`) and by which seat, once a game.
    pub used: Vec<(Seat, String)>,
}

/// How [`MatchFace::play_out`] plays a match to its end.
#[derive(Clone, Copy)]
pub struct PlayOut<'a> {
    /// The bot deciding for each seat.
    pub bot_of: &'a dyn Fn(Seat) -> BotKind,
    /// The table's seed (what dealt the game).
    pub seed: u64,
    /// An error after this many actions in all.
    pub max_actions: usize,
    /// Also record what content each seat used (for the balance bench; it costs words).
    pub usage: bool,
}

/// A match of any game.
pub trait MatchFace: Send + Sync {
    fn game(&self) -> GameId;
    fn config(&self) -> &TableConfig;
    fn pending(&self) -> Pending;
    /// The seat to act, none once the game is over (without the prompt's words).
    fn to_act(&self) -> Option<Seat>;
    /// What happened during setup, for the log.
    fn opening_events(&self) -> Vec<ErasedEvent>;
    /// The legal actions in words, in the order `apply_index` takes them.
    fn legal_labels(&self) -> Vec<String>;
    /// What `viewer` may read of the table now, in words (`seats::seat_table`); `None`: an
    /// onlooker.
    fn seat_table(&self, viewer: Option<Seat>) -> SeatTable;
    /// The view of `seat`, for the wire (`Library::mirror` reads it).
    fn view_on_wire(&self, seat: Seat) -> String;
    fn apply_index(&mut self, index: usize) -> Result<Vec<ErasedEvent>, RuleError>;
    /// Applies a typed action given as `Any` (the game's own `Action` type).
    fn apply_any(&mut self, action: &dyn Any) -> Result<Vec<ErasedEvent>, RuleError>;
    /// Where the legal action `index` is played (`Game::place_of`); `None` past the list.
    fn place_of_index(&self, index: usize) -> Option<crate::rules::Place>;
    /// The rulebook part of the legal action `index` (`Game::rule_of`).
    fn rule_of_index(&self, index: usize) -> Option<crate::rules::RulePart>;
    /// The rulebook part of an action of this game given as `Any` (a refusal of it links there).
    fn rule_of_any(&self, action: &dyn Any) -> Option<crate::rules::RulePart>;
    /// The rulebook part of the pending decision (`Game::rule_of_decision`).
    fn rule_of_decision(&self) -> Option<crate::rules::RulePart>;
    fn actions_taken(&self) -> usize;
    /// The seat that took each action so far, in order (a tutorial counts a seat's decisions).
    fn actors(&self) -> &[Option<Seat>];
    /// The words (`Game::describe_action`) of the action numbered `index` (from 0), as described
    /// just before it was taken; replays the match to that point, so it costs `index` actions.
    fn action_label(&self, index: usize, library: &Library) -> Option<String>;
    /// The whole game's log so far, replayed from its actions: every line of the setup and of
    /// each action, with who may read it (a resumed game tells its story from the start).
    fn story_log(&self, library: &Library) -> Vec<(Visibility, String)>;
    /// Whether `seat` may take back the last action (its own, with no die or draw since).
    fn can_undo(&self, seat: Seat) -> bool;
    fn undo(&mut self, seat: Seat, library: &Library) -> Result<(), SaveError>;
    fn to_ron(&self) -> String;
    /// The match with seat `seat` named `name`, replayed from its actions (the rules never read
    /// a name; the setup and the log do); or why not.
    fn renamed(&self, seat: Seat, name: &str, library: &Library) -> Result<Box<dyn MatchFace>, String>;
    fn census(&self) -> BTreeMap<String, usize>;
    /// Every hidden part of the state now, in words (`Game::secrets`): for a finished game's replay only.
    fn secrets(&self) -> Vec<crate::rules::Secret>;
    /// A job that picks the pending seat's action from its view alone.
    fn bot_job(&self, kind: BotKind, seed: u64) -> Option<BotJob> {
        let job = self.bot_job_with_stats(kind, seed)?;
        Some(Box::new(move || job().0))
    }
    /// `bot_job`, also returning what the decision cost.
    fn bot_job_with_stats(&self, kind: BotKind, seed: u64) -> Option<BotStatsJob>;
    /// A job that works out the hint for the seat to act, from that seat's view alone, at the hard
    /// level, seeded by `hint_seed(config seed, actions taken)`; `None` when the game is over.
    /// Run it off the frame thread (it searches for up to hard's time, under a second).
    fn hint_job(&self) -> Option<HintJob>;
    /// `hint_job`, run here and now.
    fn hint(&self) -> Option<Hint> {
        self.hint_job().map(|job| job())
    }
    /// Plays a copy of the match to its end with `bot_of(seat)` deciding for every seat, as
    /// `camelot sim` does; the match itself is unchanged. `seed` is the table's seed (what dealt
    /// the game); the decision at action number `step` draws from
    /// `GameRng::seeded(play_out_bot_seed(seed, step))`, as a bot job seeded so would; random
    /// bots share one generator seeded with `play_out_random_seed(seed)`. Neither is the deal's
    /// generator. Stops with an error after `max_actions`; see [`PlayOut`].
    fn play_out(&self, how: &PlayOut<'_>) -> Result<PlayedGame, String>;
    /// Each decision `seat` took so far (a position with more than one legal action), rated as
    /// the hint at that position rates it, from that seat's view alone ([`Rating`]). The
    /// positions are rated on every core.
    fn rate_decisions(&self, library: &Library, seat: Seat, how: &Rating<'_>) -> Result<Vec<RatedDecision>, String>;
    /// The turn (`turns_taken`) at each position of the record, from the start (0 actions) to
    /// the end: a replay's jump to a turn.
    fn turns_by_position(&self, library: &Library) -> Vec<Option<u32>>;
    /// The public counts (`Game::tally`) at each position of the record, from the start to the
    /// end: the review's story of where the points went.
    fn tallies_by_position(&self, library: &Library) -> Vec<Vec<crate::rules::Tally>>;
    /// How `seat`'s score was counted, where the number alone does not say (`Game::score_counted`).
    fn score_counted(&self, seat: Seat) -> Option<String>;
    /// The review's play-out (`rating::review_play_out`) of the legal moves `first` and `second`
    /// at the position after `index` actions, for the seat to act there, from its view: at most
    /// `most` pairs, stopping once `settled` says so, played by `by`.
    #[allow(clippy::too_many_arguments)]
    fn play_out_decision(
        &self,
        library: &Library,
        index: usize,
        first: usize,
        second: usize,
        most: usize,
        settled: &dyn Fn(&super::rating::PlayedOut) -> bool,
        by: super::rating::PlayOutBots,
    ) -> Option<super::rating::PlayedOut>;
    /// How many pairs the review plays a mistake or a blunder out with the normal level
    /// (`BotHints::review_yardstick_pairs`).
    fn review_yardstick_pairs(&self) -> usize;
    /// The same match after its first `actions` actions only (a replay's position), from the
    /// content the library holds.
    fn replay_to(&self, actions: usize, library: &Library) -> Result<Box<dyn MatchFace>, String>;
    /// Takes the next action `whole` recorded after this match's own (this match is `whole` cut
    /// short, `replay_to`): a replay stepping forward, with the events for the table to play out.
    fn apply_recorded(&mut self, whole: &dyn MatchFace) -> Result<Vec<ErasedEvent>, RuleError>;
    /// Turns started so far, where the game counts turns.
    fn turns_taken(&self) -> Option<u32>;
    /// What `turns_taken` counts (`Game::PERIOD`).
    fn period(&self) -> Period;
    /// A finished game's sides, the winners' first, where it is played in teams (`Game::sides`).
    fn sides(&self) -> Vec<crate::rules::Side>;
    /// The emblem a seat plays under (see `Game::seat_emblem`).
    fn seat_emblem(&self, seat: Seat) -> Option<String>;
    fn seat_rgb(&self, seat: Seat) -> Option<[u8; 3]>;
    /// A seat's colour at the table: the game's where it assigns one (`seat_rgb`), else the one
    /// chosen in the menu.
    fn seat_colour(&self, seat: Seat) -> [u8; 3] {
        self.seat_rgb(seat)
            .or(self.config().seats.get(seat).map(|s| s.colour))
            .unwrap_or([200, 200, 200])
    }
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn clone_box(&self) -> Box<dyn MatchFace>;
}

/// What `read` says of each position of the record, from the start (0 actions) to the end (or to
/// an action that does not replay); empty where the game's content or table cannot be made.
fn by_position<G: BotHints, T>(m: &Match<G>, library: &Library, read: impl Fn(&G) -> T) -> Vec<T> {
    let Ok(content) = library.content::<G>() else {
        return Vec::new();
    };
    let Ok(mut state) = G::new_shared(&m.config, &content) else {
        return Vec::new();
    };
    let mut out = vec![read(&state)];
    for a in &m.actions {
        if state.apply_quiet(a).is_err() {
            break;
        }
        out.push(read(&state));
    }
    out
}

/// The match as a match of its own game, when it is one: the typed road from the window's table of
/// a game to its rules (the one place a match's type is recovered).
pub fn typed<G: BotHints>(m: &dyn MatchFace) -> Option<&Match<G>> {
    m.as_any().downcast_ref()
}

/// An event as its own game's, when it is one (a table reads its game's events typed).
pub fn event_of<G: Game>(e: &ErasedEvent) -> Option<&G::Event> {
    e.payload.downcast_ref()
}

/// Applies an action of `G` to the match, when it is a match of `G`: the events with their log
/// lines, or the refusal in words, the match unchanged.
pub fn apply_typed<G: BotHints>(m: &mut dyn MatchFace, action: &G::Action) -> Result<Vec<ErasedEvent>, RuleError> {
    let m = m.as_any_mut().downcast_mut::<Match<G>>().ok_or_else(|| {
        RuleError(format!(
            "that is not an action of the game on the table ({})",
            G::ID.title()
        ))
    })?;
    let events = m.apply(action)?;
    Ok(erase(&m.state, events))
}

/// The rulebook part an action of `G` comes under in this match (`Game::rule_of`).
pub fn rule_of_typed<G: BotHints>(m: &dyn MatchFace, action: &G::Action) -> Option<crate::rules::RulePart> {
    typed::<G>(m)?.state.rule_of(action)
}

fn erase<G: Game>(state: &G, events: Vec<crate::rules::Tagged<G::Event>>) -> Vec<ErasedEvent> {
    let lines = state.log_lines(&events);
    events
        .into_iter()
        .zip(lines)
        .map(|(t, (to, text))| ErasedEvent {
            to,
            text,
            payload: Arc::new(t.event),
        })
        .collect()
}

impl<G: BotHints> MatchFace for Match<G> {
    fn game(&self) -> GameId {
        G::ID
    }
    fn config(&self) -> &TableConfig {
        &self.config
    }
    fn pending(&self) -> Pending {
        self.state.pending()
    }
    fn to_act(&self) -> Option<Seat> {
        if self.state.outcome().is_some() {
            return None;
        }
        self.state.to_act()
    }
    fn opening_events(&self) -> Vec<ErasedEvent> {
        erase(&self.state, self.state.opening_events())
    }
    fn seat_table(&self, viewer: Option<Seat>) -> SeatTable {
        seat_table(&self.state, &self.config, self.actions.len(), viewer)
    }
    fn view_on_wire(&self, seat: Seat) -> String {
        // A view holds no map with other than string keys: serde_json cannot fail on it.
        serde_json::to_string(&self.state.view(seat)).unwrap_or_default()
    }
    fn legal_labels(&self) -> Vec<String> {
        self.state
            .legal_actions()
            .iter()
            .map(|a| self.state.describe_action(a))
            .collect()
    }
    fn apply_index(&mut self, index: usize) -> Result<Vec<ErasedEvent>, RuleError> {
        let legal = self.state.legal_actions();
        let action = legal
            .get(index)
            .ok_or_else(|| RuleError(format!("there is no choice number {}", index + 1)))?;
        let events = self.apply(action)?;
        Ok(erase(&self.state, events))
    }
    fn apply_any(&mut self, action: &dyn Any) -> Result<Vec<ErasedEvent>, RuleError> {
        let action = action
            .downcast_ref::<G::Action>()
            .ok_or_else(|| RuleError(format!("that is not an action of {}", G::ID.title())))?;
        let events = self.apply(action)?;
        Ok(erase(&self.state, events))
    }
    fn place_of_index(&self, index: usize) -> Option<crate::rules::Place> {
        let legal = self.state.legal_actions();
        Some(self.state.place_of(legal.get(index)?))
    }
    fn rule_of_index(&self, index: usize) -> Option<crate::rules::RulePart> {
        let legal = self.state.legal_actions();
        self.state.rule_of(legal.get(index)?)
    }
    fn rule_of_any(&self, action: &dyn Any) -> Option<crate::rules::RulePart> {
        self.state.rule_of(action.downcast_ref::<G::Action>()?)
    }
    fn rule_of_decision(&self) -> Option<crate::rules::RulePart> {
        self.state.rule_of_decision()
    }
    fn actions_taken(&self) -> usize {
        self.actions.len()
    }
    fn actors(&self) -> &[Option<Seat>] {
        &self.actors
    }
    fn action_label(&self, index: usize, library: &Library) -> Option<String> {
        let action = self.actions.get(index)?;
        let content = library.content::<G>().ok()?;
        let mut state = G::new_shared(&self.config, &content).ok()?;
        for a in &self.actions[..index] {
            state.apply_quiet(a).ok()?;
        }
        Some(state.describe_action(action))
    }
    fn story_log(&self, library: &Library) -> Vec<(Visibility, String)> {
        let Ok(content) = library.content::<G>() else {
            return Vec::new();
        };
        let Ok(mut m) = Match::<G>::new_shared(self.config.clone(), &content, self.content_hash.clone()) else {
            return Vec::new();
        };
        let mut lines = m.state.log_lines(&m.state.opening_events());
        for a in &self.actions {
            match m.apply(a) {
                Ok(events) => lines.extend(m.state.log_lines(&events)),
                Err(_) => break,
            }
        }
        lines.retain(|(_, text)| !text.is_empty());
        lines
    }
    fn can_undo(&self, seat: Seat) -> bool {
        Match::can_undo(self, seat)
    }
    fn undo(&mut self, seat: Seat, library: &Library) -> Result<(), SaveError> {
        let content = library.content::<G>().map_err(|e| SaveError::Io(e.to_string()))?;
        Match::undo(self, seat, &content)
    }
    fn to_ron(&self) -> String {
        Match::to_ron(self)
    }
    fn renamed(&self, seat: Seat, name: &str, library: &Library) -> Result<Box<dyn MatchFace>, String> {
        let mut save = self.save_file();
        let s = save
            .config
            .seats
            .get_mut(seat)
            .ok_or_else(|| format!("this table has no seat {}", seat + 1))?;
        s.name = name.to_string();
        let text = ron::ser::to_string(&save).map_err(|e| e.to_string())?;
        library.load_save(&text).map_err(|e| e.to_string())
    }
    fn census(&self) -> BTreeMap<String, usize> {
        self.state.census()
    }
    fn secrets(&self) -> Vec<crate::rules::Secret> {
        self.state.secrets()
    }
    fn bot_job_with_stats(&self, kind: BotKind, seed: u64) -> Option<BotStatsJob> {
        let seat = self.state.pending().seat()?;
        let view = self.state.view(seat);
        let legal = self.state.legal_actions();
        Some(Box::new(move || {
            let mut rng = GameRng::seeded(seed);
            let decision = bots::decide::<G>(kind, &view, &legal, &mut rng);
            let index = decision.action.and_then(|a| legal.iter().position(|l| *l == a));
            (index, decision.stats)
        }))
    }
    fn hint_job(&self) -> Option<HintJob> {
        hint_job_of(&self.state, hint_seed(self.config.seed, self.actions.len()), None)
    }
    fn play_out(&self, how: &PlayOut<'_>) -> Result<PlayedGame, String> {
        let PlayOut {
            bot_of,
            seed,
            max_actions,
            usage,
        } = *how;
        let mut state = self.state.clone();
        let mut used: Vec<(Seat, String)> = Vec::new();
        let mut legal = Vec::new();
        // A game takes some hundreds of decisions: room for them at once.
        let mut decisions = Vec::with_capacity(512);
        let (mut changes, mut last_seat) = (0usize, None);
        let mut random: Option<GameRng> = None;
        for step in self.actions.len()..max_actions {
            if let Some(o) = state.outcome() {
                return Ok(PlayedGame {
                    winners: o.winners.clone(),
                    scores: o.scores.clone(),
                    actions: step,
                    tags: state.outcome_tags(),
                    figures: state.outcome_figures(),
                    turns: state.turns_taken().map_or(changes, |t| t as usize),
                    decisions,
                    emblems: (0..self.config.seats.len())
                        .map(|s| state.seat_emblem(s).map(str::to_string))
                        .collect(),
                    used,
                });
            }
            let seat = state
                .to_act()
                .ok_or("the game has neither an outcome nor a seat to act")?;
            if last_seat != Some(seat) {
                changes += 1;
                last_seat = Some(seat);
            }
            let kind = bot_of(seat);
            let (decision, ms) = if kind == BotKind::Random {
                // The random bot needs no view and no clock: it draws from the random seats' one
                // generator (not the deal's), and its decisions (far below a microsecond) count
                // as 0 ms. The game may draw without listing (`random_legal`).
                let rng = random.get_or_insert_with(|| GameRng::seeded(play_out_random_seed(seed)));
                let action = state.random_legal(rng, &mut legal);
                (
                    bots::Decision {
                        action,
                        stats: SearchStats::default(),
                        rates: None,
                    },
                    0.0,
                )
            } else {
                state.legal_actions_into(&mut legal);
                let t0 = Instant::now();
                let mut rng = GameRng::seeded(play_out_bot_seed(seed, step));
                let decision = bots::decide::<G>(kind, &state.view(seat), &legal, &mut rng);
                (decision, t0.elapsed().as_secs_f64() * 1000.0)
            };
            let action = decision
                .action
                .ok_or_else(|| format!("bot {kind} found no legal action at step {step}"))?;
            decisions.push((kind, ms, decision.stats));
            if usage
                && let Some(thing) = state.used(&action)
                && !used.iter().any(|(s, t)| *s == seat && *t == thing)
            {
                used.push((seat, thing));
            }
            if kind == BotKind::Random {
                state.apply_drawn(&action, &legal)
            } else {
                state.apply_listed(&action, &legal)
            }
            .map_err(|e| format!("bot {kind} chose a refused action at step {step}: {e}"))?;
        }
        Err(format!("no outcome after {max_actions} actions"))
    }
    fn rate_decisions(&self, library: &Library, seat: Seat, how: &Rating<'_>) -> Result<Vec<RatedDecision>, String> {
        let Rating { tune, progress } = *how;
        use rayon::prelude::*;
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        let content = library.content::<G>().map_err(|e| e.to_string())?;
        let mut state = G::new_shared(&self.config, &content).map_err(|e| e.to_string())?;
        let mut spots = Vec::new();
        let mut legal = Vec::new();
        for (index, action) in self.actions.iter().enumerate() {
            if state.to_act() == Some(seat)
                && let Some((_, spot)) = Spot::of(&state, index, action, &mut legal)
            {
                spots.push(spot);
            }
            state
                .apply_quiet(action)
                .map_err(|e| format!("action {} does not replay: {e}", index + 1))?;
        }
        let total = spots.len();
        let (done, stop) = (AtomicUsize::new(0), AtomicBool::new(!progress(0, total)));
        let seed = self.config.seed;
        let rated: Vec<Option<RatedDecision>> = spots
            .into_par_iter()
            .map(|spot| {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                let r = rate_spot::<G>(seat, seed, spot, tune);
                if !progress(done.fetch_add(1, Ordering::Relaxed) + 1, total) {
                    stop.store(true, Ordering::Relaxed);
                }
                Some(r)
            })
            .collect();
        if stop.load(Ordering::Relaxed) {
            return Err("cancelled".into());
        }
        Ok(rated.into_iter().flatten().collect())
    }
    fn replay_to(&self, actions: usize, library: &Library) -> Result<Box<dyn MatchFace>, String> {
        let content = library.content::<G>().map_err(|e| e.to_string())?;
        Ok(Box::new(self.cut_short(actions, &content).map_err(|e| e.to_string())?))
    }
    fn turns_by_position(&self, library: &Library) -> Vec<Option<u32>> {
        by_position(self, library, G::turns_taken)
    }
    fn tallies_by_position(&self, library: &Library) -> Vec<Vec<crate::rules::Tally>> {
        by_position(self, library, G::tally)
    }
    fn score_counted(&self, seat: Seat) -> Option<String> {
        self.state.score_counted(seat)
    }
    fn play_out_decision(
        &self,
        library: &Library,
        index: usize,
        first: usize,
        second: usize,
        most: usize,
        settled: &dyn Fn(&super::rating::PlayedOut) -> bool,
        by: super::rating::PlayOutBots,
    ) -> Option<super::rating::PlayedOut> {
        let content = library.content::<G>().ok()?;
        let mut state = G::new_shared(&self.config, &content).ok()?;
        for a in self.actions.get(..index)? {
            state.apply_quiet(a).ok()?;
        }
        let seat = state.to_act()?;
        let legal = state.legal_actions();
        let seed = self.config.seed ^ (index as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03);
        super::rating::review_play_out::<G>(
            &state.view(seat),
            seat,
            legal.get(first)?,
            legal.get(second)?,
            seed,
            most,
            settled,
            by,
        )
    }
    fn review_yardstick_pairs(&self) -> usize {
        G::review_yardstick_pairs()
    }
    fn apply_recorded(&mut self, whole: &dyn MatchFace) -> Result<Vec<ErasedEvent>, RuleError> {
        let whole = whole
            .as_any()
            .downcast_ref::<Match<G>>()
            .ok_or_else(|| RuleError("that is another game's record".into()))?;
        let action = whole
            .actions
            .get(self.actions.len())
            .ok_or_else(|| RuleError("the record has no further action".into()))?;
        let events = self.apply(action)?;
        Ok(erase(&self.state, events))
    }
    fn turns_taken(&self) -> Option<u32> {
        self.state.turns_taken()
    }
    fn period(&self) -> Period {
        G::PERIOD
    }
    fn sides(&self) -> Vec<crate::rules::Side> {
        self.state.sides()
    }
    fn seat_emblem(&self, seat: Seat) -> Option<String> {
        self.state.seat_emblem(seat).map(str::to_string)
    }
    fn seat_rgb(&self, seat: Seat) -> Option<[u8; 3]> {
        self.state.seat_rgb(seat)
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn clone_box(&self) -> Box<dyn MatchFace> {
        Box::new(self.clone())
    }
}
