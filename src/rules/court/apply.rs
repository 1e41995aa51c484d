//! Setup, the legal actions, validation and resolution.
//!
//! `check` is the one judge of legality. It answers with a `Refusal`, a small value that costs
//! nothing to build; `explain` turns it into words only when an action is actually refused.
//! `legal_into` generates exactly the actions `check` accepts, by construction (a test holds the
//! two together), so listing the legal moves never formats a message. `apply` checks before
//! `execute` changes anything, so a refused action leaves the state untouched; `execute` reports
//! through a `Report`, which builds no events at all when nobody reads them (searches,
//! simulations).

use super::*;
use arrayvec::ArrayVec;

/// Why an action is refused, with what the words need. See `Court::explain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    GameOver,
    NoSuchKnight(KnightId),
    NotInGame(KnightId),
    NotInHall(KnightId),
    NoSuchSpace(SpaceId),
    NotYourKnight(KnightId),
    AlreadyInHall(KnightId),
    OpeningOffEquites(SpaceId),
    SpaceHeld(KnightId, SpaceId),
    PlacementFirst,
    NotBeforeEndOfPlay,
    NoFollowerToChoose,
    PlacementOver,
    NoSuchFollower(KnightId, CardKind),
    ChooseFollowerFirst(KnightId),
    NotHeld(CardKind),
    CardLimit,
    PlayOver,
    PlayAlreadyEnded,
    CardCannot(CardKind),
    EnterOthers,
    EnterFromHall(KnightId),
    EnterOffEquites(SpaceId),
    EnterOntoOwn(KnightId, SpaceId),
    NoLine(SpaceId, SpaceId),
    /// The knight on the space, the space, the knight moved.
    StepOntoOwn(KnightId, SpaceId, KnightId),
    ExitAboveEquites(KnightId, SpaceId),
    GossipOwn,
    BanishOwn,
    MerlinSame,
    FollowerToReserve(KnightId),
    FollowerToOthers,
    FollowersFull(KnightId),
}

/// Whether a card can have this kind of effect: a Move moves; a Dwarf stands in for Score, Move,
/// Gossip or Banish; Priests and Soldiers follow; the rest do what they say.
fn card_does(card: CardKind, effect: Effect) -> bool {
    match card {
        CardKind::Move => effect.is_move(),
        CardKind::Dwarf => {
            effect.is_move() || matches!(effect, Effect::Gossip { .. } | Effect::Banish { .. } | Effect::Score)
        }
        CardKind::Gossip => matches!(effect, Effect::Gossip { .. }),
        CardKind::Banish => matches!(effect, Effect::Banish { .. }),
        CardKind::Score => matches!(effect, Effect::Score),
        CardKind::Merlin => matches!(effect, Effect::Merlin { .. }),
        CardKind::Priest(_) | CardKind::Soldier(_) => matches!(effect, Effect::Follow { .. }),
    }
}

/// The distinct cards of a hand in sorted order, without allocating (hands are small).
fn sorted_kinds(hand: &[CardKind]) -> impl Iterator<Item = CardKind> + '_ {
    let mut last: Option<CardKind> = None;
    std::iter::from_fn(move || {
        let next = hand.iter().copied().filter(|&c| last.is_none_or(|l| c > l)).min()?;
        last = Some(next);
        Some(next)
    })
}

/// No seat, in `Scan`'s one-byte owners.
const NOBODY: u8 = u8::MAX;

/// A knight in the hall as the legal plays need him.
#[derive(Clone, Copy)]
struct InHall {
    knight: KnightId,
    at: SpaceId,
    equites: bool,
    /// The owning seat, or `NOBODY`.
    owner: u8,
    followers: u8,
}

