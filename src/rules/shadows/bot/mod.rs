//! The cheap heuristic, the lookahead over it and the search hints.
//!
//! Easy plays the heuristic alone. Normal and hard play a Knight's Progression of Evil and Heroic
//! Actions by lookahead (`looked`): each choice is played on states sampled from the seat's view, a
//! few turns are played out by the heuristic, and the position reached is scored by the position
//! model fitted to played-out games (`value.rs`); another choice replaces the heuristic's only
//! when it scores clearly better for the seat's side (`Look::margin`). Hard samples more and looks
//! further. The Traitor looks ahead too, for the other side, but strikes only where the blow is
//! large (`Look::traitor_margin`): a Traitor who took every small gain was caught less and beat
//! the Knights too often for the game the rulebook means.
//!
//! The heuristic scores each legal action from the state in place (the seat's own hand and what
//! is public), builds no text and clones nothing. A Loyal Knight plays for the Round Table; a
//! hidden Traitor plays much like one (a Knight who obviously sabotages gets accused) but leans
//! toward Evil where it is cheap to: Siege Engines near the end, Black cards face down, no
//! Merlins pledged, a wrong accusation when White Swords lie on the table. Accusations weigh only
//! the public record (`Deeds`), never a hidden Loyalty card.

use super::*;
use crate::rules::{BotHints, Budget};

mod belief;
mod explain;
mod value;
mod weights;

pub use belief::Belief;
use explain::explain_shadows;
pub use value::{FEATURE_NAMES, FEATURES, TABLE_SIZES, ValueModel, features};
pub use weights::{BotFile, DeedOdds, ShadowsBots, Weights};

/// How bad a Black card is for the Knights, roughly (for Lancelot's Armor and Clairvoyance).
fn harm(g: &Shadows, c: Black) -> f32 {
    match c {
        Black::Hidden => 2.0,
        _ if c.is_special() => match c {
            Black::MorganMore => 5.0,
            Black::Vivien | Black::DarkForest | Black::Mists => 3.5,
            Black::MorganSiege | Black::MorganWound | Black::Mordred => 3.0,
            _ => 2.5,
        },
        Black::BlackKnight(v) | Black::Lancelot(v, _) => 1.0 + v as f32 * 0.3,
        _ => match g.black_target(c) {
            None => 2.0,
            Some(q) => 1.5 + quest_danger(g, q),
        },
    }
}

/// How near a quest is to being lost, 0..=2.
fn quest_danger(g: &Shadows, q: QuestId) -> f32 {
    let qs = g.quest(q);
    match &g.content.quest(q).kind {
        QuestKind::Combat { black_spots, .. } => 2.0 * qs.black.len() as f32 / (*black_spots).max(1) as f32,
        QuestKind::Track { half_length } => (-(qs.track as f32) / *half_length as f32 + 1.0).clamp(0.0, 2.0),
        QuestKind::Grail { spots } => 2.0 * qs.black.len() as f32 / (*spots).max(1) as f32,
        QuestKind::War { figures, .. } => 2.0 * qs.figures as f32 / (*figures).max(1) as f32,
    }
}

/// Whether a Special Black is worth three Merlins (each of which could remove a Siege Engine or
/// a Black card on its own).
fn special_worth_cancelling(g: &Shadows, card: Black) -> bool {
    let n = g.numbers();
    match card {
        Black::MorganMore | Black::Vivien | Black::Mists => true,
        Black::MorganSiege => g.siege + n.morgan_siege + 3 >= n.siege_lose,
        Black::DarkForest | Black::Desolation => {
            g.quest(QuestId::Grail).in_play && quest_danger(g, QuestId::Grail) > 1.0
        }
        Black::MorganWound => g.knights.iter().any(|k| k.active() && k.life == 1),
        Black::Guinevere => g
            .knights
            .iter()
            .any(|k| matches!(k.at, Location::Quest(q) if g.is_solo(q) && g.quest(q).white.len() >= 2)),
        Black::Mordred => false,
        _ => false,
    }
}

/// How much a card in hand is worth keeping.
fn card_worth(c: White) -> f32 {
    match c {
        White::Fight(v) => 0.5 + v as f32 * 0.25,
        White::Grail => 1.2,
        White::Merlin => 2.0,
        _ => 2.5,
    }
}

/// How suspicious a seat's public record looks, from another seat's point of view.
pub fn suspicion(g: &Shadows, s: Seat) -> f32 {
    let d = g.deeds[s];
    let sieged = d.get(Deed::SiegeLow) + d.get(Deed::SiegeMid) + d.get(Deed::SiegeHigh);
    let acts = (d.get(Deed::DrewBlack) + sieged + d.get(Deed::LostLife)).max(1) as f32;
    2.0 * d.get(Deed::FaceDown) as f32 + 3.0 * d.get(Deed::WrongAccusation) as f32 + 4.0 * sieged as f32 / acts
}

