#!/usr/bin/env bash
# Builds and runs the Wayland and GTK demos' C unit tests, which need no compositor: the
# hitkit-inject module's line protocol, Wayland's events as HitKit frames (wl_fixed, touch
# frames, axis sources with discrete, value120 and stop, pinch scale and rotation), keys
# (HID usages, xkbcommon text and modifiers, repeats and Wayland's repeat timer) and the scene
# host (the event clock, scene errors, behaviour, painting, recording) on the installed libhitkit.
# The run scripts run them too.
#
# usage: Examples/WaylandDemo/tests/run.sh [OUTPUT_DIR]
#   HITKIT_PREFIX: libhitkit already installed there (else it is installed into OUTPUT_DIR/prefix).
# Exits 0 when every test passes, 1 when one fails, 2 when they cannot be built.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$(mktemp -d "${TMPDIR:-/tmp}/waylanddemo-tests.XXXXXX")}
mkdir -p "$out"
out=$(cd "$out" && pwd)
# shellcheck source=../weston-session.sh
source "$here/weston-session.sh"
install_packages "${weston_packages[@]}"
build_wayland_demo
run_unit_tests
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
