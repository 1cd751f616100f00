#!/usr/bin/env bash
# Installs the C library into a temporary prefix and checks it as a toolkit would use it:
#   - the files, the SONAME and the links (Scripts/install-c-library.sh);
#   - its dependencies are the C and C++ runtimes only, with no RUNPATH (ldd, readelf -d);
#   - it exports hk_ symbols only, each with its ELF version node (Scripts/libhitkit.map): the
#     nodes run HITKIT_MAJOR.0 ... HITKIT_MAJOR.MINOR of the header, each has its row in Docs/CAPI.md,
#     whose newest row names every symbol of the newest node, and the map lists each symbol once
#     and only symbols the library defines;
#   - the header compiles as C99 and C++ (Scripts/check-header.sh);
#   - a client built with `pkg-config --cflags --libs hitkit` alone runs without LD_LIBRARY_PATH
#     and sees the header's version at run time; so does the C client of Tests/CClient;
#   - a store filled to HK_MAX_STORE_VIEWS refuses one more view (Tests/CClient/limits).
# Prints the library's size, its ldd output, the exported symbol count and the symbols per node.
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

echo "--- exported symbols and their versions"
# nm -D prints a versioned symbol as name@@NODE (its default version) and each version node of
# Scripts/libhitkit.map as an absolute (A) symbol of its own.
dynsyms=$(nm -D --defined-only "$lib")
versioned=$(awk '$2 ~ /^[TDBRVW]$/ { print $3 }' <<<"$dynsyms" | sort -u)
exported=$(sed 's/@.*//' <<<"$versioned" | sort -u)
count=$(grep -c . <<<"$exported")
others=$(grep -v '^hk_' <<<"$exported" || true)
if [ -z "$others" ]; then pass "$count symbols exported, all hk_"; else fail "exports non-hk_ symbols: $(head -5 <<<"$others" | tr '\n' ' ')"; fi
minor=$(sed -n 's/^#define HK_VERSION_MINOR \([0-9]*\).*/\1/p' "$prefix/include/hitkit.h")
map="$root/Scripts/libhitkit.map"
capi="$root/Docs/CAPI.md"
next_node="HITKIT_$major.$((minor + 1))"
# Every function the header declares is in the library (a declaration without a definition
# would link only in the client that never calls it).
declared=$(grep -Eo '\bhk_[a-z0-9_]+\(' "$prefix/include/hitkit.h" | tr -d '(' | sort -u)
missing=$(comm -23 <(grep -Ev '^hk_(make_|no_view|view_is_none|view_equal)' <<<"$declared" \
    | while read -r f; do grep -q "static inline [^(]*\b$f(" "$prefix/include/hitkit.h" || echo "$f"; done) \
    <(echo "$exported"))
if [ -z "$missing" ]; then pass "every non-inline function of the header is exported"
else fail "declared but not exported: $(tr '\n' ' ' <<<"$missing")— the library exports only what Scripts/libhitkit.map names: list each there by name, in a new node $next_node with HK_VERSION_MINOR raised to $((minor + 1)) (and define it, @_cdecl in Sources/HitKitC, if it is not)"; fi

# Every exported symbol has a version node (name@@HITKIT_x.y); a symbol without one would bind for
# any program whatever library it needs.
unversioned=$(grep -v '@@HITKIT_[0-9]*\.[0-9]*$' <<<"$versioned" | sed 's/@.*//' || true)
if [ -z "$unversioned" ]; then pass "every exported symbol has a version node (name@@HITKIT_x.y)"
else fail "exported without a version node: $(head -10 <<<"$unversioned" | tr '\n' ' ')($(grep -c . <<<"$unversioned") in all) — list each by name in Scripts/libhitkit.map, in the node of the minor version that added it (a new function: a new node $next_node and HK_VERSION_MINOR $((minor + 1)))"; fi
# node symbol, one a line
by_node=$(sed -n 's/^\(hk_[A-Za-z0-9_]*\)@@\(HITKIT_.*\)$/\2 \1/p' <<<"$versioned" | sort -V)
nodes=$(awk '$2 == "A" && $3 ~ /^HITKIT_/ { print $3 }' <<<"$dynsyms" | sort -Vu)
newest=$(tail -n 1 <<<"$nodes")
echo "symbols per node: $(for n in $nodes; do printf '%s %s, ' "$n" "$(awk -v n="$n" '$1 == n' <<<"$by_node" | grep -c . || true)"; done | sed 's/, $//')$([ -n "$nodes" ] || echo none)"

# The nodes are HITKIT_MAJOR.0 ... HITKIT_MAJOR.MINOR of the header, each inheriting the one before:
# a function added in a new node needs the minor version raised, and a raised minor needs its node.
expected=$(for ((m = 0; m <= minor; m++)); do echo "HITKIT_$major.$m"; done)
nodes_ok=1
if [ -z "$nodes" ]; then
    nodes_ok=0 expected=
    fail "the library has no version nodes — Scripts/libhitkit.map names each symbol in a node HITKIT_$major.0 … HITKIT_$major.$minor, one per minor version, each closed by the one before it (see its comment)"
