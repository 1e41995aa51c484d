//! Setup, legal actions and their resolution. Legal actions are generated correct by
//! construction and build no text; `check` refuses anything else and only then explains why.

use super::*;
use arrayvec::ArrayVec;

/// Where events go: a list, or nowhere (searches and simulations).
pub struct Report<'a>(pub Option<&'a mut Vec<Tagged<Event>>>);

impl Report<'_> {
    fn public(&mut self, e: impl FnOnce() -> Event) {
        if let Some(v) = &mut self.0 {
            v.push(Tagged::public(e()));
        }
    }
    fn only(&mut self, seat: Seat, e: impl FnOnce() -> Event) {
        if let Some(v) = &mut self.0 {
            v.push(Tagged::only(seat, e()));
        }
    }
}

/// Fields of one room, on the stack.
pub type Fields = ArrayVec<u8, 64>;

/// Parses the `sides` variant: `a`, `b`, `random`, or `board=side` pairs separated by `;`.
fn parse_sides(value: &str, rng: &mut GameRng) -> Result<[Side; 4], SetupError> {
    let mut sides = [Side::A; 4];
    match value.trim() {
        "" | "a" | "A" => {}
        "b" | "B" => sides = [Side::B; 4],
        "random" => {
            for s in &mut sides {
                *s = if rng.below(2) == 0 { Side::A } else { Side::B };
            }
        }
        other => {
            for part in other.split([';', ',']).map(str::trim).filter(|p| !p.is_empty()) {
                let (board, side) = part
                    .split_once('=')
                    .ok_or_else(|| SetupError(format!("sides: \"{part}\" is not board=side (e.g. green=b)")))?;
                let board = Board::parse(board.trim())
                    .filter(|b| *b != Board::Violet)
                    .ok_or_else(|| SetupError(format!("sides: \"{board}\" is not red, yellow, green or blue")))?;
                let side = match side.trim() {
                    "a" | "A" => Side::A,
                    "b" | "B" => Side::B,
                    s => return Err(SetupError(format!("sides: \"{s}\" is not a or b"))),
                };
                sides[board.index()] = side;
            }
        }
    }
    Ok(sides)
}

impl Future {
    pub(super) fn setup(config: &TableConfig, content: Arc<FutureContent>) -> Result<Future, SetupError> {
        let players = config.players();
        if !(2..=5).contains(&players) {
            return Err(SetupError(format!(
                "Die Zukunft von Camelot is for 2 to 5 players, not {players}"
            )));
        }
        let mut rng = GameRng::seeded(config.seed);
        let heroes = match config.variant("heroes", "off") {
            "off" | "" => false,
            "on" => true,
            v => return Err(SetupError(format!("heroes: \"{v}\" is not on or off"))),
        };
        let given = Future::colour_choice(players, config.variant("colours", "random"))?;
        let sides = parse_sides(config.variant("sides", "a"), &mut rng)?;
        let mut room_of = [None; 5];
        for b in Board::CASTLE {
            room_of[b.index()] = Some(
                content
                    .room_of(b, sides[b.index()])
                    .ok_or_else(|| SetupError(format!("no room for the {} board", b.name())))?,
            );
        }
        if players == 5 {
            room_of[Board::Violet.index()] = content.room_of(Board::Violet, Side::A);
        }
        let fields = std::array::from_fn(|b| match room_of[b] {
            Some(r) => vec![Piece::Empty; content.rooms[r].len()],
            None => Vec::new(),
        });
        let deck = &content.deck;
        let mut stacks: [Vec<u16>; 4] = Default::default();
        for (i, m) in deck.missions.iter().enumerate() {
            if m.stack != Stack::Key || players == 5 {
                stacks[m.stack.index()].push(i as u16);
            }
        }
        for s in &mut stacks {
            rng.shuffle(s);
        }
        let mut merlin_row: Vec<u8> = (0..deck.merlin.len() as u8).collect();
        rng.shuffle(&mut merlin_row);
        let mut grail_supply: Vec<u8> = Vec::new();
        for (p, part) in deck.grail_parts.iter().enumerate() {
            grail_supply.extend(std::iter::repeat_n(p as u8, part.tiles as usize));
        }
        rng.shuffle(&mut grail_supply);
        let tournament_tiles = room_of[Board::Green.index()]
            .map(|r| match content.rooms[r].file.rule {
                RoomRule::Tournament { tiles, .. } => tiles,
                _ => 0,
            })
            .unwrap_or(0);
        let mut g = Future {
            content: Shared(content.clone()),
            players,
            seat_names: config.seats.iter().map(|s| s.name.clone()).collect(),
            colours: Vec::new(),
            seat_slots: vec![Vec::new(); players],
            neutral: None,
            heroes,
            room_of,
            fields,
            track: Vec::new(),
            predictions: Vec::new(),
            round: 0,
            phase: Phase::Colours { pick: 0 },
            stacks,
            display: Vec::new(),
            merlin_row,
            grail_supply,
            pooled_merlin: 0,
            pooled_grail: 0,
            supply_shown: None,
            tournament_tiles,
            tasks: Vec::new(),
            rng: Dice(rng),
            outcome: None,
            turns: 0,
            scoring_final: false,
            opening: Vec::new(),
            masked: false,
        };
        let mut opening = Vec::new();
        {
            let mut r = Report(Some(&mut opening));
            if let Some(given) = given {
                for (seat, colour) in given {
                    g.add_colour(seat, colour);
                }
                // The magician cards of the colours in play, shuffled, give the first turn order.
                let mut track: Vec<Slot> = (0..g.colours.len() as u8).collect();
                g.rng.0.shuffle(&mut track);
                g.track = track;
                g.finish_setup(&mut r, true);
            }
        }
        g.opening = opening;
        Ok(g)
    }

    /// Whether the round's fists are open (after every prediction; secret before).
    pub fn fists_open(&self) -> bool {
        !matches!(
            self.phase,
            Phase::Send { .. } | Phase::Predict { .. } | Phase::Colours { .. }
        )
    }

    /// The colour whose score is a seat's result: its only colour, or with two players the lower
    /// of its two (on a tie, the one placed better on the turn-order track).
    pub fn counting_slot(&self, seat: Seat) -> Option<Slot> {
        let place = |s: Slot| self.track.iter().position(|&t| t == s).unwrap_or(usize::MAX);
        self.seat_slots
            .get(seat)?
            .iter()
            .copied()
            .min_by_key(|&s| (self.col(s).score, place(s)))
    }

    /// The colours each seat plays by default (`colours=random`), in slot order: one a seat in
    /// seat order, or with two players two each (red and yellow, green and purple).
    pub fn assigned_colours(players: usize) -> Vec<(Seat, u8)> {
        if players == 2 {
            vec![(0, RED), (1, GREEN), (0, YELLOW), (1, PURPLE)]
        } else {
            (0..players).map(|s| (s, s as u8)).collect()
        }
    }

    /// Colours in play at this player count: four with two players, else one a seat.
    pub fn colours_for(players: usize) -> usize {
        if players == 2 { 4 } else { players }
    }

