//! Setup: a new game from the table's configuration and the content.

use crate::rules::shadows::content::{KnightId, QuestId, ShadowsContent, White};
use crate::rules::shadows::deeds::Deeds;
use crate::rules::shadows::pieces::{KnightState, Location, Loyalty, QuestState, TurnState};
use crate::rules::shadows::state::{QuestTally, Shadows};
use crate::rules::{GameId, GameRng, Report, SetupError, TableConfig};
use std::sync::Arc;

impl Shadows {
    pub(crate) fn setup(config: &TableConfig, content: Arc<ShadowsContent>) -> Result<Shadows, SetupError> {
        let n = config.players();
        let (lo, hi) = GameId::Shadows.seats();
        if !(lo..=hi).contains(&n) {
            return Err(SetupError(format!(
                "Shadows over Camelot is for {lo} to {hi} players, not {n}"
            )));
        }
        let mut rng = GameRng::seeded(config.seed);
        // Knights.
        let chosen = config.variant("knights", "random");
        let knights: Vec<KnightId> = if chosen == "random" || chosen.is_empty() {
            let mut all = KnightId::ALL.to_vec();
            rng.shuffle(&mut all);
            all.truncate(n);
            all
        } else {
            let mut list = Vec::new();
            for part in chosen.split(',') {
                let Some(k) = KnightId::parse(part) else {
                    return Err(SetupError(format!(
                        "unknown Knight \"{}\" in knights=: use {}",
                        part.trim(),
                        KnightId::ALL.map(|k| k.key()).join(", ")
                    )));
                };
                if list.contains(&k) {
                    return Err(SetupError(format!("{} is chosen twice in knights=", k.key())));
                }
                list.push(k);
            }
            if list.len() != n {
                return Err(SetupError(format!(
                    "knights= names {} Knights for {n} seats",
                    list.len()
                )));
            }
            list
        };
        // Loyalty.
        let deck = &content.deck;
        let (loyal, traitor) = match config.variant("loyalty", "standard") {
            "standard" => (deck.loyalty.loyal, deck.loyalty.traitor),
            "among" => (n, deck.loyalty.traitor.min(1)),
            "traitor" => (n - 1, 1),
            "none" => (n, 0),
            other => {
                return Err(SetupError(format!(
                    "unknown loyalty=\"{other}\": use standard, among, traitor or none"
                )));
            }
        };
        if loyal + traitor < n {
            return Err(SetupError(format!(
                "{} Loyalty cards for {n} players: the content needs more",
                loyal + traitor
            )));
        }
        let brave = match config.variant("three_brave_knights", "off") {
            "off" => false,
            "on" if n == 3 => true,
            "on" => {
                return Err(SetupError(format!(
                    "three_brave_knights is the three-player variant, not for {n} players"
                )));
            }
            other => {
                return Err(SetupError(format!(
                    "unknown three_brave_knights=\"{other}\": use on or off"
                )));
            }
        };
        let mut loyalty: Vec<Loyalty> = std::iter::repeat_n(Loyalty::Loyal, loyal)
            .chain(std::iter::repeat_n(Loyalty::Traitor, traitor))
            .collect();
        rng.shuffle(&mut loyalty);
        // White cards: one Merlin each, then the rest shuffled and dealt.
        let mut whites = content.white_cards();
        let mut merlins = 0;
        whites.retain(|&c| {
            if c == White::Merlin && merlins < n {
                merlins += 1;
                false
            } else {
                true
            }
        });
        rng.shuffle(&mut whites);
        let mut blacks = content.black_cards();
        rng.shuffle(&mut blacks);
        let numbers = &deck.numbers;
        let mut states = Vec::with_capacity(n);
        for (seat, &knight) in knights.iter().enumerate() {
            let mut hand = vec![White::Merlin];
            for _ in 0..numbers.hand_start {
                if let Some(c) = whites.pop() {
                    hand.push(c);
                }
            }
            hand.sort_unstable();
            states.push(KnightState {
                knight,
                life: numbers.start_life,
                at: Location::RoundTable,
                doomed: false,
                dead: false,
                unmasked: false,
                hand,
                excalibur: false,
                grail: false,
                armor: false,
                accused: false,
                accused_whom: None,
                loyalty: loyalty[seat],
                revealed: false,
                black_top: 0,
                black_bottom: 0,
                proven_loyal: false,
            });
        }
        let first = knights.iter().position(|&k| k == KnightId::Arthur).unwrap_or(0);
        let quests = QuestId::ALL
            .iter()
            .map(|&q| QuestState::new(q != QuestId::Dragon))
            .collect();
        let mut g = Shadows {
            content,
            names: config.seats.iter().map(|s| s.name.clone()).collect(),
            knights: states,
            white_draw: whites,
            white_discard: Vec::new(),
            black_draw: blacks,
            black_discard: Vec::new(),
            black_unseen: Vec::new(),
            siege_cards: Vec::new(),
            siege: 0,
            white_swords: 0,
            black_swords: 0,
            quests,
            vivien: false,
            dark_forest: false,
            mists: false,
            heroism: None,
            deeds: vec![Deeds::default(); n],
            active: first,
            turn: 0,
            this_turn: TurnState::default(),
            stack: Vec::new(),
            outcome: None,
            rng,
            deck_loyal: loyal as u8,
            deck_traitor: traitor as u8,
            unmasked_by_accusation: false,
            loyalty_unseen: brave,
            tally: QuestTally::default(),
        };
        g.start_turn(first, &mut Report(None));
        Ok(g)
    }
}
