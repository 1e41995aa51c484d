//! What a position is worth to the Loyal Knights, as one seat sees it: the bots' evaluation.
//!
//! Every term reads what the seat may know only: the public board, its own hand, the sizes of
//! the other hands, the public record of deeds. Run on a full state (a search's sample) it reads
//! the same things, so it judges a sample as it would judge the view.
//!
//! Units: Sword-margin points (a White Sword is 1). The quests are races: the Knights need `k`
//! more cards, Evil `e` more Black cards of the quest's kinds; Evil draws a share of the
//! remaining Black cards each round, the Knights present play one card a round each while their
//! hands last. A quest's chance is a logistic of the race's margin in rounds, and it is worth
//! its chance times what its victory lays and gives, less the rest times what its defeat takes.

use super::super::*;
use super::weights::{DeedOdds, Weights};

/// A win or a loss, against the few points a position is worth.
pub(super) const WIN: f32 = 40.0;

/// The White kinds, for counting: Fight 1–9, then Grail, Merlin and the eight unique cards.
pub(super) const WHITE_KINDS: usize = 19;

pub(super) fn white_index(c: White) -> usize {
    match c {
        White::Fight(v) => (v.clamp(1, 9) - 1) as usize,
        White::Grail => 9,
        White::Merlin => 10,
        White::Clairvoyance => 11,
        White::Convocation => 12,
        White::Fate => 13,
        White::Heroism => 14,
        White::LadyOfTheLake => 15,
        White::Messenger => 16,
        White::Piety => 17,
        White::Reinforcements => 18,
    }
}

/// What the deciding seat knows that its own decision does not change: the cards it has not
/// seen, and the next Black card if it has looked.
pub(super) struct Know<'a> {
    pub me: Seat,
    pub w: &'a Weights,
    pub odds: &'a DeedOdds,
    /// Black cards not seen, by kind (a face-down card of another seat counts a share of each
    /// value of its type).
    pub black: ArrayVec<(Black, f32), 32>,
    pub black_total: f32,
    /// Unseen White cards: the share of each kind.
    pub white: [f32; WHITE_KINDS],
    /// The next Black card, when the seat has looked at it.
    pub top: Option<Black>,
    /// The seat is the Traitor (and reasons as himself).
    pub traitor_truth: bool,
    /// Shares of the unseen Black cards, worked out once: Excalibur, Despair, Desolation, Picts,
    /// Saxons, Mercenaries and Mordred, Black Knight, Lancelot cards.
    pub shares: Shares,
    /// The mean unseen Combat value on the Black Knight, Lancelot and the Dragon.
    pub means: [f32; 3],
}

/// Shares of the unseen Black cards by kind.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Shares {
    pub excalibur: f32,
    pub despair: f32,
    pub desolation: f32,
    pub picts: f32,
    pub saxons: f32,
    pub either_war: f32,
    pub black_knight: f32,
    pub lancelot: f32,
}

