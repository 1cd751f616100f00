#!/usr/bin/env bash
# Installs, in one apt transaction, every Debian package the later CI steps use: valgrind (the C
# client and the benchmark under callgrind), GTK 4 and Qt 6 (the peers and the GTK4 demo), SDL2,
# Xvfb, xdotool, Xorg with its dummy driver and inputtest header, weston and libweston, ImageMagick
# and Chromium. CI starts it in the background at its first step, so the downloads and unpacking
# overlap the builds instead of adding to the wall time; each step's own script still checks its
# packages and installs what is missing, so every script also runs on its own.
#
#   Scripts/ci-packages.sh        exits 0 when all are installed, 2 when apt could not install them
set -uo pipefail

packages=(
  valgrind pkg-config gcc g++
  libgtk-4-dev qt6-base-dev libsdl2-dev
  xvfb xdotool imagemagick libx11-dev libxi-dev
  xserver-xorg-core xserver-xorg-video-dummy xserver-xorg-dev
  weston libweston-10-dev libwayland-dev wayland-protocols libxkbcommon-dev xkb-data
  chromium fonts-dejavu-core python3
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]} == 0)); then
  echo "ci-packages: all ${#packages[@]} packages already installed"
  exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "ci-packages: not root; the steps install what they need (missing: ${missing[*]})"
  exit 2
fi
started=$SECONDS
if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=600 "${missing[@]}" >/dev/null; then
  echo "ci-packages: installed ${#missing[@]} packages in $((SECONDS - started)) s"
else
  echo "ci-packages: apt could not install ${missing[*]}; the steps will try again themselves"
  exit 2
fi
