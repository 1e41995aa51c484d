//! The game contract (`rules::Game`) for The Court: variants, setup, the pending decision, legal
//! actions, apply, views, words and the bench's figures; the content's loader; the knights'
//! values.

use crate::rules::court::action::Action;
use crate::rules::court::content::{CourtContent, KnightId, KnightState, KnightValues, SpaceId};
use crate::rules::court::event::Event;
use crate::rules::court::state::{Court, Phase};
use crate::rules::court::view::CourtView;
use crate::rules::court::{places, words};
use crate::rules::{
    Game, GameId, GameRng, Outcome, Pending, Report, RuleError, Seat, Secret, SetupError, TableConfig, Tagged, Tally,
    VariantKind, VariantSpec, Visibility,
};
use std::sync::Arc;

impl KnightValues for Court {
    fn content_of(&self) -> &CourtContent {
        &self.content
    }
    fn knight_state(&self, k: KnightId) -> Option<&KnightState> {
        self.knight(k)
    }
}

impl crate::content::LoadContent for CourtContent {
    const FILES: &'static [&'static str] = CourtContent::FILES;
    fn load(set: &crate::content::ContentSet) -> Result<CourtContent, Vec<crate::content::ContentError>> {
        CourtContent::load(set)
    }
}

/// The rulebook's first-player rule (spec §7.4): a player in mauve, pink or primrose tights
/// goes first; if several are, only they roll for it.
fn tights_variant() -> VariantSpec {
    VariantSpec {
        key: "tights",
        label: "Mauve, pink or primrose tights: this player goes first (if several do, they roll for it)",
        options: vec![String::new()],
        kind: VariantKind::SeatFlag("Tights"),
    }
}

impl Game for Court {
    type Action = Action;
    type Event = Event;
    type View = CourtView;
    type Content = CourtContent;
    const ID: GameId = GameId::Court;

    fn variants() -> Vec<VariantSpec> {
        vec![
            VariantSpec::table(
                "target",
                "Points target (default: rules.ron)",
                &["default", "50", "100", "200"],
                true,
            ),
            VariantSpec::table(
                "factions",
                "Factions in seat order, e.g. cornwall,orkney (default: file order)",
                &["default"],
                true,
            ),
        ]
    }

    fn variants_for(content: &CourtContent) -> Vec<VariantSpec> {
        let default = content.rules.default_target.to_string();
        let mut targets = vec![default.clone()];
        targets.extend(
            content
                .rules
                .targets
                .iter()
                .map(|t| t.to_string())
                .filter(|t| *t != default),
        );
        let ids: Vec<&str> = content.factions.iter().map(|f| f.id.as_str()).collect();
        vec![
            VariantSpec {
                key: "target",
                label: "Points target (first to reach it wins)",
                options: targets,
                kind: VariantKind::Table { custom: true },
            },
            VariantSpec {
                key: "factions",
                label: "Factions in seat order",
                options: vec![ids.join(",")],
                kind: VariantKind::PerSeat(
                    content
                        .factions
                        .iter()
                        .map(|f| (f.id.clone(), f.name.clone()))
                        .collect(),
                ),
            },
            tights_variant(),
        ]
    }

    fn new(config: &TableConfig, content: &CourtContent) -> Result<Self, SetupError> {
        Court::setup(config, Arc::new(content.clone()))
    }

    fn new_shared(config: &TableConfig, content: &Arc<CourtContent>) -> Result<Self, SetupError> {
        Court::setup(config, content.clone())
    }

    fn opening_events(&self) -> Vec<Tagged<Event>> {
        self.opening.clone()
    }

    fn pending(&self) -> Pending {
        self.pending_decision()
    }

    fn to_act(&self) -> Option<Seat> {
        Court::to_act(self)
    }

