#!/usr/bin/env bash
# Rasterizes the game-icons.net icons listed in scripts/icons/icons.txt into assets/icons/*.png
# and their credits into assets/CREDITS.md. Needs Node.js and npm (the npm registry); the PNGs are
# committed, so neither the build nor CI runs this.
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --silent
node rasterize.mjs