/// Whether `seat` plays as the Traitor: he holds the Traitor card and knows it. Under Three Brave
/// Knights no one has looked at his card until enough Swords lie on the table (his card shown by
/// an accusation or an unmasking excepted): a seat's own view then shows no Loyalty, and a Knight
/// dealt the Traitor card in a state the lookahead sampled (`look_means`) must play as the Knight
/// who does not know it.
fn plays_traitor(g: &Shadows, seat: Seat) -> bool {
    let k = &g.knights[seat];
    k.loyalty == Loyalty::Traitor && (!g.loyalty_unseen || k.revealed)
}

/// The heuristic's score of one legal action for the seat deciding.
pub fn action_value(g: &Shadows, a: &Action) -> f32 {
    action_value_with(g, a, &g.content.bots.normal)
}

/// `action_value` with a set of weights.
pub fn action_value_with(g: &Shadows, a: &Action, w: &Weights) -> f32 {
    let Some(me) = g.deciding() else { return 0.0 };
    let k = &g.knights[me];
    let traitor = plays_traitor(g, me);
    let n = g.numbers();
    let near_end = g.swords() as f32 / n.swords_end.max(1) as f32;
    let siege_fear = g.siege as f32 / n.siege_lose.max(1) as f32;
    let fights: ArrayVec<u8, 16> = k.hand.iter().filter_map(|c| c.fight()).take(16).collect();
    let fight_total: u8 = fights.iter().sum();
    match *a {
        // Progression of Evil: the least costly of three harms.
        Action::Evil(EvilChoice::DrawBlack) => {
            if traitor && k.unmasked {
                2.0 + siege_fear
            } else {
                let pressed = QuestId::ALL
                    .iter()
                    .filter(|&&q| g.quest(q).in_play && quest_danger(g, q) > 1.2)
                    .count() as f32;
                let became = w.black_siege * siege_share(g) * siege_cost(g, w);
                -(w.black_base + w.black_pressed * pressed + became)
            }
        }
        Action::Evil(EvilChoice::AddSiege) => {
            if traitor && k.unmasked {
                1.0 + 3.0 * siege_fear
            } else {
                let cost = siege_cost(g, w);
                if traitor { -cost * 0.6 } else { -cost }
            }
        }
        Action::Evil(EvilChoice::LoseLife) => {
            let cost = if siege_fear > w.life_siege_at && k.life >= 3 {
                w.life_siege_cost
            } else {
                match k.life {
                    6 => w.life6,
                    5 => w.life5,
                    4 => w.life4,
                    3 => w.life3,
                    2 => 4.0,
                    _ => 20.0,
                }
            };
            -cost
        }
        Action::Taunt(s) => g.knights[s].hand.len() as f32,
        Action::KeepBlack(i) => match g.stack.last() {
            Some(Task::ArmorPick { cards, .. }) => {
                let h = harm(g, cards[i as usize & 1]);
                if traitor { h } else { -h }
            }
            _ => 0.0,
        },
        Action::FaceDown(down) => match (down, traitor) {
            (true, true) => 1.0,
            (false, true) => 0.6,
            (true, false) => 0.2,
            (false, false) => 1.0,
        },
        Action::War(q) => {
            let f = g.quest(q).figures as f32;
            if traitor { f } else { -f }
        }
        Action::Yes | Action::No => {
            let yes = *a == Action::Yes;
            let v = match g.stack.last() {
                Some(Task::ExcaliburOffer { .. }) => {
                    // Give Excalibur up only to save a quest about to be lost.
                    let danger = g
                        .stack
                        .iter()
                        .rev()
                        .find_map(|t| match t {
                            Task::Place { card, war, .. } => Some(
                                war.or_else(|| g.black_target(*card))
                                    .map_or(0.0, |q| quest_danger(g, q)),
                            ),
                            _ => None,
                        })
                        .unwrap_or(0.0);
                    if danger > 1.6 && !traitor { 1.0 } else { -1.0 }
                }
                Some(Task::Volunteer { why, .. }) => {
                    let ok = match why {
                        Volunteering::Discard => k.hand.len() >= 7,
                        Volunteering::Sacrifice => k.life >= 5,
                    };
                    if ok && !traitor { 1.0 } else { -1.0 }
                }
                Some(Task::GrailRescue { .. }) if traitor => -1.0,
                _ => 1.0, // accept a split
            };
            if yes { v } else { -v }
        }
        Action::Pledge(p) => {
            let worth = match g.stack.last() {
                Some(Task::MerlinPledge { card, .. }) => special_worth_cancelling(g, *card),
                _ => false,
            };
            if traitor || !worth { -(p as f32) } else { p as f32 }
        }
        // No Merlin for this card: said by a Knight who has none left to pledge, or who does not
        // want it cancelled; one who would pledge stays open for the next round.
        Action::NoPledge => {
            let (worth, free) = match g.stack.last() {
                Some(Task::MerlinPledge { card, pledged, .. }) => (
                    special_worth_cancelling(g, *card),
                    k.count(White::Merlin) > pledged.get(me).copied().unwrap_or(0) as usize,
                ),
                _ => (false, false),
            };
            if !free || traitor || !worth { 0.5 } else { -1.0 }
        }
        Action::Card(c) => match g.stack.last() {
            // Fight cards: add while it helps.
            Some(Task::SiegeFight { .. }) => {
                let total: u8 = g.siege_cards.iter().filter_map(|c| c.fight()).sum::<u8>()
                    + if k.excalibur { n.excalibur_bonus } else { 0 };
                if total as f32 >= w.siege_total {
                    -1.0
                } else {
                    c.fight().unwrap_or(0) as f32 * 0.3 - 0.2
                }
            }
            Some(Task::KaySiege { roll, .. }) => {
                let total: u8 = g.siege_cards.iter().filter_map(|c| c.fight()).sum();
                let v = c.fight().unwrap_or(0);
                if total <= *roll && total + v > *roll {
                    2.0 - v as f32 * 0.1
                } else {
                    -1.0
                }
            }
            Some(Task::KayCombat { quest, .. }) => {
                let (kn, ev) = g.combat_totals(*quest);
                let v = c.fight().unwrap_or(0);
                if !traitor && kn <= ev && kn + v > ev {
                    2.0 - v as f32 * 0.1
                } else {
                    -1.0
                }
            }
            // Give or discard the least worth.
            _ => -card_worth(c),
        },
        Action::Roll => {
            let total: u8 = g.siege_cards.iter().filter_map(|c| c.fight()).sum();
            if total >= 6 { 1.0 } else { 0.0 }
        }
        Action::Done => match g.stack.last() {
            Some(Task::MessengerGive { .. }) => 0.0,
            _ => 0.5,
        },
        Action::Assign(s) => match g.stack.last() {
            // To whoever holds fewest, counting what the split gives so far.
            Some(Task::Share { assigned, .. }) => {
                -((g.knights[s].hand.len() + assigned.iter().filter(|&&x| x == s).count()) as f32)
            }
            _ => 0.0,
        },
        Action::PutNext(c) => {
            let h = harm(g, c);
            if traitor { h } else { -h }
        }
        // Heroic Actions.
        Action::EndTurn => 0.3,
        Action::Sacrifice => {
            // Worth a Life point when it buys work on the quest he stands on.
            let quest_open = g.this_turn.used & Kind::Quest.bit() == 0 && help(g, me, k.at, w) >= 1.0;
            if k.life as f32 >= w.sacrifice_life && !traitor && quest_open {
                1.0
            } else {
                -1.0
            }
        }
        Action::RevealSelf => -5.0,
        // The heuristic does not trade (a trade it cannot judge is worth less than any choice).
        Action::ArthurGive(..) => -50.0,
        Action::DrawWhite => {
            // Stock up before going out: a trip pays for itself over several plays.
            if (k.hand.len() as f32) < w.draw_to {
                w.draw
            } else {
                3.0 - 0.25 * k.hand.len() as f32
            }
        }
        Action::FightSiege(v) => {
            if fight_total as f32 >= w.siege_hand && siege_fear >= w.siege_fear_at {
                2.0 + w.siege_fight * siege_fear + 0.05 * v as f32
            } else {
                0.0
            }
        }
        Action::Fight(v) => {
            let base = w.fight + 0.1 * v as f32;
            if traitor { base - 1.2 } else { base }
        }
        Action::PlayGrail => {
            if traitor {
                1.8
            } else {
                let danger = quest_danger(g, QuestId::Grail);
                let late = 1.0 + w.grail_late * near_end;
                w.grail + danger + w.grail_danger_play * danger * danger * late
            }
        }
        Action::RaiseExcalibur(c) => {
            let qs = g.quest(QuestId::Excalibur);
            {
                // The spare cards go first: a Fight card with no twin, a Grail card while the
                // Grail is lost or blocked.
                let spare = match c {
                    White::Fight(_) => k.count(c) == 1,
                    White::Grail => !g.quest(QuestId::Grail).in_play || g.dark_forest,
                    _ => false,
                };
                let base = if spare { w.raise_spare } else { w.raise_keep };
                base + 0.2 * qs.track as f32 - 0.3 * card_worth(c) + if traitor { -1.0 } else { 0.0 }
            }
        }
        Action::Merlin(t) => {
            let v = match t {
                MerlinTarget::SiegeEngine => 1.0 + w.merlin_siege * siege_fear,
                MerlinTarget::Figure(q) | MerlinTarget::BlackCard(q) => w.merlin_quest * quest_danger(g, q),
            };
            if traitor { v - 2.0 } else { v }
        }
        Action::Clairvoyance => 0.5,
        Action::Convocation => 1.0,
        Action::Fate => {
            if traitor {
                -5.0
            } else {
                1.5
            }
        }
        Action::Heroism(q) => 1.0 + quest_danger(g, q) * if traitor { 0.5 } else { -0.3 },
        Action::LadyOfTheLake => 2.0,
        Action::Messenger(_) => 0.2,
        Action::Piety(mine) => {
            let lost: u8 = g
                .knights
                .iter()
                .enumerate()
                .filter(|(s, o)| *s != me && o.active())
                .map(|(_, o)| n.max_life.saturating_sub(o.life).min(n.piety_others))
                .sum();
            if mine {
                (n.max_life.saturating_sub(k.life).min(n.piety_self)) as f32 * 0.8
            } else {
                lost as f32 * 0.8
            }
        }
        Action::Reinforcements(mine) => {
            if mine {
                2.0
            } else {
                1.6
            }
        }
        Action::Heal(_) => {
            if k.life <= 2 {
                3.5
            } else if k.life < 4 {
                1.5
            } else {
                0.1
            }
        }
        Action::Accuse(s) => {
            if traitor {
                // A false accusation turns a White Sword Black: worth it near the end.
                if g.white_swords > 0 && near_end > 0.6 {
                    3.0 + suspicion(g, s) * 0.1
                } else {
                    -2.0
                }
            } else {
                // The likeliest Traitor, when the belief from the public record is sure enough.
                let b = Belief::of(g, me, &g.content.bots.deeds, 1.0);
                let p = b.p.get(s).copied().unwrap_or(0.0);
                let likeliest = b.p.iter().all(|&q| q <= p);
                if likeliest && p >= w.accuse_p && g.swords() as f32 >= w.accuse_swords {
                    2.0 + 10.0 * p
                } else {
                    -3.0
                }
            }
        }
        Action::Move(to) => move_value(g, me, to, traitor, w),
    }
}

