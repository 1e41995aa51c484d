//! The panels of the table: the Knights (Life, hand size, relics, Loyalty hidden or revealed,
//! one's own card behind a deliberate click), the hand of the seat at the screen and the decision
//! of the moment with its buttons and keys, the moments the table stops for (a Siege fight's die,
//! a combat's totals, a quest's end, an accusation, the Traitor's reveal), the summary at the
//! end, and the tooltip that explains what the pointer rests on.

use super::*;
use crate::app::style::{GOOD, WARN};
use crate::app::table::ResultsDetail;
use crate::rules::Visibility;
use crate::rules::shadows::{Black, Event, EvilChoice, KnightState, QuestKind, black_text, white_text};

/// How long a moment stays on screen at normal speed.
const MOMENT_SECS: f32 = 2.6;
/// The most lines of the story the results show (the latest).
const STORY_ROWS: usize = 14;

/// The moments' clocks: the first in the queue counts down while it holds the bots.
pub(super) fn tick_moments(
    time: Res<Time>,
    mut moments: ResMut<Moments>,
    mut animating: ResMut<Animating>,
    mut redraw: ResMut<crate::app::redraw::Redraw>,
) {
    let dt = time.delta_secs();
    let Some(first) = moments.queue.front_mut() else {
        return;
    };
    first.left -= dt;
    if first.left <= 0.0 {
        moments.queue.pop_front();
    }
    animating.0 = animating.0.max(0.1);
    redraw.more();
}

/// Rule events the table plays out as moments, the story for the summary, and the sounds.
pub(super) fn read_events(
    res: Res<MatchRes>,
    mut events: MessageReader<RuleEvent>,
    mut moments: ResMut<Moments>,
    mut sfx: MessageWriter<Sfx>,
    settings: Option<Res<crate::app::shared::Settings>>,
) {
    let speed = settings.map(|s| s.animation).unwrap_or_default();
    let Some(m) = shadows_match(&res) else {
        events.clear();
        return;
    };
    let s = &m.state;
    let secs = speed.scale(MOMENT_SECS);
    let name = |seat: Seat| s.who(seat);
    let quest = |q: QuestId| s.content().quest(q).name.clone();
    let mut queue = Vec::new();
    for ev in events.read() {
        // The table is everyone's: only what everyone may know plays out here.
        if !matches!(ev.event.to, Visibility::Everyone | Visibility::Except(_)) {
            continue;
        }
        let Some(event) = ev.event.payload.downcast_ref::<Event>() else {
            continue;
        };
        let mut moment_with = |title: String, lines: Vec<String>, good: Option<bool>, die: Option<u8>| {
            // With animations off the log tells it; there is no moment to wait for.
            if secs > 0.0 {
                queue.push(Moment {
                    title,
                    lines,
                    good,
                    left: secs,
                    secs,
                    die,
                });
            }
        };
        match event {
            Event::BlackDrawn { card, .. } => {
                sfx.write(Sfx::Card);
                if secs > 0.0 {
                    moments.black_flights.push(*card);
                }
            }
            Event::WhiteDrawn { cards, .. } => {
                sfx.write(Sfx::Card);
                moments.white_flights.push((true, cards.len() as u8));
            }
            Event::WhiteDrawnCount { count, .. } => {
                sfx.write(Sfx::Card);
                moments.white_flights.push((true, *count));
            }
            Event::Discarded { cards, .. } => moments.white_flights.push((false, cards.len() as u8)),
            Event::DiscardedCount { count, .. } => moments.white_flights.push((false, *count)),
            Event::WhitePlayed { .. } => {
                sfx.write(Sfx::Card);
            }
            Event::SiegeFight { seat, total, roll, won } => {
                sfx.write(Sfx::Dice);
                moment_with(
                    "A Siege fight".into(),
                    vec![
                        format!("{} fights a Siege Engine", name(*seat)),
                        format!("Fight cards {total} against the d8's {roll}"),
                        if *won {
                            "The Siege Engine burns".into()
                        } else {
                            "It stands, and he is wounded".into()
                        },
                    ],
                    Some(*won),
                    Some(*roll),
                );
            }
            Event::CombatRevealed {
                quest: q,
                knights,
                evil,
            } => {
                moment_with(
                    quest(*q),
                    vec![
                        "The face-down cards turn over".into(),
                        format!("Knights {knights} against Evil {evil}"),
                    ],
                    Some(knights > evil),
                    None,
                );
            }
            Event::QuestEnded { quest: q, won, .. } => {
                sfx.write(if *won { Sfx::Score } else { Sfx::Refuse });
                moments.results.push((*q, *won));
                moment_with(quest(*q), story_line(s, event).into_iter().collect(), Some(*won), None);
            }
            Event::MerlinsCancel { card } => {
                moment_with(
                    "Merlin!".into(),
                    vec![format!("Three Merlins cancel {}", card.name())],
                    Some(true),
                    None,
                );
            }
            Event::Accused { by, target, loyalty } => {
                sfx.write(Sfx::Dice);
                let right = *loyalty == Loyalty::Traitor;
                moment_with(
                    "An accusation".into(),
                    vec![
                        format!("{} accuses {}", name(*by), name(*target)),
                        if right {
                            format!("{} is the Traitor!", s.seat_name(*target))
                        } else {
                            format!("{} is Loyal: a White Sword turns Black", s.seat_name(*target))
                        },
                    ],
                    Some(right),
                    None,
                );
            }
            Event::Unmasked { seat } => {
                moment_with(
                    "The Traitor unmasked".into(),
                    vec![format!("{} is the Traitor", name(*seat))],
                    None,
                    None,
                );
            }
            Event::Died { seat } => {
                moment_with(
                    "A Knight falls".into(),
                    vec![format!("{} dies", name(*seat))],
                    Some(false),
                    None,
                );
            }
            Event::TraitorRevealedAtEnd { seat, flipped } => {
                moment_with(
                    "The Traitor revealed".into(),
                    vec![
                        format!("{} was the Traitor all along", name(*seat)),
                        format!(
                            "{flipped} White Sword{} turn{} Black",
                            if *flipped == 1 { "" } else { "s" },
                            if *flipped == 1 { "s" } else { "" }
                        ),
                    ],
                    Some(false),
                    None,
                );
            }
            Event::GameOver {
                loyal_win,
                white,
                black,
                why,
            } => {
                sfx.write(Sfx::Fanfare);
                moment_with(
                    if *loyal_win {
                        "The Loyal Knights win".into()
                    } else {
                        "Evil triumphs".into()
                    },
                    vec![why.clone(), format!("Swords: {white} White, {black} Black")],
                    Some(*loyal_win),
                    None,
                );
            }
            _ => {}
        }
    }
    moments.queue.extend(queue);
}

