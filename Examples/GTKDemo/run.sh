#!/usr/bin/env bash
# Builds the GTK4 demo (a GTK widget hosting a HitKit app, gtk_demo.c) on the installed libhitkit
# and runs it twice with real input:
#   1. under a headless weston with the hitkit-inject module (GDK_BACKEND=wayland,
#      GSK_RENDERER=cairo): the same checks as the Wayland demo's run (Examples/WaylandDemo/
#      scene-checks.sh): touch, pointer, wheel and touchpad scrolling, touchpad pinch, hold and
#      swipe, keys through the responder chain (Tab, Return, Shift-Tab, a key command, GTK's own
#      repeat, a held key cancelled when the focus leaves), a zooming scroll view, a context menu,
#      a drag and drop, and the live delivery log equal to the replayed one;
#   2. under a headless Xorg whose inputtest touchscreen and touchpad send real XInput 2 events
#      (Examples/X11Demo/Xorg/xorg-session.sh, GDK_BACKEND=x11): touches, smooth scrolling and
#      XI 2.4 pinches, of the photo and of the zooming scroll view (X has no hold), and a drag
#      and drop by a real finger.
# Each is checked by the demo's log and screenshots (the compositor's under weston, the root
# window's under Xorg).
#
# usage: Examples/GTKDemo/run.sh [OUTPUT_DIR]
#   OUTPUT_DIR (default: a new temporary folder) gets weston/ and xorg/, each with screenshots
#   (PNG), the demo's output, the live delivery log, its recording and the replayed delivery log;
#   and the build logs.
#   HITKIT_PREFIX and HITKIT_COMMAND as for Examples/WaylandDemo/run-under-weston.sh.
# Exits 0 when every check passes, 1 when one fails, 2 when it cannot run (packages missing
# without root, a failed build, a server not starting).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
base=${1:-$(mktemp -d "${TMPDIR:-/tmp}/gtkdemo.XXXXXX")}
mkdir -p "$base"
base=$(cd "$base" && pwd)
out=$base
started=$(date +%s.%N)
wayland_demo=$root/Examples/WaylandDemo
# shellcheck source=../WaylandDemo/weston-session.sh
source "$wayland_demo/weston-session.sh"
# shellcheck source=../WaylandDemo/scene-checks.sh
source "$wayland_demo/scene-checks.sh"

install_packages "${weston_packages[@]}" libgtk-4-dev xserver-xorg-core xserver-xorg-video-dummy xserver-xorg-dev
if [ "$(id -u)" -ne 0 ]; then echo "Xorg with a config file outside /etc/X11 and input drivers needs root" >&2; exit 2; fi
build_wayland_demo
gtk_demo=$build/gtk_demo
# shellcheck disable=SC2046
if ! cc -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -I"$wayland_demo" \
        -DHITKIT_DEFAULT_SCENE="\"$wayland_demo/scenes/demo.json\"" -o "$gtk_demo" "$here/gtk_demo.c" \
        "$wayland_demo/host/keys.c" "$wayland_demo/host/scene_host.c" "$wayland_demo/host/interactions.c" \
        $(pkg-config --cflags --libs hitkit gtk4 xkbcommon) -lm 2>"$base/gtk-build.log"; then
    cat "$base/gtk-build.log" >&2; echo "building the GTK demo failed" >&2; exit 2
fi
echo "built $gtk_demo with: $(pkg-config --cflags --libs hitkit gtk4 | tr ' ' '\n' | grep -c .) flags of pkg-config hitkit gtk4"
echo "--- unit tests: the host units the GTK demo shares with the Wayland demo"
run_unit_tests
build_hitkit_command

demo_pid=
cleanup() {
    [ -n "$demo_pid" ] && kill "$demo_pid" 2>/dev/null && wait "$demo_pid" 2>/dev/null
    stop_weston
    [ -n "${xorg_pid:-}" ] && stop_xorg
}
trap cleanup EXIT

