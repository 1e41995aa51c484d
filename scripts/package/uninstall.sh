#!/bin/sh
# Takes away what install.sh put under ~/.local (or $PREFIX). Your saved games and settings stay
# in the data folder (on Linux ~/.local/share/camelot/); delete it yourself to forget them too.
set -eu
prefix=${PREFIX:-$HOME/.local}
rm -f "$prefix/bin/camelot" "$prefix/share/applications/camelot.desktop"
rm -f "$prefix"/share/icons/hicolor/*/apps/camelot.png
rm -rf "$prefix/share/doc/camelot"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$prefix/share/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$prefix/share/icons/hicolor" || true
rm -f "$prefix/bin/camelot-uninstall"
echo "Camelot is uninstalled. Saved games and settings are kept in ${XDG_DATA_HOME:-$HOME/.local/share}/camelot/."
