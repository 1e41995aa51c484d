//! The Shadows over Camelot bots.
//!
//! The heuristic (easy and normal) judges a decision by what the position after it is worth to
//! the Loyal side (`eval::value`, from the seat's view only):
//!
//! - the Heroic Actions look ahead through the rest of the seat's own turn: each action, then
//!   what could follow it (a Life point sacrificed for a second action of another kind, a free
//!   move), a Siege fight and a combat's end weighed by their chances;
//! - the Progression of Evil weighs a Life point, a Siege Engine and the Black card to come,
//!   that card as the mean over the Black cards the seat has not seen (or the one it looked at);
//! - the choices inside effects (Merlins, Excalibur's cancel, a war for Mercenaries, Morgan's
//!   volunteers, the Grail's rescue) compare the positions they lead to.
//!
//! Suspicion is a belief over who holds the Traitor card (`eval::Belief`): Bayes over the Loyalty
//! deck, every public deed weighed by how much likelier it is for the Traitor than for a Loyal
//! Knight (fitted from played games, `assets/bots/shadows_bots.ron`). A Loyal Knight accuses when the
//! belief makes the accusation worth its risk.
//!
//! The hidden Traitor plays what a Loyal Knight might (his choice is never far below the Loyal
//! play's best), picking among those the worst for the Knights, each deed costed by the
//! suspicion it adds; he unmasks himself when the table is about to catch him, and feeds Evil
//! once unmasked. Hard adds a search (`search`) on top of normal.

mod eval;
pub mod search;
mod weights;

pub use eval::Belief;
pub use weights::{BotFile, DeedOdds, ShadowsBots, Weights};

use super::*;
use crate::bots::{BotHints, Budget};
use crate::rules::Game;
use apply::Report;
use eval::{Know, Scene, card_worth, combat_value, unknown_worth, value};

/// Far below any real choice.
const NEVER: f32 = -1.0e6;
/// How many first actions are looked at through the rest of the turn.
const FOLLOW_UP: usize = 5;

/// The seat's belief about who holds the Traitor card, from its view (`Belief`).
pub fn belief(view: &ShadowsView) -> Belief {
    let bots = &view.game.content.bots;
    Belief::of(&view.game, view.seat, &bots.deeds, bots.normal.belief_temper)
}

/// The evaluation's terms for the seat of a view, in words (for looking at how the bots judge).
pub fn explain(view: &ShadowsView) -> String {
    let g = &presumed(&view.game, view.seat);
    let bots = &g.content.bots;
    let know = Know::new(g, view.seat, &bots.normal, &bots.deeds);
    format!("value {:.2}: {}", value(&know, g), eval::explain(&know, g))
}

/// The heuristic's choice with a set of weights, for the seat deciding in `g` (a view, or a
/// full state read as its view would be).
pub fn heuristic_with(g: &Shadows, legal: &[Action], rng: &mut GameRng, w: &Weights) -> Option<Action> {
    let me = g.deciding()?;
    if legal.len() <= 1 {
        return legal.first().copied();
    }
    let scores = scores(g, me, legal, w);
    let mut best: Option<(f32, Action)> = None;
    for (a, s) in legal.iter().zip(scores) {
        let v = s + rng.below(1000) as f32 * 1e-6;
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, *a));
        }
    }
    best.map(|(_, a)| a)
}

/// Every legal action's score for the seat deciding: the Loyal play's, or the hidden Traitor's.
pub fn scores(g: &Shadows, me: Seat, legal: &[Action], w: &Weights) -> Vec<f32> {
    let g = &presumed(g, me);
    let odds = &g.content.bots.deeds;
    let k = &g.knights[me];
    let traitor = k.loyalty == Loyalty::Traitor && !g.loyalty_unseen;
    if !traitor {
        let know = Know::new(g, me, w, odds);
        return all_scores(&know, g, legal);
    }
    if k.unmasked {
        let know = Know::new(g, me, w, odds);
        return all_scores(&know, g, legal).into_iter().map(|s| -s).collect();
    }
    traitor_scores(g, me, legal, w, odds)
}

