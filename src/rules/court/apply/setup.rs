//! Setup: a new game from the table's configuration, and the names the rules speak in.

use crate::rules::court::content::{CourtContent, FactionId, KnightId, KnightState, SpaceId};
use crate::rules::court::event::Event;
use crate::rules::court::state::{Court, Phase};
use crate::rules::{GameId, GameRng, Seat, SetupError, TableConfig, Tagged};
use std::collections::VecDeque;
use std::sync::Arc;

impl Court {
    pub(in crate::rules::court) fn setup(
        config: &TableConfig,
        content: Arc<CourtContent>,
    ) -> Result<Court, SetupError> {
        let n = config.players();
        let (lo, hi) = GameId::Court.seats();
        if n < lo || n > hi {
            return Err(SetupError(format!(
                "Camelot – The Court takes {lo} to {hi} players, not {n}"
            )));
        }
        if n > content.factions.len() {
            return Err(SetupError(format!(
                "there are only {} factions for {n} players",
                content.factions.len()
            )));
        }
        let rules = &content.rules;

        // The points target.
        let target_text = config.variant("target", "default").trim();
        let target = if target_text.is_empty() || target_text.eq_ignore_ascii_case("default") {
            rules.default_target
        } else {
            match target_text.parse::<i64>() {
                Ok(t) if t > 0 => t,
                _ => {
                    return Err(SetupError(format!(
                        "the points target must be a positive whole number, not \"{target_text}\""
                    )));
                }
            }
        };

        // The factions, in seat order.
        let faction_text = config.variant("factions", "default").trim();
        let factions: Vec<FactionId> = if faction_text.is_empty() || faction_text.eq_ignore_ascii_case("default") {
            (0..n).map(|i| FactionId(i as u8)).collect()
        } else {
            let mut chosen = Vec::new();
            for name in faction_text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let Some(f) = content.faction_named(name) else {
                    let known: Vec<&str> = content.factions.iter().map(|f| f.id.as_str()).collect();
                    return Err(SetupError(format!(
                        "there is no faction \"{name}\" (the factions are {})",
                        known.join(", ")
                    )));
                };
                if chosen.contains(&f) {
                    return Err(SetupError(format!("faction \"{name}\" is chosen twice")));
                }
                chosen.push(f);
            }
            if chosen.len() < n {
                return Err(SetupError(format!(
                    "{n} players need {n} factions, but only {} are named",
                    chosen.len()
                )));
            }
            chosen.truncate(n);
            chosen
        };

        // The tights rule: seat numbers from 1.
        let mut tights = Vec::new();
        for part in config
            .variant("tights", "")
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            match part.parse::<usize>() {
                Ok(s) if (1..=n).contains(&s) => {
                    if !tights.contains(&(s - 1)) {
                        tights.push(s - 1);
                    }
                }
                _ => {
                    return Err(SetupError(format!(
                        "tights names seats by number from 1 to {n}, not \"{part}\""
                    )));
                }
            }
        }

        let equites = content.equites().count();
        let need = rules.opening_knights * n;
        if equites < need {
            return Err(SetupError(format!(
                "{n} players need {need} Equites spaces for their opening knights, but the hall has {equites}"
            )));
        }
        if content.deck_cards().len() < rules.hand_size * n {
            return Err(SetupError(format!(
                "the deck is too small to deal {} cards to each of {n} players",
                rules.hand_size
            )));
        }

        let mut knights = vec![KnightState::default(); content.knights.len()];
        for (seat, f) in factions.iter().enumerate() {
            if let Some(faction) = content.faction(*f) {
                for k in &faction.knights {
                    if let Some(st) = knights.get_mut(k.index()) {
                        st.owner = Some(seat);
                    }
                }
            }
        }

        let mut rng = GameRng::seeded(config.seed);
        let mut draw = content.deck_cards();
        rng.shuffle(&mut draw);
        let mut hands = vec![Vec::new(); n];
        for _ in 0..rules.hand_size {
            for hand in hands.iter_mut() {
                if let Some(c) = draw.pop() {
                    hand.push(c);
                }
            }
        }
        let mut opening = Vec::new();
        for (seat, hand) in hands.iter().enumerate() {
            opening.push(Tagged::only(
                seat,
                Event::Dealt {
                    seat,
                    cards: hand.clone(),
                },
            ));
            opening.push(Tagged::public(Event::DealtCount {
                seat,
                count: hand.len(),
            }));
        }

        // First player: the tights rule, else a d6 roll-off; tied players roll again (or, where
        // the rules file says so, the first of them in seat order starts).
        let first = if tights.len() == 1 {
            opening.push(Tagged::public(Event::FirstPlayer {
                seat: tights[0],
                tights: true,
            }));
            tights[0]
        } else {
            let mut rollers: Vec<Seat> = if tights.is_empty() { (0..n).collect() } else { tights };
            let mut rounds = 0;
            loop {
                rounds += 1;
                let rolls: Vec<(Seat, u8)> = rollers.iter().map(|&s| (s, rng.d6())).collect();
                let best = rolls.iter().map(|&(_, r)| r).max().unwrap_or(0);
                opening.push(Tagged::public(Event::RollOff { rolls: rolls.clone() }));
                rollers = rolls.iter().filter(|&&(_, r)| r == best).map(|&(s, _)| s).collect();
                if rollers.len() <= 1 || rounds >= 1000 || !rules.first_player_ties_reroll {
                    break;
                }
            }
            let seat = rollers.first().copied().unwrap_or(0);
            opening.push(Tagged::public(Event::FirstPlayer { seat, tights: false }));
            seat
        };

        Ok(Court {
            board: vec![None; content.spaces.len()],
            hall: Default::default(),
            content,
            seat_names: (0..n)
                .map(|s| config.seat_name(s).to_string())
                .collect::<Vec<_>>()
                .into(),
            factions,
            target,
            knights,
            hands,
            draw,
            discard: Vec::new(),
            scores: vec![0; n],
            phase: Phase::Placement { step: 0 },
            active: first,
            first,
            played: 0,
            turn: 0,
            rng,
            rigged: VecDeque::new(),
            opening,
        })
    }

    pub(in crate::rules::court) fn players(&self) -> usize {
        self.hands.len()
    }

    pub(super) fn name(&self, k: KnightId) -> &str {
        self.content.knight_name(k)
    }

    pub(super) fn space_name(&self, s: SpaceId) -> &str {
        self.content.space_name(s)
    }

    pub(super) fn seat_name(&self, seat: Seat) -> &str {
        self.seat_names.get(seat).map_or("?", String::as_str)
    }
}
