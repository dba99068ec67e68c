# make stress: the long stress runs (docs/reliability.md). Not part of make
# test, which runs the same programs short (test-swift, test-tsan, test-asan, test-tsan-c,
# test-hostile).
#
#   make stress [STRESS_OPS=100000] [STRESS_SEED=N] [STRESS_TIMEOUT=SECONDS]
#
# stress-swift  Tests/NavCoreTests/ConcurrencyStressTests.swift in release mode: 8 threads x
#               STRESS_OPS ops on one navigator, both dispatch modes, then the destroy runs
#               (half the ops, destroyed in the last quarter by an asking thread, the finisher
#               or a run block)
# stress-c      bindings/c/tests/stress.c through the shipped library: the same load through
#               the C ABI, four runs per dispatch mode
# stress-rss-c  bindings/c/tests/rss.c: RSS_CYCLES navigator lifetimes with every callback
#               kind; the RSS may grow by RSS_BOUND_KB at most after the first tenth
# stress-python bindings/python/tests/stress_hostile.py for PY_STRESS_LONG cycles (200,000):
#               listeners of every kind, GC pressure with dropped cyclic navigators, exceptions
#               injected at trampoline entry; fails if RSS grows more than PY_STRESS_BOUND_MB
#               after the warm-up (make test runs it for 3,000 cycles, mk/python.mk)
#
# Each test or run has a watchdog of STRESS_TIMEOUT seconds that fails it (a deadlock). The
# seed (default: the time) is printed; STRESS_SEED=N repeats a run's choices (the threads'
# interleaving is the scheduler's). The release test build has its own scratch path, so that
# it does not relink .build/release/libnavcore.so without the flags of `make lib`.

STRESS_OPS     ?= 100000
STRESS_SEED    ?= $(shell date +%s)
STRESS_TIMEOUT ?= 900
STRESS_SCRATCH := .build/stress
RSS_CYCLES     ?= 1000000
RSS_BOUND_KB   ?= 2048

PY_STRESS_LONG     ?= 200000
PY_STRESS_BOUND_MB ?= 4

.PHONY: stress stress-swift stress-c stress-rss-c stress-python

## stress: the long runs; prints each one's figures and time.
stress: stress-swift stress-c stress-rss-c stress-python
	@echo "make stress: all passed (seed $(STRESS_SEED), $(STRESS_OPS) ops per thread)"

stress-swift: setup
	$(SWIFT) build -c release --build-tests --scratch-path $(STRESS_SCRATCH)
	@start=$$(date +%s); \
	  $(RUN_STEP) stress-swift build/stress-swift.log env NAVCORE_STRESS_OPS=$(STRESS_OPS) \
	    NAVCORE_STRESS_SEED=$(STRESS_SEED) NAVCORE_STRESS_TIMEOUT=$(STRESS_TIMEOUT) \
	    $(SWIFT) test -c release --skip-build --scratch-path $(STRESS_SCRATCH) --filter ConcurrencyStressTests || exit 1; \
	  grep -E '^stress |✔|✘' build/stress-swift.log; \
	  echo "stress-swift: passed in $$(( $$(date +%s) - start )) s (log: build/stress-swift.log)"

stress-c: lib $(C_STRESS)
	@start=$$(date +%s); \
	  $(C_STRESS) --ops $(STRESS_OPS) --seed $(STRESS_SEED) --timeout $(STRESS_TIMEOUT); \
	  status=$$?; echo "stress-c: $$([ $$status = 0 ] && echo passed || echo FAILED) in $$(( $$(date +%s) - start )) s"; \
	  exit $$status

stress-rss-c: lib $(C_RSS)
	$(C_RSS) --cycles $(RSS_CYCLES) --bound-kb $(RSS_BOUND_KB)

stress-python: lib $(PY_STAMP)
	NAVCORE_LIBRARY=$(PY_LIBRARY) $(PY_VENV)/bin/python $(PY_STRESS) --cycles $(PY_STRESS_LONG) \
	  --bound-mb $(PY_STRESS_BOUND_MB) --seed $(STRESS_SEED) --timeout $(STRESS_TIMEOUT)
