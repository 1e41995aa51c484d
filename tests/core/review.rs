//! The review (`camelot::review`, `camelot review`): each decision of a seat rated by the hint's
//! own ranking from that seat's view, the loss against the best move marked only beyond the
//! estimate's noise. The same save gives the same review; a move that throws the game away is a
//! blunder and the best move is never marked (Shadows' twelfth Siege Engine, The Court's win passed
//! up); broken, missing and foreign saves are refused in words. (That a review never depends on
//! what its seat could not see is checked position by position in `secrets.rs`, with every hidden
//! part changed.)

use crate::common::{camelot, config, temp_dir};
use camelot::bots::{self, BotKind, Budget};
use camelot::content::ContentSet;
use camelot::library::{Library, MatchFace, rate_position};
use camelot::review::{self, Mark, PlayBar, Review, mark_of, reviewed_decision};
use camelot::rules::court::{Action as CourtAction, Court, CourtContent};
use camelot::rules::future::{Action as FutureAction, Future, FutureContent};
use camelot::rules::shadows::{Action, EvilChoice, Shadows, ShadowsContent};
use camelot::rules::{Game, GameId, GameRng, SeatKind, TableConfig};

/// Hard's search made small and without a clock cap (as the review's own budget has none).
fn small(b: Budget) -> Budget {
    Budget {
        iterations: 60,
        time_cap: std::time::Duration::from_secs(600),
        ..b
    }
}

/// A match of `game` with `players` human seats, played `actions` random legal actions deep.
fn played(library: &Library, game: GameId, players: usize, seed: u64, actions: usize) -> Box<dyn MatchFace> {
    let mut m = library
        .new_match(game, TableConfig::with_players(players, SeatKind::Human, seed))
        .expect("a table");
    let mut rng = GameRng::seeded(seed ^ 0x5eed);
    for _ in 0..actions {
        let n = m.legal_labels().len();
        if n == 0 {
            break;
        }
        m.apply_index(rng.below(n as u32) as usize).expect("a legal action");
    }
    m
}

fn reviewed(library: &Library, m: &dyn MatchFace, seat: usize) -> Review {
    review::review_with(m, library, seat, small, &|_, _| true).expect("a review")
}

#[test]
fn the_same_game_gives_the_same_review_and_each_decision_once() {
    let library = Library::load(ContentSet::embedded());
    for (game, players, depth) in [
        (GameId::Court, 2, 40),
        (GameId::Future, 2, 60),
        (GameId::Shadows, 3, 60),
    ] {
        let m = played(&library, game, players, 7, depth);
        let first = reviewed(&library, m.as_ref(), 0);
        // Read back from its save, on another run: the same review.
        let again = library.load_save(&m.to_ron()).expect("the save loads");
        assert_eq!(reviewed(&library, again.as_ref(), 0), first, "{game:?}");
        // Every position where seat 1 chose among more than one action, in order, and no other.
        let mut replay = library.new_match(game, m.config().clone()).expect("a table");
        let mut expected = Vec::new();
        for i in 0..m.actions_taken() {
            if m.actors()[i] == Some(0) && replay.legal_labels().len() > 1 {
                expected.push(i + 1);
            }
            let label = m.action_label(i, &library).expect("a label");
            let k = replay
                .legal_labels()
                .iter()
                .position(|l| *l == label)
                .expect("the action is legal");
            replay.apply_index(k).expect("it replays");
        }
        let numbers: Vec<usize> = first.decisions.iter().map(|d| d.number).collect();
        assert_eq!(numbers, expected, "{game:?}: the decisions reviewed");
        assert!(!numbers.is_empty(), "{game:?}: a game with decisions");
        for d in &first.decisions {
            assert!(d.loss.is_none_or(|l| (0.0..=1.0).contains(&l)), "{game:?}: {d:?}");
            if d.mark == Some(Mark::Best) {
                assert!(
                    d.played == d.best || d.played_rate.zip(d.best_rate).is_some_and(|(p, b)| p >= b),
                    "{game:?}: only the hard level's move, or one rated as high, is marked best: {d:?}"
                );
            }
            // A costly mark: a rated loss beyond the noise, or where play did not bear the rating
            // out, a loss the play-outs found or could not rule out.
            if d.mark.is_some_and(Mark::is_costly) {
                assert!(
                    d.loss.unwrap_or(0.0) > d.noise.unwrap_or(1.0)
                        || d.played_out.is_some_and(|p| !review::rules_out(&p)),
                    "{game:?}: marked within the noise"
                );
            }
            // Every mistake and blunder told was played out.
            if d.mark.is_some_and(|m| m >= Mark::Mistake) {
                assert!(d.played_out.is_some(), "{game:?}: a mistake not played out: {d:?}");
            }
        }
        let s = &first.summary;
        assert_eq!(s.decisions, first.decisions.len());
        let marked = first.decisions.iter().filter(|d| d.mark.is_some()).count();
        // One mark per rated decision: the marks add up to the rated decisions.
        assert_eq!(s.best + s.good + s.inaccuracies + s.mistakes + s.blunders, marked);
        assert_eq!(s.rated, marked);
        assert_eq!(
            s.with_chance,
            first.decisions.iter().filter(|d| d.loss.is_some()).count()
        );
        assert!(s.with_chance <= s.rated && s.rated <= s.decisions);
    }
}

