//! The Heroic Actions, the free actions, and the Special White cards.

use crate::rules::shadows::action::{Action, ForWhom, Task};
use crate::rules::shadows::apply::{kind_of, remove_one, special_card, war_next};
use crate::rules::shadows::content::{Black, KnightId, QuestId, QuestKind, White};
use crate::rules::shadows::deeds::Deed;
use crate::rules::shadows::event::Event;
use crate::rules::shadows::pieces::{Kind, Location, Loyalty, MerlinTarget};
use crate::rules::shadows::state::Shadows;
use crate::rules::{Report, Seat};
use arrayvec::ArrayVec;

impl Shadows {
    pub(super) fn heroic_action(&mut self, action: Action, r: &mut Report<Event>) {
        let seat = self.active;
        let knight = self.knights[seat].knight;
        if let Some(kind) = kind_of(action) {
            let free = match action {
                Action::Move(Location::Quest(_)) => knight == KnightId::Tristan && self.knights[seat].at.in_camelot(),
                _ => kind == Kind::Special && knight == KnightId::Galahad,
            };
            self.this_turn.used |= kind.bit();
            if !free {
                self.this_turn.paid += 1;
            }
            if kind == Kind::Special {
                self.this_turn.special_played = true;
            }
        }
        let n = self.numbers().clone();
        match action {
            Action::Move(to) => {
                let free = knight == KnightId::Tristan && self.knights[seat].at.in_camelot();
                self.move_to(seat, to, r);
                r.public(|| Event::Moved { seat, to, free });
            }
            Action::DrawWhite => {
                self.knights[seat].at = Location::RoundTable;
                let count = if knight == KnightId::Gawain {
                    n.gawain_draw
                } else {
                    n.round_table_draw
                };
                self.draw_white(seat, count, r);
            }
            Action::FightSiege(v) => {
                self.knights[seat].at = Location::Siege;
                if remove_one(&mut self.knights[seat].hand, White::Fight(v)) {
                    self.siege_cards.push(White::Fight(v));
                }
                self.stack.push(Task::SiegeFight { seat });
            }
            Action::Fight(v) => {
                let Location::Quest(q) = self.knights[seat].at else {
                    return;
                };
                if !remove_one(&mut self.knights[seat].hand, White::Fight(v)) {
                    return;
                }
                self.quests[q.index()].white.push(White::Fight(v));
                r.public(|| Event::WhitePlayed {
                    seat,
                    card: White::Fight(v),
                    quest: Some(q),
                });
                let (full, war_done) = match &self.content.quest(q).kind {
                    QuestKind::Combat { white_spots, .. } => {
                        (self.quest(q).white.len() >= *white_spots as usize, false)
                    }
                    QuestKind::War {
                        sequence,
                        mordred_extra,
                        ..
                    } => (false, war_next(self.quest(q), sequence, *mordred_extra).is_none()),
                    _ => (false, false),
                };
                if full {
                    self.combat_full(q, Some(seat));
                }
                if war_done {
                    self.stack.push(Task::QuestEnd {
                        quest: q,
                        won: true,
                        ender: Some(seat),
                    });
                }
            }
            Action::PlayGrail => {
                if remove_one(&mut self.knights[seat].hand, White::Grail) {
                    r.public(|| Event::WhitePlayed {
                        seat,
                        card: White::Grail,
                        quest: Some(QuestId::Grail),
                    });
                    self.grail_card(seat, r);
                }
            }
            Action::RaiseExcalibur(c) => {
                if remove_one(&mut self.knights[seat].hand, c) {
                    self.white_discard.push(c);
                    r.only(seat, || Event::Discarded { seat, cards: vec![c] });
                    r.except(seat, || Event::DiscardedCount { seat, count: 1 });
                    self.excalibur_step(1, Some(seat), r);
                }
            }
            Action::Heal(c) => {
                for _ in 0..n.heal_cards {
                    if remove_one(&mut self.knights[seat].hand, c) {
                        self.white_discard.push(c);
                    }
                }
                r.only(seat, || Event::Discarded {
                    seat,
                    cards: vec![c; n.heal_cards as usize],
                });
                r.except(seat, || Event::DiscardedCount {
                    seat,
                    count: n.heal_cards,
                });
                self.gain(seat, 1, r);
            }
            Action::Accuse(target) => {
                self.knights[seat].accused = true;
                self.knights[seat].accused_whom = Some(target);
                let loyalty = self.knights[target].loyalty;
                self.knights[target].revealed = true;
                r.public(|| Event::Accused {
                    by: seat,
                    target,
                    loyalty,
                });
                if loyalty == Loyalty::Traitor {
                    self.lay_swords(true, n.unmask_swords, r);
                    self.unmasked_by_accusation = true;
                    self.unmask(target, r);
                } else {
                    self.deeds[seat].add(Deed::WrongAccusation);
                    if self.white_swords > 0 {
                        self.white_swords -= 1;
                        self.black_swords += 1;
                        r.public(|| Event::SwordFlipped);
                    }
                }
            }
            Action::Sacrifice => {
                self.this_turn.sacrifices += 1;
                r.public(|| Event::Sacrificed { seat });
                self.wound(seat, 1, r);
            }
            Action::ArthurGive(..) | Action::RevealSelf => self.free_action(action, r),
            Action::EndTurn => {
                self.stack.pop();
            }
            special => self.special_white(seat, special, r),
        }
    }

