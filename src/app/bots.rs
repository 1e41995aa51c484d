//! Bot seats: each decision runs on the async compute pool from a copy of the seat's view, so a
//! slow bot never blocks input or drawing; the result goes through the rules bridge like a click.

use super::bridge::{ActionRequest, MatchChanged, MatchRes, Request, RulesSet};
use super::handoff::Handoff;
use crate::bots::BotKind;
use crate::rules::{Seat, SeatKind};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use std::time::Instant;

/// The bot's choice, as an index into the legal actions of the position it decided at.
type Decision = Option<usize>;

/// The bot decision under way, if any.
#[derive(Resource, Default)]
pub struct BotThinking {
    pub seat: Option<Seat>,
    /// Seconds since it started.
    pub elapsed: f32,
    task: Option<Task<Decision>>,
    /// The number of actions taken when it started, to drop stale answers.
    at_action: usize,
    ready: Option<Decision>,
}

/// The bot driver's own time on the main thread (the search itself runs on the compute pool).
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct BotDriverCost {
    pub frames: u64,
    pub total_ms: f64,
    pub max_ms: f64,
}

impl BotDriverCost {
    pub fn mean_ms(&self) -> f64 {
        if self.frames == 0 {
            0.0
        } else {
            self.total_ms / self.frames as f64
        }
    }
}

/// Adds the time from its creation to its drop to a `BotDriverCost`.
struct Timed<'a>(&'a mut BotDriverCost, Instant);

impl Drop for Timed<'_> {
    fn drop(&mut self) {
        let ms = self.1.elapsed().as_secs_f64() * 1000.0;
        self.0.frames += 1;
        self.0.total_ms += ms;
        self.0.max_ms = self.0.max_ms.max(ms);
    }
}

/// The shortest time a bot's move takes on screen, so people can follow it.
#[derive(Resource, Clone, Copy)]
pub struct BotPace(pub f32);

impl Default for BotPace {
    fn default() -> Self {
        BotPace(0.7)
    }
}

/// Seconds of animation still to play (dice rolling, knights sliding): bots wait for them, so
/// every move of theirs can be followed.
#[derive(Resource, Default, Clone, Copy)]
pub struct Animating(pub f32);

pub struct BotPlugin;

impl Plugin for BotPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BotThinking>()
            .init_resource::<BotPace>()
            .init_resource::<Animating>()
            .init_resource::<BotDriverCost>()
            .add_systems(Update, drive_bots.after(RulesSet).after(super::handoff::HandoffSet));
    }
}

/// Lowers the scheduling priority of the thread a search runs on, so that on a machine short of
/// cores the search yields to drawing and input rather than sharing with them. Linux only; the
/// thread keeps the lower priority (raising it back needs privileges), which suits a pool of
/// background work.
pub(crate) fn background_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its integer arguments; gettid has no preconditions.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 10);
    }
}

/// The seed of a bot's decision (in the core, so headless replays of a tutorial decide alike).
pub use crate::bots::decision_seed;

fn drive_bots(
    time: Res<Time>,
    pace: Res<BotPace>,
    animating: Res<Animating>,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    mut changed: MessageReader<MatchChanged>,
    mut thinking: ResMut<BotThinking>,
    mut requests: MessageWriter<ActionRequest>,
    cost: ResMut<BotDriverCost>,
    remote: Option<Res<super::remote::Remote>>,
) {
    let _timed = Timed(cost.into_inner(), Instant::now());
    // Online, the host plays the room's bots.
    if remote.is_some() {
        if thinking.seat.is_some() {
            *thinking = BotThinking::default();
        }
        return;
    }
    let stale = changed.read().count() > 0;
    let Some(m) = res.current.as_ref() else {
        *thinking = BotThinking::default();
        return;
    };
    let bot = m
        .pending()
        .seat()
        .and_then(|seat| match m.config().seats.get(seat).map(|s| s.kind) {
            Some(SeatKind::Bot(d)) => Some((seat, d)),
            _ => None,
        });
    let Some((seat, difficulty)) = bot.filter(|_| handoff.covering.is_none() && !handoff.frozen) else {
        *thinking = BotThinking::default();
        return;
    };
    if stale && thinking.at_action != m.actions_taken() {
        *thinking = BotThinking::default();
    }
    if thinking.seat.is_none() {
        let Some(job) = m.bot_job(
            BotKind::Level(difficulty),
            decision_seed(m.config().seed, m.actions_taken()),
        ) else {
            return;
        };
        thinking.seat = Some(seat);
        thinking.elapsed = 0.0;
        thinking.at_action = m.actions_taken();
        thinking.task = Some(AsyncComputeTaskPool::get().spawn(async move {
            background_priority();
            job()
        }));
        return;
    }
    thinking.elapsed += time.delta_secs();
    if let Some(task) = thinking.task.as_mut()
        && let Some(decision) = check_ready(task)
    {
        thinking.ready = Some(decision);
        thinking.task = None;
    }
    if thinking.elapsed < pace.0 || animating.0 > 0.0 {
        return;
    }
    if let Some(decision) = thinking.ready.take() {
        let at = thinking.at_action;
        *thinking = BotThinking::default();
        if at != m.actions_taken() {
            return;
        }
        match decision {
            Some(index) => {
                requests.write(ActionRequest {
                    seat,
                    request: Request::Index(index),
                });
            }
            None => warn!("the bot in seat {} found nothing to do", seat + 1),
        }
    }
}
