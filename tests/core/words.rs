//! The games' words: every line of the log, every legal move and every prompt of random games
//! says "1 card", never "1 cards" (one plural helper, `rules::counted`, used everywhere a count
//! meets a noun).

use camelot::content::ContentSet;
use camelot::library::{Library, MatchFace};
use camelot::rules::{GameId, GameRng, Pending, SeatKind, TableConfig};

/// The nouns the games count, in the plural: a count of one before any of them is wrong.
const PLURAL_NOUNS: &[&str] = &[
    "cards",
    "Merlins",
    "Swords",
    "steps",
    "turns",
    "rounds",
    "points",
    "knights",
    "Knights",
    "actions",
    "Engines",
    "figures",
    "tiles",
    "magicians",
    "missions",
    "quests",
    "hearts",
    "shields",
    "followers",
    "decisions",
    "games",
    "players",
    "seats",
    "spots",
    "problems",
    "letters",
    "spaces",
    "fields",
    "Grails",
    "Picts",
    "Saxons",
    "dice",
    "Fights",
    "counters",
    "trees",
    "Life",
    "times",
    "stacks",
];

/// Words that may stand between a count and its noun ("1 Black cards").
const BEFORE_NOUN: &[&str] = &[
    "Black",
    "White",
    "Grail",
    "Fight",
    "Siege",
    "Special",
    "more",
    "face-down",
    "other",
    "new",
    "hidden",
    "Merlin",
    "Combat",
    "Loyal",
    "mission",
    "Heroic",
    "Standard",
    "Life",
    "Grail's",
    "Victory",
    "gold",
];

/// The first place in `text` where the number 1 stands before a plural noun ("1 cards", "1
/// Black cards", "1 Life points").
fn one_with_a_plural(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let bare = |w: &str| w.trim_end_matches(|c: char| ",.;:!?)]\"'".contains(c)).to_string();
    for (i, w) in words.iter().enumerate() {
        if !matches!(*w, "1" | "+1" | "-1" | "−1") {
            continue;
        }
        let next = words.get(i + 1).map(|w| bare(w)).unwrap_or_default();
        let after = words.get(i + 2).map(|w| bare(w)).unwrap_or_default();
        let plural = |x: &str| PLURAL_NOUNS.contains(&x) && x != "Life";
        if plural(&next) || (BEFORE_NOUN.contains(&next.as_str()) && (plural(&after) || after == "points")) {
            return Some(format!("\"1 {next} {after}\" in: {text}"));
        }
    }
    None
}

#[test]
fn the_check_finds_a_count_of_one_with_a_plural() {
    assert!(one_with_a_plural("Bo draws 1 cards").is_some());
    assert!(one_with_a_plural("Ann pledges 1 Merlins.").is_some());
    assert!(one_with_a_plural("1 Black cards wait").is_some());
    assert!(one_with_a_plural("Excalibur is 1 steps from the centre").is_some());
    assert!(one_with_a_plural("Bo draws 1 card; 2 cards left").is_none());
    assert!(one_with_a_plural("1 is the loneliest number").is_none());
    assert!(one_with_a_plural("Sir Kay (1) moves").is_none());
    assert!(one_with_a_plural("Sir Andred's Soldier +1 deserts him").is_none());
    assert!(one_with_a_plural("rolled 1, needed more than 1 — fails").is_none());
    assert!(one_with_a_plural("loses 1 Life point").is_none());
    assert!(one_with_a_plural("loses 1 Life points").is_some());
}

/// Every log line, legal move and prompt of `games` random games of `game`.
fn every_word(library: &Library, game: GameId, players: usize, games: u64, mut see: impl FnMut(&str)) {
    for seed in 0..games {
        let config = TableConfig::with_players(players, SeatKind::Human, 1000 + seed);
        let mut m: Box<dyn MatchFace> = library.new_match(game, config).expect("a table");
        let mut rng = GameRng::seeded(seed ^ 0x0ace);
        for e in m.opening_events() {
            see(&e.text);
        }
        for _ in 0..3000 {
            if let Pending::Decide { prompt, .. } = m.pending() {
                see(&prompt);
            } else {
                break;
            }
            let labels = m.legal_labels();
            for l in &labels {
                see(l);
            }
            let pick = rng.below(labels.len().max(1) as u32) as usize;
            for e in m.apply_index(pick).expect("a legal action") {
                see(&e.text);
            }
        }
        if let Pending::Finished(o) = m.pending() {
            see(&o.summary);
        }
        for s in m.secrets() {
            see(&s.text);
        }
    }
}

#[test]
fn no_count_of_one_meets_a_plural_in_any_game() {
    let library = Library::load(ContentSet::embedded());
    for (game, players, games) in [
        (GameId::Court, 2, 12),
        (GameId::Court, 5, 6),
        (GameId::Future, 2, 8),
        (GameId::Future, 5, 4),
        (GameId::Shadows, 3, 10),
        (GameId::Shadows, 7, 6),
    ] {
        let mut seen = 0;
        let mut wrong = std::collections::BTreeSet::new();
        every_word(&library, game, players, games, |text| {
            seen += 1;
            if let Some(w) = one_with_a_plural(text) {
                wrong.insert(w);
            }
        });
        assert!(seen > 500, "{game:?}: {seen} texts");
        assert!(wrong.is_empty(), "{game:?} at {players}: {wrong:#?}");
    }
}

/// The bench speaks a tinkerer's words: every outcome tag and figure of random games has words
/// of its own (`Game::outcome_words`), never a raw tag such as `quest_grail=lost`.
#[test]
fn every_outcome_of_the_bench_has_words() {
    let library = Library::load(ContentSet::embedded());
    for game in [GameId::Court, GameId::Future, GameId::Shadows] {
        let entry = camelot::library::entry(game).expect("a built game");
        let mut tags = std::collections::BTreeSet::new();
        for seed in 0..12 {
            let players = game.seats().0.max(3);
            let m = library
                .new_match(game, TableConfig::with_players(players, SeatKind::Human, 500 + seed))
                .expect("a table");
            let played = m
                .play_out(&camelot::library::PlayOut {
                    bot_of: &|_| camelot::bots::BotKind::Random,
                    seed: 500 + seed,
                    max_actions: 20_000,
                    usage: false,
                })
                .expect("a game played out");
            tags.extend(played.tags.iter().map(|t| t.trim_start_matches('!').to_string()));
            tags.extend(played.figures.iter().map(|(k, _)| k.clone()));
        }
        assert!(game != GameId::Shadows || tags.len() > 20, "{game:?}: {tags:?}");
        for tag in &tags {
            let words = (entry.outcome_words)(tag);
            assert!(
                !words.contains('_') && !words.contains('='),
                "{game:?}: {tag} reads {words:?}"
            );
        }
    }
}
