//! One test per rule with teeth, plus content validation on broken copies of every file.

use super::*;
use crate::content::{ContentError, ContentSet, locate};
use crate::rules::{BotHints, random_choice};
use crate::rules::{
    Game, GameRng, Outcome, Pending, RuleError, Seat, SeatKind, TableConfig, Tagged, VariantKind, VariantSpec,
    Visibility,
};
use CardKind::*;
use std::sync::Arc;

// ---------------------------------------------------------------------------------------------
// Helpers

fn content() -> CourtContent {
    shipped_content().clone()
}

fn cfg(n: usize, variants: &[(&str, &str)]) -> TableConfig {
    let mut c = TableConfig::with_players(n, SeatKind::Human, 7);
    for (k, v) in variants {
        c.variants.insert(k.to_string(), v.to_string());
    }
    c
}

fn new_game(n: usize, variants: &[(&str, &str)]) -> Court {
    match Court::new(&cfg(n, variants), &content()) {
        Ok(g) => g,
        Err(e) => panic!("setup refused: {e}"),
    }
}

/// `n` players in the default factions (Cornwall, Orkney, Gore, ...), every knight in the
/// Reserve, seat 0 (Cornwall) to play holding `hand`.
fn table(n: usize, hand: &[CardKind]) -> Court {
    let mut g = new_game(n, &[("tights", "1")]);
    g.scenario_turn(0);
    if let Err(e) = g.scenario_hand(0, hand) {
        panic!("{e}");
    }
    g
}

fn shipped_content() -> &'static CourtContent {
    static CONTENT: std::sync::OnceLock<CourtContent> = std::sync::OnceLock::new();
    CONTENT.get_or_init(|| match CourtContent::load(&ContentSet::embedded()) {
        Ok(c) => c,
        Err(e) => panic!("the shipped content does not load: {e:?}"),
    })
}

fn kn(name: &str) -> KnightId {
    shipped_content()
        .knight_named(name)
        .unwrap_or_else(|| panic!("no knight {name}"))
}

fn sp(id: &str) -> SpaceId {
    shipped_content()
        .space_named(id)
        .unwrap_or_else(|| panic!("no space {id}"))
}

fn put(g: &mut Court, name: &str, space: &str) {
    let (k, s) = (kn(name), sp(space));
    if let Err(e) = g.scenario_put(k, Some(s)) {
        panic!("{e}");
    }
}

/// Takes a follower card from the draw pile and puts it under the knight.
fn follower(g: &mut Court, name: &str, card: CardKind) {
    let k = kn(name);
    let i = g
        .draw
        .iter()
        .position(|&c| c == card)
        .unwrap_or_else(|| panic!("no {card} in the draw pile"));
    g.draw.remove(i);
    g.knights[k.index()].followers.push(card);
}

fn scandal(g: &mut Court, name: &str) {
    let k = kn(name);
    g.knights[k.index()].scandalised = true;
}

fn at(g: &Court, name: &str) -> Option<String> {
    g.knights[kn(name).index()]
        .at
        .map(|s| g.content.space_name(s).to_string())
}

fn events(r: Result<Vec<Tagged<Event>>, RuleError>) -> Vec<Event> {
    match r {
        Ok(ev) => ev.into_iter().map(|t| t.event).collect(),
        Err(e) => panic!("refused: {e}"),
    }
}

fn play(g: &mut Court, card: CardKind, effect: Effect) -> Vec<Event> {
    events(g.apply(&Action::Play { card, effect }))
}

fn snapshot(g: &Court) -> String {
    let mut rng = g.rng.clone();
    format!(
        "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{}|{}|{}|{:?}|{}",
        g.knights,
        g.board,
        g.hands,
        g.draw,
        g.discard,
        g.phase,
        g.active,
        g.played,
        g.turn,
        g.rigged,
        rng.next_u64()
    )
}

/// The action is refused with a reason containing `words`, and nothing changes.
fn refuse(g: &mut Court, action: Action, words: &str) {
    let before = snapshot(g);
    match g.apply(&action) {
        Ok(_) => panic!("{action:?} was accepted"),
        Err(e) => assert!(e.0.contains(words), "\"{e}\" does not say \"{words}\""),
    }
    assert_eq!(before, snapshot(g), "a refusal changed the state");
}

fn census_ok(g: &Court) {
    let c = g.census();
    assert_eq!(c["cards"], g.content.rules.deck_total, "{c:?}");
    assert_eq!(c["knights"], 8 * g.players(), "{c:?}");
    assert_eq!(c["misplaced"], 0, "{c:?}");
}

// ---------------------------------------------------------------------------------------------
// Content

#[test]
fn shipped_content_matches_the_spec() {
    let c = content();
    assert_eq!(c.spaces.len(), 22);
    assert_eq!(c.lines.len(), 42);
    let count = |r: Rank| c.spaces.iter().filter(|s| s.rank == r).count();
    assert_eq!(
        (count(Rank::Senator), count(Rank::Nobilitas), count(Rank::Equites)),
        (3, 9, 10)
    );
    assert_eq!(c.factions.len(), 5);
    assert_eq!(c.knights.len(), 40);
    assert!(c.factions.iter().all(|f| f.knights.len() == 8));
    assert_eq!(c.deck_cards().len(), 80);
    let ids: Vec<&str> = c.factions.iter().map(|f| f.id.as_str()).collect();
    assert_eq!(ids, ["cornwall", "orkney", "gore", "saracens", "ganis"]);
    // Every Equites has exactly one line up, and the way to a Senator is three steps.
    for e in c.equites() {
        let up: Vec<_> = c.spaces[e.index()]
            .neighbours
            .iter()
            .filter(|n| c.rank(**n) != Some(Rank::Equites))
            .collect();
        assert_eq!(up.len(), 1, "{}", c.space_name(e));
        let mut dist = vec![usize::MAX; c.spaces.len()];
        dist[e.index()] = 0;
        let mut queue = std::collections::VecDeque::from([e]);
        while let Some(v) = queue.pop_front() {
            for n in &c.spaces[v.index()].neighbours {
                if dist[n.index()] == usize::MAX {
                    dist[n.index()] = dist[v.index()] + 1;
                    queue.push_back(*n);
                }
            }
        }
        let to_senator = (0..c.spaces.len())
            .filter(|&i| c.spaces[i].rank == Rank::Senator)
            .map(|i| dist[i])
            .min();
        assert_eq!(to_senator, Some(3), "{}", c.space_name(e));
    }
    // Lines are symmetric.
    for (i, s) in c.spaces.iter().enumerate() {
        for n in &s.neighbours {
            assert!(c.adjacent(*n, SpaceId(i as u8)));
        }
    }
    // Values the rulebook's example fixes.
    let k = |n: &str| &c.knights[c.knight_named(n).map_or(99, |k| k.index())];
    assert_eq!(k("Sir Constantine").power, 3);
    assert_eq!(k("Sir Constantine").points, 2);
    assert_eq!(k("Sir Tristram").points, 3);
    assert_eq!((k("Sir Lionel").power, k("Sir Lionel").points), (2, 2));
    assert_eq!(c.rules.hand_size, 6);
    assert_eq!(c.rules.targets, [50, 100, 200]);
}

struct Broken {
    dir: std::path::PathBuf,
}

impl Broken {
    fn new(name: &str) -> Broken {
        let dir = crate::rules::scratch::scratch_dir(name);
        let _ = std::fs::create_dir_all(&dir);
        Broken { dir }
    }
    /// Loads the shipped content with `key` replaced by `text`; returns the errors and the path.
    fn load(&self, key: &str, text: &str) -> (Vec<ContentError>, String) {
        let path = self.dir.join(key.replace('/', "_"));
        if let Err(e) = std::fs::write(&path, text) {
            panic!("cannot write {}: {e}", path.display());
        }
        let mut set = ContentSet::embedded();
        if let Err(e) = set.overlay_file(key, &path) {
            panic!("{e}");
        }
        let errors = match CourtContent::load(&set) {
            Ok(_) => Vec::new(),
            Err(e) => e,
        };
        (errors, path.display().to_string())
    }
}

impl Drop for Broken {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn shipped(key: &str) -> String {
    match ContentSet::embedded().get(key) {
        Ok(f) => f.text.clone(),
        Err(e) => panic!("{e}"),
    }
}

/// Exactly one error, at the place of the `n`th `needle`, whose message contains `words`.
/// Line and column (from 1) of `needle` on the first line of `text` that holds `line_has`.
fn on_line_with(text: &str, line_has: &str, needle: &str) -> (usize, usize) {
    text.lines()
        .enumerate()
        .find(|(_, l)| l.contains(line_has))
        .and_then(|(i, l)| l.find(needle).map(|c| (i + 1, c + 1)))
        .unwrap_or_else(|| panic!("no {needle} on a line with {line_has}"))
}

fn one_error_at(errors: &[ContentError], text: &str, needle: &str, n: usize, words: &str) {
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let (line, col) = locate(text, needle, n).unwrap_or_else(|| panic!("no {needle} in the text"));
    let e = &errors[0];
    assert!(e.message.contains(words), "{e}");
    assert_eq!((e.line, e.col), (line, col), "{e}");
}

#[test]
fn hall_line_to_unknown_space_points_at_the_id() {
    let b = Broken::new("hall-unknown");
    let text = shipped(CourtContent::HALL).replace("(\"E9\", \"E10\")", "(\"E9\", \"E11\")");
    let (errors, path) = b.load(CourtContent::HALL, &text);
    one_error_at(&errors, &text, "\"E11\"", 0, "\"E11\", which is not a space");
    assert_eq!(errors[0].file, path);
}

#[test]
fn hall_duplicate_space_id_points_at_the_second() {
    let b = Broken::new("hall-dup");
    let text = shipped(CourtContent::HALL).replace("(id: \"E10\"", "(id: \"E9\"");
    let (errors, _) = b.load(CourtContent::HALL, &text);
    // E10's lines now name an unknown space too; the duplicate is reported at the second "E9".
    let dup: Vec<_> = errors.iter().filter(|e| e.message.contains("more than once")).collect();
    assert_eq!(dup.len(), 1, "{errors:#?}");
    let (line, col) = locate(&text, "\"E9\"", 1).unwrap_or((0, 0));
    assert_eq!((dup[0].line, dup[0].col), (line, col));
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains("\"E10\", which is not a space"))
    );
}

#[test]
fn hall_equites_that_cannot_reach_a_senator() {
    let b = Broken::new("hall-island");
    let text = shipped(CourtContent::HALL)
        .replace("(\"N5\", \"E1\"), ", "")
        .replace("(\"E1\", \"E2\"), ", "");
    let (errors, _) = b.load(CourtContent::HALL, &text);
    one_error_at(&errors, &text, "\"E1\"", 0, "cannot reach any Senator");
}