/// The position as the seat reasons about it: every Knight whose Loyalty it does not know is
/// taken for Loyal (the rules then end a game only as they would for the Knights it sees), and
/// a full state (a search's sample) hides what the view would.
fn presumed(g: &Shadows, me: Seat) -> Shadows {
    let mut g = g.clone();
    for (s, k) in g.knights.iter_mut().enumerate() {
        if s != me && !k.revealed {
            k.loyalty = Loyalty::Loyal;
        }
    }
    g
}

/// Every legal action's worth for the seat of `know`.
fn all_scores(know: &Know, g: &Shadows, legal: &[Action]) -> Vec<f32> {
    match g.stack.last() {
        Some(Task::Heroic) => heroic_scores(know, g, legal),
        _ => legal.iter().map(|a| score(know, g, a)).collect(),
    }
}

/// The hidden Traitor: what a Loyal Knight might play (within `traitor_slack` of the Loyal
/// play's best), the worst of it for the Knights, each public deed costed by the suspicion it
/// adds; decisions no one sees take the worst outright.
fn traitor_scores(g: &Shadows, me: Seat, legal: &[Action], w: &Weights, odds: &DeedOdds) -> Vec<f32> {
    // As a Loyal Knight in his place would see it.
    let mut gm = g.clone();
    gm.knights[me].loyalty = Loyalty::Loyal;
    let mimic = Know::new(&gm, me, w, odds);
    let truth = Know::new(g, me, w, odds);
    let task = g.stack.last().cloned();
    // Unmasking: when the table is about to catch him.
    if legal.contains(&Action::RevealSelf) && should_reveal(g, me, w, odds) {
        return legal
            .iter()
            .map(|a| if *a == Action::RevealSelf { 1.0 } else { 0.0 })
            .collect();
    }
    let private = matches!(
        task,
        Some(
            Task::Discard { .. }
                | Task::ArthurReturn { .. }
                | Task::Clairvoyance { .. }
                | Task::ArmorPick { .. }
                | Task::MessengerGive { .. }
        )
    );
    let loyal = all_scores(&mimic, &gm, legal);
    let bad: Vec<f32> = all_scores(&truth, g, legal)
        .into_iter()
        .zip(legal)
        .map(|(s, a)| if *a == Action::RevealSelf { NEVER } else { -s })
        .collect();
    if private {
        return bad;
    }
    let best = loyal.iter().copied().fold(f32::MIN, f32::max);
    legal
        .iter()
        .enumerate()
        .map(|(i, a)| {
            if *a == Action::RevealSelf || loyal[i] < best - w.traitor_slack {
                return NEVER + loyal[i];
            }
            let deed = task.as_ref().and_then(|t| g.deed_of(me, t, *a));
            let cover = deed.map_or(0.0, |d| odds.get(d).max(0.0) * w.traitor_cover);
            bad[i] - cover
        })
        .collect()
}

/// Whether the hidden Traitor should unmask himself now: the table is near sure of him while
/// accusations are open (unmasking denies them the accusation's White Sword).
fn should_reveal(g: &Shadows, me: Seat, w: &Weights, odds: &DeedOdds) -> bool {
    if !g.accusations_open() {
        return false;
    }
    // How the others see him: the belief of a seat that knows nothing but the public record.
    let public = Belief::of(g, Seat::MAX, odds, w.belief_temper);
    let p = public.p.get(me).copied().unwrap_or(0.0);
    let accusers = g
        .knights
        .iter()
        .enumerate()
        .filter(|(s, k)| *s != me && k.active() && !k.accused)
        .count();
    accusers > 0 && p >= w.traitor_reveal
}

