#!/usr/bin/env bash
# Builds HitKit's libFuzzer targets and runs them.
#
#   Tests/Fuzz/run.sh TARGET SECONDS        build if needed, fuzz TARGET for SECONDS (all: each
#                                           for SECONDS, one after another); exit 1 on any finding
#   Tests/Fuzz/run.sh --build-only [TARGET] build only (default: all)
#   Tests/Fuzz/run.sh --reproduce TARGET FILE   run one input (a crash file) and print its report
#
# TARGET is engine (the engine against the reference), dispatch (random frame streams through
# the façade), scene (bytes as scene and scenario files), capi (runs of C API calls, with bad
# handles and callbacks that re-enter) or all.
# HITKIT_FUZZ_SANITIZE=address (default) builds with AddressSanitizer; =none builds with libFuzzer
# alone, several times faster, for long runs (memory errors then go unseen unless they crash).
# HITKIT_FUZZ_CHECKS=1 builds with the engine's internal checks (-DHITKIT_INTERNAL_CHECKS: every
# promise of Sources/HitTestCore/Store/Promises.swift checked), into builds of its own.
#
# The committed corpora (Fixtures/fuzz-corpus/TARGET) are read-only seeds: new inputs go to a
# temporary work corpus, so a run never changes the repository. Build products go to .build-fuzz/
# (ignored by git): modules once per sanitizer setting, each target in .build-fuzz/TARGET/; each is
# rebuilt only when one of its sources changed.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${HITKIT_FUZZ_BUILD_DIR:-$ROOT/.build-fuzz}"
SANITIZE="${HITKIT_FUZZ_SANITIZE:-address}"
SWIFTC="${SWIFTC:-swiftc}"
TARGETS=(engine dispatch scene capi)
# Swift's own crash backtracer is off: libFuzzer and the sanitizers print the stack, and the
# backtracer's memory reads trip AddressSanitizer.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

case "$SANITIZE" in
  address) SANITIZER_FLAG=-sanitize=fuzzer,address; SUFFIX="" ;;
  none) SANITIZER_FLAG=-sanitize=fuzzer; SUFFIX="-nosan" ;;
  *) echo "fuzz: HITKIT_FUZZ_SANITIZE must be address or none" >&2; exit 2 ;;
esac
CHECKS=()
if [[ "${HITKIT_FUZZ_CHECKS:-0}" == 1 ]]; then
  CHECKS=(-D HITKIT_INTERNAL_CHECKS)
  SUFFIX="$SUFFIX-checked"
fi
MODULE_DIR="$BUILD/modules-$SANITIZE${CHECKS:+-checked}"
# -O keeps executions per second useful (overflow and bounds checks stay on); every module is
# instrumented for coverage.
FLAGS=(-O -g -swift-version 6 "$SANITIZER_FLAG" "${CHECKS[@]}" -parse-as-library -package-name hitkit
       -module-cache-path "$BUILD/module-cache" -I "$MODULE_DIR" -I "$ROOT/Sources/CHitKit")

# The modules each target links, dependencies first, and its Swift files (Tests/Fuzz/Name*.swift).
modules_of() {
  case "$1" in
    engine) echo HitTestCore HitTestReference HitTestDifferential ;;
    dispatch) echo HitTestCore HitKit ;;
    scene) echo HitTestCore HitKit HitKitScene ;;
    capi) echo HitTestCore HitKit HitKitScene HitKitC ;;
  esac
}
sources_of() { local name; name="$(tr '[:lower:]' '[:upper:]' <<<"${1:0:1}")${1:1}"; ls "$ROOT/Tests/Fuzz/$name"*.swift; }
fuzzer_of() { echo "$BUILD/$1/hitkit-fuzz-$1$SUFFIX"; }

# The target's libFuzzer options: input sizes that decode to a useful amount of work, and for the
# scene decoder a memory bound (one allocation, and the whole process).
options_of() {
  case "$1" in
    engine) echo -max_len=2048 -rss_limit_mb=2048 ;;
    dispatch) echo -max_len=2048 -rss_limit_mb=2048 ;;
    scene) echo -max_len=16384 -rss_limit_mb=1024 -malloc_limit_mb=256 -dict="$ROOT/Tests/Fuzz/scene.dict" ;;
    capi) echo -max_len=2048 -rss_limit_mb=2048 ;;
  esac
}

