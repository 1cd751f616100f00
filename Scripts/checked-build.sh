#!/usr/bin/env bash
# The unsafe code's promises, checked: builds the package and its tests with
# -DHITKIT_INTERNAL_CHECKS in a scratch path of its own (.build-checked), runs the tests there,
# then builds the engine's fuzz target with the same checks and fuzzes it briefly.
#
#   Scripts/checked-build.sh [--fuzz-seconds N] [--every-test] [--build-only|--skip-build]
#
# Under the checks (Sources/HitTestCore/Store/Promises.swift says what they check): every row
# record and side unit is reached through a pointer that asserts its index, its alignment and
# that each load stays in its room; the exclusivity fences that name the condition (the engine's,
# and the façade's) become checked accesses; the non-owning links they fence (`unowned(unsafe)`,
# `Unmanaged`) become `unowned`, which traps rather than read a freed object.
#
# Left out of the test run unless --every-test is given: the engine's breadth tests (random
# forests, edit sequences and grids against the reference, million-deep chains; the list is
# Scripts/sanitizers.sh's). Their comparison of the engine with the reference is what the
# engine's fuzz target makes, which runs here with the same checks on; and under the checks
# they take four times their plain time. Every other test runs.
#
# The fuzz target is built without AddressSanitizer (CI fuzzes it with AddressSanitizer in its
# own step): the point here is the checks, at the plain build's speed. A fixed libFuzzer seed
# unless HITKIT_FUZZ_SEED is set. Exits non-zero when a build, a test, a check or the fuzzer fails.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-checked
fuzz_seconds=30
phase=all
skip=(--skip '^HitTestDifferentialTests\.(DifferentialTests/(staticForests|editSequences|conversions)\(|WideContainerGridTests/gridAgreesWithReference\(|IncrementalGridTests/movesWithoutRebuild\()|^HitTestCoreTests\.DeepTreeTests/millionDeep')
while (($#)); do
  case "$1" in
    --fuzz-seconds) fuzz_seconds=$2; shift ;;
    --every-test) skip=() ;;
    --build-only) phase=build ;;
    --skip-build) phase=test ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [--fuzz-seconds N] [--every-test] [--build-only|--skip-build]" >&2; exit 2 ;;
  esac
  shift
done

checks=(-Xswiftc -DHITKIT_INTERNAL_CHECKS)
fuzz=(env HITKIT_FUZZ_CHECKS=1 HITKIT_FUZZ_SANITIZE=none "HITKIT_FUZZ_SEED=${HITKIT_FUZZ_SEED:-1}" bash Tests/Fuzz/run.sh)
mkdir -p "$scratch"

if [[ $phase != test ]]; then
  started=$SECONDS
  echo "== checked build into $scratch"
  if ! swift build --build-tests "${checks[@]}" --scratch-path "$scratch" >"$scratch/checked-build.log" 2>&1; then
    tail -n 40 "$scratch/checked-build.log"
    echo "checked-build: the build failed (see $scratch/checked-build.log)" >&2
    exit 1
  fi
  "${fuzz[@]}" --build-only engine
  echo "checked-build: built in $((SECONDS - started)) s"
  [[ $phase == build ]] && exit 0
fi

started=$SECONDS
log="$scratch/checked-test.log"
left_out=""
((${#skip[@]})) && left_out=" (the engine's breadth tests left out: the fuzz target below covers them)"
echo "== swift test with the internal checks$left_out"
status=0
swift test --skip-build "${checks[@]}" --scratch-path "$scratch" "${skip[@]}" >"$log" 2>&1 || status=$?
grep -E 'Test run with|Precondition failed|Fatal error|Simultaneous accesses|✘' "$log" | tail -n 20 || true
# Swift Testing exits 0 when it runs nothing: refuse that.
if [[ $status -ne 0 ]] || ! grep -Eq 'Test run with [1-9][0-9]* tests?( in [0-9]+ suites?)? passed' "$log"; then
  echo "checked-build: the tests failed under the internal checks (see $log)" >&2
  exit 1
fi
echo "checked-build: tests passed in $((SECONDS - started)) s"

started=$SECONDS
"${fuzz[@]}" engine "$fuzz_seconds"
echo "checked-build: the engine fuzz target ran $fuzz_seconds s under the checks with no finding ($((SECONDS - started)) s)"
