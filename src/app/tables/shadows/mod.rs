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

use crate::app::audio::Sfx;
use crate::app::bots::Animating;
use crate::app::bridge::{MatchChanged, MatchRes, Play, Told};
use crate::app::handoff::{Handoff, acting_seat};
use crate::app::shared::{Screen, TableUiSet};
use crate::app::style::{GOLD, MUTED, PARCHMENT, WorldFonts, seat_colour, size, world};
use crate::app::table::{BoardGames, FreeRect};
use crate::rules::record::Match;
use crate::rules::shadows::{
    Action, Black, EvilChoice, Location, Loyalty, MerlinTarget, QuestId, Shadows, Task, White,
};
use crate::rules::{Game, GameId, Seat};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use board::*;
use moments::*;
pub use panel::screen_prompt;
use panel::*;
use std::sync::Arc;

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

/// A place on the table a click may mean: a part of Camelot or a quest's board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpotClick {
    RoundTable,
    Siege,
    /// The Black pile: the Progression of Evil's Black card.
    BlackPile,
    /// A quest's board (the Lancelot board stands for whichever of Lancelot and the Dragon is
    /// in play).
    Quest(QuestId),
}

/// What the pointer rests on, for the tooltip that explains it.
pub type Hovered = crate::app::style::Hovered<Hover>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hover {
    Spot(SpotClick),
    /// A card of the hand, by its place.
    Hand(usize),
    Knight(Seat),
    Swords,
    WhitePile,
    BlackPile,
}

/// What the seat at the screen is doing: the card picked from the hand (then a lit spot or a
/// button finishes the action), a choice among several actions a click fitted, an action
/// waiting for a yes (the Life point a further action costs), and whether the seat at the
/// screen is looking at its Loyalty card.
#[derive(Resource, Default, Debug, Clone)]
pub struct ShadowsUi {
    pub selected: Option<White>,
    /// Which card of the hand was picked (two copies of a card are two cards: only the one
    /// clicked lifts).
    pub picked: Option<usize>,
    pub choices: Vec<Action>,
    pub confirm: Option<Action>,
    /// The seat looking at its own Loyalty card (closed again at every hand-off).
    pub peek: Option<Seat>,
    /// The list of Knights one may accuse is open (an accusation is then confirmed).
    pub accusing: bool,
    pub at_action: usize,
}

/// The Shadows match, if the current match is one.
pub(super) fn shadows_match(res: &MatchRes) -> Option<&Match<Shadows>> {
    res.current_as::<Shadows>()
}

/// The secrets the screen draws: the hand of the seat at the screen, and each seat's Loyalty
/// card as drawn (known only once revealed, at the end, or to its owner while he looks).
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    pub hand: Option<(Seat, Vec<White>)>,
    pub loyalty: Vec<Loyalty>,
    /// The Black cards the seat at the screen has looked at and still knows in place: from the
    /// top of the pile down, and the bottom cards from the bottom up.
    pub black_top: Vec<Black>,
    pub black_bottom: Vec<Black>,
}

/// What the screen shows of hands and Loyalty cards, for the seat at the screen (`viewer`) and
/// whether he is looking at his Loyalty card. Every panel draws secrets from this alone.
pub fn shown(state: &Shadows, viewer: Option<Seat>, peek: bool) -> Shown {
    let view = match viewer {
        Some(seat) => state.view(seat),
        None => state.public_view(),
    };
    let g = &view.game;
    let over = g.outcome.is_some();
    let (top, bottom) = viewer
        .and_then(|s| g.knights.get(s))
        .map_or((0, 0), |k| (k.black_top as usize, k.black_bottom as usize));
    Shown {
        hand: viewer.and_then(|s| g.knights.get(s).map(|k| (s, k.hand.clone()))),
        black_top: g.black_draw.iter().rev().take(top).copied().collect(),
        black_bottom: g.black_draw.iter().take(bottom).copied().collect(),
        loyalty: g
            .knights
            .iter()
            .enumerate()
            .map(|(s, k)| {
                if k.revealed || over || (peek && viewer == Some(s)) {
                    k.loyalty
                } else {
                    Loyalty::Unknown
                }
            })
            .collect(),
    }
}

/// `shown` in a finished game's replay that shows everything: every Knight's Loyalty face up.
pub fn shown_to_all(state: &Shadows, viewer: Option<Seat>) -> Shown {
    let mut seen = shown(state, viewer, true);
    for (seat, loyalty) in seen.loyalty.iter_mut().enumerate() {
        if let Some(k) = state.view(seat).game.knights.get(seat) {
            *loyalty = k.loyalty;
        }
    }
    seen
}

/// The White card an action uses from the hand, if any.
pub fn card_of(a: &Action) -> Option<White> {
    Shadows::card_played(a)
}

/// The quest the shared Lancelot/Dragon board shows: the one in play, or the Dragon once both
/// are over (the Dragon comes into play when Lancelot ends).
pub(super) fn shared_board_quest(s: &Shadows) -> QuestId {
    s.lancelot_or_dragon().unwrap_or(QuestId::Dragon)
}

