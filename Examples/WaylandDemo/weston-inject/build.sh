#!/usr/bin/env bash
# Builds the hitkit-inject weston module and its command sender into OUT_DIR:
#   OUT_DIR/hitkit-inject.so        load with weston --modules=OUT_DIR/hitkit-inject.so
#   OUT_DIR/hitkit-inject-send      sends commands to it (README.md beside this script)
# The zwp_pointer_gestures_v1 server code is generated with wayland-scanner from the
# wayland-protocols package. Needs libweston-10-dev, libwayland-dev, wayland-protocols and
# pkg-config (the run scripts install them). Exits non-zero with the compiler's messages on failure.
#
# usage: Examples/WaylandDemo/weston-inject/build.sh OUT_DIR
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUT_DIR" >&2; exit 64; }
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)
protocols=$(pkg-config --variable=pkgdatadir wayland-protocols)
gestures=$protocols/unstable/pointer-gestures/pointer-gestures-unstable-v1.xml
wayland-scanner server-header "$gestures" "$out/pointer-gestures-unstable-v1-server-protocol.h"
wayland-scanner private-code "$gestures" "$out/pointer-gestures-unstable-v1-protocol.c"
cflags=(-std=gnu11 -Wall -Wextra -Werror -fPIC -I"$here" -I"$out")
# shellcheck disable=SC2046
cc "${cflags[@]}" -shared -o "$out/hitkit-inject.so" "$here/hitkit_inject.c" "$here/inject_protocol.c" \
    "$out/pointer-gestures-unstable-v1-protocol.c" $(pkg-config --cflags --libs libweston-10 wayland-server)
cc -std=c99 -Wall -Wextra -Werror -pedantic -o "$out/hitkit-inject-send" "$here/send.c"
