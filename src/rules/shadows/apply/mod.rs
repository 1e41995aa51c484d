//! Setup, the legal actions and their resolution. The legal list is the one judge of legality:
//! `check` accepts exactly what `legal_into` lists (a few dozen actions, built without text), and
//! only a refused action is looked at again to say why (`why_not`).
//!
//! Parts: `setup`, `legal` (the legal actions), `refusal` (the check and why not), `decide`
//! (resolution and the pending decisions), `heroic` (Heroic Actions and Special Whites), `turn`
//! (turn flow, the end, Knights' fortunes), `evil` (the decks and Black cards), `quests` (quest
//! ends, combat, the Grail, spoils). Here: the event report and the helpers they share.

mod decide;
mod evil;
mod heroic;
mod legal;
mod quests;
mod refusal;
mod setup;
mod turn;

use crate::rules::shadows::action::Action;
use crate::rules::shadows::content::White;
use crate::rules::shadows::event::Event;
use crate::rules::shadows::pieces::{Kind, QuestState};
use crate::rules::shadows::state::Shadows;
use crate::rules::{Report, Seat};
use arrayvec::ArrayVec;

/// Distinct cards of a sorted hand.
fn distinct(hand: &[White]) -> impl Iterator<Item = White> + '_ {
    hand.iter()
        .enumerate()
        .filter(|&(i, c)| i == 0 || hand[i - 1] != *c)
        .map(|(_, &c)| c)
}

impl Shadows {
    /// A White card passed from one hand to another (Arthur's trade, the Messenger): the two
    /// read which card, the table that a card went. Nothing happens when `from` lacks it.
    fn pass_card(&mut self, from: Seat, to: Seat, card: White, r: &mut Report<Event>) -> bool {
        if !remove_one(&mut self.knights[from].hand, card) {
            return false;
        }
        insert_sorted(&mut self.knights[to].hand, card);
        r.only(from, || Event::CardPassed { from, to, card });
        r.only(to, || Event::CardPassed { from, to, card });
        r.public(|| Event::Traded { from, to });
        true
    }
}

fn insert_sorted(hand: &mut Vec<White>, card: White) {
    let at = hand.binary_search(&card).unwrap_or_else(|e| e);
    hand.insert(at, card);
}

fn remove_one(hand: &mut Vec<White>, card: White) -> bool {
    match hand.binary_search(&card) {
        Ok(i) => {
            hand.remove(i);
            true
        }
        Err(_) => false,
    }
}

/// Whether Fight values `values` plus `v` can still be completed into `pattern` (counts of
/// distinct values).
pub fn pattern_allows(values: &[White], v: u8, pattern: &[u8]) -> bool {
    let mut counts: ArrayVec<u8, 10> = ArrayVec::new();
    let mut seen: ArrayVec<u8, 10> = ArrayVec::new();
    for x in values.iter().filter_map(|c| c.fight()).chain(std::iter::once(v)) {
        match seen.iter().position(|&s| s == x) {
            Some(i) => counts[i] += 1,
            None => {
                if seen.is_full() {
                    return false;
                }
                seen.push(x);
                counts.push(1);
            }
        }
    }
    if counts.len() > pattern.len() {
        return false;
    }
    let mut p: ArrayVec<u8, 10> = pattern.iter().copied().take(10).collect();
    p.sort_unstable_by(|a, b| b.cmp(a));
    counts.sort_unstable_by(|a, b| b.cmp(a));
    counts.iter().zip(p.iter()).all(|(c, q)| c <= q)
}

/// A small count in words ("two").
fn count_word(n: usize) -> String {
    match n {
        0 => "no".into(),
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        n => n.to_string(),
    }
}

/// How often, in words ("twice").
fn times_word(n: u8) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{} times", count_word(n as usize)),
    }
}

/// The shape a combat quest's Knights' side must take, in words: `[2, 2]` "two pairs of
/// different values", `[3, 2]` "three of one value and two of another".
pub fn pattern_words(pattern: &[u8]) -> String {
    let mut p: ArrayVec<u8, 10> = pattern.iter().copied().take(10).collect();
    p.sort_unstable_by(|a, b| b.cmp(a));
    match p.as_slice() {
        [] => "no Fight cards".into(),
        [one] => format!("{} of one value", count_word(*one as usize)),
        [first, ..] if p.iter().all(|c| c == first) => match first {
            2 => format!("{} pairs of different values", count_word(p.len())),
            c => format!(
                "{} sets of {}, each of a different value",
                count_word(p.len()),
                count_word(*c as usize)
            ),
        },
        [first, rest @ ..] => {
            let mut words = format!("{} of one value", count_word(*first as usize));
            for (i, c) in rest.iter().enumerate() {
                words.push_str(if i + 1 == rest.len() { " and " } else { ", " });
                words.push_str(&format!("{} of another", count_word(*c as usize)));
            }
            words
        }
    }
}

