#!/usr/bin/env bash
# Runs one test step with its output kept in a log: on success prints `NAME: <the log's last
# line>`; on failure prints the log's last lines and where the whole log is, and fails.
#
# usage: run-step.sh [--status N] NAME LOG COMMAND [ARGUMENT…]
#   --status N   the exit status that means success (default 0; e.g. 1 for scenario files
#                that fail on purpose, where any other status is a crash or a sanitizer's report)
set -uo pipefail
expected=0
if [ "${1:-}" = --status ]; then expected=$2; shift 2; fi
[ $# -ge 3 ] || { echo "usage: run-step.sh [--status N] NAME LOG COMMAND [ARGUMENT…]" >&2; exit 2; }
name=$1 log=$2
shift 2
mkdir -p "$(dirname "$log")"
"$@" > "$log" 2>&1
status=$?
if [ "$status" -ne "$expected" ]; then
  tail -n 40 "$log"
  echo "$name: FAILED (exit status $status, expected $expected); whole output: $log" >&2
  exit 1
fi
echo "$name: $(tail -n 1 "$log")"
