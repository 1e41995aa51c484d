//! The legal actions.

use crate::rules::Seat;
use crate::rules::court::action::{Action, Effect};
use crate::rules::court::apply::{InHall, NOBODY, Scan, seat_byte, sorted_kinds};
use crate::rules::court::content::{CardKind, KnightId};
use crate::rules::court::state::{Court, Phase};

impl Court {
    /// A seat's Reserve knights, in knight order: those of its faction (listed in knight
    /// order, as the knights file nests them) not in the hall.
    pub(super) fn reserve_of(&self, seat: Seat) -> impl Iterator<Item = KnightId> + '_ {
        let faction = self.factions.get(seat).and_then(|&f| self.content.faction(f));
        faction
            .map_or(&[][..], |f| f.knights.as_slice())
            .iter()
            .copied()
            .filter(move |k| {
                self.knights
                    .get(k.index())
                    .is_some_and(|st| st.owner == Some(seat) && st.at.is_none())
            })
    }

    /// Every action `check` accepts now, without duplicates, into `out` (cleared first).
    ///
    /// Built by construction from the conditions `check` tests, so that nothing is built only
    /// to be refused and no message is ever formatted here; the test
    /// `legal_actions_are_exactly_the_accepted_ones` holds the two together over every action
    /// there is. The order is part of the game's behaviour (a seed replays the same game), so it
    /// stays: placements by knight then space; plays by card kind (sorted), within a card Enter,
    /// Step, Exit, Gossip, Banish, Score, Merlin, Follow, then End play; discards by card kind,
    /// then Draw.
    pub(in crate::rules::court) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let c = &*self.content;
        match &self.phase {
            Phase::Finished(_) => {}
            Phase::Placement { .. } => {
                let Some(seat) = self.to_act() else { return };
                for knight in self.reserve_of(seat) {
                    for space in c.equites().filter(|&s| self.knight_at(s).is_none()) {
                        out.push(Action::Place { knight, space });
                    }
                }
            }
            Phase::Play => {
                if self.played < c.rules.max_cards_per_turn {
                    let hand = self.hand_of(self.active);
                    let mut scan = Scan::new();
                    scan.fill(self, hand.iter().any(|c| matches!(c, CardKind::Move | CardKind::Dwarf)));
                    for card in sorted_kinds(hand) {
                        self.push_plays(card, &scan, out);
                    }
                }
                out.push(Action::EndPlay);
            }
            Phase::FollowerLoss { options, .. } => {
                out.extend(options.iter().map(|&c| Action::ChooseFollowerLoss(c)));
            }
            Phase::End => {
                out.extend(sorted_kinds(self.hand_of(self.active)).map(Action::Discard));
                out.push(Action::Draw);
            }
        }
    }

    /// The legal plays of one card the active player holds, in `legal_into`'s order.
    fn push_plays(&self, card: CardKind, scan: &Scan, out: &mut Vec<Action>) {
        let c = &*self.content;
        let rules = &c.rules;
        let me = seat_byte(Some(self.active));
        let play = |effect: Effect| Action::Play { card, effect };
        if matches!(card, CardKind::Move | CardKind::Dwarf) {
            let onto_own = rules.allow_move_onto_own_faction;
            for &knight in &scan.reserve {
                out.extend(scan.entries.iter().map(|&space| play(Effect::Enter { knight, space })));
            }
            for h in &scan.hall {
                for &to in c.space(h.at).map_or(&[][..], |s| &s.neighbours) {
                    // Onto an empty space, or a knight of another faction.
                    if onto_own || scan.held(to) == NOBODY || scan.held(to) != h.owner {
                        out.push(play(Effect::Step { knight: h.knight, to }));
                    }
                }
            }
            for h in scan.hall.iter().filter(|h| h.equites) {
                out.push(play(Effect::Exit { knight: h.knight }));
            }
        }
        if matches!(card, CardKind::Gossip | CardKind::Dwarf) {
            for h in scan.hall.iter().filter(|h| rules.allow_gossip_own || h.owner != me) {
                out.push(play(Effect::Gossip { knight: h.knight }));
            }
        }
        if matches!(card, CardKind::Banish | CardKind::Dwarf) {
            for h in scan.hall.iter().filter(|h| rules.allow_banish_own || h.owner != me) {
                out.push(play(Effect::Banish { knight: h.knight }));
            }
        }
        if matches!(card, CardKind::Score | CardKind::Dwarf) {
            out.push(play(Effect::Score));
        }
        if card == CardKind::Merlin {
            // Every ordered pair of two different knights.
            for (i, a) in scan.hall.iter().enumerate() {
                let merlin = |b: &InHall| {
                    play(Effect::Merlin {
                        a: a.knight,
                        b: b.knight,
                    })
                };
                out.extend(scan.hall[..i].iter().map(merlin));
                out.extend(scan.hall[i + 1..].iter().map(merlin));
            }
        }
        if card.is_follower() {
            for h in &scan.hall {
                if (!rules.followers_on_own_knights_only || h.owner == me)
                    && (h.followers as usize) < rules.max_followers
                {
                    out.push(play(Effect::Follow { knight: h.knight }));
                }
            }
        }
    }
}
