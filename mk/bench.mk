# make bench: the cost of navcore per op through C, Swift and Python against the hand-written
# floor. docs/performance.md explains the workloads, the floors and the results;
# docs/decisions/0001-performance-targets.md how the targets are set and judged.
# Adds bench-smoke, test-restore-cost, test-teardown-cost and test-atomics to TESTS.
#
#   make bench         release builds (the library, navcore-bench, the C programs in build/bench,
#                      the venv, the firmware of `make mcu`, navcore.wasm), then bench/run.py: every
#                      workload 5 times (medians), callgrind for W1 and W5, W12's sizes on the
#                      microcontroller (one QEMU run of each firmware image), navcore.wasm's size
#                      and what it is made of, the ratios and target verdicts; prints the table
#                      and writes build/bench.json. A missed target is reported, not an error.
#                      < 10 minutes.
#   make bench-smoke   the same programs once each at a tiny size: each must run and its own
#                      checks (W3's FIFO order and count, W4's arrivals, the callback counts)
#                      must hold; no timing threshold. Writes build/bench-smoke.json.
#   make test-restore-cost  restore is linear in the document: callgrind's instructions per
#                      byte of a 1 MB all-escapes restore (W10's program) at most 1.25x those
#                      of a 64 KB one (scripts/check-restore-cost.py). A count, not a time.
#   make test-teardown-cost  a teardown is independent of the ops left queued: callgrind's
#                      instructions of a leave with 100,000 ops waiting on another member at most
#                      1.25x those with 1,000 (scripts/check-teardown-cost.py). A count, not a time.
#   make test-atomics  navcore's lock takes no atomic instruction while the process has one
#                      thread, and the counter of atomic instructions that make bench reports
#                      (bench/atomics.py) counts right: callgrind's W1 alone and with a second
#                      thread, and the floor (scripts/check-atomics.py). A count, not a time.
#
# Every C program is built by gcc -O2 against build/lib/libnavcore.so (bench/*.c); the floor and
# its locked variant are the same file. W9's GTK program (bench/w9_gtk.c) is built like the GTK
# example, against the tree installed under build/install, with libadwaita (adwaita-setup), and
# runs under Xvfb; its Textual side (bench/python/w9_textual.py) runs in the venv, which has
# Textual. bench/run.py is Python standard library only.

BENCH_DIR     := build/bench
BENCH_CFLAGS  := -std=c11 -Wall -Wextra -Werror -O2 -g -D_POSIX_C_SOURCE=200809L -Iinclude
BENCH_COMMON  := bench/bench.h bench/listeners.c include/navcore.h
BENCH_SWIFT   := .build/release/navcore-bench
BENCH_C       := $(BENCH_DIR)/w1 $(BENCH_DIR)/floor $(BENCH_DIR)/floor_locked $(BENCH_DIR)/w3 $(BENCH_DIR)/w4 \
                 $(BENCH_DIR)/w7 $(BENCH_DIR)/libpyfloor.so $(BENCH_DIR)/w8 $(BENCH_DIR)/libw8trivial.so \
                 $(BENCH_DIR)/w10 $(BENCH_DIR)/w11 $(BENCH_DIR)/w9_gtk $(BENCH_DIR)/teardown_cost

TESTS += bench-smoke test-restore-cost test-teardown-cost test-atomics

.PHONY: bench bench-smoke bench-build bench-swift bench-c test-restore-cost test-teardown-cost test-atomics

## bench: build everything in release, then run every workload and report.
bench: bench-build
	$(PYTHON) bench/run.py

## bench-smoke: each workload once, tiny sizes; checks that each ran, no timing verdict.
bench-smoke: bench-build
	$(PYTHON) bench/run.py --smoke

bench-build: lib bench-swift bench-c $(PY_GUARD) $(PY_STAMP) mcu wasm

## test-restore-cost: restoring a 1 MB all-escapes document costs no more instructions per byte
## than a 64 KB one (within 1.25x).
test-restore-cost: setup lib $(BENCH_DIR)/w10
	$(PYTHON) scripts/check-restore-cost.py $(BENCH_DIR)/w10