    /// How the `colours` variant gives out the colours: `None` when the seats choose them in turn
    /// at the table (`expert`); else each colour with its seat, in slot order. `random` (the
    /// default) is `assigned_colours`; a list names each seat's colour in seat order, with two
    /// players each seat's two in turn (`red,yellow,green,purple`: red and yellow for seat 1;
    /// `+` may join a seat's two), every colour at most once. Either way the turn order is then
    /// drawn from the shuffled magician cards.
    pub fn colour_choice(players: usize, value: &str) -> Result<Option<Vec<(Seat, u8)>>, SetupError> {
        let list = match value.trim() {
            "" | "random" => return Ok(Some(Future::assigned_colours(players))),
            "expert" => return Ok(None),
            list => list,
        };
        let mut chosen: Vec<u8> = Vec::new();
        for name in list.split([',', '+']).map(str::trim).filter(|n| !n.is_empty()) {
            let colour = colour_by_name(name).ok_or_else(|| {
                SetupError(format!(
                    "colours: \"{name}\" is not a colour (red, green, yellow, purple or blue; or random, expert)"
                ))
            })?;
            if chosen.contains(&colour) {
                return Err(SetupError(format!(
                    "colours: {} is listed twice; each colour is played by one seat",
                    COLOUR_NAMES[colour as usize]
                )));
            }
            chosen.push(colour);
        }
        let needed = Future::colours_for(players);
        if chosen.len() != needed {
            return Err(SetupError(if players == 2 {
                format!(
                    "colours: with two players each seat plays two colours; list four, seat 1's two then seat 2's (such as red,yellow,green,purple), not {}",
                    chosen.len()
                )
            } else {
                format!(
                    "colours: list one colour for each of the {players} seats, in seat order (such as red,blue,green), not {}",
                    chosen.len()
                )
            }));
        }
        // Seat by seat in the list; slot by slot in play (each seat's first colour, then the seconds).
        let each = needed / players.max(1);
        Ok(Some(
            (0..each)
                .flat_map(|k| (0..players).map(move |seat| (seat, seat * each + k)))
                .map(|(seat, i)| (seat, chosen[i]))
                .collect(),
        ))
    }

    fn add_colour(&mut self, seat: Seat, colour: u8) -> Slot {
        let deck = &self.content.0.deck;
        let boxed = if self.players == 5 { deck.five_player_box } else { 0 };
        let slot = self.colours.len() as Slot;
        self.colours.push(Colour {
            colour,
            seat,
            screen: deck.knights - 1 - deck.hinterland_start - boxed,
            hinterland: deck.hinterland_start,
            score: 0,
            final_gain: 0,
            merlin: Vec::new(),
            merlin_held: 0,
            grail: [0; 8],
            grail_held: 0,
            missions: Vec::new(),
            sent: 0,
            has_sent: false,
            hearts: 0,
            tournament_tile: false,
            treason_start: None,
            last: [None; 5],
            hero: if self.heroes { Hero::Side1 } else { Hero::None },
            black_knight: self.heroes && colour == PURPLE,
            bonuses_taken: 0,
            hero_used: false,
            placed: [0; 5],
            parzival: false,
        });
        self.seat_slots[seat].push(slot);
        slot
    }

    /// Colours in play: four with two players, else one a seat.
    pub fn colours_needed(&self) -> usize {
        Future::colours_for(self.players)
    }

    /// The seat making pick number `pick` of the expert colour choice.
    pub fn picker(&self, pick: u8) -> Seat {
        pick as usize % self.players
    }

    fn finish_setup(&mut self, r: &mut Report, initial_track: bool) {
        if self.players == 3 {
            let unused: Vec<u8> = (0..5u8)
                .filter(|c| !self.colours.iter().any(|x| x.colour == *c))
                .collect();
            let pick = self.rng.0.below(unused.len() as u32) as usize;
            self.neutral = unused.get(pick).copied();
            for b in Board::CASTLE {
                if let Some(ri) = self.room_of[b.index()] {
                    let room = &self.content.0.rooms[ri];
                    for (i, f) in room.fields().iter().enumerate() {
                        if f.neutral_3p {
                            self.fields[b.index()][i] = Piece::Neutral;
                        }
                    }
                }
            }
        }
        let rooms = Board::ALL
            .iter()
            .filter_map(|&b| self.room_of[b.index()].map(|ri| (b, self.content.0.rooms[ri].side())))
            .collect();
        let neutral = self.neutral;
        r.public(|| Event::Setup { rooms, neutral });
        if initial_track {
            let track = self.track.clone();
            r.public(|| Event::TrackOrder { track, initial: true });
        }
        self.start_round(1, r);
    }

    fn start_round(&mut self, round: u8, r: &mut Report) {
        self.round = round;
        r.public(|| Event::RoundStarted { round });
        let content = self.content.0.clone();
        let row = content.display(self.players);
        let mut cards = Vec::new();
        for stack in Stack::ALL {
            for _ in 0..row.count(stack) {
                if let Some(c) = self.stacks[stack.index()].pop() {
                    cards.push(c);
                }
            }
        }
        self.display.extend_from_slice(&cards);
        r.public(|| Event::Revealed { cards });
        for c in &mut self.colours {
            c.sent = 0;
            c.has_sent = false;
        }
        self.predictions.clear();
        self.phase = Phase::Send { seat: 0 };
    }

    /// The slot whose decision it is (a task's, or the phase's colour).
    pub fn deciding_slot(&self) -> Option<Slot> {
        if self.outcome.is_some() {
            return None;
        }
        if let Some(t) = self.tasks.last() {
            return Some(t.slot());
        }
        match self.phase {
            Phase::Predict { pos } | Phase::Missions { pos, .. } => self.track.get(pos as usize).copied(),
            _ => None,
        }
    }

    pub fn room(&self, board: Board) -> Option<&Room> {
        self.room_of[board.index()].map(|r| &self.content.0.rooms[r])
    }

    /// The Training Ground's line bonus number `i`, if that room is in play and has it.
    pub fn line_bonus(&self, i: u8) -> Option<Effect> {
        match self.room(Board::Green).map(|r| &r.file.rule) {
            Some(RoomRule::LowestOpenRow { line_bonuses, .. }) => line_bonuses.get(i as usize).copied(),
            _ => None,
        }
    }

    fn col(&self, slot: Slot) -> &Colour {
        &self.colours[slot as usize]
    }

    fn col_mut(&mut self, slot: Slot) -> &mut Colour {
        &mut self.colours[slot as usize]
    }

    /// Whether `slot` has a piece (knight, or magician at the end) on a field of `board`.
    fn has_piece_in(&self, slot: Slot, board: Board, pred: impl Fn(usize) -> bool) -> bool {
        self.fields[board.index()]
            .iter()
            .enumerate()
            .any(|(i, p)| p.owner() == Some(slot) && pred(i))
    }

    /// Colours (other than the neutral one) with a knight in `board`'s room.
    fn colours_in(&self, board: Board) -> u8 {
        let mut seen = 0u32;
        for p in &self.fields[board.index()] {
            if let Piece::Knight(s) = p {
                seen |= 1 << s;
            }
        }
        seen.count_ones() as u8
    }

