//! Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012),
//! generic over any game with `BotHints`.
//!
//! One tree for the searching seat's information set. Every iteration:
//! 1. **Determinize**: sample a full state consistent with the seat's view (`BotHints::determinize`:
//!    the other hands, the deck order and the dice to come).
//! 2. **Select** down the tree among the children whose actions are legal in *this* sample, by UCB
//!    with availability counts (a child's exploration term counts the iterations in which it could
//!    have been chosen, not its parent's visits), over the best `widen_base + widen_rate·√visits`
//!    candidates in the game's order (progressive widening: large branching factors stay cheap).
//! 3. **Expand** the best-ordered untried candidate.
//! 4. **Play out** with the game's rollout policy until the game ends or `rollout_over` says to
//!    stop; an unfinished playout is scored by `evaluate`.
//! 5. **Back up** a reward vector (one entry per seat: a win shares 1 among the winners, blended by
//!    `Budget::margin` with how far ahead each seat finished, `BotHints::margins`); every node
//!    adds the reward of the seat that chose its action.
//!
//! Why one shared tree rather than a UCT tree per sample with a vote: every iteration refines the
//! same statistics, so a budget of a few hundred iterations is not split into many shallow trees,
//! and the seat never plans with knowledge of one particular sample (no strategy fusion at its own
//! nodes). Chance (dice, draws) is "open loop": a node stands for an action sequence, whatever the
//! dice said in between.
//!
//! With `Budget::opponents_in_tree` off (the default), the other seats' decisions are played by the
//! rollout policy inside the tree as well, so the tree holds only the searching seat's decisions: a
//! deeper plan for one's own multi-action turn, with the opponents modelled by the game's policy.
//! Decisions with a single candidate (after `BotHints::candidates`) pass through without a node.
//!
//! The search only ever receives `&G::View` and the legal actions, never the state.

use super::decision::{Decision, Rated, SearchStats};
use crate::rules::{BotHints, Budget};
use crate::rules::{GameRng, Seat};
use std::time::Instant;

struct Node<A> {
    /// The action leading here (`None` at the root).
    action: Option<A>,
    /// The seat that chose `action`; the node accumulates that seat's reward.
    actor: Seat,
    children: Vec<usize>,
    /// The candidates in the game's order, fixed at the first visit (later samples may append).
    order: Vec<A>,
    /// By the index in `order`: the candidate's child node, once expanded.
    child_at: Vec<Option<usize>>,
    visits: u32,
    /// Iterations in which this node's action was available at its parent's selection.
    avail: u32,
    /// The rewards backed up through here (what selection steers by).
    total: f64,
    /// The wins alone backed up through here (as `total` where no margin is blended in).
    won: f64,
}

impl<A> Node<A> {
    fn new(action: Option<A>, actor: Seat) -> Node<A> {
        Node {
            action,
            actor,
            children: Vec::new(),
            order: Vec::new(),
            child_at: Vec::new(),
            visits: 0,
            avail: 0,
            total: 0.0,
            won: 0.0,
        }
    }
    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / self.visits as f64
        }
    }
    /// The chance to win the playouts through here gave (hints read it as such).
    fn win_rate(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.won / self.visits as f64
        }
    }
}

/// Rewards of a finished game, by seat: the winners share 1.
fn outcome_rewards(winners: &[Seat]) -> Vec<f64> {
    let len = winners.iter().max().map_or(0, |&w| w + 1);
    let mut r = vec![0.0; len];
    let share = 1.0 / winners.len().max(1) as f64;
    for &w in winners {
        r[w] = share;
    }
    r
}

/// How a playout ended, by seat: the rewards the search steers by, and the wins alone where a
/// margin is blended into those (else empty: the rewards are the wins).
struct Scored {
    rewards: Vec<f64>,
    wins: Vec<f64>,
    finished: bool,
}

impl Scored {
    /// An unfinished playout, scored by the game's `evaluate`.
    fn evaluated(rewards: Vec<f64>) -> Scored {
        Scored {
            rewards,
            wins: Vec::new(),
            finished: false,
        }
    }