#[test]
fn hall_with_too_few_equites_for_two_players() {
    let b = Broken::new("hall-few");
    let mut text = shipped(CourtContent::HALL);
    for e in ["E1", "E2", "E3", "E4", "E5", "E6", "E7"] {
        text = text.replace(
            &format!("(id: \"{e}\", rank: Equites"),
            &format!("(id: \"{e}\", rank: Nobilitas"),
        );
    }
    let (errors, _) = b.load(CourtContent::HALL, &text);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].message.contains("3 Equites spaces"), "{}", errors[0]);
}

#[test]
fn fewer_equites_than_players_need_is_a_setup_refusal() {
    let mut c = content();
    for id in ["E8", "E9", "E10"] {
        if let Some(s) = c.space_named(id) {
            c.spaces[s.index()].rank = Rank::Nobilitas;
        }
    }
    // 7 Equites: 3 players (6) fit, 4 players (8) do not.
    assert!(Court::new(&cfg(3, &[]), &c).is_ok());
    match Court::new(&cfg(4, &[]), &c) {
        Ok(_) => panic!("4 players accepted with 7 Equites"),
        Err(e) => assert!(e.0.contains("need 8 Equites spaces"), "{e}"),
    }
}

#[test]
fn knights_duplicate_id_missing_knights_and_bad_values() {
    let b = Broken::new("knights");
    let text = shipped(CourtContent::KNIGHTS)
        .replace("(id: \"cador\"", "(id: \"tristram\"")
        .replace(
            "name: \"Sir Gareth\", power: 3, points: 2",
            "name: \"Sir Gareth\", power: 0, points: 2",
        )
        .replace(
            "name: \"Sir Safir\", power: 2, points: 2",
            "name: \"Sir Safir\", power: 2, points: -1",
        );
    let (errors, _) = b.load(CourtContent::KNIGHTS, &text);
    assert_eq!(errors.len(), 3, "{errors:#?}");
    let find = |w: &str| {
        errors
            .iter()
            .find(|e| e.message.contains(w))
            .unwrap_or_else(|| panic!("no error saying {w}: {errors:#?}"))
    };
    let dup = find("\"tristram\" is used more than once");
    assert_eq!((dup.line, dup.col), locate(&text, "\"tristram\"", 1).unwrap_or((0, 0)));
    let gareth = find("Sir Gareth's power must be at least 1, not 0");
    assert_eq!((gareth.line, gareth.col), on_line_with(&text, "Sir Gareth", "0,"));
    let safir = find("Sir Safir's points must be at least 1, not -1");
    assert_eq!((safir.line, safir.col), on_line_with(&text, "Sir Safir\"", "-1"));
}

#[test]
fn knights_faction_without_knights() {
    let b = Broken::new("knights-empty");
    let shipped = shipped(CourtContent::KNIGHTS);
    let start = shipped.find("(id: \"uwaine\"").unwrap_or(0);
    let end = shipped.find("(id: \"render\"").unwrap_or(0);
    let end = end + shipped[end..].find('\n').unwrap_or(0) + 1;
    let mut text = shipped.clone();
    text.replace_range(start..end, "");
    let (errors, _) = b.load(CourtContent::KNIGHTS, &text);
    // No knights, so the top knight is not one of them either.
    assert!(errors.len() == 2, "{errors:#?}");
    let e = errors
        .iter()
        .find(|e| e.message.contains("faction \"Gore\" has no knights"))
        .unwrap_or_else(|| panic!("{errors:#?}"));
    // Gore is the third faction: its `knights:` field.
    let third = text.match_indices("knights:").nth(2).map_or(0, |(o, _)| o);
    let n = text[..third].matches("knights").count();
    assert_eq!((e.line, e.col), locate(&text, "knights", n).unwrap_or((0, 0)));
}

#[test]
fn knights_wrong_count_per_faction_and_too_few_factions() {
    let b = Broken::new("knights-count");
    let text = shipped(CourtContent::KNIGHTS).replace(
        "                (id: \"prize\", name: \"Sir Prize\", power: 1, points: 1),\n",
        "",
    );
    let (errors, _) = b.load(CourtContent::KNIGHTS, &text);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0]
            .message
            .contains("has 7 knights; rules.ron says each faction has 8")
    );
    let text = shipped(CourtContent::KNIGHTS);
    let start = text[..text.find("id: \"orkney\"").unwrap_or(0)].rfind('(').unwrap_or(0);
    let (errors, _) = b.load(CourtContent::KNIGHTS, &format!("(factions: [{}", &text[start..]));
    assert!(errors.is_empty(), "{errors:#?}");
    let end = text[..text.find("id: \"gore\"").unwrap_or(0)].rfind('(').unwrap_or(0);
    let one = format!("(factions: [{}])", &text[start..end].trim_end().trim_end_matches(','));
    let (errors, _) = b.load(CourtContent::KNIGHTS, &one);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].message.contains("needs at least 2"), "{}", errors[0]);
}

#[test]
fn deck_wrong_total_zero_count_and_bad_follower_value() {
    let b = Broken::new("deck");
    let text = shipped(CourtContent::DECK).replace("(kind: Move, count: 40)", "(kind: Move, count: 39)");
    let (errors, _) = b.load(CourtContent::DECK, &text);
    one_error_at(
        &errors,
        &text,
        "cards",
        0,
        "the deck has 79 cards but rules.ron says deck_total is 80",
    );

    let text = shipped(CourtContent::DECK)
        .replace("(kind: Merlin, count: 3)", "(kind: Merlin, count: 0)")
        .replace("(kind: Priest(1), count: 2)", "(kind: Priest(0), count: 2)");
    let (errors, _) = b.load(CourtContent::DECK, &text);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    let has = |words: &str, at: (usize, usize)| {
        errors
            .iter()
            .any(|e| e.message.contains(words) && (e.line, e.col) == at)
    };
    assert!(has(
        "count must be at least 1, not 0",
        on_line_with(&text, "kind: Merlin", "0)")
    ));
    assert!(has(
        "value must be from 1 to 99, not 0",
        on_line_with(&text, "Priest(0)", "Priest(0)")
    ));

    let text = shipped(CourtContent::DECK).replace(
        "(kind: Score, count: 12)",
        "(kind: Score, count: 11), (kind: Score, count: 1)",
    );
    let (errors, _) = b.load(CourtContent::DECK, &text);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].message.contains("Score is listed more than once"));
}

#[test]
fn rules_zero_negative_and_impossible_values() {
    let b = Broken::new("rules");
    let text = shipped(CourtContent::RULES)
        .replace("hand_size: 6", "hand_size: 0")
        .replace("max_followers: 2", "max_followers: -2")
        .replace("targets: [50, 100, 200]", "targets: [50, 0, 200]");
    let (errors, _) = b.load(CourtContent::RULES, &text);
    assert_eq!(errors.len(), 3, "{errors:#?}");
    let pos = |needle: &str| locate(&text, needle, 0).unwrap_or((0, 0));
    let e = errors
        .iter()
        .find(|e| e.message.contains("hand_size must be at least 1, not 0"));
    assert_eq!(
        e.map(|e| (e.line, e.col)),
        Some((pos("hand_size").0, pos("hand_size").1 + 11))
    );
    let e = errors
        .iter()
        .find(|e| e.message.contains("max_followers must be at least 1, not -2"));
    assert_eq!(e.map(|e| (e.line, e.col)), Some(pos("-2")));
    let e = errors
        .iter()
        .find(|e| e.message.contains("every points target must be at least 1, not 0"));
    assert_eq!(
        e.map(|e| (e.line, e.col)),
        Some(pos(" 0, 200")).map(|(l, c)| (l, c + 1))
    );

    let text = shipped(CourtContent::RULES).replace("opening_knights: 2", "opening_knights: 9");
    let (errors, _) = b.load(CourtContent::RULES, &text);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].message.contains("cannot exceed knights_per_faction"));

    let text = shipped(CourtContent::RULES).replace("    allow_gossip_own: true,\n", "");
    let (errors, _) = b.load(CourtContent::RULES, &text);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].message.contains("allow_gossip_own"), "{}", errors[0]);

    let text = shipped(CourtContent::RULES).replace("hand_size: 6", "hand_size: 6, hand_sise: 6");
    let (errors, _) = b.load(CourtContent::RULES, &text);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].message.contains("hand_sise"), "{}", errors[0]);
    assert_eq!(errors[0].line, locate(&text, "hand_sise", 0).map_or(0, |p| p.0));
}

#[test]
fn every_file_truncated_or_garbage_gives_errors_never_a_panic() {
    let b = Broken::new("fuzz");
    for key in CourtContent::FILES {
        let text = shipped(key);
        let last = text.rfind(')').unwrap_or(0);
        let mut cut = 0;
        while cut < last {
            let mut end = cut;
            while !text.is_char_boundary(end) {
                end += 1;
            }
            let (errors, path) = b.load(key, &text[..end]);
            assert!(!errors.is_empty(), "{key} cut at {end} loaded");
            assert!(errors.iter().all(|e| e.file == path && e.line >= 1 && e.col >= 1));
            cut += 1 + text.len() / 97;
        }
        for garbage in [
            "",
            "garbage",
            "(((",
            "\u{0}\u{1}",
            "[1, 2, 3]",
            "(cards: 5)",
            "{\"a\": 1}",
            "()",
        ] {
            let (errors, _) = b.load(key, garbage);
            assert!(!errors.is_empty(), "{key} accepted {garbage:?}");
        }
    }
}

#[test]
fn all_four_files_broken_reports_every_problem() {
    let b = Broken::new("all");
    let mut set = ContentSet::embedded();
    let files = [
        (
            CourtContent::HALL,
            shipped(CourtContent::HALL).replace("(\"S1\", \"S2\")", "(\"S1\", \"S9\")"),
        ),
        (
            CourtContent::KNIGHTS,
            shipped(CourtContent::KNIGHTS).replace("power: 4", "power: -4"),
        ),
        (CourtContent::DECK, "(cards: [(kind: Move, count: 40)".to_string()),
        (
            CourtContent::RULES,
            shipped(CourtContent::RULES).replace("deck_total: 80", "deck_total: 0"),
        ),
    ];
    for (key, text) in &files {
        let path = b.dir.join(key.replace('/', "_"));
        let _ = std::fs::write(&path, text);
        if let Err(e) = set.overlay_file(key, &path) {
            panic!("{e}");
        }
    }
    let errors = match CourtContent::load(&set) {
        Ok(_) => panic!("broken content loaded"),
        Err(e) => e,
    };
    for (key, _) in &files {
        let name = key.replace('/', "_");
        assert!(
            errors.iter().any(|e| e.file.ends_with(&name)),
            "no error in {key}: {errors:#?}"
        );
    }
    // Five Andred-like knights with power 4 → five errors, one Movement Line, one syntax, one rule.
    assert_eq!(errors.len(), 8, "{errors:#?}");
}

// ---------------------------------------------------------------------------------------------
// Setup

