# The checks of the shipped scene (scenes/demo.json) that the Wayland and GTK demos' runs make
# under weston with the hitkit-inject module (sourced after weston-session.sh, not run). Each
# check_ function drives the demo whose log is $log with real compositor input and checks its
# log and the compositor's screenshots; they run in the order check_scene_under_weston (at the
# end) gives, each starting from where the one before left the scene (the views moved, the list
# scrolled).
#
# Both demos print the same lines for the same scene (Examples/WaylandDemo/host/scene_host.h), so
# the checks are the same; only how each got there differs (its own mapping of Wayland's events,
# or GTK's).

# The scene host's colours beyond the X11 demo's palette (host/scene_host.c), as hex.
plain=506070 card=C05080 card_lifted=E080B0 drag_preview=F0A030 drop_target=40E080 dropped=2E8B8B
menu_item=303038 menu_item_highlighted=3070F0 menu_item_disabled=606068

# weston 10's keyboard repeat (wl_keyboard.repeat_info) without a config file.
weston_repeat_rate=40 weston_repeat_delay=400

# The scene's views' frames, from the demo's layout lines.
read_scene_frames() {
    read -r bx by bw bh <<<"$(frame_of button)"
    read -r hx hy hw hh <<<"$(frame_of hoverTarget)"
    read -r dx dy dw dh <<<"$(frame_of draggable)"
    read -r tx ty tw th <<<"$(frame_of doubleTapTarget)"
    read -r px py pw ph <<<"$(frame_of photo)"
    read -r lx ly lw lh <<<"$(frame_of list)"
    bcx=$((bx + bw / 2)) bcy=$((by + bh / 2))
    pcx=$((px + pw / 2)) pcy=$((py + ph / 2))
    lcx=$((lx + lw / 2)) ltop=$((ly + 20))
}

# The demo's window fills the 640x400 output: the scene's screen is the output's.
check_window_placed() {
    inject views
    if grep -q '^view 0 0 640 400$' "$out/inject.log"; then pass "the demo's window is at 0,0, 640x400"
    else fail "the demo's window: $(grep '^view' "$out/inject.log")"; fi
}

check_bad_scenes() { # demo command...
    echo "--- a missing or malformed scene: HitKit's located error, exit 2"
    status=0
    "$@" --scene "$out/no-such-scene.json" >/dev/null 2>"$out/missing-scene.stderr" || status=$?
    if [ "$status" -eq 2 ] && grep -q 'no-such-scene.json' "$out/missing-scene.stderr"; then pass "missing scene: exit 2, $(head -c 120 "$out/missing-scene.stderr")"
    else fail "missing scene: exit $status, $(cat "$out/missing-scene.stderr")"; fi
    printf '{ "windows": [ { "id": "w", "frame": [0, 0, 640] } ] }' >"$out/bad-scene.json"
    status=0
    "$@" --scene "$out/bad-scene.json" >/dev/null 2>"$out/bad-scene.stderr" || status=$?
    if [ "$status" -eq 2 ] && grep -q 'bad-scene.json' "$out/bad-scene.stderr" && grep -q 'windows\[0\]\.frame' "$out/bad-scene.stderr"; then
        pass "malformed scene: exit 2, $(cat "$out/bad-scene.stderr")"
    else
        fail "malformed scene: exit $status, $(cat "$out/bad-scene.stderr")"
    fi
}

check_idle() {
    echo "--- idle: with no input and no HitKit timer the loop sleeps"
    expect_asleep 1 "of idle"
}

check_button_tap() {
    echo "--- a finger taps the button (wl_touch down, frame, up)"
    shot 01-button-before
    expect_pixel 01-button-before $bcx $bcy $button_normal "button"
    mark
    send "touch down 0 $bcx $bcy" "touch frame"
    expect_log "^input [0-9.]+ touch [0-9]+ began $bcx,$bcy$"
    expect_log '^button touchDown$'
    shot 02-button-pressed
    expect_pixel 02-button-pressed $bcx $bcy $button_highlighted "button under the finger"
    send "touch up 0" "touch frame"
    expect_log "^input [0-9.]+ touch [0-9]+ ended $bcx,$bcy$"
    expect_log '^button touchUpInside$'
    expect_log '^log: win buttonTapped from button touchUpInside$'
    shot 03-button-released
    expect_pixel 03-button-released $bcx $bcy $button_normal "button after the finger lifted"
}

check_pointer() {
    echo "--- the pointer hovers, then clicks the button (wl_pointer motion, button, frame)"
    mark
    send "pointer motion $((hx + hw / 2)) $((hy + hh / 2))" "pointer frame"
    expect_log '^log: hover began$'
    shot 04-hover
    # Probes keep left of the pointer: a client may give it a cursor, which the compositor draws.
    expect_pixel 04-hover $((hx + hw / 2 - 30)) $((hy + hh / 2)) $hover_highlighted "hover target under the pointer"
    send "pointer motion $bcx $bcy" "pointer frame"
    expect_log '^log: hover ended$'
    send "pointer button left pressed" "pointer frame"
    expect_log "^input [0-9.]+ pointer $bcx,$bcy buttons 1 modifiers 0$"
    expect_log '^button touchDown$'
    send "pointer button left released" "pointer frame"
    expect_log '^button touchUpInside$'
    shot 05-hover-ended
    expect_pixel 05-hover-ended $((hx + hw / 2)) $((hy + hh / 2)) $hover_idle "hover target after the pointer left it"
}

