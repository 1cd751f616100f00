# Screenshot checks shared by run-under-xvfb.sh, Xorg/run-under-xorg.sh and the Wayland and GTK
# demos' runs (sourced, not run).
# They need $out (the output folder, where the PNGs go) and the scripts' pass and fail. The
# colours are the demo's palette (Sources/X11Demo/Colour.swift), as hex without the #.
background=202830 button_normal=2060C0 button_highlighted=F0C020 track=505A64 thumb=F08020
draggable=30A050 target_idle=8040A0 target_toggled=D03040
hover_idle=406070 hover_highlighted=60C0E0
secondary_idle=705030 secondary_clicked=E07050 secondary_shift_clicked=E0E060
row_even=3C4650 row_odd=8890A0
photo_sky=4A90D0 photo_ground=3C8C3C photo_sun=F0E060
focus_ring=00E0A0

# A screenshot of the whole screen as $out/NAME.png, after a moment for the redraw to land.
shot() { sleep 0.2; import -window root "$out/$1.png"; }
pixel() { convert "$out/$1.png" -format "%[hex:p{$2,$3}]" info:; }
expect_pixel() { # shot x y colour what
    local got
    got=$(pixel "$1" "$2" "$3")
    if [ "$got" = "$4" ]; then pass "$1: $5 is #$4 at $2,$3"; else fail "$1: $5 at $2,$3 is #$got, expected #$4"; fi
}
changed_pixels() { # before after x y width height: how many pixels differ in the region
    convert "$out/$1.png" -crop "$5x$6+$3+$4" +repage "$out/.a.png"
    convert "$out/$2.png" -crop "$5x$6+$3+$4" +repage "$out/.b.png"
    compare -metric AE "$out/.a.png" "$out/.b.png" null: 2>&1 >/dev/null | cut -d' ' -f1
    rm -f "$out/.a.png" "$out/.b.png"
}
expect_region_changed() { # before after x y width height what
    local count
    count=$(changed_pixels "$1" "$2" "$3" "$4" "$5" "$6")
    if [ "${count:-0}" -gt 0 ] 2>/dev/null; then pass "$7 changed ($count pixels)"; else fail "$7 did not change"; fi
}
# After a fling: takes the at-rest shot and a second one, then checks that the region changed
# from before to mid-flight, changed again after it (it kept moving), and is still at rest.
expect_flung_to_rest() { # before mid-flight at-rest still-at-rest x y width height
    shot "$3"
    shot "$4"
    expect_region_changed "$1" "$2" "$5" "$6" "$7" "$8" "list region mid-flight"
    expect_region_changed "$2" "$3" "$5" "$6" "$7" "$8" "list region after the lift (it kept moving)"
    if [ "$(changed_pixels "$3" "$4" "$5" "$6" "$7" "$8")" = 0 ]; then pass "the list is at rest"; else fail "the list still moves"; fi
}
# Called at once after the mid-flight shot of a flick of the X11 demo's list: waits for the list
# to come to rest, then says whether to flick again, which is when the shot may have come too
# late to show it moving (by then the log said its motion had ended, or its last offset was
# within a point of the one it came to rest at) and attempt $1 of 3 was not the last. Reads the
# log ($log) from the flick's mark ($mark) with the calling script's wait_for_log.
flick_again_after_late_shot() { # attempt what-is-done-before-flicking-again
    local at_shot=$(($(wc -l <"$log") - mark))
    wait_for_log '^list didEndDecelerating$' 6 || true
    tail -n +"$((mark + 1))" "$log" | awk -v at_shot="$at_shot" '
        /^list didEndDecelerating$/ && NR <= at_shot { ended = 1 }
        /^list contentOffset / { split($3, xy, ","); rest = xy[2]; if (NR <= at_shot) shown = xy[2] }
        END { exit !(ended || (shown != "" && shown - rest <= 1 && rest - shown <= 1)) }' || return 1
    [ "$1" -lt 3 ] || return 1
    echo "    (the mid-flight shot was late, at or near the rest: $2)"
}

# The photo (sky, ground and a sun, as the demos draw it) around its centre $pcx,$pcy, frame size
# $pw x $ph. Two fingers 80 apart on a horizontal line through the centre, spreading to 120 apart
# while the line between them turns 30 degrees clockwise, over `steps` steps.
finger_positions() { # step steps: "x1 y1 x2 y2"
    awk -v i="$1" -v n="$2" -v cx=$pcx -v cy=$pcy 'BEGIN {
        r = 40 * (1 + 0.5 * i / n); a = 30 * i / n * atan2(0, -1) / 180
        printf "%.2f %.2f %.2f %.2f", cx - r * cos(a), cy - r * sin(a), cx + r * cos(a), cy + r * sin(a) }'
}
# The colour at centre + (dx, dy) of the photo scaled $scale times and turned $degrees clockwise:
# the point mapped back into the untransformed photo is sky, ground or sun, or else background.
expected_colour() { # dx dy
    awk -v dx="$1" -v dy="$2" -v s="$scale" -v deg="$degrees" -v w="$pw" -v h="$ph" \
        -v bg=$background -v sky=$photo_sky -v ground=$photo_ground -v sun=$photo_sun 'BEGIN {
        a = -deg * atan2(0, -1) / 180
        u = (dx * cos(a) - dy * sin(a)) / s + w / 2; v = (dx * sin(a) + dy * cos(a)) / s + h / 2
        if (u < 0 || u > w || v < 0 || v > h) { print bg; exit }
        if (u >= 0.7 * w && u <= 0.86 * w && v >= 0.12 * h && v <= 0.38 * h) { print sun; exit }
        print (v < 0.6 * h ? sky : ground) }'
}
