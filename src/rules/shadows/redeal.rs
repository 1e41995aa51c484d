//! Re-dealing what a seat cannot see: a full state consistent with its view, the unseen cards
//! and Loyalty dealt at random (for the bots' searches and the secrets' tests).

use crate::rules::GameRng;
use crate::rules::shadows::action::Task;
use crate::rules::shadows::content::{Black, White};
use crate::rules::shadows::pieces::Loyalty;
use crate::rules::shadows::state::Shadows;
use crate::rules::shadows::view::{ShadowsView, UNSEEN_WHITE, is_unseen_black};

impl Shadows {
    /// A full state consistent with `view`: the unseen cards and Loyalty dealt at random.
    pub fn determinize(view: &ShadowsView, rng: &mut GameRng) -> Option<Shadows> {
        let mut g = view.game.clone();
        let content = g.content.clone();
        // Merlins pledged against a Special Black are public: their pledgers hold them.
        let pledged: Vec<u8> = g
            .stack
            .iter()
            .filter_map(|t| match t {
                Task::MerlinPledge { pledged, .. } => Some(pledged.to_vec()),
                _ => None,
            })
            .next_back()
            .unwrap_or_default();
        for (k, &n) in g.knights.iter_mut().zip(&pledged) {
            let unseen = k.hand.iter().filter(|&&c| c == UNSEEN_WHITE).count();
            let held = k.hand.iter().filter(|&&c| c == White::Merlin).count();
            for c in k
                .hand
                .iter_mut()
                .filter(|c| **c == UNSEEN_WHITE)
                .take((n as usize).saturating_sub(held).min(unseen))
            {
                *c = White::Merlin;
            }
        }
        // White: the deck less every card seen.
        let mut pool = content.white_cards();
        let take = |c: White, pool: &mut Vec<White>| {
            if c != UNSEEN_WHITE
                && let Some(i) = pool.iter().position(|&x| x == c)
            {
                pool.swap_remove(i);
            }
        };
        let mut seen: Vec<White> = Vec::new();
        for k in &g.knights {
            seen.extend(k.hand.iter().copied());
        }
        for q in &g.quests {
            seen.extend(q.white.iter().copied());
        }
        seen.extend(g.siege_cards.iter().copied());
        if g.heroism.is_some() {
            seen.push(White::Heroism);
        }
        for t in &g.stack {
            if let Task::Share { pool: p, .. } | Task::ShareVote { pool: p, .. } = t {
                seen.extend(p.iter().copied());
            }
        }
        for c in seen {
            take(c, &mut pool);
        }
        rng.shuffle(&mut pool);
        let mut fill_white = |c: &mut White| {
            if *c == UNSEEN_WHITE {
                *c = pool.pop().unwrap_or(White::Grail);
            }
        };
        for k in g.knights.iter_mut() {
            k.hand.iter_mut().for_each(&mut fill_white);
            k.hand.sort_unstable();
        }
        g.white_draw.iter_mut().for_each(&mut fill_white);
        g.white_discard.iter_mut().for_each(&mut fill_white);
        for t in g.stack.iter_mut() {
            if let Task::Share { pool: p, .. } | Task::ShareVote { pool: p, .. } = t {
                p.iter_mut().for_each(&mut fill_white);
            }
        }
        // Black: the deck less every card seen; typed face-down cards first.
        let mut blacks = content.black_cards();
        let mut seen_black: Vec<Black> = Vec::new();
        seen_black.extend(g.black_draw.iter().copied());
        seen_black.extend(g.black_discard.iter().copied());
        seen_black.extend(g.black_unseen.iter().copied());
        for q in &g.quests {
            seen_black.extend(q.black.iter().map(|p| p.card));
        }
        for t in &g.stack {
            match t {
                Task::ArmorPick { cards, .. } => seen_black.extend(cards.iter().copied()),
                Task::PlaceChoice { card, .. }
                | Task::Place { card, .. }
                | Task::Resolve { card, .. }
                | Task::Special { card, .. } => seen_black.push(*card),
                Task::MordredWar { .. } => seen_black.push(Black::Mordred),
                Task::Clairvoyance { left, chosen, .. } => {
                    seen_black.extend(left.iter().copied());
                    seen_black.extend(chosen.iter().copied());
                }
                _ => {}
            }
        }
        for c in seen_black {
            if !is_unseen_black(c)
                && let Some(i) = blacks.iter().position(|&x| x == c)
            {
                blacks.swap_remove(i);
            }
        }
        rng.shuffle(&mut blacks);
        let typed = |c: &mut Black, blacks: &mut Vec<Black>| -> bool {
            let want = match *c {
                Black::BlackKnight(0) => |b: Black| matches!(b, Black::BlackKnight(_)),
                Black::Lancelot(0, 0) => |b: Black| matches!(b, Black::Lancelot(..)),
                _ => return true,
            };
            match blacks.iter().position(|&b| want(b)) {
                Some(i) => {
                    *c = blacks.swap_remove(i);
                    true
                }
                None => false,
            }
        };
        let mut ok = true;
        for q in g.quests.iter_mut() {
            for p in q.black.iter_mut() {
                ok &= typed(&mut p.card, &mut blacks);
            }
        }
        for t in g.stack.iter_mut() {
            if let Task::PlaceChoice { card, .. } | Task::Place { card, .. } = t {
                ok &= typed(card, &mut blacks);
            }
        }
        if !ok {
            return None;
        }
        let mut fill_black = |c: &mut Black| {
            if *c == Black::Hidden {
                *c = blacks.pop().unwrap_or(Black::Excalibur);
            }
        };
        g.black_draw.iter_mut().for_each(&mut fill_black);
        g.black_unseen.iter_mut().for_each(&mut fill_black);
        for t in g.stack.iter_mut() {
            match t {
                Task::ArmorPick { cards, .. } => cards.iter_mut().for_each(&mut fill_black),
                Task::Clairvoyance { left, chosen, .. } => {
                    left.iter_mut().for_each(&mut fill_black);
                    chosen.iter_mut().for_each(&mut fill_black);
                }
                _ => {}
            }
        }
        // Loyalty: the deck less the cards known, and a Loyal card for each Knight whose deeds
        // proved him Loyal (he played Fate and stayed masked).
        let mut loyal = g.deck_loyal as i32;
        let mut traitor = g.deck_traitor as i32;
        for k in g.knights.iter_mut() {
            if k.loyalty == Loyalty::Unknown && k.proven_loyal {
                k.loyalty = Loyalty::Loyal;
            }
            match k.loyalty {
                Loyalty::Loyal => loyal -= 1,
                Loyalty::Traitor => traitor -= 1,
                Loyalty::Unknown => {}
            }
        }
        if loyal < 0 || traitor < 0 {
            return None;
        }
        let mut cards: Vec<Loyalty> = std::iter::repeat_n(Loyalty::Loyal, loyal as usize)
            .chain(std::iter::repeat_n(Loyalty::Traitor, traitor as usize))
            .collect();
        rng.shuffle(&mut cards);
        for k in g.knights.iter_mut() {
            if k.loyalty == Loyalty::Unknown {
                k.loyalty = cards.pop()?;
            }
        }
        g.rng = GameRng::seeded(rng.next_u64());
        Some(g)
    }
}