/// What one more Siege Engine costs the Knights now.
fn siege_cost(g: &Shadows, w: &Weights) -> f32 {
    let left = g.numbers().siege_lose.saturating_sub(g.siege) as f32;
    if left <= 1.0 {
        50.0
    } else if (g.siege as f32) < w.siege_cheap_below && g.quest(QuestId::Excalibur).in_play {
        0.3
    } else {
        w.siege_cost / (left - 1.0)
    }
}

/// The share of the Black deck (by the content's counts) that now becomes a Siege Engine when
/// drawn: the cards of quests that are over.
fn siege_share(g: &Shadows) -> f32 {
    let mut all = 0u32;
    let mut gone = 0u32;
    for c in &g.content.deck.black {
        all += c.count as u32;
        let over = match c.card {
            Black::Excalibur => !g.quest(QuestId::Excalibur).in_play,
            Black::Despair | Black::Desolation | Black::DarkForest => !g.quest(QuestId::Grail).in_play,
            Black::Lancelot(..) => g.lancelot_or_dragon().is_none(),
            _ => false,
        };
        if over {
            gone += c.count as u32;
        }
    }
    gone as f32 / all.max(1) as f32
}

/// How far the Knights' side of a quest is toward a victory, 0..=1.
fn progress(g: &Shadows, q: QuestId) -> f32 {
    let qs = g.quest(q);
    match &g.content.quest(q).kind {
        QuestKind::Combat { white_spots, .. } => qs.white.len() as f32 / (*white_spots).max(1) as f32,
        QuestKind::Track { half_length } => (qs.track.max(0) as f32 / *half_length as f32).min(1.0),
        QuestKind::Grail { spots } => qs.white.len() as f32 / (*spots).max(1) as f32,
        QuestKind::War { sequence, .. } => qs.white.len() as f32 / sequence.len().max(1) as f32,
    }
}

