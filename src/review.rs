//! The review of a game: each decision of one seat rated by the hard level from that seat's view
//! at that moment (the hint's own rating, `MatchFace::rate_decisions`), the win chance the move
//! played gave away against the best, a mark where that loss is larger than the estimate's own
//! noise, and a summary a player can read. `camelot review` prints it; the window shows it.

use crate::bots::Budget;
use crate::library::{Library, MatchFace, PlayOutBots, PlayedOut, RatedDecision, Rating, review_budget};
use crate::rules::{Seat, counted, percent, percent_gap};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

mod mark;
mod story;
pub use mark::{BLUNDER, INACCURACY, MISTAKE, Mark, SMALL_LOSSES_ADD_UP};
pub use story::{ChancePoint, Story, elsewhere, fell_most};

/// The seat's chance along the game, from its reviewed decisions: before each move the best
/// move's rate, after it the played move's (a decision whose rating play did not bear out has
/// none, and is not on the line).
pub fn chance_line(decisions: &[ReviewedDecision]) -> Vec<ChancePoint> {
    decisions
        .iter()
        .filter_map(|d| {
            Some(ChancePoint {
                index: d.index,
                turn: d.turn,
                before: d.best_rate?,
                after: d.played_rate?,
                mark: d.mark,
            })
        })
        .collect()
}

/// One decision reviewed.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ReviewedDecision {
    /// The action's number in the game, from 1.
    pub number: usize,
    /// The turn (Die Zukunft: the round), where the game counts them.
    pub turn: Option<u32>,
    /// What `turn` counts: turns, or Die Zukunft's rounds.
    pub period: crate::rules::Period,
    /// When, in the game's words: "Round 2 · move 14", "Turn 5 · move 30", "Move 3".
    pub when: String,
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
    pub best_index: usize,
    /// The move played, as an index into the same legal actions.
    #[serde(default)]
    pub played_index: usize,
    /// The move played out against the best move (`needs_play`, `confirm_by_play`): how often
    /// each won.
    #[serde(default)]
    pub played_out: Option<PlayedOut>,
    /// Whether the mark is what play found rather than the ratings' (a loss the ratings did not
    /// see, or a rated mistake play did not bear out): its size is then play's (`told_loss`).
    #[serde(default)]
    pub by_play: bool,
    /// The position: the game after this many actions.
    pub index: usize,
}

/// A seat's game in a few numbers and a sentence.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Summary {
    /// Decisions reviewed (positions with more than one legal move).
    pub decisions: usize,
    /// Of them, rated: given a mark (the marks below add up to it). The others are weighed by
    /// rules of thumb, where the move played was not the hard level's.
    pub rated: usize,
    /// Of them, rated with a win chance (the mean loss is over these).
    pub with_chance: usize,
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
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Review {
    pub game: String,
    /// The seat reviewed, from 1, and its name.
    pub seat: usize,
    pub name: String,
    pub finished: bool,
    pub decisions: Vec<ReviewedDecision>,
    pub summary: Summary,
    /// The seat's chance along the game, where it fell most, and what came from elsewhere.
    #[serde(default)]
    pub story: Story,
}

