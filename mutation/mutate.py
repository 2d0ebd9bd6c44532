#!/usr/bin/env python3
"""Mutation testing for regcon (Python 3 standard library only).

A mutant changes one token of one line of a C++ source file:

  relational   <  <=  >  >=  (each to its neighbours: < to <=, < to >, ...)
  equality     ==  !=
  plus-one     an integer literal n to n+1 and n-1; binary + to - and back
  constant     an integer literal to 0, 1, 2 or 3
  logical      &&  ||
  minmax       std::min  std::max
  boolean      true  false
  drop         a simple statement (assignment, increment, call, break,
               continue) replaced by an empty statement

Mutants are enumerated over the files of the chosen folders in a fixed order
and a sample is drawn with --seed, so a run is reproducible. The source tree
is never touched: the tracked files are copied into a scratch folder
(--scratch, reused between runs so its build folder rebuilds incrementally)
and each mutant is written there, built, judged and undone.

Judging, one or both:
  --test CMD   run in the scratch copy after the build; a non-zero exit
               kills the mutant (e.g. ctest --stop-on-failure).
  --pool CMD   prints one line per case, "ID rest"; a case whose line differs
               from the unmutated build's (or that is missing because the
               run crashed or hung on it) kills the mutant, and the killing
               case ids are recorded. With {from} in CMD a crashed run is
               resumed after the case it died on.
With both, survivors are split into those that change a pool output (real
gaps) and those that change none (likely equivalent).

Commands run through /bin/sh in the scratch copy; {src} is the scratch
copy's path. Output: a text report (per file and per function) on stdout
and, with --json FILE, every mutant with its status and killers.

  mutation/mutate.py run --folder reference --count 200 --seed 1 \\
      --scratch build/mutate \\
      --build 'cmake --build build-release --target regcon_pool' \\
      --pool 'build-release/regcon_pool 20261201 4000 {from}' --json m.json
  mutation/mutate.py list --folder reference --count 20 --seed 1
  mutation/mutate.py cover m.json --pool-seed 20261201  # greedy set cover
  mutation/mutate.py power m.json    # pool-killed mutants the suite kills
                                    # (pool ids are numbers, suite ids not)
  mutation/mutate.py rejudge m.json --scratch build/mutate --build ... \\
      --test ... --pool ... --merge   # the survivors again, after new tests
  mutation/mutate.py summary m.json --reasons why.json   # Markdown report

A run records per mutant its status, the pool cases that kill it
("killers", "outputChanged"), the failing test that killed it ("killedBy",
from a "failed: ..." or ctest summary line), and its seconds;
--pool-survivors runs the pool only on what the tests leave alive.
make mutation (mutation/mutation.sh) is the recorded use:
mutation/README.md.

See conformance/README.md for how the conformance suite uses it.
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

SOURCE_SUFFIXES = (".cpp", ".h")
RELATIONAL = {"<": ["<=", ">"], "<=": ["<", ">="], ">": [">=", "<"],
              ">=": [">", "<="]}
# Binary operators are written with a space on each side (clang-format), which
# tells them from template brackets, arrows and shifts.
OPERATOR_RE = re.compile(r"(?<= )(<=|>=|==|!=|&&|\|\||<|>|\+|-)(?= )")
INTEGER_RE = re.compile(r"(?<![\w.])(\d+)(?![\w.])")
WORD_RE = re.compile(r"\b(std::min|std::max|true|false)\b")
DROPPABLE_RE = re.compile(
    r"^\s*(?:[\w.\[\]()>*-]+\s*(?:[-+*/|&]?=|\+\+|--)[^=].*;"
    r"|(?:\+\+|--)[\w.\[\]]+;"
    r"|[\w.]+(?:\.|->)\w+\(.*\);"
    r"|break;|continue;)\s*$")
# A failed test in the test command's output: ctest's summary line
# ("  12 - Suite.Name (Failed)") or gtest's ("[  FAILED  ] Suite.Name").
FAILED_TEST_RE = re.compile(r"^(?:\s*\d+ - (?=\S+ \((?:Failed|Timeout|SEGFAULT|"
                            r"Subprocess aborted|Exception|Child aborted))"
                            r"|\[  FAILED  \] )([^\s,]+)", re.MULTILINE)
FUNCTION_RE = re.compile(r"^[A-Za-z_][\w:<>,*& ]*?\b([A-Za-z_]\w*)\(")
# A member function defined in its class: indented, its signature on one
# line ending in "{" (optimized/'s classes).
METHOD_RE = re.compile(r"^\s+[A-Za-z_][\w:<>,*& ]*?\b([A-Za-z_]\w*)\(.*\{$")
KEYWORDS = {"if", "for", "while", "switch", "return", "catch", "else", "do"}


def code_part(line):
    """The line without its // comment and with string literals blanked."""
    line = re.sub(r'"(?:\\.|[^"\\])*"', lambda m: " " * len(m.group()), line)
    cut = line.find("//")
    return line if cut < 0 else line[:cut]


