//! The game library: every game behind one object-safe face, so the command line, the simulator, saves
//! and the window can hold "a match of some game" without knowing which.

use crate::bots::{self, BotHints, BotKind, Budget, RankedBy, SearchStats};
use crate::content::{ContentError, ContentSet, LoadContent};
use crate::rules::record::{self, Match, SaveError};
use crate::rules::{
    Difficulty, Game, GameId, GameRng, Pending, Period, RuleError, Seat, SetupError, TableConfig, VariantSpec,
    Visibility,
};
use std::any::Any;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

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

/// A bot's decision to be run off the frame thread: it owns a copy of the view only.
pub type BotJob = Box<dyn FnOnce() -> Option<Arc<dyn Any + Send + Sync>> + Send>;

/// A bot's decision with what it cost (search iterations, time), as the simulator measures it.
pub type BotStatsJob = Box<dyn FnOnce() -> (Option<Arc<dyn Any + Send + Sync>>, SearchStats) + Send>;

/// What the hard bot would play for the seat to act, worked out from that seat's view alone, and
/// why (`AnyMatch::hint`). The window shows it where the move would be played; `camelot hint`
/// prints `Hint::lines`.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The seat the hint is for (the seat to act).
    pub seat: Seat,
    /// The suggested action, as an index into `AnyMatch::legal_labels` (`apply_index` takes it).
    pub action_index: usize,
    /// The suggested action in the game's words (`Game::describe_action`).
    pub action: String,
    /// Why, in the game's words: how the bot rates it against the next best, and what it gains
    /// or guards against.
    pub why: Vec<String>,
    /// The next best actions as the bot rates them, best first (at most `HINT_ALTERNATIVES`).
    pub alternatives: Vec<HintChoice>,
    /// How the bot rated the actions: a search, the heuristic's scores, or none.
    pub by: RankedBy,
    /// The suggested action's own rating (as in `alternatives`).
    pub rating: HintChoice,
    /// Seconds the hint took to work out.
    pub seconds: f64,
}

/// One action of a hint, with how the bot rates it.
#[derive(Clone, Debug, PartialEq)]
pub struct HintChoice {
    /// Index into `AnyMatch::legal_labels`.
    pub action_index: usize,
    /// In the game's words.
    pub action: String,
    /// The search's estimate of the seat's chance to win after it, 0..=1.
    pub rate: Option<f64>,
    /// Its share of the search's attention (root visits), 0..=1.
    pub share: Option<f64>,
    /// The heuristic's score (rough units of the game; higher is better) where no search ran.
    pub score: Option<f64>,
}

/// How many alternatives a hint names.
pub const HINT_ALTERNATIVES: usize = 3;

impl HintChoice {
    /// The rating in words: "wins about 48 %, 21 % of the search", "wins about 48 %" (a
    /// lookahead), "rated +1.3", or "".
    pub fn rating(&self) -> String {
        match (self.rate, self.share, self.score) {
            (Some(r), Some(s), _) => format!("wins about {:.0} %, {:.0} % of the search", r * 100.0, s * 100.0),
            (None, Some(s), _) => format!("{:.0} % of the search", s * 100.0),
            (Some(r), None, _) => format!("wins about {:.0} %", r * 100.0),
            (_, _, Some(v)) => format!("rated {v:+.1}"),
            _ => String::new(),
        }
    }
}

impl Hint {
    /// The moves the hint lists with how the bot rates them (its own and the alternatives),
    /// ordered by what the list says: the higher win chance first, else the higher score, else
    /// the larger share of the search; equals keep the bot's order, its own move first. So a move
    /// that rates higher never stands below one that rates lower (the reasons say why the bot
    /// keeps its own).
    pub fn listed(&self) -> Vec<&HintChoice> {
        let mut out: Vec<&HintChoice> = std::iter::once(&self.rating).chain(&self.alternatives).collect();
        let key = |c: &HintChoice| {
            (
                c.rate.map(|r| (r * 100.0).round() as i64),
                c.score.map(|v| (v * 10.0).round() as i64),
                c.share.map(|v| (v * 100.0).round() as i64),
            )
        };
        out.sort_by_key(|c| std::cmp::Reverse(key(c)));
        out
    }