#[test]
fn a_mark_needs_a_loss_beyond_the_noise() {
    assert_eq!(mark_of(true, Some(0.0), 0.05), Some(Mark::Best));
    assert_eq!(mark_of(false, None, 0.05), None, "no win chance: no mark");
    assert_eq!(mark_of(false, Some(0.3), 0.4), Some(Mark::Good), "within the noise");
    assert_eq!(mark_of(false, Some(0.02), 0.0), Some(Mark::Good));
    assert_eq!(
        mark_of(false, Some(review::INACCURACY + 0.01), 0.01),
        Some(Mark::Inaccuracy)
    );
    assert_eq!(mark_of(false, Some(review::MISTAKE + 0.01), 0.01), Some(Mark::Mistake));
    assert_eq!(mark_of(false, Some(review::BLUNDER + 0.01), 0.01), Some(Mark::Blunder));
}

/// Shadows without a Traitor, the Knights one Sword from winning (eleven White Swords on the
/// Round Table: the twelfth ends the game, and they hold the majority) and eleven Siege Engines
/// at Camelot: a Knight whose Progression of Evil adds the twelfth engine loses the game there
/// and then. Played, it is a blunder; the best move is not marked.
#[test]
fn shadows_twelfth_siege_engine_is_a_blunder() {
    let content = std::sync::Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("content"));
    let mut g = Shadows::new_shared(&config(3, 11, &[("loyalty", "none")]), &content).expect("setup");
    let add = Action::Evil(EvilChoice::AddSiege);
    let mut rng = GameRng::seeded(3);
    let mut steps = 0;
    while !g.legal_actions().contains(&add) {
        let legal = g.legal_actions();
        g.apply(&legal[rng.below(legal.len() as u32) as usize]).expect("legal");
        steps += 1;
        assert!(steps < 200 && g.to_act().is_some(), "no Progression of Evil reached");
    }
    g.siege = 11;
    g.white_swords = 11;
    g.black_swords = 0;
    // The rules agree: the twelfth engine ends the game, and the Knights lose.
    let mut lost = g.clone();
    lost.apply(&add).expect("legal");
    let outcome = lost.outcome().expect("the game is over");
    assert!(outcome.winners.is_empty(), "{outcome:?}");

    let d = rate_position(&g, 11, steps, &add, Some(small)).expect("a decision");
    let r = reviewed_decision(&d);
    assert_eq!(r.mark, Some(Mark::Blunder), "{r:#?}");
    assert_ne!(r.best, r.played);
    let best = g.legal_actions()[r.best_index];
    let d = rate_position(&g, 11, steps, &best, Some(small)).expect("a decision");
    assert_eq!(reviewed_decision(&d).mark, Some(Mark::Best));
}

/// The Court at two players: the first position of seeded games where the seat to act can win
/// at once (a move after which the rules declare it the winner) while the other seat is within
/// 15 points of the target. Ending the play there instead passes the win up and hands the other
/// seat its turn: a blunder; neither the better move named nor the winning move is marked.
#[test]
fn the_court_passing_up_a_win_is_a_blunder() {
    let content = std::sync::Arc::new(CourtContent::load(&ContentSet::embedded()).expect("content"));
    let target = 50;
    for game in 0..300u64 {
        let mut g = Court::new_shared(&config(2, game, &[("target", "50")]), &content).expect("setup");
        let mut rng = GameRng::seeded(game);
        for step in 0..2000 {
            let Some(seat) = g.to_act() else { break };
            let legal = g.legal_actions();
            let view = g.view(seat);
            let wins = |a: &CourtAction| {
                let mut s = g.clone();
                s.apply(a).is_ok() && s.outcome().is_some_and(|o| o.winners == vec![seat])
            };
            if let (Some(win), true, true) = (
                legal.iter().find(|a| wins(a)),
                legal.contains(&CourtAction::EndPlay),
                view.scores[1 - seat] >= target - 15,
            ) {
                let pass = rate_position(&g, game, step, &CourtAction::EndPlay, Some(small)).expect("a decision");
                let r = reviewed_decision(&pass);
                assert_eq!(r.mark, Some(Mark::Blunder), "game {game} step {step}: {r:#?}");
                // The better move the review names is not marked; nor is the win at once (the
                // search may prefer a move that wins a turn later just as surely).
                let better = &legal[r.best_index];
                let best = rate_position(&g, game, step, better, Some(small)).expect("a decision");
                assert_eq!(reviewed_decision(&best).mark, Some(Mark::Best));
                // Any winning move is at worst as good as it.
                let other = rate_position(&g, game, step, win, Some(small)).expect("a decision");
                assert!(reviewed_decision(&other).mark <= Some(Mark::Good));
                return;
            }
            let a = bots::choose::<Court>(BotKind::Heuristic, &view, &legal, &mut rng).expect("a move");
            g.apply(&a).expect("legal");
        }
    }
    panic!("no position found where a seat could win at once with the other close behind");
}

/// Die Zukunft at two players: the first position of seeded games where one legal move ends the
/// game with the seat to act winning and another ends it with the seat losing (the rules say so,
/// not the review). The losing move is a blunder; the better move named is not marked.
#[test]
fn die_zukunft_ending_the_game_lost_when_it_could_be_won_is_a_blunder() {
    let content = std::sync::Arc::new(FutureContent::load(&ContentSet::embedded()).expect("content"));
    for game in 0..400u64 {
        let mut g = Future::new_shared(&config(2, game, &[]), &content).expect("setup");
        let mut rng = GameRng::seeded(game);
        for step in 0..2000 {
            let Some(seat) = g.to_act() else { break };
            let legal = g.legal_actions();
            let ends = |a: &FutureAction| {
                let mut s = g.clone();
                s.apply(a).ok()?;
                s.outcome().map(|o| o.winners.contains(&seat))
            };
            let won = legal.iter().find(|a| ends(a) == Some(true));
            let lost = legal.iter().find(|a| ends(a) == Some(false));
            if let (Some(_), Some(lost)) = (won, lost) {
                let d = rate_position(&g, game, step, lost, Some(small)).expect("a decision");
                let r = reviewed_decision(&d);
                assert_eq!(r.mark, Some(Mark::Blunder), "game {game} step {step}: {r:#?}");
                let better = &legal[r.best_index];
                let best = rate_position(&g, game, step, better, Some(small)).expect("a decision");
                assert_eq!(reviewed_decision(&best).mark, Some(Mark::Best));
                return;
            }
            let view = g.view(seat);
            let a = bots::choose::<Future>(BotKind::Heuristic, &view, &legal, &mut rng).expect("a move");
            g.apply(&a).expect("legal");
        }
    }
    panic!("no position found where one move wins the game and another loses it");
}

