#!/usr/bin/env python3
"""The audit report: clause-by-clause evidence in one offline HTML page.

  audit/audit.py [--root DIR] [--coverage DIR] [--out DIR]

Joins what the other tools recorded (nothing is run here):
  docs/trace.json                  the rows: clause or reading, functions,
                                   tests and properties (audit/trace.py)
  build/coverage/coverage.json     line and branch coverage (make coverage:
                                   gcovr's JSON, throw and unreachable
                                   branches left out)
  build/coverage/folders.json      its totals per folder (coverage/goals.py)
  coverage/goals.json              the goal of each folder
  build/coverage/ctest.xml         ctest's JUnit results of that run
  mutation/reference.json,    the recorded mutation runs
  mutation/optimized.json     (mutation/mutate.py --json)
  fuzz/campaigns.json              the recorded fuzzing campaigns
Each input may be absent; the report then says "not recorded".

Writes OUT/index.html (default build/audit; no script, no external
resource: it reads offline) and OUT/audit.json (the same data): a summary
(commit, tool versions, date, test counts, coverage totals per folder,
mutation score, fuzzing hours), then one row per clause and reading with
its implementing functions (each with its line and branch coverage, a link
into gcovr's page at its first line, and the mutants killed and survived
inside it), its tests and properties. audit/audit_check.py opens the page
in headless Chromium and fails on an empty or broken page.
"""

import argparse
import datetime
import html
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import hashlib
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trace as tracing  # noqa: E402

IMPLEMENTATIONS = ("reference", "optimized")
# Per implementation, a sample of at least 200 mutants, and at least 98 %
# of those that change a pool output killed (mutation/README.md).
MUTATION_GOAL = {"judged": 200, "outputKilledPercent": 98.0}


