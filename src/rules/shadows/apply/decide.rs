//! Resolution of a legal action: the pending decisions of one seat (also out of turn), and the
//! deed an action counts as.

use crate::rules::shadows::action::{Action, Drawn, Face, Task};
use crate::rules::shadows::apply::{insert_sorted, remove_one, special_card};
use crate::rules::shadows::content::{Black, KnightId, QuestId, White};
use crate::rules::shadows::deeds::Deed;
use crate::rules::shadows::event::Event;
use crate::rules::shadows::pieces::{EvilChoice, Location, Placed, Relic, Volunteering};
use crate::rules::shadows::state::{Shadows, voters};
use crate::rules::{Report, Seat};
use arrayvec::ArrayVec;

impl Shadows {
    /// Applies a legal action and everything it sets going, up to the next decision.
    pub(crate) fn execute(&mut self, action: Action, r: &mut Report<Event>) {
        self.decide(action, r);
        self.settle(r);
    }

    /// The pending decision answered.
    fn decide(&mut self, action: Action, r: &mut Report<Event>) {
        let Some(task) = self.stack.last().cloned() else { return };
        let seat = self.deciding().unwrap_or(self.active);
        if let Some(deed) = self.deed_of(seat, &task, action) {
            self.deeds[seat].add(deed);
        }
        self.tally_spent(seat, &task, action);
        match task {
            Task::Evil if matches!(action, Action::ArthurGive(..) | Action::RevealSelf) => {
                self.free_action(action, r);
            }
            Task::Evil | Task::Feed => {
                self.stack.pop();
                let Action::Evil(choice) = action else { return };
                r.public(|| Event::EvilChosen { seat, choice });
                match choice {
                    EvilChoice::DrawBlack => self.stack.push(Task::DrawBlack {
                        seat,
                        left: 1,
                        free_white: task == Task::Evil,
                    }),
                    EvilChoice::AddSiege => self.add_siege(1, r),
                    EvilChoice::LoseLife => self.wound(seat, 1, r),
                }
            }
            Task::Taunt => {
                self.stack.pop();
                if let Action::Taunt(target) = action {
                    let hand = &self.knights[target].hand;
                    let i = self.rng.below(hand.len() as u32) as usize;
                    let card = self.knights[target].hand.remove(i);
                    self.white_discard.push(card);
                    r.public(|| Event::Taunted { target });
                    r.only(target, || Event::Discarded {
                        seat: target,
                        cards: vec![card],
                    });
                }
            }
            Task::Heroic => self.heroic_action(action, r),
            Task::ArmorPick {
                seat,
                cards,
                free_white,
            } => {
                self.stack.pop();
                let keep = if action == Action::KeepBlack(Drawn::Second) {
                    1
                } else {
                    0
                };
                let under = cards[1 - keep];
                self.black_draw.insert(0, under);
                // The bearer knows the new bottom card; the others' known bottom moved up.
                for (s, k) in self.knights.iter_mut().enumerate() {
                    k.black_bottom = if s == seat { k.black_bottom + 1 } else { 0 };
                }
                r.only(seat, || Event::BlackUnder { seat, card: under });
                self.stack.push(Task::Resolve {
                    seat,
                    card: cards[keep],
                    free_white,
                });
            }
            Task::PlaceChoice { .. } => {
                self.stack.pop();
                if let Some(Task::Place { face_down, war, .. }) =
                    self.stack.iter_mut().rev().find(|t| matches!(t, Task::Place { .. }))
                {
                    match action {
                        Action::Face(f) => *face_down = f == Face::Down,
                        Action::War(q) => *war = Some(q),
                        _ => {}
                    }
                }
            }
            Task::ExcaliburOffer { bearer } => {
                self.stack.pop();
                if action == Action::Yes
                    && let Some(i) = self.stack.iter().rposition(|t| matches!(t, Task::Place { .. }))
                    && let Task::Place { card, face_down, .. } = self.stack.remove(i)
                {
                    self.knights[bearer].excalibur = false;
                    // A face-down card goes unseen, as its type only.
                    let shown = if face_down && card.is_combat() {
                        self.black_unseen.push(card);
                        card.hidden()
                    } else {
                        self.black_discard.push(card);
                        card
                    };
                    r.public(|| Event::ExcaliburCancels {
                        seat: bearer,
                        card: shown,
                    });
                    r.public(|| Event::RelicLost {
                        seat: bearer,
                        relic: Relic::Excalibur,
                    });
                }
            }
            Task::MerlinPledge {
                card,
                order,
                at,
                mut pledged,
                added,
                mut declined,
            } => {
                self.stack.pop();
                let p = match action {
                    Action::Pledge(p) => p,
                    Action::NoPledge => {
                        declined |= 1 << seat;
                        0
                    }
                    _ => return,
                };
                pledged[seat] += p;
                let last = action == Action::NoPledge;
                r.public(|| Event::Pledged { seat, merlins: p, last });
                let total: u8 = pledged.iter().sum();
                if total >= self.numbers().merlin_cancel {
                    for (s, &m) in pledged.iter().enumerate() {
                        for _ in 0..m {
                            if let Some(k) = self.knights.get_mut(s)
                                && remove_one(&mut k.hand, White::Merlin)
                            {
                                self.white_discard.push(White::Merlin);
                            }
                        }
                    }
                    // The Special Black below is cancelled.
                    if let Some(Task::Special { card, .. }) = self.stack.pop() {
                        self.black_discard.push(card);
                    }
                    r.public(|| Event::MerlinsCancel { card });
                    return;
                }
                let added = added || p > 0;
                if let Some(next) = self.next_pledger(&order, at as usize + 1, &pledged, declined) {
                    self.stack.push(Task::MerlinPledge {
                        card,
                        order,
                        at: next as u8,
                        pledged,
                        added,
                        declined,
                    });
                } else if added && let Some(next) = self.next_pledger(&order, 0, &pledged, declined) {
                    self.stack.push(Task::MerlinPledge {
                        card,
                        order,
                        at: next as u8,
                        pledged,
                        added: false,
                        declined,
                    });
                }
                // Otherwise a round added nothing: the card takes effect (the task below).
            }
            Task::MordredWar { seat } => {
                self.stack.pop();
                if let Action::War(q) = action {
                    let qs = &mut self.quests[q.index()];
                    qs.mordred = true;
                    qs.black.push(Placed {
                        card: Black::Mordred,
                        face_down: false,
                        by: seat,
                    });
                    r.public(|| Event::MordredJoins { quest: q });
                    self.add_figure(q, r);
                }
            }
            Task::Volunteer { why, order, at, from } => {
                self.stack.pop();
                if action == Action::Yes {
                    r.public(|| Event::Volunteered { seat, why });
                    match why {
                        Volunteering::Discard => self.stack.push(Task::Discard {
                            seat,
                            left: self.numbers().morgan_discard,
                        }),
                        Volunteering::Sacrifice => {
                            let n = self.numbers().morgan_sacrifice_life;
                            self.wound(seat, n, r)
                        }
                    }
                } else if (at as usize) + 1 < order.len() {
                    self.stack.push(Task::Volunteer {
                        why,
                        order,
                        at: at + 1,
                        from,
                    });
                } else {
                    self.everyone_discards(from, None, 1);
                }
            }
            Task::Discard { seat, left } => {
                self.stack.pop();
                if let Action::Card(c) = action
                    && remove_one(&mut self.knights[seat].hand, c)
                {
                    self.white_discard.push(c);
                    r.only(seat, || Event::Discarded { seat, cards: vec![c] });
                    r.except(seat, || Event::DiscardedCount { seat, count: 1 });
                    if left > 1 {
                        self.stack.push(Task::Discard { seat, left: left - 1 });
                    }
                }
            }
            Task::GrailRescue { owner, target } => {
                self.stack.pop();
                if action == Action::Yes {
                    let life = self.numbers().grail_rescue_life;
                    self.knights[owner].grail = false;
                    let k = &mut self.knights[target];
                    k.doomed = false;
                    k.life = life;
                    r.public(|| Event::Rescued {
                        seat: target,
                        by: owner,
                    });
                    r.public(|| Event::RelicLost {
                        seat: owner,
                        relic: Relic::Grail,
                    });
                }
            }
            Task::SiegeFight { seat } => match action {
                Action::Card(c) => {
                    if remove_one(&mut self.knights[seat].hand, c) {
                        self.siege_cards.push(c);
                    }
                }
                _ => {
                    self.stack.pop();
                    let roll = self.rng.below(self.numbers().siege_die as u32) as u8 + 1;
                    let k = &self.knights[seat];
                    if k.knight == KnightId::Kay && !k.hand.is_empty() {
                        // Sir Kay sees the die before he adds a card, and so does everyone.
                        r.public(|| Event::SiegeRolled { seat, roll });
                        self.stack.push(Task::KaySiege { seat, roll });
                    } else {
                        self.siege_result(seat, roll, r);
                    }
                }
            },
            Task::KaySiege { seat, roll } => {
                self.stack.pop();
                if let Action::Card(c) = action
                    && remove_one(&mut self.knights[seat].hand, c)
                {
                    self.siege_cards.push(c);
                }
                self.siege_result(seat, roll, r);
            }
            Task::KayCombat { seat, quest } => {
                self.stack.pop();
                if let Action::Card(c) = action
                    && remove_one(&mut self.knights[seat].hand, c)
                {
                    self.quests[quest.index()].white.push(c);
                    r.public(|| Event::WhitePlayed {
                        seat,
                        card: c,
                        quest: Some(quest),
                    });
                }
            }
            Task::Share {
                proposer,
                present,
                pool,
                mut assigned,
            } => {
                self.stack.pop();
                if let Action::Assign(s) = action {
                    assigned.push(s);
                }
                if assigned.len() < pool.len() {
                    self.stack.push(Task::Share {
                        proposer,
                        present,
                        pool,
                        assigned,
                    });
                } else if voters(proposer, &present).is_empty() {
                    self.give_spoils(&pool, &assigned, r);
                } else {
                    self.stack.push(Task::ShareVote {
                        proposer,
                        present,
                        pool,
                        assigned,
                        at: 0,
                    });
                }
            }
            Task::ShareVote {
                proposer,
                present,
                mut pool,
                assigned,
                at,
            } => {
                self.stack.pop();
                let voting = voters(proposer, &present);
                if action == Action::Yes {
                    if (at as usize) + 1 < voting.len() {
                        self.stack.push(Task::ShareVote {
                            proposer,
                            present,
                            pool,
                            assigned,
                            at: at + 1,
                        });
                    } else {
                        self.give_spoils(&pool, &assigned, r);
                    }
                } else {
                    r.public(|| Event::SpoilsRefused { by: seat });
                    self.rng.shuffle(&mut pool);
                    let mut order: ArrayVec<Seat, 7> = ArrayVec::new();
                    order.push(proposer);
                    order.extend(voting);
                    let dealt: Vec<Seat> = (0..pool.len()).map(|i| order[i % order.len()]).collect();
                    self.give_spoils(&pool, &dealt, r);
                }
            }
            Task::ArthurReturn { arthur, from } => {
                self.stack.pop();
                if let Action::Card(c) = action
                    && remove_one(&mut self.knights[from].hand, c)
                {
                    insert_sorted(&mut self.knights[arthur].hand, c);
                    r.only(from, || Event::CardPassed {
                        from,
                        to: arthur,
                        card: c,
                    });
                    r.only(arthur, || Event::CardPassed {
                        from,
                        to: arthur,
                        card: c,
                    });
                    r.public(|| Event::Traded { from, to: arthur });
                }
            }
            Task::Clairvoyance {
                seat,
                mut left,
                mut chosen,
            } => {
                self.stack.pop();
                if let Action::PutNext(c) = action
                    && let Some(i) = left.iter().position(|&x| x == c)
                {
                    left.remove(i);
                    chosen.push(c);
                }
                if left.is_empty() {
                    // The first chosen is drawn first: it goes on top (the end). He knows them
                    // in order; what the others knew of the top is no longer on top.
                    self.black_draw.extend(chosen.iter().rev());
                    let put = chosen.len() as u8;
                    for (s, k) in self.knights.iter_mut().enumerate() {
                        k.black_top = if s == seat { k.black_top + put } else { 0 };
                    }
                    self.clamp_black_known();
                } else {
                    self.stack.push(Task::Clairvoyance { seat, left, chosen });
                }
            }
            Task::MessengerGive { seat, to, given } => {
                self.stack.pop();
                if let Action::Card(c) = action
                    && self.pass_card(seat, to, c, r)
                {
                    let given = given + 1;
                    if given < self.numbers().messenger_max && !self.knights[seat].hand.is_empty() {
                        self.stack.push(Task::MessengerGive { seat, to, given });
                    }
                }
            }
            _ => {}
        }
    }

