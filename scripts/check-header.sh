#!/usr/bin/env bash
# The header is the contract: check that it compiles cleanly as C99 and C++, that its NAVCORE_API
# and NAVCORE_DEPRECATED macros work, that it agrees with the prototypes the Swift compiler
# generated for the @c exports (a type drift is a "conflicting types" error), and that the header, the exports and the shipped library name the same
# functions. Usage: scripts/check-header.sh GENERATED_HEADER LIBRARY
set -euo pipefail
generated=$(realpath "$1")
library=$2
header=include/navcore.h
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '#include "navcore.h"\nint main(void) { return navcore_version_number() > 0 ? 0 : 1; }\n' > "$work/c.c"
gcc -std=c99 -Wall -Wextra -pedantic -Werror -Iinclude -fsyntax-only "$work/c.c"
cp "$work/c.c" "$work/cpp.cpp"
g++ -std=c++11 -Wall -Wextra -pedantic -Werror -Iinclude -fsyntax-only "$work/cpp.cpp"
echo "header: compiles as C99 and C++11 with -Wall -Wextra -pedantic -Werror"

# The macros: NAVCORE_API exports a function even from code built with -fvisibility=hidden, and
# NAVCORE_DEPRECATED(msg) makes each use a -Wdeprecated-declarations diagnostic that says msg.
printf '#include "navcore.h"\nNAVCORE_API int exported(void) { return 1; }\nint hidden(void) { return 2; }\n' > "$work/api.c"
gcc -shared -fPIC -fvisibility=hidden -Iinclude "$work/api.c" -o "$work/api.so"
[ "$(nm -D --defined-only "$work/api.so" | awk '$2 == "T" {print $3}')" = exported ] ||
    { echo "NAVCORE_API: not exactly the marked function is exported"; exit 1; }
printf '#include "navcore.h"\nNAVCORE_DEPRECATED("use navcore_push") NAVCORE_API int old_push(void);\nint main(void) { return old_push(); }\n' > "$work/deprecated.c"
for compiler in "gcc -x c" "g++ -x c++"; do
    if $compiler -Werror=deprecated-declarations -Iinclude -fsyntax-only "$work/deprecated.c" 2> "$work/deprecated.err" ||
        ! grep -q "use navcore_push" "$work/deprecated.err"; then
        echo "NAVCORE_DEPRECATED: no deprecation diagnostic with its message from $compiler"; exit 1
    fi
done
echo "header: NAVCORE_API exports under -fvisibility=hidden; NAVCORE_DEPRECATED warns with its message (C, C++)"

printf '#include "navcore.h"\n#include "%s"\n' "$generated" > "$work/drift.c"
clang -fsyntax-only -Iinclude "$work/drift.c"
echo "header: agrees with the compiler-generated prototypes"

gcc -E -P -Iinclude "$header" | grep -oE '\bnavcore_[a-z_]+ *\(' | tr -d ' (' | sort -u > "$work/declared"
grep -oE 'SWIFT_EXTERN [^;]*\bnavcore_[a-z_]+\(' "$generated" | grep -oE 'navcore_[a-z_]+\($' | tr -d '(' | sort -u > "$work/exported"
nm -D --defined-only "$library" | awk '$2 ~ /^[A-Z]$/ {print $3}' | sort -u > "$work/shipped"
diff -u "$work/declared" "$work/exported" || { echo "header and @c exports differ"; exit 1; }
diff -u "$work/declared" "$work/shipped" || { echo "header and $library differ"; exit 1; }
echo "header: $(wc -l < "$work/declared") functions, each exported by the library, which exports nothing else"
