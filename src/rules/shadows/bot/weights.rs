//! The bots' numbers, read from `assets/bots/shadows_bots.ron` with the content: the normal (and
//! hard) level's weights, the easy level's, and how much each public deed tells of a Traitor.
//! The tuner (`examples/tune_shadows.rs`) writes this file; `camelot check` validates it, every
//! problem at its `path:line:col`.

use super::super::Deed;
use crate::content::{ContentError, ContentFile};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

macro_rules! weights {
    ($( $(#[doc = $doc:literal])* $name:ident = $default:expr, ($lo:expr, $hi:expr); )*) => {
        /// The heuristic's numbers, by name (`assets/bots/shadows_bots.ron`). Each says what it
        /// weighs; values are in Sword-margin points unless said otherwise.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    // The Round Table.
    /// A Black Sword against a White one (a White Sword is worth 1).
    black_sword = 1.1, (0.2, 5.0);
    /// More per Black Sword squared past the third (seven lose the game).
    black_near = 0.25, (0.0, 5.0);
    /// The hidden Traitor's two flipped Swords at the end, as a share of their worth.
    flip = 0.6, (0.0, 3.0);
    // The siege.
    /// Each Siege Engine.
    siege_lin = 0.9, (0.0, 5.0);
    /// Each Siege Engine past the knee, squared.
    siege_quad = 0.15, (0.0, 5.0);
    /// Where Siege Engines start to weigh more.
    siege_knee = 5.0, (0.0, 11.0);
    /// Siege Engines still to come from Black cards of quests that are over, per Sword still
    /// to lay, counted as if already there.
    siege_inflow = 0.6, (0.0, 5.0);
    /// One Siege Engine short of the loss.
    siege_last = 4.0, (0.0, 50.0);
    // Life.
    /// A Loyal Knight dead (his hand and his turns lost).
    life_dead = 10.0, (0.0, 50.0);
    /// At 1 Life point, against 4.
    life_1 = 4.5, (0.0, 20.0);
    /// At 2.
    life_2 = 2.2, (0.0, 20.0);
    /// At 3.
    life_3 = 1.0, (0.0, 20.0);
    /// At 5, more than at 4.
    life_5 = 0.15, (0.0, 5.0);
    /// At 6, more than at 4.
    life_6 = 0.25, (0.0, 5.0);
    // Cards.
    /// A card in another Knight's hand (unseen).
    card_other = 0.22, (0.0, 3.0);
    /// Cards in one hand past this many count half.
    card_cap = 8.0, (2.0, 20.0);
    /// A Fight card in one's own hand, before its value.
    fight_base = 0.05, (0.0, 3.0);
    /// Each point of a Fight card's value.
    fight_value = 0.03, (0.0, 1.0);
    /// A Fight card a war in play still needs, times how near that war is to its end.
    war_card = 0.1, (0.0, 3.0);
    /// A Grail card while the Grail can be played on.
    grail_card = 0.1, (0.0, 3.0);
    /// A Merlin (Vivien: a fifth of it).
    merlin_card = 0.6, (0.0, 5.0);
    /// One of the eight unique Special Whites.
    special_card = 0.4, (0.0, 5.0);
    /// A card no quest in play can use.
    junk_card = 0.08, (0.0, 2.0);
    /// The second and later copies of a card count this share.
    dup_decay = 0.7, (0.0, 1.0);
    /// The cards of a hand counted in full (the best ones).
    hand_full = 6.0, (1.0, 12.0);
    /// Each card past those counts this share of the one before.
    hand_decay = 0.8, (0.0, 1.0);
    // The quests: a race of the Knights' cards against Evil's.
    /// How sharply a quest's chance turns with the race's margin (in rounds).
    race_scale = 0.7, (0.05, 10.0);
    /// The Knights' pace on a quest (cards a round) before the able Knights present.
    rate_base = 1.2, (0.0, 5.0);
    /// More for each able Knight present (three at most; one on a solo quest).
    rate_each = 0.25, (0.0, 5.0);
    /// The share of absent Knights' cards counted as the quest's.
    absent_share = 0.5, (0.0, 1.0);
    /// Actions to find a missing card, per Round Table draw needed (two cards a draw).
    refill = 0.4, (0.0, 10.0);
    /// The share of Progressions of Evil that draw a Black card.
    draw_share = 0.65, (0.05, 1.0);
    /// A quest under way counts this share of what it promises (done, it counts in full).
    bank = 0.8, (0.2, 1.0);
    /// A Knight's action still needed on a quest (what it could do elsewhere).
    action = 0.6, (0.0, 5.0);
    /// A combat's spread of totals (its chance turns over this many points).
    sum_spread = 2.5, (0.3, 20.0);
    /// Each White card a won quest shares out.
    spoil_card = 0.18, (0.0, 3.0);
    /// Each Life point a quest's end gives or takes from each Knight present.
    quest_life = 0.45, (0.0, 5.0);
    /// Excalibur held by a Loyal Knight.
    relic_excalibur = 0.6, (0.0, 5.0);
    /// The Holy Grail held by a Loyal Knight.
    relic_grail = 0.8, (0.0, 5.0);
    /// Lancelot's Armor held by a Loyal Knight.
    relic_armor = 0.2, (0.0, 5.0);
    // Where one stands.
    /// Where one stands: this share of what one's next action there is worth.
    position = 0.7, (0.0, 2.0);
    /// Each later action there counts this share of the one before (three at most).
    position_decay = 0.6, (0.0, 1.0);
    /// The cards each other able Knight standing on the seat's quest is counted to play first.
    crowd = 1.0, (0.0, 3.0);
    /// Clairvoyance, played.
    clairvoyance = 0.3, (0.0, 5.0);
    /// Messenger, played.
    messenger = 0.15, (0.0, 5.0);
    /// A Loyal Knight's Combat card face down (a free card, but a deed to suspect).
    face_down_cost = 0.8, (0.0, 5.0);
    // The Traitor, seen by the Loyal.
    /// How much the public deeds count (1: as fitted).
    belief_temper = 1.0, (0.0, 3.0);
    /// An accusation's worth is weighed with this margin.
    accuse_margin = 0.3, (-5.0, 10.0);
    // The Traitor's own play.
    /// How far below the Loyal play's best the hidden Traitor's choice may be.
    traitor_slack = 0.6, (0.0, 20.0);
    /// Each unit of suspicion (log-odds) a deed adds, to the hidden Traitor.
    traitor_cover = 0.8, (0.0, 20.0);
    /// The suspicion (probability) at which the hidden Traitor unmasks himself.
    traitor_reveal = 0.7, (0.0, 1.01);
}

/// How much each public deed tells: ln(P(deed | Traitor) / P(deed | Loyal)), by deed.
#[derive(Clone, Debug, PartialEq)]
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
}

/// The bots' numbers, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct ShadowsBots {
    pub normal: Weights,
    pub easy: Weights,
    pub deeds: DeedOdds,
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
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(ShadowsBots {
            normal: parsed.normal,
            easy: parsed.easy,
            deeds: DeedOdds(odds),
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
    let text = &file.text;
    let start = text.find(section).unwrap_or(0);
    let at = text[start..].find(needle).map_or(start, |i| start + i);
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    ContentError {
        file: file.shown_as.clone(),
        line,
        col,
        message,
    }
}
