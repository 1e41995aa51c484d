//! The content of Shadows over Camelot: both card manifests, the Loyalty deck, the seven Knights,
//! every designed number and rule switch (`assets/decks/shadows.ron`), and the quest boards with
//! their spots and spoils (`levels/shadows/quests.ron`). Validated once; every problem is
//! reported with the position of the offending text.

use crate::content::{ContentError, ContentSet};
use crate::rules::shadows::tuning::ShadowsBots;
use serde::{Deserialize, Serialize};

/// A White card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum White {
    Fight(u8),
    Grail,
    Merlin,
    Clairvoyance,
    Convocation,
    Fate,
    Heroism,
    LadyOfTheLake,
    Messenger,
    Piety,
    Reinforcements,
}

impl White {
    /// A Special White (played as Heroic Action C): Merlin and the eight unique cards.
    pub fn is_special(self) -> bool {
        !matches!(self, White::Fight(_) | White::Grail)
    }
    pub fn fight(self) -> Option<u8> {
        match self {
            White::Fight(v) => Some(v),
            _ => None,
        }
    }
    pub fn name(self) -> String {
        match self {
            White::Fight(v) => format!("Fight {v}"),
            White::Grail => "Grail".into(),
            White::Merlin => "Merlin".into(),
            White::Clairvoyance => "Clairvoyance".into(),
            White::Convocation => "Convocation".into(),
            White::Fate => "Fate".into(),
            White::Heroism => "Heroism".into(),
            White::LadyOfTheLake => "Lady of the Lake".into(),
            White::Messenger => "Messenger".into(),
            White::Piety => "Piety".into(),
            White::Reinforcements => "Reinforcements".into(),
        }
    }
}

/// A Black card. Combat values are part of the card (Lancelot's: on Lancelot, on the Dragon);
/// a value of 0 marks a face-down card in a view (its type shows, its value does not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Black {
    BlackKnight(u8),
    Lancelot(u8, u8),
    Excalibur,
    Despair,
    Picts,
    Saxons,
    Mercenaries,
    MorganDiscard,
    MorganMore,
    MorganSiege,
    MorganWound,
    MorganSacrifice,
    Desolation,
    DarkForest,
    Vivien,
    Guinevere,
    Mists,
    Mordred,
    /// A card whose face a view does not show (never in a deck).
    Hidden,
}

impl Black {
    /// What this card counts for on a combat quest's Evil side: a Black Knight card on the Black
    /// Knight, a Lancelot / Dragon card by the value printed for that quest; nothing elsewhere.
    pub fn combat_value(self, q: QuestId) -> u8 {
        match (q, self) {
            (QuestId::BlackKnight, Black::BlackKnight(v)) => v,
            (QuestId::Lancelot, Black::Lancelot(l, _)) => l,
            (QuestId::Dragon, Black::Lancelot(_, d)) => d,
            _ => 0,
        }
    }

    /// A Special Black: cancellable by three Merlins when drawn, never face down.
    pub fn is_special(self) -> bool {
        matches!(
            self,
            Black::MorganDiscard
                | Black::MorganMore
                | Black::MorganSiege
                | Black::MorganWound
                | Black::MorganSacrifice
                | Black::Desolation
                | Black::DarkForest
                | Black::Vivien
                | Black::Guinevere
                | Black::Mists
                | Black::Mordred
        )
    }
    /// A Combat card (it may go face down).
    pub fn is_combat(self) -> bool {
        matches!(self, Black::BlackKnight(_) | Black::Lancelot(..))
    }
    /// The card as a face-down one looks: its type only.
    pub fn hidden(self) -> Black {
        match self {
            Black::BlackKnight(_) => Black::BlackKnight(0),
            Black::Lancelot(..) => Black::Lancelot(0, 0),
            other => other,
        }
    }
    pub fn name(self) -> String {
        match self {
            // Unseen: its kind shows only once it lies on its quest.
            Black::BlackKnight(0) | Black::Lancelot(0, 0) => "a Combat card".into(),
            Black::BlackKnight(v) => format!("Black Knight {v}"),
            Black::Lancelot(l, d) => format!("Lancelot {l} / Dragon {d}"),
            Black::Excalibur => "Excalibur".into(),
            Black::Despair => "Despair".into(),
            Black::Picts => "Picts".into(),
            Black::Saxons => "Saxons".into(),
            Black::Mercenaries => "Mercenaries".into(),
            Black::MorganDiscard => "Morgan (discard three)".into(),
            Black::MorganMore => "Morgan (three more)".into(),
            Black::MorganSiege => "Morgan (siege)".into(),
            Black::MorganWound => "Morgan (wound)".into(),
            Black::MorganSacrifice => "Morgan (sacrifice)".into(),
            Black::Desolation => "Desolation".into(),
            Black::DarkForest => "Dark Forest".into(),
            Black::Vivien => "Vivien".into(),
            Black::Guinevere => "Guinevere".into(),
            Black::Mists => "Mists of Avalon".into(),
            Black::Mordred => "Mordred".into(),
            Black::Hidden => "a face-down card".into(),
        }
    }
}

