//! The words of Shadows over Camelot: the prompt of the decision pending, each action's label,
//! each event's log line, places and Black cards as the table reads them.

use crate::rules::shadows::action::{Action, Face, ForWhom, Task};
use crate::rules::shadows::content::{Black, QuestId, White};
use crate::rules::shadows::event::Event;
use crate::rules::shadows::pieces::{EvilChoice, Location, Loyalty, MerlinTarget, Relic, Volunteering};
use crate::rules::shadows::state::{Shadows, voters};
use crate::rules::shadows::view::UNSEEN_WHITE;
use crate::rules::{Seat, capitalised};

impl Shadows {
    /// What is being decided now, in words.
    pub fn prompt(&self) -> String {
        let Some(task) = self.stack.last() else {
            return String::new();
        };
        let n = self.numbers();
        match task {
            Task::Evil => format!(
                "{}: let Evil progress — draw a Black card, add a Siege Engine, or lose a Life point",
                self.who(self.active)
            ),
            Task::Feed => format!(
                "{}, the Traitor: draw a Black card or add a Siege Engine",
                self.who(self.active)
            ),
            Task::Taunt => format!(
                "{}, the Traitor: choose a Knight to lose a random White card",
                self.who(self.active)
            ),
            Task::Heroic => {
                let t = self.this_turn;
                if t.paid > t.sacrifices {
                    format!(
                        "{}: end the turn, or sacrifice a Life point for another action",
                        self.who(self.active)
                    )
                } else if t.sacrifices > 0 {
                    format!("{}: the bought action (a kind not used yet)", self.who(self.active))
                } else {
                    format!(
                        "{}: a Heroic Action — move, act on the quest, play a Special White, heal or accuse",
                        self.who(self.active)
                    )
                }
            }
            Task::ArmorPick { seat, .. } => format!(
                "{}: Lancelot's Armor — keep one of the two Black cards",
                self.who(*seat)
            ),
            Task::PlaceChoice { seat, card } => {
                if card.is_combat() {
                    format!(
                        "{}: place {} face up, or face down for a free White card",
                        self.who(*seat),
                        card.name()
                    )
                } else {
                    format!("{}: the war the Mercenaries join", self.who(*seat))
                }
            }
            Task::MordredWar { seat } => format!("{}: the war Mordred joins", self.who(*seat)),
            Task::ExcaliburOffer { bearer } => {
                let card = self.stack.iter().rev().find_map(|t| match t {
                    Task::Place { card, face_down, .. } => Some(if *face_down { card.hidden() } else { *card }),
                    _ => None,
                });
                format!(
                    "{}: give up the sword Excalibur to cancel {}?",
                    self.who(*bearer),
                    card.map_or("this Black card".into(), black_card_words)
                )
            }
            Task::MerlinPledge {
                card,
                order,
                at,
                pledged,
                ..
            } => {
                let total: u8 = pledged.iter().sum();
                let seat = order.get(*at as usize).copied().unwrap_or(0);
                format!(
                    "{}: pledge Merlins to cancel {} ({total} of {} pledged)",
                    self.who(seat),
                    card.name(),
                    n.merlin_cancel
                )
            }
            Task::Volunteer { why, order, at, .. } => {
                let seat = order.get(*at as usize).copied().unwrap_or(0);
                match why {
                    Volunteering::Discard => format!(
                        "{}: Morgan — discard {} cards so that the others keep theirs?",
                        self.who(seat),
                        n.morgan_discard
                    ),
                    Volunteering::Sacrifice => format!(
                        "{}: Morgan — lose {} Life points so that the others keep their cards?",
                        self.who(seat),
                        n.morgan_sacrifice_life
                    ),
                }
            }
            Task::Discard { seat, left } => format!(
                "{}: discard {}",
                self.who(*seat),
                crate::rules::counted(*left, "card", "cards")
            ),
            Task::GrailRescue { owner, target } => format!(
                "{}: give the Holy Grail to save {}?",
                self.who(*owner),
                self.who(*target)
            ),
            Task::SiegeFight { seat } => format!(
                "{}: add Fight cards against the Siege Engine, or roll (total {})",
                self.who(*seat),
                self.siege_cards.iter().filter_map(|c| c.fight()).sum::<u8>()
            ),
            Task::KaySiege { seat, roll } => {
                format!("{}: the die shows {roll} — add one more Fight card?", self.who(*seat))
            }
            Task::KayCombat { seat, quest } => {
                let (k, e) = self.combat_totals(*quest);
                format!(
                    "{}: {} is over, Knights {k} against Evil {e} — add one more Fight card?",
                    self.who(*seat),
                    self.content.quest(*quest).name
                )
            }
            Task::Share {
                proposer,
                pool,
                assigned,
                ..
            } => format!(
                "{}: who gets {} ({} of {})?",
                self.who(*proposer),
                pool.get(assigned.len())
                    .filter(|c| **c != UNSEEN_WHITE)
                    .map_or("a card".into(), |c| c.name()),
                assigned.len() + 1,
                pool.len()
            ),
            Task::ShareVote {
                proposer, present, at, ..
            } => {
                let seat = voters(*proposer, present).get(*at as usize).copied().unwrap_or(0);
                format!("{}: accept the split of the spoils?", self.who(seat))
            }
            Task::ArthurReturn { arthur, from } => {
                format!("{}: give a card back to {}", self.who(*from), self.who(*arthur))
            }
            Task::Clairvoyance { seat, chosen, .. } => format!(
                "{}: Clairvoyance — the card to be drawn {}",
                self.who(*seat),
                ordinal(chosen.len() + 1)
            ),
            Task::MessengerGive { seat, to, given } => format!(
                "{}: give cards to {} ({given} of up to {})",
                self.who(*seat),
                self.who(*to),
                n.messenger_max
            ),
            _ => String::new(),
        }
    }
}

