//! Turn flow: the work run to the next decision, turns begun and ended, the reveal.

use crate::rules::Report;
use crate::rules::future::apply::turn_order;
use crate::rules::future::event::Event;
use crate::rules::future::pieces::{Phase, Slot, TurnStage};
use crate::rules::future::state::Future;

impl Future {
    /// Resolves what needs no decision until someone must decide.
    pub(in crate::rules::future) fn settle(&mut self, r: &mut Report<Event>) {
        loop {
            if self.outcome.is_some() {
                return;
            }
            if let Some(&task) = self.tasks.last() {
                if self.task_has_choice(task) {
                    return;
                }
                self.tasks.pop();
                continue;
            }
            match self.phase {
                Phase::Missions {
                    pos,
                    stage: TurnStage::Resolve,
                } => {
                    self.phase = Phase::Missions {
                        pos,
                        stage: TurnStage::After,
                    };
                }
                Phase::Missions {
                    pos,
                    stage: TurnStage::After,
                } => {
                    let mut opts = Vec::new();
                    self.after_options(self.track[pos as usize], &mut opts);
                    if !opts.is_empty() {
                        return;
                    }
                    self.end_turn(pos, r);
                }
                Phase::Final => {
                    self.finish_final(r);
                    return;
                }
                _ => return,
            }
        }
    }

    fn begin_turn(&mut self, pos: u8, r: &mut Report<Event>) {
        let slot = self.track[pos as usize];
        self.turns += 1;
        let c = self.col_mut(slot);
        c.bonuses_taken = 0;
        c.hero_used = false;
        c.placed = [0; 5];
        c.parzival = false;
        self.phase = Phase::Missions {
            pos,
            stage: TurnStage::Choose,
        };
        r.public(|| Event::TurnStarted { slot });
    }

    pub(super) fn end_turn(&mut self, pos: u8, r: &mut Report<Event>) {
        let slot = self.track[pos as usize];
        if self.col(slot).parzival {
            self.col_mut(slot).parzival = false;
            let mut supply = std::mem::take(&mut self.grail_supply);
            self.rng.0.shuffle(&mut supply);
            self.grail_supply = supply;
        }
        if (pos as usize) + 1 < self.track.len() {
            self.begin_turn(pos + 1, r);
            return;
        }
        let round = self.round;
        let removed = std::mem::take(&mut self.display);
        r.public(|| Event::RoundEnded { round, removed });
        if round >= self.content.0.deck.rounds {
            self.final_scoring(r);
        } else {
            self.start_round(round + 1, r);
        }
    }

    /// All fists open; the new turn order; the Merlin tile for the top.
    pub(super) fn reveal(&mut self, r: &mut Report<Event>) {
        let counts: Vec<(Slot, u8)> = self.track.iter().map(|&s| (s, self.col(s).sent)).collect();
        let total: u8 = counts.iter().map(|c| c.1).sum();
        for c in &mut self.colours {
            c.screen -= c.sent;
        }
        r.public(|| Event::FistsOpened { counts, total });
        self.track = turn_order(&self.predictions, total);
        let track = self.track.clone();
        r.public(|| Event::TrackOrder { track, initial: false });
        if !self.merlin_row.is_empty() {
            let tile = self.merlin_row.remove(0);
            let top = self.track[0];
            let value = self.content.0.deck.merlin[tile as usize];
            let c = self.col_mut(top);
            c.merlin.push(tile);
            c.merlin_held += 1;
            let seat = c.seat;
            r.public(|| Event::MerlinTaken { slot: top });
            r.only(seat, || Event::MerlinValue { slot: top, value });
        }
        self.begin_turn(0, r);
    }
}
