//! Validation: the check of an action, the refusal it meets and the words that explain it.

use crate::rules::court::action::{Action, Effect};
use crate::rules::court::apply::{Refusal, card_does, number_word};
use crate::rules::court::content::{CardKind, KnightId, KnightState, Rank, Space, SpaceId};
use crate::rules::court::state::{Court, Phase};
use crate::rules::{RuleError, Seat};

impl Court {
    /// A knight of this game, by id.
    fn knight_ok(&self, k: KnightId) -> Result<&KnightState, Refusal> {
        match self.knights.get(k.index()) {
            None => Err(Refusal::NoSuchKnight(k)),
            Some(st) if st.owner.is_none() => Err(Refusal::NotInGame(k)),
            Some(st) => Ok(st),
        }
    }

    /// A knight of this game standing in the hall; returns his space.
    fn in_hall(&self, k: KnightId) -> Result<SpaceId, Refusal> {
        self.knight_ok(k)?.at.ok_or(Refusal::NotInHall(k))
    }

    fn space_ok(&self, s: SpaceId) -> Result<&Space, Refusal> {
        self.content.space(s).ok_or(Refusal::NoSuchSpace(s))
    }

    pub(super) fn owner(&self, k: KnightId) -> Option<Seat> {
        self.knights.get(k.index()).and_then(|st| st.owner)
    }

    /// Checks an action against the rules without changing anything; a refusal says why in words.
    pub(in crate::rules::court) fn validate(&self, action: &Action) -> Result<(), RuleError> {
        self.check(action).map_err(|r| RuleError(self.explain(r)))
    }

    /// The one judge of legality: `Ok` or the reason as a `Refusal`, which costs nothing to
    /// build (`explain` puts it into words only when an action is actually refused).
    pub(in crate::rules::court) fn check(&self, action: &Action) -> Result<(), Refusal> {
        let rules = &self.content.rules;
        match (&self.phase, action) {
            (Phase::Finished(_), _) => Err(Refusal::GameOver),

            (Phase::Placement { .. }, Action::Place { knight, space }) => {
                let seat = self.to_act().unwrap_or(self.active);
                let st = self.knight_ok(*knight)?;
                if st.owner != Some(seat) {
                    return Err(Refusal::NotYourKnight(*knight));
                }
                if st.at.is_some() {
                    return Err(Refusal::AlreadyInHall(*knight));
                }
                if self.space_ok(*space)?.rank != Rank::Equites {
                    return Err(Refusal::OpeningOffEquites(*space));
                }
                if let Some(other) = self.knight_at(*space) {
                    return Err(Refusal::SpaceHeld(other, *space));
                }
                Ok(())
            }
            (Phase::Placement { .. }, _) => Err(Refusal::PlacementFirst),

            (Phase::Play, Action::Play { card, effect }) => self.check_play(*card, *effect),
            (Phase::Play, Action::EndPlay) => Ok(()),
            (Phase::Play, Action::Discard(_) | Action::Draw) => Err(Refusal::NotBeforeEndOfPlay),
            (Phase::Play, Action::ChooseFollowerLoss(_)) => Err(Refusal::NoFollowerToChoose),
            (Phase::Play | Phase::End | Phase::FollowerLoss { .. }, Action::Place { .. }) => {
                Err(Refusal::PlacementOver)
            }

            (Phase::FollowerLoss { knight, options }, Action::ChooseFollowerLoss(card)) => {
                if options.contains(card) {
                    Ok(())
                } else {
                    Err(Refusal::NoSuchFollower(*knight, *card))
                }
            }
            (Phase::FollowerLoss { knight, .. }, _) => Err(Refusal::ChooseFollowerFirst(*knight)),

            (Phase::End, Action::Discard(card)) => {
                if self.hands.get(self.active).is_some_and(|h| h.contains(card)) {
                    Ok(())
                } else {
                    Err(Refusal::NotHeld(*card))
                }
            }
            (Phase::End, Action::Draw) => Ok(()),
            (Phase::End, Action::Play { .. }) => {
                if self.played >= rules.max_cards_per_turn {
                    Err(Refusal::CardLimit)
                } else {
                    Err(Refusal::PlayOver)
                }
            }
            (Phase::End, Action::EndPlay) => Err(Refusal::PlayAlreadyEnded),
            (Phase::End, Action::ChooseFollowerLoss(_)) => Err(Refusal::NoFollowerToChoose),
        }
    }