    /// The hint as text, one line each: the action, the reasons, the alternatives.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!("Hint: {}", self.action)];
        out.extend(self.why.iter().map(|w| format!("  - {w}")));
        if !self.alternatives.is_empty() {
            out.push("  Alternatives:".into());
            for a in &self.alternatives {
                let rating = a.rating();
                if rating.is_empty() {
                    out.push(format!("    {}", a.action));
                } else {
                    out.push(format!("    {} ({rating})", a.action));
                }
            }
        }
        out
    }
}

/// A hint worked out off the frame thread: it owns a copy of the seat's view only.
pub type HintJob = Box<dyn FnOnce() -> Hint + Send>;

/// The generator seed of the hint at a match's position: from the match's seed and the number of
/// actions taken, so the same position of the same match always gets the same hint.
pub fn hint_seed(match_seed: u64, actions_taken: usize) -> u64 {
    match_seed.rotate_left(17) ^ 0x6869_6e74_0000_0000 ^ ((actions_taken as u64) << 20)
}

/// The generator seed of a bot's decision at action number `step` of a match played out from
/// `table_seed` (`AnyMatch::play_out`, so `camelot sim` and the balance bench). A constant
/// ("bots") is mixed in, so that no decision draws from the generator that dealt the game's hidden
/// setup (`GameRng::seeded(table_seed)`): otherwise the first bot would "guess" the deal.
pub fn play_out_bot_seed(table_seed: u64, step: usize) -> u64 {
    table_seed ^ 0x626f_7473_0000_0000 ^ ((step as u64) << 20)
}

/// The generator seed that a played-out match's random seats share (`AnyMatch::play_out`): the
/// table's seed with a constant of its own ("rand") mixed in, so that a random seat's choices
/// are independent of the deal (`GameRng::seeded(table_seed)`) and of the bots' generators.
pub fn play_out_random_seed(table_seed: u64) -> u64 {
    table_seed ^ 0x7261_6e64_0000_0000
}

/// The hint job for the seat to act in `state` (`None` when the game is over): the hard level's
/// ranking from that seat's view and the legal actions, drawn from `GameRng::seeded(seed)`.
/// `tune` changes the hard budget (tests: no clock cap, fewer iterations); the window and the
/// command line pass `None`.
pub fn hint_job_of<G: BotHints>(state: &G, seed: u64, tune: Option<fn(Budget) -> Budget>) -> Option<HintJob> {
    let seat = state.to_act()?;
    let view = state.view(seat);
    let legal = state.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let labels: Vec<String> = legal.iter().map(|a| state.describe_action(a)).collect();
    Some(Box::new(move || {
        make_hint::<G>(seat, &view, &legal, &labels, seed, tune)
    }))
}

use crate::rules::percent;

/// The hard level's ranking of `legal` from `view`, drawn from `GameRng::seeded(seed)`: the one
/// rating of a position behind a hint and a review.
fn hard_ranking<G: BotHints>(
    view: &G::View,
    legal: &[G::Action],
    seed: u64,
    tune: Option<fn(Budget) -> Budget>,
) -> bots::Ranking<G::Action> {
    let mut rng = GameRng::seeded(seed);
    let kind = BotKind::Level(Difficulty::Hard);
    match tune {
        Some(tune) => bots::rank_with::<G>(kind, view, legal, &mut rng, tune),
        None => bots::rank::<G>(kind, view, legal, &mut rng),
    }
}

/// A ranking's choices in words, the chosen first; never empty while `legal` is not.
fn ranked_choices<G: BotHints>(
    ranking: &bots::Ranking<G::Action>,
    legal: &[G::Action],
    labels: &[String],
) -> Vec<HintChoice> {
    let label = |i: usize| labels.get(i).cloned().unwrap_or_default();
    let mut choices: Vec<HintChoice> = ranking
        .ranked
        .iter()
        .filter_map(|r| {
            let i = legal.iter().position(|a| *a == r.action)?;
            Some(HintChoice {
                action_index: i,
                action: label(i),
                rate: r.rate,
                share: r.share,
                score: r.score,
            })
        })
        .collect();
    if choices.is_empty() {
        // No ranking (cannot happen with a legal action): the first choice, unrated.
        choices.push(HintChoice {
            action_index: 0,
            action: label(0),
            rate: None,
            share: None,
            score: None,
        });
    }
    choices
}

