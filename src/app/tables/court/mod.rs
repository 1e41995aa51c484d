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
mod ui;

pub use ui::screen_view;

use crate::app::shared::{Screen, TableUiSet};
use crate::app::table::BoardGames;
use crate::rules::GameId;
use crate::rules::court::Court;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::app::tables::court::board::{despawn_board, show_highlights, spawn_or_sync_board};
use crate::app::tables::court::dice::{DiceShow, dice_window, read_events, tick_dice};
use crate::app::tables::court::hand::{
    CardClicked, HandShown, fly_played_cards, hand_input, hand_panel, sync_hand, tint_cards,
};
use crate::app::tables::court::panel::players_panel;
use crate::app::tables::court::ui::{CourtUi, HallClick};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::bridge::Play;
    use crate::app::tables::court::choice::{on_click, targets};
    use crate::app::tables::court::ui::DwarfUse;
    use crate::content::ContentSet;
    use crate::library::Library;
    use crate::rules::court::{Action, CardKind, Effect, KnightId, Phase, Rank};
    use crate::rules::{Game, Seat, SeatKind, TableConfig};

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
