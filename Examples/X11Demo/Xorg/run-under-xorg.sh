#!/usr/bin/env bash
# Runs the X11 demo on a real, headless Xorg server (the dummy video driver) whose input devices
# are the `inputtest` driver's: a touchscreen and a touchpad. inject.c writes events to their
# sockets and the server turns them into real XInput 2 events, which XTEST (xdotool) cannot make:
# touches, smooth scrolling and touchpad gestures. Each interaction is checked by the demo's log
# and by screenshots.
#
# usage: Examples/X11Demo/Xorg/run-under-xorg.sh [OUTPUT_DIR]
#   OUTPUT_DIR (default: a new temporary folder) receives the screenshots (PNG), the demos'
#   delivery logs, the build logs, the injectors' logs and the Xorg log. The SDL demo runs on
#   the same server afterwards, on libhitkit installed into OUTPUT_DIR/prefix (HITKIT_PREFIX: one
#   already installed there). Exits 1 if any check fails, 2 if it cannot run (missing packages
#   without root, a failed build, no X server).
set -u

here=$(cd "$(dirname "$0")" && pwd)
demo_package=$(dirname "$here")
root=$(cd "$demo_package/../.." && pwd)
out=${1:-$(mktemp -d "${TMPDIR:-/tmp}/x11demo-xorg.XXXXXX")}
mkdir -p "$out"
out=$(cd "$out" && pwd)
started=$(date +%s.%N)
passed=0
failed=0
screen=640x400

pass() { passed=$((passed + 1)); echo "PASS $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# --- Packages: Xorg, its dummy video driver, the inputtest protocol header, Xlib and XInput
# headers, ImageMagick, a C compiler; installed only when missing. -------------------------
missing=()
command -v Xorg >/dev/null || missing+=(xserver-xorg-core)
[ -f /usr/lib/xorg/modules/drivers/dummy_drv.so ] || missing+=(xserver-xorg-video-dummy)
[ -f /usr/include/xorg/xf86-input-inputtest-protocol.h ] || missing+=(xserver-xorg-dev)
[ -f /usr/include/X11/Xlib.h ] || missing+=(libx11-dev)
[ -f /usr/include/X11/extensions/XInput2.h ] || missing+=(libxi-dev)
command -v import >/dev/null && command -v convert >/dev/null && command -v compare >/dev/null \
    || missing+=(imagemagick)
command -v cc >/dev/null || missing+=(gcc)
command -v pkg-config >/dev/null || missing+=(pkg-config)
pkg-config --exists sdl2 2>/dev/null || missing+=(libsdl2-dev)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "missing packages: ${missing[*]} (run as root, or: sudo apt-get install -y ${missing[*]})" >&2
        exit 2
    fi
    echo "installing ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null \
        || { echo "apt-get install failed" >&2; exit 2; }
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "Xorg with a config file outside /etc/X11 and input drivers needs root" >&2
    exit 2
fi

# --- Build the demo and the injector. --------------------------------------------------------
echo "building $demo_package"
demo=$(bash "$demo_package/build.sh" "$out/build.log") || exit 2
tail -n 1 "$out/build.log"
# shellcheck source=xorg-session.sh
source "$here/xorg-session.sh"
build_injector

# The SDL demo on the installed libhitkit, as Examples/SDLDemo/run-under-xvfb.sh builds it.
prefix=${HITKIT_PREFIX:-$out/prefix}
if [ -z "${HITKIT_PREFIX:-}" ]; then
    bash "$root/Scripts/install-c-library.sh" "$prefix" >"$out/install.log" 2>&1 \
        || { tail -n 20 "$out/install.log" >&2; echo "installing libhitkit failed" >&2; exit 2; }
fi
sdl_demo=$out/sdl_demo
# shellcheck disable=SC2046
if ! cc -std=c99 -Wall -Wextra -Werror -pedantic "$root/Examples/SDLDemo/sdl_demo.c" \
        $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs hitkit sdl2 x11) -lm -o "$sdl_demo" \
        2>"$out/sdl-build.log"; then
    cat "$out/sdl-build.log" >&2; echo "building the SDL demo failed" >&2; exit 2