#[test]
fn broken_missing_and_foreign_saves_are_refused_in_words() {
    let dir = temp_dir("review");
    let library = Library::load(ContentSet::embedded());
    let good = played(&library, GameId::Court, 2, 5, 12).to_ron();
    let cases = [
        ("missing.ron", None, "No such file"),
        ("garbage.ron", Some("this is not a save".to_string()), ""),
        ("cut.ron", Some(good[..good.len() / 2].to_string()), ""),
        ("foreign.ron", Some(good.replace("game: court", "game: chess")), ""),
    ];
    for (name, text, words) in cases {
        let path = dir.join(name);
        if let Some(t) = &text {
            std::fs::write(&path, t).expect("written");
        }
        let out = camelot().arg("review").arg(&path).output().expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{name}: refused");
        assert!(!err.contains("panicked"), "{name}: {err}");
        assert!(err.contains(name) && err.contains(words), "{name}: {err:?}");
    }
    // A good save reviews; --seat out of range is refused.
    let path = dir.join("good.ron");
    std::fs::write(&path, &good).expect("written");
    let out = camelot()
        .args(["review", "--seat", "3"])
        .arg(&path)
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("has 2 seats"));
    // An unfinished game of two people: no seat's review (it would show that seat's cards to the
    // other), as the window's replay shows no seat's eyes (`library::open_seats`).
    for args in [&["review"][..], &["review", "--seat", "2"][..]] {
        let out = camelot().args(args).arg(&path).output().expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}: refused");
        assert!(err.contains("not over"), "{args:?}: {err}");
    }
}

/// A decision rated by hand: the best move "Send 1" at `best`, the move played "Send 2" at
/// `played`, the game's noise `noise`.
fn rated(best: f64, played: f64, noise: f64) -> camelot::library::RatedDecision {
    let choice = |i: usize, label: &str, rate: f64| camelot::library::HintChoice {
        action_index: i,
        action: label.into(),
        rate: Some(rate),
        share: None,
        score: None,
    };
    camelot::library::RatedDecision {
        index: 10,
        turn: Some(3),
        period: camelot::rules::Period::Turn,
        hint: camelot::library::Hint {
            seat: 0,
            action_index: 0,
            action: "Send 1".into(),
            why: vec!["rated".into()],
            alternatives: vec![choice(1, "Send 2", played)],
            by: bots::RankedBy::Search,
            rating: choice(0, "Send 1", best),
            seconds: 0.1,
        },
        choices: vec![choice(0, "Send 1", best), choice(1, "Send 2", played)],
        played: 1,
        played_label: "Send 2".into(),
        rates: Some((best, played)),
        noise,
    }
}

/// "About as good as" only where the review cannot tell the two moves apart, and then the sentence
/// says which rates higher; a loss beyond the noise but under the marks is "a little worse"; a
/// move rated at least as high says so.
#[test]
fn a_move_is_about_as_good_only_within_the_noise_and_the_sentence_says_which_rates_higher() {
    let within = reviewed_decision(&rated(0.40, 0.38, 0.03));
    assert_eq!(within.mark, Some(Mark::Good));
    assert!(
        within.why[0].starts_with(
            "About as good as \"Send 1\", within what the review can tell apart: \"Send 1\" rates a little higher"
        ),
        "{:?}",
        within.why
    );
    let beyond = reviewed_decision(&rated(0.40, 0.36, 0.02));
    assert_eq!(beyond.mark, Some(Mark::Good));
    assert!(
        beyond.why[0].starts_with("A little worse than \"Send 1\""),
        "{:?}",
        beyond.why
    );
    assert!(!beyond.why[0].contains("as good as"), "{:?}", beyond.why);
    let higher = reviewed_decision(&rated(0.35, 0.39, 0.03));
    assert_eq!(higher.mark, Some(Mark::Best));
    assert!(
        higher.why[0].contains("this rates at least as high"),
        "{:?}",
        higher.why
    );
}

/// A lost game is never called sound: one inaccuracy in a game won is "one slip in a sound
/// game", in a game lost it is only "lost, with one costly move".
#[test]
fn a_lost_game_is_never_called_sound() {
    let slip = reviewed_decision(&rated(0.40, 0.33, 0.02));
    assert_eq!(slip.mark, Some(Mark::Inaccuracy));
    let won = review::summarise(std::slice::from_ref(&slip), Some(true));
    assert!(won.verdict.starts_with("One slip in a sound game"), "{}", won.verdict);
    let lost = review::summarise(&[slip], Some(false));
    assert!(
        lost.verdict.starts_with("Lost, with one costly move"),
        "{}",
        lost.verdict
    );
    assert!(!lost.verdict.contains("sound"), "{}", lost.verdict);
}

/// 300 pairs of play-outs that came out so.
fn out(first: f64, second: f64, half: f64) -> camelot::library::PlayedOut {
    camelot::library::PlayedOut {
        pairs: 300,
        first,
        second,
        half,
    }
}

fn point(index: usize, turn: u32, before: f64, after: f64, mark: Mark) -> review::ChancePoint {
    review::ChancePoint {
        index,
        turn: Some(turn),
        before,
        after,
        mark: Some(mark),
    }
}

