//! The legal actions: every action open now, in a fixed order (the one judge of legality).

use crate::rules::shadows::action::{Action, Drawn, Face, ForWhom, Task};
use crate::rules::shadows::apply::{distinct, pattern_allows, war_next};
use crate::rules::shadows::content::{GrailFullRule, KnightId, QuestId, QuestKind, White};
use crate::rules::shadows::pieces::{EvilChoice, Kind, Location, Loyalty, MerlinTarget};
use crate::rules::shadows::state::Shadows;

impl Shadows {
    /// Every legal action now, in a fixed order.
    pub(crate) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let Some(task) = self.stack.last() else { return };
        let n = self.numbers();
        match task {
            Task::Evil => {
                let k = &self.knights[self.active];
                if !self.black_draw.is_empty() || !self.black_discard.is_empty() {
                    out.push(Action::Evil(EvilChoice::DrawBlack));
                }
                out.push(Action::Evil(EvilChoice::AddSiege));
                if k.life >= 1 {
                    out.push(Action::Evil(EvilChoice::LoseLife));
                }
                self.any_time(&mut |a| out.push(a));
            }
            Task::Feed => {
                if !self.black_draw.is_empty() || !self.black_discard.is_empty() {
                    out.push(Action::Evil(EvilChoice::DrawBlack));
                }
                out.push(Action::Evil(EvilChoice::AddSiege));
            }
            Task::Taunt => {
                for (s, k) in self.knights.iter().enumerate() {
                    if k.active() && !k.hand.is_empty() {
                        out.push(Action::Taunt(s));
                    }
                }
            }
            Task::Heroic => {
                self.heroic(&mut |a| out.push(a), false);
            }
            Task::ArmorPick { .. } => out.extend([Action::KeepBlack(Drawn::First), Action::KeepBlack(Drawn::Second)]),
            Task::PlaceChoice { card, .. } => {
                if card.is_combat() {
                    out.extend([Action::Face(Face::Up), Action::Face(Face::Down)]);
                } else {
                    out.extend([Action::War(QuestId::PictWar), Action::War(QuestId::SaxonWar)]);
                }
            }
            Task::MordredWar { .. } => out.extend([Action::War(QuestId::PictWar), Action::War(QuestId::SaxonWar)]),
            Task::ExcaliburOffer { .. }
            | Task::Volunteer { .. }
            | Task::GrailRescue { .. }
            | Task::ShareVote { .. } => out.extend([Action::Yes, Action::No]),
            Task::MerlinPledge { order, at, pledged, .. } => {
                let Some(&seat) = order.get(*at as usize) else { return };
                let total: u8 = pledged.iter().sum();
                let missing = n.merlin_cancel.saturating_sub(total);
                let free = (self.knights[seat].count(White::Merlin) as u8).saturating_sub(pledged[seat]);
                for p in 0..=free.min(missing) {
                    out.push(Action::Pledge(p));
                }
                out.push(Action::NoPledge);
            }
            Task::Discard { seat, .. } | Task::ArthurReturn { from: seat, .. } => {
                out.extend(distinct(&self.knights[*seat].hand).map(Action::Card));
            }
            Task::MessengerGive { seat, given, .. } => {
                out.extend(distinct(&self.knights[*seat].hand).map(Action::Card));
                if *given >= 1 {
                    out.push(Action::Done);
                }
            }
            Task::SiegeFight { seat } => {
                out.extend(
                    distinct(&self.knights[*seat].hand)
                        .filter(|c| c.fight().is_some())
                        .map(Action::Card),
                );
                out.push(Action::Roll);
            }
            Task::KaySiege { seat, .. } | Task::KayCombat { seat, .. } => {
                out.extend(
                    distinct(&self.knights[*seat].hand)
                        .filter(|c| c.fight().is_some())
                        .map(Action::Card),
                );
                out.push(Action::Done);
            }
            Task::Share { present, .. } => out.extend(present.iter().map(|&s| Action::Assign(s))),
            Task::Clairvoyance { left, .. } => {
                for (i, &c) in left.iter().enumerate() {
                    if !left[..i].contains(&c) {
                        out.push(Action::PutNext(c));
                    }
                }
            }
            // Work, never pending.
            _ => {}
        }
    }

    /// Whether a kind of Heroic Action not yet used this turn has something to do, were an action
    /// still to be bought: what a sacrifice would open. (`heroic` with `any_budget` lists only
    /// unused kinds, and stops after the first kind that has anything.)
    fn more_open(&self) -> bool {
        let mut any = false;
        self.heroic(&mut |_| any = true, true);
        any
    }

    /// The Heroic Actions open to the active seat. `any_budget`: as if an action were still to
    /// be bought (to see what a sacrifice would open: `more_open`, which needs one action, so
    /// the listing stops after the first kind that has any).
    fn heroic<F: FnMut(Action)>(&self, emit: &mut F, any_budget: bool) {
        let seat = self.active;
        let k = &self.knights[seat];
        let n = self.numbers();
        let t = self.this_turn;
        let budget = any_budget || t.paid < 1 + t.sacrifices;
        let unused = |kind: Kind| t.used & kind.bit() == 0;
        let mut typed = 0usize;
        // A: move.
        if unused(Kind::Move) {
            let free = k.knight == KnightId::Tristan && k.at.in_camelot();
            let mut dest = |loc: Location, emit: &mut F| {
                let free_here = free && matches!(loc, Location::Quest(_));
                if loc != k.at && (budget || free_here) {
                    emit(Action::Move(loc));
                    typed += 1;
                }
            };
            if !k.at.in_camelot() {
                dest(Location::RoundTable, emit);
                dest(Location::Siege, emit);
            }
            for q in QuestId::ALL {
                let qs = self.quest(q);
                if !qs.in_play {
                    continue;
                }
                if self.is_solo(q) && self.knights.iter().any(|o| o.active() && o.at == Location::Quest(q)) {
                    continue;
                }
                dest(Location::Quest(q), emit);
            }
        }
        if any_budget && typed > 0 {
            return;
        }
        // B: the quest's own action.
        if unused(Kind::Quest) && budget {
            match k.at {
                Location::RoundTable | Location::Siege => {
                    if k.hand.len() < n.draw_limit as usize {
                        emit(Action::DrawWhite);
                        typed += 1;
                    }
                    if self.siege > 0 {
                        for c in distinct(&k.hand) {
                            if let Some(v) = c.fight() {
                                emit(Action::FightSiege(v));
                                typed += 1;
                            }
                        }
                    }
                }
                Location::Quest(q) => {
                    let qs = self.quest(q);
                    match &self.content.quest(q).kind {
                        QuestKind::Combat {
                            white_spots, pattern, ..
                        } => {
                            if qs.white.len() < *white_spots as usize {
                                for c in distinct(&k.hand) {
                                    if let Some(v) = c.fight()
                                        && pattern_allows(&qs.white, v, pattern)
                                    {
                                        emit(Action::Fight(v));
                                        typed += 1;
                                    }
                                }
                            }
                        }
                        QuestKind::Track { .. } => {
                            for c in distinct(&k.hand) {
                                emit(Action::RaiseExcalibur(c));
                                typed += 1;
                            }
                        }
                        QuestKind::Grail { spots } => {
                            let full = qs.white.len() + qs.black.len() >= *spots as usize;
                            let can = !full
                                || (self.content.deck.rules.grail_full_black_rule == GrailFullRule::Symmetric
                                    && !qs.black.is_empty());
                            if k.holds(White::Grail) && !self.dark_forest && can {
                                emit(Action::PlayGrail);
                                typed += 1;
                            }
                        }
                        QuestKind::War {
                            sequence,
                            mordred_extra,
                            ..
                        } => {
                            if let Some(v) = war_next(qs, sequence, *mordred_extra)
                                && k.holds(White::Fight(v))
                            {
                                emit(Action::Fight(v));
                                typed += 1;
                            }
                        }
                    }
                }
                Location::Gone => {}
            }
        }
        if any_budget && typed > 0 {
            return;
        }
        // C: a Special White.
        let galahad = k.knight == KnightId::Galahad;
        if unused(Kind::Special) && !t.special_played && (budget || galahad) {
            for c in distinct(&k.hand) {
                match c {
                    White::Merlin if !self.vivien => {
                        let mut targets = |a: MerlinTarget| {
                            emit(Action::Merlin(a));
                            typed += 1;
                        };
                        if self.siege > 0 {
                            targets(MerlinTarget::SiegeEngine);
                        }
                        for q in [QuestId::PictWar, QuestId::SaxonWar] {
                            if self.quest(q).figures > 0 {
                                targets(MerlinTarget::Figure(q));
                            }
                        }
                        for q in [QuestId::BlackKnight, QuestId::Lancelot, QuestId::Dragon, QuestId::Grail] {
                            let qs = self.quest(q);
                            if qs.in_play && !qs.black.is_empty() {
                                targets(MerlinTarget::BlackCard(q));
                            }
                        }
                    }
                    White::Clairvoyance if !self.black_draw.is_empty() => {
                        emit(Action::Clairvoyance);
                        typed += 1;
                    }
                    White::Convocation => {
                        emit(Action::Convocation);
                        typed += 1;
                    }
                    White::Fate => {
                        emit(Action::Fate);
                        typed += 1;
                    }
                    White::Heroism => {
                        for q in QuestId::ALL {
                            if self.quest(q).in_play {
                                emit(Action::Heroism(q));
                                typed += 1;
                            }
                        }
                    }
                    White::LadyOfTheLake => {
                        emit(Action::LadyOfTheLake);
                        typed += 1;
                    }
                    White::Messenger if k.hand.len() >= 2 => {
                        for (s, o) in self.knights.iter().enumerate() {
                            if s != seat && o.active() {
                                emit(Action::Messenger(s));
                                typed += 1;
                            }
                        }
                    }
                    White::Piety => {
                        emit(Action::Piety(ForWhom::Himself));
                        emit(Action::Piety(ForWhom::Others));
                        typed += 2;
                    }
                    White::Reinforcements => {
                        emit(Action::Reinforcements(ForWhom::Himself));
                        emit(Action::Reinforcements(ForWhom::Others));
                        typed += 2;
                    }
                    _ => {}
                }
            }
        }
        if any_budget && typed > 0 {
            return;
        }
        // D: heal.
        if unused(Kind::Heal) && budget {
            for c in distinct(&k.hand) {
                let kind_ok = match c {
                    White::Fight(_) | White::Grail => true,
                    White::Merlin => self.content.deck.rules.merlins_heal,
                    _ => false,
                };
                if kind_ok && k.count(c) >= n.heal_cards as usize {
                    emit(Action::Heal(c));
                    typed += 1;
                }
            }
        }
        if any_budget && typed > 0 {
            return;
        }
        // E: accuse.
        if unused(Kind::Accuse) && budget && !k.accused && self.accusations_open() {
            for (s, o) in self.knights.iter().enumerate() {
                if s != seat && o.active() && !o.revealed {
                    emit(Action::Accuse(s));
                    typed += 1;
                }
            }
        }
        if any_budget {
            return;
        }
        // Free things and the end of the turn.
        self.any_time(emit);
        let spent = !budget;
        if spent && t.sacrifices < n.max_sacrifices_per_turn && k.life >= 1 && !k.doomed && self.more_open() {
            emit(Action::Sacrifice);
        }
        if spent || typed == 0 {
            emit(Action::EndTurn);
        }
    }

    /// What the active seat may do at any moment of his turn: King Arthur's trade, the hidden
    /// Traitor's unmasking.
    fn any_time(&self, emit: &mut dyn FnMut(Action)) {
        let seat = self.active;
        let k = &self.knights[seat];
        if k.knight == KnightId::Arthur && k.active() && !self.this_turn.arthur_traded && !k.hand.is_empty() {
            for c in distinct(&k.hand) {
                for (s, o) in self.knights.iter().enumerate() {
                    if s != seat && o.active() && !o.hand.is_empty() {
                        emit(Action::ArthurGive(c, s));
                    }
                }
            }
        }
        if k.loyalty == Loyalty::Traitor
            && !k.unmasked
            && !self.loyalty_unseen
            && self.content.deck.rules.traitor_may_self_reveal
        {
            emit(Action::RevealSelf);
        }
    }
}
