//! The bots' numbers, read from `assets/bots/shadows_bots.ron` with the content: the normal (and
//! hard) level's weights, the easy level's, and how much each public deed tells of a Traitor.
//! The tuner (`examples/tune_shadows.rs`) writes this file; `camelot check` validates it, every
//! problem at its `path:line:col`. Also the value model's weights (`value`), fitted per table
//! size; the features they weigh are computed by the bots (`bot::value`).

use crate::content::{ContentError, ContentFile};
use crate::rules::shadows::deeds::Deed;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

macro_rules! weights {
    ($( $(#[doc = $doc:literal])* $name:ident = $default:expr, ($lo:expr, $hi:expr); )*) => {
        /// The heuristic's numbers, by name (`assets/bots/shadows_bots.ron`). Each says what it
        /// weighs; values are in Sword-margin points unless said otherwise.
        #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct Weights {
            $( $(#[doc = $doc])* pub $name: f32, )*
        }

        impl Weights {
            /// Every weight's name, in the file's order.
            pub const NAMES: &'static [&'static str] = &[ $( stringify!($name) ),* ];
            /// Each weight's allowed range (`camelot check` refuses a value outside it).
            pub const RANGES: &'static [(f32, f32)] = &[ $( ($lo, $hi) ),* ];
            /// The first hand-set values (the tuner's starting point when no file is given).
            pub const HAND_SET: Weights = Weights { $( $name: $default ),* };

            /// Every weight, in the file's order (the tuner moves them as one vector).
            pub fn arr(&self) -> [f32; Self::NAMES.len()] {
                [ $( self.$name ),* ]
            }

            pub fn get(&self, i: usize) -> f32 {
                let all = [ $( self.$name ),* ];
                all.get(i).copied().unwrap_or(0.0)
            }

            pub fn set(&mut self, i: usize, v: f32) {
                let mut k = 0usize;
                $(
                    if k == i {
                        self.$name = v;
                    }
                    k += 1;
                )*
                let _ = k;
            }
        }
    };
}

weights! {
    // The Progression of Evil.
    /// Drawing a Black card: its base cost.
    black_base = 0.7088, (0.0, 20.0);
    /// ... more for each quest near its loss.
    black_pressed = 0.0984, (0.0, 20.0);
    /// Below this many Siege Engines (while Excalibur is in play) one costs little.
    siege_cheap_below = 0.648, (0.0, 11.0);
    /// A Siege Engine's cost, over the Engines still to come before the loss.
    siege_cost = 11.34, (0.0, 60.0);
    /// A Life point's cost at 6 Life.
    life6 = 0.2, (0.0, 20.0);
    /// ... at 5.
    life5 = 0.144, (0.0, 20.0);
    /// ... at 4.
    life4 = 0.2592, (0.0, 20.0);
    /// ... at 3.
    life3 = 0.14, (0.0, 20.0);
    // The Heroic Actions.
    /// Draw White cards while the hand is smaller than this.
    draw_to = 10.6313, (0.0, 20.0);
    /// ... worth this much.
    draw = 17.0859, (0.0, 40.0);
    /// A Fight card on a quest.
    fight = 5.67, (0.0, 20.0);
    /// A Grail card on the Grail.
    grail = 1.458, (0.0, 20.0);
    /// A spare card for Excalibur.
    raise_spare = 2.025, (0.0, 20.0);
    /// A card one would rather keep, for Excalibur.
    raise_keep = 2.187, (0.0, 20.0);
    /// The siege's share of the loss from which the Knights fight it.
    siege_fear_at = 0.3375, (0.0, 1.0);
    /// A Siege fight's worth, per share of the loss.
    siege_fight = 1.5552, (0.0, 40.0);
    /// Moving: its base worth.
    travel = 0.0467, (-10.0, 10.0);
    /// What staying where one is weighs against going.
    here = 4.2188, (0.0, 20.0);
    /// A fitting Fight card on a group quest.
    help_group = 0.1166, (0.0, 10.0);
    /// A solo quest one can finish.
    help_solo = 0.1166, (0.0, 10.0);
    /// A card for Excalibur's track.
    help_track = 1.6875, (0.0, 10.0);
    /// A Grail card for the Grail.
    help_grail = 0.0778, (0.0, 10.0);
    /// A war's next card in hand.
    help_war = 9.1125, (0.0, 20.0);
    /// A quest's need, per share of its progress.
    need_progress = 4.5563, (0.0, 20.0);
    /// The Life one needs to sacrifice a point for a second action.
    sacrifice_life = 1.8, (0.0, 7.0);
    /// Company on a group quest, per Knight there.
    company = 0.2278, (-3.0, 5.0);
    /// Merlin on a Siege Engine, per share of the loss.
    merlin_siege = 6.561, (0.0, 20.0);
    /// Merlin on a quest, per its danger.
    merlin_quest = 2.025, (0.0, 20.0);
    // The Traitor, seen by the Loyal.
    /// Drawing a Black card: the Siege Engine it may become (the share of the Black deck whose
    /// quests are over), times a Siege Engine's cost.
    black_siege = 0.0, (0.0, 5.0);
    /// Accuse the likeliest Traitor when the belief (`Belief`) puts him at least this sure.
    accuse_p = 0.5, (0.0, 1.01);
    /// ... and not before this many Swords lie on the Round Table (an unmasked Traitor feeds
    /// Evil every turn).
    accuse_swords = 8.0, (0.0, 13.0);
    // The siege, again.
    /// Fight a Siege Engine only with this much in Fight cards in hand.
    siege_hand = 5.0, (1.0, 30.0);
    /// In a Siege fight, add Fight cards while the total (Excalibur's bonus included) is below this.
    siege_total = 7.0, (1.0, 12.0);
    /// Past this share of the siege's loss a Life point lost to Evil costs only `life_siege_cost`
    /// (at 3 Life or more).
    life_siege_at = 0.55, (0.0, 1.01);
    life_siege_cost = 0.5, (0.0, 20.0);
    // The Grail: a sink for Despair while it lasts, three Swords either way when it ends.
    /// A Grail card on the Grail, more per its danger squared (0..=4).
    grail_danger_play = 0.0, (0.0, 20.0);
    /// A Grail card in hand for going to the Grail, more per its danger (0..=2).
    grail_danger_help = 0.0, (0.0, 20.0);
    /// Both, more as the Round Table fills (per share of the Swords laid).
    grail_late = 0.0, (0.0, 20.0);
    /// The Black Knight: what a hand able to finish him is worth more.
    black_knight = 0.0, (0.0, 20.0);
    // The combat quests and the Grail, gone for together.
    /// The share of the Progressions of Evil that draw a Black card, for how many of a combat
    /// quest's cards are likely to come while a Knight plays his there.
    combat_black_rate = 0.7, (0.0, 1.0);
    /// A solo quest the seat can finish with his own hand and likely win, for each point his
    /// total will likely beat Evil's by (up to 8), beyond `help_solo`.
    solo_margin = 0.0, (0.0, 10.0);
    /// ... and only where it will likely beat Evil's by more than this.
    combat_margin = 0.0, (-10.0, 20.0);
    /// Going to a solo quest the seat will likely win by more than this is not second-guessed
    /// by the lookahead (whose position model does not see a combat quest's cards coming
    /// together).
    combat_keep = 20.0, (-10.0, 20.0);
    /// A Grail card's worth in hand while the Knights push the Grail (a Knight stands there or
    /// Grail cards lie on it): not to be spent elsewhere. (1.2 while the Grail waits.)
    grail_keep = 1.2, (0.0, 20.0);
    /// Going to the Grail: for each Grail card in hand beyond the first.
    grail_push = 0.0, (0.0, 20.0);
    /// Going to the Grail: for each Knight already there (they went with Grail cards).
    grail_company = 0.0, (0.0, 20.0);
    /// ... both counted at this share while the Knights lead on Swords.
    grail_ahead = 1.0, (0.0, 1.0);
    // Lancelot: a race of six turns (the move, then a card a round) against Evil's draws, won by
    // a Knight who goes early with a full house, stays, and is not called home.
    /// Going to Lancelot with a hand that finishes him and likely wins (as `solo_margin` finds),
    /// beyond what any solo quest is worth.
    lancelot_go = 0.0, (0.0, 30.0);
    /// Staying on a solo quest where the seat has played cards, while his hand can still finish
    /// it (against going elsewhere).
    solo_stay = 0.0, (0.0, 30.0);
    /// A Convocation's cost for each Knight it calls home from a solo quest (the seat himself
    /// included): this much for each of the cards he played there and one more.
    recall_cost = 0.0, (0.0, 20.0);
    /// A Merlin on the Black cards of a solo quest a Knight stands on, beyond its danger.
    merlin_solo = 0.0, (0.0, 20.0);
}

/// How much each public deed tells: ln(P(deed | Traitor) / P(deed | Loyal)), by deed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeedOdds(pub [f32; Deed::COUNT]);

impl DeedOdds {
    pub fn get(&self, d: Deed) -> f32 {
        self.0[d as usize]
    }
}

/// The bots' file as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotFile {
    pub normal: Weights,
    pub easy: Weights,
    pub deeds: BTreeMap<Deed, f32>,
    /// The position model's weights by table size, then by feature name (`bot/value.rs`);
    /// missing, every position is an even chance.
    #[serde(default)]
    pub value: BTreeMap<u8, BTreeMap<String, f32>>,
    /// By table size, what the position model's constant gains in the chances a player is told
    /// (`ValueModel::told`); missing, nothing.
    #[serde(default)]
    pub told: BTreeMap<u8, f32>,
}

/// The bots' numbers, validated.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShadowsBots {
    pub normal: Weights,
    pub easy: Weights,
    pub deeds: DeedOdds,
    pub value: ValueModel,
}

