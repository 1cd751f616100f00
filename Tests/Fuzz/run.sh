#!/usr/bin/env bash
# Builds the HitKit differential fuzzer (libFuzzer + AddressSanitizer) and runs it.
#
#   Tests/Fuzz/run.sh SECONDS        build if needed, fuzz for SECONDS, exit non-zero on any finding
#   Tests/Fuzz/run.sh --build-only   build only
#   Tests/Fuzz/run.sh --reproduce FILE   run one input (a crash file) and print its reproduction
#
# The committed corpus (Fixtures/fuzz-corpus) is a read-only seed: new inputs go to a temporary
# work corpus, so a run never changes the repository. Build products go to .build-fuzz/ (ignored
# by git); they are rebuilt only when a source file changed.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${HITKIT_FUZZ_BUILD_DIR:-$ROOT/.build-fuzz}"
FUZZER="$BUILD/hitkit-fuzz"
MODULES=(HitTestCore HitTestReference HitTestDifferential)
SWIFTC="${SWIFTC:-swiftc}"

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

build() {
  mkdir -p "$BUILD"
  local sources stamp
  sources=$(cd "$ROOT" && { for m in "${MODULES[@]}"; do find "Sources/$m" -name '*.swift'; done; echo Tests/Fuzz/FuzzTarget.swift; echo Tests/Fuzz/run.sh; } | LC_ALL=C sort)
  stamp=$(cd "$ROOT" && { "$SWIFTC" --version 2>&1; cat $sources; } | cksum)
  if [[ -x "$FUZZER" && -f "$BUILD/stamp" && "$(cat "$BUILD/stamp")" == "$stamp" ]]; then
    echo "fuzz: build up to date ($FUZZER)"
    return
  fi
  local start=$SECONDS
  # Every module is instrumented for coverage and checked by AddressSanitizer; -O keeps the
  # executions per second useful (overflow and bounds checks stay on).
  local flags=(-O -g -swift-version 6 -sanitize=fuzzer,address -parse-as-library
               -module-cache-path "$BUILD/module-cache" -I "$BUILD")
  for module in "${MODULES[@]}"; do
    echo "fuzz: compiling $module"
    # shellcheck disable=SC2046
    "$SWIFTC" "${flags[@]}" -wmo -c -module-name "$module" \
      -emit-module -emit-module-path "$BUILD/$module.swiftmodule" \
      -o "$BUILD/$module.o" $(cd "$ROOT" && find "$ROOT/Sources/$module" -name '*.swift' | LC_ALL=C sort)
  done
  echo "fuzz: linking $FUZZER"
  local objects=()
  for module in "${MODULES[@]}"; do objects+=("$BUILD/$module.o"); done
  "$SWIFTC" "${flags[@]}" -module-name HitKitFuzz "$ROOT/Tests/Fuzz/FuzzTarget.swift" \
    "${objects[@]}" -o "$FUZZER.tmp" 2>&1 | { grep -v "Cannot export local symbol '__asan" || true; }
  [[ ${PIPESTATUS[0]} -eq 0 ]] || { echo "fuzz: link failed" >&2; exit 1; }
  mv "$FUZZER.tmp" "$FUZZER"
  echo "$stamp" > "$BUILD/stamp"
  echo "fuzz: built in $((SECONDS - start)) s"
}

[[ $# -ge 1 ]] || usage
case "$1" in
  --build-only) build; exit 0 ;;
  --reproduce) [[ $# -eq 2 ]] || usage; build; exec "$FUZZER" "$2" ;;
  *[!0-9]*|'') usage ;;
esac
DURATION="$1"
build

WORK="$(mktemp -d "${TMPDIR:-/tmp}/hitkit-fuzz.XXXXXX")"
mkdir -p "$WORK/corpus" "$WORK/artifacts"
LOG="$WORK/fuzz.log"
echo "fuzz: running for $DURATION s; work corpus $WORK/corpus, seeds $ROOT/Fixtures/fuzz-corpus (read-only)"
set +e
# The first corpus directory receives new inputs; the committed seeds are only read.
"$FUZZER" -max_total_time="$DURATION" -print_final_stats=1 -timeout=10 -rss_limit_mb=4096 \
  -max_len=4096 -artifact_prefix="$WORK/artifacts/" \
  "$WORK/corpus" "$ROOT/Fixtures/fuzz-corpus" >"$LOG" 2>&1
STATUS=$?
set -e
# libFuzzer's progress lines, then its final statistics.
grep -E '^#[0-9]+' "$LOG" | tail -n 3 || true
grep -E '^stat::' "$LOG" || true
FINDINGS=$(find "$WORK/artifacts" -type f | wc -l)
echo "fuzz: exit status $STATUS, $FINDINGS finding(s), work corpus $(find "$WORK/corpus" -type f | wc -l) inputs"
if [[ $STATUS -ne 0 || $FINDINGS -ne 0 ]]; then
  echo "fuzz: FAILED — the fuzzer's report:" >&2
  grep -vE '^#[0-9]+' "$LOG" | tail -n 80 >&2
  for f in "$WORK/artifacts"/*; do
    [[ -f "$f" ]] || continue
    echo "fuzz: finding $f (reproduce: Tests/Fuzz/run.sh --reproduce $f); bytes (base64):" >&2
    base64 -w0 "$f" >&2; echo >&2
  done
  exit 1
fi
rm -rf "$WORK"
echo "fuzz: passed"
