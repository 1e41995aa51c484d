//! Camelot – The Court: the rules core (no Bevy).
//!
//! Players move knights through the Great Hall with action cards and score for the ranks they
//! hold; the first to reach the points target wins. The rulebook is
//! `assets/rulebooks/court.txt`; the gaps it leaves are filled as in
//! `shared/rules/camelot-the-court.md`, with every designed number kept in the RON content
//! (`CourtContent::FILES`).
//!
//! Layout of this module: `content` (the RON schema, validation and scoring formulas),
//! `apply` (setup, legal actions, validation and resolution), `view` (what one seat may see,
//! log lines), `bot` (the cheap heuristic), `tests`.

mod apply;
mod bot;
mod cards;
mod content;
mod files;
#[cfg(any(test, feature = "test-support"))]
mod perturb;
mod places;
mod view;

#[cfg(test)]
mod tests;

pub use cards::{banish_title, banish_verdict, card_line, card_text};
pub use content::{
    CardKind, CourtContent, CourtRules, Faction, FactionId, KnightId, KnightInfo, KnightState, KnightValues, Rank,
    ScoringOrder, Space, SpaceId, Tier,
};
pub use places::{EQUITES, PILES, space_place};
pub use view::{CourtView, effects_for, playable_cards};

impl KnightValues for Court {
    fn content_of(&self) -> &CourtContent {
        &self.content
    }
    fn knight_state(&self, k: KnightId) -> Option<&KnightState> {
        self.knight(k)
    }
}

use crate::rules::*;
use std::collections::VecDeque;
use std::sync::Arc;

impl crate::content::LoadContent for CourtContent {
    const FILES: &'static [&'static str] = CourtContent::FILES;
    fn load(set: &crate::content::ContentSet) -> Result<CourtContent, Vec<crate::content::ContentError>> {
        CourtContent::load(set)
    }
}

/// The rulebook's first-player rule (spec §7.4): a player in mauve, pink or primrose tights
/// goes first; if several are, only they roll for it.
fn tights_variant() -> VariantSpec {
    VariantSpec {
        key: "tights",
        label: "Mauve, pink or primrose tights: this player goes first (if several do, they roll for it)",
        options: vec![String::new()],
        kind: VariantKind::SeatFlag("Tights"),
    }
}

/// What a played card does. Move cards take `Enter`, `Step` or `Exit`; a Dwarf takes those or
/// `Gossip`, `Banish`, `Score`; Priest and Soldier cards take `Follow`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Effect {
    /// Bring one of your own Reserve knights onto an Equites space (a challenge if it is held).
    Enter { knight: KnightId, space: SpaceId },
    /// Move any knight in the hall one step along a Movement Line (a challenge if it is held).
    Step { knight: KnightId, to: SpaceId },
    /// Take any knight on an Equites space out to his owner's Reserve.
    Exit { knight: KnightId },
    /// Scandalise a face-up knight (he loses one follower), or turn a Scandalised one face up.
    Gossip { knight: KnightId },
    /// Roll above the knight's power to send him to his owner's Reserve.
    Banish { knight: KnightId },
    /// Everybody scores, the active player first; ends the play.
    Score,
    /// Two knights in the hall swap spaces, followers and all.
    Merlin { a: KnightId, b: KnightId },
    /// Put a Priest or Soldier under one of your knights in the hall.
    Follow { knight: KnightId },
}

impl Effect {
    /// The knights the effect names.
    pub fn knights(self) -> Vec<KnightId> {
        match self {
            Effect::Enter { knight, .. }
            | Effect::Step { knight, .. }
            | Effect::Exit { knight }
            | Effect::Gossip { knight }
            | Effect::Banish { knight }
            | Effect::Follow { knight } => vec![knight],
            Effect::Merlin { a, b } => vec![a, b],
            Effect::Score => Vec::new(),
        }
    }
    /// Whether this is one of the three uses of a Move card.
    pub fn is_move(self) -> bool {
        matches!(self, Effect::Enter { .. } | Effect::Step { .. } | Effect::Exit { .. })
    }
}