    /// The fields of `board`'s room a knight of `slot` may take now (the room's own rule).
    pub fn legal_fields(&self, slot: Slot, board: Board) -> Fields {
        let mut out = Fields::new();
        let Some(room) = self.room(board) else {
            return out;
        };
        let fl = &self.fields[board.index()];
        let free = |i: u8| fl[i as usize] == Piece::Empty;
        let own = |i: usize| fl[i].owner() == Some(slot);
        let c = self.col(slot);
        let may_enter = |present: bool| match room.file.max_colours {
            Some(m) => present || self.colours_in(board) < m,
            None => true,
        };
        match &room.file.rule {
            RoomRule::LowestOpenRow { .. } => {
                for row in &room.grid {
                    out.extend(row.iter().flatten().copied().filter(|&i| free(i)));
                    if !out.is_empty() {
                        break;
                    }
                }
            }
            RoomRule::Tournament { .. } => {
                let fs = room.fields();
                let prelim_free = fs
                    .iter()
                    .enumerate()
                    .any(|(i, f)| f.stage == Stage::Normal && free(i as u8));
                if prelim_free {
                    out.extend((0..fs.len() as u8).filter(|&i| fs[i as usize].stage == Stage::Normal && free(i)));
                } else {
                    let finals_full = fs
                        .iter()
                        .enumerate()
                        .all(|(i, f)| f.stage != Stage::Final || !free(i as u8));
                    if finals_full {
                        let holds_final = fs.iter().enumerate().any(|(i, f)| f.stage == Stage::Final && own(i));
                        if holds_final {
                            out.extend(
                                (0..fs.len() as u8).filter(|&i| fs[i as usize].stage == Stage::Winner && free(i)),
                            );
                        }
                    } else {
                        for (i, f) in fs.iter().enumerate() {
                            if f.stage == Stage::Final && free(i as u8) {
                                let in_prelim = fs
                                    .iter()
                                    .enumerate()
                                    .any(|(j, p)| p.stage == Stage::Normal && p.group == f.group && own(j));
                                if in_prelim {
                                    out.push(i as u8);
                                }
                            }
                        }
                    }
                }
            }
            RoomRule::FreeChoice { .. } => out.extend((0..fl.len() as u8).filter(|&i| free(i))),
            RoomRule::Treason { .. } => {
                let held = |k: usize| self.colours.iter().any(|x| x.treason_start == Some(k as u8));
                match c.treason_start {
                    None => {
                        if may_enter(false)
                            && let Some(k) = (0..4).find(|&k| !held(k) && free(room.starts[k]))
                        {
                            out.push(room.starts[k]);
                        }
                    }
                    Some(k) => {
                        let (row, forward) = (&room.rows[k as usize % 2], k < 2);
                        match c.last[board.index()].filter(|&l| fl[l as usize] == Piece::Knight(slot)) {
                            Some(l) => {
                                let at = row.iter().position(|&f| f == l);
                                let next = at.and_then(|p| {
                                    if forward {
                                        row.get(p + 1)
                                    } else {
                                        p.checked_sub(1).and_then(|q| row.get(q))
                                    }
                                });
                                if let Some(&n) = next {
                                    let unclaimed_start = (0..4).any(|j| room.starts[j] == n && !held(j));
                                    if free(n) && !unclaimed_start {
                                        out.push(n);
                                    }
                                }
                            }
                            None => {
                                let s = room.starts[k as usize];
                                if free(s) {
                                    out.push(s);
                                }
                            }
                        }
                    }
                }
            }
            RoomRule::Sequential { queen_hearts, .. } => {
                if let Some(&f) = room.order.iter().find(|&&f| free(f)) {
                    out.push(f);
                }
                if let Some(q) = room.queen
                    && free(q)
                    && c.hearts >= *queen_hearts
                {
                    out.push(q);
                }
            }
            RoomRule::Groups { .. } => {
                let fs = room.fields();
                for (i, f) in fs.iter().enumerate() {
                    if free(i as u8) {
                        let in_group = fs.iter().enumerate().any(|(j, g)| g.group == f.group && own(j));
                        if !in_group {
                            out.push(i as u8);
                        }
                    }
                }
            }
            RoomRule::PathFromLast => match c.last[board.index()] {
                None => {
                    if may_enter(false) {
                        out.extend((0..fl.len() as u8).filter(|&i| room.field(i as usize).start && free(i)));
                    }
                }
                Some(l) => out.extend(room.next[l as usize].iter().copied().filter(|&i| free(i))),
            },
            RoomRule::PathFromAny => {
                let present = (0..fl.len()).any(|i| fl[i] == Piece::Knight(slot));
                if !present {
                    if may_enter(false) {
                        out.extend((0..fl.len() as u8).filter(|&i| room.field(i as usize).start && free(i)));
                    }
                } else {
                    for (i, p) in fl.iter().enumerate() {
                        if *p == Piece::Knight(slot) {
                            for &n in &room.next[i] {
                                if free(n) && !out.contains(&n) {
                                    out.push(n);
                                }
                            }
                        }
                    }
                }
            }
            RoomRule::TopmostFree { .. } => {
                if let Some(&f) = room.order.iter().find(|&&f| free(f)) {
                    out.push(f);
                }
            }
        }
        out
    }