    /// The finished game `state`: the win (`outcome_rewards`), blended with how well each seat
    /// did (`BotHints::margins`) by `Budget::margin`.
    fn finished<G: BotHints>(state: &G, winners: &[Seat], budget: &Budget) -> Scored {
        let wins = outcome_rewards(winners);
        let margins = if budget.margin > 0.0 {
            G::margins(state)
        } else {
            Vec::new()
        };
        if margins.is_empty() {
            return Scored {
                rewards: wins,
                wins: Vec::new(),
                finished: true,
            };
        }
        let m = budget.margin.min(1.0);
        let rewards = (0..wins.len().max(margins.len()))
            .map(|s| {
                let win = wins.get(s).copied().unwrap_or(0.0);
                let margin = margins.get(s).copied().unwrap_or(0.0).clamp(0.0, 1.0);
                (1.0 - m) * win + m * margin
            })
            .collect();
        Scored {
            rewards,
            wins,
            finished: true,
        }
    }

    /// The reward of `seat` and its win alone.
    fn of(&self, seat: Seat) -> (f64, f64) {
        let reward = reward_of(&self.rewards, seat, self.finished);
        if self.wins.is_empty() {
            (reward, reward)
        } else {
            (reward, reward_of(&self.wins, seat, self.finished))
        }
    }
}

/// A seat's entry of a reward vector (0.5 when the vector does not say: nothing known).
fn reward_of(rewards: &[f64], seat: Seat, finished: bool) -> f64 {
    match rewards.get(seat) {
        Some(r) => r.clamp(0.0, 1.0),
        None if finished => 0.0,
        None => 0.5,
    }
}

/// How many of a node's candidates are open at `visits`.
fn widened(budget: &Budget, visits: u32) -> usize {
    budget.widen_base.max(1) + (budget.widen_rate.max(0.0) * (visits as f64).sqrt()) as usize
}

/// Searches the decision of the seat whose view this is. `legal` are the legal actions now.
pub fn search<G: BotHints>(
    view: &G::View,
    legal: &[G::Action],
    budget: &Budget,
    rng: &mut GameRng,
) -> Decision<G::Action> {
    search_rated::<G>(view, legal, budget, rng, None)
}