/// One action's worth for the seat of `know`: the Loyal side's worth of what it leads to.
fn score(know: &Know, g: &Shadows, a: &Action) -> f32 {
    match g.stack.last() {
        Some(Task::Heroic) => after(know, g, a, 0),
        Some(Task::Evil) | Some(Task::Feed) => evil_score(know, g, a),
        Some(Task::Taunt) => match a {
            // The unmasked Traitor's taunt: at the Knight with the most cards (negated above).
            Action::Taunt(s) => -(g.knights[*s].hand.len() as f32),
            _ => 0.0,
        },
        Some(Task::ArmorPick { cards, .. }) => match a {
            Action::KeepBlack(i) => black_outcome(know, g, cards[*i as usize & 1]) - value(know, g),
            _ => 0.0,
        },
        Some(Task::PlaceChoice { card, .. }) => match a {
            Action::FaceDown(down) => match (*down, know.traitor_truth) {
                // To the Knights, the Traitor's card face down is a value they cannot see.
                (true, true) => -know.w.face_down_cost,
                (true, false) => unknown_worth(know, g) - know.w.face_down_cost,
                (false, _) => 0.0,
            },
            Action::War(q) => war_outcome(know, g, *card, *q),
            _ => 0.0,
        },
        Some(Task::MordredWar { .. }) => match a {
            Action::War(q) => war_outcome(know, g, Black::Mordred, *q),
            _ => 0.0,
        },
        Some(Task::MerlinPledge { card, .. }) => match a {
            Action::Pledge(p) => {
                let harm = special_harm(know, g, *card);
                let cost = 3.0 * card_worth(know, g, White::Merlin);
                if harm > cost { *p as f32 } else { -(*p as f32) }
            }
            _ => 0.0,
        },
        Some(Task::ExcaliburOffer { .. }) | Some(Task::GrailRescue { .. }) => applied(know, g, a),
        Some(Task::Volunteer { why, .. }) => volunteer_score(know, g, *why, a),
        Some(Task::ShareVote { .. }) => {
            if *a == Action::Yes {
                0.2
            } else {
                0.0
            }
        }
        Some(Task::Share { present, assigned, .. }) => match a {
            // To whoever holds fewest, counting what the split gives so far.
            Action::Assign(s) => {
                let given = assigned.iter().filter(|&&x| x == *s).count();
                let others = present.iter().filter(|&&x| x != *s).count();
                let _ = others;
                -((g.knights[*s].hand.len() + given) as f32)
            }
            _ => 0.0,
        },
        Some(Task::Discard { .. }) | Some(Task::ArthurReturn { .. }) => match a {
            Action::Card(c) => -card_worth(know, g, *c),
            _ => 0.0,
        },
        Some(Task::MessengerGive { to, given, .. }) => messenger_give(know, g, *to, *given, a),
        Some(Task::SiegeFight { .. }) => siege_add(know, g, a),
        Some(Task::KaySiege { roll, .. }) => {
            let total: u8 = g.siege_cards.iter().filter_map(|c| c.fight()).sum::<u8>()
                + if g.knights[know.me].excalibur {
                    g.numbers().excalibur_bonus
                } else {
                    0
                };
            kay_card(total, *roll, a)
        }
        Some(Task::KayCombat { quest, .. }) => {
            let (kn, ev) = g.combat_totals(*quest);
            kay_card(kn, ev, a)
        }
        Some(Task::Clairvoyance { .. }) => match a {
            // The least harmful first.
            Action::PutNext(c) => black_outcome(know, g, *c) - value(know, g),
            _ => 0.0,
        },
        _ => 0.0,
    }
}

/// Sir Kay's extra card: the smallest that turns a loss (total not above `against`) into a win.
fn kay_card(total: u8, against: u8, a: &Action) -> f32 {
    match a {
        Action::Card(c) => {
            let v = c.fight().unwrap_or(0);
            if total <= against && total + v > against {
                2.0 - v as f32 * 0.1
            } else {
                -1.0
            }
        }
        _ => 0.0,
    }
}

/// The Heroic Actions' worths: the position each leads to; the best few first actions (and
/// those that leave the turn's action unspent, a free move or Special White) followed through
/// the rest of the turn.
fn heroic_scores(know: &Know, g: &Shadows, legal: &[Action]) -> Vec<f32> {
    let leaves: Vec<f32> = legal.iter().map(|a| after(know, g, a, 2)).collect();
    let mut order: Vec<usize> = (0..legal.len()).collect();
    order.sort_by(|&i, &j| leaves[j].total_cmp(&leaves[i]));
    let mut out = leaves.clone();
    let k = &g.knights[know.me];
    for (rank, &i) in order.iter().enumerate() {
        let a = &legal[i];
        let free = match a {
            Action::Move(Location::Quest(_)) => k.knight == KnightId::Tristan && k.at.in_camelot(),
            a => k.knight == KnightId::Galahad && apply::special_card(*a).is_some(),
        };
        if rank < FOLLOW_UP || free || matches!(a, Action::Sacrifice) {
            out[i] = out[i].max(after(know, g, a, 0));
        }
    }
    out
}