def load_json(path):
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def command_output(args, cwd=None):
    try:
        done = subprocess.run(args, capture_output=True, text=True, cwd=cwd,
                              timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = (done.stdout or done.stderr).strip().splitlines()
    return lines[0].strip() if lines else None


# ---------------------------------------------------------------- summary

def versions():
    return {name: command_output(args) or "not installed" for name, args in (
        ("compiler", ["g++", "--version"]),
        ("cmake", ["cmake", "--version"]),
        ("gcovr", ["gcovr", "--version"]),
        ("python", [sys.executable, "--version"]),
        ("chromium", ["chromium", "--version"]))}


def ctest_counts(path):
    """Counts by status of the coverage run's ctest JUnit file, or None."""
    if not os.path.isfile(path):
        return None
    suite = ElementTree.parse(path).getroot()
    counts = {"tests": 0, "passed": 0, "failed": 0, "skipped": 0}
    for case in suite.iter("testcase"):
        counts["tests"] += 1
        status = case.get("status", "run")
        if case.find("failure") is not None or status == "fail":
            counts["failed"] += 1
        elif case.find("skipped") is not None or status in ("notrun",
                                                           "disabled"):
            counts["skipped"] += 1
        else:
            counts["passed"] += 1
    return counts


def mutation_summary(run):
    if run is None:
        return None
    statuses = {}
    for m in run.get("mutants", []):
        statuses[m["status"]] = statuses.get(m["status"], 0) + 1
    killed = statuses.get("killed", 0)
    real = statuses.get("survived-output-change", 0)
    other = sum(n for s, n in statuses.items() if s.startswith("survived")
                and s != "survived-output-change"
                and s != "survived-no-change")
    told = killed + real + other
    changed = [m for m in run.get("mutants", []) if m.get("outputChanged")]
    caught = sum(1 for m in changed if m["status"] == "killed")
    return {"seed": run.get("seed"), "commit": run.get("commit"),
            "folders": run.get("folders"),
            "population": run.get("population"),
            "judged": run.get("judged", len(run.get("mutants", []))),
            "statuses": statuses,
            "score": round(100.0 * killed / told, 1) if told else None,
            "outputChanged": len(changed), "outputKilled": caught,
            "outputKilledPercent": round(100.0 * caught / len(changed), 1)
            if changed else None}


def shortfalls(coverage, goals, mutation):
    """One sentence per coverage or mutation goal the recorded runs miss."""
    out = []
    if coverage is None:
        out.append("coverage: not recorded (run make coverage)")
    else:
        for folder, goal in sorted(goals.items()):
            c = coverage.get(folder)
            if c is None:
                out.append("%s/: no coverage recorded" % folder)
                continue
            for kind, got, want in (("lines", c["linePercent"], goal[0]),
                                    ("branches", c["branchPercent"],
                                     goal[1])):
                if got < want:
                    out.append("%s/: %s %.1f %% (goal %g %%)" % (
                        folder, kind, got, want))
    for impl in IMPLEMENTATIONS:
        m = mutation[impl]
        if m is None:
            out.append("mutation of %s/: no recorded run" % impl)
            continue
        if m["judged"] < MUTATION_GOAL["judged"]:
            out.append("mutation of %s/: %d mutants judged (goal %d)" % (
                impl, m["judged"], MUTATION_GOAL["judged"]))
        got = m["outputKilledPercent"]
        if got is None or got < MUTATION_GOAL["outputKilledPercent"]:
            out.append("mutation of %s/: %s of the mutants that change an "
                       "output killed (goal %g %%)" % (
                           impl, "none recorded" if got is None else
                           "%d of %d, %.1f %%," % (m["outputKilled"],
                                                   m["outputChanged"], got),
                           MUTATION_GOAL["outputKilledPercent"]))
    return out


def fuzz_summary(campaigns):
    if campaigns is None:
        return None
    harnesses = {}
    for c in campaigns:
        h = harnesses.setdefault(c.get("harness", "?"), {
            "seconds": 0, "executions": 0, "findings": 0, "campaigns": 0})
        h["seconds"] += c.get("seconds", 0) or 0
        h["executions"] += c.get("executions", 0) or 0
        findings = c.get("findings", 0)
        h["findings"] += len(findings) if isinstance(findings, list) \
            else (findings or 0)
        h["campaigns"] += 1
    return {"hours": round(sum(h["seconds"] for h in harnesses.values())
                           / 3600.0, 2),
            "harnesses": harnesses}


def percent(hit, count):
    return 100.0 * hit / count if count else 100.0


def coverage_goals(root):
    """{folder: (lines %, branches %)} of ROOT/coverage/goals.json."""
    goals = load_json(os.path.join(root, "coverage", "goals.json"))
    return {folder: (g["lines"], g["branches"])
            for folder, g in (goals or {"folders": {}})["folders"].items()}


def coverage_totals(folders, goals):
    """The per-folder totals coverage/goals.py wrote, with their goals."""
    if folders is None:
        return None
    out = {}
    for folder, c in sorted(folders.items()):
        (lh, lc), (bh, bc) = c["lines"], c["branches"]
        if lc == 0:
            continue  # no file of the folder in the report
        goal = goals.get(folder)
        out[folder] = {
            "lines": [lh, lc], "branches": [bh, bc],
            "linePercent": round(percent(lh, lc), 1),
            "branchPercent": round(percent(bh, bc), 1),
            "goal": list(goal) if goal else None}
    return out


def read_gcovr(path, root):
    """{source path: {"lines": {line: count}, "branches": {(line, index):
    count}}} from gcovr's JSON (file names relative to ROOT)."""
    report = load_json(path)
    if report is None:
        return None
    files = {}
    for f in report["files"]:
        data = files.setdefault(os.path.join(root, f["file"]),
                                {"lines": {}, "branches": {}})
        for line in f["lines"]:
            if line.get("gcovr/noncode") or line.get("gcovr/excluded"):
                continue
            n = line["line_number"]
            data["lines"][n] = data["lines"].get(n, 0) + line["count"]
            for i, b in enumerate(line["branches"]):
                data["branches"][(n, i)] = \
                    data["branches"].get((n, i), 0) + b["count"]
    return files


# ------------------------------------------------------------------- rows

class Evidence:
    """Coverage and mutants of one function's lines."""

    def __init__(self, root, files, mutants):
        self.root = root
        self.files = files
        self.mutants = mutants
        self.sources = tracing.Sources(root)

    def function(self, entry):
        relative, name, extent = self.sources.locate(entry)
        found = {"entry": entry, "file": relative, "name": name}
        if extent is None:
            found["missing"] = True
            return found
        first, last = extent
        found["lines"] = [first, last]
        data = self.files.get(os.path.join(self.root, relative)) \
            if self.files is not None else None
        if data is not None:
            lines = [h for n, h in data["lines"].items()
                     if first <= n <= last]
            branches = [t for (n, _), t in data["branches"].items()
                        if first <= n <= last]
            found["lineCoverage"] = [sum(1 for h in lines if h > 0),
                                     len(lines)]
            found["branchCoverage"] = [sum(1 for t in branches if t > 0),
                                       len(branches)]
            found["uncoveredLines"] = sorted(
                n for n, h in data["lines"].items()
                if first <= n <= last and h == 0)
        elif self.files is not None:
            found["lineCoverage"] = None  # not instrumented (a header)
        statuses = {}
        for m in self.mutants:
            if m["file"] == relative and first <= m["line"] <= last:
                statuses[m["status"]] = statuses.get(m["status"], 0) + 1
        found["mutants"] = statuses
        return found


def clause_rows(trace, clauses, evidence):
    out = []
    for row in sorted(trace["rows"],
                      key=lambda r: tracing.clause_sort_key(r["clause"])):
        out.append({
            "clause": row["clause"],
            "title": clauses.get(row["clause"], "Preamble"
                                 if row["clause"] == "preamble" else ""),
            "topic": row.get("topic", ""),
            "code": {kind: [evidence.function(e) for e in row.get(kind, [])]
                     for kind in tracing.CODE_KINDS},
            "tests": row.get("tests", []),
            "properties": row.get("properties", []),
            "ioRows": row.get("ioRows", []),
            "vectors": row.get("vectors", []),
            "fuzzers": row.get("fuzzers", []),
            "note": row.get("note")})
    return out


# ------------------------------------------------------------------- html

CSS = """
body { font: 14px/1.4 sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.5em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #bbb; padding: 3px 6px; vertical-align: top; }
th { background: #e8e8f0; text-align: left; }
td.num { text-align: right; white-space: nowrap; }
.ok { background: #d8f5d8; } .short { background: #fbe0e0; }
.part { background: #fff4d0; } .none { color: #777; }
code { font-size: 12px; word-break: break-all; }
table#trace { width: 100%; table-layout: fixed; }
table#trace th:nth-child(1) { width: 6em; } table#trace th:nth-child(2) { width: 10em; } ul { margin: 0; padding-left: 1.2em; }
tr.clause-first td.clause { font-weight: bold; }
"""


def esc(text):
    return html.escape(str(text), quote=True)


def ratio(pair):
    if not pair:
        return "—"
    hit, count = pair
    return "%d/%d" % (hit, count) if count else "none"


def ratio_class(pair):
    if not pair or not pair[1]:
        return "none"
    return "ok" if pair[0] == pair[1] else "part" if pair[0] else "short"


def source_page(function, root, coverage_dir, out_dir):
    """The link to gcovr's page of the function's file at its first line:
    gcovr names it index.<base name>.<MD5 of the source's path>.html."""
    for name in (os.path.join(root, function["file"]), function["file"]):
        page = os.path.join(coverage_dir, "html", "index.%s.%s.html" % (
            os.path.basename(function["file"]),
            hashlib.md5(name.encode("utf-8")).hexdigest()))
        if os.path.isfile(page):
            return "%s#l%d" % (os.path.relpath(page, out_dir),
                               function["lines"][0])
    return None


def function_cell(functions, root, coverage_dir, out_dir):
    if not functions:
        return '<td class="none">—</td>'
    items = []
    for f in functions:
        label = "<code>%s</code>" % esc(f["entry"])
        if f.get("missing"):
            items.append("<li class=short>%s: not found</li>" % label)
            continue
        link = source_page(f, root, coverage_dir, out_dir)
        if link:
            label = '<a href="%s">%s</a>' % (esc(link), label)
        lines, branches = f.get("lineCoverage"), f.get("branchCoverage")
        mutants = f.get("mutants", {})
        killed = mutants.get("killed", 0)
        survived = sum(n for s, n in mutants.items()
                       if s.startswith("survived"))
        parts = ['<span class="%s">lines %s</span>' % (ratio_class(lines),
                                                        ratio(lines)),
                 '<span class="%s">branches %s</span>' % (
                     ratio_class(branches), ratio(branches))]
        if mutants:
            parts.append("mutants %d killed, %d survived" % (killed,
                                                            survived))
        items.append("<li>%s %s</li>" % (label, ", ".join(parts)))
    return "<td><ul>%s</ul></td>" % "".join(items)


def pins_cell(row):
    items = ["<li><code>%s</code></li>" % esc(t) for t in row["tests"]]
    items += ["<li>property <code>%s</code></li>" % esc(t)
              for t in row["properties"]]
    items += ["<li>IoRules row <code>%s</code></li>" % esc(t)
              for t in row["ioRows"]]
    items += ["<li>vector <code>%s</code></li>" % esc(t)
              for t in row["vectors"]]
    items += ["<li>fuzzer <code>%s</code></li>" % esc(t)
              for t in row["fuzzers"]]
    if row["note"]:
        items.append("<li><i>%s</i></li>" % esc(row["note"]))
    return "<td><ul>%s</ul></td>" % "".join(items) if items else \
        '<td class="none">—</td>'


def summary_html(report):
    s = report["summary"]
    out = ["<h2>Summary</h2>", "<table>"]
    out.append("<tr><th>commit</th><td><code>%s</code>%s</td></tr>" % (
        esc(s["commit"]), " (with uncommitted changes)" if s["dirty"] else ""))
    out.append("<tr><th>date (UTC)</th><td>%s</td></tr>" % esc(s["date"]))
    for name, version in s["versions"].items():
        out.append("<tr><th>%s</th><td>%s</td></tr>" % (esc(name),
                                                         esc(version)))
    tests = s["ctest"]
    out.append("<tr><th>ctest (coverage run)</th><td>%s</td></tr>" % (
        "not recorded" if tests is None else
        "%(tests)d tests: %(passed)d passed, %(failed)d failed, "
        "%(skipped)d skipped" % tests))
    declared = s["declared"]
    out.append("<tr><th>declared</th><td>%d tests, %d properties "
               "(tests/, props/)</td></tr>" % (declared["tests"],
                                               declared["properties"]))
    out.append("</table>")
    out.append("<h3>Coverage by folder</h3>")
    if s["coverage"] is None:
        out.append("<p>not recorded (run <code>make coverage</code>)</p>")
    else:
        out.append("<p>Lines and branches hit by <code>make test</code>'s "
                   "ctest, read by gcovr; branches without those gcc "
                   "generates for exception propagation and those on lines "
                   "without code (<code>coverage/README.md</code>). "
                   "<a href=\"%s\">gcovr report</a>; remaining gaps: "
                   "<code>coverage/exclusions.md</code>.</p>" %
                   esc(s["coverageIndex"]))
        out.append("<table><tr><th>folder</th><th>lines</th><th>%</th>"
                   "<th>branches</th><th>%</th><th>goal (lines, branches)"
                   "</th></tr>")
        for folder, c in s["coverage"].items():
            goal = c["goal"]
            met = goal and c["linePercent"] >= goal[0] and \
                c["branchPercent"] >= goal[1]
            out.append(
                '<tr class="coverage"><td>%s/</td><td class=num>%d/%d</td>'
                '<td class=num>%.1f</td><td class=num>%d/%d</td>'
                '<td class=num>%.1f</td><td class="%s">%s</td></tr>' % (
                    esc(folder), c["lines"][0], c["lines"][1],
                    c["linePercent"], c["branches"][0], c["branches"][1],
                    c["branchPercent"],
                    "none" if not goal else "ok" if met else "short",
                    "—" if not goal else "%g%%, %g%%: %s" % (
                        goal[0], goal[1], "met" if met else "short")))
        out.append("</table>")
    out.append("<h3>Mutation</h3>")
    for impl in IMPLEMENTATIONS:
        m = s["mutation"][impl]
        if m is None:
            out.append("<p>%s: no recorded run (mutation/%s.json)</p>"
                       % (impl, impl))
            continue
        out.append(
            "<p>%s: %s of %s mutants judged (seed %s, commit <code>%s</code>)"
            "; %s; of the %s that change a pool output, %s killed (%s%%); "
            "score %s%% (killed over killed plus survivors that change "
            "an output)</p>" % (
                esc(impl), esc(m["judged"]), esc(m["population"]),
                esc(m["seed"]), esc(m["commit"]),
                esc(", ".join("%s %d" % kv
                              for kv in sorted(m["statuses"].items()))),
                esc(m["outputChanged"]), esc(m["outputKilled"]),
                esc(m["outputKilledPercent"]), esc(m["score"])))
    out.append("<h3>Shortfalls</h3>")
    if s["shortfalls"]:
        out.append("<p>Goals the recorded runs miss (reasons: "
                   "<code>coverage/exclusions.md</code>, "
                   "<code>mutation/README.md</code>):</p><ul>%s</ul>" %
                   "".join('<li class="short">%s</li>' % esc(t)
                           for t in s["shortfalls"]))
    else:
        out.append('<p class="ok">none: every coverage and mutation goal '
                   'is met</p>')
    out.append("<h3>Fuzzing</h3>")
    fuzz = s["fuzzing"]
    if fuzz is None:
        out.append("<p>no recorded campaigns (fuzz/campaigns.json)</p>")
    else:
        out.append("<p>%.2f hours in all</p><table><tr><th>harness</th>"
                   "<th>campaigns</th><th>hours</th><th>executions</th>"
                   "<th>findings</th></tr>" % fuzz["hours"])
        for name, h in sorted(fuzz["harnesses"].items()):
            out.append("<tr><td>%s</td><td class=num>%d</td><td class=num>"
                       "%.2f</td><td class=num>%d</td><td class=num>%d</td>"
                       "</tr>" % (esc(name), h["campaigns"],
                                  h["seconds"] / 3600.0, h["executions"],
                                  h["findings"]))
        out.append("</table>")
    return out


def rows_html(report, root, coverage_dir, out_dir):
    out = ["<h2>Clauses and readings</h2>",
           "<p>One row per clause of the spec (§N, §N.M), of the interchange "
           "format and per reading (R, A); a clause with several parts has "
           "one line per part. Each function: its lines and branches hit "
           "(linked to gcovr's page at its first line) and the recorded "
           "mutants inside it.</p>",
           '<table id="trace"><tr><th>clause</th><th>part</th>'
           '<th>reference</th><th>optimized</th><th>shared</th>'
           '<th>pinned by</th></tr>']
    previous = None
    for row in report["rows"]:
        first = row["clause"] != previous
        previous = row["clause"]
        clause = '<td class="clause" title="%s">%s</td>' % (
            esc(row["title"]), esc(row["clause"])) if first else "<td></td>"
        out.append('<tr class="row%s" data-clause="%s">%s<td>%s</td>%s%s%s%s'
                   '</tr>' % (
                       " clause-first" if first else "", esc(row["clause"]),
                       clause, esc(row["topic"]),
                       function_cell(row["code"]["reference"], root, coverage_dir,
                                     out_dir),
                       function_cell(row["code"]["optimized"], root, coverage_dir,
                                     out_dir),
                       function_cell(row["code"]["shared"], root, coverage_dir,
                                     out_dir),
                       pins_cell(row)))
    out.append("</table>")
    return out


def page(report, root, coverage_dir, out_dir):
    body = ["<h1>regcon audit report</h1>",
            "<p>Evidence clause by clause: the trace (<code>docs/trace.json"
            "</code>), line and branch coverage, mutation and fuzzing "
            "records. Built by <code>make audit</code> "
            "(<code>audit/audit.py</code>).</p>"]
    body += summary_html(report)
    body += rows_html(report, root, coverage_dir, out_dir)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>regcon audit report</title><style>%s</style></head>"
            "<body>\n%s\n</body></html>\n" % (CSS, "\n".join(body)))


