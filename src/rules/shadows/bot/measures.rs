//! What the heuristic and the position model both measure of a position: how near a quest is to
//! its end either way, and how much of the Black deck now becomes a Siege Engine.

use crate::rules::shadows::content::{Black, QuestId, QuestKind};
use crate::rules::shadows::pieces::Location;
use crate::rules::shadows::state::Shadows;

/// How near a quest is to being lost, 0..=2.
pub(super) fn quest_danger(g: &Shadows, q: QuestId) -> f32 {
    let qs = g.quest(q);
    match &g.content.quest(q).kind {
        QuestKind::Combat { black_spots, .. } => 2.0 * qs.black.len() as f32 / (*black_spots).max(1) as f32,
        QuestKind::Track { half_length } => (-(qs.track as f32) / *half_length as f32 + 1.0).clamp(0.0, 2.0),
        QuestKind::Grail { spots } => 2.0 * qs.black.len() as f32 / (*spots).max(1) as f32,
        QuestKind::War { figures, .. } => 2.0 * qs.figures as f32 / (*figures).max(1) as f32,
    }
}

/// The share of the Black deck (by the content's counts) that now becomes a Siege Engine when
/// drawn: the cards of quests that are over.
pub(super) fn siege_share(g: &Shadows) -> f32 {
    let mut all = 0u32;
    let mut gone = 0u32;
    for c in &g.content.deck.black {
        all += c.count as u32;
        let over = match c.card {
            Black::Excalibur => !g.quest(QuestId::Excalibur).in_play,
            Black::Despair | Black::Desolation | Black::DarkForest => !g.quest(QuestId::Grail).in_play,
            Black::Lancelot(..) => g.lancelot_or_dragon().is_none(),
            _ => false,
        };
        if over {
            gone += c.count as u32;
        }
    }
    gone as f32 / all.max(1) as f32
}

/// How far the Knights' side of a quest is toward a victory, 0..=1.
pub(super) fn progress(g: &Shadows, q: QuestId) -> f32 {
    let qs = g.quest(q);
    match &g.content.quest(q).kind {
        QuestKind::Combat { white_spots, .. } => qs.white.len() as f32 / (*white_spots).max(1) as f32,
        QuestKind::Track { half_length } => (qs.track.max(0) as f32 / *half_length as f32).min(1.0),
        QuestKind::Grail { spots } => qs.white.len() as f32 / (*spots).max(1) as f32,
        QuestKind::War { sequence, .. } => qs.white.len() as f32 / sequence.len().max(1) as f32,
    }
}

/// Whether the Knights are pushing the Grail: it is in play and a Knight stands there or Grail
/// cards lie on it.
pub(super) fn grail_pushed(g: &Shadows) -> bool {
    let grail = g.quest(QuestId::Grail);
    grail.in_play && (!grail.white.is_empty() || !g.present(Location::Quest(QuestId::Grail)).is_empty())
}

/// Whether a Knight stands on a solo quest still in play (races it: his cards there are lost if
/// he is called home).
pub(super) fn raced(g: &Shadows, q: QuestId) -> bool {
    g.quest(q).in_play && g.is_solo(q) && !g.present(Location::Quest(q)).is_empty()
}
