#!/usr/bin/env python3
"""The documents checked against the code (Python 3 standard library).

  audit/docs_check.py check [--root DIR] [--build DIR] [--shared DIR]
  audit/docs_check.py narrative [--root DIR]

`check` reads README.md and docs/*.md for options and commands, and every
Markdown document of the tree for paths and generated tables:

  flags       every `--flag` written beside a command (`regcon CMD ...`, a
              program of the tree such as `build/dev/props/regcon_props`,
              a script such as `mutation/mutate.py`, or an installed tool
              such as `ctest`) is in that command's `--help`; a flag in a
              paragraph that names no command must be in the --help of
              some regcon command.
  commands    every line of a fenced `sh` block (the lines after `$ ` when
              the block shows a session with output) parses as a shell
              line; a `regcon CMD` line's `regcon CMD --help` succeeds and
              holds each of its flags; `make TARGET` names a target of the
              Makefile; a path to a script of the tree exists.
  paths       every path in backquotes or a link that starts with a top
              folder of the tree (`core/`, `docs/`, `.clusterfuzzlite/`,
              ...) or is a top-level file exists: a folder written with its
              slash (`fuzz/planted/`), a file with its suffix
              (`core/types.h`, `core/types.h:Heightfield`), or, in README.md
              and docs/, a folder by its name alone (`planted/`: some
              folder of the tree has that name); `<name>` and `*` match any
              name; build/ (made by builds) is not checked,
              ../shared/ only when that folder is there.
  generated   a table between `<!-- generated: COMMAND -->` and
              `<!-- end generated -->` is what COMMAND (run from the root,
              its program a file of the tree) prints, byte for byte.

`narrative` fails on text that tells a document's history instead of what
is true of the code beside it: issue numbers ("issue 12"), load averages,
and the narrative phrases of NARRATIVE below; every Markdown document of
the tree is read.

Exit 1 naming each problem as FILE:LINE: what.
"""

import argparse
import glob
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys

NARRATIVE = [
    (r"\bissues?\s+#?\d+", "an issue number"),
    (r"\bload average", "a load average"),
    (r"\bload (?:of|about|near) \d", "a load average"),
    (r"\bthis (?:round|session|sprint)\b", "a commit narrative"),
    (r"\b(?:last|previous|earlier) (?:round|session|sweep)\b",
     "a commit narrative"),
    (r"\bfrozen\b", "a commit narrative"),
    (r"\bbefore the (?:last )?rebase\b", "a commit narrative"),
    (r"\brebased away\b", "a commit narrative"),
    (r"\bto fit the time\b", "a commit narrative"),
    (r"\bother (?:sessions|helpers)\b", "the circumstances of a run"),
]
GENERATED = re.compile(r"^<!-- generated: (.+?) -->\s*$")
GENERATED_END = "<!-- end generated -->"
SKIP_DIRS = {".git", "build", "node_modules"}
FLAG = re.compile(r"(?<![\w-])--[a-z0-9][a-z0-9_-]*")
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
OPTION_LINE = re.compile(r"^\s+(-\w,)?(--[\w-]+)(,--[\w-]+)*")
REGCON = re.compile(r"^(?:\S*/)?regcon$")


def documents(root):
    out = []
    for directory, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        for name in sorted(files):
            if name.endswith(".md"):
                out.append(os.path.relpath(os.path.join(directory, name),
                                           root))
    return out


def reference_documents(root):
    """README.md and docs/*.md: the documents whose options are checked."""
    return [d for d in documents(root)
            if d == "README.md" or (os.path.dirname(d) == "docs")]


class Problems(list):
    def add(self, document, line, what):
        self.append("%s:%d: %s" % (document, line, what))


# ------------------------------------------------------------ the blocks

def blocks(text):
    """(kind, first line number, lines): kind "fence:LANG" or "para"; a
    paragraph is a run of non-blank lines outside fences (a list item, a
    table or prose)."""
    out, lines = [], text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = re.match(r"^\s*(```+|~~~+)\s*([\w+-]*)", line)
        if fence:
            mark, language = fence.group(1), fence.group(2)
            start, i = i + 1, i + 1
            body = []
            while i < len(lines) and not lines[i].strip().startswith(mark):
                body.append(lines[i])
                i += 1
            out.append(("fence:" + language, start + 1, body))
            i += 1
            continue
        if not line.strip():
            i += 1
            continue
        start, body = i, []
        while i < len(lines) and lines[i].strip() and \
                not re.match(r"^\s*(```|~~~)", lines[i]):
            body.append(lines[i])
            i += 1
        out.append(("para", start + 1, body))
    return out