def replacements(token, kind):
    if kind == "operator":
        if token in RELATIONAL:
            return [("relational", r) for r in RELATIONAL[token]]
        pairs = {"==": "!=", "!=": "==", "&&": "||", "||": "&&", "+": "-",
                 "-": "+"}
        name = {"==": "equality", "!=": "equality", "&&": "logical",
                "||": "logical", "+": "plus-one", "-": "plus-one"}[token]
        return [(name, pairs[token])]
    if kind == "integer":
        n = int(token)
        out = [("plus-one", str(n + 1))]
        if n > 0:
            out.append(("plus-one", str(n - 1)))
        out += [("constant", str(c)) for c in range(4)
                if c not in (n, n + 1, n - 1)]
        return out
    swap = {"std::min": "std::max", "std::max": "std::min", "true": "false",
            "false": "true"}
    return [("minmax" if token.startswith("std::") else "boolean",
             swap[token])]


def line_mutants(path, number, line, function):
    code = code_part(line)
    stripped = code.strip()
    if not stripped or stripped.startswith(("#", "*", "/*")):
        return []
    found = []
    for regex, kind in ((OPERATOR_RE, "operator"), (INTEGER_RE, "integer"),
                        (WORD_RE, "word")):
        for m in regex.finditer(code):
            for op, new in replacements(m.group(1), kind):
                mutated = line[:m.start(1)] + new + line[m.end(1):]
                found.append(dict(file=path, line=number, function=function,
                                  operator=op, original=line.rstrip("\n"),
                                  mutated=mutated.rstrip("\n")))
    if DROPPABLE_RE.match(code):
        indent = line[:len(line) - len(line.lstrip())]
        found.append(dict(file=path, line=number, function=function,
                          operator="drop", original=line.rstrip("\n"),
                          mutated=indent + ";"))
    return found