/// A seat's chip: a disc in its colour with the Knight's two letters.
fn knight_chip(ui: &mut egui::Ui, rgb: [u8; 3], mark: &str, size: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let fill = seat_colour(rgb);
    let p = ui.painter();
    p.circle_filled(rect.center(), size / 2.0, egui::Color32::from_rgb(30, 22, 16));
    p.circle_filled(rect.center(), size / 2.0 - 1.5, fill);
    p.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        mark,
        egui::FontId::proportional(size * 0.5),
        crate::app::style::ink_on(fill),
    );
    response
}

fn location_words(s: &Shadows, k: &KnightState) -> String {
    if k.dead {
        return "Dead".into();
    }
    if k.unmasked {
        return "Gone to the shadows".into();
    }
    match k.at {
        Location::RoundTable => "At the Round Table".into(),
        Location::Siege => "In the Siege area".into(),
        Location::Quest(q) => format!("On {}", s.content().quest(q).name),
        Location::Gone => "Gone".into(),
    }
}

/// The Knights down the left: the state of Camelot, then each Knight.
pub(super) fn knights_panel(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    mut free: ResMut<FreeRect>,
    mut ui_state: ResMut<ShadowsUi>,
    mut requests: MessageWriter<ActionRequest>,
) -> Result {
    let Some(m) = shadows_match(&res) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let viewer = handoff.private_viewer();
    // The Loyalty card closes at every hand-off.
    if ui_state.peek.is_some() && ui_state.peek != viewer {
        ui_state.peek = None;
    }
    let secrets = shown(&m.state, viewer, ui_state.peek.is_some());
    // The hidden Traitor may unmask himself: offered only beside his card, while he looks.
    let may_reveal = acting_seat(m, &handoff)
        .filter(|&seat| ui_state.peek == Some(seat) && m.state.legal_actions().contains(&Action::RevealSelf));
    let view = m.state.public_view();
    let g = &view.game;
    let n = g.numbers();
    let deciding = g.deciding();
    let mut root = free.ui(ctx, "shadows-knights");
    egui::Panel::left("shadows-knights")
        .exact_size(250.0)
        .show(&mut root, |ui| {
            let scrolled = egui::ScrollArea::vertical().show(ui, |ui| {
                ui.label(
                    egui::RichText::new(format!("Turn {}", g.turn.max(1)))
                        .strong()
                        .color(GOLD),
                );
                ui.label(format!(
                    "Swords {} White · {} Black (ends at {})",
                    g.white_swords, g.black_swords, n.swords_end
                ))
                .on_hover_text(format!(
                    "The game ends when {} Swords lie on the Round Table: the Knights win with more White than \
                     Black. {} Black Swords lose at once.",
                    n.swords_end, n.black_swords_lose
                ));
                ui.label(format!("Siege Engines {} (lost at {})", g.siege, n.siege_lose));
                let open = g.accusations_open();
                ui.label(
                    egui::RichText::new(if open {
                        "Accusations are open".to_string()
                    } else {
                        format!(
                            "Accusations open at {} Siege Engines or {} Swords",
                            n.accuse_siege, n.accuse_swords
                        )
                    })
                    .small()
                    .color(if open { GOOD } else { MUTED }),
                );
                let mut lasting = Vec::new();
                if g.vivien {
                    lasting.push("Vivien: no Merlin cards".to_string());
                }
                if g.dark_forest {
                    lasting.push("Dark Forest: no Grail healing".to_string());
                }
                if g.mists {
                    lasting.push("Mists of Avalon: a lost quest lays one more Black Sword".to_string());
                }
                if let Some(q) = g.heroism {
                    lasting.push(format!("Heroism on {}", g.content().quest(q).name));
                }
                for l in lasting {
                    ui.label(egui::RichText::new(l).small().color(WARN));
                }
                ui.add_space(4.0);
                for (seat, k) in g.knights.iter().enumerate() {
                    let mine = viewer == Some(seat);
                    let current = deciding == Some(seat) || (deciding.is_none() && g.active == seat);
                    crate::app::style::group_frame(current).show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        ui.spacing_mut().item_spacing.y = 2.0;
                        ui.horizontal(|ui| {
                            knight_chip(ui, seat_rgb(m, seat), knight_mark(k.knight), 24.0);
                            ui.vertical(|ui| {
                                ui.label(
                                    egui::RichText::new(m.config.seat_name(seat))
                                        .strong()
                                        .color(seat_colour(seat_rgb(m, seat))),
                                );
                                ui.label(egui::RichText::new(g.content().knight_name(k.knight)).small())
                                    .on_hover_text(
                                        g.content().knight(k.knight).map_or(String::new(), |d| d.power.clone()),
                                    );
                            });
                        });
                        ui.horizontal_wrapped(|ui| {
                            ui.label(
                                egui::RichText::new(format!("♥ {}", k.life))
                                    .strong()
                                    .color(if k.life <= 1 { WARN } else { PARCHMENT }),
                            )
                            .on_hover_text(format!("Life points (at most {})", n.max_life));
                            ui.label(format!("· {} cards", k.hand.len()))
                                .on_hover_text("White cards in hand (only their owner sees them)");
                            let relics: Vec<&str> = k.relics().map(|r| r.name()).collect();
                            if !relics.is_empty() {
                                ui.label(egui::RichText::new(relics.join(", ")).color(GOLD));
                            }
                        });
                        ui.label(egui::RichText::new(location_words(g, k)).small().color(MUTED));
                        let loyalty = secrets.loyalty.get(seat).copied().unwrap_or(Loyalty::Unknown);
                        ui.horizontal_wrapped(|ui| match loyalty {
                            Loyalty::Traitor => {
                                ui.label(egui::RichText::new("The Traitor").strong().color(WARN));
                                if mine && !k.revealed && g.outcome.is_none() {
                                    ui.label(egui::RichText::new("(only you see this)").small());
                                    if ui.small_button("Hide").clicked() {
                                        ui_state.peek = None;
                                    }
                                    if may_reveal == Some(seat)
                                        && ui
                                            .button("Reveal yourself")
                                            .on_hover_text(
                                                "Unmask yourself as the Traitor: you leave the Knights and play \
                                                 for Evil in the open",
                                            )
                                            .clicked()
                                    {
                                        ui_state.peek = None;
                                        requests.write(ActionRequest {
                                            seat,
                                            request: Request::Typed(Arc::new(Action::RevealSelf)),
                                        });
                                    }
                                }
                            }
                            Loyalty::Loyal => {
                                ui.label(egui::RichText::new("Loyal").strong().color(GOOD));
                                if mine && !k.revealed && g.outcome.is_none() {
                                    ui.label(egui::RichText::new("(only you see this)").small());
                                    if ui.small_button("Hide").clicked() {
                                        ui_state.peek = None;
                                    }
                                }
                            }
                            Loyalty::Unknown => {
                                if mine && g.loyalty_unseen {
                                    ui.label(
                                        egui::RichText::new(format!(
                                            "Loyalty card face down until {} Swords lie on the Round Table \
                                             (Three Brave Knights)",
                                            n.brave_knights_swords
                                        ))
                                        .small()
                                        .color(MUTED),
                                    );
                                } else if mine {
                                    if ui
                                        .button("Look at my Loyalty card")
                                        .on_hover_text("Only you: make sure no one else is watching")
                                        .clicked()
                                    {
                                        ui_state.peek = Some(seat);
                                    }
                                } else {
                                    ui.label(egui::RichText::new("Loyalty hidden").small().color(MUTED));
                                }
                            }
                        });
                        for line in accusation_words(m, g, seat) {
                            ui.label(egui::RichText::new(line).small());
                        }
                        if mine && !(secrets.black_top.is_empty() && secrets.black_bottom.is_empty()) {
                            ui.label(egui::RichText::new(black_pile_words(&secrets)).small().color(GOLD))
                                .on_hover_text(
                                    "What you looked at (Percival's look, Clairvoyance, Lancelot's Armor) and \
                                     still know: only you see this",
                                );
                        }
                    });
                }
            });
            crate::app::table::more_below(ui, &scrolled);
        });
    free.take_rest(&root);
    Ok(())
}