#[test]
fn player_count_and_variants_are_checked() {
    let c = content();
    for n in [0, 1, 6, 7] {
        match Court::new(&cfg(n, &[]), &c) {
            Ok(_) => panic!("{n} players accepted"),
            Err(e) => assert!(e.0.contains(&format!("2 to 5 players, not {n}")), "{e}"),
        }
    }
    assert_eq!(new_game(2, &[]).target, 100);
    assert_eq!(new_game(2, &[("target", "50")]).target, 50);
    assert_eq!(new_game(2, &[("target", "default")]).target, 100);
    assert_eq!(new_game(2, &[("target", "77")]).target, 77);
    for bad in ["0", "-5", "abc"] {
        let r = Court::new(&cfg(2, &[("target", bad)]), &c);
        assert!(r.is_err_and(|e| e.0.contains("positive whole number")));
    }
    let g = new_game(2, &[("factions", "Gore, ganis")]);
    assert_eq!(g.factions, [FactionId(2), FactionId(4)]);
    let g = new_game(3, &[]);
    assert_eq!(g.factions, [FactionId(0), FactionId(1), FactionId(2)]);
    assert!(
        Court::new(&cfg(2, &[("factions", "gore,camelot")]), &c).is_err_and(|e| e.0.contains("no faction \"camelot\""))
    );
    assert!(Court::new(&cfg(2, &[("factions", "gore,gore")]), &c).is_err_and(|e| e.0.contains("chosen twice")));
    assert!(Court::new(&cfg(3, &[("factions", "gore,orkney")]), &c).is_err_and(|e| e.0.contains("only 2 are named")));
    assert!(Court::new(&cfg(3, &[("tights", "4")]), &c).is_err_and(|e| e.0.contains("from 1 to 3")));
    // The knights of factions not in play are nobody's.
    let g = new_game(2, &[("factions", "gore,ganis")]);
    assert_eq!(g.knights.iter().filter(|k| k.owner.is_some()).count(), 16);
    assert_eq!(g.knights[kn("Sir Uwaine").index()].owner, Some(0));
    let names: Vec<&str> = Court::variants().iter().map(|v| v.key).collect();
    assert_eq!(names, ["target", "factions"]);
}

#[test]
fn deal_six_each_and_tell_only_the_owner() {
    let g = new_game(4, &[]);
    assert!(g.hands.iter().all(|h| h.len() == 6));
    assert_eq!(g.draw.len(), 80 - 24);
    census_ok(&g);
    let opening = g.opening_events();
    for seat in 0..4 {
        assert!(opening.iter().any(|t| t.to == Visibility::Only(seat)
            && t.event
                == Event::Dealt {
                    seat,
                    cards: g.hands[seat].clone()
                }));
        assert!(
            opening
                .iter()
                .any(|t| t.to == Visibility::Everyone && t.event == Event::DealtCount { seat, count: 6 })
        );
    }
    assert!(opening.iter().all(|t| match &t.event {
        Event::Dealt { seat, .. } => t.to == Visibility::Only(*seat),
        _ => t.to == Visibility::Everyone,
    }));
}

#[test]
fn first_player_roll_off_rerolls_ties_only() {
    let c = content();
    let mut saw_tie = false;
    for seed in 0..200 {
        let mut config = cfg(4, &[]);
        config.seed = seed;
        let Ok(g) = Court::new(&config, &c) else {
            panic!("setup")
        };
        let rounds: Vec<Vec<(Seat, u8)>> = g
            .opening
            .iter()
            .filter_map(|t| match &t.event {
                Event::RollOff { rolls } => Some(rolls.clone()),
                _ => None,
            })
            .collect();
        assert!(!rounds.is_empty());
        assert_eq!(rounds[0].iter().map(|r| r.0).collect::<Vec<_>>(), [0, 1, 2, 3]);
        for w in rounds.windows(2) {
            saw_tie = true;
            let best = w[0].iter().map(|r| r.1).max().unwrap_or(0);
            let tied: Vec<Seat> = w[0].iter().filter(|r| r.1 == best).map(|r| r.0).collect();
            assert!(tied.len() > 1);
            assert_eq!(w[1].iter().map(|r| r.0).collect::<Vec<_>>(), tied);
        }
        let last = &rounds[rounds.len() - 1];
        let best = last.iter().map(|r| r.1).max().unwrap_or(0);
        let winners: Vec<Seat> = last.iter().filter(|r| r.1 == best).map(|r| r.0).collect();
        assert_eq!(winners, [g.first]);
        assert!(g.opening.iter().any(|t| t.event
            == Event::FirstPlayer {
                seat: g.first,
                tights: false
            }));
        assert_eq!(g.pending().seat(), Some(g.first));
    }
    assert!(saw_tie, "no seed gave a tie");
}

#[test]
fn tights_decide_the_first_player() {
    let g = new_game(3, &[("tights", "2")]);
    assert_eq!(g.first, 1);
    assert!(!g.opening.iter().any(|t| matches!(t.event, Event::RollOff { .. })));
    assert!(
        g.opening
            .iter()
            .any(|t| t.event == Event::FirstPlayer { seat: 1, tights: true })
    );
    let g = new_game(3, &[("tights", "1,3")]);
    for t in &g.opening {
        if let Event::RollOff { rolls } = &t.event {
            assert!(rolls.iter().all(|r| r.0 == 0 || r.0 == 2), "{rolls:?}");
        }
    }
    assert!(g.first == 0 || g.first == 2);
}

#[test]
fn opening_placement_two_rounds_in_turn_order_on_empty_equites() {
    let mut g = new_game(3, &[("tights", "2")]);
    let order: Vec<Seat> = vec![1, 2, 0, 1, 2, 0];
    let mut used = Vec::new();
    for (i, &seat) in order.iter().enumerate() {
        assert_eq!(g.pending().seat(), Some(seat), "placement {i}");
        let legal = g.legal_actions();
        assert!(legal.iter().all(|a| matches!(a, Action::Place { .. })));
        // Only own Reserve knights, only empty Equites.
        for a in &legal {
            let Action::Place { knight, space } = *a else {
                unreachable!()
            };
            assert_eq!(g.knights[knight.index()].owner, Some(seat));
            assert_eq!(g.content.rank(space), Some(Rank::Equites));
            assert!(!used.contains(&space));
        }
        assert_eq!(legal.len(), (8 - i / 3) * (10 - i));
        let other = g
            .content
            .faction(g.factions[(seat + 1) % 3])
            .map_or(KnightId(0), |f| f.knights[7]);
        refuse(
            &mut g,
            Action::Place {
                knight: other,
                space: sp("E10"),
            },
            "not one of your knights",
        );
        let mine = g
            .content
            .faction(g.factions[seat])
            .map_or(KnightId(0), |f| f.knights[7 - i / 3]);
        refuse(
            &mut g,
            Action::Place {
                knight: mine,
                space: sp("N5"),
            },
            "Equites row",
        );
        if let Some(&taken) = used.first() {
            refuse(
                &mut g,
                Action::Place {
                    knight: mine,
                    space: taken,
                },
                "already holds",
            );
        }
        refuse(&mut g, Action::EndPlay, "opening knights");
        let space = SpaceId(12 + i as u8);
        events(g.apply(&Action::Place { knight: mine, space }));
        used.push(space);
    }
    assert_eq!(g.phase, Phase::Play);
    assert_eq!(g.active, 1);
    assert_eq!(g.turn, 1);
    assert!((0..3).all(|s| g.make_view(0).reserves[s].len() == 6));
    census_ok(&g);
}

#[test]
fn five_players_fill_the_equites_row_exactly() {
    let mut g = new_game(5, &[]);
    for step in 0..10 {
        let legal = g.legal_actions();
        if step == 9 {
            assert_eq!(legal.len(), 7, "the last placement has one space for 7 knights");
        }
        events(g.apply(&legal[0]));
    }
    assert!(g.content.equites().all(|e| g.board[e.index()].is_some()));
    assert_eq!(g.phase, Phase::Play);
}

// ---------------------------------------------------------------------------------------------
// Move

#[test]
fn enter_only_own_reserve_knights_in_own_turn_on_equites() {
    let mut g = table(2, &[Move, Move, Move]);
    let (tristram, gawaine, cador) = (kn("Sir Tristram"), kn("Sir Gawaine"), kn("Sir Cador"));
    let e1 = sp("E1");
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Enter {
                knight: gawaine,
                space: e1,
            },
        },
        "a Move can only bring your own knights into the hall",
    );
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Enter {
                knight: tristram,
                space: sp("N5"),
            },
        },
        "only on an Equites space",
    );
    let ev = play(
        &mut g,
        Move,
        Effect::Enter {
            knight: tristram,
            space: e1,
        },
    );
    assert!(ev.contains(&Event::Moved {
        knight: tristram,
        from: None,
        to: e1
    }));
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Enter {
                knight: tristram,
                space: sp("E2"),
            },
        },
        "already in the hall",
    );
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Enter {
                knight: cador,
                space: e1,
            },
        },
        "your own faction",
    );
    // In Orkney's turn Cornwall's Reserve knights stay out.
    g.scenario_turn(1);
    let _ = g.scenario_hand(1, &[Move]);
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Enter {
                knight: cador,
                space: sp("E2"),
            },
        },
        "a Move can only bring your own knights into the hall",
    );
    census_ok(&g);
}

#[test]
fn step_only_along_movement_lines_any_owner() {
    let mut g = table(2, &[Move, Move, Move, Move, Move]);
    put(&mut g, "Sir Tristram", "E3");
    put(&mut g, "Sir Gareth", "E5");
    let t = kn("Sir Tristram");
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Step {
                knight: t,
                to: sp("N1"),
            },
        },
        "no Movement Line joins E3 to N1",
    );
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Step {
                knight: kn("Sir Cador"),
                to: sp("E2"),
            },
        },
        "not in the Great Hall",
    );
    for to in ["N6", "N1", "S1"] {
        play(&mut g, Move, Effect::Step { knight: t, to: sp(to) });
        assert_eq!(at(&g, "Sir Tristram").as_deref(), Some(to));
    }
    // Sideways and down, and an opponent's knight.
    play(
        &mut g,
        Move,
        Effect::Step {
            knight: kn("Sir Gareth"),
            to: sp("E4"),
        },
    );
    assert_eq!(at(&g, "Sir Gareth").as_deref(), Some("E4"));
    assert!(g.board[sp("E3").index()].is_none() && g.board[sp("E5").index()].is_none());
    census_ok(&g);
}

