//! Why the heuristic likes a move, in a player's words, from the seat's view (hints): where the
//! Knights need work and what the seat's hand can do there, the Siege, a quest's standing, a
//! suspect's public record.

use super::heuristic::{help, need};
use super::measures::{progress, quest_danger};
use crate::rules::shadows::action::Action;
use crate::rules::shadows::content::QuestId;
use crate::rules::shadows::deeds::Deed;
use crate::rules::shadows::pieces::{Location, MerlinTarget};
use crate::rules::shadows::state::Shadows;
use crate::rules::shadows::words;

fn percent(x: f32) -> String {
    crate::rules::percent(f64::from(x.clamp(0.0, 1.0)))
}

/// Why an action is worth playing, in the heuristic's terms, from the view (hints): where the
/// Knights need work and what the seat's hand can do there, the Siege, a quest's danger, a
/// suspect's public record.
pub(super) fn explain_shadows(g: &Shadows, action: &Action) -> Vec<String> {
    let w = &g.content.bots.normal;
    let Some(me) = g.deciding() else { return Vec::new() };
    let k = &g.knights[me];
    let n = g.numbers();
    let place = |at: Location| words::location_name(g, at);
    let quest = |q: QuestId| g.content.quest(q).name.clone();
    let siege = format!(
        "Siege Engines: {} of {} (at {} Camelot falls)",
        g.siege, n.siege_lose, n.siege_lose
    );
    let standing = |q: QuestId| {
        format!(
            "{}: the Knights are {} of the way to a victory there, Evil {} of the way to a defeat",
            quest(q),
            percent(progress(g, q)),
            percent(quest_danger(g, q) / 2.0)
        )
    };
    let mut out = Vec::new();
    match *action {
        Action::Move(to) => {
            if let Location::Quest(q) = to {
                out.push(format!("{}.", standing(q)));
            } else if to == Location::Siege {
                out.push(format!("{siege}."));
            }
            out.push(format!(
                "At {} your cards could do {}, and {} is needed there; where you stand, at {}, they could do {}, and {} is needed (a place's need: its danger, and how near it is to a win).",
                place(to),
                amount_words(help(g, me, to, w)),
                amount_words(need(g, to, w)),
                place(k.at),
                amount_words(help(g, me, k.at, w)),
                amount_words(need(g, k.at, w))
            ));
        }
        Action::Evil(_) => {
            let pressed = QuestId::ALL
                .iter()
                .filter(|&&q| g.quest(q).in_play && quest_danger(g, q) > 1.2)
                .count();
            out.push(format!(
                "The three harms weighed: {siege}; your Life {} of {}; {} near defeat for another Black card.",
                k.life,
                n.max_life,
                crate::rules::counted(pressed as u64, "quest", "quests")
            ));
        }
        Action::FightSiege(_) | Action::Roll | Action::Merlin(MerlinTarget::SiegeEngine) => {
            out.push(format!("{siege}."));
        }
        Action::Merlin(MerlinTarget::Figure(q) | MerlinTarget::BlackCard(q)) | Action::Heroism(q) => {
            out.push(format!("{}.", standing(q)));
        }
        Action::Fight(_) | Action::PlayGrail | Action::RaiseExcalibur(_) => {
            if let Location::Quest(q) = k.at {
                out.push(format!("{}.", standing(q)));
            }
        }
        Action::DrawWhite => out.push(format!(
            "You hold {} White cards: stock up before going out, a trip pays for itself over several plays.",
            k.hand.len()
        )),
        Action::Heal(_) => out.push(format!("Your Life is {} of {}.", k.life, n.max_life)),
        Action::Accuse(s) => {
            let d = g.deeds[s];
            let sieged = d.get(Deed::SiegeLow) + d.get(Deed::SiegeMid) + d.get(Deed::SiegeHigh);
            out.push(format!(
                "{}'s public record: {} placed face down, {}, {} chosen at the Progression of Evil.",
                g.who(s),
                crate::rules::counted(d.get(Deed::FaceDown), "Combat card", "Combat cards"),
                crate::rules::counted(d.get(Deed::WrongAccusation), "wrong accusation", "wrong accusations"),
                crate::rules::counted(sieged, "Siege Engine", "Siege Engines")
            ));
        }
        _ => {}
    }
    // Nothing here says which side the seat is on: a hint is read at the open table, and the
    // Loyalty card is looked at only on purpose (the table's "Look at my Loyalty card" says how a
    // hint plays the Traitor).
    out
}

/// An amount of help or need (in Heroic Actions' worth of progress) in a player's words.
fn amount_words(x: f32) -> &'static str {
    match x {
        x if x < 0.25 => "little",
        x if x < 1.0 => "some",
        x if x < 2.5 => "much",
        _ => "a great deal",
    }
}