check_double_tap() {
    echo "--- double tap: one tap fails when the loop wakes for HitKit's interval timer; two recognize"
    tcx=$((tx + tw / 2)) tcy=$((ty + th / 2))
    mark
    send "touch down 1 $tcx $tcy" "touch frame" "touch up 1" "touch frame"
    # No input follows: only sleeping until hk_app_next_deadline can make it fail.
    expect_log '^wake deadline '
    expect_log '^log: doubleTap failed$'
    sleep 0.3
    mark
    send "touch down 1 $tcx $tcy" "touch frame" "touch up 1" "touch frame"
    sleep 0.08
    send "touch down 1 $tcx $tcy" "touch frame" "touch up 1" "touch frame"
    expect_log '^log: doubleTap recognized$'
    shot 06-doubletap
    expect_pixel 06-doubletap $tcx $tcy $target_toggled "toggled target"
}

check_drag() {
    echo "--- a finger drags the green view 200 right and 10 down; a cancelled drag"
    dcx=$((dx + dw / 2)) dcy=$((dy + dh / 2))
    mark
    send "touch down 2 $dcx $dcy" "touch frame"
    for step in $(seq 1 10); do send "touch motion 2 $((dcx + 20 * step)) $((dcy + step))" "touch frame"; sleep 0.01; done
    send "touch up 2" "touch frame"
    expect_log '^log: draggable touchesBegan [0-9]+$'
    expect_log '^log: pan began$'
    expect_log '^log: draggable touchesCancelled [0-9]+$'
    expect_log '^log: pan ended$'
    expect_log "^draggable at $((dx + 200)),$((dy + 10))$"
    shot 07-drag-after
    expect_pixel 07-drag-after $((dcx + 200)) $((dcy + 10)) $draggable "the view where the finger left it"
    expect_pixel 07-drag-after $dcx $dcy $background "where the view was"
    mark
    send "touch down 3 $((dcx + 200)) $((dcy + 10))" "touch frame"
    for step in 1 2 3; do send "touch motion 3 $((dcx + 200 + 15 * step)) $((dcy + 10))" "touch frame"; sleep 0.01; done
    send "touch cancel"
    expect_log '^input [0-9.]+ touch [0-9]+ cancelled$'
    expect_log '^log: pan cancelled$'
}

check_touch_pinch() {
    echo "--- two fingers pinch and turn the photo 1.5 times and 30 degrees (wl_touch, two ids a frame)"
    shot 08-photo-before
    expect_pixel 08-photo-before $((pcx - 40)) $((pcy - 20)) $photo_sky "photo sky"
    expect_pixel 08-photo-before $((pcx - 40)) $((pcy + 30)) $photo_ground "photo ground"
    mark
    read -r x1 y1 x2 y2 <<<"$(finger_positions 0 12)"
    send "touch down 5 $x1 $y1" "touch down 6 $x2 $y2" "touch frame"
    for step in $(seq 1 12); do
        read -r x1 y1 x2 y2 <<<"$(finger_positions "$step" 12)"
        send "touch motion 5 $x1 $y1" "touch motion 6 $x2 $y2" "touch frame"
        sleep 0.01
    done
    send "touch up 5" "touch up 6" "touch frame"
    expect_photo_followed_fingers 09-photo-after
}

# After two fingers spread 1.5 times and turned 30 degrees on the photo (finger_positions, since
# the last mark): its recognizers began, changed and ended, the logged transform is the fingers',
# and screenshot SHOT shows the photo so (points around the centre, clear of the moved draggable
# view, coloured as that transform says).
expect_photo_followed_fingers() { # shot
    local phase offset ox oy
    for phase in began changed ended; do expect_log "^log: photoPinch $phase\$"; expect_log "^log: photoRotation $phase\$"; done
    expect_log '^photo scale '
    result=$(since_mark | grep '^photo scale ' | tail -n 1)
    read -r scale degrees <<<"$(echo "$result" | awk '{ print $3, $5 }')"
    if awk -v s="${scale:-0}" -v d="${degrees:-0}" 'BEGIN { exit !(s > 1.49 && s < 1.51 && d > 29.5 && d < 30.5) }'; then
        pass "the photo followed the fingers: $result"
    else
        fail "the photo did not follow the fingers (1.5 times, 30 degrees): ${result:-no line}"
    fi
    shot "$1"
    for offset in "125 0" "-105 0" "0 50" "95 45" "-95 -10" "100 -35" "40 -15" "0 -40" "-60 40"; do
        read -r ox oy <<<"$offset"
        expect_pixel "$1" $((pcx + ox)) $((pcy + oy)) "$(expected_colour "$ox" "$oy")" "photo at centre+($ox,$oy)"
    done
}

