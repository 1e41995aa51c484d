//! Tests of Shadows over Camelot: one per rule with teeth, the spec's checklist (§14), and random
//! seeded games checking invariants.

use super::*;
use crate::bots::BotHints;
use crate::content::ContentSet;

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
    let text = set.get(key).expect("shipped").text.replace("(card: Grail, count: 18)", "(card: Grail, count: 17)");
    let dir = std::env::temp_dir().join(format!("camelot-shadows-{}", std::process::id()));
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
    assert!((60..=140).contains(&with), "4 of 8 cards dealt: about half the games, got {with}");
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
    let mut rng = GameRng::seeded(99);
    for players in 3..=7 {
        for seed in 0..60 {
            let mut g = game(players, seed);
            let mut legal = Vec::new();
            let mut steps = 0;
            while g.outcome.is_none() {
                steps += 1;
                assert!(steps < 20_000, "game {seed} at {players} does not end");
                g.legal_into(&mut legal);
                assert!(!legal.is_empty(), "seed {seed}, {players} players: stuck at {:?}", g.stack.last());
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
            assert!(sampled.view(seat) == v, "seed {seed} seat {seat}: a sample's view differs");
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