/// `search`, and when `rated` is given, the root's children as the search rated them (filled in
/// once, after the search; it is left empty when no search ran): the chosen action first,
/// then the others by visits and mean reward. The decision is the same either way.
pub fn search_rated<G: BotHints>(
    view: &G::View,
    legal: &[G::Action],
    budget: &Budget,
    rng: &mut GameRng,
    rated: Option<&mut Vec<Rated<G::Action>>>,
) -> Decision<G::Action> {
    let started = Instant::now();
    if legal.len() <= 1 {
        return Decision {
            action: legal.first().cloned(),
            stats: SearchStats::default(),
            rates: None,
        };
    }
    // The first sample fixes who is deciding and serves as the playouts' reference point.
    let root = G::determinize(view, rng);
    let me = root.as_ref().and_then(|r| r.to_act());
    let (Some(root), Some(me)) = (root, me) else {
        return Decision {
            action: G::heuristic(view, legal, rng),
            stats: SearchStats::default(),
            rates: None,
        };
    };
    let root_order: Vec<G::Action> = G::candidates(&root, legal.to_vec(), budget, rng)
        .into_iter()
        .filter(|a| legal.contains(a))
        .collect();
    if root_order.len() <= 1 {
        return Decision {
            action: root_order.into_iter().next().or_else(|| G::heuristic(view, legal, rng)),
            stats: SearchStats::default(),
            rates: None,
        };
    }

    let mut nodes: Vec<Node<G::Action>> = vec![Node::new(None, me)];
    nodes[0].child_at = vec![None; root_order.len()];
    nodes[0].order = root_order;
    let mut stats = SearchStats {
        searched: true,
        ..SearchStats::default()
    };
    let mut path: Vec<usize> = Vec::new();
    // Indices into the node's `order` of the candidates open at this step.
    let mut open: Vec<usize> = Vec::new();
    let mut compatible: Vec<usize> = Vec::new();
    // The legal actions of the sampled state, refilled at every step without reallocating.
    let mut legal_buf: Vec<G::Action> = Vec::new();
    for iteration in 0..budget.iterations {
        if iteration > 0 && started.elapsed() >= budget.time_cap {
            stats.capped = true;
            break;
        }
        let Some(mut state) = G::determinize(view, rng) else {
            break;
        };
        path.clear();
        path.push(0);
        let mut node = 0usize;
        let mut steps = 0usize;
        let mut expanded = false;
        let mut broken = false;

        // Selection and expansion, through the tree.
        let ended: Option<Scored> = loop {
            if let Some(o) = state.outcome() {
                break Some(Scored::finished(&state, &o.winners, budget));
            }
            let Some(seat) = state.to_act() else {
                break None;
            };
            if expanded || (node != 0 && G::rollout_over(&root, &state, steps, budget.horizon)) {
                break None;
            }
            let legal_now: &[G::Action] = if node == 0 && steps == 0 {
                legal
            } else {
                state.legal_actions_into(&mut legal_buf);
                &legal_buf
            };
            if legal_now.is_empty() {
                break None;
            }
            if !budget.opponents_in_tree && seat != me {
                let Some(a) = G::rollout_action(&state, legal_now, rng) else {
                    break None;
                };
                if state.apply_listed(&a, legal_now).is_err() {
                    broken = true;
                    break None;
                }
                steps += 1;
                continue;
            }
            if nodes[node].order.is_empty() {
                let order = G::candidates(&state, legal_now.to_vec(), budget, rng);
                nodes[node].child_at = vec![None; order.len()];
                nodes[node].order = order;
            }
            let k = widened(budget, nodes[node].visits);
            open.clear();
            if node == 0 && steps == 0 {
                // The root's candidates are all legal: they come from `legal`.
                open.extend(0..k.min(nodes[0].order.len()));
            } else {
                open.extend(
                    nodes[node]
                        .order
                        .iter()
                        .enumerate()
                        .filter(|(_, a)| legal_now.contains(a))
                        .take(k)
                        .map(|(i, _)| i),
                );
            }
            if open.is_empty() {
                // This sample allows none of the known candidates: rank its own.
                let fresh = G::candidates(&state, legal_now.to_vec(), budget, rng);
                for a in fresh {
                    let known = &mut nodes[node];
                    if !known.order.contains(&a) {
                        if open.len() < k {
                            open.push(known.order.len());
                        }
                        known.order.push(a);
                        known.child_at.push(None);
                    }
                }
            }
            if open.is_empty() {
                break None;
            }
            if open.len() == 1 && node != 0 {
                // No choice worth a node: pass through.
                if state.apply_quiet(&nodes[node].order[open[0]]).is_err() {
                    broken = true;
                    break None;
                }
                steps += 1;
                continue;
            }
            compatible.clear();
            let mut untried = None;
            for &i in &open {
                match nodes[node].child_at[i] {
                    Some(c) => compatible.push(c),
                    None => {
                        if untried.is_none() {
                            untried = Some(i);
                        }
                    }
                }
            }
            let next = match untried {
                Some(i) => {
                    let child = nodes.len();
                    let a = nodes[node].order[i].clone();
                    nodes.push(Node::new(Some(a), seat));
                    nodes[node].children.push(child);
                    nodes[node].child_at[i] = Some(child);
                    expanded = true;
                    child
                }
                None => {
                    let c = budget.exploration;
                    let mut best = (f64::NEG_INFINITY, compatible[0]);
                    for &ch in &compatible {
                        let n = &mut nodes[ch];
                        n.avail += 1;
                        let visits = n.visits.max(1) as f64;
                        let ucb = n.mean() + c * ((n.avail.max(1) as f64).ln() / visits).sqrt();
                        if ucb > best.0 {
                            best = (ucb, ch);
                        }
                    }
                    best.1
                }
            };
            let Some(a) = nodes[next].action.clone() else {
                broken = true;
                break None;
            };
            if state.apply_quiet(&a).is_err() {
                broken = true;
                break None;
            }
            steps += 1;
            path.push(next);
            node = next;
        };
        if broken {
            // The sample disagreed with the tree (a game whose hints are inconsistent): drop it.
            stats.iterations += 1;
            continue;
        }

        // Playout.
        let scored = match ended {
            Some(r) => r,
            None => loop {
                if let Some(o) = state.outcome() {
                    break Scored::finished(&state, &o.winners, budget);
                }
                if G::rollout_over(&root, &state, steps, budget.horizon) {
                    break Scored::evaluated(G::evaluate(&state));
                }
                state.legal_actions_into(&mut legal_buf);
                let Some(a) = G::rollout_action(&state, &legal_buf, rng) else {
                    break Scored::evaluated(G::evaluate(&state));
                };
                if state.apply_listed(&a, &legal_buf).is_err() {
                    break Scored::evaluated(G::evaluate(&state));
                }
                steps += 1;
            },
        };

        // Back-up.
        for &n in &path {
            let node = &mut nodes[n];
            let (reward, win) = scored.of(node.actor);
            node.visits += 1;
            node.total += reward;
            node.won += win;
        }
        stats.iterations += 1;
    }

    let best = nodes[0].children.iter().copied().max_by(|&a, &b| {
        let (a, b) = (&nodes[a], &nodes[b]);
        a.visits.cmp(&b.visits).then(a.mean().total_cmp(&b.mean()))
    });
    let action = match best.and_then(|n| nodes[n].action.clone()) {
        Some(a) => Some(a),
        None => G::heuristic(view, legal, rng),
    };
    if let (Some(out), Some(best)) = (rated, best) {
        rate_root(&nodes, best, out);
    }
    stats.nodes = nodes.len() as u32;
    stats.seconds = started.elapsed().as_secs_f64();
    Decision {
        action,
        stats,
        rates: None,
    }
}

