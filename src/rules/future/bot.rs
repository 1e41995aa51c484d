//! The cheap heuristic and the search hints. The heuristic scores each legal action by what it
//! is worth at once plus a rough value of what it leads to (a knight behind the screen 2 at the
//! end, a hinterland knight about 1, a Grail tile about 2, an open majority about 3); it builds
//! no text, clones nothing and allocates nothing, so playouts can use it at every step.

use super::apply::grail_points;
use crate::rules::future::action::Action;
use crate::rules::future::content::{Board, Effect, RoomRule};
use crate::rules::future::pieces::{Phase, Slot, Task};
use crate::rules::future::state::Future;
use crate::rules::future::view::FutureView;
use crate::rules::{BotHints, Budget, score_margins};
use crate::rules::{Difficulty, Game, GameRng, Seat};

/// What an effect is worth to `slot` now, roughly, in points.
fn effect_value(state: &Future, slot: Slot, e: Effect) -> f32 {
    let c = &state.colours[slot as usize];
    match e {
        Effect::Points(n) => n as f32,
        Effect::Grail(n) => 2.0 * n as f32,
        Effect::Tree => 2.0 + if c.hinterland > 0 { 1.0 } else { 0.0 },
        Effect::ExtraKnight(b) => {
            if (c.hinterland > 0 || c.screen > 0) && !state.legal_fields(slot, b).is_empty() {
                2.5
            } else {
                0.0
            }
        }
    }
}

/// What a knight of `slot` on this field is worth, roughly.
fn field_value(state: &Future, slot: Slot, board: Board, field: u8) -> f32 {
    let Some(room) = state.room(board) else {
        return 0.0;
    };
    let f = room.field(field as usize);
    let mut v = f.points as f32 + f.hearts as f32 * 0.8;
    for &e in &f.effects {
        v += effect_value(state, slot, e);
    }
    let fl = &state.fields[board.index()];
    let mine = fl.iter().filter(|p| p.owner() == Some(slot)).count() as f32;
    v += match &room.file.rule {
        // A majority pays at the end: worth more while it is contested and young.
        RoomRule::FreeChoice { .. } | RoomRule::Treason { .. } => 3.5 - 0.5 * mine.min(4.0),
        // Being in a group saves its penalty when it fills.
        RoomRule::Groups { groups } => room.group_of[field as usize]
            .and_then(|g| groups.get(g))
            .map_or(0.0, |g| -(g.penalty as f32) * 0.5),
        RoomRule::TopmostFree { absent_penalty } if mine == 0.0 => -(*absent_penalty as f32),
        RoomRule::LowestOpenRow { .. } => {
            // Neighbours of one's own colour promise a line.
            let (r, col) = (f.row as i32 - 1, f.col as i32 - 1);
            let mut near = 0.0;
            for dr in -1..=1 {
                for dc in -1..=1 {
                    if (dr, dc) != (0, 0) {
                        let cell = room
                            .grid
                            .get((r + dr).max(-1) as usize)
                            .and_then(|row| row.get((col + dc).max(-1) as usize))
                            .copied()
                            .flatten();
                        if cell.is_some_and(|i| fl[i as usize].owner() == Some(slot)) {
                            near += 0.7;
                        }
                    }
                }
            }
            near
        }
        _ => 0.0,
    };
    v
}

/// The totals the fists can show, as `seat` knows them before the reveal: at least its own
/// fists, at most those plus every other colour's biggest fist (a full fist, or all the knights
/// behind its screen if fewer).
pub fn possible_totals(state: &Future, seat: Seat) -> (u8, u8) {
    let max_fist = state.content.0.deck.max_fist;
    let mut least = 0u8;
    let mut others = 0u8;
    for x in &state.colours {
        if x.seat == seat {
            least = least.saturating_add(x.sent);
        } else {
            others = others.saturating_add(x.screen.min(max_fist));
        }
    }
    (least, least.saturating_add(others))
}

