//! The hall: floor, throne, rank bands, Movement Lines, spaces, and the knight tiles on them.

use super::*;
/// Board units (the hall file's x and y) to world units.
pub(super) const UNIT_X: f32 = 54.0;
pub(super) const UNIT_Y: f32 = 128.0;
pub(super) const TILE: Vec2 = Vec2::new(96.0, 70.0);
pub(super) const SPACE: Vec2 = Vec2::new(104.0, 80.0);

/// The hall's entities.
#[derive(Component)]
pub(super) struct HallRoot;

#[derive(Component)]
pub(super) struct SpaceMarker;

#[derive(Component)]
pub(super) struct SpaceHighlight(SpaceId);

#[derive(Component)]
pub(super) struct KnightTile {
    pub(super) knight: KnightId,
    pub(super) target: Vec2,
}

/// The hall as built: the content it was built from and where each space is in the world.
#[derive(Resource)]
pub(super) struct Hall {
    pub(super) content: Arc<CourtContent>,
    pub(super) positions: Vec<Vec2>,
    /// The knights' state as last drawn, to redraw a tile only when it changed.
    pub(super) drawn: Vec<Option<(SpaceId, bool, Vec<CardKind>)>>,
}

pub(super) fn space_world(content: &CourtContent, s: usize) -> Vec2 {
    let (cx, cy) = hall_centre(content);
    content
        .spaces
        .get(s)
        .map(|sp| Vec2::new((sp.x - cx) * UNIT_X, -(sp.y - cy) * UNIT_Y))
        .unwrap_or(Vec2::ZERO)
}

