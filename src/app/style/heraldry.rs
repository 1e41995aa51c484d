//! Heraldry: a content symbol turned into a shield's shape and charge, drawn in the world
//! (`shield_mesh`) and in egui (`shield`, `paint_shield`), so no seat or faction is told apart by
//! colour alone.

use super::faces::{icon, icons, ink_on};
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy_egui::egui;

/// A shield's outline: shapes differ by faction, so a shield never relies on colour alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShieldShape {
    /// The classic heater: flat top, round sides to a point.
    Heater,
    Round,
    /// A square banner.
    Banner,
    Lozenge,
    /// A kite: a pentagon pointed at the bottom.
    Kite,
    Hexagon,
}

/// A faction's arms: the shield's shape and its charge (an icon).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heraldry {
    pub shape: ShieldShape,
    pub charge: char,
}

/// The arms for a faction's `symbol` in the content (unknown symbols still get a distinct look).
pub fn heraldry(symbol: &str) -> Heraldry {
    let (shape, charge) = match symbol {
        "lion" => (ShieldShape::Heater, icon::LION),
        "eagle" => (ShieldShape::Round, icon::RAVEN),
        "tower" => (ShieldShape::Banner, icon::TOWER),
        "crescent" => (ShieldShape::Lozenge, icon::MOON),
        "stag" => (ShieldShape::Kite, icon::HORNS),
        "wolf" => (ShieldShape::Heater, icon::WOLF),
        "dragon" => (ShieldShape::Round, icon::DRAGON),
        "sun" => (ShieldShape::Banner, icon::SUN),
        // Die Zukunft's player colours, each with its hero's charge.
        "red" => (ShieldShape::Heater, icon::SWORD),
        "green" => (ShieldShape::Round, icon::TREE),
        "yellow" => (ShieldShape::Banner, icon::TROPHY),
        "purple" => (ShieldShape::Lozenge, icon::HOOD),
        "blue" => (ShieldShape::Kite, icon::SHIELD),
        _ => (ShieldShape::Hexagon, icon::SHIELD),
    };
    Heraldry { shape, charge }
}

/// The outline of a shield of this size, centred on the origin, y up, counter-clockwise.
pub fn shield_outline(shape: ShieldShape, size: Vec2) -> Vec<Vec2> {
    let (w, h) = (size.x / 2.0, size.y / 2.0);
    let arc = |n: usize, from: f32, to: f32, c: Vec2, r: Vec2| -> Vec<Vec2> {
        (0..=n)
            .map(|i| {
                let a = from + (to - from) * i as f32 / n as f32;
                c + Vec2::new(a.cos() * r.x, a.sin() * r.y)
            })
            .collect()
    };
    use std::f32::consts::PI;
    match shape {
        ShieldShape::Heater => {
            // Straight top, sides curving down to the point.
            let mut p = vec![Vec2::new(-w, h)];
            p.extend(arc(10, PI, 1.5 * PI, Vec2::new(0.0, h * 0.25), Vec2::new(w, h * 1.25)));
            p.extend(
                arc(10, 1.5 * PI, 2.0 * PI, Vec2::new(0.0, h * 0.25), Vec2::new(w, h * 1.25))
                    .into_iter()
                    .skip(1),
            );
            p.push(Vec2::new(w, h));
            p
        }
        ShieldShape::Round => arc(28, 0.0, 2.0 * PI, Vec2::ZERO, Vec2::new(w, h).min_element() * Vec2::ONE)
            .into_iter()
            .take(28)
            .collect(),
        ShieldShape::Banner => vec![
            Vec2::new(-w, h),
            Vec2::new(-w, -h * 0.7),
            Vec2::new(0.0, -h),
            Vec2::new(w, -h * 0.7),
            Vec2::new(w, h),
        ],
        ShieldShape::Lozenge => vec![
            Vec2::new(0.0, h),
            Vec2::new(-w, 0.0),
            Vec2::new(0.0, -h),
            Vec2::new(w, 0.0),
        ],
        ShieldShape::Kite => vec![
            Vec2::new(-w * 0.7, h),
            Vec2::new(-w, h * 0.35),
            Vec2::new(0.0, -h),
            Vec2::new(w, h * 0.35),
            Vec2::new(w * 0.7, h),
        ],
        ShieldShape::Hexagon => (0..6)
            .map(|i| {
                let a = PI / 2.0 + i as f32 * PI / 3.0;
                Vec2::new(a.cos() * w, a.sin() * h)
            })
            .collect(),
    }
}

