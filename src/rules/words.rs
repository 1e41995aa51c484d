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
    format!("{:.0} %", x * 100.0)
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