    fn outcome(&self) -> Option<&Outcome> {
        match &self.phase {
            Phase::Finished(o) => Some(o),
            _ => None,
        }
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn random_legal(&self, rng: &mut GameRng, scratch: &mut Vec<Action>) -> Option<Action> {
        Court::random_legal(self, rng, scratch)
    }

    fn apply_into(&mut self, action: &Action, report: &mut Report<Event>) -> Result<(), RuleError> {
        self.validate(action)?;
        self.execute(action, report);
        Ok(())
    }

    fn apply_drawn(&mut self, action: &Action, _scratch: &[Action]) -> Result<(), RuleError> {
        // `random_legal` builds only what `check` accepts (the tests
        // `a_random_draw_without_the_list_is_the_lists_draw` and
        // `legal_actions_are_exactly_the_accepted_ones`); a debug build asks the judge anyway.
        debug_assert!(self.validate(action).is_ok(), "a drawn action was refused: {action:?}");
        self.execute(action, &mut Report(None));
        Ok(())
    }

    fn view(&self, seat: Seat) -> CourtView {
        self.make_view(seat)
    }

    fn attach_content(view: &mut CourtView, content: &Arc<CourtContent>) {
        view.content = content.clone();
    }

    fn describe_event(&self, event: &Event) -> String {
        words::describe_event(&self.content, &self.seat_names, event)
    }

    fn log_lines(&self, events: &[Tagged<Event>]) -> Vec<(Visibility, String)> {
        words::log_lines(&self.content, &self.seat_names, events)
    }

    fn describe_action(&self, action: &Action) -> String {
        self.describe(action)
    }

    fn used(&self, action: &Action) -> Option<String> {
        match action {
            Action::Play { card, .. } => Some(format!("card: {}", card.name())),
            _ => None,
        }
    }

    fn place_of(&self, action: &Action) -> crate::rules::Place {
        self.place_of_action(action)
    }

    fn board_places(content: &CourtContent) -> Vec<crate::rules::Place> {
        places::board_places(content)
    }

    fn rule_of(&self, action: &Action) -> Option<crate::rules::RulePart> {
        self.rule_of_action(action)
    }

    fn rule_of_decision(&self) -> Option<crate::rules::RulePart> {
        self.rule_of_phase()
    }

    fn seat_emblem(&self, seat: Seat) -> Option<&str> {
        let f = self.faction_of(seat)?;
        self.content.faction(f).map(|f| f.symbol.as_str())
    }

    fn is_irreversible(event: &Event) -> bool {
        matches!(
            event,
            Event::Dealt { .. }
                | Event::DealtCount { .. }
                | Event::RollOff { .. }
                | Event::Challenge { .. }
                | Event::BanishRoll { .. }
                | Event::Reshuffled { .. }
                | Event::Drew { .. }
                | Event::DrewCount { .. }
                | Event::TurnStarted { .. }
                | Event::Won { .. }
        )
    }

    fn turns_taken(&self) -> Option<u32> {
        Some(self.turn)
    }

    /// Each seat's points.
    fn tally(&self) -> Vec<Tally> {
        self.scores()
            .iter()
            .enumerate()
            .map(|(seat, &value)| Tally {
                seat: Some(seat),
                noun: "points",
                value,
            })
            .collect()
    }

    fn secrets(&self) -> Vec<Secret> {
        let mut out = Vec::new();
        for (seat, hand) in self.hands.iter().enumerate() {
            // Sorted, as its holder's view shows it.
            let mut hand = hand.clone();
            hand.sort();
            out.push(Secret::list(Some(seat), "Hand", hand));
        }
        out.push(Secret::list(None, "Draw pile, top first", self.draw.iter().rev()));
        out
    }

    fn census(&self) -> std::collections::BTreeMap<String, usize> {
        let followers: usize = self.knights.iter().map(|k| k.followers.len()).sum();
        let in_hands: usize = self.hands.iter().map(Vec::len).sum();
        let cards = in_hands + self.draw.len() + self.discard.len() + followers;
        let hall = self.board.iter().flatten().count();
        let reserve = self
            .knights
            .iter()
            .filter(|k| k.owner.is_some() && k.at.is_none())
            .count();
        // Knights whose recorded space and the board disagree (always 0).
        let misplaced = self
            .knights
            .iter()
            .enumerate()
            .filter(|(i, k)| match k.at {
                Some(s) => self.board.get(s.index()).copied().flatten() != Some(KnightId(*i as u8)),
                None => false,
            })
            .count()
            + self
                .board
                .iter()
                .enumerate()
                .filter(|(s, k)| {
                    k.is_some_and(|k| self.knights.get(k.index()).and_then(|st| st.at) != Some(SpaceId(*s as u8)))
                })
                .count();
        std::collections::BTreeMap::from([
            ("cards".to_string(), cards),
            ("knights".to_string(), hall + reserve),
            ("knights_in_hall".to_string(), hall),
            ("knights_in_reserve".to_string(), reserve),
            ("misplaced".to_string(), misplaced),
        ])
    }
}
