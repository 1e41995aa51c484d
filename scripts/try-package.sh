#!/usr/bin/env bash
# Tries the Linux package as a player would, on this machine, away from the repository:
# unpacks it into an empty folder, installs it for a fresh user (a HOME of its own), checks the
# desktop entry (desktop-file-validate), runs `camelot --version` and `camelot check` from another
# folder, starts the game from the desktop entry's own command under Xvfb and checks its
# screenshot, then uninstalls it and checks that nothing is left but the saves.
# Usage: scripts/try-package.sh dist/camelot-<version>-linux-x86_64.tar.gz [work folder]
set -euo pipefail
fail() { echo "try-package: $*" >&2; exit 1; }
[ "$#" -ge 1 ] && [ "$#" -le 2 ] || fail "usage: scripts/try-package.sh TARBALL [work folder] (one tarball)"
tarball=$(realpath "$1")
work="${2:-$(mktemp -d)}"
# The work folder is emptied first: only one this script made (it leaves a mark) or an empty one.
if [ -d "$work" ] && [ -n "$(ls -A "$work")" ] && [ ! -e "$work/.try-package" ]; then
  fail "$work is not empty and not a folder of mine: give another"
fi
rm -rf "$work"
mkdir -p "$work/unpacked" "$work/home" "$work/elsewhere"
touch "$work/.try-package"
work=$(realpath "$work")
unset CAMELOT_DATA_DIR

# Unpacked into an empty folder, installed for a user with nothing else.
tar -C "$work/unpacked" -xzf "$tarball"
dir=$(find "$work/unpacked" -mindepth 1 -maxdepth 1 -type d | head -n 1)
[ -n "$dir" ] || fail "the tarball holds no folder"
for f in camelot README.md LICENSE-MIT LICENSE-APACHE assets/CREDITS.md install.sh uninstall.sh \
  share/applications/camelot.desktop share/icons/hicolor/48x48/apps/camelot.png; do
  [ -e "$dir/$f" ] || fail "the package has no $f"
done
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share"
(cd "$work/elsewhere" && sh "$dir/install.sh")
prefix="$HOME/.local"
entry="$prefix/share/applications/camelot.desktop"
[ -f "$entry" ] || fail "no desktop entry at $entry"
desktop-file-validate "$entry" || fail "the installed desktop entry does not validate"
for size in 16x16 32x32 48x48 64x64 128x128 256x256 512x512; do
  [ -f "$prefix/share/icons/hicolor/$size/apps/camelot.png" ] || fail "no $size icon"
done
[ -f "$prefix/share/doc/camelot/LICENSE-APACHE" ] || fail "no licence installed"

# The desktop entry's own command, as the desktop would run it.
exec_line=$(sed -n 's/^Exec=//p' "$entry" | head -n 1)
command_path=${exec_line//\"/}
[ -x "$command_path" ] || fail "the desktop entry's command $command_path is not there"
echo "try-package: the desktop entry runs $command_path"

# From any folder, and from the repository nowhere in sight.
cd "$work/elsewhere"
version=$("$command_path" --version)
echo "try-package: $version"
[[ "$version" =~ ^camelot\ [0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?\ \(commit\ [0-9a-z]+\)$ ]] ||
  fail "--version says \"$version\""
"$command_path" check >"$work/check.txt" 2>&1 || { cat "$work/check.txt"; fail "camelot check failed"; }
tail -n 1 "$work/check.txt"

# The window, from the desktop entry's command, under Xvfb: the menu draws.
display=":${TRY_DISPLAY:-96}"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 2
DISPLAY="$display" WAYLAND_DISPLAY= timeout 300 "$command_path" --window-size 1280x800 \
  --screenshot "$work/menu.png" >"$work/window.txt" 2>&1 || { cat "$work/window.txt"; fail "the window failed"; }
[ -s "$work/menu.png" ] || fail "no screenshot of the menu"
colours=$(identify -format '%k' "$work/menu.png")
[ "$colours" -gt 1 ] || fail "the menu's screenshot is blank"
echo "try-package: the menu drew ($colours colours): $work/menu.png"
# A game begun from the same command (a bot game played a few hundred frames) saves itself.
DISPLAY="$display" WAYLAND_DISPLAY= timeout 300 "$command_path" --window-size 1280x800 play court \
  --seats bot:easy,bot:easy --seed 5 --bot-pace 0 --frames 200 --screenshot "$work/court.png" \
  >"$work/court.txt" 2>&1 || { cat "$work/court.txt"; fail "a game failed"; }
saves="$XDG_DATA_HOME/camelot"
find "$saves" -name '*.ron' -path '*games/*' | grep -q . || fail "the game left no save in $saves"
echo "try-package: a game played and saved in $saves"

# Uninstalled: nothing of the game is left under the prefix; the saves stay.
"$prefix/bin/camelot-uninstall"
# (Paths inside the prefix only: the work folder's own path may say "camelot".)
left=$(find "$prefix" -path "$saves" -prune -o \( -type f -o -type l \) -printf '%P\n' | grep -i camelot || true)
[ -z "$left" ] || fail "left after uninstalling: $left"
[ -d "$saves" ] || fail "uninstalling took the saves"
echo "try-package: uninstalled; the saves are kept"
echo "try-package: ok"
