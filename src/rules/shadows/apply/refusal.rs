//! Refusals: the check against the legal list, and why a refused action (or card) is refused,
//! in the rules' own words.

use crate::rules::shadows::action::{Action, ForWhom, Task};
use crate::rules::shadows::apply::{kind_of, pattern_refusal, quest_words, special_card, war_next};
use crate::rules::shadows::content::{KnightId, QuestId, QuestKind, White};
use crate::rules::shadows::pieces::{Kind, Location, MerlinTarget};
use crate::rules::shadows::state::Shadows;
use crate::rules::{RuleError, judge_by_list};

impl Shadows {
    /// Accepts exactly the legal actions; says why otherwise.
    /// Why an action would be refused now, in the rules' own words; None if it is legal.
    pub fn refusal(&self, action: &Action) -> Option<String> {
        self.check(action).err().map(|e| e.0)
    }

    pub(crate) fn check(&self, action: &Action) -> Result<(), RuleError> {
        judge_by_list(action, |out| self.legal_into(out), |legal| self.why_not(action, legal))
    }

    /// The White card an action uses from the hand of the seat deciding, if any: a Fight card
    /// played or added, a Grail card, the card discarded for Excalibur, healed with, discarded,
    /// given or traded, a Special White played, a Merlin pledged (`Pledge` of one or more).
    pub fn card_used(action: &Action) -> Option<White> {
        match *action {
            Action::Pledge(p) if p >= 1 => Some(White::Merlin),
            other => Self::card_played(&other),
        }
    }

    /// The White card an action plays from the hand, the one a click on that card stands for
    /// (`card_used` less the Merlins pledged, which are buttons).
    pub fn card_played(action: &Action) -> Option<White> {
        Some(match *action {
            Action::Fight(v) | Action::FightSiege(v) => White::Fight(v),
            Action::PlayGrail => White::Grail,
            Action::RaiseExcalibur(c) | Action::Heal(c) | Action::Card(c) | Action::ArthurGive(c, _) => c,
            other => return special_card(other),
        })
    }

    /// Why a White card in the hand of the seat deciding cannot be used now. `None` when some
    /// legal action uses it (`card_used`); otherwise the card's most natural use now — the action
    /// a click on that card means (a Fight card onto the quest or war the Knight is on, against
    /// the Siege in Camelot; a Grail card onto the Grail; a Special White played; the card
    /// discarded, given or added when that is the decision) — with the words `apply` refuses it
    /// with (so a click that sends it gets the same words). When the decision is not one where
    /// the card could be used at all, the words say what the decision is. For the window's hover
    /// and click only: it lists the legal actions and formats the words.
    pub fn card_refusal(&self, card: White) -> Option<(Action, String)> {
        let mut legal = Vec::new();
        self.legal_into(&mut legal);
        if legal.iter().any(|a| Self::card_used(a) == Some(card)) {
            return None;
        }
        let action = self.natural_use(card);
        debug_assert_eq!(Self::card_used(&action), Some(card), "{action:?}");
        if legal.contains(&action) {
            return None;
        }
        Some((action, self.why_not(&action, &legal)))
    }

    /// The action a player picking `card` from his hand means now (legal or not).
    fn natural_use(&self, card: White) -> Action {
        let seat = self.deciding().unwrap_or(self.active);
        let Some(k) = self.knights.get(seat) else {
            return Action::Card(card);
        };
        match self.stack.last() {
            Some(
                Task::Discard { .. }
                | Task::ArthurReturn { .. }
                | Task::MessengerGive { .. }
                | Task::SiegeFight { .. }
                | Task::KaySiege { .. }
                | Task::KayCombat { .. },
            ) if self.outcome.is_none() => return Action::Card(card),
            Some(Task::MerlinPledge { .. }) if card == White::Merlin && self.outcome.is_none() => {
                return Action::Pledge(1);
            }
            _ => {}
        }
        let quest_kind = match k.at {
            Location::Quest(q) => Some(&self.content.quest(q).kind),
            _ => None,
        };
        let excalibur = matches!(quest_kind, Some(QuestKind::Track { .. }));
        match card {
            White::Fight(_) | White::Grail if excalibur => Action::RaiseExcalibur(card),
            White::Fight(v) if k.at.in_camelot() => Action::FightSiege(v),
            White::Fight(v) => Action::Fight(v),
            White::Grail => Action::PlayGrail,
            White::Merlin => {
                let war = [QuestId::PictWar, QuestId::SaxonWar]
                    .into_iter()
                    .find(|&q| self.quest(q).figures > 0)
                    .map(MerlinTarget::Figure);
                let black = [QuestId::BlackKnight, QuestId::Lancelot, QuestId::Dragon, QuestId::Grail]
                    .into_iter()
                    .find(|&q| self.quest(q).in_play && !self.quest(q).black.is_empty())
                    .map(MerlinTarget::BlackCard);
                let siege = (self.siege > 0).then_some(MerlinTarget::SiegeEngine);
                Action::Merlin(siege.or(war).or(black).unwrap_or(MerlinTarget::SiegeEngine))
            }
            White::Clairvoyance => Action::Clairvoyance,
            White::Convocation => Action::Convocation,
            White::Fate => Action::Fate,
            White::Heroism => {
                let here = match k.at {
                    Location::Quest(q) if self.quest(q).in_play => Some(q),
                    _ => None,
                };
                let any = QuestId::ALL.into_iter().find(|&q| self.quest(q).in_play);
                Action::Heroism(here.or(any).unwrap_or(QuestId::BlackKnight))
            }
            White::LadyOfTheLake => Action::LadyOfTheLake,
            White::Messenger => {
                let n = self.knights.len().max(1);
                let other = (1..n)
                    .map(|i| (seat + i) % n)
                    .find(|&s| self.knights[s].active())
                    .unwrap_or((seat + 1) % n);
                Action::Messenger(other)
            }
            White::Piety => Action::Piety(ForWhom::Himself),
            White::Reinforcements => Action::Reinforcements(ForWhom::Himself),
        }
    }

