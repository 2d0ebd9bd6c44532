#!/usr/bin/env python3
"""The trace from spec clause to code to tests (Python 3 standard library).

docs/trace.json is the trace: one row per clause (or part of a clause) of
build3d-regions-contours.md and interchange.md, per reading R1.. of the
shared readings.md and per reading A1.. of docs/readings.md. A row names

  reference, optimized, shared   "FILE" or "FILE:NAME" (NAME a function,
                                 Class::method, class/struct or constant
                                 defined in FILE)
  tests                          "Suite.Name" or a glob ("Suite.*") over the
                                 TEST/TEST_F/TEST_P/RC_GTEST_PROP of tests/
                                 and props/
  properties                     the same, RC_GTEST_PROP only
  ioRows                         row names of the IoRules table (tests/)
  vectors                        worked vectors of ../shared/vectors
  fuzzers                        harnesses of fuzz/

  audit/trace.py check   every named file, function, test, property, row,
                           vector and fuzzer exists; every clause and
                           reading of the documents has a row and no row
                           names a clause they do not have; docs/trace.md is
                           what `md` generates. Exit 1 naming each problem.
  audit/trace.py md      writes docs/trace.md from docs/trace.json.

--root DIR checks another tree (the fixture of audit/test_trace.py);
--shared DIR is the shared folder (default ROOT/../shared). Without it the
clauses of the shared documents and the vectors are not checked (said on
stdout), as the tests that read ../shared skip.
"""

import argparse
import fnmatch
import json
import os
import re
import sys

STAGE_SPEC = "spec/build3d-regions-contours.md"
INTERCHANGE_SPEC = "spec/interchange.md"
SHARED_READINGS = "spec/readings.md"
OWN_READINGS = "docs/readings.md"
TRACE_JSON = "docs/trace.json"
TRACE_MD = "docs/trace.md"
CODE_KINDS = ("reference", "optimized", "shared")
TEST_DIRS = ("tests", "props")


# ---------------------------------------------------------------- clauses

def stage_clauses(text):
    """§N for each numbered heading ("N. Title", no full stop after it) and
    §N.M for each numbered item inside section N ("M. Word. ...")."""
    clauses, section = {}, None
    for line in text.splitlines():
        m = re.match(r"^(\d+)\. (.*)$", line)
        if not m:
            continue
        number, rest = m.group(1), m.group(2).strip()
        if ". " not in rest and not rest.endswith("."):
            section = number
            clauses["§" + number] = rest
        elif section is not None:
            title = re.split(r"[.:]", rest, maxsplit=1)[0]
            clauses["§%s.%s" % (section, number)] = title
    return clauses


def heading_clauses(text, pattern, name):
    clauses = {}
    for line in text.splitlines():
        m = re.match(pattern, line)
        if m:
            clauses[name(m.group(1))] = m.group(2).strip()
    return clauses


def all_clauses(root, shared):
    """(clause id -> title, in document order; notes on what was skipped)."""
    clauses, notes = {}, []
    own = os.path.join(root, OWN_READINGS)
    if shared and os.path.isdir(os.path.join(shared, "spec")):
        clauses.update(stage_clauses(read(os.path.join(shared, STAGE_SPEC))))
        clauses.update(heading_clauses(
            read(os.path.join(shared, INTERCHANGE_SPEC)),
            r"^## (\d+)\. (.*)$", lambda n: "interchange §" + n))
        clauses.update(heading_clauses(
            read(os.path.join(shared, SHARED_READINGS)),
            r"^## (R\d+)\. (.*)$", lambda n: n))
    else:
        notes.append("../shared/spec absent: the clauses of the shared "
                     "documents are not checked")
    clauses.update(heading_clauses(read(own), r"^### (A\d+)\. (.*)$",
                                   lambda n: n))
    return clauses, notes


def clause_sort_key(clause):
    """§ clauses, then interchange §, then R, then A; numbers as numbers."""
    group = (0 if clause.startswith("§") else
             1 if clause.startswith("interchange") else
             2 if clause.startswith("R") else 3)
    if clause == "preamble":
        return (-1, [])
    return (group, [int(n) for n in re.findall(r"\d+", clause)])


# ------------------------------------------------------------- the sources