    fn check_play(&self, card: CardKind, effect: Effect) -> Result<(), Refusal> {
        let rules = &self.content.rules;
        let seat = self.active;
        if !self.hands.get(seat).is_some_and(|h| h.contains(&card)) {
            return Err(Refusal::NotHeld(card));
        }
        if self.played >= rules.max_cards_per_turn {
            return Err(Refusal::CardLimit);
        }
        if !card_does(card, effect) {
            return Err(Refusal::CardCannot(card));
        }
        match effect {
            Effect::Enter { knight, space } => {
                let st = self.knight_ok(knight)?;
                if st.owner != Some(seat) {
                    return Err(Refusal::EnterOthers);
                }
                if st.at.is_some() {
                    return Err(Refusal::EnterFromHall(knight));
                }
                if self.space_ok(space)?.rank != Rank::Equites {
                    return Err(Refusal::EnterOffEquites(space));
                }
                if let Some(other) = self.knight_at(space)
                    && self.owner(other) == Some(seat)
                    && !rules.allow_move_onto_own_faction
                {
                    return Err(Refusal::EnterOntoOwn(other, space));
                }
                Ok(())
            }
            Effect::Step { knight, to } => {
                let from = self.in_hall(knight)?;
                self.space_ok(to)?;
                if !self.content.adjacent(from, to) {
                    return Err(Refusal::NoLine(from, to));
                }
                if let Some(other) = self.knight_at(to)
                    && self.owner(other) == self.owner(knight)
                    && !rules.allow_move_onto_own_faction
                {
                    return Err(Refusal::StepOntoOwn(other, to, knight));
                }
                Ok(())
            }
            Effect::Exit { knight } => {
                let at = self.in_hall(knight)?;
                match self.content.rank(at) {
                    Some(Rank::Equites) => Ok(()),
                    _ => Err(Refusal::ExitAboveEquites(knight, at)),
                }
            }
            Effect::Gossip { knight } => {
                self.in_hall(knight)?;
                if !rules.allow_gossip_own && self.owner(knight) == Some(seat) {
                    return Err(Refusal::GossipOwn);
                }
                Ok(())
            }
            Effect::Banish { knight } => {
                self.in_hall(knight)?;
                if !rules.allow_banish_own && self.owner(knight) == Some(seat) {
                    return Err(Refusal::BanishOwn);
                }
                Ok(())
            }
            Effect::Score => Ok(()),
            Effect::Merlin { a, b } => {
                if a == b {
                    return Err(Refusal::MerlinSame);
                }
                self.in_hall(a)?;
                self.in_hall(b)?;
                Ok(())
            }
            Effect::Follow { knight } => {
                let st = self.knight_ok(knight)?;
                if st.at.is_none() {
                    return Err(Refusal::FollowerToReserve(knight));
                }
                if rules.followers_on_own_knights_only && st.owner != Some(seat) {
                    return Err(Refusal::FollowerToOthers);
                }
                if st.followers.len() >= rules.max_followers {
                    return Err(Refusal::FollowersFull(knight));
                }
                Ok(())
            }
        }
    }

