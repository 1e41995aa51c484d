//! Setup, the legal actions and their resolution. The legal list is the one judge of legality:
//! `check` accepts exactly what `legal_into` lists (a few dozen actions, built without text), and
//! only a refused action is looked at again to say why (`why_not`).

use super::*;

/// Where events go: `None` in searches and simulations, which never read them.
pub(crate) struct Report<'a>(pub Option<&'a mut Vec<Tagged<Event>>>);

impl Report<'_> {
    fn to(&mut self, to: Visibility, event: impl FnOnce() -> Event) {
        if let Some(out) = self.0.as_mut() {
            out.push(Tagged { to, event: event() });
        }
    }
    fn public(&mut self, event: impl FnOnce() -> Event) {
        self.to(Visibility::Everyone, event);
    }
    fn only(&mut self, seat: Seat, event: impl FnOnce() -> Event) {
        self.to(Visibility::Only(seat), event);
    }
    fn except(&mut self, seat: Seat, event: impl FnOnce() -> Event) {
        self.to(Visibility::Except(seat), event);
    }
    fn on(&self) -> bool {
        self.0.is_some()
    }
}

/// Distinct cards of a sorted hand.
fn distinct(hand: &[White]) -> impl Iterator<Item = White> + '_ {
    hand.iter()
        .enumerate()
        .filter(|&(i, c)| i == 0 || hand[i - 1] != *c)
        .map(|(_, &c)| c)
}

fn insert_sorted(hand: &mut Vec<White>, card: White) {
    let at = hand.binary_search(&card).unwrap_or_else(|e| e);
    hand.insert(at, card);
}

fn remove_one(hand: &mut Vec<White>, card: White) -> bool {
    match hand.binary_search(&card) {
        Ok(i) => {
            hand.remove(i);
            true
        }
        Err(_) => false,
    }
}

/// Whether Fight values `values` plus `v` can still be completed into `pattern` (counts of
/// distinct values).
pub fn pattern_allows(values: &[White], v: u8, pattern: &[u8]) -> bool {
    let mut counts: ArrayVec<u8, 10> = ArrayVec::new();
    let mut seen: ArrayVec<u8, 10> = ArrayVec::new();
    for x in values.iter().filter_map(|c| c.fight()).chain(std::iter::once(v)) {
        match seen.iter().position(|&s| s == x) {
            Some(i) => counts[i] += 1,
            None => {
                if seen.is_full() {
                    return false;
                }
                seen.push(x);
                counts.push(1);
            }
        }
    }
    if counts.len() > pattern.len() {
        return false;
    }
    let mut p: ArrayVec<u8, 10> = pattern.iter().copied().take(10).collect();
    p.sort_unstable_by(|a, b| b.cmp(a));
    counts.sort_unstable_by(|a, b| b.cmp(a));
    counts.iter().zip(p.iter()).all(|(c, q)| c <= q)
}

/// A small count in words ("two").
fn count_word(n: usize) -> String {
    match n {
        0 => "no".into(),
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        n => n.to_string(),
    }
}

/// How often, in words ("twice").
fn times_word(n: u8) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{} times", count_word(n as usize)),
    }
}

/// The shape a combat quest's Knights' side must take, in words: `[2, 2]` "two pairs of
/// different values", `[3, 2]` "three of one value and two of another".
pub fn pattern_words(pattern: &[u8]) -> String {
    let mut p: ArrayVec<u8, 10> = pattern.iter().copied().take(10).collect();
    p.sort_unstable_by(|a, b| b.cmp(a));
    match p.as_slice() {
        [] => "no Fight cards".into(),
        [one] => format!("{} of one value", count_word(*one as usize)),
        [first, ..] if p.iter().all(|c| c == first) => match first {
            2 => format!("{} pairs of different values", count_word(p.len())),
            c => format!(
                "{} sets of {}, each of a different value",
                count_word(p.len()),
                count_word(*c as usize)
            ),
        },
        [first, rest @ ..] => {
            let mut words = format!("{} of one value", count_word(*first as usize));
            for (i, c) in rest.iter().enumerate() {
                words.push_str(if i + 1 == rest.len() { " and " } else { ", " });
                words.push_str(&format!("{} of another", count_word(*c as usize)));
            }
            words
        }
    }
}

/// A quest's name inside a sentence: "the Black Knight" for "The Black Knight".
fn quest_words(name: &str) -> String {
    match name.strip_prefix("The ") {
        Some(rest) => format!("the {rest}"),
        None => name.to_string(),
    }
}

/// Why a Fight `v` cannot join the Fight cards `white` on the combat quest `quest` (with
/// `spots` spots on the Knights' side, which must end as `pattern`): the rule it breaks, named.
/// The words name the rulebook's part ("Quest-specific Action") so that a refusal links to it.
fn pattern_refusal(quest: &str, white: &[White], spots: u8, v: u8, pattern: &[u8]) -> String {
    let quest = quest_words(quest);
    let shape = pattern_words(pattern);
    if white.len() >= spots as usize {
        return format!("the Knights' side of {quest} is full");
    }
    let mut values: ArrayVec<u8, 10> = ArrayVec::new();
    for x in white.iter().filter_map(|c| c.fight()) {
        if !values.contains(&x) && !values.is_full() {
            values.push(x);
        }
    }
    let same = white.iter().filter(|c| c.fight() == Some(v)).count();
    let most = pattern.iter().copied().max().unwrap_or(0);
    let listed = || {
        let mut names: Vec<String> = values.iter().map(|x| x.to_string()).collect();
        let last = names.pop().unwrap_or_default();
        if names.is_empty() {
            last
        } else {
            format!("{} and {last}", names.join(", "))
        }
    };
    if same >= most as usize {
        let there = match same {
            1 => format!("a Fight {v} lies"),
            n => format!("{} Fight {v}s lie", count_word(n)),
        };
        format!(
            "a Quest-specific Action on {quest} needs {shape}: it takes each value at most {}, and {there} there already",
            times_word(most)
        )
    } else if same == 0 && values.len() >= pattern.len() {
        format!(
            "a Quest-specific Action on {quest} needs {shape}: it takes only {} different values, and it has {} already",
            count_word(pattern.len()),
            listed()
        )
    } else {
        format!(
            "a Quest-specific Action on {quest} needs {shape}: a Fight {v} beside the {} there could not complete it",
            listed()
        )
    }
}

impl Shadows {
    pub(crate) fn setup(config: &TableConfig, content: Arc<ShadowsContent>) -> Result<Shadows, SetupError> {
        let n = config.players();
        let (lo, hi) = GameId::Shadows.seats();
        if !(lo..=hi).contains(&n) {
            return Err(SetupError(format!(
                "Shadows over Camelot is for {lo} to {hi} players, not {n}"
            )));
        }
        let mut rng = GameRng::seeded(config.seed);
        // Knights.
        let chosen = config.variant("knights", "random");
        let knights: Vec<KnightId> = if chosen == "random" || chosen.is_empty() {
            let mut all = KnightId::ALL.to_vec();
            rng.shuffle(&mut all);
            all.truncate(n);
            all
        } else {
            let mut list = Vec::new();
            for part in chosen.split(',') {
                let Some(k) = KnightId::parse(part) else {
                    return Err(SetupError(format!(
                        "unknown Knight \"{}\" in knights=: use {}",
                        part.trim(),
                        KnightId::ALL.map(|k| k.key()).join(", ")
                    )));
                };
                if list.contains(&k) {
                    return Err(SetupError(format!("{} is chosen twice in knights=", k.key())));
                }
                list.push(k);
            }
            if list.len() != n {
                return Err(SetupError(format!(
                    "knights= names {} Knights for {n} seats",
                    list.len()
                )));
            }
            list
        };
        // Loyalty.
        let deck = &content.deck;
        let (loyal, traitor) = match config.variant("loyalty", "standard") {
            "standard" => (deck.loyalty.loyal, deck.loyalty.traitor),
            "among" => (n, deck.loyalty.traitor.min(1)),
            "traitor" => (n - 1, 1),
            "none" => (n, 0),
            other => {
                return Err(SetupError(format!(
                    "unknown loyalty=\"{other}\": use standard, among, traitor or none"
                )));
            }
        };
        if loyal + traitor < n {
            return Err(SetupError(format!(
                "{} Loyalty cards for {n} players: the content needs more",
                loyal + traitor
            )));
        }
        let brave = match config.variant("three_brave_knights", "off") {
            "off" => false,
            "on" if n == 3 => true,
            "on" => {
                return Err(SetupError(format!(
                    "three_brave_knights is the three-player variant, not for {n} players"
                )));
            }
            other => {
                return Err(SetupError(format!(
                    "unknown three_brave_knights=\"{other}\": use on or off"
                )));
            }
        };
        let mut loyalty: Vec<Loyalty> = std::iter::repeat_n(Loyalty::Loyal, loyal)
            .chain(std::iter::repeat_n(Loyalty::Traitor, traitor))
            .collect();
        rng.shuffle(&mut loyalty);
        // White cards: one Merlin each, then the rest shuffled and dealt.
        let mut whites = content.white_cards();
        let mut merlins = 0;
        whites.retain(|&c| {
            if c == White::Merlin && merlins < n {
                merlins += 1;
                false
            } else {
                true
            }
        });
        rng.shuffle(&mut whites);
        let mut blacks = content.black_cards();
        rng.shuffle(&mut blacks);
        let numbers = &deck.numbers;
        let mut states = Vec::with_capacity(n);
        for (seat, &knight) in knights.iter().enumerate() {
            let mut hand = vec![White::Merlin];
            for _ in 0..numbers.hand_start {
                if let Some(c) = whites.pop() {
                    hand.push(c);
                }
            }
            hand.sort_unstable();
            states.push(KnightState {
                knight,
                life: numbers.start_life,
                at: Location::RoundTable,
                doomed: false,
                dead: false,
                unmasked: false,
                hand,
                excalibur: false,
                grail: false,
                armor: false,
                accused: false,
                accused_whom: None,
                loyalty: loyalty[seat],
                revealed: false,
                black_top: 0,
                black_bottom: 0,
                proven_loyal: false,
            });
        }
        let first = knights.iter().position(|&k| k == KnightId::Arthur).unwrap_or(0);
        let quests = QuestId::ALL
            .iter()
            .map(|&q| QuestState::new(q != QuestId::Dragon))
            .collect();
        let mut g = Shadows {
            content,
            names: config.seats.iter().map(|s| s.name.clone()).collect(),
            knights: states,
            white_draw: whites,
            white_discard: Vec::new(),
            black_draw: blacks,
            black_discard: Vec::new(),
            black_unseen: Vec::new(),
            siege_cards: Vec::new(),
            siege: 0,
            white_swords: 0,
            black_swords: 0,
            quests,
            vivien: false,
            dark_forest: false,
            mists: false,
            heroism: None,
            deeds: vec![Deeds::default(); n],
            active: first,
            turn: 0,
            this_turn: TurnState::default(),
            stack: Vec::new(),
            outcome: None,
            rng,
            deck_loyal: loyal as u8,
            deck_traitor: traitor as u8,
            unmasked_by_accusation: false,
            loyalty_unseen: brave,
            tally: QuestTally::default(),
        };
        g.start_turn(first, &mut Report(None));
        Ok(g)
    }

