//! The review of a game: each decision of one seat rated by the hard level from that seat's view
//! at that moment (the hint's own rating, `AnyMatch::rate_decisions`), the win chance the move
//! played gave away against the best, a mark where that loss is larger than the estimate's own
//! noise, and a summary a player can read. `camelot review` prints it; the window shows it.

use crate::bots::Budget;
use crate::library::{AnyMatch, Library, RatedDecision, Rating, review_budget};
use crate::rules::{Seat, counted, percent};
use serde::Serialize;

/// How a decision played compares with the best, as the review marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// The move the hard level would play.
    Best,
    /// Another move, as good as the best within what the review can tell apart.
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    pub fn word(self) -> &'static str {
        match self {
            Mark::Best => "best",
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// Whether the mark says the move cost something.
    pub fn is_costly(self) -> bool {
        self >= Mark::Inaccuracy
    }
}

/// The win chance lost from which a move is an inaccuracy, a mistake and a blunder, each only
/// where the loss is also beyond the game's measured noise (`BotHints::review_noise`): a loss
/// smaller than what another seed could have said is no mark (docs/review.md).
pub const INACCURACY: f64 = 0.05;
pub const MISTAKE: f64 = 0.10;
pub const BLUNDER: f64 = 0.20;
/// Small losses that add up to this much (a quarter of a game) are worth a verdict of their own.
pub const SMALL_LOSSES_ADD_UP: f64 = 0.25;

/// One decision reviewed.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReviewedDecision {
    /// The action's number in the game, from 1.
    pub number: usize,
    /// The turn, where the game counts turns.
    pub turn: Option<u32>,
    /// The move played and the best move, in the game's words.
    pub played: String,
    pub best: String,
    /// The win chance lost against the best move, 0 to 1 (`None`: the level weighs this decision
    /// by rules of thumb, without a win chance).
    pub loss: Option<f64>,
    /// The loss below which the review cannot tell the two moves apart here.
    pub noise: Option<f64>,
    pub mark: Option<Mark>,
    /// Why, in the game's words: what the best move gains and what the move played was worth.
    pub why: Vec<String>,
    /// The best and the played move's win chances.
    pub best_rate: Option<f64>,
    pub played_rate: Option<f64>,
    /// Where the best move is played: an index into the legal actions at that position.
    #[serde(skip)]
    pub best_index: usize,
    /// The position: the game after this many actions.
    #[serde(skip)]
    pub index: usize,
}

/// A seat's game in a few numbers and a sentence.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Summary {
    /// Decisions reviewed (positions with more than one legal move).
    pub decisions: usize,
    /// Of them, rated with a win chance.
    pub rated: usize,
    /// How many of each mark.
    pub best: usize,
    pub good: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The mean win chance lost per rated decision.
    pub mean_loss: f64,
    /// The three costliest decisions, marked or not, by `number`, costliest first.
    pub costliest: Vec<usize>,
    pub verdict: String,
}

/// The review of one seat's game.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Review {
    pub game: String,
    /// The seat reviewed, from 1, and its name.
    pub seat: usize,
    pub name: String,
    pub finished: bool,
    pub decisions: Vec<ReviewedDecision>,
    pub summary: Summary,
}

/// The mark of a loss, given the game's noise.
pub fn mark_of(played_best: bool, loss: Option<f64>, noise: f64) -> Option<Mark> {
    if played_best {
        return Some(Mark::Best);
    }
    let loss = loss?;
    Some(if loss <= noise || loss < INACCURACY {
        Mark::Good
    } else if loss < MISTAKE {
        Mark::Inaccuracy
    } else if loss < BLUNDER {
        Mark::Mistake
    } else {
        Mark::Blunder
    })
}

