#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages the build and the window need (run as root or with sudo).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev libxkbcommon-x11-0 \
  libx11-dev libxcursor1 libxrandr2 libxi6 libvulkan1 mesa-vulkan-drivers \
  xvfb xauth imagemagick desktop-file-utils