/// What a White card does, for its tooltip in the hand.
/// The confirmation of an action that costs a Life point or may cost a Sword: its window's title,
/// its words and the yes button.
fn confirm_words(m: &Match<Shadows>, seat: Seat, a: Action) -> (String, String, String) {
    let s = &m.state;
    let n = s.numbers();
    match a {
        Action::Accuse(target) => {
            let who = s.who(target);
            let wrong = if s.white_swords > 0 {
                "a White Sword on the Round Table turns Black".to_string()
            } else {
                "a White Sword would turn Black (none lies on the Round Table yet)".to_string()
            };
            (
                "Accuse a Knight of treason?".into(),
                format!(
                    "Accuse {who} of being the Traitor? He must show his Loyalty card to everyone. If he is the \
                     Traitor, he is unmasked and {} laid on the Round Table. If he is Loyal, {wrong}. You may \
                     accuse only once a game.",
                    match n.unmask_swords {
                        1 => "a White Sword is".to_string(),
                        k => format!("{k} White Swords are"),
                    }
                ),
                format!("Yes, accuse {}", m.config.seat_name(target)),
            )
        }
        _ => {
            let life = s.knights.get(seat).map_or(0, |k| k.life);
            (
                "Another Heroic Action?".into(),
                format!(
                    "It costs a Life point: {life} → {}. The action must be of a kind not used this turn.",
                    life.saturating_sub(1)
                ),
                "Yes, lose a Life point".into(),
            )
        }
    }
}

/// What a Knight's panel says of accusations: "Has accused Bo (Sir Kay)" on the accuser, and
/// "Accused by Ann (King Arthur) — Loyal" on the accused.
pub(super) fn accusation_words(m: &Match<Shadows>, g: &Shadows, seat: Seat) -> Vec<String> {
    let name = |s: Seat| {
        g.knights.get(s).map_or_else(String::new, |k| {
            format!("{} ({})", m.config.seat_name(s), g.content().knight_name(k.knight))
        })
    };
    let mut lines = Vec::new();
    if let Some(target) = g.knights.get(seat).and_then(|k| k.accused_whom) {
        lines.push(format!("Has accused {}", name(target)));
    }
    for (by, k) in g.knights.iter().enumerate() {
        if k.accused_whom == Some(seat) {
            let was = match g.knights[seat].loyalty {
                Loyalty::Traitor => " — the Traitor",
                Loyalty::Loyal => " — Loyal",
                Loyalty::Unknown => "",
            };
            lines.push(format!("Accused by {}{was}", name(by)));
        }
    }
    lines
}