/// The chance line is the ratings that mark the moves: before a move, the best move's rate; after
/// it, the played move's.
#[test]
fn the_chance_line_is_the_moves_own_ratings() {
    let d = reviewed_decision(&rated(0.40, 0.25, 0.03));
    let line = review::chance_line(std::slice::from_ref(&d));
    assert_eq!(line.len(), 1);
    assert_eq!((line[0].before, line[0].after), (0.40, 0.25));
    assert_eq!(
        (line[0].index, line[0].turn, line[0].mark),
        (10, Some(3), Some(Mark::Mistake))
    );
}

/// Where the chance fell most, peak to trough, and how much of it the seat's marked moves gave
/// away: only costly moves count as its own, a run of small losses does not.
#[test]
fn the_fall_names_its_turns_and_whose_it_was() {
    use camelot::rules::Period;
    // From 60 % at turn 2 down to 10 % at turn 8; one blunder of 20 % on the way.
    let line = vec![
        point(5, 1, 0.50, 0.50, Mark::Best),
        point(9, 2, 0.60, 0.58, Mark::Good),
        point(20, 5, 0.55, 0.35, Mark::Blunder),
        point(30, 8, 0.12, 0.10, Mark::Good),
    ];
    let fell = review::fell_most(&line, "Elaine", Period::Turn, 0.1).expect("a fall");
    assert!(
        fell.starts_with("Elaine's chance fell most from turn 2 to turn 8, from about 60 % to about 10 %"),
        "{fell}"
    );
    assert!(
        fell.contains("about 20 % of it by Elaine's marked moves, the rest in the draws"),
        "{fell}"
    );
    // The same fall with no move marked: none of it hers.
    let quiet: Vec<_> = line
        .iter()
        .map(|p| review::ChancePoint {
            mark: Some(Mark::Good),
            ..p.clone()
        })
        .collect();
    let fell = review::fell_most(&quiet, "Elaine", Period::Turn, 0.1).expect("a fall");
    assert!(fell.contains("none of it by a move the review marks"), "{fell}");
    // Mostly hers where her marked moves made most of it.
    let hers = vec![
        point(5, 1, 0.40, 0.40, Mark::Best),
        point(9, 2, 0.50, 0.10, Mark::Blunder),
    ];
    let fell = review::fell_most(&hers, "Elaine", Period::Round, 0.1).expect("a fall");
    assert!(fell.starts_with("Elaine's chance fell most in round 2"), "{fell}");
    assert!(
        fell.contains("most of it by Elaine's marked moves (about 40 %)"),
        "{fell}"
    );
    // A fall within the noise is no story.
    let flat = vec![point(5, 1, 0.50, 0.48, Mark::Good), point(9, 2, 0.47, 0.45, Mark::Good)];
    assert_eq!(review::fell_most(&flat, "Elaine", Period::Turn, 0.1), None);
}

/// What came from elsewhere: the seat ahead and the turns most of its points came in; the
/// table's counts; a seat behind is not named while one is ahead.
#[test]
fn what_came_from_elsewhere_names_the_turns() {
    use camelot::rules::{Period, Tally};
    let at = |a: i64, b: i64, c: i64, siege: i64| {
        vec![
            Tally {
                seat: Some(0),
                noun: "points",
                value: a,
            },
            Tally {
                seat: Some(1),
                noun: "points",
                value: b,
            },
            Tally {
                seat: Some(2),
                noun: "points",
                value: c,
            },
            Tally {
                seat: None,
                noun: "Siege Engines",
                value: siege,
            },
        ]
    };
    // Percival (seat 1) scores 46 of his 86 in turns 6–9 of 24; Tristan (seat 2) stays behind seat 0.
    let mut tallies = Vec::new();
    let mut turns = Vec::new();
    let mut b = 0;
    for turn in 1..=24u32 {
        b += if (6..=9).contains(&turn) { 11 } else { 2 };
        if turn == 9 {
            b += 2; // 46 in turns 6–9 with these numbers
        }
        tallies.push(at(
            i64::from(turn) * 3,
            b,
            i64::from(turn),
            if turn >= 11 { 3 } else { 0 },
        ));
        turns.push(Some(turn));
    }
    let names = vec!["Elaine".to_string(), "Percival".to_string(), "Tristan".to_string()];
    // Every action Percival's own: nothing came of Elaine's moves.
    let actors = vec![Some(1); tallies.len() - 1];
    let lines = review::elsewhere(&tallies, &turns, &actors, 0, &names, Period::Turn);
    assert_eq!(
        lines,
        vec![
            format!("46 of Percival's {b} points came in turns 6–9."),
            "All of the 3 Siege Engines came in turn 11.".to_string(),
        ]
    );
    // Points spread evenly tell no story.
    let even: Vec<Vec<Tally>> = (1..=24).map(|t| at(t, 2 * t, 0, 0)).collect();
    let lines = review::elsewhere(&even, &turns, &actors, 0, &names, Period::Turn);
    assert!(lines.is_empty(), "{lines:?}");
    // The same points, each scored by an action of Elaine's (The Court's Score cards score for
    // everyone): said so.
    let hers = vec![Some(0); even.len() - 1];
    let lines = review::elsewhere(&even, &turns, &hers, 0, &names, Period::Turn);
    assert_eq!(
        lines,
        vec!["46 of Percival's 48 points came of Elaine's own moves.".to_string()]
    );
}