/// The worth of a Heroic Action at lookahead depth `depth` (0: the first action; 2: no more
/// actions after it are weighed).
fn after(know: &Know, g: &Shadows, a: &Action, depth: u8) -> f32 {
    let me = know.me;
    match *a {
        Action::EndTurn => value(know, g),
        Action::ArthurGive(..) | Action::RevealSelf => NEVER,
        Action::FightSiege(v) => siege_fight(know, g, v, depth),
        Action::Accuse(s) => accuse(know, g, s, depth),
        Action::DrawWhite => {
            let mut g2 = g.clone();
            mark(&mut g2, Kind::Quest);
            let count = if g2.knights[me].knight == KnightId::Gawain {
                g2.numbers().gawain_draw
            } else {
                g2.numbers().round_table_draw
            };
            let k = &mut g2.knights[me];
            k.at = Location::RoundTable;
            for _ in 0..count {
                k.hand.insert(0, White::Fight(0));
            }
            follow(know, &g2, depth)
        }
        Action::Fight(v) if completes_combat(g, me) => combat_end(know, g, v, depth),
        _ => {
            let mut g2 = g.clone();
            if g2.apply_quiet(a).is_err() {
                return NEVER;
            }
            let bonus = match a {
                Action::Clairvoyance => know.w.clairvoyance,
                Action::Messenger(_) => know.w.messenger,
                _ => 0.0,
            };
            follow(know, &g2, depth) + bonus
        }
    }
}

/// After an action: the best of what may still follow in the seat's turn, or the position.
fn follow(know: &Know, g: &Shadows, depth: u8) -> f32 {
    if depth < 2 && g.outcome.is_none() && g.active == know.me && matches!(g.stack.last(), Some(Task::Heroic)) {
        let legal = g.legal_actions();
        let mut best = f32::MIN;
        for a in &legal {
            best = best.max(after(know, g, a, depth + 1));
        }
        if best > f32::MIN {
            return best;
        }
    }
    value(know, g)
}

/// A Heroic Action of this kind taken (for positions built by hand).
fn mark(g: &mut Shadows, kind: Kind) {
    g.this_turn.used |= kind.bit();
    g.this_turn.paid += 1;
}

/// Whether the seat's next Fight card fills its combat quest's Knights' side.
fn completes_combat(g: &Shadows, me: Seat) -> bool {
    let Location::Quest(q) = g.knights[me].at else {
        return false;
    };
    match &g.content.quest(q).kind {
        QuestKind::Combat { white_spots, .. } => g.quest(q).white.len() + 1 >= *white_spots as usize,
        _ => false,
    }
}

/// The chance that the Knights' `total` beats the Evil side of a combat quest, its face-down
/// cards (unseen by the seat) drawn from what the seat has not seen.
fn combat_chance(know: &Know, g: &Shadows, q: QuestId, total: u8) -> f32 {
    let is_type = |b: Black| match q {
        QuestId::BlackKnight => matches!(b, Black::BlackKnight(_)),
        _ => matches!(b, Black::Lancelot(..)),
    };
    // The distribution of the hidden sum, card by card.
    let mut dist: ArrayVec<f32, 64> = ArrayVec::new();
    dist.push(1.0);
    let mut shown = 0u32;
    for p in &g.quest(q).black {
        let v = combat_value(p.card, q);
        if v == 0 || (p.face_down && p.by != know.me) {
            let kinds: ArrayVec<(u8, f32), 16> = know
                .black
                .iter()
                .filter(|(b, n)| is_type(*b) && *n > 0.0)
                .map(|(b, n)| (combat_value(*b, q), *n))
                .take(16)
                .collect();
            let total_n: f32 = kinds.iter().map(|(_, n)| n).sum();
            if total_n <= 0.0 {
                continue;
            }
            let mut next: ArrayVec<f32, 64> = ArrayVec::new();
            for _ in 0..64 {
                next.push(0.0);
            }
            for (s, &p_s) in dist.iter().enumerate() {
                for &(v, n) in &kinds {
                    let t = (s + v as usize).min(63);
                    next[t] += p_s * n / total_n;
                }
            }
            dist = next;
        } else {
            shown += v as u32;
        }
    }
    let mut p = 0.0;
    for (s, &p_s) in dist.iter().enumerate() {
        if (total as u32) > shown + s as u32 {
            p += p_s;
        }
    }
    p
}

