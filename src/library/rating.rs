//! The review's rating of past decisions: each position where a seat chose among more than one
//! move, rated as its hint rates it, from that seat's view (`MatchFace::rate_decisions`).

use crate::bots::{BotHints, Budget};
use crate::rules::{Game, Period, Seat};

use super::hints::Hint;
use super::hints::{HintChoice, hard_ranking, hint_of, hint_seed, ranked_choices, shown_choices};

/// One decision of a finished or unfinished match as the hard level rates it from the deciding
/// seat's view at that moment: the hint that position gets (`MatchFace::rate_decisions`).
#[derive(Clone, Debug, PartialEq)]
pub struct RatedDecision {
    /// The action's number in the match, from 0 (the position is the match after `index` actions).
    pub index: usize,
    /// The turn (or round, by `period`) it was taken in, where the game counts them.
    pub turn: Option<u32>,
    pub period: Period,
    /// The hint at that position: the best action as the hard level rates it, and why.
    pub hint: Hint,
    /// Every action the ranking rated, its choice first (the hint's action).
    pub choices: Vec<HintChoice>,
    /// The action played, as an index into the legal actions then.
    pub played: usize,
    /// The action played, in the game's words.
    pub played_label: String,
    /// The best and the played action's win chances (`None` where it played the best, or where
    /// the level weighs the decision without a win chance): from the ranking when it rated both,
    /// else from the same level choosing between those two alone.
    pub rates: Option<(f64, f64)>,
    /// The game's review noise (`BotHints::review_noise`): a loss below it is not told apart.
    pub noise: f64,
}

/// How `MatchFace::rate_decisions` rates.
#[derive(Clone, Copy)]
pub struct Rating<'a> {
    /// The hard budget changed (the review passes `review_budget`; `None`: hard's own).
    pub tune: Option<fn(Budget) -> Budget>,
    /// Told `(done, total)` as each decision is rated; the work stops with an error when it
    /// returns false.
    pub progress: &'a (dyn Fn(usize, usize) -> bool + Sync),
}

/// The review's budget: the hard level's, without the clock, so that a review is the same on
/// every machine and under any load (a hint's search only differs where its clock cap bit).
pub fn review_budget(b: Budget) -> Budget {
    Budget {
        time_cap: std::time::Duration::from_secs(3600),
        ..b
    }
}

/// The best and the played action's win chances in `choices`.
fn rates_of(choices: &[HintChoice], best: usize, played: usize) -> Option<(f64, f64)> {
    let rate = |i: usize| choices.iter().find(|c| c.action_index == i)?.rate;
    Some((rate(best)?, rate(played)?))
}

/// A position to rate: the seat's view, the legal actions and what was played.
pub(super) struct Spot<G: Game> {
    index: usize,
    turn: Option<u32>,
    view: G::View,
    legal: Vec<G::Action>,
    labels: Vec<String>,
    played: usize,
}

impl<G: Game> Spot<G> {
    /// The position of `state` after `index` actions, where its seat to act chooses among more
    /// than one legal action and played `played`; reuses `legal`'s buffer.
    pub(super) fn of(
        state: &G,
        index: usize,
        played: &G::Action,
        legal: &mut Vec<G::Action>,
    ) -> Option<(Seat, Spot<G>)> {
        let seat = state.to_act()?;
        state.legal_actions_into(legal);
        let played = legal.iter().position(|a| a == played).filter(|_| legal.len() > 1)?;
        Some((
            seat,
            Spot {
                index,
                turn: state.turns_taken(),
                view: state.view(seat),
                labels: legal.iter().map(|a| state.describe_action(a)).collect(),
                legal: std::mem::take(legal),
                played,
            },
        ))
    }
}

/// The decision in `state` (the match `match_seed` after `index` actions) of its seat to act,
/// who played `played`, rated as the review rates it (`MatchFace::rate_decisions`) from that
/// seat's view alone; `None` when nobody chooses there among more than one legal action.
pub fn rate_position<G: BotHints>(
    state: &G,
    match_seed: u64,
    index: usize,
    played: &G::Action,
    tune: Option<fn(Budget) -> Budget>,
) -> Option<RatedDecision> {
    let (seat, spot) = Spot::of(state, index, played, &mut Vec::new())?;
    Some(rate_spot(seat, match_seed, spot, tune))
}

