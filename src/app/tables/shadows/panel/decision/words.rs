//! The decision's words: the prompt as the screen may tell it, the line that says what to click,
//! the Black card in question and what a Progression of Evil choice costs.

use crate::app::tables::shadows::ui::{ShadowsUi, card_of, spot_of};
use crate::rules::shadows::{Action, Black, EvilChoice, Shadows, Task, Volunteering, White};
use crate::rules::{Game, Seat};

/// What is being decided, in the words of the view the screen shows (the viewer's, or
/// everyone's), or how the game ended.
pub fn screen_prompt(s: &Shadows, viewer: Option<Seat>) -> String {
    if let Some(o) = &s.outcome {
        return o.summary.clone();
    }
    match viewer {
        Some(seat) => s.view(seat).game.prompt(),
        None => s.public_view().game.prompt(),
    }
}

/// What to click, beside the prompt: on the card picked, among the actions a click fitted, on
/// the hand or the table.
pub(super) fn click_hint(s: &Shadows, seat: Seat, legal: &[Action], ui_state: &ShadowsUi) -> String {
    let hand_uses: Vec<White> = legal.iter().filter_map(card_of).collect();
    let moves = legal.iter().any(|a| matches!(a, Action::Move(_)));
    if let Some(card) = ui_state.selected {
        let spots = legal
            .iter()
            .any(|a| card_of(a) == Some(card) && spot_of(s, seat, a).is_some());
        if spots {
            format!(
                "{}: click a lit spot on the table, or a button (Esc to put it back)",
                card.name()
            )
        } else {
            format!("{}: choose below (Esc to put it back)", card.name())
        }
    } else if !ui_state.choices.is_empty() {
        "Several moves fit that click: choose one (Esc to go back)".to_string()
    } else if !hand_uses.is_empty() && moves {
        "Click a card of your hand to play it, or a quest or Camelot to move there".into()
    } else if !hand_uses.is_empty() {
        "Click a card of your hand".into()
    } else if moves {
        "Click a quest or Camelot to move there".into()
    } else {
        String::new()
    }
}

/// The Black card a decision is about, if any (in a view: Percival's look at the top card while
/// he chooses how Evil progresses shows to him alone).
pub(super) fn card_in_question(s: &Shadows) -> Option<Black> {
    match s.stack.last()? {
        Task::Evil => s.black_draw.last().copied().filter(|c| *c != Black::Hidden),
        Task::MerlinPledge { card, .. } | Task::PlaceChoice { card, .. } => Some(*card),
        Task::Volunteer { why, .. } => Some(match why {
            Volunteering::Discard => Black::MorganDiscard,
            Volunteering::Sacrifice => Black::MorganSacrifice,
        }),
        Task::MordredWar { .. } => Some(Black::Mordred),
        Task::ExcaliburOffer { .. } => s.stack.iter().rev().find_map(|t| match t {
            Task::Place { card, face_down, .. } => Some(if *face_down { card.hidden() } else { *card }),
            _ => None,
        }),
        _ => None,
    }
}

/// What a Progression of Evil choice costs, for its button.
pub(super) fn evil_cost(s: &Shadows, choice: EvilChoice) -> String {
    let n = s.numbers();
    match choice {
        EvilChoice::DrawBlack => format!("{} left in the pile", s.black_draw.len()),
        EvilChoice::AddSiege => format!("Siege Engines {} → {} (lost at {})", s.siege, s.siege + 1, n.siege_lose),
        EvilChoice::LoseLife => {
            let life = s.knights.get(s.active).map_or(0, |k| k.life);
            format!("Life {life} → {}", life.saturating_sub(1))
        }
    }
}