/// The heuristic's score of one legal action for the colour deciding.
pub fn action_value(state: &Future, action: &Action) -> f32 {
    let deck = &state.content.0.deck;
    let slot = match state.deciding_slot() {
        Some(s) => s,
        // Phase 2 (a seat's fists) and the expert colour choice, where a seat may hold no
        // colour yet.
        None => match state.to_act().and_then(|seat| state.seat_slots[seat].first()) {
            Some(&s) => s,
            None => return 0.0,
        },
    };
    let c = &state.colours[slot as usize];
    match *action {
        Action::Colour(_) => 0.0,
        Action::Send(a, b) => {
            let Some(seat) = state.to_act() else { return 0.0 };
            let slots = &state.seat_slots[seat];
            let fist = |s: Slot, k: u8| -> f32 {
                let c = &state.colours[s as usize];
                if k == 0 {
                    return 2.0 * c.hinterland.min(deck.recall_max) as f32 - 0.5;
                }
                let best = state
                    .display
                    .iter()
                    .map(|&d| &deck.missions[d as usize])
                    .filter(|m| m.needs() <= k)
                    .map(|m| m.needs())
                    .max()
                    .unwrap_or(0);
                // Knights that find no shield go to the hinterland (half their worth).
                let wasted = (k - best) as f32;
                2.6 * best as f32 - 1.0 * wasted - if c.screen <= k { 1.5 } else { 0.0 }
            };
            fist(slots[0], a) + slots.get(1).map_or(0.0, |&s| fist(s, b))
        }
        Action::Predict(n) => {
            // A total the fists cannot show is never worth predicting.
            let (least, most) = possible_totals(state, c.seat);
            if n < least || n > most {
                return -100.0 - n.abs_diff(least).min(n.abs_diff(most)) as f32;
            }
            // Guess the total: one's own fists plus a fair guess of the others'.
            let mut estimate = 0.0f32;
            for x in &state.colours {
                if x.seat == c.seat {
                    estimate += x.sent as f32;
                } else {
                    let cap = x.screen.min(deck.max_fist) as f32;
                    estimate += (0.6 * cap + 0.2).min(cap);
                }
            }
            let d = n as f32 - estimate;
            -(d.abs()) - if d > 0.0 { 1.5 } else { 0.0 }
        }
        Action::Take(card) => {
            let m = &deck.missions[card as usize];
            let surplus = c.sent.saturating_sub(m.needs()) as f32;
            match m.special {
                Some(s) => s.points as f32 + 2.0 * s.knights as f32 - surplus,
                None => {
                    let mut v = 0.0;
                    for &sh in &m.shields {
                        let boards = match sh.board() {
                            Some(b) => std::slice::from_ref(&Board::ALL[b.index()]),
                            None => &Board::CASTLE[..],
                        };
                        let best = boards
                            .iter()
                            .flat_map(|&b| state.legal_fields(slot, b).into_iter().map(move |f| (b, f)))
                            .map(|(b, f)| field_value(state, slot, b, f))
                            .fold(-1.0f32, f32::max);
                        v += best.max(-1.0) + 1.0;
                    }
                    v + 2.0 * m.grail as f32 + if m.tree { 2.5 } else { 0.0 } - surplus
                }
            }
        }
        Action::NoMission | Action::EndTurn | Action::Decline => 0.0,
        Action::Recall(n) => 3.0 * n as f32,
        Action::Place { board, field, hero, .. } => {
            field_value(state, slot, board, field) - if hero { 1.0 } else { 0.0 }
        }
        Action::Return { .. } => -1.0,
        Action::Extra { screen, field } => {
            let board = match state.tasks.last() {
                Some(Task::Extra { board, .. }) => *board,
                _ => return 0.0,
            };
            // After the red room is scored, a knight there is worth nothing (spec §14.2).
            if state.scoring_final && board == Board::Red {
                return -3.0;
            }
            field_value(state, slot, board, field) + if screen { -2.0 } else { -0.5 }
        }
        Action::Bonus(i) => state.line_bonus(i).map_or(0.0, |e| effect_value(state, slot, e)),
        Action::RecallRed(_) => 0.0,
        Action::Grail(p) => {
            let mut after = c.grail;
            after[p as usize] += 1;
            (grail_points(&after, &deck.grail_set_points) - grail_points(&c.grail, &deck.grail_set_points)) as f32
        }
        Action::Magician { board, field } => field_value(state, slot, board, field),
        Action::Discard(card) => 0.5 + deck.missions[card as usize].needs() as f32 * 0.3,
        Action::BlackKnight { board, field } => {
            field_value(state, slot, board, field) + 2.0 - deck.black_knight_cost as f32
        }
        Action::Accept => match state.tasks.last() {
            Some(Task::Tree { .. }) => effect_value(state, slot, Effect::Tree),
            Some(Task::Tristan { .. }) => deck.tristan_bonus as f32,
            _ => 1.0,
        },
    }
}

