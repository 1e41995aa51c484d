//! The story of a reviewed game: the seat's win chance along the game (from the very ratings that
//! mark its moves, so a move's rate and the line are one estimate), where it fell most and how
//! much of that fall the seat's own moves made, and what came from elsewhere — the other seats'
//! points or the table's counts (`Game::tally`), and the turns they came in.

use super::mark::Mark;
use crate::rules::{Period, Seat, Tally, percent};
use serde::{Deserialize, Serialize};

/// The seat's chance at one of its decisions rated with a win chance.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ChancePoint {
    /// The position (the game after this many actions) and its turn (or round).
    pub index: usize,
    pub turn: Option<u32>,
    /// The chance before the move, played well (the best move's rate), and after the move played.
    pub before: f64,
    pub after: f64,
    pub mark: Option<Mark>,
}

/// How the game went for the seat, in numbers and a few sentences.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Story {
    /// The seat's chance along the game, one point a decision rated with a win chance.
    pub chance: Vec<ChancePoint>,
    /// Where the chance fell most, and how much of it the seat's own moves gave away (none where it
    /// never fell by more than the review can tell from noise).
    pub fell: Option<String>,
    /// What came from elsewhere: the other seats' points, the table's counts, and when.
    pub elsewhere: Vec<String>,
}

fn when(period: Period, p: &ChancePoint) -> String {
    match p.turn {
        Some(t) => format!("{} {t}", period.word()),
        None => format!("move {}", p.index + 1),
    }
}

/// The largest fall of the chance from a decision to a later one (peak to trough), in words, with
/// the share the seat's own moves marked costly gave away on the way (their losses against the
/// best moves) and the rest, which came from the draws and the other seats. `None` where the chance never fell
/// by more than `least`.
pub fn fell_most(line: &[ChancePoint], name: &str, period: Period, least: f64) -> Option<String> {
    let mut best: Option<(usize, usize, f64)> = None;
    let mut peak = 0;
    for j in 0..line.len() {
        if line[j].before > line[peak].before {
            peak = j;
        }
        let drop = line[peak].before - line[j].after;
        if best.is_none_or(|(_, _, d)| drop > d) {
            best = Some((peak, j, drop));
        }
    }
    let (i, j, drop) = best?;
    if drop <= least {
        return None;
    }
    // Only the moves marked costly count as the seat's own: a loss within the noise is one the
    // review cannot tell from nothing, and many of them would add up to a fall they did not cause.
    let own: f64 = line[i..=j]
        .iter()
        .filter(|p| p.mark.is_some_and(Mark::is_costly))
        .map(|p| (p.before - p.after).max(0.0))
        .sum::<f64>()
        .min(drop);
    let (from, to) = (&line[i], &line[j]);
    let span = if when(period, from) == when(period, to) {
        format!("in {}", when(period, from))
    } else {
        format!("from {} to {}", when(period, from), when(period, to))
    };
    let share = if own > drop * 0.5 {
        format!("most of it by {name}'s marked moves (about {})", percent(own))
    } else if own >= 0.01 {
        format!(
            "about {} of it by {name}'s marked moves, the rest in the draws and the other seats' play",
            percent(own)
        )
    } else {
        "none of it by a move the review marks: it went in the draws and the other seats' play".to_string()
    };
    Some(format!(
        "{name}'s chance fell most {span}, from about {} to about {}: {share}.",
        percent(from.before),
        percent(to.after)
    ))
}

/// The turn span of a series' largest gain: (first turn, last turn, gain).
fn largest_gain(ends: &[(u32, i64)], start: i64, widest: usize) -> Option<(u32, u32, i64)> {
    let mut best: Option<(u32, u32, i64)> = None;
    for a in 0..ends.len() {
        let before = if a == 0 { start } else { ends[a - 1].1 };
        for b in a..ends.len().min(a + widest) {
            let gain = ends[b].1 - before;
            // A narrower span with the same gain is the truer one.
            if best.is_none_or(|(x, y, g)| gain > g || (gain == g && b as u32 - a as u32 <= y - x && gain > 0)) {
                best = Some((ends[a].0, ends[b].0, gain));
            }
        }
    }
    best.filter(|b| b.2 > 0)
}

