//! Pieces placed on the boards: points, effects, lines and the rooms' triggers.

use crate::rules::Report;
use crate::rules::future::action::Why;
use crate::rules::future::colours::GREEN;
use crate::rules::future::content::{Board, Effect, Room, RoomRule, Stage};
use crate::rules::future::event::Event;
use crate::rules::future::pieces::{Hero, Piece, Slot, Task};
use crate::rules::future::state::Future;
use arrayvec::ArrayVec;

impl Future {
    /// A piece arrives on a field; its points, effects and the room's triggers follow.
    pub(in crate::rules::future) fn place_piece(
        &mut self,
        slot: Slot,
        board: Board,
        field: u8,
        piece: Piece,
        r: &mut Report<Event>,
    ) {
        let content = self.content.0.clone();
        let Some(ri) = self.room_of[board.index()] else {
            return;
        };
        let room = &content.rooms[ri];
        let table_before = matches!(room.file.rule, RoomRule::Treason { .. }).then(|| self.royalists_lead());
        self.fields[board.index()][field as usize] = piece;
        if let Piece::Knight(_) = piece {
            let c = self.col_mut(slot);
            c.last[board.index()] = Some(field);
            c.placed[board.index()] += 1;
            if c.treason_start.is_none()
                && let RoomRule::Treason { .. } = room.file.rule
            {
                c.treason_start = room.starts.iter().position(|&s| s == field).map(|k| k as u8);
            }
        }
        r.public(|| Event::Placed {
            slot,
            board,
            field,
            piece,
        });
        let f = room.field(field as usize);
        self.add_points(slot, f.points, Why::Field, r);
        if f.hearts > 0 {
            self.col_mut(slot).hearts += f.hearts;
        }
        // Room triggers go under the field's own optional effects, so those come first.
        match &room.file.rule {
            RoomRule::LowestOpenRow {
                line_length,
                bonuses_per_turn,
                ..
            } if self.col(slot).bonuses_taken < *bonuses_per_turn
                && self.line_due(room, board, field, slot, *line_length) =>
            {
                self.tasks.push(Task::LineBonus { slot });
            }
            RoomRule::Tournament { tile_points, .. } => {
                let fs = room.fields();
                let fl = &self.fields[board.index()];
                if f.stage == Stage::Normal {
                    let groups: ArrayVec<u8, 16> = {
                        let mut g = ArrayVec::new();
                        for p in fs.iter().filter(|p| p.stage == Stage::Normal) {
                            if !g.contains(&p.group) && !g.is_full() {
                                g.push(p.group);
                            }
                        }
                        g
                    };
                    let everywhere = groups.iter().all(|&g| {
                        fs.iter()
                            .enumerate()
                            .any(|(i, p)| p.stage == Stage::Normal && p.group == g && fl[i].owner() == Some(slot))
                    });
                    if everywhere && !self.col(slot).tournament_tile && self.tournament_tiles > 0 {
                        self.tournament_tiles -= 1;
                        self.col_mut(slot).tournament_tile = true;
                        r.public(|| Event::TournamentTile { slot });
                        self.add_points(slot, *tile_points, Why::TournamentTile, r);
                    }
                }
                let fl = &self.fields[board.index()];
                let full = |stage: Stage| {
                    fs.iter()
                        .enumerate()
                        .all(|(i, p)| p.stage != stage || fl[i] != Piece::Empty)
                };
                if f.stage == Stage::Normal && full(Stage::Normal) {
                    r.public(|| Event::FinalsOpened);
                }
                if f.stage == Stage::Final && full(Stage::Final) {
                    r.public(|| Event::WinnerOpened);
                }
            }
            RoomRule::Groups { groups } => {
                if let Some(g) = room.group_of[field as usize] {
                    let rule = &groups[g];
                    let fl = &self.fields[board.index()];
                    let members: ArrayVec<usize, 64> = (0..fl.len()).filter(|&i| room.group_of[i] == Some(g)).collect();
                    if members.iter().all(|&i| fl[i] != Piece::Empty) {
                        let mut penalised = Vec::new();
                        for &s in self.track.clone().iter().rev() {
                            let fl = &self.fields[board.index()];
                            let present = members.iter().any(|&i| fl[i].owner() == Some(s));
                            if !present {
                                penalised.push(s);
                                if rule.recall_red && self.has_piece_in(s, Board::Red, |_| true) {
                                    self.tasks.push(Task::RecallRed { slot: s });
                                }
                            }
                        }
                        penalised.reverse();
                        for &s in &penalised {
                            self.add_points(s, rule.penalty, Why::Intrigue, r);
                        }
                        let group = rule.group;
                        r.public(|| Event::GroupFilled { group, penalised });
                    }
                }
            }
            _ => {}
        }
        if let Some(before) = table_before {
            let now = self.royalists_lead();
            if now != before {
                r.public(|| Event::KnightsTable { royalists: now });
            }
        }
        {
            let c = self.col(slot);
            if self.heroes
                && matches!(piece, Piece::Knight(_))
                && c.colour == GREEN
                && c.hero == Hero::Side2
                && !c.hero_used
                && !self.scoring_final
                && c.placed[board.index()] == 2
            {
                self.tasks.push(Task::Tristan { slot });
            }
        }
        for e in f.effects.iter().rev() {
            match *e {
                Effect::Points(n) => self.add_points(slot, n, Why::Field, r),
                Effect::Grail(n) => self.gain_grail(slot, n, r),
                Effect::Tree => self.tasks.push(Task::Tree { slot }),
                Effect::ExtraKnight(b) => self.tasks.push(Task::Extra { slot, board: b }),
            }
        }
    }

