//! Tests of Shadows over Camelot: one per rule with teeth, the spec's checklist (§14), and random
//! seeded games checking invariants.

use super::*;
use crate::content::ContentSet;
use crate::rules::{BotHints, Game, GameRng, Outcome, Report, Seat, SeatKind, TableConfig, Visibility};
use arrayvec::ArrayVec;
use std::sync::Arc;

fn content() -> Arc<ShadowsContent> {
    Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("the shipped content loads"))
}

fn game(players: usize, seed: u64) -> Shadows {
    let config = TableConfig::with_players(players, SeatKind::Human, seed);
    Shadows::new_shared(&config, &content()).expect("setup")
}

fn game_with(players: usize, seed: u64, variants: &[(&str, &str)]) -> Shadows {
    let mut config = TableConfig::with_players(players, SeatKind::Human, seed);
    for (k, v) in variants {
        config.variants.insert(k.to_string(), v.to_string());
    }
    Shadows::new_shared(&config, &content()).expect("setup")
}

/// A fresh game whose turn state is cleared for a scenario: the active seat at its Heroic
/// Actions.
fn at_heroic(g: &mut Shadows) {
    g.stack.clear();
    g.stack.push(Task::EndTurn);
    g.stack.push(Task::Heroic);
    g.this_turn = TurnState::default();
}

fn census_totals(g: &Shadows) -> (usize, usize) {
    let c = g.census();
    (c["white cards"], c["black cards"])
}

fn play_random(g: &mut Shadows, rng: &mut GameRng, max: usize) -> usize {
    let mut legal = Vec::new();
    for step in 0..max {
        if g.outcome.is_some() {
            return step;
        }
        g.legal_into(&mut legal);
        assert!(
            !legal.is_empty(),
            "no legal action and no outcome; stack top {:?}",
            g.stack.last()
        );
        let a = legal[rng.below(legal.len() as u32) as usize];
        g.apply_quiet(&a).expect("a legal action applies");
    }
    max
}

#[test]
fn the_shipped_deck_has_the_published_totals() {
    let c = content();
    assert_eq!(c.white_cards().len(), 84);
    assert_eq!(c.black_cards().len(), 76);
    assert_eq!(c.deck.loyalty.loyal + c.deck.loyalty.traitor, 8);
    let count = |w: White| c.white_cards().iter().filter(|&&x| x == w).count();
    assert_eq!(count(White::Fight(1)), 14);
    assert_eq!(count(White::Fight(5)), 7);
    assert_eq!(count(White::Grail), 18);
    assert_eq!(count(White::Merlin), 7);
    let specials = c.black_cards().iter().filter(|b| b.is_special()).count();
    assert_eq!(specials, 12);
}