/// What the seat at the screen knows of the Black pile: "You know the next Black cards:
/// Excalibur, then Picts. Under the pile: Despair."
fn black_pile_words(secrets: &Shown) -> String {
    let names = |cards: &[Black]| cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(", then ");
    let mut words = Vec::new();
    match secrets.black_top.len() {
        0 => {}
        1 => words.push(format!("You know the next Black card: {}.", names(&secrets.black_top))),
        _ => words.push(format!("You know the next Black cards: {}.", names(&secrets.black_top))),
    }
    if !secrets.black_bottom.is_empty() {
        words.push(format!("Under the pile: {}.", names(&secrets.black_bottom)));
    }
    words.join(" ")
}

/// The Black card a decision is about, if any (in a view: Percival's look at the top card while
/// he chooses how Evil progresses shows to him alone).
fn card_in_question(s: &Shadows) -> Option<Black> {
    match s.stack.last()? {
        Task::Evil => s.black_draw.last().copied().filter(|c| *c != Black::Hidden),
        Task::MerlinPledge { card, .. } | Task::PlaceChoice { card, .. } => Some(*card),
        Task::Volunteer { why, .. } => Some(match why {
            crate::rules::shadows::Volunteering::Discard => Black::MorganDiscard,
            crate::rules::shadows::Volunteering::Sacrifice => Black::MorganSacrifice,
        }),
        Task::MordredWar { .. } => Some(Black::Mordred),
        Task::ExcaliburOffer { .. } => s.stack.iter().rev().find_map(|t| match t {
            Task::Place { card, face_down, .. } => Some(if *face_down { card.hidden() } else { *card }),
            _ => None,
        }),
        _ => None,
    }
}

use crate::app::table::{Keys, read_keys};

/// Whether an action is made on the table or from the hand rather than by a button of its own.
fn from_the_hand(a: &Action) -> bool {
    card_of(a).is_some()
}

/// The decision of the moment along the bottom: what to do, its buttons, and the hand of the
/// seat at the screen.
#[allow(clippy::too_many_arguments)]
/// The decision panel's usual height: the prompt, two rows of buttons and the hand's line.
const DECISION_HEIGHT: f32 = 122.0;

