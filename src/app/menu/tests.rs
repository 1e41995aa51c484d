//! The menu's own tests: setups kept per game, values seat by seat, the page's layout.
use super::colours::{choose_per_seat, colours_value_of, fit_colours, per_seat_values, pick_colour, seat_colours};
use super::setup::ordered_options;
use crate::app::shared::{MenuSetup, MenuState};
use crate::content::ContentSet;
use crate::library::Library;
use crate::rules::{GameId, SeatKind, TableConfig};
use std::collections::BTreeMap;

/// A saved game for the menu's lists.
fn saved(game: GameId, shelf: crate::saves::Shelf, n: usize) -> crate::saves::SavedGame {
    crate::saves::SavedGame {
        path: format!("/nowhere/{n}.ron").into(),
        shelf,
        text: String::new(),
        game: Some(game),
        seats: vec!["Guinevere".into(), "Bedivere".into(), "Lunete".into(), "Ysolde".into()],
        turn: Some(7),
        period: crate::rules::Period::Turn,
        actions: 40,
        saved: Some(std::time::SystemTime::now()),
        winners: (shelf == crate::saves::Shelf::Finished).then(|| vec!["Ysolde".to_string()]),
        problem: None,
    }
}

/// One frame of the menu's page on a screen of `size` points, scrolled by `wheel` points;
/// where the *Finished games* header was drawn.
fn menu_frame(
    ctx: &bevy_egui::egui::Context,
    menu: &mut MenuState,
    library: &Library,
    size: bevy_egui::egui::Vec2,
    wheel: f32,
    time: f64,
) -> Option<bevy_egui::egui::Rect> {
    use bevy_egui::egui;
    let mut input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size)),
        time: Some(time),
        ..Default::default()
    };
    let at = egui::pos2(size.x * 0.25, size.y * 0.6);
    input.events.push(egui::Event::PointerMoved(at));
    if wheel != 0.0 {
        input.events.push(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -wheel),
            phase: egui::TouchPhase::Move,
            modifiers: Default::default(),
        });
    }
    let (mut res, mut settings, mut balance, mut kept) = Default::default();
    let pictures = crate::app::icons::Pictures::default();
    let saves = crate::app::bridge::SavesRes(None);
    let mut header = None;
    let mut output = ctx.run_ui(input, |ui| {
        let world = super::MenuWorld {
            library,
            res: &mut res,
            settings: &mut settings,
            balance: &mut balance,
            kept: &mut kept,
            pictures: &pictures,
            saves: &saves,
            online: &mut super::OnlineMenu::default(),
        };
        header = super::menu_page(ui.ctx(), menu, world).finished_header;
    });
    output.textures_delta.clear();
    header
}

/// Issue 45: with three unfinished and two finished games, the *Finished games* header was
/// under the bottom edge of an 800-pixel window and could not be reached. The page scrolls as
/// a whole: at 1280×800 (the interface's 1440×900 points) and at the smallest window
/// (1024×640, the same points), the header comes into view.
#[test]
fn the_menu_scrolls_to_the_finished_games_with_several_unfinished_ones() {
    use crate::saves::Shelf;
    use bevy_egui::egui;
    let library = Library::load(ContentSet::embedded());
    let mut menu = MenuState::new(&library);
    menu.unfinished = (0..3).map(|n| saved(GameId::Shadows, Shelf::Games, n)).collect();
    menu.finished = (3..5).map(|n| saved(GameId::Court, Shelf::Finished, n)).collect();
    for window in [egui::vec2(1280.0, 800.0), egui::vec2(1024.0, 640.0)] {
        let zoom = crate::app::style::ui_zoom(bevy::prelude::Vec2::new(window.x, window.y));
        let size = window / zoom;
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
        let ctx = egui::Context::default();
        crate::app::style::install_look(&ctx);
        let mut header = None;
        for frame in 0..3 {
            header = menu_frame(&ctx, &mut menu, &library, size, 0.0, frame as f64 * 0.5);
        }
        let first = header.expect("the finished games are listed");
        // Scrolled down as far as the wheel goes, over a few frames.
        for frame in 3..40 {
            header = menu_frame(&ctx, &mut menu, &library, size, 400.0, frame as f64 * 0.5);
        }
        let header = header.expect("still listed");
        assert!(
            screen.contains_rect(header),
            "{window:?}: the header {header:?} (first at {first:?}) is off the screen {screen:?}"
        );
    }
}

