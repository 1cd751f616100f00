#!/usr/bin/env bash
# Installs what the SDL demo needs from Debian/Ubuntu packages, each only when missing: SDL2's
# headers and library (libsdl2-dev), Xlib's (libx11-dev), pkg-config, and for driving it headless
# Xvfb, xdotool and ImageMagick (import, convert, compare). Exits 2 when something is missing and
# cannot be installed (not root, or apt-get failed), so callers can tell "could not run" from "failed".
set -u
missing=()
pkg-config --exists sdl2 2>/dev/null || missing+=(libsdl2-dev)
pkg-config --exists x11 2>/dev/null || missing+=(libx11-dev)
command -v pkg-config >/dev/null || missing+=(pkg-config)
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xdotool >/dev/null || missing+=(xdotool)
command -v import >/dev/null && command -v compare >/dev/null && [ -x /usr/bin/convert ] \
    || missing+=(imagemagick)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "missing packages: ${missing[*]} (run as root, or: sudo apt-get install -y ${missing[*]})" >&2
    exit 2
fi
echo "installing ${missing[*]}"
apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || { echo "apt-get install failed" >&2; exit 2; }