    /// Arthur's trade or the Traitor's unmasking: no Heroic Action, at any moment of the turn.
    pub(super) fn free_action(&mut self, action: Action, r: &mut Report<Event>) {
        let seat = self.active;
        match action {
            Action::ArthurGive(c, to) => {
                self.this_turn.arthur_traded = true;
                if self.pass_card(seat, to, c, r) {
                    self.stack.push(Task::ArthurReturn { arthur: seat, from: to });
                }
            }
            Action::RevealSelf => {
                self.unmask(seat, r);
                self.cut_turn(seat, r);
            }
            _ => {}
        }
    }

    /// A Special White card played by `seat`.
    fn special_white(&mut self, seat: Seat, action: Action, r: &mut Report<Event>) {
        let n = self.numbers().clone();
        let Some(card) = special_card(action) else {
            return;
        };
        if !remove_one(&mut self.knights[seat].hand, card) {
            return;
        }
        if card != White::Heroism {
            self.white_discard.push(card);
        }
        r.public(|| Event::WhitePlayed {
            seat,
            card,
            quest: None,
        });
        match action {
            Action::Merlin(MerlinTarget::SiegeEngine) => {
                self.siege = self.siege.saturating_sub(1);
                let now = self.siege;
                r.public(|| Event::SiegeChanged { by: -1, now });
            }
            Action::Merlin(MerlinTarget::Figure(q)) => {
                let qs = &mut self.quests[q.index()];
                qs.figures = qs.figures.saturating_sub(1);
                let now = qs.figures;
                r.public(|| Event::FigureChanged { quest: q, by: -1, now });
            }
            Action::Merlin(MerlinTarget::BlackCard(q)) => {
                if let Some(p) = self.quests[q.index()].black.pop() {
                    if p.face_down {
                        self.black_unseen.push(p.card);
                    } else {
                        self.black_discard.push(p.card);
                    }
                    let shown = if p.face_down { p.card.hidden() } else { p.card };
                    r.public(|| Event::BlackRemoved { quest: q, card: shown });
                }
            }
            Action::Clairvoyance => {
                let k = (n.clairvoyance as usize).min(self.black_draw.len()).min(8);
                let mut left: ArrayVec<Black, 8> = ArrayVec::new();
                for _ in 0..k {
                    if let Some(c) = self.black_draw.pop() {
                        left.push(c);
                    }
                }
                for kn in self.knights.iter_mut() {
                    kn.black_top = kn.black_top.saturating_sub(k as u8);
                }
                self.clamp_black_known();
                for &c in &left {
                    r.only(seat, || Event::Peeked { seat, card: c });
                }
                self.stack.push(Task::Clairvoyance {
                    seat,
                    left,
                    chosen: ArrayVec::new(),
                });
            }
            Action::Convocation => {
                for s in 0..self.knights.len() {
                    if self.knights[s].active() && self.knights[s].at != Location::RoundTable {
                        self.move_to(s, Location::RoundTable, r);
                        r.public(|| Event::Moved {
                            seat: s,
                            to: Location::RoundTable,
                            free: true,
                        });
                    }
                }
                let present = self.present(Location::RoundTable);
                let count = present.len() as u8;
                self.spoils(seat, present, count, r);
            }
            Action::Fate => {
                if self.knights[seat].loyalty == Loyalty::Traitor {
                    self.unmask(seat, r);
                    self.cut_turn(seat, r);
                    self.everyone_discards(seat, Some(seat), n.fate_discard);
                } else {
                    // Everyone draws: the table now knows he is Loyal.
                    self.knights[seat].proven_loyal = true;
                    for s in self.clockwise(seat) {
                        self.draw_white(s, 1, r);
                    }
                }
            }
            Action::Heroism(q) => {
                self.heroism = Some(q);
                r.public(|| Event::HeroismOn { quest: q });
            }
            Action::LadyOfTheLake => {
                if self.quest(QuestId::Excalibur).in_play {
                    self.excalibur_step(1, Some(seat), r);
                } else {
                    self.gain(seat, n.lady_life, r);
                }
            }
            Action::Messenger(to) => self.stack.push(Task::MessengerGive { seat, to, given: 0 }),
            Action::Piety(ForWhom::Himself) => self.gain(seat, n.piety_self, r),
            Action::Piety(ForWhom::Others) => {
                for s in self.clockwise(seat) {
                    if s != seat {
                        self.gain(s, n.piety_others, r);
                    }
                }
            }
            Action::Reinforcements(ForWhom::Himself) => self.draw_white(seat, n.reinforcements_self, r),
            Action::Reinforcements(ForWhom::Others) => {
                for s in self.clockwise(seat) {
                    if s != seat {
                        self.draw_white(s, n.reinforcements_others, r);
                    }
                }
            }
            _ => {}
        }
    }
}
