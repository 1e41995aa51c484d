//! The legal actions: the board queries they rest on, the fields a piece may take, and every
//! action open now.

use crate::rules::future::action::Action;
use crate::rules::future::apply::Fields;
use crate::rules::future::colours::{BLUE, PURPLE, RED, hero_room};
use crate::rules::future::content::{Board, Effect, Room, RoomRule, Shield, Stage};
use crate::rules::future::pieces::{Colour, Hero, Phase, Piece, Slot, Task, TurnStage};
use crate::rules::future::state::Future;

impl Future {
    /// The slot whose decision it is (a task's, or the phase's colour).
    pub fn deciding_slot(&self) -> Option<Slot> {
        if self.outcome.is_some() {
            return None;
        }
        if let Some(t) = self.tasks.last() {
            return Some(t.slot());
        }
        match self.phase {
            Phase::Predict { pos } | Phase::Missions { pos, .. } => self.track.get(pos as usize).copied(),
            _ => None,
        }
    }

    pub fn room(&self, board: Board) -> Option<&Room> {
        self.room_of[board.index()].map(|r| &self.content.0.rooms[r])
    }

    /// The Training Ground's line bonus number `i`, if that room is in play and has it.
    pub fn line_bonus(&self, i: u8) -> Option<Effect> {
        match self.room(Board::Green).map(|r| &r.file.rule) {
            Some(RoomRule::LowestOpenRow { line_bonuses, .. }) => line_bonuses.get(i as usize).copied(),
            _ => None,
        }
    }

    pub(super) fn col(&self, slot: Slot) -> &Colour {
        &self.colours[slot as usize]
    }

    pub(super) fn col_mut(&mut self, slot: Slot) -> &mut Colour {
        &mut self.colours[slot as usize]
    }

    /// Whether `slot` has a piece (knight, or magician at the end) on a field of `board`.
    pub(super) fn has_piece_in(&self, slot: Slot, board: Board, pred: impl Fn(usize) -> bool) -> bool {
        self.fields[board.index()]
            .iter()
            .enumerate()
            .any(|(i, p)| p.owner() == Some(slot) && pred(i))
    }

    /// Colours (other than the neutral one) with a knight in `board`'s room.
    fn colours_in(&self, board: Board) -> u8 {
        let mut seen = 0u32;
        for p in &self.fields[board.index()] {
            if let Piece::Knight(s) = p {
                seen |= 1 << s;
            }
        }
        seen.count_ones() as u8
    }

    /// The fields of `board`'s room a knight of `slot` may take now (the room's own rule).
    pub fn legal_fields(&self, slot: Slot, board: Board) -> Fields {
        let mut out = Fields::new();
        let Some(room) = self.room(board) else {
            return out;
        };
        let fl = &self.fields[board.index()];
        let free = |i: u8| fl[i as usize] == Piece::Empty;
        let own = |i: usize| fl[i].owner() == Some(slot);
        let c = self.col(slot);
        let may_enter = |present: bool| match room.file.max_colours {
            Some(m) => present || self.colours_in(board) < m,
            None => true,
        };
        match &room.file.rule {
            RoomRule::LowestOpenRow { .. } => {
                for row in &room.grid {
                    out.extend(row.iter().flatten().copied().filter(|&i| free(i)));
                    if !out.is_empty() {
                        break;
                    }
                }
            }
            RoomRule::Tournament { .. } => {
                let fs = room.fields();
                let prelim_free = fs
                    .iter()
                    .enumerate()
                    .any(|(i, f)| f.stage == Stage::Normal && free(i as u8));
                if prelim_free {
                    out.extend((0..fs.len() as u8).filter(|&i| fs[i as usize].stage == Stage::Normal && free(i)));
                } else {
                    let finals_full = fs
                        .iter()
                        .enumerate()
                        .all(|(i, f)| f.stage != Stage::Final || !free(i as u8));
                    if finals_full {
                        let holds_final = fs.iter().enumerate().any(|(i, f)| f.stage == Stage::Final && own(i));
                        if holds_final {
                            out.extend(
                                (0..fs.len() as u8).filter(|&i| fs[i as usize].stage == Stage::Winner && free(i)),
                            );
                        }
                    } else {
                        for (i, f) in fs.iter().enumerate() {
                            if f.stage == Stage::Final && free(i as u8) {
                                let in_prelim = fs
                                    .iter()
                                    .enumerate()
                                    .any(|(j, p)| p.stage == Stage::Normal && p.group == f.group && own(j));
                                if in_prelim {
                                    out.push(i as u8);
                                }
                            }
                        }
                    }
                }
            }
            RoomRule::FreeChoice { .. } => out.extend((0..fl.len() as u8).filter(|&i| free(i))),
            RoomRule::Treason { .. } => {
                let held = |k: usize| self.colours.iter().any(|x| x.treason_start == Some(k as u8));
                match c.treason_start {
                    None => {
                        if may_enter(false)
                            && let Some(k) = (0..4).find(|&k| !held(k) && free(room.starts[k]))
                        {
                            out.push(room.starts[k]);
                        }
                    }
                    Some(k) => {
                        let (row, forward) = (&room.rows[k as usize % 2], k < 2);
                        match c.last[board.index()].filter(|&l| fl[l as usize] == Piece::Knight(slot)) {
                            Some(l) => {
                                let at = row.iter().position(|&f| f == l);
                                let next = at.and_then(|p| {
                                    if forward {
                                        row.get(p + 1)
                                    } else {
                                        p.checked_sub(1).and_then(|q| row.get(q))
                                    }
                                });
                                if let Some(&n) = next {
                                    let unclaimed_start = (0..4).any(|j| room.starts[j] == n && !held(j));
                                    if free(n) && !unclaimed_start {
                                        out.push(n);
                                    }
                                }
                            }
                            None => {
                                let s = room.starts[k as usize];
                                if free(s) {
                                    out.push(s);
                                }
                            }
                        }
                    }
                }
            }
            RoomRule::Sequential { queen_hearts, .. } => {
                if let Some(&f) = room.order.iter().find(|&&f| free(f)) {
                    out.push(f);
                }
                if let Some(q) = room.queen
                    && free(q)
                    && c.hearts >= *queen_hearts
                {
                    out.push(q);
                }
            }
            RoomRule::Groups { .. } => {
                let fs = room.fields();
                for (i, f) in fs.iter().enumerate() {
                    if free(i as u8) {
                        let in_group = fs.iter().enumerate().any(|(j, g)| g.group == f.group && own(j));
                        if !in_group {
                            out.push(i as u8);
                        }
                    }
                }
            }
            RoomRule::PathFromLast => match c.last[board.index()] {
                None => {
                    if may_enter(false) {
                        out.extend((0..fl.len() as u8).filter(|&i| room.field(i as usize).start && free(i)));
                    }
                }
                Some(l) => out.extend(room.next[l as usize].iter().copied().filter(|&i| free(i))),
            },
            RoomRule::PathFromAny => {
                let present = (0..fl.len()).any(|i| fl[i] == Piece::Knight(slot));
                if !present {
                    if may_enter(false) {
                        out.extend((0..fl.len() as u8).filter(|&i| room.field(i as usize).start && free(i)));
                    }
                } else {
                    for (i, p) in fl.iter().enumerate() {
                        if *p == Piece::Knight(slot) {
                            for &n in &room.next[i] {
                                if free(n) && !out.contains(&n) {
                                    out.push(n);
                                }
                            }
                        }
                    }
                }
            }
            RoomRule::TopmostFree { .. } => {
                if let Some(&f) = room.order.iter().find(|&&f| free(f)) {
                    out.push(f);
                }
            }
        }
        out
    }

