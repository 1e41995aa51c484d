//! The tinkerer's bench (`camelot balance`): many bot games on every core, and what they say
//! about a content set — win rates by seat and by what a seat plays as (faction, colour,
//! Knight) with 95 % intervals, scores, game length, how often each card, mission, room or quest
//! is used and how often its user wins — and, against a second content set, which differences
//! are larger than chance.
//!
//! Each game is played from its own seed (the run's seed plus its number) by `sim::play_one`,
//! on a rayon pool, and the results are kept in game order, so a report is the same for any
//! number of jobs.

mod html;
mod report;
pub use html::html;
use report::percent;
pub use report::{BalanceReport, Comparison, Difference, GameWords, Histogram, Mean, Rate, SetReport, Usage, shown};

use crate::library::Library;
use crate::sim::{SimOptions, play_one};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// One game as the bench keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub seed: u64,
    pub winners: Vec<usize>,
    pub scores: Vec<i64>,
    pub turns: usize,
    pub actions: usize,
    pub emblems: Vec<Option<String>>,
    pub used: Vec<(usize, String)>,
    pub tags: Vec<String>,
    pub figures: Vec<(String, f64)>,
}

/// Plays the run's games on `jobs` threads (0: one per core). `done` is told the number of
/// games finished so far (from any thread), every thousandth of the run and at its end; `stop`
/// ends the run early: the games not started are left out. Returns each game played, in game
/// order, or its error.
///
/// Each worker takes the next game from one counter and plays it from its own copy of the content
/// (`Library::fork`), so the workers write to no memory they share while they play. A content
/// shared by all would have its reference count written by every view a bot decides from, and
/// that one cache line travelling between the cores cost the bench a third of a 16-core machine
/// (see `scripts/bench-scaling.sh`).
pub fn play(
    library: &Library,
    opts: &SimOptions,
    jobs: usize,
    done: &(dyn Fn(usize) + Sync),
    stop: &AtomicBool,
) -> Result<Vec<Result<GameRow, String>>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| format!("cannot start the worker threads: {e}"))?;
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let every = (opts.games / 1000).max(1);
    let by_worker: Vec<Vec<(usize, Result<GameRow, String>)>> = pool.broadcast(|_| {
        let own = library.fork(opts.game);
        let mut rows = Vec::new();
        while !stop.load(Ordering::Relaxed) {
            let g = next.fetch_add(1, Ordering::Relaxed);
            if g >= opts.games {
                break;
            }
            let (seed, result) = play_one(&own, opts, g, true);
            rows.push((
                g,
                result.map(|p| GameRow {
                    seed,
                    winners: p.winners,
                    scores: p.scores,
                    turns: p.turns,
                    actions: p.actions,
                    emblems: p.emblems,
                    used: p.used,
                    tags: p.tags,
                    figures: p.figures,
                }),
            ));
            let n = finished.fetch_add(1, Ordering::Relaxed) + 1;
            if n.is_multiple_of(every) {
                done(n);
            }
        }
        rows
    });
    done(finished.into_inner());
    let mut rows: Vec<(usize, Result<GameRow, String>)> = by_worker.into_iter().flatten().collect();
    rows.sort_unstable_by_key(|(g, _)| *g);
    Ok(rows.into_iter().map(|(_, row)| row).collect())
}

