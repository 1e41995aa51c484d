//! The Shadows over Camelot bots' file (`assets/bots/shadows_bots.ron`): the position model is
//! shipped, and a broken one is refused with its place in the file.

use crate::common::temp_dir;
use camelot::content::{ContentError, ContentSet};
use camelot::rules::shadows::{FEATURE_NAMES, ShadowsBots, ShadowsContent, TABLE_SIZES};

/// The shipped content with the bots' file edited by `edit`.
fn load_edited(edit: impl Fn(&str) -> String) -> Result<ShadowsContent, Vec<ContentError>> {
    let mut set = ContentSet::embedded();
    let text = edit(&set.get(ShadowsBots::FILE).expect("shipped").text);
    let dir = temp_dir("shadows-bots");
    let path = dir.join("shadows_bots.ron");
    std::fs::write(&path, &text).expect("written");
    set.overlay_file(ShadowsBots::FILE, &path).expect("overlay");
    ShadowsContent::load(&set)
}

fn line_of(text: &str, needle: &str, after: &[&str]) -> usize {
    let mut at = 0;
    for a in after {
        at += text[at..].find(a).expect("anchor");
    }
    at += text[at..].find(needle).expect("needle");
    text[..at].matches('\n').count() + 1
}

#[test]
fn the_shipped_position_model_is_fitted_for_every_table_size() {
    let c = ShadowsContent::load(&ContentSet::embedded()).expect("shipped content");
    assert!(!c.bots.value.is_flat(), "the shipped file carries a fitted model");
    for players in TABLE_SIZES {
        let w = c.bots.value.weights(players).expect("a model per size");
        assert!(w.iter().any(|&v| v != 0.0), "{players} players");
    }
}

#[test]
fn a_weight_out_of_range_is_refused_at_its_place_for_its_table_size() {
    let shipped = ContentSet::embedded()
        .get(ShadowsBots::FILE)
        .expect("shipped")
        .text
        .clone();
    let edit = |t: &str| {
        let at = t.find("value:").expect("value") + t[t.find("value:").expect("value")..].find("5: {").expect("5");
        let key = "\"siege\": ";
        let k = at + t[at..].find(key).expect("siege") + key.len();
        let end = k + t[k..].find(',').expect("comma");
        format!("{}250.0{}", &t[..k], &t[end..])
    };
    let errors = load_edited(edit).expect_err("refused");
    let e = errors
        .iter()
        .find(|e| e.message.contains("siege is 250"))
        .expect("the weight named");
    assert!(e.message.contains("5 players"), "{}", e.message);
    assert_eq!(
        e.line,
        line_of(&edit(&shipped), "\"siege\"", &["value:", "5: {"]),
        "{e:?}"
    );
    assert!(e.file.ends_with("shadows_bots.ron"), "{e:?}");
}

#[test]
fn a_missing_table_size_or_feature_and_an_unknown_feature_are_refused() {
    let errors = load_edited(|t| t.replacen("        7: {", "        8: {", 1)).expect_err("refused");
    assert!(
        errors.iter().any(|e| e.message.contains("for 7 players is missing")),
        "{errors:?}"
    );
    assert!(errors.iter().any(|e| e.message.contains("for 8 players")), "{errors:?}");
    let errors = load_edited(|t| {
        let at = t.find("value:").expect("value");
        format!("{}{}", &t[..at], t[at..].replacen("\"mists\"", "\"fog\"", 1))
    })
    .expect_err("refused");
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains("feature mists is missing for 3 players")),
        "{errors:?}"
    );
    let unknown = errors
        .iter()
        .find(|e| e.message.contains("fog is no feature"))
        .expect("unknown named");
    assert!(
        unknown.message.contains(FEATURE_NAMES[1]),
        "the features are listed: {}",
        unknown.message
    );
}

/// The chances a player is told (`told`) move with the file's shift, and nothing the bots do
/// does: the same games, decision for decision, with the shipped shifts and with none.
#[test]
fn the_told_shift_moves_the_chances_told_and_never_a_choice() {
    use camelot::bots::{self, BotKind};
    use camelot::rules::{Difficulty, Game, GameRng, SeatKind, TableConfig};
    use std::sync::Arc;
    let shipped = Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("shipped content"));
    for n in TABLE_SIZES {
        assert!(
            shipped.bots.value.told_shift(n) > 0.5,
            "the shipped file tells chances refitted to the bots' games ({n} players)"
        );
    }
    let mut none = (*shipped).clone();
    none.bots.value.told = TABLE_SIZES.map(|_| 0.0).collect();
    let none = Arc::new(none);
    let (mut rated, mut higher) = (0, 0);
    for seed in 1..=3u64 {
        let config = TableConfig::with_players(5, SeatKind::Human, seed);
        let mut g = camelot::rules::shadows::Shadows::new_shared(&config, &shipped).expect("a table");
        let mut h = camelot::rules::shadows::Shadows::new_shared(&config, &none).expect("a table");
        for step in 0..60 {
            let Some(seat) = g.to_act() else { break };
            let legal = g.legal_actions();
            let normal = BotKind::Level(Difficulty::Normal);
            let a = bots::decide::<camelot::rules::shadows::Shadows>(
                normal,
                &g.view(seat),
                &legal,
                &mut GameRng::seeded(step),
            );
            let b = bots::decide::<camelot::rules::shadows::Shadows>(
                normal,
                &h.view(seat),
                &legal,
                &mut GameRng::seeded(step),
            );
            assert_eq!(a.action, b.action, "seed {seed}, step {step}");
            if let (Some(told), Some(fitted)) = (&a.rates, &b.rates) {
                let traitor = g.view(seat).game.traitor_seat() == Some(seat);
                for (t, f) in told.iter().zip(fitted) {
                    if let (Some(t), Some(f)) = (t, f) {
                        rated += 1;
                        // The Knights' chance told is higher; a Traitor's side is the rest.
                        higher += usize::from(if traitor { t < f } else { t > f });
                    }
                }
            }
            let Some(action) = a.action else { break };
            g.apply_quiet(&action).expect("legal");
            h.apply_quiet(&action).expect("legal");
        }
    }
    assert!(rated > 20, "only {rated} rated choices");
    assert!(
        higher * 10 >= rated * 9,
        "{higher} of {rated} told higher for the seat's side"
    );
}

#[test]
fn a_told_shift_out_of_range_or_for_no_table_is_refused_at_its_place() {
    let errors = load_edited(|t| t.replacen("        4: 0.7146,", "        4: 40.0,", 1)).expect_err("refused");
    let e = errors
        .iter()
        .find(|e| e.message.contains("told shift for 4 players is 40"))
        .expect("the shift named");
    let text = load_text_edited(|t| t.replacen("        4: 0.7146,", "        4: 40.0,", 1));
    assert_eq!(e.line, line_of(&text, "4:", &["told:"]), "{e:?}");
    let errors = load_edited(|t| t.replacen("        7: 1.1387,", "        9: 1.1387,", 1)).expect_err("refused");
    assert!(
        errors.iter().any(|e| e.message.contains("told shift for 9 players")),
        "{errors:?}"
    );
}

fn load_text_edited(edit: impl Fn(&str) -> String) -> String {
    edit(&ContentSet::embedded().get(ShadowsBots::FILE).expect("shipped").text)
}
