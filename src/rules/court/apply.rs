//! Setup, the legal actions, validation (which says why in words) and resolution.
//!
//! `validate` is the one judge of legality: `legal` lists candidates built from the rules and
//! keeps those `validate` accepts, and `apply` validates before `execute` changes anything, so a
//! refused action leaves the state untouched.

use super::*;

fn err<T>(message: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError(message.into()))
}

impl Court {
    // -----------------------------------------------------------------------------------------
    // Setup

    pub(super) fn setup(config: &TableConfig, content: &CourtContent) -> Result<Court, SetupError> {
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

        // First player: the tights rule, else a d6 roll-off; tied players roll again.
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
                if rollers.len() <= 1 || rounds >= 1000 {
                    break;
                }
            }
            let seat = rollers.first().copied().unwrap_or(0);
            opening.push(Tagged::public(Event::FirstPlayer { seat, tights: false }));
            seat
        };

        Ok(Court {
            content: Arc::new(content.clone()),
            seat_names: (0..n).map(|s| config.seat_name(s).to_string()).collect(),
            factions,
            target,
            knights,
            board: vec![None; content.spaces.len()],
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
    fn knight_ok(&self, k: KnightId) -> Result<&KnightState, RuleError> {
        match self.knights.get(k.index()) {
            None => err(format!("there is no knight number {}", k.0)),
            Some(st) if st.owner.is_none() => err(format!("{} is not in this game", self.name(k))),
            Some(st) => Ok(st),
        }
    }

    /// A knight of this game standing in the hall; returns his space.
    fn in_hall(&self, k: KnightId) -> Result<SpaceId, RuleError> {
        match self.knight_ok(k)?.at {
            Some(s) => Ok(s),
            None => err(format!("{} is not in the Great Hall", self.name(k))),
        }
    }

    fn space_ok(&self, s: SpaceId) -> Result<&Space, RuleError> {
        match self.content.space(s) {
            Some(sp) => Ok(sp),
            None => err(format!("there is no space number {}", s.0)),
        }
    }

    fn owner(&self, k: KnightId) -> Option<Seat> {
        self.knights.get(k.index()).and_then(|st| st.owner)
    }

    /// Checks an action against the rules without changing anything.
    pub(super) fn validate(&self, action: &Action) -> Result<(), RuleError> {
        let rules = &self.content.rules;
        match (&self.phase, action) {
            (Phase::Finished(_), _) => err("the game is over"),

            (Phase::Placement { .. }, Action::Place { knight, space }) => {
                let seat = self.to_act().unwrap_or(self.active);
                let st = self.knight_ok(*knight)?;
                if st.owner != Some(seat) {
                    return err(format!("{} is not one of your knights", self.name(*knight)));
                }
                if st.at.is_some() {
                    return err(format!("{} is already in the hall", self.name(*knight)));
                }
                let sp = self.space_ok(*space)?;
                if sp.rank != Rank::Equites {
                    return err(format!(
                        "opening knights go on the Equites row, and {} is a {} space",
                        sp.id,
                        sp.rank.name()
                    ));
                }
                if let Some(other) = self.knight_at(*space) {
                    return err(format!("{} already holds {}", self.name(other), sp.id));
                }
                Ok(())
            }
            (Phase::Placement { .. }, _) => err("first every player places their opening knights on the Equites row"),

            (Phase::Play, Action::Play { card, effect }) => self.validate_play(*card, *effect),
            (Phase::Play, Action::EndPlay) => Ok(()),
            (Phase::Play, Action::Discard(_) | Action::Draw) => {
                err("discarding and drawing come after you end your play")
            }
            (Phase::Play, Action::ChooseFollowerLoss(_)) => err("there is no follower to choose"),
            (Phase::Play | Phase::End | Phase::FollowerLoss { .. }, Action::Place { .. }) => {
                err("the opening placement is over; knights now enter the hall with a Move")
            }

            (Phase::FollowerLoss { knight, options }, Action::ChooseFollowerLoss(card)) => {
                if options.contains(card) {
                    Ok(())
                } else {
                    err(format!("{} has no {card} follower", self.name(*knight)))
                }
            }
            (Phase::FollowerLoss { knight, .. }, _) => {
                err(format!("first choose which follower {} loses", self.name(*knight)))
            }

            (Phase::End, Action::Discard(card)) => {
                if self.hands.get(self.active).is_some_and(|h| h.contains(card)) {
                    Ok(())
                } else {
                    err(format!("you hold no {card} card"))
                }
            }
            (Phase::End, Action::Draw) => Ok(()),
            (Phase::End, Action::Play { .. }) => {
                if self.played >= rules.max_cards_per_turn {
                    err(format!("you have played {} cards this turn", rules.max_cards_per_turn))
                } else {
                    err(format!(
                        "your play is over this turn; discard or draw up to {}",
                        rules.hand_size
                    ))
                }
            }
            (Phase::End, Action::EndPlay) => err("your play has already ended"),
            (Phase::End, Action::ChooseFollowerLoss(_)) => err("there is no follower to choose"),
        }
    }

    fn validate_play(&self, card: CardKind, effect: Effect) -> Result<(), RuleError> {
        let rules = &self.content.rules;
        let seat = self.active;
        if !self.hands.get(seat).is_some_and(|h| h.contains(&card)) {
            return err(format!("you hold no {card} card"));
        }
        if self.played >= rules.max_cards_per_turn {
            return err(format!("you have played {} cards this turn", rules.max_cards_per_turn));
        }
        let fits = match card {
            CardKind::Move => effect.is_move(),
            CardKind::Dwarf => {
                effect.is_move() || matches!(effect, Effect::Gossip { .. } | Effect::Banish { .. } | Effect::Score)
            }
            CardKind::Gossip => matches!(effect, Effect::Gossip { .. }),
            CardKind::Banish => matches!(effect, Effect::Banish { .. }),
            CardKind::Score => matches!(effect, Effect::Score),
            CardKind::Merlin => matches!(effect, Effect::Merlin { .. }),
            CardKind::Priest(_) | CardKind::Soldier(_) => matches!(effect, Effect::Follow { .. }),
        };
        if !fits {
            return err(match card {
                CardKind::Dwarf => "a Dwarf can stand in only for Score, Move, Gossip or Banish".to_string(),
                CardKind::Priest(_) | CardKind::Soldier(_) => {
                    format!("a {card} card can only join one of your knights as a follower")
                }
                _ => format!("a {card} card cannot do that"),
            });
        }
        match effect {
            Effect::Enter { knight, space } => {
                let st = self.knight_ok(knight)?;
                if st.owner != Some(seat) {
                    return err("a Move can only bring your own knights into the hall");
                }
                if st.at.is_some() {
                    return err(format!(
                        "{} is already in the hall; use a Step to move him",
                        self.name(knight)
                    ));
                }
                let sp = self.space_ok(space)?;
                if sp.rank != Rank::Equites {
                    return err(format!(
                        "knights enter the hall only on an Equites space, and {} is a {} space",
                        sp.id,
                        sp.rank.name()
                    ));
                }
                if let Some(other) = self.knight_at(space)
                    && self.owner(other) == Some(seat)
                {
                    return err(format!(
                        "{} holds {} and is of your own faction",
                        self.name(other),
                        sp.id
                    ));
                }
                Ok(())
            }
            Effect::Step { knight, to } => {
                let from = self.in_hall(knight)?;
                let sp = self.space_ok(to)?;
                if !self.content.adjacent(from, to) {
                    return err(format!("no Movement Line joins {} to {}", self.space_name(from), sp.id));
                }
                if let Some(other) = self.knight_at(to)
                    && self.owner(other) == self.owner(knight)
                {
                    return err(format!(
                        "{} holds {} and is of {}'s own faction (use Merlin to swap them)",
                        self.name(other),
                        sp.id,
                        self.name(knight)
                    ));
                }
                Ok(())
            }
            Effect::Exit { knight } => {
                let at = self.in_hall(knight)?;
                match self.content.rank(at) {
                    Some(Rank::Equites) => Ok(()),
                    r => err(format!(
                        "only an Equites can be moved out of the hall, and {} is a {}",
                        self.name(knight),
                        r.map_or("?", Rank::name)
                    )),
                }
            }
            Effect::Gossip { knight } => {
                self.in_hall(knight)?;
                if !rules.allow_gossip_own && self.owner(knight) == Some(seat) {
                    return err("Gossip cannot target your own knights");
                }
                Ok(())
            }
            Effect::Banish { knight } => {
                self.in_hall(knight)?;
                if !rules.allow_banish_own && self.owner(knight) == Some(seat) {
                    return err("Banish cannot target your own knights");
                }
                Ok(())
            }
            Effect::Score => Ok(()),
            Effect::Merlin { a, b } => {
                if a == b {
                    return err("Merlin swaps two different knights");
                }
                self.in_hall(a)?;
                self.in_hall(b)?;
                Ok(())
            }
            Effect::Follow { knight } => {
                let st = self.knight_ok(knight)?;
                if st.at.is_none() {
                    return err(format!(
                        "followers can only join knights in the hall, and {} is in the Reserve",
                        self.name(knight)
                    ));
                }
                if rules.followers_on_own_knights_only && st.owner != Some(seat) {
                    return err("followers can only join your own knights");
                }
                if st.followers.len() >= rules.max_followers {
                    return err(format!(
                        "{} already has {} followers",
                        self.name(knight),
                        number_word(rules.max_followers)
                    ));
                }
                Ok(())
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Legal actions

    /// Every action `validate` accepts now, without duplicates.
    pub(super) fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        let push = |a: Action, out: &mut Vec<Action>| {
            if self.validate(&a).is_ok() {
                out.push(a);
            }
        };
        let knights = || (0..self.knights.len()).map(|i| KnightId(i as u8));
        let hall: Vec<(KnightId, SpaceId)> = self
            .board
            .iter()
            .enumerate()
            .filter_map(|(s, k)| k.map(|k| (k, SpaceId(s as u8))))
            .collect();
        let equites: Vec<SpaceId> = self.content.equites().collect();
        match &self.phase {
            Phase::Finished(_) => {}
            Phase::Placement { .. } => {
                let seat = self.to_act();
                for k in knights().filter(|k| self.owner(*k) == seat && self.knights[k.index()].at.is_none()) {
                    for &space in &equites {
                        push(Action::Place { knight: k, space }, &mut out);
                    }
                }
            }
            Phase::Play => {
                let mut kinds: Vec<CardKind> = self.hands.get(self.active).cloned().unwrap_or_default();
                kinds.sort();
                kinds.dedup();
                let reserve: Vec<KnightId> = knights()
                    .filter(|k| self.owner(*k) == Some(self.active) && self.knights[k.index()].at.is_none())
                    .collect();
                for card in kinds {
                    let mut effects = Vec::new();
                    let moves = matches!(card, CardKind::Move | CardKind::Dwarf);
                    if moves {
                        // The obvious refusals (onto one's own faction, out from above the
                        // Equites) are skipped here only to spare `validate` its messages.
                        let held_by = |s: SpaceId| self.knight_at(s).and_then(|d| self.owner(d));
                        for &k in &reserve {
                            for &space in &equites {
                                if held_by(space) != Some(self.active) {
                                    effects.push(Effect::Enter { knight: k, space });
                                }
                            }
                        }
                        for &(k, at) in &hall {
                            for &to in self.content.space(at).map_or(&[][..], |s| &s.neighbours) {
                                if held_by(to).is_none() || held_by(to) != self.owner(k) {
                                    effects.push(Effect::Step { knight: k, to });
                                }
                            }
                        }
                        for &(k, at) in &hall {
                            if self.content.rank(at) == Some(Rank::Equites) {
                                effects.push(Effect::Exit { knight: k });
                            }
                        }
                    }
                    if matches!(card, CardKind::Gossip | CardKind::Dwarf) {
                        effects.extend(hall.iter().map(|&(k, _)| Effect::Gossip { knight: k }));
                    }
                    if matches!(card, CardKind::Banish | CardKind::Dwarf) {
                        effects.extend(hall.iter().map(|&(k, _)| Effect::Banish { knight: k }));
                    }
                    if matches!(card, CardKind::Score | CardKind::Dwarf) {
                        effects.push(Effect::Score);
                    }
                    if card == CardKind::Merlin {
                        for &(a, _) in &hall {
                            for &(b, _) in &hall {
                                if a != b {
                                    effects.push(Effect::Merlin { a, b });
                                }
                            }
                        }
                    }
                    if card.is_follower() {
                        let rules = &self.content.rules;
                        effects.extend(
                            hall.iter()
                                .filter(|&&(k, _)| {
                                    !rules.followers_on_own_knights_only || self.owner(k) == Some(self.active)
                                })
                                .map(|&(k, _)| Effect::Follow { knight: k }),
                        );
                    }
                    for effect in effects {
                        push(Action::Play { card, effect }, &mut out);
                    }
                }
                push(Action::EndPlay, &mut out);
            }
            Phase::FollowerLoss { options, .. } => {
                for &c in options {
                    push(Action::ChooseFollowerLoss(c), &mut out);
                }
            }
            Phase::End => {
                let mut kinds: Vec<CardKind> = self.hands.get(self.active).cloned().unwrap_or_default();
                kinds.sort();
                kinds.dedup();
                for c in kinds {
                    push(Action::Discard(c), &mut out);
                }
                push(Action::Draw, &mut out);
            }
        }
        out
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

    pub(super) fn execute(&mut self, action: &Action) -> Vec<Tagged<Event>> {
        let mut ev = Vec::new();
        match *action {
            Action::Place { knight, space } => {
                let seat = self.to_act().unwrap_or(self.active);
                self.put(knight, space);
                ev.push(Tagged::public(Event::Placed { seat, knight, space }));
                if let Phase::Placement { step } = self.phase {
                    let step = step + 1;
                    if step >= self.players() * self.content.rules.opening_knights {
                        self.start_turn(self.first, &mut ev);
                    } else {
                        self.phase = Phase::Placement { step };
                        self.active = (self.first + step) % self.players();
                    }
                }
            }
            Action::Play { card, effect } => {
                self.play(card, effect, &mut ev);
                self.maybe_end_play(&mut ev);
            }
            Action::ChooseFollowerLoss(card) => {
                if let Phase::FollowerLoss { knight, .. } = self.phase {
                    self.lose_follower(knight, card, &mut ev);
                    self.phase = Phase::Play;
                    self.maybe_end_play(&mut ev);
                }
            }
            Action::EndPlay => self.end_play(&mut ev),
            Action::Discard(card) => {
                let seat = self.active;
                if let Some(hand) = self.hands.get_mut(seat)
                    && let Some(i) = hand.iter().position(|&c| c == card)
                {
                    hand.remove(i);
                    self.discard.push(card);
                    ev.push(Tagged::public(Event::Discarded { seat, card }));
                }
            }
            Action::Draw => {
                self.refill(&mut ev);
                let next = (self.active + 1) % self.players();
                self.start_turn(next, &mut ev);
            }
        }
        ev
    }

    fn start_turn(&mut self, seat: Seat, ev: &mut Vec<Tagged<Event>>) {
        self.active = seat;
        self.played = 0;
        self.turn += 1;
        self.phase = Phase::Play;
        ev.push(Tagged::public(Event::TurnStarted { seat, turn: self.turn }));
    }

    fn end_play(&mut self, ev: &mut Vec<Tagged<Event>>) {
        self.phase = Phase::End;
        ev.push(Tagged::public(Event::PlayEnded { seat: self.active }));
    }

    /// Play ends by itself once no further card can be played.
    fn maybe_end_play(&mut self, ev: &mut Vec<Tagged<Event>>) {
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

    /// Sends a knight in the hall to his owner's Reserve, face up, discarding his followers.
    fn send_to_reserve(&mut self, k: KnightId, cause: LeaveCause, ev: &mut Vec<Tagged<Event>>) {
        let Some(st) = self.knights.get_mut(k.index()) else {
            return;
        };
        let Some(from) = st.at.take() else { return };
        st.scandalised = false;
        let discarded = std::mem::take(&mut st.followers);
        self.discard.extend(discarded.iter().copied());
        if let Some(cell) = self.board.get_mut(from.index()) {
            *cell = None;
        }
        ev.push(Tagged::public(Event::ToReserve {
            knight: k,
            from,
            discarded,
            cause,
        }));
    }

    /// Two knights in the hall exchange spaces (followers and scandal go with them).
    fn swap(&mut self, a: KnightId, b: KnightId, ev: &mut Vec<Tagged<Event>>) {
        let (Some(a_from), Some(b_from)) = (
            self.knights.get(a.index()).and_then(|s| s.at),
            self.knights.get(b.index()).and_then(|s| s.at),
        ) else {
            return;
        };
        self.knights[a.index()].at = Some(b_from);
        self.knights[b.index()].at = Some(a_from);
        self.board[a_from.index()] = Some(b);
        self.board[b_from.index()] = Some(a);
        ev.push(Tagged::public(Event::Swapped { a, a_from, b, b_from }));
    }

    fn lose_follower(&mut self, k: KnightId, card: CardKind, ev: &mut Vec<Tagged<Event>>) {
        let Some(st) = self.knights.get_mut(k.index()) else {
            return;
        };
        if let Some(i) = st.followers.iter().position(|&f| f == card) {
            st.followers.remove(i);
            self.discard.push(card);
            ev.push(Tagged::public(Event::FollowerLost {
                knight: k,
                follower: card,
                chosen_by: self.active,
            }));
        }
    }

    fn play(&mut self, card: CardKind, effect: Effect, ev: &mut Vec<Tagged<Event>>) {
        let seat = self.active;
        if let Some(hand) = self.hands.get_mut(seat)
            && let Some(i) = hand.iter().position(|&c| c == card)
        {
            hand.remove(i);
        }
        self.played += 1;
        let named = effect.knights();
        let at = [
            named.first().and_then(|&k| self.where_is(k)),
            named.get(1).and_then(|&k| self.where_is(k)),
        ];
        ev.push(Tagged::public(Event::Played { seat, card, effect, at }));
        // A spent card goes to the discard pile; a follower stays under its knight.
        if !card.is_follower() {
            self.discard.push(card);
        }
        match effect {
            Effect::Enter { knight, space } => match self.knight_at(space) {
                None => {
                    self.put(knight, space);
                    ev.push(Tagged::public(Event::Moved {
                        knight,
                        from: None,
                        to: space,
                    }));
                }
                Some(defender) => {
                    if self.challenge(knight, defender, ev) {
                        self.send_to_reserve(defender, LeaveCause::LostEntryChallenge, ev);
                        self.put(knight, space);
                        ev.push(Tagged::public(Event::Moved {
                            knight,
                            from: None,
                            to: space,
                        }));
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
                        ev.push(Tagged::public(Event::Moved { knight, from, to }));
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
                    ev.push(Tagged::public(Event::Restored { knight }));
                } else {
                    st.scandalised = true;
                    ev.push(Tagged::public(Event::Scandalised { knight }));
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
                ev.push(Tagged::public(Event::BanishRoll {
                    knight,
                    roll,
                    power,
                    success,
                }));
                if success {
                    self.send_to_reserve(knight, LeaveCause::Banished, ev);
                }
            }
            Effect::Score => self.score(ev),
            Effect::Merlin { a, b } => self.swap(a, b, ev),
            Effect::Follow { knight } => {
                if let Some(st) = self.knights.get_mut(knight.index()) {
                    st.followers.push(card);
                    ev.push(Tagged::public(Event::FollowerAdded { knight, follower: card }));
                }
            }
        }
    }

    fn where_is(&self, k: KnightId) -> Option<SpaceId> {
        self.knights.get(k.index()).and_then(|s| s.at)
    }

    /// Rolls a challenge; true when the challenger's total is strictly higher.
    fn challenge(&mut self, challenger: KnightId, defender: KnightId, ev: &mut Vec<Tagged<Event>>) -> bool {
        let challenger_power = self.effective_power(challenger);
        let defender_power = self.effective_power(defender);
        let challenger_roll = self.roll();
        let defender_roll = self.roll();
        let won = challenger_power + challenger_roll as i64 > defender_power + defender_roll as i64;
        ev.push(Tagged::public(Event::Challenge {
            challenger,
            defender,
            challenger_power,
            challenger_roll,
            defender_power,
            defender_roll,
            won,
        }));
        won
    }

    /// What each seat would score now, knight by knight.
    pub(super) fn breakdown(&self, seat: Seat) -> Vec<(KnightId, i64)> {
        self.board
            .iter()
            .flatten()
            .filter(|k| self.owner(**k) == Some(seat))
            .map(|&k| (k, self.score_value(k)))
            .collect()
    }

    fn score(&mut self, ev: &mut Vec<Tagged<Event>>) {
        let n = self.players();
        for i in 0..n {
            let seat = (self.active + i) % n;
            let knights = self.breakdown(seat);
            let points: i64 = knights.iter().map(|&(_, p)| p).sum();
            self.scores[seat] += points;
            let total = self.scores[seat];
            ev.push(Tagged::public(Event::Scored {
                seat,
                points,
                total,
                knights,
            }));
            if total >= self.target {
                ev.push(Tagged::public(Event::Won { seat, total }));
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
        for (i, st) in self.knights.iter_mut().enumerate() {
            if st.scandalised && st.at.is_some() {
                st.scandalised = false;
                restored.push(KnightId(i as u8));
            }
        }
        if !restored.is_empty() {
            ev.push(Tagged::public(Event::AllRestored { knights: restored }));
        }
        self.end_play(ev);
    }

    /// Draws up to a full hand, reshuffling the discard pile into the draw pile when it runs out.
    fn refill(&mut self, ev: &mut Vec<Tagged<Event>>) {
        let seat = self.active;
        let size = self.content.rules.hand_size;
        let mut drawn = Vec::new();
        while self.hands.get(seat).is_some_and(|h| h.len() < size) {
            if self.draw.is_empty() {
                if self.discard.is_empty() {
                    break;
                }
                self.draw.append(&mut self.discard);
                self.rng.shuffle(&mut self.draw);
                ev.push(Tagged::public(Event::Reshuffled { cards: self.draw.len() }));
            }
            if let Some(c) = self.draw.pop() {
                drawn.push(c);
                self.hands[seat].push(c);
            }
        }
        if !drawn.is_empty() {
            let count = drawn.len();
            ev.push(Tagged::only(seat, Event::Drew { seat, cards: drawn }));
            ev.push(Tagged::public(Event::DrewCount { seat, count }));
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