check_touchpad_pinch() {
    echo "--- a touchpad pinch (zwp_pointer_gestures_v1) zooms the photo 1.2 times more and turns it 10 degrees more"
    send "pointer motion $pcx $pcy" "pointer frame"
    mark
    send "pinch begin 2"
    for step in 1 2 3 4 5; do
        send "pinch update 0 0 $(awk -v i=$step 'BEGIN { printf "%.4f", 1 + 0.2 * i / 5 }') 2"
        sleep 0.01
    done
    send "pinch end"
    expect_log "^input [0-9.]+ touchpad pinch began $pcx,$pcy scale 1.00 rotation 0.00 fingers 2$"
    expect_log "^input [0-9.]+ touchpad pinch changed $pcx,$pcy scale 1.20 rotation 10.00 fingers 2$"
    expect_log '^log: photoPinch ended$'
    expect_log '^log: photoRotation ended$'
    expect_log '^photo scale 1\.80 rotation 40\.00$'
    shot 10-touchpad-pinch
    scale=1.8 degrees=40
    for offset in "150 0" "-120 0" "0 60" "0 -60" "60 -30"; do
        read -r ox oy <<<"$offset"
        expect_pixel 10-touchpad-pinch $((pcx + ox)) $((pcy + oy)) "$(expected_colour "$ox" "$oy")" "photo at centre+($ox,$oy)"
    done
    echo "--- a cancelled touchpad pinch puts the photo back"
    mark
    send "pinch begin 2" "pinch update 0 0 0.7 -15"
    expect_log '^log: photoPinch began$'
    shot 11-pinch-cancel-mid
    send "pinch end cancelled"
    expect_log "^input [0-9.]+ touchpad pinch cancelled $pcx,$pcy scale 0.70 rotation -15.00 fingers 2$"
    expect_log '^log: photoPinch cancelled$'
    expect_log '^photo scale 1\.80 rotation 40\.00$'
    shot 12-pinch-cancelled
    photo_region="0 180 330 220"
    expect_region_changed 10-touchpad-pinch 11-pinch-cancel-mid $photo_region "photo region while the pinch went on"
    if [ "$(changed_pixels 10-touchpad-pinch 12-pinch-cancelled $photo_region)" = 0 ]; then
        pass "the cancelled pinch left the photo as it was before it"
    else
        fail "the photo differs after the cancelled pinch"
    fi
}

check_swipe() {
    echo "--- a touchpad swipe is reported, not sent to HitKit (Behaviour A9 has none)"
    mark
    send "swipe begin 3" "swipe update 10 0" "swipe update 20 0" "swipe end"
    expect_log '^swipe begin fingers 3 delta 0\.00,0\.00$'
    expect_log '^swipe end fingers 3 delta 30\.00,0\.00$'
    expect_no_log '^input .* touchpad' 0
}

check_scrolling() {
    echo "--- a wheel notch scrolls the list by 40 points (axis_source wheel, axis_discrete, axis)"
    send "pointer motion $lcx $ltop" "pointer frame"
    shot 13-list-before
    expect_pixel 13-list-before $((lcx - 30)) $ltop $row_even "row 0 at the top of the list"
    mark
    send "pointer axis-source wheel" "pointer axis vertical 10 discrete 1" "pointer frame"
    expect_log '^input [0-9.]+ scroll 0\.00,-40\.00 discrete$'
    expect_log '^log: list contentOffset 0\.0 40\.0$'
    shot 14-list-wheel
    expect_pixel 14-list-wheel $((lcx - 30)) $ltop $row_odd "row 1 at the top after one notch"

    echo "--- a touchpad scroll moves it back 20 points (axis_source finger, axis, axis_stop)"
    mark
    for _ in 1 2 3 4; do send "pointer axis-source finger" "pointer axis vertical -5" "pointer frame"; sleep 0.02; done
    send "pointer axis-source finger" "pointer axis-stop vertical" "pointer frame"
    expect_log '^input [0-9.]+ scroll 0\.00,5\.00 began$'
    expect_log '^input [0-9.]+ scroll 0\.00,5\.00 changed$'
    expect_log '^input [0-9.]+ scroll 0\.00,0\.00 ended$'
    shot 15-list-finger-scroll
    expect_region_changed 14-list-wheel 15-list-finger-scroll "$lx" "$ly" "$lw" "$lh" "list region after the touchpad scroll"
}

