//! The Court's words: each action's label, the log's lines for each action's events.

use crate::rules::court::action::{Action, Effect};
use crate::rules::court::cards::{banish_title, banish_verdict};
use crate::rules::court::content::{CardKind, CourtContent, KnightId, KnightValues, SpaceId};
use crate::rules::court::event::{Event, LeaveCause};
use crate::rules::court::state::{Court, Phase};
use crate::rules::{Seat, Tagged, Visibility, counted};

impl Court {
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