fi

# --- Xorg on a free display with its inputtest devices and their injectors (xorg-session.sh). --
demo_pid=
cleanup() {
    [ -n "$demo_pid" ] && kill "$demo_pid" 2>/dev/null
    stop_xorg
}
trap cleanup EXIT
start_xorg

mark=0
mark() { mark=$(wc -l <"$log"); }
since_mark() { tail -n +"$((mark + 1))" "$log"; }
wait_for_log() { # pattern [seconds]
    local pattern=$1 limit=${2:-3} waited=0
    while ! since_mark | grep -Eq -- "$pattern"; do
        sleep 0.05
        waited=$((waited + 1))
        if [ "$waited" -ge $((limit * 20)) ]; then return 1; fi
    done
    return 0
}
expect_log() {
    if wait_for_log "$1" "${2:-3}"; then pass "log: $1"; else fail "log: no line matching '$1'"; fi
}
expect_no_log() { # pattern [seconds to wait for one]
    sleep "${2:-0.3}"
    if since_mark | grep -Eq -- "$1"; then fail "log: unexpected '$1'"; else pass "log: no '$1'"; fi
}

# Starts a demo writing its log to $1 (the command follows) and waits for its "ready".
start_demo() { # log command...
    log=$1
    shift
    "$@" >"$log" 2>"$log.stderr" &
    demo_pid=$!
    mark=0
    wait_for_log '^ready$' 20 || { echo "the demo did not start:" >&2; cat "$log.stderr" >&2; exit 1; }
}
# Checks that the demo rejected no input over its whole log, then stops it.
stop_demo() { # name
    if grep -q 'rejected' "$log"; then fail "the $1 demo logged rejected input"; else pass "no input rejected by the $1 demo"; fi
    kill "$demo_pid" 2>/dev/null
    wait "$demo_pid" 2>/dev/null
    demo_pid=
}

# --- The X11 demo, logging every input frame it sends, with a safety limit. ---------------
start_demo "$out/delivery.log" "$demo" --exit-after 60 --log-input
# Both devices have a horizontal and a vertical scroll valuator.
expect_log '^xinput 2\.4 touches, smooth scroll axes 4, gestures yes$'

frame() { grep "^layout $1 " "$log" | cut -d' ' -f3-; }
read -r bx by bw bh <<<"$(frame button)"
read -r dx dy dw dh <<<"$(frame draggable)"
read -r lx ly lw lh <<<"$(frame list)"
read -r px py pw ph <<<"$(frame photo)"

# Screenshots, pixel and region checks, and the palette, as run-under-xvfb.sh has them.
# shellcheck source=../screenshot-checks.sh
source "$demo_package/screenshot-checks.sh"

# A real touch down and up on the button's centre (bx by bw bh): the finger's log lines ($3 when
# it goes down, $4 when it lifts), the button's events, and its colour before, under the finger
# and after. Screenshots $1-before, $1-pressed, $1-released; $2 is the touch id.
touch_tap_button() { # name id began-pattern ended-pattern
    local bcx=$((bx + bw / 2)) bcy=$((by + bh / 2))
    shot "$1-before"
    expect_pixel "$1-before" $bcx $bcy $button_normal "button"
    mark
    touchscreen "touch begin $2 $bcx $bcy"
    expect_log "$3"
    expect_log '^button touchDown$'
    shot "$1-pressed"
    expect_pixel "$1-pressed" $bcx $bcy $button_highlighted "button under the finger"
    touchscreen "touch end $2 $bcx $bcy"
    expect_log "$4"
    expect_log '^button touchUpInside$'
    shot "$1-released"
    expect_pixel "$1-released" $bcx $bcy $button_normal "button after the finger lifted"
}

