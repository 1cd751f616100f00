#!/usr/bin/env bash
# Peak memory of loading large generated scenes with the release `hitkit` command.
#
#   bash Benchmarks/scene-memory.sh [VIEWS…]      (default: 10000 100000 1000000)
#
# Each scene is one window holding containers of 100 views, every view with an id and a frame
# (about 40 bytes of JSON a view). `hitkit hit-test SCENE /dev/null` loads the scene, builds it
# and answers no points; its peak resident set (GNU time's %M) is compared with the file's size.
# "net" subtracts the peak of the same command on a one-view scene (the runtime's own memory).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(10000 100000 1000000)

swift build -c release --product hitkit >/dev/null
hitkit="$(swift build -c release --show-bin-path)/hitkit"
work=$(mktemp -d "${TMPDIR:-/tmp}/hitkit-scene-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT

generate() {  # generate VIEWS FILE
  awk -v n="$1" 'BEGIN {
    printf "{\"windows\": [{\"id\": \"w\", \"frame\": [0, 0, 1000, 1000], \"subviews\": [\n"
    containers = int((n + 99) / 100)
    made = 0
    for (c = 0; c < containers; c++) {
      printf "%s{\"id\": \"c%d\", \"frame\": [%d, %d, 100, 100], \"subviews\": [", (c ? ",\n" : ""), c, (c % 10) * 100, int(c / 10) % 10 * 100
      for (v = 0; v < 100 && made < n; v++) {
        printf "%s{\"id\": \"v%d\", \"frame\": [%d, %d, 10, 10]}", (v ? ", " : ""), made, (v % 10) * 10, int(v / 10) * 10
        made++
      }
      printf "]}"
    }
    printf "\n]}]}\n"
  }' > "$2"
}

peak_kib() { /usr/bin/time -f %M "$hitkit" hit-test "$1" /dev/null 2>&1 >/dev/null | tail -1; }

generate 1 "$work/one.json"
baseline=$(peak_kib "$work/one.json")
echo "baseline (one-view scene): peak RSS ${baseline} KiB"
printf '%10s %12s %14s %14s %10s %12s\n' views "file bytes" "peak KiB" "net KiB" "net/file" "bytes/view"
for views in "${sizes[@]}"; do
  generate "$views" "$work/scene.json"
  bytes=$(stat -c %s "$work/scene.json")
  peak=$(peak_kib "$work/scene.json")
  net=$((peak - baseline))
  awk -v v="$views" -v b="$bytes" -v p="$peak" -v n="$net" \
    'BEGIN { printf "%10d %12d %14d %14d %10.1f %12.0f\n", v, b, p, n, n * 1024 / b, n * 1024 / v }'
done