def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def blank_comments_and_strings(text):
    """The text with comments, string and character literals replaced by
    spaces (newlines kept), so offsets and line numbers stay valid."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c == 'R' and text.startswith('R"', i) and \
                (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            delim = text[i + 2:text.find("(", i + 2)]
            j = text.find(")" + delim + '"', i)
            j = n if j < 0 else j + len(delim) + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j += 1
        else:
            out.append(c)
            i += 1
            continue
        out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
        i = j
    return "".join(out)


def matching(text, open_at):
    """Index of the bracket closing the one at open_at."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    opening, closing, depth = text[open_at], pairs[text[open_at]], 0
    for i in range(open_at, len(text)):
        if text[i] == opening:
            depth += 1
        elif text[i] == closing:
            depth -= 1
            if depth == 0:
                return i
    return len(text) - 1


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def body_after_parameters(code, close):
    """Offset of the '{' opening a function body after its parameter list
    (past const, noexcept, override, a trailing return type, a constructor's
    initializer list), or None for a declaration or a call."""
    i = close + 1
    while i < len(code):
        c = code[i]
        if c == "{":
            return i
        if c in ";,)=":
            return None
        if c == ":" and code.startswith("::", i):
            i += 2
            continue
        if c == ":":  # an initializer list: member(args) or member{args}
            i += 1
            while i < len(code):
                m = re.compile(r"\s*[\w:<>]+\s*([({])").match(code, i)
                if not m:
                    return None
                i = matching(code, m.start(1)) + 1
                m = re.compile(r"\s*(,|\{)").match(code, i)
                if not m:
                    return None
                if m.group(1) == "{":
                    return m.start(1)
                i = m.end()
            return None
        if c in "(":
            i = matching(code, i) + 1
            continue
        i += 1
    return None


class Source:
    """One C++ file, comments and strings blanked, with its definitions."""

    def __init__(self, path):
        self.text = read(path)
        self.code = blank_comments_and_strings(self.text)

    def function(self, name, start=0, end=None):
        """(first line, last line) of the definition of name, or None."""
        end = len(self.code) if end is None else end
        pattern = re.compile(r"(?<![\w.>])(?:[\w<>]+::)*%s\s*\(" %
                             re.escape(name))
        for m in pattern.finditer(self.code, start, end):
            close = matching(self.code, m.end() - 1)
            body = body_after_parameters(self.code, close)
            if body is not None:
                return (line_of(self.code, m.start()),
                        line_of(self.code, matching(self.code, body)))
        return None

    def type(self, name):
        m = re.search(r"\b(?:class|struct)\s+%s\b[^;{]*\{" % re.escape(name),
                      self.code)
        if not m:
            return None
        return (m.start(), matching(self.code, m.end() - 1))

    def definition(self, name):
        """(first line, last line) of a function, Class::method, class or
        struct or constant called name, or None."""
        if "::" in name:
            owner, member = name.rsplit("::", 1)
            span = self.type(owner)
            if span:
                found = self.function(member, span[0], span[1])
                if found:
                    return found
            return self.function(name)  # an out-of-line definition
        span = self.type(name)
        if span:
            return (line_of(self.code, span[0]), line_of(self.code, span[1]))
        found = self.function(name)
        if found:
            return found
        m = re.search(r"\b%s\b\s*(?:\[[^\]]*\])?\s*(=|\{)" % re.escape(name),
                      self.code)
        if m:
            return (line_of(self.code, m.start()),
                    line_of(self.code, m.start()))
        return None


class Sources:
    """The tree's C++ files, read once."""

    def __init__(self, root):
        self.root = root
        self.files = {}

    def get(self, relative):
        if relative not in self.files:
            path = os.path.join(self.root, relative)
            self.files[relative] = Source(path) if os.path.isfile(path) \
                else None
        return self.files[relative]

    def locate(self, entry):
        """(file, name, (first, last) or None); name is None for a file."""
        relative, _, name = entry.partition(":")
        source = self.get(relative)
        if source is None:
            return relative, name or None, None
        if not name:
            return relative, None, (1, source.text.count("\n") + 1)
        return relative, name, source.definition(name)


