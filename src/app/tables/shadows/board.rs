//! The table in the world: Camelot (the Round Table with its twelve Sword places, the ring of
//! twelve Siege Engine places, the Siege area), each quest's board in the cell its RON layout
//! gives it, and the draw piles and discards; built once, then Knights, Swords, Siege Engines and
//! cards that move as the match changes. Everything here is the public view.

use super::*;
use crate::app::cards::{CardFace, CardSide, spawn_face};
use crate::app::icons::{Picture, Pictures};
use crate::app::motion::{Arrive, Glide, Leg};
use crate::app::style::{Paint, frame, icon, rect, world_colour};
use crate::app::surfaces::{Surface, Surfaces};
use crate::rules::shadows::{Black, KnightId, Placed, QuestKind, QuestState, ShadowsContent, black_text, white_line};

/// A cell of the table's 3 × 3 grid, and the board drawn in it.
const CELL: Vec2 = Vec2::new(430.0, 292.0);
const PLATE: Vec2 = Vec2::new(414.0, 276.0);
const CARD: Vec2 = Vec2::new(40.0, 56.0);
const CARD_STEP: f32 = 44.0;
/// How large a Black card turns over above Camelot, against the table's cards.
const REVEAL_SCALE: f32 = 3.2;
/// Camelot: the Round Table's radius, the Sword places' circle, the Siege Engines' ring.
const TABLE_R: f32 = 84.0;
const SWORD_R: f32 = 70.0;
const ENGINE_R: f32 = 118.0;
const FIGURE_R: f32 = 17.0;
/// The side of a figure's Life die, in world units.
const LIFE_DIE: f32 = 25.0;
/// The band along the foot of the table the hand lies in.
const HAND_BAND: f32 = 228.0;
/// The evil side's colours: a Black card and a Black Sword.
const EVIL: Color = Color::srgb(0.10, 0.08, 0.10);
const EVIL_RIM: Color = Color::srgb(0.55, 0.12, 0.12);
const GRAIL_GOLD: Color = Color::srgb(0.95, 0.80, 0.35);
const SILVER: Color = Color::srgb(0.90, 0.92, 0.96);

mod z {
    pub const FLOOR: f32 = -3.0;
    pub const PLATE: f32 = -2.0;
    pub const LIGHT: f32 = -1.9;
    pub const SLOT: f32 = -1.0;
    pub const LABEL: f32 = 0.3;
    pub const CARD: f32 = 2.0;
    pub const TOKEN: f32 = 3.0;
    pub const FIGURE: f32 = 5.0;
    pub const FLIGHT: f32 = 8.0;
}

#[derive(Component)]
pub(super) struct TableRoot;

/// The gold frame of a spot a click may take now.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub(super) struct Light(pub(super) SpotClick);

/// The things that move: a Knight's figure, a Sword's face on its place (white or black), a
/// Siege Engine on its place; `up` says whether it is shown.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    Figure(Seat),
    Sword { place: u8, black: bool, up: bool },
    Engine { place: u8, up: bool },
}

/// A number or a word written on the table that follows the match.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Label {
    Life(Seat),
    Relics(Seat),
    WhitePile,
    WhiteDiscard,
    BlackPile,
    BlackDiscard,
    Swords,
    Siege,
}

/// The cards and tokens on a quest's board, redrawn when they change.
#[derive(Component)]
pub(super) struct QuestLayer(QuestId);

/// What a quest's board shows, to tell when it changed.
#[derive(Clone, Debug, PartialEq)]
struct QuestLook {
    quest: QuestId,
    state: QuestState,
    over: Option<bool>,
    heroism: bool,
}

/// The table as built: where everything is.
#[derive(Resource)]
pub(super) struct Table {
    content: Arc<ShadowsContent>,
    key: (u64, usize),
    /// The centre of each board, by `QuestId::index` (Lancelot and the Dragon share one).
    boards: [Vec2; 7],
    camelot: Vec2,
    white_pile: Vec2,
    white_discard: Vec2,
    black_pile: Vec2,
    black_discard: Vec2,
    /// Where the hand lies (the band along the foot of the table), and where cards come from and
    /// go to the hands.
    pub(super) hand: Vec2,
    looks: [Option<QuestLook>; 7],
    /// The Sword places around the Round Table and the Siege Engine places of the ring: as many
    /// as end the game (`swords_end`) and lose it (`siege_lose`).
    sword_places: u8,
    engine_places: u8,
    pub(super) frame: Rect,
}

/// A quest's place name (`shared::Places`, `tutorial::places`).
fn quest_place(q: QuestId) -> &'static str {
    match q {
        QuestId::BlackKnight => "quest:black_knight",
        QuestId::Lancelot => "quest:lancelot",
        QuestId::Dragon => "quest:dragon",
        QuestId::Excalibur => "excalibur",
        QuestId::Grail => "quest:grail",
        QuestId::PictWar => "quest:picts",
        QuestId::SaxonWar => "quest:saxons",
    }
}

impl Table {
    fn cell(col: i8, row: i8) -> Vec2 {
        Vec2::new(col as f32 * CELL.x, row as f32 * CELL.y)
    }

    /// The table's named places (`shared::Places`), in world units.
    fn places(&self) -> Vec<(&'static str, Rect)> {
        let plate = |q: QuestId| Rect::from_center_size(self.boards[q.index()], PLATE);
        let card = Vec2::new(60.0, 84.0);
        let piles = |a: Vec2, b: Vec2| Rect::from_center_size(a, card).union(Rect::from_center_size(b, card));
        let hand = Rect::from_center_size(self.hand, Vec2::new(self.frame.width() - 16.0, HAND_BAND - 16.0));
        let mut v = vec![
            ("board", self.frame),
            ("camelot", Rect::from_center_size(self.camelot, PLATE)),
            ("round_table", Rect::from_center_size(self.camelot, Vec2::splat(190.0))),
        ];
        v.extend(QuestId::ALL.map(|q| (quest_place(q), plate(q))));
        v.extend([
            ("white_pile", piles(self.white_pile, self.white_discard)),
            ("black_pile", piles(self.black_pile, self.black_discard)),
            ("hand", hand),
        ]);
        v
    }

    /// Where a Knight stands: around the Round Table, in the Siege area (right of the ring), or
    /// in a row at the foot of his quest's board.
    fn knight_at(&self, s: &Shadows, seat: Seat) -> Option<Vec2> {
        let k = s.knights.get(seat)?;
        if !k.active() {
            return None;
        }
        let here = s.present(k.at);
        let i = here.iter().position(|&x| x == seat).unwrap_or(0) as f32;
        let n = here.len().max(1) as f32;
        Some(match k.at {
            Location::RoundTable => {
                let a = std::f32::consts::TAU * (i / n) + std::f32::consts::FRAC_PI_2;
                let r = if n > 1.0 { 36.0 } else { 0.0 };
                self.camelot + Vec2::new(a.cos(), a.sin()) * r
            }
            Location::Siege => {
                let (col, row) = ((i as usize) / 4, (i as usize) % 4);
                self.camelot + Vec2::new(ENGINE_R + 34.0 + col as f32 * 38.0, 60.0 - row as f32 * 40.0)
            }
            Location::Quest(q) => {
                let c = self.boards[board_of(q).index()];
                c + Vec2::new((i - (n - 1.0) / 2.0) * 2.3 * FIGURE_R, -PLATE.y / 2.0 + 30.0)
            }
            Location::Gone => return None,
        })
    }

