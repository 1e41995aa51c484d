//! The online table without a socket: what the host sends each seat holds nothing another seat
//! hides (every hidden part perturbed, the bytes compared), a stranger's bytes never panic the
//! host, each bad request is refused with its reason, and a player who drops takes the seat back.

use crate::common::{config, court_game, future_game, shadows_game};
use camelot::content::ContentSet;
use camelot::library::{Library, seat_table};
use camelot::online::invite::{Invite, hex};
use camelot::online::protocol::{
    MAX_MESSAGE, PROTOCOL, RoomRules, SeatAsk, SeatHolder, ToHost, ToPlayer, decode, encode,
};
use camelot::online::room::{Holder, Room};
use camelot::rules::court::CourtContent;
use camelot::rules::future::FutureContent;
use camelot::rules::secrets::Perturb;
use camelot::rules::shadows::ShadowsContent;
use camelot::rules::{Difficulty, Game, GameId, GameRng, Pending, Seat, SeatKind};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the host would send `viewer` of this state: the table message's bytes, the seat's view
/// among them.
fn sent<G: Game>(g: &G, viewer: Seat, actions: usize) -> Vec<u8> {
    let table = seat_table(g, &config(0, 0, &[]), actions, Some(viewer));
    let view = serde_json::to_string(&g.view(viewer)).expect("a view in JSON");
    encode(&ToPlayer::Table {
        table,
        view: Some(view),
        lines: Vec::new(),
        save: None,
    })
}

/// Walks `games` random games of `steps` moves; at every position, for every seat, changes each
/// hidden part that seat cannot see (`Perturb`) and checks the bytes sent to it are the same.
/// Returns how many comparisons were made.
fn nothing_hidden_is_sent<G: Perturb>(name: &str, games: u64, steps: usize, new: impl Fn(u64) -> (G, usize)) -> usize {
    let mut compared = 0;
    for game in 0..games {
        let (mut g, players) = new(game);
        let mut rng = GameRng::seeded(7_000 + game);
        for step in 0..steps {
            for viewer in 0..players {
                let bytes = sent(&g, viewer, step);
                for (what, changed) in g.perturbations(viewer, &mut rng) {
                    let other = sent(&changed, viewer, step);
                    assert!(
                        bytes == other,
                        "{name}, game {game}, move {step}: changing {what} changes what seat {viewer} is sent:\n{}\n{}",
                        String::from_utf8_lossy(&bytes),
                        String::from_utf8_lossy(&other)
                    );
                    compared += 1;
                }
            }
            if matches!(g.pending(), Pending::Finished(_)) {
                break;
            }
            let legal = g.legal_actions();
            let a = legal[rng.below(legal.len() as u32) as usize].clone();
            if let Err(e) = g.apply(&a) {
                panic!("{name}: a legal action was refused: {e}");
            }
        }
    }
    compared
}

#[test]
fn no_seat_is_sent_what_another_seat_hides() {
    let set = ContentSet::embedded();
    let court = Arc::new(CourtContent::load(&set).expect("content"));
    let future = Arc::new(FutureContent::load(&set).expect("content"));
    let shadows = Arc::new(ShadowsContent::load(&set).expect("content"));
    let n = nothing_hidden_is_sent("court", 4, 120, |game| court_game(&court, game));
    assert!(n > 500, "court: {n} comparisons");
    let n = nothing_hidden_is_sent("future", 4, 200, |game| future_game(&future, game));
    assert!(n > 500, "future: {n} comparisons");
    let n = nothing_hidden_is_sent("shadows", 8, 200, |game| shadows_game(&shadows, game));
    assert!(n > 500, "shadows: {n} comparisons");
}

/// Walks random games of `game` through the library; at every position, for every seat, the
/// mirror made of the view the host sends shows that seat exactly that view, and the seat to act
/// exactly the host's moves (a move goes back to the host by its index among them). Returns how
/// many mirrors were made.
fn mirrors_match_the_host(library: &Library, game: GameId, players: usize, games: u64, steps: usize) -> usize {
    let mut made = 0;
    for g in 0..games {
        let mut m = library.new_match(game, config(players, 900 + g, &[])).expect("starts");
        let mut public = m.config().clone();
        public.seed = 0;
        let mut rng = GameRng::seeded(40 + g);
        for step in 0..steps {
            let Some(to_act) = m.to_act() else { break };
            for seat in 0..players {
                let wire = m.view_on_wire(seat);
                let mirror = library
                    .mirror(game, public.clone(), &wire, 77 + step as u64)
                    .unwrap_or_else(|e| panic!("{game:?} game {g} move {step} seat {seat}: {e}"));
                assert_eq!(
                    mirror.view_on_wire(seat),
                    wire,
                    "{game:?} game {g} move {step}: the mirror shows seat {seat} another view"
                );
                if seat == to_act {
                    assert_eq!(
                        mirror.legal_labels(),
                        m.legal_labels(),
                        "{game:?} game {g} move {step}: the mirror offers seat {seat} other moves"
                    );
                }
                made += 1;
            }
            let n = m.legal_labels().len();
            m.apply_index(rng.below(n as u32) as usize).expect("a legal move");
        }
    }
    made
}