#[test]
fn exit_only_from_equites_to_the_owners_reserve() {
    let mut g = table(2, &[Move, Move]);
    put(&mut g, "Sir Tristram", "N6");
    put(&mut g, "Sir Gareth", "E1");
    follower(&mut g, "Sir Gareth", Soldier(1));
    follower(&mut g, "Sir Gareth", Priest(2));
    scandal(&mut g, "Sir Gareth");
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Exit {
                knight: kn("Sir Tristram"),
            },
        },
        "only an Equites can be moved out of the hall, and Sir Tristram is a Nobilitas",
    );
    let gareth = kn("Sir Gareth");
    let discard = g.discard.len();
    let ev = play(&mut g, Move, Effect::Exit { knight: gareth });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ToReserve {
            cause: LeaveCause::Exit,
            ..
        }
    )));
    let st = &g.knights[gareth.index()];
    assert_eq!((st.at, st.scandalised, st.followers.len()), (None, false, 0));
    assert_eq!(g.discard.len(), discard + 3, "the Move and both followers");
    assert!(g.make_view(0).reserves[1].contains(&gareth));
    census_ok(&g);
}

#[test]
fn a_knight_cannot_move_onto_his_own_faction() {
    let mut g = table(2, &[Move, Move]);
    put(&mut g, "Sir Tristram", "E3");
    put(&mut g, "Sir Cador", "N6");
    put(&mut g, "Sir Gareth", "E4");
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Step {
                knight: kn("Sir Tristram"),
                to: sp("N6"),
            },
        },
        "Sir Cador holds N6 and is of Sir Tristram's own faction",
    );
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Step {
                knight: kn("Sir Cador"),
                to: sp("E3"),
            },
        },
        "own faction",
    );
    // A knight of another faction may be moved in: that is a challenge.
    g.rig_dice(vec![1, 6]);
    let ev = play(
        &mut g,
        Move,
        Effect::Step {
            knight: kn("Sir Gareth"),
            to: sp("N6"),
        },
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Challenge { won: false, .. })));
}

#[test]
fn challenge_needs_a_strictly_higher_total_and_swaps() {
    let mut g = table(2, &[Move, Move, Move]);
    put(&mut g, "Sir Tristram", "E3");
    follower(&mut g, "Sir Tristram", Soldier(1));
    put(&mut g, "Sir Gareth", "N6");
    let (t, gar) = (kn("Sir Tristram"), kn("Sir Gareth"));
    let n6 = sp("N6");
    // 4+2 = 3+3: a tie fails; nothing moves; the card is spent.
    g.rig_dice(vec![2, 3]);
    let ev = play(&mut g, Move, Effect::Step { knight: t, to: n6 });
    let challenge = Event::Challenge {
        challenger: ChallengeSide {
            knight: t,
            power: 4,
            roll: 2,
        },
        defender: ChallengeSide {
            knight: gar,
            power: 3,
            roll: 3,
        },
        won: false,
    };
    assert!(ev.contains(&challenge));
    assert_eq!(
        g.describe_event(&challenge),
        "Challenge: Sir Tristram 4+2=6 vs Sir Gareth 3+3=6 — fails (tie)"
    );
    assert_eq!(
        (at(&g, "Sir Tristram").as_deref(), at(&g, "Sir Gareth").as_deref()),
        (Some("E3"), Some("N6"))
    );
    assert_eq!((g.played, g.discard.last()), (1, Some(&Move)));
    // Lower fails too.
    g.rig_dice(vec![1, 6]);
    play(&mut g, Move, Effect::Step { knight: t, to: n6 });
    assert_eq!(at(&g, "Sir Tristram").as_deref(), Some("E3"));
    // Strictly higher wins: they exchange places, each with his followers and scandal state.
    scandal(&mut g, "Sir Gareth");
    g.rig_dice(vec![2, 5]);
    let ev = play(&mut g, Move, Effect::Step { knight: t, to: n6 });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Challenge {
            won: true,
            defender: ChallengeSide { power: 0, .. },
            ..
        }
    )));
    assert!(ev.iter().any(|e| matches!(e, Event::Swapped { .. })));
    assert_eq!(
        (at(&g, "Sir Tristram").as_deref(), at(&g, "Sir Gareth").as_deref()),
        (Some("N6"), Some("E3"))
    );
    assert_eq!(g.knights[t.index()].followers, [Soldier(1)]);
    assert!(g.knights[gar.index()].scandalised);
    assert!(g.rigged.is_empty());
    census_ok(&g);
}

#[test]
fn entry_challenge_sends_the_loser_to_his_owners_reserve() {
    let mut g = table(2, &[Move, Move]);
    put(&mut g, "Sir Gareth", "E1");
    follower(&mut g, "Sir Gareth", Soldier(2));
    let (t, gar, e1) = (kn("Sir Tristram"), kn("Sir Gareth"), sp("E1"));
    // Fails: 3+1 vs 5+1; Tristram stays in the Reserve, the Move is spent.
    g.rig_dice(vec![1, 1]);
    let ev = play(&mut g, Move, Effect::Enter { knight: t, space: e1 });
    assert!(ev.iter().any(|e| matches!(e, Event::Challenge { won: false, .. })));
    assert_eq!(at(&g, "Sir Tristram"), None);
    assert_eq!(at(&g, "Sir Gareth").as_deref(), Some("E1"));
    // Wins: 3+6 vs 5+1; Gareth goes to Orkney's Reserve face up, his soldier discarded.
    scandal(&mut g, "Sir Gareth");
    g.rig_dice(vec![6, 1]);
    let ev = play(&mut g, Move, Effect::Enter { knight: t, space: e1 });
    assert!(ev.contains(&Event::ToReserve {
        knight: gar,
        from: e1,
        discarded: vec![Soldier(2)],
        cause: LeaveCause::LostEntryChallenge
    }));
    assert_eq!(at(&g, "Sir Tristram").as_deref(), Some("E1"));
    let st = &g.knights[gar.index()];
    assert_eq!((st.at, st.scandalised, st.followers.is_empty()), (None, false, true));
    assert_eq!(g.discard.last(), Some(&Soldier(2)));
    census_ok(&g);
}

#[test]
fn moving_an_opponents_knight_into_yours_makes_him_the_challenger() {
    let mut g = table(2, &[Move]);
    put(&mut g, "Sir Gareth", "E4");
    put(&mut g, "Sir Tristram", "N6");
    let (gar, t) = (kn("Sir Gareth"), kn("Sir Tristram"));
    g.rig_dice(vec![6, 1]);
    let ev = play(
        &mut g,
        Move,
        Effect::Step {
            knight: gar,
            to: sp("N6"),
        },
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Challenge { challenger, defender, won: true } if challenger.knight == gar && defender.knight == t)));
    assert_eq!(
        (at(&g, "Sir Gareth").as_deref(), at(&g, "Sir Tristram").as_deref()),
        (Some("N6"), Some("E4"))
    );
}

// ---------------------------------------------------------------------------------------------
// Gossip

#[test]
fn gossip_scandalises_and_the_card_player_picks_the_lost_follower() {
    let mut g = table(2, &[Gossip, Gossip, Gossip, Gossip, Gossip]);
    put(&mut g, "Sir Gareth", "N6");
    put(&mut g, "Sir Tristram", "E3");
    put(&mut g, "Sir Gawaine", "S1");
    let (gar, t, gaw) = (kn("Sir Gareth"), kn("Sir Tristram"), kn("Sir Gawaine"));
    // No followers: just scandalised; power 0 and scores nothing.
    let ev = play(&mut g, Gossip, Effect::Gossip { knight: gar });
    assert_eq!(ev.last(), Some(&Event::Scandalised { knight: gar }));
    assert_eq!((g.effective_power(gar), g.score_value(gar)), (0, 0));
    // Scandalised: restored, followers untouched.
    follower(&mut g, "Sir Gareth", Priest(2));
    let ev = play(&mut g, Gossip, Effect::Gossip { knight: gar });
    assert_eq!(ev.last(), Some(&Event::Restored { knight: gar }));
    assert_eq!(g.knights[gar.index()].followers, [Priest(2)]);
    // One follower: he loses it, no choice to make. Own knights may be gossiped too.
    follower(&mut g, "Sir Tristram", Soldier(1));
    let ev = play(&mut g, Gossip, Effect::Gossip { knight: t });
    assert!(ev.contains(&Event::FollowerLost {
        knight: t,
        follower: Soldier(1),
        chosen_by: 0
    }));
    assert_eq!(g.phase, Phase::Play);
    // Two different followers: the Gossip player chooses.
    follower(&mut g, "Sir Gawaine", Priest(2));
    follower(&mut g, "Sir Gawaine", Soldier(2));
    play(&mut g, Gossip, Effect::Gossip { knight: gaw });
    assert_eq!(g.pending().seat(), Some(0));
    let mut legal = g.legal_actions();
    legal.sort();
    assert_eq!(
        legal,
        [
            Action::ChooseFollowerLoss(Priest(2)),
            Action::ChooseFollowerLoss(Soldier(2))
        ]
    );
    refuse(&mut g, Action::EndPlay, "first choose which follower Sir Gawaine loses");
    refuse(
        &mut g,
        Action::ChooseFollowerLoss(Priest(1)),
        "has no Priest +1 follower",
    );
    let ev = events(g.apply(&Action::ChooseFollowerLoss(Priest(2))));
    assert_eq!(
        ev,
        [Event::FollowerLost {
            knight: gaw,
            follower: Priest(2),
            chosen_by: 0
        }]
    );
    assert_eq!(g.knights[gaw.index()].followers, [Soldier(2)]);
    assert_eq!(g.discard.last(), Some(&Priest(2)));
    assert_eq!(g.phase, Phase::Play);
    // Reserve knights cannot be gossiped.
    refuse(
        &mut g,
        Action::Play {
            card: Gossip,
            effect: Effect::Gossip {
                knight: kn("Sir Cador"),
            },
        },
        "not in the Great Hall",
    );
    census_ok(&g);
}

#[test]
fn gossip_on_two_identical_followers_needs_no_choice() {
    let mut g = table(2, &[Gossip]);
    put(&mut g, "Sir Gareth", "N6");
    follower(&mut g, "Sir Gareth", Priest(2));
    follower(&mut g, "Sir Gareth", Priest(2));
    play(
        &mut g,
        Gossip,
        Effect::Gossip {
            knight: kn("Sir Gareth"),
        },
    );
    assert_eq!(g.knights[kn("Sir Gareth").index()].followers, [Priest(2)]);
    assert_eq!(g.phase, Phase::End, "the hand is empty, so play ends");
}

// ---------------------------------------------------------------------------------------------
// Banish

