//! The game contract (`rules::Game`) for Die Zukunft: variants, setup, the pending decision,
//! legal actions, apply, views, words and the bench's figures.

use crate::rules::future::action::Action;
use crate::rules::future::colours::{COLOUR_MARKS, COLOUR_NAMES, COLOUR_RGB};
use crate::rules::future::content::FutureContent;
use crate::rules::future::event::Event;
use crate::rules::future::pieces::{Phase, Piece};
use crate::rules::future::places;
use crate::rules::future::state::{Future, Shared};
use crate::rules::future::view::FutureView;
use crate::rules::{
    Game, GameId, Outcome, Pending, Report, RuleError, Seat, SeatColours, Secret, SetupError, TableConfig, Tagged,
    Tally, VariantKind, VariantSpec,
};
use std::sync::Arc;

/// The colours as the `colours` variant offers them: name, RGB, letter.
const PALETTE: [(&str, [u8; 3], &str); 5] = [
    (COLOUR_NAMES[0], COLOUR_RGB[0], COLOUR_MARKS[0]),
    (COLOUR_NAMES[1], COLOUR_RGB[1], COLOUR_MARKS[1]),
    (COLOUR_NAMES[2], COLOUR_RGB[2], COLOUR_MARKS[2]),
    (COLOUR_NAMES[3], COLOUR_RGB[3], COLOUR_MARKS[3]),
    (COLOUR_NAMES[4], COLOUR_RGB[4], COLOUR_MARKS[4]),
];

/// The colours a `colours` value gives, seat by seat (`None`: refused, or chosen at the table).
fn colours_dealt(seats: usize, value: &str) -> Option<Vec<Vec<u8>>> {
    let given = Future::colour_choice(seats, value).ok()??;
    Some(
        (0..seats)
            .map(|seat| given.iter().filter(|g| g.0 == seat).map(|g| g.1).collect())
            .collect(),
    )
}

fn sides_variant() -> VariantSpec {
    VariantSpec::table(
        "sides",
        "Room sides: a, b, random, or per board such as green=b;red=a",
        &["a", "b", "random"],
        true,
    )
}

impl Game for Future {
    type Action = Action;
    type Event = Event;
    type View = FutureView;
    type Content = FutureContent;

    const ID: GameId = GameId::Future;
    const PERIOD: crate::rules::Period = crate::rules::Period::Round;

    fn variants() -> Vec<VariantSpec> {
        vec![
            sides_variant(),
            VariantSpec::table(
                "heroes",
                "Heroes (each colour's hero, two abilities once each)",
                &["off", "on"],
                false,
            ),
            VariantSpec {
                key: "colours",
                label: "Colours: random (the colours are not drawn: red, green, yellow, purple, blue in seat order, with two players red and yellow to the first seat, green and purple to the second; only the first turn order is drawn at random), expert (chosen in turn at the table), or one per seat such as red,blue,green (two each with two players; the first turn order drawn at random)",
                options: vec!["random".into(), "expert".into()],
                kind: VariantKind::SeatColours(SeatColours {
                    palette: &PALETTE,
                    each: |seats| Future::colours_for(seats) / seats.max(1),
                    deal: colours_dealt,
                    at_table: Some((
                        "expert",
                        "Expert colours: the seats choose their colours in turn at the table",
                    )),
                    tip: "This seat's colour (a colour another seat has swaps); the turn order is still drawn from the magician cards",
                }),
            },
        ]
    }

    fn new(config: &TableConfig, content: &FutureContent) -> Result<Self, SetupError> {
        Future::setup(config, Arc::new(content.clone()))
    }

    fn new_shared(config: &TableConfig, content: &Arc<FutureContent>) -> Result<Self, SetupError> {
        Future::setup(config, content.clone())
    }

    fn opening_events(&self) -> Vec<Tagged<Event>> {
        self.opening.clone()
    }

    fn pending(&self) -> Pending {
        match (&self.outcome, self.to_act()) {
            (Some(o), _) => Pending::Finished(o.clone()),
            (None, Some(seat)) => Pending::Decide {
                seat,
                prompt: self.prompt(),
                private: true,
            },
            (None, None) => Pending::Finished(Outcome {
                winners: Vec::new(),
                scores: Vec::new(),
                summary: "the game stopped".into(),
            }),
        }
    }

