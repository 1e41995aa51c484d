//! The bench's report as a web page: win rates as bars, game length as histograms, what is used
//! and how its users do, the differences between two sets (`camelot balance --report`).

use crate::balance::report::{BalanceReport, GameWords, Histogram, Rate, SetReport, shown};

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The two sets' colours in the charts: the set under test, the one it is compared with.
const SET_COLOURS: [&str; 2] = ["#b8862f", "#5b6f8f"];

/// A bar chart as inline SVG: one group of bars per label, one bar per series (a content set),
/// shares from 0 to the largest value, with 95 % whiskers where the values are rates.
fn bar_chart(title: &str, labels: &[String], series: &[(&str, Vec<Option<Rate>>)]) -> String {
    let (w, h, left, bottom, top) = (760.0_f64, 260.0_f64, 48.0_f64, 70.0_f64, 28.0_f64);
    let plot_h = h - bottom - top;
    let groups = labels.len().max(1) as f64;
    let group_w = (w - left - 10.0) / groups;
    let bar_w = (group_w * 0.8 / series.len().max(1) as f64).min(40.0);
    let most = series
        .iter()
        .flat_map(|(_, v)| v.iter().flatten().map(|r| r.high.max(r.rate)))
        .fold(0.0_f64, f64::max)
        .max(0.01);
    let top_value = ((most * 10.0).ceil() / 10.0).min(1.0).max(most);
    let y = |v: f64| top + plot_h * (1.0 - v / top_value);
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img"><title>{}</title>"#,
        esc(title)
    );
    svg.push_str(&format!(
        r#"<text x="{left}" y="16" font-size="14" font-weight="bold">{}</text>"#,
        esc(title)
    ));
    for k in 0..=4 {
        let v = top_value * k as f64 / 4.0;
        svg.push_str(&format!(
            r##"<line x1="{left}" x2="{}" y1="{y:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" font-size="10" text-anchor="end">{} %</text>"##,
            w - 10.0,
            left - 4.0,
            y(v) + 3.0,
            // Whole percentages where they are, else one decimal (7.5 %).
            if (v * 100.0).fract().abs() < 1e-6 {
                format!("{:.0}", v * 100.0)
            } else {
                format!("{:.1}", v * 100.0)
            },
            y = y(v)
        ));
    }
    for (g, label) in labels.iter().enumerate() {
        let gx = left + g as f64 * group_w + group_w * 0.1;
        for (i, (_, values)) in series.iter().enumerate() {
            let Some(Some(r)) = values.get(g) else {
                continue;
            };
            let x = gx + i as f64 * bar_w;
            svg.push_str(&format!(
                r#"<rect x="{x:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{}"><title>{}: {:.1} % ({:.1}–{:.1})</title></rect>"#,
                y(r.rate),
                bar_w - 2.0,
                (y(0.0) - y(r.rate)).max(0.0),
                SET_COLOURS[i % 2],
                esc(label),
                r.rate * 100.0,
                r.low * 100.0,
                r.high * 100.0
            ));
            if r.high > r.low {
                let cx = x + (bar_w - 2.0) / 2.0;
                svg.push_str(&format!(
                    r##"<line x1="{cx:.1}" x2="{cx:.1}" y1="{:.1}" y2="{:.1}" stroke="#222" stroke-width="1.5"/>"##,
                    y(r.low),
                    y(r.high)
                ));
            }
        }
        svg.push_str(&format!(
            r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end" transform="rotate(-35 {:.1} {:.1})">{}</text>"#,
            gx + group_w * 0.4,
            y(0.0) + 14.0,
            gx + group_w * 0.4,
            y(0.0) + 14.0,
            esc(label)
        ));
    }
    svg.push_str("</svg>");
    svg
}

