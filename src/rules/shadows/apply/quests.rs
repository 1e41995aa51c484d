//! Quests and combat: the Grail, combat sides and their totals, the Siege roll, a quest's end
//! and the sharing of its spoils.

use crate::rules::shadows::action::Task;
use crate::rules::shadows::apply::insert_sorted;
use crate::rules::shadows::content::{GrailFullRule, KnightId, Lasting, QuestId, QuestKind, White};
use crate::rules::shadows::event::Event;
use crate::rules::shadows::pieces::{Location, Placed, Relic};
use crate::rules::shadows::state::Shadows;
use crate::rules::{Report, Seat};
use arrayvec::ArrayVec;

impl Shadows {
    fn grail_spots(&self) -> usize {
        match &self.content.quest(QuestId::Grail).kind {
            QuestKind::Grail { spots } => *spots as usize,
            _ => 7,
        }
    }

    pub(super) fn grail_card(&mut self, seat: Seat, r: &mut Report<Event>) {
        let spots = self.grail_spots();
        let qs = &mut self.quests[QuestId::Grail.index()];
        if qs.white.len() + qs.black.len() < spots {
            qs.white.push(White::Grail);
            if qs.white.len() >= spots {
                self.stack.push(Task::QuestEnd {
                    quest: QuestId::Grail,
                    won: true,
                    ender: Some(seat),
                });
            }
        } else if let Some(p) = qs.black.pop() {
            self.black_discard.push(p.card);
            self.white_discard.push(White::Grail);
            r.public(|| Event::BlackRemoved {
                quest: QuestId::Grail,
                card: p.card,
            });
        } else {
            self.white_discard.push(White::Grail);
        }
    }

    pub(super) fn grail_black(&mut self, placed: Placed, r: &mut Report<Event>) {
        let spots = self.grail_spots();
        let symmetric = self.content.deck.rules.grail_full_black_rule == GrailFullRule::Symmetric;
        let qs = &mut self.quests[QuestId::Grail.index()];
        if qs.white.len() + qs.black.len() < spots {
            qs.black.push(placed);
            if qs.black.len() >= spots {
                self.stack.push(Task::QuestEnd {
                    quest: QuestId::Grail,
                    won: false,
                    ender: None,
                });
            }
        } else {
            if symmetric && let Some(c) = qs.white.pop() {
                self.white_discard.push(c);
                r.public(|| Event::GrailCardRemoved);
            }
            self.black_discard.push(placed.card);
        }
    }

    /// A combat quest is full: its face-down cards turn over, then Sir Kay (if there) may add a
    /// card, then it is counted.
    pub(super) fn combat_full(&mut self, q: QuestId, ender: Option<Seat>) {
        for p in &mut self.quests[q.index()].black {
            p.face_down = false;
        }
        self.stack.push(Task::CombatScore { quest: q, ender });
        if let Some(kay) = self.seat_of(KnightId::Kay) {
            let k = &self.knights[kay];
            if k.active() && k.at == Location::Quest(q) && !k.hand.is_empty() {
                self.stack.push(Task::KayCombat { seat: kay, quest: q });
            }
        }
    }

    /// The Knights' total and Evil's on a combat quest.
    pub fn combat_totals(&self, q: QuestId) -> (u8, u8) {
        let qs = self.quest(q);
        let bonus = self.numbers().excalibur_bonus;
        let mut knights: u8 = qs.white.iter().filter_map(|c| c.fight()).sum();
        if self
            .knights
            .iter()
            .any(|k| k.active() && k.excalibur && k.at == Location::Quest(q))
        {
            knights += bonus;
        }
        let evil = qs.black.iter().map(|p| p.card.combat_value(q)).sum();
        (knights, evil)
    }

    pub(super) fn combat_score(&mut self, q: QuestId, ender: Option<Seat>, r: &mut Report<Event>) {
        let (knights, evil) = self.combat_totals(q);
        r.public(|| Event::CombatRevealed {
            quest: q,
            knights,
            evil,
        });
        self.stack.push(Task::QuestEnd {
            quest: q,
            won: knights > evil,
            ender,
        });
    }

    pub(super) fn siege_result(&mut self, seat: Seat, roll: u8, r: &mut Report<Event>) {
        let n = self.numbers();
        let mut total: u8 = self.siege_cards.iter().filter_map(|c| c.fight()).sum();
        if self.knights[seat].excalibur {
            total += n.excalibur_bonus;
        }
        let won = total > roll;
        r.public(|| Event::SiegeFight { seat, total, roll, won });
        let cards = std::mem::take(&mut self.siege_cards);
        self.white_discard.extend(cards);
        if won {
            self.siege = self.siege.saturating_sub(1);
            let now = self.siege;
            r.public(|| Event::SiegeChanged { by: -1, now });
        } else {
            self.wound(seat, 1, r);
        }
    }

