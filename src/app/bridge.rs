//! The rules bridge: owns the match, applies action requests through the rules core, writes one
//! message per rule event, keeps the log and the autosave. The only writer of game state.

use super::shared::{LibraryRes, Screen};
use crate::library::{ErasedEvent, MatchFace};
use crate::rules::{GameId, Pending, Seat, TableConfig, Visibility};
use crate::saves::{Saves, Shelf};
use bevy::prelude::*;

/// Asks for a new match or a saved one.
#[derive(Message, Clone, Debug)]
pub enum StartMatch {
    New {
        game: GameId,
        config: TableConfig,
    },
    /// A guided first game's match: saved apart from the other unfinished games.
    Guided {
        game: GameId,
        config: TableConfig,
    },
    /// A save file's text (played on in a file of its own among the unfinished games).
    Load(String),
    /// An unfinished game from the list, saved on in its own file.
    Resume {
        text: String,
        slot: std::path::PathBuf,
    },
}

/// What a seat wants to do, in any game (a table plays its own game's actions on its `Lane`).
#[derive(Clone, Copy, Debug)]
pub enum Request {
    /// The n-th of the legal actions.
    Index(usize),
    /// Take back the last action.
    Undo,
}

#[derive(Message, Clone)]
pub struct ActionRequest {
    pub seat: Seat,
    pub request: Request,
}

/// One rule event, as the rules core reported it.
#[derive(Message, Clone, Debug)]
pub struct RuleEvent {
    pub seq: u64,
    pub event: ErasedEvent,
}

/// An action the rules refused, with the reason and the rulebook part the action comes under
/// (`Game::rule_of`: the refusal's link).
#[derive(Message, Clone, Debug)]
pub struct Refused {
    pub seat: Seat,
    pub reason: String,
    pub part: Option<crate::rules::RulePart>,
}

/// A game stepped through rather than played (`Replay`): the whole record, and whose eyes the
/// table shows it through.
pub struct Replaying {
    /// The whole game as saved; `MatchRes::current` is this game cut short.
    pub whole: Box<dyn MatchFace>,
    /// Whose secrets the table shows (`None`: only what the whole table may see).
    pub viewer: Option<Seat>,
    /// The turn at each position of the record (`MatchFace::turns_by_position`).
    pub turns: Vec<Option<u32>>,
    /// Everything shown: every seat's lines in the log (a finished game only).
    pub everything: bool,
}

/// Replay mode, while the table steps through a record: no seat acts, no bot plays, nothing is
/// saved.
#[derive(Resource, Default)]
pub struct Replay(pub Option<Replaying>);

impl Replay {
    pub fn active(&self) -> bool {
        self.0.is_some()
    }
}

/// Whose eyes a replay of `whole` may show the table through: the public table's always, and
/// the seats whose secrets may be shown (`library::open_seats`: every seat once the game is over;
/// while it is unfinished only its one human seat, so that replaying a pass-and-play game shows
/// no player another's secrets).
pub fn replay_viewers(whole: &dyn MatchFace) -> Vec<Option<Seat>> {
    std::iter::once(None)
        .chain(crate::library::open_seats(whole).into_iter().map(Some))
        .collect()
}

/// Asks the bridge to replay a game, to move the replay, or to show it through other eyes.
#[derive(Message, Clone, Debug)]
pub enum ReplayRequest {
    /// A save's text, replayed from its end (finished or not).
    Open(String),
    /// The table after this many actions of the record.
    To(usize),
    /// Through this seat's eyes, or the public table's (`None`), where `replay_viewers` allows.
    Viewer(Option<Seat>),
    /// Every seat's secrets in the log too, or not: once the game is over only.
    Everything(bool),
}

/// Asks for a review of the game being replayed (`review::ReviewState`): of `seat`, or
/// (`None`) of the first human seat (the first seat at a table of bots).
#[derive(Message, Clone, Copy, Debug)]
pub struct AskReview {
    pub seat: Option<Seat>,
}