/// The root's children as rated entries: `best` first, the rest by visits, then mean reward.
fn rate_root<A: Clone>(nodes: &[Node<A>], best: usize, out: &mut Vec<Rated<A>>) {
    out.clear();
    let visits: u32 = nodes[0].children.iter().map(|&c| nodes[c].visits).sum();
    let mut order: Vec<usize> = nodes[0].children.iter().copied().filter(|&c| c != best).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&nodes[a], &nodes[b]);
        b.visits.cmp(&a.visits).then(b.mean().total_cmp(&a.mean()))
    });
    for c in std::iter::once(best).chain(order) {
        let n = &nodes[c];
        let Some(action) = n.action.clone() else { continue };
        out.push(Rated {
            action,
            rate: (n.visits > 0).then(|| n.win_rate()),
            share: Some(if visits == 0 {
                0.0
            } else {
                n.visits as f64 / visits as f64
            }),
            score: None,
            visits: n.visits,
        });
    }
}

#[cfg(test)]
mod tests {
    //! The search on a tiny game where the heuristic is bad and the right move can be computed:
    //! Nim with one pile, take 1 to 3, whoever takes the last stone wins.

    use super::*;
    use crate::bots::{BotKind, decide};
    use crate::rules::*;
    use serde::{Deserialize, Serialize};

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Nim {
        stones: u32,
        turn: Seat,
        /// Set when the last stone is taken.
        end: Option<Outcome>,
    }

    fn nim(stones: u32) -> Nim {
        Nim {
            stones,
            turn: 0,
            end: None,
        }
    }

    #[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
    struct Take(u32);