def declared_tests(root):
    """{"Suite.Name": kind} for every gtest and RapidCheck test in tests/
    and props/ (kind "test" or "property")."""
    tests = {}
    pattern = re.compile(
        r"\b(TEST|TEST_F|TEST_P|RC_GTEST_PROP|RC_GTEST_FIXTURE_PROP)"
        r"\s*\(\s*(\w+)\s*,\s*(\w+)")
    for folder in TEST_DIRS:
        directory = os.path.join(root, folder)
        if not os.path.isdir(directory):
            continue
        for name in sorted(os.listdir(directory)):
            if not name.endswith((".cpp", ".h")):
                continue
            code = blank_comments_and_strings(
                read(os.path.join(directory, name)))
            for m in pattern.finditer(code):
                if m.group(0).startswith("#"):
                    continue
                kind = "property" if m.group(1).startswith("RC_") else "test"
                tests["%s.%s" % (m.group(2), m.group(3))] = kind
    return tests


def io_row_names(root):
    """The string literals of tests/test_io.cpp (the IoRules rows)."""
    path = os.path.join(root, "tests", "test_io.cpp")
    if not os.path.isfile(path):
        return set()
    return set(re.findall(r'"(\w+)"', read(path)))


# ------------------------------------------------------------------ check

def check(root, shared, trace):
    problems, notes = [], []
    clauses, skipped = all_clauses(root, shared)
    notes += skipped
    rows = trace["rows"]
    known_ids = set(clauses) | {"preamble"}
    traced = {row["clause"] for row in rows}
    for clause in clauses:
        if clause not in traced:
            problems.append("clause %s (%s) has no row in %s" %
                            (clause, clauses[clause], TRACE_JSON))
    for row in rows:
        clause = row["clause"]
        if clause not in known_ids and (not skipped or
                                         clause.startswith("A")):
            problems.append("row %s: no such clause or reading" % clause)
    sources = Sources(root)
    tests = declared_tests(root)
    io_rows = io_row_names(root)
    vectors = os.path.join(shared, "vectors") if shared else None
    for row in rows:
        where = "row %s (%s)" % (row["clause"], row.get("topic", ""))
        for kind in CODE_KINDS:
            for entry in row.get(kind, []):
                relative, name, found = sources.locate(entry)
                if sources.get(relative) is None:
                    problems.append("%s: %s names %s, whose file does not "
                                    "exist" % (where, kind, entry))
                elif found is None:
                    problems.append("%s: %s names %s, which is not defined "
                                    "in %s" % (where, kind, name, relative))
        for kind, wanted in (("tests", None), ("properties", "property")):
            for pattern in row.get(kind, []):
                hits = [t for t in tests if fnmatch.fnmatchcase(t, pattern)
                        and (wanted is None or tests[t] == wanted)]
                if not hits:
                    problems.append("%s: %s names %s, which matches no %s "
                                    "declared in %s" % (
                                        where, kind, pattern,
                                        wanted or "test",
                                        " or ".join(TEST_DIRS)))
        for name in row.get("ioRows", []):
            if name not in io_rows:
                problems.append("%s: ioRows names %s, which is no row of "
                                "tests/test_io.cpp" % (where, name))
        for name in row.get("fuzzers", []):
            if not os.path.isfile(os.path.join(root, "fuzz", name + ".cpp")):
                problems.append("%s: fuzzers names %s, which is not in "
                                "fuzz/" % (where, name))
        if vectors and os.path.isdir(vectors):
            for name in row.get("vectors", []):
                if not os.path.isfile(os.path.join(vectors,
                                                   name + ".chf.json")):
                    problems.append("%s: vectors names %s, which is not in "
                                    "../shared/vectors" % (where, name))
    return problems, notes, clauses


# --------------------------------------------------------------- markdown