/// Leave the table for the menu (the autosave keeps an unfinished game).
#[derive(Message, Clone, Copy, Debug)]
pub struct CloseMatch;

/// Written after every change of the match (new, applied, undone, loaded).
#[derive(Message, Clone, Copy, Debug)]
pub struct MatchChanged;

#[derive(Clone, Debug)]
pub struct LogLine {
    pub to: Visibility,
    pub text: String,
}

/// The match being played, its log, and what the bridge last had to say.
#[derive(Resource, Default)]
pub struct MatchRes {
    pub current: Option<Box<dyn MatchFace>>,
    pub log: Vec<LogLine>,
    pub seq: u64,
    /// A problem to show the players (a refused save, a failed autosave).
    pub notice: Option<String>,
    /// The file this match autosaves to (each unfinished game has its own).
    pub slot: Option<std::path::PathBuf>,
}

impl MatchRes {
    pub fn pending(&self) -> Option<Pending> {
        self.current.as_ref().map(|m| m.pending())
    }
    pub fn config(&self) -> Option<&TableConfig> {
        self.current.as_ref().map(|m| m.config())
    }
    /// The current match, if it is a match of this game.
    pub fn current_as<G: crate::bots::BotHints>(&self) -> Option<&crate::rules::record::Match<G>> {
        crate::library::typed::<G>(self.current.as_deref()?)
    }
}

/// Where unfinished games are kept (a resource so tests can point it elsewhere; `None`: nowhere).
#[derive(Resource, Clone)]
pub struct SavesRes(pub Option<Saves>);

pub struct RulesPlugin;

/// The systems that change the match; everything that reads it runs after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct RulesSet;

impl Plugin for RulesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<MatchRes>()
            .insert_resource(SavesRes(Some(Saves::in_data_dir())))
            .add_message::<StartMatch>()
            .add_message::<ActionRequest>()
            .add_message::<RuleEvent>()
            .add_message::<Refused>()
            .add_message::<MatchChanged>()
            .add_message::<CloseMatch>()
            .add_message::<ReplayRequest>()
            .add_message::<AskReview>()
            .init_resource::<Replay>()
            .add_systems(
                Update,
                (start_matches, replays, apply_requests, close_matches)
                    .chain()
                    .in_set(RulesSet),
            )
            .add_systems(Update, tell_crash_reports.after(RulesSet));
    }
}

fn push_events(res: &mut MatchRes, out: &mut MessageWriter<RuleEvent>, events: Vec<ErasedEvent>) {
    for event in events {
        res.seq += 1;
        if !event.text.is_empty() {
            res.log.push(LogLine {
                to: event.to,
                text: event.text.clone(),
            });
        }
        out.write(RuleEvent { seq: res.seq, event });
    }
}

/// The crash reporter's watch (`crash::install`), in the window only.
#[derive(Resource, Clone)]
pub struct CrashWatch(pub crate::crash::Watch);

/// Tells the crash reporter which autosave a crash would belong to, when the game on the table
/// changes (a crash report names it; the menu offers to continue it).
fn tell_crash_reports(res: Res<MatchRes>, watch: Option<Res<CrashWatch>>) {
    if let Some(watch) = watch
        && res.is_changed()
        && watch.0.autosave() != res.slot
    {
        watch.0.playing(res.slot.as_deref());
    }
}

/// Saves the match in its own file after every change; a finished game's file moves to the
/// finished games (`Saves::finish`), to replay or review.
fn autosave(res: &mut MatchRes, saves: &SavesRes) {
    let (Some(m), Some(slot), Some(saves)) = (&res.current, &res.slot, &saves.0) else {
        return;
    };
    let done = if matches!(m.pending(), Pending::Finished(_)) {
        saves.finish(slot, &m.to_ron()).map(|_| ())
    } else {
        saves.write(slot, &m.to_ron())
    };
    if let Err(e) = done {
        res.notice = Some(format!("Autosave failed: {e}"));
    }
}