#[test]
fn a_mirror_of_the_view_sent_shows_the_seat_that_view_and_the_hosts_moves() {
    let library = Library::load(ContentSet::embedded());
    assert!(mirrors_match_the_host(&library, GameId::Court, 3, 3, 80) > 300);
    assert!(mirrors_match_the_host(&library, GameId::Future, 3, 3, 120) > 300);
    assert!(mirrors_match_the_host(&library, GameId::Shadows, 5, 3, 150) > 300);
    // A view that is not this game's, or is not a view, is refused in words.
    let public = config(3, 0, &[]);
    let court = library.new_match(GameId::Court, config(3, 1, &[])).expect("starts");
    let why = library
        .mirror(GameId::Shadows, public.clone(), &court.view_on_wire(0), 1)
        .err()
        .expect("refused");
    assert!(why.contains("cannot read as Shadows over Camelot"), "{why}");
    let why = library
        .mirror(GameId::Court, public, "{\"seat\":0}", 1)
        .err()
        .expect("refused");
    assert!(why.contains("cannot read"), "{why}");
}

#[test]
fn a_player_who_joins_a_game_under_way_is_named_in_it() {
    let library = Library::load(ContentSet::embedded());
    let m = library.new_match(GameId::Court, config(2, 9, &[])).expect("starts");
    let k = camelot::online::invite::new_key();
    let mut room = Room::new(7, k, m, RoomRules::DEFAULT, &library);
    let join = |room: &mut Room, seat: usize, who: &str| {
        let mut hi = hello(7, &hex(&k), SeatAsk::Seat(seat), None);
        if let ToHost::Hello { name, .. } = &mut hi {
            *name = who.into();
        }
        room.join(&hi, &library).expect("a seat");
    };
    // The seat that begins is taken first and moves before the second player comes.
    let first = room.table_for(None).to_act.expect("a decision");
    join(&mut room, first, "Elaine");
    let mut moves = 0;
    while room.table_for(None).to_act == Some(first) && moves < 3 {
        let t = room.table_for(Some(first));
        room.play(Some(first), t.actions_taken, 0).expect("a listed move");
        moves += 1;
    }
    assert!(moves > 0);
    join(&mut room, 1 - first, "Bors");
    let mut expected = vec!["Bors".to_string(); 2];
    expected[first] = "Elaine".into();
    assert_eq!(room.table_for(None).names, expected);
    let save = library.load_save(&room.save()).expect("the save loads");
    let names: Vec<String> = save.config().seats.iter().map(|s| s.name.clone()).collect();
    assert_eq!(names, expected, "the game itself names them, its moves kept");
    assert_eq!(save.actions_taken(), moves);
}

#[test]
fn a_seat_whose_player_has_gone_is_played_by_a_bot_after_the_rooms_time_and_given_back() {
    let library = Library::load(ContentSet::embedded());
    let (mut room, key) = shadows_room(&library);
    assert_eq!(room.rules().bot_after, Some(120), "two minutes by default");
    let a = room.join(&hello(5, &key, SeatAsk::Any, None), &library).expect("a");
    let b = room.join(&hello(5, &key, SeatAsk::Any, None), &library).expect("b");
    let (seat_a, seat_b) = (a.seat.expect("a seat"), b.seat.expect("a seat"));
    room.arrive(seat_a);
    room.arrive(seat_b);
    // Play until it is Elaine's turn.
    let t0 = Instant::now();
    let mut rng = GameRng::seeded(12);
    while let Some(seat) = room.table_for(None).to_act
        && seat != seat_a
    {
        room.play_bots(t0).expect("bots");
        let mine = room.table_for(Some(seat));
        if mine.to_act != Some(seat_b) {
            continue;
        }
        let index = rng.below(mine.moves.len() as u32) as usize;
        room.play(Some(seat_b), mine.actions_taken, index).expect("a move");
    }
    assert_eq!(room.table_for(None).to_act, Some(seat_a));
    // She goes: the table waits two minutes for her, and says so.
    room.depart(seat_a, t0);
    let at = room.table_for(None).actions_taken;
    let later = t0 + Duration::from_secs(60);
    assert_eq!(room.play_bots(later).expect("no bot"), 0, "the table waits");
    assert_eq!(
        room.seats(later)[seat_a].holder,
        SeatHolder::Away {
            bot_in: Some(60),
            standing_in: false
        }
    );
    // After two minutes a bot plays her seat.
    let gone = t0 + Duration::from_secs(121);
    assert!(room.bot_to_act(gone));
    assert!(room.play_bots(gone).expect("the stand-in plays") > 0);
    assert!(room.table_for(None).actions_taken > at);
    assert!(matches!(
        room.seats(gone)[seat_a].holder,
        SeatHolder::Away { standing_in: true, .. }
    ));
    // She comes back with her token: the seat is hers again, no bot plays it.
    let back = room
        .join(&hello(5, &key, SeatAsk::Any, Some(a.token.clone())), &library)
        .expect("back");
    room.arrive(back.seat.expect("her seat"));
    assert_eq!(room.seats(gone)[seat_a].holder, SeatHolder::Here);
    while room.table_for(None).to_act.is_some_and(|s| s != seat_a) {
        room.play_bots(gone).expect("bots");
        if room.table_for(None).to_act == Some(seat_b) {
            let mine = room.table_for(Some(seat_b));
            let index = rng.below(mine.moves.len() as u32) as usize;
            room.play(Some(seat_b), mine.actions_taken, index).expect("a move");
        }
    }
    if room.table_for(None).to_act == Some(seat_a) {
        assert!(!room.bot_to_act(gone + Duration::from_secs(1_000)), "her turn is hers");
    }
    // A room that waits never lets a bot in; one without onlookers refuses them in words.
    let m = library.new_match(GameId::Court, config(2, 3, &[])).expect("starts");
    let k = camelot::online::invite::new_key();
    let rules = RoomRules {
        bot_after: None,
        watchers: false,
    };
    let mut waits = Room::new(6, k, m, rules, &library);
    let first = waits
        .join(&hello(6, &hex(&k), SeatAsk::Any, None), &library)
        .expect("a seat");
    let seat = first.seat.expect("a seat");
    waits.arrive(seat);
    waits.depart(seat, t0);
    assert!(!waits.stands_in(seat, t0 + Duration::from_secs(86_400)));
    assert_eq!(
        waits.seats(t0)[seat].holder,
        SeatHolder::Away {
            bot_in: None,
            standing_in: false
        }
    );
    let why = waits
        .join(&hello(6, &hex(&k), SeatAsk::Watch, None), &library)
        .expect_err("no onlookers");
    assert!(why.contains("takes no onlookers"), "{why}");
}