    impl Game for Nim {
        type Action = Take;
        type Event = ();
        type View = Nim;
        type Content = ();
        const ID: GameId = GameId::Test;
        fn variants() -> Vec<VariantSpec> {
            Vec::new()
        }
        fn new(config: &TableConfig, _: &()) -> Result<Self, SetupError> {
            Ok(nim(config.seed as u32))
        }
        fn pending(&self) -> Pending {
            match &self.end {
                Some(o) => Pending::Finished(o.clone()),
                None => Pending::Decide {
                    seat: self.turn,
                    prompt: String::new(),
                    private: false,
                },
            }
        }
        fn to_act(&self) -> Option<Seat> {
            (self.stones > 0).then_some(self.turn)
        }
        fn outcome(&self) -> Option<&Outcome> {
            self.end.as_ref()
        }
        fn legal_actions_into(&self, out: &mut Vec<Take>) {
            out.clear();
            out.extend((1..=self.stones.min(3)).map(Take));
        }
        fn apply(&mut self, action: &Take) -> Result<Vec<Tagged<()>>, RuleError> {
            if !self.legal_actions().contains(action) {
                return Err(RuleError("no".into()));
            }
            self.stones -= action.0;
            self.turn = 1 - self.turn;
            if self.stones == 0 {
                // The seat that took the last stone is the one before `turn`.
                self.end = Some(Outcome {
                    winners: vec![1 - self.turn],
                    scores: Vec::new(),
                    summary: String::new(),
                });
            }
            Ok(Vec::new())
        }
        fn view(&self, _: Seat) -> Nim {
            self.clone()
        }
        fn attach_content(_: &mut Nim, _: &std::sync::Arc<()>) {}
        fn describe_event(&self, _: &()) -> String {
            String::new()
        }
        fn describe_action(&self, a: &Take) -> String {
            format!("take {}", a.0)
        }
        fn is_irreversible(_: &()) -> bool {
            false
        }
    }

    impl BotHints for Nim {
        fn heuristic(_: &Nim, legal: &[Take], _: &mut GameRng) -> Option<Take> {
            legal.first().copied()
        }
        fn determinize(view: &Nim, _: &mut GameRng) -> Option<Nim> {
            Some(view.clone())
        }
        fn rollout_action(_: &Nim, legal: &[Take], rng: &mut GameRng) -> Option<Take> {
            crate::bots::random_choice(legal, rng)
        }
        /// A made-up margin for the reward tests: the winner 0.75, the loser 0.25.
        fn margins(state: &Nim) -> Vec<f64> {
            match &state.end {
                Some(o) if o.winners == [0] => vec![0.75, 0.25],
                Some(_) => vec![0.25, 0.75],
                None => Vec::new(),
            }
        }
    }

    fn budget(iterations: u32, opponents_in_tree: bool) -> Budget {
        Budget {
            widen_base: 8,
            opponents_in_tree,
            ..Budget::new(iterations, 60_000)
        }
    }

    #[test]
    fn search_finds_the_winning_take() {
        // With the opponent in the tree the search plays Nim perfectly: leave a multiple of 4.
        for stones in [5, 6, 7, 9, 10, 11] {
            let view = nim(stones);
            let legal = view.legal_actions();
            let d = search::<Nim>(&view, &legal, &budget(3000, true), &mut GameRng::seeded(stones as u64));
            assert_eq!(d.action, Some(Take(stones % 4)), "{stones} stones");
            assert!(d.stats.searched);
            assert_eq!(d.stats.iterations, 3000);
            assert!(!d.stats.capped);
        }
        // With the opponent played by the (random) rollout policy, the tree holds only the
        // searching seat's decisions; it still takes a win in one and avoids handing one over.
        for (stones, best) in [(2, 2), (3, 3), (5, 1)] {
            let view = nim(stones);
            let legal = view.legal_actions();
            let d = search::<Nim>(&view, &legal, &budget(2000, false), &mut GameRng::seeded(stones as u64));
            assert_eq!(d.action, Some(Take(best)), "{stones} stones, opponent modelled");
        }
    }

