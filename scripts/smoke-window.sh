#!/usr/bin/env bash
# Real-window smoke test: opens the game under Xvfb with the software Vulkan driver, saves
# screenshots of the menu and of a pass-and-play hand-off, and fails if one is missing or blank.
# Usage: scripts/smoke-window.sh [path/to/camelot] [output dir]
set -euo pipefail
bin="${1:-target/debug/camelot}"
out="${2:-target/smoke}"
mkdir -p "$out"
display=":${SMOKE_DISPLAY:-97}"
Xvfb "$display" -screen 0 1440x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 2

shot() {
  local name="$1"; shift
  local png="$out/$name.png"
  rm -f "$png"
  if ! DISPLAY="$display" WAYLAND_DISPLAY= CAMELOT_DATA_DIR="$out/data" timeout 300 "$bin" "$@" --screenshot "$png"; then
    echo "smoke: $name: the game exited with an error" >&2
    return 1
  fi
  if [ ! -s "$png" ]; then
    echo "smoke: $name: no screenshot at $png" >&2
    return 1
  fi
  local colours
  colours=$(/usr/bin/identify -format '%k' "$png")
  if [ "$colours" -le 1 ]; then
    echo "smoke: $name: the screenshot is blank (one colour)" >&2
    return 1
  fi
  echo "smoke: $name ok ($colours colours) -> $png"
}

shot menu
shot handoff play court --seats human,human,bot:easy --seed 7
shot table play court --seats human,bot:easy,bot:easy,bot:easy --seed 7 --frames 200
shot bots play court --seats bot:hard,bot:normal,bot:easy --seed 3 --frames 300 --frame-stats "$out/frames.json"
# Die Zukunft's castle with bots at every seat, and its hand-off between two humans.
shot future play future --seats bot:easy,bot:easy,bot:easy,bot:easy --seed 7 --frames 300
# Pixels within 3 % of a colour (surfaces are textured, so a colour is a neighbourhood, not a value).
near_colour() {
  /usr/bin/convert "$1" -alpha off -fuzz 3% -fill '#FF00FE' -opaque "#$2" -format %c histogram:info:- \
    | { grep -i "#FF00FE" || true; } | awk '{s+=$1} END {print s+0}'
}
# The castle is there: the red room's board and the throne room's floor, in their colours.
castle_colour() {
  local png="$1" hex="$2" what="$3" n
  n=$(near_colour "$png" "$hex")
  if [ "${n:-0}" -lt 2000 ]; then
    echo "smoke: $(basename "$png" .png): no $what in the screenshot ($n pixels of #$hex)" >&2
    return 1
  fi
  echo "smoke: $(basename "$png" .png): $what drawn ($n pixels)"
}
castle_colour "$out/future.png" 9E2924 "red room"
castle_colour "$out/future.png" 2B2133 "throne room"
shot future-handoff play future --seats human,human --seed 7
# Shadows over Camelot with bots at every seat: Camelot's plate and the quest boards are drawn.
shot shadows play shadows --seats bot:easy,bot:easy,bot:easy,bot:easy,bot:easy --seed 7 --frames 300
castle_colour "$out/shadows.png" 31333D "Camelot"
castle_colour "$out/shadows.png" 3A2F24 "quest board"
# Three humans: the first turn is taken behind the hand-off screen, which hides the table.
shot shadows-handoff play shadows --seats human,human,human --seed 7
n=$(near_colour "$out/shadows-handoff.png" 31333D)
if [ "${n:-0}" -gt 1000 ]; then
  echo "smoke: shadows-handoff: the table shows through the hand-off screen" >&2
  exit 1
fi
echo "smoke: shadows-handoff: the table is covered"
if ! grep -q '"bot_thinking"' "$out/frames.json"; then
  echo "smoke: bots: no frame statistics at $out/frames.json" >&2
  exit 1
fi
echo "smoke: frame statistics while bots play:"
cat "$out/frames.json"

# The window must rest while nothing happens (it draws on demand). Continuous drawing under the
# software renderer takes well over 100 % of a core; at rest it is under 1 %.
MAX_PERCENT=50 DISPLAY="$display" scripts/idle-cpu.sh "$bin" 10