/// A Black card as the subject of a cancelling: "the Black card “Excalibur”", or "a face-down
/// Combat card" for one whose value is not seen (so that the card and the relic of one name
/// read apart).
fn black_card_words(card: Black) -> String {
    if card.hidden() == card && card.is_combat() {
        "a face-down Combat card".into()
    } else {
        format!("the Black card “{}”", card.name())
    }
}

fn ordinal(n: usize) -> &'static str {
    match n {
        1 => "first",
        2 => "second",
        3 => "third",
        4 => "fourth",
        5 => "fifth",
        _ => "next",
    }
}

pub fn location_name(g: &Shadows, at: Location) -> String {
    match at {
        Location::RoundTable => "the Round Table".into(),
        Location::Siege => "the Siege area".into(),
        Location::Quest(q) => g.content.quest(q).name.clone(),
        Location::Gone => "nowhere".into(),
    }
}

pub(crate) fn describe_action(g: &Shadows, a: &Action) -> String {
    let who = |s: Seat| g.who(s);
    let quest = |q: QuestId| g.content.quest(q).name.clone();
    match *a {
        Action::Evil(EvilChoice::DrawBlack) => "Draw a Black card".into(),
        Action::Evil(EvilChoice::AddSiege) => "Add a Siege Engine".into(),
        Action::Evil(EvilChoice::LoseLife) => "Lose a Life point".into(),
        Action::KeepBlack(i) => match g.stack.last() {
            Some(Task::ArmorPick { cards, .. }) => format!("Keep {}", cards[i.index()].name()),
            _ => format!("Keep card {}", i.index() + 1),
        },
        Action::Face(Face::Up) => "Face up".into(),
        Action::Face(Face::Down) => "Face down (and a free White card)".into(),
        Action::War(q) => format!("To {}", quest(q)),
        Action::Yes => "Yes".into(),
        Action::No => "No".into(),
        Action::Pledge(0) => "None yet: ask me again if others pledge".into(),
        Action::Pledge(p) => format!("Pledge {}", crate::rules::counted(p, "Merlin", "Merlins")),
        Action::NoPledge => "No Merlin for this card".into(),
        Action::Card(c) => c.name(),
        Action::Move(to) => format!("Move to {}", location_name(g, to)),
        Action::DrawWhite => "Draw White cards".into(),
        Action::FightSiege(v) => format!("Fight a Siege Engine with a Fight {v}"),
        Action::Roll => "Roll the die".into(),
        Action::Fight(v) => format!("Play Fight {v}"),
        Action::PlayGrail => "Play a Grail card".into(),
        Action::RaiseExcalibur(c) => format!("Discard {} to raise Excalibur", c.name()),
        Action::Merlin(MerlinTarget::SiegeEngine) => "Merlin: remove a Siege Engine".into(),
        Action::Merlin(MerlinTarget::Figure(q)) => format!("Merlin: remove a figure from {}", quest(q)),
        Action::Merlin(MerlinTarget::BlackCard(q)) => format!("Merlin: discard the last Black card of {}", quest(q)),
        Action::Clairvoyance => "Clairvoyance".into(),
        Action::Convocation => "Convocation".into(),
        Action::Fate => "Fate".into(),
        Action::Heroism(q) => format!("Heroism on {}", quest(q)),
        Action::LadyOfTheLake => "Lady of the Lake".into(),
        Action::Messenger(s) => format!("Messenger to {}", who(s)),
        Action::Piety(ForWhom::Himself) => format!("Piety: {} Life points for me", g.numbers().piety_self),
        Action::Piety(ForWhom::Others) => "Piety: a Life point for every other Knight".into(),
        Action::Reinforcements(ForWhom::Himself) => {
            format!("Reinforcements: {} White cards for me", g.numbers().reinforcements_self)
        }
        Action::Reinforcements(ForWhom::Others) => "Reinforcements: a White card for every other Knight".into(),
        Action::Heal(c) => format!("Heal with three {}", c.name()),
        Action::Accuse(s) => format!("Accuse {}", who(s)),
        Action::Sacrifice => "Lose a Life point for another action".into(),
        Action::ArthurGive(c, s) => format!("Give {} to {}", c.name(), who(s)),
        Action::RevealSelf => "Reveal yourself as the Traitor".into(),
        Action::EndTurn => "End the turn".into(),
        Action::PutNext(c) => format!("{} next", c.name()),
        Action::Assign(s) => format!("To {}", who(s)),
        Action::Taunt(s) => format!("Taunt {}", who(s)),
        Action::Done => "Done".into(),
    }
}

