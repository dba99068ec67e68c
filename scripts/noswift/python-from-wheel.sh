#!/usr/bin/env bash
# The Python side of "a machine without Swift" (docs/c-api.md), run by `make test-noswift` inside
# scripts/without-swift.sh:
#   1. the wheel installed into a fresh venv with its test extra (pytest, hypothesis, mypy,
#      textual) from PyPI;
#   2. `import navcore` from outside the checkout loads the wheel's own library, and does not
#      import asyncio (its import time, min of 5 runs of `python -X importtime`, is printed);
#   3. the whole Python test suite against the installed package (--import-mode=importlib: the
#      checkout's bindings/python never enters sys.path), and `python -m navcore.scenario` over
#      the scenario directories;
#   4. `pip install` of the package source, outside a checkout and with no library to bundle,
#      fails with the build backend's message that says what to do.
# Usage: scripts/noswift/python-from-wheel.sh WHEEL VENV_DIR SCENARIO_DIR...
set -euo pipefail
wheel=$(realpath "$1") venv=$2
shift 2
repo=$(pwd)
python=${PYTHON:-python3}
pip_quiet="--disable-pip-version-check -q"

rm -rf "$venv"
"$python" -m venv "$venv"
venv=$(cd "$venv" && pwd)
"$venv/bin/python" -m pip install $pip_quiet "$wheel[test]"
outside=$(mktemp -d)
trap 'rm -rf "$outside"' EXIT
cd "$outside"
unset NAVCORE_LIBRARY PYTHONPATH

"$venv/bin/python" - "$venv" <<'PY'
import sys
import navcore
venv = sys.argv[1]
where, library = navcore.__file__, navcore.library_path()
assert where.startswith(venv), f"navcore imported from {where}, not the venv"
assert library.startswith(venv) and "/_lib/" in library, f"the library loaded is {library}, not the wheel's"
assert "asyncio" not in sys.modules, "import navcore imported asyncio"
nav = navcore.Navigator()
nav.push(object())
assert len(nav.stack) == 1
nav.close()
print(f"python-from-wheel: navcore {navcore.__version__} from the wheel, library {library}")
PY
best=$(for _ in 1 2 3 4 5; do
  "$venv/bin/python" -X importtime -c "import navcore" 2>&1 | awk -F'|' '$3 ~ / navcore$/ {print $2+0}'
done | sort -n | head -1)
echo "python-from-wheel: import navcore took $((best / 1000)).$(printf %03d $((best % 1000))) ms (python -X importtime, best of 5)"

"$venv/bin/python" -m pytest -q -p no:cacheprovider --import-mode=importlib --rootdir "$repo/bindings/python" \
  "$repo/bindings/python/tests"
scenario_dirs=()
for dir in "$@"; do scenario_dirs+=("$(cd "$repo" && realpath "$dir")"); done
"$venv/bin/python" -m navcore.scenario "${scenario_dirs[@]}"

# A source tree outside any checkout, no Swift, no NAVCORE_WHEEL_LIBRARY: the backend must refuse.
cp -r "$repo/bindings/python" "$outside/source"
rm -rf "$outside/source/build" "$outside/source"/*.egg-info "$outside/source/navcore/_lib"
if "$venv/bin/python" -m pip install $pip_quiet --no-cache-dir "$outside/source" > "$outside/pip.log" 2>&1; then
  echo "python-from-wheel: pip installed navcore with no library to bundle" >&2; exit 1
fi
grep -q "NAVCORE_WHEEL_LIBRARY" "$outside/pip.log" && grep -q "no Swift toolchain" "$outside/pip.log" || {
  cat "$outside/pip.log"; echo "python-from-wheel: pip failed, but without the backend's message" >&2; exit 1; }
echo "python-from-wheel: pip install without Swift and without a library fails, saying what to do"