/// A histogram's counts as shares by value, for each set (the union of values as labels).
fn histogram_chart(title: &str, sets: &[&SetReport], pick: fn(&SetReport) -> &Histogram) -> String {
    let mut values: Vec<i64> = sets.iter().flat_map(|s| pick(s).iter().map(|x| x.0)).collect();
    values.sort_unstable();
    values.dedup();
    // Many distinct values: group them into at most 24 ranges.
    let step = (values.len() as i64 / 24 + 1).max(1);
    let lo = values.first().copied().unwrap_or(0);
    let bins: Vec<i64> = values
        .iter()
        .map(|v| lo + (v - lo) / step * step)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let labels: Vec<String> = bins
        .iter()
        .map(|b| {
            if step == 1 {
                b.to_string()
            } else {
                format!("{b}–{}", b + step - 1)
            }
        })
        .collect();
    let series: Vec<(&str, Vec<Option<Rate>>)> = sets
        .iter()
        .map(|s| {
            let h = pick(s);
            let total: usize = h.iter().map(|x| x.1).sum();
            let v = bins
                .iter()
                .map(|b| {
                    let c: usize = h.iter().filter(|x| x.0 >= *b && x.0 < b + step).map(|x| x.1).sum();
                    let share = if total == 0 { 0.0 } else { c as f64 / total as f64 };
                    Some(Rate {
                        hits: c,
                        of: total,
                        rate: share,
                        low: share,
                        high: share,
                    })
                })
                .collect();
            (s.content.as_str(), v)
        })
        .collect();
    bar_chart(title, &labels, &series)
}