fn start_matches(mut starts: MessageReader<StartMatch>, mut t: Bridge) {
    for start in starts.read() {
        let result = match start {
            StartMatch::New { game, config } | StartMatch::Guided { game, config } => {
                t.library.0.new_match(*game, config.clone())
            }
            StartMatch::Load(text) | StartMatch::Resume { text, .. } => {
                t.library.0.load_save(text).map_err(|e| e.to_string())
            }
        };
        match result {
            Ok(m) => {
                t.replay.0 = None;
                let mut opening = m.opening_events();
                let resumed = m.actions_taken();
                t.res.log.clear();
                if resumed > 0 {
                    // A resumed game's log tells the whole game, replayed from its actions; the
                    // opening events still reach the table, but their lines are told already.
                    t.res.log = story(m.as_ref(), &t.library.0);
                    t.res.log.push(LogLine {
                        to: Visibility::Everyone,
                        text: format!("Game resumed after {resumed} actions."),
                    });
                    for e in &mut opening {
                        e.text.clear();
                    }
                }
                t.res.slot = match start {
                    StartMatch::Resume { slot, .. } => Some(slot.clone()),
                    StartMatch::Guided { .. } => t.saves.0.as_ref().map(|s| s.slot_for(m.game(), Shelf::Guided)),
                    _ => t.saves.0.as_ref().map(|s| s.slot_for(m.game(), Shelf::Games)),
                };
                t.res.current = Some(m);
                t.res.notice = None;
                push_events(&mut t.res, &mut t.out, opening);
                autosave(&mut t.res, &t.saves);
                t.changed.write(MatchChanged);
                t.next.set(Screen::Table);
            }
            Err(e) => t.res.notice = Some(e),
        }
    }
}

/// What the bridge changes when a match starts, a replay opens or moves, or a seat's request is
/// applied: the match and its log, the replay, the events, refusals and changes it tells, the
/// autosave and the screen.
#[derive(bevy::ecs::system::SystemParam)]
struct Bridge<'w> {
    library: Res<'w, LibraryRes>,
    replay: ResMut<'w, Replay>,
    res: ResMut<'w, MatchRes>,
    out: MessageWriter<'w, RuleEvent>,
    refused: MessageWriter<'w, Refused>,
    changed: MessageWriter<'w, MatchChanged>,
    saves: Res<'w, SavesRes>,
    next: ResMut<'w, NextState<Screen>>,
    /// Present while the table's game lives on a host: this seat's moves go there.
    remote: Option<ResMut<'w, super::remote::Remote>>,
}

impl Bridge<'_> {
    /// Sends `seat`'s move, the legal action `index` (`None`: not among them), to the host of an
    /// online table, once it passes what every request must (that seat's decision, this window's
    /// seat); `false` when the table is not online.
    fn send_to_host(&mut self, seat: Seat, index: impl FnOnce(&dyn MatchFace) -> Option<usize>) -> bool {
        let Some(remote) = self.remote.as_mut() else {
            return false;
        };
        let refuse = |why: &str| Refused {
            seat,
            reason: why.into(),
            part: None,
        };
        let Some(m) = self.res.current.as_ref() else {
            return true;
        };
        if remote.seat != Some(seat) || m.to_act() != Some(seat) {
            self.refused.write(refuse("it is not your decision"));
            return true;
        }
        match index(m.as_ref()) {
            Some(i) => remote.moves_out.push(i),
            None => {
                self.refused.write(refuse("that is not one of your moves now"));
            }
        }
        true
    }

    /// Applies `seat`'s request through `apply`, once it passes what every request must (not a
    /// replay; that seat's decision): its events told and saved, or its refusal with the rulebook
    /// part the move comes under (`part`, as things stand before it).
    fn request(
        &mut self,
        seat: Seat,
        part: impl FnOnce(&dyn MatchFace) -> Option<crate::rules::RulePart>,
        apply: impl FnOnce(
            &mut dyn MatchFace,
            &crate::library::Library,
        ) -> Result<Vec<ErasedEvent>, crate::rules::RuleError>,
    ) -> bool {
        let Some(m) = self.res.current.as_mut() else {
            return false;
        };
        let refuse = |why: &str| Refused {
            seat,
            reason: why.into(),
            part: None,
        };
        if self.replay.active() {
            self.refused.write(refuse("this is a replay: nobody moves in it"));
            return false;
        }
        if m.pending().seat() != Some(seat) {
            self.refused.write(refuse("it is not that seat's decision"));
            return false;
        }
        let part = part(m.as_ref());
        match apply(m.as_mut(), &self.library.0) {
            Ok(events) => {
                push_events(&mut self.res, &mut self.out, events);
                autosave(&mut self.res, &self.saves);
                self.changed.write(MatchChanged);
                true
            }
            Err(e) => {
                self.refused.write(Refused {
                    seat,
                    reason: e.0,
                    part,
                });
                false
            }
        }
    }
}

