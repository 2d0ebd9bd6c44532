#!/usr/bin/env python3
"""Mutants of reference/ run as ports: what a porter sees of a real bug.

Each mutant of the suite's power samples (conformance/samples/*.json) that
the pool kills is written into a scratch copy of the tree (mutate.py's),
built as a whole `regcon` with _GLIBCXX_ASSERTIONS (a read past the end
then fails every time, as in a bounds-checked language) and run as a port
behind the protocol: `regcon run` of the mutated build, judged by the
unmutated `regcon` (--regcon).
Per mutant it records:

  caught         the suite fails it (exit 5)
  firstCase      the first failing case in manifest order, and the first
  firstLine      line of its report (the status and blame: "first differs
  blame          in contours: §6 refinement (...)")
  clauseNamed    whether that blame is one of the clauses the mutated
                 function implements (CLAUSES below; functions every step
                 uses, such as the neighbour relation, are left out)
  shrunkSpans    `regcon shrink --batch` of the first failing case (any
  shrinkSeconds  status: a crash shrinks too): spans left, and its time

and the summary: caught, the share shrunk to at most 64 spans, the median
shrink time, the share whose first line names the clause.

  mutation/ports.py run --samples conformance/samples/c.json \\
      conformance/samples/d.json --count 40 --seed 1 \\
      --scratch build/ports --regcon build/release/regcon --json ports.json
  mutation/ports.py summary ports.json      # the Markdown table
"""

import argparse
import json
import os
import random
import re
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402

SIX = "§6 "
# The blame labels (kit/blame.h) a bug in each function may rightly get:
# the clause the function implements, and where a function serves several
# clauses, each of them. "*" is any label of the section before it.
CLAUSES = {
    "reference/distance_field.cpp": {"*": ["§1 distance field"]},
    "reference/watershed.cpp": {"*": ["§2 watershed"]},
    "reference/reference.h": {"floodBreadthFirst": ["§2 watershed"]},
    "reference/monotone.cpp": {"*": ["§3 monotone"]},
    "reference/layers.cpp": {"*": ["§4 layers"]},
    "reference/filter.cpp": {
        "removeIslands": ["§5.1 islands"],
        "mergeSmallRegions": ["§5.2 merging"],
        "mergeTarget": ["§5.2 merging"],
        "renumberRegions": ["§5.3 numbering"],
        "linksToOtherRegions": ["§5.1 islands", "§5.2 merging"],
        "spansByRegion": ["§5.1 islands", "§5.2 merging"],
    },
    "reference/contours_trace.cpp": {
        "vertexY": [SIX + "vertex Y"],
        # The loop's orientation, the fallback's zero-area test and the
        # choice of the outer loop all read it.
        "signedArea2": [SIX + c for c in ("outline tracing", "fallback",
                                          "holes assignment")],
        "*": [SIX + "outline tracing"],
    },
    "reference/contours_simplify.cpp": {
        "initialKept": [SIX + "portals"],
        "isStraightBorder": [SIX + "straight borders"],
        "splitIndex": [SIX + "refinement", SIX + "length split"],
        "squaredDistanceToSegment": [SIX + "refinement"],
        "simplifyOnce": [SIX + c for c in ("refinement", "length split",
                                           "straight borders", "portals")],
        "mergeDuplicatePositions": [SIX + "refinement", SIX + "portals"],
        "leftmostIndex": [SIX + "holes assignment", SIX + "bridge"],
        # Chooses among refinement's candidates, then the fallback.
        "isValidSimplification": [SIX + "refinement", SIX + "fallback"],
        "*": [SIX + "fallback", SIX + "counters"],
    },
    "reference/contours_holes.cpp": {
        "containsPoint": [SIX + "holes assignment"],
        "joinHoles": [SIX + "holes assignment", SIX + "bridge",
                      SIX + "counters"],
        "*": [SIX + "bridge", SIX + "counters"],
    },
    "reference/contours.cpp": {
        "owningOutline": [SIX + "holes assignment"],
        "areaOfRegions": [SIX + "outline tracing", SIX + "straight borders"],
        "joinOutline": [SIX + c for c in ("bridge", "fallback", "counters",
                                          "holes assignment")],
        "buildRegionContours": [SIX + c for c in (
            "outline tracing", "holes assignment", "fallback", "counters")],
    },
}
SHRUNK_RE = re.compile(r"to (\d+) x (\d+) cells, (\d+) spans")