pub(super) fn decision_panel(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    mut free: ResMut<FreeRect>,
    mut ui_state: ResMut<ShadowsUi>,
    mut clicks: MessageReader<SpotClick>,
    mut card_clicks: MessageReader<super::hand::HandClick>,
    mut requests: MessageWriter<ActionRequest>,
    mut steady: Local<crate::app::table::SteadyHeight>,
) -> Result {
    let Some(m) = shadows_match(&res) else {
        clicks.clear();
        card_clicks.clear();
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    if !crate::app::table::world_pointer_allowed(ctx) {
        clicks.clear();
        card_clicks.clear();
    }
    let acting = acting_seat(m, &handoff);
    let s = &m.state;
    let legal = if acting.is_some() {
        s.legal_actions()
    } else {
        Vec::new()
    };
    // What this frame changes of the choice under way is drawn at once (the window sleeps
    // until something asks for a frame).
    let before = (
        ui_state.confirm,
        ui_state.accusing,
        ui_state.selected,
        ui_state.choices.len(),
    );
    if ui_state.at_action != m.actions.len() {
        ui_state.choices.clear();
        ui_state.selected = None;
        ui_state.confirm = None;
        ui_state.accusing = false;
        ui_state.at_action = m.actions.len();
    }
    // Sends an action (a further Heroic Action's Life point is asked for first).
    let send = |requests: &mut MessageWriter<ActionRequest>, seat: Seat, a: Action, ui_state: &mut ShadowsUi| {
        ui_state.choices.clear();
        ui_state.selected = None;
        ui_state.accusing = false;
        // What costs a Life point or may cost a Sword is asked again.
        if matches!(a, Action::Sacrifice | Action::Accuse(_)) {
            ui_state.confirm = Some(a);
            return;
        }
        ui_state.confirm = None;
        requests.write(ActionRequest {
            seat,
            request: Request::Typed(Arc::new(a)),
        });
    };
    match acting.filter(|_| ui_state.confirm.is_none()) {
        Some(seat) => {
            for click in clicks.read() {
                match click_spot(s, &legal, seat, ui_state.selected, *click) {
                    Asked::One(a) | Asked::Refusable(a) => send(&mut requests, seat, a, &mut ui_state),
                    Asked::Several(several) => ui_state.choices = several,
                    Asked::Nothing => {}
                }
            }
            // A card of the hand (in the world): picked, put back, or played at once when it
            // has one use.
            let hand = super::hand::shown_hand(s, Some(seat)).map(|h| h.1).unwrap_or_default();
            for click in card_clicks.read() {
                let Some(&card) = hand.get(click.0) else { continue };
                if ui_state.selected == Some(card) {
                    ui_state.selected = None;
                    continue;
                }
                match click_card(s, &legal, seat, card) {
                    Asked::One(a) | Asked::Refusable(a) => send(&mut requests, seat, a, &mut ui_state),
                    Asked::Several(_) => {
                        ui_state.choices.clear();
                        ui_state.selected = Some(card);
                    }
                    _ => {}
                }
            }
        }
        None => {
            clicks.clear();
            card_clicks.clear();
        }
    }
    let keys = if acting.is_some() && !ctx.egui_wants_keyboard_input() {
        read_keys(ctx)
    } else {
        Keys::NONE
    };
    if keys.escape {
        ui_state.choices.clear();
        ui_state.selected = None;
        ui_state.confirm = None;
        ui_state.accusing = false;
    }
    let secrets = shown(s, handoff.private_viewer(), false);
    // The Life point a further action costs, confirmed (a key that answers it presses nothing
    // else in the same frame).
    let mut answered = false;
    if let (Some(seat), Some(a)) = (acting, ui_state.confirm) {
        let (title, words, yes) = confirm_words(m, seat, a);
        let mut answer = None;
        crate::app::style::fixed_window(
            ctx,
            &title,
            "shadows-confirm",
            egui::Align2::CENTER_CENTER,
            egui::Vec2::ZERO,
        )
        .show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.label(egui::RichText::new(words).size(size::BODY));
            ui.horizontal(|ui| {
                // An accusation is confirmed by a click only: Enter, pressed out of habit, must
                // not cost a Sword.
                let enter_says_yes = a == Action::Sacrifice && keys.enter;
                if ui.button(yes).clicked() || enter_says_yes {
                    answer = Some(true);
                }
                if ui.button("No").clicked() || keys.escape {
                    answer = Some(false);
                }
            });
        });
        answered = answer.is_some();
        match answer {
            Some(true) => {
                ui_state.confirm = None;
                requests.write(ActionRequest {
                    seat,
                    request: Request::Typed(Arc::new(a)),
                });
            }
            Some(false) => ui_state.confirm = None,
            None => {}
        }
    }
    // The Knights one may accuse, chosen in a window of their own (the buttons never appear
    // where the buttons of the moment were).
    let accusations: Vec<Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::Accuse(_)))
        .copied()
        .collect();
    if let Some(seat) = acting.filter(|_| ui_state.accusing && ui_state.confirm.is_none() && !accusations.is_empty()) {
        let mut close = false;
        crate::app::style::fixed_window(
            ctx,
            "Accuse a Knight of treason",
            "shadows-accuse",
            egui::Align2::CENTER_CENTER,
            egui::Vec2::ZERO,
        )
        .show(ctx, |ui| {
            ui.label(egui::RichText::new("Whom do you accuse? You will be asked once more.").size(size::BODY));
            ui.horizontal_wrapped(|ui| {
                for a in &accusations {
                    if ui.button(s.describe_action(a)).clicked() {
                        send(&mut requests, seat, *a, &mut ui_state);
                    }
                }
                if ui.button("Cancel").clicked() {
                    close = true;
                }
            });
        });
        if close {
            ui_state.accusing = false;
        }
    }
    let confirming = ui_state.confirm.is_some() || answered;
    // The buttons: a choice a click fitted, the uses of the card picked, else every legal
    // action not made from the hand.
    let buttons: Vec<Action> = if !ui_state.choices.is_empty() {
        ui_state.choices.clone()
    } else if let Some(card) = ui_state.selected {
        legal.iter().filter(|a| card_of(a) == Some(card)).copied().collect()
    } else {
        // The Traitor's self-reveal is offered beside his Loyalty card, while he looks at it:
        // a button of its own here would tell the table who he is.
        // Accusations are chosen behind one button of their own, at the end of the row.
        legal
            .iter()
            .filter(|a| !from_the_hand(a) && **a != Action::RevealSelf && !matches!(a, Action::Accuse(_)))
            .copied()
            .collect()
    };
    let hand_uses: Vec<White> = legal.iter().filter_map(card_of).collect();
    let moves = legal.iter().any(|a| matches!(a, Action::Move(_)));
    let hint = if let Some(card) = ui_state.selected {
        let spots = legal
            .iter()
            .any(|a| card_of(a) == Some(card) && spot_of(s, acting.unwrap_or(0), a).is_some());
        if spots {
            format!(
                "{}: click a lit spot on the table, or a button (Esc to put it back)",
                card.name()
            )
        } else {
            format!("{}: choose below (Esc to put it back)", card.name())
        }
    } else if !ui_state.choices.is_empty() {
        "Several moves fit that click: choose one (Esc to go back)".to_string()
    } else if !hand_uses.is_empty() && moves {
        "Click a card of your hand to play it, or a quest or Camelot to move there".into()
    } else if !hand_uses.is_empty() {
        "Click a card of your hand".into()
    } else if moves {
        "Click a quest or Camelot to move there".into()
    } else {
        String::new()
    };
    let heroic = matches!(s.stack.last(), Some(Task::Heroic));
    // No accusation possible in a Heroic decision: a dimmed button says why, in the rules' words
    // (asked of an accusation of the next seat: the gate comes before the target).
    let accuse_closed = match acting {
        Some(seat) if heroic && !legal.iter().any(|a| matches!(a, Action::Accuse(_))) => {
            s.refusal(&Action::Accuse((seat + 1) % s.knights.len().max(1)))
        }
        _ => None,
    };
    let mut root = free.ui(ctx, "shadows-decision");
    let min = steady.min(DECISION_HEIGHT, root.max_rect().width());
    let mut closed_why: Option<String> = None;
    let panel = egui::Panel::bottom("shadows-decision")
        .resizable(false)
        .min_size(min)
        .show(&mut root, |ui| {
            ui.add_space(4.0);
            // Told from what the screen may show: the full state's words would name a face-down
            // card's value to everyone while its drawer chooses.
            let prompt = screen_prompt(s, handoff.private_viewer());
            match acting {
                None => {
                    ui.label(egui::RichText::new(prompt).size(size::PROMPT).italics());
                }
                Some(seat) => {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(egui::RichText::new(prompt).size(size::PROMPT).strong().color(GOLD));
                        if !hint.is_empty() {
                            ui.label(egui::RichText::new(hint).italics().color(MUTED));
                        }
                    });
                    // The Black card the decision is about, and what it does; a split of spoils.
                    let seen = s.view(seat).game;
                    if let Some(card) = card_in_question(&seen) {
                        ui.horizontal_wrapped(|ui| {
                            if matches!(seen.stack.last(), Some(Task::Evil)) {
                                ui.label(egui::RichText::new("The top Black card (only you see it):").italics());
                            }
                            egui::Frame::new()
                                .fill(egui::Color32::from_rgb(26, 20, 26))
                                .stroke(egui::Stroke::new(1.5, egui::Color32::from_rgb(140, 30, 30)))
                                .corner_radius(4)
                                .inner_margin(egui::Margin::symmetric(8, 3))
                                .show(ui, |ui| {
                                    ui.label(egui::RichText::new(card.name()).strong().color(PARCHMENT));
                                });
                            ui.label(egui::RichText::new(black_text(s, card)).color(PARCHMENT));
                        });
                    }
                    if let Some(Task::Share { pool, assigned, .. } | Task::ShareVote { pool, assigned, .. }) =
                        seen.stack.last()
                        && !assigned.is_empty()
                    {
                        let split: Vec<String> = pool
                            .iter()
                            .zip(assigned)
                            .map(|(c, to)| format!("{} → {}", c.name(), seen.seat_name(*to)))
                            .collect();
                        ui.label(egui::RichText::new(format!("The split: {}", split.join(", "))).color(PARCHMENT));
                    }
                    ui.add_enabled_ui(!confirming, |ui| {
                        ui.horizontal_wrapped(|ui| {
                            ui.spacing_mut().item_spacing = egui::vec2(6.0, 4.0);
                            let enter = if buttons.len() == 1 {
                                Some(0)
                            } else {
                                buttons
                                    .iter()
                                    .position(|a| matches!(a, Action::EndTurn | Action::Done))
                                    .or_else(|| buttons.iter().position(|a| matches!(a, Action::No)))
                                    .or_else(|| buttons.iter().position(|a| matches!(a, Action::Pledge(0))))
                            };
                            for (i, a) in buttons.iter().enumerate() {
                                let label = s.describe_action(a);
                                let label = match a {
                                    Action::Evil(choice) => format!("{label} — {}", evil_cost(s, *choice)),
                                    _ => label,
                                };
                                let key = (i < 9).then_some(i + 1);
                                let text = match key {
                                    Some(k) => format!("{k}  {label}"),
                                    None => label.clone(),
                                };
                                let tip = match (key, enter == Some(i)) {
                                    (Some(k), true) => format!("{label} (key {k}, or Enter)"),
                                    (Some(k), false) => format!("{label} (key {k})"),
                                    (None, true) => format!("{label} (Enter)"),
                                    (None, false) => label.clone(),
                                };
                                let pressed = ui
                                    .add(egui::Button::new(egui::RichText::new(text).size(size::BODY)))
                                    .on_hover_text(tip)
                                    .clicked()
                                    || (!confirming && key.is_some() && keys.digit == key)
                                    || (!confirming && keys.enter && enter == Some(i));
                                if pressed {
                                    send(&mut requests, seat, *a, &mut ui_state);
                                    break;
                                }
                            }
                            if !accusations.is_empty()
                                && ui_state.choices.is_empty()
                                && ui_state.selected.is_none()
                                && ui
                                    .add(egui::Button::new(egui::RichText::new("Accuse…").size(size::BODY)))
                                    .on_hover_text(
                                        "Accuse a Knight of being the Traitor (once a game; you choose whom, \
                                         then confirm)",
                                    )
                                    .clicked()
                            {
                                ui_state.accusing = true;
                            }
                            // Why not, on the panel's last line while the pointer is on it: a
                            // tooltip would cover the buttons beside it.
                            if let Some(why) = &accuse_closed
                                && ui.add_enabled(false, egui::Button::new("Accuse…")).contains_pointer()
                            {
                                closed_why = Some(format!("Accuse: not yet — {why}"));
                            }
                        });
                    });
                }
            }
            // The hand lies in the world, along the foot of the table (`hand.rs`).
            if let Some(why) = &closed_why {
                ui.label(egui::RichText::new(why).small().color(WARN));
            } else if let Some((owner, hand)) = &secrets.hand {
                ui.label(
                    egui::RichText::new(format!(
                        "{}'s hand: {} card{} at the foot of the table — click one to play it",
                        m.config.seat_name(*owner),
                        hand.len(),
                        if hand.len() == 1 { "" } else { "s" }
                    ))
                    .small()
                    .color(MUTED),
                );
            }
        });
    steady.seen(panel.response.rect.height());
    free.take_rest(&root);
    if before
        != (
            ui_state.confirm,
            ui_state.accusing,
            ui_state.selected,
            ui_state.choices.len(),
        )
    {
        ctx.request_repaint();
    }
    Ok(())
}