# ------------------------------------------------------------- the helps

class Helps:
    """The --help texts of the commands the documents name, asked once."""

    def __init__(self, root, regcon):
        self.root = root
        self.regcon = regcon
        self.cache = {}

    def text(self, argv):
        """The --help of a program, or None. A shell script of the tree is
        never run (`--help` may be read as an argument and start a fuzz
        run or an install): its own text stands for its help."""
        key = tuple(argv)
        if key not in self.cache:
            if is_shell_script(argv[0]):
                with open(argv[0], encoding="utf-8") as f:
                    self.cache[key] = f.read()
                return self.cache[key]
            # Its own process group, killed whole on a timeout.
            try:
                proc = subprocess.Popen(list(argv) + ["--help"], text=True,
                                        stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL,
                                        cwd=self.root, start_new_session=True)
            except OSError:
                self.cache[key] = None
                return None
            try:
                out, _ = proc.communicate(timeout=60)
                self.cache[key] = out if proc.returncode == 0 else None
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.communicate()
                self.cache[key] = None
        return self.cache[key]

    @staticmethod
    def options(text):
        """The options of a --help's option lines (CLI11's and argparse's
        "  -o,--out FILE   what it does")."""
        found = set()
        for line in text.splitlines():
            if OPTION_LINE.match(line):
                found.update(re.findall(r"--[\w-]+",
                                        line.strip().split("  ")[0]))
        return found

    @staticmethod
    def subcommands(text):
        names, inside = set(), False
        for line in text.splitlines():
            if re.match(r"^Subcommands:", line):
                inside = True
                continue
            if inside:
                m = re.match(r"^\s+([\w-]+)\s", line + " ")
                if not m:
                    inside = bool(line.strip()) and inside
                    if not line.strip():
                        inside = False
                    continue
                names.add(m.group(1))
        return names

    def regcon_command(self, words):
        """(the command's words after regcon, its --help) for the words
        after `regcon` (subcommands followed while --help lists them), or
        (words, None) when regcon or the command is unknown."""
        if self.regcon is None:
            return [], None
        path, text = [], self.text([self.regcon])
        if text is None:
            return [], None
        for word in words:
            if word.startswith("-"):
                break
            if word in self.subcommands(text):
                path.append(word)
                text = self.text([self.regcon] + path)
                if text is None:
                    return path, None
            else:
                break
        return path, text

    def all_regcon_options(self):
        out = set()
        top = self.text([self.regcon]) if self.regcon else None
        if top is None:
            return None
        out |= self.options(top)
        todo = [[c] for c in self.subcommands(top)]
        while todo:
            path = todo.pop()
            text = self.text([self.regcon] + path)
            if text is None:
                continue
            out |= self.options(text)
            todo += [path + [c] for c in self.subcommands(text)]
        return out


# --------------------------------------------------------- the commands

TOOLS = ("cmake", "ctest", "gcovr", "make", "clang-format", "chromium")


def is_shell_script(path):
    """A script of the tree run by a shell (`.ci/run`, `fuzz/fuzz.sh`): never
    run to ask for --help, which it may not know (`.ci/run --help` is `make
    test`)."""
    try:
        with open(path, encoding="utf-8") as f:
            first = f.readline()
    except (OSError, UnicodeDecodeError):
        return False
    return first.startswith("#!") and "python" not in first


def program_of(words, root, build):
    """(the argv of the program a command's words start with, the words
    left), or None when they name no program: ("regcon",), a file of the
    tree (a script), a program of a build folder (build/PRESET/X is looked
    up as BUILD/X, the build being checked; ("unbuilt", path) when it is
    not there), or an installed tool of TOOLS."""
    if not words:
        return None
    first = words[0]
    if REGCON.match(first):
        return ("regcon",), words[1:]
    m = re.match(r"^build/[\w-]+/(.+)$", first)
    if m and "." not in os.path.basename(first):
        built = os.path.join(build, m.group(1))
        if os.path.isfile(built) and os.access(built, os.X_OK):
            return (built,), words[1:]
        return ("unbuilt", first), words[1:]
    if "/" in first and os.path.isfile(os.path.join(root, first)):
        return (os.path.join(root, first),), words[1:]
    if first in TOOLS and shutil.which(first):
        return (first,), words[1:]
    return None


