//! Who the hidden Traitor may be: a belief from the public record (`Deeds`).

use crate::rules::Seat;
use crate::rules::shadows::deeds::Deed;
use crate::rules::shadows::pieces::Loyalty;
use crate::rules::shadows::state::Shadows;
use crate::rules::shadows::tuning::DeedOdds;
use arrayvec::ArrayVec;

/// Who the hidden Traitor may be, from one seat's view of the public record.
#[derive(Clone, Copy, Debug)]
pub struct Belief {
    /// The chance that each seat is the Traitor (1 for a known one, 0 for a known Loyal, whether
    /// his card was shown or his deeds proved him Loyal: Fate played without being unmasked).
    pub p: [f32; 7],
    /// The chance that a Traitor is alive and still hidden (he will turn Swords over at the end).
    pub hidden: f32,
}

impl Belief {
    /// Bayes over the Loyalty deck, each seat's deeds weighed by how likely each is for the
    /// Traitor against a Loyal Knight (`DeedOdds`), `temper` scaling the evidence.
    pub fn of(g: &Shadows, me: Seat, odds: &DeedOdds, temper: f32) -> Belief {
        let mut p = [0.0f32; 7];
        let mut loyal = g.deck_loyal as i32;
        let mut traitor = g.deck_traitor as i32;
        let mut unknown: ArrayVec<(Seat, f32), 7> = ArrayVec::new();
        let mut hidden = 0.0;
        for (s, k) in g.knights.iter().enumerate().take(7) {
            let known = k.revealed || (s == me && !g.loyalty_unseen);
            if k.proven_loyal && !k.revealed {
                // Fate unmasks the Traitor who plays it: one who played it and stayed masked is
                // Loyal, whatever the card he has (or has not yet) looked at.
                loyal -= 1;
            } else if known {
                match k.loyalty {
                    Loyalty::Traitor => {
                        traitor -= 1;
                        p[s] = 1.0;
                        if !k.unmasked && !k.dead {
                            hidden = 1.0;
                        }
                    }
                    _ => loyal -= 1,
                }
            } else {
                let mut lr = 0.0f32;
                for d in Deed::ALL {
                    let c = g.deeds.get(s).map_or(0, |x| x.get(d));
                    if c > 0 {
                        lr += c as f32 * odds.get(d);
                    }
                }
                unknown.push((s, (temper * lr).clamp(-30.0, 30.0).exp()));
            }
        }
        if traitor <= 0 || unknown.is_empty() {
            return Belief { p, hidden };
        }
        let cards = (loyal.max(0) + traitor) as f32;
        let each = traitor as f32 / cards;
        let none = (1.0 - unknown.len() as f32 * each).max(0.0);
        let z: f32 = unknown.iter().map(|(_, lr)| lr * each).sum::<f32>() + none;
        for &(s, lr) in &unknown {
            p[s] = lr * each / z.max(1e-9);
            if !g.knights[s].dead {
                hidden += p[s];
            }
        }
        Belief {
            p,
            hidden: hidden.min(1.0),
        }
    }
}
