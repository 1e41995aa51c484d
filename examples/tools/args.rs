//! The bots' tools' command line (`tune_shadows`, `fit_shadows_value`): `--name value` options
//! and `--name` flags.

pub struct Args(Vec<String>);

impl Args {
    pub fn from_env() -> Args {
        Args(std::env::args().collect())
    }

    /// The value after `--name`.
    pub fn opt(&self, name: &str) -> Option<String> {
        self.0
            .iter()
            .position(|a| a == name)
            .and_then(|i| self.0.get(i + 1))
            .cloned()
    }

    /// Whether `--name` is given.
    pub fn flag(&self, name: &str) -> bool {
        self.0.iter().any(|a| a == name)
    }

    /// The number after `--name`, or `default`.
    pub fn num<T: std::str::FromStr>(&self, name: &str, default: T) -> T {
        self.opt(name).and_then(|v| v.parse().ok()).unwrap_or(default)
    }

    /// Sizes the worker pool by `--jobs N` (default: one per core).
    pub fn set_jobs(&self) {
        if let Some(jobs) = self.opt("--jobs").and_then(|v| v.parse::<usize>().ok()) {
            let _ = rayon::ThreadPoolBuilder::new().num_threads(jobs).build_global();
        }
    }
}
