"""W8 of `make bench` through Python: the cold start of a new interpreter that imports navcore
and makes its first push. bench/run.py starts it afresh for each sample and times the process;
inside, it times ``import navcore`` and then the first navigator (create, push, close).

Its floor (``--trivial LIBRARY``) imports ctypes and calls bench/w8_trivial.c's library instead.

Usage: python w8.py | python w8.py --trivial LIBRARY; prints one JSON line.
"""

import sys
import time

start = time.perf_counter_ns()
if len(sys.argv) == 3 and sys.argv[1] == "--trivial":
    import ctypes

    imported = time.perf_counter_ns()
    ok = ctypes.CDLL(sys.argv[2]).w8_trivial() == 42
else:
    import navcore

    imported = time.perf_counter_ns()
    with navcore.Navigator() as nav:
        nav.push(object())
        ok = len(nav.stack) == 1
end = time.perf_counter_ns()
print(f'{{"ok": {"true" if ok else "false"}, "ns_in_process": {end - start}, "ns_import": {imported - start}}}')
