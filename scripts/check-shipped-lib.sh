#!/usr/bin/env bash
# The shipped library is self-contained and exports the header's functions only (docs/c-api.md):
#   - NEEDED names only glibc's libraries, libstdc++ and libgcc_s (the Swift runtime is linked in);
#   - RUNPATH/RPATH is empty or $ORIGIN, and no dynamic entry names the toolchain's directory;
#   - `nm -D --defined-only` lists the header's navcore_ functions and nothing else, whatever
#     the symbol's binding (a local entry left in .dynsym counts too).
# Usage: scripts/check-shipped-lib.sh LIBRARY TOOLCHAIN_DIR
set -euo pipefail
library=$1 toolchain=$2
fail() { echo "check-shipped-lib: $library: $*" >&2; exit 1; }

dynamic=$(readelf -d "$library")
needed=$(sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' <<<"$dynamic")
allowed='^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libstdc\+\+\.so\.6|libgcc_s\.so\.1|ld-linux[-a-z0-9_.]*\.so\.[0-9]+)$'
bad=$(grep -vE "$allowed" <<<"$needed" || true)
[ -z "$bad" ] || fail "needs libraries beyond glibc, libstdc++ and libgcc_s: $(echo $bad)"
paths=$(sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]/\2/p' <<<"$dynamic")
[ -z "$paths" ] || [ "$paths" = '$ORIGIN' ] || fail "RUNPATH/RPATH is '$paths' (at most \$ORIGIN)"
! grep -qF "$toolchain" <<<"$dynamic" || fail "its dynamic section names the toolchain ($toolchain)"

gcc -E -P -Iinclude include/navcore.h | grep -oE '\bnavcore_[a-z_]+ *\(' | tr -d ' (' | sort -u > "${TMPDIR:-/tmp}/declared.$$"
trap 'rm -f "${TMPDIR:-/tmp}/declared.$$"' EXIT
exported=$(nm -D --defined-only "$library" | awk '{print $NF}' | sort -u)
diff -u "${TMPDIR:-/tmp}/declared.$$" - <<<"$exported" >&2 || fail "exports differ from the header's functions (- header, + library)"
echo "check-shipped-lib: $library: NEEDED $(echo $needed), RUNPATH ${paths:-none}," \
  "$(wc -l <<<"$exported") exported symbols, all navcore_ functions of the header"