echo "--- a real touch taps the button"
touch_tap_button 01-touch-button 1 "^input [0-9.]+ touch [0-9]+ began $((bx + bw / 2)),$((by + bh / 2))$" \
    "^input [0-9.]+ touch [0-9]+ ended $((bx + bw / 2)),$((by + bh / 2))$"
# The server emulates the pointer from a touch only for clients that did not select touches.
expect_no_log '^input .* buttons \[1\]'

echo "--- a real touch drags the green view 200 right and 10 down"
dcx=$((dx + dw / 2)) dcy=$((dy + dh / 2))
shot 04-drag-before
expect_pixel 04-drag-before $dcx $dcy $draggable "draggable view"
mark
touchscreen "touch begin 5 $dcx $dcy"
for step in $(seq 1 10); do touchscreen "touch update 5 $((dcx + 20 * step)) $((dcy + step))" "sleep 10"; done
touchscreen "touch end 5 $((dcx + 200)) $((dcy + 10))"
expect_log '^draggable touchesBegan$'
expect_log '^pan began$'
# The pan cancels the view's own touches when it begins (cancelsTouchesInView).
expect_log '^draggable touchesCancelled$'
expect_log '^pan ended$'
expect_log "^draggable at $((dx + 200)),$((dy + 10))$"
shot 05-drag-after
expect_pixel 05-drag-after $((dcx + 200)) $((dcy + 10)) $draggable "the view where the finger left it"
expect_pixel 05-drag-after $dcx $dcy $background "where the view was"

# The photo's scroll view zoomed it (Behaviour A6.2) and its rotation recognizer turned it: the
# zoom began and ended, the rotation began, changed and ended, and the photo's scale and rotation
# were logged; sets $result (that line), $scale and $degrees.
expect_photo_gesture_ended() {
    local phase
    expect_log '^photo zoom began$'
    for phase in began changed ended; do expect_log "^photo rotation $phase\$"; done
    expect_log '^photo zoom ended '
    expect_log '^photo scale '
    result=$(since_mark | grep '^photo scale ' | tail -n 1)
    read -r scale degrees <<<"$(echo "$result" | awk '{ print $3, $5 }')"
}
# The scale the zoom last showed, as logged (`photo zoomScale 2.98`); sets $scale.
read_zoom_scale() { scale=$(since_mark | grep '^photo zoomScale ' | tail -n 1 | cut -d' ' -f3); }
# Points around the centre coloured as the photo at $scale and $degrees colours them.
expect_photo_colours() { # shot "dx dy"...
    local shot=$1 offset ox oy
    shift
    for offset in "$@"; do
        read -r ox oy <<<"$offset"
        expect_pixel "$shot" $((pcx + ox)) $((pcy + oy)) "$(expected_colour "$ox" "$oy")" "photo at centre+($ox,$oy), scale $scale"
    done
}

echo "--- a real two-finger pinch zooms the photo and turns it 30 degrees (its scroll view's pinch, Behaviour A6.2)"
pcx=$((px + pw / 2)) pcy=$((py + ph / 2))
shot 06-photo-before
expect_pixel 06-photo-before $((pcx - 40)) $((pcy - 20)) $photo_sky "photo sky"
expect_pixel 06-photo-before $((pcx - 40)) $((pcy + 30)) $photo_ground "photo ground"
expect_pixel 06-photo-before $((pcx + 110)) $pcy $background "right of the photo"
# Two fingers spreading 1.5 times while turning 30 degrees (finger_positions, screenshot-checks.sh).
mark
read -r x1 y1 x2 y2 <<<"$(finger_positions 0 12)"
touchscreen "touch begin 11 $x1 $y1" "touch begin 12 $x2 $y2"
for step in $(seq 1 12); do
    read -r x1 y1 x2 y2 <<<"$(finger_positions "$step" 12)"
    touchscreen "touch update 11 $x1 $y1" "touch update 12 $x2 $y2" "sleep 15"
