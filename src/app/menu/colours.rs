//! Colours played seat by seat (Die Zukunft's) and per-seat variants (The Court's factions): the
//! values each seat shows, and a pick that swaps with the seat that had it.

use crate::rules::SeatColours;

/// A colour of the palette by its name, in any case.
fn colour_named(palette: &SeatColours, name: &str) -> Option<u8> {
    let name = name.trim();
    palette
        .palette
        .iter()
        .position(|(n, _, _)| n.eq_ignore_ascii_case(name))
        .map(|c| c as u8)
}

/// The colours as the seat rows show them, seat by seat (two each where each seat plays two):
/// those the value deals, or, from a value the game refuses or one that leaves the choice to the
/// table, its known colours in order, each once; then the unused colours in order for seats still
/// short.
pub(super) fn seat_colours(palette: &SeatColours, value: &str, seats: usize) -> Vec<Vec<u8>> {
    let each = (palette.each)(seats);
    let groups = (palette.deal)(seats, value).unwrap_or_else(|| {
        let named: Vec<u8> = value
            .split([',', '+'])
            .filter_map(|n| colour_named(palette, n))
            .collect();
        named.chunks(each.max(1)).map(<[u8]>::to_vec).collect()
    });
    fit_colours(groups, seats, each, palette.palette.len())
}

/// Each of `seats` seats with `each` of `colours` colours: a seat keeps the colours it has (a
/// colour an earlier seat holds is dropped), a seat short of colours takes the unused ones in
/// order.
pub(super) fn fit_colours(mut groups: Vec<Vec<u8>>, seats: usize, each: usize, colours: usize) -> Vec<Vec<u8>> {
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
    let mut unused = (0..colours as u8).filter(|c| !seen.contains(c));
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

/// The variant's value for these seats' colours: seat by seat, in seat order, by name.
pub(super) fn colours_value_of(palette: &SeatColours, groups: &[Vec<u8>]) -> String {
    groups
        .iter()
        .flatten()
        .filter_map(|&c| palette.palette.get(c as usize).map(|p| p.0))
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
