//! Resolution of a checked action: the decisions, heroes, shields, points and Grail parts.

use crate::rules::Report;
use crate::rules::future::action::{Action, Why};
use crate::rules::future::colours::YELLOW;
use crate::rules::future::content::{Board, Effect};
use crate::rules::future::event::Event;
use crate::rules::future::pieces::{Hero, Phase, Piece, Slot, Task, TurnStage};
use crate::rules::future::state::Future;

impl Future {
    /// Applies a checked action.
    pub(in crate::rules::future) fn execute(&mut self, action: Action, r: &mut Report<Event>) {
        let deck = self.content.0.clone();
        let deck = &deck.deck;
        if let Some(&task) = self.tasks.last() {
            let slot = task.slot();
            let seat = self.col(slot).seat;
            match (task, action) {
                (
                    Task::Shields { card, left, .. },
                    Action::Place {
                        shield,
                        board,
                        field,
                        hero,
                    },
                ) => {
                    self.shield_done(slot, card, left, shield);
                    if hero {
                        self.use_hero(slot, r);
                    }
                    self.place_piece(slot, board, field, Piece::Knight(slot), r);
                }
                (Task::Shields { card, left, .. }, Action::Return { shield }) => {
                    self.shield_done(slot, card, left, shield);
                    self.col_mut(slot).screen += 1;
                    let board = deck.missions[card as usize].shields[shield as usize].board();
                    r.public(|| Event::Returned { slot, board });
                }
                (Task::Tree { .. }, Action::Accept) => {
                    self.tasks.pop();
                    self.tree(slot, r);
                }
                (Task::Extra { board, .. }, Action::Extra { screen, field }) => {
                    self.tasks.pop();
                    let c = self.col_mut(slot);
                    if screen {
                        c.screen -= 1;
                    } else {
                        c.hinterland -= 1;
                    }
                    self.place_piece(slot, board, field, Piece::Knight(slot), r);
                }
                (Task::LineBonus { .. }, Action::Bonus(i)) => {
                    self.tasks.pop();
                    self.col_mut(slot).bonuses_taken += 1;
                    r.public(|| Event::LineFormed { slot, bonus: Some(i) });
                    match self.line_bonus(i) {
                        Some(Effect::Points(n)) => self.add_points(slot, n, Why::LineBonus, r),
                        Some(Effect::Grail(n)) => self.gain_grail(slot, n, r),
                        Some(Effect::Tree) => self.tree(slot, r),
                        Some(Effect::ExtraKnight(b)) => self.tasks.push(Task::Extra { slot, board: b }),
                        None => {}
                    }
                }
                (Task::LineBonus { .. }, Action::Decline) => {
                    self.tasks.pop();
                    r.public(|| Event::LineFormed { slot, bonus: None });
                }
                (Task::RecallRed { .. }, Action::RecallRed(field)) => {
                    self.tasks.pop();
                    self.recall_red(slot, field, r);
                }
                (Task::GrailPick { left, .. }, Action::Grail(part)) => {
                    self.tasks.pop();
                    if left > 1 {
                        self.tasks.push(Task::GrailPick { slot, left: left - 1 });
                    }
                    if let Some(i) = self.grail_supply.iter().position(|&p| p == part) {
                        self.grail_supply.remove(i);
                        let c = self.col_mut(slot);
                        c.grail[part as usize] += 1;
                        c.grail_held += 1;
                        r.public(|| Event::GrailDrawn { slot, count: 1 });
                        r.only(seat, || Event::GrailParts {
                            slot,
                            parts: vec![part],
                        });
                    }
                }
                (Task::Parzival { n, .. }, Action::Accept) => {
                    self.tasks.pop();
                    self.use_hero(slot, r);
                    self.col_mut(slot).parzival = true;
                    self.pick_grail(slot, n, r);
                }
                (Task::Parzival { n, .. }, Action::Decline) => {
                    self.tasks.pop();
                    self.draw_grail(slot, n, r);
                }
                (Task::Tristan { .. }, Action::Accept) => {
                    self.tasks.pop();
                    self.use_hero(slot, r);
                    self.add_points(slot, deck.tristan_bonus, Why::Tristan, r);
                }
                (Task::Magician { .. }, Action::Magician { board, field }) => {
                    self.tasks.pop();
                    let c = self.col_mut(slot);
                    c.bonuses_taken = 0;
                    self.place_piece(slot, board, field, Piece::Magician(slot), r);
                }
                (_, Action::Decline) => {
                    self.tasks.pop();
                }
                _ => {}
            }
            self.settle(r);
            return;
        }
        match (self.phase, action) {
            (Phase::Colours { pick }, Action::Colour(colour)) => {
                let seat = self.picker(pick);
                let slot = self.add_colour(seat, colour);
                self.track.push(slot);
                r.public(|| Event::ColourChosen { seat, colour });
                if self.colours.len() >= self.colours_needed() {
                    let track = self.track.clone();
                    r.public(|| Event::TrackOrder { track, initial: true });
                    self.finish_setup(r, false);
                } else {
                    self.phase = Phase::Colours { pick: pick + 1 };
                }
            }
            (Phase::Send { seat }, Action::Send(a, b)) => {
                let slots = self.seat_slots[seat].clone();
                let mut counts = Vec::new();
                for (k, &s) in slots.iter().enumerate() {
                    let c = self.col_mut(s);
                    c.sent = if k == 0 { a } else { b };
                    c.has_sent = true;
                    counts.push((s, c.sent));
                }
                r.public(|| Event::FistClosed { seat });
                r.only(seat, || Event::Fist { seat, counts });
                self.phase = if seat + 1 < self.players {
                    Phase::Send { seat: seat + 1 }
                } else {
                    Phase::Predict {
                        pos: self.track.len() as u8 - 1,
                    }
                };
            }
            (Phase::Predict { pos }, Action::Predict(number)) => {
                let slot = self.track[pos as usize];
                let inner = self.on_space(number) > 0;
                self.predictions.push((slot, number));
                r.public(|| Event::Predicted { slot, number, inner });
                if pos == 0 {
                    self.reveal(r);
                } else {
                    self.phase = Phase::Predict { pos: pos - 1 };
                }
            }
            (Phase::Missions { pos, .. }, Action::Take(card)) => {
                let slot = self.track[pos as usize];
                self.display.retain(|&d| d != card);
                let m = &deck.missions[card as usize];
                let c = self.col_mut(slot);
                c.missions.push(card);
                let needs = m.needs();
                let surplus = c.sent - needs;
                c.hinterland += surplus;
                r.public(|| Event::Took { slot, card, surplus });
                self.phase = Phase::Missions {
                    pos,
                    stage: TurnStage::Resolve,
                };
                if let Some(s) = m.special {
                    let c = self.col_mut(slot);
                    c.screen += needs;
                    c.sent = 0;
                    self.add_points(slot, s.points, Why::Special, r);
                } else {
                    self.col_mut(slot).sent = needs;
                    if !m.shields.is_empty() {
                        let left = ((1u16 << m.shields.len()) - 1) as u8;
                        self.tasks.push(Task::Shields { slot, card, left });
                    }
                    if m.tree {
                        self.tasks.push(Task::Tree { slot });
                    }
                    self.gain_grail(slot, m.grail, r);
                }
            }
            (Phase::Missions { pos, .. }, Action::NoMission) => {
                let slot = self.track[pos as usize];
                let c = self.col_mut(slot);
                let knights = c.sent;
                c.hinterland += knights;
                c.sent = 0;
                r.public(|| Event::NothingFits { slot, knights });
                self.phase = Phase::Missions {
                    pos,
                    stage: TurnStage::After,
                };
            }
            (Phase::Missions { pos, .. }, Action::Recall(n)) => {
                let slot = self.track[pos as usize];
                let c = self.col_mut(slot);
                c.hinterland -= n;
                c.screen += n;
                r.public(|| Event::Recalled { slot, knights: n });
                self.phase = Phase::Missions {
                    pos,
                    stage: TurnStage::Resolve,
                };
                self.gain_grail(slot, n, r);
            }
            (Phase::Missions { pos, .. }, Action::Discard(card)) => {
                let slot = self.track[pos as usize];
                self.display.retain(|&d| d != card);
                r.public(|| Event::Discarded { slot, card });
                self.use_hero(slot, r);
            }
            (Phase::Missions { pos, .. }, Action::BlackKnight { board, field }) => {
                let slot = self.track[pos as usize];
                self.use_hero(slot, r);
                self.col_mut(slot).black_knight = false;
                self.add_points(slot, -deck.black_knight_cost, Why::BlackKnight, r);
                self.phase = Phase::Missions {
                    pos,
                    stage: TurnStage::Resolve,
                };
                self.place_piece(slot, board, field, Piece::Knight(slot), r);
            }
            (Phase::Missions { pos, .. }, Action::EndTurn) => {
                self.end_turn(pos, r);
            }
            _ => {}
        }
        self.settle(r);
    }

