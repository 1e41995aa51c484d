//! Seeded, portable randomness. Every draw is built from ChaCha8's 32-bit outputs with our own
//! rejection sampling, so the same seed gives the same game on every platform and every version
//! of `rand`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Debug)]
pub struct GameRng(ChaCha8Rng);

/// A generator seeded with 0: what a state read from the wire holds until it is given its own.
impl Default for GameRng {
    fn default() -> GameRng {
        GameRng::seeded(0)
    }
}

impl GameRng {
    pub fn seeded(seed: u64) -> GameRng {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A uniform number in `0..n` (n > 0; 0 gives 0).
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let v = self.0.next_u32();
            if v < zone {
                return v % n;
            }
        }
    }

    /// A six-sided die.
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// Fisher–Yates.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}

/// A uniformly random legal action (`None` when there is none): one draw below their number.
pub fn random_choice<A: Clone>(legal: &[A], rng: &mut GameRng) -> Option<A> {
    if legal.is_empty() {
        return None;
    }
    Some(legal[rng.below(legal.len() as u32) as usize].clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = GameRng::seeded(7);
        let mut b = GameRng::seeded(7);
        let xs: Vec<u8> = (0..50).map(|_| a.d6()).collect();
        let ys: Vec<u8> = (0..50).map(|_| b.d6()).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&d| (1..=6).contains(&d)));
    }

    #[test]
    fn stream_is_pinned() {
        // Pins the portable stream: a change here breaks every save file.
        let mut r = GameRng::seeded(42);
        let rolls: Vec<u8> = (0..10).map(|_| r.d6()).collect();
        assert_eq!(rolls, PINNED_42);
    }
    const PINNED_42: [u8; 10] = [4, 4, 5, 1, 3, 3, 5, 4, 1, 3];

    #[test]
    fn d6_is_fair_enough() {
        let mut r = GameRng::seeded(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[(r.d6() - 1) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut r = GameRng::seeded(3);
        let mut v: Vec<u32> = (0..80).collect();
        r.shuffle(&mut v);
        assert_ne!(v, (0..80).collect::<Vec<_>>());
        v.sort();
        assert_eq!(v, (0..80).collect::<Vec<_>>());
    }
}
