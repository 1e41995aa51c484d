//! The combat quests (the Black Knight, Lancelot, the Dragon) from one Knight's hand: the best
//! way his Fight cards complete the quest's pattern, and what Evil's side will likely hold by
//! the time he has played them. Built on counts by value, allocating nothing.

use crate::rules::Seat;
use crate::rules::shadows::content::{QuestId, QuestKind, White};
use crate::rules::shadows::pieces::Location;
use crate::rules::shadows::state::Shadows;
use crate::rules::shadows::tuning::Weights;

/// How many cards of each Fight value (index 1..=9).
type Counts = [u8; 10];

fn counts(cards: &[White]) -> Counts {
    let mut c = [0u8; 10];
    for v in cards.iter().filter_map(|c| c.fight()) {
        if let Some(x) = c.get_mut(v as usize) {
            *x += 1;
        }
    }
    c
}

/// A way of completing a combat quest's Knights' side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Completion {
    /// Cards the hand adds.
    pub add: u8,
    /// The Knights' total when it is complete (without Excalibur's bonus).
    pub total: u8,
    /// How many of the hand's cards fit (for a group quest other Knights bring the rest).
    pub fits: u8,
}

/// The best completion of a Knights' side (`side`, by value) from a hand (`hand`, by value) for
/// a pattern (each group's size: `[2, 2]` two pairs). Each group takes one value, all values
/// different; the side's values must each have a group. `whole`: the hand must fill every spot
/// (a solo quest), and the best is the highest total; otherwise the best fits the most cards of
/// the hand, then the highest total. None: no completion.
fn best(side: &Counts, hand: &Counts, pattern: &[u8], whole: bool) -> Option<Completion> {
    let mut groups = [0u8; 4];
    let n = pattern.len().min(4);
    groups[..n].copy_from_slice(&pattern[..n]);
    groups[..n].sort_unstable_by(|a, b| b.cmp(a));
    let on_side = (1..10u16)
        .filter(|&v| side[v as usize] > 0)
        .fold(0u16, |m, v| m | 1 << v);
    if on_side.count_ones() as usize > n {
        return None;
    }
    let mut chosen = [0u8; 4];
    let mut found: Option<Completion> = None;
    let mut walk = Walk {
        side,
        hand,
        groups: &groups[..n],
        whole,
        on_side,
    };
    walk.search(0, 0, &mut chosen, &mut found);
    found
}

/// The fixed parts of `best`'s search.
struct Walk<'a> {
    side: &'a Counts,
    hand: &'a Counts,
    groups: &'a [u8],
    whole: bool,
    /// The values on the side, as bits (`1 << v`).
    on_side: u16,
}

impl Walk<'_> {
    /// Assigns a value (0: left to the other Knights, group quests only) to group `i` and on;
    /// `used` holds the values given so far, as bits. The values are tried from 1 to 9, then 0,
    /// and the first assignment with the best key is kept. Groups of one size take their values
    /// in that order only (a smaller value first, 0 last): any other order of the same values
    /// completes the side the same way and comes later, so the one kept is the same.
    fn search(&mut self, i: usize, used: u16, chosen: &mut [u8; 4], found: &mut Option<Completion>) {
        let (side, hand, groups, whole) = (self.side, self.hand, self.groups, self.whole);
        // Every value already on the side needs a group of its own among those left.
        if (self.on_side & !used).count_ones() as usize > groups.len() - i {
            return;
        }
        if i == groups.len() {
            keep_better(found, leaf(side, hand, groups, chosen), whole);
            return;
        }
        let g = groups[i];
        // The value of the group before, where it is of the same size: this group takes a larger
        // one, or 0 (none where the sizes differ).
        let after = match i.checked_sub(1) {
            Some(j) if groups[j] == g => Some(chosen[j]),
            _ => None,
        };
        if after != Some(0) {
            let from = after.map_or(1, |p| p + 1);
            for v in from..10u8 {
                if used & (1 << v) != 0 || side[v as usize] > g {
                    continue;
                }
                let have = side[v as usize] + hand[v as usize];
                if (whole && have < g) || (!whole && have == 0) {
                    continue;
                }
                chosen[i] = v;
                self.search(i + 1, used | 1 << v, chosen, found);
            }
        }
        if !whole {
            chosen[i] = 0;
            self.search(i + 1, used, chosen, found);
        }
    }
}

