//! Die Zukunft von Camelot: the spec's worked examples, every room's rule on both sides, the
//! player counts, the heroes, final scoring and the hidden information, then random games.

use super::apply::{grail_points, turn_order};
use super::*;
use crate::content::ContentSet;
use crate::rules::future::state::Future;
use crate::rules::{BotHints, Budget, Game, GameRng, Pending, Report, SeatKind, TableConfig, Visibility};
use std::sync::{Arc, OnceLock};

fn content() -> Arc<FutureContent> {
    static C: OnceLock<Arc<FutureContent>> = OnceLock::new();
    C.get_or_init(|| match FutureContent::load(&ContentSet::embedded()) {
        Ok(c) => Arc::new(c),
        Err(e) => panic!("the shipped content does not load: {e:?}"),
    })
    .clone()
}

fn game_with(players: usize, seed: u64, variants: &[(&str, &str)]) -> Future {
    let mut config = TableConfig::with_players(players, SeatKind::Human, seed);
    for (k, v) in variants {
        config.variants.insert(k.to_string(), v.to_string());
    }
    match Future::new_shared(&config, &content()) {
        Ok(g) => g,
        Err(e) => panic!("setup failed: {e}"),
    }
}

fn game(players: usize) -> Future {
    game_with(players, 7, &[])
}

fn apply(g: &mut Future, a: Action) -> Vec<Event> {
    match g.apply(&a) {
        Ok(ev) => ev.into_iter().map(|t| t.event).collect(),
        Err(e) => panic!("{a:?} refused: {e} (legal: {:?})", g.legal_actions()),
    }
}

fn field(g: &Future, board: Board, id: &str) -> u8 {
    g.room(board)
        .and_then(|r| r.field_index(id))
        .unwrap_or_else(|| panic!("no field {id} in the {} room", board.name()))
}

fn card(id: &str) -> u16 {
    content()
        .deck
        .missions
        .iter()
        .position(|m| m.id == id)
        .unwrap_or_else(|| panic!("no mission {id}")) as u16
}

/// Puts `slot` at the start of its mission turn with `sent` knights out and `cards` face up.
fn choosing(g: &mut Future, slot: Slot, sent: u8, cards: &[&str]) {
    let pos = g.track.iter().position(|&s| s == slot).unwrap_or(0) as u8;
    g.phase = Phase::Missions {
        pos,
        stage: TurnStage::Choose,
    };
    g.display = cards.iter().map(|id| card(id)).collect();
    g.colours[slot as usize].sent = sent;
}

/// Puts `slot` in its mission turn, resolving `card`'s shields.
fn shield_turn(g: &mut Future, slot: Slot, id: &str) {
    let pos = g.track.iter().position(|&s| s == slot).unwrap_or(0) as u8;
    g.phase = Phase::Missions {
        pos,
        stage: TurnStage::Resolve,
    };
    let c = card(id);
    let n = content().deck.missions[c as usize].shields.len();
    g.colours[slot as usize].sent = n as u8;
    g.tasks.clear();
    g.tasks.push(Task::Shields {
        slot,
        card: c,
        left: ((1u16 << n) - 1) as u8,
    });
}

/// Places a piece directly (setting up a position).
fn put(g: &mut Future, board: Board, id: &str, piece: Piece) {
    let f = field(g, board, id);
    g.fields[board.index()][f as usize] = piece;
    if let Piece::Knight(s) = piece {
        g.colours[s as usize].last[board.index()] = Some(f);
    }
}

fn legal_ids(g: &Future, slot: Slot, board: Board) -> Vec<String> {
    let room = g.room(board).expect("room in play");
    g.legal_fields(slot, board)
        .iter()
        .map(|&f| room.field(f as usize).id.clone())
        .collect()
}

fn place(g: &mut Future, shield: u8, board: Board, id: &str) -> Vec<Event> {
    let f = field(g, board, id);
    apply(
        g,
        Action::Place {
            shield,
            board,
            field: f,
            hero: false,
        },
    )
}

// ---- the turn order (spec §7) ----

#[test]
fn turn_order_follows_the_worked_examples() {
    // Example A: Green 8 (outer), Yellow 11, Blue 8 (inner), Red 10; total 9.
    let (g, y, b, r) = (0, 1, 2, 3);
    assert_eq!(turn_order(&[(g, 8), (y, 11), (b, 8), (r, 10)], 9), vec![g, b, r, y]);
    // Example B: Green 7, Yellow 9, Red 7 (inner), Blue 6, Purple 12; total 8.
    let (g, y, r, b, p) = (0, 1, 2, 3, 4);
    assert_eq!(
        turn_order(&[(g, 7), (y, 9), (r, 7), (b, 6), (p, 12)], 8),
        vec![g, r, b, y, p]
    );
    // ... and with Yellow on 8, an exact hit: Yellow first.
    assert_eq!(
        turn_order(&[(g, 7), (y, 8), (r, 7), (b, 6), (p, 12)], 8),
        vec![y, g, r, b, p]
    );
    // A lower guess goes before a closer higher one.
    assert_eq!(turn_order(&[(0, 10), (1, 5)], 9), vec![1, 0]);
}

#[test]
fn predictions_run_from_the_bottom_and_a_space_holds_two() {
    let mut g = game(3);
    for _ in 0..3 {
        apply(&mut g, Action::Send(1, 0));
    }
    let bottom = *g.track.last().unwrap();
    assert_eq!(g.deciding_slot(), Some(bottom));
    apply(&mut g, Action::Predict(3));
    apply(&mut g, Action::Predict(3));
    assert!(
        !g.legal_actions().contains(&Action::Predict(3)),
        "a third magician on 3"
    );
    let err = g.apply(&Action::Predict(3)).unwrap_err();
    assert!(err.0.contains("already holds 2"), "{err}");
    let ev = apply(&mut g, Action::Predict(2));
    // All fists open together; total 3: the two on 3 first (outer, inner), then 2.
    assert!(ev.iter().any(|e| matches!(e, Event::FistsOpened { total: 3, .. })));
    assert!(ev.iter().any(|e| matches!(e, Event::MerlinTaken { .. })));
    let top = g.track[0];
    assert_eq!(g.colours[top as usize].merlin.len(), 1);
}

// ---- the fist ----

#[test]
fn a_fist_holds_at_most_three_and_only_screen_knights() {
    let mut g = game(4);
    assert_eq!(g.legal_actions().len(), 4, "0 to 3");
    assert!(g.apply(&Action::Send(4, 0)).unwrap_err().0.contains("at most 3"));
    g.colours[g.seat_slots[0][0] as usize].screen = 1;
    assert_eq!(g.legal_actions(), vec![Action::Send(0, 0), Action::Send(1, 0)]);
}

#[test]
fn the_recall_brings_back_up_to_two_with_grail_tiles() {
    let mut g = game(4);
    for _ in 0..4 {
        apply(&mut g, Action::Send(0, 0));
    }
    for n in [0, 0, 1, 1] {
        apply(&mut g, Action::Predict(n));
    }
    let slot = g.track[0];
    let before = g.colours[slot as usize].clone();
    assert_eq!(
        g.legal_actions(),
        vec![Action::Recall(0), Action::Recall(1), Action::Recall(2)]
    );
    apply(&mut g, Action::Recall(2));
    let c = &g.colours[slot as usize];
    assert_eq!(c.hinterland, before.hinterland - 2);
    assert_eq!(c.screen, before.screen + 2);
    assert_eq!(c.grail_held, before.grail_held + 2);
}

#[test]
fn a_mission_needs_its_shields_and_surplus_goes_to_the_hinterland() {
    let mut g = game(4);
    let slot = g.track[0];
    choosing(&mut g, slot, 2, &["m1_01", "m3_01"]);
    assert_eq!(g.legal_actions(), vec![Action::Take(card("m1_01"))]);
    assert!(g.apply(&Action::Take(card("m3_01"))).unwrap_err().0.contains("needs 3"));
    let hinterland = g.colours[slot as usize].hinterland;
    apply(&mut g, Action::Take(card("m1_01")));
    assert_eq!(
        g.colours[slot as usize].hinterland,
        hinterland + 1,
        "one surplus knight"
    );
    assert!(matches!(g.tasks.last(), Some(Task::Shields { .. })));
}

#[test]
fn with_no_mission_that_fits_all_knights_go_to_the_hinterland() {
    let mut g = game(4);
    let slot = g.track[0];
    choosing(&mut g, slot, 2, &["m3_01"]);
    assert_eq!(g.legal_actions(), vec![Action::NoMission]);
    let h = g.colours[slot as usize].hinterland;
    apply(&mut g, Action::NoMission);
    assert_eq!(g.colours[slot as usize].hinterland, h + 2);
}

#[test]
fn a_special_mission_sends_its_knights_home_and_scores() {
    let mut g = game(4);
    let slot = g.track[0];
    choosing(&mut g, slot, 3, &["m3_07"]);
    let screen = g.colours[slot as usize].screen;
    apply(&mut g, Action::Take(card("m3_07")));
    let c = &g.colours[slot as usize];
    assert_eq!(c.screen, screen + 3);
    assert_eq!(c.score, 7);
}