    fn to_act(&self) -> Option<Seat> {
        self.deciding_slot()
            .map(|s| self.colours[s as usize].seat)
            .or(match self.phase {
                Phase::Colours { pick } => Some(self.picker(pick)),
                Phase::Send { seat } => Some(seat),
                _ => None,
            })
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply_into(&mut self, action: &Action, report: &mut Report<Event>) -> Result<(), RuleError> {
        self.check(action)?;
        self.execute(*action, report);
        Ok(())
    }

    fn view(&self, seat: Seat) -> FutureView {
        self.make_view(seat)
    }

    fn attach_content(view: &mut FutureView, content: &Arc<FutureContent>) {
        view.state.content = Shared(content.clone());
    }

    fn describe_event(&self, event: &Event) -> String {
        self.describe_event_text(event)
    }

    fn describe_action(&self, action: &Action) -> String {
        self.describe(action)
    }

    fn used(&self, action: &Action) -> Option<String> {
        match *action {
            // The card in words and its file id, for the tinkerer who edits the deck.
            Action::Take(card) => Some(format!(
                "mission: {} ({})",
                self.mission_name(card),
                self.content
                    .0
                    .deck
                    .missions
                    .get(card as usize)
                    .map_or("?", |m| m.id.as_str())
            )),
            Action::Place { board, .. } => self.room(board).map(|r| format!("room: {}", r.name())),
            _ => None,
        }
    }

    fn seat_emblem(&self, seat: Seat) -> Option<&str> {
        let slot = *self.seat_slots.get(seat)?.first()?;
        Some(COLOUR_NAMES[self.colours[slot as usize].colour as usize])
    }

    fn seat_rgb(&self, seat: Seat) -> Option<[u8; 3]> {
        let slot = *self.seat_slots.get(seat)?.first()?;
        COLOUR_RGB.get(self.colours[slot as usize].colour as usize).copied()
    }

    fn is_irreversible(event: &Event) -> bool {
        matches!(
            event,
            Event::Revealed { .. }
                | Event::FistsOpened { .. }
                | Event::MerlinTaken { .. }
                | Event::GrailDrawn { .. }
                | Event::SupplyShown { .. }
                | Event::TrackOrder { .. }
                | Event::Won { .. }
        )
    }

    fn place_of(&self, action: &Action) -> crate::rules::Place {
        self.place_of_action(action)
    }

    fn board_places(content: &FutureContent) -> Vec<crate::rules::Place> {
        places::board_places(content)
    }

    fn rule_of(&self, action: &Action) -> Option<crate::rules::RulePart> {
        self.rule_of_action(action)
    }

    fn rule_of_decision(&self) -> Option<crate::rules::RulePart> {
        self.rule_of_turn()
    }

    /// The round: Die Zukunft counts its play in rounds, each with every colour's mission turn.
    fn turns_taken(&self) -> Option<u32> {
        Some(u32::from(self.round))
    }

    /// Each seat's points: the score of the colour that counts for it (with two players, the lower
    /// of its two, as the final count takes it).
    fn tally(&self) -> Vec<Tally> {
        (0..self.players)
            .map(|seat| Tally {
                seat: Some(seat),
                noun: "points",
                value: self
                    .counting_slot(seat)
                    .and_then(|s| self.colours.get(usize::from(s)))
                    .map_or(0, |c| i64::from(c.score)),
            })
            .collect()
    }

    fn score_counted(&self, seat: Seat) -> Option<String> {
        self.counted_words(seat)
    }

    fn secrets(&self) -> Vec<Secret> {
        self.secret_lines()
    }

    fn census(&self) -> std::collections::BTreeMap<String, usize> {
        let mut c = std::collections::BTreeMap::new();
        // Knights of each colour: screen + hinterland + fields + score marker (+ the black knight).
        for (i, col) in self.colours.iter().enumerate() {
            let on_fields = self
                .fields
                .iter()
                .flatten()
                .filter(|p| **p == Piece::Knight(i as u8))
                .count();
            // After the reveal the fist's knights are out until they are placed.
            let out = if matches!(self.phase, Phase::Missions { .. }) {
                col.sent as usize
            } else {
                0
            };
            let total = col.screen as usize + col.hinterland as usize + on_fields + 1 + col.black_knight as usize + out;
            c.insert(format!("knights {}", col.name()), total);
        }
        let held_grail: usize = self
            .colours
            .iter()
            .map(|c| c.grail.iter().map(|&n| n as usize).sum::<usize>())
            .sum();
        c.insert("grail tiles".into(), held_grail + self.grail_supply.len());
        let held_merlin: usize = self.colours.iter().map(|c| c.merlin.len()).sum();
        c.insert("merlin tiles".into(), held_merlin + self.merlin_row.len());
        c
    }
}