    fn why_not(&self, action: &Action, legal: &[Action]) -> String {
        if self.outcome.is_some() {
            return "the game is over".into();
        }
        let seat = self.deciding().unwrap_or(self.active);
        let k = &self.knights[seat];
        let n = self.numbers();
        let t = self.this_turn;
        let heroic = matches!(self.stack.last(), Some(Task::Heroic));
        let kind_used = kind_of(*action).is_some_and(|kind| t.used & kind.bit() != 0);
        let hand_lacks = |c: White| !k.holds(c);
        let galahad = k.knight == KnightId::Galahad;
        let fighting = matches!(
            self.stack.last(),
            Some(Task::SiegeFight { .. } | Task::KaySiege { .. } | Task::KayCombat { .. })
        );
        match *action {
            Action::Card(c) if fighting && c.fight().is_none() && !hand_lacks(c) => {
                format!("only Fight cards join a fight, and {} is not one", c.name())
            }
            _ if !heroic
                && legal
                    .iter()
                    .all(|a| std::mem::discriminant(a) != std::mem::discriminant(action)) =>
            {
                format!("that is not a choice now: {}", self.public_view().game.prompt())
            }
            _ if kind_used => "a second Heroic Action must be of a kind not yet used this turn".into(),
            // Galahad plays his Special White for free.
            _ if heroic
                && kind_of(*action).is_some_and(|kind| !(galahad && kind == Kind::Special))
                && t.paid > t.sacrifices =>
            {
                "the turn's Heroic Action is taken: sacrifice a Life point for another, or end the turn".into()
            }
            Action::Move(Location::Quest(q)) if self.is_solo(q) && self.quest(q).in_play => {
                format!(
                    "{} is a Solo Quest and a Knight is already on it",
                    self.content.quest(q).name
                )
            }
            Action::Move(Location::Quest(q)) if !self.quest(q).in_play => {
                format!("{} is no longer in play", self.content.quest(q).name)
            }
            Action::Move(to) if to == k.at => "he is already there".into(),
            Action::Move(_) => "moving between the Round Table and the Siege area is free: act there".into(),
            Action::DrawWhite if k.hand.len() >= n.draw_limit as usize => {
                format!(
                    "no drawing at the Round Table with {} or more cards in hand",
                    n.draw_limit
                )
            }
            Action::DrawWhite | Action::FightSiege(_) if !k.at.in_camelot() => "only in Camelot".into(),
            Action::FightSiege(_) if self.siege == 0 => "there is no Siege Engine to fight".into(),
            Action::FightSiege(v) | Action::Fight(v) if hand_lacks(White::Fight(v)) => {
                format!("no Fight {v} in hand")
            }
            Action::Fight(v) => match k.at {
                Location::Quest(q) => match &self.content.quest(q).kind {
                    QuestKind::Combat {
                        white_spots, pattern, ..
                    } => pattern_refusal(
                        &self.content.quest(q).name,
                        &self.quest(q).white,
                        *white_spots,
                        v,
                        pattern,
                    ),
                    QuestKind::War {
                        sequence,
                        mordred_extra,
                        ..
                    } => match war_next(self.quest(q), sequence, *mordred_extra) {
                        Some(need) => format!(
                            "a Quest-specific Action on {} needs a Fight {need} next",
                            quest_words(&self.content.quest(q).name)
                        ),
                        None => "this war has all its cards".into(),
                    },
                    QuestKind::Grail { .. } => format!(
                        "the Quest-specific Action on {} plays Grail cards, not Fight cards",
                        quest_words(&self.content.quest(q).name)
                    ),
                    QuestKind::Track { .. } => format!(
                        "the Quest-specific Action on {} discards a card to move Excalibur: Fight cards are not fought there",
                        quest_words(&self.content.quest(q).name)
                    ),
                },
                _ => "he is on no quest that takes Fight cards".into(),
            },
            Action::PlayGrail if self.dark_forest => "the Dark Forest blocks the Grail".into(),
            Action::PlayGrail if hand_lacks(White::Grail) => "no Grail card in hand".into(),
            Action::PlayGrail => "only on the Quest for the Holy Grail, with room for the card".into(),
            Action::RaiseExcalibur(_) => "only on the Quest for Excalibur, with a card from hand".into(),
            Action::Merlin(_) if self.vivien => "Vivien forbids Merlin cards".into(),
            a if t.special_played && kind_of(a) == Some(Kind::Special) => "one Special White card a turn".into(),
            Action::Merlin(MerlinTarget::SiegeEngine) if self.siege == 0 => {
                "no Siege Engine stands around Camelot for Merlin to remove".into()
            }
            Action::Merlin(MerlinTarget::Figure(q)) => format!(
                "Merlin removes a Pict or Saxon from a war, and none stands on {}",
                quest_words(&self.content.quest(q).name)
            ),
            Action::Merlin(MerlinTarget::BlackCard(q)) => format!(
                "Merlin removes a Black card from a quest in play, and {} has none",
                quest_words(&self.content.quest(q).name)
            ),
            Action::Clairvoyance if self.black_draw.is_empty() => {
                "the Black draw pile is empty: Clairvoyance has nothing to look at".into()
            }
            Action::Messenger(_) if k.hand.len() < 2 => {
                "Messenger gives another White card from hand, and he holds no other".into()
            }
            Action::Messenger(_) => "Messenger's card goes to another living Knight".into(),
            Action::Heroism(q) if !self.quest(q).in_play => {
                format!("{} is no longer in play", self.content.quest(q).name)
            }
            Action::Heal(c) => format!(
                "healing takes {} identical Fight, Grail{} cards ({} {} in hand)",
                n.heal_cards,
                if self.content.deck.rules.merlins_heal {
                    " or Merlin"
                } else {
                    ""
                },
                k.count(c),
                c.name()
            ),
            Action::Accuse(_) if k.accused => "each Knight accuses once a game".into(),
            Action::Accuse(_) if self.knights.iter().any(|o| o.unmasked) => {
                "the Traitor is unmasked: no more accusations".into()
            }
            Action::Accuse(_) if !self.accusations_open() => format!(
                "accusations open at {} Siege Engines or {} Swords (now {} and {})",
                n.accuse_siege,
                n.accuse_swords,
                self.siege,
                self.swords()
            ),
            Action::Accuse(_) => "accuse another living Knight whose Loyalty is still hidden".into(),
            Action::Sacrifice => {
                "a Life point buys one more action of another kind, once a turn, after the first".into()
            }
            Action::EndTurn => "take a Heroic Action first".into(),
            Action::ArthurGive(..) => "King Arthur trades once a turn, a card of his for a Knight with cards".into(),
            Action::RevealSelf => "only the Traitor may reveal himself".into(),
            Action::Pledge(p) => match self.stack.last() {
                Some(Task::MerlinPledge { pledged, .. }) => {
                    let held = k.count(White::Merlin);
                    let mine = pledged.get(seat).copied().unwrap_or(0);
                    let missing = n.merlin_cancel.saturating_sub(pledged.iter().sum());
                    if p > missing {
                        if missing == 1 {
                            "only 1 more Merlin is needed to cancel it".to_string()
                        } else {
                            format!("only {missing} more Merlins are needed to cancel it")
                        }
                    } else if mine > 0 {
                        format!(
                            "he holds {} and has pledged {mine} of them already",
                            crate::rules::counted(held as u64, "Merlin", "Merlins")
                        )
                    } else {
                        format!("he holds {}", crate::rules::counted(held as u64, "Merlin", "Merlins"))
                    }
                }
                _ => format!("{p} is more Merlins than he holds or than are still needed"),
            },
            Action::Card(c) if hand_lacks(c) => format!("no {} in hand", c.name()),
            Action::Done => "give at least one card first".into(),
            _ => format!("not possible now: {}", self.public_view().game.prompt()),
        }
    }
}
