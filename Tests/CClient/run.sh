#!/usr/bin/env bash
# Builds the HitKitC library and the C client (its files) against include/hitkit.h, then runs it.
# HITKIT_SCRATCH_PATH picks SwiftPM's build folder (default .build); CC the C compiler (cc).
# HITKIT_INTERNAL_CHECKS=1 builds the library with its internal checks (-DHITKIT_INTERNAL_CHECKS:
# the lock-free handle lookups checked against the registry, thread-confined state checked for
# its thread and for overlapping accesses), in .build-checked unless HITKIT_SCRATCH_PATH says.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
flags=()
if [[ "${HITKIT_INTERNAL_CHECKS:-0}" == 1 ]]; then
    flags=(-Xswiftc -DHITKIT_INTERNAL_CHECKS)
    scratch="${HITKIT_SCRATCH_PATH:-.build-checked}"
else
    scratch="${HITKIT_SCRATCH_PATH:-.build}"
fi
swift build --scratch-path "$scratch" --product HitKitC "${flags[@]}"
libdir="$(swift build --scratch-path "$scratch" --show-bin-path "${flags[@]}")"
out="$scratch/cclient"
mkdir -p "$out"
"${CC:-cc}" -std=c99 -Wall -Wextra -Werror -pedantic -pthread -I include \
    Tests/CClient/client.c Tests/CClient/facade.c Tests/CClient/abuse.c Tests/CClient/touchpad.c \
    Tests/CClient/scroll_motion.c Tests/CClient/zoom.c Tests/CClient/deep.c Tests/CClient/snapshot.c Tests/CClient/trace.c \
    Tests/CClient/scene_log.c Tests/CClient/keyboard.c Tests/CClient/interactions.c Tests/CClient/bad_input.c \
    -L"$libdir" -lHitKitC -Wl,-rpath,"$libdir" -lm -o "$out/client"
"$out/client" Fixtures/scenes