# A flick of 300 points, up (towards the list's end) or down (towards its top), starting near the
# list's bottom or top edge.
flick_list() { # up|down
    local from=$((ly + lh - 10)) by=-50
    if [ "$1" = down ]; then from=$((ly + 10)) by=50; fi
    send "touch down 7 $lcx $from" "touch frame"
    for step in 1 2 3 4 5 6; do send "touch motion 7 $lcx $((from + step * by))" "touch frame"; sleep 0.008; done
    send "touch up 7" "touch frame"
}
# Whether the list may already have looked at rest when the mid-flight shot was taken: its log
# since the mark says it came to rest, or its last offset is within a point of the rest at 440.
mid_flight_shot_late() {
    since_mark | awk '/^log: list didEndDecelerating$/ { late = 1 }
        /^log: list contentOffset / { offset = $5 }
        END { exit !(late || (offset != "" && offset - 440 < 1 && 440 - offset < 1)) }'
}

check_flick_and_hold() {
    echo "--- a finger flicks the list: it decelerates, bounces at its end and comes to rest (Behaviour A6.1)"
    # The mid-flight shot needs the list still moving when the compositor takes it. On a machine
    # too busy for that the shot is late, and the flick is made again from the list's top.
    local attempt
    for attempt in 1 2 3; do
        shot 16-flick-before
        mark
        flick_list up
        shot 17-flick-mid-flight
        mid_flight_shot_late || break
        [ "$attempt" -lt 3 ] || break
        echo "    (the mid-flight shot was late, at or near the rest: flicking back to the top and again)"
        wait_for_log '^log: list didEndDecelerating$' 5 || true
        mark
        flick_list down
        wait_for_log '^log: list didEndDecelerating$' 5 || true
    done
    expect_log '^log: list willBeginDragging$'
    expect_log '^log: list didEndDragging true$'
    expect_log '^log: list willBeginDecelerating$'
    expect_log '^list past its end$' 3
    expect_log '^log: list didEndDecelerating$' 5
    # It springs back to its end: the content's 800 points less the list's 360.
    rest=$(since_mark | grep '^log: list contentOffset ' | tail -n 1)
    if [ "$rest" = "log: list contentOffset 0.0 440.0" ]; then pass "at rest at its end: $rest"
    else fail "at rest at its end (0.0 440.0): ${rest:-no offset line}"; fi
    expect_flung_to_rest 16-flick-before 17-flick-mid-flight 18-flick-at-rest 19-flick-still-at-rest "$lx" "$ly" "$lw" "$lh"
    expect_asleep 1 "once the list is at rest"

    echo "--- a touchpad hold stops the list while it moves (zwp_pointer_gesture_hold_v1, Behaviour A9)"
    mark
    send "touch down 8 $lcx $((ly + 10))" "touch frame"
    for step in 1 2 3 4 5 6; do send "touch motion 8 $lcx $((ly + 10 + step * 30))" "touch frame"; sleep 0.008; done
    send "touch up 8" "touch frame"
    expect_log '^log: list willBeginDecelerating$'
    send "hold begin 2" "hold end"
    expect_log "^input [0-9.]+ touchpad hold began $lcx,$ltop fingers 2$"
    expect_log "^input [0-9.]+ touchpad hold ended $lcx,$ltop fingers 2$"
    shot 20-held
    shot 21-still-held
    if [ "$(changed_pixels 20-held 21-still-held "$lx" "$ly" "$lw" "$lh")" = 0 ]; then pass "the hold stopped the list"; else fail "the list still moves after the hold"; fi
    # Motion a hold stops ends without didEndDecelerating (Behaviour A6.1's delegate).
    expect_no_log '^log: list didEndDecelerating' 0
}