#[test]
fn a_strangers_bytes_are_refused_in_words_and_never_panic() {
    let mut rng = GameRng::seeded(47);
    let valid = [
        encode(&hello(1, "00", SeatAsk::Any, None)),
        encode(&ToHost::Play { at: 3, index: 1 }),
        encode(&ToHost::Chat("hello".into())),
    ];
    let mut refused = 0;
    for i in 0..12_000u32 {
        let bytes: Vec<u8> = match i % 3 {
            // Random bytes of random length.
            0 => (0..rng.below(300)).map(|_| rng.below(256) as u8).collect(),
            // A valid message cut short.
            1 => {
                let m = &valid[(i as usize / 3) % valid.len()];
                m[..rng.below(m.len() as u32) as usize].to_vec()
            }
            // A valid message with one byte changed.
            _ => {
                let mut m = valid[(i as usize / 3) % valid.len()].clone();
                let at = rng.below(m.len() as u32) as usize;
                m[at] = rng.below(256) as u8;
                m
            }
        };
        if let Err(why) = decode::<ToHost>(&bytes) {
            assert!(why.contains("not a message of Camelot's online protocol"), "{why}");
            refused += 1;
        }
    }
    assert!(refused > 9_000, "{refused} of 12,000 refused");
    let long = vec![b' '; MAX_MESSAGE + 1];
    let why = decode::<ToHost>(&long).expect_err("too long");
    assert!(why.contains("longer than the"), "{why}");
}

fn hello(room: u64, key: &str, seat: SeatAsk, token: Option<String>) -> ToHost {
    ToHost::Hello {
        protocol: PROTOCOL,
        build: camelot::version::LONG.into(),
        room,
        key: key.into(),
        seat,
        name: "Elaine".into(),
        token,
    }
}

/// A Shadows room of two human seats and two easy bots, with its key.
fn shadows_room(library: &Library) -> (Room, String) {
    let mut config = config(4, 11, &[]);
    config.seats[2].kind = SeatKind::Bot(Difficulty::Easy);
    config.seats[3].kind = SeatKind::Bot(Difficulty::Easy);
    let m = library.new_match(GameId::Shadows, config).expect("starts");
    let key = camelot::online::invite::new_key();
    (Room::new(5, key, m, RoomRules::DEFAULT, library), hex(&key))
}

