//! Setup: a new game from the table's configuration, the colours chosen, and each round begun.

use crate::rules::future::apply::parse_sides;
use crate::rules::future::colours::{COLOUR_NAMES, GREEN, PURPLE, RED, YELLOW, colour_by_name};
use crate::rules::future::content::{Board, FutureContent, RoomRule, Side, Stack};
use crate::rules::future::event::Event;
use crate::rules::future::pieces::{Colour, Hero, Phase, Piece, Slot};
use crate::rules::future::state::{Dice, Future, Shared};
use crate::rules::{GameRng, Report, Seat, SetupError, TableConfig};
use std::sync::Arc;

impl Future {
    pub(in crate::rules::future) fn setup(
        config: &TableConfig,
        content: Arc<FutureContent>,
    ) -> Result<Future, SetupError> {
        let players = config.players();
        if !(2..=5).contains(&players) {
            return Err(SetupError(format!(
                "Die Zukunft von Camelot is for 2 to 5 players, not {players}"
            )));
        }
        let mut rng = GameRng::seeded(config.seed);
        let heroes = match config.variant("heroes", "off") {
            "off" | "" => false,
            "on" => true,
            v => return Err(SetupError(format!("heroes: \"{v}\" is not on or off"))),
        };
        let given = Future::colour_choice(players, config.variant("colours", "random"))?;
        let sides = parse_sides(config.variant("sides", "a"), &mut rng)?;
        let mut room_of = [None; 5];
        for b in Board::CASTLE {
            room_of[b.index()] = Some(
                content
                    .room_of(b, sides[b.index()])
                    .ok_or_else(|| SetupError(format!("no room for the {} board", b.name())))?,
            );
        }
        if players == 5 {
            room_of[Board::Violet.index()] = content.room_of(Board::Violet, Side::A);
        }
        let fields = std::array::from_fn(|b| match room_of[b] {
            Some(r) => vec![Piece::Empty; content.rooms[r].len()],
            None => Vec::new(),
        });
        let deck = &content.deck;
        let mut stacks: [Vec<u16>; 4] = Default::default();
        for (i, m) in deck.missions.iter().enumerate() {
            if m.stack != Stack::Key || players == 5 {
                stacks[m.stack.index()].push(i as u16);
            }
        }
        for s in &mut stacks {
            rng.shuffle(s);
        }
        let mut merlin_row: Vec<u8> = (0..deck.merlin.len() as u8).collect();
        rng.shuffle(&mut merlin_row);
        let mut grail_supply: Vec<u8> = Vec::new();
        for (p, part) in deck.grail_parts.iter().enumerate() {
            grail_supply.extend(std::iter::repeat_n(p as u8, part.tiles as usize));
        }
        rng.shuffle(&mut grail_supply);
        let tournament_tiles = room_of[Board::Green.index()]
            .map(|r| match content.rooms[r].file.rule {
                RoomRule::Tournament { tiles, .. } => tiles,
                _ => 0,
            })
            .unwrap_or(0);
        let mut g = Future {
            content: Shared(content.clone()),
            players,
            seat_names: config.seats.iter().map(|s| s.name.clone()).collect(),
            colours: Vec::new(),
            seat_slots: vec![Vec::new(); players],
            neutral: None,
            heroes,
            room_of,
            fields,
            track: Vec::new(),
            predictions: Vec::new(),
            round: 0,
            phase: Phase::Colours { pick: 0 },
            stacks,
            display: Vec::new(),
            merlin_row,
            grail_supply,
            pooled_merlin: 0,
            pooled_grail: 0,
            supply_shown: None,
            tournament_tiles,
            tasks: Vec::new(),
            rng: Dice(rng),
            outcome: None,
            turns: 0,
            scoring_final: false,
            opening: Vec::new(),
            masked: false,
        };
        let mut opening = Vec::new();
        {
            let mut r = Report(Some(&mut opening));
            if let Some(given) = given {
                for (seat, colour) in given {
                    g.add_colour(seat, colour);
                }
                // The magician cards of the colours in play, shuffled, give the first turn order.
                let mut track: Vec<Slot> = (0..g.colours.len() as u8).collect();
                g.rng.0.shuffle(&mut track);
                g.track = track;
                g.finish_setup(&mut r, true);
            }
        }
        g.opening = opening;
        Ok(g)
    }

