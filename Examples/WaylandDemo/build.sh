#!/usr/bin/env bash
# Builds, into OUT_DIR, everything the Wayland and GTK demos' runs use:
#   hitkit-inject.so, hitkit-inject-send   the weston module and its sender (weston-inject/)
#   wayland_demo                           the Wayland client (libhitkit through pkg-config)
#   test_*                                 the unit tests of tests/ (no compositor needed)
# `pkg-config hitkit` must find the installed libhitkit (PKG_CONFIG_PATH=PREFIX/lib/pkgconfig after
# Scripts/install-c-library.sh PREFIX). The Wayland protocols' client code is generated with
# wayland-scanner. Needs libweston-10-dev, libwayland-dev, wayland-protocols, libxkbcommon-dev.
#
# usage: Examples/WaylandDemo/build.sh OUT_DIR
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUT_DIR" >&2; exit 64; }
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)

bash "$here/weston-inject/build.sh" "$out"

protocols=$(pkg-config --variable=pkgdatadir wayland-protocols)
for xml in "$protocols/stable/xdg-shell/xdg-shell.xml" \
           "$protocols/unstable/pointer-gestures/pointer-gestures-unstable-v1.xml"; do
    name=$(basename "$xml" .xml)
    wayland-scanner client-header "$xml" "$out/$name-client-protocol.h"
    wayland-scanner private-code "$xml" "$out/$name-protocol.c"
done

warnings=(-std=c11 -Wall -Wextra -Werror -pedantic -D_DEFAULT_SOURCE)
# shellcheck disable=SC2046
hitkit=$(pkg-config --cflags --libs hitkit)
# shellcheck disable=SC2086
cc "${warnings[@]}" -I"$here" -I"$out" -DHITKIT_DEFAULT_SCENE="\"$here/scenes/demo.json\"" -o "$out/wayland_demo" \
    "$here/wayland_demo.c" "$here"/host/*.c "$out/xdg-shell-protocol.c" "$out/pointer-gestures-unstable-v1-protocol.c" \
    $hitkit $(pkg-config --cflags --libs wayland-client xkbcommon) -lm

# The unit tests: each a C program over the units it tests.
# shellcheck disable=SC2086
cc "${warnings[@]}" -I"$here" -o "$out/test_inject_protocol" "$here/tests/test_inject_protocol.c" \
    "$here/weston-inject/inject_protocol.c" -lm
# shellcheck disable=SC2086
cc "${warnings[@]}" -I"$here" -o "$out/test_wayland_input" "$here/tests/test_wayland_input.c" \
    "$here/host/wayland_input.c" $hitkit -lm
# shellcheck disable=SC2086
cc "${warnings[@]}" -I"$here" -o "$out/test_keys" "$here/tests/test_keys.c" "$here/host/keys.c" \
    $hitkit $(pkg-config --cflags --libs xkbcommon) -lm
# shellcheck disable=SC2086
cc "${warnings[@]}" -I"$here" -o "$out/test_interactions" "$here/tests/test_interactions.c" "$here/host/interactions.c" \
    $hitkit -lm
# shellcheck disable=SC2086
cc "${warnings[@]}" -I"$here" -o "$out/test_scene_host" "$here/tests/test_scene_host.c" "$here/host/scene_host.c" \
    "$here/host/interactions.c" $hitkit -lm
