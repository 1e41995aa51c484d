//! The lookahead over the heuristic: each choice played on states sampled from the seat's view,
//! a few turns played out by the heuristic, the position reached scored by the position model;
//! and the search's budget by difficulty.

use crate::rules::Budget;
use crate::rules::shadows::action::{Action, Task};
use crate::rules::shadows::bot::combat::solo_margin;
use crate::rules::shadows::bot::heuristic::{heuristic_pick, plays_traitor};
use crate::rules::shadows::bot::measures::{quest_danger, raced};
use crate::rules::shadows::content::{QuestId, QuestKind};
use crate::rules::shadows::pieces::{EvilChoice, Location, Loyalty};
use crate::rules::shadows::state::Shadows;
use crate::rules::shadows::view::ShadowsView;
use crate::rules::{Game, GameRng, Seat};

/// How hard the lookahead looks (it judges a Loyal Knight's Progression of Evil and Heroic
/// Actions, `look_choices`).
#[derive(Clone, Copy, Debug)]
pub struct Look {
    /// States sampled from the view; every choice is played on each.
    pub samples: u32,
    /// Turns played out after the choice (1: to the end of this turn).
    pub turns: u32,
    /// How much better (in the model's chance) another choice must score than the heuristic's.
    pub margin: f64,
    /// The same for a Traitor (the Knights' chance lower by this much).
    pub traitor_margin: f64,
    /// A second stage: the best `finalists` choices of the first (the heuristic's pick always
    /// among them) are played on `more` fresh samples each, and judged by all their samples.
    pub finalists: u32,
    pub more: u32,
}

impl Look {
    /// Normal: twelve samples, five turns played out.
    pub const NORMAL: Look = Look {
        samples: 12,
        turns: 5,
        margin: 0.06,
        traitor_margin: 0.35,
        finalists: 0,
        more: 0,
    };
    /// Hard: 128 samples, fifteen turns (three rounds at five players) played out; then the
    /// three best choices on 512 fresh samples each, and a smaller margin for the surer means.
    /// Four times the samples it had (32 and 128) won 96 % of five-player games without a
    /// Traitor instead of 88.5 %, at a decision p95 of about 0.15 s (docs/bots.md).
    pub const HARD: Look = Look {
        samples: 128,
        turns: 15,
        margin: 0.03,
        traitor_margin: 0.35,
        finalists: 3,
        more: 512,
    };
}

/// The choices the lookahead judges at this decision (none: the heuristic decides alone).
pub(crate) fn look_choices(g: &Shadows, me: Seat, legal: &[Action], pick: Action, look: Look) -> Vec<Action> {
    if g.knights.get(me).is_none() || look.samples == 0 || g.content.bots.value.is_flat() {
        return Vec::new();
    }
    let aside = |a: &Action| matches!(a, Action::Accuse(_) | Action::RevealSelf | Action::ArthurGive(..));
    // A Loyal Knight's last Life point is never given up on the lookahead's word, to Evil or for
    // another action: his death costs his actions for the rest of the game, beyond the few turns
    // it plays out (the review showed it preferring that death to a Black card).
    let last_life = g.knights[me].life <= 1 && !plays_traitor(g, me);
    // Nor does a Loyal Knight call a Knight (himself included) home from a solo quest with cards
    // played on it (a Convocation) on its word: the position model does not see that race either
    // (measured: it called Knights home from Lancelot with two or three of their five cards down).
    let recalls = !plays_traitor(g, me)
        && QuestId::ALL
            .iter()
            .any(|&q| raced(g, q) && !g.quest(q).white.is_empty());
    let barred = |a: &Action| {
        (last_life && matches!(a, Action::Evil(EvilChoice::LoseLife) | Action::Sacrifice))
            || (recalls && *a == Action::Convocation)
    };
    // A combat quest's cards coming together are the heuristic's call: the position model was
    // fitted to games where those quests were seldom fought, and does not see a side about to
    // win (measured: with it judging, Knights who went to the Black Knight left their cards in
    // hand and lost it).
    let combat = |q: QuestId| matches!(g.content.quest(q).kind, QuestKind::Combat { .. });
    let committed = match pick {
        Action::Fight(_) => matches!(g.knights[me].at, Location::Quest(q) if combat(q)),
        Action::Move(Location::Quest(q)) => {
            let w = &g.content.bots.normal;
            combat(q) && g.is_solo(q) && solo_margin(g, me, q, w).is_some_and(|m| m > w.combat_keep)
        }
        _ => false,
    };
    if committed {
        return Vec::new();
    }
    let choices: Vec<Action> = match g.stack.last() {
        Some(Task::Evil) => legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Evil(_)) && !barred(a))
            .collect(),
        Some(Task::Heroic) if !aside(&pick) => legal.iter().copied().filter(|a| !aside(a) && !barred(a)).collect(),
        _ => Vec::new(),
    };
    if choices.len() <= 1 || !choices.contains(&pick) {
        return Vec::new();
    }
    choices
}