    /// Where a White card the answer spends goes, for how a game went (`QuestTally::spent` and
    /// `grail_elsewhere`).
    fn tally_spent(&mut self, seat: Seat, task: &Task, action: Action) {
        let grail_open = self.quest(QuestId::Grail).in_play;
        let heal_cards = u16::from(self.numbers().heal_cards);
        let at = self.knights.get(seat).map(|k| k.at);
        let t = &mut self.tally;
        let quest = match (task, action) {
            (Task::Heroic, Action::Fight(_)) => match at {
                Some(Location::Quest(q)) => Some(q),
                _ => None,
            },
            (Task::Heroic, Action::PlayGrail) => Some(QuestId::Grail),
            (Task::Heroic, Action::RaiseExcalibur(c)) => {
                if c == White::Grail && grail_open {
                    t.grail_elsewhere += 1;
                }
                Some(QuestId::Excalibur)
            }
            (Task::KayCombat { quest, .. }, Action::Card(_)) => Some(*quest),
            (Task::Heroic, Action::Heal(White::Grail)) if grail_open => {
                t.grail_elsewhere += heal_cards;
                None
            }
            (Task::Discard { .. }, Action::Card(White::Grail)) if grail_open => {
                t.grail_elsewhere += 1;
                None
            }
            _ => None,
        };
        if let Some(q) = quest {
            t.spent[q.index()] += 1;
        }
    }

