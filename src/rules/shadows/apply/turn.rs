//! Turn flow: the stack run to the next decision, the end of the game, turns begun and ended,
//! Knights moving, dying and unmasked, Siege Engines, Swords, wounds and healing.

use crate::rules::shadows::action::Task;
use crate::rules::shadows::content::KnightId;
use crate::rules::shadows::event::Event;
use crate::rules::shadows::pieces::{Location, Loyalty, Relic, TurnState};
use crate::rules::shadows::state::Shadows;
use crate::rules::{Outcome, Report, Seat};
use arrayvec::ArrayVec;

impl Shadows {
    /// Runs the work on the stack up to the next decision, checking the end after each step.
    pub(crate) fn settle(&mut self, r: &mut Report<Event>) {
        loop {
            if self.outcome.is_some() || self.check_end(r) {
                return;
            }
            let Some(task) = self.stack.last() else { return };
            let n = self.numbers();
            // Decisions with nothing to decide fall away.
            let vacuous = match task {
                Task::Discard { seat, left } => {
                    *left == 0 || self.knights[*seat].hand.is_empty() || !self.knights[*seat].active()
                }
                Task::ArthurReturn { from, .. } => self.knights[*from].hand.is_empty(),
                Task::MessengerGive { seat, .. } => self.knights[*seat].hand.is_empty(),
                Task::Taunt => !self.knights.iter().any(|k| k.active() && !k.hand.is_empty()),
                Task::GrailRescue { owner, target } => {
                    let o = &self.knights[*owner];
                    let t = &self.knights[*target];
                    !(o.grail && o.active() && t.doomed && t.active())
                }
                // Asked whenever he has cards, a Fight card among them or not: whether he is
                // asked is public.
                Task::KayCombat { seat, .. } | Task::KaySiege { seat, .. } => self.knights[*seat].hand.is_empty(),
                Task::ExcaliburOffer { bearer } => !self.knights[*bearer].excalibur || !self.knights[*bearer].active(),
                Task::Share { present, .. } | Task::ShareVote { present, .. } => present.is_empty(),
                Task::Evil | Task::Feed => false,
                _ => false,
            };
            if vacuous {
                // Kay's roll still counts; a pending share with no one present is not drawn.
                if let Some(Task::KaySiege { seat, roll }) = self.stack.pop() {
                    self.siege_result(seat, roll, r);
                }
                continue;
            }
            let _ = n;
            match task {
                Task::HeroicStart => {
                    self.stack.pop();
                    let k = &self.knights[self.active];
                    let at_zero_ok = self.content.deck.rules.heroic_actions_at_zero_lp;
                    if !self.this_turn.cut && k.active() && (!k.doomed || at_zero_ok) {
                        self.stack.push(Task::Heroic);
                    }
                }
                Task::EndTurn => {
                    self.stack.pop();
                    self.end_turn(r);
                }
                Task::DrawBlack { seat, left, free_white } => {
                    let (seat, left, free_white) = (*seat, *left, *free_white);
                    self.stack.pop();
                    if left > 1 {
                        self.stack.push(Task::DrawBlack {
                            seat,
                            left: left - 1,
                            free_white,
                        });
                    }
                    self.draw_black(seat, free_white, r);
                }
                Task::Resolve { seat, card, free_white } => {
                    let (seat, card, free_white) = (*seat, *card, *free_white);
                    self.stack.pop();
                    self.resolve(seat, card, free_white, r);
                }
                Task::Place { .. } => {
                    if let Some(Task::Place {
                        seat,
                        card,
                        face_down,
                        war,
                        free_white,
                    }) = self.stack.pop()
                    {
                        self.place(seat, card, face_down, war, free_white, r);
                    }
                }
                Task::Special { seat, card } => {
                    let (seat, card) = (*seat, *card);
                    self.stack.pop();
                    self.special_black(seat, card, r);
                }
                Task::CombatScore { quest, ender } => {
                    let (quest, ender) = (*quest, *ender);
                    self.stack.pop();
                    self.combat_score(quest, ender, r);
                }
                Task::QuestEnd { quest, won, ender } => {
                    let (quest, won, ender) = (*quest, *won, *ender);
                    self.stack.pop();
                    self.quest_end(quest, won, ender, r);
                }
                _ => return,
            }
        }
    }

