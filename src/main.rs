//! The `camelot` command: the window by default, and headless commands over the same library.
//! Here the arguments and their dispatch; the subcommands themselves are in `commands.rs`.

mod commands;
#[cfg(feature = "online")]
mod online_cli;

use camelot::MIN_WINDOW;
use clap::{Args, Parser, Subcommand};
use commands::Start;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(name = "camelot", version = camelot::version::LONG, about = "Three Arthurian board games at one table")]
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
        (Ok(w), Ok(h)) if w < MIN_WINDOW.0 || h < MIN_WINDOW.1 => Err(format!(
            "{w}x{h} is smaller than the smallest window the tables fit in, {}x{}",
            MIN_WINDOW.0, MIN_WINDOW.1
        )),
        (Ok(w), Ok(h)) if w <= 10_000 && h <= 10_000 => Ok((w, h)),
        _ => Err(format!(
            "\"{s}\" is not a size between {}x{} and 10000x10000",
            MIN_WINDOW.0, MIN_WINDOW.1
        )),
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Open the window straight at a game's table.
    Play(PlayArgs),
    /// Play many bot games headless and report the results.
    Sim(SimArgs),
    /// The tinkerer's bench: many bot games on every core, win rates with intervals, scores,
    /// game length, what is used and how its users do; with --against, the differences.
    Balance(BalanceArgs),
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
    /// Review a save or autosave, finished or not: each decision of a seat rated by the hard
    /// bot from that seat's view then, the win chance lost against the best move, the costly
    /// ones marked and why, and a verdict.
    Review {
        save: PathBuf,
        /// The seat to review, from 1 (default: every human seat)
        #[arg(long)]
        seat: Option<usize>,
        /// Print one JSON object per seat reviewed
        #[arg(long)]
        json: bool,
    },
    /// Open the window at a saved game (a save or an autosave file), to play on from there.
    Open {
        save: PathBuf,
        /// Step through the game instead of playing on (a finished game always opens so)
        #[arg(long)]
        replay: bool,
        /// Replay it and review a seat's decisions (the human seats' first by default)
        #[arg(long)]
        review: bool,
        /// With --review: the seat to review, from 1
        #[arg(long, requires = "review")]
        seat: Option<usize>,
        #[command(flatten)]
        window: WindowArgs,
    },
    /// Host the rooms kept in the host's folder for players on other computers, printing each
    /// room's invitation; every room is kept after every move.
    #[cfg(feature = "online")]
    Serve {
        #[command(flatten)]
        listen: ListenArgs,
    },
    /// Open a room of a game for players on other computers, print its invitation and host it
    /// (with the rooms already kept).
    #[cfg(feature = "online")]
    Host {
        #[command(flatten)]
        table: SeatsArgs,
        #[command(flatten)]
        listen: ListenArgs,
        /// Seconds a seat whose player has gone waits before a normal bot plays it until they
        /// come back, or `never`
        #[arg(long, default_value = "120")]
        bot_after: String,
        /// Take no onlookers at this table
        #[arg(long)]
        no_watchers: bool,
    },
    /// Join a room by its invitation and play your seat in the terminal (or with a bot).
    #[cfg(feature = "online")]
    Join {
        /// The invitation: camelot://HOST:PORT/ROOM/KEY/FINGERPRINT
        code: String,
        /// The seat to take, from 1 (default: the first free one)
        #[arg(long)]
        seat: Option<usize>,
        /// Your name at the table
        #[arg(long, default_value = "Guest")]
        name: String,
        /// Watch the public table instead of playing a seat
        #[arg(long)]
        watch: bool,
        /// Let a bot play the seat from its view: random, easy, normal or hard
        #[arg(long)]
        bot: Option<String>,
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

#[derive(Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    table: SeatsArgs,
    #[command(flatten)]
    window: WindowArgs,
}

/// The table a person sets up: the game, its seats and names, the seed, the variants.
#[derive(Args, Debug)]
struct SeatsArgs {
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
}

/// Where a host listens and what its invitations say.
#[cfg(feature = "online")]
#[derive(Args, Debug)]
struct ListenArgs {
    /// The port to listen on (UDP)
    #[arg(long, default_value_t = 7471)]
    port: u16,
    /// The address to listen on (default: every address of this machine)
    #[arg(long)]
    listen: Option<String>,
    /// The name or address players reach this machine by, written into the invitations
    #[arg(long, default_value = "127.0.0.1")]
    address: String,
    /// The folder that keeps the host's rooms, certificate and key (default: the data folder's host/)
    #[arg(long)]
    dir: Option<PathBuf>,
}

/// The table every headless game of a run is played at (shared by `sim` and `balance`).
#[derive(Args, Debug)]
struct TableArgs {
    game: String,
    #[arg(long, default_value_t = 4)]
    players: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Game variants as key=value, e.g. target=50 (a key the game lacks is refused)
    #[arg(long = "variant", value_name = "KEY=VALUE")]
    variants: Vec<String>,
    /// Die Zukunft: each seat's colour in seat order, e.g. red,blue,green (with two players each
    /// seat's two in turn: red,yellow,green,purple); the turn order is still drawn from the
    /// magician cards
    #[arg(long, value_name = "COLOUR,...")]
    colours: Option<String>,
}

