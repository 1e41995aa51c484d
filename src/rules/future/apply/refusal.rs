//! Refusals: the check against the legal list, and why a refused action (or card) is refused,
//! in the rules' own words.

use crate::rules::future::action::Action;
use crate::rules::future::colours::PURPLE;
use crate::rules::future::content::{Board, Room, RoomRule};
use crate::rules::future::pieces::{Hero, Phase, Task, TurnStage};
use crate::rules::future::state::Future;
use crate::rules::{RuleError, judge_by_list};

impl Future {
    /// Refuses an action that is not legal now, saying why.
    pub(in crate::rules::future) fn check(&self, action: &Action) -> Result<(), RuleError> {
        judge_by_list(action, |out| self.legal_into(out), |legal| self.why_not(action, legal))
    }

    fn why_not(&self, action: &Action, legal: &[Action]) -> String {
        if self.outcome.is_some() {
            return "the game is over".into();
        }
        let deck = &self.content.0.deck;
        // A mission at the choice of one: why this card does not fit, whether or not another does.
        if let (
            Action::Take(card),
            Phase::Missions {
                pos,
                stage: TurnStage::Choose,
            },
        ) = (*action, self.phase)
            && self.tasks.is_empty()
        {
            let c = self.col(self.track[pos as usize]);
            return match deck.missions.get(card as usize) {
                Some(_) if !self.display.contains(&card) => "that mission is not face up".into(),
                Some(_) if c.sent == 0 => {
                    "you sent no knights this round: an empty fist takes no mission but brings knights back from the hinterland"
                        .into()
                }
                Some(m) => format!(
                    "the mission {} needs {}; you sent {}",
                    self.mission_name(card),
                    crate::rules::counted(m.needs() as u64, "knight", "knights"),
                    c.sent
                ),
                None => "that mission is not face up".into(),
            };
        }
        let same_kind = legal
            .iter()
            .any(|a| std::mem::discriminant(a) == std::mem::discriminant(action));
        if !same_kind {
            return format!("not now: {}", self.prompt());
        }
        match (*action, self.phase) {
            (Action::Send(a, b), Phase::Send { seat }) => {
                let slots = &self.seat_slots[seat];
                for (k, &s) in slots.iter().enumerate() {
                    let n = if k == 0 { a } else { b };
                    let c = self.col(s);
                    if n > deck.max_fist {
                        return format!("a fist holds at most {} knights", deck.max_fist);
                    }
                    if n > c.screen {
                        return format!(
                            "{} has only {} behind its screen",
                            c.name(),
                            crate::rules::counted(c.screen as u64, "knight", "knights")
                        );
                    }
                }
                if slots.len() == 1 && b != 0 {
                    return "you play one colour: the second count must be 0".into();
                }
                "that fist is not possible".into()
            }
            (Action::Predict(n), _) => {
                if n > self.content.0.throne.highest {
                    format!("the number spaces run from 0 to {}", self.content.0.throne.highest)
                } else {
                    format!("number {n} already holds {} magicians", self.on_space(n))
                }
            }
            (Action::Take(card), Phase::Missions { pos, .. }) => {
                let c = self.col(self.track[pos as usize]);
                match deck.missions.get(card as usize) {
                    Some(m) if self.display.contains(&card) => {
                        format!(
                            "the mission {} needs {}; you sent {}",
                            self.mission_name(card),
                            crate::rules::counted(m.needs() as u64, "knight", "knights"),
                            c.sent
                        )
                    }
                    _ => "that mission is not face up".into(),
                }
            }
            (Action::Recall(_), Phase::Missions { pos, .. }) => {
                let c = self.col(self.track[pos as usize]);
                format!(
                    "you may bring back at most {}: {} in your hinterland, at most {} a recall",
                    crate::rules::counted(deck.recall_max.min(c.hinterland) as u64, "knight", "knights"),
                    c.hinterland,
                    deck.recall_max
                )
            }
            (Action::Place { .. } | Action::Extra { .. } | Action::BlackKnight { .. }, _) => {
                let board = match (*action, self.tasks.last()) {
                    (Action::Place { board, .. } | Action::BlackKnight { board, .. }, _) => board,
                    (_, Some(Task::Extra { board, .. })) => *board,
                    _ => Board::Red,
                };
                match self.room(board) {
                    None => format!("the {} room is not in play", board.name()),
                    Some(room) => format!(
                        "that field of {} is not open to you: {}",
                        self.room_words(board),
                        Self::rule_words(room)
                    ),
                }
            }
            (Action::Discard(card), _) if !self.display.contains(&card) => "that mission is not face up".into(),
            (Action::Discard(_), Phase::Missions { pos, .. })
                if self.col(self.track[pos as usize]).colour == PURPLE
                    && self.col(self.track[pos as usize]).hero == Hero::Side1 =>
            {
                "Mordred discards only a face-up mission with exactly one shield".into()
            }
            (Action::Discard(_), _) => "that mission cannot be discarded now".into(),
            (Action::Grail(part), _) => match deck.grail_parts.get(part as usize) {
                Some(p) => format!("no {} tile is left in the Grail supply", p.name),
                None => format!("the Grail has only {} parts", deck.grail_parts.len()),
            },
            _ => format!("not possible: {}", self.prompt()),
        }
    }