# Starts the GTK demo with GDK_BACKEND=$1, logging to $out, and waits for its first frame.
start_gtk_demo() { # backend
    log=$out/delivery.log
    recording=$out/recording.json
    env GDK_BACKEND="$1" GSK_RENDERER=cairo "$gtk_demo" --record "$recording" --exit-after 120 >"$log" 2>"$out/demo.stderr" &
    demo_pid=$!
    mark=0
    wait_for_log '^ready$' 20 || { echo "the GTK demo did not start:" >&2; cat "$out/demo.stderr" >&2; exit 1; }
    read_scene_frames
}

echo
echo "=== GTK4 under weston (GDK_BACKEND=wayland): real Wayland input through GTK's event controllers"
out=$base/weston
mkdir -p "$out"
check_bad_scenes "$gtk_demo"
start_weston 640 400
start_gtk_demo wayland
expect_log '^gdk backend GdkWaylandDisplay$'
check_scene_under_weston
stop_weston

echo
echo "=== GTK4 under Xorg (GDK_BACKEND=x11): real XInput 2 touches, smooth scrolling and an XI 2.4 pinch"
out=$base/xorg
mkdir -p "$out"
screen=640x400
# shellcheck source=../X11Demo/Xorg/xorg-session.sh
source "$root/Examples/X11Demo/Xorg/xorg-session.sh"
build_injector
start_xorg
# Screenshots of the root window here (GTK's undecorated window sits at the origin).
shot() { sleep 0.2; import -window root "$out/$1.png"; }
start_gtk_demo x11
expect_log '^gdk backend GdkX11Display$'

echo "--- a real touch taps the button (XI_TouchBegin, XI_TouchEnd)"
shot 01-button-before
expect_pixel 01-button-before $bcx $bcy $button_normal "button"
mark
touchscreen "touch begin 1 $bcx $bcy"
expect_log "^input [0-9.]+ touch [0-9]+ began $bcx,$bcy$"
expect_log '^button touchDown$'
shot 02-button-pressed
expect_pixel 02-button-pressed $bcx $bcy $button_highlighted "button under the finger"
touchscreen "touch end 1 $bcx $bcy"
expect_log '^button touchUpInside$'
expect_log '^log: win buttonTapped from button touchUpInside$'
# GTK emulates pointer events from the first touch; the canvas ignores them.
expect_no_log '^input .* pointer .* buttons 1 ' 0

echo "--- a real touch drags the green view 200 right and 10 down"
dcx=$((dx + dw / 2)) dcy=$((dy + dh / 2))
mark
touchscreen "touch begin 5 $dcx $dcy"
for step in $(seq 1 10); do touchscreen "touch update 5 $((dcx + 20 * step)) $((dcy + step))" "sleep 10"; done
touchscreen "touch end 5 $((dcx + 200)) $((dcy + 10))"
expect_log '^log: pan ended$'
expect_log "^draggable at $((dx + 200)),$((dy + 10))$"
shot 03-drag-after
expect_pixel 03-drag-after $((dcx + 200)) $((dcy + 10)) $draggable "the view where the finger left it"

echo "--- two real fingers pinch and turn the photo 1.5 times and 30 degrees"
mark
read -r x1 y1 x2 y2 <<<"$(finger_positions 0 12)"
touchscreen "touch begin 11 $x1 $y1" "touch begin 12 $x2 $y2"
for step in $(seq 1 12); do
    read -r x1 y1 x2 y2 <<<"$(finger_positions "$step" 12)"
    touchscreen "touch update 11 $x1 $y1" "touch update 12 $x2 $y2" "sleep 15"
done
touchscreen "touch end 11 $x1 $y1" "touch end 12 $x2 $y2"
expect_photo_followed_fingers 04-photo-after