fn make_hint<G: BotHints>(
    seat: Seat,
    view: &G::View,
    legal: &[G::Action],
    labels: &[String],
    seed: u64,
    tune: Option<fn(Budget) -> Budget>,
) -> Hint {
    let started = Instant::now();
    let ranking = hard_ranking::<G>(view, legal, seed, tune);
    let mut hint = hint_of::<G>(
        seat,
        view,
        legal,
        &ranking,
        ranked_choices::<G>(&ranking, legal, labels),
    );
    hint.seconds = started.elapsed().as_secs_f64();
    hint
}

/// The hint a ranking gives: its choice, why, and the next best (`choices` from `ranked_choices`).
fn hint_of<G: BotHints>(
    seat: Seat,
    view: &G::View,
    legal: &[G::Action],
    ranking: &bots::Ranking<G::Action>,
    mut choices: Vec<HintChoice>,
) -> Hint {
    let rating = choices.remove(0);
    let next = choices.first();
    let mut why = Vec::new();
    match ranking.by {
        RankedBy::Search => {
            let rate = rating.rate.unwrap_or(0.0);
            let played = ranking.stats.iterations;
            let mut line = format!(
                "It wins about {} of the {played} games the bot imagined from here (what you cannot see dealt at random) and had {} of its attention",
                percent(rate),
                percent(rating.share.unwrap_or(0.0))
            );
            // The search chooses by attention, not by the rate alone. Among the moves the hint
            // lists, one that rates higher (on fewer games) says so; one that rates the same as
            // shown is about equal; else the next best is the best rated of them.
            let rated: Vec<(&HintChoice, f64)> = choices
                .iter()
                .take(HINT_ALTERNATIVES)
                .filter_map(|c| c.rate.map(|r| (c, r)))
                .collect();
            let best = |pick: &dyn Fn(f64) -> bool| {
                rated
                    .iter()
                    .filter(|(_, r)| pick(*r))
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .copied()
            };
            let shown = percent(rate);
            let higher = best(&|r| r > rate && percent(r) != shown);
            let same = best(&|r| percent(r) == shown);
            let lower = best(&|r| r < rate && percent(r) != shown);
            match (higher, same, lower) {
                (Some((n, r)), _, _) => line.push_str(&format!(
                    "; \"{}\" rates higher, about {}, but on fewer of the imagined games (less of its attention), so the bot trusts this one more.",
                    n.action,
                    percent(r)
                )),
                (None, Some((n, r)), _) => line.push_str(&format!(
                    "; \"{}\" rates the same, about {}: the two are about equal.",
                    n.action,
                    percent(r)
                )),
                (None, None, Some((n, r))) => {
                    line.push_str(&format!("; the next best, \"{}\", about {}.", n.action, percent(r)))
                }
                (None, None, None) => line.push_str("; nothing else it tried came close."),
            }
            why.push(line);
        }
        RankedBy::Heuristic => {
            let mut line = "The bot weighs this decision by rules of thumb, not by playing it out".to_string();
            // Choices rated the same as shown are equal: say so, rather than pick one silently.
            let equal: Vec<&str> = choices
                .iter()
                .filter(|c| {
                    c.score
                        .zip(rating.score)
                        .is_some_and(|(a, b)| format!("{a:+.1}") == format!("{b:+.1}"))
                })
                .map(|c| c.action.as_str())
                .collect();
            match (rating.score, next.and_then(|n| n.score.map(|s| (n, s)))) {
                (Some(v), Some(_)) if !equal.is_empty() => line.push_str(&format!(
                    ": it rates this {v:+.1}, and {} the same ({}): they are equally good, and this is simply the first of them.",
                    if equal.len() == 1 { "one other choice".to_string() } else { format!("{} other choices", equal.len()) },
                    equal.iter().take(3).map(|a| format!("\"{a}\"")).collect::<Vec<_>>().join(", ")
                        + if equal.len() > 3 { ", …" } else { "" }
                )),
                (Some(v), Some((n, s))) => line.push_str(&format!(
                    ": it rates this {v:+.1}, the next best, \"{}\", {s:+.1}.",
                    n.action
                )),
                (Some(v), None) => line.push_str(&format!(": it rates this {v:+.1}.")),
                _ => line.push('.'),
            }
            why.push(line);
        }
        RankedBy::Lookahead => {
            // The means are the seat's own side's chance (a Traitor's: Evil's), from the very
            // samples that chose.
            let mut line = match rating.rate {
                Some(r) => format!(
                    "The bot played each choice a few turns ahead, on what you cannot see dealt at random, and judged where it leads: your side's chance to win about {}",
                    percent(r)
                ),
                None => "The bot played the other choices a few turns ahead; this one it takes by its rules of thumb"
                    .to_string(),
            };
            let better = choices
                .iter()
                .filter(|c| c.rate.zip(rating.rate).is_some_and(|(a, b)| a > b))
                .max_by(|a, b| a.rate.unwrap_or(0.0).total_cmp(&b.rate.unwrap_or(0.0)));
            match (better, next.and_then(|n| n.rate.map(|r| (n, r)))) {
                // Rated below another: say the two are within the estimate's noise, not that
                // this one is best.
                (Some(b), _) => line.push_str(&format!(
                    "; \"{}\" rates about {}, within the noise of a few sampled games: the two are about equal, and the bot keeps its rules of thumb's choice unless another plays out clearly better.",
                    b.action,
                    percent(b.rate.unwrap_or(0.0))
                )),
                // Rated the same as shown: equal, not second.
                (None, Some((n, r))) if rating.rate.is_some_and(|v| percent(v) == percent(r)) => line.push_str(&format!(
                    "; \"{}\" rates the same, about {}: the two are about equal, and the bot keeps its rules of thumb's choice unless another plays out clearly better.",
                    n.action,
                    percent(r)
                )),
                (None, Some((n, r))) => line.push_str(&format!(
                    "; the next best, \"{}\", about {}. It keeps its rules of thumb's choice unless another plays out clearly better.",
                    n.action,
                    percent(r)
                )),
                (None, None) => line.push('.'),
            }
            why.push(line);
        }
        RankedBy::Alone => why.push(if legal.len() == 1 {
            "It is the only legal choice.".to_string()
        } else {
            "The bot decides this by its rules of thumb; it does not weigh the alternatives here.".to_string()
        }),
    }
    if let Some(action) = legal.get(rating.action_index) {
        why.extend(G::explain(view, action));
    }
    choices.truncate(HINT_ALTERNATIVES);
    Hint {
        seat,
        action_index: rating.action_index,
        action: rating.action.clone(),
        why,
        alternatives: choices,
        by: ranking.by,
        rating,
        seconds: 0.0,
    }
}