impl<'a> Know<'a> {
    pub fn new(g: &Shadows, me: Seat, w: &'a Weights, odds: &'a DeedOdds) -> Know<'a> {
        let content = &g.content;
        // Black: the deck less what the seat has seen.
        let mut black: ArrayVec<(Black, f32), 32> = ArrayVec::new();
        for c in content.black_cards() {
            match black.iter_mut().find(|(b, _)| *b == c) {
                Some((_, n)) => *n += 1.0,
                None => {
                    let _ = black.try_push((c, 1.0));
                }
            }
        }
        let take = |c: Black, black: &mut ArrayVec<(Black, f32), 32>| {
            if let Some((_, n)) = black.iter_mut().find(|(b, n)| *b == c && *n > 0.0) {
                *n -= 1.0;
            }
        };
        for &c in &g.black_discard {
            take(c, &mut black);
        }
        let mut hidden_types: ArrayVec<Black, 16> = ArrayVec::new();
        for qs in &g.quests {
            for p in &qs.black {
                if p.face_down && p.by != me {
                    let _ = hidden_types.try_push(p.card.hidden());
                } else {
                    take(p.card, &mut black);
                }
            }
        }
        let known_top = g.knights.get(me).map_or(0, |k| k.black_top as usize);
        let known_bottom = g.knights.get(me).map_or(0, |k| k.black_bottom as usize);
        let len = g.black_draw.len();
        for (i, &c) in g.black_draw.iter().enumerate() {
            if (i < known_bottom || i + known_top >= len) && c != Black::Hidden {
                take(c, &mut black);
            }
        }
        // A face-down card of another seat: one of its type, each value by its share.
        for t in hidden_types {
            let same = |b: Black| b.hidden() == t && b != t;
            let total: f32 = black.iter().filter(|(b, _)| same(*b)).map(|(_, n)| *n).sum();
            if total > 0.0 {
                for (b, n) in black.iter_mut() {
                    if same(*b) {
                        *n -= *n / total;
                    }
                }
            }
        }
        let black_total = black.iter().map(|(_, n)| n.max(0.0)).sum();
        let top = if known_top >= 1 {
            g.black_draw.last().copied().filter(|&c| c != Black::Hidden)
        } else {
            None
        };
        // White: the deck less the seat's hand and the cards on the board.
        let mut white = [0.0f32; WHITE_KINDS];
        for c in content.white_cards() {
            white[white_index(c)] += 1.0;
        }
        let seen = |c: White, white: &mut [f32; WHITE_KINDS]| {
            if c != White::Fight(0) {
                let i = white_index(c);
                white[i] = (white[i] - 1.0).max(0.0);
            }
        };
        if let Some(k) = g.knights.get(me) {
            for &c in &k.hand {
                seen(c, &mut white);
            }
        }
        for qs in &g.quests {
            for &c in &qs.white {
                seen(c, &mut white);
            }
        }
        for &c in &g.siege_cards {
            seen(c, &mut white);
        }
        let total: f32 = white.iter().sum::<f32>().max(1.0);
        for x in white.iter_mut() {
            *x /= total;
        }
        let traitor = g.knights.get(me).is_some_and(|k| k.loyalty == Loyalty::Traitor);
        let mut know = Know {
            me,
            w,
            odds,
            black,
            black_total,
            white,
            top,
            traitor_truth: traitor,
            shares: Shares::default(),
            means: [3.0; 3],
        };
        know.shares = Shares {
            excalibur: know.share(|b| b == Black::Excalibur),
            despair: know.share(|b| b == Black::Despair),
            desolation: know.share(|b| b == Black::Desolation),
            picts: know.share(|b| b == Black::Picts),
            saxons: know.share(|b| b == Black::Saxons),
            either_war: know.share(|b| matches!(b, Black::Mercenaries | Black::Mordred)),
            black_knight: know.share(|b| matches!(b, Black::BlackKnight(_))),
            lancelot: know.share(|b| matches!(b, Black::Lancelot(..))),
        };
        know.means = [
            know.mean_value(QuestId::BlackKnight, |b| matches!(b, Black::BlackKnight(_))),
            know.mean_value(QuestId::Lancelot, |b| matches!(b, Black::Lancelot(..))),
            know.mean_value(QuestId::Dragon, |b| matches!(b, Black::Lancelot(..))),
        ];
        know
    }

    /// The share of unseen Black cards that are of these kinds.
    pub fn share(&self, kind: impl Fn(Black) -> bool) -> f32 {
        if self.black_total <= 0.0 {
            return 0.0;
        }
        self.black
            .iter()
            .filter(|(b, _)| kind(*b))
            .map(|(_, n)| n.max(0.0))
            .sum::<f32>()
            / self.black_total
    }

    /// The mean value of the unseen Combat cards of a type on a quest.
    fn mean_value(&self, q: QuestId, combat: impl Fn(Black) -> bool) -> f32 {
        let (mut sum, mut count) = (0.0, 0.0);
        for &(b, n) in &self.black {
            if combat(b) && n > 0.0 {
                sum += combat_value(b, q) as f32 * n;
                count += n;
            }
        }
        if count > 0.0 { sum / count } else { 3.0 }
    }
}

/// A Black Combat card's value on a quest.
pub(super) fn combat_value(b: Black, q: QuestId) -> u8 {
    match b {
        Black::BlackKnight(v) => v,
        Black::Lancelot(l, d) => {
            if q == QuestId::Dragon {
                d
            } else {
                l
            }
        }
        _ => 0,
    }
}

/// Who the hidden Traitor may be, from one seat's view of the public record.
#[derive(Clone, Copy, Debug)]
pub struct Belief {
    /// The chance that each seat is the Traitor (1 for a known one, 0 for a known Loyal).
    pub p: [f32; 7],
    /// The chance that a Traitor is alive and still hidden (he will turn Swords over at the end).
    pub hidden: f32,
}

impl Belief {
    /// Bayes over the Loyalty deck, each seat's deeds weighed by how likely each is for the
    /// Traitor against a Loyal Knight (`DeedOdds`), `temper` scaling the evidence.
    pub fn of(g: &Shadows, me: Seat, odds: &DeedOdds, temper: f32) -> Belief {
        let mut p = [0.0f32; 7];
        let mut loyal = g.deck_loyal as i32;
        let mut traitor = g.deck_traitor as i32;
        let mut unknown: ArrayVec<(Seat, f32), 7> = ArrayVec::new();
        let mut hidden = 0.0;
        for (s, k) in g.knights.iter().enumerate().take(7) {
            let known = k.revealed || (s == me && !g.loyalty_unseen);
            if known {
                match k.loyalty {
                    Loyalty::Traitor => {
                        traitor -= 1;
                        p[s] = 1.0;
                        if !k.unmasked && !k.dead {
                            hidden = 1.0;
                        }
                    }
                    _ => loyal -= 1,
                }
            } else {
                let mut lr = 0.0f32;
                for d in Deed::ALL {
                    let c = g.deeds.get(s).map_or(0, |x| x.get(d));
                    if c > 0 {
                        lr += c as f32 * odds.get(d);
                    }
                }
                unknown.push((s, (temper * lr).clamp(-30.0, 30.0).exp()));
            }
        }
        if traitor <= 0 || unknown.is_empty() {
            return Belief { p, hidden };
        }
        let cards = (loyal.max(0) + traitor) as f32;
        let each = traitor as f32 / cards;
        let none = (1.0 - unknown.len() as f32 * each).max(0.0);
        let z: f32 = unknown.iter().map(|(_, lr)| lr * each).sum::<f32>() + none;
        for &(s, lr) in &unknown {
            p[s] = lr * each / z.max(1e-9);
            if !g.knights[s].dead {
                hidden += p[s];
            }
        }
        Belief {
            p,
            hidden: hidden.min(1.0),
        }
    }
}