    fn sword_at(&self, place: u8) -> Vec2 {
        let a = std::f32::consts::FRAC_PI_2 - std::f32::consts::TAU * place as f32 / self.sword_places.max(1) as f32;
        self.camelot + Vec2::new(a.cos(), a.sin()) * SWORD_R
    }

    fn engine_at(&self, place: u8) -> Vec2 {
        let a = std::f32::consts::FRAC_PI_2
            - std::f32::consts::TAU * (place as f32 + 0.5) / self.engine_places.max(1) as f32;
        self.camelot + Vec2::new(a.cos(), a.sin()) * ENGINE_R
    }

    /// A board's spot for the `i`-th of `n` cards in a row at height `dy`.
    fn slot(&self, q: QuestId, i: usize, n: usize, dy: f32) -> Vec2 {
        let c = self.boards[board_of(q).index()];
        c + Vec2::new((i as f32 - (n as f32 - 1.0) / 2.0) * CARD_STEP, dy)
    }
}

/// Two letters for each Knight, so that no one needs the seat colours to tell them apart.
pub(super) fn knight_mark(k: KnightId) -> &'static str {
    match k {
        KnightId::Arthur => "Ar",
        KnightId::Galahad => "Ga",
        KnightId::Gawain => "Gw",
        KnightId::Kay => "Ka",
        KnightId::Percival => "Pe",
        KnightId::Palamedes => "Pa",
        KnightId::Tristan => "Tr",
    }
}

pub(super) fn seat_rgb(m: &Match<Shadows>, seat: Seat) -> [u8; 3] {
    m.config.seats.get(seat).map_or([150, 150, 150], |s| s.colour)
}

/// Builds the table when a Shadows match starts, then keeps its pieces, cards and numbers in
/// step with the public view.
#[allow(clippy::too_many_arguments)]
pub(super) fn build_or_sync_table(
    mut commands: Commands,
    res: Res<MatchRes>,
    fonts: Option<Res<WorldFonts>>,
    pictures: Res<Pictures>,
    surfaces: Res<Surfaces>,
    table: Option<ResMut<Table>>,
    roots: Query<Entity, With<TableRoot>>,
    mut changed: MessageReader<MatchChanged>,
    mut paint: Paint,
    (mut frame, mut places): (
        ResMut<crate::app::style::BoardFrame>,
        ResMut<crate::app::shared::Places>,
    ),
    mut ui: ResMut<ShadowsUi>,
    mut moments: ResMut<Moments>,
    mut pieces: Query<(Entity, &mut Piece, &Transform, &mut Glide)>,
    mut labels: Query<(&Label, &mut Text2d)>,
    layers: Query<(Entity, &QuestLayer)>,
    mut fresh: Local<bool>,
) {
    let changed = changed.read().count() > 0 || std::mem::take(&mut *fresh);
    let Some(m) = shadows_match(&res) else {
        if table.is_some() {
            for e in &roots {
                commands.entity(e).despawn();
            }
            commands.remove_resource::<Table>();
        }
        return;
    };
    let Some(fonts) = fonts else {
        return;
    };
    let s = &m.state;
    let key = (m.config.seed, s.knights.len());
    let mut table = match table {
        Some(t) if Arc::ptr_eq(&t.content, &s.content) && t.key == key => t,
        _ => {
            for e in &roots {
                commands.entity(e).despawn();
            }
            let built = build_table(&mut commands, m, key, (&fonts, &pictures, &surfaces), &mut paint);
            frame.0 = built.frame;
            *places = crate::app::shared::Places::new(built.places());
            // Each quest also by the name its content gives it, for whatever names it in words.
            for q in QuestId::ALL {
                if let Some(r) = places.get(quest_place(q)) {
                    places.0.push((built.content.quest(q).name.clone(), r));
                }
            }
            commands.insert_resource(built);
            // A game loaded from a save: how its quests ended, from its actions.
            *moments = Moments {
                results: story(m).1,
                ..default()
            };
            *fresh = true;
            return;
        }
    };
    if changed && ui.at_action != m.actions.len() {
        *ui = ShadowsUi {
            peek: ui.peek,
            at_action: m.actions.len(),
            ..default()
        };
    }
    let Some(root) = roots.iter().next() else {
        return;
    };
    // A Black card drawn turns over above Camelot, then goes its way.
    for card in moments.black_flights.drain(..) {
        spawn_black_reveal(&mut commands, root, &table, s, card, &fonts, &pictures);
    }
    // White cards drawn fly face down from the pile to the hands; discarded ones the other way.
    for (drawn, count) in moments.white_flights.drain(..) {
        let (from, to) = if drawn {
            (table.white_pile, table.hand)
        } else {
            (table.hand, table.white_discard)
        };
        for i in 0..count.min(6) {
            let start = from.extend(z::FLIGHT);
            let e = spawn_card(&mut commands, root, &back_face(false), start, &fonts, &pictures);
            let mut glide = Glide::at(start);
            glide.arrive = Arrive::Despawn;
            glide.wait_then(
                &Transform::from_translation(start),
                0.12 * i as f32,
                to.extend(z::FLIGHT),
                0.8,
                0.6,
            );
            commands.entity(e).insert(glide);
        }
    }
    if !changed {
        return;
    }
    let view = s.public_view();
    let g = &view.game;
    // Knights, Swords and Siege Engines.
    let white = g.white_swords;
    let black = g.black_swords;
    for (e, mut piece, transform, mut glide) in &mut pieces {
        match *piece {
            Piece::Figure(seat) => match table.knight_at(g, seat) {
                Some(to) => {
                    let to = to.extend(z::FIGURE + seat as f32 * 0.05);
                    if glide.target() != to {
                        glide.go(transform, to, 0.6);
                    }
                }
                None => {
                    // Dead, or an unmasked Traitor gone to the shadows: the figure fades away.
                    glide.arrive = Arrive::Despawn;
                    glide.path(
                        transform,
                        [Leg {
                            to: transform.translation,
                            scale: 0.0,
                            secs: 0.8,
                        }],
                    );
                    commands.entity(e).remove::<Piece>();
                }
            },
            Piece::Sword { place, black: dark, up } => {
                let want = sword_shows(g, place, dark);
                if want != up {
                    // A flip: the old face shrinks away, the new one grows in its place.
                    let at = transform.translation;
                    if want {
                        glide.wait_then(transform, 0.25, at, 1.0, 0.25);
                    } else {
                        glide.path(
                            transform,
                            [Leg {
                                to: at,
                                scale: 0.0,
                                secs: 0.25,
                            }],
                        );
                    }
                    *piece = Piece::Sword {
                        place,
                        black: dark,
                        up: want,
                    };
                }
            }
            Piece::Engine { place, up } => {
                let want = place < g.siege;
                if want != up {
                    let at = transform.translation;
                    glide.path(
                        transform,
                        [Leg {
                            to: at,
                            scale: if want { 1.0 } else { 0.0 },
                            secs: 0.4,
                        }],
                    );
                    *piece = Piece::Engine { place, up: want };
                }
            }
        }
    }
    for (label, mut text) in &mut labels {
        let words = match *label {
            Label::Life(seat) => g.knights.get(seat).map_or(String::new(), |k| k.life.to_string()),
            Label::Relics(seat) => g.knights.get(seat).map_or(String::new(), relic_marks),
            Label::WhitePile => format!("White\n{}", g.white_draw.len()),
            Label::WhiteDiscard => format!("Discard\n{}", g.white_discard.len()),
            Label::BlackPile => format!("Black\n{}", g.black_draw.len()),
            Label::BlackDiscard => format!("Discard\n{}", g.black_discard.len() + g.black_unseen.len()),
            Label::Swords => format!("Swords\n{white} White\n{black} Black"),
            Label::Siege => format!("Siege\nEngines\n{} of {}", g.siege, g.numbers().siege_lose),
        };
        if text.0 != words {
            text.0 = words;
        }
    }
    // The quests' boards: redrawn where they changed; new cards fly in, gone ones away.
    for q in QuestId::ALL {
        // Lancelot and the Dragon share a board: the one in play, or the Dragon once both are over.
        let q = match q {
            QuestId::Dragon => continue,
            QuestId::Lancelot => shared_board_quest(s),
            other => other,
        };
        let look = QuestLook {
            quest: q,
            state: g.quest(q).clone(),
            over: moments.results.iter().rev().find(|r| r.0 == q).map(|r| r.1),
            heroism: g.heroism == Some(q),
        };
        let b = board_of(q).index();
        if table.looks[b].as_ref() == Some(&look) {
            continue;
        }
        let old = table.looks[b].take();
        for (e, layer) in &layers {
            if board_of(layer.0) == board_of(q) {
                commands.entity(e).despawn();
            }
        }
        draw_quest(&mut commands, root, &table, g, &look, old.as_ref(), (&fonts, &pictures));
        table.looks[b] = Some(look);
    }
}