/// One decision of a finished or unfinished match as the hard level rates it from the deciding
/// seat's view at that moment: the hint that position gets (`AnyMatch::rate_decisions`).
#[derive(Clone, Debug, PartialEq)]
pub struct RatedDecision {
    /// The action's number in the match, from 0 (the position is the match after `index` actions).
    pub index: usize,
    /// The turn (or round, by `period`) it was taken in, where the game counts them.
    pub turn: Option<u32>,
    pub period: Period,
    /// The hint at that position: the best action as the hard level rates it, and why.
    pub hint: Hint,
    /// Every action the ranking rated, its choice first (the hint's action).
    pub choices: Vec<HintChoice>,
    /// The action played, as an index into the legal actions then.
    pub played: usize,
    /// The action played, in the game's words.
    pub played_label: String,
    /// The best and the played action's win chances (`None` where it played the best, or where
    /// the level weighs the decision without a win chance): from the ranking when it rated both,
    /// else from the same level choosing between those two alone.
    pub rates: Option<(f64, f64)>,
    /// The game's review noise (`BotHints::review_noise`): a loss below it is not told apart.
    pub noise: f64,
}

/// How `AnyMatch::rate_decisions` rates.
#[derive(Clone, Copy)]
pub struct Rating<'a> {
    /// The hard budget changed (the review passes `review_budget`; `None`: hard's own).
    pub tune: Option<fn(Budget) -> Budget>,
    /// Told `(done, total)` as each decision is rated; the work stops with an error when it
    /// returns false.
    pub progress: &'a (dyn Fn(usize, usize) -> bool + Sync),
}