/// The completion one assignment of values to the groups makes (0: left to the other Knights).
fn leaf(side: &Counts, hand: &Counts, groups: &[u8], chosen: &[u8; 4]) -> Completion {
    let (mut add, mut total, mut fits) = (0u8, 0u8, 0u8);
    for (g, &v) in groups.iter().zip(chosen.iter()) {
        if v == 0 {
            continue;
        }
        let need = g.saturating_sub(side[v as usize]);
        add += need;
        fits += need.min(hand[v as usize]);
        total += g * v;
    }
    Completion { add, total, fits }
}

/// Keeps `c` where it beats what was found (`best`'s order: a solo quest's highest total, else
/// the most of the hand's cards that fit, then the total); a tie keeps the first.
fn keep_better(found: &mut Option<Completion>, c: Completion, whole: bool) {
    let better = match found {
        None => true,
        Some(f) if whole => c.total > f.total,
        Some(f) => (c.fits, c.total) > (f.fits, f.total),
    };
    if better {
        *found = Some(c);
    }
}

/// The combat quest's shape: its pattern, its Knights' and Evil's spots.
fn shape(g: &Shadows, q: QuestId) -> Option<(&[u8], u8, u8)> {
    match &g.content.quest(q).kind {
        QuestKind::Combat {
            pattern,
            white_spots,
            black_spots,
        } => Some((pattern.as_slice(), *white_spots, *black_spots)),
        _ => None,
    }
}

/// The seat's best completion of a combat quest from his hand, as the quest stands, or as it
/// would stand with `played` (a Fight card of his hand) on it.
pub(super) fn completion(g: &Shadows, me: Seat, q: QuestId, played: Option<u8>) -> Option<Completion> {
    let (pattern, _, _) = shape(g, q)?;
    let mut side = counts(&g.quest(q).white);
    let mut hand = counts(&g.knights[me].hand);
    if let Some(v) = played {
        let v = v as usize;
        if hand.get(v).copied().unwrap_or(0) == 0 {
            return None;
        }
        hand[v] -= 1;
        side[v] += 1;
    }
    best(&side, &hand, pattern, g.is_solo(q))
}

/// Evil's cards for this quest in the content's Black deck: their share of the deck and their
/// mean value there.
fn evil_deck(g: &Shadows, q: QuestId) -> (f32, f32) {
    let (mut all, mut here, mut sum) = (0u32, 0u32, 0u32);
    for c in &g.content.deck.black {
        all += c.count as u32;
        let v = c.card.combat_value(q);
        if v > 0 {
            here += c.count as u32;
            sum += v as u32 * c.count as u32;
        }
    }
    (here as f32 / all.max(1) as f32, sum as f32 / here.max(1) as f32)
}

