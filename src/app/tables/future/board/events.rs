//! Rule events shown as moments, and their sounds.

use crate::app::audio::Sfx;
use crate::app::bridge::{MatchRes, Told};
use crate::app::tables::future::panel::{Moments, REVEAL_SECS, Reveal};
use crate::app::tables::future::ui::future_match;
use crate::rules::future::{Event, Future};
use bevy::prelude::*;

/// Rule events the table shows as moments: the fists opening, tiles drawn, final scoring; and
/// the sounds of the key events.
pub(in crate::app::tables::future) fn read_events(
    res: Res<MatchRes>,
    mut events: MessageReader<Told<Future>>,
    mut moments: ResMut<Moments>,
    mut sfx: MessageWriter<Sfx>,
    settings: Option<Res<crate::app::shared::Settings>>,
) {
    let speed = settings.map(|s| s.animation).unwrap_or_default();
    if future_match(&res).is_none() {
        events.clear();
        return;
    }
    for ev in events.read() {
        let event = &ev.event;
        match event {
            Event::FistsOpened { counts, total } => {
                sfx.write(Sfx::Dice);
                // With animations off the log tells it; there is no moment to wait for.
                let left = speed.scale(REVEAL_SECS);
                moments.reveal = (left > 0.0).then(|| Reveal {
                    counts: counts.clone(),
                    total: *total,
                    left,
                });
            }
            Event::GrailDrawn { slot, count } => {
                for _ in 0..*count {
                    moments.grail_flights.push(*slot);
                }
                // Drawn for the hinterland in final scoring (after the knights behind the screen).
                if moments.final_steps.iter().any(|x| x.1 == 3) {
                    moments.hinterland_tiles.push((*slot, *count));
                }
            }
            Event::Scored { .. } | Event::TournamentTile { .. } => {
                sfx.write(Sfx::Score);
            }
            Event::FinalStep { slot, step, points } => {
                moments.final_steps.push((*slot, *step, *points));
                moments.final_clock.get_or_insert(0.0);
            }
            Event::MerlinRevealed { slot, values } => {
                moments.merlin_reveals.extend(values.iter().map(|&v| (*slot, v)));
            }
            Event::Won { .. } => {
                sfx.write(Sfx::Fanfare);
            }
            _ => {}
        }
    }
}
