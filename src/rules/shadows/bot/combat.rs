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
    let on_side = side.iter().filter(|&&c| c > 0).count();
    if on_side > n {
        return None;
    }
    let mut chosen = [0u8; 4];
    let mut found: Option<Completion> = None;
    search(side, hand, &groups[..n], whole, 0, &mut chosen, &mut found);
    found
}

/// Assigns a value (0: left to the other Knights, group quests only) to group `i` and on.
fn search(
    side: &Counts,
    hand: &Counts,
    groups: &[u8],
    whole: bool,
    i: usize,
    chosen: &mut [u8; 4],
    found: &mut Option<Completion>,
) {
    if i == groups.len() {
        // Every value already on the side has its group.
        let covered = (1..10).all(|v| side[v] == 0 || chosen[..i].contains(&(v as u8)));
        if !covered {
            return;
        }
        let (mut add, mut total, mut fits) = (0u8, 0u8, 0u8);
        for (g, &v) in groups.iter().zip(chosen.iter()) {
            if v == 0 {
                continue;
            }
            let need = g.saturating_sub(side[v as usize]);
            let mine = need.min(hand[v as usize]);
            add += need;
            fits += mine;
            total += g * v;
        }
        let c = Completion { add, total, fits };
        let better = match found {
            None => true,
            Some(f) if whole => c.total > f.total,
            Some(f) => (c.fits, c.total) > (f.fits, f.total),
        };
        if better {
            *found = Some(c);
        }
        return;
    }
    let g = groups[i];
    for v in 1..10u8 {
        if chosen[..i].contains(&v) || side[v as usize] > g {
            continue;
        }
        let have = side[v as usize] + hand[v as usize];
        if whole && have < g {
            continue;
        }
        if !whole && have == 0 {
            continue;
        }
        chosen[i] = v;
        search(side, hand, groups, whole, i + 1, chosen, found);
    }
    if !whole {
        chosen[i] = 0;
        search(side, hand, groups, whole, i + 1, chosen, found);
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
