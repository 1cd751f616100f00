# Sourced by Scripts/install-c-library.sh and Scripts/check-benchmarks.sh, from the package's
# root: libhitkit's release build, in a scratch path of its own (HITKIT_CLIB_SCRATCH_PATH, default
# .build/clib, apart from the debug build so that neither invalidates the other).
#
# -static-stdlib: the Swift runtime goes into the library (SwiftPM's --static-swift-stdlib only
# applies to executables), and swiftc then adds no RUNPATH into the toolchain. --disable-local-rpath:
# no $ORIGIN RUNPATH either. --omit-frame-pointers: SwiftPM keeps frame pointers on Linux for the
# Swift runtime's backtraces, which a C host does not read; without them a C call is one jump to
# its Swift body and each function on a query's path saves one register fewer (about 15
# instructions of an hk_hit_test_screen call on a one-window store, Benchmarks/Peers/ccall.c).
# The flags reach only these builds, so Package.swift stays free of unsafe flags for the packages
# that depend on HitKit.
#
# The benchmark is built here too, with these flags and without the library's link flags: it
# reuses every module the library's build compiled (link flags are no input of a compile), and
# its instruction counts are of the machine code the C library ships, which the peers benchmark
# sets the C calls against.

release_scratch=${HITKIT_CLIB_SCRATCH_PATH:-.build/clib}

# release_build PRODUCT [swift build options…]
release_build() {
  local product=$1
  shift
  swift build -c release --scratch-path "$release_scratch" --product "$product" \
    -Xswiftc -static-stdlib --disable-local-rpath --omit-frame-pointers "$@"
}

release_bin_path() {
  swift build -c release --scratch-path "$release_scratch" --show-bin-path
}