/// What the legal plays of a turn look at, gathered once for every card in hand. The lists
/// live on the stack and are never initialised beyond what is pushed; content validation
/// keeps halls and rosters within 255 (`content::MAX_IDS`), so they cannot overflow.
struct Scan {
    /// The knights in the hall, in board order.
    hall: ArrayVec<InHall, 255>,
    /// The seat owning the knight on each space (`NOBODY` when empty), by space.
    held: [u8; 255],
    /// The active player's Reserve knights, in knight order (gathered only for a Move).
    reserve: ArrayVec<KnightId, 255>,
    /// The Equites spaces a Reserve knight may enter, in hall order (only for a Move).
    entries: ArrayVec<SpaceId, 255>,
}

fn seat_byte(owner: Option<Seat>) -> u8 {
    owner.map_or(NOBODY, |s| s.min(NOBODY as usize - 1) as u8)
}

impl Scan {
    fn new() -> Scan {
        Scan {
            hall: ArrayVec::new(),
            held: [NOBODY; 255],
            reserve: ArrayVec::new(),
            entries: ArrayVec::new(),
        }
    }

    /// Gathers the lists from `g` in place (they are too large to move cheaply); the Reserve
    /// and the entry spaces only when `moves`.
    fn fill(&mut self, g: &Court, moves: bool) {
        let c = &*g.content;
        let me = seat_byte(Some(g.active));
        let onto_own = c.rules.allow_move_onto_own_faction;
        for ((s, cell), space) in g.board.iter().enumerate().zip(&c.spaces).take(255) {
            let at = SpaceId(s as u8);
            let equites = space.rank == Rank::Equites;
            let mut owner = NOBODY;
            if let Some(knight) = *cell
                && let Some(st) = g.knights.get(knight.index())
            {
                owner = seat_byte(st.owner);
                self.held[s] = owner;
                let _ = self.hall.try_push(InHall {
                    knight,
                    at,
                    equites,
                    owner,
                    followers: st.followers.len().min(255) as u8,
                });
            }
            if moves && equites && (onto_own || owner != me) {
                let _ = self.entries.try_push(at);
            }
        }
        if moves {
            for k in g.reserve_of(g.active) {
                let _ = self.reserve.try_push(k);
            }
        }
    }

    fn held(&self, s: SpaceId) -> u8 {
        self.held.get(s.index()).copied().unwrap_or(NOBODY)
    }
}

/// Where resolution reports what happened: into a list for the table and its log, or nowhere
/// for a search, in which case no event (and nothing inside one) is ever built.
pub(super) struct Report<'a>(pub(super) Option<&'a mut Vec<Tagged<Event>>>);

impl Report<'_> {
    /// Whether anyone reads the events.
    fn is_on(&self) -> bool {
        self.0.is_some()
    }
    fn public(&mut self, event: impl FnOnce() -> Event) {
        if let Some(out) = self.0.as_deref_mut() {
            out.push(Tagged::public(event()));
        }
    }
    fn only(&mut self, seat: Seat, event: impl FnOnce() -> Event) {
        if let Some(out) = self.0.as_deref_mut() {
            out.push(Tagged::only(seat, event()));
        }
    }
}

impl Court {
    // -----------------------------------------------------------------------------------------
    // Setup

    pub(super) fn setup(config: &TableConfig, content: Arc<CourtContent>) -> Result<Court, SetupError> {
        let n = config.players();
        let (lo, hi) = GameId::Court.seats();
        if n < lo || n > hi {
            return Err(SetupError(format!(
                "Camelot – The Court takes {lo} to {hi} players, not {n}"
            )));
        }
        if n > content.factions.len() {
            return Err(SetupError(format!(
                "there are only {} factions for {n} players",
                content.factions.len()
            )));
        }
        let rules = &content.rules;

        // The points target.
        let target_text = config.variant("target", "default").trim();
        let target = if target_text.is_empty() || target_text.eq_ignore_ascii_case("default") {
            rules.default_target
        } else {
            match target_text.parse::<i64>() {
                Ok(t) if t > 0 => t,
                _ => {
                    return Err(SetupError(format!(
                        "the points target must be a positive whole number, not \"{target_text}\""
                    )));
                }
            }
        };

        // The factions, in seat order.
        let faction_text = config.variant("factions", "default").trim();
        let factions: Vec<FactionId> = if faction_text.is_empty() || faction_text.eq_ignore_ascii_case("default") {
            (0..n).map(|i| FactionId(i as u8)).collect()
        } else {
            let mut chosen = Vec::new();
            for name in faction_text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let Some(f) = content.faction_named(name) else {
                    let known: Vec<&str> = content.factions.iter().map(|f| f.id.as_str()).collect();
                    return Err(SetupError(format!(
                        "there is no faction \"{name}\" (the factions are {})",
                        known.join(", ")
                    )));
                };
                if chosen.contains(&f) {
                    return Err(SetupError(format!("faction \"{name}\" is chosen twice")));
                }
                chosen.push(f);
            }
            if chosen.len() < n {
                return Err(SetupError(format!(
                    "{n} players need {n} factions, but only {} are named",
                    chosen.len()
                )));
            }
            chosen.truncate(n);
            chosen
        };

