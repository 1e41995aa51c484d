//! For writing a tutorial (`levels/<game>/tutorial.ron`): plays the script headless as
//! `camelot check` does, then goes on for a few more of the human seat's decisions (taking the
//! easy bot's choice for it) and prints, at each, the log the human seat may read, the prompt and
//! every legal move's words — the words a step's `suggest` must match.
//!
//! `cargo run --no-default-features --features tools --example tutorial_probe -- court [MORE] [SEED]`
//! (MORE: how many decisions past the script to show, default 8; SEED overrides the script's.)

use camelot::content::ContentSet;
use camelot::library::Library;
use camelot::rules::Pending;
use camelot::tutorial::{self, TutorialRun};

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let game = args.next().ok_or("usage: tutorial_probe GAME [MORE] [SEED]")?;
    let game = camelot::library::game_of_key(&game).ok_or("unknown game")?;
    let more: usize = args.next().map_or(Ok(8), |s| s.parse()).map_err(|e| format!("{e}"))?;
    let seed: Option<u64> = args.next().map(|s| s.parse()).transpose().map_err(|e| format!("{e}"))?;
    let library = Library::load(ContentSet::shipped(None).map_err(|e| e.to_string())?);
    let mut script = tutorial::load(&library, game).map_err(|e| format!("{e:?}"))?;
    if let Some(seed) = seed {
        script.seed = seed;
        script.steps.clear();
    }
    let mut m = tutorial::play_script(&library, game, &script).map_err(|e| e.to_string())?;
    let run = TutorialRun::start(script.clone())?;
    let human = run.human;
    let mut shown = 0;
    let mut log_seen = 0;
    while shown <= more {
        match m.pending() {
            Pending::Finished(o) => {
                println!("finished: {}", o.summary);
                break;
            }
            Pending::Decide { seat, prompt, .. } if seat == human => {
                let log = m.story_log(&library);
                let visible: Vec<&String> = log
                    .iter()
                    .filter(|(to, _)| to.shows_to(Some(human)))
                    .map(|(_, t)| t)
                    .collect();
                for line in visible.iter().skip(log_seen) {
                    println!("  | {line}");
                }
                log_seen = visible.len();
                if let Some(sh) = m
                    .as_any()
                    .downcast_ref::<camelot::rules::record::Match<camelot::rules::shadows::Shadows>>()
                {
                    // What the human seat sees of itself in Shadows: its hand and its Loyalty.
                    let me = &sh.state.knights[human];
                    println!(
                        "  (your hand: {:?}; your Loyalty: {:?}; life {:?})",
                        me.hand, me.loyalty, me.life
                    );
                }
                let k = run.human_moves(m.as_ref());
                println!("== human decision {} (step {}): {prompt}", k, k + 1);
                for (i, l) in m.legal_labels().iter().enumerate() {
                    println!("   [{i}] {l}");
                }
                let job = m
                    .bot_job(camelot::bots::BotKind::Level(camelot::rules::Difficulty::Easy), 1)
                    .ok_or("no job")?;
                let index = job().ok_or("no action")?;
                m.apply_index(index).map_err(|e| e.to_string())?;
                let last = m.actions_taken() - 1;
                println!("   -> easy bot: {}", m.action_label(last, &library).unwrap_or_default());
                shown += 1;
            }
            Pending::Decide { .. } => match tutorial::bot_move(m.as_mut()) {
                Some(r) => r?,
                None => return Err("nobody to act".into()),
            },
        }
    }
    Ok(())
}