// ---- rooms, side A ----

#[test]
fn training_ground_fills_from_the_bottom_and_a_new_line_of_three_gives_one_bonus() {
    let mut g = game(4);
    let s = 0;
    assert_eq!(
        legal_ids(&g, s, Board::Green),
        ["tg_r1c1", "tg_r1c2", "tg_r1c3", "tg_r1c4"]
    );
    put(&mut g, Board::Green, "tg_r1c1", Piece::Knight(s));
    put(&mut g, Board::Green, "tg_r1c2", Piece::Knight(s));
    shield_turn(&mut g, s, "m2_12"); // green, green
    let ev = place(&mut g, 0, Board::Green, "tg_r1c3");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Scored {
            points: 2,
            why: Why::Field,
            ..
        }
    )));
    assert!(matches!(g.tasks.last(), Some(Task::LineBonus { .. })), "three in a row");
    apply(&mut g, Action::Bonus(3)); // +4
    assert_eq!(g.colours[0].score, 2 + 4);
    // Extending the line to four gives nothing, and the turn's bonus is spent anyway.
    place(&mut g, 1, Board::Green, "tg_r1c4");
    assert!(!g.tasks.iter().any(|t| matches!(t, Task::LineBonus { .. })));
    assert_eq!(g.colours[0].score, 2 + 4 + 3);
    // Row 1 is full: row 2 opens.
    assert!(legal_ids(&g, 1, Board::Green).iter().all(|id| id.starts_with("tg_r2")));
}

#[test]
fn training_ground_joining_two_and_one_makes_a_line_but_extending_three_does_not() {
    let mut g = game(4);
    put(&mut g, Board::Green, "tg_r1c1", Piece::Knight(0));
    put(&mut g, Board::Green, "tg_r1c2", Piece::Knight(0));
    put(&mut g, Board::Green, "tg_r1c4", Piece::Knight(0));
    shield_turn(&mut g, 0, "m1_09");
    place(&mut g, 0, Board::Green, "tg_r1c3");
    assert!(
        matches!(g.tasks.last(), Some(Task::LineBonus { .. })),
        "2 + new + 1 is a new line of four"
    );
    let mut g = game(4);
    for id in ["tg_r1c1", "tg_r1c2", "tg_r1c3"] {
        put(&mut g, Board::Green, id, Piece::Knight(0));
    }
    shield_turn(&mut g, 0, "m1_09");
    place(&mut g, 0, Board::Green, "tg_r1c4");
    assert!(g.tasks.is_empty(), "extending three to four gives nothing");
}

#[test]
fn round_table_takes_any_seat_and_pays_the_majority_at_the_end() {
    let mut g = game(4);
    assert_eq!(legal_ids(&g, 0, Board::Red).len(), 12);
    g.track = vec![0, 1, 2, 3];
    for (i, slot) in [0, 0, 1, 1, 2].into_iter().enumerate() {
        let id = format!("rt_{:02}", i + 1);
        put(&mut g, Board::Red, &id, Piece::Knight(slot));
    }
    let ranking = g.red_ranking(None);
    // 0 and 1 tie on two: the higher magician (0) first.
    assert_eq!(ranking, vec![(Some(0), 2), (Some(1), 2), (Some(2), 1)]);
    let mut r = Report(None);
    g.final_scoring(&mut r);
    assert_eq!(g.colours[0].final_gain, 13);
    assert_eq!(g.colours[1].final_gain, 8);
    assert_eq!(g.colours[2].final_gain, 5);
    assert_eq!(g.colours[3].final_gain, -4, "no knight at the table");
    assert_eq!(g.tasks.last(), Some(&Task::Magician { slot: 0 }));
}

#[test]
fn ballroom_fills_in_order_and_three_hearts_open_the_queen() {
    let mut g = game(4);
    assert_eq!(legal_ids(&g, 0, Board::Blue), ["br_01"]);
    shield_turn(&mut g, 0, "m3_05"); // red, blue, blue
    place(&mut g, 1, Board::Blue, "br_01"); // 1 heart
    assert_eq!(legal_ids(&g, 0, Board::Blue), ["br_02"]);
    put(&mut g, Board::Blue, "br_02", Piece::Knight(1));
    g.colours[0].hearts = 3;
    assert_eq!(legal_ids(&g, 0, Board::Blue), ["br_03", "br_q"]);
    assert_eq!(legal_ids(&g, 1, Board::Blue), ["br_03"]);
}

#[test]
fn chapel_climbs_by_the_arrows_of_the_most_recent_knight_and_can_be_cut_off() {
    let mut g = game(4);
    assert_eq!(
        legal_ids(&g, 0, Board::Yellow),
        ["ch_1_1", "ch_1_2", "ch_1_3", "ch_1_4"]
    );
    put(&mut g, Board::Yellow, "ch_1_2", Piece::Knight(0));
    assert_eq!(legal_ids(&g, 0, Board::Yellow), ["ch_2_2"]);
    put(&mut g, Board::Yellow, "ch_2_2", Piece::Knight(0));
    assert_eq!(legal_ids(&g, 0, Board::Yellow), ["ch_3_1", "ch_3_2"]);
    put(&mut g, Board::Yellow, "ch_3_1", Piece::Knight(1));
    put(&mut g, Board::Yellow, "ch_3_2", Piece::Knight(2));
    assert!(legal_ids(&g, 0, Board::Yellow).is_empty(), "cut off");
}

#[test]
fn a_full_room_sends_the_knight_back_behind_the_screen() {
    let mut g = game(4);
    for i in 1..=12 {
        put(&mut g, Board::Red, &format!("rt_{i:02}"), Piece::Knight(1));
    }
    shield_turn(&mut g, 0, "m1_01");
    assert_eq!(g.legal_actions(), vec![Action::Return { shield: 0 }]);
    let screen = g.colours[0].screen;
    apply(&mut g, Action::Return { shield: 0 });
    assert_eq!(g.colours[0].screen, screen + 1);
}

#[test]
fn a_multicolour_shield_takes_any_castle_room_with_a_field() {
    let mut g = game(4);
    shield_turn(&mut g, 0, "m1_17");
    let boards: std::collections::BTreeSet<Board> = g
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Place { board, .. } => Some(*board),
            _ => None,
        })
        .collect();
    assert_eq!(boards.into_iter().collect::<Vec<_>>(), Board::CASTLE.to_vec());
}

#[test]
fn an_extra_knight_comes_from_the_hinterland_or_the_screen_and_may_be_declined() {
    let mut g = game(4);
    // tg line bonus / Chapel ch_4_1 gives ExtraKnight(red).
    put(&mut g, Board::Yellow, "ch_3_1", Piece::Knight(0));
    shield_turn(&mut g, 0, "m1_05");
    place(&mut g, 0, Board::Yellow, "ch_4_1");
    assert_eq!(
        g.tasks.last(),
        Some(&Task::Extra {
            slot: 0,
            board: Board::Red
        })
    );
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Extra { screen: true, field: 0 }));
    assert!(legal.contains(&Action::Extra {
        screen: false,
        field: 0
    }));
    assert!(legal.contains(&Action::Decline));
    let h = g.colours[0].hinterland;
    apply(
        &mut g,
        Action::Extra {
            screen: false,
            field: 0,
        },
    );
    assert_eq!(g.colours[0].hinterland, h - 1);
    assert_eq!(g.fields[Board::Red.index()][0], Piece::Knight(0));
}

// ---- rooms, side B ----

#[test]
fn tournament_preliminaries_then_finals_then_the_winner() {
    let mut g = game_with(4, 1, &[("sides", "b")]);
    assert_eq!(legal_ids(&g, 0, Board::Green).len(), 8, "the preliminaries");
    // Slot 0 in every preliminary: a tournament tile (+3) when the third goes in.
    put(&mut g, Board::Green, "tt_p1a", Piece::Knight(0));
    put(&mut g, Board::Green, "tt_p2a", Piece::Knight(0));
    shield_turn(&mut g, 0, "m1_09");
    place(&mut g, 0, Board::Green, "tt_p3a");
    assert!(g.colours[0].tournament_tile);
    assert_eq!(g.colours[0].score, 2 + 3);
    for id in ["tt_p1b", "tt_p1c", "tt_p2b", "tt_p2c"] {
        put(&mut g, Board::Green, id, Piece::Knight(1));
    }
    assert_eq!(legal_ids(&g, 0, Board::Green), ["tt_p3b"]);
    put(&mut g, Board::Green, "tt_p3b", Piece::Knight(2));
    // Finals open: each needs a knight of yours in its preliminary.
    assert_eq!(legal_ids(&g, 0, Board::Green), ["tt_f1", "tt_f2", "tt_f3"]);
    assert_eq!(legal_ids(&g, 1, Board::Green), ["tt_f1", "tt_f2"]);
    assert_eq!(legal_ids(&g, 2, Board::Green), ["tt_f3"]);
    assert!(legal_ids(&g, 3, Board::Green).is_empty());
    put(&mut g, Board::Green, "tt_f1", Piece::Knight(1));
    put(&mut g, Board::Green, "tt_f2", Piece::Knight(1));
    put(&mut g, Board::Green, "tt_f3", Piece::Knight(2));
    assert_eq!(legal_ids(&g, 1, Board::Green), ["tt_w"]);
    assert!(legal_ids(&g, 0, Board::Green).is_empty(), "no final: no winner field");
}