/// The review's budget: the hard level's, without the clock, so that a review is the same on
/// every machine and under any load (a hint's search only differs where its clock cap bit).
pub fn review_budget(b: Budget) -> Budget {
    Budget {
        time_cap: std::time::Duration::from_secs(3600),
        ..b
    }
}

/// The best and the played action's win chances in `choices`.
fn rates_of(choices: &[HintChoice], best: usize, played: usize) -> Option<(f64, f64)> {
    let rate = |i: usize| choices.iter().find(|c| c.action_index == i)?.rate;
    Some((rate(best)?, rate(played)?))
}

/// A position to rate: the seat's view, the legal actions and what was played.
struct Spot<G: Game> {
    index: usize,
    turn: Option<u32>,
    view: G::View,
    legal: Vec<G::Action>,
    labels: Vec<String>,
    played: usize,
}

impl<G: Game> Spot<G> {
    /// The position of `state` after `index` actions, where its seat to act chooses among more
    /// than one legal action and played `played`; reuses `legal`'s buffer.
    fn of(state: &G, index: usize, played: &G::Action, legal: &mut Vec<G::Action>) -> Option<(Seat, Spot<G>)> {
        let seat = state.to_act()?;
        state.legal_actions_into(legal);
        let played = legal.iter().position(|a| a == played).filter(|_| legal.len() > 1)?;
        Some((
            seat,
            Spot {
                index,
                turn: state.turns_taken(),
                view: state.view(seat),
                labels: legal.iter().map(|a| state.describe_action(a)).collect(),
                legal: std::mem::take(legal),
                played,
            },
        ))
    }
}

/// The decision in `state` (the match `match_seed` after `index` actions) of its seat to act,
/// who played `played`, rated as the review rates it (`AnyMatch::rate_decisions`) from that
/// seat's view alone; `None` when nobody chooses there among more than one legal action.
pub fn rate_position<G: BotHints>(
    state: &G,
    match_seed: u64,
    index: usize,
    played: &G::Action,
    tune: Option<fn(Budget) -> Budget>,
) -> Option<RatedDecision> {
    let (seat, spot) = Spot::of(state, index, played, &mut Vec::new())?;
    Some(rate_spot(seat, match_seed, spot, tune))
}

fn rate_spot<G: BotHints>(seat: Seat, seed: u64, spot: Spot<G>, tune: Option<fn(Budget) -> Budget>) -> RatedDecision {
    let hint_seed = hint_seed(seed, spot.index);
    let ranking = hard_ranking::<G>(&spot.view, &spot.legal, hint_seed, tune);
    let choices = ranked_choices::<G>(&ranking, &spot.legal, &spot.labels);
    let hint = hint_of::<G>(seat, &spot.view, &spot.legal, &ranking, choices.clone());
    let best = hint.action_index;
    // The best and the played action rated under one seed: by that seed's ranking where it rated
    // both, else by the same level between the two alone.
    let under = |seed: u64, choices: &[HintChoice]| {
        rates_of(choices, best, spot.played).or_else(|| {
            let pair = [spot.legal.get(best)?.clone(), spot.legal.get(spot.played)?.clone()];
            let two = hard_ranking::<G>(&spot.view, &pair, seed, tune);
            let mut rated = ranked_choices::<G>(&two, &pair, &[String::new(), String::new()]);
            for c in &mut rated {
                c.action_index = if c.action_index == 0 { best } else { spot.played };
            }
            rates_of(&rated, best, spot.played)
        })
    };
    // The hint's own seed first, then the game's further seeds (`BotHints::review_seeds`), their
    // rates averaged: the hint's choice stays the best, and its loss is measured more steadily.
    let rates = (best != spot.played).then(|| {
        let mut samples: Vec<(f64, f64)> = under(hint_seed, &choices).into_iter().collect();
        for k in 1..G::review_seeds() {
            let seed = hint_seed ^ u64::from(k).wrapping_mul(0x7265_7669_6577_0000);
            let ranking = hard_ranking::<G>(&spot.view, &spot.legal, seed, tune);
            samples.extend(under(seed, &ranked_choices::<G>(&ranking, &spot.legal, &spot.labels)));
        }
        let n = samples.len() as f64;
        (n > 0.0).then(|| {
            let (b, p) = samples.iter().fold((0.0, 0.0), |(b, p), (x, y)| (b + x, p + y));
            (b / n, p / n)
        })
    });
    RatedDecision {
        index: spot.index,
        turn: spot.turn,
        period: G::PERIOD,
        played_label: spot.labels.get(spot.played).cloned().unwrap_or_default(),
        hint,
        choices,
        played: spot.played,
        rates: rates.flatten(),
        noise: G::review_noise(),
    }
}

