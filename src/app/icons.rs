//! Pictures from game-icons.net (CC BY 3.0, credited in `assets/CREDITS.md`): white on
//! transparent PNGs, embedded in the binary, loaded once as images for the world (tinted by a
//! sprite's colour) and for egui, and the window's own icon. Part of the visual language beside
//! `style.rs`: a table draws a picture through `Pictures::sprite` or `Pictures::egui`, never by
//! loading a file itself.

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiTextureHandle, egui};

macro_rules! pictures {
    ($($variant:ident => $file:literal,)*) => {
        /// A picture of the set, by what it shows.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Picture {
            $($variant,)*
        }

        impl Picture {
            pub const ALL: &'static [Picture] = &[$(Picture::$variant,)*];

            /// The PNG, as `scripts/icons/rasterize.sh` made it.
            pub fn png(self) -> &'static [u8] {
                match self {
                    $(Picture::$variant => include_bytes!(concat!("../../assets/icons/", $file, ".png")),)*
                }
            }

            /// Its name in the icon set (and its file's).
            pub fn name(self) -> &'static str {
                match self {
                    $(Picture::$variant => $file,)*
                }
            }
        }
    };
}

pictures! {
    CrossedSwords => "crossed-swords",
    HolyGrail => "holy-grail",
    WizardFace => "wizard-face",
    CrystalBall => "crystal-ball",
    RoundTable => "round-table",
    RollingDice => "rolling-dices",
    LaurelCrown => "laurel-crown",
    WaterSplash => "water-splash",
    Scroll => "scroll-unfurled",
    SunPriest => "sun-priest",
    KnightBanner => "knight-banner",
    BlackKnightHelm => "black-knight-helm",
    MountedKnight => "mounted-knight",
    DragonHead => "dragon-head",
    SwordInStone => "sword-in-stone",
    BrokenHeart => "broken-heart",
    Barbarian => "barbarian",
    VikingHelmet => "viking-helmet",
    Coins => "two-coins",
    WitchFace => "witch-face",
    DeadWood => "dead-wood",
    EvilTree => "evil-tree",
    MagicSwirl => "magic-swirl",
    QueenCrown => "queen-crown",
    Fog => "fog",
    HoodedAssassin => "hooded-assassin",
    Trebuchet => "trebuchet",
    Catapult => "catapult",
    DiceEight => "dice-eight-faces-eight",
    Hearts => "hearts",
    Shield => "shield",
    Backstab => "backstab",
    PineTree => "pine-tree",
    WizardStaff => "wizard-staff",
    Key => "key",
    Castle => "castle",
    JeweledChalice => "jeweled-chalice",
    TwoHandedSword => "two-handed-sword",
    TowerFlag => "tower-flag",
    CrossedAxes => "crossed-axes",
}

/// The pictures loaded: an image handle each, and its egui texture once egui is up.
#[derive(Resource, Default)]
pub struct Pictures {
    images: Vec<Handle<Image>>,
    textures: Vec<Option<egui::TextureId>>,
}

impl Pictures {
    /// The picture's image, for a `Sprite` (tint it with the sprite's colour).
    pub fn image(&self, p: Picture) -> Handle<Image> {
        self.images.get(p as usize).cloned().unwrap_or_default()
    }

    /// A sprite of the picture, `size` across, in `colour`.
    pub fn sprite(&self, p: Picture, size: f32, colour: Color) -> Sprite {
        Sprite {
            image: self.image(p),
            color: colour,
            custom_size: Some(Vec2::splat(size)),
            ..default()
        }
    }

    /// The picture in egui, `size` points across, in `tint`; none before egui has its textures.
    pub fn egui(&self, p: Picture, size: f32, tint: egui::Color32) -> Option<egui::Image<'static>> {
        let id = (*self.textures.get(p as usize)?)?;
        Some(egui::Image::new((id, egui::vec2(size, size))).tint(tint))
    }
}

/// Decodes an embedded PNG; the embedded files are made by the icon script, so a failure is a
/// broken build, reported once in the log rather than a crash.
fn decode(bytes: &[u8]) -> Option<Image> {
    match Image::from_buffer(
        bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::linear(),
        RenderAssetUsages::default(),
    ) {
        Ok(image) => Some(image),
        Err(e) => {
            warn!("an embedded picture does not decode: {e}");
            None
        }
    }
}

pub struct PicturesPlugin;

impl Plugin for PicturesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Pictures>()
            .add_systems(Startup, load_pictures)
            .add_systems(Update, (register_egui_textures, set_window_icon));
    }
}

fn load_pictures(mut pictures: ResMut<Pictures>, mut images: ResMut<Assets<Image>>) {
    pictures.images = Picture::ALL
        .iter()
        .map(|p| decode(p.png()).map(|i| images.add(i)).unwrap_or_default())
        .collect();
    pictures.textures = vec![None; Picture::ALL.len()];
}

/// Gives egui a texture of each picture, once.
fn register_egui_textures(mut pictures: ResMut<Pictures>, mut contexts: EguiContexts, mut done: Local<bool>) {
    if *done || pictures.images.is_empty() {
        return;
    }
    let handles = pictures.images.clone();
    pictures.textures = handles
        .into_iter()
        .map(|h| Some(contexts.add_image(EguiTextureHandle::Strong(h))))
        .collect();
    *done = true;
}

/// The window's icon (taskbar, alt-tab): the application's icon (`assets/app-icon/`, the one the
/// desktop entry and the macOS bundle carry). Set on the main thread once the window exists.
fn set_window_icon(_main_thread: bevy::ecs::system::NonSendMarker, mut done: Local<bool>) {
    if *done {
        return;
    }
    let Some((icon, size)) = window_icon_rgba() else {
        *done = true;
        return;
    };
    bevy::winit::WINIT_WINDOWS.with_borrow(|windows| {
        for window in windows.windows.values() {
            if let Ok(i) = winit::window::Icon::from_rgba(icon.clone(), size, size) {
                window.set_window_icon(Some(i));
                *done = true;
            }
        }
    });
}

/// The application's icon at 256 pixels (made by `scripts/icons/rasterize.sh` with the others).
const APP_ICON: &[u8] = include_bytes!("../../assets/app-icon/camelot-256.png");

/// The window icon's pixels (RGBA) and its side.
pub fn window_icon_rgba() -> Option<(Vec<u8>, u32)> {
    let image = decode(APP_ICON)?;
    let (w, h) = (image.width(), image.height());
    let data = image.data?;
    (w == h && data.len() == (w * h * 4) as usize).then_some((data, w))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The side every picture is rasterized at (`scripts/icons/rasterize.mjs`).
    const ICON_SIZE: u32 = 192;

    #[test]
    fn every_picture_decodes_and_is_credited() {
        let credits = include_str!("../../assets/CREDITS.md");
        for p in Picture::ALL {
            let image = decode(p.png()).unwrap_or_else(|| panic!("{} does not decode", p.name()));
            assert_eq!((image.width(), image.height()), (ICON_SIZE, ICON_SIZE), "{}", p.name());
            assert!(
                credits.contains(&format!("assets/icons/{}.png", p.name())),
                "{} is not credited in assets/CREDITS.md",
                p.name()
            );
        }
        let (icon, side) = window_icon_rgba().expect("the window icon");
        assert_eq!((icon.len(), side), ((256 * 256 * 4) as usize, 256));
    }
}
