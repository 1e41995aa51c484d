//! The Great Hall of Camelot – The Court: the hall drawn from its layout, knight tiles that slide
//! between spaces, the hand along the bottom, the players with their reserves and scores on the
//! left, dice for challenges and banishments. It reads the seat's `CourtView` and sends
//! `ActionRequest`s; the rules bridge decides.

mod board;
mod choice;
mod dice;
mod hand;
mod panel;
mod prompt;

use crate::app::audio::Sfx;
use crate::app::bots::Animating;
use crate::app::bridge::{MatchChanged, MatchRes, Play, Told};
use crate::app::handoff::{Handoff, acting_seat};
use crate::app::shared::{Screen, TableUiSet};
use crate::app::style::{
    GOLD, GOOD, INK, MUTED, PARCHMENT, WARN, WorldFonts, book, seat_colour, size, text_on, window_frame,
};
use crate::app::table::{BoardGames, FreeRect, Keys, LogHold};
use crate::rules::court::{
    Action, CardKind, Court, CourtContent, CourtView, Effect, Event, KnightId, Phase, Rank, SpaceId,
};
use crate::rules::record::Match;
use crate::rules::{Game, GameId, Pending, Seat};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::TextBounds;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use board::*;
use choice::*;
use dice::*;
use hand::*;
use panel::*;
use prompt::*;
use std::collections::VecDeque;
use std::sync::Arc;

pub struct CourtTablePlugin;

impl Plugin for CourtTablePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardGames>();
        app.world_mut().resource_mut::<BoardGames>().0.push(GameId::Court);
        // Its own actions and events, typed, and its systems only while it is on the table.
        app.add_plugins(crate::app::bridge::Lane::<Court>::default());
        app.init_resource::<CourtUi>()
            .init_resource::<DiceShow>()
            .init_resource::<HandShown>()
            .add_message::<CardClicked>()
            .add_systems(
                Update,
                (
                    read_events,
                    spawn_or_sync_board,
                    fly_played_cards,
                    sync_hand,
                    tint_cards,
                    show_highlights,
                    tick_dice,
                )
                    .chain()
                    .after(crate::app::handoff::HandoffSet)
                    .after(crate::app::motion::MotionSet)
                    .run_if(in_state(Screen::Table).and_then(crate::app::bridge::playing::<Court>)),
            )
            .add_systems(OnExit(Screen::Table), despawn_board)
            .add_systems(
                EguiPrimaryContextPass,
                hand_input
                    .in_set(TableUiSet::Input)
                    .after(crate::app::table::read_table_keys)
                    .run_if(crate::app::bridge::playing::<Court>),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (players_panel, hand_panel, dice_window)
                    .chain()
                    .in_set(TableUiSet::Board)
                    .run_if(crate::app::bridge::playing::<Court>),
            )
            .add_message::<HallClick>();
    }
}

/// A click on the hall: a space (and the knight on it), or a knight in a reserve.
#[derive(Message, Clone, Copy, Debug)]
pub enum HallClick {
    Space(SpaceId),
    Reserve(KnightId),
}

/// What the human at the screen has chosen so far for the next action.
#[derive(Resource, Default, Debug, Clone)]
pub struct CourtUi {
    pub card: Option<CardKind>,
    /// Which of the identical cards in the hand was picked (only for drawing it lifted).
    pub card_index: Option<usize>,
    /// What a Dwarf stands in for.
    pub dwarf_as: Option<DwarfUse>,
    /// The knight chosen first (to move, to place, or the first of a Merlin swap).
    pub knight: Option<KnightId>,
    /// The number of actions taken when the choice began; a change of the match resets it.
    pub at_action: usize,
    /// A hint shown in the prompt line.
    pub note: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DwarfUse {
    Move,
    Gossip,
    Banish,
    Score,
}

impl DwarfUse {
    fn matches(self, effect: &Effect) -> bool {
        match self {
            DwarfUse::Move => effect.is_move(),
            DwarfUse::Gossip => matches!(effect, Effect::Gossip { .. }),
            DwarfUse::Banish => matches!(effect, Effect::Banish { .. }),
            DwarfUse::Score => matches!(effect, Effect::Score),
        }
    }
    fn name(self) -> &'static str {
        match self {
            DwarfUse::Move => "Move",
            DwarfUse::Gossip => "Gossip",
            DwarfUse::Banish => "Banish",
            DwarfUse::Score => "Score",
        }
    }
}

/// The Court match, if the current match is one.
pub(super) fn court_match(res: &MatchRes) -> Option<&Match<Court>> {
    res.current_as::<Court>()
}