/// How much the Knights need work on a place now: its danger and how near it is to a win,
/// weighted by the Swords at stake.
fn need(g: &Shadows, at: Location, w: &Weights) -> f32 {
    let n = g.numbers();
    match at {
        Location::RoundTable => 0.3,
        Location::Siege => 5.0 * (g.siege as f32 / n.siege_lose.max(1) as f32 - 0.3).max(0.0),
        Location::Quest(q) => {
            let def = g.content.quest(q);
            let stake = (def.victory.swords + def.defeat.swords) as f32 * 0.5;
            (0.4 + quest_danger(g, q) + w.need_progress * progress(g, q)) * (0.6 + 0.4 * stake)
        }
        Location::Gone => 0.0,
    }
}

/// How much the seat's hand can do at a place (in Heroic Actions' worth of progress).
fn help(g: &Shadows, me: Seat, at: Location, w: &Weights) -> f32 {
    let k = &g.knights[me];
    let n = g.numbers();
    match at {
        Location::RoundTable => {
            if k.hand.len() < 5 {
                1.5
            } else {
                0.3
            }
        }
        Location::Siege => {
            let total: u8 = k.hand.iter().filter_map(|c| c.fight()).sum();
            if g.siege > 0 && total >= 5 { 1.5 } else { 0.0 }
        }
        Location::Quest(q) => {
            let qs = g.quest(q);
            match &g.content.quest(q).kind {
                QuestKind::Combat {
                    pattern, white_spots, ..
                } => {
                    // Cards that fit, added greedily highest first.
                    let mut side = qs.white.clone();
                    let mut fits = 0;
                    for &c in k.hand.iter().rev() {
                        if let Some(v) = c.fight()
                            && side.len() < *white_spots as usize
                            && apply::pattern_allows(&side, v, pattern)
                        {
                            side.push(c);
                            fits += 1;
                        }
                    }
                    let remaining = (*white_spots as usize).saturating_sub(qs.white.len());
                    if !g.is_solo(q) {
                        fits as f32 * w.help_group
                    } else if fits >= remaining {
                        // A solo quest is worth going to with the cards to finish it.
                        let bk = if q == QuestId::BlackKnight { w.black_knight } else { 0.0 };
                        fits as f32 * 0.9 + w.help_solo + bk
                    } else if fits >= 2 {
                        fits as f32 * 0.35
                    } else {
                        0.0
                    }
                }
                QuestKind::Track { half_length } => {
                    let left = (*half_length as i8 - qs.track).max(0) as usize;
                    k.hand.len().min(left) as f32 * w.help_track
                }
                QuestKind::Grail { spots } => {
                    let full = qs.white.len() + qs.black.len() >= *spots as usize;
                    if g.dark_forest || (full && qs.black.is_empty()) {
                        0.0
                    } else {
                        let danger = quest_danger(g, q);
                        let late = 1.0 + w.grail_late * g.swords() as f32 / n.swords_end.max(1) as f32;
                        k.count(White::Grail) as f32 * (w.help_grail + w.grail_danger_help * danger * late)
                    }
                }
                QuestKind::War {
                    sequence,
                    mordred_extra,
                    ..
                } => {
                    let done = qs.white.len().min(sequence.len());
                    let later = sequence[done..].iter().filter(|&&v| k.holds(White::Fight(v))).count() as f32;
                    match apply::war_next(qs, sequence, *mordred_extra) {
                        Some(v) if k.holds(White::Fight(v)) => w.help_war + 0.4 * later,
                        _ => 0.0,
                    }
                }
            }
        }
        Location::Gone => {
            let _ = n;
            0.0
        }
    }
}

