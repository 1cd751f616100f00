#!/usr/bin/env bash
# Compiles and runs every C code block of Docs/CAPI.md and of the README's "The C library"
# section against the installed library, with the command lines the document itself shows, so a
# guide that drifts from the library fails CI:
#   - each document's build and run lines are its ```sh block holding a `cc ... pkg-config` line
#     (the build) and a `./NAME` line (the run), taken verbatim;
#   - every ```c block is a whole program, saved as the source file the build line names, built
#     and run by those lines in a folder of its own (PKG_CONFIG_PATH points at the installed
#     library; there is no LD_LIBRARY_PATH);
#   - a ```text block after a ```c block (prose between, no other block) is the output the
#     document promises: stdout must be exactly that;
#   - each block also compiles as C99 with -Wall -Wextra -pedantic -Werror, so the guide teaches
#     nothing a careful build would warn about.
#
# usage: Scripts/check-doc-snippets.sh [PREFIX]   an installed prefix (Scripts/install-c-library.sh);
#                                                 default: install into a temporary one
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hitkit-snippets.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ $# -ge 1 ]; then
    prefix=$(cd "$1" && pwd)
else
    bash "$root/Scripts/install-c-library.sh" "$work/prefix" >/dev/null
    prefix=$work/prefix
fi
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
unset LD_LIBRARY_PATH
failed=0 checked=0

# Splits a Markdown text (stdin) into DIR/N.c, DIR/N.expected (when a ```text block follows) and
# DIR/commands (the lines of ```sh blocks).
split_blocks() {
    awk -v dir="$1" '
        /^#+ / && fence == "" { heading = $0 }
        /^```/ && fence == "" {
            fence = substr($0, 4); n += (fence == "c"); file = ""
            if (fence == "c") { file = dir "/" n ".c"; print heading > (dir "/" n ".title") }
            else if (fence == "text" && last == "c") file = dir "/" n ".expected"
            else if (fence == "sh") file = dir "/commands"
            next
        }
        /^```/ { last = fence; fence = ""; next }
        fence != "" && file != "" { print > file }
    '
}

check_document() {
    local name=$1 dir=$work/$2 build run source n
    mkdir -p "$dir"
    split_blocks "$dir"
    build=$(grep -E '^cc .*pkg-config --cflags --libs hitkit' "$dir/commands" | head -n 1 || true)
    run=$(grep -E '^\./[A-Za-z0-9_]+' "$dir/commands" | head -n 1 | sed 's/[[:space:]]*#.*//' || true)
    if [ -z "$build" ] || [ -z "$run" ]; then
        echo "FAIL $name: no \`cc ... pkg-config --cflags --libs hitkit\` and \`./NAME\` lines in a sh block"
        failed=$((failed + 1)); return
    fi
    source=$(grep -Eo '[A-Za-z0-9_]+\.c' <<<"$build" | head -n 1)
    echo "$name: each C block is built with \`$build\` and run with \`$run\`"
    for n in $(cd "$dir" && ls ./*.c 2>/dev/null | sed 's|^\./||; s|\.c$||' | sort -n); do
        local case_dir=$dir/block$n first
        mkdir -p "$case_dir"
        cp "$dir/$n.c" "$case_dir/$source"
        first=$(sed 's/^#* *//' "$dir/$n.title")
        checked=$((checked + 1))
        # shellcheck disable=SC2046
        if ! (cd "$case_dir" && "${CC:-cc}" -std=c99 -Wall -Wextra -pedantic -Werror -fsyntax-only "$source" \
                $(pkg-config --cflags hitkit)) >"$case_dir/log" 2>&1; then
            echo "FAIL $name block $n ($first): warnings"; sed 's/^/    /' "$case_dir/log"; failed=$((failed + 1)); continue
        fi
        if ! (cd "$case_dir" && bash -c "$build" && bash -c "$run" >"$case_dir/out") >"$case_dir/log" 2>&1; then
            echo "FAIL $name block $n ($first): build or run"; sed 's/^/    /' "$case_dir/log"; failed=$((failed + 1)); continue
        fi
        if [ -f "$dir/$n.expected" ] && ! diff -u "$dir/$n.expected" "$case_dir/out" >"$case_dir/diff"; then
            echo "FAIL $name block $n ($first): output differs from the document"; sed 's/^/    /' "$case_dir/diff"
            failed=$((failed + 1)); continue
        fi
        echo "PASS $name block $n ($first)$([ -f "$dir/$n.expected" ] && echo ', output as documented')"
    done
}

check_document Docs/CAPI.md capi <"$root/Docs/CAPI.md"
# The README's section from its "## The C library" heading to the next heading of that level.
check_document "README.md (The C library)" readme \
    < <(awk '/^## The C library/ { on = 1; print; next } /^## / { on = 0 } on' "$root/README.md")

echo "$checked C blocks checked, $failed failed"
[ "$failed" -eq 0 ] && [ "$checked" -gt 0 ]
