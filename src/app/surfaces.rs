//! Surfaces with material: wood, stone, parchment and cloth, made procedurally at start-up (our
//! own noise, so nothing to license) as small tiling textures, and laid on a table's boards by
//! tinting them (`Surfaces::sprite`). A textured sprite costs the software renderer what a flat
//! one does: one texture read a pixel. Part of the visual language beside `style.rs`.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// A kind of surface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surface {
    /// Planks with their grain running across.
    Wood,
    /// Worn flagstones.
    Stone,
    /// Paper with its blotches and fibres.
    Parchment,
    /// A felt's fine weave.
    Cloth,
}

impl Surface {
    const ALL: [Surface; 4] = [Surface::Wood, Surface::Stone, Surface::Parchment, Surface::Cloth];
}

/// The surfaces' textures, made once.
#[derive(Resource, Default)]
pub struct Surfaces {
    images: Vec<Handle<Image>>,
}

/// A texture's side in pixels (and in world units: it tiles at one texel a unit).
const SIDE: u32 = 128;

impl Surfaces {
    /// A sprite `size` large covered with `surface`, tinted `tint` (the texture is light, so the
    /// tint is close to the colour seen).
    pub fn sprite(&self, surface: Surface, size: Vec2, tint: Color) -> Sprite {
        let image = self.images.get(surface as usize).cloned().unwrap_or_default();
        Sprite {
            image,
            color: tint,
            custom_size: Some(size),
            image_mode: SpriteImageMode::Tiled {
                tile_x: true,
                tile_y: true,
                stretch_value: 1.0,
            },
            ..default()
        }
    }

    /// The table a board lies on: dark oak reaching far past the board `around` on every side,
    /// so that whatever the window's shape, no part of the world camera's view is empty.
    pub fn table_top(&self, around: Rect) -> Sprite {
        let side = around.size().max_element() * 4.0;
        self.sprite(Surface::Wood, Vec2::splat(side), Color::srgb(0.13, 0.10, 0.08))
    }
}

pub struct SurfacesPlugin;

impl Plugin for SurfacesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Surfaces>().add_systems(Startup, make_surfaces);
    }
}

fn make_surfaces(mut surfaces: ResMut<Surfaces>, mut images: ResMut<Assets<Image>>) {
    surfaces.images = Surface::ALL.iter().map(|s| images.add(image(*s))).collect();
}

fn image(surface: Surface) -> Image {
    let mut image = Image::new(
        Extent3d {
            width: SIDE,
            height: SIDE,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        texels(surface),
        TextureFormat::Rgba8UnormSrgb,
        // Kept in the main world too (64 KiB a surface): sprite picking reads a sprite's texel
        // under the pointer, and a surface known to the render world only is never hit, so a
        // board laid with one (Shadows' quest boards) would take no click.
        RenderAssetUsages::default(),
    );
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        ..ImageSamplerDescriptor::linear()
    });
    image
}

/// The texels of a surface: grey levels (tinted later) around 0.85, so a tint reads true. Every
/// pattern repeats exactly over the texture's side, so the tiles meet without a seam.
pub fn texels(surface: Surface) -> Vec<u8> {
    let tau = std::f32::consts::TAU;
    let side = SIDE as f32;
    let mut out = Vec::with_capacity((SIDE * SIDE * 4) as usize);
    for y in 0..SIDE {
        for x in 0..SIDE {
            let (fx, fy) = (x as f32, y as f32);
            let v = match surface {
                Surface::Wood => {
                    // Grain: noise stretched across, rings from a wobbling wave, planks of 32.
                    let grain = noise(fx, fy, (64, 4), 16) * 0.5 + noise(fx, fy, (16, 2), 7) * 0.2;
                    let wobble = noise(fx, fy, (64, 32), 3) * 4.0;
                    let rings = ((tau * 24.0 * fy / side + wobble).sin() * 0.5 + 0.5) * 0.12;
                    let seam = if y.is_multiple_of(32) { -0.22 } else { 0.0 };
                    0.72 + grain * 0.22 + rings + seam
                }
                Surface::Stone => {
                    // Flags of 64 in courses offset by half, each a shade of its own, with grit.
                    let course = if (x / 64) % 2 == 0 { 0 } else { 32 };
                    let yy = (y + course) % SIDE;
                    let shade = hash(x / 64, yy / 64, 5) * 0.12;
                    let joint = x.is_multiple_of(64) || yy.is_multiple_of(64);
                    let grit = noise(fx, fy, (8, 8), 11) * 0.1 + noise(fx, fy, (32, 32), 13) * 0.12;
                    if joint { 0.55 } else { 0.74 + shade + grit }
                }
                Surface::Parchment => {
                    let blotch = noise(fx, fy, (32, 32), 21) * 0.1 + noise(fx, fy, (16, 16), 23) * 0.05;
                    let fibre = noise(fx, fy, (2, 8), 29) * 0.03;
                    0.88 + blotch + fibre
                }
                Surface::Cloth => {
                    let weave = if (x + y).is_multiple_of(2) { 0.03 } else { -0.03 };
                    0.8 + weave + noise(fx, fy, (8, 8), 31) * 0.08
                }
            };
            let g = (v.clamp(0.0, 1.0) * 255.0) as u8;
            out.extend_from_slice(&[g, g, g, 255]);
        }
    }
    out
}

