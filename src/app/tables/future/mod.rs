//! The castle of Die Zukunft von Camelot: the throne room with its number spaces and turn-order
//! track, the four rooms of the sides in play (and the secret room at five), the Merlin row, the
//! mission display, the hinterland and the score track, all drawn from their RON layouts; knights
//! and magicians as figures in their colour with a letter; mission cards and tiles that fly. The
//! colours' screens and the decision of the moment are panels. The world shows only what everyone
//! may see (the public view); a screen's secrets are drawn in its panel, for its owner only. It
//! reads views and sends `ActionRequest`s; the rules bridge decides.

mod board;
mod panel;
mod ui;

pub use ui::{CastleClick, FutureUi, Hover, Hovered, screen_view};

use crate::app::shared::{Screen, TableUiSet};
use crate::app::table::BoardGames;
use crate::app::tables::future::board::Castle;
use crate::app::tables::future::board::events::read_events;
use crate::app::tables::future::board::sync::{build_or_sync_castle, show_lit};
use crate::app::tables::future::panel::{
    Moments, colours_panel, decision_input, decision_panel, hover_tip, moments_window, tick_moments,
};
use crate::rules::GameId;
use crate::rules::future::Future;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub struct FutureTablePlugin;

impl Plugin for FutureTablePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardGames>();
        app.world_mut().resource_mut::<BoardGames>().0.push(GameId::Future);
        // Its own actions and events, typed, and its systems only while it is on the table.
        app.add_plugins(crate::app::bridge::Lane::<Future>::default());
        app.init_resource::<FutureUi>()
            .init_resource::<Moments>()
            .init_resource::<Hovered>()
            .add_message::<CastleClick>()
            .add_systems(
                Update,
                (read_events, build_or_sync_castle, show_lit, tick_moments)
                    .chain()
                    .after(crate::app::handoff::HandoffSet)
                    .after(crate::app::motion::MotionSet)
                    .run_if(in_state(Screen::Table).and_then(crate::app::bridge::playing::<Future>)),
            )
            .add_systems(OnExit(Screen::Table), forget_castle)
            .add_systems(
                EguiPrimaryContextPass,
                decision_input
                    .in_set(TableUiSet::Input)
                    .after(crate::app::table::read_table_keys)
                    .run_if(crate::app::bridge::playing::<Future>),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (colours_panel, decision_panel, moments_window, hover_tip)
                    .chain()
                    .in_set(TableUiSet::Board)
                    .run_if(crate::app::bridge::playing::<Future>),
            );
    }
}

