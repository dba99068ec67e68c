#!/usr/bin/env bash
# A shipped helper library (libnavcore-glib, libnavcore-gtk4; mk/helpers.mk) is what its header
# promises and finds libnavcore where it is installed:
#   - `nm -D --defined-only` lists exactly the functions its header marks NAVCORE_*_API;
#   - SONAME libnavcore-NAME.so.MAJOR; NEEDED names libnavcore.so.MAJOR;
#   - RUNPATH/RPATH is $ORIGIN (libnavcore.so.MAJOR lies beside it), nothing else.
# Usage: scripts/check-helper-lib.sh LIBRARY HEADER
set -euo pipefail
library=$1 header=$2
fail() { echo "check-helper-lib: $library: $*" >&2; exit 1; }

dynamic=$(readelf -d "$library")
soname=$(sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p' <<<"$dynamic")
needed=$(sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' <<<"$dynamic")
paths=$(sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]/\2/p' <<<"$dynamic")
name=$(basename "$library")
[ "$soname" = "${name%.*.*}" ] || fail "SONAME is '$soname', not ${name%.*.*}"
grep -qx 'libnavcore\.so\.[0-9]*' <<<"$needed" || fail "does not need libnavcore (NEEDED: $(echo $needed))"
[ "$paths" = '$ORIGIN' ] || fail "RUNPATH/RPATH is '${paths:-none}' (\$ORIGIN, where libnavcore lies)"

declared=$(sed -n 's/^NAVCORE_[A-Z]*_API [^(]*[ *]\(navcore_[a-z0-9_]*\)(.*/\1/p' "$header" | sort -u)
exported=$(nm -D --defined-only "$library" | awk '{print $NF}' | sort -u)
[ -n "$declared" ] || fail "$header declares no NAVCORE_*_API function"
diff -u <(echo "$declared") <(echo "$exported") >&2 || fail "exports differ from $header's functions (- header, + library)"
echo "check-helper-lib: $library: SONAME $soname, NEEDED $(echo $needed), RUNPATH $paths," \
  "$(wc -l <<<"$exported") exported functions, those of $(basename "$header")"