/// What going somewhere offers the seat, against staying where he is.
fn move_value(g: &Shadows, me: Seat, to: Location, traitor: bool, w: &Weights) -> f32 {
    let k = &g.knights[me];
    // A solo quest's cards are one Knight's; a group quest gains from company.
    // On a group quest company helps: it ends sooner and every Knight present gains its Life.
    // A solo quest's spot is taken.
    let others = g.present(to).iter().filter(|&&s| s != me).count() as f32;
    let company = match to {
        Location::Quest(q) if !g.is_solo(q) => 1.0 + w.company * others,
        _ => 1.0,
    };
    let there = help(g, me, to, w) * (1.0 + need(g, to, w)) * company;
    let mut here = help(g, me, k.at, w) * (1.0 + need(g, k.at, w));
    if let Location::Quest(q) = k.at
        && g.is_solo(q)
        && !g.quest(q).white.is_empty()
    {
        // Leaving a solo quest throws away the cards played there.
        here += 1.5 + g.quest(q).white.len() as f32;
    }
    let v = w.travel + there - w.here * here;
    if traitor { v * 0.8 } else { v }
}

/// The heuristic's choice among the legal actions.
fn heuristic_pick(g: &Shadows, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
    heuristic_with(g, legal, rng, &g.content.bots.normal)
}

