//! The Court's content files as written, and their validation: every problem found, each at its
//! `path:line:col` (`CourtContent::load` reads them through here).

use crate::content::{ContentError, ContentFile, ContentSet};
use crate::rules::court::content::{
    CardKind, CourtContent, CourtRules, Faction, FactionId, KnightId, KnightInfo, Rank, ScoringOrder, Space, SpaceId,
    Tier,
};
use serde::Deserialize;
use std::collections::{BTreeMap, VecDeque};

// ---------------------------------------------------------------------------------------------
// The files as written

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    hand_size: i64,
    max_cards_per_turn: i64,
    max_followers: i64,
    knights_per_faction: i64,
    opening_knights: i64,
    deck_total: i64,
    targets: Vec<i64>,
    default_target: i64,
    senator_multiplier: i64,
    senator_doubles_followers: bool,
    equites_flat_points: i64,
    equites_count_priests: bool,
    followers_on_own_knights_only: bool,
    allow_banish_own: bool,
    allow_gossip_own: bool,
    allow_move_onto_own_faction: bool,
    leaving_discards_followers: bool,
    leaving_turns_face_up: bool,
    others_score: ScoringOrder,
    first_player_ties_reroll: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHall {
    spaces: Vec<RawSpace>,
    lines: Vec<(String, String)>,
    throne: (f32, f32),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpace {
    id: String,
    rank: Rank,
    #[serde(default)]
    tier: Option<Tier>,
    x: f32,
    y: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKnights {
    factions: Vec<RawFaction>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFaction {
    id: String,
    name: String,
    colour: String,
    rgb: (u8, u8, u8),
    symbol: String,
    top: String,
    knights: Vec<RawKnight>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKnight {
    id: String,
    name: String,
    power: i64,
    points: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    cards: Vec<RawCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    kind: RawKind,
    count: i64,
}

#[derive(Clone, Copy, Deserialize, PartialEq)]
enum RawKind {
    Move,
    Gossip,
    Banish,
    Score,
    Merlin,
    Dwarf,
    Priest(i64),
    Soldier(i64),
}

/// The most knights and spaces an id of one byte can name.
const MAX_IDS: usize = 255;
/// The largest follower value a card may carry.
const MAX_FOLLOWER_VALUE: i64 = 99;

// ---------------------------------------------------------------------------------------------
// Finding the offending text

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Byte offset of the `n`th (from 0) field `name:` in a RON text, at or after `from`.
fn field_offset(text: &str, name: &str, n: usize, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let start = from.min(text.len());
    let mut seen = 0;
    for (rel, _) in text.get(start..)?.match_indices(name) {
        let off = start + rel;
        let before_ok = off == 0 || !is_ident(bytes[off - 1]);
        let end = off + name.len();
        let after_ok = bytes.get(end).is_none_or(|&b| !is_ident(b));
        let colon = text.get(end..).is_some_and(|rest| rest.trim_start().starts_with(':'));
        if before_ok && after_ok && colon {
            if seen == n {
                return Some(off);
            }
            seen += 1;
        }
    }
    None
}

/// An error at the text found at byte offset `off` (through `error_at_nth`).
fn error_at_offset(file: &ContentFile, off: usize, needle: &str, message: String) -> ContentError {
    let n = file.text.get(..off).map_or(0, |before| before.matches(needle).count());
    file.error_at_nth(needle, n, message)
}

/// An error at the value of the `n`th field `name` (falling back to the field's first mention).
fn field_error(file: &ContentFile, name: &str, n: usize, message: String) -> ContentError {
    let text = &file.text;
    let Some(off) = field_offset(text, name, n, 0) else {
        return file.error_at(name, message);
    };
    let after = off + name.len();
    let rest = &text[after..];
    let colon = rest.find(':').map_or(0, |c| c + 1);
    let value_start = after + colon + (rest[colon..].len() - rest[colon..].trim_start().len());
    let value: String = text[value_start..]
        .chars()
        .take_while(|c| !matches!(c, ',' | '\n' | '\r' | ')' | ']'))
        .collect();
    let value = value.trim_end();
    // A value such as `Priest(0` is cut before its closing parenthesis; keep the needle whole.
    if value.is_empty() {
        return error_at_offset(file, off, name, message);
    }
    error_at_offset(file, value_start, value, message)
}

/// Byte offset of the `i`th item of the list in field `name` (`name: [a, b, c]`).
fn list_item_offset(text: &str, name: &str, i: usize) -> Option<usize> {
    let off = field_offset(text, name, 0, 0)?;
    let open = off + text.get(off..)?.find('[')? + 1;
    let close = open + text.get(open..)?.find(']')?;
    let mut start = open;
    for (n, item) in text.get(open..close)?.split(',').enumerate() {
        if n == i {
            return Some(start + (item.len() - item.trim_start().len()));
        }
        start += item.len() + 1;
    }
    None
}

/// An error at the value of the last field `name` before the `anchor_n`th field `anchor` (for
/// fields such as `id` that several kinds of entry share).
fn field_error_before(file: &ContentFile, name: &str, anchor: &str, anchor_n: usize, message: String) -> ContentError {
    let text = &file.text;
    let Some(limit) = field_offset(text, anchor, anchor_n, 0) else {
        return file.error_at(name, message);
    };
    let mut n = 0;
    let mut found = None;
    while let Some(off) = field_offset(text, name, n, 0) {
        if off >= limit {
            break;
        }
        found = Some(n);
        n += 1;
    }
    match found {
        Some(n) => field_error(file, name, n, message),
        None => field_error(file, anchor, anchor_n, message),
    }
}

/// An error at the `n`th occurrence of the quoted string `"s"` at or after byte `from`.
fn quoted_error(file: &ContentFile, s: &str, n: usize, from: usize, message: String) -> ContentError {
    let needle = format!("\"{s}\"");
    let start = from.min(file.text.len());
    match file.text.get(start..).and_then(|t| t.match_indices(&needle).nth(n)) {
        Some((rel, _)) => error_at_offset(file, start + rel, &needle, message),
        None => file.error_at(&needle, message),
    }
}

// ---------------------------------------------------------------------------------------------
// Validation of each file

pub(super) fn load_rules(file: &ContentFile, errors: &mut Vec<ContentError>) -> Option<CourtRules> {
    let raw: RawRules = file.parse_noting(errors)?;
    let before = errors.len();
    let mut at_least = |name: &str, value: i64, min: i64| {
        if value < min {
            let what = if min == 1 {
                "at least 1".to_string()
            } else {
                format!("at least {min}")
            };
            errors.push(field_error(
                file,
                name,
                0,
                format!("{name} must be {what}, not {value}"),
            ));
        }
    };
    at_least("hand_size", raw.hand_size, 1);
    at_least("max_cards_per_turn", raw.max_cards_per_turn, 1);
    at_least("max_followers", raw.max_followers, 1);
    at_least("knights_per_faction", raw.knights_per_faction, 1);
    at_least("opening_knights", raw.opening_knights, 1);
    at_least("deck_total", raw.deck_total, 1);
    at_least("default_target", raw.default_target, 1);
    at_least("senator_multiplier", raw.senator_multiplier, 1);
    at_least("equites_flat_points", raw.equites_flat_points, 0);
    if raw.targets.is_empty() {
        errors.push(field_error(
            file,
            "targets",
            0,
            "targets must offer at least one points target".into(),
        ));
    }
    for (i, &t) in raw.targets.iter().enumerate() {
        if t < 1 {
            let message = format!("every points target must be at least 1, not {t}");
            errors.push(match list_item_offset(&file.text, "targets", i) {
                Some(off) => error_at_offset(file, off, &t.to_string(), message),
                None => field_error(file, "targets", 0, message),
            });
        }
    }
    if raw.knights_per_faction > MAX_IDS as i64 {
        errors.push(field_error(
            file,
            "knights_per_faction",
            0,
            format!("knights_per_faction may be at most {MAX_IDS}"),
        ));
    }
    if raw.opening_knights > raw.knights_per_faction && raw.knights_per_faction >= 1 {
        errors.push(field_error(
            file,
            "opening_knights",
            0,
            format!(
                "opening_knights ({}) cannot exceed knights_per_faction ({})",
                raw.opening_knights, raw.knights_per_faction
            ),
        ));
    }
    if raw.hand_size >= 1 && raw.deck_total >= 1 && raw.hand_size.saturating_mul(2) > raw.deck_total {
        errors.push(field_error(
            file,
            "hand_size",
            0,
            format!(
                "a hand of {} cannot be dealt to even 2 players from a deck of {}",
                raw.hand_size, raw.deck_total
            ),
        ));
    }
    if errors.len() > before {
        return None;
    }
    let u = |v: i64| usize::try_from(v).unwrap_or(0);
    Some(CourtRules {
        hand_size: u(raw.hand_size),
        max_cards_per_turn: u(raw.max_cards_per_turn),
        max_followers: u(raw.max_followers),
        knights_per_faction: u(raw.knights_per_faction),
        opening_knights: u(raw.opening_knights),
        deck_total: u(raw.deck_total),
        targets: raw.targets,
        default_target: raw.default_target,
        senator_multiplier: raw.senator_multiplier,
        senator_doubles_followers: raw.senator_doubles_followers,
        equites_flat_points: raw.equites_flat_points,
        equites_count_priests: raw.equites_count_priests,
        followers_on_own_knights_only: raw.followers_on_own_knights_only,
        allow_banish_own: raw.allow_banish_own,
        allow_gossip_own: raw.allow_gossip_own,
        allow_move_onto_own_faction: raw.allow_move_onto_own_faction,
        leaving_discards_followers: raw.leaving_discards_followers,
        leaving_turns_face_up: raw.leaving_turns_face_up,
        others_score: raw.others_score,
        first_player_ties_reroll: raw.first_player_ties_reroll,
    })
}

pub(super) type Hall = (Vec<Space>, Vec<(SpaceId, SpaceId)>, (f32, f32));

pub(super) fn load_hall(
    file: &ContentFile,
    rules: Option<&CourtRules>,
    errors: &mut Vec<ContentError>,
) -> Option<Hall> {
    let raw: RawHall = file.parse_noting(errors)?;
    let before = errors.len();
    let text = &file.text;
    let spaces_at = field_offset(text, "spaces", 0, 0).unwrap_or(0);
    let lines_at = field_offset(text, "lines", 0, 0).unwrap_or(0);

    if raw.spaces.is_empty() {
        errors.push(file.error_at("spaces", "the hall has no spaces"));
    }
    if raw.spaces.len() > MAX_IDS {
        errors.push(file.error_at("spaces", format!("the hall may have at most {MAX_IDS} spaces")));
    }
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    let mut seen_ids: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, s) in raw.spaces.iter().enumerate() {
        let n = seen_ids.entry(s.id.as_str()).or_insert(0);
        if s.id.trim().is_empty() {
            errors.push(field_error(file, "id", i, "a space needs a non-empty id".into()));
        } else if *n > 0 {
            errors.push(quoted_error(
                file,
                &s.id,
                *n,
                spaces_at,
                format!("space \"{}\" is listed more than once", s.id),
            ));
        } else {
            index.insert(s.id.as_str(), i);
        }
        *n += 1;
        if !s.x.is_finite() {
            errors.push(field_error(file, "x", i, format!("space \"{}\" has no finite x", s.id)));
        }
        if !s.y.is_finite() {
            errors.push(field_error(file, "y", i, format!("space \"{}\" has no finite y", s.id)));
        }
    }
    if !raw.throne.0.is_finite() || !raw.throne.1.is_finite() {
        errors.push(field_error(
            file,
            "throne",
            0,
            "the throne position must be two finite numbers".into(),
        ));
    }

    let mut neighbours: Vec<Vec<SpaceId>> = vec![Vec::new(); raw.spaces.len()];
    let mut lines = Vec::new();
    let mut unknown_seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut pair_seen: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for (a, b) in &raw.lines {
        let mut ends = Vec::new();
        for end in [a, b] {
            match index.get(end.as_str()) {
                Some(&i) => ends.push(i),
                None => {
                    let n = unknown_seen.entry(end.as_str()).or_insert(0);
                    errors.push(quoted_error(
                        file,
                        end,
                        *n,
                        lines_at,
                        format!("a Movement Line names \"{end}\", which is not a space of the hall"),
                    ));
                    *n += 1;
                }
            }
        }
        let [i, j] = ends[..] else { continue };
        if i == j {
            errors.push(quoted_error(
                file,
                a,
                0,
                lines_at,
                format!("a Movement Line joins \"{a}\" to itself"),
            ));
            continue;
        }
        let key = (i.min(j), i.max(j));
        let count = pair_seen.entry(key).or_insert(0);
        *count += 1;
        if *count > 1 {
            errors.push(quoted_error(
                file,
                a,
                0,
                lines_at,
                format!("the Movement Line between \"{a}\" and \"{b}\" is listed more than once"),
            ));
            continue;
        }
        let (si, sj) = (SpaceId(i as u8), SpaceId(j as u8));
        neighbours[i].push(sj);
        neighbours[j].push(si);
        lines.push((si, sj));
    }

    let rank_count = |r: Rank| raw.spaces.iter().filter(|s| s.rank == r).count();
    if !raw.spaces.is_empty() {
        if rank_count(Rank::Equites) == 0 {
            errors.push(file.error_at("spaces", "the hall has no Equites space, so no knight could ever enter"));
        }
        if rank_count(Rank::Senator) == 0 {
            errors.push(file.error_at("spaces", "the hall has no Senator space"));
        }
    }
    if let Some(rules) = rules {
        let need = rules.opening_knights * 2;
        let have = rank_count(Rank::Equites);
        if have > 0 && have < need {
            errors.push(file.error_at(
                "spaces",
                format!(
                    "the hall has {have} Equites spaces, fewer than the {need} that even 2 players need for their opening knights"
                ),
            ));
        }
    }

    // Every Equites space must be able to climb to a Senator along the lines.
    if errors.len() == before {
        let is_senator = |i: usize| raw.spaces[i].rank == Rank::Senator;
        for (i, s) in raw.spaces.iter().enumerate() {
            if s.rank != Rank::Equites {
                continue;
            }
            let mut seen = vec![false; raw.spaces.len()];
            let mut queue = VecDeque::from([i]);
            seen[i] = true;
            let mut found = false;
            while let Some(v) = queue.pop_front() {
                if is_senator(v) {
                    found = true;
                    break;
                }
                for n in &neighbours[v] {
                    if !seen[n.index()] {
                        seen[n.index()] = true;
                        queue.push_back(n.index());
                    }
                }
            }
            if !found {
                errors.push(quoted_error(
                    file,
                    &s.id,
                    0,
                    spaces_at,
                    format!(
                        "Equites space \"{}\" cannot reach any Senator space along the Movement Lines",
                        s.id
                    ),
                ));
            }
        }
    }

    if errors.len() > before {
        return None;
    }
    let small = raw.spaces.len() <= 64;
    let spaces = raw
        .spaces
        .into_iter()
        .zip(neighbours)
        .map(|(s, n)| Space {
            id: s.id,
            rank: s.rank,
            tier: s.tier,
            x: s.x,
            y: s.y,
            lines_mask: if small {
                super::content::bits_of(n.iter().map(|to| to.index()))
            } else {
                0
            },
            neighbours: n,
        })
        .collect();
    Some((spaces, lines, raw.throne))
}

/// An id's problem, if it has one: empty (pointed at the `id:` field before the `index`th `next`
/// field) or used `seen` times before (pointed at this use); `what` names it in the message.
fn id_error(
    file: &ContentFile,
    id: &str,
    seen: usize,
    (next, index): (&str, usize),
    what: &str,
) -> Option<ContentError> {
    if id.trim().is_empty() {
        Some(field_error_before(
            file,
            "id",
            next,
            index,
            format!("a {what} needs a non-empty id"),
        ))
    } else if seen > 0 {
        Some(quoted_error(
            file,
            id,
            seen,
            0,
            format!("{what} id \"{id}\" is used more than once"),
        ))
    } else {
        None
    }
}

pub(super) type Roster = (Vec<Faction>, Vec<KnightInfo>);

pub(super) fn load_knights(
    file: &ContentFile,
    rules: Option<&CourtRules>,
    errors: &mut Vec<ContentError>,
) -> Option<Roster> {
    let raw: RawKnights = file.parse_noting(errors)?;
    let before = errors.len();
    let (min_players, max_players) = crate::rules::GameId::Court.seats();
    if raw.factions.len() < min_players {
        errors.push(file.error_at(
            "factions",
            format!(
                "there are {} factions; the Court needs at least {min_players}",
                raw.factions.len()
            ),
        ));
    }
    let total: usize = raw.factions.iter().map(|f| f.knights.len()).sum();
    if total > MAX_IDS {
        errors.push(file.error_at("factions", format!("there may be at most {MAX_IDS} knights in all")));
    }
    let _ = max_players;

    let mut faction_ids: BTreeMap<String, usize> = BTreeMap::new();
    let mut knight_ids: BTreeMap<&str, usize> = BTreeMap::new();
    let mut knight_index = 0usize;
    for (fi, f) in raw.factions.iter().enumerate() {
        let key = f.id.trim().to_lowercase();
        let n = faction_ids.entry(key.clone()).or_insert(0);
        errors.extend(id_error(file, &f.id, *n, ("colour", fi), "faction"));
        *n += 1;
        if key.contains(',') {
            errors.push(quoted_error(
                file,
                &f.id,
                0,
                0,
                "a faction id may not contain a comma".into(),
            ));
        }
        if f.knights.is_empty() {
            let off = field_offset(&file.text, "knights", fi, 0).unwrap_or(0);
            errors.push(error_at_offset(
                file,
                off,
                "knights",
                format!("faction \"{}\" has no knights", f.name),
            ));
        } else if let Some(rules) = rules
            && f.knights.len() != rules.knights_per_faction
        {
            let off = field_offset(&file.text, "knights", fi, 0).unwrap_or(0);
            errors.push(error_at_offset(
                file,
                off,
                "knights",
                format!(
                    "faction \"{}\" has {} knights; rules.ron says each faction has {}",
                    f.name,
                    f.knights.len(),
                    rules.knights_per_faction
                ),
            ));
        }
        if !f.knights.iter().any(|k| k.name == f.top || k.id == f.top) {
            errors.push(field_error(
                file,
                "top",
                fi,
                format!("the top knight \"{}\" is not one of {}'s knights", f.top, f.name),
            ));
        }
        for k in &f.knights {
            let n = knight_ids.entry(k.id.as_str()).or_insert(0);
            errors.extend(id_error(file, &k.id, *n, ("power", knight_index), "knight"));
            *n += 1;
            if k.name.trim().is_empty() {
                errors.push(field_error_before(
                    file,
                    "name",
                    "power",
                    knight_index,
                    "a knight needs a name".into(),
                ));
            }
            if k.power < 1 {
                errors.push(field_error(
                    file,
                    "power",
                    knight_index,
                    format!(
                        "{}'s power must be at least 1, not {} (the Scandalised side is the 0)",
                        k.name, k.power
                    ),
                ));
            }
            if k.points < 1 {
                errors.push(field_error(
                    file,
                    "points",
                    knight_index,
                    format!("{}'s points must be at least 1, not {}", k.name, k.points),
                ));
            }
            knight_index += 1;
        }
    }
    if errors.len() > before {
        return None;
    }
    let mut factions = Vec::new();
    let mut knights = Vec::new();
    for (fi, f) in raw.factions.into_iter().enumerate() {
        let mut ids = Vec::new();
        let mut top = KnightId(knights.len() as u8);
        for k in f.knights {
            let id = KnightId(knights.len() as u8);
            if k.name == f.top || k.id == f.top {
                top = id;
            }
            ids.push(id);
            knights.push(KnightInfo {
                id: k.id,
                name: k.name,
                faction: FactionId(fi as u8),
                power: k.power,
                points: k.points,
            });
        }
        factions.push(Faction {
            id: f.id,
            name: f.name,
            colour: f.colour,
            rgb: [f.rgb.0, f.rgb.1, f.rgb.2],
            symbol: f.symbol,
            top,
            knights: ids,
        });
    }
    Some((factions, knights))
}

pub(super) fn load_deck(
    file: &ContentFile,
    rules: Option<&CourtRules>,
    errors: &mut Vec<ContentError>,
) -> Option<Vec<(CardKind, usize)>> {
    let raw: RawDeck = file.parse_noting(errors)?;
    let before = errors.len();
    let mut deck: Vec<(CardKind, usize)> = Vec::new();
    for (i, c) in raw.cards.iter().enumerate() {
        let kind = match c.kind {
            RawKind::Move => Some(CardKind::Move),
            RawKind::Gossip => Some(CardKind::Gossip),
            RawKind::Banish => Some(CardKind::Banish),
            RawKind::Score => Some(CardKind::Score),
            RawKind::Merlin => Some(CardKind::Merlin),
            RawKind::Dwarf => Some(CardKind::Dwarf),
            RawKind::Priest(v) | RawKind::Soldier(v) => {
                if (1..=MAX_FOLLOWER_VALUE).contains(&v) {
                    Some(if matches!(c.kind, RawKind::Priest(_)) {
                        CardKind::Priest(v as u8)
                    } else {
                        CardKind::Soldier(v as u8)
                    })
                } else {
                    errors.push(field_error(
                        file,
                        "kind",
                        i,
                        format!("a follower's value must be from 1 to {MAX_FOLLOWER_VALUE}, not {v}"),
                    ));
                    None
                }
            }
        };
        if c.count < 1 {
            errors.push(field_error(
                file,
                "count",
                i,
                format!("a card count must be at least 1, not {}", c.count),
            ));
            continue;
        }
        let Some(kind) = kind else { continue };
        if deck.iter().any(|&(k, _)| k == kind) {
            errors.push(field_error(
                file,
                "kind",
                i,
                format!("{kind} is listed more than once; give it one entry with the whole count"),
            ));
            continue;
        }
        deck.push((kind, usize::try_from(c.count).unwrap_or(0)));
    }
    let total: usize = deck.iter().map(|&(_, n)| n).fold(0, usize::saturating_add);
    if errors.len() == before {
        if !deck
            .iter()
            .any(|&(k, _)| matches!(k, CardKind::Score | CardKind::Dwarf))
        {
            errors.push(file.error_at(
                "cards",
                "the deck has no Score (nor Dwarf) card, so no game could ever end",
            ));
        }
        if let Some(rules) = rules
            && total != rules.deck_total
        {
            errors.push(file.error_at(
                "cards",
                format!(
                    "the deck has {total} cards but rules.ron says deck_total is {}",
                    rules.deck_total
                ),
            ));
        }
    }
    if errors.len() > before {
        return None;
    }
    Some(deck)
}

/// Reading the content: the four files, each validated.
impl CourtContent {
    /// Parses and validates the four files, reporting every problem found.
    pub fn load(set: &ContentSet) -> Result<CourtContent, Vec<ContentError>> {
        let mut errors = Vec::new();
        let mut read = |key: &str| match set.get(key) {
            Ok(f) => Some(f.clone()),
            Err(e) => {
                errors.push(e);
                None
            }
        };
        let hall_file = read(Self::HALL);
        let knights_file = read(Self::KNIGHTS);
        let deck_file = read(Self::DECK);
        let rules_file = read(Self::RULES);

        let rules = rules_file.as_ref().and_then(|f| load_rules(f, &mut errors));
        let hall = hall_file
            .as_ref()
            .and_then(|f| load_hall(f, rules.as_ref(), &mut errors));
        let roster = knights_file
            .as_ref()
            .and_then(|f| load_knights(f, rules.as_ref(), &mut errors));
        let deck = deck_file
            .as_ref()
            .and_then(|f| load_deck(f, rules.as_ref(), &mut errors));

        match (rules, hall, roster, deck) {
            (Some(rules), Some((spaces, lines, throne)), Some((factions, knights)), Some(deck))
                if errors.is_empty() =>
            {
                let equites = spaces.iter().enumerate().filter(|(_, s)| s.rank == Rank::Equites);
                let equites_mask = if spaces.len() <= 64 {
                    super::content::bits_of(equites.map(|(i, _)| i))
                } else {
                    0
                };
                Ok(CourtContent {
                    spaces,
                    lines,
                    throne,
                    factions,
                    knights,
                    deck,
                    rules,
                    equites_mask,
                })
            }
            _ => Err(errors),
        }
    }
}
