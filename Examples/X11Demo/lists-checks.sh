# The two lists' checks (context menus, drag and drop: Behaviour A11), sourced by
# run-under-xvfb.sh (with the mouse) and Xorg/run-under-xorg.sh (with a finger) after their own
# checks. They use the scripts' log and screenshot helpers (mark, expect_log, frame, shot,
# expect_pixel) and the demo's palette for the lists (Sources/X11Demo/Colour.swift).
menu_item=303038 menu_item_highlighted=3070F0 menu_item_disabled=606068
drag_preview=F0A030 drop_target=40E080 row_dropped=2E8B8B row_marked=C05080

# The centre of a logged menu item ("menu item NAME X Y W H", the last one logged): "x y".
item_centre() { # name
    since_mark_lines | grep "^menu item $1 " | tail -n 1 | awk '{ print int($4 + $6 / 2), int($5 + $7 / 2) }'
}
since_mark_lines() { tail -n +"$((mark + 1))" "$log"; }

# A row's centre from its list's frame ("x y"): rows are 30 high from the list's top (unscrolled).
row_centre() { # list-name index
    local x y w h
    read -r x y w h <<<"$(frame "$1")"
    echo "$((x + w / 2)) $((y + 30 * $2 + 15))"
}

lists_with_the_mouse() {
    local lx ly rx ry rw rh cx cy ix iy px py
    echo "--- lists: a right click opens a row's menu, drawn from its item frames; a click on an item performs it"
    read -r lx ly <<<"$(row_centre leftList 1)"
    mark
    xdotool mousemove "$lx" "$ly" click 3
    expect_log '^menu willDisplay L1$'
    expect_log '^menu item Delete '
    shot 40-menu-open
    read -r cx cy <<<"$(item_centre Copy)"
    expect_pixel 40-menu-open "$cx" "$cy" $menu_item "menu item Copy"
    read -r ix iy <<<"$(item_centre Delete)"
    expect_pixel 40-menu-open "$ix" "$iy" $menu_item_disabled "disabled menu item Delete"
    mark
    xdotool mousemove "$cx" "$cy" click 1
    expect_log '^menu highlight Copy$'
    expect_log '^menu willEnd L1$'
    expect_log '^menu perform Copy L1$'
    expect_log '^rightList row L1\+ at 0 of 15$'
    read -r rx ry rw rh <<<"$(frame rightList)"
    shot 41-menu-performed
    expect_pixel 41-menu-performed $((rx + rw / 2)) $((ry + 15)) $row_dropped "the copied row at the top of the right list"

    echo "--- lists: Escape dismisses an open menu (the demo goes on)"
    mark
    xdotool mousemove "$lx" "$ly" click 3
    expect_log '^menu willDisplay L1$'
    mark
    xdotool key Escape
    expect_log '^menu willEnd L1$'
    expect_no_log '^quit'

    echo "--- lists: a click drag takes row L2 to the right list, which scrolls while it stays near its bottom edge"
    read -r lx ly <<<"$(row_centre leftList 2)"
    px=$((rx + rw / 2)) py=$((ry + rh - 14)) # 14 points above the right list's bottom edge
    mark
    xdotool mousemove "$lx" "$ly" mousedown 1
    sleep 0.05
    for step in 1 2 3 4 5 6 7 8; do
        xdotool mousemove $((lx + (px - lx) * step / 8)) $((ly + (py - ly) * step / 8))
        sleep 0.03
    done
    expect_log '^drag lift L2$'
    expect_log '^drag sessionWillBegin L2$'
    expect_log '^drop enter rightList$'
    expect_log '^rightList contentOffset 0,[1-9][0-9]*$'
    sleep 0.3
    shot 42-mid-drag
    expect_pixel 42-mid-drag "$px" "$py" $drag_preview "the dragged row under the pointer"
    expect_pixel 42-mid-drag $((rx - 2)) $((ry + rh / 2)) $drop_target "the right list outlined as the drop target"
    mark
    xdotool mouseup 1
    expect_log '^drop performDrop rightList L2$'
    expect_log '^drag didEnd copy L2$'
    shot 43-after-drop
    expect_pixel 43-after-drop "$px" "$py" $row_dropped "the dropped row where it was let go"
    expect_region_changed 42-mid-drag 43-after-drop "$rx" "$ry" "$rw" "$rh" "right list region"
}

lists_with_a_finger() {
    local cx cy mx my lx ly rx ry rw rh px py
    echo "--- lists: a long press on a right row opens its menu; sliding onto Mark and lifting performs it"
    read -r cx cy <<<"$(row_centre rightList 2)"
    mark
    touchscreen "touch begin 41 $cx $cy" "sleep 500"
    expect_log '^menu willDisplay R2$'
    expect_log '^menu item Rename '
    shot 30-finger-menu-open
    read -r mx my <<<"$(item_centre Mark)"
    expect_pixel 30-finger-menu-open "$mx" "$my" $menu_item "menu item Mark"
    touchscreen "touch update 41 $((cx + (mx - cx) / 2)) $((cy + (my - cy) / 2))" "sleep 20" "touch update 41 $mx $my"
    expect_log '^menu highlight Mark$'
    shot 31-finger-menu-highlight
    expect_pixel 31-finger-menu-highlight "$mx" "$my" $menu_item_highlighted "highlighted item Mark"
    touchscreen "touch end 41 $mx $my"
    expect_log '^menu perform Mark R2$'
    shot 32-finger-marked
    expect_pixel 32-finger-marked "$cx" "$cy" $row_marked "the marked row"

    echo "--- lists: a long press on a left row shows its menu; moving on turns it into a drag to the right list, which scrolls while the finger stays near its bottom edge"
    read -r lx ly <<<"$(row_centre leftList 3)"
    read -r rx ry rw rh <<<"$(frame rightList)"
    px=$((rx + rw / 2)) py=$((ry + 100))
    mark
    touchscreen "touch begin 42 $lx $ly" "sleep 500"
    expect_log '^menu willDisplay L3$'
    for step in 1 2 3 4 5 6; do
        touchscreen "touch update 42 $((lx + (px - lx) * step / 6)) $((ly + (py - ly) * step / 6))" "sleep 20"
    done
    expect_log '^menu willEnd L3$'
    expect_log '^drag lift L3$'
    expect_log '^drag sessionWillBegin L3$'
    expect_log '^drop enter rightList$'
    py=$((ry + rh - 14)) # 14 points above the right list's bottom edge
    touchscreen "touch update 42 $px $((py - 40))" "sleep 20" "touch update 42 $px $py" "sleep 300"
    expect_log '^rightList contentOffset 0,[1-9][0-9]*$'
    shot 33-finger-mid-drag
    expect_pixel 33-finger-mid-drag "$px" "$py" $drag_preview "the dragged row under the finger"
    expect_pixel 33-finger-mid-drag $((rx - 2)) $((ry + rh / 2)) $drop_target "the right list outlined as the drop target"
    touchscreen "touch end 42 $px $py"
    expect_log '^drop performDrop rightList L3$'
    expect_log '^drag didEnd copy L3$'
    shot 34-finger-after-drop
    expect_pixel 34-finger-after-drop "$px" "$py" $row_dropped "the dropped row where the finger lifted"
}