        // The tights rule: seat numbers from 1.
        let mut tights = Vec::new();
        for part in config
            .variant("tights", "")
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            match part.parse::<usize>() {
                Ok(s) if (1..=n).contains(&s) => {
                    if !tights.contains(&(s - 1)) {
                        tights.push(s - 1);
                    }
                }
                _ => {
                    return Err(SetupError(format!(
                        "tights names seats by number from 1 to {n}, not \"{part}\""
                    )));
                }
            }
        }

        let equites = content.equites().count();
        let need = rules.opening_knights * n;
        if equites < need {
            return Err(SetupError(format!(
                "{n} players need {need} Equites spaces for their opening knights, but the hall has {equites}"
            )));
        }
        if content.deck_cards().len() < rules.hand_size * n {
            return Err(SetupError(format!(
                "the deck is too small to deal {} cards to each of {n} players",
                rules.hand_size
            )));
        }

        let mut knights = vec![KnightState::default(); content.knights.len()];
        for (seat, f) in factions.iter().enumerate() {
            if let Some(faction) = content.faction(*f) {
                for k in &faction.knights {
                    if let Some(st) = knights.get_mut(k.index()) {
                        st.owner = Some(seat);
                    }
                }
            }
        }

        let mut rng = GameRng::seeded(config.seed);
        let mut draw = content.deck_cards();
        rng.shuffle(&mut draw);
        let mut hands = vec![Vec::new(); n];
        for _ in 0..rules.hand_size {
            for hand in hands.iter_mut() {
                if let Some(c) = draw.pop() {
                    hand.push(c);
                }
            }
        }
        let mut opening = Vec::new();
        for (seat, hand) in hands.iter().enumerate() {
            opening.push(Tagged::only(
                seat,
                Event::Dealt {
                    seat,
                    cards: hand.clone(),
                },
            ));
            opening.push(Tagged::public(Event::DealtCount {
                seat,
                count: hand.len(),
            }));
        }

        // First player: the tights rule, else a d6 roll-off; tied players roll again (or, where
        // the rules file says so, the first of them in seat order starts).
        let first = if tights.len() == 1 {
            opening.push(Tagged::public(Event::FirstPlayer {
                seat: tights[0],
                tights: true,
            }));
            tights[0]
        } else {
            let mut rollers: Vec<Seat> = if tights.is_empty() { (0..n).collect() } else { tights };
            let mut rounds = 0;
            loop {
                rounds += 1;
                let rolls: Vec<(Seat, u8)> = rollers.iter().map(|&s| (s, rng.d6())).collect();
                let best = rolls.iter().map(|&(_, r)| r).max().unwrap_or(0);
                opening.push(Tagged::public(Event::RollOff { rolls: rolls.clone() }));
                rollers = rolls.iter().filter(|&&(_, r)| r == best).map(|&(s, _)| s).collect();
                if rollers.len() <= 1 || rounds >= 1000 || !rules.first_player_ties_reroll {
                    break;
                }
            }
            let seat = rollers.first().copied().unwrap_or(0);
            opening.push(Tagged::public(Event::FirstPlayer { seat, tights: false }));
            seat
        };

        Ok(Court {
            board: vec![None; content.spaces.len()],
            content,
            seat_names: (0..n)
                .map(|s| config.seat_name(s).to_string())
                .collect::<Vec<_>>()
                .into(),
            factions,
            target,
            knights,
            hands,
            draw,
            discard: Vec::new(),
            scores: vec![0; n],
            phase: Phase::Placement { step: 0 },
            active: first,
            first,
            played: 0,
            turn: 0,
            rng,
            rigged: VecDeque::new(),
            opening,
        })
    }

    pub(super) fn players(&self) -> usize {
        self.hands.len()
    }

    fn name(&self, k: KnightId) -> &str {
        self.content.knight_name(k)
    }

    fn space_name(&self, s: SpaceId) -> &str {
        self.content.space_name(s)
    }

    fn seat_name(&self, seat: Seat) -> &str {
        self.seat_names.get(seat).map_or("?", String::as_str)
    }

    // -----------------------------------------------------------------------------------------
    // Pending decision

    /// The seat deciding now, if any.
    pub(super) fn to_act(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Finished(_) => None,
            Phase::Placement { step } => Some((self.first + step) % self.players().max(1)),
            _ => Some(self.active),
        }
    }

    pub(super) fn pending_decision(&self) -> Pending {
        let rules = &self.content.rules;
        let seat = self.to_act().unwrap_or(self.active);
        let prompt = match &self.phase {
            Phase::Finished(o) => return Pending::Finished(o.clone()),
            Phase::Placement { step } => format!(
                "Place a knight on an empty Equites space (round {} of {})",
                step / self.players().max(1) + 1,
                rules.opening_knights
            ),
            Phase::Play => format!(
                "Play a card or end your play ({} of {} played)",
                self.played, rules.max_cards_per_turn
            ),
            Phase::FollowerLoss { knight, .. } => {
                format!("Choose which follower {} loses", self.name(*knight))
            }
            Phase::End => format!("Discard any cards you like, then draw up to {}", rules.hand_size),
        };
        Pending::Decide {
            seat,
            prompt,
            private: true,
        }
    }

    // -----------------------------------------------------------------------------------------
    // Validation

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

    fn owner(&self, k: KnightId) -> Option<Seat> {
        self.knights.get(k.index()).and_then(|st| st.owner)
    }

    /// Checks an action against the rules without changing anything; a refusal says why in words.
    pub(super) fn validate(&self, action: &Action) -> Result<(), RuleError> {
        self.check(action).map_err(|r| RuleError(self.explain(r)))
    }

    /// The one judge of legality: `Ok` or the reason as a `Refusal`, which costs nothing to
    /// build (`explain` puts it into words only when an action is actually refused).
    pub(super) fn check(&self, action: &Action) -> Result<(), Refusal> {
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
    pub(super) fn explain(&self, refusal: Refusal) -> String {
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

    // -----------------------------------------------------------------------------------------
    // Legal actions

    /// A seat's Reserve knights, in knight order: those of its faction (listed in knight
    /// order, as the knights file nests them) not in the hall.
    fn reserve_of(&self, seat: Seat) -> impl Iterator<Item = KnightId> + '_ {
        let faction = self.factions.get(seat).and_then(|&f| self.content.faction(f));
        faction
            .map_or(&[][..], |f| f.knights.as_slice())
            .iter()
            .copied()
            .filter(move |k| {
                self.knights
                    .get(k.index())
                    .is_some_and(|st| st.owner == Some(seat) && st.at.is_none())
            })
    }

    /// Every action `check` accepts now, without duplicates, into `out` (cleared first).
    ///
    /// Built by construction from the conditions `check` tests, so that nothing is built only
    /// to be refused and no message is ever formatted here; the test
    /// `legal_actions_are_exactly_the_accepted_ones` holds the two together over every action
    /// there is. The order is part of the game's behaviour (a seed replays the same game), so it
    /// stays: placements by knight then space; plays by card kind (sorted), within a card Enter,
    /// Step, Exit, Gossip, Banish, Score, Merlin, Follow, then End play; discards by card kind,
    /// then Draw.
    pub(super) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let c = &*self.content;
        match &self.phase {
            Phase::Finished(_) => {}
            Phase::Placement { .. } => {
                let Some(seat) = self.to_act() else { return };
                for knight in self.reserve_of(seat) {
                    for space in c.equites().filter(|&s| self.knight_at(s).is_none()) {
                        out.push(Action::Place { knight, space });
                    }
                }
            }
            Phase::Play => {
                if self.played < c.rules.max_cards_per_turn {
                    let hand = self.hand_of(self.active);
                    let mut scan = Scan::new();
                    scan.fill(self, hand.iter().any(|c| matches!(c, CardKind::Move | CardKind::Dwarf)));
                    for card in sorted_kinds(hand) {
                        self.push_plays(card, &scan, out);
                    }
                }
                out.push(Action::EndPlay);
            }
            Phase::FollowerLoss { options, .. } => {
                out.extend(options.iter().map(|&c| Action::ChooseFollowerLoss(c)));
            }
            Phase::End => {
                out.extend(sorted_kinds(self.hand_of(self.active)).map(Action::Discard));
                out.push(Action::Draw);
            }
        }
    }

    /// The legal plays of one card the active player holds, in `legal_into`'s order.
    fn push_plays(&self, card: CardKind, scan: &Scan, out: &mut Vec<Action>) {
        let c = &*self.content;
        let rules = &c.rules;
        let me = seat_byte(Some(self.active));
        let play = |effect: Effect| Action::Play { card, effect };
        if matches!(card, CardKind::Move | CardKind::Dwarf) {
            let onto_own = rules.allow_move_onto_own_faction;
            for &knight in &scan.reserve {
                out.extend(scan.entries.iter().map(|&space| play(Effect::Enter { knight, space })));
            }
            for h in &scan.hall {
                for &to in c.space(h.at).map_or(&[][..], |s| &s.neighbours) {
                    // Onto an empty space, or a knight of another faction.
                    if onto_own || scan.held(to) == NOBODY || scan.held(to) != h.owner {
                        out.push(play(Effect::Step { knight: h.knight, to }));
                    }
                }
            }
            for h in scan.hall.iter().filter(|h| h.equites) {
                out.push(play(Effect::Exit { knight: h.knight }));
            }
        }
        if matches!(card, CardKind::Gossip | CardKind::Dwarf) {
            for h in scan.hall.iter().filter(|h| rules.allow_gossip_own || h.owner != me) {
                out.push(play(Effect::Gossip { knight: h.knight }));
            }
        }
        if matches!(card, CardKind::Banish | CardKind::Dwarf) {
            for h in scan.hall.iter().filter(|h| rules.allow_banish_own || h.owner != me) {
                out.push(play(Effect::Banish { knight: h.knight }));
            }
        }
        if matches!(card, CardKind::Score | CardKind::Dwarf) {
            out.push(play(Effect::Score));
        }
        if card == CardKind::Merlin {
            // Every ordered pair of two different knights.
            for (i, a) in scan.hall.iter().enumerate() {
                let merlin = |b: &InHall| {
                    play(Effect::Merlin {
                        a: a.knight,
                        b: b.knight,
                    })
                };
                out.extend(scan.hall[..i].iter().map(merlin));
                out.extend(scan.hall[i + 1..].iter().map(merlin));
            }
        }
        if card.is_follower() {
            for h in &scan.hall {
                if (!rules.followers_on_own_knights_only || h.owner == me)
                    && (h.followers as usize) < rules.max_followers
                {
                    out.push(play(Effect::Follow { knight: h.knight }));
                }
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Resolution (only ever called on a validated action)

    fn roll(&mut self) -> u8 {
        while let Some(r) = self.rigged.pop_front() {
            if (1..=6).contains(&r) {
                return r;
            }
        }
        self.rng.d6()
    }

    pub(super) fn execute(&mut self, action: &Action, ev: &mut Report) {
        match *action {
            Action::Place { knight, space } => {
                let seat = self.to_act().unwrap_or(self.active);
                self.put(knight, space);
                ev.public(|| Event::Placed { seat, knight, space });
                if let Phase::Placement { step } = self.phase {
                    let step = step + 1;
                    if step >= self.players() * self.content.rules.opening_knights {
                        self.start_turn(self.first, ev);
                    } else {
                        self.phase = Phase::Placement { step };
                        self.active = (self.first + step) % self.players();
                    }
                }
            }
            Action::Play { card, effect } => {
                self.play(card, effect, ev);
                self.maybe_end_play(ev);
            }
            Action::ChooseFollowerLoss(card) => {
                if let Phase::FollowerLoss { knight, .. } = self.phase {
                    self.lose_follower(knight, card, ev);
                    self.phase = Phase::Play;
                    self.maybe_end_play(ev);
                }
            }
            Action::EndPlay => self.end_play(ev),
            Action::Discard(card) => {
                let seat = self.active;
                if let Some(hand) = self.hands.get_mut(seat)
                    && let Some(i) = hand.iter().position(|&c| c == card)
                {
                    hand.remove(i);
                    self.discard.push(card);
                    ev.public(|| Event::Discarded { seat, card });
                }
            }
            Action::Draw => {
                self.refill(ev);
                let next = (self.active + 1) % self.players();
                self.start_turn(next, ev);
            }
        }
    }

    fn start_turn(&mut self, seat: Seat, ev: &mut Report) {
        self.active = seat;
        self.played = 0;
        self.turn += 1;
        self.phase = Phase::Play;
        let turn = self.turn;
        ev.public(|| Event::TurnStarted { seat, turn });
    }

    fn end_play(&mut self, ev: &mut Report) {
        self.phase = Phase::End;
        let seat = self.active;
        ev.public(|| Event::PlayEnded { seat });
    }

    /// Play ends by itself once no further card can be played.
    fn maybe_end_play(&mut self, ev: &mut Report) {
        if self.phase == Phase::Play {
            let empty = self.hands.get(self.active).is_none_or(Vec::is_empty);
            if empty || self.played >= self.content.rules.max_cards_per_turn {
                self.end_play(ev);
            }
        }
    }

    /// Puts a knight (not in the hall) onto an empty space.
    fn put(&mut self, k: KnightId, s: SpaceId) {
        if let (Some(st), Some(cell)) = (self.knights.get_mut(k.index()), self.board.get_mut(s.index())) {
            st.at = Some(s);
            *cell = Some(k);
        }
    }

    /// Sends a knight in the hall to his owner's Reserve; as the rules file says, his followers
    /// are discarded and he turns face up.
    fn send_to_reserve(&mut self, k: KnightId, cause: LeaveCause, ev: &mut Report) {
        let rules = &self.content.rules;
        let Some(st) = self.knights.get_mut(k.index()) else {
            return;
        };
        let Some(from) = st.at.take() else { return };
        if rules.leaving_turns_face_up {
            st.scandalised = false;
        }
        let discards = rules.leaving_discards_followers;
        ev.public(|| Event::ToReserve {
            knight: k,
            from,
            discarded: if discards { st.followers.clone() } else { Vec::new() },
            cause,
        });
        if discards {
            self.discard.append(&mut st.followers);
        }
        if let Some(cell) = self.board.get_mut(from.index()) {
            *cell = None;
        }
    }

    /// Two knights in the hall exchange spaces (followers and scandal go with them).
    fn swap(&mut self, a: KnightId, b: KnightId, ev: &mut Report) {
        let (Some(a_from), Some(b_from)) = (self.where_is(a), self.where_is(b)) else {
            return;
        };
        self.knights[a.index()].at = Some(b_from);
        self.knights[b.index()].at = Some(a_from);
        self.board[a_from.index()] = Some(b);
        self.board[b_from.index()] = Some(a);
        ev.public(|| Event::Swapped { a, a_from, b, b_from });
    }

    fn lose_follower(&mut self, k: KnightId, card: CardKind, ev: &mut Report) {
        let Some(st) = self.knights.get_mut(k.index()) else {
            return;
        };
        if let Some(i) = st.followers.iter().position(|&f| f == card) {
            st.followers.remove(i);
            self.discard.push(card);
            let chosen_by = self.active;
            ev.public(|| Event::FollowerLost {
                knight: k,
                follower: card,
                chosen_by,
            });
        }
    }

    fn play(&mut self, card: CardKind, effect: Effect, ev: &mut Report) {
        let seat = self.active;
        if let Some(hand) = self.hands.get_mut(seat)
            && let Some(i) = hand.iter().position(|&c| c == card)
        {
            hand.remove(i);
        }
        self.played += 1;
        let (first, second) = match effect {
            Effect::Merlin { a, b } => (Some(a), Some(b)),
            Effect::Score => (None, None),
            Effect::Enter { knight, .. }
            | Effect::Step { knight, .. }
            | Effect::Exit { knight }
            | Effect::Gossip { knight }
            | Effect::Banish { knight }
            | Effect::Follow { knight } => (Some(knight), None),
        };
        let at = [
            first.and_then(|k| self.where_is(k)),
            second.and_then(|k| self.where_is(k)),
        ];
        ev.public(|| Event::Played { seat, card, effect, at });
        // A spent card goes to the discard pile; a follower stays under its knight.
        if !card.is_follower() {
            self.discard.push(card);
        }
        // Onto a knight (of his own faction too, where the rules file allows that) a move is
        // a challenge.
        match effect {
            Effect::Enter { knight, space } => match self.knight_at(space) {
                None => {
                    self.put(knight, space);
                    ev.public(|| Event::Moved {
                        knight,
                        from: None,
                        to: space,
                    });
                }
                Some(defender) => {
                    if self.challenge(knight, defender, ev) {
                        self.send_to_reserve(defender, LeaveCause::LostEntryChallenge, ev);
                        self.put(knight, space);
                        ev.public(|| Event::Moved {
                            knight,
                            from: None,
                            to: space,
                        });
                    }
                }
            },
            Effect::Step { knight, to } => {
                let from = self.where_is(knight);
                match self.knight_at(to) {
                    None => {
                        if let Some(f) = from {
                            self.board[f.index()] = None;
                        }
                        self.put(knight, to);
                        ev.public(|| Event::Moved { knight, from, to });
                    }
                    Some(defender) => {
                        if self.challenge(knight, defender, ev) {
                            self.swap(knight, defender, ev);
                        }
                    }
                }
            }
            Effect::Exit { knight } => self.send_to_reserve(knight, LeaveCause::Exit, ev),
            Effect::Gossip { knight } => {
                let Some(st) = self.knights.get_mut(knight.index()) else {
                    return;
                };
                if st.scandalised {
                    st.scandalised = false;
                    ev.public(|| Event::Restored { knight });
                } else {
                    st.scandalised = true;
                    ev.public(|| Event::Scandalised { knight });
                    let mut options = st.followers.clone();
                    options.sort();
                    options.dedup();
                    match options.len() {
                        0 => {}
                        1 => self.lose_follower(knight, options[0], ev),
                        _ => self.phase = Phase::FollowerLoss { knight, options },
                    }
                }
            }
            Effect::Banish { knight } => {
                let power = self.effective_power(knight);
                let roll = self.roll();
                let success = (roll as i64) > power;
                ev.public(|| Event::BanishRoll {
                    knight,
                    roll,
                    power,
                    success,
                });
                if success {
                    self.send_to_reserve(knight, LeaveCause::Banished, ev);
                }
            }
            Effect::Score => self.score(ev),
            Effect::Merlin { a, b } => self.swap(a, b, ev),
            Effect::Follow { knight } => {
                if let Some(st) = self.knights.get_mut(knight.index()) {
                    st.followers.push(card);
                    ev.public(|| Event::FollowerAdded { knight, follower: card });
                }
            }
        }
    }

    fn where_is(&self, k: KnightId) -> Option<SpaceId> {
        self.knights.get(k.index()).and_then(|s| s.at)
    }

    /// Rolls a challenge; true when the challenger's total is strictly higher.
    fn challenge(&mut self, challenger: KnightId, defender: KnightId, ev: &mut Report) -> bool {
        let challenger_power = self.effective_power(challenger);
        let defender_power = self.effective_power(defender);
        let challenger_roll = self.roll();
        let defender_roll = self.roll();
        let won = challenger_power + challenger_roll as i64 > defender_power + defender_roll as i64;
        ev.public(|| Event::Challenge {
            challenger,
            defender,
            challenger_power,
            challenger_roll,
            defender_power,
            defender_roll,
            won,
        });
        won
    }

    /// The knights of a seat in the hall, in board order.
    fn knights_of(&self, seat: Seat) -> impl Iterator<Item = KnightId> + '_ {
        self.board
            .iter()
            .flatten()
            .copied()
            .filter(move |&k| self.owner(k) == Some(seat))
    }

    /// What a seat would score now, knight by knight.
    pub(super) fn breakdown(&self, seat: Seat) -> Vec<(KnightId, i64)> {
        self.knights_of(seat).map(|k| (k, self.score_value(k))).collect()
    }

    /// The seats in the order they score a Score card: the active player first, then the others
    /// in the order the rules file gives.
    pub(super) fn scoring_order(&self) -> impl Iterator<Item = Seat> + use<> {
        let n = self.players();
        let active = self.active;
        let against = self.content.rules.others_score == ScoringOrder::AgainstTurnOrder;
        (0..n).map(move |i| {
            if against {
                (active + n - i) % n
            } else {
                (active + i) % n
            }
        })
    }

    fn score(&mut self, ev: &mut Report) {
        for seat in self.scoring_order() {
            let points: i64 = self.knights_of(seat).map(|k| self.score_value(k)).sum();
            self.scores[seat] += points;
            let total = self.scores[seat];
            ev.public(|| Event::Scored {
                seat,
                points,
                total,
                knights: self.breakdown(seat),
            });
            if total >= self.target {
                ev.public(|| Event::Won { seat, total });
                self.phase = Phase::Finished(Outcome {
                    winners: vec![seat],
                    scores: self.scores.clone(),
                    summary: format!(
                        "{} reaches {total} of {} points and wins",
                        self.seat_name(seat),
                        self.target
                    ),
                });
                return;
            }
        }
        let mut restored = Vec::new();
        let mut any = false;
        for (i, st) in self.knights.iter_mut().enumerate() {
            if st.scandalised && st.at.is_some() {
                st.scandalised = false;
                any = true;
                if ev.is_on() {
                    restored.push(KnightId(i as u8));
                }
            }
        }
        if any {
            ev.public(|| Event::AllRestored { knights: restored });
        }
        self.end_play(ev);
    }

    /// Draws up to a full hand, reshuffling the discard pile into the draw pile when it runs out.
    fn refill(&mut self, ev: &mut Report) {
        let seat = self.active;
        let size = self.content.rules.hand_size;
        let before = self.hands.get(seat).map_or(0, Vec::len);
        while self.hands.get(seat).is_some_and(|h| h.len() < size) {
            if self.draw.is_empty() {
                if self.discard.is_empty() {
                    break;
                }
                self.draw.append(&mut self.discard);
                self.rng.shuffle(&mut self.draw);
                let cards = self.draw.len();
                ev.public(|| Event::Reshuffled { cards });
            }
            if let Some(c) = self.draw.pop() {
                self.hands[seat].push(c);
            }
        }
        let hand = self.hand_of(seat);
        let count = hand.len().saturating_sub(before);
        if count > 0 {
            ev.only(seat, || Event::Drew {
                seat,
                cards: hand[before..].to_vec(),
            });
            ev.public(|| Event::DrewCount { seat, count });
        }
    }
}

pub(super) fn number_word(n: usize) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        other => other.to_string(),
    }
}
