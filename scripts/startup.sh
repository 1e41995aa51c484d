#!/usr/bin/env bash
# Start-up against the yardstick: the whole process, from exec to the first frame drawn and the
# window closed, for `camelot --frames 1` (the menu) and for the empty Bevy + egui + kira window
# of `examples/empty_window.rs` with the same features; and each one's peak memory.
# Usage: scripts/startup.sh [target dir (default target/release)] [runs (default 10)]
# Build first: cargo build --release --features tools --bin camelot --example empty_window
set -euo pipefail
dir="${1:-target/release}"
runs="${2:-10}"
. "$(dirname "$0")/xvfb.sh" "${STARTUP_DISPLAY:-$((40 + $$ % 50))}"
export WAYLAND_DISPLAY= CAMELOT_DATA_DIR="$(mktemp -d)"
# One run: prints its seconds and peak KiB. A run that crashes is tried again, twice at most (the
# software Vulkan driver now and then ends a process with a segmentation fault as it exits; seen
# with the empty window as with ours).
once() {
  local t0 t1 kb try
  for try in 1 2 3; do
    t0=$(date +%s.%N)
    if kb=$(/usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -n 1) && [ "$kb" -gt 0 ] 2>/dev/null; then
      t1=$(date +%s.%N)
      awk -v a="$t0" -v b="$t1" -v kb="$kb" 'BEGIN { printf "%.3f %d\n", b - a, kb }'
      return 0
    fi
    echo "startup: $1 failed (try $try): $kb" >&2
  done
  exit 1
}
# The two in turn, so that a slow spell of the machine weighs on both alike.
: >"$CAMELOT_DATA_DIR/camelot" ; : >"$CAMELOT_DATA_DIR/empty"
for _ in $(seq "$runs"); do
  once "$dir/camelot" --frames 1 >>"$CAMELOT_DATA_DIR/camelot"
  once "$dir/examples/empty_window" --frames 1 >>"$CAMELOT_DATA_DIR/empty"
done
median() { sort -n "$1" | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
peak() { sort -n -k2 "$1" | tail -n 1 | awk '{ print $2 }'; }
awk -v cs="$(median "$CAMELOT_DATA_DIR/camelot")" -v es="$(median "$CAMELOT_DATA_DIR/empty")" \
    -v ck="$(peak "$CAMELOT_DATA_DIR/camelot")" -v ek="$(peak "$CAMELOT_DATA_DIR/empty")" -v n="$runs" 'BEGIN {
  printf "start-up, median of %d runs each, taken in turn: camelot %.3f s, empty window %.3f s: %.2fx\n", n, cs, es, cs / es
  printf "peak memory: camelot %.1f MiB, empty window %.1f MiB: %.2fx\n", ck / 1024, ek / 1024, ck / ek
}'