done
touchscreen "touch end 11 $x1 $y1" "touch end 12 $x2 $y2"
expect_photo_gesture_ended
# The zoom measures the distance from the first one shifted by the 8 points the pinch took to
# begin (80 + 8), so the fingers' 1.5 times zoom 120/88 = 1.36 times.
if awk -v s="${scale:-0}" -v d="${degrees:-0}" 'BEGIN { exit !(s > 1.35 && s < 1.38 && d > 29.5 && d < 30.5) }'; then
    pass "the photo followed the fingers: $result"
else
    fail "the photo did not follow the fingers (120/88 times, 30 degrees): ${result:-no line}"
fi
shot 07-photo-after
# Points around the centre, coloured as the photo that HitKit's logged scale and rotation give
# would colour them: inside, mapped back to the untransformed photo, they are sky, ground or sun;
# all on the screen and clear of the other views (the draggable view ends at y 280).
expect_photo_colours 07-photo-after "-50 30" "-75 0" "75 -45" "-90 40" "15 10" "-15 -35" "75 10" "70 5"
rotated=$degrees

echo "--- two real fingers pinch the photo past its maximum zoom, 2.5; it bounces back when they lift (Behaviour A6.2)"
mark
# From 80 to 200 points apart: raw 1.36 · 200/88 = 3.1, shown stretched at 2.5 · (2 − 2.5/3.1) = 3.0.
touchscreen "touch begin 13 $((pcx - 40)) $pcy" "touch begin 14 $((pcx + 40)) $pcy"
for step in $(seq 1 10); do
    touchscreen "touch update 13 $((pcx - 40 - 6 * step)) $pcy" "touch update 14 $((pcx + 40 + 6 * step)) $pcy" "sleep 15"
done
expect_log '^photo zoom began$'
read_zoom_scale
degrees=$rotated
if awk -v s="${scale:-0}" 'BEGIN { exit !(s > 2.9 && s < 3.1) }'; then
    pass "the fingers held the zoom past its maximum: $scale"
else
    fail "the zoom under the fingers is ${scale:-missing}, not past the maximum (about 3.0)"
fi
shot 07a-zoom-mid-pinch
expect_photo_colours 07a-zoom-mid-pinch "30 -30" "-15 -25" "-70 40" "-85 0"
touchscreen "touch end 13 $((pcx - 100)) $pcy" "touch end 14 $((pcx + 100)) $pcy"
expect_log '^photo zoomScale [0-9.]+ bouncing$'
expect_log '^photo zoom ended 2\.50$' 3
scale=2.5
shot 07b-zoom-bounced
expect_region_changed 07a-zoom-mid-pinch 07b-zoom-bounced 0 250 215 150 "photo region after the bounce"
expect_photo_colours 07b-zoom-bounced "30 -10" "-15 10" "-65 20" "-85 10"

echo "--- real smooth scrolling on the touchpad scrolls the list, each step as it comes"
lcx=$((lx + lw / 2)) ltop=$((ly + 20))
shot 08-list-before
expect_pixel 08-list-before $lcx $ltop $row_even "row 0"
mark
# Relative motion with no acceleration: into the corner, then exactly onto the list.
touchpad "motion -4000 -4000" "motion $lcx $ltop"
expect_log "^input [0-9.]+ pointer $lcx,$ltop "
mark
# Four steps of 30 valuator units: one notch (120) in all, so the server also emulates one
# wheel button 5, which the demo must not send again.
for _ in 1 2 3 4; do touchpad "scroll 0 30" "sleep 20"; done
expect_log '^input [0-9.]+ scroll 0\.00,-10\.00 began$'
expect_log '^list pan began$'
expect_log '^list pan ended$'
# (The delegate logs each change; uniq in case a step moved nothing.)
offsets=$(since_mark | grep '^list contentOffset' | cut -d' ' -f3 | uniq | tr '\n' ' ')
if [ "$offsets" = "0,10 0,20 0,30 0,40 " ]; then
    pass "the list moved 10 points per step: $offsets"
