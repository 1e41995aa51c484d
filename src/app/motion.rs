//! Motion shared by every table: a thing glides along legs (to a place, at a scale) with easing,
//! at the player's animation speed, and may vanish when it arrives. While anything moves the
//! window keeps drawing and bots wait, so every move can be followed.

use super::bots::Animating;
use super::shared::Settings;
use bevy::prelude::*;
use std::collections::VecDeque;

/// One leg of a glide: where to, how big on arrival, and how long it takes at normal speed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Leg {
    pub to: Vec3,
    pub scale: f32,
    pub secs: f32,
}

/// What happens when the last leg is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Arrive {
    #[default]
    Stay,
    Despawn,
}

#[derive(Component, Clone, Debug)]
pub struct Glide {
    from: Vec3,
    from_scale: f32,
    legs: VecDeque<Leg>,
    t: f32,
    pub ease: EaseFunction,
    pub arrive: Arrive,
}

impl Glide {
    /// At rest here.
    pub fn at(pos: Vec3) -> Glide {
        Glide {
            from: pos,
            from_scale: 1.0,
            legs: VecDeque::new(),
            t: 0.0,
            ease: EaseFunction::CubicInOut,
            arrive: Arrive::Stay,
        }
    }

    /// Where it will come to rest.
    pub fn target(&self) -> Vec3 {
        self.legs.back().map(|l| l.to).unwrap_or(self.from)
    }

    pub fn busy(&self) -> bool {
        !self.legs.is_empty()
    }

    /// From where it is now, straight to `to` (replacing any legs still to go).
    pub fn go(&mut self, now: &Transform, to: Vec3, secs: f32) {
        self.restart(now);
        self.legs.push_back(Leg { to, scale: 1.0, secs });
    }

    /// From where it is now along these legs.
    pub fn path(&mut self, now: &Transform, legs: impl IntoIterator<Item = Leg>) {
        self.restart(now);
        self.legs.extend(legs);
    }

    /// Rests where it is now for `wait` seconds, then glides to `to`, arriving at `scale` (the
    /// second and later of several things that move in turn).
    pub fn wait_then(&mut self, now: &Transform, wait: f32, to: Vec3, scale: f32, secs: f32) {
        self.path(
            now,
            [
                Leg {
                    to: now.translation,
                    scale: now.scale.x,
                    secs: wait,
                },
                Leg { to, scale, secs },
            ],
        );
    }

    fn restart(&mut self, now: &Transform) {
        self.from = now.translation;
        self.from_scale = now.scale.x;
        self.legs.clear();
        self.t = 0.0;
    }

    /// Moves on by `dt` seconds of the current leg's (scaled) duration; returns whether it is
    /// still moving. A zero duration jumps.
    fn advance(&mut self, transform: &mut Transform, dt: f32, speed: impl Fn(f32) -> f32) -> bool {
        let Some(leg) = self.legs.front().copied() else {
            return false;
        };
        let secs = speed(leg.secs);
        self.t = if secs <= f32::EPSILON {
            1.0
        } else {
            (self.t + dt / secs).min(1.0)
        };
        let k = EasingCurve::new(0.0, 1.0, self.ease).sample_clamped(self.t);
        transform.translation = self.from.lerp(leg.to, k);
        transform.scale = Vec3::splat(self.from_scale + (leg.scale - self.from_scale) * k);
        if self.t >= 1.0 {
            self.from = leg.to;
            self.from_scale = leg.scale;
            self.t = 0.0;
            self.legs.pop_front();
        }
        self.busy()
    }
}

/// Runs before the tables' own animation systems, which may add to `Animating`.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MotionSet;

pub struct MotionPlugin;

impl Plugin for MotionPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, glide.in_set(MotionSet));
    }
}

fn glide(
    mut commands: Commands,
    time: Res<Time>,
    settings: Option<Res<Settings>>,
    mut things: Query<(Entity, &mut Glide, &mut Transform)>,
    mut animating: ResMut<Animating>,
) {
    let speed = settings.map(|s| s.animation).unwrap_or_default();
    let dt = time.delta_secs();
    let mut moving = false;
    for (entity, mut glide, mut transform) in &mut things {
        if !glide.busy() {
            continue;
        }
        let still = glide.advance(&mut transform, dt, |s| speed.scale(s));
        moving |= still;
        if !still && glide.arrive == Arrive::Despawn {
            commands.entity(entity).despawn();
        }
    }
    animating.0 = if moving { 0.1 } else { 0.0 };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glide_eases_along_its_legs_and_comes_to_rest() {
        let mut t = Transform::default();
        let mut g = Glide::at(Vec3::ZERO);
        g.path(
            &t,
            [
                Leg {
                    to: Vec3::new(100.0, 0.0, 0.0),
                    scale: 2.0,
                    secs: 1.0,
                },
                Leg {
                    to: Vec3::new(100.0, 50.0, 0.0),
                    scale: 1.0,
                    secs: 1.0,
                },
            ],
        );
        assert!(g.advance(&mut t, 0.25, |s| s));
        // Eased: a quarter of the time covers less than a quarter of the way.
        assert!(t.translation.x > 0.0 && t.translation.x < 25.0, "{}", t.translation.x);
        assert!(g.advance(&mut t, 0.75, |s| s));
        assert_eq!(t.translation, Vec3::new(100.0, 0.0, 0.0));
        assert_eq!(t.scale, Vec3::splat(2.0));
        assert!(!g.advance(&mut t, 1.0, |s| s));
        assert_eq!(
            (t.translation, g.target()),
            (Vec3::new(100.0, 50.0, 0.0), t.translation)
        );
    }

    #[test]
    fn with_animations_off_a_glide_jumps() {
        let mut t = Transform::default();
        let mut g = Glide::at(Vec3::ZERO);
        g.go(&t, Vec3::new(5.0, 5.0, 0.0), 0.5);
        assert!(!g.advance(&mut t, 0.0, |_| 0.0));
        assert_eq!(t.translation, Vec3::new(5.0, 5.0, 0.0));
    }
}