/// The last Fight card on a combat quest: its end, won or lost by the chance of the totals.
fn combat_end(know: &Know, g: &Shadows, v: u8, depth: u8) -> f32 {
    let me = know.me;
    let Location::Quest(q) = g.knights[me].at else {
        return NEVER;
    };
    let (mut total, _) = g.combat_totals(q);
    total += v;
    let k = &g.knights[me];
    if k.knight == KnightId::Kay {
        // Sir Kay adds his best remaining Fight card if it is needed.
        let mut rest = k.hand.clone();
        if let Some(i) = rest.iter().position(|&c| c == White::Fight(v)) {
            rest.remove(i);
        }
        total += rest.iter().filter_map(|c| c.fight()).max().unwrap_or(0);
    }
    let p = combat_chance(know, g, q, total);
    let end = |won: bool| -> f32 {
        let mut g2 = g.clone();
        let kn = &mut g2.knights[me];
        if let Some(i) = kn.hand.iter().position(|&c| c == White::Fight(v)) {
            kn.hand.remove(i);
        }
        g2.quests[q.index()].white.push(White::Fight(v));
        mark(&mut g2, Kind::Quest);
        g2.stack.push(Task::QuestEnd {
            quest: q,
            won,
            ender: Some(me),
        });
        g2.settle(&mut Report(None));
        follow(know, &g2, depth)
    };
    let win = if p > 0.001 { end(true) } else { 0.0 };
    let loss = if p < 0.999 { end(false) } else { 0.0 };
    p * win + (1.0 - p) * loss
}

/// The cards a Siege fight would use (on top of those already committed, `committed` in
/// total), chosen to cost least for the chance they buy: the cards and the chance of the win.
fn siege_plan(know: &Know, g: &Shadows, forced: Option<u8>, committed: u8) -> (ArrayVec<White, 12>, f32) {
    let me = know.me;
    let k = &g.knights[me];
    let n = g.numbers();
    let die = n.siege_die.max(1) as u32;
    let bonus = if k.excalibur { n.excalibur_bonus } else { 0 } as u32;
    let mut fights: ArrayVec<White, 12> = k
        .hand
        .iter()
        .copied()
        .filter(|c| c.fight().is_some())
        .take(12)
        .collect();
    let mut chosen: ArrayVec<White, 12> = ArrayVec::new();
    if let Some(v) = forced
        && let Some(i) = fights.iter().position(|&c| c == White::Fight(v))
    {
        chosen.push(fights.remove(i));
    }
    let chance = |total: u32| (total.min(die) as f32) / die as f32;
    let total_of =
        |cards: &[White]| committed as u32 + bonus + cards.iter().filter_map(|c| c.fight()).map(u32::from).sum::<u32>();
    let scene = Scene::new(know, g);
    let step = scene.step;
    let worth = |c: White| scene.card(c);
    // Greedily add the card that buys the most chance for its worth, while it pays.
    loop {
        let now = chance(total_of(&chosen));
        if now >= 1.0 {
            break;
        }
        let mut best: Option<(f32, usize)> = None;
        for (i, &c) in fights.iter().enumerate() {
            let mut with = chosen.clone();
            with.push(c);
            let gain = (chance(total_of(&with)) - now) * (step + 1.0) - worth(c);
            if best.is_none_or(|(b, _)| gain > b) {
                best = Some((gain, i));
            }
        }
        match best {
            Some((gain, i)) if gain > 0.0 || chosen.is_empty() => chosen.push(fights.remove(i)),
            _ => break,
        }
    }
    let p = chance(total_of(&chosen));
    (chosen, p)
}