/// A finished game's review tells its story: the chance line has a point at every decision
/// rated with a chance (the very rates of its moves), each game's public counts are read, and a
/// lost game's verdict says by how much.
#[test]
fn a_lost_game_is_told_by_how_much_and_its_line_is_its_moves_rates() {
    let library = Library::load(ContentSet::embedded());
    for (game, players) in [(GameId::Court, 2), (GameId::Future, 2), (GameId::Shadows, 3)] {
        let m = played(&library, game, players, 11, 5_000);
        let outcome = match m.pending() {
            camelot::rules::Pending::Finished(o) => o,
            other => panic!("{game:?} did not finish: {other:?}"),
        };
        let Some(seat) = (0..players).find(|s| !outcome.winners.contains(s)) else {
            continue;
        };
        let r = reviewed(&library, m.as_ref(), seat);
        let rated: Vec<_> = r
            .decisions
            .iter()
            .filter(|d| d.best_rate.is_some() && d.played_rate.is_some())
            .collect();
        assert_eq!(r.story.chance.len(), rated.len(), "{game:?}");
        for (p, d) in r.story.chance.iter().zip(&rated) {
            assert_eq!(
                (p.index, Some(p.before), Some(p.after)),
                (d.index, d.best_rate, d.played_rate)
            );
        }
        let tallies = m.tallies_by_position(&library);
        assert_eq!(
            tallies.len(),
            m.actions_taken() + 1,
            "{game:?}: a count at every position"
        );
        if game == GameId::Shadows {
            assert!(
                !r.summary.verdict.contains(" Lost "),
                "{game:?}: sides, no points: {}",
                r.summary.verdict
            );
            assert!(
                tallies
                    .last()
                    .is_some_and(|t| t.iter().any(|x| x.noun == "Siege Engines"))
            );
        } else {
            let winner = outcome.winners[0];
            let points: Vec<i64> = tallies.last().expect("counts").iter().map(|t| t.value).collect();
            assert_eq!(
                points, outcome.scores,
                "{game:?}: the points counted are the final scores"
            );
            // Die Zukunft at two players counts each seat's lower colour, and says so.
            let how = |s: usize| m.score_counted(s).map(|h| format!(" ({h})")).unwrap_or_default();
            assert_eq!(m.score_counted(seat).is_some(), game == GameId::Future, "{game:?}");
            let said = format!(
                "Lost {}{} to {}'s {}{}.",
                outcome.scores[seat],
                how(seat),
                m.config().seat_name(winner),
                outcome.scores[winner],
                how(winner)
            );
            assert!(r.summary.verdict.contains(&said), "{game:?}: {}", r.summary.verdict);
        }
    }
}

/// A mistake or a blunder by the ratings is told only where play bears it out; else its chances
/// are not shown (nor on the line) and the mark is what the play-outs found.
#[test]
fn a_blunder_is_told_only_where_play_bears_it_out() {
    let blunder = reviewed_decision(&rated(0.60, 0.30, 0.03));
    assert_eq!(blunder.mark, Some(Mark::Blunder));
    // Borne out: the best move won 25 % more often, beyond the interval.
    let mut d = blunder.clone();
    review::confirm_by_play(&mut d, Some(out(0.60, 0.35, 0.05)), "Elaine", PlayBar::Half);
    assert_eq!((d.mark, d.loss), (Some(Mark::Blunder), blunder.loss));
    assert!(
        d.why
            .iter()
            .any(|w| w.starts_with("Borne out by play: played out 300 times from what Elaine could see")),
        "{:?}",
        d.why
    );
    assert_eq!(review::chance_line(std::slice::from_ref(&d)).len(), 1);
    // Not borne out, and play rules out even an inaccuracy (3 % at most): good, no chance shown.
    let mut d = blunder.clone();
    review::confirm_by_play(&mut d, Some(out(0.50, 0.49, 0.02)), "Elaine", PlayBar::Half);
    assert_eq!(
        (d.mark, d.loss, d.best_rate, d.played_rate),
        (Some(Mark::Good), None, None, None)
    );
    assert!(d.why[0].contains("but play does not bear it out"), "{:?}", d.why);
    assert!(
        d.why[0].ends_with("Marked good: the review cannot call it costly."),
        "{:?}",
        d.why
    );
    assert!(
        review::chance_line(std::slice::from_ref(&d)).is_empty(),
        "an unconfirmed rating is not on the line"
    );
    // Not borne out, but play cannot rule out a loss of 5 % (2 % ± 5): an inaccuracy, told at
    // play's size, off the line.
    let mut d = blunder.clone();
    review::confirm_by_play(&mut d, Some(out(0.50, 0.48, 0.05)), "Elaine", PlayBar::Half);
    assert_eq!(
        (d.mark, d.by_play, d.loss, d.best_rate),
        (Some(Mark::Inaccuracy), true, None, None)
    );
    assert!(
        d.why[0].ends_with("Marked an inaccuracy: play cannot rule out a loss of that size."),
        "{:?}",
        d.why
    );
    assert!(review::chance_line(std::slice::from_ref(&d)).is_empty());
    // The verdict names it, not a good move with a larger loss, and says play could not size it.
    let mut unmeasured = blunder.clone();
    review::confirm_by_play(&mut unmeasured, Some(out(0.50, 0.50, 0.05)), "Elaine", PlayBar::Half);
    assert_eq!(
        (unmeasured.mark, unmeasured.told_loss()),
        (Some(Mark::Inaccuracy), Some(0.0))
    );
    let mut good = reviewed_decision(&rated(0.40, 0.37, 0.02));
    (good.number, good.played) = (30, "Send 3".into());
    assert_eq!(good.mark, Some(Mark::Good));
    let s = review::summarise(&[unmeasured, good], Some(false));
    assert_eq!(
        s.verdict,
        "Lost, with one costly move: the costliest was in turn 3 (move 11) — \"Send 2\" where \"Send 1\" was better, by a loss play could neither measure nor rule out."
    );
    // Less than half the rated loss, but clearly a loss: an inaccuracy.
    let mut d = blunder.clone();
    review::confirm_by_play(&mut d, Some(out(0.60, 0.52, 0.04)), "Elaine", PlayBar::Half);
    assert_eq!((d.mark, d.by_play), (Some(Mark::Inaccuracy), true));
    assert!(
        d.why[0].ends_with("Marked an inaccuracy, as much as the play-outs found: about 8 % of the game."),
        "{:?}",
        d.why
    );
    assert!(
        (d.told_loss().unwrap_or(0.0) - 0.08).abs() < 1e-9,
        "play's loss is told"
    );
    // The hard level's own move is not played out; no play-out leaves the rating as it was.
    let mut own = rated(0.40, 0.40, 0.02);
    own.played = 0;
    let own = reviewed_decision(&own);
    let mut d = own.clone();
    review::confirm_by_play(&mut d, Some(out(0.5, 0.4, 0.01)), "Elaine", PlayBar::Half);
    assert_eq!(d, own);
    let mut d = blunder.clone();
    review::confirm_by_play(&mut d, None, "Elaine", PlayBar::Half);
    assert_eq!(d, blunder);
}