#[test]
fn treason_starts_alternate_sides_and_paths_run_from_the_start() {
    let mut g = game_with(4, 1, &[("sides", "b")]);
    assert_eq!(legal_ids(&g, 0, Board::Red), ["tr_k1"]);
    shield_turn(&mut g, 0, "m2_11"); // red, red
    place(&mut g, 0, Board::Red, "tr_k1");
    assert_eq!(g.colours[0].treason_start, Some(0));
    assert_eq!(legal_ids(&g, 0, Board::Red), ["tr_k2"]);
    assert_eq!(legal_ids(&g, 1, Board::Red), ["tr_r1"], "the next colour takes start 2");
    place(&mut g, 1, Board::Red, "tr_k2");
    // Blue 1 (rebels 0 vs royalists 2): the table shows the royalists.
    assert!(g.royalists_lead());
    put(&mut g, Board::Red, "tr_r1", Piece::Knight(1));
    g.colours[1].treason_start = Some(1);
    put(&mut g, Board::Red, "tr_r2", Piece::Knight(1));
    assert!(!g.royalists_lead(), "a tie goes to the rebels");
    assert_eq!(legal_ids(&g, 2, Board::Red), ["tr_k7"], "start 3");
    // A path never runs onto a start nobody holds.
    for id in ["tr_k3", "tr_k4", "tr_k5", "tr_k6"] {
        put(&mut g, Board::Red, id, Piece::Knight(0));
    }
    assert!(legal_ids(&g, 0, Board::Red).is_empty());
}

#[test]
fn intrigue_one_knight_a_group_and_a_filled_group_penalises_the_absent() {
    let mut g = game_with(4, 1, &[("sides", "b")]);
    put(&mut g, Board::Blue, "in_5a", Piece::Knight(1));
    assert!(
        !legal_ids(&g, 1, Board::Blue).contains(&"in_5b".to_string()),
        "one a group"
    );
    g.fields[Board::Red.index()][0] = Piece::Knight(2);
    shield_turn(&mut g, 0, "m1_13");
    g.colours[2].score = 10;
    g.colours[3].score = 1;
    place(&mut g, 0, Board::Blue, "in_5b");
    assert_eq!(g.colours[0].score, 4);
    assert_eq!(g.colours[2].score, 8, "−2");
    assert_eq!(g.colours[3].score, 0, "cut off at 0");
    // Slot 2 must move its red-room knight to the hinterland.
    assert_eq!(g.tasks.last(), Some(&Task::RecallRed { slot: 2 }));
    let h = g.colours[2].hinterland;
    apply(&mut g, Action::RecallRed(0));
    assert_eq!(g.colours[2].hinterland, h + 1);
    assert_eq!(g.fields[Board::Red.index()][0], Piece::Empty);
}

#[test]
fn library_climbs_from_any_of_your_knights() {
    let mut g = game_with(4, 1, &[("sides", "b")]);
    put(&mut g, Board::Yellow, "lb_1_1", Piece::Knight(0));
    put(&mut g, Board::Yellow, "lb_2_1", Piece::Knight(0));
    let mut ids = legal_ids(&g, 0, Board::Yellow);
    ids.sort();
    assert_eq!(ids, ["lb_2_2", "lb_3_1"]);
}

#[test]
fn the_secret_room_takes_violet_shields_only_topmost_first_and_costs_nine_without() {
    let mut g = game(5);
    assert!(g.room(Board::Violet).is_some());
    assert_eq!(legal_ids(&g, 0, Board::Violet), ["sr_1"]);
    // Not by a multicolour shield.
    shield_turn(&mut g, 0, "mk_04"); // violet, multicolour
    assert!(g.legal_actions().iter().all(|a| match a {
        Action::Place { shield: 1, board, .. } => *board != Board::Violet,
        _ => true,
    }));
    place(&mut g, 0, Board::Violet, "sr_1");
    assert_eq!(g.colours[0].score, 6);
    g.tasks.clear();
    let mut events = Vec::new();
    let mut r = Report(Some(&mut events));
    g.final_scoring(&mut r);
    g.tasks.clear();
    g.settle(&mut r);
    assert!(g.outcome.is_some());
    let penalised: Vec<Slot> = events
        .iter()
        .filter_map(|t| match t.event {
            Event::FinalStep { slot, step: 6, points } => {
                assert_eq!(points, -9);
                Some(slot)
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        penalised,
        vec![1, 2, 3, 4],
        "everyone without a secret-room knight loses 9"
    );
}

// ---- player counts ----

#[test]
fn three_players_have_a_neutral_colour_on_the_marked_fields_and_a_smaller_display() {
    let g = game(3);
    let neutral = g.neutral.expect("a neutral colour");
    assert!(!g.colours.iter().any(|c| c.colour == neutral));
    let neutrals: usize = g.fields.iter().flatten().filter(|p| **p == Piece::Neutral).count();
    assert_eq!(neutrals, 2 + 2 + 2 + 1, "green, red, blue 2 each, yellow 1 on side A");
    assert_eq!(g.display.len(), 5, "1 + 1 + 3");
    // The neutral colour ranks at the Round Table, loses ties, scores nothing.
    let mut g = g;
    put(&mut g, Board::Red, "rt_01", Piece::Knight(0));
    put(&mut g, Board::Red, "rt_02", Piece::Knight(0));
    assert_eq!(g.red_ranking(None)[0], (Some(0), 2), "neutral 2 loses the tie");
    g.fields[Board::Red.index()][0] = Piece::Empty;
    assert_eq!(g.red_ranking(None)[0], (None, 2), "neutral first: nobody gets 13");
}

#[test]
fn five_players_keep_ten_knights_behind_the_screen_and_use_the_key_stack() {
    let g = game(5);
    assert!(g.colours.iter().all(|c| c.screen == 10 && c.hinterland == 2));
    assert_eq!(g.display.len(), 7);
    let g4 = game(4);
    assert!(g4.colours.iter().all(|c| c.screen == 11));
    assert!(g4.room(Board::Violet).is_none());
    assert!(g4.stacks[Stack::Key.index()].is_empty());
}

#[test]
fn two_players_run_two_colours_and_the_lower_one_counts() {
    let mut g = game(2);
    assert_eq!(g.colours.len(), 4);
    assert_eq!(g.seat_slots[0].len(), 2);
    assert_eq!(g.legal_actions().len(), 16, "both fists at once");
    apply(&mut g, Action::Send(3, 0));
    apply(&mut g, Action::Send(1, 2));
    // Each magician predicts on its own.
    for _ in 0..4 {
        let a = g.legal_actions()[0];
        apply(&mut g, a);
    }
    assert!(matches!(g.phase, Phase::Missions { .. }));
    // The result of a seat is the lower of its colours.
    let mut g = game(2);
    let [a, b] = [g.seat_slots[0][0], g.seat_slots[0][1]];
    let [c, d] = [g.seat_slots[1][0], g.seat_slots[1][1]];
    g.colours[a as usize].score = 90;
    g.colours[b as usize].score = 30;
    g.colours[c as usize].score = 40;
    g.colours[d as usize].score = 41;
    for col in &mut g.colours {
        col.screen = 0;
        col.hinterland = 0;
    }
    let mut r = Report(None);
    g.final_scoring(&mut r);
    g.tasks.clear();
    g.settle(&mut r);
    let o = g.outcome.clone().expect("over");
    assert_eq!(o.winners, vec![1]);
}

// ---- final scoring ----

#[test]
fn final_scoring_matches_the_worked_example() {
    // Spec §14.3: Red ends with 4 Round Table knights (Blue 4, Green 2, Yellow 1; Red's magician
    // above Blue's), Merlin 3 + 5, 2 knights behind the screen and 3 in the hinterland, Grail
    // bowl ×2, stem, base. The magician goes on ch_2_2 (+1, a tree: a knight home, a lid).
    let mut g = game(4);
    let (red, green, yellow, blue) = (0u8, 1u8, 2u8, 3u8);
    g.colours[blue as usize].colour = BLUE;
    g.track = vec![red, blue, green, yellow];
    let mut seat = 1;
    for (slot, n) in [(red, 4), (blue, 4), (green, 2), (yellow, 1)] {
        for _ in 0..n {
            let id = format!("rt_{seat:02}");
            put(&mut g, Board::Red, &id, Piece::Knight(slot));
            seat += 1;
        }
    }
    for c in &mut g.colours {
        c.screen = 0;
        c.hinterland = 0;
    }
    let r0 = &mut g.colours[red as usize];
    r0.merlin = vec![1, 5]; // values 3 and 5
    r0.screen = 2;
    r0.hinterland = 3;
    r0.grail = [2, 1, 1, 0, 0, 0, 0, 0];
    r0.grail_held = 4;
    // The supply's top (last) is a lid, then a stem.
    g.grail_supply = vec![0, 2, 1, 3];
    let mut r = Report(None);
    g.final_scoring(&mut r);
    assert_eq!(g.colours[red as usize].final_gain, 13);
    assert_eq!(g.tasks.last(), Some(&Task::Magician { slot: red }));
    let f = field(&g, Board::Yellow, "ch_2_2");
    apply(
        &mut g,
        Action::Magician {
            board: Board::Yellow,
            field: f,
        },
    );
    assert_eq!(g.tasks.last(), Some(&Task::Tree { slot: red }));
    apply(&mut g, Action::Accept);
    let c = &g.colours[red as usize];
    assert!(g.outcome.is_some());
    assert_eq!(c.score, 13 + 1 + 8 + 6 + 13, "+41");
    assert_eq!(c.grail, [2, 2, 1, 1, 0, 0, 0, 0]);
    assert_eq!(grail_points(&c.grail, &content().deck.grail_set_points), 13);
}

#[test]
fn grail_sets_score_in_layers() {
    let pts = &content().deck.grail_set_points;
    assert_eq!(grail_points(&[3, 2, 1, 1], pts), 10 + 3 + 1);
    assert_eq!(grail_points(&[1, 1, 1, 1], pts), 10);
    assert_eq!(grail_points(&[0, 0, 0, 0], pts), 0);
    assert_eq!(grail_points(&[2, 0, 0, 0], pts), 2);
}

// ---- heroes ----

#[test]
fn kay_redirects_a_shield_to_the_red_room_then_discards_a_mission() {
    let mut g = game_with(4, 3, &[("heroes", "on")]);
    let kay = g.colours.iter().position(|c| c.colour == RED).unwrap() as u8;
    g.display = vec![card("m1_05"), card("m1_09")];
    shield_turn(&mut g, kay, "m1_05"); // yellow
    let hero: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Place { hero: true, .. }))
        .collect();
    assert_eq!(hero.len(), 12, "any Round Table seat by the redirect");
    assert!(
        hero.iter()
            .all(|a| matches!(a, Action::Place { board: Board::Red, .. }))
    );
    apply(&mut g, hero[0]);
    assert_eq!(g.colours[kay as usize].hero, Hero::Side2);
    // Side 2 not in the same turn: no discard is offered, the turn ends by itself.
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Discard(_))));
    // In a later turn of Kay's, side 2 discards a face-up mission after the mission.
    g.phase = Phase::Missions {
        pos: 0,
        stage: TurnStage::After,
    };
    g.track[0] = kay;
    g.colours[kay as usize].hero_used = false;
    g.tasks.clear();
    let discard = Action::Discard(card("m1_09"));
    assert!(g.legal_actions().contains(&discard));
    apply(&mut g, discard);
    assert!(!g.display.contains(&card("m1_09")));
    assert_eq!(g.colours[kay as usize].hero, Hero::Gone);
}