pub(super) fn rate_spot<G: BotHints>(
    seat: Seat,
    seed: u64,
    spot: Spot<G>,
    tune: Option<fn(Budget) -> Budget>,
) -> RatedDecision {
    let hint_seed = hint_seed(seed, spot.index);
    let ranking = hard_ranking::<G>(&spot.view, &spot.legal, hint_seed, tune);
    let choices = ranked_choices::<G>(&ranking, &spot.legal, &spot.labels);
    // The hint as the seat would have been shown it; the rates below read every choice.
    let shown = shown_choices::<G>(&spot.view, &spot.legal, choices.clone());
    let hint = hint_of::<G>(seat, &spot.view, &spot.legal, &ranking, shown);
    let best = hint.action_index;
    // The best and the played action rated under one seed: by that seed's ranking where it rated
    // both, else by the same level between the two alone.
    let under = |seed: u64, choices: &[HintChoice]| {
        rates_of(choices, best, spot.played).or_else(|| {
            let pair = [spot.legal.get(best)?.clone(), spot.legal.get(spot.played)?.clone()];
            let two = hard_ranking::<G>(&spot.view, &pair, seed, tune);
            let mut rated = ranked_choices::<G>(&two, &pair, &[String::new(), String::new()]);
            for c in &mut rated {
                c.action_index = if c.action_index == 0 { best } else { spot.played };
            }
            rates_of(&rated, best, spot.played)
        })
    };
    // The hint's own seed first, then the game's further seeds (`BotHints::review_seeds`), their
    // rates averaged: the hint's choice stays the best, and its loss is measured more steadily.
    let rates = (best != spot.played).then(|| {
        let mut samples: Vec<(f64, f64)> = under(hint_seed, &choices).into_iter().collect();
        for k in 1..G::review_seeds() {
            let seed = hint_seed ^ u64::from(k).wrapping_mul(0x7265_7669_6577_0000);
            let ranking = hard_ranking::<G>(&spot.view, &spot.legal, seed, tune);
            samples.extend(under(seed, &ranked_choices::<G>(&ranking, &spot.legal, &spot.labels)));
        }
        let n = samples.len() as f64;
        (n > 0.0).then(|| {
            let (b, p) = samples.iter().fold((0.0, 0.0), |(b, p), (x, y)| (b + x, p + y));
            (b / n, p / n)
        })
    });
    RatedDecision {
        index: spot.index,
        turn: spot.turn,
        period: G::PERIOD,
        played_label: spot.labels.get(spot.played).cloned().unwrap_or_default(),
        hint,
        choices,
        played: spot.played,
        rates: rates.flatten(),
        noise: G::review_noise(),
    }
}

/// Two moves of one position played out in pairs to the game's end, each pair from one re-deal of
/// what the deciding seat could not see (`BotHints::determinize` of its view, as the review saw
/// the position) and one bots' seed: how often the seat won after each (a shared win is a win),
/// and the 95 % half-width of the difference.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PlayedOut {
    pub pairs: usize,
    /// The seat's wins after the first move and after the second, 0 to 1.
    pub first: f64,
    pub second: f64,
    /// The first's wins minus the second's: its 95 % half-width, from the pairs' differences.
    pub half: f64,
}

impl PlayedOut {
    /// How much more often the first move won.
    pub fn gain(&self) -> f64 {
        self.first - self.second
    }

    /// Whether the first move won more often by at least `loss`, and by more than the interval:
    /// the one test of the review's play-outs and of `examples/review_check.rs`.
    pub fn bears_out(&self, loss: f64) -> bool {
        self.gain() >= loss && self.gain() - self.half > 0.0
    }