/// What the seat can make of a combat quest with his own hand: the Knights' total at the end
/// (Excalibur's bonus in) less what Evil's side will likely hold by then — its cards now (a
/// face-down card the seat did not draw at the deck's mean) and those likely to come in the
/// turns he needs (one a round per `combat_black_rate` of each Knight's Progressions drawing a
/// Black card). None where he cannot finish it alone, or where Evil's side likely fills first.
pub(super) fn solo_margin(g: &Shadows, me: Seat, q: QuestId, w: &Weights) -> Option<f32> {
    let (_, _, black_spots) = shape(g, q)?;
    let c = completion(g, me, q, None)?;
    let k = &g.knights[me];
    let turns = c.add as f32 + if k.at == Location::Quest(q) { 0.0 } else { 1.0 };
    let (share, mean) = evil_deck(g, q);
    let active = g.knights.iter().filter(|k| k.active()).count() as f32;
    let coming = turns * active * w.combat_black_rate * share;
    let qs = g.quest(q);
    let known: f32 = qs
        .black
        .iter()
        .map(|p| match p.card.combat_value(q) {
            v if v == 0 || (p.face_down && p.by != me) => mean,
            v => v as f32,
        })
        .sum();
    if qs.black.len() as f32 + coming >= black_spots as f32 {
        return None;
    }
    let bonus = if k.excalibur { g.numbers().excalibur_bonus } else { 0 };
    Some((c.total + bonus) as f32 - known - coming * mean)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(values: &[u8]) -> Counts {
        let mut c = [0u8; 10];
        for &v in values {
            c[v as usize] += 1;
        }
        c
    }

    /// The search as it was first written: every order of the values, every value tried (the
    /// same completion of an assignment and the same order of completions).
    fn best_by_every_order(side: &Counts, hand: &Counts, pattern: &[u8], whole: bool) -> Option<Completion> {
        fn go(
            side: &Counts,
            hand: &Counts,
            groups: &[u8],
            whole: bool,
            i: usize,
            chosen: &mut [u8; 4],
            found: &mut Option<Completion>,
        ) {
            if i == groups.len() {
                if (1..10).all(|v| side[v] == 0 || chosen[..i].contains(&(v as u8))) {
                    keep_better(found, leaf(side, hand, groups, chosen), whole);
                }
                return;
            }
            let g = groups[i];
            for v in 1..10u8 {
                let have = side[v as usize] + hand[v as usize];
                if chosen[..i].contains(&v) || side[v as usize] > g || (whole && have < g) || (!whole && have == 0) {
                    continue;
                }
                chosen[i] = v;
                go(side, hand, groups, whole, i + 1, chosen, found);
            }
            if !whole {
                chosen[i] = 0;
                go(side, hand, groups, whole, i + 1, chosen, found);
            }
        }
        let mut groups = pattern.to_vec();
        groups.sort_unstable_by(|a, b| b.cmp(a));
        if side.iter().filter(|&&c| c > 0).count() > groups.len() {
            return None;
        }
        let mut found = None;
        go(side, hand, &groups, whole, 0, &mut [0; 4], &mut found);
        found
    }

    #[test]
    fn the_search_keeps_the_completion_every_order_finds() {
        let mut rng = crate::rules::GameRng::seeded(7);
        for round in 0..20_000 {
            let pattern: &[u8] = [&[2u8, 2][..], &[3, 2], &[3, 3, 3]][round % 3];
            let spots: u32 = pattern.iter().map(|&g| u32::from(g)).sum();
            let mut side = [0u8; 10];
            for _ in 0..rng.below(spots) {
                side[1 + rng.below(9) as usize] += 1;
            }
            let mut hand = [0u8; 10];
            for _ in 0..rng.below(13) {
                hand[1 + rng.below(9) as usize] += 1;
            }
            for whole in [true, false] {
                assert_eq!(
                    best(&side, &hand, pattern, whole),
                    best_by_every_order(&side, &hand, pattern, whole),
                    "side {side:?} hand {hand:?} pattern {pattern:?} whole {whole}"
                );
            }
        }
    }

    #[test]
    fn two_pairs_are_found_at_their_highest_total() {
        // 5, 3, 3, 2, 2, 4, 4: the highest two pairs are 4-4 and 3-3 (a greedy highest-first
        // pick, 5 then 4, finds none).
        let c = best(&of(&[]), &of(&[5, 3, 3, 2, 2, 4, 4]), &[2, 2], true);
        assert_eq!(
            c,
            Some(Completion {
                add: 4,
                total: 14,
                fits: 4
            })
        );
        // A side already holding a 1 must keep it: 1-1 and the best other pair.
        let c = best(&of(&[1]), &of(&[1, 3, 3, 4]), &[2, 2], true);
        assert_eq!(
            c,
            Some(Completion {
                add: 3,
                total: 8,
                fits: 3
            })
        );
        // No second pair: no completion.
        assert_eq!(best(&of(&[]), &of(&[5, 5, 4, 3, 2]), &[2, 2], true), None);
    }

    #[test]
    fn a_full_house_and_the_dragons_triples() {
        let c = best(&of(&[]), &of(&[2, 2, 2, 4, 4, 5]), &[3, 2], true);
        assert_eq!(c.map(|c| c.total), Some(14));
        assert_eq!(best(&of(&[]), &of(&[2, 2, 4, 4, 5]), &[3, 2], true), None);
        // The Dragon is a group quest: the most of the hand's cards that fit, the others'
        // cards bringing the rest.
        let c = best(&of(&[3, 3]), &of(&[3, 3, 1, 1, 1, 5]), &[3, 3, 3], false);
        assert_eq!(c.map(|c| c.fits), Some(5));
        // Three values on the side already: the hand adds only to them.
        let c = best(&of(&[1, 2, 3]), &of(&[4, 4, 4]), &[3, 3, 3], false);
        assert_eq!(c.map(|c| c.fits), Some(0));
    }
}