#[test]
fn mordreds_black_knight_costs_two_points_and_enters_any_room() {
    let mut g = game_with(4, 3, &[("heroes", "on")]);
    let m = g.colours.iter().position(|c| c.colour == PURPLE).unwrap() as u8;
    assert!(g.colours[m as usize].black_knight);
    let pos = g.track.iter().position(|&s| s == m).unwrap() as u8;
    g.phase = Phase::Missions {
        pos,
        stage: TurnStage::After,
    };
    g.colours[m as usize].hero = Hero::Side2;
    g.colours[m as usize].score = 1;
    let mut legal = Vec::new();
    g.legal_into(&mut legal);
    assert!(
        !legal.iter().any(|a| matches!(a, Action::BlackKnight { .. })),
        "needs 2 points"
    );
    g.colours[m as usize].score = 5;
    let legal = g.legal_actions();
    let bk = legal
        .iter()
        .find(|a| matches!(a, Action::BlackKnight { board: Board::Red, .. }))
        .copied()
        .unwrap();
    apply(&mut g, bk);
    let c = &g.colours[m as usize];
    assert_eq!(c.score, 3);
    assert!(!c.black_knight);
    assert_eq!(c.hero, Hero::Gone);
}

#[test]
fn tristan_scores_three_when_two_knights_go_into_one_room() {
    let mut g = game_with(4, 3, &[("heroes", "on")]);
    let t = g.colours.iter().position(|c| c.colour == GREEN).unwrap() as u8;
    g.colours[t as usize].hero = Hero::Side2;
    shield_turn(&mut g, t, "m2_11"); // red, red
    g.colours[t as usize].placed = [0; 5];
    place(&mut g, 0, Board::Red, "rt_01");
    place(&mut g, 1, Board::Red, "rt_02");
    assert_eq!(g.tasks.last(), Some(&Task::Tristan { slot: t }));
    apply(&mut g, Action::Accept);
    assert_eq!(g.colours[t as usize].score, 3);
    assert_eq!(g.colours[t as usize].hero, Hero::Gone);
}

#[test]
fn parzival_picks_his_grail_tiles_from_the_supply() {
    let mut g = game_with(4, 3, &[("heroes", "on")]);
    let p = g.colours.iter().position(|c| c.colour == YELLOW).unwrap() as u8;
    g.colours[p as usize].hero = Hero::Side2;
    choosing(&mut g, p, 1, &["m1_02"]); // red + 1 Grail
    apply(&mut g, Action::Take(card("m1_02")));
    assert_eq!(g.tasks.last(), Some(&Task::Parzival { slot: p, n: 1 }));
    apply(&mut g, Action::Accept);
    assert!(matches!(g.tasks.last(), Some(Task::GrailPick { .. })));
    // The supply shows to its owner while it picks, to no one else.
    let seat = g.colours[p as usize].seat;
    let shown = g.view(seat).state.supply_shown.expect("shown to Parzival");
    assert_eq!(shown.iter().map(|&n| n as usize).sum::<usize>(), g.grail_supply.len());
    assert!(g.view((seat + 1) % 4).state.supply_shown.is_none());
    apply(&mut g, Action::Grail(3));
    assert_eq!(g.colours[p as usize].grail[3], 1);
}

#[test]
fn lancelot_sends_a_blue_shield_to_another_room_with_side_two() {
    let mut g = game_with(4, 3, &[("heroes", "on")]);
    let l = g.colours.iter().position(|c| c.colour == BLUE);
    // Four players play red, green, yellow, purple: make slot 3 Lancelot for the test.
    let l = l.unwrap_or(3) as u8;
    g.colours[l as usize].colour = BLUE;
    g.colours[l as usize].hero = Hero::Side2;
    shield_turn(&mut g, l, "m1_13"); // blue
    let boards: std::collections::BTreeSet<Board> = g
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Place { board, hero: true, .. } => Some(*board),
            _ => None,
        })
        .collect();
    assert_eq!(
        boards.into_iter().collect::<Vec<_>>(),
        vec![Board::Red, Board::Yellow, Board::Green]
    );
}

// ---- content ----

#[test]
fn the_shipped_deck_agrees_with_the_specs_totals() {
    let deck = &content().deck;
    let count = |stack: Stack| deck.missions.iter().filter(|m| m.stack == stack).count();
    assert_eq!(
        [
            count(Stack::Three),
            count(Stack::Two),
            count(Stack::One),
            count(Stack::Key)
        ],
        [7, 14, 21, 7]
    );
    assert_eq!(deck.shields_of(Shield::Violet), 5);
    assert_eq!(
        deck.shields_of(Shield::Multi),
        9 + 2,
        "§12.3: 9 on the regular stacks, 2 on key cards"
    );
    assert_eq!(deck.merlin.iter().sum::<i32>(), 27);
}