#[derive(Args, Debug)]
struct SimArgs {
    #[command(flatten)]
    table: TableArgs,
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// One bot per seat: random, heuristic, easy, normal, hard (the last repeats)
    #[arg(long, value_delimiter = ',', default_value = "random")]
    bots: Vec<String>,
    /// Print one JSON object
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct BalanceArgs {
    #[command(flatten)]
    table: TableArgs,
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// One bot per seat: random, heuristic, easy, normal, hard (the last repeats)
    #[arg(long, value_delimiter = ',', default_value = "heuristic")]
    bots: Vec<String>,
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
                | Command::Review { .. }
        )
    ) || online_command(&cli.command);
    if headless && cli.window != WindowArgs::default() {
        return Err(
            "--frames, --screenshot, --frame-stats, --window-size and --bot-pace are for the window \
                    (no command, play or open), not for sim, balance, check, replay, hint or review"
                .into(),
        );
    }
    let content = cli.content.as_ref();
    match cli.command.as_ref() {
        Some(Command::Check { paths }) => commands::check(content, paths),
        Some(Command::Sim(args)) => commands::sim(content, args),
        Some(Command::Balance(args)) => commands::balance(content, args),
        Some(Command::Replay { save }) => commands::replay(content, save),
        Some(Command::Hint { save }) => commands::hint(content, save),
        Some(Command::Review { save, seat, json }) => commands::review(content, save, *seat, *json),
        Some(Command::Play(args)) => commands::play(&cli, args),
        #[cfg(feature = "online")]
        Some(Command::Serve { listen }) => {
            online_cli::serve(commands::load_library(content)?, &listen_of(listen), None)
        }
        #[cfg(feature = "online")]
        Some(Command::Host {
            table,
            listen,
            bot_after,
            no_watchers,
        }) => {
            let library = commands::load_library(content)?;
            let (game, config) = commands::table_of(table, &library)?;
            let bot_after = match bot_after.as_str() {
                "never" => None,
                secs => Some(
                    secs.parse::<u32>()
                        .map_err(|_| format!("--bot-after {secs}: a number of seconds, or never"))?,
                ),
            };
            let rules = camelot::online::protocol::RoomRules {
                bot_after,
                watchers: !no_watchers,
            };
            online_cli::host(library, &listen_of(listen), (game, config, rules))
        }
        #[cfg(feature = "online")]
        Some(Command::Join {
            code,
            seat,
            name,
            watch,
            bot,
        }) => online_cli::join(
            commands::load_library(content)?,
            code,
            &online_cli::JoinAs {
                seat: *seat,
                watch: *watch,
                name: name.clone(),
                bot: bot.clone(),
            },
        ),
        Some(Command::Learn { game, window }) => commands::learn(&cli, game, window),
        Some(Command::Open {
            save,
            replay,
            review,
            seat,
            window,
        }) => commands::open(&cli, save, *replay, review.then_some(*seat), window),
        None => commands::window(commands::load_library(content)?, &cli, &cli.window, Start::Menu),
    }
}

/// Whether the command is one of the online table's (headless, like sim).
fn online_command(command: &Option<Command>) -> bool {
    #[cfg(feature = "online")]
    {
        matches!(
            command,
            Some(Command::Serve { .. } | Command::Host { .. } | Command::Join { .. })
        )
    }
    #[cfg(not(feature = "online"))]
    {
        let _ = command;
        false
    }
}

#[cfg(feature = "online")]
fn listen_of(args: &ListenArgs) -> online_cli::Listen {
    online_cli::Listen {
        port: args.port,
        listen: args.listen.clone(),
        address: args.address.clone(),
        dir: args.dir.clone(),
    }
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
            "1100x700",
            "play",
            "court",
            "--window-size",
            "1280x800",
        ])
        .expect("parses");
        let Some(Command::Play(PlayArgs { window, .. })) = &cli.command else {
            panic!("play: {cli:?}")
        };
        let flags = window.or(&cli.window);
        assert_eq!(flags.frames, Some(3), "given before the command");
        assert_eq!(flags.window_size, Some((1280, 800)), "given after it wins");
        assert_eq!(flags.bot_pace, None, "not given: the window's default");
    }

    #[test]
    fn a_window_smaller_than_the_tables_fit_in_is_refused_in_words() {
        assert_eq!(parse_size("1024x640"), Ok((1024, 640)));
        for small in ["320x240", "1023x640", "1280x639"] {
            let e = parse_size(small).expect_err("too small");
            assert!(e.contains("smallest window") && e.contains("1024x640"), "{small}: {e}");
        }
        assert!(parse_size("widexhigh").is_err_and(|e| e.contains("1024x640")));
    }
}
