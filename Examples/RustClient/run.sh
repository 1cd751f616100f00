#!/usr/bin/env bash
# Builds the Rust client against libhitkit installed in PREFIX (Scripts/install-c-library.sh
# PREFIX) with pkg-config alone, runs it and compares its output with expected.txt.
#
# usage: Examples/RustClient/run.sh PREFIX
#   CARGO_TARGET_DIR  where cargo builds (default: target/ beside this script)
#   CARGO             the cargo to run (default: cargo on PATH, else ~/.cargo/bin/cargo, else
#                     Debian's, installed with apt-get when run as root; Rust 1.63 or newer)
# Exits 2 when no cargo can be found or installed, else non-zero when the build fails, the
# client fails or its output differs.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 PREFIX" >&2; exit 64; }
here=$(cd "$(dirname "$0")" && pwd)
prefix=$(cd "$1" && pwd)
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
unset LD_LIBRARY_PATH   # the rpath of hitkit.pc's Libs must be enough
target=${CARGO_TARGET_DIR:-$here/target}
cargo=${CARGO:-}
if [ -z "$cargo" ]; then
    if command -v cargo >/dev/null; then cargo=cargo
    elif [ -x "$HOME/.cargo/bin/cargo" ]; then cargo=$HOME/.cargo/bin/cargo
    elif [ "$(id -u)" -eq 0 ] && { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cargo; } >/dev/null 2>&1
    then cargo=cargo
    else echo "no cargo: install Rust (Debian's cargo package, or rustup) or set CARGO" >&2; exit 2
    fi
fi
"$cargo" build --offline --release --quiet --manifest-path "$here/Cargo.toml" --target-dir "$target"

actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
status=0
"$target/release/hitkit-rust-client" >"$actual" || status=$?
if ! diff -u "$here/expected.txt" "$actual"; then
    echo "the Rust client's output differs from expected.txt" >&2
    exit 1
fi
[ "$status" -eq 0 ] || { echo "the Rust client exited with $status" >&2; exit "$status"; }
echo "Rust client: output matches expected.txt"
