#!/usr/bin/env bash
# Runs the test suites under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer.
#
#   Scripts/sanitizers.sh [address|thread|all] [--checks] [--filter REGEX] [--every-test] [--build-only|--skip-build]
#
# --checks builds with -DHITKIT_INTERNAL_CHECKS as well (the unsafe code's promises checked, as
# Scripts/checked-build.sh does), into scratch paths of their own (.build-asan-checked, ...): CI
# runs the AddressSanitizer tests this way, so one build and one run check both. CI runs
# ThreadSanitizer on the C client instead (Tests/CClient/run.sh --sanitize thread; .ci/run says why).
# --build-only builds and stops; --skip-build tests what an earlier --build-only built (CI runs
# the phases as steps of their own, and the C client against the AddressSanitizer build).
# Each sanitizer builds into its own scratch path (.build-asan, .build-tsan), so the normal .build
# is never rebuilt.
#
# Unless --every-test is given, some tests are skipped. Under both sanitizers: the engine's
# breadth tests (`breadth` below: the random forests, edit sequences and wide-container grids
# compared with the reference, and the million-deep chains), half of the sanitized run's time,
# whose engine-against-reference comparison runs under AddressSanitizer in the engine fuzz target
# (`Tests/Fuzz/run.sh`, in CI); the repeated-input tests (`replays`), which play every scenario
# fixture four more times to compare decisions; the façade's random-stream property tests
# (`streams`), thousands of random worlds checked for the one-end promise and the recognizers'
# state machine, a sixth of the sanitized run's time, whose promises the dispatch fuzz target
# checks on random streams under AddressSanitizer and the internal checks in CI (the streams of
# the keyboard, the interactions, the controls, the touchpad and the scroll views' delegate
# order do run, since no fuzz target drives those features, and so do the two that drive every
# part at once, untraced and traced, one of whose defects only the internal checks stopped on,
# and the four comparisons with models written from the SPEC (A4, A5, A10 and A11): every
# fourth seed of each, HITKIT_SEED_STRIDE=4 (Sources/HitTestDifferential/Random/TestSeeds.swift),
# a quarter of the 230 s every seed took in the AddressSanitizer run; the engine's other random
# forests, those of the hit maps, the slab, the snapshots and the subview reach, the C store's,
# and the owner's edits beside the snapshot threads, play every fourth seed or a quarter of
# their edits too, and the façade's 100,000-level teardown chains go a quarter as deep, a
# quarter of another 190 s; the C host's replay of the scenario fixtures and their traced
# replay take every fourth fixture (`DeliveryLogTests` replays every one), the frame of 50,000
# new touches has a quarter of them, and the hit map of a 600-level chain is checked at a
# quarter of its points, a quarter of another 64 s); and
# the `hitkit` command run on every scenario fixture and every invalid scene (`corpora`),
# hundreds of child processes, whose in-process twins replay and load every one of those files
# under the sanitizer (`DeliveryLogTests`, `InvalidSceneTests`) through the same code. Under
# ThreadSanitizer only: the deep-stack tests (`deep`), the engine's other single-threaded
# differential tests (`engine`) and the command's other runs over whole fixture corpora
# (`commands`). The plain `swift test` runs them all, and every seed.
#
# Exits non-zero when a build or a test fails, when a sanitizer prints a report (a leak
# included), or when no test ran; prints a one-line summary per sanitizer.
#
# `--disable-xctest`: the package has no XCTest tests, and the toolchain's XCTest runner leaks
# 144 bytes of its own (an `XCTestSuiteRun` and an `XCTMainMisc` suite, allocated in libXCTest.so
# and never freed when it finds nothing to run), which LeakSanitizer would report as ours.
set -uo pipefail
cd "$(dirname "$0")/.."

# Swift Testing identifiers (module.Suite/function) of the breadth tests described above.
breadth='^HitTestDifferentialTests\.(DifferentialTests/(staticForests|editSequences|conversions)\(|WideContainerGridTests/gridAgreesWithReference\(|IncrementalGridTests/movesWithoutRebuild\()|^HitTestCoreTests\.DeepTreeTests/millionDeep'

# The repeated-input tests described above.
replays='^HitKitSceneTests\.RepeatedInputTests/'

# The command on whole fixture corpora, described above.
corpora='^HitKitSceneTests\.(ScenarioFixtureTests/replayMeetsTheExpectation|InvalidSceneTests/theCommandExitsWithTwoAndPrintsNothing)\('

# The façade's random-stream property tests described above.
streams='^HitKitTests\.(DeliveryInvariantTests/everyBeganGetsExactlyOneEndOrCancelPerResponder|GestureInvariantTests/randomRecognizersNeverBreakTheStateMachineOrTheOneEndPromise|PointerDeliveryInvariantTests/everyBeganEndsOnceAndEveryHoverBeganEndsOnce)\('

# Skipped under ThreadSanitizer only (run under AddressSanitizer: they reach the hit maps, slabs
# and hubs, unsafe code the engine fuzz target's small forests do not reach): the engine's
# differential suites but the one whose snapshots are queried from other threads. Each drives one
# store on the thread it runs on, so there is nothing in them for ThreadSanitizer to find; they were
# a quarter of its run.
engine='^HitTestDifferentialTests\.(DifferentialTests|HitMapTests|IncrementalGridTests|SlabTests|SnapshotTests|SubviewReachDifferentialTests|WideContainerGridTests)/'

