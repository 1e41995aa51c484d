//! The final scoring: the red room's ranking and the game's end.

use crate::rules::future::action::Why;
use crate::rules::future::apply::grail_points;
use crate::rules::future::content::{Board, RoomRule};
use crate::rules::future::event::Event;
use crate::rules::future::pieces::{Phase, Piece, Slot, Task};
use crate::rules::future::state::Future;
use crate::rules::{Outcome, Report};

impl Future {
    /// The red room's ranking: (colour or the neutral one, knights), best first.
    pub fn red_ranking(&self, row: Option<usize>) -> Vec<(Option<Slot>, u8)> {
        let fl = &self.fields[Board::Red.index()];
        let room = self.room(Board::Red);
        let counts = |want: Piece| -> u8 {
            match (row, room) {
                (Some(k), Some(room)) => room.rows[k].iter().filter(|&&f| fl[f as usize] == want).count() as u8,
                _ => fl.iter().filter(|&&p| p == want).count() as u8,
            }
        };
        let mut entries: Vec<(Option<Slot>, u8)> = (0..self.colours.len() as u8)
            .map(|s| (Some(s), counts(Piece::Knight(s))))
            .filter(|e| e.1 > 0)
            .collect();
        let neutral = counts(Piece::Neutral);
        if neutral > 0 {
            entries.push((None, neutral));
        }
        let place = |s: Option<Slot>| match s {
            Some(s) => self.track.iter().position(|&t| t == s).unwrap_or(usize::MAX - 1),
            None => usize::MAX,
        };
        entries.sort_by_key(|&(s, n)| (std::cmp::Reverse(n), place(s)));
        entries
    }

    pub(in crate::rules::future) fn final_scoring(&mut self, r: &mut Report<Event>) {
        self.scoring_final = true;
        self.phase = Phase::Final;
        // 1. The red room.
        let mut winner = None;
        if let Some(rule) = self.room(Board::Red).map(|r| r.file.rule.clone()) {
            match &rule {
                RoomRule::FreeChoice { ranks, absent_penalty } => {
                    let ranking = self.red_ranking(None);
                    for (i, &(s, _)) in ranking.iter().enumerate() {
                        if let Some(s) = s {
                            let pts = ranks.get(i).copied().unwrap_or(0);
                            self.add_points(s, pts, Why::RedRoom, r);
                            r.public(|| Event::FinalStep {
                                slot: s,
                                step: 1,
                                points: pts,
                            });
                        }
                    }
                    for s in 0..self.colours.len() as u8 {
                        if !ranking.iter().any(|e| e.0 == Some(s)) {
                            self.add_points(s, *absent_penalty, Why::RedRoom, r);
                            let points = *absent_penalty;
                            r.public(|| Event::FinalStep {
                                slot: s,
                                step: 1,
                                points,
                            });
                        }
                    }
                    winner = ranking.first().and_then(|e| e.0);
                }
                RoomRule::Treason { win, lose, .. } => {
                    let royal = self.royalists_lead();
                    for side in 0..2 {
                        let winning = (side == 0) == royal;
                        let values = if winning { win } else { lose };
                        let ranking = self.red_ranking(Some(side));
                        for (i, &(s, _)) in ranking.iter().enumerate() {
                            if let Some(s) = s {
                                let pts = values.get(i).copied().unwrap_or(0);
                                self.add_points(s, pts, Why::RedRoom, r);
                                r.public(|| Event::FinalStep {
                                    slot: s,
                                    step: 1,
                                    points: pts,
                                });
                            }
                        }
                        if winning {
                            winner = ranking.first().and_then(|e| e.0);
                        }
                    }
                }
                _ => {}
            }
        }
        if let Some(s) = winner {
            self.tasks.push(Task::Magician { slot: s });
        }
        // The magician's placement (if any) is decided; then `settle` finishes.
    }

    pub(super) fn finish_final(&mut self, r: &mut Report<Event>) {
        let content = self.content.0.clone();
        let deck = &content.deck;
        let n = self.colours.len() as u8;
        // 2. Merlin tiles.
        for s in 0..n {
            let values: Vec<i32> = self.col(s).merlin.iter().map(|&t| deck.merlin[t as usize]).collect();
            let pts: i32 = values.iter().sum();
            r.public(|| Event::MerlinRevealed { slot: s, values });
            self.add_points(s, pts, Why::Merlin, r);
            r.public(|| Event::FinalStep {
                slot: s,
                step: 2,
                points: pts,
            });
        }
        // 3. Knights behind the screen.
        for s in 0..n {
            let pts = self.col(s).screen as i32 * deck.behind_screen_points;
            self.add_points(s, pts, Why::Screen, r);
            r.public(|| Event::FinalStep {
                slot: s,
                step: 3,
                points: pts,
            });
        }
        // 4. The hinterland, in track order.
        for s in self.track.clone() {
            let tiles = self.col(s).hinterland / deck.hinterland_knights_per_grail.max(1);
            self.draw_grail(s, tiles, r);
            r.public(|| Event::FinalStep {
                slot: s,
                step: 4,
                points: 0,
            });
        }
        // 5. Grail sets.
        for s in 0..n {
            let pts = grail_points(&self.col(s).grail, &deck.grail_set_points);
            self.add_points(s, pts, Why::Grail, r);
            r.public(|| Event::FinalStep {
                slot: s,
                step: 5,
                points: pts,
            });
        }
        // 6. The secret room.
        if let Some(RoomRule::TopmostFree { absent_penalty }) = self.room(Board::Violet).map(|r| r.file.rule.clone()) {
            for s in 0..n {
                if !self.has_piece_in(s, Board::Violet, |_| true) {
                    self.add_points(s, absent_penalty, Why::SecretRoom, r);
                    r.public(|| Event::FinalStep {
                        slot: s,
                        step: 6,
                        points: absent_penalty,
                    });
                }
            }
        }
        self.scoring_final = false;
        for s in 0..n {
            let c = self.col_mut(s);
            c.score = (c.score + c.final_gain).max(0);
            c.final_gain = 0;
            let score = c.score;
            r.public(|| Event::Final { slot: s, score });
        }
        // The result of a seat: its counting colour's score, and that colour's track place.
        let place = |s: Slot| self.track.iter().position(|&t| t == s).unwrap_or(usize::MAX);
        let results: Vec<(i32, usize)> = (0..self.players)
            .map(|seat| match self.counting_slot(seat) {
                Some(s) => (self.col(s).score, place(s)),
                None => (0, usize::MAX),
            })
            .collect();
        let best = (0..self.players)
            .min_by_key(|&s| (std::cmp::Reverse(results[s].0), results[s].1))
            .unwrap_or(0);
        let seats = vec![best];
        let scores: Vec<i64> = results.iter().map(|r| r.0 as i64).collect();
        let mut summary = format!(
            "{} wins with {} points",
            self.seat_names.get(best).map_or("?", String::as_str),
            results[best].0
        );
        if let Some(how) = self.counted_words(best) {
            summary = format!("{summary} ({how})");
        }
        r.public(|| Event::Won { seats: seats.clone() });
        self.phase = Phase::Over;
        self.outcome = Some(Outcome {
            winners: seats,
            scores,
            summary,
        });
    }
}
