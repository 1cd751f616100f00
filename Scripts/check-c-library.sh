#!/usr/bin/env bash
# Installs the C library into a temporary prefix and checks it as a toolkit would use it:
#   - the files, the SONAME and the links (Scripts/install-c-library.sh);
#   - its dependencies are the C and C++ runtimes only, with no RUNPATH (ldd, readelf -d);
#   - it exports hk_ symbols only;
#   - the header compiles as C99 and C++ (Scripts/check-header.sh);
#   - a client built with `pkg-config --cflags --libs hitkit` alone runs without LD_LIBRARY_PATH
#     and sees the header's version at run time; so does the C client of Tests/CClient;
#   - a store filled to HK_MAX_STORE_VIEWS refuses one more view (Tests/CClient/limits).
# Prints the library's size, its ldd output and the exported symbol count.
#
# usage: Scripts/check-c-library.sh [PREFIX]   (default: a new temporary folder, removed after)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hitkit-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=${1:-$work/prefix}
failed=0
pass() { echo "PASS $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

bash "$root/Scripts/install-c-library.sh" "$prefix"
prefix=$(cd "$prefix" && pwd)
lib=$(readlink -f "$prefix/lib/libhitkit.so")
major=$(sed -n 's/^#define HK_VERSION_MAJOR \([0-9]*\).*/\1/p' "$prefix/include/hitkit.h")

echo "--- files and names"
for f in "lib/libhitkit.so.$major" lib/libhitkit.so include/hitkit.h lib/pkgconfig/hitkit.pc; do
    if [ -e "$prefix/$f" ]; then pass "$f"; else fail "missing $f"; fi
done
case "$(basename "$lib")" in libhitkit.so."$major".*.*) pass "libhitkit.so -> $(basename "$lib")";;
    *) fail "libhitkit.so resolves to $(basename "$lib")";; esac
soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
if [ "$soname" = "libhitkit.so.$major" ]; then pass "SONAME $soname"; else fail "SONAME '$soname'"; fi

echo "--- dependencies"
needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
echo "NEEDED: $needed"
for n in $needed; do
    case "$n" in
        libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|libstdc++.so.*|libgcc_s.so.*|ld-linux*) ;;
        *) fail "depends on $n (only the C and C++ runtimes are allowed)";;
    esac
done
if readelf -d "$lib" | grep -Eq '\((RUNPATH|RPATH)\)'; then
    fail "has a RUNPATH/RPATH: $(readelf -d "$lib" | grep -E '\((RUNPATH|RPATH)\)')"
else pass "no RUNPATH or RPATH"; fi
ldd_output=$(ldd "$lib")
echo "ldd:"; sed 's/^/    /' <<<"$ldd_output"
if grep -Eiq 'swift|Foundation|icu|dispatch|BlocksRuntime|not found' <<<"$ldd_output"; then fail "ldd lists a Swift, ICU or missing library"
else pass "ldd: C and C++ runtimes only"; fi

echo "--- exported symbols"
exported=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ { print $3 }' | sed 's/@.*//' | sort -u)
count=$(grep -c . <<<"$exported")
others=$(grep -v '^hk_' <<<"$exported" || true)
if [ -z "$others" ]; then pass "$count symbols exported, all hk_"; else fail "exports non-hk_ symbols: $(head -5 <<<"$others" | tr '\n' ' ')"; fi
# Every function the header declares is in the library (a declaration without a definition
# would link only in the client that never calls it).
declared=$(grep -Eo '\bhk_[a-z0-9_]+\(' "$prefix/include/hitkit.h" | tr -d '(' | sort -u)
missing=$(comm -23 <(grep -Ev '^hk_(make_|no_view|view_is_none|view_equal)' <<<"$declared" \
    | while read -r f; do grep -q "static inline [^(]*\b$f(" "$prefix/include/hitkit.h" || echo "$f"; done) \
    <(echo "$exported"))
if [ -z "$missing" ]; then pass "every non-inline function of the header is exported"
else fail "declared but not exported: $(tr '\n' ' ' <<<"$missing")"; fi

echo "--- header"
bash "$root/Scripts/check-header.sh" "$prefix/include/hitkit.h"

echo "--- a client built with pkg-config alone"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
unset LD_LIBRARY_PATH
cat >"$work/app.c" <<'C'
/* The smallest toolkit: a window with a button, one tap through an input frame. */
#include <hitkit.h>
#include <stdio.h>

static int taps;
static void on_action(const hk_action_event *event, void *user_data) {
    (void)user_data;
    printf("action %s\n", event->event_name);
    taps++;
}

int main(void) {
    hk_app *app = hk_app_create();
    hk_view window, button;
    hk_touch_input down = { 1, HK_PHASE_BEGAN, 1, 50, 30 }, up = { 1, HK_PHASE_ENDED, 1, 50, 30 };
    if (hk_version() != HK_VERSION) {
        printf("header %d, library %d\n", HK_VERSION, hk_version());
        return 1;
    }
    if (hk_app_window_create(app, hk_make_rect(0, 0, 320, 200), 0, &window) != HK_OK
        || hk_button_create(app, hk_make_rect(10, 10, 80, 40), &button) != HK_OK
        || hk_app_view_add_subview(app, button, window) != HK_OK
        || hk_control_set_action_callback(app, button, HK_EVENT_TOUCH_UP_INSIDE, on_action, NULL, NULL) != HK_OK
        || hk_app_send_frame(app, 0.0, &down, 1) != HK_OK
        || hk_app_send_frame(app, 0.1, &up, 1) != HK_OK) {
        printf("failed: %s\n", hk_last_error_message());
        return 1;
    }
    hk_app_destroy(app);
    printf("version %d, taps %d\n", hk_version(), taps);
    return taps == 1 ? 0 : 1;
}
C
echo "cc app.c $(pkg-config --cflags --libs hitkit)"
# shellcheck disable=SC2046
"${CC:-cc}" -std=c99 -Wall -Wextra -Werror -pedantic "$work/app.c" $(pkg-config --cflags --libs hitkit) -o "$work/app"
if output=$("$work/app"); then pass "client runs: $(tr '\n' ' ' <<<"$output")"; else fail "client: $output"; fi
if grep -q "$prefix/lib/libhitkit.so.$major" <<<"$(ldd "$work/app")"; then pass "client loads $prefix/lib/libhitkit.so.$major"
else fail "client loads: $(ldd "$work/app" | grep hitkit)"; fi

echo "--- the C client (Tests/CClient) against the installed library"
# shellcheck disable=SC2046
"${CC:-cc}" -std=c99 -Wall -Wextra -Werror -pedantic -pthread "$root"/Tests/CClient/*.c \
    $(pkg-config --cflags --libs hitkit) -lm -o "$work/client"
if (cd "$root" && "$work/client" Fixtures/scenes >"$work/client.log" 2>&1); then pass "C client: $(tail -n 1 "$work/client.log")"
else tail -n 20 "$work/client.log"; fail "C client"; fi

echo "--- a store filled to HK_MAX_STORE_VIEWS (Tests/CClient/limits), against the installed library"
# shellcheck disable=SC2046
"${CC:-cc}" -std=c99 -Wall -Wextra -Werror -pedantic "$root"/Tests/CClient/limits/view_limit.c \
    $(pkg-config --cflags --libs hitkit) -lm -o "$work/view_limit"
if output=$("$work/view_limit" 2>&1); then pass "$output"; else echo "$output" | tail -n 20; fail "view limit"; fi

echo
echo "libhitkit: $(stat -c %s "$lib") bytes, $count exported symbols, NEEDED $needed"
[ "$failed" -eq 0 ]