#[test]
fn broken_content_is_refused_with_positions() {
    let dir = crate::rules::scratch::scratch_dir("future-broken");
    let _ = std::fs::remove_dir_all(&dir);
    let write = |key: &str, text: String| {
        let path = dir.join(key);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
    };
    let shipped = ContentSet::embedded();
    let chapel = shipped
        .get("levels/future/chapel.ron")
        .unwrap()
        .text
        .replace("next: [\"ch_2_1\"]", "next: [\"ch_9_9\"]");
    write("levels/future/chapel.ron", chapel);
    let deck =
        shipped
            .get("assets/decks/future.ron")
            .unwrap()
            .text
            .replacen("shields: [Red]", "shields: [Red, Red]", 1);
    write("assets/decks/future.ron", deck);
    let set = ContentSet::shipped(Some(&dir)).unwrap();
    let errors = FutureContent::load(&set).unwrap_err();
    let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert!(
        text.iter()
            .any(|e| e.contains("chapel.ron:") && e.contains("no field ch_9_9")),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|e| e.contains("future.ron:") && e.contains("shows 1 shield(s), not 2")),
        "{text:?}"
    );
    assert!(errors.iter().all(|e| e.line > 1), "positions: {text:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- random games ----

/// Plays a random game, checking invariants at every step.
fn random_game(players: usize, seed: u64, variants: &[(&str, &str)]) -> Future {
    let mut g = game_with(players, seed, variants);
    let mut rng = GameRng::seeded(seed ^ 0xabc);
    let mut census = None;
    let mut steps = 0;
    while g.outcome.is_none() {
        let legal = g.legal_actions();
        assert!(!legal.is_empty(), "no legal action at step {steps} ({:?})", g.phase);
        // A refused action leaves the state as it was.
        for bad in [
            Action::Predict(200),
            Action::Take(999),
            Action::Recall(9),
            Action::Bonus(77),
            Action::EndTurn,
        ] {
            if !legal.contains(&bad) {
                let before = g.clone();
                assert!(g.apply(&bad).is_err());
                assert_eq!(g, before, "a refused {bad:?} changed the state");
            }
        }
        // Views hold no one else's secrets: sampling the hidden parts gives the same view.
        if steps % 7 == 0 {
            for seat in 0..players {
                let v = g.view(seat);
                let sampled = Future::determinize(&v, &mut rng).expect("a sample");
                assert_eq!(
                    sampled.view(seat),
                    v,
                    "seat {seat}'s view changed with what it cannot see"
                );
                assert!(!sampled.legal_actions().is_empty() || sampled.outcome.is_some());
            }
        }
        let a = legal[rng.below(legal.len() as u32) as usize];
        let events = g.apply(&a).unwrap_or_else(|e| panic!("legal {a:?} refused: {e}"));
        for t in &events {
            match (&t.event, t.to) {
                (Event::Fist { seat, .. }, Visibility::Only(s)) => assert_eq!(*seat, s),
                (
                    Event::MerlinValue { slot, .. } | Event::GrailParts { slot, .. } | Event::SupplyShown { slot },
                    Visibility::Only(s),
                ) => assert_eq!(g.colours[*slot as usize].seat, s),
                (
                    Event::Fist { .. }
                    | Event::MerlinValue { .. }
                    | Event::GrailParts { .. }
                    | Event::SupplyShown { .. },
                    to,
                ) => {
                    panic!("a secret shown to {to:?}")
                }
                (_, Visibility::Everyone) => {}
                (e, to) => panic!("{e:?} shown to {to:?} only"),
            }
        }
        if !matches!(g.phase, Phase::Colours { .. }) {
            let now = g.census();
            match &census {
                None => census = Some(now),
                Some(c) => assert_eq!(&now, c, "census changed after {a:?}"),
            }
        }
        steps += 1;
        assert!(steps < 2000, "the game does not end");
    }
    g
}

#[test]
fn random_games_end_with_everything_conserved_and_secrets_kept() {
    let sides = ["a", "b", "random", "green=b;red=a"];
    for seed in 0..48u64 {
        let players = 2 + (seed % 4) as usize;
        let heroes = if seed % 3 == 0 { "on" } else { "off" };
        let colours = if seed % 5 == 0 { "expert" } else { "random" };
        let g = random_game(
            players,
            seed,
            &[
                ("sides", sides[(seed / 4) as usize % 4]),
                ("heroes", heroes),
                ("colours", colours),
            ],
        );
        let o = g.outcome.expect("over");
        assert_eq!(o.winners.len(), 1);
        assert_eq!(o.scores.len(), players);
        assert!(g.colours.iter().all(|c| c.score >= 0));
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let a = random_game(4, 11, &[("sides", "random"), ("heroes", "on")]);
    let b = random_game(4, 11, &[("sides", "random"), ("heroes", "on")]);
    assert_eq!(a, b);
    assert_eq!(a.outcome, b.outcome);
}

#[test]
fn bad_variants_are_refused_with_a_reason() {
    let mut config = TableConfig::with_players(4, SeatKind::Human, 1);
    config.variants.insert("sides".into(), "purple=b".into());
    assert!(
        Future::new_shared(&config, &content())
            .unwrap_err()
            .0
            .contains("purple")
    );
    config.variants.insert("sides".into(), "a".into());
    config.variants.insert("heroes".into(), "maybe".into());
    assert!(Future::new_shared(&config, &content()).is_err());
    let config = TableConfig::with_players(6, SeatKind::Human, 1);
    assert!(Future::new_shared(&config, &content()).is_err());
}

#[test]
fn the_heuristic_beats_random_play() {
    use crate::rules::random_choice;
    let mut wins = 0;
    let games = 60;
    for seed in 0..games {
        let mut g = game_with(4, 1000 + seed, &[]);
        let mut rng = GameRng::seeded(seed);
        while g.outcome.is_none() {
            let seat = g.to_act().expect("a seat");
            let legal = g.legal_actions();
            let a = if seat == 0 {
                Future::heuristic(&g.view(seat), &legal, &mut rng)
            } else {
                random_choice(&legal, &mut rng)
            };
            let a = a.expect("a choice");
            g.apply(&a).expect("legal");
        }
        if g.outcome.as_ref().is_some_and(|o| o.winners == vec![0]) {
            wins += 1;
        }
    }
    assert!(
        wins * 10 > games * 6,
        "the heuristic won only {wins} of {games} against three random bots"
    );
}

/// Thousands of random games at every player count, with random sides and heroes on and off:
/// each ends with one winner and the knights conserved, and its save (every 50th game) loads
/// back to the same state and replays to the same end.
#[test]
fn thousands_of_random_games_end_conserved_and_their_saves_round_trip() {
    use crate::rules::Match;
    let sides = ["a", "b", "random"];
    let mut legal = Vec::new();
    for seed in 0..5000u64 {
        let players = 2 + (seed % 4) as usize;
        let mut config = TableConfig::with_players(players, SeatKind::Human, seed);
        config
            .variants
            .insert("sides".into(), sides[(seed / 4) as usize % 3].into());
        config
            .variants
            .insert("heroes".into(), if seed % 2 == 0 { "on" } else { "off" }.into());
        let mut m = Match::<Future>::new_shared(config, &content(), "h".into()).expect("starts");
        let mut rng = GameRng::seeded(seed);
        let census = m.state.census();
        let mut steps = 0;
        while m.state.to_act().is_some() {
            m.state.legal_actions_into(&mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            m.apply(&a)
                .unwrap_or_else(|e| panic!("seed {seed}: legal {a:?} refused: {e}"));
            steps += 1;
            assert!(steps < 2000, "seed {seed}: the game does not end");
        }
        let o = m.state.outcome.as_ref().expect("over");
        assert_eq!((o.winners.len(), o.scores.len()), (1, players), "seed {seed}");
        assert_eq!(m.state.census(), census, "seed {seed}: knights or tiles lost");
        if seed % 50 == 0 {
            let back = Match::<Future>::from_ron(&m.to_ron(), &content(), "h").expect("loads");
            assert_eq!(back.state, m.state, "seed {seed}: the save replays to another state");
        }
    }
}

#[test]
fn at_two_players_the_result_says_which_colour_counted() {
    // Two players play two colours each and only the lower counts (rulebook, "2 Players"): the
    // winner's line and each seat's `score_counted` name both colours and say the lower counts,
    // so that "43 to 52" does not read as one colour against one. One colour a seat says nothing.
    for seed in 0..6u64 {
        let g = random_game(2, seed, &[]);
        let o = g.outcome.clone().expect("over");
        for seat in 0..2 {
            let slots = &g.seat_slots[seat];
            let scores: Vec<i32> = slots.iter().map(|&s| g.colours[s as usize].score).collect();
            let low = *scores.iter().min().expect("two colours");
            assert_eq!(o.scores[seat], i64::from(low), "seed {seed}: the lower colour counts");
            let how = g.score_counted(seat).expect("two colours are told");
            assert!(how.starts_with("the lower of "), "seed {seed}: {how}");
            for &s in slots {
                let c = &g.colours[s as usize];
                assert!(how.contains(&format!("{} {}", c.name(), c.score)), "seed {seed}: {how}");
            }
        }
        let w = o.winners[0];
        let how = g.score_counted(w).expect("told");
        assert!(o.summary.ends_with(&format!("({how})")), "seed {seed}: {}", o.summary);
    }
    let g = random_game(3, 1, &[]);
    assert!((0..3).all(|s| g.score_counted(s).is_none()));
    assert!(!g.outcome.expect("over").summary.contains('('));
}

// ---- the log in a player's words (issue 24) ----

/// Whether a text names a mission by its file id (`m3_02`, `mk_04`).
fn names_a_mission_id(text: &str) -> bool {
    text.as_bytes().windows(5).any(|w| {
        w[0] == b'm'
            && (w[1].is_ascii_digit() || w[1] == b'k')
            && w[2] == b'_'
            && w[3].is_ascii_digit()
            && w[4].is_ascii_digit()
    })
}

#[test]
fn missions_are_named_by_what_their_cards_show() {
    let g = game(5);
    assert!(content().deck.missions.iter().all(|m| names_a_mission_id(&m.id)));
    assert_eq!(g.mission_name(card("m3_02")), "red · yellow · green");
    assert_eq!(g.mission_name(card("m3_05")), "red · blue · blue");
    assert_eq!(g.mission_name(card("m2_06")), "green · blue · Grail tile");
    assert_eq!(g.mission_name(card("m1_20")), "multicolour · 2 Grail tiles");
    assert_eq!(g.mission_name(card("m1_15")), "blue · tree");
    assert_eq!(g.mission_name(card("mk_04")), "violet · multicolour");
    assert_eq!(g.mission_name(card("m3_07")), "special: 3 knights home, +7");
    // The balance bench's usage table names the card for the tinkerer, with its id.
    assert_eq!(
        g.used(&Action::Take(card("m3_02"))).as_deref(),
        Some("mission: red · yellow · green (m3_02)")
    );
    // A refusal names the card too.
    let mut g = game(4);
    choosing(&mut g, 0, 1, &["m3_02", "m1_01"]);
    let why = g.apply(&Action::Take(card("m3_02"))).unwrap_err().0;
    assert_eq!(why, "the mission red · yellow · green needs 3 knights; you sent 1");
}

/// Whether a text names a field by its file id ("rt_01", "tg_r1c1", "ch_5", "br_q").
fn names_a_field_id(text: &str) -> bool {
    content().rooms.iter().flat_map(|r| r.fields()).any(|f| {
        text.match_indices(f.id.as_str()).any(|(at, _)| {
            let after = text[at + f.id.len()..].chars().next();
            !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    })
}

/// Every field of every room side, in the words of its room's layout.
#[test]
fn fields_are_named_by_their_place_in_the_room() {
    let c = content();
    let place = |room: &str, id: &str| {
        let r = c.rooms.iter().find(|r| r.id() == room).expect("room");
        let i = r.field_index(id).expect("field") as usize;
        r.place(i).to_string()
    };
    assert_eq!(place("round_table", "rt_01"), "seat at 12 o'clock");
    assert_eq!(place("round_table", "rt_04"), "seat at 3 o'clock");
    assert_eq!(place("round_table", "rt_12"), "seat at 11 o'clock");
    assert_eq!(place("treason", "tr_k1"), "royalist row, first from the left");
    assert_eq!(place("treason", "tr_r6"), "rebel row, sixth from the left");
    assert_eq!(place("chapel", "ch_1_1"), "level 1, first from the left");
    assert_eq!(place("chapel", "ch_3_2"), "level 3, second from the left");
    assert_eq!(place("chapel", "ch_5"), "level 5");
    assert_eq!(place("library", "lb_2_5"), "level 2, fifth from the left");
    assert_eq!(place("library", "lb_4_2"), "level 4, second from the left");
    assert_eq!(place("training_ground", "tg_r1c1"), "row 1, column 1");
    assert_eq!(place("training_ground", "tg_r3c4"), "row 3, column 4");
    assert_eq!(place("tournament", "tt_p2c"), "preliminary 2, third from the left");
    assert_eq!(place("tournament", "tt_f1"), "final 1");
    assert_eq!(place("tournament", "tt_w"), "winner's field");
    assert_eq!(place("ballroom", "br_07"), "field 7");
    assert_eq!(place("ballroom", "br_q"), "queen's field");
    // The third of a triangle lies between the other two.
    assert_eq!(place("intrigue", "in_1c"), "group 1, second from the left");
    assert_eq!(place("intrigue", "in_1b"), "group 1, third from the left");
    assert_eq!(place("secret_room", "sr_1"), "field 1");
    // No two fields of a room read alike, and none reads as an id.
    for r in &c.rooms {
        let mut words: Vec<&str> = (0..r.len()).map(|i| r.place(i)).collect();
        assert!(
            words.iter().all(|w| !names_a_field_id(w) && !w.contains('?')),
            "{}",
            r.id()
        );
        words.sort_unstable();
        let n = words.len();
        words.dedup();
        assert_eq!(words.len(), n, "two fields of {} read alike", r.id());
    }
    // The log and the prompts name the room and the place.
    let mut g = game(4);
    let f = field(&g, Board::Red, "rt_04");
    assert_eq!(g.field_name(Board::Red, f), "Round Table (seat at 3 o'clock)");
    let line = g.describe_event(&Event::Placed {
        slot: 0,
        board: Board::Yellow,
        field: field(&g, Board::Yellow, "ch_5"),
        piece: Piece::Magician(0),
    });
    assert_eq!(line, format!("{} magician → Chapel (level 5)", g.colour_name(0)));
    g.tasks.push(Task::Extra {
        slot: 0,
        board: Board::Green,
    });
    let Pending::Decide { prompt, .. } = g.pending() else {
        panic!("a decision");
    };
    assert!(
        prompt.ends_with("place an extra knight in the green room (Training Ground)?"),
        "{prompt}"
    );
}

#[test]
fn no_log_line_prompt_label_or_refusal_names_a_mission_or_field_id() {
    let mut legal = Vec::new();
    for seed in 0..24u64 {
        let players = 2 + (seed % 4) as usize;
        let heroes = if seed % 2 == 0 { "on" } else { "off" };
        let mut g = game_with(players, seed, &[("heroes", heroes), ("sides", "random")]);
        let mut rng = GameRng::seeded(seed);
        let mut lines: Vec<String> = g.log_lines(&g.opening).into_iter().map(|l| l.1).collect();
        while g.to_act().is_some() {
            if let Pending::Decide { prompt, .. } = g.pending() {
                lines.push(prompt);
            }
            g.legal_actions_into(&mut legal);
            lines.extend(legal.iter().map(|a| g.describe_action(a)));
            // Every face-up card: taking one that does not fit is refused with words.
            for &c in &g.display {
                for a in [Action::Take(c), Action::Discard(c)] {
                    if !legal.contains(&a)
                        && let Err(e) = g.clone().apply(&a)
                    {
                        lines.push(e.0);
                    }
                }
            }
            // A field the seat may not take now: refused with words too.
            if let Some(&a) = legal
                .iter()
                .find(|a| matches!(a, Action::Place { .. } | Action::Extra { .. }))
            {
                let (board, open) = match (a, g.tasks.last()) {
                    (Action::Place { board, field, .. }, _) => (board, field),
                    (Action::Extra { field, .. }, Some(Task::Extra { board, .. })) => (*board, field),
                    _ => (Board::Red, 0),
                };
                let shut = (0..g.room(board).map_or(0, |r| r.len() as u8)).find(|&f| {
                    f != open
                        && !legal.iter().any(|l| {
                            matches!(l, Action::Place { board: b, field, .. } if *b == board && *field == f)
                                || matches!(l, Action::Extra { field, .. } if *field == f)
                        })
                });
                if let Some(f) = shut {
                    let refused = match a {
                        Action::Place { shield, hero, .. } => Action::Place {
                            shield,
                            board,
                            field: f,
                            hero,
                        },
                        Action::Extra { screen, .. } => Action::Extra { screen, field: f },
                        other => other,
                    };
                    if let Err(e) = g.clone().apply(&refused) {
                        lines.push(e.0);
                    }
                }
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            let events = g.apply(&a).expect("legal");
            lines.extend(g.log_lines(&events).into_iter().map(|l| l.1));
        }
        for line in &lines {
            assert!(
                !names_a_mission_id(line),
                "seed {seed}: \"{line}\" names a mission by its id"
            );
            assert!(
                !names_a_field_id(line),
                "seed {seed}: \"{line}\" names a field by its id"
            );
        }
        assert!(
            lines.iter().any(|l| l.contains("is not open to you")),
            "seed {seed}: a field refused"
        );
        assert!(
            lines.iter().any(|l| l.starts_with("Missions: ")),
            "seed {seed}: the reveal is logged"
        );
    }
}

/// Final scoring of the worked example (§14.3) with the magician left out: each event with its
/// log line.
fn final_scoring_lines() -> (Future, Vec<(Event, String)>) {
    let mut g = game(4);
    let (red, green, yellow, blue) = (0u8, 1u8, 2u8, 3u8);
    g.track = vec![red, blue, green, yellow];
    let mut seat = 1;
    for (slot, n) in [(red, 4), (blue, 4), (green, 2), (yellow, 1)] {
        for _ in 0..n {
            put(&mut g, Board::Red, &format!("rt_{seat:02}"), Piece::Knight(slot));
            seat += 1;
        }
    }
    let r0 = &mut g.colours[red as usize];
    r0.merlin = vec![1, 5]; // values 3 and 5
    r0.merlin_held = 2;
    r0.grail = [2, 1, 1, 0, 0, 0, 0, 0];
    r0.grail_held = 4;
    let mut events = Vec::new();
    g.final_scoring(&mut Report(Some(&mut events)));
    let mut out: Vec<(Event, String)> = events
        .iter()
        .zip(g.log_lines(&events))
        .map(|(t, l)| (t.event.clone(), l.1))
        .collect();
    // The red room's winner leaves its magician out; the rest of final scoring follows.
    let events = g.apply(&Action::Decline).expect("the magician may stay out");
    out.extend(
        events
            .iter()
            .zip(g.log_lines(&events))
            .map(|(t, l)| (t.event.clone(), l.1)),
    );
    (g, out)
}

#[test]
fn final_scoring_logs_one_line_a_step() {
    let (g, lines) = final_scoring_lines();
    assert!(g.outcome.is_some());
    let told: Vec<&str> = lines.iter().map(|l| l.1.as_str()).filter(|l| !l.is_empty()).collect();
    for slot in 0..4u8 {
        let who = g.colour_name(slot);
        for step in ["red room", "Merlin tiles", "knights behind the screen", "Grail sets"] {
            let n = told
                .iter()
                .filter(|l| l.starts_with(&format!("{who}: {step} ")))
                .count();
            assert_eq!(n, 1, "{who}, {step}: {told:#?}");
        }
        // No bare "+13" besides its step's line: a colour's only other lines are the
        // hinterland's Grail tiles and its total.
        let others: Vec<&&str> = told
            .iter()
            .filter(|l| l.starts_with(&who) && !l.starts_with(&format!("{who}: ")) && !l.contains(" draws "))
            .collect();
        assert_eq!(others.len(), 1, "{others:?}");
        assert!(others[0].contains("ends with"), "{others:?}");
    }
    let red = g.colour_name(0);
    assert!(told.contains(&format!("{red}: red room +13").as_str()), "{told:#?}");
    assert!(
        told.contains(&format!("{red}: Merlin tiles +8 (3, 5)").as_str()),
        "{told:#?}"
    );
}

#[test]
fn a_loss_cut_short_by_the_floor_logs_what_was_lost() {
    // The Intrigue test's position: group 5 fills, slots 2 and 3 lose 2; slot 3 has only 1.
    let mut g = game_with(4, 1, &[("sides", "b")]);
    put(&mut g, Board::Blue, "in_5a", Piece::Knight(1));
    shield_turn(&mut g, 0, "m1_13");
    g.colours[2].score = 10;
    g.colours[3].score = 1;
    let f = field(&g, Board::Blue, "in_5b");
    let events = g
        .apply(&Action::Place {
            shield: 0,
            board: Board::Blue,
            field: f,
            hero: false,
        })
        .expect("legal");
    assert_eq!((g.colours[2].score, g.colours[3].score), (8, 0));
    let lost: Vec<(Slot, i32, i32)> = events
        .iter()
        .filter_map(|t| match t.event {
            Event::Scored {
                slot,
                points,
                due,
                why: Why::Intrigue,
            } => Some((slot, points, due)),
            _ => None,
        })
        .collect();
    assert_eq!(lost, vec![(2, -2, -2), (3, -1, -2)]);
    let lines: Vec<String> = g.log_lines(&events).into_iter().map(|l| l.1).collect();
    let (two, three) = (g.colour_name(2), g.colour_name(3));
    assert!(lines.contains(&format!("{two} -2 (Intrigue penalty)")), "{lines:#?}");
    assert!(
        lines.contains(&format!(
            "{three} -1 (Intrigue penalty; -2 due, but a score stops at 0)"
        )),
        "{lines:#?}"
    );
    // At 0 already, nothing is lost, and the line says so.
    let mut events = Vec::new();
    g.add_points(3, -4, Why::Intrigue, &mut Report(Some(&mut events)));
    assert_eq!(g.colours[3].score, 0);
    assert_eq!(
        g.log_lines(&events)[0].1,
        format!("{three} loses nothing (Intrigue penalty; -4 due, but a score stops at 0)")
    );
}

#[test]
fn a_knight_sent_back_and_a_line_bonus_are_told_truly() {
    let mut g = game(4);
    let who = g.colour_name(0);
    // A multicolour shield with no open field anywhere: no "chosen room".
    let line = g.describe_event(&Event::Returned { slot: 0, board: None });
    assert!(
        line.contains("no field of any castle room") && line.contains("multicolour"),
        "{line}"
    );
    assert!(!line.contains("chosen"), "{line}");
    let line = g.describe_event(&Event::Returned {
        slot: 0,
        board: Some(Board::Red),
    });
    assert_eq!(
        line,
        format!("{who}: no field of the red room (Round Table) is open to the knight; it goes back behind the screen")
    );
    // The line bonus taken is named (Bonus(3) is +4 on side A).
    put(&mut g, Board::Green, "tg_r1c1", Piece::Knight(0));
    put(&mut g, Board::Green, "tg_r1c2", Piece::Knight(0));
    shield_turn(&mut g, 0, "m2_12");
    place(&mut g, 0, Board::Green, "tg_r1c3");
    let events = g.apply(&Action::Bonus(3)).expect("a bonus");
    let lines: Vec<String> = g.log_lines(&events).into_iter().map(|l| l.1).collect();
    assert_eq!(lines[0], format!("{who} forms a line and takes +4 points"));
    assert_eq!(lines[1], format!("{who} +4 (line bonus)"));
}

// ---- colours chosen seat by seat ----

fn colours_of(g: &Future) -> Vec<Vec<&'static str>> {
    g.seat_slots
        .iter()
        .map(|slots| slots.iter().map(|&s| g.colours[s as usize].name()).collect())
        .collect()
}

#[test]
fn chosen_colours_are_honoured_and_the_turn_order_still_comes_from_the_magician_cards() {
    let chosen = [("colours", "blue,red,purple,yellow")];
    let mut orders = std::collections::BTreeSet::new();
    for seed in 1..=12u64 {
        let g = game_with(4, seed, &chosen);
        assert_eq!(
            colours_of(&g),
            vec![vec!["blue"], vec!["red"], vec!["purple"], vec!["yellow"]]
        );
        let order: Vec<&str> = g.track.iter().map(|&s| g.colours[s as usize].name()).collect();
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(
            sorted,
            ["blue", "purple", "red", "yellow"],
            "every chosen colour on the track"
        );
        orders.insert(order);
    }
    assert!(
        orders.len() > 1,
        "the same choice gives different orders on different seeds"
    );
    // The default is the list of the colours in seat order: the very same game.
    assert_eq!(
        game_with(3, 5, &[]),
        game_with(3, 5, &[("colours", "Red, Green ,yellow")])
    );
    assert_eq!(
        game_with(2, 5, &[]),
        game_with(2, 5, &[("colours", "red,yellow,green,purple")])
    );
    // Blue and Lancelot at four players; at three the neutral colour is one nobody chose.
    let g = game_with(4, 3, &[("colours", "blue,green,yellow,red"), ("heroes", "on")]);
    assert_eq!(g.colours[g.seat_slots[0][0] as usize].colour, BLUE);
    assert!(g.colours.iter().all(|c| c.hero == Hero::Side1));
    let g = game_with(3, 3, &[("colours", "blue,purple,red")]);
    let neutral = g.neutral.expect("a neutral colour");
    assert!([GREEN, YELLOW].contains(&neutral));
    // Two players: each seat's two in turn (a `+` may join them).
    let g = game_with(2, 4, &[("colours", "blue+red,yellow+green")]);
    assert_eq!(colours_of(&g), vec![vec!["blue", "red"], vec!["yellow", "green"]]);
    // Chosen colours play to the end with everything conserved and secrets kept.
    for (players, list) in [
        (2, "purple,blue,red,green"),
        (3, "blue,purple,red"),
        (5, "blue,purple,yellow,green,red"),
    ] {
        let g = random_game(players, 9, &[("colours", list), ("heroes", "on")]);
        assert!(g.outcome.is_some());
    }
}

#[test]
fn bad_colour_lists_are_refused_in_words() {
    let refused = |players: usize, list: &str| -> String {
        let mut config = TableConfig::with_players(players, SeatKind::Human, 1);
        config.variants.insert("colours".into(), list.into());
        match Future::new_shared(&config, &content()) {
            Ok(_) => panic!("{list} was accepted at {players} players"),
            Err(e) => e.0,
        }
    };
    assert_eq!(
        refused(3, "red,orange,green"),
        "colours: \"orange\" is not a colour (red, green, yellow, purple or blue; or random, expert)"
    );
    assert_eq!(
        refused(3, "red,blue,red"),
        "colours: red is listed twice; each colour is played by one seat"
    );
    assert_eq!(
        refused(4, "red,blue,green"),
        "colours: list one colour for each of the 4 seats, in seat order (such as red,blue,green), not 3"
    );
    assert!(refused(2, "red,blue").contains("with two players each seat plays two colours; list four"));
    assert!(refused(5, "red,blue,green,yellow,purple,red").contains("listed twice"));
    assert!(refused(3, ",,").contains("not 0"));
    // The same words before any game starts (the command line asks this).
    assert_eq!(
        Future::colour_choice(3, "red,blue,red").unwrap_err().0,
        "colours: red is listed twice; each colour is played by one seat"
    );
    assert_eq!(Future::colour_choice(3, "expert"), Ok(None));
}

// ---- the bots' predictions ----

/// A prediction every level might make: the easy level's heuristic, the search's candidates and
/// the playouts' policy (the search's choice itself is checked in the bots' own tests, a layer
/// above: src/bots/tests.rs). None is a total the fists cannot show (three players: never above
/// 9), nor below the seat's own fists.
#[test]
fn no_bot_predicts_a_total_the_fists_cannot_show() {
    use crate::rules::Difficulty;
    let max_fist = content().deck.max_fist;
    for seed in 0..32u64 {
        let players = 2 + (seed % 4) as usize;
        let mut g = game_with(players, seed, &[("heroes", "on"), ("sides", "random")]);
        let mut rng = GameRng::seeded(seed);
        while let Some(seat) = g.to_act() {
            let legal = g.legal_actions();
            if matches!(g.phase, Phase::Predict { .. }) {
                let view = g.view(seat);
                let (least, most) = super::bot::possible_totals(&view.state, seat);
                assert!(
                    most as usize <= g.colours.len() * max_fist as usize,
                    "{players} players: {most}"
                );
                let own: u8 = g.colours.iter().filter(|c| c.seat == seat).map(|c| c.sent).sum();
                assert_eq!(least, own);
                let total: u8 = g.colours.iter().map(|c| c.sent).sum();
                assert!(
                    (least..=most).contains(&total),
                    "the true total {total} lies in {least}..={most}"
                );
                let fits = |a: Option<Action>| match a {
                    Some(Action::Predict(n)) => (least..=most).contains(&n),
                    _ => false,
                };
                for d in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard] {
                    let a = Future::heuristic_at(&view, &legal, &mut rng, d);
                    assert!(fits(a), "seed {seed}: {d:?} heuristic {a:?} outside {least}..={most}");
                }
                let sample = Future::determinize_view(&view, &mut rng);
                let candidates = Future::candidates(&sample, legal.clone(), &Budget::new(1000, 180), &mut rng);
                assert!(!candidates.is_empty());
                assert!(candidates.iter().all(|&a| fits(Some(a))), "{candidates:?}");
                assert!(fits(Future::rollout_action(&sample, &legal, &mut rng)));
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            g.apply(&a).expect("legal");
        }
    }
}

// ---- a piece that cannot be picked says why (issue 35) ----

/// `mission_refusal` (or `grail_refusal`) said `words` for `action`: a click that sends it is
/// refused with the same words and changes nothing.
fn refused_alike(g: &Future, action: Action, words: &str) {
    let mut copy = g.clone();
    match copy.apply(&action) {
        Ok(_) => panic!("{action:?} was accepted"),
        Err(e) => assert_eq!(e.0, words, "{action:?}"),
    }
    assert_eq!(&copy, g, "a refusal changes nothing");
}

#[test]
fn a_mission_that_cannot_be_taken_says_why_even_when_none_fits() {
    let mut g = game(4);
    let slot = g.track[0];
    choosing(&mut g, slot, 1, &["m1_02", "m2_11"]);
    assert_eq!(
        g.mission_refusal(card("m1_02")),
        None,
        "one knight takes a one-shield mission"
    );
    let (action, words) = g.mission_refusal(card("m2_11")).expect("two shields need two knights");
    assert_eq!(action, Action::Take(card("m2_11")));
    assert_eq!(
        words,
        format!(
            "the mission {} needs 2 knights; you sent 1",
            g.mission_name(card("m2_11"))
        )
    );
    refused_alike(&g, action, &words);
    // With nothing that fits on display, the card still says what it needs, not "take a mission".
    choosing(&mut g, slot, 1, &["m2_11"]);
    assert_eq!(g.legal_actions(), vec![Action::NoMission]);
    let (action, again) = g.mission_refusal(card("m2_11")).expect("still too many shields");
    assert_eq!(again, words);
    refused_alike(&g, action, &again);
    // An empty fist recalls instead.
    choosing(&mut g, slot, 0, &["m1_02"]);
    let (action, words) = g.mission_refusal(card("m1_02")).expect("an empty fist takes nothing");
    assert!(words.contains("empty fist"), "{words}");
    refused_alike(&g, action, &words);
    // Outside the mission turns the words name the decision.
    let mut g = game(4);
    while !matches!(g.phase, Phase::Predict { .. }) {
        let first = g.legal_actions()[0];
        apply(&mut g, first);
    }
    let shown = g.display[0];
    let (action, words) = g.mission_refusal(shown).expect("predictions first");
    assert_eq!(action, Action::Take(shown));
    assert!(words.starts_with("not now: ") && words.contains("predict"), "{words}");
    refused_alike(&g, action, &words);
}

#[test]
fn mordred_discards_only_a_one_shield_mission_and_parzival_picks_only_what_is_left() {
    let mut g = game_with(4, 3, &[("heroes", "on")]);
    let m = g.colours.iter().position(|c| c.colour == PURPLE).unwrap() as u8;
    let pos = g.track.iter().position(|&s| s == m).unwrap() as u8;
    g.phase = Phase::Missions {
        pos,
        stage: TurnStage::After,
    };
    g.tasks.clear();
    g.display = vec![card("m1_02"), card("m2_11")];
    assert_eq!(g.mission_refusal(card("m1_02")), None);
    let (action, words) = g.mission_refusal(card("m2_11")).expect("two shields");
    assert_eq!(action, Action::Discard(card("m2_11")));
    assert_eq!(words, "Mordred discards only a face-up mission with exactly one shield");
    refused_alike(&g, action, &words);

    let mut g = game_with(4, 3, &[("heroes", "on")]);
    let p = g.colours.iter().position(|c| c.colour == YELLOW).unwrap() as u8;
    g.colours[p as usize].hero = Hero::Side2;
    choosing(&mut g, p, 1, &["m1_02"]); // red + 1 Grail
    assert_eq!(
        g.grail_refusal(0)
            .map(|r| r.1)
            .as_deref()
            .map(|w| w.starts_with("not now")),
        Some(true)
    );
    apply(&mut g, Action::Take(card("m1_02")));
    apply(&mut g, Action::Accept);
    g.grail_supply.retain(|&part| part != 0);
    assert_eq!(g.grail_refusal(1), None);
    let (action, words) = g.grail_refusal(0).expect("none of part 0 left");
    let name = &content().deck.grail_parts[0].name;
    assert_eq!(words, format!("no {name} tile is left in the Grail supply"));
    refused_alike(&g, action, &words);
}

#[test]
fn every_face_up_mission_and_grail_part_is_usable_or_says_why_as_apply_does() {
    let parts = content().deck.grail_parts.len() as u8;
    let (mut usable, mut refused, mut choosing_refused) = (0usize, 0usize, 0usize);
    let mut legal = Vec::new();
    for seed in 0..30u64 {
        let players = 2 + (seed % 4) as usize;
        let heroes = if seed % 2 == 0 { "on" } else { "off" };
        let mut g = game_with(players, seed, &[("heroes", heroes), ("sides", "random")]);
        let mut rng = GameRng::seeded(seed ^ 35);
        while g.to_act().is_some() {
            g.legal_into(&mut legal);
            for &card in &g.display {
                let used = legal
                    .iter()
                    .any(|a| matches!(*a, Action::Take(c) | Action::Discard(c) if c == card));
                match g.mission_refusal(card) {
                    None => {
                        assert!(used, "seed {seed}: {card} has no legal use in {:?}", g.phase);
                        usable += 1;
                    }
                    Some((action, words)) => {
                        assert!(!used, "seed {seed}: {card} has a use, yet {action:?}: {words}");
                        assert!(matches!(action, Action::Take(c) | Action::Discard(c) if c == card));
                        assert!(!words.starts_with("not possible"), "seed {seed}: {words}");
                        refused_alike(&g, action, &words);
                        refused += 1;
                        if matches!(
                            g.phase,
                            Phase::Missions {
                                stage: TurnStage::Choose,
                                ..
                            }
                        ) && g.tasks.is_empty()
                        {
                            assert!(!words.starts_with("not now"), "seed {seed}: {words}");
                            choosing_refused += 1;
                        }
                    }
                }
            }
            for part in 0..parts {
                let used = legal.contains(&Action::Grail(part));
                match g.grail_refusal(part) {
                    None => assert!(used),
                    Some((action, words)) => {
                        assert!(!used && action == Action::Grail(part));
                        refused_alike(&g, action, &words);
                    }
                }
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            g.apply(&a).expect("legal");
        }
    }
    assert!(usable > 300 && refused > 1000, "{usable} usable, {refused} refused");
    assert!(
        choosing_refused > 100,
        "{choosing_refused} refused at a mission's choice"
    );
}