# Comparison tracing (libFuzzer's -sanitize=fuzzer default) pays only where code compares the
# input's own bytes: the scene decoder's JSON parser, and the dispatch decoder (compiled with the
# target). The other modules get edge coverage alone: their comparisons are on values derived from
# the input (the engine's harness even hashes its bytes, see ByteEntropy), which libFuzzer cannot
# steer by them, and tracing them took a fifth of each run.
coverage_of() {
  case "$1" in
    HitKitScene) ;;
    *) echo -sanitize-coverage=edge,pc-table,inline-8bit-counters ;;
  esac
}

# A stamp of everything an output depends on: the compiler, the flags and the files.
stamp_of() { { "$SWIFTC" --version 2>&1; echo "${FLAGS[*]}"; cat "$@"; } | cksum; }

# Compiles one module into $MODULE_DIR unless its stamp (its sources, and the stamps of the
# modules before it in the list) is unchanged.
compile_module() {
  local module="$1" deps_stamp="$2" sources stamp
  sources=$(find "$ROOT/Sources/$module" -name '*.swift' | LC_ALL=C sort)
  # shellcheck disable=SC2086
  stamp="$(stamp_of $sources; coverage_of "$module") $deps_stamp"
  if [[ -f "$MODULE_DIR/$module.o" && "$(cat "$MODULE_DIR/$module.stamp" 2>/dev/null)" == "$stamp" ]]; then
    MODULE_STAMP="$stamp"
    return
  fi
  echo "fuzz: compiling $module ($SANITIZE)"
  # shellcheck disable=SC2086
  "$SWIFTC" "${FLAGS[@]}" $(coverage_of "$module") -wmo -c -module-name "$module" \
    -emit-module -emit-module-path "$MODULE_DIR/$module.swiftmodule" -o "$MODULE_DIR/$module.o" $sources
  echo "$stamp" > "$MODULE_DIR/$module.stamp"
  MODULE_STAMP="$stamp"
}

# Compiles what a target links (the modules of modules_of, in order) and leaves its objects in
# TARGET_OBJECTS and its stamp in TARGET_STAMP for link_target.
compile_modules() {
  local target="$1" module stamp=""
  TARGET_START=$SECONDS
  TARGET_OBJECTS=()
  mkdir -p "$MODULE_DIR" "$BUILD/$target"
  for module in $(modules_of "$target"); do
    compile_module "$module" "$stamp"
    stamp="$MODULE_STAMP"
    TARGET_OBJECTS+=("$MODULE_DIR/$module.o")
  done
  # shellcheck disable=SC2046
  TARGET_STAMP="$(stamp_of $(sources_of "$target") "$0") $stamp"
}

# Links a target from what compile_modules left, unless it is up to date.
link_target() {
  local target="$1" fuzzer fresh=1 object
  fuzzer="$(fuzzer_of "$target")"
  for object in "${TARGET_OBJECTS[@]}"; do [[ "$fuzzer" -nt "$object" ]] || fresh=0; done
  if [[ $fresh -eq 1 && -x "$fuzzer" && "$(cat "$fuzzer.stamp" 2>/dev/null)" == "$TARGET_STAMP" ]]; then
    echo "fuzz: $target up to date ($fuzzer)"
    return
  fi
  echo "fuzz: linking $fuzzer"
  # shellcheck disable=SC2046
  "$SWIFTC" "${FLAGS[@]}" -module-name "HitKitFuzz" $(sources_of "$target") "${TARGET_OBJECTS[@]}" \
    -o "$fuzzer.tmp" 2>&1 | { grep -v "Cannot export local symbol '__asan" || true; }
  [[ ${PIPESTATUS[0]} -eq 0 ]] || { echo "fuzz: link failed" >&2; exit 1; }
  mv "$fuzzer.tmp" "$fuzzer"
  echo "$TARGET_STAMP" > "$fuzzer.stamp"
  echo "fuzz: $target built in $((SECONDS - TARGET_START)) s"
}

build() {
  compile_modules "$1"
  link_target "$1"
}

