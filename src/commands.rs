//! The subcommands of the `camelot` command, each its own function; `main.rs` parses the
//! arguments and dispatches here.

use super::{BalanceArgs, Cli, PlayArgs, SeatsArgs, SimArgs, TableArgs, WindowArgs};
use camelot::bots::BotKind;
use camelot::content::ContentSet;
use camelot::library::{Library, MatchFace};
use camelot::rules::{GameId, Pending, SeatKind, TableConfig};
use camelot::sim::{self, SimOptions};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// How the window starts: at the menu, at a new table, or at a saved game.
#[cfg_attr(not(feature = "gui"), allow(dead_code))]
pub enum Start {
    Menu,
    New(GameId, TableConfig),
    /// A save's text and where it was read: an unfinished game's own file is played on in place.
    Load(String, PathBuf),
    /// A game's guided first game (its tutorial script, checked to load).
    Learn(GameId),
    /// A save's text stepped through, and the seat to review (`Some(None)`: the default seat).
    Replay(String, Option<Option<usize>>),
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
    camelot::library::game_of_key(s).ok_or_else(|| {
        let keys: Vec<&str> = camelot::library::listed().map(GameId::key).collect();
        format!("unknown game \"{s}\": use {}", keys.join(", "))
    })
}

pub fn load_library(content: Option<&PathBuf>) -> Result<Library, String> {
    let set = ContentSet::shipped(content.map(PathBuf::as_path)).map_err(|e| e.to_string())?;
    Ok(Library::load(set))
}

/// A save file read and loaded: its text and the match, or what is wrong (`path: why`).
fn read_save(library: &Library, save: &Path) -> Result<(String, Box<dyn MatchFace>), String> {
    let text = std::fs::read_to_string(save).map_err(|e| format!("{}: {e}", save.display()))?;
    let m = library
        .load_save(&text)
        .map_err(|e| format!("{}: {e}", save.display()))?;
    Ok((text, m))
}

/// The games `sim` and `balance` play: the bots and variants read, the colours checked.
fn sim_options(table: &TableArgs, games: usize, bots: &[String]) -> Result<SimOptions, String> {
    let game = parse_game(&table.game)?;
    Ok(SimOptions {
        game,
        players: table.players,
        games,
        seed: table.seed,
        bots: bots.iter().map(|b| BotKind::parse(b)).collect::<Result<Vec<_>, _>>()?,
        variants: with_colours(game, table.players, &table.colours, parse_variants(&table.variants)?)?,
        max_actions: 20_000,
    })
}

