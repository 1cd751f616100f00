#!/usr/bin/env bash
# Runs the C client (run.sh builds it) under valgrind's memcheck: zero errors and no memory
# definitely or indirectly lost. Installs valgrind with apt-get when it is missing.
#
# The suppressions file (swift-runtime.supp) only covers the Swift runtime's one-time
# allocations (type metadata, conformance caches, thread-local state made once per thread),
# which valgrind may report as "possibly lost" because the runtime keeps interior pointers to
# them; "still reachable" blocks are the runtime's and are not counted.
#
# --fair-sched=yes: memcheck runs one thread at a time, and by default a thread that spins on
# valgrind's lock can keep it; the snapshot race's owner thread, yielding while two queriers
# spin, was once starved for over a quarter of an hour. With the fair lock the threads take
# turns.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
if ! command -v valgrind >/dev/null; then
    apt-get update -qq && apt-get install -y -qq valgrind >/dev/null
fi
# This builds the client and also runs it natively against the plain debug library (all its
# checks, the full-depth chains and every race round; a failed check fails this script): CI's C
# API step runs the client against the AddressSanitizer build with the internal checks, so this
# is CI's one plain debug run of it.
bash Tests/CClient/run.sh >/dev/null
scratch="${HITKIT_SCRATCH_PATH:-.build}"
log="$scratch/cclient/valgrind.log"
# Chains of 1,000 views for the deep teardowns (Tests/CClient/deep.c says why).
HITKIT_CCLIENT_DEEP_CHAIN=1000 HITKIT_CCLIENT_RACE_ROUNDS=1 valgrind --tool=memcheck --fair-sched=yes --error-exitcode=3 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
    --suppressions=Tests/CClient/swift-runtime.supp --log-file="$log" \
    "$scratch/cclient/client" Fixtures/scenes
grep -E "ERROR SUMMARY|definitely lost|indirectly lost" "$log"
grep -q "ERROR SUMMARY: 0 errors" "$log"
echo "valgrind: no errors, nothing definitely or indirectly lost"