/// A quest's name inside a sentence: "the Black Knight" for "The Black Knight".
pub(super) fn quest_words(name: &str) -> String {
    match name.strip_prefix("The ") {
        Some(rest) => format!("the {rest}"),
        None => name.to_string(),
    }
}

/// Why a Fight `v` cannot join the Fight cards `white` on the combat quest `quest` (with
/// `spots` spots on the Knights' side, which must end as `pattern`): the rule it breaks, named.
/// The words name the rulebook's part ("Quest-specific Action") so that a refusal links to it.
fn pattern_refusal(quest: &str, white: &[White], spots: u8, v: u8, pattern: &[u8]) -> String {
    let quest = quest_words(quest);
    let shape = pattern_words(pattern);
    if white.len() >= spots as usize {
        return format!("the Knights' side of {quest} is full");
    }
    let mut values: ArrayVec<u8, 10> = ArrayVec::new();
    for x in white.iter().filter_map(|c| c.fight()) {
        if !values.contains(&x) && !values.is_full() {
            values.push(x);
        }
    }
    let same = white.iter().filter(|c| c.fight() == Some(v)).count();
    let most = pattern.iter().copied().max().unwrap_or(0);
    let listed = || {
        let mut names: Vec<String> = values.iter().map(|x| x.to_string()).collect();
        let last = names.pop().unwrap_or_default();
        if names.is_empty() {
            last
        } else {
            format!("{} and {last}", names.join(", "))
        }
    };
    if same >= most as usize {
        let there = match same {
            1 => format!("a Fight {v} lies"),
            n => format!("{} Fight {v}s lie", count_word(n)),
        };
        format!(
            "a Quest-specific Action on {quest} needs {shape}: it takes each value at most {}, and {there} there already",
            times_word(most)
        )
    } else if same == 0 && values.len() >= pattern.len() {
        format!(
            "a Quest-specific Action on {quest} needs {shape}: it takes only {} different values, and it has {} already",
            count_word(pattern.len()),
            listed()
        )
    } else {
        format!(
            "a Quest-specific Action on {quest} needs {shape}: a Fight {v} beside the {} there could not complete it",
            listed()
        )
    }
}

/// The Special White card an action plays (Merlin or one of the eight unique cards), if any.
pub fn special_card(a: Action) -> Option<White> {
    Some(match a {
        Action::Merlin(_) => White::Merlin,
        Action::Clairvoyance => White::Clairvoyance,
        Action::Convocation => White::Convocation,
        Action::Fate => White::Fate,
        Action::Heroism(_) => White::Heroism,
        Action::LadyOfTheLake => White::LadyOfTheLake,
        Action::Messenger(_) => White::Messenger,
        Action::Piety(_) => White::Piety,
        Action::Reinforcements(_) => White::Reinforcements,
        _ => return None,
    })
}

/// The kind of a Heroic Action (`None`: not one).
pub fn kind_of(a: Action) -> Option<Kind> {
    Some(match a {
        Action::Move(_) => Kind::Move,
        Action::DrawWhite
        | Action::FightSiege(_)
        | Action::Fight(_)
        | Action::PlayGrail
        | Action::RaiseExcalibur(_) => Kind::Quest,
        Action::Merlin(_)
        | Action::Clairvoyance
        | Action::Convocation
        | Action::Fate
        | Action::Heroism(_)
        | Action::LadyOfTheLake
        | Action::Messenger(_)
        | Action::Piety(_)
        | Action::Reinforcements(_) => Kind::Special,
        Action::Heal(_) => Kind::Heal,
        Action::Accuse(_) => Kind::Accuse,
        _ => return None,
    })
}

/// The Fight value a war needs next (`None`: it has all its cards).
pub fn war_next(qs: &QuestState, sequence: &[u8], mordred_extra: u8) -> Option<u8> {
    let i = qs.white.len();
    match sequence.get(i) {
        Some(&v) => Some(v),
        None if qs.mordred && i == sequence.len() => Some(mordred_extra),
        None => None,
    }
}
