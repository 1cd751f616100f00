#!/usr/bin/env bash
# HitKit through the installed libhitkit beside GTK 4 and Qt 6 on the same trees (README.md):
# builds the drivers, runs every peer on every shape (and HitKit and Qt in one process, their
# passes taken in turn), checks that all answer alike on every query, and writes the tables and
# JSON; then measures what a C call costs (ccall.c), and frames on a scene with its delivery log
# heard and unheard, in time and, under callgrind, in instructions.
#
# usage: bash Benchmarks/Peers/run.sh [--quick] [--processes N] [--out DIR]
#   --quick      fewer points and rounds, one process a peer and tree, no chains
#                deeper than 1,000, the slow GTK variant on the 100,000-view trees with fewer
#                points, ccall on the smaller trees
#   --processes  how many processes each peer runs on each standard tree, taken in turn with the
#                other peers' (default 5, 1 with --quick): the shared machine's speed changes
#                from one process to the next, and the table quotes the median of their medians
#   --out        where the build, the answers and the reports go (default .build/peers)
# Exit 1 if any answer differs between peers, a peer fails on a tree other than the deep chains,
# the C side of a query or frame calls what it must not, a warm frame (the floor's frames,
# a scene whose delivery log no one hears) allocates or takes a slow path of a reference count, a
# floor, log-scene or array hit-test row costs more than ccall-limits.json allows, or a cell of what C attaches costs more
# among 4,000 than among 500 (callgrind_rows.py); 2 if something
# could not be installed, built or started.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/Benchmarks/Peers"
quick=0
processes=
out="$root/.build/peers"
usage() { echo "usage: $0 [--quick] [--processes N] [--out DIR]" >&2; exit 64; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) quick=1 ;;
        --processes) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage; processes=$2; shift ;;
        --out) [[ $# -gt 1 ]] || usage; out=$2; shift ;;
        *) usage ;;
    esac
    shift
done
[[ -n $processes ]] || processes=$([[ $quick == 1 ]] && echo 1 || echo 5)
# Absolute: the drivers are built from inside Benchmarks/Peers.
mkdir -p "$out" && out=$(cd "$out" && pwd)
started=$(date +%s)
step() { printf '== %s (%ss)\n' "$1" "$(($(date +%s) - started))"; }
fail_setup() { echo "$1" >&2; exit 2; }

step "Debian packages"
packages=(libgtk-4-dev qt6-base-dev xvfb pkg-config g++ valgrind)
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [[ ${#missing[@]} -gt 0 ]]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 \
        --no-install-recommends "${missing[@]}" >/dev/null) || fail_setup "could not install ${missing[*]}"
fi

step "libhitkit, installed into $out/prefix"
mkdir -p "$out/bin" "$out/answers"
rm -f "$out"/answers/* "$out"/*.jsonl
bash "$root/Scripts/install-c-library.sh" "$out/prefix" >"$out/install.log" 2>&1 \
    || { cat "$out/install.log"; fail_setup "the library did not build"; }
# The same build, not stripped: callgrind names its functions. It is in the scratch path
# Scripts/install-c-library.sh built in (Scripts/release-build.sh), relative to the root unless absolute.
. "$root/Scripts/release-build.sh"
scratch=$release_scratch
[[ $scratch == /* ]] || scratch="$root/$scratch"
unstripped="$scratch/release/libHitKitC.so"
mkdir -p "$out/unstripped"
cp "$unstripped" "$out/unstripped/libhitkit.so.$(sed -n 's/^#define HK_VERSION_MAJOR \([0-9]*\).*/\1/p' "$root/include/hitkit.h")"

step "the drivers"
export PKG_CONFIG_PATH="$out/prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
cflags=(-O2 -Wall -Wextra -Werror)
(
    cd "$here"
    cc "${cflags[@]}" -std=c11 -c trees.c -o "$out/bin/trees.o"
    cc "${cflags[@]}" -std=c11 -c peer_args.c -o "$out/bin/peer_args.o"
    cc "${cflags[@]}" -std=c11 -c peer_main.c -o "$out/bin/peer_main.o"
    # shellcheck disable=SC2046
    cc "${cflags[@]}" -std=c11 $(pkg-config --cflags hitkit) peer_hitkit.c hitkit_tree.c "$out/bin/trees.o" \
        "$out/bin/peer_args.o" "$out/bin/peer_main.o" $(pkg-config --libs hitkit) -lm -o "$out/bin/peer-hitkit"
    # shellcheck disable=SC2046
    cc "${cflags[@]}" -std=c11 $(pkg-config --cflags hitkit) ccall.c hitkit_tree.c "$out/bin/trees.o" \
        $(pkg-config --libs hitkit) -lm -o "$out/bin/ccall"
    # shellcheck disable=SC2046
    cc "${cflags[@]}" -std=c11 $(pkg-config --cflags gtk4) peer_gtk.c "$out/bin/trees.o" "$out/bin/peer_args.o" \
        "$out/bin/peer_main.o" $(pkg-config --libs gtk4) -lm -o "$out/bin/peer-gtk"
    # shellcheck disable=SC2046
    c++ "${cflags[@]}" -std=c++17 -fPIC $(pkg-config --cflags Qt6Widgets) peer_qt.cpp "$out/bin/trees.o" \
        "$out/bin/peer_args.o" "$out/bin/peer_main.o" $(pkg-config --libs Qt6Widgets) -lm -o "$out/bin/peer-qt"
    # HitKit and Qt in one process (peer_pair.c): each driver's functions under a prefix of its own.
    # shellcheck disable=SC2046
    cc "${cflags[@]}" -std=c11 -DPEER_PREFIX=hitkit $(pkg-config --cflags hitkit) -c peer_hitkit.c \
        -o "$out/bin/pair_hitkit.o"
    # shellcheck disable=SC2046
    c++ "${cflags[@]}" -std=c++17 -fPIC -DPEER_PREFIX=qt $(pkg-config --cflags Qt6Widgets) -c peer_qt.cpp \
        -o "$out/bin/pair_qt.o"
    # shellcheck disable=SC2046
    cc "${cflags[@]}" -std=c11 $(pkg-config --cflags hitkit) -c hitkit_tree.c -o "$out/bin/hitkit_tree.o"
    cc "${cflags[@]}" -std=c11 -c peer_pair.c -o "$out/bin/peer_pair.o"
    # shellcheck disable=SC2046
    c++ "$out/bin/peer_pair.o" "$out/bin/pair_hitkit.o" "$out/bin/pair_qt.o" "$out/bin/hitkit_tree.o" \
        "$out/bin/trees.o" "$out/bin/peer_args.o" $(pkg-config --libs hitkit Qt6Widgets) -lm -o "$out/bin/peer-pair"
) || fail_setup "a driver did not build"

step "Xvfb for GTK"
exec 3< <(Xvfb -displayfd 1 -screen 0 1600x1200x24 -nolisten tcp 2>"$out/xvfb.log")
xvfb_pid=$!
trap 'kill "$xvfb_pid" 2>/dev/null || true' EXIT
read -r -t 30 display <&3 || fail_setup "Xvfb did not start: $(cat "$out/xvfb.log")"
export DISPLAY=":$display" GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=1 GTK_A11Y=none
export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$out/runtime}"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

# One process per peer and tree: run PEER SHAPE VIEWS ORDER POINTS [VARIANT [PROCESS]]. A peer
# that fails or runs past the time limit gets a row saying so. The first process of each writes
# the answers the report compares; the processes after it are timed alone.
if [[ $quick == 1 ]]; then points=256 rounds=7 seconds=0.5 limit=300; else points=1024 rounds=21 seconds=3 limit=600; fi
# The JSON line of a process that failed or ran past the limit: failed_row FIELDS SHAPE VIEWS ORDER
# STATUS, FIELDS being the row's own (as JSON members); and the line run.sh prints for a process.
failed_row() {
    printf '{%s, "shape": "%s", "views": %d, "reversed": %s, "failed": "%s"}\n' "$1" "$2" "$3" \
        "$([[ $4 == reversed ]] && echo true || echo false)" \
        "$([[ $5 -eq 124 ]] && echo "over ${limit} s" || echo "exit $5")"
}
ran() { printf '   %-56s %s\n' "$1" "$([[ $2 -eq 0 ]] && echo ok || echo "failed ($2)")"; }
run() {
    local peer=$1 shape=$2 views=$3 order=$4 count=$5 variant=${6:-} process=${7:-1}
    local name="$peer${variant:+-$variant}-$shape-$views-$order"
    local args=(--shape "$shape" --views "$views" --points "$count" --rounds "$rounds" --seconds "$seconds")
    [[ $process == 1 ]] && args+=(--answers "$out/answers/$name.txt")
    [[ $order == reversed ]] && args+=(--reversed)
    [[ -n $variant ]] && args+=(--variant "$variant")
    local status=0 log="$out/answers/$name.log"
    [[ $process == 1 ]] || log="$out/answers/$name.$process.log"
    timeout "$limit" "$out/bin/peer-$peer" "${args[@]}" >>"$out/peers.jsonl" 2>"$log" || status=$?
    if [[ $status -ne 0 ]]; then
        failed_row "\"peer\": \"$peer\", \"variant\": \"$variant\"" "$shape" "$views" "$order" "$status" \
            >>"$out/peers.jsonl"
        [[ $process == 1 ]] && rm -f "$out/answers/$name.txt"
    fi
    ran "$name$([[ $processes == 1 ]] || echo "${7:+ #$7}")" "$status"
    return $status
}
# Each peer's processes on a tree, taken in turn (HitKit, Qt, GTK, GTK, then again), so that a
# slow spell of the machine falls on every peer alike; a peer that fails is not run again there.
every_peer() {
    local shape=$1 views=$2 order=$3 slow=${4:-$points}
    local hitkit=1 qt=1 hidden=1 visible=1 process
    # A chain is answered by its hit map once built; HitKit's walk of it is measured beside.
    local walking=$([[ $shape == chain ]] && echo 1 || echo 0)
    for ((process = 1; process <= processes; process++)); do
        if ((hitkit)); then run hitkit "$shape" "$views" "$order" "$points" "" "$process" || hitkit=0; fi
        if ((walking)); then run hitkit "$shape" "$views" "$order" "$points" maps-off "$process" || walking=0; fi
        if ((qt)); then run qt "$shape" "$views" "$order" "$points" "" "$process" || qt=0; fi
        if ((hidden)); then run gtk "$shape" "$views" "$order" "$points" overflow-hidden "$process" || hidden=0; fi
        # GTK with overflow visible looks into every subtree: on the largest trees, fewer points.
        if ((visible)); then run gtk "$shape" "$views" "$order" "$slow" "" "$process" || visible=0; fi
    done
    pair "$shape" "$views" "$order"
}
# HitKit and Qt, the faster peer on every tree, in one process with their passes taken in turn.
pair() {
    local shape=$1 views=$2 order=$3 status=0
    local name="pair-$shape-$views-$order"
    local args=(--shape "$shape" --views "$views" --points "$points" --rounds "$rounds" --seconds "$seconds")
    [[ $order == reversed ]] && args+=(--reversed)
    timeout "$limit" "$out/bin/peer-pair" "${args[@]}" >>"$out/pairs.jsonl" 2>"$out/answers/$name.log" || status=$?
    if [[ $status -ne 0 ]]; then
        failed_row '"pair": "hitkit-qt6"' "$shape" "$views" "$order" "$status" >>"$out/pairs.jsonl"
    fi
    ran "$name" "$status"
}

step "the trees"
every_peer chain 1000 forward
every_peer container 10000 forward
for order in forward reversed; do
    every_peer random 10000 "$order"
    every_peer random 100000 "$order" "$([[ $quick == 1 ]] && echo 16 || echo 64)"
done
if [[ $quick == 0 ]]; then
    limit=300
    step "chains as deep as each peer goes (until one fails or takes over ${limit} s)"
    for peer in hitkit hitkit-maps-off qt gtk gtk-overflow-hidden; do
        variant=${peer#*-}
        [[ $peer == *-* ]] || variant=
        for views in 10000 100000 1000000; do run "${peer%%-*}" chain "$views" forward 64 "$variant" || break; done
    done
fi

step "ccall: the C call's floor and the engine benchmark's trees, timed"
ccall_args=()
[[ $quick == 1 ]] && ccall_args=(--quick --rounds 7)
"$out/bin/ccall" "${ccall_args[@]}" >"$out/ccall.jsonl"

step "ccall under callgrind: instructions per call, the engine's share, the C side's calls"
rm -rf "$out/callgrind" && mkdir -p "$out/callgrind"
LD_LIBRARY_PATH="$out/unstripped" valgrind --tool=callgrind --callgrind-out-file="$out/callgrind/ccall.out" \
    "$out/bin/ccall" "${ccall_args[@]}" >"$out/callgrind/rows.jsonl" 2>"$out/callgrind/valgrind.log" \
    || { tail -20 "$out/callgrind/valgrind.log"; fail_setup "ccall under callgrind failed"; }

if [[ $quick == 0 ]]; then
    # Whether a peer's time is its instructions or its memory: the query passes alone (three
    # rounds; the warm-up asks point by point, outside them), HitKit and Qt, the faster peer on
    # these trees.
    step "instructions a query under callgrind: HitKit and Qt on the random trees"
    mkdir -p "$out/callgrind/peers"
    for views in 10000 100000; do
        for order in forward reversed; do
            for peer in hitkit qt; do
                name="$peer-random-$views-$order"
                args=(--shape random --views "$views" --points 256 --rounds 3 --seconds 0)
                [[ $order == reversed ]] && args+=(--reversed)
                valgrind --tool=callgrind --toggle-collect=peer_query_all \
                    --callgrind-out-file="$out/callgrind/peers/$name.out" "$out/bin/peer-$peer" "${args[@]}" \
                    >"$out/callgrind/peers/$name.json" 2>"$out/callgrind/peers/$name.log" \
                    || { tail -5 "$out/callgrind/peers/$name.log"; fail_setup "$name under callgrind failed"; }
            done
        done
    done
fi

step "report"
status=0
python3 "$here/report.py" --out "$out" || status=$?
echo "wrote $out/peers.md and $out/peers.json ($(($(date +%s) - started)) s in all)"
exit $status
