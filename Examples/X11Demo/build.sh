#!/usr/bin/env bash
# Builds the X11 demo and prints the path of its executable.
#
# usage: Examples/X11Demo/build.sh LOG
#   LOG receives SwiftPM's output. On a failed build the errors go to standard error and the
#   exit status is 2 (the demo scripts' "could not run").
#
# The demo builds in the root package's scratch path (.build): SwiftPM compiles HitKit's modules
# there with the same commands whichever package is the root, so once `swift build` or
# `swift test` has run, only the demo's own module is compiled (a few seconds; a scratch path of
# the demo's own compiled the whole package again, about a minute of CPU), and the root's next
# build finds nothing to do.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
log=${1:?usage: $0 LOG}
# The root package is built too: a broken root checkout stops here, with its errors.
if ! swift build --package-path "$here" --scratch-path "$root/.build" >"$log" 2>&1; then
    grep -E 'error' "$log" | head -n 20 >&2
    echo "build failed (full log: $log)" >&2
    exit 2
fi
echo "$(swift build --package-path "$here" --scratch-path "$root/.build" --show-bin-path)/X11Demo"
