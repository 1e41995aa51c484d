//! The `camelot` command: the window by default, and headless commands over the same library.

use camelot::bots::BotKind;
use camelot::content::ContentSet;
use camelot::library::Library;
use camelot::rules::{GameId, Pending, SeatKind, TableConfig};
use camelot::sim::{self, SimOptions};
use clap::{Args, Parser, Subcommand};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "camelot", version, about = "Three Arthurian board games at one table")]
struct Cli {
    /// Read content from this folder (its assets/ and levels/ override the built-in files).
    #[arg(long, global = true, value_name = "DIR")]
    content: Option<PathBuf>,
    /// The window's flags, for the menu (no command); `play` and `open` take them too.
    #[command(flatten)]
    window: WindowArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The flags of a window run: the menu (no command), `play` and `open` read them, and only
/// they show them in their help. Given before the command (`camelot --frames 10 play court`)
/// they count as well; given after it, they win.
#[derive(Args, Debug, Clone, Default, PartialEq)]
#[cfg_attr(not(feature = "gui"), allow(dead_code))]
struct WindowArgs {
    /// Quit the window after this many frames.
    #[arg(long, value_name = "N")]
    frames: Option<u32>,
    /// Save the last frame as a PNG, then quit.
    #[arg(long, value_name = "PATH")]
    screenshot: Option<PathBuf>,
    /// Write frame times at the table (split by whether a bot is thinking) to this JSON file on exit.
    #[arg(long, value_name = "PATH")]
    frame_stats: Option<PathBuf>,
    /// The window's size in pixels, e.g. 1280x800 [default: 1440x900]
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    window_size: Option<(u32, u32)>,
    /// The shortest time a bot's move stays on screen, in seconds (0 for full speed) [default: 0.7]
    #[arg(long, value_name = "SECONDS")]
    bot_pace: Option<f32>,
}

impl WindowArgs {
    /// These flags, with `before`'s (given before the command) for those not given here.
    fn or(&self, before: &WindowArgs) -> WindowArgs {
        WindowArgs {
            frames: self.frames.or(before.frames),
            screenshot: self.screenshot.clone().or_else(|| before.screenshot.clone()),
            frame_stats: self.frame_stats.clone().or_else(|| before.frame_stats.clone()),
            window_size: self.window_size.or(before.window_size),
            bot_pace: self.bot_pace.or(before.bot_pace),
        }
    }
}

/// `1280x800` as (width, height).
fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("\"{s}\" is not a size such as 1280x800"))?;
    match (w.trim().parse::<u32>(), h.trim().parse::<u32>()) {
        (Ok(w), Ok(h)) if (320..=10_000).contains(&w) && (240..=10_000).contains(&h) => Ok((w, h)),
        _ => Err(format!("\"{s}\" is not a size between 320x240 and 10000x10000")),
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Open the window straight at a game's table.
    Play {
        /// court, future or shadows
        game: String,
        /// Seats in turn order: human, bot:easy, bot:normal, bot:hard (default: one human, the rest bots)
        #[arg(long, value_delimiter = ',')]
        seats: Vec<String>,
        /// Seat names in turn order
        #[arg(long, value_delimiter = ',')]
        names: Vec<String>,
        #[arg(long)]
        seed: Option<u64>,
        /// Game variants as key=value, e.g. target=50 (a key the game lacks is refused)
        #[arg(long = "variant", value_name = "KEY=VALUE")]
        variants: Vec<String>,
        /// Die Zukunft: each seat's colour in seat order, e.g. red,blue,green (with two players each
        /// seat's two in turn: red,yellow,green,purple); the turn order is still drawn from the
        /// magician cards
        #[arg(long, value_name = "COLOUR,...")]
        colours: Option<String>,
        #[command(flatten)]
        window: WindowArgs,
    },
    /// Play many bot games headless and report the results.
    Sim {
        game: String,
        #[arg(long, default_value_t = 4)]
        players: usize,
        #[arg(long, default_value_t = 100)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// One bot per seat: random, heuristic, easy, normal, hard (the last repeats)
        #[arg(long, value_delimiter = ',', default_value = "random")]
        bots: Vec<String>,
        /// Game variants as key=value, e.g. target=50 (a key the game lacks is refused)
        #[arg(long = "variant", value_name = "KEY=VALUE")]
        variants: Vec<String>,
        /// Die Zukunft: each seat's colour in seat order, e.g. red,blue,green (with two players each
        /// seat's two in turn: red,yellow,green,purple); the turn order is still drawn from the
        /// magician cards
        #[arg(long, value_name = "COLOUR,...")]
        colours: Option<String>,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
    /// The tinkerer's bench: many bot games on every core, win rates with intervals, scores,
    /// game length, what is used and how its users do; with --against, the differences.
    Balance {
        game: String,
        #[arg(long, default_value_t = 4)]
        players: usize,
        #[arg(long, default_value_t = 1000)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// One bot per seat: random, heuristic, easy, normal, hard (the last repeats)
        #[arg(long, value_delimiter = ',', default_value = "heuristic")]
        bots: Vec<String>,
        /// Game variants as key=value, e.g. target=50 (a key the game lacks is refused)
        #[arg(long = "variant", value_name = "KEY=VALUE")]
        variants: Vec<String>,
        /// Die Zukunft: each seat's colour in seat order, e.g. red,blue,green (with two players each
        /// seat's two in turn: red,yellow,green,purple); the turn order is still drawn from the
        /// magician cards
        #[arg(long, value_name = "COLOUR,...")]
        colours: Option<String>,
        /// Compare with this content folder, or `shipped` (the content built into the game)
        #[arg(long, value_name = "DIR|shipped")]
        against: Option<String>,
        /// Worker threads (default: one per core)
        #[arg(long, default_value_t = 0)]
        jobs: usize,
        /// Write the report as one self-contained HTML page
        #[arg(long, value_name = "PATH.html")]
        report: Option<PathBuf>,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
    /// Validate content (default: the shipped content); exit 1 on any error.
    Check {
        /// Content files or folders to check in place of the shipped ones
        paths: Vec<PathBuf>,
    },
    /// Replay a save file headless and print its public log and outcome.
    Replay { save: PathBuf },
    /// Print the hard bot's hint for the seat to act in a save or autosave: the move, why, and
    /// the alternatives as the bot rates them (from that seat's view only).
    Hint { save: PathBuf },
    /// Open the window at a saved game (a save or an autosave file), to play on from there.
    Open {
        save: PathBuf,
        #[command(flatten)]
        window: WindowArgs,
    },
    /// Open the window at a game's guided first game (its levels/<game>/tutorial.ron): callouts
    /// show what matters and why, then the game goes on as a normal one.
    Learn {
        /// court, future or shadows
        game: String,
        #[command(flatten)]
        window: WindowArgs,
    },
}

/// How the window starts: at the menu, at a new table, or at a saved game.
#[cfg_attr(not(feature = "gui"), allow(dead_code))]
enum Start {
    Menu,
    New(GameId, TableConfig),
    /// A save's text and where it was read: an unfinished game's own file is played on in place.
    Load(String, PathBuf),
    /// A game's guided first game (its tutorial script, checked to load).
    Learn(GameId),
}

fn parse_variants(items: &[String]) -> Result<BTreeMap<String, String>, String> {
    items
        .iter()
        .map(|kv| {
            kv.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| format!("variant \"{kv}\" is not key=value"))
        })
        .collect()
}

/// `--colours` as Die Zukunft's `colours` variant, checked before anything starts.
fn with_colours(
    game: GameId,
    players: usize,
    colours: &Option<String>,
    mut variants: BTreeMap<String, String>,
) -> Result<BTreeMap<String, String>, String> {
    let Some(list) = colours else {
        return Ok(variants);
    };
    if game != GameId::Future {
        return Err(format!("--colours is Die Zukunft's (future), not {}'s", game.title()));
    }
    if variants.contains_key("colours") {
        return Err("give the colours once: --colours or --variant colours=...".into());
    }
    camelot::rules::future::Future::colour_choice(players, list).map_err(|e| e.to_string())?;
    variants.insert("colours".into(), list.clone());
    Ok(variants)
}

fn parse_game(s: &str) -> Result<GameId, String> {
    GameId::parse(s).ok_or_else(|| format!("unknown game \"{s}\": use court, future or shadows"))
}

fn load_library(content: Option<&PathBuf>) -> Result<Library, String> {
    let set = ContentSet::shipped(content.map(PathBuf::as_path)).map_err(|e| e.to_string())?;
    Ok(Library::load(set))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("camelot: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    let headless = matches!(
        cli.command,
        Some(
            Command::Sim { .. }
                | Command::Balance { .. }
                | Command::Check { .. }
                | Command::Replay { .. }
                | Command::Hint { .. }
        )
    );
    if headless && cli.window != WindowArgs::default() {
        return Err(
            "--frames, --screenshot, --frame-stats, --window-size and --bot-pace are for the window \
                    (no command, play or open), not for sim, balance, check, replay or hint"
                .into(),
        );
    }
    match cli.command.as_ref() {
        Some(Command::Check { paths }) => check(cli.content.as_ref(), paths),
        Some(Command::Sim {
            game,
            players,
            games,
            seed,
            bots,
            variants,
            colours,
            json,
        }) => {
            let game = parse_game(game)?;
            let library = load_library(cli.content.as_ref())?;
            let bots = bots.iter().map(|b| BotKind::parse(b)).collect::<Result<Vec<_>, _>>()?;
            let opts = SimOptions {
                game,
                players: *players,
                games: *games,
                seed: *seed,
                bots,
                variants: with_colours(game, *players, colours, parse_variants(variants)?)?,
                max_actions: 20_000,
            };
            let report = sim::run(&library, &opts, &mut |w| eprintln!("{w}"))?;
            if *json {
                println!("{}", serde_json::to_string(&report).map_err(|e| e.to_string())?);
            } else {
                println!(
                    "{} games of {} with {} players: {} finished, {} errors",
                    report.games, report.game, report.players, report.finished, report.errors
                );
                for (seat, (w, bot)) in report.wins_by_seat.iter().zip(&report.bots).enumerate() {
                    match report.mean_score_by_seat.get(seat) {
                        Some(s) => println!("  seat {} ({bot}): {w} wins, mean score {s:.1}", seat + 1),
                        None => println!("  seat {} ({bot}): {w} wins", seat + 1),
                    }
                }
                println!(
                    "  mean {:.1} actions, {:.1} turns; {:.1} games/s; decisions mean {:.3} ms, p95 {:.3} ms",
                    report.mean_actions,
                    report.mean_turns,
                    report.games_per_second,
                    report.decision_ms.mean,
                    report.decision_ms.p95
                );
            }
            Ok(if report.errors == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Some(Command::Balance {
            game,
            players,
            games,
            seed,
            bots,
            variants,
            colours,
            against,
            jobs,
            report,
            json,
        }) => {
            let game = parse_game(game)?;
            let now = load_library(cli.content.as_ref())?;
            let now_name = cli
                .content
                .as_ref()
                .map_or("this content".to_string(), |d| d.display().to_string());
            let was = match against.as_deref() {
                None => None,
                Some("shipped") => Some((Library::load(ContentSet::embedded()), "shipped".to_string())),
                Some(dir) => Some((load_library(Some(&PathBuf::from(dir)))?, dir.to_string())),
            };
            let opts = SimOptions {
                game,
                players: *players,
                games: *games,
                seed: *seed,
                bots: bots.iter().map(|b| BotKind::parse(b)).collect::<Result<Vec<_>, _>>()?,
                variants: with_colours(game, *players, colours, parse_variants(variants)?)?,
                max_actions: 20_000,
            };
            // Ctrl+C stops the games not yet started; the report tells what was done.
            static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
            let _ = ctrlc::set_handler(|| STOP.store(true, std::sync::atomic::Ordering::Relaxed));
            let total = *games * if was.is_some() { 2 } else { 1 };
            let bar = indicatif::ProgressBar::new(total as u64);
            bar.set_style(
                indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games · {per_sec} · {eta} left")
                    .map_err(|e| e.to_string())?,
            );
            let done = |n: usize, _: usize| bar.set_position(n as u64);
            let result = camelot::balance::run(
                (&now, &now_name),
                was.as_ref().map(|(l, n)| (l, n.as_str())),
                &opts,
                *jobs,
                &done,
                &STOP,
            );
            bar.finish_and_clear();
            let result = result?;
            if let Some(path) = report {
                std::fs::write(path, camelot::balance::html(&result))
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                eprintln!("report written to {}", path.display());
            }
            if *json {
                println!("{}", serde_json::to_string(&result).map_err(|e| e.to_string())?);
            } else {
                print!("{}", camelot::balance::text(&result));
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Replay { save }) => {
            let library = load_library(cli.content.as_ref())?;
            let text = std::fs::read_to_string(save).map_err(|e| format!("{}: {e}", save.display()))?;
            let m = library
                .load_save(&text)
                .map_err(|e| format!("{}: {e}", save.display()))?;
            println!("{} — {} actions", m.game().title(), m.actions_taken());
            match m.pending() {
                Pending::Finished(o) => {
                    let names: Vec<&str> = o.winners.iter().map(|&s| m.config().seat_name(s)).collect();
                    println!(
                        "finished: {} win ({}); scores {:?}",
                        names.join(", "),
                        o.summary,
                        o.scores
                    );
                }
                Pending::Decide { seat, prompt, .. } => {
                    println!("unfinished: {} to decide — {prompt}", m.config().seat_name(seat))
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Hint { save }) => {
            let library = load_library(cli.content.as_ref())?;
            let text = std::fs::read_to_string(save).map_err(|e| format!("{}: {e}", save.display()))?;
            let m = library
                .load_save(&text)
                .map_err(|e| format!("{}: {e}", save.display()))?;
            let (seat, prompt) = match m.pending() {
                Pending::Decide { seat, prompt, .. } => (seat, prompt),
                Pending::Finished(_) => {
                    return Err(format!(
                        "{}: the game is over, there is no move to hint",
                        save.display()
                    ));
                }
            };
            let name = m.config().seat_name(seat).to_string();
            let hint = m
                .hint()
                .ok_or_else(|| format!("{}: nobody has a move to make", save.display()))?;
            println!(
                "{} — {} actions; {name} to decide — {prompt}",
                m.game().title(),
                m.actions_taken()
            );
            for line in hint.lines() {
                println!("{line}");
            }
            println!("  (worked out from {name}'s view in {:.2} s)", hint.seconds);
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Play {
            game,
            seats,
            names,
            seed,
            variants,
            colours,
            window: flags,
        }) => {
            let game = parse_game(game)?;
            let (lo, hi) = game.seats();
            let kinds: Vec<SeatKind> = if seats.is_empty() {
                std::iter::once(SeatKind::Human)
                    .chain(std::iter::repeat_n(
                        SeatKind::Bot(camelot::rules::Difficulty::Normal),
                        lo.max(3).min(hi) - 1,
                    ))
                    .collect()
            } else {
                seats.iter().map(|s| SeatKind::parse(s)).collect::<Result<_, _>>()?
            };
            let seed = seed.unwrap_or_else(seed_from_clock);
            let mut config = TableConfig::with_players(kinds.len(), SeatKind::Human, seed);
            for (i, seat) in config.seats.iter_mut().enumerate() {
                seat.kind = kinds[i];
                if let Some(n) = names.get(i) {
                    seat.name = n.clone();
                }
            }
            config.variants = with_colours(game, kinds.len(), colours, parse_variants(variants)?)?;
            // Set up here first, so that a table that cannot be built (the seats, a variant)
            // says what is wrong on the terminal.
            let library = load_library(cli.content.as_ref())?;
            library.new_match(game, config.clone())?;
            window(library, &cli, &flags.or(&cli.window), Start::New(game, config))
        }
        Some(Command::Learn { game, window: flags }) => {
            let game = parse_game(game)?;
            // Checked here first, so that a broken tutorial says what is wrong on the terminal.
            let library = load_library(cli.content.as_ref())?;
            let tutorial = camelot::tutorial::load(&library, game)
                .map_err(|errors| errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))?;
            library.new_match(game, tutorial.table_config()?)?;
            window(library, &cli, &flags.or(&cli.window), Start::Learn(game))
        }
        Some(Command::Open { save, window: flags }) => {
            // Checked here first, so that a broken save says what is wrong on the terminal.
            let library = load_library(cli.content.as_ref())?;
            let text = std::fs::read_to_string(save).map_err(|e| format!("{}: {e}", save.display()))?;
            library
                .load_save(&text)
                .map_err(|e| format!("{}: {e}", save.display()))?;
            window(library, &cli, &flags.or(&cli.window), Start::Load(text, save.clone()))
        }
        None => window(load_library(cli.content.as_ref())?, &cli, &cli.window, Start::Menu),
    }
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

fn check(content: Option<&PathBuf>, paths: &[PathBuf]) -> Result<ExitCode, String> {
    let mut set = ContentSet::shipped(content.map(PathBuf::as_path)).map_err(|e| e.to_string())?;
    let mut errors = Vec::new();
    for path in paths {
        let overlaid = if path.is_dir() {
            set.overlay_dir(path)
        } else {
            let key = set.key_for_path(path).ok_or_else(|| {
                format!(
                    "{}: not a known content file (known: {})",
                    path.display(),
                    set.keys()
                        .filter(|k| k.ends_with(".ron"))
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })?;
            set.overlay_file(&key, path)
        };
        if let Err(e) = overlaid {
            errors.push(e);
        }
    }
    let library = Library::load(set);
    errors.extend(library.errors());
    // The guided first games: each script is read, validated and played through headless.
    for game in GameId::LISTED {
        errors.extend(camelot::tutorial::check(&library, game));
    }
    if errors.is_empty() {
        let files = library.set.keys().filter(|k| k.ends_with(".ron")).count();
        println!("content ok: {files} files checked");
        Ok(ExitCode::SUCCESS)
    } else {
        for e in &errors {
            eprintln!("{e}");
        }
        eprintln!("{} problem(s) found", errors.len());
        Ok(ExitCode::from(1))
    }
}

#[cfg(feature = "gui")]
fn window(library: Library, cli: &Cli, flags: &WindowArgs, start: Start) -> Result<ExitCode, String> {
    use camelot::app::bridge::StartMatch;
    let (start, learn) = match start {
        Start::Menu => (None, None),
        Start::New(game, config) => (Some(StartMatch::New { game, config }), None),
        Start::Load(text, path) => {
            // A file among the unfinished games goes on saving to itself, not to a copy.
            let root = camelot::saves::Saves::in_data_dir().root;
            let within = |p: &std::path::Path| p.canonicalize().ok();
            let own = within(&path).zip(within(&root)).is_some_and(|(p, r)| p.starts_with(r));
            if own {
                (Some(StartMatch::Resume { text, slot: path }), None)
            } else {
                (Some(StartMatch::Load(text)), None)
            }
        }
        Start::Learn(game) => (None, Some(game)),
    };
    let opts = camelot::app::WindowOptions {
        library,
        content_dir: cli.content.clone(),
        frames: flags.frames,
        screenshot: flags.screenshot.clone(),
        frame_stats: flags.frame_stats.clone(),
        bot_pace: flags.bot_pace.unwrap_or(0.7).max(0.0),
        window_size: flags.window_size.unwrap_or((1440, 900)),
        start,
        learn,
    };
    camelot::app::run(opts)
}

#[cfg(not(feature = "gui"))]
fn window(_: Library, _: &Cli, _: &WindowArgs, _: Start) -> Result<ExitCode, String> {
    Err(
        "this build has no window (built without the \"gui\" feature); use the headless commands: sim, balance, check, replay, hint"
            .into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_flag_counts_before_the_command_and_after_it_wins() {
        let cli = Cli::try_parse_from([
            "camelot",
            "--frames",
            "3",
            "--window-size",
            "800x600",
            "play",
            "court",
            "--window-size",
            "1280x800",
        ])
        .expect("parses");
        let Some(Command::Play { window, .. }) = &cli.command else {
            panic!("play: {cli:?}")
        };
        let flags = window.or(&cli.window);
        assert_eq!(flags.frames, Some(3), "given before the command");
        assert_eq!(flags.window_size, Some((1280, 800)), "given after it wins");
        assert_eq!(flags.bot_pace, None, "not given: the window's default");
    }
}
