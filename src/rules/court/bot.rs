//! The cheap heuristic bot: a one-card look-ahead on the public board, from the view alone.
//!
//! Each legal play is valued by the position it leaves (expected over the dice of challenges and
//! Banish): what my knights would score, their chances to climb and to survive, against the
//! opponents' (the leader weighted more). Score is played when it wins, or when it gains at least
//! as much as anyone else and hands nobody the game, after the other good cards of the turn.

use super::view::{banish_chance, challenge_chance};
use super::*;
use crate::bots::BotHints;

/// The public board, as the bot imagines it after a card.
#[derive(Clone)]
struct Board {
    knights: Vec<KnightState>,
    board: Vec<Option<KnightId>>,
}

impl Board {
    fn of(view: &CourtView) -> Board {
        Board {
            knights: view.knights.clone(),
            board: view.board.clone(),
        }
    }
    fn at(&self, k: KnightId) -> Option<SpaceId> {
        self.knights.get(k.index()).and_then(|s| s.at)
    }
    fn occupant(&self, s: SpaceId) -> Option<KnightId> {
        self.board.get(s.index()).copied().flatten()
    }
    fn put(&mut self, k: KnightId, s: SpaceId) {
        if let Some(old) = self.at(k)
            && let Some(c) = self.board.get_mut(old.index())
        {
            *c = None;
        }
        if let (Some(st), Some(c)) = (self.knights.get_mut(k.index()), self.board.get_mut(s.index())) {
            st.at = Some(s);
            *c = Some(k);
        }
    }
    fn remove(&mut self, k: KnightId) {
        if let Some(old) = self.at(k)
            && let Some(c) = self.board.get_mut(old.index())
        {
            *c = None;
        }
        if let Some(st) = self.knights.get_mut(k.index()) {
            st.at = None;
            st.scandalised = false;
            st.followers.clear();
        }
    }
    fn swap(&mut self, a: KnightId, b: KnightId) {
        if let (Some(sa), Some(sb)) = (self.at(a), self.at(b)) {
            self.knights[a.index()].at = Some(sb);
            self.knights[b.index()].at = Some(sa);
            self.board[sa.index()] = Some(b);
            self.board[sb.index()] = Some(a);
        }
    }
    fn power(&self, c: &CourtContent, k: KnightId) -> i64 {
        self.knights.get(k.index()).map_or(0, |st| c.effective_power(k, st))
    }
}

/// How good `board` is for `me`.
fn value(view: &CourtView, b: &Board, me: Seat) -> f64 {
    let c = &view.content;
    let n = view.scores.len();
    let mut pot = vec![0.0f64; n];
    for (s, k) in b.board.iter().enumerate() {
        let Some(k) = *k else { continue };
        let Some(st) = b.knights.get(k.index()) else {
            continue;
        };
        let Some(o) = st.owner else { continue };
        let rank = c.rank(SpaceId(s as u8)).map_or(0, Rank::height) as f64;
        let now = c.score_value(k, st) as f64;
        let mut v = now + 0.6 + 0.15 * c.effective_power(k, st) as f64 + 0.2 * c.points_value(k, st) as f64;
        if st.scandalised {
            // Turned face up by the next Score; worth part of what he would then score.
            let face_up = KnightState {
                scandalised: false,
                ..st.clone()
            };
            v += 0.4 * c.score_value(k, &face_up) as f64;
        }
        v += 0.3 * rank;
        if let Some(p) = pot.get_mut(o) {
            *p += v;
        }
    }
    let others: Vec<Seat> = (0..n).filter(|&s| s != me).collect();
    if others.is_empty() {
        return pot.get(me).copied().unwrap_or(0.0);
    }
    let avg = others.iter().map(|&s| pot[s]).sum::<f64>() / others.len() as f64;
    let leader = others
        .iter()
        .copied()
        .max_by(|&a, &b| view.scores[a].cmp(&view.scores[b]).then(pot[a].total_cmp(&pot[b])))
        .unwrap_or(others[0]);
    // The nearer the leader is to the target, the more his position matters.
    let urgency = 0.3 + 0.5 * (view.scores[leader] as f64 / view.target.max(1) as f64).min(1.0);
    pot.get(me).copied().unwrap_or(0.0) - (1.0 - urgency) * avg - urgency * pot[leader]
}

