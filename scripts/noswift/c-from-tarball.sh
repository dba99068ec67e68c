#!/usr/bin/env bash
# The C side of "a machine without Swift" (docs/c-api.md), run by `make test-noswift` inside
# scripts/without-swift.sh: everything is built from the unpacked release tarball only.
#   1. bindings/c/examples/host.c with pkg-config, and again with CMake (find_package);
#   2. the C scenario runner with pkg-config, run over the scenario directories;
#   3. the GTK4 example with CMake (the glib and gtk4 components: libnavcore-glib and
#      libnavcore-gtk4), run under Xvfb;
#   4. each program must load the libraries of the unpacked tree (ldd), not any other.
# Usage: scripts/noswift/c-from-tarball.sh PREFIX OUT_DIR SCENARIO_DIR...
set -euo pipefail
prefix=$(cd "$1" && pwd) out=$2
shift 2
mkdir -p "$out"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
cc=${CC:-gcc}
warn="-std=c11 -Wall -Wextra -Werror"

# The program resolves each library (default: libnavcore) to the unpacked tree's file.
uses_tree() {
  local program=$1 name resolved
  shift
  for name in "${@:-navcore}"; do
    resolved=$(ldd "$program" | sed -n "s/^[[:space:]]*lib$name\.so\.[0-9]* => \([^ ]*\).*/\1/p")
    [ -n "$resolved" ] && [ "$(realpath "$resolved")" = "$(realpath "$prefix/lib/lib$name.so.1")" ] || {
      echo "c-from-tarball: $program loads '${resolved:-nothing}' for lib$name, not $prefix/lib's" >&2; exit 1; }
  done
}

libdir=$(pkg-config --variable=libdir navcore)
[ "$(realpath "$libdir")" = "$prefix/lib" ] || { echo "c-from-tarball: pkg-config says libdir=$libdir" >&2; exit 1; }
echo "c-from-tarball: pkg-config: navcore $(pkg-config --modversion navcore) in $prefix"

$cc $warn bindings/c/examples/host.c -o "$out/host-pkgconfig" $(pkg-config --cflags --libs navcore)
uses_tree "$out/host-pkgconfig"
"$out/host-pkgconfig" > "$out/host-pkgconfig.out"
echo "c-from-tarball: host (pkg-config) ran: $(tail -1 "$out/host-pkgconfig.out")"

rm -rf "$out/cmake"
cmake -S bindings/c/examples -B "$out/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" > "$out/cmake.log"
cmake --build "$out/cmake" >> "$out/cmake.log"
uses_tree "$out/cmake/host"
"$out/cmake/host" > "$out/host-cmake.out"
cmp -s "$out/host-pkgconfig.out" "$out/host-cmake.out" || {
  diff -u "$out/host-pkgconfig.out" "$out/host-cmake.out"; echo "c-from-tarball: the two hosts differ" >&2; exit 1; }
echo "c-from-tarball: host (CMake find_package, navcore::navcore) ran, same output"

$cc $warn -O1 -D_POSIX_C_SOURCE=200809L bindings/c/scenario/*.c -o "$out/navcore-scenario-c" \
  $(pkg-config --cflags --libs navcore libffi) -lm
uses_tree "$out/navcore-scenario-c"
"$out/navcore-scenario-c" "$@"

rm -rf "$out/gtk"
cmake -S bindings/c/examples/gtk -B "$out/gtk" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" > "$out/gtk-cmake.log"
cmake --build "$out/gtk" >> "$out/gtk-cmake.log"
uses_tree "$out/gtk/navcore-gtk-example" navcore navcore-glib navcore-gtk4
env GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1 timeout 60 xvfb-run -a "$out/gtk/navcore-gtk-example" \
  > "$out/gtk-example.out" 2>&1 || { tail -n 20 "$out/gtk-example.out"; echo "c-from-tarball: the GTK example failed" >&2; exit 1; }
echo "c-from-tarball: the GTK example (CMake, navcore::gtk4 and navcore::glib) ran under Xvfb: $(tail -1 "$out/gtk-example.out")"
uses_tree "$out/gtk/navcore-gtk-tabs" navcore navcore-glib navcore-gtk4
env GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1 timeout 60 xvfb-run -a "$out/gtk/navcore-gtk-tabs" \
  > "$out/gtk-tabs.out" 2>&1 || { tail -n 20 "$out/gtk-tabs.out"; echo "c-from-tarball: the GTK tabs example failed" >&2; exit 1; }
echo "c-from-tarball: the GTK tabs example (CMake) ran under Xvfb: $(tail -1 "$out/gtk-tabs.out")"