/// A rated decision's loss, mark and why.
pub fn reviewed_decision(d: &RatedDecision) -> ReviewedDecision {
    let played_best = d.played == d.hint.action_index;
    let (best_rate, played_rate) = match d.rates {
        Some((b, p)) => (Some(b), Some(p)),
        None if played_best => (d.hint.rating.rate, d.hint.rating.rate),
        None => (None, None),
    };
    let loss = best_rate.zip(played_rate).map(|(b, p)| (b - p).max(0.0));
    let noise = loss.map(|_| d.noise);
    let mark = mark_of(played_best, loss, d.noise);
    // The hint's reasons past its first line (how it rated) are the best move's own.
    let best_reasons: Vec<String> = d.hint.why.iter().skip(1).cloned().collect();
    let mut why = Vec::new();
    match (mark, best_rate, played_rate) {
        (Some(Mark::Best), _, _) => {
            why.push("The move the hard level would play here.".to_string());
            why.extend(best_reasons);
        }
        (Some(Mark::Good), Some(b), Some(p)) => {
            let small = if b - p <= d.noise {
                "within what the review can tell apart".to_string()
            } else {
                format!("a small loss, under the {} the review marks", percent(INACCURACY))
            };
            why.push(format!(
                "About as good as \"{}\": this wins about {} against its {}, {small}.",
                d.hint.action,
                percent(p),
                percent(b)
            ));
        }
        (Some(m), Some(b), Some(p)) => {
            why.push(format!(
                "\"{}\" wins about {}; this wins about {}: {} {} costing {} of the game.",
                d.hint.action,
                percent(b),
                percent(p),
                if m == Mark::Inaccuracy { "an" } else { "a" },
                m.word(),
                percent(b - p)
            ));
            why.extend(
                best_reasons
                    .into_iter()
                    .map(|r| format!("Why \"{}\": {r}", d.hint.action)),
            );
        }
        _ => {
            why.push(format!(
                "The hard level weighs this decision by rules of thumb, without a win chance; it would play \"{}\".",
                d.hint.action
            ));
            why.extend(best_reasons);
        }
    }
    ReviewedDecision {
        number: d.index + 1,
        // A game that counts its turns from the first full turn (Die Zukunft's predictions come
        // before it) says "move N" before then.
        turn: d.turn.filter(|&t| t > 0),
        played: d.played_label.clone(),
        best: d.hint.action.clone(),
        loss,
        noise,
        mark,
        why,
        best_rate,
        played_rate,
        best_index: d.hint.action_index,
        index: d.index,
    }
}

/// The marks of a summary in words: "25 best, 85 good, 1 inaccuracy, 0 mistakes, 2 blunders".
pub fn marks_line(s: &Summary) -> String {
    format!(
        "{} best, {} good, {}, {}, {}",
        s.best,
        s.good,
        counted(s.inaccuracies as u64, "inaccuracy", "inaccuracies"),
        counted(s.mistakes as u64, "mistake", "mistakes"),
        counted(s.blunders as u64, "blunder", "blunders")
    )
}

/// The summary of reviewed decisions; `won` is whether the seat won, once the game is over.
pub fn summarise(decisions: &[ReviewedDecision], won: Option<bool>) -> Summary {
    let count = |m: Mark| decisions.iter().filter(|d| d.mark == Some(m)).count();
    let losses: Vec<f64> = decisions.iter().filter_map(|d| d.loss).collect();
    let total: f64 = losses.iter().sum();
    let mean_loss = if losses.is_empty() {
        0.0
    } else {
        total / losses.len() as f64
    };
    // The costliest moments, marked or not: the largest losses first.
    let mut by_loss: Vec<&ReviewedDecision> = decisions.iter().filter(|d| d.loss.is_some_and(|l| l > 0.0)).collect();
    by_loss.sort_by(|a, b| b.loss.unwrap_or(0.0).total_cmp(&a.loss.unwrap_or(0.0)));
    let costliest: Vec<usize> = by_loss.iter().take(3).map(|d| d.number).collect();
    let (inaccuracies, mistakes, blunders) = (count(Mark::Inaccuracy), count(Mark::Mistake), count(Mark::Blunder));
    let when = |d: &ReviewedDecision| match d.turn {
        Some(t) => format!("on turn {t}"),
        None => format!("at move {}", d.number),
    };
    let moment = |d: &ReviewedDecision| {
        format!(
            "{} — \"{}\" where \"{}\" was better, about {} of the game",
            when(d),
            d.played,
            d.best,
            percent(d.loss.unwrap_or(0.0))
        )
    };
    let worst = by_loss.first().copied();
    let verdict = match (worst, inaccuracies + mistakes + blunders) {
        (None, _) if losses.is_empty() => {
            "Nothing here the review can weigh with a win chance: these decisions are judged by rules of thumb."
                .to_string()
        }
        // No single costly move, but the small ones added up (a loss is a chance of winning,
        // so their sum is a rough measure, not an exact one).
        (Some(w), 0) if total >= SMALL_LOSSES_ADD_UP => format!(
            "No single costly move, but small ones added up: the moves that were not the best gave away about {} in all. The largest was {}.",
            percent(total.min(1.0)),
            moment(w)
        ),
        (_, 0) if won == Some(false) => {
            "No move the review can fault: this game was lost elsewhere — in the draws and the dice, or in the other seats' play."
                .to_string()
        }
        (_, 0) => "A clean game: the review finds no move that cost more than it can measure.".to_string(),
        (Some(w), _) => {
            let lead = match (blunders, mistakes + inaccuracies) {
                (0, 1) => "One slip in a sound game".to_string(),
                (0, n) => format!("A sound game with {n} costly moves"),
                (1, _) => "One blunder decided much of this game".to_string(),
                (n, _) => format!("{n} blunders"),
            };
            format!("{lead}: the costliest was {}.", moment(w))
        }
        (None, _) => "A clean game.".to_string(),
    };
    Summary {
        decisions: decisions.len(),
        rated: losses.len(),
        best: count(Mark::Best),
        good: count(Mark::Good),
        inaccuracies,
        mistakes,
        blunders,
        mean_loss,
        costliest,
        verdict,
    }
}