/// Fighting a Siege Engine with `first` and the planned cards: won or wounded by its chance.
fn siege_fight(know: &Know, g: &Shadows, first: u8, depth: u8) -> f32 {
    let me = know.me;
    let (cards, p) = siege_plan(know, g, Some(first), 0);
    let end = |won: bool| -> f32 {
        let mut g2 = g.clone();
        let k = &mut g2.knights[me];
        k.at = Location::Siege;
        for c in &cards {
            if let Some(i) = k.hand.iter().position(|x| x == c) {
                k.hand.remove(i);
            }
        }
        g2.white_discard.extend(cards.iter().copied());
        mark(&mut g2, Kind::Quest);
        if won {
            g2.siege = g2.siege.saturating_sub(1);
        } else {
            g2.wound(me, 1, &mut Report(None));
            g2.settle(&mut Report(None));
        }
        follow(know, &g2, depth)
    };
    let win = if p > 0.001 { end(true) } else { 0.0 };
    let loss = if p < 0.999 { end(false) } else { 0.0 };
    p * win + (1.0 - p) * loss
}

/// More cards for the Siege fight under way, or the roll: by the same plan.
fn siege_add(know: &Know, g: &Shadows, a: &Action) -> f32 {
    let committed: u8 = g.siege_cards.iter().filter_map(|c| c.fight()).sum();
    let (cards, _) = siege_plan(know, g, None, committed);
    match a {
        Action::Roll => {
            if cards.is_empty() {
                1.0
            } else {
                0.0
            }
        }
        Action::Card(c) => {
            if cards.contains(c) {
                2.0 + c.fight().unwrap_or(0) as f32 * 0.01
            } else {
                -1.0
            }
        }
        _ => 0.0,
    }
}

/// An accusation: the target unmasked or found Loyal, by the seat's belief.
fn accuse(know: &Know, g: &Shadows, target: Seat, depth: u8) -> f32 {
    let belief = Belief::of(g, know.me, know.odds, know.w.belief_temper);
    let p = belief.p.get(target).copied().unwrap_or(0.0);
    if p < 0.02 {
        return NEVER;
    }
    let outcome = |loyalty: Loyalty| -> f32 {
        let mut g2 = g.clone();
        g2.knights[target].loyalty = loyalty;
        if g2.apply_quiet(&Action::Accuse(target)).is_err() {
            return NEVER;
        }
        follow(know, &g2, depth)
    };
    let right = if p > 0.0 { outcome(Loyalty::Traitor) } else { 0.0 };
    let wrong = outcome(Loyalty::Loyal);
    p * right + (1.0 - p) * wrong - know.w.accuse_margin
}

/// The position after an answer, as the rules make it.
fn applied(know: &Know, g: &Shadows, a: &Action) -> f32 {
    let mut g2 = g.clone();
    if g2.apply_quiet(a).is_err() {
        return NEVER;
    }
    value(know, &g2)
}

/// The Progression of Evil: a Life point, a Siege Engine, or the Black card to come.
fn evil_score(know: &Know, g: &Shadows, a: &Action) -> f32 {
    match a {
        Action::Evil(EvilChoice::DrawBlack) => match know.top {
            Some(c) => black_outcome(know, g, c),
            None => {
                let mut sum = 0.0;
                let mut weight = 0.0;
                for &(c, count) in &know.black {
                    if count <= 0.0 {
                        continue;
                    }
                    sum += count * black_outcome(know, g, c);
                    weight += count;
                }
                if weight > 0.0 { sum / weight } else { value(know, g) }
            }
        },
        Action::Evil(_) => applied(know, g, a),
        Action::ArthurGive(..) | Action::RevealSelf => NEVER,
        _ => NEVER,
    }
}

/// The position after the seat draws this Black card (placed as the seat would place it; a
/// Special Black's harm weighed against the chance that three Merlins cancel it).
fn black_outcome(know: &Know, g: &Shadows, c: Black) -> f32 {
    let base = value(know, g);
    if c.is_special() {
        return base - special_harm(know, g, c) * (1.0 - cancel_chance(know, g, c));
    }
    let mut g2 = g.clone();
    if matches!(g2.stack.last(), Some(Task::Evil | Task::Feed)) {
        g2.stack.pop();
    }
    let war = if c == Black::Mercenaries {
        Some(safer_war(g))
    } else {
        None
    };
    g2.stack.push(Task::Place {
        seat: know.me,
        card: c,
        face_down: false,
        war,
        free_white: false,
    });
    g2.settle(&mut Report(None));
    value(know, &g2)
}

/// The war with fewer figures (the Pict War on a tie).
fn safer_war(g: &Shadows) -> QuestId {
    if g.quest(QuestId::SaxonWar).figures < g.quest(QuestId::PictWar).figures {
        QuestId::SaxonWar
    } else {
        QuestId::PictWar
    }
}