INTRO = """\
# Trace: spec clause → code → tests

Generated by `audit/trace.py md` from `docs/trace.json` (edit that, then
run `audit/trace.py md`; the ctest `trace_check` fails when this file
differs from what the script writes, when a row names a function, test or
property that does not exist, or when a clause or reading has no row).
`make audit` joins these rows with line and branch coverage and mutation
results (`build/audit/index.html`).

For auditors: each clause of `build3d-regions-contours.md` (§N, and §N.M
for its numbered items) and of `interchange.md`, each reading R1–R13 of
`readings.md` and A1… of `docs/readings.md`: the functions of `reference/`
and `optimized/` that implement it (`shared`: `core/`, used by both), and
the tests, properties, IoRules rows, worked vectors and fuzzers that pin
it. Hand-worked tests draw their grids as ASCII; `RealInput.*` runs the
invariants of `checks/invariants.h` (written apart from the implementations)
on the three meshes of `../shared/meshes` and on every scenario, for every
implementation; `WorkedVectors.*` compares with the independent
implementation's vectors; properties are RapidCheck (`props/README.md`).
Every hand-worked test of a stage result runs on every implementation
through the `Implementation` seam and is named by it
(`Contours.SquareRegionKeepsFourCorners/optimized`); tests of the
reference's own steps are in `tests/test_reference_steps.cpp`.
"""


def code_cell(entries):
    return "<br>".join("`%s`" % e for e in entries) or "—"


def pins_cell(row):
    parts = ["`%s`" % t for t in row.get("tests", [])]
    parts += ["property `%s`" % t for t in row.get("properties", [])]
    parts += ["IoRules row `%s`" % t for t in row.get("ioRows", [])]
    parts += ["vector `%s`" % t for t in row.get("vectors", [])]
    parts += ["fuzzer `%s`" % t for t in row.get("fuzzers", [])]
    text = ", ".join(parts) or "—"
    if row.get("note"):
        text += " (" + row["note"] + ")"
    return text


def section_of(clause):
    m = re.match(r"^(interchange )?§(\d+)", clause)
    return (m.group(1) or "") + "§" + m.group(2) if m else clause


def markdown(trace):
    rows = sorted(trace["rows"], key=lambda r: clause_sort_key(r["clause"]))
    out = [INTRO]
    out.append("## Where each spec section lives\n")
    out.append("| section | reference files | optimized files |")
    out.append("|---|---|---|")
    sections = {}
    for row in rows:
        if row["clause"][0] in "RA":
            continue
        files = sections.setdefault(section_of(row["clause"]), ([], []))
        for kind, into in (("reference", files[0]), ("optimized", files[1])):
            for entry in row.get(kind, []) + (row.get("shared", [])):
                name = entry.split(":")[0]
                if name not in into:
                    into.append(name)
    for section, (ref, opt) in sections.items():
        out.append("| %s | %s | %s |" % (
            section, ", ".join("`%s`" % f for f in ref) or "—",
            ", ".join("`%s`" % f for f in opt) or "—"))
    for title, wanted in (("Each clause", "§i"), ("Each reading", "RA")):
        out.append("\n## %s\n" % title)
        out.append("| clause | topic | reference | optimized | shared "
                   "| pinned by |")
        out.append("|---|---|---|---|---|---|")
        for row in rows:
            if row["clause"][0] not in wanted and not (
                    wanted == "§i" and row["clause"] == "preamble"):
                continue
            out.append("| %s | %s | %s | %s | %s | %s |" % (
                row["clause"], row.get("topic", ""),
                code_cell(row.get("reference", [])),
                code_cell(row.get("optimized", [])),
                code_cell(row.get("shared", [])), pins_cell(row)))
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("command", choices=["check", "md"])
    parser.add_argument("--root", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--shared")
    parser.add_argument("--trace", help="default ROOT/" + TRACE_JSON)
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    shared = args.shared or os.path.join(root, "..", "shared")
    trace_path = args.trace or os.path.join(root, TRACE_JSON)
    trace = json.loads(read(trace_path))
    generated = markdown(trace)
    md_path = os.path.join(root, TRACE_MD)
    if args.command == "md":
        with open(md_path, "w", encoding="utf-8") as f:
            f.write(generated)
        return 0
    problems, notes, clauses = check(root, shared, trace)
    if not os.path.isfile(md_path) or read(md_path) != generated:
        problems.append("%s is not what `audit/trace.py md` generates from "
                        "%s: run it" % (TRACE_MD, TRACE_JSON))
    for note in notes:
        print("trace: " + note)
    for problem in problems:
        print("trace: " + problem, file=sys.stderr)
    if problems:
        return 1
    print("trace: %d rows cover %d clauses and readings; every named "
          "function, test and property exists" % (len(trace["rows"]),
                                                  len(clauses)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