/// Sums up one content set's games.
pub fn summarise(content: &str, players: usize, rows: &[Result<GameRow, String>]) -> SetReport {
    let ok: Vec<&GameRow> = rows.iter().filter_map(|r| r.as_ref().ok()).collect();
    let n = ok.len();
    let errors: Vec<String> = rows.iter().filter_map(|r| r.as_ref().err().cloned()).collect();
    let win_by_seat = (0..players)
        .map(|s| Rate::new(ok.iter().filter(|g| g.winners.contains(&s)).count(), n))
        .collect();
    let mut emblem: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for g in &ok {
        for (s, e) in g.emblems.iter().enumerate() {
            if let Some(e) = e {
                let x = emblem.entry(e.clone()).or_default();
                x.1 += 1;
                if g.winners.contains(&s) {
                    x.0 += 1;
                }
            }
        }
    }
    let scored: Vec<&&GameRow> = ok.iter().filter(|g| g.scores.len() == players).collect();
    let mean_score_by_seat = if scored.is_empty() {
        Vec::new()
    } else {
        (0..players)
            .map(|s| scored.iter().map(|g| g.scores[s] as f64).sum::<f64>() / scored.len() as f64)
            .collect()
    };
    let histogram = |values: &mut dyn Iterator<Item = i64>| -> Histogram {
        let mut h: BTreeMap<i64, usize> = BTreeMap::new();
        for v in values {
            *h.entry(v).or_default() += 1;
        }
        h.into_iter().collect()
    };
    let scores = histogram(&mut scored.iter().flat_map(|g| g.scores.iter().copied()));
    let turns = histogram(&mut ok.iter().map(|g| g.turns as i64));
    let mut used: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    for g in &ok {
        let mut seen: Vec<&str> = Vec::new();
        for (s, thing) in &g.used {
            let x = used.entry(thing.clone()).or_default();
            if !seen.contains(&thing.as_str()) {
                seen.push(thing);
                x.0 += 1;
            }
            x.1 += 1;
            if g.winners.contains(s) {
                x.2 += 1;
            }
        }
    }
    let mut usage: Vec<Usage> = used
        .into_iter()
        .map(|(thing, (games, users, wins))| Usage {
            thing,
            games: Rate::new(games, n),
            per_game: if n == 0 { 0.0 } else { users as f64 / n as f64 },
            user_wins: Rate::new(wins, users),
        })
        .collect();
    // The most used first: by uses a game (every card of The Court is played in every game).
    usage.sort_by(|a, b| {
        b.per_game
            .total_cmp(&a.per_game)
            .then(b.games.hits.cmp(&a.games.hits))
            .then(a.thing.cmp(&b.thing))
    });
    let mut outcomes: BTreeMap<String, usize> = BTreeMap::new();
    for g in &ok {
        for t in &g.tags {
            match t.strip_prefix('!') {
                Some(name) => {
                    outcomes.entry(name.to_string()).or_default();
                }
                None => *outcomes.entry(t.clone()).or_default() += 1,
            }
        }
    }
    let mut figures: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for g in &ok {
        for (k, v) in &g.figures {
            figures.entry(k.clone()).or_default().push(*v);
        }
    }
    SetReport {
        content: content.to_string(),
        games: rows.len(),
        finished: n,
        errors,
        win_by_seat,
        win_by_emblem: emblem.into_iter().map(|(k, (w, of))| (k, Rate::new(w, of))).collect(),
        mean_score_by_seat,
        scores,
        mean_turns: if n == 0 {
            0.0
        } else {
            ok.iter().map(|g| g.turns as f64).sum::<f64>() / n as f64
        },
        turns,
        usage,
        outcomes: outcomes.into_iter().map(|(k, c)| (k, Rate::new(c, n))).collect(),
        figures: figures.into_iter().map(|(k, v)| (k, Mean::of(&v))).collect(),
    }
}

/// The normal distribution's upper tail (Abramowitz and Stegun 7.1.26 for erfc).
fn upper_tail(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erfc = poly * (-x * x).exp();
    if z >= 0.0 { erfc / 2.0 } else { 1.0 - erfc / 2.0 }
}

/// Two-sided p-value that two shares differ (two-proportion z-test with a pooled share).
pub fn two_proportion_p(a: &Rate, b: &Rate) -> f64 {
    if a.of == 0 || b.of == 0 {
        return 1.0;
    }
    let pooled = (a.hits + b.hits) as f64 / (a.of + b.of) as f64;
    let se = (pooled * (1.0 - pooled) * (1.0 / a.of as f64 + 1.0 / b.of as f64)).sqrt();
    if se == 0.0 {
        return if a.rate == b.rate { 1.0 } else { 0.0 };
    }
    (2.0 * upper_tail(((a.rate - b.rate) / se).abs())).min(1.0)
}