/// The view the screen may show: the private viewer's, or a public one (no hand) otherwise.
pub fn screen_view(m: &Match<Court>, handoff: &Handoff) -> (CourtView, bool) {
    match handoff.private_viewer() {
        Some(seat) => (m.state.view(seat), true),
        None => {
            let mut v = m.state.view(0);
            v.hand.clear();
            v.follower_choice = None;
            (v, false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ContentSet;
    use crate::library::Library;
    use crate::rules::{SeatKind, TableConfig};

    fn court() -> Court {
        let library = Library::load(ContentSet::embedded());
        let content = library.content::<Court>().expect("shipped content is valid");
        Court::new(&TableConfig::with_players(2, SeatKind::Human, 3), &content).expect("setup")
    }

    fn action_of(play: Play<Court>) -> Action {
        play.action
    }

    #[test]
    fn placing_takes_a_reserve_knight_then_a_space() {
        let g = court();
        let seat = g.pending().seat().expect("a decision");
        let (view, legal) = (g.view(seat), g.legal_actions());
        let Action::Place { knight, space } = legal[0] else {
            panic!("placement first");
        };
        let mut ui = CourtUi::default();
        assert!(on_click(HallClick::Reserve(knight), &view, &legal, &mut ui, seat).is_none());
        assert_eq!(
            targets(&view, &legal, &ui).len(),
            view.content.spaces.iter().filter(|s| s.rank == Rank::Equites).count()
        );
        let req = on_click(HallClick::Space(space), &view, &legal, &mut ui, seat).expect("a request");
        assert_eq!(req.seat, seat);
        assert_eq!(action_of(req), Action::Place { knight, space });
    }

    /// Plays the opening placements with the first legal choice, then gives the player to act
    /// the given hand.
    fn in_play(hand: &[CardKind]) -> (Court, Seat) {
        let mut g = court();
        while matches!(g.phase(), Phase::Placement { .. }) {
            let a = g.legal_actions()[0];
            g.apply(&a).expect("legal");
        }
        let seat = g.pending().seat().expect("a decision");
        g.scenario_hand(seat, hand).expect("hand");
        (g, seat)
    }

    #[test]
    fn a_move_takes_a_card_a_knight_then_a_destination() {
        let (g, seat) = in_play(&[CardKind::Move]);
        let (view, legal) = (g.view(seat), g.legal_actions());
        let (knight, to) = legal
            .iter()
            .find_map(|a| match a {
                Action::Play {
                    effect: Effect::Step { knight, to },
                    ..
                } => Some((*knight, *to)),
                _ => None,
            })
            .expect("some step");
        let at = view.knight(knight).and_then(|k| k.at).expect("in the hall");
        let mut ui = CourtUi {
            card: Some(CardKind::Move),
            ..default()
        };
        assert!(on_click(HallClick::Space(at), &view, &legal, &mut ui, seat).is_none());
        assert_eq!(ui.knight, Some(knight));
        assert!(targets(&view, &legal, &ui).contains(&to), "the destination is lit");
        let req = on_click(HallClick::Space(to), &view, &legal, &mut ui, seat).expect("a request");
        assert_eq!(
            action_of(req),
            Action::Play {
                card: CardKind::Move,
                effect: Effect::Step { knight, to }
            }
        );
    }

    #[test]
    fn an_illegal_target_is_still_sent_so_the_rules_say_why() {
        let (g, seat) = in_play(&[CardKind::Priest(2)]);
        let (view, legal) = (g.view(seat), g.legal_actions());
        // A follower cannot go to another player's knight: the click names the action anyway.
        let (other, at) = view
            .hall()
            .find(|(k, _)| !view.is_mine(*k))
            .expect("an opponent's knight");
        let mut ui = CourtUi {
            card: Some(CardKind::Priest(2)),
            ..default()
        };
        let req = on_click(HallClick::Space(at), &view, &legal, &mut ui, seat).expect("sent");
        let action = action_of(req);
        assert_eq!(
            action,
            Action::Play {
                card: CardKind::Priest(2),
                effect: Effect::Follow { knight: other }
            }
        );
        let mut copy = g.clone();
        let why = copy.apply(&action).expect_err("refused");
        assert!(!why.0.is_empty());
    }

    #[test]
    fn nothing_happens_without_a_card() {
        let (g, seat) = in_play(&[CardKind::Move]);
        let (view, legal) = (g.view(seat), g.legal_actions());
        let (_, at) = view.hall().next().expect("a knight");
        let mut ui = CourtUi::default();
        assert!(on_click(HallClick::Space(at), &view, &legal, &mut ui, seat).is_none());
        assert!(ui.note.is_some(), "the player is told to choose a card");
    }

    #[test]
    fn dwarf_uses_match_their_effects() {
        assert!(DwarfUse::Move.matches(&Effect::Exit { knight: KnightId(0) }));
        assert!(!DwarfUse::Move.matches(&Effect::Score));
        assert!(DwarfUse::Score.matches(&Effect::Score));
    }
}
