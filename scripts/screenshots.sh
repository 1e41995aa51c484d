#!/usr/bin/env bash
# Screenshots of the table for looking at changes side by side: the menu, the start of a game, a
# five-player game under way and the pass-and-play hand-off, at the window size given, for each
# game.
# Usage: scripts/screenshots.sh [path/to/camelot] [output dir] [WxH]
# Needs an X display (e.g. `Xvfb :99 -screen 0 1920x1080x24 &` and DISPLAY=:99).
set -euo pipefail
bin="${1:-target/debug/camelot}"
out="${2:-target/screenshots}"
size="${3:-1440x900}"
mkdir -p "$out"
export CAMELOT_DATA_DIR="$out/data"
run() {
  local name="$1"; shift
  timeout 300 "$bin" --window-size "$size" "$@" --screenshot "$out/$name-$size.png" >/dev/null 2>&1
  echo "$out/$name-$size.png"
}
run menu
run start play court --seats human,bot:easy,bot:easy,bot:easy --seed 7 --frames 60
run mid5 play court --seats bot:normal,bot:easy,bot:easy,bot:easy,bot:easy --names Ada,Bors,Cai,Dagonet,Elaine --seed 11 --bot-pace 0.2 --frames 700
run handoff play court --seats human,human,bot:easy --seed 7
run future-start play future --seats human,bot:easy,bot:easy,bot:easy --seed 7 --frames 60
run future-mid play future --seats bot:normal,bot:easy,bot:easy,bot:easy,bot:easy --names Ada,Bors,Cai,Dagonet,Elaine --seed 11 --bot-pace 0.2 --frames 900
run future-handoff play future --seats human,human --seed 7
run shadows-start play shadows --seats human,bot:easy,bot:easy,bot:easy --seed 7 --frames 60
run shadows-mid play shadows --seats bot:normal,bot:normal,bot:normal,bot:normal,bot:normal --names Ada,Bors,Cai,Dagonet,Elaine --seed 11 --bot-pace 0.1 --frames 900
run shadows-handoff play shadows --seats human,human,human --seed 7