#[test]
fn banish_needs_a_roll_strictly_above_effective_power() {
    let mut g = table(2, &[Banish, Banish, Banish, Banish, Banish]);
    put(&mut g, "Sir Constantine", "N7");
    put(&mut g, "Sir Gareth", "E3");
    put(&mut g, "Sir Mordred", "S2");
    let (con, gar, mor) = (kn("Sir Constantine"), kn("Sir Gareth"), kn("Sir Mordred"));
    g.rig_dice(vec![3]);
    let ev = play(&mut g, Banish, Effect::Banish { knight: con });
    assert!(ev.contains(&Event::BanishRoll {
        knight: con,
        roll: 3,
        power: 3,
        success: false
    }));
    assert_eq!(at(&g, "Sir Constantine").as_deref(), Some("N7"));
    g.rig_dice(vec![4]);
    let ev = play(&mut g, Banish, Effect::Banish { knight: con });
    assert!(ev.contains(&Event::BanishRoll {
        knight: con,
        roll: 4,
        power: 3,
        success: true
    }));
    assert_eq!(at(&g, "Sir Constantine"), None, "own knights may be banished");
    // Scandalised (0) with a +1 soldier: needs 2 or more.
    scandal(&mut g, "Sir Gareth");
    follower(&mut g, "Sir Gareth", Soldier(1));
    assert_eq!(g.effective_power(gar), 1);
    g.rig_dice(vec![1]);
    play(&mut g, Banish, Effect::Banish { knight: gar });
    assert!(at(&g, "Sir Gareth").is_some());
    g.rig_dice(vec![2]);
    let ev = play(&mut g, Banish, Effect::Banish { knight: gar });
    assert!(ev.iter().any(
        |e| matches!(e, Event::ToReserve { discarded, cause: LeaveCause::Banished, .. } if discarded == &[Soldier(1)])
    ));
    let st = &g.knights[gar.index()];
    assert_eq!((st.at, st.scandalised, st.followers.len()), (None, false, 0));
    // Power 6 or more: legal, but it cannot succeed.
    follower(&mut g, "Sir Mordred", Soldier(2));
    assert_eq!(g.effective_power(mor), 6);
    assert!(g.legal_actions().contains(&Action::Play {
        card: Banish,
        effect: Effect::Banish { knight: mor }
    }));
    g.rig_dice(vec![6]);
    let ev = play(&mut g, Banish, Effect::Banish { knight: mor });
    assert!(ev.contains(&Event::BanishRoll {
        knight: mor,
        roll: 6,
        power: 6,
        success: false
    }));
    census_ok(&g);
}

// ---------------------------------------------------------------------------------------------
// Score

#[test]
fn score_active_player_first_then_turn_order() {
    let mut g = table(3, &[Score]);
    g.scenario_turn(1);
    let _ = g.scenario_hand(1, &[Score]);
    put(&mut g, "Sir Tristram", "E1");
    put(&mut g, "Sir Gawaine", "N5");
    put(&mut g, "Sir Uwaine", "S2");
    let ev = play(&mut g, Score, Effect::Score);
    let order: Vec<(Seat, i64)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Scored { seat, points, .. } => Some((*seat, *points)),
            _ => None,
        })
        .collect();
    assert_eq!(order, [(1, 3), (2, 6), (0, 1)]);
    assert_eq!(g.scores, [1, 3, 6]);
    assert_eq!(g.phase, Phase::End);
}

#[test]
fn first_to_reach_the_target_wins_at_once() {
    // Two opponents would both pass: the earlier after the active player wins; the other never scores.
    let mut g = table(3, &[Score]);
    g.scenario_turn(1);
    let _ = g.scenario_hand(1, &[Score]);
    put(&mut g, "Sir Tristram", "E1");
    put(&mut g, "Sir Gawaine", "E2");
    put(&mut g, "Sir Uwaine", "E3");
    scandal(&mut g, "Sir Gawaine");
    g.scores = vec![99, 10, 99];
    let ev = play(&mut g, Score, Effect::Score);
    assert!(ev.contains(&Event::Won { seat: 2, total: 100 }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Scored { seat: 0, .. })));
    assert_eq!(g.scores, [99, 10, 100]);
    match g.pending() {
        Pending::Finished(o) => {
            assert_eq!(o.winners, [2]);
            assert_eq!(o.scores, [99, 10, 100]);
        }
        p => panic!("{p:?}"),
    }
    assert!(g.legal_actions().is_empty());
    assert!(
        g.knights[kn("Sir Gawaine").index()].scandalised,
        "no restoring once the game is over"
    );
    refuse(&mut g, Action::Draw, "the game is over");

    // The active player and an opponent would both pass: the active player wins.
    let mut g = table(2, &[Score]);
    put(&mut g, "Sir Tristram", "E1");
    put(&mut g, "Sir Gawaine", "E2");
    g.scores = vec![99, 99];
    let ev = play(&mut g, Score, Effect::Score);
    assert!(ev.contains(&Event::Won { seat: 0, total: 100 }));
    assert_eq!(g.scores, [100, 99]);
}

#[test]
fn score_ends_play_and_restores_every_scandalised_knight() {
    let mut g = table(2, &[Score, Score, Move]);
    put(&mut g, "Sir Tristram", "N6");
    put(&mut g, "Sir Gawaine", "E2");
    follower(&mut g, "Sir Tristram", Priest(2));
    scandal(&mut g, "Sir Tristram");
    scandal(&mut g, "Sir Gawaine");
    let ev = play(&mut g, Score, Effect::Score);
    assert_eq!(g.scores, [0, 0]);
    let restored = ev.iter().find_map(|e| match e {
        Event::AllRestored { knights } => Some(knights.clone()),
        _ => None,
    });
    assert_eq!(restored.map(|k| k.len()), Some(2));
    assert!(g.knights.iter().all(|k| !k.scandalised));
    assert_eq!(g.knights[kn("Sir Tristram").index()].followers, [Priest(2)]);
    assert_eq!(g.phase, Phase::End);
    assert_eq!(ev.last(), Some(&Event::PlayEnded { seat: 0 }));
    refuse(
        &mut g,
        Action::Play {
            card: Score,
            effect: Effect::Score,
        },
        "your play is over this turn",
    );
    // The Dwarf used as Score is the turn's one Score as well.
    let mut g = table(2, &[Dwarf, Score]);
    play(&mut g, Dwarf, Effect::Score);
    assert_eq!(g.phase, Phase::End);
}

// ---------------------------------------------------------------------------------------------
// Merlin and Dwarf

#[test]
fn merlin_swaps_two_knights_with_their_followers() {
    let mut g = table(4, &[Merlin, Merlin]);
    put(&mut g, "Sir Gawaine", "E10");
    put(&mut g, "Sir Palomides", "S3");
    put(&mut g, "Sir Tristram", "E1");
    put(&mut g, "Sir Cador", "E2");
    follower(&mut g, "Sir Palomides", Priest(2));
    scandal(&mut g, "Sir Gawaine");
    let (gaw, pal) = (kn("Sir Gawaine"), kn("Sir Palomides"));
    let rng_before = g.rng.clone().next_u64();
    let ev = play(&mut g, Merlin, Effect::Merlin { a: gaw, b: pal });
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Challenge { .. } | Event::BanishRoll { .. }))
    );
    assert_eq!(g.rng.clone().next_u64(), rng_before, "no dice");
    assert_eq!(
        (at(&g, "Sir Gawaine").as_deref(), at(&g, "Sir Palomides").as_deref()),
        (Some("S3"), Some("E10"))
    );
    assert_eq!(g.knights[pal.index()].followers, [Priest(2)]);
    assert!(g.knights[gaw.index()].scandalised);
    // Two of one's own knights may swap; the same knight or a Reserve knight may not.
    let (t, c) = (kn("Sir Tristram"), kn("Sir Cador"));
    refuse(
        &mut g,
        Action::Play {
            card: Merlin,
            effect: Effect::Merlin { a: t, b: t },
        },
        "two different knights",
    );
    refuse(
        &mut g,
        Action::Play {
            card: Merlin,
            effect: Effect::Merlin {
                a: t,
                b: kn("Sir Dinadan"),
            },
        },
        "not in the Great Hall",
    );
    play(&mut g, Merlin, Effect::Merlin { a: t, b: c });
    assert_eq!(
        (at(&g, "Sir Tristram").as_deref(), at(&g, "Sir Cador").as_deref()),
        (Some("E2"), Some("E1"))
    );
    census_ok(&g);
}

#[test]
fn dwarf_stands_in_for_score_move_gossip_or_banish_only() {
    let mut g = table(2, &[Dwarf, Dwarf, Dwarf, Move]);
    put(&mut g, "Sir Gareth", "E3");
    put(&mut g, "Sir Gawaine", "E4");
    let (t, gar, gaw) = (kn("Sir Tristram"), kn("Sir Gareth"), kn("Sir Gawaine"));
    refuse(
        &mut g,
        Action::Play {
            card: Dwarf,
            effect: Effect::Merlin { a: gar, b: gaw },
        },
        "a Dwarf can stand in only for Score, Move, Gossip or Banish",
    );
    refuse(
        &mut g,
        Action::Play {
            card: Dwarf,
            effect: Effect::Follow { knight: gar },
        },
        "stand in only",
    );
    refuse(
        &mut g,
        Action::Play {
            card: Dwarf,
            effect: Effect::Enter {
                knight: kn("Sir Gaheris"),
                space: sp("E1"),
            },
        },
        "a Move can only bring your own knights into the hall",
    );
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Gossip { knight: gar },
        },
        "a Move card cannot do that",
    );
    play(
        &mut g,
        Dwarf,
        Effect::Enter {
            knight: t,
            space: sp("E1"),
        },
    );
    assert_eq!(at(&g, "Sir Tristram").as_deref(), Some("E1"));
    play(&mut g, Dwarf, Effect::Gossip { knight: gar });
    assert!(g.knights[gar.index()].scandalised);
    g.rig_dice(vec![6]);
    play(&mut g, Dwarf, Effect::Banish { knight: gaw });
    assert_eq!(at(&g, "Sir Gawaine"), None);
    assert_eq!(g.discard.iter().filter(|&&c| c == Dwarf).count(), 3);
    // Score is covered in score_ends_play_and_restores_every_scandalised_knight.
}

// ---------------------------------------------------------------------------------------------
// Followers and scoring values

#[test]
fn followers_only_on_own_knights_in_the_hall_and_at_most_two() {
    let mut g = table(2, &[Priest(2), Soldier(1), Soldier(2), Priest(1)]);
    put(&mut g, "Sir Tristram", "E3");
    put(&mut g, "Sir Gareth", "E4");
    let t = kn("Sir Tristram");
    refuse(
        &mut g,
        Action::Play {
            card: Priest(2),
            effect: Effect::Follow {
                knight: kn("Sir Gareth"),
            },
        },
        "followers can only join your own knights",
    );
    refuse(
        &mut g,
        Action::Play {
            card: Priest(2),
            effect: Effect::Follow {
                knight: kn("Sir Cador"),
            },
        },
        "followers can only join knights in the hall",
    );
    refuse(
        &mut g,
        Action::Play {
            card: Priest(2),
            effect: Effect::Score,
        },
        "can only join one of your knights",
    );
    let ev = play(&mut g, Priest(2), Effect::Follow { knight: t });
    assert!(ev.contains(&Event::FollowerAdded {
        knight: t,
        follower: Priest(2)
    }));
    play(&mut g, Soldier(1), Effect::Follow { knight: t });
    refuse(
        &mut g,
        Action::Play {
            card: Soldier(2),
            effect: Effect::Follow { knight: t },
        },
        "Sir Tristram already has two followers",
    );
    assert_eq!((g.effective_power(t), g.points_value(t)), (4, 5));
    // Followers stay under the knight: they are not in the discard pile.
    assert!(!g.discard.contains(&Priest(2)));
    census_ok(&g);
}