/// The chance that the Knights cancel a Special Black with three Merlins: only when it is worth
/// three, and as likely as the Merlins the table may hold.
fn cancel_chance(know: &Know, g: &Shadows, c: Black) -> f32 {
    if g.vivien || special_harm(know, g, c) <= 3.0 * card_worth(know, g, White::Merlin) {
        return 0.0;
    }
    let share = know.white[eval::white_index(White::Merlin)];
    let mut merlins = 0.0;
    for (s, k) in g.knights.iter().enumerate() {
        if !k.active() {
            continue;
        }
        merlins += if s == know.me {
            k.count(White::Merlin) as f32
        } else {
            k.hand.len() as f32 * share
        };
    }
    eval::sigmoid(2.0 * (merlins - 2.5))
}

/// What a Special Black would cost the Loyal side if it took effect.
fn special_harm(know: &Know, g: &Shadows, c: Black) -> f32 {
    let base = value(know, g);
    let mut g2 = g.clone();
    // Whatever is pending above (a pledge, the Evil choice) is set aside.
    while matches!(
        g2.stack.last(),
        Some(Task::MerlinPledge { .. } | Task::Special { .. } | Task::Evil | Task::Feed)
    ) {
        g2.stack.pop();
    }
    let me = know.me;
    match c {
        Black::MorganMore => {
            // Three more cards: three times a Standard Black's mean harm.
            let (mut sum, mut weight) = (0.0, 0.0);
            for &(b, count) in &know.black {
                if count > 0.0 && !b.is_special() {
                    sum += count * (base - black_outcome(know, g, b));
                    weight += count;
                }
            }
            3.0 * if weight > 0.0 { sum / weight } else { 1.0 }
        }
        Black::MorganDiscard | Black::MorganSacrifice => {
            let alive = g.knights.iter().filter(|k| k.active() && !k.hand.is_empty()).count() as f32;
            unknown_worth(know, g) * alive.min(3.0).max(1.0) * 1.2
        }
        Black::Mordred => {
            let q = safer_war(g);
            let qs = &mut g2.quests[q.index()];
            qs.mordred = true;
            qs.black.push(Placed {
                card: Black::Mordred,
                face_down: false,
                by: me,
            });
            g2.add_figure(q, &mut Report(None));
            g2.settle(&mut Report(None));
            base - value(know, &g2)
        }
        _ => {
            g2.stack.push(Task::Special { seat: me, card: c });
            g2.settle(&mut Report(None));
            let mut harm = base - value(know, &g2);
            if c == Black::Guinevere && g.active == me {
                // The drawer's Heroic Actions are lost too.
                harm += 1.0;
            }
            harm
        }
    }
}

/// Mercenaries or Mordred onto a war: the position after.
fn war_outcome(know: &Know, g: &Shadows, card: Black, q: QuestId) -> f32 {
    let mut g2 = g.clone();
    // Put the decision aside and place the card on that war.
    g2.stack.pop();
    if card == Black::Mordred {
        let qs = &mut g2.quests[q.index()];
        qs.mordred = true;
        qs.black.push(Placed {
            card,
            face_down: false,
            by: know.me,
        });
        g2.add_figure(q, &mut Report(None));
    } else if let Some(Task::Place { war, .. }) = g2.stack.iter_mut().rev().find(|t| matches!(t, Task::Place { .. })) {
        *war = Some(q);
    }
    g2.settle(&mut Report(None));
    value(know, &g2)
}

/// Morgan's call for a volunteer: his cards or his Life, against one card from every Knight.
fn volunteer_score(know: &Know, g: &Shadows, why: Volunteering, a: &Action) -> f32 {
    let me = know.me;
    let k = &g.knights[me];
    let n = g.numbers();
    let with_cards = g.knights.iter().filter(|o| o.active() && !o.hand.is_empty()).count() as f32;
    let everyone = with_cards * (know.w.card_other + unknown_worth(know, g)) * 0.5;
    match (why, a) {
        (_, Action::No) => -everyone,
        (Volunteering::Discard, Action::Yes) => {
            let scene = Scene::new(know, g);
            let mut worths: ArrayVec<f32, 32> = k.hand.iter().take(32).map(|&c| scene.card(c)).collect();
            worths.sort_by(|a, b| a.total_cmp(b));
            -worths.iter().take(n.morgan_discard as usize).sum::<f32>()
        }
        (Volunteering::Sacrifice, Action::Yes) => {
            let mut g2 = g.clone();
            g2.wound(me, n.morgan_sacrifice_life, &mut Report(None));
            value(know, &g2) - value(know, g)
        }
        _ => 0.0,
    }
}