/// The mean and standard deviation of a histogram, and how many values it holds.
fn moments(h: &Histogram) -> (f64, f64, usize) {
    let n: usize = h.iter().map(|x| x.1).sum();
    if n == 0 {
        return (0.0, 0.0, 0);
    }
    let mean = h.iter().map(|(v, c)| *v as f64 * *c as f64).sum::<f64>() / n as f64;
    let var = h
        .iter()
        .map(|(v, c)| (*v as f64 - mean).powi(2) * *c as f64)
        .sum::<f64>()
        / (n.max(2) - 1) as f64;
    (mean, var.sqrt(), n)
}

/// Two-sided p-value that two means differ (a two-sample z-test; the bench's samples are large).
fn two_means_p(a: &Histogram, b: &Histogram) -> (f64, f64, f64) {
    let ((ma, sa, na), (mb, sb, nb)) = (moments(a), moments(b));
    if na < 2 || nb < 2 {
        return (ma, mb, 1.0);
    }
    let se = (sa * sa / na as f64 + sb * sb / nb as f64).sqrt();
    let p = if se == 0.0 {
        if ma == mb { 1.0 } else { 0.0 }
    } else {
        (2.0 * upper_tail(((ma - mb) / se).abs())).min(1.0)
    };
    (ma, mb, p)
}

/// Compares the edited set (`now`) with the other (`was`): each seat's win rate, each emblem's,
/// each outcome share (two-proportion z-tests), the mean score and the game length (two-sample
/// z-tests), all at one shared 5 % (Bonferroni).
pub fn compare(now: &SetReport, was: &SetReport, words: &GameWords) -> Comparison {
    let mut pairs: Vec<(String, Rate, Rate)> = Vec::new();
    for (s, (a, b)) in now.win_by_seat.iter().zip(&was.win_by_seat).enumerate() {
        pairs.push((format!("seat {} wins", s + 1), *a, *b));
    }
    for (k, a) in &now.win_by_emblem {
        if let Some(b) = was.win_by_emblem.get(k) {
            pairs.push((format!("{k} wins"), *a, *b));
        }
    }
    for (k, a) in &now.outcomes {
        if let Some(b) = was.outcomes.get(k) {
            pairs.push((format!("games where {}", (words.outcome)(k)), *a, *b));
        }
    }
    let mut means: Vec<(String, f64, f64, f64)> = Vec::new();
    if !now.scores.is_empty() && !was.scores.is_empty() {
        let (a, b, p) = two_means_p(&now.scores, &was.scores);
        means.push(("mean score".into(), a, b, p));
    }
    let (a, b, p) = two_means_p(&now.turns, &was.turns);
    means.push((format!("{} a game", words.period.plural()), a, b, p));
    let tested = (pairs.len() + means.len()).max(1);
    let threshold = 0.05 / tested as f64;
    let mut differences: Vec<Difference> = pairs
        .iter()
        .map(|(what, a, b)| {
            let p = two_proportion_p(a, b);
            Difference {
                what: what.clone(),
                now: a.rate,
                was: b.rate,
                p,
                significant: p < threshold,
                share: true,
            }
        })
        .collect();
    differences.extend(means.into_iter().map(|(what, a, b, p)| Difference {
        what,
        now: a,
        was: b,
        p,
        significant: p < threshold,
        share: false,
    }));
    // The headline: the seat whose win rate moved most, significantly; else the largest other
    // change; else that nothing moved beyond chance.
    let seats = &differences[..now.win_by_seat.len().min(differences.len())];
    let biggest = seats
        .iter()
        .enumerate()
        .filter(|(_, d)| d.significant)
        .max_by(|a, b| (a.1.now - a.1.was).abs().total_cmp(&(b.1.now - b.1.was).abs()));
    let headline = match biggest {
        Some((s, d)) => {
            let pm = now.win_by_seat[s].plus_minus();
            let leaning = if d.now > d.was { "favours" } else { "hurts" };
            format!(
                "seat {} wins {} ± {:.1} (was {}): your change {leaning} {}",
                s + 1,
                percent(d.now),
                pm * 100.0,
                percent(d.was),
                ordinal_player(s)
            )
        }
        None => match differences
            .iter()
            .filter(|d| d.significant)
            .min_by(|a, b| a.p.total_cmp(&b.p))
        {
            Some(d) => format!(
                "{} {} (was {}), larger than chance; no seat's win rate moved beyond chance",
                d.what,
                shown(d, d.now),
                shown(d, d.was)
            ),
            None if now.finished.min(was.finished) < 30 => format!(
                "too few games to compare: {} and {} finished (stopped early?)",
                now.finished, was.finished
            ),
            None if differences.iter().all(|d| d.now == d.was) => format!(
                "no difference at {} games a side: both sets played the same games",
                now.finished.min(was.finished)
            ),
            None => format!(
                "no difference larger than chance at {} games a side (closest: {} {} against {}, p = {:.2})",
                now.finished.min(was.finished),
                differences
                    .iter()
                    .min_by(|a, b| a.p.total_cmp(&b.p))
                    .map_or("none".into(), |d| d.what.clone()),
                differences
                    .iter()
                    .min_by(|a, b| a.p.total_cmp(&b.p))
                    .map_or(String::new(), |d| shown(d, d.now)),
                differences
                    .iter()
                    .min_by(|a, b| a.p.total_cmp(&b.p))
                    .map_or(String::new(), |d| shown(d, d.was)),
                differences.iter().map(|d| d.p).fold(1.0, f64::min)
            ),
        },
    };
    Comparison {
        headline,
        test: format!(
            "two-proportion z-tests for shares, two-sample z-tests for means, two-sided; each of the {tested} \
             differences at p < {threshold:.4} (5 % shared out, Bonferroni)"
        ),
        differences,
    }
}

