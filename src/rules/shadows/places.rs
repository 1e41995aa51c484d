//! Where Shadows' moves are played and the rulebook part each comes from (`Game::place_of`,
//! `Game::rule_of`, `Game::rule_of_decision`): the places by the ids the table lays them out
//! under, the parts by the ids `assets/rulebooks/shadows.txt` gives its headings.

use crate::rules::Seat;
use crate::rules::shadows::action::{Action, Task};
use crate::rules::shadows::apply;
use crate::rules::shadows::content::QuestId;
use crate::rules::shadows::pieces::{EvilChoice, Kind, Location, MerlinTarget};
use crate::rules::shadows::state::Shadows;
use crate::rules::{Place, RulePart};

/// Camelot's board: the Round Table, the Siege area and the ring of Siege Engines.
pub const CAMELOT: Place = Place::fixed("camelot");
/// The Round Table itself, within Camelot.
pub const ROUND_TABLE: Place = Place::fixed("round_table");
pub const WHITE_PILE: Place = Place::fixed("white_pile");
pub const BLACK_PILE: Place = Place::fixed("black_pile");

/// A quest's board (Lancelot and the Dragon share one; the table lays it out under each id).
pub const fn quest_place(q: QuestId) -> Place {
    Place::fixed(match q {
        QuestId::BlackKnight => "quest:black_knight",
        QuestId::Lancelot => "quest:lancelot",
        QuestId::Dragon => "quest:dragon",
        QuestId::Excalibur => "excalibur",
        QuestId::Grail => "quest:grail",
        QuestId::PictWar => "quest:picts",
        QuestId::SaxonWar => "quest:saxons",
    })
}

/// Every place of the board.
pub fn board_places() -> Vec<Place> {
    let mut v = vec![CAMELOT, ROUND_TABLE, WHITE_PILE, BLACK_PILE];
    v.extend(QuestId::ALL.map(quest_place));
    v
}

/// The rulebook's parts, by the ids of its headings.
mod part {
    use crate::rules::RulePart;
    pub const TURN: RulePart = RulePart("turn");
    pub const EVIL: RulePart = RulePart("evil");
    pub const BLACK_CARD: RulePart = RulePart("black-card");
    pub const SPECIAL_BLACKS: RulePart = RulePart("special-blacks");
    pub const STANDARD_BLACKS: RulePart = RulePart("standard-blacks");
    pub const SIEGE_ENGINE: RulePart = RulePart("siege-engine");
    pub const LIFE_POINT: RulePart = RulePart("life-point");
    pub const HEROIC: RulePart = RulePart("heroic-actions");
    pub const MOVE: RulePart = RulePart("move");
    pub const QUEST_ACTION: RulePart = RulePart("quest-action");
    pub const SPECIAL_WHITE: RulePart = RulePart("special-white");
    pub const HEALING: RulePart = RulePart("healing");
    pub const ACCUSATION: RulePart = RulePart("accusation");
}

impl Shadows {
    /// The quest a Knight's Fight card goes to: where he stands.
    fn quest_here(&self, seat: Seat) -> Option<QuestId> {
        match self.knights.get(seat)?.at {
            Location::Quest(q) => Some(q),
            _ => None,
        }
    }

