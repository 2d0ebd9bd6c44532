#!/usr/bin/env bash
# A recorded fuzzing campaign: runs fuzz/fuzz.sh for SECONDS on each
# harness named (default: all) with ENGINE (libfuzzer or afl), at nice NICE
# (default 15; 19 to use only a machine's idle time),
# and appends one entry per harness to fuzz/campaigns.json: harness,
# engine, seconds, executions, corpus_files (the units in
# build/<preset>/corpus/<harness>/ after the run, seeds not counted),
# features (libFuzzer's cov/ft at the end; AFL++'s edges_found and
# bitmap_cvg), commit, date (UTC) and findings (the files of the run's
# folder: reproducers and failing cases, a list).
# CAMPAIGNS names another file to append to (streams that run while the
# tree is being committed; copy their entries in afterwards); two streams
# may append at once (flock).
#
#   ENGINE=libfuzzer fuzz/fuzz-campaign.sh 600 fuzz_pipeline fuzz_contours
#   NICE=19 ENGINE=afl fuzz/fuzz-campaign.sh 600 fuzz_read_result
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: fuzz/fuzz-campaign.sh SECONDS [HARNESS...]}
shift
engine=${ENGINE:-libfuzzer}
build=build/fuzz
[ "$engine" = afl ] && build=build/fuzz-afl
for harness in ${@:-$(fuzz/fuzz-harnesses.sh)}; do
  started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  commit=$(git rev-parse --short HEAD)  # the tree the run started from
  findings=0
  run=$build/runs/$(date -u +%Y%m%dT%H%M%SZ)-$$-$harness
  FUZZ_RUN=$run ENGINE=$engine nice -n "${NICE:-15}" fuzz/fuzz.sh "$seconds" "$harness" ||
    findings=$(ls "$run/$harness"-* 2>/dev/null | tr '\n' ' ')
  flock build/campaigns.lock python3 - "$harness" "$engine" "$seconds" "$build" \
    "$started" "$commit" "$findings" "${CAMPAIGNS:-fuzz/campaigns.json}" <<'PY'
import json, os, re, sys
harness, engine, seconds, build, started, commit, findings, path = sys.argv[1:]
log = open(f"{build}/{harness}.log", errors="replace").read()
entry = {"harness": harness, "engine": engine, "seconds": int(seconds)}
if engine == "libfuzzer":
    runs = re.findall(r"stat::number_of_executed_units: (\d+)", log)
    done = re.findall(r"cov: (\d+) ft: (\d+) corp: (\d+)", log)
    entry["executions"] = int(runs[-1]) if runs else None
    entry["features"] = {"cov": int(done[-1][0]), "ft": int(done[-1][1])} if done else None
else:
    stats = dict(l.split(":", 1) for l in open(f"{build}/{harness}.stats").read().splitlines() if ":" in l)
    stats = {k.strip(): v.strip() for k, v in stats.items()}
    entry["executions"] = int(stats.get("execs_done", 0))
    entry["features"] = {"edges_found": int(stats.get("edges_found", 0)),
                         "bitmap_cvg": stats.get("bitmap_cvg")}
corpus = f"{build}/corpus/{harness}"
entry["corpus_files"] = len(os.listdir(corpus)) if os.path.isdir(corpus) else 0
entry["commit"] = commit
entry["date"] = started
entry["findings"] = [] if findings == "0" else findings.split()
data = json.load(open(path)) if os.path.exists(path) else []
data.append(entry)
with open(path, "w") as f:
    json.dump(data, f, indent=1)
    f.write("\n")
print(json.dumps(entry))
PY
done
