#!/usr/bin/env bash
# Builds the HitKitC library and the C client (its files) against include/hitkit.h, then runs it.
# HITKIT_SCRATCH_PATH picks SwiftPM's build folder (default .build); CC the C compiler (cc).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
scratch="${HITKIT_SCRATCH_PATH:-.build}"
swift build --scratch-path "$scratch" --product HitKitC
libdir="$(swift build --scratch-path "$scratch" --show-bin-path)"
out="$scratch/cclient"
mkdir -p "$out"
"${CC:-cc}" -std=c99 -Wall -Wextra -Werror -pedantic -pthread -I include \
    Tests/CClient/client.c Tests/CClient/facade.c Tests/CClient/abuse.c Tests/CClient/touchpad.c \
    Tests/CClient/scroll_motion.c Tests/CClient/deep.c Tests/CClient/snapshot.c Tests/CClient/trace.c Tests/CClient/interactions.c \
    -L"$libdir" -lHitKitC -Wl,-rpath,"$libdir" -lm -o "$out/client"
"$out/client" Fixtures/scenes
