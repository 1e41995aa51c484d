//! Every text Die Zukunft shows: colours, fields, rooms, effects and missions named as the
//! table reads them, the prompts, action labels and log lines.

use crate::rules::future::action::{Action, Why};
use crate::rules::future::colours::{COLOUR_NAMES, HERO_NAMES, colour_title};
use crate::rules::future::content::{Board, Effect, Stack};
use crate::rules::future::event::{Event, final_step_name};
use crate::rules::future::pieces::{Colour, Phase, Piece, Slot, Task, TurnStage};
use crate::rules::future::state::Future;
use crate::rules::{Game, Seat, Secret};

impl Future {
    /// A colour as the log names it: "Guinevere (red)" with one colour a seat, "Red" when a
    /// seat plays two.
    pub(super) fn colour_name(&self, slot: Slot) -> String {
        let c = &self.colours[slot as usize];
        match self.seat_names.get(c.seat) {
            Some(n) if self.players > 2 => format!("{n} ({})", c.name()),
            _ => colour_title(c.colour),
        }
    }

    /// A field as the log, the prompts and the tooltips name it: its room and its place there
    /// ("Round Table (seat at 3 o'clock)", "Training Ground (row 1, column 2)"), never its id.
    pub fn field_name(&self, board: Board, field: u8) -> String {
        match self.room(board) {
            Some(room) => format!("{} ({})", room.name(), room.place(field as usize)),
            None => "?".into(),
        }
    }

    /// A room by its colour and, where one is in play, its name: "the green room (Training
    /// Ground)".
    pub fn room_words(&self, board: Board) -> String {
        match self.room(board) {
            Some(room) => format!("the {} room ({})", board.name(), room.name()),
            None => format!("the {} room", board.name()),
        }
    }

    /// An effect in words, naming the room in play where it sends a knight.
    pub fn effect_text(&self, e: Effect) -> String {
        match e {
            Effect::ExtraKnight(b) => format!("an extra knight in {}", self.room_words(b)),
            _ => effect_words(e),
        }
    }

    /// A mission as the log and the table name it: what the card shows, its shields in colour
    /// words, then its Grail tiles and tree ("red · yellow · green", "blue · Grail tile",
    /// "multicolour · tree"), or what a special mission does ("special: 3 knights home, +7").
    /// Its file id is for tinkerers (`camelot check`, the balance bench), never for the table.
    pub fn mission_name(&self, card: u16) -> String {
        let Some(m) = self.content.0.deck.missions.get(card as usize) else {
            return "?".into();
        };
        if let Some(sp) = m.special {
            return format!("special: {} knights home, {:+}", sp.knights, sp.points);
        }
        let mut parts: Vec<String> = m.shields.iter().map(|s| s.name().to_string()).collect();
        match m.grail {
            0 => {}
            1 => parts.push("Grail tile".into()),
            n => parts.push(format!("{n} Grail tiles")),
        }
        if m.tree {
            parts.push("tree".into());
        }
        parts.join(" · ")
    }

