#!/usr/bin/env bash
# Fails when building the package and its tests prints a compiler warning.
#
# Warnings are printed only when a file is compiled, so the count is taken from a build from
# scratch: in the default .build when it does not exist yet (CI's fresh clone, where the later
# steps then reuse the build), otherwise in a temporary scratch directory.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp "${TMPDIR:-/tmp}/hitkit-warnings-log.XXXXXX")
scratch=.build
if [[ -e $scratch ]]; then
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/hitkit-warnings.XXXXXX")
  trap 'rm -rf "$scratch" "$log"' EXIT
else
  trap 'rm -f "$log"' EXIT
fi

status=0
swift build --build-tests --scratch-path "$scratch" >"$log" 2>&1 || status=$?
if [[ $status -ne 0 ]]; then
  cat "$log"
  echo "check-warnings: the build failed" >&2
  exit "$status"
fi
count=$(grep -c 'warning:' "$log" || true)
if [[ $count -ne 0 ]]; then
  grep -A3 'warning:' "$log"
  echo "check-warnings: $count compiler warning line(s); the build must have none" >&2
  exit 1
fi
echo "check-warnings: no compiler warnings"