check_keys() {
    echo "--- Tab through wl_keyboard (xkbcommon keymap): the window's focus system focuses the button"
    shot 22-keys-before
    mark
    send "key 15 pressed" "key 15 released"
    expect_log '^key down Tab code 43 characters "\\t" ignoring "\\t" modifiers -$'
    expect_log '^input [0-9.]+ key down 43 modifiers 0$'
    expect_log '^log: win pressesBegan 43$'
    expect_log '^log: focus button$'
    expect_log '^key up Tab code 43 characters "\\t" ignoring "\\t" modifiers -$'
    expect_log '^log: win pressesEnded 43$'
    shot 23-focus-button
    expect_pixel 22-keys-before $((bx - 2)) $bcy $background "left of the button before Tab"
    expect_pixel 23-focus-button $((bx - 2)) $bcy $focus_ring "focus ring left of the button"
    expect_pixel 23-focus-button $bcx $((by + bh + 1)) $focus_ring "focus ring under the button"
    expect_pixel 23-focus-button $bcx $bcy $button_normal "the button inside its ring"

    echo "--- Return presses the focused button"
    mark
    send "key 28 pressed" "key 28 released"
    expect_log '^key down Enter code 40 characters "\\r" ignoring "\\r" modifiers -$'
    expect_log '^button touchUpInside$'
    expect_log '^button primaryActionTriggered$'
    expect_log '^log: win buttonTapped from button touchUpInside$'

    echo "--- Tab moves focus to the double-tap target; Shift-Tab (wl_keyboard.modifiers) back to the button"
    mark
    send "key 15 pressed" "key 15 released"
    expect_log '^log: focus doubleTapTarget$'
    shot 24-focus-target
    expect_pixel 24-focus-target $((tx - 2)) $((ty + th / 2)) $focus_ring "focus ring left of the double-tap target"
    expect_pixel 24-focus-target $((bx - 2)) $bcy $background "no ring left of the button"
    mark
    send "key 42 pressed" "key 15 pressed" "key 15 released" "key 42 released"
    expect_log '^key down ShiftLeft code 225 characters "" ignoring "" modifiers shift$'
    expect_log '^key down Tab code 43 characters "\\t" ignoring "\\t" modifiers shift$'
    expect_log '^input [0-9.]+ key down 43 modifiers 2$'
    expect_log '^log: focus button$'
    expect_log '^key up ShiftLeft code 225 characters "" ignoring "" modifiers shift$'
    shot 25-focus-back
    expect_pixel 25-focus-back $((bx - 2)) $bcy $focus_ring "focus ring back on the button"

    echo "--- keys nothing takes are the host's: shifted A, the up arrow (no item above the button)"
    mark
    send "key 42 pressed" "key 30 pressed" "key 30 released" "key 42 released"
    expect_log '^key down KeyA code 4 characters "A" ignoring "a" modifiers shift$'
    expect_log '^key unhandled 4$'
    send "key 103 pressed" "key 103 released"
    expect_log '^key down ArrowUp code 82 characters "UIKeyInputUpArrow" ignoring "UIKeyInputUpArrow" modifiers -$'
    expect_log '^key unhandled 82$'

    echo "--- Control-R, the window's key command, puts the dragged view back"
    mark
    send "key 29 pressed" "key 19 pressed" "key 19 released" "key 29 released"
    expect_log '^key down KeyR code 21 characters ".*" ignoring "r" modifiers control$'
    expect_log '^log: win putBack from keyCommand control\+r$'
    expect_log '^draggable put back$'
    shot 26-put-back
    expect_pixel 26-put-back $((dx + dw / 2)) $((dy + dh / 2)) $draggable "the dragged view back where the scene put it"
    expect_pixel 26-put-back $((dx + dw / 2 + 200)) $((dy + dh / 2 + 10)) $background "where it had been dragged"

    echo "--- a held key repeats at wl_keyboard.repeat_info's rate after its delay, and stops when released"
    rate=$weston_repeat_rate delay=$weston_repeat_delay
    mark
    send "key 30 pressed"
    sleep "$(awk -v d="$delay" 'BEGIN { print (d + 300) / 1000 }')"
    send "key 30 released"
    expect_log '^key up KeyA '
    repeats=$(since_mark | grep -c '^key repeat KeyA ' || true)
    # About 300 ms of repeating at $rate a second: late wake-ups catch up, and a slow release adds a few.
    if [ "$repeats" -ge 3 ] && [ "$repeats" -le $((rate * 6 / 10)) ]; then pass "$repeats repeats in about 300 ms at $rate a second"
    else fail "$repeats repeats in about 300 ms at $rate a second"; fi
    downs=$(since_mark | grep -c '^input [0-9.]* key down 4 ' || true)
    if [ "$downs" -eq $((repeats + 1)) ]; then pass "HitKit got the down and each repeat as a down ($downs)"
    else fail "HitKit got $downs downs for 1 down and $repeats repeats"; fi
    mark
    sleep 0.3
    if since_mark | grep -q '^key repeat'; then fail "repeats after the key was released"; else pass "no repeat after the release"; fi

    echo "--- the keyboard leaving the surface cancels the key held (wl_keyboard.leave): pressesCancelled"
    mark
    send "key 30 pressed" "keyboard focus off"
    expect_log '^key down KeyA '
    expect_log '^log: win pressesBegan 4$'
    expect_log '^key cancelled KeyA code 4 '
    expect_log '^input [0-9.]+ key cancelled 4 modifiers 0$'
    expect_log '^log: win pressesCancelled 4$'
    send "key 30 released" "keyboard focus on"
    sleep "$(awk -v d="$delay" 'BEGIN { print (d + 100) / 1000 }')"
    expect_no_log '^key (up|repeat) KeyA' 0
    expect_no_log '^log: win pressesEnded 4$' 0

    echo "--- a key already down when the surface gets the keyboard (wl_keyboard.enter) makes no press, nor its release"
    mark
    send "keyboard focus off" "key 31 pressed" "keyboard focus on" "key 31 released"
    sleep 0.2
    expect_no_log '^key (down|up) KeyS' 0
    expect_no_log '^log: win presses[A-Za-z]* 22$' 0
    if since_mark | grep -q '^rejected'; then fail "the release of a key pressed elsewhere was sent"; else pass "nothing sent for a key pressed elsewhere"; fi
}

