//! The rule events the table plays out as moments, the story for the summary, the sounds, and the
//! moments' clocks.

use crate::app::audio::Sfx;
use crate::app::bots::Animating;
use crate::app::bridge::{MatchRes, Told};
use crate::app::tables::shadows::moments::{Moment, Moments, story_line};
use crate::app::tables::shadows::ui::shadows_match;
use crate::rules::shadows::{Event, Loyalty, QuestId, Shadows};
use crate::rules::{Seat, Visibility};
use bevy::prelude::*;

/// How long a moment stays on screen at normal speed.
const MOMENT_SECS: f32 = 2.6;

/// The moments' clocks: the first in the queue counts down while it holds the bots.
pub(in crate::app::tables::shadows) fn tick_moments(
    time: Res<Time>,
    mut moments: ResMut<Moments>,
    mut animating: ResMut<Animating>,
    mut redraw: ResMut<crate::app::redraw::Redraw>,
) {
    let dt = time.delta_secs();
    let Some(first) = moments.queue.front_mut() else {
        return;
    };
    first.left -= dt;
    if first.left <= 0.0 {
        moments.queue.pop_front();
    }
    animating.0 = animating.0.max(0.1);
    redraw.more();
}

/// Rule events the table plays out as moments, the story for the summary, and the sounds.
pub(in crate::app::tables::shadows) fn read_events(
    res: Res<MatchRes>,
    mut events: MessageReader<Told<Shadows>>,
    mut moments: ResMut<Moments>,
    mut sfx: MessageWriter<Sfx>,
    settings: Option<Res<crate::app::shared::Settings>>,
) {
    let speed = settings.map(|s| s.animation).unwrap_or_default();
    let Some(m) = shadows_match(&res) else {
        events.clear();
        return;
    };
    let s = &m.state;
    let secs = speed.scale(MOMENT_SECS);
    let name = |seat: Seat| s.who(seat);
    let quest = |q: QuestId| s.content().quest(q).name.clone();
    let mut queue = Vec::new();
    for ev in events.read() {
        // The table is everyone's: only what everyone may know plays out here.
        if !matches!(ev.to, Visibility::Everyone | Visibility::Except(_)) {
            continue;
        }
        let event = &ev.event;
        let mut moment_with = |title: String, lines: Vec<String>, good: Option<bool>, die: Option<u8>| {
            // With animations off the log tells it; there is no moment to wait for.
            if secs > 0.0 {
                queue.push(Moment {
                    title,
                    lines,
                    good,
                    left: secs,
                    secs,
                    die,
                });
            }
        };
        match event {
            Event::BlackDrawn { card, .. } => {
                sfx.write(Sfx::Card);
                if secs > 0.0 {
                    moments.black_flights.push(*card);
                }
            }
            Event::WhiteDrawn { cards, .. } => {
                sfx.write(Sfx::Card);
                moments.white_flights.push((true, cards.len() as u8));
            }
            Event::WhiteDrawnCount { count, .. } => {
                sfx.write(Sfx::Card);
                moments.white_flights.push((true, *count));
            }
            Event::Discarded { cards, .. } => moments.white_flights.push((false, cards.len() as u8)),
            Event::DiscardedCount { count, .. } => moments.white_flights.push((false, *count)),
            Event::WhitePlayed { .. } => {
                sfx.write(Sfx::Card);
            }
            Event::SiegeFight { seat, total, roll, won } => {
                sfx.write(Sfx::Dice);
                moment_with(
                    "A Siege fight".into(),
                    vec![
                        format!("{} fights a Siege Engine", name(*seat)),
                        format!("Fight cards {total} against the d8's {roll}"),
                        if *won {
                            "The Siege Engine burns".into()
                        } else {
                            "It stands, and he is wounded".into()
                        },
                    ],
                    Some(*won),
                    Some(*roll),
                );
            }
            Event::CombatRevealed {
                quest: q,
                knights,
                evil,
            } => {
                moment_with(
                    quest(*q),
                    vec![
                        "The face-down cards turn over".into(),
                        format!("Knights {knights} against Evil {evil}"),
                    ],
                    Some(knights > evil),
                    None,
                );
            }
            Event::QuestEnded { quest: q, won, .. } => {
                sfx.write(if *won { Sfx::Score } else { Sfx::Refuse });
                moments.results.push((*q, *won));
                moment_with(quest(*q), story_line(s, event).into_iter().collect(), Some(*won), None);
            }
            Event::MerlinsCancel { card } => {
                moment_with(
                    "Merlin!".into(),
                    vec![format!("Three Merlins cancel {}", card.name())],
                    Some(true),
                    None,
                );
            }
            Event::Accused { by, target, loyalty } => {
                sfx.write(Sfx::Dice);
                let right = *loyalty == Loyalty::Traitor;
                moment_with(
                    "An accusation".into(),
                    vec![
                        format!("{} accuses {}", name(*by), name(*target)),
                        if right {
                            format!("{} is the Traitor!", s.seat_name(*target))
                        } else {
                            format!("{} is Loyal: a White Sword turns Black", s.seat_name(*target))
                        },
                    ],
                    Some(right),
                    None,
                );
            }
            Event::Unmasked { seat } => {
                moment_with(
                    "The Traitor unmasked".into(),
                    vec![format!("{} is the Traitor", name(*seat))],
                    None,
                    None,
                );
            }
            Event::Died { seat } => {
                moment_with(
                    "A Knight falls".into(),
                    vec![format!("{} dies", name(*seat))],
                    Some(false),
                    None,
                );
            }
            Event::TraitorRevealedAtEnd { seat, flipped } => {
                moment_with(
                    "The Traitor revealed".into(),
                    vec![
                        format!("{} was the Traitor all along", name(*seat)),
                        format!(
                            "{flipped} White Sword{} turn{} Black",
                            if *flipped == 1 { "" } else { "s" },
                            if *flipped == 1 { "s" } else { "" }
                        ),
                    ],
                    Some(false),
                    None,
                );
            }
            Event::GameOver {
                loyal_win,
                white,
                black,
                why,
            } => {
                sfx.write(Sfx::Fanfare);
                moment_with(
                    if *loyal_win {
                        "The Loyal Knights win".into()
                    } else {
                        "Evil triumphs".into()
                    },
                    vec![why.clone(), format!("Swords: {white} White, {black} Black")],
                    Some(*loyal_win),
                    None,
                );
            }
            _ => {}
        }
    }
    moments.queue.extend(queue);
}