echo "--- real smooth scrolling on the touchpad scrolls the list (XI 2 scroll valuators, as GTK reports them)"
shot 05-list-before
expect_pixel 05-list-before $lcx $ltop $row_even "row 0 at the top of the list"
touchpad "motion -4000 -4000" "motion $lcx $ltop"
mark
# Four steps of 30 valuator units, a quarter notch each (the valuator's increment is 120). GTK
# 4.8's X11 backend reports each as a whole wheel notch (GDK_SCROLL_UP or _DOWN, not smooth
# deltas), the first one upwards; the demo sends what GTK reports, a notch each.
for _ in 1 2 3 4; do touchpad "scroll 0 30" "sleep 20"; done
expect_log '^input [0-9.]+ scroll 0\.00,-40\.00 discrete$'
sleep 0.3
steps=$(since_mark | grep -cE '^input [0-9.]+ scroll 0\.00,-?40\.00 discrete$' || true)
if [ "$steps" -eq 4 ]; then pass "each of the 4 scroll steps reached HitKit as a discrete notch"
else fail "$steps discrete notches for 4 scroll steps: $(since_mark | grep '^input .* scroll' | tr '\n' ';')"; fi
expect_log '^log: list contentOffset 0\.0 80\.0$'
shot 06-list-scrolled
expect_region_changed 05-list-before 06-list-scrolled "$lx" "$ly" "$lw" "$lh" "list region after the scrolling"

echo "--- a real XI 2.4 touchpad pinch zooms the photo 1.2 times more and turns it 10 degrees more"
touchpad "motion -4000 -4000" "motion $pcx $pcy"
mark
touchpad "pinch begin 2 0 0 1 0"
for step in 1 2 3 4 5; do touchpad "pinch update 2 0 0 $(awk -v i=$step 'BEGIN { printf "%.4f", 1 + 0.2 * i / 5 }') 2" "sleep 15"; done
touchpad "pinch end 2 0 0 1.2 0"
expect_log "^input [0-9.]+ touchpad pinch began $pcx,$pcy scale 1.00 rotation 0.00 fingers 2$"
expect_log '^log: photoPinch ended$'
expect_log '^photo scale 1\.80 rotation 40\.00$'
shot 07-touchpad-pinch

echo "--- a real XI 2.4 touchpad pinch zooms the scroll view twice about the pointer (Behaviour A6.2)"
read -r zx zy zw zh <<<"$(frame_of zoomer)"
zcx=$((zx + zw / 2)) zcy=$((zy + zh / 2))
touchpad "motion -4000 -4000" "motion $zcx $zcy"
mark
touchpad "pinch begin 2 0 0 1 0"
for step in 1 2 3 4 5; do touchpad "pinch update 2 0 0 $(awk -v i=$step 'BEGIN { printf "%.4f", 1 + i / 5 }') 0" "sleep 15"; done
touchpad "pinch end 2 0 0 2 0"
expect_zoomed_twice 08-zoomed

echo "--- a real touch holds the card, drags it onto the tray and lifts: the tray takes a copy (Behaviour A11)"
read -r cx cy cw ch <<<"$(frame_of card)"
read -r rx ry rw rh <<<"$(frame_of tray)"
ccx=$((cx + cw / 2)) ccy=$((cy + ch / 2)) rcx=$((rx + rw / 2)) rcy=$((ry + rh / 2))
mark
touchscreen "touch begin 31 $ccx $ccy" "sleep 450"
expect_log '^log: cardDrag lift$'
for step in $(seq 1 8); do touchscreen "touch update 31 $((ccx + (rcx - ccx) * step / 8)) $ccy" "sleep 10"; done
touchscreen "touch end 31 $rcx $ccy"
expect_log '^log: trayDrop performDrop$'
expect_log '^log: cardDrag didEnd copy$'
shot 09-dropped
expect_pixel 09-dropped $rcx $rcy $dropped "the tray with its drop"

stop_demo_status=0
kill -TERM "$demo_pid"
wait "$demo_pid" || stop_demo_status=$?
demo_pid=
if [ "$stop_demo_status" -eq 0 ]; then pass "the GTK demo exited with status 0"; else fail "the GTK demo exited with status $stop_demo_status"; fi
if grep -q '^rejected' "$log"; then fail "the demo logged rejected input: $(grep '^rejected' "$log" | head -n 3)"; else pass "no input rejected"; fi
check_replay

echo
echo "logs and screenshots: $base/weston, $base/xorg"
echo "took $(awk -v from="$started" -v to="$(date +%s.%N)" 'BEGIN { printf "%.1f", to - from }') s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
