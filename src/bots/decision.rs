//! What a bot's decision gives back: its choice and what it cost, and a ranking of the
//! alternatives as it rates them.

/// What a decision cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Whether a search ran (false: the heuristic, a random pick, or a single legal action).
    pub searched: bool,
    /// Search iterations (sampled games played out).
    pub iterations: u32,
    /// Whether the wall-clock cap stopped the search before its iteration budget.
    pub capped: bool,
    /// Nodes in the search tree.
    pub nodes: u32,
    /// Seconds spent searching.
    pub seconds: f64,
}

/// A bot's choice and what it cost.
#[derive(Clone, Debug)]
pub struct Decision<A> {
    pub action: Option<A>,
    pub stats: SearchStats,
    /// How a level that judged the choices without the search rated each legal action (by
    /// index; `BotHints::heuristic_rated_at`), for `rank`.
    pub rates: Option<Vec<Option<f64>>>,
}

/// One action as a ranking (`rank`) rates it.
#[derive(Clone, Debug, PartialEq)]
pub struct Rated<A> {
    pub action: A,
    /// The search's estimate of the deciding seat's chance to win after this action: the mean
    /// win of the playouts through its root child (without any margin blended into the reward
    /// the search steers by), 0..=1 (`None` when no search rated it).
    pub rate: Option<f64>,
    /// Its share of the search's root visits, 0..=1 (`None` when no search ran).
    pub share: Option<f64>,
    /// The heuristic's score of it, in the game's rough units, higher is better (`None` when the
    /// heuristic did not score it: a search ranked, or the game's heuristic gives no scores).
    pub score: Option<f64>,
    /// Sampled games the search played through it (0 without a search).
    pub visits: u32,
}

impl<A> Rated<A> {
    pub(super) fn alone(action: A) -> Rated<A> {
        Rated {
            action,
            rate: None,
            share: None,
            score: None,
            visits: 0,
        }
    }
}

/// How a ranking was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankedBy {
    /// An information-set search: `rate` and `share` of each action it tried.
    Search,
    /// The heuristic's scores (`score` of each legal action).
    Heuristic,
    /// The level's lookahead (`BotHints::lookahead_rates`): `rate` of each action it played out.
    Lookahead,
    /// The chosen action alone: a single legal action, a random pick, or a heuristic without
    /// scores.
    Alone,
}

/// A bot's choice with the alternatives as it rates them (`rank`).
#[derive(Clone, Debug)]
pub struct Ranking<A> {
    /// The chosen action first (what `decide` chooses with the same generator), then the others,
    /// best first.
    pub ranked: Vec<Rated<A>>,
    pub by: RankedBy,
    pub stats: SearchStats,
}

impl<A> Ranking<A> {
    /// The chosen action.
    pub fn chosen(&self) -> Option<&A> {
        self.ranked.first().map(|r| &r.action)
    }
}
