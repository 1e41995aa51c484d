#!/usr/bin/env bash
# How the balance bench scales on this machine: for J = 1, 2, 4, … up to the number of cores,
# the speed-up of one process with `--jobs J` playing J × GAMES games, beside J separate
# processes of `--jobs 1` playing GAMES games each (the most J cores can give), and the first
# as a share of the second. Each time is the median of REPS runs, run interleaved; CPU is the
# seconds of CPU all threads or processes spent (more CPU for the same games in one process than
# in separate ones is contention inside the process, whatever else the machine is doing).
#
#   cargo build --release --no-default-features
#   scripts/bench-scaling.sh [BIN] [GAMES] [REPS]      (defaults: target/release/camelot 2000 3)
#   GAME="shadows --players 5" scripts/bench-scaling.sh   (default GAME: "court --players 4")
#   JOBS="1 2" scripts/bench-scaling.sh                   (default: 1 2 4 … and the core count)
#
# Timings on a shared machine vary: the load average is printed before and after; run it when
# the machine is quiet.
set -euo pipefail

bin="${1:-${CARGO_TARGET_DIR:-target}/release/camelot}"
games="${2:-2000}"
reps="${3:-3}"
read -r -a game <<<"${GAME:-court --players 4}"
cores="$(getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu)"
if [ -z "${JOBS:-}" ]; then
  JOBS=""
  for ((j = 1; j < cores; j *= 2)); do JOBS="$JOBS $j"; done
  JOBS="$JOBS $cores"
fi
[ -x "$bin" ] || { echo "no binary at $bin (cargo build --release --no-default-features)" >&2; exit 1; }

load() { uptime | sed 's/.*load average/load average/'; }
echo "${game[*]}: $games games a job, median of $reps runs, $cores cores; $(load)"

TIMEFORMAT='%R %U %S'
# Prints "wall cpu" in seconds for one command (its children included).
timed() {
  local t
  t="$({ time "$@" >/dev/null 2>&1; } 2>&1)"
  awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' <<<"$t"
}
one_process() { # J: one process, --jobs J, J × games games
  timed "$bin" balance "${game[@]}" --games $(($1 * games)) --jobs "$1"
}
processes() { # J: J processes of --jobs 1, games games each, seeds apart
  # shellcheck disable=SC2016
  timed bash -c 'b="$1"; n="$2"; g="$3"; shift 3
    for ((k = 0; k < n; k++)); do "$b" balance "$@" --games "$g" --jobs 1 --seed $((k * g + 1)) >/dev/null & done
    wait' _ "$bin" "$1" "$games" "${game[@]}"
}
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for ((r = 0; r < reps; r++)); do
  for j in $JOBS; do
    one_process "$j" >>"$out/in$j"
    if [ "$j" -gt 1 ]; then processes "$j" >>"$out/px$j"; fi
  done
done
# The median of column $2 of file $1.
med() { awk -v c="$2" '{ print $c }' "$1" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

base="$(med "$out/in1" 1)"
printf '%4s  %21s  %21s  %s\n' jobs "one process" "separate processes" "one / separate"
printf '%4s  %8s %6s %5s  %8s %6s %5s\n' "" wall cpu "×" wall cpu "×"
for j in $JOBS; do
  wi="$(med "$out/in$j" 1)"
  ci="$(med "$out/in$j" 2)"
  px="$out/px$j"
  [ "$j" -gt 1 ] || px="$out/in$j"
  wp="$(med "$px" 1)"
  cp="$(med "$px" 2)"
  awk -v j="$j" -v b="$base" -v wi="$wi" -v ci="$ci" -v wp="$wp" -v cp="$cp" 'BEGIN {
    si = j * b / wi; sp = j * b / wp
    printf "%4d  %7.2fs %5.2fs %4.2f×  %7.2fs %5.2fs %4.2f×  %3.0f %%\n", j, wi, ci, si, wp, cp, sp, 100 * si / sp
  }'
done
echo "$(load)"
