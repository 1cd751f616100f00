#!/usr/bin/env bash
# Compiles include/hitkit.h (or HEADER) on its own as C99 and as C++11 with -Wall -Wextra -pedantic
# and warnings as errors, so the header stays usable from both languages. Every static inline
# wrapper is compiled (a C++ or strict C99 problem in one shows up here, not in a user's build).
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
