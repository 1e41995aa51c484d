//! Die Zukunft's colours seat by seat, and per-seat variants (The Court's factions): the values
//! each seat shows, and a pick that swaps with the seat that had it.

use crate::rules::future::{COLOUR_NAMES, Future, colour_by_name};

/// Die Zukunft's colours as the seat rows show them, seat by seat (two each with two players):
/// those the `colours` variant gives (`random`: in seat order; a list, even one that does not fit:
/// its known colours in order, each once), then the unused colours in order for seats still short.
pub(super) fn future_seat_colours(value: &str, seats: usize) -> Vec<Vec<u8>> {
    let each = Future::colours_for(seats) / seats.max(1);
    let groups: Vec<Vec<u8>> = match Future::colour_choice(seats, value) {
        Ok(Some(given)) => (0..seats)
            .map(|seat| given.iter().filter(|g| g.0 == seat).map(|g| g.1).collect())
            .collect(),
        _ => {
            let named: Vec<u8> = value.split([',', '+']).filter_map(colour_by_name).collect();
            named.chunks(each.max(1)).map(<[u8]>::to_vec).collect()
        }
    };
    fit_colours(groups, seats, each)
}

/// Each of `seats` seats with `each` colours: a seat keeps the colours it has (a colour an
/// earlier seat holds is dropped), a seat short of colours takes the unused ones in order.
pub(super) fn fit_colours(mut groups: Vec<Vec<u8>>, seats: usize, each: usize) -> Vec<Vec<u8>> {
    groups.resize(seats, Vec::new());
    let mut seen: Vec<u8> = Vec::new();
    for g in &mut groups {
        g.truncate(each);
        g.retain(|c| {
            let fresh = !seen.contains(c);
            seen.push(*c);
            fresh
        });
    }
    let mut unused = (0..COLOUR_NAMES.len() as u8).filter(|c| !seen.contains(c));
    for g in &mut groups {
        while g.len() < each {
            match unused.next() {
                Some(c) => g.push(c),
                None => break,
            }
        }
    }
    groups
}

/// Gives seat `seat`'s colour number `k` the colour `to`; a seat that had `to` takes the old one.
pub(super) fn pick_colour(groups: &mut [Vec<u8>], seat: usize, k: usize, to: u8) {
    let Some(old) = groups.get(seat).and_then(|g| g.get(k)).copied() else {
        return;
    };
    for c in groups.iter_mut().flatten() {
        if *c == to {
            *c = old;
        }
    }
    groups[seat][k] = to;
}

/// The `colours` variant's value for these seats' colours: seat by seat, in seat order.
pub(super) fn colours_value_of(groups: &[Vec<u8>]) -> String {
    groups
        .iter()
        .flatten()
        .map(|&c| COLOUR_NAMES[c as usize])
        .collect::<Vec<_>>()
        .join(",")
}

/// One value per seat for a per-seat variant, read from its current `value`: the known values it
/// lists, in order and each once, then the unused choices in order for the seats still without.
pub(super) fn per_seat_values(value: &str, choices: &[(String, String)], seats: usize) -> Vec<String> {
    let mut values: Vec<String> = Vec::new();
    for v in value.split(',').map(str::trim) {
        if choices.iter().any(|(c, _)| c == v) && !values.iter().any(|x| x == v) {
            values.push(v.to_string());
        }
    }
    for (c, _) in choices {
        if !values.contains(c) {
            values.push(c.clone());
        }
    }
    values.truncate(seats);
    values
}

/// Gives `seat` the value `to`; the seat that had it takes `seat`'s old value, so no value is
/// used twice.
pub(super) fn choose_per_seat(values: &mut [String], seat: usize, to: &str) {
    let Some(old) = values.get(seat).cloned() else { return };
    if let Some(other) = values.iter().position(|v| v == to) {
        values[other] = old;
    }
    values[seat] = to.to_string();
}
