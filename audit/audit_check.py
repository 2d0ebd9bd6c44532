#!/usr/bin/python3
"""Opens the audit report in headless Chromium and fails on a broken page.

  audit/audit_check.py [build/audit]

Chromium (Debian `chromium`) loads DIR/index.html from disk with the
network cut off, writes a screenshot (DIR/index.png) and dumps the DOM it
built. Fails (exit 1, saying why) when Chromium cannot render the page, when
the screenshot is blank (fewer than 2 % of its pixels differ from the
background) or when the DOM lacks the summary or one row per clause and
reading of DIR/audit.json.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

from PIL import Image  # Debian python3-pil, for /usr/bin/python3

WIDTH, HEIGHT = 1400, 2000


def chromium(*args):
    with tempfile.TemporaryDirectory(prefix="audit-chromium-") as profile:
        command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                   "--no-first-run", "--user-data-dir=" + profile,
                   "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
                   *args]
        return subprocess.run(command, capture_output=True, text=True,
                              timeout=120)


def inked_fraction(path):
    """The fraction of pixels that differ from the top-left pixel."""
    with Image.open(path) as image:
        rgb = image.convert("RGB")
    background = rgb.getpixel((0, 0))
    # One histogram bin per colour: the background's count is the blank part.
    blank = dict((colour, n) for n, colour in
                 rgb.getcolors(rgb.width * rgb.height)).get(background, 0)
    return 1.0 - blank / float(rgb.width * rgb.height)


def check(directory):
    page = os.path.abspath(os.path.join(directory, "index.html"))
    with open(os.path.join(directory, "audit.json"), encoding="utf-8") as f:
        report = json.load(f)
    problems = []
    shot = os.path.join(directory, "index.png")
    if os.path.exists(shot):
        os.unlink(shot)
    done = chromium("--screenshot=" + os.path.abspath(shot),
                    "--window-size=%d,%d" % (WIDTH, HEIGHT),
                    "file://" + page)
    if not os.path.isfile(shot):
        return ["chromium wrote no screenshot: " + done.stderr[-2000:]]
    fraction = inked_fraction(shot)
    if fraction < 0.02:
        return ["the screenshot is blank: %.2f%% of its pixels differ from "
                "the background" % (100 * fraction)]
    dom = chromium("--dump-dom", "file://" + page).stdout
    if "<h1>regcon audit report</h1>" not in dom:
        problems.append("the DOM has no report title")
    if "Summary" not in dom or report["summary"]["commit"] not in dom:
        problems.append("the DOM has no summary with the commit")
    shown = set(html_unescape(c) for c in
                re.findall(r'<tr class="row[^"]*" data-clause="([^"]*)"',
                           dom))
    missing = [c for c in report["clauses"] if c not in shown]
    if missing:
        problems.append("the DOM lacks the rows of %d clauses: %s" % (
            len(missing), ", ".join(missing[:10])))
    if not problems:
        print("audit_check: chromium rendered %s: %d clauses and readings, "
              "%.0f%% of the screenshot inked (%s)" % (
                  page, len(shown), 100 * fraction, shot))
    return problems


def html_unescape(text):
    import html
    return html.unescape(text)


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "build", "audit")
    problems = check(directory)
    for problem in problems:
        print("audit_check: " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