/// What came from elsewhere: for the other seats that finished ahead of `seat` (or the best of
/// them) and the table's counts, the span of at most a sixth of the game (two turns at least) in
/// which most of it came, when that is at least a third of it: "46 of Percival's 106 points came in
/// turns 6–9", "6 of the 9 Siege Engines came in turns 20–28"; and how much of it came of the
/// seat's own actions (`actors`: who took each action), when that is a fifth of it or more: "12 of
/// Percival's 106 points came of Guinevere's own moves" (The Court's Score cards score for
/// everyone).
pub fn elsewhere(
    tallies: &[Vec<Tally>],
    turns: &[Option<u32>],
    actors: &[Option<Seat>],
    seat: Seat,
    names: &[String],
    period: Period,
) -> Vec<String> {
    let (Some(last), Some(first)) = (tallies.last(), tallies.first()) else {
        return Vec::new();
    };
    let own = last.iter().find(|t| t.seat == Some(seat)).map(|t| t.value);
    // The other seats ahead of this one (all of them, or where none is, the best of them).
    let mut others: Vec<&Tally> = last.iter().filter(|t| t.seat.is_some_and(|s| s != seat)).collect();
    others.sort_by_key(|t| std::cmp::Reverse(t.value));
    let ahead: Vec<&Tally> = others
        .iter()
        .copied()
        .filter(|t| own.is_none_or(|o| t.value > o))
        .collect();
    let mut series: Vec<&Tally> = if ahead.is_empty() {
        others.into_iter().take(1).collect()
    } else {
        ahead
    };
    series.extend(last.iter().filter(|t| t.seat.is_none()));
    let last_turn = turns.iter().flatten().max().copied().unwrap_or(0);
    let widest = ((last_turn as usize).div_ceil(6)).max(2);
    let mut out = Vec::new();
    for t in series {
        let key = |x: &Tally| x.seat == t.seat && x.noun == t.noun;
        let value_at = |k: usize| tallies.get(k).and_then(|v| v.iter().find(|x| key(x))).map(|x| x.value);
        // The value at the end of each turn.
        let mut ends: Vec<(u32, i64)> = Vec::new();
        for (k, turn) in turns.iter().enumerate() {
            let (Some(turn), Some(v)) = (turn, value_at(k)) else {
                continue;
            };
            match ends.last_mut() {
                Some((t, x)) if *t == *turn => *x = v,
                _ => ends.push((*turn, v)),
            }
        }
        let start = first.iter().find(|x| key(x)).map_or(0, |x| x.value);
        let total = t.value - start;
        // What the seat's own actions added (the count after each of its actions against before).
        let by_own: i64 = (0..actors.len())
            .filter(|&i| actors[i] == Some(seat))
            .filter_map(|i| Some(value_at(i + 1)? - value_at(i)?))
            .sum();
        let Some((a, b, gain)) = largest_gain(&ends, start, widest) else {
            continue;
        };
        let whose = match t.seat {
            Some(s) => format!("{}'s", names.get(s).map_or("?", String::as_str)),
            None => "the".to_string(),
        };
        let own_line = (total > 0 && by_own >= 2 && by_own * 5 >= total).then(|| {
            format!(
                "{by_own} of {whose} {} {} came of {}'s own moves.",
                t.value,
                t.noun,
                names.get(seat).map_or("?", String::as_str)
            )
        });
        if total <= 0 || gain * 3 < total {
            out.extend(own_line);
            continue;
        }
        let span = if a == b {
            format!("in {} {a}", period.word())
        } else {
            format!("in {} {a}–{b}", period.plural())
        };
        let of = if gain == total {
            format!("All of {whose} {} {} came {span}", t.value, t.noun)
        } else {
            format!("{gain} of {whose} {} {} came {span}", t.value, t.noun)
        };
        out.push(format!("{of}."));
        out.extend(own_line);
    }
    out
}
