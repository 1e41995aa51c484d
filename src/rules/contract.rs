//! The contract every game follows (`Game`), and what it speaks in: who may see an event, the
//! pending decision, the outcome, refusals, a rulebook's part and a board's place, sides and
//! periods, the secrets of a state.

use crate::rules::dice::{GameRng, random_choice};
use crate::rules::table::{GameId, Seat, TableConfig, VariantSpec};
use crate::rules::words::counted;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Who may see an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    Everyone,
    Only(Seat),
    /// Nobody yet (e.g. a card placed face down); revealed later by another event.
    Nobody,
    /// Everyone but this seat, who reads a fuller line of its own (e.g. "you draw Move, Score"
    /// where the others read "draws 2 cards"). Used for log lines, not for events.
    Except(Seat),
}

impl Visibility {
    /// Whether `viewer` may see it. `None` is an onlooker who sees only public things.
    pub fn shows_to(self, viewer: Option<Seat>) -> bool {
        match self {
            Visibility::Everyone => true,
            Visibility::Only(s) => viewer == Some(s),
            Visibility::Nobody => false,
            Visibility::Except(s) => viewer != Some(s),
        }
    }
}

/// An event with who may see it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tagged<E> {
    pub to: Visibility,
    pub event: E,
}

impl<E> Tagged<E> {
    pub fn public(event: E) -> Self {
        Tagged {
            to: Visibility::Everyone,
            event,
        }
    }
    pub fn only(seat: Seat, event: E) -> Self {
        Tagged {
            to: Visibility::Only(seat),
            event,
        }
    }
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Winning seats (several for a team win such as the loyal knights of Shadows).
    pub winners: Vec<Seat>,
    /// Final score of each seat, where the game has scores.
    pub scores: Vec<i64>,
    pub summary: String,
}

/// A public count of the game now, for the review's story of how a game went (`Game::tally`):
/// a seat's points, or the table's Siege Engines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// The seat whose count it is (its points); `None`: the table's (Shadows' Siege Engines).
    pub seat: Option<Seat>,
    /// What is counted, in the game's words, plural: "points", "Siege Engines".
    pub noun: &'static str,
    pub value: i64,
}

/// Whose decision it is, or how the game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Decide {
        seat: Seat,
        /// What is being decided, in the game's words ("Play a card or end your turn").
        prompt: String,
        /// Whether deciding means looking at that seat's secrets (then a hand-off guards it).
        private: bool,
    },
    Finished(Outcome),
}

impl Pending {
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Pending::Decide { seat, .. } => Some(*seat),
            Pending::Finished(_) => None,
        }
    }
}

/// A part of a game's rulebook, by the id its rulebook file gives the part's heading
/// (`A. Moving to a new Quest {#move}` is `RulePart("move")`): where a decision, a move or a
/// refusal comes from. The window links to the part; a test checks every id a game names is in
/// its rulebook.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RulePart(pub &'static str);

/// A place a move concerns, by the id the game's table lays it out under: a place of the board
/// (a Court space "E10", a quest "quest:grail", a room "room:red", the pile "black_pile") or a
/// panel every table has (`Place::PANELS`). Hints, guided steps and the review point there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place(pub std::borrow::Cow<'static, str>);

impl Place {
    /// The hand of the seat at the screen.
    pub const HAND: Place = Place::fixed("hand");
    /// The seats' panel (Life points, scores, reserves).
    pub const PLAYERS: Place = Place::fixed("players");
    /// The decision's own buttons, under the board.
    pub const PROMPT: Place = Place::fixed("prompt");
    /// The places every table has beside its board's own (`Game::board_places`).
    pub const PANELS: [&'static str; 5] = ["board", "hand", "players", "prompt", "log"];

    pub const fn fixed(id: &'static str) -> Place {
        Place(std::borrow::Cow::Borrowed(id))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A side of a game played in teams (`Game::sides`): its name, its seats, and how it finished
/// in words ("7 White Swords").
#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    pub name: String,
    pub seats: Vec<Seat>,
    pub score: String,
    pub won: bool,
}

/// What a game counts its play in (`Game::PERIOD`), and its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Period {
    /// Each seat's turn in order (The Court, Shadows).
    Turn,
    /// Rounds in which every seat plays (Die Zukunft's seven).
    Round,
}

impl Period {
    /// "turn" or "round".
    pub fn word(self) -> &'static str {
        match self {
            Period::Turn => "turn",
            Period::Round => "round",
        }
    }