pub(crate) fn describe_event(g: &Shadows, e: &Event) -> String {
    let who = |s: Seat| g.who(s);
    let quest = |q: QuestId| g.content.quest(q).name.clone();
    let cards = |cs: &[White]| cs.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ");
    let relic = |r: Relic| r.name();
    match e {
        Event::Setup { first, .. } => format!("The Knights gather at the Round Table; {} begins.", who(*first)),
        // The card itself is looked at on purpose (the table's Knights panel), never in the log
        // that anyone near the screen might read.
        Event::LoyaltySeen { .. } if g.swords() > 0 => format!(
            "{} Swords lie on the Round Table: the Knights look at their Loyalty cards. Look at yours when no one else can see the screen.",
            g.swords()
        ),
        Event::LoyaltySeen { .. } => {
            "You are dealt a Loyalty card: look at it when no one else can see the screen.".into()
        }
        Event::TurnStarted { seat, turn } => format!("Turn {turn}: {}.", who(*seat)),
        Event::EvilChosen { seat, choice } => match choice {
            EvilChoice::DrawBlack => format!("{} draws a Black card.", who(*seat)),
            EvilChoice::AddSiege => format!("{} adds a Siege Engine.", who(*seat)),
            EvilChoice::LoseLife => format!("{} loses a Life point to Evil.", who(*seat)),
        },
        Event::Peeked { card, .. } => format!("You see {}.", card.name()),
        Event::BlackDrawn { card, .. } => format!("The Black card: {}.", card.name()),
        Event::BlackUnder { card, .. } => format!("{} goes under the Black pile.", capitalised(&card.name())),
        Event::BlackPlaced {
            seat,
            card,
            quest: q,
            face_down,
        } => {
            if *face_down && card.hidden() == *card {
                format!("{} places a Combat card face down on {}.", who(*seat), quest(*q))
            } else if *face_down {
                format!("{} goes face down on {}.", card.name(), quest(*q))
            } else {
                format!("{} goes onto {}.", card.name(), quest(*q))
            }
        }
        Event::BlackToSiege { card } => format!(
            "{}: its quest is over, a Siege Engine instead.",
            capitalised(&card.name())
        ),
        Event::ExcaliburCancels { seat, card } => {
            format!(
                "{} gives up the sword Excalibur to cancel {}.",
                who(*seat),
                black_card_words(*card)
            )
        }
        Event::Pledged { seat, last: true, .. } => format!("{} pledges no Merlin for this card.", who(*seat)),
        Event::Pledged { seat, merlins: 0, .. } => format!("{} pledges no Merlin yet.", who(*seat)),
        Event::Pledged { seat, merlins: 1, .. } => format!("{} pledges a Merlin.", who(*seat)),
        Event::Pledged { seat, merlins, .. } => format!("{} pledges {merlins} Merlins.", who(*seat)),
        Event::MerlinsCancel { card } => format!("Three Merlins cancel {}.", card.name()),
        Event::SpecialTakesEffect { card } => format!("{} takes effect.", card.name()),
        Event::SiegeChanged { by, now } => {
            if *by > 0 {
                format!("Siege Engines: {now} (+{by}).")
            } else {
                format!("Siege Engines: {now} ({by}).")
            }
        }
        Event::LifeChanged { seat, by, now } => format!("{}: {by:+} Life, now {now}.", who(*seat)),
        Event::Doomed { seat } => format!(
            "{} falls to 0 Life points and will die at the end of the turn.",
            who(*seat)
        ),
        Event::Rescued { seat, by } => format!(
            "{} drinks from the Holy Grail, given by {}: back to life.",
            who(*seat),
            who(*by)
        ),
        Event::Died { seat } => format!("{} dies.", who(*seat)),
        Event::WhiteDrawn { cards: cs, .. } => format!("You draw {}.", cards(cs)),
        Event::WhiteDrawnCount { seat, count } => format!(
            "{} draws {}.",
            who(*seat),
            crate::rules::counted(*count, "White card", "White cards")
        ),
        Event::Discarded { seat, cards: cs } => format!("{} discards {}.", who(*seat), cards(cs)),
        Event::DiscardedCount { seat, count } => format!(
            "{} discards {}.",
            who(*seat),
            crate::rules::counted(*count, "card", "cards")
        ),
        Event::Reshuffled => "Both draw piles are reshuffled with their discards.".into(),
        Event::Moved { seat, to, free } => format!(
            "{} goes to {}{}.",
            who(*seat),
            location_name(g, *to),
            if *free { " (free)" } else { "" }
        ),
        Event::WhitePlayed { seat, card, quest: q } => match q {
            Some(q) => format!("{} plays {} on {}.", who(*seat), card.name(), quest(*q)),
            None => format!("{} plays {}.", who(*seat), card.name()),
        },
        Event::ExcaliburMoved { now } => format!("Excalibur is at {now:+} on the river."),
        Event::GrailCardRemoved => "A Grail card is pushed off the Grail quest.".into(),
        Event::BlackRemoved { quest: q, card } => format!("{} leaves {}.", capitalised(&card.name()), quest(*q)),
        Event::FigureChanged { quest: q, now, .. } => format!(
            "{}: {} on the field.",
            quest(*q),
            crate::rules::counted(*now as u64, "figure", "figures")
        ),
        Event::MordredJoins { quest: q } => format!("Mordred joins {}: it needs one more Fight card.", quest(*q)),
        Event::SiegeRolled { seat, roll } => format!(
            "{} rolls {roll} against the Siege Engine; he may add one more Fight card.",
            who(*seat)
        ),
        Event::SiegeFight { seat, total, roll, won } => format!(
            "{} fights a Siege Engine: {total} against a roll of {roll} — {}.",
            who(*seat),
            if *won { "it burns" } else { "he is wounded" }
        ),
        Event::CombatRevealed {
            quest: q,
            knights,
            evil,
        } => {
            format!("{}: the Knights {knights} against Evil {evil}.", quest(*q))
        }
        Event::QuestEnded { quest: q, won, swords } => format!(
            "{} is {} ({swords} {} Sword{}).",
            quest(*q),
            if *won { "won" } else { "lost" },
            if *won { "White" } else { "Black" },
            if *swords == 1 { "" } else { "s" }
        ),
        Event::SwordsLaid { white, count } => format!(
            "{} laid on the Round Table.",
            if *white {
                crate::rules::counted(*count as u64, "White Sword", "White Swords")
            } else {
                crate::rules::counted(*count as u64, "Black Sword", "Black Swords")
            }
        ),
        Event::SwordFlipped => "A White Sword turns Black.".into(),
        Event::RelicWon { seat, relic: r } => format!("{} wins {}.", who(*seat), relic(*r)),
        Event::RelicLost { seat, relic: r } => format!("{} loses {}.", who(*seat), relic(*r)),
        Event::SpoilsShared { given } => format!(
            "The spoils: {}.",
            given
                .iter()
                .map(|(s, n)| format!("{n} to {}", who(*s)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::SpoilsRefused { by } => format!("{} refuses the split: the cards are dealt around.", who(*by)),
        Event::Volunteered { seat, why } => match why {
            Volunteering::Discard => format!("{} volunteers to discard for all.", who(*seat)),
            Volunteering::Sacrifice => format!("{} volunteers to bleed for all.", who(*seat)),
        },
        Event::Accused { by, target, loyalty } => format!(
            "{} accuses {}: {}!",
            who(*by),
            who(*target),
            if *loyalty == Loyalty::Traitor {
                "the Traitor"
            } else {
                "Loyal"
            }
        ),
        Event::Unmasked { seat } => format!("{} is unmasked as the Traitor.", who(*seat)),
        Event::TraitorRevealedAtEnd { seat, flipped } => format!(
            "{} was the Traitor all along: {} Black.",
            who(*seat),
            if *flipped == 1 {
                "1 White Sword turns".to_string()
            } else {
                format!("{flipped} White Swords turn")
            }
        ),
        Event::HeroismOn { quest: q } => format!("Heroism on {}: one more Sword when it ends.", quest(*q)),
        Event::Lasting { card } => format!("{} stays in effect.", card.name()),
        Event::Guinevere => "Guinevere calls every Knight back to the Round Table.".into(),
        Event::Sacrificed { seat } => format!("{} gives a Life point for another action.", who(*seat)),
        Event::Traded { from, to } => format!("{} gives a card to {}.", who(*from), who(*to)),
        Event::CardPassed { from, to, card } => format!("{} → {}: {}.", who(*from), who(*to), card.name()),
        Event::Looked { cards: cs, .. } => format!("The spoils to share: {}.", cards(cs)),
        Event::Taunted { target } => format!("The Traitor taunts {}: a random card is lost.", who(*target)),
        Event::TurnCut { seat } => format!("{}'s turn ends.", who(*seat)),
        Event::GameOver { loyal_win, why, .. } => {
            if *loyal_win {
                format!("The Loyal Knights win: {why}.")
            } else {
                format!("Evil wins: {why}.")
            }
        }
        Event::LoyaltyShown { seat, loyalty } => format!(
            "{} was {}.",
            who(*seat),
            if *loyalty == Loyalty::Traitor {
                "the Traitor"
            } else {
                "Loyal"
            }
        ),
    }
}
