#!/usr/bin/env python3
"""Reads the callgrind dumps of ccall (one per row, CALLGRIND_DUMP_STATS_AT) and reports, per call:

- instructions: everything the C program executed per call, its own loop included;
- engine: the inclusive cost of what HitKitC called in the engine (HitTestCore) and the facade
  (HitKit) -- what the same query or frame costs called from Swift, less Swift's own call;
- C side: the difference, the cost of crossing the C boundary;
- calls the C side makes that a query or frame must not: retains and releases, dynamic
  exclusivity checks, thread-local lookups, allocations, lazy global set-up;
- allocations anywhere in the call (a frame on a scene whose log no one hears must make none),
  and calls to the runtime's slow paths of a reference count anywhere in it (an object with a
  side table, which a weak reference gives it for life: the façade's link policy keeps them off
  what a delivery retains);
- for the engine benchmark's trees, the same query through Swift: the engine benchmark's own
  instructions per query on that row (Benchmarks/thresholds.json, its loop included, as the C
  row includes the C program's), and the C query against it.

usage: callgrind_rows.py ROWS.jsonl DUMP... [--json OUT] [--check] [--write-limits]
  --check  exit 1 unless the C side calls none of those functions, the floor of
           hk_hit_test_screen is at most FLOOR_LIMIT instructions, every engine row's
           C query costs at most RATIO_LIMIT times the same query through Swift, and the frames of the floor
           (hk_app_send_frame and its friends, hk_app_advance) and the unheard log's row
           allocate nothing once warm and take no slow path of a reference count, a scale
           row's call among the most objects costs at most SCALE_LIMIT times the same call
           among the fewest, and every row recorded in
           ccall-limits.json (the floor's calls and frames, the log scene's frames, the array
           hit tests' points) costs at most its recorded instructions plus the file's margin.
           A point of the array hit tests (engine-batch/) must cost at most RATIO_LIMIT times
           the same query through Swift too; report.py fails on everything but the floor's and
           the single calls' limits (which the README says are reported, not held).
  --write-limits  record those rows' instructions in ccall-limits.json (after a change that
           moves them on purpose: commit the diff with it, saying why).
"""
import json
import os
import re
import sys

FLOOR_LIMIT = 150
RATIO_LIMIT = 1.15
FORBIDDEN = re.compile(r"^(swift_(retain|release|bridgeObjectRetain|bridgeObjectRelease|beginAccess|endAccess|once"
                       r"|allocObject|unknownObjectRetain|unknownObjectRelease)(_n)?|pthread_getspecific.*|__tls_get_addr"
                       r"|malloc|calloc|realloc|free|pthread_mutex_lock.*)$")
ALLOCATION = re.compile(r"^(malloc|calloc|realloc|posix_memalign|aligned_alloc|memalign)$")
# The Swift runtime's slow paths of a reference count: taken by every retain and release of an
# object that has a side table (anything ever weakly referenced), and by a release that frees.
SLOW_REFCOUNT = re.compile(r"^(bool )?swift::RefCounts<.*>::\w*(increment|Increment|decrement|Decrement)\w*Slow\b")
# The frames on a scene whose delivery log no one hears (ccall.c): the log makes no line.
UNHEARD_LOG_ROW = "scene/frame_log_unheard"


def must_not_allocate(row):
    """The rows whose calls allocate nothing once warm: the floor's frames, and the log no one hears."""
    return row == UNHEARD_LOG_ROW or row.startswith("floor/send_") or row == "floor/advance"


# The recorded rows: a row here may cost at most its recorded instructions plus LIMIT_MARGIN
# percent. Callgrind's counts do not move between runs of one build, so the margin is for the
# toolchain and the machine, and a change that moves a row by more shows: the frames once took
# 940 instructions more for a weak reference (a side table on the application) and nothing failed.
LIMITS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ccall-limits.json")
LIMIT_MARGIN = 3


def is_recorded(row):
    """The rows ccall-limits.json holds: the floor's calls and frames, the log scene's frames, and
    a point of the array hit tests (whose loop has no other check)."""
    return row.startswith("floor/") or row.startswith("scene/") or row.startswith("engine-batch/")


def recorded_limits(path=LIMITS):
    """{row: most instructions per call} from ccall-limits.json ({} when there is none)."""
    try:
        with open(path) as f:
            return {entry["name"]: entry["max_instructions"] for entry in json.load(f)["rows"]}
    except OSError:
        return {}


def write_limits(rows, path=LIMITS):
    """Records the recorded rows' instructions and limits in ccall-limits.json, a row a line."""
    recorded = [{"name": r["row"], "instructions": round(r["instructions"], 1),
                 "max_instructions": int(r["instructions"] * (100 + LIMIT_MARGIN) / 100) + 1}
                for r in rows if is_recorded(r["row"])]
    about = ("Instructions per call of ccall's floor and log-scene rows, and per point of its array hit-test "
             "rows, under callgrind (the C program's loop "
             f"included), and the most each may cost: the count plus {LIMIT_MARGIN} percent. Checked by "
             "callgrind_rows.py (Benchmarks/Peers/run.sh, CI's quick run); written by callgrind_rows.py ROWS "
             "DUMPS --write-limits after a change that moves them on purpose.")
    lines = ",\n".join("    " + json.dumps(entry) for entry in recorded)
    with open(path, "w") as f:
        f.write(f'{{\n  "about": [{json.dumps(about)}],\n  "margin_percent": {LIMIT_MARGIN},\n'
                f'  "rows": [\n{lines}\n  ]\n}}\n')