# Fuzzes one target for $2 seconds; returns 1 on a finding.
fuzz() {
  local target="$1" duration="$2" work log status findings fuzzer seeds
  fuzzer="$(fuzzer_of "$target")"
  seeds="$ROOT/Fixtures/fuzz-corpus/$target"
  work="$(mktemp -d "${TMPDIR:-/tmp}/hitkit-fuzz-$target.XXXXXX")"
  mkdir -p "$work/corpus" "$work/artifacts"
  log="$work/fuzz.log"
  echo "fuzz: $target ($SANITIZE) for $duration s; work corpus $work/corpus, seeds $seeds (read-only)"
  set +e
  # AddressSanitizer records a 30-frame stack at every allocation and keeps 256 MB of freed
  # memory in quarantine; an input allocates well under 16 MB, and five frames name the
  # allocating call, so fuzzing runs a tenth faster with no loss of what a run can catch
  # (--reproduce keeps the full defaults for the report).
  # shellcheck disable=SC2034
  local -x ASAN_OPTIONS="${ASAN_OPTIONS:-malloc_context_size=5:quarantine_size_mb=16}"
  # The first corpus directory receives new inputs; the committed seeds are only read.
  # shellcheck disable=SC2046
  # HITKIT_FUZZ_SEED fixes libFuzzer's random seed (CI sets it: a run then mutates the same way
  # each time, so a red CI names a change, not luck); unset, every run explores anew.
  "$fuzzer" -max_total_time="$duration" -print_final_stats=1 -timeout=10 $(options_of "$target") \
    ${HITKIT_FUZZ_SEED:+-seed="$HITKIT_FUZZ_SEED"} \
    -artifact_prefix="$work/artifacts/" "$work/corpus" "$seeds" >"$log" 2>&1
  status=$?
  set -e
  # libFuzzer's last progress lines, then its final statistics.
  grep -E '^#[0-9]+' "$log" | tail -n 2 || true
  grep -E '^stat::' "$log" || true
  findings=$(find "$work/artifacts" -type f | wc -l)
  echo "fuzz: $target exit status $status, $findings finding(s), work corpus $(find "$work/corpus" -type f | wc -l) inputs"
  if [[ $status -ne 0 || $findings -ne 0 ]]; then
    echo "fuzz: $target FAILED — the fuzzer's report:" >&2
    grep -vE '^#[0-9]+' "$log" | tail -n 80 >&2
    for f in "$work/artifacts"/*; do
      [[ -f "$f" ]] || continue
      echo "fuzz: finding $f (reproduce: Tests/Fuzz/run.sh --reproduce $target $f); bytes (base64):" >&2
      base64 -w0 "$f" >&2; echo >&2
    done
    return 1
  fi
  rm -rf "$work"
}

# The targets a TARGET argument names.
targets_of() {
  case "$1" in
    all) echo "${TARGETS[@]}" ;;
    engine|dispatch|scene|capi) echo "$1" ;;
    *) usage ;;
  esac
}

# Builds the given targets, two at a time where they share no module: after HitTestCore, which
# every target links, the engine's own modules (the reference, the differential harness) compile
# on one core while the façade's (HitKit, then HitKitScene, then HitKitC) compile on the other,
# each façade target linking beside the next one's compile. Each module is one single-threaded
# whole-module compile, so one at a time would leave a core idle.
build_targets() {
  local jobs=() job status=0 t
  if [[ $# -eq 1 ]]; then
    build "$1"
    return
  fi
  mkdir -p "$MODULE_DIR"
  compile_module HitTestCore ""
  for t in "$@"; do
    if [[ $t == engine ]]; then
      build engine & jobs+=($!)
    else
      compile_modules "$t"
      link_target "$t" & jobs+=($!)
    fi
  done
  for job in "${jobs[@]}"; do wait "$job" || status=1; done
  return "$status"
}

[[ $# -ge 1 ]] || usage
case "$1" in
  --build-only)
    [[ $# -le 2 ]] || usage
    # shellcheck disable=SC2046
    build_targets $(targets_of "${2:-all}")
    exit 0 ;;
  --reproduce)
    [[ $# -eq 3 && "$2" != all ]] || usage
    targets_of "$2" >/dev/null
    build "$2"
    exec "$(fuzzer_of "$2")" $(options_of "$2" | tr ' ' '\n' | grep -v '^-max_len') "$3" ;;
esac
[[ $# -eq 2 && "$2" != *[!0-9]* && -n "$2" ]] || usage
SELECTED=$(targets_of "$1")
# shellcheck disable=SC2086
build_targets $SELECTED
FAILED=()
for t in $SELECTED; do fuzz "$t" "$2" || FAILED+=("$t"); done
if [[ ${#FAILED[@]} -ne 0 ]]; then
  echo "fuzz: findings in: ${FAILED[*]}" >&2
  exit 1
fi
echo "fuzz: passed ($SELECTED)"