else
    fail "list offsets after four steps of a quarter notch: $offsets (expected 0,10 0,20 0,30 0,40)"
fi
if since_mark | grep -Eq '^input .* scroll .*,-40\.00$'; then fail "an emulated wheel notch was sent too"; else pass "no emulated wheel notch sent"; fi
shot 09-list-scrolled
expect_pixel 09-list-scrolled $lcx $ltop $row_odd "row 1 at the top after one notch of smooth scrolling"

echo "--- a real touch drag flings the list: it goes on after the finger lifts, then comes to rest (Behaviour A6.1)"
# One finger up the list, 80 points in 8 steps 15 ms apart (about 650 points a second), lifting
# at once: the content keeps the drag's speed, decelerates, and here reaches its bottom and
# bounces. One injector call, so the server stamps the steps with the injector's own pace.
fling=("touch begin 31 $lcx $((ly + 160))")
for step in $(seq 1 8); do fling+=("sleep 15" "touch update 31 $lcx $((ly + 160 - 10 * step))"); done
fling+=("touch end 31 $lcx $((ly + 80))")
# The mid-flight shot needs the list still moving when it is taken. On a machine too busy for
# that the shot is late, and the list is scrolled back to where the fling started (to its top,
# where scrolling stops, then the four quarter notches above) and flung again.
for attempt in 1 2 3; do
    shot 10-fling-before
    mark
    touchscreen "${fling[@]}"
    import -window root "$out/11-fling-mid-flight.png" # at once: the motion lasts well under a second
    flick_again_after_late_shot "$attempt" "scrolling back to 0,40 and flinging again" || break
    mark
    touchpad "motion -4000 -4000" "motion $lcx $ltop" "scroll 0 -1200" "sleep 20"
    for _ in 1 2 3 4; do touchpad "scroll 0 30" "sleep 20"; done
    wait_for_log '^list pan ended$' || true
