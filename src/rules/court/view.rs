//! What one seat may see, helpers the table and the bots use on it, and the log's sentences.

use crate::rules::court::action::{Action, Effect};
use crate::rules::court::cards::{banish_title, banish_verdict};
use crate::rules::court::content::{
    CardKind, CourtContent, Faction, FactionId, KnightId, KnightState, KnightValues, SpaceId,
};
use crate::rules::court::event::{Event, LeaveCause};
use crate::rules::court::state::{Court, Phase};
use crate::rules::{GameRng, Seat, Tagged, Visibility, counted};
use std::collections::VecDeque;
use std::sync::Arc;

/// The game as one seat may know it: the whole public board, that seat's own hand, and sizes
/// (never contents) of the other hands and of the draw pile.
#[derive(Clone, Debug, PartialEq)]
pub struct CourtView {
    /// The seat this view is for.
    pub seat: Seat,
    /// The static content: names, values, the hall's layout and rules.
    pub content: Arc<CourtContent>,
    pub seat_names: Arc<[String]>,
    /// The faction of each seat.
    pub factions: Vec<FactionId>,
    /// Every knight of the knights file, by `KnightId` (owner `None`: not in this game).
    pub knights: Vec<KnightState>,
    /// The knight on each space, by `SpaceId`.
    pub board: Vec<Option<KnightId>>,
    /// Each seat's Reserve knights.
    pub reserves: Vec<Vec<KnightId>>,
    pub scores: Vec<i64>,
    pub hand_sizes: Vec<usize>,
    /// This seat's own hand, sorted.
    pub hand: Vec<CardKind>,
    /// The discard pile, face up; the last card is the top.
    pub discard: Vec<CardKind>,
    /// How many cards the draw pile holds.
    pub draw_pile: usize,
    pub phase: Phase,
    /// The seat whose turn it is (during placement: the seat placing).
    pub active: Seat,
    /// The seat to decide now (`None` when the game is over).
    pub to_act: Option<Seat>,
    pub first_player: Seat,
    /// Cards the active player has put into play this turn.
    pub played_this_turn: usize,
    /// When the active player's Gossip left a knight with followers to choose from.
    pub follower_choice: Option<(KnightId, Vec<CardKind>)>,
    pub target: i64,
    /// Turns started so far (0 during the opening placement).
    pub turn: u32,
}

impl Court {
    /// Rebuilds a whole game from one seat's view and the parts a view hides: every seat's hand
    /// (the viewer's must be the view's hand), the draw pile (its last card on top) and the seed
    /// of the dice to come. The result's view for `view.seat` equals `view`. The bots use it to
    /// sample what they cannot see; the caller keeps the cards conserved.
    pub fn from_view(
        view: &CourtView,
        hands: Vec<Vec<CardKind>>,
        draw: Vec<CardKind>,
        seed: u64,
    ) -> Result<Court, String> {
        let n = view.hand_sizes.len();
        if n == 0 || view.seat >= n || view.active >= n || view.first_player >= n {
            return Err("the view's seats do not add up".into());
        }
        if view.scores.len() != n || view.factions.len() != n || view.seat_names.len() != n {
            return Err("the view's seats do not add up".into());
        }
        if hands.len() != n || hands.iter().zip(&view.hand_sizes).any(|(h, &size)| h.len() != size) {
            return Err("the hands do not match the view's hand sizes".into());
        }
        let mut own = hands[view.seat].clone();
        own.sort();
        if own != view.hand {
            return Err("the viewer's hand differs from the view".into());
        }
        if draw.len() != view.draw_pile {
            return Err(format!(
                "the draw pile holds {} cards, not {}",
                draw.len(),
                view.draw_pile
            ));
        }
        if view.knights.len() != view.content.knights.len() || view.board.len() != view.content.spaces.len() {
            return Err("the view's hall does not match its content".into());
        }
        Ok(Court {
            content: view.content.clone(),
            seat_names: view.seat_names.clone(),
            factions: view.factions.clone(),
            target: view.target,
            knights: view.knights.clone(),
            board: view.board.clone(),
            hands,
            draw,
            discard: view.discard.clone(),
            scores: view.scores.clone(),
            phase: view.phase.clone(),
            active: view.active,
            first: view.first_player,
            played: view.played_this_turn,
            turn: view.turn,
            rng: GameRng::seeded(seed),
            rigged: VecDeque::new(),
            opening: Vec::new(),
        })
    }