    /// Whether the piece just placed on `field` made a new line (spec §10.1's test).
    fn line_due(&self, room: &Room, board: Board, field: u8, slot: Slot, len: u8) -> bool {
        let f = room.field(field as usize);
        let (row, col) = (f.row as i32 - 1, f.col as i32 - 1);
        let fl = &self.fields[board.index()];
        let own = |r: i32, c: i32| -> bool {
            if r < 0 || c < 0 {
                return false;
            }
            room.grid
                .get(r as usize)
                .and_then(|row| row.get(c as usize))
                .copied()
                .flatten()
                .is_some_and(|i| fl[i as usize].owner() == Some(slot))
        };
        let len = len as i32;
        [(0, 1), (1, 0), (1, 1), (1, -1)].into_iter().any(|(dr, dc)| {
            let run = |sign: i32| {
                let mut n = 0;
                while own(row + sign * dr * (n + 1), col + sign * dc * (n + 1)) {
                    n += 1;
                }
                n
            };
            let (a, b) = (run(1), run(-1));
            a + b + 1 >= len && a < len && b < len
        })
    }

    pub(super) fn recall_red(&mut self, slot: Slot, field: u8, r: &mut Report<Event>) {
        let Some(room) = self.room(Board::Red).cloned() else {
            return;
        };
        let before = self.royalists_lead();
        let red = Board::Red.index();
        self.fields[red][field as usize] = Piece::Empty;
        self.col_mut(slot).hinterland += 1;
        r.public(|| Event::RecalledFromRed { slot, field });
        if let RoomRule::Treason { .. } = room.file.rule {
            if self.col(slot).last[red] == Some(field) {
                // The path continues from the most recent knight still there: walk back.
                let k = self.col(slot).treason_start.unwrap_or(0) as usize;
                let row = &room.rows[k % 2];
                let at = row.iter().position(|&f| f == field).unwrap_or(0);
                let back: Vec<u8> = if k < 2 {
                    row[..at].iter().rev().copied().collect()
                } else {
                    row[at + 1..].to_vec()
                };
                let fl = &self.fields[red];
                let prev = back.into_iter().find(|&f| fl[f as usize] == Piece::Knight(slot));
                self.col_mut(slot).last[red] = prev;
            }
            let now = self.royalists_lead();
            if now != before {
                r.public(|| Event::KnightsTable { royalists: now });
            }
        } else if self.col(slot).last[red] == Some(field) {
            self.col_mut(slot).last[red] = None;
        }
    }
}