    #[test]
    fn one_legal_action_needs_no_search() {
        let view = nim(1);
        let d = search::<Nim>(&view, &[Take(1)], &budget(1000, true), &mut GameRng::seeded(1));
        assert_eq!(d.action, Some(Take(1)));
        assert!(!d.stats.searched);
        assert_eq!(d.stats.iterations, 0);
    }

    #[test]
    fn the_time_cap_stops_a_search() {
        let view = nim(40);
        let legal = view.legal_actions();
        let tight = Budget {
            time_cap: std::time::Duration::ZERO,
            ..budget(1_000_000, true)
        };
        let d = search::<Nim>(&view, &legal, &tight, &mut GameRng::seeded(1));
        assert!(d.stats.capped);
        assert_eq!(d.stats.iterations, 1, "the first iteration always runs");
        assert!(d.action.is_some_and(|a| legal.contains(&a)));
    }

    #[test]
    fn levels_dispatch() {
        let view = nim(6);
        let legal = view.legal_actions();
        let mut rng = GameRng::seeded(3);
        for kind in [BotKind::Heuristic, BotKind::Level(Difficulty::Easy)] {
            let d = decide::<Nim>(kind, &view, &legal, &mut rng);
            assert_eq!(d.action, Some(Take(1)), "{kind} is the heuristic");
            assert!(!d.stats.searched);
        }
        let view = nim(3);
        let legal = view.legal_actions();
        for d in [Difficulty::Normal, Difficulty::Hard] {
            let got = decide::<Nim>(BotKind::Level(d), &view, &legal, &mut rng);
            assert!(got.stats.searched, "{d:?} searches");
            assert_eq!(got.action, Some(Take(3)), "{d:?} takes the win");
        }
        let r = decide::<Nim>(BotKind::Random, &view, &legal, &mut rng);
        assert!(r.action.is_some_and(|a| legal.contains(&a)));
    }

    #[test]
    fn outcome_rewards_share_a_win() {
        assert_eq!(outcome_rewards(&[1]), vec![0.0, 1.0]);
        assert_eq!(outcome_rewards(&[0, 2]), vec![0.5, 0.0, 0.5]);
        assert_eq!(reward_of(&[], 3, true), 0.0);
        assert_eq!(reward_of(&[], 3, false), 0.5);
    }

    #[test]
    fn a_margin_blends_into_the_win() {
        let mut won = nim(1);
        won.apply(&Take(1)).expect("the last stone");
        let winners = won.outcome().expect("over").winners.clone();
        assert_eq!(winners, vec![0]);
        let at = |margin| {
            let budget = Budget {
                margin,
                ..budget(1, false)
            };
            let s = Scored::finished(&won, &winners, &budget);
            ((s.of(0), s.of(1)), s.rewards)
        };
        assert_eq!(at(0.0), (((1.0, 1.0), (0.0, 0.0)), vec![1.0]), "the win alone");
        assert_eq!(
            at(0.5),
            (((0.875, 1.0), (0.125, 0.0)), vec![0.875, 0.125]),
            "hints still read the win"
        );
        assert_eq!(
            at(1.0),
            (((0.75, 1.0), (0.25, 0.0)), vec![0.75, 0.25]),
            "the margin alone"
        );
    }

    #[test]
    fn score_margins_squash_the_lead() {
        use crate::bots::score_margins;
        let m = score_margins(&[10, 4], 6.0);
        assert!((m[0] - 0.731).abs() < 0.001 && (m[1] - 0.269).abs() < 0.001, "{m:?}");
        assert_eq!(score_margins(&[7, 7], 6.0), vec![0.5, 0.5]);
        // Against the best other seat: the second of three is behind the first.
        let m = score_margins(&[20, 14, 2], 6.0);
        assert!(m[0] > 0.5 && m[1] < 0.5 && m[2] < m[1], "{m:?}");
        assert_eq!(score_margins(&[5], 6.0), vec![0.5], "a seat alone is level");
    }
}