/// Where the game's bar is the interval's lower end (Shadows: the review's play-out bots are
/// weaker than the normal bots it is checked against), a mistake or a blunder stands only where
/// half its loss holds at the lower end; a play-out that bears out half of it only at its middle
/// gives play's own mark at play's size. The default bar is the check's own test, unchanged.
#[test]
fn a_game_whose_play_outs_are_weaker_asks_play_to_vouch_at_the_lower_end() {
    let blunder = reviewed_decision(&rated(0.60, 0.30, 0.03));
    assert_eq!(blunder.mark, Some(Mark::Blunder));
    // The best move won 16 % more often, ± 7 %: half the rated 30 % at the middle, not at 9 %.
    let p = out(0.60, 0.44, 0.07);
    let mut half = blunder.clone();
    review::confirm_by_play(&mut half, Some(p), "Elaine", PlayBar::Half);
    assert_eq!(
        (half.mark, half.by_play, half.loss),
        (Some(Mark::Blunder), false, blunder.loss)
    );
    let mut lower = blunder.clone();
    review::confirm_by_play(&mut lower, Some(p), "Elaine", PlayBar::LowerEnd);
    assert_eq!(
        (lower.mark, lower.by_play, lower.loss),
        (Some(Mark::Mistake), true, None)
    );
    assert!(
        (lower.told_loss().unwrap_or(0.0) - 0.16).abs() < 1e-9,
        "play's loss is told"
    );
    // At ± 10 % the lower end (6 %) is under half of play's own 16 %: an inaccuracy at most.
    let mut wide = blunder.clone();
    review::confirm_by_play(&mut wide, Some(out(0.60, 0.44, 0.10)), "Elaine", PlayBar::LowerEnd);
    assert_eq!(wide.mark, Some(Mark::Inaccuracy));
    // Where the lower end holds half the rated loss, the rating stands under either bar.
    let mut sure = blunder.clone();
    review::confirm_by_play(&mut sure, Some(out(0.62, 0.35, 0.04)), "Elaine", PlayBar::LowerEnd);
    assert_eq!((sure.mark, sure.loss), (Some(Mark::Blunder), blunder.loss));
    // The play-out's plan stops at 300 pairs only where the bar is met.
    let (_, settled) = review::play_plan(&blunder, PlayBar::LowerEnd);
    assert!(!settled(&p));
    let (_, settled) = review::play_plan(&blunder, PlayBar::Half);
    assert!(settled(&p));
}

/// Where the game plays its marks out again by the normal level (Shadows), a mistake or a blunder
/// stands where the normal level finds at least the loss told; else it is told at the normal
/// level's size and marked by it (an inaccuracy at least), and its rated chances leave the line.
#[test]
fn a_mistake_is_told_at_the_normal_levels_size_where_it_finds_less() {
    let blunder = reviewed_decision(&rated(0.60, 0.30, 0.03));
    let mut borne = blunder.clone();
    review::confirm_by_play(&mut borne, Some(out(0.62, 0.35, 0.04)), "Elaine", PlayBar::LowerEnd);
    assert_eq!(borne.mark, Some(Mark::Blunder));
    // The normal level: 32 % against the 30 % told: it stands, and says so.
    let mut d = borne.clone();
    review::confirm_by_normal(&mut d, Some(out(0.66, 0.34, 0.12)), "Elaine");
    assert_eq!((d.mark, d.loss), (Some(Mark::Blunder), borne.loss));
    assert!(
        d.why.last().is_some_and(
            |w| w.starts_with("Borne out by the normal level too: played out 300 times by the normal level")
        ),
        "{:?}",
        d.why
    );
    // 16 %: a mistake at the normal level's size, off the line.
    let mut d = borne.clone();
    review::confirm_by_normal(&mut d, Some(out(0.56, 0.40, 0.12)), "Elaine");
    assert_eq!(
        (d.mark, d.by_play, d.loss, d.best_rate),
        (Some(Mark::Mistake), true, None, None)
    );
    assert!((d.told_loss().unwrap_or(0.0) - 0.16).abs() < 1e-9);
    assert!(
        d.why[0].ends_with("A mistake, costing about 16 % of the game."),
        "{:?}",
        d.why
    );
    assert!(review::chance_line(std::slice::from_ref(&d)).is_empty());
    // 8 %: an inaccuracy.
    let mut d = borne.clone();
    review::confirm_by_normal(&mut d, Some(out(0.50, 0.42, 0.12)), "Elaine");
    assert_eq!((d.mark, d.by_play), (Some(Mark::Inaccuracy), true));
    assert!((d.told_loss().unwrap_or(0.0) - 0.08).abs() < 1e-9);
    // Nothing: still an inaccuracy, since a hundred pairs cannot acquit it of the loss the
    // review's own play-out bore out.
    let mut d = borne.clone();
    review::confirm_by_normal(&mut d, Some(out(0.45, 0.46, 0.12)), "Elaine");
    assert_eq!((d.mark, d.told_loss()), (Some(Mark::Inaccuracy), Some(0.0)));
    assert!(
        d.why[0].ends_with("Marked an inaccuracy: 300 of the normal level's pairs are too few to call it good."),
        "{:?}",
        d.why
    );
    // A mark below a mistake, or no play-out, is left as it was.
    let small = reviewed_decision(&rated(0.40, 0.33, 0.02));
    let mut d = small.clone();
    review::confirm_by_normal(&mut d, Some(out(0.5, 0.6, 0.1)), "Elaine");
    assert_eq!(d, small);
    let mut d = borne.clone();
    review::confirm_by_normal(&mut d, None, "Elaine");
    assert_eq!(d, borne);
}