    /// The boards a shield sends its knight to without a hero.
    fn shield_boards(shield: Shield) -> &'static [Board] {
        match shield {
            Shield::Red => &[Board::Red],
            Shield::Yellow => &[Board::Yellow],
            Shield::Green => &[Board::Green],
            Shield::Blue => &[Board::Blue],
            Shield::Violet => &[Board::Violet],
            Shield::Multi => &Board::CASTLE,
        }
    }

    /// Whether a task on top of the stack offers a choice (otherwise it lapses).
    fn task_has_choice(&self, task: Task) -> bool {
        match task {
            Task::Shields { .. } | Task::Tree { .. } | Task::LineBonus { .. } | Task::Tristan { .. } => true,
            Task::Extra { slot, board } => {
                let c = self.col(slot);
                (c.hinterland > 0 || c.screen > 0) && !self.legal_fields(slot, board).is_empty()
            }
            Task::RecallRed { slot } => self.has_piece_in(slot, Board::Red, |_| true),
            Task::GrailPick { left, .. } => left > 0 && !self.grail_supply.is_empty(),
            Task::Parzival { .. } => !self.grail_supply.is_empty(),
            Task::Magician { .. } => Board::CASTLE[1..]
                .iter()
                .any(|b| self.fields[b.index()].contains(&Piece::Empty)),
        }
    }

    /// Every legal action now, in a fixed order.
    pub(super) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let deck = &self.content.0.deck;
        if let Some(&task) = self.tasks.last() {
            let slot = task.slot();
            let c = self.col(slot);
            match task {
                Task::Shields { card, left, .. } => {
                    let m = &deck.missions[card as usize];
                    for (i, &shield) in m.shields.iter().enumerate() {
                        if left & (1 << i) == 0 {
                            continue;
                        }
                        let boards = Self::shield_boards(shield);
                        let mut any = false;
                        for &b in boards {
                            for f in self.legal_fields(slot, b) {
                                any = true;
                                out.push(Action::Place {
                                    shield: i as u8,
                                    board: b,
                                    field: f,
                                    hero: false,
                                });
                            }
                        }
                        if !any {
                            out.push(Action::Return { shield: i as u8 });
                        }
                        if self.heroes && !c.hero_used {
                            let redirect: &[Board] = match (c.hero, hero_room(c.colour)) {
                                (Hero::Side1, Some(h)) if !boards.contains(&h) => {
                                    std::slice::from_ref(&Board::ALL[h.index()])
                                }
                                (Hero::Side2, _) if c.colour == BLUE && shield == Shield::Blue => &Board::CASTLE[..3],
                                _ => &[],
                            };
                            for &b in redirect {
                                for f in self.legal_fields(slot, b) {
                                    out.push(Action::Place {
                                        shield: i as u8,
                                        board: b,
                                        field: f,
                                        hero: true,
                                    });
                                }
                            }
                        }
                    }
                }
                Task::Tree { .. } | Task::Tristan { .. } | Task::Parzival { .. } => {
                    out.push(Action::Accept);
                    out.push(Action::Decline);
                }
                Task::Extra { board, .. } => {
                    for f in self.legal_fields(slot, board) {
                        if c.hinterland > 0 {
                            out.push(Action::Extra {
                                screen: false,
                                field: f,
                            });
                        }
                        if c.screen > 0 {
                            out.push(Action::Extra { screen: true, field: f });
                        }
                    }
                    out.push(Action::Decline);
                }
                Task::LineBonus { .. } => {
                    if let Some(RoomRule::LowestOpenRow { line_bonuses, .. }) =
                        self.room(Board::Green).map(|r| &r.file.rule)
                    {
                        out.extend((0..line_bonuses.len() as u8).map(Action::Bonus));
                    }
                    out.push(Action::Decline);
                }
                Task::RecallRed { .. } => {
                    for (i, p) in self.fields[Board::Red.index()].iter().enumerate() {
                        if *p == Piece::Knight(slot) {
                            out.push(Action::RecallRed(i as u8));
                        }
                    }
                }
                Task::GrailPick { .. } => {
                    for p in 0..deck.grail_parts.len() as u8 {
                        if self.grail_supply.contains(&p) {
                            out.push(Action::Grail(p));
                        }
                    }
                }
                Task::Magician { .. } => {
                    for &b in &Board::CASTLE[1..] {
                        for (i, p) in self.fields[b.index()].iter().enumerate() {
                            if *p == Piece::Empty {
                                out.push(Action::Magician {
                                    board: b,
                                    field: i as u8,
                                });
                            }
                        }
                    }
                    out.push(Action::Decline);
                }
            }
            return;
        }
        match self.phase {
            Phase::Colours { .. } => {
                for c in 0..5u8 {
                    if !self.colours.iter().any(|x| x.colour == c) {
                        out.push(Action::Colour(c));
                    }
                }
            }
            Phase::Send { seat } => {
                let slots = &self.seat_slots[seat];
                let most = |s: Slot| deck.max_fist.min(self.col(s).screen);
                let a_max = most(slots[0]);
                let b_max = slots.get(1).map_or(0, |&s| most(s));
                for a in 0..=a_max {
                    for b in 0..=b_max {
                        out.push(Action::Send(a, b));
                    }
                }
            }
            Phase::Predict { .. } => {
                let throne = &self.content.0.throne;
                for n in 0..=throne.highest {
                    if self.on_space(n) < throne.capacity {
                        out.push(Action::Predict(n));
                    }
                }
            }
            Phase::Missions { pos, stage } => {
                let slot = self.track[pos as usize];
                let c = self.col(slot);
                match stage {
                    TurnStage::Choose => {
                        if c.sent == 0 {
                            let most = deck.recall_max.min(c.hinterland);
                            out.extend((0..=most).map(Action::Recall));
                        } else {
                            for &card in &self.display {
                                if deck.missions[card as usize].needs() <= c.sent {
                                    out.push(Action::Take(card));
                                }
                            }
                            if out.is_empty() {
                                out.push(Action::NoMission);
                            }
                        }
                    }
                    TurnStage::After => self.after_options(slot, out),
                    TurnStage::Resolve => {}
                }
            }
            Phase::Final | Phase::Over => {}
        }
    }

    /// The heroes' after-mission abilities open to `slot`, then `EndTurn` (nothing if none).
    fn after_options(&self, slot: Slot, out: &mut Vec<Action>) {
        let c = self.col(slot);
        if !self.heroes || c.hero_used {
            return;
        }
        let deck = &self.content.0.deck;
        let start = out.len();
        match (c.colour, c.hero) {
            (RED, Hero::Side2) => out.extend(self.display.iter().map(|&d| Action::Discard(d))),
            (PURPLE, Hero::Side1) => out.extend(
                self.display
                    .iter()
                    .filter(|&&d| {
                        let m = &deck.missions[d as usize];
                        m.special.is_none() && m.shields.len() == 1
                    })
                    .map(|&d| Action::Discard(d)),
            ),
            (PURPLE, Hero::Side2) if c.black_knight && c.score >= deck.black_knight_cost => {
                for b in Board::CASTLE {
                    for f in self.legal_fields(slot, b) {
                        out.push(Action::BlackKnight { board: b, field: f });
                    }
                }
            }
            _ => {}
        }
        if out.len() > start {
            out.push(Action::EndTurn);
        }
    }

    /// Magicians on number space `n` this round.
    pub fn on_space(&self, n: u8) -> u8 {
        self.predictions.iter().filter(|(_, x)| *x == n).count() as u8
    }

    /// Refuses an action that is not legal now, saying why.
    pub(super) fn check(&self, action: &Action) -> Result<(), RuleError> {
        judge_by_list(action, |out| self.legal_into(out), |legal| self.why_not(action, legal))
    }

    fn why_not(&self, action: &Action, legal: &[Action]) -> String {
        if self.outcome.is_some() {
            return "the game is over".into();
        }
        let deck = &self.content.0.deck;
        // A mission at the choice of one: why this card does not fit, whether or not another does.
        if let (
            Action::Take(card),
            Phase::Missions {
                pos,
                stage: TurnStage::Choose,
            },
        ) = (*action, self.phase)
            && self.tasks.is_empty()
        {
            let c = self.col(self.track[pos as usize]);
            return match deck.missions.get(card as usize) {
                Some(_) if !self.display.contains(&card) => "that mission is not face up".into(),
                Some(_) if c.sent == 0 => {
                    "you sent no knights this round: an empty fist takes no mission but brings knights back from the hinterland"
                        .into()
                }
                Some(m) => format!(
                    "the mission {} needs {}; you sent {}",
                    self.mission_name(card),
                    crate::rules::counted(m.needs() as u64, "knight", "knights"),
                    c.sent
                ),
                None => "that mission is not face up".into(),
            };
        }
        let same_kind = legal
            .iter()
            .any(|a| std::mem::discriminant(a) == std::mem::discriminant(action));
        if !same_kind {
            return format!("not now: {}", self.prompt());
        }
        match (*action, self.phase) {
            (Action::Send(a, b), Phase::Send { seat }) => {
                let slots = &self.seat_slots[seat];
                for (k, &s) in slots.iter().enumerate() {
                    let n = if k == 0 { a } else { b };
                    let c = self.col(s);
                    if n > deck.max_fist {
                        return format!("a fist holds at most {} knights", deck.max_fist);
                    }
                    if n > c.screen {
                        return format!(
                            "{} has only {} behind its screen",
                            c.name(),
                            crate::rules::counted(c.screen as u64, "knight", "knights")
                        );
                    }
                }
                if slots.len() == 1 && b != 0 {
                    return "you play one colour: the second count must be 0".into();
                }
                "that fist is not possible".into()
            }
            (Action::Predict(n), _) => {
                if n > self.content.0.throne.highest {
                    format!("the number spaces run from 0 to {}", self.content.0.throne.highest)
                } else {
                    format!("number {n} already holds {} magicians", self.on_space(n))
                }
            }
            (Action::Take(card), Phase::Missions { pos, .. }) => {
                let c = self.col(self.track[pos as usize]);
                match deck.missions.get(card as usize) {
                    Some(m) if self.display.contains(&card) => {
                        format!(
                            "the mission {} needs {}; you sent {}",
                            self.mission_name(card),
                            crate::rules::counted(m.needs() as u64, "knight", "knights"),
                            c.sent
                        )
                    }
                    _ => "that mission is not face up".into(),
                }
            }
            (Action::Recall(_), Phase::Missions { pos, .. }) => {
                let c = self.col(self.track[pos as usize]);
                format!(
                    "you may bring back at most {}: {} in your hinterland, at most {} a recall",
                    crate::rules::counted(deck.recall_max.min(c.hinterland) as u64, "knight", "knights"),
                    c.hinterland,
                    deck.recall_max
                )
            }
            (Action::Place { .. } | Action::Extra { .. } | Action::BlackKnight { .. }, _) => {
                let board = match (*action, self.tasks.last()) {
                    (Action::Place { board, .. } | Action::BlackKnight { board, .. }, _) => board,
                    (_, Some(Task::Extra { board, .. })) => *board,
                    _ => Board::Red,
                };
                match self.room(board) {
                    None => format!("the {} room is not in play", board.name()),
                    Some(room) => format!(
                        "that field of {} is not open to you: {}",
                        self.room_words(board),
                        Self::rule_words(room)
                    ),
                }
            }
            (Action::Discard(card), _) if !self.display.contains(&card) => "that mission is not face up".into(),
            (Action::Discard(_), Phase::Missions { pos, .. })
                if self.col(self.track[pos as usize]).colour == PURPLE
                    && self.col(self.track[pos as usize]).hero == Hero::Side1 =>
            {
                "Mordred discards only a face-up mission with exactly one shield".into()
            }
            (Action::Discard(_), _) => "that mission cannot be discarded now".into(),
            (Action::Grail(part), _) => match deck.grail_parts.get(part as usize) {
                Some(p) => format!("no {} tile is left in the Grail supply", p.name),
                None => format!("the Grail has only {} parts", deck.grail_parts.len()),
            },
            _ => format!("not possible: {}", self.prompt()),
        }
    }

    /// Why the mission card `card` of the face-up display cannot be picked now by the seat to
    /// act. `None` when a legal action uses it (taking it, or discarding it with Kay's or
    /// Mordred's ability); otherwise the action a click on the card means — its discard while a
    /// hero discards, else taking it — with the words `apply` refuses it with (so a click that
    /// sends it gets the same words). Outside a mission turn the words say what the decision is.
    /// For the window's hover and click only: it lists the legal actions and formats the words.
    pub fn mission_refusal(&self, card: u16) -> Option<(Action, String)> {
        let mut legal = Vec::new();
        self.legal_into(&mut legal);
        if legal
            .iter()
            .any(|a| matches!(*a, Action::Take(c) | Action::Discard(c) if c == card))
        {
            return None;
        }
        let discarding = legal.iter().any(|a| matches!(a, Action::Discard(_)));
        let action = if discarding {
            Action::Discard(card)
        } else {
            Action::Take(card)
        };
        Some((action, self.why_not(&action, &legal)))
    }

    /// Why a Grail tile of part `part` cannot be picked from the supply now (Parzival's side 2):
    /// `None` when `Action::Grail(part)` is legal, else that action and the words `apply` refuses
    /// it with. Only the picker sees the supply, so only the picker's screen should ask.
    pub fn grail_refusal(&self, part: u8) -> Option<(Action, String)> {
        let action = Action::Grail(part);
        let mut legal = Vec::new();
        self.legal_into(&mut legal);
        (!legal.contains(&action)).then(|| (action, self.why_not(&action, &legal)))
    }

    /// A room's placement rule in words.
    pub fn rule_words(room: &Room) -> &'static str {
        match room.file.rule {
            RoomRule::LowestOpenRow { .. } => "rows fill from the bottom; take a free field of the lowest open row",
            RoomRule::Tournament { .. } => {
                "preliminaries first; a final needs your knight in its preliminary; the winner needs your knight on a final"
            }
            RoomRule::FreeChoice { .. } => "any free seat",
            RoomRule::Treason { .. } => "enter at the next free start; then the next field along your path",
            RoomRule::Sequential { .. } => "the next field in order, or the queen's field with 3 hearts",
            RoomRule::Groups { .. } => "one knight per group",
            RoomRule::PathFromLast => "a start field, then an arrow from your most recent knight",
            RoomRule::PathFromAny => "a start field, then an arrow from any of your knights",
            RoomRule::TopmostFree { .. } => "the first free field in order",
        }
    }

    /// Applies a checked action.
    pub(super) fn execute(&mut self, action: Action, r: &mut Report) {
        let deck = self.content.0.clone();
        let deck = &deck.deck;
        if let Some(&task) = self.tasks.last() {
            let slot = task.slot();
            let seat = self.col(slot).seat;
            match (task, action) {
                (
                    Task::Shields { card, left, .. },
                    Action::Place {
                        shield,
                        board,
                        field,
                        hero,
                    },
                ) => {
                    self.shield_done(slot, card, left, shield);
                    if hero {
                        self.use_hero(slot, r);
                    }
                    self.place_piece(slot, board, field, Piece::Knight(slot), r);
                }
                (Task::Shields { card, left, .. }, Action::Return { shield }) => {
                    self.shield_done(slot, card, left, shield);
                    self.col_mut(slot).screen += 1;
                    let board = deck.missions[card as usize].shields[shield as usize].board();
                    r.public(|| Event::Returned { slot, board });
                }
                (Task::Tree { .. }, Action::Accept) => {
                    self.tasks.pop();
                    self.tree(slot, r);
                }
                (Task::Extra { board, .. }, Action::Extra { screen, field }) => {
                    self.tasks.pop();
                    let c = self.col_mut(slot);
                    if screen {
                        c.screen -= 1;
                    } else {
                        c.hinterland -= 1;
                    }
                    self.place_piece(slot, board, field, Piece::Knight(slot), r);
                }
                (Task::LineBonus { .. }, Action::Bonus(i)) => {
                    self.tasks.pop();
                    self.col_mut(slot).bonuses_taken += 1;
                    r.public(|| Event::LineFormed { slot, bonus: Some(i) });
                    match self.line_bonus(i) {
                        Some(Effect::Points(n)) => self.add_points(slot, n, Why::LineBonus, r),
                        Some(Effect::Grail(n)) => self.gain_grail(slot, n, r),
                        Some(Effect::Tree) => self.tree(slot, r),
                        Some(Effect::ExtraKnight(b)) => self.tasks.push(Task::Extra { slot, board: b }),
                        None => {}
                    }
                }
                (Task::LineBonus { .. }, Action::Decline) => {
                    self.tasks.pop();
                    r.public(|| Event::LineFormed { slot, bonus: None });
                }
                (Task::RecallRed { .. }, Action::RecallRed(field)) => {
                    self.tasks.pop();
                    self.recall_red(slot, field, r);
                }
                (Task::GrailPick { left, .. }, Action::Grail(part)) => {
                    self.tasks.pop();
                    if left > 1 {
                        self.tasks.push(Task::GrailPick { slot, left: left - 1 });
                    }
                    if let Some(i) = self.grail_supply.iter().position(|&p| p == part) {
                        self.grail_supply.remove(i);
                        let c = self.col_mut(slot);
                        c.grail[part as usize] += 1;
                        c.grail_held += 1;
                        r.public(|| Event::GrailDrawn { slot, count: 1 });
                        r.only(seat, || Event::GrailParts {
                            slot,
                            parts: vec![part],
                        });
                    }
                }
                (Task::Parzival { n, .. }, Action::Accept) => {
                    self.tasks.pop();
                    self.use_hero(slot, r);
                    self.col_mut(slot).parzival = true;
                    self.pick_grail(slot, n, r);
                }
                (Task::Parzival { n, .. }, Action::Decline) => {
                    self.tasks.pop();
                    self.draw_grail(slot, n, r);
                }
                (Task::Tristan { .. }, Action::Accept) => {
                    self.tasks.pop();
                    self.use_hero(slot, r);
                    self.add_points(slot, deck.tristan_bonus, Why::Tristan, r);
                }
                (Task::Magician { .. }, Action::Magician { board, field }) => {
                    self.tasks.pop();
                    let c = self.col_mut(slot);
                    c.bonuses_taken = 0;
                    self.place_piece(slot, board, field, Piece::Magician(slot), r);
                }
                (_, Action::Decline) => {
                    self.tasks.pop();
                }
                _ => {}
            }
            self.settle(r);
            return;
        }
        match (self.phase, action) {
            (Phase::Colours { pick }, Action::Colour(colour)) => {
                let seat = self.picker(pick);
                let slot = self.add_colour(seat, colour);
                self.track.push(slot);
                r.public(|| Event::ColourChosen { seat, colour });
                if self.colours.len() >= self.colours_needed() {
                    let track = self.track.clone();
                    r.public(|| Event::TrackOrder { track, initial: true });
                    self.finish_setup(r, false);
                } else {
                    self.phase = Phase::Colours { pick: pick + 1 };
                }
            }
            (Phase::Send { seat }, Action::Send(a, b)) => {
                let slots = self.seat_slots[seat].clone();
                let mut counts = Vec::new();
                for (k, &s) in slots.iter().enumerate() {
                    let c = self.col_mut(s);
                    c.sent = if k == 0 { a } else { b };
                    c.has_sent = true;
                    counts.push((s, c.sent));
                }
                r.public(|| Event::FistClosed { seat });
                r.only(seat, || Event::Fist { seat, counts });
                self.phase = if seat + 1 < self.players {
                    Phase::Send { seat: seat + 1 }
                } else {
                    Phase::Predict {
                        pos: self.track.len() as u8 - 1,
                    }
                };
            }
            (Phase::Predict { pos }, Action::Predict(number)) => {
                let slot = self.track[pos as usize];
                let inner = self.on_space(number) > 0;
                self.predictions.push((slot, number));
                r.public(|| Event::Predicted { slot, number, inner });
                if pos == 0 {
                    self.reveal(r);
                } else {
                    self.phase = Phase::Predict { pos: pos - 1 };
                }
            }
            (Phase::Missions { pos, .. }, Action::Take(card)) => {
                let slot = self.track[pos as usize];
                self.display.retain(|&d| d != card);
                let m = &deck.missions[card as usize];
                let c = self.col_mut(slot);
                c.missions.push(card);
                let needs = m.needs();
                let surplus = c.sent - needs;
                c.hinterland += surplus;
                r.public(|| Event::Took { slot, card, surplus });
                self.phase = Phase::Missions {
                    pos,
                    stage: TurnStage::Resolve,
                };
                if let Some(s) = m.special {
                    let c = self.col_mut(slot);
                    c.screen += needs;
                    c.sent = 0;
                    self.add_points(slot, s.points, Why::Special, r);
                } else {
                    self.col_mut(slot).sent = needs;
                    if !m.shields.is_empty() {
                        let left = ((1u16 << m.shields.len()) - 1) as u8;
                        self.tasks.push(Task::Shields { slot, card, left });
                    }
                    if m.tree {
                        self.tasks.push(Task::Tree { slot });
                    }
                    self.gain_grail(slot, m.grail, r);
                }
            }
            (Phase::Missions { pos, .. }, Action::NoMission) => {
                let slot = self.track[pos as usize];
                let c = self.col_mut(slot);
                let knights = c.sent;
                c.hinterland += knights;
                c.sent = 0;
                r.public(|| Event::NothingFits { slot, knights });
                self.phase = Phase::Missions {
                    pos,
                    stage: TurnStage::After,
                };
            }
            (Phase::Missions { pos, .. }, Action::Recall(n)) => {
                let slot = self.track[pos as usize];
                let c = self.col_mut(slot);
                c.hinterland -= n;
                c.screen += n;
                r.public(|| Event::Recalled { slot, knights: n });
                self.phase = Phase::Missions {
                    pos,
                    stage: TurnStage::Resolve,
                };
                self.gain_grail(slot, n, r);
            }
            (Phase::Missions { pos, .. }, Action::Discard(card)) => {
                let slot = self.track[pos as usize];
                self.display.retain(|&d| d != card);
                r.public(|| Event::Discarded { slot, card });
                self.use_hero(slot, r);
            }
            (Phase::Missions { pos, .. }, Action::BlackKnight { board, field }) => {
                let slot = self.track[pos as usize];
                self.use_hero(slot, r);
                self.col_mut(slot).black_knight = false;
                self.add_points(slot, -deck.black_knight_cost, Why::BlackKnight, r);
                self.phase = Phase::Missions {
                    pos,
                    stage: TurnStage::Resolve,
                };
                self.place_piece(slot, board, field, Piece::Knight(slot), r);
            }
            (Phase::Missions { pos, .. }, Action::EndTurn) => {
                self.end_turn(pos, r);
            }
            _ => {}
        }
        self.settle(r);
    }

    fn shield_done(&mut self, slot: Slot, card: u16, left: u8, shield: u8) {
        self.tasks.pop();
        let left = left & !(1 << shield);
        if left != 0 {
            self.tasks.push(Task::Shields { slot, card, left });
        }
        let c = self.col_mut(slot);
        c.sent = c.sent.saturating_sub(1);
    }

    /// Turns the hero of `slot` over (side 1 → side 2) or sends it away (side 2).
    fn use_hero(&mut self, slot: Slot, r: &mut Report) {
        let c = self.col_mut(slot);
        let side = match c.hero {
            Hero::Side1 => {
                c.hero = Hero::Side2;
                1
            }
            Hero::Side2 => {
                c.hero = Hero::Gone;
                2
            }
            _ => return,
        };
        c.hero_used = true;
        r.public(|| Event::HeroUsed { slot, side });
    }

    fn tree(&mut self, slot: Slot, r: &mut Report) {
        let c = self.col_mut(slot);
        let knight = c.hinterland > 0;
        if knight {
            c.hinterland -= 1;
            c.screen += 1;
        }
        r.public(|| Event::TreeTaken { slot, knight });
        self.gain_grail(slot, 1, r);
    }

    pub(super) fn add_points(&mut self, slot: Slot, points: i32, why: Why, r: &mut Report) {
        if points == 0 {
            return;
        }
        let fin = self.scoring_final;
        let c = self.col_mut(slot);
        let moved = if fin {
            c.final_gain += points;
            points
        } else {
            let before = c.score;
            c.score = (before + points).max(0);
            c.score - before
        };
        r.public(|| Event::Scored {
            slot,
            points: moved,
            due: points,
            why,
        });
    }

    /// Parzival's side 2: `slot` picks `n` tiles from the supply, looking at it.
    fn pick_grail(&mut self, slot: Slot, n: u8, r: &mut Report) {
        self.tasks.push(Task::GrailPick { slot, left: n });
        let seat = self.col(slot).seat;
        r.only(seat, || Event::SupplyShown { slot });
    }

    /// A Grail gain of `n` tiles: drawn at once, or picked (Parzival's side 2).
    fn gain_grail(&mut self, slot: Slot, n: u8, r: &mut Report) {
        if n == 0 {
            return;
        }
        let c = self.col(slot);
        let own_turn = matches!(self.phase, Phase::Missions { pos, .. } if self.track.get(pos as usize) == Some(&slot));
        if c.parzival {
            self.pick_grail(slot, n, r);
        } else if self.heroes
            && own_turn
            && !self.scoring_final
            && c.colour == YELLOW
            && c.hero == Hero::Side2
            && !c.hero_used
        {
            self.tasks.push(Task::Parzival { slot, n });
        } else {
            self.draw_grail(slot, n, r);
        }
    }

    fn draw_grail(&mut self, slot: Slot, n: u8, r: &mut Report) {
        let mut parts = Vec::new();
        for _ in 0..n {
            match self.grail_supply.pop() {
                Some(p) => {
                    let c = self.col_mut(slot);
                    c.grail[p as usize] += 1;
                    c.grail_held += 1;
                    if r.0.is_some() {
                        parts.push(p);
                    }
                }
                None => break,
            }
        }
        let count = if r.0.is_some() { parts.len() as u8 } else { 0 };
        if count > 0 {
            let seat = self.col(slot).seat;
            r.public(|| Event::GrailDrawn { slot, count });
            r.only(seat, || Event::GrailParts { slot, parts });
        }
    }

    /// Whether the royalists lead at the Knights' Table (else it shows the rebels).
    pub fn royalists_lead(&self) -> bool {
        let Some(room) = self.room(Board::Red) else {
            return false;
        };
        let fl = &self.fields[Board::Red.index()];
        let count = |row: &Vec<u8>| row.iter().filter(|&&f| fl[f as usize] != Piece::Empty).count();
        count(&room.rows[0]) > count(&room.rows[1])
    }

    /// A piece arrives on a field; its points, effects and the room's triggers follow.
    pub(super) fn place_piece(&mut self, slot: Slot, board: Board, field: u8, piece: Piece, r: &mut Report) {
        let content = self.content.0.clone();
        let Some(ri) = self.room_of[board.index()] else {
            return;
        };
        let room = &content.rooms[ri];
        let table_before = matches!(room.file.rule, RoomRule::Treason { .. }).then(|| self.royalists_lead());
        self.fields[board.index()][field as usize] = piece;
        if let Piece::Knight(_) = piece {
            let c = self.col_mut(slot);
            c.last[board.index()] = Some(field);
            c.placed[board.index()] += 1;
            if c.treason_start.is_none()
                && let RoomRule::Treason { .. } = room.file.rule
            {
                c.treason_start = room.starts.iter().position(|&s| s == field).map(|k| k as u8);
            }
        }
        r.public(|| Event::Placed {
            slot,
            board,
            field,
            piece,
        });
        let f = room.field(field as usize);
        self.add_points(slot, f.points, Why::Field, r);
        if f.hearts > 0 {
            self.col_mut(slot).hearts += f.hearts;
        }
        // Room triggers go under the field's own optional effects, so those come first.
        match &room.file.rule {
            RoomRule::LowestOpenRow {
                line_length,
                bonuses_per_turn,
                ..
            } if self.col(slot).bonuses_taken < *bonuses_per_turn
                && self.line_due(room, board, field, slot, *line_length) =>
            {
                self.tasks.push(Task::LineBonus { slot });
            }
            RoomRule::Tournament { tile_points, .. } => {
                let fs = room.fields();
                let fl = &self.fields[board.index()];
                if f.stage == Stage::Normal {
                    let groups: ArrayVec<u8, 16> = {
                        let mut g = ArrayVec::new();
                        for p in fs.iter().filter(|p| p.stage == Stage::Normal) {
                            if !g.contains(&p.group) && !g.is_full() {
                                g.push(p.group);
                            }
                        }
                        g
                    };
                    let everywhere = groups.iter().all(|&g| {
                        fs.iter()
                            .enumerate()
                            .any(|(i, p)| p.stage == Stage::Normal && p.group == g && fl[i].owner() == Some(slot))
                    });
                    if everywhere && !self.col(slot).tournament_tile && self.tournament_tiles > 0 {
                        self.tournament_tiles -= 1;
                        self.col_mut(slot).tournament_tile = true;
                        r.public(|| Event::TournamentTile { slot });
                        self.add_points(slot, *tile_points, Why::TournamentTile, r);
                    }
                }
                let fl = &self.fields[board.index()];
                let full = |stage: Stage| {
                    fs.iter()
                        .enumerate()
                        .all(|(i, p)| p.stage != stage || fl[i] != Piece::Empty)
                };
                if f.stage == Stage::Normal && full(Stage::Normal) {
                    r.public(|| Event::FinalsOpened);
                }
                if f.stage == Stage::Final && full(Stage::Final) {
                    r.public(|| Event::WinnerOpened);
                }
            }
            RoomRule::Groups { groups } => {
                if let Some(g) = room.group_of[field as usize] {
                    let rule = &groups[g];
                    let fl = &self.fields[board.index()];
                    let members: ArrayVec<usize, 64> = (0..fl.len()).filter(|&i| room.group_of[i] == Some(g)).collect();
                    if members.iter().all(|&i| fl[i] != Piece::Empty) {
                        let mut penalised = Vec::new();
                        for &s in self.track.clone().iter().rev() {
                            let fl = &self.fields[board.index()];
                            let present = members.iter().any(|&i| fl[i].owner() == Some(s));
                            if !present {
                                penalised.push(s);
                                if rule.recall_red && self.has_piece_in(s, Board::Red, |_| true) {
                                    self.tasks.push(Task::RecallRed { slot: s });
                                }
                            }
                        }
                        penalised.reverse();
                        for &s in &penalised {
                            self.add_points(s, rule.penalty, Why::Intrigue, r);
                        }
                        let group = rule.group;
                        r.public(|| Event::GroupFilled { group, penalised });
                    }
                }
            }
            _ => {}
        }
        if let Some(before) = table_before {
            let now = self.royalists_lead();
            if now != before {
                r.public(|| Event::KnightsTable { royalists: now });
            }
        }
        {
            let c = self.col(slot);
            if self.heroes
                && matches!(piece, Piece::Knight(_))
                && c.colour == GREEN
                && c.hero == Hero::Side2
                && !c.hero_used
                && !self.scoring_final
                && c.placed[board.index()] == 2
            {
                self.tasks.push(Task::Tristan { slot });
            }
        }
        for e in f.effects.iter().rev() {
            match *e {
                Effect::Points(n) => self.add_points(slot, n, Why::Field, r),
                Effect::Grail(n) => self.gain_grail(slot, n, r),
                Effect::Tree => self.tasks.push(Task::Tree { slot }),
                Effect::ExtraKnight(b) => self.tasks.push(Task::Extra { slot, board: b }),
            }
        }
    }

    /// Whether the piece just placed on `field` made a new line (spec §10.1's test).
    fn line_due(&self, room: &Room, board: Board, field: u8, slot: Slot, len: u8) -> bool {
        let f = room.field(field as usize);
        let (row, col) = (f.row as i32 - 1, f.col as i32 - 1);
        let fl = &self.fields[board.index()];
        let own = |r: i32, c: i32| -> bool {
            if r < 0 || c < 0 {
                return false;
            }
            room.grid
                .get(r as usize)
                .and_then(|row| row.get(c as usize))
                .copied()
                .flatten()
                .is_some_and(|i| fl[i as usize].owner() == Some(slot))
        };
        let len = len as i32;
        [(0, 1), (1, 0), (1, 1), (1, -1)].into_iter().any(|(dr, dc)| {
            let run = |sign: i32| {
                let mut n = 0;
                while own(row + sign * dr * (n + 1), col + sign * dc * (n + 1)) {
                    n += 1;
                }
                n
            };
            let (a, b) = (run(1), run(-1));
            a + b + 1 >= len && a < len && b < len
        })
    }

    fn recall_red(&mut self, slot: Slot, field: u8, r: &mut Report) {
        let Some(room) = self.room(Board::Red).cloned() else {
            return;
        };
        let before = self.royalists_lead();
        let red = Board::Red.index();
        self.fields[red][field as usize] = Piece::Empty;
        self.col_mut(slot).hinterland += 1;
        r.public(|| Event::RecalledFromRed { slot, field });
        if let RoomRule::Treason { .. } = room.file.rule {
            if self.col(slot).last[red] == Some(field) {
                // The path continues from the most recent knight still there: walk back.
                let k = self.col(slot).treason_start.unwrap_or(0) as usize;
                let row = &room.rows[k % 2];
                let at = row.iter().position(|&f| f == field).unwrap_or(0);
                let back: Vec<u8> = if k < 2 {
                    row[..at].iter().rev().copied().collect()
                } else {
                    row[at + 1..].to_vec()
                };
                let fl = &self.fields[red];
                let prev = back.into_iter().find(|&f| fl[f as usize] == Piece::Knight(slot));
                self.col_mut(slot).last[red] = prev;
            }
            let now = self.royalists_lead();
            if now != before {
                r.public(|| Event::KnightsTable { royalists: now });
            }
        } else if self.col(slot).last[red] == Some(field) {
            self.col_mut(slot).last[red] = None;
        }
    }

    /// Resolves what needs no decision until someone must decide.
    pub(super) fn settle(&mut self, r: &mut Report) {
        loop {
            if self.outcome.is_some() {
                return;
            }
            if let Some(&task) = self.tasks.last() {
                if self.task_has_choice(task) {
                    return;
                }
                self.tasks.pop();
                continue;
            }
            match self.phase {
                Phase::Missions {
                    pos,
                    stage: TurnStage::Resolve,
                } => {
                    self.phase = Phase::Missions {
                        pos,
                        stage: TurnStage::After,
                    };
                }
                Phase::Missions {
                    pos,
                    stage: TurnStage::After,
                } => {
                    let mut opts = Vec::new();
                    self.after_options(self.track[pos as usize], &mut opts);
                    if !opts.is_empty() {
                        return;
                    }
                    self.end_turn(pos, r);
                }
                Phase::Final => {
                    self.finish_final(r);
                    return;
                }
                _ => return,
            }
        }
    }

    fn begin_turn(&mut self, pos: u8, r: &mut Report) {
        let slot = self.track[pos as usize];
        self.turns += 1;
        let c = self.col_mut(slot);
        c.bonuses_taken = 0;
        c.hero_used = false;
        c.placed = [0; 5];
        c.parzival = false;
        self.phase = Phase::Missions {
            pos,
            stage: TurnStage::Choose,
        };
        r.public(|| Event::TurnStarted { slot });
    }

    fn end_turn(&mut self, pos: u8, r: &mut Report) {
        let slot = self.track[pos as usize];
        if self.col(slot).parzival {
            self.col_mut(slot).parzival = false;
            let mut supply = std::mem::take(&mut self.grail_supply);
            self.rng.0.shuffle(&mut supply);
            self.grail_supply = supply;
        }
        if (pos as usize) + 1 < self.track.len() {
            self.begin_turn(pos + 1, r);
            return;
        }
        let round = self.round;
        let removed = std::mem::take(&mut self.display);
        r.public(|| Event::RoundEnded { round, removed });
        if round >= self.content.0.deck.rounds {
            self.final_scoring(r);
        } else {
            self.start_round(round + 1, r);
        }
    }

    /// All fists open; the new turn order; the Merlin tile for the top.
    fn reveal(&mut self, r: &mut Report) {
        let counts: Vec<(Slot, u8)> = self.track.iter().map(|&s| (s, self.col(s).sent)).collect();
        let total: u8 = counts.iter().map(|c| c.1).sum();
        for c in &mut self.colours {
            c.screen -= c.sent;
        }
        r.public(|| Event::FistsOpened { counts, total });
        self.track = turn_order(&self.predictions, total);
        let track = self.track.clone();
        r.public(|| Event::TrackOrder { track, initial: false });
        if !self.merlin_row.is_empty() {
            let tile = self.merlin_row.remove(0);
            let top = self.track[0];
            let value = self.content.0.deck.merlin[tile as usize];
            let c = self.col_mut(top);
            c.merlin.push(tile);
            c.merlin_held += 1;
            let seat = c.seat;
            r.public(|| Event::MerlinTaken { slot: top });
            r.only(seat, || Event::MerlinValue { slot: top, value });
        }
        self.begin_turn(0, r);
    }

    /// The red room's ranking: (colour or the neutral one, knights), best first.
    pub fn red_ranking(&self, row: Option<usize>) -> Vec<(Option<Slot>, u8)> {
        let fl = &self.fields[Board::Red.index()];
        let room = self.room(Board::Red);
        let counts = |want: Piece| -> u8 {
            match (row, room) {
                (Some(k), Some(room)) => room.rows[k].iter().filter(|&&f| fl[f as usize] == want).count() as u8,
                _ => fl.iter().filter(|&&p| p == want).count() as u8,
            }
        };
        let mut entries: Vec<(Option<Slot>, u8)> = (0..self.colours.len() as u8)
            .map(|s| (Some(s), counts(Piece::Knight(s))))
            .filter(|e| e.1 > 0)
            .collect();
        let neutral = counts(Piece::Neutral);
        if neutral > 0 {
            entries.push((None, neutral));
        }
        let place = |s: Option<Slot>| match s {
            Some(s) => self.track.iter().position(|&t| t == s).unwrap_or(usize::MAX - 1),
            None => usize::MAX,
        };
        entries.sort_by_key(|&(s, n)| (std::cmp::Reverse(n), place(s)));
        entries
    }

    pub(super) fn final_scoring(&mut self, r: &mut Report) {
        self.scoring_final = true;
        self.phase = Phase::Final;
        // 1. The red room.
        let mut winner = None;
        if let Some(rule) = self.room(Board::Red).map(|r| r.file.rule.clone()) {
            match &rule {
                RoomRule::FreeChoice { ranks, absent_penalty } => {
                    let ranking = self.red_ranking(None);
                    for (i, &(s, _)) in ranking.iter().enumerate() {
                        if let Some(s) = s {
                            let pts = ranks.get(i).copied().unwrap_or(0);
                            self.add_points(s, pts, Why::RedRoom, r);
                            r.public(|| Event::FinalStep {
                                slot: s,
                                step: 1,
                                points: pts,
                            });
                        }
                    }
                    for s in 0..self.colours.len() as u8 {
                        if !ranking.iter().any(|e| e.0 == Some(s)) {
                            self.add_points(s, *absent_penalty, Why::RedRoom, r);
                            let points = *absent_penalty;
                            r.public(|| Event::FinalStep {
                                slot: s,
                                step: 1,
                                points,
                            });
                        }
                    }
                    winner = ranking.first().and_then(|e| e.0);
                }
                RoomRule::Treason { win, lose, .. } => {
                    let royal = self.royalists_lead();
                    for side in 0..2 {
                        let winning = (side == 0) == royal;
                        let values = if winning { win } else { lose };
                        let ranking = self.red_ranking(Some(side));
                        for (i, &(s, _)) in ranking.iter().enumerate() {
                            if let Some(s) = s {
                                let pts = values.get(i).copied().unwrap_or(0);
                                self.add_points(s, pts, Why::RedRoom, r);
                                r.public(|| Event::FinalStep {
                                    slot: s,
                                    step: 1,
                                    points: pts,
                                });
                            }
                        }
                        if winning {
                            winner = ranking.first().and_then(|e| e.0);
                        }
                    }
                }
                _ => {}
            }
        }
        if let Some(s) = winner {
            self.tasks.push(Task::Magician { slot: s });
        }
        // The magician's placement (if any) is decided; then `settle` finishes.
    }

    fn finish_final(&mut self, r: &mut Report) {
        let content = self.content.0.clone();
        let deck = &content.deck;
        let n = self.colours.len() as u8;
        // 2. Merlin tiles.
        for s in 0..n {
            let values: Vec<i32> = self.col(s).merlin.iter().map(|&t| deck.merlin[t as usize]).collect();
            let pts: i32 = values.iter().sum();
            r.public(|| Event::MerlinRevealed { slot: s, values });
            self.add_points(s, pts, Why::Merlin, r);
            r.public(|| Event::FinalStep {
                slot: s,
                step: 2,
                points: pts,
            });
        }
        // 3. Knights behind the screen.
        for s in 0..n {
            let pts = self.col(s).screen as i32 * deck.behind_screen_points;
            self.add_points(s, pts, Why::Screen, r);
            r.public(|| Event::FinalStep {
                slot: s,
                step: 3,
                points: pts,
            });
        }
        // 4. The hinterland, in track order.
        for s in self.track.clone() {
            let tiles = self.col(s).hinterland / deck.hinterland_knights_per_grail.max(1);
            self.draw_grail(s, tiles, r);
            r.public(|| Event::FinalStep {
                slot: s,
                step: 4,
                points: 0,
            });
        }
        // 5. Grail sets.
        for s in 0..n {
            let pts = grail_points(&self.col(s).grail, &deck.grail_set_points);
            self.add_points(s, pts, Why::Grail, r);
            r.public(|| Event::FinalStep {
                slot: s,
                step: 5,
                points: pts,
            });
        }
        // 6. The secret room.
        if let Some(RoomRule::TopmostFree { absent_penalty }) = self.room(Board::Violet).map(|r| r.file.rule.clone()) {
            for s in 0..n {
                if !self.has_piece_in(s, Board::Violet, |_| true) {
                    self.add_points(s, absent_penalty, Why::SecretRoom, r);
                    r.public(|| Event::FinalStep {
                        slot: s,
                        step: 6,
                        points: absent_penalty,
                    });
                }
            }
        }
        self.scoring_final = false;
        for s in 0..n {
            let c = self.col_mut(s);
            c.score = (c.score + c.final_gain).max(0);
            c.final_gain = 0;
            let score = c.score;
            r.public(|| Event::Final { slot: s, score });
        }
        // The result of a seat: its counting colour's score, and that colour's track place.
        let place = |s: Slot| self.track.iter().position(|&t| t == s).unwrap_or(usize::MAX);
        let results: Vec<(i32, usize)> = (0..self.players)
            .map(|seat| match self.counting_slot(seat) {
                Some(s) => (self.col(s).score, place(s)),
                None => (0, usize::MAX),
            })
            .collect();
        let best = (0..self.players)
            .min_by_key(|&s| (std::cmp::Reverse(results[s].0), results[s].1))
            .unwrap_or(0);
        let seats = vec![best];
        let scores: Vec<i64> = results.iter().map(|r| r.0 as i64).collect();
        let summary = format!(
            "{} wins with {} points",
            self.seat_names.get(best).map_or("?", String::as_str),
            results[best].0
        );
        r.public(|| Event::Won { seats: seats.clone() });
        self.phase = Phase::Over;
        self.outcome = Some(Outcome {
            winners: seats,
            scores,
            summary,
        });
    }
}

/// The turn order after the reveal (spec §7.2): exact hits, then lower guesses from the highest
/// down, then higher guesses from the lowest up; on a shared space the earlier prediction first.
pub fn turn_order(predictions: &[(Slot, u8)], total: u8) -> Vec<Slot> {
    let mut order: Vec<(bool, u8, usize, Slot)> = predictions
        .iter()
        .enumerate()
        .map(|(p, &(s, n))| (n > total, n.abs_diff(total), p, s))
        .collect();
    order.sort();
    order.into_iter().map(|o| o.3).collect()
}

/// Points of Grail tiles held by part, in sets (spec §13.2's layering).
pub fn grail_points(parts: &[u8], set_points: &[i32]) -> i32 {
    let most = parts.iter().copied().max().unwrap_or(0);
    (1..=most)
        .map(|layer| {
            let distinct = parts.iter().filter(|&&c| c >= layer).count();
            set_points.get(distinct).copied().unwrap_or(0)
        })
        .sum()
}