fn ordinal_player(seat: usize) -> String {
    match seat {
        0 => "the first player".into(),
        1 => "the second player".into(),
        2 => "the third player".into(),
        3 => "the fourth player".into(),
        4 => "the fifth player".into(),
        n => format!("player {}", n + 1),
    }
}

/// Runs the bench: `now` (the content under test, named `now_name`), and `was` when it is to be
/// compared with another set. Each set plays the same seeds. `done` is told (games done, games
/// in all) as games finish; `stop` ends early, reporting what is done.
pub fn run(
    now: (&Library, &str),
    was: Option<(&Library, &str)>,
    opts: &SimOptions,
    jobs: usize,
    done: &(dyn Fn(usize, usize) + Sync),
    stop: &AtomicBool,
) -> Result<BalanceReport, String> {
    let started = std::time::Instant::now();
    let sets: Vec<(&Library, &str)> = std::iter::once(now).chain(was).collect();
    let total = opts.games * sets.len();
    // Every set's content and table are checked before any game, so a setup that cannot be
    // built is refused once, not once a game.
    for (library, name) in &sets {
        if !library.content_ok(opts.game) {
            let errors: Vec<String> = library.errors().iter().map(|e| e.to_string()).collect();
            return Err(format!("{name}: the content is broken:\n{}", errors.join("\n")));
        }
        opts.check(library)
            .map_err(|e| if sets.len() > 1 { format!("{name}: {e}") } else { e })?;
    }
    let mut reports = Vec::new();
    let mut played = 0;
    for (i, (library, name)) in sets.iter().enumerate() {
        let base = i * opts.games;
        let rows = play(library, opts, jobs, &|n| done(base + n, total), stop)?;
        played += rows.len();
        reports.push(summarise(name, opts.players, &rows));
    }
    let seconds = started.elapsed().as_secs_f64();
    let comparison = match reports.as_slice() {
        [a, b] => Some(compare(a, b, &GameWords::of(opts.game))),
        _ => None,
    };
    Ok(BalanceReport {
        game: opts.game.title().to_string(),
        key: opts.game.key().to_string(),
        players: opts.players,
        games: opts.games,
        bots: (0..opts.players).map(|s| opts.bot_of(s).to_string()).collect(),
        jobs: if jobs == 0 { rayon::current_num_threads() } else { jobs },
        seconds,
        games_per_second: played as f64 / seconds.max(1e-9),
        stopped: stop.load(Ordering::Relaxed),
        sets: reports,
        comparison,
    })
}

