//! Turn flow: the pending decision, and resolution (only ever called on a validated action):
//! dice, turns begun and play ended, knights put, sent to the Reserve, swapped.

use crate::rules::court::action::Action;
use crate::rules::court::content::{CardKind, KnightId, SpaceId};
use crate::rules::court::event::{Event, LeaveCause};
use crate::rules::court::state::{Court, Phase};
use crate::rules::{Pending, Report, Seat};

impl Court {
    /// The seat deciding now, if any.
    pub(in crate::rules::court) fn to_act(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Finished(_) => None,
            Phase::Placement { step } => Some((self.first + step) % self.players().max(1)),
            _ => Some(self.active),
        }
    }

    pub(in crate::rules::court) fn pending_decision(&self) -> Pending {
        let rules = &self.content.rules;
        let seat = self.to_act().unwrap_or(self.active);
        let prompt = match &self.phase {
            Phase::Finished(o) => return Pending::Finished(o.clone()),
            Phase::Placement { step } => format!(
                "Place a knight on an empty Equites space (round {} of {})",
                step / self.players().max(1) + 1,
                rules.opening_knights
            ),
            Phase::Play => format!(
                "Play a card or end your play ({} of {} played)",
                self.played, rules.max_cards_per_turn
            ),
            Phase::FollowerLoss { knight, .. } => {
                format!("Choose which follower {} loses", self.name(*knight))
            }
            Phase::End => format!("Discard any cards you like, then draw up to {}", rules.hand_size),
        };
        Pending::Decide {
            seat,
            prompt,
            private: true,
        }
    }

    pub(super) fn roll(&mut self) -> u8 {
        while let Some(r) = self.rigged.pop_front() {
            if (1..=6).contains(&r) {
                return r;
            }
        }
        self.rng.d6()
    }

    pub(in crate::rules::court) fn execute(&mut self, action: &Action, ev: &mut Report<Event>) {
        match *action {
            Action::Place { knight, space } => {
                let seat = self.to_act().unwrap_or(self.active);
                self.put(knight, space);
                ev.public(|| Event::Placed { seat, knight, space });
                if let Phase::Placement { step } = self.phase {
                    let step = step + 1;
                    if step >= self.players() * self.content.rules.opening_knights {
                        self.start_turn(self.first, ev);
                    } else {
                        self.phase = Phase::Placement { step };
                        self.active = (self.first + step) % self.players();
                    }
                }
            }
            Action::Play { card, effect } => {
                self.play(card, effect, ev);
                self.maybe_end_play(ev);
            }
            Action::ChooseFollowerLoss(card) => {
                if let Phase::FollowerLoss { knight, .. } = self.phase {
                    self.lose_follower(knight, card, ev);
                    self.phase = Phase::Play;
                    self.maybe_end_play(ev);
                }
            }
            Action::EndPlay => self.end_play(ev),
            Action::Discard(card) => {
                let seat = self.active;
                if let Some(hand) = self.hands.get_mut(seat)
                    && let Some(i) = hand.iter().position(|&c| c == card)
                {
                    hand.remove(i);
                    self.discard.push(card);
                    ev.public(|| Event::Discarded { seat, card });
                }
            }
            Action::Draw => {
                self.refill(ev);
                let next = (self.active + 1) % self.players();
                self.start_turn(next, ev);
            }
        }
    }

    fn start_turn(&mut self, seat: Seat, ev: &mut Report<Event>) {
        self.active = seat;
        self.played = 0;
        self.turn += 1;
        self.phase = Phase::Play;
        let turn = self.turn;
        ev.public(|| Event::TurnStarted { seat, turn });
    }

    pub(super) fn end_play(&mut self, ev: &mut Report<Event>) {
        self.phase = Phase::End;
        let seat = self.active;
        ev.public(|| Event::PlayEnded { seat });
    }

    /// Play ends by itself once no further card can be played.
    fn maybe_end_play(&mut self, ev: &mut Report<Event>) {
        if self.phase == Phase::Play {
            let empty = self.hands.get(self.active).is_none_or(Vec::is_empty);
            if empty || self.played >= self.content.rules.max_cards_per_turn {
                self.end_play(ev);
            }
        }
    }

    /// Puts a knight (not in the hall) onto an empty space.
    pub(super) fn put(&mut self, k: KnightId, s: SpaceId) {
        if let (Some(st), true) = (self.knights.get_mut(k.index()), s.index() < self.board.len()) {
            st.at = Some(s);
            self.set_cell(s, Some(k));
        }
    }

    /// Sends a knight in the hall to his owner's Reserve; as the rules file says, his followers
    /// are discarded and he turns face up.
    pub(super) fn send_to_reserve(&mut self, k: KnightId, cause: LeaveCause, ev: &mut Report<Event>) {
        let rules = &self.content.rules;
        let Some(st) = self.knights.get_mut(k.index()) else {
            return;
        };
        let Some(from) = st.at.take() else { return };
        if rules.leaving_turns_face_up {
            st.scandalised = false;
        }
        let discards = rules.leaving_discards_followers;
        ev.public(|| Event::ToReserve {
            knight: k,
            from,
            discarded: if discards { st.followers.clone() } else { Vec::new() },
            cause,
        });
        if discards {
            self.discard.append(&mut st.followers);
        }
        self.set_cell(from, None);
    }

    /// Two knights in the hall exchange spaces (followers and scandal go with them).
    pub(super) fn swap(&mut self, a: KnightId, b: KnightId, ev: &mut Report<Event>) {
        let (Some(a_from), Some(b_from)) = (self.where_is(a), self.where_is(b)) else {
            return;
        };
        self.knights[a.index()].at = Some(b_from);
        self.knights[b.index()].at = Some(a_from);
        self.set_cell(a_from, Some(b));
        self.set_cell(b_from, Some(a));
        ev.public(|| Event::Swapped { a, a_from, b, b_from });
    }

    pub(super) fn lose_follower(&mut self, k: KnightId, card: CardKind, ev: &mut Report<Event>) {
        let Some(st) = self.knights.get_mut(k.index()) else {
            return;
        };
        if let Some(i) = st.followers.iter().position(|&f| f == card) {
            st.followers.remove(i);
            self.discard.push(card);
            let chosen_by = self.active;
            ev.public(|| Event::FollowerLost {
                knight: k,
                follower: card,
                chosen_by,
            });
        }
    }
}