/// Reviews `seat`'s decisions in `m` (finished or not); `progress(done, total)` as in
/// `AnyMatch::rate_decisions` (returning false cancels).
pub fn review(
    m: &dyn AnyMatch,
    library: &Library,
    seat: Seat,
    progress: &(dyn Fn(usize, usize) -> bool + Sync),
) -> Result<Review, String> {
    review_with(m, library, seat, review_budget, progress)
}

/// `review` under another budget than `review_budget` (tests: fewer iterations).
pub fn review_with(
    m: &dyn AnyMatch,
    library: &Library,
    seat: Seat,
    tune: fn(Budget) -> Budget,
    progress: &(dyn Fn(usize, usize) -> bool + Sync),
) -> Result<Review, String> {
    let name = m
        .config()
        .seats
        .get(seat)
        .map(|s| s.name.clone())
        .ok_or_else(|| format!("there is no seat {} at this table", seat + 1))?;
    let rated = m.rate_decisions(
        library,
        seat,
        &Rating {
            tune: Some(tune),
            progress,
        },
    )?;
    let decisions: Vec<ReviewedDecision> = rated.iter().map(reviewed_decision).collect();
    let won = match m.pending() {
        crate::rules::Pending::Finished(o) => Some(o.winners.contains(&seat)),
        _ => None,
    };
    Ok(Review {
        game: m.game().key().to_string(),
        seat: seat + 1,
        name,
        finished: won.is_some(),
        summary: summarise(&decisions, won),
        decisions,
    })
}

/// The seats a review looks at by default: the human seats, or the first seat at a table of bots.
pub fn default_seats(m: &dyn AnyMatch) -> Vec<Seat> {
    let humans: Vec<Seat> = (0..m.config().seats.len())
        .filter(|&s| m.config().seats[s].kind.is_human())
        .collect();
    if humans.is_empty() { vec![0] } else { humans }
}

impl Review {
    /// The decisions a player is shown, by their place in `decisions`: the costly ones, or in a
    /// game without any, the costliest moments.
    pub fn shown_moments(&self) -> Vec<usize> {
        let s = &self.summary;
        let quiet = s.inaccuracies + s.mistakes + s.blunders == 0;
        self.decisions
            .iter()
            .enumerate()
            .filter(|(_, d)| d.mark.is_some_and(Mark::is_costly) || (quiet && s.costliest.contains(&d.number)))
            .map(|(i, _)| i)
            .collect()
    }

    /// The review as text, one line each: the summary, then each decision that is not simply
    /// the best, with its mark and why.
    pub fn lines(&self) -> Vec<String> {
        let s = &self.summary;
        let mut out = vec![
            format!("Review of {} (seat {}), {}", self.name, self.seat, self.game),
            format!(
                "  {} decisions, {} rated: {}; mean loss {}",
                s.decisions,
                s.rated,
                marks_line(s),
                percent(s.mean_loss)
            ),
            format!("  {}", s.verdict),
        ];
        for d in &self.decisions {
            if d.mark == Some(Mark::Best) {
                continue;
            }
            let at = match d.turn {
                Some(t) => format!("turn {t}, move {}", d.number),
                None => format!("move {}", d.number),
            };
            let mark = d.mark.map_or("unrated", Mark::word);
            out.push(format!("  {at}: {} [{mark}]", d.played));
            out.extend(d.why.iter().map(|w| format!("    {w}")));
        }
        out
    }
}
