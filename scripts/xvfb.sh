# Sourced by the scripts that need a display: with none set, starts Xvfb on display $1 (1440x900,
# no TCP) and stops it when the script exits.
if [ -z "${DISPLAY:-}" ]; then
  export DISPLAY=":$1"
  Xvfb "$DISPLAY" -screen 0 1440x900x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null || true' EXIT
  sleep 2
fi