/// The middle of the hall (spaces and throne) in board units.
pub(super) fn hall_centre(content: &CourtContent) -> (f32, f32) {
    let xs = content.spaces.iter().map(|s| s.x).chain([content.throne.0]);
    let ys = content.spaces.iter().map(|s| s.y).chain([content.throne.1]);
    let (minx, maxx) = xs.fold((f32::MAX, f32::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let (miny, maxy) = ys.fold((f32::MAX, f32::MIN), |(a, b), y| (a.min(y), b.max(y)));
    ((minx + maxx) / 2.0, (miny + maxy) / 2.0)
}

pub(super) fn rank_colour(rank: Rank) -> Color {
    match rank {
        Rank::Senator => Color::srgb(0.42, 0.30, 0.12),
        Rank::Nobilitas => Color::srgb(0.22, 0.25, 0.36),
        Rank::Equites => Color::srgb(0.20, 0.30, 0.24),
    }
}

pub(super) fn rgb(c: [u8; 3]) -> Color {
    Color::srgb_u8(c[0], c[1], c[2])
}

pub(super) fn spawn_or_sync_board(
    mut commands: Commands,
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    fonts: Option<Res<WorldFonts>>,
    hall: Option<ResMut<Hall>>,
    roots: Query<Entity, With<HallRoot>>,
    mut tiles: Query<(Entity, &mut KnightTile, &mut Transform, &mut Visibility)>,
    mut changed: MessageReader<MatchChanged>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut ui: ResMut<CourtUi>,
) {
    let changed = changed.read().count() > 0;
    let Some(m) = court_match(&res) else {
        if hall.is_some() {
            for e in &roots {
                commands.entity(e).despawn();
            }
            commands.remove_resource::<Hall>();
        }
        return;
    };
    let Some(fonts) = fonts else {
        return;
    };
    let content = m.state.content().clone();
    let mut hall = match hall {
        Some(h) if Arc::ptr_eq(&h.content, &content) => h,
        _ => {
            for e in &roots {
                commands.entity(e).despawn();
            }
            let hall = build_hall(&mut commands, &content, &fonts, &mut meshes, &mut materials);
            commands.insert_resource(hall);
            return;
        }
    };
    if changed && ui.at_action != m.actions.len() {
        *ui = CourtUi {
            at_action: m.actions.len(),
            ..default()
        };
    }
    let (view, _) = screen_view(m, &handoff);
    let mut seen = vec![false; content.knights.len()];
    for (entity, mut tile, mut transform, mut visibility) in &mut tiles {
        let k = tile.knight.index();
        seen[k] = true;
        let state = view.knight(tile.knight);
        match state.and_then(|st| st.at.map(|at| (at, st))) {
            Some((at, st)) => {
                tile.target = hall.positions[at.index()];
                if *visibility == Visibility::Hidden {
                    // Entering from the reserve: start just below the hall.
                    transform.translation = tile.target.extend(5.0) - Vec3::new(0.0, 140.0, 0.0);
                    *visibility = Visibility::Inherited;
                }
                let look = (at, st.scandalised, st.followers.clone());
                if hall.drawn[k].as_ref() != Some(&look) {
                    commands.entity(entity).despawn_children();
                    draw_tile(
                        &mut commands,
                        entity,
                        &view,
                        tile.knight,
                        &fonts,
                        &mut meshes,
                        &mut materials,
                    );
                    hall.drawn[k] = Some(look);
                }
            }
            None => {
                *visibility = Visibility::Hidden;
                hall.drawn[k] = None;
            }
        }
    }
    // Tiles of knights in play are spawned once, hidden until they enter the hall.
    for (k, st) in view.knights.iter().enumerate() {
        if !seen[k] && st.owner.is_some() {
            let Some(root) = roots.iter().next() else {
                return;
            };
            let tile = commands
                .spawn((
                    KnightTile {
                        knight: KnightId(k as u8),
                        target: Vec2::ZERO,
                    },
                    Transform::from_xyz(0.0, -600.0, 5.0),
                    Visibility::Hidden,
                    ChildOf(root),
                ))
                .id();
            let _ = tile;
        }
    }
}

pub(super) fn build_hall(
    commands: &mut Commands,
    content: &Arc<CourtContent>,
    fonts: &WorldFonts,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) -> Hall {
    let positions: Vec<Vec2> = (0..content.spaces.len()).map(|s| space_world(content, s)).collect();
    let root = commands
        .spawn((
            HallRoot,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ))
        .id();
    // The floor of the hall.
    let (minx, maxx) = positions
        .iter()
        .fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
    let (miny, maxy) = positions
        .iter()
        .fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
    let (cx, cy) = hall_centre(content);
    let throne = Vec2::new((content.throne.0 - cx) * UNIT_X, -(content.throne.1 - cy) * UNIT_Y);
    let floor = Vec2::new(maxx - minx + SPACE.x + 40.0, maxy.max(throne.y) - miny + SPACE.y + 60.0);
    let centre = Vec2::new((maxx + minx) / 2.0, (maxy.max(throne.y) + miny) / 2.0 + 10.0);
    commands.spawn((
        Mesh2d(meshes.add(Rectangle::new(floor.x, floor.y))),
        MeshMaterial2d(materials.add(Color::srgb(0.13, 0.11, 0.09))),
        Transform::from_translation(centre.extend(-2.0)),
        ChildOf(root),
    ));
    // The throne of King Arthur and Queen Guinevere.
    commands.spawn((
        Sprite::from_color(Color::srgb(0.45, 0.12, 0.12), Vec2::new(300.0, 44.0)),
        Transform::from_translation(throne.extend(-1.0)),
        ChildOf(root),
    ));
    commands.spawn((
        Text2d::new("King Arthur  ·  Queen Guinevere"),
        TextFont::from_font_size(20.0).with_font(fonts.bold.clone()),
        TextColor(Color::srgb(0.95, 0.85, 0.55)),
        Transform::from_translation(throne.extend(0.0)),
        ChildOf(root),
    ));
    // Rank names at the left of each row.
    for (rank, label) in [
        (Rank::Senator, "Senators"),
        (Rank::Nobilitas, "Nobilitas"),
        (Rank::Equites, "Equites"),
    ] {
        let ys: Vec<f32> = content
            .spaces
            .iter()
            .enumerate()
            .filter(|(_, s)| s.rank == rank)
            .map(|(i, _)| positions[i].y)
            .collect();
        if ys.is_empty() {
            continue;
        }
        let y = ys.iter().sum::<f32>() / ys.len() as f32;
        commands.spawn((
            Text2d::new(label),
            TextFont::from_font_size(15.0).with_font(fonts.bold.clone()),
            TextColor(Color::srgba(0.9, 0.85, 0.7, 0.55)),
            Anchor::CENTER_RIGHT,
            Transform::from_xyz(minx - SPACE.x / 2.0 - 8.0, y, 0.0)
                .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)),
            ChildOf(root),
        ));
    }
    // Movement Lines.
    for (a, b) in &content.lines {
        let (pa, pb) = (positions[a.index()], positions[b.index()]);
        let d = pb - pa;
        commands.spawn((
            Sprite::from_color(Color::srgba(0.85, 0.75, 0.5, 0.45), Vec2::new(d.length(), 4.0)),
            Transform::from_translation(((pa + pb) / 2.0).extend(-0.5))
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
            ChildOf(root),
        ));
    }
    // Spaces, clickable.
    for (i, space) in content.spaces.iter().enumerate() {
        let id = SpaceId(i as u8);
        let p = positions[i];
        commands.spawn((
            Sprite::from_color(Color::srgba(1.0, 0.82, 0.3, 0.9), SPACE + Vec2::splat(10.0)),
            Transform::from_translation(p.extend(0.0)),
            Visibility::Hidden,
            SpaceHighlight(id),
            ChildOf(root),
        ));
        commands
            .spawn((
                Sprite::from_color(rank_colour(space.rank), SPACE),
                Transform::from_translation(p.extend(0.1)),
                Pickable::default(),
                SpaceMarker,
                ChildOf(root),
            ))
            .observe(move |ev: On<Pointer<Press>>, mut clicks: MessageWriter<HallClick>| {
                if ev.button == PointerButton::Primary {
                    clicks.write(HallClick::Space(id));
                }
            });
        commands.spawn((
            Text2d::new(space.id.clone()),
            TextFont::from_font_size(11.0).with_font(fonts.regular.clone()),
            TextColor(Color::srgba(1.0, 1.0, 1.0, 0.45)),
            Anchor::BOTTOM_RIGHT,
            Transform::from_translation((p + Vec2::new(SPACE.x / 2.0 - 3.0, -SPACE.y / 2.0 + 2.0)).extend(0.2)),
            ChildOf(root),
        ));
    }
    Hall {
        content: content.clone(),
        positions,
        drawn: vec![None; content.knights.len()],
    }
}