def make_targets(root):
    targets = set()
    with open(os.path.join(root, "Makefile"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^([\w.-]+(?:\s+[\w.-]+)*)\s*:(?!=)", line)
            if m:
                targets.update(m.group(1).split())
    return targets


def split_words(command):
    try:
        return shlex.split(command, comments=True)
    except ValueError:
        return None


class Checker:
    def __init__(self, root, build, shared):
        self.root = root
        self.build = build
        regcon = os.path.join(build, "regcon")
        self.unchecked = set()
        self.helps = Helps(root, regcon)
        self.regcon = regcon
        self.shared = shared
        self.problems = Problems()
        self.top = set(os.listdir(root)) - SKIP_DIRS
        self.targets = make_targets(root) if os.path.isfile(
            os.path.join(root, "Makefile")) else set()
        self._regcon_options = None

    def regcon_options(self):
        if self._regcon_options is None:
            self._regcon_options = self.helps.all_regcon_options() or set()
        return self._regcon_options

    # flags of one command's words; returns whether a command was known
    def check_words(self, document, line, words, where):
        known = program_of(words, self.root, self.build)
        if known is None:
            return False
        program, rest = known
        if program[0] == "unbuilt":
            self.unchecked.add(program[1])
            return True
        if program == ("make",):
            for word in rest:
                if not word.startswith("-") and "=" not in word and \
                        word not in self.targets:
                    self.problems.add(document, line,
                                      "make %s: no such target in the "
                                      "Makefile" % word)
            return True
        if program == ("regcon",):
            if self.regcon is None:
                return True
            path, text = self.helps.regcon_command(rest)
            name = " ".join(["regcon"] + path)
            if not path and rest and not rest[0].startswith("-"):
                self.problems.add(document, line, "`regcon %s` is not a "
                                  "command of `regcon --help`" % rest[0])
                return True
            if text is None:
                self.problems.add(document, line,
                                  "`%s --help` fails" % name)
                return True
        else:
            path, text = [], self.helps.text(list(program))
            name = os.path.relpath(program[0], self.root) \
                if os.path.isabs(program[0]) else program[0]
            if text is None:
                # A script without --help: only its existence is checked.
                return True
        if is_shell_script(program[0]):  # its text: any flag it names
            options = set(re.findall(r"--[\w-]+", text)) | {"--help"}
        else:
            options = self.helps.options(text) | {"--help"}
        for word in rest:
            flag = word.split("=", 1)[0]
            if FLAG.fullmatch(flag) and flag not in options:
                self.problems.add(document, line,
                                  "%s: `%s` is not in `%s --help`%s" % (
                                      where, flag, name, ""))
        return True

    def check_sh(self, document, start, body):
        prompts = any(l.startswith("$ ") for l in body)
        joined, first = "", None
        for offset, raw in enumerate(body):
            if prompts and not raw.startswith("$ ") and not joined:
                continue  # output of the command above
            text = raw[2:] if raw.startswith("$ ") else raw
            if first is None:
                first = start + offset
            if text.rstrip().endswith("\\"):
                joined += text.rstrip()[:-1] + " "
                continue
            command, joined = joined + text, ""
            line, first = first, None
            if not command.strip() or command.strip().startswith("#"):
                continue
            words = split_words(command)
            if words is None:
                self.problems.add(document, line,
                                  "the command does not parse: %s" %
                                  command.strip())
                continue
            # Environment assignments come first; a pipeline's later parts
            # are their own commands.
            for part in self.pipeline_parts(words):
                while part and re.match(r"^[A-Z_][A-Z0-9_]*=", part[0]):
                    part = part[1:]
                if part and part[0] in ("cd", "echo", "export"):
                    continue
                if part and "/" in part[0] and \
                        not part[0].startswith(("build/", "./", "/", "../")) \
                        and not os.path.exists(os.path.join(self.root,
                                                            part[0])):
                    self.problems.add(document, line,
                                      "no such script: %s" % part[0])
                    continue
                self.check_words(document, line, part, "command")

    @staticmethod
    def pipeline_parts(words):
        part = []
        for word in words:
            if word in ("|", "&&", "||", ";"):
                yield part
                part = []
            elif word.startswith(">") or word.startswith("<"):
                continue
            else:
                part.append(word)
        yield part

    def check_paragraph_flags(self, document, start, body):
        """A code span that starts with a command is checked whole. A span
        that starts with a flag (`--json FILE`) is checked against the
        commands of the paragraph: its flag must be in the --help of some
        regcon command or of a program the paragraph names in a span. (Which
        regcon command prose means is not read: "Options of `regions`, ..."
        names commands without `regcon`.) Not checked when the paragraph
        names a program that is not built here, or when the word before the
        span names an installed program (gcc `--coverage`)."""
        named, loose, blind = [], [], False
        text = "\n".join(body)
        for m in CODE_SPAN.finditer(text):
            offset = text.count("\n", 0, m.start())
            span = " ".join(m.group(2).split())
            words = split_words(span) or span.split()
            known = program_of(words, self.root, self.build)
            if known is not None:
                self.check_words(document, start + offset, words,
                                 "`%s`" % span)
                if known[0][0] == "unbuilt":
                    blind = True
                elif known[0] != ("regcon",):
                    named.append(known[0])
                continue
            flag = words[0].split("=", 1)[0] if words else ""
            if not FLAG.fullmatch(flag):
                continue
            before = re.findall(r"([\w+-]+)\s*$", text[:m.start()])
            if before and before[0] not in ("regcon", "make") and \
                    shutil.which(before[0]):
                self.unchecked.add("%s %s" % (before[0], flag))
                continue
            loose.append((start + offset, flag))
        if not loose:
            return
        if blind:
            self.unchecked.update(flag for _, flag in loose)
            return
        options = set(self.regcon_options())
        for program in named:
            options |= self.helps.options(self.helps.text(list(program))
                                          or "")
        for line, flag in loose:
            if flag not in options and flag != "--help":
                self.problems.add(
                    document, line, "`%s` is in no --help of a regcon "
                    "command or of a program the paragraph names" % flag)

    # ------------------------------------------------------------- paths

    def path_exists(self, document, token):
        token = token.rstrip(".,:;")
        token = token.split(":", 1)[0]  # FILE:LINE, FILE:FUNCTION
        if re.fullmatch(r"[a-z][\w.-]*/", token):
            return token[:-1] in self.folder_names()
        if token.startswith("../shared/"):
            if self.shared is None:
                return True
            base, token = self.shared, token[len("../shared/"):]
        else:
            base = self.root
        pattern = re.sub(r"<[^>]+>", "*", token)
        pattern = re.sub(r"\{[^}]*\}", "*", pattern)
        if "*" in pattern or "?" in pattern:
            return bool(glob.glob(os.path.join(base, pattern)))
        return os.path.exists(os.path.join(base, pattern))

    def folder_names(self):
        """The names of the tree's folders, at any depth: a document names
        a folder by its name alone where the context says whose it is."""
        if not hasattr(self, "_folders"):
            self._folders = set()
            for directory, dirs, _ in os.walk(self.root):
                dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
                self._folders.update(dirs)
        return self._folders

    def is_repository_path(self, token, reference):
        if any(c in token for c in " $…\"'()") or "..." in token:
            return False
        if token.startswith("../shared/"):
            return True
        head = token.split("/", 1)[0]
        if head == "build" or "/" not in token and token not in self.top:
            return False
        if re.fullmatch(r"[a-z][\w.-]*/", token):
            # A folder by its name alone (`scripts/`, `planted/`), read in
            # README.md and docs/ only: a folder's own README names ids
            # that look alike (the suite's `vector/`).
            return reference
        if "/" in token and not token.endswith("/") and \
                "." not in os.path.basename(token.split(":", 1)[0]):
            # `gen/i`, `vector/hole-7x7`: ids of the suite, not paths (a
            # path is a folder with its slash or a file with its suffix).
            return False
        return head in self.top and (
            "/" in token or os.path.isfile(os.path.join(self.root, head)))

    def check_paths(self, document, start, body, reference):
        text = "\n".join(body)
        spans = [(text.count("\n", 0, m.start()), m.group(2))
                 for m in CODE_SPAN.finditer(text)]
        for offset, line in enumerate(body):
            tokens = [word for at, span in spans if at == offset
                      for word in span.split()]
            for m in LINK.finditer(line):
                target = m.group(1)
                if re.match(r"^[a-z]+:", target):
                    continue
                relative = os.path.normpath(os.path.join(
                    os.path.dirname(document), target))
                if not os.path.exists(os.path.join(self.root, relative)):
                    self.problems.add(document, start + offset,
                                      "the link to %s leads nowhere" %
                                      target)
            for token in tokens:
                if self.is_repository_path(token, reference) and \
                        not self.path_exists(document, token):
                    self.problems.add(document, start + offset,
                                      "no such path: %s" % token)

    # --------------------------------------------------------- generated

    def check_generated(self, document, text):
        lines = text.splitlines(keepends=True)
        i, fenced = 0, False
        while i < len(lines):
            if re.match(r"^\s*(```|~~~)", lines[i]):
                fenced = not fenced  # a marker shown as an example
            m = None if fenced else GENERATED.match(lines[i])
            if not m:
                i += 1
                continue
            command, start = m.group(1), i + 1
            end = start
            while end < len(lines) and lines[end].strip() != GENERATED_END:
                end += 1
            if end == len(lines):
                self.problems.add(document, start,
                                  "generated table without `%s`" %
                                  GENERATED_END)
                return
            words = split_words(command) or []
            program = words[0] if words else ""
            if not os.path.isfile(os.path.join(self.root, program)):
                self.problems.add(document, start,
                                  "the generator %s is not a file of the "
                                  "tree" % program)
            else:
                argv = words if os.access(os.path.join(self.root, program),
                                          os.X_OK) else \
                    [sys.executable] + words
                if argv[0] == program:
                    argv[0] = os.path.join(self.root, program)
                done = subprocess.run(argv, capture_output=True, text=True,
                                      cwd=self.root, timeout=300)
                shown = "".join(lines[start:end])
                if done.returncode != 0:
                    self.problems.add(document, start,
                                      "the generator `%s` fails: %s" % (
                                          command, done.stderr.strip()[-300:]))
                elif done.stdout.strip("\n") != shown.strip("\n"):
                    self.problems.add(document, start,
                                      "the table is not what `%s` prints "
                                      "(run it and paste its output)" %
                                      command)
            i = end + 1

    # -------------------------------------------------------------- run

    def run(self):
        reference = set(reference_documents(self.root))
        for document in documents(self.root):
            with open(os.path.join(self.root, document),
                      encoding="utf-8") as f:
                text = f.read()
            self.check_generated(document, text)
            for kind, start, body in blocks(text):
                if kind == "para":
                    self.check_paths(document, start, body,
                                     document in reference)
                    if document in reference:
                        self.check_paragraph_flags(document, start, body)
                elif kind in ("fence:sh", "fence:bash", "fence:console",
                              "fence:shell") and document in reference:
                    self.check_sh(document, start, body)
        return self.problems


def narrative(root):
    problems = Problems()
    patterns = [(re.compile(p, re.IGNORECASE), what) for p, what in
                NARRATIVE]
    for document in documents(root):
        with open(os.path.join(root, document), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                for pattern, what in patterns:
                    m = pattern.search(line)
                    if m:
                        problems.add(document, number, "%s: \"%s\"" % (
                            what, m.group(0)))
    return problems


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("what", choices=("check", "narrative"))
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--root", default=os.path.join(here, ".."))
    parser.add_argument("--build", help="the build whose programs are "
                        "asked for --help (default ROOT/build/dev, else "
                        "ROOT/build/release)")
    parser.add_argument("--shared", help="default ROOT/../shared, when "
                        "present")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    if args.what == "narrative":
        problems = narrative(root)
    else:
        build = args.build
        if build is None:
            for preset in ("dev", "release"):
                candidate = os.path.join(root, "build", preset)
                if os.access(os.path.join(candidate, "regcon"), os.X_OK):
                    build = candidate
                    break
        if build is None or not os.access(os.path.join(build, "regcon"),
                                          os.X_OK):
            print("docs_check: no built regcon (--build DIR)",
                  file=sys.stderr)
            return 2
        shared = args.shared or os.path.join(root, "..", "shared")
        shared = os.path.abspath(shared) if os.path.isdir(shared) else None
        checker = Checker(root, os.path.abspath(build), shared)
        problems = checker.run()
        if checker.unchecked:
            print("not checked (a program not built in %s, or another "
                  "tool's flag): %s" % (build, ", ".join(
                      sorted(checker.unchecked))))
    for problem in problems:
        print(problem)
    print("docs_check %s: %d problem%s in %d documents" % (
        args.what, len(problems), "" if len(problems) == 1 else "s",
        len(documents(root))))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
