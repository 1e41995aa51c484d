//! Places and rulebook parts by id: every legal move of random games names a place its game's
//! board has (or a panel every table has), and the rulebook part it comes from; every decision
//! names its part; and every part named is one its rulebook file gives an id (`{#id}`).

use camelot::content::ContentSet;
use camelot::rules::court::{Court, CourtContent};
use camelot::rules::future::{Future, FutureContent};
use camelot::rules::shadows::{Shadows, ShadowsContent};
use camelot::rules::{Game, GameRng, Place, SeatKind, TableConfig};
use std::collections::BTreeSet;

/// Plays `games` random games of `G` at `players` and checks every position.
fn check_game<G: Game>(content: &G::Content, key: &str, players: usize, games: u64) -> (usize, usize) {
    let set = ContentSet::embedded();
    let ids: BTreeSet<String> = camelot::content::rulebook::ids(set.rulebook(key).expect("a rulebook"))
        .into_iter()
        .collect();
    let mut places: BTreeSet<String> = G::board_places(content)
        .iter()
        .map(|p| p.as_str().to_string())
        .collect();
    places.extend(Place::PANELS.iter().map(|p| p.to_string()));
    let (mut moves, mut on_board) = (0, 0);
    for seed in 0..games {
        let config = TableConfig::with_players(players, SeatKind::Human, 700 + seed);
        let mut g = G::new(&config, content).expect("a table");
        let mut rng = GameRng::seeded(seed);
        let mut legal = Vec::new();
        for _ in 0..4000 {
            if g.outcome().is_some() {
                break;
            }
            let part = g.rule_of_decision().expect("every decision names its rulebook part");
            assert!(
                ids.contains(part.0),
                "{key}: decision part {part:?} is not in the rulebook {ids:?}"
            );
            g.legal_actions_into(&mut legal);
            for a in &legal {
                moves += 1;
                let place = g.place_of(a);
                assert!(
                    places.contains(place.as_str()),
                    "{key}: {a:?} at {place:?}, not a place of the board"
                );
                if !Place::PANELS.contains(&place.as_str()) {
                    on_board += 1;
                }
                let part = g.rule_of(a).expect("every move names its rulebook part");
                assert!(
                    ids.contains(part.0),
                    "{key}: {a:?} comes under {part:?}, not in the rulebook"
                );
            }
            let a = legal[rng.below(legal.len() as u32) as usize].clone();
            g.apply(&a).expect("a legal action");
        }
    }
    (moves, on_board)
}

#[test]
fn every_move_names_a_place_of_its_board_and_a_part_of_its_rulebook() {
    let set = ContentSet::embedded();
    let court = CourtContent::load(&set).expect("the Court's content");
    let future = FutureContent::load(&set).expect("Die Zukunft's content");
    let shadows = ShadowsContent::load(&set).expect("Shadows' content");
    let counts = [
        ("court", check_game::<Court>(&court, "court", 3, 6)),
        ("future", check_game::<Future>(&future, "future", 3, 4)),
        ("shadows", check_game::<Shadows>(&shadows, "shadows", 4, 6)),
    ];
    for (game, (moves, on_board)) in counts {
        assert!(moves > 1000, "{game}: {moves} moves looked at");
        // Most moves are played on the board, not by buttons alone.
        assert!(on_board * 2 > moves / 2, "{game}: {on_board} of {moves} on the board");
    }
}

#[test]
fn a_rulebook_part_is_found_by_its_id() {
    let set = ContentSet::embedded();
    let sections = camelot::content::rulebook::sections(set.rulebook("shadows").expect("a rulebook"));
    let moving = sections
        .iter()
        .find(|s| s.id.as_deref() == Some("move"))
        .expect("the part with the id move");
    assert_eq!(
        moving.title, "A. Moving to a new Quest",
        "the id is not part of the title"
    );
    assert!(!moving.paragraphs.is_empty());
    for game in ["court", "future", "shadows"] {
        let text = set.rulebook(game).expect("a rulebook");
        let ids = camelot::content::rulebook::ids(text);
        let unique: BTreeSet<&String> = ids.iter().collect();
        assert_eq!(unique.len(), ids.len(), "{game}: an id given twice");
        assert!(ids.len() >= 9, "{game}: {ids:?}");
        assert!(
            !text.lines().any(|l| l.contains("{#") && !l.trim_end().ends_with('}')),
            "{game}: a broken id"
        );
    }
}
