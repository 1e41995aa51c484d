//! `--frame-stats PATH`: measure how smooth the table is while bots think. Every frame at the
//! table is timed and sorted by whether a bot was thinking (or a replay's review working); the
//! main thread's share of the bot driver (spawning, polling and handing in the search) is timed
//! on its own. On exit the summary is written as one JSON object, so a run under Xvfb shows what
//! a thinking bot costs a frame.

use super::bots::{BotDriverCost, BotThinking};
use super::shared::Screen;
use crate::sim::{DecisionStats, summarise};
use bevy::prelude::*;
use serde::Serialize;
use std::path::PathBuf;

pub struct FrameStatsPlugin(pub Option<PathBuf>);

#[derive(Resource)]
struct FrameStats {
    path: PathBuf,
    thinking: Vec<f64>,
    idle: Vec<f64>,
    reviewing: Vec<f64>,
    driver: BotDriverCost,
    written: bool,
}

/// Frame times in milliseconds, summarised.
#[derive(Serialize, Debug)]
pub struct Summary {
    pub frames: usize,
    #[serde(flatten)]
    pub ms: DecisionStats,
    /// Frames longer than 50 ms.
    pub over_50ms: usize,
}

impl Summary {
    pub fn of(samples: &[f64]) -> Summary {
        Summary {
            frames: samples.len(),
            ms: summarise(samples.to_vec()),
            over_50ms: samples.iter().filter(|&&x| x > 50.0).count(),
        }
    }
}

#[derive(Serialize)]
struct Report {
    /// Frames at the table while a bot was thinking.
    bot_thinking: Summary,
    /// Frames at the table with no bot thinking (and no review working).
    no_bot_thinking: Summary,
    /// Frames of a replay while its review was being worked out.
    reviewing: Summary,
    /// The bot driver's own time on the main thread per frame (the search runs elsewhere).
    bot_driver_main_thread_ms: BotDriverSummary,
}

#[derive(Serialize)]
struct BotDriverSummary {
    mean: f64,
    max: f64,
}

/// Frames skipped after the table appears (pipelines are still compiling).
const WARM_UP: usize = 20;

impl Plugin for FrameStatsPlugin {
    fn build(&self, app: &mut App) {
        let Some(path) = self.0.clone() else {
            return;
        };
        app.insert_resource(FrameStats {
            path,
            thinking: Vec::new(),
            idle: Vec::new(),
            reviewing: Vec::new(),
            driver: BotDriverCost::default(),
            written: false,
        })
        .add_systems(Last, (record, write_on_exit).chain());
    }
}

fn record(
    time: Res<Time<Real>>,
    screen: Res<State<Screen>>,
    thinking: Res<BotThinking>,
    review: Option<Res<super::review::ReviewState>>,
    mut seen: Local<usize>,
    mut stats: ResMut<FrameStats>,
) {
    if *screen.get() != Screen::Table {
        *seen = 0;
        return;
    }
    *seen += 1;
    if *seen <= WARM_UP {
        return;
    }
    let ms = time.delta_secs_f64() * 1000.0;
    if thinking.seat.is_some() {
        stats.thinking.push(ms);
    } else if review.is_some_and(|r| r.busy()) {
        stats.reviewing.push(ms);
    } else {
        stats.idle.push(ms);
    }
}

fn write_on_exit(mut exit: MessageReader<AppExit>, mut stats: ResMut<FrameStats>, driver: Res<BotDriverCost>) {
    stats.driver = *driver;
    if exit.read().count() > 0 {
        stats.write();
    }
}

impl FrameStats {
    fn write(&mut self) {
        if self.written {
            return;
        }
        self.written = true;
        let driver = self.driver;
        let report = Report {
            bot_thinking: Summary::of(&self.thinking),
            no_bot_thinking: Summary::of(&self.idle),
            reviewing: Summary::of(&self.reviewing),
            bot_driver_main_thread_ms: BotDriverSummary {
                mean: driver.mean_ms(),
                max: driver.max_ms,
            },
        };
        let text = serde_json::to_string_pretty(&report).unwrap_or_default();
        match std::fs::write(&self.path, text + "\n") {
            Ok(()) => info!("frame statistics written to {}", self.path.display()),
            Err(e) => error!("cannot write {}: {e}", self.path.display()),
        }
    }
}

/// The app may end without this plugin's systems seeing the exit (another system in the last
/// frame asked for it): the statistics are written when the world goes away.
impl Drop for FrameStats {
    fn drop(&mut self) {
        self.write();
    }
}

#[cfg(test)]
mod tests {
    use super::Summary;

    #[test]
    fn summary_of_frame_times() {
        let samples: Vec<f64> = (1..=100).map(f64::from).collect();
        let s = Summary::of(&samples);
        assert_eq!(s.frames, 100);
        assert_eq!(s.ms.mean, 50.5);
        assert_eq!(s.ms.p95, 95.0);
        assert_eq!(s.ms.max, 100.0);
        assert_eq!(s.over_50ms, 50);
        assert_eq!(Summary::of(&[]).frames, 0);
    }
}
