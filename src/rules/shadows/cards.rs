//! What the cards say, in the content's numbers: a White card's line short enough for the card
//! itself and its whole text, and what a Black card does. The table draws them on the cards, in
//! the decision and in its tooltips.

use crate::rules::Seat;
use crate::rules::shadows::content::{Black, White};
use crate::rules::shadows::state::Shadows;

/// What a White card does, in a line short enough for the card itself.
pub fn white_line(s: &Shadows, c: White) -> String {
    let n = s.numbers();
    match c {
        White::Fight(_) => "On your quest, or against a Siege Engine".into(),
        White::Grail => "On the Holy Grail quest".into(),
        White::Merlin => "Remove a Siege Engine, a figure or a Black card".into(),
        White::Clairvoyance => format!("Look at the top {} Black cards", n.clairvoyance),
        White::Convocation => "Everyone home to the Round Table".into(),
        White::Fate => "Every Knight draws a White card".into(),
        White::Heroism => "One more Sword when its quest ends".into(),
        White::LadyOfTheLake => format!("Excalibur a step, or {} Life", n.lady_life),
        White::Messenger => format!("Give up to {} cards to a Knight", n.messenger_max),
        White::Piety => format!("{} Life for you, or 1 for all", n.piety_self),
        White::Reinforcements => format!("{} White cards for you, or 1 for all", n.reinforcements_self),
    }
}

/// What a White card does, in full: its name and every use it has.
pub fn white_text(s: &Shadows, c: White) -> String {
    let n = s.numbers();
    match c {
        White::Fight(v) => format!(
            "Fight {v}: for the combat quest or war you are on, or a Siege fight from the Siege area; \
             also discarded to raise Excalibur, or three of a kind to heal"
        ),
        White::Grail => "Grail: for the Holy Grail quest; also discarded to raise Excalibur, or three of a kind \
                         to heal"
            .into(),
        White::Merlin => format!(
            "Merlin: remove a Siege Engine, a Pict or Saxon, or the last Black card of a quest. {} Merlins \
             pledged together cancel a Special Black card as it is drawn",
            n.merlin_cancel
        ),
        White::Clairvoyance => format!(
            "Clairvoyance: look at the top {} Black cards and put them back in the order you choose",
            n.clairvoyance
        ),
        White::Convocation => "Convocation: every Knight returns to the Round Table; those gathered draw a White \
                               card each and share them"
            .into(),
        White::Fate => format!(
            "Fate: played by a Loyal Knight, every Knight draws a White card; played by the hidden Traitor, \
             he is unmasked and every other Knight discards {}",
            n.fate_discard
        ),
        White::Heroism => "Heroism: put it on a quest; when that quest ends it lays one more Sword of the \
                           result's colour"
            .into(),
        White::LadyOfTheLake => format!(
            "Lady of the Lake: Excalibur one step toward the Knights while that quest goes on; otherwise {} \
             Life points",
            n.lady_life
        ),
        White::Messenger => format!("Messenger: give 1 to {} cards to another Knight", n.messenger_max),
        White::Piety => format!(
            "Piety: {} Life points for you, or {} for every other Knight",
            n.piety_self, n.piety_others
        ),
        White::Reinforcements => format!(
            "Reinforcements: {} White cards for you, or {} for every other Knight",
            n.reinforcements_self, n.reinforcements_others
        ),
    }
}

/// What a Black card does, for the decision it is part of.
pub fn black_text(s: &Shadows, c: Black) -> String {
    let n = s.numbers();
    match c {
        Black::BlackKnight(_) => "Onto the Black Knight's next Evil spot (face down for a free White card)".into(),
        Black::Lancelot(..) => "Onto Lancelot's next Evil spot, or the Dragon's once Lancelot is over (face down \
                                for a free White card)"
            .into(),
        Black::Excalibur => "Excalibur one step toward Evil".into(),
        Black::Despair | Black::Desolation => "Onto the Holy Grail quest, on Evil's side".into(),
        Black::Picts => "A Pict joins the Pict War".into(),
        Black::Saxons => "A Saxon joins the Saxon War".into(),
        Black::Mercenaries => "A Pict or a Saxon, the drawer's choice".into(),
        Black::MorganDiscard => format!(
            "One Knight may discard {} cards; if no one does, every Knight discards one",
            n.morgan_discard
        ),
        Black::MorganMore => format!("The drawer draws {} more Black cards", n.morgan_more),
        Black::MorganSiege => format!("{} Siege Engines", n.morgan_siege),
        Black::MorganWound => "Every Knight loses a Life point".into(),
        Black::MorganSacrifice => format!(
            "One Knight may lose {} Life points; if no one does, every Knight discards a card",
            n.morgan_sacrifice_life
        ),
        Black::DarkForest => "No Grail card may be played on the Holy Grail quest".into(),
        Black::Vivien => "No Merlin may be played".into(),
        Black::Guinevere => "Every Knight on a quest returns to the Round Table; the turn ends".into(),
        Black::Mists => "Every lost quest lays one more Black Sword".into(),
        Black::Mordred => "Joins a war with one more figure; that war needs one more Fight card".into(),
        Black::Hidden => String::new(),
    }
}

/// An accusation of `target` in words, for the question before it is made: what each answer of
/// his Loyalty card brings, from the numbers in play.
pub fn accusation_text(g: &Shadows, target: Seat) -> String {
    let wrong = if g.white_swords > 0 {
        "a White Sword on the Round Table turns Black"
    } else {
        "a White Sword would turn Black (none lies on the Round Table yet)"
    };
    format!(
        "Accuse {} of being the Traitor? He must show his Loyalty card to everyone. If he is the Traitor, he is \
         unmasked and {} laid on the Round Table. If he is Loyal, {wrong}. You may accuse only once a game.",
        g.who(target),
        match g.numbers().unmask_swords {
            1 => "a White Sword is".to_string(),
            k => format!("{k} White Swords are"),
        }
    )
}

/// A further Heroic Action in words: the Life point it costs `seat`.
pub fn sacrifice_text(g: &Shadows, seat: Seat) -> String {
    let life = g.knights.get(seat).map_or(0, |k| k.life);
    format!(
        "It costs a Life point: {life} → {}. The action must be of a kind not used this turn.",
        life.saturating_sub(1)
    )
}
