//! The game contract (`rules::Game`) for Shadows: variants, setup, the pending decision,
//! legal actions, apply, views, words, the bench's metrics and census.

use crate::rules::shadows::action::{Action, Task};
use crate::rules::shadows::content::{KnightId, QuestId, ShadowsContent};
use crate::rules::shadows::deeds::Deed;
use crate::rules::shadows::event::Event;
use crate::rules::shadows::outcomes::quest_key;
use crate::rules::shadows::pieces::{Location, Loyalty};
use crate::rules::shadows::state::{QuestTally, Shadows};
use crate::rules::shadows::view::ShadowsView;
use crate::rules::shadows::{apply, words};
use crate::rules::{
    Game, GameId, Outcome, Pending, Report, RuleError, Seat, Secret, SetupError, TableConfig, Tagged, Tally,
    VariantKind, VariantSpec,
};
use std::sync::Arc;

impl Game for Shadows {
    type Action = Action;
    type Event = Event;
    type View = ShadowsView;
    type Content = ShadowsContent;
    const ID: GameId = GameId::Shadows;
    const IN_SIDES: bool = true;

    fn variants() -> Vec<VariantSpec> {
        vec![
            VariantSpec {
                key: "knights",
                label: "Knights in seat order (default: dealt at random)",
                options: vec!["random".into()],
                kind: VariantKind::PerSeat(
                    KnightId::ALL
                        .iter()
                        .map(|k| (k.key().to_string(), format!("{k:?}")))
                        .collect(),
                ),
            },
            VariantSpec::table(
                "loyalty",
                "Loyalty deck: standard (a Traitor maybe), among (N Loyal + the Traitor), traitor (always one), none (all Loyal)",
                &["standard", "among", "traitor", "none"],
                false,
            ),
            VariantSpec::table(
                "three_brave_knights",
                "Three Brave Knights (3 players): no one looks at his Loyalty card until 6 Swords lie on the Round Table",
                &["off", "on"],
                false,
            ),
        ]
    }

    fn new(config: &TableConfig, content: &ShadowsContent) -> Result<Self, SetupError> {
        Shadows::setup(config, Arc::new(content.clone()))
    }

    fn new_shared(config: &TableConfig, content: &Arc<ShadowsContent>) -> Result<Self, SetupError> {
        Shadows::setup(config, content.clone())
    }

    fn opening_events(&self) -> Vec<Tagged<Event>> {
        let first = self.active;
        let mut out = vec![Tagged::public(Event::Setup {
            knights: self.knights.iter().map(|k| k.knight).collect(),
            first,
        })];
        // Three Brave Knights: no one looks yet (the look comes with the Swords).
        for (seat, k) in self.knights.iter().enumerate().filter(|_| !self.loyalty_unseen) {
            out.push(Tagged::only(
                seat,
                Event::LoyaltySeen {
                    seat,
                    loyalty: k.loyalty,
                },
            ));
        }
        out.push(Tagged::public(Event::TurnStarted { seat: first, turn: 1 }));
        if self.knights[first].knight == KnightId::Percival
            && let Some(&card) = self.black_draw.last()
        {
            out.push(Tagged::only(first, Event::Peeked { seat: first, card }));
        }
        out
    }

    fn pending(&self) -> Pending {
        if let Some(o) = &self.outcome {
            return Pending::Finished(o.clone());
        }
        match self.deciding() {
            Some(seat) => Pending::Decide {
                seat,
                // In everyone's words: whoever reads it (a table, a log, a refusal), a face-down
                // card's value and a share of spoils stay their owners'.
                prompt: self.public_view().game.prompt(),
                private: true,
            },
            None => Pending::Finished(Outcome {
                winners: Vec::new(),
                scores: Vec::new(),
                summary: "no decision is pending".into(),
            }),
        }
    }

