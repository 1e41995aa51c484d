//! What each card of The Court says, in the rules' own words: a line for its face and the whole
//! effect for its tooltip, from the rules file's switches (the tables draw these; they never
//! restate a rule).

use crate::rules::court::content::{CardKind, CourtRules};

/// A card's effect in a line, for its face.
pub fn card_line(card: CardKind) -> &'static str {
    match card {
        CardKind::Move => "Bring one in, step one line, or take an Equites out.",
        CardKind::Gossip => "Scandalise a knight, or restore one.",
        CardKind::Banish => "Roll above his power: he goes to his reserve.",
        CardKind::Score => "Everyone scores, you first. Ends your play.",
        CardKind::Merlin => "Two knights in the hall swap places.",
        CardKind::Dwarf => "Use as Move, Gossip, Banish or Score.",
        CardKind::Priest(_) => "Follower: adds to his points.",
        CardKind::Soldier(_) => "Follower: adds to his power.",
    }
}

/// A card's effect in full, as the rules file has it (its switches, not a restatement), for the
/// card's tooltip.
pub fn card_text(card: CardKind, rules: &CourtRules) -> String {
    let not_own = |allowed: bool| {
        if allowed {
            " Your own knights too."
        } else {
            " Not your own knights."
        }
    };
    match card {
        CardKind::Move => format!(
            "Bring one of your reserve knights onto an Equites space, step any knight one Movement \
             Line, or take any Equites out to his reserve. Onto a knight of another faction it is \
             a challenge{}.",
            if rules.allow_move_onto_own_faction {
                " (of his own faction too)"
            } else {
                "; never onto his own faction"
            }
        ),
        CardKind::Gossip => format!(
            "Scandalise a knight in the hall (he scores nothing, power 0, and loses a follower of \
             your choice), or turn a Scandalised one face up.{}",
            not_own(rules.allow_gossip_own)
        ),
        CardKind::Banish => format!(
            "Roll a die: above the knight's power, he goes to his owner's reserve.{}",
            not_own(rules.allow_banish_own)
        ),
        CardKind::Score => "Everyone scores, you first; the first to reach the target wins. Ends your play.".into(),
        CardKind::Merlin => "Two knights in the hall swap places, followers and all.".into(),
        CardKind::Dwarf => "Play it as a Move, a Gossip, a Banish or a Score.".into(),
        CardKind::Priest(_) | CardKind::Soldier(_) => format!(
            "Follower: adds its value to the knight's {}. Onto {} knight in the hall, up to {} \
             followers each.",
            if matches!(card, CardKind::Priest(_)) {
                "points"
            } else {
                "power"
            },
            if rules.followers_on_own_knights_only {
                "your own"
            } else {
                "any"
            },
            rules.max_followers
        ),
    }
}

/// A Banish roll in words, once for the log and the table's dice: what the roll must beat
/// ("Banish Sir Gareth: roll above 3") and what came of it.
pub fn banish_title(name: &str, power: i64) -> String {
    format!("Banish {name}: roll above {power}")
}

/// What came of a Banish roll (`banish_title`).
pub fn banish_verdict(name: &str, success: bool) -> String {
    if success {
        format!("{name} is banished to the reserve")
    } else {
        format!("{name} stays in the hall")
    }
}
