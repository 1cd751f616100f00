#!/usr/bin/env bash
# Opens the HTML report of `hitkit explain --html` in a real headless browser (Chromium from
# Debian's packages, installed here when missing) and checks its rendered DOM and a screenshot
# (Scripts/check-explain-report.py): the lanes, the highlighted hit path and the colours that
# Fixtures/scenarios/why-tap-eaten-by-pan.json must show.
# Exit status: 0 checked, 1 a check failed, 2 the browser could not be installed or run.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${HITKIT_REPORT_DIR:-.build/explain-report}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
rm -f "$out/report.html" "$out/report.png" "$out/dom.html"

if ! command -v chromium >/dev/null || ! command -v python3 >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core python3; } \
    || { echo "check-explain-report: could not install chromium" >&2; exit 2; }
fi

swift build --product hitkit
hitkit="$(swift build --show-bin-path)/hitkit"
"$hitkit" explain Fixtures/scenarios/why-tap-eaten-by-pan.json --html "$out/report.html" >/dev/null
page="file://$out/report.html"
browser=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1
         --window-size=1280,900 --user-data-dir="$out/profile")
"${browser[@]}" --dump-dom "$page" >"$out/dom.html" 2>"$out/chromium.log" \
  || { cat "$out/chromium.log" >&2; exit 2; }
"${browser[@]}" --screenshot="$out/report.png" "$page" 2>>"$out/chromium.log" \
  || { cat "$out/chromium.log" >&2; exit 2; }
[[ -s "$out/report.png" ]] || { tail -n 5 "$out/chromium.log" >&2; echo "check-explain-report: no screenshot" >&2; exit 2; }
python3 Scripts/check-explain-report.py "$out/dom.html" "$out/report.png"
