//! The two decks, and Evil's progress: Black cards drawn, placed on their quests and resolved.

use crate::rules::shadows::action::Task;
use crate::rules::shadows::apply::insert_sorted;
use crate::rules::shadows::content::{Black, QuestId, QuestKind, White};
use crate::rules::shadows::event::Event;
use crate::rules::shadows::pieces::{Location, Placed, Volunteering};
use crate::rules::shadows::state::Shadows;
use crate::rules::{Report, Seat};
use arrayvec::ArrayVec;

impl Shadows {
    /// Both piles are made anew when either runs out: each colour's draw pile and discards
    /// shuffled together.
    fn reshuffle(&mut self, r: &mut Report<Event>) {
        let whites = std::mem::take(&mut self.white_discard);
        self.white_draw.extend(whites);
        self.rng.shuffle(&mut self.white_draw);
        let blacks = std::mem::take(&mut self.black_discard);
        self.black_draw.extend(blacks);
        let unseen = std::mem::take(&mut self.black_unseen);
        self.black_draw.extend(unseen);
        self.rng.shuffle(&mut self.black_draw);
        for k in self.knights.iter_mut() {
            k.black_top = 0;
            k.black_bottom = 0;
        }
        r.public(|| Event::Reshuffled);
    }

    pub(super) fn take_white(&mut self, r: &mut Report<Event>) -> Option<White> {
        if self.white_draw.is_empty() {
            self.reshuffle(r);
        }
        let c = self.white_draw.pop();
        if self.white_draw.is_empty() {
            self.reshuffle(r);
        }
        c
    }

    pub(crate) fn take_black(&mut self, r: &mut Report<Event>) -> Option<Black> {
        if self.black_draw.is_empty() {
            self.reshuffle(r);
        }
        let c = self.black_draw.pop();
        for k in self.knights.iter_mut() {
            k.black_top = k.black_top.saturating_sub(1);
        }
        self.clamp_black_known();
        if self.black_draw.is_empty() {
            self.reshuffle(r);
        }
        c
    }

    /// No seat knows more cards of the Black pile than it holds.
    pub(super) fn clamp_black_known(&mut self) {
        let len = self.black_draw.len().min(u8::MAX as usize) as u8;
        for k in self.knights.iter_mut() {
            k.black_top = k.black_top.min(len);
            k.black_bottom = k.black_bottom.min(len);
        }
    }

    pub(crate) fn draw_white(&mut self, seat: Seat, count: u8, r: &mut Report<Event>) {
        if !self.knights[seat].active() {
            return;
        }
        let mut got: ArrayVec<White, 16> = ArrayVec::new();
        for _ in 0..count.min(16) {
            match self.take_white(r) {
                Some(c) => got.push(c),
                None => break,
            }
        }
        for &c in &got {
            insert_sorted(&mut self.knights[seat].hand, c);
        }
        if r.is_on() {
            let cards = got.to_vec();
            let count = got.len() as u8;
            r.only(seat, || Event::WhiteDrawn { seat, cards });
            r.except(seat, || Event::WhiteDrawnCount { seat, count });
        }
    }

    pub(super) fn draw_black(&mut self, seat: Seat, free_white: bool, r: &mut Report<Event>) {
        let Some(first) = self.take_black(r) else { return };
        if self.knights[seat].armor
            && let Some(second) = self.take_black(r)
        {
            r.only(seat, || Event::Peeked { seat, card: first });
            r.only(seat, || Event::Peeked { seat, card: second });
            self.stack.push(Task::ArmorPick {
                seat,
                cards: [first, second],
                free_white,
            });
            return;
        }
        self.stack.push(Task::Resolve {
            seat,
            card: first,
            free_white,
        });
    }

