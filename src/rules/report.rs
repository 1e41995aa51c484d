//! Where a game's resolution reports what happened: into a list for the table and its log, or
//! nowhere for a search or a simulation, in which case no event (and nothing inside one) is ever
//! built. One sink for every game, its events of the game's own type.

use super::{Seat, Tagged, Visibility};

/// The event sink: `Some` list to fill, or `None` when nobody reads the events.
pub struct Report<'a, E>(pub Option<&'a mut Vec<Tagged<E>>>);

impl<E> Report<'_, E> {
    /// Whether anyone reads the events.
    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }
    /// Reports an event for the readers `to`, building it only when someone reads it.
    pub fn to(&mut self, to: Visibility, event: impl FnOnce() -> E) {
        if let Some(out) = self.0.as_deref_mut() {
            out.push(Tagged { to, event: event() });
        }
    }
    /// An event every seat sees.
    pub fn public(&mut self, event: impl FnOnce() -> E) {
        self.to(Visibility::Everyone, event);
    }
    /// An event only `seat` sees.
    pub fn only(&mut self, seat: Seat, event: impl FnOnce() -> E) {
        self.to(Visibility::Only(seat), event);
    }
    /// An event every seat but `seat` sees.
    pub fn except(&mut self, seat: Seat, event: impl FnOnce() -> E) {
        self.to(Visibility::Except(seat), event);
    }
}
