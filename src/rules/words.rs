//! Words every game's lines use: a capital, a count with its noun, a percentage, an ordinal.

/// Words with a capital first letter (a sentence that starts with a name: "A Combat card …").
pub fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A count and its noun: "1 card", "3 cards" (`many` is the plural).
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A chance in words, to the whole percent: "48 %".
pub fn percent(x: f64) -> String {
    format!("{} %", whole_percent(x))
}

/// The gap between two chances told beside it, in words: the difference of the two whole
/// percents as `percent` tells them (0.546 and 0.482 are told "55 %" and "48 %", and their gap
/// "7 %", where 0.064 alone rounds to "6 %"), so that a sentence's own figures add up.
pub fn percent_gap(high: f64, low: f64) -> String {
    format!("{} %", whole_percent(high) - whole_percent(low))
}

/// A chance as a whole percent, halves to even (as `format!("{:.0}")` rounds).
fn whole_percent(x: f64) -> i64 {
    (x * 100.0).round_ties_even() as i64
}

/// An ordinal in words: "first", "second", … "twelfth", then "13th", "21st", "22nd".
pub fn ordinal(n: usize) -> String {
    const WORDS: [&str; 12] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
        "twelfth",
    ];
    match n.checked_sub(1).and_then(|i| WORDS.get(i)) {
        Some(w) => (*w).to_string(),
        None => {
            let suffix = match (n % 10, n % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gap_is_the_difference_of_the_percents_told() {
        assert_eq!(
            (percent(0.546), percent(0.482)),
            ("55 %".to_string(), "48 %".to_string())
        );
        assert_eq!(percent(0.546 - 0.482), "6 %");
        assert_eq!(percent_gap(0.546, 0.482), "7 %");
        assert_eq!(percent_gap(0.30, 0.27), "3 %");
        // Halves round to even, as the formatter does; a hair under nothing is nothing.
        assert_eq!(
            (percent(0.125), percent(0.135), percent(-0.001)),
            ("12 %".into(), "14 %".into(), "0 %".into())
        );
    }
}
