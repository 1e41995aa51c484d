//! The table of Shadows over Camelot: Camelot with the Round Table of Swords and the ring of
//! Siege Engines, the quest boards where their RON layout puts them, the draw piles; Knights as
//! figures with their Life die; cards that fly from the piles, onto the quests and away. The
//! Knights, the hand of the seat at the screen and the decision of the moment are panels. The
//! world draws the public view only; a hand and one's own Loyalty card are drawn in the panels,
//! for their owner, the Loyalty card only when he asks to look. It reads views and sends
//! `ActionRequest`s; the rules bridge decides.

mod board;
mod hand;
mod moments;
mod panel;
mod ui;

use ui::{Hovered, ShadowsUi, SpotClick};
pub use ui::{Shown, shown, shown_to_all};

use crate::app::shared::{Screen, TableUiSet};
use crate::app::table::BoardGames;
use crate::app::tables::shadows::board::Table;
use crate::app::tables::shadows::board::sync::{build_or_sync_table, show_lit};
use crate::app::tables::shadows::moments::Moments;
use crate::app::tables::shadows::panel::decision::{decision_input, decision_panel};
use crate::app::tables::shadows::panel::events::{read_events, tick_moments};
use crate::app::tables::shadows::panel::hover::hover_tip;
use crate::app::tables::shadows::panel::knights::knights_panel;
use crate::app::tables::shadows::panel::moments_window::moments_window;
use crate::rules::GameId;
use crate::rules::shadows::Shadows;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
pub use panel::decision::screen_prompt;

pub struct ShadowsTablePlugin;

impl Plugin for ShadowsTablePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardGames>();
        app.world_mut().resource_mut::<BoardGames>().0.push(GameId::Shadows);
        // Its own actions and events, typed, and its systems only while it is on the table.
        app.add_plugins(crate::app::bridge::Lane::<Shadows>::default());
        app.init_resource::<ShadowsUi>()
            .init_resource::<Moments>()
            .init_resource::<Hovered>()
            .init_resource::<hand::HandShown>()
            .add_message::<SpotClick>()
            .add_message::<hand::HandClick>()
            .add_systems(
                Update,
                (
                    read_events,
                    build_or_sync_table,
                    hand::sync_hand,
                    show_lit,
                    tick_moments,
                )
                    .chain()
                    .after(crate::app::handoff::HandoffSet)
                    .after(crate::app::motion::MotionSet)
                    .run_if(in_state(Screen::Table).and_then(crate::app::bridge::playing::<Shadows>)),
            )
            .add_systems(OnExit(Screen::Table), (forget_table, hand::forget_hand))
            .add_systems(
                EguiPrimaryContextPass,
                decision_input
                    .in_set(TableUiSet::Input)
                    .after(crate::app::table::read_table_keys)
                    .run_if(crate::app::bridge::playing::<Shadows>),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (knights_panel, decision_panel, moments_window, hover_tip)
                    .chain()
                    .in_set(TableUiSet::Board)
                    .run_if(crate::app::bridge::playing::<Shadows>),
            );
    }
}