    /// Every hidden part in words (`Game::secrets`): each seat's colours' fists not yet opened and
    /// their Merlin and Grail tiles, then the Merlin row, the Grail supply and the mission stacks.
    pub(super) fn secret_lines(&self) -> Vec<Secret> {
        let deck = &self.content.0.deck;
        let merlin = |t: &u8| deck.merlin.get(*t as usize).map_or("?".into(), i32::to_string);
        let part = |p: usize| deck.grail_parts.get(p).map_or("?", |g| g.name.as_str());
        let mut colours: Vec<&Colour> = self.colours.iter().collect();
        colours.sort_by_key(|c| c.seat);
        let mut out = Vec::new();
        for c in colours {
            let (owner, who) = (Some(c.seat), colour_title(c.colour));
            if c.has_sent && !self.fists_open() {
                let fist = crate::rules::counted(c.sent, "knight", "knights");
                out.push(Secret {
                    owner,
                    text: format!("{who} fist: {fist}"),
                });
            }
            out.push(Secret::list(
                owner,
                &format!("{who} Merlin tiles"),
                c.merlin.iter().map(merlin),
            ));
            let grail = (0..c.grail.len()).flat_map(|p| std::iter::repeat_n(part(p), c.grail[p] as usize));
            out.push(Secret::list(owner, &format!("{who} Grail tiles"), grail));
        }
        out.push(Secret::list(
            None,
            "Merlin row, leftmost first",
            self.merlin_row.iter().map(merlin),
        ));
        let supply = self.grail_supply.iter().rev().map(|&p| part(p as usize));
        out.push(Secret::list(None, "Grail supply, top first", supply));
        for (stack, cards) in Stack::ALL.into_iter().zip(&self.stacks) {
            let label = match stack.knights() {
                Some(n) => format!("{n}-knight mission stack, top first"),
                None if self.players == 5 => "Key-card mission stack, top first".into(),
                None => continue,
            };
            // A special mission's name holds a comma: semicolons part the missions, as in the log.
            let names = cards.iter().rev().map(|&m| self.mission_name(m));
            out.push(Secret::list_by(None, &label, names, "; "));
        }
        out
    }

    pub(super) fn prompt(&self) -> String {
        if let Some(&task) = self.tasks.last() {
            let who = self.colour_name(task.slot());
            return match task {
                Task::Shields { .. } => format!("{who}: place a knight for a shield"),
                Task::Tree { .. } => format!("{who}: take the tree (a hinterland knight home and a Grail tile)?"),
                Task::Extra { board, .. } => format!("{who}: place an extra knight in {}?", self.room_words(board)),
                Task::LineBonus { .. } => format!("{who}: a line of three! Choose a bonus"),
                Task::RecallRed { .. } => format!("{who}: move one of your red-room knights to the hinterland"),
                Task::GrailPick { left, .. } => format!("{who}: pick a Grail tile from the supply ({left} to take)"),
                Task::Parzival { .. } => format!("{who}: use Parzival to choose your Grail tiles this turn?"),
                Task::Tristan { .. } => format!("{who}: two knights in one room: use Tristan for +3?"),
                Task::Magician { .. } => format!("{who}: majority! Place your magician in another room?"),
            };
        }
        match self.phase {
            Phase::Colours { pick } => format!(
                "{}: choose a colour",
                self.seat_names.get(self.picker(pick)).map_or("?", String::as_str)
            ),
            Phase::Send { seat } => format!(
                "{}: how many knights do you send out? (0 = recall from the hinterland)",
                self.seat_names.get(seat).map_or("?", String::as_str)
            ),
            Phase::Predict { pos } => {
                let slot = self.track[pos as usize];
                format!("{}: predict the total of all fists", self.colour_name(slot))
            }
            Phase::Missions { pos, stage } => {
                let slot = self.track[pos as usize];
                let who = self.colour_name(slot);
                match stage {
                    TurnStage::Choose if self.colours[slot as usize].sent == 0 => {
                        format!("{who}: bring knights back from the hinterland")
                    }
                    TurnStage::Choose => format!("{who}: take a mission"),
                    _ => format!("{who}: use your hero or end the turn"),
                }
            }
            Phase::Final => "final scoring".into(),
            Phase::Over => "the game is over".into(),
        }
    }