    pub(super) fn make_view(&self, seat: Seat) -> CourtView {
        let mut hand = self.hands.get(seat).cloned().unwrap_or_default();
        hand.sort();
        let reserves = (0..self.players())
            .map(|s| {
                self.knights
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| k.owner == Some(s) && k.at.is_none())
                    .map(|(i, _)| KnightId(i as u8))
                    .collect()
            })
            .collect();
        let follower_choice = match &self.phase {
            Phase::FollowerLoss { knight, options } => Some((*knight, options.clone())),
            _ => None,
        };
        CourtView {
            seat,
            content: self.content.clone(),
            seat_names: self.seat_names.clone(),
            factions: self.factions.clone(),
            knights: self.knights.clone(),
            board: self.board.clone(),
            reserves,
            scores: self.scores.clone(),
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            hand,
            discard: self.discard.clone(),
            draw_pile: self.draw.len(),
            phase: self.phase.clone(),
            active: self.active,
            to_act: self.to_act(),
            first_player: self.first,
            played_this_turn: self.played,
            follower_choice,
            target: self.target,
            turn: self.turn,
        }
    }

    pub(super) fn describe(&self, action: &Action) -> String {
        let c = &self.content;
        let name = |k: KnightId| c.knight_name(k);
        let sp = |s: SpaceId| c.space_name(s);
        let pos = |k: KnightId| {
            self.knight(k)
                .and_then(|st| st.at)
                .map_or("Reserve", |s| c.space_name(s))
        };
        match *action {
            Action::Place { knight, space } => format!("Place {} on {}", name(knight), sp(space)),
            Action::Play { card, effect } => {
                let head = match card {
                    CardKind::Dwarf => format!("Dwarf as {}", effect_card_name(effect)),
                    other => other.name(),
                };
                let body = match effect {
                    Effect::Enter { knight, space } => match self.knight_at(space) {
                        Some(d) => format!("{} enters at {} challenging {}", name(knight), sp(space), name(d)),
                        None => format!("{} enters at {}", name(knight), sp(space)),
                    },
                    Effect::Step { knight, to } => match self.knight_at(to) {
                        Some(d) => format!("{} {} → {} challenging {}", name(knight), pos(knight), sp(to), name(d)),
                        None => format!("{} {} → {}", name(knight), pos(knight), sp(to)),
                    },
                    Effect::Exit { knight } => {
                        format!("{} leaves the hall from {}", name(knight), pos(knight))
                    }
                    Effect::Gossip { knight } => {
                        if self.knight(knight).is_some_and(|st| st.scandalised) {
                            format!("restore {} ({})", name(knight), pos(knight))
                        } else {
                            format!("scandalise {} ({})", name(knight), pos(knight))
                        }
                    }
                    Effect::Banish { knight } => {
                        let power = self.effective_power(knight);
                        if power >= 6 {
                            format!("{} ({}) — cannot succeed", name(knight), pos(knight))
                        } else {
                            format!("{} ({}) — needs {}+", name(knight), pos(knight), power.max(0) + 1)
                        }
                    }
                    Effect::Score => {
                        return format!("{head}: everybody scores, you first");
                    }
                    Effect::Merlin { a, b } => {
                        format!("{} ({}) ↔ {} ({})", name(a), pos(a), name(b), pos(b))
                    }
                    Effect::Follow { knight } => format!("onto {} ({})", name(knight), pos(knight)),
                };
                format!("{head}: {body}")
            }
            Action::ChooseFollowerLoss(card) => match &self.phase {
                Phase::FollowerLoss { knight, .. } => format!("{} loses his {card}", name(*knight)),
                _ => format!("Discard the {card} follower"),
            },
            Action::EndPlay => "End play".into(),
            Action::Discard(card) => format!("Discard {card}"),
            Action::Draw => format!("Draw up to {}", c.rules.hand_size),
        }
    }
}

fn effect_card_name(effect: Effect) -> &'static str {
    match effect {
        Effect::Enter { .. } | Effect::Step { .. } | Effect::Exit { .. } => "Move",
        Effect::Gossip { .. } => "Gossip",
        Effect::Banish { .. } => "Banish",
        Effect::Score => "Score",
        Effect::Merlin { .. } => "Merlin",
        Effect::Follow { .. } => "follower",
    }
}