fn apply_requests(mut requests: MessageReader<ActionRequest>, mut rules: Bridge) {
    for req in requests.read() {
        if rules.remote.is_some() {
            match req.request {
                Request::Index(i) => {
                    rules.send_to_host(req.seat, |m| (i < m.legal_labels().len()).then_some(i));
                }
                Request::Undo => {
                    rules.refused.write(Refused {
                        seat: req.seat,
                        reason: "at an online table no move is taken back".into(),
                        part: None,
                    });
                }
            }
            continue;
        }
        match req.request {
            Request::Index(i) => {
                rules.request(req.seat, |m| m.rule_of_index(i), |m, _| m.apply_index(i));
            }
            Request::Undo => {
                let undone = rules.request(
                    req.seat,
                    |_| None,
                    |m, library| {
                        m.undo(req.seat, library)
                            .map(|_| Vec::new())
                            .map_err(|e| crate::rules::RuleError(e.to_string()))
                    },
                );
                if undone {
                    rules.res.log.push(LogLine {
                        to: Visibility::Everyone,
                        text: "The last action was taken back.".into(),
                    });
                }
            }
        }
    }
}

/// A seat's move in its game's own type, from that game's table (`Lane`).
#[derive(Message, Clone, Debug)]
pub struct Play<G: crate::rules::Game> {
    pub seat: Seat,
    pub action: G::Action,
}

/// A rule event in its game's own type, for that game's table (`Lane`): the same events as
/// `RuleEvent`, in order, with the same numbers.
#[derive(Message, Clone, Debug)]
pub struct Told<G: crate::rules::Game> {
    pub seq: u64,
    /// Who may read its log line.
    pub to: Visibility,
    pub event: G::Event,
}

/// A game's typed lane to the rules bridge, added by its table's plugin: the table plays its own
/// actions (`Play<G>`) and reads its own events (`Told<G>`), its types kept from end to end; the
/// match reached as a match of that game (`MatchRes::current_as`). Its systems run in the
/// bridge's set, while that game is on the table (`playing::<G>`).
pub struct Lane<G>(std::marker::PhantomData<G>);

impl<G> Default for Lane<G> {
    fn default() -> Self {
        Lane(std::marker::PhantomData)
    }
}

impl<G: crate::bots::BotHints> Plugin for Lane<G> {
    fn build(&self, app: &mut App) {
        app.add_message::<Play<G>>().add_message::<Told<G>>().add_systems(
            Update,
            (
                apply_plays::<G>.after(apply_requests),
                tell_typed::<G>.after(apply_plays::<G>),
            )
                .in_set(RulesSet)
                .after(replays)
                .before(close_matches),
        );
    }
}

/// Whether the game on the table is `G` (a table's systems run only then).
pub fn playing<G: crate::rules::Game>(res: Res<MatchRes>) -> bool {
    res.current.as_ref().is_some_and(|m| m.game() == G::ID)
}

fn apply_plays<G: crate::bots::BotHints>(mut plays: MessageReader<Play<G>>, mut rules: Bridge) {
    for play in plays.read() {
        let sent = rules.send_to_host(play.seat, |m| {
            let m = crate::library::typed::<G>(m)?;
            m.state.legal_actions().iter().position(|a| *a == play.action)
        });
        if sent {
            continue;
        }
        rules.request(
            play.seat,
            |m| crate::library::rule_of_typed::<G>(m, &play.action),
            |m, _| crate::library::apply_typed::<G>(m, &play.action),
        );
    }
}