/// A filled convex outline as a mesh (a fan from its centre).
pub fn polygon_mesh(points: &[Vec2]) -> Mesh {
    let n = points.len() as u32;
    let centre = points.iter().copied().sum::<Vec2>() / points.len().max(1) as f32;
    let mut positions = vec![[centre.x, centre.y, 0.0]];
    positions.extend(points.iter().map(|p| [p.x, p.y, 0.0]));
    let normals = vec![[0.0, 0.0, 1.0]; positions.len()];
    let uvs = vec![[0.5, 0.5]; positions.len()];
    let indices: Vec<u32> = (0..n).flat_map(|i| [0, 1 + i, 1 + (i + 1) % n]).collect();
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_indices(Indices::U32(indices))
}

/// A shield's mesh.
pub fn shield_mesh(shape: ShieldShape, size: Vec2) -> Mesh {
    polygon_mesh(&shield_outline(shape, size))
}

/// Paints a shield with its charge into an egui rect (seat chips, panels, score markers).
pub fn paint_shield(painter: &egui::Painter, rect: egui::Rect, arms: Heraldry, fill: egui::Color32) {
    let c = rect.center();
    let size = Vec2::new(rect.width(), rect.height());
    let points = |s: Vec2| -> Vec<egui::Pos2> {
        shield_outline(arms.shape, s)
            .into_iter()
            .map(|p| egui::pos2(c.x + p.x, c.y - p.y))
            .collect()
    };
    painter.add(egui::Shape::convex_polygon(
        points(size),
        egui::Color32::from_gray(20),
        egui::Stroke::NONE,
    ));
    painter.add(egui::Shape::convex_polygon(
        points(size - Vec2::splat(3.0)),
        fill,
        egui::Stroke::NONE,
    ));
    let ink = ink_on(fill);
    painter.text(
        c + egui::vec2(0.0, -rect.height() * 0.04),
        egui::Align2::CENTER_CENTER,
        arms.charge,
        egui::FontId::new(rect.height() * 0.55, icons()),
        ink,
    );
}

/// A shield as a widget of this height.
pub fn shield(ui: &mut egui::Ui, arms: Heraldry, fill: egui::Color32, height: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(height * 0.86, height), egui::Sense::hover());
    paint_shield(ui.painter(), rect, arms, fill);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shield_is_a_closed_convex_outline_within_its_size() {
        let size = Vec2::new(30.0, 34.0);
        for shape in [
            ShieldShape::Heater,
            ShieldShape::Round,
            ShieldShape::Banner,
            ShieldShape::Lozenge,
            ShieldShape::Kite,
            ShieldShape::Hexagon,
        ] {
            let p = shield_outline(shape, size);
            assert!(p.len() >= 4, "{shape:?}");
            assert!(
                p.iter()
                    .all(|q| q.x.abs() <= size.x / 2.0 + 0.01 && q.y.abs() <= size.y / 2.0 + 0.01)
            );
            // Counter-clockwise and convex: every turn goes the same way.
            let n = p.len();
            let turns: Vec<f32> = (0..n)
                .map(|i| (p[(i + 1) % n] - p[i]).perp_dot(p[(i + 2) % n] - p[(i + 1) % n]))
                .collect();
            assert!(turns.iter().all(|t| *t >= -1e-3), "{shape:?} is not convex: {turns:?}");
        }
    }

    #[test]
    fn the_shipped_factions_have_arms_of_five_shapes() {
        let arms: Vec<Heraldry> = ["lion", "eagle", "tower", "crescent", "stag"].map(heraldry).to_vec();
        for (i, a) in arms.iter().enumerate() {
            for b in &arms[i + 1..] {
                assert_ne!(a.shape, b.shape, "two factions share a shield shape");
                assert_ne!(a.charge, b.charge);
            }
        }
        assert_eq!(heraldry("something new").shape, ShieldShape::Hexagon);
    }
}