    // ---------------------------------------------------------------------------------------
    // The legal actions.

    /// Every legal action now, in a fixed order.
    pub(crate) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let Some(task) = self.stack.last() else { return };
        let n = self.numbers();
        match task {
            Task::Evil => {
                let k = &self.knights[self.active];
                if !self.black_draw.is_empty() || !self.black_discard.is_empty() {
                    out.push(Action::Evil(EvilChoice::DrawBlack));
                }
                out.push(Action::Evil(EvilChoice::AddSiege));
                if k.life >= 1 {
                    out.push(Action::Evil(EvilChoice::LoseLife));
                }
                self.any_time(&mut |a| out.push(a));
            }
            Task::Feed => {
                if !self.black_draw.is_empty() || !self.black_discard.is_empty() {
                    out.push(Action::Evil(EvilChoice::DrawBlack));
                }
                out.push(Action::Evil(EvilChoice::AddSiege));
            }
            Task::Taunt => {
                for (s, k) in self.knights.iter().enumerate() {
                    if k.active() && !k.hand.is_empty() {
                        out.push(Action::Taunt(s));
                    }
                }
            }
            Task::Heroic => {
                self.heroic(&mut |a| out.push(a), false);
            }
            Task::ArmorPick { .. } => out.extend([Action::KeepBlack(0), Action::KeepBlack(1)]),
            Task::PlaceChoice { card, .. } => {
                if card.is_combat() {
                    out.extend([Action::FaceDown(false), Action::FaceDown(true)]);
                } else {
                    out.extend([Action::War(QuestId::PictWar), Action::War(QuestId::SaxonWar)]);
                }
            }
            Task::MordredWar { .. } => out.extend([Action::War(QuestId::PictWar), Action::War(QuestId::SaxonWar)]),
            Task::ExcaliburOffer { .. }
            | Task::Volunteer { .. }
            | Task::GrailRescue { .. }
            | Task::ShareVote { .. } => out.extend([Action::Yes, Action::No]),
            Task::MerlinPledge { order, at, pledged, .. } => {
                let Some(&seat) = order.get(*at as usize) else { return };
                let total: u8 = pledged.iter().sum();
                let missing = n.merlin_cancel.saturating_sub(total);
                let free = (self.knights[seat].count(White::Merlin) as u8).saturating_sub(pledged[seat]);
                for p in 0..=free.min(missing) {
                    out.push(Action::Pledge(p));
                }
            }
            Task::Discard { seat, .. } | Task::ArthurReturn { from: seat, .. } => {
                out.extend(distinct(&self.knights[*seat].hand).map(Action::Card));
            }
            Task::MessengerGive { seat, given, .. } => {
                out.extend(distinct(&self.knights[*seat].hand).map(Action::Card));
                if *given >= 1 {
                    out.push(Action::Done);
                }
            }
            Task::SiegeFight { seat } => {
                out.extend(
                    distinct(&self.knights[*seat].hand)
                        .filter(|c| c.fight().is_some())
                        .map(Action::Card),
                );
                out.push(Action::Roll);
            }
            Task::KaySiege { seat, .. } | Task::KayCombat { seat, .. } => {
                out.extend(
                    distinct(&self.knights[*seat].hand)
                        .filter(|c| c.fight().is_some())
                        .map(Action::Card),
                );
                out.push(Action::Done);
            }
            Task::Share { present, .. } => out.extend(present.iter().map(|&s| Action::Assign(s))),
            Task::Clairvoyance { left, .. } => {
                for (i, &c) in left.iter().enumerate() {
                    if !left[..i].contains(&c) {
                        out.push(Action::PutNext(c));
                    }
                }
            }
            // Work, never pending.
            _ => {}
        }
    }

    /// The kinds of Heroic Action with something to do, ignoring the budget.
    fn kinds_open(&self) -> u8 {
        let mut kinds = 0u8;
        self.heroic(
            &mut |a| {
                if let Some(k) = kind_of(a) {
                    kinds |= k.bit();
                }
            },
            true,
        );
        kinds
    }

    /// The Heroic Actions open to the active seat. `any_budget`: as if an action were still to
    /// be bought (to see what a sacrifice would open).
    fn heroic(&self, emit: &mut dyn FnMut(Action), any_budget: bool) {
        let seat = self.active;
        let k = &self.knights[seat];
        let n = self.numbers();
        let t = self.this_turn;
        let budget = any_budget || t.paid < 1 + t.sacrifices;
        let unused = |kind: Kind| t.used & kind.bit() == 0;
        let mut typed = 0usize;
        // A: move.
        if unused(Kind::Move) {
            let free = k.knight == KnightId::Tristan && k.at.in_camelot();
            let mut dest = |loc: Location, emit: &mut dyn FnMut(Action)| {
                let free_here = free && matches!(loc, Location::Quest(_));
                if loc != k.at && (budget || free_here) {
                    emit(Action::Move(loc));
                    typed += 1;
                }
            };
            if !k.at.in_camelot() {
                dest(Location::RoundTable, emit);
                dest(Location::Siege, emit);
            }
            for q in QuestId::ALL {
                let qs = self.quest(q);
                if !qs.in_play {
                    continue;
                }
                if self.is_solo(q) && self.knights.iter().any(|o| o.active() && o.at == Location::Quest(q)) {
                    continue;
                }
                dest(Location::Quest(q), emit);
            }
        }
        // B: the quest's own action.
        if unused(Kind::Quest) && budget {
            match k.at {
                Location::RoundTable | Location::Siege => {
                    if k.hand.len() < n.draw_limit as usize {
                        emit(Action::DrawWhite);
                        typed += 1;
                    }
                    if self.siege > 0 {
                        for c in distinct(&k.hand) {
                            if let Some(v) = c.fight() {
                                emit(Action::FightSiege(v));
                                typed += 1;
                            }
                        }
                    }
                }
                Location::Quest(q) => {
                    let qs = self.quest(q);
                    match &self.content.quest(q).kind {
                        QuestKind::Combat {
                            white_spots, pattern, ..
                        } => {
                            if qs.white.len() < *white_spots as usize {
                                for c in distinct(&k.hand) {
                                    if let Some(v) = c.fight()
                                        && pattern_allows(&qs.white, v, pattern)
                                    {
                                        emit(Action::Fight(v));
                                        typed += 1;
                                    }
                                }
                            }
                        }
                        QuestKind::Track { .. } => {
                            for c in distinct(&k.hand) {
                                emit(Action::RaiseExcalibur(c));
                                typed += 1;
                            }
                        }
                        QuestKind::Grail { spots } => {
                            let full = qs.white.len() + qs.black.len() >= *spots as usize;
                            let can = !full
                                || (self.content.deck.rules.grail_full_black_rule == GrailFullRule::Symmetric
                                    && !qs.black.is_empty());
                            if k.holds(White::Grail) && !self.dark_forest && can {
                                emit(Action::PlayGrail);
                                typed += 1;
                            }
                        }
                        QuestKind::War {
                            sequence,
                            mordred_extra,
                            ..
                        } => {
                            if let Some(v) = war_next(qs, sequence, *mordred_extra)
                                && k.holds(White::Fight(v))
                            {
                                emit(Action::Fight(v));
                                typed += 1;
                            }
                        }
                    }
                }
                Location::Gone => {}
            }
        }
        // C: a Special White.
        let galahad = k.knight == KnightId::Galahad;
        if unused(Kind::Special) && !t.special_played && (budget || galahad) {
            for c in distinct(&k.hand) {
                match c {
                    White::Merlin if !self.vivien => {
                        let mut targets = |a: MerlinTarget| {
                            emit(Action::Merlin(a));
                            typed += 1;
                        };
                        if self.siege > 0 {
                            targets(MerlinTarget::SiegeEngine);
                        }
                        for q in [QuestId::PictWar, QuestId::SaxonWar] {
                            if self.quest(q).figures > 0 {
                                targets(MerlinTarget::Figure(q));
                            }
                        }
                        for q in [QuestId::BlackKnight, QuestId::Lancelot, QuestId::Dragon, QuestId::Grail] {
                            let qs = self.quest(q);
                            if qs.in_play && !qs.black.is_empty() {
                                targets(MerlinTarget::BlackCard(q));
                            }
                        }
                    }
                    White::Clairvoyance if !self.black_draw.is_empty() => {
                        emit(Action::Clairvoyance);
                        typed += 1;
                    }
                    White::Convocation => {
                        emit(Action::Convocation);
                        typed += 1;
                    }
                    White::Fate => {
                        emit(Action::Fate);
                        typed += 1;
                    }
                    White::Heroism => {
                        for q in QuestId::ALL {
                            if self.quest(q).in_play {
                                emit(Action::Heroism(q));
                                typed += 1;
                            }
                        }
                    }
                    White::LadyOfTheLake => {
                        emit(Action::LadyOfTheLake);
                        typed += 1;
                    }
                    White::Messenger if k.hand.len() >= 2 => {
                        for (s, o) in self.knights.iter().enumerate() {
                            if s != seat && o.active() {
                                emit(Action::Messenger(s));
                                typed += 1;
                            }
                        }
                    }
                    White::Piety => {
                        emit(Action::Piety(true));
                        emit(Action::Piety(false));
                        typed += 2;
                    }
                    White::Reinforcements => {
                        emit(Action::Reinforcements(true));
                        emit(Action::Reinforcements(false));
                        typed += 2;
                    }
                    _ => {}
                }
            }
        }
        // D: heal.
        if unused(Kind::Heal) && budget {
            for c in distinct(&k.hand) {
                let kind_ok = match c {
                    White::Fight(_) | White::Grail => true,
                    White::Merlin => self.content.deck.rules.merlins_heal,
                    _ => false,
                };
                if kind_ok && k.count(c) >= n.heal_cards as usize {
                    emit(Action::Heal(c));
                    typed += 1;
                }
            }
        }
        // E: accuse.
        if unused(Kind::Accuse) && budget && !k.accused && self.accusations_open() {
            for (s, o) in self.knights.iter().enumerate() {
                if s != seat && o.active() && !o.revealed {
                    emit(Action::Accuse(s));
                    typed += 1;
                }
            }
        }
        if any_budget {
            return;
        }
        // Free things and the end of the turn.
        self.any_time(emit);
        let spent = !budget;
        if spent
            && t.sacrifices < n.max_sacrifices_per_turn
            && k.life >= 1
            && !k.doomed
            && self.kinds_open() & !t.used != 0
        {
            emit(Action::Sacrifice);
        }
        if spent || typed == 0 {
            emit(Action::EndTurn);
        }
    }

    /// What the active seat may do at any moment of his turn: King Arthur's trade, the hidden
    /// Traitor's unmasking.
    fn any_time(&self, emit: &mut dyn FnMut(Action)) {
        let seat = self.active;
        let k = &self.knights[seat];
        if k.knight == KnightId::Arthur && k.active() && !self.this_turn.arthur_traded && !k.hand.is_empty() {
            for c in distinct(&k.hand) {
                for (s, o) in self.knights.iter().enumerate() {
                    if s != seat && o.active() && !o.hand.is_empty() {
                        emit(Action::ArthurGive(c, s));
                    }
                }
            }
        }
        if k.loyalty == Loyalty::Traitor
            && !k.unmasked
            && !self.loyalty_unseen
            && self.content.deck.rules.traitor_may_self_reveal
        {
            emit(Action::RevealSelf);
        }
    }

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
            White::Piety => Action::Piety(true),
            White::Reinforcements => Action::Reinforcements(true),
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
            Action::Merlin(_)
            | Action::Clairvoyance
            | Action::Convocation
            | Action::Fate
            | Action::Heroism(_)
            | Action::LadyOfTheLake
            | Action::Messenger(_)
            | Action::Piety(_)
            | Action::Reinforcements(_)
                if t.special_played =>
            {
                "one Special White card a turn".into()
            }
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

    // ---------------------------------------------------------------------------------------
    // Resolution.

    /// Applies a legal action and everything it sets going, up to the next decision.
    pub(crate) fn execute(&mut self, action: Action, r: &mut Report) {
        self.decide(action, r);
        self.settle(r);
    }

    /// The pending decision answered.
    fn decide(&mut self, action: Action, r: &mut Report) {
        let Some(task) = self.stack.last().cloned() else { return };
        let seat = self.deciding().unwrap_or(self.active);
        if let Some(deed) = self.deed_of(seat, &task, action) {
            self.deeds[seat].add(deed);
        }
        match task {
            Task::Evil if matches!(action, Action::ArthurGive(..) | Action::RevealSelf) => {
                self.free_action(action, r);
            }
            Task::Evil | Task::Feed => {
                self.stack.pop();
                let Action::Evil(choice) = action else { return };
                r.public(|| Event::EvilChosen { seat, choice });
                match choice {
                    EvilChoice::DrawBlack => self.stack.push(Task::DrawBlack {
                        seat,
                        left: 1,
                        free_white: task == Task::Evil,
                    }),
                    EvilChoice::AddSiege => self.add_siege(1, r),
                    EvilChoice::LoseLife => self.wound(seat, 1, r),
                }
            }
            Task::Taunt => {
                self.stack.pop();
                if let Action::Taunt(target) = action {
                    let hand = &self.knights[target].hand;
                    let i = self.rng.below(hand.len() as u32) as usize;
                    let card = self.knights[target].hand.remove(i);
                    self.white_discard.push(card);
                    r.public(|| Event::Taunted { target });
                    r.only(target, || Event::Discarded {
                        seat: target,
                        cards: vec![card],
                    });
                }
            }
            Task::Heroic => self.heroic_action(action, r),
            Task::ArmorPick {
                seat,
                cards,
                free_white,
            } => {
                self.stack.pop();
                let keep = if action == Action::KeepBlack(1) { 1 } else { 0 };
                let under = cards[1 - keep];
                self.black_draw.insert(0, under);
                // The bearer knows the new bottom card; the others' known bottom moved up.
                for (s, k) in self.knights.iter_mut().enumerate() {
                    k.black_bottom = if s == seat { k.black_bottom + 1 } else { 0 };
                }
                r.only(seat, || Event::BlackUnder { seat, card: under });
                self.stack.push(Task::Resolve {
                    seat,
                    card: cards[keep],
                    free_white,
                });
            }
            Task::PlaceChoice { .. } => {
                self.stack.pop();
                if let Some(Task::Place { face_down, war, .. }) =
                    self.stack.iter_mut().rev().find(|t| matches!(t, Task::Place { .. }))
                {
                    match action {
                        Action::FaceDown(d) => *face_down = d,
                        Action::War(q) => *war = Some(q),
                        _ => {}
                    }
                }
            }
            Task::ExcaliburOffer { bearer } => {
                self.stack.pop();
                if action == Action::Yes
                    && let Some(i) = self.stack.iter().rposition(|t| matches!(t, Task::Place { .. }))
                    && let Task::Place { card, face_down, .. } = self.stack.remove(i)
                {
                    self.knights[bearer].excalibur = false;
                    // A face-down card goes unseen, as its type only.
                    let shown = if face_down && card.is_combat() {
                        self.black_unseen.push(card);
                        card.hidden()
                    } else {
                        self.black_discard.push(card);
                        card
                    };
                    r.public(|| Event::ExcaliburCancels {
                        seat: bearer,
                        card: shown,
                    });
                    r.public(|| Event::RelicLost {
                        seat: bearer,
                        relic: Relic::Excalibur,
                    });
                }
            }
            Task::MerlinPledge {
                card,
                order,
                at,
                mut pledged,
                added,
            } => {
                self.stack.pop();
                let Action::Pledge(p) = action else { return };
                pledged[seat] += p;
                r.public(|| Event::Pledged { seat, merlins: p });
                let total: u8 = pledged.iter().sum();
                if total >= self.numbers().merlin_cancel {
                    for (s, &m) in pledged.iter().enumerate() {
                        for _ in 0..m {
                            if let Some(k) = self.knights.get_mut(s)
                                && remove_one(&mut k.hand, White::Merlin)
                            {
                                self.white_discard.push(White::Merlin);
                            }
                        }
                    }
                    // The Special Black below is cancelled.
                    if let Some(Task::Special { card, .. }) = self.stack.pop() {
                        self.black_discard.push(card);
                    }
                    r.public(|| Event::MerlinsCancel { card });
                    return;
                }
                let added = added || p > 0;
                if let Some(next) = self.next_pledger(&order, at as usize + 1, &pledged) {
                    self.stack.push(Task::MerlinPledge {
                        card,
                        order,
                        at: next as u8,
                        pledged,
                        added,
                    });
                } else if added && let Some(next) = self.next_pledger(&order, 0, &pledged) {
                    self.stack.push(Task::MerlinPledge {
                        card,
                        order,
                        at: next as u8,
                        pledged,
                        added: false,
                    });
                }
                // Otherwise a round added nothing: the card takes effect (the task below).
            }
            Task::MordredWar { seat } => {
                self.stack.pop();
                if let Action::War(q) = action {
                    let qs = &mut self.quests[q.index()];
                    qs.mordred = true;
                    qs.black.push(Placed {
                        card: Black::Mordred,
                        face_down: false,
                        by: seat,
                    });
                    r.public(|| Event::MordredJoins { quest: q });
                    self.add_figure(q, r);
                }
            }
            Task::Volunteer { why, order, at, from } => {
                self.stack.pop();
                if action == Action::Yes {
                    r.public(|| Event::Volunteered { seat, why });
                    match why {
                        Volunteering::Discard => self.stack.push(Task::Discard {
                            seat,
                            left: self.numbers().morgan_discard,
                        }),
                        Volunteering::Sacrifice => {
                            let n = self.numbers().morgan_sacrifice_life;
                            self.wound(seat, n, r)
                        }
                    }
                } else if (at as usize) + 1 < order.len() {
                    self.stack.push(Task::Volunteer {
                        why,
                        order,
                        at: at + 1,
                        from,
                    });
                } else {
                    self.everyone_discards(from, None, 1);
                }
            }
            Task::Discard { seat, left } => {
                self.stack.pop();
                if let Action::Card(c) = action
                    && remove_one(&mut self.knights[seat].hand, c)
                {
                    self.white_discard.push(c);
                    r.only(seat, || Event::Discarded { seat, cards: vec![c] });
                    r.except(seat, || Event::DiscardedCount { seat, count: 1 });
                    if left > 1 {
                        self.stack.push(Task::Discard { seat, left: left - 1 });
                    }
                }
            }
            Task::GrailRescue { owner, target } => {
                self.stack.pop();
                if action == Action::Yes {
                    let life = self.numbers().grail_rescue_life;
                    self.knights[owner].grail = false;
                    let k = &mut self.knights[target];
                    k.doomed = false;
                    k.life = life;
                    r.public(|| Event::Rescued {
                        seat: target,
                        by: owner,
                    });
                    r.public(|| Event::RelicLost {
                        seat: owner,
                        relic: Relic::Grail,
                    });
                }
            }
            Task::SiegeFight { seat } => match action {
                Action::Card(c) => {
                    if remove_one(&mut self.knights[seat].hand, c) {
                        self.siege_cards.push(c);
                    }
                }
                _ => {
                    self.stack.pop();
                    let roll = self.rng.below(self.numbers().siege_die as u32) as u8 + 1;
                    let k = &self.knights[seat];
                    if k.knight == KnightId::Kay && !k.hand.is_empty() {
                        // Sir Kay sees the die before he adds a card, and so does everyone.
                        r.public(|| Event::SiegeRolled { seat, roll });
                        self.stack.push(Task::KaySiege { seat, roll });
                    } else {
                        self.siege_result(seat, roll, r);
                    }
                }
            },
            Task::KaySiege { seat, roll } => {
                self.stack.pop();
                if let Action::Card(c) = action
                    && remove_one(&mut self.knights[seat].hand, c)
                {
                    self.siege_cards.push(c);
                }
                self.siege_result(seat, roll, r);
            }
            Task::KayCombat { seat, quest } => {
                self.stack.pop();
                if let Action::Card(c) = action
                    && remove_one(&mut self.knights[seat].hand, c)
                {
                    self.quests[quest.index()].white.push(c);
                    r.public(|| Event::WhitePlayed {
                        seat,
                        card: c,
                        quest: Some(quest),
                    });
                }
            }
            Task::Share {
                proposer,
                present,
                pool,
                mut assigned,
            } => {
                self.stack.pop();
                if let Action::Assign(s) = action {
                    assigned.push(s);
                }
                if assigned.len() < pool.len() {
                    self.stack.push(Task::Share {
                        proposer,
                        present,
                        pool,
                        assigned,
                    });
                } else if voters(proposer, &present).is_empty() {
                    self.give_spoils(&pool, &assigned, r);
                } else {
                    self.stack.push(Task::ShareVote {
                        proposer,
                        present,
                        pool,
                        assigned,
                        at: 0,
                    });
                }
            }
            Task::ShareVote {
                proposer,
                present,
                mut pool,
                assigned,
                at,
            } => {
                self.stack.pop();
                let voting = voters(proposer, &present);
                if action == Action::Yes {
                    if (at as usize) + 1 < voting.len() {
                        self.stack.push(Task::ShareVote {
                            proposer,
                            present,
                            pool,
                            assigned,
                            at: at + 1,
                        });
                    } else {
                        self.give_spoils(&pool, &assigned, r);
                    }
                } else {
                    r.public(|| Event::SpoilsRefused { by: seat });
                    self.rng.shuffle(&mut pool);
                    let mut order: ArrayVec<Seat, 7> = ArrayVec::new();
                    order.push(proposer);
                    order.extend(voting);
                    let dealt: Vec<Seat> = (0..pool.len()).map(|i| order[i % order.len()]).collect();
                    self.give_spoils(&pool, &dealt, r);
                }
            }
            Task::ArthurReturn { arthur, from } => {
                self.stack.pop();
                if let Action::Card(c) = action
                    && remove_one(&mut self.knights[from].hand, c)
                {
                    insert_sorted(&mut self.knights[arthur].hand, c);
                    r.only(from, || Event::CardPassed {
                        from,
                        to: arthur,
                        card: c,
                    });
                    r.only(arthur, || Event::CardPassed {
                        from,
                        to: arthur,
                        card: c,
                    });
                    r.public(|| Event::Traded { from, to: arthur });
                }
            }
            Task::Clairvoyance {
                seat,
                mut left,
                mut chosen,
            } => {
                self.stack.pop();
                if let Action::PutNext(c) = action
                    && let Some(i) = left.iter().position(|&x| x == c)
                {
                    left.remove(i);
                    chosen.push(c);
                }
                if left.is_empty() {
                    // The first chosen is drawn first: it goes on top (the end). He knows them
                    // in order; what the others knew of the top is no longer on top.
                    self.black_draw.extend(chosen.iter().rev());
                    let put = chosen.len() as u8;
                    for (s, k) in self.knights.iter_mut().enumerate() {
                        k.black_top = if s == seat { k.black_top + put } else { 0 };
                    }
                    self.clamp_black_known();
                } else {
                    self.stack.push(Task::Clairvoyance { seat, left, chosen });
                }
            }
            Task::MessengerGive { seat, to, given } => {
                self.stack.pop();
                if let Action::Card(c) = action
                    && remove_one(&mut self.knights[seat].hand, c)
                {
                    insert_sorted(&mut self.knights[to].hand, c);
                    r.only(seat, || Event::CardPassed {
                        from: seat,
                        to,
                        card: c,
                    });
                    r.only(to, || Event::CardPassed {
                        from: seat,
                        to,
                        card: c,
                    });
                    r.public(|| Event::Traded { from: seat, to });
                    let given = given + 1;
                    if given < self.numbers().messenger_max && !self.knights[seat].hand.is_empty() {
                        self.stack.push(Task::MessengerGive { seat, to, given });
                    }
                }
            }
            _ => {}
        }
    }

    /// The public deed an answer is, if the bots' suspicion counts it (`Deed`): judged from
    /// what everyone sees before the answer takes effect.
    pub(crate) fn deed_of(&self, seat: Seat, task: &Task, action: Action) -> Option<Deed> {
        let k = self.knights.get(seat)?;
        if k.unmasked {
            return None;
        }
        Some(match (task, action) {
            (Task::Evil, Action::Evil(choice)) => match choice {
                EvilChoice::DrawBlack => Deed::DrewBlack,
                EvilChoice::AddSiege if self.siege < 4 => Deed::SiegeLow,
                EvilChoice::AddSiege if self.siege < 8 => Deed::SiegeMid,
                EvilChoice::AddSiege => Deed::SiegeHigh,
                EvilChoice::LoseLife => Deed::LostLife,
            },
            (Task::PlaceChoice { .. }, Action::FaceDown(down)) => {
                if down {
                    Deed::FaceDown
                } else {
                    Deed::FaceUp
                }
            }
            (Task::PlaceChoice { .. } | Task::MordredWar { .. }, Action::War(q)) => {
                let other = if q == QuestId::PictWar {
                    QuestId::SaxonWar
                } else {
                    QuestId::PictWar
                };
                if self.quest(q).figures > self.quest(other).figures {
                    Deed::WarNearLoss
                } else {
                    Deed::WarFarFromLoss
                }
            }
            (Task::Heroic, a) => match a {
                Action::Fight(_) | Action::PlayGrail | Action::RaiseExcalibur(_) => Deed::QuestCard,
                Action::FightSiege(_) => Deed::FoughtSiege,
                Action::DrawWhite if k.hand.len() < 5 => Deed::DrewFew,
                Action::DrawWhite => Deed::DrewMany,
                Action::Move(Location::Quest(_)) => Deed::MovedOut,
                Action::Move(_) => Deed::MovedHome,
                Action::Sacrifice => Deed::Sacrificed,
                Action::Heal(_) => Deed::Healed,
                a if special_card(a).is_some() => Deed::Special,
                _ => return None,
            },
            (Task::MerlinPledge { .. }, Action::Pledge(p)) => {
                if p > 0 {
                    Deed::Pledged
                } else if k.hand.len() >= 4 {
                    Deed::PledgedNone
                } else {
                    return None;
                }
            }
            (Task::Volunteer { .. }, Action::Yes) => Deed::Volunteered,
            (Task::GrailRescue { .. }, Action::Yes) => Deed::RescueGiven,
            (Task::GrailRescue { .. }, Action::No) => Deed::RescueRefused,
            (Task::ShareVote { .. }, Action::No) => Deed::SplitRefused,
            _ => return None,
        })
    }

    fn heroic_action(&mut self, action: Action, r: &mut Report) {
        let seat = self.active;
        let knight = self.knights[seat].knight;
        if let Some(kind) = kind_of(action) {
            let free = match action {
                Action::Move(Location::Quest(_)) => knight == KnightId::Tristan && self.knights[seat].at.in_camelot(),
                _ => kind == Kind::Special && knight == KnightId::Galahad,
            };
            self.this_turn.used |= kind.bit();
            if !free {
                self.this_turn.paid += 1;
            }
            if kind == Kind::Special {
                self.this_turn.special_played = true;
            }
        }
        let n = self.numbers().clone();
        match action {
            Action::Move(to) => {
                let free = knight == KnightId::Tristan && self.knights[seat].at.in_camelot();
                self.move_to(seat, to, r);
                r.public(|| Event::Moved { seat, to, free });
            }
            Action::DrawWhite => {
                self.knights[seat].at = Location::RoundTable;
                let count = if knight == KnightId::Gawain {
                    n.gawain_draw
                } else {
                    n.round_table_draw
                };
                self.draw_white(seat, count, r);
            }
            Action::FightSiege(v) => {
                self.knights[seat].at = Location::Siege;
                if remove_one(&mut self.knights[seat].hand, White::Fight(v)) {
                    self.siege_cards.push(White::Fight(v));
                }
                self.stack.push(Task::SiegeFight { seat });
            }
            Action::Fight(v) => {
                let Location::Quest(q) = self.knights[seat].at else {
                    return;
                };
                if !remove_one(&mut self.knights[seat].hand, White::Fight(v)) {
                    return;
                }
                self.quests[q.index()].white.push(White::Fight(v));
                r.public(|| Event::WhitePlayed {
                    seat,
                    card: White::Fight(v),
                    quest: Some(q),
                });
                let (full, war_done) = match &self.content.quest(q).kind {
                    QuestKind::Combat { white_spots, .. } => {
                        (self.quest(q).white.len() >= *white_spots as usize, false)
                    }
                    QuestKind::War {
                        sequence,
                        mordred_extra,
                        ..
                    } => (false, war_next(self.quest(q), sequence, *mordred_extra).is_none()),
                    _ => (false, false),
                };
                if full {
                    self.combat_full(q, Some(seat));
                }
                if war_done {
                    self.stack.push(Task::QuestEnd {
                        quest: q,
                        won: true,
                        ender: Some(seat),
                    });
                }
            }
            Action::PlayGrail => {
                if remove_one(&mut self.knights[seat].hand, White::Grail) {
                    r.public(|| Event::WhitePlayed {
                        seat,
                        card: White::Grail,
                        quest: Some(QuestId::Grail),
                    });
                    self.grail_card(seat, r);
                }
            }
            Action::RaiseExcalibur(c) => {
                if remove_one(&mut self.knights[seat].hand, c) {
                    self.white_discard.push(c);
                    r.only(seat, || Event::Discarded { seat, cards: vec![c] });
                    r.except(seat, || Event::DiscardedCount { seat, count: 1 });
                    self.excalibur_step(1, Some(seat), r);
                }
            }
            Action::Heal(c) => {
                for _ in 0..n.heal_cards {
                    if remove_one(&mut self.knights[seat].hand, c) {
                        self.white_discard.push(c);
                    }
                }
                r.only(seat, || Event::Discarded {
                    seat,
                    cards: vec![c; n.heal_cards as usize],
                });
                r.except(seat, || Event::DiscardedCount {
                    seat,
                    count: n.heal_cards,
                });
                self.gain(seat, 1, r);
            }
            Action::Accuse(target) => {
                self.knights[seat].accused = true;
                self.knights[seat].accused_whom = Some(target);
                let loyalty = self.knights[target].loyalty;
                self.knights[target].revealed = true;
                r.public(|| Event::Accused {
                    by: seat,
                    target,
                    loyalty,
                });
                if loyalty == Loyalty::Traitor {
                    self.lay_swords(true, n.unmask_swords, r);
                    self.unmasked_by_accusation = true;
                    self.unmask(target, r);
                } else {
                    self.deeds[seat].add(Deed::WrongAccusation);
                    if self.white_swords > 0 {
                        self.white_swords -= 1;
                        self.black_swords += 1;
                        r.public(|| Event::SwordFlipped);
                    }
                }
            }
            Action::Sacrifice => {
                self.this_turn.sacrifices += 1;
                r.public(|| Event::Sacrificed { seat });
                self.wound(seat, 1, r);
            }
            Action::ArthurGive(..) | Action::RevealSelf => self.free_action(action, r),
            Action::EndTurn => {
                self.stack.pop();
            }
            special => self.special_white(seat, special, r),
        }
    }

    /// Arthur's trade or the Traitor's unmasking: no Heroic Action, at any moment of the turn.
    fn free_action(&mut self, action: Action, r: &mut Report) {
        let seat = self.active;
        match action {
            Action::ArthurGive(c, to) => {
                self.this_turn.arthur_traded = true;
                if remove_one(&mut self.knights[seat].hand, c) {
                    insert_sorted(&mut self.knights[to].hand, c);
                    r.only(seat, || Event::CardPassed {
                        from: seat,
                        to,
                        card: c,
                    });
                    r.only(to, || Event::CardPassed {
                        from: seat,
                        to,
                        card: c,
                    });
                    r.public(|| Event::Traded { from: seat, to });
                    self.stack.push(Task::ArthurReturn { arthur: seat, from: to });
                }
            }
            Action::RevealSelf => {
                self.unmask(seat, r);
                self.cut_turn(seat, r);
            }
            _ => {}
        }
    }

    /// A Special White card played by `seat`.
    fn special_white(&mut self, seat: Seat, action: Action, r: &mut Report) {
        let n = self.numbers().clone();
        let Some(card) = special_card(action) else {
            return;
        };
        if !remove_one(&mut self.knights[seat].hand, card) {
            return;
        }
        if card != White::Heroism {
            self.white_discard.push(card);
        }
        r.public(|| Event::WhitePlayed {
            seat,
            card,
            quest: None,
        });
        match action {
            Action::Merlin(MerlinTarget::SiegeEngine) => {
                self.siege = self.siege.saturating_sub(1);
                let now = self.siege;
                r.public(|| Event::SiegeChanged { by: -1, now });
            }
            Action::Merlin(MerlinTarget::Figure(q)) => {
                let qs = &mut self.quests[q.index()];
                qs.figures = qs.figures.saturating_sub(1);
                let now = qs.figures;
                r.public(|| Event::FigureChanged { quest: q, by: -1, now });
            }
            Action::Merlin(MerlinTarget::BlackCard(q)) => {
                if let Some(p) = self.quests[q.index()].black.pop() {
                    if p.face_down {
                        self.black_unseen.push(p.card);
                    } else {
                        self.black_discard.push(p.card);
                    }
                    let shown = if p.face_down { p.card.hidden() } else { p.card };
                    r.public(|| Event::BlackRemoved { quest: q, card: shown });
                }
            }
            Action::Clairvoyance => {
                let k = (n.clairvoyance as usize).min(self.black_draw.len()).min(8);
                let mut left: ArrayVec<Black, 8> = ArrayVec::new();
                for _ in 0..k {
                    if let Some(c) = self.black_draw.pop() {
                        left.push(c);
                    }
                }
                for kn in self.knights.iter_mut() {
                    kn.black_top = kn.black_top.saturating_sub(k as u8);
                }
                self.clamp_black_known();
                for &c in &left {
                    r.only(seat, || Event::Peeked { seat, card: c });
                }
                self.stack.push(Task::Clairvoyance {
                    seat,
                    left,
                    chosen: ArrayVec::new(),
                });
            }
            Action::Convocation => {
                for s in 0..self.knights.len() {
                    if self.knights[s].active() && self.knights[s].at != Location::RoundTable {
                        self.move_to(s, Location::RoundTable, r);
                        r.public(|| Event::Moved {
                            seat: s,
                            to: Location::RoundTable,
                            free: true,
                        });
                    }
                }
                let present = self.present(Location::RoundTable);
                let count = present.len() as u8;
                self.spoils(seat, present, count, r);
            }
            Action::Fate => {
                if self.knights[seat].loyalty == Loyalty::Traitor {
                    self.unmask(seat, r);
                    self.cut_turn(seat, r);
                    self.everyone_discards(seat, Some(seat), n.fate_discard);
                } else {
                    // Everyone draws: the table now knows he is Loyal.
                    self.knights[seat].proven_loyal = true;
                    for s in self.clockwise(seat) {
                        self.draw_white(s, 1, r);
                    }
                }
            }
            Action::Heroism(q) => {
                self.heroism = Some(q);
                r.public(|| Event::HeroismOn { quest: q });
            }
            Action::LadyOfTheLake => {
                if self.quest(QuestId::Excalibur).in_play {
                    self.excalibur_step(1, Some(seat), r);
                } else {
                    self.gain(seat, n.lady_life, r);
                }
            }
            Action::Messenger(to) => self.stack.push(Task::MessengerGive { seat, to, given: 0 }),
            Action::Piety(true) => self.gain(seat, n.piety_self, r),
            Action::Piety(false) => {
                for s in self.clockwise(seat) {
                    if s != seat {
                        self.gain(s, n.piety_others, r);
                    }
                }
            }
            Action::Reinforcements(true) => self.draw_white(seat, n.reinforcements_self, r),
            Action::Reinforcements(false) => {
                for s in self.clockwise(seat) {
                    if s != seat {
                        self.draw_white(s, n.reinforcements_others, r);
                    }
                }
            }
            _ => {}
        }
    }

    /// Runs the work on the stack up to the next decision, checking the end after each step.
    pub(crate) fn settle(&mut self, r: &mut Report) {
        loop {
            if self.outcome.is_some() || self.check_end(r) {
                return;
            }
            let Some(task) = self.stack.last() else { return };
            let n = self.numbers();
            // Decisions with nothing to decide fall away.
            let vacuous = match task {
                Task::Discard { seat, left } => {
                    *left == 0 || self.knights[*seat].hand.is_empty() || !self.knights[*seat].active()
                }
                Task::ArthurReturn { from, .. } => self.knights[*from].hand.is_empty(),
                Task::MessengerGive { seat, .. } => self.knights[*seat].hand.is_empty(),
                Task::Taunt => !self.knights.iter().any(|k| k.active() && !k.hand.is_empty()),
                Task::GrailRescue { owner, target } => {
                    let o = &self.knights[*owner];
                    let t = &self.knights[*target];
                    !(o.grail && o.active() && t.doomed && t.active())
                }
                // Asked whenever he has cards, a Fight card among them or not: whether he is
                // asked is public.
                Task::KayCombat { seat, .. } | Task::KaySiege { seat, .. } => self.knights[*seat].hand.is_empty(),
                Task::ExcaliburOffer { bearer } => !self.knights[*bearer].excalibur || !self.knights[*bearer].active(),
                Task::Share { present, .. } | Task::ShareVote { present, .. } => present.is_empty(),
                Task::Evil | Task::Feed => false,
                _ => false,
            };
            if vacuous {
                // Kay's roll still counts; a pending share with no one present is not drawn.
                if let Some(Task::KaySiege { seat, roll }) = self.stack.pop() {
                    self.siege_result(seat, roll, r);
                }
                continue;
            }
            let _ = n;
            match task {
                Task::HeroicStart => {
                    self.stack.pop();
                    let k = &self.knights[self.active];
                    let at_zero_ok = self.content.deck.rules.heroic_actions_at_zero_lp;
                    if !self.this_turn.cut && k.active() && (!k.doomed || at_zero_ok) {
                        self.stack.push(Task::Heroic);
                    }
                }
                Task::EndTurn => {
                    self.stack.pop();
                    self.end_turn(r);
                }
                Task::DrawBlack { seat, left, free_white } => {
                    let (seat, left, free_white) = (*seat, *left, *free_white);
                    self.stack.pop();
                    if left > 1 {
                        self.stack.push(Task::DrawBlack {
                            seat,
                            left: left - 1,
                            free_white,
                        });
                    }
                    self.draw_black(seat, free_white, r);
                }
                Task::Resolve { seat, card, free_white } => {
                    let (seat, card, free_white) = (*seat, *card, *free_white);
                    self.stack.pop();
                    self.resolve(seat, card, free_white, r);
                }
                Task::Place { .. } => {
                    if let Some(Task::Place {
                        seat,
                        card,
                        face_down,
                        war,
                        free_white,
                    }) = self.stack.pop()
                    {
                        self.place(seat, card, face_down, war, free_white, r);
                    }
                }
                Task::Special { seat, card } => {
                    let (seat, card) = (*seat, *card);
                    self.stack.pop();
                    self.special_black(seat, card, r);
                }
                Task::CombatScore { quest, ender } => {
                    let (quest, ender) = (*quest, *ender);
                    self.stack.pop();
                    self.combat_score(quest, ender, r);
                }
                Task::QuestEnd { quest, won, ender } => {
                    let (quest, won, ender) = (*quest, *won, *ender);
                    self.stack.pop();
                    self.quest_end(quest, won, ender, r);
                }
                _ => return,
            }
        }
    }

    /// Whether the game has ended (and ends it).
    fn check_end(&mut self, r: &mut Report) -> bool {
        let n = self.numbers().clone();
        let loyal_dead = self
            .knights
            .iter()
            .filter(|k| k.loyalty == Loyalty::Loyal)
            .all(|k| k.dead);
        let lost = if self.siege >= n.siege_lose {
            Some(format!("{} Siege Engines surround Camelot", self.siege))
        } else if self.black_swords >= n.black_swords_lose {
            Some(format!("{} Black Swords lie on the Round Table", self.black_swords))
        } else if loyal_dead {
            Some("every Loyal Knight is dead".to_string())
        } else {
            None
        };
        if let Some(why) = lost {
            self.finish(false, why, r);
            return true;
        }
        if self.swords() < n.swords_end {
            return false;
        }
        // The twelfth Sword: a hidden living Traitor turns White Swords over.
        if let Some(t) = self.traitor_seat()
            && !self.knights[t].dead
            && !self.knights[t].unmasked
        {
            let flipped = n.traitor_flip.min(self.white_swords);
            self.white_swords -= flipped;
            self.black_swords += flipped;
            self.knights[t].revealed = true;
            r.public(|| Event::TraitorRevealedAtEnd { seat: t, flipped });
        }
        let (w, b) = (self.white_swords, self.black_swords);
        if n.black_swords_lose > 0 && b >= n.black_swords_lose && self.content.deck.rules.seven_black_after_flip_loses {
            self.finish(false, format!("{b} Black Swords lie on the Round Table"), r);
        } else if w > b {
            self.finish(true, format!("the Round Table holds {w} White Swords to {b} Black"), r);
        } else {
            self.finish(false, format!("the Round Table holds {w} White Swords to {b} Black"), r);
        }
        true
    }

    fn finish(&mut self, loyal_win: bool, why: String, r: &mut Report) {
        let winners: Vec<Seat> = (0..self.knights.len())
            .filter(|&s| (self.knights[s].loyalty == Loyalty::Loyal) == loyal_win)
            .collect();
        // A graded score for the simulator: the Swords of one's side (White for the Loyal, Black
        // for the Traitor).
        let scores = self
            .knights
            .iter()
            .map(|k| {
                i64::from(if k.loyalty == Loyalty::Traitor {
                    self.black_swords
                } else {
                    self.white_swords
                })
            })
            .collect();
        let summary = if loyal_win {
            format!("The Loyal Knights win: {why}.")
        } else {
            match self.traitor_seat() {
                Some(t) => format!("Evil wins, and with it the Traitor {}: {why}.", self.who(t)),
                None => format!("Evil wins: {why}."),
            }
        };
        let (white, black) = (self.white_swords, self.black_swords);
        r.public(|| Event::GameOver {
            loyal_win,
            white,
            black,
            why: why.clone(),
        });
        for s in 0..self.knights.len() {
            self.knights[s].revealed = true;
            let loyalty = self.knights[s].loyalty;
            r.public(|| Event::LoyaltyShown { seat: s, loyalty });
        }
        self.outcome = Some(Outcome {
            winners,
            scores,
            summary,
        });
    }

    fn start_turn(&mut self, seat: Seat, r: &mut Report) {
        self.active = seat;
        self.turn += 1;
        self.this_turn = TurnState::default();
        let turn = self.turn;
        if self.turn > 1 {
            r.public(|| Event::TurnStarted { seat, turn });
        }
        self.stack.push(Task::EndTurn);
        if self.knights[seat].unmasked {
            self.stack.push(Task::Feed);
            self.stack.push(Task::Taunt);
        } else {
            self.stack.push(Task::HeroicStart);
            self.stack.push(Task::Evil);
            if self.knights[seat].knight == KnightId::Percival
                && let Some(&card) = self.black_draw.last()
            {
                let k = &mut self.knights[seat];
                k.black_top = k.black_top.max(1);
                r.only(seat, || Event::Peeked { seat, card });
            }
        }
    }

    fn end_turn(&mut self, r: &mut Report) {
        for s in 0..self.knights.len() {
            if self.knights[s].doomed && !self.knights[s].dead {
                self.die(s, r);
            }
        }
        if self.check_end(r) {
            return;
        }
        let n = self.knights.len();
        let next = (1..=n).map(|i| (self.active + i) % n).find(|&s| !self.knights[s].dead);
        if let Some(next) = next {
            self.start_turn(next, r);
        }
    }

    fn die(&mut self, seat: Seat, r: &mut Report) {
        self.knights[seat].dead = true;
        r.public(|| Event::Died { seat });
        self.leave_the_board(seat, false, r);
    }

    fn unmask(&mut self, seat: Seat, r: &mut Report) {
        let k = &mut self.knights[seat];
        k.unmasked = true;
        k.revealed = true;
        r.public(|| Event::Unmasked { seat });
        // The unmasked Traitor keeps Lancelot's Armor.
        self.leave_the_board(seat, true, r);
    }

    /// A dead or unmasked Knight's figure leaves: his cards are discarded and his relics lost
    /// (Lancelot's Armor kept when `keeps_armor`).
    fn leave_the_board(&mut self, seat: Seat, keeps_armor: bool, r: &mut Report) {
        self.move_to(seat, Location::Gone, r);
        let k = &mut self.knights[seat];
        k.doomed = false;
        let hand = std::mem::take(&mut k.hand);
        let relics = [
            (std::mem::take(&mut k.excalibur), Relic::Excalibur),
            (!keeps_armor && std::mem::take(&mut k.armor), Relic::Armor),
            (std::mem::take(&mut k.grail), Relic::Grail),
        ];
        for (had, relic) in relics {
            if had {
                r.public(|| Event::RelicLost { seat, relic });
            }
        }
        if !hand.is_empty() {
            let count = hand.len() as u8;
            r.public(|| Event::DiscardedCount { seat, count });
        }
        self.white_discard.extend(hand);
    }

    /// The active seat's turn ends now: no more Heroic Actions.
    fn cut_turn(&mut self, seat: Seat, r: &mut Report) {
        self.this_turn.cut = true;
        if seat == self.active {
            // Whatever of his turn is still to come goes (the Progression of Evil too, when he
            // unmasks himself before it).
            self.stack
                .retain(|t| !matches!(t, Task::Heroic | Task::Evil | Task::HeroicStart));
            r.public(|| Event::TurnCut { seat });
        }
    }

    /// Moves a Knight; leaving a Solo Quest discards the White cards he played there.
    fn move_to(&mut self, seat: Seat, to: Location, r: &mut Report) {
        let from = self.knights[seat].at;
        if from == to {
            return;
        }
        if let Location::Quest(q) = from
            && self.is_solo(q)
        {
            let cards = std::mem::take(&mut self.quests[q.index()].white);
            if !cards.is_empty() {
                let count = cards.len() as u8;
                r.public(|| Event::DiscardedCount { seat, count });
            }
            self.white_discard.extend(cards);
        }
        self.knights[seat].at = to;
        if let Location::Quest(q) = to
            && !self.knights[seat].unmasked
        {
            self.tally.visited |= 1 << q.index();
        }
    }

    /// Seats from `from` clockwise, active Knights only.
    fn clockwise(&self, from: Seat) -> ArrayVec<Seat, 7> {
        let n = self.knights.len();
        (0..n)
            .map(|i| (from + i) % n)
            .filter(|&s| self.knights[s].active())
            .collect()
    }

    /// Who is asked first in a group decision set off by `drawer`: himself, or after an unmasked
    /// Traitor's draw the seat to his left.
    fn ask_from(&self, drawer: Seat) -> Seat {
        if self.knights[drawer].unmasked {
            (drawer + 1) % self.knights.len()
        } else {
            drawer
        }
    }

    /// The next Knight asked to pledge: one who might still hold an unpledged Merlin as far as
    /// the table can tell (more cards than he pledged), never by what his hand holds.
    fn next_pledger(&self, order: &[Seat], from: usize, pledged: &[u8; 7]) -> Option<usize> {
        (from..order.len()).find(|&i| {
            let s = order[i];
            self.knights[s].active() && self.knights[s].hand.len() > pledged[s] as usize
        })
    }

    /// Every active Knight with cards (but `skip`) discards `count`, clockwise from `from`.
    fn everyone_discards(&mut self, from: Seat, skip: Option<Seat>, count: u8) {
        let order = self.clockwise(from);
        for &s in order.iter().rev() {
            if Some(s) != skip {
                self.stack.push(Task::Discard { seat: s, left: count });
            }
        }
    }

    fn add_siege(&mut self, by: u8, r: &mut Report) {
        self.siege = (self.siege + by).min(self.numbers().siege_engines);
        let now = self.siege;
        r.public(|| Event::SiegeChanged { by: by as i8, now });
    }

    pub(crate) fn lay_swords(&mut self, white: bool, count: u8, r: &mut Report) {
        let room = self.numbers().swords.saturating_sub(self.swords());
        let count = count.min(room);
        if white {
            self.white_swords += count;
        } else {
            self.black_swords += count;
        }
        if count > 0 {
            r.public(|| Event::SwordsLaid { white, count });
        }
        if self.loyalty_unseen && self.swords() >= self.numbers().brave_knights_swords {
            // Three Brave Knights: now everyone looks at his Loyalty card.
            self.loyalty_unseen = false;
            for (seat, k) in self.knights.iter().enumerate() {
                let loyalty = k.loyalty;
                r.only(seat, || Event::LoyaltySeen { seat, loyalty });
            }
        }
    }

    /// Life lost; at 0 the Knight is doomed and the Grail's owner may save him.
    pub(crate) fn wound(&mut self, seat: Seat, by: u8, r: &mut Report) {
        let k = &mut self.knights[seat];
        if !k.active() || k.life == 0 || by == 0 {
            return;
        }
        let lost = by.min(k.life);
        k.life -= lost;
        let now = k.life;
        r.public(|| Event::LifeChanged {
            seat,
            by: -(lost as i8),
            now,
        });
        if now == 0 {
            self.knights[seat].doomed = true;
            r.public(|| Event::Doomed { seat });
            if let Some(owner) = self.knights.iter().position(|o| o.grail && o.active()) {
                self.stack.push(Task::GrailRescue { owner, target: seat });
            }
        }
    }

    /// Life gained, up to the maximum; a doomed Knight gains nothing.
    fn gain(&mut self, seat: Seat, by: u8, r: &mut Report) {
        let max = self.numbers().max_life;
        let k = &mut self.knights[seat];
        if !k.active() || k.doomed || by == 0 {
            return;
        }
        let before = k.life;
        k.life = (k.life + by).min(max);
        let (now, got) = (k.life, k.life - before);
        if got > 0 {
            r.public(|| Event::LifeChanged {
                seat,
                by: got as i8,
                now,
            });
        }
    }

    /// Both piles are made anew when either runs out: each colour's draw pile and discards
    /// shuffled together.
    fn reshuffle(&mut self, r: &mut Report) {
        let whites = std::mem::take(&mut self.white_discard);
        self.white_draw.extend(whites);
        self.rng.shuffle(&mut self.white_draw);
        let blacks = std::mem::take(&mut self.black_discard);
        self.black_draw.extend(blacks);
        let unseen = std::mem::take(&mut self.black_unseen);
        self.black_draw.extend(unseen);
        self.rng.shuffle(&mut self.black_draw);
        for k in self.knights.iter_mut() {
            k.black_top = 0;
            k.black_bottom = 0;
        }
        r.public(|| Event::Reshuffled);
    }

    fn take_white(&mut self, r: &mut Report) -> Option<White> {
        if self.white_draw.is_empty() {
            self.reshuffle(r);
        }
        let c = self.white_draw.pop();
        if self.white_draw.is_empty() {
            self.reshuffle(r);
        }
        c
    }

    pub(crate) fn take_black(&mut self, r: &mut Report) -> Option<Black> {
        if self.black_draw.is_empty() {
            self.reshuffle(r);
        }
        let c = self.black_draw.pop();
        for k in self.knights.iter_mut() {
            k.black_top = k.black_top.saturating_sub(1);
        }
        self.clamp_black_known();
        if self.black_draw.is_empty() {
            self.reshuffle(r);
        }
        c
    }

    /// No seat knows more cards of the Black pile than it holds.
    fn clamp_black_known(&mut self) {
        let len = self.black_draw.len().min(u8::MAX as usize) as u8;
        for k in self.knights.iter_mut() {
            k.black_top = k.black_top.min(len);
            k.black_bottom = k.black_bottom.min(len);
        }
    }

    pub(crate) fn draw_white(&mut self, seat: Seat, count: u8, r: &mut Report) {
        if !self.knights[seat].active() {
            return;
        }
        let mut got: ArrayVec<White, 16> = ArrayVec::new();
        for _ in 0..count.min(16) {
            match self.take_white(r) {
                Some(c) => got.push(c),
                None => break,
            }
        }
        for &c in &got {
            insert_sorted(&mut self.knights[seat].hand, c);
        }
        if r.on() {
            let cards = got.to_vec();
            let count = got.len() as u8;
            r.only(seat, || Event::WhiteDrawn { seat, cards });
            r.except(seat, || Event::WhiteDrawnCount { seat, count });
        }
    }

    fn draw_black(&mut self, seat: Seat, free_white: bool, r: &mut Report) {
        let Some(first) = self.take_black(r) else { return };
        if self.knights[seat].armor
            && let Some(second) = self.take_black(r)
        {
            r.only(seat, || Event::Peeked { seat, card: first });
            r.only(seat, || Event::Peeked { seat, card: second });
            self.stack.push(Task::ArmorPick {
                seat,
                cards: [first, second],
                free_white,
            });
            return;
        }
        self.stack.push(Task::Resolve {
            seat,
            card: first,
            free_white,
        });
    }

    /// The quest a Standard Black goes to (`None`: its quest is over, or the drawer chooses).
    pub fn black_target(&self, card: Black) -> Option<QuestId> {
        let q = match card {
            Black::BlackKnight(_) => QuestId::BlackKnight,
            Black::Lancelot(..) => return self.lancelot_or_dragon(),
            Black::Excalibur => QuestId::Excalibur,
            Black::Despair | Black::Desolation | Black::DarkForest => QuestId::Grail,
            Black::Picts => QuestId::PictWar,
            Black::Saxons => QuestId::SaxonWar,
            _ => return None,
        };
        self.quest(q).in_play.then_some(q)
    }

    fn resolve(&mut self, seat: Seat, card: Black, free_white: bool, r: &mut Report) {
        if card.is_combat() && self.black_target(card).is_some() {
            r.only(seat, || Event::BlackDrawn { seat, card });
            r.except(seat, || Event::BlackDrawn {
                seat,
                card: card.hidden(),
            });
        } else {
            r.public(|| Event::BlackDrawn { seat, card });
        }
        if card.is_special() {
            self.stack.push(Task::Special { seat, card });
            if !self.vivien {
                // Everyone with cards is asked, holding a Merlin or not: who is asked is public.
                let order: ArrayVec<Seat, 7> = self
                    .clockwise(self.ask_from(seat))
                    .into_iter()
                    .filter(|&s| !self.knights[s].hand.is_empty())
                    .collect();
                if !order.is_empty() {
                    self.stack.push(Task::MerlinPledge {
                        card,
                        order,
                        at: 0,
                        pledged: [0; 7],
                        added: false,
                    });
                }
            }
            return;
        }
        self.stack.push(Task::Place {
            seat,
            card,
            face_down: false,
            war: None,
            free_white,
        });
        if let Some(bearer) = self.knights.iter().position(|k| k.excalibur && k.active()) {
            self.stack.push(Task::ExcaliburOffer { bearer });
        }
        if (card.is_combat() && self.black_target(card).is_some()) || card == Black::Mercenaries {
            self.stack.push(Task::PlaceChoice { seat, card });
        }
    }

    fn place(
        &mut self,
        seat: Seat,
        card: Black,
        face_down: bool,
        war: Option<QuestId>,
        free_white: bool,
        r: &mut Report,
    ) {
        let target = if card == Black::Mercenaries {
            war
        } else {
            self.black_target(card)
        };
        let Some(q) = target else {
            self.black_discard.push(card);
            r.public(|| Event::BlackToSiege { card });
            self.add_siege(1, r);
            return;
        };
        let face_down = face_down && card.is_combat();
        let placed = Placed {
            card,
            face_down,
            by: seat,
        };
        r.only(seat, || Event::BlackPlaced {
            seat,
            card,
            quest: q,
            face_down,
        });
        r.except(seat, || Event::BlackPlaced {
            seat,
            card: if face_down { card.hidden() } else { card },
            quest: q,
            face_down,
        });
        match &self.content.quest(q).kind {
            QuestKind::Combat { black_spots, .. } => {
                let black_spots = *black_spots as usize;
                self.quests[q.index()].black.push(placed);
                if face_down && free_white {
                    self.draw_white(seat, 1, r);
                }
                if self.quest(q).black.len() >= black_spots {
                    self.combat_full(q, None);
                }
            }
            QuestKind::Track { .. } => {
                self.quests[q.index()].black.push(placed);
                self.excalibur_step(-1, None, r);
            }
            QuestKind::Grail { .. } => self.grail_black(placed, r),
            QuestKind::War { .. } => {
                self.quests[q.index()].black.push(placed);
                self.add_figure(q, r);
            }
        }
    }

    pub(crate) fn add_figure(&mut self, q: QuestId, r: &mut Report) {
        let max = match &self.content.quest(q).kind {
            QuestKind::War { figures, .. } => *figures,
            _ => return,
        };
        let qs = &mut self.quests[q.index()];
        qs.figures += 1;
        let now = qs.figures;
        r.public(|| Event::FigureChanged { quest: q, by: 1, now });
        if now >= max {
            self.stack.push(Task::QuestEnd {
                quest: q,
                won: false,
                ender: None,
            });
        }
    }

    fn special_black(&mut self, seat: Seat, card: Black, r: &mut Report) {
        let n = self.numbers().clone();
        r.public(|| Event::SpecialTakesEffect { card });
        let from = self.ask_from(seat);
        match card {
            Black::MorganDiscard | Black::MorganSacrifice => {
                let why = if card == Black::MorganDiscard {
                    Volunteering::Discard
                } else {
                    Volunteering::Sacrifice
                };
                let order: ArrayVec<Seat, 7> = self
                    .clockwise(from)
                    .into_iter()
                    .filter(|&s| match why {
                        Volunteering::Sacrifice => !self.knights[s].doomed,
                        Volunteering::Discard => self.knights[s].hand.len() >= n.morgan_discard as usize,
                    })
                    .collect();
                self.black_discard.push(card);
                if order.is_empty() {
                    self.everyone_discards(from, None, 1);
                } else {
                    self.stack.push(Task::Volunteer {
                        why,
                        order,
                        at: 0,
                        from,
                    });
                }
            }
            Black::MorganMore => {
                self.black_discard.push(card);
                self.stack.push(Task::DrawBlack {
                    seat,
                    left: n.morgan_more,
                    free_white: !self.knights[seat].unmasked,
                });
            }
            Black::MorganSiege => {
                self.black_discard.push(card);
                self.add_siege(n.morgan_siege, r);
            }
            Black::MorganWound => {
                self.black_discard.push(card);
                for s in self.clockwise(from) {
                    self.wound(s, 1, r);
                }
            }
            Black::Desolation => {
                if self.quest(QuestId::Grail).in_play {
                    self.grail_black(
                        Placed {
                            card,
                            face_down: false,
                            by: seat,
                        },
                        r,
                    );
                } else {
                    self.black_discard.push(card);
                    r.public(|| Event::BlackToSiege { card });
                    self.add_siege(1, r);
                }
            }
            Black::DarkForest if !self.quest(QuestId::Grail).in_play => {
                self.black_discard.push(card);
                r.public(|| Event::BlackToSiege { card });
                self.add_siege(1, r);
            }
            Black::DarkForest | Black::Vivien | Black::Mists => {
                self.black_discard.push(card);
                match card {
                    Black::DarkForest => self.dark_forest = true,
                    Black::Vivien => self.vivien = true,
                    _ => self.mists = true,
                }
                r.public(|| Event::Lasting { card });
            }
            Black::Guinevere => {
                self.black_discard.push(card);
                for s in 0..self.knights.len() {
                    if self.knights[s].active() && matches!(self.knights[s].at, Location::Quest(_)) {
                        self.move_to(s, Location::RoundTable, r);
                        r.public(|| Event::Moved {
                            seat: s,
                            to: Location::RoundTable,
                            free: true,
                        });
                    }
                }
                r.public(|| Event::Guinevere);
                if seat == self.active {
                    self.this_turn.cut = true;
                }
            }
            Black::Mordred => self.stack.push(Task::MordredWar { seat }),
            _ => self.black_discard.push(card),
        }
    }

    fn excalibur_step(&mut self, by: i8, ender: Option<Seat>, r: &mut Report) {
        let half = match &self.content.quest(QuestId::Excalibur).kind {
            QuestKind::Track { half_length } => *half_length as i8,
            _ => return,
        };
        let qs = &mut self.quests[QuestId::Excalibur.index()];
        if !qs.in_play {
            return;
        }
        qs.track = (qs.track + by).clamp(-half, half);
        let now = qs.track;
        r.public(|| Event::ExcaliburMoved { now });
        if now == half || now == -half {
            self.stack.push(Task::QuestEnd {
                quest: QuestId::Excalibur,
                won: now == half,
                ender,
            });
        }
    }

    fn grail_spots(&self) -> usize {
        match &self.content.quest(QuestId::Grail).kind {
            QuestKind::Grail { spots } => *spots as usize,
            _ => 7,
        }
    }

    fn grail_card(&mut self, seat: Seat, r: &mut Report) {
        let spots = self.grail_spots();
        let qs = &mut self.quests[QuestId::Grail.index()];
        if qs.white.len() + qs.black.len() < spots {
            qs.white.push(White::Grail);
            if qs.white.len() >= spots {
                self.stack.push(Task::QuestEnd {
                    quest: QuestId::Grail,
                    won: true,
                    ender: Some(seat),
                });
            }
        } else if let Some(p) = qs.black.pop() {
            self.black_discard.push(p.card);
            self.white_discard.push(White::Grail);
            r.public(|| Event::BlackRemoved {
                quest: QuestId::Grail,
                card: p.card,
            });
        } else {
            self.white_discard.push(White::Grail);
        }
    }

    fn grail_black(&mut self, placed: Placed, r: &mut Report) {
        let spots = self.grail_spots();
        let symmetric = self.content.deck.rules.grail_full_black_rule == GrailFullRule::Symmetric;
        let qs = &mut self.quests[QuestId::Grail.index()];
        if qs.white.len() + qs.black.len() < spots {
            qs.black.push(placed);
            if qs.black.len() >= spots {
                self.stack.push(Task::QuestEnd {
                    quest: QuestId::Grail,
                    won: false,
                    ender: None,
                });
            }
        } else {
            if symmetric && let Some(c) = qs.white.pop() {
                self.white_discard.push(c);
                r.public(|| Event::GrailCardRemoved);
            }
            self.black_discard.push(placed.card);
        }
    }

    /// A combat quest is full: its face-down cards turn over, then Sir Kay (if there) may add a
    /// card, then it is counted.
    fn combat_full(&mut self, q: QuestId, ender: Option<Seat>) {
        for p in &mut self.quests[q.index()].black {
            p.face_down = false;
        }
        self.stack.push(Task::CombatScore { quest: q, ender });
        if let Some(kay) = self.seat_of(KnightId::Kay) {
            let k = &self.knights[kay];
            if k.active() && k.at == Location::Quest(q) && !k.hand.is_empty() {
                self.stack.push(Task::KayCombat { seat: kay, quest: q });
            }
        }
    }

    /// The Knights' total and Evil's on a combat quest.
    pub fn combat_totals(&self, q: QuestId) -> (u8, u8) {
        let qs = self.quest(q);
        let bonus = self.numbers().excalibur_bonus;
        let mut knights: u8 = qs.white.iter().filter_map(|c| c.fight()).sum();
        if self
            .knights
            .iter()
            .any(|k| k.active() && k.excalibur && k.at == Location::Quest(q))
        {
            knights += bonus;
        }
        let evil = qs
            .black
            .iter()
            .map(|p| match p.card {
                Black::BlackKnight(v) => v,
                Black::Lancelot(l, d) => {
                    if q == QuestId::Dragon {
                        d
                    } else {
                        l
                    }
                }
                _ => 0,
            })
            .sum();
        (knights, evil)
    }

    fn combat_score(&mut self, q: QuestId, ender: Option<Seat>, r: &mut Report) {
        let (knights, evil) = self.combat_totals(q);
        r.public(|| Event::CombatRevealed {
            quest: q,
            knights,
            evil,
        });
        self.stack.push(Task::QuestEnd {
            quest: q,
            won: knights > evil,
            ender,
        });
    }

    fn siege_result(&mut self, seat: Seat, roll: u8, r: &mut Report) {
        let n = self.numbers();
        let mut total: u8 = self.siege_cards.iter().filter_map(|c| c.fight()).sum();
        if self.knights[seat].excalibur {
            total += n.excalibur_bonus;
        }
        let won = total > roll;
        r.public(|| Event::SiegeFight { seat, total, roll, won });
        let cards = std::mem::take(&mut self.siege_cards);
        self.white_discard.extend(cards);
        if won {
            self.siege = self.siege.saturating_sub(1);
            let now = self.siege;
            r.public(|| Event::SiegeChanged { by: -1, now });
        } else {
            self.wound(seat, 1, r);
        }
    }

    /// The end of a quest (spec §6.9).
    fn quest_end(&mut self, q: QuestId, won: bool, ender: Option<Seat>, r: &mut Report) {
        if !self.quest(q).in_play {
            return;
        }
        let def = self.content.quest(q).clone();
        let n = self.numbers().clone();
        let present = self.present(Location::Quest(q));
        let spoils = if won { &def.victory } else { &def.defeat };
        let mut swords = spoils.swords;
        if self.heroism == Some(q) {
            swords += 1;
            self.heroism = None;
            self.white_discard.push(White::Heroism);
        }
        if !won && self.mists {
            swords += 1;
        }
        r.public(|| Event::QuestEnded { quest: q, won, swords });
        if won {
            self.tally.won |= 1 << q.index();
        } else {
            self.tally.lost |= 1 << q.index();
        }
        self.tally.last = Some((q, won));
        self.lay_swords(won, swords, r);
        if spoils.siege > 0 {
            self.add_siege(spoils.siege, r);
        }
        for &s in &present {
            if spoils.life >= 0 {
                let bonus = if won && self.knights[s].knight == KnightId::Palamedes {
                    n.palamedes_bonus
                } else {
                    0
                };
                self.gain(s, spoils.life as u8 + bonus, r);
            } else {
                self.wound(s, spoils.life.unsigned_abs(), r);
            }
        }
        if won {
            let relic = match q {
                QuestId::Lancelot => Some(Relic::Armor),
                QuestId::Excalibur => Some(Relic::Excalibur),
                QuestId::Grail => Some(Relic::Grail),
                _ => None,
            };
            let taker = ender
                .filter(|&s| self.knights[s].active())
                .or_else(|| if def.solo { present.first().copied() } else { None });
            if let (Some(relic), Some(s)) = (relic, taker) {
                let k = &mut self.knights[s];
                match relic {
                    Relic::Armor => k.armor = true,
                    Relic::Excalibur => k.excalibur = true,
                    Relic::Grail => k.grail = true,
                }
                r.public(|| Event::RelicWon { seat: s, relic });
            }
            if spoils.cards > 0 && !present.is_empty() {
                let proposer = ender.filter(|s| present.contains(s)).unwrap_or_else(|| {
                    let order = self.clockwise(self.active);
                    order.into_iter().find(|s| present.contains(s)).unwrap_or(present[0])
                });
                self.spoils(proposer, present.clone(), spoils.cards, r);
            }
            if self.content.deck.rules.lasting_effects == Lasting::UntilNextQuestVictory {
                self.vivien = false;
                self.dark_forest = false;
            }
        }
        for &s in &present {
            self.knights[s].at = Location::RoundTable;
        }
        let qs = &mut self.quests[q.index()];
        let whites = std::mem::take(&mut qs.white);
        let blacks = std::mem::take(&mut qs.black);
        qs.track = 0;
        qs.figures = 0;
        qs.mordred = false;
        self.white_discard.extend(whites);
        self.black_discard.extend(blacks.iter().map(|p| p.card));
        match q {
            QuestId::BlackKnight | QuestId::PictWar | QuestId::SaxonWar => {}
            QuestId::Lancelot => {
                self.quests[q.index()].in_play = false;
                self.quests[QuestId::Dragon.index()].in_play = true;
            }
            _ => self.quests[q.index()].in_play = false,
        }
        if q == QuestId::Grail {
            self.dark_forest = false;
        }
        if self.heroism.is_some_and(|h| !self.quest(h).in_play) {
            self.heroism = None;
            self.white_discard.push(White::Heroism);
        }
    }

    /// `count` White cards drawn for the Knights `present`, shared as they agree.
    fn spoils(&mut self, proposer: Seat, present: ArrayVec<Seat, 7>, count: u8, r: &mut Report) {
        if present.is_empty() || count == 0 {
            return;
        }
        if present.len() == 1 {
            self.draw_white(present[0], count, r);
            return;
        }
        let mut pool = Vec::with_capacity(count as usize);
        for _ in 0..count {
            match self.take_white(r) {
                Some(c) => pool.push(c),
                None => break,
            }
        }
        for &s in &present {
            let cards = pool.clone();
            r.only(s, || Event::Looked { seat: s, cards });
        }
        self.stack.push(Task::Share {
            proposer,
            present,
            pool,
            assigned: Vec::new(),
        });
    }

    fn give_spoils(&mut self, pool: &[White], to: &[Seat], r: &mut Report) {
        let mut counts: Vec<(Seat, u8)> = Vec::new();
        for (&c, &s) in pool.iter().zip(to) {
            if self.knights[s].active() {
                insert_sorted(&mut self.knights[s].hand, c);
            } else {
                self.white_discard.push(c);
            }
            match counts.iter_mut().find(|(x, _)| *x == s) {
                Some((_, k)) => *k += 1,
                None => counts.push((s, 1)),
            }
        }
        r.public(|| Event::SpoilsShared { given: counts });
    }
}