# The engine benchmark's limits file: its instructions per query are the Swift side of the ratio.
THRESHOLDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "thresholds.json")


def swift_instructions(path=THRESHOLDS):
    """{row name: instructions per query} of the engine benchmark (HitTestBenchmarks, from Swift)."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError:
        return {}
    rows = {}
    for value in data.values():
        if isinstance(value, list):
            for entry in value:
                if isinstance(entry, dict) and "name" in entry and "instructions" in entry:
                    rows[entry["name"]] = entry["instructions"]
    return rows


def module(symbol):
    """The Swift module of a mangled symbol ($s<len><name>...), 'C' for the hk_ entry points."""
    if symbol.startswith("hk_"):
        return "C"
    m = re.match(r"\$s(\d+)([A-Za-z_]\w*)", symbol)
    if m:
        return m.group(2)[: int(m.group(1))]
    return None


def on_c_side(symbol):
    return module(symbol) in ("C", "HitKitC")


def is_engine(symbol):
    return module(symbol) in ("HitTestCore", "HitKit")


def parse(path):
    """(row, total instructions, engine instructions, {forbidden callee: calls}, allocation calls
    anywhere, slow reference-count calls anywhere) of one dump."""
    names = {}
    row, total, summary, engine, forbidden, allocations, slow = None, 0, None, 0, {}, 0, 0
    caller, callee, calls_pending, after_call = None, None, 0, False

    def name(kind, rest):
        m = re.match(r"\((\d+)\)(?: (.*))?", rest)
        if not m:
            return rest
        key = (kind, m.group(1))
        if m.group(2) is not None:
            names[key] = m.group(2)
        return names.get(key, "")

    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("desc: Trigger: Client Request: "):
                row = line[len("desc: Trigger: Client Request: "):]
            elif line.startswith("summary:"):
                summary = int(line.split()[1])
            elif line.startswith("totals:"):
                total = int(line.split()[1])
            elif line.startswith("fn="):
                caller = name("fn", line[3:])
            elif line.startswith("cfn="):
                callee = name("fn", line[4:])
            elif line.startswith("calls="):
                calls_pending, after_call = int(line[6:].split()[0]), True
            elif after_call and line and (line[0].isdigit() or line[0] in "+-*"):
                # The line after `calls=` is the call's inclusive cost, not the caller's own.
                cost = int(line.split()[1]) if len(line.split()) > 1 else 0
                if on_c_side(caller) and is_engine(callee):
                    engine += cost
                if on_c_side(caller) and FORBIDDEN.match(callee) and calls_pending:
                    forbidden[callee] = forbidden.get(callee, 0) + calls_pending
                if ALLOCATION.match(callee) and not ALLOCATION.match(caller):
                    allocations += calls_pending
                if SLOW_REFCOUNT.match(callee) and not SLOW_REFCOUNT.match(caller):
                    slow += calls_pending
                after_call = False
    return row, total if total else summary or 0, summary, engine, forbidden, allocations, slow


def analyse(rows_path, dump_paths):
    """The rows of ccall's run under callgrind: per call, instructions, engine, C side, ratio and
    the forbidden calls of the C side; in the order ccall ran them."""
    calls = {}
    with open(rows_path) as f:
        for line in f:
            if line.strip():
                entry = json.loads(line)
                calls[entry["row"]] = entry["calls"]
    swift = swift_instructions()
    rows = []
    for path in sorted(dump_paths, key=lambda p: int(p.rsplit(".", 1)[1]) if p.rsplit(".", 1)[1].isdigit() else -1):
        row, total, summary, engine, forbidden, allocations, slow = parse(path)
        if row is None or row not in calls:
            continue
        n = calls[row]
        if row.startswith("scale/") and summary is not None:
            # A scale row's dump has a `totals` line above its `summary` by an amount that grows
            # with the objects in the app (about 1M instructions among 4,000 cells against 0.15M
            # among 500), though the pass itself does not: counted alone (--toggle-collect on
            # the pass) it matches the summary. The summary is the pass.
            total = summary
        through_swift = swift.get(engine_row(row)) if engine_row(row) else None
        rows.append({"row": row, "instructions": total / n, "engine": engine / n, "c_side": (total - engine) / n,
                     "ratio": total / engine if engine else None,
                     "swift": through_swift, "swift_ratio": total / n / through_swift if through_swift else None,
                     "forbidden": {k: v / n for k, v in sorted(forbidden.items())},
                     "allocations": allocations / n, "slow_refcounts": slow / n})
    return rows


def engine_row(row):
    """The engine benchmark's name of a ccall row on one of its trees (one call a point,
    `engine/`, or one call for all, `engine-batch/`), else None."""
    for prefix in ("engine/", "engine-batch/"):
        if row.startswith(prefix):
            return row[len(prefix):]
    return None


# Rows reported but not held to FORBIDDEN: an app's reads find their object in the app's tables
# (a dictionary lookup that retains what it finds), which the queries and frames of the C API's
# cost promise do not do; and the scale rows make and destroy objects, which allocates.
REPORTED_ONLY = ("reads/", "scale/")
# The scale rows, `scale/WHAT-among-COUNT`: the same work among two counts of resident objects. A
# call among the most may cost at most SCALE_LIMIT times a call among the fewest.
SCALE_ROW = re.compile(r"^(scale/.*-among-)(\d+)$")
SCALE_LIMIT = 1.15


def failures(rows, limits=True):
    """What the rows break: forbidden calls always (but in REPORTED_ONLY rows), the floor and
    ratio limits if `limits`."""
    found = []
    for r in rows:
        if r["forbidden"] and not r["row"].startswith(REPORTED_ONLY):
            found.append(f"{r['row']}: the C side calls " + ", ".join(f"{k} {v:g}" for k, v in r["forbidden"].items()))
        if limits and r["row"] == "floor/hit_test_screen" and r["instructions"] > FLOOR_LIMIT:
            found.append(f"{r['row']}: {r['instructions']:.0f} instructions per call, above {FLOOR_LIMIT}")
        if limits and r["row"].startswith("engine/") and r["swift_ratio"] and r["swift_ratio"] > RATIO_LIMIT:
            found.append(f"{r['row']}: the C query costs {r['swift_ratio']:.3f} x the same query through Swift, above {RATIO_LIMIT}")
        # The array hit tests meet the ratio on every row (a call a query does not: the Peers
        # README), so theirs is held in every run.
        if r["row"].startswith("engine-batch/") and r["swift_ratio"] and r["swift_ratio"] > RATIO_LIMIT:
            found.append(f"{r['row']}: a point of the array call costs {r['swift_ratio']:.3f} x the same query through "
                         f"Swift, above {RATIO_LIMIT}")
        if must_not_allocate(r["row"]) and r["allocations"] > 0:
            found.append(f"{r['row']}: {r['allocations']:g} allocations per frame, where a warm frame makes none")
        if must_not_allocate(r["row"]) and r["slow_refcounts"] > 0:
            found.append(f"{r['row']}: {r['slow_refcounts']:g} reference counts per frame take the runtime's slow path "
                         "(an object the frame retains has a side table: something holds it weakly), where a warm frame takes none")
    found += scale_failures(rows)
    limits_recorded = recorded_limits()
    for r in rows:
        most = limits_recorded.get(r["row"])
        if most is not None and r["instructions"] > most:
            found.append(f"{r['row']}: {r['instructions']:.0f} instructions per call, above the {most} recorded in "
                         "Benchmarks/Peers/ccall-limits.json (record it again if the change meant it, saying why)")
    return found


def scale_failures(rows):
    """The scale rows whose cost a call grows with the objects already there."""
    groups = {}
    for r in rows:
        m = SCALE_ROW.match(r["row"])
        if m:
            groups.setdefault(m.group(1), []).append((int(m.group(2)), r))
    found = []
    for prefix, sized in groups.items():
        sized.sort(key=lambda entry: entry[0])
        (few, fewest), (most, largest) = sized[0], sized[-1]
        growth = largest["instructions"] / fewest["instructions"]
        if growth > SCALE_LIMIT:
            found.append(f"{largest['row']}: {largest['instructions']:.0f} instructions a call, {growth:.2f} x the "
                         f"{fewest['instructions']:.0f} among {few}: a call's cost grows with the objects there (limit {SCALE_LIMIT})")
    return found


def table(rows):
    lines = ["| row | instructions per call | engine | C side | C / engine | C / Swift | C side calls (per call) |",
             "| --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    for r in rows:
        ratio = f"{r['ratio']:.3f}" if r["ratio"] else "-"
        swift_ratio = f"{r['swift_ratio']:.3f}" if r["swift_ratio"] else "-"
        bad = ", ".join(f"{k} {v:g}" for k, v in r["forbidden"].items()) or "none"
        lines.append(f"| {r['row']} | {r['instructions']:.0f} | {r['engine']:.0f} | {r['c_side']:.0f} | {ratio} | {swift_ratio} | {bad} |")
    return "\n".join(lines)


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    json_out = argv[argv.index("--json") + 1] if "--json" in argv else None
    if json_out:
        args.remove(json_out)
    check = "--check" in argv
    rows = analyse(args[0], args[1:])
    print(table(rows))
    if json_out:
        with open(json_out, "w") as f:
            json.dump(rows, f, indent=1)
    if "--write-limits" in argv:
        write_limits(rows)
        print(f"wrote {LIMITS}")
    found = failures(rows)
    for failure in found:
        print("FAIL " + failure, file=sys.stderr)
    return 1 if check and found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