/// The board a quest is drawn on (Lancelot and the Dragon share one).
pub(super) fn board_of(q: QuestId) -> QuestId {
    if q == QuestId::Dragon { QuestId::Lancelot } else { q }
}

/// The place on the table an action is aimed at, if it is made there: a move's destination, a
/// card played on a quest or against the Siege, Merlin's target, Heroism's quest.
pub fn spot_of(state: &Shadows, seat: Seat, a: &Action) -> Option<SpotClick> {
    let quest = |q: QuestId| Some(SpotClick::Quest(board_of(q)));
    match *a {
        Action::Move(Location::RoundTable) => Some(SpotClick::RoundTable),
        Action::Move(Location::Siege) | Action::FightSiege(_) | Action::Merlin(MerlinTarget::SiegeEngine) => {
            Some(SpotClick::Siege)
        }
        Action::Move(Location::Quest(q))
        | Action::Merlin(MerlinTarget::Figure(q))
        | Action::Merlin(MerlinTarget::BlackCard(q))
        | Action::Heroism(q) => quest(q),
        Action::Fight(_) => match state.knights.get(seat)?.at {
            Location::Quest(q) => quest(q),
            _ => None,
        },
        Action::PlayGrail => quest(QuestId::Grail),
        Action::RaiseExcalibur(_) => quest(QuestId::Excalibur),
        // The Progression of Evil on the table: the Black pile draws, the Siege area adds an
        // Engine (no Knight moves while Evil progresses).
        Action::Evil(EvilChoice::DrawBlack) => Some(SpotClick::BlackPile),
        Action::Evil(EvilChoice::AddSiege) => Some(SpotClick::Siege),
        _ => None,
    }
}

/// What a click asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Asked {
    /// The one action it stands for.
    One(Action),
    /// Several fit: the player chooses.
    Several(Vec<Action>),
    /// Nothing legal fits, but it names an action the rules will refuse with the reason (a
    /// move onto an occupied Solo quest).
    Refusable(Action),
    /// Nothing to do with this click now.
    Nothing,
}

/// What a click on a spot asks for, with the card picked from the hand (if any).
pub fn click_spot(state: &Shadows, legal: &[Action], seat: Seat, picked: Option<White>, spot: SpotClick) -> Asked {
    let fits: Vec<Action> = legal
        .iter()
        .filter(|a| spot_of(state, seat, a) == Some(spot) && (picked.is_none() || card_of(a) == picked))
        .copied()
        .collect();
    match fits.as_slice() {
        // A card is spent only when it was picked: a click alone asks first.
        [one] if picked.is_some() || card_of(one).is_none() => Asked::One(*one),
        [] => {
            // A move the rules refuse, so that they say why (not where the Knight stands).
            let heroic = matches!(state.stack.last(), Some(Task::Heroic));
            let to = match spot {
                SpotClick::BlackPile => return Asked::Nothing,
                SpotClick::RoundTable => Location::RoundTable,
                SpotClick::Siege => Location::Siege,
                SpotClick::Quest(QuestId::Lancelot) => Location::Quest(shared_board_quest(state)),
                SpotClick::Quest(q) => Location::Quest(q),
            };
            let here = state.knights.get(seat).is_some_and(|k| k.at == to);
            if heroic && picked.is_none() && !here {
                Asked::Refusable(Action::Move(to))
            } else {
                Asked::Nothing
            }
        }
        _ => {
            // A move and a card on the same spot: without a card picked, the click moves.
            if picked.is_none()
                && let Some(m) = fits.iter().find(|a| matches!(a, Action::Move(_)))
            {
                return Asked::One(*m);
            }
            Asked::Several(fits)
        }
    }
}

/// What a click on a card of the hand asks for: the one action that card makes with nothing
/// more to choose, or a pick (the spots and buttons then finish it).
pub fn click_card(state: &Shadows, legal: &[Action], seat: Seat, card: White) -> Asked {
    let uses: Vec<Action> = legal.iter().filter(|a| card_of(a) == Some(card)).copied().collect();
    match uses.as_slice() {
        // No use now: the card's natural use, for the rules to refuse with the reason.
        [] => state
            .card_refusal(card)
            .map_or(Asked::Nothing, |(a, _)| Asked::Refusable(a)),
        [one] if spot_of(state, seat, one).is_none() => Asked::One(*one),
        _ => Asked::Several(uses),
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
    use crate::content::ContentSet;
    use crate::library::Library;
    use crate::rules::{SeatKind, TableConfig};

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
        let accuser = panel::accusation_words(&m, &g, by);
        let accused = panel::accusation_words(&m, &g, target);
        assert_eq!(accuser.len(), 1, "{accuser:?}");
        assert!(accuser[0].starts_with("Has accused ") && accuser[0].contains(m.config.seat_name(target)));
        assert_eq!(accused.len(), 1, "{accused:?}");
        assert!(
            accused[0].starts_with("Accused by ") && accused[0].contains(m.config.seat_name(by)),
            "{accused:?}"
        );
        assert!(accused[0].ends_with("— Loyal"), "{accused:?}");
        let bystander = (by + 2) % 4;
        assert!(panel::accusation_words(&m, &g, bystander).is_empty());
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
