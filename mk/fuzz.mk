# navcore-fuzz: a libFuzzer harness over the C ABI (fuzz/README.md, docs/reliability.md).
# Adds fuzz-replay and fuzz to TESTS.
#
#   make fuzz SECONDS=N   build with libFuzzer + AddressSanitizer (in .build/fuzz) and fuzz for
#                         N seconds (default 60) over a copy of fuzz/corpus in build/fuzz-corpus
#                         (FUZZ_SEED=N fixes libFuzzer's seed, as make test does);
#                         a crash, leak, hang or broken invariant fails with its reproducer in
#                         build/fuzz-artifacts/ (full log: build/fuzz.log)
#   make fuzz-replay      the normal build of navcore-fuzz over fuzz/corpus (a regression test)
#   make fuzz-crashers    replays fuzz/crashers/ (open library bugs: fails while one is open)
#   make fuzz-corpus      regenerates the converted seeds from the scenarios and fuzz/seeds/

SECONDS        ?= 60
FUZZ_SCRATCH   := .build/fuzz
FUZZ_BIN       := $(FUZZ_SCRATCH)/release/navcore-fuzz
FUZZ_CORPUS    := build/fuzz-corpus
FUZZ_ARTIFACTS := build/fuzz-artifacts
FUZZ_LOG       := build/fuzz.log
# -sanitize=fuzzer,address for every Swift module (navcore's own included); lld links libFuzzer.
FUZZ_BUILD     := $(SWIFT) build -c release --product navcore-fuzz --scratch-path $(FUZZ_SCRATCH) \
                  --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld \
                  -Xswiftc -DNAVCORE_FUZZING
# The Swift runtime's crash handler would race ASan's report; LSan checks every input.
FUZZ_ENV       := SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
                  LSAN_OPTIONS=suppressions=$(CURDIR)/fuzz/lsan.supp:print_suppressions=0
# libFuzzer's seed: 0 (the default) draws one from the clock; `make test` fixes it (below), so
# that its short run explores the same inputs first on every machine and a failure reproduces.
FUZZ_SEED      ?= 0
FUZZ_OPTIONS    = -max_total_time=$(SECONDS) -timeout=10 -max_len=2048 -print_final_stats=1 \
                  -seed=$(FUZZ_SEED) -artifact_prefix=$(FUZZ_ARTIFACTS)/

TESTS += fuzz-replay fuzz

# make test's fuzz run (60 s) with a fixed seed; `make fuzz` alone explores afresh each time.
test: FUZZ_SEED := 1

.PHONY: fuzz fuzz-build fuzz-replay fuzz-crashers fuzz-corpus

fuzz-build: setup
	$(FUZZ_BUILD)

## fuzz: libFuzzer for $(SECONDS) s; prints libFuzzer's final stats.
fuzz: fuzz-build
	@rm -rf $(FUZZ_CORPUS) && mkdir -p $(FUZZ_CORPUS) $(FUZZ_ARTIFACTS)
	@cp fuzz/corpus/* $(FUZZ_CORPUS)/
	@echo "fuzz: $(SECONDS) s over $(FUZZ_CORPUS) ($$(ls $(FUZZ_CORPUS) | wc -l) seeds), log in $(FUZZ_LOG)"
	@status=0; $(FUZZ_ENV) $(FUZZ_BIN) $(FUZZ_OPTIONS) $(FUZZ_CORPUS) > $(FUZZ_LOG) 2>&1 || status=$$?; \
	  grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::|^Done ' $(FUZZ_LOG); \
	  if [ $$status -ne 0 ]; then \
	    grep -E 'INVARIANT VIOLATION|ERROR: |SUMMARY: |Test unit written|^MS: ' $(FUZZ_LOG) | head -20; \
	    echo "fuzz: FAILED (libFuzzer exit $$status). Replay: .build/debug/navcore-fuzz -v $(FUZZ_ARTIFACTS)/<file>"; \
	    exit 1; \
	  fi; \
	  echo "fuzz: no crash, leak, hang or broken invariant in $(SECONDS) s (corpus now $$(ls $(FUZZ_CORPUS) | wc -l) inputs)"

## fuzz-replay: every seed and fixed crasher, through the normal build.
fuzz-replay: build
	.build/debug/navcore-fuzz fuzz/corpus

fuzz-crashers: build
	@if ls fuzz/crashers/*.bin >/dev/null 2>&1; then .build/debug/navcore-fuzz fuzz/crashers; \
	  else echo "fuzz-crashers: no open crasher"; fi

fuzz-corpus:
	python3 fuzz/nav2bytes.py fuzz/corpus --prefix shared- $(SPEC_DIR)/scenarios
	python3 fuzz/nav2bytes.py fuzz/corpus --prefix project- Tests/Scenarios
	python3 fuzz/nav2bytes.py fuzz/corpus --prefix seed- fuzz/seeds