fn sq(x: f32) -> f32 {
    x * x
}

pub(super) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The Loyal side's worth of a position, as the deciding seat of `know` sees it.
pub(super) fn value(know: &Know, g: &Shadows) -> f32 {
    let w = know.w;
    let belief = Belief::of(g, know.me, know.odds, w.belief_temper);
    if g.outcome.is_some() || g.swords() >= g.numbers().swords_end {
        return terminal(g, &belief);
    }
    let n = g.numbers();
    let (white, black) = (g.white_swords as f32, g.black_swords as f32);
    let mut v = white - w.black_sword * black;
    v -= w.black_near * sq((black - (n.black_swords_lose as f32 - 4.0)).max(0.0));
    // The hidden Traitor's flip at the end.
    let flip = (n.traitor_flip as f32).min(white + 1.0);
    v -= w.flip * belief.hidden * flip * (1.0 + w.black_sword);
    let scene = Scene::new(know, g);
    v -= scene.siege_cost(w, g, g.siege as f32);
    // The Knights: their lives, weighed by how sure the seat is that each is Loyal.
    let rescue = g.knights.iter().any(|k| k.grail && k.active());
    let me_traitor = know.traitor_truth;
    for (s, k) in g.knights.iter().enumerate() {
        if k.unmasked {
            continue;
        }
        let loyal = if s == know.me && !g.loyalty_unseen {
            if me_traitor { 0.0 } else { 1.0 }
        } else {
            1.0 - belief.p.get(s).copied().unwrap_or(0.0)
        };
        v += loyal * life_value(w, k, rescue);
        if k.active() {
            if k.excalibur {
                v += loyal * w.relic_excalibur;
            }
            if k.grail {
                v += loyal * w.relic_grail;
            }
            if k.armor {
                v += loyal * w.relic_armor;
            }
        }
    }
    // Cards.
    for (s, k) in g.knights.iter().enumerate() {
        if !k.active() {
            continue;
        }
        if s == know.me {
            v += hand_worth(know, &scene, &k.hand);
        } else {
            let loyal = 1.0 - belief.p.get(s).copied().unwrap_or(0.0);
            v += loyal * w.card_other * capped(k.hand.len() as f32, w.card_cap);
        }
    }
    for t in &g.stack {
        if let Task::Share { pool, .. } | Task::ShareVote { pool, .. } = t {
            v += w.card_other * pool.len() as f32;
        }
    }
    // The quests.
    let mut quests = [0.0f32; 7];
    for q in QuestId::ALL {
        if g.quest(q).in_play {
            quests[q.index()] = quest_value(know, g, q, &belief, &scene, &[]);
            v += quests[q.index()];
        }
    }
    // Where the seat stands: what its next action there is worth.
    v += w.position * potential(know, g, &belief, &scene, &quests);
    v
}

/// The terms of `value`, in words (for looking at how the bots judge).
pub(super) fn explain(know: &Know, g: &Shadows) -> String {
    let w = know.w;
    let belief = Belief::of(g, know.me, know.odds, w.belief_temper);
    let scene = Scene::new(know, g);
    let mut out = format!(
        "siege cost {:.2} (step {:.2}), unknown card {:.2}, traitor hidden {:.2};",
        scene.siege_cost(w, g, g.siege as f32),
        scene.step,
        scene.unknown,
        belief.hidden
    );
    let mut quests = [0.0f32; 7];
    for q in QuestId::ALL {
        if g.quest(q).in_play {
            let d = quest_detail(know, g, q, &belief, &scene, &[]);
            quests[q.index()] = d.value;
            out.push_str(&format!(
                " {q:?} {:.2} (p {:.2}, {:.1} actions, {:.1} cards, {:.1} others);",
                d.value, d.p_win, d.actions, d.cards, d.others_able
            ));
        }
    }
    if let Some(k) = g.knights.get(know.me) {
        out.push_str(&format!(" hand {:.2};", hand_worth(know, &scene, &k.hand)));
    }
    out.push_str(&format!(
        " potential {:.2} (",
        potential(know, g, &belief, &scene, &quests)
    ));
    let mut g2 = g.clone();
    for q in QuestId::ALL {
        if g.quest(q).in_play
            && let Some(k) = g2.knights.get_mut(know.me)
        {
            k.at = Location::Quest(q);
            out.push_str(&format!("{q:?} {:.2} ", potential(know, &g2, &belief, &scene, &quests)));
        }
    }
    out.push(')');
    out
}