#[test]
fn scoring_values_by_rank() {
    let mut g = table(2, &[]);
    put(&mut g, "Sir Tristram", "S1");
    follower(&mut g, "Sir Tristram", Priest(2));
    follower(&mut g, "Sir Tristram", Soldier(2));
    let t = kn("Sir Tristram");
    // Senator: double the points value, priests included: 2 × (3 + 2).
    assert_eq!(g.score_value(t), 10);
    put(&mut g, "Sir Tristram", "N1");
    follower(&mut g, "Sir Tristram", Priest(2));
    assert_eq!(g.score_value(t), 5, "Nobilitas: points + priests");
    put(&mut g, "Sir Tristram", "E1");
    follower(&mut g, "Sir Tristram", Priest(1));
    assert_eq!(g.score_value(t), 2, "Equites: flat 1 + priests, printed 3 ignored");
    put(&mut g, "Sir Loinstake", "E2");
    assert_eq!(g.score_value(kn("Sir Loinstake")), 1);
    scandal(&mut g, "Sir Tristram");
    follower(&mut g, "Sir Tristram", Soldier(1));
    assert_eq!(g.score_value(t), 0, "Scandalised scores nothing");
    assert_eq!(g.effective_power(t), 1, "but his soldiers still count");
    assert_eq!(g.score_value(kn("Sir Cador")), 0, "Reserve knights score nothing");
    // With senator_doubles_followers off, only the printed points double.
    let mut c = (*g.content).clone();
    c.rules.senator_doubles_followers = false;
    g.content = Arc::new(c);
    put(&mut g, "Sir Tristram", "S1");
    follower(&mut g, "Sir Tristram", Priest(2));
    assert_eq!(g.score_value(t), 8);
}

// ---------------------------------------------------------------------------------------------
// Turn: card limit, end phase

#[test]
fn at_most_six_cards_a_turn_followers_included() {
    let mut g = table(2, &[Priest(2), Soldier(1), Move, Move, Move, Score]);
    let t = kn("Sir Tristram");
    put(&mut g, "Sir Tristram", "E3");
    play(&mut g, Priest(2), Effect::Follow { knight: t });
    play(&mut g, Soldier(1), Effect::Follow { knight: t });
    for to in ["N6", "N1", "S1"] {
        play(&mut g, Move, Effect::Step { knight: t, to: sp(to) });
    }
    assert_eq!(g.played, 5);
    play(&mut g, Score, Effect::Score);
    assert_eq!(g.scores[0], 10);
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Exit { knight: t },
        },
        "you have played 6 cards this turn",
    );

    // With a smaller limit the play ends by itself, cards still in hand.
    let mut c = (*g.content).clone();
    c.rules.max_cards_per_turn = 2;
    let mut g = match Court::new(&cfg(2, &[("tights", "1")]), &c) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    g.scenario_turn(0);
    let _ = g.scenario_hand(0, &[Move, Move, Move]);
    put(&mut g, "Sir Tristram", "E3");
    play(
        &mut g,
        Move,
        Effect::Step {
            knight: t,
            to: sp("E2"),
        },
    );
    let ev = play(
        &mut g,
        Move,
        Effect::Step {
            knight: t,
            to: sp("E1"),
        },
    );
    assert_eq!(ev.last(), Some(&Event::PlayEnded { seat: 0 }));
    assert_eq!(g.phase, Phase::End);
    refuse(
        &mut g,
        Action::Play {
            card: Move,
            effect: Effect::Exit { knight: t },
        },
        "you have played 2 cards this turn",
    );
}

#[test]
fn end_phase_discard_then_draw_to_six_and_pass_the_turn() {
    let mut g = table(3, &[Move, Move, Gossip, Score]);
    events(g.apply(&Action::EndPlay));
    refuse(&mut g, Action::EndPlay, "already ended");
    refuse(&mut g, Action::Discard(Merlin), "you hold no Merlin card");
    let ev = events(g.apply(&Action::Discard(Move)));
    assert_eq!(ev, [Event::Discarded { seat: 0, card: Move }]);
    events(g.apply(&Action::Discard(Score)));
    assert_eq!(g.discard, [Move, Score]);
    let before = g.draw.len();
    let tagged = match g.apply(&Action::Draw) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(g.hands[0].len(), 6);
    assert_eq!(g.draw.len(), before - 4);
    assert!(
        tagged
            .iter()
            .any(|t| t.to == Visibility::Only(0)
                && matches!(&t.event, Event::Drew { seat: 0, cards } if cards.len() == 4))
    );
    assert!(
        tagged
            .iter()
            .any(|t| t.to == Visibility::Everyone && t.event == Event::DrewCount { seat: 0, count: 4 })
    );
    assert!(
        tagged
            .iter()
            .all(|t| !matches!(t.event, Event::Drew { .. }) || t.to == Visibility::Only(0))
    );
    assert_eq!(
        tagged.last().map(|t| &t.event),
        Some(&Event::TurnStarted { seat: 1, turn: 1 })
    );
    assert_eq!((g.active, g.played, g.phase.clone()), (1, 0, Phase::Play));
    census_ok(&g);
}

#[test]
fn an_empty_draw_pile_is_refilled_from_the_shuffled_discards() {
    let mut g = table(2, &[Move, Move]);
    // Leave one card in the draw pile; everything else face up.
    let rest: Vec<CardKind> = g.draw.drain(1..).collect();
    g.discard.extend(rest);
    let discards = g.discard.len();
    events(g.apply(&Action::EndPlay));
    let ev = events(g.apply(&Action::Draw));
    assert!(ev.contains(&Event::Reshuffled { cards: discards }));
    assert_eq!(g.hands[0].len(), 6);
    assert!(g.discard.is_empty());
    assert_eq!(g.draw.len(), discards - 3);
    census_ok(&g);
    // Both piles empty: the hand stays short.
    let mut g = table(2, &[Move]);
    let all: Vec<CardKind> = g.draw.drain(..).chain(g.discard.drain(..)).collect();
    g.hands[1].extend(all);
    events(g.apply(&Action::EndPlay));
    let ev = events(g.apply(&Action::Draw));
    assert_eq!(g.hands[0].len(), 1);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Drew { .. } | Event::Reshuffled { .. }))
    );
    census_ok(&g);
}

// ---------------------------------------------------------------------------------------------
// The contract: legal actions, refusals, views, events

/// Every action the rules could be asked about, plus some naming things that do not exist.
fn universe(c: &CourtContent) -> Vec<Action> {
    let ks: Vec<KnightId> = (0..c.knights.len() as u8 + 2).map(KnightId).collect();
    let ss: Vec<SpaceId> = (0..c.spaces.len() as u8 + 2).map(SpaceId).collect();
    let mut cards: Vec<CardKind> = c.deck.iter().map(|d| d.0).collect();
    cards.push(Priest(7));
    let mut effects = vec![Effect::Score];
    for &k in &ks {
        effects.extend([
            Effect::Exit { knight: k },
            Effect::Gossip { knight: k },
            Effect::Banish { knight: k },
            Effect::Follow { knight: k },
        ]);
        for &s in &ss {
            effects.push(Effect::Enter { knight: k, space: s });
            effects.push(Effect::Step { knight: k, to: s });
        }
        for &b in &ks {
            effects.push(Effect::Merlin { a: k, b });
        }
    }
    let mut out = vec![Action::EndPlay, Action::Draw];
    for &card in &cards {
        out.push(Action::Discard(card));
        out.push(Action::ChooseFollowerLoss(card));
        for &effect in &effects {
            out.push(Action::Play { card, effect });
        }
    }
    for &k in &ks {
        for &s in &ss {
            out.push(Action::Place { knight: k, space: s });
        }
    }
    out
}

#[test]
fn legal_actions_are_exactly_the_accepted_ones() {
    let c = content();
    let all = universe(&c);
    let mut checked = 0;
    for seed in 0..6u64 {
        let mut config = cfg(2 + (seed as usize % 4), &[("target", "30")]);
        config.seed = seed;
        let mut g = match Court::new(&config, &c) {
            Ok(g) => g,
            Err(e) => panic!("{e}"),
        };
        let mut rng = GameRng::seeded(seed);
        let mut step = 0;
        while !matches!(g.phase, Phase::Finished(_)) && step < 3000 {
            let legal = g.legal_actions();
            let mut sorted = legal.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), legal.len(), "duplicates in the legal actions");
            if step % 23 == 0 {
                for a in &all {
                    let ok = g.validate(a).is_ok();
                    assert_eq!(ok, sorted.binary_search(a).is_ok(), "{a:?} in {:?}", g.phase);
                }
                checked += 1;
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            events(g.apply(&a));
            census_ok(&g);
            step += 1;
        }
    }
    assert!(checked > 30);
}

#[test]
fn ids_out_of_range_are_refused_not_panics() {
    let mut g = table(2, &[Move, Merlin, Priest(2), Gossip]);
    put(&mut g, "Sir Tristram", "E3");
    let t = kn("Sir Tristram");
    for a in [
        Action::Play {
            card: Move,
            effect: Effect::Enter {
                knight: KnightId(250),
                space: SpaceId(0),
            },
        },
        Action::Play {
            card: Move,
            effect: Effect::Step {
                knight: t,
                to: SpaceId(200),
            },
        },
        Action::Play {
            card: Move,
            effect: Effect::Enter {
                knight: t,
                space: SpaceId(255),
            },
        },
        Action::Play {
            card: Merlin,
            effect: Effect::Merlin { a: t, b: KnightId(99) },
        },
        Action::Play {
            card: Priest(2),
            effect: Effect::Follow { knight: KnightId(41) },
        },
        Action::Play {
            card: Gossip,
            effect: Effect::Gossip {
                knight: kn("Sir Uwaine"),
            },
        },
    ] {
        let before = snapshot(&g);
        assert!(g.apply(&a).is_err(), "{a:?}");
        assert_eq!(before, snapshot(&g));
        let _ = g.describe_action(&a);
    }
}