    /// Why a card in the hand of the seat to act cannot be used now. `None` when some legal
    /// action uses it (a play of it, or its discard in the end phase); otherwise the card's most
    /// natural use now — `Action::Play` with the effect a player clicking it would mean (see
    /// `natural_effect`), or its discard in the end phase — with the words `apply` refuses it
    /// with (so a click that sends it gets the same words). Outside the play phase the words say
    /// what the decision is (the opening placement, a follower to choose, the game's end). For
    /// the window's hover and click only: it lists the legal actions and formats the words.
    pub fn card_refusal(&self, card: CardKind) -> Option<(Action, String)> {
        let mut legal = Vec::new();
        self.legal_into(&mut legal);
        let uses = |a: &Action| matches!(*a, Action::Play { card: c, .. } | Action::Discard(c) if c == card);
        if legal.iter().any(uses) {
            return None;
        }
        let action = match self.phase {
            Phase::End => Action::Discard(card),
            _ => Action::Play {
                card,
                effect: self.natural_effect(card),
            },
        };
        self.check(&action).err().map(|r| (action, self.explain(r)))
    }

    /// The effect a player picking `card` means when it has no legal use, aimed where the rule
    /// that stops it shows: a Move brings a Reserve knight onto the Equites row (else steps, then
    /// takes out, a knight in the hall); Gossip and Banish aim at another seat's knight in the
    /// hall, else one's own; Merlin swaps the first two knights of the hall (one of them missing
    /// when fewer stand there); a follower joins one of one's knights in the hall, else one in the
    /// Reserve; Score and a Dwarf score.
    fn natural_effect(&self, card: CardKind) -> Effect {
        let seat = self.to_act().unwrap_or(self.active);
        let hall = || {
            self.board
                .iter()
                .enumerate()
                .filter_map(|(s, k)| k.map(|k| (k, SpaceId(s as u8))))
        };
        let mine = |k: &KnightId| self.owner(*k) == Some(seat);
        let my_hall = hall().map(|(k, _)| k).find(mine);
        let their_hall = hall().map(|(k, _)| k).find(|k| !mine(k));
        let reserve = self.reserve_of(seat).next();
        // Any knight of this game, for a target when the hall is empty.
        let anyone = reserve.or(my_hall).or(their_hall).unwrap_or_else(|| {
            let i = self.knights.iter().position(|st| st.owner.is_some()).unwrap_or(0);
            KnightId(i as u8)
        });
        match card {
            CardKind::Score | CardKind::Dwarf => Effect::Score,
            CardKind::Move => {
                if let (Some(knight), Some(space)) = (reserve, self.content.equites().next()) {
                    return Effect::Enter { knight, space };
                }
                let Some((knight, at)) = hall().find(|(k, _)| mine(k)).or_else(|| hall().next()) else {
                    return Effect::Exit { knight: anyone };
                };
                match self.content.space(at).and_then(|s| s.neighbours.first()) {
                    Some(&to) => Effect::Step { knight, to },
                    None => Effect::Exit { knight },
                }
            }
            CardKind::Gossip => Effect::Gossip {
                knight: their_hall.or(my_hall).unwrap_or(anyone),
            },
            CardKind::Banish => Effect::Banish {
                knight: their_hall.or(my_hall).unwrap_or(anyone),
            },
            CardKind::Merlin => {
                let mut standing = hall().map(|(k, _)| k);
                let a = standing.next().unwrap_or(anyone);
                let b = standing.next().unwrap_or_else(|| {
                    // Someone not in the hall: one's own Reserve, else any other knight of the game.
                    self.reserve_of(seat).find(|&k| k != a).unwrap_or_else(|| {
                        let i = (0..self.knights.len())
                            .find(|&i| self.knights[i].owner.is_some() && KnightId(i as u8) != a)
                            .unwrap_or(0);
                        KnightId(i as u8)
                    })
                });
                Effect::Merlin { a, b }
            }
            CardKind::Priest(_) | CardKind::Soldier(_) => {
                let own_only = self.content.rules.followers_on_own_knights_only;
                let candidate = if own_only {
                    my_hall
                } else {
                    hall().next().map(|(k, _)| k)
                };
                Effect::Follow {
                    knight: candidate.or(reserve).unwrap_or(anyone),
                }
            }
        }
    }

