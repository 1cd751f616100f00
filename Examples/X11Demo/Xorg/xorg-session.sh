# A headless Xorg (the dummy video driver) whose input devices are the inputtest touchscreen and
# touchpad of xorg.conf.in, with one injector (inject.c) per device; shared by run-under-xorg.sh
# and Examples/GTKDemo/run.sh (sourced, not run). The caller sets $out (the output folder) and
# $screen (WIDTHxHEIGHT, xorg.conf.in's mode) and runs as root; then:
#   build_injector    $out/inject, or exit 2
#   start_xorg        Xorg on a free display (exports DISPLAY) and the injectors, or exit 2
#   touchscreen CMD…  touchpad CMD…   commands for a device (inject.c's), waited for until the
#                     server has processed them
#   stop_xorg         (for the caller's EXIT trap)
xorg_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

build_injector() {
    if ! cc -std=c99 -Wall -Wextra -Werror -pedantic -I/usr/include/xorg -o "$out/inject" "$xorg_dir/inject.c" \
        2>"$out/inject-build.log"; then
        cat "$out/inject-build.log" >&2
        exit 2
    fi
}

xorg_pid=
injector_pids=()
sockets=
start_xorg() {
    local display= n
    # A free display; the device sockets in a short path (a socket path has a limit).
    for n in $(seq 150 249); do
        if [ ! -e "/tmp/.X$n-lock" ] && [ ! -e "/tmp/.X11-unix/X$n" ]; then display=":$n"; break; fi
    done
    [ -n "$display" ] || { echo "no free X display in :150–:249" >&2; exit 2; }
    sockets=$(mktemp -d /tmp/hitkit-it.XXXXXX)
    sed "s|@SOCKET_DIR@|$sockets|" "$xorg_dir/xorg.conf.in" >"$out/xorg.conf"
    # No VT switching and a shared VT: the server must not take the machine's console.
    Xorg "$display" -config "$out/xorg.conf" -noreset -nolisten tcp -novtswitch -sharevts \
        -logfile "$out/xorg.log" </dev/null >"$out/xorg.stderr" 2>&1 &
    xorg_pid=$!
    for _ in $(seq 200); do
        [ -S "$sockets/touchscreen" ] && [ -S "$sockets/touchpad" ] && [ -S "/tmp/.X11-unix/X${display#:}" ] && break
        kill -0 "$xorg_pid" 2>/dev/null || break
        sleep 0.05
    done
    if ! [ -S "$sockets/touchscreen" ] || ! [ -S "$sockets/touchpad" ]; then
        echo "Xorg did not start on $display (log: $out/xorg.log):" >&2
        tail -n 15 "$out/xorg.stderr" >&2
        exit 2
    fi
    export DISPLAY=$display
    echo "Xorg on $display; screenshots and logs in $out"
    # An injector that stopped (its log says why) must not kill the script with SIGPIPE: the write
    # fails instead, and send_to reports it.
    trap '' PIPE
    start_injector touchscreen 3
    start_injector touchpad 4
}

# One injector per device, fed through a FIFO for the whole run: the driver takes one
# connection per device for the server's lifetime. fd 3 writes to the touchscreen, fd 4 to the
# touchpad.
start_injector() { # device fd
    mkfifo "$sockets/$1.in"
    "$out/inject" "$sockets/$1" "$screen" <"$sockets/$1.in" >"$out/inject-$1.log" 2>&1 &
    injector_pids+=($!)
    eval "exec $2>\"\$sockets/\$1.in\""
}

stop_xorg() {
    local pid
    exec 3>&- 4>&- 2>/dev/null
    for pid in "${injector_pids[@]}"; do kill "$pid" 2>/dev/null; done
    [ -n "$xorg_pid" ] && kill "$xorg_pid" 2>/dev/null
    wait 2>/dev/null
    [ -n "$sockets" ] && rm -rf "$sockets"
    injector_pids=() xorg_pid= sockets=
}

# Sends commands to a device, then waits until the server has processed them.
synced=(0 0)
send_to() { # device command...
    local device=$1 fd index waited=0 count
    shift
    if [ "$device" = touchscreen ]; then fd=3 index=0; else fd=4 index=1; fi
    printf '%s\n' "$@" sync >&"$fd"
    synced[index]=$((synced[index] + 1))
    while count=$(grep -c '^synced' "$out/inject-$device.log" 2>/dev/null); [ "${count:-0}" -lt "${synced[index]}" ]; do
        sleep 0.02
        waited=$((waited + 1))
        if [ "$waited" -ge 250 ]; then echo "the $device injector stopped:" >&2; cat "$out/inject-$device.log" >&2; exit 1; fi
    done
}
touchscreen() { send_to touchscreen "$@"; }
touchpad() { send_to touchpad "$@"; }
