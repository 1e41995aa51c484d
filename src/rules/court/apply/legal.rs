//! The legal actions.

use crate::rules::Seat;
use crate::rules::court::action::{Action, Effect};
use crate::rules::court::apply::{InHall, KindSet, NOBODY, Scan, sorted_kinds};
use crate::rules::court::content::{BitIndices, CardKind, KnightId, SpaceId};
use crate::rules::court::state::{Court, Phase};
use crate::rules::dice::{GameRng, random_choice};

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
    /// `PlayCounts::pick` walks the same order without listing it.
    fn push_plays(&self, card: CardKind, scan: &Scan, out: &mut Vec<Action>) {
        let c = &*self.content;
        let play = |effect: Effect| Action::Play { card, effect };
        if matches!(card, CardKind::Move | CardKind::Dwarf) {
            for &knight in &scan.reserve {
                out.extend(scan.entries.iter().map(|&space| play(Effect::Enter { knight, space })));
            }
            for h in &scan.hall {
                for &to in c.space(h.at).map_or(&[][..], |s| &s.neighbours) {
                    if scan.may_step(h, to) {
                        out.push(play(Effect::Step { knight: h.knight, to }));
                    }
                }
            }
            for h in scan.hall.iter().filter(|h| h.equites) {
                out.push(play(Effect::Exit { knight: h.knight }));
            }
        }
        if matches!(card, CardKind::Gossip | CardKind::Dwarf) {
            for h in scan.hall.iter().filter(|h| scan.may_gossip(h)) {
                out.push(play(Effect::Gossip { knight: h.knight }));
            }
        }
        if matches!(card, CardKind::Banish | CardKind::Dwarf) {
            for h in scan.hall.iter().filter(|h| scan.may_banish(h)) {
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
            for h in scan.hall.iter().filter(|h| scan.may_follow(h)) {
                out.push(play(Effect::Follow { knight: h.knight }));
            }
        }
    }

    /// One action drawn uniformly from the legal ones: the same draw gives the same action as
    /// `random_choice` over `legal_into`'s list, but in the play phase nothing is listed: each
    /// use of a card is counted once for the whole hand from the hall's bits (`PlayCounts`) and
    /// only the play drawn is built. `scratch` is left empty. (A test holds the two together
    /// over random games.)
    pub(in crate::rules::court) fn random_legal(&self, rng: &mut GameRng, scratch: &mut Vec<Action>) -> Option<Action> {
        scratch.clear();
        let mut listed = |rng: &mut GameRng| {
            self.legal_into(scratch);
            let drawn = random_choice(scratch, rng);
            scratch.clear();
            drawn
        };
        if !matches!(self.phase, Phase::Play) || self.played >= self.content.rules.max_cards_per_turn {
            return listed(rng);
        }
        let hand = self.hand_of(self.active);
        let Some((kinds, counts)) = KindSet::of(hand).and_then(|k| Some((k, PlayCounts::of(self, k)?))) else {
            // A hall or a table past the bits, or a follower past their values: list after all.
            return listed(rng);
        };
        let total = kinds.into_iter().map(|card| counts.of_card(card)).sum::<u32>() + 1; // + End play.
        let mut left = rng.below(total);
        for card in kinds {
            let n = counts.of_card(card);
            if left < n {
                return counts.pick(self, card, left);
            }
            left -= n;
        }
        Some(Action::EndPlay)
    }
}

impl Scan {
    /// Whether the knight may step onto `to`: an empty space, or a knight of another faction
    /// (his own too where the rules allow).
    fn may_step(&self, h: &InHall, to: SpaceId) -> bool {
        self.onto_own || self.held(to) == NOBODY || self.held(to) != h.owner
    }
    fn may_gossip(&self, h: &InHall) -> bool {
        self.gossip_own || h.owner != self.me
    }
    fn may_banish(&self, h: &InHall) -> bool {
        self.banish_own || h.owner != self.me
    }
    fn may_follow(&self, h: &InHall) -> bool {
        (!self.own_only_followers || h.owner == self.me) && (h.followers as usize) < self.max_followers
    }
}

/// How many plays each use of a card has this turn, counted once for the whole hand, in
/// `push_plays`' groups, from the hall's bits (`Court::hall`): the same conditions as `Scan`'s,
/// read as masks.
struct PlayCounts {
    /// The spaces held.
    occupied: u64,
    /// The Reserve knights and the spaces they may enter (only when the hand moves).
    reserve: u32,
    entries: u64,
    /// The hall's knights' steps (only when the hand moves).
    step_total: u32,
    exits: u64,
    gossip: u64,
    banish: u64,
    merlin: u32,
    /// The knights a follower may join (only when the hand holds one).
    follow: u64,
}

impl PlayCounts {
    /// `None` for a hall of more than 64 spaces or more than eight seats (no bits for them).
    fn of(g: &Court, kinds: KindSet) -> Option<PlayCounts> {
        let c = &*g.content;
        let r = &c.rules;
        if !g.hall_bits_tell() {
            return None;
        }
        let occupied = g.hall.occupied;
        let mine = *g.hall.owned.get(g.active)?;
        let others = occupied & !mine;
        let moves = kinds.has(CardKind::Move) || kinds.has(CardKind::Dwarf);
        let n = occupied.count_ones();
        let mut counts = PlayCounts {
            occupied,
            reserve: 0,
            entries: 0,
            step_total: 0,
            exits: occupied & c.equites_mask,
            gossip: if r.allow_gossip_own { occupied } else { others },
            banish: if r.allow_banish_own { occupied } else { others },
            merlin: n * n.saturating_sub(1),
            follow: 0,
        };
        if moves {
            counts.reserve = g.reserve_of(g.active).count() as u32;
            counts.entries = c.equites_mask & if r.allow_move_onto_own_faction { !0 } else { !mine };
            counts.step_total = counts.steps(g, occupied);
        }
        if kinds.has_follower() {
            let max = r.max_followers;
            let candidates = if r.followers_on_own_knights_only {
                mine
            } else {
                occupied
            };
            let mut open = 0;
            for s in BitIndices(candidates) {
                let followers = g.board.get(s).copied().flatten().and_then(|k| g.knights.get(k.index()));
                if followers.is_some_and(|st| st.followers.len() < max) {
                    open |= 1u64 << s;
                }
            }
            counts.follow = open;
        }
        Some(counts)
    }