/// The best action by `action_value`, ties and near-ties broken at random by `noise`.
pub fn best_action(state: &Future, legal: &[Action], rng: &mut GameRng, noise: f32) -> Option<Action> {
    let mut best: Option<(f32, Action)> = None;
    for a in legal {
        let jitter = if noise > 0.0 {
            rng.below(1000) as f32 / 1000.0 * noise
        } else {
            0.0
        };
        let v = action_value(state, a) + jitter;
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, *a));
        }
    }
    best.map(|b| b.1)
}

const NORMAL_ITERATIONS: u32 = 1000;
const HARD_ITERATIONS: u32 = 4000;
/// Hard's playouts count how far ahead a seat finished as much as whether it won
/// (`Budget::margin`): four times normal's iterations on wins alone played no better than
/// normal (51 % of 200 games), because a playout's win says too little about a close choice.
const HARD_MARGIN: f64 = 0.5;
/// Points ahead of the best other seat that make a margin of about 0.73 (`score_margins`).
const MARGIN_SCALE: f64 = 6.0;

impl BotHints for Future {
    fn heuristic(view: &FutureView, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        best_action(&view.state, legal, rng, 0.8)
    }

    fn determinize(view: &FutureView, rng: &mut GameRng) -> Option<Future> {
        Some(Future::determinize_view(view, rng))
    }

    fn budget(view: &FutureView, difficulty: Difficulty) -> Option<Budget> {
        match difficulty {
            Difficulty::Easy => None,
            Difficulty::Normal => Some(Budget::new(NORMAL_ITERATIONS, 180)),
            Difficulty::Hard => Some(Budget {
                margin: HARD_MARGIN,
                // At two players hard's tree holds the other seat's decisions too, each chosen
                // for that seat's own reward, instead of the rollout policy playing them: a tree
                // that plans against the noisy heuristic plans against a weaker player than the
                // searching opponent it meets (measured: docs/bots.md). Three to five players
                // keep the policy there: at three it cost hard 25 games in 150 (lab-notes).
                opponents_in_tree: view.state.players == 2,
                ..Budget::new(HARD_ITERATIONS, 900)
            }),
        }
    }

    /// A prediction: only totals the fists can reach (as the seat knows them), the heuristic's
    /// best first, so that widening opens the likely totals before the far ones.
    fn candidates(state: &Future, mut legal: Vec<Action>, _: &Budget, _rng: &mut GameRng) -> Vec<Action> {
        if let (Phase::Predict { .. }, Some(seat)) = (state.phase, state.to_act()) {
            let (least, most) = possible_totals(state, seat);
            let reachable = |a: &Action| !matches!(*a, Action::Predict(n) if n < least || n > most);
            if legal.iter().any(reachable) {
                legal.retain(reachable);
            }
            legal.sort_by(|a, b| action_value(state, b).total_cmp(&action_value(state, a)));
        }
        legal
    }

    fn rollout_action(state: &Future, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        best_action(state, legal, rng, 1.5)
    }

    fn margins(state: &Future) -> Vec<f64> {
        match state.outcome() {
            Some(o) => score_margins(&o.scores, MARGIN_SCALE),
            None => Vec::new(),
        }
    }

    fn heuristic_scores(view: &FutureView, legal: &[Action]) -> Option<Vec<f64>> {
        Some(legal.iter().map(|a| action_value(&view.state, a) as f64).collect())
    }

    /// One seed's win chances wander (`review_noise`); a decision takes well under the review's
    /// second, so it is rated under 3 and they are averaged.
    fn review_seeds() -> u32 {
        3
    }

    /// Measured: the spread between three reviews at the 95th percentile, 0.082 over 288 decisions,
    /// each review averaging three seeds, of an easy seat against normal bots (docs/review.md).
    fn review_noise() -> f64 {
        0.09
    }

    fn explain(view: &FutureView, action: &Action) -> Vec<String> {
        explain_future(view, action)
    }
}

/// Why an action is worth playing, from the view (hints): the heuristic's rough count in points,
/// and for a prediction the totals the fists can show.
fn explain_future(view: &FutureView, action: &Action) -> Vec<String> {
    let state = &view.state;
    let mut out = Vec::new();
    if let Action::Predict(n) = *action {
        let (least, most) = possible_totals(state, view.seat);
        out.push(format!(
            "Your own fists hold {least} knights; with the others' the total can be anything from {least} to {most}: {n} is the total the bot expects."
        ));
        return out;
    }
    let v = action_value(state, action);
    if v.abs() >= 0.05 {
        out.push(format!(
            "By the bot's rough count it is worth about {v:.1} points to you, at once and in what it leads to (a knight behind your screen about 2 at the end, a Grail tile about 2, an open majority about 3)."
        ));
    }
    out
}