/// The mark of a loss, given the game's noise: the hard level's own move, or one that loses
/// nothing against it (rated as high or higher), is the best.
pub fn mark_of(played_best: bool, loss: Option<f64>, noise: f64) -> Option<Mark> {
    if played_best || loss.is_some_and(|l| l <= 0.0) {
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
        (Some(Mark::Best), _, _) if played_best => {
            why.push("The move the hard level would play here.".to_string());
            why.extend(best_reasons);
        }
        (Some(Mark::Best), Some(b), Some(p)) => {
            why.push(format!(
                "As good as the hard level's own choice \"{}\": this rates at least as high, about {} against its {}.",
                d.hint.action,
                percent(p),
                percent(b)
            ));
        }
        // "About as good as" only where the review cannot tell the two apart, and then it says
        // which rates higher; a loss beyond the noise but under the marks is a small loss.
        (Some(Mark::Good), Some(b), Some(p)) if b - p <= d.noise => {
            why.push(format!(
                "About as good as \"{}\", within what the review can tell apart: \"{}\" rates a little higher, about {} against this move's {}.",
                d.hint.action,
                d.hint.action,
                percent(b),
                percent(p)
            ));
        }
        (Some(Mark::Good), Some(b), Some(p)) => {
            why.push(format!(
                "A little worse than \"{}\": it wins about {}, this about {} — a small loss, under the {} the review marks.",
                d.hint.action,
                percent(b),
                percent(p),
                percent(INACCURACY)
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
                percent_gap(b, p)
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
    // A game whose first turn begins after some moves (The Court's setup) says "move N" before it.
    let turn = d.turn.filter(|&t| t > 0);
    ReviewedDecision {
        number: d.index + 1,
        turn,
        period: d.period,
        when: match turn {
            Some(t) => format!("{} · move {}", d.period.title(t), d.index + 1),
            None => format!("Move {}", d.index + 1),
        },
        played: d.played_label.clone(),
        best: d.hint.action.clone(),
        loss,
        noise,
        mark,
        why,
        best_rate,
        played_rate,
        best_index: d.hint.action_index,
        played_index: d.played,
        played_out: None,
        by_play: false,
        index: d.index,
    }
}

/// Whether the review plays a decision out before telling it (`confirm_by_play`): the ratings'
/// inaccuracies, mistakes and blunders, and every move marked good or best that was not the hard
/// level's own (checked against play, the ratings call some moves good that lose 5–17 %, and
/// overstate some losses badly: docs/review.md).
pub fn needs_play(d: &ReviewedDecision) -> bool {
    match (d.mark, d.loss) {
        (Some(m), Some(_)) if m >= Mark::Inaccuracy => true,
        (Some(Mark::Good | Mark::Best), Some(_)) => d.best_index != d.played_index,
        _ => false,
    }
}

/// The pairs a mistake or a blunder is played out in before its mark is judged (easy bots: a
/// pair costs about a millisecond).
pub const PLAY_PAIRS: usize = 300;
/// The pairs a move is played out in at most before play calls it good or costly: as many as the
/// check in docs/review.md plays, since a loss near 5 % takes about a thousand to tell.
pub const PLAY_PAIRS_MOST: usize = 1000;
/// The loss play must bear out for the review to call a move an inaccuracy: a little under the
/// ratings' 5 %, because a thousand pairs measure a loss only to about ±3.5 %, and checked against
/// independent play-outs, moves whose play-out put them at 3–5 % lost 5 % or more in 6 of 106
/// (docs/review.md): a move play calls good is one it puts clearly under the line.
pub const PLAYED_INACCURACY: f64 = 0.04;
/// The fewest pairs after which a play-out may stop because its answer is a sure no.
pub const PLAY_PAIRS_LEAST: usize = 100;

/// How far the review plays `d` out (`needs_play`): at most this many pairs, stopping where the
/// pairs so far settle it. A mistake or a blunder is judged once, at `PLAY_PAIRS` (looking again
/// at every batch would bear out too much); where it is not borne out, and for a good move or an
/// inaccuracy, the play-out goes on to `PLAY_PAIRS_MOST` unless a loss of `PLAYED_INACCURACY` is
/// already out of reach of the interval — only a sure no stops early.
pub fn play_plan(d: &ReviewedDecision, bar: PlayBar) -> (usize, impl Fn(&PlayedOut) -> bool + use<>) {
    let judged = match (d.mark, d.loss) {
        (Some(m), Some(loss)) if m >= Mark::Mistake => Some(loss),
        _ => None,
    };
    let settled = move |p: &PlayedOut| {
        let sure_no = p.pairs >= PLAY_PAIRS_LEAST && rules_out(p);
        let borne_out = judged.is_some_and(|loss| p.pairs == PLAY_PAIRS && bar.vouches(p, loss));
        sure_no || borne_out
    };
    (PLAY_PAIRS_MOST, settled)
}

/// Whether the play-out `p` rules a costly loss out: even its interval's top is under
/// `PLAYED_INACCURACY`. Only such a play-out clears a move the ratings marked costly (checked
/// against independent play-outs, the ratings' inaccuracies and mistakes that a play-out left
/// short of an inaccuracy without ruling one out lost 5 % or more in 3 of 10: docs/review.md).
pub fn rules_out(p: &PlayedOut) -> bool {
    p.gain() + p.half < PLAYED_INACCURACY
}

/// A decision played out (`needs_play`, `play_plan`) told as play found it: the two moves played
/// out from re-deals of what the seat could see (`MatchFace::play_out_decision`).
///
/// A mistake or a blunder by the ratings stands where its first `PLAY_PAIRS` pairs bear it out —
/// the best move won more often by at least half the rated loss, and by more than their own
/// interval; else the rating is not shown (its chances and loss are left out, and from the line)
/// and the mark is only what the play-outs found on their own (`played_mark`), told at play's
/// size (`by_play`).
///
/// A move marked good or best that was not the hard level's own takes the mark play finds on its
/// own where that is costly (`by_play`), and says what play found either way. An inaccuracy by
/// the ratings stands where play finds one too (at least `PLAYED_INACCURACY`, beyond the
/// interval), takes play's heavier mark where play finds more, and is told as a mistake play does
/// not bear out is where play rules a costly loss out (`rules_out`); where play can do neither,
/// it stands and says so. A mistake or a blunder play does not bear out is an inaccuracy at least
/// unless play rules that out too: play clears a move the ratings marked costly only where it is
/// sure. Checked against independent play-outs in docs/review.md.
pub fn confirm_by_play(d: &mut ReviewedDecision, p: Option<PlayedOut>, name: &str, bar: PlayBar) {
    let (Some(p), Some(loss), Some(mark)) = (p, d.loss, d.mark) else {
        return;
    };
    if !needs_play(d) {
        return;
    }
    d.played_out = Some(p);
    let told = format!(
        "played out {} times from what {name} could see, {}.",
        p.pairs,
        tally(&p, &d.best)
    );
    let found = played_mark(&p, bar);
    let a_mark = |m: Mark| format!("{} {}", if m == Mark::Inaccuracy { "An" } else { "A" }, m.word());
    // Play finds more than the ratings' good move or inaccuracy: play's mark, told at play's size.
    if mark <= Mark::Inaccuracy && found > mark && found.is_costly() {
        let (lead, finds) = if mark == Mark::Inaccuracy {
            (
                "The hard level's rating calls this an inaccuracy against",
                "play finds more",
            )
        } else {
            ("The ratings cannot tell this from", "play bears out a loss")
        };
        d.mark = Some(found);
        d.by_play = true;
        d.why = vec![format!(
            "{lead} \"{}\" (about {} against this move's {}), but {finds}: {told} {}, costing about {} of the game in play.",
            d.best,
            percent(d.best_rate.unwrap_or(0.0)),
            percent(d.played_rate.unwrap_or(0.0)),
            a_mark(found),
            percent(p.gain())
        )];
        return;
    }
    if mark <= Mark::Good {
        let mut told = told;
        if let Some(first) = told.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        d.why.push(format!("{told} Play finds no loss it can call costly."));
        return;
    }
    // Borne out: an inaccuracy where play finds one too; a mistake or a blunder judged once, at
    // `PLAY_PAIRS` (where `play_plan` stops a play-out that bears it out).
    let borne_out = if mark == Mark::Inaccuracy {
        found == Mark::Inaccuracy
    } else {
        p.pairs == PLAY_PAIRS && bar.vouches(&p, loss)
    };
    if borne_out {
        d.why.insert(1.min(d.why.len()), format!("Borne out by play: {told}"));
        return;
    }
    // Play clears a costly mark only where it rules the loss out: an inaccuracy it cannot rule
    // out stands, a mistake or a blunder becomes one.
    let unsure = !found.is_costly() && !rules_out(&p);
    if mark == Mark::Inaccuracy && unsure {
        d.why.insert(
            1.min(d.why.len()),
            format!("Play can neither bear this loss out nor rule it out, so the rating stands: {told}"),
        );
        return;
    }
    let found = if unsure { Mark::Inaccuracy } else { found };
    d.mark = Some(found);
    d.by_play = found.is_costly();
    d.loss = None;
    d.noise = None;
    d.best_rate = None;
    d.played_rate = None;
    d.why = vec![format!(
        "The hard level's rating would call this {} against \"{}\", but play does not bear it out: {told} {}",
        a_mark(mark).to_lowercase(),
        d.best,
        if unsure {
            "Marked an inaccuracy: play cannot rule out a loss of that size.".to_string()
        } else if found.is_costly() {
            format!(
                "Marked {}, as much as the play-outs found: about {} of the game.",
                a_mark(found).to_lowercase(),
                percent_gap(p.first, p.second)
            )
        } else {
            "Marked good: the review cannot call it costly.".to_string()
        }
    )];
}

/// `d` played out as far as `play_plan` says (`MatchFace::play_out_decision`), then told as play
/// found it (`confirm_by_play`): the review's one path for a decision `needs_play` picks.
/// Where the game asks for it (`MatchFace::review_yardstick_pairs`), a mistake or a blunder play
/// bore out is played out again by the normal level before it is told (`confirm_by_normal`).
pub fn play_and_confirm(m: &dyn MatchFace, library: &Library, d: &mut ReviewedDecision, name: &str) {
    let pairs = m.review_yardstick_pairs();
    let bar = PlayBar::of(pairs);
    let (most, settled) = play_plan(d, bar);
    let p = m.play_out_decision(
        library,
        d.index,
        d.best_index,
        d.played_index,
        most,
        &settled,
        PlayOutBots::Review,
    );
    confirm_by_play(d, p, name, bar);
    if pairs > 0 && d.mark.is_some_and(|m| m >= Mark::Mistake) {
        let p = m.play_out_decision(
            library,
            d.index,
            d.best_index,
            d.played_index,
            pairs,
            &|_| false,
            PlayOutBots::Normal,
        );
        confirm_by_normal(d, p, name);
    }
}

/// A mistake or a blunder the review's own play-out bore out, played out again by the normal
/// level (`p`, a few pairs: a normal game costs a hundred of the review's own). Where the normal
/// level's better move won more often by at least the loss told, the mark stands; else the move
/// is told at the normal level's size and marked by it (`mark_of`, an inaccuracy at least: its
/// few pairs cannot call good a move the review's own play-out bore out a heavy loss for): the
/// strongest play the review ran has the last word on the size. Checked in docs/review.md
/// (Shadows: its own play-outs are the heuristic's, and normal's lookahead plays around some of
/// what they measure).
pub fn confirm_by_normal(d: &mut ReviewedDecision, p: Option<PlayedOut>, name: &str) {
    let (Some(p), Some(told), Some(mark)) = (p, d.told_loss(), d.mark) else {
        return;
    };
    if mark < Mark::Mistake {
        return;
    }
    let by_normal = format!(
        "played out {} times by the normal level from what {name} could see, {}.",
        p.pairs,
        tally(&p, &d.best)
    );
    let gain = p.gain();
    if gain >= told {
        d.why.push(format!("Borne out by the normal level too: {by_normal}"));
        return;
    }
    // Marked by the normal level's size, but an inaccuracy at least: the review's own play-outs
    // bore out a heavy loss beyond their interval, and a hundred of the normal level's pairs
    // cannot acquit the move of it (checked by the heuristic, 3 of 22 such moves called good lost
    // 12–24 %).
    let found = mark_of(false, Some(gain), 0.0).map_or(Mark::Inaccuracy, |m| m.max(Mark::Inaccuracy));
    let own = d.played_out.map_or(String::new(), |q| {
        format!(" (played out {} times, {})", q.pairs, tally(&q, &d.best))
    });
    d.mark = Some(found);
    d.by_play = true;
    d.played_out = Some(p);
    d.loss = None;
    d.noise = None;
    d.best_rate = None;
    d.played_rate = None;
    let a_mark = if found == Mark::Inaccuracy { "An" } else { "A" };
    d.why = vec![format!(
        "The review's own play-outs put this at about {} against \"{}\"{own}; the normal level, which the review trusts most, finds less: {by_normal} {}",
        percent(told),
        d.best,
        if gain >= PLAYED_INACCURACY {
            format!(
                "{a_mark} {}, costing about {} of the game.",
                found.word(),
                percent_gap(p.first, p.second)
            )
        } else {
            format!(
                "Marked an inaccuracy: {} of the normal level's pairs are too few to call it good.",
                p.pairs
            )
        }
    )];
}

/// How a play-out's two moves did, in words: "\"Move to The Pict War\" won 35 %, this move 21 %".
fn tally(p: &PlayedOut, best: &str) -> String {
    format!("\"{best}\" won {}, this move {}", percent(p.first), percent(p.second))
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
    let told = |d: &ReviewedDecision| d.told_loss().unwrap_or(0.0);
    let mut by_loss: Vec<&ReviewedDecision> = decisions.iter().filter(|d| told(d) > 0.0).collect();
    by_loss.sort_by(|a, b| told(b).total_cmp(&told(a)));
    let costliest: Vec<usize> = by_loss.iter().take(3).map(|d| d.number).collect();
    let (inaccuracies, mistakes, blunders) = (count(Mark::Inaccuracy), count(Mark::Mistake), count(Mark::Blunder));
    let when = |d: &ReviewedDecision| match d.turn {
        Some(t) => format!("in {} {t} (move {})", d.period.word(), d.number),
        None => format!("at move {}", d.number),
    };
    let moment = |d: &ReviewedDecision| {
        // A mistake play neither bore out nor ruled out is an inaccuracy told at play's size,
        // which may round to nothing.
        let size = if told(d) < 0.005 {
            "by a loss play could neither measure nor rule out".to_string()
        } else {
            format!("about {} of the game", percent(told(d)))
        };
        format!("{} — \"{}\" where \"{}\" was better, {size}", when(d), d.played, d.best)
    };
    // The verdict names the costliest of the costly moves it counts where there are any (a move
    // marked good is not one, whatever its loss), else the costliest move of all.
    let worst = if inaccuracies + mistakes + blunders > 0 {
        decisions
            .iter()
            .filter(|d| d.mark.is_some_and(Mark::is_costly))
            .max_by(|a, b| told(a).total_cmp(&told(b)))
    } else {
        by_loss.first().copied()
    };
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
            // A lost game is never "sound": the review says what it can fault, no more.
            let lead = match (blunders, mistakes + inaccuracies) {
                (0, 1) if won == Some(false) => "Lost, with one costly move".to_string(),
                (0, n) if won == Some(false) => format!("Lost, with {n} costly moves"),
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
        rated: decisions.iter().filter(|d| d.mark.is_some()).count(),
        with_chance: losses.len(),
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

/// Reviews `seat`'s decisions in `m`; `progress(done, total)` as in `MatchFace::rate_decisions`
/// (returning false cancels). A review shows the cards its seat held and reads them into its
/// chances, so it follows the replay's rule for whose secrets may be shown
/// (`library::open_seats`): any seat of a finished game, of an unfinished one only its one human
/// seat; any other is refused in words. The window and `camelot review` both come here.
pub fn review(
    m: &dyn MatchFace,
    library: &Library,
    seat: Seat,
    progress: &(dyn Fn(usize, usize) -> bool + Sync),
) -> Result<Review, String> {
    if let Some(why) = crate::library::closed_seat_reason(m, seat) {
        return Err(format!("no review of {}: {why}", m.config().seat_name(seat)));
    }
    review_with(m, library, seat, review_budget, progress)
}

/// `review` under another budget than `review_budget`, and for any seat (tests and the
/// maintainers' tools, which look at games no player is sitting at).
pub fn review_with(
    m: &dyn MatchFace,
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
    let mut decisions: Vec<ReviewedDecision> = rated.iter().map(reviewed_decision).collect();
    // Every move that was not the hard level's own and is rated with a win chance is played out
    // before it is told (`needs_play`).
    {
        use rayon::prelude::*;
        decisions
            .par_iter_mut()
            .filter(|d| needs_play(d))
            .for_each(|d| play_and_confirm(m, library, d, &name));
    }
    let won = match m.pending() {
        crate::rules::Pending::Finished(o) => Some(o.winners.contains(&seat)),
        _ => None,
    };
    let chance = chance_line(&decisions);
    let names: Vec<String> = m.config().seats.iter().map(|s| s.name.clone()).collect();
    // A fall smaller than a mistake's loss is no story.
    let story = Story {
        fell: fell_most(&chance, &name, m.period(), MISTAKE),
        elsewhere: elsewhere(
            &m.tallies_by_position(library),
            &m.turns_by_position(library),
            m.actors(),
            seat,
            &names,
            m.period(),
        ),
        chance,
    };
    let mut summary = summarise(&decisions, won);
    // A lost game's verdict says by how much, and where the points went.
    if let crate::rules::Pending::Finished(o) = m.pending()
        && won == Some(false)
    {
        // Points by seat, where seats score on their own (not Shadows' sides).
        let winner = o.winners.first().copied().filter(|_| m.sides().is_empty());
        if let (Some(own), Some(w), Some(top)) = (o.scores.get(seat), winner, winner.and_then(|w| o.scores.get(w))) {
            // Where a score is not the number alone (Die Zukunft's two colours a seat), how each
            // was counted follows it.
            let how = |s: Seat| m.score_counted(s).map(|h| format!(" ({h})")).unwrap_or_default();
            summary.verdict = format!(
                "{} Lost {own}{} to {}'s {top}{}.",
                summary.verdict,
                how(seat),
                m.config().seat_name(w),
                how(w)
            );
        }
        if let Some(line) = story.elsewhere.first() {
            summary.verdict = format!("{} {line}", summary.verdict);
        }
    }
    Ok(Review {
        game: m.game().key().to_string(),
        seat: seat + 1,
        name,
        finished: won.is_some(),
        summary,
        decisions,
        story,
    })
}

/// Where the review of `seat` in the save `text` is kept under `dir` (the data folder's
/// `reviews/`): one file for each save, seat, content (the bots' file among it) and build of
/// Camelot, so a review is worked out once and opened again at once, and any change that could
/// change it makes a new one.
pub fn kept_path(dir: &Path, text: &str, seat: Seat, library: &Library) -> PathBuf {
    let keys: Vec<&str> = library.set.keys().map(String::as_str).collect();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in [
        text.as_bytes(),
        &(seat as u64).to_le_bytes(),
        library.set.hash_of(&keys).as_bytes(),
        crate::version::LONG.as_bytes(),
    ] {
        for &b in part {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h ^= 0xff;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    dir.join(format!("{h:016x}.json"))
}

/// The review kept at `path`, if there is one that reads (a broken file is as none).
pub fn kept(path: &Path) -> Option<Review> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

/// Keeps a review at `path` (written whole, then renamed).
pub fn keep(path: &Path, review: &Review) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let text = serde_json::to_string(review).map_err(|e| e.to_string())?;
    crate::rules::record::write_atomically(path, &text).map_err(|e| e.to_string())
}

/// The seats a review looks at by default: the human seats, or the first seat at a table of bots.
pub fn default_seats(m: &dyn MatchFace) -> Vec<Seat> {
    let humans: Vec<Seat> = (0..m.config().seats.len())
        .filter(|&s| m.config().seats[s].kind.is_human())
        .collect();
    if humans.is_empty() { vec![0] } else { humans }
}

/// The seat a review in the window opens on: the first of `default_seats` whose secrets may be
/// shown now (`library::open_seats`), else the first seat that may; `None` when none may (an
/// unfinished game with several people at the table).
pub fn first_open_seat(m: &dyn MatchFace) -> Option<Seat> {
    let open = crate::library::open_seats(m);
    default_seats(m)
        .into_iter()
        .find(|s| open.contains(s))
        .or_else(|| open.first().copied())
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

    /// The story's sentences a reader has not met in the verdict: where the chance fell most,
    /// then what came from elsewhere.
    pub fn story_lines(&self) -> Vec<&str> {
        let s = &self.story;
        s.fell
            .iter()
            .chain(&s.elsewhere)
            .map(String::as_str)
            .filter(|l| !self.summary.verdict.contains(l))
            .collect()
    }

    /// The review as text, one line each: the summary, then every decision with its mark, and
    /// why for each that is not simply the hard level's own move.
    pub fn lines(&self) -> Vec<String> {
        let s = &self.summary;
        let mut out = vec![
            format!("Review of {} (seat {}), {}", self.name, self.seat, self.game),
            format!("  {}", counts_line(s)),
            format!("  {}", s.verdict),
        ];
        out.extend(self.story_lines().into_iter().map(|l| format!("  {l}")));
        for d in &self.decisions {
            let mark = d.mark.map_or("unrated", Mark::word);
            out.push(format!("  {}: {} [{mark}]", d.when.to_lowercase(), d.played));
            if !d.is_the_hard_levels() {
                out.extend(d.why.iter().map(|w| format!("    {w}")));
            }
        }
        out
    }
}

impl ReviewedDecision {
    /// Whether the move played was the hard level's own choice (nothing more to say of it).
    pub fn is_the_hard_levels(&self) -> bool {
        self.played == self.best
    }

    /// The loss the review tells: play's where the mark is play's (`by_play`), else the
    /// ratings'.
    pub fn told_loss(&self) -> Option<f64> {
        if self.by_play {
            self.played_out.map(|p| p.gain().max(0.0))
        } else {
            self.loss
        }
    }
}

/// The mark play bears out on its own: a blunder, a mistake or an inaccuracy where the best move
/// won more often by at least that mark's loss (an inaccuracy's `PLAYED_INACCURACY`) and beyond
/// the play-outs' interval, else good. A blunder or a mistake, told at play's size, also needs
/// the game's bar for what the play-out vouches for (`PlayBar::vouches`).
pub fn played_mark(p: &PlayedOut, bar: PlayBar) -> Mark {
    let heavy = bar.vouches(p, p.gain());
    if heavy && p.bears_out(BLUNDER) {
        Mark::Blunder
    } else if heavy && p.bears_out(MISTAKE) {
        Mark::Mistake
    } else if p.bears_out(PLAYED_INACCURACY) {
        Mark::Inaccuracy
    } else {
        Mark::Good
    }
}

/// How sure the review's own play-out must be before it tells a mistake or a blunder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayBar {
    /// The measured loss at least half the loss told, and beyond the play-out's 95 % interval:
    /// the check's own test (docs/review.md).
    Half,
    /// Half the loss told at the interval's lower end too: where the review's play-out bots play
    /// a weaker game than the normal bots it is checked against, so that a loss they measure
    /// shrinks under stronger play (the games whose marks the normal level also plays out,
    /// `BotHints::review_yardstick_pairs`).
    LowerEnd,
}

impl PlayBar {
    /// The bar of a game whose marks the normal level plays out in `yardstick_pairs` pairs.
    pub fn of(yardstick_pairs: usize) -> PlayBar {
        if yardstick_pairs > 0 {
            PlayBar::LowerEnd
        } else {
            PlayBar::Half
        }
    }

    /// Whether the play-out `p` vouches for a mistake or a blunder of loss `told`.
    pub fn vouches(self, p: &PlayedOut, told: f64) -> bool {
        p.bears_out(told / 2.0) && (self == PlayBar::Half || p.gain() - p.half >= told / 2.0)
    }
}

/// The summary's counts in words: "28 decisions, 23 rated: 5 best, 17 good, 1 inaccuracy, 0
/// mistakes, 0 blunders; mean loss 2 % over the 19 with a win chance".
pub fn counts_line(s: &Summary) -> String {
    let mut line = format!(
        "{}, {} rated: {}",
        crate::rules::counted(s.decisions as u64, "decision", "decisions"),
        s.rated,
        marks_line(s)
    );
    if s.with_chance > 0 {
        line.push_str(&format!(
            "; a decision lost {} of the game on average (over the {} rated with a win chance)",
            percent(s.mean_loss),
            s.with_chance
        ));
    }
    line
}