/// A game played out by bots (`AnyMatch::play_out`).
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

/// How [`AnyMatch::play_out`] plays a match to its end.
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
pub trait AnyMatch: Send + Sync {
    fn game(&self) -> GameId;
    fn config(&self) -> &TableConfig;
    fn pending(&self) -> Pending;
    /// What happened during setup, for the log.
    fn opening_events(&self) -> Vec<ErasedEvent>;
    /// The legal actions in words, in the order `apply_index` takes them.
    fn legal_labels(&self) -> Vec<String>;
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
    /// The same match after its first `actions` actions only (a replay's position), from the
    /// content the library holds.
    fn replay_to(&self, actions: usize, library: &Library) -> Result<Box<dyn AnyMatch>, String>;
    /// Takes the next action `whole` recorded after this match's own (this match is `whole` cut
    /// short, `replay_to`): a replay stepping forward, with the events for the table to play out.
    fn apply_recorded(&mut self, whole: &dyn AnyMatch) -> Result<Vec<ErasedEvent>, RuleError>;
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
    fn clone_box(&self) -> Box<dyn AnyMatch>;
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

impl<G: BotHints> AnyMatch for Match<G> {
    fn game(&self) -> GameId {
        G::ID
    }
    fn config(&self) -> &TableConfig {
        &self.config
    }
    fn pending(&self) -> Pending {
        self.state.pending()
    }
    fn opening_events(&self) -> Vec<ErasedEvent> {
        erase(&self.state, self.state.opening_events())
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
            let action = decision.action.map(|a| Arc::new(a) as Arc<dyn Any + Send + Sync>);
            (action, decision.stats)
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
        let mut decisions = Vec::new();
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
            state.legal_actions_into(&mut legal);
            let (decision, ms) = if kind == BotKind::Random {
                // The random bot needs no view and no clock: it draws from the random seats' one
                // generator (not the deal's), and its decisions (far below a microsecond) count
                // as 0 ms.
                let rng = random.get_or_insert_with(|| GameRng::seeded(play_out_random_seed(seed)));
                let action = bots::random_choice(&legal, rng);
                (
                    bots::Decision {
                        action,
                        stats: SearchStats::default(),
                        rates: None,
                    },
                    0.0,
                )
            } else {
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
            state
                .apply_quiet(&action)
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
    fn replay_to(&self, actions: usize, library: &Library) -> Result<Box<dyn AnyMatch>, String> {
        let content = library.content::<G>().map_err(|e| e.to_string())?;
        Ok(Box::new(self.cut_short(actions, &content).map_err(|e| e.to_string())?))
    }
    fn turns_by_position(&self, library: &Library) -> Vec<Option<u32>> {
        let Ok(content) = library.content::<G>() else {
            return Vec::new();
        };
        let Ok(mut state) = G::new_shared(&self.config, &content) else {
            return Vec::new();
        };
        let mut out = vec![state.turns_taken()];
        for a in &self.actions {
            if state.apply_quiet(a).is_err() {
                break;
            }
            out.push(state.turns_taken());
        }
        out
    }
    fn apply_recorded(&mut self, whole: &dyn AnyMatch) -> Result<Vec<ErasedEvent>, RuleError> {
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
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn clone_box(&self) -> Box<dyn AnyMatch> {
        Box::new(self.clone())
    }
}

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
type ErasedContent = Arc<dyn Any + Send + Sync>;
/// A match of some game, as the rest of the program holds it.
pub type BoxedMatch = Box<dyn AnyMatch>;

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
    /// What `turns_taken` counts (`Game::PERIOD`).
    pub period: Period,
    /// Whether a seat wins with its side (`Game::IN_SIDES`).
    pub in_sides: bool,
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
            period: G::PERIOD,
            in_sides: G::IN_SIDES,
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

fn start_match<G: BotHints>(library: &Library, config: TableConfig) -> Result<Box<dyn AnyMatch>, String> {
    let content = library.content::<G>().map_err(|e| e.to_string())?;
    Match::<G>::new_shared(config, &content, library.content_hash(G::ID))
        .map(|m| Box::new(m) as Box<dyn AnyMatch>)
        .map_err(|e| e.to_string())
}

fn resume_match<G: BotHints>(library: &Library, text: &str) -> Result<Box<dyn AnyMatch>, SaveError> {
    let content = library.content::<G>().map_err(|e| SaveError::Io(e.to_string()))?;
    Match::<G>::from_ron(text, &content, &library.content_hash(G::ID)).map(|m| Box::new(m) as Box<dyn AnyMatch>)
}

/// All content, loaded and validated once, with each game's part or its errors.
#[derive(Clone)]
pub struct Library {
    pub set: ContentSet,
    /// Each built game's content, or every problem in it.
    contents: BTreeMap<GameId, Result<ErasedContent, Vec<ContentError>>>,
    /// Each game's content hash, computed once.
    hashes: BTreeMap<GameId, String>,
}

impl Library {
    pub fn load(set: ContentSet) -> Library {
        let contents = GAMES.iter().map(|e| (e.id, (e.load)(&set))).collect();
        let hashes = GAMES.iter().map(|e| (e.id, set.hash_of(e.files))).collect();
        Library { set, contents, hashes }
    }

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
    pub fn new_match(&self, game: GameId, config: TableConfig) -> Result<Box<dyn AnyMatch>, String> {
        match entry(game) {
            Some(e) => {
                self.check_variants(game, &config.variants)?;
                (e.start)(self, config)
            }
            None => Err(LibraryError::NotBuilt(game).to_string()),
        }
    }

    /// Loads a save of any game, replaying it.
    pub fn load_save(&self, text: &str) -> Result<Box<dyn AnyMatch>, SaveError> {
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

/// Who decides next and whether a hand-off screen must cover the table first: the seat to act is
/// human, deciding shows its secrets, and the screen last showed a different human's secrets.
pub fn needs_handoff(config: &TableConfig, pending: &Pending, last_private_viewer: Option<Seat>) -> bool {
    match pending {
        Pending::Decide { seat, private, .. } => {
            let human = config.seats.get(*seat).is_some_and(|s| s.kind.is_human());
            let humans = config.seats.iter().filter(|s| s.kind.is_human()).count();
            human && *private && humans > 1 && last_private_viewer != Some(*seat)
        }
        Pending::Finished(_) => false,
    }
}

/// The seats whose secrets a screen may show of this record, outside play: in a replay's eyes,
/// a review (its moves name the cards held and its chances read them) and the log's private
/// lines. Every seat once the game is over; while it is unfinished only its one human seat
/// (where there is exactly one), so that no player of a pass-and-play game sees another's cards
/// before the end; none at an unfinished table of bots or of several humans. The one rule every
/// such path asks (the window's replay and review, `camelot review`).
pub fn open_seats(m: &dyn AnyMatch) -> Vec<Seat> {
    let seats = &m.config().seats;
    if matches!(m.pending(), Pending::Finished(_)) {
        return (0..seats.len()).collect();
    }
    let mut humans = (0..seats.len()).filter(|&s| seats[s].kind.is_human());
    match (humans.next(), humans.next()) {
        (Some(only), None) => vec![only],
        _ => Vec::new(),
    }
}

/// Why a seat's secrets may not be shown of this record now (`open_seats`), in words; `None`
/// when they may.
pub fn closed_seat_reason(m: &dyn AnyMatch, seat: Seat) -> Option<String> {
    if open_seats(m).contains(&seat) {
        return None;
    }
    let name = m.config().seats.get(seat).map_or("that seat", |s| s.name.as_str());
    let humans = m.config().seats.iter().filter(|s| s.kind.is_human()).count();
    Some(if humans >= 2 {
        format!(
            "the game is not over and {humans} people play at this table: {name}'s review would show {name}'s cards to \
             whoever looks; it opens once the game is over"
        )
    } else {
        format!("the game is not over: {name}'s review would show {name}'s cards; it opens once the game is over")
    })
}
