#!/usr/bin/env bash
# Runs the Wayland demo on a headless weston whose seat the project's hitkit-inject module feeds:
# real wl_touch, wl_pointer (buttons, wheel and finger scrolling), zwp_pointer_gestures_v1 pinch,
# hold and swipe, and wl_keyboard events reach the demo through the compositor — a tap, a drag, a
# pinch and rotation, a flick, keys through the responder chain (Tab, Return, a key command, a
# held key cancelled on leave), a zoom, a context menu, a drag and drop — and each
# interaction is checked by the demo's output — the scene's delivery log (Behaviour B6) it prints
# as HitKit writes it, and its own lines — and by the compositor's screenshots; at the end the
# live log must equal what `hitkit replay` prints for the frames the demo recorded. The C unit
# tests of the mapping and of the module's protocol run first.
#
# usage: Examples/WaylandDemo/run-under-weston.sh [OUTPUT_DIR]
#   OUTPUT_DIR (default: a new temporary folder) receives the screenshots (PNG), the demo's
#   output (delivery.log), the live delivery log (live.log), its recorded scenario and the
#   replayed delivery log, weston's log and the build logs.
#   HITKIT_PREFIX: use libhitkit already installed there instead of installing it into
#   OUTPUT_DIR/prefix. HITKIT_COMMAND: the `hitkit` command to replay with (default: the root
#   package's debug build, built if missing).
# Exits 0 when every check passes, 1 when one fails, 2 when it cannot run (packages missing
# without root, a failed build, weston not starting).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$(mktemp -d "${TMPDIR:-/tmp}/waylanddemo.XXXXXX")}
mkdir -p "$out"
out=$(cd "$out" && pwd)
started=$(date +%s.%N)
# shellcheck source=weston-session.sh
source "$here/weston-session.sh"

install_packages "${weston_packages[@]}"
build_wayland_demo
echo "--- unit tests: the module's protocol, Wayland's units and axes, gestures, keys and repeat, the host"
run_unit_tests

build_hitkit_command

demo_pid=
cleanup() {
    [ -n "$demo_pid" ] && kill "$demo_pid" 2>/dev/null && wait "$demo_pid" 2>/dev/null
    stop_weston
}
trap cleanup EXIT

# shellcheck source=scene-checks.sh
source "$here/scene-checks.sh"
check_bad_scenes "$build/wayland_demo"

start_weston 640 400
log=$out/delivery.log
recording=$out/recording.json
"$build/wayland_demo" --record "$recording" --exit-after 120 >"$log" 2>"$out/demo.stderr" &
demo_pid=$!
wait_for_log '^ready$' 20 || { echo "the demo did not start:" >&2; cat "$out/demo.stderr" >&2; exit 1; }
expect_log '^pointer gestures yes, seat version 7$'
expect_log "^key repeat rate $weston_repeat_rate delay $weston_repeat_delay\$"
check_scene_under_weston

echo
echo "delivery log: $out/live.log (replayed: $out/replayed.log); demo output: $log; screenshots: $out/*.png"
echo "took $(awk -v from="$started" -v to="$(date +%s.%N)" 'BEGIN { printf "%.1f", to - from }') s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