/// A finished game (or one whose last Sword is laid in a view that cannot see the Traitor).
fn terminal(g: &Shadows, belief: &Belief) -> f32 {
    let n = g.numbers();
    if let Some(o) = &g.outcome {
        // A full state knows; a view without the Traitor's card thinks it knows, unless the
        // game ended on the Swords.
        let loyal_won = o.winners.iter().any(|&s| g.knights[s].loyalty == Loyalty::Loyal);
        let on_swords = g.swords() >= n.swords_end && g.siege < n.siege_lose && g.black_swords < n.black_swords_lose;
        if !on_swords || g.knights.iter().any(|k| k.loyalty == Loyalty::Traitor) {
            return if loyal_won { WIN } else { -WIN };
        }
    }
    // The Swords decide: with a hidden Traitor, after his flip.
    let (w, b) = (g.white_swords, g.black_swords);
    let flip = n.traitor_flip.min(w);
    let with_flip = (w - flip) > (b + flip) && b + flip < n.black_swords_lose;
    let without = w > b;
    let p = belief.hidden * f32::from(u8::from(with_flip)) + (1.0 - belief.hidden) * f32::from(u8::from(without));
    WIN * (2.0 * p - 1.0)
}

fn capped(x: f32, cap: f32) -> f32 {
    if x <= cap { x } else { cap + 0.5 * (x - cap) }
}

/// A Knight's Life, against 4.
fn life_value(w: &Weights, k: &KnightState, rescue: bool) -> f32 {
    if k.dead || (k.doomed && !rescue) {
        return -w.life_dead;
    }
    match k.life {
        0 => -w.life_1 - 0.5 * w.life_dead,
        1 => -w.life_1,
        2 => -w.life_2,
        3 => -w.life_3,
        4 => 0.0,
        5 => w.life_5,
        _ => w.life_6,
    }
}

/// What one position makes of the cards and the siege, worked out once per evaluation.
pub(super) struct Scene {
    /// The share of unseen Black cards that would become Siege Engines (their quests are over).
    gone: f32,
    /// What one more Siege Engine costs now.
    pub step: f32,
    /// Each White kind's worth in hand.
    pub worth: [f32; WHITE_KINDS],
    /// An unseen card's mean worth.
    pub unknown: f32,
    /// The wars' next needed value and the values after it.
    wars: [Option<(u8, ArrayVec<u8, 8>)>; 2],
}

impl Scene {
    pub fn new(know: &Know, g: &Shadows) -> Scene {
        let w = know.w;
        let sh = &know.shares;
        let over = |q: QuestId| !g.quest(q).in_play;
        let gone = if over(QuestId::Excalibur) { sh.excalibur } else { 0.0 }
            + if over(QuestId::Grail) { sh.despair } else { 0.0 }
            + if g.lancelot_or_dragon().is_none() {
                sh.lancelot
            } else {
                0.0
            };
        let wars = [war_needs(g, QuestId::PictWar), war_needs(g, QuestId::SaxonWar)];
        let mut scene = Scene {
            gone,
            step: 0.0,
            worth: [0.0; WHITE_KINDS],
            unknown: 0.0,
            wars,
        };
        let s = g.siege as f32;
        scene.step = scene.siege_cost(w, g, s + 1.0) - scene.siege_cost(w, g, s);
        // Each kind's worth.
        let near = |q: QuestId| 0.5 + quest_danger(g, q) + progress(g, q);
        let war_near = [near(QuestId::PictWar), near(QuestId::SaxonWar)];
        for v in 1..=9u8 {
            let mut x = w.fight_base + w.fight_value * v as f32;
            for (i, war) in scene.wars.iter().enumerate() {
                if let Some((next, later)) = war
                    && (*next == v || later.contains(&v))
                {
                    x += w.war_card * war_near[i] * if *next == v { 1.0 } else { 0.5 };
                }
            }
            scene.worth[(v - 1) as usize] = x;
        }
        scene.worth[9] = if g.quest(QuestId::Grail).in_play && !g.dark_forest {
            w.grail_card * (0.6 + 0.4 * (quest_danger(g, QuestId::Grail) + progress(g, QuestId::Grail)))
        } else {
            w.junk_card
        };
        scene.worth[10] = if g.vivien { 0.2 * w.merlin_card } else { w.merlin_card };
        for x in scene.worth[11..].iter_mut() {
            *x = w.special_card;
        }
        scene.unknown = know.white.iter().zip(scene.worth.iter()).map(|(s, x)| s * x).sum();
        scene
    }

    /// The Siege Engines' cost: those standing plus those still to come from Black cards of
    /// quests that are over.
    pub fn siege_cost(&self, w: &Weights, g: &Shadows, siege: f32) -> f32 {
        let n = g.numbers();
        let left = (n.swords_end as f32 - g.swords() as f32).max(0.0);
        let se = siege + w.siege_inflow * self.gone * left;
        let mut c = w.siege_lin * se + w.siege_quad * sq((se - w.siege_knee).max(0.0));
        if siege + 1.0 >= n.siege_lose as f32 {
            c += w.siege_last;
        }
        c
    }

    /// A card's worth in hand (an unseen one's: the mean).
    pub fn card(&self, c: White) -> f32 {
        if c == White::Fight(0) {
            self.unknown
        } else {
            self.worth[white_index(c)]
        }
    }
}

/// The mean worth of a White card the seat has not seen (a card it would draw).
pub(super) fn unknown_worth(know: &Know, g: &Shadows) -> f32 {
    Scene::new(know, g).unknown
}

/// What holding one card is worth to the Loyal side, before copies are counted.
pub(super) fn card_worth(know: &Know, g: &Shadows, c: White) -> f32 {
    Scene::new(know, g).card(c)
}