def expected_clauses(mutant):
    """The labels a mutant's bug may rightly get, or None: a function every
    step uses (the neighbour relation, the dispatch) names no clause."""
    table = CLAUSES.get(mutant["file"], {})
    return table.get(mutant["function"], table.get("*"))


def first_failure(report):
    for case in report.get("cases", []):
        if case.get("counted") == "failure":
            return case
    return None


def suite_run(args, port, out):
    command = (f"{args.regcon} suite {port!r} --suite {args.suite} --batch "
               f"--jobs {args.jobs} --timeout {args.case_timeout} "
               f"--json {out}")
    status, _ = mutate.shell(command, ".", args.suite_timeout)
    try:
        with open(out, encoding="utf-8") as f:
            return status, json.load(f)
    except (OSError, ValueError):
        return status, {}


def shrink_run(args, port, case, folder):
    suite = os.path.abspath(args.suite)
    manifest = json.load(open(os.path.join(suite, "manifest.json")))
    entry = next(c for c in manifest["cases"] + manifest.get("mustReject", [])
                 if c["id"] == case["id"])
    chf = os.path.join(suite, entry["chf"])
    settings = os.path.join(suite, entry["settings"])
    command = (f"{args.regcon} shrink {port!r} {chf} {settings} -o {folder} "
               f"--batch --timeout {args.case_timeout} "
               f"--max-seconds {args.shrink_seconds} 2>&1")
    start = time.monotonic()
    _, out = mutate.shell(command, ".", args.shrink_seconds + 60)
    seconds = time.monotonic() - start
    found = SHRUNK_RE.search(out or "")
    if found is None:
        return None, round(seconds, 2), (out or "").strip()[-400:]
    return int(found.group(3)), round(seconds, 2), None


def measure(args, mutant, port, work):
    status, report = suite_run(args, port, os.path.join(work, "suite.json"))
    mutant["caught"] = status == 5
    case = first_failure(report)
    if not mutant["caught"] or case is None:
        return
    mutant["firstCase"] = case["id"]
    mutant["firstLine"] = (case["status"] + ": " + case["message"])
    mutant["blame"] = (case.get("spec", "") + " " +
                       case.get("clause", "")).strip()
    clauses = expected_clauses(mutant)
    mutant["clauseNamed"] = (None if clauses is None
                             else mutant["blame"] in clauses)
    spans, seconds, failure = shrink_run(args, port, case,
                                         os.path.join(work, "shrunk"))
    mutant["shrunkSpans"] = spans
    mutant["shrinkSeconds"] = seconds
    if failure is not None:
        mutant["shrinkFailure"] = failure


def chosen_mutants(args):
    killed = []
    for path in args.samples:
        with open(path, encoding="utf-8") as f:
            sample = json.load(f)
        for m in sample["mutants"]:
            if m.get("killedByPool"):
                killed.append(dict(m, sample=os.path.basename(path)))
    random.Random(args.seed).shuffle(killed)
    return killed[:args.count]


def command_run(args):
    args.scratch = os.path.abspath(args.scratch)  # cmake runs inside it
    src = mutate.sync_scratch(os.getcwd(), args.scratch)
    build = os.path.join(os.path.abspath(args.scratch), "build")
    # Bounds-checked standard containers: a read past the end then fails on
    # every run, as in a port written in a bounds-checked language, rather
    # than crashing or not with the heap around it.
    configure = (f"cmake -S {src} -B {build} -DCMAKE_BUILD_TYPE=Release "
                 "-DREGCON_TESTS=OFF -DCMAKE_CXX_COMPILER_LAUNCHER=ccache "
                 "-DCMAKE_CXX_FLAGS=-D_GLIBCXX_ASSERTIONS >/dev/null")
    if mutate.shell(configure, src, 600)[0] != 0:
        sys.exit("ports.py: cannot configure " + build)
    port = os.path.join(build, "regcon") + " run"
    results = []
    for mutant in chosen_mutants(args):
        path = os.path.join(src, mutant["file"])
        text = open(path, encoding="utf-8").read()
        if not mutate.locate(mutant, text):
            mutant["status"] = "gone"
            results.append(mutant)
            continue
        mutate.apply(src, mutant, text)
        try:
            built = mutate.shell(f"cmake --build {build} --target regcon_cli "
                                 "-j2 >/dev/null", src, args.build_timeout)
            if built[0] != 0:
                mutant["status"] = "build-failed"
            else:
                work = os.path.join(os.path.abspath(args.scratch), "work")
                mutate.shell(f"rm -rf {work} && mkdir -p {work}", ".", 60)
                measure(args, mutant, port, work)
                mutant["status"] = "measured"
        finally:
            mutate.restore(src, mutant["file"], text)
        results.append(mutant)
        print(json.dumps({k: mutant.get(k) for k in (
            "file", "function", "caught", "blame", "clauseNamed",
            "shrunkSpans", "shrinkSeconds")}, ensure_ascii=False), flush=True)
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"samples": args.samples, "seed": args.seed,
                       "count": args.count, "suite": args.suite,
                       "mutants": results}, f, indent=1, ensure_ascii=False)
    mutate.shell(f"cmake --build {build} --target regcon_cli -j2 >/dev/null",
                 src, args.build_timeout)  # leave the unmutated build