fn forget_table(
    mut commands: Commands,
    mut ui: ResMut<ShadowsUi>,
    mut moments: ResMut<Moments>,
    mut hovered: ResMut<Hovered>,
    mut detail: ResMut<crate::app::table::ResultsDetail>,
) {
    commands.remove_resource::<Table>();
    *detail = default();
    *ui = ShadowsUi::default();
    *moments = Moments::default();
    *hovered = Hovered::default();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::tables::shadows::moments::story;
    use crate::app::tables::shadows::panel::knights::accusation_words;
    use crate::app::tables::shadows::ui::{Asked, card_of, click_card, click_spot, spot_of};
    use crate::content::ContentSet;
    use crate::library::Library;
    use crate::rules::record::Match;
    use crate::rules::shadows::{Action, Location, Loyalty, QuestId, Shadows, Task};
    use crate::rules::{Game, SeatKind, TableConfig};

    fn shadows(players: usize, seed: u64) -> Shadows {
        let library = Library::load(ContentSet::embedded());
        let content = library.content::<Shadows>().expect("shipped content is valid");
        Shadows::new(&TableConfig::with_players(players, SeatKind::Human, seed), &content).expect("setup")
    }

    #[test]
    fn every_legal_action_of_random_games_is_reachable_by_a_click_or_a_button() {
        for seed in 0..20u64 {
            let mut g = shadows(3 + (seed as usize % 5), seed);
            for step in 0..600usize {
                let legal = g.legal_actions();
                let Some(seat) = g.deciding() else { break };
                if legal.is_empty() {
                    break;
                }
                for a in &legal {
                    if let Some(card) = card_of(a) {
                        // From the hand: the card alone, or the card then its spot or button.
                        match click_card(&g, &legal, seat, card) {
                            Asked::One(one) => assert_eq!(one, *a),
                            Asked::Several(uses) => {
                                assert!(uses.contains(a));
                                if let Some(spot) = spot_of(&g, seat, a) {
                                    match click_spot(&g, &legal, seat, Some(card), spot) {
                                        Asked::One(one) => assert_eq!(one, *a),
                                        Asked::Several(several) => assert!(several.contains(a)),
                                        other => panic!("{a:?}: {other:?}"),
                                    }
                                }
                            }
                            other => panic!("{a:?}: {other:?}"),
                        }
                    } else if let Some(spot) = spot_of(&g, seat, a) {
                        match click_spot(&g, &legal, seat, None, spot) {
                            Asked::One(one) => assert_eq!(one, *a),
                            Asked::Several(several) => assert!(several.contains(a)),
                            other => panic!("{a:?}: {other:?}"),
                        }
                    }
                }
                let a = legal[(step * 7919 + seed as usize) % legal.len()];
                g.apply(&a).expect("legal");
            }
        }
    }

    #[test]
    fn a_move_onto_an_occupied_solo_quest_is_asked_of_the_rules_who_say_why() {
        // Find a Heroic decision with a Knight on the Black Knight (a Solo quest) and another
        // Knight to act.
        for seed in 0..200u64 {
            let mut g = shadows(4, seed);
            for step in 0..400usize {
                let Some(seat) = g.deciding() else { break };
                let legal = g.legal_actions();
                let occupied = g
                    .knights
                    .iter()
                    .enumerate()
                    .any(|(s, k)| s != seat && k.active() && k.at == Location::Quest(QuestId::BlackKnight));
                let mine = g.knights[seat].at == Location::Quest(QuestId::BlackKnight);
                if matches!(g.stack.last(), Some(Task::Heroic)) && occupied && !mine {
                    let Asked::Refusable(a) =
                        click_spot(&g, &legal, seat, None, SpotClick::Quest(QuestId::BlackKnight))
                    else {
                        panic!("a refusable move");
                    };
                    let mut copy = g.clone();
                    let why = copy.apply(&a).expect_err("refused");
                    assert!(why.0.to_lowercase().contains("solo"), "{}", why.0);
                    return;
                }
                let a = legal[(step * 31 + seed as usize) % legal.len()];
                g.apply(&a).expect("legal");
            }
        }
        panic!("no occupied Solo quest came up");
    }

    #[test]
    fn the_screen_shows_only_the_viewers_hand_and_loyalty_only_when_he_looks() {
        let g = shadows(5, 3);
        let none = shown(&g, None, true);
        assert_eq!(none.hand, None);
        assert!(none.loyalty.iter().all(|l| *l == Loyalty::Unknown));
        let closed = shown(&g, Some(2), false);
        assert_eq!(closed.hand.as_ref().map(|h| h.0), Some(2));
        assert_eq!(
            closed.hand.as_ref().map(|h| h.1.clone()),
            Some(g.knights[2].hand.clone())
        );
        assert!(
            closed.loyalty.iter().all(|l| *l == Loyalty::Unknown),
            "not before he looks"
        );
        let open = shown(&g, Some(2), true);
        for (s, l) in open.loyalty.iter().enumerate() {
            if s == 2 {
                assert_eq!(*l, g.knights[2].loyalty);
            } else {
                assert_eq!(*l, Loyalty::Unknown);
            }
        }
    }

    #[test]
    fn a_replay_showing_everything_turns_every_loyalty_card_face_up() {
        let g = shadows(5, 3);
        for viewer in [None, Some(1)] {
            let all = shown_to_all(&g, viewer);
            let real: Vec<Loyalty> = g.knights.iter().map(|k| k.loyalty).collect();
            assert_eq!(all.loyalty, real);
            assert_eq!(
                all.hand,
                shown(&g, viewer, true).hand,
                "hands as the eyes chosen see them"
            );
        }
    }

    #[test]
    fn the_accuser_is_said_to_have_accused_and_the_accused_to_have_been() {
        let library = Library::load(ContentSet::embedded());
        let content = library.content::<Shadows>().expect("shipped content is valid");
        let mut config = TableConfig::with_players(4, SeatKind::Human, 8);
        config.variants.insert("loyalty".into(), "none".into());
        let mut m: Match<Shadows> = Match::new_shared(config, &content, "test".into()).expect("setup");
        // Open accusations and let the active Knight accuse the next one at his Heroic Action.
        m.state.siege = m.state.numbers().accuse_siege - 1;
        let by = m.state.active;
        let target = (by + 1) % 4;
        m.apply(&Action::Evil(crate::rules::shadows::EvilChoice::AddSiege))
            .expect("Evil progresses");
        m.apply(&Action::Accuse(target)).expect("an open accusation");
        let g = m.state.public_view().game;
        let accuser = accusation_words(&m, &g, by);
        let accused = accusation_words(&m, &g, target);
        assert_eq!(accuser.len(), 1, "{accuser:?}");
        assert!(accuser[0].starts_with("Has accused ") && accuser[0].contains(m.config.seat_name(target)));
        assert_eq!(accused.len(), 1, "{accused:?}");
        assert!(
            accused[0].starts_with("Accused by ") && accused[0].contains(m.config.seat_name(by)),
            "{accused:?}"
        );
        assert!(accused[0].ends_with("— Loyal"), "{accused:?}");
        let bystander = (by + 2) % 4;
        assert!(accusation_words(&m, &g, bystander).is_empty());
    }

    #[test]
    fn the_story_of_a_game_is_replayed_from_its_actions() {
        let library = Library::load(ContentSet::embedded());
        let content = library.content::<Shadows>().expect("shipped content is valid");
        let config = TableConfig::with_players(4, SeatKind::Human, 8);
        let mut m: Match<Shadows> = Match::new_shared(config, &content, "test".into()).expect("setup");
        let mut ended = Vec::new();
        let mut step = 0usize;
        while m.state.outcome.is_none() && step < 20_000 {
            let legal = m.state.legal_actions();
            let a = legal[(step * 7919 + 3) % legal.len()];
            for t in m.apply(&a).expect("legal") {
                if let crate::rules::shadows::Event::QuestEnded { quest, won, .. } = t.event {
                    ended.push((quest, won));
                }
            }
            step += 1;
        }
        let (rows, results) = story(&m);
        assert!(m.state.outcome.is_some(), "the game ended");
        assert_eq!(results, ended, "every quest's end, in order");
        let last = rows.last().expect("a story");
        assert_eq!(
            (last.white, last.black, last.siege),
            (m.state.white_swords, m.state.black_swords, m.state.siege)
        );
        assert!(rows.len() > ended.len(), "the quests and the end are told");
    }

    #[test]
    fn the_prompt_on_screen_never_names_a_card_its_drawer_alone_knows() {
        let mut seen = 0;
        for seed in 0..60u64 {
            let mut g = shadows(4, seed);
            for step in 0..800usize {
                if let Some(Task::PlaceChoice { seat, card }) = g.stack.last().cloned()
                    && card.is_combat()
                {
                    let other = (seat + 1) % 4;
                    assert!(screen_prompt(&g, Some(seat)).contains(&card.name()));
                    for viewer in [None, Some(other)] {
                        let words = screen_prompt(&g, viewer);
                        assert!(!words.contains(&card.name()), "{words}");
                        assert!(words.contains(&card.hidden().name()), "{words}");
                    }
                    seen += 1;
                }
                let legal = g.legal_actions();
                if legal.is_empty() {
                    break;
                }
                let a = legal[(step * 7919 + seed as usize) % legal.len()];
                g.apply(&a).expect("legal");
            }
        }
        assert!(seen > 0, "no face-down choice came up");
    }
}