/// The report as one self-contained HTML page: no scripts, no network, charts as inline SVG.
pub fn html(report: &BalanceReport) -> String {
    let sets: Vec<&SetReport> = report.sets.iter().collect();
    let game = GameWords::of_key(&report.key);
    let mut out = String::new();
    out.push_str(&format!(
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Balance: {game}</title>
<style>body{{font-family:Georgia,serif;max-width:820px;margin:24px auto;color:#222;background:#fbf8f1}}
h1{{font-size:24px}}h2{{font-size:18px;margin-top:28px;border-bottom:1px solid #cdb}}
table{{border-collapse:collapse;font-size:13px}}td,th{{padding:3px 8px;border-bottom:1px solid #e4dccb;text-align:right}}
td:first-child,th:first-child{{text-align:left}}.headline{{font-size:18px;background:#f1e4c4;padding:10px;border-left:4px solid #b8862f}}
.sig{{color:#a02020;font-weight:bold}}.key span{{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px}}</style></head><body>
<h1>Balance: {game}, {players} players</h1>
<p>{games} games a set, bots {bots}, {jobs} jobs, {gps:.1} games a second{stopped}.</p>"#,
        game = esc(&report.game),
        players = report.players,
        games = report.games,
        bots = esc(&report.bots.join(", ")),
        jobs = report.jobs,
        gps = report.games_per_second,
        stopped = if report.stopped { " — stopped early, the games done so far" } else { "" },
    ));
    if let Some(c) = &report.comparison {
        out.push_str(&format!(r#"<p class="headline">{}</p>"#, esc(&c.headline)));
    }
    out.push_str(r#"<p class="key">"#);
    for (i, s) in sets.iter().enumerate() {
        out.push_str(&format!(
            r#"<span style="background:{}"></span>{} ({} of {} games finished)"#,
            SET_COLOURS[i % 2],
            esc(&s.content),
            s.finished,
            s.games
        ));
    }
    out.push_str("</p>");
    let seats: Vec<String> = (1..=report.players).map(|s| format!("seat {s}")).collect();
    let series = |f: &dyn Fn(&SetReport) -> Vec<Option<Rate>>| -> Vec<(&str, Vec<Option<Rate>>)> {
        sets.iter().map(|s| (s.content.as_str(), f(s))).collect()
    };
    out.push_str("<h2>Win rate by seat (95 % intervals)</h2>");
    out.push_str(&bar_chart(
        "Win rate by seat",
        &seats,
        &series(&|s| s.win_by_seat.iter().map(|r| Some(*r)).collect()),
    ));
    let emblems: Vec<String> = sets
        .iter()
        .flat_map(|s| s.win_by_emblem.keys().cloned())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    if !emblems.is_empty() {
        out.push_str("<h2>Win rate by what a seat plays as</h2>");
        out.push_str(&bar_chart(
            "Win rate by faction, colour or Knight",
            &emblems,
            &series(&|s| emblems.iter().map(|e| s.win_by_emblem.get(e).copied()).collect()),
        ));
    }
    if sets.iter().any(|s| !s.scores.is_empty()) {
        out.push_str("<h2>Scores</h2>");
        out.push_str(&histogram_chart("Final scores (share of seats)", &sets, |s| &s.scores));
        out.push_str("<table><tr><th>set</th>");
        for s in &seats {
            out.push_str(&format!("<th>{s} mean score</th>"));
        }
        out.push_str("</tr>");
        for s in &sets {
            out.push_str(&format!("<tr><td>{}</td>", esc(&s.content)));
            for m in &s.mean_score_by_seat {
                out.push_str(&format!("<td>{m:.1}</td>"));
            }
            out.push_str("</tr>");
        }
        out.push_str("</table>");
    }
    out.push_str("<h2>Game length</h2>");
    let period = game.period.plural();
    let title = format!("{}{} a game (share of games)", period[..1].to_uppercase(), &period[1..]);
    out.push_str(&histogram_chart(&title, &sets, |s| &s.turns));
    out.push_str("<p>");
    for s in &sets {
        out.push_str(&format!(
            "{}: {:.1} {period} on average. ",
            esc(&s.content),
            s.mean_turns
        ));
    }
    out.push_str("</p>");
    if sets.iter().any(|s| !s.outcomes.is_empty()) {
        out.push_str("<h2>How the games went</h2><table><tr><th></th>");
        for s in &sets {
            out.push_str(&format!("<th>{}</th>", esc(&s.content)));
        }
        out.push_str("</tr>");
        let keys: std::collections::BTreeSet<&String> = sets.iter().flat_map(|s| s.outcomes.keys()).collect();
        for k in keys {
            out.push_str(&format!("<tr><td>{}</td>", esc(&(game.outcome)(k))));
            for s in &sets {
                match s.outcomes.get(k) {
                    Some(r) => out.push_str(&format!(
                        "<td>{:.1} % ± {:.1}</td>",
                        r.rate * 100.0,
                        r.plus_minus() * 100.0
                    )),
                    None => out.push_str("<td></td>"),
                }
            }
            out.push_str("</tr>");
        }
        let figures: std::collections::BTreeSet<&String> = sets.iter().flat_map(|s| s.figures.keys()).collect();
        for k in figures {
            out.push_str(&format!("<tr><td>{} (a game)</td>", esc(&(game.outcome)(k))));
            for s in &sets {
                match s.figures.get(k) {
                    Some(m) => out.push_str(&format!("<td>{:.2} ± {:.2}</td>", m.mean, m.plus_minus)),
                    None => out.push_str("<td></td>"),
                }
            }
            out.push_str("</tr>");
        }
        out.push_str("</table>");
    }
    if let Some(c) = &report.comparison {
        out.push_str(&format!(
            "<h2>Differences</h2><p>{}</p><table><tr><th></th><th>now</th><th>was</th><th>p</th><th></th></tr>",
            esc(&c.test)
        ));
        for d in &c.differences {
            out.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.4}</td><td{}>{}</td></tr>",
                esc(&d.what),
                shown(d, d.now),
                shown(d, d.was),
                d.p,
                if d.significant { r#" class="sig""# } else { "" },
                if d.significant { "larger than chance" } else { "" }
            ));
        }
        out.push_str("</table>");
    }
    out.push_str("<h2>What is used, and how its users do</h2>");
    for s in &sets {
        out.push_str(&format!(
            "<h3>{}</h3><table><tr><th>card, mission, room or quest</th><th>times a game</th><th>in games</th><th>its users win</th></tr>",
            esc(&s.content)
        ));
        for u in &s.usage {
            out.push_str(&format!(
                r#"<tr><td>{}</td><td>{:.1}</td><td>{:.1} %</td><td>{:.1} % ± {:.1} <svg width="120" height="10"><rect width="{:.0}" height="10" fill="{}"/></svg></td></tr>"#,
                esc(&u.thing),
                u.per_game,
                u.games.rate * 100.0,
                u.user_wins.rate * 100.0,
                u.user_wins.plus_minus() * 100.0,
                u.user_wins.rate * 120.0,
                SET_COLOURS[0]
            ));
        }
        out.push_str("</table>");
        if !s.errors.is_empty() {
            out.push_str(&format!(
                "<p class=\"sig\">{} games failed: {}</p>",
                s.errors.len(),
                esc(&s.errors[0])
            ));
        }
    }
    out.push_str("</body></html>\n");
    out
}