#[test]
fn descriptions_name_knights_spaces_and_seats() {
    let mut g = table(2, &[Move, Gossip]);
    put(&mut g, "Sir Gareth", "E3");
    let gar = kn("Sir Gareth");
    let a = Action::Play {
        card: Move,
        effect: Effect::Step {
            knight: gar,
            to: sp("N6"),
        },
    };
    assert_eq!(g.describe_action(&a), "Move: Sir Gareth E3 → N6");
    let ev = play(
        &mut g,
        Move,
        Effect::Step {
            knight: gar,
            to: sp("N6"),
        },
    );
    assert_eq!(g.describe_event(&ev[0]), "Guinevere plays Move: Sir Gareth E3 → N6");
    let e = Event::BanishRoll {
        knight: kn("Sir Constantine"),
        roll: 5,
        power: 3,
        success: true,
    };
    assert_eq!(
        g.describe_event(&e),
        "Banish Sir Constantine: roll above 3: rolled 5 — Sir Constantine is banished to the reserve"
    );
    assert_eq!(g.describe_action(&Action::Draw), "Draw up to 6");
    // Every event and legal action has a sentence.
    let mut g = new_game(3, &[("target", "20")]);
    let mut rng = GameRng::seeded(3);
    for t in g.opening_events() {
        assert!(!g.describe_event(&t.event).is_empty());
    }
    while !matches!(g.phase, Phase::Finished(_)) {
        let legal = g.legal_actions();
        for a in &legal {
            assert!(!g.describe_action(a).contains('?'), "{a:?}");
        }
        let a = legal[rng.below(legal.len() as u32) as usize];
        for t in events(g.apply(&a)) {
            let line = g.describe_event(&t);
            assert!(!line.is_empty() && !line.contains('?'), "{t:?}: {line}");
        }
    }
}

#[test]
fn irreversible_events_are_dice_draws_and_turn_ends() {
    assert!(Court::is_irreversible(&Event::BanishRoll {
        knight: KnightId(0),
        roll: 1,
        power: 1,
        success: false
    }));
    assert!(Court::is_irreversible(&Event::Drew { seat: 0, cards: vec![] }));
    assert!(Court::is_irreversible(&Event::TurnStarted { seat: 0, turn: 2 }));
    assert!(Court::is_irreversible(&Event::Reshuffled { cards: 3 }));
    assert!(!Court::is_irreversible(&Event::Moved {
        knight: KnightId(0),
        from: None,
        to: SpaceId(0)
    }));
    assert!(!Court::is_irreversible(&Event::Discarded { seat: 0, card: Move }));
}

#[test]
fn a_view_shows_only_its_own_hand() {
    let mut g = new_game(4, &[]);
    let mut rng = GameRng::seeded(11);
    for _ in 0..300 {
        if matches!(g.phase, Phase::Finished(_)) {
            break;
        }
        for seat in 0..4 {
            let v = g.view(seat);
            let mut mine = g.hands[seat].clone();
            mine.sort();
            assert_eq!(v.hand, mine);
            assert_eq!(v.hand_sizes, g.hands.iter().map(Vec::len).collect::<Vec<_>>());
            assert_eq!(v.draw_pile, g.draw.len());
            assert_eq!(v.discard, g.discard);
        }
        let legal = g.legal_actions();
        let a = legal[rng.below(legal.len() as u32) as usize];
        events(g.apply(&a));
    }
}

#[test]
fn heuristic_bot_plays_legally_and_beats_random() {
    let c = content();
    let mut heuristic_wins = 0;
    let games = 24;
    for seed in 0..games {
        let mut config = cfg(2, &[("target", "50")]);
        config.seed = seed;
        let mut g = match Court::new(&config, &c) {
            Ok(g) => g,
            Err(e) => panic!("{e}"),
        };
        let mut rng = GameRng::seeded(seed + 1000);
        let clever = (seed % 2) as usize;
        let mut steps = 0;
        loop {
            let seat = match g.pending() {
                Pending::Finished(o) => {
                    if o.winners == [clever] {
                        heuristic_wins += 1;
                    }
                    break;
                }
                Pending::Decide { seat, .. } => seat,
            };
            let legal = g.legal_actions();
            let a = if seat == clever {
                Court::heuristic(&g.view(seat), &legal, &mut rng)
            } else {
                random_choice(&legal, &mut rng)
            };
            let Some(a) = a else { panic!("no action") };
            assert!(legal.contains(&a));
            events(g.apply(&a));
            steps += 1;
            assert!(steps < 20_000, "game {seed} does not end");
        }
    }
    assert!(
        heuristic_wins * 3 >= games * 2,
        "heuristic won only {heuristic_wins} of {games}"
    );
    // It also finishes games against itself.
    let mut g = new_game(4, &[("target", "50")]);
    let mut rng = GameRng::seeded(5);
    let mut steps = 0;
    while let Pending::Decide { seat, .. } = g.pending() {
        let legal = g.legal_actions();
        let Some(a) = Court::heuristic(&g.view(seat), &legal, &mut rng) else {
            panic!("no action")
        };
        events(g.apply(&a));
        steps += 1;
        assert!(steps < 5000, "heuristic self-play does not end");
    }
}

// ---------------------------------------------------------------------------------------------
// The designed switches of rules.ron, and the log's lines

/// As `table`, with the rules file edited.
fn table_with(n: usize, hand: &[CardKind], edit: impl FnOnce(&mut CourtRules)) -> Court {
    let mut c = content();
    edit(&mut c.rules);
    let mut g = match Court::new(&cfg(n, &[("tights", "1")]), &c) {
        Ok(g) => g,
        Err(e) => panic!("setup refused: {e}"),
    };
    g.scenario_turn(0);
    if let Err(e) = g.scenario_hand(0, hand) {
        panic!("{e}");
    }
    g
}

#[test]
fn moving_onto_ones_own_faction_follows_the_rules_file() {
    let mut g = table_with(2, &[Move, Move], |r| r.allow_move_onto_own_faction = true);
    put(&mut g, "Sir Tristram", "E3");
    put(&mut g, "Sir Cador", "N6");
    let step = Effect::Step {
        knight: kn("Sir Tristram"),
        to: sp("N6"),
    };
    assert!(g.legal_actions().contains(&Action::Play {
        card: Move,
        effect: step
    }));
    g.rig_dice(vec![6, 1]);
    let ev = play(&mut g, Move, step);
    assert!(
        ev.iter().any(|e| matches!(e, Event::Challenge { won: true, .. })),
        "{ev:?}"
    );
    assert_eq!(at(&g, "Sir Tristram").as_deref(), Some("N6"));
    assert_eq!(at(&g, "Sir Cador").as_deref(), Some("E3"));
    census_ok(&g);
}

#[test]
fn leaving_the_hall_follows_the_rules_file() {
    // Followers kept and the Scandalised side kept, when the rules file says so.
    let mut g = table_with(2, &[Move, Banish], |r| {
        r.leaving_discards_followers = false;
        r.leaving_turns_face_up = false;
    });
    put(&mut g, "Sir Tristram", "E3");
    follower(&mut g, "Sir Tristram", Priest(2));
    scandal(&mut g, "Sir Tristram");
    let discard = g.discard.len();
    let ev = play(
        &mut g,
        Move,
        Effect::Exit {
            knight: kn("Sir Tristram"),
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ToReserve { discarded, .. } if discarded.is_empty()))
    );
    let st = &g.knights[kn("Sir Tristram").index()];
    assert_eq!(
        (st.at, st.scandalised, st.followers.clone()),
        (None, true, vec![Priest(2)])
    );
    assert_eq!(g.discard.len(), discard + 1, "only the Move card");
    census_ok(&g);
}

#[test]
fn the_others_score_in_the_order_the_rules_file_gives() {
    for (order, expected) in [
        (ScoringOrder::TurnOrder, vec![1, 2, 0]),
        (ScoringOrder::AgainstTurnOrder, vec![1, 0, 2]),
    ] {
        let mut g = table_with(3, &[Score], |r| r.others_score = order);
        g.scenario_turn(1);
        if let Err(e) = g.scenario_hand(1, &[Score]) {
            panic!("{e}");
        }
        let seats: Vec<Seat> = play(&mut g, Score, Effect::Score)
            .iter()
            .filter_map(|e| match e {
                Event::Scored { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        assert_eq!(seats, expected, "{order:?}");
    }
}

#[test]
fn first_player_ties_follow_the_rules_file() {
    let mut c = content();
    c.rules.first_player_ties_reroll = false;
    let mut saw_tie = false;
    for seed in 0..200 {
        let mut config = cfg(4, &[]);
        config.seed = seed;
        let Ok(g) = Court::new(&config, &c) else {
            panic!("setup")
        };
        let rolls: Vec<&Vec<(Seat, u8)>> = g
            .opening
            .iter()
            .filter_map(|t| match &t.event {
                Event::RollOff { rolls } => Some(rolls),
                _ => None,
            })
            .collect();
        assert_eq!(rolls.len(), 1, "no second round");
        let best = rolls[0].iter().map(|r| r.1).max().unwrap_or(0);
        let tied: Vec<Seat> = rolls[0].iter().filter(|r| r.1 == best).map(|r| r.0).collect();
        saw_tie |= tied.len() > 1;
        assert_eq!(g.first, tied[0], "the first of the tied seats starts");
    }
    assert!(saw_tie);
}

#[test]
fn the_menu_offers_the_tights_seat_by_seat() {
    let variants = Court::variants_for(&content());
    let tights = variants.iter().find(|v| v.key == "tights");
    assert!(tights.is_some_and(|v| matches!(v.kind, VariantKind::SeatFlag(_))));
    assert_eq!(VariantSpec::flagged_seats("3, 1,9,x,1", 3), [0, 2]);
    assert_eq!(VariantSpec::flag_value(&[0, 2]), "1,3");
    let g = new_game(3, &[("tights", &VariantSpec::flag_value(&[1]))]);
    assert_eq!(g.first, 1);
}

/// The log lines a reader in `viewer`'s seat reads for one action.
fn lines_for(g: &mut Court, action: Action, viewer: Option<Seat>) -> Vec<String> {
    let ev = match g.apply(&action) {
        Ok(ev) => ev,
        Err(e) => panic!("refused: {e}"),
    };
    g.log_lines(&ev)
        .into_iter()
        .filter(|(to, text)| to.shows_to(viewer) && !text.is_empty())
        .map(|(_, text)| text)
        .collect()
}

#[test]
fn the_log_tells_each_happening_once_with_the_card_named() {
    let mut g = table(2, &[Move, Move, Gossip, Merlin, Move]);
    put(&mut g, "Sir Tristram", "E3");
    follower(&mut g, "Sir Tristram", Priest(2));
    put(&mut g, "Sir Gareth", "E5");
    let enter = |k: &str, s: &str| Action::Play {
        card: Move,
        effect: Effect::Enter {
            knight: kn(k),
            space: sp(s),
        },
    };
    let lines = lines_for(&mut g, enter("Sir Cador", "E7"), Some(0));
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains("plays Move") && lines[0].contains("Sir Cador") && lines[0].contains("E7"));

    let one_line = |g: &mut Court, card: CardKind, effect: Effect, needles: &[&str]| {
        let lines = lines_for(g, Action::Play { card, effect }, None);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            needles.iter().all(|n| lines[0].contains(n)),
            "{lines:?} lacks one of {needles:?}"
        );
    };
    one_line(
        &mut g,
        Move,
        Effect::Exit {
            knight: kn("Sir Tristram"),
        },
        &["Reserve", "losing Priest +2"],
    );
    one_line(
        &mut g,
        Gossip,
        Effect::Gossip {
            knight: kn("Sir Gareth"),
        },
        &["plays Gossip", "is Scandalised!"],
    );
    one_line(
        &mut g,
        Merlin,
        Effect::Merlin {
            a: kn("Sir Cador"),
            b: kn("Sir Gareth"),
        },
        &["plays Merlin", "↔"],
    );

    // A won entry challenge: the play, then the challenge with its outcome; nothing twice.
    put(&mut g, "Sir Gawaine", "E2");
    g.rig_dice(vec![6, 1]);
    let lines = lines_for(&mut g, enter("Sir Andred", "E2"), None);
    // (then her play ends by itself: her hand is empty)
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[2].contains("ends play"), "{lines:?}");
    assert!(
        lines[0].contains("plays Move") && lines[0].contains("Sir Andred"),
        "{lines:?}"
    );
    assert!(
        lines[1].contains("wins") && lines[1].contains("Sir Gawaine is thrown out to the Reserve"),
        "{lines:?}"
    );
    // The end of a turn: the drawer reads his cards, the others the count, nobody both.
    let ev = match g.apply(&Action::Draw) {
        Ok(ev) => ev,
        Err(e) => panic!("refused: {e}"),
    };
    let lines = g.log_lines(&ev);
    let read = |viewer: Option<Seat>| {
        lines
            .iter()
            .filter(|(to, text)| to.shows_to(viewer) && text.contains("draws"))
            .count()
    };
    assert_eq!((read(Some(0)), read(Some(1)), read(None)), (1, 1, 1));
}