    /// The end of a quest (spec §6.9).
    pub(super) fn quest_end(&mut self, q: QuestId, won: bool, ender: Option<Seat>, r: &mut Report<Event>) {
        if !self.quest(q).in_play {
            return;
        }
        let def = self.content.quest(q).clone();
        let n = self.numbers().clone();
        let present = self.present(Location::Quest(q));
        let spoils = if won { &def.victory } else { &def.defeat };
        let mut swords = spoils.swords;
        if self.heroism == Some(q) {
            swords += 1;
            self.heroism = None;
            self.white_discard.push(White::Heroism);
        }
        if !won && self.mists {
            swords += 1;
        }
        r.public(|| Event::QuestEnded { quest: q, won, swords });
        if won {
            self.tally.won |= 1 << q.index();
        } else {
            self.tally.lost |= 1 << q.index();
        }
        self.tally.last = Some((q, won));
        self.lay_swords(won, swords, r);
        if spoils.siege > 0 {
            self.add_siege(spoils.siege, r);
        }
        for &s in &present {
            if spoils.life >= 0 {
                let bonus = if won && self.knights[s].knight == KnightId::Palamedes {
                    n.palamedes_bonus
                } else {
                    0
                };
                self.gain(s, spoils.life as u8 + bonus, r);
            } else {
                self.wound(s, spoils.life.unsigned_abs(), r);
            }
        }
        if won {
            let relic = match q {
                QuestId::Lancelot => Some(Relic::Armor),
                QuestId::Excalibur => Some(Relic::Excalibur),
                QuestId::Grail => Some(Relic::Grail),
                _ => None,
            };
            let taker = ender
                .filter(|&s| self.knights[s].active())
                .or_else(|| if def.solo { present.first().copied() } else { None });
            if let (Some(relic), Some(s)) = (relic, taker) {
                let k = &mut self.knights[s];
                match relic {
                    Relic::Armor => k.armor = true,
                    Relic::Excalibur => k.excalibur = true,
                    Relic::Grail => k.grail = true,
                }
                r.public(|| Event::RelicWon { seat: s, relic });
            }
            if spoils.cards > 0 && !present.is_empty() {
                let proposer = ender.filter(|s| present.contains(s)).unwrap_or_else(|| {
                    let order = self.clockwise(self.active);
                    order.into_iter().find(|s| present.contains(s)).unwrap_or(present[0])
                });
                self.spoils(proposer, present.clone(), spoils.cards, r);
            }
            if self.content.deck.rules.lasting_effects == Lasting::UntilNextQuestVictory {
                self.vivien = false;
                self.dark_forest = false;
            }
        }
        for &s in &present {
            self.knights[s].at = Location::RoundTable;
        }
        let qs = &mut self.quests[q.index()];
        let whites = std::mem::take(&mut qs.white);
        let blacks = std::mem::take(&mut qs.black);
        qs.track = 0;
        qs.figures = 0;
        qs.mordred = false;
        self.white_discard.extend(whites);
        self.black_discard.extend(blacks.iter().map(|p| p.card));
        match q {
            QuestId::BlackKnight | QuestId::PictWar | QuestId::SaxonWar => {}
            QuestId::Lancelot => {
                self.quests[q.index()].in_play = false;
                self.quests[QuestId::Dragon.index()].in_play = true;
            }
            _ => self.quests[q.index()].in_play = false,
        }
        if q == QuestId::Grail {
            self.dark_forest = false;
        }
        if self.heroism.is_some_and(|h| !self.quest(h).in_play) {
            self.heroism = None;
            self.white_discard.push(White::Heroism);
        }
    }

    /// `count` White cards drawn for the Knights `present`, shared as they agree.
    pub(super) fn spoils(&mut self, proposer: Seat, present: ArrayVec<Seat, 7>, count: u8, r: &mut Report<Event>) {
        if present.is_empty() || count == 0 {
            return;
        }
        if present.len() == 1 {
            self.draw_white(present[0], count, r);
            return;
        }
        let mut pool = Vec::with_capacity(count as usize);
        for _ in 0..count {
            match self.take_white(r) {
                Some(c) => pool.push(c),
                None => break,
            }
        }
        for &s in &present {
            let cards = pool.clone();
            r.only(s, || Event::Looked { seat: s, cards });
        }
        self.stack.push(Task::Share {
            proposer,
            present,
            pool,
            assigned: Vec::new(),
        });
    }

    pub(super) fn give_spoils(&mut self, pool: &[White], to: &[Seat], r: &mut Report<Event>) {
        let mut counts: Vec<(Seat, u8)> = Vec::new();
        for (&c, &s) in pool.iter().zip(to) {
            if self.knights[s].active() {
                insert_sorted(&mut self.knights[s].hand, c);
            } else {
                self.white_discard.push(c);
            }
            match counts.iter_mut().find(|(x, _)| *x == s) {
                Some((_, k)) => *k += 1,
                None => counts.push((s, 1)),
            }
        }
        r.public(|| Event::SpoilsShared { given: counts });
    }
}
