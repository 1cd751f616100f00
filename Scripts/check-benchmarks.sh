#!/usr/bin/env bash
# Holds the benchmark to Benchmarks/thresholds.json: builds the release benchmark with libhitkit's
# flags (Scripts/release-build.sh: the file records that machine code's counts), counts each
# row's instructions per query under valgrind --tool=callgrind (warm; the same on any machine
# running the same binary) and its allocations once warm, and fails when a row is over its limit.
# Installs valgrind from Debian's packages when it is missing.
#
#   Scripts/check-benchmarks.sh            check (CI runs this)
#   Scripts/check-benchmarks.sh --write    count and write the file again (commit the diff with
#                                          the change that moved the rows, saying why); refused
#                                          when a row allocates more than the file allowed
#   ... --write --allow-more-allocations   write it all the same (a row that allocates by design)
#   Scripts/check-benchmarks.sh --build-only   build the release benchmark and stop (CI builds it
#                                          beside the peers and fuzz runs, then checks with
#                                          --skip-build)
#   Scripts/check-benchmarks.sh --skip-build   check what an earlier --build-only built
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/release-build.sh

mode=--check
phase=all
extra=()
for arg in "$@"; do
  case "$arg" in
    --write) mode=--write-thresholds ;;
    --allow-more-allocations) extra+=("$arg") ;;
    --build-only) phase=build ;;
    --skip-build) phase=check ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [--write [--allow-more-allocations]] [--build-only|--skip-build]" >&2; exit 2 ;;
  esac
done

if [[ $phase != build ]] && ! command -v valgrind >/dev/null; then
  echo "check-benchmarks: installing valgrind"
  apt-get update -qq && apt-get install -y -qq valgrind >/dev/null
fi

if [[ $phase != check ]]; then
  started=$SECONDS
  log=$(mktemp "${TMPDIR:-/tmp}/hitkit-benchmarks-build.XXXXXX")
  trap 'rm -f "$log"' EXIT
  if ! release_build HitTestBenchmarks >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "check-benchmarks: the release build failed" >&2
    exit 1
  fi
  echo "check-benchmarks: release build in $((SECONDS - started)) s"
  [[ $phase == build ]] && exit 0
fi
"$(release_bin_path)/HitTestBenchmarks" "$mode" Benchmarks/thresholds.json "${extra[@]}"