    fn shield_done(&mut self, slot: Slot, card: u16, left: u8, shield: u8) {
        self.tasks.pop();
        let left = left & !(1 << shield);
        if left != 0 {
            self.tasks.push(Task::Shields { slot, card, left });
        }
        let c = self.col_mut(slot);
        c.sent = c.sent.saturating_sub(1);
    }

    /// Turns the hero of `slot` over (side 1 → side 2) or sends it away (side 2).
    fn use_hero(&mut self, slot: Slot, r: &mut Report<Event>) {
        let c = self.col_mut(slot);
        let side = match c.hero {
            Hero::Side1 => {
                c.hero = Hero::Side2;
                1
            }
            Hero::Side2 => {
                c.hero = Hero::Gone;
                2
            }
            _ => return,
        };
        c.hero_used = true;
        r.public(|| Event::HeroUsed { slot, side });
    }

    fn tree(&mut self, slot: Slot, r: &mut Report<Event>) {
        let c = self.col_mut(slot);
        let knight = c.hinterland > 0;
        if knight {
            c.hinterland -= 1;
            c.screen += 1;
        }
        r.public(|| Event::TreeTaken { slot, knight });
        self.gain_grail(slot, 1, r);
    }

    pub(in crate::rules::future) fn add_points(&mut self, slot: Slot, points: i32, why: Why, r: &mut Report<Event>) {
        if points == 0 {
            return;
        }
        let fin = self.scoring_final;
        let c = self.col_mut(slot);
        let moved = if fin {
            c.final_gain += points;
            points
        } else {
            let before = c.score;
            c.score = (before + points).max(0);
            c.score - before
        };
        r.public(|| Event::Scored {
            slot,
            points: moved,
            due: points,
            why,
        });
    }

