//! A card played: its effect resolved, and challenges fought.

use crate::rules::Report;
use crate::rules::court::action::Effect;
use crate::rules::court::content::{CardKind, KnightId, KnightValues, SpaceId};
use crate::rules::court::event::{ChallengeSide, Event, LeaveCause};
use crate::rules::court::state::{Court, Phase};

impl Court {
    pub(super) fn play(&mut self, card: CardKind, effect: Effect, ev: &mut Report<Event>) {
        let seat = self.active;
        if let Some(hand) = self.hands.get_mut(seat)
            && let Some(i) = hand.iter().position(|&c| c == card)
        {
            hand.remove(i);
        }
        self.played += 1;
        let (first, second) = match effect {
            Effect::Merlin { a, b } => (Some(a), Some(b)),
            Effect::Score => (None, None),
            Effect::Enter { knight, .. }
            | Effect::Step { knight, .. }
            | Effect::Exit { knight }
            | Effect::Gossip { knight }
            | Effect::Banish { knight }
            | Effect::Follow { knight } => (Some(knight), None),
        };
        let at = [
            first.and_then(|k| self.where_is(k)),
            second.and_then(|k| self.where_is(k)),
        ];
        ev.public(|| Event::Played { seat, card, effect, at });
        // A spent card goes to the discard pile; a follower stays under its knight.
        if !card.is_follower() {
            self.discard.push(card);
        }
        // Onto a knight (of his own faction too, where the rules file allows that) a move is
        // a challenge.
        match effect {
            Effect::Enter { knight, space } => match self.knight_at(space) {
                None => {
                    self.put(knight, space);
                    ev.public(|| Event::Moved {
                        knight,
                        from: None,
                        to: space,
                    });
                }
                Some(defender) => {
                    if self.challenge(knight, defender, ev) {
                        self.send_to_reserve(defender, LeaveCause::LostEntryChallenge, ev);
                        self.put(knight, space);
                        ev.public(|| Event::Moved {
                            knight,
                            from: None,
                            to: space,
                        });
                    }
                }
            },
            Effect::Step { knight, to } => {
                let from = self.where_is(knight);
                match self.knight_at(to) {
                    None => {
                        if let Some(f) = from {
                            self.set_cell(f, None);
                        }
                        self.put(knight, to);
                        ev.public(|| Event::Moved { knight, from, to });
                    }
                    Some(defender) => {
                        if self.challenge(knight, defender, ev) {
                            self.swap(knight, defender, ev);
                        }
                    }
                }
            }
            Effect::Exit { knight } => self.send_to_reserve(knight, LeaveCause::Exit, ev),
            Effect::Gossip { knight } => {
                let Some(st) = self.knights.get_mut(knight.index()) else {
                    return;
                };
                if st.scandalised {
                    st.scandalised = false;
                    ev.public(|| Event::Restored { knight });
                } else {
                    st.scandalised = true;
                    ev.public(|| Event::Scandalised { knight });
                    let mut options = st.followers.clone();
                    options.sort();
                    options.dedup();
                    match options.len() {
                        0 => {}
                        1 => self.lose_follower(knight, options[0], ev),
                        _ => self.phase = Phase::FollowerLoss { knight, options },
                    }
                }
            }
            Effect::Banish { knight } => {
                let power = self.effective_power(knight);
                let roll = self.roll();
                let success = (roll as i64) > power;
                ev.public(|| Event::BanishRoll {
                    knight,
                    roll,
                    power,
                    success,
                });
                if success {
                    self.send_to_reserve(knight, LeaveCause::Banished, ev);
                }
            }
            Effect::Score => self.score(ev),
            Effect::Merlin { a, b } => self.swap(a, b, ev),
            Effect::Follow { knight } => {
                if let Some(st) = self.knights.get_mut(knight.index()) {
                    st.followers.push(card);
                    ev.public(|| Event::FollowerAdded { knight, follower: card });
                }
            }
        }
    }

    pub(super) fn where_is(&self, k: KnightId) -> Option<SpaceId> {
        self.knights.get(k.index()).and_then(|s| s.at)
    }

    /// Rolls a challenge; true when the challenger's total is strictly higher.
    fn challenge(&mut self, challenger: KnightId, defender: KnightId, ev: &mut Report<Event>) -> bool {
        // The challenger's die is rolled first.
        let challenger = self.challenge_side(challenger);
        let defender = self.challenge_side(defender);
        let won = challenger.total() > defender.total();
        ev.public(|| Event::Challenge {
            challenger,
            defender,
            won,
        });
        won
    }

    /// A knight's power now and a fresh die, for one side of a challenge.
    fn challenge_side(&mut self, knight: KnightId) -> ChallengeSide {
        let power = self.effective_power(knight);
        ChallengeSide {
            knight,
            power,
            roll: self.roll(),
        }
    }
}
