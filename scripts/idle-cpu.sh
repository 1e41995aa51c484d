#!/usr/bin/env bash
# How much CPU the window uses while nothing happens: starts it under Xvfb (or the DISPLAY
# given), waits for it to settle, then measures the process's CPU time over a quiet spell.
# Usage: scripts/idle-cpu.sh path/to/camelot SECONDS [camelot arguments...]
#   e.g. scripts/idle-cpu.sh target/release/camelot 20                      (the menu)
#        WARM=30 scripts/idle-cpu.sh target/release/camelot 20 play court \
#            --seats human,bot:easy,bot:easy,bot:easy --seed 3 --bot-pace 0  (a human's turn)
# Prints one line: CPU seconds and the share of one core. With MAX_PERCENT set, exits 1 when the
# share is above it.
set -euo pipefail
bin="$1"; secs="$2"; shift 2
warm="${WARM:-8}"
. "$(dirname "$0")/xvfb.sh" "${IDLE_DISPLAY:-96}"
data="$(mktemp -d)"
WAYLAND_DISPLAY= CAMELOT_DATA_DIR="$data" "$bin" "$@" >"$data/log" 2>&1 &
pid=$!
sleep "$warm"
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
t0=$(ticks)
sleep "$secs"
t1=$(ticks)
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
hz=$(getconf CLK_TCK)
percent=$(awk -v a="$t0" -v b="$t1" -v hz="$hz" -v s="$secs" 'BEGIN { printf "%.1f", 100 * (b - a) / hz / s }')
cpu=$(awk -v a="$t0" -v b="$t1" -v hz="$hz" 'BEGIN { printf "%.2f", (b - a) / hz }')
echo "idle: ${cpu} CPU seconds in ${secs} s = ${percent} % of one core"
if [ -n "${MAX_PERCENT:-}" ] && awk -v p="$percent" -v m="$MAX_PERCENT" 'BEGIN { exit !(p > m) }'; then
  echo "idle: above ${MAX_PERCENT} %: the window keeps drawing while nothing happens" >&2
  exit 1
fi