def summary(result):
    measured = [m for m in result["mutants"] if m.get("status") == "measured"]
    caught = [m for m in measured if m.get("caught")]
    shrunk = [m for m in caught if m.get("shrunkSpans") is not None]
    small = [m for m in shrunk if m["shrunkSpans"] <= 64]
    for m in caught:  # scored against today's table
        clauses = expected_clauses(m)
        m["clauseNamed"] = (None if clauses is None
                            else m.get("blame", "") in clauses)
    scored = [m for m in caught if m.get("clauseNamed") is not None]
    named = [m for m in scored if m["clauseNamed"]]
    # A crash, a rejection or an invalid output has no differing section to
    # blame: its first line gives the status and the port's own message.
    differing = [m for m in scored
                 if m.get("firstLine", "").startswith("mismatch")]
    namedDiffering = [m for m in differing if m["clauseNamed"]]
    times = [m["shrinkSeconds"] for m in shrunk]
    spans = [m["shrunkSpans"] for m in shrunk]

    def share(part, whole):
        return (f"{len(part)} of {len(whole)} "
                f"({100 * len(part) / len(whole):.0f} %)" if whole else "none")

    lines = [
        "| | |", "|---|---|",
        f"| mutants run as ports | {len(measured)} |",
        f"| caught by the suite | {share(caught, measured)} |",
        f"| shrunk to at most 64 spans | {share(small, caught)} |",
        f"| median spans after shrinking | "
        f"{statistics.median(spans) if spans else '-'} |",
        f"| median shrink time (s) | "
        f"{round(statistics.median(times), 2) if times else '-'} |",
        f"| first line names the clause | {share(named, scored)} "
        f"({len(caught) - len(scored)} in shared functions not scored) |",
        f"| ... of those whose first failure is a mismatch | "
        f"{share(namedDiffering, differing)} |",
        f"| not shrunk | {len(caught) - len(shrunk)} |",
    ]
    misses = [m for m in scored if not m["clauseNamed"]]
    if misses:
        lines += ["", "First lines that name another clause:", ""]
        lines += [f"- `{m['file']}` `{m['function']}` ({m['operator']}): "
                  f"{m['blame'] or m.get('firstLine', '')}" for m in misses]
    big = [m for m in shrunk if m["shrunkSpans"] > 64]
    if big:
        lines += ["", "Shrunk to more than 64 spans:", ""]
        lines += [f"- `{m['file']}` `{m['function']}`: {m['shrunkSpans']} "
                  f"spans in {m['shrinkSeconds']} s" for m in big]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="build and measure the mutants")
    run.add_argument("--samples", nargs="+", required=True)
    run.add_argument("--count", type=int, default=40)
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--scratch", default="build/ports")
    run.add_argument("--regcon", required=True,
                     help="the unmutated regcon that judges")
    run.add_argument("--suite", default="conformance")
    run.add_argument("--jobs", type=int, default=2)
    run.add_argument("--case-timeout", type=float, default=20)
    run.add_argument("--suite-timeout", type=float, default=1800)
    run.add_argument("--shrink-seconds", type=float, default=300)
    run.add_argument("--build-timeout", type=float, default=900)
    run.add_argument("--json", required=True)
    show = sub.add_parser("summary", help="the Markdown summary of a run")
    show.add_argument("json")
    args = parser.parse_args()
    if args.command == "run":
        command_run(args)
    else:
        with open(args.json, encoding="utf-8") as f:
            print(summary(json.load(f)))


if __name__ == "__main__":
    main()