# Skipped under ThreadSanitizer only (run under AddressSanitizer, whose build of the command
# they run): the command's other runs over every file of a fixture corpus. Their work is in the
# child process, which runs it on one thread; what ThreadSanitizer can see of them (a test
# starting a process while others run) the command's single tests still show.
commands='^HitKitSceneTests\.(InvalidScenarioTests/replayExitsWithTwoAndPrintsNothing|SceneFixtureTests/(hitTestFromFile|hitTestFromStandardInput|chains|conversions)|ExplainCommandTests/theTraceIsTheCommittedOne)\('

# Skipped under ThreadSanitizer only (and run under AddressSanitizer, where their stack depth is
# the point, and by the plain `swift test`): the tests that work thousands of levels deep, the
# small-stack teardowns and the deep scene files. ThreadSanitizer records the calling stack of
# every allocation and synchronisation in its stack depot, and at those depths recording is most
# of the work: the 10,100-level file the parser refuses takes 0.27 s of CPU in the plain debug
# build and 85 s under ThreadSanitizer, 81 % of it in the depot (`perf`). Each test runs its work
# on one thread it starts and joins, so there is nothing in them for ThreadSanitizer to find.
deep='^TeardownTests\.|^HitKitSceneTests\.DeepSceneTests/'

which=all
phase=all
filter=()
checks=()
suffix=
skip=(--skip "$breadth|$replays|$streams|$corpora")
stride=4
while (($#)); do
  case "$1" in
    address|thread|all) which=$1 ;;
    --checks) checks=(-Xswiftc -DHITKIT_INTERNAL_CHECKS); suffix=-checked ;;
    --filter) filter=(--filter "$2"); shift ;;
    --every-test) skip=(); deep= engine= commands= stride=1 ;;
    --build-only) phase=build ;;
    --skip-build) phase=test ;;
    -h|--help) sed -n '2,38p' "$0"; exit 0 ;;
    *) echo "usage: $0 [address|thread|all] [--checks] [--filter REGEX] [--every-test] [--build-only|--skip-build]" >&2; exit 2 ;;
  esac
  shift
done

# Reports fail the run; LeakSanitizer runs at exit with ASan on Linux. ThreadSanitizer keeps
# going after a report (to list them all) and then exits non-zero.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# One suppression, for a leak inside Foundation's Process.run (see the file's comment).
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-foundation.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export TSAN_OPTIONS="halt_on_error=0${TSAN_OPTIONS:+:$TSAN_OPTIONS}"

summaries=()
failed=0

run() {
  local sanitizer=$1 scratch=$2 log
  log="$scratch/sanitizer-test.log"
  mkdir -p "$scratch"
  local started=$SECONDS status=0
  local skips=("${skip[@]}")
  [[ $sanitizer == thread && -n $deep ]] && skips+=(--skip "$deep|$engine|$commands")
  if [[ $phase != test ]]; then
    echo "== $sanitizer: building into $scratch"
    if ! swift build --build-tests --sanitize="$sanitizer" "${checks[@]}" --scratch-path "$scratch" >"$scratch/sanitizer-build.log" 2>&1; then
      tail -n 40 "$scratch/sanitizer-build.log"
      summaries+=("$sanitizer: BUILD FAILED ($((SECONDS - started)) s; see $scratch/sanitizer-build.log)")
      failed=1
      return
    fi
  fi
  local built=$SECONDS
  if [[ $phase == build ]]; then
    summaries+=("$sanitizer: built in $((built - started)) s")
    return
  fi
  echo "== $sanitizer: testing (log: $log)"
  HITKIT_SEED_STRIDE=${HITKIT_SEED_STRIDE:-$stride} swift test --skip-build --disable-xctest --sanitize="$sanitizer" "${checks[@]}" --scratch-path "$scratch" "${filter[@]}" "${skips[@]}" \
    >"$log" 2>&1 || status=$?
  local reports passed
  reports=$(grep -cE '^(==[0-9]+==ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer)' "$log")
  passed=$(grep -oE 'Test run with [0-9]+ tests?( in [0-9]+ suites?)? passed' "$log" | grep -oE '[0-9]+' | head -n 1)
  local verdict=clean
  if ((status != 0 || reports > 0)) || [[ -z $passed ]]; then
    verdict=FAILED
    failed=1
    grep -E -A 30 '^(==[0-9]+==ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer)' "$log" | head -n 120
    grep -E '^✘|error:' "$log" | head -n 20
  fi
  summaries+=("$sanitizer: $verdict — ${passed:-0} tests passed, $reports report(s), exit $status;" \
    "build $((built - started)) s, tests $((SECONDS - built)) s")
}

[[ $which == address || $which == all ]] && run address ".build-asan$suffix"
[[ $which == thread || $which == all ]] && run thread ".build-tsan$suffix"

echo
echo "== sanitizer summary"
printf '%s\n' "${summaries[@]}"
exit $failed