    /// The pairs' differences summed up.
    pub fn of(pairs: &[(f64, f64)]) -> Option<PlayedOut> {
        if pairs.is_empty() {
            return None;
        }
        let n = pairs.len() as f64;
        let mean = pairs.iter().map(|(a, b)| a - b).sum::<f64>() / n;
        let var = pairs.iter().map(|(a, b)| (a - b - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        Some(PlayedOut {
            pairs: pairs.len(),
            first: pairs.iter().map(|p| p.0).sum::<f64>() / n,
            second: pairs.iter().map(|p| p.1).sum::<f64>() / n,
            half: 1.96 * (var / n).sqrt(),
        })
    }
}

/// One pair of `PlayedOut`: the seat's win after `first` and after `second` from one re-deal of
/// `view` (seeded by `seed`), every seat then played by `kind` (its budget changed by `tune`) to
/// the end. `None` where the view does not re-deal or a move does not apply.
pub fn play_out_pair<G: BotHints>(
    view: &G::View,
    seat: Seat,
    first: &G::Action,
    second: &G::Action,
    seed: u64,
    kind: crate::bots::BotKind,
    tune: Option<fn(Budget) -> Budget>,
) -> Option<(f64, f64)> {
    let mut deal = crate::rules::GameRng::seeded(seed);
    let dealt = G::determinize(view, &mut deal)?;
    let mut won = [0.0; 2];
    let mut legal = Vec::new();
    for (k, action) in [first, second].into_iter().enumerate() {
        let mut s = dealt.clone();
        s.apply_quiet(action).ok()?;
        // The same bots' seed after both moves (common random numbers).
        let mut rng = crate::rules::GameRng::seeded(seed ^ 0x005E_ED0F_B075);
        for _ in 0..20_000 {
            let Some(actor) = s.to_act() else { break };
            s.legal_actions_into(&mut legal);
            let view = s.view(actor);
            let decision = match tune {
                Some(tune) => crate::bots::decide_with::<G>(kind, &view, &legal, &mut rng, tune),
                None => crate::bots::decide::<G>(kind, &view, &legal, &mut rng),
            };
            s.apply_listed(&decision.action?, &legal).ok()?;
        }
        won[k] = if s.outcome()?.winners.contains(&seat) { 1.0 } else { 0.0 };
    }
    Some((won[0], won[1]))
}

/// Which bots play a review's play-out (`review_play_out`) for every seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayOutBots {
    /// The review's own: easy bots, or the game's heuristic where
    /// `BotHints::review_plays_out_by_heuristic` says so (about a millisecond a pair).
    Review,
    /// The normal level, the yardstick the review is checked against
    /// (`BotHints::review_yardstick_pairs`): in Shadows about a quarter of a second a pair.
    Normal,
}

/// How many pairs the review plays out at a time, between looks at whether it knows enough
/// (easy bots for every seat: a pair costs about a millisecond).
const REVIEW_BATCH: usize = 50;

/// The review's play-out of the best move against the one played (`review::confirm_by_play`):
/// easy bots for every seat (or the game's heuristic, `BotHints::review_plays_out_by_heuristic`), seeded by the match and the position, in batches of
/// `REVIEW_BATCH` pairs up to `most`, stopping where `settled` says the pairs so far are enough.
/// Pair `k` has the same seed however many are played, so a longer play-out only adds pairs.
#[allow(clippy::too_many_arguments)]
pub(super) fn review_play_out<G: BotHints>(
    view: &G::View,
    seat: Seat,
    best: &G::Action,
    played: &G::Action,
    seed: u64,
    most: usize,
    settled: &dyn Fn(&PlayedOut) -> bool,
    by: PlayOutBots,
) -> Option<PlayedOut> {
    let (bots, seed) = match by {
        PlayOutBots::Review if G::review_plays_out_by_heuristic() => (crate::bots::BotKind::Heuristic, seed),
        PlayOutBots::Review => (crate::bots::BotKind::Level(crate::rules::Difficulty::Easy), seed),
        // Seeds of their own: the normal level's pairs are not the review's re-deals again.
        PlayOutBots::Normal => (
            crate::bots::BotKind::Level(crate::rules::Difficulty::Normal),
            seed ^ 0x4E4F_524D_414C_0000,
        ),
    };
    let mut pairs: Vec<(f64, f64)> = Vec::with_capacity(most);
    let mut out = None;
    let mut k = 0u64;
    while (k as usize) < most {
        let to = (k + REVIEW_BATCH as u64).min(most as u64);
        pairs.extend((k..to).filter_map(|k| {
            let s = (seed ^ 0x504C_4159_4F55_5400 ^ k).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            play_out_pair::<G>(view, seat, best, played, s, bots, None)
        }));
        k = to;
        out = PlayedOut::of(&pairs);
        if out.as_ref().is_none_or(settled) {
            break;
        }
    }
    out
}
