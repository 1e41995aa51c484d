//! The content of the Court: the Great Hall, the knights, the deck and the designed rule numbers,
//! read from four RON files and validated once. Every problem in every file is reported, each
//! with the position of the offending text.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A knight tile, by its index in the knights file (all factions, in file order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct KnightId(pub u8);

/// A space of the Great Hall, by its index in the hall file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SpaceId(pub u8);

/// A faction, by its index in the knights file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FactionId(pub u8);

impl KnightId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl SpaceId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl FactionId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The rank of a space, which decides how a knight on it scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rank {
    Senator,
    Nobilitas,
    Equites,
}

impl Rank {
    pub fn name(self) -> &'static str {
        match self {
            Rank::Senator => "Senator",
            Rank::Nobilitas => "Nobilitas",
            Rank::Equites => "Equites",
        }
    }
    /// Higher is nearer the throne: Equites 0, Nobilitas 1, Senator 2.
    pub fn height(self) -> u8 {
        match self {
            Rank::Senator => 2,
            Rank::Nobilitas => 1,
            Rank::Equites => 0,
        }
    }
}

/// The drawn tier of a Nobilitas space (both tiers score the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tier {
    Upper,
    Lower,
}

/// An action card. Identical cards are interchangeable, so a card is its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CardKind {
    Move,
    Gossip,
    Banish,
    Score,
    Merlin,
    Dwarf,
    /// A follower that adds its value to a knight's points value.
    Priest(u8),
    /// A follower that adds its value to a knight's power.
    Soldier(u8),
}

impl CardKind {
    pub fn is_follower(self) -> bool {
        matches!(self, CardKind::Priest(_) | CardKind::Soldier(_))
    }
    pub fn priest_value(self) -> i64 {
        match self {
            CardKind::Priest(v) => v as i64,
            _ => 0,
        }
    }
    pub fn soldier_value(self) -> i64 {
        match self {
            CardKind::Soldier(v) => v as i64,
            _ => 0,
        }
    }
    /// The card's name as printed: "Move", "Priest +2".
    pub fn name(self) -> String {
        match self {
            CardKind::Move => "Move".into(),
            CardKind::Gossip => "Gossip".into(),
            CardKind::Banish => "Banish".into(),
            CardKind::Score => "Score".into(),
            CardKind::Merlin => "Merlin".into(),
            CardKind::Dwarf => "Dwarf".into(),
            CardKind::Priest(v) => format!("Priest +{v}"),
            CardKind::Soldier(v) => format!("Soldier +{v}"),
        }
    }
}

impl fmt::Display for CardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// One space of the Great Hall.
#[derive(Clone, Debug, PartialEq)]
pub struct Space {
    /// The id written in the hall file ("S1", "E10").
    pub id: String,
    pub rank: Rank,
    pub tier: Option<Tier>,
    pub x: f32,
    pub y: f32,
    /// The spaces joined to this one by a Movement Line.
    pub neighbours: Vec<SpaceId>,
    /// `neighbours` as bits (bit `i`: space `i`), for counting the legal steps; empty (0) in a
    /// hall of more than 64 spaces, where they are counted from the list (`Scan::masks`).
    pub lines_mask: u64,
}

/// A faction: one player's eight knights.
#[derive(Clone, Debug, PartialEq)]
pub struct Faction {
    /// The id used in the `factions` variant ("cornwall").
    pub id: String,
    pub name: String,
    /// The colour's name ("Red").
    pub colour: String,
    pub rgb: [u8; 3],
    /// The name of the faction's badge for the table ("lion").
    pub symbol: String,
    /// The faction's figurehead (no rules effect).
    pub top: KnightId,
    pub knights: Vec<KnightId>,
}

/// The front of a knight tile. The back (Scandalised) is power 0, scoring nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct KnightInfo {
    pub id: String,
    pub name: String,
    pub faction: FactionId,
    pub power: i64,
    pub points: i64,
}

/// The designed rule numbers (levels/court/rules.ron).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CourtRules {
    pub hand_size: usize,
    pub max_cards_per_turn: usize,
    pub max_followers: usize,
    pub knights_per_faction: usize,
    pub opening_knights: usize,
    pub deck_total: usize,
    pub targets: Vec<i64>,
    pub default_target: i64,
    pub senator_multiplier: i64,
    pub senator_doubles_followers: bool,
    pub equites_flat_points: i64,
    pub equites_count_priests: bool,
    pub followers_on_own_knights_only: bool,
    pub allow_banish_own: bool,
    pub allow_gossip_own: bool,
    /// Whether a Move may take a knight onto a space held by his own faction (then it is a
    /// challenge like any other); the spec refuses it (§9.1, §15 q6).
    pub allow_move_onto_own_faction: bool,
    /// Whether a knight leaving the hall loses his followers to the discard pile (§9.8, q5).
    pub leaving_discards_followers: bool,
    /// Whether a knight leaving the hall turns face up (§15 q16).
    pub leaving_turns_face_up: bool,
    /// In which order the others score after the active player (§11, q11).
    pub others_score: ScoringOrder,
    /// Whether players tied in the roll for the first player roll again (§7.4, q12); otherwise
    /// the first of them in seat order starts.
    pub first_player_ties_reroll: bool,
}

