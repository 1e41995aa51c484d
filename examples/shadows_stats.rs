//! Tallies how bots' Shadows games go (a development aid): Evil choices, Heroic Actions by kind,
//! quests won and lost, where Siege Engines came from.
use camelot::bots::{self, BotKind};
use camelot::content::ContentSet;
use camelot::rules::shadows::{Action, Event, EvilChoice, Loyalty, Shadows, ShadowsContent};
use camelot::rules::{Game, GameRng, SeatKind, TableConfig};
use std::collections::BTreeMap;
use std::sync::Arc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    let players: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let kind = BotKind::parse(args.get(3).map_or("normal", String::as_str)).unwrap_or(BotKind::Heuristic);
    let loyalty = args.get(4).map_or("none", String::as_str);
    let content = Arc::new(ShadowsContent::load(&ContentSet::embedded()).expect("content"));
    let mut tally: BTreeMap<String, f64> = BTreeMap::new();
    let mut add = |k: String, v: f64| *tally.entry(k).or_default() += v;
    let mut wins = 0;
    for seed in 0..games {
        let mut config = TableConfig::with_players(players, SeatKind::Human, 5000 + seed);
        config.variants.insert("loyalty".into(), loyalty.into());
        let mut g = Shadows::new_shared(&config, &content).expect("setup");
        let mut legal = Vec::new();
        for step in 0..20000u64 {
            if g.outcome().is_some() {
                break;
            }
            let seat = g.to_act().expect("seat");
            g.legal_actions_into(&mut legal);
            let mut rng = GameRng::seeded(seed ^ (step << 20));
            let a = bots::choose::<Shadows>(kind, &g.view(seat), &legal, &mut rng).expect("a");
            let top = format!("{:?}", g.stack.last())
                .split(|c: char| !c.is_alphanumeric())
                .nth(1)
                .unwrap_or("")
                .to_string();
            match a {
                Action::Evil(c) => add(format!("evil {c:?}"), 1.0),
                _ if top == "Heroic" => {
                    let name = format!("{a:?}");
                    let name = name.split('(').next().unwrap_or("").to_string();
                    add(format!("heroic {name}"), 1.0);
                }
                _ => {}
            }
            let before_siege = g.siege;
            let events = g.apply(&a).expect("legal");
            for e in &events {
                match &e.event {
                    Event::QuestEnded { quest, won, .. } => {
                        add(format!("quest {quest:?} {}", if *won { "won" } else { "lost" }), 1.0)
                    }
                    Event::BlackToSiege { .. } => add("siege from black to siege".into(), 1.0),
                    Event::SiegeChanged { by, .. } if *by > 0 && matches!(a, Action::Evil(EvilChoice::AddSiege)) => {
                        add("siege from evil choice".into(), *by as f64)
                    }
                    Event::SiegeChanged { by, .. } if *by < 0 => add("siege removed".into(), -*by as f64),
                    Event::SiegeChanged { by, .. } if *by > 0 => {
                        add("siege other (war loss, morgan)".into(), *by as f64)
                    }
                    Event::Died { .. } => add("deaths".into(), 1.0),
                    Event::Accused { loyalty, .. } => add(format!("accused {loyalty:?}"), 1.0),
                    _ => {}
                }
            }
            let _ = before_siege;
        }
        if g.outcome()
            .is_some_and(|o| o.winners.iter().any(|&s| g.knights[s].loyalty == Loyalty::Loyal))
        {
            wins += 1;
        }
        add("turns".into(), g.turn as f64);
        add("white swords".into(), g.white_swords as f64);
        add("black swords".into(), g.black_swords as f64);
        for t in g.outcome_tags() {
            if t.starts_with("ends=") {
                add(t, 1.0);
            }
        }
    }
    println!("{games} games, knights won {wins}");
    for (k, v) in tally {
        println!("{:40} {:8.2}", k, v / games as f64);
    }
}