/// The seven Knights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum KnightId {
    Arthur,
    Galahad,
    Gawain,
    Kay,
    Percival,
    Palamedes,
    Tristan,
}

impl KnightId {
    pub const ALL: [KnightId; 7] = [
        KnightId::Arthur,
        KnightId::Galahad,
        KnightId::Gawain,
        KnightId::Kay,
        KnightId::Percival,
        KnightId::Palamedes,
        KnightId::Tristan,
    ];
    pub fn key(self) -> &'static str {
        match self {
            KnightId::Arthur => "arthur",
            KnightId::Galahad => "galahad",
            KnightId::Gawain => "gawain",
            KnightId::Kay => "kay",
            KnightId::Percival => "percival",
            KnightId::Palamedes => "palamedes",
            KnightId::Tristan => "tristan",
        }
    }
    pub fn parse(s: &str) -> Option<KnightId> {
        KnightId::ALL
            .into_iter()
            .find(|k| k.key() == s.trim().to_ascii_lowercase())
    }
}

/// The quests beyond Camelot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum QuestId {
    BlackKnight,
    Lancelot,
    Dragon,
    Excalibur,
    Grail,
    PictWar,
    SaxonWar,
}

impl QuestId {
    pub const ALL: [QuestId; 7] = [
        QuestId::BlackKnight,
        QuestId::Lancelot,
        QuestId::Dragon,
        QuestId::Excalibur,
        QuestId::Grail,
        QuestId::PictWar,
        QuestId::SaxonWar,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    pub white: usize,
    pub black: usize,
    pub loyalty: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Count<T> {
    pub card: T,
    pub count: usize,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LoyaltyDeck {
    pub loyal: usize,
    pub traitor: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KnightDef {
    pub id: KnightId,
    pub name: String,
    pub power: String,
}

/// Every number of the game that a tinkerer may change.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Numbers {
    pub start_life: u8,
    pub max_life: u8,
    pub hand_start: u8,
    pub round_table_draw: u8,
    pub gawain_draw: u8,
    pub draw_limit: u8,
    pub siege_lose: u8,
    pub black_swords_lose: u8,
    pub swords_end: u8,
    pub accuse_siege: u8,
    pub accuse_swords: u8,
    pub merlin_cancel: u8,
    pub siege_die: u8,
    pub heal_cards: u8,
    pub max_sacrifices_per_turn: u8,
    pub morgan_discard: u8,
    pub morgan_sacrifice_life: u8,
    pub morgan_more: u8,
    pub morgan_siege: u8,
    pub clairvoyance: u8,
    pub messenger_max: u8,
    pub piety_self: u8,
    pub piety_others: u8,
    pub reinforcements_self: u8,
    pub reinforcements_others: u8,
    pub lady_life: u8,
    pub fate_discard: u8,
    pub traitor_flip: u8,
    pub grail_rescue_life: u8,
    pub unmask_swords: u8,
    pub excalibur_bonus: u8,
    pub palamedes_bonus: u8,
    /// The variant `three_brave_knights` (three players): no one looks at his Loyalty card
    /// until this many Swords lie on the Round Table (S: 6).
    pub brave_knights_swords: u8,
    /// The box's Sword tokens and Siege Engine figures (R: 16 and 12).
    pub swords: u8,
    pub siege_engines: u8,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum GrailFullRule {
    /// A card meeting a full quest removes the nearest card of the other side.
    #[default]
    Symmetric,
    /// A card meeting a full quest has no effect.
    NoEffect,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lasting {
    #[default]
    UntilGameEnd,
    UntilNextQuestVictory,
}

/// The spec's rule switches.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Switches {
    pub grail_full_black_rule: GrailFullRule,
    pub lasting_effects: Lasting,
    pub heroic_actions_at_zero_lp: bool,
    pub seven_black_after_flip_loses: bool,
    pub traitor_may_self_reveal: bool,
    pub merlins_heal: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DeckFile {
    pub totals: Totals,
    pub white: Vec<Count<White>>,
    pub black: Vec<Count<Black>>,
    pub loyalty: LoyaltyDeck,
    pub knights: Vec<KnightDef>,
    pub numbers: Numbers,
    pub rules: Switches,
}

/// How a quest is played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum QuestKind {
    /// Fight cards against Black combat cards; the Knights' side must form `pattern` (counts of
    /// distinct values, e.g. [2, 2]: two pairs of different values).
    Combat {
        white_spots: u8,
        black_spots: u8,
        pattern: Vec<u8>,
    },
    /// Excalibur's river: `half_length` steps from the centre to either end.
    Track { half_length: u8 },
    /// The Grail's line of spots, Grail cards from one end and Black cards from the other.
    Grail { spots: u8 },
    /// Fight cards in `sequence`; the `figures`-th Pict or Saxon loses; Mordred adds one more
    /// card of `mordred_extra`.
    War {
        sequence: Vec<u8>,
        figures: u8,
        mordred_extra: u8,
    },
}

/// What a quest's end lays and gives.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Spoils {
    #[serde(default)]
    pub swords: u8,
    #[serde(default)]
    pub life: i8,
    #[serde(default)]
    pub cards: u8,
    #[serde(default)]
    pub siege: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuestDef {
    pub id: QuestId,
    pub name: String,
    pub solo: bool,
    pub kind: QuestKind,
    pub victory: Spoils,
    pub defeat: Spoils,
    /// Where its board lies at the table (DESIGNED): a cell of a 3 × 3 grid, column and row from
    /// -1 to 1 (row 1 at the top), Camelot in the middle cell and the draw piles in the bottom
    /// corners. Lancelot and the Dragon share one board, so they share a cell.
    #[serde(default)]
    pub at: (i8, i8),
}

/// The validated content.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShadowsContent {
    pub deck: DeckFile,
    /// By `QuestId::index`.
    pub quests: Vec<QuestDef>,
    /// The bots' numbers (`assets/bots/shadows_bots.ron`).
    pub bots: ShadowsBots,
}

impl ShadowsContent {
    /// The files the rules read (and saves are tied to by their hash). The bots' numbers
    /// (`ShadowsBots::FILE`) are read and validated with them but left out of the hash: a save
    /// replays the actions taken, whoever chose them, so retuned bots keep old saves loadable.
    pub const FILES: &'static [&'static str] = &["assets/decks/shadows.ron", "levels/shadows/quests.ron"];

    pub fn quest(&self, q: QuestId) -> &QuestDef {
        &self.quests[q.index()]
    }

    pub fn knight(&self, k: KnightId) -> Option<&KnightDef> {
        self.deck.knights.iter().find(|d| d.id == k)
    }

    pub fn knight_name(&self, k: KnightId) -> &str {
        self.knight(k).map_or("?", |d| d.name.as_str())
    }

    /// The full White deck, in manifest order.
    pub fn white_cards(&self) -> Vec<White> {
        self.deck
            .white
            .iter()
            .flat_map(|c| std::iter::repeat_n(c.card, c.count))
            .collect()
    }

    /// The full Black deck, in manifest order.
    pub fn black_cards(&self) -> Vec<Black> {
        self.deck
            .black
            .iter()
            .flat_map(|c| std::iter::repeat_n(c.card, c.count))
            .collect()
    }

    /// For the bots' tools (`examples/tune_shadows.rs`, `fit_shadows_value.rs`): the shipped
    /// content, with the bots' file read from `from` when given, else the working folder's files
    /// over the shipped ones.
    pub fn for_tools(from: Option<&std::path::Path>) -> Result<ShadowsContent, Vec<ContentError>> {
        let mut set = ContentSet::embedded();
        match from {
            Some(path) => set.overlay_file(ShadowsBots::FILE, path),
            None => set.overlay_dir(std::path::Path::new(".")),
        }
        .map_err(|e| vec![e])?;
        Self::load(&set)
    }

    pub fn load(set: &ContentSet) -> Result<ShadowsContent, Vec<ContentError>> {
        let deck_file = set.get(Self::FILES[0]).map_err(|e| vec![e])?;
        let quest_file = set.get(Self::FILES[1]).map_err(|e| vec![e])?;
        let bot_file = set.get(ShadowsBots::FILE).map_err(|e| vec![e])?;
        let mut errors = Vec::new();
        let bots = ShadowsBots::load(bot_file).map_err(|e| errors.extend(e)).ok();
        let deck: Option<DeckFile> = deck_file.parse().map_err(|e| errors.push(e)).ok();
        let quests: Option<Vec<QuestDef>> = quest_file.parse().map_err(|e| errors.push(e)).ok();
        let (Some(deck), Some(quests)) = (deck, quests) else {
            return Err(errors);
        };
        // The deck.
        let sums = [
            (
                "white:",
                "White",
                deck.white.iter().map(|c| c.count).sum(),
                deck.totals.white,
            ),
            (
                "black:",
                "Black",
                deck.black.iter().map(|c| c.count).sum(),
                deck.totals.black,
            ),
            (
                "loyalty:",
                "Loyalty",
                deck.loyalty.loyal + deck.loyalty.traitor,
                deck.totals.loyalty,
            ),
        ];
        for (at, name, got, want) in sums {
            if got != want {
                errors.push(deck_file.error_at(at, format!("the {name} cards add up to {got}, but totals say {want}")));
            }
        }
        if deck.loyalty.traitor > 1 {
            errors.push(deck_file.error_at("traitor:", "at most one Traitor card: the rules know one Traitor"));
        }
        if deck.loyalty.loyal + deck.loyalty.traitor < 7 {
            errors.push(deck_file.error_at("loyalty:", "seven players need at least seven Loyalty cards"));
        }
        for (n, v) in deck.white.iter().filter_map(|c| c.card.fight()).enumerate() {
            if !(1..=9).contains(&v) {
                errors.push(deck_file.error_at_nth("Fight(", n, format!("Fight {v}: a Fight card is worth 1 to 9")));
            }
        }
        for c in &deck.black {
            let bad = match c.card {
                Black::Hidden => Some("Hidden is not a card".to_string()),
                Black::BlackKnight(0) => Some("a Black Knight card is worth at least 1".into()),
                Black::Lancelot(l, d) if l == 0 || d == 0 => {
                    Some("a Lancelot card is worth at least 1 on both quests".into())
                }
                _ => None,
            };
            if let Some(msg) = bad {
                errors.push(deck_file.error_at(&format!("{:?}", c.card), msg));
            }
        }
        let merlins: usize = deck
            .white
            .iter()
            .filter(|c| c.card == White::Merlin)
            .map(|c| c.count)
            .sum();
        if merlins < 7 {
            errors.push(deck_file.error_at(
                "Merlin",
                format!("{merlins} Merlin cards: each of up to seven Knights starts with one"),
            ));
        }
        for k in KnightId::ALL {
            match deck.knights.iter().filter(|d| d.id == k).count() {
                1 => {}
                0 => errors.push(deck_file.error_at("knights:", format!("the Knight {k:?} is missing"))),
                _ => errors.push(deck_file.error_at_nth(
                    &format!("{k:?}"),
                    1,
                    format!("the Knight {k:?} is listed twice"),
                )),
            }
        }
        let n = &deck.numbers;
        if n.start_life == 0 || n.start_life > n.max_life {
            errors.push(deck_file.error_at("start_life", "start_life must be 1 to max_life"));
        }
        if n.max_life > 9 {
            errors.push(deck_file.error_at("max_life", "max_life is at most 9 (a die's face)"));
        }
        if n.siege_die == 0 {
            errors.push(deck_file.error_at("siege_die", "the Siege die needs at least one face"));
        }
        if n.merlin_cancel == 0 || n.heal_cards < 2 {
            errors.push(deck_file.error_at(
                "merlin_cancel",
                "merlin_cancel must be at least 1 and heal_cards at least 2",
            ));
        }
        if n.siege_lose == 0 || n.siege_lose > n.siege_engines {
            errors.push(deck_file.error_at(
                "siege_lose",
                format!(
                    "siege_lose is 1 to {}: there are that many Siege Engines",
                    n.siege_engines
                ),
            ));
        }
        if n.black_swords_lose == 0 || n.swords_end == 0 || n.swords_end > n.swords {
            errors.push(deck_file.error_at(
                "swords_end",
                format!(
                    "swords_end is 1 to {} (the Swords in the box) and black_swords_lose at least 1",
                    n.swords
                ),
            ));
        }
        // The quests.
        let mut by_id: Vec<Option<QuestDef>> = vec![None; QuestId::ALL.len()];
        for (i, q) in quests.iter().enumerate() {
            let at = |msg: String| quest_file.error_at_nth("id:", i, msg);
            if by_id[q.id.index()].is_some() {
                errors.push(at(format!("{:?} is listed twice", q.id)));
                continue;
            }
            let expected = match q.id {
                QuestId::BlackKnight | QuestId::Lancelot | QuestId::Dragon => "Combat",
                QuestId::Excalibur => "Track",
                QuestId::Grail => "Grail",
                QuestId::PictWar | QuestId::SaxonWar => "War",
            };
            let fits = matches!(
                (&q.kind, expected),
                (QuestKind::Combat { .. }, "Combat")
                    | (QuestKind::Track { .. }, "Track")
                    | (QuestKind::Grail { .. }, "Grail")
                    | (QuestKind::War { .. }, "War")
            );
            if !fits {
                errors.push(at(format!("{:?} is played as a {expected} quest", q.id)));
            }
            match &q.kind {
                QuestKind::Combat {
                    white_spots,
                    black_spots,
                    pattern,
                } => {
                    let sum: u32 = pattern.iter().map(|&c| c as u32).sum();
                    if pattern.is_empty() || pattern.contains(&0) || sum != *white_spots as u32 {
                        errors.push(at(format!(
                            "{:?}: the pattern {pattern:?} must fill its {white_spots} Knights' spots exactly",
                            q.id
                        )));
                    }
                    if *black_spots == 0 || *black_spots > 12 {
                        errors.push(at(format!("{:?}: 1 to 12 Evil spots, not {black_spots}", q.id)));
                    }
                    if pattern.len() > 5 {
                        errors.push(at(format!("{:?}: there are only five Fight values", q.id)));
                    }
                }
                QuestKind::Track { half_length } => {
                    if *half_length == 0 || *half_length > 20 {
                        errors.push(at(format!(
                            "Excalibur's river: 1 to 20 steps each way, not {half_length}"
                        )));
                    }
                }
                QuestKind::Grail { spots } => {
                    if *spots == 0 || *spots > 20 {
                        errors.push(at(format!("the Grail: 1 to 20 spots, not {spots}")));
                    }
                }
                QuestKind::War {
                    sequence,
                    figures,
                    mordred_extra,
                } => {
                    if sequence.is_empty()
                        || sequence.iter().any(|v| !(1..=9).contains(v))
                        || !(1..=9).contains(mordred_extra)
                    {
                        errors.push(at(format!("{:?}: a sequence of Fight values 1 to 9", q.id)));
                    }
                    if *figures == 0 || *figures > 4 {
                        errors.push(at(format!("{:?}: 1 to 4 figures lose the war (there are four)", q.id)));
                    }
                }
            }
            let (col, row) = q.at;
            if !(-1..=1).contains(&col) || !(-1..=1).contains(&row) || (col != 0 && row == -1) || (col, row) == (0, 0) {
                errors.push(at(format!(
                    "{:?}: `at: ({col}, {row})` is not a free cell of the table; the cells are -1 to 1 each way, \
                     (0, 0) is Camelot and (-1, -1), (1, -1) hold the draw piles",
                    q.id
                )));
            }
            if q.victory.swords + q.defeat.swords == 0 {
                errors.push(at(format!("{:?} lays no Sword either way", q.id)));
            }
            by_id[q.id.index()] = Some(q.clone());
        }
        for q in QuestId::ALL {
            if by_id[q.index()].is_none() {
                errors.push(quest_file.error_at("[", format!("the quest {q:?} is missing")));
            }
        }
        // One board a cell: only Lancelot and the Dragon share theirs (the Dragon takes it over).
        let shared = |q: QuestId| if q == QuestId::Dragon { QuestId::Lancelot } else { q };
        for (i, q) in quests.iter().enumerate() {
            let clash = quests[..i]
                .iter()
                .find(|o| o.at == q.at && shared(o.id) != shared(q.id))
                .or_else(|| {
                    quests[..i]
                        .iter()
                        .find(|o| shared(o.id) == shared(q.id) && o.id != q.id && o.at != q.at)
                });
            if let Some(o) = clash {
                errors.push(quest_file.error_at_nth(
                    "id:",
                    i,
                    format!(
                        "{:?} is at {:?} and {:?} at {:?}: each board needs its own cell, and Lancelot and the \
                         Dragon share one",
                        q.id, q.at, o.id, o.at
                    ),
                ));
            }
        }
        let Some(bots) = bots.filter(|_| errors.is_empty()) else {
            return Err(errors);
        };
        Ok(ShadowsContent {
            deck,
            quests: by_id.into_iter().flatten().collect(),
            bots,
        })
    }
}

impl crate::content::LoadContent for ShadowsContent {
    const FILES: &'static [&'static str] = ShadowsContent::FILES;
    fn load(set: &ContentSet) -> Result<ShadowsContent, Vec<ContentError>> {
        ShadowsContent::load(set)
    }
}