    pub(super) fn describe(&self, action: &Action) -> String {
        let deck = &self.content.0.deck;
        match *action {
            Action::Colour(c) => format!("Play {}", COLOUR_NAMES[c as usize]),
            Action::Send(a, b) => {
                let slots = self.to_act().map(|s| self.seat_slots[s].clone()).unwrap_or_default();
                if slots.len() == 2 {
                    format!(
                        "Send {a} {}, {b} {}",
                        self.colours[slots[0] as usize].name(),
                        self.colours[slots[1] as usize].name()
                    )
                } else if a == 0 {
                    "Send none (recall)".into()
                } else {
                    format!("Send {a}")
                }
            }
            Action::Predict(n) => format!("Predict {n}"),
            Action::Take(card) => format!("Take the mission {}", self.mission_name(card)),
            Action::NoMission => "No mission fits: all to the hinterland".into(),
            Action::Recall(n) => format!("Recall {}", crate::rules::counted(n as u64, "knight", "knights")),
            Action::Place {
                shield,
                board,
                field,
                hero,
            } => {
                let shield_name = match self.tasks.last() {
                    Some(Task::Shields { card, .. }) => deck.missions[*card as usize]
                        .shields
                        .get(shield as usize)
                        .map_or("?", |s| s.name()),
                    _ => "?",
                };
                let f = self.field_name(board, field);
                if hero {
                    format!("{shield_name} shield → {f} (hero)")
                } else {
                    format!("{shield_name} shield → {f}")
                }
            }
            Action::Return { .. } => "No field: the knight goes back behind the screen".into(),
            Action::Extra { screen, field } => {
                let board = match self.tasks.last() {
                    Some(Task::Extra { board, .. }) => *board,
                    _ => Board::Red,
                };
                format!(
                    "Extra knight from {} → {}",
                    if screen { "the screen" } else { "the hinterland" },
                    self.field_name(board, field)
                )
            }
            Action::Bonus(i) => match self.line_bonus(i) {
                Some(e) => format!("Bonus: {}", self.effect_text(e)),
                None => "Bonus".into(),
            },
            Action::RecallRed(f) => format!("Recall the knight on {}", self.field_name(Board::Red, f)),
            Action::Grail(p) => format!(
                "Take a {}",
                deck.grail_parts.get(p as usize).map_or("?", |g| g.name.as_str())
            ),
            Action::Magician { board, field } => format!("Magician → {}", self.field_name(board, field)),
            Action::Discard(card) => format!("Discard the mission {}", self.mission_name(card)),
            Action::BlackKnight { board, field } => {
                format!(
                    "Black knight → {} (−{})",
                    self.field_name(board, field),
                    deck.black_knight_cost
                )
            }
            Action::Accept => "Yes".into(),
            Action::Decline => "No".into(),
            Action::EndTurn => "End the turn".into(),
        }
    }