# The colour at screen point x,y of the zoomer's photo, zoomed $zoom times and scrolled to
# $zoom_x,$zoom_y (its logged zoomScale and contentOffset): the pixel's centre mapped back into the photo.
zoomed_colour() { # x y
    awk -v x="$1" -v y="$2" -v s="$zoom" -v ox="$zoom_x" -v oy="$zoom_y" -v fx="$zx" -v fy="$zy" -v w="$zw" -v h="$zh" \
        -v sky=$photo_sky -v ground=$photo_ground -v sun=$photo_sun 'BEGIN {
        u = (x + 0.5 - fx + ox) / s; v = (y + 0.5 - fy + oy) / s
        if (u >= 0.7 * w && u <= 0.86 * w && v >= 0.12 * h && v <= 0.38 * h) { print sun; exit }
        print (v < 0.6 * h ? sky : ground) }'
}

# The zoomer's zoomScale and contentOffset as last logged: $zoom, $zoom_x, $zoom_y.
read_zoom() {
    zoom=$(grep '^log: zoomer zoomScale ' "$log" | tail -n 1 | cut -d' ' -f4)
    read -r zoom_x zoom_y <<<"$(grep '^log: zoomer contentOffset ' "$log" | tail -n 1 | cut -d' ' -f4-)"
    zoom=${zoom:-1} zoom_x=${zoom_x:-0} zoom_y=${zoom_y:-0}
}

expect_zoomed_photo() { # shot
    local offset ox oy
    # Points at least 4 pixels from an edge of the sun or the horizon at both scales (GTK's cairo
    # blends edge pixels), and clear of the pointer at the centre (GTK draws a cursor).
    for offset in "-50 -50" "40 -30" "-30 5" "-50 20" "55 55" "20 -40" "60 -50" "-20 40"; do
        read -r ox oy <<<"$offset"
        expect_pixel "$1" $((zcx + ox)) $((zcy + oy)) "$(zoomed_colour $((zcx + ox)) $((zcy + oy)))" \
            "zoomed photo (scale $zoom, offset $zoom_x,$zoom_y) at centre+($ox,$oy)"
    done
}

# After a touchpad pinch to 2 with the pointer at the zoomer's centre: the zoom began and ended
# at 2, about the pointer — the content point under it stays, so the offset is half the bounds (a
# scale of 2 doubles the 70 points from the corner to the centre) — and screenshot SHOT shows it.
expect_zoomed_twice() { # shot
    expect_log '^log: zoomer willBeginZooming$'
    expect_log '^log: zoomer didEndZooming 2\.0$'
    read_zoom
    if [ "$zoom $zoom_x $zoom_y" = "2.0 70.0 70.0" ]; then pass "zoomScale 2.0 at offset 70.0 70.0"
    else fail "zoomScale $zoom at offset $zoom_x $zoom_y, expected 2.0 at 70.0 70.0"; fi
    shot "$1"
    expect_zoomed_photo "$1"
}

check_zoom() {
    read -r zx zy zw zh <<<"$(frame_of zoomer)"
    zcx=$((zx + zw / 2)) zcy=$((zy + zh / 2))
    echo "--- a touchpad pinch (zwp_pointer_gestures_v1) zooms the scroll view twice about the pointer (Behaviour A6.2)"
    send "pointer motion $zcx $zcy" "pointer frame"
    shot 27-zoom-before
    zoom=1 zoom_x=0 zoom_y=0
    expect_zoomed_photo 27-zoom-before
    mark
    send "pinch begin 2"
    for step in 1 2 3 4 5; do send "pinch update 0 0 $(awk -v i=$step 'BEGIN { printf "%.4f", 1 + i / 5 }') 0"; sleep 0.01; done
    send "pinch end"
    expect_zoomed_twice 28-zoomed

    echo "--- two fingers pinch it in past its minimum: the scale stretches, then bounces back to 1 (wl_touch)"
    mark
    send "touch down 20 $((zcx - 45)) $zcy" "touch down 21 $((zcx + 45)) $zcy" "touch frame"
    for step in $(seq 1 8); do
        send "touch motion 20 $((zcx - 45 + 5 * step)) $zcy" "touch motion 21 $((zcx + 45 - 5 * step)) $zcy" "touch frame"
        sleep 0.01
    done
    send "touch up 20" "touch up 21" "touch frame"
    expect_log '^log: zoomer willBeginZooming$'
    expect_log '^log: zoomer zoomScale 0\.[0-9]+$'
    expect_log '^log: zoomer didEndZooming 1\.0$' 3
    read_zoom
    if [ "$zoom" = "1.0" ]; then pass "the scale bounced back to its minimum, 1.0"; else fail "the scale is $zoom after the bounce"; fi
    shot 29-zoom-bounced
    expect_zoomed_photo 29-zoom-bounced
    if [ "$(changed_pixels 27-zoom-before 29-zoom-bounced "$zx" "$zy" "$zw" "$zh")" = 0 ]; then
        pass "the photo is as it was before the zooms"
    else
        fail "the photo differs from before the zooms"
    fi
}