# ------------------------------------------------------------------- main

def build_report(root, coverage_dir, out_dir):
    files = read_gcovr(os.path.join(coverage_dir, "coverage.json"), root)
    goals = coverage_goals(root)
    mutation = {impl: load_json(os.path.join(root, "mutation",
                                             impl + ".json"))
                for impl in IMPLEMENTATIONS}
    mutants = [m for run in mutation.values() if run
               for m in run.get("mutants", []) if "status" in m]
    trace = load_json(os.path.join(root, tracing.TRACE_JSON))
    clauses, _ = tracing.all_clauses(root, os.path.join(root, "..",
                                                        "shared"))
    declared = tracing.declared_tests(root)
    commit = command_output(["git", "rev-parse", "HEAD"], cwd=root)
    dirty = bool(command_output(["git", "status", "--porcelain",
                                 "--untracked-files=no"], cwd=root))
    summary = {
        "commit": commit or "unknown", "dirty": dirty,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime(
            "%Y-%m-%d %H:%M"),
        "versions": versions(),
        "ctest": ctest_counts(os.path.join(coverage_dir, "ctest.xml")),
        "declared": {
            "tests": sum(1 for k in declared.values() if k == "test"),
            "properties": sum(1 for k in declared.values()
                              if k == "property")},
        "coverage": coverage_totals(load_json(os.path.join(
            coverage_dir, "folders.json")), goals),
        "coverageNote": "gcovr, branches without the throw and unreachable "
                        "branches (coverage/README.md)",
        "coverageIndex": os.path.relpath(os.path.join(coverage_dir, "html",
                                                  "index.html"), out_dir),
        "mutation": {impl: mutation_summary(mutation[impl])
                     for impl in IMPLEMENTATIONS},
        "fuzzing": fuzz_summary(load_json(os.path.join(root, "fuzz",
                                                       "campaigns.json")))}
    summary["shortfalls"] = shortfalls(summary["coverage"], goals,
                                       summary["mutation"])
    evidence = Evidence(root, files, mutants)
    return {"summary": summary,
            "clauses": sorted(set(r["clause"] for r in trace["rows"]),
                              key=tracing.clause_sort_key),
            "rows": clause_rows(trace, clauses, evidence)}


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--root", default=os.path.join(here, ".."))
    parser.add_argument("--coverage", help="default ROOT/build/coverage")
    parser.add_argument("--out", help="default ROOT/build/audit")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    coverage_dir = os.path.abspath(args.coverage or os.path.join(
        root, "build", "coverage"))
    out_dir = os.path.abspath(args.out or os.path.join(root, "build",
                                                       "audit"))
    os.makedirs(out_dir, exist_ok=True)
    report = build_report(root, coverage_dir, out_dir)
    with open(os.path.join(out_dir, "audit.json"), "w",
              encoding="utf-8") as f:
        json.dump(report, f, indent=1, ensure_ascii=False)
    with open(os.path.join(out_dir, "index.html"), "w",
              encoding="utf-8") as f:
        f.write(page(report, root, coverage_dir, out_dir))
    print("audit: %s/index.html: %d clauses and readings in %d rows" % (
        out_dir, len(report["clauses"]), len(report["rows"])))


if __name__ == "__main__":
    main()
