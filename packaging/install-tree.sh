#!/usr/bin/env bash
# The installed layout of navcore, shared by `make install` and `make dist`:
#
#   PREFIX/include/navcore.h
#   PREFIX/lib/libnavcore.so.VERSION, libnavcore.so.MAJOR -> it, libnavcore.so -> .MAJOR
#   PREFIX/lib/.debug/libnavcore.so.VERSION.debug      (the split debug file; gdb finds it)
#   PREFIX/lib/pkgconfig/navcore.pc                     (relocatable: ${pcfiledir})
#   PREFIX/lib/cmake/navcore/navcoreConfig.cmake, navcoreConfigVersion.cmake  (navcore::navcore)
#   PREFIX/share/doc/navcore/README.md, LICENSE
#
# Usage: packaging/install-tree.sh PREFIX LIB_DIR VERSION   (LIB_DIR: what `make lib` wrote)
set -euo pipefail
prefix=$1 libdir=$2 version=$3
major=${version%%.*}
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
file=libnavcore.so.$version

install -d "$prefix/include" "$prefix/lib/.debug" "$prefix/lib/pkgconfig" "$prefix/lib/cmake/navcore" \
  "$prefix/share/doc/navcore"
install -m 644 "$root/include/navcore.h" "$prefix/include/"
install -m 755 "$libdir/$file" "$prefix/lib/"
install -m 644 "$libdir/.debug/$file.debug" "$prefix/lib/.debug/"
ln -sfn "$file" "$prefix/lib/libnavcore.so.$major"
ln -sfn "libnavcore.so.$major" "$prefix/lib/libnavcore.so"
fill() { sed -e "s|@VERSION@|$version|g" -e "s|@MAJOR@|$major|g" "$1" > "$2"; }
fill "$here/navcore.pc.in" "$prefix/lib/pkgconfig/navcore.pc"
fill "$here/navcoreConfig.cmake.in" "$prefix/lib/cmake/navcore/navcoreConfig.cmake"
fill "$here/navcoreConfigVersion.cmake.in" "$prefix/lib/cmake/navcore/navcoreConfigVersion.cmake"
install -m 644 "$here/README.dist.md" "$prefix/share/doc/navcore/README.md"
install -m 644 "$root/LICENSE" "$prefix/share/doc/navcore/LICENSE"