/// The cards that have at least one legal use among `legal`, without duplicates.
pub fn playable_cards(legal: &[Action]) -> Vec<CardKind> {
    let mut out: Vec<CardKind> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The legal effects of one card among `legal` (its legal targets).
pub fn effects_for(legal: &[Action], card: CardKind) -> Vec<Effect> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Play { card: c, effect } if *c == card => Some(*effect),
            _ => None,
        })
        .collect()
}

impl KnightValues for CourtView {
    fn content_of(&self) -> &CourtContent {
        &self.content
    }
    fn knight_state(&self, k: KnightId) -> Option<&KnightState> {
        self.knight(k)
    }
}

impl CourtView {
    pub fn knight_at(&self, s: SpaceId) -> Option<KnightId> {
        self.board.get(s.index()).copied().flatten()
    }
    pub fn knight(&self, k: KnightId) -> Option<&KnightState> {
        self.knights.get(k.index())
    }
    pub fn owner(&self, k: KnightId) -> Option<Seat> {
        self.knight(k).and_then(|st| st.owner)
    }
    /// The faction a seat plays.
    pub fn faction_of(&self, seat: Seat) -> Option<&Faction> {
        self.factions.get(seat).and_then(|f| self.content.faction(*f))
    }
    pub fn is_mine(&self, k: KnightId) -> bool {
        self.owner(k) == Some(self.seat)
    }
    /// The knights in the hall with their spaces.
    pub fn hall(&self) -> impl Iterator<Item = (KnightId, SpaceId)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(s, k)| k.map(|k| (k, SpaceId(s as u8))))
    }
    /// What each seat would score if a Score card were played now.
    pub fn score_gains(&self) -> Vec<i64> {
        let mut gains = vec![0; self.scores.len()];
        for (k, _) in self.hall() {
            if let Some(o) = self.owner(k)
                && let Some(g) = gains.get_mut(o)
            {
                *g += self.score_value(k);
            }
        }
        gains
    }
    /// The chance (0 to 1) that a Banish removes the knight: a d6 above his power.
    pub fn banish_chance(&self, k: KnightId) -> f64 {
        banish_chance(self.effective_power(k))
    }
    /// The chance (0 to 1) that `challenger` beats `defender` (strictly higher d6 totals).
    pub fn challenge_chance(&self, challenger: KnightId, defender: KnightId) -> f64 {
        challenge_chance(self.effective_power(challenger), self.effective_power(defender))
    }
    /// The log line for an event, in this game's names.
    pub fn describe_event(&self, event: &Event) -> String {
        describe_event(&self.content, &self.seat_names, event)
    }
}

/// The chance a d6 rolls strictly above `power`.
pub fn banish_chance(power: i64) -> f64 {
    (6 - power.clamp(0, 6)) as f64 / 6.0
}

/// The chance that power `a` plus a d6 beats power `b` plus a d6 (strictly).
pub fn challenge_chance(a: i64, b: i64) -> f64 {
    // Of the 36 pairs of dice, those whose difference x − y exceeds b − a: 36 − the first
    // `d + 6` of the counts 1, 2, …, 6, …, 2, 1 of each difference, by difference from −5 to 5.
    const AT_MOST: [u32; 11] = [1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36];
    let d = b - a;
    let wins = match d {
        ..=-6 => 36,
        5.. => 0,
        d => 36 - AT_MOST[(d + 5) as usize],
    };
    wins as f64 / 36.0
}

fn cards_list(cards: &[CardKind]) -> String {
    if cards.is_empty() {
        return "nothing".into();
    }
    cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
}

