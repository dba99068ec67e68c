#!/usr/bin/env bash
# The installed layout of navcore, shared by `make install` and `make dist`:
#
#   PREFIX/include/navcore.h, navcore-glib.h, navcore-gtk4.h
#   PREFIX/lib/libnavcore.so.VERSION, libnavcore.so.MAJOR -> it, libnavcore.so -> .MAJOR
#   PREFIX/lib/libnavcore-glib.so.VERSION, libnavcore-gtk4.so.VERSION and their links, alike
#   PREFIX/lib/.debug/LIBRARY.VERSION.debug             (the split debug files; gdb finds them)
#   PREFIX/lib/pkgconfig/navcore.pc, navcore-glib.pc, navcore-gtk4.pc  (relocatable: ${pcfiledir})
#   PREFIX/lib/cmake/navcore/navcoreConfig.cmake, navcoreConfigVersion.cmake
#                                          (navcore::navcore; components glib and gtk4)
#   PREFIX/share/doc/navcore/README.md, LICENSE
#
# Usage: packaging/install-tree.sh PREFIX LIB_DIR VERSION
#        (LIB_DIR: what `make lib` and `make helpers` wrote)
set -euo pipefail
prefix=$1 libdir=$2 version=$3
major=${version%%.*}
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")

install -d "$prefix/include" "$prefix/lib/.debug" "$prefix/lib/pkgconfig" "$prefix/lib/cmake/navcore" \
  "$prefix/share/doc/navcore"
install -m 644 "$root/include/navcore.h" "$root/bindings/c/glib/navcore-glib.h" "$root/bindings/c/gtk4/navcore-gtk4.h" \
  "$prefix/include/"
fill() { sed -e "s|@VERSION@|$version|g" -e "s|@MAJOR@|$major|g" "$1" > "$2"; }
for name in navcore navcore-glib navcore-gtk4; do
  file=lib$name.so.$version
  install -m 755 "$libdir/$file" "$prefix/lib/"
  install -m 644 "$libdir/.debug/$file.debug" "$prefix/lib/.debug/"
  ln -sfn "$file" "$prefix/lib/lib$name.so.$major"
  ln -sfn "lib$name.so.$major" "$prefix/lib/lib$name.so"
  fill "$here/$name.pc.in" "$prefix/lib/pkgconfig/$name.pc"
done
fill "$here/navcoreConfig.cmake.in" "$prefix/lib/cmake/navcore/navcoreConfig.cmake"
fill "$here/navcoreConfigVersion.cmake.in" "$prefix/lib/cmake/navcore/navcoreConfigVersion.cmake"
install -m 644 "$here/README.dist.md" "$prefix/share/doc/navcore/README.md"
install -m 644 "$root/LICENSE" "$prefix/share/doc/navcore/LICENSE"
