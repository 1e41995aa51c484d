//! The benches' command line: `--name N` numbers and the one game to run (`--game KEY`).

/// The value after `name`, or `default`.
pub fn arg(name: &str, default: usize) -> usize {
    text_arg(name).and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The text after `name`, if given.
pub fn text_arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// Whether the game of this key is to run: all of them unless `--game` names one.
pub fn wanted(key: &str) -> bool {
    text_arg("--game").as_deref().is_none_or(|g| g == key)
}
