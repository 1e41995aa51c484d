#!/usr/bin/env bash
# Packages Camelot for players, into dist/:
#   linux    camelot-<version>-linux-x86_64.tar.gz: the binary, README, licences, credits, a
#            desktop entry, the icon in the hicolor sizes, install.sh and uninstall.sh (~/.local)
#   windows  camelot-<version>-windows-x86_64.zip: camelot.exe, README, licences, credits
#   macos    camelot-<version>-macos-<arch>.dmg (or .zip without hdiutil): Camelot.app with its
#            icon, and the README, licences and credits beside it
# The release workflow (.github/workflows/release.yml) calls this on each system; the Linux
# package is made and tried here (scripts/try-package.sh), and CI packages its own build.
#
# Usage: scripts/package.sh [linux|windows|macos]          (default: linux)
#   CAMELOT_BIN="path [path]"  package these binaries instead of building one (two on macOS are
#                              joined into one universal binary with lipo)
#   CAMELOT_PROFILE=name       the cargo profile to build with (default: dist, see Cargo.toml)
#   CAMELOT_ARCH=name          the package's architecture in its name (default: x86_64, or on
#                              macOS "universal" for two binaries)
set -euo pipefail
cd "$(dirname "$0")/.."
platform="${1:-linux}"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
profile="${CAMELOT_PROFILE:-dist}"
exe=""
[ "$platform" = windows ] && exe=".exe"

# The binaries: given, or built now (the target folder may live elsewhere: CARGO_TARGET_DIR).
if [ -n "${CAMELOT_BIN:-}" ]; then
  read -r -a bins <<<"$CAMELOT_BIN"
else
  cargo build --locked --profile "$profile"
  bins=("${CARGO_TARGET_DIR:-target}/$profile/camelot$exe")
fi
for b in "${bins[@]}"; do
  [ -x "$b" ] || { echo "package: no binary at $b" >&2; exit 1; }
done
arch="${CAMELOT_ARCH:-x86_64}"
if [ "$platform" = macos ] && [ "${#bins[@]}" -gt 1 ] && [ -z "${CAMELOT_ARCH:-}" ]; then
  arch=universal
fi

name="camelot-$version-$platform-$arch"
stage="dist/$name"
# Earlier packages of this system go, so that dist/ holds one to try and to upload.
rm -rf dist/camelot-*-"$platform"-*
rm -rf "$stage"
mkdir -p "$stage"

# What every package carries beside the game: the README, the code's licences, the credits of
# the bundled assets and the licences they name (paths as CREDITS.md gives them).
docs() {
  local to="$1"
  mkdir -p "$to/assets/fonts"
  cp README.md LICENSE-MIT LICENSE-APACHE "$to/"
  cp assets/CREDITS.md "$to/assets/"
  cp assets/fonts/LICENSE-*.txt "$to/assets/fonts/"
}

case "$platform" in
  linux)
    install -m 755 "${bins[0]}" "$stage/camelot"
    strip --strip-debug "$stage/camelot" 2>/dev/null || true
    docs "$stage"
    mkdir -p "$stage/share/applications"
    cp scripts/package/camelot.desktop "$stage/share/applications/camelot.desktop"
    for png in assets/app-icon/camelot-*.png; do
      size=$(basename "$png" .png)
      size=${size#camelot-}
      mkdir -p "$stage/share/icons/hicolor/${size}x${size}/apps"
      cp "$png" "$stage/share/icons/hicolor/${size}x${size}/apps/camelot.png"
    done
    install -m 755 scripts/package/install.sh scripts/package/uninstall.sh "$stage/"
    if command -v desktop-file-validate >/dev/null; then
      desktop-file-validate "$stage/share/applications/camelot.desktop"
    fi
    tar -C dist -czf "dist/$name.tar.gz" "$name"
    out="dist/$name.tar.gz"
    ;;
  windows)
    install -m 755 "${bins[0]}" "$stage/camelot.exe"
    docs "$stage"
    rm -f "dist/$name.zip"
    if command -v 7z >/dev/null; then
      (cd dist && 7z a -tzip -bd "$name.zip" "$name" >/dev/null)
    elif command -v zip >/dev/null; then
      (cd dist && zip -qr "$name.zip" "$name")
    else
      pwsh -NoProfile -Command "Compress-Archive -Path 'dist/$name' -DestinationPath 'dist/$name.zip'"
    fi
    out="dist/$name.zip"
    ;;
  macos)
    app="$stage/Camelot.app/Contents"
    mkdir -p "$app/MacOS" "$app/Resources"
    if [ "${#bins[@]}" -gt 1 ]; then
      lipo "${bins[@]}" -create -output "$app/MacOS/camelot"
    else
      install -m 755 "${bins[0]}" "$app/MacOS/camelot"
    fi
    sed "s/@VERSION@/$version/g" scripts/package/Info.plist >"$app/Info.plist"
    # The icon: an iconset from the PNGs, made into camelot.icns by iconutil (macOS only).
    set_dir="dist/camelot.iconset"
    rm -rf "$set_dir"
    mkdir -p "$set_dir"
    for size in 16 32 128 256 512; do
      cp "assets/app-icon/camelot-$size.png" "$set_dir/icon_${size}x${size}.png"
    done
    for size in 16 32 128 256; do
      cp "assets/app-icon/camelot-$((size * 2)).png" "$set_dir/icon_${size}x${size}@2x.png" 2>/dev/null || true
    done
    if command -v iconutil >/dev/null; then
      iconutil -c icns "$set_dir" -o "$app/Resources/camelot.icns"
    else
      echo "package: no iconutil (not macOS): the bundle has no icon" >&2
    fi
    rm -rf "$set_dir"
    docs "$stage"
    if command -v hdiutil >/dev/null; then
      ln -s /Applications "$stage/Applications"
      rm -f "dist/$name.dmg"
      hdiutil create -fs HFS+ -volname "Camelot $version" -srcfolder "$stage" "dist/$name.dmg"
      out="dist/$name.dmg"
    else
      rm -f "dist/$name.zip"
      (cd dist && zip -qry "$name.zip" "$name")
      out="dist/$name.zip"
    fi
    ;;
  *)
    echo "package: no platform \"$platform\" (linux, windows or macos)" >&2
    exit 2
    ;;
esac
echo "package: $out"