/// The heuristic's choice with a set of weights, from the deciding seat's view (or a sampled
/// state).
pub fn heuristic_with(g: &Shadows, legal: &[Action], rng: &mut GameRng, w: &Weights) -> Option<Action> {
    let mut best: Option<(f32, Action)> = None;
    for a in legal {
        let v = action_value_with(g, a, w) + rng.below(1000) as f32 * 1e-4;
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, *a));
        }
    }
    best.map(|(_, a)| a)
}

/// How hard the lookahead looks (it judges a Loyal Knight's Progression of Evil and Heroic
/// Actions, `look_choices`).
#[derive(Clone, Copy, Debug)]
pub struct Look {
    /// States sampled from the view; every choice is played on each.
    pub samples: u32,
    /// Turns played out after the choice (1: to the end of this turn).
    pub turns: u32,
    /// How much better (in the model's chance) another choice must score than the heuristic's.
    pub margin: f64,
    /// The same for a Traitor (the Knights' chance lower by this much).
    pub traitor_margin: f64,
}

impl Look {
    /// Normal: four samples, five turns played out.
    pub const NORMAL: Look = Look {
        samples: 4,
        turns: 5,
        margin: 0.06,
        traitor_margin: 0.35,
    };
    /// Hard: sixteen samples, ten turns (two rounds at five players) played out.
    pub const HARD: Look = Look {
        samples: 16,
        turns: 10,
        margin: 0.06,
        traitor_margin: 0.35,
    };
}

/// The choices the lookahead judges at this decision (none: the heuristic decides alone).
fn look_choices(g: &Shadows, me: Seat, legal: &[Action], pick: Action, look: Look) -> Vec<Action> {
    if g.knights.get(me).is_none() || look.samples == 0 || g.content.bots.value.is_flat() {
        return Vec::new();
    }
    let aside = |a: &Action| matches!(a, Action::Accuse(_) | Action::RevealSelf | Action::ArthurGive(..));
    // A Loyal Knight's last Life point is never given up on the lookahead's word, to Evil or for
    // another action: his death costs his actions for the rest of the game, beyond the few turns
    // it plays out (the review showed it preferring that death to a Black card).
    let last_life = g.knights[me].life <= 1 && !plays_traitor(g, me);
    let kills = |a: &Action| last_life && matches!(a, Action::Evil(EvilChoice::LoseLife) | Action::Sacrifice);
    let choices: Vec<Action> = match g.stack.last() {
        Some(Task::Evil) => legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Evil(_)) && !kills(a))
            .collect(),
        Some(Task::Heroic) if !aside(&pick) => legal.iter().copied().filter(|a| !aside(a) && !kills(a)).collect(),
        _ => Vec::new(),
    };
    if choices.len() <= 1 || !choices.contains(&pick) {
        return Vec::new();
    }
    choices
}

/// Each choice's mean chance for the seat's own side (the Knights', or for the Traitor one less
/// theirs): played on `look.samples` states sampled from the view (the same samples and the same
/// dice for every choice), `look.turns` turns played out by the heuristic, the position reached
/// scored by `ValueModel::knights_chance`.
fn look_means(view: &ShadowsView, choices: &[Action], rng: &mut GameRng, look: Look) -> Option<Vec<f64>> {
    let g = &view.game;
    let model = &g.content.bots.value;
    let mut sums = vec![0.0f64; choices.len()];
    let mut buf = Vec::new();
    let until = g.turn + look.turns.max(1);
    let traitor = g.traitor_seat() == Some(view.seat);
    for i in 0..look.samples {
        let sample = Shadows::determinize(view, rng)?;
        let seed = rng.below(u32::MAX) as u64 ^ ((i as u64) << 32);
        for (c, a) in choices.iter().enumerate() {
            let mut s = sample.clone();
            if s.apply_quiet(a).is_err() {
                sums[c] = f64::MIN;
                continue;
            }
            let mut r = GameRng::seeded(seed);
            for _ in 0..2_000 {
                if s.outcome().is_some() || s.turn >= until {
                    break;
                }
                s.legal_actions_into(&mut buf);
                let Some(x) = heuristic_pick(&s, &buf, &mut r) else {
                    break;
                };
                if s.apply_quiet(&x).is_err() {
                    break;
                }
            }
            let knights = f64::from(model.knights_chance(&s));
            sums[c] += if traitor { 1.0 - knights } else { knights };
        }
    }
    let n = f64::from(look.samples.max(1));
    Some(sums.into_iter().map(|x| x / n).collect())
}