    /// Parzival's side 2: `slot` picks `n` tiles from the supply, looking at it.
    fn pick_grail(&mut self, slot: Slot, n: u8, r: &mut Report<Event>) {
        self.tasks.push(Task::GrailPick { slot, left: n });
        let seat = self.col(slot).seat;
        r.only(seat, || Event::SupplyShown { slot });
    }

    /// A Grail gain of `n` tiles: drawn at once, or picked (Parzival's side 2).
    pub(super) fn gain_grail(&mut self, slot: Slot, n: u8, r: &mut Report<Event>) {
        if n == 0 {
            return;
        }
        let c = self.col(slot);
        let own_turn = matches!(self.phase, Phase::Missions { pos, .. } if self.track.get(pos as usize) == Some(&slot));
        if c.parzival {
            self.pick_grail(slot, n, r);
        } else if self.heroes
            && own_turn
            && !self.scoring_final
            && c.colour == YELLOW
            && c.hero == Hero::Side2
            && !c.hero_used
        {
            self.tasks.push(Task::Parzival { slot, n });
        } else {
            self.draw_grail(slot, n, r);
        }
    }

    pub(super) fn draw_grail(&mut self, slot: Slot, n: u8, r: &mut Report<Event>) {
        let mut parts = Vec::new();
        for _ in 0..n {
            match self.grail_supply.pop() {
                Some(p) => {
                    let c = self.col_mut(slot);
                    c.grail[p as usize] += 1;
                    c.grail_held += 1;
                    if r.0.is_some() {
                        parts.push(p);
                    }
                }
                None => break,
            }
        }
        let count = if r.0.is_some() { parts.len() as u8 } else { 0 };
        if count > 0 {
            let seat = self.col(slot).seat;
            r.public(|| Event::GrailDrawn { slot, count });
            r.only(seat, || Event::GrailParts { slot, parts });
        }
    }

    /// Whether the royalists lead at the Knights' Table (else it shows the rebels).
    pub fn royalists_lead(&self) -> bool {
        let Some(room) = self.room(Board::Red) else {
            return false;
        };
        let fl = &self.fields[Board::Red.index()];
        let count = |row: &Vec<u8>| row.iter().filter(|&&f| fl[f as usize] != Piece::Empty).count();
        count(&room.rows[0]) > count(&room.rows[1])
    }
}