/// A hand's worth: each card's, later copies of a Grail or special card counting less, and the
/// cards past the best `hand_full` less and less (one card is played a turn).
fn hand_worth(know: &Know, scene: &Scene, hand: &[White]) -> f32 {
    let w = know.w;
    let mut worths: ArrayVec<f32, 32> = ArrayVec::new();
    let mut i = 0;
    while i < hand.len() {
        let c = hand[i];
        let mut j = i;
        while j < hand.len() && hand[j] == c {
            j += 1;
        }
        let each = scene.card(c);
        let mut f = 1.0;
        for copy in 0..(j - i) {
            let decays = !matches!(c, White::Fight(_)) || copy >= 3;
            let _ = worths.try_push(each * f);
            if decays {
                f *= w.dup_decay;
            }
        }
        i = j;
    }
    worths.sort_unstable_by(|a, b| b.total_cmp(a));
    let full = w.hand_full.max(0.0) as usize;
    let mut v = 0.0;
    let mut f = 1.0;
    for (rank, x) in worths.iter().enumerate() {
        if rank >= full {
            f *= w.hand_decay;
        }
        v += x * f;
    }
    v
}

/// A war's next needed Fight value and the ones after it.
fn war_needs(g: &Shadows, q: QuestId) -> Option<(u8, ArrayVec<u8, 8>)> {
    war_needs_at(g, q, g.quest(q).white.len())
}

/// The same with `done` cards already on the war.
fn war_needs_at(g: &Shadows, q: QuestId, done: usize) -> Option<(u8, ArrayVec<u8, 8>)> {
    let qs = g.quest(q);
    if !qs.in_play {
        return None;
    }
    let QuestKind::War {
        sequence,
        mordred_extra,
        ..
    } = &g.content.quest(q).kind
    else {
        return None;
    };
    let next = match sequence.get(done) {
        Some(&v) => v,
        None if qs.mordred && done == sequence.len() => *mordred_extra,
        None => return None,
    };
    let mut later: ArrayVec<u8, 8> = sequence.iter().skip(done + 1).copied().take(7).collect();
    if qs.mordred && !later.is_full() && done < sequence.len() {
        later.push(*mordred_extra);
    }
    Some((next, later))
}

/// How near a quest is to its loss, 0..=1.
pub(super) fn quest_danger(g: &Shadows, q: QuestId) -> f32 {
    let qs = g.quest(q);
    match &g.content.quest(q).kind {
        QuestKind::Combat { black_spots, .. } => qs.black.len() as f32 / (*black_spots).max(1) as f32,
        QuestKind::Track { half_length } => {
            ((*half_length as f32 - qs.track as f32) / (2 * *half_length) as f32).clamp(0.0, 1.0)
        }
        QuestKind::Grail { spots } => qs.black.len() as f32 / (*spots).max(1) as f32,
        QuestKind::War { figures, .. } => qs.figures as f32 / (*figures).max(1) as f32,
    }
}

/// How near a quest is to its victory, 0..=1.
pub(super) fn progress(g: &Shadows, q: QuestId) -> f32 {
    let qs = g.quest(q);
    match &g.content.quest(q).kind {
        QuestKind::Combat { white_spots, .. } => qs.white.len() as f32 / (*white_spots).max(1) as f32,
        QuestKind::Track { half_length } => {
            ((qs.track as f32 + *half_length as f32) / (2 * *half_length) as f32).clamp(0.0, 1.0)
        }
        QuestKind::Grail { spots } => qs.white.len() as f32 / (*spots).max(1) as f32,
        QuestKind::War { sequence, .. } => qs.white.len() as f32 / sequence.len().max(1) as f32,
    }
}

/// A Knight's expected cards of a kind share among `len` unseen cards, and the chance he holds one.
fn expect(len: usize, share: f32) -> (f32, f32) {
    (len as f32 * share, 1.0 - (1.0 - share).powi(len as i32))
}

/// The Fight cards of a hand that fit a combat quest's pattern, added greedily highest first:
/// how many, and their total.
pub(super) fn combat_fits(hand: &[White], side: &[White], pattern: &[u8], spots: usize) -> (usize, u8) {
    let mut side: ArrayVec<White, 12> = side.iter().copied().take(12).collect();
    let (mut fits, mut total) = (0usize, 0u8);
    for &c in hand.iter().rev() {
        if let Some(v) = c.fight()
            && v > 0
            && side.len() < spots.min(12)
            && apply::pattern_allows(&side, v, pattern)
        {
            side.push(c);
            fits += 1;
            total = total.saturating_add(v);
        }
    }
    (fits, total)
}

/// One quest's worth: its chance times what winning it brings, less the rest times what losing
/// it takes, less the actions it still needs where it is won.
///
/// The race: Evil needs `e` more Black cards of the quest's kinds, drawn at the table's pace
/// (`draw_share` of each Knight's Progression of Evil, the kinds' share of the unseen Black
/// cards). The Knights need `k` more cards played, plus, for every card their hands do not
/// hold (the other Knights' unseen hands in part, `absent_share`, unless they stand there), the
/// Round Table draws that find one (`refill`). They play at `rate_base`, plus `rate_each` for
/// each other able Knight standing there (the seat's own place is weighed apart: `potential`).
///
/// `plays`: cards the seat would play there next (they leave his hand and lie on the quest).
fn quest_value(know: &Know, g: &Shadows, q: QuestId, belief: &Belief, scene: &Scene, plays: &[White]) -> f32 {
    quest_detail(know, g, q, belief, scene, plays).value
}

