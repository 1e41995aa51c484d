//! Tests of the bots on the real games: the search (`ismcts`) and `choose` from the seats' views.
//! The games' own hints (heuristics, candidates, playout policies) are tested beside their rules
//! in `crate::rules`, a layer below, which cannot call the bots.

use super::*;
use crate::content::ContentSet;
use crate::rules::future::{Future, FutureContent, Phase};
use crate::rules::shadows::{Shadows, ShadowsContent, search_budget};
use crate::rules::{Game, TableConfig};
use std::sync::{Arc, OnceLock};

// ---------------------------------------------------------------------------------------------
// Helpers

fn future_content() -> Arc<FutureContent> {
    static C: OnceLock<Arc<FutureContent>> = OnceLock::new();
    C.get_or_init(|| match FutureContent::load(&ContentSet::embedded()) {
        Ok(c) => Arc::new(c),
        Err(e) => panic!("the shipped content does not load: {e:?}"),
    })
    .clone()
}

/// A game of Die Zukunft von Camelot from the embedded content.
fn future_with(players: usize, seed: u64, variants: &[(&str, &str)]) -> Future {
    let mut config = TableConfig::with_players(players, SeatKind::Human, seed);
    for (k, v) in variants {
        config.variants.insert(k.to_string(), v.to_string());
    }
    match Future::new_shared(&config, &future_content()) {
        Ok(g) => g,
        Err(e) => panic!("setup failed: {e}"),
    }
}

/// A game of Shadows over Camelot from the embedded content.
fn shadows_with(players: usize, seed: u64, variants: &[(&str, &str)]) -> Shadows {
    let mut config = TableConfig::with_players(players, SeatKind::Human, seed);
    for (k, v) in variants {
        config.variants.insert(k.to_string(), v.to_string());
    }
    let content = Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("the shipped content loads"));
    Shadows::new_shared(&config, &content).expect("setup")
}

// ---------------------------------------------------------------------------------------------
// Die Zukunft von Camelot

#[test]
fn bots_choose_legal_actions_from_their_views_at_every_level() {
    let mut rng = GameRng::seeded(5);
    for seed in 0..6u64 {
        let mut g = future_with(
            2 + (seed % 4) as usize,
            seed,
            &[("heroes", if seed % 2 == 0 { "on" } else { "off" })],
        );
        let mut step = 0;
        while g.outcome.is_none() {
            let seat = g.to_act().expect("a seat");
            let legal = g.legal_actions();
            let view = g.view(seat);
            let a = if step % 15 == 0 {
                let d = search::<Future>(&view, &legal, &Budget::new(12, 5_000), &mut rng);
                d.action.expect("the search chooses")
            } else {
                choose::<Future>(BotKind::Heuristic, &view, &legal, &mut rng).expect("the heuristic chooses")
            };
            assert!(legal.contains(&a), "{a:?} is not legal");
            g.apply(&a).expect("legal");
            step += 1;
        }
    }
}

/// A prediction every level might make, here the search's choice (the easy level's heuristic, the
/// search's candidates and the playouts' policy are checked beside the rules, in
/// src/rules/future/tests.rs). None is a total the fists cannot show (three players: never above
/// 9), nor below the seat's own fists.
#[test]
fn no_bot_predicts_a_total_the_fists_cannot_show() {
    let mut searched = 0;
    for seed in 0..32u64 {
        if seed % 4 != 0 {
            continue;
        }
        let players = 2 + (seed % 4) as usize;
        let mut g = future_with(players, seed, &[("heroes", "on"), ("sides", "random")]);
        let mut rng = GameRng::seeded(seed);
        while let Some(seat) = g.to_act() {
            let legal = g.legal_actions();
            if matches!(g.phase, Phase::Predict { .. }) {
                let view = g.view(seat);
                let (least, most) = crate::rules::future::possible_totals(&view.state, seat);
                let fits = |a: Option<crate::rules::future::Action>| match a {
                    Some(crate::rules::future::Action::Predict(n)) => (least..=most).contains(&n),
                    _ => false,
                };
                let budget = Budget::new(120, 60_000);
                let a = search::<Future>(&view, &legal, &budget, &mut rng).action;
                assert!(fits(a), "seed {seed}: the search's {a:?} outside {least}..={most}");
                searched += 1;
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            g.apply(&a).expect("legal");
        }
    }
    assert!(searched > 0);
}

// ---------------------------------------------------------------------------------------------
// Shadows over Camelot

#[test]
fn the_search_plays_legal_moves_from_views_alone() {
    // No Shadows level runs the tree search (normal and hard look ahead instead); the search's
    // hints stay in working order: from a view only, a small search returns a legal action, the same for the same seed.
    let mut rng = GameRng::seeded(4);
    let mut searched = 0;
    for seed in 0..6 {
        let mut g = shadows_with(4, seed, &[("loyalty", "traitor")]);
        for step in 0..120 {
            if g.outcome.is_some() {
                break;
            }
            let seat = g.to_act().expect("a seat");
            let legal = g.legal_actions();
            let view = g.view(seat);
            let normal = search_budget(Difficulty::Normal).expect("a budget");
            let a = if step % 10 == 0 && Shadows::worth_searching(&view, &legal, &normal) {
                let budget = Budget {
                    iterations: 40,
                    ..normal
                };
                let budget = Budget {
                    time_cap: std::time::Duration::from_secs(60),
                    ..budget
                };
                let d = search::<Shadows>(&view, &legal, &budget, &mut GameRng::seeded(step));
                let again = search::<Shadows>(&view, &legal, &budget, &mut GameRng::seeded(step));
                assert_eq!(d.action, again.action);
                searched += 1;
                d.action.expect("a decision")
            } else {
                Shadows::heuristic(&view, &legal, &mut rng).expect("a decision")
            };
            assert!(legal.contains(&a));
            g.apply(&a).expect("legal");
        }
    }
    assert!(searched >= 6, "only {searched} searches");
}
