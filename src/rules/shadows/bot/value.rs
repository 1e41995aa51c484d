//! A position's worth for the Knights: the chance that the Loyal side wins from here, by a
//! logistic model over what the whole table can see (Swords, the siege, every quest's standing,
//! Life and hand sizes, the Black deck's share that now becomes a Siege Engine). Its weights are
//! fitted to played-out games, one set per table size, and live in `assets/bots/shadows_bots.ron`
//! (`value`); `examples/fit_shadows_value.rs` refits them from a seed.
//!
//! The features read public information only, so a seat's view, a state sampled from it and the
//! real state all score alike.

use super::measures::{progress, quest_danger, siege_share};
use crate::rules::shadows::content::{QuestId, QuestKind};
use crate::rules::shadows::pieces::{KnightState, Loyalty};
use crate::rules::shadows::state::Shadows;
use crate::rules::shadows::tuning::{FEATURES, ValueModel};
use arrayvec::ArrayVec;

/// The position's features (public information only).
pub fn features(g: &Shadows) -> [f32; FEATURES] {
    let n = g.numbers();
    let end = n.swords_end.max(1) as f32;
    let lose = n.siege_lose.max(1) as f32;
    let w = g.white_swords as f32;
    let b = g.black_swords as f32;
    let laid = (w + b) / end;
    let siege = g.siege as f32;
    let players = g.knights.len().max(1) as f32;
    let active: ArrayVec<&KnightState, 7> = g.knights.iter().filter(|k| k.active()).take(7).collect();
    let na = active.len().max(1) as f32;
    let life_mean = active.iter().map(|k| k.life as f32).sum::<f32>() / na / n.max_life.max(1) as f32;
    let life_low = active.iter().filter(|k| k.life <= 2).count() as f32 / players;
    let dead = g.knights.iter().filter(|k| k.dead).count() as f32 / players;
    let hand_mean = active.iter().map(|k| k.hand.len() as f32).sum::<f32>() / na / 12.0;
    let standing = |q: QuestId| {
        if g.quest(q).in_play {
            (quest_danger(g, q) / 2.0, progress(g, q))
        } else {
            (0.0, 0.0)
        }
    };
    let (grail_d, grail_p) = standing(QuestId::Grail);
    let (bk_d, bk_p) = standing(QuestId::BlackKnight);
    let (lan_d, lan_p) = g.lancelot_or_dragon().map_or((0.0, 0.0), standing);
    let ex = g.quest(QuestId::Excalibur);
    let half = match &g.content.quest(QuestId::Excalibur).kind {
        QuestKind::Track { half_length } => (*half_length).max(1) as f32,
        _ => 1.0,
    };
    let (ex_track, ex_over) = if ex.in_play {
        (ex.track as f32 / half, 0.0)
    } else {
        (0.0, 1.0)
    };
    let (pd, pp) = standing(QuestId::PictWar);
    let (sd, sp) = standing(QuestId::SaxonWar);
    let traitor_hidden = g.deck_traitor > 0
        && !g
            .knights
            .iter()
            .any(|k| k.unmasked || (k.revealed && k.loyalty == Loyalty::Traitor));
    let flag = |x: bool| if x { 1.0 } else { 0.0 };
    [
        1.0,
        w / end,
        b / end,
        laid,
        laid * (w - b) / end,
        siege / lose,
        (siege - 6.0).max(0.0) / 6.0,
        (siege - 9.0).max(0.0) / 3.0,
        siege / lose * (1.0 - laid).max(0.0),
        life_mean,
        life_low,
        dead,
        hand_mean,
        siege_share(g),
        grail_d,
        grail_p,
        bk_d,
        bk_p,
        lan_d,
        lan_p,
        ex_track,
        ex_over,
        pd + sd,
        pp + sp,
        flag(traitor_hidden),
        flag(g.knights.iter().any(|k| k.excalibur && k.active())),
        flag(g.knights.iter().any(|k| k.grail && k.active())),
        flag(g.vivien),
        flag(g.dark_forest),
        flag(g.mists),
    ]
}

impl ValueModel {
    /// The Loyal side's chance to win from `g`, 0..1, on the scale the bots decide on (the
    /// fitted one): the game's result when it is over.
    pub fn knights_chance(&self, g: &Shadows) -> f32 {
        self.knights_chances(g).0
    }

    /// The Loyal side's chance to win from `g` on the scale the bots decide on, and as a player
    /// is told it (`ValueModel::told`): one reading of the position, two constants.
    pub fn knights_chances(&self, g: &Shadows) -> (f32, f32) {
        if let Some(o) = &g.outcome {
            let won = if o.winners.iter().any(|&s| g.knights[s].loyalty != Loyalty::Traitor) {
                1.0
            } else {
                0.0
            };
            return (won, won);
        }
        let Some(w) = self.weights(g.knights.len()) else {
            return (0.5, 0.5);
        };
        let f = features(g);
        let x: f32 = f.iter().zip(w).map(|(a, b)| a * b).sum();
        let chance = |x: f32| 1.0 / (1.0 + (-x.clamp(-30.0, 30.0)).exp());
        (chance(x), chance(x + self.told_shift(g.knights.len())))
    }
}