#[test]
fn the_room_refuses_each_bad_request_with_its_reason() {
    let library = Library::load(ContentSet::embedded());
    let (mut room, key) = shadows_room(&library);
    let refused = |room: &mut Room, hello: ToHost, words: &str| {
        let why = room.join(&hello, &library).expect_err(words);
        assert!(why.contains(words), "{why} (expected: {words})");
    };
    let mut other = hello(5, &key, SeatAsk::Any, None);
    if let ToHost::Hello { protocol, .. } = &mut other {
        *protocol = PROTOCOL + 1;
    }
    refused(&mut room, other, "the same version of Camelot");
    refused(&mut room, hello(6, &key, SeatAsk::Any, None), "no room 6");
    refused(
        &mut room,
        hello(5, &"0".repeat(32), SeatAsk::Any, None),
        "does not open this room",
    );
    refused(
        &mut room,
        hello(5, "short", SeatAsk::Any, None),
        "does not open this room",
    );
    refused(&mut room, hello(5, &key, SeatAsk::Seat(9), None), "there is no seat 10");
    refused(&mut room, hello(5, &key, SeatAsk::Seat(2), None), "played by a bot");
    refused(
        &mut room,
        hello(5, &key, SeatAsk::Any, Some("ab".repeat(16))),
        "holds no seat",
    );
    let mut nameless = hello(5, &key, SeatAsk::Any, None);
    if let ToHost::Hello { name, .. } = &mut nameless {
        *name = "W".repeat(40);
    }
    refused(&mut room, nameless, "letters long");
    refused(&mut room, ToHost::Chat("hi".into()), "must say hello");
    let first = room
        .join(&hello(5, &key, SeatAsk::Seat(0), None), &library)
        .expect("seat 1");
    assert_eq!(first.seat, Some(0));
    refused(&mut room, hello(5, &key, SeatAsk::Seat(0), None), "taken by Elaine");
    let second = room
        .join(&hello(5, &key, SeatAsk::Any, None), &library)
        .expect("seat 2");
    assert_eq!(second.seat, Some(1));
    refused(
        &mut room,
        hello(5, &key, SeatAsk::Any, None),
        "every seat of this table is taken",
    );
    let watcher = room
        .join(&hello(5, &key, SeatAsk::Watch, None), &library)
        .expect("an onlooker");
    assert_eq!(watcher.seat, None);
    // Moves: an onlooker has none; not your turn; an old position; a move that is not there.
    room.play_bots(Instant::now()).expect("bots");
    let to_act = room.table_for(None).to_act.expect("a decision");
    let at = room.table_for(None).actions_taken;
    let not = 1 - to_act;
    assert!(room.play(None, at, 0).expect_err("onlooker").contains("no moves"));
    assert!(
        room.play(Some(not), at, 0)
            .expect_err("not yours")
            .contains("not your turn")
    );
    assert!(
        room.play(Some(to_act), at + 1, 0)
            .expect_err("stale")
            .contains("choose again")
    );
    assert!(room.play(Some(to_act), at, 9_999).is_err(), "a move past the list");
    assert_eq!(
        room.table_for(None).actions_taken,
        at,
        "nothing refused changed the table"
    );
    // The onlooker's table has no moves and no secrets; the seat to act has both.
    let public = room.table_for(None);
    assert!(public.moves.is_empty() && public.secrets.is_empty());
    let mine = room.table_for(Some(to_act));
    assert!(!mine.moves.is_empty() && !mine.secrets.is_empty(), "{mine:?}");
}

#[test]
fn a_player_who_drops_takes_the_seat_back_and_the_game_ends() {
    let library = Library::load(ContentSet::embedded());
    let (mut room, key) = shadows_room(&library);
    let a = room.join(&hello(5, &key, SeatAsk::Any, None), &library).expect("a");
    let b = room.join(&hello(5, &key, SeatAsk::Any, None), &library).expect("b");
    let tokens = [a.token.clone(), b.token.clone()];
    let mut rng = GameRng::seeded(3);
    let mut cursor = [0usize; 2];
    for step in 0..2_000 {
        room.play_bots(Instant::now()).expect("bots");
        let table = room.table_for(None);
        let Some(seat) = table.to_act else { break };
        // Each player reads its lines, as its client would.
        for (s, c) in cursor.iter_mut().enumerate() {
            *c = room.lines_for(Some(s), *c).1;
        }
        // Halfway, the seat to act drops and comes back with its token.
        if step == 40 {
            let back = room
                .join(&hello(5, &key, SeatAsk::Any, Some(tokens[seat].clone())), &library)
                .expect("rejoins");
            assert_eq!(back.seat, Some(seat), "the same seat");
        }
        let mine = room.table_for(Some(seat));
        let index = rng.below(mine.moves.len() as u32) as usize;
        room.play(Some(seat), mine.actions_taken, index).expect("a listed move");
    }
    let end = room.table_for(Some(0));
    assert!(end.outcome.is_some(), "the game ended: {end:?}");
    assert!(matches!(room.holders()[0], Holder::Player { .. }));
    // The room's save is the game: it loads and has ended.
    let back = library.load_save(&room.save()).expect("the save loads");
    assert!(matches!(back.pending(), Pending::Finished(_)));
}