def file_mutants(root, path):
    mutants, function = [], "(file scope)"
    with open(os.path.join(root, path), encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            m = FUNCTION_RE.match(line) or METHOD_RE.match(
                code_part(line).rstrip())
            if m and not line.rstrip().endswith(";") and \
                    m.group(1) not in KEYWORDS:
                function = m.group(1)
            if line.startswith("}"):
                mutants += line_mutants(path, number, line, function)
                function = "(file scope)"
                continue
            mutants += line_mutants(path, number, line, function)
    return mutants


def tracked_files(root):
    out = subprocess.run(["git", "ls-files"], cwd=root, check=True,
                         capture_output=True, text=True).stdout
    return out.split()


def all_mutants(root, folders):
    files = sorted(p for p in tracked_files(root)
                   if p.endswith(SOURCE_SUFFIXES)
                   and any(p.startswith(f.rstrip("/") + "/") for f in folders))
    mutants = []
    for path in files:
        mutants += file_mutants(root, path)
    return mutants


def mutant_key(m):
    """What a mutant changes, whatever its line number: a sample taken at
    another commit names the same mutants by it."""
    return (m["file"], m["original"].strip(), m["mutated"].strip())


def excluded_keys(paths):
    keys = set()
    for path in paths or []:
        with open(path, encoding="utf-8") as f:
            keys |= {mutant_key(m) for m in json.load(f)["mutants"]}
    return keys


def sample(root, folders, count, seed, exclude=None, whole=None):
    """Mutants drawn with `seed`; those named in the --exclude files (other
    samples, e.g. the ones a suite was chosen on) are never drawn. Every
    mutant of a --whole file joins them (a path the sample must see). Ids
    stay the index over the whole population."""
    mutants = all_mutants(root, folders)
    keys = excluded_keys(exclude)
    eligible = [i for i, m in enumerate(mutants) if mutant_key(m) not in keys]
    chosen = set(random.Random(seed).sample(eligible,
                                            min(count, len(eligible))))
    chosen |= {i for i in eligible if mutants[i]["file"] in (whole or [])}
    picked = [dict(mutants[i], id=i) for i in sorted(chosen)]
    return picked, len(mutants)


def sync_scratch(root, scratch):
    """Copies changed tracked files into scratch/src; the shared folder the
    tests look for beside the checkout is linked beside the copy."""
    src = os.path.join(scratch, "src")
    for path in tracked_files(root):
        a, b = os.path.join(root, path), os.path.join(src, path)
        if os.path.isfile(b) and open(a, "rb").read() == open(b, "rb").read():
            continue
        os.makedirs(os.path.dirname(b), exist_ok=True)
        shutil.copy(a, b)  # a fresh mtime: make rebuilds what it changed
    shared = os.path.join(os.path.dirname(os.path.abspath(root)), "shared")
    link = os.path.join(scratch, "shared")
    if os.path.isdir(shared) and not os.path.exists(link):
        os.symlink(shared, link)
    return src


def shell(command, cwd, timeout):
    """(exit status or None on timeout, stdout)."""
    proc = subprocess.Popen(command, shell=True, cwd=cwd, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        out, _ = proc.communicate()
        return None, out


def parse_lines(text):
    lines = {}
    for line in text.splitlines():
        key, _, rest = line.partition(" ")
        if key:
            lines[key] = rest
    return lines


def run_pool(command, src, timeout, ids, baseline=None):
    """Pool lines by case id; a case a run died on maps to '<crash>'."""
    lines, start, deaths = {}, 0, 0
    while True:
        status, out = shell(command.replace("{from}", str(start)), src,
                            timeout)
        lines.update(parse_lines(out))
        if status == 0:
            return lines
        done = [i for i, case in enumerate(ids) if case in lines]
        died_at = (max(done) + 1) if done else start
        if died_at >= len(ids) or "{from}" not in command or deaths >= 20:
            return lines
        lines[ids[died_at]] = "<crash>" if status is not None else "<hang>"
        if status is None:
            return lines  # a hang would cost a timeout per remaining case
        deaths += 1
        start = died_at + 1


def judge(mutant, args, src, baseline, pool_ids, pool_timeout):
    status, _ = shell(args.build, src, args.build_timeout)
    if status != 0:
        return "build-failed"
    verdict = None
    if args.test:
        status, out = shell(args.test, src, args.test_timeout)
        verdict = "killed" if status != 0 else "survived"
        failed = FAILED_TEST_RE.findall(out or "")
        if failed:
            mutant["killedBy"] = failed[0]
        if status is None:
            mutant["testTimedOut"] = True  # a hang counts as killed
    if args.pool and not (getattr(args, "pool_survivors", False)
                          and verdict == "killed"):
        lines = run_pool(args.pool, src, pool_timeout, pool_ids)
        killers = [i for i in pool_ids if lines.get(i) != baseline[i]]
        mutant["killers"] = killers
        mutant["outputChanged"] = bool(killers)
        if verdict is None:
            verdict = "killed" if killers else "survived"
        elif verdict == "survived":
            verdict = ("survived-output-change" if killers
                       else "survived-no-change")
    return verdict


def apply(src, mutant, text):
    path = os.path.join(src, mutant["file"])
    lines = text.splitlines(keepends=True)
    lines[mutant["line"] - 1] = mutant["mutated"] + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(lines)


def restore(src, path, text):
    with open(os.path.join(src, path), "w", encoding="utf-8") as f:
        f.write(text)


def summary_rows(mutants, key):
    rows = {}
    for m in mutants:
        row = rows.setdefault(key(m), {})
        row[m["status"]] = row.get(m["status"], 0) + 1
    return rows


def text_report(result):
    mutants = result["mutants"]
    out = ["mutants: %d sampled of %d (seed %d) over %s" %
           (len(mutants), result["population"], result["seed"],
            ", ".join(result["folders"]))]
    statuses = sorted({m["status"] for m in mutants})
    for title, key in (("file", lambda m: m["file"]),
                       ("function",
                        lambda m: m["file"] + ":" + m["function"])):
        out.append("")
        out.append("%-60s %s" % ("by " + title, " ".join(statuses)))
        for name, row in sorted(summary_rows(mutants, key).items()):
            out.append("%-60s %s" % (name, " ".join(
                "%*d" % (len(s), row.get(s, 0)) for s in statuses)))
    out.append("")
    totals = summary_rows(mutants, lambda m: "all")["all"]
    out.append("totals: " + ", ".join("%s %d" % kv
                                       for kv in sorted(totals.items())))
    for m in mutants:
        if m["status"].startswith("survived") and m["status"] != \
                "survived-no-change":
            out.append("survivor %s:%d %s: %s" % (m["file"], m["line"],
                                                   m["operator"],
                                                   m["mutated"].strip()))
    return "\n".join(out)


def command_run(args):
    root = os.path.abspath(args.root)
    mutants, population = sample(root, args.folder, args.count, args.seed,
                                 args.exclude, args.whole)
    src = sync_scratch(root, os.path.abspath(args.scratch))
    status, _ = shell(args.build, src, args.build_timeout)
    if status != 0:
        sys.exit("mutate.py: the unmutated build fails: " + args.build)
    baseline, pool_ids, pool_timeout = {}, [], None
    if args.pool:
        started = time.time()
        status, out = shell(args.pool.replace("{from}", "0"), src, None)
        if status != 0:
            sys.exit("mutate.py: the unmutated pool run fails: " + args.pool)
        pool_timeout = 3 * (time.time() - started) + 2
        baseline = parse_lines(out)
        pool_ids = list(baseline)
    started = time.time()
    result = dict(seed=args.seed, folders=args.folder, population=population,
                  whole=args.whole or [],
                  build=args.build, test=args.test, pool=args.pool,
                  # pool cases only: the lines of --suite cases are not
                  poolSize=sum(i.isdigit() for i in pool_ids),
                  mutants=mutants, exclude=args.exclude or [],
                  commit=subprocess.run(["git", "rev-parse", "HEAD"], cwd=root,
                                        capture_output=True,
                                        text=True).stdout.strip())
    judge_all(args, src, result, baseline, pool_ids, pool_timeout, started)


def judge_all(args, src, result, baseline, pool_ids, pool_timeout, started):
    """Judges result["mutants"] one by one in the scratch copy `src`."""
    mutants = result["mutants"]
    for n, mutant in enumerate(sorted(mutants,
                                      key=lambda m: (m["file"], m["line"]))):
        path = os.path.join(src, mutant["file"])
        text = open(path, encoding="utf-8").read()
        mutant_started = time.time()
        if not locate(mutant, text):
            mutant["status"] = "stale"  # the line is gone (rejudge)
        else:
            apply(src, mutant, text)
            try:
                mutant["status"] = judge(mutant, args, src, baseline,
                                         pool_ids, pool_timeout)
            finally:
                restore(src, mutant["file"], text)
        mutant["seconds"] = round(time.time() - mutant_started, 1)
        print("[%d/%d %.0fs] %s:%d %s -> %s" % (
            n + 1, len(mutants), time.time() - started, mutant["file"],
            mutant["line"], mutant["operator"], mutant["status"]),
            file=sys.stderr, flush=True)
        result["seconds"] = round(time.time() - started)
        write_json(args.json, result, done=n + 1)  # a partial run is usable
    shell(args.build, src, args.build_timeout)  # leave the copy unmutated
    result["seconds"] = round(time.time() - started)
    write_json(args.json, result, done=len(mutants))
    print(text_report(result))


def locate(mutant, text):
    """True when the mutant's original line is still in the file, moving
    its line number to where it is now (nearest match) if the file moved."""
    lines = [line.rstrip("\n") for line in text.splitlines()]
    number = mutant["line"]
    if 0 < number <= len(lines) and lines[number - 1] == mutant["original"]:
        return True
    found = [i + 1 for i, line in enumerate(lines)
             if line == mutant["original"]]
    if not found:
        return False
    mutant["line"] = min(found, key=lambda i: abs(i - number))
    return True


def pool_baseline(args, src):
    """The unmutated pool lines, their ids and the per-run timeout."""
    if not args.pool:
        return {}, [], None
    started = time.time()
    status, out = shell(args.pool.replace("{from}", "0"), src, None)
    if status != 0:
        sys.exit("mutate.py: the unmutated pool run fails: " + args.pool)
    baseline = parse_lines(out)
    return baseline, list(baseline), 3 * (time.time() - started) + 2


def command_rejudge(args):
    """Judges again the mutants of an earlier run (by default its
    survivors) against the tree as it is now, e.g. after new tests; each
    keeps its id and gets firstStatus, the earlier verdict."""
    root = os.path.abspath(args.root)
    earlier = json.load(open(args.result, encoding="utf-8"))
    wanted = set(args.status)
    mutants = [dict(m, firstStatus=m.get("firstStatus", m["status"]))
               for m in earlier["mutants"] if m["status"] in wanted]
    for m in mutants:
        for key in ("status", "killers", "outputChanged", "testTimedOut",
                    "seconds", "killedBy"):
            m.pop(key, None)
    src = sync_scratch(root, os.path.abspath(args.scratch))
    status, _ = shell(args.build, src, args.build_timeout)
    if status != 0:
        sys.exit("mutate.py: the unmutated build fails: " + args.build)
    baseline, pool_ids, pool_timeout = pool_baseline(args, src)
    result = dict(earlier, rejudgeOf=args.result, build=args.build,
                  test=args.test, pool=args.pool,
                  poolSize=sum(i.isdigit() for i in pool_ids),
                  mutants=mutants, firstCommit=earlier.get("commit"),
                  commit=subprocess.run(["git", "rev-parse", "HEAD"], cwd=root,
                                        capture_output=True,
                                        text=True).stdout.strip())
    judge_all(args, src, result, baseline, pool_ids, pool_timeout,
              time.time())
    if args.merge:
        merge_rejudged(args.result, result)


def merge_rejudged(path, rejudged):
    """Writes the re-judged verdicts into the earlier run's file: the
    mutants keep their place (and firstStatus, their first verdict), and
    "rejudged" records when, at which commit and how long."""
    earlier = json.load(open(path, encoding="utf-8"))
    later = {m["id"]: m for m in rejudged["mutants"]}
    earlier["mutants"] = [later.get(m["id"], m) for m in earlier["mutants"]]
    earlier.setdefault("rejudged", []).append(dict(
        commit=rejudged["commit"], mutants=len(later),
        seconds=rejudged.get("seconds"), test=rejudged["test"],
        date=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())))
    write_json(path, earlier, done=earlier.get("judged",
                                               len(earlier["mutants"])))


def write_json(path, result, done):
    if not path:
        return
    judged = [m for m in result["mutants"] if "status" in m]
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(dict(result, mutants=judged, judged=done), f, indent=1)
    os.replace(path + ".tmp", path)


def greedy_cover(mutants, redundancy=1, kept=()):
    """Case ids that together kill every mutant any case kills, each by
    `redundancy` cases where that many kill it: the `kept` cases first (an
    earlier selection, so a suite only grows), then repeatedly the case that
    kills the most mutants still short of their quota (ties: smallest id)."""
    need = {m["id"]: min(redundancy, len(m["killers"])) for m in mutants
            if m.get("killers")}
    killers = {m["id"]: set(m["killers"]) for m in mutants
               if m.get("killers")}
    chosen = list(kept)
    for mutant, cases in killers.items():
        need[mutant] = max(0, need[mutant] - len(cases & set(chosen)))
    while any(need.values()):
        counts = {}
        for mutant, cases in killers.items():
            if need[mutant] == 0:
                continue
            for case in cases - set(chosen):
                counts[case] = counts.get(case, 0) + 1
        best = min(counts, key=lambda c: (-counts[c], int(c) if c.isdigit()
                                          else 0, c))
        chosen.append(best)
        for mutant, cases in killers.items():
            if need[mutant] and best in cases:
                need[mutant] -= 1
    return chosen


def command_cover(args):
    """The selection file of the conformance suite (conformance/
    power.json): the pool seed, the chosen case ids and where they come
    from."""
    results = [json.load(open(path, encoding="utf-8"))
               for path in args.result]
    mutants = {}
    for r in results:  # pool case ids only (numbers); one entry per mutant
        for m in r["mutants"]:
            pool = [k for k in m.get("killers", []) if k.isdigit()]
            entry = mutants.setdefault(m["id"], dict(m, killers=[]))
            entry["killers"] = sorted(set(entry["killers"]) | set(pool))
    kept, earlier = [], None
    if args.keep:
        with open(args.keep, encoding="utf-8") as f:
            earlier = json.load(f)
        if earlier["poolSeed"] != args.pool_seed:
            sys.exit("mutate.py: --keep was chosen on another pool seed")
        kept = [str(c) for c in earlier["cases"]]
    chosen = greedy_cover(list(mutants.values()), args.redundancy, kept)
    result = dict(results[0], seed=[r["seed"] for r in results],
                  mutants=list(mutants.values()))
    statuses = summary_rows(result["mutants"], lambda m: "all").get("all", {})
    print(json.dumps(dict(
        poolSeed=args.pool_seed, poolSize=result["poolSize"],
        mutantSeed=result["seed"], folders=result["folders"],
        redundancy=args.redundancy,
        population=result["population"], sampled=len(result["mutants"]),
        statuses=statuses, commit=result["commit"],
        kept=None if earlier is None else dict(
            mutantSeed=earlier["mutantSeed"], commit=earlier["commit"],
            redundancy=earlier.get("redundancy"), kept=earlier.get("kept"),
            cases=len(kept)),
        cases=sorted(int(c) if c.isdigit() else c for c in chosen)),
        indent=1))


def suite_killer(manifest_ids):
    """Whether a killing case id is a suite case: without a manifest, any id
    that is not a pool index; with one, a case of the manifest, or the pool
    index i of its case gen/i (the same documents), so a selection can be
    judged on a run made before it was written. The run's own gen/i lines
    are left out then: pool case i stands for them (an older suite's gen/i
    may hold other documents)."""
    if manifest_ids is None:
        return lambda k: not k.isdigit()
    return lambda k: ("gen/" + k in manifest_ids if k.isdigit() else
                      k in manifest_ids and not k.startswith("gen/"))


def command_power(args):
    """Of the mutants some pool case kills (case ids that are numbers), how
    many some suite case kills too (every other case id, or with
    --manifest the manifest's cases)."""
    result = json.load(open(args.result, encoding="utf-8"))
    manifest_ids = None
    if args.manifest:
        with open(args.manifest, encoding="utf-8") as f:
            manifest_ids = {c["id"] for c in json.load(f)["cases"]}
    in_suite = suite_killer(manifest_ids)
    judged = [m for m in result["mutants"] if m["status"] != "build-failed"]
    by_pool = [m for m in judged
               if any(k.isdigit() for k in m.get("killers", []))]
    by_suite = [m for m in by_pool
                if any(in_suite(k) for k in m.get("killers", []))]
    suite_only = [m for m in judged if m.get("killers")
                  and all(not k.isdigit() for k in m["killers"])]
    print("mutants judged %d (of %d sampled, seed %d); killed by the pool %d;"
          " by the suite %d of those (%.1f%%); by the suite alone %d" % (
              len(judged), len(result["mutants"]), result["seed"],
              len(by_pool), len(by_suite),
              100.0 * len(by_suite) / max(1, len(by_pool)), len(suite_only)))
    for m in by_pool:
        if m not in by_suite:
            print("missed %s:%d [%s] %s: %s" % (m["file"], m["line"],
                                                m["function"], m["operator"],
                                                m["mutated"].strip()))


STATUS_ORDER = ("killed", "survived-output-change", "survived-no-change",
                "survived", "build-failed", "stale")


def score_line(mutants):
    counts = summary_rows(mutants, lambda m: "all").get("all", {})
    text = ", ".join("%s %d" % (s, counts[s]) for s in STATUS_ORDER
                     if counts.get(s))
    changed = [m for m in mutants if m.get("outputChanged")]
    caught = [m for m in changed if m["status"] == "killed"]
    killed = counts.get("killed", 0)
    told = killed + sum(n for s, n in counts.items()
                        if s.startswith("survived")
                        and s != "survived-no-change")
    return "%s. Of the %d that change a pool output, %d killed (%.1f%%); " \
        "killed over killed plus survivors that change an output: " \
        "%d / %d (%.1f%%)" % (
            text, len(changed), len(caught),
            100.0 * len(caught) / max(1, len(changed)), killed, told,
            100.0 * killed / max(1, told))


def markdown_table(mutants, key, title):
    rows = summary_rows(mutants, key)
    statuses = [s for s in STATUS_ORDER
                if any(s in row for row in rows.values())]
    out = ["| %s | %s |" % (title, " | ".join(statuses)),
           "|---|%s" % ("---|" * len(statuses))]
    for name, row in sorted(rows.items()):
        out.append("| `%s` | %s |" % (name, " | ".join(
            str(row.get(s, 0)) for s in statuses)))
    return out


def mutant_line(m):
    return "`%s:%d` [%s] %s: `%s`" % (m["file"], m["line"], m["function"],
                                    m["operator"], m["mutated"].strip())


def reason_key(m):
    return "%s:%s:%s" % (m["file"], m["original"].strip(),
                         m["mutated"].strip())


def markdown_section(result, reasons):
    final = result["mutants"]
    first = [dict(m, status=m.get("firstStatus", m["status"])) for m in final]
    out = ["## %s" % ", ".join(f + "/" for f in result["folders"]), "",
           "- sample: %d of %d mutants, seed %d, commit `%s`" % (
               len(final), result["population"], result["seed"],
               result.get("commit", "?")[:12]),
           "- tests: `%s`" % result.get("test"),
           "- pool: `%s` (%d cases)" % (result.get("pool"),
                                        result.get("poolSize", 0)),
           "- run time: %s s on the shared 2-core machine" %
           result.get("seconds", "?"),
           "- first run: " + score_line(first)]
    for r in result.get("rejudged", []):
        out.append("- %d survivors judged again at commit `%s` (%s, %s s)" % (
            r["mutants"], r["commit"][:12], r["date"], r["seconds"]))
    out += ["- **now: " + score_line(final) + "**", ""]
    now_killed = [m for m in final if m["status"] == "killed" and
                  m.get("firstStatus", "").startswith("survived")]
    if now_killed:
        out += ["Survivors of the first run that the new tests kill:", ""]
        out += ["- %s (was %s) killed by `%s`" % (
            mutant_line(m), m["firstStatus"], m.get("killedBy", "?"))
            for m in now_killed]
        out.append("")
    gaps = [m for m in final if m["status"] == "survived-output-change"]
    out += ["Surviving mutants that change a pool output (%d):" % len(gaps),
            ""]
    out += ["- %s (pool cases %s): %s" % (
        mutant_line(m), ", ".join(m.get("killers", [])[:5]),
        reasons.get(reason_key(m), "(no reason recorded)"))
        for m in gaps] or ["- none"]
    quiet = [m for m in final if m["status"] == "survived-no-change"]
    if quiet:
        out += ["", "Surviving mutants without an output change (%d), each "
                "with why it lives where a reason is recorded:" % len(quiet),
                ""]
        out += ["- %s: %s" % (mutant_line(m), reasons.get(
            reason_key(m), "(no reason recorded)")) for m in quiet]
    out += ["", "By file:", ""]
    out += markdown_table(final, lambda m: m["file"], "file")
    out += ["", "By function:", ""]
    out += markdown_table(final, lambda m: m["file"] + ":" + m["function"],
                          "function")
    return out + [""]


def relabel(mutants, root):
    """Each mutant's function as the current rules name it, where its line
    is unchanged in the checkout (runs recorded before a rule improved)."""
    cache = {}
    for m in mutants:
        if m["file"] not in cache:
            path = os.path.join(root, m["file"])
            cache[m["file"]] = {(f["line"], f["original"]): f["function"]
                                for f in file_mutants(root, m["file"])} \
                if os.path.exists(path) else {}
        m["function"] = cache[m["file"]].get((m["line"], m["original"]),
                                             m["function"])


def command_summary(args):
    """Markdown: per run the seed, commit, counts (first run and now, after
    `rejudge --merge`), score, per file and per function, and every
    survivor that changes an output with the reason given in --reasons (a
    JSON object keyed "file:original line:mutated line", both stripped)."""
    reasons = json.load(open(args.reasons)) if args.reasons else {}
    out = [open(args.intro, encoding="utf-8").read().rstrip(), ""] \
        if args.intro else []
    for path in args.result:
        result = json.load(open(path, encoding="utf-8"))
        relabel(result["mutants"], os.path.abspath("."))
        out += markdown_section(result, reasons)
    print("\n".join(out).rstrip())


def command_list(args):
    root = os.path.abspath(args.root)
    mutants, population = sample(root, args.folder, args.count, args.seed,
                                 args.exclude, args.whole)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(dict(seed=args.seed, folders=args.folder,
                           population=population, mutants=mutants,
                           exclude=args.exclude or [],
                           commit=subprocess.run(
                               ["git", "rev-parse", "HEAD"], cwd=root,
                               capture_output=True, text=True).stdout.strip()),
                      f, indent=1)
    print("%d of %d mutants" % (len(mutants), population))
    for m in mutants:
        print("%s:%d [%s] %s: %s" % (m["file"], m["line"], m["function"],
                                     m["operator"], m["mutated"].strip()))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("run", "list"):
        p = sub.add_parser(name)
        p.add_argument("--root", default=".", help="the checkout (default .)")
        p.add_argument("--folder", action="append", required=True,
                       help="folder to mutate (repeatable)")
        p.add_argument("--count", type=int, default=200)
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--exclude", action="append", metavar="JSON",
                       help="never draw a mutant (same file, line text and "
                       "change) listed in this result or list file "
                       "(repeatable)")
        p.add_argument("--whole", action="append", metavar="FILE",
                       help="every mutant of FILE (inside a --folder) joins "
                       "the sample beside the --count drawn (repeatable)")
        p.add_argument("--json", help="write the mutants (list) or every "
                       "judged mutant (run)")
    run = sub.choices["run"]
    run.add_argument("--scratch", required=True)
    run.add_argument("--build", required=True)
    run.add_argument("--test")
    run.add_argument("--pool")
    rejudge = sub.add_parser("rejudge")
    rejudge.add_argument("result", help="the JSON of an earlier run")
    rejudge.add_argument("--root", default=".", help="the checkout")
    rejudge.add_argument("--merge", action="store_true",
                         help="write the new verdicts into RESULT too")
    rejudge.add_argument("--status", action="append",
                         help="judge again the mutants with this status "
                         "(repeatable; default the survivors)")
    for p in (run, rejudge):
        if p is rejudge:
            for name in ("--scratch", "--build"):
                p.add_argument(name, required=True)
            for name in ("--test", "--pool", "--json"):
                p.add_argument(name)
        p.add_argument("--build-timeout", type=float, default=900)
        p.add_argument("--test-timeout", type=float, default=1800,
                       help="seconds; a test run that hangs kills the mutant")
        p.add_argument("--pool-survivors", action="store_true",
                       help="run the pool only on mutants the tests leave "
                       "alive (all a survivor split needs; cheaper)")
    cover = sub.add_parser("cover")
    cover.add_argument("result", nargs="+")
    cover.add_argument("--pool-seed", type=int, required=True,
                       help="the seed the pool command drew its cases with")
    cover.add_argument("--redundancy", type=int, default=1,
                       help="cases that must kill each mutant (where the "
                       "pool has that many)")
    cover.add_argument("--keep", metavar="JSON",
                       help="an earlier selection (power.json) whose cases "
                       "are kept and count toward the quotas")
    summary = sub.add_parser("summary")
    summary.add_argument("result", nargs="+",
                         help="run JSONs (mutation/mutate.py run --json)")
    summary.add_argument("--reasons", help="JSON: why each survivor lives")
    summary.add_argument("--intro", help="markdown put first")
    power = sub.add_parser("power")
    power.add_argument("result")
    power.add_argument("--manifest", help="the suite's manifest.json: its "
                       "cases, and pool case i where it has gen/i, are the "
                       "suite's")
    args = parser.parse_args()
    if args.command in ("run", "rejudge") and not (args.test or args.pool):
        parser.error(args.command + " needs --test, --pool or both")
    if args.command == "rejudge" and not args.status:
        args.status = ["survived-output-change", "survived-no-change",
                       "survived"]
    {"run": command_run, "list": command_list, "cover": command_cover,
     "power": command_power, "rejudge": command_rejudge,
     "summary": command_summary}[
        args.command](args)


if __name__ == "__main__":
    main()
