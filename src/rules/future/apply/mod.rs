//! Setup, legal actions and their resolution. Legal actions are generated correct by
//! construction and build no text; `check` refuses anything else and only then explains why.
//!
//! Parts: `setup` (and each round begun), `legal` (board queries and the legal actions),
//! `refusal` (the check and why not), `decide` (resolution of a checked action), `pieces` (a
//! piece placed and what follows), `turn` (turn flow and the reveal), `scoring` (the final
//! scoring). Here: the event report and the helpers they share.

mod decide;
mod legal;
mod pieces;
mod refusal;
mod scoring;
mod setup;
mod turn;

use crate::rules::future::content::{Board, Side};
use crate::rules::future::pieces::Slot;
use crate::rules::{GameRng, SetupError};
use arrayvec::ArrayVec;

/// Fields of one room, on the stack.
pub type Fields = ArrayVec<u8, 64>;

/// Parses the `sides` variant: `a`, `b`, `random`, or `board=side` pairs separated by `;`.
fn parse_sides(value: &str, rng: &mut GameRng) -> Result<[Side; 4], SetupError> {
    let mut sides = [Side::A; 4];
    match value.trim() {
        "" | "a" | "A" => {}
        "b" | "B" => sides = [Side::B; 4],
        "random" => {
            for s in &mut sides {
                *s = if rng.below(2) == 0 { Side::A } else { Side::B };
            }
        }
        other => {
            for part in other.split([';', ',']).map(str::trim).filter(|p| !p.is_empty()) {
                let (board, side) = part
                    .split_once('=')
                    .ok_or_else(|| SetupError(format!("sides: \"{part}\" is not board=side (e.g. green=b)")))?;
                let board = Board::parse(board.trim())
                    .filter(|b| *b != Board::Violet)
                    .ok_or_else(|| SetupError(format!("sides: \"{board}\" is not red, yellow, green or blue")))?;
                let side = match side.trim() {
                    "a" | "A" => Side::A,
                    "b" | "B" => Side::B,
                    s => return Err(SetupError(format!("sides: \"{s}\" is not a or b"))),
                };
                sides[board.index()] = side;
            }
        }
    }
    Ok(sides)
}

/// The turn order after the reveal (spec §7.2): exact hits, then lower guesses from the highest
/// down, then higher guesses from the lowest up; on a shared space the earlier prediction first.
pub fn turn_order(predictions: &[(Slot, u8)], total: u8) -> Vec<Slot> {
    let mut order: Vec<(bool, u8, usize, Slot)> = predictions
        .iter()
        .enumerate()
        .map(|(p, &(s, n))| (n > total, n.abs_diff(total), p, s))
        .collect();
    order.sort();
    order.into_iter().map(|o| o.3).collect()
}

/// Points of Grail tiles held by part, in sets (spec §13.2's layering).
pub fn grail_points(parts: &[u8], set_points: &[i32]) -> i32 {
    let most = parts.iter().copied().max().unwrap_or(0);
    (1..=most)
        .map(|layer| {
            let distinct = parts.iter().filter(|&&c| c >= layer).count();
            set_points.get(distinct).copied().unwrap_or(0)
        })
        .sum()
}
