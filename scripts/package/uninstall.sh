#!/bin/sh
# Takes away what install.sh put under ~/.local (or $PREFIX). Your saved games and settings stay
# in the data folder (on Linux ~/.local/share/camelot/); delete it yourself to forget them too.
set -eu
# Installed as <prefix>/bin/camelot-uninstall, it takes away what is under its own prefix (an
# install elsewhere with PREFIX too); run from the unpacked package, under $PREFIX or ~/.local.
if [ -z "${PREFIX:-}" ] && [ "$(basename "$0")" = camelot-uninstall ]; then
  prefix=$(cd "$(dirname "$0")/.." && pwd)
else
  prefix=${PREFIX:-$HOME/.local}
fi
rm -f "$prefix/bin/camelot" "$prefix/share/applications/camelot.desktop"
rm -f "$prefix"/share/icons/hicolor/*/apps/camelot.png
rm -rf "$prefix/share/doc/camelot"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$prefix/share/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$prefix/share/icons/hicolor" || true
rm -f "$prefix/bin/camelot-uninstall"
echo "Camelot is uninstalled. Saved games and settings are kept in ${XDG_DATA_HOME:-$HOME/.local/share}/camelot/."