    /// The quest a Standard Black goes to (`None`: its quest is over, or the drawer chooses).
    pub fn black_target(&self, card: Black) -> Option<QuestId> {
        let q = match card {
            Black::BlackKnight(_) => QuestId::BlackKnight,
            Black::Lancelot(..) => return self.lancelot_or_dragon(),
            Black::Excalibur => QuestId::Excalibur,
            Black::Despair | Black::Desolation | Black::DarkForest => QuestId::Grail,
            Black::Picts => QuestId::PictWar,
            Black::Saxons => QuestId::SaxonWar,
            _ => return None,
        };
        self.quest(q).in_play.then_some(q)
    }

    pub(super) fn resolve(&mut self, seat: Seat, card: Black, free_white: bool, r: &mut Report<Event>) {
        if card.is_combat() && self.black_target(card).is_some() {
            r.only(seat, || Event::BlackDrawn { seat, card });
            r.except(seat, || Event::BlackDrawn {
                seat,
                card: card.hidden(),
            });
        } else {
            r.public(|| Event::BlackDrawn { seat, card });
        }
        if card.is_special() {
            self.stack.push(Task::Special { seat, card });
            if !self.vivien {
                // Everyone with cards is asked, holding a Merlin or not: who is asked is public.
                let order: ArrayVec<Seat, 7> = self
                    .clockwise(self.ask_from(seat))
                    .into_iter()
                    .filter(|&s| !self.knights[s].hand.is_empty())
                    .collect();
                if !order.is_empty() {
                    self.stack.push(Task::MerlinPledge {
                        card,
                        order,
                        at: 0,
                        pledged: [0; 7],
                        added: false,
                        declined: 0,
                    });
                }
            }
            return;
        }
        self.stack.push(Task::Place {
            seat,
            card,
            face_down: false,
            war: None,
            free_white,
        });
        if let Some(bearer) = self.knights.iter().position(|k| k.excalibur && k.active()) {
            self.stack.push(Task::ExcaliburOffer { bearer });
        }
        if (card.is_combat() && self.black_target(card).is_some()) || card == Black::Mercenaries {
            self.stack.push(Task::PlaceChoice { seat, card });
        }
    }

    pub(super) fn place(
        &mut self,
        seat: Seat,
        card: Black,
        face_down: bool,
        war: Option<QuestId>,
        free_white: bool,
        r: &mut Report<Event>,
    ) {
        let target = if card == Black::Mercenaries {
            war
        } else {
            self.black_target(card)
        };
        let Some(q) = target else {
            self.black_discard.push(card);
            r.public(|| Event::BlackToSiege { card });
            self.add_siege(1, r);
            return;
        };
        let face_down = face_down && card.is_combat();
        let placed = Placed {
            card,
            face_down,
            by: seat,
        };
        r.only(seat, || Event::BlackPlaced {
            seat,
            card,
            quest: q,
            face_down,
        });
        r.except(seat, || Event::BlackPlaced {
            seat,
            card: if face_down { card.hidden() } else { card },
            quest: q,
            face_down,
        });
        match &self.content.quest(q).kind {
            QuestKind::Combat { black_spots, .. } => {
                let black_spots = *black_spots as usize;
                self.quests[q.index()].black.push(placed);
                if face_down && free_white {
                    self.draw_white(seat, 1, r);
                }
                if self.quest(q).black.len() >= black_spots {
                    self.combat_full(q, None);
                }
            }
            QuestKind::Track { .. } => {
                self.quests[q.index()].black.push(placed);
                self.excalibur_step(-1, None, r);
            }
            QuestKind::Grail { .. } => self.grail_black(placed, r),
            QuestKind::War { .. } => {
                self.quests[q.index()].black.push(placed);
                self.add_figure(q, r);
            }
        }
    }

    pub(crate) fn add_figure(&mut self, q: QuestId, r: &mut Report<Event>) {
        let max = match &self.content.quest(q).kind {
            QuestKind::War { figures, .. } => *figures,
            _ => return,
        };
        let qs = &mut self.quests[q.index()];
        qs.figures += 1;
        let now = qs.figures;
        r.public(|| Event::FigureChanged { quest: q, by: 1, now });
        if now >= max {
            self.stack.push(Task::QuestEnd {
                quest: q,
                won: false,
                ender: None,
            });
        }
    }