/// Whether a Sword place shows its White (or Black) Sword: the White ones fill the places from
/// the first, the Black ones follow.
fn sword_shows(g: &Shadows, place: u8, black: bool) -> bool {
    let white = g.white_swords;
    if black {
        place >= white && place < white.saturating_add(g.black_swords)
    } else {
        place < white
    }
}

fn relic_marks(k: &crate::rules::shadows::KnightState) -> String {
    use crate::rules::shadows::Relic;
    k.relics()
        .map(|r| match r {
            Relic::Excalibur => "Ex",
            Relic::Grail => "Gr",
            Relic::Armor => "Ar",
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn text(
    commands: &mut Commands,
    parent: Entity,
    s: impl Into<String>,
    size: f32,
    font: &Handle<Font>,
    colour: Color,
    at: Vec3,
) -> Entity {
    commands
        .spawn((
            Text2d::new(s),
            TextFont::from_font_size(size).with_font(font.clone()),
            TextColor(colour),
            TextLayout::justify(Justify::Center),
            Pickable::IGNORE,
            Transform::from_translation(at),
            ChildOf(parent),
        ))
        .id()
}

fn hoverable(commands: &mut Commands, e: Entity, what: Hover) {
    crate::app::style::hoverable::<Hovered>(commands, e, what);
}

/// Makes a thing clickable: it says what it is on hover and what it asks for on a press.
fn clickable(commands: &mut Commands, e: Entity, click: SpotClick) {
    hoverable(commands, e, Hover::Spot(click));
    crate::app::style::on_press(commands, e, click);
}

/// A lit frame around a spot, hidden until a click may take it.
fn light(commands: &mut Commands, root: Entity, spot: SpotClick, area: Rect) {
    let e = commands
        .spawn((
            Light(spot),
            Transform::default(),
            Visibility::Hidden,
            Pickable::IGNORE,
            ChildOf(root),
        ))
        .id();
    frame(commands, e, world::GOLD, area.inflate(5.0), 5.0, z::LIGHT);
}

fn build_table(
    commands: &mut Commands,
    m: &Match<Shadows>,
    key: (u64, usize),
    (fonts, pictures, surfaces): (&WorldFonts, &Pictures, &Surfaces),
    paint: &mut Paint,
) -> Table {
    let s = &m.state;
    let content = s.content.clone();
    let root = commands
        .spawn((
            TableRoot,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ))
        .id();
    let mut boards = [Vec2::ZERO; 7];
    for q in QuestId::ALL {
        let (col, row) = content.quest(q).at;
        boards[q.index()] = Table::cell(col, row);
    }
    // The hand's band under the grid: it also fills the room a wide window leaves below it.
    let hand_y = -1.5 * CELL.y - 8.0 - HAND_BAND / 2.0;
    let table = Table {
        content: content.clone(),
        key,
        boards,
        camelot: Vec2::ZERO,
        white_pile: Table::cell(-1, -1) + Vec2::new(-70.0, 10.0),
        white_discard: Table::cell(-1, -1) + Vec2::new(70.0, 10.0),
        black_pile: Table::cell(1, -1) + Vec2::new(-70.0, 10.0),
        black_discard: Table::cell(1, -1) + Vec2::new(70.0, 10.0),
        hand: Vec2::new(0.0, hand_y),
        looks: Default::default(),
        sword_places: s.numbers().swords_end.clamp(1, 24),
        engine_places: s.numbers().siege_lose.clamp(1, 24),
        frame: Rect::from_corners(
            Vec2::new(-1.5 * CELL.x - 8.0, -1.5 * CELL.y - 8.0 - HAND_BAND),
            Vec2::new(1.5 * CELL.x + 8.0, 1.5 * CELL.y + 8.0),
        ),
    };
    // The table: dark oak, and on it a green cloth.
    commands.spawn((
        surfaces.table_top(table.frame),
        Pickable::IGNORE,
        Transform::from_translation(table.frame.center().extend(z::FLOOR - 0.2)),
        ChildOf(root),
    ));
    commands.spawn((
        surfaces.sprite(Surface::Cloth, table.frame.size(), Color::srgb(0.12, 0.17, 0.13)),
        Pickable::IGNORE,
        Transform::from_translation(table.frame.center().extend(z::FLOOR)),
        ChildOf(root),
    ));
    frame(commands, root, world::WOOD, table.frame, 8.0, z::FLOOR + 0.1);
    draw_camelot(commands, root, &table, s, (fonts, pictures, surfaces), paint);
    // The quest boards (one for Lancelot and the Dragon).
    for q in QuestId::ALL {
        if q == QuestId::Dragon {
            continue;
        }
        let c = table.boards[q.index()];
        let area = Rect::from_center_size(c, PLATE);
        // A quest's board: dark oak.
        let plate = commands
            .spawn((
                surfaces.sprite(Surface::Wood, PLATE, Color::srgb(0.27, 0.22, 0.17)),
                Transform::from_translation(c.extend(z::PLATE)),
                ChildOf(root),
            ))
            .id();
        clickable(commands, plate, SpotClick::Quest(q));
        frame(commands, root, world::GOLD_DIM, area, 2.0, z::PLATE + 0.01);
        light(commands, root, SpotClick::Quest(q), area);
    }
    // The piles.
    for (at, back, label, hover) in [
        (table.white_pile, SILVER, Label::WhitePile, Hover::WhitePile),
        (
            table.white_discard,
            Color::srgb(0.55, 0.55, 0.58),
            Label::WhiteDiscard,
            Hover::WhitePile,
        ),
        (table.black_pile, EVIL, Label::BlackPile, Hover::BlackPile),
        (
            table.black_discard,
            Color::srgb(0.25, 0.2, 0.22),
            Label::BlackDiscard,
            Hover::BlackPile,
        ),
    ] {
        let e = rect(commands, root, world::INK, Vec2::new(84.0, 116.0), at.extend(z::PLATE));
        hoverable(commands, e, hover);
        rect(commands, root, back, Vec2::new(78.0, 110.0), at.extend(z::SLOT));
        let ink = if back == SILVER { world::INK } else { world::PARCHMENT };
        let t = text(
            commands,
            root,
            "",
            size::WORLD_NAME,
            &fonts.bold,
            ink,
            at.extend(z::LABEL),
        );
        commands.entity(t).insert(label);
    }
    text(
        commands,
        root,
        "White cards",
        size::WORLD_LABEL,
        &fonts.regular,
        world::PARCHMENT,
        (Table::cell(-1, -1) + Vec2::new(0.0, 95.0)).extend(z::LABEL),
    );
    text(
        commands,
        root,
        "Black cards",
        size::WORLD_LABEL,
        &fonts.regular,
        world::PARCHMENT,
        (Table::cell(1, -1) + Vec2::new(0.0, 95.0)).extend(z::LABEL),
    );
    // The Knights: a disc in the seat's colour with two letters, and a Life die.
    for (seat, k) in s.knights.iter().enumerate() {
        let at = table
            .knight_at(s, seat)
            .unwrap_or(table.camelot)
            .extend(z::FIGURE + seat as f32 * 0.05);
        let e = spawn_knight(commands, root, m, seat, k.knight, at, fonts, paint);
        commands.entity(e).insert((Piece::Figure(seat), Glide::at(at)));
        if !k.active() {
            commands
                .entity(e)
                .insert(Transform::from_translation(at).with_scale(Vec3::ZERO));
        }
    }
    table
}

/// Camelot: the Round Table with its Sword places, the ring of Siege Engine places, the Siege
/// area beside it; each part a spot to click.
fn draw_camelot(
    commands: &mut Commands,
    root: Entity,
    table: &Table,
    s: &Shadows,
    (fonts, pictures, surfaces): (&WorldFonts, &Pictures, &Surfaces),
    paint: &mut Paint,
) {
    let c = table.camelot;
    let area = Rect::from_center_size(c, PLATE);
    // Camelot's courtyard: grey stone.
    let plate = commands
        .spawn((
            surfaces.sprite(Surface::Stone, PLATE, Color::srgb(0.26, 0.27, 0.31)),
            Transform::from_translation(c.extend(z::PLATE)),
            ChildOf(root),
        ))
        .id();
    clickable(commands, plate, SpotClick::Siege);
    frame(commands, root, world::GOLD_DIM, area, 2.0, z::PLATE + 0.01);
    light(commands, root, SpotClick::Siege, area);
    text(
        commands,
        root,
        "Siege area",
        size::WORLD_BADGE,
        &fonts.regular,
        world::PARCHMENT,
        (c + Vec2::new(ENGINE_R + 50.0, 112.0)).extend(z::LABEL),
    );
    // The ring of Siege Engine places.
    let ring_mesh = paint.mesh("shadows-siege-ring", || {
        Annulus::new(ENGINE_R - 13.0, ENGINE_R + 13.0).into()
    });
    commands.spawn((
        Mesh2d(ring_mesh),
        MeshMaterial2d(paint.colour(Color::srgb(0.28, 0.26, 0.24))),
        Transform::from_translation(c.extend(z::SLOT - 0.1)),
        Pickable::IGNORE,
        ChildOf(root),
    ));
    for place in 0..table.engine_places {
        let at = table.engine_at(place);
        rect(
            commands,
            root,
            Color::srgb(0.36, 0.33, 0.30),
            Vec2::splat(18.0),
            at.extend(z::SLOT),
        );
        let up = place < s.siege;
        let e = commands
            .spawn((
                Transform::from_translation(at.extend(z::TOKEN)).with_scale(Vec3::splat(if up { 1.0 } else { 0.0 })),
                Visibility::default(),
                Pickable::IGNORE,
                ChildOf(root),
                Piece::Engine { place, up },
                Glide::at(at.extend(z::TOKEN)),
            ))
            .id();
        commands.entity(e).with_children(|t| {
            t.spawn((Pickable::IGNORE, Sprite::from_color(EVIL_RIM, Vec2::splat(24.0))));
            t.spawn((
                Pickable::IGNORE,
                pictures.sprite(Picture::Trebuchet, 22.0, world::PARCHMENT),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
        });
    }
    // The Round Table.
    let table_mesh = paint.mesh("shadows-round-table", || Circle::new(TABLE_R).into());
    commands.spawn((
        Mesh2d(table_mesh),
        MeshMaterial2d(paint.colour(world::WOOD)),
        Transform::from_translation(c.extend(z::SLOT)),
        Pickable::IGNORE,
        ChildOf(root),
    ));
    // What a click takes: a square inside the circle, under it (sprites are what the pointer
    // finds).
    let round = commands
        .spawn((
            Sprite::from_color(world::WOOD, Vec2::splat(TABLE_R * 1.6)),
            Transform::from_translation(c.extend(z::SLOT - 0.05)),
            ChildOf(root),
        ))
        .id();
    clickable(commands, round, SpotClick::RoundTable);
    commands.spawn((
        Light(SpotClick::RoundTable),
        Mesh2d(paint.mesh("shadows-table-light", || Annulus::new(TABLE_R, TABLE_R + 6.0).into())),
        MeshMaterial2d(paint.colour(world::GOLD)),
        Transform::from_translation(c.extend(z::SLOT + 0.05)),
        Visibility::Hidden,
        Pickable::IGNORE,
        ChildOf(root),
    ));
    for place in 0..table.sword_places {
        let at = table.sword_at(place);
        let angle = std::f32::consts::FRAC_PI_2 - std::f32::consts::TAU * place as f32 / table.sword_places as f32;
        let turn = Quat::from_rotation_z(angle);
        commands.spawn((
            Sprite::from_color(Color::srgb(0.32, 0.22, 0.14), Vec2::new(26.0, 10.0)),
            Transform::from_translation(at.extend(z::SLOT + 0.1)).with_rotation(turn),
            Pickable::IGNORE,
            ChildOf(root),
        ));
        for dark in [false, true] {
            let up = sword_shows(s, place, dark);
            let (fill, rim) = if dark { (EVIL, EVIL_RIM) } else { (SILVER, world::INK) };
            let e = commands
                .spawn((
                    Transform::from_translation(at.extend(z::TOKEN))
                        .with_rotation(turn)
                        .with_scale(Vec3::splat(if up { 1.0 } else { 0.0 })),
                    Visibility::default(),
                    Pickable::IGNORE,
                    ChildOf(root),
                    Piece::Sword { place, black: dark, up },
                    Glide::at(at.extend(z::TOKEN)),
                ))
                .id();
            commands.entity(e).with_children(|t| {
                t.spawn((Pickable::IGNORE, Sprite::from_color(rim, Vec2::new(30.0, 11.0))));
                t.spawn((
                    Pickable::IGNORE,
                    Sprite::from_color(fill, Vec2::new(27.0, 7.0)),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
                t.spawn((
                    Pickable::IGNORE,
                    Sprite::from_color(world::GOLD, Vec2::new(4.0, 13.0)),
                    Transform::from_xyz(-8.0, 0.0, 0.02),
                ));
            });
        }
    }
    let swords = text(
        commands,
        root,
        "",
        size::WORLD_BADGE,
        &fonts.regular,
        world::PARCHMENT,
        (c + Vec2::new(-PLATE.x / 2.0 + 42.0, 40.0)).extend(z::LABEL),
    );
    commands.entity(swords).insert(Label::Swords);
    hoverable(commands, swords, Hover::Swords);
    let siege = text(
        commands,
        root,
        "",
        size::WORLD_BADGE,
        &fonts.regular,
        world::PARCHMENT,
        (c + Vec2::new(-PLATE.x / 2.0 + 42.0, -70.0)).extend(z::LABEL),
    );
    commands.entity(siege).insert(Label::Siege);
    text(
        commands,
        root,
        "Camelot",
        size::WORLD_LABEL,
        &fonts.bold,
        world::GOLD,
        (c + Vec2::new(-PLATE.x / 2.0 + 52.0, PLATE.y / 2.0 - 16.0)).extend(z::LABEL),
    );
}

/// A Knight's figure: a disc in the seat's colour with his two letters, his Life die at its
/// side and his relics' marks above.
#[allow(clippy::too_many_arguments)]
fn spawn_knight(
    commands: &mut Commands,
    root: Entity,
    m: &Match<Shadows>,
    seat: Seat,
    knight: KnightId,
    at: Vec3,
    fonts: &WorldFonts,
    paint: &mut Paint,
) -> Entity {
    let rgb = seat_rgb(m, seat);
    let fill = world_colour(rgb);
    let ink = if crate::app::style::text_on(rgb) == egui::Color32::BLACK {
        world::INK
    } else {
        Color::WHITE
    };
    // The square under the disc is what the pointer finds.
    // It says who it is on hover, and lets a click through to the spot it stands on.
    let e = commands
        .spawn((
            Sprite::from_color(world::INK, Vec2::splat(FIGURE_R * 1.4)),
            Transform::from_translation(at),
            Visibility::default(),
            ChildOf(root),
        ))
        .id();
    hoverable(commands, e, Hover::Knight(seat));
    commands.entity(e).insert(Pickable {
        should_block_lower: false,
        is_hoverable: true,
    });
    commands.entity(e).with_children(|t| {
        t.spawn((
            Pickable::IGNORE,
            Mesh2d(paint.mesh("shadows-knight-rim", || Circle::new(FIGURE_R).into())),
            MeshMaterial2d(paint.colour(world::INK)),
        ));
        t.spawn((
            Pickable::IGNORE,
            Mesh2d(paint.mesh("shadows-knight", || Circle::new(FIGURE_R - 2.5).into())),
            MeshMaterial2d(paint.colour(fill)),
            Transform::from_xyz(0.0, 0.0, 0.01),
        ));
        t.spawn((
            Pickable::IGNORE,
            Text2d::new(knight_mark(knight)),
            TextFont::from_font_size(15.0).with_font(fonts.bold.clone()),
            TextColor(ink),
            Transform::from_xyz(0.0, 0.0, 0.02),
        ));
        // The Life die: large enough to read at 1280×800, where the world is drawn small.
        let die = Vec3::new(FIGURE_R + 3.0, -FIGURE_R + 3.0, 0.03);
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(world::INK, Vec2::splat(LIFE_DIE + 3.0)),
            Transform::from_translation(die),
        ));
        t.spawn((
            Pickable::IGNORE,
            Sprite::from_color(world::PARCHMENT, Vec2::splat(LIFE_DIE)),
            Transform::from_translation(die + Vec3::Z * 0.01),
        ));
        t.spawn((
            Pickable::IGNORE,
            Label::Life(seat),
            Text2d::new(""),
            TextFont::from_font_size(LIFE_DIE - 1.0).with_font(fonts.bold.clone()),
            TextColor(world::BLOOD),
            Transform::from_translation(die + Vec3::Z * 0.02),
        ));
        t.spawn((
            Pickable::IGNORE,
            Label::Relics(seat),
            Text2d::new(""),
            TextFont::from_font_size(14.0).with_font(fonts.bold.clone()),
            TextColor(GRAIL_GOLD),
            Transform::from_xyz(0.0, FIGURE_R + 7.0, 0.05),
        ));
    });
    e
}

/// A card on the table: a White card's value or name on silver, a Black card's on black (a
/// face-down one shows its back with a question mark).
/// The motif of a quest's board.
fn quest_picture(q: QuestId) -> Picture {
    match q {
        QuestId::BlackKnight => Picture::BlackKnightHelm,
        QuestId::Grail => Picture::HolyGrail,
        QuestId::Lancelot => Picture::MountedKnight,
        QuestId::Dragon => Picture::DragonHead,
        QuestId::Excalibur => Picture::SwordInStone,
        QuestId::PictWar => Picture::Barbarian,
        QuestId::SaxonWar => Picture::VikingHelmet,
    }
}

/// A card on the table, at the table's card size.
fn spawn_card(
    commands: &mut Commands,
    parent: Entity,
    face: &CardFace,
    at: Vec3,
    fonts: &WorldFonts,
    pictures: &Pictures,
) -> Entity {
    spawn_face(commands, parent, face, CARD, at, fonts, pictures)
}

/// A card lying face down: a White one, or a Black one.
fn back_face(dark: bool) -> CardFace {
    CardFace {
        name: String::new(),
        value: None,
        picture: Some(if dark { Picture::EvilTree } else { Picture::Shield }),
        line: None,
        side: CardSide::Back { dark },
    }
}

/// The picture of a White card.
pub(super) fn white_picture(c: White) -> Picture {
    match c {
        White::Fight(_) => Picture::CrossedSwords,
        White::Grail => Picture::HolyGrail,
        White::Merlin => Picture::WizardFace,
        White::Clairvoyance => Picture::CrystalBall,
        White::Convocation => Picture::RoundTable,
        White::Fate => Picture::RollingDice,
        White::Heroism => Picture::LaurelCrown,
        White::LadyOfTheLake => Picture::WaterSplash,
        White::Messenger => Picture::Scroll,
        White::Piety => Picture::SunPriest,
        White::Reinforcements => Picture::KnightBanner,
    }
}

/// A White card's face: its name, its picture, its value (a Fight card's) and what it does.
pub(super) fn white_face(s: &Shadows, c: White) -> CardFace {
    CardFace {
        name: c.name(),
        value: c.fight().map(|v| v.to_string()),
        picture: Some(white_picture(c)),
        line: Some(white_line(s, c)),
        side: CardSide::Light,
    }
}

/// The picture of a Black card (on `quest` where it lies: a Lancelot card on the Dragon is the
/// Dragon).
fn black_picture(c: Black, quest: Option<QuestId>) -> Picture {
    match c {
        Black::BlackKnight(_) => Picture::BlackKnightHelm,
        Black::Lancelot(..) if quest == Some(QuestId::Dragon) => Picture::DragonHead,
        Black::Lancelot(..) => Picture::MountedKnight,
        Black::Excalibur => Picture::SwordInStone,
        Black::Despair => Picture::BrokenHeart,
        Black::Desolation => Picture::DeadWood,
        Black::Picts => Picture::Barbarian,
        Black::Saxons => Picture::VikingHelmet,
        Black::Mercenaries => Picture::Coins,
        Black::MorganDiscard | Black::MorganMore | Black::MorganSiege | Black::MorganWound | Black::MorganSacrifice => {
            Picture::WitchFace
        }
        Black::DarkForest => Picture::EvilTree,
        Black::Vivien => Picture::MagicSwirl,
        Black::Guinevere => Picture::QueenCrown,
        Black::Mists => Picture::Fog,
        Black::Mordred => Picture::HoodedAssassin,
        Black::Hidden => Picture::EvilTree,
    }
}

/// A Black card's face as it lies on a quest: its picture and its value there; face down, its
/// kind only and a "?".
fn black_face(s: &Shadows, q: QuestId, p: &Placed) -> CardFace {
    let value = match p.card {
        Black::BlackKnight(0) | Black::Lancelot(0, 0) | Black::Hidden => Some("?".to_string()),
        Black::BlackKnight(v) => Some(v.to_string()),
        Black::Lancelot(l, d) => Some((if q == QuestId::Dragon { d } else { l }).to_string()),
        _ => None,
    };
    CardFace {
        name: p.card.name(),
        value,
        picture: Some(black_picture(p.card, Some(q))),
        line: Some(black_text(s, p.card)),
        side: CardSide::Dark,
    }
}

/// A Black card drawn, as it turns over above Camelot (an unseen Combat card: its kind only).
fn drawn_face(s: &Shadows, card: Black) -> CardFace {
    let unseen = card.is_combat() && card.hidden() == card;
    CardFace {
        name: if unseen { "A Combat card".into() } else { card.name() },
        value: match card {
            Black::BlackKnight(v) | Black::Lancelot(v, _) if v > 0 => Some(v.to_string()),
            _ => None,
        },
        picture: Some(black_picture(card, s.lancelot_or_dragon())),
        line: (!unseen).then(|| black_text(s, card)),
        side: CardSide::Dark,
    }
}

/// Draws a quest's board: its title, its spots and what lies on them. Cards not on the board
/// before fly in (White ones from the hands, Black ones from the Black pile); cards gone fly to
/// their discard.
#[allow(clippy::too_many_arguments)]
fn draw_quest(
    commands: &mut Commands,
    root: Entity,
    table: &Table,
    g: &Shadows,
    look: &QuestLook,
    old: Option<&QuestLook>,
    (fonts, pictures): (&WorldFonts, &Pictures),
) {
    let q = look.quest;
    let def = g.content().quest(q);
    let qs = &look.state;
    let c = table.boards[board_of(q).index()];
    let layer = commands
        .spawn((
            QuestLayer(q),
            Transform::default(),
            Visibility::default(),
            Pickable::IGNORE,
            ChildOf(root),
        ))
        .id();
    let top = PLATE.y / 2.0;
    let mut title = def.name.clone();
    if def.solo {
        title.push_str("  · Solo");
    }
    if look.heroism {
        title.push_str("  · Heroism");
    }
    // The quest's motif, large and faint behind its spots, and its title on a plaque.
    commands.spawn((
        Pickable::IGNORE,
        pictures.sprite(quest_picture(q), PLATE.y * 0.82, Color::srgba(0.93, 0.85, 0.62, 0.055)),
        Transform::from_translation((c + Vec2::new(PLATE.x * 0.27, -8.0)).extend(z::PLATE + 0.02)),
        ChildOf(layer),
    ));
    let plaque = Vec2::new(PLATE.x * 0.78, 30.0);
    let plaque_at = c + Vec2::new(0.0, top - 19.0);
    rect(commands, layer, world::WOOD, plaque, plaque_at.extend(z::LABEL - 0.05));
    frame(
        commands,
        layer,
        world::GOLD_DIM,
        Rect::from_center_size(plaque_at, plaque),
        1.5,
        z::LABEL - 0.04,
    );
    text(
        commands,
        layer,
        title,
        size::WORLD_LABEL,
        &fonts.bold,
        world::GOLD,
        plaque_at.extend(z::LABEL),
    );
    // What was on the board before (same quest), to know what is new.
    let before = old.filter(|o| o.quest == q).map(|o| &o.state);
    let old_white = before.map_or(0, |b| b.white.len());
    let old_black = before.map_or(0, |b| b.black.len());
    let fly = |commands: &mut Commands, e: Entity, from: Vec2, to: Vec3, n: usize| {
        let start = from.extend(z::FLIGHT);
        let mut glide = Glide::at(start);
        glide.wait_then(&Transform::from_translation(start), 0.1 * n as f32, to, 1.0, 0.6);
        commands.entity(e).insert((Transform::from_translation(start), glide));
    };
    let white_row = |i: usize, n: usize| table.slot(q, i, n, 52.0).extend(z::CARD + i as f32 * 0.01);
    let black_row = |i: usize, n: usize| table.slot(q, i, n, -18.0).extend(z::CARD + i as f32 * 0.01);
    match &def.kind {
        QuestKind::Combat {
            white_spots,
            black_spots,
            ..
        } => {
            let (w, b) = (*white_spots as usize, *black_spots as usize);
            for i in 0..w {
                rect(
                    commands,
                    layer,
                    Color::srgb(0.30, 0.28, 0.26),
                    CARD,
                    white_row(i, w).with_z(z::SLOT),
                );
            }
            for i in 0..b {
                rect(
                    commands,
                    layer,
                    Color::srgb(0.16, 0.10, 0.10),
                    CARD,
                    black_row(i, b).with_z(z::SLOT),
                );
            }
            for (i, card) in qs.white.iter().enumerate() {
                let e = spawn_card(commands, layer, &white_face(g, *card), white_row(i, w), fonts, pictures);
                if i >= old_white {
                    fly(commands, e, table.hand, white_row(i, w), i - old_white);
                }
            }
            for (i, p) in qs.black.iter().enumerate() {
                let e = spawn_card(commands, layer, &black_face(g, q, p), black_row(i, b), fonts, pictures);
                if i >= old_black {
                    fly(commands, e, table.black_pile, black_row(i, b), i - old_black);
                }
            }
            side_labels(commands, layer, c, fonts);
        }
        QuestKind::Track { half_length } => {
            let h = *half_length as i32;
            let n = (2 * h + 1) as usize;
            let step = ((PLATE.x - 40.0) / n as f32).min(CARD_STEP);
            for i in 0..n {
                let x = (i as f32 - (n as f32 - 1.0) / 2.0) * step;
                let at = c + Vec2::new(x, 30.0);
                let centre = i as i32 == h;
                let colour = if centre {
                    Color::srgb(0.40, 0.46, 0.60)
                } else {
                    Color::srgb(0.24, 0.34, 0.50)
                };
                rect(commands, layer, colour, Vec2::new(step - 3.0, 34.0), at.extend(z::SLOT));
            }
            // Once the quest is over the sword stays at the end it reached (the rules set the
            // track back to the centre for a quest no longer in play).
            let track = match (qs.in_play, look.over) {
                (false, Some(true)) => h,
                (false, Some(false)) => -h,
                _ => qs.track as i32,
            };
            let x = track as f32 * step;
            let at = (c + Vec2::new(x, 30.0)).extend(z::TOKEN);
            let e = commands
                .spawn((
                    Text2d::new(icon::SWORD.to_string()),
                    TextFont::from_font_size(30.0).with_font(fonts.icons.clone()),
                    TextColor(SILVER),
                    Pickable::IGNORE,
                    Transform::from_translation(at),
                    ChildOf(layer),
                ))
                .id();
            if let Some(b) = before
                && b.track as i32 != track
                && qs.in_play
            {
                let from = (c + Vec2::new(b.track as f32 * step, 30.0)).extend(z::TOKEN);
                let mut glide = Glide::at(from);
                glide.go(&Transform::from_translation(from), at, 0.6);
                commands.entity(e).insert((Transform::from_translation(from), glide));
            }
            let end_x = (n as f32 - 1.0) / 2.0 * step;
            text(
                commands,
                layer,
                "Evil",
                size::WORLD_BADGE,
                &fonts.regular,
                world::SCANDAL_INK,
                (c + Vec2::new(-end_x, 60.0)).extend(z::LABEL),
            );
            text(
                commands,
                layer,
                "Knights",
                size::WORLD_BADGE,
                &fonts.regular,
                world::PARCHMENT,
                (c + Vec2::new(end_x, 60.0)).extend(z::LABEL),
            );
            if !qs.black.is_empty() {
                text(
                    commands,
                    layer,
                    format!(
                        "{} pulled it",
                        crate::rules::counted(qs.black.len() as u64, "Black card", "Black cards")
                    ),
                    size::WORLD_BADGE,
                    &fonts.regular,
                    world::PARCHMENT,
                    (c + Vec2::new(0.0, -10.0)).extend(z::LABEL),
                );
            }
        }
        QuestKind::Grail { spots } => {
            let n = *spots as usize;
            let row = |i: usize| table.slot(q, i, n, 30.0).extend(z::CARD + i as f32 * 0.01);
            for i in 0..n {
                rect(
                    commands,
                    layer,
                    Color::srgb(0.30, 0.28, 0.26),
                    CARD,
                    row(i).with_z(z::SLOT),
                );
            }
            for (i, card) in qs.white.iter().enumerate() {
                let e = spawn_card(commands, layer, &white_face(g, *card), row(i), fonts, pictures);
                if i >= old_white {
                    fly(commands, e, table.hand, row(i), i - old_white);
                }
            }
            for (i, p) in qs.black.iter().enumerate() {
                let spot = n.saturating_sub(1 + i);
                let e = spawn_card(commands, layer, &black_face(g, q, p), row(spot), fonts, pictures);
                if i >= old_black {
                    fly(commands, e, table.black_pile, row(spot), i - old_black);
                }
            }
            text(
                commands,
                layer,
                "Grail cards →          ← Black cards",
                size::WORLD_BADGE,
                &fonts.regular,
                world::PARCHMENT,
                (c + Vec2::new(0.0, -14.0)).extend(z::LABEL),
            );
        }
        QuestKind::War {
            sequence,
            figures,
            mordred_extra,
        } => {
            let mut seq = sequence.clone();
            if qs.mordred {
                seq.push(*mordred_extra);
            }
            let n = seq.len();
            for (i, v) in seq.iter().enumerate() {
                let at = white_row(i, n);
                rect(commands, layer, Color::srgb(0.30, 0.28, 0.26), CARD, at.with_z(z::SLOT));
                text(
                    commands,
                    layer,
                    v.to_string(),
                    size::WORLD_BADGE,
                    &fonts.numbers,
                    Color::srgb(0.6, 0.56, 0.5),
                    at.with_z(z::SLOT + 0.1),
                );
            }
            for (i, card) in qs.white.iter().enumerate() {
                let e = spawn_card(commands, layer, &white_face(g, *card), white_row(i, n), fonts, pictures);
                if i >= old_white {
                    fly(commands, e, table.hand, white_row(i, n), i - old_white);
                }
            }
            // The Picts or Saxons: the last place loses the war.
            let f = *figures as usize;
            let old_figures = before.map_or(0, |b| b.figures as usize);
            let raider = if q == QuestId::PictWar {
                Picture::Barbarian
            } else {
                Picture::VikingHelmet
            };
            for i in 0..f {
                let at = black_row(i, f).with_z(z::SLOT);
                rect(commands, layer, Color::srgb(0.16, 0.10, 0.10), Vec2::splat(32.0), at);
                if i < qs.figures as usize {
                    let e = commands
                        .spawn((
                            Transform::from_translation(at.with_z(z::TOKEN)),
                            Visibility::default(),
                            Pickable::IGNORE,
                            ChildOf(layer),
                        ))
                        .id();
                    // A Pict or a Saxon: a figure, not a letter.
                    commands.entity(e).with_children(|t| {
                        t.spawn((
                            Pickable::IGNORE,
                            pictures.sprite(raider, 30.0, Color::srgb(0.86, 0.30, 0.24)),
                        ));
                    });
                    if i >= old_figures {
                        fly(commands, e, table.black_pile, at.with_z(z::TOKEN), i - old_figures);
                    }
                }
            }
            if qs.mordred {
                text(
                    commands,
                    layer,
                    "Mordred",
                    size::WORLD_BADGE,
                    &fonts.bold,
                    world::SCANDAL_INK,
                    (c + Vec2::new(PLATE.x / 2.0 - 44.0, -18.0)).extend(z::LABEL),
                );
            }
            side_labels(commands, layer, c, fonts);
        }
    }
    // Cards gone from the board fly to their discards, face down.
    if let Some(b) = before {
        let gone_white = b.white.len().saturating_sub(qs.white.len());
        let gone_black = b.black.len().saturating_sub(qs.black.len());
        for (n, (count, from_dy, to, dark)) in [
            (gone_white, 52.0, table.white_discard, false),
            (gone_black, -18.0, table.black_discard, true),
        ]
        .into_iter()
        .enumerate()
        {
            for i in 0..count {
                let from = table.slot(q, i, count, from_dy).extend(z::FLIGHT);
                let e = spawn_card(commands, root, &back_face(dark), from, fonts, pictures);
                let mut glide = Glide::at(from);
                glide.arrive = Arrive::Despawn;
                glide.wait_then(
                    &Transform::from_translation(from),
                    0.05 * (i + n) as f32,
                    to.extend(z::FLIGHT),
                    0.8,
                    0.6,
                );
                commands.entity(e).insert(glide);
            }
        }
    }
    if !qs.in_play {
        let words = match look.over {
            Some(true) => "Won by the Knights",
            Some(false) => "Lost to Evil",
            None => "Over",
        };
        rect(
            commands,
            layer,
            Color::srgba(0.05, 0.05, 0.06, 0.6),
            PLATE - Vec2::splat(6.0),
            c.extend(z::FIGURE - 0.5),
        );
        text(
            commands,
            layer,
            words,
            size::WORLD_LABEL,
            &fonts.bold,
            world::GOLD,
            c.extend(z::FIGURE - 0.4),
        );
    }
}

/// "Knights" above the upper row and "Evil" above the lower one of a combat board or war.
fn side_labels(commands: &mut Commands, layer: Entity, c: Vec2, fonts: &WorldFonts) {
    text(
        commands,
        layer,
        "Knights",
        size::WORLD_BADGE,
        &fonts.regular,
        world::PARCHMENT,
        (c + Vec2::new(-PLATE.x / 2.0 + 36.0, 86.0)).extend(z::LABEL),
    );
    text(
        commands,
        layer,
        "Evil",
        size::WORLD_BADGE,
        &fonts.regular,
        world::SCANDAL_INK,
        (c + Vec2::new(-PLATE.x / 2.0 + 24.0, 16.0)).extend(z::LABEL),
    );
}

/// A Black card drawn: its back leaves the pile, grows above Camelot, turns over and shows its
/// face, then goes away.
fn spawn_black_reveal(
    commands: &mut Commands,
    root: Entity,
    table: &Table,
    s: &Shadows,
    card: Black,
    fonts: &WorldFonts,
    pictures: &Pictures,
) {
    // Both sides are built at the size they are seen at above Camelot, so their words are sharp;
    // the back starts at the pile's size.
    let big = CARD * REVEAL_SCALE;
    let small = 1.0 / REVEAL_SCALE;
    let from = table.black_pile.extend(z::FLIGHT);
    let over = (table.camelot + Vec2::new(0.0, 10.0)).extend(z::FLIGHT + 0.5);
    let back = spawn_face(commands, root, &back_face(true), big, from, fonts, pictures);
    let mut glide = Glide::at(from);
    glide.arrive = Arrive::Despawn;
    glide.path(
        &Transform::from_translation(from).with_scale(Vec3::splat(small)),
        [
            Leg {
                to: over,
                scale: 1.0,
                secs: 0.6,
            },
            Leg {
                to: over,
                scale: 0.0,
                secs: 0.2,
            },
        ],
    );
    commands
        .entity(back)
        .insert((Transform::from_translation(from).with_scale(Vec3::splat(small)), glide));
    let face = spawn_face(commands, root, &drawn_face(s, card), big, over, fonts, pictures);
    let mut glide = Glide::at(over);
    glide.arrive = Arrive::Despawn;
    glide.path(
        &Transform::from_translation(over).with_scale(Vec3::ZERO),
        [
            Leg {
                to: over,
                scale: 0.0,
                secs: 0.8,
            },
            Leg {
                to: over,
                scale: 1.0,
                secs: 0.2,
            },
            Leg {
                to: over,
                scale: 1.0,
                secs: 1.4,
            },
            Leg {
                to: over,
                scale: 0.0,
                secs: 0.3,
            },
        ],
    );
    commands
        .entity(face)
        .insert((Transform::from_translation(over).with_scale(Vec3::ZERO), glide));
}

/// What the lights were last set for: the match's length, the seat acting, the card picked and
/// how many lights there are.
type LitStamp = (usize, Option<Seat>, Option<White>, usize);

/// Lights the spots a click may take now (with the card picked, if any).
pub(super) fn show_lit(
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    ui: Res<ShadowsUi>,
    mut lights: Query<(&Light, &mut Visibility)>,
    built: Query<(), Added<Light>>,
    mut last: Local<Option<LitStamp>>,
) {
    let Some(m) = shadows_match(&res) else {
        return;
    };
    let acting = acting_seat(m, &handoff);
    let stamp = (m.actions.len(), acting, ui.selected, lights.iter().count());
    // A table built anew (back from the menu to the same match) lights up again.
    if *last == Some(stamp) && built.is_empty() {
        return;
    }
    *last = Some(stamp);
    let legal = if acting.is_some() {
        m.state.legal_actions()
    } else {
        Vec::new()
    };
    let seat = acting.unwrap_or(0);
    for (light, mut vis) in &mut lights {
        let on = legal.iter().any(|a| {
            spot_of(&m.state, seat, a) == Some(light.0) && (ui.selected.is_none() || card_of(a) == ui.selected)
        });
        let want = if on { Visibility::Inherited } else { Visibility::Hidden };
        if *vis != want {
            *vis = want;
        }
    }
}