check_context_menu() {
    hcx=$((hx + hw / 2)) hcy=$((hy + hh / 2))
    echo "--- a secondary click on the hover target opens its menu at once, drawn at the scene's item frames (Behaviour A11)"
    mark
    send "pointer motion $hcx $hcy" "pointer frame" "pointer button right pressed" "pointer frame"
    expect_log '^log: hoverMenu configuration 70\.0 30\.0$'
    expect_log '^log: hoverMenu willDisplay$'
    send "pointer button right released" "pointer frame"
    shot 30-menu-open
    expect_pixel 30-menu-open 200 105 $menu_item "the enabled item"
    expect_pixel 30-menu-open 200 135 $menu_item_disabled "the disabled item"
    echo "--- Escape dismisses it before any responder sees the key"
    mark
    send "key 1 pressed" "key 1 released"
    expect_log '^log: hoverMenu willEnd$'
    expect_no_log '^log: win pressesBegan 41$' 0
    shot 31-menu-dismissed
    expect_pixel 31-menu-dismissed 200 105 $background "where the menu was"

    echo "--- a drag of the green view, then a finger's long press on the hover target, slid onto the item and lifted, puts it back"
    dcx=$((dx + dw / 2)) dcy=$((dy + dh / 2))
    mark
    send "touch down 22 $dcx $dcy" "touch frame"
    for step in 1 2 3 4 5; do send "touch motion 22 $((dcx + 20 * step)) $dcy" "touch frame"; sleep 0.01; done
    send "touch up 22" "touch frame"
    expect_log "^draggable at $((dx + 100)),$dy\$"
    mark
    send "touch down 23 $hcx $hcy" "touch frame"
    expect_log '^log: hoverMenu willDisplay$' 2
    shot 32-menu-by-touch
    expect_pixel 32-menu-by-touch 300 105 $menu_item "the enabled item, shown by the long press"
    send "touch motion 23 $hcx 95" "touch frame" "touch motion 23 250 105" "touch frame"
    expect_log '^log: hoverMenu highlight putBackItem$'
    shot 33-menu-highlighted
    expect_pixel 33-menu-highlighted 200 105 $menu_item_highlighted "the item under the finger, highlighted"
    send "touch up 23" "touch frame"
    expect_log '^log: hoverMenu willEnd$'
    expect_log '^log: win putBack from hoverMenu putBackItem$'
    expect_log '^draggable put back$'
    shot 34-menu-performed
    expect_pixel 34-menu-performed $dcx $dcy $draggable "the green view back where the scene put it"
    expect_pixel 34-menu-performed 200 105 $background "the menu gone"
}

check_drag_and_drop() {
    read -r cx cy cw ch <<<"$(frame_of card)"
    read -r rx ry rw rh <<<"$(frame_of tray)"
    ccx=$((cx + cw / 2)) ccy=$((cy + ch / 2)) rcx=$((rx + rw / 2)) rcy=$((ry + rh / 2))
    echo "--- a finger holds the card: it lifts; dragged onto the tray, the tray takes a copy (Behaviour A11)"
    shot 35-drag-before
    expect_pixel 35-drag-before $ccx $ccy $card "the card"
    expect_pixel 35-drag-before $rcx $rcy $plain "the tray"
    mark
    send "touch down 24 $ccx $ccy" "touch frame"
    expect_log '^log: cardDrag itemsForBeginning 1$' 2
    expect_log '^log: cardDrag lift$' 2
    shot 36-lifted
    expect_pixel 36-lifted $ccx $ccy $card_lifted "the card, lifted"
    # Onto the tray's top left quarter: the preview (the card's size, centred on the finger) leaves
    # the tray's bottom right corner in view.
    for step in $(seq 1 8); do
        send "touch motion 24 $((ccx + (rx + 10 - ccx) * step / 8)) $((ccy + (ry + 10 - ccy) * step / 8))" "touch frame"
        sleep 0.01
    done
    expect_log '^log: cardDrag sessionWillBegin$'
    expect_log '^log: trayDrop canHandle true$'
    expect_log '^log: trayDrop enter$'
    expect_log '^log: trayDrop update copy$'
    shot 37-over-the-tray
    # The preview, the card's size under the finger, over the tray: the tray shows around it.
    expect_pixel 37-over-the-tray $((rx + 10)) $((ry + 10)) $drag_preview "the preview under the finger"
    expect_pixel 37-over-the-tray $((rx + rw - 3)) $((ry + rh - 3)) $drop_target "the tray, targeted, beside the preview"
    send "touch up 24" "touch frame"
    expect_log '^log: trayDrop performDrop$'
    expect_log '^log: cardDrag didEnd copy$'
    expect_log '^log: trayDrop sessionDidEnd$'
    shot 38-dropped
    expect_pixel 38-dropped $rcx $rcy $dropped "the tray with its drop"
    expect_pixel 38-dropped $ccx $ccy $card "the card where it was"

    echo "--- a click dragged past 3 points lifts at once; released outside any target, it is cancelled"
    mark
    send "pointer motion $ccx $ccy" "pointer frame" "pointer button left pressed" "pointer frame"
    for step in 1 2 3 4; do send "pointer motion $ccx $((ccy - 12 * step))" "pointer frame"; sleep 0.01; done
    expect_log '^log: cardDrag lift$'
    expect_log '^log: cardDrag sessionWillBegin$'
    send "pointer button left released" "pointer frame"
    expect_log '^log: cardDrag didEnd cancel$'
    expect_no_log '^log: trayDrop' 0
}