/// `quest_value` with its chance and the actions it still needs.
fn quest_detail(know: &Know, g: &Shadows, q: QuestId, belief: &Belief, scene: &Scene, plays: &[White]) -> QuestDetail {
    let w = know.w;
    let me = know.me;
    let def = g.content.quest(q);
    let qs = g.quest(q);
    let at = Location::Quest(q);
    let me_traitor = know.traitor_truth;
    let loyal_of = |s: Seat| -> f32 {
        if s == me && !g.loyalty_unseen {
            if me_traitor { 0.0 } else { 1.0 }
        } else {
            1.0 - belief.p.get(s).copied().unwrap_or(0.0)
        }
    };
    // The quest and the seat's hand, with the card played.
    let mut white: ArrayVec<White, 12> = qs.white.iter().copied().take(12).collect();
    let mut track = qs.track;
    let mut my_hand: ArrayVec<White, 32> = g
        .knights
        .get(me)
        .map_or(ArrayVec::new(), |k| k.hand.iter().copied().take(32).collect());
    for &c in plays {
        if let Some(i) = my_hand.iter().position(|&x| x == c) {
            my_hand.remove(i);
        }
        match &def.kind {
            QuestKind::Track { .. } => track += 1,
            _ => {
                let _ = white.try_push(c);
            }
        }
    }
    let holds = |v: u8| my_hand.contains(&White::Fight(v));
    let my_count = |c: White| my_hand.iter().filter(|&&x| x == c).count() as f32;
    let shares = &know.white;
    let fight_share: f32 = shares[..9].iter().sum();
    let war = if plays.is_empty() {
        match q {
            QuestId::PictWar => scene.wars[0].clone(),
            QuestId::SaxonWar => scene.wars[1].clone(),
            _ => None,
        }
    } else {
        war_needs_at(g, q, white.len())
    };
    // The share of unseen White cards each card the quest needs is found among.
    let find_share = match &def.kind {
        QuestKind::Track { .. } => 1.0,
        QuestKind::Grail { .. } => shares[9],
        QuestKind::War { .. } => war
            .as_ref()
            .map_or(0.1, |(next, _)| shares[(next.clamp(&1, &9) - 1) as usize]),
        QuestKind::Combat { .. } => fight_share * 0.4,
    };
    let refill = (0.5 / find_share.max(0.02)).min(12.0) * w.refill;
    let alive = g.knights.iter().filter(|k| k.active()).count().max(1) as f32;
    let occupant = if def.solo {
        g.knights.iter().position(|k| k.active() && k.at == at)
    } else {
        None
    };
    let mut stock = 0.0f32;
    let mut others_able = 0.0f32;
    let mut present_loyal = 0.0f32;
    let mut frail = 0.0f32;
    let mut my_total = 0.0f32;
    let mut my_fits = 0usize;
    let defeat_life = def.defeat.life.unsigned_abs();
    for (s, k) in g.knights.iter().enumerate() {
        if !k.active() {
            continue;
        }
        let present = k.at == at;
        let loyal = loyal_of(s);
        if present {
            present_loyal += loyal;
            if (k.life as u32) <= defeat_life as u32 {
                frail += loyal;
            }
        }
        // A seat known to be the Traitor plays nothing for the Knights; a solo quest's
        // occupant's cards only.
        if loyal <= 0.0 || occupant.is_some_and(|o| o != s) {
            continue;
        }
        let mine = s == me;
        let len = if mine { my_hand.len() } else { k.hand.len() };
        let (count, able) = match &def.kind {
            QuestKind::Track { .. } => (len as f32, (len as f32).min(1.0)),
            QuestKind::Grail { .. } => {
                if mine {
                    let c = my_count(White::Grail) + my_count(White::Fight(0)) * shares[9];
                    (c, c.min(1.0))
                } else {
                    expect(len, shares[9])
                }
            }
            QuestKind::War { .. } => match &war {
                None => (0.0, 0.0),
                Some((next, later)) => {
                    if mine {
                        let c = u8::from(holds(*next)) as f32 + later.iter().filter(|&&v| holds(v)).count() as f32;
                        (c, if holds(*next) { 1.0 } else { 0.0 })
                    } else {
                        let f = |v: u8| shares[(v.clamp(1, 9) - 1) as usize];
                        let (_, p_next) = expect(len, f(*next));
                        let c = p_next + later.iter().map(|&v| expect(len, f(v)).1).sum::<f32>();
                        (c, p_next)
                    }
                }
            },
            QuestKind::Combat {
                white_spots, pattern, ..
            } => {
                if mine {
                    let (fits, total) = combat_fits(&my_hand, &white, pattern, *white_spots as usize);
                    my_fits = fits;
                    my_total = total as f32;
                    (fits as f32, (fits as f32).min(1.0))
                } else {
                    expect(len, fight_share * 0.4)
                }
            }
        };
        if mine || present {
            stock += count * loyal;
        } else {
            stock += count * loyal * w.absent_share;
        }
        if present && !mine {
            others_able += able * loyal;
        }
    }
    let cap = if def.solo { 1.0 } else { 3.0 };
    let rate = w.rate_base + w.rate_each * others_able.min(cap);
    let draws = alive * w.draw_share;
    let heroism = u8::from(g.heroism == Some(q)) as f32;
    let win_swords = def.victory.swords as f32 + heroism;
    let loss_swords = def.defeat.swords as f32 + heroism + if g.mists { 1.0 } else { 0.0 };
    // The Knights' actions the quest still needs, and its cards.
    let actions = std::cell::Cell::new(0.0f32);
    let needed = std::cell::Cell::new(0.0f32);
    // The race in rounds: (its chance, the Knights' rounds, Evil's rounds).
    let race = |k_need: f32, e_need: f32, p_e: f32| -> (f32, f32, f32) {
        let t_e = e_need / (draws * p_e).max(0.01);
        let k_eff = k_need + (k_need - stock).max(0.0) * refill;
        actions.set(k_eff);
        needed.set(k_need);
        let t_k = k_eff / rate.max(0.05);
        let p = sigmoid(w.race_scale * (t_e - t_k) / (1.0 + t_e + t_k).sqrt());
        (p, t_k, t_e)
    };
    let p_win = match &def.kind {
        QuestKind::Track { half_length } => {
            let half = *half_length as f32;
            if track as f32 >= half {
                1.0
            } else {
                race(half - track as f32, half + track as f32, know.shares.excalibur).0
            }
        }
        QuestKind::Grail { spots } => {
            let spots = *spots as f32;
            let (wl, bl) = (white.len() as f32, qs.black.len() as f32);
            if wl >= spots {
                1.0
            } else if g.dark_forest {
                0.0
            } else {
                // Every Black card must go (a Grail card on a full line pushes one off) and every
                // Grail card too (a Despair on a full line pushes one off).
                let k_need = spots - wl + bl;
                let p_e = know.shares.despair + 0.6 * know.shares.desolation;
                race(k_need, spots - bl + wl, p_e).0
            }
        }
        QuestKind::War { figures, .. } => match &war {
            None => 1.0,
            Some((_, later)) => {
                let k_need = 1.0 + later.len() as f32;
                let own = if q == QuestId::PictWar {
                    know.shares.picts
                } else {
                    know.shares.saxons
                };
                let p_e = own + 0.5 * know.shares.either_war;
                race(k_need, (*figures as f32 - qs.figures as f32).max(0.0), p_e).0
            }
        },
        QuestKind::Combat {
            white_spots,
            black_spots,
            ..
        } => {
            let k_need = (*white_spots as f32 - white.len() as f32).max(0.0);
            let e_need = (*black_spots as f32 - qs.black.len() as f32).max(0.0);
            let p_e = if q == QuestId::BlackKnight {
                know.shares.black_knight
            } else {
                know.shares.lancelot
            };
            let (p_fill, t_k, t_e) = race(k_need, e_need, p_e);
            let mean_e = know.means[match q {
                QuestId::BlackKnight => 0,
                QuestId::Lancelot => 1,
                _ => 2,
            }];
            let excalibur = g.knights.iter().any(|k| k.active() && k.excalibur && k.at == at);
            let kn_now = white.iter().filter_map(|c| c.fight()).map(f32::from).sum::<f32>()
                + if excalibur {
                    g.numbers().excalibur_bonus as f32
                } else {
                    0.0
                };
            let mut ev_now = 0.0f32;
            for p in &qs.black {
                let v = combat_value(p.card, q);
                ev_now += if v == 0 || (p.face_down && p.by != me) {
                    mean_e
                } else {
                    v as f32
                };
            }
            let mean_k = if my_fits > 0 { my_total / my_fits as f32 } else { 3.0 };
            let kay = g
                .knights
                .iter()
                .any(|k| k.active() && k.at == at && k.knight == KnightId::Kay && !k.hand.is_empty());
            let kay_bonus = if kay { 2.5 } else { 0.0 };
            let evil_rate = draws * p_e;
            let e_before = (t_k * evil_rate).min((e_need - 1.0).max(0.0));
            let k_before = (t_e * rate).min((k_need - 1.0).max(0.0));
            let spread = w.sum_spread;
            let knights_full = kn_now + k_need * mean_k + kay_bonus;
            let p_k = sigmoid((knights_full - ev_now - e_before * mean_e - 0.5) / spread);
            let p_e_first = sigmoid((kn_now + k_before * mean_k + kay_bonus - ev_now - e_need * mean_e - 0.5) / spread);
            p_fill * p_k + (1.0 - p_fill) * p_e_first
        }
    };
    let relic = match q {
        QuestId::Excalibur => w.relic_excalibur,
        QuestId::Grail => w.relic_grail,
        QuestId::Lancelot => w.relic_armor,
        _ => 0.0,
    };
    let win = win_swords
        + def.victory.cards as f32 * w.spoil_card
        + def.victory.life.max(0) as f32 * w.quest_life * present_loyal
        + relic;
    let loss = loss_swords * w.black_sword
        + def.defeat.siege as f32 * scene.step
        + defeat_life as f32 * w.quest_life * present_loyal
        + frail * 0.5 * w.life_dead;
    // The actions it still needs are spent where it is won (a hopeless quest is not worked at).
    // Counted at `bank`: a quest done is worth more than one as good as done.
    let v = w.bank * (p_win * (win - w.action * actions.get()) - (1.0 - p_win) * loss);
    QuestDetail {
        value: v,
        p_win,
        actions: actions.get(),
        cards: needed.get(),
        others_able,
    }
}

