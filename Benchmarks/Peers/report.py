#!/usr/bin/env python3
"""The report of run.sh: checks that every peer answered every query alike, and writes the tables
(peers.md) and the data (peers.json) from the drivers' JSON lines, ccall's timings and its
callgrind dumps.

usage: report.py --out DIR
Exit 1 if two peers answered a query differently, a peer failed on a tree other than the deep
chains (which probe how deep each goes) or wrote no answers, or the C side of a query or frame
calls what it must not or costs more than it may (callgrind_rows.py's failures, but the floor's
and the single calls' limits, which the report states).
"""
import glob
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import callgrind_rows  # noqa: E402

PEERS = ["hitkit", "hitkit (maps off)", "qt6", "gtk4 (overflow hidden)", "gtk4"]
# HitKit with its hit maps off (the chains only): its walk, shown beside and never the peer.
HITKIT = {"hitkit", "hitkit (maps off)"}
TITLES = {"hitkit": "HitKit (libhitkit)", "hitkit (maps off)": "HitKit, maps off (the walk)", "qt6": "Qt 6 `childAt`",
          "gtk4 (overflow hidden)": "GTK 4 `pick`, overflow hidden", "gtk4": "GTK 4 `pick`, overflow visible"}
DRIVERS = {("hitkit", ""): "hitkit", ("hitkit", "maps-off"): "hitkit (maps off)", ("qt", ""): "qt6",
           ("gtk", "overflow-hidden"): "gtk4 (overflow hidden)", ("gtk", ""): "gtk4"}
FILES = {"hitkit": "hitkit", "hitkit (maps off)": "hitkit-maps-off", "qt6": "qt",
         "gtk4 (overflow hidden)": "gtk-overflow-hidden", "gtk4": "gtk"}
TARGET = 5.0


