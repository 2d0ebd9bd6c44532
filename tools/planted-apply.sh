#!/usr/bin/env bash
# Every planted-bug patch (props/planted/, fuzz/planted/) still applies to
# the tree: a patch that no longer applies would drop its bug from the
# planted-bug tables and from exhaust/exhaust-planted.sh without a word.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
for p in props/planted/*.patch fuzz/planted/*.patch; do
  if ! patch --dry-run --force -s -p1 <"$p" >/dev/null 2>&1; then
    echo "planted-apply: $p no longer applies to the tree" >&2
    status=1
  fi
done
exit $status
