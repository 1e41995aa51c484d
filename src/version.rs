//! Which Camelot this is: the version from `Cargo.toml` and the commit it was built from (set by
//! `build.rs`: `CAMELOT_COMMIT` when given, else git's, else "unknown"). `camelot --version`, the
//! menu, every save and every crash report say it.

/// The version, e.g. "0.1.0".
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The commit the binary was built from (a short hash), or "unknown" outside a git checkout.
pub const COMMIT: &str = env!("CAMELOT_COMMIT");

/// "0.1.0 (commit 1a2b3c4d5e)", for `--version`, the menu and crash reports.
pub const LONG: &str = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("CAMELOT_COMMIT"), ")");

/// Whether a save written by Camelot `version` comes from a newer one than this: compared part
/// by part as numbers ("0.10.0" is newer than "0.9.2"); a pre-release or build tag after `-` or
/// `+` is left out, and a version that is not numbers is taken as not newer (the save's format
/// number still guards what it holds).
pub fn is_newer(version: &str) -> bool {
    match (parts(version), parts(VERSION)) {
        (Some(theirs), Some(ours)) => theirs > ours,
        _ => false,
    }
}

fn parts(version: &str) -> Option<Vec<u64>> {
    let core = version.trim().split(['-', '+']).next()?;
    let mut out: Vec<u64> = core.split('.').map(|p| p.parse().ok()).collect::<Option<_>>()?;
    while out.len() < 3 {
        out.push(0);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newer_versions_are_told_apart_by_number() {
        assert!(!is_newer(VERSION), "this version is not newer than itself");
        assert!(is_newer("999.0.0"));
        assert!(!is_newer("0.0.1"));
        assert!(parts("0.10.0") > parts("0.9.2"), "numbers, not text");
        assert_eq!(parts("1.2"), parts("1.2.0"));
        assert_eq!(parts("1.2.3-beta.1"), parts("1.2.3"));
        assert!(!is_newer("garbage"), "not a version: the format number guards");
        assert!(LONG.starts_with(VERSION) && LONG.contains(COMMIT));
    }
}