/// What is being decided, in the words of the view the screen shows (the viewer's, or
/// everyone's), or how the game ended.
pub fn screen_prompt(s: &Shadows, viewer: Option<Seat>) -> String {
    if let Some(o) = &s.outcome {
        return o.summary.clone();
    }
    match viewer {
        Some(seat) => s.view(seat).game.prompt(),
        None => s.public_view().game.prompt(),
    }
}

/// What a Progression of Evil choice costs, for its button.
fn evil_cost(s: &Shadows, choice: EvilChoice) -> String {
    let n = s.numbers();
    match choice {
        EvilChoice::DrawBlack => format!("{} left in the pile", s.black_draw.len()),
        EvilChoice::AddSiege => format!("Siege Engines {} → {} (lost at {})", s.siege, s.siege + 1, n.siege_lose),
        EvilChoice::LoseLife => {
            let life = s.knights.get(s.active).map_or(0, |k| k.life);
            format!("Life {life} → {}", life.saturating_sub(1))
        }
    }
}

/// The moment at the front of the queue, over the table.
/// How long the Siege die tumbles before it lands.
const DIE_ROLL_SECS: f32 = 0.9;

pub(super) fn moments_window(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    moments: Res<Moments>,
    mut detail: ResMut<ResultsDetail>,
    pictures: Res<crate::app::icons::Pictures>,
) -> Result {
    let Some(m) = shadows_match(&res) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    if let Some(moment) = moments.queue.front() {
        let colour = match moment.good {
            Some(true) => GOOD,
            Some(false) => WARN,
            None => GOLD,
        };
        crate::app::style::fixed_window(
            ctx,
            &moment.title,
            "shadows-moment",
            egui::Align2::CENTER_TOP,
            egui::vec2(0.0, 90.0),
        )
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                // The Siege die rolls (tumbling through its faces), then lands on its number.
                if let Some(roll) = moment.die {
                    let passed = moment.secs - moment.left;
                    let rolling = passed < DIE_ROLL_SECS;
                    let face = if rolling {
                        ((passed * 14.0) as u8 + roll) % 8 + 1
                    } else {
                        roll
                    };
                    let (rect, _) = ui.allocate_exact_size(egui::vec2(72.0, 72.0), egui::Sense::hover());
                    if let Some(image) = pictures.egui(crate::app::icons::Picture::DiceEight, 72.0, PARCHMENT) {
                        let angle = if rolling { passed * 9.0 } else { 0.0 };
                        image.rotate(angle, egui::vec2(0.5, 0.5)).paint_at(ui, rect);
                    }
                    ui.painter().text(
                        rect.center() + egui::vec2(0.0, 6.0),
                        egui::Align2::CENTER_CENTER,
                        face.to_string(),
                        egui::FontId::proportional(22.0),
                        if rolling { MUTED } else { colour },
                    );
                    if rolling {
                        ctx.request_repaint();
                    }
                }
                for (i, line) in moment.lines.iter().enumerate() {
                    // The roll and what it did show once the die has landed.
                    if moment.die.is_some() && moment.secs - moment.left < DIE_ROLL_SECS && i > 0 {
                        break;
                    }
                    let text = egui::RichText::new(line);
                    ui.label(if i + 1 == moment.lines.len() {
                        text.size(size::SUBHEADING).strong().color(colour)
                    } else {
                        text.size(size::BODY)
                    });
                }
            });
        });
    }
    // The story of the game goes under the results at the end (the latest lines, when long);
    // told once (the title says it is).
    if m.state.outcome.is_some() {
        if detail.title.is_empty() {
            let (lines, _) = story(m);
            let skipped = lines.len().saturating_sub(STORY_ROWS);
            let mut rows: Vec<Vec<String>> = Vec::new();
            if skipped > 0 {
                rows.push(vec![
                    String::new(),
                    format!("… {skipped} earlier"),
                    String::new(),
                    String::new(),
                ]);
            }
            rows.extend(lines[skipped..].iter().map(|r| {
                vec![
                    r.turn.to_string(),
                    r.what.clone(),
                    format!("{} / {}", r.white, r.black),
                    r.siege.to_string(),
                ]
            }));
            *detail = ResultsDetail {
                title: "How the game went".into(),
                header: vec![
                    "Turn".into(),
                    "What happened".into(),
                    "Swords W / B".into(),
                    "Siege".into(),
                ],
                rows,
            };
        }
    } else if !detail.title.is_empty() {
        *detail = ResultsDetail::default();
    }
    Ok(())
}