/// One decision of the seat to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// Opening placement: one of your Reserve knights onto an empty Equites space.
    Place { knight: KnightId, space: SpaceId },
    /// Play a card from your hand with the given effect.
    Play { card: CardKind, effect: Effect },
    /// After your Gossip scandalised a knight with two different followers: the one he loses.
    ChooseFollowerLoss(CardKind),
    /// Stop playing cards this turn (go to the end phase).
    EndPlay,
    /// End phase: discard a card from your hand.
    Discard(CardKind),
    /// End phase: draw up to a full hand; the next player's turn begins.
    Draw,
}

/// Why a knight left the hall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LeaveCause {
    /// A Move took him out from an Equites space.
    Exit,
    Banished,
    /// A knight entering from the Reserve beat him in a challenge.
    LostEntryChallenge,
}

/// What happened, in order.
/// One side of a challenge: the knight, his effective power and his die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChallengeSide {
    pub knight: KnightId,
    pub power: i64,
    pub roll: u8,
}

impl ChallengeSide {
    /// Power plus the die; the challenger wins only with the strictly higher total.
    pub fn total(&self) -> i64 {
        self.power + self.roll as i64
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The cards dealt to a seat (that seat only).
    Dealt {
        seat: Seat,
        cards: Vec<CardKind>,
    },
    /// How many cards a seat was dealt (everyone).
    DealtCount {
        seat: Seat,
        count: usize,
    },
    /// One round of the roll-off for the first player.
    RollOff {
        rolls: Vec<(Seat, u8)>,
    },
    /// Who starts; `tights` when the tights rule decided it without dice.
    FirstPlayer {
        seat: Seat,
        tights: bool,
    },
    Placed {
        seat: Seat,
        knight: KnightId,
        space: SpaceId,
    },
    TurnStarted {
        seat: Seat,
        turn: u32,
    },
    /// A card was put into play; `at` holds where the named knights stood before it resolved.
    Played {
        seat: Seat,
        card: CardKind,
        effect: Effect,
        at: [Option<SpaceId>; 2],
    },
    /// A knight entered onto (from `None`) or stepped onto an empty space, or took the space of
    /// the knight he beat in an entry challenge.
    Moved {
        knight: KnightId,
        from: Option<SpaceId>,
        to: SpaceId,
    },
    /// A challenge: both dice and totals. The challenger wins only with a strictly higher total.
    Challenge {
        challenger: ChallengeSide,
        defender: ChallengeSide,
        won: bool,
    },
    /// Two knights swapped spaces (a won step challenge, or Merlin), followers and all.
    Swapped {
        a: KnightId,
        a_from: SpaceId,
        b: KnightId,
        b_from: SpaceId,
    },
    /// A knight left the hall for his owner's Reserve, face up, his followers discarded.
    ToReserve {
        knight: KnightId,
        from: SpaceId,
        discarded: Vec<CardKind>,
        cause: LeaveCause,
    },
    Scandalised {
        knight: KnightId,
    },
    Restored {
        knight: KnightId,
    },
    FollowerLost {
        knight: KnightId,
        follower: CardKind,
        chosen_by: Seat,
    },
    FollowerAdded {
        knight: KnightId,
        follower: CardKind,
    },
    /// A Banish roll: success when `roll` is strictly greater than `power`.
    BanishRoll {
        knight: KnightId,
        roll: u8,
        power: i64,
        success: bool,
    },
    /// One seat's score for a Score card, knight by knight.
    Scored {
        seat: Seat,
        points: i64,
        total: i64,
        knights: Vec<(KnightId, i64)>,
    },
    Won {
        seat: Seat,
        total: i64,
    },
    /// After a Score (when nobody won): every Scandalised knight turned face up.
    AllRestored {
        knights: Vec<KnightId>,
    },
    PlayEnded {
        seat: Seat,
    },
    Discarded {
        seat: Seat,
        card: CardKind,
    },
    /// The discard pile was shuffled into a new draw pile.
    Reshuffled {
        cards: usize,
    },
    /// The cards a seat drew (that seat only).
    Drew {
        seat: Seat,
        cards: Vec<CardKind>,
    },
    /// How many cards a seat drew (everyone).
    DrewCount {
        seat: Seat,
        count: usize,
    },
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Opening placement; `step` counts placements made so far.
    Placement {
        step: usize,
    },
    /// The active player plays cards.
    Play,
    /// The active player's Gossip scandalised `knight`, who must lose one of `options`.
    FollowerLoss {
        knight: KnightId,
        options: Vec<CardKind>,
    },
    /// The active player discards, then draws.
    End,
    Finished(Outcome),
}

/// A game of Camelot – The Court.
#[derive(Clone, Debug)]
pub struct Court {
    content: Arc<CourtContent>,
    seat_names: Arc<[String]>,
    /// The faction of each seat.
    factions: Vec<FactionId>,
    target: i64,
    /// Every knight of the knights file; those of factions not in play have no owner.
    knights: Vec<KnightState>,
    /// The knight on each space.
    board: Vec<Option<KnightId>>,
    hands: Vec<Vec<CardKind>>,
    /// The draw pile; its last card is the top.
    draw: Vec<CardKind>,
    /// The discard pile, face up; its last card is the top.
    discard: Vec<CardKind>,
    scores: Vec<i64>,
    phase: Phase,
    /// The seat whose turn it is (during placement: the seat placing).
    active: Seat,
    first: Seat,
    /// Cards put into play this turn.
    played: usize,
    turn: u32,
    rng: GameRng,
    /// Test support: dice results used before the generator.
    rigged: VecDeque<u8>,
    opening: Vec<Tagged<Event>>,
}

impl Game for Court {
    type Action = Action;
    type Event = Event;
    type View = CourtView;
    type Content = CourtContent;
    const ID: GameId = GameId::Court;