/// The choices a lookahead judged and each one's mean.
type Judged = (Vec<Action>, Vec<f64>);

/// A Knight's choice judged by the position model (`look_means`): the best mean wins when it
/// beats the heuristic's pick by `look.margin` (a Traitor's by `look.traitor_margin`), else the
/// pick stands. The means it judged by come back with the choice, so that a hint shows the
/// numbers that chose.
fn looked(
    view: &ShadowsView,
    legal: &[Action],
    pick: Option<Action>,
    rng: &mut GameRng,
    look: Look,
) -> (Option<Action>, Option<Judged>) {
    let Some(pick) = pick else {
        return (None, None);
    };
    let choices = look_choices(&view.game, view.seat, legal, pick, look);
    if choices.is_empty() {
        return (Some(pick), None);
    }
    let Some(means) = look_means(view, &choices, rng, look) else {
        return (Some(pick), None);
    };
    let at = choices.iter().position(|a| *a == pick).unwrap_or(0);
    let mut best = at;
    for c in 0..choices.len() {
        if means[c] > means[best] + 1e-9 {
            best = c;
        }
    }
    let margin = if view.game.traitor_seat() == Some(view.seat) {
        look.traitor_margin
    } else {
        look.margin
    };
    let chosen = if means[best] > means[at] + margin {
        choices[best]
    } else {
        pick
    };
    (Some(chosen), Some((choices, means)))
}

/// The level's lookahead, if any.
fn look_for(difficulty: crate::rules::Difficulty) -> Option<Look> {
    match difficulty {
        crate::rules::Difficulty::Easy => None,
        crate::rules::Difficulty::Normal => Some(Look::NORMAL),
        crate::rules::Difficulty::Hard => Some(Look::HARD),
    }
}

/// A rough chance that the Loyal Knights win from here.
fn loyal_chance(g: &Shadows) -> f64 {
    let n = g.numbers();
    let w = g.white_swords as f64;
    let b = g.black_swords as f64;
    let siege = g.siege as f64 / n.siege_lose.max(1) as f64;
    // Each Loyal Knight's life: a death loses his actions for the rest of the game.
    let life: f64 = g
        .knights
        .iter()
        .filter(|k| k.loyalty == Loyalty::Loyal)
        .map(|k| {
            if k.dead || k.doomed {
                -1.5
            } else {
                match k.life {
                    0 => -1.5,
                    1 => -0.8,
                    2 => -0.3,
                    _ => 0.0,
                }
            }
        })
        .sum();
    let danger: f64 = QuestId::ALL
        .iter()
        .filter(|&&q| g.quest(q).in_play)
        .map(|&q| {
            let d = g.content.quest(q);
            quest_danger(g, q) as f64 * (d.defeat.swords as f64 + d.defeat.siege as f64 * 0.5)
        })
        .sum();
    let traitor_hidden = g
        .traitor_seat()
        .is_some_and(|t| !g.knights[t].unmasked && !g.knights[t].dead);
    // Every Siege Engine counts (each costs an action to burn), the last ones most.
    let x = 0.5 * (w - b)
        - 0.35 * g.siege as f64
        - 10.0 * (siege - 0.5).max(0.0)
        - 0.6 * (b - 4.0).max(0.0)
        - 0.25 * danger
        + life
        - if traitor_hidden { 0.8 } else { 0.0 };
    1.0 / (1.0 + (-x).exp())
}

/// The search's budget for a difficulty, should a level search again (`budget` says why none
/// does now).
pub fn search_budget(difficulty: crate::rules::Difficulty) -> Option<Budget> {
    let mut b = match difficulty {
        crate::rules::Difficulty::Easy => return None,
        crate::rules::Difficulty::Normal => Budget::new(2000, 180),
        crate::rules::Difficulty::Hard => Budget::new(8000, 900),
    };
    // Playouts stop after this many actions and are judged by `evaluate`.
    b.horizon = 80;
    Some(b)
}

impl BotHints for Shadows {
    fn heuristic(view: &ShadowsView, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        heuristic_pick(&view.game, legal, rng)
    }

    fn heuristic_at(
        view: &ShadowsView,
        legal: &[Action],
        rng: &mut GameRng,
        difficulty: crate::rules::Difficulty,
    ) -> Option<Action> {
        Self::heuristic_rated_at(view, legal, rng, difficulty).0
    }