/// Tells `G`'s table the events of this frame in its own type.
fn tell_typed<G: crate::rules::Game>(mut events: MessageReader<RuleEvent>, mut told: MessageWriter<Told<G>>) {
    for e in events.read() {
        if let Some(event) = crate::library::event_of::<G>(&e.event) {
            told.write(Told {
                seq: e.seq,
                to: e.event.to,
                event: event.clone(),
            });
        }
    }
}

fn close_matches(
    mut close: MessageReader<CloseMatch>,
    mut replay: ResMut<Replay>,
    mut res: ResMut<MatchRes>,
    mut changed: MessageWriter<MatchChanged>,
    mut next: ResMut<NextState<Screen>>,
) {
    if close.read().count() == 0 {
        return;
    }
    res.current = None;
    res.slot = None;
    res.log.clear();
    replay.0 = None;
    changed.write(MatchChanged);
    next.set(Screen::Menu);
}

/// A match's whole log, told from its start.
fn story(m: &dyn MatchFace, library: &crate::library::Library) -> Vec<LogLine> {
    m.story_log(library)
        .into_iter()
        .map(|(to, text)| LogLine { to, text })
        .collect()
}

/// The table at a position of the record: the game cut short there, its log told from the start.
fn show_position(res: &mut MatchRes, m: Box<dyn MatchFace>, library: &crate::library::Library) {
    res.log = story(m.as_ref(), library);
    res.current = Some(m);
    res.slot = None;
    res.notice = None;
}

/// Opens, moves and turns replays: a step forward plays the recorded action out on the table
/// (its events, as in play); any other move sets the table at that position.
fn replays(mut requests: MessageReader<ReplayRequest>, mut t: Bridge) {
    for request in requests.read() {
        match request {
            ReplayRequest::Open(text) => match t.library.0.load_save(text) {
                Ok(whole) => {
                    // The eyes of the seat a review looks at first, where the replay allows them.
                    let viewer = crate::review::first_open_seat(whole.as_ref());
                    show_position(&mut t.res, whole.clone_box(), &t.library.0);
                    let turns = whole.turns_by_position(&t.library.0);
                    t.replay.0 = Some(Replaying {
                        whole,
                        viewer,
                        turns,
                        everything: false,
                    });
                    t.changed.write(MatchChanged);
                    t.next.set(Screen::Table);
                }
                Err(e) => t.res.notice = Some(e.to_string()),
            },
            ReplayRequest::To(n) => {
                let Some(r) = t.replay.0.as_ref() else { continue };
                let n = (*n).min(r.whole.actions_taken());
                let now = t.res.current.as_ref().map_or(0, |m| m.actions_taken());
                if n == now {
                    continue;
                }
                if n == now + 1
                    && let Some(m) = t.res.current.as_mut()
                    && let Ok(events) = m.apply_recorded(r.whole.as_ref())
                {
                    push_events(&mut t.res, &mut t.out, events);
                } else {
                    match r.whole.replay_to(n, &t.library.0) {
                        Ok(m) => show_position(&mut t.res, m, &t.library.0),
                        Err(e) => t.res.notice = Some(e),
                    }
                }
                t.changed.write(MatchChanged);
            }
            ReplayRequest::Everything(on) => {
                let Some(r) = t.replay.0.as_mut() else { continue };
                if matches!(r.whole.pending(), Pending::Finished(_)) {
                    r.everything = *on;
                    t.changed.write(MatchChanged);
                }
            }
            ReplayRequest::Viewer(v) => {
                let Some(r) = t.replay.0.as_mut() else { continue };
                if replay_viewers(r.whole.as_ref()).contains(v) {
                    r.viewer = *v;
                    t.changed.write(MatchChanged);
                }
            }
        }
    }
}
