#!/usr/bin/env bash
# Compiles include/hitkit.h (or HEADER) on its own as C99 and as C++11 with -Wall -Wextra -pedantic
# and warnings as errors, so the header stays usable from both languages. Every static inline
# wrapper is compiled (a C++ or strict C99 problem in one shows up here, not in a user's build).
# Then the conventions a compiler does not check (Scripts/header-conventions.pl): every setter
# storing a user_data takes a destroy notify last; every enum named as a function's output is what
# that function writes, as an int32_t typedef (not a typedef enum, whose size the compiler picks),
# and the C client's test_enum_outputs checks the values it writes. The
# rules are first run on a header that breaks each of them, which they must refuse.
#
# usage: Scripts/check-header.sh [HEADER]      CC and CXX pick the compilers (default cc and c++).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
header=$(cd "$(dirname "${1:-$root/include/hitkit.h}")" && pwd)/$(basename "${1:-hitkit.h}")
work=$(mktemp -d "${TMPDIR:-/tmp}/hitkit-header.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The translation unit takes the address of hk_version and checks the version macros at compile
# time, so a header that declares nothing usable fails too.
cat >"$work/use.c" <<C
#include "$header"
#if !defined(HK_VERSION_MAJOR) || !defined(HK_VERSION_MINOR) || !defined(HK_VERSION_PATCH)
#error "hitkit.h lacks the HK_VERSION_ macros"
#endif
#if HK_VERSION != HK_VERSION_NUMBER(HK_VERSION_MAJOR, HK_VERSION_MINOR, HK_VERSION_PATCH)
#error "HK_VERSION disagrees with HK_VERSION_MAJOR/MINOR/PATCH"
#endif
int32_t (*hitkit_version_function)(void) = hk_version;
C
cp "$work/use.c" "$work/use.cpp"

flags=(-Wall -Wextra -pedantic -Werror -fsyntax-only)
"${CC:-cc}" -std=c99 "${flags[@]}" "$work/use.c"
echo "C99: $header compiles with ${flags[*]}"
"${CXX:-c++}" -std=c++11 "${flags[@]}" "$work/use.cpp"
echo "C++11: $header compiles with ${flags[*]}"

conventions="$root/Scripts/header-conventions.pl"
cat >"$work/broken.h" <<'C'
typedef void (*hk_destroy_notify)(void *user_data);
hk_status hk_broken_setter(hk_app *app, hk_callback callback, void *user_data);
/** A kind, as hk_broken_kind_of writes it. */
typedef int32_t hk_kind;
enum { HK_KIND_A = 1, HK_KIND_B = 2 };
hk_status hk_broken_kind_of(const hk_app *app, int32_t *out);
/** Sizes (hk_broken_size_of). */
enum { HK_SIZE_SMALL = 1 };
hk_status hk_broken_size_of(const hk_app *app, int32_t *out);
hk_status hk_untested_kind_of(const hk_app *app, hk_kind *out);
/** A mode (hk_broken_mode_of). */
typedef enum { HK_MODE_A = 0 } hk_mode;
hk_status hk_broken_mode_of(const hk_app *app, hk_mode *out);
typedef enum { HK_SNAPSHOT_MISS = 0 } hk_snapshot_answer;
hk_status hk_broken_answer_of(const hk_app *app, hk_snapshot_answer *out);
C
printf 'void test_enum_outputs(void) {\n}\n' >"$work/client.c"
broken=$(perl "$conventions" "$work/broken.h" --client "$work/client.c" || true)
for rule in "user-data: hk_broken_setter" "enum-out: hk_kind names hk_broken_kind_of" \
            "enum-out: the enum of HK_SIZE_SMALL names hk_broken_size_of" "enum-test: hk_untested_kind_of" \
            "enum-type: hk_mode is a typedef enum" "enum-type: hk_snapshot_answer is kept as a typedef enum, but the header lacks"; do
    grep -qF "$rule" <<<"$broken" || { echo "header-conventions.pl misses a break: $rule" >&2; exit 1; }
done
client="$root/Tests/CClient/client.c"
if [ -f "$client" ]; then perl "$conventions" "$header" --client "$client"; else perl "$conventions" "$header"; fi
echo "conventions: user_data setters take a destroy notify last; enum outputs are typed, 4 bytes, written and tested"
