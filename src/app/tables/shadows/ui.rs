//! What the table's parts share: a click on the table and what it asks for, what the pointer rests
//! on, what the seat at the screen is doing, the Shadows match on the table and the secrets the
//! screen may draw.

use crate::app::bridge::MatchRes;
use crate::rules::record::Match;
use crate::rules::shadows::{
    Action, Black, EvilChoice, Location, Loyalty, MerlinTarget, QuestId, Shadows, Task, White,
};
use crate::rules::{Game, Seat};
use bevy::prelude::*;

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
pub(in crate::app::tables::shadows) fn shadows_match(res: &MatchRes) -> Option<&Match<Shadows>> {
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
pub(in crate::app::tables::shadows) fn shared_board_quest(s: &Shadows) -> QuestId {
    s.lancelot_or_dragon().unwrap_or(QuestId::Dragon)
}

/// The board a quest is drawn on (Lancelot and the Dragon share one).
pub(in crate::app::tables::shadows) fn board_of(q: QuestId) -> QuestId {
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