/// `sim`: many bot games headless, and their results.
pub fn sim(content: Option<&PathBuf>, args: &SimArgs) -> Result<ExitCode, String> {
    let library = load_library(content)?;
    let opts = sim_options(&args.table, args.games, &args.bots)?;
    let report = sim::run(&library, &opts, &mut |w| eprintln!("{w}"))?;
    if args.json {
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
            "  mean {:.1} actions, {:.1} {}; {:.1} games/s; decisions mean {:.3} ms, p95 {:.3} ms",
            report.mean_actions,
            report.mean_turns,
            camelot::balance::GameWords::of(opts.game).period.plural(),
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

/// `balance`: the tinkerer's bench, with --against the differences.
pub fn balance(content: Option<&PathBuf>, args: &BalanceArgs) -> Result<ExitCode, String> {
    let now = load_library(content)?;
    let now_name = content.map_or("this content".to_string(), |d| d.display().to_string());
    let was = match args.against.as_deref() {
        None => None,
        Some("shipped") => Some((Library::load(ContentSet::embedded()), "shipped".to_string())),
        Some(dir) => Some((load_library(Some(&PathBuf::from(dir)))?, dir.to_string())),
    };
    let opts = sim_options(&args.table, args.games, &args.bots)?;
    // Ctrl+C stops the games not yet started; the report tells what was done.
    static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let _ = ctrlc::set_handler(|| STOP.store(true, std::sync::atomic::Ordering::Relaxed));
    let total = args.games * if was.is_some() { 2 } else { 1 };
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
        args.jobs,
        &done,
        &STOP,
    );
    bar.finish_and_clear();
    let result = result?;
    if let Some(path) = &args.report {
        std::fs::write(path, camelot::balance::html(&result)).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("report written to {}", path.display());
    }
    if args.json {
        println!("{}", serde_json::to_string(&result).map_err(|e| e.to_string())?);
    } else {
        print!("{}", camelot::balance::text(&result));
    }
    Ok(ExitCode::SUCCESS)
}

/// `replay`: a save replayed headless, its outcome or the decision it waits on.
pub fn replay(content: Option<&PathBuf>, save: &Path) -> Result<ExitCode, String> {
    let library = load_library(content)?;
    let (_, m) = read_save(&library, save)?;
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

/// `hint`: the hard bot's hint for the seat to act in a save.
pub fn hint(content: Option<&PathBuf>, save: &Path) -> Result<ExitCode, String> {
    let library = load_library(content)?;
    let (_, m) = read_save(&library, save)?;
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

/// `--seat N` (from 1) as a seat of `m`, or why not.
fn seat_arg(m: &dyn MatchFace, n: usize) -> Result<usize, String> {
    let seats = m.config().seats.len();
    match n {
        0 => Err("--seat counts from 1".into()),
        n if n > seats => Err(format!(
            "--seat {n}: this game of {} has {seats} seats",
            m.game().title()
        )),
        n => Ok(n - 1),
    }
}

/// `review`: a seat's decisions rated, marked and summed up, headless.
pub fn review(content: Option<&PathBuf>, save: &Path, seat: Option<usize>, json: bool) -> Result<ExitCode, String> {
    let library = load_library(content)?;
    let (_, m) = read_save(&library, save)?;
    let seats = match seat {
        Some(n) => vec![seat_arg(m.as_ref(), n)?],
        None => camelot::review::default_seats(m.as_ref()),
    };
    for seat in seats {
        let bar = indicatif::ProgressBar::new(0).with_style(
            indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} decisions, {eta} left")
                .map_err(|e| e.to_string())?
                .progress_chars("=> "),
        );
        bar.set_message(format!("Reviewing {}", m.config().seat_name(seat)));
        let review = camelot::review::review(m.as_ref(), &library, seat, &|done, total| {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
            true
        })?;
        bar.finish_and_clear();
        if json {
            println!("{}", serde_json::to_string(&review).map_err(|e| e.to_string())?);
        } else {
            for line in review.lines() {
                println!("{line}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `play`: the window straight at a new game's table.
pub fn play(cli: &Cli, args: &PlayArgs) -> Result<ExitCode, String> {
    let library = load_library(cli.content.as_ref())?;
    let (game, config) = table_of(&args.table, &library)?;
    window(library, cli, &args.window.or(&cli.window), Start::New(game, config))
}

/// The table a person set up on the command line (`play`, `host`): its seats (one human and
/// bots by default), names, seed and variants, checked by setting it up once, so that a table
/// that cannot be built says what is wrong on the terminal.
pub fn table_of(args: &SeatsArgs, library: &Library) -> Result<(GameId, TableConfig), String> {
    let SeatsArgs {
        game,
        seats,
        names,
        seed,
        variants,
        colours,
    } = args;
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
    // A name the table could not draw whole is refused where it is typed.
    config.check_names()?;
    library.new_match(game, config.clone())?;
    Ok((game, config))
}

/// `learn`: the window at a game's guided first game.
pub fn learn(cli: &Cli, game: &str, flags: &WindowArgs) -> Result<ExitCode, String> {
    let game = parse_game(game)?;
    // Checked here first, so that a broken tutorial says what is wrong on the terminal.
    let library = load_library(cli.content.as_ref())?;
    let tutorial = camelot::tutorial::load(&library, game)
        .map_err(|errors| errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))?;
    library.new_match(game, tutorial.table_config()?)?;
    window(library, cli, &flags.or(&cli.window), Start::Learn(game))
}

/// `open`: the window at a saved game, to play on from there, or (`--replay`, `--review`, and
/// any finished game) to step through it; `review` is `Some(seat from 1, or none)` with `--review`.
pub fn open(
    cli: &Cli,
    save: &Path,
    replay: bool,
    review: Option<Option<usize>>,
    flags: &WindowArgs,
) -> Result<ExitCode, String> {
    // Checked here first, so that a broken save says what is wrong on the terminal.
    let library = load_library(cli.content.as_ref())?;
    let (text, m) = read_save(&library, save)?;
    let review = match review {
        Some(Some(n)) => Some(Some(seat_arg(m.as_ref(), n)?)),
        other => other,
    };
    let finished = matches!(m.pending(), Pending::Finished(_));
    let start = if replay || review.is_some() || finished {
        Start::Replay(text, review)
    } else {
        Start::Load(text, save.to_path_buf())
    };
    window(library, cli, &flags.or(&cli.window), start)
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

pub fn check(content: Option<&PathBuf>, paths: &[PathBuf]) -> Result<ExitCode, String> {
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
    for game in camelot::library::listed() {
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
pub fn window(library: Library, cli: &Cli, flags: &WindowArgs, start: Start) -> Result<ExitCode, String> {
    use camelot::app::bridge::StartMatch;
    let mut replay = None;
    let (start, learn) = match start {
        Start::Replay(text, review) => {
            replay = Some((text, review));
            (None, None)
        }
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
        replay,
    };
    camelot::app::run(opts)
}

#[cfg(not(feature = "gui"))]
pub fn window(_: Library, _: &Cli, _: &WindowArgs, _: Start) -> Result<ExitCode, String> {
    Err(
        "this build has no window (built without the \"gui\" feature); use the headless commands: sim, balance, check, replay, hint"
            .into(),
    )
}