/// One quest as the evaluation sees it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct QuestDetail {
    pub value: f32,
    pub p_win: f32,
    /// The Knights' actions it still needs.
    pub actions: f32,
    /// The cards it still needs.
    pub cards: f32,
    /// The other able Knights standing there (each likely to play before the seat's next turn).
    pub others_able: f32,
}

/// The seat's own place: what its next actions there are worth (up to three cards on its quest,
/// each later one discounted by `position_decay`; a draw or a Siege fight in Camelot), at least
/// nothing.
fn potential(know: &Know, g: &Shadows, belief: &Belief, scene: &Scene, base: &[f32; 7]) -> f32 {
    let Some(k) = g.knights.get(know.me) else { return 0.0 };
    if !k.active() || know.traitor_truth {
        return 0.0;
    }
    let n = g.numbers();
    match k.at {
        Location::Quest(q) if g.quest(q).in_play => {
            let qs = g.quest(q);
            let mut plays: ArrayVec<White, 4> = ArrayVec::new();
            let mut hand: ArrayVec<White, 32> = k.hand.iter().copied().take(32).collect();
            let mut side: ArrayVec<White, 12> = qs.white.iter().copied().take(12).collect();
            let mut now = base[q.index()];
            let mut total = 0.0f32;
            let mut factor = 1.0f32;
            // The others standing there play first: the seat's plays count only while the
            // quest still needs cards after theirs.
            let detail = quest_detail(know, g, q, belief, scene, &[]);
            let room = (detail.cards - know.w.crowd * detail.others_able)
                .ceil()
                .clamp(0.0, 3.0) as usize;
            for _ in 0..room {
                // The cards that could go next.
                let mut cards: ArrayVec<White, 8> = ArrayVec::new();
                match &g.content.quest(q).kind {
                    QuestKind::Track { half_length } => {
                        if (qs.track as i32 + plays.len() as i32) < *half_length as i32
                            && let Some(&c) = hand.iter().min_by(|a, b| scene.card(**a).total_cmp(&scene.card(**b)))
                        {
                            cards.push(c);
                        }
                    }
                    QuestKind::Grail { spots } => {
                        if hand.contains(&White::Grail) && !g.dark_forest && side.len() < *spots as usize {
                            cards.push(White::Grail);
                        }
                    }
                    QuestKind::War { .. } => {
                        if let Some((next, _)) = war_needs_at(g, q, side.len())
                            && hand.contains(&White::Fight(next))
                        {
                            cards.push(White::Fight(next));
                        }
                    }
                    QuestKind::Combat {
                        white_spots, pattern, ..
                    } => {
                        if side.len() < *white_spots as usize {
                            for v in 1..=9u8 {
                                if hand.contains(&White::Fight(v))
                                    && apply::pattern_allows(&side, v, pattern)
                                    && !cards.is_full()
                                {
                                    cards.push(White::Fight(v));
                                }
                            }
                        }
                    }
                }
                let mut best: Option<(f32, f32, White)> = None;
                for c in cards {
                    let mut with = plays.clone();
                    with.push(c);
                    let after = quest_value(know, g, q, belief, scene, &with);
                    let gain = after - now - scene.card(c);
                    if best.is_none_or(|(b, _, _)| gain > b) {
                        best = Some((gain, after, c));
                    }
                }
                let Some((gain, after, c)) = best else { break };
                if gain <= 0.0 {
                    break;
                }
                total += factor * gain;
                factor *= know.w.position_decay;
                now = after;
                plays.push(c);
                if let Some(i) = hand.iter().position(|&x| x == c) {
                    hand.remove(i);
                }
                if !matches!(g.content.quest(q).kind, QuestKind::Track { .. }) {
                    let _ = side.try_push(c);
                }
            }
            total
        }
        Location::RoundTable | Location::Siege => {
            let room = (n.draw_limit as usize)
                .saturating_sub(k.hand.len())
                .min(n.round_table_draw as usize);
            let mut more: ArrayVec<White, 40> = k.hand.iter().copied().take(32).collect();
            for _ in 0..room {
                let _ = more.try_push(White::Fight(0));
            }
            let draw = hand_worth(know, scene, &more) - hand_worth(know, scene, &k.hand);
            let fight = if g.siege > 0 {
                let mut fights: ArrayVec<u8, 16> = k
                    .hand
                    .iter()
                    .filter_map(|c| c.fight())
                    .filter(|&v| v > 0)
                    .take(16)
                    .collect();
                fights.sort_unstable_by(|a, b| b.cmp(a));
                let die = n.siege_die.max(1) as u32;
                let mut total = if k.excalibur { n.excalibur_bonus as u32 } else { 0 };
                let mut cost = 0.0;
                for v in fights {
                    if total >= die {
                        break;
                    }
                    total += v as u32;
                    cost += scene.card(White::Fight(v));
                }
                let p = (total.min(die) as f32) / die as f32;
                p * scene.step - cost
            } else {
                0.0
            };
            draw.max(fight).max(0.0)
        }
        _ => 0.0,
    }
}