impl CourtRules {
    /// What a knight in the hall scores on a space of `rank` (`None`: a space the hall does not
    /// know), from his printed points, which side is up and his priests' total.
    pub fn score_on(&self, rank: Option<Rank>, points: i64, scandalised: bool, priests: i64) -> i64 {
        if scandalised {
            return 0;
        }
        match rank {
            Some(Rank::Senator) => {
                if self.senator_doubles_followers {
                    self.senator_multiplier * (points + priests)
                } else {
                    self.senator_multiplier * points + priests
                }
            }
            Some(Rank::Nobilitas) => points + priests,
            Some(Rank::Equites) => self.equites_flat_points + if self.equites_count_priests { priests } else { 0 },
            None => 0,
        }
    }
}

/// The order in which the other players score after the active player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScoringOrder {
    /// The next seat in turn order first.
    #[default]
    TurnOrder,
    /// The previous seat first.
    AgainstTurnOrder,
}

/// The public state of one knight tile: where he stands, which side is up, his followers.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct KnightState {
    /// The seat playing his faction; `None` when his faction is not in this game.
    pub owner: Option<usize>,
    /// His space in the hall; `None` when he is in his owner's Reserve (or not in the game).
    pub at: Option<SpaceId>,
    pub scandalised: bool,
    /// Priest and Soldier cards stacked beneath him, in the order they came.
    pub followers: Vec<CardKind>,
}

/// The validated content of the Court.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CourtContent {
    pub spaces: Vec<Space>,
    pub lines: Vec<(SpaceId, SpaceId)>,
    /// Where King Arthur and Queen Guinevere sit, in board units.
    pub throne: (f32, f32),
    pub factions: Vec<Faction>,
    pub knights: Vec<KnightInfo>,
    /// The deck as (card, count), in file order.
    pub deck: Vec<(CardKind, usize)>,
    pub rules: CourtRules,
    /// The Equites spaces as bits (as `Space::lines_mask`); 0 in a hall of more than 64 spaces.
    pub equites_mask: u64,
}