    fn variants() -> Vec<VariantSpec> {
        vec![
            VariantSpec::table(
                "target",
                "Points target (default: rules.ron)",
                &["default", "50", "100", "200"],
                true,
            ),
            VariantSpec::table(
                "factions",
                "Factions in seat order, e.g. cornwall,orkney (default: file order)",
                &["default"],
                true,
            ),
        ]
    }

    fn variants_for(content: &CourtContent) -> Vec<VariantSpec> {
        let default = content.rules.default_target.to_string();
        let mut targets = vec![default.clone()];
        targets.extend(
            content
                .rules
                .targets
                .iter()
                .map(|t| t.to_string())
                .filter(|t| *t != default),
        );
        let ids: Vec<&str> = content.factions.iter().map(|f| f.id.as_str()).collect();
        vec![
            VariantSpec {
                key: "target",
                label: "Points target (first to reach it wins)",
                options: targets,
                kind: VariantKind::Table { custom: true },
            },
            VariantSpec {
                key: "factions",
                label: "Factions in seat order",
                options: vec![ids.join(",")],
                kind: VariantKind::PerSeat(
                    content
                        .factions
                        .iter()
                        .map(|f| (f.id.clone(), f.name.clone()))
                        .collect(),
                ),
            },
            tights_variant(),
        ]
    }

    fn new(config: &TableConfig, content: &CourtContent) -> Result<Self, SetupError> {
        Court::setup(config, Arc::new(content.clone()))
    }

    fn new_shared(config: &TableConfig, content: &Arc<CourtContent>) -> Result<Self, SetupError> {
        Court::setup(config, content.clone())
    }

    fn opening_events(&self) -> Vec<Tagged<Event>> {
        self.opening.clone()
    }

    fn pending(&self) -> Pending {
        self.pending_decision()
    }

    fn to_act(&self) -> Option<Seat> {
        Court::to_act(self)
    }