/// A loss of 5 % or more that the game's noise hid is played out too: an inaccuracy where play
/// bears it out, else still good.
#[test]
fn a_loss_the_noise_hid_is_an_inaccuracy_where_play_bears_it_out() {
    let hidden = reviewed_decision(&rated(0.40, 0.33, 0.09));
    assert_eq!(hidden.mark, Some(Mark::Good));
    assert!(review::needs_play(&hidden));
    let mut d = hidden.clone();
    review::confirm_by_play(&mut d, Some(out(0.50, 0.40, 0.03)), "Elaine", PlayBar::Half);
    assert_eq!((d.mark, d.loss), (Some(Mark::Inaccuracy), hidden.loss));
    assert!(d.why[0].contains("but play bears out a loss"), "{:?}", d.why);
    let mut d = hidden.clone();
    review::confirm_by_play(&mut d, Some(out(0.50, 0.49, 0.03)), "Elaine", PlayBar::Half);
    assert_eq!(
        (d.mark, &d.why[..hidden.why.len()]),
        (Some(Mark::Good), &hidden.why[..])
    );
    assert_eq!(
        d.why.last().map(String::as_str),
        Some(
            "Played out 300 times from what Elaine could see, \"Send 1\" won 50 %, this move 49 %. Play finds no loss it can call costly."
        )
    );
    assert!(d.played_out.is_some());
}

/// Every move marked good that was not the hard level's own is played out (checked against play,
/// the ratings call some moves good that lose 5–17 %), but not the hard level's own move.
#[test]
fn every_good_move_not_the_hard_levels_own_is_played_out() {
    let small = reviewed_decision(&rated(0.40, 0.37, 0.02));
    assert_eq!(small.mark, Some(Mark::Good));
    assert!(review::needs_play(&small));
    let mut d = small.clone();
    review::confirm_by_play(&mut d, Some(out(0.50, 0.40, 0.03)), "Elaine", PlayBar::Half);
    assert_eq!(d.mark, Some(Mark::Inaccuracy));
    assert!(
        d.why[0].starts_with("The ratings cannot tell this from \"Send 1\""),
        "{:?}",
        d.why
    );
    // Play calls a move good only where it puts the loss clearly under 5 %: 4.5 % beyond the
    // interval is an inaccuracy, 3.5 % is not.
    let mut d = small.clone();
    review::confirm_by_play(&mut d, Some(out(0.500, 0.455, 0.03)), "Elaine", PlayBar::Half);
    assert_eq!(d.mark, Some(Mark::Inaccuracy));
    let mut d = small.clone();
    review::confirm_by_play(&mut d, Some(out(0.500, 0.465, 0.03)), "Elaine", PlayBar::Half);
    assert_eq!(
        (d.mark, d.by_play, d.told_loss()),
        (Some(Mark::Good), false, small.loss)
    );
    // Play's own size sets the mark: a loss of 16 % in play is a mistake, and the summary tells
    // it at play's size, the costliest moment of the game.
    let mut d = small.clone();
    review::confirm_by_play(&mut d, Some(out(0.36, 0.20, 0.04)), "Elaine", PlayBar::Half);
    assert_eq!((d.mark, d.by_play), (Some(Mark::Mistake), true));
    assert!(
        d.why[0].ends_with("A mistake, costing about 16 % of the game in play."),
        "{:?}",
        d.why
    );
    let rated_inaccuracy = reviewed_decision(&rated(0.40, 0.33, 0.02));
    let s = review::summarise(&[rated_inaccuracy, d], Some(false));
    assert!(s.verdict.contains("about 16 % of the game"), "{}", s.verdict);
    let mut own = rated(0.40, 0.40, 0.02);
    own.played = 0;
    let own = reviewed_decision(&own);
    assert_eq!(own.mark, Some(Mark::Best));
    assert!(!review::needs_play(&own), "the hard level's own move");
}

