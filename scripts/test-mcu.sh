#!/usr/bin/env bash
# make test-mcu: the firmware's scenario run under QEMU, held to the bar of the other runners —
# its report must equal, byte for byte, the Linux C runner's on the same files, and both must
# exit 0 (every scenario passed). Prints one line: the count, the time, the memory the firmware
# reported on stderr.
#
# usage: test-mcu.sh OUTDIR LINUX_RUNNER "QEMU COMMAND AND IMAGE" SCENARIO…
#   OUTDIR gets linux.out, firmware.out and firmware.err.
set -uo pipefail
[ $# -ge 4 ] || { echo "usage: test-mcu.sh OUTDIR LINUX_RUNNER \"QEMU COMMAND\" SCENARIO…" >&2; exit 2; }
out=$1 runner=$2 qemu=$3
shift 3
# The whole run takes seconds; a firmware that hangs (no semihosting exit) stops here.
timeout_seconds=${MCU_TIMEOUT:-300}
mkdir -p "$out"

"$runner" "$@" > "$out/linux.out" 2>&1
linux_status=$?
started=$(date +%s.%N)
# shellcheck disable=SC2086 # the QEMU command is words
timeout "$timeout_seconds" $qemu > "$out/firmware.out" 2> "$out/firmware.err" < /dev/null
firmware_status=$?
seconds=$(awk -v a="$(date +%s.%N)" -v b="$started" 'BEGIN { printf "%.1f", a - b }')

failed=0
if [ "$firmware_status" -eq 124 ]; then
  echo "test-mcu: the firmware did not exit within $timeout_seconds s (QEMU stopped)" >&2
  failed=1
elif [ "$firmware_status" -ne 0 ]; then
  echo "test-mcu: the firmware exited with status $firmware_status; its stderr:" >&2
  cat "$out/firmware.err" >&2
  failed=1
fi
if [ "$linux_status" -ne 0 ]; then
  echo "test-mcu: the Linux C runner exited with status $linux_status ($out/linux.out)" >&2
  failed=1
fi
if ! cmp -s "$out/linux.out" "$out/firmware.out"; then
  echo "test-mcu: the firmware's report differs from the Linux C runner's (- Linux, + firmware):" >&2
  diff -u "$out/linux.out" "$out/firmware.out" | head -n 60 >&2
  failed=1
fi
[ "$failed" -eq 0 ] || exit 1
echo "test-mcu: $(tail -n 1 "$out/firmware.out") under QEMU (mps2-an386) in $seconds s, the Linux C runner's report" \
  "byte for byte; $(sed -n 's/^firmware: //p' "$out/firmware.err")"