#[test]
fn the_menu_opens_with_the_last_setup_of_each_game() {
    let library = Library::load(ContentSet::embedded());
    let mut menu = MenuState::new(&library);
    menu.game = GameId::Shadows;
    let mut seats = TableConfig::with_players(5, SeatKind::Human, 1).seats;
    seats[2].name = "Ysolde".into();
    let setups = BTreeMap::from([(
        GameId::Shadows,
        MenuSetup {
            seats: seats.clone(),
            variants: BTreeMap::from([
                ("loyalty".to_string(), "traitor".to_string()),
                ("no_such_variant".to_string(), "x".to_string()),
            ]),
        },
    )]);
    menu.restore(&library, &setups);
    assert_eq!(menu.seats, seats, "the seats and their names come back");
    assert_eq!(menu.variants.get("loyalty").map(String::as_str), Some("traitor"));
    assert!(
        !menu.variants.contains_key("no_such_variant"),
        "only what the game offers"
    );
    assert_eq!(menu.setup().seats, seats);
    // A game with no setup kept starts from the defaults; one whose seats no longer fit too.
    menu.game = GameId::Court;
    menu.restore(&library, &setups);
    assert_eq!(menu.seats.len(), 4);
    let too_many = BTreeMap::from([(
        GameId::Court,
        MenuSetup {
            seats: TableConfig::with_players(7, SeatKind::Human, 1).seats,
            variants: BTreeMap::new(),
        },
    )]);
    menu.restore(&library, &too_many);
    assert_eq!(menu.seats.len(), 4);
}

#[test]
fn numbers_are_offered_from_smallest_to_largest() {
    let v = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(ordered_options(&v(&["100", "50", "200"])), v(&["50", "100", "200"]));
    assert_eq!(ordered_options(&v(&["standard", "among"])), v(&["standard", "among"]));
}

fn choices() -> Vec<(String, String)> {
    ["cornwall", "orkney", "gore", "saracens", "lothian"]
        .iter()
        .map(|id| (id.to_string(), id.to_uppercase()))
        .collect()
}

#[test]
fn per_seat_values_fill_in_order_and_never_repeat() {
    assert_eq!(
        per_seat_values("default", &choices(), 3),
        ["cornwall", "orkney", "gore"]
    );
    assert_eq!(
        per_seat_values("gore, gore,nowhere,cornwall", &choices(), 4),
        ["gore", "cornwall", "orkney", "saracens"]
    );
    assert_eq!(per_seat_values("lothian", &choices(), 2), ["lothian", "cornwall"]);
}

#[test]
fn choosing_a_taken_value_swaps_it() {
    let mut values = per_seat_values("", &choices(), 3);
    choose_per_seat(&mut values, 0, "gore");
    assert_eq!(values, ["gore", "orkney", "cornwall"]);
    choose_per_seat(&mut values, 1, "lothian");
    assert_eq!(values, ["gore", "lothian", "cornwall"]);
    choose_per_seat(&mut values, 7, "orkney");
    assert_eq!(values, ["gore", "lothian", "cornwall"]);
}

/// Die Zukunft's colours, as its `colours` variant describes them.
fn future_palette() -> crate::rules::SeatColours {
    use crate::rules::{Game, VariantKind};
    crate::rules::future::Future::variants()
        .into_iter()
        .find_map(|v| match v.kind {
            VariantKind::SeatColours(p) => Some(p),
            _ => None,
        })
        .expect("Die Zukunft's colours are chosen seat by seat")
}

#[test]
fn future_colours_show_seat_by_seat_and_a_pick_swaps() {
    let p = future_palette();
    let future_seat_colours = |value: &str, seats: usize| seat_colours(&p, value, seats);
    // red 0, green 1, yellow 2, purple 3, blue 4
    assert_eq!(future_seat_colours("random", 3), [[0], [1], [2]]);
    assert_eq!(future_seat_colours("random", 2), [vec![0, 2], vec![1, 3]]);
    assert_eq!(future_seat_colours("expert", 3), [[0], [1], [2]]);
    assert_eq!(future_seat_colours("blue,red,green", 3), [[4], [0], [1]]);
    // A list that does not fit: its known colours once each, then the unused in order.
    assert_eq!(future_seat_colours("blue,blue,pink", 3), [[4], [0], [1]]);
    assert_eq!(future_seat_colours("blue,red,green", 2), [vec![4, 0], vec![1, 2]]);
    let mut groups = future_seat_colours("blue,red,green", 3);
    pick_colour(&mut groups, 0, 0, 1);
    assert_eq!(groups, [[1], [0], [4]], "green from seat 3, which takes blue");
    pick_colour(&mut groups, 1, 0, 3);
    assert_eq!(colours_value_of(&p, &groups), "green,purple,blue");
    pick_colour(&mut groups, 9, 0, 3);
    assert_eq!(colours_value_of(&p, &groups), "green,purple,blue");
    // A seat leaves: the others keep theirs; at two players each takes a second colour.
    groups.remove(0);
    assert_eq!(fit_colours(groups, 2, 2, 5), [vec![3, 0], vec![4, 1]]);
}