/// Explains what the pointer rests on.
pub(super) fn hover_tip(
    mut contexts: EguiContexts,
    res: Res<MatchRes>,
    hovered: Res<Hovered>,
    handoff: Res<Handoff>,
    moments: Res<Moments>,
    free: Res<FreeRect>,
    mut moved: Local<bool>,
) -> Result {
    let (Some(m), Some(what)) = (shadows_match(&res), hovered.0) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    if !crate::app::table::tooltip_allowed(ctx, &handoff, &mut moved) {
        return Ok(());
    }
    let view = m.state.public_view();
    let g = &view.game;
    let lines: Vec<String> = match what {
        Hover::Spot(SpotClick::Quest(q)) => {
            let q = if q == QuestId::Lancelot {
                shared_board_quest(g)
            } else {
                q
            };
            let over = moments.results.iter().rev().find(|r| r.0 == q).map(|r| r.1);
            let mut lines = quest_words(g, q, over);
            if g.quest(q).in_play {
                lines.extend(move_line(m, &handoff, Location::Quest(q)));
            }
            lines
        }
        Hover::Spot(SpotClick::RoundTable) => {
            let mut lines = vec![
                "The Round Table".into(),
                format!(
                    "Draw {} White cards here (not with {} or more in hand)",
                    g.numbers().round_table_draw,
                    g.numbers().draw_limit
                ),
            ];
            lines.extend(move_line(m, &handoff, Location::RoundTable));
            lines
        }
        Hover::Spot(SpotClick::Siege) => vec![
            "The Siege of Camelot".into(),
            format!(
                "{} Siege Engines; {} lose the game. From the Siege area a Knight fights one with Fight \
                 cards against a d{}",
                g.siege,
                g.numbers().siege_lose,
                g.numbers().siege_die
            ),
        ]
        .into_iter()
        .chain(move_line(m, &handoff, Location::Siege))
        .collect(),
        Hover::Knight(seat) => match g.knights.get(seat) {
            Some(k) => vec![
                format!("{} — {}", m.config.seat_name(seat), g.content().knight_name(k.knight)),
                g.content().knight(k.knight).map_or(String::new(), |d| d.power.clone()),
                format!("Life {} · {} White cards", k.life, k.hand.len()),
                location_words(g, k),
            ],
            None => Vec::new(),
        },
        Hover::Swords => vec![
            "The Swords of the Round Table".into(),
            format!(
                "{} White, {} Black: the game ends at {}; {} Black lose at once",
                g.white_swords,
                g.black_swords,
                g.numbers().swords_end,
                g.numbers().black_swords_lose
            ),
        ],
        Hover::WhitePile => vec![format!(
            "White cards: {} to draw, {} discarded",
            g.white_draw.len(),
            g.white_discard.len()
        )],
        Hover::Hand(i) => match super::hand::shown_hand(&m.state, handoff.private_viewer())
            .and_then(|(_, hand)| hand.get(i).copied())
        {
            Some(card) => {
                let text = white_text(&m.state, card);
                let name = card.name();
                let what = text.strip_prefix(&format!("{name}: ")).unwrap_or(&text).to_string();
                let mut lines = vec![name, crate::rules::capitalised(&what)];
                // A card the seat at the screen cannot use now says why, in the rules' words.
                if acting_seat(m, &handoff).is_some()
                    && let Some((_, why)) = m.state.card_refusal(card)
                {
                    lines.push(not_now(&why));
                }
                lines
            }
            None => Vec::new(),
        },
        Hover::BlackPile => vec![format!(
            "Black cards: {} to draw, {} discarded",
            g.black_draw.len(),
            g.black_discard.len() + g.black_unseen.len()
        )],
    };
    if lines.is_empty() {
        return Ok(());
    }
    let Some(pointer) = ctx.pointer_hover_pos() else {
        return Ok(());
    };
    let text = lines
        .iter()
        .filter(|l| !l.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join("\n");
    let board = free.0.unwrap_or_else(|| ctx.viewport_rect());
    crate::app::table::board_tip(ctx, "shadows-hover", board, pointer, text, 360.0);
    Ok(())
}

/// What a quest is and how it stands, for its tooltip.
/// A quest's hover lines; `over` is how it ended, once it has (won by the Knights or not).
fn quest_words(g: &Shadows, q: QuestId, over: Option<bool>) -> Vec<String> {
    let def = g.content().quest(q);
    let qs = g.quest(q);
    let mut lines = vec![format!("{}{}", def.name, if def.solo { " (Solo Quest)" } else { "" })];
    if !qs.in_play && over.is_some() {
        let relic = match q {
            QuestId::Excalibur => ": the sword went to the Knights' end of the river",
            QuestId::Grail => ": the Holy Grail was found",
            _ => "",
        };
        lines.push(match over {
            Some(true) => format!("Won by the Knights{relic}."),
            _ => "Lost to Evil.".into(),
        });
        lines.push("This quest is over: no one may go there again.".into());
        return lines;
    }
    lines.push(match &def.kind {
        QuestKind::Combat { pattern, .. } => {
            let (k, e) = g.combat_totals(q);
            let hidden = qs
                .black
                .iter()
                .filter(|p| p.card.hidden() == p.card && p.card.is_combat())
                .count();
            format!(
                "Fight cards in groups of {} against Black cards. Knights {k}, Evil {e} face up{}",
                pattern.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" + "),
                if hidden > 0 {
                    format!(" and {hidden} face down")
                } else {
                    String::new()
                }
            )
        }
        QuestKind::Track { half_length } => format!(
            "Excalibur is {} steps from the centre ({} each way): discard White cards to move it toward \
             the Knights",
            qs.track, half_length
        ),
        QuestKind::Grail { spots } => format!(
            "{} Grail cards and {} Black cards on its {spots} spots",
            qs.white.len(),
            qs.black.len()
        ),
        QuestKind::War { sequence, figures, .. } => format!(
            "Fight cards in the order {}{}; {} of {figures} figures",
            sequence.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("-"),
            if qs.mordred { " and Mordred's card" } else { "" },
            qs.figures
        ),
    });
    let spoils = |s: &crate::rules::shadows::Spoils, white: bool| {
        let mut parts = vec![format!(
            "{} {} Sword{}",
            s.swords,
            if white { "White" } else { "Black" },
            if s.swords == 1 { "" } else { "s" }
        )];
        if s.life != 0 {
            parts.push(format!("{:+} Life", s.life));
        }
        if s.cards > 0 {
            parts.push(format!("{} White cards to share", s.cards));
        }
        if s.siege > 0 {
            parts.push(format!("{} Siege Engines", s.siege));
        }
        parts.join(", ")
    };
    lines.push(format!("Victory: {}", spoils(&def.victory, true)));
    lines.push(format!("Defeat: {}", spoils(&def.defeat, false)));
    let here: Vec<String> = g
        .present(Location::Quest(q))
        .iter()
        .map(|&s| g.seat_name(s).to_string())
        .collect();
    if !here.is_empty() {
        lines.push(format!("Here: {}", here.join(", ")));
    }
    if !qs.in_play {
        lines.push("This quest is over".into());
    }
    lines
}

/// The last line of a place's tooltip for the seat at the screen: a click moves him there, he
/// is there, or why he cannot move there now (the rules' words); nothing for an onlooker.
fn move_line(m: &Match<Shadows>, handoff: &Handoff, to: Location) -> Option<String> {
    let seat = acting_seat(m, handoff)?;
    if m.state.knights.get(seat).is_some_and(|k| k.at == to) {
        return Some("You are here".into());
    }
    Some(match m.state.refusal(&Action::Move(to)) {
        None => "Click to move here".into(),
        Some(why) => not_now(&why),
    })
}

/// A refusal as a tooltip's last line: "Not now", and why; when the table waits on another
/// question first, that question.
fn not_now(why: &str) -> String {
    match why.strip_prefix("that is not a choice now: ") {
        Some(prompt) => format!("Not now — first: {prompt}"),
        None => format!("Not now: {why}"),
    }
}