## test-teardown-cost: a leave costs the same instructions (within 1.25x) with 100,000 ops
## queued on another member as with 1,000.
test-teardown-cost: setup lib $(BENCH_DIR)/teardown_cost
	$(PYTHON) scripts/check-teardown-cost.py $(BENCH_DIR)/teardown_cost

## test-atomics: navcore's lock takes no atomic instruction while the process has one thread
## (and the counter make bench reports them with is right).
test-atomics: setup lib $(BENCH_DIR)/w1 $(BENCH_DIR)/floor
	$(PYTHON) scripts/check-atomics.py $(BENCH_DIR)

bench-swift: setup
	$(SWIFT) build -c release --product navcore-bench

bench-c: $(BENCH_C)

$(BENCH_DIR)/w1: bench/w1.c bench/w1_driver.h $(BENCH_COMMON) | lib
	$(call c-program,$(C_CC) $(BENCH_CFLAGS) -pthread,bench/w1.c bench/listeners.c,$(C_LINK_LIB))

# The floor links no navcore: it is its own implementation of the calls the loop makes.
$(BENCH_DIR)/floor: bench/floor.c bench/w1_driver.h $(BENCH_COMMON)
	$(call c-program,$(C_CC) $(BENCH_CFLAGS) -pthread,bench/floor.c bench/listeners.c,)

$(BENCH_DIR)/floor_locked: bench/floor.c bench/w1_driver.h $(BENCH_COMMON)
	$(call c-program,$(C_CC) $(BENCH_CFLAGS) -DFLOOR_LOCKED -pthread,bench/floor.c bench/listeners.c,)

$(BENCH_DIR)/w3: bench/w3.c $(BENCH_COMMON) | lib
	$(call c-program,$(C_CC) $(BENCH_CFLAGS),bench/w3.c bench/listeners.c,$(C_LINK_LIB))

$(BENCH_DIR)/w4: bench/w4.c $(BENCH_COMMON) | lib
	$(call c-program,$(C_CC) $(BENCH_CFLAGS) -pthread,bench/w4.c bench/listeners.c,$(C_LINK_LIB))

$(BENCH_DIR)/w7: bench/w7.c $(BENCH_COMMON) | lib
	$(call c-program,$(C_CC) $(BENCH_CFLAGS),bench/w7.c bench/listeners.c,$(C_LINK_LIB))

$(BENCH_DIR)/w10: bench/w10.c $(BENCH_COMMON) | lib
	$(call c-program,$(C_CC) $(BENCH_CFLAGS),bench/w10.c bench/listeners.c,$(C_LINK_LIB))

$(BENCH_DIR)/w11: bench/w11.c $(BENCH_COMMON) | lib
	$(call c-program,$(C_CC) $(BENCH_CFLAGS),bench/w11.c bench/listeners.c,$(C_LINK_LIB))

$(BENCH_DIR)/teardown_cost: bench/teardown_cost.c include/navcore.h | lib
	$(call c-program,$(C_CC) $(BENCH_CFLAGS),bench/teardown_cost.c,$(C_LINK_LIB))

# W6's floor: the no-op C side of bench/python/floor.py.
$(BENCH_DIR)/libpyfloor.so: bench/pyfloor.c include/navcore.h
	$(call c-program,$(C_CC) $(BENCH_CFLAGS) -shared -fPIC,bench/pyfloor.c,)

# W8 (cold start): w8 dlopens the library itself (it links no navcore); its floor library is
# bench/w8_trivial.c.
$(BENCH_DIR)/w8: bench/w8.c include/navcore.h
	$(call c-program,$(C_CC) $(BENCH_CFLAGS),bench/w8.c,-ldl)

$(BENCH_DIR)/libw8trivial.so: bench/w8_trivial.c
	$(call c-program,$(C_CC) $(BENCH_CFLAGS) -shared -fPIC,$<,)

# W9 (GTK): built like the GTK example, against the tree installed under build/install (gtk.mk's
# gtk-program), with libadwaita for its AdwLeaflet; run under Xvfb by bench/run.py.
$(BENCH_DIR)/w9_gtk: bench/w9_gtk.c $(GTK_INSTALLED) | lib helpers adwaita-setup
	$(call gtk-program,$<,-O2,libadwaita-1)
