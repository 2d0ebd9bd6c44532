#!/usr/bin/env python3
"""The totals of the recorded fuzzing campaigns (fuzz/campaigns.json) per
harness, as the Markdown table docs/fuzzing.md shows (docs_check holds the
page to this output).

  fuzz/campaigns_table.py [CAMPAIGNS_JSON]
"""

import json
import os
import sys


def minutes(seconds):
    return int(round(seconds / 60.0))


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "campaigns.json")
    with open(path, encoding="utf-8") as f:
        campaigns = json.load(f)
    rows = {}
    for c in campaigns:
        row = rows.setdefault(c["harness"], {"libfuzzer": 0, "afl": 0,
                                             "executions": 0, "runs": 0,
                                             "findings": 0})
        row[c["engine"]] += c["seconds"]
        row["executions"] += c.get("executions") or 0
        row["runs"] += 1
        findings = c.get("findings") or []
        row["findings"] += len(findings) if isinstance(findings, list) \
            else findings
    print("| harness | runs | libFuzzer (min) | AFL++ (min) | in all (min) "
          "| executions | findings |")
    print("|---|---|---|---|---|---|---|")
    total = {"libfuzzer": 0, "afl": 0, "executions": 0, "runs": 0,
             "findings": 0}
    for harness in sorted(rows):
        row = rows[harness]
        for key in total:
            total[key] += row[key]
        print("| `%s` | %d | %d | %d | %d | %s | %d |" % (
            harness, row["runs"], minutes(row["libfuzzer"]),
            minutes(row["afl"]), minutes(row["libfuzzer"] + row["afl"]),
            format(row["executions"], ","), row["findings"]))
    print("| all | %d | %d | %d | %d (%.2f h) | %s | %d |" % (
        total["runs"], minutes(total["libfuzzer"]), minutes(total["afl"]),
        minutes(total["libfuzzer"] + total["afl"]),
        (total["libfuzzer"] + total["afl"]) / 3600.0,
        format(total["executions"], ","), total["findings"]))


if __name__ == "__main__":
    main()