    /// The public deed an answer is, if the bots' suspicion counts it (`Deed`): judged from
    /// what everyone sees before the answer takes effect.
    pub(crate) fn deed_of(&self, seat: Seat, task: &Task, action: Action) -> Option<Deed> {
        let k = self.knights.get(seat)?;
        if k.unmasked {
            return None;
        }
        Some(match (task, action) {
            (Task::Evil, Action::Evil(choice)) => match choice {
                EvilChoice::DrawBlack => Deed::DrewBlack,
                EvilChoice::AddSiege if self.siege < 4 => Deed::SiegeLow,
                EvilChoice::AddSiege if self.siege < 8 => Deed::SiegeMid,
                EvilChoice::AddSiege => Deed::SiegeHigh,
                EvilChoice::LoseLife => Deed::LostLife,
            },
            (Task::PlaceChoice { .. }, Action::Face(face)) => {
                if face == Face::Down {
                    Deed::FaceDown
                } else {
                    Deed::FaceUp
                }
            }
            (Task::PlaceChoice { .. } | Task::MordredWar { .. }, Action::War(q)) => {
                let other = if q == QuestId::PictWar {
                    QuestId::SaxonWar
                } else {
                    QuestId::PictWar
                };
                if self.quest(q).figures > self.quest(other).figures {
                    Deed::WarNearLoss
                } else {
                    Deed::WarFarFromLoss
                }
            }
            (Task::Heroic, a) => match a {
                Action::Fight(_) | Action::PlayGrail | Action::RaiseExcalibur(_) => Deed::QuestCard,
                Action::FightSiege(_) => Deed::FoughtSiege,
                Action::DrawWhite if k.hand.len() < 5 => Deed::DrewFew,
                Action::DrawWhite => Deed::DrewMany,
                Action::Move(Location::Quest(_)) => Deed::MovedOut,
                Action::Move(_) => Deed::MovedHome,
                Action::Sacrifice => Deed::Sacrificed,
                Action::Heal(_) => Deed::Healed,
                a if special_card(a).is_some() => Deed::Special,
                _ => return None,
            },
            (Task::MerlinPledge { .. }, Action::NoPledge) if k.hand.len() >= 4 => Deed::PledgedNone,
            (Task::MerlinPledge { .. }, Action::Pledge(p)) => {
                if p > 0 {
                    Deed::Pledged
                } else if k.hand.len() >= 4 {
                    Deed::PledgedNone
                } else {
                    return None;
                }
            }
            (Task::Volunteer { .. }, Action::Yes) => Deed::Volunteered,
            (Task::GrailRescue { .. }, Action::Yes) => Deed::RescueGiven,
            (Task::GrailRescue { .. }, Action::No) => Deed::RescueRefused,
            (Task::ShareVote { .. }, Action::No) => Deed::SplitRefused,
            _ => return None,
        })
    }
}