    pub(super) fn describe_event_text(&self, event: &Event) -> String {
        let deck = &self.content.0.deck;
        let seat_name = |s: Seat| self.seat_names.get(s).cloned().unwrap_or_else(|| "?".into());
        match event {
            Event::Setup { rooms, neutral } => {
                let rooms: Vec<String> = rooms
                    .iter()
                    .filter_map(|&(b, _)| self.room(b).map(|r| r.name().to_string()))
                    .collect();
                match neutral {
                    Some(n) => format!(
                        "The castle: {}; neutral colour {}",
                        rooms.join(", "),
                        COLOUR_NAMES[*n as usize]
                    ),
                    None => format!("The castle: {}", rooms.join(", ")),
                }
            }
            Event::ColourChosen { seat, colour } => {
                format!("{} plays {}", seat_name(*seat), COLOUR_NAMES[*colour as usize])
            }
            Event::TrackOrder { track, initial } => {
                let names: Vec<String> = track.iter().map(|&s| self.colour_name(s)).collect();
                if *initial {
                    format!("Turn order: {}", names.join(", "))
                } else {
                    format!("New turn order: {}", names.join(", "))
                }
            }
            Event::RoundStarted { round } => format!("Round {round} of {}", deck.rounds),
            Event::Revealed { cards } => {
                let names: Vec<String> = cards.iter().map(|&c| self.mission_name(c)).collect();
                format!("Missions: {}", names.join("; "))
            }
            Event::FistClosed { seat } => format!("{} has closed the fist", seat_name(*seat)),
            Event::Fist { counts, .. } => {
                let parts: Vec<String> = counts
                    .iter()
                    .map(|&(s, n)| format!("{n} {}", self.colours[s as usize].name()))
                    .collect();
                format!("Your fist: {}", parts.join(", "))
            }
            Event::Predicted { slot, number, .. } => format!("{} predicts {number}", self.colour_name(*slot)),
            Event::FistsOpened { counts, total } => {
                let parts: Vec<String> = counts
                    .iter()
                    .map(|&(s, n)| format!("{} {n}", self.colours[s as usize].name()))
                    .collect();
                format!("Fists open: {} — total {total}", parts.join(", "))
            }
            Event::MerlinTaken { slot } => format!("{} takes a Merlin tile", self.colour_name(*slot)),
            Event::MerlinValue { value, .. } => format!("Your Merlin tile is worth {value}"),
            Event::TurnStarted { slot } => format!("{}'s turn", self.colour_name(*slot)),
            Event::Took { slot, card, surplus } => {
                let mut s = format!(
                    "{} takes the mission {}",
                    self.colour_name(*slot),
                    self.mission_name(*card)
                );
                if *surplus > 0 {
                    s.push_str(&format!("; {surplus} to the hinterland"));
                }
                s
            }
            Event::NothingFits { slot, knights } => {
                format!(
                    "{}: no mission fits; {} to the hinterland",
                    self.colour_name(*slot),
                    crate::rules::counted(*knights as u64, "knight", "knights")
                )
            }
            Event::Recalled { slot, knights } => format!(
                "{} brings {} back from the hinterland",
                self.colour_name(*slot),
                crate::rules::counted(*knights as u64, "knight", "knights")
            ),
            Event::GrailDrawn { slot, count } => format!(
                "{} draws {}",
                self.colour_name(*slot),
                crate::rules::counted(*count as u64, "Grail tile", "Grail tiles")
            ),
            Event::SupplyShown { .. } => "You look at the face-down Grail supply to pick your tiles".into(),
            Event::GrailParts { parts, .. } => {
                let names: Vec<&str> = parts
                    .iter()
                    .map(|&p| deck.grail_parts.get(p as usize).map_or("?", |g| g.name.as_str()))
                    .collect();
                format!(
                    "Your {}: {}",
                    if names.len() == 1 { "Grail tile" } else { "Grail tiles" },
                    names.join(", ")
                )
            }
            Event::Placed {
                slot,
                board,
                field,
                piece,
            } => {
                let what = match piece {
                    Piece::Magician(_) => "magician",
                    _ => "knight",
                };
                format!(
                    "{} {what} → {}",
                    self.colour_name(*slot),
                    self.field_name(*board, *field)
                )
            }
            Event::Returned { slot, board } => match board {
                Some(b) => format!(
                    "{}: no field of {} is open to the knight; it goes back behind the screen",
                    self.colour_name(*slot),
                    self.room_words(*b)
                ),
                None => format!(
                    "{}: no field of any castle room is open to the multicolour shield's knight; it goes back behind the screen",
                    self.colour_name(*slot)
                ),
            },
            Event::Scored { slot, points, due, why } => {
                let reason = match why {
                    // Told by the line of the piece placed just before.
                    Why::Field => None,
                    Why::LineBonus => Some("line bonus"),
                    Why::TournamentTile => Some("tournament tile"),
                    Why::Intrigue => Some("Intrigue penalty"),
                    Why::Special => Some("special mission"),
                    Why::Tristan => Some("Tristan"),
                    Why::BlackKnight => Some("the black knight"),
                    // Final scoring: its step's line (`FinalStep`) tells it.
                    Why::RedRoom | Why::Merlin | Why::Screen | Why::Grail | Why::SecretRoom => return String::new(),
                };
                let who = self.colour_name(*slot);
                let floor = (points != due).then(|| format!("{due:+} due, but a score stops at 0"));
                let note: Vec<String> = reason.map(str::to_string).into_iter().chain(floor).collect();
                let moved = if *points == 0 && *due != 0 {
                    format!("{who} loses nothing")
                } else {
                    format!("{who} {points:+}")
                };
                if note.is_empty() {
                    moved
                } else {
                    format!("{moved} ({})", note.join("; "))
                }
            }
            Event::TreeTaken { slot, knight } => {
                if *knight {
                    format!("{}: tree — a knight comes home", self.colour_name(*slot))
                } else {
                    format!("{}: tree (no hinterland knight)", self.colour_name(*slot))
                }
            }
            Event::LineFormed { slot, bonus } => match bonus.and_then(|i| self.line_bonus(i)) {
                Some(e) => format!(
                    "{} forms a line and takes {}",
                    self.colour_name(*slot),
                    self.effect_text(e)
                ),
                None => format!("{} forms a line and takes no bonus", self.colour_name(*slot)),
            },
            Event::TournamentTile { slot } => format!("{} takes a tournament tile", self.colour_name(*slot)),
            Event::FinalsOpened => "The tournament finals open".into(),
            Event::WinnerOpened => "The tournament winner's field opens".into(),
            Event::GroupFilled { group, penalised } => {
                let names: Vec<String> = penalised.iter().map(|&s| self.colour_name(s)).collect();
                if names.is_empty() {
                    format!("Intrigue group {group} is complete")
                } else {
                    format!("Intrigue group {group} is complete: penalty for {}", names.join(", "))
                }
            }
            Event::KnightsTable { royalists } => {
                if *royalists {
                    "The Knights' Table turns gold: the royalists lead".into()
                } else {
                    "The Knights' Table turns green: the rebels lead".into()
                }
            }
            Event::RecalledFromRed { slot, field } => {
                format!(
                    "{}'s knight leaves {} for the hinterland",
                    self.colour_name(*slot),
                    self.field_name(Board::Red, *field)
                )
            }
            Event::HeroUsed { slot, side } => {
                let c = &self.colours[*slot as usize];
                format!(
                    "{} uses {}'s side {side}",
                    self.colour_name(*slot),
                    HERO_NAMES[c.colour as usize]
                )
            }
            Event::Discarded { slot, card } => {
                format!(
                    "{} discards the mission {}",
                    self.colour_name(*slot),
                    self.mission_name(*card)
                )
            }
            Event::RoundEnded { round, .. } => format!("Round {round} ends"),
            Event::FinalStep { slot, step, points } => match step {
                // The hinterland's Grail tiles are told by their draw; the Merlin tiles by their
                // reveal, which names them.
                2 | 4 => String::new(),
                _ => format!("{}: {} {points:+}", self.colour_name(*slot), final_step_name(*step)),
            },
            Event::MerlinRevealed { slot, values } => {
                let v: Vec<String> = values.iter().map(i32::to_string).collect();
                let total: i32 = values.iter().sum();
                format!(
                    "{}: {} {total:+} ({})",
                    self.colour_name(*slot),
                    final_step_name(2),
                    if v.is_empty() { "none".into() } else { v.join(", ") }
                )
            }
            Event::Final { slot, score } => format!("{} ends with {score} points", self.colour_name(*slot)),
            Event::Won { seats } => {
                let names: Vec<String> = seats.iter().map(|&s| seat_name(s)).collect();
                format!("{} wins", names.join(", "))
            }
        }
    }
}

/// An effect in words, from the content alone (`Future::effect_text` names the room in play).
fn effect_words(e: Effect) -> String {
    match e {
        Effect::Points(n) if n.abs() == 1 => format!("{n:+} point"),
        Effect::Points(n) => format!("{n:+} points"),
        Effect::Grail(n) => crate::rules::counted(n as u64, "Grail tile", "Grail tiles"),
        Effect::Tree => "a tree (a hinterland knight home and a Grail tile)".into(),
        Effect::ExtraKnight(b) => format!("an extra knight in the {} room", b.name()),
    }
}
