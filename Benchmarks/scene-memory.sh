#!/usr/bin/env bash
# Peak memory of loading large generated scenes with the release `hitkit` command.
#
#   bash Benchmarks/scene-memory.sh [VIEWS…]      (default: 10000 100000 1000000)
#
# Targets, checked for every scene at the end (the script fails when one is missed): the whole
# command at most 8x the scene file, the built scene at most 300 bytes a view.
#
# Each scene is one window holding containers of 100 views, every view with an id and a frame
# (about 46 bytes of JSON a view). Two figures per scene, each against the file's size:
# - the whole command: `hitkit hit-test SCENE /dev/null` loads the scene, builds it and answers no
#   points; its peak resident set and wall time (GNU time's %M and %e), "net" less the peak of the
#   same command on a one-view scene (the runtime's own memory);
# - the loader alone: a small program (written and built here in a temporary package that depends
#   on this checkout) loads a one-view scene, then reads its peak resident set (VmHWM) before and
#   after `SceneLoader.load(contentsOf:)` of the scene: the difference is what reading and
#   decoding it took;
# - the built scene: the same program then builds the loaded scene into façade objects
#   (`SceneBuilder.build`, what the command does next) and reads its resident set (VmRSS) before
#   and after: what the built views, responders and the store took, per view of the scene.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(10000 100000 1000000)

swift build -c release --product hitkit >/dev/null
hitkit="$(swift build -c release --show-bin-path)/hitkit"
work=$(mktemp -d "${TMPDIR:-/tmp}/hitkit-scene-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The loader-alone program.
mkdir -p "$work/scene-load-memory/Sources/SceneLoadMemory"
cat > "$work/scene-load-memory/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "SceneLoadMemory",
    dependencies: [.package(name: "HitKit", path: "$PWD")],
    targets: [.executableTarget(name: "SceneLoadMemory", dependencies: [.product(name: "HitKitScene", package: "HitKit")])]
)
MANIFEST
cat > "$work/scene-load-memory/Sources/SceneLoadMemory/main.swift" <<'SOURCE'
import Foundation
import HitKitScene

/// A figure of /proc/self/status in KiB: "VmHWM" the peak resident set so far, "VmRSS" the current one.
func statusKiB(_ key: String) -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix(key + ":") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
func peakKiB() -> Int { statusKiB("VmHWM") }

// A one-view scene first, so that code and runtime state touched by any load are not counted.
_ = try SceneLoader.load(contentsOf: CommandLine.arguments[2])
let before = peakKiB()
let start = Date()
let scene = try SceneLoader.load(contentsOf: CommandLine.arguments[1])
let seconds = Date().timeIntervalSince(start)
let loaded = peakKiB() - before
// The built scene: the resident set before and after building, the description kept meanwhile.
let residentBefore = statusKiB("VmRSS")
let built = try SceneBuilder.build(scene)
let builtBytes = (statusKiB("VmRSS") - residentBefore) * 1024
print(loaded, String(format: "%.2f", seconds), builtBytes, built.windows.count)
SOURCE
swift build -c release --package-path "$work/scene-load-memory" >/dev/null
loader="$(swift build -c release --package-path "$work/scene-load-memory" --show-bin-path)/SceneLoadMemory"

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

# "PEAK_KIB SECONDS" of one run of the command on a scene.
measure() { /usr/bin/time -f '%M %e' "$hitkit" hit-test "$1" /dev/null 2>&1 >/dev/null | tail -1; }

generate 1 "$work/one.json"
read -r baseline _ < <(measure "$work/one.json")
echo "baseline (one-view scene): peak RSS ${baseline} KiB"
printf '%10s %12s | %-47s | %-34s | %s\n' "" "" "the whole command" "the loader alone" "built"
printf '%10s %12s | %10s %10s %8s %6s %8s | %10s %6s %6s %8s | %6s\n' views "file bytes" "peak KiB" "net KiB" "net/file" "B/view" seconds \
  "peak KiB" "/file" "B/view" seconds "B/view"
for views in "${sizes[@]}"; do
  generate "$views" "$work/scene.json"
  bytes=$(stat -c %s "$work/scene.json")
  read -r peak seconds < <(measure "$work/scene.json")
  read -r loaded loadSeconds builtBytes _ < <("$loader" "$work/scene.json" "$work/one.json")
  net=$((peak - baseline))
  awk -v v="$views" -v b="$bytes" -v p="$peak" -v n="$net" -v s="$seconds" -v l="$loaded" -v ls="$loadSeconds" \
    -v bb="$builtBytes" \
    'BEGIN { printf "%10d %12d | %10d %10d %8.1f %6.0f %8.2f | %10d %6.1f %6.0f %8.2f | %6.0f\n",
             v, b, p, n, n * 1024 / b, n * 1024 / v, s, l, l * 1024 / b, l * 1024 / v, ls, bb / v }' \
    | tee -a "$work/rows"
done

# The targets, per scene: the whole command at most 8x the file (net of the runtime), the built
# scene at most 300 bytes a view. The script fails when a scene misses either.
echo
awk '{ printf "%d views: whole command %.1fx the file (target <= 8x): %s; built scene %s B/view (target <= 300): %s\n",
       $1, $6, ($6 <= 8 ? "met" : "NOT MET"), $NF, ($NF <= 300 ? "met" : "NOT MET")
       if ($6 > 8 || $NF > 300) missed = 1 }
     END { exit missed }' "$work/rows" || { echo "scene-memory: a target is not met" >&2; exit 1; }