    /// Where `action` is played (`Game::place_of`).
    pub(super) fn place_of_action(&self, action: &Action) -> Place {
        let seat = self.deciding().unwrap_or(self.active);
        match *action {
            Action::Evil(EvilChoice::DrawBlack) => BLACK_PILE,
            Action::Evil(EvilChoice::AddSiege) => CAMELOT,
            Action::Evil(EvilChoice::LoseLife) | Action::Sacrifice | Action::Heal(_) => Place::PLAYERS,
            Action::Move(Location::Quest(q))
            | Action::Merlin(MerlinTarget::Figure(q) | MerlinTarget::BlackCard(q))
            | Action::Heroism(q)
            | Action::War(q) => quest_place(q),
            Action::Move(Location::RoundTable) | Action::DrawWhite => ROUND_TABLE,
            Action::Move(_) | Action::FightSiege(_) | Action::Roll | Action::Merlin(MerlinTarget::SiegeEngine) => {
                CAMELOT
            }
            Action::Fight(_) => self.quest_here(seat).map_or(Place::PROMPT, quest_place),
            Action::PlayGrail => quest_place(QuestId::Grail),
            Action::RaiseExcalibur(_) => quest_place(QuestId::Excalibur),
            Action::Clairvoyance | Action::PutNext(_) => BLACK_PILE,
            Action::Convocation
            | Action::Fate
            | Action::LadyOfTheLake
            | Action::Messenger(_)
            | Action::Piety(_)
            | Action::Reinforcements(_) => Place::HAND,
            Action::Card(_) => match self.stack.last() {
                Some(Task::SiegeFight { .. } | Task::KaySiege { .. }) => CAMELOT,
                Some(Task::KayCombat { quest, .. }) => quest_place(*quest),
                _ => Place::HAND,
            },
            Action::Accuse(_) | Action::ArthurGive(..) | Action::Assign(_) | Action::Taunt(_) => Place::PLAYERS,
            Action::KeepBlack(_)
            | Action::Face(_)
            | Action::Yes
            | Action::No
            | Action::Pledge(_)
            | Action::NoPledge
            | Action::RevealSelf
            | Action::EndTurn
            | Action::Done => Place::PROMPT,
        }
    }

    /// The rulebook part `action` comes under (`Game::rule_of`): a Heroic Action's by its kind.
    pub(super) fn rule_of_action(&self, action: &Action) -> Option<RulePart> {
        if let Some(kind) = apply::kind_of(*action) {
            return Some(match kind {
                Kind::Move => part::MOVE,
                Kind::Quest => part::QUEST_ACTION,
                Kind::Special => part::SPECIAL_WHITE,
                Kind::Heal => part::HEALING,
                Kind::Accuse => part::ACCUSATION,
            });
        }
        Some(match *action {
            Action::Evil(EvilChoice::DrawBlack) => part::BLACK_CARD,
            Action::Evil(EvilChoice::AddSiege) => part::SIEGE_ENGINE,
            Action::Evil(EvilChoice::LoseLife) => part::LIFE_POINT,
            Action::KeepBlack(_) | Action::Face(_) | Action::War(_) => part::BLACK_CARD,
            Action::Pledge(_) | Action::NoPledge => part::SPECIAL_BLACKS,
            Action::Roll | Action::Assign(_) => part::QUEST_ACTION,
            Action::PutNext(_) => part::SPECIAL_WHITE,
            Action::RevealSelf | Action::Taunt(_) => part::ACCUSATION,
            Action::Sacrifice | Action::ArthurGive(..) => part::HEROIC,
            Action::EndTurn => part::TURN,
            _ => return self.rule_of_task(),
        })
    }

    /// The rulebook part of the decision on top of the stack (`Game::rule_of_decision`).
    pub(super) fn rule_of_task(&self) -> Option<RulePart> {
        Some(match self.stack.last()? {
            Task::Evil | Task::Feed => part::EVIL,
            Task::HeroicStart | Task::Heroic | Task::EndTurn | Task::ArthurReturn { .. } => part::HEROIC,
            Task::Taunt => part::ACCUSATION,
            Task::DrawBlack { .. }
            | Task::ArmorPick { .. }
            | Task::Resolve { .. }
            | Task::PlaceChoice { .. }
            | Task::Place { .. } => part::BLACK_CARD,
            Task::ExcaliburOffer { .. } => part::STANDARD_BLACKS,
            Task::MerlinPledge { .. }
            | Task::Special { .. }
            | Task::MordredWar { .. }
            | Task::Volunteer { .. }
            | Task::Discard { .. } => part::SPECIAL_BLACKS,
            Task::GrailRescue { .. } => part::LIFE_POINT,
            Task::SiegeFight { .. }
            | Task::KaySiege { .. }
            | Task::KayCombat { .. }
            | Task::CombatScore { .. }
            | Task::QuestEnd { .. }
            | Task::Share { .. }
            | Task::ShareVote { .. } => part::QUEST_ACTION,
            Task::Clairvoyance { .. } | Task::MessengerGive { .. } => part::SPECIAL_WHITE,
        })
    }
}
