//! The cheap heuristic: each legal action scored from the state in place (the seat's own hand and
//! what is public), building no text and cloning nothing; the best one played.

use crate::rules::shadows::action::{Action, Face, ForWhom, Task};
use crate::rules::shadows::apply;
use crate::rules::shadows::bot::belief::Belief;
use crate::rules::shadows::bot::combat::{completion, solo_margin};
use crate::rules::shadows::bot::measures::{grail_pushed, progress, quest_danger, raced, siege_share};
use crate::rules::shadows::content::{Black, QuestId, QuestKind, White};
use crate::rules::shadows::deeds::Deed;
use crate::rules::shadows::pieces::{EvilChoice, Kind, Location, Loyalty, MerlinTarget, Volunteering};
use crate::rules::shadows::state::Shadows;
use crate::rules::shadows::tuning::Weights;
use crate::rules::{GameRng, Seat};
use std::cell::OnceCell;

/// How bad a Black card is for the Knights, roughly (for Lancelot's Armor and Clairvoyance).
pub(super) fn harm(g: &Shadows, c: Black) -> f32 {
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

/// Whether a Special Black is worth three Merlins (each of which could remove a Siege Engine or
/// a Black card on its own).
pub(super) fn special_worth_cancelling(g: &Shadows, card: Black) -> bool {
    let n = g.numbers();
    match card {
        Black::MorganMore | Black::Vivien | Black::Mists => true,
        Black::MorganSiege => g.siege + n.morgan_siege + 3 >= n.siege_lose,
        // Guard the Grail while it is in danger or Knights are pushing it.
        Black::DarkForest | Black::Desolation => {
            g.quest(QuestId::Grail).in_play && (quest_danger(g, QuestId::Grail) > 1.0 || grail_pushed(g))
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

/// How much a card in hand is worth keeping: a Grail card `grail_keep` while the Knights push
/// the Grail (one stands there, or Grail cards lie on it), less while it waits, next to nothing
/// once it is over.
pub(super) fn card_worth(g: &Shadows, c: White, w: &Weights) -> f32 {
    match c {
        White::Fight(v) => 0.5 + v as f32 * 0.25,
        White::Grail if grail_pushed(g) => w.grail_keep,
        White::Grail if g.quest(QuestId::Grail).in_play => 1.2,
        White::Grail => 0.3,
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
pub(super) fn plays_traitor(g: &Shadows, seat: Seat) -> bool {
    let k = &g.knights[seat];
    k.loyalty == Loyalty::Traitor && (!g.loyalty_unseen || k.revealed)
}

/// The heuristic's score of one legal action for the seat deciding.
pub fn action_value(g: &Shadows, a: &Action) -> f32 {
    action_value_with(g, a, &g.content.bots.normal)
}

/// `action_value` with a set of weights.
pub fn action_value_with(g: &Shadows, a: &Action, w: &Weights) -> f32 {
    action_value_in(g, a, w, &Shared::default())
}

/// What the legal actions of one decision have in common, worked out at most once for all of
/// them (the heuristic scores every legal action, and its play-outs are most of the lookahead's
/// time): the seat deciding, what staying where he is offers him (every move weighs it), his
/// belief about the Traitor (every Accusation reads it).
#[derive(Default)]
pub(crate) struct Shared {
    me: OnceCell<Option<Seat>>,
    here: OnceCell<f32>,
    belief: OnceCell<Belief>,
}

/// `action_value_with`, sharing what the decision's actions have in common (`Shared`: one for
/// one decision of one state).
pub(crate) fn action_value_in(g: &Shadows, a: &Action, w: &Weights, shared: &Shared) -> f32 {
    let Some(me) = *shared.me.get_or_init(|| g.deciding()) else {
        return 0.0;
    };
    let k = &g.knights[me];
    let traitor = plays_traitor(g, me);
    let n = g.numbers();
    let near_end = g.swords() as f32 / n.swords_end.max(1) as f32;
    let siege_fear = g.siege as f32 / n.siege_lose.max(1) as f32;
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
                let h = harm(g, cards[i.index()]);
                if traitor { h } else { -h }
            }
            _ => 0.0,
        },
        Action::Face(face) => match (face, traitor) {
            (Face::Down, true) => 1.0,
            (Face::Up, true) => 0.6,
            (Face::Down, false) => 0.2,
            (Face::Up, false) => 1.0,
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
            _ => -card_worth(g, c, w),
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
            let fight_total: u8 = k.hand.iter().filter_map(|c| c.fight()).take(16).sum();
            if fight_total as f32 >= w.siege_hand && siege_fear >= w.siege_fear_at {
                2.0 + w.siege_fight * siege_fear + 0.05 * v as f32
            } else {
                0.0
            }
        }
        Action::Fight(v) => {
            // On a combat quest, the card that keeps the best completion of its pattern.
            let base = match k.at {
                Location::Quest(q) if matches!(g.content.quest(q).kind, QuestKind::Combat { .. }) => {
                    match completion(g, me, q, Some(v)) {
                        // Highest first: a side cut short by Evil's last card is judged on what
                        // lies on it.
                        Some(c) if g.is_solo(q) => w.fight + 0.05 * c.total as f32 + 0.1 * v as f32,
                        Some(c) => w.fight + 0.3 * c.fits as f32 + 0.05 * c.total as f32,
                        None => w.fight - 2.0,
                    }
                }
                _ => w.fight + 0.1 * v as f32,
            };
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
                base + 0.2 * qs.track as f32 - 0.3 * card_worth(g, c, w) + if traitor { -1.0 } else { 0.0 }
            }
        }
        Action::Merlin(t) => {
            let v = match t {
                MerlinTarget::SiegeEngine => 1.0 + w.merlin_siege * siege_fear,
                MerlinTarget::Figure(q) => w.merlin_quest * quest_danger(g, q),
                MerlinTarget::BlackCard(q) => {
                    w.merlin_quest * quest_danger(g, q) + if raced(g, q) { w.merlin_solo } else { 0.0 }
                }
            };
            if traitor { v - 2.0 } else { v }
        }
        Action::Clairvoyance => 0.5,
        // Everyone comes home: a Knight on a solo quest loses the cards he played there.
        Action::Convocation => {
            let recalled: f32 = QuestId::ALL
                .iter()
                .filter(|&&q| raced(g, q))
                .map(|&q| 1.0 + g.quest(q).white.len() as f32)
                .sum();
            let cost = w.recall_cost * recalled;
            if traitor { 1.0 + cost } else { 1.0 - cost }
        }
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
        Action::Piety(whom) => {
            let lost: u8 = g
                .knights
                .iter()
                .enumerate()
                .filter(|(s, o)| *s != me && o.active())
                .map(|(_, o)| n.max_life.saturating_sub(o.life).min(n.piety_others))
                .sum();
            if whom == ForWhom::Himself {
                (n.max_life.saturating_sub(k.life).min(n.piety_self)) as f32 * 0.8
            } else {
                lost as f32 * 0.8
            }
        }
        Action::Reinforcements(whom) => {
            if whom == ForWhom::Himself {
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
                let b = shared
                    .belief
                    .get_or_init(|| Belief::of(g, me, &g.content.bots.deeds, 1.0));
                let p = b.p.get(s).copied().unwrap_or(0.0);
                let likeliest = b.p.iter().all(|&q| q <= p);
                if likeliest && p >= w.accuse_p && g.swords() as f32 >= w.accuse_swords {
                    2.0 + 10.0 * p
                } else {
                    -3.0
                }
            }
        }
        Action::Move(to) => {
            let here = *shared.here.get_or_init(|| staying(g, me, w));
            move_value(g, me, to, here, traitor, w)
        }
    }
}

/// What one more Siege Engine costs the Knights now.
pub(super) fn siege_cost(g: &Shadows, w: &Weights) -> f32 {
    let left = g.numbers().siege_lose.saturating_sub(g.siege) as f32;
    if left <= 1.0 {
        50.0
    } else if (g.siege as f32) < w.siege_cheap_below && g.quest(QuestId::Excalibur).in_play {
        0.3
    } else {
        w.siege_cost / (left - 1.0)
    }
}

/// How much the Knights need work on a place now: its danger and how near it is to a win,
/// weighted by the Swords at stake.
pub(super) fn need(g: &Shadows, at: Location, w: &Weights) -> f32 {
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
pub(super) fn help(g: &Shadows, me: Seat, at: Location, w: &Weights) -> f32 {
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
                // A group combat quest (the Dragon): worth going with at least a group's worth
                // of cards that fit (a triple), the other Knights bringing the rest.
                QuestKind::Combat { pattern, .. } if !g.is_solo(q) => {
                    let group = pattern.iter().copied().max().unwrap_or(1);
                    match completion(g, me, q, None) {
                        Some(c) if c.fits >= group => c.fits as f32 * w.help_group,
                        _ => 0.0,
                    }
                }
                QuestKind::Combat {
                    pattern, white_spots, ..
                } => {
                    let bk = if q == QuestId::BlackKnight { w.black_knight } else { 0.0 };
                    // A solo quest his own hand can finish and likely win.
                    if let Some(m) = solo_margin(g, me, q, w)
                        && m > w.combat_margin
                    {
                        let add = completion(g, me, q, None).map_or(0, |c| c.add);
                        let lancelot = if q == QuestId::Lancelot { w.lancelot_go } else { 0.0 };
                        return add as f32 * 0.9 + w.help_solo + bk + lancelot + w.solo_margin * m.min(8.0);
                    }
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
                    // The easy level (no `solo_margin`) still goes with any cards that finish it.
                    if fits >= remaining && w.solo_margin == 0.0 {
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
                        let held = k.count(White::Grail) as f32;
                        // Knights go together: a second Grail card and company there count more.
                        let others = g.present(at).iter().filter(|&&s| s != me).count() as f32;
                        // While the Knights lead on Swords a lost Grail closes the game in their
                        // favour: the push then counts `grail_ahead` of itself.
                        let ahead = if g.white_swords > g.black_swords {
                            w.grail_ahead
                        } else {
                            1.0
                        };
                        let push = if held > 0.0 {
                            (w.grail_push * (held - 1.0) + w.grail_company * others) * ahead
                        } else {
                            0.0
                        };
                        held * (w.help_grail + w.grail_danger_help * danger * late) + push
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

/// What going somewhere offers the seat, against staying where he is (`here`: `staying`).
pub(super) fn move_value(g: &Shadows, me: Seat, to: Location, here: f32, traitor: bool, w: &Weights) -> f32 {
    // A solo quest's cards are one Knight's; a group quest gains from company.
    // On a group quest company helps: it ends sooner and every Knight present gains its Life.
    // A solo quest's spot is taken.
    let others = g.present(to).iter().filter(|&&s| s != me).count() as f32;
    let company = match to {
        Location::Quest(q) if !g.is_solo(q) => 1.0 + w.company * others,
        _ => 1.0,
    };
    let there = help(g, me, to, w) * (1.0 + need(g, to, w)) * company;
    let v = w.travel + there - w.here * here;
    if traitor { v * 0.8 } else { v }
}

/// What staying where he is offers the seat (`move_value` weighs every move against it).
fn staying(g: &Shadows, me: Seat, w: &Weights) -> f32 {
    let k = &g.knights[me];
    let mut here = help(g, me, k.at, w) * (1.0 + need(g, k.at, w));
    if let Location::Quest(q) = k.at
        && g.is_solo(q)
        && !g.quest(q).white.is_empty()
    {
        // Leaving a solo quest throws away the cards played there, and the race with them.
        here += 1.5 + g.quest(q).white.len() as f32;
        if completion(g, me, q, None).is_some() {
            here += w.solo_stay;
        }
    }
    here
}

/// The heuristic's choice among the legal actions.
pub(super) fn heuristic_pick(g: &Shadows, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
    heuristic_with(g, legal, rng, &g.content.bots.normal)
}

/// The heuristic's choice with a set of weights, from the deciding seat's view (or a sampled
/// state).
pub fn heuristic_with(g: &Shadows, legal: &[Action], rng: &mut GameRng, w: &Weights) -> Option<Action> {
    let mut best: Option<(f32, Action)> = None;
    let shared = Shared::default();
    for a in legal {
        let v = action_value_in(g, a, w, &shared) + rng.below(1000) as f32 * 1e-4;
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, *a));
        }
    }
    best.map(|(_, a)| a)
}