/// The faction's badge: a shape per symbol, so factions differ by more than colour.
pub(super) fn badge_mesh(symbol: &str) -> Mesh {
    match symbol {
        "lion" => Circle::new(8.0).into(),
        "eagle" => Triangle2d::new(Vec2::new(0.0, 9.0), Vec2::new(-8.0, -6.0), Vec2::new(8.0, -6.0)).into(),
        "tower" => Rectangle::new(14.0, 14.0).into(),
        "crescent" => Annulus::new(5.0, 8.5).into(),
        "stag" => RegularPolygon::new(9.0, 5).into(),
        _ => RegularPolygon::new(9.0, 6).into(),
    }
}

/// The children of a knight tile: body, badge, name, power (top left), points (top right),
/// the Scandalised! side, and followers stacked beneath.
pub(super) fn draw_tile(
    commands: &mut Commands,
    tile: Entity,
    view: &CourtView,
    k: KnightId,
    fonts: &WorldFonts,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) {
    let content = &view.content;
    let (Some(info), Some(st)) = (content.knight(k), view.knight(k)) else {
        return;
    };
    let faction = content.faction(info.faction);
    let colour = faction.map(|f| f.rgb).unwrap_or([200, 200, 200]);
    let scandal = st.scandalised;
    let body = if scandal {
        Color::srgb(0.25, 0.22, 0.25)
    } else {
        rgb(colour)
    };
    let ink = if scandal {
        Color::srgb(0.95, 0.6, 0.8)
    } else {
        match text_on(colour) {
            c if c == egui::Color32::BLACK => Color::BLACK,
            _ => Color::WHITE,
        }
    };
    commands.entity(tile).with_children(|t| {
        t.spawn((
            Sprite::from_color(Color::BLACK, TILE + Vec2::splat(4.0)),
            Transform::from_xyz(0.0, 0.0, 0.0),
        ));
        t.spawn((Sprite::from_color(body, TILE), Transform::from_xyz(0.0, 0.0, 0.1)));
        if scandal {
            // The faction colour still shows as a band on the Scandalised! side.
            t.spawn((
                Sprite::from_color(rgb(colour), Vec2::new(TILE.x, 8.0)),
                Transform::from_xyz(0.0, -TILE.y / 2.0 + 4.0, 0.15),
            ));
        }
        if let Some(f) = faction {
            t.spawn((
                Mesh2d(meshes.add(badge_mesh(&f.symbol))),
                MeshMaterial2d(materials.add(if scandal { rgb(colour) } else { ink })),
                Transform::from_xyz(0.0, TILE.y / 2.0 - 13.0, 0.2),
            ));
        }
        let name = info.name.strip_prefix("Sir ").unwrap_or(&info.name).to_string();
        t.spawn((
            Text2d::new(if scandal { format!("{name}\nScandalised!") } else { name }),
            TextFont::from_font_size(13.0).with_font(fonts.bold.clone()),
            TextColor(ink),
            TextLayout::justify(Justify::Center),
            TextBounds::new_horizontal(TILE.x - 6.0),
            Transform::from_xyz(0.0, -8.0, 0.3),
        ));
        // Power, black on white, top left; points, red on white, top right (as on the tiles).
        // The Scandalised! side scores nothing, so its points read 0 on a dimmed badge.
        let power = view.effective_power(k);
        let points = if scandal { 0 } else { view.points_value(k) };
        let points_ink = if scandal {
            Color::srgb(0.35, 0.35, 0.35)
        } else {
            Color::srgb(0.75, 0.05, 0.05)
        };
        for (x, value, colour, badge) in [
            (-TILE.x / 2.0 + 11.0, power, Color::BLACK, Color::srgb(0.97, 0.95, 0.9)),
            (
                TILE.x / 2.0 - 11.0,
                points,
                points_ink,
                if scandal {
                    Color::srgb(0.62, 0.6, 0.58)
                } else {
                    Color::srgb(0.97, 0.95, 0.9)
                },
            ),
        ] {
            t.spawn((
                Mesh2d(meshes.add(Circle::new(10.0))),
                MeshMaterial2d(materials.add(badge)),
                Transform::from_xyz(x, TILE.y / 2.0 - 11.0, 0.25),
            ));
            t.spawn((
                Text2d::new(value.to_string()),
                TextFont::from_font_size(14.0).with_font(fonts.bold.clone()),
                TextColor(colour),
                Transform::from_xyz(x, TILE.y / 2.0 - 11.0, 0.3),
            ));
        }
        // Followers stacked beneath the tile.
        for (i, f) in st.followers.iter().enumerate() {
            let (label, fill) = match f {
                CardKind::Priest(v) => (format!("Priest +{v}"), Color::srgb(0.45, 0.3, 0.6)),
                CardKind::Soldier(v) => (format!("Soldier +{v}"), Color::srgb(0.45, 0.45, 0.5)),
                other => (other.name(), Color::srgb(0.3, 0.3, 0.3)),
            };
            let y = -TILE.y / 2.0 - 9.0 - i as f32 * 15.0;
            t.spawn((
                Sprite::from_color(fill, Vec2::new(TILE.x - 12.0, 14.0)),
                Transform::from_xyz(0.0, y, -0.1 - i as f32 * 0.01),
            ));
            t.spawn((
                Text2d::new(label),
                TextFont::from_font_size(11.0).with_font(fonts.bold.clone()),
                TextColor(Color::WHITE),
                Transform::from_xyz(0.0, y, -0.05),
            ));
        }
    });
}

