//! Scoring at the end of a round, and hands refilled.

use crate::rules::court::content::{BitIndices, KnightId, KnightValues, ScoringOrder};
use crate::rules::court::event::Event;
use crate::rules::court::state::{Court, Phase};
use crate::rules::{Outcome, Report, Seat};

impl Court {
    /// The knights of a seat in the hall, in board order: read off the seat's bits where they
    /// tell the hall, otherwise found on the board.
    fn knights_of(&self, seat: Seat) -> impl Iterator<Item = KnightId> + '_ {
        let bits = self
            .hall_bits_tell()
            .then(|| self.hall.owned.get(seat).copied().unwrap_or(0));
        let by_bits = BitIndices(bits.unwrap_or(0)).filter_map(|s| self.board.get(s).copied().flatten());
        let on_board = if bits.is_some() { &[][..] } else { &self.board[..] };
        by_bits.chain(
            on_board
                .iter()
                .flatten()
                .copied()
                .filter(move |&k| self.owner(k) == Some(seat)),
        )
    }

    /// What a seat would score now, knight by knight.
    pub(in crate::rules::court) fn breakdown(&self, seat: Seat) -> Vec<(KnightId, i64)> {
        self.knights_of(seat).map(|k| (k, self.score_value(k))).collect()
    }

    /// The seats in the order they score a Score card: the active player first, then the others
    /// in the order the rules file gives.
    pub(in crate::rules::court) fn scoring_order(&self) -> impl Iterator<Item = Seat> + use<> {
        let n = self.players();
        let active = self.active;
        let against = self.content.rules.others_score == ScoringOrder::AgainstTurnOrder;
        (0..n).map(move |i| {
            if against {
                (active + n - i) % n
            } else {
                (active + i) % n
            }
        })
    }

    pub(super) fn score(&mut self, ev: &mut Report<Event>) {
        for seat in self.scoring_order() {
            let points: i64 = self.knights_of(seat).map(|k| self.score_value(k)).sum();
            self.scores[seat] += points;
            let total = self.scores[seat];
            ev.public(|| Event::Scored {
                seat,
                points,
                total,
                knights: self.breakdown(seat),
            });
            if total >= self.target {
                ev.public(|| Event::Won { seat, total });
                self.phase = Phase::Finished(Outcome {
                    winners: vec![seat],
                    scores: self.scores.clone(),
                    summary: format!(
                        "{} reaches {total} of {} points and wins",
                        self.seat_name(seat),
                        self.target
                    ),
                });
                return;
            }
        }
        let mut restored = Vec::new();
        let mut any = false;
        for (i, st) in self.knights.iter_mut().enumerate() {
            if st.scandalised && st.at.is_some() {
                st.scandalised = false;
                any = true;
                if ev.is_on() {
                    restored.push(KnightId(i as u8));
                }
            }
        }
        if any {
            ev.public(|| Event::AllRestored { knights: restored });
        }
        self.end_play(ev);
    }

    /// Draws up to a full hand, reshuffling the discard pile into the draw pile when it runs out.
    pub(super) fn refill(&mut self, ev: &mut Report<Event>) {
        let seat = self.active;
        let size = self.content.rules.hand_size;
        let before = self.hands.get(seat).map_or(0, Vec::len);
        while self.hands.get(seat).is_some_and(|h| h.len() < size) {
            if self.draw.is_empty() {
                if self.discard.is_empty() {
                    break;
                }
                self.draw.append(&mut self.discard);
                self.rng.shuffle(&mut self.draw);
                let cards = self.draw.len();
                ev.public(|| Event::Reshuffled { cards });
            }
            if let Some(c) = self.draw.pop() {
                self.hands[seat].push(c);
            }
        }
        let hand = self.hand_of(seat);
        let count = hand.len().saturating_sub(before);
        if count > 0 {
            ev.only(seat, || Event::Drew {
                seat,
                cards: hand[before..].to_vec(),
            });
            ev.public(|| Event::DrewCount { seat, count });
        }
    }
}