    fn to_act(&self) -> Option<Seat> {
        self.deciding()
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply_into(&mut self, action: &Action, report: &mut Report<Event>) -> Result<(), RuleError> {
        self.check(action)?;
        self.execute(*action, report);
        Ok(())
    }

    /// The legal list is the judge's own (`check` builds it with `legal_into`): one already made
    /// for this state spares building it again, the dearest part of a step.
    fn apply_listed(&mut self, action: &Action, legal: &[Action]) -> Result<(), RuleError> {
        if !legal.contains(action) {
            return self.apply_quiet(action);
        }
        debug_assert!(self.check(action).is_ok(), "a list made for another state");
        self.execute(*action, &mut Report(None));
        Ok(())
    }

    fn view(&self, seat: Seat) -> ShadowsView {
        self.make_view(seat)
    }

    fn attach_content(view: &mut ShadowsView, content: &Arc<ShadowsContent>) {
        view.game.content = content.clone();
    }

    fn describe_event(&self, event: &Event) -> String {
        words::describe_event(self, event)
    }

    fn describe_action(&self, action: &Action) -> String {
        words::describe_action(self, action)
    }

    fn used(&self, action: &Action) -> Option<String> {
        match *action {
            Action::Move(Location::Quest(q)) => Some(format!("quest: {}", self.content.quest(q).name)),
            a => apply::special_card(a).map(|c| format!("card: {}", c.name())),
        }
    }

    fn seat_emblem(&self, seat: Seat) -> Option<&str> {
        self.knights.get(seat).map(|k| k.knight.key())
    }

    fn is_irreversible(event: &Event) -> bool {
        matches!(
            event,
            Event::BlackDrawn { .. }
                // Refused spoils are dealt out at random.
                | Event::SpoilsRefused { .. }
                | Event::Peeked { .. }
                | Event::WhiteDrawn { .. }
                | Event::WhiteDrawnCount { .. }
                | Event::Reshuffled
                | Event::SiegeFight { .. }
                | Event::SiegeRolled { .. }
                | Event::Accused { .. }
                | Event::Unmasked { .. }
                | Event::Looked { .. }
                | Event::CardPassed { .. }
                | Event::Taunted { .. }
                | Event::CombatRevealed { .. }
                | Event::BlackUnder { .. }
                | Event::LoyaltyShown { .. }
                | Event::TraitorRevealedAtEnd { .. }
                | Event::TurnStarted { .. }
                | Event::GameOver { .. }
        )
    }

    fn turns_taken(&self) -> Option<u32> {
        Some(self.turn)
    }

    /// Evil's progress, which every seat sees: the Siege Engines and the Black Swords.
    fn tally(&self) -> Vec<Tally> {
        [("Siege Engines", self.siege), ("Black Swords", self.black_swords)]
            .into_iter()
            .map(|(noun, n)| Tally {
                seat: None,
                noun,
                value: i64::from(n),
            })
            .collect()
    }

    fn secrets(&self) -> Vec<Secret> {
        self.secret_lines()
    }

    /// What the seat's own view holds of its secrets: under Three Brave Knights not even its
    /// Loyalty card until the Swords allow a look.
    fn secrets_known_to(&self, seat: Seat) -> Vec<Secret> {
        let seen = self.make_view(seat).game;
        seen.secret_lines()
            .into_iter()
            .filter(|s| s.owner == Some(seat))
            .collect()
    }

    /// `knights_win_rate` (the Knights won), `traitor_present`, `traitor_caught` (unmasked by a
    /// right accusation), `traitor_revealed_himself`, `wrong_accusation`, `knight_died`, and
    /// `ends=…` (`swords`: the twelfth Sword; `black_swords`: seven Black Swords before it;
    /// `siege`; `deaths`: every Loyal Knight dead).
    fn place_of(&self, action: &Action) -> crate::rules::Place {
        self.place_of_action(action)
    }

    fn board_places(_content: &ShadowsContent) -> Vec<crate::rules::Place> {
        super::places::board_places()
    }

    fn rule_of(&self, action: &Action) -> Option<crate::rules::RulePart> {
        self.rule_of_action(action)
    }

    fn rule_of_decision(&self) -> Option<crate::rules::RulePart> {
        self.rule_of_task()
    }

    fn outcome_words(tag: &str) -> String {
        super::outcome_words(tag)
    }

    fn outcome_tags(&self) -> Vec<String> {
        let Some(o) = &self.outcome else { return Vec::new() };
        let n = self.numbers();
        let mut tags = Vec::new();
        let yes = |b: bool, name: &str| if b { name.to_string() } else { format!("!{name}") };
        tags.push(yes(
            o.winners.iter().any(|&s| self.knights[s].loyalty == Loyalty::Loyal),
            "knights_win_rate",
        ));
        let end = if self.siege >= n.siege_lose {
            "siege"
        } else if self.swords() >= n.swords_end {
            "swords"
        } else if self.black_swords >= n.black_swords_lose {
            "black_swords"
        } else {
            "deaths"
        };
        tags.push(format!("ends={end}"));
        // Whose Swords closed the game: the last quest to end, and which side won. A quest lost
        // while the Knights lead on White Swords can end the game in their favour.
        if matches!(end, "swords" | "black_swords")
            && let Some((q, won)) = self.tally.last
        {
            let knights = o.winners.iter().any(|&s| self.knights[s].loyalty == Loyalty::Loyal);
            tags.push(format!(
                "last_swords={}_{}_{}",
                quest_key(q),
                if won { "won" } else { "lost" },
                if knights { "knights_win" } else { "evil_wins" }
            ));
        }
        let traitor = self.traitor_seat();
        tags.push(yes(traitor.is_some(), "traitor_present"));
        tags.push(yes(self.unmasked_by_accusation, "traitor_caught"));
        tags.push(yes(
            traitor.is_some_and(|t| self.knights[t].unmasked) && !self.unmasked_by_accusation,
            "traitor_revealed_himself",
        ));
        tags.push(yes(
            self.deeds.iter().any(|d| d.get(Deed::WrongAccusation) > 0),
            "wrong_accusation",
        ));
        tags.push(yes(self.knights.iter().any(|k| k.dead), "knight_died"));
        tags.push(yes(
            self.knights.iter().any(|k| k.dead && k.loyalty == Loyalty::Loyal),
            "loyal_knight_died",
        ));
        // Each quest that was in play: whether a Knight ever went there, and how it ended.
        let t = self.tally;
        for q in QuestId::ALL {
            let state = if QuestTally::has(t.won, q) {
                "won"
            } else if QuestTally::has(t.lost, q) {
                "lost"
            } else if self.quest(q).in_play {
                "open"
            } else {
                continue;
            };
            let key = quest_key(q);
            tags.push(yes(QuestTally::has(t.visited, q), &format!("contested_{key}")));
            tags.push(format!("quest_{key}={state}"));
        }
        tags
    }

    fn sides(&self) -> Vec<crate::rules::Side> {
        let Some(outcome) = &self.outcome else {
            return Vec::new();
        };
        let loyal: Vec<Seat> = (0..self.knights.len())
            .filter(|&s| self.knights[s].loyalty != Loyalty::Traitor)
            .collect();
        let loyal_won = loyal.iter().any(|s| outcome.winners.contains(s));
        let mut sides = vec![crate::rules::Side {
            name: "The Loyal Knights".into(),
            score: crate::rules::counted(self.white_swords, "White Sword", "White Swords"),
            won: loyal_won,
            seats: loyal,
        }];
        if let Some(t) = self.traitor_seat() {
            sides.push(crate::rules::Side {
                name: "Evil, and the Traitor".into(),
                seats: vec![t],
                score: crate::rules::counted(self.black_swords, "Black Sword", "Black Swords"),
                won: !loyal_won,
            });
        }
        sides.sort_by_key(|s| !s.won);
        sides
    }

    /// Per Loyal Knight and game: Life points given to Evil (the Progression of Evil), Life
    /// points spent on an extra action, heals, returns to Camelot from a quest, and deaths.
    fn outcome_figures(&self) -> Vec<(String, f64)> {
        if self.outcome.is_none() {
            return Vec::new();
        }
        let loyal: Vec<usize> = (0..self.knights.len())
            .filter(|&s| self.knights[s].loyalty == Loyalty::Loyal)
            .collect();
        let n = loyal.len().max(1) as f64;
        let per = |d: Deed| loyal.iter().map(|&s| f64::from(self.deeds[s].get(d))).sum::<f64>() / n;
        vec![
            ("life_to_evil_per_loyal_knight".into(), per(Deed::LostLife)),
            ("life_for_actions_per_loyal_knight".into(), per(Deed::Sacrificed)),
            ("heals_per_loyal_knight".into(), per(Deed::Healed)),
            ("returns_to_camelot_per_loyal_knight".into(), per(Deed::MovedHome)),
            (
                "loyal_knights_dead".into(),
                loyal.iter().filter(|&&s| self.knights[s].dead).count() as f64,
            ),
        ]
        .into_iter()
        .chain(QuestId::ALL.into_iter().map(|q| {
            (
                format!("cards_spent_{}", quest_key(q)),
                f64::from(self.tally.spent[q.index()]),
            )
        }))
        .chain(std::iter::once((
            "grail_cards_elsewhere".into(),
            f64::from(self.tally.grail_elsewhere),
        )))
        .collect()
    }

    fn census(&self) -> std::collections::BTreeMap<String, usize> {
        let mut m = std::collections::BTreeMap::new();
        let hands: usize = self.knights.iter().map(|k| k.hand.len()).sum();
        let on_quests_white: usize = self.quests.iter().map(|q| q.white.len()).sum();
        let on_quests_black: usize = self.quests.iter().map(|q| q.black.len()).sum();
        // Cards held by a decision under way: Black cards drawn and not yet placed, spoils being
        // shared, Clairvoyance's cards, Heroism attached to its quest.
        let mut pending_black = 0;
        let mut pending_white = usize::from(self.heroism.is_some());
        for t in &self.stack {
            match t {
                Task::ArmorPick { .. } => pending_black += 2,
                Task::Resolve { .. } | Task::Place { .. } | Task::Special { .. } => pending_black += 1,
                Task::MordredWar { .. } => pending_black += 1,
                Task::Clairvoyance { left, chosen, .. } => pending_black += left.len() + chosen.len(),
                Task::Share { pool, .. } | Task::ShareVote { pool, .. } => pending_white += pool.len(),
                _ => {}
            }
        }
        m.insert(
            "white cards".into(),
            hands
                + self.white_draw.len()
                + self.white_discard.len()
                + self.siege_cards.len()
                + on_quests_white
                + pending_white,
        );
        m.insert(
            "black cards".into(),
            self.black_draw.len()
                + self.black_discard.len()
                + self.black_unseen.len()
                + on_quests_black
                + pending_black,
        );
        m.insert("swords".into(), self.swords() as usize);
        m.insert("siege engines".into(), self.siege as usize);
        m.insert("figures".into(), self.quests.iter().map(|q| q.figures as usize).sum());
        m.insert("knights".into(), self.knights.len());
        m
    }
}