/// A hash of a lattice point to 0..1 (deterministic, the same on every machine).
fn hash(x: u32, y: u32, seed: u32) -> f32 {
    let mut h = x.wrapping_mul(374_761_393) ^ y.wrapping_mul(668_265_263) ^ seed.wrapping_mul(2_246_822_519);
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    h ^= h >> 16;
    (h & 0xffff) as f32 / 65_535.0
}

/// Value noise in -0.5..0.5 at texel (x, y), with lattice cells `cell` texels wide and high
/// (each dividing the texture's side, so the lattice wraps and the noise tiles).
fn noise(x: f32, y: f32, cell: (u32, u32), seed: u32) -> f32 {
    let (cw, ch) = (cell.0.max(1), cell.1.max(1));
    let (periods_x, periods_y) = ((SIDE / cw).max(1), (SIDE / ch).max(1));
    let (lx, ly) = (x / cw as f32, y / ch as f32);
    let (x0, y0) = (lx.floor(), ly.floor());
    let (tx, ty) = (lx - x0, ly - y0);
    let (sx, sy) = (tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty));
    let (a, b) = (x0 as u32 % periods_x, y0 as u32 % periods_y);
    let (a1, b1) = ((a + 1) % periods_x, (b + 1) % periods_y);
    let v00 = hash(a, b, seed);
    let v10 = hash(a1, b, seed);
    let v01 = hash(a, b1, seed);
    let v11 = hash(a1, b1, seed);
    let top = v00 + (v10 - v00) * sx;
    let bottom = v01 + (v11 - v01) * sx;
    top + (bottom - top) * sy - 0.5
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_laid_with_a_surface_can_be_picked() {
        // What Bevy's sprite picking does: the texel under the pointer, its alpha above 0.1 —
        // which it can read only from an image the main world keeps after the render world has
        // taken its copy.
        for s in Surface::ALL {
            let image = image(s);
            assert!(image.asset_usage.contains(RenderAssetUsages::MAIN_WORLD), "{s:?}");
            let texel = image
                .get_color_at(SIDE / 2, SIDE / 3)
                .expect("the texels are there to read");
            assert!(texel.alpha() > 0.1, "{s:?}");
        }
    }

    #[test]
    fn surfaces_are_light_and_the_same_every_time() {
        for s in Surface::ALL {
            let t = texels(s);
            assert_eq!(t.len(), (SIDE * SIDE * 4) as usize);
            assert_eq!(t, texels(s), "{s:?} is made the same way every time");
            let mean = t.chunks(4).map(|p| p[0] as f32).sum::<f32>() / (SIDE * SIDE) as f32;
            assert!((150.0..=245.0).contains(&mean), "{s:?}: mean {mean}");
            // It tiles: the first and last columns differ little more than neighbours (the
            // stone's first column is a joint, by design: the joint between two tiles).
            if s == Surface::Stone {
                continue;
            }
            let at = |x: u32, y: u32| t[((y * SIDE + x) * 4) as usize] as i32;
            let edge: i32 = (1..SIDE - 1).map(|y| (at(0, y) - at(SIDE - 1, y)).abs()).sum();
            let inside: i32 = (1..SIDE - 1).map(|y| (at(60, y) - at(61, y)).abs()).sum();
            assert!(
                edge <= inside * 3 + 2 * SIDE as i32,
                "{s:?}: a seam ({edge} against {inside})"
            );
        }
    }
}
