//! The tooltip that explains what the pointer rests on: a Knight, a place, a quest, a card.

use crate::app::bridge::MatchRes;
use crate::app::handoff::{Handoff, acting_seat};
use crate::app::table::FreeRect;
use crate::app::tables::shadows::moments::Moments;
use crate::app::tables::shadows::panel::location_words;
use crate::app::tables::shadows::ui::{Hover, Hovered, SpotClick, shadows_match, shared_board_quest};
use crate::rules::counted;
use crate::rules::record::Match;
use crate::rules::shadows::{Action, Location, QuestId, QuestKind, Shadows, white_text};
use bevy::prelude::*;
use bevy_egui::EguiContexts;

/// Explains what the pointer rests on.
pub(in crate::app::tables::shadows) fn hover_tip(
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
                    "Draw {} here (not with {} or more in hand)",
                    counted(g.numbers().round_table_draw as u64, "White card", "White cards"),
                    g.numbers().draw_limit
                ),
            ];
            lines.extend(move_line(m, &handoff, Location::RoundTable));
            lines
        }
        Hover::Spot(SpotClick::Siege) => vec![
            "The Siege of Camelot".into(),
            format!(
                "{} around Camelot; {} lose the game. From the Siege area a Knight fights one with Fight \
                 cards against a d{}",
                counted(g.siege as u64, "Siege Engine", "Siege Engines"),
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
                format!(
                    "Life {} · {}",
                    k.life,
                    counted(k.hand.len() as u64, "White card", "White cards")
                ),
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
        Hover::Hand(i) => match crate::app::tables::shadows::hand::shown_hand(&m.state, handoff.private_viewer())
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
        Hover::BlackPile | Hover::Spot(SpotClick::BlackPile) => vec![format!(
            "Black cards: {} to draw, {} discarded. In the Progression of Evil, click the pile to draw one",
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
            "Excalibur is {} ({} each way): discard White cards to move it toward the Knights",
            match qs.track {
                0 => "at the centre".to_string(),
                t if t > 0 => format!(
                    "{} from the centre toward the Knights",
                    counted(t as u64, "step", "steps")
                ),
                t => format!(
                    "{} from the centre toward Evil",
                    counted(t.unsigned_abs() as u64, "step", "steps")
                ),
            },
            half_length
        ),
        QuestKind::Grail { spots } => format!(
            "{} and {} on its {spots} spots",
            counted(qs.white.len() as u64, "Grail card", "Grail cards"),
            counted(qs.black.len() as u64, "Black card", "Black cards")
        ),
        QuestKind::War { sequence, figures, .. } => format!(
            "Fight cards in the order {}{}; {} of {figures} figures",
            sequence.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("-"),
            if qs.mordred { " and Mordred's card" } else { "" },
            qs.figures
        ),
    });
    let spoils = |s: &crate::rules::shadows::Spoils, white: bool| {
        let mut parts = vec![if white {
            counted(s.swords as u64, "White Sword", "White Swords")
        } else {
            counted(s.swords as u64, "Black Sword", "Black Swords")
        }];
        if s.life != 0 {
            parts.push(format!("{:+} Life", s.life));
        }
        if s.cards > 0 {
            parts.push(format!(
                "{} to share",
                counted(s.cards as u64, "White card", "White cards")
            ));
        }
        if s.siege > 0 {
            parts.push(counted(s.siege as u64, "Siege Engine", "Siege Engines"));
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

/// A refusal as a tooltip's last line: the rules' own words, which already say why (and, when
/// the table waits on another question first, which one), as a sentence.
fn not_now(why: &str) -> String {
    crate::rules::capitalised(why)
}