// ---------------------------------------------------------------------------------------------
// A card that cannot be played says why (issue 35).

/// `card_refusal` gives `words` (exactly), and a click that sends its action is refused with
/// the same words and changes nothing.
fn refused_card(g: &mut Court, card: CardKind, words: &str) -> Action {
    let Some((action, said)) = g.card_refusal(card) else {
        panic!("{card:?} has a legal use");
    };
    assert_eq!(said, words, "{card:?}");
    refuse(g, action, words);
    match g.apply(&action) {
        Err(e) => assert_eq!(e.0, said),
        Ok(_) => panic!("accepted"),
    }
    action
}

#[test]
fn a_card_without_a_use_names_the_rule_that_stops_it() {
    // The opening placement comes first.
    let g = new_game(2, &[("tights", "1")]);
    let seat = g.to_act().expect("someone places");
    let card = g.hand_of(seat)[0];
    let (_, words) = g.card_refusal(card).expect("no card in the placement");
    assert_eq!(
        words,
        "first every player places their opening knights on the Equites row"
    );

    // Every knight in the Reserve: nothing to gossip about, no one to follow.
    let mut g = table(2, &[Gossip, Merlin, Priest(2), Score, Move]);
    assert_eq!(g.card_refusal(Score), None);
    assert_eq!(g.card_refusal(Move), None, "a Move brings a knight in");
    let tristram = kn("Sir Tristram");
    // Seat 0's Reserve, in knight order.
    let reserve = |g: &Court| -> Vec<KnightId> {
        (0..g.knights.len())
            .filter(|&i| g.knights[i].owner == Some(0) && g.knights[i].at.is_none())
            .map(|i| KnightId(i as u8))
            .collect()
    };
    let own = reserve(&g)[0];
    let name = g.content.knight_name(own).to_string();
    let a = refused_card(&mut g, Gossip, &format!("{name} is not in the Great Hall"));
    assert!(matches!(
        a,
        Action::Play {
            card: Gossip,
            effect: Effect::Gossip { .. }
        }
    ));
    refused_card(&mut g, Merlin, &format!("{name} is not in the Great Hall"));
    refused_card(
        &mut g,
        Priest(2),
        &format!("followers can only join knights in the hall, and {name} is in the Reserve"),
    );

    // One knight in the hall: Merlin needs a second; a follower joins him, up to two.
    put(&mut g, "Sir Tristram", "E3");
    assert_eq!(g.card_refusal(Gossip), None, "Gossip may target one's own knight");
    assert_eq!(g.card_refusal(Priest(2)), None);
    let second = reserve(&g)
        .into_iter()
        .find(|&k| k != tristram)
        .expect("another Reserve knight");
    let words = format!("{} is not in the Great Hall", g.content.knight_name(second));
    refused_card(&mut g, Merlin, &words);
    follower(&mut g, "Sir Tristram", Priest(1));
    follower(&mut g, "Sir Tristram", Soldier(1));
    refused_card(&mut g, Priest(2), "Sir Tristram already has two followers");

    // The sixth card played: nothing more this turn.
    g.played = g.content.rules.max_cards_per_turn;
    refused_card(&mut g, Score, "you have played 6 cards this turn");
    // The end phase: every card may be discarded.
    g.phase = Phase::End;
    for card in [Gossip, Merlin, Priest(2), Score, Move] {
        assert_eq!(g.card_refusal(card), None, "{card:?} may be discarded");
    }
    g.phase = Phase::Finished(Outcome {
        winners: Vec::new(),
        scores: Vec::new(),
        summary: String::new(),
    });
    refused_card(&mut g, Score, "the game is over");
}

#[test]
fn every_card_in_hand_has_a_use_or_says_why_in_the_words_apply_refuses_it_with() {
    let c = content();
    let (mut usable, mut refused, mut in_play) = (0usize, 0usize, 0usize);
    for seed in 0..24u64 {
        let mut config = cfg(2 + (seed as usize % 4), &[("target", "40")]);
        config.seed = seed;
        let mut g = match Court::new(&config, &c) {
            Ok(g) => g,
            Err(e) => panic!("{e}"),
        };
        let mut rng = GameRng::seeded(seed + 35);
        let mut step = 0;
        while step < 2000 {
            let legal = g.legal_actions();
            let Some(seat) = g.to_act() else { break };
            let mut cards = g.hand_of(seat).to_vec();
            cards.sort();
            cards.dedup();
            for card in cards {
                let used = legal
                    .iter()
                    .any(|a| matches!(*a, Action::Play { card: x, .. } | Action::Discard(x) if x == card));
                match g.card_refusal(card) {
                    None => {
                        assert!(used, "seed {seed}: {card:?} has no legal use in {:?}", g.phase);
                        usable += 1;
                    }
                    Some((action, words)) => {
                        assert!(!used, "seed {seed}: {card:?} has a use, yet {action:?}: {words}");
                        assert!(
                            matches!(action, Action::Play { card: x, .. } | Action::Discard(x) if x == card),
                            "{action:?}"
                        );
                        let before = snapshot(&g);
                        let mut copy = g.clone();
                        match copy.apply(&action) {
                            Ok(_) => panic!("seed {seed}: {action:?} was accepted"),
                            Err(e) => assert_eq!(e.0, words, "seed {seed}: {action:?} in {:?}", g.phase),
                        }
                        assert_eq!(before, snapshot(&copy), "a refusal changed the state");
                        refused += 1;
                        if matches!(g.phase, Phase::Play) {
                            in_play += 1;
                        }
                    }
                }
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            events(g.apply(&a));
            step += 1;
        }
    }
    assert!(usable > 1000 && refused > 300, "{usable} usable, {refused} refused");
    assert!(in_play > 50, "{in_play} refused in the play phase");
}

/// The random bot's draw without a list (`random_legal`) is the list's draw: at every step of
/// random games, under every switch of the rules that changes which plays there are, and in a
/// hall too large for the step masks, the same action from the same generator, which is left
/// in the same state.
#[test]
fn a_random_draw_without_the_list_is_the_lists_draw() {
    let mut switched = content();
    switched.rules.allow_move_onto_own_faction = true;
    switched.rules.allow_gossip_own = true;
    switched.rules.allow_banish_own = true;
    switched.rules.followers_on_own_knights_only = false;
    switched.rules.max_followers = 1;
    let mut large = content();
    while large.spaces.len() <= 64 {
        // Senator spaces with no lines: nobody reaches them, but the hall is past 64.
        let mut s = large.spaces[0].clone();
        s.id = format!("X{}", large.spaces.len());
        s.neighbours.clear();
        s.lines_mask = 0;
        large.spaces.push(s);
    }
    for s in &mut large.spaces {
        s.lines_mask = 0;
    }
    let mut drawn = 0;
    for (c, seeds) in [(content(), 0..8u64), (switched, 8..12), (large, 12..14)] {
        for seed in seeds {
            let mut config = cfg(2 + (seed as usize % 4), &[]);
            config.seed = seed;
            let mut g = match Court::new(&config, &c) {
                Ok(g) => g,
                Err(e) => panic!("{e}"),
            };
            let mut rng = GameRng::seeded(seed);
            let mut scratch = Vec::new();
            let mut steps = 0;
            while !matches!(g.phase, Phase::Finished(_)) && steps < 5000 {
                let legal = g.legal_actions();
                let mut by_list = rng.clone();
                let expected = random_choice(&legal, &mut by_list);
                let got = g.random_legal(&mut rng, &mut scratch);
                assert_eq!(got, expected, "seed {seed}, step {steps}, {:?}", g.phase);
                assert_eq!(rng.below(1 << 30), by_list.below(1 << 30), "the generators differ");
                let Some(a) = got else {
                    panic!("no action at seed {seed}")
                };
                events(g.apply(&a));
                assert_eq!(
                    g.hall,
                    state::HallBits::of(&g.board, &g.knights),
                    "the held spaces' bits, seed {seed}"
                );
                steps += 1;
                drawn += 1;
            }
        }
    }
    assert!(drawn > 3000, "only {drawn} draws");
}

#[test]
fn a_hands_kinds_come_sorted_once_each() {
    let hands: [Vec<CardKind>; 4] = [
        vec![Score, Move, Priest(2), Move, Gossip, Priest(1)],
        Vec::new(),
        vec![Soldier(28), Merlin, Dwarf, Banish, Priest(0), Soldier(28)],
        (0..30)
            .rev()
            .flat_map(|v| [Soldier(v), Priest(v), Soldier(v)])
            .chain([Dwarf, Move])
            .collect(),
    ];
    for hand in hands {
        let mut expected = hand.clone();
        expected.sort();
        expected.dedup();
        assert_eq!(apply::sorted_kinds(&hand).collect::<Vec<_>>(), expected);
        // The bit set where every kind has a bit: what it holds, and whether a follower.
        match apply::KindSet::of(&hand) {
            Some(set) => {
                assert_eq!(set.into_iter().collect::<Vec<_>>(), expected);
                for card in [
                    Move,
                    Gossip,
                    Banish,
                    Score,
                    Merlin,
                    Dwarf,
                    Priest(1),
                    Priest(2),
                    Soldier(28),
                ] {
                    assert_eq!(set.has(card), hand.contains(&card), "{card:?}");
                }
                assert_eq!(set.has_follower(), hand.iter().any(|c| c.is_follower()));
            }
            None => assert!(hand.iter().any(|c| matches!(c, Priest(v) | Soldier(v) if *v > 28))),
        }
    }
}
