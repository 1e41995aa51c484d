//! The rules core: the contract every game follows, seats, visibility, refusals, seeded dice and
//! shuffles, and the match record with its replay. Plain Rust, no Bevy.

mod bot_hints;
mod contract;
pub mod court;
pub mod dice;
pub mod future;
pub mod record;
#[cfg(any(test, feature = "test-support"))]
pub mod scratch;
#[cfg(any(test, feature = "test-support"))]
pub mod secrets;
pub mod shadows;
mod table;
#[cfg(any(test, feature = "test-support"))]
pub mod testgame;
mod words;

pub use bot_hints::{BotHints, Budget, score_margins};
pub use contract::{
    Game, Outcome, Pending, Period, Place, Report, RuleError, RulePart, Secret, SetupError, Side, Tagged, Tally,
    Visibility, judge_by_list,
};
pub use dice::{GameRng, random_choice};
pub use record::{Match, SaveError, SaveFile};
pub use table::{
    Difficulty, GameId, NAME_LIMIT, SEAT_COLOURS, SEAT_NAMES, Seat, SeatColours, SeatConfig, SeatKind, TableConfig,
    VariantKind, VariantSpec,
};
pub use words::{capitalised, counted, ordinal, percent, percent_gap};
