#!/usr/bin/env bash
# Checks that the repository's copy of the specification equals the shared one.
#
# usage: check-spec-copy.sh COPY SHARED
#   COPY    the repository's copy (spec/)
#   SHARED  the shared folder beside the checkout (../shared); when it does not exist (a fresh
#           clone), there is nothing to compare and the check passes.
#
# Compared: every file of the shared folder (SPEC.md, its scenarios, notes, seeds, hooks), so that
# whatever SPEC.md and its README point to is in the copy too. Any file that differs, is missing
# from the copy, or is in the copy only fails the check, and each is listed.
set -euo pipefail
copy=${1:?usage: check-spec-copy.sh COPY SHARED}
shared=${2:?usage: check-spec-copy.sh COPY SHARED}
if [ ! -d "$shared" ]; then
  echo "check-spec: no $shared beside the checkout; $copy/ is the specification"
  exit 0
fi
mapfile -t parts < <({ ls -A "$shared"; ls -A "$copy"; } | sort -u)
differ=()
for part in "${parts[@]}"; do
  while IFS= read -r file; do
    if [ ! -e "$copy/$file" ]; then differ+=("$file (missing from $copy/)")
    elif [ ! -e "$shared/$file" ]; then differ+=("$file (not in $shared/)")
    elif ! cmp -s "$copy/$file" "$shared/$file"; then differ+=("$file (differs)")
    fi
  done < <({ (cd "$copy" && find "$part" -type f 2>/dev/null); (cd "$shared" && find "$part" -type f 2>/dev/null); } | sort -u)
done
if [ ${#differ[@]} -gt 0 ]; then
  echo "check-spec: $copy/ is not a copy of $shared/; these files differ:" >&2
  printf '  %s\n' "${differ[@]}" >&2
  echo "check-spec: refresh the copy: rm -rf $copy && cp -r $shared $copy" >&2
  exit 1
fi
echo "check-spec: $copy/ equals $shared/ (${parts[*]})"