/// The Special White card an action plays (Merlin or one of the eight unique cards), if any.
pub fn special_card(a: Action) -> Option<White> {
    Some(match a {
        Action::Merlin(_) => White::Merlin,
        Action::Clairvoyance => White::Clairvoyance,
        Action::Convocation => White::Convocation,
        Action::Fate => White::Fate,
        Action::Heroism(_) => White::Heroism,
        Action::LadyOfTheLake => White::LadyOfTheLake,
        Action::Messenger(_) => White::Messenger,
        Action::Piety(_) => White::Piety,
        Action::Reinforcements(_) => White::Reinforcements,
        _ => return None,
    })
}

/// The kind of a Heroic Action (`None`: not one).
pub fn kind_of(a: Action) -> Option<Kind> {
    Some(match a {
        Action::Move(_) => Kind::Move,
        Action::DrawWhite
        | Action::FightSiege(_)
        | Action::Fight(_)
        | Action::PlayGrail
        | Action::RaiseExcalibur(_) => Kind::Quest,
        Action::Merlin(_)
        | Action::Clairvoyance
        | Action::Convocation
        | Action::Fate
        | Action::Heroism(_)
        | Action::LadyOfTheLake
        | Action::Messenger(_)
        | Action::Piety(_)
        | Action::Reinforcements(_) => Kind::Special,
        Action::Heal(_) => Kind::Heal,
        Action::Accuse(_) => Kind::Accuse,
        _ => return None,
    })
}

/// The Fight value a war needs next (`None`: it has all its cards).
pub fn war_next(qs: &QuestState, sequence: &[u8], mordred_extra: u8) -> Option<u8> {
    let i = qs.white.len();
    match sequence.get(i) {
        Some(&v) => Some(v),
        None if qs.mordred && i == sequence.len() => Some(mordred_extra),
        None => None,
    }
}