done
expect_log '^list pan began$'
expect_log '^list pan ended$'
expect_log '^list willBeginDecelerating$'
expect_log '^list didEndDecelerating$' 6
# The offsets logged after the frame that lifted the finger, up to the end of the motion.
after_lift=$(since_mark | awk '/^input [0-9.]+ touch [0-9]+ ended/ { lifted = 1; next }
    lifted && /^list didEndDecelerating$/ { exit } lifted && /^list contentOffset / { print $3 }' | uniq)
moves=$(echo "$after_lift" | grep -c .)
if [ "$moves" -ge 3 ]; then
    pass "the list kept moving after the lift: $moves offsets, $(echo "$after_lift" | head -n 1) … $(echo "$after_lift" | tail -n 1)"
else
    fail "the list did not keep moving after the lift: offsets after it '$(echo $after_lift)'"
fi
rest=$(echo "$after_lift" | tail -n 1)
mark
sleep 0.5
expect_no_log '^list contentOffset ' 0
expect_flung_to_rest 10-fling-before 11-fling-mid-flight 12-fling-at-rest 13-fling-still-at-rest "$lx" "$ly" "$lw" "$lh"
# The middle of the first whole row shown at the logged resting offset has that row's colour.
rest_y=${rest#*,}
first=$(((40 - rest_y % 40) % 40))
row=$(((rest_y + first) / 40))
if [ $((row % 2)) -eq 0 ]; then row_colour=$row_even; else row_colour=$row_odd; fi
expect_pixel 12-fling-at-rest $lcx $((ly + first + 20)) $row_colour "row $row at rest (offset $rest)"

echo "--- XI 2.4 touchpad gestures reach the client; swipes are only logged (A9 has none)"
mark
touchpad "swipe begin 3 0 0" "swipe update 3 12 -4" "swipe end 3 0 0"
expect_log '^xi swipe update fingers 3 at [0-9]+,[0-9]+ delta 12\.00,-4\.00$'
expect_log '^xi swipe end fingers 3 '
expect_no_log '^input .* touchpad '

echo "--- an XI 2.4 touchpad pinch on the photo zooms it 0.8 times and turns it 45 degrees anticlockwise through HitKit's recognizers"
mark
touchpad "motion -4000 -4000" "motion $pcx $pcy"
expect_log "^input [0-9.]+ pointer $pcx,$pcy "
mark
# The photo stands at 2.5 times, 30 degrees: it ends at 2.0 times, -15 degrees. The first scale
# that is not 1 begins the zoom, which then zooms 2.5 · 0.8 (Behaviour A6.2); each update's angle
# is a delta, so the three -15s add up.
touchpad "pinch begin 2 0 0 1.0 0" "sleep 20" "pinch update 2 2 1 0.9 -15" "sleep 20" "pinch update 2 1 1 0.8 -15" \
    "sleep 20" "pinch update 2 0 0 0.8 -15" "pinch end 2 0 0 0.8 0"
# A gesture is where the pointer is: the touchpad's motion left it on the photo.
expect_log "^xi pinch begin fingers 2 at $pcx,$pcy delta 0\.00,0\.00 scale 1\.00 angle 0\.00$"
expect_log "^input [0-9.]+ touchpad pinch began $pcx,$pcy scale 1\.00 rotation 0\.00 fingers 2$"
expect_log '^xi pinch update fingers 2 at [0-9]+,[0-9]+ delta 2\.00,1\.00 scale 0\.90 angle -15\.00$'
expect_log '^input [0-9.]+ touchpad pinch changed [0-9]+,[0-9]+ scale 0\.80 rotation -45\.00 fingers 2$'
expect_log '^input [0-9.]+ touchpad pinch ended [0-9]+,[0-9]+ scale 0\.80 rotation -45\.00 fingers 2$'
touch_degrees=$rotated
expect_photo_gesture_ended
# 0.8 times 2.5 and 45 degrees anticlockwise from where the touch pinch left it (logged to 0.01).
if awk -v s="${scale:-0}" -v d="${degrees:-0}" -v d0="$touch_degrees" \
    'BEGIN { ds = s - 2.0; dd = d - (d0 - 45); exit !(ds * ds < 0.0001 && dd * dd < 0.0001) }'; then
    pass "the touchpad pinch zoomed and turned the photo: $result (from 2.50, $touch_degrees)"
else
    fail "the touchpad pinch did not take the photo from 2.50, $touch_degrees to 2.00, 45 degrees less: ${result:-no line}"
fi
# No touch reached a view or a touch recognizer for it (Behaviour A9).
expect_no_log '^(input .* touch |draggable touches)' 0
shot 14-xi-pinch-after
# Points coloured as the logged scale and rotation say: sky and ground either side of the
# horizon, turned back.
expect_photo_colours 14-xi-pinch-after "-25 5" "-65 -15" "50 20" "10 40"
turned=$degrees

echo "--- an XI 2.4 touchpad pinch past the maximum zoom: stretched while it lasts, bounced back at its end (Behaviour A6.2)"
mark
# From 2.0: the first step begins the zoom, the next zooms 2.0 · 1.6 = 3.2, shown at
# 2.5 · (2 − 2.5/3.2) = 3.05; no turn (the rotation does not begin).
touchpad "pinch begin 2 0 0 1.0 0" "sleep 20" "pinch update 2 0 0 1.2 0" "sleep 20" "pinch update 2 0 0 1.6 0"
expect_log '^photo zoom began$'
expect_log '^photo zoomScale 3\.05$'
read_zoom_scale
degrees=$turned
shot 14a-xi-zoom-mid-pinch
expect_photo_colours 14a-xi-zoom-mid-pinch "-20 25" "-60 -45" "60 35" "30 40"
touchpad "pinch end 2 0 0 1.6 0"
expect_log '^photo zoomScale [0-9.]+ bouncing$'
expect_log '^photo zoom ended 2\.50$' 3
expect_no_log '^photo rotation (began|changed|ended)' 0
scale=2.5
shot 14b-xi-zoom-bounced
expect_region_changed 14a-xi-zoom-mid-pinch 14b-xi-zoom-bounced 0 250 215 150 "photo region after the bounce"
expect_photo_colours 14b-xi-zoom-bounced "-20 -5" "-65 20" "55 30" "20 45"

echo "--- a cancelled XI 2.4 pinch cancels the rotation and ends the zoom, and the photo is as it was"
mark
touchpad "pinch begin 2 0 0 1.0 0" "sleep 20" "pinch update 2 0 0 1.3 20"
# Both begin at the first step that scales and turns (Behaviour A9); the zoom zooms only from
# the next step on (A6.2), and the cancel comes first.
expect_log '^photo zoom began$'
expect_log '^photo rotation began$'
shot 15-xi-cancel-mid
touchpad "pinch end 2 0 0 1.3 0 cancelled"
expect_log '^xi pinch end fingers 2 .* cancelled$'
expect_log '^input [0-9.]+ touchpad pinch cancelled [0-9]+,[0-9]+ scale 1\.30 rotation 20\.00 fingers 2$'
expect_log '^photo rotation cancelled$'
expect_log '^photo gesture cancelled$'
expect_log '^photo zoom ended 2\.50$'
expect_log "^photo scale 2\.50 rotation ${turned//./\\.}\$"
expect_no_log '^photo (zoomScale|rotation ended)' 0
shot 16-xi-cancelled
# The photo's surroundings, clear of the draggable view (which ends at x 220, y 280).
photo_region="0 250 215 150"
expect_region_changed 14b-xi-zoom-bounced 15-xi-cancel-mid $photo_region "photo region while the pinch went on"
if [ "$(changed_pixels 14b-xi-zoom-bounced 16-xi-cancelled $photo_region)" = 0 ]; then
    pass "the cancelled pinch left the photo as it was before it"
else
    fail "the photo differs after the cancelled pinch"
fi

# Context menus, drag and drop on the two lists (Behaviour A11).
# shellcheck source=../lists-checks.sh
source "$demo_package/lists-checks.sh"
lists_with_a_finger

stop_demo X11

echo "--- SDL2 on the same server: real touches arrive as SDL finger events and reach HitKit"
start_demo "$out/sdl-delivery.log" env SDL_VIDEODRIVER=x11 "$sdl_demo" --exit-after 30
sleep 0.3 # let the first draw land
read -r bx by bw bh <<<"$(frame button)"
read -r tx ty tw th <<<"$(frame doubleTap)"
# SDL2's XInput 2 touches carry no pressure: it reports 1.
touch_tap_button 20-sdl-button 21 "^finger [0-9]+ touchesBegan $((bx + bw / 2)),$((by + bh / 2)) force 1\.00$" \
    "^finger [0-9]+ touchesEnded $((bx + bw / 2)),$((by + bh / 2)) "
mark
# Two fingers spreading on the double-tap target: SDL's multigesture reads them (logged only).
tcx=$((tx + tw / 2)) tcy=$((ty + th / 2))
touchscreen "touch begin 22 $((tcx - 20)) $tcy" "touch begin 23 $((tcx + 20)) $tcy"
for step in 1 2 3 4 5; do
    touchscreen "touch update 22 $((tcx - 20 - 4 * step)) $tcy" "touch update 23 $((tcx + 20 + 4 * step)) $tcy" "sleep 15"
done
touchscreen "touch end 22 $((tcx - 40)) $tcy" "touch end 23 $((tcx + 40)) $tcy"
expect_log '^finger [0-9]+ touchesMoved '
expect_log '^multigesture fingers 2 dtheta -?[0-9.]+ ddist 0\.[0-9]+$'
stop_demo SDL

echo
echo "delivery logs: $out/delivery.log, $out/sdl-delivery.log"
echo "screenshots: $out/*.png"
echo "took $(awk -v from="$started" -v to="$(date +%s.%N)" 'BEGIN { printf "%.1f", to - from }') s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