    /// The boards a shield sends its knight to without a hero.
    fn shield_boards(shield: Shield) -> &'static [Board] {
        match shield {
            Shield::Red => &[Board::Red],
            Shield::Yellow => &[Board::Yellow],
            Shield::Green => &[Board::Green],
            Shield::Blue => &[Board::Blue],
            Shield::Violet => &[Board::Violet],
            Shield::Multi => &Board::CASTLE,
        }
    }

    /// Whether a task on top of the stack offers a choice (otherwise it lapses).
    pub(super) fn task_has_choice(&self, task: Task) -> bool {
        match task {
            Task::Shields { .. } | Task::Tree { .. } | Task::LineBonus { .. } | Task::Tristan { .. } => true,
            Task::Extra { slot, board } => {
                let c = self.col(slot);
                (c.hinterland > 0 || c.screen > 0) && !self.legal_fields(slot, board).is_empty()
            }
            Task::RecallRed { slot } => self.has_piece_in(slot, Board::Red, |_| true),
            Task::GrailPick { left, .. } => left > 0 && !self.grail_supply.is_empty(),
            Task::Parzival { .. } => !self.grail_supply.is_empty(),
            Task::Magician { .. } => Board::CASTLE[1..]
                .iter()
                .any(|b| self.fields[b.index()].contains(&Piece::Empty)),
        }
    }

    /// Every legal action now, in a fixed order.
    pub(in crate::rules::future) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let deck = &self.content.0.deck;
        if let Some(&task) = self.tasks.last() {
            let slot = task.slot();
            let c = self.col(slot);
            match task {
                Task::Shields { card, left, .. } => {
                    let m = &deck.missions[card as usize];
                    for (i, &shield) in m.shields.iter().enumerate() {
                        if left & (1 << i) == 0 {
                            continue;
                        }
                        let boards = Self::shield_boards(shield);
                        let mut any = false;
                        for &b in boards {
                            for f in self.legal_fields(slot, b) {
                                any = true;
                                out.push(Action::Place {
                                    shield: i as u8,
                                    board: b,
                                    field: f,
                                    hero: false,
                                });
                            }
                        }
                        if !any {
                            out.push(Action::Return { shield: i as u8 });
                        }
                        if self.heroes && !c.hero_used {
                            let redirect: &[Board] = match (c.hero, hero_room(c.colour)) {
                                (Hero::Side1, Some(h)) if !boards.contains(&h) => {
                                    std::slice::from_ref(&Board::ALL[h.index()])
                                }
                                (Hero::Side2, _) if c.colour == BLUE && shield == Shield::Blue => &Board::CASTLE[..3],
                                _ => &[],
                            };
                            for &b in redirect {
                                for f in self.legal_fields(slot, b) {
                                    out.push(Action::Place {
                                        shield: i as u8,
                                        board: b,
                                        field: f,
                                        hero: true,
                                    });
                                }
                            }
                        }
                    }
                }
                Task::Tree { .. } | Task::Tristan { .. } | Task::Parzival { .. } => {
                    out.push(Action::Accept);
                    out.push(Action::Decline);
                }
                Task::Extra { board, .. } => {
                    for f in self.legal_fields(slot, board) {
                        if c.hinterland > 0 {
                            out.push(Action::Extra {
                                screen: false,
                                field: f,
                            });
                        }
                        if c.screen > 0 {
                            out.push(Action::Extra { screen: true, field: f });
                        }
                    }
                    out.push(Action::Decline);
                }
                Task::LineBonus { .. } => {
                    if let Some(RoomRule::LowestOpenRow { line_bonuses, .. }) =
                        self.room(Board::Green).map(|r| &r.file.rule)
                    {
                        out.extend((0..line_bonuses.len() as u8).map(Action::Bonus));
                    }
                    out.push(Action::Decline);
                }
                Task::RecallRed { .. } => {
                    for (i, p) in self.fields[Board::Red.index()].iter().enumerate() {
                        if *p == Piece::Knight(slot) {
                            out.push(Action::RecallRed(i as u8));
                        }
                    }
                }
                Task::GrailPick { .. } => {
                    for p in 0..deck.grail_parts.len() as u8 {
                        if self.grail_supply.contains(&p) {
                            out.push(Action::Grail(p));
                        }
                    }
                }
                Task::Magician { .. } => {
                    for &b in &Board::CASTLE[1..] {
                        for (i, p) in self.fields[b.index()].iter().enumerate() {
                            if *p == Piece::Empty {
                                out.push(Action::Magician {
                                    board: b,
                                    field: i as u8,
                                });
                            }
                        }
                    }
                    out.push(Action::Decline);
                }
            }
            return;
        }
        match self.phase {
            Phase::Colours { .. } => {
                for c in 0..5u8 {
                    if !self.colours.iter().any(|x| x.colour == c) {
                        out.push(Action::Colour(c));
                    }
                }
            }
            Phase::Send { seat } => {
                let slots = &self.seat_slots[seat];
                let most = |s: Slot| deck.max_fist.min(self.col(s).screen);
                let a_max = most(slots[0]);
                let b_max = slots.get(1).map_or(0, |&s| most(s));
                for a in 0..=a_max {
                    for b in 0..=b_max {
                        out.push(Action::Send(a, b));
                    }
                }
            }
            Phase::Predict { .. } => {
                let throne = &self.content.0.throne;
                for n in 0..=throne.highest {
                    if self.on_space(n) < throne.capacity {
                        out.push(Action::Predict(n));
                    }
                }
            }
            Phase::Missions { pos, stage } => {
                let slot = self.track[pos as usize];
                let c = self.col(slot);
                match stage {
                    TurnStage::Choose => {
                        if c.sent == 0 {
                            let most = deck.recall_max.min(c.hinterland);
                            out.extend((0..=most).map(Action::Recall));
                        } else {
                            for &card in &self.display {
                                if deck.missions[card as usize].needs() <= c.sent {
                                    out.push(Action::Take(card));
                                }
                            }
                            if out.is_empty() {
                                out.push(Action::NoMission);
                            }
                        }
                    }
                    TurnStage::After => self.after_options(slot, out),
                    TurnStage::Resolve => {}
                }
            }
            Phase::Final | Phase::Over => {}
        }
    }

    /// The heroes' after-mission abilities open to `slot`, then `EndTurn` (nothing if none).
    pub(super) fn after_options(&self, slot: Slot, out: &mut Vec<Action>) {
        let c = self.col(slot);
        if !self.heroes || c.hero_used {
            return;
        }
        let deck = &self.content.0.deck;
        let start = out.len();
        match (c.colour, c.hero) {
            (RED, Hero::Side2) => out.extend(self.display.iter().map(|&d| Action::Discard(d))),
            (PURPLE, Hero::Side1) => out.extend(
                self.display
                    .iter()
                    .filter(|&&d| {
                        let m = &deck.missions[d as usize];
                        m.special.is_none() && m.shields.len() == 1
                    })
                    .map(|&d| Action::Discard(d)),
            ),
            (PURPLE, Hero::Side2) if c.black_knight && c.score >= deck.black_knight_cost => {
                for b in Board::CASTLE {
                    for f in self.legal_fields(slot, b) {
                        out.push(Action::BlackKnight { board: b, field: f });
                    }
                }
            }
            _ => {}
        }
        if out.len() > start {
            out.push(Action::EndTurn);
        }
    }

    /// Magicians on number space `n` this round.
    pub fn on_space(&self, n: u8) -> u8 {
        self.predictions.iter().filter(|(_, x)| *x == n).count() as u8
    }
}