def read_lines(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def tree_key(row):
    return (row["shape"], row["views"], row["reversed"])


def tree_label(key):
    shape, views, reversed_ = key
    return f"{shape} {views:,}" + (", children reversed" if reversed_ else "")


def ns(value):
    if value >= 1e6:
        return f"{value / 1e6:.2f} ms"
    if value >= 1e3:
        return f"{value / 1e3:.1f} µs"
    return f"{value:.0f} ns"


def combined(processes):
    """One peer's figures on one tree from its processes (run.sh --processes): the median of the
    processes' medians, each process's median kept beside it; a failure in any process is the
    peer's on that tree."""
    failed = next((row for row in processes if "failed" in row), None)
    if failed is not None:
        return failed
    row = dict(processes[0])
    row["ns"] = statistics.median(r["ns"] for r in processes)
    row["ns_each_process"] = [r["ns"] for r in processes]
    row["build_ms"] = statistics.median(r["build_ms"] for r in processes)
    row["peak_rss_kib"] = statistics.median(r["peak_rss_kib"] for r in processes)
    row["rss_growth_kib"] = statistics.median(r["peak_rss_kib"] - r["rss_before_kib"] for r in processes)
    del row["rss_before_kib"]
    return row


def each_process_ratio(peers):
    """The faster peer over HitKit in each round of processes (the n-th process of every peer,
    run one after another), for the rounds every peer that ran finished."""
    hitkit = peers.get("hitkit")
    if hitkit is None or "failed" in hitkit:
        return []
    others = [row["ns_each_process"] for peer, row in peers.items() if peer not in HITKIT and "failed" not in row]
    return [min(times[i] for times in others) / ns for i, ns in enumerate(hitkit["ns_each_process"])
            if others and all(i < len(times) for times in others)]


def answers(out, peer, key):
    shape, views, reversed_ = key
    path = os.path.join(out, "answers", f"{FILES[peer]}-{shape}-{views}-{'reversed' if reversed_ else 'forward'}.txt")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return [line.split() for line in f]


def peer_instructions(out):
    """Instructions a query of each peer's query pass under callgrind, by (tree, peer): the dump's
    total over the rounds the driver ran (its warm-up asks point by point, outside the passes)
    times its points."""
    found = {}
    for path in glob.glob(os.path.join(out, "callgrind", "peers", "*.json")):
        lines = read_lines(path)
        dump = path[:-len(".json")] + ".out"
        if not lines or not os.path.exists(dump):
            continue
        with open(dump) as f:
            total = next((int(line.split()[1]) for line in f if line.startswith("summary:")), None)
        if total is not None:
            row = lines[0]
            found[(tree_key(row), row["peer"])] = total / (row["rounds"] * row["points"])
    return found


def scale_verdict(cg_by_row):
    """Whether a cell among the most resident objects costs what one among the fewest does."""
    few, most = cg_by_row.get("scale/cell-among-500"), cg_by_row.get("scale/cell-among-4000")
    if not (few and most):
        return "not measured"
    growth = most["instructions"] / few["instructions"]
    return ("**met**" if growth <= callgrind_rows.SCALE_LIMIT else "not met") + f" ({growth:.2f}×)"


def frames_allocating(cg_by_row):
    """The frames target's verdict: the rows that must not allocate, and what they did."""
    rows = [r for name, r in cg_by_row.items() if callgrind_rows.must_not_allocate(name)]
    if not rows:
        return "not measured"
    worst = max(r["allocations"] for r in rows)
    slow = max(r.get("slow_refcounts", 0) for r in rows)
    return (("**met**" if worst == 0 and slow == 0 else "not met")
            + f" ({len(rows)} rows, at most {worst:.2f} allocations and {slow:.2f} slow reference counts per frame)")


def main(argv):
    out = argv[argv.index("--out") + 1]
    rows = read_lines(os.path.join(out, "peers.jsonl"))
    processes = {}
    for row in rows:
        peer = row["peer"] if "failed" not in row else DRIVERS[(row["peer"], row.get("variant", ""))]
        processes.setdefault(tree_key(row), {}).setdefault(peer, []).append(row)
    trees = {key: {peer: combined(runs) for peer, runs in peers.items()} for key, peers in processes.items()}
    most = max((len(runs) for peers in processes.values() for runs in peers.values()), default=1)
    order = sorted(trees, key=lambda k: (k[0] != "chain" or k[1] > 1000, ["chain", "container", "random"].index(k[0]),
                                         k[1], k[2]))

    # Every query asked of two peers has the same answer (on the points both asked: a peer may ask
    # fewer, the first of the same sequence).
    mismatches, compared = [], 0
    # Every peer builds the standard trees; only the deep chains probe how far each goes.
    broken = [f"{tree_label(key)}: {peer} failed ({row['failed']})" for key in order for peer, row in trees[key].items()
              if "failed" in row and not (key[0] == "chain" and key[1] > 1000)]
    for key in order:
        got = {peer: answers(out, peer, key) for peer in PEERS if peer in trees[key] and "failed" not in trees[key][peer]}
        reference = got.get("hitkit")
        for peer, lines in got.items():
            if peer == "hitkit" or reference is None:
                continue
            if not lines:
                mismatches.append(f"{tree_label(key)}: {peer} wrote no answers")
            for ours, theirs in zip(reference, lines):
                compared += 1
                if ours != theirs:
                    mismatches.append(f"{tree_label(key)} at pixel ({ours[0]}, {ours[1]}): HitKit view {ours[2]}, "
                                      f"{peer} view {theirs[2]}")

    md = ["## HitKit, Qt 6 and GTK 4 on the same trees", "",
          "Median ns per query over rounds of passes over the same uniform points (whole-pixel trees, pixel "
          "centres)" + ("" if most == 1 else f", the median of {most} processes a peer, taken in turn") + "; the "
          + ("last" if most == 1 else "faster peer") + " column is the faster of Qt and GTK against HitKit (target: ≥ 5×)"
          + ("" if most == 1 else ", and the last column the same ratio in each round of processes") + ".", "",
          "| tree | depth | points | " + " | ".join(TITLES[p] for p in PEERS) + " | faster peer ÷ HitKit |"
          + ("" if most == 1 else " each round |"),
          "| --- | ---: | ---: |" + " ---: |" * len(PEERS) + " ---: |" + ("" if most == 1 else " ---: |")]
    summary = []
    for key in order:
        cells, peer_best, faster_peer = [], None, None
        any_row = next(r for r in trees[key].values() if "failed" not in r) if any(
            "failed" not in r for r in trees[key].values()) else None
        for peer in PEERS:
            row = trees[key].get(peer)
            if row is None:
                cells.append("—")
            elif "failed" in row:
                cells.append(f"failed ({row['failed']})")
            else:
                cells.append(ns(row["ns"]) + (f" ({row['points']} pts)" if any_row and row["points"] != any_row["points"] else ""))
                if peer not in HITKIT and (peer_best is None or row["ns"] < peer_best):
                    peer_best, faster_peer = row["ns"], peer
        hitkit = trees[key].get("hitkit")
        ratio = peer_best / hitkit["ns"] if peer_best and hitkit and "failed" not in hitkit else None
        rounds = each_process_ratio(trees[key])
        depth = any_row["depth"] if any_row else "—"
        md.append(f"| {tree_label(key)} | {depth} | {any_row['points'] if any_row else '—'} | " + " | ".join(cells)
                  + f" | {'—' if ratio is None else f'{ratio:.1f}×'} |"
                  + ("" if most == 1 else " — |" if len(rounds) < 2 else f" {min(rounds):.1f}–{max(rounds):.1f}× |"))
        summary.append({"tree": tree_label(key), "shape": key[0], "views": key[1], "reversed": key[2],
                        "faster_peer_over_hitkit": ratio, "target_met": None if ratio is None else ratio >= TARGET,
                        "faster_peer": faster_peer, "faster_peer_over_hitkit_each_round": rounds,
                        "peers": trees[key]})

    pairs = {tree_key(row): row for row in read_lines(os.path.join(out, "pairs.jsonl"))}
    broken += [f"{tree_label(key)}: HitKit and Qt in one process failed ({row['failed']})"
               for key, row in pairs.items() if "failed" in row]
    for key, row in pairs.items():
        compared += row.get("points", 0) if "failed" not in row else 0
        if row.get("differ"):
            mismatches.append(f"{tree_label(key)}: HitKit and Qt in one process answered {row['differ']} of "
                              f"{row['points']} points differently")
    if pairs:
        md += ["", "HitKit and Qt (the faster peer on every tree) in one process, their passes taken in turn: a turn "
               "times a pass of each, and the ratio is Qt's pass over HitKit's in the same turn, so both ran on "
               "the same machine (the median of the turns, and in parentheses their 10th and 90th percentiles).", "",
               "| tree | turns | HitKit (libhitkit) | Qt 6 `childAt` | Qt ÷ HitKit |", "| --- | ---: | ---: | ---: | ---: |"]
        for key in order:
            row = pairs.get(key)
            if row is None:
                continue
            if "failed" in row:
                md.append(f"| {tree_label(key)} | — | failed ({row['failed']}) | — | — |")
                continue
            md.append(f"| {tree_label(key)} | {row['turns']:,} | {ns(row['hitkit_ns'])} | {ns(row['qt6_ns'])} | "
                      f"{row['ratio']:.1f}× ({row['ratio_p10']:.1f}–{row['ratio_p90']:.1f}×) |")

    md += ["", "Build (ms: made, laid out and shown until it answers) and peak resident memory of the process "
               "(MiB; in parentheses the growth from just before the build)"
               + ("" if most == 1 else f", the medians of the {most} processes") + ".", "",
           "| tree | " + " | ".join(TITLES[p] for p in PEERS) + " |", "| --- |" + " ---: |" * len(PEERS)]
    for key in order:
        cells = []
        for peer in PEERS:
            row = trees[key].get(peer)
            if row is None or "failed" in row:
                cells.append("—")
            else:
                cells.append(f"{row['build_ms']:,.0f} ms, {row['peak_rss_kib'] / 1024:.0f} "
                             f"({row['rss_growth_kib'] / 1024:.0f}) MiB")
        md.append(f"| {tree_label(key)} | " + " | ".join(cells) + " |")

    ccall = read_lines(os.path.join(out, "ccall.jsonl"))
    dumps = glob.glob(os.path.join(out, "callgrind", "ccall.out.*"))
    cg = callgrind_rows.analyse(os.path.join(out, "callgrind", "rows.jsonl"), dumps) if dumps else []
    cg_by_row = {r["row"]: r for r in cg}
    md += ["", "## What a C call costs (ccall)", "",
           "The floor: a store (or app) holding one window. Instructions under callgrind per call, the C "
           "program's own loop included; engine: what HitKitC called in the engine and the façade; C side: the rest.",
           "", "| call | ns | instructions | engine | C side | C side calls |", "| --- | ---: | ---: | ---: | ---: | --- |"]
    def ccall_rows(prefix, cells, missing):
        """The table lines of ccall's rows under `prefix`: the call, its ns, then `cells` of its
        callgrind row (`missing` when callgrind did not run)."""
        lines = []
        for row in ccall:
            if row["row"].startswith(prefix):
                r = cg_by_row.get(row["row"])
                lines.append(f"| {row['row'][len(prefix):]} | {row['ns']:.1f} | " + (cells(r) if r else missing) + " |")
        return lines

    def c_side_calls(r):
        return ", ".join(f"{k} {v:g}" for k, v in r["forbidden"].items()) or "none"

    def split_cells(r):
        return f"{r['instructions']:.0f} | {r['engine']:.0f} | {r['c_side']:.0f} | {c_side_calls(r)}"

    md += ccall_rows("floor/", split_cells, "— | — | — | —")
    md += ["", "A store whose views call C: `hk_hit_test_screen` on a window whose one subview, under every "
           "point, has a C point-inside callback (saying yes; then reading the view's bounds with `hk_view_bounds`) "
           "or a C hit-test callback (answering its view; then asking `hk_view_default_hit_test`). Each query "
           "counts itself in on the store's owner thread and the engine calls the callback once; the instructions "
           "include the callback and what it calls.",
           "", "| call | ns | instructions | C side calls |", "| --- | ---: | ---: | --- |"]
    md += ccall_rows("callbacks/", lambda r: f"{r['instructions']:.0f} | {c_side_calls(r)}", "— | —")
    md += ["", "A read of an app (`hk_gesture_state_of` on a pan): the lock-free path, nothing counted in; it finds "
           "the recognizer in the app's table of handles, a dictionary lookup that retains what it finds, so "
           "this row is reported and not held to the C side's list.",
           "", "| call | ns | instructions | engine | C side | C side calls |", "| --- | ---: | ---: | ---: | ---: | --- |"]
    md += ccall_rows("reads/", split_cells, "— | — | — | —")
    md += ["", "Frames on a scene whose delivery log writes lines (a drag of a view that logs its touches, "
           "with a pan, and a tap on a button): no one hearing the log, and a callback hearing it "
           "(`hk_scene_set_log_callback`). Allocations are counted anywhere in the call.", "",
           "| frames | ns | instructions | allocations |", "| --- | ---: | ---: | ---: |"]
    md += ccall_rows("scene/", lambda r: f"{r['instructions']:.0f} | {r['allocations']:.2f}", "— | —")
    md += ["", "What C attaches, at scale: cells made and destroyed (a call is one cell: a view with a controller, "
           "a touch handler, a key command, a context menu and a tap; a button with an added action; a scroll view "
           "with a delegate) in an app already holding 500 or 4,000 others. A cell must cost the same however many "
           "the app holds.", "",
           "| row | ns | instructions |", "| --- | ---: | ---: |"]
    md += ccall_rows("scale/", lambda r: f"{r['instructions']:.0f}", "—")
    md += ["", "The engine benchmark's trees through C: `hk_hit_test_screen` (and, on the random 100,000-view tree, "
           "the benchmark's conversions, a view's frame and a snapshot's hit test) against the engine's function "
           "alone, and against the same query through Swift (the engine benchmark's instructions per query, its "
           "loop included: `Benchmarks/thresholds.json`); then the same points in one call, "
           "`hk_hit_test_screen_points` or `hk_snapshot_hit_test_points`, per point (the caller's loop over the "
           "answers included).", "",
           "| row | ns | instructions | engine | C ÷ engine | through Swift | C ÷ Swift | one call: ns | one call: instructions | one call ÷ Swift |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    ccall_by_row = {row["row"]: row for row in ccall}
    for row in ccall:
        if not row["row"].startswith("engine/"):
            continue
        r = cg_by_row.get(row["row"])
        swift = "— | —" if not (r and r["swift"]) else f"{r['swift']:.0f} | {r['swift_ratio']:.3f}"
        name = row["row"][len("engine/"):]
        batch, batch_cg = ccall_by_row.get("engine-batch/" + name), cg_by_row.get("engine-batch/" + name)
        one_call = ("— | — | —" if not batch else f"{batch['ns']:.1f} | " + (
            "— | —" if not batch_cg else f"{batch_cg['instructions']:.0f} | "
            + ("—" if not batch_cg["swift_ratio"] else f"{batch_cg['swift_ratio']:.3f}")))
        md.append(f"| {name} | {row['ns']:.1f} | " + (
            f"{r['instructions']:.0f} | {r['engine']:.0f} | {r['ratio']:.3f} | {swift} |" if r else "— | — | — | — | — |")
            + f" {one_call} |")

    per_query = peer_instructions(out)
    if per_query:
        md += ["", "Instructions a query under callgrind (the full run): the query pass alone, each toolkit's own "
               "loop over the points included.", "",
               "| tree | HitKit (libhitkit) | Qt 6 `childAt` | Qt ÷ HitKit |", "| --- | ---: | ---: | ---: |"]
        for key in sorted({k for k, _ in per_query}, key=lambda k: (k[1], k[2])):
            hitkit, qt = per_query.get((key, "hitkit")), per_query.get((key, "qt6"))
            md.append(f"| {tree_label(key)} | " + " | ".join("—" if v is None else f"{v:.0f}" for v in (hitkit, qt))
                      + f" | {'—' if not (hitkit and qt) else f'{qt / hitkit:.1f}×'} |")

    floor = cg_by_row.get("floor/hit_test_screen")
    unmet = [f"{s['tree']} ({s['faster_peer_over_hitkit']:.1f}×)" for s in summary if s["target_met"] is False]
    paired = [(tree_label(k), r["ratio"]) for k, r in sorted(pairs.items(), key=lambda kv: order.index(kv[0])
                                                               if kv[0] in order else len(order)) if "failed" not in r]
    paired_unmet = [f"{label} ({ratio:.1f}×)" for label, ratio in paired if ratio < TARGET]
    slow_rounds = [f"{s['tree']} ({min(s['faster_peer_over_hitkit_each_round']):.1f}×)" for s in summary
                   if s["target_met"] and min(s["faster_peer_over_hitkit_each_round"], default=TARGET) < TARGET]
    unanswered = [s["tree"] for s in summary if s["target_met"] is None]
    worst_ratio = max((r["swift_ratio"] for r in cg if r["row"].startswith("engine/") and r["swift_ratio"]), default=None)
    worst_engine_ratio = max((r["ratio"] for r in cg if r["row"].startswith("engine/") and r["ratio"]), default=None)
    worst_batch_ratio = max((r["swift_ratio"] for r in cg if r["row"].startswith("engine-batch/") and r["swift_ratio"]),
                            default=None)
    # The pair judges the target where Qt is the faster peer; the medians of separate processes
    # judge it alone when there is no pair (and are reported beside it when there is).
    medians = (("**met**" if not unmet else "not met on " + "; ".join(unmet))
               + ("" if most == 1 else f" on the medians of {most} processes a peer")
               + (f" (no peer built {', '.join(unanswered)})" if unanswered else "")
               + ("" if not slow_rounds else "; below it in some round of processes on " + "; ".join(slow_rounds)))
    if paired:
        not_qt = [s["tree"] for s in summary
                  if (s["shape"], s["views"], s["reversed"]) in pairs and s["faster_peer"] not in (None, "qt6")]
        pair = (("**met**" if not paired_unmet else "not met on " + "; ".join(paired_unmet))
                + f" with HitKit and Qt in one process, passes in turn (lowest {min(r for _, r in paired):.1f}×)")
        peers_verdict = (pair + "; separate processes: " + medians if not not_qt else
                         medians + "; " + pair + ", but Qt was not the faster peer on " + ", ".join(not_qt))
    else:
        peers_verdict = medians
    md += ["", "## Targets", "",
           f"- HitKit ≥ {TARGET:g}× the faster of GTK 4 and Qt 6 on every tree: " + peers_verdict,
           f"- the C call floor (`hk_hit_test_screen`, one window) ≤ {callgrind_rows.FLOOR_LIMIT} instructions: "
           + ("not measured" if not floor else ("**met**" if floor["instructions"] <= callgrind_rows.FLOOR_LIMIT
                                                else "not met") + f" ({floor['instructions']:.0f})"),
           f"- a query through C ≤ {callgrind_rows.RATIO_LIMIT}× the same query through Swift (the engine "
           "benchmark's instructions) on every engine benchmark row: "
           + ("not measured" if worst_ratio is None else ("**met**" if worst_ratio <= callgrind_rows.RATIO_LIMIT
                                                          else "not met") + f" (worst {worst_ratio:.3f}; against the "
                                                          f"engine's function alone, worst {worst_engine_ratio:.3f})")
           + ("" if worst_batch_ratio is None else "; the same points in one `hk_hit_test_screen_points` or "
              "`hk_snapshot_hit_test_points` call: "
              + ("within it on every hit-test row" if worst_batch_ratio <= callgrind_rows.RATIO_LIMIT
                 else "above it on some rows")
              + f" (worst {worst_batch_ratio:.3f})"),
           "- a warm frame allocates nothing and takes no slow path of a reference count (the floor's "
           "`hk_app_send_frame` and its friends, `hk_app_advance`, and a scene whose log no one hears): "
           + frames_allocating(cg_by_row),
           f"- a cell of what C attaches among 4,000 ≤ {callgrind_rows.SCALE_LIMIT}× the same among 500: "
           + scale_verdict(cg_by_row),
           f"- answers: {compared:,} queries compared against HitKit's, "
           + ("all alike" if not mismatches else f"**{len(mismatches)} differ**")]
    forbidden = callgrind_rows.failures(cg, limits=False)
    if forbidden:
        md.append("- what must not happen, happened: " + "; ".join(forbidden))

    with open(os.path.join(out, "peers.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    with open(os.path.join(out, "peers.json"), "w") as f:
        json.dump({"trees": summary, "pairs": list(pairs.values()), "ccall": ccall, "callgrind": cg,
                   "instructions_per_query": [{"tree": tree_label(k), "peer": p, "instructions": v}
                                              for (k, p), v in sorted(per_query.items())],
                   "mismatches": mismatches,
                   "queries_compared": compared}, f, indent=1)
    print("\n".join(md))
    for mismatch in mismatches[:20]:
        print("MISMATCH " + mismatch, file=sys.stderr)
    for failure in forbidden + broken:
        print("FAIL " + failure, file=sys.stderr)
    return 1 if mismatches or forbidden or broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
