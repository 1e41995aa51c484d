//! How a finished game went, in the bench's words: the quests' keys and the words for each tag
//! and figure `Game::outcome_tags` and `outcome_figures` give.

use super::content::QuestId;

/// A quest's key in the bench's outcome names ("grail", "black_knight", "pict_war").
pub fn quest_key(q: QuestId) -> &'static str {
    match q {
        QuestId::BlackKnight => "black_knight",
        QuestId::Lancelot => "lancelot",
        QuestId::Dragon => "dragon",
        QuestId::Excalibur => "excalibur",
        QuestId::Grail => "grail",
        QuestId::PictWar => "pict_war",
        QuestId::SaxonWar => "saxon_war",
    }
}

/// The bench's words for a tag of `outcome_tags` or a figure of `outcome_figures`
/// (`Game::outcome_words`).
pub(crate) fn outcome_words(tag: &str) -> String {
    let quest = |key: &str| {
        QuestId::ALL
            .into_iter()
            .find(|&q| quest_key(q) == key)
            .map_or_else(|| key.replace('_', " "), |q| quest_title(q).to_string())
    };
    let (name, value) = tag.split_once('=').unwrap_or((tag, ""));
    match (name, value) {
        ("knights_win_rate", _) => "the Loyal Knights won".into(),
        ("ends", "siege") => "the game ended with Camelot fallen to the Siege Engines".into(),
        ("ends", "swords") => "the game ended with the Round Table full of Swords".into(),
        ("ends", "black_swords") => "the game ended with too many Black Swords".into(),
        ("ends", "deaths") => "the game ended with every Loyal Knight dead".into(),
        ("last_swords", v) => {
            let (rest, side) = match v.rsplit_once("_knights_win") {
                Some((rest, _)) => (rest, "the Knights won"),
                None => (v.trim_end_matches("_evil_wins"), "Evil won"),
            };
            let (key, how) = rest.rsplit_once('_').unwrap_or((rest, ""));
            format!("the last Swords came from {} {how}, and {side}", quest(key))
        }
        ("traitor_present", _) => "a Traitor was among the Knights".into(),
        ("traitor_caught", _) => "the Traitor was unmasked by an accusation".into(),
        ("traitor_revealed_himself", _) => "the Traitor revealed himself".into(),
        ("wrong_accusation", _) => "a Loyal Knight was wrongly accused".into(),
        ("knight_died", _) => "a Knight died".into(),
        ("loyal_knight_died", _) => "a Loyal Knight died".into(),
        ("life_to_evil_per_loyal_knight", _) => "Life given to Evil (per Loyal Knight)".into(),
        ("life_for_actions_per_loyal_knight", _) => "Life spent on a second Heroic Action (per Loyal Knight)".into(),
        ("heals_per_loyal_knight", _) => "heals (per Loyal Knight)".into(),
        ("returns_to_camelot_per_loyal_knight", _) => "returns to Camelot from a quest (per Loyal Knight)".into(),
        ("loyal_knights_dead", _) => "Loyal Knights dead".into(),
        ("grail_cards_elsewhere", _) => "Grail cards spent elsewhere while the Grail was in play".into(),
        (n, _) if n.starts_with("cards_spent_") => {
            format!("White cards played on {}", quest(&n["cards_spent_".len()..]))
        }
        (n, _) if n.starts_with("contested_") => format!("a Knight went to {}", quest(&n["contested_".len()..])),
        (n, v) if n.starts_with("quest_") => {
            let how = match v {
                "won" => "won",
                "lost" => "lost",
                "open" => "still open at the end",
                other => other,
            };
            format!("{} was {how}", quest(&n["quest_".len()..]))
        }
        _ => tag.replace('_', " ").replace('=', ": "),
    }
}

/// A quest's name in the bench's words (the content may rename it; these are the rulebook's).
fn quest_title(q: QuestId) -> &'static str {
    match q {
        QuestId::BlackKnight => "the Black Knight",
        QuestId::Lancelot => "Lancelot",
        QuestId::Dragon => "the Dragon",
        QuestId::Excalibur => "Excalibur",
        QuestId::Grail => "the Holy Grail",
        QuestId::PictWar => "the Pict War",
        QuestId::SaxonWar => "the Saxon War",
    }
}
