#!/usr/bin/env bash
# Builds the HitKitC library and the C client (its files) against include/hitkit.h, then runs it.
#
#   Tests/CClient/run.sh [--checks] [--sanitize address|thread] [--scratch-path PATH] [--skip-build]
#
# --checks builds the library with its internal checks (-DHITKIT_INTERNAL_CHECKS: the lock-free
#   handle lookups checked against the registry, thread-confined state checked for its thread and
#   for overlapping accesses, the engine's promises of Sources/HitTestCore/Store/Promises.swift),
#   and the client with the check that needs them: a snapshot released while a query is paused
#   inside its lookup (Sources/HitKitC/ReaderPause.swift); HITKIT_INTERNAL_CHECKS=1 does the same.
# --sanitize address builds the library with AddressSanitizer (swift build --sanitize=address)
#   and the client with the toolchain's clang and -fsanitize=address (the clang beside `swift`,
#   whose runtime the library's instrumentation needs; CC picks another), and runs it with
#   LeakSanitizer on, the options and leak suppressions of Scripts/sanitizers.sh. It sees the
#   library's own reads of a caller's array (a count past a point array's end is reported, by the
#   finiteness pass that reads every point first), not reads made inside the standard library's
#   uninstrumented code, such as an UnsafeBufferPointer's iterator in the debug library
#   (memcheck, Tests/CClient/valgrind.sh, reports those).
# --sanitize thread builds the library with ThreadSanitizer and the client with the same clang and
#   -fsanitize=thread (linked with the toolchain's libdispatch and BlocksRuntime, which the
#   runtime's interceptors name), and fails on any report. This is where the library's own
#   concurrency is: the registries' lock, the lock-free handle lookups and their atomics, snapshots
#   queried from several threads while another releases them, calls refused on the wrong thread,
#   scenes loaded on a thread of their own. Run it without --checks: the checks' locked lookups
#   would order what the lock-free ones must order themselves.
# --scratch-path picks SwiftPM's build folder (HITKIT_SCRATCH_PATH does too); by default the one
#   the scripts use for the same flags: .build, .build-checked (Scripts/checked-build.sh),
#   .build-asan, .build-asan-checked or .build-tsan (Scripts/sanitizers.sh). `--sanitize address
#   --checks` thus runs against the library CI's AddressSanitizer step builds with its tests
#   (Scripts/sanitizers.sh address --checks --build-only), where SwiftPM finds nothing to rebuild.
# --skip-build runs against the library already in the scratch path, without `swift build`.
# CC picks the C compiler of a plain or --checks run (cc).
#
# Exits non-zero when the build fails, when a check fails, when the client does not end with its
# count, or when a sanitizer reports (a leak included); its last line gives the count.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
usage="usage: $0 [--checks] [--sanitize address|thread] [--scratch-path PATH] [--skip-build]"
checks="${HITKIT_INTERNAL_CHECKS:-0}"
sanitizer=
scratch="${HITKIT_SCRATCH_PATH:-}"
build=1
while (($#)); do
    case "$1" in
        --checks) checks=1 ;;
        --sanitize)
            [[ ${2:-} == address || ${2:-} == thread ]] || { echo "$usage" >&2; exit 2; }
            sanitizer=$2; shift ;;
        --scratch-path) [[ -n ${2:-} ]] || { echo "$usage" >&2; exit 2; }; scratch=$2; shift ;;
        --skip-build) build=0 ;;
        -h|--help) sed -n '2,34p' "$0"; exit 0 ;;
        *) echo "$usage" >&2; exit 2 ;;
    esac
    shift
done