    /// "turns" or "rounds".
    pub fn plural(self) -> &'static str {
        match self {
            Period::Turn => "turns",
            Period::Round => "rounds",
        }
    }

    /// "Turn 3", "Round 2".
    pub fn title(self, n: u32) -> String {
        match self {
            Period::Turn => format!("Turn {n}"),
            Period::Round => format!("Round {n}"),
        }
    }

    /// "3 turns", "1 round".
    pub fn count(self, n: u64) -> String {
        counted(n, self.word(), self.plural())
    }
}

/// The judge of a game whose legal list is the judge (Die Zukunft, Shadows): accepts exactly
/// what `legal_into` lists; only a refused action is looked at again, by `why_not`, to say why.
pub fn judge_by_list<A: PartialEq>(
    action: &A,
    legal_into: impl FnOnce(&mut Vec<A>),
    why_not: impl FnOnce(&[A]) -> String,
) -> Result<(), RuleError> {
    let mut legal = Vec::new();
    legal_into(&mut legal);
    if legal.contains(action) {
        Ok(())
    } else {
        Err(RuleError(why_not(&legal)))
    }
}

/// An action the rules refused, with the reason in words. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError(pub String);

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for RuleError {}

/// A configuration the game cannot start with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for SetupError {}

/// One hidden part of the table, in words, for a finished game's replay that shows everything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Secret {
    /// Whose it is: a seat's hand, Loyalty or face-down card; `None` for the table's piles and
    /// what lies face down in no one's keeping.
    pub owner: Option<Seat>,
    /// What it is, e.g. "Hand: Fight 3, Fight 5, Merlin" or "White pile, top first: ...".
    pub text: String,
}

impl Secret {
    /// "label: a, b, c" by the names of `items`, or "label: (empty)" when there are none.
    pub fn list<T: fmt::Display>(owner: Option<Seat>, label: &str, items: impl IntoIterator<Item = T>) -> Secret {
        Secret::list_by(owner, label, items, ", ")
    }

    /// `list` with another separator (for names that hold commas themselves).
    pub fn list_by<T: fmt::Display>(
        owner: Option<Seat>,
        label: &str,
        items: impl IntoIterator<Item = T>,
        separator: &str,
    ) -> Secret {
        let names: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
        let listed = if names.is_empty() {
            "(empty)".to_string()
        } else {
            names.join(separator)
        };
        Secret {
            owner,
            text: format!("{label}: {listed}"),
        }
    }
}