    /// Whether the game has ended (and ends it).
    fn check_end(&mut self, r: &mut Report<Event>) -> bool {
        let n = self.numbers().clone();
        let loyal_dead = self
            .knights
            .iter()
            .filter(|k| k.loyalty == Loyalty::Loyal)
            .all(|k| k.dead);
        let lost = if self.siege >= n.siege_lose {
            Some(format!("{} Siege Engines surround Camelot", self.siege))
        } else if self.black_swords >= n.black_swords_lose {
            Some(format!("{} Black Swords lie on the Round Table", self.black_swords))
        } else if loyal_dead {
            Some("every Loyal Knight is dead".to_string())
        } else {
            None
        };
        if let Some(why) = lost {
            self.finish(false, why, r);
            return true;
        }
        if self.swords() < n.swords_end {
            return false;
        }
        // The twelfth Sword: a hidden living Traitor turns White Swords over.
        if let Some(t) = self.traitor_seat()
            && !self.knights[t].dead
            && !self.knights[t].unmasked
        {
            let flipped = n.traitor_flip.min(self.white_swords);
            self.white_swords -= flipped;
            self.black_swords += flipped;
            self.knights[t].revealed = true;
            r.public(|| Event::TraitorRevealedAtEnd { seat: t, flipped });
        }
        let (w, b) = (self.white_swords, self.black_swords);
        if n.black_swords_lose > 0 && b >= n.black_swords_lose && self.content.deck.rules.seven_black_after_flip_loses {
            self.finish(false, format!("{b} Black Swords lie on the Round Table"), r);
        } else if w > b {
            self.finish(true, format!("the Round Table holds {w} White Swords to {b} Black"), r);
        } else {
            self.finish(false, format!("the Round Table holds {w} White Swords to {b} Black"), r);
        }
        true
    }

    fn finish(&mut self, loyal_win: bool, why: String, r: &mut Report<Event>) {
        let winners: Vec<Seat> = (0..self.knights.len())
            .filter(|&s| (self.knights[s].loyalty == Loyalty::Loyal) == loyal_win)
            .collect();
        // A graded score for the simulator: the Swords of one's side (White for the Loyal, Black
        // for the Traitor).
        let scores = self
            .knights
            .iter()
            .map(|k| {
                i64::from(if k.loyalty == Loyalty::Traitor {
                    self.black_swords
                } else {
                    self.white_swords
                })
            })
            .collect();
        let summary = if loyal_win {
            format!("The Loyal Knights win: {why}.")
        } else {
            match self.traitor_seat() {
                Some(t) => format!("Evil wins, and with it the Traitor {}: {why}.", self.who(t)),
                None => format!("Evil wins: {why}."),
            }
        };
        let (white, black) = (self.white_swords, self.black_swords);
        r.public(|| Event::GameOver {
            loyal_win,
            white,
            black,
            why: why.clone(),
        });
        for s in 0..self.knights.len() {
            self.knights[s].revealed = true;
            let loyalty = self.knights[s].loyalty;
            r.public(|| Event::LoyaltyShown { seat: s, loyalty });
        }
        self.outcome = Some(Outcome {
            winners,
            scores,
            summary,
        });
    }

