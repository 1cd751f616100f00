#!/usr/bin/env bash
# Builds the C library (release) and installs it under PREFIX:
#   PREFIX/lib/libhitkit.so.MAJOR.MINOR.PATCH   SONAME libhitkit.so.MAJOR, links libhitkit.so.MAJOR
#                                               and libhitkit.so beside it
#   PREFIX/include/hitkit.h
#   PREFIX/lib/pkgconfig/hitkit.pc              Cflags and Libs (with an rpath to PREFIX/lib)
# The Swift runtime is linked in statically, only the hk_ symbols are exported, each with its ELF
# version node (Scripts/libhitkit.map), unused sections are dropped and the result is stripped: the
# library needs only the C and C++ runtimes. The version comes from the HK_VERSION_ macros of
# include/hitkit.h.
#
# usage: Scripts/install-c-library.sh PREFIX
#   HITKIT_CLIB_SCRATCH_PATH  SwiftPM's build folder for this build (default .build/clib, apart from
#                             the debug build so that neither invalidates the other)
#   HITKIT_PC_RPATH=0         leave the rpath out of hitkit.pc (for a prefix on the loader's path,
#                             such as /usr/local after `ldconfig`)
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 PREFIX" >&2; exit 64; }
mkdir -p "$1"
prefix=$(cd "$1" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
header=include/hitkit.h

macro() { sed -n "s/^#define $1 \\([0-9][0-9]*\\).*/\\1/p" "$header"; }
major=$(macro HK_VERSION_MAJOR) minor=$(macro HK_VERSION_MINOR) patch=$(macro HK_VERSION_PATCH)
[ -n "$major" ] && [ -n "$minor" ] && [ -n "$patch" ] || { echo "no HK_VERSION_ macros in $header" >&2; exit 1; }
version="$major.$minor.$patch"
soname="libhitkit.so.$major"

# The build's flags and scratch path: Scripts/release-build.sh.
. Scripts/release-build.sh
# SwiftPM does not count the version script among the link's inputs: after an edit of the map the
# library would keep its old exports and their versions. Drop it so that the link runs again.
previous="$release_scratch/release/libHitKitC.so"
if [ -e "$previous" ] && [ Scripts/libhitkit.map -nt "$previous" ]; then rm -f "$previous"; fi
release_build HitKitC \
    -Xlinker --version-script="$root/Scripts/libhitkit.map" \
    -Xlinker -soname="$soname" \
    -Xlinker --gc-sections
built="$(release_bin_path)/libHitKitC.so"

mkdir -p "$prefix/lib/pkgconfig" "$prefix/include"
install -m 0755 "$built" "$prefix/lib/libhitkit.so.$version"
strip --strip-unneeded "$prefix/lib/libhitkit.so.$version"
ln -sfn "libhitkit.so.$version" "$prefix/lib/$soname"
ln -sfn "$soname" "$prefix/lib/libhitkit.so"
install -m 0644 "$header" "$prefix/include/hitkit.h"

rpath='-Wl,-rpath,${libdir} '
[ "${HITKIT_PC_RPATH:-1}" = 0 ] && rpath=
cat >"$prefix/lib/pkgconfig/hitkit.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: hitkit
Description: UIKit's touch-event model (hit testing, touches, gesture recognizers, controls) for C
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} ${rpath}-lhitkit
PC

echo "installed libhitkit $version in $prefix ($(stat -c %s "$prefix/lib/libhitkit.so.$version") bytes)"
