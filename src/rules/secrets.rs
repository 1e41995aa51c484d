//! Test support for secrets: the real state changed only where one seat cannot see.
//!
//! A view built by overwriting a state's secrets (Die Zukunft, Shadows) leaks the moment it
//! forgets one: the real secret is then copied into the view, and into every re-deal made from
//! it, so no comparison between re-deals can see it. Changing the *real* state where the seat
//! cannot see, and asking that its view, who is asked and in what words, its legal actions, every
//! bot level's decision and its hint stay the same, does (`tests/core/secrets.rs`).

use crate::rules::contract::Game;
use crate::rules::dice::GameRng;
use crate::rules::table::Seat;

/// A game whose states can be changed in what one seat cannot see, one hidden part at a time.
pub trait Perturb: Game {
    /// The real state changed in one hidden part each (another seat's hand and a pile swapped, a
    /// pile reordered, a face-down card or a hidden tile exchanged, another generator), named by
    /// what changed. Only the parts this position has; each changed state differs from `self`.
    fn perturbations(&self, viewer: Seat, rng: &mut GameRng) -> Vec<(&'static str, Self)>;

    /// Whether two views are the same, their generators included (`==` leaves those out).
    fn same_view(a: &Self::View, b: &Self::View) -> bool;

    /// Whether two states differ at all, their generators included.
    fn differs(a: &Self, b: &Self) -> bool;
}

/// The next draw of a copy of `rng`: two generators that give the same are taken as the same.
pub fn rng_draw(rng: &GameRng) -> u64 {
    rng.clone().next_u64()
}

/// Two distinct places `(i, j)` among `places` whose items differ (`same` says when they do not),
/// picked at random; `None` when every item is the same.
pub fn differing_pair<T>(places: &[T], same: impl Fn(&T, &T) -> bool, rng: &mut GameRng) -> Option<(usize, usize)> {
    let n = places.len();
    if n < 2 {
        return None;
    }
    let start = rng.below(n as u32) as usize;
    for k in 0..n {
        let i = (start + k) % n;
        for d in 1..n {
            let j = (i + d) % n;
            if !same(&places[i], &places[j]) {
                return Some((i, j));
            }
        }
    }
    None
}

/// A place in `a` and one in `b` whose items differ, picked at random; `None` when there is none.
pub fn differing_across<T: PartialEq>(a: &[T], b: &[T], rng: &mut GameRng) -> Option<(usize, usize)> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let (sa, sb) = (rng.below(a.len() as u32) as usize, rng.below(b.len() as u32) as usize);
    for k in 0..a.len() {
        let i = (sa + k) % a.len();
        for d in 0..b.len() {
            let j = (sb + d) % b.len();
            if a[i] != b[j] {
                return Some((i, j));
            }
        }
    }
    None
}

/// Other seats than `viewer` among `seats`, in a random order.
pub fn others(seats: usize, viewer: Seat, rng: &mut GameRng) -> Vec<Seat> {
    let mut out: Vec<Seat> = (0..seats).filter(|&s| s != viewer).collect();
    rng.shuffle(&mut out);
    out
}

/// `state` with two differing items of one of its lists (`list` picks it) swapped, at random:
/// a pile's order changed. `None` when every item of the list is the same.
pub fn reordered<S: Clone, T: PartialEq>(state: &S, list: impl Fn(&mut S) -> &mut [T], rng: &mut GameRng) -> Option<S> {
    let mut g = state.clone();
    let items = list(&mut g);
    let (i, j) = differing_pair(items, |a, b| a == b, rng)?;
    items.swap(i, j);
    Some(g)
}