/// What keeping the card is worth, charged when it is spent.
fn card_cost(card: CardKind) -> f64 {
    match card {
        CardKind::Move => 0.05,
        CardKind::Gossip | CardKind::Banish => 0.2,
        CardKind::Priest(_) | CardKind::Soldier(_) => 0.1,
        CardKind::Merlin => 0.8,
        CardKind::Dwarf => 1.2,
        CardKind::Score => 0.0,
    }
}

/// The expected value of the board after an effect.
fn expect(view: &CourtView, base: &Board, card: CardKind, effect: Effect, me: Seat) -> f64 {
    let c = &view.content;
    let mut b = base.clone();
    match effect {
        Effect::Enter { knight, space } | Effect::Step { knight, to: space } => match b.occupant(space) {
            None => {
                b.put(knight, space);
                value(view, &b, me)
            }
            Some(d) => {
                let p = challenge_chance(b.power(c, knight), b.power(c, d));
                let lose = value(view, &b, me);
                if matches!(effect, Effect::Enter { .. }) {
                    b.remove(d);
                    b.put(knight, space);
                } else {
                    b.swap(knight, d);
                }
                p * value(view, &b, me) + (1.0 - p) * lose
            }
        },
        Effect::Exit { knight } => {
            b.remove(knight);
            value(view, &b, me)
        }
        Effect::Gossip { knight } => {
            let Some(st) = b.knights.get_mut(knight.index()) else {
                return value(view, base, me);
            };
            if st.scandalised {
                st.scandalised = false;
                return value(view, &b, me);
            }
            st.scandalised = true;
            let followers = st.followers.clone();
            if followers.is_empty() {
                return value(view, &b, me);
            }
            // I choose which follower goes: the best for me.
            followers
                .iter()
                .map(|f| {
                    let mut t = b.clone();
                    if let Some(st) = t.knights.get_mut(knight.index())
                        && let Some(i) = st.followers.iter().position(|x| x == f)
                    {
                        st.followers.remove(i);
                    }
                    value(view, &t, me)
                })
                .fold(f64::MIN, f64::max)
        }
        Effect::Banish { knight } => {
            let p = banish_chance(b.power(c, knight));
            let stay = value(view, &b, me);
            b.remove(knight);
            p * value(view, &b, me) + (1.0 - p) * stay
        }
        Effect::Merlin { a, b: other } => {
            b.swap(a, other);
            value(view, &b, me)
        }
        Effect::Follow { knight } => {
            if let Some(st) = b.knights.get_mut(knight.index()) {
                st.followers.push(card);
            }
            value(view, &b, me)
        }
        Effect::Score => value(view, &b, me),
    }
}

/// Whether playing Score now is wise, and whether it wins outright.
fn score_judgement(view: &CourtView, me: Seat) -> (bool, bool) {
    let gains = view.score_gains();
    let mine = gains.get(me).copied().unwrap_or(0);
    let my_total = view.scores.get(me).copied().unwrap_or(0) + mine;
    if my_total >= view.target {
        return (true, true);
    }
    let n = view.scores.len();
    let threat = (0..n).any(|s| s != me && view.scores[s] + gains[s] >= view.target);
    let best_other = (0..n).filter(|&s| s != me).map(|s| gains[s]).max().unwrap_or(0);
    let good = !threat && mine > 0 && mine >= best_other;
    (good, false)
}

fn keep_limit(card: CardKind) -> usize {
    match card {
        CardKind::Move => 3,
        CardKind::Gossip | CardKind::Banish | CardKind::Merlin => 1,
        CardKind::Score | CardKind::Dwarf => 2,
        CardKind::Priest(_) | CardKind::Soldier(_) => 1,
    }
}