pub(super) fn slide_knights(
    time: Res<Time>,
    mut tiles: Query<(&KnightTile, &mut Transform)>,
    mut animating: ResMut<Animating>,
    dice: Res<DiceShow>,
) {
    let t = 1.0 - (-SLIDE_RATE * time.delta_secs()).exp();
    let mut moving = false;
    for (tile, mut transform) in &mut tiles {
        let now = transform.translation.truncate();
        let d = tile.target - now;
        if d.length() > 0.5 {
            moving = true;
            transform.translation = (now + d * t).extend(5.0);
        }
    }
    animating.0 = if moving || dice.busy() { 0.1 } else { 0.0 };
}

pub(super) fn despawn_board(mut commands: Commands, mut hold: ResMut<LogHold>, mut dice: ResMut<DiceShow>) {
    commands.remove_resource::<Hall>();
    hold.hold = false;
    *dice = DiceShow::default();
}

/// The spaces the current choice can go to (or the knights it can pick) are lit.
pub(super) fn show_highlights(
    res: Res<MatchRes>,
    handoff: Res<Handoff>,
    ui: Res<CourtUi>,
    mut lights: Query<(&SpaceHighlight, &mut Visibility, &mut Sprite)>,
) {
    let targets = court_match(&res)
        .filter(|m| acting_seat(m, &handoff).is_some())
        .map(|m| {
            let view = m.state.view(handoff.private_viewer().unwrap_or(0));
            targets(&view, &m.state.legal_actions(), &ui)
        })
        .unwrap_or_default();
    // A steady glow: a pulse would keep the window drawing while a player thinks.
    for (light, mut vis, mut sprite) in &mut lights {
        let on = targets.contains(&light.0);
        *vis = if on { Visibility::Inherited } else { Visibility::Hidden };
        if on {
            sprite.color = Color::srgba(1.0, 0.82, 0.3, 0.75);
        }
    }
}