    /// Whether the round's fists are open (after every prediction; secret before).
    pub fn fists_open(&self) -> bool {
        !matches!(
            self.phase,
            Phase::Send { .. } | Phase::Predict { .. } | Phase::Colours { .. }
        )
    }

    /// The colour whose score is a seat's result: its only colour, or with two players the lower
    /// of its two (on a tie, the one placed better on the turn-order track).
    pub fn counting_slot(&self, seat: Seat) -> Option<Slot> {
        let place = |s: Slot| self.track.iter().position(|&t| t == s).unwrap_or(usize::MAX);
        self.seat_slots
            .get(seat)?
            .iter()
            .copied()
            .min_by_key(|&s| (self.col(s).score, place(s)))
    }

    /// How a seat's score is counted when it plays more than one colour (two players): "the lower
    /// of red 43 and yellow 51". `None` for a seat of one colour, whose score is its colour's.
    pub fn counted_words(&self, seat: Seat) -> Option<String> {
        let slots = self.seat_slots.get(seat)?;
        if slots.len() < 2 {
            return None;
        }
        let each: Vec<String> = slots
            .iter()
            .map(|&s| format!("{} {}", self.col(s).name(), self.col(s).score))
            .collect();
        Some(format!("the lower of {}", each.join(" and ")))
    }

    /// The colours each seat plays by default (`colours=random`), in slot order: one a seat in
    /// seat order, or with two players two each (red and yellow, green and purple).
    pub fn assigned_colours(players: usize) -> Vec<(Seat, u8)> {
        if players == 2 {
            vec![(0, RED), (1, GREEN), (0, YELLOW), (1, PURPLE)]
        } else {
            (0..players).map(|s| (s, s as u8)).collect()
        }
    }

    /// Colours in play at this player count: four with two players, else one a seat.
    pub fn colours_for(players: usize) -> usize {
        if players == 2 { 4 } else { players }
    }

    /// How the `colours` variant gives out the colours: `None` when the seats choose them in turn
    /// at the table (`expert`); else each colour with its seat, in slot order. `random` (the
    /// default) is `assigned_colours`; a list names each seat's colour in seat order, with two
    /// players each seat's two in turn (`red,yellow,green,purple`: red and yellow for seat 1;
    /// `+` may join a seat's two), every colour at most once. Either way the turn order is then
    /// drawn from the shuffled magician cards.
    pub fn colour_choice(players: usize, value: &str) -> Result<Option<Vec<(Seat, u8)>>, SetupError> {
        let list = match value.trim() {
            "" | "random" => return Ok(Some(Future::assigned_colours(players))),
            "expert" => return Ok(None),
            list => list,
        };
        let mut chosen: Vec<u8> = Vec::new();
        for name in list.split([',', '+']).map(str::trim).filter(|n| !n.is_empty()) {
            let colour = colour_by_name(name).ok_or_else(|| {
                SetupError(format!(
                    "colours: \"{name}\" is not a colour (red, green, yellow, purple or blue; or random, expert)"
                ))
            })?;
            if chosen.contains(&colour) {
                return Err(SetupError(format!(
                    "colours: {} is listed twice; each colour is played by one seat",
                    COLOUR_NAMES[colour as usize]
                )));
            }
            chosen.push(colour);
        }
        let needed = Future::colours_for(players);
        if chosen.len() != needed {
            return Err(SetupError(if players == 2 {
                format!(
                    "colours: with two players each seat plays two colours; list four, seat 1's two then seat 2's (such as red,yellow,green,purple), not {}",
                    chosen.len()
                )
            } else {
                format!(
                    "colours: list one colour for each of the {players} seats, in seat order (such as red,blue,green), not {}",
                    chosen.len()
                )
            }));
        }
        // Seat by seat in the list; slot by slot in play (each seat's first colour, then the seconds).
        let each = needed / players.max(1);
        Ok(Some(
            (0..each)
                .flat_map(|k| (0..players).map(move |seat| (seat, seat * each + k)))
                .map(|(seat, i)| (seat, chosen[i]))
                .collect(),
        ))
    }