#[test]
fn a_broken_total_is_reported_with_its_position() {
    let mut set = ContentSet::embedded();
    let key = "assets/decks/shadows.ron";
    let text = set
        .get(key)
        .expect("shipped")
        .text
        .replace("(card: Grail, count: 18)", "(card: Grail, count: 17)");
    let dir = crate::rules::scratch::scratch_dir("shadows");
    let path = dir.join(key);
    std::fs::create_dir_all(path.parent().expect("has a parent")).expect("temp dir");
    std::fs::write(&path, text).expect("write");
    set.overlay_file(key, &path).expect("overlay");
    let errors = ShadowsContent::load(&set).expect_err("83 White cards");
    let e = &errors[0];
    assert!(e.to_string().contains("add up to 83"), "{e}");
    assert!(e.line > 1, "{e}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn setup_deals_a_merlin_and_five_and_four_life() {
    for players in 3..=7 {
        let g = game(players, 7);
        for k in &g.knights {
            assert_eq!(k.hand.len(), 6);
            assert!(k.holds(White::Merlin));
            assert_eq!(k.life, 4);
            assert_eq!(k.at, Location::RoundTable);
        }
        assert!(g.quest(QuestId::Lancelot).in_play);
        assert!(!g.quest(QuestId::Dragon).in_play);
        assert_eq!(census_totals(&g), (84, 76));
    }
}

#[test]
fn arthur_begins_when_present() {
    for seed in 0..30 {
        let g = game(4, seed);
        match g.seat_of(KnightId::Arthur) {
            Some(a) => assert_eq!(g.active, a),
            None => assert_eq!(g.active, 0),
        }
    }
    let g = game_with(3, 1, &[("knights", "kay,gawain,arthur")]);
    assert_eq!(g.active, 2);
}

#[test]
fn a_traitor_is_dealt_sometimes_and_always_with_the_traitor_variant() {
    let with = (0..200).filter(|&s| game(4, s).traitor_seat().is_some()).count();
    assert!(
        (60..=140).contains(&with),
        "4 of 8 cards dealt: about half the games, got {with}"
    );
    assert!((0..50).all(|s| game_with(3, s, &[("loyalty", "traitor")]).traitor_seat().is_some()));
}

#[test]
fn combat_patterns_follow_the_spec_table() {
    let f = |vs: &[u8]| vs.iter().map(|&v| White::Fight(v)).collect::<Vec<_>>();
    // Black Knight: two pairs.
    assert!(!apply::pattern_allows(&f(&[5, 5]), 5, &[2, 2]));
    assert!(apply::pattern_allows(&f(&[5, 4]), 5, &[2, 2]));
    assert!(!apply::pattern_allows(&f(&[5, 4]), 3, &[2, 2]));
    // Lancelot: a full house.
    assert!(apply::pattern_allows(&f(&[3, 3, 2, 2]), 2, &[3, 2]));
    assert!(!apply::pattern_allows(&f(&[3, 3, 3]), 3, &[3, 2]));
    assert!(!apply::pattern_allows(&f(&[3, 2]), 1, &[3, 2]));
    // Dragon: three triples of different values.
    assert!(!apply::pattern_allows(&f(&[1, 2, 3]), 4, &[3, 3, 3]));
    assert!(!apply::pattern_allows(&f(&[1, 1, 1]), 1, &[3, 3, 3]));
    assert!(apply::pattern_allows(&f(&[1, 1, 1, 2]), 3, &[3, 3, 3]));
}

#[test]
fn random_games_end_and_conserve_everything() {
    // 2,000 games: 400 seeds for each player count, every Loyalty deck.
    let mut rng = GameRng::seeded(99);
    for players in 3..=7 {
        for seed in 0..400 {
            let loyalty = ["standard", "among", "traitor", "none"][seed as usize % 4];
            let mut g = game_with(players, seed, &[("loyalty", loyalty)]);
            let mut legal = Vec::new();
            let mut steps = 0;
            while g.outcome.is_none() {
                steps += 1;
                assert!(steps < 20_000, "game {seed} at {players} does not end");
                g.legal_into(&mut legal);
                assert!(
                    !legal.is_empty(),
                    "seed {seed}, {players} players: stuck at {:?}",
                    g.stack.last()
                );
                let a = legal[rng.below(legal.len() as u32) as usize];
                g.apply_quiet(&a).expect("legal");
                assert_eq!(census_totals(&g), (84, 76), "seed {seed} after {a:?}");
                assert!(g.swords() <= 16 && g.siege <= 12);
                for k in &g.knights {
                    assert!(k.life <= g.numbers().max_life);
                    assert!(!(k.dead && k.at != Location::Gone));
                }
            }
        }
    }
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let mut rng = GameRng::seeded(5);
    let probes = [
        Action::EndTurn,
        Action::Accuse(1),
        Action::Fight(5),
        Action::PlayGrail,
        Action::Yes,
        Action::Pledge(3),
        Action::Move(Location::Quest(QuestId::Dragon)),
        Action::Heal(White::Grail),
        Action::Sacrifice,
        Action::DrawWhite,
    ];
    for seed in 0..20 {
        let mut g = game(5, seed);
        for _ in 0..150 {
            if g.outcome.is_some() {
                break;
            }
            let legal = g.legal_actions();
            for p in probes {
                if !legal.contains(&p) {
                    let before = g.clone();
                    let e = g.apply(&p).expect_err("not legal");
                    assert!(!e.0.is_empty());
                    assert!(g == before, "a refusal changed the state");
                }
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            g.apply(&a).expect("legal");
        }
    }
}

#[test]
fn a_view_hides_other_hands_loyalty_and_the_deck() {
    let mut rng = GameRng::seeded(3);
    for seed in 0..30 {
        let mut g = game_with(5, seed, &[("loyalty", "traitor")]);
        play_random(&mut g, &mut rng, 80);
        for seat in 0..5 {
            let v = g.view(seat);
            for (s, k) in v.game.knights.iter().enumerate() {
                if s != seat {
                    assert!(k.hand.iter().all(|&c| c == White::Fight(0)));
                    if !g.knights[s].revealed && g.outcome.is_none() {
                        assert_eq!(k.loyalty, Loyalty::Unknown);
                    }
                } else {
                    assert_eq!(k.hand, g.knights[s].hand);
                }
            }
            assert!(v.game.white_draw.iter().all(|&c| c == White::Fight(0)));
            // What the view keeps is all the seat could know: a sample of it shows the same.
            let mut r = GameRng::seeded(seed);
            let sampled = Shadows::determinize(&v, &mut r).expect("a sample");
            assert_eq!(census_totals(&sampled), (84, 76));
            assert!(
                sampled.view(seat) == v,
                "seed {seed} seat {seat}: a sample's view differs"
            );
        }
    }
}

#[test]
fn bots_decide_the_same_for_states_that_differ_only_in_what_they_cannot_see() {
    let mut rng = GameRng::seeded(11);
    for seed in 0..20 {
        let mut g = game_with(4, seed, &[("loyalty", "traitor")]);
        play_random(&mut g, &mut rng, 40);
        let Some(seat) = g.to_act() else { continue };
        let v = g.view(seat);
        let other = Shadows::determinize(&v, &mut GameRng::seeded(seed + 100)).expect("sample");
        let legal = g.legal_actions();
        assert_eq!(legal, other.legal_actions());
        let a = Shadows::heuristic(&g.view(seat), &legal, &mut GameRng::seeded(1));
        let b = Shadows::heuristic(&other.view(seat), &legal, &mut GameRng::seeded(1));
        assert_eq!(a, b);
    }
}

/// What one decision's actions share (`bot::Shared`) is the same for every one of them: each
/// action scores as it does alone, at every decision of random games (every kind of decision,
/// three to seven players).
#[test]
fn each_action_scores_as_alone_when_a_decision_shares_its_work() {
    let mut rng = GameRng::seeded(3);
    let mut legal = Vec::new();
    let mut decisions = 0;
    for seed in 0..12u64 {
        let mut g = game(3 + (seed % 5) as usize, seed);
        let w = g.content.bots.normal.clone();
        for _ in 0..3_000 {
            if g.outcome.is_some() {
                break;
            }
            g.legal_into(&mut legal);
            let shared = bot::Shared::default();
            for a in &legal {
                let together = bot::action_value_in(&g, a, &w, &shared);
                let alone = bot::action_value_with(&g, a, &w);
                assert_eq!(together.to_bits(), alone.to_bits(), "{a:?} at turn {}", g.turn);
            }
            decisions += 1;
            // Half the moves the heuristic's, so that the games reach the quests.
            let a = if rng.below(2) == 0 {
                heuristic_with(&g, &legal, &mut rng, &w).expect("a choice")
            } else {
                legal[rng.below(legal.len() as u32) as usize]
            };
            g.apply_quiet(&a).expect("a legal action applies");
        }
    }
    assert!(decisions > 1_000, "{decisions} decisions");
}

// ---------------------------------------------------------------------------------------------
// Scenarios: a fresh game rearranged by moving cards between piles (so every card stays
// counted), then played through `apply`.

/// A game with these Knights in seat order, all Loyal, at the first seat's Progression of Evil.
fn scenario(knights: &str) -> Shadows {
    let n = knights.split(',').count();
    let mut g = game_with(n, 1, &[("knights", knights)]);
    for k in g.knights.iter_mut() {
        k.loyalty = Loyalty::Loyal;
    }
    g.stack.clear();
    g.active = 0;
    g.stack.push(Task::EndTurn);
    g.stack.push(Task::HeroicStart);
    g.stack.push(Task::Evil);
    g
}

/// Sets a seat's hand, taking the cards from the White draw pile and putting the old hand back.
fn hand(g: &mut Shadows, seat: Seat, cards: &[White]) {
    let old = std::mem::take(&mut g.knights[seat].hand);
    g.white_draw.extend(old);
    for &c in cards {
        if let Some(i) = g.white_draw.iter().position(|&x| x == c) {
            g.white_draw.remove(i);
        } else {
            // A unique card another Knight was dealt: he gets a card from the pile for it.
            let (other, i) = (0..g.knights.len())
                .filter(|&o| o != seat)
                .find_map(|o| g.knights[o].hand.iter().position(|&x| x == c).map(|i| (o, i)))
                .expect("the card is somewhere");
            g.knights[other].hand.remove(i);
            let swap = g.white_draw.pop().expect("cards");
            g.knights[other].hand.push(swap);
            g.knights[other].hand.sort_unstable();
        }
        g.knights[seat].hand.push(c);
    }
    g.knights[seat].hand.sort_unstable();
}

/// Puts these Black cards on top of the Black pile, the first drawn first.
fn on_top(g: &mut Shadows, cards: &[Black]) {
    for &c in cards.iter().rev() {
        let i = g
            .black_draw
            .iter()
            .position(|&x| x == c)
            .expect("the card is in the Black pile");
        g.black_draw.remove(i);
        g.black_draw.push(c);
    }
}

/// Every Knight's Merlins to the discard pile (each is still asked to pledge, and has only "no").
fn no_merlins(g: &mut Shadows) {
    for s in 0..g.knights.len() {
        let merlins = g.knights[s].count(White::Merlin);
        g.knights[s].hand.retain(|&c| c != White::Merlin);
        g.white_discard.extend(std::iter::repeat_n(White::Merlin, merlins));
    }
}

/// The active Knight draws a Black card; a Special one is offered to every Knight with cards,
/// none of whom holds a Merlin: each may only say no.
fn draw_unpledged(g: &mut Shadows) {
    act(g, Action::Evil(EvilChoice::DrawBlack));
    while matches!(g.stack.last(), Some(Task::MerlinPledge { .. })) {
        assert_eq!(
            g.legal_actions(),
            vec![Action::Pledge(0), Action::NoPledge],
            "no Merlin, nothing to pledge"
        );
        act(g, Action::Pledge(0));
    }
}

/// Fight cards from the draw pile onto a quest's Knights' side.
fn fights_on(g: &mut Shadows, q: QuestId, values: &[u8]) {
    for &v in values {
        let i = g
            .white_draw
            .iter()
            .position(|&x| x == White::Fight(v))
            .expect("in the pile");
        g.white_draw.remove(i);
        g.quests[q.index()].white.push(White::Fight(v));
    }
}

/// Sir Kay (seat 1) at the Black Knight with 7 (face down or up), 5 and 5 against him and
/// `kay_holds` in his hand; Evil's fourth card, a 3, is drawn and placed face up: the combat
/// ends and asks him.
fn kay_when_the_black_knight_ends(fights: &[u8], seven_face_down: bool, kay_holds: &[White]) -> Shadows {
    let mut g = scenario("kay,palamedes,gawain");
    g.knights[0].at = Location::Quest(QuestId::BlackKnight);
    fights_on(&mut g, QuestId::BlackKnight, fights);
    blacks_on(
        &mut g,
        QuestId::BlackKnight,
        &[
            (Black::BlackKnight(7), seven_face_down),
            (Black::BlackKnight(5), false),
            (Black::BlackKnight(5), false),
        ],
    );
    hand(&mut g, 0, kay_holds);
    on_top(&mut g, &[Black::BlackKnight(3)]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    act(&mut g, Action::Face(Face::Up));
    assert!(matches!(g.stack.last(), Some(Task::KayCombat { .. })));
    g
}

/// Black cards from the Black pile onto a quest's Evil side, face up or down, drawn by seat 1.
fn blacks_on(g: &mut Shadows, q: QuestId, cards: &[(Black, bool)]) {
    for &(card, face_down) in cards {
        let i = g.black_draw.iter().position(|&x| x == card).expect("in the pile");
        g.black_draw.remove(i);
        g.quests[q.index()].black.push(Placed { card, face_down, by: 1 });
    }
}

fn act(g: &mut Shadows, a: Action) -> Vec<Event> {
    match g.apply(&a) {
        Ok(events) => events.into_iter().map(|t| t.event).collect(),
        Err(e) => panic!("{a:?} refused: {e}; pending {:?}", g.stack.last()),
    }
}

fn refused(g: &mut Shadows, a: Action) -> String {
    let before = g.clone();
    let e = g.apply(&a).expect_err("refused");
    assert!(*g == before);
    e.0
}

#[test]
fn a_face_down_combat_card_brings_exactly_one_free_white_card() {
    let mut g = scenario("kay,gawain,tristan");
    on_top(&mut g, &[Black::BlackKnight(7)]);
    let cards = g.knights[0].hand.len();
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    assert_eq!(
        g.legal_actions(),
        vec![Action::Face(Face::Up), Action::Face(Face::Down)]
    );
    act(&mut g, Action::Face(Face::Down));
    assert_eq!(g.knights[0].hand.len(), cards + 1);
    let p = g.quest(QuestId::BlackKnight).black[0];
    assert!(p.face_down && p.card == Black::BlackKnight(7));
    // Others see only its type.
    let v = g.view(1);
    assert_eq!(v.game.quest(QuestId::BlackKnight).black[0].card, Black::BlackKnight(0));
    assert_eq!(
        g.view(0).game.quest(QuestId::BlackKnight).black[0].card,
        Black::BlackKnight(7)
    );
}

#[test]
fn a_special_black_is_never_face_down_and_three_merlins_cancel_it() {
    let mut g = scenario("kay,gawain,tristan");
    hand(&mut g, 0, &[White::Merlin, White::Merlin]);
    hand(&mut g, 1, &[White::Merlin]);
    hand(&mut g, 2, &[White::Merlin]);
    on_top(&mut g, &[Black::MorganSiege]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    assert!(!g.legal_actions().contains(&Action::Face(Face::Down)));
    // The drawer is asked first: he pledges one, Gawain one, Tristan one.
    assert_eq!(g.to_act(), Some(0));
    act(&mut g, Action::Pledge(1));
    act(&mut g, Action::Pledge(1));
    act(&mut g, Action::Pledge(1));
    assert_eq!(g.siege, 0, "cancelled");
    assert_eq!(g.knights[0].count(White::Merlin), 1);
    assert_eq!(g.knights[1].count(White::Merlin), 0);
    assert!(g.black_discard.contains(&Black::MorganSiege));
}

#[test]
fn merlin_pledges_that_fall_short_spend_nothing() {
    let mut g = scenario("kay,gawain,tristan");
    hand(&mut g, 0, &[White::Merlin]);
    hand(&mut g, 1, &[White::Merlin]);
    hand(&mut g, 2, &[White::Fight(1)]);
    on_top(&mut g, &[Black::MorganSiege]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    act(&mut g, Action::Pledge(1));
    act(&mut g, Action::Pledge(1));
    // Tristan is asked too (who is asked is public), and has only "no".
    assert_eq!(g.to_act(), Some(2));
    assert_eq!(g.legal_actions(), vec![Action::Pledge(0), Action::NoPledge]);
    act(&mut g, Action::Pledge(0));
    // A second round, since Merlins were added: asked again is whoever has more cards than he
    // pledged (Tristan); nothing is added, and the card takes effect.
    assert_eq!(g.to_act(), Some(2));
    act(&mut g, Action::Pledge(0));
    assert_eq!(g.siege, 2);
    assert_eq!(g.knights[0].count(White::Merlin), 1);
    assert_eq!(g.knights[1].count(White::Merlin), 1);
}

#[test]
fn a_standard_black_for_a_finished_quest_becomes_a_siege_engine() {
    let mut g = scenario("kay,gawain,tristan");
    g.quests[QuestId::Excalibur.index()].in_play = false;
    on_top(&mut g, &[Black::Excalibur]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    assert_eq!(g.siege, 1);
    assert!(g.black_discard.contains(&Black::Excalibur));
    // A Lancelot card goes to the Dragon once Lancelot is over, with its Dragon value.
    g.quests[QuestId::Lancelot.index()].in_play = false;
    g.quests[QuestId::Dragon.index()].in_play = true;
    assert_eq!(g.black_target(Black::Lancelot(3, 7)), Some(QuestId::Dragon));
}

#[test]
fn both_piles_reshuffle_when_either_runs_out() {
    let mut g = scenario("kay,gawain,tristan");
    // Move all but one Black card to the discard pile; a few White cards too.
    while g.black_draw.len() > 1 {
        let c = g.black_draw.remove(0);
        g.black_discard.push(c);
    }
    for _ in 0..5 {
        let c = g.white_draw.pop().expect("cards");
        g.white_discard.push(c);
    }
    let top = g.black_draw[0];
    let events = act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    assert!(events.contains(&Event::Reshuffled));
    assert!(g.white_discard.len() <= 1, "White discards shuffled in too");
    let _ = top;
    assert_eq!(census_totals(&g), (84, 76));
}

#[test]
fn a_war_takes_one_to_five_and_the_fourth_figure_loses_it() {
    let mut g = scenario("kay,gawain,tristan");
    hand(
        &mut g,
        0,
        &[
            White::Fight(1),
            White::Fight(2),
            White::Fight(3),
            White::Fight(4),
            White::Fight(5),
        ],
    );
    g.knights[0].at = Location::Quest(QuestId::PictWar);
    at_heroic(&mut g);
    assert!(refused(&mut g, Action::Fight(2)).contains("needs a Fight 1"));
    for v in 1..=5u8 {
        g.this_turn = TurnState::default();
        if !g.stack.contains(&Task::Heroic) {
            g.stack.push(Task::Heroic);
        }
        act(&mut g, Action::Fight(v));
    }
    assert_eq!(g.white_swords, 1);
    assert_eq!(g.knights[0].at, Location::RoundTable);
    assert_eq!(g.knights[0].life, 5);
    assert!(g.quest(QuestId::PictWar).white.is_empty() && g.quest(QuestId::PictWar).in_play);

    // Mordred asks for a second 5; the fourth figure loses the war.
    let mut g = scenario("kay,gawain,tristan");
    g.knights[1].at = Location::Quest(QuestId::SaxonWar);
    on_top(&mut g, &[Black::Mordred]);
    no_merlins(&mut g);
    draw_unpledged(&mut g);
    act(&mut g, Action::War(QuestId::SaxonWar));
    assert!(g.quest(QuestId::SaxonWar).mordred);
    fights_on(&mut g, QuestId::SaxonWar, &[1, 2, 3, 4, 5]);
    assert_eq!(
        apply::war_next(g.quest(QuestId::SaxonWar), &[1, 2, 3, 4, 5], 5),
        Some(5)
    );
    // Three more figures: the fourth loses.
    let black_before = g.black_swords;
    let siege_before = g.siege;
    for _ in 0..3 {
        g.add_figure(QuestId::SaxonWar, &mut Report(None));
        g.settle(&mut Report(None));
    }
    assert_eq!(g.black_swords, black_before + 1);
    assert_eq!(g.siege, siege_before + 2);
    assert_eq!(g.knights[1].life, 3, "the Knight there loses a Life point");
    assert!(!g.quest(QuestId::SaxonWar).mordred, "Mordred leaves with the war");
    assert_eq!(census_totals(&g), (84, 76));
}

#[test]
fn excalibur_is_won_at_the_knights_end_and_lost_at_evils() {
    let mut g = scenario("kay,gawain,tristan");
    g.knights[0].at = Location::Quest(QuestId::Excalibur);
    g.quests[QuestId::Excalibur.index()].track = 4;
    hand(&mut g, 0, &[White::Grail]);
    at_heroic(&mut g);
    act(&mut g, Action::RaiseExcalibur(White::Grail));
    assert!(g.knights[0].excalibur);
    assert_eq!(g.white_swords, 2);
    assert!(!g.quest(QuestId::Excalibur).in_play);

    let mut g = scenario("kay,gawain,tristan");
    g.quests[QuestId::Excalibur.index()].track = -4;
    on_top(&mut g, &[Black::Excalibur]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    assert_eq!(g.black_swords, 2);
    assert!(!g.quest(QuestId::Excalibur).in_play);
}

#[test]
fn the_grail_fills_from_both_ends_and_a_full_quest_pushes_back() {
    let mut g = scenario("kay,gawain,tristan");
    g.knights[0].at = Location::Quest(QuestId::Grail);
    // Six Grail cards on it and one Despair: full.
    for _ in 0..6 {
        let i = g.white_draw.iter().position(|&x| x == White::Grail).expect("grail");
        g.white_draw.remove(i);
        g.quests[QuestId::Grail.index()].white.push(White::Grail);
    }
    blacks_on(&mut g, QuestId::Grail, &[(Black::Despair, false)]);
    hand(&mut g, 0, &[White::Grail]);
    at_heroic(&mut g);
    act(&mut g, Action::PlayGrail);
    // The Grail card pushes the Despair off: six Grail cards, no Black.
    assert_eq!(g.quest(QuestId::Grail).white.len(), 6);
    assert!(g.quest(QuestId::Grail).black.is_empty());
    // One more wins it.
    hand(&mut g, 0, &[White::Grail]);
    g.this_turn = TurnState::default();
    g.stack.push(Task::Heroic);
    act(&mut g, Action::PlayGrail);
    assert!(g.knights[0].grail);
    assert_eq!(g.white_swords, 3);
    assert_eq!(census_totals(&g), (84, 76));
}

#[test]
fn combat_ties_go_to_evil() {
    let mut g = scenario("gawain,tristan,palamedes");
    g.knights[0].at = Location::Quest(QuestId::BlackKnight);
    // Knights 1+1+2+2 = 6 against Evil 1+5 = 6.
    fights_on(&mut g, QuestId::BlackKnight, &[1, 1, 2]);
    blacks_on(
        &mut g,
        QuestId::BlackKnight,
        &[(Black::BlackKnight(1), false), (Black::BlackKnight(5), false)],
    );
    hand(&mut g, 0, &[White::Fight(2)]);
    at_heroic(&mut g);
    act(&mut g, Action::Fight(2));
    assert_eq!((g.white_swords, g.black_swords), (0, 1));
    assert_eq!(g.knights[0].life, 3);
}

#[test]
fn a_siege_fight_needs_more_than_the_die() {
    for seed in 0..40 {
        let mut g = scenario("gawain,tristan,palamedes");
        g.rng = GameRng::seeded(seed);
        g.siege = 3;
        hand(&mut g, 0, &[White::Fight(4)]);
        at_heroic(&mut g);
        act(&mut g, Action::FightSiege(4));
        let events = act(&mut g, Action::Roll);
        let fight = events
            .iter()
            .find_map(|e| match e {
                Event::SiegeFight { total, roll, won, .. } => Some((*total, *roll, *won)),
                _ => None,
            })
            .expect("a fight");
        assert_eq!(fight.0, 4);
        assert_eq!(fight.2, fight.0 > fight.1, "{fight:?}");
        if fight.2 {
            assert_eq!(g.siege, 2);
        } else {
            assert_eq!((g.siege, g.knights[0].life), (3, 3));
        }
    }
}

#[test]
fn the_round_table_draw_stops_at_twelve_and_gawain_draws_three() {
    let mut g = scenario("gawain,tristan,palamedes");
    at_heroic(&mut g);
    act(&mut g, Action::DrawWhite);
    assert_eq!(g.knights[0].hand.len(), 9);
    let mut g = scenario("tristan,gawain,palamedes");
    at_heroic(&mut g);
    act(&mut g, Action::DrawWhite);
    assert_eq!(g.knights[0].hand.len(), 8);
    let twelve: Vec<White> = [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4].map(White::Fight).to_vec();
    hand(&mut g, 0, &twelve);
    g.this_turn = TurnState::default();
    g.stack.push(Task::Heroic);
    assert!(refused(&mut g, Action::DrawWhite).contains("12 or more"));
}

#[test]
fn a_solo_quest_takes_one_knight_and_leaving_it_loses_its_cards() {
    let mut g = scenario("gawain,tristan,palamedes");
    g.knights[1].at = Location::Quest(QuestId::BlackKnight);
    at_heroic(&mut g);
    let why = refused(&mut g, Action::Move(Location::Quest(QuestId::BlackKnight)));
    assert!(why.contains("Solo Quest"), "{why}");
    // Tristan leaves with a card on it: discarded.
    let i = g.white_draw.iter().position(|&x| x == White::Fight(3)).expect("fight");
    g.white_draw.remove(i);
    g.quests[QuestId::BlackKnight.index()].white.push(White::Fight(3));
    g.active = 1;
    g.this_turn = TurnState::default();
    act(&mut g, Action::Move(Location::Quest(QuestId::PictWar)));
    assert!(g.quest(QuestId::BlackKnight).white.is_empty());
    assert!(g.white_discard.contains(&White::Fight(3)));
}

#[test]
fn a_second_action_costs_a_life_point_and_must_be_of_another_kind() {
    let mut g = scenario("gawain,palamedes,kay");
    at_heroic(&mut g);
    act(&mut g, Action::Move(Location::Quest(QuestId::PictWar)));
    // The action is taken: moving again is refused; a sacrifice opens another kind.
    assert!(refused(&mut g, Action::Move(Location::RoundTable)).contains("kind not yet used"));
    assert!(g.legal_actions().contains(&Action::Sacrifice));
    act(&mut g, Action::Sacrifice);
    assert_eq!(g.knights[0].life, 3);
    assert!(
        !g.legal_actions().contains(&Action::EndTurn),
        "the bought action must be taken"
    );
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Move(_))));
    assert!(!g.legal_actions().contains(&Action::Sacrifice), "once a turn");
}

#[test]
fn tristan_leaves_camelot_for_free_but_the_move_is_used() {
    // The FAQ example: Tristan leaves the Round Table for free, then acts on the quest.
    let mut g = scenario("tristan,gawain,palamedes");
    hand(&mut g, 0, &[White::Fight(1)]);
    at_heroic(&mut g);
    act(&mut g, Action::Move(Location::Quest(QuestId::PictWar)));
    assert_eq!(g.this_turn.paid, 0);
    act(&mut g, Action::Fight(1));
    assert_eq!(g.this_turn.paid, 1);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Move(_))));
    act(&mut g, Action::EndTurn);
}

#[test]
fn one_special_white_a_turn_and_galahad_plays_his_for_free() {
    let mut g = scenario("galahad,gawain,palamedes");
    hand(&mut g, 0, &[White::Piety, White::Reinforcements]);
    at_heroic(&mut g);
    act(&mut g, Action::Piety(ForWhom::Himself));
    assert_eq!(g.knights[0].life, 6);
    assert_eq!(g.this_turn.paid, 0, "free for Galahad");
    assert!(refused(&mut g, Action::Reinforcements(ForWhom::Himself)).contains("kind not yet used"));
    act(&mut g, Action::DrawWhite);
    assert_eq!(g.this_turn.paid, 1);
}

#[test]
fn healing_takes_three_identical_cards_and_stops_at_six() {
    let mut g = scenario("gawain,palamedes,kay");
    hand(
        &mut g,
        0,
        &[
            White::Fight(2),
            White::Fight(2),
            White::Fight(2),
            White::Grail,
            White::Grail,
        ],
    );
    at_heroic(&mut g);
    assert!(refused(&mut g, Action::Heal(White::Grail)).contains("identical"));
    act(&mut g, Action::Heal(White::Fight(2)));
    assert_eq!(g.knights[0].life, 5);
    assert_eq!(g.knights[0].hand, vec![White::Grail, White::Grail]);
}

#[test]
fn accusations_open_at_six_and_are_made_once() {
    let mut g = scenario("gawain,palamedes,kay");
    g.knights[2].loyalty = Loyalty::Traitor;
    at_heroic(&mut g);
    assert!(refused(&mut g, Action::Accuse(1)).contains("accusations open at 6"));
    // A wrong accusation with no White Sword does nothing but reveal.
    g.siege = 6;
    act(&mut g, Action::Accuse(1));
    assert!(g.knights[1].revealed);
    assert_eq!((g.white_swords, g.black_swords), (0, 0));
    // A White Sword is turned by the next wrong one; the right one unmasks.
    let mut g2 = scenario("gawain,palamedes,kay");
    g2.knights[2].loyalty = Loyalty::Traitor;
    g2.siege = 6;
    g2.white_swords = 2;
    at_heroic(&mut g2);
    act(&mut g2, Action::Accuse(1));
    assert_eq!((g2.white_swords, g2.black_swords), (1, 1));
    g2.this_turn = TurnState::default();
    g2.stack.push(Task::Heroic);
    assert!(refused(&mut g2, Action::Accuse(2)).contains("once a game"));
    g2.active = 1;
    act(&mut g2, Action::Accuse(2));
    assert!(g2.knights[2].unmasked);
    assert_eq!(g2.white_swords, 2);
    assert!(g2.knights[2].hand.is_empty());
    assert_eq!(census_totals(&g2), (84, 76));
}

#[test]
fn the_twelfth_sword_ends_the_game_and_a_hidden_traitor_turns_two() {
    let mut g = scenario("gawain,palamedes,kay");
    g.knights[2].loyalty = Loyalty::Traitor;
    g.white_swords = 8;
    g.black_swords = 3;
    g.knights[0].at = Location::Quest(QuestId::PictWar);
    fights_on(&mut g, QuestId::PictWar, &[1, 2, 3, 4]);
    hand(&mut g, 0, &[White::Fight(5)]);
    at_heroic(&mut g);
    act(&mut g, Action::Fight(5));
    // 9 White, 3 Black, then the Traitor turns two: 7 to 5, the Knights still win.
    let o = g.outcome.clone().expect("over");
    assert_eq!((g.white_swords, g.black_swords), (7, 5));
    assert_eq!(o.winners, vec![0, 1]);
    // 6 to 6 is Evil's.
    let mut g = scenario("gawain,palamedes,kay");
    g.white_swords = 5;
    g.black_swords = 6;
    g.knights[0].at = Location::Quest(QuestId::PictWar);
    fights_on(&mut g, QuestId::PictWar, &[1, 2, 3, 4]);
    hand(&mut g, 0, &[White::Fight(5)]);
    at_heroic(&mut g);
    act(&mut g, Action::Fight(5));
    assert_eq!(g.outcome.clone().expect("over").winners, Vec::<Seat>::new());
}

#[test]
fn seven_black_swords_or_twelve_siege_engines_lose_at_once() {
    let mut g = scenario("gawain,palamedes,kay");
    g.siege = 11;
    act(&mut g, Action::Evil(EvilChoice::AddSiege));
    assert!(g.outcome.as_ref().is_some_and(|o| o.winners.is_empty()));
    let mut g = scenario("gawain,palamedes,kay");
    g.black_swords = 6;
    g.quests[QuestId::Excalibur.index()].track = -4;
    on_top(&mut g, &[Black::Excalibur]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    assert!(g.outcome.is_some());
}

#[test]
fn death_comes_at_the_end_of_the_turn_unless_the_grail_saves() {
    let mut g = scenario("gawain,palamedes,kay");
    g.knights[0].life = 1;
    g.knights[0].excalibur = true;
    act(&mut g, Action::Evil(EvilChoice::LoseLife));
    // At 0 after Evil: no Heroic Action; he dies as the turn ends, Excalibur with him.
    assert!(g.knights[0].dead);
    assert!(!g.knights[0].excalibur);
    assert!(g.knights[0].hand.is_empty());
    assert_eq!(g.active, 1);
    assert_eq!(census_totals(&g), (84, 76));

    let mut g = scenario("gawain,palamedes,kay");
    g.knights[0].life = 1;
    g.knights[2].grail = true;
    act(&mut g, Action::Evil(EvilChoice::LoseLife));
    assert_eq!(g.to_act(), Some(2), "the Grail's owner decides");
    act(&mut g, Action::Yes);
    assert_eq!(g.knights[0].life, 4);
    assert!(!g.knights[2].grail);
    assert!(matches!(g.stack.last(), Some(Task::Heroic)));
}

#[test]
fn a_doomed_knight_gains_nothing_and_the_last_loyal_death_loses() {
    let mut g = scenario("gawain,palamedes,kay");
    g.knights[1].loyalty = Loyalty::Traitor;
    g.knights[2].dead = true;
    g.knights[2].at = Location::Gone;
    g.knights[0].life = 1;
    hand(&mut g, 0, &[White::Piety]);
    act(&mut g, Action::Evil(EvilChoice::LoseLife));
    assert!(g.outcome.is_some(), "the last Loyal Knight died");
    assert_eq!(g.outcome.clone().expect("over").winners, vec![1]);
}

#[test]
fn morgan_asks_for_a_volunteer_clockwise_then_everyone_discards() {
    let mut g = scenario("gawain,palamedes,kay");
    for s in 0..3 {
        hand(&mut g, s, &[White::Fight(1), White::Fight(2), White::Fight(3)]);
    }
    on_top(&mut g, &[Black::MorganDiscard]);
    // No Merlins in hand: each may only pledge none; then the drawer is asked first.
    draw_unpledged(&mut g);
    assert_eq!(g.to_act(), Some(0));
    act(&mut g, Action::No);
    assert_eq!(g.to_act(), Some(1));
    act(&mut g, Action::No);
    act(&mut g, Action::No);
    // Everyone discards one, from the drawer on.
    for s in 0..3 {
        assert_eq!(g.to_act(), Some(s));
        act(&mut g, Action::Card(White::Fight(1)));
    }
    assert!(g.knights.iter().all(|k| k.hand.len() == 2));
}

#[test]
fn a_refused_split_is_dealt_clockwise_from_the_proposer() {
    let mut g = scenario("gawain,palamedes,kay");
    let pool: Vec<White> = (0..4).map(|_| g.white_draw.pop().expect("card")).collect();
    let mut present = ArrayVec::new();
    present.extend([0usize, 2]);
    g.stack.push(Task::Share {
        proposer: 2,
        present,
        pool,
        assigned: Vec::new(),
    });
    let before = [g.knights[0].hand.len(), g.knights[2].hand.len()];
    for _ in 0..4 {
        act(&mut g, Action::Assign(2));
    }
    assert_eq!(g.to_act(), Some(0), "the other Knight votes");
    act(&mut g, Action::No);
    assert_eq!(g.knights[0].hand.len(), before[0] + 2);
    assert_eq!(g.knights[2].hand.len(), before[1] + 2);
}

#[test]
fn guinevere_calls_everyone_home_and_ends_the_turn() {
    let mut g = scenario("gawain,palamedes,kay");
    no_merlins(&mut g);
    g.knights[1].at = Location::Quest(QuestId::Grail);
    g.knights[0].at = Location::Quest(QuestId::PictWar);
    on_top(&mut g, &[Black::Guinevere]);
    draw_unpledged(&mut g);
    assert!(g.knights.iter().all(|k| k.at == Location::RoundTable));
    assert_eq!(g.active, 1, "no Heroic Action for the drawer");
}

#[test]
fn vivien_forbids_merlins_and_the_dark_forest_the_grail() {
    let mut g = scenario("gawain,palamedes,kay");
    g.siege = 3;
    g.vivien = true;
    g.dark_forest = true;
    g.knights[0].at = Location::Quest(QuestId::Grail);
    hand(&mut g, 0, &[White::Merlin, White::Grail]);
    at_heroic(&mut g);
    assert!(refused(&mut g, Action::Merlin(MerlinTarget::SiegeEngine)).contains("Vivien"));
    assert!(refused(&mut g, Action::PlayGrail).contains("Dark Forest"));
}

#[test]
fn percival_sees_the_top_black_card_while_he_chooses() {
    let g = scenario("percival,gawain,kay");
    let top = *g.black_draw.last().expect("cards");
    assert_eq!(g.view(0).game.black_draw.last(), Some(&top));
    assert_eq!(g.view(1).game.black_draw.last(), Some(&Black::Hidden));
}

#[test]
fn lancelots_armor_draws_two_and_keeps_one() {
    let mut g = scenario("gawain,palamedes,kay");
    g.knights[0].armor = true;
    on_top(&mut g, &[Black::MorganSiege, Black::Excalibur]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    assert_eq!(g.to_act(), Some(0));
    act(&mut g, Action::KeepBlack(Drawn::Second));
    assert_eq!(g.quest(QuestId::Excalibur).track, -1);
    assert_eq!(
        g.black_draw.first(),
        Some(&Black::MorganSiege),
        "the other goes under the pile"
    );
}

#[test]
fn a_won_quest_heals_those_present_and_palamedes_more() {
    let mut g = scenario("gawain,palamedes,kay");
    for s in 0..2 {
        g.knights[s].at = Location::Quest(QuestId::PictWar);
    }
    fights_on(&mut g, QuestId::PictWar, &[1, 2, 3, 4]);
    hand(&mut g, 0, &[White::Fight(5)]);
    at_heroic(&mut g);
    act(&mut g, Action::Fight(5));
    assert_eq!(g.knights[0].life, 5);
    assert_eq!(g.knights[1].life, 6, "Palamedes gains one more");
    // The four spoil cards are shared by the two present: Gawain proposes.
    assert!(matches!(g.stack.last(), Some(Task::Share { proposer: 0, .. })));
}

#[test]
fn no_event_shows_a_seat_what_it_may_not_see() {
    let mut rng = GameRng::seeded(31);
    for seed in 0..40 {
        let mut g = game_with(3 + (seed as usize % 5), seed, &[("loyalty", "traitor")]);
        while g.outcome.is_none() {
            let legal = g.legal_actions();
            let a = legal[rng.below(legal.len() as u32) as usize];
            for t in g.apply(&a).expect("legal") {
                let private_to = match &t.event {
                    Event::WhiteDrawn { seat, .. }
                    | Event::LoyaltySeen { seat, .. }
                    | Event::Peeked { seat, .. }
                    | Event::BlackUnder { seat, .. } => Some(*seat),
                    Event::Looked { seat, .. } => Some(*seat),
                    _ => None,
                };
                if let Some(s) = private_to {
                    assert_eq!(t.to, Visibility::Only(s), "{:?}", t.event);
                }
                if let Event::CardPassed { from, to, .. } = t.event {
                    assert!(matches!(t.to, Visibility::Only(x) if x == from || x == to));
                }
                // A face-down card's value reaches its drawer only.
                if let Event::BlackPlaced {
                    seat,
                    card,
                    face_down: true,
                    ..
                } = t.event
                    && t.to != Visibility::Only(seat)
                {
                    assert_eq!(card, card.hidden(), "a face-down value shown");
                }
                // A Combat card bound for a quest is told in full to its drawer only (one whose
                // quest is over becomes a Siege Engine in public).
                if let Event::BlackDrawn { card, .. } = t.event
                    && card.is_combat()
                    && card != card.hidden()
                    && t.to == Visibility::Everyone
                {
                    assert!(g.black_target(card).is_none(), "{card:?} told to all");
                }
            }
        }
        // Hidden Loyalty never in a view before the end; at the end every dealt card is shown.
        for s in 0..g.knights.len() {
            assert!(g.view(s).game.knights.iter().all(|k| k.loyalty != Loyalty::Unknown));
        }
    }
}

#[test]
fn the_special_whites_do_what_their_cards_say() {
    // Clairvoyance: the top cards come back in the chosen order.
    let mut g = scenario("gawain,palamedes,kay");
    hand(&mut g, 0, &[White::Clairvoyance]);
    on_top(
        &mut g,
        &[
            Black::Picts,
            Black::Saxons,
            Black::Excalibur,
            Black::Despair,
            Black::Mercenaries,
        ],
    );
    at_heroic(&mut g);
    act(&mut g, Action::Clairvoyance);
    assert!(
        g.view(0)
            .game
            .stack
            .iter()
            .any(|t| matches!(t, Task::Clairvoyance { left, .. } if left.contains(&Black::Picts)))
    );
    assert!(
        g.view(1)
            .game
            .stack
            .iter()
            .any(|t| matches!(t, Task::Clairvoyance { left, .. } if left.iter().all(|&c| c == Black::Hidden)))
    );
    for c in [
        Black::Mercenaries,
        Black::Despair,
        Black::Excalibur,
        Black::Saxons,
        Black::Picts,
    ] {
        act(&mut g, Action::PutNext(c));
    }
    let top: Vec<Black> = g.black_draw.iter().rev().take(5).copied().collect();
    assert_eq!(
        top,
        vec![
            Black::Mercenaries,
            Black::Despair,
            Black::Excalibur,
            Black::Saxons,
            Black::Picts
        ]
    );

    // Convocation: everyone home, as many cards as Knights, shared.
    let mut g = scenario("gawain,palamedes,kay");
    hand(&mut g, 0, &[White::Convocation]);
    g.knights[1].at = Location::Quest(QuestId::Grail);
    g.knights[2].at = Location::Quest(QuestId::BlackKnight);
    at_heroic(&mut g);
    act(&mut g, Action::Convocation);
    assert!(g.knights.iter().all(|k| k.at == Location::RoundTable));
    assert!(matches!(g.stack.last(), Some(Task::Share { proposer: 0, pool, .. }) if pool.len() == 3));

    // Fate, played by a Loyal Knight: a card each; by the Traitor: unmasked, two discards each.
    let mut g = scenario("gawain,palamedes,kay");
    hand(&mut g, 0, &[White::Fate]);
    let sizes: Vec<usize> = g.knights.iter().map(|k| k.hand.len()).collect();
    at_heroic(&mut g);
    act(&mut g, Action::Fate);
    assert_eq!(g.knights[1].hand.len(), sizes[1] + 1);
    let mut g = scenario("gawain,palamedes,kay");
    g.knights[0].loyalty = Loyalty::Traitor;
    hand(&mut g, 0, &[White::Fate]);
    at_heroic(&mut g);
    act(&mut g, Action::Fate);
    assert!(g.knights[0].unmasked);
    assert_eq!(g.white_swords, 0, "no White Sword for a self-unmasking");
    assert_eq!(g.to_act(), Some(1), "the others discard two, in order");

    // Heroism: one more Sword of the result's colour.
    let mut g = scenario("gawain,palamedes,kay");
    hand(&mut g, 0, &[White::Heroism]);
    at_heroic(&mut g);
    act(&mut g, Action::Heroism(QuestId::Excalibur));
    g.quests[QuestId::Excalibur.index()].track = -4;
    on_top(&mut g, &[Black::Excalibur]);
    g.stack.clear();
    g.stack.push(Task::EndTurn);
    g.stack.push(Task::HeroicStart);
    g.stack.push(Task::Evil);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    assert_eq!(g.black_swords, 3);
    assert_eq!(census_totals(&g), (84, 76));

    // The Lady of the Lake: Excalibur a step nearer, or two Life points once it is gone.
    let mut g = scenario("gawain,palamedes,kay");
    hand(&mut g, 0, &[White::LadyOfTheLake]);
    at_heroic(&mut g);
    act(&mut g, Action::LadyOfTheLake);
    assert_eq!(g.quest(QuestId::Excalibur).track, 1);
    let mut g = scenario("gawain,palamedes,kay");
    g.quests[QuestId::Excalibur.index()].in_play = false;
    hand(&mut g, 0, &[White::LadyOfTheLake]);
    at_heroic(&mut g);
    act(&mut g, Action::LadyOfTheLake);
    assert_eq!(g.knights[0].life, 6);

    // Messenger: one to three cards to one Knight.
    let mut g = scenario("gawain,palamedes,kay");
    hand(&mut g, 0, &[White::Messenger, White::Grail, White::Fight(2)]);
    let before = g.knights[2].hand.len();
    at_heroic(&mut g);
    act(&mut g, Action::Messenger(2));
    act(&mut g, Action::Card(White::Grail));
    act(&mut g, Action::Done);
    assert_eq!(g.knights[2].hand.len(), before + 1);
    assert!(g.knights[2].holds(White::Grail));

    // Piety and Reinforcements for the others.
    let mut g = scenario("gawain,palamedes,kay");
    hand(&mut g, 0, &[White::Piety]);
    at_heroic(&mut g);
    act(&mut g, Action::Piety(ForWhom::Others));
    assert_eq!((g.knights[0].life, g.knights[1].life, g.knights[2].life), (4, 5, 5));
    let mut g = scenario("gawain,palamedes,kay");
    hand(&mut g, 0, &[White::Reinforcements]);
    let sizes: Vec<usize> = g.knights.iter().map(|k| k.hand.len()).collect();
    at_heroic(&mut g);
    act(&mut g, Action::Reinforcements(ForWhom::Others));
    assert_eq!(g.knights[0].hand.len(), 0);
    assert_eq!(g.knights[2].hand.len(), sizes[2] + 1);
}

#[test]
fn a_single_merlin_removes_a_siege_engine_a_figure_or_the_last_black_card() {
    let mut g = scenario("gawain,palamedes,kay");
    hand(&mut g, 0, &[White::Merlin]);
    g.quests[QuestId::PictWar.index()].figures = 2;
    blacks_on(&mut g, QuestId::BlackKnight, &[(Black::BlackKnight(7), true)]);
    at_heroic(&mut g);
    let legal = g.legal_actions();
    assert!(
        !legal.contains(&Action::Merlin(MerlinTarget::SiegeEngine)),
        "no Siege Engine to remove"
    );
    assert!(legal.contains(&Action::Merlin(MerlinTarget::Figure(QuestId::PictWar))));
    act(&mut g, Action::Merlin(MerlinTarget::BlackCard(QuestId::BlackKnight)));
    assert!(g.quest(QuestId::BlackKnight).black.is_empty());
    // Discarded unseen: the others do not learn it.
    assert_eq!(g.black_unseen, vec![Black::BlackKnight(7)]);
    assert!(g.view(2).game.black_unseen.iter().all(|&c| c == Black::Hidden));
    assert_eq!(census_totals(&g), (84, 76));
}

#[test]
fn the_morgans_wound_siege_and_draw_three_more() {
    let mut g = scenario("gawain,palamedes,kay");
    no_merlins(&mut g);
    on_top(&mut g, &[Black::MorganWound]);
    draw_unpledged(&mut g);
    assert!(g.knights.iter().all(|k| k.life == 3));

    let mut g = scenario("gawain,palamedes,kay");
    no_merlins(&mut g);
    on_top(
        &mut g,
        &[Black::MorganMore, Black::Picts, Black::Saxons, Black::Excalibur],
    );
    draw_unpledged(&mut g);
    assert_eq!(g.quest(QuestId::PictWar).figures, 1);
    assert_eq!(g.quest(QuestId::SaxonWar).figures, 1);
    assert_eq!(g.quest(QuestId::Excalibur).track, -1);

    // A Morgan sacrifice volunteer loses two Life points for all.
    let mut g = scenario("gawain,palamedes,kay");
    no_merlins(&mut g);
    on_top(&mut g, &[Black::MorganSacrifice]);
    draw_unpledged(&mut g);
    act(&mut g, Action::No);
    act(&mut g, Action::Yes);
    assert_eq!(g.knights[1].life, 2);
    assert!(g.knights[0].life == 4 && g.knights[2].life == 4);

    // Mists of Avalon: every lost quest lays one more Black Sword.
    let mut g = scenario("gawain,palamedes,kay");
    no_merlins(&mut g);
    g.mists = true;
    g.quests[QuestId::Excalibur.index()].track = -4;
    on_top(&mut g, &[Black::Excalibur]);
    draw_unpledged(&mut g);
    assert_eq!(g.black_swords, 3);
}

#[test]
fn excalibur_may_cancel_a_standard_black_and_is_then_gone() {
    let mut g = scenario("gawain,palamedes,kay");
    g.knights[2].excalibur = true;
    on_top(&mut g, &[Black::Picts]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    assert_eq!(g.to_act(), Some(2));
    act(&mut g, Action::Yes);
    assert_eq!(g.quest(QuestId::PictWar).figures, 0);
    assert!(!g.knights[2].excalibur);
}

#[test]
fn arthur_trades_a_card_and_gets_one_back() {
    let mut g = scenario("arthur,palamedes,kay");
    hand(&mut g, 0, &[White::Grail]);
    hand(&mut g, 1, &[White::Fight(5)]);
    at_heroic(&mut g);
    act(&mut g, Action::ArthurGive(White::Grail, 1));
    assert_eq!(g.to_act(), Some(1));
    act(&mut g, Action::Card(White::Fight(5)));
    assert_eq!(g.knights[0].hand, vec![White::Fight(5)]);
    assert_eq!(g.knights[1].hand, vec![White::Grail]);
    assert!(
        !g.legal_actions().iter().any(|a| matches!(a, Action::ArthurGive(..))),
        "once a turn"
    );
}

#[test]
fn kay_may_add_a_card_when_a_combat_ends() {
    // Knights 5+5+4 = 14 against 7+5+5; Evil's fourth card (3) ends it at 20.
    let mut g = kay_when_the_black_knight_ends(&[5, 5, 4], false, &[White::Fight(3)]);
    // Kay may add his 3 after the reveal: 17 against 20 is still short, and the quest is lost.
    act(&mut g, Action::Card(White::Fight(3)));
    assert_eq!(g.black_swords, 1);
}

#[test]
fn the_unmasked_traitor_taunts_and_feeds_evil() {
    let mut g = scenario("gawain,palamedes,kay");
    g.knights[1].loyalty = Loyalty::Traitor;
    g.siege = 6;
    at_heroic(&mut g);
    act(&mut g, Action::Accuse(1));
    assert!(g.knights[1].unmasked);
    act(&mut g, Action::EndTurn);
    assert_eq!(g.active, 1);
    assert!(matches!(g.stack.last(), Some(Task::Taunt)));
    let before = g.knights[2].hand.len();
    act(&mut g, Action::Taunt(2));
    assert_eq!(g.knights[2].hand.len(), before - 1);
    assert_eq!(
        g.legal_actions(),
        vec![Action::Evil(EvilChoice::DrawBlack), Action::Evil(EvilChoice::AddSiege)]
    );
    act(&mut g, Action::Evil(EvilChoice::AddSiege));
    assert_eq!(g.siege, 7);
    assert_eq!(g.active, 2);
}

#[test]
fn the_remaining_black_cards_go_where_their_cards_say() {
    // Mercenaries: the drawer picks the war.
    let mut g = scenario("gawain,palamedes,kay");
    on_top(&mut g, &[Black::Mercenaries]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    assert_eq!(
        g.legal_actions(),
        vec![Action::War(QuestId::PictWar), Action::War(QuestId::SaxonWar)]
    );
    act(&mut g, Action::War(QuestId::SaxonWar));
    assert_eq!(
        (g.quest(QuestId::PictWar).figures, g.quest(QuestId::SaxonWar).figures),
        (0, 1)
    );
    // Despair and Desolation fill the Grail's Evil end.
    let mut g = scenario("gawain,palamedes,kay");
    no_merlins(&mut g);
    on_top(&mut g, &[Black::Despair]);
    draw_unpledged(&mut g);
    g.stack.clear();
    g.stack.extend([Task::EndTurn, Task::HeroicStart, Task::Evil]);
    on_top(&mut g, &[Black::Desolation]);
    draw_unpledged(&mut g);
    let cards: Vec<Black> = g.quest(QuestId::Grail).black.iter().map(|p| p.card).collect();
    assert_eq!(cards, vec![Black::Despair, Black::Desolation]);
    // The Dark Forest and Vivien stay in effect.
    for (card, flag) in [(Black::DarkForest, 0), (Black::Vivien, 1)] {
        let mut g = scenario("gawain,palamedes,kay");
        no_merlins(&mut g);
        on_top(&mut g, &[card]);
        draw_unpledged(&mut g);
        assert!(if flag == 0 { g.dark_forest } else { g.vivien });
        assert!(g.black_discard.contains(&card));
    }
    // Vivien: no Merlin pledges are asked.
    let mut g = scenario("gawain,palamedes,kay");
    g.vivien = true;
    on_top(&mut g, &[Black::MorganSiege]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    assert_eq!(g.siege, 2, "Merlins could not cancel it");
}

#[test]
fn kay_may_add_a_card_after_his_siege_roll() {
    for seed in 0..20 {
        let mut g = scenario("kay,palamedes,gawain");
        g.rng = GameRng::seeded(seed);
        g.siege = 4;
        hand(&mut g, 0, &[White::Fight(1), White::Fight(5)]);
        at_heroic(&mut g);
        act(&mut g, Action::FightSiege(1));
        act(&mut g, Action::Roll);
        let Some(Task::KaySiege { roll, .. }) = g.stack.last().cloned() else {
            panic!("Kay is asked after the roll")
        };
        act(&mut g, Action::Card(White::Fight(5)));
        assert_eq!(g.siege, if 6 > roll { 3 } else { 4 }, "roll {roll}");
    }
}

#[test]
fn an_impossible_quest_is_reported_with_its_position() {
    let mut set = ContentSet::embedded();
    let key = "levels/shadows/quests.ron";
    let text = set
        .get(key)
        .expect("shipped")
        .text
        .replacen("pattern: [2, 2]", "pattern: [2, 3]", 1);
    let dir = crate::rules::scratch::scratch_dir("shadows-q");
    let path = dir.join(key);
    std::fs::create_dir_all(path.parent().expect("has a parent")).expect("temp dir");
    std::fs::write(&path, text).expect("write");
    set.overlay_file(key, &path).expect("overlay");
    let errors = ShadowsContent::load(&set).expect_err("5 cards for 4 spots");
    assert!(
        errors.iter().any(|e| e.to_string().contains("must fill its 4")),
        "{errors:?}"
    );
    assert!(errors.iter().all(|e| e.line > 1));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn two_boards_in_one_cell_of_the_table_are_reported_with_their_position() {
    let mut set = ContentSet::embedded();
    let key = "levels/shadows/quests.ron";
    // The Grail's board moved onto the Black Knight's cell; the Dragon away from Lancelot's.
    let text = set
        .get(key)
        .expect("shipped")
        .text
        .replacen("at: (0, 1)", "at: (-1, 1)", 1)
        .replacen(
            "at: (1, 1),\n    ),\n    (\n        id: Excalibur",
            "at: (1, 0),\n    ),\n    (\n        id: Excalibur",
            1,
        );
    let dir = crate::rules::scratch::scratch_dir("shadows-cells");
    let path = dir.join(key);
    std::fs::create_dir_all(path.parent().expect("has a parent")).expect("temp dir");
    std::fs::write(&path, text).expect("write");
    set.overlay_file(key, &path).expect("overlay");
    let errors = ShadowsContent::load(&set).expect_err("two boards in a cell");
    let words: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert!(
        words.iter().any(|e| e.contains("Grail") && e.contains("own cell")),
        "{words:?}"
    );
    assert!(words.iter().any(|e| e.contains("Dragon")), "{words:?}");
    assert!(errors.iter().all(|e| e.line > 1));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_review_fixes_hold() {
    // Kay decides after the face-down cards are turned over.
    let g = kay_when_the_black_knight_ends(&[], true, &[White::Fight(3)]);
    assert!(
        g.view(0)
            .game
            .quest(QuestId::BlackKnight)
            .black
            .iter()
            .all(|p| p.card != Black::BlackKnight(0))
    );

    // A face-down card cancelled by Excalibur is discarded unseen.
    let mut g = scenario("gawain,palamedes,kay");
    g.knights[2].excalibur = true;
    on_top(&mut g, &[Black::BlackKnight(7)]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    act(&mut g, Action::Face(Face::Down));
    assert!(g.prompt().contains("face-down"), "{}", g.prompt());
    act(&mut g, Action::Yes);
    assert_eq!(g.black_unseen, vec![Black::BlackKnight(7)]);
    assert_eq!(g.knights[0].hand.len(), 6, "no free card for a cancelled one");

    // A face-up card shows to the bearer.
    let mut g = scenario("gawain,palamedes,kay");
    g.knights[2].excalibur = true;
    on_top(&mut g, &[Black::BlackKnight(7)]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    act(&mut g, Action::Face(Face::Up));
    assert!(g.prompt().contains("Black Knight 7"), "{}", g.prompt());
    assert!(g.view(2).game.stack.iter().any(|t| matches!(
        t,
        Task::Place {
            card: Black::BlackKnight(7),
            ..
        }
    )));

    // Arthur trades before the Progression of Evil; the Traitor may unmask there too.
    let mut g = scenario("arthur,palamedes,kay");
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::ArthurGive(..))));
    g.knights[0].loyalty = Loyalty::Traitor;
    act(&mut g, Action::RevealSelf);
    assert!(g.knights[0].unmasked);
    assert_eq!(g.active, 1, "his turn ended at once");
}

// ---------------------------------------------------------------------------------------------
// Secrets stay secret: who is asked depends on public information, and what a seat has seen of
// the Black pile stays with it.

#[test]
fn every_knight_with_cards_is_asked_to_pledge_merlins_holding_one_or_not() {
    let mut g = scenario("kay,gawain,tristan");
    hand(&mut g, 0, &[White::Fight(1)]);
    hand(&mut g, 1, &[White::Merlin, White::Fight(2)]);
    hand(&mut g, 2, &[White::Fight(3)]);
    on_top(&mut g, &[Black::MorganSiege]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    // The drawer holds no Merlin and is asked all the same, with only "no" open.
    assert_eq!(g.to_act(), Some(0));
    assert_eq!(g.legal_actions(), vec![Action::Pledge(0), Action::NoPledge]);
    act(&mut g, Action::Pledge(0));
    assert_eq!(g.to_act(), Some(1));
    assert_eq!(
        g.legal_actions(),
        vec![Action::Pledge(0), Action::Pledge(1), Action::NoPledge]
    );
    act(&mut g, Action::Pledge(1));
    assert_eq!(g.to_act(), Some(2));
    act(&mut g, Action::Pledge(0));
    // One Merlin was added: a second round asks whoever has more cards than he pledged.
    assert_eq!(g.to_act(), Some(0));
    act(&mut g, Action::Pledge(0));
    assert_eq!(g.to_act(), Some(1), "two cards, one pledged: he might hold another");
    act(&mut g, Action::Pledge(0));
    act(&mut g, Action::Pledge(0));
    assert_eq!(g.siege, 2, "nothing added in that round: the card takes effect");
    assert_eq!(
        g.knights[1].count(White::Merlin),
        1,
        "a pledge that falls short spends nothing"
    );
    // A Knight with no cards at all is not asked: everyone can see his empty hand.
    let mut g = scenario("kay,gawain,tristan");
    hand(&mut g, 1, &[]);
    on_top(&mut g, &[Black::MorganSiege]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    act(&mut g, Action::Pledge(0));
    assert_eq!(g.to_act(), Some(2), "the Knight with no cards is passed over");
}

#[test]
fn a_knight_who_says_no_merlin_for_the_card_is_not_asked_again() {
    let mut g = scenario("kay,gawain,tristan");
    hand(&mut g, 0, &[White::Fight(1)]);
    hand(&mut g, 1, &[White::Merlin, White::Merlin, White::Fight(2)]);
    hand(&mut g, 2, &[White::Fight(3), White::Merlin]);
    on_top(&mut g, &[Black::MorganSiege]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    // Every Knight asked may end his part for this card, holding a Merlin or not.
    assert_eq!(g.to_act(), Some(0));
    assert_eq!(g.legal_actions(), vec![Action::Pledge(0), Action::NoPledge]);
    act(&mut g, Action::NoPledge);
    assert_eq!(g.to_act(), Some(1));
    assert!(g.legal_actions().contains(&Action::NoPledge));
    act(&mut g, Action::Pledge(1));
    assert_eq!(g.to_act(), Some(2));
    act(&mut g, Action::Pledge(0));
    // A Merlin was added: the second round asks the two still open, not the one who said no.
    assert_eq!(g.to_act(), Some(1), "the drawer said no Merlin for this card");
    act(&mut g, Action::Pledge(1));
    assert_eq!(g.to_act(), Some(2));
    act(&mut g, Action::Pledge(1));
    assert_eq!(g.siege, 0, "three pledged: the card is cancelled");
    assert_eq!(g.knights[1].count(White::Merlin), 0);
    assert_eq!(g.knights[2].count(White::Merlin), 0);
    // The words: a no for the card, and a no for now, are told apart.
    let lines: Vec<String> = [
        Event::Pledged {
            seat: 0,
            merlins: 0,
            last: true,
        },
        Event::Pledged {
            seat: 2,
            merlins: 0,
            last: false,
        },
    ]
    .iter()
    .map(|e| crate::rules::Game::describe_event(&g, e))
    .collect();
    assert!(lines[0].ends_with("pledges no Merlin for this card."), "{lines:?}");
    assert!(lines[1].ends_with("pledges no Merlin yet."), "{lines:?}");
}

#[test]
fn sir_kay_is_asked_whenever_he_has_cards() {
    // No Fight card in his hand: he is asked anyway, and may only say he is done.
    let g = kay_when_the_black_knight_ends(&[5, 5, 4], false, &[White::Grail]);
    assert_eq!(g.legal_actions(), vec![Action::Done]);
}

#[test]
fn a_look_at_the_black_pile_is_remembered_until_the_pile_changes() {
    // Percival: after his Progression of Evil he still knows the top card.
    let mut g = scenario("percival,gawain,kay");
    g.knights[0].black_top = 1;
    let top = *g.black_draw.last().expect("cards");
    act(&mut g, Action::Evil(EvilChoice::AddSiege));
    assert_eq!(
        g.view(0).game.black_draw.last(),
        Some(&top),
        "still known at his Heroic Action"
    );
    assert_eq!(g.view(1).game.black_draw.last(), Some(&Black::Hidden));
    // Clairvoyance: the five put back are known in order, by him alone.
    let mut g = scenario("gawain,palamedes,kay");
    hand(&mut g, 0, &[White::Clairvoyance]);
    let five = [
        Black::Picts,
        Black::Saxons,
        Black::Excalibur,
        Black::Despair,
        Black::Mercenaries,
    ];
    on_top(&mut g, &five);
    at_heroic(&mut g);
    act(&mut g, Action::Clairvoyance);
    for c in five {
        act(&mut g, Action::PutNext(c));
    }
    act(&mut g, Action::EndTurn);
    let mine = g.view(0).game;
    let top: Vec<Black> = mine.black_draw.iter().rev().take(5).copied().collect();
    assert_eq!(top, five, "turns later he still knows the order");
    assert!(g.view(1).game.black_draw.iter().all(|c| *c == Black::Hidden));
    // The next draw takes one; he knows the four below.
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    assert_eq!(g.knights[0].black_top, 4);
    // Lancelot's Armor: the card put under the pile is known at the bottom.
    let mut g = scenario("gawain,palamedes,kay");
    g.knights[0].armor = true;
    on_top(&mut g, &[Black::MorganSiege, Black::Excalibur]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    act(&mut g, Action::KeepBlack(Drawn::Second));
    assert_eq!(g.view(0).game.black_draw.first(), Some(&Black::MorganSiege));
    assert_eq!(g.view(1).game.black_draw.first(), Some(&Black::Hidden));
    // A reshuffle forgets everything.
    let mut r = Report(None);
    g.black_discard.append(&mut g.black_draw);
    g.knights[0].black_bottom = 0;
    assert!(g.take_black(&mut r).is_some());
    assert!(g.knights.iter().all(|k| k.black_top == 0 && k.black_bottom == 0));
}

#[test]
fn an_unseen_combat_card_is_a_combat_card_until_it_lies_on_its_quest() {
    let mut g = scenario("gawain,palamedes,kay");
    on_top(&mut g, &[Black::BlackKnight(7)]);
    let events = g.apply(&Action::Evil(EvilChoice::DrawBlack)).expect("legal");
    let others: Vec<String> = g
        .log_lines(&events)
        .into_iter()
        .filter(|(to, _)| to.shows_to(Some(1)))
        .map(|(_, l)| l)
        .collect();
    assert!(
        others.iter().any(|l| l == "The Black card: a Combat card."),
        "{others:?}"
    );
    assert!(others.iter().all(|l| !l.contains("face down")), "{others:?}");
    let events = g.apply(&Action::Face(Face::Down)).expect("legal");
    let placed: Vec<String> = g
        .log_lines(&events)
        .into_iter()
        .filter(|(to, _)| to.shows_to(Some(1)))
        .map(|(_, l)| l)
        .collect();
    assert!(
        placed.iter().any(|l| l.contains("places a Combat card face down on")),
        "{placed:?}"
    );
}

#[test]
fn three_brave_knights_look_at_their_loyalty_only_at_six_swords() {
    let mut g = game_with(3, 4, &[("three_brave_knights", "on"), ("loyalty", "traitor")]);
    assert!(
        g.opening_events()
            .iter()
            .all(|t| !matches!(t.event, Event::LoyaltySeen { .. }))
    );
    for s in 0..3 {
        assert!(
            g.view(s).game.knights.iter().all(|k| k.loyalty == Loyalty::Unknown),
            "no one knows his own Loyalty yet"
        );
    }
    let traitor = g.traitor_seat().expect("a Traitor is dealt");
    g.active = traitor;
    at_heroic(&mut g);
    assert!(
        !g.legal_actions().contains(&Action::RevealSelf),
        "he cannot reveal what he has not seen"
    );
    // The sixth Sword: everyone looks, each at his own card.
    g.white_swords = 5;
    let mut events = Vec::new();
    g.lay_swords(true, 1, &mut Report(Some(&mut events)));
    let seen: Vec<(Visibility, Seat)> = events
        .iter()
        .filter_map(|t| match t.event {
            Event::LoyaltySeen { seat, .. } => Some((t.to, seat)),
            _ => None,
        })
        .collect();
    assert_eq!(seen, (0..3).map(|s| (Visibility::Only(s), s)).collect::<Vec<_>>());
    assert_eq!(g.view(traitor).game.knights[traitor].loyalty, Loyalty::Traitor);
    assert_eq!(
        g.view((traitor + 1) % 3).game.knights[traitor].loyalty,
        Loyalty::Unknown
    );
    assert!(g.legal_actions().contains(&Action::RevealSelf));
    // Only for three players, and only on or off.
    let mut config = TableConfig::with_players(4, SeatKind::Human, 1);
    config.variants.insert("three_brave_knights".into(), "on".into());
    let err = Shadows::new_shared(&config, &content()).expect_err("refused");
    assert!(err.0.contains("three-player"), "{err}");
    config.variants.insert("three_brave_knights".into(), "maybe".into());
    assert!(Shadows::new_shared(&config, &content()).is_err());
}

#[test]
fn a_knight_who_played_fate_and_stayed_masked_is_loyal_to_the_sampler_and_the_belief() {
    // Fate unmasks the Traitor who plays it (spec §8.3): a Knight who played it and drew a card
    // for everyone is Loyal, and the whole table saw it (his card still lies face down).
    let cases: [(usize, &[(&str, &str)]); 3] = [
        (4, &[("loyalty", "traitor")]),
        (5, &[("loyalty", "standard")]),
        (3, &[("loyalty", "traitor"), ("three_brave_knights", "on")]),
    ];
    for (players, variants) in cases {
        for seed in 0..4 {
            let mut g = game_with(players, seed, variants);
            let f = (0..players)
                .find(|&s| g.knights[s].loyalty == Loyalty::Loyal)
                .expect("a Loyal Knight");
            g.active = f;
            at_heroic(&mut g);
            hand(&mut g, f, &[White::Fate, White::Fight(2)]);
            act(&mut g, Action::Fate);
            assert!(
                !g.knights[f].revealed && !g.knights[f].unmasked,
                "his card stays face down"
            );
            for viewer in 0..players {
                let view = g.view(viewer);
                let mut rng = GameRng::seeded(seed * 10 + viewer as u64);
                for i in 0..100 {
                    let sample = Shadows::determinize(&view, &mut rng).expect("a sample");
                    assert_eq!(
                        sample.knights[f].loyalty,
                        Loyalty::Loyal,
                        "{players} players, seed {seed}, seen by {viewer}, sample {i}: Fate's player dealt the Traitor"
                    );
                    assert!(sample.view(viewer) == view, "a sample's view differs");
                }
                let b = belief(&view);
                assert_eq!(
                    b.p[f], 0.0,
                    "{players} players, seed {seed}, seen by {viewer}: {:?}",
                    b.p
                );
                if g.knights[viewer].loyalty == Loyalty::Loyal && !g.loyalty_unseen {
                    // The Traitor, if any, is among the others: their chances carry the rest.
                    let rest: f32 = (0..players).filter(|&s| s != f && s != viewer).map(|s| b.p[s]).sum();
                    assert!(rest > 0.0, "{:?}", b.p);
                }
            }
        }
    }
}

#[test]
fn under_three_brave_knights_the_lookaheads_imagined_knights_do_not_know_their_loyalty() {
    // The lookahead plays states sampled from the view (every Loyalty card dealt) a few turns out
    // by the heuristic. While no one has looked at his card, an imagined Knight must weigh every
    // action the same whichever card he was dealt.
    let mut rng = GameRng::seeded(5);
    let w = content().bots.normal.clone();
    let (mut compared, mut legal) = (0, Vec::new());
    for seed in 0..30 {
        let mut g = game_with(3, seed, &[("three_brave_knights", "on"), ("loyalty", "traitor")]);
        for _ in 0..150 {
            if g.outcome.is_some() || !g.loyalty_unseen {
                break;
            }
            let Some(me) = g.deciding() else { break };
            g.legal_into(&mut legal);
            let other = (0..3).find(|&s| s != me && g.knights[s].loyalty != g.knights[me].loyalty);
            if let Some(o) = other
                && !g.knights[me].revealed
                && !g.knights[o].revealed
            {
                let mut swapped = g.clone();
                swapped.knights[me].loyalty = g.knights[o].loyalty;
                swapped.knights[o].loyalty = g.knights[me].loyalty;
                assert_eq!(
                    scores(&g, me, &legal, &w),
                    scores(&swapped, me, &legal, &w),
                    "seed {seed}: {} weighs {:?} by a card he has not seen ({:?})",
                    g.who(me),
                    legal,
                    g.stack.last()
                );
                compared += 1;
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            g.apply_quiet(&a).expect("a legal action applies");
        }
    }
    assert!(compared > 500, "only {compared} decisions compared");
}

// ---------------------------------------------------------------------------------------------
// A card that cannot be played says why (issue 35).

#[test]
fn a_third_fight_four_at_the_black_knight_says_it_takes_each_value_twice() {
    let mut g = scenario("kay,gawain,tristan");
    hand(
        &mut g,
        0,
        &[White::Fight(4), White::Fight(2), White::Fight(5), White::Grail],
    );
    g.knights[0].at = Location::Quest(QuestId::BlackKnight);
    fights_on(&mut g, QuestId::BlackKnight, &[4, 4]);
    at_heroic(&mut g);
    let (action, words) = g.card_refusal(White::Fight(4)).expect("a third Fight 4 is refused");
    assert_eq!(action, Action::Fight(4));
    assert_eq!(
        words,
        "a Quest-specific Action on the Black Knight needs two pairs of different values: it takes each value at most twice, and two Fight 4s lie there already"
    );
    assert_eq!(refused(&mut g, action), words, "a click gets the same words");
    // A Fight 2 or 5 makes the second pair: it may be played.
    assert_eq!(g.card_refusal(White::Fight(2)), None);
    assert_eq!(g.card_refusal(White::Fight(5)), None);
    // A Grail card here is meant for the Grail, which he is not on.
    let (action, words) = g.card_refusal(White::Grail).expect("no Grail here");
    assert_eq!(action, Action::PlayGrail);
    assert!(words.contains("Holy Grail"), "{words}");

    // With a pair of 4s and a 2 down, a third value is refused for the pattern's two values.
    g.quests[QuestId::BlackKnight.index()].white.pop();
    fights_on(&mut g, QuestId::BlackKnight, &[2]);
    let (action, words) = g.card_refusal(White::Fight(5)).expect("a third value is refused");
    assert_eq!(action, Action::Fight(5));
    assert_eq!(
        words,
        "a Quest-specific Action on the Black Knight needs two pairs of different values: it takes only two different values, and it has 4 and 2 already"
    );
    assert_eq!(refused(&mut g, action), words);
    // Lancelot: a full house.
    assert_eq!(apply::pattern_words(&[3, 2]), "three of one value and two of another");
    assert_eq!(
        apply::pattern_words(&[3, 3, 3]),
        "three sets of three, each of a different value"
    );
}

#[test]
fn a_card_outside_its_decision_names_the_decision_and_after_the_end_the_end() {
    let mut g = scenario("kay,gawain,tristan");
    hand(&mut g, 0, &[White::Fight(4), White::Piety]);
    // The Progression of Evil: no card is played there.
    let (action, words) = g.card_refusal(White::Piety).expect("not now");
    assert_eq!(action, Action::Piety(ForWhom::Himself));
    assert!(
        words.starts_with("that is not a choice now: ") && words.contains("Evil"),
        "{words}"
    );
    assert_eq!(refused(&mut g, action), words);
    // At the Heroic Actions the Special White is played; once the turn's action is taken, it
    // says so.
    at_heroic(&mut g);
    assert_eq!(g.card_refusal(White::Piety), None);
    act(&mut g, Action::DrawWhite);
    let (action, words) = g.card_refusal(White::Piety).expect("the action is spent");
    assert_eq!(action, Action::Piety(ForWhom::Himself));
    assert!(words.contains("Heroic Action is taken"), "{words}");
    assert_eq!(refused(&mut g, action), words);
    // Over: the game is over.
    g.outcome = Some(Outcome {
        winners: Vec::new(),
        scores: Vec::new(),
        summary: String::new(),
    });
    let (action, words) = g.card_refusal(White::Fight(4)).expect("over");
    assert_eq!(words, "the game is over");
    assert_eq!(refused(&mut g, action), words);
}

#[test]
fn every_card_in_hand_has_a_use_or_says_why_in_the_words_apply_refuses_it_with() {
    let mut rng = GameRng::seeded(35);
    let mut legal = Vec::new();
    let (mut usable, mut refused_cards) = (0usize, 0usize);
    let mut heroic_refusals = 0usize;
    for players in 3..=7 {
        for seed in 0..12u64 {
            let mut g = game_with(
                players,
                seed,
                &[("loyalty", ["standard", "traitor"][seed as usize % 2])],
            );
            for _ in 0..600 {
                if g.outcome.is_some() {
                    break;
                }
                let Some(seat) = g.deciding() else { break };
                g.legal_into(&mut legal);
                let mut cards = g.knights[seat].hand.clone();
                cards.dedup();
                for card in cards {
                    let used = legal.iter().any(|a| Shadows::card_used(a) == Some(card));
                    match g.card_refusal(card) {
                        None => {
                            assert!(used, "seed {seed}: {card:?} has no legal use at {:?}", g.stack.last());
                            usable += 1;
                        }
                        Some((action, words)) => {
                            assert!(!used, "seed {seed}: {card:?} has a use, yet {action:?}: {words}");
                            assert_eq!(Shadows::card_used(&action), Some(card), "{action:?}");
                            assert!(
                                !words.starts_with("not possible now"),
                                "seed {seed}: {card:?} at {:?}: {action:?} gets no reason: {words}",
                                g.stack.last()
                            );
                            let mut copy = g.clone();
                            let e = copy.apply(&action).expect_err("the card's use is refused");
                            assert_eq!(e.0, words, "seed {seed}: {action:?} at {:?}", g.stack.last());
                            assert!(copy == g, "a refusal changed the state");
                            refused_cards += 1;
                            if matches!(g.stack.last(), Some(Task::Heroic)) {
                                heroic_refusals += 1;
                            }
                        }
                    }
                }
                let a = legal[rng.below(legal.len() as u32) as usize];
                g.apply_quiet(&a).expect("legal");
            }
        }
    }
    assert!(
        usable > 1000 && refused_cards > 1000,
        "{usable} usable, {refused_cards} refused"
    );
    assert!(heroic_refusals > 200, "{heroic_refusals} refused at Heroic Actions");
}

#[test]
fn merlins_pledged_are_dealt_to_their_pledgers_in_every_sample() {
    // A pledge is public: a sample that took the pledger's Merlin away would imagine a cancel
    // that cannot fail, or a Knight pledging what he does not hold.
    let mut g = game_with(4, 3, &[]);
    for s in 0..4 {
        hand(&mut g, s, &[White::Merlin, White::Fight(3)]);
    }
    on_top(&mut g, &[Black::MorganDiscard]);
    act(&mut g, Action::Evil(EvilChoice::DrawBlack));
    let Some(Task::MerlinPledge { order, at, .. }) = g.stack.last().cloned() else {
        panic!("a Special Black asks for pledges")
    };
    let pledger = order[at as usize];
    act(&mut g, Action::Pledge(1));
    assert!(
        matches!(g.stack.last(), Some(Task::MerlinPledge { .. })),
        "more are asked"
    );
    for viewer in (0..4).filter(|&v| v != pledger) {
        let view = g.view(viewer);
        let mut rng = GameRng::seeded(viewer as u64);
        for i in 0..200 {
            let sample = Shadows::determinize(&view, &mut rng).expect("a sample");
            assert!(
                sample.knights[pledger].holds(White::Merlin),
                "seen by {viewer}, sample {i}: the pledger holds no Merlin"
            );
            assert!(sample.view(viewer) == view, "a sample's view differs");
        }
    }
}

#[test]
fn how_a_game_went_counts_contested_quests_their_ends_and_the_life_spent() {
    // A Knight's move to a quest marks it contested; every ended quest is won or lost; the
    // figures count Life given to Evil and for extra actions per Loyal Knight.
    let mut g = game_with(4, 11, &[("loyalty", "none")]);
    at_heroic(&mut g);
    act(&mut g, Action::Move(Location::Quest(QuestId::Grail)));
    assert!(QuestTally::has(g.tally.visited, QuestId::Grail));
    assert!(!QuestTally::has(g.tally.visited, QuestId::BlackKnight));
    let mut rng = GameRng::seeded(5);
    for seed in 0..30u64 {
        let mut g = game_with(3 + seed as usize % 5, seed, &[]);
        play_random(&mut g, &mut rng, 20_000);
        assert!(g.outcome.is_some(), "seed {seed}: the game ends");
        let tags = g.outcome_tags();
        for q in QuestId::ALL {
            let key = quest_key(q);
            let ended = QuestTally::has(g.tally.won, q) || QuestTally::has(g.tally.lost, q);
            assert!(
                !(QuestTally::has(g.tally.won, q) && QuestTally::has(g.tally.lost, q)),
                "seed {seed}: {key} both won and lost"
            );
            if ended {
                assert!(
                    tags.iter().any(|t| t.starts_with(&format!("quest_{key}="))),
                    "seed {seed}: {key} ended untagged: {tags:?}"
                );
            }
        }
        // A game ended by Swords names the quest whose Swords closed it.
        if tags.iter().any(|t| t == "ends=swords" || t == "ends=black_swords") {
            assert!(
                tags.iter().any(|t| t.starts_with("last_swords=")),
                "seed {seed}: {tags:?}"
            );
        }
        let figures: std::collections::BTreeMap<String, f64> = g.outcome_figures().into_iter().collect();
        let loyal: Vec<usize> = (0..g.knights.len())
            .filter(|&s| g.knights[s].loyalty == Loyalty::Loyal)
            .collect();
        let given: u32 = loyal.iter().map(|&s| u32::from(g.deeds[s].get(Deed::LostLife))).sum();
        let expected = f64::from(given) / loyal.len().max(1) as f64;
        assert!((figures["life_to_evil_per_loyal_knight"] - expected).abs() < 1e-9);
        let dead = loyal.iter().filter(|&&s| g.knights[s].dead).count() as f64;
        assert_eq!(figures["loyal_knights_dead"], dead);
        assert_eq!(
            tags.contains(&"loyal_knight_died".to_string()),
            dead > 0.0,
            "seed {seed}: {tags:?}"
        );
    }
}

#[test]
fn named_choices_are_written_in_saves_as_before() {
    // Saves written before the choices had names hold `KeepBlack(1)`, `FaceDown(true)` and
    // `Piety(false)`; they read as the named choices and are written the same way.
    let old = [
        ("KeepBlack(0)", Action::KeepBlack(Drawn::First)),
        ("KeepBlack(1)", Action::KeepBlack(Drawn::Second)),
        ("FaceDown(false)", Action::Face(Face::Up)),
        ("FaceDown(true)", Action::Face(Face::Down)),
        ("Piety(true)", Action::Piety(ForWhom::Himself)),
        ("Piety(false)", Action::Piety(ForWhom::Others)),
        ("Reinforcements(true)", Action::Reinforcements(ForWhom::Himself)),
        ("Reinforcements(false)", Action::Reinforcements(ForWhom::Others)),
    ];
    for (text, action) in old {
        assert_eq!(ron::from_str::<Action>(text).ok(), Some(action), "{text}");
        assert_eq!(ron::to_string(&action).ok().as_deref(), Some(text));
    }
    let refused = ron::from_str::<Action>("KeepBlack(2)").err().map(|e| e.to_string());
    assert!(
        refused.is_some_and(|e| e.contains("draws two cards")),
        "a third card is refused"
    );
}

#[test]
fn the_tally_counts_cards_spent_on_each_quest_and_grail_cards_spent_elsewhere() {
    let mut g = scenario("kay,gawain,tristan");
    g.knights[0].at = Location::Quest(QuestId::Excalibur);
    hand(&mut g, 0, &[White::Grail, White::Fight(2)]);
    at_heroic(&mut g);
    act(&mut g, Action::RaiseExcalibur(White::Grail));
    assert_eq!(g.tally.spent[QuestId::Excalibur.index()], 1);
    assert_eq!(
        g.tally.grail_elsewhere, 1,
        "a Grail card spent on Excalibur while the Grail is open"
    );

    // A Fight card on the Black Knight counts there; a Grail card raised once the Grail is over
    // is no longer spent elsewhere.
    let mut g = scenario("kay,gawain,tristan");
    g.knights[0].at = Location::Quest(QuestId::BlackKnight);
    hand(&mut g, 0, &[White::Fight(3), White::Grail]);
    at_heroic(&mut g);
    act(&mut g, Action::Fight(3));
    assert_eq!(g.tally.spent[QuestId::BlackKnight.index()], 1);
    let mut g = scenario("kay,gawain,tristan");
    g.quests[QuestId::Grail.index()].in_play = false;
    g.knights[0].at = Location::Quest(QuestId::Excalibur);
    hand(&mut g, 0, &[White::Grail]);
    at_heroic(&mut g);
    act(&mut g, Action::RaiseExcalibur(White::Grail));
    assert_eq!(g.tally.grail_elsewhere, 0);
    assert_eq!(g.tally.spent[QuestId::Excalibur.index()], 1);
}

/// The shipped normal weights' heuristic choice for seat 0 at its Heroic Actions.
fn heuristic_choice(g: &Shadows) -> Action {
    let legal = g.legal_actions();
    heuristic_with(g, &legal, &mut GameRng::seeded(1), &g.content.bots.normal).expect("a choice")
}

#[test]
fn a_knight_plays_the_fight_card_that_keeps_two_pairs_on_the_black_knight() {
    let mut g = scenario("kay,gawain,tristan");
    g.knights[0].at = Location::Quest(QuestId::BlackKnight);
    // The highest card, the 5, has no twin: playing it would leave no two pairs.
    hand(
        &mut g,
        0,
        &[
            White::Fight(5),
            White::Fight(4),
            White::Fight(4),
            White::Fight(3),
            White::Fight(3),
        ],
    );
    at_heroic(&mut g);
    let a = heuristic_choice(&g);
    assert!(matches!(a, Action::Fight(3) | Action::Fight(4)), "{a:?}");
}

#[test]
fn a_knight_on_lancelot_plays_his_highest_card_first() {
    // Evil's fifth card ends the race wherever the Knight's side stands: what lies there counts.
    let mut g = scenario("kay,gawain,tristan");
    g.knights[0].at = Location::Quest(QuestId::Lancelot);
    hand(&mut g, 0, &[4, 4, 5, 5, 5].map(White::Fight));
    at_heroic(&mut g);
    assert_eq!(heuristic_choice(&g), Action::Fight(5));
}

#[test]
fn a_knight_with_a_full_house_goes_to_lancelot_before_evil_gathers() {
    let mut g = scenario("kay,gawain,tristan");
    hand(&mut g, 0, &[3, 3, 5, 5, 5].map(White::Fight));
    at_heroic(&mut g);
    assert_eq!(heuristic_choice(&g), Action::Move(Location::Quest(QuestId::Lancelot)));
}

#[test]
fn no_loyal_knight_calls_a_knight_home_from_his_race_on_lancelot() {
    let mut g = scenario("kay,gawain,tristan");
    // Gawain stands on Lancelot with two of his five cards down.
    g.knights[1].at = Location::Quest(QuestId::Lancelot);
    fights_on(&mut g, QuestId::Lancelot, &[5, 5]);
    hand(&mut g, 0, &[White::Convocation, White::Fight(1), White::Fight(2)]);
    at_heroic(&mut g);
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Convocation));
    assert_ne!(heuristic_choice(&g), Action::Convocation);
    // Nor is it offered to the lookahead (whose position model does not see the race)...
    let pick = heuristic_choice(&g);
    let offered = bot::look_choices(&g, 0, &legal, pick, Look::HARD);
    assert!(
        !offered.is_empty() && !offered.contains(&Action::Convocation),
        "{offered:?}"
    );
    // ... where no one is racing, it is.
    g.knights[1].at = Location::RoundTable;
    g.quests[QuestId::Lancelot.index()].white.clear();
    let pick = heuristic_choice(&g);
    assert!(bot::look_choices(&g, 0, &legal, pick, Look::HARD).contains(&Action::Convocation));
}

#[test]
fn a_knight_keeps_his_grail_card_from_excalibur_while_the_grail_is_pushed() {
    let mut g = scenario("kay,gawain,tristan");
    g.knights[0].at = Location::Quest(QuestId::Excalibur);
    // Another Knight stands at the Grail: the push is on.
    g.knights[1].at = Location::Quest(QuestId::Grail);
    hand(&mut g, 0, &[White::Grail, White::Fight(1), White::Fight(2)]);
    at_heroic(&mut g);
    assert!(matches!(heuristic_choice(&g), Action::RaiseExcalibur(White::Fight(_))));
    // Once the Grail is over, the Grail card is the one to spend.
    g.quests[QuestId::Grail.index()].in_play = false;
    assert_eq!(heuristic_choice(&g), Action::RaiseExcalibur(White::Grail));
}

#[test]
fn an_action_applied_against_its_list_does_what_the_judge_does() {
    let mut rng = GameRng::seeded(5);
    for seed in 0..6 {
        let mut g = game(3 + seed as usize % 4, 900 + seed);
        let mut legal = Vec::new();
        for _ in 0..400 {
            if g.outcome.is_some() {
                break;
            }
            g.legal_into(&mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            let mut judged = g.clone();
            judged.apply_quiet(&a).expect("a legal action applies");
            g.apply_listed(&a, &legal).expect("a listed action applies");
            assert_eq!(g, judged, "{a:?}");
        }
    }
    // An action not in the list goes to the judge: refused in words, nothing changed.
    let mut g = game(4, 3);
    let legal = g.legal_actions();
    let before = g.clone();
    let wrong = Action::Heroism(QuestId::Grail);
    assert!(!legal.contains(&wrong));
    let refusal = g.apply_listed(&wrong, &legal).expect_err("refused");
    assert_eq!(refusal, before.clone().apply_quiet(&wrong).expect_err("refused"));
    assert_eq!(g, before);
}

#[test]
fn each_quest_counts_only_its_own_cards() {
    assert_eq!(Black::BlackKnight(5).combat_value(QuestId::BlackKnight), 5);
    assert_eq!(Black::Lancelot(3, 7).combat_value(QuestId::BlackKnight), 0);
    assert_eq!(Black::Lancelot(3, 7).combat_value(QuestId::Lancelot), 3);
    assert_eq!(Black::Lancelot(3, 7).combat_value(QuestId::Dragon), 7);
    assert_eq!(Black::BlackKnight(5).combat_value(QuestId::Dragon), 0);
}

/// A hint's words (`BotHints::explain`) never say which side the seat is on: the same position
/// with the seat's Loyalty card turned over reads the same, action for action (a hint is read at
/// the open table; the Loyalty card only when its owner looks).
#[test]
fn a_hint_does_not_tell_the_traitor_he_is_one() {
    let mut checked = 0;
    for seed in 0..30 {
        let mut g = game_with(5, seed, &[("loyalty", "traitor")]);
        let traitor = g.traitor_seat().expect("a Traitor is dealt");
        let mut rng = GameRng::seeded(seed);
        let mut legal = Vec::new();
        for _ in 0..400 {
            if g.outcome.is_some() {
                break;
            }
            g.legal_into(&mut legal);
            if g.deciding() == Some(traitor) && !g.knights[traitor].unmasked {
                let mut loyal = g.clone();
                loyal.knights[traitor].loyalty = Loyalty::Loyal;
                for a in &legal {
                    let told = <Shadows as BotHints>::explain(&g.view(traitor), a);
                    assert_eq!(told, <Shadows as BotHints>::explain(&loyal.view(traitor), a), "{a:?}");
                    assert!(told.iter().all(|l| !l.contains("Traitor")), "{told:?}");
                    checked += 1;
                }
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            g.apply_quiet(&a).expect("a legal action applies");
        }
    }
    assert!(checked > 500, "only {checked} actions checked");
}
