//! Writes Shadows over Camelot saves that stop just before the table's big moments, to open in
//! the window (`camelot open SAVE`) and look at: a three-Merlin question, an accusation to make,
//! a Black card to draw, and the last moves of a game. Seats play the tuned heuristic to get there;
//! in each save the seat to decide is human and the others are bots.
//!
//!     cargo run --no-default-features --features tools --example shadows_moments -- OUT_DIR [players]

use camelot::content::ContentSet;
use camelot::library::Library;
use camelot::rules::record::Match;
use camelot::rules::shadows::{Action, Shadows, Task, heuristic_with};
use camelot::rules::{Difficulty, Game, GameId, GameRng, SeatKind, TableConfig};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let out = std::path::PathBuf::from(args.get(1).ok_or("usage: shadows_moments OUT_DIR [players]")?);
    let players: usize = args.get(2).and_then(|p| p.parse().ok()).unwrap_or(5);
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let library = Library::load(ContentSet::embedded());
    let content = library.content::<Shadows>().map_err(|e| e.to_string())?;
    let hash = library.content_hash(GameId::Shadows);
    let wanted: [(&str, Moment); 3] = [
        ("merlin", |g, _| {
            matches!(g.stack.last(), Some(Task::MerlinPledge { .. }))
        }),
        ("accuse", |_, legal| {
            legal.iter().any(|a| matches!(a, Action::Accuse(_)))
        }),
        ("black", |g, _| {
            g.turn >= 12 && matches!(g.stack.last(), Some(Task::Evil))
        }),
    ];
    let mut found = [false; 3];
    for seed in 0..400u64 {
        let mut config = TableConfig::with_players(players, SeatKind::Bot(Difficulty::Normal), seed);
        config.variants.insert("loyalty".into(), "traitor".into());
        let mut m: Match<Shadows> = Match::new_shared(config, &content, hash.clone()).map_err(|e| e.0)?;
        // The bots' one generator, not the one that dealt the game.
        let mut rng = GameRng::seeded(camelot::library::play_out_bot_seed(seed, 0));
        let mut legal = Vec::new();
        for _ in 0..5_000 {
            if m.state.outcome().is_some() {
                break;
            }
            m.state.legal_actions_into(&mut legal);
            if let Some(seat) = m.state.deciding() {
                for (i, (name, test)) in wanted.iter().enumerate() {
                    if !found[i] && test(&m.state, &legal) {
                        found[i] = true;
                        write(&out, name, &m, &[seat])?;
                    }
                }
            }
            let Some(seat) = m.state.deciding() else { break };
            let weights = m.state.content().bots.normal.clone();
            let Some(a) = heuristic_with(&m.state.view(seat).game, &legal, &mut rng, &weights) else {
                break;
            };
            m.apply(&a).map_err(|e| e.0)?;
        }
        // The end: the game replayed to a few actions before it finished, every seat a bot.
        if m.state.outcome().is_some() && !out.join("end.ron").exists() {
            let mut end: Match<Shadows> =
                Match::new_shared(m.config.clone(), &content, hash.clone()).map_err(|e| e.0)?;
            for a in &m.actions[..m.actions.len().saturating_sub(6)] {
                end.apply(a).map_err(|e| e.0)?;
            }
            write(&out, "end", &end, &[])?;
        }
        if found.iter().all(|f| *f) && out.join("end.ron").exists() {
            return Ok(());
        }
    }
    Err(format!("not every moment came up: {found:?}"))
}

/// Whether a state, with its legal actions, is the moment wanted.
type Moment = fn(&Shadows, &[Action]) -> bool;

/// Saves the match with these seats human and the others bots.
fn write(out: &std::path::Path, name: &str, m: &Match<Shadows>, humans: &[usize]) -> Result<(), String> {
    let mut m = m.clone();
    for (seat, s) in m.config.seats.iter_mut().enumerate() {
        s.kind = if humans.contains(&seat) {
            SeatKind::Human
        } else {
            SeatKind::Bot(Difficulty::Normal)
        };
    }
    let path = out.join(format!("{name}.ron"));
    std::fs::write(&path, m.to_ron()).map_err(|e| e.to_string())?;
    println!("{}: {}", path.display(), m.state.prompt());
    Ok(())
}
