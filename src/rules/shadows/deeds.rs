//! The public deeds the bots weigh: what the table saw a seat do, and each Knight's record of them.

use serde::{Deserialize, Serialize};

/// A public deed: what the table saw a seat do, in the kinds the bots' suspicion weighs (each
/// Knight's record counts them, `Deeds`). Only what every seat sees goes in: the choice of how
/// Evil progresses (with how many Siege Engines stood), a Combat card face up or down, the kind
/// of each Heroic Action (with the hand's size where it tells something), Merlins pledged or
/// not, the war Mercenaries or Mordred join, the Grail refused or given, a split refused, a wrong
/// accusation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Deed {
    DrewBlack,
    /// A Siege Engine added while fewer than 4 stood.
    SiegeLow,
    /// ... while 4 to 7 stood.
    SiegeMid,
    /// ... while 8 or more stood.
    SiegeHigh,
    LostLife,
    FaceUp,
    FaceDown,
    /// A card played on a quest: a Fight card, a Grail card, a card for Excalibur.
    QuestCard,
    FoughtSiege,
    /// White cards drawn at the Round Table with fewer than 5 in hand.
    DrewFew,
    /// ... with 5 or more.
    DrewMany,
    MovedOut,
    /// Back to Camelot from a quest.
    MovedHome,
    Special,
    Healed,
    Sacrificed,
    Pledged,
    /// Asked for Merlins with 4 or more cards in hand, pledged none.
    PledgedNone,
    /// Mercenaries or Mordred sent to the war with more figures (nearer to its loss).
    WarNearLoss,
    WarFarFromLoss,
    Volunteered,
    RescueGiven,
    RescueRefused,
    SplitRefused,
    WrongAccusation,
}

impl Deed {
    pub const COUNT: usize = 25;
    pub const ALL: [Deed; Deed::COUNT] = [
        Deed::DrewBlack,
        Deed::SiegeLow,
        Deed::SiegeMid,
        Deed::SiegeHigh,
        Deed::LostLife,
        Deed::FaceUp,
        Deed::FaceDown,
        Deed::QuestCard,
        Deed::FoughtSiege,
        Deed::DrewFew,
        Deed::DrewMany,
        Deed::MovedOut,
        Deed::MovedHome,
        Deed::Special,
        Deed::Healed,
        Deed::Sacrificed,
        Deed::Pledged,
        Deed::PledgedNone,
        Deed::WarNearLoss,
        Deed::WarFarFromLoss,
        Deed::Volunteered,
        Deed::RescueGiven,
        Deed::RescueRefused,
        Deed::SplitRefused,
        Deed::WrongAccusation,
    ];
}

/// What a seat has done in public that a Knight may weigh before accusing: how often each
/// `Deed`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deeds {
    pub counts: [u8; Deed::COUNT],
}

impl Deeds {
    pub fn get(&self, d: Deed) -> u8 {
        self.counts[d as usize]
    }
    pub(crate) fn add(&mut self, d: Deed) {
        let c = &mut self.counts[d as usize];
        *c = c.saturating_add(1);
    }
}