/// The contract every game module follows.
pub trait Game: Clone + Send + Sync + 'static {
    type Action: Clone + fmt::Debug + PartialEq + Serialize + serde::de::DeserializeOwned + Send + Sync + 'static;
    type Event: Clone + fmt::Debug + Send + Sync + 'static;
    /// The state as one seat may know it. It crosses the wire to that seat's player (`online`)
    /// without the content, which the reader gives back with `attach_content`.
    type View: Clone + fmt::Debug + Serialize + serde::de::DeserializeOwned + Send + Sync + 'static;
    /// The validated content the game is built from.
    type Content: crate::content::LoadContent;

    const ID: GameId;

    /// What `turns_taken` counts: a seat's turns, or rounds in which every seat plays (Die
    /// Zukunft). Every place that says when something happened uses its word.
    const PERIOD: Period = Period::Turn;

    /// The variants this game offers.
    fn variants() -> Vec<VariantSpec>;

    /// The variants with the options the content offers (e.g. the targets in a rules file).
    fn variants_for(content: &Self::Content) -> Vec<VariantSpec> {
        let _ = content;
        Self::variants()
    }

    fn new(config: &TableConfig, content: &Self::Content) -> Result<Self, SetupError>;

    /// `new` from content already shared, which a game may keep without copying it (the
    /// simulator starts thousands of games from one content).
    fn new_shared(config: &TableConfig, content: &std::sync::Arc<Self::Content>) -> Result<Self, SetupError> {
        Self::new(config, content)
    }

    /// What happened while setting up (e.g. the roll-off for the first player), for the log.
    fn opening_events(&self) -> Vec<Tagged<Self::Event>> {
        Vec::new()
    }

    /// Whose decision it is now, or how the game ended, with the prompt in words (for the
    /// table). Searches and simulations ask `to_act` and `outcome` instead, which build no text.
    fn pending(&self) -> Pending;

    /// The seat to decide now; `None` once the game is over. Cheap: no text, no allocation.
    fn to_act(&self) -> Option<Seat>;

    /// How the game ended, once it has.
    fn outcome(&self) -> Option<&Outcome>;

    /// Every legal action now, in a fixed order, into `out` (cleared first). This is the hot path
    /// of every search and simulation: it builds no refusal messages and allocates nothing
    /// beyond `out`'s own growth (see ARCHITECTURE.md, "How legal moves stay fast").
    fn legal_actions_into(&self, out: &mut Vec<Self::Action>);

    /// `legal_actions_into` into a fresh `Vec`.
    fn legal_actions(&self) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// One legal action drawn uniformly (`random_choice` over `legal_actions_into`'s list: the
    /// same draw gives the same action), for the random bot's step. A game may draw it without
    /// listing every action (The Court counts each card's plays and builds only the one drawn);
    /// `scratch` holds the whole legal list afterwards, or nothing.
    fn random_legal(&self, rng: &mut GameRng, scratch: &mut Vec<Self::Action>) -> Option<Self::Action> {
        self.legal_actions_into(scratch);
        random_choice(scratch, rng)
    }

    /// Applies an action, reporting what happened into `report` (nowhere when it is off). A
    /// refusal says why and leaves the state untouched. A game implements `apply_into` or
    /// `apply`: each one's default calls the other.
    fn apply_into(&mut self, action: &Self::Action, report: &mut Report<Self::Event>) -> Result<(), RuleError> {
        let events = self.apply(action)?;
        if let Some(out) = report.0.as_deref_mut() {
            out.extend(events);
        }
        Ok(())
    }

    /// Applies an action. A refusal says why and leaves the state untouched.
    fn apply(&mut self, action: &Self::Action) -> Result<Vec<Tagged<Self::Event>>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut Report(Some(&mut events)))?;
        Ok(events)
    }

    /// `apply` without reporting what happened, for searches and simulations that never read
    /// the events: the same rules, the same state afterwards, the same refusals.
    fn apply_quiet(&mut self, action: &Self::Action) -> Result<(), RuleError> {
        self.apply_into(action, &mut Report(None))
    }

    /// `apply_quiet` for an action judged against `legal`, the list `legal_actions_into` just
    /// made for this very state (a simulation's or a search's step): a game whose judge builds
    /// that list again (`judge_by_list`) reads this one instead. An action not in `legal` goes
    /// to the judge, so a refusal is the same as `apply_quiet`'s.
    fn apply_listed(&mut self, action: &Self::Action, legal: &[Self::Action]) -> Result<(), RuleError> {
        let _ = legal;
        self.apply_quiet(action)
    }

    /// `apply_quiet` for the action `random_legal` just drew for this very state, with the
    /// `scratch` it left: legal by construction, so a game whose draw builds only legal actions
    /// may skip its judge (The Court does; a debug build still asks the judge). By default
    /// `apply_listed` over `scratch`. Never for an action from anywhere else.
    fn apply_drawn(&mut self, action: &Self::Action, scratch: &[Self::Action]) -> Result<(), RuleError> {
        self.apply_listed(action, scratch)
    }

    fn view(&self, seat: Seat) -> Self::View;

    /// Gives a view read from the wire the content it was sent without (the reader's own, which
    /// the host's matched: `online::protocol`).
    fn attach_content(view: &mut Self::View, content: &std::sync::Arc<Self::Content>);

    /// A line for the log.
    fn describe_event(&self, event: &Self::Event) -> String;

    /// The log's lines for the events of one action (or of the setup), one per event in order,
    /// each with who may read it. By default every event gets its own line, read by whoever may
    /// see the event; a game may fold an event into an earlier line (an empty text: no line of
    /// its own) so that the log tells each happening once.
    fn log_lines(&self, events: &[Tagged<Self::Event>]) -> Vec<(Visibility, String)> {
        events.iter().map(|t| (t.to, self.describe_event(&t.event))).collect()
    }

    /// A label for a button or a bot trace.
    fn describe_action(&self, action: &Self::Action) -> String;

    /// The name of the emblem a seat plays under, as its content names it (a faction's symbol),
    /// for the table's shields; public. None where seats have no emblem.
    fn seat_emblem(&self, _seat: Seat) -> Option<&str> {
        None
    }

    /// The colour a seat plays in where the game assigns it (Die Zukunft's player colours),
    /// for the table's chips; None where the seat's own colour from the menu stands.
    fn seat_rgb(&self, _seat: Seat) -> Option<[u8; 3]> {
        None
    }

    /// The piece of content an action uses — a card played, a mission taken, a room or a quest
    /// gone to — in words, for the balance bench's table of how often each is used and how often
    /// its user wins; None for an action that uses none. Asked before the action is applied.
    fn used(&self, _action: &Self::Action) -> Option<String> {
        None
    }

    /// Whether this event draws on chance or reveals something hidden, so that undo may not
    /// cross it.
    fn is_irreversible(event: &Self::Event) -> bool;

    /// Turns (or, by `PERIOD`, rounds) started so far, where the game counts them (a turn may hold
    /// many actions); the simulator's mean game length uses it when present.
    fn turns_taken(&self) -> Option<u32> {
        None
    }

    /// The public counts that tell how the game is going (each seat's points; the table's Siege
    /// Engines and Black Swords), for the review's story: where the points went, and when.
    /// Only what every seat can see. Empty by default.
    fn tally(&self) -> Vec<Tally> {
        Vec::new()
    }

    /// How a seat's score was counted, where the number alone does not say, in words to follow
    /// it ("the lower of red 43 and yellow 51": Die Zukunft at two players, where each seat plays
    /// two colours and only the lower counts). `None` by default.
    fn score_counted(&self, _seat: Seat) -> Option<String> {
        None
    }

    /// Words for how a finished game went, counted by `camelot sim` as shares of games: what a
    /// win or loss by seat cannot say. A tag `name` is a yes (`!name`: a no, so the share shows
    /// even when it is 0); `name=value` tags group under `name`. Empty by default.
    fn outcome_tags(&self) -> Vec<String> {
        Vec::new()
    }

    /// A tag of `outcome_tags` or a figure of `outcome_figures` ("ends=siege", "quest_grail",
    /// "life_to_evil_per_loyal_knight") in a tinkerer's words, for the bench's window and report.
    /// Default: the tag with its underscores as spaces.
    fn outcome_words(tag: &str) -> String {
        tag.replace('_', " ").replace('=', ": ")
    }

    /// Whether the game is played in sides (`sides`): a seat wins with its side, so a seat's
    /// win rate is its side's.
    const IN_SIDES: bool = false;

    /// Whether a player can choose the game (in the menu, on the command line); the test game
    /// cannot.
    const LISTED: bool = true;

    /// How a finished game went in numbers, each a per-game figure the simulator and the bench
    /// average with its interval (Shadows: Life given to Evil per Loyal Knight). Default: none.
    fn outcome_figures(&self) -> Vec<(String, f64)> {
        Vec::new()
    }

    /// Every hidden part of the state now, in words (hands, Loyalty cards, face-down cards, the piles'
    /// order top first, a fist not yet opened, hidden tiles ...), each seat's first in seat order, then the table's.
    /// For a finished game's replay only: the table never shows it during play.
    fn secrets(&self) -> Vec<Secret> {
        Vec::new()
    }

    /// The hidden parts `seat` holds and knows, in words (its hand, its fist, its Loyalty card once
    /// it may look at it): what an online table sends that seat of `secrets`. By default the
    /// secrets it owns; a game where a seat does not know all it holds says less.
    fn secrets_known_to(&self, seat: Seat) -> Vec<Secret> {
        self.secrets().into_iter().filter(|s| s.owner == Some(seat)).collect()
    }

    /// The sides of a finished game played in teams (Shadows' Loyal Knights and Evil), the
    /// winners' first: the results list each seat under its side, not as a leaderboard. Empty
    /// (the default) where every seat plays for itself, and while the game goes on.
    fn sides(&self) -> Vec<Side> {
        Vec::new()
    }

    /// Where on the table `action` is played now: a place of `board_places` or a panel
    /// (`Place::PANELS`). Default: the decision's buttons.
    fn place_of(&self, _action: &Self::Action) -> Place {
        Place::PROMPT
    }

    /// The places of this game's board for this content (its table lays out each under this id).
    fn board_places(_content: &Self::Content) -> Vec<Place> {
        Vec::new()
    }

    /// The rulebook part `action` comes under now (a refusal of it links there).
    fn rule_of(&self, _action: &Self::Action) -> Option<RulePart> {
        None
    }

    /// The rulebook part the pending decision comes from.
    fn rule_of_decision(&self) -> Option<RulePart> {
        None
    }

    /// A summary used by property tests: every component counted, to prove conservation.
    fn census(&self) -> BTreeMap<String, usize> {
        BTreeMap::new()
    }
}

/// The event sink: `Some` list to fill, or `None` when nobody reads the events.
pub struct Report<'a, E>(pub Option<&'a mut Vec<Tagged<E>>>);

impl<E> Report<'_, E> {
    /// Whether anyone reads the events.
    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }
    /// Reports an event for the readers `to`, building it only when someone reads it.
    pub fn to(&mut self, to: Visibility, event: impl FnOnce() -> E) {
        if let Some(out) = self.0.as_deref_mut() {
            out.push(Tagged { to, event: event() });
        }
    }
    /// An event every seat sees.
    pub fn public(&mut self, event: impl FnOnce() -> E) {
        self.to(Visibility::Everyone, event);
    }
    /// An event only `seat` sees.
    pub fn only(&mut self, seat: Seat, event: impl FnOnce() -> E) {
        self.to(Visibility::Only(seat), event);
    }
    /// An event every seat but `seat` sees.
    pub fn except(&mut self, seat: Seat, event: impl FnOnce() -> E) {
        self.to(Visibility::Except(seat), event);
    }
}