/// The log's lines for one action's events: each happening once, with the card named. A play's
/// line tells what it did (a knight entering, a Gossip's result, the followers an Exit costs),
/// so the events it implies get no line of their own; a challenge's line tells its outcome; a
/// count of cards drawn or dealt is for the others, who do not read the cards themselves.
pub(super) fn log_lines(c: &CourtContent, seats: &[String], events: &[Tagged<Event>]) -> Vec<(Visibility, String)> {
    let name = |k: KnightId| c.knight_name(k);
    let mut out: Vec<(Visibility, String)> = events
        .iter()
        .map(|t| (t.to, describe_event(c, seats, &t.event)))
        .collect();
    // The line the current play (or roll, or challenge) is told on.
    let mut play: Option<usize> = None;
    let mut roll: Option<usize> = None;
    let mut challenge: Option<usize> = None;
    let mut scored = false;
    for (i, t) in events.iter().enumerate() {
        match &t.event {
            Event::Played { effect, .. } => {
                play = Some(i);
                scored = *effect == Effect::Score;
            }
            Event::Moved { .. } | Event::FollowerAdded { .. } => out[i].1.clear(),
            Event::Swapped { .. } => {
                if let Some(ch) = challenge {
                    out[ch].1.push_str(": they exchange places");
                }
                out[i].1.clear();
            }
            Event::Challenge { won, .. } => {
                challenge = won.then_some(i);
            }
            Event::BanishRoll { .. } => roll = Some(i),
            Event::ToReserve {
                knight,
                discarded,
                cause,
                ..
            } => {
                let losing = if discarded.is_empty() {
                    String::new()
                } else {
                    format!(", losing {}", cards_list(discarded))
                };
                let told_on = match cause {
                    LeaveCause::Exit => play,
                    LeaveCause::Banished => roll,
                    LeaveCause::LostEntryChallenge => {
                        if let Some(ch) = challenge {
                            out[ch]
                                .1
                                .push_str(&format!(": {} is thrown out to the Reserve", name(*knight)));
                        }
                        challenge
                    }
                };
                if let Some(at) = told_on {
                    out[at].1.push_str(&losing);
                    out[i].1.clear();
                }
            }
            Event::Scandalised { .. } | Event::Restored { .. } => {
                if let Some(p) = play {
                    let result = if matches!(t.event, Event::Scandalised { .. }) {
                        "is Scandalised!"
                    } else {
                        "is restored to good name"
                    };
                    out[p].1.push_str(&format!(" {result}"));
                    out[i].1.clear();
                }
            }
            Event::FollowerLost { follower, .. } => {
                // Lost at once (one kind of follower to lose), it is part of the Gossip's line.
                if let Some(p) = play {
                    out[p].1.push_str(&format!(" and loses his {follower}"));
                    out[i].1.clear();
                }
            }
            Event::PlayEnded { .. } if scored => out[i].1.clear(),
            Event::DealtCount { seat, .. } | Event::DrewCount { seat, .. } => out[i].0 = Visibility::Except(*seat),
            _ => {}
        }
    }
    out
}