impl CourtContent {
    pub const HALL: &'static str = "levels/court/great_hall.ron";
    pub const KNIGHTS: &'static str = "assets/decks/court_knights.ron";
    pub const DECK: &'static str = "assets/decks/court.ron";
    pub const RULES: &'static str = "levels/court/rules.ron";
    /// The files the Court is built from (also the files of its content hash).
    pub const FILES: &'static [&'static str] = &[Self::HALL, Self::KNIGHTS, Self::DECK, Self::RULES];

    pub fn knight(&self, k: KnightId) -> Option<&KnightInfo> {
        self.knights.get(k.index())
    }
    pub fn space(&self, s: SpaceId) -> Option<&Space> {
        self.spaces.get(s.index())
    }
    pub fn faction(&self, f: FactionId) -> Option<&Faction> {
        self.factions.get(f.index())
    }
    /// The knight's name, or a placeholder for an unknown id.
    pub fn knight_name(&self, k: KnightId) -> &str {
        self.knight(k).map_or("an unknown knight", |i| i.name.as_str())
    }
    /// The space's id as written in the hall file ("E3").
    pub fn space_name(&self, s: SpaceId) -> &str {
        self.space(s).map_or("?", |i| i.id.as_str())
    }
    pub fn rank(&self, s: SpaceId) -> Option<Rank> {
        self.space(s).map(|i| i.rank)
    }
    /// Looks a knight up by id ("gareth") or name ("Sir Gareth"), ignoring case.
    pub fn knight_named(&self, name: &str) -> Option<KnightId> {
        let n = name.trim();
        self.knights
            .iter()
            .position(|k| k.id.eq_ignore_ascii_case(n) || k.name.eq_ignore_ascii_case(n))
            .map(|i| KnightId(i as u8))
    }
    /// Looks a space up by its id ("E3").
    pub fn space_named(&self, id: &str) -> Option<SpaceId> {
        let n = id.trim();
        self.spaces
            .iter()
            .position(|s| s.id.eq_ignore_ascii_case(n))
            .map(|i| SpaceId(i as u8))
    }
    /// Looks a faction up by id or name, ignoring case.
    pub fn faction_named(&self, name: &str) -> Option<FactionId> {
        let n = name.trim();
        self.factions
            .iter()
            .position(|f| f.id.eq_ignore_ascii_case(n) || f.name.eq_ignore_ascii_case(n))
            .map(|i| FactionId(i as u8))
    }
    /// Whether a Movement Line joins the two spaces.
    pub fn adjacent(&self, a: SpaceId, b: SpaceId) -> bool {
        self.space(a).is_some_and(|s| s.neighbours.contains(&b))
    }
    /// The Equites spaces (the entry squares), in hall order.
    pub fn equites(&self) -> impl Iterator<Item = SpaceId> + '_ {
        self.spaces
            .iter()
            .enumerate()
            .filter(|(_, s)| s.rank == Rank::Equites)
            .map(|(i, _)| SpaceId(i as u8))
    }
    /// Every card of the deck, in file order (before shuffling).
    pub fn deck_cards(&self) -> Vec<CardKind> {
        self.deck.iter().flat_map(|&(k, n)| std::iter::repeat_n(k, n)).collect()
    }

    /// Power in a challenge or against a Banish: printed power (0 when Scandalised) plus soldiers.
    pub fn effective_power(&self, k: KnightId, state: &KnightState) -> i64 {
        self.power_with(k, state.scandalised, soldiers(state))
    }

    /// Printed points plus priests.
    pub fn points_value(&self, k: KnightId, state: &KnightState) -> i64 {
        self.points_with(k, priests(state))
    }

    /// What the knight would score for a Score card now (0 in the Reserve or Scandalised).
    pub fn score_value(&self, k: KnightId, state: &KnightState) -> i64 {
        self.score_with(k, state.at, state.scandalised, priests(state))
    }

    /// `effective_power` from its parts: which side is up and the soldiers' total.
    pub fn power_with(&self, k: KnightId, scandalised: bool, soldiers: i64) -> i64 {
        let printed = if scandalised {
            0
        } else {
            self.knight(k).map_or(0, |i| i.power)
        };
        printed + soldiers
    }

    /// `points_value` from its part: the priests' total.
    pub fn points_with(&self, k: KnightId, priests: i64) -> i64 {
        self.knight(k).map_or(0, |i| i.points) + priests
    }

    /// `score_value` from its parts: the space, which side is up and the priests' total.
    pub fn score_with(&self, k: KnightId, at: Option<SpaceId>, scandalised: bool, priests: i64) -> i64 {
        let Some(at) = at else { return 0 };
        let points = self.knight(k).map_or(0, |i| i.points);
        self.rules.score_on(self.rank(at), points, scandalised, priests)
    }
}

/// The total of a knight's Soldier followers.
pub fn soldiers(state: &KnightState) -> i64 {
    state.followers.iter().map(|f| f.soldier_value()).sum()
}

/// The total of a knight's Priest followers.
pub fn priests(state: &KnightState) -> i64 {
    state.followers.iter().map(|f| f.priest_value()).sum()
}

/// A knight's values in play, for anything that holds the content and the knights' states (the
/// game and a seat's view of it). A knight not in the game is worth 0.
pub trait KnightValues {
    fn content_of(&self) -> &CourtContent;
    fn knight_state(&self, k: KnightId) -> Option<&KnightState>;
    fn effective_power(&self, k: KnightId) -> i64 {
        self.knight_state(k)
            .map_or(0, |st| self.content_of().effective_power(k, st))
    }
    fn points_value(&self, k: KnightId) -> i64 {
        self.knight_state(k)
            .map_or(0, |st| self.content_of().points_value(k, st))
    }
    /// What the knight would score for a Score card now.
    fn score_value(&self, k: KnightId) -> i64 {
        self.knight_state(k)
            .map_or(0, |st| self.content_of().score_value(k, st))
    }
}

/// The indices of a bit set's bits, lowest first (the spaces of `HallBits`' masks and `Space::lines_mask`, in board order).
#[derive(Clone, Copy)]
pub(super) struct BitIndices(pub(super) u64);

impl Iterator for BitIndices {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// The bit set of `indices` (as `BitIndices` reads one back); indices past 63 have no bit.
pub(super) fn bits_of(indices: impl IntoIterator<Item = usize>) -> u64 {
    indices.into_iter().filter(|&i| i < 64).fold(0, |m, i| m | 1u64 << i)
}