    /// The steps of the knights on `spaces`: each one's lines less his own faction's spaces
    /// (none where the rules allow stepping onto them).
    fn steps(&self, g: &Court, spaces: u64) -> u32 {
        let c = &*g.content;
        let lines = |s: usize| c.spaces.get(s).map_or(0, |sp| sp.lines_mask);
        let walk = |bits: u64, blocked: u64| {
            BitIndices(bits)
                .map(|s| (lines(s) & !blocked).count_ones())
                .sum::<u32>()
        };
        if c.rules.allow_move_onto_own_faction {
            return walk(spaces, 0);
        }
        let mut unowned = spaces;
        let mut total = 0;
        for &own in &g.hall.owned {
            if spaces & own != 0 {
                total += walk(spaces & own, own);
                unowned &= !own;
            }
        }
        total + walk(unowned, 0)
    }

    /// The spaces a knight on `s` may not step onto: his own faction's (none where the rules
    /// allow).
    fn blocked(g: &Court, s: usize) -> u64 {
        let bit = 1u64 << s;
        match g.hall.owned.iter().find(|&&own| own & bit != 0) {
            Some(&own) if !g.content.rules.allow_move_onto_own_faction => own,
            _ => 0,
        }
    }

    /// The number of plays of one card.
    fn of_card(&self, card: CardKind) -> u32 {
        let moves = self.reserve * self.entries.count_ones() + self.step_total + self.exits.count_ones();
        match card {
            CardKind::Move => moves,
            CardKind::Dwarf => moves + self.gossip.count_ones() + self.banish.count_ones() + 1,
            CardKind::Gossip => self.gossip.count_ones(),
            CardKind::Banish => self.banish.count_ones(),
            CardKind::Score => 1,
            CardKind::Merlin => self.merlin,
            CardKind::Priest(_) | CardKind::Soldier(_) => self.follow.count_ones(),
        }
    }

    /// The play at place `k` of `card`'s plays in `push_plays`' order, built alone.
    fn pick(&self, g: &Court, card: CardKind, mut k: u32) -> Option<Action> {
        let play = |effect: Effect| Some(Action::Play { card, effect });
        let knight = |bits: u64, k: u32| g.board.get(nth_bit(bits, k)?).copied().flatten();
        if matches!(card, CardKind::Move | CardKind::Dwarf) {
            let entries = self.entries.count_ones();
            let enter = self.reserve * entries;
            if k < enter {
                return play(Effect::Enter {
                    knight: g.reserve_of(g.active).nth((k / entries) as usize)?,
                    space: SpaceId(nth_bit(self.entries, k % entries)? as u8),
                });
            }
            k -= enter;
            if k < self.step_total {
                for s in BitIndices(self.occupied) {
                    let space = g.content.space(SpaceId(s as u8))?;
                    let blocked = PlayCounts::blocked(g, s);
                    let n = (space.lines_mask & !blocked).count_ones();
                    if k < n {
                        let to = space
                            .neighbours
                            .iter()
                            .copied()
                            .filter(|to| blocked >> to.index() & 1 == 0)
                            .nth(k as usize)?;
                        let knight = g.board.get(s).copied().flatten()?;
                        return play(Effect::Step { knight, to });
                    }
                    k -= n;
                }
                return None;
            }
            k -= self.step_total;
            let exits = self.exits.count_ones();
            if k < exits {
                return play(Effect::Exit {
                    knight: knight(self.exits, k)?,
                });
            }
            k -= exits;
        }
        if matches!(card, CardKind::Gossip | CardKind::Dwarf) {
            let n = self.gossip.count_ones();
            if k < n {
                return play(Effect::Gossip {
                    knight: knight(self.gossip, k)?,
                });
            }
            k -= n;
        }
        if matches!(card, CardKind::Banish | CardKind::Dwarf) {
            let n = self.banish.count_ones();
            if k < n {
                return play(Effect::Banish {
                    knight: knight(self.banish, k)?,
                });
            }
            k -= n;
        }
        if matches!(card, CardKind::Score | CardKind::Dwarf) {
            if k == 0 {
                return play(Effect::Score);
            }
            k -= 1;
        }
        if card == CardKind::Merlin && k < self.merlin {
            // For each knight, every other one in board order.
            let others = self.occupied.count_ones() - 1;
            let (a, j) = (k / others, k % others);
            let b = if j < a { j } else { j + 1 };
            return play(Effect::Merlin {
                a: knight(self.occupied, a)?,
                b: knight(self.occupied, b)?,
            });
        }
        if card.is_follower() {
            return play(Effect::Follow {
                knight: knight(self.follow, k)?,
            });
        }
        None
    }
}

/// The index of the `k`th set bit of `bits` (from the lowest), if it has that many.
fn nth_bit(bits: u64, k: u32) -> Option<usize> {
    BitIndices(bits).nth(k as usize)
}
