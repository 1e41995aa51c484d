//! Hints: the hard level's ranking of a position from the seat's view, read as the move to play,
//! why, and the alternatives as the bot rates them (`MatchFace::hint_job`, `camelot hint`).

use crate::bots::{self, BotHints, BotKind, Budget, RankedBy};
use crate::rules::{Difficulty, GameRng, Seat, percent};
use std::time::Instant;

/// What the hard bot would play for the seat to act, worked out from that seat's view alone, and
/// why (`MatchFace::hint`). The window shows it where the move would be played; `camelot hint`
/// prints `Hint::lines`.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The seat the hint is for (the seat to act).
    pub seat: Seat,
    /// The suggested action, as an index into `MatchFace::legal_labels` (`apply_index` takes it).
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
    /// Index into `MatchFace::legal_labels`.
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

/// The hard level's ranking of `legal` from `view`, drawn from `GameRng::seeded(seed)`: the one
/// rating of a position behind a hint and a review.
pub(super) fn hard_ranking<G: BotHints>(
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
pub(super) fn ranked_choices<G: BotHints>(
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

pub(super) fn make_hint<G: BotHints>(
    seat: Seat,
    view: &G::View,
    legal: &[G::Action],
    labels: &[String],
    seed: u64,
    tune: Option<fn(Budget) -> Budget>,
) -> Hint {
    let started = Instant::now();
    let ranking = hard_ranking::<G>(view, legal, seed, tune);
    let choices = shown_choices::<G>(view, legal, ranked_choices::<G>(&ranking, legal, labels));
    let mut hint = hint_of::<G>(seat, view, legal, &ranking, choices);
    hint.seconds = started.elapsed().as_secs_f64();
    hint
}

/// The choices a hint shows the open table: its own move first, then the others but those that
/// would tell a secret of the seat's (`BotHints::tells_a_secret`). The hint and the review's copy
/// of it both pass through here.
pub(super) fn shown_choices<G: BotHints>(
    view: &G::View,
    legal: &[G::Action],
    mut choices: Vec<HintChoice>,
) -> Vec<HintChoice> {
    let mut first = true;
    choices.retain(|c| {
        let keep = first || !legal.get(c.action_index).is_some_and(|a| G::tells_a_secret(view, a));
        first = false;
        keep
    });
    choices
}

/// The hint a ranking gives: its choice, why, and the next best (`choices` from `shown_choices`).
pub(super) fn hint_of<G: BotHints>(
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