    fn outcome(&self) -> Option<&Outcome> {
        match &self.phase {
            Phase::Finished(o) => Some(o),
            _ => None,
        }
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply_into(&mut self, action: &Action, report: &mut Report<Event>) -> Result<(), RuleError> {
        self.validate(action)?;
        self.execute(action, report);
        Ok(())
    }

    fn view(&self, seat: Seat) -> CourtView {
        self.make_view(seat)
    }

    fn describe_event(&self, event: &Event) -> String {
        view::describe_event(&self.content, &self.seat_names, event)
    }

    fn log_lines(&self, events: &[Tagged<Event>]) -> Vec<(Visibility, String)> {
        view::log_lines(&self.content, &self.seat_names, events)
    }

    fn describe_action(&self, action: &Action) -> String {
        self.describe(action)
    }

    fn used(&self, action: &Action) -> Option<String> {
        match action {
            Action::Play { card, .. } => Some(format!("card: {}", card.name())),
            _ => None,
        }
    }

    fn place_of(&self, action: &Action) -> crate::rules::Place {
        self.place_of_action(action)
    }

    fn board_places(content: &CourtContent) -> Vec<crate::rules::Place> {
        places::board_places(content)
    }

    fn rule_of(&self, action: &Action) -> Option<crate::rules::RulePart> {
        self.rule_of_action(action)
    }

    fn rule_of_decision(&self) -> Option<crate::rules::RulePart> {
        self.rule_of_phase()
    }

    fn seat_emblem(&self, seat: Seat) -> Option<&str> {
        let f = self.faction_of(seat)?;
        self.content.faction(f).map(|f| f.symbol.as_str())
    }

    fn is_irreversible(event: &Event) -> bool {
        matches!(
            event,
            Event::Dealt { .. }
                | Event::DealtCount { .. }
                | Event::RollOff { .. }
                | Event::Challenge { .. }
                | Event::BanishRoll { .. }
                | Event::Reshuffled { .. }
                | Event::Drew { .. }
                | Event::DrewCount { .. }
                | Event::TurnStarted { .. }
                | Event::Won { .. }
        )
    }

    fn turns_taken(&self) -> Option<u32> {
        Some(self.turn)
    }

    fn secrets(&self) -> Vec<Secret> {
        let mut out = Vec::new();
        for (seat, hand) in self.hands.iter().enumerate() {
            // Sorted, as its holder's view shows it.
            let mut hand = hand.clone();
            hand.sort();
            out.push(Secret::list(Some(seat), "Hand", hand));
        }
        out.push(Secret::list(None, "Draw pile, top first", self.draw.iter().rev()));
        out
    }

    fn census(&self) -> std::collections::BTreeMap<String, usize> {
        let followers: usize = self.knights.iter().map(|k| k.followers.len()).sum();
        let in_hands: usize = self.hands.iter().map(Vec::len).sum();
        let cards = in_hands + self.draw.len() + self.discard.len() + followers;
        let hall = self.board.iter().flatten().count();
        let reserve = self
            .knights
            .iter()
            .filter(|k| k.owner.is_some() && k.at.is_none())
            .count();
        // Knights whose recorded space and the board disagree (always 0).
        let misplaced = self
            .knights
            .iter()
            .enumerate()
            .filter(|(i, k)| match k.at {
                Some(s) => self.board.get(s.index()).copied().flatten() != Some(KnightId(*i as u8)),
                None => false,
            })
            .count()
            + self
                .board
                .iter()
                .enumerate()
                .filter(|(s, k)| {
                    k.is_some_and(|k| self.knights.get(k.index()).and_then(|st| st.at) != Some(SpaceId(*s as u8)))
                })
                .count();
        std::collections::BTreeMap::from([
            ("cards".to_string(), cards),
            ("knights".to_string(), hall + reserve),
            ("knights_in_hall".to_string(), hall),
            ("knights_in_reserve".to_string(), reserve),
            ("misplaced".to_string(), misplaced),
        ])
    }
}

impl Court {
    /// The content this game was built from.
    pub fn content(&self) -> &Arc<CourtContent> {
        &self.content
    }
    /// The points target.
    pub fn target(&self) -> i64 {
        self.target
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn scores(&self) -> &[i64] {
        &self.scores
    }
    /// The public state of a knight.
    pub fn knight(&self, k: KnightId) -> Option<&KnightState> {
        self.knights.get(k.index())
    }
    /// The knight on a space.
    pub fn knight_at(&self, s: SpaceId) -> Option<KnightId> {
        self.board.get(s.index()).copied().flatten()
    }
    /// The faction a seat plays.
    pub fn faction_of(&self, seat: Seat) -> Option<FactionId> {
        self.factions.get(seat).copied()
    }

    // ---- Test support: setting up scenarios (e.g. the rulebook's worked example). ----
    // These keep every card and knight conserved; they are not part of the game's rules.

    /// Test support: the next dice results, used before the random generator.
    #[doc(hidden)]
    pub fn rig_dice(&mut self, rolls: Vec<u8>) {
        self.rigged.extend(rolls);
    }

    /// Test support: a seat's hand (a game's UI must use `view` instead).
    #[doc(hidden)]
    pub fn hand_of(&self, seat: Seat) -> &[CardKind] {
        self.hands.get(seat).map_or(&[], Vec::as_slice)
    }

    /// Test support: gives `seat` exactly `cards`, returning its old hand to the draw pile and
    /// taking the new cards from the draw pile (or else the discard pile).
    #[doc(hidden)]
    pub fn scenario_hand(&mut self, seat: Seat, cards: &[CardKind]) -> Result<(), String> {
        let Some(old) = self.hands.get(seat).cloned() else {
            return Err(format!("no seat {seat}"));
        };
        let mut draw = self.draw.clone();
        let mut discard = self.discard.clone();
        draw.extend(old);
        let mut new_hand = Vec::new();
        for &c in cards {
            if let Some(i) = draw.iter().position(|&d| d == c) {
                new_hand.push(draw.remove(i));
            } else if let Some(i) = discard.iter().position(|&d| d == c) {
                new_hand.push(discard.remove(i));
            } else {
                return Err(format!("no {c} card left outside the hands"));
            }
        }
        self.hands[seat] = new_hand;
        self.draw = draw;
        self.discard = discard;
        Ok(())
    }

    /// Test support: puts a knight in play on `at` (which must be empty) or in his Reserve,
    /// discarding his followers and turning him face up.
    #[doc(hidden)]
    pub fn scenario_put(&mut self, knight: KnightId, at: Option<SpaceId>) -> Result<(), String> {
        let Some(st) = self.knights.get(knight.index()) else {
            return Err(format!("no knight {knight:?}"));
        };
        if st.owner.is_none() {
            return Err(format!("{} is not in this game", self.content.knight_name(knight)));
        }
        if let Some(s) = at {
            match self.board.get(s.index()) {
                None => return Err(format!("no space {s:?}")),
                Some(Some(other)) if *other != knight => {
                    return Err(format!("{} is occupied", self.content.space_name(s)));
                }
                _ => {}
            }
        }
        if let Some(old) = st.at {
            self.board[old.index()] = None;
        }
        let st = &mut self.knights[knight.index()];
        self.discard.append(&mut st.followers);
        st.scandalised = false;
        st.at = at;
        if let Some(s) = at {
            self.board[s.index()] = Some(knight);
        }
        Ok(())
    }

    /// Test support: starts `seat`'s play phase now (no cards played yet).
    #[doc(hidden)]
    pub fn scenario_turn(&mut self, seat: Seat) {
        if seat < self.hands.len() {
            self.active = seat;
            self.played = 0;
            self.phase = Phase::Play;
        }
    }

    /// Test support: sets a seat's score.
    #[doc(hidden)]
    pub fn scenario_score(&mut self, seat: Seat, points: i64) {
        if let Some(s) = self.scores.get_mut(seat) {
            *s = points;
        }
    }
}