    pub(super) fn add_colour(&mut self, seat: Seat, colour: u8) -> Slot {
        let deck = &self.content.0.deck;
        let boxed = if self.players == 5 { deck.five_player_box } else { 0 };
        let slot = self.colours.len() as Slot;
        self.colours.push(Colour {
            colour,
            seat,
            screen: deck.knights - 1 - deck.hinterland_start - boxed,
            hinterland: deck.hinterland_start,
            score: 0,
            final_gain: 0,
            merlin: Vec::new(),
            merlin_held: 0,
            grail: [0; 8],
            grail_held: 0,
            missions: Vec::new(),
            sent: 0,
            has_sent: false,
            hearts: 0,
            tournament_tile: false,
            treason_start: None,
            last: [None; 5],
            hero: if self.heroes { Hero::Side1 } else { Hero::None },
            black_knight: self.heroes && colour == PURPLE,
            bonuses_taken: 0,
            hero_used: false,
            placed: [0; 5],
            parzival: false,
        });
        self.seat_slots[seat].push(slot);
        slot
    }

    /// Colours in play: four with two players, else one a seat.
    pub fn colours_needed(&self) -> usize {
        Future::colours_for(self.players)
    }

    /// The seat making pick number `pick` of the expert colour choice.
    pub fn picker(&self, pick: u8) -> Seat {
        pick as usize % self.players
    }

    pub(super) fn finish_setup(&mut self, r: &mut Report<Event>, initial_track: bool) {
        if self.players == 3 {
            let unused: Vec<u8> = (0..5u8)
                .filter(|c| !self.colours.iter().any(|x| x.colour == *c))
                .collect();
            let pick = self.rng.0.below(unused.len() as u32) as usize;
            self.neutral = unused.get(pick).copied();
            for b in Board::CASTLE {
                if let Some(ri) = self.room_of[b.index()] {
                    let room = &self.content.0.rooms[ri];
                    for (i, f) in room.fields().iter().enumerate() {
                        if f.neutral_3p {
                            self.fields[b.index()][i] = Piece::Neutral;
                        }
                    }
                }
            }
        }
        let rooms = Board::ALL
            .iter()
            .filter_map(|&b| self.room_of[b.index()].map(|ri| (b, self.content.0.rooms[ri].side())))
            .collect();
        let neutral = self.neutral;
        r.public(|| Event::Setup { rooms, neutral });
        if initial_track {
            let track = self.track.clone();
            r.public(|| Event::TrackOrder { track, initial: true });
        }
        self.start_round(1, r);
    }

    pub(super) fn start_round(&mut self, round: u8, r: &mut Report<Event>) {
        self.round = round;
        r.public(|| Event::RoundStarted { round });
        let content = self.content.0.clone();
        let row = content.display(self.players);
        let mut cards = Vec::new();
        for stack in Stack::ALL {
            for _ in 0..row.count(stack) {
                if let Some(c) = self.stacks[stack.index()].pop() {
                    cards.push(c);
                }
            }
        }
        self.display.extend_from_slice(&cards);
        r.public(|| Event::Revealed { cards });
        for c in &mut self.colours {
            c.sent = 0;
            c.has_sent = false;
        }
        self.predictions.clear();
        self.phase = Phase::Send { seat: 0 };
    }
}
