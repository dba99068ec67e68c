#!/usr/bin/env bash
# Runs the Swift runner and the C runner on the same scenarios and requires identical output.
#
# Passing scenarios only compare the traces up to each `expect trace`; here every scenario is
# rewritten so that nothing goes unseen: every `trace …` command becomes `trace all`, every
# `expect trace` block is emptied and one more is added at the end, so both runners print
# every event they saw as `+` lines of a failure. The edge files (bindings/c/tests/edge), copied
# as they are, add scenario errors, hooks, odd labels and numbers; each ends with an empty
# `expect trace` already. Both outputs must match byte for byte.
#
# usage: compare-runners.sh SWIFT_RUNNER C_RUNNER SCENARIO_DIR…
set -euo pipefail
swift_runner=$(realpath "$1") c_runner=$(realpath "$2")
shift 2
for runner in "$swift_runner" "$c_runner"; do
  [ -x "$runner" ] || { echo "compare-runners: no runner at $runner" >&2; exit 2; }
done
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/all"
for file in "$here"/edge/*.nav; do
  cp "$file" "$work/all/edge-$(basename "$file")"
done
for dir in "$@"; do
  for file in "$dir"/*.nav; do
    name=$(basename "$dir")-$(basename "$file")
    awk '
      /^[ \t]*expect trace[ \t]*$/ { print; inside = 1; next }
      inside { if ($0 ~ /^[ \t]*end[ \t]*$/) { print; inside = 0 }; next }
      /^[ \t]*trace( |\t|$)/ { print "trace all"; next }
      { print }
      END { print "expect trace"; print "end" }
    ' "$file" > "$work/all/$name"
  done
done
cd "$work"
# Exit status 1 = some scenario failed, as expected here; anything else (a crash, a sanitizer's
# report) fails the comparison.
for side in swift c; do
  runner=${side}_runner
  status=0
  "${!runner}" all > "$side.out" || status=$?
  if [ "$status" -gt 1 ]; then
    echo "compare-runners: the $side runner exited with status $status" >&2
    exit 1
  fi
done
if diff -u swift.out c.out > diff.out; then
  echo "compare-runners: $(grep -c '^\(PASS\|FAIL\) ' c.out) scenarios, identical output ($(wc -l < c.out) lines)"
else
  cat diff.out
  # Name the scenarios whose reports differ.
  for side in swift c; do
    mkdir -p "$side.split"
    awk -v dir="$side.split" '/^(PASS|FAIL) / { file = dir "/" substr($2, 5) } file { print > file }' "$side.out"
  done
  for report in swift.split/*; do
    cmp -s "$report" "c.split/$(basename "$report")" || echo "compare-runners: differs: $(basename "$report")"
  done
  echo "compare-runners: the C runner's output differs from the Swift runner's (- Swift, + C)"
  exit 1
fi