    pub(super) fn start_turn(&mut self, seat: Seat, r: &mut Report<Event>) {
        self.active = seat;
        self.turn += 1;
        self.this_turn = TurnState::default();
        let turn = self.turn;
        if self.turn > 1 {
            r.public(|| Event::TurnStarted { seat, turn });
        }
        self.stack.push(Task::EndTurn);
        if self.knights[seat].unmasked {
            self.stack.push(Task::Feed);
            self.stack.push(Task::Taunt);
        } else {
            self.stack.push(Task::HeroicStart);
            self.stack.push(Task::Evil);
            if self.knights[seat].knight == KnightId::Percival
                && let Some(&card) = self.black_draw.last()
            {
                let k = &mut self.knights[seat];
                k.black_top = k.black_top.max(1);
                r.only(seat, || Event::Peeked { seat, card });
            }
        }
    }

    fn end_turn(&mut self, r: &mut Report<Event>) {
        for s in 0..self.knights.len() {
            if self.knights[s].doomed && !self.knights[s].dead {
                self.die(s, r);
            }
        }
        if self.check_end(r) {
            return;
        }
        let n = self.knights.len();
        let next = (1..=n).map(|i| (self.active + i) % n).find(|&s| !self.knights[s].dead);
        if let Some(next) = next {
            self.start_turn(next, r);
        }
    }

    fn die(&mut self, seat: Seat, r: &mut Report<Event>) {
        self.knights[seat].dead = true;
        r.public(|| Event::Died { seat });
        self.leave_the_board(seat, false, r);
    }

    pub(super) fn unmask(&mut self, seat: Seat, r: &mut Report<Event>) {
        let k = &mut self.knights[seat];
        k.unmasked = true;
        k.revealed = true;
        r.public(|| Event::Unmasked { seat });
        // The unmasked Traitor keeps Lancelot's Armor.
        self.leave_the_board(seat, true, r);
    }

    /// A dead or unmasked Knight's figure leaves: his cards are discarded and his relics lost
    /// (Lancelot's Armor kept when `keeps_armor`).
    fn leave_the_board(&mut self, seat: Seat, keeps_armor: bool, r: &mut Report<Event>) {
        self.move_to(seat, Location::Gone, r);
        let k = &mut self.knights[seat];
        k.doomed = false;
        let hand = std::mem::take(&mut k.hand);
        let relics = [
            (std::mem::take(&mut k.excalibur), Relic::Excalibur),
            (!keeps_armor && std::mem::take(&mut k.armor), Relic::Armor),
            (std::mem::take(&mut k.grail), Relic::Grail),
        ];
        for (had, relic) in relics {
            if had {
                r.public(|| Event::RelicLost { seat, relic });
            }
        }
        if !hand.is_empty() {
            let count = hand.len() as u8;
            r.public(|| Event::DiscardedCount { seat, count });
        }
        self.white_discard.extend(hand);
    }

    /// The active seat's turn ends now: no more Heroic Actions.
    pub(super) fn cut_turn(&mut self, seat: Seat, r: &mut Report<Event>) {
        self.this_turn.cut = true;
        if seat == self.active {
            // Whatever of his turn is still to come goes (the Progression of Evil too, when he
            // unmasks himself before it).
            self.stack
                .retain(|t| !matches!(t, Task::Heroic | Task::Evil | Task::HeroicStart));
            r.public(|| Event::TurnCut { seat });
        }
    }

    /// Moves a Knight; leaving a Solo Quest discards the White cards he played there.
    pub(super) fn move_to(&mut self, seat: Seat, to: Location, r: &mut Report<Event>) {
        let from = self.knights[seat].at;
        if from == to {
            return;
        }
        if let Location::Quest(q) = from
            && self.is_solo(q)
        {
            let cards = std::mem::take(&mut self.quests[q.index()].white);
            if !cards.is_empty() {
                let count = cards.len() as u8;
                r.public(|| Event::DiscardedCount { seat, count });
            }
            self.white_discard.extend(cards);
        }
        self.knights[seat].at = to;
        if let Location::Quest(q) = to
            && !self.knights[seat].unmasked
        {
            self.tally.visited |= 1 << q.index();
        }
    }

