#!/usr/bin/env bash
# Runs a command on "a machine without Swift" (docs/c-api.md): in a private mount namespace in which
# the Swift toolchain's directory is an empty, read-only directory bound over it. Nothing else
# changes (same root, same network), so what the command finds is what a user without Swift
# finds. Needs root (or CAP_SYS_ADMIN) for unshare -m and the bind mount.
#
#   scripts/without-swift.sh [--toolchain DIR] -- CMD [ARGS...]
#       hides DIR (default: the toolchain of the `swift` on PATH, two levels above its real
#       bin/swift), checks inside that no Swift is visible (fails loudly otherwise), runs CMD.
#   scripts/without-swift.sh [--toolchain DIR] --check
#       only the check, here: exit 0 when no Swift toolchain is visible, 1 (naming what it saw)
#       when one is. `make test-noswift` runs it outside the namespace too, where it must fail:
#       that proves the check can see a toolchain.
#   scripts/without-swift.sh --toolchain-dir
#       prints the directory it would hide.
set -euo pipefail

toolchain=${NAVCORE_TOOLCHAIN:-}
if [ "${1:-}" = --toolchain ]; then toolchain=$2; shift 2; fi
if [ -z "$toolchain" ]; then
  swift=$(command -v swift || true)
  [ -n "$swift" ] || { echo "without-swift: no swift on PATH; pass --toolchain DIR" >&2; exit 2; }
  toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")")
fi

# What a toolchain leaves visible: the compiler on PATH or in DIR, the runtime library in DIR,
# the runtime in the dynamic loader's cache.
visible() {
  local seen=()
  for tool in swift swiftc; do
    command -v "$tool" >/dev/null 2>&1 && seen+=("$tool on PATH ($(command -v "$tool"))")
  done
  [ -e "$toolchain/usr/bin/swift" ] && seen+=("$toolchain/usr/bin/swift")
  [ -e "$toolchain/usr/lib/swift/linux/libswiftCore.so" ] && seen+=("$toolchain/usr/lib/swift/linux/libswiftCore.so")
  if ldconfig -p 2>/dev/null | grep -q 'libswiftCore\.so'; then seen+=("libswiftCore.so in ldconfig's cache"); fi
  if [ ${#seen[@]} -gt 0 ]; then printf '%s\n' "${seen[@]}"; return 0; fi
  return 1
}

check() {
  local seen
  if seen=$(visible); then
    echo "without-swift: a Swift toolchain is visible:" >&2
    sed 's/^/  /' <<<"$seen" >&2
    return 1
  fi
  echo "without-swift: no Swift toolchain visible ($toolchain is empty)"
}

case "${1:-}" in
  --check) check ;;
  --toolchain-dir) echo "$toolchain" ;;
  --inside) shift; check; exec "$@" ;;
  --)
    shift
    [ $# -gt 0 ] || { echo "usage: $0 [--toolchain DIR] -- CMD [ARGS...]" >&2; exit 2; }
    [ -d "$toolchain" ] || { echo "without-swift: $toolchain is not a directory" >&2; exit 2; }
    empty=$(mktemp -d /tmp/navcore-noswift.XXXXXX)
    trap 'rmdir "$empty"' EXIT
    # The mount exists only in the new namespace, which ends with the command.
    NAVCORE_TOOLCHAIN=$toolchain unshare --mount --propagation private \
      bash -c 'mount --bind -o ro "$1" "$2" && shift 2 && exec "$@"' \
      bash "$empty" "$toolchain" "$0" --inside "$@"
    ;;
  *) echo "usage: $0 [--toolchain DIR] (--check | -- CMD [ARGS...])" >&2; exit 2 ;;
esac