check_module_errors() {
    echo "--- the module answers a malformed command with an error line and goes on"
    status=0
    inject "tap 10 10" || status=$?
    if [ "$status" -eq 1 ] && tail -n 1 "$out/inject.log" | grep -q "^error: unknown command 'tap'"; then pass "unknown command: $(tail -n 1 "$out/inject.log")"
    else fail "unknown command: status $status, $(tail -n 1 "$out/inject.log")"; fi
    status=0
    inject "pinch update 0 0 1.5 10" || status=$?
    if [ "$status" -eq 1 ] && tail -n 1 "$out/inject.log" | grep -q '^error: no pinch under way'; then pass "pinch update without a begin: $(tail -n 1 "$out/inject.log")"
    else fail "pinch update without a begin: status $status, $(tail -n 1 "$out/inject.log")"; fi
    status=0
    inject "touch down 1 nan 5" || status=$?
    if [ "$status" -eq 1 ] && tail -n 1 "$out/inject.log" | grep -q 'not two finite numbers'; then pass "a touch at NaN: $(tail -n 1 "$out/inject.log")"
    else fail "a touch at NaN: status $status"; fi
    if inject views && tail -n 1 "$out/inject.log" | grep -q '^ok$'; then pass "the module goes on after the errors"; else fail "the module stopped answering"; fi
}

check_quit() {
    echo "--- quit: SIGTERM ends the loop, the recording is closed"
    kill -TERM "$demo_pid"
    if wait "$demo_pid"; then pass "demo exited with status 0"; else fail "demo exited with status $?"; fi
    demo_pid=
    expect_log '^quit \(signal\)$' 1
    if grep -q '^rejected' "$log"; then fail "the demo logged rejected input: $(grep '^rejected' "$log" | head -n 3)"; else pass "no input rejected"; fi
    if [ -s "$out/demo.stderr" ]; then echo "demo stderr:"; cat "$out/demo.stderr"; fi
}

# Replays the demo's recording ($recording) with `hitkit replay` ($hitkit): the delivery log of
# the frames the demo recorded, with the views it moved as edits, must be the very log the demo
# printed live (its `log: ` lines), line for line.
check_replay() {
    echo "--- the delivery log (Behaviour B6) printed live equals hitkit replay of the frames the demo recorded"
    if "$hitkit" replay "$recording" >"$out/replayed.log" 2>"$out/replay.stderr"; then
        pass "the recording replays ($(grep -c '"t"' "$recording") steps, $(wc -l <"$out/replayed.log") log lines)"
    else
        fail "hitkit replay: $(head -n 5 "$out/replay.stderr")"
    fi
    if grep -q '^!' "$out/replayed.log"; then fail "the replay rejected input: $(grep '^!' "$out/replayed.log" | head -n 3)"; else pass "the replay rejected nothing"; fi
    sed -n 's/^log: //p' "$log" >"$out/live.log"
    # A scene's live log (hk_scene_set_log_callback) has no `key N unhandled` lines: `hitkit
    # replay` writes those itself, from what each key frame returned. The demo has the same
    # answers from hk_app_send_key_frame's outcomes (its `key unhandled N` lines): they must match.
    grep -v '^key [0-9]* unhandled$' "$out/replayed.log" >"$out/replayed-keys-handled.log"
    if [ -s "$out/live.log" ] && diff "$out/live.log" "$out/replayed-keys-handled.log" >"$out/live-replayed.diff"; then
        pass "the live log equals the replayed one ($(wc -l <"$out/live.log") lines; the replay's unhandled keys aside)"
    else
        fail "the live log ($(wc -l <"$out/live.log") lines) differs from the replayed one (see $out/live-replayed.diff)"
    fi
    replay_unhandled=$(sed -n 's/^key \([0-9]*\) unhandled$/\1/p' "$out/replayed.log" | tr '\n' ' ')
    demo_unhandled=$(sed -n 's/^key unhandled //p' "$log" | tr '\n' ' ')
    if [ "$replay_unhandled" = "$demo_unhandled" ]; then pass "the keys the replay logs unhandled are the demo's: ${demo_unhandled:-none}"
    else fail "unhandled keys: the replay's ${replay_unhandled:-none}, the demo's ${demo_unhandled:-none}"; fi
}

# Every check above, in order, for a demo that has just printed "ready" under weston.
check_scene_under_weston() {
    check_window_placed
    read_scene_frames
    check_idle
    check_button_tap
    check_pointer
    check_double_tap
    check_drag
    check_touch_pinch
    check_touchpad_pinch
    check_swipe
    check_scrolling
    check_flick_and_hold
    check_keys
    check_zoom
    check_context_menu
    check_drag_and_drop
    check_module_errors
    check_quit
    check_replay
}