    /// A refusal in words.
    pub(in crate::rules::court) fn explain(&self, refusal: Refusal) -> String {
        let rules = &self.content.rules;
        let name = |k: KnightId| self.name(k);
        let space = |s: SpaceId| self.space_name(s);
        let rank = |s: SpaceId| self.content.rank(s).map_or("?", Rank::name);
        match refusal {
            Refusal::GameOver => "the game is over".into(),
            Refusal::NoSuchKnight(k) => format!("there is no knight number {}", k.0),
            Refusal::NotInGame(k) => format!("{} is not in this game", name(k)),
            Refusal::NotInHall(k) => format!("{} is not in the Great Hall", name(k)),
            Refusal::NoSuchSpace(s) => format!("there is no space number {}", s.0),
            Refusal::NotYourKnight(k) => format!("{} is not one of your knights", name(k)),
            Refusal::AlreadyInHall(k) => format!("{} is already in the hall", name(k)),
            Refusal::OpeningOffEquites(s) => format!(
                "opening knights go on the Equites row, and {} is a {} space",
                space(s),
                rank(s)
            ),
            Refusal::SpaceHeld(k, s) => format!("{} already holds {}", name(k), space(s)),
            Refusal::PlacementFirst => "first every player places their opening knights on the Equites row".into(),
            Refusal::NotBeforeEndOfPlay => "discarding and drawing come after you end your play".into(),
            Refusal::NoFollowerToChoose => "there is no follower to choose".into(),
            Refusal::PlacementOver => "the opening placement is over; knights now enter the hall with a Move".into(),
            Refusal::NoSuchFollower(k, card) => format!("{} has no {card} follower", name(k)),
            Refusal::ChooseFollowerFirst(k) => format!("first choose which follower {} loses", name(k)),
            Refusal::NotHeld(card) => format!("you hold no {card} card"),
            Refusal::CardLimit => format!("you have played {} cards this turn", rules.max_cards_per_turn),
            Refusal::PlayOver => format!("your play is over this turn; discard or draw up to {}", rules.hand_size),
            Refusal::PlayAlreadyEnded => "your play has already ended".into(),
            Refusal::CardCannot(card) => match card {
                CardKind::Dwarf => "a Dwarf can stand in only for Score, Move, Gossip or Banish".to_string(),
                CardKind::Priest(_) | CardKind::Soldier(_) => {
                    format!("a {card} card can only join one of your knights as a follower")
                }
                _ => format!("a {card} card cannot do that"),
            },
            Refusal::EnterOthers => "a Move can only bring your own knights into the hall".into(),
            Refusal::EnterFromHall(k) => format!("{} is already in the hall; use a Step to move him", name(k)),
            Refusal::EnterOffEquites(s) => format!(
                "knights enter the hall only on an Equites space, and {} is a {} space",
                space(s),
                rank(s)
            ),
            Refusal::EnterOntoOwn(k, s) => format!("{} holds {} and is of your own faction", name(k), space(s)),
            Refusal::NoLine(from, to) => format!("no Movement Line joins {} to {}", space(from), space(to)),
            Refusal::StepOntoOwn(other, s, k) => format!(
                "{} holds {} and is of {}'s own faction (use Merlin to swap them)",
                name(other),
                space(s),
                name(k)
            ),
            Refusal::ExitAboveEquites(k, at) => format!(
                "only an Equites can be moved out of the hall, and {} is a {}",
                name(k),
                rank(at)
            ),
            Refusal::GossipOwn => "Gossip cannot target your own knights".into(),
            Refusal::BanishOwn => "Banish cannot target your own knights".into(),
            Refusal::MerlinSame => "Merlin swaps two different knights".into(),
            Refusal::FollowerToReserve(k) => format!(
                "followers can only join knights in the hall, and {} is in the Reserve",
                name(k)
            ),
            Refusal::FollowerToOthers => "followers can only join your own knights".into(),
            Refusal::FollowersFull(k) => {
                format!("{} already has {} followers", name(k), number_word(rules.max_followers))
            }
        }
    }
}