#[test]
fn an_invitation_reads_back_and_a_broken_one_says_what_is_wrong() {
    let invite = Invite {
        host: "::1".into(),
        port: 7471,
        room: 12,
        key: [7; 16],
        fingerprint: [200; 32],
    };
    let code = invite.code();
    assert!(code.starts_with("camelot://[::1]:7471/12/"), "{code}");
    assert_eq!(Invite::parse(&format!("  {code}\n")), Ok(invite.clone()));
    let v4 = Invite {
        host: "127.0.0.1".into(),
        ..invite.clone()
    };
    assert_eq!(Invite::parse(&v4.code()), Ok(v4));
    let cut = &code[..code.len() - 5];
    for (bad, words) in [
        ("http://x", "starts with camelot://"),
        ("camelot://host:1/2/3", "four parts"),
        ("camelot://host/1/aa/bb", "has no port"),
        ("camelot://host:0/1/aa/bb", "is not a port"),
        ("camelot://host:99999/1/aa/bb", "is not a port"),
        ("camelot://:5/1/aa/bb", "names no host"),
        ("camelot://h:5/x/aa/bb", "not a room number"),
        (cut, "cut short"),
    ] {
        let why = Invite::parse(bad).expect_err(bad);
        assert!(why.contains(words), "{bad}: {why}");
    }
    let zs = code.replace(&hex(&[7; 16]), &"zz".repeat(16));
    assert!(Invite::parse(&zs).expect_err("zz").contains("not a hexadecimal digit"));
}

/// The host and its players over QUIC on loopback (127.0.0.1 only).
#[cfg(feature = "online")]
mod over_quic {
    use super::config;
    use crate::common::temp_dir;
    use camelot::content::ContentSet;
    use camelot::library::{Library, SeatTable};
    use camelot::online::invite::Invite;
    use camelot::online::net::{Client, Endpoint, Host, Identity, MAX_PER_ADDRESS, listen, open_on_running};
    use camelot::online::protocol::{RoomRules, SeatAsk, ToHost, ToPlayer};
    use camelot::rules::{Difficulty, GameId, GameRng, SeatKind};
    use std::sync::{Arc, Mutex};

    /// Plays the client's seat with random moves until the game ends (its last table), or until
    /// it has made `drop_after` moves (`None`: it drops then).
    async fn play(c: &mut Client, rng: &mut GameRng, drop_after: Option<usize>) -> Result<Option<SeatTable>, String> {
        play_as(c, &mut Pick::Random(rng), drop_after, &mut None).await
    }

