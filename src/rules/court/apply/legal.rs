//! The legal actions.

use crate::rules::Seat;
use crate::rules::court::action::{Action, Effect};
use crate::rules::court::apply::{InHall, Kinds, NOBODY, Scan, kinds_into, sorted_kinds};
use crate::rules::court::content::{CardKind, CourtContent, KnightId, SpaceId};
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
    /// use of a card is counted once for the whole hand (`PlayCounts`) and only the play drawn is
    /// built. `scratch` is left empty. (A test holds the two together over random games.)
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
        let mut kinds = Kinds::new();
        if !kinds_into(hand, &mut kinds) {
            // More kinds in hand than a hand usually holds: list them after all.
            return listed(rng);
        }
        let mut scan = Scan::new();
        scan.fill(self, hand.iter().any(|c| matches!(c, CardKind::Move | CardKind::Dwarf)));
        let counts = PlayCounts::of(self, &scan);
        let total = kinds.iter().map(|&card| counts.of_card(card)).sum::<u32>() + 1; // + End play.
        let mut left = rng.below(total);
        for card in kinds {
            let n = counts.of_card(card);
            if left < n {
                return counts.pick(self, &scan, card, left);
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
    /// How many steps the knight has: his lines, less those onto his own faction's knights
    /// (by the masks where they tell it).
    fn steps_of(&self, h: &InHall, c: &CourtContent) -> u32 {
        let space = c.space(h.at);
        if self.masks {
            let own = match self.owned.get(h.owner as usize) {
                Some(&bits) if !self.onto_own => bits,
                _ => 0,
            };
            (space.map_or(0, |s| s.lines_mask) & !own).count_ones()
        } else {
            let lines = space.map_or(&[][..], |s| &s.neighbours);
            lines.iter().filter(|&&to| self.may_step(h, to)).count() as u32
        }
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
/// `push_plays`' groups.
struct PlayCounts {
    /// Reserve knights times entries.
    enter: u32,
    /// The hall's knights' steps (only when the hand moves).
    step_total: u32,
    exits: u32,
    gossip: u32,
    banish: u32,
    merlin: u32,
    follow: u32,
}

impl PlayCounts {
    fn of(g: &Court, scan: &Scan) -> PlayCounts {
        let c = &*g.content;
        let n = scan.hall.len() as u32;
        let mut counts = PlayCounts {
            enter: (scan.reserve.len() * scan.entries.len()) as u32,
            step_total: 0,
            exits: 0,
            gossip: 0,
            banish: 0,
            merlin: n * n.saturating_sub(1),
            follow: 0,
        };
        for h in &scan.hall {
            if scan.moves {
                counts.step_total += scan.steps_of(h, c);
            }
            counts.exits += h.equites as u32;
            counts.gossip += scan.may_gossip(h) as u32;
            counts.banish += scan.may_banish(h) as u32;
            counts.follow += scan.may_follow(h) as u32;
        }
        counts
    }

    /// The number of plays of one card.
    fn of_card(&self, card: CardKind) -> u32 {
        match card {
            CardKind::Move => self.enter + self.step_total + self.exits,
            CardKind::Dwarf => self.enter + self.step_total + self.exits + self.gossip + self.banish + 1,
            CardKind::Gossip => self.gossip,
            CardKind::Banish => self.banish,
            CardKind::Score => 1,
            CardKind::Merlin => self.merlin,
            CardKind::Priest(_) | CardKind::Soldier(_) => self.follow,
        }
    }

    /// The play at place `k` of `card`'s plays in `push_plays`' order, built alone.
    fn pick(&self, g: &Court, scan: &Scan, card: CardKind, mut k: u32) -> Option<Action> {
        let play = |effect: Effect| Some(Action::Play { card, effect });
        // The `k`th knight of the hall that `f` accepts.
        let nth = |f: &dyn Fn(&InHall) -> bool, k: u32| scan.hall.iter().filter(|h| f(h)).nth(k as usize);
        if matches!(card, CardKind::Move | CardKind::Dwarf) {
            if k < self.enter {
                let e = scan.entries.len() as u32;
                return play(Effect::Enter {
                    knight: *scan.reserve.get((k / e) as usize)?,
                    space: *scan.entries.get((k % e) as usize)?,
                });
            }
            k -= self.enter;
            if k < self.step_total {
                for h in &scan.hall {
                    let n = scan.steps_of(h, &g.content);
                    if k < n {
                        let lines = g.content.space(h.at).map_or(&[][..], |s| &s.neighbours);
                        let to = lines
                            .iter()
                            .copied()
                            .filter(|&to| scan.may_step(h, to))
                            .nth(k as usize)?;
                        return play(Effect::Step { knight: h.knight, to });
                    }
                    k -= n;
                }
                return None;
            }
            k -= self.step_total;
            if k < self.exits {
                return play(Effect::Exit {
                    knight: nth(&|h| h.equites, k)?.knight,
                });
            }
            k -= self.exits;
        }
        if matches!(card, CardKind::Gossip | CardKind::Dwarf) {
            if k < self.gossip {
                return play(Effect::Gossip {
                    knight: nth(&|h| scan.may_gossip(h), k)?.knight,
                });
            }
            k -= self.gossip;
        }
        if matches!(card, CardKind::Banish | CardKind::Dwarf) {
            if k < self.banish {
                return play(Effect::Banish {
                    knight: nth(&|h| scan.may_banish(h), k)?.knight,
                });
            }
            k -= self.banish;
        }
        if matches!(card, CardKind::Score | CardKind::Dwarf) {
            if k == 0 {
                return play(Effect::Score);
            }
            k -= 1;
        }
        if card == CardKind::Merlin && k < self.merlin {
            // For each knight, every other one in board order.
            let others = scan.hall.len() as u32 - 1;
            let (a, j) = (k / others, k % others);
            let b = if j < a { j } else { j + 1 };
            return play(Effect::Merlin {
                a: scan.hall.get(a as usize)?.knight,
                b: scan.hall.get(b as usize)?.knight,
            });
        }
        if card.is_follower() && k < self.follow {
            return play(Effect::Follow {
                knight: nth(&|h| scan.may_follow(h), k)?.knight,
            });
        }
        None
    }
}