    /// Why the mission card `card` of the face-up display cannot be picked now by the seat to
    /// act. `None` when a legal action uses it (taking it, or discarding it with Kay's or
    /// Mordred's ability); otherwise the action a click on the card means — its discard while a
    /// hero discards, else taking it — with the words `apply` refuses it with (so a click that
    /// sends it gets the same words). Outside a mission turn the words say what the decision is.
    /// For the window's hover and click only: it lists the legal actions and formats the words.
    pub fn mission_refusal(&self, card: u16) -> Option<(Action, String)> {
        let mut legal = Vec::new();
        self.legal_into(&mut legal);
        if legal
            .iter()
            .any(|a| matches!(*a, Action::Take(c) | Action::Discard(c) if c == card))
        {
            return None;
        }
        let discarding = legal.iter().any(|a| matches!(a, Action::Discard(_)));
        let action = if discarding {
            Action::Discard(card)
        } else {
            Action::Take(card)
        };
        Some((action, self.why_not(&action, &legal)))
    }

    /// Why a Grail tile of part `part` cannot be picked from the supply now (Parzival's side 2):
    /// `None` when `Action::Grail(part)` is legal, else that action and the words `apply` refuses
    /// it with. Only the picker sees the supply, so only the picker's screen should ask.
    pub fn grail_refusal(&self, part: u8) -> Option<(Action, String)> {
        let action = Action::Grail(part);
        let mut legal = Vec::new();
        self.legal_into(&mut legal);
        (!legal.contains(&action)).then(|| (action, self.why_not(&action, &legal)))
    }

    /// A room's placement rule in words.
    pub fn rule_words(room: &Room) -> &'static str {
        match room.file.rule {
            RoomRule::LowestOpenRow { .. } => "rows fill from the bottom; take a free field of the lowest open row",
            RoomRule::Tournament { .. } => {
                "preliminaries first; a final needs your knight in its preliminary; the winner needs your knight on a final"
            }
            RoomRule::FreeChoice { .. } => "any free seat",
            RoomRule::Treason { .. } => "enter at the next free start; then the next field along your path",
            RoomRule::Sequential { .. } => "the next field in order, or the queen's field with 3 hearts",
            RoomRule::Groups { .. } => "one knight per group",
            RoomRule::PathFromLast => "a start field, then an arrow from your most recent knight",
            RoomRule::PathFromAny => "a start field, then an arrow from any of your knights",
            RoomRule::TopmostFree { .. } => "the first free field in order",
        }
    }
}