/// Each choice's mean chance for the seat's own side (the Knights', or for the Traitor one less
/// theirs): played on `look.samples` states sampled from the view (the same samples and the same
/// dice for every choice), `look.turns` turns played out by the heuristic, the position reached
/// scored by `ValueModel::knights_chances` — on the scale the bots decide on, and as a player is
/// told it.
pub(super) fn look_means(view: &ShadowsView, choices: &[Action], rng: &mut GameRng, look: Look) -> Option<Means> {
    let sums = look_sums(view, choices, rng, look)?;
    let n = f64::from(look.samples.max(1));
    Some(Means {
        decide: sums.decide.into_iter().map(|x| x / n).collect(),
        told: sums.told.into_iter().map(|x| x / n).collect(),
    })
}

/// Each choice's mean (or summed) chance, on the scale the bots decide on and as told.
pub(super) struct Means {
    pub decide: Vec<f64>,
    pub told: Vec<f64>,
}

/// `look_means` in two stages (`Look::finalists`): the first judges every choice; the best
/// `finalists` of it (the heuristic's pick, at `at`, always among them) are played on
/// `look.more` fresh samples, and each finalist's mean is over all its samples. The others
/// keep their first mean.
fn look_staged(view: &ShadowsView, choices: &[Action], at: usize, rng: &mut GameRng, look: Look) -> Option<Means> {
    let mut means = look_means(view, choices, rng, look)?;
    if look.finalists == 0 || look.more == 0 || choices.len() <= 1 {
        return Some(means);
    }
    let mut order: Vec<usize> = (0..choices.len()).filter(|&c| c != at).collect();
    order.sort_by(|&a, &b| means.decide[b].total_cmp(&means.decide[a]));
    order.truncate(look.finalists.saturating_sub(1) as usize);
    order.push(at);
    let finals: Vec<Action> = order.iter().map(|&c| choices[c]).collect();
    let second = Look {
        samples: look.more,
        ..look
    };
    let sums = look_sums(view, &finals, rng, second)?;
    let first = f64::from(look.samples.max(1));
    let n = f64::from(look.samples.max(1) + look.more);
    for (i, &c) in order.iter().enumerate() {
        means.decide[c] = (means.decide[c] * first + sums.decide[i]) / n;
        means.told[c] = (means.told[c] * first + sums.told[i]) / n;
    }
    Some(means)
}

/// Each choice's summed chance over `look.samples` sampled states (`look_means`).
fn look_sums(view: &ShadowsView, choices: &[Action], rng: &mut GameRng, look: Look) -> Option<Means> {
    let g = &view.game;
    let model = &g.content.bots.value;
    let mut sums = Means {
        decide: vec![0.0f64; choices.len()],
        told: vec![0.0f64; choices.len()],
    };
    let mut buf = Vec::new();
    let until = g.turn + look.turns.max(1);
    let traitor = g.traitor_seat() == Some(view.seat);
    let side = |knights: f32| {
        if traitor {
            1.0 - f64::from(knights)
        } else {
            f64::from(knights)
        }
    };
    for i in 0..look.samples {
        let sample = Shadows::determinize(view, rng)?;
        let seed = rng.below(u32::MAX) as u64 ^ ((i as u64) << 32);
        for (c, a) in choices.iter().enumerate() {
            let mut s = sample.clone();
            if s.apply_quiet(a).is_err() {
                sums.decide[c] = f64::MIN;
                sums.told[c] = f64::MIN;
                continue;
            }
            let mut r = GameRng::seeded(seed);
            for _ in 0..2_000 {
                if s.outcome().is_some() || s.turn >= until {
                    break;
                }
                s.legal_actions_into(&mut buf);
                let Some(x) = heuristic_pick(&s, &buf, &mut r) else {
                    break;
                };
                if s.apply_listed(&x, &buf).is_err() {
                    break;
                }
            }
            let (decide, told) = model.knights_chances(&s);
            sums.decide[c] += side(decide);
            sums.told[c] += side(told);
        }
    }
    Some(sums)
}