    /// How a test's client picks its moves.
    enum Pick<'a> {
        /// At random.
        Random(&'a mut GameRng),
        /// A normal bot on the mirror of the seat's view (as `camelot join --bot normal`).
        Bot(&'a Library),
        /// A function of the position alone, so that a game played with faults is the game
        /// played without.
        ByPosition,
    }

    /// The move `Pick::ByPosition` takes among `n` at the position of `at` actions.
    fn by_position(at: usize, n: usize) -> usize {
        (at.wrapping_mul(7919) + 3) % n.max(1)
    }

    /// `play`, the moves picked as `pick` says. Once the game is over the host sends the whole
    /// game (into `whole`): it loads and has ended.
    async fn play_as(
        c: &mut Client,
        pick: &mut Pick<'_>,
        drop_after: Option<usize>,
        whole: &mut Option<String>,
    ) -> Result<Option<SeatTable>, String> {
        let mut made = 0;
        while let Some(message) = c.next().await {
            match message? {
                ToPlayer::Table { table, view, save, .. } => {
                    if table.outcome.is_some() {
                        let save = save.ok_or("no save at the end")?;
                        let library = Library::load(ContentSet::embedded());
                        let ended = library.load_save(&save).map_err(|e| e.to_string())?;
                        assert!(ended.to_act().is_none(), "the whole game sent has ended");
                        *whole = Some(save);
                        return Ok(Some(table));
                    }
                    if table.to_act == c.seat && !table.moves.is_empty() {
                        if drop_after == Some(made) {
                            return Ok(None);
                        }
                        let index = match (&mut *pick, view) {
                            (Pick::Bot(library), Some(view)) => {
                                let mirror = library.mirror(c.game, c.config.clone(), &view, made as u64)?;
                                assert_eq!(mirror.legal_labels(), table.moves, "the mirror's moves are the host's");
                                let kind = camelot::bots::BotKind::Level(Difficulty::Normal);
                                mirror.bot_job(kind, 5).and_then(|job| job()).ok_or("no move")?
                            }
                            (Pick::ByPosition, _) => by_position(table.actions_taken, table.moves.len()),
                            (Pick::Random(rng), _) => rng.below(table.moves.len() as u32) as usize,
                            (Pick::Bot(_), None) => return Err("no view for the bot".into()),
                        };
                        c.send(&ToHost::Play {
                            at: table.actions_taken,
                            index,
                        })
                        .await?;
                        made += 1;
                    }
                }
                ToPlayer::Goodbye(why) => return Err(why),
                ToPlayer::Refused(_)
                | ToPlayer::Chat { .. }
                | ToPlayer::Welcome { .. }
                | ToPlayer::Seats(_)
                | ToPlayer::Opened { .. } => {}
            }
        }
        Err("the host went away".into())
    }

    /// A host on 127.0.0.1 with one Shadows room (two human seats, two easy bots): its
    /// invitation, the endpoint it listens on (kept alive) and its folder.
    fn start_host(name: &str) -> (Invite, Endpoint, std::path::PathBuf) {
        let dir = temp_dir(name);
        let (mut host, problems) = Host::open(Library::load(ContentSet::embedded()), &dir);
        assert!(problems.is_empty(), "{problems:?}");
        let mut seats = config(4, 11, &[]);
        seats.seats[2].kind = SeatKind::Bot(Difficulty::Easy);
        seats.seats[3].kind = SeatKind::Bot(Difficulty::Easy);
        let (room, key) = host
            .add_room(GameId::Shadows, seats, RoomRules::DEFAULT)
            .expect("a room");
        let identity = Identity::in_dir(&dir).expect("an identity");
        let (endpoint, _accepting) = listen(
            Arc::new(Mutex::new(host)),
            &identity,
            "127.0.0.1:0".parse().expect("loopback"),
        )
        .expect("listens");
        let port = endpoint.local_addr().expect("an address").port();
        let invite = Invite {
            host: "127.0.0.1".into(),
            port,
            room,
            key,
            fingerprint: identity.fingerprint,
        };
        (invite, endpoint, dir)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_flood_from_one_address_and_a_chatterbox_are_turned_away_in_words() {
        let (invite, _endpoint, _) = start_host("online-flood");
        let lib = Library::load(ContentSet::embedded());
        let mut watchers = Vec::new();
        for _ in 0..MAX_PER_ADDRESS {
            watchers.push(
                Client::join(&invite, SeatAsk::Watch, "Onlooker", None, &lib)
                    .await
                    .expect("an onlooker"),
            );
        }
        let why = Client::join(&invite, SeatAsk::Watch, "Onlooker", None, &lib)
            .await
            .err()
            .expect("one too many");
        assert!(why.contains("connections from your address are open already"), "{why}");
        // The room goes on: a player still joins once a watcher leaves.
        watchers.pop();
        let mut player = None;
        for _ in 0..50 {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            if let Ok(c) = Client::join(&invite, SeatAsk::Any, "Elaine", None, &lib).await {
                player = Some(c);
                break;
            }
        }
        let mut player = player.expect("a seat once a watcher has gone");
        // Six chat lines at once: the sixth is refused.
        for i in 0..6 {
            player.send(&ToHost::Chat(format!("line {i}"))).await.expect("sent");
        }
        let mut refused = None;
        let until = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
        while refused.is_none() && tokio::time::Instant::now() < until {
            if let Ok(Some(Ok(ToPlayer::Refused(why)))) =
                tokio::time::timeout(std::time::Duration::from_secs(5), player.next()).await
            {
                refused = Some(why);
            }
        }
        let why = refused.expect("the sixth line is refused");
        assert!(why.contains("chat lines in 10 seconds"), "{why}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_shadows_room_plays_to_its_end_and_a_dropped_player_comes_back() {
        let (invite, _endpoint, dir) = start_host("online-host");
        let lib = Library::load(ContentSet::embedded());
        let room = invite.room;
        let code = invite.code();
        let invite = Invite::parse(&code).expect("the code reads back");

        // A wrong key is refused in words; a host whose certificate is not the invitation's is
        // never reached.
        let mut wrong = invite.clone();
        wrong.key[0] ^= 1;
        let why = Client::join(&wrong, SeatAsk::Any, "Mallory", None, &lib)
            .await
            .err()
            .expect("refused");
        assert!(why.contains("does not open this room"), "{why}");
        let mut forged = invite.clone();
        forged.fingerprint[0] ^= 1;
        let why = Client::join(&forged, SeatAsk::Any, "Mallory", None, &lib)
            .await
            .err()
            .expect("refused");
        assert!(why.contains("could not be reached"), "{why}");

        let run = async {
            let mut a = Client::join(&invite, SeatAsk::Any, "Elaine", None, &lib).await?;
            let mut b = Client::join(&invite, SeatAsk::Any, "Morgana", None, &lib).await?;
            let (seat_a, token_a) = (a.seat, a.token.clone());
            // Morgana lets a normal bot play her seat on her own computer, from her view.
            let hers = lib.clone();
            let other = tokio::spawn(async move { play_as(&mut b, &mut Pick::Bot(&hers), None, &mut None).await });
            // Elaine drops after five moves and comes back with her token.
            let mut rng = GameRng::seeded(1);
            let first = play(&mut a, &mut rng, Some(5)).await?;
            drop(a);
            let last = match first {
                Some(end) => end,
                None => {
                    let mut back = Client::join(&invite, SeatAsk::Any, "Elaine", Some(token_a), &lib).await?;
                    assert_eq!(back.seat, seat_a, "the same seat");
                    play(&mut back, &mut rng, None).await?.ok_or("no end")?
                }
            };
            let theirs = other.await.map_err(|e| e.to_string())??.ok_or("no end")?;
            Ok::<_, String>((last, theirs))
        };
        let (mine, theirs) = tokio::time::timeout(std::time::Duration::from_secs(120), run)
            .await
            .expect("the game ends within two minutes")
            .expect("the game is played");
        assert_eq!(mine.outcome, theirs.outcome, "both saw the same end");
        assert!(mine.outcome.is_some());
        assert!(mine.actions_taken > 30, "a whole game: {} actions", mine.actions_taken);
        // The room was kept after every move: a host opened on the folder has it, ended.
        let (again, problems) = Host::open(Library::load(ContentSet::embedded()), &dir);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(again.rooms(), vec![room]);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_host_stopped_mid_game_resumes_the_room_and_its_players_take_their_seats_back() {
        let (invite, endpoint, dir) = start_host("online-restart");
        let lib = Library::load(ContentSet::embedded());
        // Both players pick their moves by the position alone, so the game played across the
        // fault can be compared with the same game played without it.
        let run = async {
            let mut a = Client::join(&invite, SeatAsk::Any, "Elaine", None, &lib).await?;
            let b = Client::join(&invite, SeatAsk::Any, "Morgana", None, &lib).await?;
            let (seats, tokens) = ([a.seat, b.seat], [a.token.clone(), b.token.clone()]);
            let mut b = b;
            let other = tokio::spawn(async move { play_as(&mut b, &mut Pick::ByPosition, None, &mut None).await });
            // Elaine plays three moves and stops; then the host goes away mid-game.
            let early = play_as(&mut a, &mut Pick::ByPosition, Some(3), &mut None).await?;
            assert!(early.is_none(), "the game is not over after three moves");
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            endpoint.close(0u32.into(), b"the host stops");
            drop(a);
            let lost = other.await.map_err(|e| e.to_string())?;
            assert!(lost.is_err(), "Morgana's client is told the host went away");
            // A host started again on its folder (another port here) has the room as it was left.
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            let (host, problems) = Host::open(Library::load(ContentSet::embedded()), &dir);
            assert!(problems.is_empty(), "{problems:?}");
            let identity = Identity::in_dir(&dir).map_err(|e| e.to_string())?;
            assert_eq!(identity.fingerprint, invite.fingerprint, "the same certificate");
            let (again, _accepting) = listen(
                Arc::new(Mutex::new(host)),
                &identity,
                "127.0.0.1:0".parse().map_err(|_| "loopback")?,
            )?;
            let moved = Invite {
                port: again.local_addr().map_err(|e| e.to_string())?.port(),
                ..invite.clone()
            };
            let mut a = Client::join(&moved, SeatAsk::Any, "Elaine", Some(tokens[0].clone()), &lib).await?;
            let mut b = Client::join(&moved, SeatAsk::Any, "Morgana", Some(tokens[1].clone()), &lib).await?;
            assert_eq!([a.seat, b.seat], seats, "each takes its own seat back");
            let other = tokio::spawn(async move {
                let mut whole = None;
                let end = play_as(&mut b, &mut Pick::ByPosition, None, &mut whole).await;
                end.map(|t| (t, whole))
            });
            let mut whole = None;
            let mine = play_as(&mut a, &mut Pick::ByPosition, None, &mut whole)
                .await?
                .ok_or("no end")?;
            let (theirs, their_whole) = other.await.map_err(|e| e.to_string())??;
            Ok::<_, String>((mine, theirs.ok_or("no end")?, whole, their_whole))
        };
        let (mine, theirs, whole, their_whole) = tokio::time::timeout(std::time::Duration::from_secs(120), run)
            .await
            .expect("the game ends within two minutes")
            .expect("the game is played");
        assert!(mine.outcome.is_some() && mine.outcome == theirs.outcome);
        assert_eq!(whole, their_whole, "both were sent the same whole game");
        // The same table played without a fault: the same players joining in the same order, the
        // same moves by position, the same bots. The game across the fault is that game.
        let (mut room, key) = restart_room(&lib);
        for name in ["Elaine", "Morgana"] {
            let mut hi = super::hello(room.id, &camelot::online::invite::hex(&key), SeatAsk::Any, None);
            if let ToHost::Hello { name: n, .. } = &mut hi {
                *n = name.into();
            }
            room.join(&hi, &lib).expect("a seat");
        }
        let now = std::time::Instant::now();
        loop {
            room.play_bots(now).expect("the bots play");
            let Some(seat) = room.table_for(None).to_act else { break };
            let table = room.table_for(Some(seat));
            let index = by_position(table.actions_taken, table.moves.len());
            room.play(Some(seat), table.actions_taken, index)
                .expect("a listed move");
        }
        assert_eq!(
            whole.as_deref(),
            Some(room.save().as_str()),
            "the game across the fault is the game without it"
        );
    }

    /// The room `start_host` opens, made again without a host (with a key of its own).
    fn restart_room(library: &Library) -> (camelot::online::room::Room, [u8; 16]) {
        let mut seats = config(4, 11, &[]);
        seats.seats[2].kind = SeatKind::Bot(Difficulty::Easy);
        seats.seats[3].kind = SeatKind::Bot(Difficulty::Easy);
        let m = library.new_match(GameId::Shadows, seats).expect("starts");
        let key = camelot::online::invite::new_key();
        (
            camelot::online::room::Room::new(1, key, m, RoomRules::DEFAULT, library),
            key,
        )
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_room_is_opened_on_the_host_that_runs_on_the_folder_by_its_secret_only() {
        let (invite, _endpoint, dir) = start_host("online-open");
        let lib = Library::load(ContentSet::embedded());
        let rules = RoomRules {
            bot_after: Some(30),
            watchers: false,
        };
        let court = config(2, 8, &[]);
        let (room, key, port) = open_on_running(&dir, GameId::Court, court.clone(), rules)
            .await
            .expect("a host runs there")
            .expect("the room opens");
        assert_eq!(port, invite.port);
        assert_ne!(room, invite.room);
        let there = Invite {
            room,
            key,
            ..invite.clone()
        };
        let c = Client::join(&there, SeatAsk::Any, "Elaine", None, &lib)
            .await
            .expect("a seat");
        assert_eq!(c.game, GameId::Court);
        assert_eq!(c.rules, rules);
        assert_eq!(c.config.seed, 0, "the seed stays on the host");
        let why = Client::join(&there, SeatAsk::Watch, "Onlooker", None, &lib)
            .await
            .err()
            .expect("no onlookers");
        assert!(why.contains("takes no onlookers"), "{why}");
        // Without the folder's secret, no room.
        let secret = dir.join("host.admin");
        std::fs::write(&secret, "00".repeat(16)).expect("written");
        let why = open_on_running(&dir, GameId::Court, court.clone(), rules)
            .await
            .expect("a host runs there")
            .expect_err("refused");
        assert!(why.contains("may open rooms"), "{why}");
        // A folder no host runs on: none is found, and `camelot host` starts one.
        let empty = temp_dir("online-open-none");
        assert!(open_on_running(&empty, GameId::Court, court, rules).await.is_none());
    }

    /// A UDP relay on 127.0.0.1 between one client and the host: it drops one datagram in
    /// `drop_one_in` each way and holds each for up to 4 ms (so some arrive out of order).
    async fn lossy_relay(host: std::net::SocketAddr, drop_one_in: u32, seed: u64) -> std::net::SocketAddr {
        use tokio::net::UdpSocket;
        let outside = Arc::new(UdpSocket::bind("127.0.0.1:0").await.expect("a relay socket"));
        let inside = Arc::new(UdpSocket::bind("127.0.0.1:0").await.expect("a relay socket"));
        inside.connect(host).await.expect("the host");
        let client = Arc::new(Mutex::new(None::<std::net::SocketAddr>));
        let rng = Arc::new(Mutex::new(GameRng::seeded(seed)));
        let fate = move |rng: &Mutex<GameRng>| {
            let mut r = rng.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            (r.below(drop_one_in) == 0, r.below(5) as u64)
        };
        let addr = outside.local_addr().expect("an address");
        let (o, i, c, r) = (outside.clone(), inside.clone(), client.clone(), rng.clone());
        tokio::spawn(async move {
            let mut buf = vec![0u8; 65_536];
            while let Ok((n, from)) = o.recv_from(&mut buf).await {
                *c.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(from);
                let (lost, wait) = fate(&r);
                if lost {
                    continue;
                }
                let (i, data) = (i.clone(), buf[..n].to_vec());
                tokio::spawn(async move {
                    tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
                    let _ = i.send(&data).await;
                });
            }
        });
        tokio::spawn(async move {
            let mut buf = vec![0u8; 65_536];
            while let Ok(n) = inside.recv(&mut buf).await {
                let to = *client.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                let (lost, wait) = fate(&rng);
                let Some(to) = to.filter(|_| !lost) else { continue };
                let (o, data) = (outside.clone(), buf[..n].to_vec());
                tokio::spawn(async move {
                    tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
                    let _ = o.send_to(&data, to).await;
                });
            }
        });
        addr
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_game_over_a_lossy_link_still_ends() {
        let (invite, endpoint, _) = start_host("online-lossy");
        let lib = Library::load(ContentSet::embedded());
        let host = endpoint.local_addr().expect("an address");
        let through = |relay: std::net::SocketAddr| Invite {
            port: relay.port(),
            ..invite.clone()
        };
        let run = async {
            let mut a = Client::join(
                &through(lossy_relay(host, 10, 1).await),
                SeatAsk::Any,
                "Elaine",
                None,
                &lib,
            )
            .await?;
            let mut b = Client::join(
                &through(lossy_relay(host, 10, 2).await),
                SeatAsk::Any,
                "Morgana",
                None,
                &lib,
            )
            .await?;
            let other = tokio::spawn(async move {
                let mut rng = GameRng::seeded(9);
                play(&mut b, &mut rng, None).await
            });
            let mut rng = GameRng::seeded(8);
            let mine = play(&mut a, &mut rng, None).await?.ok_or("no end")?;
            let theirs = other.await.map_err(|e| e.to_string())??.ok_or("no end")?;
            Ok::<_, String>((mine, theirs))
        };
        let (mine, theirs) = tokio::time::timeout(std::time::Duration::from_secs(120), run)
            .await
            .expect("the game ends within two minutes over a link that loses one datagram in ten")
            .expect("the game is played");
        assert!(mine.outcome.is_some() && mine.outcome == theirs.outcome);
    }
}
