#!/bin/sh
# Installs Camelot for you alone, under ~/.local (or $PREFIX): the game in bin/, its entry in
# the desktop's menu, its icon, its README and licences, and camelot-uninstall to take it away
# again. Nothing is installed for other users and nothing needs root.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${PREFIX:-$HOME/.local}

install -D -m 755 "$here/camelot" "$prefix/bin/camelot"
install -D -m 755 "$here/uninstall.sh" "$prefix/bin/camelot-uninstall"
for dir in "$here"/share/icons/hicolor/*/apps; do
  size=$(basename "$(dirname "$dir")")
  install -D -m 644 "$dir/camelot.png" "$prefix/share/icons/hicolor/$size/apps/camelot.png"
done
# The menu entry starts the installed game by its full path (~/.local/bin is not always on the
# desktop's PATH).
# The desktop entry's rules: a path with spaces or specials is quoted (\ " ` $ escaped), and %
# is written %%; then escaped again for sed's replacement (\ & |).
exec_path="$prefix/bin/camelot"
case "$exec_path" in
  *[[:space:]\"\`\$\\]*)
    exec_path="\"$(printf '%s' "$exec_path" | sed 's/[\\"`$]/\\&/g')\"" ;;
esac
exec_path=$(printf '%s' "$exec_path" | sed 's/%/%%/g; s/[\\&|]/\\&/g')
mkdir -p "$prefix/share/applications"
sed "s|^Exec=.*|Exec=$exec_path|" "$here/share/applications/camelot.desktop" \
  >"$prefix/share/applications/camelot.desktop"
chmod 644 "$prefix/share/applications/camelot.desktop"
(
  cd "$here"
  for f in README.md LICENSE-MIT LICENSE-APACHE assets/CREDITS.md assets/fonts/LICENSE-*.txt; do
    install -D -m 644 "$f" "$prefix/share/doc/camelot/$f"
  done
)
# Tell the desktop, where it listens (neither is needed for the game to run).
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$prefix/share/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$prefix/share/icons/hicolor" || true

echo "Camelot is installed:"
echo "  the game         $prefix/bin/camelot  (in your desktop's menu as Camelot)"
echo "  README, licences $prefix/share/doc/camelot/"
echo "  to uninstall     $prefix/bin/camelot-uninstall"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "($prefix/bin is not on your PATH: start it from the menu, or as $prefix/bin/camelot)" ;;
esac