/// Messenger: the cards the receiver can use where he stands first, then the giver's least
/// needed; done after one card when the hand is short.
fn messenger_give(know: &Know, g: &Shadows, to: Seat, given: u8, a: &Action) -> f32 {
    let k = &g.knights[know.me];
    match a {
        Action::Done => {
            if k.hand.len() <= 4 || given >= 2 {
                0.5
            } else {
                -0.5
            }
        }
        Action::Card(c) => {
            let fits = match g.knights[to].at {
                Location::Quest(QuestId::Grail) => *c == White::Grail,
                Location::Quest(QuestId::Excalibur) => !c.is_special(),
                Location::Quest(_) => c.fight().is_some(),
                _ => false,
            };
            (if fits { 1.0 } else { 0.0 }) - card_worth(know, g, *c)
        }
        _ => 0.0,
    }
}

/// The search's budget for a difficulty (`search` for how hard uses it).
pub fn search_budget(difficulty: crate::rules::Difficulty) -> Option<Budget> {
    search::budget(difficulty)
}

impl BotHints for Shadows {
    fn heuristic(view: &ShadowsView, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        heuristic_with(&view.game, legal, rng, &view.game.content.bots.normal)
    }

    fn heuristic_at(
        view: &ShadowsView,
        legal: &[Action],
        rng: &mut GameRng,
        difficulty: crate::rules::Difficulty,
    ) -> Option<Action> {
        let bots = &view.game.content.bots;
        match difficulty {
            crate::rules::Difficulty::Easy => heuristic_with(&view.game, legal, rng, &bots.easy),
            crate::rules::Difficulty::Normal => heuristic_with(&view.game, legal, rng, &bots.normal),
            crate::rules::Difficulty::Hard => search::decide(view, legal, rng),
        }
    }

    fn determinize(view: &ShadowsView, rng: &mut GameRng) -> Option<Shadows> {
        Shadows::determinize(view, rng)
    }

    /// No level runs the generic tree search: hard's look-ahead is its own (`search::decide`,
    /// through `heuristic_at`).
    fn budget(view: &ShadowsView, difficulty: crate::rules::Difficulty) -> Option<Budget> {
        let _ = (view, difficulty);
        None
    }

    fn worth_searching(view: &ShadowsView, legal: &[Action]) -> bool {
        legal.len() > 1 && matches!(view.game.stack.last(), Some(Task::Heroic | Task::Evil))
    }

    /// Accusations and self-unmasking only when the heuristic would make them: a sampled
    /// Loyalty is no evidence.
    fn candidates(state: &Shadows, mut legal: Vec<Action>, rng: &mut GameRng) -> Vec<Action> {
        let Some(me) = state.deciding() else { return legal };
        let w = &state.content.bots.normal;
        let keep = heuristic_with(state, &legal, rng, w);
        legal.retain(|a| !matches!(a, Action::Accuse(_) | Action::RevealSelf) || Some(*a) == keep);
        let _ = me;
        legal
    }

    fn rollout_action(state: &Shadows, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        heuristic_with(state, legal, rng, &state.content.bots.normal)
    }

    fn rollout_over(_: &Shadows, _: &Shadows, steps: usize, horizon: u32) -> bool {
        steps >= horizon.max(1) as usize
    }

    fn evaluate(state: &Shadows) -> Vec<f64> {
        // Each seat judges the sample as the Loyal side's worth from its own seat, squashed.
        let bots = &state.content.bots;
        (0..state.knights.len())
            .map(|s| {
                let know = Know::new(state, s, &bots.normal, &bots.deeds);
                let v = f64::from(value(&know, state));
                let p = 1.0 / (1.0 + (-v / 4.0).exp());
                if state.knights[s].loyalty == Loyalty::Traitor {
                    1.0 - p
                } else {
                    p
                }
            })
            .collect()
    }
}
