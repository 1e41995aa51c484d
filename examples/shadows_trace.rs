//! Prints one Shadows over Camelot game played by bots, turn by turn: the table at the start of
//! each turn (Swords, Siege Engines, quests, every Knight's Life, place and hand) and every log
//! line, secrets included. For looking at how the bots play.
//!
//!     cargo run --release --no-default-features --example shadows_trace -- [seed] [players] [bots] [loyalty]
//!
//! `bots` is one kind for every seat or a comma list (random, heuristic, easy, normal, hard).

use camelot::bots::{self, BotKind};
use camelot::content::ContentSet;
use camelot::rules::shadows::{Loyalty, QuestId, Shadows, ShadowsContent};
use camelot::rules::{Game, GameRng, SeatKind, TableConfig};
use std::sync::Arc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(12);
    let players: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let kinds: Vec<BotKind> = args
        .get(3)
        .map_or("normal", String::as_str)
        .split(',')
        .map(|k| BotKind::parse(k).unwrap_or(BotKind::Heuristic))
        .collect();
    let loyalty = args.get(4).map_or("standard", String::as_str);
    let content = match ShadowsContent::load(&ContentSet::embedded()) {
        Ok(c) => Arc::new(c),
        Err(e) => {
            eprintln!("content: {e:?}");
            std::process::exit(2);
        }
    };
    let mut config = TableConfig::with_players(players, SeatKind::Human, seed);
    config.variants.insert("loyalty".into(), loyalty.into());
    let mut g = match Shadows::new_shared(&config, &content) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    for line in g.log_lines(&g.opening_events()) {
        println!("    {}", line.1);
    }
    let mut legal = Vec::new();
    let mut turn = 0;
    for step in 0..20_000usize {
        if g.outcome().is_some() {
            break;
        }
        if g.turn != turn {
            turn = g.turn;
            table(&g);
        }
        let Some(seat) = g.to_act() else { break };
        g.legal_actions_into(&mut legal);
        let kind = kinds.get(seat).or(kinds.last()).copied().unwrap_or(BotKind::Heuristic);
        // As `camelot sim` seeds a bot: never the generator that dealt the game.
        let mut rng = GameRng::seeded(camelot::table::play_out_bot_seed(seed, step));
        let d = bots::decide::<Shadows>(kind, &g.view(seat), &legal, &mut rng);
        let Some(a) = d.action else { break };
        if legal.len() > 1 {
            println!("  > {} [{}]: {}", g.who(seat), legal.len(), g.describe_action(&a));
            if std::env::var("SCORES").is_ok() {
                let v = g.view(seat);
                println!("        [{}]", camelot::rules::shadows::explain(&v));
                let sc = camelot::rules::shadows::scores(&v.game, seat, &legal, &g.content().bots.normal);
                let mut pairs: Vec<(f32, String)> =
                    sc.iter().zip(&legal).map(|(s, a)| (*s, g.describe_action(a))).collect();
                pairs.sort_by(|a, b| b.0.total_cmp(&a.0));
                for (s, d) in pairs.iter().take(8) {
                    println!("        {s:8.3}  {d}");
                }
            }
        }
        match g.apply(&a) {
            Ok(events) => {
                for line in g.log_lines(&events) {
                    println!("    {}", line.1);
                }
            }
            Err(e) => {
                println!("refused: {e}");
                break;
            }
        }
    }
    if let Some(o) = g.outcome() {
        println!("{}  tags: {:?}", o.summary, g.outcome_tags());
    }
}

fn table(g: &Shadows) {
    let mut quests = Vec::new();
    for q in QuestId::ALL {
        let s = g.quest(q);
        if !s.in_play {
            continue;
        }
        let w: Vec<String> = s.white.iter().map(|c| c.name()).collect();
        let b: Vec<String> = s.black.iter().map(|p| p.card.name()).collect();
        quests.push(match q {
            QuestId::Excalibur => format!("Excalibur {:+}", s.track),
            QuestId::PictWar | QuestId::SaxonWar => format!("{q:?} {}fig [{}]", s.figures, w.join(",")),
            _ => format!("{q:?} [{}] vs [{}]", w.join(","), b.join(",")),
        });
    }
    println!(
        "== turn {} ({}): Swords {}W {}B, Siege {}  | {}",
        g.turn,
        g.who(g.active),
        g.white_swords,
        g.black_swords,
        g.siege,
        quests.join(" | ")
    );
    for (s, k) in g.knights.iter().enumerate() {
        let hand: Vec<String> = k.hand.iter().map(|c| c.name()).collect();
        println!(
            "   {}{} life {} at {:?}{}: {}",
            g.who(s),
            if k.loyalty == Loyalty::Traitor {
                " [TRAITOR]"
            } else {
                ""
            },
            k.life,
            k.at,
            if k.dead { " dead" } else { "" },
            hand.join(", ")
        );
    }
}
