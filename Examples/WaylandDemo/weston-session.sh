# A headless weston with the hitkit-inject module, and the checks the Wayland and GTK demos' runs
# share (sourced, not run). The caller sets $out (the output folder) and $root (the repository)
# before sourcing, then calls, in order:
#   install_packages PACKAGE...   each missing Debian package, or exit 2
#   build_wayland_demo            libhitkit into $out/prefix (HITKIT_PREFIX: one installed already)
#                                 and Examples/WaylandDemo/build.sh into $out/build, or exit 2
#   run_unit_tests                the C unit tests of Examples/WaylandDemo/tests
#   build_hitkit_command          $hitkit, for replaying the demos' recordings, or exit 2
#   start_weston WIDTH HEIGHT     weston on a socket of its own, with only XDG_RUNTIME_DIR set in
#                                 its environment; exports WAYLAND_DISPLAY for the demos; exit 2
#                                 if it does not come up
# and then drives a demo with inject, checks its log with expect_log and its pixels with shot
# and expect_pixel (Examples/X11Demo/screenshot-checks.sh, with shot taken by the compositor).

passed=0 failed=0
pass() { passed=$((passed + 1)); echo "PASS $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# The packages every weston run needs; the GTK run adds libgtk-4-dev.
weston_packages=(weston libweston-10-dev libwayland-dev wayland-protocols libxkbcommon-dev xkb-data pkg-config gcc
    imagemagick)

install_packages() { # package...
    local missing=() package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "missing packages: ${missing[*]} (run as root, or: sudo apt-get install -y ${missing[*]})" >&2
        exit 2
    fi
    echo "installing ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
        >"$out/apt.log" 2>&1 || { tail -n 20 "$out/apt.log" >&2; echo "apt-get install failed" >&2; exit 2; }
}

build_wayland_demo() {
    prefix=${HITKIT_PREFIX:-$out/prefix}
    if [ -z "${HITKIT_PREFIX:-}" ]; then
        bash "$root/Scripts/install-c-library.sh" "$prefix" >"$out/install.log" 2>&1 \
            || { tail -n 20 "$out/install.log" >&2; echo "installing libhitkit failed" >&2; exit 2; }
        tail -n 1 "$out/install.log"
    fi
    export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
    build=$out/build
    bash "$root/Examples/WaylandDemo/build.sh" "$build" >"$out/build.log" 2>&1 \
        || { cat "$out/build.log" >&2; echo "building the Wayland demo, module or tests failed" >&2; exit 2; }
}

run_unit_tests() {
    local test result
    for test in test_inject_protocol test_wayland_input test_keys test_interactions "test_scene_host $root/Examples/WaylandDemo/scenes"; do
        # shellcheck disable=SC2086
        if result=$("$build"/$test 2>&1); then pass "unit tests: ${result##*$'\n'}"
        else echo "$result"; fail "unit tests: ${result##*$'\n'}"; fi
    done
}

# $hitkit: the `hitkit` command that replays the demos' recordings, $HITKIT_COMMAND or the root
# package's debug build (built if missing), or exit 2.
build_hitkit_command() {
    hitkit=${HITKIT_COMMAND:-}
    [ -n "$hitkit" ] && return 0
    swift build --package-path "$root" --product hitkit >"$out/hitkit-build.log" 2>&1 \
        || { tail -n 20 "$out/hitkit-build.log" >&2; echo "building the hitkit command failed" >&2; exit 2; }
    hitkit="$(swift build --package-path "$root" --show-bin-path)/hitkit"
}

weston_pid=
start_weston() { # width height
    wl_runtime=$(mktemp -d /tmp/hitkit-weston.XXXXXX)
    chmod 700 "$wl_runtime"
    wl_socket=hitkit-$$
    inject_socket=$wl_runtime/$wl_socket.hitkit-inject
    env -i XDG_RUNTIME_DIR="$wl_runtime" PATH="$PATH" weston --backend=headless-backend.so --use-pixman \
        --width="$1" --height="$2" --shell=kiosk-shell.so --no-config --idle-time=0 --socket="$wl_socket" \
        --modules="$build/hitkit-inject.so" >"$out/weston.log" 2>&1 &
    weston_pid=$!
    for _ in $(seq 200); do
        [ -S "$inject_socket" ] && break
        kill -0 "$weston_pid" 2>/dev/null || break
        sleep 0.02
    done
    if ! [ -S "$inject_socket" ]; then
        echo "weston did not start (log: $out/weston.log):" >&2
        tail -n 15 "$out/weston.log" >&2
        exit 2
    fi
    export XDG_RUNTIME_DIR=$wl_runtime WAYLAND_DISPLAY=$wl_socket
    echo "weston on $wl_socket, $1x$2; screenshots and logs in $out"
}

stop_weston() {
    [ -n "$weston_pid" ] && kill "$weston_pid" 2>/dev/null && wait "$weston_pid" 2>/dev/null
    weston_pid=
    [ -n "${wl_runtime:-}" ] && rm -rf "$wl_runtime"
}

# Sends commands to the module (one argument a line); its replies go to $out/inject.log. Returns
# the sender's status: 1 when a command was refused.
inject() {
    "$build/hitkit-inject-send" "$inject_socket" "$@" >>"$out/inject.log" 2>&1
}
# The same, for commands that must work: a refusal fails the run's check.
send() {
    local status=0
    inject "$@" || status=$?
    [ "$status" -eq 0 ] || fail "the module refused one of: $* (see $out/inject.log)"
}

# The palette, pixel and region checks; shot is the compositor's screenshot here.
# shellcheck source=../X11Demo/screenshot-checks.sh
source "$root/Examples/X11Demo/screenshot-checks.sh"
shot() { # name: $out/NAME.png, the whole output, after the next repaint
    sleep 0.1
    inject "screenshot $out/$1.ppm" && convert "$out/$1.ppm" "$out/$1.png" && rm -f "$out/$1.ppm" \
        || fail "screenshot $1 (see $out/inject.log)"
}

# The demo's log ($log) since the last mark.
mark=0
mark() { mark=$(wc -l <"$log"); }
since_mark() { tail -n +"$((mark + 1))" "$log"; }
wait_for_log() { # pattern [seconds]
    local waited=0
    while ! since_mark | grep -Eq -- "$1"; do
        sleep 0.05
        waited=$((waited + 1))
        if [ "$waited" -ge $(( ${2:-3} * 20 )) ]; then return 1; fi
    done
    return 0
}
expect_log() { if wait_for_log "$1" "${2:-3}"; then pass "log: $1"; else fail "log: no line matching '$1'"; fi; }
expect_no_log() { # pattern [seconds to wait for one]
    sleep "${2:-0.3}"
    if since_mark | grep -Eq -- "$1"; then fail "log: unexpected '$1'"; else pass "log: no '$1'"; fi
}
# The loop sleeps: no "wake deadline" line for `seconds` (nothing is due in HitKit).
expect_asleep() { # seconds what
    local wakes
    mark
    sleep "$1"
    wakes=$(since_mark | grep -c '^wake deadline' || true)
    if [ "$wakes" -eq 0 ]; then pass "no wake-ups in $1 s $2"; else fail "$wakes wake-ups in $1 s $2"; fi
}
frame_of() { grep "^layout $1 " "$log" | head -n 1 | cut -d' ' -f3-; }