fn forget_castle(
    mut commands: Commands,
    mut ui: ResMut<FutureUi>,
    mut moments: ResMut<Moments>,
    mut hovered: ResMut<Hovered>,
    mut detail: ResMut<crate::app::table::ResultsDetail>,
) {
    commands.remove_resource::<Castle>();
    *detail = default();
    *ui = FutureUi::default();
    *moments = Moments::default();
    *hovered = Hovered::default();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::tables::future::ui::{action_field, click_action, field_actions, is_spatial, same_move};
    use crate::content::ContentSet;
    use crate::library::Library;
    use crate::rules::future::{Action, Board, Phase, Piece, Task};
    use crate::rules::{Game, SeatKind, TableConfig};
    use std::sync::Arc;

    fn future(players: usize) -> Future {
        let library = Library::load(ContentSet::embedded());
        let content = library.content::<Future>().expect("shipped content is valid");
        Future::new(&TableConfig::with_players(players, SeatKind::Human, 5), &content).expect("setup")
    }

    /// Plays the last legal action (the biggest fist, a mission) until `done` holds.
    fn play_until(g: &mut Future, done: impl Fn(&Future) -> bool) {
        for _ in 0..2000 {
            if done(g) {
                return;
            }
            let a = *g.legal_actions().last().expect("the game goes on");
            g.apply(&a).expect("legal");
        }
        panic!("never got there");
    }

    #[test]
    fn a_click_on_a_lit_field_places_the_shield_and_an_unlit_one_asks_the_rules() {
        let mut g = future(4);
        play_until(&mut g, |g| matches!(g.tasks.last(), Some(Task::Shields { .. })));
        let legal = g.legal_actions();
        let (board, field) = legal
            .iter()
            .find_map(|a| action_field(&g, a))
            .expect("a field to place on");
        let Some(Ok(a)) = click_action(&g, &legal, CastleClick::Field(board, field)) else {
            panic!("one action");
        };
        assert!(legal.contains(&a), "{a:?}");
        assert_eq!(action_field(&g, &a), Some((board, field)));
        // A field nothing legal fits: the click still names an action, which the rules refuse
        // with a reason.
        let room = g.room(board).expect("room").len() as u8;
        let unlit = (0..room).find(|f| field_actions(&g, &legal, board, *f).is_empty());
        if let Some(f) = unlit {
            let Some(Ok(a)) = click_action(&g, &legal, CastleClick::Field(board, f)) else {
                panic!("an action for the rules to refuse");
            };
            let mut copy = g.clone();
            let why = copy.apply(&a).expect_err("refused");
            assert!(!why.0.is_empty());
            assert_eq!(copy, g, "a refusal changes nothing");
        }
    }

    #[test]
    fn number_spaces_and_cards_click_to_their_actions() {
        let mut g = future(3);
        play_until(&mut g, |g| matches!(g.phase, Phase::Predict { .. }));
        let legal = g.legal_actions();
        assert_eq!(
            click_action(&g, &legal, CastleClick::Number(4)),
            Some(Ok(Action::Predict(4)))
        );
        let card = g.display[0];
        assert_eq!(
            click_action(&g, &legal, CastleClick::Mission(card)),
            Some(Ok(Action::Take(card)))
        );
        assert!(is_spatial(&Action::Take(card)) && !is_spatial(&Action::EndTurn));
        assert!(!is_spatial(&Action::Predict(4)), "a prediction is a button too");
    }

    #[test]
    fn a_heros_redirect_is_always_reachable_by_a_click() {
        let library = Library::load(ContentSet::embedded());
        let content = library.content::<Future>().expect("shipped content is valid");
        let mut found = 0;
        for seed in 0..40u64 {
            let mut config = TableConfig::with_players(4, SeatKind::Human, seed);
            config.variants.insert("heroes".into(), "on".into());
            let mut g = Future::new(&config, &content).expect("setup");
            for step in 0..400usize {
                let legal = g.legal_actions();
                if legal.is_empty() {
                    break;
                }
                for a in legal.iter().filter(|a| matches!(a, Action::Place { hero: true, .. })) {
                    let (board, field) = action_field(&g, a).expect("a field");
                    match click_action(&g, &legal, CastleClick::Field(board, field)) {
                        // The click's one move, or one the same to the player (the hero's
                        // redirect of another of the card's identical shields).
                        Some(Ok(one)) => assert!(one == *a || same_move(&g, &one, a), "{one:?} stands for {a:?}"),
                        Some(Err(several)) => assert!(several.contains(a), "{a:?} offered among {several:?}"),
                        None => panic!("a click on a lit field means something"),
                    }
                    found += 1;
                }
                let a = legal[(step * 7919 + seed as usize) % legal.len()];
                g.apply(&a).expect("legal");
            }
        }
        assert!(found > 0, "no hero redirect came up");
    }

    #[test]
    fn the_black_knight_is_known_by_where_he_was_sent_until_recalled() {
        let actions = [
            Action::BlackKnight {
                board: Board::Red,
                field: 3,
            },
            Action::BlackKnight {
                board: Board::Blue,
                field: 1,
            },
            Action::RecallRed(3),
        ];
        assert_eq!(
            board::sync::black_knights(&actions[..2]),
            vec![(Board::Red, 3), (Board::Blue, 1)]
        );
        assert_eq!(board::sync::black_knights(&actions), vec![(Board::Blue, 1)]);
    }

    /// An undo replays the match from the content it shares, so the castle (built for that
    /// content) stays, and on its fields only the piece taken back leaves: every other knight
    /// stands still.
    #[test]
    fn an_undo_keeps_the_castle_and_moves_only_the_piece_taken_back() {
        let library = Library::load(ContentSet::embedded());
        let mut tried = 0;
        for seed in 0..12u64 {
            let config = TableConfig::with_players(3, SeatKind::Human, seed);
            let mut m = library.new_match(GameId::Future, config).expect("a match");
            let state = |m: &dyn crate::library::MatchFace| {
                crate::library::typed::<Future>(m).expect("Die Zukunft").state.clone()
            };
            let mut rng = crate::rules::GameRng::seeded(seed);
            for _ in 0..400 {
                let Some(seat) = m.pending().seat() else { break };
                let before = state(m.as_ref());
                let legal = before.legal_actions();
                let placing = legal.iter().position(|a| matches!(a, Action::Place { .. }));
                let i = placing.unwrap_or(rng.below(legal.len() as u32) as usize);
                m.apply_index(i).expect("legal");
                let placed = state(m.as_ref());
                if placing.is_none() || !m.can_undo(seat) {
                    continue;
                }
                let shown = board::sync::field_pieces(&placed.public_view().state, &[]);
                let more = shown.len() > 1;
                m.undo(seat, &library).expect("undone");
                let after = state(m.as_ref());
                assert!(
                    Arc::ptr_eq(&after.content.0, &placed.content.0),
                    "the castle's content stays"
                );
                assert_eq!(after, before, "the undo restores the state");
                let want = board::sync::field_pieces(&after.public_view().state, &[]);
                let (leaving, coming) = board::sync::piece_changes(&shown, &want);
                assert_eq!(leaving.len(), 1, "only the knight placed leaves");
                assert!(coming.is_empty(), "nothing comes back in");
                let left = shown[leaving[0]];
                assert_eq!(placed.fields[left.0.index()][left.1 as usize], left.2);
                assert_eq!(after.fields[left.0.index()][left.1 as usize], Piece::Empty);
                if more {
                    tried += 1;
                }
                // Go on from the placement.
                let i = after
                    .legal_actions()
                    .iter()
                    .position(|a| matches!(a, Action::Place { .. }));
                m.apply_index(i.unwrap_or(0)).expect("legal");
            }
        }
        assert!(tried > 0, "no undo with other knights on the board came up");
    }

    #[test]
    fn the_world_draws_the_public_view_only() {
        let mut g = future(4);
        play_until(&mut g, |g| matches!(g.phase, Phase::Predict { .. }));
        let public = g.public_view();
        for c in &public.state.colours {
            assert_eq!(c.sent, 0, "no fist shows before the reveal");
            assert!(c.merlin.is_empty());
            assert_eq!(c.grail, [0; 8]);
        }
    }
}
