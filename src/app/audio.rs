//! Sound: short effects synthesised at start-up, on a worker thread (no sound files to ship), played when rule events
//! arrive. Bevy's own audio is off; bevy_kira_audio plays them. Without a sound device the game
//! simply stays silent.

use super::bridge::{Refused, RuleEvent};
use super::shared::TableUi;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy_kira_audio::prelude::*;
use std::sync::Arc;

/// The effects a table can ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sfx {
    Card,
    Dice,
    Score,
    Refuse,
    Fanfare,
}

#[derive(Resource)]
struct Sounds {
    card: Handle<AudioSource>,
    dice: Handle<AudioSource>,
    score: Handle<AudioSource>,
    refuse: Handle<AudioSource>,
    fanfare: Handle<AudioSource>,
}

pub struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(AudioPlugin)
            .add_message::<Sfx>()
            .add_systems(Startup, make_sounds)
            .add_systems(Update, (collect_sounds, default_sounds, play_sounds).chain());
    }
}

const RATE: u32 = 44_100;

fn source(frames: Arc<[Frame]>) -> AudioSource {
    AudioSource {
        sound: StaticSoundData {
            sample_rate: RATE,
            frames,
            settings: StaticSoundSettings::default(),
            slice: None,
        },
    }
}

/// A sum of decaying partials: (frequency Hz, amplitude), with a start offset in seconds.
fn synth(notes: &[(f32, f32, f32)], secs: f32, decay: f32) -> AudioSource {
    let n = (secs * RATE as f32) as usize;
    let frames: Arc<[Frame]> = (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let v: f32 = notes
                .iter()
                .filter(|(_, _, start)| t >= *start)
                .map(|(f, a, start)| {
                    let u = t - start;
                    a * (u * f * std::f32::consts::TAU).sin() * (-u * decay).exp()
                })
                .sum();
            Frame::from_mono(v * 0.3)
        })
        .collect();
    source(frames)
}

/// A rattle of short clicks, like a die on wood.
fn rattle() -> AudioSource {
    let mut state: u32 = 0x1234_5678;
    let secs = 0.45;
    let n = (secs * RATE as f32) as usize;
    let hits = [0.0f32, 0.07, 0.15, 0.21, 0.3, 0.36];
    let frames: Arc<[Frame]> = (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let noise = (state as f32 / u32::MAX as f32) * 2.0 - 1.0;
            let env: f32 = hits.iter().filter(|h| t >= **h).map(|h| (-(t - h) * 70.0).exp()).sum();
            Frame::from_mono(noise * env * 0.25)
        })
        .collect();
    source(frames)
}

/// The sounds, synthesised off the frame thread so that start-up does not wait for them.
#[derive(Resource)]
struct Synthesising(Task<[AudioSource; 5]>);

fn make_sounds(mut commands: Commands) {
    commands.insert_resource(Synthesising(AsyncComputeTaskPool::get().spawn(async {
        [
            synth(&[(660.0, 0.5, 0.0), (990.0, 0.2, 0.0)], 0.15, 30.0),
            rattle(),
            synth(&[(523.0, 0.5, 0.0), (659.0, 0.5, 0.09), (784.0, 0.5, 0.18)], 0.7, 6.0),
            synth(&[(180.0, 0.6, 0.0), (170.0, 0.4, 0.0)], 0.25, 12.0),
            synth(
                &[
                    (392.0, 0.5, 0.0),
                    (523.0, 0.5, 0.15),
                    (659.0, 0.5, 0.3),
                    (784.0, 0.6, 0.45),
                    (1046.0, 0.4, 0.45),
                ],
                1.6,
                2.5,
            ),
        ]
    })));
}

/// Takes the sounds once they are made.
fn collect_sounds(
    mut commands: Commands,
    task: Option<ResMut<Synthesising>>,
    mut sources: ResMut<Assets<AudioSource>>,
) {
    let Some(mut task) = task else { return };
    let Some([card, dice, score, refuse, fanfare]) = check_ready(&mut task.0) else {
        return;
    };
    commands.remove_resource::<Synthesising>();
    commands.insert_resource(Sounds {
        card: sources.add(card),
        dice: sources.add(dice),
        score: sources.add(score),
        refuse: sources.add(refuse),
        fanfare: sources.add(fanfare),
    });
}

/// A soft card sound for every public event and a low buzz for refusals; games add the rest.
fn default_sounds(
    mut events: MessageReader<RuleEvent>,
    mut refused: MessageReader<Refused>,
    mut sfx: MessageWriter<Sfx>,
) {
    if events.read().count() > 0 {
        sfx.write(Sfx::Card);
    }
    if refused.read().count() > 0 {
        sfx.write(Sfx::Refuse);
    }
}

fn play_sounds(
    mut sfx: MessageReader<Sfx>,
    sounds: Option<Res<Sounds>>,
    audio: Res<Audio>,
    table: Res<TableUi>,
    settings: Option<Res<super::shared::Settings>>,
) {
    let volume = settings.map(|s| s.decibels()).unwrap_or(Some(-8.0));
    let Some(sounds) = sounds else {
        sfx.clear();
        return;
    };
    let mut played = Vec::new();
    for s in sfx.read() {
        let Some(volume) = volume.filter(|_| !table.muted) else {
            continue;
        };
        if played.contains(s) {
            continue;
        }
        played.push(*s);
        let handle = match s {
            Sfx::Card => &sounds.card,
            Sfx::Dice => &sounds.dice,
            Sfx::Score => &sounds.score,
            Sfx::Refuse => &sounds.refuse,
            Sfx::Fanfare => &sounds.fanfare,
        };
        audio.play(handle.clone()).with_volume(volume);
    }
}