flags=()
cflags=()
libs=()
what="plain debug library"
[[ $checks == 1 ]] && flags+=(-Xswiftc -DHITKIT_INTERNAL_CHECKS) && cflags+=(-DHITKIT_INTERNAL_CHECKS) && what="internal checks"
if [[ -n $sanitizer ]]; then
    flags+=(--sanitize="$sanitizer")
    cflags+=(-fsanitize="$sanitizer" -fno-omit-frame-pointer -g)
    name=$([[ $sanitizer == address ]] && echo AddressSanitizer || echo ThreadSanitizer)
    [[ $checks == 1 ]] && what="$name and internal checks" || what=$name
    toolchain="$(dirname "$(readlink -f "$(command -v swift)")")"
    if [[ -n ${CC:-} ]]; then
        cc=$CC
    else
        # lld: gold, clang's default here, warns of the runtime's local symbols (141 lines).
        cc="$toolchain/clang"
        cflags+=(-fuse-ld=lld)
    fi
    if [[ $sanitizer == thread ]]; then
        runtime="$toolchain/../lib/swift/linux"
        libs+=(-L"$runtime" -ldispatch -lBlocksRuntime -Wl,-rpath,"$runtime")
    fi
    suffix=$([[ $sanitizer == address ]] && echo -asan || echo -tsan)
else
    cc="${CC:-cc}"
    suffix=
fi
[[ $checks == 1 ]] && suffix+=-checked
scratch="${scratch:-.build$suffix}"

if ((build)); then
    swift build --scratch-path "$scratch" --product HitKitC "${flags[@]}"
fi
libdir="$(swift build --scratch-path "$scratch" --show-bin-path "${flags[@]}")"
[[ -f $libdir/libHitKitC.so ]] || { echo "no $libdir/libHitKitC.so (build it, or drop --skip-build)" >&2; exit 1; }
out="$scratch/cclient"
mkdir -p "$out"
"$cc" -std=c99 -Wall -Wextra -Werror -pedantic -pthread "${cflags[@]}" -I include \
    Tests/CClient/client.c Tests/CClient/facade.c Tests/CClient/abuse.c Tests/CClient/touchpad.c \
    Tests/CClient/scroll_motion.c Tests/CClient/zoom.c Tests/CClient/deep.c Tests/CClient/snapshot.c Tests/CClient/trace.c \
    Tests/CClient/scene_log.c Tests/CClient/keyboard.c Tests/CClient/interactions.c Tests/CClient/bad_input.c \
    Tests/CClient/input_frame.c Tests/CClient/destroyed_in_delivery.c \
    -L"$libdir" -lHitKitC -Wl,-rpath,"$libdir" "${libs[@]}" -lm -o "$out/client"

if [[ $sanitizer == address ]]; then
    # Scripts/sanitizers.sh's options: a report fails the run, LeakSanitizer's (at exit) too.
    export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export LSAN_OPTIONS="suppressions=$root/Scripts/lsan-foundation.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
elif [[ $sanitizer == thread ]]; then
    # Every report is listed, then the run exits non-zero (66).
    export TSAN_OPTIONS="halt_on_error=0${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
    # The deep chains 1,000 views long (deep.c): ThreadSanitizer records the stack of every
    # allocation in its depot, and at ten thousand levels that was 75 of the run's 86 s. Their
    # thread is started and joined once at any depth; the depth itself is checked natively, under
    # AddressSanitizer and in Tests/TeardownTests (Scripts/sanitizers.sh skips those under
    # ThreadSanitizer for the same reason).
    export HITKIT_CCLIENT_DEEP_CHAIN=${HITKIT_CCLIENT_DEEP_CHAIN:-1000}
fi
log="$out/client.log"
status=0
"$out/client" Fixtures/scenes 2>&1 | tee "$log" || status=$?
count=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1 || true)
reports=$(grep -cE '^==[0-9]+==ERROR: (Address|Leak)Sanitizer|^WARNING: ThreadSanitizer' "$log" || true)
if ((status != 0 || reports > 0)) || [[ -z $count || $count != *" 0 failed" ]]; then
    echo "C client FAILED ($what, $libdir): ${count:-no count (the client did not finish)}, $reports sanitizer report(s), exit $status" >&2
    exit 1
fi
echo "C client: ${count%% *} checks passed, 0 failed${sanitizer:+, 0 sanitizer reports} ($what, $libdir)"