fi
for n in $(comm -23 <(sort <<<"$nodes") <(sort <<<"$expected") | sort -V); do
    nodes_ok=0
    v=${n#HITKIT_}
    if [ "${v%%.*}" = "$major" ] && [ "${v#*.}" -gt "$minor" ]; then
        syms=$(awk -v n="$n" '$1 == n { print $2 }' <<<"$by_node")
        for f in $syms; do
            fail "$f is in $n but the header says $major.$minor — raise HK_VERSION_MINOR to ${v#*.} (HK_VERSION_PATCH to 0) in include/hitkit.h and add a | $v.0 | row to Docs/CAPI.md naming it"
        done
        [ -n "$syms" ] || fail "Scripts/libhitkit.map has the node $n but the header says $major.$minor — raise HK_VERSION_MINOR to ${v#*.} or remove the node"
    else
        fail "the node $n is not one of HITKIT_$major.0 … HITKIT_$major.$minor (the header says $major.$minor): nodes are named after the header's MAJOR and each MINOR up to its own"
    fi
done
for n in $(comm -13 <(sort <<<"$nodes") <(sort <<<"$expected") | sort -V); do
    nodes_ok=0
    if [ "$n" = "HITKIT_$major.$minor" ]; then
        fail "the header says $major.$minor but the newest node is ${newest:-none} — list the functions $major.$minor adds in a new node $n { global: hk_...; } ${newest:-}; in Scripts/libhitkit.map (a minor version that adds no function still gets its node, empty: $n { } ${newest:-};), or, if the change adds no declaration at all, it is a patch: put HK_VERSION_MINOR back and raise HK_VERSION_PATCH"
    else
        fail "no node $n in Scripts/libhitkit.map: there is one node per minor version, HITKIT_$major.0 … HITKIT_$major.$minor, each closed by the one before it (} HITKIT_x.y;)"
    fi
done
parents=$(readelf -V -W "$lib" | awk '/Name: HITKIT_/ { node = $NF } /Parent 1: / { print node, $NF; node = "" }')
for ((m = 1; m <= minor; m++)); do
    n="HITKIT_$major.$m" want="HITKIT_$major.$((m - 1))"
    grep -qx "$n" <<<"$nodes" || continue
    got=$(awk -v n="$n" '$1 == n { print $2 }' <<<"$parents")
    if [ "$got" != "$want" ]; then nodes_ok=0; fail "$n inherits '${got:-nothing}', not $want — close it with } $want; in Scripts/libhitkit.map"; fi
done
[ "$nodes_ok" = 0 ] || pass "nodes HITKIT_$major.0 … $newest, one per minor version up to the header's $major.$minor, each inheriting the one before"

# Each node's version has a row in Docs/CAPI.md's version table, and the newest row names every
# symbol of the newest node in full: a function slipped into a released node shows as an edit of
# that release's row.
rows_ok=1
for n in $nodes; do
    v=${n#HITKIT_}
    row=$(grep -F "| $v.0 |" "$capi" || true)
    if [ -z "$row" ]; then rows_ok=0; fail "$n has no row | $v.0 | in Docs/CAPI.md's version table (\"Versions and the ABI policy\") — add one saying what $v.0 added, naming its functions"; continue; fi
    [ "$n" = "$newest" ] || continue
    for f in $(awk -v n="$n" '$1 == n { print $2 }' <<<"$by_node"); do
        if ! grep -Fqw "$f" <<<"$row"; then
            rows_ok=0
            fail "$f is in $n but Docs/CAPI.md's | $v.0 | row does not name it — a function added after $v.0 was released goes in a new node $next_node (HK_VERSION_MINOR $((minor + 1)), a | $major.$((minor + 1)).0 | row naming it); if $v.0 did add it, name it in full in that row"
        fi
    done
done
[ "$rows_ok" = 0 ] || [ -z "$nodes" ] || pass "every node has its row in Docs/CAPI.md, and the | ${newest#HITKIT_}.0 | row names all $(awk -v n="$newest" '$1 == n' <<<"$by_node" | grep -c . || true) symbols of $newest"

# The map names each symbol once and only symbols the library defines: the linker ignores a
# second listing (the first node wins) and a name it cannot find, so only this check sees them.
listed=$(perl -0777 -ne 's{/\*.*?\*/}{}gs;
    while (/(?:([A-Za-z_][\w.]*)\s*)?\{(.*?)\}\s*[\w.]*\s*;/gs) {
        my ($node, $body) = ($1 // "(unnamed)", $2); $body =~ s/\blocal:.*//s; $body =~ s/\bglobal:/ /;
        for (split /;/, $body) { s/\s+//g; print "$node $_\n" if length } }' "$map")
map_ok=1
patterns=$(awk '$2 ~ /[*?[]/' <<<"$listed")
if [ -n "$patterns" ]; then map_ok=0; fail "Scripts/libhitkit.map exports by pattern ($(awk '{ printf "%s%s in %s", sep, $2, $1; sep = "; " }' <<<"$patterns")) — name each symbol in full, in the node of the minor version that added it"; fi
twice=$(awk '{ print $2 }' <<<"$listed" | sort | uniq -d)
for f in $twice; do
    map_ok=0
    fail "Scripts/libhitkit.map lists $f more than once ($(awk -v f="$f" '$2 == f { print $1 }' <<<"$listed" | paste -sd ' ' -)) — the linker keeps the first node (with a warning at most); keep it only in the node of the minor version that added it"
done
undefined=$(comm -23 <(awk '$2 !~ /[*?[]/ { print $2 }' <<<"$listed" | sort -u) <(echo "$exported"))
for f in $undefined; do
    map_ok=0
    fail "Scripts/libhitkit.map lists $f ($(awk -v f="$f" '$2 == f { print $1 }' <<<"$listed" | head -1)), which the library does not define — the linker ignores it; remove the line, or define the function (@_cdecl in Sources/HitKitC)"
done
[ "$map_ok" = 0 ] || pass "Scripts/libhitkit.map lists $(grep -c . <<<"$listed") symbols by name, each once, all defined"

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
