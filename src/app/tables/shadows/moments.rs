//! What the table keeps of the game's events: the moments it stops for and the cards it flies
//! (`Moments`, filled from rule events by the panels and played out by the board), and the story
//! of the game replayed from its actions for the summary at the end (`story`).

use crate::rules::record::Match;
use crate::rules::shadows::{Black, Event, Loyalty, QuestId, Shadows};
use crate::rules::{Game, Visibility};
use bevy::prelude::*;
use std::collections::VecDeque;

/// A moment the table stops for: a title, what happened, and the seconds it has left.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Moment {
    pub title: String,
    pub lines: Vec<String>,
    pub good: Option<bool>,
    pub left: f32,
    /// How long it shows in all (what has passed is `secs - left`).
    pub secs: f32,
    /// The Siege die's roll, rolled on screen before it shows.
    pub die: Option<u8>,
}

/// A line of the game's story for the summary at the end: the turn, what happened, and the
/// Swords and Siege Engines after it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct StoryRow {
    pub turn: u32,
    pub what: String,
    pub white: u8,
    pub black: u8,
    pub siege: u8,
}

/// What the table plays out from rule events.
#[derive(Resource, Default)]
pub(super) struct Moments {
    /// Black cards drawn, to turn over above Camelot.
    pub black_flights: Vec<Black>,
    /// White cards seen to move between the piles and the hands: drawn (true) or discarded
    /// (false), and how many.
    pub white_flights: Vec<(bool, u8)>,
    pub queue: VecDeque<Moment>,
    /// Quests ended, in order: (quest, won).
    pub results: Vec<(QuestId, bool)>,
}

/// A line of the story for a public event, if it is one of the turns of the game: a quest's end,
/// a Sword turned, an accusation, a death, the Traitor's reveal, the end.
pub(super) fn story_line(s: &Shadows, event: &Event) -> Option<String> {
    let quest = |q: QuestId| s.content().quest(q).name.clone();
    Some(match event {
        Event::QuestEnded { quest: q, won, swords } => format!(
            "{} {}: {swords} {} Sword{}",
            quest(*q),
            if *won { "won" } else { "lost" },
            if *won { "White" } else { "Black" },
            if *swords == 1 { "" } else { "s" }
        ),
        Event::SwordFlipped => "A White Sword turns Black".into(),
        Event::Accused { by, target, loyalty } => format!(
            "{} accuses {}: {}",
            s.seat_name(*by),
            s.seat_name(*target),
            if *loyalty == Loyalty::Traitor {
                "the Traitor"
            } else {
                "Loyal"
            }
        ),
        Event::Unmasked { seat } => format!("{} unmasked as the Traitor", s.seat_name(*seat)),
        Event::Died { seat } => format!("{} dies", s.seat_name(*seat)),
        Event::TraitorRevealedAtEnd { seat, .. } => format!("{} revealed as the Traitor", s.seat_name(*seat)),
        Event::GameOver { why, .. } => why.clone(),
        _ => return None,
    })
}

/// How the game went, replayed from its actions: the story's lines with the Swords and Siege
/// Engines after each, and the quests ended (whether won). Works for a game loaded from a save.
pub(super) fn story(m: &Match<Shadows>) -> (Vec<StoryRow>, Vec<(QuestId, bool)>) {
    let mut rows = Vec::new();
    let mut results = Vec::new();
    let Ok(mut g) = Shadows::new_shared(&m.config, &m.state.content) else {
        return (rows, results);
    };
    for a in &m.actions {
        let Ok(events) = g.apply(a) else {
            break;
        };
        for t in events {
            if !matches!(t.to, Visibility::Everyone | Visibility::Except(_)) {
                continue;
            }
            if let Event::QuestEnded { quest, won, .. } = t.event {
                results.push((quest, won));
            }
            if let Some(what) = story_line(&g, &t.event) {
                rows.push(StoryRow {
                    turn: g.turn,
                    what,
                    white: g.white_swords,
                    black: g.black_swords,
                    siege: g.siege,
                });
            }
        }
    }
    (rows, results)
}