    /// The level's choice and the lookahead's mean chance for each choice it judged (the seat's
    /// own side's: a Traitor's is one less the Knights'), from the very samples that chose.
    fn heuristic_rated_at(
        view: &ShadowsView,
        legal: &[Action],
        rng: &mut GameRng,
        difficulty: crate::rules::Difficulty,
    ) -> (Option<Action>, Option<Vec<Option<f64>>>) {
        let bots = &view.game.content.bots;
        let w = match difficulty {
            crate::rules::Difficulty::Easy => &bots.easy,
            _ => &bots.normal,
        };
        let pick = heuristic_with(&view.game, legal, rng, w);
        let Some(look) = look_for(difficulty) else {
            return (pick, None);
        };
        let (chosen, judged) = looked(view, legal, pick, rng, look);
        let rates = judged.map(|(choices, means)| {
            legal
                .iter()
                .map(|a| choices.iter().position(|c| c == a).map(|i| means[i].clamp(0.0, 1.0)))
                .collect()
        });
        (chosen, rates)
    }

    fn determinize(view: &ShadowsView, rng: &mut GameRng) -> Option<Shadows> {
        Shadows::determinize(view, rng)
    }

    /// No level runs the tree search: measured, it played worse than the heuristic (git history
    /// of the README before 2a51790), both with playouts cut at 80 actions and judged by `evaluate` and with playouts
    /// to the end. Normal and hard judge their choices by the lookahead instead (`Look`, in
    /// `heuristic_at`). `search_budget` is what the search would use.
    fn budget(view: &ShadowsView, difficulty: crate::rules::Difficulty) -> Option<Budget> {
        let _ = (view, difficulty);
        None
    }

    /// The search weighs the Heroic Actions (where to go, what to play); the Progression of
    /// Evil, the accusations' timing and the choices inside effects are left to the heuristic,
    /// whose rules of thumb measured better there than the search's horizon evaluation.
    fn worth_searching(view: &ShadowsView, legal: &[Action], _: &Budget) -> bool {
        legal.len() > 1 && matches!(view.game.stack.last(), Some(Task::Heroic))
    }

    /// Accusations and self-unmasking only when the heuristic would make them: a sampled
    /// Loyalty is no evidence.
    fn candidates(state: &Shadows, mut legal: Vec<Action>, _: &Budget, _: &mut GameRng) -> Vec<Action> {
        legal.retain(|a| !matches!(a, Action::Accuse(_) | Action::RevealSelf) || action_value(state, a) > 0.0);
        legal
    }

    fn rollout_action(state: &Shadows, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        heuristic_pick(state, legal, rng)
    }

    fn rollout_over(_: &Shadows, _: &Shadows, steps: usize, horizon: u32) -> bool {
        steps >= horizon.max(1) as usize
    }

    fn heuristic_scores(view: &ShadowsView, legal: &[Action]) -> Option<Vec<f64>> {
        Some(legal.iter().map(|a| action_value(&view.game, a) as f64).collect())
    }

    /// One seed's win chances wander (`review_noise`); a decision takes well under the review's
    /// second, so it is rated under 8 and they are averaged.
    fn review_seeds() -> u32 {
        8
    }

    /// Measured: the spread between three reviews at the 95th percentile, 0.056 over 297 decisions,
    /// each review averaging eight seeds, of an easy seat against normal bots (docs/review.md).
    fn review_noise() -> f64 {
        0.06
    }

    fn explain(view: &ShadowsView, action: &Action) -> Vec<String> {
        explain_shadows(&view.game, action)
    }

    fn evaluate(state: &Shadows) -> Vec<f64> {
        let p = loyal_chance(state);
        state
            .knights
            .iter()
            .map(|k| if k.loyalty == Loyalty::Traitor { 1.0 - p } else { p })
            .collect()
    }
}

/// Every legal action's score for the seat deciding (for looking at how the bots judge).
pub fn scores(g: &Shadows, _me: Seat, legal: &[Action], w: &Weights) -> Vec<f32> {
    legal.iter().map(|a| action_value_with(g, a, w)).collect()
}

/// The seat's belief about who holds the Traitor card, from its view (`Belief`).
pub fn belief(view: &ShadowsView) -> Belief {
    Belief::of(&view.game, view.seat, &view.game.content.bots.deeds, 1.0)
}

/// How the seat of a view sees the table, in words (for looking at how the bots judge).
pub fn explain(view: &ShadowsView) -> String {
    let b = belief(view);
    let sus: Vec<String> = (0..view.game.knights.len())
        .map(|s| format!("{:.1}", suspicion(&view.game, s)))
        .collect();
    format!(
        "traitor belief {:?}, suspicion [{}]",
        &b.p[..view.game.knights.len()],
        sus.join(" ")
    )
}
