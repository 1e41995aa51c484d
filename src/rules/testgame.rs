//! A tiny game with hidden hands that exercises the table (hand-off, saves, views) without any of
//! the real games: each seat holds three numbered cards and plays one a turn; the highest total
//! of played cards wins.

use crate::rules::contract::{Game, Outcome, Pending, RuleError, SetupError, Tagged};
use crate::rules::dice::GameRng;
use crate::rules::table::{Difficulty, GameId, Seat, TableConfig, VariantSpec};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
pub struct TestGame {
    hands: Vec<Vec<u8>>,
    played: Vec<Vec<u8>>,
    turn: Seat,
    players: usize,
    /// Set once every card is played.
    outcome: Option<Outcome>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TestAction {
    Play(u8),
}

#[derive(Clone, Debug, PartialEq)]
pub enum TestEvent {
    Dealt { seat: Seat, hand: Vec<u8> },
    Played { seat: Seat, card: u8 },
    Won { seats: Vec<Seat> },
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TestView {
    pub seat: Seat,
    pub my_hand: Vec<u8>,
    pub hand_sizes: Vec<usize>,
    pub played: Vec<Vec<u8>>,
    pub turn: Seat,
}

impl TestGame {
    /// A full game consistent with `view`: the other seats' hands dealt at random from the cards
    /// the viewer has not seen (the deck minus the viewer's hand minus every played card).
    /// `None` when the view is inconsistent.
    pub fn determinize(view: &TestView, rng: &mut GameRng) -> Option<TestGame> {
        let n = view.hand_sizes.len();
        if view.played.len() != n || view.seat >= n || view.turn >= n {
            return None;
        }
        let mut unseen: Vec<u8> = (1..=9).cycle().take(3 * n).collect();
        for &c in view.my_hand.iter().chain(view.played.iter().flatten()) {
            let i = unseen.iter().position(|&u| u == c)?;
            unseen.swap_remove(i);
        }
        unseen.sort_unstable();
        rng.shuffle(&mut unseen);
        let mut hands = Vec::with_capacity(n);
        for (seat, &size) in view.hand_sizes.iter().enumerate() {
            if seat == view.seat {
                if size != view.my_hand.len() {
                    return None;
                }
                hands.push(view.my_hand.clone());
            } else {
                let at = unseen.len().checked_sub(size)?;
                hands.push(unseen.split_off(at));
            }
        }
        if !unseen.is_empty() {
            return None;
        }
        let mut g = TestGame {
            hands,
            played: view.played.clone(),
            turn: view.turn,
            players: n,
            outcome: None,
        };
        g.outcome = g.final_outcome();
        Some(g)
    }

    /// The outcome once every hand is empty.
    fn final_outcome(&self) -> Option<Outcome> {
        if !self.hands.iter().all(Vec::is_empty) {
            return None;
        }
        let scores: Vec<i64> = self.played.iter().map(|p| p.iter().map(|&c| c as i64).sum()).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        let winners = (0..self.players).filter(|&s| scores[s] == best).collect();
        Some(Outcome {
            winners,
            scores,
            summary: format!("highest total {best}"),
        })
    }
}

impl Game for TestGame {
    type Action = TestAction;
    type Event = TestEvent;
    type View = TestView;
    type Content = ();
    const ID: GameId = GameId::Test;
    const LISTED: bool = false;

    fn variants() -> Vec<VariantSpec> {
        Vec::new()
    }

    fn new(config: &TableConfig, _: &()) -> Result<Self, SetupError> {
        let n = config.players();
        let (lo, hi) = GameId::Test.seats();
        if n < lo || n > hi {
            return Err(SetupError(format!("the test game takes {lo} to {hi} players, not {n}")));
        }
        let mut rng = GameRng::seeded(config.seed);
        let mut deck: Vec<u8> = (1..=9).cycle().take(3 * n).collect();
        rng.shuffle(&mut deck);
        let hands = deck.chunks(3).map(|c| c.to_vec()).collect();
        Ok(TestGame {
            hands,
            played: vec![Vec::new(); n],
            turn: 0,
            players: n,
            outcome: None,
        })
    }

    fn pending(&self) -> Pending {
        match &self.outcome {
            Some(o) => Pending::Finished(o.clone()),
            None => Pending::Decide {
                seat: self.turn,
                prompt: "Play a card".into(),
                private: true,
            },
        }
    }

    fn to_act(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.turn)
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn legal_actions_into(&self, out: &mut Vec<TestAction>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let mut cards = self.hands[self.turn].clone();
        cards.sort();
        cards.dedup();
        out.extend(cards.into_iter().map(TestAction::Play));
    }

    fn apply(&mut self, action: &TestAction) -> Result<Vec<Tagged<TestEvent>>, RuleError> {
        let TestAction::Play(card) = *action;
        if self.outcome.is_some() {
            return Err(RuleError("the game is over".into()));
        }
        let seat = self.turn;
        let Some(pos) = self.hands[seat].iter().position(|&c| c == card) else {
            return Err(RuleError(format!("you hold no {card}")));
        };
        self.hands[seat].remove(pos);
        self.played[seat].push(card);
        self.turn = (seat + 1) % self.players;
        let mut events = vec![Tagged::public(TestEvent::Played { seat, card })];
        self.outcome = self.final_outcome();
        if let Some(o) = &self.outcome {
            events.push(Tagged::public(TestEvent::Won {
                seats: o.winners.clone(),
            }));
        }
        Ok(events)
    }

    fn view(&self, seat: Seat) -> TestView {
        TestView {
            seat,
            my_hand: self.hands.get(seat).cloned().unwrap_or_default(),
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            played: self.played.clone(),
            turn: self.turn,
        }
    }

    fn attach_content(_: &mut TestView, _: &std::sync::Arc<()>) {}

    fn describe_event(&self, event: &TestEvent) -> String {
        match event {
            TestEvent::Dealt { seat, hand } => format!("seat {} holds {hand:?}", seat + 1),
            TestEvent::Played { seat, card } => format!("seat {} plays {card}", seat + 1),
            TestEvent::Won { seats } => format!("seats {seats:?} win"),
        }
    }

    fn describe_action(&self, action: &TestAction) -> String {
        let TestAction::Play(c) = action;
        format!("Play {c}")
    }

    fn is_irreversible(event: &TestEvent) -> bool {
        matches!(event, TestEvent::Played { .. })
    }

    fn census(&self) -> BTreeMap<String, usize> {
        let cards = self.hands.iter().chain(&self.played).map(Vec::len).sum();
        BTreeMap::from([("cards".to_string(), cards)])
    }
}

impl super::BotHints for TestGame {
    fn heuristic(view: &Self::View, legal: &[Self::Action], _: &mut GameRng) -> Option<Self::Action> {
        // Play the highest card.
        let _ = view;
        legal.iter().max_by_key(|TestAction::Play(c)| *c).cloned()
    }

    fn determinize(view: &Self::View, rng: &mut GameRng) -> Option<Self> {
        TestGame::determinize(view, rng)
    }

    fn budget(_: &Self::View, difficulty: Difficulty) -> Option<super::Budget> {
        match difficulty {
            Difficulty::Easy => None,
            Difficulty::Normal => Some(super::Budget::new(200, 150)),
            Difficulty::Hard => Some(super::Budget::new(1000, 800)),
        }
    }

    fn rollout_action(_: &Self, legal: &[Self::Action], rng: &mut GameRng) -> Option<Self::Action> {
        super::random_choice(legal, rng)
    }
}