impl ShadowsBots {
    pub const FILE: &'static str = "assets/bots/shadows_bots.ron";

    /// Parses and validates the file: every weight named, finite and in its range, every deed
    /// given; each problem at its place in the file.
    pub fn load(file: &ContentFile) -> Result<ShadowsBots, Vec<ContentError>> {
        let parsed: BotFile = file.parse().map_err(|e| vec![e])?;
        let mut errors = Vec::new();
        for (section, w) in [("normal:", &parsed.normal), ("easy:", &parsed.easy)] {
            for (i, name) in Weights::NAMES.iter().enumerate() {
                let v = w.get(i);
                let (lo, hi) = Weights::RANGES[i];
                if !v.is_finite() || v < lo || v > hi {
                    errors.push(error_in(
                        file,
                        section,
                        &format!("{name}:"),
                        format!("{name} is {v}: it must lie between {lo} and {hi}"),
                    ));
                }
            }
        }
        let mut odds = [0.0f32; Deed::COUNT];
        for d in Deed::ALL {
            match parsed.deeds.get(&d) {
                Some(&v) if v.is_finite() && v.abs() <= 10.0 => odds[d as usize] = v,
                Some(&v) => errors.push(error_in(
                    file,
                    "deeds:",
                    &format!("{d:?}:"),
                    format!("{d:?} is {v}: a deed's log-odds lie between -10 and 10"),
                )),
                None => errors.push(file.error_at("deeds:", format!("the deed {d:?} is missing"))),
            }
        }
        let mut value = ValueModel::flat();
        if !parsed.value.is_empty() {
            for (size, slot) in TABLE_SIZES.zip(value.by_players.iter_mut()) {
                let Some(model) = parsed.value.get(&(size as u8)) else {
                    errors.push(error_after(
                        file,
                        &["value:"],
                        format!("the position model for {size} players is missing"),
                    ));
                    continue;
                };
                for (i, name) in FEATURE_NAMES.iter().enumerate() {
                    match model.get(*name) {
                        Some(&v) if v.is_finite() && v.abs() <= 100.0 => slot[i] = v,
                        Some(&v) => errors.push(error_after(
                            file,
                            &["value:", &format!("{size}:"), &format!("\"{name}\"")],
                            format!("{name} is {v} for {size} players: a weight lies between -100 and 100"),
                        )),
                        None => errors.push(error_after(
                            file,
                            &["value:", &format!("{size}:")],
                            format!("the feature {name} is missing for {size} players"),
                        )),
                    }
                }
                for name in model.keys() {
                    if !FEATURE_NAMES.contains(&name.as_str()) {
                        errors.push(error_after(
                            file,
                            &["value:", &format!("{size}:"), &format!("\"{name}\"")],
                            format!(
                                "{name} is no feature of the position model; the features are {}",
                                FEATURE_NAMES.join(", ")
                            ),
                        ));
                    }
                }
            }
            for (&size, &shift) in &parsed.told {
                let (place, problem) = if !TABLE_SIZES.contains(&(size as usize)) {
                    ("told:", format!("a told shift for {size} players: tables seat 3 to 7"))
                } else if !shift.is_finite() || shift.abs() > 10.0 {
                    (
                        "told:",
                        format!("the told shift for {size} players is {shift}: it lies between -10 and 10"),
                    )
                } else {
                    if let Some(slot) = value.told.get_mut(size as usize - TABLE_SIZES.start()) {
                        *slot = shift;
                    }
                    continue;
                };
                errors.push(error_after(file, &[place, &format!("{size}:")], problem));
            }
            for size in parsed.value.keys() {
                if !TABLE_SIZES.contains(&(*size as usize)) {
                    errors.push(error_after(
                        file,
                        &["value:", &format!("{size}:")],
                        format!("a position model for {size} players: tables seat 3 to 7"),
                    ));
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(ShadowsBots {
            normal: parsed.normal,
            easy: parsed.easy,
            deeds: DeedOdds(odds),
            value,
        })
    }

    /// The file's text for these numbers, with a header saying how they were made.
    pub fn to_ron(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            out.push_str("// ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str("(\n");
        for (section, w) in [("normal", &self.normal), ("easy", &self.easy)] {
            out.push_str(&format!("    {section}: (\n"));
            for (i, name) in Weights::NAMES.iter().enumerate() {
                out.push_str(&format!("        {name}: {},\n", fmt(w.get(i))));
            }
            out.push_str("    ),\n");
        }
        out.push_str("    // ln(P(deed | Traitor) / P(deed | Loyal)), fitted from played games.\n");
        out.push_str("    deeds: {\n");
        for d in Deed::ALL {
            out.push_str(&format!("        {d:?}: {},\n", fmt(self.deeds.get(d))));
        }
        out.push_str("    },\n");
        out.push_str("    // The position model (bot/value.rs): a logistic model of the Knights' chance to win,\n");
        out.push_str("    // one per table size, fitted to played-out games.\n");
        out.push_str("    value: {\n");
        for (size, w) in TABLE_SIZES.zip(&self.value.by_players) {
            out.push_str(&format!("        {size}: {{\n"));
            for (name, v) in FEATURE_NAMES.iter().zip(w.iter()) {
                out.push_str(&format!("            \"{name}\": {},\n", fmt(*v)));
            }
            out.push_str("        },\n");
        }
        out.push_str("    },\n");
        out.push_str("    // What each table's constant gains in the chances a player is told (ValueModel::told).\n");
        out.push_str("    told: {\n");
        for (size, shift) in TABLE_SIZES.zip(&self.value.told) {
            out.push_str(&format!("        {size}: {},\n", fmt(*shift)));
        }
        out.push_str("    },\n)\n");
        out
    }
}

/// A number as RON writes it, short and exact enough.
fn fmt(v: f32) -> String {
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0');
    if s.ends_with('.') {
        format!("{s}0")
    } else {
        s.to_string()
    }
}

/// An error at `needle` after the first `section` in the file (or at `section`).
fn error_in(file: &ContentFile, section: &str, needle: &str, message: String) -> ContentError {
    error_after(file, &[section, needle], message)
}

/// An error at the last of `anchors`, each looked for after the one before (where one is
/// missing, at the one before).
fn error_after(file: &ContentFile, anchors: &[&str], message: String) -> ContentError {
    let text = &file.text;
    let mut at = 0;
    for a in anchors {
        if let Some(i) = text[at..].find(a) {
            at += i;
        }
    }
    file.error_at_offset(at, message)
}

/// How many numbers describe a position (the first is a constant 1).
pub const FEATURES: usize = 30;

/// Each feature's name, for the file and for looking at a model.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "bias",
    "white_swords",
    "black_swords",
    "swords_laid",
    "margin_late",
    "siege",
    "siege_over_6",
    "siege_over_9",
    "siege_early",
    "life_mean",
    "life_low",
    "dead",
    "hand_mean",
    "siege_share",
    "grail_danger",
    "grail_progress",
    "black_knight_danger",
    "black_knight_progress",
    "lancelot_danger",
    "lancelot_progress",
    "excalibur_track",
    "excalibur_over",
    "wars_danger",
    "wars_progress",
    "traitor_hidden",
    "excalibur_held",
    "grail_held",
    "vivien",
    "dark_forest",
    "mists",
];

/// The table sizes a model is fitted for.
pub const TABLE_SIZES: std::ops::RangeInclusive<usize> = 3..=7;

/// The fitted models, one per table size (index: players − 3).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValueModel {
    pub by_players: Vec<[f32; FEATURES]>,
    /// By table size, what the constant gains in a chance told to a player (a hint, a review):
    /// the model was fitted to the heuristic's games, in which the Knights win less than the
    /// normal bots make them, so its chances read low; the bots decide on the fitted scale (their
    /// margins were tuned on it) and a player is told the chance refitted to the bots' own games
    /// (`fit_shadows_value --calibrate`). Every position moves the same way on the curve, so an
    /// order between positions is the same on both scales.
    pub told: Vec<f32>,
}

impl ValueModel {
    /// A model that knows nothing (every position an even chance).
    pub fn flat() -> ValueModel {
        ValueModel {
            by_players: TABLE_SIZES.map(|_| [0.0; FEATURES]).collect(),
            told: TABLE_SIZES.map(|_| 0.0).collect(),
        }
    }

    /// What the constant gains in a chance told to a player at a table of `players`.
    pub fn told_shift(&self, players: usize) -> f32 {
        let i = players.clamp(*TABLE_SIZES.start(), *TABLE_SIZES.end()) - TABLE_SIZES.start();
        self.told.get(i).copied().unwrap_or(0.0)
    }

    /// Whether the model knows nothing (then the bots play their heuristic alone).
    pub fn is_flat(&self) -> bool {
        self.by_players.iter().all(|w| w.iter().all(|&v| v == 0.0))
    }

    /// The weights for a table of `players`.
    pub fn weights(&self, players: usize) -> Option<&[f32; FEATURES]> {
        let i = players.clamp(*TABLE_SIZES.start(), *TABLE_SIZES.end()) - TABLE_SIZES.start();
        self.by_players.get(i)
    }
}