    pub(super) fn special_black(&mut self, seat: Seat, card: Black, r: &mut Report<Event>) {
        let n = self.numbers().clone();
        r.public(|| Event::SpecialTakesEffect { card });
        let from = self.ask_from(seat);
        match card {
            Black::MorganDiscard | Black::MorganSacrifice => {
                let why = if card == Black::MorganDiscard {
                    Volunteering::Discard
                } else {
                    Volunteering::Sacrifice
                };
                let order: ArrayVec<Seat, 7> = self
                    .clockwise(from)
                    .into_iter()
                    .filter(|&s| match why {
                        Volunteering::Sacrifice => !self.knights[s].doomed,
                        Volunteering::Discard => self.knights[s].hand.len() >= n.morgan_discard as usize,
                    })
                    .collect();
                self.black_discard.push(card);
                if order.is_empty() {
                    self.everyone_discards(from, None, 1);
                } else {
                    self.stack.push(Task::Volunteer {
                        why,
                        order,
                        at: 0,
                        from,
                    });
                }
            }
            Black::MorganMore => {
                self.black_discard.push(card);
                self.stack.push(Task::DrawBlack {
                    seat,
                    left: n.morgan_more,
                    free_white: !self.knights[seat].unmasked,
                });
            }
            Black::MorganSiege => {
                self.black_discard.push(card);
                self.add_siege(n.morgan_siege, r);
            }
            Black::MorganWound => {
                self.black_discard.push(card);
                for s in self.clockwise(from) {
                    self.wound(s, 1, r);
                }
            }
            Black::Desolation => {
                if self.quest(QuestId::Grail).in_play {
                    self.grail_black(
                        Placed {
                            card,
                            face_down: false,
                            by: seat,
                        },
                        r,
                    );
                } else {
                    self.black_discard.push(card);
                    r.public(|| Event::BlackToSiege { card });
                    self.add_siege(1, r);
                }
            }
            Black::DarkForest if !self.quest(QuestId::Grail).in_play => {
                self.black_discard.push(card);
                r.public(|| Event::BlackToSiege { card });
                self.add_siege(1, r);
            }
            Black::DarkForest | Black::Vivien | Black::Mists => {
                self.black_discard.push(card);
                match card {
                    Black::DarkForest => self.dark_forest = true,
                    Black::Vivien => self.vivien = true,
                    _ => self.mists = true,
                }
                r.public(|| Event::Lasting { card });
            }
            Black::Guinevere => {
                self.black_discard.push(card);
                for s in 0..self.knights.len() {
                    if self.knights[s].active() && matches!(self.knights[s].at, Location::Quest(_)) {
                        self.move_to(s, Location::RoundTable, r);
                        r.public(|| Event::Moved {
                            seat: s,
                            to: Location::RoundTable,
                            free: true,
                        });
                    }
                }
                r.public(|| Event::Guinevere);
                if seat == self.active {
                    self.this_turn.cut = true;
                }
            }
            Black::Mordred => self.stack.push(Task::MordredWar { seat }),
            _ => self.black_discard.push(card),
        }
    }

    pub(super) fn excalibur_step(&mut self, by: i8, ender: Option<Seat>, r: &mut Report<Event>) {
        let half = match &self.content.quest(QuestId::Excalibur).kind {
            QuestKind::Track { half_length } => *half_length as i8,
            _ => return,
        };
        let qs = &mut self.quests[QuestId::Excalibur.index()];
        if !qs.in_play {
            return;
        }
        qs.track = (qs.track + by).clamp(-half, half);
        let now = qs.track;
        r.public(|| Event::ExcaliburMoved { now });
        if now == half || now == -half {
            self.stack.push(Task::QuestEnd {
                quest: QuestId::Excalibur,
                won: now == half,
                ender,
            });
        }
    }
}