impl BotHints for Court {
    fn heuristic(view: &CourtView, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        if legal.is_empty() {
            return None;
        }
        let me = view.seat;
        let base = Board::of(view);
        let noise = |rng: &mut GameRng| rng.below(1000) as f64 * 1e-5;
        match &view.phase {
            Phase::Placement { .. } => legal
                .iter()
                .map(|a| {
                    let v = match *a {
                        Action::Place { knight, space } => {
                            let mut b = base.clone();
                            b.put(knight, space);
                            value(view, &b, me)
                        }
                        _ => f64::MIN,
                    };
                    (v + noise(rng), *a)
                })
                .max_by(|x, y| x.0.total_cmp(&y.0))
                .map(|(_, a)| a),
            Phase::FollowerLoss { knight, .. } => legal
                .iter()
                .map(|a| {
                    let v = match *a {
                        Action::ChooseFollowerLoss(card) => {
                            let mut b = base.clone();
                            if let Some(st) = b.knights.get_mut(knight.index())
                                && let Some(i) = st.followers.iter().position(|&f| f == card)
                            {
                                st.followers.remove(i);
                            }
                            value(view, &b, me)
                        }
                        _ => f64::MIN,
                    };
                    (v, *a)
                })
                .max_by(|x, y| x.0.total_cmp(&y.0))
                .map(|(_, a)| a),
            Phase::End => {
                let mut counts: Vec<(CardKind, usize)> = Vec::new();
                for &c in &view.hand {
                    match counts.iter_mut().find(|(k, _)| *k == c) {
                        Some((_, n)) => *n += 1,
                        None => counts.push((c, 1)),
                    }
                }
                let followers: usize = counts.iter().filter(|(k, _)| k.is_follower()).map(|(_, n)| n).sum();
                let excess = counts.iter().find(|&&(k, n)| {
                    if k.is_follower() {
                        followers > 2 || n > keep_limit(k)
                    } else {
                        n > keep_limit(k)
                    }
                });
                if view.draw_pile + view.discard.len() > 0
                    && let Some(&(k, _)) = excess
                    && legal.contains(&Action::Discard(k))
                {
                    return Some(Action::Discard(k));
                }
                legal
                    .iter()
                    .find(|a| **a == Action::Draw)
                    .copied()
                    .or(legal.first().copied())
            }
            Phase::Play => {
                let now = value(view, &base, me);
                let (score_good, wins) = score_judgement(view, me);
                let score_action = legal
                    .iter()
                    .find(|a| {
                        matches!(
                            a,
                            Action::Play {
                                card: CardKind::Score,
                                ..
                            }
                        )
                    })
                    .or_else(|| {
                        legal.iter().find(|a| {
                            matches!(
                                a,
                                Action::Play {
                                    effect: Effect::Score,
                                    ..
                                }
                            )
                        })
                    })
                    .copied();
                if wins && let Some(a) = score_action {
                    return Some(a);
                }
                let mut best: Option<(f64, Action)> = None;
                for a in legal {
                    let Action::Play { card, effect } = *a else {
                        continue;
                    };
                    if effect == Effect::Score {
                        continue;
                    }
                    let gain = expect(view, &base, card, effect, me) - now - card_cost(card) + noise(rng);
                    if best.is_none_or(|(g, _)| gain > g) {
                        best = Some((gain, *a));
                    }
                }
                let remaining = view
                    .content
                    .rules
                    .max_cards_per_turn
                    .saturating_sub(view.played_this_turn);
                if let Some((gain, a)) = best
                    && gain > 0.25
                    && (remaining > 1 || !score_good || score_action.is_none())
                {
                    return Some(a);
                }
                if score_good && let Some(a) = score_action {
                    return Some(a);
                }
                if let Some((gain, a)) = best
                    && gain > 0.25
                {
                    return Some(a);
                }
                legal
                    .iter()
                    .find(|a| **a == Action::EndPlay)
                    .copied()
                    .or(legal.first().copied())
            }
            Phase::Finished(_) => None,
        }
    }
}