/// The report in words, for the terminal.
pub fn text(report: &BalanceReport) -> String {
    let mut out = String::new();
    let pct = |r: &Rate| format!("{:5.1} % ± {:4.1}", r.rate * 100.0, r.plus_minus() * 100.0);
    if let Some(c) = &report.comparison {
        out.push_str(&format!("{}\n\n", c.headline));
    }
    out.push_str(&format!(
        "{}, {} players, {} games a set, bots {} — {} jobs, {:.1} games a second{}\n",
        report.game,
        report.players,
        report.games,
        report.bots.join(","),
        report.jobs,
        report.games_per_second,
        if report.stopped { " (stopped early)" } else { "" }
    ));
    let game = GameWords::of_key(&report.key);
    let words = game.outcome;
    let period = game.period;
    for s in &report.sets {
        out.push_str(&format!(
            "\n{} ({} of {} games finished)\n",
            s.content, s.finished, s.games
        ));
        for (i, r) in s.win_by_seat.iter().enumerate() {
            let score = s
                .mean_score_by_seat
                .get(i)
                .map_or(String::new(), |m| format!("  mean score {m:.1}"));
            out.push_str(&format!("  seat {} wins {}{score}\n", i + 1, pct(r)));
        }
        for (e, r) in &s.win_by_emblem {
            out.push_str(&format!("  {e} wins {} of {} seats\n", pct(r), r.of));
        }
        out.push_str(&format!(
            "  {:.1} {} a game on average\n",
            s.mean_turns,
            period.plural()
        ));
        for (k, r) in &s.outcomes {
            out.push_str(&format!("  games where {}: {}\n", words(k), pct(r)));
        }
        for (k, m) in &s.figures {
            out.push_str(&format!("  {}: {:.2} ± {:.2} a game\n", words(k), m.mean, m.plus_minus));
        }
        for u in s.usage.iter().take(12) {
            out.push_str(&format!(
                "  {}: {:.1} times a game, in {:.0} % of games; its users win {}\n",
                u.thing,
                u.per_game,
                u.games.rate * 100.0,
                pct(&u.user_wins)
            ));
        }
        if s.usage.len() > 12 {
            out.push_str(&format!("  … {} more in --json or --report\n", s.usage.len() - 12));
        }
        if let Some(e) = s.errors.first() {
            out.push_str(&format!("  {} games failed, the first: {e}\n", s.errors.len()));
        }
    }
    if let Some(c) = &report.comparison {
        out.push_str(&format!("\nDifferences ({})\n", c.test));
        for d in &c.differences {
            out.push_str(&format!(
                "  {:32} {:>8} (was {:>8})  p = {:.4}{}\n",
                d.what,
                shown(d, d.now),
                shown(d, d.was),
                d.p,
                if d.significant { "  larger than chance" } else { "" }
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_holds_the_rate_and_narrows_with_more_games() {
        let small = Rate::new(30, 100);
        let big = Rate::new(300, 1000);
        assert!(small.low < 0.3 && 0.3 < small.high);
        assert!(big.high - big.low < small.high - small.low);
        // Known values of the Wilson interval: 30 of 100 → 21.9 % to 39.6 %.
        assert!((small.low - 0.2189).abs() < 0.001, "{small:?}");
        assert!((small.high - 0.3958).abs() < 0.001, "{small:?}");
        assert_eq!(Rate::new(0, 0).rate, 0.0);
    }

    #[test]
    fn the_z_test_finds_a_real_difference_and_not_an_equal_one() {
        let a = Rate::new(310, 1000);
        let b = Rate::new(252, 1000);
        let p = two_proportion_p(&a, &b);
        assert!(p < 0.01, "{p}");
        assert!((two_proportion_p(&a, &a) - 1.0).abs() < 1e-9);
        // z = 1.96 gives p = 0.05.
        assert!((2.0 * upper_tail(1.959_964) - 0.05).abs() < 1e-4);
    }
}