/// An inaccuracy by the ratings is played out too, as a good move is, and told as play finds it:
/// it stands where play finds at least `PLAYED_INACCURACY` beyond the interval (and says so),
/// takes play's heavier mark where play finds more, stands where play can neither bear it out
/// nor rule it out (and says so), and where play rules it out it is good, its rated chances off
/// the line, as a mistake play does not bear out is.
#[test]
fn an_inaccuracy_is_told_as_play_finds_it() {
    let rated_inaccuracy = reviewed_decision(&rated(0.40, 0.33, 0.02));
    assert_eq!(rated_inaccuracy.mark, Some(Mark::Inaccuracy));
    assert!(review::needs_play(&rated_inaccuracy));
    let (most, settled) = review::play_plan(&rated_inaccuracy, PlayBar::Half);
    assert_eq!(most, review::PLAY_PAIRS_MOST);
    assert!(!settled(&out(0.60, 0.50, 0.05)), "a yes needs every pair");
    // Borne out: 6 % beyond the interval.
    let mut d = rated_inaccuracy.clone();
    review::confirm_by_play(&mut d, Some(out(0.50, 0.44, 0.03)), "Elaine", PlayBar::Half);
    assert_eq!(
        (d.mark, d.by_play, d.loss),
        (Some(Mark::Inaccuracy), false, rated_inaccuracy.loss)
    );
    assert_eq!(
        d.why.get(1).map(String::as_str),
        Some(
            "Borne out by play: played out 300 times from what Elaine could see, \"Send 1\" won 50 %, this move 44 %."
        )
    );
    assert_eq!(review::chance_line(std::slice::from_ref(&d)).len(), 1);
    // Play finds a mistake: play's mark at play's size.
    let mut d = rated_inaccuracy.clone();
    review::confirm_by_play(&mut d, Some(out(0.50, 0.35, 0.04)), "Elaine", PlayBar::Half);
    assert_eq!((d.mark, d.by_play), (Some(Mark::Mistake), true));
    assert!(
        (d.told_loss().unwrap_or(0.0) - 0.15).abs() < 1e-9,
        "play's loss is told"
    );
    assert!(
        d.why[0].starts_with("The hard level's rating calls this an inaccuracy against \"Send 1\" (about 40 % against this move's 33 %), but play finds more"),
        "{:?}",
        d.why
    );
    assert!(
        d.why[0].ends_with("A mistake, costing about 15 % of the game in play."),
        "{:?}",
        d.why
    );
    // Play can neither bear it out nor rule it out (3 % ± 2, 5 % ± 6): the rating stands, and
    // says so.
    for p in [out(0.50, 0.47, 0.02), out(0.50, 0.45, 0.06)] {
        let mut d = rated_inaccuracy.clone();
        review::confirm_by_play(&mut d, Some(p), "Elaine", PlayBar::Half);
        assert_eq!(
            (d.mark, d.by_play, d.loss),
            (Some(Mark::Inaccuracy), false, rated_inaccuracy.loss)
        );
        assert!(
            d.why.get(1).is_some_and(|w| w.starts_with(
                "Play can neither bear this loss out nor rule it out, so the rating stands: played out 300 times"
            )),
            "{:?}",
            d.why
        );
    }
    // Play rules out a loss of 4 % (1 % ± 2, −2 % ± 5): good, off the line.
    for p in [out(0.50, 0.49, 0.02), out(0.50, 0.52, 0.05)] {
        let mut d = rated_inaccuracy.clone();
        review::confirm_by_play(&mut d, Some(p), "Elaine", PlayBar::Half);
        assert_eq!(
            (d.mark, d.by_play, d.loss, d.best_rate, d.played_rate),
            (Some(Mark::Good), false, None, None, None)
        );
        assert!(
            d.why[0].starts_with("The hard level's rating would call this an inaccuracy against \"Send 1\", but play does not bear it out"),
            "{:?}",
            d.why
        );
        assert!(review::chance_line(std::slice::from_ref(&d)).is_empty());
    }
    // A game lost with only an inaccuracy play did not bear out has no costly move to name.
    let mut d = rated_inaccuracy.clone();
    review::confirm_by_play(&mut d, Some(out(0.50, 0.49, 0.02)), "Elaine", PlayBar::Half);
    let s = review::summarise(&[d, reviewed_decision(&rated(0.40, 0.39, 0.02))], Some(false));
    assert_eq!((s.inaccuracies, s.good), (0, 2));
    assert!(s.verdict.starts_with("No move the review can fault"), "{}", s.verdict);
}

/// How far a decision is played out: a mistake is judged once, at `PLAY_PAIRS`, and stops there
/// where play bears it out; otherwise, as for a good move, only a sure no stops a play-out before
/// `PLAY_PAIRS_MOST`.
#[test]
fn a_play_out_stops_only_where_its_answer_is_sure() {
    let at = |pairs: usize, first: f64, second: f64, half: f64| camelot::library::PlayedOut {
        pairs,
        first,
        second,
        half,
    };
    let mistake = reviewed_decision(&rated(0.50, 0.36, 0.02));
    assert_eq!(mistake.mark, Some(Mark::Mistake));
    let (most, settled) = review::play_plan(&mistake, PlayBar::Half);
    assert_eq!(most, review::PLAY_PAIRS_MOST);
    assert!(
        settled(&at(review::PLAY_PAIRS, 0.60, 0.50, 0.05)),
        "borne out at its look"
    );
    assert!(!settled(&at(250, 0.60, 0.50, 0.05)), "not judged before");
    assert!(!settled(&at(350, 0.60, 0.50, 0.05)), "nor after");
    assert!(
        !settled(&at(review::PLAY_PAIRS, 0.60, 0.55, 0.04)),
        "unsure: more pairs"
    );
    assert!(settled(&at(100, 0.50, 0.50, 0.03)), "a sure no");
    assert!(!settled(&at(50, 0.50, 0.50, 0.03)), "too few pairs for any answer");
    let good = reviewed_decision(&rated(0.40, 0.37, 0.02));
    let (_, settled) = review::play_plan(&good, PlayBar::Half);
    assert!(
        !settled(&at(review::PLAY_PAIRS, 0.60, 0.50, 0.05)),
        "a yes needs every pair"
    );
    assert!(settled(&at(400, 0.50, 0.495, 0.03)), "a sure no");
    assert!(!settled(&at(400, 0.50, 0.49, 0.03)), "4 % is within reach");
}