/// The choices a lookahead judged and each one's mean.
type Judged = (Vec<Action>, Vec<f64>);

/// A Knight's choice judged by the position model (`look_means`): the best mean wins when it
/// beats the heuristic's pick by `look.margin` (a Traitor's by `look.traitor_margin`), else the
/// pick stands. The means it judged by come back with the choice, as a player is told them
/// (`ValueModel::told`), so that a hint shows the very samples that chose.
pub(super) fn looked(
    view: &ShadowsView,
    legal: &[Action],
    pick: Option<Action>,
    rng: &mut GameRng,
    look: Look,
) -> (Option<Action>, Option<Judged>) {
    let Some(pick) = pick else {
        return (None, None);
    };
    let choices = look_choices(&view.game, view.seat, legal, pick, look);
    if choices.is_empty() {
        return (Some(pick), None);
    }
    let at = choices.iter().position(|a| *a == pick).unwrap_or(0);
    let Some(Means { decide: means, told }) = look_staged(view, &choices, at, rng, look) else {
        return (Some(pick), None);
    };
    let mut best = at;
    for c in 0..choices.len() {
        if means[c] > means[best] + 1e-9 {
            best = c;
        }
    }
    let margin = if view.game.traitor_seat() == Some(view.seat) {
        look.traitor_margin
    } else {
        look.margin
    };
    let chosen = if means[best] > means[at] + margin {
        choices[best]
    } else {
        pick
    };
    (Some(chosen), Some((choices, told)))
}

/// The level's lookahead, if any.
pub(super) fn look_for(difficulty: crate::rules::Difficulty) -> Option<Look> {
    match difficulty {
        crate::rules::Difficulty::Easy => None,
        crate::rules::Difficulty::Normal => Some(Look::NORMAL),
        crate::rules::Difficulty::Hard => Some(Look::HARD),
    }
}

/// A rough chance that the Loyal Knights win from here.
pub(super) fn loyal_chance(g: &Shadows) -> f64 {
    let n = g.numbers();
    let w = g.white_swords as f64;
    let b = g.black_swords as f64;
    let siege = g.siege as f64 / n.siege_lose.max(1) as f64;
    // Each Loyal Knight's life: a death loses his actions for the rest of the game.
    let life: f64 = g
        .knights
        .iter()
        .filter(|k| k.loyalty == Loyalty::Loyal)
        .map(|k| {
            if k.dead || k.doomed {
                -1.5
            } else {
                match k.life {
                    0 => -1.5,
                    1 => -0.8,
                    2 => -0.3,
                    _ => 0.0,
                }
            }
        })
        .sum();
    let danger: f64 = QuestId::ALL
        .iter()
        .filter(|&&q| g.quest(q).in_play)
        .map(|&q| {
            let d = g.content.quest(q);
            quest_danger(g, q) as f64 * (d.defeat.swords as f64 + d.defeat.siege as f64 * 0.5)
        })
        .sum();
    let traitor_hidden = g
        .traitor_seat()
        .is_some_and(|t| !g.knights[t].unmasked && !g.knights[t].dead);
    // Every Siege Engine counts (each costs an action to burn), the last ones most.
    let x = 0.5 * (w - b)
        - 0.35 * g.siege as f64
        - 10.0 * (siege - 0.5).max(0.0)
        - 0.6 * (b - 4.0).max(0.0)
        - 0.25 * danger
        + life
        - if traitor_hidden { 0.8 } else { 0.0 };
    1.0 / (1.0 + (-x).exp())
}

/// The search's budget for a difficulty, should a level search again (`budget` says why none
/// does now).
pub fn search_budget(difficulty: crate::rules::Difficulty) -> Option<Budget> {
    let mut b = match difficulty {
        crate::rules::Difficulty::Easy => return None,
        crate::rules::Difficulty::Normal => Budget::new(2000, 180),
        crate::rules::Difficulty::Hard => Budget::new(8000, 900),
    };
    // Playouts stop after this many actions and are judged by `evaluate`.
    b.horizon = 80;
    Some(b)
}
