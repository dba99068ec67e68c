#!/usr/bin/env bash
# Runs every scenario runner on the same files and requires byte-identical reports.
#
# usage: compare-runners.sh NAME=COMMAND… -- SCENARIO_DIR_OR_FILE…
#   e.g. compare-runners.sh swift=.build/debug/navcore-scenario c=build/c/navcore-scenario-c \
#          "python=env NAVCORE_LIBRARY=… build/venv/bin/python -m navcore.scenario" -- Tests/Scenarios
#
# Passing scenarios only compare the traces up to each `expect trace`; here every scenario is
# rewritten so that nothing goes unseen: every `trace …` command becomes `trace all`, every
# `expect trace` block is emptied and one more is added at the end, so each runner prints every
# event it saw as `+` lines of a failure. The edge files (bindings/c/tests/edge) are copied as
# they are: scenario errors, files that cannot be run, hooks, odd labels and numbers; each ends
# with an empty `expect trace` already. The first runner is the reference; every other one's
# report must match it byte for byte. A runner's exit status 1 (some scenario failed) is
# expected here; any other status (a crash, a sanitizer's report) fails the comparison.
set -euo pipefail
names=() commands=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  names+=("${1%%=*}") commands+=("${1#*=}")
  shift
done
[ $# -gt 0 ] && shift
[ ${#names[@]} -ge 2 ] && [ $# -ge 1 ] || { echo "usage: compare-runners.sh NAME=COMMAND… -- SCENARIO_DIR_OR_FILE…" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/all"
for file in "$root"/bindings/c/tests/edge/*.nav; do
  cp "$file" "$work/all/edge-$(basename "$file")"
done
for path in "$@"; do
  if [ -d "$path" ]; then files=("$path"/*.nav) dir=$path; else files=("$path") dir=$(dirname "$path"); fi
  for file in "${files[@]}"; do
    awk '
      /^[ \t]*expect[ \t]+trace[ \t]*$/ { print; inside = 1; next }
      inside { if ($0 ~ /^[ \t]*end[ \t]*$/) { print; inside = 0 }; next }
      /^[ \t]*trace([ \t]|$)/ { print "trace all"; next }
      { print }
      END { print "expect trace"; print "end" }
    ' "$file" > "$work/all/$(basename "$dir")-$(basename "$file")"
  done
done
count=$(ls "$work/all" | wc -l)
for i in "${!names[@]}"; do
  read -ra command <<< "${commands[$i]}"
  status=0
  (cd "$work" && "${command[@]}" all) > "$work/${names[$i]}.out" 2> "$work/${names[$i]}.err" || status=$?
  if [ "$status" -gt 1 ]; then
    tail -n 30 "$work/${names[$i]}.err" "$work/${names[$i]}.out"
    echo "compare-runners: the ${names[$i]} runner exited with status $status" >&2
    exit 1
  fi
done
reference=${names[0]} failed=0
for name in "${names[@]:1}"; do
  if ! diff -u "$work/$reference.out" "$work/$name.out" > "$work/diff.out"; then
    head -n 200 "$work/diff.out"
    # Name the scenarios whose reports differ.
    for side in "$reference" "$name"; do
      mkdir -p "$work/$side.split"
      awk -v dir="$work/$side.split" '/^(PASS|FAIL) / { file = dir "/" substr($2, 5) } file { print > file }' "$work/$side.out"
    done
    for report in "$work/$reference.split"/*; do
      cmp -s "$report" "$work/$name.split/$(basename "$report")" || echo "compare-runners: differs: $(basename "$report")"
    done
    echo "compare-runners: the $name runner's output differs from the $reference runner's (- $reference, + $name)"
    failed=1
  fi
done
[ "$failed" = 0 ] || exit 1
echo "compare-runners: ${names[*]}: $count scenarios, identical reports ($(wc -l < "$work/$reference.out") lines each)"