/// The log line for an event.
pub(super) fn describe_event(c: &CourtContent, seats: &[String], event: &Event) -> String {
    let who = |s: Seat| seats.get(s).map_or("?", String::as_str);
    let name = |k: KnightId| c.knight_name(k);
    let sp = |s: SpaceId| c.space_name(s);
    let at = |s: Option<SpaceId>| s.map_or("Reserve", |s| c.space_name(s));
    match event {
        Event::Dealt { seat, cards } => format!("{} is dealt {}", who(*seat), cards_list(cards)),
        Event::DealtCount { seat, count } => {
            format!("{} is dealt {}", who(*seat), counted(*count as u64, "card", "cards"))
        }
        Event::RollOff { rolls } => {
            let parts: Vec<String> = rolls.iter().map(|&(s, r)| format!("{} {r}", who(s))).collect();
            format!("Roll for the first player: {}", parts.join(", "))
        }
        Event::FirstPlayer { seat, tights } => {
            if *tights {
                format!("{} wears the right tights and goes first", who(*seat))
            } else {
                format!("{} goes first", who(*seat))
            }
        }
        Event::Placed { seat, knight, space } => format!("{} places {} on {}", who(*seat), name(*knight), sp(*space)),
        Event::TurnStarted { seat, turn } => format!("Turn {turn}: {}", who(*seat)),
        Event::Played {
            seat,
            card,
            effect,
            at: from,
        } => {
            let head = match card {
                CardKind::Dwarf => format!("Dwarf as {}", effect_card_name(*effect)),
                other => other.name(),
            };
            let body = match *effect {
                Effect::Enter { knight, space } => {
                    format!("{} Reserve → {}", name(knight), sp(space))
                }
                Effect::Step { knight, to } => {
                    format!("{} {} → {}", name(knight), at(from[0]), sp(to))
                }
                Effect::Exit { knight } => format!("{} {} → Reserve", name(knight), at(from[0])),
                Effect::Gossip { knight } | Effect::Banish { knight } => {
                    format!("{} ({})", name(knight), at(from[0]))
                }
                Effect::Score => String::new(),
                Effect::Merlin { a, b } => format!("{} ({}) ↔ {} ({})", name(a), at(from[0]), name(b), at(from[1])),
                Effect::Follow { knight } => format!("onto {} ({})", name(knight), at(from[0])),
            };
            if body.is_empty() {
                format!("{} plays {head}", who(*seat))
            } else {
                format!("{} plays {head}: {body}", who(*seat))
            }
        }
        Event::Moved { knight, from, to } => match from {
            None => format!("{} enters the hall at {}", name(*knight), sp(*to)),
            Some(f) => format!("{} moves {} → {}", name(*knight), sp(*f), sp(*to)),
        },
        Event::Challenge {
            challenger: c,
            defender: d,
            won,
        } => {
            let (a, b) = (c.total(), d.total());
            let result = if *won {
                "wins"
            } else if a == b {
                "fails (tie)"
            } else {
                "fails"
            };
            format!(
                "Challenge: {} {}+{}={a} vs {} {}+{}={b} — {result}",
                name(c.knight),
                c.power,
                c.roll,
                name(d.knight),
                d.power,
                d.roll
            )
        }
        Event::Swapped { a, a_from, b, b_from } => format!(
            "{} and {} exchange places ({} ↔ {})",
            name(*a),
            name(*b),
            sp(*a_from),
            sp(*b_from)
        ),
        Event::ToReserve {
            knight,
            from,
            discarded,
            cause,
        } => {
            let why = match cause {
                LeaveCause::Exit => "leaves the hall",
                LeaveCause::Banished => "is banished",
                LeaveCause::LostEntryChallenge => "is thrown out",
            };
            let lost = if discarded.is_empty() {
                String::new()
            } else {
                format!(", losing {}", cards_list(discarded))
            };
            format!("{} {why} from {} to the Reserve{lost}", name(*knight), sp(*from))
        }
        Event::Scandalised { knight } => format!("{} is Scandalised!", name(*knight)),
        Event::Restored { knight } => format!("{} is restored to good name", name(*knight)),
        Event::FollowerLost {
            knight,
            follower,
            chosen_by,
        } => format!(
            "{}'s {follower} deserts him ({}'s choice)",
            name(*knight),
            who(*chosen_by)
        ),
        Event::FollowerAdded { knight, follower } => format!("{follower} joins {}", name(*knight)),
        Event::BanishRoll {
            knight,
            roll,
            power,
            success,
        } => format!(
            "{}: rolled {roll} — {}",
            banish_title(name(*knight), *power),
            banish_verdict(name(*knight), *success)
        ),
        Event::Scored {
            seat,
            points,
            total,
            knights,
        } => {
            let parts: Vec<String> = knights.iter().map(|&(k, p)| format!("{} {p}", name(k))).collect();
            if parts.is_empty() {
                format!("{} scores {points} (total {total})", who(*seat))
            } else {
                format!("{} scores {points} ({}) — total {total}", who(*seat), parts.join(", "))
            }
        }
        Event::Won { seat, total } => format!("{} wins with {total} points!", who(*seat)),
        Event::AllRestored { knights } => {
            let names: Vec<&str> = knights.iter().map(|&k| name(k)).collect();
            format!("Scandal forgotten: {} turned face up", names.join(", "))
        }
        Event::PlayEnded { seat } => format!("{} ends play", who(*seat)),
        Event::Discarded { seat, card } => format!("{} discards {card}", who(*seat)),
        Event::Reshuffled { cards } => {
            format!(
                "The discard pile is shuffled into a new draw pile of {}",
                counted(*cards as u64, "card", "cards")
            )
        }
        Event::Drew { seat, cards } => format!("{} draws {}", who(*seat), cards_list(cards)),
        Event::DrewCount { seat, count } => format!("{} draws {}", who(*seat), counted(*count as u64, "card", "cards")),
    }
}