    /// Seats from `from` clockwise, active Knights only.
    pub(super) fn clockwise(&self, from: Seat) -> ArrayVec<Seat, 7> {
        let n = self.knights.len();
        (0..n)
            .map(|i| (from + i) % n)
            .filter(|&s| self.knights[s].active())
            .collect()
    }

    /// Who is asked first in a group decision set off by `drawer`: himself, or after an unmasked
    /// Traitor's draw the seat to his left.
    pub(super) fn ask_from(&self, drawer: Seat) -> Seat {
        if self.knights[drawer].unmasked {
            (drawer + 1) % self.knights.len()
        } else {
            drawer
        }
    }

    /// The next Knight asked to pledge: one who might still hold an unpledged Merlin as far as
    /// the table can tell (more cards than he pledged) and has not said no Merlin for this card
    /// (`declined`, bit by seat), never by what his hand holds.
    pub(super) fn next_pledger(&self, order: &[Seat], from: usize, pledged: &[u8; 7], declined: u8) -> Option<usize> {
        (from..order.len()).find(|&i| {
            let s = order[i];
            declined & (1 << s) == 0 && self.knights[s].active() && self.knights[s].hand.len() > pledged[s] as usize
        })
    }

    /// Every active Knight with cards (but `skip`) discards `count`, clockwise from `from`.
    pub(super) fn everyone_discards(&mut self, from: Seat, skip: Option<Seat>, count: u8) {
        let order = self.clockwise(from);
        for &s in order.iter().rev() {
            if Some(s) != skip {
                self.stack.push(Task::Discard { seat: s, left: count });
            }
        }
    }

    pub(super) fn add_siege(&mut self, by: u8, r: &mut Report<Event>) {
        self.siege = (self.siege + by).min(self.numbers().siege_engines);
        let now = self.siege;
        r.public(|| Event::SiegeChanged { by: by as i8, now });
    }

    pub(crate) fn lay_swords(&mut self, white: bool, count: u8, r: &mut Report<Event>) {
        let room = self.numbers().swords.saturating_sub(self.swords());
        let count = count.min(room);
        if white {
            self.white_swords += count;
        } else {
            self.black_swords += count;
        }
        if count > 0 {
            r.public(|| Event::SwordsLaid { white, count });
        }
        if self.loyalty_unseen && self.swords() >= self.numbers().brave_knights_swords {
            // Three Brave Knights: now everyone looks at his Loyalty card.
            self.loyalty_unseen = false;
            for (seat, k) in self.knights.iter().enumerate() {
                let loyalty = k.loyalty;
                r.only(seat, || Event::LoyaltySeen { seat, loyalty });
            }
        }
    }

    /// Life lost; at 0 the Knight is doomed and the Grail's owner may save him.
    pub(crate) fn wound(&mut self, seat: Seat, by: u8, r: &mut Report<Event>) {
        let k = &mut self.knights[seat];
        if !k.active() || k.life == 0 || by == 0 {
            return;
        }
        let lost = by.min(k.life);
        k.life -= lost;
        let now = k.life;
        r.public(|| Event::LifeChanged {
            seat,
            by: -(lost as i8),
            now,
        });
        if now == 0 {
            self.knights[seat].doomed = true;
            r.public(|| Event::Doomed { seat });
            if let Some(owner) = self.knights.iter().position(|o| o.grail && o.active()) {
                self.stack.push(Task::GrailRescue { owner, target: seat });
            }
        }
    }

    /// Life gained, up to the maximum; a doomed Knight gains nothing.
    pub(super) fn gain(&mut self, seat: Seat, by: u8, r: &mut Report<Event>) {
        let max = self.numbers().max_life;
        let k = &mut self.knights[seat];
        if !k.active() || k.doomed || by == 0 {
            return;
        }
        let before = k.life;
        k.life = (k.life + by).min(max);
        let (now, got) = (k.life, k.life - before);
        if got > 0 {
            r.public(|| Event::LifeChanged {
                seat,
                by: got as i8,
                now,
            });
        }
    }
}
